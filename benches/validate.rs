//! Validation throughput: every conformance scenario (fleets and Upgrade actions) against
//! the sets compiled into this package, in scenarios per second.
//!
//! `cargo bench --bench validate`

use std::path::Path;

use cards_runtime::scenario::{run, Scenario};
use criterion::{criterion_group, criterion_main, Criterion, Throughput};

fn scenarios() -> Vec<(&'static cards_runtime::Set, Scenario)> {
    let examples = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/examples");
    let mut out = Vec::new();
    for set in cards::SETS.iter().map(|s| s.get()) {
        let dir = examples.join(&*set.game).join("scenarios");
        let Ok(entries) = std::fs::read_dir(&dir) else { continue };
        let mut files: Vec<_> = entries.map(|e| e.unwrap().path()).collect();
        files.sort();
        for file in files {
            out.push((set, Scenario::parse(&std::fs::read_to_string(file).unwrap()).unwrap()));
        }
    }
    out
}

fn validate(c: &mut Criterion) {
    let all = scenarios();
    assert!(!all.is_empty(), "../shared/examples is missing");
    let mut group = c.benchmark_group("validate");
    group.throughput(Throughput::Elements(all.len() as u64));
    group.bench_function(format!("{} conformance scenarios", all.len()), |b| {
        b.iter(|| {
            for (set, scenario) in &all {
                std::hint::black_box(run(set, scenario).unwrap());
            }
        })
    });
    group.finish();
}

criterion_group!(benches, validate);
criterion_main!(benches);
