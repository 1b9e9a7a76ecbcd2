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
//! The passes run in a fixed order; see [`check`].

#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod ast;
pub mod check;
pub mod config;
pub mod diagnostics;
pub mod emit;
pub mod fix;
pub mod import;
#[cfg(feature = "lsp")]
pub mod lsp;
pub mod resolve;
pub mod source;
pub mod syntax;
pub mod synth;
pub mod text;

use std::io;
use std::path::Path;

pub use check::{check_set, Checked};
pub use config::{compile, generate, Config, Error};
pub use diagnostics::{Code, Diagnostic, RenderStyle, Severity};
pub use source::SourceMap;

/// Every diagnostic code cardc reports, in code order.
pub fn codes() -> Vec<&'static Code> {
    let mut all: Vec<&'static Code> = vec![
        &syntax::E0001,
        &syntax::chunk::E0002,
        &syntax::chunk::E0003,
        &source::E0004,
        &syntax::E0005,
        &source::E0006,
        &syntax::restriction::E0007,
        &syntax::restriction::E0008,
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
    ];
    all.extend(check::WARNINGS.iter().copied());
    all.sort_by_key(|c| c.id);
    all
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

/// Finds, reads and checks the sets at each path (a set folder or a folder of sets).
///
/// # Errors
/// When a path or file cannot be read. Problems in the files are diagnostics in the
/// report, not errors.
pub fn check_paths(paths: &[impl AsRef<Path>]) -> io::Result<Report> {
    let mut report = Report::default();
    for path in paths {
        let path = path.as_ref();
        match source::find_sets(path)? {
            source::Found::Nothing(d) => report.diagnostics.push(d),
            source::Found::Sets(dirs) => {
                for dir in dirs {
                    let set = source::load_set(&dir, &mut report.sources)?;
                    let checked = check_set(&report.sources, &set);
                    report.sets.push(checked);
                }
            }
        }
    }
    Ok(report)
}
