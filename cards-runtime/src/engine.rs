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
//!     replacement: Some(Replacement { before: true, subject: Subject::YOU, event: gain("focus token", FOCUS) }),
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

use crate::ability::VocabRef;
use crate::ability::{
    Ability, Clause, CondKind, Condition, Duration, Effect, EffectKind, Frequency, Person, Qualifier, Side, Step,
    Subject, Test, Timing, When,
};
use crate::model::{Card, VocabKind};

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

/// What a timing window is about.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Moment {
    /// A phase, by its index in the game's phases.
    Phase(u16),
    /// An event.
    Event(Box<Event>),
}

/// A timing window: `at the start of the Engagement Phase`, `after ship 1 performs an action`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Window {
    /// Start, end, during, before, after, while, when.
    pub when: When,
    /// Of what.
    pub moment: Moment,
}

impl Window {
    /// A window of a phase: `Window::phase(When::StartOf, engagement)`.
    pub fn phase(when: When, phase: u16) -> Window {
        Window { when, moment: Moment::Phase(phase) }
    }

    /// A window of an event: `Window::event(When::While, attack)`.
    pub fn event(when: When, event: Event) -> Window {
        Window { when, moment: Moment::Event(Box::new(event)) }
    }
}

/// An ability waiting to resolve, as the chooser sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pending<'a> {
    /// The ship that has it.
    pub ship: ShipId,
    /// The ability.
    pub held: Held<'a>,
    /// The ship its `it` / `that ship` names: the ship of the event that triggered it.
    pub that: Option<ShipId>,
    /// It must resolve (it is not optional).
    pub mandatory: bool,
}

impl<'a> Pending<'a> {
    /// Its frequency key.
    pub fn key(&self) -> Key<'a> {
        Key { ship: self.ship, card: self.held.card, index: self.held.index }
    }
}

/// The answers a game gives the engine, and the effects it carries out.
///
/// `'a` is how long the abilities live (`'static` for a compiled set).
pub trait GameState<'a> {
    /// Every ship in the game, removed ones included or not.
    fn ships(&self) -> Vec<ShipId>;
    /// Whether a ship is active, destroyed or removed.
    fn status(&self, ship: ShipId) -> Status;
    /// The player a ship belongs to: ships of one player are friendly to each other.
    fn player(&self, ship: ShipId) -> Option<u32>;
    /// The range between two ships; `None` when beyond every range.
    fn range(&self, from: ShipId, to: ShipId) -> Option<u8>;
    /// The ship a role names now: `the attacker`, `the defender`.
    fn role(&self, person: Person) -> Option<ShipId>;
    /// A ship's abilities (its pilot's, its chassis' and its upgrades').
    fn abilities(&self, ship: ShipId) -> Vec<Held<'a>>;
    /// Whether a condition (`this attack hits`, `you are stressed`, `you performed a red
    /// [Barrel Roll] action`) holds for an ability of `ship`. `If you do` never reaches it:
    /// the engine knows whether the step before did something; nor does a count of ships
    /// the subject's person, side and range say all of (`there are no other friendly ships
    /// at range 0-2`), which the engine counts from [`GameState::ships`].
    fn holds(&self, ship: ShipId, condition: &Condition) -> bool;
    /// Whether `ship` is one of the ships a subject's words describe beyond its person, side
    /// and range (`an enemy ship in your [Bullseye Arc]`, `your carrier ship`: see
    /// [`Subject::says_more`]), seen from `owner`'s ability. The engine cannot tell that from
    /// the words, so by default no ship is: such a subject is never widened to every enemy
    /// ship.
    fn described(&self, owner: ShipId, subject: &Subject, ship: ShipId) -> bool {
        let _ = (owner, subject, ship);
        false
    }
    /// Whether an effect can resolve now (`recover 1 shield` cannot with no shield lost).
    fn can_resolve(&self, event: &Event) -> bool;
    /// Carry an event out. Returns the events it causes (performing a focus action gains a
    /// focus token), which the engine then makes happen, in order, before the event's
    /// `after` window opens.
    fn apply(&mut self, event: &Event) -> Vec<Event>;
}

/// The players' decisions.
pub trait Chooser {
    /// Which of the pending abilities of a window resolves next. `None` declines every
    /// optional one left in the window; mandatory ones still resolve.
    fn next(&mut self, pending: &[Pending<'_>]) -> Option<usize>;
    /// Which replacement applies to `event`, of several that could. `None` declines them,
    /// which counts only when none is mandatory.
    fn replacement(&mut self, event: &Event, candidates: &[Pending<'_>]) -> Option<usize>;
    /// Whether `ship` takes an option (`may`) of an ability already resolving.
    fn accept(&mut self, ship: ShipId, clause: &Clause) -> bool;
    /// Which ship a clause about `a ship` or `another ship` picks. `None` picks none of an
    /// optional clause (a mandatory one then picks the first).
    fn target(&mut self, clause: &Clause, candidates: &[ShipId]) -> Option<usize>;
}

/// A chooser that always takes the first choice and every option.
#[derive(Clone, Copy, Debug, Default)]
pub struct First;

impl Chooser for First {
    fn next(&mut self, _: &[Pending<'_>]) -> Option<usize> {
        Some(0)
    }
    fn replacement(&mut self, _: &Event, _: &[Pending<'_>]) -> Option<usize> {
        Some(0)
    }
    fn accept(&mut self, _: ShipId, _: &Clause) -> bool {
        true
    }
    fn target(&mut self, _: &Clause, _: &[ShipId]) -> Option<usize> {
        Some(0)
    }
}

/// A chooser that declines everything it may: only mandatory abilities resolve.
#[derive(Clone, Copy, Debug, Default)]
pub struct Decline;

impl Chooser for Decline {
    fn next(&mut self, pending: &[Pending<'_>]) -> Option<usize> {
        pending.iter().position(|p| p.mandatory)
    }
    fn replacement(&mut self, _: &Event, candidates: &[Pending<'_>]) -> Option<usize> {
        candidates.iter().position(|p| p.mandatory)
    }
    fn accept(&mut self, _: ShipId, _: &Clause) -> bool {
        false
    }
    fn target(&mut self, _: &Clause, _: &[ShipId]) -> Option<usize> {
        None
    }
}

/// What became of an event passed to [`Engine::happen`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Happened<'a> {
    /// It happened, and its windows opened.
    Occurred,
    /// This replacement happened instead: the event did not occur.
    Replaced(Key<'a>),
    /// Events nested deeper than [`MAX_DEPTH`], or more than [`MAX_EVENTS`] of them: it
    /// did not happen.
    Stopped,
    /// A `cannot` in force forbids it: it did not happen.
    Forbidden,
}

/// Why [`Engine::activate`] did not resolve an ability.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refused {
    /// The ship is removed, or does not have the ability.
    NotHeld,
    /// Its frequency is used up (`once per round`).
    AlreadyUsed,
    /// Its cost cannot be paid, or its effect cannot resolve.
    CannotPay,
}

/// When a lasting effect ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Until {
    /// At the end of this phase.
    EndOfPhase(u16),
    /// At the end of the round.
    EndOfRound,
}

impl Until {
    /// When an effect with this duration ends. A duration naming no phase (`this round`, or
    /// one the grammar did not read) lasts the round.
    pub fn of(duration: Option<&Duration>) -> Until {
        match duration.and_then(|d| d.until_end_of) {
            Some(phase) => Until::EndOfPhase(phase),
            None => Until::EndOfRound,
        }
    }
}

/// A clause that lasts: `the defender cannot spend evade tokens until the end of the
/// Engagement Phase`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Lasting<'a> {
    /// The ship it applies to.
    pub ship: ShipId,
    /// The ability it comes from.
    pub source: Key<'a>,
    /// The clause.
    pub clause: &'a Clause,
    /// When it ends.
    pub until: Until,
}

/// An explicit permission for one ship to affect another's tokens or dice.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Grant {
    /// The ship allowed.
    pub actor: ShipId,
    /// The ship whose tokens or dice it may affect.
    pub target: ShipId,
    /// What it may do (`spend a focus token`).
    pub effect: Effect,
    /// When the permission ends.
    pub until: Until,
}

/// What the active `can` and `cannot` clauses say about an effect.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Permission {
    /// A `cannot` forbids it, whatever any `can` says.
    Forbidden,
    /// A `can` allows it, and no `cannot` forbids it.
    Granted,
    /// Nothing says: the game's own rules decide.
    Unstated,
}

impl Permission {
    /// Whether the effect is allowed, given what the game's own rules allow.
    pub fn allows(self, by_default: bool) -> bool {
        match self {
            Permission::Forbidden => false,
            Permission::Granted => true,
            Permission::Unstated => by_default,
        }
    }
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

    /// Open a window, resolve the abilities it triggers, and close it.
    pub fn window<S: GameState<'a> + ?Sized>(&mut self, state: &mut S, chooser: &mut dyn Chooser, window: Window) {
        self.open(state, chooser, window);
        self.close();
    }

    /// Open a window and resolve the abilities it triggers; it stays open (a `while` or
    /// `during` window, whose `can` and `cannot` clauses hold) until [`Engine::close`].
    ///
    /// The pending abilities resolve one at a time in the order the chooser picks. After
    /// each, the window is read again: an ability that now triggers (its cost became
    /// payable) joins, and one that already resolved or was declined does not come back.
    pub fn open<S: GameState<'a> + ?Sized>(&mut self, state: &mut S, chooser: &mut dyn Chooser, window: Window) {
        self.open.push(window.clone());
        let mut done = BTreeSet::new();
        let mut declined = false;
        loop {
            let pending: Vec<Pending<'a>> = self
                .triggered(state, &window)
                .into_iter()
                .filter(|p| !done.contains(&p.key()) && (p.mandatory || !declined))
                .filter(|p| self.fresh(p) && self.payable(state, p))
                .collect();
            if pending.is_empty() {
                break;
            }
            let pick = match chooser.next(&pending) {
                Some(i) if i < pending.len() => i,
                _ => {
                    declined = true;
                    match pending.iter().position(|p| p.mandatory) {
                        Some(i) => i,
                        None => break,
                    }
                }
            };
            let p = pending[pick];
            done.insert(p.key());
            self.record(&p);
            self.resolve(state, chooser, &p);
        }
    }

    /// Close the innermost open window. Closing the end of a phase ends the effects that
    /// last until the end of that phase and the `once per phase` limits.
    pub fn close(&mut self) -> Option<Window> {
        let window = self.open.pop()?;
        if let (When::EndOf, Moment::Phase(p)) = (window.when, &window.moment) {
            self.expire(Until::EndOfPhase(*p));
            self.phase.clear();
        }
        Some(window)
    }

    /// End the round: `once per round` limits reset and effects lasting the round end.
    pub fn end_round(&mut self) {
        self.round.clear();
        self.phase.clear();
        self.expire(Until::EndOfRound);
    }

    /// Make an event happen. If a replacement effect applies (at most one; the chooser
    /// picks among several, and may decline optional ones), it resolves instead and the
    /// event has not occurred: nothing triggers on it. Otherwise the event's `before`
    /// window opens, the state applies it (and the events it causes happen in turn), and
    /// its `after` window opens.
    pub fn happen<S: GameState<'a> + ?Sized>(
        &mut self,
        state: &mut S,
        chooser: &mut dyn Chooser,
        event: Event,
    ) -> Happened<'a> {
        if self.depth == 0 {
            self.events = 0;
        }
        if self.depth >= MAX_DEPTH || self.events >= MAX_EVENTS {
            return Happened::Stopped;
        }
        self.events += 1;
        self.depth += 1;
        let happened = self.happen_now(state, chooser, event);
        self.depth -= 1;
        happened
    }

    fn happen_now<S: GameState<'a> + ?Sized>(
        &mut self,
        state: &mut S,
        chooser: &mut dyn Chooser,
        event: Event,
    ) -> Happened<'a> {
        let candidates = self.replacements(state, &event);
        if !candidates.is_empty() {
            let pick = match chooser.replacement(&event, &candidates) {
                Some(i) if i < candidates.len() => Some(i),
                _ => candidates.iter().position(|p| p.mandatory),
            };
            if let Some(p) = pick.map(|i| candidates[i]) {
                self.record(&p);
                self.replacing.push(p.key());
                self.resolve(state, chooser, &p);
                self.replacing.pop();
                return Happened::Replaced(p.key());
            }
        }
        // "Cannot" is absolute: no effect, an ability's or the game's, happens against it.
        if self.permission(state, event.ship, &event.effect) == Permission::Forbidden {
            return Happened::Forbidden;
        }
        self.window(state, chooser, Window::event(When::Before, event.clone()));
        for caused in state.apply(&event) {
            self.happen(state, chooser, caused);
        }
        self.window(state, chooser, Window::event(When::After, event));
        Happened::Occurred
    }

    /// Whether `ship` could activate an ability now (one under a header, such as `Action:`):
    /// it has the ability, its frequency allows, and its cost can be paid.
    pub fn usable<S: GameState<'a> + ?Sized>(&self, state: &S, ship: ShipId, held: Held<'a>) -> Result<(), Refused> {
        let has = state
            .abilities(ship)
            .iter()
            .any(|h| h.card == held.card && h.index == held.index && h.ability == held.ability);
        if state.status(ship) == Status::Removed || !has {
            return Err(Refused::NotHeld);
        }
        let p = Pending { ship, held, that: None, mandatory: true };
        if !self.fresh(&p) {
            return Err(Refused::AlreadyUsed);
        }
        if !self.payable(state, &p) {
            return Err(Refused::CannotPay);
        }
        Ok(())
    }

    /// Activate an ability (the game chose to use it: an `Action:` it performs, an
    /// `Attack:` it attacks with, a `Setup:`): pay its cost and resolve it.
    pub fn activate<S: GameState<'a> + ?Sized>(
        &mut self,
        state: &mut S,
        chooser: &mut dyn Chooser,
        ship: ShipId,
        held: Held<'a>,
    ) -> Result<(), Refused> {
        self.usable(state, ship, held)?;
        let p = Pending { ship, held, that: None, mandatory: !held.ability.optional };
        self.record(&p);
        self.resolve(state, chooser, &p);
        Ok(())
    }

    /// What the active `can` and `cannot` clauses say about `ship` doing `effect`: those of
    /// lasting effects, of abilities in force while an open window lasts (`While you boost,
    /// you can …`), and of abilities with no timing at all. A `cannot` beats any `can`.
    pub fn permission<S: GameState<'a> + ?Sized>(&self, state: &S, ship: ShipId, effect: &Effect) -> Permission {
        let mut granted = false;
        for l in &self.lasting {
            if l.ship == ship && matches(&l.clause.effect, effect) {
                match l.clause.qualifier {
                    Qualifier::Cannot => return Permission::Forbidden,
                    Qualifier::Can => granted = true,
                    _ => {}
                }
            }
        }
        for owner in self.active(state) {
            for held in state.abilities(owner) {
                let Some(that) = self.in_force(state, owner, held.ability) else { continue };
                for clause in held.ability.clauses().filter(|c| c.duration.is_none()) {
                    let rule = matches!(clause.qualifier, Qualifier::Can | Qualifier::Cannot);
                    if rule && self.fits(state, owner, &clause.subject, ship, that) && matches(&clause.effect, effect) {
                        if clause.qualifier == Qualifier::Cannot {
                            return Permission::Forbidden;
                        }
                        granted = true;
                    }
                }
            }
        }
        if granted {
            Permission::Granted
        } else {
            Permission::Unstated
        }
    }

    /// Let one ship affect another's tokens or dice (`spend a focus token`) until `until`.
    pub fn permit(&mut self, grant: Grant) {
        self.grants.push(grant);
    }

    /// Whether `actor` may do `effect` to `target`'s tokens or dice: always to its own,
    /// to another ship's only with a [`Grant`]; never when a `cannot` forbids `target`
    /// that effect.
    pub fn may_affect<S: GameState<'a> + ?Sized>(
        &self,
        state: &S,
        actor: ShipId,
        target: ShipId,
        effect: &Effect,
    ) -> bool {
        if state.status(target) == Status::Removed || self.permission(state, target, effect) == Permission::Forbidden {
            return false;
        }
        actor == target
            || self.grants.iter().any(|g| g.actor == actor && g.target == target && matches(&g.effect, effect))
    }

    fn expire(&mut self, until: Until) {
        self.lasting.retain(|l| l.until != until);
        self.grants.retain(|g| g.until != until);
    }

    /// The ships whose abilities are active: every one not removed.
    fn active<S: GameState<'a> + ?Sized>(&self, state: &S) -> Vec<ShipId> {
        let mut ships = state.ships();
        ships.sort();
        ships.dedup();
        ships.retain(|&s| state.status(s) != Status::Removed);
        ships
    }

    /// The abilities a window triggers.
    fn triggered<S: GameState<'a> + ?Sized>(&self, state: &S, window: &Window) -> Vec<Pending<'a>> {
        let mut out = Vec::new();
        for ship in self.active(state) {
            for held in state.abilities(ship) {
                let a = held.ability;
                if a.header.is_some() || a.replacement.is_some() || is_rule(a) {
                    continue;
                }
                if let Some(that) = a.timings.iter().find_map(|t| self.timing_matches(state, ship, t, window)) {
                    out.push(Pending { ship, held, that, mandatory: !a.optional });
                }
            }
        }
        out
    }

    /// The replacement effects that could replace an event.
    fn replacements<S: GameState<'a> + ?Sized>(&self, state: &S, event: &Event) -> Vec<Pending<'a>> {
        let mut out = Vec::new();
        for ship in self.active(state) {
            for held in state.abilities(ship) {
                let Some(r) = &held.ability.replacement else { continue };
                let p = Pending { ship, held, that: Some(event.ship), mandatory: !held.ability.optional };
                if self.replacing.contains(&p.key())
                    || !self.fits(state, ship, &r.subject, event.ship, None)
                    || !matches(&r.event, &event.effect)
                    || !self.fresh(&p)
                    || !self.payable(state, &p)
                {
                    continue;
                }
                // Replacing an event with nothing is not a replacement.
                let first = held.ability.clauses().next();
                if first.is_some_and(|c| !self.resolvable(state, p.ship, &c.subject, p.that, c)) {
                    continue;
                }
                out.push(p);
            }
        }
        out
    }

    /// Whether a timing names a window; if so, the ship of its event.
    fn timing_matches<S: GameState<'a> + ?Sized>(
        &self,
        state: &S,
        owner: ShipId,
        timing: &Timing,
        window: &Window,
    ) -> Option<Option<ShipId>> {
        if timing.when != window.when {
            return None;
        }
        match &window.moment {
            Moment::Phase(p) => (timing.phase == Some(*p)).then_some(None),
            Moment::Event(e) => {
                // A structured event (`you boost`, or any of its `or` alternatives such as
                // `barrel roll`), or else the words.
                let structured = timing
                    .event
                    .iter()
                    .chain(timing.or_events.iter())
                    .any(|c| self.fits(state, owner, &c.subject, e.ship, None) && matches(&c.effect, &e.effect));
                let named = structured
                    || timing.phase.is_none() && e.ship == owner && names_by_text(&timing.what, &e.effect.text);
                named.then_some(Some(e.ship))
            }
        }
    }

    /// The ability's `can` and `cannot` clauses are in force: it has no timing, or a `while`
    /// or `during` timing that names an open window. Returns the ship `that` names.
    fn in_force<S: GameState<'a> + ?Sized>(
        &self,
        state: &S,
        owner: ShipId,
        ability: &Ability,
    ) -> Option<Option<ShipId>> {
        if ability.header.is_some() || ability.replacement.is_some() {
            return None;
        }
        if ability.timings.is_empty() {
            return Some(None);
        }
        ability
            .timings
            .iter()
            .filter(|t| matches!(t.when, When::While | When::During))
            .find_map(|t| self.open.iter().rev().find_map(|w| self.timing_matches(state, owner, t, w)))
    }

    fn fresh(&self, p: &Pending<'a>) -> bool {
        let key = p.key();
        match p.held.ability.frequency {
            Frequency::OncePerOpportunity => true,
            Frequency::OncePerRound => !self.round.contains(&key),
            Frequency::OncePerPhase => !self.phase.contains(&key),
            Frequency::OncePerGame => !self.game.contains(&key),
        }
    }

    fn record(&mut self, p: &Pending<'a>) {
        let key = p.key();
        match p.held.ability.frequency {
            Frequency::OncePerOpportunity => {}
            Frequency::OncePerRound => {
                self.round.insert(key);
            }
            Frequency::OncePerPhase => {
                self.phase.insert(key);
            }
            Frequency::OncePerGame => {
                self.game.insert(key);
            }
        }
    }

    /// Whether an ability's costs can be paid: a cost only when the effect it pays for can
    /// resolve too.
    fn payable<S: GameState<'a> + ?Sized>(&self, state: &S, p: &Pending<'a>) -> bool {
        let ability = p.held.ability;
        let first = ability.clauses().next();
        if !ability.costs.is_empty() {
            for cost in ability.costs.iter() {
                let forbidden = self.permission(state, p.ship, cost) == Permission::Forbidden;
                if forbidden || !state.can_resolve(&Event { ship: p.ship, effect: cost.clone() }) {
                    return false;
                }
            }
            if first.is_some_and(|c| !self.resolvable(state, p.ship, &c.subject, p.that, c)) {
                return false;
            }
        }
        match first {
            Some(c) if !c.costs.is_empty() => self.resolvable(state, p.ship, &c.subject, p.that, c),
            _ => true,
        }
    }

    /// Whether a clause can resolve for at least one of the ships it can be about.
    fn resolvable<S: GameState<'a> + ?Sized>(
        &self,
        state: &S,
        owner: ShipId,
        subject: &Subject,
        that: Option<ShipId>,
        clause: &Clause,
    ) -> bool {
        if matches!(clause.qualifier, Qualifier::Can | Qualifier::Cannot) {
            return true;
        }
        self.candidates(state, owner, subject, that).into_iter().any(|t| self.can_do(state, t, clause))
    }

    /// Resolve a chosen ability: pay its cost, then each step whose condition holds.
    fn resolve<S: GameState<'a> + ?Sized>(&mut self, state: &mut S, chooser: &mut dyn Chooser, p: &Pending<'a>) {
        let ability: &'a Ability = p.held.ability;
        for cost in ability.costs.iter() {
            self.happen(state, chooser, Event { ship: p.ship, effect: cost.clone() });
        }
        // Choosing an ability that is optional because of a `may` in its first step takes
        // that `may`; any other `may` (under an optional header, or later) is asked.
        let first_may = ability.steps.first().is_some_and(|s| s.clauses.iter().any(|c| c.qualifier == Qualifier::May));
        let mut taken = !p.mandatory && first_may;
        let mut previous = true;
        for (i, step) in ability.steps.iter().enumerate() {
            if i > 0 {
                taken = false;
            }
            let go = step.conditions.iter().all(|c| {
                let holds = match &c.test {
                    Test::YouDo { not } => previous != *not,
                    // `there are no other friendly ships at range 0-2`: counted from the
                    // game's ships, sides and ranges; words that say more are the game's.
                    Test::Exists { count, who } if !who.says_more() => {
                        let n = self.candidates(state, p.ship, who, None).len();
                        count.op.holds(n as i64, i64::from(count.n))
                    }
                    _ => state.holds(p.ship, c),
                };
                match c.kind {
                    CondKind::If => holds,
                    CondKind::Unless => !holds,
                    CondKind::Otherwise => !previous,
                }
            });
            previous = go && self.step(state, chooser, p, step, &mut taken);
        }
    }

    /// Resolve one step's clauses; whether any of them did something.
    fn step<S: GameState<'a> + ?Sized>(
        &mut self,
        state: &mut S,
        chooser: &mut dyn Chooser,
        p: &Pending<'a>,
        step: &'a Step,
        taken: &mut bool,
    ) -> bool {
        let mut did = false;
        for clause in step.clauses.iter() {
            did |= self.clause(state, chooser, p, clause, taken);
        }
        did
    }

    fn clause<S: GameState<'a> + ?Sized>(
        &mut self,
        state: &mut S,
        chooser: &mut dyn Chooser,
        p: &Pending<'a>,
        clause: &'a Clause,
        taken: &mut bool,
    ) -> bool {
        let (subject, qualifier) = (&clause.subject, clause.qualifier);
        match qualifier {
            Qualifier::Can | Qualifier::Cannot => {
                // A standing ability's rules are read by `permission` while it is in force.
                if clause.duration.is_none() && stands(p.held.ability) {
                    return false;
                }
                let until = Until::of(clause.duration.as_ref());
                for ship in self.candidates(state, p.ship, subject, p.that) {
                    self.lasting.push(Lasting { ship, source: p.key(), clause, until });
                }
                return true;
            }
            Qualifier::May if *taken => *taken = false,
            Qualifier::May if !chooser.accept(p.ship, clause) => return false,
            _ => {}
        }
        let mut ships = self.candidates(state, p.ship, subject, p.that);
        ships.retain(|&t| self.can_do(state, t, clause));
        if matches!(subject.person, Person::A | Person::Another) && !ships.is_empty() {
            let pick = match chooser.target(clause, &ships) {
                Some(i) if i < ships.len() => i,
                _ if qualifier == Qualifier::May => return false,
                _ => 0,
            };
            ships = vec![ships[pick]];
        }
        for &ship in &ships {
            for cost in clause.costs.iter() {
                // A replaced cost still counts as paid.
                self.happen(state, chooser, Event { ship, effect: cost.clone() });
            }
            self.happen(state, chooser, Event { ship, effect: clause.effect.clone() });
            if clause.duration.is_some() {
                let until = Until::of(clause.duration.as_ref());
                self.lasting.push(Lasting { ship, source: p.key(), clause, until });
            }
        }
        !ships.is_empty()
    }

    /// Whether `ship` can pay a clause's cost and resolve its effect: the game says it can,
    /// and no `cannot` in force forbids either.
    fn can_do<S: GameState<'a> + ?Sized>(&self, state: &S, ship: ShipId, clause: &Clause) -> bool {
        let allowed = |e: &Effect| self.permission(state, ship, e) != Permission::Forbidden;
        can_pay(state, ship, clause) && clause.costs.iter().all(allowed) && allowed(&clause.effect)
    }

    /// Whether `ship` is one a subject names, seen from the ability's owner.
    fn fits<S: GameState<'a> + ?Sized>(
        &self,
        state: &S,
        owner: ShipId,
        subject: &Subject,
        ship: ShipId,
        that: Option<ShipId>,
    ) -> bool {
        if state.status(ship) == Status::Removed {
            return false;
        }
        let near = || {
            let side = match subject.side {
                Side::Any => true,
                Side::Friendly => state.player(ship).is_some() && state.player(ship) == state.player(owner),
                Side::Enemy => state.player(ship).is_some_and(|p| state.player(owner).is_some_and(|o| o != p)),
            };
            let range = match subject.range {
                None => true,
                Some((lo, hi)) => {
                    let d = if ship == owner { Some(0) } else { state.range(owner, ship) };
                    d.is_some_and(|d| lo <= d && d <= hi)
                }
            };
            side && range
        };
        let fits = match subject.person {
            // A thing (`this card's [Charge]`, `your dice`) is the card's own ship's.
            Person::You | Person::Thing => ship == owner,
            Person::That => that == Some(ship),
            Person::Attacker | Person::Defender => state.role(subject.person) == Some(ship),
            Person::A | Person::Each => near(),
            Person::Another | Person::EachOther => ship != owner && near(),
        };
        if !subject.says_more() {
            return fits;
        }
        // Words the reading keeps: the game says which ships they describe (`you or a
        // friendly Essara Till`: you, or a ship the game says is one).
        match subject.person {
            Person::You => fits || state.described(owner, subject, ship),
            _ => fits && state.described(owner, subject, ship),
        }
    }

    /// Every ship a subject can name.
    fn candidates<S: GameState<'a> + ?Sized>(
        &self,
        state: &S,
        owner: ShipId,
        subject: &Subject,
        that: Option<ShipId>,
    ) -> Vec<ShipId> {
        let mut ships = match subject.person {
            Person::You | Person::Thing => vec![owner],
            Person::That => that.into_iter().collect(),
            Person::Attacker | Person::Defender => state.role(subject.person).into_iter().collect(),
            Person::A | Person::Another | Person::Each | Person::EachOther => self.active(state),
        };
        ships.retain(|&s| self.fits(state, owner, subject, s, that));
        ships
    }
}

/// Whether a clause's cost (if any) and effect can both resolve for `ship`.
fn can_pay<'a, S: GameState<'a> + ?Sized>(state: &S, ship: ShipId, clause: &Clause) -> bool {
    let cost = clause.costs.iter().all(|c| state.can_resolve(&Event { ship, effect: c.clone() }));
    cost && state.can_resolve(&Event { ship, effect: clause.effect.clone() })
}

/// An ability that only states rules (every clause a `can` or `cannot` with no duration):
/// it never resolves, `permission` reads it while it is in force.
fn is_rule(ability: &Ability) -> bool {
    let mut clauses = ability.clauses().peekable();
    clauses.peek().is_some()
        && clauses.all(|c| matches!(c.qualifier, Qualifier::Can | Qualifier::Cannot) && c.duration.is_none())
}

/// An ability whose `can` and `cannot` clauses stand while it is in force rather than
/// lasting after it resolves: no timing, or a `while` or `during` one.
fn stands(ability: &Ability) -> bool {
    ability.header.is_none()
        && ability.replacement.is_none()
        && (ability.timings.is_empty() || ability.timings.iter().any(|t| matches!(t.when, When::While | When::During)))
}

/// Whether an effect written on a card (`pattern`) covers an effect that happens: the same
/// kind, acting on a common vocabulary entry (or on the same words when either names none);
/// a pattern naming nothing covers any noun, and a facing, when written, must agree.
///
/// `perform` is read by what is performed: an attack (the word `attack`) or an action, and
/// the action only when the pattern names one from the game's actions (`perform a [Focus]
/// action`).
///
/// When either effect is unstructured, their words are compared: `a or b` covers either,
/// and a pattern whose words begin the event's covers it (`move through`, of `move through
/// and overlap obstacles`, covers `move through obstacles`).
pub fn matches(pattern: &Effect, event: &Effect) -> bool {
    if pattern.kind == EffectKind::Opaque || event.kind == EffectKind::Opaque {
        let event = normalize(&event.text);
        return alternatives(&normalize(&pattern.text)).any(|a| begins(a, &event));
    }
    if pattern.kind != event.kind || pattern.facing.is_some() && pattern.facing != event.facing {
        return false;
    }
    if pattern.kind == EffectKind::Perform {
        let actions = |e: &Effect| -> Vec<VocabRef> {
            e.noun.iter().flat_map(|n| n.refs.iter()).filter(|r| r.kind == VocabKind::Action).copied().collect()
        };
        let named = actions(pattern);
        return mentions_attack(&pattern.text) == mentions_attack(&event.text)
            && (named.is_empty() || actions(event).iter().any(|r| named.contains(r)));
    }
    match (&pattern.noun, &event.noun) {
        (None, _) => true,
        (Some(p), Some(e)) if !p.refs.is_empty() && !e.refs.is_empty() => p.refs.iter().any(|r| e.refs.contains(r)),
        (Some(p), Some(e)) => same_words(&normalize(&p.text), &normalize(&e.text)),
        (Some(_), None) => false,
    }
}

/// Whether an unstructured timing (`you boost or barrel roll`) names an event of the ability's
/// own ship (`boost`): only timings about `you` are read this way.
fn names_by_text(what: &str, event: &str) -> bool {
    let what = normalize(what);
    let event = normalize(event);
    let event = event.strip_prefix("you ").unwrap_or(&event);
    what.strip_prefix("you ").is_some_and(|rest| alternatives(rest).any(|a| same_words(a, event)))
}

fn mentions_attack(text: &str) -> bool {
    normalize(text).split(' ').any(|w| w == "attack" || w == "attacks")
}

/// Lowercase, brackets dropped, one space between words, no final full stop.
fn normalize(text: &str) -> String {
    let text = text.to_lowercase().replace(['[', ']'], "").replace('’', "'");
    let words = text.split_whitespace().collect::<Vec<_>>().join(" ");
    words.trim_end_matches(['.', ',']).to_string()
}

fn alternatives(text: &str) -> impl Iterator<Item = &str> {
    text.split(" or ").map(str::trim)
}

/// The same words, ignoring articles, counts and plurals (`an evade token` = `evade tokens`).
fn same_words(a: &str, b: &str) -> bool {
    words(a) == words(b)
}

/// Whether `a`'s words begin `b`'s (or are all of them), read as [`same_words`] reads them.
fn begins(a: &str, b: &str) -> bool {
    let (a, b) = (words(a), words(b));
    !a.is_empty() && b.starts_with(&a)
}

fn words(s: &str) -> Vec<&str> {
    s.split(' ')
        .filter(|w| !matches!(*w, "a" | "an" | "the" | "one" | "all") && !w.chars().all(|c| c.is_ascii_digit()))
        .map(|w| match w {
            "dice" => "die",
            _ if w.len() > 3 && w.ends_with('s') && !w.ends_with("ss") => &w[..w.len() - 1],
            _ => w,
        })
        .collect()
}
