//! What `cardc import --out` may write over: a new or empty folder, or a set it wrote
//! before; an unrelated folder or a file only with `--force` (a file never); a set with
//! errors is not written at all; and what an import leaves is never read as a set.

use crate::common;

use std::collections::BTreeMap;
use std::path::Path;

fn import_armada(out: &Path, force: bool) -> std::process::Output {
    import_armada_from(&common::shared().unwrap().join("data/star-wars-armada-data"), out, force)
}

fn import_armada_from(data: &Path, out: &Path, force: bool) -> std::process::Output {
    let (data, out) = (data.to_str().unwrap(), out.to_str().unwrap());
    let mut args = vec!["import", "armada-data", data, "--out", out];
    if force {
        args.push("--force");
    }
    common::cardc(&args)
}

#[test]
fn an_unrelated_folder_is_replaced_only_when_forced_and_a_file_never() {
    if common::shared().is_none() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let mine = dir.path().join("mine");
    std::fs::create_dir(&mine).unwrap();
    std::fs::write(mine.join("notes.txt"), "mine").unwrap();
    let out = import_armada(&mine, false);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(common::code(&out), 2, "{stderr}");
    assert!(stderr.contains("did not write") && stderr.contains("--force"), "{stderr}");
    assert_eq!(std::fs::read_to_string(mine.join("notes.txt")).unwrap(), "mine", "left as it was");

    // Forced, it is replaced; then it is the tool's own, and a second import needs no force.
    assert_eq!(common::code(&import_armada(&mine, true)), 0);
    assert!(!mine.join("notes.txt").exists() && mine.join("game.cards").is_file());
    assert_eq!(common::code(&import_armada(&mine, false)), 0);

    let file = dir.path().join("file.txt");
    std::fs::write(&file, "precious").unwrap();
    let out = import_armada(&file, true);
    assert_eq!(common::code(&out), 2);
    assert!(String::from_utf8_lossy(&out.stderr).contains("is a file"));
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "precious");
    // Nothing is left beside the targets: no staging folder, no parked set.
    let mut left: Vec<String> =
        std::fs::read_dir(dir.path()).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into()).collect();
    left.sort();
    assert_eq!(left, ["file.txt", "mine"]);
}

#[test]
fn a_set_with_errors_is_checked_before_writing() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("set");
    let files = BTreeMap::from([
        ("game.cards".to_string(), "game g \"G\"\nicon crew\n".to_string()),
        ("ships.cards".to_string(), "ship \"S\" { upgrades: crow }\n".to_string()),
    ]);
    let report = cardc::import::check_imported(&out, &files);
    assert_eq!(report.errors(), 1);
    let d = report.all_diagnostics().next().unwrap();
    assert_eq!(report.sources.file(d.labels[0].file).path, out.join("ships.cards"), "named as it will be written");
    assert!(!out.exists(), "checking writes nothing");
}

#[test]
fn dot_folders_are_never_read_as_sets() {
    let dir = tempfile::tempdir().unwrap();
    for set in ["real", ".real.import-123", ".git"] {
        std::fs::create_dir(dir.path().join(set)).unwrap();
        std::fs::write(dir.path().join(set).join("game.cards"), "game g \"G\"\n").unwrap();
    }
    let report = cardc::check_paths(&[dir.path()]).unwrap();
    let sets: Vec<&Path> = report.sets.iter().map(|s| s.dir.as_path()).collect();
    assert_eq!(sets, [dir.path().join("real")]);
}

/// Every file under `dir` (at any depth) with its bytes, by path relative to `root`.
fn tree(root: &Path, dir: &Path, out: &mut BTreeMap<String, Vec<u8>>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            tree(root, &path, out);
        } else {
            out.insert(path.strip_prefix(root).unwrap().to_string_lossy().into_owned(), std::fs::read(&path).unwrap());
        }
    }
}

fn files_of(dir: &Path) -> BTreeMap<String, Vec<u8>> {
    let mut out = BTreeMap::new();
    tree(dir, dir, &mut out);
    out
}

#[test]
fn an_armada_import_whose_set_has_errors_writes_nothing() {
    let Some(shared) = common::shared() else { return };
    let dir = tempfile::tempdir().unwrap();
    // Real data with one title costing more points than a card may (a cost is a whole
    // number of at most 32 bits): read without complaint, but the set does not check.
    let data = dir.path().join("data");
    common::mutate_json::copy_dir(&shared.join("data/star-wars-armada-data/data"), &data);
    let titles = data.join("upgrade-card/title.json");
    let text = std::fs::read_to_string(&titles).unwrap();
    let priced = text.replacen("\"points\": 8,", "\"points\": 99999999999,", 1);
    assert_ne!(priced, text, "the first title costs 8");
    std::fs::write(&titles, priced).unwrap();

    // A new folder is not created.
    let out = dir.path().join("new");
    let run = import_armada_from(&data, &out, false);
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert_eq!(common::code(&run), 1, "{stderr}");
    assert!(stderr.contains("error[E0203]") && stderr.contains("cost: 99999999999"), "{stderr}");
    assert!(stderr.contains(&format!("nothing was written to `{}`", out.display())), "{stderr}");
    assert!(!out.exists());

    // A set imported before stays exactly as it was, forced or not.
    let old = dir.path().join("old");
    assert_eq!(common::code(&import_armada(&old, false)), 0);
    let before = files_of(&old);
    for force in [false, true] {
        assert_eq!(common::code(&import_armada_from(&data, &old, force)), 1);
        assert_eq!(files_of(&old), before, "forced: {force}");
    }
    let mut left: Vec<String> =
        std::fs::read_dir(dir.path()).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into()).collect();
    left.sort();
    assert_eq!(left, ["data", "old"], "no staging folder is left behind");
}
