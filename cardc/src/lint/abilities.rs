//! What the ability lints share: each parsed frame beside the ability lowered from it
//! ([`frames`]), its clauses ([`clauses`]), what its header says ([`optional_header`],
//! [`attack_header`]), the events two abilities can share ([`event_keys`]) and whether two
//! cards can be on one ship ([`OnOneShip`]). It declares no lint of its own.

use std::collections::HashMap;

use cards_runtime::ability::{Ability, Effect, EffectKind, VocabRef};
use cards_runtime::model::{self, Vocabulary};

use crate::ast::Span;
use crate::check::abilities::TextSite;
use crate::lint::unequippable_upgrade::ships_equipping;
use crate::text::{Clause, Frame, Step};

/// Every frame of the parsed blocks, with its block and the ability lowered from it, in
/// the order of the blocks and their frames.
pub(super) fn frames<'a>(
    sites: &'a [TextSite],
    cards: &'a [model::Card],
) -> impl Iterator<Item = (&'a TextSite, &'a Frame, &'a Ability)> {
    sites.iter().flat_map(move |site| site.frames.iter().zip(site.abilities(cards)).map(move |(f, a)| (site, f, a)))
}

/// Every clause of a frame, with the step it is in, in order.
pub(super) fn clauses(frame: &Frame) -> impl Iterator<Item = (&Step, &Clause)> {
    frame.steps.iter().flat_map(|s| s.clauses.iter().map(move |c| (s, c)))
}

/// Whether the ability is under a header the game declares `optional` (`Action:`).
pub(super) fn optional_header(vocab: &Vocabulary, ability: &Ability) -> bool {
    ability.header.is_some_and(|h| vocab.headers[h as usize].marked)
}

/// Whether a header names an attack (`Attack`, `Bonus Attack`): its ability is the attack,
/// so a cost alone pays for it and a `may` in it is a choice within the attack.
pub(super) fn attack_header(vocab: &Vocabulary, header: Option<u16>) -> bool {
    header.and_then(|h| vocab.headers.get(h as usize)).is_some_and(|e| e.name.to_lowercase().contains("attack"))
}

/// Whether the card's own ship does the clause: no subject, or `you`.
pub(super) fn by_own_ship(clause: &Clause) -> bool {
    clause.subject.as_ref().is_none_or(|s| s.text.eq_ignore_ascii_case("you"))
}

/// Where a clause's qualifier (`must`, `may`) is written, or the clause's words without one.
pub(super) fn qualifier_span(clause: &Clause) -> Span {
    clause.qualifier.as_ref().map_or(clause.piece.span, |q| q.span)
}

/// Where a frame's header is written, or the whole frame without one.
pub(super) fn header_span(frame: &Frame) -> Span {
    frame.header.as_ref().map_or(frame.span, |h| h.span)
}

/// Whether two cards' abilities can be on one ship, remembering the ships each card's can
/// be on.
#[derive(Default)]
pub(super) struct OnOneShip {
    ships: HashMap<usize, Option<Vec<u32>>>,
}

impl OnOneShip {
    /// Whether cards `a` and `b` can be on one ship; true when either is on no ship.
    pub(super) fn meet(&mut self, set: &model::Set, a: usize, b: usize) -> bool {
        for card in [a, b] {
            self.ships.entry(card).or_insert_with(|| ships_of(set, card));
        }
        match (&self.ships[&a], &self.ships[&b]) {
            (Some(x), Some(y)) => x.iter().any(|s| y.contains(s)),
            _ => true,
        }
    }
}

/// The ships a card's abilities can be on: a pilot's own, a chassis' ships, the ships that
/// could equip an upgrade. `None` for a card on no ship (a blueprint, a part).
fn ships_of(set: &model::Set, card: usize) -> Option<Vec<u32>> {
    let c = set.cards.get(card)?;
    match c.kind {
        model::CardKind::Ship => Some(vec![card as u32]),
        model::CardKind::Chassis => Some(
            (0..set.cards.len() as u32)
                .filter(|&i| {
                    set.cards[i as usize].kind == model::CardKind::Ship
                        && set.cards[i as usize].chassis == Some(card as u32)
                })
                .collect(),
        ),
        model::CardKind::Upgrade => Some(ships_equipping(set, c)),
        _ => None,
    }
}

/// What identifies an event for [`Effect::same_event`]: its kind and one vocabulary
/// entry it names, or its lowercased words when it names none.
#[derive(Clone, PartialEq, Eq, Hash)]
pub(super) enum EventKey {
    Ref(EffectKind, VocabRef),
    Words(EffectKind, String),
    Bare(EffectKind),
}

/// The keys of an event; two events share one exactly when `same_event` holds.
pub(super) fn event_keys(e: &Effect) -> Vec<EventKey> {
    if e.kind == EffectKind::Opaque {
        return Vec::new();
    }
    match &e.noun {
        Some(n) if !n.refs.is_empty() => n.refs.iter().map(|r| EventKey::Ref(e.kind, *r)).collect(),
        Some(n) => vec![EventKey::Words(e.kind, n.text.to_ascii_lowercase())],
        None => vec![EventKey::Bare(e.kind)],
    }
}
