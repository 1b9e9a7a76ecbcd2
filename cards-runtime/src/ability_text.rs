//! Abilities in a short text notation a person can check against the printed card: what
//! `cardc abilities` prints, and what the gold corpus of real abilities is written in
//! (`cardc/tests/gold/README.md` describes it).
//!
//! ```text
//! ability
//!   timing after you perform 1 action:boost
//!   optional
//!   step
//!     clause you may spend 1 resource:charge => remove 1 "non-lock red or orange token"
//! ```
//!
//! Vocabulary entries are `kind:id`; words that name no entry are quoted; items of a
//! choice are joined by `|`, of any combination by `/`.

use std::fmt::Write as _;

use crate::ability::{
    Ability, Amount, Clause, CmpOp, CondKind, Condition, Count, Duration, Effect, EffectKind, Noun, Person, Side, Step,
    Subject, Test, Than, Timing, Which, Within,
};
use crate::model::{Set, VocabKind};

/// `kind:id` for a vocabulary entry.
fn entry(set: &Set, kind: VocabKind, index: u16) -> String {
    match kind.entries(&set.vocab).get(index as usize) {
        Some(e) => format!("{}:{}", kind.keyword(), e.id),
        None => format!("{}:#{index}", kind.keyword()),
    }
}

fn quote(text: &str) -> String {
    format!("\"{}\"", text.replace('"', "'"))
}

/// A subject: `you`, `that`, `a.friendly@0-3`, or its words in quotes when they say more
/// ([`Subject::says_more`]).
pub fn subject(s: &Subject) -> String {
    subject_in(&crate::model::Words::PRELUDE, s)
}

/// [`subject`] in a game's own words ([`Set::words`]): `each friendly hero within 2 spaces
/// of you` is `each.friendly@0-2`.
pub fn subject_in(words: &crate::model::Words<'_>, s: &Subject) -> String {
    if s.says_more_in(words) {
        return quote(&s.text);
    }
    let person = match s.person {
        Person::You => return "you".into(),
        Person::That => return "that".into(),
        Person::Attacker => return "attacker".into(),
        Person::Defender => return "defender".into(),
        // `thing "your [Critical Hit] results"`: a thing other than the card itself says which.
        Person::Thing => {
            let own = matches!(s.text.trim().to_lowercase().as_str(), "" | "this card" | "this card's" | "it" | "its");
            return if own { "thing".into() } else { format!("thing {}", quote(&s.text)) };
        }
        Person::A => "a",
        Person::Another => "another",
        Person::Each => "each",
        Person::EachOther => "each-other",
    };
    let mut out = person.to_string();
    match s.side {
        Side::Any => {}
        Side::Friendly => out.push_str(".friendly"),
        Side::Enemy => out.push_str(".enemy"),
    }
    if let Some((a, b)) = s.range {
        let _ = write!(out, "@{a}-{b}");
    }
    out
}

fn amount(a: Amount) -> String {
    match a {
        Amount::Exactly(n) => n.to_string(),
        Amount::UpTo(n) => format!("upto{n}"),
        Amount::All => "all".into(),
        Amount::AtLeast(n) => format!("atleast{n}"),
        Amount::AnyNumber => "any".into(),
        Amount::ThatMany => "thatmany".into(),
        Amount::Between(a, b) => format!("between{a}-{b}"),
    }
}

/// An object: its entries (with each one's colour and speed), or its words in quotes.
fn object(set: &Set, n: &Noun, color: Option<&str>) -> String {
    if n.refs.is_empty() {
        let words = quote(&n.text);
        // `red|blue` is a choice of colours: one item each. Words with no entry may carry
        // their colour as their one mark (`-> non-red "another maneuver of the same speed"`).
        let color = color.or_else(|| n.marks.first().and_then(|m| m.color.as_deref()));
        return match color {
            Some(c) => c.split('|').map(|c| format!("{c} {words}")).collect::<Vec<_>>().join("|"),
            None => words,
        };
    }
    let sep = if n.choice { "|" } else { "/" };
    // `1 active [Charge]` is `active resource:charge`.
    let which = n.which();
    let items = n
        .refs
        .iter()
        .enumerate()
        .map(|(i, r)| {
            let mark = n.marks.get(i);
            let mut item = String::new();
            if let Some(c) = mark.and_then(|m| m.color.as_deref()).or(color) {
                item.push_str(c);
                item.push(' ');
            }
            if let Some(s) = mark.and_then(|m| m.speed) {
                let _ = write!(item, "{s} ");
            }
            item.push_str(&entry(set, r.kind, r.index));
            item
        })
        .collect::<Vec<_>>()
        .join(sep);
    format!("{which}{items}")
}

/// An effect: `gain 1 token:focus`, `assign 1 token:stress to that`.
pub fn effect(set: &Set, e: &Effect) -> String {
    if e.kind == EffectKind::Opaque {
        return format!("opaque {}", quote(&e.text));
    }
    // A verb the game declares is `verb:<id>`.
    let kind = match e.kind {
        EffectKind::Game(i) => format!("verb:{}", set.verbs.get(i as usize).map_or("?", |v| &*v.id)),
        kind => kind.as_str().to_string(),
    };
    let mut parts = vec![kind];
    if e.fully {
        parts.push("fully".into());
    }
    if let Some(a) = e.amount {
        parts.push(amount(a));
    }
    // `^that "token"`: the token named before.
    if let Some(back) = e.noun.as_ref().and_then(|n| n.back) {
        parts.push(format!("^{}", back.keyword()));
    }
    match &e.noun {
        Some(n) => parts.push(object(set, n, e.color.as_deref())),
        None => parts.extend(e.color.as_deref().map(str::to_string)),
    }
    if let Some(t) = &e.target {
        parts.push(format!("to {}", subject_in(&set.words(), t)));
    }
    if let Some(t) = &e.from {
        parts.push(format!("from {}", subject_in(&set.words(), t)));
    }
    if let Some(to) = &e.to {
        // A passive's `to` is what does it: `cannot be canceled by [Evade] results`.
        let word = if e.passive && e.kind != EffectKind::Treat { "by" } else { "->" };
        parts.push(format!("{word} {}", object(set, to, None)));
    }
    if let Some(f) = e.facing {
        parts.push(format!("{f:?}").to_lowercase());
    }
    if e.passive {
        parts.push("passive".into());
    }
    if e.negated {
        parts.push("not".into());
    }
    // How it is done, where the model holds it: `with "using the 1 [Straight] template"`.
    for p in e.provisos.iter() {
        parts.push(format!("with {}", quote(&p.words())));
    }
    parts.join(" ")
}

fn duration(set: &Set, d: &Duration) -> String {
    if d.this_round {
        return "round".into();
    }
    match d.until_end_of {
        Some(p) => entry(set, VocabKind::Phase, p),
        None => quote(&d.text),
    }
}

/// A clause: `you may spend 1 resource:force => perform 1 "action"`.
pub fn clause(set: &Set, c: &Clause) -> String {
    let mut parts = vec![subject_in(&set.words(), &c.subject)];
    let q = c.qualifier.word();
    parts.extend(q.map(str::to_string));
    if !c.costs.is_empty() {
        parts.push(c.costs.iter().map(|e| effect(set, e)).collect::<Vec<_>>().join(" + "));
        parts.push("=>".into());
    }
    parts.push(effect(set, &c.effect));
    // A phrase the model has no place for, kept as its words (`at range 1`, `ignoring the
    // [Lock] requirement`): shown, so that a reading never looks as if it dropped it.
    for m in c.modifiers.iter() {
        parts.push(format!("kept {}", quote(m)));
    }
    for also in c.also.iter() {
        parts.push(format!("& {}", effect(set, also)));
    }
    if let Some(d) = &c.duration {
        parts.push(format!("until {}", duration(set, d)));
    }
    if c.instead {
        parts.push("instead".into());
    }
    parts.join(" ")
}

/// A timing: `after you perform 1 action:boost`, `start-of phase:engagement`.
pub fn timing(set: &Set, t: &Timing) -> String {
    let when = t.when.as_str().replace("at the ", "").replace(' ', "-");
    let what = match (t.phase, &t.event) {
        (Some(p), _) => match t.or_phase {
            Some(q) => format!("{}|{}", entry(set, VocabKind::Phase, p), entry(set, VocabKind::Phase, q)),
            None => entry(set, VocabKind::Phase, p),
        },
        (None, Some(e)) => {
            std::iter::once(e).chain(t.or_events.iter()).map(|c| clause(set, c)).collect::<Vec<_>>().join(" || ")
        }
        (None, None) => quote(&t.what),
    };
    format!("{when} {what}")
}

fn count(c: Count) -> String {
    match c.op {
        CmpOp::Ge => format!("{}+", c.n),
        CmpOp::Le => format!("{}-", c.n),
        CmpOp::Eq => c.n.to_string(),
        op => format!("{}{}", op.as_str(), c.n),
    }
}

/// ` of <subject>` unless the subject is `you`.
fn of(set: &Set, s: &Subject) -> String {
    match s.person {
        Person::You => String::new(),
        _ => format!(" of {}", subject_in(&set.words(), s)),
    }
}

/// A condition: `if you-do`, `if defender in arc:bullseye`, `unless you is stressed`.
pub fn condition(set: &Set, c: &Condition) -> String {
    let word = match c.kind {
        CondKind::If => "if",
        CondKind::Unless => "unless",
        CondKind::Otherwise => return "otherwise".into(),
    };
    format!("{word} {}", test(set, c))
}

/// What a condition tests, after its `if` or `unless`: `you-do`, `defender in arc:bullseye`.
fn test(set: &Set, c: &Condition) -> String {
    match &c.test {
        Test::YouDo { not: false } => "you-do".into(),
        Test::YouDo { not: true } => "you-do-not".into(),
        Test::State { who, state, not } => {
            format!("{} {} {state}", subject_in(&set.words(), who), if *not { "is-not" } else { "is" })
        }
        Test::OnSide { who, side } => {
            format!("{} is {}", subject_in(&set.words(), who), crate::ability_plain::side_words(*side).trim_start())
        }
        Test::Has { who, count: n, noun, on } => {
            let on = on.as_ref().map(|s| format!(" on {}", subject_in(&set.words(), s))).unwrap_or_default();
            format!("{} has {} {}{on}", subject_in(&set.words(), who), count(*n), object(set, noun, None))
        }
        Test::InArc { who, arc, of: whose, not } => {
            format!(
                "{} {} {}{}",
                subject_in(&set.words(), who),
                if *not { "not-in" } else { "in" },
                object(set, arc, None),
                of(set, whose)
            )
        }
        Test::Indicator { arc, within, not } => {
            format!(
                "indicator {} {} {}",
                object(set, arc, None),
                if *not { "not-in" } else { "in" },
                object(set, within, None)
            )
        }
        Test::AtRange { who, range: (a, b), of: whom, .. } => {
            format!("{} at {a}-{b}{}", subject_in(&set.words(), who), of(set, whom))
        }
        Test::Stat { who, stat, op, than } => {
            let than = match than {
                Than::Number(n) => n.to_string(),
                Than::Ship(s) => subject_in(&set.words(), s),
            };
            format!("{} {} {} {than}", subject_in(&set.words(), who), entry(set, VocabKind::Stat, *stat), op.as_str())
        }
        Test::OnResult(n) => format!("on {}", object(set, n, None)),
        Test::AttackHits { not: false } => "attack-hits".into(),
        Test::AttackHits { not: true } => "attack-misses".into(),
        Test::Event { events, not, within } => event_test(set, events, *not, *within),
        Test::Exists { count: n, who } => format!("there-are {} {}", count(*n), subject_in(&set.words(), who)),
        Test::More { more, than } => {
            format!("there-are-more {} than {}", subject_in(&set.words(), more), subject_in(&set.words(), than))
        }
        Test::Active { who, noun, which, active } => {
            let which = match which {
                Which::The => "",
                Which::All => " all",
                Which::Any => " any",
            };
            let state = if *active { "active" } else { "inactive" };
            format!("{}{which} {} {state}", subject_in(&set.words(), who), object(set, noun, None))
        }
        Test::Obstructed { by: None } => "attack-obstructed".into(),
        Test::Obstructed { by: Some(s) } => format!("attack-obstructed by {}", subject_in(&set.words(), s)),
        Test::Revealed { who, color, speed } => {
            let mut out = format!("{} revealed", subject_in(&set.words(), who));
            if let Some(c) = color {
                let _ = write!(out, " {c}");
            }
            match speed {
                Some((a, u8::MAX)) => {
                    let _ = write!(out, " speed {a}+");
                }
                Some((a, b)) => {
                    let _ = write!(out, " speed {a}-{b}");
                }
                None => {}
            }
            out
        }
        Test::RevealedVs { who, part, op, than } => {
            format!(
                "{} revealed {part} {} {}",
                subject_in(&set.words(), who),
                op.as_str(),
                subject_in(&set.words(), than)
            )
        }
        Test::RevealedParity { who, even } => {
            format!("{} revealed speed {}", subject_in(&set.words(), who), if *even { "even" } else { "odd" })
        }
        Test::Behind { who, of } => {
            format!("{} behind {}", subject_in(&set.words(), who), subject_in(&set.words(), of))
        }
        Test::Size { who, op, than } => {
            format!("{} size {} {}", subject_in(&set.words(), who), op.as_str(), subject_in(&set.words(), than))
        }
        Test::OnBar { action, of } => format!("{} on-bar {}", subject_in(&set.words(), of), object(set, action, None)),
        Test::Equipped { who, card, as_, not } => {
            format!(
                "{} {} {} {}",
                subject_in(&set.words(), who),
                if *not { "has-no-card" } else { "has-card" },
                quote(card),
                as_.as_str()
            )
        }
        // `that is limited or that has-card "Cutthroat" upgrade`.
        Test::Shows { dice, result, not } => {
            let not = if *not { " not" } else { "" };
            format!("dice:{}{not} shows {}", dice.as_str(), object(set, result, None))
        }
        Test::Rolled { who, count, dice, not } => {
            let not = if *not { "not " } else { "" };
            format!(
                "{not}{} rolled {} {} {}",
                subject_in(&set.words(), who),
                count.op.as_str(),
                count.n,
                object(set, dice, None)
            )
        }
        Test::Any(tests) => {
            let said: Vec<String> =
                tests.iter().map(|t| test(set, &Condition { test: t.clone(), ..c.clone() })).collect();
            said.join(" or ")
        }
        Test::Opaque => quote(&c.text),
    }
}

/// An event condition: `you perform 1 red action:barrel-roll`, `not you drop 1 "device" ||
/// you launch 1 "device" this-round`.
fn event_test(set: &Set, events: &[Clause], not: bool, within: Option<Within>) -> String {
    let mut out = if not { String::from("not ") } else { String::new() };
    out.push_str(&events.iter().map(|c| clause(set, c)).collect::<Vec<_>>().join(" || "));
    match within {
        Some(Within::Round) => out.push_str(" this-round"),
        Some(Within::Phase) => out.push_str(" this-phase"),
        None => {}
    }
    out
}

fn step(set: &Set, s: &Step, out: &mut String) {
    out.push_str("  step\n");
    if s.goes_on {
        out.push_str("    goes-on\n");
    }
    for c in s.conditions.iter() {
        let _ = writeln!(out, "    {}", condition(set, c));
    }
    if let Some(f) = &s.for_each {
        let _ = writeln!(out, "    for-each {}", object(set, f, None));
    }
    for t in s.timings.iter() {
        let _ = writeln!(out, "    timing {}", timing(set, t));
    }
    if let Some(d) = &s.duration {
        let _ = writeln!(out, "    until {}", duration(set, d));
    }
    for c in s.clauses.iter() {
        let word = if c.alternative { "or" } else { "clause" };
        let _ = writeln!(out, "    {word} {}", clause(set, c));
    }
}

/// An ability in the notation, one part a line, ending with a newline.
pub fn ability(set: &Set, a: &Ability) -> String {
    let mut out = String::from("ability\n");
    if let Some(h) = a.header {
        let id = set.vocab.headers.get(h as usize).map_or("?", |e| &*e.id);
        match &a.requirement {
            Some(r) => {
                let _ = writeln!(out, "  header {id} ({})", object(set, r, None));
            }
            None => {
                let _ = writeln!(out, "  header {id}");
            }
        }
    }
    match a.frequency {
        crate::ability::Frequency::OncePerOpportunity => {}
        f => {
            let _ = writeln!(out, "  frequency {}", f.as_str().trim_start_matches("once-per-"));
        }
    }
    for t in a.timings.iter() {
        let _ = writeln!(out, "  timing {}", timing(set, t));
    }
    if a.optional {
        out.push_str("  optional\n");
    }
    if !a.costs.is_empty() {
        let _ = writeln!(out, "  cost {}", a.costs.iter().map(|e| effect(set, e)).collect::<Vec<_>>().join(" + "));
    }
    if let Some(r) = &a.replacement {
        let kind = if r.before { "before" } else { "if" };
        let events: Vec<String> = r.events().map(|e| effect(set, e)).collect();
        let _ = writeln!(out, "  replaces {kind} {} {}", subject_in(&set.words(), &r.subject), events.join(" || "));
    }
    for s in a.steps.iter() {
        step(set, s, &mut out);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ship(text: &'static str, person: Person, side: Side, range: Option<(u8, u8)>) -> Subject {
        Subject { text: text.into(), person, side, range }
    }

    #[test]
    fn subjects_the_form_cannot_say_keep_their_words() {
        let s = ship("another friendly ship at range 1-2", Person::Another, Side::Friendly, Some((1, 2)));
        assert_eq!(subject(&s), "another.friendly@1-2");
        let s = ship("at least 1 other friendly ship", Person::Another, Side::Friendly, None);
        assert_eq!(subject(&s), "another.friendly");
        // An arc, a relative clause, another noun: words.
        let s = ship("an enemy ship in your [Bullseye Arc]", Person::A, Side::Enemy, None);
        assert_eq!(subject(&s), "\"an enemy ship in your [Bullseye Arc]\"");
        let s = ship("a ship the friendly Hound's Tooth has locked", Person::A, Side::Friendly, None);
        assert_eq!(subject(&s), "\"a ship the friendly Hound's Tooth has locked\"");
        assert_eq!(subject(&ship("a different target", Person::A, Side::Any, None)), "\"a different target\"");
        // One named before stays `that` whatever its words.
        assert_eq!(subject(&ship("the ship you chose", Person::That, Side::Any, None)), "that");
    }
}
