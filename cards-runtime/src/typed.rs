//! The typed face of a compiled set. Every card is a zero-sized type
//! (`armada::cards::Dominator`) whose trait constants are the facts that identify it and
//! that are printed on it (its id, name, kind, cost, factions, size, bar, icons, stats,
//! charges and Force), typed by the set's own enums (`Dominator::ICONS` is
//! `&[armada::Icon::Title]`): they are tables of the generated code, read with no unpacking
//! and usable in `const` items and `match`. The rest (abilities, restrictions, traits,
//! actions, a blueprint's grid) stays in the packed set and is unpacked on first use
//! (`Card::data`). The generated code holds data only; the behaviour is here, written once
//! for every card.

use std::convert::Infallible;
use std::fmt::{Debug, Display};
use std::hash::Hash;

use crate::model::{Card as CardData, CardKind, Charges, Set};

/// A set's `CardId`: its cards as the variants of one enum, answering its id and name
/// from tables of the generated code (no unpacking).
pub trait Id: Copy + Eq + Ord + Hash + Debug + Display + 'static {
    /// The card's index in its set ([`Set::cards`]), for the dynamic model.
    fn index(self) -> u32;
    /// The card's id, as written in card files.
    fn as_str(self) -> &'static str;
    /// The card with this id.
    fn from_id(id: &str) -> Option<Self>;
    /// The set its cards belong to (unpacked on first use).
    fn set() -> &'static Set;
}

/// An entry of one of a set's vocabulary enums (`Faction`, `Icon`, …), or
/// [`Infallible`] where the set declares no entry of that kind.
pub trait Entry: Copy + Eq + Ord + Hash + Debug + 'static {
    /// The entry's index in the set's vocabulary, for the dynamic model.
    fn index(self) -> u16;
    /// The entry's id, as written in card files.
    fn as_str(self) -> &'static str;
}

impl Entry for Infallible {
    fn index(self) -> u16 {
        match self {}
    }
    fn as_str(self) -> &'static str {
        match self {}
    }
}

/// A cost that the equipping ship decides (`cost: by size small = 2, large = 4`), typed by
/// the set's `Size` and `Stat` enums.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CostBy<Size: 'static, Stat: 'static> {
    /// By the equipping ship's size: (size, cost) in printed order.
    Size(&'static [(Size, i64)]),
    /// By one of the equipping ship's stats: (the stat's value, cost) in printed order.
    Stat(Stat, &'static [(i64, i64)]),
}

impl<Size: Entry, Stat: Entry> CostBy<Size, Stat> {
    /// The cost for a ship of this size whose stats `stat` answers (as the model's cost
    /// does: a ship without the stat has no cost by it); `None` when the card prints no
    /// cost for it. A unit's [`Ship::SIZE`] and [`Card::STATS`] are what it has, its
    /// profile card's included: `cost_by.for_ship(P::SIZE, |s| P::STATS…)`.
    pub fn for_ship(self, size: Option<Size>, stat: impl Fn(Stat) -> Option<i64>) -> Option<i64> {
        match self {
            CostBy::Size(costs) => costs.iter().find(|(s, _)| Some(*s) == size).map(|(_, c)| *c),
            CostBy::Stat(by, costs) => {
                let value = stat(by)?;
                costs.iter().find(|(k, _)| *k == value).map(|(_, c)| *c)
            }
        }
    }
}

/// A set's `Faction` enum: what `fleet::Fleet::of` (feature `squads`) takes as a fleet's faction
/// (no other vocabulary enum implements it).
pub trait FactionEntry: Entry {}

/// A card as a type. Implemented by the generated per-kind handles (`Ship<N>`,
/// `Upgrade<N>`…) for every card index `N` of a set. The constants are the card's printed
/// facts, typed by the set's enums; nothing here unpacks the set but [`Card::data`] and
/// what reads it.
pub trait Card: Copy + Default + 'static {
    /// The set's `CardId`.
    type Id: Id;
    /// The set's `Kind`: the kinds of card it has.
    type Kind: Copy + Eq + Debug + 'static;
    /// The set's `Faction` ([`Infallible`] if it declares none).
    type Faction: Entry;
    /// The set's `Size`.
    type Size: Entry;
    /// The set's `Stat`.
    type Stat: Entry;
    /// The set's upgrade `Icon`.
    type Icon: Entry;

    /// The card's index in its set.
    const INDEX: u32;
    /// The card.
    const ID: Self::Id;
    /// Its id, as written in card files.
    const ID_STR: &'static str;
    /// Its printed name.
    const NAME: &'static str;
    /// Its kind.
    const KIND: Self::Kind;
    /// The role its kind plays in the rules.
    const ROLE: CardKind;
    /// Its point cost, when printed as one number.
    const COST: Option<i64>;
    /// Its cost, when the equipping ship decides it.
    const COST_BY: Option<CostBy<Self::Size, Self::Stat>>;
    /// Whether its name is unique (`unique`, or `limited: 1`).
    const UNIQUE: bool;
    /// At most this many copies of its name (`limited: N`).
    const LIMITED: Option<u32>;
    /// Its factions (a unit's own, else its profile card's): none is any faction, two or
    /// more is dual.
    const FACTIONS: &'static [Self::Faction];
    /// Its stats, in the set's stat order: a unit's own, and those of its profile card that
    /// it does not print (an X-Wing pilot's initiative and its chassis' attack, agility…).
    const STATS: &'static [(Self::Stat, i64)];
    /// The charges it starts with.
    const CHARGES: Option<Charges>;
    /// The Force it starts with.
    const FORCE: Option<Charges>;
    /// Its id in the XWS squad format.
    const XWS: Option<&'static str>;

    /// The set the card belongs to (unpacked on first use).
    fn set() -> &'static Set;

    /// The card's data in the dynamic model (unpacks the set).
    fn data() -> &'static CardData {
        &Self::set().cards[Self::INDEX as usize]
    }

    /// Its printed ability text (unpacks the set).
    fn text() -> Option<&'static str> {
        Self::data().text.as_deref()
    }
}

/// A ship card.
pub trait Ship: Card {
    /// Its size: its own, else its profile card's (an X-Wing pilot's is its chassis').
    const SIZE: Option<Self::Size>;
    /// Its upgrade bar, an icon per printed slot.
    const UPGRADES: &'static [Self::Icon];
    /// The profile card it names and inherits from, if any: an X-Wing pilot's chassis, a
    /// fantasy game's calling.
    const PROFILE: Option<Self::Id>;
}

/// A chassis card.
pub trait Chassis: Card {}

/// A card of a kind whose role is `unit` (`kind hero "Hero" unit`): what generated code
/// implements for a game that declares its own kinds. The same trait as [`Ship`].
pub use Ship as Unit;

/// A card of a kind whose role is `profile`: the same trait as [`Chassis`].
pub use Chassis as Profile;

/// The roles of a [`CardKind`] by the words a game's own kinds give them (`kind hero
/// "Hero" unit`): the generated code of such a game says `role::Unit`, not
/// `CardKind::Ship`.
pub mod role {
    pub use crate::model::CardKind::{Blueprint, Chassis as Profile, Part, Ship as Unit, Species, Upgrade};
}

/// An upgrade card.
pub trait Upgrade: Card {
    /// Its icon, or the icons of a group it fills together.
    const ICONS: &'static [Self::Icon];
}

/// An Eclipse ship part.
pub trait Part: Card {
    /// Whether it is a Drive.
    fn drive() -> bool {
        Self::data().drive
    }

    /// Whether it is an Ancient part.
    fn ancient() -> bool {
        Self::data().ancient
    }
}

/// An Eclipse blueprint.
pub trait Blueprint: Card {
    /// The grid: a preprinted part (card index) or an empty space.
    fn spaces() -> &'static [Option<u32>] {
        &Self::data().spaces
    }
}

/// An Eclipse species board.
pub trait Species: Card {
    /// Upgrade activations per Upgrade action.
    fn upgrade_activations() -> Option<u32> {
        Self::data().upgrade_activations
    }
}

/// Includes the modules cardc generated into `OUT_DIR` (one per card set), as a
/// `build.rs` calling `cardc::compile` wrote them.
#[macro_export]
macro_rules! include_cards {
    () => {
        include!(concat!(env!("OUT_DIR"), "/cardc-sets.rs"));
    };
}

/// The methods a set's enum of one vocabulary kind (`Faction`, `Icon`, …) shares, so that
/// generated code declares each enum and its tables and leaves the rest to one macro.
///
/// `vocab_impl!(Faction)` gives `Faction` (which has `const ALL: [Faction; N]`, `const
/// IDS: [&str; N]` and `const NAMES: [&str; N]`, in declaration order) `index`,
/// `from_index`, `as_str` and `name` (from its tables: the set is not unpacked for them),
/// `from_id`, `Display` (its name), and [`Entry`](crate::typed::Entry).
#[macro_export]
macro_rules! vocab_impl {
    ($ty:ident) => {
        impl $ty {
            /// The entry's index in the set's vocabulary.
            pub const fn index(self) -> u16 {
                self as u16
            }
            /// The entry with this index.
            pub fn from_index(index: u16) -> ::core::option::Option<$ty> {
                Self::ALL.get(index as usize).copied()
            }
            /// The entry's id, as written in card files (no unpacking: a table of the
            /// generated code).
            pub const fn as_str(self) -> &'static str {
                Self::IDS[self as usize]
            }
            /// The entry's display name.
            pub const fn name(self) -> &'static str {
                Self::NAMES[self as usize]
            }
            /// The entry with this id.
            pub fn from_id(id: &str) -> ::core::option::Option<$ty> {
                Self::IDS.iter().position(|e| *e == id).map(|i| Self::ALL[i])
            }
        }
        impl ::core::fmt::Display for $ty {
            fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                f.write_str(self.name())
            }
        }
        impl $crate::typed::Entry for $ty {
            fn index(self) -> u16 {
                self as u16
            }
            fn as_str(self) -> &'static str {
                Self::IDS[self as usize]
            }
        }
    };
}
