//! The packed set format: arbitrary text given to `cards_runtime::packed::unpack` is a set
//! or an error, never a panic; a set it gives packs and unpacks to itself.
//!
//! On start, when `CARDC_FUZZ_SEEDS` names a folder, the conformance sets are packed into
//! it (one file a game), so that `run.sh` can seed this target with real packed data
//! without keeping a copy in the repository.

#![no_main]

use libfuzzer_sys::fuzz_target;

/// Writes each conformance set, packed, to `$CARDC_FUZZ_SEEDS/<game>.packed`.
fn write_seeds() {
    let Some(dir) = std::env::var_os("CARDC_FUZZ_SEEDS") else { return };
    let dir = std::path::PathBuf::from(dir);
    for set in cardc_fuzz::sets() {
        let path = dir.join(format!("{}.packed", set.game));
        if let Err(e) = std::fs::write(&path, cards_runtime::packed::pack(set).concat()) {
            eprintln!("cannot write {}: {e}", path.display());
        }
    }
}

fuzz_target!(init: write_seeds(), |data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let Ok(set) = cards_runtime::packed::unpack(text) else { return };
    let again = cards_runtime::packed::pack(&set).concat();
    assert!(cards_runtime::packed::unpack(&again).as_ref() == Ok(&set), "unpacked set does not round trip");
});
