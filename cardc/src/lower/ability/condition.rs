//! Conditions: the states, arcs, ranges, counts and past events a condition's words test.

use cards_runtime::ability::{
    Amount, Clause as RtClause, CmpOp, CondKind, Condition, Count, Dice, EffectKind, Equip, Noun, Person, Side,
    Subject, Test, Than, VocabRef, Which, Within,
};
use cards_runtime::model::{VocabKind, Vocabulary};

use super::clause::event_clause;
use super::effect::subject;
use super::noun::{amount, find, noun, COLORS};
use super::squash;
use crate::text::{Cond, Piece};

/// The states a ship can be in, as a condition names them.
pub(super) const STATES: [&str; 15] = [
    "stressed",
    "damaged",
    "critically damaged",
    "depleted",
    "strained",
    "ionized",
    "jammed",
    "tractored",
    "cloaked",
    "shielded",
    "destroyed",
    "defending",
    "attacking",
    "docked",
    "limited",
];

/// `you are focused`: the ship has 1 or more focus tokens; `is not focused`, none.
fn token_state(who: &str, rest: &str, not: bool, vocab: &Vocabulary) -> Option<Test> {
    let (_, token) = cards_runtime::ability::TOKEN_STATES.iter().find(|(state, _)| *state == rest)?;
    let noun = noun(token, vocab, None);
    if noun.refs.is_empty() {
        return None;
    }
    let count = if not { Count { op: CmpOp::Eq, n: 0 } } else { Count { op: CmpOp::Ge, n: 1 } };
    Some(Test::Has { who: subject_words(who), count, noun, on: None })
}

/// `the attack range is 1`: the defender is at that range of the attacker.
fn attack_range_is(who: &str, rest: &str, not: bool) -> Option<Test> {
    if not || !matches!(who, "the attack range" | "attack range") {
        return None;
    }
    let (a, b) = rest.split_once('-').unwrap_or((rest, rest));
    let range = (a.parse().ok()?, b.parse().ok()?);
    Some(Test::AtRange { who: subject_words("the defender"), range, of: subject_words("the attacker"), attack: true })
}

/// A subject written in a condition's words.
pub(super) fn subject_words(text: &str) -> Subject {
    let t = text.trim();
    match t.to_lowercase().as_str() {
        "your" | "yours" | "you" => Subject::YOU,
        "its" | "their" | "that ship's" | "it" | "they" => subject(Some(&Piece::bare("it"))),
        "the attacker's" | "the attacker" => subject(Some(&Piece::bare("the attacker"))),
        "the defender's" | "the defender" => subject(Some(&Piece::bare("the defender"))),
        _ => subject(Some(&Piece::bare(t.trim_end_matches("'s").trim_end_matches('’')))),
    }
}

/// Whether a condition's words before its verb are `you`.
fn is_you_words(who: &str) -> bool {
    subject_words(who) == Subject::YOU
}

/// Whether a condition's words before its verb are a ship alone, not a ship somewhere
/// (`an enemy ship in its [Front Arc]`) or a thing of it (`your [Single Turret Arc]`).
fn plain_subject(who: &str) -> bool {
    !who.contains('[') && !who.contains(" in ")
}

/// `in <arc>` of a condition: `in your [Front Arc]`, `in the attacker's [Bullseye Arc]`, `in
/// the [Bullseye Arc] of a friendly ship at range 0-3`, `in an enemy ship's firing arc`. An
/// arc the game does not name (`firing arc`, `attack arc`) is kept as its words; `your` or
/// `the` alone is the arc of the card's ship, except `the attack arc`: the arc the attack is
/// made from, the attacker's.
fn in_arc(who: &str, arc: &str, not: bool, vocab: &Vocabulary) -> Option<Test> {
    if !plain_subject(who) {
        return None;
    }
    let (named, of) = arc.split_once(" of ").map_or((arc, None), |(a, o)| (a, Some(o)));
    let (whose, name) = match named.find('[') {
        Some(i) => (&named[..i], &named[i..]),
        None => {
            let words: Vec<&str> = named.split_whitespace().collect();
            if words.len() < 2 || words.last() != Some(&"arc") {
                return None;
            }
            let at = named.rfind(words[words.len() - 2])?;
            (&named[..at], &named[at..])
        }
    };
    let arc = match name.strip_prefix('[') {
        Some(bracketed) => {
            // `[Front Arc] or [Rear Arc]`: in either.
            let names: Vec<&str> = bracketed.strip_suffix(']')?.split("] or [").collect();
            let refs = names
                .iter()
                .map(|n| find(&vocab.arcs, n).map(|index| VocabRef { kind: VocabKind::Arc, index }))
                .collect::<Option<Vec<_>>>()?;
            let choice = refs.len() > 1;
            Noun { choice, ..Noun::new(name.to_string(), refs) }
        }
        None => Noun::new(name.to_string(), Vec::new()),
    };
    let whose = whose.trim();
    let of = match (of, whose) {
        (Some(o), "the" | "") => subject_words(o),
        (Some(_), _) => return None,
        (None, "the") if name.eq_ignore_ascii_case("attack arc") => subject_words("the attacker"),
        (None, "the" | "") => Subject::YOU,
        (None, w) => subject_words(w),
    };
    Some(Test::InArc { who: subject_words(who), arc, of, not })
}

/// `your [Single Turret Arc] indicator is in your [Left Arc] or [Right Arc]` (or `your
/// [Single Turret Arc] is in …`): where your arc's indicator points, when `who` is one arc
/// of yours and the arcs it is in are yours.
fn indicator(who: &str, arcs: &str, not: bool, vocab: &Vocabulary) -> Option<Test> {
    let name = who.strip_prefix("your [")?;
    let name = name.strip_suffix("] indicator").or_else(|| name.strip_suffix(']'))?;
    let index = find(&vocab.arcs, name)?;
    let arc = Noun::new(format!("[{name}]"), vec![VocabRef { kind: VocabKind::Arc, index }]);
    match in_arc("you", arcs, not, vocab)? {
        Test::InArc { arc: within, of, .. } if of == Subject::YOU && !within.refs.is_empty() => {
            Some(Test::Indicator { arc, within, not })
        }
        _ => None,
    }
}

/// `1 or more`, `2 or fewer`, `no`, `a`, `at least 2`, `3`: how many, and what is left.
fn count(words: &str) -> Option<(Count, &str)> {
    let (first, rest) = words.split_once(' ')?;
    let ge = |n| Count { op: CmpOp::Ge, n };
    match first {
        "no" => return Some((Count { op: CmpOp::Eq, n: 0 }, rest)),
        "a" | "an" | "any" => return Some((ge(1), rest)),
        _ => {}
    }
    if let Some(rest) = words.strip_prefix("exactly ") {
        let (n, rest) = rest.split_once(' ')?;
        return Some((Count { op: CmpOp::Eq, n: n.parse().ok()? }, rest));
    }
    if let Some(rest) = words.strip_prefix("at least ") {
        let (n, rest) = rest.split_once(' ')?;
        return Some((ge(n.parse().ok()?), rest));
    }
    let n: u32 = first.parse().ok()?;
    for (tail, op) in [("or more ", CmpOp::Ge), ("or fewer ", CmpOp::Le), ("or less ", CmpOp::Le)] {
        if let Some(rest) = rest.strip_prefix(tail) {
            return Some((Count { op, n }, rest));
        }
    }
    Some((Count { op: CmpOp::Eq, n }, rest))
}

/// `lower than`, `equal to or higher than`, … at the start of `words`: the comparison, and
/// what it compares with.
fn comparison(words: &str) -> Option<(CmpOp, &str)> {
    const OPS: [(&str, CmpOp); 12] = [
        ("equal to or lower than ", CmpOp::Le),
        ("equal to or less than ", CmpOp::Le),
        ("equal to or higher than ", CmpOp::Ge),
        ("equal to or greater than ", CmpOp::Ge),
        ("lower than ", CmpOp::Lt),
        ("less than ", CmpOp::Lt),
        ("higher than ", CmpOp::Gt),
        ("greater than ", CmpOp::Gt),
        ("more than ", CmpOp::Gt),
        ("equal to ", CmpOp::Eq),
        ("the same as ", CmpOp::Eq),
        ("", CmpOp::Eq),
    ];
    OPS.iter().find_map(|(w, op)| words.strip_prefix(w).map(|rest| (*op, rest)))
}

/// The shape a condition's words have, when it is one the reading structures.
pub(super) fn test(text: &str, vocab: &Vocabulary) -> Test {
    let lower = squash(text).to_lowercase().replace('’', "'");
    let lower = lower.trim_end_matches(['.', ',']);
    match lower {
        "you do"
        | "you do so"
        | "you did"
        | "it does"
        | "it did"
        | "they do"
        | "that ship does"
        | "the chosen ship does" => {
            return Test::YouDo { not: false };
        }
        "you do not" | "you don't" | "you did not" | "you didn't" | "you cannot" | "you can't" | "it does not"
        | "it doesn't" | "they do not" | "they don't" => return Test::YouDo { not: true },
        _ => {}
    }
    match lower {
        "this attack hits" | "the attack hits" | "that attack hits" | "it hits" | "the attack hit"
        | "this attack hit" => {
            return Test::AttackHits { not: false };
        }
        "your attack missed"
        | "your attack misses"
        | "this attack does not hit"
        | "the attack does not hit"
        | "this attack misses"
        | "the attack misses"
        | "the attack missed"
        | "that attack missed"
        | "this attack missed"
        | "it misses"
        | "it does not hit" => {
            return Test::AttackHits { not: true };
        }
        _ => {}
    }
    if let Some(t) = obstructed(lower)
        .or_else(|| shows(lower, vocab))
        .or_else(|| rolled(lower, vocab))
        .or_else(|| revealed(lower))
        .or_else(|| revealed_vs(lower))
        .or_else(|| revealed_parity(lower))
        .or_else(|| behind(lower))
        .or_else(|| size(lower))
        .or_else(|| on_bar(lower, vocab))
        .or_else(|| active(lower, vocab))
        .or_else(|| locked(lower, vocab))
    {
        return t;
    }
    // `the attacker does not have any green tokens`: none.
    for verb in [" does not have any ", " do not have any ", " does not have ", " do not have "] {
        if let Some((who, what)) = lower.split_once(verb) {
            let n = noun(what, vocab, None);
            let tokens = what.ends_with("token") || what.ends_with("tokens");
            if !n.refs.is_empty() || tokens {
                return Test::Has { who: subject_words(who), count: Count { op: CmpOp::Eq, n: 0 }, noun: n, on: None };
            }
        }
    }
    // `there is an enemy ship in your [Bullseye Arc]`: that ship's test. A comparison of
    // counts (`there are more enemy ships than other friendly ships at range 0-1`) is none.
    if let Some(rest) = lower.strip_prefix("there is ").or_else(|| lower.strip_prefix("there are ")) {
        if let Some(t) = there_are(rest, vocab) {
            return t;
        }
        for (sep, shape) in [(" in ", "in "), (" at range ", "at range ")] {
            if let Some((who, tail)) = rest.split_once(sep).filter(|(who, _)| one_of_them(who)) {
                // `an enemy ship in your [Front Arc] at range 0-1`: one ship at that range
                // of you that is in your arc.
                let (who, tail) = match tail.rsplit_once(" at range ") {
                    Some((arc, band)) if shape == "in " && arc.starts_with("your [") && !band.contains(' ') => {
                        (format!("{who} at range {band}"), arc.to_string())
                    }
                    _ => (who.to_string(), tail.to_string()),
                };
                let inner = test(&format!("{who} is {shape}{tail}"), vocab);
                if inner != Test::Opaque {
                    return inner;
                }
            }
        }
    }
    // `there is a friendly lock on the attacker`: a friendly ship has a lock on it.
    if let Some((side, on)) = lower.strip_prefix("there is a ").and_then(|r| r.split_once(" lock on ")) {
        let lock = noun("lock", vocab, None);
        if matches!(side, "friendly" | "enemy") && is_lock(&lock, vocab) && plain_subject(on) {
            let who = subject(Some(&Piece::bare(&format!("a {side}"))));
            return Test::Has { who, count: Count { op: CmpOp::Ge, n: 1 }, noun: lock, on: Some(subject_words(on)) };
        }
    }
    // `there are 1 or more tokens on this card`: what this card has.
    if let Some(rest) = lower.strip_prefix("there is ").or_else(|| lower.strip_prefix("there are ")) {
        if let Some((what, whose)) = rest.rsplit_once(" on ").filter(|(w, _)| !w.contains("ship")) {
            let inner = test(&format!("{whose} has {what}"), vocab);
            if matches!(inner, Test::Has { .. }) {
                return inner;
            }
        }
    }
    // `<who> is/are [not] …`.
    let verbs = [" is not ", " are not ", " was not ", " were not ", " is ", " are ", " was ", " were "];
    // The first verb written is the subject's: in `it is limited or has … and you are not
    // strained`, `it`, never `it is limited … and you`.
    let first = lower.match_indices(' ').find_map(|(at, _)| {
        let rest = &lower[at..];
        verbs.iter().find(|v| rest.starts_with(**v)).map(|v| (at, *v))
    });
    // `the attack deals a faceup damage card to the defender and the defender is in your
    // [Bullseye Arc]`: words joined by `and` before the verb are another condition, not
    // the subject's.
    let first = first.filter(|(at, _)| !lower[..*at].contains(" and "));
    if let Some((who, verb, rest)) = first.map(|(at, v)| (&lower[..at], v, &lower[at + v.len()..])) {
        let not = verb.contains("not");
        let who_s = subject_words(who);
        // `the defender was a limited ship`: the ship's state.
        let rest = rest.strip_prefix("a ").and_then(|r| r.strip_suffix(" ship")).unwrap_or(rest);
        // `the defender is friendly`: its side.
        let side = match rest {
            "friendly" => Some(Side::Friendly),
            "enemy" | "an enemy" => Some(Side::Enemy),
            _ => None,
        };
        if let Some(side) = side.filter(|_| !not && plain_subject(who)) {
            return Test::OnSide { who: who_s, side };
        }
        if let Some(state) = STATES.iter().find(|s| **s == rest) {
            return Test::State { who: who_s, state: state.replace(' ', "-").into(), not };
        }
        if let Some(t) = token_state(who, rest, not, vocab) {
            return t;
        }
        if let Some(t) = attack_range_is(who, rest, not) {
            return t;
        }
        if let Some(t) = rest.strip_prefix("in ").and_then(|arc| in_arc(who, arc, not, vocab)) {
            return t;
        }
        if let Some(t) = rest.strip_prefix("in ").and_then(|arcs| indicator(who, arcs, not, vocab)) {
            return t;
        }
        // `a friendly ship is in your [Left Arc] at range 0-1`: one ship at that range of
        // you that is in your arc.
        let indefinite = ["a ", "an ", "another "].iter().any(|a| who.starts_with(a));
        if let Some((arc, band)) = rest.strip_prefix("in your [").and_then(|r| r.rsplit_once(" at range ")) {
            let who = format!("{who} at range {band}");
            let arc = format!("your [{arc}");
            if let Some(t) =
                Some(()).filter(|_| indefinite && !band.contains(' ')).and_then(|_| in_arc(&who, &arc, not, vocab))
            {
                return t;
            }
        }
        // `the attacker is outside your firing arc`: not in it.
        if let Some(t) = rest.strip_prefix("outside ").filter(|_| !not).and_then(|arc| in_arc(who, arc, true, vocab)) {
            return t;
        }
        let at_range = rest.strip_prefix("at range ").map(|r| (r, false));
        let at_range = at_range.or_else(|| rest.strip_prefix("at attack range ").map(|r| (r, true)));
        if let (Some((at, attack)), false, true) = (at_range, not, plain_subject(who)) {
            let (band, of) = at.split_once(" of ").unwrap_or((at, "you"));
            let (a, b) = band.split_once('-').unwrap_or((band, band));
            if let (Ok(a), Ok(b)) = (a.parse(), b.parse()) {
                return Test::AtRange { who: who_s, range: (a, b), of: subject_words(of), attack };
            }
        }
        // `<whose> <stat> is <comparison> <value>`.
        if !not {
            if let Some((whose, stat)) = who.rsplit_once(' ') {
                if let (Some(i), Some((op, value))) = (find(&vocab.stats, stat), comparison(rest)) {
                    // `2 or lower`: the comparison is after the number.
                    let (n, tail) = value.split_once(' ').unwrap_or((value, ""));
                    let after = match tail {
                        "or lower" | "or less" | "or fewer" => Some(CmpOp::Le),
                        "or higher" | "or greater" | "or more" => Some(CmpOp::Ge),
                        _ => None,
                    };
                    let than = match (value.parse::<i64>(), n.parse::<i64>(), after) {
                        (Ok(v), _, _) => Some((op, Than::Number(v))),
                        (_, Ok(v), Some(after)) => Some((after, Than::Number(v))),
                        _ if !value.contains(' ') || value.starts_with("the ") => {
                            Some((op, Than::Ship(subject_words(value))))
                        }
                        // `than your initiative`: the same stat of that ship.
                        _ if value.strip_suffix(stat).is_some_and(|w| w.ends_with(' ') && !w.trim().contains(' ')) => {
                            Some((op, Than::Ship(subject_words(value[..value.len() - stat.len()].trim()))))
                        }
                        _ => None,
                    };
                    if let Some((op, than)) = than {
                        return Test::Stat { who: subject_words(whose), stat: i, op, than };
                    }
                }
            }
        }
    }
    // `<who> has/have …`.
    for verb in [" has ", " have "] {
        if let Some((who, rest)) = lower.split_once(verb) {
            if let Some((n, what)) = count(rest) {
                // `a lock on the defender`: the ship the lock is on.
                let (head, on) = what.split_once(" on ").map_or((what, None), |(h, o)| (h, Some(o)));
                let what_noun = noun(head, vocab, None);
                // `you have 2 or more results`: the results of your dice, of any kind.
                let results = matches!(head, "results" | "result") && is_you_words(who);
                let damage = results
                    || head.starts_with("damage card")
                    || head.starts_with("faceup damage card")
                    || head.split_whitespace().any(|w| matches!(w, "token" | "tokens" | "marker" | "markers"));
                let on = match on {
                    Some(ship) if is_lock(&what_noun, vocab) && plain_subject(ship) => Some(Some(subject_words(ship))),
                    // `this card has no fuse markers on it`: on the subject itself.
                    Some("it" | "them") => Some(None),
                    Some(_) => None,
                    None => Some(None),
                };
                if let (true, false, Some(on)) = (!what_noun.refs.is_empty() || damage, head.contains(" in "), on) {
                    return Test::Has { who: subject_words(who), count: n, noun: what_noun, on };
                }
            }
        }
    }
    if let Some(rest) = lower.strip_prefix("on ") {
        let rest = rest.trim_start_matches("a ").trim_start_matches("an ");
        let n = noun(rest, vocab, Some(EffectKind::Change));
        if !n.refs.is_empty() {
            return Test::OnResult(n);
        }
    }
    let text = squash(text);
    let text = text.trim_end_matches(['.', ',']);
    either(text, vocab).or_else(|| equipped(text)).unwrap_or(Test::Opaque)
}

/// `that ship has the Cutthroat upgrade`, `the chosen ship has the Born for This ship
/// ability`, `you are equipped with Swivel Wings (Down)`: a card a ship has, by its name
/// (the words between, as printed).
fn equipped(text: &str) -> Option<Test> {
    // ASCII lowering keeps every byte where it is: the name is cut from the printed words.
    let lower = text.to_ascii_lowercase();
    let has = [(" has the ", false), (" have the ", false), (" does not have the ", true), (" do not have the ", true)];
    let with = [(" is equipped with ", false), (" are equipped with ", false), (" is not equipped with ", true)];
    let found = has
        .iter()
        .find_map(|(verb, not)| {
            let at = lower.find(verb)?;
            let (tail, as_) = [(" upgrade", Equip::Upgrade), (" ship ability", Equip::ShipAbility)]
                .into_iter()
                .find(|(tail, _)| lower.ends_with(tail))?;
            Some((at, at + verb.len(), text.len() - tail.len(), as_, *not))
        })
        .or_else(|| {
            with.iter().find_map(|(verb, not)| {
                let at = lower.find(verb)?;
                Some((at, at + verb.len(), text.len(), Equip::EquippedWith, *not))
            })
        });
    let (at, start, end, as_, not) = found?;
    let (who, card) = (&lower[..at], text.get(start..end)?.trim());
    // One card by its name: no list, count or place in its words.
    let named = !card.is_empty()
        && card.starts_with(|c: char| c.is_uppercase() || c == '“' || c == '"')
        && !card.contains(|c: char| c.is_ascii_digit() || c == '[' || c == ',')
        && !card.to_ascii_lowercase().split(' ').any(|w| matches!(w, "or" | "and" | "at" | "in"));
    // A subject alone: no verb or join of its own (`it is limited or has the … upgrade` is
    // two tests, not a subject `it is limited or`).
    let alone = !who.split(' ').any(|w| matches!(w, "is" | "are" | "or" | "and" | "has" | "have"));
    (named && alone && plain_subject(who)).then(|| Test::Equipped {
        who: subject_words(who),
        card: card.to_string().into(),
        as_,
        not,
    })
}

/// `that ship is limited or has the Cutthroat upgrade`, `there is an enemy ship in your
/// [Front Arc] at range 0-1 or in your [Bullseye Arc]`: two tests of one subject, printed
/// once, joined by `or`; one of them holding is enough. Each must read.
fn either(text: &str, vocab: &Vocabulary) -> Option<Test> {
    let lower = text.to_ascii_lowercase();
    let goes_on = ["is ", "are ", "has ", "have ", "in ", "at "];
    let (at, rest) = lower.match_indices(" or ").find_map(|(at, _)| {
        let rest = &lower[at + " or ".len()..];
        goes_on.iter().any(|w| rest.starts_with(w)).then_some((at, rest))
    })?;
    let first = &text[..at];
    let first_lower = &lower[..at];
    // Where the first's subject ends: before its place (`in …`, `at …`) for a second that
    // says a place, before its verb for one that says a verb.
    let marks: &[&str] = if rest.starts_with("in ") || rest.starts_with("at ") {
        &[" in ", " at "]
    } else {
        &[" is ", " are ", " has ", " have "]
    };
    let subject_end = marks.iter().filter_map(|m| first_lower.find(m)).min()?;
    let second = format!("{} {}", &first[..subject_end], &text[at + " or ".len()..]);
    let tests = [test(first, vocab), test(&second, vocab)];
    let read = tests.iter().all(|t| !matches!(t, Test::Opaque | Test::Any(_)));
    read.then(|| Test::Any(tests.to_vec().into()))
}

/// The shape of a step's condition: one [`test`] reads, or else an event
/// ([`event`]). A `While …` that opens an ability is an event there, not a condition.
fn cond_test(text: &str, vocab: &Vocabulary) -> Test {
    match test(text, vocab) {
        Test::Opaque => event(&squash(text), vocab).unwrap_or(Test::Opaque),
        t => t,
    }
}

/// Whether the words before `in …` or `at range …` in `there is …` are one thing, as a
/// subject says it (`an enemy ship`, `an obstacle`, `at least 1 other friendly ship`), not
/// none, a count of several or a comparison.
fn one_of_them(who: &str) -> bool {
    let one = ["a ", "an ", "another ", "at least 1 ", "1 or more ", "one or more "].iter().any(|a| who.starts_with(a));
    let ship = who.contains("ship");
    (one || ship) && !who.starts_with("no ") && !who.contains(" than ")
}

/// `there are no other friendly ships at range 0-2`, `there are 2 or more enemy ships at
/// range 1`: how many ships; `there are 2 or more [Hit]/[Critical Hit] results`, `there are
/// 2 or fewer attack dice`: how many results or dice the attack's dice have.
fn there_are(rest: &str, vocab: &Vocabulary) -> Option<Test> {
    if let Some(t) = rest.strip_prefix("more ").and_then(more_ships) {
        return Some(t);
    }
    let (n, what) = count(rest)?;
    // One or more (`an enemy ship`, `at least 1 other friendly ship`) is that ship's test.
    if n == (Count { op: CmpOp::Ge, n: 1 }) || what.contains(" than ") {
        return None;
    }
    let dice = noun(what, vocab, None);
    let die_words = what.ends_with(" results") || what.ends_with(" result") || what.ends_with(" dice");
    if die_words && dice.refs.iter().all(|r| matches!(r.kind, VocabKind::Result | VocabKind::Die)) {
        if dice.refs.is_empty() {
            return None;
        }
        return Some(Test::Has { who: Subject::THING, count: n, noun: dice, on: None });
    }
    let ships = what.split_whitespace().any(|w| matches!(w, "ship" | "ships" | "unit" | "units"));
    // `2 other friendly TIE/ln Fighters or another friendly ship …`: two counts.
    if !ships || what.contains(" or ") {
        return None;
    }
    let who = subject(Some(&Piece::bare(what)));
    // Where else they are (`at range 0 of that obstacle`, `in the attack arc`) is kept in
    // the subject's words.
    if [" in ", " with ", " of "].iter().any(|w| what.contains(w)) && !super::says_more(&who) {
        return None;
    }
    Some(Test::Exists { count: n, who: any_ships(who)? })
}

/// Ships counted rather than each acted on: `enemy ships` are any (`a`), `other friendly
/// ships` any other; a ship named (`the defender`, `you`) is no count.
fn any_ships(who: Subject) -> Option<Subject> {
    let person = match who.person {
        Person::Each | Person::A => Person::A,
        Person::EachOther | Person::Another => Person::Another,
        _ => return None,
    };
    Some(Subject { person, ..who })
}

/// `enemy ships than other friendly ships at range 0-1 of that ship` (after `there are
/// more`): ships outnumbering ships. Each side is ships of a side, plainly (`another`
/// allowed); where they are is printed once, after the second.
fn more_ships(words: &str) -> Option<Test> {
    let (more, than) = words.split_once(" than ")?;
    let ships = |w: &str| {
        let head = w.split(" at ").next().unwrap_or(w);
        head.split_whitespace().last().is_some_and(|h| matches!(h, "ships" | "units"))
    };
    if !ships(more) || !ships(than) || more.contains(" at ") || than.contains(" or ") {
        return None;
    }
    let side = |w: &str| any_ships(subject(Some(&Piece::bare(w))));
    let (more, than) = (side(more)?, side(than)?);
    // Which ships is all the first says: its side (and `other`).
    if super::says_more(&more) {
        return None;
    }
    Some(Test::More { more, than })
}

/// `the attack is obstructed`, `the attack is obstructed by an obstacle`, `you obstruct the
/// attack`.
fn obstructed(lower: &str) -> Option<Test> {
    if let Some((who, _)) =
        lower.split_once(" obstructs the attack").or_else(|| lower.split_once(" obstruct the attack"))
    {
        return plain_subject(who).then(|| Test::Obstructed { by: Some(subject_words(who)) });
    }
    let rest = ["the attack is obstructed", "this attack is obstructed", "that attack is obstructed"]
        .iter()
        .find_map(|a| lower.strip_prefix(a))?;
    match rest.strip_prefix(" by ") {
        None if rest.is_empty() => Some(Test::Obstructed { by: None }),
        // `by a bomb or mine`: one thing of either kind; not `by an obstacle or the
        // defender is …`, a second condition.
        Some(by) if by.split_once(" or ").is_none_or(|(_, b)| !b.contains(' ')) && !by.contains(" and ") => {
            Some(Test::Obstructed { by: Some(subject(Some(&Piece::bare(by)))) })
        }
        _ => None,
    }
}

/// `your revealed maneuver is blue`, `your revealed maneuver is speed 3-5`, `its revealed
/// maneuver is 1 speed or higher`.
fn revealed(lower: &str) -> Option<Test> {
    let (whose, what) = lower.split_once(" revealed maneuver is ")?;
    if !matches!(whose, "your" | "its" | "their" | "that ship's" | "the defender's" | "the attacker's") {
        return None;
    }
    let who = subject_words(whose);
    if COLORS.contains(&what) || what == "blue" {
        return Some(Test::Revealed { who, color: Some(what.to_string().into()), speed: None });
    }
    let band = |b: &str| -> Option<(u8, u8)> {
        let (a, z) = b.split_once('-').unwrap_or((b, b));
        Some((a.parse().ok()?, z.parse().ok()?))
    };
    let speed = match what.strip_prefix("speed ") {
        Some(b) => band(b)?,
        None => {
            let (n, tail) = what.split_once(' ')?;
            let n: u8 = n.parse().ok()?;
            match tail {
                "speed or higher" | "or higher" => (n, u8::MAX),
                "speed or lower" | "or lower" => (0, n),
                _ => return None,
            }
        }
    };
    Some(Test::Revealed { who, color: None, speed: Some(speed) })
}

/// `the speed of your revealed maneuver is greater than the enemy ship's`, `the bearing of
/// your revealed maneuver is the same as the enemy ship's`, `the speed of your revealed
/// maneuver matches that of a friendly ship at range 1`.
fn revealed_vs(lower: &str) -> Option<Test> {
    let rest = lower.strip_prefix("the ")?;
    let (part, rest) = rest.split_once(" of ")?;
    if !matches!(part, "speed" | "bearing" | "difficulty") {
        return None;
    }
    let (whose, rest) = rest.split_once(" revealed maneuver ")?;
    if !matches!(whose, "your" | "its") {
        return None;
    }
    let (op, than) = match (rest.strip_prefix("matches "), rest.strip_prefix("is ")) {
        (Some(than), _) => (CmpOp::Eq, than),
        (_, Some(compared)) => comparison(compared).filter(|(_, than)| *than != compared)?,
        _ => return None,
    };
    let than = than.strip_prefix("that of ").unwrap_or(than);
    let than = than.strip_suffix("'s").unwrap_or(than);
    if !plain_subject(than) || than.is_empty() {
        return None;
    }
    let than = subject(Some(&Piece::bare(than)));
    Some(Test::RevealedVs { who: subject_words(whose), part: part.to_string().into(), op, than })
}

/// `the speed of your revealed maneuver is even` (or `odd`).
fn revealed_parity(lower: &str) -> Option<Test> {
    let rest = lower.strip_prefix("the speed of ")?;
    let (whose, parity) = rest.split_once(" revealed maneuver is ")?;
    if !matches!(whose, "your" | "its" | "their") {
        return None;
    }
    let even = match parity {
        "even" => true,
        "odd" => false,
        _ => return None,
    };
    Some(Test::RevealedParity { who: subject_words(whose), even })
}

/// `you are behind the attacker`: one ship named, behind another named.
fn behind(lower: &str) -> Option<Test> {
    let (who, of) = [" is behind ", " are behind "].iter().find_map(|v| lower.split_once(v))?;
    let named = |w: &str| plain_subject(w) && !w.contains(" or ") && !w.contains(" and ") && !w.contains(" at ");
    (named(who) && named(of)).then(|| Test::Behind { who: subject_words(who), of: subject_words(of) })
}

/// `the enemy ship is a larger size than you`, `it is a smaller size than you`, `it is the
/// same size as you`: two ships' sizes compared.
fn size(lower: &str) -> Option<Test> {
    let (who, rest) = [" is ", " are "].iter().find_map(|v| lower.split_once(v))?;
    let (op, than) =
        [("a larger size than ", CmpOp::Gt), ("a smaller size than ", CmpOp::Lt), ("the same size as ", CmpOp::Eq)]
            .iter()
            .find_map(|(w, op)| rest.strip_prefix(w).map(|than| (*op, than)))?;
    let named = |w: &str| plain_subject(w) && !w.contains(" or ") && !w.contains(" and ") && !w.contains(" at ");
    (named(who) && named(than)).then(|| Test::Size { who: subject_words(who), op, than: subject_words(than) })
}

/// `that action is on your action bar`, `they have [Calculate] on their action bar`: an
/// action, the one the ability refers to or one the game names, on a ship's action bar.
fn on_bar(lower: &str, vocab: &Vocabulary) -> Option<Test> {
    fn whose(w: &str) -> Option<&str> {
        w.strip_suffix(" action bar").filter(|w| matches!(*w, "your" | "its" | "their"))
    }
    if let Some((action, bar)) = lower.split_once(" is on ") {
        let of = whose(bar)?;
        return matches!(action, "that action" | "the action" | "this action")
            .then(|| Test::OnBar { action: noun(action, vocab, None), of: subject_words(of) });
    }
    let (who, rest) = [" has ", " have "].iter().find_map(|v| lower.split_once(v))?;
    let (action, bar) = rest.split_once(" on ")?;
    let of = whose(bar)?;
    // The bar is the ship's own: `they have … on their action bar`.
    if subject_words(who).person != subject_words(of).person {
        return None;
    }
    // Read as an action performed is: `[Focus]` is the action, not the result.
    let action = noun(action, vocab, Some(EffectKind::Perform));
    let one_action = action.refs.len() == 1 && action.refs[0].kind == VocabKind::Action;
    one_action.then(|| Test::OnBar { action, of: subject_words(who) })
}

/// `the roll does not contain the named result`, `the rerolled result is a [Critical Hit]
/// result`, `you have only blank results`: what some dice show. The result is one the game
/// names, or one named before (`the named result`, `that result`).
fn shows(lower: &str, vocab: &Vocabulary) -> Option<Test> {
    // `is not` before `is`: the longer form first.
    let forms = [
        ("the roll contains ", Dice::Roll, false),
        ("the roll does not contain ", Dice::Roll, true),
        ("the rerolled result is not ", Dice::Rerolled, true),
        ("the rerolled result is ", Dice::Rerolled, false),
        ("you have only ", Dice::Only, false),
    ];
    let (rest, dice, not) =
        forms.iter().find_map(|(lead, dice, not)| lower.strip_prefix(lead).map(|rest| (rest, *dice, *not)))?;
    let rest = match dice {
        Dice::Only => rest,
        _ => rest.strip_prefix("a ").or_else(|| rest.strip_prefix("an ")).unwrap_or(rest),
    };
    let result = noun(rest, vocab, None);
    let head = rest.strip_suffix('s').unwrap_or(rest);
    // One result: of the game's, or named before.
    let named = result.refs.len() == 1 && result.refs[0].kind == VocabKind::Result && head.ends_with(" result");
    let before = dice != Dice::Only && matches!(head, "the named result" | "that result");
    (named || before).then_some(Test::Shows { dice, result, not })
}

/// `the attacker rolled 2 or fewer attack dice`, `you did not roll exactly 2 defense dice`:
/// how many dice of a kind a ship rolled.
fn rolled(lower: &str, vocab: &Vocabulary) -> Option<Test> {
    let (who, rest, not) = match lower.split_once(" rolled ") {
        Some((who, rest)) => (who, rest, false),
        None => lower.split_once(" did not roll ").map(|(who, rest)| (who, rest, true))?,
    };
    let (count, what) = count(rest)?;
    let dice = noun(what, vocab, Some(EffectKind::Roll));
    let one_die = dice.refs.len() == 1 && dice.refs[0].kind == VocabKind::Die && what.ends_with(" dice");
    (one_die && plain_subject(who)).then(|| Test::Rolled { who: subject_words(who), count, dice, not })
}

/// `your [Charge] is inactive`, `all of your [Force] are active`, `any of this card's
/// [Charge] are inactive`.
fn active(lower: &str, vocab: &Vocabulary) -> Option<Test> {
    let (what, state) = [" is ", " are "].iter().find_map(|v| lower.rsplit_once(v))?;
    let active = match state {
        "active" => true,
        "inactive" => false,
        _ => return None,
    };
    let (which, what) = match (what.strip_prefix("all of "), what.strip_prefix("any of ")) {
        (Some(w), _) => (Which::All, w),
        (_, Some(w)) => (Which::Any, w),
        _ => (Which::The, what),
    };
    let at = what.find('[')?;
    let (whose, name) = (what[..at].trim(), &what[at..]);
    let noun = noun(name, vocab, None);
    if noun.refs.len() != 1 || noun.refs[0].kind != VocabKind::Resource || name.contains(' ') && !name.ends_with(']') {
        return None;
    }
    let who = match whose {
        "this card's" => Subject { text: "this card".into(), person: Person::Thing, side: Side::Any, range: None },
        "your" | "its" | "their" => subject_words(whose),
        _ => return None,
    };
    Some(Test::Active { who, noun, which, active })
}

/// `you do not have that ship locked`, `you are not locked by the attacker`: whether one
/// ship has a lock on another.
fn locked(lower: &str, vocab: &Vocabulary) -> Option<Test> {
    let lock = noun("lock", vocab, None);
    if !is_lock(&lock, vocab) {
        return None;
    }
    let (who, on, not) = if let Some(rest) = lower.strip_suffix(" locked") {
        let (who, not, on) = [(" do not have ", true), (" does not have ", true), (" have ", false), (" has ", false)]
            .iter()
            .find_map(|(v, not)| rest.split_once(v).map(|(w, o)| (w, *not, o)))?;
        (who, on, not)
    } else {
        let (on, verb_by) = [" are not locked by ", " is not locked by ", " are locked by ", " is locked by "]
            .iter()
            .find_map(|v| lower.split_once(v).map(|(o, b)| (o, (*v, b))))?;
        (verb_by.1, on, verb_by.0.contains(" not "))
    };
    if !plain_subject(who) || !plain_subject(on) || who.contains(' ') && !who.starts_with("the ") {
        return None;
    }
    let count = if not { Count { op: CmpOp::Eq, n: 0 } } else { Count { op: CmpOp::Ge, n: 1 } };
    Some(Test::Has { who: subject_words(who), count, noun: lock, on: Some(subject_words(on)) })
}

/// Whether a noun is the lock token alone.
fn is_lock(n: &Noun, vocab: &Vocabulary) -> bool {
    let lock = find(&vocab.tokens, "lock");
    n.refs.len() == 1 && n.refs[0].kind == VocabKind::Token && Some(n.refs[0].index) == lock
}

/// Past forms an event condition is written with (`if you performed …`), and the present a
/// timing's event is read in.
const PAST: [(&str, &str); 30] = [
    ("performed", "perform"),
    ("moved", "move"),
    ("spent", "spend"),
    ("executed", "execute"),
    ("dropped", "drop"),
    ("launched", "launch"),
    ("attacked", "attack"),
    ("defended", "defend"),
    ("engaged", "engage"),
    ("revealed", "reveal"),
    ("modified", "modify"),
    ("rolled", "roll"),
    ("rerolled", "reroll"),
    ("removed", "remove"),
    ("gained", "gain"),
    ("suffered", "suffer"),
    ("exposed", "expose"),
    ("flipped", "flip"),
    ("coordinated", "coordinate"),
    ("boosted", "boost"),
    ("overlapped", "overlap"),
    ("declared", "declare"),
    ("activated", "activate"),
    ("acquired", "acquire"),
    ("recovered", "recover"),
    ("lost", "lose"),
    ("discarded", "discard"),
    ("changed", "change"),
    ("chose", "choose"),
    ("cancelled", "cancel"),
];

/// A condition that is an event, read as a timing's event is (`you performed a red [Barrel
/// Roll] action` is `you perform 1 red action:barrel-roll`): past forms read as the present,
/// `have not` / `did not` negate it, `chooses to` is the choice to do it, and a trailing
/// `this round` / `this phase` says since when. `None` unless every clause reads with
/// nothing left over, and clauses after the first are alternatives (`dropped or launched`).
fn event(text: &str, vocab: &Vocabulary) -> Option<Test> {
    // `you overlap an obstacle and there are …`, `you suffer damage during that attack`: a
    // second condition, or a when, is no part of an event.
    let lower_text = text.to_lowercase();
    if [" there ", " during "].iter().any(|w| lower_text.contains(w)) {
        return None;
    }
    let mut words: Vec<String> = text.trim_end_matches(['.', ',']).split_whitespace().map(str::to_string).collect();
    let lower = |w: &[String], i: usize| w.get(i).map(|x| x.to_lowercase()).unwrap_or_default();
    let n = words.len();
    let within = match (lower(&words, n.wrapping_sub(2)).as_str(), lower(&words, n.wrapping_sub(1)).as_str()) {
        ("this", "round") => Some(Within::Round),
        ("this", "phase") => Some(Within::Phase),
        _ => None,
    };
    if within.is_some() {
        words.truncate(n - 2);
    }
    // `1 or more [Hit] results were neutralized`: how many of the things a passive event is
    // about, which its subject's words would otherwise swallow.
    let passive_amount = match (lower(&words, 1).as_str(), lower(&words, 2).as_str()) {
        ("or", "more") => words[0].parse().ok().map(Amount::AtLeast),
        _ => None,
    };
    if passive_amount.is_some() {
        words.drain(..3);
    }
    let mut not = false;
    let present = |w: &str| PAST.iter().find(|(p, _)| w.eq_ignore_ascii_case(p)).map(|(_, v)| v.to_string());
    let mut verb = None;
    for i in 1..words.len() {
        let (w, next) = (lower(&words, i), lower(&words, i + 1));
        // `the ship you chose performed …`: a verb right after `you` in a subject is its
        // relative clause's.
        let relative = i > 1 && lower(&words, i - 1) == "you";
        if matches!(w.as_str(), "have" | "has" | "did" | "does" | "do") && next == "not" {
            not = true;
            words.drain(i..i + 2);
            if let Some(v) = words.get(i).and_then(|w| present(w)) {
                words[i] = v;
            }
            verb = Some(i);
            break;
        }
        if matches!(w.as_str(), "chooses" | "choose") && next == "to" {
            words.drain(i..i + 2);
            verb = Some(i);
            break;
        }
        if matches!(w.as_str(), "was" | "were") && next == "dealt" {
            words[i] = "is".into();
            break;
        }
        // `results were neutralized`: a passive in the past is the passive event.
        if w == "were" && next == "neutralized" {
            words[i] = "are".into();
            break;
        }
        if let Some(v) = present(&w).filter(|_| !relative) {
            words[i] = v;
            verb = Some(i);
            break;
        }
    }
    // `dropped or launched`, `moved through or overlapped`: the verbs listed with it.
    for j in verb.map_or(usize::MAX, |i| i + 1)..words.len() {
        let joined = matches!(lower(&words, j - 1).as_str(), "or" | "and") || words[j - 1].ends_with(',');
        if let Some(v) = present(&words[j]).filter(|_| joined) {
            words[j] = v;
        }
    }
    let read = words.join(" ");
    let clauses = crate::text::event_clauses(&read);
    // A condition's clause names who does it (`loses that [Charge]` alone is no event of
    // yours).
    let whole = clauses.iter().enumerate().all(|(i, c)| {
        c.subject.is_some()
            && c.effect.kind != EffectKind::Opaque
            && c.costs.is_empty()
            && c.qualifier.is_none()
            && c.duration.is_none()
            && c.modifiers.is_empty()
            && !c.instead
            && (i == 0 || c.alternative)
            && c.effect.amount.as_ref().is_none_or(|a| amount(&a.text).is_some())
            && !c.effect.noun.as_ref().is_some_and(|n| n.text.to_lowercase().starts_with("exactly "))
    });
    // `you reveal a maneuver other than a 2 [Straight]`: a comparison in an object is its
    // words, not the entry it compares with.
    let mut events: Vec<RtClause> = clauses.iter().map(|c| event_clause(c, vocab)).collect();
    if let Some(a) = passive_amount {
        match events.as_mut_slice() {
            [one] if one.effect.passive && one.subject.person == Person::Thing => one.effect.amount = Some(a),
            _ => return None,
        }
    }
    let compares = events.iter().any(|c| {
        c.effect.noun.as_ref().is_some_and(|n| !n.refs.is_empty() && n.text.to_lowercase().contains(" than "))
    });
    if compares {
        return None;
    }
    if clauses.is_empty() || !whole {
        return None;
    }
    Some(Test::Event { events: events.into(), not, within })
}

/// Lowers a condition's words into one condition, or several when the words are several
/// (`you are not depleted or strained`: not depleted, and not strained).
pub fn conditions(c: &Cond, vocab: &Vocabulary) -> Vec<Condition> {
    let text = squash(&c.piece.text);
    let lower = text.to_lowercase();
    if c.kind == CondKind::If {
        for verb in [" is not ", " are not "] {
            if let Some((who, states)) = lower.split_once(verb) {
                let parts: Vec<&str> = states.split(" or ").collect();
                if parts.len() > 1 && parts.iter().all(|p| STATES.contains(p)) {
                    return parts
                        .iter()
                        .map(|state| {
                            Condition::new(
                                CondKind::If,
                                text.clone(),
                                Test::State {
                                    who: subject_words(who),
                                    state: state.replace(' ', "-").into(),
                                    not: true,
                                },
                            )
                        })
                        .collect();
                }
            }
        }
    }
    if let Some(parts) = in_arc_at_range(&text, vocab).filter(|_| c.kind == CondKind::If) {
        return parts;
    }
    // `If you do and you are in its [Front Arc]`: each part its own condition, when each
    // is a shape the reading structures.
    if c.kind == CondKind::If && lower.contains(" and ") {
        let (texts, shared) = and_parts(&text);
        let parts: Vec<Condition> = texts
            .into_iter()
            .map(|part| {
                let test = cond_test(&part, vocab);
                Condition::new(CondKind::If, part, test)
            })
            .collect();
        // Parts with a subject of their own are split only when each reads; a subject said
        // once for both (`you are in the attack arc and are not ionized`) says they are two.
        let read = parts.iter().filter(|p| p.test != Test::Opaque).count();
        if read == parts.len() || (shared && read > 0) {
            return parts;
        }
    }
    vec![condition(c, vocab)]
}

/// `it is in your [Bullseye Arc] at range 1`: one ship named, so two conditions, in the arc
/// and at the range, when both read. `an enemy ship is in … at range …` is one ship that is
/// both, so it is not split.
fn in_arc_at_range(text: &str, vocab: &Vocabulary) -> Option<Vec<Condition>> {
    let lower = text.to_lowercase();
    let (who, verb, rest) =
        [" is in ", " are in "].iter().find_map(|v| lower.split_once(v).map(|(a, b)| (a, *v, b)))?;
    let definite = matches!(who, "it" | "you" | "they") || who.starts_with("the ") || who.starts_with("that ");
    let (arc, band) = rest.split_once(" at range ")?;
    // `in the [Front Arc] at range 1-2 of 2 or more enemy ships`: the arc is theirs too, not
    // yours; one condition the model does not split.
    let owned_after = arc.starts_with("the ") && band.contains(" of ");
    if !definite || !arc.ends_with(']') || owned_after {
        return None;
    }
    let be = verb.trim_end_matches("in ");
    let texts = [format!("{who}{be}in {arc}"), format!("{who}{be}at range {band}")];
    let parts: Vec<Condition> = texts
        .into_iter()
        .map(|part| {
            let test = test(&part, vocab);
            Condition::new(CondKind::If, part, test)
        })
        .collect();
    parts.iter().all(|p| p.test != Test::Opaque).then_some(parts)
}

/// The verbs a condition's part starts with when its subject is the part before's.
const SHARED_VERBS: [&str; 6] = ["is ", "are ", "was ", "were ", "has ", "have "];

/// The parts of `A and B`, each with its subject: `the defender was a limited ship and
/// was destroyed` is `the defender was a limited ship` and `the defender was destroyed`.
/// The flag says a subject was said once for two parts.
fn and_parts(text: &str) -> (Vec<String>, bool) {
    let mut out: Vec<String> = Vec::new();
    let mut shared = false;
    for part in text.split(" and ").map(str::trim) {
        let lower = part.to_lowercase();
        let subject = out.first().and_then(|first| {
            let first_lower = first.to_lowercase();
            if first_lower.starts_with("you ") {
                return Some("you".to_string());
            }
            SHARED_VERBS
                .iter()
                .filter_map(|v| first_lower.find(&format!(" {v}")))
                .min()
                .map(|at| first[..at].to_string())
        });
        // `you are damaged and not shielded`: the verb is the part before's too.
        let verb = out.first().and_then(|first| {
            let first_lower = first.to_lowercase();
            [" is ", " are "].into_iter().find(|v| first_lower.contains(v)).map(str::trim)
        });
        match (subject, verb) {
            (Some(who), _) if SHARED_VERBS.iter().any(|v| lower.starts_with(v)) => {
                shared = true;
                out.push(format!("{who} {part}"));
            }
            // `the defender is friendly and at range 0-2`: where, with the verb before's.
            (Some(who), Some(verb)) if ["not ", "at range ", "in "].iter().any(|w| lower.starts_with(w)) => {
                shared = true;
                out.push(format!("{who} {verb} {part}"));
            }
            // `the defender is in your [Single Turret Arc] and your [Front Arc]`: in both.
            (Some(who), Some(verb))
                if lower.starts_with("your [") && out.first().is_some_and(|f| f.to_lowercase().contains(" in ")) =>
            {
                shared = true;
                out.push(format!("{who} {verb} in {part}"));
            }
            _ => out.push(part.to_string()),
        }
    }
    (out, shared)
}

/// Lowers a condition.
pub fn condition(c: &Cond, vocab: &Vocabulary) -> Condition {
    let text = squash(&c.piece.text);
    let test = match c.kind {
        CondKind::Otherwise => Test::Opaque,
        _ => cond_test(&text, vocab),
    };
    Condition::new(c.kind, text, test)
}

/// What `For each …` counts: `For each [Hit] result` is the result; `For each [Charge] you
/// spend` is the [Charge] (the relative clause says which, and stays in the words).
pub(super) fn counted(text: &str, vocab: &Vocabulary) -> Noun {
    let words = squash(text);
    let words = words.trim_end_matches([',', ' ']);
    let rest =
        words.get("for each ".len()..).filter(|_| words.to_lowercase().starts_with("for each ")).unwrap_or(words);
    let lower = rest.to_lowercase();
    let head = match lower.find(" you ").or_else(|| lower.find(" that ")) {
        Some(at) => &rest[..at],
        None => rest,
    };
    let mut n = noun(head, vocab, None);
    n.text = rest.to_string().into();
    n
}
