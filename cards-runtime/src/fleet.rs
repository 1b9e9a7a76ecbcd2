//! Fleet (squad) validation: factions, icons, restrictions, titles, the flagship and the
//! game's rules. Every violation is reported, not just the first.

use std::collections::BTreeMap;

use crate::model::{
    bar_has_room, factions_meet, Card, CardKind, Constraint, Filter, Scope, SelectorKind, Set, ShipView,
};
use crate::restriction::Subject;
use crate::violation::Violation;

/// A fleet: its faction and its ships, each with the upgrades it equips (card indices).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Fleet {
    /// The fleet's faction (an index into the set's factions).
    pub faction: Option<u16>,
    /// The ships in list order.
    pub ships: Vec<FleetShip>,
}

/// One ship of a fleet.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FleetShip {
    /// The ship card's index.
    pub ship: u32,
    /// The upgrade cards' indices, in list order.
    pub upgrades: Vec<u32>,
}

/// Validates a fleet against the set's rules. An empty result means the fleet is legal.
pub fn validate_fleet(set: &Set, fleet: &Fleet) -> Vec<Violation> {
    let mut out = Vec::new();
    let card = |i: u32| set.cards.get(i as usize);
    let flagship = |s: &FleetShip| {
        set.flagship_icon.is_some_and(|f| s.upgrades.iter().any(|&u| card(u).is_some_and(|c| c.icons.contains(&f))))
    };
    // Whether a rule's `where` condition holds for a ship (always, without one).
    let applies = |s: &FleetShip, condition: Option<&crate::restriction::Restriction>| {
        ShipView::new(set, s.ship, flagship(s)).is_some_and(|v| condition.is_none_or(|c| c.eval(&v)))
    };
    for ship in &fleet.ships {
        let Some(view) = ShipView::new(set, ship.ship, flagship(ship)) else { continue };
        check_ship(set, fleet, ship, view, &mut out);
    }
    for rule in set.rules.iter() {
        let violation = |ship: Option<&Card>, card: Option<&Card>| Violation {
            id: rule.id.clone(),
            message: rule.message.to_string(),
            ship: ship.map(|s| s.id.clone()),
            card: card.map(|c| c.id.clone()),
        };
        match &rule.constraint {
            Constraint::UniqueNames { scope: Scope::Fleet } => {
                for (name, (count, limit, first)) in
                    unique_names(set, fleet.ships.iter().map(|s| (s.ship, &s.upgrades[..])))
                {
                    if count > limit {
                        let mut v = violation(None, card(first));
                        v.message = format!("{} (\"{name}\": {count} copies, at most {limit})", rule.message);
                        out.push(v);
                    }
                }
            }
            Constraint::UniqueNames { scope: Scope::Ship } => {
                for s in &fleet.ships {
                    for (_, (count, limit, first)) in unique_names(set, [(s.ship, &s.upgrades[..])]) {
                        if count > limit {
                            out.push(violation(card(s.ship), card(first)));
                        }
                    }
                }
            }
            Constraint::Count { cmp, selector, scope, condition } => {
                let count = |s: &FleetShip| -> i64 {
                    let cards = std::iter::once(s.ship).chain(s.upgrades.iter().copied());
                    cards.filter_map(card).filter(|c| selects(c, selector.kind, &selector.filters)).count() as i64
                };
                let ships = fleet.ships.iter().filter(|s| applies(s, condition.as_ref()));
                per_scope(*scope, ships, count, *cmp, |s, _| out.push(violation(s.and_then(|s| card(s.ship)), None)));
            }
            Constraint::TotalCost { cmp, scope, condition } => {
                let cost = |s: &FleetShip| -> i64 {
                    std::iter::once(s.ship)
                        .chain(s.upgrades.iter().copied())
                        .filter_map(card)
                        .filter_map(|c| c.cost)
                        .sum()
                };
                let ships = fleet.ships.iter().filter(|s| applies(s, condition.as_ref()));
                per_scope(*scope, ships, cost, *cmp, |s, total| {
                    let mut v = violation(s.and_then(|s| card(s.ship)), None);
                    if s.is_none() {
                        v.message = format!("{} (the fleet costs {total})", rule.message);
                    }
                    out.push(v);
                });
            }
            Constraint::Sum { stat, cmp, scope, condition } => {
                let stat_of =
                    |s: &FleetShip| ShipView::new(set, s.ship, flagship(s)).and_then(|v| v.stat(*stat)).unwrap_or(0);
                let ships = fleet.ships.iter().filter(|s| applies(s, condition.as_ref()));
                per_scope(*scope, ships, stat_of, *cmp, |s, _| out.push(violation(s.and_then(|s| card(s.ship)), None)));
            }
            Constraint::UniqueNames { scope: Scope::Blueprint } => {}
        }
    }
    out
}

/// Checks a bound per ship (each ship's value) or per fleet (the sum over the ships), and
/// calls `report` with the ship (none for the fleet) and the value that broke it.
fn per_scope<'f>(
    scope: Scope,
    ships: impl Iterator<Item = &'f FleetShip>,
    value: impl Fn(&FleetShip) -> i64,
    cmp: crate::model::Cmp,
    mut report: impl FnMut(Option<&FleetShip>, i64),
) {
    match scope {
        Scope::Ship => {
            for s in ships {
                let v = value(s);
                if !cmp.holds(v) {
                    report(Some(s), v);
                }
            }
        }
        Scope::Fleet => {
            let total = ships.map(value).sum();
            if !cmp.holds(total) {
                report(None, total);
            }
        }
        Scope::Blueprint => {}
    }
}

/// Whether a selector of `kind` with `filters` counts `card`.
pub fn selects(card: &Card, kind: SelectorKind, filters: &[Filter]) -> bool {
    let kind_ok = match kind {
        SelectorKind::Upgrade => card.kind == CardKind::Upgrade,
        SelectorKind::Part => card.kind == CardKind::Part,
        SelectorKind::Card => true,
    };
    kind_ok
        && filters.iter().all(|f| match f {
            Filter::Icon(i) => card.icons.contains(i),
            Filter::Trait(t) => card.traits.contains(t),
            Filter::Drive => card.drive,
            Filter::Name(n) => card.name.contains(n.as_ref()),
        })
}

/// For each unique or limited name among the cards: (copies, limit, first card).
fn unique_names<'s, 'f>(
    set: &'s Set,
    ships: impl IntoIterator<Item = (u32, &'f [u32])>,
) -> BTreeMap<&'s str, (u32, u32, u32)> {
    let mut names: BTreeMap<&str, (u32, u32, u32)> = BTreeMap::new();
    for (ship, upgrades) in ships {
        for i in std::iter::once(ship).chain(upgrades.iter().copied()) {
            let Some(c) = set.cards.get(i as usize) else { continue };
            if !(c.unique || c.limited.is_some()) {
                continue;
            }
            let limit = c.limited.unwrap_or(1);
            let entry = names.entry(&c.name).or_insert((0, limit, i));
            entry.0 += 1;
            entry.1 = entry.1.min(limit);
        }
    }
    names
}

/// Faction, icons, restrictions and titles of one ship and its upgrades.
fn check_ship(set: &Set, fleet: &Fleet, ship: &FleetShip, view: ShipView<'_>, out: &mut Vec<Violation>) {
    let builtin = |id: &'static str, message: String, card: Option<&Card>| Violation {
        id: id.into(),
        message,
        ship: Some(view.ship.id.clone()),
        card: card.map(|c| c.id.clone()),
    };
    let faction_name = |f: u16| set.vocab.factions.get(f as usize).map_or("?", |e| &e.name);
    if let Some(f) = fleet.faction {
        if !view.factions().is_empty() && !view.factions().contains(&f) {
            out.push(builtin(
                "faction",
                format!("{} is not a ship of the fleet's faction ({})", view.ship.name, faction_name(f)),
                None,
            ));
        }
    }
    // The faction the ship fights for: the fleet's, when the ship may be of it (a ship of
    // two factions is only one of them in a fleet); else its own.
    let ship_factions: Vec<u16> = match fleet.faction {
        Some(f) if view.factions().is_empty() || view.factions().contains(&f) => vec![f],
        _ => view.factions().to_vec(),
    };
    let implicit = |icon: u16| set.vocab.icons.get(icon as usize).is_some_and(|e| e.marked);
    // Slots: the printed bar, plus one slot of each implicit icon the bar does not print,
    // plus the icons the equipped upgrades add to the bar (whatever order they are listed in).
    let mut free: Vec<u16> = view.ship.upgrades.to_vec();
    free.extend((0..set.vocab.icons.len() as u16).filter(|i| implicit(*i) && !view.ship.upgrades.contains(i)));
    free.extend(
        ship.upgrades.iter().filter_map(|&u| set.cards.get(u as usize)).flat_map(|c| c.upgrades.iter().copied()),
    );
    for &u in &ship.upgrades {
        let Some(card) = set.cards.get(u as usize) else { continue };
        if !factions_meet(&card.factions, &ship_factions) {
            out.push(builtin(
                "faction",
                format!("{} cannot be equipped by a ship of this faction", card.name),
                Some(card),
            ));
        }
        if !card.icons.is_empty() && bar_has_room(&free, &card.icons, |_| false) {
            for icon in card.icons.iter() {
                if let Some(pos) = free.iter().position(|i| i == icon) {
                    free.swap_remove(pos);
                }
            }
        } else {
            out.push(builtin("no-icon", format!("{} has no free icon for {}", view.ship.name, card.name), Some(card)));
        }
        let title_ok = card.ship_icon.is_none_or(|i| view.has_ship_icon(i));
        let requires_ok = card.requires.as_ref().is_none_or(|r| r.eval(&view));
        if !(title_ok && requires_ok) {
            out.push(builtin(
                "restriction",
                format!("{} does not meet the restriction of {}", view.ship.name, card.name),
                Some(card),
            ));
        }
    }
}
