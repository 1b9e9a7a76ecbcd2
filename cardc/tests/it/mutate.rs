//! Property test: mutated conformance files (lines deleted, duplicated or swapped, the
//! file truncated, random bytes inserted) never make the checker panic, and every
//! diagnostic's span (and each fix's) lies inside its file, on character boundaries.

use crate::common;

use std::path::PathBuf;

use cardc::source::{add_bytes, SetSource};
use cardc::SourceMap;
use proptest::prelude::*;

#[derive(Clone, Debug)]
enum Mutation {
    DeleteLine(usize),
    DuplicateLine(usize),
    SwapLines(usize, usize),
    Truncate(usize),
    Insert(usize, Vec<u8>),
}

fn mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        any::<usize>().prop_map(Mutation::DeleteLine),
        any::<usize>().prop_map(Mutation::DuplicateLine),
        (any::<usize>(), any::<usize>()).prop_map(|(a, b)| Mutation::SwapLines(a, b)),
        any::<usize>().prop_map(Mutation::Truncate),
        (any::<usize>(), prop::collection::vec(any::<u8>(), 1..8)).prop_map(|(p, b)| Mutation::Insert(p, b)),
        // Bytes the grammar cares about.
        (
            any::<usize>(),
            prop::sample::select(vec!["{", "}", "\"", ":", ",", "(", ")", "#", "\n", "\r\n", "not ", "\u{feff}"])
        )
            .prop_map(|(p, s)| Mutation::Insert(p, s.as_bytes().to_vec())),
    ]
}

fn apply(bytes: &[u8], m: &Mutation) -> Vec<u8> {
    let mut lines: Vec<Vec<u8>> = bytes.split_inclusive(|b| *b == b'\n').map(<[u8]>::to_vec).collect();
    let n = lines.len().max(1);
    match m {
        Mutation::DeleteLine(i) if !lines.is_empty() => {
            lines.remove(i % n);
        }
        Mutation::DuplicateLine(i) if !lines.is_empty() => {
            let l = lines[i % n].clone();
            lines.insert(i % n, l);
        }
        Mutation::SwapLines(a, b) if !lines.is_empty() => lines.swap(a % n, b % n),
        Mutation::Truncate(at) => return bytes[..at % (bytes.len() + 1)].to_vec(),
        Mutation::Insert(at, extra) => {
            let at = at % (bytes.len() + 1);
            let mut out = bytes[..at].to_vec();
            out.extend_from_slice(extra);
            out.extend_from_slice(&bytes[at..]);
            return out;
        }
        _ => {}
    }
    lines.concat()
}

fn example_files() -> Vec<Vec<(PathBuf, Vec<u8>)>> {
    let Some(shared) = common::shared() else { return Vec::new() };
    common::example_sets(&shared)
        .into_iter()
        .map(|set| {
            cardc::source::card_files(&set)
                .unwrap()
                .into_iter()
                .map(|p| (p.clone(), std::fs::read(p).unwrap()))
                .collect()
        })
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 192, ..ProptestConfig::default() })]

    #[test]
    fn mutated_sets_never_panic_and_spans_stay_in_their_files(
        set in any::<usize>(),
        file in any::<usize>(),
        mutations in prop::collection::vec(mutation(), 1..6),
    ) {
        let sets = example_files();
        if sets.is_empty() {
            return Ok(());
        }
        let files = &sets[set % sets.len()];
        let target = file % files.len();
        let mut sources = SourceMap::new();
        let mut source = SetSource { dir: "set".into(), files: Vec::new(), diagnostics: Vec::new() };
        for (i, (path, bytes)) in files.iter().enumerate() {
            let bytes = if i == target {
                mutations.iter().fold(bytes.clone(), |b, m| apply(&b, m))
            } else {
                bytes.clone()
            };
            match add_bytes(&mut sources, path.clone(), bytes) {
                Ok(id) => source.files.push(id),
                Err(d) => source.diagnostics.push(d),
            }
        }
        let checked = cardc::check_set(&sources, &source);
        prop_assert_eq!(checked.set.is_some(), checked.errors() == 0);
        for d in &checked.diagnostics {
            prop_assert!(!d.labels.is_empty() || d.path.is_some(), "unlocated: {}", d.message);
            for label in &d.labels {
                let text = &sources.file(label.file).text;
                prop_assert!(label.span.start <= label.span.end);
                prop_assert!((label.span.end as usize) <= text.len(), "{} out of its file", d.code.id);
                prop_assert!(text.is_char_boundary(label.span.start as usize));
                prop_assert!(text.is_char_boundary(label.span.end as usize));
            }
            for edit in d.fixes.iter().flat_map(|f| &f.edits) {
                let text = &sources.file(edit.file).text;
                prop_assert!(edit.span.start <= edit.span.end && (edit.span.end as usize) <= text.len());
                prop_assert!(text.is_char_boundary(edit.span.start as usize));
                prop_assert!(text.is_char_boundary(edit.span.end as usize), "{} fix inside a character", d.code.id);
            }
            let _ = d.render(&sources, cardc::RenderStyle::default());
            let _ = d.to_json(&sources);
        }
    }
}
