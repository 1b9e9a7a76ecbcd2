//! What the benches share: the real pools, imported from `../shared/data`, and a timed
//! `cargo build` of a generated crate with its peak memory.

// Each bench includes this module and uses only part of it.
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

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
    cardc::import::write_set(&dir, &imported.files, true).ok()?;
    Some(dir)
}

/// Runs `cargo build` (debug, quiet) on `manifest` into `target`, with `envs` set, and
/// returns the wall time and the peak memory of the largest process in KiB (through
/// `/usr/bin/time`, `None` where it does not exist). Panics when the build fails: a bench
/// has nothing to report then.
pub fn timed_build(manifest: &Path, target: &Path, envs: &[(&str, &str)]) -> (Duration, Option<u64>) {
    let time = Path::new("/usr/bin/time");
    std::fs::create_dir_all(target).unwrap();
    let rss_file = target.join("rss.txt");
    let _ = std::fs::remove_file(&rss_file);
    let mut cmd = if time.exists() {
        let mut c = Command::new(time);
        c.args(["-f", "%M", "-o"]).arg(&rss_file).arg(env!("CARGO"));
        c
    } else {
        Command::new(env!("CARGO"))
    };
    cmd.args(["build", "--quiet", "--manifest-path"]).arg(manifest).env("CARGO_TARGET_DIR", target);
    cmd.envs(envs.iter().copied());
    let start = Instant::now();
    let status = cmd.status().unwrap();
    let elapsed = start.elapsed();
    assert!(status.success(), "building {} failed", manifest.display());
    let rss = std::fs::read_to_string(&rss_file).ok().and_then(|s| s.trim().lines().last()?.trim().parse().ok());
    (elapsed, rss)
}

/// The median of a non-empty list of times.
pub fn median(mut d: Vec<Duration>) -> Duration {
    d.sort();
    d[d.len() / 2]
}

/// A peak memory in KiB as MiB, or why there is none.
pub fn format_peak(kib: Option<u64>) -> String {
    kib.map_or_else(|| "n/a (no /usr/bin/time)".to_string(), |kib| format!("{:.0} MiB", kib as f64 / 1024.0))
}
