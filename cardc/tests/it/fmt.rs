//! `cardc fmt` and `cardc::format`: formatting never changes what a set means (`cardc
//! export` is the same before and after) and is a fixed point, on the conformance sets and
//! on both imported xwing-data2 pools; the importers write formatted files; any text that
//! parses formats to text that parses the same, and text that does not parse is an error,
//! never a panic; the CLI's exit codes, and a broken file is left byte for byte.

use crate::common;

use std::path::{Path, PathBuf};

use cardc::ast::Item;
use cardc::format::{format_source, FormatError};
use proptest::prelude::*;

/// A fresh, empty folder for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("fmt").join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn copy_set(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for file in cardc::source::card_files(from).unwrap() {
        std::fs::copy(&file, to.join(file.file_name().unwrap())).unwrap();
    }
}

/// `cardc export <set>` (the export carries no spans: nothing to strip).
fn export(set: &Path) -> String {
    let out = common::cardc(&["export", set.to_str().unwrap()]);
    assert_eq!(common::code(&out), 0, "export {}: {}", set.display(), String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).unwrap()
}

fn read_all(set: &Path) -> Vec<(PathBuf, String)> {
    cardc::source::card_files(set)
        .unwrap()
        .into_iter()
        .map(|p| (p.clone(), std::fs::read_to_string(p).unwrap()))
        .collect()
}

/// Formats the set with the binary; the export is the same, a second `fmt --check` finds
/// nothing, and each file is a fixed point of `format_source`.
fn formats_without_changing_meaning(set: &Path) {
    let before = export(set);
    let out = common::cardc(&["fmt", set.to_str().unwrap()]);
    assert_eq!(common::code(&out), 0, "{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(export(set), before, "{}: the export changed", set.display());
    let check = common::cardc(&["fmt", "--check", set.to_str().unwrap()]);
    assert_eq!(common::code(&check), 0, "not idempotent:\n{}", String::from_utf8_lossy(&check.stdout));
    assert!(check.stdout.is_empty());
    for (path, text) in read_all(set) {
        assert_eq!(format_source(&text).unwrap(), text, "{}", path.display());
    }
}

#[test]
fn conformance_sets_format_to_the_same_sets() {
    let Some(shared) = common::shared() else { return };
    for set in common::example_sets(&shared) {
        let copy = scratch("examples").join(set.file_name().unwrap());
        copy_set(&set, &copy);
        formats_without_changing_meaning(&copy);
    }
}

/// The conformance sets are written in the canonical layout already: the docs and the
/// formatter agree.
#[test]
fn conformance_sets_are_already_formatted() {
    let Some(shared) = common::shared() else { return };
    for set in common::example_sets(&shared) {
        for (path, text) in read_all(&set) {
            assert_eq!(format_source(&text).unwrap(), text, "{}", path.display());
        }
    }
}

/// The same text laid out badly: fields and values re-spaced, text lines re-indented,
/// trailing blanks, extra blank lines. Strings and the words of text are not touched.
fn mess(text: &str) -> String {
    let mut out = String::from("\n\n");
    for line in text.lines() {
        if let Some(rest) = line.strip_prefix("    ") {
            out.push_str("\t ");
            out.push_str(rest);
        } else if let Some(rest) = line.strip_prefix("  ").filter(|r| r.contains(": ") && !r.contains(['"', '#'])) {
            out.push('\t');
            out.push_str(&rest.replace(": ", " :   ").replace(", ", " ,").replace(" > ", ">").replace(" + ", "+"));
        } else {
            out.push_str(line);
        }
        out.push_str("   \n");
        if line == "}" {
            out.push_str("\n\n");
        }
    }
    out
}

#[test]
fn imported_pools_are_formatted_and_survive_a_bad_layout() {
    let Some(shared) = common::shared() else { return };
    for pool in ["xwing-data2-legacy", "xwing-data2-xwingtmg"] {
        let imported = common::xwing_data2(&shared, pool);
        let dir = scratch(pool);
        let set = dir.join("set");
        cardc::import::write_set(&set, &imported.files, true).unwrap();
        // The importer's files are formatted already.
        let check = common::cardc(&["fmt", "--check", set.to_str().unwrap()]);
        assert_eq!(common::code(&check), 0, "{pool}:\n{}", String::from_utf8_lossy(&check.stdout));
        let before = export(&set);
        // Laid out badly, the pool means the same and formats back to the importer's text.
        let messy = dir.join("messy");
        let files = imported.files.iter().map(|(name, text)| (name.clone(), mess(text))).collect();
        cardc::import::write_set(&messy, &files, true).unwrap();
        assert_ne!(read_all(&messy)[0].1, read_all(&set)[0].1);
        assert_eq!(export(&messy), before, "{pool}: the messy layout reads differently");
        formats_without_changing_meaning(&messy);
        for ((_, formatted), (_, original)) in read_all(&messy).iter().zip(read_all(&set)) {
            assert_eq!(*formatted, original);
        }
    }
}

#[test]
fn the_armada_importer_writes_formatted_files() {
    let Some(shared) = common::shared() else { return };
    let imported = cardc::import::armada_data::import(&shared.join("data/star-wars-armada-data")).unwrap();
    for (name, text) in &imported.files {
        assert_eq!(format_source(text).unwrap(), *text, "{name}");
    }
}

// ---------------------------------------------------------------------------------------
// The command line.

const MESSY: &str = "game g \"G\"\nsize   small,large\nship \"A\" {\n cost:1   # one\n}\n";
const TIDY: &str = "game g \"G\"\nsize small, large\n\nship \"A\" {\n  cost: 1  # one\n}\n";
const BROKEN: &str = "ship \"B\" {\n  cost: 1 ]\n}\n";

#[test]
fn check_prints_a_diff_writes_nothing_and_exits_1() {
    let dir = scratch("check");
    std::fs::write(dir.join("game.cards"), MESSY).unwrap();
    let out = common::cardc(&["fmt", "--check", dir.to_str().unwrap()]);
    assert_eq!(common::code(&out), 1);
    let stdout = String::from_utf8(out.stdout).unwrap();
    let name = dir.join("game.cards").display().to_string();
    assert!(stdout.starts_with(&format!("--- {name}\n+++ {name}\n@@ ")), "{stdout}");
    assert!(stdout.contains("\n-size   small,large\n+size small, large\n"), "{stdout}");
    assert!(String::from_utf8_lossy(&out.stderr).contains("1 file would be reformatted, 0 already formatted"));
    assert_eq!(std::fs::read_to_string(dir.join("game.cards")).unwrap(), MESSY);
}

#[test]
fn fmt_rewrites_and_names_the_files_then_has_nothing_to_do() {
    let dir = scratch("rewrite");
    let file = dir.join("game.cards");
    std::fs::write(&file, MESSY).unwrap();
    let out = common::cardc(&["fmt", file.to_str().unwrap()]);
    assert_eq!(common::code(&out), 0);
    assert_eq!(String::from_utf8(out.stdout).unwrap(), format!("reformatted {}\n", file.display()));
    assert_eq!(std::fs::read_to_string(&file).unwrap(), TIDY);
    let again = common::cardc(&["fmt", dir.to_str().unwrap()]);
    assert_eq!(common::code(&again), 0);
    assert!(again.stdout.is_empty());
    assert!(String::from_utf8_lossy(&again.stderr).contains("0 files reformatted, 1 already formatted"));
    let names: Vec<_> = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().file_name()).collect();
    assert_eq!(names, ["game.cards"], "a temporary file was left behind");
    let check = common::cardc(&["fmt", "--check", file.to_str().unwrap()]);
    assert_eq!(common::code(&check), 0);
}

#[test]
fn a_broken_file_is_reported_and_left_byte_for_byte() {
    let dir = scratch("broken");
    std::fs::write(dir.join("game.cards"), MESSY).unwrap();
    std::fs::write(dir.join("ships.cards"), BROKEN).unwrap();
    for args in [&["fmt"][..], &["fmt", "--check"][..]] {
        let mut args = args.to_vec();
        args.push(dir.to_str().unwrap());
        let out = common::cardc(&args);
        assert_eq!(common::code(&out), 1);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.contains("E0001"), "{stderr}");
        assert!(stderr.contains("ships.cards:2:11"), "{stderr}");
        assert!(stderr.contains("1 not parsed (left as they were)"), "{stderr}");
        assert_eq!(std::fs::read(dir.join("ships.cards")).unwrap(), BROKEN.as_bytes());
    }
    // The file that parses was formatted all the same.
    assert_eq!(std::fs::read_to_string(dir.join("game.cards")).unwrap(), TIDY);
}

#[test]
fn a_file_that_is_not_utf8_is_reported_and_left() {
    let dir = scratch("utf8");
    let bytes = b"game g \"G\xff\"\n".to_vec();
    std::fs::write(dir.join("game.cards"), &bytes).unwrap();
    let out = common::cardc(&["fmt", dir.to_str().unwrap()]);
    assert_eq!(common::code(&out), 1);
    assert!(String::from_utf8_lossy(&out.stderr).contains("E0004"), "{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(std::fs::read(dir.join("game.cards")).unwrap(), bytes);
}

#[test]
fn unreadable_paths_exit_2_and_empty_folders_1() {
    let dir = scratch("paths");
    let out = common::cardc(&["fmt", dir.join("missing").to_str().unwrap()]);
    assert_eq!(common::code(&out), 2);
    assert!(String::from_utf8_lossy(&out.stderr).contains("missing"));
    let out = common::cardc(&["fmt", dir.to_str().unwrap()]);
    assert_eq!(common::code(&out), 1);
    assert!(String::from_utf8_lossy(&out.stderr).contains("no `.cards` files"));
    let out = common::cardc(&["fmt"]);
    assert_eq!(common::code(&out), 2, "no path is a usage error");
}

// ---------------------------------------------------------------------------------------
// Properties.

/// Every construct, with comments in every place they can go.
const EVERYTHING: &str = r#"# A set with every construct.
game g "G"  # the game

faction a "A", b "B", # two
  c "C"
size small, large
icon commander "Commander" implicit, crew "Crew"
header action "Action" optional
allow unused-icon, opaque-clause
flagship: ship with commander
kind hero "Hero" "Heroes" unit, # a kind
  calling profile
roster warband "Warband"  # lists
distance   space "Space"  "Spaces"   adjacent  1  # measures
distance inch
verb heal, # ours
  push
verb   cast  "casts"   "cast", bury

rule one "One": # why
  at most 1 upgrade with icon crew per ship where size large
rule names "Names":
  unique names per fleet
rule pts "Points":
  total cost at most 200 per fleet

# A chassis.
chassis "C" as c-1 {
  faction: a  # its faction
  attack: 2  agility: 3
  # actions next
  actions: focus > red boost, lock
  ability "Adv" {
    While you defend, roll 1 additional defense die.
  }
}

upgrade "U" {
  icons: crew + commander
  requires: faction a or (size small and not size large)
  cost: by agility 0 = 1, 1 = 2
  unique
  text {
    Setup: Lose 1 [Charge].

    Action: Spend 1 [Charge].
  }
}  # after

part "P" { drive  energy: -2 }
# the end
"#;

/// What a text means, as the parser reads it: its items with every span replaced by the
/// bytes it covers minus blanks and `#` comments (a comment inside `at # … most` comes to
/// trail it; a `#` inside a string or a text block is not a comment), and a vocabulary line
/// (or a `kind` or `verb` line) as one entry per entry. `None` when it does not parse.
fn meaning(text: &str) -> Option<Vec<String>> {
    let (file, diagnostics) = cardc::syntax::parse_file(0, text);
    if diagnostics.iter().any(|d| d.code.id != "E0005") {
        return None;
    }
    let code = without_comments(text, &file);
    let mut out = Vec::new();
    for item in &file.items {
        match item {
            Item::Vocab(v) => {
                out.extend(v.entries.iter().map(|e| spans_to_text(&format!("{:?} {e:?}", v.kind), &code)));
            }
            Item::Kind(k) => out.extend(k.entries.iter().map(|e| spans_to_text(&format!("Kind {e:?}"), &code))),
            Item::Verb(v) => out.extend(v.entries.iter().map(|e| spans_to_text(&format!("Verb {e:?}"), &code))),
            _ => out.push(spans_to_text(&format!("{item:?}"), &code)),
        }
    }
    Some(out)
}

/// `text` with each `#` comment blanked out: from a `#` outside a string and outside every
/// text block to the end of its line.
fn without_comments(text: &str, file: &cardc::ast::File) -> String {
    use cardc::ast::FieldValue;
    let mut blocks = Vec::new();
    for item in &file.items {
        let Item::Card(card) = item else { continue };
        for field in &card.fields {
            if let FieldValue::Text(block) | FieldValue::Ability { text: block, .. } = &field.value {
                blocks.push(block.span.start as usize..block.span.end as usize);
            }
        }
    }
    let mut out = String::with_capacity(text.len());
    let (mut in_string, mut in_comment, mut escaped) = (false, false, false);
    for (at, c) in text.char_indices() {
        let in_block = blocks.iter().any(|b| b.contains(&at));
        if c == '\n' {
            (in_string, in_comment) = (false, false);
        } else if !in_comment && !in_block {
            if in_string {
                in_string = c != '"' || escaped;
                escaped = c == '\\' && !escaped;
            } else if c == '"' {
                (in_string, escaped) = (true, false);
            } else if c == '#' {
                in_comment = true;
            }
        }
        out.push(if in_comment { ' ' } else { c });
    }
    out
}

fn spans_to_text(debug: &str, text: &str) -> String {
    let mut out = String::new();
    let mut rest = debug;
    while let Some(at) = rest.find("Span { start: ") {
        out.push_str(&rest[..at]);
        let tail = &rest[at + "Span { start: ".len()..];
        let (start, tail) = tail.split_once(", end: ").unwrap();
        let (end, tail) = tail.split_once(" }").unwrap();
        let (start, end): (usize, usize) = (start.parse().unwrap(), end.parse().unwrap());
        out.extend(text[start..end].chars().filter(|c| !c.is_whitespace()));
        rest = tail;
    }
    out.push_str(rest);
    out
}

#[test]
fn everything_formats_to_the_same_meaning() {
    let out = format_source(EVERYTHING).unwrap();
    assert_eq!(meaning(&out), meaning(EVERYTHING));
    assert_eq!(format_source(&out).unwrap(), out);
    assert!(out.contains("faction a \"A\", b \"B\"  # two\nfaction c \"C\"\n"), "{out}");
    assert!(out.contains("}  # after\n\npart \"P\" { drive  energy: -2 }\n# the end\n"), "{out}");
    assert!(
        out.contains(
            "kind hero \"Hero\" \"Heroes\" unit  # a kind\nkind calling profile\nroster warband \"Warband\"  # lists\n"
        ),
        "{out}"
    );
    assert!(out.contains("distance space \"Space\" \"Spaces\" adjacent 1  # measures\ndistance inch\n"), "{out}");
    assert!(out.contains("distance inch\nverb heal  # ours\nverb push\nverb cast \"casts\" \"cast\", bury\n"), "{out}");
}

#[derive(Clone, Debug)]
enum Edit {
    /// Layout only: the text means the same after it (when it still parses).
    Blank(usize, &'static str),
    /// Anything: the text may stop parsing.
    Break(usize, &'static str),
}

fn edit() -> impl Strategy<Value = Edit> {
    prop_oneof![
        3 => (any::<usize>(), prop::sample::select(vec![" ", "  ", "\t", "\n", "\n\n", "  # note\n", "\r\n"]))
            .prop_map(|(p, s)| Edit::Blank(p, s)),
        1 => (any::<usize>(), prop::sample::select(vec!["{", "}", "\"", ":", ",", "(", ")", "#", "x", "ship \"", "+"]))
            .prop_map(|(p, s)| Edit::Break(p, s)),
    ]
}

fn apply(text: &str, edits: &[Edit]) -> String {
    let mut text = text.to_string();
    for e in edits {
        let (Edit::Blank(at, s) | Edit::Break(at, s)) = e;
        let mut at = at % (text.len() + 1);
        while !text.is_char_boundary(at) {
            at -= 1;
        }
        text.insert_str(at, s);
    }
    text
}

fn seeds() -> Vec<String> {
    let mut seeds = vec![EVERYTHING.to_string()];
    if let Some(shared) = common::shared() {
        for set in common::example_sets(&shared) {
            seeds.extend(read_all(&set).into_iter().map(|(_, t)| t));
        }
    }
    seeds
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    /// Formatting text that parses gives text that parses to the same meaning and is a
    /// fixed point; text that does not parse gives its syntax errors. Nothing panics.
    #[test]
    fn formatting_keeps_meaning_and_is_a_fixed_point(
        seed in any::<prop::sample::Index>(),
        edits in prop::collection::vec(edit(), 0..6),
    ) {
        let seeds = seeds();
        let text = apply(&seeds[seed.index(seeds.len())], &edits);
        match format_source(&text) {
            Ok(out) => {
                prop_assert!(meaning(&text).is_some(), "formatted a file that does not parse");
                prop_assert_eq!(meaning(&out), meaning(&text));
                prop_assert_eq!(format_source(&out).ok(), Some(out.clone()));
            }
            Err(FormatError::Syntax(d)) => {
                prop_assert!(!d.is_empty());
                prop_assert!(meaning(&text).is_none());
            }
            Err(e) => prop_assert!(false, "{e}"),
        }
    }
}

#[test]
fn a_file_named_twice_is_formatted_once() {
    let dir = scratch("twice");
    let file = dir.join("game.cards");
    std::fs::write(&file, MESSY).unwrap();
    let out = common::cardc(&["fmt", file.to_str().unwrap(), dir.to_str().unwrap()]);
    assert_eq!(common::code(&out), 0);
    assert_eq!(String::from_utf8(out.stdout).unwrap(), format!("reformatted {}\n", file.display()));
    assert!(String::from_utf8_lossy(&out.stderr).contains("1 file reformatted, 0 already formatted"));
}

/// A vocabulary line too long for the width goes on as a second line with its keyword:
/// the set's export is the same.
#[test]
fn splitting_a_long_vocabulary_line_keeps_the_export() {
    let dir = scratch("split");
    let icons: Vec<String> = (0..10).map(|i| format!("slot-number-{i} \"Slot {i}\"")).collect();
    let upgrades: String =
        (0..10).map(|i| format!("upgrade \"U{i}\" {{ icon: slot-number-{i}  cost: {i} }}\n")).collect();
    let game = format!("game g \"G\"\nicon {}\nsize small\n", icons.join(", "));
    std::fs::write(dir.join("game.cards"), &game).unwrap();
    std::fs::write(dir.join("upgrades.cards"), upgrades).unwrap();
    let before = export(&dir);
    let out = common::cardc(&["fmt", dir.to_str().unwrap()]);
    assert_eq!(common::code(&out), 0, "{}", String::from_utf8_lossy(&out.stderr));
    let formatted = std::fs::read_to_string(dir.join("game.cards")).unwrap();
    assert!(formatted.lines().filter(|l| l.starts_with("icon ")).count() > 1, "{formatted}");
    assert!(formatted.lines().all(|l| l.len() <= cardc::format::MAX_WIDTH), "{formatted}");
    assert_eq!(export(&dir), before);
}

/// Found by `formatting_keeps_meaning_and_is_a_fixed_point`: a text block whose first line,
/// written after its `{`, starts like a card (`ship "`). Put on a line of its own, as the
/// layout puts a block's text, that line starts a new item (the chunker's way of finding
/// the card after a block whose `}` is missing), and the result did not parse.
#[test]
fn a_first_line_that_would_start_a_card_stays_after_the_brace() {
    let text = "upgrade \"A\" {\n  text {ship \"\n    Gain 1 focus token.\n  }\n}\n";
    assert!(meaning(text).is_some(), "the text parses");
    let out = format_source(text).expect("formatted");
    assert_eq!(out, text, "it is laid out already");
    let text = "upgrade \"A\" {\n  cost:   1\n  text {upgrade \"   \n  Gain 1 focus token.}\n}\n";
    let out = format_source(text).expect("formatted");
    assert_eq!(out, "upgrade \"A\" {\n  cost: 1\n  text {upgrade \"\n    Gain 1 focus token.\n  }\n}\n");
    assert_eq!(meaning(&out), meaning(text));
    // Any other first line goes on a line of its own: a word and a quote start a card of a
    // game's own kind only with the card's `{` (`hero "Brom" {`).
    let out = format_source("upgrade \"A\" {\n  text {Ships \"\n  }\n}\n").expect("formatted");
    assert_eq!(out, "upgrade \"A\" {\n  text {\n    Ships \"\n  }\n}\n");
}
