//! What a game supplies: its state ([`GameState`]) and its players' decisions ([`Chooser`]).

use super::{Event, Held, Pending, ShipId, Status};
use crate::ability::{Clause, Condition, Person, Subject};

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
    /// The words the game's ability text names its units and distances with
    /// ([`Set::words`](crate::model::Set::words)), by which a subject's words say no more
    /// than its person, side and range (`each friendly hero within 2 spaces of you`). By
    /// default X-Wing's: a game with words of its own that does not say them has such
    /// subjects [`described`](Self::described) instead, and never widened.
    fn words(&self) -> crate::model::Words<'_> {
        crate::model::Words::PRELUDE
    }
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
