//! Frames → the runtime's [`Ability`] model: words become kinds, amounts become numbers,
//! and nouns resolve against the game's vocabulary (`[Charge]` is resource `charge`,
//! `focus tokens` is token `focus`).

use std::borrow::Cow;

use cards_runtime::ability::{
    Ability, Amount, Clause as RtClause, Duration, Effect as RtEffect, EffectKind, Facing, Frequency, Noun, Person,
    Qualifier, Replacement as RtReplacement, Side, SourceSpan, Step as RtStep, Subject, Timing as RtTiming, VocabRef,
    When,
};
use cards_runtime::model::{Entry, VocabKind, Vocabulary};

use super::{Clause, Effect, Frame, Piece};

/// The vocabulary kinds ability text names, in the order a plain word is looked up.
pub const NOUN_KINDS: [VocabKind; 11] = [
    VocabKind::Resource,
    VocabKind::Token,
    VocabKind::Action,
    VocabKind::Result,
    VocabKind::Die,
    VocabKind::Arc,
    VocabKind::Phase,
    VocabKind::Icon,
    VocabKind::Stat,
    VocabKind::Trait,
    VocabKind::Maneuver,
];

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

/// Whether two names are the same ignoring case, with `-` the same as a space.
fn same_name(a: &str, b: &str) -> bool {
    let fold = |c: char| if c == '-' { ' ' } else { c };
    a.len() == b.len()
        && a.chars().map(fold).flat_map(char::to_lowercase).eq(b.chars().map(fold).flat_map(char::to_lowercase))
}

/// An entry whose display name or id is `word`, ignoring case (and `-` for spaces).
fn find(entries: &[Entry], word: &str) -> Option<u16> {
    entries.iter().position(|e| same_name(&e.name, word) || same_name(&e.id, word)).map(|i| i as u16)
}

/// The bracketed names in a text: `[Hit]/[Critical Hit] results` → `Hit`, `Critical Hit`.
pub fn brackets(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.match_indices('[').filter_map(move |(start, _)| {
        let rest = &text[start + 1..];
        let end = rest.find([']', '['])?;
        (rest.as_bytes()[end] == b']').then(|| (start + 1, &rest[..end]))
    })
}

/// The kind a noun's last word names: `… result` → results.
fn suffix_kind(words: &[&str]) -> Option<VocabKind> {
    let last = words.last()?.to_lowercase();
    Some(match last.trim_end_matches(['.', ',']) {
        "token" | "tokens" => VocabKind::Token,
        "result" | "results" => VocabKind::Result,
        "action" | "actions" => VocabKind::Action,
        "die" | "dice" => VocabKind::Die,
        "arc" => VocabKind::Arc,
        "upgrade" | "upgrades" => VocabKind::Icon,
        _ => return None,
    })
}

/// The kinds a noun is looked up in, most likely first, for an effect of `kind`.
fn kinds_for(kind: Option<EffectKind>) -> Vec<VocabKind> {
    let first: &[VocabKind] = match kind {
        Some(EffectKind::Perform) => &[VocabKind::Action],
        Some(EffectKind::Change | EffectKind::Reroll) => &[VocabKind::Result, VocabKind::Die],
        Some(EffectKind::Roll) => &[VocabKind::Die],
        _ => &[],
    };
    first.iter().chain(NOUN_KINDS.iter().filter(|k| !first.contains(k))).copied().collect()
}

/// Resolves a noun against the vocabulary. Bracketed names are looked up by display name;
/// without brackets, the words (less a trailing `token`, `result`…, and a plural `s`) are.
pub fn noun(text: &str, vocab: &Vocabulary, effect: Option<EffectKind>) -> Noun {
    let words: Vec<&str> = text.split_whitespace().collect();
    let hint = suffix_kind(&words);
    let kinds = match hint {
        Some(k) => vec![k],
        None => kinds_for(effect),
    };
    let mut refs = Vec::new();
    let names: Vec<&str> = brackets(text).map(|(_, n)| n).collect();
    if names.is_empty() {
        let mut plain: Vec<&str> = words.clone();
        if hint.is_some() && plain.len() > 1 {
            plain.pop();
        }
        let plain = plain.join(" ");
        let plain = plain.trim_matches(|c: char| !c.is_alphanumeric());
        let singular = plain.strip_suffix('s').unwrap_or(plain);
        for k in &kinds {
            let entries = k.entries(vocab);
            if let Some(i) = find(entries, plain).or_else(|| find(entries, singular)) {
                refs.push(VocabRef { kind: *k, index: i });
                break;
            }
        }
    } else {
        for name in names {
            if let Some(r) =
                kinds.iter().find_map(|k| find(k.entries(vocab), name).map(|i| VocabRef { kind: *k, index: i }))
            {
                refs.push(r);
            }
        }
    }
    Noun { text: squash(text).into(), refs: refs.into() }
}

fn amount(text: &str) -> Option<Amount> {
    let t = text.to_lowercase();
    let t = squash(&t);
    if let Some(n) = t.strip_prefix("up to ") {
        return n.trim().parse().ok().map(Amount::UpTo);
    }
    match t.as_str() {
        "a" | "an" | "one" => Some(Amount::Exactly(1)),
        "all" => Some(Amount::All),
        n => n.parse().ok().map(Amount::Exactly),
    }
}

/// A phase a text names: `the Engagement Phase`, `Engagement`.
fn phase(text: &str, vocab: &Vocabulary) -> Option<u16> {
    let t = squash(text);
    let t = t.trim_end_matches('.');
    let t = t.strip_prefix("the ").or_else(|| t.strip_prefix("The ")).unwrap_or(t);
    find(&vocab.phases, t).or_else(|| find(&vocab.phases, &format!("{t} phase")))
}

fn effect(e: &Effect, vocab: &Vocabulary) -> RtEffect {
    let kind = Some(e.kind);
    // `perform a [Barrel Roll] action`: what is performed is the bracketed action; `perform
    // an attack` names no action of the game.
    let object = match (&e.action, &e.noun) {
        (Some(a), _) if e.kind == EffectKind::Perform => Some(noun(&a.text, vocab, kind)),
        (_, Some(n)) if e.kind == EffectKind::Perform => {
            let n = noun(&n.text, vocab, kind);
            let actions: Vec<VocabRef> = n.refs.iter().copied().filter(|r| r.kind == VocabKind::Action).collect();
            Some(Noun { refs: actions.into(), ..n })
        }
        (_, Some(n)) => Some(noun(&n.text, vocab, kind)),
        (Some(a), None) => Some(noun(&a.text, vocab, kind)),
        (None, None) => None,
    };
    RtEffect {
        kind: e.kind,
        text: squash(&e.piece.text).into(),
        amount: e.amount.as_ref().and_then(|a| amount(&a.text)),
        noun: object,
        to: e.to.as_ref().map(|n| noun(&n.text, vocab, kind)),
        color: e.color.as_ref().map(|c| Cow::Owned(c.text.to_lowercase())),
        facing: e.facing.as_ref().map(|f| {
            if f.text.eq_ignore_ascii_case("faceup") {
                Facing::Faceup
            } else {
                Facing::Facedown
            }
        }),
        target: e.target.as_ref().map(|t| subject(Some(t))),
        from: e.from.as_ref().map(|t| subject(Some(t))),
        passive: e.passive,
        negated: e.negated,
    }
}

/// `you`, `a friendly ship at range 0-3`, `each other enemy ship`.
pub fn subject(piece: Option<&Piece>) -> Subject {
    let Some(piece) = piece else { return Subject::YOU };
    let text = squash(&piece.text);
    let lower = text.to_lowercase();
    let words: Vec<&str> = lower.split_whitespace().collect();
    let has = |w: &str| words.contains(&w);
    let person = match words.first().copied() {
        Some("you") => Person::You,
        Some("it" | "they" | "that") => Person::That,
        Some("the") if has("attacker") => Person::Attacker,
        Some("the") if has("defender") => Person::Defender,
        _ if has("another") || has("other") => Person::Another,
        Some("each" | "all" | "every") => Person::Each,
        _ => Person::A,
    };
    let side = if has("friendly") {
        Side::Friendly
    } else if has("enemy") {
        Side::Enemy
    } else {
        Side::Any
    };
    let range = lower.find("at range ").and_then(|i| {
        let spec = lower[i + 9..].split_whitespace().next()?;
        let (a, b) = spec.split_once('-').unwrap_or((spec, spec));
        Some((a.parse().ok()?, b.parse().ok()?))
    });
    Subject { text: text.into(), person, side, range }
}

/// `may`, `may choose to`, `must`, `can`, `cannot`, `can't`, `does not`.
pub fn qualifier(piece: Option<&Piece>) -> Qualifier {
    let Some(p) = piece else { return Qualifier::None };
    let text = squash(&p.text.to_lowercase());
    let words: Vec<&str> = text.split_whitespace().collect();
    match words.as_slice() {
        ["cannot" | "can't", ..] => Qualifier::Cannot,
        [_, "not", ..] => Qualifier::Cannot,
        ["may", ..] | ["choose", ..] => Qualifier::May,
        ["must", ..] => Qualifier::Must,
        ["can", ..] => Qualifier::Can,
        _ => Qualifier::None,
    }
}

fn duration(piece: &Piece, vocab: &Vocabulary) -> Duration {
    let text = squash(&piece.text);
    let lower = text.to_lowercase();
    let rest = lower.strip_prefix("until the end of ").map(|_| &text["until the end of ".len()..]);
    let this_round = lower == "this round" || rest.is_some_and(|r| r.eq_ignore_ascii_case("the round"));
    let until_end_of = rest.and_then(|r| phase(r, vocab));
    Duration { text: text.into(), until_end_of, this_round }
}

/// Lowers one clause.
pub fn clause(c: &Clause, vocab: &Vocabulary) -> RtClause {
    let mut who = subject(c.subject.as_ref());
    // A passive clause is about a thing (`This card's [Charge]`), not a ship, unless it
    // names one.
    if c.effect.passive && who.person == Person::A && !who.text.to_lowercase().contains("ship") {
        who.person = Person::Thing;
    }
    RtClause {
        text: squash(&c.piece.text).into(),
        subject: who,
        qualifier: qualifier(c.qualifier.as_ref()),
        cost: c.cost.as_ref().map(|e| effect(e, vocab)),
        effect: effect(&c.effect, vocab),
        duration: c.duration.as_ref().map(|d| duration(d, vocab)),
        modifiers: c.modifiers.iter().map(|m| Cow::Owned(squash(m.text.trim_start_matches([',', ' '])))).collect(),
        instead: c.instead,
        alternative: c.alternative,
    }
}

/// Lowers a timing clause; `None` for words that name no timing.
fn timing(t: &super::Timing, vocab: &Vocabulary) -> Option<RtTiming> {
    let when = When::from_words(&t.when)?;
    let phase =
        matches!(when, When::StartOf | When::EndOf | When::During).then(|| phase(&t.what.text, vocab)).flatten();
    let event = t.event.as_ref().map(|c| clause(c, vocab));
    // `events` holds every clause of the event, the first being `event`.
    let or_events = t.events.iter().skip(usize::from(event.is_some())).map(|c| clause(c, vocab)).collect();
    Some(RtTiming { when, what: squash(&t.what.text).into(), phase, event, or_events })
}

/// The header a frame names, by display name or id.
pub fn header(piece: &Piece, vocab: &Vocabulary) -> Option<u16> {
    find(&vocab.headers, piece.text.trim())
}

/// Whether an effect of this kind is what a header's leading cost sentence pays
/// (`Attack: Spend 1 [Charge]. …`). Only spending is: `Action: Remove 1 stress token.` is
/// an effect.
pub fn is_cost_kind(kind: EffectKind) -> bool {
    kind == EffectKind::Spend
}

/// Whether a frame opens with a header's cost sentence: a header, then one step that is a
/// single cost-like clause without a condition or a cost of its own.
pub fn leading_cost(frame: &Frame) -> Option<&Effect> {
    let first = frame.steps.first()?;
    match (&frame.header, first.condition.as_ref(), first.clauses.as_slice()) {
        (Some(_), None, [c]) if c.cost.is_none() && c.qualifier.is_none() && is_cost_kind(c.effect.kind) => {
            Some(&c.effect)
        }
        _ => None,
    }
}

/// Lowers one frame to an ability.
pub fn ability(frame: &Frame, cx: &Context<'_>) -> Ability {
    let vocab = cx.vocab;
    let text = cx.source.get(frame.span.range()).map(squash).unwrap_or_default();
    let header = frame.header.as_ref().and_then(|h| header(h, vocab));
    let optional_header = header.is_some_and(|h| vocab.headers[h as usize].marked);
    let steps: Vec<RtStep> = frame
        .steps
        .iter()
        .map(|s| RtStep {
            condition: s.condition.as_ref().map(|c| squash(&c.text).into()),
            and_if: s.and_if.iter().map(|c| Cow::Owned(squash(&c.text))).collect(),
            for_each: s.for_each.as_ref().map(|f| squash(&f.text).into()),
            timings: s.timings.iter().filter_map(|t| timing(t, vocab)).collect(),
            duration: s.duration.as_ref().map(|d| duration(d, vocab)),
            clauses: s.clauses.iter().map(|c| clause(c, vocab)).collect(),
        })
        .collect();
    // A header's leading cost sentence, when more follows, is the cost of the ability.
    let (cost, steps) = match leading_cost(frame) {
        Some(_) if steps.len() > 1 => {
            let mut steps = steps;
            let first = steps.remove(0);
            (first.clauses.first().map(|c| c.effect.clone()), steps)
        }
        _ => (None, steps),
    };
    let says_may = steps.first().is_some_and(|s| s.clauses.iter().any(|c| c.qualifier == Qualifier::May));
    let frequency = match frame.frequency.as_ref().map(|f| f.text.to_lowercase()).as_deref() {
        Some("round") => Frequency::OncePerRound,
        Some("phase") => Frequency::OncePerPhase,
        Some("game") => Frequency::OncePerGame,
        _ => Frequency::OncePerOpportunity,
    };
    let timings = frame.timings.iter().filter_map(|t| timing(t, vocab)).collect();
    let replacement = frame.replacement.as_ref().map(|r| RtReplacement {
        before: r.kind.text.eq_ignore_ascii_case("before"),
        subject: subject(r.subject.as_ref()),
        event: match &r.effect {
            Some(e) => effect(e, vocab),
            None => effect(&Effect::opaque(r.event.clone()), vocab),
        },
    });
    Ability {
        name: cx.name.map(|n| Cow::Owned(n.to_string())),
        text: text.into(),
        file: cx.file.to_string().into(),
        span: SourceSpan { start: frame.span.start, end: frame.span.end },
        header,
        requirement: frame.requirement.as_ref().map(|r| noun(&r.text, vocab, None)),
        timings,
        optional: optional_header || says_may,
        frequency,
        cost,
        replacement,
        steps: steps.into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn vocab() -> Vocabulary {
        let e = |id: &'static str, name: &'static str| Entry { id: id.into(), name: name.into(), marked: false };
        Vocabulary {
            tokens: vec![e("focus", "focus"), e("evade", "evade")].into(),
            resources: vec![e("force", "Force"), e("charge", "Charge"), e("shield", "shield")].into(),
            actions: vec![e("focus", "Focus"), e("barrel-roll", "Barrel Roll")].into(),
            results: vec![e("hit", "Hit"), e("critical-hit", "Critical Hit"), e("focus", "Focus")].into(),
            dice: vec![e("attack", "attack")].into(),
            phases: vec![e("engagement", "Engagement Phase")].into(),
            ..Vocabulary::default()
        }
    }

    fn refs(n: &Noun) -> Vec<(VocabKind, u16)> {
        n.refs.iter().map(|r| (r.kind, r.index)).collect()
    }

    #[test]
    fn nouns_resolve_by_display_name_suffix_and_plural() {
        let v = vocab();
        assert_eq!(refs(&noun("[Charge]", &v, Some(EffectKind::Spend))), [(VocabKind::Resource, 1)]);
        assert_eq!(refs(&noun("focus token", &v, Some(EffectKind::Gain))), [(VocabKind::Token, 0)]);
        assert_eq!(refs(&noun("evade tokens", &v, Some(EffectKind::Spend))), [(VocabKind::Token, 1)]);
        assert_eq!(refs(&noun("shield", &v, Some(EffectKind::Recover))), [(VocabKind::Resource, 2)]);
        assert_eq!(refs(&noun("attack die", &v, Some(EffectKind::Reroll))), [(VocabKind::Die, 0)]);
        assert_eq!(
            refs(&noun("[Hit]/[Critical Hit] results", &v, Some(EffectKind::Change))),
            [(VocabKind::Result, 0), (VocabKind::Result, 1)]
        );
        assert_eq!(refs(&noun("[Focus]", &v, Some(EffectKind::Perform))), [(VocabKind::Action, 0)]);
        assert_eq!(refs(&noun("[Focus] result", &v, None)), [(VocabKind::Result, 2)]);
        assert!(noun("damage card", &v, Some(EffectKind::Dealt)).refs.is_empty());
    }

    #[test]
    fn subjects_amounts_durations() {
        let p = |t: &str| Piece { text: t.into(), span: crate::ast::Span::new(0, 0) };
        let s = subject(Some(&p("a friendly ship at range 0-3")));
        assert_eq!((s.person, s.side, s.range), (Person::A, Side::Friendly, Some((0, 3))));
        let s = subject(Some(&p("another friendly ship at range 1")));
        assert_eq!((s.person, s.side, s.range), (Person::Another, Side::Friendly, Some((1, 1))));
        assert_eq!(subject(Some(&p("the defender"))).person, Person::Defender);
        assert_eq!(subject(Some(&p("it"))).person, Person::That);
        assert_eq!(subject(None), Subject::YOU);
        assert_eq!(amount("up to 2"), Some(Amount::UpTo(2)));
        assert_eq!(amount("an"), Some(Amount::Exactly(1)));
        let v = vocab();
        let d = duration(&p("until the end of the Engagement Phase"), &v);
        assert_eq!((d.until_end_of, d.this_round), (Some(0), false));
        assert!(duration(&p("this round"), &v).this_round);
    }

    #[test]
    fn shapes_group_opaque_clauses() {
        assert_eq!(shape("Assign 2 stress tokens to it"), "assign N stress");
        assert_eq!(shape("flip this card."), "flip this card");
    }
}
