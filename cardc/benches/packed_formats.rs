//! The trial of issue 28, item 6: the packed form generated code holds a set in
//! ([`cards_runtime::packed`], hand-written base-32 text in a string literal) against
//! postcard (a well-kept serde format, binary, read from a file `include_bytes!`'d out of
//! `OUT_DIR`), on the real xwing-data2 pools, side by side in one run:
//! - **bytes a card** the generated code holds: the packed string as the Rust literal cardc
//!   writes, against the postcard file (the set, each card's abilities a nested byte slice
//!   of their own, as the packed form keeps them a nested string);
//! - **unpack**: the set without its abilities (what a squad validator reads), and every
//!   card's abilities, median of 15 runs each (this binary is optimised, as a user's
//!   release build would be);
//! - **rustc**: a crate holding the data alone (`static DATA: &str = concat!(…)` against
//!   `static DATA: &[u8] = include_bytes!(…)`) rebuilt (debug, `CARGO_INCREMENTAL=0`,
//!   median of three), with its peak memory;
//! - **the dependency**: a crate of serde alone against serde and postcard, built into an
//!   empty target folder: what postcard would add to the runtime's clean build, which
//!   builds no serde today (both figures count, against `cargo bench -p cards-runtime
//!   --bench clean_build`).
//!
//! `cargo bench -p cardc --bench packed_formats` (a few minutes). Without `../shared/data`
//! it prints a notice and exits.

mod common;

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use cards_runtime::ability::Ability;
use cards_runtime::model::Set;

const RUNS: usize = 15;
const POOLS: [&str; 2] = ["xwing-data2-legacy", "xwing-data2-xwingtmg"];

/// The pool imported and checked: its set.
fn pool(data: &str) -> Option<Set> {
    let dir = common::import_pool(data)?;
    let report = cardc::check_paths(&[dir]).ok()?;
    report.sets.into_iter().next()?.set
}

/// The median time of `RUNS` runs of `f`.
fn timed(mut f: impl FnMut()) -> Duration {
    let mut times: Vec<Duration> = (0..RUNS)
        .map(|_| {
            let start = Instant::now();
            f();
            start.elapsed()
        })
        .collect();
    times.sort();
    times[RUNS / 2]
}

/// The set without its cards' abilities: what a squad validator unpacks (the packed form
/// leaves a compiled set's abilities packed until read, which only a [`PackedSet`] in static
/// data can do, so both formats are timed without them).
///
/// [`PackedSet`]: cards_runtime::packed::PackedSet
fn without_abilities(set: &Set) -> Set {
    let mut rest = set.clone();
    let mut cards = rest.cards.to_vec();
    for card in &mut cards {
        card.abilities = Default::default();
    }
    rest.cards = cards.into();
    rest
}

/// The set postcard would hold: its cards without their abilities, and each card's
/// abilities on their own.
fn postcard_parts(set: &Set) -> (Vec<u8>, Vec<Vec<u8>>) {
    let abilities: Vec<Vec<u8>> =
        set.cards.iter().map(|c| postcard::to_allocvec(&c.abilities[..]).expect("abilities serialise")).collect();
    (postcard::to_allocvec(&without_abilities(set)).expect("the set serialises"), abilities)
}

/// A crate holding `lib` (and `files`), with `deps`, written into `dir`.
fn write_crate(dir: &Path, deps: &str, lib: &str, files: &[(&str, &[u8])]) {
    let name = dir.file_name().unwrap().to_str().unwrap();
    std::fs::create_dir_all(dir.join("src")).unwrap();
    let manifest =
        format!("[package]\nname = \"{name}\"\nversion = \"0.0.0\"\nedition = \"2021\"\n\n[dependencies]\n{deps}\n[workspace]\n");
    std::fs::write(dir.join("Cargo.toml"), manifest).unwrap();
    std::fs::write(dir.join("src/lib.rs"), lib).unwrap();
    for (file, bytes) in files {
        std::fs::write(dir.join("src").join(file), bytes).unwrap();
    }
}

/// The median of three rebuilds of the crate `dir` (its `src/lib.rs` touched), and the
/// peak memory of the largest, after a first build.
fn rebuilds(dir: &Path, target: &Path) -> (Duration, Option<u64>) {
    let manifest = dir.join("Cargo.toml");
    let env = [("CARGO_INCREMENTAL", "0")];
    common::timed_build(&manifest, target, &env);
    let lib = std::fs::read_to_string(dir.join("src/lib.rs")).unwrap();
    let mut times = Vec::new();
    let mut peak = None;
    for run in 0..3 {
        std::fs::write(dir.join("src/lib.rs"), format!("// {run}\n{lib}")).unwrap();
        let (t, rss) = common::timed_build(&manifest, target, &env);
        times.push(t);
        peak = peak.max(rss);
    }
    (common::median(times), peak)
}

/// One pool's rows.
fn bench_pool(data: &str, root: &Path) {
    let Some(set) = pool(data) else {
        eprintln!("notice: {data} could not be imported from ../shared/data: skipped");
        return;
    };
    let cards = set.cards.len();
    let records = cards_runtime::packed::pack(&set);
    let packed: String = records.concat();
    let literal: usize = records.iter().map(|r| proc_macro2::Literal::string(r).to_string().len() + 6).sum();
    let (rest, abilities) = postcard_parts(&set);
    // A nested slice is its length (a varint, 2 bytes for most) and its bytes.
    let postcard_bytes = rest.len() + abilities.iter().map(|a| a.len() + 2).sum::<usize>();

    let packed_rest: String = cards_runtime::packed::pack(&without_abilities(&set)).concat();
    let packed_static: &'static str = Box::leak(packed_rest.into_boxed_str());
    let packed_unpack = timed(|| {
        let set = cards_runtime::packed::unpack(packed_static).expect("the packed set unpacks");
        std::hint::black_box(set);
    });
    let rest_static: &'static [u8] = Box::leak(rest.clone().into_boxed_slice());
    let postcard_unpack = timed(|| {
        let set: Set = postcard::from_bytes(rest_static).expect("the postcard set reads");
        std::hint::black_box(set);
    });
    let packed_abilities: Vec<String> =
        set.cards.iter().map(|c| cards_runtime::packed::pack_value(&&c.abilities[..])).collect();
    let packed_all = timed(|| {
        for a in &packed_abilities {
            let list: Vec<Ability> = cards_runtime::packed::unpack_value(a).expect("abilities unpack");
            std::hint::black_box(list);
        }
    });
    let postcard_all = timed(|| {
        for a in &abilities {
            let list: Vec<Ability> = postcard::from_bytes(a).expect("abilities read");
            std::hint::black_box(list);
        }
    });

    // rustc on the data alone.
    let crate_name = data.replace(|c: char| !c.is_ascii_alphanumeric(), "_");
    let target = root.join("target");
    let text_dir = root.join(format!("{crate_name}_text"));
    let mut lib = String::from("pub static DATA: &str = concat!(\n");
    for r in &records {
        lib.push_str(&format!("    {},\n", proc_macro2::Literal::string(r)));
    }
    lib.push_str(");\n");
    write_crate(&text_dir, "", &lib, &[]);
    let bin_dir = root.join(format!("{crate_name}_bin"));
    let mut blob = rest.clone();
    for a in &abilities {
        blob.extend_from_slice(a);
    }
    write_crate(&bin_dir, "", "pub static DATA: &[u8] = include_bytes!(\"set.bin\");\n", &[("set.bin", &blob)]);
    let (text_time, text_peak) = rebuilds(&text_dir, &target);
    let (bin_time, bin_peak) = rebuilds(&bin_dir, &target);

    let per_card = |n: usize| n as f64 / cards as f64;
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    println!("{data} ({cards} cards)                 packed (today)   postcard   ratio");
    println!(
        "  bytes a card                        {:>10.0} {:>10.0} {:>6.2}x   (unescaped packed {:.0})",
        per_card(literal),
        per_card(postcard_bytes),
        postcard_bytes as f64 / literal as f64,
        per_card(packed.len()),
    );
    println!(
        "  unpack, abilities left packed   {:>10.2} ms {:>7.2} ms {:>6.2}x",
        ms(packed_unpack),
        ms(postcard_unpack),
        ms(postcard_unpack) / ms(packed_unpack)
    );
    println!(
        "  unpack every card's abilities   {:>10.2} ms {:>7.2} ms {:>6.2}x",
        ms(packed_all),
        ms(postcard_all),
        ms(postcard_all) / ms(packed_all)
    );
    println!(
        "  rustc, the data alone           {:>10.2} s  {:>7.2} s  {:>6.2}x   peak {} / {}",
        text_time.as_secs_f64(),
        bin_time.as_secs_f64(),
        bin_time.as_secs_f64() / text_time.as_secs_f64(),
        common::format_peak(text_peak),
        common::format_peak(bin_peak),
    );
}

/// A clean build of a crate of serde alone against one of serde and postcard.
fn bench_dependency(root: &Path) {
    let serde = "serde = { version = \"1\", features = [\"derive\"] }\n";
    let postcard = "postcard = { version = \"1\", default-features = false, features = [\"alloc\"] }\n";
    let mut rows = Vec::new();
    for (name, deps) in [("serde_alone", serde.to_string()), ("serde_postcard", format!("{serde}{postcard}"))] {
        let dir = root.join(name);
        write_crate(&dir, &deps, "pub use serde;\n", &[]);
        let target = root.join(format!("target-{name}"));
        let _ = std::fs::remove_dir_all(&target);
        // Offline: the lock file of the workspace holds both.
        std::fs::copy(Path::new(env!("CARGO_MANIFEST_DIR")).join("../Cargo.lock"), dir.join("Cargo.lock")).unwrap();
        let (time, _) = common::timed_build(&dir.join("Cargo.toml"), &target, &[("CARGO_INCREMENTAL", "0")]);
        rows.push((name, time));
    }
    println!(
        "a clean build of serde alone {:.1} s, of serde and postcard {:.1} s: postcard adds {:.1} s",
        rows[0].1.as_secs_f64(),
        rows[1].1.as_secs_f64(),
        rows[1].1.as_secs_f64() - rows[0].1.as_secs_f64()
    );
}

fn main() {
    if std::env::args().any(|a| a == "--list") {
        return;
    }
    if common::shared().is_none() {
        return;
    }
    let root = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("packed-formats");
    for data in POOLS {
        bench_pool(data, &root);
    }
    bench_dependency(&root);
}
