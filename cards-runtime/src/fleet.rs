//! Fleet (squad) validation: factions, icons, restrictions, titles, the flagship and the
//! game's rules. Every violation is reported, not just the first.

use std::collections::BTreeMap;

use crate::model::{
    bar_has_room, factions_meet, Card, CardKind, Cmp, Constraint, Filter, FleetContext, Grant, Scope, Selector,
    SelectorKind, Set, ShipView,
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

impl Fleet {
    /// A fleet of one faction, written with a set's typed API: `Fleet::of(Faction::Empire,
    /// vec![FleetShip::of(CardId::VictoryIiClassStarDestroyer, &[CardId::Dominator])])`.
    pub fn of(faction: impl crate::typed::FactionEntry, ships: Vec<FleetShip>) -> Fleet {
        Fleet { faction: Some(faction.index()), ships }
    }
}

impl FleetShip {
    /// A ship and the upgrades it equips, by a set's typed card ids.
    pub fn of<C: crate::typed::Id>(ship: C, upgrades: &[C]) -> FleetShip {
        FleetShip { ship: ship.index(), upgrades: upgrades.iter().map(|u| u.index()).collect() }
    }
}

/// How a fleet is validated.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// Skip point rules (`total cost …`): for lists built under other points.
    pub ignore_points: bool,
    /// The release the fleet is judged as of (an index into the set's releases; the set
    /// itself should be [`Set::as_of`](crate::Set::as_of) it): a card that had not come out
    /// by then is the violation `not-released`, one that had left the set `withdrawn`.
    pub release: Option<u16>,
}

/// Validates a fleet against the set's rules. An empty result means the fleet is legal.
pub fn validate_fleet(set: &Set, fleet: &Fleet) -> Vec<Violation> {
    validate_fleet_with(set, fleet, &Options::default())
}

/// The `not-released` and `withdrawn` violations of a fleet judged as of `release`: each
/// card of it that came out in a later release, or had left the set by then.
fn not_released(set: &Set, fleet: &Fleet, release: u16) -> Vec<Violation> {
    let name = |r: u16| {
        set.releases.get(usize::from(r)).map_or_else(|| format!("#{r}"), |r| format!("`{}` ({})", r.id, r.date))
    };
    let mut out = Vec::new();
    for ship in &fleet.ships {
        for index in std::iter::once(ship.ship).chain(ship.upgrades.iter().copied()) {
            let Some(card) = set.cards.get(index as usize) else { continue };
            let ship = set.cards.get(ship.ship as usize).map(|s| s.id.clone());
            if let Some(since) = card.since.filter(|_| !card.released_by(release)) {
                out.push(Violation {
                    id: "not-released".into(),
                    message: format!("{} came out in {}, after {}", card.name, name(since), name(release)),
                    ship,
                    card: Some(card.id.clone()),
                });
            } else if let Some(until) = card.until.filter(|_| card.withdrawn_by(release)) {
                out.push(Violation {
                    id: "withdrawn".into(),
                    message: format!("{} left the set in {}, by {}", card.name, name(until), name(release)),
                    ship,
                    card: Some(card.id.clone()),
                });
            } else if card.as_of(release).withdrawn {
                out.push(Violation {
                    id: "withdrawn".into(),
                    message: format!("{} was out of the set as of {}", card.name, name(release)),
                    ship,
                    card: Some(card.id.clone()),
                });
            }
        }
    }
    out
}

/// [`validate_fleet`] with options.
pub fn validate_fleet_with(set: &Set, fleet: &Fleet, options: &Options) -> Vec<Violation> {
    let mut out = Vec::new();
    let card = |i: u32| set.cards.get(i as usize);
    let everything: Vec<u32> =
        fleet.ships.iter().flat_map(|s| std::iter::once(s.ship).chain(s.upgrades.iter().copied())).collect();
    // Whether a rule's `where` condition holds for a ship (always, without one).
    let applies = |s: &FleetShip, condition: Option<&crate::restriction::Restriction>| {
        view_in_fleet(set, &everything, s).is_some_and(|v| condition.is_none_or(|c| c.eval(&v)))
    };
    if let Some(release) = options.release {
        out.extend(not_released(set, fleet, release));
    }
    for ship in &fleet.ships {
        let Some(v) = view_in_fleet(set, &everything, ship) else { continue };
        check_ship(set, fleet, ship, v, &mut out);
    }
    for rule in set.rules.iter() {
        if options.ignore_points && matches!(rule.constraint, Constraint::TotalCost { .. }) {
            continue;
        }
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
                    cards.filter_map(card).filter(|c| selects(set, c, selector.kind, &selector.filters)).count() as i64
                };
                let ships = fleet.ships.iter().filter(|s| applies(s, condition.as_ref()));
                per_scope(*scope, ships, count, *cmp, |s, _| out.push(violation(s.and_then(|s| card(s.ship)), None)));
            }
            Constraint::TotalCost { cmp, of, stat, scope, condition } => {
                let cost = |s: &FleetShip| -> i64 {
                    let v = view_in_fleet(set, &everything, s);
                    std::iter::once(s.ship)
                        .chain(s.upgrades.iter().copied())
                        .filter_map(card)
                        .filter(|c| of.as_ref().is_none_or(|of| selects(set, c, of.kind, &of.filters)))
                        .filter_map(|c| c.cost_on(v.as_ref()))
                        .sum()
                };
                // With a stat bound, what is compared is the cost beyond the ship's stat.
                let bound = |s: &FleetShip| {
                    stat.map_or(0, |st| view_in_fleet(set, &everything, s).and_then(|v| v.stat(st)).unwrap_or(0))
                };
                let over = |s: &FleetShip| cost(s) - bound(s);
                let cmp = Cmp { n: if stat.is_some() { 0 } else { cmp.n }, ..*cmp };
                let ships = fleet.ships.iter().filter(|s| applies(s, condition.as_ref()));
                per_scope(*scope, ships, over, cmp, |s, total| {
                    let mut v = violation(s.and_then(|s| card(s.ship)), None);
                    match (s, stat) {
                        (None, None) => {
                            v.message = format!("{} (the {} costs {total})", rule.message, set.roster.one())
                        }
                        (Some(s), Some(_)) => {
                            v.message =
                                format!("{} ({} over by {total})", rule.message, card(s.ship).map_or("?", |c| &c.name))
                        }
                        _ => {}
                    }
                    out.push(v);
                });
            }
            Constraint::Same { selector } => same(
                set,
                fleet,
                selector,
                |s| view_in_fleet(set, &everything, s),
                |ship, upgrade| {
                    let mut v = violation(card(ship.ship), card(upgrade));
                    let name = |i: u32| card(i).map_or("?", |c| &c.name);
                    v.message = format!("{} ({} lacks {})", rule.message, name(ship.ship), name(upgrade));
                    out.push(v);
                },
            ),
            Constraint::Sum { stat, cmp, scope, condition } => {
                let stat_of =
                    |s: &FleetShip| view_in_fleet(set, &everything, s).and_then(|v| v.stat(*stat)).unwrap_or(0);
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

/// A fleet ship as restrictions see it: flagship or not, with its fleet around it.
fn view_in_fleet<'a>(set: &'a Set, everything: &'a [u32], s: &'a FleetShip) -> Option<ShipView<'a>> {
    let flagship = set
        .flagship_icon
        .is_some_and(|f| s.upgrades.iter().any(|&u| set.cards.get(u as usize).is_some_and(|c| c.icons.contains(&f))));
    let ctx = FleetContext { upgrades: &s.upgrades, cards: everything };
    Some(ShipView::new(set, s.ship, flagship)?.in_fleet(ctx))
}

/// `same <selector> per ship-icon`: among ships that share a ship icon, each selected
/// upgrade one of them equips, all of them equip. Calls `report` with each ship lacking one.
fn same<'f>(
    set: &Set,
    fleet: &'f Fleet,
    selector: &Selector,
    view: impl Fn(&'f FleetShip) -> Option<ShipView<'f>>,
    mut report: impl FnMut(&'f FleetShip, u32),
) {
    let mut groups: BTreeMap<u16, Vec<&FleetShip>> = BTreeMap::new();
    for s in &fleet.ships {
        if let Some(icon) = view(s).and_then(|v| v.ship_icon()) {
            groups.entry(icon).or_default().push(s);
        }
    }
    for ships in groups.values().filter(|g| g.len() > 1) {
        let mut selected: Vec<u32> = ships
            .iter()
            .flat_map(|s| s.upgrades.iter().copied())
            .filter(|&u| set.cards.get(u as usize).is_some_and(|c| selects(set, c, selector.kind, &selector.filters)))
            .collect();
        selected.sort_unstable();
        selected.dedup();
        for &u in &selected {
            for s in ships.iter().filter(|s| !s.upgrades.contains(&u)) {
                report(s, u);
            }
        }
    }
}

/// Whether a selector of `kind` with `filters` counts `card` (a card of `set`; a ship has
/// its chassis' traits too).
pub fn selects(set: &Set, card: &Card, kind: SelectorKind, filters: &[Filter]) -> bool {
    let kind_ok = match kind {
        SelectorKind::Ship => card.kind == CardKind::Ship,
        SelectorKind::Upgrade => card.kind == CardKind::Upgrade,
        SelectorKind::Part => card.kind == CardKind::Part,
        SelectorKind::Card => true,
    };
    kind_ok
        && filters.iter().all(|f| match f {
            Filter::Icon(i) => card.icons.contains(i),
            Filter::Trait(t) => set.has_trait(card, *t),
            Filter::Drive => card.drive,
            Filter::Name(n) => card.name.contains(n.as_ref()),
            Filter::Kind(k) => card.declared == *k,
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
/// The slots a ship has for its upgrades, one icon a slot: its printed `bar`, plus one
/// slot of each implicit icon the bar does not print, plus and minus the slots `granted`
/// adds and takes away. The fleet check and the XWS reader's left-out choice cards count
/// slots with it.
pub(crate) fn slot_pool<'a>(set: &Set, bar: &[u16], granted: impl Iterator<Item = &'a Grant>) -> Vec<u16> {
    let implicit = |icon: u16| set.vocab.icons.get(icon as usize).is_some_and(|e| e.marked);
    let mut pool: Vec<u16> = bar.to_vec();
    pool.extend((0..set.vocab.icons.len() as u16).filter(|i| implicit(*i) && !bar.contains(i)));
    for grant in granted {
        if let Grant::Slot(icon, n) = *grant {
            if n > 0 {
                pool.extend(std::iter::repeat_n(icon, n as usize));
            }
            for _ in n..0 {
                if let Some(pos) = pool.iter().position(|i| *i == icon) {
                    pool.swap_remove(pos);
                }
            }
        }
    }
    pool
}

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
                format!(
                    "{} is not {} of the {}'s faction ({})",
                    view.ship.name,
                    set.noun(CardKind::Ship).a(),
                    set.roster.one(),
                    faction_name(f)
                ),
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
    let mut free = slot_pool(set, &view.ship.upgrades, view.granted());
    let loadout = &view.ship.standard_loadout;
    if !loadout.is_empty() {
        let (mut want, mut have) = (loadout.to_vec(), ship.upgrades.clone());
        want.sort_unstable();
        have.sort_unstable();
        if want != have {
            out.push(builtin(
                "standard-loadout",
                format!("{} must equip exactly its standard loadout", view.ship.name),
                None,
            ));
        }
    }
    for &u in &ship.upgrades {
        let Some(card) = set.cards.get(u as usize) else { continue };
        if card.standard_loadout_only && !loadout.contains(&u) {
            out.push(builtin(
                "standard-loadout",
                format!("{} can only be part of a standard loadout", card.name),
                Some(card),
            ));
        }
        if !factions_meet(&card.factions, &ship_factions) {
            out.push(builtin(
                "faction",
                format!("{} cannot be equipped by {} of this faction", card.name, set.noun(CardKind::Ship).a()),
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
        let title = card.ship_icon.filter(|&i| !view.has_ship_icon(i));
        let requires = card.requires.as_ref().filter(|r| !r.eval(&view));
        if title.is_some() || requires.is_some() {
            out.push(builtin("restriction", restriction_message(set, view.ship, card, title, requires), Some(card)));
        }
    }
}

/// "Luke Skywalker does not meet the restriction of Vader's Wrath, which requires a ship of
/// the Galactic Empire faction", naming each broken part: the title's ship icon, the
/// `requires:` restriction, or both.
fn restriction_message(
    set: &Set,
    ship: &Card,
    card: &Card,
    title: Option<u16>,
    requires: Option<&crate::restriction::Restriction>,
) -> String {
    use crate::restriction_text::{describe, describe_ship_icon};
    let parts: Vec<String> =
        title.map(|i| describe_ship_icon(set, i)).into_iter().chain(requires.map(|r| describe(set, r))).collect();
    format!("{} does not meet the restriction of {}, which requires {}", ship.name, card.name, parts.join(" and "))
}
