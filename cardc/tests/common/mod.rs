//! Helpers shared by the integration tests.
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// `../shared` beside the checkout. Missing: a failure under `CI=true`, else a notice and
/// `None` so the test can skip.
pub fn shared() -> Option<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared");
    if dir.join("examples").is_dir() {
        return Some(dir);
    }
    if std::env::var("CI").is_ok_and(|v| v == "true") {
        panic!("CI=true but {} is missing", dir.display());
    }
    eprintln!("notice: skipping, {} is missing", dir.display());
    None
}

/// The conformance set folders, sorted.
pub fn example_sets(shared: &Path) -> Vec<PathBuf> {
    let mut sets: Vec<PathBuf> =
        std::fs::read_dir(shared.join("examples")).unwrap().map(|e| e.unwrap().path()).filter(|p| p.is_dir()).collect();
    sets.sort();
    sets
}

/// Runs the `cardc` binary.
pub fn cardc(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_cardc")).args(args).output().expect("cardc runs")
}

/// The exit code, with a panic message naming the output when it was killed.
pub fn code(out: &Output) -> i32 {
    out.status.code().unwrap_or_else(|| panic!("killed: {}", String::from_utf8_lossy(&out.stderr)))
}
