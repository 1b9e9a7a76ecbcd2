//! Between the compiler's terms and the protocol's: byte offsets and LSP positions (lines
//! and UTF-16 columns), paths and `file:` URIs, diagnostics.

use std::path::{Path, PathBuf};

use lsp_types::{
    CodeDescription, DiagnosticRelatedInformation, DiagnosticSeverity, Location, NumberOrString, Position, Range, Url,
};

use crate::ast::Span;
use crate::diagnostics::{Diagnostic, Severity};
use crate::source::{SourceFile, SourceMap};

/// The LSP position of byte `offset` in `text` (clamped to the text, and to a character
/// boundary before it).
pub fn position(text: &str, offset: usize) -> Position {
    let offset = crate::diagnostics::char_prefix(text, offset);
    let before = &text[..offset];
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    let line = before.bytes().filter(|b| *b == b'\n').count();
    let character: usize = before[line_start..].chars().map(char::len_utf16).sum();
    Position { line: line as u32, character: character as u32 }
}

/// The byte offset of an LSP position in `text`: past the end of a line is its end, past
/// the last line is the end of the text.
pub fn offset(text: &str, position: Position) -> usize {
    let mut line_start = 0;
    for _ in 0..position.line {
        match text[line_start..].find('\n') {
            Some(i) => line_start += i + 1,
            None => return text.len(),
        }
    }
    let line_end = text[line_start..].find('\n').map_or(text.len(), |i| line_start + i);
    let mut units = 0;
    for (i, c) in text[line_start..line_end].char_indices() {
        if units >= position.character as usize {
            return line_start + i;
        }
        units += c.len_utf16();
    }
    line_end
}

/// The LSP range of a span.
pub fn range(text: &str, span: Span) -> Range {
    Range { start: position(text, span.start as usize), end: position(text, span.end as usize) }
}

/// [`position`] in a source file, found through its line index: the cost is the length
/// of the offset's line, not of the text before it, so converting every diagnostic of a
/// file with many is linear.
pub fn position_in(file: &SourceFile, offset: usize) -> Position {
    let text = &*file.text;
    let offset = crate::diagnostics::char_prefix(text, offset);
    let line = file.line_of(offset);
    let character: usize = text[file.line_start(line)..offset].chars().map(char::len_utf16).sum();
    Position { line: line as u32, character: character as u32 }
}

/// [`range`] in a source file, through its line index (see [`position_in`]).
pub fn range_in(file: &SourceFile, span: Span) -> Range {
    Range { start: position_in(file, span.start as usize), end: position_in(file, span.end as usize) }
}

/// The `file:` URI of a path.
pub fn url(path: &Path) -> Option<Url> {
    Url::from_file_path(path).ok()
}

/// The path of a `file:` URI; `None` for any other scheme (an unsaved `untitled:` buffer).
pub fn path(url: &Url) -> Option<PathBuf> {
    (url.scheme() == "file").then(|| url.to_file_path().ok()).flatten()
}

/// A compiler diagnostic as an LSP one, for the file its primary label is in: the help
/// follows the message, secondary labels become related information, the code links to
/// its explanation.
pub fn diagnostic(d: &Diagnostic, sources: &SourceMap) -> Option<(PathBuf, lsp_types::Diagnostic)> {
    let primary = d.primary()?;
    let file = sources.file(primary.file);
    let mut message = d.message.clone();
    if !primary.message.is_empty() {
        message = format!("{message}\n{}", primary.message);
    }
    if let Some(help) = &d.help {
        message = format!("{message}\nhelp: {help}");
    }
    let related: Vec<DiagnosticRelatedInformation> = d.labels[1..]
        .iter()
        .filter_map(|l| {
            let other = sources.file(l.file);
            Some(DiagnosticRelatedInformation {
                location: Location { uri: url(&other.path)?, range: range_in(other, l.span) },
                message: if l.message.is_empty() { "here".to_string() } else { l.message.clone() },
            })
        })
        .collect();
    let out = lsp_types::Diagnostic {
        range: range_in(file, primary.span),
        severity: Some(match d.severity {
            Severity::Error => DiagnosticSeverity::ERROR,
            Severity::Warning => DiagnosticSeverity::WARNING,
            Severity::Note => DiagnosticSeverity::INFORMATION,
        }),
        code: Some(NumberOrString::String(d.code.id.to_string())),
        code_description: super::explain::url(d.code).map(|href| CodeDescription { href }),
        source: Some("cardc".to_string()),
        message,
        related_information: (!related.is_empty()).then_some(related),
        ..Default::default()
    };
    Some((file.path.clone(), out))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_count_utf16_units() {
        let text = "ab\n“x” 𝔸y\nz";
        assert_eq!(position(text, 0), Position { line: 0, character: 0 });
        assert_eq!(position(text, 3), Position { line: 1, character: 0 });
        // `“` is one UTF-16 unit and three bytes; `𝔸` is two units and four bytes.
        let y = text.find('y').unwrap_or_default();
        assert_eq!(position(text, y), Position { line: 1, character: 6 });
        assert_eq!(offset(text, Position { line: 1, character: 6 }), y);
        // Past the end of a line is its end; past the last line, the end of the text.
        assert_eq!(offset(text, Position { line: 0, character: 99 }), 2);
        assert_eq!(offset(text, Position { line: 9, character: 0 }), text.len());
        // Inside a character: the boundary before it.
        assert_eq!(position(text, 4), Position { line: 1, character: 0 });
    }

    #[test]
    fn the_line_index_gives_the_positions_a_scan_gives() {
        let text = "ab\n“x” 𝔸y\r\n\n\rz\u{2028}w\n";
        let file = SourceFile::new(PathBuf::from("a.cards"), text);
        // Every byte offset, inside characters and past the end included.
        for offset in 0..text.len() + 3 {
            assert_eq!(position_in(&file, offset), position(text, offset), "at {offset}");
        }
        let span = Span::new(3, text.len());
        assert_eq!(range_in(&file, span), range(text, span));
    }
}
