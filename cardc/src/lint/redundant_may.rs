//! W0005: `may` in an ability under an optional header, which is already optional.

use cards_runtime::ability::Qualifier;

use crate::declare_code;
use crate::diagnostics::Diagnostic;
use crate::lint::abilities::{
    attack_header, by_own_ship, clauses, frames, header_span, optional_header, qualifier_span,
};
use crate::lint::LintContext;
use crate::lower::ability as lower;

declare_code! {
    /// ## What
    /// `may` in an ability under a header the game declares `optional`.
    ///
    /// ## Why
    /// An ability under an optional header is already optional; `may` says it twice. Card
    /// templating leaves it out.
    ///
    /// ## Example
    /// `Action: You may recover 1 shield.` — write `Action: Recover 1 shield.`
    pub static W0005: "W0005", "redundant-may", Warning;
}

/// Reports a `may` of the card's own ship in the step that says what an ability under an
/// optional header does (the step after a leading cost), unless the header is an attack (a
/// `may` there is a choice within the attack).
pub fn check(cx: &LintContext<'_>, d: &mut Vec<Diagnostic>) {
    let vocab = &cx.model.vocab;
    for (site, frame, ability) in frames(cx.texts, &cx.model.cards) {
        if !optional_header(vocab, ability) || attack_header(vocab, ability.header) {
            continue;
        }
        // The step that says what the ability does: after a header's leading cost.
        let lead = usize::from(lower::leading_cost(frame).is_some());
        let first_effect_step = &frame.steps[lead.min(frame.steps.len().saturating_sub(1))];
        for (step, clause) in clauses(frame) {
            if lower::qualifier(clause.qualifier.as_ref()) == Qualifier::May
                && by_own_ship(clause)
                && std::ptr::eq(step, first_effect_step)
            {
                d.push(
                    Diagnostic::new(&W0005, "redundant `may` under an optional header")
                        .label(site.file, qualifier_span(clause), "already optional")
                        .label(site.file, header_span(frame), "because of this header")
                        .help("drop `may`"),
                );
            }
        }
    }
}
