//! The data, as xwing-data2 writes it (`tests/schemas/*.schema.json`).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::Deserialize;
use serde_json::Value;

use super::tolerant::{self, Notes, Reader};
use crate::import::{json_files, sub_dirs, ImportError, Irregularity};

/// A named entry of `factions.json`, `actions.json` or `stats.json`.
#[derive(Deserialize)]
pub(super) struct Entry {
    pub(super) name: String,
    pub(super) xws: String,
    #[serde(flatten)]
    pub(super) other: BTreeMap<String, Value>,
}

#[derive(Deserialize)]
pub(super) struct Manifest {
    pub(super) version: Option<String>,
}

/// `data/pilots/<faction>/<ship>.json`.
#[derive(Deserialize)]
pub(super) struct ShipFile {
    pub(super) name: String,
    pub(super) xws: String,
    pub(super) faction: String,
    pub(super) size: String,
    #[serde(default)]
    pub(super) stats: Vec<StatEntry>,
    #[serde(default)]
    pub(super) actions: Vec<ActionEntry>,
    pub(super) pilots: Vec<Pilot>,
    #[serde(flatten)]
    pub(super) other: BTreeMap<String, Value>,
}

#[derive(Clone, Deserialize, PartialEq)]
pub(super) struct StatEntry {
    #[serde(rename = "type")]
    pub(super) kind: String,
    pub(super) value: i64,
    #[serde(default)]
    pub(super) arc: Option<String>,
    #[serde(default)]
    pub(super) recovers: Option<i64>,
}

#[derive(Clone, Deserialize, PartialEq)]
pub(super) struct ActionEntry {
    #[serde(rename = "type")]
    pub(super) kind: String,
    #[serde(default)]
    pub(super) difficulty: Option<String>,
    #[serde(default)]
    pub(super) linked: Option<Box<ActionEntry>>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub(super) struct Pilot {
    pub(super) name: String,
    pub(super) xws: String,
    #[serde(default)]
    pub(super) initiative: Option<i64>,
    #[serde(default)]
    pub(super) limited: i64,
    #[serde(default)]
    pub(super) cost: Option<i64>,
    #[serde(default)]
    pub(super) loadout: Option<i64>,
    #[serde(default)]
    pub(super) ability: Option<String>,
    #[serde(default)]
    pub(super) text: Option<String>,
    #[serde(default)]
    pub(super) slots: Option<Vec<String>>,
    #[serde(default)]
    pub(super) standard_loadout: Option<Vec<String>>,
    #[serde(default)]
    pub(super) keywords: Vec<String>,
    #[serde(default)]
    pub(super) force: Option<Force>,
    #[serde(default)]
    pub(super) charges: Option<Charges>,
    #[serde(default)]
    pub(super) ship_stats: Vec<StatEntry>,
    #[serde(default)]
    pub(super) ship_actions: Option<Vec<ActionEntry>>,
    #[serde(default)]
    pub(super) ship_ability: Option<ShipAbility>,
    #[serde(flatten)]
    pub(super) formats: Formats,
    #[serde(flatten)]
    pub(super) other: BTreeMap<String, Value>,
}

/// The format flags of a pilot or upgrade.
#[derive(Default, Deserialize)]
pub(super) struct Formats {
    #[serde(default)]
    pub(super) standard: Option<bool>,
    #[serde(default)]
    pub(super) extended: Option<bool>,
    #[serde(default)]
    pub(super) wildspace: Option<bool>,
    #[serde(default)]
    pub(super) epic: Option<bool>,
}

impl Formats {
    /// `(format id, whether the card is legal in it)` for every flag the card has.
    pub(super) fn flags(&self) -> Vec<(&'static str, bool)> {
        [("standard", self.standard), ("extended", self.extended), ("wildspace", self.wildspace), ("epic", self.epic)]
            .into_iter()
            .filter_map(|(id, v)| v.map(|v| (id, v)))
            .collect()
    }
}

#[derive(Clone, Deserialize, PartialEq)]
pub(super) struct Force {
    pub(super) value: i64,
    #[serde(default)]
    pub(super) recovers: i64,
    #[serde(default)]
    pub(super) side: Vec<String>,
}

#[derive(Clone, Deserialize, PartialEq)]
pub(super) struct Charges {
    pub(super) value: i64,
    #[serde(default)]
    pub(super) recovers: i64,
}

#[derive(Clone, Deserialize, PartialEq)]
pub(super) struct ShipAbility {
    pub(super) name: String,
    pub(super) text: String,
}

/// `data/upgrades/<slot>.json`: an array of these.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub(super) struct Upgrade {
    pub(super) name: String,
    #[serde(default)]
    pub(super) limited: i64,
    pub(super) xws: String,
    pub(super) sides: Vec<Side>,
    #[serde(default)]
    pub(super) cost: Option<Cost>,
    #[serde(default)]
    pub(super) restrictions: Vec<BTreeMap<String, Value>>,
    #[serde(default)]
    pub(super) standard_loadout_only: bool,
    #[serde(flatten)]
    pub(super) formats: Formats,
    #[serde(flatten)]
    pub(super) other: BTreeMap<String, Value>,
}

#[derive(Deserialize)]
#[serde(untagged)]
pub(super) enum Cost {
    Variable { variable: String, values: BTreeMap<String, i64> },
    Fixed { value: Value },
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub(super) struct Side {
    pub(super) title: String,
    #[serde(rename = "type")]
    pub(super) kind: String,
    #[serde(default)]
    pub(super) slots: Vec<String>,
    #[serde(default)]
    pub(super) ability: Option<String>,
    #[serde(default)]
    pub(super) text: Option<String>,
    #[serde(default)]
    pub(super) charges: Option<Charges>,
    #[serde(default)]
    pub(super) force: Option<Force>,
    #[serde(default)]
    pub(super) grants: Vec<Grant>,
    #[serde(default)]
    pub(super) actions: Vec<ActionEntry>,
    #[serde(default)]
    pub(super) ship_ability: Option<ShipAbility>,
    #[serde(default)]
    pub(super) restrictions: Vec<BTreeMap<String, Value>>,
    #[serde(flatten)]
    pub(super) other: BTreeMap<String, Value>,
}

#[derive(Deserialize)]
pub(super) struct Grant {
    #[serde(rename = "type")]
    pub(super) kind: String,
    pub(super) value: Value,
    #[serde(default)]
    pub(super) amount: Option<i64>,
    #[serde(default)]
    pub(super) arc: Option<String>,
}

/// Everything read from one data folder.
#[derive(Default)]
pub(super) struct Data {
    pub(super) version: Option<String>,
    pub(super) factions: Vec<Entry>,
    pub(super) actions: Vec<Entry>,
    pub(super) stats: Vec<Entry>,
    /// `(faction folder, file stem, ship)`, sorted by path.
    pub(super) ships: Vec<(String, String, ShipFile)>,
    /// `(file stem, upgrades)`, sorted by path.
    pub(super) upgrades: Vec<(String, Vec<Upgrade>)>,
    /// Cards and files the set does not carry, with how many each.
    pub(super) extras: Vec<(&'static str, usize)>,
    /// What the data does irregularly, read as noted.
    pub(super) irregularities: Vec<Irregularity>,
    /// The JSON path of each pilot (per ship file) and upgrade (per upgrade file) in its
    /// file, for the warnings the cards' text gives.
    pub(super) pilot_paths: Vec<Vec<String>>,
    pub(super) upgrade_paths: Vec<Vec<String>>,
}

/// What reading xwing-data2 adds to the shared reader: its ship and upgrade files, card by
/// card.
impl Reader {
    /// Reads a ship file: the pilots that cannot be read are left out, a missing `xws`
    /// (of the ship or a pilot) is derived from the name. `None` when the ship itself
    /// cannot be read (noted). The paths of the pilots kept come with it.
    fn ship(&mut self, path: &Path) -> Result<Option<(ShipFile, Vec<String>)>, ImportError> {
        let value = self.value(path)?;
        Ok(self.ship_of(path, value))
    }

    /// The ship of a ship file read as a [`Value`] (see [`Reader::ship`]).
    fn ship_of(&mut self, path: &Path, mut value: Value) -> Option<(ShipFile, Vec<String>)> {
        let file = self.relative(path);
        let pilots = match value.get_mut("pilots").map(Value::take) {
            Some(Value::Array(pilots)) => pilots,
            _ => {
                let error = <serde_json::Error as serde::de::Error>::custom("no list of `pilots`");
                self.left_out(path, "$", "ship file", &error);
                return None;
            }
        };
        self.derive_xws(&file, "$", &mut value, "ship");
        let mut kept = Vec::new();
        let mut paths = Vec::new();
        for (i, mut pilot) in pilots.into_iter().enumerate() {
            let at = format!("$.pilots[{i}]");
            self.derive_xws(&file, &at, &mut pilot, "pilot");
            match serde_json::from_value::<Pilot>(pilot) {
                Ok(p) => {
                    kept.push(p);
                    paths.push(at);
                }
                Err(e) => self.left_out(path, &at, "pilot", &e),
            }
        }
        if let Some(map) = value.as_object_mut() {
            map.insert("pilots".into(), Value::Array(Vec::new()));
        }
        match serde_json::from_value::<ShipFile>(value) {
            Ok(mut ship) => {
                ship.pilots = kept;
                Some((ship, paths))
            }
            Err(e) => {
                self.left_out(path, "$", "ship (with all its pilots)", &e);
                None
            }
        }
    }

    /// Reads an upgrade file: the upgrades that cannot be read are left out; a missing
    /// `xws` is derived from the name. The paths of the upgrades kept come with them.
    fn upgrades(&mut self, path: &Path) -> Result<(Vec<Upgrade>, Vec<String>), ImportError> {
        let value = self.value(path)?;
        self.upgrades_of(path, value)
    }

    /// The upgrades of an upgrade file read as a [`Value`] (see [`Reader::upgrades`]).
    fn upgrades_of(&mut self, path: &Path, value: Value) -> Result<(Vec<Upgrade>, Vec<String>), ImportError> {
        let file = self.relative(path);
        let Value::Array(items) = value else {
            return Err(ImportError::data(path, "not the JSON expected: not a list of upgrades"));
        };
        let mut kept = Vec::new();
        let mut paths = Vec::new();
        for (i, mut item) in items.into_iter().enumerate() {
            let at = format!("$[{i}]");
            self.derive_xws(&file, &at, &mut item, "upgrade");
            match serde_json::from_value::<Upgrade>(item) {
                Ok(u) => {
                    kept.push(u);
                    paths.push(at);
                }
                Err(e) => self.left_out(path, &at, "upgrade", &e),
            }
        }
        Ok((kept, paths))
    }

    /// Gives an object with a `name` and no `xws` the xws id its name derives, noted.
    fn derive_xws(&mut self, file: &str, at: &str, value: &mut Value, what: &str) {
        let Some(map) = value.as_object_mut() else { return };
        if map.contains_key("xws") {
            return;
        }
        let Some(name) = map.get("name").and_then(Value::as_str) else { return };
        let xws = tolerant::canonical_xws(name);
        Notes { file, found: &mut self.irregularities }.note(
            at,
            tolerant::MISSING_XWS,
            format!("{what} {} given `{xws}`", Value::String(name.to_string())),
        );
        map.insert("xws".into(), Value::String(xws));
    }
}

impl Data {
    pub(super) fn read(dir: &Path) -> Result<Data, ImportError> {
        let root = if dir.join("data").is_dir() { dir.join("data") } else { dir.to_path_buf() };
        let mut r = Reader::new(&root, &tolerant::SHAPE);
        let manifest = root.join("manifest.json");
        let version = if manifest.is_file() { r.read::<Manifest>(&manifest)?.version } else { None };
        let factions: Vec<Entry> = r.read(&root.join("factions/factions.json"))?;
        let mut optional = |path: PathBuf| -> Result<Vec<Entry>, ImportError> {
            if path.is_file() {
                r.read(&path)
            } else {
                Ok(Vec::new())
            }
        };
        let actions = optional(root.join("actions/actions.json"))?;
        let stats = optional(root.join("stats/stats.json"))?;

        let mut ships = Vec::new();
        let mut pilot_paths = Vec::new();
        for faction_dir in sub_dirs(&root.join("pilots"))? {
            let folder = file_name(&faction_dir);
            for path in json_files(&faction_dir)? {
                if let Some((ship, paths)) = r.ship(&path)? {
                    ships.push((folder.clone(), file_stem(&path), ship));
                    pilot_paths.push(paths);
                }
            }
        }
        if ships.is_empty() {
            return Err(ImportError::data(root.join("pilots"), "no ship files (pilots/<faction>/<ship>.json)"));
        }
        let mut upgrades = Vec::new();
        let mut upgrade_paths = Vec::new();
        for path in json_files(&root.join("upgrades"))? {
            let (list, paths) = r.upgrades(&path)?;
            upgrades.push((file_stem(&path), list));
            upgrade_paths.push(paths);
        }

        let mut extras = Vec::new();
        let conditions = root.join("conditions/conditions.json");
        if conditions.is_file() {
            extras.push(("condition card", r.value(&conditions)?.as_array().map_or(0, Vec::len)));
        }
        let decks = root.join("damage-decks");
        if decks.is_dir() {
            let mut n = 0;
            for path in json_files(&decks)? {
                let deck: Value = r.value(&path)?;
                n += deck.get("cards").and_then(Value::as_array).map_or(0, Vec::len);
            }
            extras.push(("damage card", n));
        }
        let builds = root.join("quick-builds");
        if builds.is_dir() {
            let mut n = 0;
            for path in json_files(&builds)? {
                let file: Value = r.value(&path)?;
                n += file.get("quick-builds").and_then(Value::as_array).map_or(0, Vec::len);
            }
            extras.push(("quick build", n));
        }
        let translations = ["translation.json", "localization.pilots.json"];
        let n = translations.iter().filter(|f| root.join(f).is_file()).count();
        extras.push(("translation file", n));

        let mut data = Data {
            version,
            factions,
            actions,
            stats,
            ships,
            upgrades,
            extras,
            irregularities: r.irregularities,
            pilot_paths,
            upgrade_paths,
        };
        data.tell_derived_xws_apart();
        Ok(data)
    }

    /// The data of one file given as text: `file` is its name in the data folder, a ship
    /// file under `pilots/<faction>/` or an upgrade file under `upgrades/`; nothing else
    /// (no factions, actions or stats) is read.
    pub(super) fn of_file(file: &str, text: &str) -> Result<Data, ImportError> {
        let path = Path::new(file);
        let mut r = Reader::new(Path::new(""), &tolerant::SHAPE);
        let value = r.value_of(path, text)?;
        let mut data = Data::default();
        let parts: Vec<&str> = file.split('/').collect();
        match parts.as_slice() {
            ["pilots", folder, name] if name.ends_with(".json") => {
                if let Some((ship, paths)) = r.ship_of(path, value) {
                    data.ships.push((folder.to_string(), file_stem(path), ship));
                    data.pilot_paths.push(paths);
                }
            }
            ["upgrades", name] if name.ends_with(".json") => {
                let (list, paths) = r.upgrades_of(path, value)?;
                data.upgrades.push((file_stem(path), list));
                data.upgrade_paths.push(paths);
            }
            _ => {
                let expected = "a ship file (pilots/<faction>/<ship>.json) or an upgrade file (upgrades/<slot>.json)";
                return Err(ImportError::data(path, format!("not {expected}")));
            }
        }
        data.irregularities = r.irregularities;
        data.tell_derived_xws_apart();
        Ok(data)
    }

    /// A derived xws id another card of its kind already has gets the suffix the XWS
    /// spec adds on a collision: the ship's xws for a pilot, the slot for an upgrade.
    fn tell_derived_xws_apart(&mut self) {
        let derived: Vec<&Irregularity> =
            self.irregularities.iter().filter(|i| i.kind == tolerant::MISSING_XWS).collect();
        if derived.is_empty() {
            return;
        }
        let mut pilots: BTreeMap<String, usize> = BTreeMap::new();
        for (_, _, ship) in &self.ships {
            for p in &ship.pilots {
                *pilots.entry(p.xws.clone()).or_default() += 1;
            }
        }
        let mut upgrades: BTreeMap<String, usize> = BTreeMap::new();
        for (_, list) in &self.upgrades {
            for u in list {
                *upgrades.entry(u.xws.clone()).or_default() += 1;
            }
        }
        let is_derived = |file: &str, path: &str| derived.iter().any(|i| i.file == file && i.path == path);
        for ((folder, stem, ship), paths) in self.ships.iter_mut().zip(&self.pilot_paths) {
            let file = format!("pilots/{folder}/{stem}.json");
            for (p, at) in ship.pilots.iter_mut().zip(paths) {
                if pilots[&p.xws] > 1 && is_derived(&file, at) {
                    p.xws = format!("{}-{}", p.xws, ship.xws);
                }
            }
        }
        for ((stem, list), paths) in self.upgrades.iter_mut().zip(&self.upgrade_paths) {
            let file = format!("upgrades/{stem}.json");
            for (u, at) in list.iter_mut().zip(paths) {
                let slot = u.sides.first().map(|s| tolerant::canonical_xws(&s.kind)).unwrap_or_default();
                if upgrades[&u.xws] > 1 && is_derived(&file, at) {
                    u.xws = format!("{}-{slot}", u.xws);
                }
            }
        }
    }

    /// Whether the data carries 2.5 points (a pilot `loadout`).
    pub(super) fn is_25(&self) -> bool {
        self.ships.iter().flat_map(|(_, _, s)| &s.pilots).any(|p| p.loadout.is_some())
    }
}

fn file_name(path: &Path) -> String {
    path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default()
}

fn file_stem(path: &Path) -> String {
    path.file_stem().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default()
}

#[cfg(test)]
impl Data {
    /// A data set of two factions and nothing else, for the tests.
    pub(super) fn for_tests() -> Data {
        let factions = ["Rebel Alliance:rebelalliance", "Scum and Villainy:scumandvillainy"]
            .iter()
            .map(|f| {
                let (name, xws) = f.split_once(':').unwrap();
                Entry { name: name.into(), xws: xws.into(), other: BTreeMap::new() }
            })
            .collect();
        Data { factions, ..Data::default() }
    }
}
