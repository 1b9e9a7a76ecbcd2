//! How fast `cardc` checks real card pools, ability reading included: the xwing-data2
//! legacy and 2.5 pools imported from `../shared/data` (importing is not timed), beside
//! the synthetic 10k-card set of the `check` bench, in cards per second. Real cards carry
//! far more ability text than synthetic ones, so they are slower a card; the figure to
//! watch is the real pools' cards/s as the reading grows.
//!
//! Run with `cargo bench -p cardc --features synth --bench real_pools` (about a minute). Without
//! `../shared` beside the checkout it times the synthetic set alone.

mod common;

use std::hint::black_box;
use std::time::Duration;

use cardc::source::{add_bytes, SetSource, SourceMap};
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};

/// Imports one pool into the target folder and loads its files, as `cardc check` would.
fn real_set(data: &str) -> Option<(SourceMap, SetSource, usize)> {
    let dir = common::import_pool(data)?;
    let mut sources = SourceMap::new();
    let mut set = SetSource { dir: dir.clone(), files: Vec::new(), diagnostics: Vec::new() };
    for file in cardc::source::card_files(&dir).ok()? {
        let bytes = std::fs::read(&file).ok()?;
        set.files.push(add_bytes(&mut sources, file, bytes).ok()?);
    }
    let checked = cardc::check_set(&sources, &set);
    assert!(!checked.diagnostics.iter().any(cardc::Diagnostic::is_error), "{data} has errors");
    let cards = checked.cards;
    Some((sources, set, cards))
}

fn pools(c: &mut Criterion) {
    let mut group = c.benchmark_group("check_real");
    group.sample_size(20).measurement_time(Duration::from_secs(10));
    for data in ["xwing-data2-legacy", "xwing-data2-xwingtmg"] {
        let Some((sources, set, cards)) = real_set(data) else { continue };
        group.throughput(Throughput::Elements(cards as u64));
        group.bench_with_input(BenchmarkId::new(data, cards), &set, |b, set| {
            b.iter(|| cardc::check_set(&sources, black_box(set)))
        });
    }
    let n = 10_000;
    let (sources, set) = cardc::synth::load(n);
    group.throughput(Throughput::Elements(n as u64));
    group.bench_with_input(BenchmarkId::new("synthetic", n), &set, |b, set| {
        b.iter(|| cardc::check_set(&sources, black_box(set)))
    });
    group.finish();
}

criterion_group!(benches, pools);
criterion_main!(benches);
