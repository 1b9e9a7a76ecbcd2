//! Importer JSON: one xwing-data2 file imported on its own
//! (`cardc::import::xwing_data2::import_file`). The input's first line is the file's name in
//! the data folder (`pilots/<faction>/<ship>.json` or `upgrades/<slot>.json`, which says how
//! it is read), the rest its text. Nothing may panic; every irregularity names the file and
//! a JSON path that exists in the input; every file of the set written parses with no
//! syntax error (names and text from the data are escaped).

#![no_main]

use cardc::diagnostics::Severity;
use libfuzzer_sys::fuzz_target;
use serde_json::Value;

/// The value at `path` (`$`, `.key`, `[3]`, `["odd key"]`) in `root`, if there is one.
fn at<'v>(root: &'v Value, path: &str) -> Option<&'v Value> {
    let mut rest = path.strip_prefix('$')?;
    let mut value = root;
    while !rest.is_empty() {
        if let Some(after) = rest.strip_prefix('.') {
            let end = after.find(['.', '[']).unwrap_or(after.len());
            value = value.as_object()?.get(&after[..end])?;
            rest = &after[end..];
        } else if let Some(after) = rest.strip_prefix("[\"") {
            // A JSON string: up to the first quote not escaped.
            let mut escaped = false;
            let end = after.char_indices().find(|&(_, c)| {
                let closes = c == '"' && !escaped;
                escaped = c == '\\' && !escaped;
                closes
            })?;
            let key: String =
                serde_json::from_str(&rest[1..end.0 + 3]).ok().filter(|_| after[end.0 + 1..].starts_with(']'))?;
            value = value.as_object()?.get(&key)?;
            rest = &after[end.0 + 2..];
        } else {
            let after = rest.strip_prefix('[')?;
            let end = after.find(']')?;
            value = value.as_array()?.get(after[..end].parse::<usize>().ok()?)?;
            rest = &after[end + 1..];
        }
    }
    Some(value)
}

fuzz_target!(|data: &[u8]| {
    let Ok(input) = std::str::from_utf8(data) else { return };
    let (file, text) = input.split_once('\n').unwrap_or((input, ""));
    let Ok(imported) = cardc::import::xwing_data2::import_file(file, text) else { return };
    // The importer read it, so it is JSON; duplicate keys keep their last value here too.
    let json: Value = serde_json::from_str(text).unwrap_or_else(|e| panic!("imported, yet not JSON: {e}"));
    for i in &imported.irregularities {
        assert_eq!(i.file, file, "an irregularity names another file: {i}");
        assert!(at(&json, &i.path).is_some(), "an irregularity's path is not in the input: {i}");
    }
    for (name, source) in &imported.files {
        let (_, diagnostics) = cardc::syntax::parse_file(0, source);
        if let Some(d) = diagnostics.iter().find(|d| d.severity == Severity::Error) {
            panic!("the imported {name} does not parse: {} {}\n{source}", d.code.id, d.message);
        }
    }
});
