//! The state of equipped upgrade cards during a game (Armada): an exhausted card cannot
//! be exhausted again until it is readied; the Status Phase readies every card; a
//! discarded card lies facedown, can no longer be used, and still counts for scoring.

use std::fmt;

use crate::model::Set;

/// The state of one equipped card.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum CardState {
    /// Ready to be used.
    #[default]
    Ready,
    /// Used this round; ready again in the Status Phase.
    Exhausted,
    /// Discarded facedown: out of play, counted for scoring.
    Discarded,
}

/// Why a state change is not allowed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StateError {
    /// The card is already exhausted.
    AlreadyExhausted,
    /// The card has been discarded.
    Discarded,
    /// No equipped card has that position.
    NoSuchCard,
}

impl fmt::Display for StateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            StateError::AlreadyExhausted => "an exhausted card cannot be exhausted again",
            StateError::Discarded => "a discarded card cannot be used",
            StateError::NoSuchCard => "no such equipped card",
        })
    }
}

impl std::error::Error for StateError {}

/// The equipped cards of a fleet (card indices) and their states.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Equipped {
    cards: Vec<(u32, CardState)>,
}

impl Equipped {
    /// Every card ready.
    pub fn new(cards: impl IntoIterator<Item = u32>) -> Equipped {
        Equipped { cards: cards.into_iter().map(|c| (c, CardState::Ready)).collect() }
    }

    /// The state of the card at `pos`.
    pub fn state(&self, pos: usize) -> Option<CardState> {
        self.cards.get(pos).map(|(_, s)| *s)
    }

    /// Exhausts the card at `pos` (to pay a cost such as "exhaust this card to …").
    ///
    /// # Errors
    /// When it is already exhausted or discarded.
    pub fn exhaust(&mut self, pos: usize) -> Result<(), StateError> {
        let (_, state) = self.cards.get_mut(pos).ok_or(StateError::NoSuchCard)?;
        match state {
            CardState::Ready => {
                *state = CardState::Exhausted;
                Ok(())
            }
            CardState::Exhausted => Err(StateError::AlreadyExhausted),
            CardState::Discarded => Err(StateError::Discarded),
        }
    }

    /// Discards the card at `pos` facedown.
    ///
    /// # Errors
    /// When it is already discarded.
    pub fn discard(&mut self, pos: usize) -> Result<(), StateError> {
        let (_, state) = self.cards.get_mut(pos).ok_or(StateError::NoSuchCard)?;
        if *state == CardState::Discarded {
            return Err(StateError::Discarded);
        }
        *state = CardState::Discarded;
        Ok(())
    }

    /// The Status Phase: every exhausted card is readied; discarded cards stay discarded.
    pub fn ready_all(&mut self) {
        for (_, state) in &mut self.cards {
            if *state == CardState::Exhausted {
                *state = CardState::Ready;
            }
        }
    }

    /// The points the cards are worth for scoring: discarded cards still count.
    pub fn score(&self, set: &Set) -> i64 {
        self.cards.iter().filter_map(|(c, _)| set.cards.get(*c as usize)).filter_map(|c| c.cost).sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Card, CardKind, List, Vocabulary};

    fn set() -> Set {
        let mut a = Card::empty("a", "A", CardKind::Upgrade);
        a.cost = Some(5);
        let mut b = Card::empty("b", "B", CardKind::Upgrade);
        b.cost = Some(7);
        Set {
            game: "g".into(),
            name: "G".into(),
            vocab: Vocabulary::default(),
            kinds: std::borrow::Cow::Borrowed(&crate::model::kinds::PRELUDE),
            roster: crate::model::Noun::FLEET,
            distance: None,
            verbs: Vec::new().into(),
            flagship_icon: None,
            cards: vec![a, b].into(),
            rules: List::Borrowed(&[]),
            releases: Vec::new().into(),
        }
    }

    #[test]
    fn exhaust_ready_discard() {
        let mut e = Equipped::new([0, 1]);
        assert_eq!(e.exhaust(0), Ok(()));
        assert_eq!(e.exhaust(0), Err(StateError::AlreadyExhausted));
        e.ready_all();
        assert_eq!(e.state(0), Some(CardState::Ready));
        assert_eq!(e.discard(1), Ok(()));
        assert_eq!(e.exhaust(1), Err(StateError::Discarded));
        e.ready_all();
        assert_eq!(e.state(1), Some(CardState::Discarded));
        assert_eq!(e.score(&set()), 12, "a discarded card still counts");
        assert_eq!(e.exhaust(9), Err(StateError::NoSuchCard));
    }
}
