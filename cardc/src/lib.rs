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
//! The compiler is a pipeline of passes, one folder each, run in a fixed order by
//! [`pipeline`], the one place that knows it: [`syntax`] parses the files into the [`ast`], [`resolve`] collects what the
//! set declares and looks names up, [`check`] reports every mistake, [`lower`] builds the
//! runtime model from the checked tree, [`lint`] asks the lowered model what the checks
//! could not and runs every lint (one file each, in one registry), and [`emit`] writes
//! the model as Rust. [`text`] reads ability sentences into frames for the checks and the
//! lowering.

#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod ast;
pub mod check;
pub mod config;
pub mod diagnostics;
pub mod diff;
pub mod emit;
pub mod fix;
pub mod format;
pub mod import;
pub mod layout;
pub mod lint;
pub mod lower;
#[cfg(feature = "lsp")]
pub mod lsp;
pub mod output;
pub mod pipeline;
#[cfg(feature = "render")]
pub mod render;
pub mod resolve;
pub mod source;
pub mod source_map;
pub mod syntax;
#[cfg(any(test, feature = "synth"))]
pub mod synth;
pub mod text;
#[cfg(feature = "watch")]
pub mod watch;

pub use config::{compile, generate, Config, Error};
pub use diagnostics::{Code, Diagnostic, RenderStyle, Severity};
pub use pipeline::{check_paths, check_set, code, codes, lints, Checked, Report, CODES};
pub use source_map::SourceMap;
