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

fuzz_target!(|data: &[u8]| {
    let Ok(input) = std::str::from_utf8(data) else { return };
    let (file, text) = input.split_once('\n').unwrap_or((input, ""));
    let Ok(imported) = cardc::import::xwing_data2::import_file(file, text) else { return };
    // The importer read it, so it is JSON; duplicate keys keep their last value here too.
    let json: Value = serde_json::from_str(text).unwrap_or_else(|e| panic!("imported, yet not JSON: {e}"));
    for i in &imported.irregularities {
        assert_eq!(i.file, file, "an irregularity names another file: {i}");
        assert!(cardc_fuzz::json_at(&json, &i.path).is_some(), "an irregularity's path is not in the input: {i}");
    }
    for (name, source) in &imported.files {
        let (_, diagnostics) = cardc::syntax::parse_file(0, source);
        if let Some(d) = diagnostics.iter().find(|d| d.severity == Severity::Error) {
            panic!("the imported {name} does not parse: {} {}\n{source}", d.code.id, d.message);
        }
    }
});
