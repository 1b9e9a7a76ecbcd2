//! The ability engine: when abilities trigger, in what order they resolve, what replaces
//! what, how long effects last and what is forbidden.
//!
//! The engine knows the rules of how card text is read (those of X-Wing Second Edition's
//! rules reference, see `LANGUAGE.md`), not any one game. A game implements [`GameState`]
//! to answer game questions (which ships there are, whose they are, the range between two
//! of them, whether an effect can resolve) and to carry effects out; a [`Chooser`] makes the
//! players' decisions. The engine owns the rest:
//!
//! - **windows**: [`Engine::window`] (or [`Engine::open`] … [`Engine::close`] for a window
//!   that lasts, such as `While you perform an attack`) collects the abilities whose timing
//!   names the window and resolves them;
//! - **the queue**: simultaneous abilities resolve in the order the chooser picks;
//!   mandatory ones always resolve, optional ones may be declined;
//! - **replacements**: [`Engine::happen`] applies at most one replacement effect when an
//!   event would happen, before anything is queued; a replaced event has not occurred, so
//!   nothing triggers on it;
//! - **costs**: a cost is paid only if its effect can resolve; a replaced cost still lets
//!   the effect resolve;
//! - **frequency**: once per opportunity (per window) by default, or once per round, phase
//!   or game;
//! - **durations**: effects lasting until the end of a phase or of the round, and what
//!   `can` and `cannot` clauses allow ([`Engine::permission`]): `cannot` beats any `can`;
//! - **ownership**: a ship spends only its own tokens and modifies only its own dice unless
//!   an effect says otherwise ([`Engine::may_affect`]);
//! - **destroyed ships**: their abilities stay active until they are removed.
//!
//! ```
//! use cards_runtime::ability::*;
//! use cards_runtime::engine::*;
//! use cards_runtime::model::VocabKind;
//!
//! const FOCUS: VocabRef = VocabRef::new(VocabKind::Token, 0);
//! const EVADE: VocabRef = VocabRef::new(VocabKind::Token, 1);
//! let gain = |text: &'static str, token| {
//!     Effect::new(EffectKind::Gain, text).with_amount(Amount::Exactly(1)).with_noun(Noun::new(text, vec![token]))
//! };
//! // "Before you would gain a focus token, gain an evade token instead."
//! let protocol = Ability {
//!     name: None,
//!     text: "Before you would gain a focus token, gain an evade token instead.".into(),
//!     file: "upgrades.cards".into(),
//!     span: SourceSpan { start: 0, end: 0 },
//!     header: None,
//!     requirement: None,
//!     timings: vec![].into(),
//!     optional: false,
//!     frequency: Frequency::OncePerOpportunity,
//!     costs: vec![].into(),
//!     replacement: Some(Replacement {
//!         before: true,
//!         subject: Subject::YOU,
//!         event: gain("focus token", FOCUS),
//!         or_events: vec![].into(),
//!     }),
//!     steps: vec![Step::new(vec![Clause::new(Subject::YOU, Qualifier::None, gain("evade token", EVADE))])].into(),
//! };
//!
//! /// One ship with focus and evade tokens.
//! struct Game<'a> {
//!     ability: &'a Ability,
//!     tokens: [u32; 2],
//! }
//!
//! impl<'a> GameState<'a> for Game<'a> {
//!     fn ships(&self) -> Vec<ShipId> {
//!         vec![ShipId(0)]
//!     }
//!     fn status(&self, _: ShipId) -> Status {
//!         Status::Active
//!     }
//!     fn player(&self, _: ShipId) -> Option<u32> {
//!         Some(0)
//!     }
//!     fn range(&self, _: ShipId, _: ShipId) -> Option<u8> {
//!         Some(0)
//!     }
//!     fn role(&self, _: Person) -> Option<ShipId> {
//!         None
//!     }
//!     fn abilities(&self, _: ShipId) -> Vec<Held<'a>> {
//!         vec![Held { card: "evasion-protocol", index: 0, ability: self.ability }]
//!     }
//!     fn holds(&self, _: ShipId, _: &Condition) -> bool {
//!         false
//!     }
//!     fn can_resolve(&self, _: &Event) -> bool {
//!         true
//!     }
//!     fn apply(&mut self, event: &Event) -> Vec<Event> {
//!         let token = event.effect.noun.as_ref().and_then(|n| n.refs.first());
//!         if let (EffectKind::Gain, Some(t)) = (event.effect.kind, token) {
//!             self.tokens[usize::from(t.index)] += 1;
//!         }
//!         Vec::new()
//!     }
//! }
//!
//! let mut game = Game { ability: &protocol, tokens: [0, 0] };
//! let mut engine = Engine::new();
//! let focus = Event { ship: ShipId(0), effect: gain("focus token", FOCUS) };
//! let happened = engine.happen(&mut game, &mut First, focus);
//! assert!(matches!(happened, Happened::Replaced(_)));
//! assert_eq!(game.tokens, [0, 1]);
//! ```

use std::collections::BTreeSet;

use crate::ability::{Ability, Effect};
use crate::model::Card;

mod game;
mod lasting;
mod matching;
mod queue;
mod window;

pub use game::{Chooser, Decline, First, GameState};
pub use lasting::{Grant, Lasting, Permission, Until};
pub use matching::matches;
pub use queue::{Happened, Pending, Refused};
pub use window::{Moment, Window};

/// How deep events may nest (an event whose effect makes an event happen, …) before the
/// engine stops making more happen.
pub const MAX_DEPTH: usize = 64;

/// How many events one event passed to [`Engine::happen`] by the game may cause in all.
/// With [`MAX_DEPTH`], a game whose effects trigger each other forever gets
/// [`Happened::Stopped`] rather than a stack overflow or a hang.
pub const MAX_EVENTS: usize = 10_000;

/// A ship (or any piece that carries abilities), numbered by the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct ShipId(pub u32);

/// Whether a ship is still in the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Status {
    /// In play.
    Active,
    /// Destroyed but not yet removed: its abilities are still active.
    Destroyed,
    /// Removed from the game: its abilities are gone and nothing can affect it.
    Removed,
}

/// An ability a ship has, and where it comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Held<'a> {
    /// The id of the card it is printed on.
    pub card: &'a str,
    /// Its index in that card's abilities.
    pub index: usize,
    /// The ability.
    pub ability: &'a Ability,
}

impl<'a> Held<'a> {
    /// Every ability of a card.
    pub fn all(card: &'a Card) -> impl Iterator<Item = Held<'a>> {
        card.abilities.iter().enumerate().map(|(index, ability)| Held { card: &card.id, index, ability })
    }
}

/// One ability of one ship: what frequency limits and durations are counted by.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Key<'a> {
    /// The ship that has it.
    pub ship: ShipId,
    /// The id of its card.
    pub card: &'a str,
    /// Its index in the card's abilities.
    pub index: usize,
}

/// Something that happens to (or is done by) a ship: `ship 2 gains a focus token`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Event {
    /// The ship it happens to.
    pub ship: ShipId,
    /// What happens, described as card text would describe it.
    pub effect: Effect,
}

/// The engine: frequency records, lasting effects and open windows of one game.
#[derive(Clone, Debug, Default)]
pub struct Engine<'a> {
    round: BTreeSet<Key<'a>>,
    phase: BTreeSet<Key<'a>>,
    game: BTreeSet<Key<'a>>,
    lasting: Vec<Lasting<'a>>,
    grants: Vec<Grant>,
    open: Vec<Window>,
    replacing: Vec<Key<'a>>,
    depth: usize,
    events: usize,
}

impl<'a> Engine<'a> {
    /// A new game's engine.
    pub fn new() -> Engine<'a> {
        Engine::default()
    }

    /// The lasting effects now active.
    pub fn lasting(&self) -> &[Lasting<'a>] {
        &self.lasting
    }

    /// The windows now open, innermost last.
    pub fn open_windows(&self) -> &[Window] {
        &self.open
    }

    /// The ships whose abilities are active: every one not removed.
    fn active<S: GameState<'a> + ?Sized>(&self, state: &S) -> Vec<ShipId> {
        let mut ships = state.ships();
        ships.sort();
        ships.dedup();
        ships.retain(|&s| state.status(s) != Status::Removed);
        ships
    }
}
