//! The checks that run after lowering, over what it built. The checks before lowering
//! ([`crate::check`]) never lower; what they need from a lowered ability is asked here.
//!
//! One lint per file, as ruff keeps its rules: the file declares the lint's code with
//! [`declare_code!`](crate::declare_code) (its doc comment is what `cardc explain` prints)
//! and has one function, `check`, that reports it. [`LINTS`] is the registry, the one
//! table of them, and [`run`] runs it; `allow`, `warn` and `deny` lines then set each
//! lint's level. A test (`the_lint_registry_is_the_lints_of_codes`, in
//! [`crate::pipeline`]) fails unless the registry holds every code of
//! [`CODES`](crate::pipeline::CODES) that is not an error, once each, each in a file named
//! after it (`must-under-optional-header` in `must_under_optional_header.rs`) that declares
//! it: a warning or note reported anywhere else would escape those lines.
//!
//! Beside the lints:
//! - [`unknown_header`]: E0402, a header the game does not declare. It is an error, not a
//!   lint, so it is not in the registry: the pipeline reports it right after lowering,
//!   before the lints, which run only on a set without errors (so they never report
//!   follow-ons);
//! - `abilities`: what the ability lints share (walking each parsed frame beside the
//!   ability lowered from it, the events two abilities share, whether two cards can be on
//!   one ship);
//! - [`said_back`]: every ability said back as a card prints it, which
//!   [`reading_differs`] reports on and [`coverage`] counts;
//! - [`coverage`]: how much of a set's ability text the reading structures.

mod abilities;
pub mod can_and_cannot;
pub mod competing_replacements;
pub mod cost_without_effect;
pub mod coverage;
pub mod must_under_optional_header;
pub mod opaque_clause;
pub mod reading_differs;
pub mod redundant_may;
pub mod said_back;
pub mod spend_without_resource;
pub mod text_overflow;
pub mod unequippable_upgrade;
pub mod unknown_header;
pub mod unused_icon;

use cards_runtime::model::Set;

use crate::check::abilities::TextSite;
use crate::diagnostics::{Code, Diagnostic};
use crate::resolve::Names;
use crate::source::SourceMap;
use said_back::SaidBack;

/// What a lint reads: the set as lowered, and what it was lowered from.
pub struct LintContext<'a> {
    /// The parsed ability blocks; each lists its frames, lowered in order into its card's
    /// abilities ([`TextSite::abilities`]).
    pub texts: &'a [TextSite],
    /// The model lowered from the set.
    pub model: &'a Set,
    /// The set's declarations, with where they are written.
    pub names: &'a Names<'a>,
    /// Every ability said back ([`said_back::say_back`]), in the order of `texts` and their
    /// frames.
    pub said: &'a [SaidBack],
    /// The files the set was read from.
    pub sources: &'a SourceMap,
    /// How its cards are drawn.
    pub layouts: &'a crate::layout::Layouts,
}

/// One lint of the registry: its code, and the function that reports it.
pub struct Lint {
    /// The code it reports, declared in the lint's own file; it reports no other.
    pub code: &'static Code,
    /// Reports every instance of the lint in the set, pushing onto the list.
    pub check: fn(&LintContext<'_>, &mut Vec<Diagnostic>),
}

/// The registry: every lint, in the order of their codes (warnings, then notes).
pub static LINTS: &[Lint] = &[
    Lint { code: &unequippable_upgrade::W0001, check: unequippable_upgrade::check },
    Lint { code: &unused_icon::W0002, check: unused_icon::check },
    Lint { code: &cost_without_effect::W0003, check: cost_without_effect::check },
    Lint { code: &must_under_optional_header::W0004, check: must_under_optional_header::check },
    Lint { code: &redundant_may::W0005, check: redundant_may::check },
    Lint { code: &opaque_clause::W0006, check: opaque_clause::check },
    Lint { code: &spend_without_resource::W0007, check: spend_without_resource::check },
    Lint { code: &text_overflow::W0008, check: text_overflow::check },
    Lint { code: &competing_replacements::N0001, check: competing_replacements::check },
    Lint { code: &can_and_cannot::N0002, check: can_and_cannot::check },
    Lint { code: &reading_differs::N0003, check: reading_differs::check },
];

/// Runs every lint of the registry but those the set allows (`allowed` says which), in its
/// order, at the lint's own level (the caller applies `warn` and `deny`).
pub fn run(cx: &LintContext<'_>, allowed: impl Fn(&Code) -> bool) -> Vec<Diagnostic> {
    let mut d = Vec::new();
    // A lint the set allows is not run: what it would report is dropped anyway, and some
    // cost (`text-overflow` lays out every card).
    for lint in LINTS.iter().filter(|l| !allowed(l.code)) {
        (lint.check)(cx, &mut d);
    }
    d
}
