//! Action bars: an action, its color and the action linked to it.

use crate::packed::packed;

/// The color of an action on an action bar (`red focus`); white unless printed otherwise.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Difficulty {
    /// A white action.
    #[default]
    White,
    /// A red action.
    Red,
    /// A purple action.
    Purple,
}
packed! { enum Difficulty { White, Red, Purple } }

impl Difficulty {
    /// Every difficulty.
    pub const ALL: [Difficulty; 3] = [Difficulty::White, Difficulty::Red, Difficulty::Purple];

    /// The word the card language writes (`red`).
    pub fn as_str(self) -> &'static str {
        match self {
            Difficulty::White => "white",
            Difficulty::Red => "red",
            Difficulty::Purple => "purple",
        }
    }

    /// The difficulty a word names.
    pub fn from_word(word: &str) -> Option<Difficulty> {
        Difficulty::ALL.into_iter().find(|d| d.as_str() == word)
    }
}

/// One action of an action bar: `focus > red barrel-roll`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct BarAction {
    /// The action (an index into the set's actions).
    pub action: u16,
    /// Its color.
    pub difficulty: Difficulty,
    /// The linked action that may follow it, and that one's color.
    pub linked: Option<(u16, Difficulty)>,
}
packed! { struct BarAction { action, difficulty, linked } }

impl BarAction {
    /// A white action with no link.
    pub const fn white(action: u16) -> BarAction {
        BarAction { action, difficulty: Difficulty::White, linked: None }
    }
}
