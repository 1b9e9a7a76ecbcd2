//! Reading star-wars-armada-data as it comes: every file through the shared tolerant reader
//! ([`crate::import::tolerant`]), card by card, so that one card that cannot be read is
//! left out (and reported) and the rest goes on.
//!
//! The data has no schema; what its 140 files do is the shape: `hull`, `points` and the
//! other values are whole numbers, `slots`, `keywords` and `defense-tokens` are lists, and
//! `restriction` and `trait` are one string or a list of them (the data writes both, so
//! neither is irregular). A card is named by its `name`; the data names its image files
//! (and a ship's or squadron's own file) after that name, lowercase with dashes, so a card
//! without `name` is named after its image or its file.

use std::path::{Path, PathBuf};

use serde::de::DeserializeOwned;
use serde::Deserialize;
use serde_json::Value;

use crate::import::tolerant::{member, strip_html, Reader, Shape, HTML_REMOVED};
use crate::import::{json_files, sub_dirs, ImportError, Irregularity};
use crate::resolve::ids::derive_id;

/// The keys of the data's objects that hold whole numbers and lists, wherever they occur.
const SHAPE: Shape = Shape {
    numbers: &["hull", "command", "squadron", "engineering", "points", "speed", "amount"],
    lists: &["slots", "keywords", "defense-tokens"],
};

/// A card without `name`.
pub(crate) const MISSING_NAME: &str = "no `name` (derived from its image or file name, as the data names those)";
/// A card file holding one card where the data holds a list of them.
pub(crate) const ONE_CARD_FOR_A_LIST: &str = "one card where a list of cards is expected";

/// A ship card.
#[derive(Deserialize)]
#[serde(rename_all = "kebab-case")]
pub(super) struct ShipData {
    pub(super) name: String,
    pub(super) size: String,
    pub(super) faction: Option<String>,
    pub(super) hull: Option<i64>,
    pub(super) command: Option<i64>,
    pub(super) squadron: Option<i64>,
    pub(super) engineering: Option<i64>,
    #[serde(default)]
    pub(super) slots: Vec<String>,
    pub(super) points: Option<i64>,
    pub(super) ship_image: Option<String>,
}

/// One string, or a list of them (`restriction`, `trait`).
#[derive(Deserialize)]
#[serde(untagged)]
pub(super) enum OneOrMany {
    One(String),
    Many(Vec<String>),
}

impl OneOrMany {
    /// The strings.
    pub(super) fn items(&self) -> Vec<&str> {
        match self {
            OneOrMany::One(s) => vec![s.as_str()],
            OneOrMany::Many(v) => v.iter().map(String::as_str).collect(),
        }
    }
}

/// An upgrade card.
#[derive(Deserialize)]
pub(super) struct UpgradeData {
    pub(super) name: String,
    #[serde(default)]
    pub(super) text: String,
    #[serde(default)]
    pub(super) slots: Vec<String>,
    pub(super) points: Option<i64>,
    pub(super) faction: Option<String>,
    #[serde(default)]
    pub(super) unique: bool,
    pub(super) ship: Option<String>,
    #[serde(rename = "trait")]
    pub(super) traits: Option<OneOrMany>,
    pub(super) restriction: Option<OneOrMany>,
}

/// A squadron card.
#[derive(Deserialize)]
pub(super) struct SquadronData {
    pub(super) name: String,
    pub(super) faction: Option<String>,
    pub(super) speed: Option<i64>,
    pub(super) hull: Option<i64>,
    pub(super) points: Option<i64>,
    #[serde(default)]
    pub(super) unique: bool,
}

/// Everything read from the data folder.
pub(super) struct Data {
    pub(super) ships: Vec<ShipData>,
    pub(super) upgrades: Vec<UpgradeData>,
    pub(super) squadrons: Vec<SquadronData>,
    /// The cards the language has no kind for, by reason, with how many each.
    pub(super) others: Vec<(&'static str, usize)>,
    /// What the data does irregularly, read as noted.
    pub(super) irregularities: Vec<Irregularity>,
}

/// The cards the language has no kind for: (file, why they are left out).
const OTHER_CARDS: [(&str, &str); 3] = [
    ("objective-card.json", "objective card (the card language has no kind for objectives)"),
    ("damage-card-core.json", "damage card (not part of fleet building)"),
    ("reference-card.json", "reference card (not part of fleet building)"),
];

impl Data {
    /// Reads the data folder `root` (the one holding `ship-card` and `upgrade-card`).
    ///
    /// # Errors
    /// When a folder or file cannot be read or a file is not JSON.
    pub(super) fn read(root: &Path) -> Result<Data, ImportError> {
        let mut r = Reader::new(root, &SHAPE);
        let mut ships = Vec::new();
        for path in faction_files(&root.join("ship-card"))? {
            for (at, data) in cards::<ShipData>(&mut r, &path, "ship card")? {
                if derive_id(&data.size).is_empty() {
                    r.left_out(&path, &at, "ship card", &format!("`{}` has no size", data.name));
                    continue;
                }
                ships.push(data);
            }
        }
        let mut upgrades = Vec::new();
        for path in json_files(&root.join("upgrade-card"))? {
            upgrades.extend(cards::<UpgradeData>(&mut r, &path, "upgrade card")?.into_iter().map(|(_, u)| u));
        }
        let mut squadrons = Vec::new();
        if root.join("squadron-card").is_dir() {
            for path in faction_files(&root.join("squadron-card"))? {
                squadrons.extend(cards::<SquadronData>(&mut r, &path, "squadron card")?.into_iter().map(|(_, s)| s));
            }
        }
        let mut others = Vec::new();
        for (file, reason) in OTHER_CARDS {
            let path = root.join(file);
            if path.is_file() {
                let n = match r.value(&path)? {
                    Value::Array(items) => items.len(),
                    _ => 1,
                };
                others.push((reason, n));
            }
        }
        Ok(Data { ships, upgrades, squadrons, others, irregularities: r.irregularities })
    }
}

/// The JSON files of every faction folder under `dir`, sorted.
fn faction_files(dir: &Path) -> Result<Vec<PathBuf>, ImportError> {
    let mut files = json_files(dir)?;
    for d in sub_dirs(dir)? {
        files.extend(json_files(&d)?);
    }
    Ok(files)
}

/// The cards of one file that can be read as `T` (each a `what`), with their JSON paths:
/// the others are left out, noted. A file holding one card rather than a list of them is read as a list of one; a
/// card without `name` is named as the data names its files; HTML in the text a card's
/// restrictions come from is taken out.
fn cards<T: DeserializeOwned>(r: &mut Reader, path: &Path, what: &str) -> Result<Vec<(String, T)>, ImportError> {
    let file = r.relative(path);
    let (items, one_card) = match r.value(path)? {
        Value::Array(items) => (items, false),
        one @ Value::Object(_) => {
            r.notes(&file).note("$", ONE_CARD_FOR_A_LIST, "read as a list of one");
            (vec![one], true)
        }
        _ => {
            r.left_out(path, "$", "card file", &"it holds neither a card nor a list of cards");
            return Ok(Vec::new());
        }
    };
    let single = items.len() == 1;
    let mut out = Vec::new();
    for (i, mut item) in items.into_iter().enumerate() {
        // The card's place in the file: the whole of it when it holds one card, not a list.
        let at = if one_card { "$".to_string() } else { format!("$[{i}]") };
        name_if_unnamed(r, path, &at, &mut item, single);
        strip_text_html(r, &file, &at, &mut item);
        match serde_json::from_value::<T>(item) {
            Ok(card) => out.push((at, card)),
            Err(e) => r.left_out(path, &at, what, &e),
        }
    }
    Ok(out)
}

/// Gives a card without `name` (or with a blank one) the name its image file's name (or, when the file holds
/// only this card, the file's name) spells: `jainas-light.png` → `Jainas Light`, whose id
/// is the file's name. A card with neither is left as it is (and left out as unreadable).
fn name_if_unnamed(r: &mut Reader, path: &Path, at: &str, card: &mut Value, single: bool) {
    let Some(map) = card.as_object_mut() else { return };
    if map.get("name").is_some_and(|n| n.as_str().is_none_or(|n| !n.trim().is_empty())) {
        return;
    }
    let file = r.relative(path);
    let image = map.get("image").and_then(Value::as_str).map(str::to_string);
    let from_file = || single.then(|| file.clone());
    let Some(source) = image.or_else(from_file) else { return };
    let stem = source.rsplit(['/', '\\']).next().unwrap_or(&source);
    let stem = stem.split('.').next().unwrap_or(stem);
    let name = name_from_slug(stem);
    if derive_id(&name).is_empty() {
        return;
    }
    r.notes(&file).note(at, MISSING_NAME, format!("named {} after `{source}`", Value::String(name.clone())));
    map.insert("name".into(), Value::String(name));
}

/// The name a lowercase dashed file name spells: its words, each with a capital.
fn name_from_slug(slug: &str) -> String {
    slug.split(['-', '_'])
        .filter(|w| !w.is_empty())
        .map(|w| {
            let mut chars = w.chars();
            chars.next().map_or_else(String::new, |c| c.to_uppercase().chain(chars).collect())
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// The keys whose strings are card text (HTML is taken out of them), wherever they are
/// (an `errata` entry has its `text` too); the first three are names, kept on one line.
const TEXT_KEYS: &[&str] = &["name", "subname", "ship", "text", "restriction"];

/// Takes HTML out of the text of `value` (at `at`, at any depth), noting each string that
/// had some. A name keeps its words on one line.
fn strip_text_html(r: &mut Reader, file: &str, at: &str, value: &mut Value) {
    match value {
        Value::Object(map) => {
            for (key, v) in map.iter_mut() {
                let path = member(at, key);
                let text = TEXT_KEYS.contains(&key.as_str());
                match v {
                    Value::String(s) if text => strip_one(r, file, &path, s, TEXT_KEYS[..3].contains(&key.as_str())),
                    Value::Array(items) if text && items.iter().all(Value::is_string) => {
                        for (i, item) in items.iter_mut().enumerate() {
                            if let Value::String(s) = item {
                                strip_one(r, file, &format!("{path}[{i}]"), s, false);
                            }
                        }
                    }
                    _ => strip_text_html(r, file, &path, v),
                }
            }
        }
        Value::Array(items) => {
            for (i, v) in items.iter_mut().enumerate() {
                strip_text_html(r, file, &format!("{at}[{i}]"), v);
            }
        }
        _ => {}
    }
}

/// Takes HTML out of one string at `path`, noted; `one_line` puts its words on one line.
fn strip_one(r: &mut Reader, file: &str, path: &str, s: &mut String, one_line: bool) {
    let (text, tags) = strip_html(s);
    if !tags.is_empty() {
        r.notes(file).note(path, HTML_REMOVED, tags.join(" "));
        *s = if one_line { text.split_whitespace().collect::<Vec<_>>().join(" ") } else { text };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_from_file_names() {
        assert_eq!(name_from_slug("jainas-light"), "Jainas Light");
        assert_eq!(name_from_slug("mc75-ordnance-cruiser"), "Mc75 Ordnance Cruiser");
        assert_eq!(derive_id(&name_from_slug("gr-75-medium-transports")), "gr-75-medium-transports");
        assert_eq!(name_from_slug("--"), "");
    }
}
