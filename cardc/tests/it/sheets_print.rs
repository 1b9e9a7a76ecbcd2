//! The print-and-play sheets as a printer sees them: `pdftoppm` (poppler-utils) renders the
//! PDF `cardc render --sheets` writes, and the test reads from the pixels that each page
//! is the paper's size and that a crop mark sits at every cut the paper's grid has, where
//! the page size puts it, with white beside it. A PNG of the first fronts and backs is kept
//! in `target/render-artifacts/` for a reviewer. It needs `pdftoppm`, so `cargo test`
//! reports it ignored; `.ci/run` installs poppler-utils and runs it with `--ignored`.
#![cfg(feature = "render")]

use std::path::Path;
use std::process::Command;

use crate::common;

use cardc::render::sheets::{pages, pdf, Sheets, PAPERS};
use cardc::render::{self, Glyphs};

/// A greyscale image: width, height and a byte a pixel.
struct Gray {
    width: usize,
    height: usize,
    pixels: Vec<u8>,
}

impl Gray {
    /// Reads a binary PGM (`P5`), as `pdftoppm -gray` writes it.
    fn read(path: &Path) -> Gray {
        let bytes = std::fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let mut fields = Vec::new();
        let mut at = 0;
        while fields.len() < 4 {
            while bytes[at].is_ascii_whitespace() {
                at += 1;
            }
            let start = at;
            while !bytes[at].is_ascii_whitespace() {
                at += 1;
            }
            fields.push(String::from_utf8_lossy(&bytes[start..at]).into_owned());
        }
        assert_eq!(fields[0], "P5");
        let (width, height) = (fields[1].parse().unwrap(), fields[2].parse().unwrap());
        Gray { width, height, pixels: bytes[at + 1..].to_vec() }
    }

    fn at(&self, x: usize, y: usize) -> u8 {
        self.pixels[y * self.width + x]
    }
}

#[test]
#[ignore = "needs pdftoppm (`apt-get install poppler-utils`); CI runs it with `--ignored`"]
fn the_sheets_printed_have_their_crop_marks_where_the_paper_says() {
    assert!(
        Command::new("pdftoppm").arg("-v").output().is_ok(),
        "pdftoppm is missing: `apt-get install poppler-utils`"
    );
    let dir = common::root().join("cards/emberfall");
    let report = cardc::check_paths(&[&dir]).unwrap();
    let set = report.sets[0].model().unwrap();
    let rendered = render::render(
        set,
        &report.sets[0].layouts,
        &Glyphs::read(&dir, &report.sets[0].layouts.glyphs).unwrap(),
        render::places(&report.sources, set, &dir),
    );
    let artifacts = common::root().join("target/render-artifacts");
    std::fs::create_dir_all(&artifacts).unwrap();
    const DPI: f32 = 300.0;
    let px = |mm: f32| (mm / 25.4 * DPI).round() as usize;
    for paper in PAPERS {
        let sheets = Sheets { paper, bleed: 0.0 };
        let grid = sheets.grid((63.0, 88.0)).unwrap();
        let out = tempfile::tempdir().unwrap();
        let file = out.path().join("sheets.pdf");
        std::fs::write(&file, pdf(&pages(set, &rendered, &sheets).unwrap(), paper, &rendered.families).unwrap())
            .unwrap();
        let status = Command::new("pdftoppm")
            .args(["-r", "300", "-gray", "-f", "1", "-l", "1"])
            .arg(&file)
            .arg(out.path().join("page"))
            .status()
            .unwrap();
        assert!(status.success());
        // `page-1.pgm`, or `page-01.pgm` when the document has ten pages or more.
        let pgm = std::fs::read_dir(out.path())
            .unwrap()
            .map(|e| e.unwrap().path())
            .find(|p| p.extension().is_some_and(|e| e == "pgm"))
            .expect("pdftoppm wrote the page");
        let image = Gray::read(&pgm);
        // The page is the paper's size, to the pixel.
        assert!(
            image.width.abs_diff(px(paper.width)) <= 1 && image.height.abs_diff(px(paper.height)) <= 1,
            "{}",
            paper.name
        );
        // A mark's middle: above the grid at each vertical cut, left of it at each
        // horizontal one. Dark on it, white 1 mm beside it.
        // A vertical mark is dark within 2 px across, a horizontal one within 2 px down.
        let dark_across = |x: usize, y: usize| (x - 2..=x + 2).map(|x| image.at(x, y)).min().unwrap() < 128;
        let dark_down = |x: usize, y: usize| (y - 2..=y + 2).map(|y| image.at(x, y)).min().unwrap() < 128;
        let white = |x: usize, y: usize| image.at(x, y) > 230;
        let above = grid.top - 1.0 - grid.mark / 2.0;
        for c in 0..grid.columns {
            for cut in [grid.left + c as f32 * grid.step_x, grid.left + c as f32 * grid.step_x + 63.0] {
                assert!(dark_across(px(cut), px(above)), "{}: no mark above the cut at x = {cut} mm", paper.name);
                assert!(white(px(cut + 1.0), px(above)), "{}: not white beside the mark at {cut} mm", paper.name);
            }
        }
        let beside = grid.left - 1.0 - grid.mark / 2.0;
        for r in 0..grid.rows {
            for cut in [grid.top + r as f32 * grid.step_y, grid.top + r as f32 * grid.step_y + 88.0] {
                assert!(dark_down(px(beside), px(cut)), "{}: no mark left of the cut at y = {cut} mm", paper.name);
                assert!(white(px(beside), px(cut + 1.0)), "{}: not white beside the mark at {cut} mm", paper.name);
            }
        }
        // Inside a card, its colours; outside the grid, white paper.
        assert!(
            image.at(px(grid.left + 1.0), px(grid.top + 44.0)) < 230,
            "{}: the first card is not drawn",
            paper.name
        );
        assert!(white(px(2.0), px(2.0)), "{}", paper.name);
        // The first fronts and backs as a reviewer would look at them.
        let status = Command::new("pdftoppm")
            .args(["-r", "40", "-png", "-f", "1", "-l", "2"])
            .arg(&file)
            .arg(artifacts.join(format!("emberfall-sheet-{}", paper.name)))
            .status()
            .unwrap();
        assert!(status.success());
    }
}
