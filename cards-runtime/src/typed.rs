//! The typed face of a compiled set: every card is a zero-sized type (`armada::cards::Dominator`)
//! whose trait methods read the set's static data. The generated code holds data only; the
//! behaviour is here, written once for every card.

use crate::model::{Card as CardData, CardKind, Set};

/// A card as a type. Implemented by the generated per-kind handles (`Ship<N>`,
/// `Upgrade<N>`…) for every card index `N` of a set.
pub trait Card: Copy + Default + 'static {
    /// The card's index in its set.
    const INDEX: u32;

    /// The set the card belongs to.
    fn set() -> &'static Set;

    /// The card's data.
    fn data() -> &'static CardData {
        &Self::set().cards[Self::INDEX as usize]
    }

    /// The card's id.
    fn id() -> &'static str {
        &Self::data().id
    }

    /// The card's printed name.
    fn name() -> &'static str {
        &Self::data().name
    }

    /// Its kind.
    fn kind() -> CardKind {
        Self::data().kind
    }

    /// Its fleet point cost.
    fn cost() -> Option<i64> {
        Self::data().cost
    }

    /// Its printed ability text.
    fn text() -> Option<&'static str> {
        Self::data().text.as_deref()
    }
}

/// A ship card.
pub trait Ship: Card {
    /// The upgrade bar (icon indices).
    fn upgrades() -> &'static [u16] {
        &Self::data().upgrades
    }

    /// The chassis card's data, if the ship has one.
    fn chassis() -> Option<&'static CardData> {
        Self::set().chassis_of(Self::data())
    }
    /// The profile card the unit names (its chassis; a fantasy game's calling), if any.
    fn profile() -> Option<&'static CardData> {
        Self::chassis()
    }
}

/// A chassis card.
pub trait Chassis: Card {}

/// A card of a kind whose role is `unit` (`kind hero "Hero" unit`): what generated code
/// implements for a game that declares its own kinds. The same trait as [`Ship`].
pub use Ship as Unit;

/// A card of a kind whose role is `profile`: the same trait as [`Chassis`].
pub use Chassis as Profile;

/// An upgrade card.
pub trait Upgrade: Card {
    /// The icon, or the icons of a group (icon indices).
    fn icons() -> &'static [u16] {
        &Self::data().icons
    }

    /// Whether its name is unique.
    fn unique() -> bool {
        Self::data().unique
    }
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
/// `from_id`, and `Display` (its name).
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
    };
}
