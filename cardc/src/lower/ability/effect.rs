//! Effects: what a clause does (gain, spend, roll…), its amount and noun; a clause's
//! subject, qualifier (`may`, `must`, `cannot`) and duration.

use std::borrow::Cow;

use cards_runtime::ability::{
    Amount, Duration, During, Effect as RtEffect, EffectKind, Facing, Mark, Noun, Person, Proviso, Qualifier, Side,
    Subject, VocabRef,
};
use cards_runtime::model::{VocabKind, Vocabulary};

use super::noun::{amount, noun, phase, possessor, COLORS};
use super::pronoun::AFTER_HEAD;
use super::{first_of, squash};
use crate::ast::Span;
use crate::text::{Effect, Piece};

pub(super) fn effect(e: &Effect, vocab: &Vocabulary) -> RtEffect {
    // `reveal a red maneuver`: an article the grammar left in the noun is its amount.
    let mut article = None;
    let stripped;
    let e = match &e.noun {
        Some(n) if e.amount.is_none() && e.kind != EffectKind::Lock => {
            let lower = n.text.to_lowercase();
            match ["a ", "an "].iter().find(|a| lower.starts_with(**a)) {
                Some(a) => {
                    article = Some(Amount::Exactly(1));
                    let text = n.text[a.len()..].trim_start().to_string();
                    let start = n.span.end as usize - text.len();
                    stripped =
                        Effect { noun: Some(Piece { text, span: Span::new(start, n.span.end as usize) }), ..e.clone() };
                    &stripped
                }
                None => e,
            }
        }
        _ => e,
    };
    // `look at the defender's facedown damage cards`: the cards are the defender's, and
    // facedown is how they lie.
    let owned;
    let e = match e.noun.as_ref().filter(|_| e.facing.is_none() && e.from.is_none()).and_then(owned_facing) {
        Some((owner, facing, what)) => {
            owned = Effect { noun: Some(what), facing: Some(facing), from: Some(owner), ..e.clone() };
            &owned
        }
        None => e,
    };
    // `that ships initiative`: a possessive printed without its apostrophe (`that` never
    // counts ships).
    let mended;
    let e = match e.noun.as_ref().filter(|n| n.text.to_lowercase().starts_with("that ships ")) {
        Some(n) => {
            let text = format!("that ship's {}", &n.text["that ships ".len()..]);
            mended = Effect { noun: Some(Piece { text, span: n.span }), ..e.clone() };
            &mended
        }
        None => e,
    };
    let kind = Some(e.kind);
    // `perform a [Barrel Roll] action`: what is performed is the bracketed action; `perform
    // an attack` names no action of the game.
    let object = match (&e.action, &e.noun) {
        (Some(a), _) if e.kind == EffectKind::Perform => Some(noun(&a.text, vocab, kind)),
        (_, Some(n)) if e.kind == EffectKind::Perform => {
            let n = noun(&n.text, vocab, kind);
            let keep: Vec<bool> = n.refs.iter().map(|r| r.kind == VocabKind::Action).collect();
            let actions: Vec<VocabRef> = n.refs.iter().zip(&keep).filter(|(_, k)| **k).map(|(r, _)| *r).collect();
            let marks: Vec<Mark> = n.marks.iter().zip(&keep).filter(|(_, k)| **k).map(|(m, _)| m.clone()).collect();
            let choice = n.choice && actions.len() > 1;
            Some(Noun { refs: actions.into(), marks: marks.into(), choice, ..n })
        }
        (_, Some(n)) => Some(noun(&n.text, vocab, kind)),
        (Some(a), None) => Some(noun(&a.text, vocab, kind)),
        (None, None) => None,
    };
    let valued = matches!(e.kind, EffectKind::Reduce | EffectKind::Increase | EffectKind::Set | EffectKind::Rotate)
        && e.target.as_ref().is_some_and(|t| {
            let lower = t.text.to_lowercase();
            !lower.split(|c: char| !c.is_alphanumeric()).any(|w| matches!(w, "ship" | "ships" | "it" | "that" | "you"))
        });
    // `execute a red maneuver`: the colour of what names no entry is the effect's.
    let mut color = e.color.as_ref().map(|c| Cow::Owned(c.text.to_lowercase()));
    let object = object.map(|mut n| {
        // Only an action's or a maneuver's: a red token is a kind of token.
        let lower = n.text.to_lowercase();
        // `a white action on your action bar`: the head says what is coloured.
        let end = first_of(&lower, &AFTER_HEAD).unwrap_or(lower.len());
        let colored = ["action", "actions", "maneuver", "maneuvers"].iter().any(|w| lower[..end].ends_with(w));
        if n.refs.is_empty() && color.is_none() && colored {
            // `a red maneuver`; `a red or blue maneuver` is a choice of colours (`red|blue`).
            let words: Vec<&str> = lower.split_whitespace().collect();
            let mut colors = Vec::new();
            let mut k = 0;
            let is_color = |w: &str| COLORS.contains(&w.strip_prefix("non-").unwrap_or(w));
            while k < words.len() && is_color(words[k]) {
                colors.push(words[k]);
                k += 1;
                if words.get(k).is_some_and(|w| *w == "or") && words.get(k + 1).is_some_and(|w| is_color(w)) {
                    k += 1;
                }
            }
            if !colors.is_empty() && k < words.len() {
                color = Some(Cow::Owned(colors.join("|")));
                n.text = n.text.split_whitespace().skip(k).collect::<Vec<_>>().join(" ").into();
            }
        }
        if n.refs.is_empty() && color.is_none() {
            color = inner_colour(&mut n).map(Cow::Owned);
        }
        n
    });
    // `change 1 of the defender's [Evade] results`: the results are taken from the defender.
    let owner = match (&object, &e.noun) {
        (Some(o), Some(n)) if !o.refs.is_empty() => {
            // `spend another friendly ship's lock`: the grammar read `another` as the amount.
            let another = e.amount.as_ref().is_some_and(|a| a.text.eq_ignore_ascii_case("another"));
            let words = if another { format!("another {}", n.text) } else { n.text.clone() };
            possessor(&words).filter(|p| p != "you").map(|p| subject(Some(&Piece::bare(&p))))
        }
        // `that ship's dial`: the ship named before owns it, whatever it is.
        (Some(_), Some(n)) if n.text.to_lowercase().starts_with("that ship's ") => {
            Some(subject(Some(&Piece::bare("that ship"))))
        }
        // `look at its dial`: the ship named before (`it`) owns it. (`its speed`, `its
        // difficulty` are a maneuver's.)
        (Some(o), Some(n)) if o.refs.is_empty() && n.text.to_lowercase().starts_with("its dial") => {
            Some(subject(Some(&Piece::bare("it"))))
        }
        _ => None,
    };
    // `choose another friendly ship`: one ship, other than you; `perform another action`:
    // an action other than the one performed; `repair another faceup Ship damage card`: a
    // thing named by its words, other than the one named before.
    let words_only = object.as_ref().is_some_and(|o| o.refs.is_empty());
    let another = (matches!(e.kind, EffectKind::Choose | EffectKind::Perform) || words_only)
        && e.amount.as_ref().is_some_and(|a| a.text.eq_ignore_ascii_case("another"));
    let object = match object {
        Some(n) if another => Some(Noun { text: format!("another {}", n.text).into(), ..n }),
        o => o,
    };
    // Whether the object names entries, all of one kind.
    let all_of =
        |k: VocabKind| object.as_ref().is_some_and(|o| !o.refs.is_empty() && o.refs.iter().all(|r| r.kind == k));
    // `your carrier ship gains [Coordinate]`: no token and no amount, so the action itself.
    let gains_action = e.kind == EffectKind::Gain
        && e.amount.is_none()
        && article.is_none()
        && e.noun.as_ref().is_some_and(|n| n.text.trim_start().starts_with('['))
        && all_of(VocabKind::Action);
    let spent_from = e.kind == EffectKind::Spend && all_of(VocabKind::Resource);
    // `spend your lock on the defender`: the ship a token is on is what it is spent on. A
    // token another ship owns is taken from that ship (`another friendly ship's lock on the
    // defender` is from it, as the gold's judgement calls say).
    let tokens = all_of(VocabKind::Token);
    let held_on = e
        .noun
        .as_ref()
        .filter(|_| e.kind == EffectKind::Spend && e.target.is_none() && e.from.is_none() && owner.is_none() && tokens)
        .and_then(|n| n.text.to_lowercase().find(" on ").and_then(|at| n.text.get(at + " on ".len()..)))
        .map(|w| subject(Some(&Piece::bare(w))))
        // `the enemy ship`: in an attack, the other ship in it (words the game reads).
        .filter(|s| !super::says_more(s) || s.text.eq_ignore_ascii_case("the enemy ship"));
    // `perform a [Calculate] or [Focus] action on its action bar`: which actions it may be
    // is held apart from the entries named.
    let on_bar = (e.kind == EffectKind::Perform && object.as_ref().is_some_and(|o| !o.refs.is_empty()))
        .then(|| {
            let lower = object.as_ref()?.text.to_lowercase();
            ["your", "its", "their"].into_iter().find(|w| lower.contains(&format!(" on {w} action bar")))
        })
        .flatten()
        .map(|whose| Proviso::On(Noun::new(format!("{whose} action bar"), Vec::new())));
    // `Replace your ship ability with the following:`: by the text printed after.
    let following = e.kind == EffectKind::Replace
        && squash(&e.piece.text).to_lowercase().trim_end_matches([':', ' ']).ends_with(" with the following");
    // `reroll a number of attack dice up to the number of friendly locks`: the article
    // counts no thing; how many is in the words, which the model does not hold.
    let a_number =
        object.as_ref().is_some_and(|n| n.text.get(..10).is_some_and(|w| w.eq_ignore_ascii_case("number of ")));
    RtEffect {
        kind: if gains_action { EffectKind::AddAction } else { e.kind },
        text: squash(&e.piece.text).into(),
        amount: e
            .amount
            .as_ref()
            .filter(|_| e.kind != EffectKind::Lock && !a_number)
            .and_then(|a| amount(&a.text))
            .or(article.filter(|_| !a_number))
            .or((another && e.kind == EffectKind::Choose).then_some(Amount::Exactly(1))),
        noun: object,
        // `set your dial to another non-red maneuver`: what it becomes keeps its colour.
        to: e.to.as_ref().or(e.target.as_ref().filter(|_| valued)).map(|n| {
            let mut to = noun(&n.text, vocab, kind);
            if let Some(c) = to.refs.is_empty().then(|| inner_colour(&mut to)).flatten() {
                to.marks = vec![Mark { color: Some(c.into()), speed: None }].into();
            }
            to
        }),
        color,
        fully: e.fully,
        facing: e.facing.as_ref().map(|f| {
            if f.text.eq_ignore_ascii_case("faceup") {
                Facing::Faceup
            } else {
                Facing::Facedown
            }
        }),
        // `reduce its speed to 1`, `rotate … to your [Rear Arc]`: a value, not a ship;
        // `spend 1 [Charge] on an equipped upgrade`: a resource is spent from what it is on
        // (a lock you have on a ship is spent with that ship its target).
        target: e.target.as_ref().filter(|_| !valued && !spent_from).map(|t| subject(Some(t))).or(held_on),
        // `has your pilot ability`: the grammar's only other owner is `your`.
        from: e
            .from
            .as_ref()
            .or(e.target.as_ref().filter(|_| spent_from))
            .map(|t| subject(Some(t)))
            .or(owner)
            .or((e.kind == EffectKind::HaveAbility).then_some(Subject::YOU)),
        passive: e.passive,
        negated: e.negated,
        provisos: on_bar
            .into_iter()
            .chain(e.only.then_some(Proviso::Only))
            .chain(following.then_some(Proviso::WithTheFollowing))
            .collect(),
    }
}

/// The colour printed inside words that name no entry, right before the action or maneuver
/// it colours (`the difficulty of its red maneuvers`, `another non-red maneuver of the same
/// speed`): taken out of the words; `red or blue` is a choice (`red|blue`).
fn inner_colour(n: &mut Noun) -> Option<String> {
    let words: Vec<&str> = n.text.split_whitespace().collect();
    let lower: Vec<String> = words.iter().map(|w| w.to_lowercase()).collect();
    let is_color = |w: &str| COLORS.contains(&w.strip_prefix("non-").unwrap_or(w));
    let head = |w: &str| matches!(w, "action" | "actions" | "maneuver" | "maneuvers");
    let start = lower.iter().position(|w| is_color(w))?;
    let mut colors = vec![lower[start].clone()];
    let mut k = start + 1;
    while lower.get(k).is_some_and(|w| w == "or") && lower.get(k + 1).is_some_and(|w| is_color(w)) {
        colors.push(lower[k + 1].clone());
        k += 2;
    }
    if !lower.get(k).is_some_and(|w| head(w)) {
        return None;
    }
    n.text = [&words[..start], &words[k..]].concat().join(" ").into();
    Some(colors.join("|"))
}

/// A noun that opens with a ship's possessive and a facing (`the defender's facedown
/// damage cards`): the owner, the facing and the rest, each with its span.
fn owned_facing(n: &Piece) -> Option<(Piece, Piece, Piece)> {
    let lower = n.text.to_lowercase();
    let at = ["'s faceup ", "'s facedown ", "’s faceup ", "’s facedown "].iter().find_map(|w| lower.find(w))?;
    let owner = &n.text[..at];
    let start = n.span.start as usize;
    let facing_at = at + n.text[at..].find(' ')? + 1;
    let rest_at = facing_at + n.text[facing_at..].find(' ')? + 1;
    let piece =
        |a: usize, b: usize| Piece { text: n.text[a..b].trim().to_string(), span: Span::new(start + a, start + b) };
    possessor(&n.text).filter(|_| !owner.is_empty())?;
    Some((piece(0, at), piece(facing_at, rest_at - 1), piece(rest_at, n.text.len())))
}

/// `you`, `a friendly ship at range 0-3`, `each other enemy ship`.
pub fn subject(piece: Option<&Piece>) -> Subject {
    let Some(piece) = piece else { return Subject::YOU };
    let text = squash(&piece.text);
    let lower = super::lowercase(&text);
    let words: Vec<&str> = lower.split_whitespace().collect();
    let has = |w: &str| words.contains(&w);
    let plural = !matches!(words.first().copied(), Some("a" | "an" | "another" | "the" | "that" | "this" | "up"))
        && words.iter().any(|w| matches!(*w, "ships" | "wingmates" | "units"));
    let person = match words.first().copied() {
        // `Each must be placed using a different template`: each of the things named
        // before (the bombs dropped), no ship.
        Some("each") if words.len() == 1 => Person::Thing,
        Some("your") if plural => Person::Each,
        // `your carrier ship`: a ship of yours, not you.
        Some("your") if words.len() > 2 && words.last().is_some_and(|w| *w == "ship") => Person::A,
        Some("you" | "your" | "yourself") => Person::You,
        Some("this") if has("ship") => Person::You,
        Some("this") if has("card") => Person::Thing,
        // `that device`: a bomb, mine or remote named before is not a ship.
        Some("that" | "the" | "this") if words.last().is_some_and(|w| matches!(*w, "device" | "devices")) => {
            Person::Thing
        }
        // `that many other objects`: a count, not one named before.
        Some("that") if words.get(1) == Some(&"many") => Person::A,
        _ if plural && (has("other") || has("another")) => Person::EachOther,
        _ if plural => Person::Each,
        Some("it" | "they" | "that" | "those" | "these") => Person::That,
        Some("the" | "each") if has("chosen") || has("chose") => Person::That,
        // `the ship you coordinated`, `the ship you locked`: one named before.
        // `the object you locked` may be no ship: not one the ability named.
        Some("the") if has("you") && !has("object") => Person::That,
        Some("the") if words.len() == 2 && has("ship") => Person::That,
        Some("the") if has("attacker") => Person::Attacker,
        Some("the") if has("defender") => Person::Defender,
        Some("each" | "all" | "every") if has("other") => Person::EachOther,
        _ if has("another") || has("other") => Person::Another,
        Some("each" | "all" | "every") => Person::Each,
        _ => Person::A,
    };
    let side = if has("friendly") || has("frendly") || has("friendy") {
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
        ["cannot" | "cannont" | "can't", ..] => Qualifier::Cannot,
        [_, "not", ..] => Qualifier::Cannot,
        ["may" | "camy", ..] | ["choose", ..] => Qualifier::May,
        ["must", ..] => Qualifier::Must,
        ["can", ..] => Qualifier::Can,
        _ => Qualifier::None,
    }
}

pub(super) fn duration(piece: &Piece, vocab: &Vocabulary) -> Duration {
    let text = squash(&piece.text);
    // `during that maneuver`: as long as the thing named lasts.
    let text = match text.get(..7) {
        Some(w) if w.eq_ignore_ascii_case("during ") => {
            let rest = text[7..].to_string();
            // `during this End Phase` names a phase; `during your activation` does not.
            let named = rest.split_once(' ').map_or(rest.as_str(), |(_, r)| r);
            let phase = phase(named, vocab).filter(|_| rest.to_lowercase().ends_with(" phase"));
            let during = During::from_words(&rest).filter(|_| phase.is_none());
            return Duration { until_end_of: phase, text: rest.into(), this_round: false, during };
        }
        _ => text,
    };
    let lower = text.to_lowercase();
    let rest = lower.strip_prefix("until the end of ").map(|_| &text["until the end of ".len()..]);
    let this_round = lower == "this round" || rest.is_some_and(|r| r.eq_ignore_ascii_case("the round"));
    let until_end_of = rest.and_then(|r| phase(r, vocab));
    // `this phase`, `until the end of that phase`, `this activation`.
    let during = match (this_round, until_end_of) {
        (false, None) => During::from_words(rest.unwrap_or(&text)),
        _ => None,
    };
    Duration { text: text.into(), until_end_of, this_round, during }
}
