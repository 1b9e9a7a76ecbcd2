//! Events and the ability queue: replacements, activation, costs and resolution.

use super::lasting::stands;
use super::{
    matches, Chooser, Engine, Event, GameState, Held, Key, Lasting, Permission, ShipId, Status, Window, MAX_DEPTH,
    MAX_EVENTS,
};
use crate::ability::{
    Ability, Clause, CondKind, Condition, Effect, Frequency, Person, Qualifier, Step, Subject, Test, When,
};

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

impl<'a> Engine<'a> {
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

    /// The replacement effects that could replace an event.
    fn replacements<S: GameState<'a> + ?Sized>(&self, state: &S, event: &Event) -> Vec<Pending<'a>> {
        let mut out = Vec::new();
        for ship in self.active(state) {
            for held in state.abilities(ship) {
                let Some(r) = &held.ability.replacement else { continue };
                let p = Pending { ship, held, that: Some(event.ship), mandatory: !held.ability.optional };
                if self.replacing.contains(&p.key())
                    || !self.fits(state, ship, &r.subject, event.ship, None)
                    || !r.events().any(|e| matches(e, &event.effect))
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

    pub(super) fn fresh(&self, p: &Pending<'a>) -> bool {
        let key = p.key();
        match p.held.ability.frequency {
            Frequency::OncePerOpportunity => true,
            Frequency::OncePerRound => !self.round.contains(&key),
            Frequency::OncePerPhase => !self.phase.contains(&key),
            Frequency::OncePerGame => !self.game.contains(&key),
        }
    }

    pub(super) fn record(&mut self, p: &Pending<'a>) {
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
    pub(super) fn payable<S: GameState<'a> + ?Sized>(&self, state: &S, p: &Pending<'a>) -> bool {
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
    pub(super) fn resolve<S: GameState<'a> + ?Sized>(
        &mut self,
        state: &mut S,
        chooser: &mut dyn Chooser,
        p: &Pending<'a>,
    ) {
        let ability: &'a Ability = p.held.ability;
        for cost in ability.costs.iter() {
            self.happen(state, chooser, Event { ship: p.ship, effect: cost.clone() });
        }
        // Choosing an ability that is optional because of a `may` in its first step takes
        // that `may`; any other `may` (under an optional header, or later) is asked.
        let first_may = ability.steps.first().is_some_and(|s| s.clauses.iter().any(|c| c.qualifier == Qualifier::May));
        let mut taken = !p.mandatory && first_may;
        let mut previous = true;
        // Whether the step before was reached: all its conditions held.
        let mut reached = true;
        for (i, step) in ability.steps.iter().enumerate() {
            if i > 0 {
                taken = false;
            }
            // A sentence that goes on from the step before is not reached without it.
            if step.goes_on && !reached {
                previous = false;
                continue;
            }
            let mut go = true;
            for c in step.conditions.iter() {
                let holds = self.holds(state, chooser, p, c, previous);
                go = match c.kind {
                    CondKind::If => holds,
                    CondKind::Unless => !holds,
                    CondKind::Otherwise => !previous,
                };
                if !go {
                    break;
                }
            }
            // A die's result branch (`On a [Hit] result, …`) does not end the roll's reach: the
            // next result goes on from the roll.
            let result = !step.conditions.is_empty()
                && step.conditions.iter().filter(|c| !c.implied).all(|c| matches!(c.test, Test::OnResult(_)));
            if !result {
                reached = go;
            }
            previous = go && self.step(state, chooser, p, step, &mut taken);
        }
    }

    /// Whether a condition's test holds; `previous`, whether the step before did something.
    fn holds<S: GameState<'a> + ?Sized>(
        &mut self,
        state: &mut S,
        chooser: &mut dyn Chooser,
        p: &Pending<'a>,
        c: &'a Condition,
        previous: bool,
    ) -> bool {
        match &c.test {
            Test::YouDo { not } => previous != *not,
            // `gain 1 disarm token unless you flip this card`: the ship the event names may
            // do it to stop the step; doing it is what makes it hold.
            Test::Event { events, not: false, within: None }
                if c.kind == CondKind::Unless && events.len() == 1 && !events[0].effect.passive =>
            {
                self.offer(state, chooser, p, &events[0])
            }
            _ => self.state_holds(state, p, c),
        }
    }

    /// Whether a condition about the game's state holds.
    fn state_holds<S: GameState<'a> + ?Sized>(&self, state: &S, p: &Pending<'a>, c: &Condition) -> bool {
        match &c.test {
            // `there are no other friendly ships at range 0-2`: counted from the game's
            // ships, sides and ranges; words that say more are the game's.
            Test::Exists { count, who } if !who.says_more_in(&state.words()) => {
                let n = self.candidates(state, p.ship, who, None).len();
                count.op.holds(n as i64, i64::from(count.n))
            }
            // `there are more enemy ships than other friendly ships at range 0-1`: the range
            // printed after both holds for both.
            Test::More { more, than } if !more.says_more_in(&state.words()) && !than.says_more_in(&state.words()) => {
                let more = Subject { range: more.range.or(than.range), ..more.clone() };
                let n = self.candidates(state, p.ship, &more, None).len();
                n > self.candidates(state, p.ship, than, None).len()
            }
            // `if the defender is friendly`: the side of the ship it names, from the game's
            // players (a ship is friendly to itself).
            Test::OnSide { who, side } if who.person != Person::That && !who.says_more_in(&state.words()) => {
                let sided = Subject { person: Person::A, side: *side, ..Subject::YOU };
                let ships = self.candidates(state, p.ship, who, None);
                ships.first().is_some_and(|&s| self.fits(state, p.ship, &sided, s, None))
            }
            // `if that ship is limited or has the Cutthroat upgrade`: any one of them, each
            // asked as a condition of its own.
            Test::Any(tests) => tests.iter().any(|t| {
                let one = Condition { test: t.clone(), kind: CondKind::If, ..c.clone() };
                self.state_holds(state, p, &one)
            }),
            _ => state.holds(p.ship, c),
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
                let until = self.until(clause.duration.as_ref());
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
            // Costs (a replaced cost still counts as paid), the effect, and what is done
            // together with it, as one choice.
            for effect in clause.done() {
                self.happen(state, chooser, Event { ship, effect: effect.clone() });
            }
            if clause.duration.is_some() {
                let until = self.until(clause.duration.as_ref());
                self.lasting.push(Lasting { ship, source: p.key(), clause, until });
            }
        }
        !ships.is_empty()
    }

    /// Offers the ship an `unless` names the event that stops the step (`unless it removes
    /// 1 green token`): the first that can do it is asked, and does it if it accepts.
    /// Whether it did.
    fn offer<S: GameState<'a> + ?Sized>(
        &mut self,
        state: &mut S,
        chooser: &mut dyn Chooser,
        p: &Pending<'a>,
        event: &'a Clause,
    ) -> bool {
        let ships = self.candidates(state, p.ship, &event.subject, p.that);
        let Some(ship) = ships.into_iter().find(|&t| self.can_do(state, t, event)) else { return false };
        if !chooser.accept(ship, event) {
            return false;
        }
        for effect in event.done() {
            self.happen(state, chooser, Event { ship, effect: effect.clone() });
        }
        true
    }

    /// Whether `ship` can pay a clause's cost and resolve its effect: the game says it can,
    /// and no `cannot` in force forbids either.
    fn can_do<S: GameState<'a> + ?Sized>(&self, state: &S, ship: ShipId, clause: &Clause) -> bool {
        let allowed = |e: &Effect| self.permission(state, ship, e) != Permission::Forbidden;
        can_pay(state, ship, clause) && clause.done().all(allowed)
    }
}

/// Whether a clause's cost (if any), its effect and what it does together with it can
/// all resolve for `ship`: a compound choice is paid whole or not at all.
fn can_pay<'a, S: GameState<'a> + ?Sized>(state: &S, ship: ShipId, clause: &Clause) -> bool {
    clause.done().all(|e| state.can_resolve(&Event { ship, effect: e.clone() }))
}
