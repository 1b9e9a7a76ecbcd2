//! Abilities as JSON: what `cardc abilities <set> --format json` prints, one object per
//! ability.
//!
//! Fields: `card` (the card's id), `name` (a chassis ability's name, or null), `text`,
//! `file` and `span` (`start`/`end` bytes), `header` (its id, or null), `requirement`,
//! `timing` (a list of `{when, what, phase, or_phase, next, events}`), `optional` (bool), `costs` (a list
//! of effects), `effect` (the steps: `{conditions: [{kind, text, reading, implied}], goes_on, then,
//! for_each, timing, duration, clauses: [{subject, qualifier, costs, effect, also, duration, modifiers,
//! instead, alternative, then, each}]}`), `replacement` (null or `{before, subject, event, or_events}`), `duration` (the first
//! duration printed, or null), `frequency` (`"once-per-opportunity"` unless printed) and
//! `opaque` (the texts of its opaque clauses), `said` (the ability said back as a card
//! prints it, [`ability_card`](crate::ability_card)), `round_trip` (`exact` when `said` and
//! `text` are the same words after its normalisation, else `differs`), `parts_at` (null, or where
//! they part: `{"printed": [start, end], "said": [start, end]}`, bytes of `text` and `said`) and `kept` (how many
//! of `said`'s words are a noun's printed words that name no entry). Vocabulary references are `"kind:id"`
//! strings such as `"resource:charge"`.

use serde_json::{json, Value};

use crate::ability::{Ability, Amount, Clause, CondKind, Duration, Effect, Noun, Person, Side, Step, Subject, Timing};
use crate::model::{Card, Set};

fn noun(set: &Set, n: &Noun) -> Value {
    let refs: Vec<String> = n
        .refs
        .iter()
        .filter_map(|r| {
            let e = r.kind.entries(&set.vocab).get(r.index as usize)?;
            Some(format!("{}:{}", r.kind.keyword(), e.id))
        })
        .collect();
    let marks: Vec<Value> = n.marks.iter().map(|m| json!({ "color": m.color, "speed": m.speed })).collect();
    let adjectives: Vec<&str> = n.adjectives.iter().map(|a| a.word()).collect();
    let back = n.back.map(|b| b.keyword());
    json!({ "text": n.text, "refs": refs, "choice": n.choice, "marks": marks, "adjectives": adjectives, "back": back })
}

fn effect(set: &Set, e: &Effect) -> Value {
    let amount = e.amount.map(|a| match a {
        Amount::Exactly(n) => json!(n),
        Amount::UpTo(n) => json!({ "up-to": n }),
        Amount::All => json!("all"),
        Amount::AtLeast(n) => json!({ "at-least": n }),
        Amount::AnyNumber => json!("any-number"),
        Amount::ThatMany => json!("that-many"),
        Amount::Between(a, b) => json!({ "between": [a, b] }),
    });
    let mut out = json!({
        "kind": e.kind.as_str(),
        "text": e.text,
        "amount": amount,
        "noun": e.noun.as_ref().map(|n| noun(set, n)),
        "to": e.to.as_ref().map(|n| noun(set, n)),
        "color": e.color,
        "fully": e.fully,
        "facing": e.facing.map(|f| format!("{f:?}").to_lowercase()),
        "target": e.target.as_ref().map(subject),
        "from": e.from.as_ref().map(subject),
        "passive": e.passive,
        "negated": e.negated,
        "provisos": e.provisos.iter().map(|p| p.words()).collect::<Vec<_>>(),
    });
    // A verb the game declares (`"kind": "game"`): which, by its id.
    if let (crate::ability::EffectKind::Game(i), Value::Object(o)) = (e.kind, &mut out) {
        o.insert("verb".into(), json!(set.verbs.get(i as usize).map(|v| &*v.id)));
    }
    out
}

fn subject(s: &Subject) -> Value {
    let person = match s.person {
        Person::You => "you",
        Person::That => "that",
        Person::Attacker => "attacker",
        Person::Defender => "defender",
        Person::A => "a",
        Person::Another => "another",
        Person::Each => "each",
        Person::EachOther => "each-other",
        Person::Thing => "thing",
    };
    let side = match s.side {
        Side::Any => "any",
        Side::Friendly => "friendly",
        Side::Enemy => "enemy",
    };
    json!({ "text": s.text, "person": person, "side": side, "range": s.range.map(|(a, b)| [a, b]) })
}

fn duration(set: &Set, d: &Duration) -> Value {
    let phase = d.until_end_of.and_then(|p| set.vocab.phases.get(p as usize)).map(|e| &e.id);
    let during = d.during.map(|w| w.words());
    json!({ "text": d.text, "until-end-of": phase, "this-round": d.this_round, "during": during })
}

fn clause(set: &Set, c: &Clause) -> Value {
    let qualifier = c.qualifier.word();
    json!({
        "text": c.text,
        "subject": subject(&c.subject),
        "qualifier": qualifier,
        "costs": c.costs.iter().map(|e| effect(set, e)).collect::<Vec<_>>(),
        "effect": effect(set, &c.effect),
        "also": c.also.iter().map(|e| effect(set, e)).collect::<Vec<_>>(),
        "duration": c.duration.as_ref().map(|d| duration(set, d)),
        "modifiers": c.modifiers,
        "instead": c.instead,
        "alternative": c.alternative,
        "then": c.then,
        "each": c.each,
    })
}

fn timing(set: &Set, t: &Timing) -> Value {
    let phase = t.phase.and_then(|p| set.vocab.phases.get(p as usize)).map(|e| &e.id);
    let events: Vec<Value> = t.event.iter().chain(t.or_events.iter()).map(|c| clause(set, c)).collect();
    let or_phase = t.or_phase.and_then(|p| set.vocab.phases.get(p as usize)).map(|e| &e.id);
    json!({ "when": t.when.as_str(), "what": t.what, "phase": phase, "or_phase": or_phase, "next": t.next, "events": events })
}

fn step(set: &Set, s: &Step) -> Value {
    json!({
        "conditions": s.conditions.iter().map(|c| json!({
            "kind": match c.kind {
                CondKind::If => "if",
                CondKind::Unless => "unless",
                CondKind::Otherwise => "otherwise",
            },
            "text": c.text,
            "reading": crate::ability_text::condition(set, c),
            "implied": c.implied,
        })).collect::<Vec<_>>(),
        "goes_on": s.goes_on,
        "then": s.then,
        "for_each": s.for_each.as_ref().map(|n| &n.text),
        "timing": s.timings.iter().map(|t| timing(set, t)).collect::<Vec<_>>(),
        "duration": s.duration.as_ref().map(|d| duration(set, d)),
        "clauses": s.clauses.iter().map(|c| clause(set, c)).collect::<Vec<_>>(),
    })
}

/// One ability as a JSON object.
pub fn ability_json(set: &Set, card: &Card, a: &Ability) -> Value {
    let header = a.header.and_then(|h| set.vocab.headers.get(h as usize)).map(|e| &e.id);
    let timings: Vec<Value> = a.timings.iter().map(|t| timing(set, t)).collect();
    let steps: Vec<Value> = a.steps.iter().map(|s| step(set, s)).collect();
    let replacement = a
        .replacement
        .as_ref()
        .map(|r| {
            let or_events: Vec<Value> = r.or_events.iter().map(|e| effect(set, e)).collect();
            json!({ "before": r.before, "subject": subject(&r.subject), "event": effect(set, &r.event), "or_events": or_events })
        });
    let first_duration = a
        .steps
        .iter()
        .flat_map(|s| s.duration.iter().chain(s.clauses.iter().filter_map(|c| c.duration.as_ref())))
        .next()
        .map(|d| duration(set, d));
    let (said, round_trip) = crate::ability_card::said_back(set, a);
    json!({
        "card": card.id,
        "name": a.name,
        "text": a.text,
        "file": a.file,
        "span": { "start": a.span.start, "end": a.span.end },
        "header": header,
        "requirement": a.requirement.as_ref().map(|n| noun(set, n)),
        "timing": timings,
        "optional": a.optional,
        "costs": a.costs.iter().map(|e| effect(set, e)).collect::<Vec<_>>(),
        "effect": steps,
        "replacement": replacement,
        "duration": first_duration,
        "frequency": a.frequency.as_str(),
        "opaque": a.opaque().collect::<Vec<_>>(),
        "said": said.text,
        "round_trip": round_trip.as_str(),
        "parts_at": match &round_trip {
            crate::ability_card::RoundTrip::Exact => Value::Null,
            crate::ability_card::RoundTrip::Differs { printed, said } => {
                json!({ "printed": [printed.start, printed.end], "said": [said.start, said.end] })
            }
        },
        "kept": said.kept,
    })
}
