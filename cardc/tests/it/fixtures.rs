//! One fixture per diagnostic code under `tests/fixtures/` (a `.cards` file that is a
//! whole set, or a set folder): each must report its code, and its rendering (no colour,
//! width 80) is snapshotted.

use std::path::{Path, PathBuf};

use cardc::source::{add_bytes, SetSource};
use cardc::{Diagnostic, RenderStyle, SourceMap};

fn fixtures() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/fixtures");
    let mut all: Vec<PathBuf> = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().path()).collect();
    all.sort();
    all
}

/// Checks one fixture and returns its diagnostics with the sources they point into.
fn check(path: &Path) -> (SourceMap, Vec<Diagnostic>) {
    let name = path.file_name().unwrap().to_string_lossy().to_string();
    if path.is_dir() {
        let shown = Path::new("fixtures").join(&name);
        let sets = match cardc::source::find_sets(path).unwrap() {
            cardc::source::Found::Nothing(mut d) => {
                d.message = d.message.replace(&path.display().to_string(), &shown.display().to_string());
                d.path = Some(shown);
                return (SourceMap::new(), vec![d]);
            }
            cardc::source::Found::Sets(sets) => sets,
        };
        let mut sources = SourceMap::new();
        let mut out = Vec::new();
        for dir in sets {
            let mut set = SetSource { dir: shown.clone(), files: Vec::new(), diagnostics: Vec::new() };
            for file in cardc::source::card_files(&dir).unwrap() {
                let display = shown.join(file.file_name().unwrap());
                let bytes = match cardc::source::read_card_file(&file).unwrap() {
                    Ok(bytes) => bytes,
                    Err(mut d) => {
                        d.message = d.message.replace(&file.display().to_string(), &display.display().to_string());
                        d.path = Some(display);
                        set.diagnostics.push(d);
                        continue;
                    }
                };
                match add_bytes(&mut sources, display, bytes) {
                    Ok(id) => set.files.push(id),
                    Err(d) => set.diagnostics.push(d),
                }
            }
            out.extend(cardc::check_set(&sources, &set).diagnostics);
        }
        (sources, out)
    } else {
        let mut sources = SourceMap::new();
        let mut set = SetSource { dir: PathBuf::from("fixtures"), files: Vec::new(), diagnostics: Vec::new() };
        match add_bytes(&mut sources, Path::new("fixtures").join(&name), std::fs::read(path).unwrap()) {
            Ok(id) => set.files.push(id),
            Err(d) => set.diagnostics.push(d),
        }
        let checked = cardc::check_set(&sources, &set);
        (sources, checked.diagnostics)
    }
}

fn render(sources: &SourceMap, diagnostics: &[Diagnostic]) -> String {
    let style = RenderStyle { color: false, width: 80 };
    diagnostics.iter().map(|d| d.render(sources, style)).collect::<Vec<_>>().join("\n")
}

#[test]
fn every_fixture_reports_its_code_and_renders_as_snapshotted() {
    for path in fixtures() {
        let name = path.file_stem().unwrap().to_string_lossy().to_string();
        let code = &name[..5];
        let (sources, diagnostics) = check(&path);
        assert!(
            diagnostics.iter().any(|d| d.code.id == code),
            "{name}: expected {code}, got {:?}",
            diagnostics.iter().map(|d| d.code.id).collect::<Vec<_>>()
        );
        for d in &diagnostics {
            for label in &d.labels {
                let text = &sources.file(label.file).text;
                assert!(label.span.end as usize <= text.len(), "{name}: span out of its file");
                assert!(text.is_char_boundary(label.span.start as usize), "{name}: span not on a character");
            }
        }
        insta::assert_snapshot!(name, render(&sources, &diagnostics));
    }
}

#[test]
fn every_code_has_a_fixture_and_an_explanation() {
    let names: Vec<String> =
        fixtures().iter().map(|p| p.file_stem().unwrap().to_string_lossy()[..5].to_string()).collect();
    let codes = cardc::codes();
    for code in &codes {
        assert!(names.iter().any(|n| n == code.id), "no fixture for {}", code.id);
        let text = code.explanation();
        for heading in ["## What", "## Why", "## Example"] {
            assert!(text.contains(heading), "{} explanation lacks {heading}", code.id);
        }
    }
    let mut ids: Vec<&str> = codes.iter().map(|c| c.id).collect();
    ids.dedup();
    assert_eq!(ids.len(), codes.len(), "two codes share an id");
}
