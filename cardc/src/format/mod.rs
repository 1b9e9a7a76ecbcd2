//! The formatter: one canonical layout for `.cards` files, used by `cardc fmt`, the
//! importers and the language server.
//!
//! [`format_source`] is a pure function from a file's text to its formatted text; it never
//! changes what a file means, only where its blanks and line breaks are:
//! - items start at the left margin; a card that spans lines is set apart by one blank
//!   line, other items keep a blank line only where they had one (a run of blank lines
//!   becomes one);
//! - a card's fields are two spaces in; fields written on one line stay on one line, two
//!   spaces apart (`attack: 2  agility: 3`), unless the line would pass 120 characters,
//!   when each gets a line of its own; a card written on one line stays on one line when
//!   it holds no `text` block and fits (`part "Hull" { hull: 1 }`), and an empty one is
//!   `{}`;
//! - a value's tokens are one space apart, with `,` and `)` against the token before
//!   them and `(` against the token after it; strings are kept as written;
//! - `text { … }` and `ability "…" { … }` blocks open on a line of their own, with each
//!   line of text trimmed and two spaces further in, blank lines inside kept (one for a
//!   run) and none at either end; the words are never changed or rewrapped;
//! - a vocabulary line is filled up to 120 characters, and what does not fit goes on as
//!   another line with the same keyword (`icon …`), as the docs write long vocabularies;
//!   so is a `kind` line and a `verb` line (`verb heal, push, cast "casts" "cast"`);
//! - `rule id "message":` is followed by its constraint on the next line, two spaces
//!   in; a constraint too long for the width continues with `where …` four spaces in;
//! - comments are kept: a comment on a line of its own stays before what it preceded,
//!   at that thing's indentation; a comment after code stays at the end of that code's
//!   line, two spaces after it;
//! - lines end in `\n`, with no trailing blanks, and the file ends in one line break.
//!
//! Card values cannot be wrapped: the grammar ends a value at the end of its line.
//!
//! The result is a fixed point (`format_source` of it gives it back), and it is checked
//! before it is returned: it must parse, and to the same items, tokens and sentences.

mod print;
mod tree;
pub mod writer;

use std::fmt;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use crate::diagnostics::Diagnostic;
use crate::syntax::grammar::Rule;
use crate::syntax::Reuse;
use tree::{Node, Tree};

/// The width lines are filled to, in characters: the width this repository gives rustfmt,
/// within which the docs' examples already fit (their longest vocabulary line is 109).
pub const MAX_WIDTH: usize = 120;

/// Why a text was not formatted.
#[derive(Clone, Debug)]
pub enum FormatError {
    /// The text does not parse: the parser's diagnostics, whose labels point into file
    /// `0`, the text given. Nothing was formatted.
    Syntax(Vec<Diagnostic>),
    /// The formatter could not lay the text out without changing it (a bug in cardc,
    /// never the file's fault): what went wrong. Nothing was formatted.
    Internal(String),
}

impl fmt::Display for FormatError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FormatError::Syntax(d) => write!(f, "the file does not parse ({} error{})", d.len(), plural(d.len())),
            FormatError::Internal(why) => write!(f, "the formatter cannot lay this file out ({why}); this is a bug"),
        }
    }
}

impl std::error::Error for FormatError {}

fn plural(n: usize) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}

/// Formats one `.cards` file's text in the canonical layout (see the module docs).
///
/// # Errors
/// [`FormatError::Syntax`] with the parser's diagnostics when the text does not parse (a
/// file that declares nothing, or only comments, is formatted all the same);
/// [`FormatError::Internal`] when the result would not read as the text does.
pub fn format_source(text: &str) -> Result<String, FormatError> {
    format_reusing(text, &Reuse::default()).0
}

/// [`format_source`], taking from `last` (what an earlier parse of this document kept,
/// [`crate::syntax::parse_file_reusing`]) every item whose text it holds, syntax tree and
/// concrete tree alike, instead of reading it again. Gives as well what to keep for the
/// next parse: the items of the text and of the result, so that the check that follows
/// the edit reads none of them again. The language server keeps one per document: after
/// an edit, formatting reads only the items the edit changed.
///
/// # Errors
/// As [`format_source`]; the labels of [`FormatError::Syntax`] point into file `0`.
pub fn format_reusing(text: &str, last: &Reuse) -> (Result<String, FormatError>, Reuse) {
    let (_, diagnostics, mut read) = crate::syntax::parse_file_reusing(0, text, last);
    let errors = syntax_errors(&diagnostics);
    if !errors.is_empty() {
        return (Err(FormatError::Syntax(errors)), read);
    }
    let result = format_checked(text, &mut read, last);
    (result, read)
}

/// Formats `text`, which parses: `read` is its parse, and takes the result's items, which
/// are taken from it or from `last`.
fn format_checked(text: &str, read: &mut Reuse, last: &Reuse) -> Result<String, FormatError> {
    let mut tree = Tree::parse(text, read).map_err(FormatError::Internal)?;
    let out = print::Printer::new(text, &mut tree).file().map_err(FormatError::Internal)?;
    let lost = tree.unused_comments();
    if lost > 0 {
        return Err(FormatError::Internal(format!("{lost} comment{} would be lost", plural(lost))));
    }
    // A text formatted already comes back as it is: it parses (above) and reads as itself.
    if out == text {
        return Ok(out);
    }
    let (_, diagnostics, after) = crate::syntax::parse_file_reusing_any(0, &out, &[read, last]);
    if !syntax_errors(&diagnostics).is_empty() {
        return Err(FormatError::Internal("the result does not parse".into()));
    }
    let result = Tree::parse(&out, &after).map_err(FormatError::Internal);
    read.keep(after);
    if fingerprint(&out, &result?) != fingerprint(text, &tree) {
        return Err(FormatError::Internal("the result reads differently".into()));
    }
    Ok(out)
}

/// The parser's diagnostics but for "this file declares nothing", which formatting a file
/// of comments does not mind.
fn syntax_errors(diagnostics: &[Diagnostic]) -> Vec<Diagnostic> {
    diagnostics.iter().filter(|d| d.code.id != crate::syntax::E0005.id).cloned().collect()
}

/// What a file says, blanks aside: per item its rule and tokens, a block's text as its
/// sentences with blanks collapsed, and a vocabulary line as one entry per entry (so a
/// long line split in two reads the same).
fn fingerprint(text: &str, tree: &Tree) -> Vec<String> {
    let mut out = Vec::new();
    for item in &tree.items {
        if matches!(item.rule, Rule::vocab_decl | Rule::kind_decl | Rule::verb_decl) {
            let kind = &text[item.children[0].start..item.children[0].end];
            for entry in &item.children[1..] {
                out.push(format!("vocab {kind} {}", tokens(text, entry)));
            }
        } else {
            out.push(format!("{:?} {}", item.rule, tokens(text, item)));
        }
    }
    out
}

fn tokens(text: &str, node: &Node) -> String {
    let leaf = |l: &Node| {
        let s = &text[l.start..l.end];
        match l.rule {
            Rule::raw_text => crate::syntax::sentences::split(s)
                .into_iter()
                .map(|(a, b)| s[a..b].split_whitespace().collect::<Vec<_>>().join(" "))
                .collect::<Vec<_>>()
                .join("\u{1e}"),
            _ => l.words.clone().unwrap_or_else(|| s.to_string()),
        }
    };
    node.leaves().into_iter().map(|l| format!("{:?}={}", l.rule, leaf(l))).collect::<Vec<_>>().join("\u{1f}")
}

/// The `.cards` files a path names: the file itself, or the `.cards` files of the set
/// folder, or of each set folder in a folder of sets (as `cardc check` finds sets),
/// sorted.
///
/// # Errors
/// An [`io::Error`] when the path or a folder cannot be read; `Ok(Err(diagnostic))` when
/// a folder holds no `.cards` file (the diagnostic `cardc check` gives).
pub fn files_at(path: &Path) -> io::Result<Result<Vec<PathBuf>, Diagnostic>> {
    let meta = std::fs::metadata(path).map_err(|e| io::Error::new(e.kind(), format!("{}: {e}", path.display())))?;
    if !meta.is_dir() {
        return Ok(Ok(vec![path.to_path_buf()]));
    }
    match crate::source::find_sets(path)? {
        crate::source::Found::Nothing(d) => Ok(Err(d)),
        crate::source::Found::Sets(dirs) => {
            let mut files = Vec::new();
            for dir in dirs {
                files.extend(crate::source::card_files(&dir)?);
            }
            Ok(Ok(files))
        }
    }
}

/// Replaces the file at `path` with `text`, all or nothing: the text goes to a new file
/// beside it, which then takes its place (a rename), so a reader sees the old file or the
/// new one and never half of one. The file keeps its permissions.
///
/// # Errors
/// When the new file cannot be written or renamed; `path` is then left as it was.
pub fn write_atomic(path: &Path, text: &str) -> io::Result<()> {
    let dir = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let name = path.file_name().map_or_else(|| "file".into(), |n| n.to_string_lossy().into_owned());
    let temp = dir.join(format!(".{name}.cardc-fmt-{}.tmp", std::process::id()));
    let result = (|| {
        // One left by a process of the same id that was killed halfway.
        if temp.exists() {
            std::fs::remove_file(&temp)?;
        }
        let mut file = std::fs::OpenOptions::new().write(true).create_new(true).open(&temp)?;
        file.write_all(text.as_bytes())?;
        file.sync_all()?;
        if let Ok(meta) = std::fs::metadata(path) {
            std::fs::set_permissions(&temp, meta.permissions())?;
        }
        std::fs::rename(&temp, path)
    })();
    if result.is_err() {
        let _ = std::fs::remove_file(&temp);
    }
    result.map_err(|e| io::Error::new(e.kind(), format!("{}: {e}", path.display())))
}

/// A unified diff (three lines of context) from `old` to `new`, headed `--- <name>` and
/// `+++ <name>`; empty when they are equal.
pub fn unified_diff(name: &str, old: &str, new: &str) -> String {
    if old == new {
        return String::new();
    }
    similar::TextDiff::from_lines(old, new).unified_diff().context_radius(3).header(name, name).to_string()
}

#[cfg(test)]
mod tests;
