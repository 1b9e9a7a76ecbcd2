//! W0003: an ability that pays a cost and does nothing with it.

use crate::declare_code;
use crate::diagnostics::Diagnostic;
use crate::lint::abilities::{attack_header, frames};
use crate::lint::LintContext;
use crate::lower::ability as lower;

declare_code! {
    /// ## What
    /// An ability pays a cost and does nothing with it: a header followed only by a cost
    /// sentence (`Action: Spend 1 [Charge].`).
    ///
    /// ## Why
    /// A cost can be paid only if its effect can resolve; with no effect it can never be
    /// paid, so the ability is dead text. Usually the effect sentence was lost.
    ///
    /// ## Example
    /// `Action: Spend 1 [Charge].` — add what it does:
    /// `Action: Spend 1 [Charge]. Recover 1 shield.`
    pub static W0003: "W0003", "cost-without-effect", Warning;
}

/// Reports every ability that is only a header's leading cost, unless its header is an
/// attack (the attack is what the cost pays for).
pub fn check(cx: &LintContext<'_>, d: &mut Vec<Diagnostic>) {
    let vocab = &cx.model.vocab;
    for (site, frame, ability) in frames(cx.texts, &cx.model.cards) {
        if lower::leading_cost(frame).is_some() && frame.steps.len() == 1 && !attack_header(vocab, ability.header) {
            d.push(
                Diagnostic::new(&W0003, "a cost with no effect")
                    .label(site.file, frame.span, "this ability only pays")
                    .help("a cost can be paid only if its effect can resolve; add the effect"),
            );
        }
    }
}
