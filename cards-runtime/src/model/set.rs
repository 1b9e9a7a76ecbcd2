//! A compiled card set.

use super::card::{Card, CardKind};
use super::kinds::{Distance, Kind, Noun, Verb, Words};
use super::release::Release;
use super::rules::{Filter, Rule, Scope, Selector, SelectorKind};
use super::vocab::{List, Text, Vocabulary};

/// A compiled card set.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Set {
    /// The game's id.
    pub game: Text,
    /// The game's display name.
    pub name: Text,
    /// The vocabulary.
    pub vocab: Vocabulary,
    /// The kinds of card the game declares ([`PRELUDE`](super::kinds::PRELUDE) when it declares none).
    pub kinds: List<Kind>,
    /// What a list of units is called ([`Noun::FLEET`] when the game names nothing).
    pub roster: Noun,
    /// How its ability text measures distance, when it declares it (`within 2 spaces`).
    pub distance: Option<Distance>,
    /// The verbs its ability text uses that the built-in reading does not know (`verb heal`).
    pub verbs: List<Verb>,
    /// The icon whose card makes a ship the flagship.
    pub flagship_icon: Option<u16>,
    /// The cards, in the order they are declared.
    pub cards: List<Card>,
    /// The rules, in the order they are declared.
    pub rules: List<Rule>,
    /// Its releases, in the order of their dates: cards name them by index (`since`, the
    /// releases that changed them). Its cards are as of the last ([`Set::as_of`]).
    pub releases: List<Release>,
}

impl Default for Set {
    /// An empty set of a game with no name, of the prelude's kinds: what a set built field
    /// by field starts from (`Set { cards, ..Set::default() }`).
    fn default() -> Set {
        Set {
            game: Text::Borrowed(""),
            name: Text::Borrowed(""),
            vocab: Vocabulary::default(),
            kinds: List::Borrowed(&super::kinds::PRELUDE),
            roster: Noun::FLEET,
            distance: None,
            verbs: List::Borrowed(&[]),
            flagship_icon: None,
            cards: List::Borrowed(&[]),
            rules: List::Borrowed(&[]),
            releases: List::Borrowed(&[]),
        }
    }
}

impl Set {
    /// The index of the release with id `id`.
    pub fn release(&self, id: &str) -> Option<u16> {
        self.releases.iter().position(|r| r.id == id).map(|i| i as u16)
    }

    /// The index of the last release dated on or before `date` (`YYYY-MM-DD`); `None` when
    /// every release is later (or the set has none).
    pub fn release_on(&self, date: &str) -> Option<u16> {
        self.releases.iter().rposition(|r| *r.date <= *date).map(|i| i as u16)
    }

    /// The set as of release `release` (an index into [`Set::releases`]): each card as it
    /// was then ([`Card::as_of`]), with no history of its own. Its cards stay where they
    /// are, so that every index into them still holds: one that came after that release
    /// is there as it came, and one that had left is there as it last was
    /// ([`Card::in_set`] says whether a card is in the set then).
    pub fn as_of(&self, release: u16) -> Set {
        let Set { game, name, vocab, kinds, roster, distance, verbs, flagship_icon, cards, rules, releases } = self;
        let cards: Vec<Card> =
            cards.iter().map(|card| Card { history: List::Borrowed(&[]), ..card.as_of(release).clone() }).collect();
        Set {
            game: game.clone(),
            name: name.clone(),
            vocab: vocab.clone(),
            kinds: kinds.clone(),
            roster: roster.clone(),
            distance: distance.clone(),
            verbs: verbs.clone(),
            flagship_icon: *flagship_icon,
            cards: cards.into(),
            rules: rules.clone(),
            releases: releases.clone(),
        }
    }

    /// The kind a card is, as the game declares it.
    pub fn kind_of(&self, card: &Card) -> &Kind {
        self.kinds
            .get(card.declared as usize)
            .filter(|k| k.role == card.kind)
            .unwrap_or_else(|| Kind::prelude(card.kind))
    }

    /// The words its ability text names units and distances with.
    pub fn words(&self) -> Words<'_> {
        Words { unit: self.noun(CardKind::Ship), distance: self.distance.as_ref(), verbs: &self.verbs }
    }

    /// Whether the game declares kinds of its own (or the prelude's under other words).
    pub fn declares_kinds(&self) -> bool {
        self.kinds[..] != super::kinds::PRELUDE[..]
    }

    /// The word of the card language for a rule's scope, in the game's words (`ship`,
    /// `fleet`; a game's `hero`, `warband`).
    pub fn scope_word(&self, scope: Scope) -> &str {
        match scope {
            Scope::Ship => &self.noun(CardKind::Ship).id,
            Scope::Fleet => &self.roster.id,
            Scope::Blueprint => &self.noun(CardKind::Blueprint).id,
        }
    }

    /// The word of the card language for what a selector counts, in the game's words:
    /// its kind's (`upgrade`, a game's `item`), or `card`.
    pub fn selector_word(&self, selector: &Selector) -> &str {
        let declared = selector.filters.iter().find_map(|f| match f {
            Filter::Kind(k) => self.kinds.get(*k as usize),
            _ => None,
        });
        match (declared, selector.kind) {
            (Some(kind), _) => &kind.noun.id,
            (None, SelectorKind::Ship) => &self.noun(CardKind::Ship).id,
            (None, SelectorKind::Upgrade) => &self.noun(CardKind::Upgrade).id,
            (None, SelectorKind::Part) => &self.noun(CardKind::Part).id,
            (None, SelectorKind::Card) => "card",
        }
    }

    /// The noun for a role: the first kind the game declares with it, else the prelude's.
    pub fn noun(&self, role: CardKind) -> &Noun {
        &self.kinds.iter().find(|k| k.role == role).unwrap_or_else(|| Kind::prelude(role)).noun
    }

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
