//! E0402: a header the game does not declare. An error, not a lint: a header is read
//! against the game's headers by the lowering (`lower::ability::header`), so it is found
//! after lowering. The pipeline reports it before the lints run (they run only on a set
//! without errors), outside the registry of lints ([`crate::lint::LINTS`]).

use cards_runtime::model::Vocabulary;

use crate::check::abilities::TextSite;
use crate::declare_code;
use crate::diagnostics::{Applicability, Diagnostic, Fix};
use crate::lower::ability as lower;
use crate::resolve::suggest;

declare_code! {
    /// ## What
    /// A sentence starts with a header (`Word:`) the game does not declare.
    ///
    /// ## Why
    /// Headers such as `Action:` and `Attack:` say when an ability can be used and whether
    /// it is optional; the game declares them with `header <id> "<Text>" [optional]`.
    ///
    /// ## Example
    /// `Acton: Spend 1 [Charge] to recover 1 shield.` — write `Action:`.
    pub static E0402: "E0402", "unknown-header", Error;
}

/// E0402 for every frame whose header the lowering finds no header of the game for.
pub fn check(sites: &[TextSite], vocab: &Vocabulary, d: &mut Vec<Diagnostic>) {
    for site in sites {
        let file = site.file;
        for frame in &site.frames {
            if let Some(h) = &frame.header {
                if lower::header(h, vocab).is_none() {
                    let names = vocab.headers.iter().map(|e| &*e.name);
                    let fix = suggest::closest_certain(&h.text, names).map(|(meant, certain)| {
                        let applicability =
                            if certain { Applicability::MachineApplicable } else { Applicability::MaybeIncorrect };
                        Fix::replace(format!("did you mean `{meant}`?"), file, h.span, meant, applicability)
                    });
                    let help =
                        fix.is_none().then(|| format!("declare it in `game.cards`: `header <id> \"{}\"`", h.text));
                    d.push(
                        Diagnostic::new(&E0402, format!("unknown header `{}:`", h.text))
                            .label(file, h.span, "the game declares no such header")
                            .maybe_fix(fix)
                            .maybe_help(help),
                    );
                }
            }
        }
    }
}
