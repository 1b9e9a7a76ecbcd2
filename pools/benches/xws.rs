//! Validating the 13,347 real squads against the compiled legacy set, printing figures:
//!
//! - the median time per squad (parse the XWS line, resolve it, validate it);
//! - the whole batch (median of several runs; goal ≤ 0.1 s);
//! - time to a first verdict with the compiled set (unpack it, index it, validate one
//!   squad: what a tool pays once when it starts) against
//!   loading the same card data from the xwing-data2 JSON files with serde_json and then
//!   validating the same squad (goal: compiled ≥ 10x faster). The JSON side only parses
//!   the files into `serde_json::Value`, which is less than a validator built on them
//!   would have to do, so the ratio is a floor.
//!
//! - the whole batch as of its dates on the compiled `xwing-history` set (each squad judged
//!   as of the release of its `date`, as `cardc validate --as-of` judges it: the set as of
//!   each release made once, then every squad; goal ≤ 0.3 s).
//!
//! `cargo bench -p cards-pools --bench xws`. Needs `../shared/data`.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use cards_runtime::fleet::Options;
use cards_runtime::packed::{PackedSet, FORMAT};
use cards_runtime::xws::{verdict, Verdict, XwsIndex};

fn median(mut v: Vec<Duration>) -> Duration {
    v.sort();
    v[v.len() / 2]
}

fn json_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().path()).collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            json_files(&p, out);
        } else if p.extension().is_some_and(|e| e == "json") {
            out.push(p);
        }
    }
}

fn main() {
    let data = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/data");
    let Some(set) = cards_pools::set("xwing-legacy") else {
        eprintln!("notice: the legacy set was not compiled (no {}); nothing to measure", data.display());
        return;
    };
    let options = Options { ignore_points: true, ..Options::default() };
    let text = std::fs::read_to_string(data.join("listfortress-xws-lists/xws-lists-2018-09_2019-08.jsonl")).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    let run = |index: &XwsIndex<'_>, line: &str| -> Verdict { verdict(index, line, &options) };

    // Per squad.
    let index = XwsIndex::new(set);
    let per_squad: Vec<Duration> = lines
        .iter()
        .map(|l| {
            let t = Instant::now();
            std::hint::black_box(run(&index, l));
            t.elapsed()
        })
        .collect();
    println!("squads: {}", lines.len());
    println!("per squad (parse + resolve + validate): median {:.2} µs", median(per_squad).as_secs_f64() * 1e6);

    // The batch.
    let batches: Vec<Duration> = (0..11)
        .map(|_| {
            let t = Instant::now();
            let index = XwsIndex::new(set);
            let legal = lines.iter().filter(|l| matches!(run(&index, l), Verdict::Legal(_))).count();
            std::hint::black_box(legal);
            t.elapsed()
        })
        .collect();
    let batch = median(batches);
    println!("whole batch: median {:.1} ms (goal ≤ 100 ms)", batch.as_secs_f64() * 1e3);

    // The batch as of each squad's date, on the versioned set.
    if let Some(history) = cards_pools::set("xwing-history") {
        let dated: Vec<(&str, u16)> = lines
            .iter()
            .map(|l| {
                let date = l.split("\"date\":\"").nth(1).and_then(|d| d.get(..10)).unwrap_or("");
                (*l, history.release_on(date).unwrap_or(0))
            })
            .collect();
        let batches: Vec<Duration> = (0..11)
            .map(|_| {
                let t = Instant::now();
                let sets: Vec<cards_runtime::Set> =
                    (0..history.releases.len() as u16).map(|r| history.as_of(r)).collect();
                let indexes: Vec<XwsIndex<'_>> =
                    sets.iter().enumerate().map(|(r, s)| XwsIndex::as_of(s, r as u16)).collect();
                let legal = dated
                    .iter()
                    .filter(|(l, r)| {
                        let options = Options { ignore_points: true, release: Some(*r) };
                        matches!(verdict(&indexes[usize::from(*r)], l, &options), Verdict::Legal(_))
                    })
                    .count();
                std::hint::black_box(legal);
                t.elapsed()
            })
            .collect();
        println!(
            "whole batch as of its dates ({} releases): median {:.1} ms (goal ≤ 300 ms)",
            history.releases.len(),
            median(batches).as_secs_f64() * 1e3
        );
    }

    // First verdict: compiled set vs loading xwing-data2 JSON with serde_json. The compiled
    // set is unpacked each time, as on a tool's first use of it.
    let packed = cards_pools::xwing_legacy::SET.data();
    let unpacking: Vec<Duration> = (0..31)
        .map(|_| {
            let t = Instant::now();
            let set = PackedSet::new(FORMAT, packed);
            std::hint::black_box(set.get());
            t.elapsed()
        })
        .collect();
    println!(
        "unpacking the compiled set ({} KiB packed; the abilities stay packed until read): median {:.2} ms",
        packed.len() / 1024,
        median(unpacking).as_secs_f64() * 1e3
    );
    let compiled: Vec<Duration> = (0..31)
        .map(|_| {
            let t = Instant::now();
            let set = PackedSet::new(FORMAT, packed);
            let index = XwsIndex::new(set.get());
            std::hint::black_box(run(&index, lines[0]));
            t.elapsed()
        })
        .collect();
    let mut files = Vec::new();
    json_files(&data.join("xwing-data2-legacy/data"), &mut files);
    let loaded: Vec<Duration> = (0..11)
        .map(|_| {
            let t = Instant::now();
            let values: Vec<serde_json::Value> =
                files.iter().map(|f| serde_json::from_str(&std::fs::read_to_string(f).unwrap()).unwrap()).collect();
            std::hint::black_box(&values);
            let index = XwsIndex::new(set);
            std::hint::black_box(run(&index, lines[0]));
            t.elapsed()
        })
        .collect();
    let (c, j) = (median(compiled), median(loaded));
    println!("first verdict, compiled set (unpacked first): median {:.2} ms", c.as_secs_f64() * 1e3);
    println!(
        "first verdict, loading {} xwing-data2 JSON files with serde_json first: median {:.2} ms",
        files.len(),
        j.as_secs_f64() * 1e3
    );
    println!("ratio: {:.0}x (goal ≥ 10x)", j.as_secs_f64() / c.as_secs_f64());
}
