//! One card: its kind and the fields it prints.

use super::action::{BarAction, Difficulty};
use super::vocab::{List, Text};
use crate::ability::Abilities;
use crate::packed::packed;
use crate::restriction::Restriction;

/// The kinds of card.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum CardKind {
    /// What every ship of one type shares.
    Chassis,
    /// A ship card or pilot.
    Ship,
    /// An upgrade card.
    Upgrade,
    /// An Eclipse ship part.
    Part,
    /// An Eclipse blueprint.
    Blueprint,
    /// An Eclipse species board.
    Species,
}
packed! { enum CardKind { Chassis, Ship, Upgrade, Part, Blueprint, Species } }

impl CardKind {
    /// Every kind.
    pub const ALL: [CardKind; 6] =
        [CardKind::Chassis, CardKind::Ship, CardKind::Upgrade, CardKind::Part, CardKind::Blueprint, CardKind::Species];

    /// The keyword that starts such a card in a card file (`ship`).
    pub fn as_str(self) -> &'static str {
        match self {
            CardKind::Chassis => "chassis",
            CardKind::Ship => "ship",
            CardKind::Upgrade => "upgrade",
            CardKind::Part => "part",
            CardKind::Blueprint => "blueprint",
            CardKind::Species => "species",
        }
    }

    /// The kind a keyword names.
    pub fn from_keyword(word: &str) -> Option<CardKind> {
        CardKind::ALL.into_iter().find(|k| k.as_str() == word)
    }

    /// Its place in [`CardKind::ALL`].
    pub fn index(self) -> usize {
        self as usize
    }

    /// The word that gives a declared kind this role (`kind hero "Hero" unit`): `unit`,
    /// `profile`, `upgrade`, `part`, `blueprint`, `species`.
    pub fn role_word(self) -> &'static str {
        match self {
            CardKind::Chassis => "profile",
            CardKind::Ship => "unit",
            other => other.as_str(),
        }
    }

    /// The role a word names.
    pub fn from_role_word(word: &str) -> Option<CardKind> {
        CardKind::ALL.into_iter().find(|k| k.role_word() == word)
    }

    /// What the role is, for help and documentation.
    pub fn role_meaning(self) -> &'static str {
        match self {
            CardKind::Chassis => "shares its size, stats, actions and named abilities with the units that name it",
            CardKind::Ship => "carries an upgrade bar and makes up a list",
            CardKind::Upgrade => "equips into a unit's upgrade bar by its icon",
            CardKind::Part => "fills a space of a blueprint",
            CardKind::Blueprint => "a grid of parts built up by Upgrade actions",
            CardKind::Species => "a player's species: its Upgrade activations and blueprints",
        }
    }
}

impl std::fmt::Display for CardKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// `charges: N [recurring [R]]`, `force: N [recurring [R]]`: a resource the card starts
/// with and how much of it comes back each round.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Charges {
    /// How many the card starts with.
    pub count: i64,
    /// How many are recovered each round (`recurring` alone is 1; negative loses some).
    pub recovers: i64,
}
packed! { struct Charges { count, recovers } }

impl Charges {
    /// Whether the amount changes each round.
    pub fn recurring(&self) -> bool {
        self.recovers != 0
    }
}

/// What a variable cost depends on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum CostBasis {
    /// The size of the ship equipping the card (keys are size indices).
    Size,
    /// A stat of the ship equipping the card (keys are the stat's values).
    Stat(u16),
}
packed! { enum CostBasis { Size, Stat(x) } }

/// `cost: by size small = 2, large = 4`: a cost that the equipping ship decides.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct VariableCost {
    /// What the cost depends on.
    pub basis: CostBasis,
    /// (key, cost) pairs in printed order.
    pub values: List<(i64, i64)>,
}
packed! { struct VariableCost { basis, values } }

/// What an upgrade adds to (or removes from) the ship that equips it (`grants:`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Grant {
    /// `slot crew 2`, `slot device -1`: upgrade icons added to (removed from) the bar.
    Slot(u16, i64),
    /// `action red evade`: an action added to the action bar.
    Action(u16, Difficulty),
    /// `stat hull +1`.
    Stat(u16, i64),
    /// `force +1`.
    Force(i64),
    /// `arc single-turret`.
    Arc(u16),
}
packed! { enum Grant { Slot(a, b), Action(a, b), Stat(a, b), Force(x), Arc(x) } }

/// A named ship ability on a chassis.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct NamedAbility {
    /// The ability's name.
    pub name: Text,
    /// Its printed text.
    pub text: Text,
}
packed! { struct NamedAbility { name, text } }

/// One card. Fields a kind does not use are empty.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Card {
    /// The card's id, unique in its set.
    pub id: Text,
    /// The printed name.
    pub name: Text,
    /// The role its kind plays in the rules.
    pub kind: CardKind,
    /// Its kind, as the game declares it: an index into [`Set::kinds`](super::Set::kinds).
    pub declared: u16,
    /// Faction affiliation: empty means any faction, two or more is dual.
    pub factions: List<u16>,
    /// Fleet point cost.
    pub cost: Option<i64>,
    /// A unique name (`unique`, or `limited: 1`).
    pub unique: bool,
    /// At most this many copies of the name (`limited: N`).
    pub limited: Option<u32>,
    /// Size class.
    pub size: Option<u16>,
    /// The ship icon; on an upgrade (a title) the ship icon it requires.
    pub ship_icon: Option<u16>,
    /// The chassis card a ship inherits from.
    pub chassis: Option<u32>,
    /// Traits.
    pub traits: List<u16>,
    /// A ship's upgrade bar, one entry per printed icon.
    pub upgrades: List<u16>,
    /// An upgrade's icon, or the group of icons it fills together.
    pub icons: List<u16>,
    /// An upgrade's restriction trait.
    pub requires: Option<Restriction>,
    /// Stat values by stat index, sorted by stat.
    pub stats: List<(u16, i64)>,
    /// Action bar.
    pub actions: List<BarAction>,
    /// The firing arcs (arc indices).
    pub arcs: List<u16>,
    /// Force the card starts with, and how much comes back each round.
    pub force: Option<Charges>,
    /// Charges the card starts with.
    pub charges: Option<Charges>,
    /// A cost the equipping ship decides (`cost: by size …`); `cost` is then empty.
    pub cost_by: Option<VariableCost>,
    /// What an upgrade adds to or removes from its ship.
    pub grants: List<Grant>,
    /// The formats the card is legal in (format indices).
    pub formats: List<u16>,
    /// A standard-loadout ship's fixed upgrades (card indices).
    pub standard_loadout: List<u32>,
    /// An upgrade only a standard loadout may include.
    pub standard_loadout_only: bool,
    /// The card this one is the other side of (a card index).
    pub back_of: Option<u32>,
    /// A blueprint's class.
    pub class: Option<u16>,
    /// A blueprint's grid: a preprinted part (card index) or an empty space.
    pub spaces: List<Option<u32>>,
    /// A blueprint's fixed parts outside the grid.
    pub fixed: List<u32>,
    /// A Drive part.
    pub drive: bool,
    /// An Ancient part.
    pub ancient: bool,
    /// The tech a part needs.
    pub tech: Option<u16>,
    /// A species' Upgrade activations per Upgrade action.
    pub upgrade_activations: Option<u32>,
    /// A species' blueprints (card indices).
    pub blueprints: List<u32>,
    /// The printed ability text.
    pub text: Option<Text>,
    /// Named ship abilities (chassis).
    pub ship_abilities: List<NamedAbility>,
    /// The abilities of its text and of its ship abilities, parsed, in printed order.
    pub abilities: Abilities,
    /// The id in the XWS squad format.
    pub xws: Option<Text>,
    /// The release it came in (`since: wave-2`), an index into its set's releases.
    pub since: Option<u16>,
    /// The first release it is no longer in (`until: wave-9`): it left the set then.
    pub until: Option<u16>,
    /// Out of the set (`withdrawn from <release>`, in the card as of a release it was out
    /// of; it may come back).
    pub withdrawn: bool,
    /// What it was before each release that changed it, in the order of the releases:
    /// the card itself is as of the last ([`Card::as_of`]).
    pub history: List<super::release::Version>,
}
packed! {
    struct Card {
        id, name, kind, declared, factions, cost, unique, limited, size, ship_icon, chassis, traits, upgrades, icons,
        requires, stats, actions, arcs, force, charges, cost_by, grants, formats, standard_loadout,
        standard_loadout_only, back_of, class, spaces, fixed, drive, ancient, tech, upgrade_activations, blueprints,
        text, ship_abilities, abilities, xws, since, until, withdrawn, history
    }
}

impl Card {
    /// An empty card of a kind, for building one field at a time; its declared kind is
    /// the prelude's for that role.
    pub fn empty(id: impl Into<Text>, name: impl Into<Text>, kind: CardKind) -> Card {
        Card {
            id: id.into(),
            name: name.into(),
            kind,
            declared: kind.index() as u16,
            factions: List::Borrowed(&[]),
            cost: None,
            unique: false,
            limited: None,
            size: None,
            ship_icon: None,
            chassis: None,
            traits: List::Borrowed(&[]),
            upgrades: List::Borrowed(&[]),
            icons: List::Borrowed(&[]),
            requires: None,
            stats: List::Borrowed(&[]),
            actions: List::Borrowed(&[]),
            arcs: List::Borrowed(&[]),
            force: None,
            charges: None,
            cost_by: None,
            grants: List::Borrowed(&[]),
            formats: List::Borrowed(&[]),
            standard_loadout: List::Borrowed(&[]),
            standard_loadout_only: false,
            back_of: None,
            class: None,
            spaces: List::Borrowed(&[]),
            fixed: List::Borrowed(&[]),
            drive: false,
            ancient: false,
            tech: None,
            upgrade_activations: None,
            blueprints: List::Borrowed(&[]),
            text: None,
            ship_abilities: List::Borrowed(&[]),
            abilities: Abilities::new(),
            xws: None,
            since: None,
            until: None,
            withdrawn: false,
            history: List::Borrowed(&[]),
        }
    }

    /// The value of a stat printed on this card.
    pub fn stat(&self, stat: u16) -> Option<i64> {
        self.stats.iter().find(|(s, _)| *s == stat).map(|(_, v)| *v)
    }
}
