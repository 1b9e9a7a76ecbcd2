//! What `cards-runtime` costs a crate that depends on it: clean builds of the runtime into
//! an empty target folder, side by side in one run, three ways, the median of three each:
//! - **core**: no features, what the code cardc generates depends on (the model, the packed
//!   form, the typed traits, restriction evaluation);
//! - **pack**: the core and the packer, what cardc's build script adds;
//! - **full**: every feature (plain words, squads and fleets, the ability engine, serde).
//!
//! Each build is `cargo build -p cards-runtime` in the debug profile with
//! `CARGO_INCREMENTAL=0`, offline, into a folder of `target/` emptied first, so the figure
//! includes every dependency the way builds. Issue 28 asks the core to build in under half
//! of what the whole runtime took before it was split.
//!
//! `cargo bench -p cards-runtime --bench clean_build` (about a minute).

use std::path::PathBuf;
use std::process::Command;
use std::time::{Duration, Instant};

const RUNS: usize = 3;

/// The ways, by name, with the features each builds.
const WAYS: [(&str, &str); 3] = [("core", ""), ("pack", "pack"), ("full", "pack,serde,words,squads,engine")];

/// One clean build of the runtime with `features` into `target`.
fn clean_build(target: &PathBuf, features: &str) -> Result<Duration, String> {
    if target.exists() {
        std::fs::remove_dir_all(target).map_err(|e| format!("cannot empty {}: {e}", target.display()))?;
    }
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_string());
    let mut cmd = Command::new(cargo);
    cmd.args(["build", "--quiet", "--offline", "-p", "cards-runtime"])
        .env("CARGO_TARGET_DIR", target)
        .env("CARGO_INCREMENTAL", "0")
        .current_dir(env!("CARGO_MANIFEST_DIR"));
    if !features.is_empty() {
        cmd.args(["--features", features]);
    }
    let start = Instant::now();
    let out = cmd.output().map_err(|e| format!("cannot run cargo: {e}"))?;
    let took = start.elapsed();
    if !out.status.success() {
        return Err(format!("cargo build failed: {}", String::from_utf8_lossy(&out.stderr)));
    }
    Ok(took)
}

fn main() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../target/bench-clean-build");
    let mut times: Vec<Vec<Duration>> = vec![Vec::new(); WAYS.len()];
    // Alternated, so drift on the machine falls on every way alike.
    for run in 0..RUNS {
        for (i, (name, features)) in WAYS.iter().enumerate() {
            match clean_build(&root.join(name), features) {
                Ok(took) => times[i].push(took),
                Err(e) => {
                    eprintln!("clean_build: {name}: {e}");
                    std::process::exit(1);
                }
            }
            eprintln!("run {}/{RUNS}: {name} {:.2} s", run + 1, times[i].last().map_or(0.0, Duration::as_secs_f64));
        }
    }
    let medians: Vec<f64> = times
        .iter_mut()
        .map(|t| {
            t.sort();
            t[t.len() / 2].as_secs_f64()
        })
        .collect();
    println!("cards-runtime, clean debug build (median of {RUNS})");
    for ((name, features), median) in WAYS.iter().zip(&medians) {
        let features = if features.is_empty() { "no features" } else { features };
        println!("  {name:<5} {median:>6.2} s  {:>5.2}x full  ({features})", median / medians[2]);
    }
    let _ = std::fs::remove_dir_all(&root);
}
