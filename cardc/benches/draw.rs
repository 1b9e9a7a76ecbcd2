//! How fast `cardc render` draws a real pool: the xwing-data2 legacy pool (1,412 cards) and
//! the 2.5 pool imported from `../shared/data` (importing and checking are not timed), each
//! card drawn as SVG in the default layout and the gallery page made, then the files
//! written into a fresh folder. Prints the median of five runs a step, and the ratio of
//! drawing and writing to checking the same set, measured in the same run.
//!
//! Then the print-and-play sheets of the same cards (`--sheets`, A4): the pages laid out
//! and made one PDF, one run (it takes seconds).
//!
//! The goals: the legacy pool drawn and written, gallery included, in under 5 s; its
//! sheets in under 15 s.
//!
//! Run with `cargo bench -p cardc --bench draw` (about half a minute).

mod common;

use std::time::{Duration, Instant};

use cardc::render::{self, Glyphs};

fn median(mut runs: Vec<Duration>) -> Duration {
    runs.sort();
    runs[runs.len() / 2]
}

fn main() {
    // `cargo bench` passes `--bench`; a filter is not supported: every pool is timed.
    for data in ["xwing-data2-legacy", "xwing-data2-xwingtmg"] {
        let Some(dir) = common::import_pool(data) else { return };
        let mut check = Vec::new();
        let mut draw = Vec::new();
        let mut write = Vec::new();
        let mut files = 0;
        let mut bytes = 0;
        let mut cards = 0;
        for _ in 0..5 {
            let start = Instant::now();
            let report = cardc::check_paths(&[&dir]).expect("the pool reads");
            check.push(start.elapsed());
            let checked = &report.sets[0];
            let set = checked.model().expect("the pool checks");
            cards = set.cards.len();
            let start = Instant::now();
            let places = render::places(&report.sources, set, &checked.dir);
            let rendered = render::render(set, &report.sets[0].layouts, &Glyphs::none(), places);
            draw.push(start.elapsed());
            let out = tempfile::tempdir().expect("a temporary folder");
            let start = Instant::now();
            let w = render::write(set, &rendered, &Glyphs::none(), out.path()).expect("the files are written");
            write.push(start.elapsed());
            (files, bytes) = (w.files, w.bytes);
        }
        let (check, draw, write) = (median(check), median(draw), median(write));
        let report = cardc::check_paths(&[&dir]).expect("the pool reads");
        let set = report.sets[0].model().expect("the pool checks");
        let rendered = render::render(
            set,
            &report.sets[0].layouts,
            &Glyphs::none(),
            render::places(&report.sources, set, &report.sets[0].dir),
        );
        let sheets = render::sheets::Sheets { paper: render::sheets::PAPERS[0], bleed: 0.0 };
        let start = Instant::now();
        let pages = render::sheets::pages(set, &rendered, &sheets).expect("the cards fit A4");
        let pdf = render::sheets::pdf(&pages, sheets.paper, &rendered.families).expect("the sheets convert");
        let sheets_time = start.elapsed();
        println!(
            "{data}: {cards} cards; check {:.0} ms, draw {:.0} ms, write {:.0} ms ({files} files, {} KB): draw and write {:.2} s, {:.2}x the check",
            check.as_secs_f64() * 1e3,
            draw.as_secs_f64() * 1e3,
            write.as_secs_f64() * 1e3,
            bytes / 1024,
            (draw + write).as_secs_f64(),
            (draw + write).as_secs_f64() / check.as_secs_f64(),
        );
        println!("{data}: sheets {} pages, {} KB, {:.2} s", pages.len(), pdf.len() / 1024, sheets_time.as_secs_f64());
    }
}
