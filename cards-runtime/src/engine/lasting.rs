//! Lasting effects, permissions (`can` and `cannot`) and grants between ships.

use super::{matches, Engine, GameState, Key, Moment, ShipId, Status};
use crate::ability::{Ability, Clause, Duration, During, Effect, EffectKind, Qualifier, When};
use crate::model::VocabKind;

/// When a lasting effect ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Until {
    /// At the end of this phase.
    EndOfPhase(u16),
    /// At the end of the round.
    EndOfRound,
    /// When the open window at this depth closes: the attack, action or maneuver it was
    /// opened for is over (`during this attack`).
    EndOfWindow(usize),
}

impl Until {
    /// When an effect with this duration ends. A duration naming no phase (`this round`, or
    /// one the grammar did not read) lasts the round; so does one that lasts while a thing
    /// is going on (`during this attack`), read without the open windows
    /// ([`Engine::until`] reads them).
    pub fn of(duration: Option<&Duration>) -> Until {
        match duration.and_then(|d| d.until_end_of) {
            Some(phase) => Until::EndOfPhase(phase),
            None => Until::EndOfRound,
        }
    }
}

impl<'a> Engine<'a> {
    /// When an effect with this duration, starting now, ends: as [`Until::of`], and a
    /// duration of what is going on ends with it: `this phase` with the innermost open
    /// phase, `during this attack` (or action, or maneuver) when the innermost open window of
    /// that event closes. One whose window is not open (and `during your activation`: the
    /// engine opens no window for an activation) lasts the round.
    pub fn until(&self, duration: Option<&Duration>) -> Until {
        let Some(during) = duration.filter(|d| d.until_end_of.is_none() && !d.this_round).and_then(|d| d.during) else {
            return Until::of(duration);
        };
        let open = self.open_windows();
        let found = open.iter().enumerate().rev().find_map(|(depth, w)| match (&w.moment, during) {
            (Moment::Phase(p), During::Phase) => Some(Until::EndOfPhase(*p)),
            (Moment::Event(e), During::Attack | During::Action | During::Maneuver)
                if matches!(w.when, When::While | When::During) && is_going_on(&e.effect, during) =>
            {
                Some(Until::EndOfWindow(depth))
            }
            _ => None,
        });
        found.unwrap_or(Until::EndOfRound)
    }
}

/// Whether an event is the thing a duration names: an attack, an action performed, a
/// maneuver executed.
fn is_going_on(e: &Effect, during: During) -> bool {
    let object = e.noun.as_ref().map(|n| n.text.to_lowercase()).unwrap_or_default();
    let actions = e.noun.as_ref().is_some_and(|n| n.refs.iter().any(|r| r.kind == VocabKind::Action));
    match during {
        During::Attack => e.kind == EffectKind::Attack || (e.kind == EffectKind::Perform && object.ends_with("attack")),
        During::Action => e.kind == EffectKind::Perform && (actions || object.ends_with("action")),
        During::Maneuver => e.kind == EffectKind::Execute,
        During::Activation | During::Phase => false,
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

impl<'a> Engine<'a> {
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

    pub(super) fn expire(&mut self, until: Until) {
        self.lasting.retain(|l| l.until != until);
        self.grants.retain(|g| g.until != until);
    }
}

/// An ability that only states rules (every clause a `can` or `cannot` with no duration):
/// it never resolves, `permission` reads it while it is in force.
pub(super) fn is_rule(ability: &Ability) -> bool {
    let mut clauses = ability.clauses().peekable();
    clauses.peek().is_some()
        && clauses.all(|c| matches!(c.qualifier, Qualifier::Can | Qualifier::Cannot) && c.duration.is_none())
}

/// An ability whose `can` and `cannot` clauses stand while it is in force rather than
/// lasting after it resolves: no timing, or a `while` or `during` one.
pub(super) fn stands(ability: &Ability) -> bool {
    ability.header.is_none()
        && ability.replacement.is_none()
        && (ability.timings.is_empty() || ability.timings.iter().any(|t| matches!(t.when, When::While | When::During)))
}
