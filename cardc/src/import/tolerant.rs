//! Reading the data as it comes, for every importer: JSON parsed to a [`Value`] that
//! records the keys an object names twice (the last wins, as in JavaScript), then put into
//! the schema's shape ([`Shape`]) where it strays from it in ways with one meaning (a
//! number written as a string, one string where a list is expected), and HTML taken out of
//! text. Each thing forgiven is an [`Irregularity`] naming the file and the JSON path.

use std::collections::HashMap;
use std::fmt;
use std::ops::Range;
use std::path::{Path, PathBuf};

use serde::de::{DeserializeOwned, DeserializeSeed, MapAccess, SeqAccess, Visitor};
use serde_json::{Map, Value};

use crate::import::{ImportError, Irregularity};

/// A key named twice in one object.
pub(crate) const DUPLICATE_KEY: &str = "a key named twice in one object (the last wins)";
/// A number written as a string.
pub(crate) const NUMBER_AS_STRING: &str = "a number written as a string";
/// One string (or number) where a list is expected.
pub(crate) const ONE_FOR_A_LIST: &str = "a string where a list is expected";
/// A card the importer cannot read at all.
pub(crate) const CARD_LEFT_OUT: &str = "a card that cannot be read (left out)";
/// HTML inside a text.
pub(crate) const HTML_REMOVED: &str = "HTML tags in text (removed; <br> is a sentence break)";

/// Which keys of a data's objects hold what, wherever they occur: the shape
/// [`normalise`] puts the data into.
pub(crate) struct Shape {
    /// Keys whose value is a whole number.
    pub(crate) numbers: &'static [&'static str],
    /// Keys whose value is a list.
    pub(crate) lists: &'static [&'static str],
}

/// The irregularities of one file, with the file's name.
pub(crate) struct Notes<'a> {
    /// The file, relative to the data folder.
    pub(crate) file: &'a str,
    /// What was forgiven.
    pub(crate) found: &'a mut Vec<Irregularity>,
}

impl Notes<'_> {
    /// Records one irregularity at `path`.
    pub(crate) fn note(&mut self, path: &str, kind: &str, detail: impl Into<String>) {
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
pub(crate) fn parse(text: &str, duplicates: &mut Vec<String>) -> Result<Value, serde_json::Error> {
    let mut de = serde_json::Deserializer::from_str(text);
    let value = ValueSeed { path: "$".into(), duplicates: &mut *duplicates }.deserialize(&mut de)?;
    de.end()?;
    duplicates.retain(|d| !d.is_empty());
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
        // Where in `duplicates` each key's value noted its own: a value a later one under
        // the same key replaces takes its notes with it (their paths name a place that is
        // not in what is read). Cleared here, dropped by `parse`.
        let mut noted: HashMap<String, Range<usize>> = HashMap::new();
        while let Some(key) = map.next_key::<String>()? {
            let path = member(&self.path, &key);
            let start = self.duplicates.len();
            let value = map.next_value_seed(ValueSeed { path: path.clone(), duplicates: &mut *self.duplicates })?;
            let inside = start..self.duplicates.len();
            let replaced = out.insert(key.clone(), value).is_some();
            let before = if inside.is_empty() { noted.remove(&key) } else { noted.insert(key, inside) };
            if replaced {
                for gone in &mut self.duplicates[before.unwrap_or_default()] {
                    gone.clear();
                }
                self.duplicates.push(path);
            }
        }
        Ok(Value::Object(out))
    }
}

/// The path of `key` in the object at `path`: `$.pilots`, or `$["odd key"]`.
pub(crate) fn member(path: &str, key: &str) -> String {
    let plain = !key.is_empty() && key.chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-');
    if plain {
        format!("{path}.{key}")
    } else {
        format!("{path}[{}]", Value::String(key.to_string()))
    }
}

/// Puts `value` (at `path`) into the schema's shape where it strays in a way with one
/// meaning: a whole number written as a string under a number key becomes the number; one
/// string or number under a list key becomes a list of it. Each is noted.
pub(crate) fn normalise(value: &mut Value, path: &str, shape: &Shape, notes: &mut Notes<'_>) {
    match value {
        Value::Object(map) => {
            for (key, v) in map.iter_mut() {
                let at = member(path, key);
                if shape.numbers.contains(&key.as_str()) {
                    if let Value::String(s) = v {
                        if let Ok(n) = s.trim().parse::<i64>() {
                            notes.note(&at, NUMBER_AS_STRING, format!("{} read as {n}", Value::String(s.clone())));
                            *v = Value::from(n);
                        }
                    }
                }
                let list_key = shape.lists.contains(&key.as_str());
                if list_key && (v.is_string() || v.is_number()) {
                    let kind = if v.is_string() { ONE_FOR_A_LIST } else { "a number where a list is expected" };
                    notes.note(&at, kind, format!("{v} read as [{v}]"));
                    *v = Value::Array(vec![v.take()]);
                }
                normalise(v, &at, shape, notes);
            }
        }
        Value::Array(items) => {
            for (i, v) in items.iter_mut().enumerate() {
                normalise(v, &format!("{path}[{i}]"), shape, notes);
            }
        }
        _ => {}
    }
}

/// `raw` without HTML tags, and the tags it had: `<br>` (`<br/>`, `<br />`) becomes a blank
/// line (a sentence break), every other tag goes. A `<` that starts no tag stays.
pub(crate) fn strip_html(raw: &str) -> (String, Vec<String>) {
    let mut out = String::with_capacity(raw.len());
    let mut tags = Vec::new();
    let mut rest = raw;
    while let Some(open) = rest.find('<') {
        let after = &rest[open + 1..];
        let is_tag = after.starts_with(|c: char| c.is_ascii_alphabetic() || c == '/');
        let close = after.find('>').filter(|&c| !after[..c].contains('<'));
        match (is_tag, close) {
            (true, Some(close)) => {
                out.push_str(&rest[..open]);
                let tag = &rest[open..open + close + 2];
                let name: String =
                    tag[1..].trim_start_matches('/').chars().take_while(char::is_ascii_alphanumeric).collect();
                if name.eq_ignore_ascii_case("br") {
                    out.push_str("\n\n");
                } else if name.eq_ignore_ascii_case("p") || name.eq_ignore_ascii_case("div") {
                    out.push(' ');
                }
                tags.push(tag.to_string());
                rest = &rest[open + close + 2..];
            }
            _ => {
                out.push_str(&rest[..=open]);
                rest = after;
            }
        }
    }
    out.push_str(rest);
    (out, tags)
}

/// Reads the JSON files of one data folder as they come, gathering what it forgives.
pub(crate) struct Reader {
    /// The data folder: files are named relative to it.
    pub(crate) root: PathBuf,
    /// The shape the data's objects are put into.
    pub(crate) shape: &'static Shape,
    /// What was forgiven so far, in the order met.
    pub(crate) irregularities: Vec<Irregularity>,
}

impl Reader {
    /// A reader of the folder `root`, putting its data into `shape`.
    pub(crate) fn new(root: &Path, shape: &'static Shape) -> Reader {
        Reader { root: root.to_path_buf(), shape, irregularities: Vec::new() }
    }

    /// The file's name relative to the data folder, `/`-separated.
    pub(crate) fn relative(&self, path: &Path) -> String {
        let rel = path.strip_prefix(&self.root).unwrap_or(path);
        rel.components().map(|c| c.as_os_str().to_string_lossy()).collect::<Vec<_>>().join("/")
    }

    /// The notes of `path`'s irregularities.
    pub(crate) fn notes<'r>(&'r mut self, file: &'r str) -> Notes<'r> {
        Notes { file, found: &mut self.irregularities }
    }

    /// Reads a JSON file as a [`Value`] in the data's shape ([`normalise`]), noting
    /// duplicate keys and what was put right.
    ///
    /// # Errors
    /// When the file cannot be read or is not JSON.
    pub(crate) fn value(&mut self, path: &Path) -> Result<Value, ImportError> {
        let text = cards_cli::files::read_to_string(path).map_err(|e| ImportError::io(path, e))?;
        self.value_of(path, &text)
    }

    /// Reads `text` as the JSON file `path`, as [`Reader::value`] reads the file.
    ///
    /// # Errors
    /// When the text is not JSON.
    pub(crate) fn value_of(&mut self, path: &Path, text: &str) -> Result<Value, ImportError> {
        let mut duplicates = Vec::new();
        let mut value = parse(text, &mut duplicates).map_err(|e| ImportError::data(path, format!("not JSON: {e}")))?;
        let file = self.relative(path);
        let shape = self.shape;
        let mut notes = self.notes(&file);
        for at in duplicates {
            notes.note(&at, DUPLICATE_KEY, "");
        }
        normalise(&mut value, "$", shape, &mut notes);
        Ok(value)
    }

    /// Reads a JSON file as `T`, after putting it into the data's shape.
    ///
    /// # Errors
    /// When the file cannot be read, is not JSON, or does not hold a `T`.
    pub(crate) fn read<T: DeserializeOwned>(&mut self, path: &Path) -> Result<T, ImportError> {
        let value = self.value(path)?;
        serde_json::from_value(value).map_err(|e| ImportError::data(path, format!("not the JSON expected: {e}")))
    }

    /// Notes a card left out because it cannot be read as `what`.
    pub(crate) fn left_out(&mut self, path: &Path, at: &str, what: &str, error: &dyn fmt::Display) {
        let file = self.relative(path);
        self.notes(&file).note(at, CARD_LEFT_OUT, format!("{what}: {error}"));
    }
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

    /// Found by the `importer_json` fuzz target: a key named twice inside a value that a
    /// later one under the same key replaces was noted at a path the data read does not
    /// have (`$.pilots[1].caption` when the last `pilots` has one pilot).
    #[test]
    fn what_a_replaced_value_held_is_not_noted() {
        let mut dups = Vec::new();
        let text = r#"{"pilots": [{"a": 1}, {"b": {"c": 1, "c": 2}, "b": 3}], "x": {"y": 1, "y": 2}, "pilots": [{"a": 1, "a": 2}]}"#;
        let v = parse(text, &mut dups).unwrap();
        assert_eq!(v["pilots"], serde_json::json!([{"a": 2}]));
        // `$.pilots[1].b.c` and `$.pilots[1].b` were in the first `pilots`, which is gone.
        assert_eq!(dups, ["$.x.y", "$.pilots[0].a", "$.pilots"]);
    }

    #[test]
    fn only_what_has_one_meaning_is_put_right() {
        const SHAPE: Shape = Shape { numbers: &["points"], lists: &["slots"] };
        let mut found = Vec::new();
        let mut notes = Notes { file: "f.json", found: &mut found };
        let mut v: Value =
            serde_json::from_str(r#"[{"points": " 12 ", "slots": 3, "name": "7"}, {"points": "12.5", "slots": []}]"#)
                .unwrap();
        normalise(&mut v, "$", &SHAPE, &mut notes);
        assert_eq!(v, serde_json::json!([{"points": 12, "slots": [3], "name": "7"}, {"points": "12.5", "slots": []}]));
        let kinds: Vec<(&str, &str)> = found.iter().map(|i| (i.path.as_str(), i.kind.as_str())).collect();
        assert_eq!(kinds, [("$[0].points", NUMBER_AS_STRING), ("$[0].slots", "a number where a list is expected")]);
    }

    #[test]
    fn html_is_stripped_and_br_breaks_the_sentence() {
        let (text, tags) =
            strip_html("<strong>Setup:</strong> Place it.<br>Then <span class=\"x\">roll</span> <i>2</i>.");
        assert_eq!(text, "Setup: Place it.\n\nThen roll 2.");
        assert_eq!(tags, ["<strong>", "</strong>", "<br>", "<span class=\"x\">", "</span>", "<i>", "</i>"]);
        let (text, tags) = strip_html("range 1-2 < 3 and a<b, x <br/>y");
        assert_eq!(text, "range 1-2 < 3 and a<b, x \n\ny");
        assert_eq!(tags, ["<br/>"]);
    }
}
