//! The data, as xwing-data2 writes it (`tests/schemas/*.schema.json`).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::Deserialize;
use serde_json::Value;

use crate::import::{json_files, read_json, sub_dirs, ImportError};

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
}

impl Data {
    pub(super) fn read(dir: &Path) -> Result<Data, ImportError> {
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
}
