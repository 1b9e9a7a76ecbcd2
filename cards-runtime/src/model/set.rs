//! A compiled card set.

use super::card::Card;
use super::rules::Rule;
use super::vocab::{List, Text, Vocabulary};
use serde::{Deserialize, Serialize};

/// A compiled card set.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Set {
    /// The game's id.
    pub game: Text,
    /// The game's display name.
    pub name: Text,
    /// The vocabulary.
    pub vocab: Vocabulary,
    /// The icon whose card makes a ship the flagship.
    pub flagship_icon: Option<u16>,
    /// The cards, in the order they are declared.
    pub cards: List<Card>,
    /// The rules, in the order they are declared.
    pub rules: List<Rule>,
}

impl Set {
    /// The card with this id.
    pub fn card(&self, id: &str) -> Option<(u32, &Card)> {
        self.cards.iter().enumerate().find(|(_, c)| c.id == id).map(|(i, c)| (i as u32, c))
    }

    /// The chassis of a ship, if it has one.
    pub fn chassis_of(&self, ship: &Card) -> Option<&Card> {
        ship.chassis.and_then(|c| self.cards.get(c as usize))
    }

    /// Whether a card has a trait: its own traits and its chassis' together (X-Wing prints
    /// a ship type's keywords, such as TIE, on every pilot of it and a pilot's own, such as
    /// Jedi, on that pilot alone). Restrictions, rule conditions and rule selectors all
    /// ask this.
    pub fn has_trait(&self, card: &Card, t: u16) -> bool {
        card.traits.contains(&t) || self.chassis_of(card).is_some_and(|c| c.traits.contains(&t))
    }
}
