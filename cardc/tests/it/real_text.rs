//! The ability grammar over every ability text in xwing-data2 (2.5 and the 2.0 legacy
//! data): pilots, upgrades (both sides of double-sided cards) and ship abilities. Nothing
//! panics, every sentence lands in a frame, and no word is dropped: each is inside a
//! structured part of its frame or an opaque clause. Prints the coverage.

use crate::common;

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use cardc::ast::Span;
use cardc::text::{frames, EffectKind, Frame};
use serde_json::Value;

fn texts_in(value: &Value, out: &mut BTreeSet<String>) {
    match value {
        Value::Object(map) => {
            for (k, v) in map {
                match (k.as_str(), v) {
                    ("ability", Value::String(s)) => {
                        out.insert(s.clone());
                    }
                    ("shipAbility", Value::Object(a)) => {
                        if let Some(Value::String(s)) = a.get("text") {
                            out.insert(s.clone());
                        }
                    }
                    _ => texts_in(v, out),
                }
            }
        }
        Value::Array(items) => items.iter().for_each(|i| texts_in(i, out)),
        _ => {}
    }
}

fn json_files(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            json_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "json") {
            out.push(path);
        }
    }
}

/// The spans a frame accounts for: its header, timings, replacement, each step's
/// condition, for-each, timings, duration and clauses, and its reminder sentences.
fn covered(frame: &Frame) -> Vec<Span> {
    let mut spans = Vec::new();
    spans.extend(frame.header.iter().chain(&frame.requirement).chain(&frame.frequency).map(|p| p.span));
    spans.extend(frame.timings.iter().map(|t| t.piece.span));
    if let Some(r) = &frame.replacement {
        spans.push(r.kind.span);
        spans.extend(r.subject.iter().map(|p| p.span));
        spans.push(r.event.span);
    }
    for step in &frame.steps {
        spans.extend(
            step.conditions.iter().map(|c| &c.piece).chain(&step.for_each).chain(&step.duration).map(|p| p.span),
        );
        spans.extend(step.timings.iter().map(|t| t.piece.span));
        spans.extend(step.clauses.iter().map(|c| c.piece.span));
    }
    spans.extend(frame.reminders.iter().map(|r| r.span));
    spans
}

/// Words a frame's structure consumes without a part of their own.
const CONNECTIVES: &[&str] = &["and", "then", "instead", "would", "if", "once", "per", "or"];

#[test]
fn every_real_ability_text_parses_into_frames_without_losing_a_word() {
    let Some(shared) = common::shared() else { return };
    let mut texts = BTreeSet::new();
    for data in ["data/xwing-data2-xwingtmg/data", "data/xwing-data2-legacy/data"] {
        let mut files = Vec::new();
        json_files(&shared.join(data), &mut files);
        for f in files
            .iter()
            .filter(|f| f.to_string_lossy().contains("/pilots/") || f.to_string_lossy().contains("/upgrades/"))
        {
            let value: Value = serde_json::from_str(&std::fs::read_to_string(f).unwrap()).unwrap();
            texts_in(&value, &mut texts);
        }
    }
    assert!(texts.len() > 1000, "only {} texts found", texts.len());
    let (mut sentences, mut frames_n, mut structured, mut opaque) = (0, 0, 0, 0);
    let mut shapes: BTreeMap<String, usize> = BTreeMap::new();
    let dump = std::env::var_os("OPAQUE_DUMP").is_some();
    for text in &texts {
        let spans: Vec<Span> =
            cardc::syntax::sentences::split(text).into_iter().map(|(s, e)| Span::new(s, e)).collect();
        sentences += spans.len();
        let fs = frames(text, &spans);
        frames_n += fs.len();
        let all: Vec<Span> = fs.iter().flat_map(covered).collect();
        for span in &spans {
            let frame_of = fs.iter().any(|f| f.span.start <= span.start && span.end <= f.span.end);
            assert!(frame_of, "a sentence outside every frame: {:?}", &text[span.range()]);
        }
        // Every word is inside something the frames account for.
        let mut words = Vec::new();
        let mut start: Option<usize> = None;
        for (i, c) in text.char_indices().chain(std::iter::once((text.len(), ' '))) {
            match (c.is_alphanumeric() || c == '\'', start) {
                (true, None) => start = Some(i),
                (false, Some(s)) => {
                    words.push((s, &text[s..i]));
                    start = None;
                }
                _ => {}
            }
        }
        for (start, word) in words {
            if CONNECTIVES.contains(&word.to_lowercase().as_str()) {
                continue;
            }
            let inside = all.iter().any(|s| s.start as usize <= start && start + word.len() <= s.end as usize);
            assert!(inside, "dropped {word:?} in {text:?}");
        }
        for f in &fs {
            for c in f.clauses() {
                for e in c.effects() {
                    if std::env::var_os("CLAUSE_DUMP").is_some() {
                        let part =
                            |p: &Option<cardc::text::Piece>| p.as_ref().map_or(String::new(), |p| p.text.clone());
                        println!(
                            "CLAUSE\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}",
                            e.kind.as_str(),
                            part(&c.subject),
                            part(&e.amount),
                            part(&e.noun),
                            part(&e.to),
                            part(&e.target),
                            c.modifiers.iter().map(|m| m.text.as_str()).collect::<Vec<_>>().join(" | "),
                            c.piece.text
                        );
                    }
                    if e.kind == EffectKind::Opaque {
                        opaque += 1;
                        *shapes.entry(shape(&e.piece.text)).or_default() += 1;
                        if dump {
                            println!("OPAQUE\t{}\t{}", e.piece.text, &text[f.span.range()]);
                        }
                    } else {
                        structured += 1;
                    }
                }
            }
        }
    }
    let share = 100.0 * structured as f64 / (structured + opaque).max(1) as f64;
    println!(
        "{} texts, {sentences} sentences, {frames_n} frames; clauses: {structured} structured, {opaque} opaque ({share:.1}% structured)",
        texts.len()
    );
    let mut top: Vec<(&String, &usize)> = shapes.iter().collect();
    top.sort_by(|a, b| b.1.cmp(a.1).then(a.0.cmp(b.0)));
    println!("the most common opaque shapes:");
    for (shape, n) in top.iter().take(25) {
        println!("{n:5}  {shape}");
    }
}

/// An opaque clause's first three words, lowercased, numbers as `N`: what it starts with.
fn shape(text: &str) -> String {
    text.split_whitespace()
        .take(3)
        .map(|w| if w.chars().all(|c| c.is_ascii_digit() || c == '-') { "N".to_string() } else { w.to_lowercase() })
        .collect::<Vec<_>>()
        .join(" ")
}
