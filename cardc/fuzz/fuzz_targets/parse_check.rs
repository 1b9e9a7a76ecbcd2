//! Parse and check arbitrary bytes as one file of a set, beside a fixed `game.cards` (the
//! synthetic game's vocabulary, so that cards in the input reach the checks). Nothing may
//! panic, and every label of every diagnostic must lie within its file's text and on
//! character boundaries, since rendering slices the text there.
//!
//! Run from `cardc/`, seeded with the conformance sets (libFuzzer writes new inputs to the
//! first folder, which must exist):
//!
//! ```text
//! mkdir -p fuzz/corpus/parse_check
//! cargo +nightly fuzz run parse_check fuzz/corpus/parse_check ../cards/*
//! ```

#![no_main]

use std::path::PathBuf;
use std::sync::LazyLock;

use cardc::source::{add_bytes, SetSource, SourceFile, SourceMap};
use libfuzzer_sys::fuzz_target;

static GAME: LazyLock<String> = LazyLock::new(|| cardc::synth::generate(0).swap_remove(0).1);

fuzz_target!(|data: &[u8]| {
    let mut sources = SourceMap::new();
    let mut set = SetSource { dir: PathBuf::from("fuzz"), files: Vec::new(), diagnostics: Vec::new() };
    set.files.push(sources.add(SourceFile::new(PathBuf::from("fuzz/game.cards"), GAME.as_str())));
    // Not UTF-8: the file is still added (with its lossy text) and the diagnostic says where.
    match add_bytes(&mut sources, PathBuf::from("fuzz/input.cards"), data.to_vec()) {
        Ok(id) => set.files.push(id),
        Err(d) => set.diagnostics.push(d),
    }
    let checked = cardc::check_set(&sources, &set);
    for d in &checked.diagnostics {
        for label in &d.labels {
            let text = &sources.file(label.file).text;
            let (start, end) = (label.span.start as usize, label.span.end as usize);
            assert!(
                start <= end && end <= text.len(),
                "{} label {start}..{end} outside a text of {} bytes",
                d.code.id,
                text.len()
            );
            assert!(
                text.is_char_boundary(start) && text.is_char_boundary(end),
                "{} label {start}..{end} is not on character boundaries",
                d.code.id
            );
        }
        let _ = d.render(&sources, Default::default());
    }
});
