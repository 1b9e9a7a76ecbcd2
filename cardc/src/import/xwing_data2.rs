//! `cardc import xwing-data2`: the X-Wing cards of [xwing-data2] as a card set.
//!
//! It reads both forks of the data: the 2.0 "legacy" points (`wildspace` format, pilot
//! costs around 20–100 of a 200-point squad, variable upgrade costs) and the 2.5 points of
//! the xwingtmg continuation (`extended` format, a pilot `loadout` budget for upgrades).
//! Which one a folder holds is read from the data: a pilot with a `loadout` makes it 2.5.
//!
//! What becomes what:
//! - `game.cards`: the game (`xwing-legacy` or `xwing-25`, so that both sets fit in one
//!   crate), its factions, sizes, stats (one attack stat per arc), slots as icons, ship
//!   types as ship icons, keywords as traits, formats, actions, tokens, resources, dice,
//!   results, arcs, maneuvers, phases, the headers the texts use, and the squad rules.
//! - `ships/<faction>/<ship>.cards`: one chassis per ship file (a ship type of one faction)
//!   and one ship per pilot.
//! - `upgrades/<slot>.cards`: one upgrade per upgrade, and the second side of a
//!   double-sided card as its own upgrade with `back-of:`.
//!
//! Restrictions are a list of objects: the objects are AND-ed, the keys inside one object
//! OR-ed (0-0-0's `{factions: [scum], names: ["Darth Vader"]}` is "Scum, or a squad with
//! Darth Vader"), and the values of one key OR-ed. Everything the set does not carry (dials,
//! images, upgrade attack profiles, devices, conditions…) is counted in
//! [`Imported::unsupported`].
//!
//! [xwing-data2]: https://github.com/guidokessels/xwing-data2

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use serde::Deserialize;
use serde_json::Value;

use super::{json_files, quote, read_json, sub_dirs, ImportError, Imported};
use crate::ast::Span;
use crate::emit::ident::pascal;
use crate::resolve::ids::{derive_id, is_valid_id};
use crate::text::says;

/// Imports the xwing-data2 folder `data_dir` (the repository folder holding `data/`, or
/// `data/` itself).
///
/// # Errors
/// When a file the import needs cannot be read or does not hold what xwing-data2 holds.
pub fn import(data_dir: &Path) -> Result<Imported, ImportError> {
    let data = Data::read(data_dir)?;
    let mut imported = Importer::new(&data).run();
    imported.format_files();
    Ok(imported)
}

// ---------------------------------------------------------------------------------------
// The data, as xwing-data2 writes it (tests/schemas/*.schema.json).

/// A named entry of `factions.json`, `actions.json` or `stats.json`.
#[derive(Deserialize)]
struct Entry {
    name: String,
    xws: String,
    #[serde(flatten)]
    other: BTreeMap<String, Value>,
}

#[derive(Deserialize)]
struct Manifest {
    version: Option<String>,
}

/// `data/pilots/<faction>/<ship>.json`.
#[derive(Deserialize)]
struct ShipFile {
    name: String,
    xws: String,
    faction: String,
    size: String,
    #[serde(default)]
    stats: Vec<StatEntry>,
    #[serde(default)]
    actions: Vec<ActionEntry>,
    pilots: Vec<Pilot>,
    #[serde(flatten)]
    other: BTreeMap<String, Value>,
}

#[derive(Clone, Deserialize, PartialEq)]
struct StatEntry {
    #[serde(rename = "type")]
    kind: String,
    value: i64,
    #[serde(default)]
    arc: Option<String>,
    #[serde(default)]
    recovers: Option<i64>,
}

#[derive(Clone, Deserialize, PartialEq)]
struct ActionEntry {
    #[serde(rename = "type")]
    kind: String,
    #[serde(default)]
    difficulty: Option<String>,
    #[serde(default)]
    linked: Option<Box<ActionEntry>>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Pilot {
    name: String,
    xws: String,
    #[serde(default)]
    initiative: Option<i64>,
    #[serde(default)]
    limited: i64,
    #[serde(default)]
    cost: Option<i64>,
    #[serde(default)]
    loadout: Option<i64>,
    #[serde(default)]
    ability: Option<String>,
    #[serde(default)]
    text: Option<String>,
    #[serde(default)]
    slots: Option<Vec<String>>,
    #[serde(default)]
    standard_loadout: Option<Vec<String>>,
    #[serde(default)]
    keywords: Vec<String>,
    #[serde(default)]
    force: Option<Force>,
    #[serde(default)]
    charges: Option<Charges>,
    #[serde(default)]
    ship_stats: Vec<StatEntry>,
    #[serde(default)]
    ship_actions: Option<Vec<ActionEntry>>,
    #[serde(default)]
    ship_ability: Option<ShipAbility>,
    #[serde(flatten)]
    formats: Formats,
    #[serde(flatten)]
    other: BTreeMap<String, Value>,
}

/// The format flags of a pilot or upgrade.
#[derive(Default, Deserialize)]
struct Formats {
    #[serde(default)]
    standard: Option<bool>,
    #[serde(default)]
    extended: Option<bool>,
    #[serde(default)]
    wildspace: Option<bool>,
    #[serde(default)]
    epic: Option<bool>,
}

impl Formats {
    /// `(format id, whether the card is legal in it)` for every flag the card has.
    fn flags(&self) -> Vec<(&'static str, bool)> {
        [("standard", self.standard), ("extended", self.extended), ("wildspace", self.wildspace), ("epic", self.epic)]
            .into_iter()
            .filter_map(|(id, v)| v.map(|v| (id, v)))
            .collect()
    }
}

#[derive(Clone, Deserialize, PartialEq)]
struct Force {
    value: i64,
    #[serde(default)]
    recovers: i64,
    #[serde(default)]
    side: Vec<String>,
}

#[derive(Clone, Deserialize, PartialEq)]
struct Charges {
    value: i64,
    #[serde(default)]
    recovers: i64,
}

#[derive(Clone, Deserialize, PartialEq)]
struct ShipAbility {
    name: String,
    text: String,
}

/// `data/upgrades/<slot>.json`: an array of these.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Upgrade {
    name: String,
    #[serde(default)]
    limited: i64,
    xws: String,
    sides: Vec<Side>,
    #[serde(default)]
    cost: Option<Cost>,
    #[serde(default)]
    restrictions: Vec<BTreeMap<String, Value>>,
    #[serde(default)]
    standard_loadout_only: bool,
    #[serde(flatten)]
    formats: Formats,
    #[serde(flatten)]
    other: BTreeMap<String, Value>,
}

#[derive(Deserialize)]
#[serde(untagged)]
enum Cost {
    Variable { variable: String, values: BTreeMap<String, i64> },
    Fixed { value: Value },
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Side {
    title: String,
    #[serde(rename = "type")]
    kind: String,
    #[serde(default)]
    slots: Vec<String>,
    #[serde(default)]
    ability: Option<String>,
    #[serde(default)]
    text: Option<String>,
    #[serde(default)]
    charges: Option<Charges>,
    #[serde(default)]
    force: Option<Force>,
    #[serde(default)]
    grants: Vec<Grant>,
    #[serde(default)]
    actions: Vec<ActionEntry>,
    #[serde(default)]
    ship_ability: Option<ShipAbility>,
    #[serde(default)]
    restrictions: Vec<BTreeMap<String, Value>>,
    #[serde(flatten)]
    other: BTreeMap<String, Value>,
}

#[derive(Deserialize)]
struct Grant {
    #[serde(rename = "type")]
    kind: String,
    value: Value,
    #[serde(default)]
    amount: Option<i64>,
    #[serde(default)]
    arc: Option<String>,
}

/// Everything read from one data folder.
struct Data {
    version: Option<String>,
    factions: Vec<Entry>,
    actions: Vec<Entry>,
    stats: Vec<Entry>,
    /// `(faction folder, file stem, ship)`, sorted by path.
    ships: Vec<(String, String, ShipFile)>,
    /// `(file stem, upgrades)`, sorted by path.
    upgrades: Vec<(String, Vec<Upgrade>)>,
    /// Cards and files the set does not carry, with how many each.
    extras: Vec<(&'static str, usize)>,
}

impl Data {
    fn read(dir: &Path) -> Result<Data, ImportError> {
        let root = if dir.join("data").is_dir() { dir.join("data") } else { dir.to_path_buf() };
        let manifest = root.join("manifest.json");
        let version = if manifest.is_file() { read_json::<Manifest>(&manifest)?.version } else { None };
        let factions: Vec<Entry> = read_json(&root.join("factions/factions.json"))?;
        let optional = |path: PathBuf| -> Result<Vec<Entry>, ImportError> {
            if path.is_file() {
                read_json(&path)
            } else {
                Ok(Vec::new())
            }
        };
        let actions = optional(root.join("actions/actions.json"))?;
        let stats = optional(root.join("stats/stats.json"))?;

        let mut ships = Vec::new();
        for faction_dir in sub_dirs(&root.join("pilots"))? {
            let folder = file_name(&faction_dir);
            for path in json_files(&faction_dir)? {
                ships.push((folder.clone(), file_stem(&path), read_json::<ShipFile>(&path)?));
            }
        }
        if ships.is_empty() {
            return Err(ImportError::data(root.join("pilots"), "no ship files (pilots/<faction>/<ship>.json)"));
        }
        let mut upgrades = Vec::new();
        for path in json_files(&root.join("upgrades"))? {
            upgrades.push((file_stem(&path), read_json::<Vec<Upgrade>>(&path)?));
        }

        let mut extras = Vec::new();
        let conditions = root.join("conditions/conditions.json");
        if conditions.is_file() {
            extras.push(("condition card", read_json::<Vec<Value>>(&conditions)?.len()));
        }
        let decks = root.join("damage-decks");
        if decks.is_dir() {
            let mut n = 0;
            for path in json_files(&decks)? {
                let deck: Value = read_json(&path)?;
                n += deck.get("cards").and_then(Value::as_array).map_or(0, Vec::len);
            }
            extras.push(("damage card", n));
        }
        let builds = root.join("quick-builds");
        if builds.is_dir() {
            let mut n = 0;
            for path in json_files(&builds)? {
                let file: Value = read_json(&path)?;
                n += file.get("quick-builds").and_then(Value::as_array).map_or(0, Vec::len);
            }
            extras.push(("quick build", n));
        }
        let translations = ["translation.json", "localization.pilots.json"];
        let n = translations.iter().filter(|f| root.join(f).is_file()).count();
        extras.push(("translation file", n));

        Ok(Data { version, factions, actions, stats, ships, upgrades, extras })
    }

    /// Whether the data carries 2.5 points (a pilot `loadout`).
    fn is_25(&self) -> bool {
        self.ships.iter().flat_map(|(_, _, s)| &s.pilots).any(|p| p.loadout.is_some())
    }
}

fn file_name(path: &Path) -> String {
    path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default()
}

fn file_stem(path: &Path) -> String {
    path.file_stem().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default()
}

// ---------------------------------------------------------------------------------------
// Game knowledge the data does not list: the X-Wing vocabulary that card text names.

/// Dial letters (xwing-data2's `dial` codes) and the maneuvers they stand for.
const MANEUVERS: &[(char, &str)] = &[
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
const RESULTS: &[(&str, &str)] =
    &[("hit", "Hit"), ("critical-hit", "Critical Hit"), ("focus", "Focus"), ("evade", "Evade"), ("blank", "blank")];
const PHASES: &[(&str, &str)] = &[
    ("planning", "Planning Phase"),
    ("system", "System Phase"),
    ("activation", "Activation Phase"),
    ("engagement", "Engagement Phase"),
    ("end", "End Phase"),
];
/// Headers whose abilities the player chooses to use.
const OPTIONAL_HEADERS: &[&str] = &["Action", "Attack", "Bonus Attack"];
/// Sizes, smallest first.
const SIZES: &[&str] = &["Small", "Medium", "Large", "Huge"];
/// The restriction keys of the data, in the order their atoms are written.
const RESTRICTION_KEYS: &[&str] = &[
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
const ALIASES: &[(&str, &str)] = &[("[Crit]", "[Critical Hit]")];

// ---------------------------------------------------------------------------------------
// The import.

/// An id for a name: its derived id, made valid when the name folds to none.
fn id_of(name: &str) -> String {
    let id = derive_id(name);
    if is_valid_id(&id) {
        id
    } else if id.is_empty() {
        "unnamed".into()
    } else {
        format!("n-{id}")
    }
}

fn arc_id(arc: &str) -> String {
    id_of(arc.strip_suffix(" Arc").unwrap_or(arc))
}

fn attack_stat(arc: &str) -> String {
    format!("attack-{}", arc_id(arc))
}

fn signed(n: i64) -> String {
    if n >= 0 {
        format!("+{n}")
    } else {
        n.to_string()
    }
}

/// `charges: 2 recurring`: the value, and `recurring` with how many recover a round.
fn recurring(value: i64, recovers: i64) -> String {
    match recovers {
        0 => value.to_string(),
        1 => format!("{value} recurring"),
        r => format!("{value} recurring {r}"),
    }
}

/// The vocabulary the set declares, gathered while the cards are written.
#[derive(Default)]
struct Vocab {
    /// `(id, name)` in the data's order.
    factions: Vec<(String, String)>,
    /// Faction xws → id.
    faction_by_xws: BTreeMap<String, String>,
    sizes: BTreeSet<String>,
    stats: BTreeSet<String>,
    icons: BTreeMap<String, String>,
    ship_icons: BTreeMap<String, String>,
    traits: BTreeMap<String, String>,
    formats: BTreeSet<&'static str>,
    actions: BTreeMap<String, String>,
    arcs: BTreeMap<String, String>,
    maneuvers: BTreeMap<String, String>,
    /// Header name → optional.
    headers: BTreeMap<String, bool>,
}

impl Vocab {
    /// Records `name` under `id`, keeping the first spelling in sort order ("Cannon" before
    /// "cannon") so that the output does not depend on which card came first.
    fn put(map: &mut BTreeMap<String, String>, id: String, name: &str) {
        let slot = map.entry(id).or_insert_with(|| name.to_string());
        if name < slot.as_str() {
            *slot = name.to_string();
        }
    }

    fn icon(&mut self, slot: &str) -> String {
        let id = id_of(slot);
        Vocab::put(&mut self.icons, id.clone(), slot);
        id
    }

    fn action(&mut self, action: &str) -> String {
        let id = id_of(action);
        Vocab::put(&mut self.actions, id.clone(), action);
        id
    }

    fn arc(&mut self, arc: &str) -> String {
        let id = arc_id(arc);
        Vocab::put(&mut self.arcs, id.clone(), arc);
        id
    }

    fn trait_(&mut self, name: &str) -> String {
        let id = id_of(name);
        Vocab::put(&mut self.traits, id.clone(), name);
        id
    }

    fn size(&mut self, size: &str) -> String {
        self.sizes.insert(size.to_string());
        id_of(size)
    }

    fn stat(&mut self, stat: &str) -> String {
        self.stats.insert(stat.to_string());
        stat.to_string()
    }

    /// `focus > red barrel-roll`: an action with its color and linked action.
    fn action_text(&mut self, a: &ActionEntry) -> String {
        let mut out = format!("{}{}", color(a.difficulty.as_deref(), false), self.action(&a.kind));
        if let Some(l) = &a.linked {
            let _ = write!(out, " > {}{}", color(l.difficulty.as_deref(), false), self.action(&l.kind));
        }
        out
    }
}

/// `red ` / `purple ` (and `white ` when `explicit`): an action's color as a prefix.
fn color(difficulty: Option<&str>, explicit: bool) -> String {
    match difficulty.map(str::to_ascii_lowercase).as_deref() {
        Some("red") => "red ".into(),
        Some("purple") => "purple ".into(),
        Some("white") if explicit => "white ".into(),
        _ => String::new(),
    }
}

/// A card being written: its lines, without the braces.
#[derive(Default)]
struct CardOut {
    fields: Vec<String>,
    blocks: Vec<String>,
}

impl CardOut {
    fn field(&mut self, key: &str, value: impl std::fmt::Display) {
        self.fields.push(format!("  {key}: {value}"));
    }

    fn flag(&mut self, key: &str) {
        self.fields.push(format!("  {key}"));
    }

    fn list(&mut self, key: &str, values: &[String]) {
        if !values.is_empty() {
            self.field(key, values.join(", "));
        }
    }

    fn render(self, out: &mut String, kind: &str, name: &str, id: &str) {
        let as_id = if derive_id(name) == id { String::new() } else { format!(" as {id}") };
        let _ = writeln!(out, "{kind} {}{as_id} {{", quote(name));
        for f in self.fields {
            out.push_str(&f);
            out.push('\n');
        }
        for b in self.blocks {
            out.push_str(&b);
        }
        out.push_str("}\n\n");
    }
}

/// A `text { … }` or `ability "…" { … }` block, one paragraph a line.
fn block(head: &str, text: &str) -> String {
    let mut out = format!("  {head} {{\n");
    let mut first = true;
    for para in text.split("\n\n") {
        if !first {
            out.push('\n');
        }
        first = false;
        let _ = writeln!(out, "    {para}");
    }
    out.push_str("  }\n");
    out
}

/// Card text as the set writes it: icon brackets nested in the data (`[1 [Straight]]`,
/// `[[Turn Left] or [Turn Right]]`) lose their outer pair, abbreviations (`[Crit]`) their
/// short form, braces (which would end the block) become parentheses, and the text is
/// trimmed into paragraphs separated by one blank line.
fn clean_text(raw: &str, imp: &mut Imported) -> String {
    let chars: Vec<char> = raw.chars().collect();
    // Match brackets; a pair that holds another pair is dropped.
    let mut drop = vec![false; chars.len()];
    let mut stack: Vec<(usize, bool)> = Vec::new();
    let mut flattened = false;
    for (i, &c) in chars.iter().enumerate() {
        match c {
            '[' => {
                if let Some(top) = stack.last_mut() {
                    top.1 = true;
                }
                stack.push((i, false));
            }
            ']' => {
                if let Some((open, nested)) = stack.pop() {
                    if nested {
                        drop[open] = true;
                        drop[i] = true;
                        flattened = true;
                    }
                }
            }
            _ => {}
        }
    }
    let mut text: String = chars.iter().zip(&drop).filter(|(_, d)| !**d).map(|(c, _)| *c).collect();
    if flattened {
        imp.mapped("text: icon brackets nested in the data flattened ([1 [Straight]] → 1 [Straight])");
    }
    for (short, long) in ALIASES {
        if text.contains(short) {
            imp.mapped(format!("text: {short} written {long}"));
            text = text.replace(short, long);
        }
    }
    if text.contains(['{', '}']) {
        imp.mapped("text: braces written as parentheses");
        text = text.replace('{', "(").replace('}', ")");
    }
    let text = text.replace("\r\n", "\n");
    let paragraphs: Vec<String> = text
        .split("\n\n")
        .map(|p| p.split_whitespace().collect::<Vec<_>>().join(" "))
        .filter(|p| !p.is_empty())
        .collect();
    paragraphs.join("\n\n")
}

/// Ids for cards: the name's id when no other card has it; else qualified, and qualified
/// again from the xws id, and numbered as a last resort. Ids are compared as the Rust
/// identifiers they become, so no two collide in the generated code either.
struct Candidate {
    base: String,
    /// Tells cards of one name apart: the ship type of a pilot, the slot of an upgrade.
    qualifier: String,
    /// Tells cards of one name and qualifier apart: what their xws id adds to the name.
    edition: String,
}

fn assign_ids(cands: &[Candidate], taken: &mut BTreeSet<String>) -> Vec<String> {
    let mut ids = vec![String::new(); cands.len()];
    let take = |id: &str, taken: &mut BTreeSet<String>| taken.insert(pascal(id));
    let count = |keys: &[String]| {
        let mut n: BTreeMap<String, usize> = BTreeMap::new();
        for k in keys {
            *n.entry(pascal(k)).or_default() += 1;
        }
        n
    };
    let join = |a: &str, b: &str| if b.is_empty() { a.to_string() } else { format!("{a}-{b}") };

    let bases: Vec<String> = cands.iter().map(|c| c.base.clone()).collect();
    let n0 = count(&bases);
    let mut pending = Vec::new();
    for (i, base) in bases.iter().enumerate() {
        if n0[&pascal(base)] == 1 && !taken.contains(&pascal(base)) {
            take(base, taken);
            ids[i] = base.clone();
        } else {
            pending.push(i);
        }
    }
    let level1: Vec<String> = pending.iter().map(|&i| join(&cands[i].base, &cands[i].qualifier)).collect();
    let n1 = count(&level1);
    let mut still = Vec::new();
    for (&i, id) in pending.iter().zip(&level1) {
        if n1[&pascal(id)] == 1 && !taken.contains(&pascal(id)) {
            take(id, taken);
            ids[i] = id.clone();
        } else {
            still.push((i, join(id, &cands[i].edition)));
        }
    }
    let level2: Vec<String> = still.iter().map(|(_, id)| id.clone()).collect();
    let n2 = count(&level2);
    for (i, id) in still {
        if n2[&pascal(&id)] == 1 && take(&id, taken) {
            ids[i] = id;
            continue;
        }
        let mut n = 1;
        let mut candidate = id.clone();
        while !take(&candidate, taken) {
            n += 1;
            candidate = format!("{id}-{n}");
        }
        ids[i] = candidate;
    }
    ids
}

/// What an xws id adds to its card's name: `darthvader-battleofyavin` → `battleofyavin`.
fn edition(name: &str, xws: &str) -> String {
    let squashed: String = derive_id(name).chars().filter(|c| *c != '-').collect();
    let rest = xws.strip_prefix(&squashed).unwrap_or(xws);
    let rest = rest.trim_start_matches('-');
    if rest.is_empty() {
        String::new()
    } else {
        id_of(rest)
    }
}

struct Importer<'d> {
    data: &'d Data,
    imp: Imported,
    vocab: Vocab,
    /// Every text written, for the headers and icon names the game must declare.
    texts: Vec<String>,
    /// Upgrade xws → id (front sides).
    upgrade_ids: BTreeMap<String, String>,
    /// Solitary slots (icon ids).
    solitary: BTreeSet<String>,
    standardized: bool,
    is_25: bool,
    cache: crate::text::SentenceCache,
}

impl<'d> Importer<'d> {
    fn new(data: &'d Data) -> Importer<'d> {
        let mut vocab = Vocab::default();
        for f in &data.factions {
            let id = id_of(&f.name);
            vocab.faction_by_xws.insert(f.xws.clone(), id.clone());
            vocab.factions.push((id, f.name.clone()));
        }
        for a in &data.actions {
            vocab.action(&a.name);
        }
        // stats.json lists the arcs with the stats; the other entries are stats and
        // resources the game declares anyway.
        for s in data.stats.iter().filter(|s| s.name.ends_with(" Arc")) {
            vocab.arc(&s.name);
        }
        Importer {
            data,
            imp: Imported::default(),
            vocab,
            texts: Vec::new(),
            upgrade_ids: BTreeMap::new(),
            solitary: BTreeSet::new(),
            standardized: false,
            is_25: data.is_25(),
            cache: crate::text::SentenceCache::default(),
        }
    }

    fn run(mut self) -> Imported {
        let (chassis_ids, pilot_ids, upgrade_ids, back_ids) = self.ids();
        // A set is one flat folder: the ships of a faction folder go in one file, the
        // upgrades of a slot file in another.
        for (i, (folder, stem, ship)) in self.data.ships.iter().enumerate() {
            let text = self.ship_file(folder, stem, ship, &chassis_ids[i], &pilot_ids[i]);
            let version = self.data.version.clone();
            let file = self
                .imp
                .files
                .entry(format!("pilots-{}.cards", id_of(folder)))
                .or_insert_with(|| header_comment(&format!("pilots/{folder}/*.json"), version.as_deref()));
            file.push_str(&text);
        }
        for (i, (stem, upgrades)) in self.data.upgrades.iter().enumerate() {
            let mut text = header_comment(&format!("upgrades/{stem}.json"), self.data.version.as_deref());
            for (j, u) in upgrades.iter().enumerate() {
                self.upgrade(&mut text, u, &upgrade_ids[i][j], back_ids[i][j].as_deref());
            }
            self.imp.files.insert(format!("upgrades-{}.cards", id_of(stem)), text);
        }
        let game = self.game();
        self.imp.files.insert("game.cards".into(), game);
        for (what, n) in &self.data.extras {
            for _ in 0..*n {
                self.imp.unsupported(*what);
            }
        }
        for f in &self.data.factions {
            for k in f.other.keys() {
                self.imp.unsupported(other_reason("faction", k));
            }
        }
        self.imp
    }

    /// The ids of every card: chassis, pilots (per ship file), upgrades and back sides
    /// (per upgrade file).
    #[allow(clippy::type_complexity)]
    fn ids(&mut self) -> (Vec<String>, Vec<Vec<String>>, Vec<Vec<String>>, Vec<Vec<Option<String>>>) {
        let mut taken = BTreeSet::new();
        let mut chassis = Vec::new();
        for (folder, _, ship) in &self.data.ships {
            let faction = self.vocab.faction_by_xws.get(&ship.faction).cloned().unwrap_or_else(|| id_of(folder));
            let id = format!("{}-{faction}", id_of(&ship.name));
            let mut candidate = id.clone();
            let mut n = 1;
            while !taken.insert(pascal(&candidate)) {
                n += 1;
                candidate = format!("{id}-{n}");
            }
            chassis.push(candidate);
        }
        let mut cands = Vec::new();
        for (_, _, ship) in &self.data.ships {
            for p in &ship.pilots {
                cands.push(Candidate {
                    base: id_of(&p.name),
                    qualifier: id_of(&ship.name),
                    edition: edition(&p.name, &p.xws),
                });
            }
        }
        for (_, upgrades) in &self.data.upgrades {
            for u in upgrades {
                let slots = u.sides.first().map(|s| s.slots.clone()).unwrap_or_default();
                let qualifier = slots.iter().map(|s| id_of(s)).collect::<Vec<_>>().join("-");
                cands.push(Candidate { base: id_of(&u.name), qualifier, edition: edition(&u.name, &u.xws) });
            }
        }
        let mut all = assign_ids(&cands, &mut taken).into_iter();
        let pilots: Vec<Vec<String>> = self
            .data
            .ships
            .iter()
            .map(|(_, _, s)| s.pilots.iter().map(|_| all.next().unwrap_or_default()).collect())
            .collect();
        let upgrades: Vec<Vec<String>> = self
            .data
            .upgrades
            .iter()
            .map(|(_, us)| us.iter().map(|_| all.next().unwrap_or_default()).collect())
            .collect();
        for ((_, us), ids) in self.data.upgrades.iter().zip(&upgrades) {
            for (u, id) in us.iter().zip(ids) {
                self.upgrade_ids.insert(u.xws.clone(), id.clone());
            }
        }
        // Back sides: their title's id, else the front's id with `-back`.
        let mut backs = Vec::new();
        let mut seen: BTreeMap<String, usize> = BTreeMap::new();
        for (_, us) in &self.data.upgrades {
            for u in us {
                if let Some(side) = u.sides.get(1) {
                    *seen.entry(pascal(&id_of(&side.title))).or_default() += 1;
                }
            }
        }
        for ((_, us), ids) in self.data.upgrades.iter().zip(&upgrades) {
            let mut row = Vec::new();
            for (u, front) in us.iter().zip(ids) {
                row.push(u.sides.get(1).map(|side| {
                    let base = id_of(&side.title);
                    if seen[&pascal(&base)] == 1 && taken.insert(pascal(&base)) {
                        return base;
                    }
                    let id = format!("{front}-back");
                    let mut candidate = id.clone();
                    let mut n = 1;
                    while !taken.insert(pascal(&candidate)) {
                        n += 1;
                        candidate = format!("{id}-{n}");
                    }
                    candidate
                }));
            }
            backs.push(row);
        }
        (chassis, pilots, upgrades, backs)
    }

    /// Cleans a text for a block ([`clean_text`]) and reads it as the compiler will: the
    /// headers it starts abilities with become the game's headers, and an "If … would …"
    /// ability that never says "instead" (E0403, an error) gets its "instead" at its end,
    /// counted.
    fn text(&mut self, raw: &str) -> String {
        let mut text = clean_text(raw, &mut self.imp);
        let frames = frames_of(&text, &mut self.cache);
        let mut inserts = Vec::new();
        for frame in &frames {
            if let Some(h) = &frame.header {
                let name = h.text.trim().to_string();
                let optional = OPTIONAL_HEADERS.contains(&name.as_str());
                self.vocab.headers.insert(name, optional);
            }
            let would = frame.steps.iter().flat_map(|s| &s.conditions).any(|c| says(&c.piece.text, "would"));
            let span = text.get(frame.span.range()).unwrap_or_default();
            if would && !says(span, "instead") {
                let end = frame.span.end as usize;
                let at = if span.ends_with('.') { end - 1 } else { end };
                inserts.push(at);
            }
        }
        for at in inserts.into_iter().rev() {
            text.insert_str(at, " instead");
            self.imp.mapped("text: \"If … would …\" without \"instead\" (E0403) given its \"instead\"");
        }
        self.texts.push(text.clone());
        text
    }

    /// The stats of a stat list as `(stat, value)`, attack stats by arc; counts recovery
    /// (huge ships' energy and shields), which the set does not carry.
    fn stats(&mut self, stats: &[StatEntry]) -> Vec<(String, i64)> {
        let mut out = Vec::new();
        for s in stats {
            let stat = if s.kind == "attack" {
                match &s.arc {
                    Some(arc) => {
                        self.vocab.arc(arc);
                        attack_stat(arc)
                    }
                    None => {
                        self.imp.unsupported("attack stat without an arc");
                        continue;
                    }
                }
            } else {
                id_of(&s.kind)
            };
            if s.recovers.is_some_and(|r| r != 0) {
                self.imp.unsupported(format!("stat recovery ({stat} recovers each round)"));
            }
            out.push((self.vocab.stat(&stat), s.value));
        }
        out
    }

    fn ship_file(
        &mut self,
        folder: &str,
        stem: &str,
        ship: &ShipFile,
        chassis_id: &str,
        pilot_ids: &[String],
    ) -> String {
        let faction = match self.vocab.faction_by_xws.get(&ship.faction) {
            Some(f) => f.clone(),
            None => {
                self.imp.unsupported("ship faction missing from factions.json");
                id_of(folder)
            }
        };
        let faction_name = self.vocab.factions.iter().find(|(id, _)| *id == faction).map_or(&ship.faction, |(_, n)| n);
        let mut text = format!("# {} ({faction_name}): pilots/{folder}/{stem}.json\n\n", ship.name);
        Vocab::put(&mut self.vocab.ship_icons, ship.xws.clone(), &ship.name);
        let mut c = CardOut::default();
        c.field("faction", &faction);
        c.field("size", self.vocab.size(&ship.size));
        c.field("ship-icon", &ship.xws);
        let stats = self.stats(&ship.stats);
        if !stats.is_empty() {
            let line: Vec<String> = stats.iter().map(|(s, v)| format!("{s}: {v}")).collect();
            c.fields.push(format!("  {}", line.join("  ")));
        }
        let arcs = self.arcs(&ship.stats);
        c.list("arcs", &arcs);
        let actions: Vec<String> = ship.actions.iter().map(|a| self.vocab.action_text(a)).collect();
        c.list("actions", &actions);
        c.field("xws", quote(&ship.xws));
        // The ship ability goes on the chassis when every pilot has the same one.
        let first = ship.pilots.first().and_then(|p| p.ship_ability.clone());
        let shared = first.filter(|a| ship.pilots.iter().all(|p| p.ship_ability.as_ref() == Some(a)));
        if let Some(a) = &shared {
            let body = self.text(&a.text);
            c.blocks.push(block(&format!("ability {}", quote(&a.name)), &body));
            self.imp.mapped("pilot shipAbility → ability on the chassis (all its pilots share it)");
        }
        for (k, v) in &ship.other {
            if k == "dial" {
                for code in v.as_array().into_iter().flatten().filter_map(Value::as_str) {
                    let letter = code.chars().nth(1).unwrap_or(' ');
                    if let Some((_, name)) = MANEUVERS.iter().find(|(l, _)| *l == letter) {
                        Vocab::put(&mut self.vocab.maneuvers, id_of(name), name);
                    }
                }
            }
            self.imp.unsupported(other_reason("ship", k));
        }
        c.render(&mut text, "chassis", &ship.name, chassis_id);
        self.imp.card("chassis");

        let chassis_stats = stats;
        for (p, id) in ship.pilots.iter().zip(pilot_ids) {
            self.pilot(&mut text, p, id, chassis_id, &chassis_stats, &arcs, &actions, shared.is_some());
        }
        text
    }

    /// The arcs of a ship's attack stats.
    fn arcs(&mut self, stats: &[StatEntry]) -> Vec<String> {
        let mut out: Vec<String> = Vec::new();
        for s in stats.iter().filter(|s| s.kind == "attack") {
            if let Some(arc) = &s.arc {
                let id = self.vocab.arc(arc);
                if !out.contains(&id) {
                    out.push(id);
                }
            }
        }
        out
    }

    #[allow(clippy::too_many_arguments)]
    fn pilot(
        &mut self,
        text: &mut String,
        p: &Pilot,
        id: &str,
        chassis_id: &str,
        chassis_stats: &[(String, i64)],
        chassis_arcs: &[String],
        chassis_actions: &[String],
        ability_on_chassis: bool,
    ) {
        let mut c = CardOut::default();
        c.field("chassis", chassis_id);
        if p.limited > 0 {
            c.field("limited", p.limited);
        }
        if let Some(i) = p.initiative {
            c.field("initiative", format!("{}", i));
            self.vocab.stat("initiative");
        }
        if !p.ship_stats.is_empty() {
            let own = self.stats(&p.ship_stats);
            let changed: Vec<String> = own
                .iter()
                .filter(|(s, v)| !chassis_stats.iter().any(|(cs, cv)| cs == s && cv == v))
                .map(|(s, v)| format!("{s}: {v}"))
                .collect();
            if !changed.is_empty() {
                c.fields.push(format!("  {}", changed.join("  ")));
                self.imp.mapped("pilot shipStats → the ship's own stats");
            }
            for (s, _) in chassis_stats {
                if !own.iter().any(|(o, _)| o == s) {
                    self.imp.unsupported(format!("pilot shipStats without the chassis' {s} (the ship inherits it)"));
                }
            }
            let arcs = self.arcs(&p.ship_stats);
            if arcs != chassis_arcs {
                c.list("arcs", &arcs);
            }
        }
        if let Some(cost) = p.cost {
            c.field("cost", cost);
        }
        if let Some(l) = p.loadout {
            c.field("loadout", l);
            self.vocab.stat("loadout");
        }
        let mut traits: Vec<String> = p.keywords.iter().map(|k| self.vocab.trait_(k)).collect();
        if let Some(f) = &p.force {
            c.field("force", recurring(f.value, f.recovers));
            for side in &f.side {
                let t = self.force_side(side);
                if !traits.contains(&t) {
                    traits.push(t);
                }
                self.imp.mapped("pilot force side → trait");
            }
        }
        if let Some(ch) = &p.charges {
            c.field("charges", recurring(ch.value, ch.recovers));
        }
        if let Some(slots) = &p.slots {
            let icons: Vec<String> = slots.iter().map(|s| self.vocab.icon(s)).collect();
            c.list("upgrades", &icons);
        }
        if let Some(sl) = &p.standard_loadout {
            let mut ids = Vec::new();
            for xws in sl {
                match self.upgrade_ids.get(xws) {
                    Some(id) => ids.push(id.clone()),
                    None => self.imp.unsupported("standard-loadout upgrade missing from the data (left out)"),
                }
            }
            c.list("standard-loadout", &ids);
        }
        c.list("traits", &traits);
        if let Some(actions) = &p.ship_actions {
            let own: Vec<String> = actions.iter().map(|a| self.vocab.action_text(a)).collect();
            if own != chassis_actions {
                c.list("actions", &own);
                self.imp.mapped("pilot shipActions → the ship's own actions");
            }
        }
        self.formats(&mut c, &p.formats);
        c.field("xws", quote(&p.xws));
        if let (Some(a), false) = (&p.ship_ability, ability_on_chassis) {
            let body = self.text(&a.text);
            c.blocks.push(block(&format!("ability {}", quote(&a.name)), &body));
            self.imp.mapped("pilot shipAbility → ability on the ship (its chassis' pilots differ)");
        }
        if let Some(body) = self.card_text(p.ability.as_deref(), p.text.as_deref(), None) {
            c.blocks.push(block("text", &body));
        }
        for k in p.other.keys() {
            self.imp.unsupported(other_reason("pilot", k));
        }
        c.render(text, "ship", &p.name, id);
        self.imp.card("ship");
    }

    fn force_side(&mut self, side: &str) -> String {
        match side {
            "light" => self.vocab.trait_force("force-light", "Light Side Force"),
            "dark" => self.vocab.trait_force("force-dark", "Dark Side Force"),
            other => self.vocab.trait_force(&format!("force-{}", id_of(other)), other),
        }
    }

    /// The text a card prints: its `ability`; else its `text` when that names an icon
    /// (the data puts one upgrade's ability there); any other `text` is flavor.
    fn card_text(
        &mut self,
        ability: Option<&str>,
        text: Option<&str>,
        granted: Option<&ShipAbility>,
    ) -> Option<String> {
        let ability = ability.filter(|a| !a.trim().is_empty());
        let mut body = match (ability, text) {
            (Some(a), t) => {
                if t.is_some() {
                    self.imp.unsupported("flavor text");
                }
                a.to_string()
            }
            (None, Some(t)) if t.contains('[') => {
                self.imp.mapped("text of a card without ability, which names icons → its text");
                t.to_string()
            }
            (None, Some(_)) => {
                self.imp.unsupported("flavor text");
                String::new()
            }
            (None, None) => String::new(),
        };
        if let Some(g) = granted {
            // "Replace your … ship ability with the following:" — the ability follows.
            body = if body.is_empty() { g.text.clone() } else { format!("{} {}", body.trim_end(), g.text) };
            self.imp.unsupported("ship ability an upgrade gives: its name (the text is kept in the upgrade's text)");
        }
        if body.trim().is_empty() {
            None
        } else {
            Some(self.text(&body))
        }
    }

    fn formats(&mut self, c: &mut CardOut, formats: &Formats) {
        let flags = formats.flags();
        for (id, _) in &flags {
            self.vocab.formats.insert(id);
        }
        let legal: Vec<String> = flags.iter().filter(|(_, on)| *on).map(|(id, _)| id.to_string()).collect();
        if legal.is_empty() && !flags.is_empty() {
            self.imp.unsupported("card legal in no format (no formats: written)");
        }
        c.list("formats", &legal);
    }

    fn upgrade(&mut self, text: &mut String, u: &Upgrade, id: &str, back_id: Option<&str>) {
        let Some(front) = u.sides.first() else {
            self.imp.unsupported("upgrade without sides");
            return;
        };
        if front.title != u.name {
            let _ = writeln!(text, "# Front side: {}", front.title.replace('\n', " "));
        }
        let mut c = CardOut::default();
        let icons = self.icons(front);
        if !icons.is_empty() {
            c.fields.push(icons.clone());
        }
        if u.limited > 0 {
            c.field("limited", u.limited);
        }
        let mut r = Restrictions::default();
        self.restrictions(&u.restrictions, &mut r);
        c.list("faction", &r.factions);
        if !r.clauses.is_empty() {
            c.field("requires", r.requires());
        }
        let traits: Vec<String> = r.traits.iter().cloned().collect();
        c.list("traits", &traits);
        if traits.iter().any(|t| t == "solitary") {
            for slot in &front.slots {
                let icon = id_of(slot);
                self.solitary.insert(icon);
            }
        }
        self.standardized |= traits.iter().any(|t| t == "standardized");
        match &u.cost {
            Some(cost) => {
                if let Some(v) = self.cost(cost) {
                    c.field("cost", v);
                }
            }
            None if u.standard_loadout_only => {}
            None => self.imp.unsupported("upgrade without a cost"),
        }
        self.side_fields(&mut c, front);
        if u.standard_loadout_only {
            c.flag("standard-loadout-only");
        }
        self.formats(&mut c, &u.formats);
        c.field("xws", quote(&u.xws));
        if let Some(body) = self.card_text(front.ability.as_deref(), front.text.as_deref(), front.ship_ability.as_ref())
        {
            c.blocks.push(block("text", &body));
        }
        self.side_extras(front, &u.restrictions);
        for k in u.other.keys() {
            self.imp.unsupported(other_reason("upgrade", k));
        }
        c.render(text, "upgrade", &u.name, id);
        self.imp.card("upgrade");

        if let (Some(back), Some(back_id)) = (u.sides.get(1), back_id) {
            let mut c = CardOut::default();
            let icons = self.icons(back);
            if !icons.is_empty() {
                c.fields.push(icons);
            }
            c.field("back-of", id);
            self.side_fields(&mut c, back);
            if let Some(body) =
                self.card_text(back.ability.as_deref(), back.text.as_deref(), back.ship_ability.as_ref())
            {
                c.blocks.push(block("text", &body));
            }
            self.side_extras(back, &u.restrictions);
            c.render(text, "upgrade", &back.title, back_id);
            self.imp.card("upgrade back side");
        }
        for _ in u.sides.iter().skip(2) {
            self.imp.unsupported("upgrade side after the second");
        }
    }

    /// `icon: crew` or `icons: command + crew`.
    fn icons(&mut self, side: &Side) -> String {
        let slots: Vec<String> = if side.slots.is_empty() {
            vec![self.vocab.icon(&side.kind)]
        } else {
            side.slots.iter().map(|s| self.vocab.icon(s)).collect()
        };
        match slots.as_slice() {
            [one] => format!("  icon: {one}"),
            many => {
                self.imp.mapped("upgrade with several slots → icons: a + b");
                format!("  icons: {}", many.join(" + "))
            }
        }
    }

    /// Charges, force and grants of one side.
    fn side_fields(&mut self, c: &mut CardOut, side: &Side) {
        if let Some(ch) = &side.charges {
            c.field("charges", recurring(ch.value, ch.recovers));
        }
        if let Some(f) = &side.force {
            c.field("force", recurring(f.value, f.recovers));
            if !f.side.is_empty() {
                self.imp.unsupported("upgrade force side");
            }
        }
        let mut grants = Vec::new();
        for g in &side.grants {
            if let Some(text) = self.grant(g) {
                grants.push(text);
            }
        }
        c.list("grants", &grants);
    }

    /// What the set does not carry of a side, counted.
    fn side_extras(&mut self, side: &Side, card_restrictions: &[BTreeMap<String, Value>]) {
        if !side.actions.is_empty() {
            // The side's `actions` repeat its action grants.
            let granted: Vec<ActionEntry> = side
                .grants
                .iter()
                .filter(|g| g.kind == "action")
                .filter_map(|g| serde_json::from_value(g.value.clone()).ok())
                .collect();
            if side.actions.iter().all(|a| granted.contains(a)) {
                self.imp.mapped("upgrade side actions (the same as its action grants)");
            } else {
                self.imp.unsupported("upgrade side actions that its grants do not list");
            }
        }
        if !side.restrictions.is_empty() {
            if side.restrictions == card_restrictions {
                self.imp.mapped("upgrade side restrictions (the same as the card's)");
            } else {
                self.imp.unsupported("upgrade side restrictions that differ from the card's");
            }
        }
        for k in side.other.keys() {
            self.imp.unsupported(other_reason("upgrade side", k));
        }
    }

    fn grant(&mut self, g: &Grant) -> Option<String> {
        let amount = g.amount.unwrap_or(1);
        let text = match (g.kind.as_str(), &g.value) {
            ("slot", Value::String(slot)) => {
                let icon = self.vocab.icon(slot);
                if amount == 1 {
                    format!("slot {icon}")
                } else {
                    format!("slot {icon} {amount}")
                }
            }
            ("action", v) => match serde_json::from_value::<ActionEntry>(v.clone()) {
                Ok(mut a) => {
                    // A grant is one action: the language has no linked grant.
                    if a.linked.take().is_some() {
                        self.imp.unsupported("linked action of an action grant (the grant keeps its first action)");
                    }
                    format!("action {}", self.vocab.action_text(&a))
                }
                Err(_) => {
                    self.imp.unsupported("grant of an action the importer cannot read");
                    return None;
                }
            },
            ("stat", Value::String(stat)) if stat == "attack" => match &g.arc {
                Some(arc) => {
                    self.vocab.arc(arc);
                    format!("stat {} {}", self.vocab.stat(&attack_stat(arc)), signed(amount))
                }
                None => {
                    self.imp.unsupported("grant of an attack stat without an arc");
                    return None;
                }
            },
            ("stat", Value::String(stat)) => format!("stat {} {}", self.vocab.stat(&id_of(stat)), signed(amount)),
            ("force", v) => {
                if v.get("side").is_some() {
                    self.imp.unsupported("force grant's side (light or dark)");
                }
                format!("force {}", signed(amount))
            }
            ("arc", Value::String(arc)) => format!("arc {}", self.vocab.arc(arc)),
            (kind, _) => {
                self.imp.unsupported(format!("grant of kind `{kind}`"));
                return None;
            }
        };
        self.imp.mapped(format!("grant {} → grants: {}", g.kind, text.split(' ').next().unwrap_or_default()));
        Some(text)
    }

    fn cost(&mut self, cost: &Cost) -> Option<String> {
        match cost {
            Cost::Fixed { value: Value::Number(n) } if n.as_i64().is_some_and(|n| n < 0) => {
                self.imp.unsupported("negative upgrade cost (not written: a cost has no sign)");
                None
            }
            Cost::Fixed { value: Value::Number(n) } if n.as_i64().is_some() => n.as_i64().map(|n| n.to_string()),
            Cost::Fixed { value: Value::String(s) } => match s.trim().parse::<i64>() {
                Ok(n) => {
                    self.imp.mapped("upgrade cost written as a string → cost");
                    Some(n.to_string())
                }
                Err(_) => {
                    self.imp.unsupported(format!("upgrade cost {} (no cost written)", quote(s)));
                    None
                }
            },
            Cost::Fixed { .. } => {
                self.imp.unsupported("upgrade cost that is not a number");
                None
            }
            Cost::Variable { variable, values } => {
                let mut entries: Vec<(i64, String, i64)> = Vec::new();
                for (k, v) in values {
                    let (rank, key) = if variable == "size" {
                        let rank = SIZES.iter().position(|s| s.eq_ignore_ascii_case(k)).unwrap_or(SIZES.len());
                        (rank as i64, self.vocab.size(k))
                    } else {
                        match k.parse::<i64>() {
                            Ok(n) => (n, n.to_string()),
                            Err(_) => {
                                self.imp.unsupported(format!(
                                    "variable cost by {variable} with a key that is not a number"
                                ));
                                return None;
                            }
                        }
                    };
                    entries.push((rank, key, *v));
                }
                entries.sort();
                let by = if variable == "size" { "size".to_string() } else { self.vocab.stat(&id_of(variable)) };
                self.imp.mapped(format!("variable cost by {variable} → cost: by {by} …"));
                let list: Vec<String> = entries.iter().map(|(_, k, v)| format!("{k} = {v}")).collect();
                Some(format!("by {by} {}", list.join(", ")))
            }
        }
    }

    /// Maps the restriction objects of an upgrade: AND between objects, OR inside one.
    fn restrictions(&mut self, list: &[BTreeMap<String, Value>], r: &mut Restrictions) {
        for object in list {
            // An object of factions alone is the card's faction affiliation.
            if object.len() == 1 && r.factions.is_empty() {
                if let Some(Value::Array(fs)) = object.get("factions") {
                    let ids: Option<Vec<String>> =
                        fs.iter().map(|f| f.as_str().and_then(|f| self.vocab.faction_by_xws.get(f).cloned())).collect();
                    if let Some(ids) = ids.filter(|ids| !ids.is_empty()) {
                        r.factions = ids;
                        self.imp.mapped("restriction key factions → faction");
                        continue;
                    }
                }
            }
            let mut atoms = Vec::new();
            let mut ok = true;
            let mut keys: Vec<(&String, &Value)> = object.iter().collect();
            keys.sort_by_key(|(k, _)| RESTRICTION_KEYS.iter().position(|r| r == k).unwrap_or(RESTRICTION_KEYS.len()));
            for (key, value) in keys {
                match self.restriction_key(key, value, r) {
                    Some(mut a) => atoms.append(&mut a),
                    None => ok = false,
                }
            }
            if !ok {
                self.imp.unsupported("restriction object with a key that cannot be mapped (left out whole)");
                continue;
            }
            if !atoms.is_empty() {
                r.clauses.push(atoms);
            }
        }
    }

    /// The atoms one restriction key stands for (OR-ed), or `None` when it cannot be mapped.
    fn restriction_key(&mut self, key: &str, value: &Value, r: &mut Restrictions) -> Option<Vec<String>> {
        let strings = |v: &Value| -> Option<Vec<String>> {
            v.as_array()?.iter().map(|s| s.as_str().map(str::to_string)).collect::<Option<Vec<_>>>()
        };
        let mapped = |imp: &mut Imported, what: &str| imp.mapped(format!("restriction key {key} → {what}"));
        let out = match key {
            "factions" => {
                let mut atoms = Vec::new();
                for f in strings(value)? {
                    match self.vocab.faction_by_xws.get(&f) {
                        Some(id) => atoms.push(format!("faction {id}")),
                        None => {
                            self.imp.unsupported(format!("restriction key {key}: unknown faction"));
                            return None;
                        }
                    }
                }
                mapped(&mut self.imp, "faction");
                atoms
            }
            "sizes" => {
                let sizes: Vec<String> = strings(value)?.iter().map(|s| self.vocab.size(s)).collect();
                mapped(&mut self.imp, "size");
                vec![format!("size {}", sizes.join(", "))]
            }
            "ships" => {
                mapped(&mut self.imp, "ship-icon <ship xws>");
                strings(value)?.iter().map(|s| format!("ship-icon {s}")).collect()
            }
            "arcs" => {
                let arcs = strings(value)?;
                mapped(&mut self.imp, "arc");
                arcs.iter().map(|a| format!("arc {}", self.vocab.arc(a))).collect()
            }
            "action" => {
                let a: ActionEntry = serde_json::from_value(value.clone()).ok()?;
                mapped(&mut self.imp, "action [color] <action>");
                vec![format!("action {}{}", color(a.difficulty.as_deref(), true), self.vocab.action(&a.kind))]
            }
            "keywords" => {
                let kws = strings(value)?;
                mapped(&mut self.imp, "trait");
                kws.iter().map(|k| format!("trait {}", self.vocab.trait_(k))).collect()
            }
            "equipped" => {
                let slots = strings(value)?;
                mapped(&mut self.imp, "equipped <icon>");
                slots.iter().map(|s| format!("equipped {}", self.vocab.icon(s))).collect()
            }
            "names" => {
                mapped(&mut self.imp, "in-fleet \"<name>\"");
                strings(value)?.iter().map(|n| format!("in-fleet {}", quote(n))).collect()
            }
            "shipAbility" => {
                mapped(&mut self.imp, "ship-ability \"<name>\"");
                strings(value)?.iter().map(|n| format!("ship-ability {}", quote(n))).collect()
            }
            "force_side" => {
                let sides = strings(value)?;
                mapped(&mut self.imp, "trait force-light / force-dark");
                sides.iter().map(|s| format!("trait {}", self.force_side(s))).collect()
            }
            "agility" => {
                let values: Vec<String> =
                    value.as_array()?.iter().map(|v| v.as_i64().map(|n| n.to_string())).collect::<Option<_>>()?;
                mapped(&mut self.imp, "stat agility <values>");
                vec![format!("stat {} {}", self.vocab.stat("agility"), values.join(", "))]
            }
            "non-limited" => match value.as_bool()? {
                true => {
                    mapped(&mut self.imp, "not limited");
                    vec!["not limited".to_string()]
                }
                false => {
                    mapped(&mut self.imp, "nothing (false)");
                    Vec::new()
                }
            },
            "solitary" | "standardized" => {
                if value.as_bool()? {
                    let name = if key == "solitary" { "Solitary" } else { "Standardized" };
                    let t = self.vocab.trait_(name);
                    r.traits.insert(t);
                    mapped(&mut self.imp, &format!("trait {key} + rule"));
                } else {
                    mapped(&mut self.imp, "nothing (false)");
                }
                Vec::new()
            }
            _ => {
                self.imp.unsupported(format!("restriction key {key}"));
                return None;
            }
        };
        Some(out)
    }

    fn game(&mut self) -> String {
        let mut out = String::new();
        let source = match &self.data.version {
            Some(v) => format!("xwing-data2 {v}"),
            None => "xwing-data2".into(),
        };
        let _ = writeln!(out, "# @generated by `cardc import xwing-data2` from {source} — do not edit");
        if self.is_25 {
            out.push_str("game xwing-25 \"X-Wing 2.5\"\n");
        } else {
            out.push_str("game xwing-legacy \"X-Wing 2.0 Legacy\"\n");
        }
        out.push_str(
            "# Imported text is kept as printed: the coverage report counts what stays opaque. Some\n\
             # slots are printed by no ship (epic Command cards), so icons may go unused.\n",
        );
        out.push_str("allow opaque-clause, unused-icon\n\n");

        self.scan_texts();
        let v = &self.vocab;
        let named = |m: &BTreeMap<String, String>| -> Vec<String> {
            m.iter().map(|(id, name)| format!("{id} {}", quote(name))).collect()
        };
        vocab_lines(
            &mut out,
            "faction",
            &v.factions.iter().map(|(id, n)| format!("{id} {}", quote(n))).collect::<Vec<_>>(),
        );
        let mut sizes: Vec<&String> = v.sizes.iter().collect();
        sizes.sort_by_key(|s| {
            (SIZES.iter().position(|k| k.eq_ignore_ascii_case(s)).unwrap_or(SIZES.len()), s.to_string())
        });
        let mut seen = BTreeSet::new();
        let sizes: Vec<String> =
            sizes.iter().filter(|s| seen.insert(id_of(s))).map(|s| format!("{} {}", id_of(s), quote(s))).collect();
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
                format!("{f} {}", quote(name))
            })
            .collect();
        vocab_lines(&mut out, "format", &formats);
        out.push('\n');
        vocab_lines(&mut out, "action", &named(&v.actions));
        let tokens: Vec<String> = TOKENS.iter().map(|t| format!("{t} {}", quote(t))).collect();
        vocab_lines(&mut out, "token", &tokens);
        let pairs = |list: &[(&str, &str)]| -> Vec<String> {
            list.iter().map(|(id, n)| format!("{id} {}", quote(n))).collect()
        };
        vocab_lines(&mut out, "resource", &pairs(RESOURCES));
        vocab_lines(&mut out, "die", &pairs(DICE));
        vocab_lines(&mut out, "result", &pairs(RESULTS));
        vocab_lines(&mut out, "arc", &named(&v.arcs));
        vocab_lines(&mut out, "maneuver", &named(&v.maneuvers));
        vocab_lines(&mut out, "phase", &pairs(PHASES));
        out.push('\n');
        for (name, optional) in &v.headers {
            let flag = if *optional { " optional" } else { "" };
            let _ = writeln!(out, "header {} {}{flag}", id_of(name), quote(name));
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
        for text in &texts {
            for (_, name) in crate::text::lower::brackets(text) {
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
                } else {
                    self.imp.unsupported(format!("icon name [{name}] in text that the game does not declare"));
                }
            }
        }
        self.texts = texts;
    }

    fn rules(&self, out: &mut String) {
        out.push_str(
            "rule unique-names \"A squad cannot contain more copies of a limited name than its limit\":\n  unique names per fleet\n",
        );
        if self.is_25 {
            out.push_str("rule squad-points \"The ships of a squad cost at most 20 points\":\n  total cost of ships at most 20 per fleet\n");
            out.push_str(
                "rule loadout \"The upgrades of a ship cost at most its loadout value\":\n  total cost of upgrades at most loadout per ship\n",
            );
        } else {
            out.push_str(
                "rule squad-points \"A squad costs at most 200 points\":\n  total cost at most 200 per fleet\n",
            );
        }
        for icon in &self.solitary {
            let name = self.vocab.icons.get(icon).cloned().unwrap_or_else(|| icon.clone());
            let message = format!("A squad can include only 1 Solitary {name} upgrade");
            let _ = writeln!(
                out,
                "rule solitary-{icon} {}:\n  at most 1 upgrade with trait solitary with icon {icon} per fleet",
                quote(&message)
            );
        }
        if self.standardized {
            out.push_str("rule standardized \"Ships of one type must all equip the same Standardized upgrades\":\n  same upgrade with trait standardized per ship-icon\n");
        }
    }
}

impl Vocab {
    fn trait_force(&mut self, id: &str, name: &str) -> String {
        Vocab::put(&mut self.traits, id.to_string(), name);
        id.to_string()
    }
}

/// The mapped restriction objects of one upgrade.
#[derive(Default)]
struct Restrictions {
    /// From an object of factions alone: the `faction:` field.
    factions: Vec<String>,
    /// One entry per object: its atoms, OR-ed.
    clauses: Vec<Vec<String>>,
    /// Traits the card carries (solitary, standardized).
    traits: BTreeSet<String>,
}

impl Restrictions {
    /// `a or b` alone; `(a or b) and c` with more than one object.
    fn requires(&self) -> String {
        let many = self.clauses.len() > 1;
        let parts: Vec<String> = self
            .clauses
            .iter()
            .map(|atoms| {
                let joined = atoms.join(" or ");
                if many && atoms.len() > 1 {
                    format!("({joined})")
                } else {
                    joined
                }
            })
            .collect();
        parts.join(" and ")
    }
}

/// The ability frames of a text, as the compiler reads a block holding it.
fn frames_of(text: &str, cache: &mut crate::text::SentenceCache) -> Vec<crate::text::Frame> {
    let spans: Vec<Span> = crate::syntax::sentences::split(text).into_iter().map(|(s, e)| Span::new(s, e)).collect();
    crate::text::frames_cached(text, &spans, cache)
}

/// Why a key the set does not carry is left out.
fn other_reason(what: &str, key: &str) -> String {
    let reason = match key {
        "dial" => "ship dial (maneuvers and their difficulties)",
        "dialCodes" => "ship dial codes",
        "icon" => "icon image",
        "image" => "card image",
        "artwork" => "card artwork",
        "alt" => "alternative art",
        "caption" => "pilot caption",
        "engagement" => "pilot engagement value (epic)",
        "conditions" => "condition cards a card brings",
        "attack" => "upgrade attack profile (arc, value, range, ordnance)",
        "device" => "device data (bomb, mine, remote, obstacle)",
        _ => return format!("unknown {what} key `{key}`"),
    };
    reason.to_string()
}

fn header_comment(source: &str, version: Option<&str>) -> String {
    let from = match version {
        Some(v) => format!("xwing-data2 {v}"),
        None => "xwing-data2".into(),
    };
    format!("# @generated by `cardc import xwing-data2` from {from} `{source}` — do not edit\n\n")
}

/// `kind a "A", b "B"` lines of at most about 100 characters.
fn vocab_lines(out: &mut String, kind: &str, entries: &[String]) {
    let mut line = String::new();
    for e in entries {
        if !line.is_empty() && line.len() + e.len() + 2 > 100 {
            let _ = writeln!(out, "{line}");
            line.clear();
        }
        if line.is_empty() {
            line = format!("{kind} {e}");
        } else {
            let _ = write!(line, ", {e}");
        }
    }
    if !line.is_empty() {
        let _ = writeln!(out, "{line}");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nested_icon_brackets_lose_their_outer_pair() {
        let mut imp = Imported::default();
        assert_eq!(clean_text("Execute a [1 [Straight]] maneuver.", &mut imp), "Execute a 1 [Straight] maneuver.");
        assert_eq!(
            clean_text("your turn [[Turn Left] or [Turn Right]] maneuvers", &mut imp),
            "your turn [Turn Left] or [Turn Right] maneuvers"
        );
        assert_eq!(clean_text("[[Koiogran Turn]] and [Hit]", &mut imp), "[Koiogran Turn] and [Hit]");
        assert_eq!(clean_text("a [Crit] result {x}", &mut imp), "a [Critical Hit] result (x)");
        assert_eq!(clean_text("One. \n\nTwo\nlines.", &mut imp), "One.\n\nTwo lines.");
        assert_eq!(clean_text("unmatched ] and [ stay", &mut imp), "unmatched ] and [ stay");
    }

    fn cand(base: &str, qualifier: &str, edition: &str) -> Candidate {
        Candidate { base: base.into(), qualifier: qualifier.into(), edition: edition.into() }
    }

    #[test]
    fn ids_are_qualified_only_when_names_clash() {
        let mut taken = BTreeSet::new();
        let ids = assign_ids(
            &[
                cand("biggs-darklighter", "t-65-x-wing", ""),
                cand("darth-vader", "tie-advanced-x1", ""),
                cand("darth-vader", "tie-advanced-x1", "battleofyavin"),
                cand("darth-vader", "crew", ""),
                cand("chewbacca", "crew", ""),
                cand("chewbacca", "crew", "crew"),
            ],
            &mut taken,
        );
        assert_eq!(
            ids,
            [
                "biggs-darklighter",
                "darth-vader-tie-advanced-x1",
                "darth-vader-tie-advanced-x1-battleofyavin",
                "darth-vader-crew",
                "chewbacca-crew",
                "chewbacca-crew-crew",
            ]
        );
        assert_eq!(edition("Darth Vader", "darthvader-battleofyavin"), "battleofyavin");
        assert_eq!(edition("Darth Vader", "darthvader"), "");
        assert_eq!(edition("“Chopper”", "chopper-crew"), "crew");
    }

    #[test]
    fn identical_candidates_are_numbered() {
        let mut taken = BTreeSet::new();
        let ids = assign_ids(&[cand("x", "y", ""), cand("x", "y", "")], &mut taken);
        assert_eq!(ids, ["x-y", "x-y-2"]);
    }

    fn importer_for_tests() -> Data {
        let factions = ["Rebel Alliance:rebelalliance", "Scum and Villainy:scumandvillainy"]
            .iter()
            .map(|f| {
                let (name, xws) = f.split_once(':').unwrap();
                Entry { name: name.into(), xws: xws.into(), other: BTreeMap::new() }
            })
            .collect();
        Data {
            version: None,
            factions,
            actions: Vec::new(),
            stats: Vec::new(),
            ships: Vec::new(),
            upgrades: Vec::new(),
            extras: Vec::new(),
        }
    }

    fn requires(json: &str) -> (Vec<String>, String, Imported) {
        let data = importer_for_tests();
        let mut i = Importer::new(&data);
        let list: Vec<BTreeMap<String, Value>> = serde_json::from_str(json).unwrap();
        let mut r = Restrictions::default();
        i.restrictions(&list, &mut r);
        (r.factions.clone(), r.requires(), i.imp)
    }

    #[test]
    fn restriction_objects_and_keys() {
        // 0-0-0: Scum, or a squad with Darth Vader.
        let (factions, req, imp) = requires(r#"[{"factions":["scumandvillainy"],"names":["Darth Vader"]}]"#);
        assert!(factions.is_empty());
        assert_eq!(req, r#"faction scum-and-villainy or in-fleet "Darth Vader""#);
        assert_eq!(imp.mapped["restriction key names → in-fleet \"<name>\""], 1);
        // A faction object alone is the faction field; the rest is AND-ed.
        let (factions, req, _) =
            requires(r#"[{"factions":["rebelalliance"]},{"ships":["a","b"]},{"sizes":["Small","Medium"]}]"#);
        assert_eq!(factions, ["rebel-alliance"]);
        assert_eq!(req, "(ship-icon a or ship-icon b) and size small, medium");
        let (_, req, _) = requires(r#"[{"action":{"type":"Boost","difficulty":"Red"}},{"non-limited":true}]"#);
        assert_eq!(req, "action red boost and not limited");
        let (_, req, _) = requires(r#"[{"agility":[3]},{"keywords":["TIE"]},{"force_side":["dark"]}]"#);
        assert_eq!(req, "stat agility 3 and trait tie and trait force-dark");
        let (_, req, imp) = requires(r#"[{"solitary":true},{"wingspan":[1]}]"#);
        assert_eq!(req, "");
        assert_eq!(imp.unsupported["restriction key wingspan"], 1);
    }

    #[test]
    fn variable_costs() {
        let data = importer_for_tests();
        let mut i = Importer::new(&data);
        let size: Cost =
            serde_json::from_str(r#"{"variable":"size","values":{"Large":4,"Small":2,"Medium":3}}"#).unwrap();
        assert_eq!(i.cost(&size).unwrap(), "by size small = 2, medium = 3, large = 4");
        let agility: Cost = serde_json::from_str(r#"{"variable":"agility","values":{"3":7,"0":2}}"#).unwrap();
        assert_eq!(i.cost(&agility).unwrap(), "by agility 0 = 2, 3 = 7");
        let odd: Cost = serde_json::from_str(r#"{"value":"?"}"#).unwrap();
        assert_eq!(i.cost(&odd), None);
        let text: Cost = serde_json::from_str(r#"{"value":"0"}"#).unwrap();
        assert_eq!(i.cost(&text).unwrap(), "0");
    }
}
