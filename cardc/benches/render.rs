//! How fast diagnostics render: one file with N errors (`upgrade "U1" { cost: x }` on
//! each line, E0203 once a line), every diagnostic rendered as `cardc check` prints it
//! ([`cardc::diagnostics::Diagnostic::render`], no colour, 100 columns), for N of 5k, 10k,
//! 20k and 50k. Checking is not timed.
//!
//! The goal is linear: the same diagnostics a second at every N (criterion's `thrpt`).
//! Before each file had a line index, rendering read the file from its start for every
//! diagnostic: 1.2 s for 5k, 4.7 s for 10k, 19.5 s for 20k and over 60 s for 50k.
//!
//! Run with `cargo bench -p cardc --bench render` (about a minute).

use std::hint::black_box;
use std::path::PathBuf;
use std::time::Duration;

use cardc::source::{SetSource, SourceFile, SourceMap};
use cardc::RenderStyle;
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, SamplingMode, Throughput};

/// A set whose one card file has `n` errors, checked.
fn errors(n: usize) -> (SourceMap, Vec<cardc::diagnostics::Diagnostic>) {
    let mut sources = SourceMap::new();
    let game = sources.add(SourceFile::new(PathBuf::from("s/game.cards"), "game g \"G\"\n"));
    let cards: String = (1..=n).map(|i| format!("upgrade \"U{i}\" {{ cost: x }}\n")).collect();
    let file = sources.add(SourceFile::new(PathBuf::from("s/x.cards"), cards));
    let set = SetSource { dir: PathBuf::from("s"), files: vec![game, file], diagnostics: Vec::new() };
    let checked = cardc::check_set(&sources, &set);
    assert_eq!(checked.diagnostics.iter().filter(|d| d.is_error()).count(), n, "one error a line");
    (sources, checked.diagnostics)
}

fn render(c: &mut Criterion) {
    let mut group = c.benchmark_group("render_errors");
    group.sampling_mode(SamplingMode::Flat).sample_size(10).measurement_time(Duration::from_secs(10));
    let style = RenderStyle { color: false, width: 100 };
    for n in [5_000, 10_000, 20_000, 50_000] {
        let (sources, diagnostics) = errors(n);
        group.throughput(Throughput::Elements(n as u64));
        group.bench_with_input(BenchmarkId::from_parameter(n), &diagnostics, |b, diagnostics| {
            b.iter(|| diagnostics.iter().map(|d| black_box(d.render(&sources, style)).len()).sum::<usize>())
        });
    }
    group.finish();
}

criterion_group!(benches, render);
criterion_main!(benches);
