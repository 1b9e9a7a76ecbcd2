//! How fast `cardc` checks a set: parse, resolve and check ([`cardc::check_set`]) on
//! synthetic sets ([`cardc::synth`]) of 1k, 10k and 100k cards, in cards per second. The
//! goal is at least 50,000 cards/s, linear in the number of cards. Generating a set is
//! not timed.
//!
//! `parse` times [`cardc::syntax::parse_file`] alone on the 10k set, to tell parsing from
//! the passes after it (`fast_path`), beside what the language server and the formatter
//! read ([`cardc::syntax::parse_file_reusing`] from nothing: every item with the grammar,
//! which gives its concrete tree too, `grammar_and_tree`): what the fast path saves.
//!
//! Run with `cargo bench -p cardc --features synth --bench check` (about a minute and a half).

use std::hint::black_box;
use std::time::Duration;

use cardc::source::{SetSource, SourceMap};
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, SamplingMode, Throughput};

/// Generates `n` cards and makes sure they check clean: a set full of errors would time
/// the error paths.
fn clean_set(n: usize) -> (SourceMap, SetSource) {
    let (sources, set) = cardc::synth::load(n);
    let checked = cardc::check_set(&sources, &set);
    assert_eq!(checked.cards, n);
    assert!(checked.diagnostics.is_empty(), "the synthetic set has {} diagnostics", checked.diagnostics.len());
    (sources, set)
}

fn check_set(c: &mut Criterion) {
    let mut group = c.benchmark_group("check_set");
    for n in [1_000, 10_000, 100_000] {
        let (sources, set) = clean_set(n);
        group.throughput(Throughput::Elements(n as u64));
        if n >= 100_000 {
            // Around a second an iteration: ten samples of one or two iterations each.
            group.sampling_mode(SamplingMode::Flat).sample_size(10).measurement_time(Duration::from_secs(15));
        } else {
            let time = Duration::from_secs(if n >= 10_000 { 15 } else { 8 });
            group.sampling_mode(SamplingMode::Auto).sample_size(20).measurement_time(time);
        }
        group.bench_with_input(BenchmarkId::from_parameter(n), &set, |b, set| {
            b.iter(|| cardc::check_set(&sources, black_box(set)))
        });
    }
    group.finish();
}

fn parse(c: &mut Criterion) {
    let n = 10_000;
    let (sources, set) = clean_set(n);
    let mut group = c.benchmark_group("parse");
    group.throughput(Throughput::Elements(n as u64)).sample_size(20).measurement_time(Duration::from_secs(10));
    group.bench_with_input(BenchmarkId::new("fast_path", n), &set, |b, set| {
        b.iter(|| {
            for &f in &set.files {
                black_box(cardc::syntax::parse_file(f, &sources.file(f).text));
            }
        })
    });
    // What the language server and the formatter read: every item with the grammar, its
    // syntax tree and concrete tree from one parse.
    group.bench_with_input(BenchmarkId::new("grammar_and_tree", n), &set, |b, set| {
        b.iter(|| {
            for &f in &set.files {
                let last = cardc::syntax::Reuse::default();
                black_box(cardc::syntax::parse_file_reusing(f, &sources.file(f).text, &last));
            }
        })
    });
    group.finish();
}

criterion_group!(benches, check_set, parse);
criterion_main!(benches);
