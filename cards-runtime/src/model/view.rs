//! A ship as restrictions, costs and equipping see it: its own fields, else its chassis',
//! and the fleet around it.

use super::action::{BarAction, Difficulty};
use super::card::{Card, CostBasis, Grant, VariableCost};
use super::set::Set;
use crate::restriction::{Restriction, Subject};

/// A ship as restrictions and equipping see it: its own fields, else its chassis'.
#[derive(Clone, Copy, Debug)]
pub struct ShipView<'a> {
    /// The set the ship is from.
    pub set: &'a Set,
    /// The ship card.
    pub ship: &'a Card,
    /// Its chassis, if any.
    pub chassis: Option<&'a Card>,
    /// The ship's index in the set.
    pub index: u32,
    /// Whether it is the flagship.
    pub flagship: bool,
    /// The fleet around the ship; `None` when the ship is seen alone, as when a set is
    /// linted, and then every test of the fleet (`equipped`, `in-fleet`) may hold.
    pub fleet: Option<FleetContext<'a>>,
}

/// What restrictions may ask of the fleet around a ship.
#[derive(Clone, Copy, Debug)]
pub struct FleetContext<'a> {
    /// The upgrades the ship equips (card indices).
    pub upgrades: &'a [u32],
    /// Every card in the fleet: ships and upgrades (card indices).
    pub cards: &'a [u32],
}

impl<'a> ShipView<'a> {
    /// A view of `set.cards[index]`, alone.
    pub fn new(set: &'a Set, index: u32, flagship: bool) -> Option<ShipView<'a>> {
        let ship = set.cards.get(index as usize)?;
        Some(ShipView { set, ship, chassis: set.chassis_of(ship), index, flagship, fleet: None })
    }

    /// The same view, in a fleet.
    pub fn in_fleet(self, fleet: FleetContext<'a>) -> ShipView<'a> {
        ShipView { fleet: Some(fleet), ..self }
    }

    /// What the upgrades the ship equips in its fleet grant it (nothing when it is alone).
    pub fn granted(&self) -> impl Iterator<Item = &'a Grant> + 'a {
        let (set, upgrades) = (self.set, self.fleet.map_or(&[][..], |f| f.upgrades));
        upgrades.iter().filter_map(move |&u| set.cards.get(u as usize)).flat_map(|c| c.grants.iter())
    }

    /// The ship icon: its own, else its chassis'.
    pub fn ship_icon(&self) -> Option<u16> {
        self.ship.ship_icon.or_else(|| self.chassis.and_then(|c| c.ship_icon))
    }

    /// The ship's arcs: its own, else its chassis'.
    pub fn arcs(&self) -> &'a [u16] {
        match self.chassis {
            Some(c) if self.ship.arcs.is_empty() => &c.arcs,
            _ => &self.ship.arcs,
        }
    }

    /// The ship's factions: its own, else its chassis'.
    pub fn factions(&self) -> &'a [u16] {
        match self.chassis {
            Some(c) if self.ship.factions.is_empty() => &c.factions,
            _ => &self.ship.factions,
        }
    }

    /// The ship's actions: its own, else its chassis'.
    pub fn actions(&self) -> &'a [BarAction] {
        match self.chassis {
            Some(c) if self.ship.actions.is_empty() => &c.actions,
            _ => &self.ship.actions,
        }
    }

    /// A stat: the ship's own value, else its chassis'.
    pub fn stat(&self, stat: u16) -> Option<i64> {
        self.ship.stat(stat).or_else(|| self.chassis.and_then(|c| c.stat(stat)))
    }
}

impl Subject for ShipView<'_> {
    fn size(&self) -> Option<u16> {
        self.ship.size.or_else(|| self.chassis.and_then(|c| c.size))
    }
    fn is_flagship(&self) -> bool {
        self.flagship
    }
    fn has_trait(&self, t: u16) -> bool {
        self.set.has_trait(self.ship, t)
    }
    fn name(&self) -> &str {
        &self.ship.name
    }
    fn has_ship_icon(&self, icon: u16) -> bool {
        self.ship_icon() == Some(icon)
    }
    fn is_chassis(&self, chassis: u32) -> bool {
        self.ship.chassis == Some(chassis) || self.index == chassis
    }
    fn has_faction(&self, faction: u16) -> bool {
        self.factions().contains(&faction)
    }
    fn has_action(&self, action: u16, difficulty: Option<Difficulty>) -> bool {
        let fits = |a: u16, d: Difficulty| a == action && difficulty.is_none_or(|want| want == d);
        self.actions().iter().any(|a| fits(a.action, a.difficulty))
            || self.granted().any(|g| matches!(*g, Grant::Action(a, d) if fits(a, d)))
    }
    fn has_class(&self, class: u16) -> bool {
        self.ship.class == Some(class)
    }
    fn has_arc(&self, arc: u16) -> bool {
        self.arcs().contains(&arc) || self.granted().any(|g| *g == Grant::Arc(arc))
    }
    fn has_equipped(&self, icon: u16) -> bool {
        match self.fleet {
            None => true,
            Some(f) => {
                f.upgrades.iter().any(|&u| self.set.cards.get(u as usize).is_some_and(|c| c.icons.contains(&icon)))
            }
        }
    }
    fn fleet_has_name(&self, name: &str) -> bool {
        match self.fleet {
            None => true,
            Some(f) => f.cards.iter().any(|&c| self.set.cards.get(c as usize).is_some_and(|c| c.name == name)),
        }
    }
    fn is_limited(&self) -> bool {
        self.ship.unique || self.ship.limited.is_some()
    }
    fn has_ship_ability(&self, name: &str) -> bool {
        let named = |c: &Card| c.ship_abilities.iter().any(|a| a.name == name);
        named(self.ship) || self.chassis.is_some_and(named)
    }
    fn stat_value(&self, stat: u16) -> Option<i64> {
        self.stat(stat)
    }
    fn has_icon(&self, icon: u16) -> bool {
        self.ship.upgrades.contains(&icon)
    }
}

/// Whether two faction affiliations are compatible: either is "any", or they share one.
pub fn factions_meet(a: &[u16], b: &[u16]) -> bool {
    a.is_empty() || b.is_empty() || a.iter().any(|f| b.contains(f))
}

/// Whether a ship's upgrade bar, on its own, has room for one card with `icons` (a group
/// takes one printed icon of each; an implicit icon needs none printed).
pub fn bar_has_room(bar: &[u16], icons: &[u16], implicit: impl Fn(u16) -> bool) -> bool {
    // Each copy of an icon in the group takes one printed copy while there are any left;
    // the copies beyond them need the icon to be implicit. Counting, rather than taking
    // copies out of a copy of the bar, allocates nothing: this runs for every pair of
    // upgrade and ship when a set is linted.
    icons.iter().enumerate().all(|(k, icon)| {
        let nth = icons[..k].iter().filter(|i| *i == icon).count();
        bar.iter().filter(|i| *i == icon).count() > nth || implicit(*icon)
    })
}

/// Whether `restriction` (if any) can be met by `view`, flagship or not as allowed.
pub fn could_meet(restriction: Option<&Restriction>, view: ShipView<'_>, may_be_flagship: bool) -> bool {
    let Some(r) = restriction else { return true };
    r.eval(&ShipView { flagship: false, ..view }) || (may_be_flagship && r.eval(&ShipView { flagship: true, ..view }))
}

// What a card costs on a ship lives with the view of the ship, not beside `Card`, so that
// `card` does not depend on `view` and the model's modules form a tree.
impl VariableCost {
    /// The cost for a ship: the value of its key, `None` when the ship has no such key.
    pub fn for_ship(&self, ship: &ShipView<'_>) -> Option<i64> {
        let key = match self.basis {
            CostBasis::Size => ship.size().map(i64::from),
            CostBasis::Stat(s) => ship.stat(s),
        }?;
        self.values.iter().find(|(k, _)| *k == key).map(|(_, v)| *v)
    }
}

impl Card {
    /// The card's cost on a ship: its printed cost, else its variable cost for that ship.
    pub fn cost_on(&self, ship: Option<&ShipView<'_>>) -> Option<i64> {
        self.cost.or_else(|| self.cost_by.as_ref().zip(ship).and_then(|(v, s)| v.for_ship(s)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{CardKind, List, Vocabulary};

    #[test]
    fn groups_take_one_icon_each() {
        assert!(bar_has_room(&[1, 2, 3], &[1, 3], |_| false));
        assert!(!bar_has_room(&[1, 2], &[1, 1], |_| false));
        assert!(bar_has_room(&[1, 1], &[1, 1], |_| false));
        assert!(bar_has_room(&[2], &[0], |i| i == 0));
        assert!(!bar_has_room(&[], &[3], |i| i == 0));
    }

    #[test]
    fn factions() {
        assert!(factions_meet(&[], &[1]));
        assert!(factions_meet(&[1, 2], &[2]));
        assert!(!factions_meet(&[1], &[2]));
    }

    #[test]
    fn ships_inherit_from_their_chassis() {
        let mut chassis = Card::empty("c", "C", CardKind::Chassis);
        chassis.factions = vec![3].into();
        chassis.size = Some(1);
        chassis.traits = vec![7].into();
        chassis.stats = vec![(0, 2)].into();
        let mut ship = Card::empty("s", "S", CardKind::Ship);
        ship.chassis = Some(0);
        ship.stats = vec![(1, 5)].into();
        let set = Set {
            game: "g".into(),
            name: "G".into(),
            vocab: Vocabulary::default(),
            kinds: std::borrow::Cow::Borrowed(&crate::model::kinds::PRELUDE),
            roster: crate::model::Noun::FLEET,
            distance: None,
            verbs: Vec::new().into(),
            flagship_icon: None,
            cards: vec![chassis, ship].into(),
            rules: List::Borrowed(&[]),
            releases: Vec::new().into(),
        };
        let v = ShipView::new(&set, 1, false).unwrap();
        assert_eq!(v.factions(), &[3]);
        assert_eq!(v.size(), Some(1));
        assert!(v.has_trait(7));
        assert!(v.is_chassis(0));
        assert_eq!((v.stat(0), v.stat(1)), (Some(2), Some(5)));
    }
}
