//! Clauses and timings: one clause with its costs and modifiers, a timing's event, and the
//! timing that opens an ability (an event, or a state that is a condition).

use std::borrow::Cow;

use cards_runtime::ability::{
    Amount, Area, Back, Band, Clause as RtClause, CondKind, Condition, Effect as RtEffect, EffectKind, Noun, Person,
    Proviso, Reach, Subject, Test, Timing as RtTiming, When,
};
use cards_runtime::model::{List, VocabKind, Vocabulary};

use super::condition::{subject_words, test, STATES};
use super::effect::{duration, effect, qualifier, subject};
use super::noun::{amount, noun, phase, possessor, COLORS};
use super::pronoun::{is_pronoun, names_a_ship};
use super::squash;
use crate::text::{Clause, Piece};

/// Lowers one clause.
pub fn clause(c: &Clause, vocab: &Vocabulary) -> RtClause {
    let mut who = subject(c.subject.as_ref());
    // A passive clause is about a thing (`This card's [Charge]`, `that ship's dice`, `that
    // damage card`), not a ship, unless it names one.
    let lower = super::lowercase(&who.text);
    let last = lower.split_whitespace().last().unwrap_or("").to_string();
    // `a friendly ship at range 0-3 is locked`: a ship, whatever words follow it.
    let ship = lower.split_whitespace().any(|w| {
        matches!(w, "ship" | "ships" | "you" | "it" | "they" | "wingmate" | "wingmates" | "attacker" | "defender")
    });
    // `your [Critical Hit] results cannot be canceled`: a thing of yours, not you.
    let yours = who.person == Person::You && lower.starts_with("your ");
    if c.effect.passive && !ship && !who.text.is_empty() && (yours || matches!(who.person, Person::A | Person::That)) {
        who.person = Person::Thing;
    }
    // `[Evade] results do not cancel [Critical Hit] results`, `the chosen upgrade recovers
    // …`, `Your [Force] lose …`: dice results, upgrades and charges are things.
    let thing_head = matches!(last.as_str(), "results" | "upgrade" | "upgrades" | "[force]" | "[charge]");
    if thing_head && c.subject.is_some() {
        who.person = Person::Thing;
    }
    let mut what = effect(&c.effect, vocab);
    // `Each lock must be on a different object`: words before an opaque effect that no
    // subject read are the effect's too, and who does it is no ship the reading knows.
    if what.kind == EffectKind::Opaque && c.subject.is_none() && c.qualifier.is_none() {
        let whole = squash(&c.piece.text);
        let before = whole.strip_suffix(what.text.as_ref()).map(str::trim).unwrap_or_default().to_lowercase();
        // `instead draw 3 damage cards` is still an order to you.
        if !before.is_empty() && !matches!(before.as_str(), "instead" | "then" | "then," | "also") {
            // `Each lock …`: the words count things, not you.
            if ["each", "all", "every", "no"].contains(&before.split(' ').next().unwrap_or_default()) {
                who = Subject::THING;
            }
            what.text = whole.into();
        }
    }
    // `cannot be canceled by [Evade] results`: an agent that is no ship is no target; it is
    // what does it (`to`, as a passive's agent), its entries resolved.
    if let Some(t) = c.effect.target.as_ref().filter(|t| what.passive && !names_a_ship(&t.text)) {
        what.target = None;
        if what.to.is_none() {
            what.to = Some(noun(&squash(&t.text), vocab, None));
        }
    }
    // `an attack that hits`: a relative clause says which, so it is part of the noun.
    if let (Some(n), Some(m)) = (what.noun.as_mut(), c.modifiers.first()) {
        let m = squash(m.text.trim_start_matches([',', ' ']));
        if m.to_lowercase().starts_with("that ") && m.split_whitespace().count() <= 3 {
            n.text = format!("{} {m}", n.text).into();
        }
    }
    // `Friendly ships can spend your focus tokens`: another ship takes them from you.
    let yours = c.effect.noun.as_ref().and_then(|n| possessor(&n.text)).is_some_and(|p| p == "you");
    if yours
        && who.person != Person::You
        && what.from.is_none()
        && what.noun.as_ref().is_some_and(|n| !n.refs.is_empty())
    {
        what.from = Some(Subject::YOU);
    }
    // `perform an action on your action bar, treating that action as red`: its colour.
    if what.kind == EffectKind::Perform && what.color.is_none() {
        what.color = c.modifiers.iter().find_map(|m| {
            let m = squash(&m.text.to_lowercase());
            let m = m.trim_start_matches([',', ' ']);
            // `perform 1 action on your action bar as a red action`, too.
            let color = m.strip_prefix("treating that action as ").or_else(|| {
                m.strip_prefix("as a ").or_else(|| m.strip_prefix("as an ")).and_then(|c| c.strip_suffix(" action"))
            })?;
            COLORS.contains(&color).then(|| Cow::Owned(color.to_string()))
        });
    }
    // `Your defense dice cannot be modified`, `other friendly ships can be placed`: what
    // undergoes it is the object.
    let named = matches!(who.person, Person::Thing | Person::A | Person::Another | Person::Each | Person::EachOther);
    if what.passive && what.noun.is_none() && named && !who.text.is_empty() {
        what.noun = Some(noun(&who.text, vocab, Some(what.kind)));
    }
    // `[Critical Hit] results are canceled before [Hit] results`: words after a passive's
    // participle that open with a preposition say when or where, not what undergoes it
    // (its subject does); kept as words the model has no place for.
    let mut after_participle = None;
    let prepositional = |n: &Noun| {
        let first = n.text.split_whitespace().next().unwrap_or_default().to_lowercase();
        matches!(first.as_str(), "before" | "after" | "during" | "in" | "into" | "on" | "at" | "within" | "beyond")
    };
    if what.passive && what.noun.as_ref().is_some_and(prepositional) {
        after_participle = what.noun.take().map(|n| n.text.to_string());
        if named && !who.text.is_empty() {
            what.noun = Some(noun(&who.text, vocab, Some(what.kind)));
        }
    }
    // `before [Hit] results`: results the subject's results go before, when the words name
    // results and nothing else.
    let before = after_participle.as_deref().and_then(|words| {
        let rest = words.get(..7).filter(|w| w.eq_ignore_ascii_case("before "))?;
        let n = noun(&words[rest.len()..], vocab, Some(what.kind));
        let results = !n.refs.is_empty() && n.refs.iter().all(|r| r.kind == VocabKind::Result);
        (results && what.noun.is_some()).then_some(Proviso::Before(n))
    });
    if before.is_some() {
        after_participle = None;
    }
    // `execute it as a [Koiogran Turn] maneuver`: the maneuver named before (`^it`, its speed
    // kept) is executed as the one after `as`, which the noun names and the `as` proviso
    // keeps; `execute it as a sideslip` names no maneuver: it is still executed, as a
    // sideslip.
    if what.kind == EffectKind::Execute && what.noun.as_ref().is_some_and(is_pronoun) {
        let executed_as = c.modifiers.iter().find_map(|m| {
            let m = squash(m.text.trim_start_matches([',', ' ']));
            let lower = m.to_lowercase();
            let article = ["as a ", "as an "].iter().find(|a| lower.starts_with(**a))?;
            Some(m[article.len()..].to_string())
        });
        let maneuver = |n: &Noun| !n.refs.is_empty() || n.text.to_lowercase().ends_with("maneuver");
        if let Some(n) = executed_as.map(|x| noun(&x, vocab, Some(what.kind))).filter(maneuver) {
            what.amount = Some(Amount::Exactly(1));
            what.noun = Some(Noun { back: Some(Back::It), ..n });
        }
    }
    // `spend 1 green token and 1 [Charge]`: two things under one verb, counted each, are
    // done together as one (`also`), not one noun that names only the second.
    let also = what.noun.as_ref().and_then(|n| two_counted(&n.text)).map(|(first, n, second)| {
        let second_noun = noun(&second, vocab, Some(what.kind));
        what.noun = Some(noun(&first, vocab, Some(what.kind)));
        let text = format!("{} {n} {second}", verb_word(&what.text));
        // Where it goes and how, as for the first (`transfer 1 focus and 1 evade token to
        // that ship`).
        RtEffect { text: text.into(), amount: amount(&n), noun: Some(second_noun), ..what.clone() }
    });
    // Trailing phrases the model holds become the effect's provisos; the rest stay words.
    let mut modifiers = Vec::new();
    let mut provisos = what.provisos.to_vec();
    provisos.extend(before);
    for m in &c.modifiers {
        let words = squash(m.text.trim_start_matches([',', ' ']));
        // `discard 1 command dial from this card`: where it is taken from, when it names a
        // ship or card the ability knows.
        let from = words.strip_prefix("from ").map(|w| subject(Some(&Piece::bare(w))));
        let from = from.filter(|f| {
            what.from.is_none()
                && !super::says_more(f)
                && matches!(f.person, Person::You | Person::That | Person::Thing | Person::Attacker | Person::Defender)
        });
        // `prevent it from detonating`: only a prevented thing is kept from doing something.
        let held = placement(&words).or_else(|| {
            let p =
                proviso(&words, vocab).filter(|p| !matches!(p, Proviso::From(_)) || what.kind == EffectKind::Prevent);
            p.map(|p| vec![p])
        });
        match (from, held) {
            (Some(f), _) => what.from = Some(f),
            (None, Some(p)) => provisos.extend(p),
            (None, None) => modifiers.push(Cow::Owned(words)),
        }
    }
    // `You are placed in reserve`: where a thing is placed is held.
    match after_participle.as_deref().map(|w| (w, placement(w))) {
        Some((_, Some(p))) => provisos.extend(p),
        Some((w, None)) => modifiers.push(Cow::Owned(w.to_string())),
        None => {}
    }
    what.provisos = provisos.into();
    // `against a ship you have not attacked this round`, `from a [Single Turret Arc] you
    // have not attacked from this round`: the round is the relative clause's, not a duration
    // of the clause.
    let mut duration = c.duration.as_ref().map(|d| duration(d, vocab));
    let relative = |words: &str| {
        let lower = words.to_lowercase();
        [" have not ", " has not ", " did not ", " have already ", " have "].iter().any(|w| lower.contains(w))
    };
    if duration.as_ref().is_some_and(|d| d.this_round) {
        let round = duration.as_ref().map_or_else(String::new, |d| d.text.to_string());
        if let Some(m) = modifiers.iter_mut().rev().find(|m| relative(m)) {
            *m = Cow::Owned(format!("{m} {round}"));
            duration = None;
        } else if let Some(t) = what.target.as_mut().filter(|t| relative(&t.text)) {
            t.text = format!("{} {round}", t.text).into();
            duration = None;
        }
    }
    let mut costs: Vec<RtEffect> = c.costs.iter().map(|e| effect(e, vocab)).collect();
    // `choose not to use your Adaptive Ailerons` is a choice not to do a thing, not a cost
    // paid to do it: kept as words.
    let declined = costs
        .iter()
        .any(|e| e.kind == EffectKind::Choose && e.noun.as_ref().is_some_and(|n| n.text.eq_ignore_ascii_case("not")));
    if declined {
        let words = c.piece.text.get(c.costs[0].piece.span.start.saturating_sub(c.piece.span.start) as usize..);
        what = RtEffect::new(EffectKind::Opaque, squash(words.unwrap_or(&c.piece.text)));
        costs.clear();
    }
    RtClause {
        text: squash(&c.piece.text).into(),
        subject: who,
        qualifier: qualifier(c.qualifier.as_ref()),
        costs: costs.into(),
        effect: what,
        also: also.into_iter().collect::<Vec<_>>().into(),
        duration,
        modifiers: modifiers.into(),
        instead: c.instead,
        alternative: c.alternative,
        then: c.then,
        each: c.each,
    }
}

/// A noun of two things each with its count, joined by `and` (`green token and 1 [Charge]`,
/// `[Hit] and 1 [Critical Hit] result`, the first count read before it): the first, the
/// second's count and the second. Not a list of three, nor speeds (`speed 2 and 3 bank
/// maneuvers`), nor a word alone before `and` (`1 deplete and 1 jam token`: the grammar's
/// list).
fn two_counted(text: &str) -> Option<(String, String, String)> {
    let (first, rest) = text.split_once(" and ")?;
    let (n, second) = rest.split_once(' ')?;
    let counted = n.chars().all(|c| c.is_ascii_digit()) || matches!(n, "a" | "an" | "one");
    let whole = |w: &str| !w.contains(',') && !w.contains(" and ") && !w.trim().is_empty();
    // Each part names its own thing: the first is not only a colour or a word of the second.
    // `speed 2 and 3 bank maneuvers` counts speeds, not things.
    let last = first.split_whitespace().last().unwrap_or_default();
    let own = (first.split_whitespace().count() >= 2 || first.contains('['))
        && !last.chars().all(|c| c.is_ascii_digit())
        && !first.to_lowercase().contains("speed");
    (counted && whole(first) && whole(second) && own).then(|| (first.to_string(), n.to_string(), second.to_string()))
}

/// The verb an effect's words start with (`spend` of `spend 1 green token`).
fn verb_word(text: &str) -> &str {
    text.split_whitespace().next().unwrap_or_default()
}

/// A trailing phrase the model holds as a [`Proviso`]: `even while stressed`, `even if you
/// are stressed` (a state a condition tests), `ignoring range restrictions`, `if able`,
/// `treating it as red` (`that action`, `the action`), what it is done `using`, `instead
/// of`, `as` or `on`, the deed it comes `by` (`by overlapping another ship`), `as if that
/// ship has them`, `to a maximum of 4`, and how much a value changes (`by 1`).
pub fn proviso(words: &str, vocab: &Vocabulary) -> Option<Proviso> {
    let trimmed = words.trim().trim_end_matches(['.', ',']);
    // A thing that names no entry keeps all its words (`a different weapon`).
    let read = |rest: &str| match noun(rest, vocab, None) {
        n if n.refs.is_empty() => Noun { text: rest.to_string().into(), back: None, ..n },
        n => n,
    };
    // A phrase that names a thing: the thing after its leading words, read as a noun.
    let thing = |lead: &str| {
        let rest = trimmed.get(lead.len()..).filter(|_| trimmed.to_lowercase().starts_with(lead))?.trim();
        // A count of the thing (`on 1 of your equipped upgrades`, `that many`) is more
        // than a noun holds.
        let first = rest.split_whitespace().next().unwrap_or_default().to_lowercase();
        let counted = first.chars().all(|c| c.is_ascii_digit()) || first == "that";
        (!rest.is_empty() && !counted && !rest.contains(" instead")).then(|| read(rest))
    };
    if let Some(p) = thing("using ").map(Proviso::Using) {
        return Some(p);
    }
    // `ignoring the [Lock] requirement`, `without paying the [Charge] cost`: a thing named
    // between fixed words.
    let between = |lead: &str, tail: &str, hint: Option<EffectKind>| {
        let lower = trimmed.to_lowercase();
        let inner = trimmed.get(lead.len()..trimmed.len().checked_sub(tail.len())?)?.trim();
        (lower.starts_with(lead) && lower.ends_with(tail) && inner.starts_with('[') && inner.ends_with(']'))
            .then(|| noun(inner, vocab, hint))
            .filter(|n| !n.refs.is_empty())
    };
    // A header's requirement names an action (`Attack ([Lock])`).
    if let Some(n) = between("ignoring the ", " requirement", Some(EffectKind::Perform)) {
        return Some(Proviso::IgnoringRequirement(n));
    }
    if let Some(n) = between("without paying the ", " cost", None) {
        return Some(Proviso::WithoutPaying(n));
    }
    // `instead of removing it` is a replacement of a step, not of a thing.
    let of_a_step = trimmed.split_whitespace().nth(2).is_some_and(|w| w.ends_with("ing"));
    if let Some(p) = thing("instead of ").filter(|_| !of_a_step).map(Proviso::InsteadOf) {
        return Some(p);
    }
    // `on 1 of your equipped upgrades`: one of them, the player's choice.
    let one_of = ["on 1 of ", "on one of "].iter().find(|lead| trimmed.to_lowercase().starts_with(**lead));
    if let Some(lead) = one_of {
        let rest = trimmed[lead.len()..].trim();
        let plural = rest.ends_with('s');
        let counted = rest.split_whitespace().any(|w| w.chars().all(|c| c.is_ascii_digit()));
        return (plural && !counted && !rest.contains(" instead")).then(|| Proviso::OnOneOf(read(rest)));
    }
    if let Some(p) = thing("on ").map(Proviso::On) {
        return Some(p);
    }
    // `by overlapping another ship`: a deed, not an amount (`by 1`) or an agent.
    let deed = trimmed.split_whitespace().nth(1).is_some_and(|w| w.len() > 4 && w.ends_with("ing"));
    if let Some(p) = deed.then(|| thing("by ")).flatten().map(Proviso::By) {
        return Some(p);
    }
    // `prevent it from detonating`: what it is kept from doing.
    if let Some(p) = deed.then(|| thing("from ")).flatten().map(Proviso::From) {
        return Some(p);
    }
    // `as a result of moving through or overlapping an obstacle`: the deed, worded so.
    let result_of = trimmed.split_whitespace().nth(4).is_some_and(|w| w.len() > 4 && w.ends_with("ing"));
    if let Some(p) = result_of.then(|| thing("as a result of ")).flatten().map(Proviso::By) {
        return Some(p);
    }
    // `only as bonus attacks`: that way and no other.
    if let Some(p) = thing("only as ").map(Proviso::OnlyAs) {
        return Some(p);
    }
    // `as a bonus attack`, not `as if …`, `as though …` or `as a result of …`.
    let counts_as = ["as a ", "as an "].iter().any(|a| trimmed.to_lowercase().starts_with(a))
        && !trimmed.to_lowercase().starts_with("as a result");
    if let Some(p) = counts_as.then(|| thing("as ")).flatten().map(Proviso::As) {
        return Some(p);
    }
    let lower = words.trim().trim_end_matches(['.', ',']).to_lowercase();
    let words: Vec<&str> = lower.split_whitespace().collect();
    let state = |rest: &[&str]| {
        let s = rest.join(" ");
        STATES.contains(&s.as_str()).then(|| Proviso::EvenWhile(s.into()))
    };
    match words.as_slice() {
        ["even", "while", rest @ ..] => state(rest),
        ["even", "if", "you" | "it" | "they", "are" | "is", rest @ ..] => state(rest),
        ["ignoring", "range", "restrictions"] => Some(Proviso::IgnoringRange),
        ["if", "able"] => Some(Proviso::IfAble),
        ["(this", "is", "not", "an", "action)"] => Some(Proviso::NotAnAction),
        ["in", "addition", "to", "its", "own"] => Some(Proviso::InAdditionToItsOwn),
        ["as", "if", "that", "ship", "has", "them"] => Some(Proviso::AsIfTheirs),
        ["to", "a", "maximum", "of", n] => n.parse().ok().map(Proviso::AtMost),
        ["to", "a", "minimum", "of", n] => n.parse().ok().map(Proviso::AtLeast),
        ["by", n] => n.parse().ok().map(Proviso::ByAmount),
        ["treating", .., "as", color] if COLORS.contains(color) => {
            let what = &words[1..words.len() - 2];
            matches!(what, ["it"] | ["that", "action"] | ["the", "action"] | ["this", "action"])
                .then(|| Proviso::TreatedAs(color.to_string().into()))
        }
        _ => None,
    }
}

/// Where a trailing phrase places a thing, or the range an effect reaches, as provisos: `in
/// reserve`, `anywhere in the play area beyond range 3 of enemy ships`, `in the play area
/// touching you`, `at range 1-4`, `beyond range 1 of obstacles and beyond range 3 of enemy
/// ships`, `instead of at range 0-3`, `even while at range 0 of asteroids`; a leading `and`
/// goes on from the phrase before (`…, and beyond range 3 of the enemy table edge`). `None`
/// when any of it is more than these (`at attack range 3`, `within range 1`).
pub fn placement(words: &str) -> Option<Vec<Proviso>> {
    let text = words.trim().trim_end_matches(['.', ',']).trim();
    let text = strip_word(text, "and").unwrap_or(text);
    if let Some(rest) = strip_word(text, "even while") {
        return one_reach(rest).map(|r| vec![Proviso::EvenWhileAt(r)]);
    }
    if let Some(rest) = strip_word(text, "instead of") {
        return one_reach(rest).map(|r| vec![Proviso::InsteadOfRange(r)]);
    }
    let mut out = Vec::new();
    let anywhere = strip_word(text, "anywhere");
    let mut rest = anywhere.unwrap_or(text);
    let area = [Area::PlayArea, Area::Reserve, Area::SameDeploymentArea]
        .into_iter()
        .find_map(|area| strip_word(rest, &format!("in {}", area.words())).map(|r| (area, r)));
    match area {
        Some((area, after)) => {
            out.push(Proviso::In { area, anywhere: anywhere.is_some() });
            rest = after;
        }
        None if anywhere.is_some() => return None,
        None => {}
    }
    if let Some(who) = strip_word(rest, "touching") {
        out.push(Proviso::Touching(subject_words(who)));
        return Some(out);
    }
    if !rest.is_empty() {
        out.extend(reaches(rest)?.into_iter().map(Proviso::Range));
    }
    (!out.is_empty()).then_some(out)
}

/// The words after `lead` (a whole word or words, any case) at the start of `text`, trimmed.
fn strip_word<'t>(text: &'t str, lead: &str) -> Option<&'t str> {
    let head = text.get(..lead.len()).filter(|h| h.eq_ignore_ascii_case(lead))?;
    let rest = &text[head.len()..];
    (rest.is_empty() || rest.starts_with(' ')).then(|| rest.trim())
}

/// One range band and what it is measured from: `at range 0-3`, `at range 0 of asteroids`.
fn one_reach(text: &str) -> Option<Reach> {
    match reaches(text)?.as_slice() {
        [one] => Some(one.clone()),
        _ => None,
    }
}

/// Range bands joined by `and` or commas, each with what it is measured from: `beyond range
/// 2 of any board edge or ship and beyond range 1 of other obstacles`. `None` unless the
/// words are all bands.
fn reaches(text: &str) -> Option<Vec<Reach>> {
    let lower = text.to_ascii_lowercase();
    let starts: Vec<usize> = lower
        .match_indices("range ")
        .filter_map(|(at, _)| {
            let before = &lower[..at];
            let lead = ["at ", "beyond "].iter().find(|l| before.ends_with(**l))?;
            let start = at - lead.len();
            (start == 0 || lower[..start].ends_with(' ')).then_some(start)
        })
        .collect();
    if starts.first() != Some(&0) {
        return None;
    }
    let ends = starts.iter().skip(1).copied().chain(std::iter::once(text.len()));
    starts.iter().zip(ends).map(|(&a, b)| reach(&text[a..b])).collect()
}

/// One band, what it is measured from, and the `and` or comma that joins the next: `beyond
/// range 3 of enemy ships, and `.
fn reach(text: &str) -> Option<Reach> {
    let mut text = text.trim().trim_end_matches(',').trim();
    while let Some(cut) = text.strip_suffix(" and").or_else(|| text.strip_suffix(" And")) {
        text = cut.trim().trim_end_matches(',').trim();
    }
    let (beyond, rest) = match strip_word(text, "beyond range") {
        Some(rest) => (true, rest),
        None => (false, strip_word(text, "at range")?),
    };
    let (band, of) = match rest.split_once(' ') {
        Some((band, of)) => (band, Some(strip_word(of, "of")?)),
        None => (rest, None),
    };
    let band = match band.split_once('-') {
        None if beyond => Band::Beyond(band.parse().ok()?),
        None => Band::At(band.parse().ok()?, band.parse().ok()?),
        Some((a, b)) if !beyond => Band::At(a.parse().ok()?, b.parse().ok()?),
        Some(_) => return None,
    };
    let of = of.filter(|w| !w.is_empty()).map(subject_words);
    Some(Reach { band, of })
}

/// Whether a step's clauses share one `may` said once (`you may spend 1 [Charge] and gain 1
/// stress token`, `you may spend 1 [Force] to look at …, choose 1, and expose it`): one
/// choice, which [`join_choice`] makes one clause. A step with an `or` keeps its clauses
/// apart.
pub fn one_choice(clauses: &[Clause]) -> bool {
    let shared = |c: &Clause, first: &Clause| {
        c.qualifier.is_some()
            && c.qualifier == first.qualifier
            && c.subject == first.subject
            && c.costs.is_empty()
            && c.duration.is_none()
            && !c.instead
    };
    clauses.len() > 1
        && !clauses.iter().any(|c| c.alternative)
        && qualifier(clauses[0].qualifier.as_ref()) == cards_runtime::ability::Qualifier::May
        && clauses[1..].iter().all(|c| shared(c, &clauses[0]))
}

/// Makes a step that is [`one_choice`] one clause: the first, doing the others' effects
/// with its own ([`RtClause::also`]), paid whole or not at all, so that `If you do` after
/// it holds only when all of it was done.
pub fn join_choice(clauses: &mut Vec<RtClause>) {
    if clauses.len() < 2 {
        return;
    }
    let rest = clauses.split_off(1);
    let first = &mut clauses[0];
    let mut also = first.also.to_vec();
    let mut modifiers = first.modifiers.to_vec();
    for c in rest {
        also.push(c.effect);
        modifiers.extend(c.modifiers.iter().cloned());
    }
    first.also = also.into();
    first.modifiers = modifiers.into();
}

/// Lowers a timing clause; `None` for words that name no timing.
pub fn timing(t: &crate::text::Timing, vocab: &Vocabulary) -> Option<RtTiming> {
    let when = When::from_words(&t.when)?;
    // `Before the Neutralize Results step`: a step of the game, not a ship's event; `After
    // this attack hits`: the attack's own step, not a ship's event either.
    if RtTiming::names_game_step(&t.what.text) || names_this_attack(&t.what.text) {
        return Some(RtTiming {
            when,
            what: squash(&t.what.text).into(),
            phase: None,
            or_phase: None,
            event: None,
            or_events: List::Borrowed(&[]),
            next: false,
        });
    }
    let of_phase = matches!(when, When::StartOf | When::EndOf | When::During);
    let mut phase = of_phase.then(|| phase(&t.what.text, vocab)).flatten();
    // `During the Activation or Engagement Phase`: either of two phases.
    let mut or_phase = None;
    if let (true, None) = (of_phase, phase) {
        let words = squash(&t.what.text);
        let words = words.trim_end_matches('.');
        let both =
            words.strip_suffix(" Phase").or_else(|| words.strip_suffix(" phase")).and_then(|w| w.split_once(" or "));
        if let Some((a, b)) = both {
            let (a, b) =
                (super::noun::phase(&format!("{a} Phase"), vocab), super::noun::phase(&format!("{b} Phase"), vocab));
            if let (Some(a), Some(b)) = (a, b) {
                (phase, or_phase) = (Some(a), Some(b));
            }
        }
    }
    // `at the start of the next Planning Phase`.
    let next = phase.is_some() && t.what.text.trim_start().to_ascii_lowercase().starts_with("the next ");
    let event = t.event.as_ref().map(|c| event_clause(c, vocab));
    // `events` holds every clause of the event, the first being `event`.
    let or_events = t.events.iter().skip(usize::from(event.is_some())).map(|c| event_clause(c, vocab)).collect();
    Some(RtTiming { when, what: squash(&t.what.text).into(), phase, or_phase, event, or_events, next })
}

/// Whether a timing's words are about the ability's own attack (`this attack hits`, `the
/// attack`) rather than an event of a ship.
fn names_this_attack(what: &str) -> bool {
    let what = what.trim().to_lowercase();
    ["this attack", "the attack"].iter().any(|a| what == *a || what.starts_with(&format!("{a} ")))
}

/// Lowers an event clause: a relative clause after its object says which, whatever its
/// length (`an attack that is obstructed by an obstacle`).
pub(super) fn event_clause(c: &Clause, vocab: &Vocabulary) -> RtClause {
    let mut out = clause(c, vocab);
    if let (Some(n), Some(m)) = (out.effect.noun.as_mut(), out.modifiers.first()) {
        if m.to_lowercase().starts_with("that ") && m.split_whitespace().count() > 3 {
            n.text = format!("{} {m}", n.text).into();
        }
    }
    out
}

/// What a timing that opens an ability is, once lowered.
pub enum Lead {
    /// A timing, with the condition its event's words imply (`While you perform an attack
    /// at attack range 1`: the defender is at range 1).
    Timing(Box<RtTiming>, Vec<Condition>),
    /// A state rather than an event (`While you are stressed`): a condition of the ability.
    State(Box<Condition>),
    /// Words that name no timing.
    Nothing,
}

/// Lowers a timing that opens an ability: the lowering and the W0006 lint both ask this.
pub fn lead(t: &crate::text::Timing, vocab: &Vocabulary) -> Lead {
    // `While you are stressed, …`, `While you have 2 or fewer stress tokens, …`: a state,
    // not an event; the ability applies whenever it holds, so it is a condition.
    let state = (t.when == "while").then(|| test(&t.what.text, vocab)).filter(|x| *x != Test::Opaque);
    // `While you are docked`, `While a ship is docked with you`: a state the reading does
    // not structure is still a condition, not an event.
    let unread = t.when == "while" && t.event.as_ref().is_none_or(|e| e.effect.kind == EffectKind::Opaque) && {
        let w = format!(" {} ", t.what.text.to_lowercase());
        [" is ", " are ", " has ", " have "].iter().any(|v| w.contains(v))
    };
    match state.or(unread.then_some(Test::Opaque)) {
        Some(test) => Lead::State(Box::new(Condition::new(CondKind::If, squash(&t.what.text), test))),
        None => match timing(t, vocab) {
            Some(mut rt) => {
                let range = attack_range(&mut rt).or_else(|| event_state(&mut rt));
                let implied = range
                    .into_iter()
                    .chain(attack_outcome(&mut rt))
                    .chain(attack_obstructed(&mut rt, vocab))
                    .chain(defended_against(&mut rt, vocab))
                    .collect();
                Lead::Timing(Box::new(rt), implied)
            }
            None => Lead::Nothing,
        },
    }
}

/// `you perform an action while stressed`: the state is the event's subject's, a condition
/// of the ability rather than words of the event.
fn event_state(t: &mut RtTiming) -> Option<Condition> {
    let event = t.event.as_mut()?;
    let i = event.modifiers.iter().position(|m| {
        let lower = m.to_lowercase();
        lower.strip_prefix("while ").is_some_and(|state| STATES.contains(&state.trim_end_matches(['.', ','])))
    })?;
    let state = event.modifiers.to_mut().remove(i).to_lowercase();
    let state = state["while ".len()..].trim_end_matches(['.', ',']).replace(' ', "-");
    let who = event.subject.clone();
    Some(Condition::new(
        CondKind::If,
        format!("{} is {state}", who.text),
        Test::State { who, state: state.into(), not: false },
    ))
}

/// `After you perform an attack that hits`: whether it hit is a condition of the ability
/// (`if the attack hits`), not words of the attack.
fn attack_outcome(t: &mut RtTiming) -> Option<Condition> {
    attack_relative(t, &[When::After], |words| {
        let not = match words {
            "that hits" | "that hit" => false,
            "that misses" | "that missed" => true,
            _ => return None,
        };
        let text = if not { "the attack misses" } else { "the attack hits" };
        Some(Condition::new(CondKind::If, text, Test::AttackHits { not }))
    })
}

/// `While you perform an attack that is obstructed by an obstacle`: that it is obstructed
/// is a condition of the ability (`if the attack is obstructed by an obstacle`), not words
/// of the attack.
fn attack_obstructed(t: &mut RtTiming, vocab: &Vocabulary) -> Option<Condition> {
    attack_relative(t, &[When::After, When::While], |words| {
        let rest = words.strip_prefix("that ").filter(|r| r.starts_with("is obstructed"))?;
        let text = format!("the attack {rest}");
        let test = test(&text, vocab);
        matches!(test, Test::Obstructed { .. }).then(|| Condition::new(CondKind::If, text, test))
    })
}

/// `While you defend against a damaged attacker`, `While you defend against an attack
/// obstructed by an obstacle`: what the defence is against is a condition of the ability
/// (`if the attacker is damaged`, `if the attack is obstructed by an obstacle`), not words
/// of the event.
fn defended_against(t: &mut RtTiming, vocab: &Vocabulary) -> Option<Condition> {
    if !matches!(t.when, When::After | When::While) || !t.or_events.is_empty() {
        return None;
    }
    let event = t.event.as_mut().filter(|e| e.effect.kind == EffectKind::Defend)?;
    let read = |m: &str| {
        let words = m.trim().trim_end_matches([',', '.']).to_lowercase();
        let against = words.strip_prefix("against ")?;
        let attacker = against.strip_prefix("a ").or_else(|| against.strip_prefix("an "));
        let text = match attacker.and_then(|a| a.strip_suffix(" attacker")) {
            Some(state) => format!("the attacker is {state}"),
            None => format!("the attack is {}", against.strip_prefix("an attack ")?),
        };
        let test = test(&text, vocab);
        let whose = |who: &Subject| who.person == Person::Attacker;
        let read = match &test {
            Test::State { who, not: false, .. } => whose(who),
            Test::Obstructed { .. } => true,
            _ => false,
        };
        read.then(|| Condition::new(CondKind::If, text, test))
    };
    let (i, condition) = event.modifiers.iter().enumerate().find_map(|(i, m)| read(m).map(|c| (i, c)))?;
    event.modifiers.to_mut().remove(i);
    Some(condition)
}

/// A relative clause of the attack a timing performs (`that hits`, `that is obstructed by
/// an obstacle`), written as a modifier or as the end of the noun's words (`a [Turret] or
/// [Missile] attack that misses`), that `read` makes a condition of (given the words,
/// lowercased): taken out of the event wherever it is written.
fn attack_relative(t: &mut RtTiming, whens: &[When], read: impl Fn(&str) -> Option<Condition>) -> Option<Condition> {
    if !whens.contains(&t.when) {
        return None;
    }
    let event = t.event.as_mut().filter(|e| t.or_events.is_empty() && e.effect.kind == EffectKind::Perform)?;
    let words = |m: &str| m.trim().trim_end_matches([',', '.']).to_lowercase();
    let kept = event.modifiers.iter().enumerate().find_map(|(i, m)| read(&words(m)).map(|c| (i, c)));
    let in_modifier = kept.map(|(i, c)| {
        event.modifiers.to_mut().remove(i);
        c
    });
    let in_noun = event.effect.noun.as_mut().and_then(|noun| {
        let text = noun.text.to_string();
        let at = text.to_lowercase().rfind(" that ")?;
        let condition = read(&words(text.get(at..)?))?;
        noun.text = text.get(..at)?.trim_end().to_string().into();
        Some(condition)
    });
    in_modifier.or(in_noun)
}

/// `you perform an attack at attack range 1`: the range is the defender's, a condition of
/// the ability rather than words of the attack.
fn attack_range(t: &mut RtTiming) -> Option<Condition> {
    // `While you defend at attack range 3 or perform an attack at attack range 1`: a range
    // printed with one of several events holds for that one only, which no condition of the
    // whole ability says; it stays with its event.
    if !t.or_events.is_empty() {
        return None;
    }
    let event = t.event.as_mut()?;
    // While you attack, the range is the defender's; while you defend, the attacker's.
    let other = match event.effect.kind {
        EffectKind::Perform | EffectKind::Attack => "the defender",
        EffectKind::Defend => "the attacker",
        _ => return None,
    };
    let find = |text: &str| {
        let lower = text.to_lowercase();
        let (at, w) = ["at attack range ", "at range "]
            .iter()
            .find_map(|w| lower.find(w).filter(|&i| i == 0 || lower[..i].ends_with(' ')).map(|i| (i, *w)))?;
        let word = lower[at + w.len()..].split_whitespace().next()?;
        let band = word.trim_end_matches([',', '.']).to_string();
        let (a, b) = band.split_once('-').unwrap_or((&band, &band));
        // `at attack range` is measured from the attacker's arc; `at range`, between ships.
        let range: ((u8, u8), bool) = ((a.parse().ok()?, b.parse().ok()?), w.contains("attack"));
        Some((at, band, range))
    };
    let (band, (range, attack)) = if let Some((at, band, range)) =
        event.effect.noun.as_ref().and_then(|n| find(&n.text))
    {
        // `an attack at attack range 1-2 that hits`: the words after the band stay the noun's.
        let noun = event.effect.noun.as_mut()?;
        let text = noun.text.to_string();
        let rest = text.get(at..).and_then(|r| r.find(&band).map(|i| at + i + band.len())).and_then(|e| text.get(e..));
        let kept = [text[..at].trim_end(), rest.unwrap_or("").trim()].join(" ");
        noun.text = kept.trim().to_string().into();
        (band, range)
    } else if let Some(i) = event.modifiers.iter().position(|m| find(m).is_some_and(|(at, _, _)| at == 0)) {
        let (_, band, range) = find(&event.modifiers[i])?;
        event.modifiers.to_mut().remove(i);
        (band, range)
    } else if let Some(i) = event.effect.provisos.iter().position(|p| matches!(p, Proviso::Range(r) if r.of.is_none()))
    {
        // `While you defend at range 1`: a band the event reaches, read as a proviso.
        let Proviso::Range(Reach { band: Band::At(a, b), .. }) = event.effect.provisos[i] else { return None };
        event.effect.provisos.to_mut().remove(i);
        let band = if a == b { a.to_string() } else { format!("{a}-{b}") };
        (band, ((a, b), false))
    } else if let Some((at, band, range)) = event.effect.target.as_ref().and_then(|t| find(&t.text)) {
        // `against a defender at attack range 2-3`: the target is the defender the range is
        // of, so the range says all it does.
        let whom = event.effect.target.as_ref().map(|t| t.text.to_lowercase()[..at].trim().to_string());
        if whom.is_some_and(|w| matches!(w.as_str(), "a defender" | "the defender")) {
            event.effect.target = None;
        }
        (band, range)
    } else {
        return None;
    };
    let who = subject(Some(&Piece::bare(other)));
    Some(Condition::new(
        CondKind::If,
        format!("{other} is at range {band}"),
        Test::AtRange { who, range, of: Subject::YOU, attack },
    ))
}
