//! N0002: one ability says a ship `can` do what another says it `cannot`.

use std::collections::HashMap;

use cards_runtime::ability::{Clause, Person, Qualifier};

use crate::ast::{FileId, Span};
use crate::declare_code;
use crate::diagnostics::Diagnostic;
use crate::lint::abilities::{event_keys, frames, EventKey, OnOneShip};
use crate::lint::LintContext;

declare_code! {
    /// ## What
    /// One ability says a ship `can` do something that another ability says it `cannot`.
    ///
    /// ## Why
    /// "Cannot" is absolute: no "can" overrides it. When both apply, the ship cannot.
    ///
    /// ## Example
    /// `you can spend evade tokens` on one card and `the defender cannot spend evade
    /// tokens` on another: the defender cannot.
    pub static N0002: "N0002", "can-and-cannot", Note;
}

/// Reports each `can` clause (not `can … only …`) that a `cannot` clause of the same event
/// on another card meets, when both can apply to one ship.
pub fn check(cx: &LintContext<'_>, d: &mut Vec<Diagnostic>) {
    let set = cx.model;
    let unit = set.noun(cards_runtime::model::CardKind::Ship);
    let mut capabilities: Vec<(Qualifier, &Clause, usize, FileId, Span)> = Vec::new();
    for (site, frame, ability) in frames(cx.texts, &set.cards) {
        for c in ability.clauses() {
            if matches!(c.qualifier, Qualifier::Can | Qualifier::Cannot) {
                capabilities.push((c.qualifier, c, site.card, site.file, frame.span));
            }
        }
    }
    let mut on_one_ship = OnOneShip::default();
    // The `cannot` clauses by event, each event's cards; a `can` meets a `cannot` of the
    // same event on another card.
    let mut cannot: HashMap<EventKey, Vec<usize>> = HashMap::new();
    for (i, (q, c, _, _, _)) in capabilities.iter().enumerate() {
        if *q == Qualifier::Cannot {
            for k in event_keys(&c.effect) {
                cannot.entry(k).or_default().push(i);
            }
        }
    }
    for (q, c, card, file, span) in &capabilities {
        // `can … only …` restricts rather than permits.
        let only = c.modifiers.iter().any(|m| m.to_lowercase().starts_with("only"))
            || c.text.to_lowercase().split_whitespace().any(|w| w == "only");
        if *q != Qualifier::Can || only {
            continue;
        }
        let against = event_keys(&c.effect)
            .iter()
            .filter_map(|k| cannot.get(k))
            .flat_map(|v| v.iter().copied())
            .filter(|&j| capabilities[j].2 != *card)
            // `you can …` and `you cannot …` meet only when both cards can be on one ship; a
            // `cannot` about another ship (`the defender cannot …`, `enemy ships cannot …`)
            // meets the `can` of whichever ship that is.
            .filter(|&j| {
                let both_you = c.subject.person == Person::You && capabilities[j].1.subject.person == Person::You;
                !both_you || on_one_ship.meet(set, *card, capabilities[j].2)
            })
            .min()
            .map(|j| &capabilities[j]);
        if let Some((_, c2, _, file2, span2)) = against {
            d.push(
                Diagnostic::new(&N0002, format!("`can {}` meets `cannot {}`", c.effect.text, c2.effect.text))
                    .label(*file, *span, format!("this says {} can…", unit.a()))
                    .label(*file2, *span2, format!("…and this says {} cannot", unit.a()))
                    .help(format!("\"cannot\" is absolute: when both apply, the {} cannot", unit.one())),
            );
        }
    }
}
