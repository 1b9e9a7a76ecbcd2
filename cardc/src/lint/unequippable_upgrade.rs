//! W0001: an upgrade that no ship of its set could ever equip.

use std::collections::HashMap;

use cards_runtime::model::{bar_has_room, could_meet, factions_meet, Card, CardKind, Set, ShipView};
use cards_runtime::restriction::{Atom, Node, Restriction};

use crate::declare_code;
use crate::diagnostics::Diagnostic;
use crate::lint::LintContext;

declare_code! {
    /// ## What
    /// No ship of the set could equip this upgrade: no ship has its icon (or every icon
    /// of its group), or its faction, title ship icon or restriction excludes every ship
    /// that does.
    ///
    /// ## Why
    /// Such a card is dead weight in the set, and usually a sign of a typo in an icon, a
    /// restriction or a faction. Sets that ship upgrades for ships they do not hold (yet)
    /// can silence it with `allow unequippable-upgrade` in `game.cards`.
    ///
    /// ## Example
    /// `upgrade "Smuggler's Stash" { icon: illicit  faction: scum-and-villainy }` in a set
    /// whose only Scum ship has no Illicit icon.
    pub static W0001: "W0001", "unequippable-upgrade", Warning;
}

/// Reports every upgrade of the set that no ship of the set could equip.
pub fn check(cx: &LintContext<'_>, d: &mut Vec<Diagnostic>) {
    let (set, names) = (cx.model, cx.names);
    let implicit = |icon: u16| set.vocab.icons.get(icon as usize).is_some_and(|e| e.marked);
    let ships: Vec<ShipView<'_>> = (0..set.cards.len() as u32)
        .filter(|&i| set.cards[i as usize].kind == CardKind::Ship)
        .filter_map(|i| ShipView::new(set, i, false))
        .collect();
    let by_chassis = Ships::index(&ships);
    for (i, card) in set.cards.iter().enumerate() {
        if card.kind != CardKind::Upgrade {
            continue;
        }
        let Some(reason) = why_unequippable(set, card, &by_chassis, &implicit) else { continue };
        let def = &names.cards[i];
        d.push(
            Diagnostic::new(
                &W0001,
                format!("no {} in this set can equip `{}`", set.noun(CardKind::Ship).one(), def.id),
            )
            .label(def.file, def.card.name.span, reason)
            .help("check the card's icons, faction and restriction, or `allow unequippable-upgrade` in `game.cards`"),
        );
    }
}

/// The ships of a set, and the ones of each chassis.
struct Ships<'s, 'a> {
    all: &'s [ShipView<'a>],
    /// Indices into `all` of the ships that are of each chassis card, as
    /// [`Subject::is_chassis`](cards_runtime::Subject::is_chassis) sees it.
    by_chassis: HashMap<u32, Vec<usize>>,
}

impl<'s, 'a> Ships<'s, 'a> {
    fn index(all: &'s [ShipView<'a>]) -> Ships<'s, 'a> {
        let mut by_chassis: HashMap<u32, Vec<usize>> = HashMap::new();
        for (k, s) in all.iter().enumerate() {
            by_chassis.entry(s.index).or_default().push(k);
            if let Some(c) = s.ship.chassis.filter(|c| *c != s.index) {
                by_chassis.entry(c).or_default().push(k);
            }
        }
        Ships { all, by_chassis }
    }

    /// The ships that could meet `r`: those of the chassis it requires, if it requires
    /// one (`requires: chassis x-wing and …`); else all of them. A ship may come twice.
    fn candidates<'x>(&'x self, r: Option<&Restriction>) -> Box<dyn Iterator<Item = &'x ShipView<'a>> + 'x> {
        match r.and_then(required_chassis) {
            Some(chassis) => Box::new(
                chassis.into_iter().flat_map(|c| self.by_chassis.get(&c).into_iter().flatten()).map(|&k| &self.all[k]),
            ),
            None => Box::new(self.all.iter()),
        }
    }
}

/// The chassis of which a ship must be to meet `r`, when `r` requires one: every ship
/// that meets `r` is of one of them. `None` when `r` does not narrow the chassis.
fn required_chassis(r: &Restriction) -> Option<Vec<u32>> {
    let mut sets: Vec<Option<Vec<u32>>> = Vec::with_capacity(r.nodes.len());
    for (i, node) in r.nodes.iter().enumerate() {
        let operand = |j: u32| if (j as usize) < i { sets[j as usize].clone() } else { None };
        let set = match node {
            Node::Atom(Atom::Chassis(c)) => Some(vec![*c]),
            Node::Atom(_) | Node::Not(_) => None,
            Node::And(a, b) => match (operand(*a), operand(*b)) {
                (Some(x), Some(y)) => Some(x.into_iter().filter(|c| y.contains(c)).collect()),
                (x, y) => x.or(y),
            },
            Node::Or(a, b) => match (operand(*a), operand(*b)) {
                (Some(mut x), Some(y)) => {
                    x.extend(y);
                    Some(x)
                }
                _ => None,
            },
        };
        sets.push(set);
    }
    sets.pop().flatten()
}

/// Whether `ship` alone could equip `card`: room on its bar, its faction, the card's title
/// and restriction.
fn can_equip(set: &Set, card: &Card, ship: &ShipView<'_>, implicit: &dyn Fn(u16) -> bool) -> bool {
    bar_has_room(&ship.ship.upgrades, &card.icons, implicit)
        && factions_meet(&card.factions, ship.factions())
        && fits(set, card, ship, implicit)
}

/// Whether `ship` meets `card`'s title and restriction (as the flagship, if it may be one).
fn fits(set: &Set, card: &Card, ship: &ShipView<'_>, implicit: &dyn Fn(u16) -> bool) -> bool {
    let may_be_flagship = set.flagship_icon.is_some_and(|f| bar_has_room(&ship.ship.upgrades, &[f], implicit));
    card.ship_icon.is_none_or(|icon| cards_runtime::Subject::has_ship_icon(ship, icon))
        && could_meet(card.requires.as_ref(), *ship, may_be_flagship)
}

/// The ships of a set that could equip `card` alone, by index.
pub(super) fn ships_equipping(set: &Set, card: &Card) -> Vec<u32> {
    let implicit = |icon: u16| set.vocab.icons.get(icon as usize).is_some_and(|e| e.marked);
    (0..set.cards.len() as u32)
        .filter(|&i| set.cards[i as usize].kind == CardKind::Ship)
        .filter_map(|i| ShipView::new(set, i, false))
        .filter(|s| can_equip(set, card, s, &implicit))
        .map(|s| s.index)
        .collect()
}

/// Why no ship can equip `card`, or `None` if one can.
fn why_unequippable(set: &Set, card: &Card, ships: &Ships<'_, '_>, implicit: &dyn Fn(u16) -> bool) -> Option<String> {
    if card.icons.is_empty() {
        return Some("this upgrade has no icon".into());
    }
    // One ship that can equip the card is enough, and almost every card has one: stop at
    // the first instead of collecting every ship that passes each test, and look only at
    // the ships of the chassis a restriction names, which made this lint quadratic in the
    // size of the set. The tests below only run to say why no ship can.
    if ships.candidates(card.requires.as_ref()).any(|s| can_equip(set, card, s, implicit)) {
        return None;
    }
    let with_icon: Vec<&ShipView<'_>> =
        ships.all.iter().filter(|s| bar_has_room(&s.ship.upgrades, &card.icons, implicit)).collect();
    if with_icon.is_empty() {
        let icons: Vec<String> = card
            .icons
            .iter()
            .map(|i| format!("`{}`", set.vocab.icons.get(*i as usize).map_or("?", |e| &e.id)))
            .collect();
        return Some(format!("no {} has room for {}", set.noun(CardKind::Ship).one(), icons.join(" + ")));
    }
    let of_faction: Vec<&&ShipView<'_>> =
        with_icon.iter().filter(|s| factions_meet(&card.factions, s.factions())).collect();
    if of_faction.is_empty() {
        return Some(format!("no {} with its icon is of its faction", set.noun(CardKind::Ship).one()));
    }
    let fits = of_faction.iter().any(|s| fits(set, card, s, implicit));
    (!fits).then(|| {
        format!("its restriction excludes every {} that has its icon and faction", set.noun(CardKind::Ship).one())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn r(nodes: Vec<Node>) -> Restriction {
        Restriction { nodes: nodes.into() }
    }

    #[test]
    fn chassis_a_restriction_requires() {
        let chassis = |c| Node::Atom(Atom::Chassis(c));
        let other = Node::Atom(Atom::Flagship);
        assert_eq!(required_chassis(&r(vec![chassis(4)])), Some(vec![4]));
        assert_eq!(required_chassis(&r(vec![chassis(4), other.clone(), Node::And(0, 1)])), Some(vec![4]));
        assert_eq!(required_chassis(&r(vec![chassis(4), chassis(5), Node::Or(0, 1)])), Some(vec![4, 5]));
        assert_eq!(required_chassis(&r(vec![chassis(4), chassis(5), Node::And(0, 1)])), Some(vec![]));
        assert_eq!(required_chassis(&r(vec![chassis(4), other.clone(), Node::Or(0, 1)])), None);
        assert_eq!(required_chassis(&r(vec![chassis(4), Node::Not(0)])), None);
        assert_eq!(required_chassis(&r(vec![other])), None);
        assert_eq!(required_chassis(&r(vec![chassis(4), Node::And(0, 7)])), Some(vec![4]));
        assert_eq!(required_chassis(&r(vec![])), None);
    }
}
