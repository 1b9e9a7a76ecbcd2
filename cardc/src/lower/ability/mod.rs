//! Frames → the runtime's [`Ability`] model: words become kinds, amounts become numbers,
//! and nouns resolve against the game's vocabulary (`[Charge]` is resource `charge`,
//! `focus tokens` is token `focus`).
//!
//! [`ability`] lowers one frame: its header, frequency and timings (`clause`), its
//! replacement, and each step's conditions (`condition`) and clauses (`effect`, whose
//! nouns `noun` resolves); `pronoun` then gives each `it` its antecedent.

mod clause;
mod condition;
mod effect;
mod noun;
mod pronoun;
#[cfg(test)]
mod tests;

pub use clause::{clause, join_choice, lead, one_choice, timing, Lead};
pub use condition::{condition, conditions};
pub use effect::{qualifier, subject};
pub use noun::{noun, possessor};

use std::borrow::Cow;

use cards_runtime::ability::{
    Ability, Back, Clause as RtClause, CondKind, Condition, Effect as RtEffect, EffectKind, Frequency, Noun, Person,
    Proviso, Qualifier, Replacement as RtReplacement, SourceSpan, Step as RtStep, Test, Timing as RtTiming,
};
use cards_runtime::model::Vocabulary;

use crate::text::{is_cost_kind, Effect, Frame, Piece};
use condition::counted;
use effect::{duration, effect};
use noun::find;
use pronoun::{opaque_object, resolve_pronouns};

pub use crate::text::NOUN_KINDS;

/// What lowering needs besides the frame.
pub struct Context<'a> {
    /// The game's vocabulary.
    pub vocab: &'a Vocabulary,
    /// The card file the text is in, relative to the set's folder.
    pub file: &'a str,
    /// The whole text of that file.
    pub source: &'a str,
    /// The chassis ability's name, for `ability "…" { … }`.
    pub name: Option<&'a str>,
}

/// Where the first of `phrases` starts in `text`, in one pass. `str::find` builds a
/// searcher for each phrase, which costs more than these short texts take to scan, and
/// nouns and effects look for where-phrases in every clause.
pub(crate) fn first_of(text: &str, phrases: &[&str]) -> Option<usize> {
    let bytes = text.as_bytes();
    (0..bytes.len()).find(|&at| {
        let rest = &bytes[at..];
        phrases.iter().any(|p| rest.first() == p.as_bytes().first() && rest.starts_with(p.as_bytes()))
    })
}

/// `You may spend 2 [Force] to perform a bonus attack against a different target. If your
/// attack missed, you may perform that bonus attack against the same target instead.`: a
/// later step that does the thing the step before paid for (`that` bonus attack, the same
/// kind of effect), `instead`, is the other way to do what was paid for, so it costs the
/// same. Without the cost it would be offered for free.
fn keep_replaced_costs(steps: &mut [RtStep]) {
    for i in 1..steps.len() {
        let Some(paid) = steps[i - 1].clauses.iter().find(|c| !c.costs.is_empty()).cloned() else { continue };
        for c in steps[i].clauses.to_mut() {
            let same = c.effect.kind == paid.effect.kind
                && c.effect.noun.as_ref().is_some_and(|n| matches!(n.back, Some(Back::That)));
            if c.instead && same && c.costs.is_empty() && c.qualifier == paid.qualifier {
                c.costs.clone_from(&paid.costs);
            }
        }
    }
}

/// Whether a sentence's words say it goes on from the one before: `Then, …`, or a part
/// after a semicolon.
fn says_it_goes_on(sentence: &str) -> bool {
    sentence.trim_start().starts_with(';') || starts_with_then(sentence)
}

/// Whether a sentence opens with `Then`.
fn starts_with_then(sentence: &str) -> bool {
    let t = sentence.trim_start();
    t.get(..4).is_some_and(|w| w.eq_ignore_ascii_case("then")) && !t[4..].starts_with(|c: char| c.is_alphanumeric())
}

/// A step that only offers a payment, a choice or a roll (`you may spend 3 [Charge].`, `you
/// may choose a friendly ship at range 0-3.`, `you may roll 1 attack die.`): what it pays
/// for, chooses or rolls for is in the sentence after it.
fn only_offers(step: &RtStep) -> bool {
    let offered = |c: &RtClause| {
        c.qualifier == Qualifier::May
            && c.costs.is_empty()
            && matches!(
                c.effect.kind,
                EffectKind::Spend
                    | EffectKind::Remove
                    | EffectKind::Gain
                    | EffectKind::Lose
                    | EffectKind::Choose
                    | EffectKind::RollDice
            )
    };
    !step.clauses.is_empty() && step.for_each.is_none() && step.clauses.iter().all(offered)
}

/// Sentences that go on from the one before. After a step that only offers a payment, a
/// choice or a roll, the next sentence (with no condition, or a die's result) happens only
/// if it was taken: `you may spend 3 [Charge]. During this phase, …` holds an unprinted
/// `If you do`. After a step with a condition,
/// a sentence with none of its own, one that says it goes on (`Then, if …`, `; if …`) and
/// a die's result after what rolled it (`On a [Hit] result, …`) are reached only where
/// that step was ([`RtStep::goes_on`]); the results of one roll each go on from the roll.
/// A sentence about the step before (`If you do`, `Otherwise`) already says how it goes on.
fn go_on(steps: &mut [RtStep], marked: &[bool]) {
    let die = |s: &RtStep| s.conditions.iter().any(|c| matches!(c.test, Test::OnResult(_)));
    for i in 1..steps.len() {
        let (before, step) = (&steps[i - 1], &steps[i]);
        let of_before =
            step.conditions.iter().any(|c| matches!(c.test, Test::YouDo { .. }) || c.kind == CondKind::Otherwise);
        if of_before {
            continue;
        }
        // `you may roll 1 attack die. On a [Hit] result, …`: the result is of a roll made.
        if only_offers(before) && (step.conditions.is_empty() || die(step)) {
            let you_do = Condition::new(CondKind::If, "you do", Test::YouDo { not: false });
            let mut conditions = vec![Condition { implied: true, ..you_do }];
            conditions.extend(step.conditions.iter().cloned());
            steps[i].conditions = conditions.into();
            continue;
        }
        let conditional = before.goes_on || !before.conditions.is_empty();
        // A step of states alone is put first only where the frame has no step: it has no
        // mark, and nothing follows it.
        let marked = marked.get(i).copied().unwrap_or(false);
        // A die's result goes on from the roll, through the results before it (the engine
        // keeps the roll's reach across them).
        let result = die(step);
        steps[i].goes_on = conditional && (step.conditions.is_empty() || marked || result);
    }
}

/// A replaced event with how it happens: `drop a device using a [Straight] template`
/// replaces only drops with that template, so the phrase is the event's proviso. A phrase
/// the model holds no place for leaves the event opaque rather than wider than printed.
fn replaced_event(e: &Effect, how: &[Piece], vocab: &Vocabulary) -> Option<RtEffect> {
    let mut event = effect(e, vocab);
    let mut provisos = event.provisos.to_vec();
    for m in how {
        provisos.push(clause::proviso(&squash(m.text.trim_start_matches([',', ' '])), vocab)?);
    }
    event.provisos = provisos.into();
    Some(event)
}

/// Words in lowercase said in X-Wing's words when the game has its own
/// ([`GameWords::canonical`](crate::text::GameWords::canonical): `each friendly hero within
/// 2 spaces` is `each friendly ship at range 0-2`), for matching what they mean; never
/// sliced back into the printed words.
pub(super) fn lowercase(text: &str) -> String {
    let lower = text.to_lowercase();
    crate::text::GameWords::with(|w| match w.canonical(&lower) {
        std::borrow::Cow::Borrowed(_) => None,
        std::borrow::Cow::Owned(canonical) => Some(canonical),
    })
    .unwrap_or(lower)
}

/// Whether a subject's words say more than its person, side and range, in the game's words
/// ([`Subject::says_more_in`](cards_runtime::ability::Subject::says_more_in) as the set
/// will say it).
pub(super) fn says_more(s: &cards_runtime::ability::Subject) -> bool {
    let canonical = lowercase(&s.text);
    if canonical == s.text.to_lowercase() {
        return s.says_more();
    }
    cards_runtime::ability::Subject { text: canonical.into(), ..s.clone() }.says_more()
}

/// Collapses runs of white space (text blocks span lines) to one space.
pub fn squash(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The shape of an opaque clause, for counting: its first three words, lowercased, with
/// numbers as `N`.
pub fn shape(text: &str) -> String {
    text.split_whitespace()
        .take(3)
        .map(|w| {
            let w = w.trim_end_matches([',', '.', ':']).to_lowercase();
            if w.chars().all(|c| c.is_ascii_digit() || c == '-') && w.chars().any(|c| c.is_ascii_digit()) {
                "N".to_string()
            } else {
                w
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// The header a frame names, by display name or id.
pub fn header(piece: &Piece, vocab: &Vocabulary) -> Option<u16> {
    find(&vocab.headers, piece.text.trim())
}

/// Whether a frame opens with a header's cost sentence: a header, then one step that is a
/// single cost-like clause without a condition or a cost of its own.
pub fn leading_cost(frame: &Frame) -> Option<&Effect> {
    let first = frame.steps.first()?;
    match (&frame.header, first.conditions.is_empty(), first.clauses.as_slice()) {
        (Some(_), true, [c]) if c.costs.is_empty() && c.qualifier.is_none() && is_cost_kind(c.effect.kind) => {
            Some(&c.effect)
        }
        _ => None,
    }
}

/// `If you do, while friendly ships acquire locks this round, …`: a duration the grammar
/// read into a step timing's event is the step's, for all its clauses.
fn event_duration(s: &crate::text::Step) -> Option<&Piece> {
    s.timings.iter().find_map(|t| t.event.as_ref().and_then(|e| e.duration.as_ref()))
}

/// `All remaining [Hit]/[Critical Hit] results inflict ion tokens instead of damage`: in an
/// ability that replaces no event, a trailing `instead of` and a noun names what the
/// clause's object takes the place of; the clause does not happen instead of an event, as
/// it does `instead of removing it`.
fn names_what_it_replaces(step: &mut RtStep) {
    for c in step.clauses.to_mut() {
        let ends_instead = c.text.trim_end_matches(['.', ' ']).to_lowercase().ends_with("instead");
        let instead_of_noun = c.effect.provisos.iter().any(|p| matches!(p, Proviso::InsteadOf(_)))
            || c.modifiers.iter().any(|m| {
                let m = m.to_lowercase();
                m.strip_prefix("instead of ")
                    .is_some_and(|rest| !rest.split_whitespace().next().is_some_and(|w| w.ends_with("ing")))
            });
        if c.instead && instead_of_noun && !ends_instead {
            c.instead = false;
        }
    }
}

/// `choose yourself or a ship in your [Single Turret Arc] with 1 or more circular tokens`:
/// what follows the `or` of a choice, read as a clause with no verb, is the other thing
/// chosen (kept as the choice's words).
fn choices_of_one(step: &mut RtStep) {
    let clauses = step.clauses.to_mut();
    for i in (1..clauses.len()).rev() {
        let (a, b) = (&clauses[i - 1], &clauses[i]);
        let other = b.alternative
            && b.effect.kind == EffectKind::Opaque
            && b.qualifier == Qualifier::None
            && a.effect.kind == EffectKind::Choose
            && a.effect.noun.is_some();
        if other {
            let b = clauses.remove(i);
            let a = &mut clauses[i - 1];
            let words = a.effect.noun.as_ref().map(|n| format!("{} or {}", n.text, b.text)).unwrap_or_default();
            a.effect.noun = Some(Noun::new(words, Vec::new()));
        }
    }
}

/// `drop or launch a bomb using the 1 [Straight] template`, `perform [Focus], [Coordinate],
/// and [Jam] actions, even while stressed`: a trailing phrase is said once after a list of
/// clauses that do one thing to one object, or one kind of thing, and holds for each; a
/// state lifted (`even while stressed`) holds for every clause of its subject's list.
fn share_provisos(step: &mut RtStep) {
    let clauses = step.clauses.to_mut();
    for i in (0..clauses.len().saturating_sub(1)).rev() {
        let (a, b) = (&clauses[i], &clauses[i + 1]);
        let kinds = |c: &RtClause| c.effect.noun.as_ref().map(|n| n.refs.iter().map(|r| r.kind).collect::<Vec<_>>());
        let one_kind = a.effect.kind == b.effect.kind && kinds(a).is_some_and(|k| k.len() == 1) && kinds(a) == kinds(b);
        let one_object =
            a.effect.noun.is_some() && a.effect.noun == b.effect.noun && a.effect.amount == b.effect.amount;
        let listed = a.effect.provisos.is_empty()
            && !b.effect.provisos.is_empty()
            && a.subject == b.subject
            && a.qualifier == b.qualifier
            && a.costs == b.costs
            && a.modifiers.is_empty()
            && a.duration.is_none();
        // `you can perform actions and execute red maneuvers, even while stressed`: a state
        // lifted is the subject's, whatever each clause does; so is a waiver of range
        // (`coordinate one of the chosen ships, then jam the other, ignoring range
        // restrictions`: each reaches its ship).
        // (`lose 1 [Charge] and jam that object, ignoring range restrictions`: losing a charge
        // reaches nothing).
        let reaches = matches!(
            a.effect.kind,
            EffectKind::Coordinate
                | EffectKind::Jam
                | EffectKind::Lock
                | EffectKind::Transfer
                | EffectKind::Assign
                | EffectKind::Choose
        );
        let lifted = b.effect.provisos.iter().all(|p| match p {
            Proviso::EvenWhile(_) => true,
            Proviso::IgnoringRange => reaches,
            _ => false,
        });
        if listed && (one_object || one_kind || lifted) {
            clauses[i].effect.provisos = clauses[i + 1].effect.provisos.clone();
        }
    }
}

/// `At the start of the Activation Phase, … During this phase, …`: the phase a step's
/// `this phase` names is the one the ability's timing named.
fn this_phase_is_the_timings(timings: &[RtTiming], steps: &mut [RtStep]) {
    let Some(phase) = timings.iter().find_map(|t| t.phase) else { return };
    for t in steps.iter_mut().flat_map(|s| s.timings.to_mut().iter_mut()) {
        if t.phase.is_none() && t.what.trim_end_matches('.').eq_ignore_ascii_case("this phase") {
            t.phase = Some(phase);
        }
    }
}

/// `If you spend 1 [Force], you may choose a ship at range 0-3 instead.`: a payment offered
/// in the present tense for what the sentence may do, not a test of a spend made before
/// (`if you spent 1 calculate token` is one): the spend is the cost of the `may` clause,
/// as in `you may spend 1 [Force] to choose …`.
fn a_spend_offered_is_a_cost(step: &mut RtStep) {
    let [condition] = &step.conditions[..] else { return };
    let Test::Event { events, not: false, within: None } = &condition.test else { return };
    let ([event], Some(first)) = (&events[..], step.clauses.first()) else { return };
    let offered = condition.kind == CondKind::If
        && !condition.implied
        && condition.text.to_ascii_lowercase().starts_with("you spend ")
        && event.subject.person == Person::You
        && event.effect.kind == EffectKind::Spend
        && event.costs.is_empty();
    if !offered || first.qualifier != Qualifier::May || !first.costs.is_empty() {
        return;
    }
    let cost = event.effect.clone();
    step.clauses.to_mut()[0].costs = vec![cost].into();
    step.conditions = Vec::new().into();
}

/// Lowers one frame to an ability.
pub fn ability(frame: &Frame, cx: &Context<'_>) -> Ability {
    let vocab = cx.vocab;
    let text = cx.source.get(frame.span.range()).map(squash).unwrap_or_default();
    // `Attack` printed alone: the header with nothing under it (the card is the attack),
    // not an order to attack.
    let bare = text.trim_end_matches(['.', ':']).trim();
    let lone = match frame.header {
        None => vocab.headers.iter().position(|h| h.name.eq_ignore_ascii_case(bare)).map(|h| h as u16),
        Some(_) => None,
    };
    let header = frame.header.as_ref().and_then(|h| header(h, vocab)).or(lone);
    let optional_header = header.is_some_and(|h| vocab.headers[h as usize].marked);
    let steps: Vec<RtStep> = frame
        .steps
        .iter()
        .map(|s| RtStep {
            conditions: s.conditions.iter().flat_map(|c| conditions(c, vocab)).collect(),
            for_each: s.for_each.as_ref().map(|f| counted(&f.text, vocab)),
            timings: s
                .timings
                .iter()
                .filter_map(|t| timing(t, vocab))
                .map(|mut t| {
                    if let Some(e) = t.event.as_mut() {
                        e.duration = None;
                    }
                    t
                })
                .collect(),
            duration: s.duration.as_ref().or_else(|| event_duration(s)).map(|d| duration(d, vocab)),
            clauses: s.clauses.iter().map(|c| clause(c, vocab)).collect(),
            goes_on: false,
            then: starts_with_then(&s.piece.text),
        })
        .collect();
    // Steps whose clauses are one choice, joined once pronouns are resolved clause by clause.
    let mut choices: Vec<bool> = frame.steps.iter().map(|s| one_choice(&s.clauses)).collect();
    let mut marked: Vec<bool> = frame.steps.iter().map(|s| says_it_goes_on(&s.piece.text)).collect();
    // A header's leading cost sentence, when more follows, is the cost of the ability.
    // `Attack ([Focus]): Spend 1 [Charge].` alone is the cost of the attack, with no step.
    let (costs, steps) = match leading_cost(frame) {
        Some(_) => {
            let mut steps = steps;
            let first = steps.remove(0);
            choices.remove(0);
            marked.remove(0);
            (first.clauses.first().map(|c| c.effect.clone()).into_iter().collect(), steps)
        }
        _ => (Vec::new(), steps),
    };
    // `execute a white stationary maneuver instead, then you may rotate`: a `may` after what
    // the ability does anyway leaves the ability itself no choice.
    let says_may = steps.first().is_some_and(|s| {
        s.clauses.iter().take_while(|c| c.qualifier != Qualifier::None).any(|c| c.qualifier == Qualifier::May)
    });
    let frequency = match frame.frequency.as_ref().map(|f| f.text.to_lowercase()).as_deref() {
        Some("round") => Frequency::OncePerRound,
        Some("phase") => Frequency::OncePerPhase,
        Some("game") => Frequency::OncePerGame,
        _ => Frequency::OncePerOpportunity,
    };
    let mut timings = Vec::new();
    let mut states = Vec::new();
    for t in &frame.timings {
        match lead(t, vocab) {
            Lead::State(c) => states.push(*c),
            Lead::Timing(rt, implied) => {
                states.extend(implied);
                timings.push(*rt);
            }
            Lead::Nothing => {}
        }
    }
    let mut steps = steps;
    steps.iter_mut().for_each(a_spend_offered_is_a_cost);
    this_phase_is_the_timings(&timings, &mut steps);
    if frame.replacement.is_none() {
        steps.iter_mut().for_each(names_what_it_replaces);
    }
    if !states.is_empty() {
        match steps.first_mut() {
            Some(first) => {
                states.extend(first.conditions.iter().cloned());
                first.conditions = states.into();
            }
            None => steps.push(RtStep { conditions: states.into(), ..RtStep::new(Vec::new()) }),
        }
    }
    let replacement: Option<RtReplacement> = frame.replacement.as_ref().map(|r| {
        // `drop or launch a device using a [Straight] template`: each event, with how.
        let read: Option<Vec<RtEffect>> = r
            .effect
            .as_ref()
            .and_then(|e| std::iter::once(e).chain(&r.or_effects).map(|e| replaced_event(e, &r.how, vocab)).collect());
        let (event, or_events) = match read {
            Some(mut events) if !events.is_empty() => (events.remove(0), events),
            _ => (effect(&Effect::opaque(r.event.clone()), vocab), Vec::new()),
        };
        RtReplacement {
            before: r.kind.text.eq_ignore_ascii_case("before"),
            subject: subject(r.subject.as_ref()),
            event,
            or_events: or_events.into(),
        }
    });
    // A replaced event no verb structures still names what a pronoun stands for.
    let replaced = replacement.as_ref().map(|r| match r.event.kind {
        EffectKind::Opaque => Cow::Owned(RtEffect { noun: opaque_object(&r.event.text, vocab), ..r.event.clone() }),
        _ => Cow::Borrowed(&r.event),
    });
    resolve_pronouns(replaced.as_deref(), &timings, &mut steps);
    keep_replaced_costs(&mut steps);
    go_on(&mut steps, &marked);
    if lone.is_some() {
        steps.clear();
    }
    steps.iter_mut().for_each(choices_of_one);
    steps.iter_mut().for_each(share_provisos);
    // A step of states alone was put first: the frame's steps come after it.
    let skip = steps.len().saturating_sub(choices.len());
    for (step, _) in steps.iter_mut().skip(skip).zip(&choices).filter(|(_, one)| **one) {
        let mut clauses = step.clauses.to_vec();
        join_choice(&mut clauses);
        step.clauses = clauses.into();
    }
    Ability {
        name: cx.name.map(|n| Cow::Owned(n.to_string())),
        text: text.into(),
        file: cx.file.to_string().into(),
        span: SourceSpan { start: frame.span.start, end: frame.span.end },
        header,
        requirement: frame.requirement.as_ref().map(|r| noun(&r.text, vocab, None)),
        timings: timings.into(),
        optional: optional_header || says_may,
        frequency,
        costs: costs.into(),
        replacement,
        steps: steps.into(),
    }
}
