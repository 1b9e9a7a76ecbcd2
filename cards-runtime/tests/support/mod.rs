//! The small X-Wing game the engine tests play: ships on a line with tokens, Force,
//! charges and shields, friendly and enemy; a scripted chooser; and the vocabulary indices
//! of `examples/xwing/game.cards`. Shared by `cards-runtime/tests/engine.rs` and the root
//! package's `tests/it/engine.rs`.

#![allow(dead_code)]

use std::collections::VecDeque;

use cards_runtime::ability::*;
use cards_runtime::engine::*;
use cards_runtime::model::VocabKind;

// --- vocabulary of examples/xwing/game.cards ---------------------------------------------

pub const FOCUS: VocabRef = VocabRef::new(VocabKind::Token, 0);
pub const EVADE: VocabRef = VocabRef::new(VocabKind::Token, 1);
pub const CALCULATE: VocabRef = VocabRef::new(VocabKind::Token, 2);
pub const STRESS: VocabRef = VocabRef::new(VocabKind::Token, 3);
pub const FORCE: VocabRef = VocabRef::new(VocabKind::Resource, 0);
pub const CHARGE: VocabRef = VocabRef::new(VocabKind::Resource, 1);
pub const SHIELD: VocabRef = VocabRef::new(VocabKind::Resource, 2);
pub const ATTACK_DIE: VocabRef = VocabRef::new(VocabKind::Die, 0);
pub const BARREL_ROLL: VocabRef = VocabRef::new(VocabKind::Action, 3);
pub const FOCUS_ACTION: VocabRef = VocabRef::new(VocabKind::Action, 0);
pub const SYSTEM: u16 = 1;
pub const ACTIVATION: u16 = 2;
pub const ENGAGEMENT: u16 = 3;
pub const HEADER_ACTION: u16 = 0;
pub const HEADER_ATTACK: u16 = 1;
pub const HEADER_SETUP: u16 = 2;

// --- effects ---------------------------------------------------------------------------

pub fn effect(
    kind: EffectKind,
    text: &'static str,
    amount: Option<u32>,
    noun: &'static str,
    refs: &[VocabRef],
) -> Effect {
    let mut e = Effect::new(kind, text);
    if let Some(n) = amount {
        e = e.with_amount(Amount::Exactly(n));
    }
    if !noun.is_empty() {
        e = e.with_noun(Noun::new(noun, refs.to_vec()));
    }
    e
}

pub fn gain(n: u32, noun: &'static str, r: VocabRef) -> Effect {
    effect(EffectKind::Gain, "gain", Some(n), noun, &[r])
}

pub fn perform(text: &'static str) -> Effect {
    Effect::new(EffectKind::Perform, text).with_amount(Amount::Exactly(1))
}

// --- the game -----------------------------------------------------------------------------

pub struct Ship<'a> {
    pub player: u32,
    /// Where on a line: the range between two ships is their distance, up to 3.
    pub at: i32,
    pub status: Status,
    pub tokens: [u32; 5],
    /// force, charge, shield: (current, most).
    pub resources: [(u32, u32); 3],
    pub held: Vec<Held<'a>>,
}

#[derive(Default)]
pub struct Game<'a> {
    pub ships: Vec<Ship<'a>>,
    pub attacker: Option<ShipId>,
    pub defender: Option<ShipId>,
    pub hits: bool,
    pub rerolls: u32,
    /// `(owner, ship, words)`: the ships a subject's words describe, seen from an owner.
    pub described: Vec<(ShipId, ShipId, &'static str)>,
    /// Every event applied: `ship text`.
    pub log: Vec<String>,
    /// The names of the cards every ship has, for `Test::Equipped`.
    pub cards: Vec<&'static str>,
}

impl<'a> Game<'a> {
    pub fn ship(&mut self, player: u32, at: i32, abilities: &[(&'static str, &'a Ability)]) -> ShipId {
        // Each ability's index among its card's abilities.
        let held = abilities
            .iter()
            .enumerate()
            .map(|(i, &(card, ability))| {
                let index = abilities[..i].iter().filter(|(c, _)| *c == card).count();
                Held { card, index, ability }
            })
            .collect();
        self.ships.push(Ship { player, at, status: Status::Active, tokens: [0; 5], resources: [(0, 0); 3], held });
        ShipId(self.ships.len() as u32 - 1)
    }

    /// A ship with the abilities of these cards (compiled ones, for the root package's tests).
    pub fn ship_with(&mut self, player: u32, at: i32, held: Vec<Held<'a>>) -> ShipId {
        let id = self.ship(player, at, &[]);
        self.ships[id.0 as usize].held = held;
        id
    }

    pub fn get(&self, ship: ShipId) -> Option<&Ship<'a>> {
        self.ships.get(ship.0 as usize)
    }

    pub fn tokens(&self, ship: ShipId) -> [u32; 5] {
        self.get(ship).map_or([0; 5], |s| s.tokens)
    }

    pub fn resource(&self, ship: ShipId, r: VocabRef) -> (u32, u32) {
        self.get(ship).map_or((0, 0), |s| s.resources[usize::from(r.index)])
    }

    pub fn set_resource(&mut self, ship: ShipId, r: VocabRef, value: (u32, u32)) {
        self.ships[ship.0 as usize].resources[usize::from(r.index)] = value;
    }

    pub fn performed(&self, ship: ShipId, what: &str) -> usize {
        self.log.iter().filter(|l| **l == format!("{} {what}", ship.0)).count()
    }

    pub fn count(&self, ship: ShipId, kind: EffectKind) -> usize {
        let prefix = format!("{} ", ship.0);
        self.log.iter().filter(|l| l.starts_with(&prefix) && l.contains(kind.as_str())).count()
    }
}

pub fn amount(e: &Effect) -> u32 {
    e.amount.and_then(Amount::most).unwrap_or(1)
}

pub fn vocab(e: &Effect) -> Option<VocabRef> {
    e.noun.as_ref().and_then(|n| n.refs.first().copied())
}

impl<'a> GameState<'a> for Game<'a> {
    fn ships(&self) -> Vec<ShipId> {
        (0..self.ships.len() as u32).map(ShipId).collect()
    }

    fn status(&self, ship: ShipId) -> Status {
        self.get(ship).map_or(Status::Removed, |s| s.status)
    }

    fn player(&self, ship: ShipId) -> Option<u32> {
        self.get(ship).map(|s| s.player)
    }

    fn range(&self, from: ShipId, to: ShipId) -> Option<u8> {
        let d = (self.get(from)?.at - self.get(to)?.at).unsigned_abs();
        (d <= 3).then_some(d as u8)
    }

    fn role(&self, person: Person) -> Option<ShipId> {
        match person {
            Person::Attacker => self.attacker,
            Person::Defender => self.defender,
            _ => None,
        }
    }

    fn abilities(&self, ship: ShipId) -> Vec<Held<'a>> {
        self.get(ship).map(|s| s.held.clone()).unwrap_or_default()
    }

    fn holds(&self, _: ShipId, condition: &Condition) -> bool {
        match &condition.test {
            Test::Equipped { card, not, .. } => self.cards.contains(&card.as_ref()) != *not,
            _ => condition.text == "this attack hits" && self.hits,
        }
    }

    fn described(&self, owner: ShipId, subject: &Subject, ship: ShipId) -> bool {
        self.described.iter().any(|&(o, s, words)| o == owner && s == ship && subject.text == words)
    }

    fn can_resolve(&self, event: &Event) -> bool {
        let (Some(ship), Some(r)) = (self.get(event.ship), vocab(&event.effect)) else { return true };
        let n = amount(&event.effect);
        match (event.effect.kind, r.kind) {
            (EffectKind::Spend | EffectKind::Remove | EffectKind::Lose, VocabKind::Token) => {
                ship.tokens[usize::from(r.index)] >= n
            }
            (EffectKind::Spend | EffectKind::Remove | EffectKind::Lose, VocabKind::Resource) => {
                ship.resources[usize::from(r.index)].0 >= n
            }
            (EffectKind::Recover, VocabKind::Resource) => {
                let (now, most) = ship.resources[usize::from(r.index)];
                now < most
            }
            _ => true,
        }
    }

    fn apply(&mut self, event: &Event) -> Vec<Event> {
        self.log.push(format!("{} {}", event.ship.0, event.effect.text));
        let n = amount(&event.effect);
        let kind = event.effect.kind;
        if kind == EffectKind::Reroll {
            self.rerolls += n;
        }
        let (Some(ship), Some(r)) = (self.ships.get_mut(event.ship.0 as usize), vocab(&event.effect)) else {
            return Vec::new();
        };
        let i = usize::from(r.index);
        match (kind, r.kind) {
            (EffectKind::Gain, VocabKind::Token) => ship.tokens[i] += n,
            (EffectKind::Spend | EffectKind::Remove | EffectKind::Lose, VocabKind::Token) => {
                ship.tokens[i] = ship.tokens[i].saturating_sub(n)
            }
            (EffectKind::Spend | EffectKind::Remove | EffectKind::Lose, VocabKind::Resource) => {
                ship.resources[i].0 = ship.resources[i].0.saturating_sub(n)
            }
            (EffectKind::Recover | EffectKind::Gain, VocabKind::Resource) => {
                ship.resources[i].0 = (ship.resources[i].0 + n).min(ship.resources[i].1)
            }
            // Performing a focus action gains a focus token.
            (EffectKind::Perform, VocabKind::Action) if r == FOCUS_ACTION => {
                return vec![Event { ship: event.ship, effect: gain(1, "focus token", FOCUS) }];
            }
            _ => {}
        }
        Vec::new()
    }
}

/// A chooser that follows a script and records what it was offered.
#[derive(Default)]
pub struct Script {
    /// Answers to `next`, in order; `Some(0)` once they run out.
    pub picks: VecDeque<Option<usize>>,
    /// The answer to `replacement`.
    pub replace: Option<usize>,
    /// The answer to `accept`.
    pub accept: bool,
    /// The cards of each `next` offer.
    pub offers: Vec<Vec<String>>,
    /// How many candidates each `replacement` offer had.
    pub replacements: Vec<usize>,
}

impl Script {
    pub fn new() -> Script {
        Script { replace: Some(0), accept: true, ..Script::default() }
    }
}

impl Chooser for Script {
    fn next(&mut self, pending: &[Pending<'_>]) -> Option<usize> {
        self.offers.push(pending.iter().map(|p| p.held.card.to_string()).collect());
        self.picks.pop_front().unwrap_or(Some(0))
    }
    fn replacement(&mut self, _: &Event, candidates: &[Pending<'_>]) -> Option<usize> {
        self.replacements.push(candidates.len());
        self.replace
    }
    fn accept(&mut self, _: ShipId, _: &Clause) -> bool {
        self.accept
    }
    fn target(&mut self, _: &Clause, _: &[ShipId]) -> Option<usize> {
        Some(0)
    }
}

pub fn event(ship: ShipId, effect: Effect) -> Event {
    Event { ship, effect }
}

pub fn focus_action() -> Effect {
    perform("perform a [Focus] action").with_noun(Noun::new("[Focus]", vec![FOCUS_ACTION]))
}

/// `perform an attack`, as the lowering reads it (it resolves `attack` to the attack die).
pub fn attack() -> Effect {
    perform("perform an attack").with_noun(Noun::new("attack", vec![ATTACK_DIE]))
}

/// `perform an action`, as the lowering reads it: the noun `action`, naming no entry.
pub fn perform_action() -> Effect {
    perform("perform an action").with_noun(Noun::new("action", Vec::new()))
}

pub fn boost() -> Effect {
    Effect::new(EffectKind::Boost, "boost")
}

pub fn barrel_roll() -> Effect {
    Effect::new(EffectKind::BarrelRoll, "barrel roll")
}

pub fn move_through() -> Effect {
    Effect::new(EffectKind::MoveThrough, "move through obstacles").with_noun(Noun::new("obstacles", Vec::new()))
}

pub fn overlap() -> Effect {
    Effect::new(EffectKind::Overlap, "overlap obstacles").with_noun(Noun::new("obstacles", Vec::new()))
}
