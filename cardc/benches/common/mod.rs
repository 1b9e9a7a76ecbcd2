//! What the benches share: the real pools, imported from `../shared/data`.

use std::path::PathBuf;

/// The `../shared` folder beside the checkout, when it has the data.
pub fn shared() -> Option<PathBuf> {
    let shared = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared");
    if shared.join("data").is_dir() {
        return Some(shared);
    }
    eprintln!("notice: {} is missing: no real pool to time", shared.display());
    None
}

/// Imports the xwing-data2 pool `data` (a folder of `../shared/data`) into
/// `target/bench-pools/<data>` and returns that set folder.
pub fn import_pool(data: &str) -> Option<PathBuf> {
    let imported = cardc::import::xwing_data2::import(&shared()?.join("data").join(data)).ok()?;
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../target/bench-pools").join(data);
    cardc::import::write_set(&dir, &imported.files).ok()?;
    Some(dir)
}
