//! Several dated releases of one data set, imported each alone, merged into one versioned
//! set: the releases declared in `game.cards`, and each card written once, as it came out
//! (`since:` the release that added it), with what each later release changed written
//! where the card is (`cost from v1-3-0: 4`, `text from v1-5-1 { … }`, `charges from
//! v1-10-1: none`) and `until:` the release it left in. The set as of each release is the
//! set that release imports to alone (`cardc/tests/it/import_history.rs` compares every
//! card of the five xwing-data2 releases of `../shared`).
//!
//! The game is the last release's, with the vocabulary entries only older releases declare
//! added; the rules are the last release's (a rule is not dated).

use std::collections::{BTreeMap, BTreeSet, HashMap};

use super::Imported;
use crate::ast::{Card, FieldValue, Item, Span};
use crate::format::writer::quote;

/// One release of the data, imported alone.
pub struct Dated {
    /// Its id in the set (`v1-3-0`).
    pub id: String,
    /// Its name (`xwing-data2 1.3.0`).
    pub name: String,
    /// Its date, `YYYY-MM-DD`.
    pub date: String,
    /// The set it imports to.
    pub imported: Imported,
}

/// A card of one release: the text of its file, and what it says.
struct Seen<'a> {
    text: &'a str,
    card: Card,
}

/// Merges releases, oldest first, into one versioned set.
pub fn merge(releases: &[Dated]) -> Imported {
    if releases.is_empty() {
        return Imported::default();
    }
    // Every release's cards by id, and each id's files in the order met.
    let mut cards: BTreeMap<String, Vec<Option<Seen<'_>>>> = BTreeMap::new();
    // Each release's cards, by file and id, in its files' order.
    let mut placed: Vec<Vec<(&String, String)>> = vec![Vec::new(); releases.len()];
    for (r, release) in releases.iter().enumerate() {
        for (file, text) in &release.imported.files {
            for (id, card) in cards_of(text) {
                placed[r].push((file, id.clone()));
                let slot = cards.entry(id.clone()).or_insert_with(|| (0..releases.len()).map(|_| None).collect());
                if slot[r].is_none() {
                    slot[r] = Some(Seen { text, card });
                }
            }
        }
    }
    // Cards in the last release's order, then those that left, in the order of their last
    // release.
    let mut order: Vec<(String, String)> = Vec::new();
    let mut ordered: BTreeSet<&String> = BTreeSet::new();
    for (file, id) in placed.iter().rev().flatten() {
        if ordered.insert(id) {
            order.push(((*file).clone(), id.clone()));
        }
    }
    let mut files: BTreeMap<String, String> = BTreeMap::new();
    files.insert("game.cards".into(), game(releases));
    for (file, id) in &order {
        let states = &cards[id];
        let text = card_text(releases, id, states);
        let out = files.entry(file.clone()).or_default();
        if !out.is_empty() {
            out.push('\n');
        }
        out.push_str(&text);
    }
    let mut merged = Imported { files, ..Imported::default() };
    for (_, states) in cards.iter() {
        if let Some(seen) = states.iter().flatten().last() {
            *merged.cards.entry(seen.card.kind.text.clone()).or_default() += 1;
        }
    }
    merged.irregularities = releases.iter().flat_map(|r| r.imported.irregularities.clone()).collect();
    merged
}

/// The cards of a file, each with its id (its `as` id, else the one its name gives).
fn cards_of(text: &str) -> Vec<(String, Card)> {
    let (parsed, _) = crate::syntax::parse_file(0, text);
    let cards = parsed.items.into_iter().filter_map(|item| match item {
        Item::Card(card) => Some(card),
        _ => None,
    });
    cards
        .map(|card| {
            let derived = || crate::resolve::ids::derive_id(&card.name.value);
            (card.as_id.as_ref().map_or_else(derived, |i| i.text.clone()), card)
        })
        .collect()
}

/// The last release's `game.cards` with the releases declared, and each vocabulary entry
/// only older releases declare added.
fn game(releases: &[Dated]) -> String {
    let last = &releases[releases.len() - 1].imported.files;
    let mut out = last.get("game.cards").cloned().unwrap_or_default();
    let declared = |text: &str| -> Vec<(String, String, Option<String>, Vec<String>)> {
        let (parsed, _) = crate::syntax::parse_file(0, text);
        parsed
            .items
            .iter()
            .filter_map(|i| match i {
                Item::Vocab(v) => Some(v),
                _ => None,
            })
            .flat_map(|v| {
                v.entries.iter().map(move |e| {
                    let flags = e.flags.iter().map(|f| f.text.clone()).collect();
                    (
                        v.kind.keyword().to_string(),
                        e.id.text.clone(),
                        e.display.as_ref().map(|d| d.value.clone()),
                        flags,
                    )
                })
            })
            .collect()
    };
    let have: BTreeSet<(String, String)> = declared(&out).into_iter().map(|(k, id, _, _)| (k, id)).collect();
    let mut added = BTreeSet::new();
    let mut missing = String::new();
    for release in releases.iter().rev().skip(1) {
        let Some(text) = release.imported.files.get("game.cards") else { continue };
        for (kind, id, display, flags) in declared(text) {
            if have.contains(&(kind.clone(), id.clone())) || !added.insert((kind.clone(), id.clone())) {
                continue;
            }
            let display = display.map_or(String::new(), |d| format!(" {}", quote(&d)));
            let flags: String = flags.iter().map(|f| format!(" {f}")).collect();
            missing.push_str(&format!("{kind} {id}{display}{flags}\n"));
        }
    }
    if !missing.is_empty() {
        out.push_str("\n# Declared by older releases only.\n");
        out.push_str(&missing);
    }
    out.push_str("\n# The releases this set was imported from, each as of its date.\n");
    for r in releases {
        out.push_str(&format!("release {} {} {}\n", r.id, quote(&r.name), r.date));
    }
    out
}

/// What one field says, to compare across releases: its key (a named ability by its name),
/// and its value as written.
fn fields(seen: &Seen<'_>) -> Vec<(String, Line)> {
    let slice = |span: Span| seen.text.get(span.range()).unwrap_or_default().to_string();
    seen.card
        .fields
        .iter()
        .map(|f| {
            let key = f.key.text.clone();
            match &f.value {
                FieldValue::Flag => (group(&key), Line::Flag(key)),
                FieldValue::Tokens(tokens) | FieldValue::Restriction { tokens, .. } => {
                    let value = match (tokens.first(), tokens.last()) {
                        (Some(a), Some(b)) => slice(Span { start: a.span().start, end: b.span().end }),
                        _ => String::new(),
                    };
                    (group(&key), Line::Value(key, value))
                }
                FieldValue::Text(block) => {
                    (key.clone(), Line::Text(block.sentences.iter().map(|s| slice(*s)).collect()))
                }
                FieldValue::Ability { name, text } => (
                    format!("ability {}", name.value),
                    Line::Ability(name.value.clone(), text.sentences.iter().map(|s| slice(*s)).collect()),
                ),
            }
        })
        .collect()
}

/// The field a key gives, as the language groups them (`icon` is `icons`).
fn group(key: &str) -> String {
    crate::check::cards::field_group(key).to_string()
}

/// A field as written.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Line {
    Flag(String),
    Value(String, String),
    Text(Vec<String>),
    Ability(String, Vec<String>),
}

impl Line {
    /// The field written, from `release` on when one is given.
    fn write(&self, from: Option<&str>) -> String {
        let from = from.map_or(String::new(), |r| format!(" from {r}"));
        let block = |sentences: &[String]| -> String {
            if sentences.is_empty() {
                return "{}".to_string();
            }
            let body: Vec<String> = sentences.iter().map(|s| format!("    {s}")).collect();
            format!("{{\n{}\n  }}", body.join("\n"))
        };
        match self {
            Line::Flag(key) => format!("  {key}{from}"),
            Line::Value(key, value) => format!("  {key}{from}: {value}"),
            Line::Text(sentences) => format!("  text{from} {}", block(sentences)),
            Line::Ability(name, sentences) => format!("  ability {}{from} {}", quote(name), block(sentences)),
        }
    }

    /// The field gone from `release` on.
    fn gone(&self, release: &str) -> String {
        match self {
            Line::Flag(key) | Line::Value(key, _) => format!("  {key} from {release}: none"),
            Line::Text(_) => format!("  text from {release}: none"),
            Line::Ability(name, _) => format!("  ability {} from {release} {{}}", quote(name)),
        }
    }
}

/// A card written once, with its history.
fn card_text(releases: &[Dated], id: &str, states: &[Option<Seen<'_>>]) -> String {
    let present: Vec<usize> = (0..states.len()).filter(|&r| states[r].is_some()).collect();
    let (first, latest) = (present[0], present[present.len() - 1]);
    let head = states[latest].as_ref().expect("present");
    let base = states[first].as_ref().expect("present");
    let card = &head.card;
    // The name it came out with, and its id written when that name gives another.
    let derived = crate::resolve::ids::derive_id(&base.card.name.value);
    let as_id = if derived == id { String::new() } else { format!(" as {id}") };
    let mut out = format!("{} {}{as_id} {{\n", card.kind.text, quote(&base.card.name.value));
    if first > 0 {
        out.push_str(&format!("  since: {}\n", releases[first].id));
    }
    // Each field group's lines: the base's, then each change.
    let mut groups: Vec<String> = Vec::new();
    let mut lines: HashMap<String, Vec<String>> = HashMap::new();
    let mut previous: HashMap<String, Vec<Line>> = HashMap::new();
    let by_group = |seen: &Seen<'_>| -> Vec<(String, Vec<Line>)> {
        let mut out: Vec<(String, Vec<Line>)> = Vec::new();
        for (g, line) in fields(seen) {
            match out.iter_mut().find(|(k, _)| *k == g) {
                Some((_, v)) => v.push(line),
                None => out.push((g, vec![line])),
            }
        }
        out
    };
    for (g, ls) in by_group(base) {
        groups.push(g.clone());
        lines.entry(g.clone()).or_default().extend(ls.iter().map(|l| l.write(None)));
        previous.insert(g, ls);
    }
    let mut name = base.card.name.value.clone();
    let mut withdrawn = Vec::new();
    for (&before, &r) in present.iter().zip(present.iter().skip(1)) {
        let seen = states[r].as_ref().expect("present");
        let release = &releases[r].id;
        // Out of some releases in between, and back in this one.
        if r > before + 1 {
            withdrawn.push(format!("  withdrawn from {}", releases[before + 1].id));
            withdrawn.push(format!("  withdrawn from {release}: none"));
        }
        if seen.card.name.value != name {
            name = seen.card.name.value.clone();
            lines.entry("name".into()).or_default().push(format!("  name from {release}: {}", quote(&name)));
            if !groups.contains(&"name".to_string()) {
                groups.push("name".into());
            }
        }
        let now = by_group(seen);
        let mut touched = BTreeSet::new();
        for (g, ls) in &now {
            touched.insert(g.clone());
            if previous.get(g) == Some(ls) {
                continue;
            }
            if !groups.contains(g) {
                groups.push(g.clone());
            }
            let entry = lines.entry(g.clone()).or_default();
            entry.extend(ls.iter().map(|l| l.write(Some(release))));
            previous.insert(g.clone(), ls.clone());
        }
        let gone: Vec<String> = previous.keys().filter(|g| !touched.contains(*g)).cloned().collect();
        for g in gone {
            let Some(ls) = previous.remove(&g) else { continue };
            if let Some(first) = ls.first() {
                lines.entry(g.clone()).or_default().push(first.gone(release));
            }
        }
    }
    for g in &groups {
        for line in &lines[g] {
            out.push_str(line);
            out.push('\n');
        }
    }
    for line in &withdrawn {
        out.push_str(line);
        out.push('\n');
    }
    if latest < releases.len() - 1 {
        out.push_str(&format!("  until: {}\n", releases[latest + 1].id));
    }
    out.push_str("}\n");
    out
}
