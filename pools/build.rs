// Imports the real card pools in `../../shared/data` with cardc's importers into
// `$OUT_DIR/sets` (generated card text stays under target/, never in the repository) and
// compiles them the way any user's build.rs compiles its sets. Without the data, no set is
// compiled: the crate then exports an empty `SETS`, and its tests say so (and fail under
// CI=true).

use std::path::{Path, PathBuf};

/// (set folder, data folder under ../shared/data).
const POOLS: &[(&str, &str)] = &[("xwing-legacy", "xwing-data2-legacy"), ("xwing-25", "xwing-data2-xwingtmg")];

/// The releases of `xwing-data2-history` and their dates (its SOURCE.md).
const HISTORY: [(&str, &str); 5] = [
    ("1.0.0", "2018-10-01"),
    ("1.3.0", "2018-12-06"),
    ("1.5.1", "2019-01-04"),
    ("1.10.1", "2019-03-25"),
    ("1.14.1", "2019-08-02"),
];

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let manifest = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").ok_or("CARGO_MANIFEST_DIR is not set")?);
    let out = PathBuf::from(std::env::var_os("OUT_DIR").ok_or("OUT_DIR is not set")?);
    let data = manifest.join("../../shared/data");
    println!("cargo:rerun-if-changed=build.rs");
    let sets = out.join("sets");
    let mut found = Vec::new();
    for (name, source) in POOLS {
        let dir = data.join(source);
        println!("cargo:rerun-if-changed={}", dir.display());
        if !dir.join("data").is_dir() {
            println!("cargo:warning=cards-pools: {} is missing; the set `{name}` is not compiled", dir.display());
            continue;
        }
        let imported = cardc::import::xwing_data2::import(&dir)?;
        write_if_changed(&sets.join(name), &imported.files)?;
        found.push(sets.join(name));
    }
    // The five tagged releases of 2018-19, merged into one set that knows them
    // (`cardc import xwing-data2 <folder>@<date>…`), as its own game.
    let history = data.join("xwing-data2-history");
    println!("cargo:rerun-if-changed={}", history.display());
    if history.join("SOURCE.md").is_file() {
        let mut releases = Vec::new();
        for (tag, date) in HISTORY {
            let imported = cardc::import::xwing_data2::import(&history.join(tag))?;
            let (id, name) = (format!("v{}", tag.replace('.', "-")), format!("xwing-data2 {tag}"));
            releases.push(cardc::import::history::Dated { id, name, date: date.to_string(), imported });
        }
        let mut merged = cardc::import::history::merge(&releases);
        let game = merged.files.get_mut("game.cards").ok_or("the merged set has no game.cards")?;
        let first = game.lines().find(|l| l.starts_with("game ")).ok_or("no game line")?.to_string();
        *game = game.replacen(&first, "game xwing-history \"X-Wing 2.0, 2018-19\"", 1);
        write_if_changed(&sets.join("xwing-history"), &merged.files)?;
        found.push(sets.join("xwing-history"));
    } else {
        println!(
            "cargo:warning=cards-pools: {} is missing; the set `xwing-history` is not compiled",
            history.display()
        );
    }
    println!("cargo:rustc-env=CARDS_POOLS_SETS={}", found.len());
    // The data folders are watched above; the generated text is ours, so no cargo
    // instructions for it (they would make every build rerun this script).
    cardc::Config::new().cargo_instructions(false).compile(&found)?;
    Ok(())
}

/// Writes an imported set unless the folder already holds exactly these files, so that a
/// rerun of this script does not touch what the compiled module depends on.
fn write_if_changed(
    dir: &Path,
    files: &std::collections::BTreeMap<String, String>,
) -> Result<(), Box<dyn std::error::Error>> {
    // The same files with the same text, and no other file left from an older import (the
    // importer's marker file aside).
    let count = std::fs::read_dir(dir)
        .map_or(0, |entries| entries.flatten().filter(|e| e.file_name() != cardc::import::MARKER).count());
    let same = count == files.len()
        && files.iter().all(|(name, text)| std::fs::read_to_string(dir.join(name)).is_ok_and(|old| &old == text));
    if !same {
        cardc::import::write_set(dir, files, true)?;
    }
    Ok(())
}
