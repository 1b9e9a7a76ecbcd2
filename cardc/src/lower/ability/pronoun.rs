//! Pronouns: what `it`, `that ship` and `choose 1` stand for, from what the ability named
//! before them.

use cards_runtime::ability::{
    Back, Condition, Effect as RtEffect, EffectKind, Noun, Person, Step as RtStep, Test, Timing as RtTiming,
};
use cards_runtime::model::Vocabulary;

use super::noun::{noun, COLORS};
use super::{first_of, squash};

/// Whether words name a ship (or ships): `the attacker`, `an enemy ship`, `it`.
pub(super) fn names_a_ship(text: &str) -> bool {
    super::lowercase(text).split(|c: char| !c.is_alphanumeric()).any(|w| {
        matches!(
            w,
            "ship"
                | "ships"
                | "you"
                | "it"
                | "they"
                | "them"
                | "attacker"
                | "defender"
                | "wingmate"
                | "wingmates"
                | "unit"
                | "units"
        )
    })
}

/// Whether a noun is a pronoun that stands for something named before (`discard it`).
pub(super) fn is_pronoun(n: &Noun) -> bool {
    matches!(n.text.to_lowercase().trim(), "it" | "them" | "card")
}

/// Where-phrases and relative phrases that follow a noun's head: `obstacle in the play
/// area`, `damage card with the Ship trait`.
pub(super) const AFTER_HEAD: [&str; 7] = [" in ", " at range", " beyond ", " with ", " on ", " that ", " from "];

/// The head a pronoun stands for: its antecedent without where-phrases and without the
/// words before the head that only say which (colours, `non-lock`, a facing, a trait):
/// `it` after `a non-lock red or orange token` is the token, after `a faceup Ship damage
/// card` the damage card.
pub(super) fn head(n: &Noun) -> Noun {
    if !n.refs.is_empty() {
        return n.clone();
    }
    let text = n.text.as_ref();
    let lower = text.to_lowercase();
    let end = first_of(&lower, &AFTER_HEAD).unwrap_or(text.len());
    let words: Vec<&str> = text[..end].split_whitespace().collect();
    let which = |w: &str| {
        let l = w.to_lowercase();
        COLORS.contains(&l.as_str())
            || matches!(l.as_str(), "orange" | "green")
            || l.starts_with("non-")
            || matches!(l.as_str(), "or" | "and" | "faceup" | "facedown")
            || w.chars().next().is_some_and(char::is_uppercase)
    };
    let skip = words.iter().take(words.len().saturating_sub(1)).take_while(|w| which(w)).count();
    Noun { text: words[skip..].join(" ").into(), ..n.clone() }
}

/// The noun of `pronoun`: the thing it stands for, pointed back at.
fn standing_for(pronoun: &Noun, antecedent: Noun) -> Noun {
    // `that card`: the one named before, by its kind.
    let back = match pronoun.text.trim().eq_ignore_ascii_case("them") {
        true => Back::Them,
        false if pronoun.back == Some(Back::That) => Back::That,
        false => Back::It,
    };
    Noun { back: Some(back), ..antecedent }
}

/// How-phrases after an opaque event's object: `a [Boost] action` in `fail a [Boost] action
/// by overlapping another ship`.
const AFTER_OBJECT: [&str; 7] = [" by ", " using ", " while ", " at ", " from ", " to ", " with "];

/// The object of an event no verb structures: the words after its verb, up to a how-phrase.
/// A pronoun in the replacing effect stands for it (`resolve it`: the [Boost] action).
pub(super) fn opaque_object(text: &str, vocab: &Vocabulary) -> Option<Noun> {
    let text = squash(text);
    let (_, rest) = text.split_once(' ')?;
    // `drop or launch a bomb`: the object of both verbs.
    let lower = rest.to_lowercase();
    let rest = match lower.starts_with("or ") || lower.starts_with("and ") {
        true => rest.splitn(3, ' ').nth(2)?,
        false => rest,
    };
    let lower = rest.to_lowercase();
    let end = first_of(&lower, &AFTER_OBJECT).unwrap_or(rest.len());
    let words: Vec<&str> = rest[..end].split_whitespace().collect();
    let skip = usize::from(words.first().is_some_and(|w| matches!(w.to_lowercase().as_str(), "a" | "an" | "the")));
    let object = words[skip..].join(" ");
    (!object.is_empty()).then(|| noun(&object, vocab, None))
}

/// The object of a clause no verb structures when a number counts it (`draw 3 damage
/// cards`): what a later `choose 1` chooses from. Words with no count say nothing sure of
/// their object.
fn counted_object(text: &str) -> Option<Noun> {
    let words: Vec<&str> = text.split_whitespace().collect();
    let count = words.get(1).is_some_and(|w| w.chars().all(|c| c.is_ascii_digit()));
    let rest = words.get(2..).filter(|_| count)?;
    let end = rest.iter().position(|w| !w.chars().all(|c| c.is_alphanumeric() || c == '-')).unwrap_or(rest.len());
    (end > 0).then(|| Noun::new(rest[..end].join(" "), Vec::new()))
}

/// The thing a condition is about, when it is not a ship: `this card` in `if this card has
/// 0 active [Charge]`, `the False Friend condition` in `if the False Friend condition is not
/// assigned …`. A pronoun after it stands for it.
fn condition_thing(c: &Condition) -> Option<Noun> {
    let lower = c.text.to_lowercase();
    let at = first_of(&lower, &[" is ", " are ", " has ", " have "])?;
    let who = &c.text[..at];
    let words: Vec<String> = who.split_whitespace().map(str::to_lowercase).collect();
    let ship = words.iter().any(|w| {
        matches!(
            w.as_str(),
            "you" | "it" | "they" | "there" | "ship" | "ships" | "attacker" | "defender" | "attack" | "maneuver"
        )
    });
    (!ship && !words.is_empty()).then(|| Noun::new(squash(who), Vec::new()))
}

/// `flip it`: what is flipped is a card. The nearest card named before: a condition's
/// `on this card` or `this card has …`, or a named card.
fn is_card(n: &Noun) -> bool {
    let lower = n.text.to_lowercase();
    lower.ends_with("card") || lower.ends_with("cards")
}

/// Whether an effect puts a device in the play area: something dropped, launched or placed
/// that names no ship and no vocabulary entry (a token placed is not a device).
fn places_device(kind: EffectKind, n: &Noun) -> bool {
    let ship = super::lowercase(&n.text).split_whitespace().any(|w| matches!(w, "ship" | "ships"));
    matches!(kind, EffectKind::Drop | EffectKind::Launch | EffectKind::Place) && n.refs.is_empty() && !ship
}

/// `If you would drop a device, you may launch it instead`: the object a pronoun stands for
/// is the head of the last one named before it in the ability: the replaced event's, a
/// timing event's, a condition's thing, or an earlier clause's. A `choose 1` without a noun
/// chooses 1 of it too.
pub(super) fn resolve_pronouns(replaced: Option<&RtEffect>, timings: &[RtTiming], steps: &mut [RtStep]) {
    let mut last: Option<Noun> = None;
    let mut card: Option<Noun> = None;
    // Whether the last thing named was dropped, launched or placed: a device, which `it`
    // as a subject then stands for.
    let mut device = false;
    let named = |n: &Option<Noun>| n.as_ref().filter(|n| !is_pronoun(n)).map(head);
    let events = replaced.into_iter().chain(timings.iter().filter_map(|t| t.event.as_ref().map(|c| &c.effect)));
    for e in events {
        if let Some(n) = named(&e.noun) {
            device = places_device(e.kind, &n);
        }
        last = named(&e.noun).or(last);
        card = e.noun.as_ref().filter(|n| is_card(n)).map(head).or(card);
    }
    for step in steps {
        // `if the defender is in your [Front Arc], you may acquire a lock on it`: a ship the
        // step's conditions name is what a target pronoun stands for.
        let named_ship = step.conditions.iter().any(|c| match &c.test {
            Test::State { who, .. }
            | Test::OnSide { who, .. }
            | Test::InArc { who, .. }
            | Test::AtRange { who, .. } => {
                matches!(who.person, Person::Defender | Person::Attacker | Person::That)
            }
            _ => false,
        });
        for cond in step.conditions.iter() {
            if let Some(thing) = condition_thing(cond) {
                last = Some(thing);
            }
            if cond.text.to_lowercase().contains("this card") {
                card = Some(Noun::new("this card", Vec::new()));
            }
        }
        for c in step.clauses.to_mut() {
            // A clause's own cost is not what its effect's pronoun stands for (`roll 1
            // attack die to remove it`: the stress token named before).
            let before = last.clone();
            // Nor is it what a later clause's pronoun stands for (`spend 1 [Charge] to be
            // dealt that card facedown instead, or spend 2 [Charge] to discard it instead`).
            for e in c.costs.to_mut().iter_mut() {
                if let Some(pronoun) = e.noun.as_ref().filter(|n| is_pronoun(n)) {
                    e.noun = before.clone().map(|b| standing_for(pronoun, b)).or(e.noun.take());
                }
            }
            // `launch 1 electro-chaff cloud. Then place 1 fuse marker on it.`: a target
            // pronoun for an object that is no ship is a thing.
            if let (Some(t), Some(b)) = (c.effect.target.as_mut(), before.as_ref()) {
                let pronoun = matches!(t.text.to_lowercase().as_str(), "it" | "them");
                let words = super::lowercase(&b.text);
                let ship = words.split_whitespace().any(|w| {
                    matches!(
                        w,
                        "ship" | "ships" | "object" | "objects" | "wingmate" | "wingmates" | "attacker" | "defender"
                    )
                });
                // `perform this attack against it`: what is attacked is a ship.
                let attacked = matches!(c.effect.kind, EffectKind::Perform | EffectKind::Attack);
                if pronoun && !ship && b.refs.is_empty() && !named_ship && !attacked {
                    t.person = Person::Thing;
                }
            }
            // `drop 1 cargo crate … It cannot overlap a ship`: the device, not a ship.
            if device && c.subject.person == Person::That && c.subject.text.eq_ignore_ascii_case("it") {
                c.subject.person = Person::Thing;
            }
            let flip = c.effect.kind == EffectKind::Flip;
            if let Some(n) = named(&c.effect.noun) {
                device = places_device(c.effect.kind, &n);
            }
            match &c.effect.noun {
                Some(n) if is_pronoun(n) => {
                    let antecedent = if flip { card.as_ref().or(before.as_ref()) } else { before.as_ref() };
                    if let Some(l) = antecedent {
                        c.effect.noun = Some(standing_for(n, l.clone()));
                    }
                }
                // `look at the defender's damage cards, choose 1, and expose it`.
                None if c.effect.kind == EffectKind::Choose && c.effect.amount.is_some() => {
                    c.effect.noun = before.clone().map(|b| Noun { back: Some(Back::Of), ..b });
                }
                // `draw 3 damage cards, choose 1`: an unread verb's counted object.
                None if c.effect.kind == EffectKind::Opaque => last = counted_object(&c.effect.text).or(last),
                n => last = named(n).or(last),
            }
            if let Some(n) = c.effect.noun.as_ref().filter(|n| is_card(n)) {
                card = Some(n.clone());
            }
        }
    }
}
