//! W0004: `must` in an ability under an optional header.

use cards_runtime::ability::Qualifier;

use crate::declare_code;
use crate::diagnostics::Diagnostic;
use crate::lint::abilities::{by_own_ship, clauses, frames, header_span, optional_header, qualifier_span};
use crate::lint::LintContext;
use crate::lower::ability as lower;

declare_code! {
    /// ## What
    /// `must` in an ability under a header the game declares `optional`.
    ///
    /// ## Why
    /// Abilities under an optional header (`Action:`) are optional: the player chooses to
    /// use them. Saying the card's own ship `must` do something there contradicts that.
    ///
    /// ## Example
    /// `Action: You must gain 1 stress token.` — drop `must`, or move the text out from
    /// under the header.
    pub static W0004: "W0004", "must-under-optional-header", Warning;
}

/// Reports every `must` of the card's own ship in an ability under an optional header.
pub fn check(cx: &LintContext<'_>, d: &mut Vec<Diagnostic>) {
    for (site, frame, ability) in frames(cx.texts, &cx.model.cards) {
        if !optional_header(&cx.model.vocab, ability) {
            continue;
        }
        for (_, clause) in clauses(frame) {
            if lower::qualifier(clause.qualifier.as_ref()) == Qualifier::Must && by_own_ship(clause) {
                d.push(
                    Diagnostic::new(&W0004, "`must` under an optional header")
                        .label(site.file, qualifier_span(clause), "makes this mandatory")
                        .label(site.file, header_span(frame), "but this header makes the ability optional")
                        .help("drop `must`, or write the ability without the header"),
                );
            }
        }
    }
}
