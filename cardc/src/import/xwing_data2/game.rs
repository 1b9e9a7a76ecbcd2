//! `game.cards`: the game's vocabulary, gathered while the cards are written, and the
//! X-Wing knowledge the data does not list.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;

use super::schema::ActionEntry;
use super::{arc_id, id_of, Importer, UNDECLARED_NAME};
use crate::format::writer::{self, entry, named_entries};
use crate::resolve::ids::is_valid_id;

/// Dial letters (xwing-data2's `dial` codes) and the maneuvers they stand for.
pub(super) const MANEUVERS: &[(char, &str)] = &[
    ('T', "Turn Left"),
    ('B', "Bank Left"),
    ('F', "Straight"),
    ('N', "Bank Right"),
    ('Y', "Turn Right"),
    ('K', "Koiogran Turn"),
    ('L', "Segnor's Loop Left"),
    ('P', "Segnor's Loop Right"),
    ('E', "Tallon Roll Left"),
    ('R', "Tallon Roll Right"),
    ('O', "Stationary"),
    ('A', "Reverse Bank Left"),
    ('S', "Reverse Straight"),
    ('D', "Reverse Bank Right"),
];

const TOKENS: &[&str] = &[
    "focus",
    "evade",
    "calculate",
    "lock",
    "stress",
    "strain",
    "deplete",
    "ion",
    "jam",
    "tractor",
    "disarm",
    "cloak",
    "reinforce",
];

const RESOURCES: &[(&str, &str)] =
    &[("charge", "Charge"), ("force", "Force"), ("shield", "Shield"), ("energy", "Energy")];
const DICE: &[(&str, &str)] = &[("attack", "attack"), ("defense", "defense")];
/// The results dice show.
pub(crate) const RESULTS: &[(&str, &str)] =
    &[("hit", "Hit"), ("critical-hit", "Critical Hit"), ("focus", "Focus"), ("evade", "Evade"), ("blank", "blank")];
/// The phases of a round, in order.
pub(crate) const PHASES: &[(&str, &str)] = &[
    ("planning", "Planning Phase"),
    ("system", "System Phase"),
    ("activation", "Activation Phase"),
    ("engagement", "Engagement Phase"),
    ("end", "End Phase"),
];
/// Headers whose abilities the player chooses to use.
pub(super) const OPTIONAL_HEADERS: &[&str] = &["Action", "Attack", "Bonus Attack"];
/// Sizes, smallest first.
pub(super) const SIZES: &[&str] = &["Small", "Medium", "Large", "Huge"];
/// The restriction keys of the data, in the order their atoms are written.
pub(super) const RESTRICTION_KEYS: &[&str] = &[
    "factions",
    "sizes",
    "ships",
    "arcs",
    "action",
    "keywords",
    "force_side",
    "equipped",
    "names",
    "shipAbility",
    "agility",
    "non-limited",
    "solitary",
    "standardized",
];
/// Names the texts abbreviate, and the name the game declares.
pub(super) const ALIASES: &[(&str, &str)] = &[("[Crit]", "[Critical Hit]")];

/// The vocabulary the set declares, gathered while the cards are written.
#[derive(Default)]
pub(super) struct Vocab {
    /// `(id, name)` in the data's order.
    pub(super) factions: Vec<(String, String)>,
    /// Faction xws → id.
    pub(super) faction_by_xws: BTreeMap<String, String>,
    pub(super) sizes: BTreeSet<String>,
    pub(super) stats: BTreeSet<String>,
    pub(super) icons: BTreeMap<String, String>,
    pub(super) ship_icons: BTreeMap<String, String>,
    pub(super) traits: BTreeMap<String, String>,
    pub(super) formats: BTreeSet<&'static str>,
    pub(super) actions: BTreeMap<String, String>,
    pub(super) arcs: BTreeMap<String, String>,
    pub(super) maneuvers: BTreeMap<String, String>,
    /// Header name → optional.
    pub(super) headers: BTreeMap<String, bool>,
}

impl Vocab {
    /// Records `name` under `id`, keeping the first spelling in sort order ("Cannon" before
    /// "cannon") so that the output does not depend on which card came first.
    pub(super) fn put(map: &mut BTreeMap<String, String>, id: String, name: &str) {
        let slot = map.entry(id).or_insert_with(|| name.to_string());
        if name < slot.as_str() {
            *slot = name.to_string();
        }
    }

    pub(super) fn icon(&mut self, slot: &str) -> String {
        let id = id_of(slot);
        Vocab::put(&mut self.icons, id.clone(), slot);
        id
    }

    pub(super) fn action(&mut self, action: &str) -> String {
        let id = id_of(action);
        Vocab::put(&mut self.actions, id.clone(), action);
        id
    }

    pub(super) fn arc(&mut self, arc: &str) -> String {
        let id = arc_id(arc);
        Vocab::put(&mut self.arcs, id.clone(), arc);
        id
    }

    pub(super) fn trait_(&mut self, name: &str) -> String {
        let id = id_of(name);
        Vocab::put(&mut self.traits, id.clone(), name);
        id
    }

    pub(super) fn size(&mut self, size: &str) -> String {
        self.sizes.insert(size.to_string());
        id_of(size)
    }

    pub(super) fn stat(&mut self, stat: &str) -> String {
        self.stats.insert(stat.to_string());
        stat.to_string()
    }

    /// `focus > red barrel-roll`: an action with its color and linked action.
    pub(super) fn action_text(&mut self, a: &ActionEntry) -> String {
        let mut out = format!("{}{}", color(a.difficulty.as_deref(), false), self.action(&a.kind));
        if let Some(l) = &a.linked {
            let _ = write!(out, " > {}{}", color(l.difficulty.as_deref(), false), self.action(&l.kind));
        }
        out
    }
}

/// `red ` / `purple ` (and `white ` when `explicit`): an action's color as a prefix.
pub(super) fn color(difficulty: Option<&str>, explicit: bool) -> String {
    match difficulty.map(str::to_ascii_lowercase).as_deref() {
        Some("red") => "red ".into(),
        Some("purple") => "purple ".into(),
        Some("white") if explicit => "white ".into(),
        _ => String::new(),
    }
}

impl Importer<'_> {
    pub(super) fn game(&mut self) -> String {
        let mut out = String::new();
        let source = match &self.data.version {
            Some(v) => format!("xwing-data2 {v}"),
            None => "xwing-data2".into(),
        };
        writer::comment(&mut out, &format!("@generated by `cardc import xwing-data2` from {source} — do not edit"));
        if self.is_25 {
            writer::game(&mut out, "xwing-25", "X-Wing 2.5");
        } else {
            writer::game(&mut out, "xwing-legacy", "X-Wing 2.0 Legacy");
        }
        writer::comment(
            &mut out,
            "Imported text is kept as printed: the coverage report counts what stays opaque. Some",
        );
        writer::comment(&mut out, "slots are printed by no ship (epic Command cards), so icons may go unused.");
        writer::allow(&mut out, &["opaque-clause", "unused-icon"]);
        out.push('\n');

        self.scan_texts();
        let v = &self.vocab;
        let named =
            |m: &BTreeMap<String, String>| -> Vec<String> { named_entries(m.iter().map(|(id, n)| (&**id, &**n))) };
        vocab_lines(&mut out, "faction", &named_entries(v.factions.iter().map(|(id, n)| (&**id, &**n))));
        let mut sizes: Vec<&String> = v.sizes.iter().collect();
        sizes.sort_by_key(|s| {
            (SIZES.iter().position(|k| k.eq_ignore_ascii_case(s)).unwrap_or(SIZES.len()), s.to_string())
        });
        let mut seen = BTreeSet::new();
        let sizes: Vec<String> =
            sizes.iter().filter(|s| seen.insert(id_of(s))).map(|s| entry(&id_of(s), Some(s), None)).collect();
        vocab_lines(&mut out, "size", &sizes);
        let order = |s: &String| match s.as_str() {
            "initiative" => (0, s.clone()),
            "loadout" => (1, s.clone()),
            s2 if s2.starts_with("attack") => (2, s.clone()),
            "agility" => (3, s.clone()),
            "hull" => (4, s.clone()),
            "shields" => (5, s.clone()),
            _ => (6, s.clone()),
        };
        let mut stats: Vec<String> = v.stats.iter().cloned().collect();
        stats.sort_by_key(order);
        vocab_lines(&mut out, "stat", &stats);
        out.push('\n');
        vocab_lines(&mut out, "icon", &named(&v.icons));
        vocab_lines(&mut out, "ship-icon", &named(&v.ship_icons));
        vocab_lines(&mut out, "trait", &named(&v.traits));
        let formats: Vec<String> = ["standard", "extended", "wildspace", "epic"]
            .iter()
            .filter(|f| v.formats.contains(*f))
            .map(|f| {
                let name = match *f {
                    "standard" => "Standard",
                    "extended" => "Extended",
                    "wildspace" => "Wild Space",
                    _ => "Epic",
                };
                entry(f, Some(name), None)
            })
            .collect();
        vocab_lines(&mut out, "format", &formats);
        out.push('\n');
        vocab_lines(&mut out, "action", &named(&v.actions));
        let tokens: Vec<String> = TOKENS.iter().map(|t| entry(t, Some(t), None)).collect();
        vocab_lines(&mut out, "token", &tokens);
        let pairs = |list: &[(&str, &str)]| named_entries(list.iter().copied());
        vocab_lines(&mut out, "resource", &pairs(RESOURCES));
        vocab_lines(&mut out, "die", &pairs(DICE));
        vocab_lines(&mut out, "result", &pairs(RESULTS));
        vocab_lines(&mut out, "arc", &named(&v.arcs));
        vocab_lines(&mut out, "maneuver", &named(&v.maneuvers));
        vocab_lines(&mut out, "phase", &pairs(PHASES));
        out.push('\n');
        for (name, optional) in &v.headers {
            let flag = optional.then_some("optional");
            writer::vocab_line(&mut out, "header", &[entry(&id_of(name), Some(name), flag)]);
        }
        out.push('\n');
        self.rules(&mut out);
        out
    }

    /// The icon names the texts use that only the maneuvers, the arcs the texts alone name,
    /// or the ordnance trait declare.
    fn scan_texts(&mut self) {
        let mut known: BTreeSet<String> = BTreeSet::new();
        let v = &self.vocab;
        for name in v.icons.values().chain(v.actions.values()).chain(v.arcs.values()).chain(v.traits.values()) {
            known.insert(name.to_lowercase());
        }
        for (_, n) in RESOURCES.iter().chain(DICE).chain(RESULTS).chain(PHASES) {
            known.insert(n.to_lowercase());
        }
        for t in TOKENS {
            known.insert(t.to_string());
        }
        for s in &v.stats {
            known.insert(s.clone());
        }
        let texts = std::mem::take(&mut self.texts);
        let sources = std::mem::take(&mut self.text_sources);
        for (text, (file, path)) in texts.iter().zip(&sources) {
            for (_, name) in crate::text::brackets(text) {
                let lower = name.to_lowercase();
                if known.contains(&lower) || self.vocab.maneuvers.values().any(|m| m.to_lowercase() == lower) {
                    continue;
                }
                if let Some((_, m)) = MANEUVERS.iter().find(|(_, m)| m.to_lowercase() == lower) {
                    Vocab::put(&mut self.vocab.maneuvers, id_of(m), m);
                } else if name.ends_with(" Arc") {
                    self.vocab.arc(name);
                    known.insert(lower);
                } else if lower == "ordnance" {
                    self.vocab.trait_(name);
                    known.insert(lower);
                } else if !name.trim().is_empty() && is_valid_id(&id_of(name)) {
                    // An icon is the neutral kind: it names a symbol and nothing more.
                    let detail = format!("[{name}] declared as icon `{}`", id_of(name));
                    self.imp.irregular(file, path, UNDECLARED_NAME, detail);
                    self.vocab.icon(name);
                    known.insert(lower);
                } else {
                    self.imp.unsupported(format!("icon name [{name}] in text that the game does not declare"));
                }
            }
        }
        self.texts = texts;
        self.text_sources = sources;
    }

    fn rules(&self, out: &mut String) {
        let unique = "A squad cannot contain more copies of a limited name than its limit";
        writer::rule(out, "unique-names", unique, "unique names per fleet");
        if self.is_25 {
            let points = "The ships of a squad cost at most 20 points";
            writer::rule(out, "squad-points", points, "total cost of ships at most 20 per fleet");
            let loadout = "The upgrades of a ship cost at most its loadout value";
            writer::rule(out, "loadout", loadout, "total cost of upgrades at most loadout per ship");
        } else {
            let points = "A squad costs at most 200 points";
            writer::rule(out, "squad-points", points, "total cost at most 200 per fleet");
        }
        for icon in &self.solitary {
            let name = self.vocab.icons.get(icon).cloned().unwrap_or_else(|| icon.clone());
            let message = format!("A squad can include only 1 Solitary {name} upgrade");
            let constraint = format!("at most 1 upgrade with trait solitary with icon {icon} per fleet");
            writer::rule(out, &format!("solitary-{icon}"), &message, &constraint);
        }
        if self.standardized {
            let message = "Ships of one type must all equip the same Standardized upgrades";
            writer::rule(out, "standardized", message, "same upgrade with trait standardized per ship-icon");
        }
    }
}

impl Vocab {
    pub(super) fn trait_force(&mut self, id: &str, name: &str) -> String {
        Vocab::put(&mut self.traits, id.to_string(), name);
        id.to_string()
    }
}

/// `kind a "A", b "B"` lines of at most about 100 characters.
fn vocab_lines(out: &mut String, kind: &str, entries: &[String]) {
    writer::vocab_lines(out, kind, entries, 100);
}
