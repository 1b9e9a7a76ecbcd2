//! The `cardc` command line, end to end: the conformance sets, exit codes, JSON output,
//! `explain`, and bad input that must give a located diagnostic and never a panic.

use crate::common;

use std::path::Path;

use common::{cardc, code, shared};
use serde_json::Value;

#[test]
fn every_conformance_set_checks_clean() {
    let Some(shared) = shared() else { return };
    let sets = common::example_sets(&shared);
    assert!(sets.len() >= 3, "expected the armada, eclipse and xwing sets");
    for set in sets {
        let out = cardc(&["check", set.to_str().unwrap()]);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(code(&out), 0, "{}:\n{stderr}", set.display());
        assert!(stderr.contains(": 0 errors,"), "{stderr}");
    }
}

#[test]
fn the_shipped_sets_check_clean_and_the_summary_counts_them() {
    let cards = Path::new(env!("CARGO_MANIFEST_DIR")).join("../cards");
    let out = cardc(&["check", cards.to_str().unwrap()]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(code(&out), 0, "{stderr}");
    let summary = stderr.lines().last().unwrap();
    assert!(summary.starts_with("checked 4 sets ("), "{summary}");
    assert!(summary.contains(" 0 errors"), "{summary}");
}

fn json_lines(stdout: &[u8]) -> Vec<Value> {
    String::from_utf8_lossy(stdout)
        .lines()
        .map(|l| serde_json::from_str(l).expect("one JSON object per line"))
        .collect()
}

const GAME: &str = "game demo \"Demo\"\nsize small, large\nicon crew \"Crew\"\n";

/// Writes a set (`game.cards` plus the given files) into a fresh temporary folder.
fn set_with(files: &[(&str, &[u8])]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    for (name, bytes) in files {
        std::fs::write(dir.path().join(name), bytes).unwrap();
    }
    dir
}

/// Checks a set in JSON mode; asserts exit 1 and returns the diagnostics.
fn check_fails(dir: &Path) -> Vec<Value> {
    let out = cardc(&["check", "--format", "json", dir.to_str().unwrap()]);
    assert_eq!(code(&out), 1, "stderr: {}", String::from_utf8_lossy(&out.stderr));
    json_lines(&out.stdout)
}

fn has(diagnostics: &[Value], code: &str) -> Value {
    diagnostics.iter().find(|d| d["code"] == code).unwrap_or_else(|| panic!("no {code} in {diagnostics:#?}")).clone()
}

#[test]
fn json_lines_carry_every_field() {
    let dir = set_with(&[("game.cards", GAME.as_bytes()), ("u.cards", b"upgrade \"A\" {\n  icon: crwe\n}\n")]);
    let d = has(&check_fails(dir.path()), "E0105");
    assert_eq!(d["severity"], "error");
    assert!(d["file"].as_str().unwrap().ends_with("u.cards"));
    assert_eq!((d["line"].as_u64(), d["column"].as_u64()), (Some(2), Some(9)));
    assert_eq!((d["span"]["start"].as_u64(), d["span"]["end"].as_u64()), (Some(22), Some(26)));
    assert_eq!(d["message"], "unknown icon `crwe`");
    assert_eq!(d["help"], "did you mean `crew`?");
}

#[test]
fn every_independent_error_in_every_file_is_reported() {
    let broken =
        b"upgrade \"A\" {\n  icon crew crew\n}\nupgrade \"B\" {\n  icon: nope\n}\nupgrade \"C\" {\n  icon: crew\n";
    let dir = set_with(&[
        ("game.cards", GAME.as_bytes()),
        ("a.cards", broken),
        ("b.cards", b"upgrade \"D\" {\n  cost: x\n}\n"),
    ]);
    let codes: Vec<String> = check_fails(dir.path()).iter().map(|d| d["code"].as_str().unwrap().to_string()).collect();
    for expected in ["E0105", "E0002", "E0203"] {
        assert!(codes.iter().any(|c| c == expected), "{expected} missing from {codes:?}");
    }
}

#[test]
fn bad_input_gets_a_located_diagnostic_and_exit_1() {
    let game = GAME.as_bytes();
    let long_line = format!("upgrade \"A\" {{\n  icon: crew\n  {}\n}}\n", "@".repeat(1 << 20));
    let deep = format!(
        "upgrade \"A\" {{\n  icon: crew\n  requires: {}size small{}\n}}\n",
        "(".repeat(10_000),
        ")".repeat(10_000)
    );
    type Files<'a> = Vec<(&'a str, Vec<u8>)>;
    let cases: Vec<(&str, Files, &str)> = vec![
        ("non-UTF-8", vec![("game.cards", game.to_vec()), ("a.cards", b"upgrade \"S\xe9\" {}\n".to_vec())], "E0004"),
        ("an empty file", vec![("game.cards", game.to_vec()), ("a.cards", Vec::new())], "E0005"),
        ("no game.cards", vec![("a.cards", b"upgrade \"A\" {}\n".to_vec())], "E0101"),
        ("two game lines", vec![("game.cards", game.to_vec()), ("a.cards", b"game other \"O\"\n".to_vec())], "E0102"),
        (
            "an unknown field",
            vec![("game.cards", game.to_vec()), ("a.cards", b"upgrade \"A\" { colour: red }\n".to_vec())],
            "E0201",
        ),
        (
            "a missing }",
            vec![("game.cards", game.to_vec()), ("a.cards", b"upgrade \"A\" {\n  icon: crew\n".to_vec())],
            "E0002",
        ),
        (
            "an unterminated string",
            vec![("game.cards", game.to_vec()), ("a.cards", b"upgrade \"A {\n}\n".to_vec())],
            "E0003",
        ),
        ("a 1 MB line", vec![("game.cards", game.to_vec()), ("a.cards", long_line.into_bytes())], "E0001"),
        ("10,000 parentheses", vec![("game.cards", game.to_vec()), ("a.cards", deep.into_bytes())], "E0007"),
    ];
    for (what, files, expected) in cases {
        let files: Vec<(&str, &[u8])> = files.iter().map(|(n, b)| (*n, b.as_slice())).collect();
        let dir = set_with(&files);
        let d = has(&check_fails(dir.path()), expected);
        assert!(d["file"].is_string(), "{what}: no file in {d}");
        if expected != "E0101" {
            assert!(d["line"].is_u64() && d["span"]["start"].is_u64(), "{what}: not located: {d}");
        }
        // The human rendering of the same input must not panic either.
        let out = cardc(&["check", dir.path().to_str().unwrap()]);
        assert_eq!(code(&out), 1, "{what}");
    }
}

#[test]
fn a_folder_without_card_files_is_an_error_and_a_missing_one_is_exit_2() {
    let empty = tempfile::tempdir().unwrap();
    std::fs::write(empty.path().join("notes.txt"), "x").unwrap();
    let d = has(&check_fails(empty.path()), "E0006");
    assert_eq!(d["line"], Value::Null);
    let out = cardc(&["check", "/definitely/not/here"]);
    assert_eq!(code(&out), 2);
    assert!(String::from_utf8_lossy(&out.stderr).contains("error:"));
    assert_eq!(code(&cardc(&["check"])), 2, "usage error");
    assert_eq!(code(&cardc(&["frobnicate"])), 2, "usage error");
}

#[test]
fn human_output_is_rendered_with_codes_labels_and_help() {
    let dir = set_with(&[("game.cards", GAME.as_bytes()), ("u.cards", b"upgrade \"A\" {\n  icon: crwe\n}\n")]);
    let out = cardc(&["check", dir.path().to_str().unwrap()]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("E0105"), "{stderr}");
    assert!(stderr.contains("unknown icon `crwe`"), "{stderr}");
    assert!(stderr.contains("u.cards:2:9"), "{stderr}");
    assert!(stderr.contains("help: did you mean `crew`?"), "{stderr}");
    assert!(stderr.trim_end().ends_with("checked 1 set (1 card): 1 error, 0 warnings"), "{stderr}");
}

#[test]
fn explain_prints_every_code_and_rejects_unknown_ones() {
    for c in cardc::codes() {
        let out = cardc(&["explain", &c.id.to_lowercase()]);
        assert_eq!(code(&out), 0);
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(text.starts_with(c.id) && text.contains("## What") && text.contains("## Example"), "{text}");
    }
    let out = cardc(&["explain", "E9999"]);
    assert_eq!(code(&out), 2);
    assert!(String::from_utf8_lossy(&out.stderr).contains("E0001"));
}

#[test]
fn validate_reads_xws_squads_against_a_set_loaded_at_run_time() {
    let dir = tempfile::tempdir().unwrap();
    let squads = dir.path().join("squads.jsonl");
    std::fs::write(
        &squads,
        concat!(
            r#"{"faction":"rebelalliance","pilots":[{"id":"chewbacca"},{"id":"chewbacca"},{"id":"chewbacca"}]}"#,
            "\n",
            r#"{"faction":"rebelalliance","pilots":[{"id":"lukeskywalker","upgrades":["ionscreen"]}]}"#,
            "\n",
        ),
    )
    .unwrap();
    let set = common::root().join("cards/xwing");
    let (set, squads) = (set.to_str().unwrap(), squads.to_str().unwrap());
    let out = cardc(&["validate", "--set", set, "--xws", "--format", "json", squads]);
    assert_eq!(code(&out), 1);
    let lines = json_lines(&out.stdout);
    assert_eq!(lines[0]["verdict"], "illegal");
    let ids: Vec<&str> = lines[0]["violations"].as_array().unwrap().iter().map(|v| v["id"].as_str().unwrap()).collect();
    assert!(ids.contains(&"squad-points") && ids.contains(&"unique-names"), "{ids:?}");
    assert_eq!(lines[1]["verdict"], "legal");
    assert_eq!(lines[1]["warnings"][0], "the upgrades of `lukeskywalker` are an array, not an object keyed by slot");
    let out = cardc(&["validate", "--set", set, "--xws", "--ignore-points", "--format", "json", squads]);
    let lines = json_lines(&out.stdout);
    let ids: Vec<&str> = lines[0]["violations"].as_array().unwrap().iter().map(|v| v["id"].as_str().unwrap()).collect();
    assert!(!ids.contains(&"squad-points") && ids.contains(&"unique-names"), "{ids:?}");
    // --ignore-points only makes sense with --xws.
    assert_eq!(code(&cardc(&["validate", "--set", set, "--ignore-points", squads])), 2);
}

/// A set with one clean file (`c.cards`), one with an unknown icon (`a.cards`) and one with
/// a bad cost (`b.cards`).
fn set_with_one_clean_file() -> tempfile::TempDir {
    set_with(&[
        ("game.cards", GAME.as_bytes()),
        ("a.cards", b"upgrade \"A\" {\n  icon: crwe\n}\n"),
        ("b.cards", b"upgrade \"B\" {\n  icon: crew\n  cost: x\n}\n"),
        ("c.cards", b"upgrade \"C\" {\n  icon: crew\n}\n"),
    ])
}

fn stderr_of(out: &std::process::Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

#[test]
fn check_of_a_file_shows_only_its_diagnostics_and_counts_the_rest() {
    let dir = set_with_one_clean_file();
    let file = |name: &str| dir.path().join(name).to_str().unwrap().to_string();
    // The clean file passes though its set has errors; the summary says where they are.
    let out = cardc(&["check", &file("c.cards")]);
    assert_eq!(code(&out), 0, "{}", stderr_of(&out));
    assert_eq!(
        stderr_of(&out),
        "checked 1 file of 1 set (3 cards): 0 errors, 0 warnings; 2 errors in other files of the set (not shown)\n"
    );
    // A file with an error fails with that error only.
    let out = cardc(&["check", "--format", "json", &file("a.cards")]);
    assert_eq!(code(&out), 1);
    let codes: Vec<Value> = json_lines(&out.stdout).iter().map(|d| d["code"].clone()).collect();
    assert_eq!(codes, vec![Value::from("E0105")]);
    // Two files of one set check it once; the same file twice counts once.
    let out = cardc(&["check", "--format", "json", &file("a.cards"), &file("b.cards"), &file("a.cards")]);
    assert_eq!(code(&out), 1);
    let codes: Vec<Value> = json_lines(&out.stdout).iter().map(|d| d["code"].clone()).collect();
    assert_eq!(codes, vec![Value::from("E0105"), Value::from("E0203")]);
    // Cargo's line for the set, then the summary.
    let set = dir.path().display();
    let expected = format!(
        "error: could not compile `{set}` due to 2 previous errors\nchecked 2 files of 1 set (3 cards): 2 errors, 0 warnings\n"
    );
    assert_eq!(stderr_of(&out), expected);
    // The set's folder as well as one of its files: the whole set.
    let out = cardc(&["check", &file("c.cards"), dir.path().to_str().unwrap()]);
    assert_eq!(code(&out), 1);
    assert!(stderr_of(&out).ends_with("\nchecked 1 set (3 cards): 2 errors, 0 warnings\n"), "{}", stderr_of(&out));
}

#[test]
fn check_of_a_file_shows_set_level_diagnostics_that_have_no_file() {
    // No `game.cards`: the file's own folder is the set, and its missing game is reported.
    let dir = set_with(&[("a.cards", b"upgrade \"A\" {\n  icon: crew\n}\n")]);
    let out = cardc(&["check", "--format", "json", dir.path().join("a.cards").to_str().unwrap()]);
    assert_eq!(code(&out), 1);
    let lines = json_lines(&out.stdout);
    assert_eq!(lines[0]["code"], "E0101");
    assert_eq!(lines[0]["line"], Value::Null);
}

#[test]
fn check_of_a_file_in_no_set_or_not_a_card_file_is_exit_2() {
    let dir = set_with_one_clean_file();
    std::fs::create_dir(dir.path().join("sub")).unwrap();
    std::fs::write(dir.path().join("sub/d.cards"), "upgrade \"D\" {}\n").unwrap();
    let out = cardc(&["check", dir.path().join("sub/d.cards").to_str().unwrap()]);
    assert_eq!(code(&out), 2);
    assert!(stderr_of(&out).contains("d.cards` is in no set: the nearest `game.cards` is in `"), "{}", stderr_of(&out));
    std::fs::write(dir.path().join("notes.txt"), "x").unwrap();
    let out = cardc(&["check", dir.path().join("notes.txt").to_str().unwrap()]);
    assert_eq!(code(&out), 2);
    assert!(stderr_of(&out).contains("notes.txt` is not a `.cards` file"), "{}", stderr_of(&out));
}

#[test]
fn every_subcommand_exits_1_on_a_set_with_errors_and_2_on_a_missing_one() {
    let dir = set_with_one_clean_file();
    let set = dir.path().to_str().unwrap();
    let scenario = dir.path().join("s.json");
    std::fs::write(&scenario, r#"{"game": "demo", "ships": []}"#).unwrap();
    let scenario = scenario.to_str().unwrap();
    for args in
        [vec!["check", set], vec!["abilities", set], vec!["export", set], vec!["validate", "--set", set, scenario]]
    {
        let out = cardc(&args);
        assert_eq!(code(&out), 1, "{args:?}: {}", stderr_of(&out));
        assert!(out.stdout.is_empty(), "{args:?} printed on stdout");
        assert!(stderr_of(&out).contains("unknown icon `crwe`"), "{args:?}: {}", stderr_of(&out));
        let mut missing = args.clone();
        let at = missing.iter().position(|a| *a == set).unwrap();
        missing[at] = "/definitely/not/here";
        assert_eq!(code(&cardc(&missing)), 2, "{missing:?}");
    }
}

#[test]
fn each_subcommand_help_describes_its_own_output() {
    // (subcommand, what its help must say about where its output goes and its statuses)
    let cases: [(&str, &[&str]); 6] = [
        ("check", &["`.cards` file", "stderr", "stdout as JSON lines", "Exits 0", "1 when", "2 when"]),
        ("abilities", &["stdout", "stderr", "1 when the set has errors", "2 when"]),
        ("export", &["stdout as one pretty-printed JSON object", "1 when the set has errors", "2 when"]),
        ("validate", &["`expect`", "expected:", "got:", "stdout", "stderr", "1", "2 when"]),
        ("import", &["nothing goes to stdout", "1 when it has errors", "2 when"]),
        ("explain", &["stdout", "2 when no code or lint has that name"]),
    ];
    for (command, says) in cases {
        let out = cardc(&[command, "--help"]);
        assert_eq!(code(&out), 0);
        let help = String::from_utf8_lossy(&out.stdout).split_whitespace().collect::<Vec<_>>().join(" ");
        for s in says {
            assert!(help.contains(s), "`cardc {command} --help` does not say {s:?}:\n{help}");
        }
    }
    // Each format's values are described for the command that prints them.
    let help = String::from_utf8_lossy(&cardc(&["abilities", "--help"]).stdout).to_string();
    assert!(help.contains("One JSON object per ability"), "{help}");
    assert!(!help.contains("rustc-style"), "{help}");
    let help = String::from_utf8_lossy(&cardc(&["validate", "--help"]).stdout).to_string();
    assert!(help.contains("One JSON object per file"), "{help}");
}

#[test]
fn validate_suggests_the_xws_id_of_an_unknown_pilot_or_upgrade() {
    let dir = tempfile::tempdir().unwrap();
    let squads = dir.path().join("squads.jsonl");
    std::fs::write(
        &squads,
        concat!(
            r#"{"faction":"rebelalliance","pilots":[{"id":"lukeskywalkr"}]}"#,
            "\n",
            r#"{"faction":"rebelalliance","pilots":[{"id":"lukeskywalker","upgrades":{"modification":["hullplatin"]}}]}"#,
            "\n",
            r#"{"faction":"rebelaliance","pilots":[{"id":"lukeskywalker"}]}"#,
            "\n",
        ),
    )
    .unwrap();
    let set = common::root().join("cards/xwing");
    let out =
        cardc(&["validate", "--set", set.to_str().unwrap(), "--xws", "--format", "json", squads.to_str().unwrap()]);
    assert_eq!(code(&out), 1);
    let details: Vec<Value> = json_lines(&out.stdout).iter().map(|l| l["detail"].clone()).collect();
    assert_eq!(
        details,
        [
            "unknown pilot `lukeskywalkr`; did you mean `lukeskywalker`?",
            "unknown upgrade `hullplatin`; did you mean `hullplating`?",
            "unknown faction `rebelaliance`; did you mean `rebelalliance`?",
        ]
    );
}

#[test]
fn spending_charge_or_force_the_card_lacks_warns_once_per_spend() {
    // The W0007 fixture: of its seven spends, three have nothing to spend.
    let fixture = common::root().join("tests/fixtures/W0007_spend_without_resource.cards");
    let text = std::fs::read(&fixture).unwrap();
    let dir = set_with(&[("game.cards", text.as_slice())]);
    let out = cardc(&["check", "--format", "json", dir.path().to_str().unwrap()]);
    assert_eq!(code(&out), 0, "warnings only");
    let got: Vec<(String, u64, u64)> = json_lines(&out.stdout)
        .iter()
        .map(|d| {
            assert_eq!((d["code"].as_str(), d["severity"].as_str()), (Some("W0007"), Some("warning")));
            (d["message"].as_str().unwrap().to_string(), d["line"].as_u64().unwrap(), d["column"].as_u64().unwrap())
        })
        .collect();
    let expected = [
        ("`empty-tank` spends [Charge], but has no `charges:`", 15, 13),
        ("`fighter` spends [Force], but its ship `rookie` has no `force:`", 48, 49),
        ("`rookie` spends [Force], but neither it nor its chassis has `force:`", 67, 49),
    ];
    let expected: Vec<(String, u64, u64)> = expected.iter().map(|(m, l, c)| (m.to_string(), *l, *c)).collect();
    assert_eq!(got, expected);
    // A Force power in a set where nothing has Force warns too.
    let set = set_with(&[
        (
            "game.cards",
            b"game demo \"Demo\"\nicon force-power \"Force Power\"\ntoken focus \"focus\"\nresource force \"Force\"\nheader action \"Action\" optional\nallow unequippable-upgrade, unused-icon\n",
        ),
        ("u.cards", b"upgrade \"Sense\" {\n  icon: force-power\n  text {\n    Action: Spend 1 [Force] to gain 1 focus token.\n  }\n}\n"),
    ]);
    let out = cardc(&["check", "--format", "json", set.path().to_str().unwrap()]);
    let lines = json_lines(&out.stdout);
    assert_eq!(lines.len(), 1, "{lines:?}");
    assert_eq!(lines[0]["message"], "`sense` spends [Force], but no card of the set has Force");
    assert_eq!((lines[0]["line"].as_u64(), lines[0]["column"].as_u64()), (Some(4), Some(13)));
}
