//! What changed between two states of a set (`cardc diff`): two releases of one set, the
//! set as of two dates, or two set folders. Cards are matched by id; each card's fields are
//! compared as `cardc export` writes them, so that two states compare the same whatever the
//! order of their vocabularies. Points (`cost`, or a cost by size or stat), printed text
//! (word by word), restrictions (said in words), slots (a ship's upgrade bar, an upgrade's
//! icons) are said one by one; any other field that changed is named.
//!
//! Written as text for a terminal, as Markdown (a changelog a designer can publish), or as
//! JSON.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use cards_runtime::model::Card;
use cards_runtime::Set;
use serde_json::{json, Value};

/// A card as a diff names it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CardRef {
    /// Its id.
    pub id: String,
    /// Its printed name.
    pub name: String,
    /// Its kind, as the game names it.
    pub kind: String,
    /// Its XWS id, when it has one.
    pub xws: Option<String>,
}

/// A run of words of a text diff.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Words {
    /// In both texts.
    Same(String),
    /// Only in the older text.
    Removed(String),
    /// Only in the newer text.
    Added(String),
}

/// What changed on one card.
#[derive(Clone, Debug, PartialEq)]
pub struct CardChange {
    /// The card (as it is in the newer state).
    pub card: CardRef,
    /// Its points before and after (`cost` or `cost_by` as `cardc export` writes them;
    /// `null` for none).
    pub points: Option<(Value, Value)>,
    /// Its printed text, word by word, when it changed.
    pub text: Option<Vec<Words>>,
    /// Its restriction before and after, in words (`None` for none).
    pub requires: Option<(Option<String>, Option<String>)>,
    /// Its slots (a ship's bar, an upgrade's icons): those it lost and those it gained.
    pub slots: Option<(Vec<String>, Vec<String>)>,
    /// The other fields that changed, by the word the card language writes them with in
    /// the newer state's game (`calling`, not the export's `chassis`).
    pub other: Vec<String>,
}

/// What changed between two states of a set.
#[derive(Clone, Debug, PartialEq)]
pub struct Diff {
    /// What the older state is (a release, a date, a folder).
    pub from: String,
    /// What the newer state is.
    pub to: String,
    /// Cards only in the newer state.
    pub added: Vec<CardRef>,
    /// Cards only in the older state.
    pub removed: Vec<CardRef>,
    /// Cards in both that changed, in the newer state's order.
    pub changed: Vec<CardChange>,
}

/// The fields said one by one (the rest are named when they change).
const SAID: [&str; 7] = ["cost", "cost_by", "text", "requires", "upgrades", "icons", "id"];
/// The fields that say a card's history, which are not the card as of a state.
const HISTORY: [&str; 4] = ["since", "until", "withdrawn", "history"];

/// One state of a set to compare: the set, and which of its cards are in it.
pub struct State<'s> {
    /// The set (as of the state's release, when it has releases).
    pub set: &'s Set,
    /// Whether a card of `set` is in the state (a card that had not come out, or had left
    /// the set, is not).
    pub holds: &'s dyn Fn(&Card) -> bool,
    /// What the state is, as the diff names it.
    pub label: String,
}

/// The cards a state holds, by id, each as `cardc export` writes it.
fn cards<'s>(state: &State<'s>) -> BTreeMap<String, (Value, &'s Card)> {
    let export = serde_json::to_value(cards_runtime::export::export(state.set)).unwrap_or(Value::Null);
    let exported = export["cards"].as_array().cloned().unwrap_or_default();
    exported
        .into_iter()
        .zip(state.set.cards.iter())
        .filter(|(_, card)| (state.holds)(card))
        .map(|(value, card)| (card.id.to_string(), (value, card)))
        .collect()
}

/// What changed from `old` to `new`.
pub fn diff(old: &State<'_>, new: &State<'_>) -> Diff {
    let (before, after) = (cards(old), cards(new));
    let card_ref = card_ref_of;
    let order = |state: &State<'_>, ids: Vec<&String>| -> Vec<String> {
        // In the set's own order.
        let mut ids: Vec<String> = ids.into_iter().cloned().collect();
        let position = |id: &String| state.set.cards.iter().position(|c| *c.id == **id);
        ids.sort_by_key(position);
        ids
    };
    // Cards are matched by id; one whose id changed (a data set renames a card when a new
    // one takes its name) by its kind and XWS id, when both are one card's on each side.
    let renamed = renamed(&before, &after);
    let was = |id: &String| renamed.get(id).unwrap_or(id).clone();
    let kept: std::collections::BTreeSet<String> = renamed.values().cloned().collect();
    let added = order(new, after.keys().filter(|id| !before.contains_key(*id) && !renamed.contains_key(*id)).collect());
    let removed = order(old, before.keys().filter(|id| !after.contains_key(*id) && !kept.contains(*id)).collect());
    let common = order(new, after.keys().filter(|id| before.contains_key(&was(id))).collect());
    let changed = common
        .iter()
        .filter_map(|id| {
            let ((a, card_a), (b, card_b)) = (&before[&was(id)], &after[id]);
            change(card_ref(b), a, b, (old.set, card_a), (new.set, card_b))
        })
        .collect();
    Diff {
        from: old.label.clone(),
        to: new.label.clone(),
        added: added.iter().map(|id| card_ref(&after[id].0)).collect(),
        removed: removed.iter().map(|id| card_ref(&before[id].0)).collect(),
        changed,
    }
}

/// What changed on one card, or `None` when nothing did.
fn change(
    card: CardRef,
    a: &Value,
    b: &Value,
    (set_a, card_a): (&Set, &Card),
    (set_b, card_b): (&Set, &Card),
) -> Option<CardChange> {
    let field = |v: &Value, k: &str| v.get(k).cloned().unwrap_or(Value::Null);
    let points = |v: &Value| match v.get("cost_by") {
        Some(by) => by.clone(),
        None => field(v, "cost"),
    };
    let points = (points(a) != points(b)).then(|| (points(a), points(b)));
    let text = (field(a, "text") != field(b, "text"))
        .then(|| words(a["text"].as_str().unwrap_or_default(), b["text"].as_str().unwrap_or_default()));
    let describe =
        |set: &Set, card: &Card| card.requires.as_ref().map(|r| cards_runtime::restriction_text::describe(set, r));
    let requires =
        (field(a, "requires") != field(b, "requires")).then(|| (describe(set_a, card_a), describe(set_b, card_b)));
    // Slots as a bar holds them: the same slots in another order are no change.
    let slots = ["upgrades", "icons"]
        .iter()
        .map(|k| {
            let list = |v: &Value| -> Vec<String> {
                v[*k].as_array().into_iter().flatten().filter_map(|s| s.as_str().map(str::to_string)).collect()
            };
            let (old, new) = (list(a), list(b));
            (less(&old, &new), less(&new, &old))
        })
        .find(|(lost, gained)| !lost.is_empty() || !gained.is_empty());
    let keys: Vec<String> = a
        .as_object()
        .into_iter()
        .chain(b.as_object())
        .flat_map(|o| o.keys().cloned())
        .filter(|k| !SAID.contains(&k.as_str()) && !HISTORY.contains(&k.as_str()))
        .collect::<std::collections::BTreeSet<_>>()
        .into_iter()
        .filter(|k| field(a, k) != field(b, k))
        .map(|k| field_word(set_b, &k))
        .collect();
    let unchanged = points.is_none() && text.is_none() && requires.is_none() && slots.is_none() && keys.is_empty();
    (!unchanged).then_some(CardChange { card, points, text, requires, slots, other: keys })
}

/// The cards of `after` whose id `before` lacks, by that id, each with the id of the card of
/// `before` of the same kind and XWS id that `after` lacks: when each side has exactly one
/// card of that kind and XWS id.
fn renamed(
    before: &BTreeMap<String, (Value, &Card)>,
    after: &BTreeMap<String, (Value, &Card)>,
) -> BTreeMap<String, String> {
    let by_xws = |cards: &BTreeMap<String, (Value, &Card)>, other: &BTreeMap<String, (Value, &Card)>| {
        let mut found: BTreeMap<(String, String), Vec<String>> = BTreeMap::new();
        for (id, (value, _)) in cards {
            if let (Some(xws), Some(kind)) = (value["xws"].as_str(), value["kind"].as_str()) {
                found.entry((kind.to_string(), xws.to_string())).or_default().push(id.clone());
            }
        }
        found.retain(|_, ids| ids.len() == 1 && !other.contains_key(&ids[0]));
        found
    };
    let (old, new) = (by_xws(before, after), by_xws(after, before));
    new.into_iter().filter_map(|(key, ids)| Some((ids[0].clone(), old.get(&key)?[0].clone()))).collect()
}

/// What changed on a card of `set` at each release that changed it, in order: the release,
/// and the change from the card as it was just before to the card as it was from then.
pub fn history(set: &Set, card: &Card) -> Vec<(u16, CardChange)> {
    let value = |c: &Card| serde_json::to_value(cards_runtime::export::export_card(set, c)).unwrap_or(Value::Null);
    let states: Vec<&Card> = card.history.iter().map(|v| &v.card).chain([card]).collect();
    card.history
        .iter()
        .zip(states.windows(2))
        .filter_map(|(v, pair)| {
            let (a, b) = (value(pair[0]), value(pair[1]));
            let changed = change(card_ref_of(&b), &a, &b, (set, pair[0]), (set, pair[1]))?;
            Some((v.until, changed))
        })
        .collect()
}

impl CardChange {
    /// What changed, in a few words: `points 2 → 4, text, slots`.
    pub fn summary(&self) -> String {
        let mut parts = Vec::new();
        if let Some((a, b)) = &self.points {
            parts.push(format!("points {} → {}", points_text(a), points_text(b)));
        }
        if self.text.is_some() {
            parts.push("text".to_string());
        }
        if self.requires.is_some() {
            parts.push("restriction".to_string());
        }
        if self.slots.is_some() {
            parts.push("slots".to_string());
        }
        parts.extend(self.other.iter().cloned());
        parts.join(", ")
    }
}

/// A card as a diff names it, from its export.
fn card_ref_of(value: &Value) -> CardRef {
    CardRef {
        id: value["id"].as_str().unwrap_or_default().to_string(),
        name: value["name"].as_str().unwrap_or_default().to_string(),
        kind: value["kind"].as_str().unwrap_or_default().to_string(),
        xws: value["xws"].as_str().map(str::to_string),
    }
}

/// The items of `a` that `b` lacks, each as many times as `a` has it more than `b`.
fn less(a: &[String], b: &[String]) -> Vec<String> {
    let mut b: Vec<&String> = b.iter().collect();
    a.iter()
        .filter(|x| match b.iter().position(|y| y == x) {
            Some(i) => {
                b.remove(i);
                false
            }
            None => true,
        })
        .cloned()
        .collect()
}

/// `old` against `new` word by word: the longest run of words in common kept, the rest
/// removed or added, runs of one kind joined.
pub fn words(old: &str, new: &str) -> Vec<Words> {
    let (a, b): (Vec<&str>, Vec<&str>) = (old.split_whitespace().collect(), new.split_whitespace().collect());
    // The length of the longest common subsequence of each pair of suffixes.
    let mut lcs = vec![vec![0u32; b.len() + 1]; a.len() + 1];
    for i in (0..a.len()).rev() {
        for j in (0..b.len()).rev() {
            lcs[i][j] = if a[i] == b[j] { lcs[i + 1][j + 1] + 1 } else { lcs[i + 1][j].max(lcs[i][j + 1]) };
        }
    }
    let mut out: Vec<Words> = Vec::new();
    let mut push = |w: Words| {
        let joined = match (out.last_mut(), &w) {
            (Some(Words::Same(x)), Words::Same(y))
            | (Some(Words::Removed(x)), Words::Removed(y))
            | (Some(Words::Added(x)), Words::Added(y)) => {
                x.push(' ');
                x.push_str(y);
                true
            }
            _ => false,
        };
        if !joined {
            out.push(w);
        }
    };
    let (mut i, mut j) = (0, 0);
    while i < a.len() || j < b.len() {
        if i < a.len() && j < b.len() && a[i] == b[j] {
            push(Words::Same(a[i].to_string()));
            i += 1;
            j += 1;
        } else if i < a.len() && (j == b.len() || lcs[i + 1][j] >= lcs[i][j + 1]) {
            // What goes is said before what comes in its place.
            push(Words::Removed(a[i].to_string()));
            i += 1;
        } else {
            push(Words::Added(b[j].to_string()));
            j += 1;
        }
    }
    out
}

/// A cost as it reads: `4`, `by size small 2, large 4`, or `none`.
fn points_text(v: &Value) -> String {
    match v {
        Value::Null => "none".to_string(),
        Value::Number(n) => n.to_string(),
        Value::Object(o) => {
            let values: Vec<String> = o
                .get("values")
                .and_then(Value::as_object)
                .into_iter()
                .flatten()
                .map(|(k, v)| format!("{k} {v}"))
                .collect();
            format!("by {} {}", o.get("basis").and_then(Value::as_str).unwrap_or("?"), values.join(", "))
        }
        other => other.to_string(),
    }
}

/// How a diff is written: for a terminal, or as Markdown.
#[derive(Clone, Copy)]
enum Style {
    Human,
    Markdown,
}

impl Style {
    /// The first line: the two states.
    fn title(self, from: &str, to: &str) -> String {
        match self {
            Style::Human => format!("{from} → {to}\n"),
            Style::Markdown => format!("# {from} → {to}\n"),
        }
    }

    /// A card's name and id.
    fn name(self, c: &CardRef) -> String {
        match self {
            Style::Human => format!("{} ({})", c.name, c.id),
            Style::Markdown => format!("**{}** (`{}`)", c.name, c.id),
        }
    }

    /// A run of words of a text diff.
    fn word(self, w: &Words) -> String {
        match (self, w) {
            (_, Words::Same(s)) => s.clone(),
            (Style::Human, Words::Removed(s)) => format!("[-{s}-]"),
            (Style::Human, Words::Added(s)) => format!("{{+{s}+}}"),
            (Style::Markdown, Words::Removed(s)) => format!("~~{s}~~"),
            (Style::Markdown, Words::Added(s)) => format!("**{s}**"),
        }
    }

    /// A section: its title and count, then a line each; nothing when it has no line.
    fn section(self, out: &mut String, title: &str, lines: &[String]) {
        if lines.is_empty() {
            return;
        }
        let n = lines.len();
        let (heading, bullet) = match self {
            Style::Human => (format!("\n{} ({n}):", title.to_lowercase()), "  "),
            Style::Markdown => (format!("\n## {title} ({n})\n"), "- "),
        };
        let _ = writeln!(out, "{heading}");
        for line in lines {
            let _ = writeln!(out, "{bullet}{line}");
        }
    }

    /// What is said when nothing changed.
    fn unchanged(self) -> &'static str {
        match self {
            Style::Human => "\nno change\n",
            Style::Markdown => "\nNo change.\n",
        }
    }
}

impl Diff {
    /// Whether nothing changed.
    pub fn is_empty(&self) -> bool {
        self.added.is_empty() && self.removed.is_empty() && self.changed.is_empty()
    }

    /// The diff as text for a terminal.
    pub fn human(&self) -> String {
        self.write(Style::Human)
    }

    /// The diff as Markdown: a changelog.
    pub fn markdown(&self) -> String {
        self.write(Style::Markdown)
    }

    /// The diff in `style`: its states, the cards added and removed, then the changed
    /// cards by what changed (points, text, restrictions, slots, other fields).
    fn write(&self, style: Style) -> String {
        let mut out = style.title(&self.from, &self.to);
        let kind_and_name = |c: &CardRef| format!("{} {}", c.kind, style.name(c));
        let lines = |list: &[CardRef]| list.iter().map(kind_and_name).collect::<Vec<_>>();
        style.section(&mut out, "Cards added", &lines(&self.added));
        style.section(&mut out, "Cards removed", &lines(&self.removed));
        let said = |r: &Option<String>| r.clone().unwrap_or_else(|| "none".into());
        let slots = |(lost, gained): &(Vec<String>, Vec<String>)| {
            let mut parts = Vec::new();
            if !lost.is_empty() {
                parts.push(format!("lost {}", lost.join(", ")));
            }
            if !gained.is_empty() {
                parts.push(format!("gained {}", gained.join(", ")));
            }
            parts.join("; ")
        };
        type Said<'d> = Box<dyn Fn(&CardChange) -> Option<String> + 'd>;
        let sections: [(&str, Said<'_>); 5] = [
            (
                "Points",
                Box::new(|c| c.points.as_ref().map(|(a, b)| format!("{} → {}", points_text(a), points_text(b)))),
            ),
            (
                "Text",
                Box::new(|c| c.text.as_ref().map(|t| t.iter().map(|w| style.word(w)).collect::<Vec<_>>().join(" "))),
            ),
            ("Restrictions", Box::new(|c| c.requires.as_ref().map(|(a, b)| format!("{} → {}", said(a), said(b))))),
            ("Slots", Box::new(|c| c.slots.as_ref().map(slots))),
            ("Other fields", Box::new(|c| (!c.other.is_empty()).then(|| c.other.join(", ")))),
        ];
        for (title, say) in sections {
            let lines: Vec<String> =
                self.changed.iter().filter_map(|c| say(c).map(|s| format!("{}: {s}", style.name(&c.card)))).collect();
            style.section(&mut out, title, &lines);
        }
        if self.is_empty() {
            out.push_str(style.unchanged());
        }
        out
    }

    /// The diff as JSON.
    pub fn json(&self) -> Value {
        let card = |c: &CardRef| json!({"id": c.id, "name": c.name, "kind": c.kind, "xws": c.xws});
        let changed: Vec<Value> = self
            .changed
            .iter()
            .map(|c| {
                let mut v = card(&c.card);
                if let Some((a, b)) = &c.points {
                    v["points"] = json!({"from": a, "to": b});
                }
                if let Some(text) = &c.text {
                    v["text"] = text
                        .iter()
                        .map(|w| match w {
                            Words::Same(s) => json!({"same": s}),
                            Words::Removed(s) => json!({"removed": s}),
                            Words::Added(s) => json!({"added": s}),
                        })
                        .collect();
                }
                if let Some((a, b)) = &c.requires {
                    v["requires"] = json!({"from": a, "to": b});
                }
                if let Some((lost, gained)) = &c.slots {
                    v["slots"] = json!({"lost": lost, "gained": gained});
                }
                if !c.other.is_empty() {
                    v["other"] = json!(c.other);
                }
                v
            })
            .collect();
        json!({
            "from": self.from,
            "to": self.to,
            "added": self.added.iter().map(card).collect::<Vec<_>>(),
            "removed": self.removed.iter().map(card).collect::<Vec<_>>(),
            "changed": changed,
        })
    }
}

/// The field a key of the export is written with in `set`'s card language: `chassis` is
/// the game's profile kind's word (`calling`), `ship_abilities` the `ability` blocks, and
/// `_` is `-` (`ship-icon`, `standard-loadout`).
fn field_word(set: &Set, key: &str) -> String {
    match key {
        "chassis" => set.noun(cards_runtime::model::CardKind::Chassis).id.to_string(),
        "ship_abilities" => "ability".to_string(),
        other => other.replace('_', "-"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn said(w: &[Words]) -> String {
        w.iter()
            .map(|w| match w {
                Words::Same(s) => s.clone(),
                Words::Removed(s) => format!("[-{s}-]"),
                Words::Added(s) => format!("{{+{s}+}}"),
            })
            .collect::<Vec<_>>()
            .join(" ")
    }

    #[test]
    fn texts_differ_word_by_word() {
        let old = "If a friendly ship at range 0-3 would gain a focus token, it may gain 1 evade token instead.";
        let new = "If a friendly ship at range 0-2 would gain a focus token, it may gain 1 evade token instead.";
        assert_eq!(
            said(&words(old, new)),
            "If a friendly ship at range [-0-3-] {+0-2+} would gain a focus token, it may gain 1 evade token instead."
        );
        assert_eq!(said(&words("", "Gain 1 token.")), "{+Gain 1 token.+}");
        assert_eq!(said(&words("Gain 1 token.", "")), "[-Gain 1 token.-]");
        assert_eq!(said(&words("a b c", "a c")), "a [-b-] c");
        assert_eq!(said(&words("a b c", "a b c")), "a b c");
    }

    #[test]
    fn a_slot_lost_and_one_gained_are_counted() {
        let s = |v: &[&str]| v.iter().map(|x| x.to_string()).collect::<Vec<_>>();
        assert_eq!(less(&s(&["crew", "crew", "gunner"]), &s(&["crew", "torpedo"])), s(&["crew", "gunner"]));
        assert_eq!(less(&s(&["crew"]), &s(&["crew"])), s(&[]));
    }
}
