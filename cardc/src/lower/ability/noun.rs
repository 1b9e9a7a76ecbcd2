//! Nouns: the vocabulary entries a noun names (`[Charge]`, `focus tokens`, `blank or
//! [Focus] results`), with the colours and speeds printed before them; amounts and phases.

use std::borrow::Cow;

use cards_runtime::ability::{Adjective, Amount, Back, EffectKind, Mark, Noun, VocabRef};
use cards_runtime::model::{Entry, VocabKind, Vocabulary};

use super::pronoun::AFTER_HEAD;
use super::{first_of, squash, NOUN_KINDS};
use crate::text::brackets;

/// Whether two names are the same ignoring case, with `-` the same as a space.
fn same_name(a: &str, b: &str) -> bool {
    let fold = |c: char| if c == '-' { ' ' } else { c };
    a.len() == b.len()
        && a.chars().map(fold).flat_map(char::to_lowercase).eq(b.chars().map(fold).flat_map(char::to_lowercase))
}

/// An entry whose display name or id is `word`, ignoring case (and `-` for spaces).
pub(super) fn find(entries: &[Entry], word: &str) -> Option<u16> {
    entries.iter().position(|e| same_name(&e.name, word) || same_name(&e.id, word)).map(|i| i as u16)
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
const ADJECTIVES: [&str; 5] = ["recurring", "non-recurring", "active", "inactive", "additional"];

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
    let head = first_of(after, &[" on ", " at ", " in ", " from ", " with ", " that ", " beyond "])
        .map_or(after, |i| &after[..i]);
    let head = head.trim_matches(|c: char| !c.is_alphanumeric());
    let slot = effect == Some(EffectKind::AddSlot) && matches!(head, "slot" | "slots");
    // `of` between brackets too: `the [Front Arc] requirement of your equipped [Torpedo]
    // upgrades` is a requirement.
    let between = outside_brackets(lower.get(first..=last).unwrap_or_default());
    let of = before
        .split(|c: char| !c.is_alphanumeric())
        .chain(between.split(|c: char| !c.is_alphanumeric()))
        .any(|w| w == "of");
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
pub(super) const COLORS: [&str; 4] = ["white", "red", "purple", "blue"];

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
    // `spend a lock you have on the defender`: the lock is yours; what is spent is a lock.
    if let Some(rest) = strip_suffix_ignore_case(text, " you have") {
        text = rest.trim_end();
    }
    // `1 deplete or strain token of your choice`: a choice of one, as `or` says.
    if let Some(rest) = strip_suffix_ignore_case(text, " of your choice") {
        text = rest.trim_end();
    }
    // Where a ship's possessive starts: kept in the words of a noun that names no entry
    // (`the attacker's results`); an entry's owner is where it is taken from instead.
    let mut whose = None;
    // `that token`, `its effects`: a noun that points back at a thing named before.
    let mut back = None;
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
        back = match &lower[..len] {
            "that" | "those" | "these" => Some(Back::That),
            "its" | "their" => Some(Back::Its),
            // `that ship's dial`: the ship is named before, not the dial.
            _ if possessive && back == Some(Back::That) && lower.starts_with("ship") => Some(Back::ThatShips),
            _ if possessive => None,
            _ => back,
        };
        text = text[len..].trim_start();
    }
    // What it is is said before its where-phrases: `lock on the defender` is a lock, `cargo
    // crate drift in your [Rear Arc]` no arc.
    let whole = text;
    let lower = text.to_ascii_lowercase();
    let text = &text[..first_of(&lower, &AFTER_HEAD).unwrap_or(text.len())];
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
    // `1 active [Charge]`: which of the entries (a noun of no entry keeps its words).
    let adjectives: Vec<Adjective> = match refs.is_empty() {
        true => Vec::new(),
        false => words.iter().map_while(|w| Adjective::from_word(w)).collect(),
    };
    Noun {
        text: squash(shown).into(),
        refs: refs.into(),
        choice,
        marks: marks.into(),
        adjectives: adjectives.into(),
        back,
    }
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

/// `text` without `suffix` at its end, in any case of ASCII letters.
fn strip_suffix_ignore_case<'a>(text: &'a str, suffix: &str) -> Option<&'a str> {
    let at = text.len().checked_sub(suffix.len())?;
    (text.is_char_boundary(at) && text[at..].eq_ignore_ascii_case(suffix)).then(|| &text[..at])
}

pub(super) fn amount(text: &str) -> Option<Amount> {
    let t = text.to_lowercase();
    let t = squash(&t);
    if let Some(n) = t.strip_prefix("up to ") {
        return n.trim().parse().ok().map(Amount::UpTo);
    }
    if let Some(n) = t.strip_suffix(" or more") {
        return n.trim().parse().ok().map(Amount::AtLeast);
    }
    // `2, 3, 4, or 5`, `2 or 3`: numbers in a row, one of them.
    if let Some((head, last)) = t.rsplit_once(" or ") {
        let numbers: Option<Vec<u32>> =
            head.split(',').map(str::trim).filter(|n| !n.is_empty()).map(|n| n.parse().ok()).collect();
        let (numbers, last) = (numbers?, last.trim().parse::<u32>().ok()?);
        let first = *numbers.first()?;
        // In a row: each is the first plus its place (no sum past the largest number).
        let in_a_row = numbers
            .iter()
            .chain([&last])
            .enumerate()
            .all(|(i, n)| u32::try_from(i).ok().and_then(|i| first.checked_add(i)) == Some(*n));
        return in_a_row.then_some(Amount::Between(first, last));
    }
    match t.as_str() {
        "a" | "an" | "one" => Some(Amount::Exactly(1)),
        // `transfer each of your locks`: every one of them.
        "all" | "each" => Some(Amount::All),
        "any number of" => Some(Amount::AnyNumber),
        "that many" => Some(Amount::ThatMany),
        // `spend 3-5 [Charge]`: a number in that range.
        n if n.contains('-') => {
            let (a, b) = n.split_once('-')?;
            let (a, b) = (a.parse().ok()?, b.parse().ok()?);
            (a < b).then_some(Amount::Between(a, b))
        }
        n => n.parse().ok().map(Amount::Exactly),
    }
}

/// A phase a text names: `the Engagement Phase`, `Engagement`.
pub(super) fn phase(text: &str, vocab: &Vocabulary) -> Option<u16> {
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
