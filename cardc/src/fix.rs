//! Applying fixes: the machine-applicable suggestions of a check, as edits to the files.
//!
//! [`plan`] picks the fixes to apply from a list of diagnostics (every machine-applicable
//! one whose edits overlap no edit already picked, in diagnostic order), [`apply`] applies
//! edits to one file's text, and [`fix_paths`] is `cardc check --fix`: check, apply, write
//! each changed file atomically, check again, until no fix applies.
//!
//! ```
//! use cardc::ast::Span;
//! use cardc::diagnostics::Edit;
//! let edits = [
//!     Edit { file: 0, span: Span::new(0, 6), replacement: "trait".into() },
//!     Edit { file: 0, span: Span::new(10, 11), replacement: String::new() },
//! ];
//! assert_eq!(cardc::fix::apply("traits tie, droid", &edits), "trait tie droid");
//! ```

use std::collections::{BTreeMap, BTreeSet};
use std::io;
use std::path::{Path, PathBuf};

use crate::ast::{FileId, Span};
use crate::diagnostics::{Diagnostic, Edit, Fix};

/// How many rounds of check-and-fix `cardc check --fix` runs at most: a fix can make
/// another mistake visible (a lint that runs only once the errors are gone).
pub const MAX_ROUNDS: usize = 10;

/// Whether two edits of one file touch: their bytes intersect, or one inserts inside or at
/// an end of the other (the order of the two would then be a guess).
fn overlaps(a: Span, b: Span) -> bool {
    (a.start < b.end && b.start < a.end) || ((a.is_empty() || b.is_empty()) && a.start <= b.end && b.start <= a.end)
}

/// The machine-applicable fixes of `diagnostics` that can be applied together: in
/// diagnostic order, each fix whose edits overlap no edit of a fix taken before it (and
/// not each other).
pub fn plan<'d>(diagnostics: impl IntoIterator<Item = &'d Diagnostic>) -> Vec<&'d Fix> {
    let mut taken: Vec<&Fix> = Vec::new();
    let mut edits: Vec<&Edit> = Vec::new();
    for fix in diagnostics.into_iter().flat_map(|d| d.fixes.iter()).filter(|f| f.is_machine_applicable()) {
        let clashes = |e: &Edit, others: &[&Edit]| others.iter().any(|o| o.file == e.file && overlaps(o.span, e.span));
        let inner = fix.edits.iter().enumerate().any(|(i, e)| {
            let before: Vec<&Edit> = fix.edits[..i].iter().collect();
            clashes(e, &before)
        });
        if fix.edits.is_empty() || inner || fix.edits.iter().any(|e| clashes(e, &edits)) {
            continue;
        }
        edits.extend(&fix.edits);
        taken.push(fix);
    }
    taken
}

/// The edits of `fixes`, by file, each file's sorted by position.
pub fn edits_by_file<'f>(fixes: &[&'f Fix]) -> BTreeMap<FileId, Vec<&'f Edit>> {
    let mut out: BTreeMap<FileId, Vec<&Edit>> = BTreeMap::new();
    for e in fixes.iter().flat_map(|f| &f.edits) {
        out.entry(e.file).or_default().push(e);
    }
    for list in out.values_mut() {
        list.sort_by_key(|e| (e.span.start, e.span.end));
    }
    out
}

/// `text` with `edits` applied, from the back to the front so each span still points at
/// the text it was computed on. An edit that overlaps one already applied, or whose span
/// is not on character boundaries of `text`, is skipped: a file is never corrupted.
pub fn apply<'e>(text: &str, edits: impl IntoIterator<Item = &'e Edit>) -> String {
    let mut sorted: Vec<&Edit> = edits.into_iter().collect();
    sorted.sort_by_key(|e| (std::cmp::Reverse(e.span.start), std::cmp::Reverse(e.span.end)));
    let mut out = text.to_string();
    let mut applied: Vec<Span> = Vec::new();
    for e in sorted {
        let ok = e.span.start <= e.span.end
            && text.is_char_boundary(e.span.start as usize)
            && text.is_char_boundary(e.span.end as usize)
            && e.span.end as usize <= text.len()
            && !applied.iter().any(|a| overlaps(*a, e.span));
        if ok {
            out.replace_range(e.span.range(), &e.replacement);
            applied.push(e.span);
        }
    }
    out
}

/// What `cardc check --fix` did.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Fixed {
    /// How many fixes were applied, over all rounds.
    pub problems: usize,
    /// The files written.
    pub files: BTreeSet<PathBuf>,
}

impl std::fmt::Display for Fixed {
    /// `fixed 3 problems in 2 files`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let plural = |n: usize, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
        write!(
            f,
            "fixed {} in {}",
            plural(self.problems, "problem", "problems"),
            plural(self.files.len(), "file", "files")
        )
    }
}

/// Checks the sets at `paths`, applies every machine-applicable fix, writes the changed
/// files and checks again, until no fix applies or after [`MAX_ROUNDS`] rounds.
///
/// # Errors
/// When a path cannot be read or a file cannot be written; the files written before
/// stay written (each one whole: a file is written to a temporary file in its folder,
/// then renamed over the old one).
pub fn fix_paths(paths: &[impl AsRef<Path>]) -> io::Result<Fixed> {
    let mut fixed = Fixed::default();
    for _ in 0..MAX_ROUNDS {
        let report = crate::check_paths(paths)?;
        let fixes = plan(report.all_diagnostics());
        if fixes.is_empty() {
            break;
        }
        for (file, edits) in edits_by_file(&fixes) {
            let source = report.sources.file(file);
            let text = apply(&source.text, edits.iter().copied());
            if *text != *source.text {
                crate::format::write_atomic(&source.path, &text)?;
                fixed.files.insert(source.path.clone());
            }
        }
        fixed.problems += fixes.len();
    }
    Ok(fixed)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diagnostics::Applicability;

    fn edit(start: usize, end: usize, with: &str) -> Edit {
        Edit { file: 0, span: Span::new(start, end), replacement: with.into() }
    }

    #[test]
    fn applies_back_to_front() {
        let text = "faction: Rebel Alliance\ntraits tie\n";
        let edits = [edit(9, 23, "rebel-alliance"), edit(24, 30, "trait")];
        assert_eq!(apply(text, &edits), "faction: rebel-alliance\ntrait tie\n");
    }

    #[test]
    fn overlapping_edits_never_corrupt() {
        // The later-starting edit is applied first; the one overlapping it is skipped.
        assert_eq!(apply("abcdef", &[edit(1, 4, "X"), edit(3, 5, "Y")]), "abcYf");
        // Two insertions at one point: only one.
        assert_eq!(apply("ab", &[edit(1, 1, "X"), edit(1, 1, "Y")]), "aXb");
        // Out of bounds or inside a character: skipped.
        assert_eq!(apply("é", &[edit(1, 2, "e"), edit(0, 9, "x")]), "é");
    }

    #[test]
    fn plan_takes_certain_fixes_that_do_not_overlap() {
        let fix = |start, end, with: &str, applicability| Fix {
            message: String::new(),
            edits: vec![edit(start, end, with)],
            applicability,
        };
        let d = |f: Fix| Diagnostic::new(&crate::syntax::E0001, "m").fix(f);
        let ds = [
            d(fix(0, 2, "a", Applicability::MachineApplicable)),
            d(fix(1, 3, "b", Applicability::MachineApplicable)),
            d(fix(5, 6, "c", Applicability::MaybeIncorrect)),
            d(fix(2, 2, "d", Applicability::MachineApplicable)),
            d(fix(3, 4, "e", Applicability::MachineApplicable)),
        ];
        let taken: Vec<&str> = plan(&ds).iter().map(|f| f.edits[0].replacement.as_str()).collect();
        assert_eq!(taken, ["a", "e"]);
    }

    #[test]
    fn summary_counts() {
        let mut f = Fixed { problems: 1, ..Fixed::default() };
        f.files.insert("a".into());
        assert_eq!(f.to_string(), "fixed 1 problem in 1 file");
        f.problems = 3;
        f.files.insert("b".into());
        assert_eq!(f.to_string(), "fixed 3 problems in 2 files");
    }
}
