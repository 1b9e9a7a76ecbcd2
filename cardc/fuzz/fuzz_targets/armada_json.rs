//! Armada importer JSON: one star-wars-armada-data file imported on its own through the
//! importer's real entry point (`cardc::import::armada_data::import`, which reads a data
//! folder). The input's first line is the file's name in the data folder
//! (`ship-card/<faction>/<file>.json`, `squadron-card/<faction>/<file>.json`,
//! `upgrade-card/<file>.json`, or one of the card files at its root), the rest its text; the
//! target writes it alone into a data folder of its own and imports that. Nothing may
//! panic, and the import must give what `cardc_fuzz::assert_imported_from` asserts (as the
//! `importer_json` target's does).

#![no_main]

use std::path::PathBuf;
use std::sync::LazyLock;

use libfuzzer_sys::fuzz_target;

/// The data folder the target writes each input into (in memory, `/dev/shm`, where there
/// is one: a file system's inodes cost more than the import), with the two folders the
/// importer requires. Left behind when the process ends (`run.sh` removes it).
static ROOT: LazyLock<PathBuf> = LazyLock::new(|| {
    let shm = std::path::Path::new("/dev/shm");
    let base = if shm.is_dir() { shm.to_path_buf() } else { std::env::temp_dir() };
    let root = base.join(format!("cardc-fuzz-armada-{}", std::process::id()));
    for dir in ["ship-card", "upgrade-card"] {
        std::fs::create_dir_all(root.join(dir)).unwrap_or_else(|e| panic!("{}: {e}", root.display()));
    }
    root
});

/// The longest name, in bytes, of one file or folder that Linux's file systems hold
/// (`NAME_MAX`): a longer name is no file a data folder can have.
const NAME_MAX: usize = 255;

/// Whether `name` is a data file the importer reads, in a folder it reads it from (so that
/// the input never names a place outside the data folder), with a name a file can have.
fn is_data_file(name: &str) -> bool {
    let plain = |part: &str| {
        !part.is_empty()
            && part.len() + ".json".len() <= NAME_MAX
            && part.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
    };
    let Some(stem) = name.strip_suffix(".json") else { return false };
    match stem.split('/').collect::<Vec<_>>().as_slice() {
        ["ship-card" | "squadron-card", faction, file] => plain(faction) && plain(file),
        ["ship-card" | "squadron-card" | "upgrade-card", file] => plain(file),
        [file] => ["objective-card", "damage-card-core", "reference-card"].contains(file),
        _ => false,
    }
}

fuzz_target!(|data: &[u8]| {
    let Ok(input) = std::str::from_utf8(data) else { return };
    let (file, text) = input.split_once('\n').unwrap_or((input, ""));
    if !is_data_file(file) {
        return;
    }
    let root = &*ROOT;
    // Only this input's file in the folder: written, imported, taken away again (with the
    // faction folder it may have needed).
    let path = root.join(file);
    let parent = path.parent().unwrap_or(root);
    let made = !parent.is_dir();
    std::fs::create_dir_all(parent).unwrap_or_else(|e| panic!("{}: {e}", parent.display()));
    std::fs::write(&path, text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let result = cardc::import::armada_data::import(root);
    std::fs::remove_file(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    if made {
        std::fs::remove_dir(parent).unwrap_or_else(|e| panic!("{}: {e}", parent.display()));
    }
    let Ok(imported) = result else { return };
    cardc_fuzz::assert_imported_from(&imported, file, text);
});
