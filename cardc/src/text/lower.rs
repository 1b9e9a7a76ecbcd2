//! Frames → the runtime's [`Ability`] model: words become kinds, amounts become numbers,
//! and nouns resolve against the game's vocabulary (`[Charge]` is resource `charge`,
//! `focus tokens` is token `focus`).

use std::borrow::Cow;

use cards_runtime::ability::{
    Ability, Amount, Clause as RtClause, CmpOp, CondKind, Condition, Count, Duration, Effect as RtEffect, EffectKind,
    Facing, Frequency, Mark, Noun, Person, Qualifier, Replacement as RtReplacement, Side, SourceSpan, Step as RtStep,
    Subject, Test, Than, Timing as RtTiming, VocabRef, When, Which, Within,
};
use cards_runtime::model::{Entry, List, VocabKind, Vocabulary};

use super::{Clause, Cond, Effect, Frame, Piece};
use crate::ast::Span;

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

/// Words before a noun that say whose or which, not what.
const DETERMINERS: [&str; 20] = [
    "1 of",
    // `treat it as being in your [Bullseye Arc]`: what it is treated as.
    "being",
    // `flip that many of your Offline upgrade cards`: how many, said by a cost before.
    "that many of",
    "that many",
    "all of",
    "any of",
    "each of",
    "of",
    "your",
    "its",
    "their",
    "that",
    "those",
    "these",
    "the",
    "another ship's",
    "that ship's",
    "this card's",
    "this card’s",
    "your ship's",
];

/// Words before a noun's head that say which, not what: `1 recurring charge` is a charge,
/// `1 additional calculate token` a calculate token.
const ADJECTIVES: [&str; 3] = ["recurring", "active", "additional"];

/// The words that may follow a bracketed name as its head: its kind (`[Hit] results`,
/// `[Focus] tokens`, `[Straight] maneuver`). Any other head (`[Single Turret Arc]
/// indicator`, `[Device] slot`, `[Front Arc] primary attack`) is a thing of its own that
/// only mentions the name.
const BRACKET_HEADS: [&str; 16] = [
    "token",
    "tokens",
    "result",
    "results",
    "action",
    "actions",
    "die",
    "dice",
    "attack die",
    "attack dice",
    "upgrade",
    "upgrades",
    "maneuver",
    "maneuvers",
    "card",
    "cards",
];

/// Whether a bracketed noun is about its names: nothing but a kind word (and where-phrases)
/// follows the last bracket, and no `of` before the first makes another word its head
/// (`the difficulty of your [Bank Left] maneuvers`, `the arc requirement of your [Front
/// Arc] primary attack`). Slots are what `add` adds: `[Crew] slot` is the upgrade type then.
fn names_its_brackets(text: &str, effect: Option<EffectKind>) -> bool {
    let lower = text.to_lowercase();
    let (Some(first), Some(last)) = (lower.find('['), lower.rfind(']')) else { return true };
    let before = &lower[..first];
    let after = &lower[last + 1..];
    // `[Focus] action on its action bar`: where it is printed does not change what it is.
    let head = [" on ", " at ", " in ", " from ", " with ", " that ", " beyond "]
        .iter()
        .filter_map(|w| after.find(w))
        .min()
        .map_or(after, |i| &after[..i]);
    let head = head.trim_matches(|c: char| !c.is_alphanumeric());
    let slot = effect == Some(EffectKind::AddSlot) && matches!(head, "slot" | "slots");
    let of = before.split(|c: char| !c.is_alphanumeric()).any(|w| w == "of");
    !of && (head.is_empty() || slot || BRACKET_HEADS.contains(&head))
}

/// The plain words of a list with bracketed items (`blank or [Focus] results`): each
/// resolved in `kinds`, with where it starts. The list's kind word ends the last item.
fn plain_items(text: &str, kinds: &[VocabKind], vocab: &Vocabulary) -> Vec<(usize, VocabRef)> {
    let mut out = Vec::new();
    let mut depth = 0i32;
    let mut start = 0;
    let mut items = Vec::new();
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < text.len() {
        match bytes[i] {
            b'[' => depth += 1,
            b']' => depth -= 1,
            b',' | b'/' if depth == 0 => {
                items.push((start, &text[start..i]));
                start = i + 1;
            }
            b' ' if depth == 0 => {
                let rest = &text[i..];
                if let Some(w) = [" or ", " and "].iter().find(|w| rest.starts_with(**w)) {
                    items.push((start, &text[start..i]));
                    start = i + w.len();
                    i = start;
                    continue;
                }
            }
            _ => {}
        }
        i += 1;
    }
    items.push((start, &text[start..]));
    for (at, item) in items {
        let trimmed = item.trim();
        let trimmed = trimmed.strip_prefix("or ").or_else(|| trimmed.strip_prefix("and ")).unwrap_or(trimmed);
        if trimmed.is_empty() || trimmed.contains('[') {
            continue;
        }
        let words: Vec<&str> = trimmed.split_whitespace().collect();
        let name = match suffix_kind(&words) {
            Some(_) if words.len() > 1 => words[..words.len() - 1].join(" "),
            Some(_) => continue,
            None => trimmed.to_string(),
        };
        if let Some(r) = lookup(&name, kinds, vocab) {
            out.push((at + item.find(trimmed).unwrap_or(0), r));
        }
    }
    out
}

/// The words before `ship's` that say which ship owns something: `another friendly ship's`.
const SHIP_OWNER: [&str; 10] = ["another", "each", "the", "that", "a", "an", "other", "friendly", "enemy", "chosen"];

/// The colours an action or maneuver is printed in.
const COLORS: [&str; 4] = ["white", "red", "purple", "blue"];

/// Looks up one plain name (`focus`, `evade tokens`) in `kinds`, plural or not.
fn lookup(name: &str, kinds: &[VocabKind], vocab: &Vocabulary) -> Option<VocabRef> {
    let name = name.trim_matches(|c: char| !c.is_alphanumeric());
    let singular = name.strip_suffix('s').unwrap_or(name);
    kinds.iter().find_map(|k| {
        let entries = k.entries(vocab);
        find(entries, name).or_else(|| find(entries, singular)).map(|i| VocabRef { kind: *k, index: i })
    })
}

/// The words of a text outside its brackets, lowercased: `a ship in your ` for `a ship in
/// your [Single Turret Arc]`.
fn outside_brackets(text: &str) -> String {
    let mut depth = 0i32;
    let mut outside = String::new();
    for c in text.chars() {
        match c {
            '[' => depth += 1,
            ']' => depth -= 1,
            c if depth == 0 => outside.push(c),
            _ => {}
        }
    }
    outside.to_lowercase()
}

/// Whether a noun's items are a choice of one: `or` joins them (outside brackets).
fn is_choice(text: &str) -> bool {
    outside_brackets(text).split(|c: char| !c.is_alphanumeric()).any(|w| w == "or")
}

/// What is printed right before each bracket: a colour and, for a maneuver, a speed. A
/// colour printed before the first item of a list and no other applies to every item.
fn marks(text: &str, refs: &[VocabRef], starts: &[usize]) -> Vec<Mark> {
    let mut out: Vec<Mark> = Vec::new();
    let mut from = 0;
    for (r, &at) in refs.iter().zip(starts) {
        let before = &text[from..at.saturating_sub(1).max(from)];
        let words: Vec<String> = before
            .split(|c: char| c.is_whitespace() || c == ',' || c == '/')
            .filter(|w| !w.is_empty())
            .map(str::to_lowercase)
            .collect();
        let tail: Vec<&str> = words.iter().rev().take(2).map(String::as_str).collect();
        // `a white stationary maneuver [Stationary]`: the first item's colour may stand before
        // the words its bracket repeats.
        let first = out.is_empty().then(|| words.iter().map(String::as_str).find(|w| COLORS.contains(w))).flatten();
        let color = tail.iter().copied().find(|w| COLORS.contains(w)).or(first).map(|c| Cow::Owned(c.to_string()));
        let speed = (r.kind == VocabKind::Maneuver).then(|| tail.first().and_then(|w| w.parse::<u8>().ok())).flatten();
        out.push(Mark { color, speed });
        from = text[at..].find(']').map_or(text.len(), |e| at + e + 1);
    }
    let colored = out.iter().filter(|m| m.color.is_some()).count();
    if colored == 1 && out.first().is_some_and(|m| m.color.is_some()) {
        let c = out[0].color.clone();
        out.iter_mut().for_each(|m| m.color.clone_from(&c));
    }
    if out.iter().all(|m| *m == Mark::default()) {
        out.clear();
    }
    out
}

/// The maneuvers of a list at each speed of a range printed before them (`a speed 1-2 turn
/// ([Turn Left] or [Turn Right]) or speed 1-2 Koiogran Turn ([Koiogran Turn]) maneuver`): a
/// range applies to the items after it, up to the next. `None` when no range is printed.
fn at_each_speed(
    text: &str,
    refs: &[VocabRef],
    starts: &[usize],
    marks: &[Mark],
) -> Option<(Vec<VocabRef>, Vec<Mark>)> {
    let mut range: Option<(u8, u8)> = None;
    let mut from = 0;
    let (mut out_refs, mut out_marks) = (Vec::new(), Vec::new());
    let mut any = false;
    for (i, (r, &at)) in refs.iter().zip(starts).enumerate() {
        let before = text[from..at.max(from)].to_lowercase();
        let words: Vec<&str> = before.split_whitespace().collect();
        if let Some(k) = words.iter().position(|w| *w == "speed") {
            range = words.get(k + 1).and_then(|w| {
                let (a, b) = w.split_once('-')?;
                Some((a.parse().ok()?, b.parse().ok()?))
            });
        }
        from = text[at..].find(']').map_or(text.len(), |e| at + e + 1);
        let mark = marks.get(i).cloned().unwrap_or_default();
        match range.filter(|(a, b)| r.kind == VocabKind::Maneuver && a < b && mark.speed.is_none()) {
            Some((a, b)) => {
                any = true;
                for speed in a..=b {
                    out_refs.push(*r);
                    out_marks.push(Mark { speed: Some(speed), ..mark.clone() });
                }
            }
            None => {
                out_refs.push(*r);
                out_marks.push(mark);
            }
        }
    }
    any.then_some((out_refs, out_marks))
}

/// Resolves a noun against the vocabulary. Bracketed names are looked up by display name;
/// without brackets, the words (less a trailing `token`, `result`…, and a plural `s`) are,
/// whole or, for a list (`deplete or strain token`), item by item.
pub fn noun(text: &str, vocab: &Vocabulary, effect: Option<EffectKind>) -> Noun {
    // `1 of your focus tokens`, `all of its [Charge]`: whose is not what.
    let mut text = text.trim();
    // Where a ship's possessive starts: kept in the words of a noun that names no entry
    // (`the attacker's results`); an entry's owner is where it is taken from instead.
    let mut whose = None;
    loop {
        let lower = text.to_lowercase();
        // `the defender's facedown damage cards`: whose is not what.
        let first = lower.split_whitespace().next().unwrap_or("");
        // `another friendly ship's lock`: the owner may take a few words.
        let owner = lower
            .split_whitespace()
            .position(|w| !SHIP_OWNER.contains(&w))
            .filter(|&i| i > 0 && lower.split_whitespace().nth(i).is_some_and(|w| w == "ship's" || w == "ship’s"))
            .map(|i| lower.split_whitespace().take(i + 1).map(str::len).sum::<usize>() + i);
        let first = owner.map_or(first, |len| &lower[..len]);
        let possessive = (first.ends_with("'s") || first.ends_with("’s")) && lower.len() > first.len();
        let w =
            DETERMINERS.iter().find(|w| lower.starts_with(**w) && lower[w.len()..].starts_with(' ')).map(|w| w.len());
        // `that ship's dice`: a ship named before owns them, nothing to keep.
        let role = !first.starts_with("ship");
        if w.is_none() && possessive && role {
            whose = Some(text);
        }
        let Some(len) = w.or(possessive.then_some(first.len())) else { break };
        text = text[len..].trim_start();
    }
    // What it is is said before its where-phrases: `lock on the defender` is a lock, `cargo
    // crate drift in your [Rear Arc]` no arc.
    let whole = text;
    let lower = text.to_ascii_lowercase();
    let text = &text[..AFTER_HEAD.iter().filter_map(|w| lower.find(w)).min().unwrap_or(text.len())];
    let words: Vec<&str> = text.split_whitespace().collect();
    // `a ship in your [Single Turret Arc]`, `an object in your [Front Arc]`: a ship, not the
    // arc its words name.
    let thing = outside_brackets(text)
        .split(|c: char| !c.is_alphanumeric())
        .any(|w| matches!(w, "ship" | "ships" | "object" | "objects" | "card" | "cards"));
    let hint = suffix_kind(&words);
    let kinds = match hint {
        Some(k) => vec![k],
        None => kinds_for(effect),
    };
    let mut refs = Vec::new();
    let mut starts = Vec::new();
    let names: Vec<(usize, &str)> = brackets(text).collect();
    let damage = words.last().is_some_and(|w| w.eq_ignore_ascii_case("damage")) || thing;
    // A plain word is not an upgrade type (`a device` is the device, not `[Device]`), nor
    // a die unless it says so (`declare an attack` is the attack, not the attack die).
    let kinds: Vec<VocabKind> = match hint {
        Some(_) => kinds,
        // `perform a boost using the 1 [Straight] template (This is not an action)`: a boost
        // that is not called an action is not the [Boost] action.
        None if names.is_empty() && effect == Some(EffectKind::Perform) => {
            kinds.into_iter().filter(|k| !matches!(k, VocabKind::Icon | VocabKind::Die | VocabKind::Action)).collect()
        }
        None if names.is_empty() => {
            kinds.into_iter().filter(|k| !matches!(k, VocabKind::Icon | VocabKind::Die)).collect()
        }
        None => kinds,
    };
    if damage || !names_its_brackets(text, effect) {
        // `1 [Critical Hit] damage`: damage, not the result; `[Device] slot`: a slot.
    } else if names.is_empty() {
        let mut plain: Vec<&str> = words.clone();
        if hint.is_some() && plain.len() > 1 {
            plain.pop();
        }
        // `1 recurring charge`: a charge.
        while plain.len() > 1 && ADJECTIVES.contains(&plain[0].to_lowercase().as_str()) {
            plain.remove(0);
        }
        let plain = plain.join(" ");
        if let Some(r) = lookup(&plain, &kinds, vocab) {
            refs.push(r);
        } else if hint.is_none() && (plain.contains(',') || plain.contains(" or ")) {
            // `focus tokens, evade tokens, or locks`: each item names its own entry.
            let items: Vec<&str> = plain
                .split(',')
                .flat_map(|p| p.split(" or "))
                .map(|p| p.trim().trim_start_matches("or ").trim_start_matches("and ").trim())
                .filter(|p| !p.is_empty())
                .collect();
            let found: Vec<Option<VocabRef>> = items
                .iter()
                .map(|i| {
                    let ws: Vec<&str> = i.split_whitespace().collect();
                    match suffix_kind(&ws) {
                        Some(k) if ws.len() > 1 => lookup(&ws[..ws.len() - 1].join(" "), &[k], vocab),
                        _ => lookup(i, &kinds, vocab),
                    }
                })
                .collect();
            if items.len() > 1 && found.iter().all(Option::is_some) {
                refs.extend(found.into_iter().flatten());
            }
        } else if hint.is_some() {
            // `deplete or strain token`, `focus, evade, or calculate tokens`.
            let items: Vec<&str> = plain
                .split([',', '/'])
                .flat_map(|p| p.split(" or "))
                .flat_map(|p| p.split(" and "))
                .map(|p| p.trim().trim_start_matches("or ").trim_start_matches("and ").trim())
                .filter(|p| !p.is_empty())
                .collect();
            let found: Vec<Option<VocabRef>> = items.iter().map(|i| lookup(i, &kinds, vocab)).collect();
            if items.len() > 1 && found.iter().all(Option::is_some) {
                refs.extend(found.into_iter().flatten());
            }
        }
    } else {
        let lower = text.to_lowercase();
        for (at, name) in names {
            // `a non-stationary ([Stationary]) maneuver`: the bracket names what it is not.
            if lower.contains(&format!("non-{}", name.to_lowercase().replace(' ', "-"))) {
                continue;
            }
            if let Some(r) =
                kinds.iter().find_map(|k| find(k.entries(vocab), name).map(|i| VocabRef { kind: *k, index: i }))
            {
                refs.push(r);
                starts.push(at);
            }
        }
    }
    let mut marks = if starts.is_empty() { Vec::new() } else { marks(text, &refs, &starts) };
    // `a speed 1-2 turn ([Turn Left] or [Turn Right])`: each maneuver at each speed, one
    // of them.
    let mut speeds = false;
    if let Some((r, m)) = at_each_speed(text, &refs, &starts, &marks) {
        (refs, marks, speeds) = (r, m, true);
    }
    // `1 of your blank or [Focus] results`: a plain item of the list is an entry too.
    if hint.is_some() && !refs.is_empty() {
        let plain = plain_items(text, &kinds, vocab);
        if !plain.is_empty() {
            let mut items: Vec<(usize, VocabRef, Mark)> = starts
                .iter()
                .zip(&refs)
                .enumerate()
                .map(|(i, (&at, &r))| (at, r, marks.get(i).cloned().unwrap_or_default()))
                .collect();
            items.extend(plain.into_iter().map(|(at, r)| (at, r, Mark::default())));
            items.sort_by_key(|(at, _, _)| *at);
            refs = items.iter().map(|(_, r, _)| *r).collect();
            marks = if marks.is_empty() { Vec::new() } else { items.into_iter().map(|(_, _, m)| m).collect() };
        }
    }
    let choice = refs.len() > 1 && (speeds || is_choice(text));
    let shown = whose.filter(|_| refs.is_empty()).unwrap_or(whole);
    Noun { text: squash(shown).into(), refs: refs.into(), choice, marks: marks.into() }
}

/// Whose a noun says it is, when a ship's possessive opens it: `the defender` in `1 of the
/// defender's [Evade] results`, `another friendly ship` in `another friendly ship's lock`,
/// `you` in `your focus tokens`.
pub fn possessor(text: &str) -> Option<String> {
    let lower = squash(&text.to_lowercase());
    let rest = ["1 of ", "one of ", "all of ", "any of ", "each of ", "of "]
        .iter()
        .find_map(|p| lower.strip_prefix(p))
        .unwrap_or(&lower);
    if rest.starts_with("your ") {
        return Some("you".into());
    }
    let words: Vec<&str> = rest.split_whitespace().take(4).collect();
    let at = words.iter().position(|w| w.ends_with("'s") || w.ends_with("’s"))?;
    let owner = words[at].trim_end_matches("'s").trim_end_matches("’s");
    let ship = matches!(owner, "ship" | "defender" | "attacker");
    let plain = words[..at].iter().all(|w| !w.contains('['));
    (ship && plain).then(|| [&words[..at], &[owner]].concat().join(" "))
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
    // `the next Planning Phase`: a delayed trigger's phase; `each Ship Phase`: every one.
    let t = t.strip_prefix("next ").unwrap_or(t);
    let t = t.strip_prefix("each ").or_else(|| t.strip_prefix("Each ")).unwrap_or(t);
    // `the System Phasse`: a typo printed on a real card, read as `Phase`.
    let typo = t.strip_suffix(" Phasse").map(|p| format!("{p} Phase"));
    let t = typo.as_deref().unwrap_or(t);
    find(&vocab.phases, t).or_else(|| find(&vocab.phases, &format!("{t} phase")))
}

fn effect(e: &Effect, vocab: &Vocabulary) -> RtEffect {
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
        let end = AFTER_HEAD.iter().filter_map(|w| lower.find(w)).min().unwrap_or(lower.len());
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
        _ => None,
    };
    // `choose another friendly ship`: one ship, other than you; `perform another action`:
    // an action other than the one performed.
    let another = matches!(e.kind, EffectKind::Choose | EffectKind::Perform)
        && e.amount.as_ref().is_some_and(|a| a.text.eq_ignore_ascii_case("another"));
    let object = match object {
        Some(n) if another => Some(Noun { text: format!("another {}", n.text).into(), ..n }),
        o => o,
    };
    // `your carrier ship gains [Coordinate]`: no token and no amount, so the action itself.
    let gains_action = e.kind == EffectKind::Gain
        && e.amount.is_none()
        && article.is_none()
        && e.noun.as_ref().is_some_and(|n| n.text.trim_start().starts_with('['))
        && object.as_ref().is_some_and(|o| !o.refs.is_empty() && o.refs.iter().all(|r| r.kind == VocabKind::Action));
    RtEffect {
        kind: if gains_action { EffectKind::AddAction } else { e.kind },
        text: squash(&e.piece.text).into(),
        amount: e
            .amount
            .as_ref()
            .filter(|_| e.kind != EffectKind::Lock)
            .and_then(|a| amount(&a.text))
            .or(article)
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
        // `reduce its speed to 1`, `rotate … to your [Rear Arc]`: a value, not a ship.
        target: e.target.as_ref().filter(|_| !valued).map(|t| subject(Some(t))),
        from: e.from.as_ref().map(|t| subject(Some(t))).or(owner),
        passive: e.passive,
        negated: e.negated,
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
    let lower = text.to_lowercase();
    let words: Vec<&str> = lower.split_whitespace().collect();
    let has = |w: &str| words.contains(&w);
    let plural = !matches!(words.first().copied(), Some("a" | "an" | "another" | "the" | "that" | "this" | "up"))
        && words.iter().any(|w| matches!(*w, "ships" | "wingmates" | "units"));
    let person = match words.first().copied() {
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

fn duration(piece: &Piece, vocab: &Vocabulary) -> Duration {
    let text = squash(&piece.text);
    // `during that maneuver`: as long as the thing named lasts.
    let text = match text.get(..7) {
        Some(w) if w.eq_ignore_ascii_case("during ") => {
            let rest = text[7..].to_string();
            // `during this End Phase` names a phase; `during your activation` does not.
            let named = rest.split_once(' ').map_or(rest.as_str(), |(_, r)| r);
            let phase = phase(named, vocab).filter(|_| rest.to_lowercase().ends_with(" phase"));
            return Duration { until_end_of: phase, text: rest.into(), this_round: false };
        }
        _ => text,
    };
    let lower = text.to_lowercase();
    let rest = lower.strip_prefix("until the end of ").map(|_| &text["until the end of ".len()..]);
    let this_round = lower == "this round" || rest.is_some_and(|r| r.eq_ignore_ascii_case("the round"));
    let until_end_of = rest.and_then(|r| phase(r, vocab));
    Duration { text: text.into(), until_end_of, this_round }
}

/// The states a ship can be in, as a condition names them.
const STATES: [&str; 15] = [
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

/// The states the rules define by a token (a ship is focused while it has a focus token),
/// with the token each names.
const TOKEN_STATES: [(&str, &str); 5] = [
    ("focused", "focus token"),
    ("evading", "evade token"),
    ("calculating", "calculate token"),
    ("reinforced", "reinforce token"),
    ("disarmed", "disarm token"),
];

/// `you are focused`: the ship has 1 or more focus tokens; `is not focused`, none.
fn token_state(who: &str, rest: &str, not: bool, vocab: &Vocabulary) -> Option<Test> {
    let (_, token) = TOKEN_STATES.iter().find(|(state, _)| *state == rest)?;
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
    Some(Test::AtRange { who: subject_words("the defender"), range, of: subject_words("the attacker") })
}

/// A subject written in a condition's words.
fn subject_words(text: &str) -> Subject {
    let t = text.trim();
    match t.to_lowercase().as_str() {
        "your" | "yours" | "you" => Subject::YOU,
        "its" | "their" | "that ship's" | "it" | "they" => subject(Some(&Piece::bare("it"))),
        "the attacker's" | "the attacker" => subject(Some(&Piece::bare("the attacker"))),
        "the defender's" | "the defender" => subject(Some(&Piece::bare("the defender"))),
        _ => subject(Some(&Piece::bare(t.trim_end_matches("'s").trim_end_matches('’')))),
    }
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
            Noun { text: name.to_string().into(), refs: refs.into(), choice, marks: List::Borrowed(&[]) }
        }
        None => {
            Noun { text: name.to_string().into(), refs: List::Borrowed(&[]), choice: false, marks: List::Borrowed(&[]) }
        }
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
fn test(text: &str, vocab: &Vocabulary) -> Test {
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
        .or_else(|| revealed(lower))
        .or_else(|| revealed_vs(lower))
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
    if let Some((who, verb, rest)) = verbs.iter().find_map(|v| lower.split_once(v).map(|(a, b)| (a, *v, b))) {
        let not = verb.contains("not");
        let who_s = subject_words(who);
        // `the defender was a limited ship`: the ship's state.
        let rest = rest.strip_prefix("a ").and_then(|r| r.strip_suffix(" ship")).unwrap_or(rest);
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
        if let (Some(at), false, true) = (rest.strip_prefix("at range "), not, plain_subject(who)) {
            let (band, of) = at.split_once(" of ").unwrap_or((at, "you"));
            let (a, b) = band.split_once('-').unwrap_or((band, band));
            if let (Ok(a), Ok(b)) = (a.parse(), b.parse()) {
                return Test::AtRange { who: who_s, range: (a, b), of: subject_words(of) };
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
                let damage = head.starts_with("damage card")
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
    Test::Opaque
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
        let who = Subject { text: "".into(), person: Person::Thing, side: Side::Any, range: None };
        return Some(Test::Has { who, count: n, noun: dice, on: None });
    }
    let ships = what.split_whitespace().any(|w| matches!(w, "ship" | "ships" | "unit" | "units"));
    // `2 other friendly TIE/ln Fighters or another friendly ship …`: two counts.
    if !ships || what.contains(" or ") {
        return None;
    }
    let mut who = subject(Some(&Piece::bare(what)));
    // Where else they are (`at range 0 of that obstacle`, `in the attack arc`) is kept in
    // the subject's words.
    if [" in ", " with ", " of "].iter().any(|w| what.contains(w)) && !who.says_more() {
        return None;
    }
    who.person = match who.person {
        Person::Each | Person::A => Person::A,
        Person::EachOther | Person::Another => Person::Another,
        _ => return None,
    };
    Some(Test::Exists { count: n, who })
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
        Some(by) if !by.contains(" or ") && !by.contains(" and ") => {
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
    let clauses = super::event_clauses(&read);
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
    let events: Vec<RtClause> = clauses.iter().map(|c| event_clause(c, vocab)).collect();
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
                        .map(|state| Condition {
                            kind: CondKind::If,
                            text: text.clone().into(),
                            test: Test::State {
                                who: subject_words(who),
                                state: state.replace(' ', "-").into(),
                                not: true,
                            },
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
                Condition { kind: CondKind::If, text: part.into(), test }
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
    if !definite || !arc.ends_with(']') {
        return None;
    }
    let be = verb.trim_end_matches("in ");
    let texts = [format!("{who}{be}in {arc}"), format!("{who}{be}at range {band}")];
    let parts: Vec<Condition> = texts
        .into_iter()
        .map(|part| Condition { kind: CondKind::If, test: test(&part, vocab), text: part.into() })
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
    Condition { kind: c.kind, text: text.into(), test }
}

/// What `For each …` counts: `For each [Hit] result` is the result; `For each [Charge] you
/// spend` is the [Charge] (the relative clause says which, and stays in the words).
fn counted(text: &str, vocab: &Vocabulary) -> Noun {
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

/// Lowers one clause.
pub fn clause(c: &Clause, vocab: &Vocabulary) -> RtClause {
    let mut who = subject(c.subject.as_ref());
    // A passive clause is about a thing (`This card's [Charge]`, `that ship's dice`, `that
    // damage card`), not a ship, unless it names one.
    let lower = who.text.to_lowercase();
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
    // `cannot be canceled by [Evade] results`: an agent that is no ship is no target.
    if what.passive && c.effect.target.as_ref().is_some_and(|t| !names_a_ship(&t.text)) {
        what.target = None;
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
    // `execute it as a [Koiogran Turn] maneuver`: the maneuver executed is the one after `as`.
    if what.kind == EffectKind::Execute && what.noun.as_ref().is_some_and(is_pronoun) {
        let executed_as = c.modifiers.iter().find_map(|m| {
            let m = squash(m.text.trim_start_matches([',', ' ']));
            let lower = m.to_lowercase();
            let article = ["as a ", "as an "].iter().find(|a| lower.starts_with(**a))?;
            Some(m[article.len()..].to_string())
        });
        if let Some(x) = executed_as {
            what.amount = Some(Amount::Exactly(1));
            what.noun = Some(noun(&x, vocab, Some(what.kind)));
        }
    }
    RtClause {
        text: squash(&c.piece.text).into(),
        subject: who,
        qualifier: qualifier(c.qualifier.as_ref()),
        costs: c.costs.iter().map(|e| effect(e, vocab)).collect(),
        effect: what,
        duration: c.duration.as_ref().map(|d| duration(d, vocab)),
        modifiers: c.modifiers.iter().map(|m| Cow::Owned(squash(m.text.trim_start_matches([',', ' '])))).collect(),
        instead: c.instead,
        alternative: c.alternative,
    }
}

/// Lowers a timing clause; `None` for words that name no timing.
pub fn timing(t: &super::Timing, vocab: &Vocabulary) -> Option<RtTiming> {
    let when = When::from_words(&t.when)?;
    // `Before the Neutralize Results step`: a step of the game, not a ship's event; `After
    // this attack hits`: the attack's own step, not a ship's event either.
    if RtTiming::names_game_step(&t.what.text) || names_this_attack(&t.what.text) {
        return Some(RtTiming {
            when,
            what: squash(&t.what.text).into(),
            phase: None,
            event: None,
            or_events: List::Borrowed(&[]),
        });
    }
    let phase =
        matches!(when, When::StartOf | When::EndOf | When::During).then(|| phase(&t.what.text, vocab)).flatten();
    let event = t.event.as_ref().map(|c| event_clause(c, vocab));
    // `events` holds every clause of the event, the first being `event`.
    let or_events = t.events.iter().skip(usize::from(event.is_some())).map(|c| event_clause(c, vocab)).collect();
    Some(RtTiming { when, what: squash(&t.what.text).into(), phase, event, or_events })
}

/// Whether a timing's words are about the ability's own attack (`this attack hits`, `the
/// attack`) rather than an event of a ship.
fn names_this_attack(what: &str) -> bool {
    let what = what.trim().to_lowercase();
    ["this attack", "the attack"].iter().any(|a| what == *a || what.starts_with(&format!("{a} ")))
}

/// Lowers an event clause: a relative clause after its object says which, whatever its
/// length (`an attack that is obstructed by an obstacle`).
fn event_clause(c: &Clause, vocab: &Vocabulary) -> RtClause {
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
    Timing(Box<RtTiming>, Option<Condition>),
    /// A state rather than an event (`While you are stressed`): a condition of the ability.
    State(Condition),
    /// Words that name no timing.
    Nothing,
}

/// Lowers a timing that opens an ability: the lowering and the W0006 lint both ask this.
pub fn lead(t: &super::Timing, vocab: &Vocabulary) -> Lead {
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
        Some(test) => Lead::State(Condition { kind: CondKind::If, text: squash(&t.what.text).into(), test }),
        None => match timing(t, vocab) {
            Some(mut rt) => {
                let implied = attack_range(&mut rt).or_else(|| event_state(&mut rt));
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
    Some(Condition {
        kind: CondKind::If,
        text: format!("{} is {state}", who.text).into(),
        test: Test::State { who, state: state.into(), not: false },
    })
}

/// `you perform an attack at attack range 1`: the range is the defender's, a condition of
/// the ability rather than words of the attack.
fn attack_range(t: &mut RtTiming) -> Option<Condition> {
    let event = t.event.as_mut()?;
    // While you attack, the range is the defender's; while you defend, the attacker's.
    let other = match event.effect.kind {
        EffectKind::Perform | EffectKind::Attack => "the defender",
        EffectKind::Defend => "the attacker",
        _ => return None,
    };
    let find = |text: &str| {
        let lower = text.to_lowercase();
        let (at, len) = ["at attack range ", "at range "]
            .iter()
            .find_map(|w| lower.find(w).filter(|&i| i == 0 || lower[..i].ends_with(' ')).map(|i| (i, w.len())))?;
        let word = lower[at + len..].split_whitespace().next()?;
        let band = word.trim_end_matches([',', '.']).to_string();
        let (a, b) = band.split_once('-').unwrap_or((&band, &band));
        let range: (u8, u8) = (a.parse().ok()?, b.parse().ok()?);
        Some((at, band, range))
    };
    let (band, range) = if let Some((at, band, range)) = event.effect.noun.as_ref().and_then(|n| find(&n.text)) {
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
    Some(Condition {
        kind: CondKind::If,
        text: format!("{other} is at range {band}").into(),
        test: Test::AtRange { who, range, of: Subject::YOU },
    })
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
    match (&frame.header, first.conditions.is_empty(), first.clauses.as_slice()) {
        (Some(_), true, [c]) if c.costs.is_empty() && c.qualifier.is_none() && is_cost_kind(c.effect.kind) => {
            Some(&c.effect)
        }
        _ => None,
    }
}

/// Whether words name a ship (or ships): `the attacker`, `an enemy ship`, `it`.
fn names_a_ship(text: &str) -> bool {
    text.to_lowercase().split(|c: char| !c.is_alphanumeric()).any(|w| {
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
fn is_pronoun(n: &Noun) -> bool {
    matches!(n.text.to_lowercase().trim(), "it" | "them" | "card")
}

/// Where-phrases and relative phrases that follow a noun's head: `obstacle in the play
/// area`, `damage card with the Ship trait`.
const AFTER_HEAD: [&str; 7] = [" in ", " at range", " beyond ", " with ", " on ", " that ", " from "];

/// The head a pronoun stands for: its antecedent without where-phrases and without the
/// words before the head that only say which (colours, `non-lock`, a facing, a trait):
/// `it` after `a non-lock red or orange token` is the token, after `a faceup Ship damage
/// card` the damage card.
fn head(n: &Noun) -> Noun {
    if !n.refs.is_empty() {
        return n.clone();
    }
    let text = n.text.as_ref();
    let lower = text.to_lowercase();
    let end = AFTER_HEAD.iter().filter_map(|w| lower.find(w)).min().unwrap_or(text.len());
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

/// How-phrases after an opaque event's object: `a [Boost] action` in `fail a [Boost] action
/// by overlapping another ship`.
const AFTER_OBJECT: [&str; 7] = [" by ", " using ", " while ", " at ", " from ", " to ", " with "];

/// The object of an event no verb structures: the words after its verb, up to a how-phrase.
/// A pronoun in the replacing effect stands for it (`resolve it`: the [Boost] action).
fn opaque_object(text: &str, vocab: &Vocabulary) -> Option<Noun> {
    let text = squash(text);
    let (_, rest) = text.split_once(' ')?;
    let lower = rest.to_lowercase();
    let end = AFTER_OBJECT.iter().filter_map(|w| lower.find(w)).min().unwrap_or(rest.len());
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
    let at = [" is ", " are ", " has ", " have "].iter().filter_map(|w| lower.find(w)).min()?;
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
    let ship = n.text.to_lowercase().split_whitespace().any(|w| matches!(w, "ship" | "ships"));
    matches!(kind, EffectKind::Drop | EffectKind::Launch | EffectKind::Place) && n.refs.is_empty() && !ship
}

/// `If you would drop a device, you may launch it instead`: the object a pronoun stands for
/// is the head of the last one named before it in the ability: the replaced event's, a
/// timing event's, a condition's thing, or an earlier clause's. A `choose 1` without a noun
/// chooses 1 of it too.
fn resolve_pronouns(replaced: Option<&RtEffect>, timings: &[RtTiming], steps: &mut [RtStep]) {
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
                if e.noun.as_ref().is_some_and(is_pronoun) {
                    e.noun = before.clone().or(e.noun.take());
                }
            }
            // `launch 1 electro-chaff cloud. Then place 1 fuse marker on it.`: a target
            // pronoun for an object that is no ship is a thing.
            if let (Some(t), Some(b)) = (c.effect.target.as_mut(), before.as_ref()) {
                let pronoun = matches!(t.text.to_lowercase().as_str(), "it" | "them");
                let words = b.text.to_lowercase();
                let ship = words.split_whitespace().any(|w| {
                    matches!(
                        w,
                        "ship" | "ships" | "object" | "objects" | "wingmate" | "wingmates" | "attacker" | "defender"
                    )
                });
                if pronoun && !ship && b.refs.is_empty() {
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
                        c.effect.noun = Some(l.clone());
                    }
                }
                // `look at the defender's damage cards, choose 1, and expose it`.
                None if c.effect.kind == EffectKind::Choose && c.effect.amount.is_some() => {
                    c.effect.noun.clone_from(&before);
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

/// `If you do, while friendly ships acquire locks this round, …`: a duration the grammar
/// read into a step timing's event is the step's, for all its clauses.
fn event_duration(s: &super::Step) -> Option<&Piece> {
    s.timings.iter().find_map(|t| t.event.as_ref().and_then(|e| e.duration.as_ref()))
}

/// `All remaining [Hit]/[Critical Hit] results inflict ion tokens instead of damage`: in an
/// ability that replaces no event, a trailing `instead of` and a noun names what the
/// clause's object takes the place of; the clause does not happen instead of an event, as
/// it does `instead of removing it`.
fn names_what_it_replaces(step: &mut RtStep) {
    for c in step.clauses.to_mut() {
        let ends_instead = c.text.trim_end_matches(['.', ' ']).to_lowercase().ends_with("instead");
        let instead_of_noun = c.modifiers.iter().any(|m| {
            let m = m.to_lowercase();
            m.strip_prefix("instead of ")
                .is_some_and(|rest| !rest.split_whitespace().next().is_some_and(|w| w.ends_with("ing")))
        });
        if c.instead && instead_of_noun && !ends_instead {
            c.instead = false;
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
        })
        .collect();
    // A header's leading cost sentence, when more follows, is the cost of the ability.
    // `Attack ([Focus]): Spend 1 [Charge].` alone is the cost of the attack, with no step.
    let (costs, steps) = match leading_cost(frame) {
        Some(_) => {
            let mut steps = steps;
            let first = steps.remove(0);
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
            Lead::State(c) => states.push(c),
            Lead::Timing(rt, range) => {
                states.extend(range);
                timings.push(*rt);
            }
            Lead::Nothing => {}
        }
    }
    let mut steps = steps;
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
    let replacement: Option<RtReplacement> = frame.replacement.as_ref().map(|r| RtReplacement {
        before: r.kind.text.eq_ignore_ascii_case("before"),
        subject: subject(r.subject.as_ref()),
        event: match &r.effect {
            Some(e) => effect(e, vocab),
            None => effect(&Effect::opaque(r.event.clone()), vocab),
        },
    });
    // A replaced event no verb structures still names what a pronoun stands for.
    let replaced = replacement.as_ref().map(|r| match r.event.kind {
        EffectKind::Opaque => Cow::Owned(RtEffect { noun: opaque_object(&r.event.text, vocab), ..r.event.clone() }),
        _ => Cow::Borrowed(&r.event),
    });
    resolve_pronouns(replaced.as_deref(), &timings, &mut steps);
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
        // A plain word names no die, and a bracket after `non-` names what the noun is not.
        assert!(noun("attack", &v, Some(EffectKind::Declare)).refs.is_empty());
        assert!(noun("non-focus ([Focus]) result", &v, None).refs.is_empty());
    }

    #[test]
    fn nouns_name_their_brackets_only_as_their_head() {
        let v = Vocabulary {
            results: vec![
                Entry { id: "blank".into(), name: "blank".into(), marked: false },
                Entry { id: "focus".into(), name: "Focus".into(), marked: false },
            ]
            .into(),
            arcs: vec![Entry { id: "front".into(), name: "Front Arc".into(), marked: false }].into(),
            ..vocab()
        };
        // A plain word of a list with bracketed items is an entry too.
        let n = noun("1 of your blank or [Focus] results", &v, Some(EffectKind::Change));
        assert_eq!((refs(&n), n.choice), (vec![(VocabKind::Result, 0), (VocabKind::Result, 1)], true));
        // Another head than the name's kind, or a head before `of`: a thing of its own.
        assert!(noun("your [Front Arc] indicator", &v, Some(EffectKind::Rotate)).refs.is_empty());
        assert!(noun("the difficulty of your [Front Arc] maneuvers", &v, Some(EffectKind::Reduce)).refs.is_empty());
        // Where it is printed does not change what it is.
        assert_eq!(
            refs(&noun("[Focus] action on its action bar", &v, Some(EffectKind::Perform))),
            [(VocabKind::Action, 0)]
        );
        // Adjectives before a head, and how many said before, are not what.
        assert_eq!(refs(&noun("recurring charge", &v, Some(EffectKind::Recover))), [(VocabKind::Resource, 1)]);
        assert_eq!(noun("that many of your Offline upgrade cards", &v, None).text, "Offline upgrade cards");
    }

    /// The abilities of a text, lowered with the test vocabulary.
    fn read(text: &str, v: &Vocabulary) -> Vec<Ability> {
        let spans: Vec<Span> =
            crate::syntax::sentences::split(text).into_iter().map(|(s, e)| Span::new(s, e)).collect();
        let cx = Context { vocab: v, file: "test.cards", source: text, name: None };
        super::super::frames(text, &spans).iter().map(|f| ability(f, &cx)).collect()
    }

    /// The object of each clause of an ability, in order: its entries or its words.
    fn objects(a: &Ability) -> Vec<String> {
        a.steps
            .iter()
            .flat_map(|s| s.clauses.iter())
            .map(|c| c.effect.noun.as_ref().map_or(String::new(), |n| n.text.to_string()))
            .collect()
    }

    #[test]
    fn pronouns_stand_for_the_head_named_before() {
        let v = vocab();
        // The replaced event's object, without the words that only say which.
        let a =
            read("Before you would gain a non-lock red or orange token, you may place it on this card instead.", &v);
        assert_eq!(objects(&a[0]), ["token"]);
        let a = read("Before you would drop a bomb, you may place it in the play area touching you instead.", &v);
        assert_eq!(objects(&a[0]), ["bomb"]);
        // A where-phrase says which, not what: the obstacle is placed.
        let a = read("You may choose 1 obstacle in the play area. If you do, place it anywhere beyond range 2.", &v);
        assert_eq!(objects(&a[0]), ["obstacle in the play area", "obstacle"]);
        // What is flipped is a card: the one a condition names.
        let a = read(
            "During the Engagement Phase, gain 1 focus token. Then, if there are 2 fuse markers on this card, flip it.",
            &v,
        );
        assert_eq!(objects(&a[0]), ["focus token", "this card"]);
        // A condition's thing: the False Friend condition is what is assigned.
        let a = read(
            "Action: If the False Friend condition is not assigned to an enemy ship, assign it to an enemy ship.",
            &v,
        );
        assert_eq!(objects(&a[0]), ["the False Friend condition"]);
    }

    #[test]
    fn possessives_say_whose() {
        let v = vocab();
        assert_eq!(possessor("of the defender's [Focus] results").as_deref(), Some("the defender"));
        assert_eq!(possessor("your focus and evade tokens").as_deref(), Some("you"));
        assert_eq!(possessor("the [Focus] results"), None);
        // An entry's owner is where it comes from; words that name none keep it.
        let a = read("While you defend, you may change 1 of the attacker's [Focus] results to a [Hit] result.", &v);
        let e = &a[0].steps[0].clauses[0].effect;
        assert_eq!(e.from.as_ref().map(|f| f.person), Some(Person::Attacker));
        assert_eq!(noun("of the attacker's results", &v, Some(EffectKind::Change)).text, "attacker's results");
        let a = read("Friendly ships at range 0-3 can spend your focus tokens.", &v);
        assert_eq!(a[0].steps[0].clauses[0].effect.from, Some(Subject::YOU));
    }

    #[test]
    fn objects_from_subjects_as_phrases_and_unread_events() {
        let v = Vocabulary {
            actions: vec![Entry { id: "boost".into(), name: "Boost".into(), marked: false }].into(),
            arcs: vec![Entry { id: "rear".into(), name: "Rear Arc".into(), marked: false }].into(),
            tokens: vec![Entry { id: "lock".into(), name: "lock".into(), marked: false }].into(),
            ..vocab()
        };
        // A passive's object is what undergoes it: its subject.
        let a = read("Setup: Other friendly ships can be placed anywhere in the play area.", &v);
        assert_eq!(objects(&a[0]), ["Other friendly ships"]);
        // A maneuver executed as another is that other.
        let a = read("While you would execute a [Boost] maneuver, you may execute it as a bank maneuver instead.", &v);
        assert_eq!(objects(&a[0]), ["bank maneuver"]);
        // A replaced event names what `it` is.
        let a = read("If you would fail a [Boost] action by overlapping a ship, resolve it as a maneuver instead.", &v);
        assert_eq!(a[0].steps[0].clauses[0].effect.noun.as_ref().map(refs), Some(vec![(VocabKind::Action, 0)]));
        // Another ship's lock on the defender: a lock, taken from that ship.
        let a = read("While you perform an attack, you may spend another friendly ship's lock on the defender to reroll 1 attack die.", &v);
        let cost = &a[0].steps[0].clauses[0].costs[0];
        assert_eq!(cost.noun.as_ref().map(refs), Some(vec![(VocabKind::Token, 0)]));
        assert_eq!(cost.from.as_ref().map(|f| (f.person, f.side)), Some((Person::Another, Side::Friendly)));
        // A bracket in a where-phrase is not what the noun is.
        assert!(noun("cargo crate drift in your [Rear Arc] at range 0", &v, Some(EffectKind::Drop)).refs.is_empty());
    }

    #[test]
    fn another_ship_is_one_and_a_pronoun_target_may_be_a_thing() {
        let v = vocab();
        let a = read("Action: Choose another friendly ship.", &v);
        let e = &a[0].steps[0].clauses[0].effect;
        assert_eq!(
            (e.amount, e.noun.as_ref().map(|n| n.text.as_ref())),
            (Some(Amount::Exactly(1)), Some("another friendly ship"))
        );
        // The list is the how-phrase's: the cloud is launched.
        let a = read(
            "Action: Launch 1 electro-chaff cloud using the 3 [Bank Left], 3 [Bank Right], or 4 [Straight] template. Then place 1 fuse marker on it.",
            &v,
        );
        assert_eq!(objects(&a[0]), ["electro-chaff cloud", "fuse marker"]);
        let place = &a[0].steps[1].clauses[0].effect;
        assert_eq!(place.target.as_ref().map(|t| t.person), Some(Person::Thing));
    }

    #[test]
    fn a_treated_colour_is_the_actions() {
        let v = vocab();
        let a = read(
            "After you defend, you may perform a [Focus] action on your action bar, treating that action as red.",
            &v,
        );
        assert_eq!(a[0].steps[0].clauses[0].effect.color.as_deref(), Some("red"));
        // `as a red action` says the same.
        let a = read("After you defend, you may perform 1 action on your action bar as a red action.", &v);
        assert_eq!(a[0].steps[0].clauses[0].effect.color.as_deref(), Some("red"));
        let a = read(
            "After you defend, you may perform a white action on your action bar, treating that action as red.",
            &v,
        );
        let e = &a[0].steps[0].clauses[0].effect;
        assert_eq!(
            (e.color.as_deref(), e.noun.as_ref().map(|n| n.text.as_ref())),
            (Some("white"), Some("action on your action bar"))
        );
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
        // Words that person, side and range do not say keep the subject as its words.
        for said in ["a friendly ship at range 0-3", "each other friendly ship at range 0-1", "a friendly unit"] {
            assert!(!subject(Some(&p(said))).says_more(), "{said}");
        }
        for more in ["your carrier ship", "an enemy ship in your [Bullseye Arc]", "the enemy ship", "your wingmates"] {
            assert!(subject(Some(&p(more))).says_more(), "{more}");
        }
        assert_eq!(amount("up to 2"), Some(Amount::UpTo(2)));
        assert_eq!(amount("an"), Some(Amount::Exactly(1)));
        let v = vocab();
        let d = duration(&p("until the end of the Engagement Phase"), &v);
        assert_eq!((d.until_end_of, d.this_round), (Some(0), false));
        assert!(duration(&p("this round"), &v).this_round);
    }

    #[test]
    fn stat_conditions_compare_with_a_number_or_a_ship() {
        let v = Vocabulary {
            stats: vec![
                Entry { id: "agility".into(), name: "agility".into(), marked: false },
                Entry { id: "initiative".into(), name: "initiative".into(), marked: false },
            ]
            .into(),
            ..vocab()
        };
        let stat = |t: &str| match test(t, &v) {
            Test::Stat { who, stat, op, than } => Some((who.person, stat, op, than)),
            _ => None,
        };
        assert_eq!(stat("your agility is 2 or lower"), Some((Person::You, 0, CmpOp::Le, Than::Number(2))));
        assert_eq!(stat("your agility is 3"), Some((Person::You, 0, CmpOp::Eq, Than::Number(3))));
        // `than your initiative` is the same stat of your ship.
        assert_eq!(
            stat("the defender's initiative is equal to or greater than your initiative"),
            Some((Person::Defender, 1, CmpOp::Ge, Than::Ship(Subject::YOU)))
        );
        assert_eq!(
            stat("the defender's initiative is lower than yours"),
            Some((Person::Defender, 1, CmpOp::Lt, Than::Ship(Subject::YOU)))
        );
        assert_eq!(stat("your agility is 2 more or less"), None);
    }

    #[test]
    fn states_the_rules_define_by_a_token_and_the_attack_range() {
        let v = vocab();
        // A ship is focused while it has a focus token; not evading while it has none.
        assert!(matches!(
            test("you are focused", &v),
            Test::Has { who, count: Count { op: CmpOp::Ge, n: 1 }, noun, on: None }
                if who.person == Person::You && noun.refs.iter().map(|r| (r.kind, r.index)).eq([(VocabKind::Token, 0)])
        ));
        assert!(matches!(
            test("the defender is not evading", &v),
            Test::Has { count: Count { op: CmpOp::Eq, n: 0 }, noun, .. } if noun.refs.iter().map(|r| (r.kind, r.index)).eq([(VocabKind::Token, 1)])
        ));
        // A token the game does not name stays opaque.
        assert_eq!(test("you are calculating", &v), Test::Opaque);
        // The attack range is the range between the defender and the attacker.
        assert!(matches!(
            test("the attack range is 1", &v),
            Test::AtRange { who, range: (1, 1), of } if who.text == "the defender" && of.text == "the attacker"
        ));
        assert!(matches!(test("the attack range is 2-3", &v), Test::AtRange { range: (2, 3), .. }));
        assert_eq!(test("the attack range is not 1", &v), Test::Opaque);
        // Docked is a state; docked with you says more.
        assert!(matches!(test("you are docked", &v), Test::State { state, not: false, .. } if state == "docked"));
        assert_eq!(test("a ship is docked with you", &v), Test::Opaque);
    }

    #[test]
    fn in_either_arc_and_outside_an_arc() {
        let v = Vocabulary {
            arcs: vec![
                Entry { id: "front".into(), name: "Front Arc".into(), marked: false },
                Entry { id: "rear".into(), name: "Rear Arc".into(), marked: false },
            ]
            .into(),
            ..vocab()
        };
        assert!(matches!(
            test("the defender is in your [Front Arc] or [Rear Arc]", &v),
            Test::InArc { arc, not: false, .. } if arc.choice && arc.refs.iter().map(|r| r.index).eq([0, 1])
        ));
        assert!(matches!(
            test("the attacker is outside your [Front Arc]", &v),
            Test::InArc { arc, not: true, .. } if !arc.choice && arc.refs.len() == 1
        ));
        // A ship named is in the arc and at the range: two conditions.
        let c =
            conditions(&Cond { kind: CondKind::If, piece: Piece::bare("it is in your [Front Arc] at range 1") }, &v);
        assert!(matches!(
            &c[..],
            [
                Condition { test: Test::InArc { not: false, .. }, .. },
                Condition { test: Test::AtRange { range: (1, 1), .. }, .. }
            ]
        ));
        // A ship not named is one that is both: not split.
        let c = conditions(
            &Cond { kind: CondKind::If, piece: Piece::bare("an enemy ship is in your [Front Arc] at range 1") },
            &v,
        );
        assert_eq!(c.len(), 1);
        // An arc the game does not name keeps the condition opaque.
        assert_eq!(test("the defender is in your [Front Arc] or [Side Arc]", &v), Test::Opaque);
    }

    #[test]
    fn conditions_in_an_arc_and_with_a_shared_subject() {
        let v = Vocabulary {
            arcs: vec![Entry { id: "bullseye".into(), name: "Bullseye Arc".into(), marked: false }].into(),
            ..vocab()
        };
        let read = |t: &str| conditions(&Cond { kind: CondKind::If, piece: Piece::bare(t) }, &v);
        let arc = |t: &str| match read(t).as_slice() {
            [Condition { test: Test::InArc { who, arc, of, not }, .. }] => {
                Some((who.person, arc.text.to_string(), arc.refs.len(), of.person, *not))
            }
            _ => None,
        };
        assert_eq!(
            arc("the attacker is in your firing arc"),
            Some((Person::Attacker, "firing arc".into(), 0, Person::You, false))
        );
        assert_eq!(
            arc("you are not in an enemy ship's firing arc"),
            Some((Person::You, "firing arc".into(), 0, Person::A, true))
        );
        // The attack arc is the arc the attack is made from: the attacker's.
        assert_eq!(
            arc("you are in the attack arc"),
            Some((Person::You, "attack arc".into(), 0, Person::Attacker, false))
        );
        assert_eq!(
            arc("it is in the [Bullseye Arc] of a friendly ship at range 0-3"),
            Some((Person::That, "[bullseye arc]".into(), 1, Person::A, false))
        );
        // `and not shielded`: the subject and the verb are the part before's.
        let c = read("you are damaged and not shielded");
        assert!(matches!(
            &c[..],
            [Condition { test: Test::State { state: a, not: false, .. }, .. }, Condition { test: Test::State { state: b, not: true, .. }, .. }]
                if a == "damaged" && b == "shielded"
        ));
        // A turret arc in an arc is not a ship in it; two places at once is no one test.
        assert_eq!(read("your [single turret arc] is in your [front arc]")[0].test, Test::Opaque);
        assert_eq!(read("there is an enemy ship in its [front arc] at range 1")[0].test, Test::Opaque);
        assert_eq!(
            read("there are more enemy ships than other friendly ships at range 0-1 of that ship")[0].test,
            Test::Opaque
        );
        // `and` with the subject said once: two conditions, each read as far as it goes.
        let parts = read("the defender was a limited ship and was destroyed");
        assert_eq!(parts.len(), 2);
        assert!(matches!(&parts[0].test, Test::State { state, not: false, .. } if state == "limited"));
        assert!(matches!(&parts[1].test, Test::State { state, not: false, .. } if state == "destroyed"));
    }

    /// The abilities of a text, lowered with the test vocabulary.
    fn lowered(text: &str, v: &Vocabulary) -> Vec<Ability> {
        let spans: Vec<Span> =
            crate::syntax::sentences::split(text).into_iter().map(|(s, e)| Span::new(s, e)).collect();
        let cx = Context { vocab: v, file: "t.cards", source: text, name: None };
        crate::text::frames(text, &spans).iter().map(|f| ability(f, &cx)).collect()
    }

    #[test]
    fn steps_of_the_game_results_as_subjects_and_what_instead_of_names() {
        let v = vocab();
        // A step of the game or of the attack, an initiative: timings the reading knows.
        for text in [
            "At the end of Setup, gain 1 focus token.",
            "After this attack hits, gain 1 focus token.",
            "After this attack, gain 1 focus token.",
            "During an attack, gain 1 focus token.",
            "At the start of your activation, gain 1 focus token.",
            "At initiative 4, gain 1 focus token.",
            "After this attack misses, gain 1 focus token.",
            "During the Engagement Phasse, gain 1 focus token.",
        ] {
            let a = &lowered(text, &v)[0];
            assert!(a.timings.iter().all(RtTiming::structured), "{text}");
        }
        // `each Engagement Phase` is every one: the phase.
        let each = &lowered("At the start of each Engagement Phase, gain 1 focus token.", &v)[0];
        let the = &lowered("At the start of the Engagement Phase, gain 1 focus token.", &v)[0];
        assert!(each.timings[0].phase.is_some());
        assert_eq!(each.timings[0].phase, the.timings[0].phase);
        // `this phase` after a timing of a phase is that phase: a step of the same ability.
        let a = lowered(
            "At the start of the Engagement Phase, you may spend 1 [Charge]. During this phase, gain 1 focus token.",
            &v,
        );
        assert_eq!(a.len(), 1);
        assert_eq!(a[0].steps[1].timings[0].phase, a[0].timings[0].phase);
        assert!(a[0].steps[1].timings[0].phase.is_some());
        // Dice results do what the clause says: a thing, not a ship.
        let a = &lowered("All remaining [Hit]/[Critical Hit] results inflict ion tokens instead of damage.", &v)[0];
        let c = &a.steps[0].clauses[0];
        assert_eq!((c.subject.person, c.effect.kind, c.instead), (Person::Thing, EffectKind::Inflict, false));
        let a = &lowered("[Evade] results do not cancel [Critical Hit] results.", &v)[0];
        let c = &a.steps[0].clauses[0];
        assert_eq!(
            (c.subject.person, c.qualifier, c.effect.kind),
            (Person::Thing, Qualifier::Cannot, EffectKind::Cancel)
        );
        // In a replacement, what the clause does is instead of the event.
        let a = &lowered("Before you would gain a focus token, gain an evade token instead of that token.", &v)[0];
        assert!(a.steps[0].clauses[0].instead);
        // Instead of doing something: that is replaced.
        let a = &lowered("During the End Phase, you may gain 1 focus token instead of removing it.", &v)[0];
        assert!(a.steps[0].clauses[0].instead);
        // A boost not called an action is not the [Boost] action.
        let a = &lowered("You may perform a barrel roll using the 1 [Straight] template.", &v)[0];
        assert!(a.steps[0].clauses[0].effect.noun.as_ref().is_some_and(|n| n.refs.is_empty()));
        let a = &lowered("You may perform a barrel roll action.", &v)[0];
        assert!(a.steps[0].clauses[0].effect.noun.as_ref().is_some_and(|n| !n.refs.is_empty()));
    }

    #[test]
    fn what_a_timing_or_a_header_implies_for_the_steps() {
        let v = Vocabulary {
            headers: vec![Entry { id: "attack".into(), name: "Attack".into(), marked: true }].into(),
            ..vocab()
        };
        // A header's cost sentence alone is the cost of the ability.
        let a = &lowered("Attack: Spend 1 [Charge].", &v)[0];
        assert_eq!((a.costs.len(), a.steps.len(), a.optional), (1, 0, true));
        // `while stressed` in a trigger's event is a state the ability needs.
        let a = &lowered("After you perform an action while stressed, gain 1 focus token.", &v)[0];
        assert!(
            matches!(&a.steps[0].conditions[0].test, Test::State { who, state, not: false } if who.person == Person::You && state == "stressed")
        );
        // A duration written in a step's window is the step's.
        let a = &lowered("At the start of the Engagement Phase, you may gain 1 focus token. If you do, while you defend this round, you must gain 1 evade token.", &v)[0];
        let step = &a.steps[1];
        assert!(step.duration.as_ref().is_some_and(|d| d.this_round));
        assert!(step.timings[0].event.as_ref().is_some_and(|e| e.duration.is_none()));
        // What is on a card is what the card has.
        let c =
            conditions(&Cond { kind: CondKind::If, piece: Piece::bare("there are 1 or more tokens on this card") }, &v);
        assert!(
            matches!(&c[0].test, Test::Has { who, count: Count { op: CmpOp::Ge, n: 1 }, .. } if who.person == Person::Thing)
        );
    }

    #[test]
    fn a_subject_the_notation_cannot_say_is_quoted() {
        let say = |t: &str| cards_runtime::ability_text::subject(&subject(Some(&Piece::bare(t))));
        assert_eq!(say("another friendly ship at range 0-3"), "another.friendly@0-3");
        assert_eq!(say("at least 1 other friendly ship at range 0-1"), "another.friendly@0-1");
        assert_eq!(say("a friendly Gina Moonsong ship at range 0-2"), "\"a friendly Gina Moonsong ship at range 0-2\"");
        assert_eq!(say("an asteroid, structure, or huge ship"), "\"an asteroid, structure, or huge ship\"");
        assert_eq!(say("you or a friendly ship at range 0-3"), "\"you or a friendly ship at range 0-3\"");
        assert_eq!(say("the enemy ship"), "\"the enemy ship\"");
    }

    #[test]
    fn devices_owners_and_what_a_count_names() {
        let v = Vocabulary {
            actions: vec![Entry { id: "coordinate".into(), name: "Coordinate".into(), marked: false }].into(),
            ..vocab()
        };
        let clauses = |text: &str| -> Vec<cards_runtime::ability::Clause> {
            read(text, &v)
                .into_iter()
                .flat_map(|a| a.steps.iter().flat_map(|s| s.clauses.to_vec()).collect::<Vec<_>>())
                .collect()
        };
        // `it` after a dropped thing, and `that device`, are no ship.
        let c = clauses("You may drop 1 cargo crate in your [Rear Arc]. It cannot overlap a ship this way.");
        assert_eq!(c[1].subject.person, Person::Thing);
        let c = clauses("After you drop a bomb, you may place 1 fuse marker on that device.");
        assert_eq!(c[0].effect.target.as_ref().map(|t| t.person), Some(Person::Thing));
        // Gaining an action's icon with no token adds the action.
        let c = clauses("While you are docked, your carrier ship gains [Coordinate].");
        assert_eq!(c[0].effect.kind, EffectKind::AddAction);
        // A ship's possessive and a facing: whose, and how they lie; `choose 1` of them.
        let c = clauses("You may look at the defender's facedown damage cards, choose 1, and expose it.");
        assert_eq!(c[0].effect.from.as_ref().map(|f| f.person), Some(Person::Defender));
        assert_eq!(c[0].effect.facing, Some(Facing::Facedown));
        assert_eq!(c[1].effect.noun.as_ref().map(|n| n.text.to_string()).as_deref(), Some("damage cards"));
        // `that ship's dial` is that ship's, and `that ships` a possessive missing its
        // apostrophe.
        let c = clauses("You may look at that ship's dial. You gain that ships dial.");
        assert!(c.iter().all(|c| c.effect.from.as_ref().map(|f| f.person) == Some(Person::That)));
        assert_eq!(c[1].effect.noun.as_ref().map(|n| n.text.to_string()).as_deref(), Some("dial"));
        // An unread verb's counted object is what `choose 1` chooses from.
        let c = clauses("Draw 3 damage cards, choose 1, and discard the rest.");
        assert_eq!(c[1].effect.noun.as_ref().map(|n| n.text.to_string()).as_deref(), Some("damage cards"));
        // `the object you locked` is not a ship the ability named.
        let c = clauses("That ship may acquire a lock on the object you locked.");
        assert_eq!(c[0].effect.target.as_ref().map(|t| t.person), Some(Person::A));
        // `during your activation` names no phase; `during this Engagement Phase` does.
        let c = clauses("You cannot perform another action during your activation.");
        let d = c[0].duration.as_ref().expect("a duration");
        assert_eq!((d.text.as_ref(), d.until_end_of), ("your activation", None));
        assert_eq!(c[0].effect.noun.as_ref().map(|n| n.text.to_string()).as_deref(), Some("another action"));
        let c = clauses("You cannot spend tokens during this Engagement Phase.");
        assert_eq!(c[0].duration.as_ref().and_then(|d| d.until_end_of), Some(0));
        // `additional` says which focus token, not what.
        let c = clauses("You gain 1 additional focus token.");
        assert_eq!(refs(c[0].effect.noun.as_ref().expect("an object")), [(VocabKind::Token, 0)]);
    }

    #[test]
    fn a_passive_of_your_things_and_an_agent_that_is_no_ship() {
        let v = vocab();
        let a = read("Your [Critical Hit] results cannot be canceled by [Evade] results.", &v);
        let c = &a[0].steps[0].clauses[0];
        assert_eq!(c.subject.person, Person::Thing);
        assert_eq!(refs(c.effect.noun.as_ref().expect("what undergoes it")), [(VocabKind::Result, 1)]);
        assert_eq!(c.effect.target, None);
        // An agent that is a ship stays the target.
        let a = read("This card's [Charge] cannot be removed by an enemy ship.", &v);
        assert_eq!(a[0].steps[0].clauses[0].effect.target.as_ref().map(|t| t.side), Some(Side::Enemy));
    }

    #[test]
    fn speed_ranges_colours_before_a_repeated_name_and_a_later_may() {
        let names = [("turn-left", "Turn Left"), ("turn-right", "Turn Right"), ("koiogran-turn", "Koiogran Turn")];
        let mut maneuvers: Vec<Entry> =
            names.iter().map(|(id, name)| Entry { id: (*id).into(), name: (*name).into(), marked: false }).collect();
        maneuvers.push(Entry { id: "stationary".into(), name: "Stationary".into(), marked: false });
        let v = Vocabulary { maneuvers: maneuvers.into(), ..vocab() };
        // Each maneuver at each speed of the range printed before it, one of them.
        let text = "speed 1-2 turn ([Turn Left] or [Turn Right]) or speed 1-2 Koiogran Turn ([Koiogran Turn]) maneuver";
        let n = noun(text, &v, Some(EffectKind::Execute));
        let speeds: Vec<(u16, Option<u8>)> =
            n.refs.iter().zip(n.marks.iter()).map(|(r, m)| (r.index, m.speed)).collect();
        assert_eq!(speeds, [(0, Some(1)), (0, Some(2)), (1, Some(1)), (1, Some(2)), (2, Some(1)), (2, Some(2))]);
        assert!(n.choice);
        // A colour before the words a bracket repeats is the first item's.
        let n = noun("white stationary maneuver [Stationary]", &v, Some(EffectKind::Execute));
        assert_eq!(n.marks.first().and_then(|m| m.color.as_deref()), Some("white"));
        // `may` after a clause that happens anyway: the ability is no choice.
        let a = read("Before you execute an advanced maneuver, execute a white stationary maneuver [Stationary] instead, then you may rotate 90° or 180°.", &v);
        assert!(!a[0].optional && a[0].replacement.is_some());
    }

    #[test]
    fn a_colour_inside_words_is_taken_out_as_their_mark() {
        let v = vocab();
        let a = read("Each friendly ship reduces the difficulty of its red maneuvers.", &v);
        let e = &a[0].steps[0].clauses[0].effect;
        assert_eq!(
            (e.color.as_deref(), objects(&a[0])),
            (Some("red"), vec!["difficulty of its maneuvers".to_string()])
        );
        let a = read("You may set your dial to another non-red maneuver of the same speed.", &v);
        let to = a[0].steps[0].clauses[0].effect.to.clone().expect("what it becomes");
        assert_eq!(to.text.as_ref(), "another maneuver of the same speed");
        assert_eq!(to.marks.first().and_then(|m| m.color.as_deref()), Some("non-red"));
        // A red token is a kind of token: no colour is taken.
        let a = read("You may remove 1 red or orange token.", &v);
        assert_eq!(a[0].steps[0].clauses[0].effect.color, None);
    }

    #[test]
    fn shapes_group_opaque_clauses() {
        assert_eq!(shape("Assign 2 stress tokens to it"), "assign N stress");
        assert_eq!(shape("flip this card."), "flip this card");
    }
}
