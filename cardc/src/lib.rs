//! cardc: a compiler for plain-text card sets.
//!
//! A card set is a folder of `.cards` files: `game.cards` declares the game's vocabulary
//! (factions, sizes, icons, stats…) and its fleet rules, the other files hold the cards.
//! cardc parses the files, resolves every name and checks the set, reporting every
//! problem at once with rustc-style diagnostics, and builds the set's runtime model
//! ([`cards_runtime::Set`]).
//!
//! ```no_run
//! let report = cardc::check_paths(&["cards"]).expect("the folder can be read");
//! for set in &report.sets {
//!     for d in &set.diagnostics {
//!         eprint!("{}", d.render(&report.sources, Default::default()));
//!     }
//! }
//! assert_eq!(report.errors(), 0);
//! ```
//!
//! The compiler is a pipeline of passes, one folder each, run in a fixed order (see
//! [`check`]): [`syntax`] parses the files into the [`ast`], [`resolve`] collects what the
//! set declares and looks names up, [`check`] reports every mistake, [`lower`] builds the
//! runtime model from the checked tree, and [`emit`] writes the model as Rust. [`text`]
//! reads ability sentences into frames for the checks and the lowering.

#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod ast;
pub mod check;
pub mod config;
pub mod diagnostics;
pub mod emit;
pub mod fix;
pub mod format;
pub mod import;
pub mod lower;
#[cfg(feature = "lsp")]
pub mod lsp;
pub mod output;
pub mod resolve;
pub mod source;
pub mod syntax;
#[cfg(any(test, feature = "synth"))]
pub mod synth;
pub mod text;
#[cfg(feature = "watch")]
pub mod watch;

use std::io;
use std::path::Path;

pub use check::{check_set, Checked};
pub use config::{compile, generate, Config, Error};
pub use diagnostics::{Code, Diagnostic, RenderStyle, Severity};
pub use source::SourceMap;

/// Every diagnostic code cardc reports, errors, warnings, then notes, each in number
/// order: the one list of them. The lints
/// (warnings and notes, which `allow`, `warn` and `deny` name) are those that are not
/// errors; a test compares the README's table of codes with it.
pub static CODES: &[&Code] = &[
    &syntax::E0001,
    &syntax::chunk::E0002,
    &syntax::chunk::E0003,
    &source::E0004,
    &syntax::E0005,
    &source::E0006,
    &syntax::restriction::E0007,
    &syntax::restriction::E0008,
    &source::E0009,
    &resolve::E0101,
    &resolve::E0102,
    &resolve::E0103,
    &resolve::E0104,
    &resolve::E0105,
    &resolve::E0106,
    &resolve::E0107,
    &resolve::E0108,
    &check::cards::E0201,
    &check::cards::E0202,
    &check::values::E0203,
    &check::cards::E0204,
    &check::game::E0205,
    &check::game::E0206,
    &check::game::E0207,
    &check::game::E0208,
    &check::cards::E0209,
    &check::identifiers::E0301,
    &check::abilities::E0401,
    &check::abilities::E0402,
    &check::abilities::E0403,
    &check::abilities::E0404,
    &check::unequippable_upgrade::W0001,
    &check::unused_icon::W0002,
    &check::abilities::W0003,
    &check::abilities::W0004,
    &check::abilities::W0005,
    &check::abilities::W0006,
    &check::spend_without_resource::W0007,
    &check::abilities::N0001,
    &check::abilities::N0002,
    &check::round_trip::N0003,
];

/// Every diagnostic code cardc reports, sorted by id.
pub fn codes() -> Vec<&'static Code> {
    let mut all = CODES.to_vec();
    all.sort_by_key(|c| c.id);
    all
}

/// The lints: the codes `allow`, `warn` and `deny` can name (every one that is not an
/// error).
pub fn lints() -> Vec<&'static Code> {
    CODES.iter().copied().filter(|c| c.severity != Severity::Error).collect()
}

/// The code with this id (case-insensitive).
pub fn code(id: &str) -> Option<&'static Code> {
    codes().into_iter().find(|c| c.id.eq_ignore_ascii_case(id))
}

/// Everything one run of `cardc check` found.
#[derive(Debug, Default)]
pub struct Report {
    /// Every file read.
    pub sources: SourceMap,
    /// Each set checked, in the order found.
    pub sets: Vec<Checked>,
    /// Diagnostics about the paths themselves (a folder with no `.cards` file).
    pub diagnostics: Vec<Diagnostic>,
    /// The single `.cards` files checked alone, as given (empty when only folders were
    /// given, or the folders of their sets were given too).
    pub files: Vec<std::path::PathBuf>,
    /// Diagnostics about other files of a set checked only for some of its files: left
    /// out of [`Report::all_diagnostics`], counted in the summary.
    pub elsewhere: Vec<Diagnostic>,
}

impl Report {
    /// All diagnostics, path-level first, then set by set.
    pub fn all_diagnostics(&self) -> impl Iterator<Item = &Diagnostic> {
        self.diagnostics.iter().chain(self.sets.iter().flat_map(|s| &s.diagnostics))
    }

    /// Number of errors.
    pub fn errors(&self) -> usize {
        self.all_diagnostics().filter(|d| d.is_error()).count()
    }

    /// Number of warnings.
    pub fn warnings(&self) -> usize {
        self.all_diagnostics().filter(|d| d.severity == Severity::Warning).count()
    }

    /// Number of notes.
    pub fn notes(&self) -> usize {
        self.all_diagnostics().filter(|d| d.severity == Severity::Note).count()
    }

    /// Number of cards over all sets.
    pub fn cards(&self) -> usize {
        self.sets.iter().map(|s| s.cards).sum()
    }
}

/// Finds, reads and checks the sets at each path: a set folder, a folder of sets, or a
/// `.cards` file.
///
/// A file is checked as part of its set (see [`source::set_dir`]) and only the diagnostics
/// about it are kept: those with a label in the file, and those about the whole set that
/// have no file (a set without a `game` declaration). The others go to
/// [`Report::elsewhere`]. A set is checked once however many of its files are given, and
/// whole when its folder is given too.
///
/// # Errors
/// When a path or file cannot be read, a file is not a `.cards` file, or a file is not
/// directly in the folder of the set it belongs to. Problems in the files are diagnostics in the
/// report, not errors.
pub fn check_paths(paths: &[impl AsRef<Path>]) -> io::Result<Report> {
    let mut report = Report::default();
    let mut targets: Vec<Target> = Vec::new();
    for path in paths {
        let path = path.as_ref();
        if path.is_file() {
            let file = card_file(path)?;
            let dir = source::set_dir(path);
            if !file.parent().is_some_and(|own| same_file(own, &dir)) {
                return Err(io::Error::new(
                    io::ErrorKind::InvalidInput,
                    format!(
                        "`{}` is in no set: the nearest `game.cards` is in `{}`, and a set's files sit directly in its folder",
                        path.display(),
                        dir.display()
                    ),
                ));
            }
            Target::add(&mut targets, dir, Some((path.to_path_buf(), file)));
            continue;
        }
        match source::find_sets(path)? {
            source::Found::Nothing(d) => report.diagnostics.push(d),
            source::Found::Sets(dirs) => {
                for dir in dirs {
                    Target::add(&mut targets, dir, None);
                }
            }
        }
    }
    for target in targets {
        let first = report.sources.len() as ast::FileId;
        let set = source::load_set(&target.dir, &mut report.sources)?;
        let mut checked = check_set(&report.sources, &set);
        if let Some(files) = &target.files {
            report.files.extend(files.iter().map(|(given, _)| given.clone()));
            let canonical: Vec<std::path::PathBuf> = files.iter().map(|(_, c)| c.clone()).collect();
            let ids = file_ids(&report.sources, first, &canonical);
            let (kept, elsewhere) = std::mem::take(&mut checked.diagnostics)
                .into_iter()
                .partition(|d| d.labels.is_empty() || d.labels.iter().any(|l| ids.contains(&l.file)));
            checked.diagnostics = kept;
            report.elsewhere.extend(elsewhere);
        }
        report.sets.push(checked);
    }
    Ok(report)
}

/// A set to check: its folder, and the files asked for, as given and canonical (`None`:
/// the whole set).
struct Target {
    dir: std::path::PathBuf,
    files: Option<Vec<(std::path::PathBuf, std::path::PathBuf)>>,
}

impl Target {
    /// Adds a set (or one file of it) to check, merging with a set already there: the
    /// files add up, and a whole set stays whole.
    fn add(targets: &mut Vec<Target>, dir: std::path::PathBuf, file: Option<(std::path::PathBuf, std::path::PathBuf)>) {
        let same = |t: &&mut Target| t.dir == dir || same_file(&t.dir, &dir);
        match (targets.iter_mut().find(same), file) {
            (Some(t), Some(file)) => {
                if let Some(files) = &mut t.files {
                    if !files.iter().any(|(_, c)| *c == file.1) {
                        files.push(file);
                    }
                }
            }
            (Some(t), None) => t.files = None,
            (None, file) => targets.push(Target { dir, files: file.map(|f| vec![f]) }),
        }
    }
}

/// Whether two paths name the same file or folder on disk.
fn same_file(a: &Path, b: &Path) -> bool {
    matches!((std::fs::canonicalize(a), std::fs::canonicalize(b)), (Ok(a), Ok(b)) if a == b)
}

/// The canonical path of a `.cards` file given on the command line.
///
/// # Errors
/// When it cannot be resolved, or is not a `.cards` file.
fn card_file(path: &Path) -> io::Result<std::path::PathBuf> {
    if path.extension().is_none_or(|e| e != "cards") {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            format!(
                "`{}` is not a `.cards` file; give a `.cards` file, a set folder or a folder of sets",
                path.display()
            ),
        ));
    }
    std::fs::canonicalize(path).map_err(|e| io::Error::new(e.kind(), format!("{}: {e}", path.display())))
}

/// The ids of `files` (canonical paths) among the files read from `first` on (one set's,
/// readable or not).
fn file_ids(sources: &SourceMap, first: ast::FileId, files: &[std::path::PathBuf]) -> Vec<ast::FileId> {
    (first..sources.len() as ast::FileId)
        .filter(|&id| std::fs::canonicalize(&sources.file(id).path).is_ok_and(|p| files.contains(&p)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_codes_are_in_code_order_once_each() {
        let rank = |c: &Code| match c.severity {
            Severity::Error => 0,
            Severity::Warning => 1,
            Severity::Note => 2,
        };
        let ids: Vec<(u8, &str)> = CODES.iter().map(|c| (rank(c), c.id)).collect();
        let mut sorted = ids.clone();
        sorted.sort_unstable();
        sorted.dedup();
        assert_eq!(ids, sorted);
        // A code's letter is its severity.
        for c in CODES {
            let letter = match c.severity {
                Severity::Error => 'E',
                Severity::Warning => 'W',
                Severity::Note => 'N',
            };
            assert!(c.id.starts_with(letter), "{}", c.id);
        }
    }

    #[test]
    fn the_readme_table_of_codes_is_the_codes() {
        let readme = include_str!("../../README.md");
        let table = readme.split("### Codes").nth(1).expect("the README has a `### Codes` section");
        let rows: Vec<(&str, &str)> = table
            .lines()
            .skip_while(|l| !l.starts_with('|'))
            .take_while(|l| l.starts_with('|'))
            .filter_map(|l| {
                let cells: Vec<&str> = l.split('|').map(str::trim).collect();
                let id = *cells.get(1)?;
                let name = *cells.get(2)?;
                (id.len() == 5 && id[1..].bytes().all(|b| b.is_ascii_digit())).then_some((id, name))
            })
            .collect();
        let codes: Vec<(&str, &str)> = CODES.iter().map(|c| (c.id, c.name)).collect();
        assert_eq!(rows, codes);
    }
}
