//! Importer JSON: one xwing-data2 file imported on its own
//! (`cardc::import::xwing_data2::import_file`). The input's first line is the file's name in
//! the data folder (`pilots/<faction>/<ship>.json` or `upgrades/<slot>.json`, which says how
//! it is read), the rest its text. Nothing may panic, and the import must give what
//! `cardc_fuzz::assert_imported_from` asserts: every irregularity names the file and a JSON
//! path that exists in the input; every file of the set written parses.

#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(input) = std::str::from_utf8(data) else { return };
    let (file, text) = input.split_once('\n').unwrap_or((input, ""));
    let Ok(imported) = cardc::import::xwing_data2::import_file(file, text) else { return };
    cardc_fuzz::assert_imported_from(&imported, file, text);
});
