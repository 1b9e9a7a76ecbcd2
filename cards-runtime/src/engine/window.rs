//! Timing windows: opening and closing them, and the abilities they trigger.

use std::collections::BTreeSet;

use super::lasting::is_rule;
use super::matching::names_by_text;
use super::{matches, Chooser, Engine, Event, GameState, Pending, ShipId, Until};
use crate::ability::{Ability, Timing, When};

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

impl<'a> Engine<'a> {
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

    /// Close the innermost open window. The effects that last while it was open end
    /// (`during this attack`); closing the end of a phase ends the effects that last until
    /// the end of that phase and the `once per phase` limits.
    pub fn close(&mut self) -> Option<Window> {
        let window = self.open.pop()?;
        self.expire(Until::EndOfWindow(self.open.len()));
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
            Moment::Phase(p) => (timing.phase == Some(*p) || timing.or_phase == Some(*p)).then_some(None),
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
    pub(super) fn in_force<S: GameState<'a> + ?Sized>(
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
}
