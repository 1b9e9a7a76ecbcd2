//! Helpers shared by the tests of every package (cardc's include this file too).
#![allow(dead_code)]

use std::io::Write as _;
use std::path::{Path, PathBuf};

/// The checkout's root: the folder holding `cards-runtime/`, from whichever package's
/// tests run.
pub fn root() -> PathBuf {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    manifest.ancestors().find(|d| d.join("cards-runtime").is_dir()).unwrap_or(manifest).to_path_buf()
}

/// `../shared` beside the checkout. Missing: a failure under `CI=true`, else a notice and
/// `None` so the test can skip. The notice goes to the process's stderr itself, which the
/// test harness does not capture, so a skipped test is seen even though it passes.
pub fn shared() -> Option<PathBuf> {
    let dir = root().join("../shared");
    if dir.join("examples").is_dir() {
        return Some(dir);
    }
    if std::env::var("CI").is_ok_and(|v| v == "true") {
        panic!("CI=true but {} is missing", dir.display());
    }
    let _ = writeln!(std::io::stderr(), "notice: skipping a test, {} is missing", dir.display());
    None
}

/// The conformance set folders, sorted.
pub fn example_sets(shared: &Path) -> Vec<PathBuf> {
    let mut sets: Vec<PathBuf> =
        std::fs::read_dir(shared.join("examples")).unwrap().map(|e| e.unwrap().path()).filter(|p| p.is_dir()).collect();
    sets.sort();
    sets
}

/// A folder's files with this extension, sorted.
pub fn files(dir: &Path, ext: &str) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == ext))
        .collect();
    files.sort();
    files
}

/// The workspace's target folder, for a throw-away crate a test builds with cargo: given
/// [`profiles`] and the workspace's lock file, it reuses the dependencies the workspace
/// built. Cargo locks the folder while it builds, so such builds wait for each other.
pub fn target_dir() -> PathBuf {
    let tmp = Path::new(env!("CARGO_TARGET_TMPDIR"));
    tmp.parent().unwrap_or(tmp).to_path_buf()
}

/// The `[profile…]` tables of the workspace's manifest (from the first to the end), for a
/// throw-away crate's manifest: a dependency is the same unit only under the same profile.
pub fn profiles() -> String {
    let manifest = std::fs::read_to_string(root().join("Cargo.toml")).expect("the workspace's manifest");
    let start = manifest.find("\n[profile.").expect("the workspace's manifest sets profiles");
    manifest[start..].to_string()
}
