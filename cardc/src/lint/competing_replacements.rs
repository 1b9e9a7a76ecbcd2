//! N0001: two abilities of the set that replace the same event.

use std::collections::HashMap;

use cards_runtime::ability::{Ability, Person};

use crate::ast::{FileId, Span};
use crate::declare_code;
use crate::diagnostics::Diagnostic;
use crate::lint::abilities::{event_keys, frames, EventKey, OnOneShip};
use crate::lint::LintContext;

declare_code! {
    /// ## What
    /// Two abilities in the set replace the same event (`Before you would gain a focus
    /// token, … instead.` on two cards).
    ///
    /// ## Why
    /// Only one replacement effect can apply to one effect: when both cards are on one
    /// ship, the player picks one and the other does nothing for that event.
    ///
    /// ## Example
    /// Evasion Protocol and Calculated Protocol both replace gaining a focus token.
    pub static N0001: "N0001", "competing-replacements", Note;
}

/// Reports each replacement whose event an earlier replacement of the set also replaces,
/// when both can apply to one effect.
pub fn check(cx: &LintContext<'_>, d: &mut Vec<Diagnostic>) {
    let (set, cards) = (cx.model, &cx.model.cards[..]);
    let replacements: Vec<(&Ability, usize, FileId, Span)> = frames(cx.texts, cards)
        .filter(|(_, _, ability)| ability.replacement.is_some())
        .map(|(site, frame, ability)| (ability, site.card, site.file, frame.span))
        .collect();
    // The state of its card each was read in: a text a release replaced never meets the
    // text that replaced it (`text from errata-2 { … }`).
    let versions: Vec<Option<usize>> =
        frames(cx.texts, cards).filter(|(_, _, a)| a.replacement.is_some()).map(|(site, _, _)| site.version).collect();
    let mut on_one_ship = OnOneShip::default();
    // The first replacement of each event, by its keys: an earlier one sharing a key is
    // the same event (`Effect::same_event`).
    let mut first: HashMap<EventKey, usize> = HashMap::new();
    for (i, (a, _, file, span)) in replacements.iter().enumerate() {
        let Some(event) = a.replacement.as_ref().map(|r| &r.event) else { continue };
        let keys = event_keys(event);
        let earlier = keys.iter().filter_map(|k| first.get(k)).min().copied();
        for k in keys {
            first.entry(k).or_insert(i);
        }
        // Two replacements compete when both can apply to one effect: never two printings
        // of one unique card; two of `you` only when both cards can be on one ship.
        let card_a = replacements[i].1;
        let mut compete = |(b, card_b, version_b): (&Ability, usize, Option<usize>)| {
            if card_a == card_b && versions[i] != version_b {
                return false;
            }
            let (x, y) = (&cards[card_a], &cards[card_b]);
            if card_a != card_b && x.unique && y.unique && x.name == y.name {
                return false;
            }
            let own = |x: &Ability| x.replacement.as_ref().is_some_and(|r| r.subject.person == Person::You);
            card_a == card_b || !own(a) || !own(b) || on_one_ship.meet(set, card_a, card_b)
        };
        let earlier = earlier.map(|j| (&replacements[j], versions[j]));
        if let Some(((_, card, bfile, bspan), _)) =
            earlier.filter(|((b, card, _, _), version)| compete((b, *card, *version)))
        {
            let other = cards.get(*card).map_or_else(String::new, |c| format!(" on `{}`", c.id));
            d.push(
                Diagnostic::new(&N0001, format!("another ability{other} also replaces `{}`", event.text))
                    .label(*file, *span, "this replacement…")
                    .label(*bfile, *bspan, "…and this one replace the same event")
                    .help("only one replacement effect can apply to one effect; the player picks one"),
            );
        }
    }
}
