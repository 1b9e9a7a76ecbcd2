//! Abilities in plain words, as a player would say how the compiler read them:
//! `Optional. After you perform a [Boost] action: gain 1 evade token.`
//!
//! Every part is said from the reading, not copied from the printed text, so a part read
//! wrongly shows: the amount is a number (`1`, not `an`), a vocabulary entry is named by its
//! display name (`[Boost] action`, `evade token`, `the Engagement Phase`), the subject is
//! said as the reading has it (`a friendly ship at range 1-2`). Words the reading kept
//! opaque are quoted: `“…”`. Editors show it on hover; squad builders can show it to
//! players.

use crate::ability::{
    Ability, Amount, Clause, CmpOp, CondKind, Condition, Count, Dice, Duration, Effect, EffectKind, Equip, Facing,
    Frequency, Noun, Person, Qualifier, Side, Step, Subject, Test, Than, Timing, Which, Within,
};
use crate::model::{Set, VocabKind, Words};

/// The ability in plain words: its header, frequency, optional, timings, costs and
/// replacement, then each step, one sentence each.
///
/// ```text
/// Optional. After you perform a [Boost] action: gain 1 evade token.
/// ```
pub fn ability(set: &Set, a: &Ability) -> String {
    let mut sentences: Vec<String> = Vec::new();
    if let Some(h) = a.header.and_then(|h| set.vocab.headers.get(h as usize)) {
        let requirement = a.requirement.as_ref().map(|r| format!(" ({})", noun(set, r, None, false)));
        sentences.push(format!("{}{}:", h.name, requirement.unwrap_or_default()));
    }
    match a.frequency {
        Frequency::OncePerOpportunity => {}
        Frequency::OncePerRound => sentences.push("Once per round.".into()),
        Frequency::OncePerPhase => sentences.push("Once per phase.".into()),
        Frequency::OncePerGame => sentences.push("Once per game.".into()),
    }
    if a.optional {
        sentences.push("Optional.".into());
    }
    let mut opening = Vec::new();
    if let Some(r) = &a.replacement {
        let when = if r.before { "Before" } else { "If" };
        opening.push(format!(
            "{when} {} would {}",
            subject(set, &r.subject),
            joined(r.events().map(|e| effect(set, e)), " or ")
        ));
    }
    opening.extend(a.timings.iter().map(|t| capitalize(&timing(set, t))));
    if !a.costs.is_empty() {
        opening.push(format!("Cost: {}", joined(a.costs.iter().map(|e| effect(set, e)), " and ")));
    }
    let steps: Vec<String> =
        a.steps.iter().enumerate().map(|(i, s)| step(set, s, a.optional && i == 0)).filter(|s| !s.is_empty()).collect();
    // After a colon the first step goes on the sentence; the others start their own.
    let body = steps
        .iter()
        .enumerate()
        .map(|(i, s)| if i == 0 && !opening.is_empty() { s.clone() } else { capitalize(s) })
        .collect::<Vec<_>>()
        .join(" ");
    match (opening.is_empty(), body.is_empty()) {
        (true, _) => sentences.push(capitalize(&body)),
        (false, true) => sentences.push(format!("{}.", opening.join("; "))),
        (false, false) => sentences.push(format!("{}: {body}", opening.join("; "))),
    }
    sentences.retain(|s| !s.is_empty());
    sentences.join(" ")
}

/// One step: its conditions, then its clauses, as one sentence ending with a full stop
/// (not capitalised: it may follow a colon).
/// `said_optional`: the ability is already said to be optional, so its first clause's
/// `you may` is not said again.
fn step(set: &Set, s: &Step, said_optional: bool) -> String {
    let mut lead: Vec<String> = s.conditions.iter().map(|c| condition(set, c)).collect();
    if s.goes_on {
        lead.insert(0, "only where the sentence before applied".to_string());
    }
    if let Some(f) = &s.for_each {
        lead.push(format!("for each {}", noun(set, f, None, false)));
    }
    lead.extend(s.timings.iter().map(|t| timing(set, t)));
    if let Some(d) = &s.duration {
        lead.push(duration(set, d));
    }
    let mut clauses = String::new();
    for (i, c) in s.clauses.iter().enumerate() {
        if i > 0 {
            clauses.push_str(if c.alternative { " or " } else { ", then " });
        }
        let mut c = c.clone();
        if said_optional && i == 0 && c.qualifier == Qualifier::May && c.subject.person == Person::You {
            c.qualifier = Qualifier::None;
        }
        clauses.push_str(&clause(set, &c, true));
    }
    let sentence = match (lead.is_empty(), clauses.is_empty()) {
        (true, _) => clauses,
        (false, true) => lead.join(", "),
        (false, false) => format!("{}, {clauses}", lead.join(", ")),
    };
    if sentence.is_empty() {
        return sentence;
    }
    format!("{sentence}.")
}

/// A clause: `you may spend 1 [Charge] to gain 1 focus token`. `imperative` leaves out a
/// plain `you` (`gain 1 evade token`), as cards print it. Another subject takes the verb's
/// third person (`that ship gains`), a passive clause its participle (`this card's
/// [Charge] cannot be recovered`).
fn clause(set: &Set, c: &Clause, imperative: bool) -> String {
    let mut parts = Vec::new();
    let you = is_you(&c.subject);
    if !(imperative && you && c.qualifier == Qualifier::None) {
        parts.push(subject(set, &c.subject));
    }
    let qualifier = c.qualifier.word();
    parts.extend(qualifier.map(str::to_string));
    let plural = plural(&c.subject);
    let third_person = !you && !plural && qualifier.is_none();
    if c.effect.passive && c.effect.kind != EffectKind::Opaque {
        let be = match (qualifier.is_some(), c.effect.negated, plural) {
            (true, _, _) => "be",
            (false, false, false) => "is",
            (false, true, false) => "is not",
            (false, false, true) => "are",
            (false, true, true) => "are not",
        };
        parts.push(format!("{be} {}", participle(c.effect.kind)));
    } else if !c.costs.is_empty() {
        let costs = joined(c.costs.iter().map(|e| effect(set, e)), " and ");
        parts.push(format!("{} to", if third_person { conjugate(&costs) } else { costs }));
        parts.push(effect(set, &c.effect));
    } else {
        let said = effect(set, &c.effect);
        parts.push(if third_person { conjugate(&said) } else { said });
    }
    for also in c.also.iter() {
        let said = effect(set, also);
        parts.push(format!("and {}", if third_person && c.costs.is_empty() { conjugate(&said) } else { said }));
    }
    parts.extend(c.effect.provisos.iter().map(|p| p.words()));
    if let Some(d) = &c.duration {
        parts.push(duration(set, d));
    }
    if c.instead {
        parts.push("instead".into());
    }
    parts.join(" ")
}

/// Whether a subject's words name many (`attack dice`, `all remaining results`), so its
/// verb is not in the third person singular.
pub(crate) fn plural(s: &Subject) -> bool {
    if !matches!(s.person, Person::That | Person::Thing) && !s.says_more() {
        return false;
    }
    plural_words(&s.text)
}

/// Whether words name more than one: their head, before its where-phrases, is a plural
/// (`Non-Scum ships in your squad` are ships, `dice` are).
pub(crate) fn plural_words(text: &str) -> bool {
    let lower = text.to_lowercase();
    // A game's distance (`heroes within 2 spaces`, `heroes adjacent to you`) is a
    // where-phrase too.
    let within =
        lower.match_indices(" within ").find(|(at, w)| lower[at + w.len()..].starts_with(|c: char| c.is_ascii_digit()));
    let head = [" in ", " at ", " with ", " that ", " on ", " beyond ", " adjacent to "]
        .iter()
        .filter_map(|w| lower.find(w))
        .chain(within.map(|(at, _)| at))
        .min()
        .map_or(lower.as_str(), |at| &lower[..at]);
    // `you and each other ship at range 0`: two, joined.
    if head.contains(" and ") {
        return true;
    }
    let last = head.split_whitespace().last().unwrap_or_default();
    last == "dice" || (last.ends_with('s') && !last.ends_with("ss") && !last.ends_with("'s"))
}

/// The third person of a said effect's verb: `gains 1 focus token`, `fully executes`,
/// `partially executes`, `is destroyed`, `barrel rolls`.
pub(crate) fn conjugate(said: &str) -> String {
    if said.starts_with('“') {
        return said.to_string();
    }
    let (lead, rest) = match ["fully ", "partially "].iter().find_map(|a| said.strip_prefix(a).map(|r| (*a, r))) {
        Some((adverb, rest)) => (adverb, rest),
        None => ("", said),
    };
    if let Some(rest) = rest.strip_prefix("be ") {
        return format!("{lead}is {rest}");
    }
    if let Some(rest) = rest.strip_prefix("barrel roll") {
        return format!("{lead}barrel rolls{rest}");
    }
    if let Some(rest) = rest.strip_prefix("not ") {
        return format!("{lead}does not {rest}");
    }
    let (word, tail) = rest.split_once(' ').map_or((rest, ""), |(w, t)| (w, t));
    let sep = if tail.is_empty() { "" } else { " " };
    let third = if word == "have" {
        "has".to_string()
    } else if word.ends_with('s') || word.ends_with("sh") || word.ends_with("ch") || word.ends_with('x') {
        format!("{word}es")
    } else if word.ends_with('y') && !word.ends_with("ay") && !word.ends_with("oy") {
        format!("{}ies", &word[..word.len() - 1])
    } else {
        format!("{word}s")
    };
    format!("{lead}{third}{sep}{tail}")
}

/// The participle of an effect's verb, for a passive clause: `recovered`, `rolled`,
/// `dealt`, `modified`.
pub(crate) fn participle(kind: EffectKind) -> String {
    let verb = verb(kind);
    let verb = verb.strip_prefix("be ").unwrap_or(verb);
    match verb {
        "dealt" | "destroyed" => return verb.to_string(),
        "deal" => return "dealt".into(),
        "acquire a lock on" => return "locked".into(),
        _ => {}
    }
    let (word, tail) = verb.split_once(' ').map_or((verb, ""), |(w, t)| (w, t));
    let sep = if tail.is_empty() { "" } else { " " };
    format!("{}{sep}{tail}", participle_word(word))
}

/// A verb's past participle: `dropped`, `spent`, `executed`.
pub(crate) fn participle_word(word: &str) -> String {
    match word {
        "spend" => return "spent".into(),
        "lose" => return "lost".into(),
        "deal" => return "dealt".into(),
        "choose" => return "chosen".into(),
        "be" => return "been".into(),
        _ => {}
    }
    if word.ends_with('e') {
        format!("{word}d")
    } else if word.ends_with('y') && !word.ends_with("ay") {
        format!("{}ied", &word[..word.len() - 1])
    } else if doubled(word) {
        format!("{word}{}ed", &word[word.len() - 1..])
    } else {
        format!("{word}ed")
    }
}

/// Whether a verb doubles its last letter before `-ed` and `-ing` (`dropped`, `jamming`).
pub(crate) fn doubled(word: &str) -> bool {
    matches!(word, "drop" | "flip" | "skip" | "jam" | "overlap" | "stop" | "plan")
}

/// An effect: its verb, amount, object, and whom it goes to or comes from.
fn effect(set: &Set, e: &Effect) -> String {
    if e.kind == EffectKind::Opaque {
        return opaque(&e.text);
    }
    let mut parts = verb_words(e, "not", game_verb(set, e.kind).unwrap_or_else(|| verb(e.kind)));
    let many = match e.amount {
        Some(a) => {
            let (said, many) = amount(a);
            parts.push(said);
            many
        }
        None => false,
    };
    match e.kind {
        EffectKind::RollFewer => parts.push("fewer".into()),
        // `roll 1 additional attack die`: dice added to a roll, the kind's meaning.
        EffectKind::Roll => parts.push("additional".into()),
        _ => {}
    }
    match &e.noun {
        Some(n) if e.kind == EffectKind::AddSlot => {
            parts.push(format!("{} slot{}", noun(set, n, e.color.as_deref(), false), if many { "s" } else { "" }))
        }
        Some(n) => parts.push(noun(set, n, e.color.as_deref(), many)),
        None => parts.extend(e.color.clone().map(|c| c.to_string())),
    }
    if let Some(f) = e.facing {
        parts.push(match f {
            Facing::Faceup => "faceup".into(),
            Facing::Facedown => "facedown".into(),
        });
    }
    if let Some(t) = &e.target {
        let to = match e.kind {
            EffectKind::Lock => "",
            EffectKind::Perform | EffectKind::Attack => "against ",
            _ => "to ",
        };
        parts.push(format!("{to}{}", subject(set, t)));
    }
    if let Some(t) = &e.from {
        parts.push(format!("from {}", subject(set, t)));
    }
    if let Some(to) = &e.to {
        let word = if e.kind == EffectKind::Treat { "as" } else { "to" };
        parts.push(format!("{word} {}", noun(set, to, None, false)));
    }
    parts.join(" ")
}

/// An effect's verb as said: `not` (or how `negated` says it), `fully`, then the verb.
pub(crate) fn verb_words(e: &Effect, negated: &str, verb: &str) -> Vec<String> {
    let mut parts = Vec::new();
    if e.negated {
        parts.push(negated.to_string());
    }
    if e.fully {
        parts.push("fully".into());
    }
    parts.push(verb.to_string());
    parts
}

/// An amount as said (`1`, `up to 2`, `all`, `1 or more`, `any number of`, `that many`),
/// and whether what it counts is said in the plural.
pub(crate) fn amount(a: Amount) -> (String, bool) {
    match a {
        Amount::Exactly(n) => (n.to_string(), n != 1),
        Amount::UpTo(n) => (format!("up to {n}"), n != 1),
        Amount::All => ("all".into(), true),
        Amount::AtLeast(n) => (format!("{n} or more"), true),
        Amount::AnyNumber => ("any number of".into(), true),
        Amount::ThatMany => ("that many".into(), true),
        Amount::Between(a, b) => (format!("{a}-{b}"), true),
    }
}

/// The base form of the game's verb an effect is (`heal`), if it is one.
pub(crate) fn game_verb(set: &Set, kind: EffectKind) -> Option<&str> {
    match kind {
        EffectKind::Game(i) => set.verbs.get(i as usize).map(|v| &*v.id),
        _ => None,
    }
}

/// The verb an effect kind says.
fn verb(kind: EffectKind) -> &'static str {
    match kind {
        EffectKind::Lock => "acquire a lock on",
        EffectKind::Dealt => "be dealt",
        EffectKind::RollFewer => "roll",
        EffectKind::RollDice => "roll",
        EffectKind::AddSlot => "gain",
        EffectKind::AddResult => "add",
        EffectKind::AddAction => "gain",
        EffectKind::MoveThrough => "move through",
        EffectKind::PartiallyExecute => "partially execute",
        EffectKind::BarrelRoll => "barrel roll",
        EffectKind::Destroyed => "be destroyed",
        EffectKind::HaveAbility => "have",
        other => other.as_str(),
    }
}

/// A noun: its vocabulary entries by display name (`[Boost] action`, `evade token`), each
/// with its colour and speed, joined by `or` for a choice and `and` otherwise; its words
/// when it names no entry. `many` makes a token plural.
fn noun(set: &Set, n: &Noun, color: Option<&str>, many: bool) -> String {
    if n.refs.is_empty() {
        let color = color.or_else(|| n.marks.first().and_then(|m| m.color.as_deref()));
        return match color {
            Some(c) => format!("{} {}", c.replace('|', " or "), n.text),
            None => n.text.to_string(),
        };
    }
    let items = n.refs.iter().enumerate().map(|(i, r)| {
        let mark = n.marks.get(i);
        let mut item = String::new();
        if let Some(c) = mark.and_then(|m| m.color.as_deref()).or(color) {
            item.push_str(&c.replace('|', " or "));
            item.push(' ');
        }
        if let Some(s) = mark.and_then(|m| m.speed) {
            item.push_str(&format!("speed {s} "));
        }
        item.push_str(&entry(set, r.kind, r.index, many));
        item
    });
    joined(items, if n.choice { " or " } else { " and " })
}

/// An entry as cards print it: `[Boost] action`, `evade token`, `[Hit] result`, `[Charge]`.
/// A display name the game wrote in lower case is a word, not an icon: `blank result`,
/// `recover 1 shield`.
fn entry(set: &Set, kind: VocabKind, index: u16, many: bool) -> String {
    let Some(e) = kind.entries(&set.vocab).get(index as usize) else {
        return format!("{} #{index}", kind.keyword());
    };
    let s = if many { "s" } else { "" };
    let icon = match e.name.starts_with(|c: char| c.is_lowercase()) {
        true => e.name.to_string(),
        false => format!("[{}]", e.name),
    };
    match kind {
        VocabKind::Token => format!("{} token{s}", e.name.to_lowercase()),
        VocabKind::Action => format!("{icon} action{s}"),
        VocabKind::Result => format!("{icon} result{s}"),
        VocabKind::Phase => format!("the {}", e.name),
        VocabKind::Die => format!("{} {}", e.name, if many { "dice" } else { "die" }),
        VocabKind::Stat => e.name.to_lowercase(),
        _ => icon,
    }
}

/// A subject as the reading has it: `you`, `the defender`, `another friendly ship at
/// range 1-2`; its words when they say more than that ([`Subject::says_more`]).
fn subject(set: &Set, s: &Subject) -> String {
    if s.says_more_in(&set.words()) {
        return words(&s.text);
    }
    match s.person {
        Person::You => "you".into(),
        Person::That | Person::Thing => words(&s.text),
        Person::Attacker => "the attacker".into(),
        Person::Defender => "the defender".into(),
        _ => quantified(s, &set.words()).unwrap_or_default(),
    }
}

/// The words of a side, with a leading space: ` friendly`, ` enemy`, or nothing.
pub(crate) fn side_words(side: Side) -> &'static str {
    match side {
        Side::Any => "",
        Side::Friendly => " friendly",
        Side::Enemy => " enemy",
    }
}

/// A ship a quantifier picks, with its side and `range` words: `another friendly ship at
/// range 1-2`, `an enemy ship`. `None` for a ship named otherwise (you, the defender, that).
pub(crate) fn quantified(s: &Subject, game: &Words<'_>) -> Option<String> {
    let quantifier = match s.person {
        Person::A if s.side == Side::Enemy => "an",
        Person::A => "a",
        Person::Another => "another",
        Person::Each => "each",
        Person::EachOther => "each other",
        _ => return None,
    };
    Some(format!("{quantifier}{} {}{}", side_words(s.side), game.unit.one(), game.range(s.range)))
}

/// Printed words inside a sentence: a capital only the sentence's start gave is lowered
/// (`That ship` → `that ship`; `TIE` stays).
pub(crate) fn words(text: &str) -> String {
    let mut chars = text.chars();
    match (chars.next(), chars.next()) {
        (Some(first), Some(second)) if first.is_uppercase() && second.is_lowercase() => {
            first.to_lowercase().chain(text.chars().skip(1)).collect()
        }
        _ => text.to_string(),
    }
}

/// Whether a subject is plainly `you` (not `you or a friendly ship …`).
pub(crate) fn is_you(s: &Subject) -> bool {
    s.person == Person::You && !s.says_more()
}

/// `your` for you, else `<subject>'s`.
fn possessive(set: &Set, s: &Subject) -> String {
    if is_you(s) {
        "your".into()
    } else {
        format!("{}'s", subject(set, s))
    }
}

/// `you are` / `the defender is`.
fn is(set: &Set, s: &Subject) -> String {
    if is_you(s) {
        "you are".into()
    } else {
        format!("{} is", subject(set, s))
    }
}

/// `you have` / `the defender has`, or with `not`, `you do not have` / `the defender does
/// not have`.
fn has(set: &Set, s: &Subject, not: bool) -> String {
    match (is_you(s), not) {
        (true, false) => "you have".into(),
        (true, true) => "you do not have".into(),
        (false, false) => format!("{} has", subject(set, s)),
        (false, true) => format!("{} does not have", subject(set, s)),
    }
}

/// A timing: `after you perform a [Boost] action`, `at the start of the Engagement Phase`.
fn timing(set: &Set, t: &Timing) -> String {
    let what = match (t.phase, &t.event) {
        (Some(p), _) if t.or_phase.is_some() => {
            let b = t.or_phase.map(|q| entry(set, VocabKind::Phase, q, false)).unwrap_or_default();
            format!("{} or {b}", entry(set, VocabKind::Phase, p, false))
        }
        (Some(p), _) => entry(set, VocabKind::Phase, p, false),
        (None, Some(e)) if e.effect.kind != EffectKind::Opaque => {
            joined(std::iter::once(e).chain(t.or_events.iter()).map(|c| clause(set, c, false)), " or ")
        }
        _ if t.structured() => t.what.to_string(),
        _ => opaque(&t.what),
    };
    format!("{} {what}", t.when.as_str())
}

/// A duration: `until the end of the round`, `until the end of the Engagement Phase`.
fn duration(set: &Set, d: &Duration) -> String {
    if d.this_round {
        return "until the end of the round".into();
    }
    match d.until_end_of {
        Some(p) => format!("until the end of {}", entry(set, VocabKind::Phase, p, false)),
        None => opaque(&d.text),
    }
}

/// A condition: `if you are stressed`, `unless the defender is in your [Bullseye Arc]`,
/// `otherwise`.
fn condition(set: &Set, c: &Condition) -> String {
    let word = match (c.kind, &c.test) {
        (CondKind::If, Test::OnResult(_)) => return test(set, c),
        (CondKind::If, _) => "if",
        (CondKind::Unless, _) => "unless",
        (CondKind::Otherwise, _) => return "otherwise".into(),
    };
    format!("{word} {}", test(set, c))
}

/// What a condition tests, after its `if` or `unless`.
fn test(set: &Set, c: &Condition) -> String {
    match &c.test {
        Test::YouDo { not: false } => "you do".into(),
        Test::YouDo { not: true } => "you do not".into(),
        Test::State { who, state, not } => format!("{}{} {state}", is(set, who), if *not { " not" } else { "" }),
        Test::OnSide { who, side } => format!("{} {}", is(set, who), side_words(*side).trim_start()),
        Test::Has { who, count: n, noun: what, on } => {
            let on = on.as_ref().map(|s| format!(" on {}", subject(set, s))).unwrap_or_default();
            format!("{} {} {}{on}", has(set, who, false), count(*n), noun(set, what, None, count_many(*n)))
        }
        Test::InArc { who, arc, of, not } => {
            let not = if *not { " not" } else { "" };
            format!("{}{not} in {} {}", is(set, who), possessive(set, of), noun(set, arc, None, false))
        }
        Test::Indicator { arc, within, not } => {
            let not = if *not { " not" } else { "" };
            format!("your {} indicator is{not} in your {}", noun(set, arc, None, false), noun(set, within, None, false))
        }
        Test::AtRange { who, range: (a, b), of, attack } => {
            let of = if is_you(of) { String::new() } else { format!(" of {}", subject(set, of)) };
            let range = if *attack { "attack range" } else { "range" };
            format!("{} at {range} {a}-{b}{of}", is(set, who))
        }
        Test::Stat { who, stat, op, than } => {
            let than = match than {
                Than::Number(n) => n.to_string(),
                Than::Ship(s) => format!("{} {}", possessive(set, s), entry(set, VocabKind::Stat, *stat, false)),
            };
            format!("{} {} is {} {than}", possessive(set, who), entry(set, VocabKind::Stat, *stat, false), compare(*op))
        }
        Test::OnResult(n) => format!("on a {}", noun(set, n, None, false)),
        Test::AttackHits { not: false } => "the attack hits".into(),
        Test::AttackHits { not: true } => "the attack misses".into(),
        Test::Event { events, not, within } => {
            let said = joined(events.iter().map(|e| clause(set, e, false)), " or ");
            event_test(&said, *not, *within)
        }
        Test::Exists { count: n, who } => format!("there are {} of {}", count(*n), subject(set, who)),
        Test::More { more, than } => format!("there are more of {} than of {}", subject(set, more), subject(set, than)),
        Test::Active { who, noun: what, which, active } => {
            let (which, state) = active_words(*which, *active);
            format!("{which}{} {} is {state}", possessive(set, who), noun(set, what, None, false))
        }
        Test::Obstructed { by: None } => "the attack is obstructed".into(),
        Test::Obstructed { by: Some(s) } => format!("the attack is obstructed by {}", subject(set, s)),
        Test::Revealed { who, color, speed } => {
            let mut out = format!("{} revealed maneuver is", possessive(set, who));
            if let Some(c) = color {
                out.push_str(&format!(" {c}"));
            }
            match speed {
                Some((a, u8::MAX)) => out.push_str(&format!(" speed {a} or higher")),
                Some((a, b)) => out.push_str(&format!(" speed {a}-{b}")),
                None => {}
            }
            out
        }
        Test::RevealedVs { who, part, op, than } => {
            format!(
                "the {part} of {} revealed maneuver is {} {}",
                possessive(set, who),
                compare(*op),
                possessive(set, than)
            )
        }
        Test::RevealedParity { who, even } => {
            format!("the speed of {} revealed maneuver is {}", possessive(set, who), parity(*even))
        }
        Test::Behind { who, of } => format!("{} behind {}", is(set, who), subject(set, of)),
        Test::Size { who, op, than } => format!("{} {} {}", is(set, who), size_compare(*op), subject(set, than)),
        Test::OnBar { action, of } => {
            format!("{} is on {} action bar", noun(set, action, None, false), possessive(set, of))
        }
        Test::Equipped { who, card, as_, not } => {
            let has = has(set, who, *not);
            match as_ {
                Equip::Upgrade | Equip::EquippedWith => format!("{has} the {card} upgrade equipped"),
                Equip::ShipAbility => format!("{has} the {card} ship ability"),
            }
        }
        Test::Shows { dice, result, not } => {
            let shows = if *not { "does not show" } else { "shows" };
            let which = match dice {
                Dice::Roll => "one of the dice rolled",
                Dice::Rerolled => "the die rerolled",
                Dice::Only => "every one of your dice",
            };
            format!("{which} {shows} {}", noun(set, result, None, false))
        }
        Test::Rolled { who, count: n, dice, not } => {
            let rolled = if *not { "did not roll" } else { "rolled" };
            format!("{} {rolled} {} {}", subject(set, who), count(*n), noun(set, dice, None, count_many(*n)))
        }
        Test::Any(tests) => {
            joined(tests.iter().map(|t| test(set, &Condition { test: t.clone(), ..c.clone() })), " or ")
        }
        Test::Opaque => opaque(&c.text),
    }
}

/// `even` or `odd`: the parity of a revealed maneuver's speed.
pub(crate) fn parity(even: bool) -> &'static str {
    if even {
        "even"
    } else {
        "odd"
    }
}

/// Two ships' sizes compared: `a larger size than`, `a smaller size than`, `the same size
/// as`, `a size equal to or larger than` …
pub(crate) fn size_compare(op: CmpOp) -> &'static str {
    match op {
        CmpOp::Lt => "a smaller size than",
        CmpOp::Le => "a size equal to or smaller than",
        CmpOp::Eq => "the same size as",
        CmpOp::Ge => "a size equal to or larger than",
        CmpOp::Gt => "a larger size than",
    }
}

/// An event condition around its said events: `… this round`, `it is not so that …`.
pub(crate) fn event_test(said: &str, not: bool, within: Option<Within>) -> String {
    let within = match within {
        Some(Within::Round) => " this round",
        Some(Within::Phase) => " this phase",
        None => "",
    };
    match not {
        true => format!("it is not so that {said}{within}"),
        false => format!("{said}{within}"),
    }
}

/// The words around an active-resource test: `all of ` / `any of ` / nothing, and
/// `active` / `inactive`.
pub(crate) fn active_words(which: Which, active: bool) -> (&'static str, &'static str) {
    let which = match which {
        Which::The => "",
        Which::All => "all of ",
        Which::Any => "any of ",
    };
    (which, if active { "active" } else { "inactive" })
}

/// `2 or more`, `no`, `exactly 2`.
pub(crate) fn count(c: Count) -> String {
    match (c.op, c.n) {
        (CmpOp::Eq, 0) | (CmpOp::Lt, 1) => "no".into(),
        (CmpOp::Ge, n) => format!("{n} or more"),
        (CmpOp::Gt, n) => format!("more than {n}"),
        (CmpOp::Le, n) => format!("{n} or fewer"),
        (CmpOp::Lt, n) => format!("fewer than {n}"),
        (CmpOp::Eq, n) => format!("exactly {n}"),
    }
}

/// Whether what a count counts is said in the plural: all but `exactly 1` (`1 or more
/// stress tokens`, `no stress tokens`, `exactly 1 stress token`).
fn count_many(c: Count) -> bool {
    !(c.op == CmpOp::Eq && c.n == 1)
}

/// `lower than`, `equal to or higher than`.
pub(crate) fn compare(op: CmpOp) -> &'static str {
    match op {
        CmpOp::Lt => "lower than",
        CmpOp::Le => "equal to or lower than",
        CmpOp::Eq => "equal to",
        CmpOp::Ge => "equal to or higher than",
        CmpOp::Gt => "higher than",
    }
}

/// Words the reading kept as words: quoted, so they read as not understood.
fn opaque(text: &str) -> String {
    format!("“{}”", text.trim().trim_end_matches('.'))
}

fn joined(items: impl Iterator<Item = String>, sep: &str) -> String {
    items.collect::<Vec<_>>().join(sep)
}

pub(crate) fn capitalize(s: &str) -> String {
    let mut chars = s.chars();
    let mut out = String::with_capacity(s.len());
    if let Some(c) = chars.next() {
        out.extend(c.to_uppercase());
        out.push_str(chars.as_str());
    }
    out
}
