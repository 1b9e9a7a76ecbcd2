//! What the generated code costs to compile: a synthetic set of 10,000 cards
//! ([`cardc::synth`]) compiled by `cargo build` (debug) as the module cardc generates,
//! and, in the same run, as a baseline crate holding the set's data alone, `pub static SET`
//! with no enums and no card types ([`cardc::emit::emit_table`]). Prints the median build
//! time of each over three rebuilds (dependencies built beforehand and not timed), the peak
//! memory of each build (through `/usr/bin/time` where it exists), their ratio, and what
//! the typed layer (the enums, the card types and their documentation) costs a card.
//!
//! The set's data is packed into one string ([`cards_runtime::packed`]) and compiles in
//! next to no time, so the ratio is now the typed layer against almost nothing; before
//! packing, the baseline was the data as nested literals and the goal was at most 1.5x. The
//! goal that matters to a user is `real_compile`'s: a real pool against its cards without
//! ability text.
//!
//! `cargo bench -p cardc --features synth --bench compile_cost` (a few minutes). `CARDC_BENCH_CARDS=N`
//! changes the size.

mod common;

use std::path::{Path, PathBuf};
use std::time::Duration;

const RUNS: usize = 3;

fn write_crate(dir: &Path, module: &str) {
    let runtime = Path::new(env!("CARGO_MANIFEST_DIR")).join("../cards-runtime");
    std::fs::create_dir_all(dir.join("src")).unwrap();
    let manifest = format!(
        "[package]\nname = \"{}\"\nversion = \"0.0.0\"\nedition = \"2021\"\n\n[dependencies]\ncards-runtime = {{ path = {:?} }}\n\n[workspace]\n",
        dir.file_name().unwrap().to_str().unwrap(),
        runtime.display().to_string()
    );
    std::fs::write(dir.join("Cargo.toml"), manifest).unwrap();
    std::fs::write(dir.join("src/set.rs"), module).unwrap();
}

/// Builds the crate (after touching it) and returns the wall time and peak memory in KiB.
fn build(dir: &Path, target: &Path, run: usize) -> (Duration, Option<u64>) {
    std::fs::write(
        dir.join("src/lib.rs"),
        format!("// build {run}\npub mod synth {{\n    include!(\"set.rs\");\n}}\n"),
    )
    .unwrap();
    common::timed_build(&dir.join("Cargo.toml"), target, &[])
}

fn main() {
    if std::env::args().any(|a| a == "--list") {
        return;
    }
    let n: usize = std::env::var("CARDC_BENCH_CARDS").ok().and_then(|v| v.parse().ok()).unwrap_or(10_000);
    let (sources, set_source) = cardc::synth::load(n);
    let checked = cardc::check_set(&sources, &set_source);
    let set = checked.set.expect("the synthetic set checks clean");
    let root = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("compile-cost");
    let target = root.join("target");
    let crates = [("generated", cardc::emit::emit_set(&set)), ("baseline", cardc::emit::emit_table(&set))];
    let mut medians = Vec::new();
    println!("compile cost of {n} synthetic cards (cargo build, debug, {RUNS} rebuilds each):");
    for (name, module) in &crates {
        let dir = root.join(name);
        write_crate(&dir, module);
        build(&dir, &target, 0); // dependencies, and a first build: not timed
        let mut times = Vec::new();
        let mut peak = None;
        for run in 1..=RUNS {
            let (t, rss) = build(&dir, &target, run);
            times.push(t);
            peak = peak.max(rss);
        }
        let m = common::median(times);
        let peak = common::format_peak(peak);
        println!(
            "  {name:<10} median {:>7.2} s   peak memory {peak}   source {} KiB",
            m.as_secs_f64(),
            module.len() / 1024
        );
        medians.push(m);
    }
    let (generated, baseline) = (medians[0].as_secs_f64(), medians[1].as_secs_f64());
    println!("  ratio generated / baseline: {:.2}x", generated / baseline);
    println!("  the typed layer: {:.1} µs of build time a card", (generated - baseline) / n as f64 * 1e6);
}
