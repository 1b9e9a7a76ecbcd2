//! Rendering: diagnostics made up from the input, over text from the input, rendered as
//! `cardc check` shows them. Nothing may panic, nothing may render as nothing, and without
//! colour the rendering holds no control character but line breaks and tabs, whatever the
//! text, the messages and the spans hold.
//!
//! The checker only ever labels spans inside their file on character boundaries (the
//! `check` target asserts it), so every such span is fair game here, not only the ones a
//! checker happens to produce: that is what makes this target fast and thorough at once.
//! The input is a header and then the text:
//!
//! - byte 0: colour (bit 0), the width (bits 1–3, one of [`WIDTHS`]), a help line (bit 4),
//!   a second file (bit 5: the text splits at its first zero byte), severity as given or
//!   overridden (bits 6–7);
//! - byte 1: the code (an index into `cardc::codes()`) and byte 2 the number of labels
//!   (up to 7);
//! - then per label 7 bytes: start and end (3 bytes each, little-endian, taken modulo the
//!   file's length plus one and moved back to a character boundary) and which file
//!   (bit 0) and whether it has a message (bit 1);
//! - the rest is the text (invalid UTF-8 replaced, as `cardc` shows such a file). The
//!   diagnostic's message, the help, the label messages and the second file's name are
//!   slices of it.

#![no_main]

use std::path::PathBuf;

use cardc::ast::Span;
use cardc::source::SourceFile;
use cardc::{Diagnostic, RenderStyle, Severity, SourceMap};
use libfuzzer_sys::fuzz_target;

/// The widths a rendering is wrapped at: none to speak of, narrow, usual, wide.
const WIDTHS: [usize; 8] = [1, 8, 20, 40, 80, 100, 200, 1000];

/// The byte at `i` of the header, zero past its end.
fn byte(data: &[u8], i: usize) -> u8 {
    data.get(i).copied().unwrap_or(0)
}

/// A 3-byte little-endian number at `i`.
fn number(data: &[u8], i: usize) -> usize {
    (0..3).map(|k| usize::from(byte(data, i + k)) << (8 * k)).sum()
}

/// The offset `n` (modulo the text's length plus one) moved back to a character boundary.
fn offset_in(text: &str, n: usize) -> usize {
    text.floor_char_boundary(n % (text.len() + 1))
}

/// Up to `max` bytes of `text` from offset `n` (see [`offset_in`]), ending on a character
/// boundary.
fn slice(text: &str, n: usize, max: usize) -> &str {
    let start = offset_in(text, n);
    &text[start..text.floor_char_boundary(start.saturating_add(max))]
}

fuzz_target!(|data: &[u8]| {
    let flags = byte(data, 0);
    let labels = usize::from(byte(data, 2) % 8);
    let header = 3 + 7 * labels;
    let text = String::from_utf8_lossy(data.get(header..).unwrap_or_default()).into_owned();
    let (first, second) = match text.split_once('\0') {
        Some((a, b)) if flags & 0x20 != 0 => (a.to_string(), b.to_string()),
        _ => (text.clone(), String::new()),
    };
    let mut sources = SourceMap::new();
    let files = [
        sources.add(SourceFile::new(PathBuf::from("fuzz/input.cards"), first.as_str())),
        // A name from the input too: a file's name is the user's as much as its text.
        sources.add(SourceFile::new(
            PathBuf::from(format!("fuzz/{}", slice(&text, number(data, 3) / 3, 40))),
            second.as_str(),
        )),
    ];
    let codes = cardc::codes();
    let code = codes[usize::from(byte(data, 1)) % codes.len()];
    let mut d = Diagnostic::new(code, slice(&text, number(data, 3), 300));
    for l in 0..labels {
        let at = 3 + 7 * l;
        let which = usize::from(byte(data, at + 6) & 1);
        let file_text = if which == 0 { &first } else { &second };
        let (a, b) = (offset_in(file_text, number(data, at)), offset_in(file_text, number(data, at + 3)));
        let message = if byte(data, at + 6) & 2 != 0 { slice(&text, a, 300) } else { "" };
        d = d.label(files[which], Span::new(a.min(b), a.max(b)), message);
    }
    if flags & 0x10 != 0 {
        d = d.help(slice(&text, number(data, 3) / 2, 300));
    }
    d = match flags >> 6 {
        1 => d.with_severity(Severity::Error),
        2 => d.with_severity(Severity::Warning),
        3 => d.with_severity(Severity::Note),
        _ => d,
    };
    let style = RenderStyle { color: flags & 1 != 0, width: WIDTHS[usize::from((flags >> 1) & 7)] };
    let rendered = d.render(&sources, style);
    assert!(!rendered.is_empty(), "{} rendered as nothing", d.code.id);
    if !style.color {
        if let Some(c) = rendered.chars().find(|c| c.is_control() && *c != '\n' && *c != '\t') {
            panic!("a raw control character {c:?} in the rendering:\n{rendered}");
        }
    }
});
