//! Reading the data as it comes: JSON parsed to a [`Value`] that records the keys an
//! object names twice (the last wins, as in JavaScript), then put into the schema's shape
//! where it strays from it in ways with one meaning (a number written as a string, one
//! string where a list is expected). Each thing forgiven is an [`Irregularity`] naming the
//! file and the JSON path.

use std::fmt;

use serde::de::{DeserializeSeed, MapAccess, SeqAccess, Visitor};
use serde_json::{Map, Value};

use crate::import::Irregularity;

/// A key named twice in one object.
pub(super) const DUPLICATE_KEY: &str = "a key named twice in one object (the last wins)";
/// A number written as a string.
pub(super) const NUMBER_AS_STRING: &str = "a number written as a string";
/// One string (or number) where a list is expected.
pub(super) const ONE_FOR_A_LIST: &str = "a string where a list is expected";
/// A pilot, ship or upgrade without `xws`.
pub(super) const MISSING_XWS: &str = "no `xws` (derived from the name, as xwing-data2 derives it)";
/// A card the importer cannot read at all.
pub(super) const CARD_LEFT_OUT: &str = "a card that cannot be read (left out)";

/// The irregularities of one file, with the file's name.
pub(super) struct Notes<'a> {
    /// The file, relative to the data folder.
    pub(super) file: &'a str,
    /// What was forgiven.
    pub(super) found: &'a mut Vec<Irregularity>,
}

impl Notes<'_> {
    /// Records one irregularity at `path`.
    pub(super) fn note(&mut self, path: &str, kind: &str, detail: impl Into<String>) {
        self.found.push(Irregularity {
            file: self.file.to_string(),
            path: path.to_string(),
            kind: kind.to_string(),
            detail: detail.into(),
        });
    }
}

/// Parses JSON text into a [`Value`], recording (as `(path, key)`) every key an object
/// names more than once; the last value given wins.
pub(super) fn parse(text: &str, duplicates: &mut Vec<String>) -> Result<Value, serde_json::Error> {
    let mut de = serde_json::Deserializer::from_str(text);
    let value = ValueSeed { path: "$".into(), duplicates }.deserialize(&mut de)?;
    de.end()?;
    Ok(value)
}

/// Deserializes any JSON value at `path`, noting duplicate keys.
struct ValueSeed<'a> {
    path: String,
    duplicates: &'a mut Vec<String>,
}

impl<'de> DeserializeSeed<'de> for ValueSeed<'_> {
    type Value = Value;

    fn deserialize<D: serde::Deserializer<'de>>(self, d: D) -> Result<Value, D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for ValueSeed<'_> {
    type Value = Value;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("any JSON value")
    }

    fn visit_bool<E>(self, v: bool) -> Result<Value, E> {
        Ok(Value::Bool(v))
    }

    fn visit_i64<E>(self, v: i64) -> Result<Value, E> {
        Ok(Value::from(v))
    }

    fn visit_u64<E>(self, v: u64) -> Result<Value, E> {
        Ok(Value::from(v))
    }

    fn visit_f64<E>(self, v: f64) -> Result<Value, E> {
        Ok(serde_json::Number::from_f64(v).map_or(Value::Null, Value::Number))
    }

    fn visit_str<E>(self, v: &str) -> Result<Value, E> {
        Ok(Value::String(v.to_string()))
    }

    fn visit_string<E>(self, v: String) -> Result<Value, E> {
        Ok(Value::String(v))
    }

    fn visit_unit<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }

    fn visit_none<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        let mut out = Vec::new();
        loop {
            let seed = ValueSeed { path: format!("{}[{}]", self.path, out.len()), duplicates: &mut *self.duplicates };
            match seq.next_element_seed(seed)? {
                Some(v) => out.push(v),
                None => return Ok(Value::Array(out)),
            }
        }
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Value, A::Error> {
        let mut out = Map::new();
        while let Some(key) = map.next_key::<String>()? {
            let path = member(&self.path, &key);
            let value = map.next_value_seed(ValueSeed { path: path.clone(), duplicates: &mut *self.duplicates })?;
            if out.insert(key, value).is_some() {
                self.duplicates.push(path);
            }
        }
        Ok(Value::Object(out))
    }
}

/// The path of `key` in the object at `path`: `$.pilots`, or `$["odd key"]`.
pub(super) fn member(path: &str, key: &str) -> String {
    let plain = !key.is_empty() && key.chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-');
    if plain {
        format!("{path}.{key}")
    } else {
        format!("{path}[{}]", Value::String(key.to_string()))
    }
}

/// Keys whose value is a whole number wherever the schema uses them.
const NUMBER_KEYS: &[&str] = &["value", "recovers", "initiative", "limited", "cost", "loadout", "amount"];
/// Keys whose value is a list wherever the schema uses them.
const LIST_KEYS: &[&str] = &[
    "side",
    "force_side",
    "factions",
    "sizes",
    "ships",
    "arcs",
    "keywords",
    "equipped",
    "names",
    "shipAbility",
    "slots",
    "standardLoadout",
    "agility",
];

/// Puts `value` (at `path`) into the schema's shape where it strays in a way with one
/// meaning: a whole number written as a string under a number key becomes the number; one
/// string or number under a list key becomes a list of it. Each is noted.
pub(super) fn normalise(value: &mut Value, path: &str, notes: &mut Notes<'_>) {
    match value {
        Value::Object(map) => {
            for (key, v) in map.iter_mut() {
                let at = member(path, key);
                if NUMBER_KEYS.contains(&key.as_str()) {
                    if let Value::String(s) = v {
                        if let Ok(n) = s.trim().parse::<i64>() {
                            notes.note(&at, NUMBER_AS_STRING, format!("{} read as {n}", Value::String(s.clone())));
                            *v = Value::from(n);
                        }
                    }
                }
                let list_key = LIST_KEYS.contains(&key.as_str());
                if list_key && (v.is_string() || v.is_number()) {
                    let kind = if v.is_string() { ONE_FOR_A_LIST } else { "a number where a list is expected" };
                    notes.note(&at, kind, format!("{v} read as [{v}]"));
                    *v = Value::Array(vec![v.take()]);
                }
                normalise(v, &at, notes);
            }
        }
        Value::Array(items) => {
            for (i, v) in items.iter_mut().enumerate() {
                normalise(v, &format!("{path}[{i}]"), notes);
            }
        }
        _ => {}
    }
}

/// The xws id xwing-data2 gives a name (the XWS canonical name): lowercase, letters folded
/// to ASCII, everything but letters and digits removed.
pub(super) fn canonical_xws(name: &str) -> String {
    name.chars()
        .flat_map(|c| fold_to_ascii(c).chars().collect::<Vec<_>>())
        .filter(char::is_ascii_alphanumeric)
        .map(|c| c.to_ascii_lowercase())
        .collect()
}

/// The closest ASCII of a letter (`é` → `e`); other characters as they are.
fn fold_to_ascii(c: char) -> String {
    let folded = match c {
        'à' | 'á' | 'â' | 'ã' | 'ä' | 'å' | 'ā' => "a",
        'À' | 'Á' | 'Â' | 'Ã' | 'Ä' | 'Å' | 'Ā' => "A",
        'ç' => "c",
        'Ç' => "C",
        'è' | 'é' | 'ê' | 'ë' | 'ē' => "e",
        'È' | 'É' | 'Ê' | 'Ë' | 'Ē' => "E",
        'ì' | 'í' | 'î' | 'ï' | 'ī' => "i",
        'Ì' | 'Í' | 'Î' | 'Ï' | 'Ī' => "I",
        'ñ' => "n",
        'Ñ' => "N",
        'ò' | 'ó' | 'ô' | 'õ' | 'ö' | 'ø' | 'ō' => "o",
        'Ò' | 'Ó' | 'Ô' | 'Õ' | 'Ö' | 'Ø' | 'Ō' => "O",
        'ù' | 'ú' | 'û' | 'ü' | 'ū' => "u",
        'Ù' | 'Ú' | 'Û' | 'Ü' | 'Ū' => "U",
        'ý' | 'ÿ' => "y",
        'Ý' => "Y",
        'ß' => "ss",
        _ => return c.to_string(),
    };
    folded.to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn duplicate_keys_are_noted_and_the_last_wins() {
        let mut dups = Vec::new();
        let v = parse(r#"{"name": "A", "pilots": [{"xws": "a", "xws": "b"}], "name": "B"}"#, &mut dups).unwrap();
        assert_eq!(v["name"], "B");
        assert_eq!(v["pilots"][0]["xws"], "b");
        assert_eq!(dups, ["$.pilots[0].xws", "$.name"]);
        assert!(parse("{\"a\": 1} x", &mut dups).is_err(), "trailing characters are an error");
    }

    #[test]
    fn numbers_as_strings_and_single_strings_for_lists_are_put_right() {
        let mut found = Vec::new();
        let mut notes = Notes { file: "f.json", found: &mut found };
        let mut v: Value = serde_json::from_str(
            r#"{"stats": [{"type": "hull", "value": "4"}], "force": {"side": "light"}, "grants": [{"value": "hull"}]}"#,
        )
        .unwrap();
        normalise(&mut v, "$", &mut notes);
        assert_eq!(v["stats"][0]["value"], 4);
        assert_eq!(v["force"]["side"], serde_json::json!(["light"]));
        assert_eq!(v["grants"][0]["value"], "hull", "a stat name is not a number");
        let paths: Vec<(&str, &str)> = found.iter().map(|i| (i.path.as_str(), i.kind.as_str())).collect();
        assert_eq!(paths, [("$.force.side", ONE_FOR_A_LIST), ("$.stats[0].value", NUMBER_AS_STRING)]);
    }

    #[test]
    fn xws_ids_are_derived_as_the_xws_spec_says() {
        assert_eq!(canonical_xws("T-70 X-wing"), "t70xwing");
        assert_eq!(canonical_xws("\"Dutch\" Vander"), "dutchvander");
        assert_eq!(canonical_xws("Sabine Wren (TIE Fighter)"), "sabinewrentiefighter");
        assert_eq!(canonical_xws("Plo Koon"), "plokoon");
        assert_eq!(canonical_xws("Dengar’s Punishér"), "dengarspunisher");
    }
}
