//! How `cardc check` reports, end to end: rustc-style text, JSON with every label, GitHub
//! workflow commands, SARIF, `--deny`, `cardc explain` by name, and `--watch`.

use crate::common;

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use serde_json::{json, Value};

const GAME: &str = "game demo \"Demo\"\nsize small \"Small\"\nicon crew \"Crew\"\nicon astromech \"Astromech\"\nheader action \"Action\"\n";

/// Two errors on lines 7 and 9; `é😀` before the second is 2 characters, 3 UTF-16 code
/// units and 6 bytes.
const BROKEN: &str = "ship \"X-Wing\" {\n  size: small\n  upgrades: crew\n}\n\nupgrade \"Gunner\" {\n  icon: crwe\n  text {\n    Action: gain 1 é😀 [Crwe].\n  }\n}\n";

/// A temporary folder holding the set folder `set/` with `game.cards` and `files`.
fn workspace(files: &[(&str, &str)]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("set")).unwrap();
    std::fs::write(dir.path().join("set/game.cards"), GAME).unwrap();
    for (name, text) in files {
        std::fs::write(dir.path().join("set").join(name), text).unwrap();
    }
    dir
}

/// Runs `cardc` in `dir`, so paths in its output are relative to it.
fn cardc_in(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_cardc")).args(args).current_dir(dir).output().expect("cardc runs")
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// The set with only a warning: `astromech` is declared and printed by no ship.
fn warning_only() -> tempfile::TempDir {
    // Without the words the reading cannot place (`é😀`), so that the set has one warning
    // and no note.
    workspace(&[("u.cards", &BROKEN.replace("crwe", "crew").replace("Crwe", "Crew").replace("é😀 ", ""))])
}

#[test]
fn text_opens_with_the_code_and_message_then_the_location_as_rustc_does() {
    let dir = workspace(&[("u.cards", BROKEN)]);
    let out = cardc_in(dir.path(), &["check", "set"]);
    assert_eq!(common::code(&out), 1);
    let expected = "\
error[E0105]: unknown icon `crwe`
  --> set/u.cards:7:9
   │
 6 │ upgrade \"Gunner\" {
 7 │   icon: crwe
   ·         ──┬─
   ·           ╰── not an icon of this game
 8 │   text {
   ╰────
  help: did you mean `crew`?

error[E0401]: unknown name `[Crwe]`
   --> set/u.cards:9:24
    │
  8 │   text {
  9 │     Action: gain 1 é😀 [Crwe].
    ·                         ──┬─
    ·                           ╰── the game declares nothing by this name
 10 │   }
    ╰────
  help: did you mean `Crew`?

error: could not compile `set` due to 2 previous errors
checked 1 set (2 cards): 2 errors, 0 warnings
";
    assert_eq!(stderr(&out), expected);
    assert_eq!(stdout(&out), "");
}

#[test]
fn a_warning_names_its_lint_and_the_summary_counts_it() {
    let dir = warning_only();
    let out = cardc_in(dir.path(), &["check", "set"]);
    assert_eq!(common::code(&out), 0);
    let expected = "\
warning[W0002]: no ship has the icon `astromech`
  --> set/game.cards:4:6
   │
 3 │ icon crew \"Crew\"
 4 │ icon astromech \"Astromech\"
   ·      ────┬────
   ·          ╰── declared here, printed on no upgrade bar
 5 │ header action \"Action\"
   ╰────
  help: add it to a ship's `upgrades:`, or `allow unused-icon` in `game.cards`
  note: `unused-icon` is on by default

warning: `set` generated 1 warning
checked 1 set (2 cards): 0 errors, 1 warning
";
    assert_eq!(stderr(&out), expected);
}

#[test]
fn labels_in_two_files_get_a_snippet_each() {
    let card = "upgrade \"Leia Organa\" {\n  icon: crew\n}\n";
    let dir = workspace(&[("a.cards", card), ("b.cards", &format!("\n{card}"))]);
    let out = cardc_in(dir.path(), &["check", "set"]);
    let text = stderr(&out);
    let expected = "\
error[E0103]: two cards have the id `leia-organa`
  --> set/b.cards:2:9
   │
 1 │ 
 2 │ upgrade \"Leia Organa\" {
   ·         ──────┬──────
   ·               ╰── this card's id
 3 │   icon: crew
   ╰────
  ::: set/a.cards:1:9
   │
 1 │ upgrade \"Leia Organa\" {
   ·         ──────┬──────
   ·               ╰── is already the id of this card
 2 │   icon: crew
   ╰────
  help: give one of them another id with `as`: `upgrade \"Leia Organa\" as <id>`
";
    assert!(text.starts_with(expected), "{text}");
}

#[test]
fn json_carries_every_label_with_its_file_and_both_ends() {
    let card = "upgrade \"Leia Organa\" {\n  icon: crew\n}\n";
    let dir = workspace(&[("a.cards", card), ("b.cards", &format!("\n{card}"))]);
    let out = cardc_in(dir.path(), &["check", "--format", "json", "set"]);
    assert_eq!(common::code(&out), 1);
    let lines: Vec<Value> = stdout(&out).lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    let duplicate = lines.iter().find(|d| d["code"] == "E0103").expect("E0103");
    // `"Leia Organa"` is bytes 8..21 of its line: 1:9 to 1:22 in a.cards, one line lower and
    // one byte further (the empty first line) in b.cards.
    assert_eq!(
        duplicate["labels"],
        json!([
            {"file": "set/b.cards", "line": 2, "column": 9, "end_line": 2, "end_column": 22,
             "span": {"start": 9, "end": 22}, "message": "this card's id", "primary": true},
            {"file": "set/a.cards", "line": 1, "column": 9, "end_line": 1, "end_column": 22,
             "span": {"start": 8, "end": 21}, "message": "is already the id of this card", "primary": false},
        ])
    );
    // The keys from before labels came, for the primary label.
    assert_eq!(duplicate["file"], "set/b.cards");
    assert_eq!((duplicate["line"].as_u64(), duplicate["column"].as_u64()), (Some(2), Some(9)));
    assert_eq!(duplicate["span"], json!({"start": 9, "end": 22}));
    assert_eq!(duplicate["severity"], "error");
    assert_eq!(duplicate["name"], "duplicate-card-id");
    assert_eq!(duplicate["message"], "two cards have the id `leia-organa`");
}

#[test]
fn json_columns_count_characters() {
    let dir = workspace(&[("u.cards", BROKEN)]);
    let out = cardc_in(dir.path(), &["check", "--format", "json", "set"]);
    let lines: Vec<Value> = stdout(&out).lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    let icon = lines.iter().find(|d| d["code"] == "E0401").expect("E0401");
    // `Crwe` is characters 24..28 of `    Action: gain 1 é😀 [Crwe].`, bytes 118..122.
    assert_eq!(
        icon["labels"][0],
        json!({"file": "set/u.cards", "line": 9, "column": 24, "end_line": 9, "end_column": 28,
               "span": {"start": 118, "end": 122}, "message": "the game declares nothing by this name", "primary": true})
    );
}

#[test]
fn github_format_prints_one_escaped_workflow_command_per_diagnostic() {
    let card = "upgrade \"Leia Organa\" {\n  icon: crew\n}\n";
    let dir = tempfile::tempdir().unwrap();
    let set = dir.path().join("a,b:c");
    std::fs::create_dir(&set).unwrap();
    std::fs::write(set.join("game.cards"), GAME).unwrap();
    std::fs::write(set.join("a.cards"), card).unwrap();
    std::fs::write(set.join("b.cards"), format!("\n{card}")).unwrap();
    let out = cardc_in(dir.path(), &["check", "--format", "github", "a,b:c"]);
    assert_eq!(common::code(&out), 1);
    let expected = "::error file=a%2Cb%3Ac/b.cards,line=2,col=9,endLine=2,endColumn=21,title=E0103 duplicate-card-id\
        ::two cards have the id `leia-organa`%0Athis card's id\
        %0Aa,b:c/a.cards:1:9: is already the id of this card\
        %0Ahelp: give one of them another id with `as`: `upgrade \"Leia Organa\" as <id>`\n";
    assert_eq!(stdout(&out), expected);
    assert!(stderr(&out).ends_with("checked 1 set (1 card): 1 error, 0 warnings\n"), "{}", stderr(&out));
}

#[test]
fn github_format_reports_warnings_as_warning_commands() {
    let dir = warning_only();
    let out = cardc_in(dir.path(), &["check", "--format", "github", "set"]);
    assert_eq!(common::code(&out), 0);
    assert_eq!(
        stdout(&out),
        "::warning file=set/game.cards,line=4,col=6,endLine=4,endColumn=14,title=W0002 unused-icon\
         ::no ship has the icon `astromech`%0Adeclared here, printed on no upgrade bar\
         %0Ahelp: add it to a ship's `upgrades:`, or `allow unused-icon` in `game.cards`\n"
    );
}

#[test]
fn sarif_is_one_log_with_rules_results_and_related_locations() {
    let card = "upgrade \"Leia Organa\" {\n  icon: crew\n}\n";
    let dir = workspace(&[("a.cards", card), ("b.cards", &format!("\n{card}")), ("u.cards", BROKEN)]);
    let out = cardc_in(dir.path(), &["check", "--format", "sarif", "set"]);
    assert_eq!(common::code(&out), 1);
    let log: Value = serde_json::from_str(&stdout(&out)).expect("one JSON document");
    assert_eq!(log["version"], "2.1.0");
    assert!(log["$schema"].as_str().is_some_and(|s| s.contains("sarif-2.1.0")));
    let runs = log["runs"].as_array().unwrap();
    assert_eq!(runs.len(), 1);
    let run = &runs[0];
    let driver = &run["tool"]["driver"];
    assert_eq!(driver["name"], "cardc");
    assert_eq!(driver["version"], env!("CARGO_PKG_VERSION"));
    let rules = driver["rules"].as_array().unwrap();
    let ids: Vec<&str> = rules.iter().map(|r| r["id"].as_str().unwrap()).collect();
    assert_eq!(ids, ["E0103", "E0105", "E0401"], "one rule per code used, in code order");
    assert_eq!(rules[0]["name"], "duplicate-card-id");
    assert_eq!(rules[0]["shortDescription"]["text"], "Two cards of one set have the same id.");
    assert!(rules[0]["fullDescription"]["text"].as_str().unwrap().contains("## Why"));
    assert_eq!(rules[0]["defaultConfiguration"]["level"], "error");
    assert_eq!(run["columnKind"], "utf16CodeUnits");

    let results = run["results"].as_array().unwrap();
    assert_eq!(results.len(), 3);
    let by_rule = |id: &str| results.iter().find(|r| r["ruleId"] == id).unwrap();
    let duplicate = by_rule("E0103");
    assert_eq!(duplicate["ruleIndex"], 0);
    assert_eq!(duplicate["level"], "error");
    assert_eq!(
        duplicate["message"]["text"],
        "two cards have the id `leia-organa`\nhelp: give one of them another id with `as`: `upgrade \"Leia Organa\" as <id>`"
    );
    assert_eq!(
        duplicate["locations"],
        json!([{
            "physicalLocation": {
                "artifactLocation": {"uri": "set/b.cards", "uriBaseId": "%SRCROOT%"},
                "region": {"startLine": 2, "startColumn": 9, "endLine": 2, "endColumn": 22},
            },
            "message": {"text": "this card's id"},
        }])
    );
    assert_eq!(
        duplicate["relatedLocations"],
        json!([{
            "id": 1,
            "physicalLocation": {
                "artifactLocation": {"uri": "set/a.cards", "uriBaseId": "%SRCROOT%"},
                "region": {"startLine": 1, "startColumn": 9, "endLine": 1, "endColumn": 22},
            },
            "message": {"text": "is already the id of this card"},
        }])
    );
    // `é😀` before `Crwe` is 3 UTF-16 code units: column 25, one more than in characters.
    let icon = by_rule("E0401");
    assert_eq!(icon["ruleIndex"], 2);
    assert_eq!(
        icon["locations"][0]["physicalLocation"]["region"],
        json!({"startLine": 9, "startColumn": 25, "endLine": 9, "endColumn": 29})
    );
    assert!(by_rule("E0105").get("relatedLocations").is_none());
}

#[test]
fn sarif_of_a_clean_set_has_no_results_and_no_rules() {
    let dir = workspace(&[("u.cards", "ship \"X-Wing\" {\n  size: small\n  upgrades: crew, astromech\n}\n")]);
    let out = cardc_in(dir.path(), &["check", "--format", "sarif", "set"]);
    assert_eq!(common::code(&out), 0, "{}", stderr(&out));
    let log: Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert_eq!(log["runs"][0]["results"], json!([]));
    assert_eq!(log["runs"][0]["tool"]["driver"]["rules"], json!([]));
}

#[test]
fn deny_warnings_makes_a_warning_an_error() {
    let dir = warning_only();
    for deny in [&["--deny", "warnings"][..], &["-D", "warnings"], &["--deny", "unused-icon"], &["--deny", "w0002"]] {
        let mut args = vec!["check", "set"];
        args.extend_from_slice(deny);
        let out = cardc_in(dir.path(), &args);
        assert_eq!(common::code(&out), 1, "{deny:?}");
        let text = stderr(&out);
        assert!(text.starts_with("error[W0002]: no ship has the icon `astromech`\n"), "{text}");
        assert!(text.contains("\n  note: `unused-icon` is denied\n"), "{text}");
        assert!(text.ends_with(
            "error: could not compile `set` due to 1 previous error\nchecked 1 set (2 cards): 1 error, 0 warnings\n"
        ));
    }
    let out = cardc_in(dir.path(), &["check", "set", "--deny", "unequippable-upgrade"]);
    assert_eq!(common::code(&out), 0, "another lint denied leaves this one a warning");
    let out = cardc_in(dir.path(), &["check", "set", "--deny", "warnings", "--format", "json"]);
    assert!(stdout(&out).contains("\"code\":\"W0002\",\"name\":\"unused-icon\",\"severity\":\"error\""));
}

#[test]
fn deny_of_an_unknown_lint_says_so_and_exits_2() {
    let dir = warning_only();
    let out = cardc_in(dir.path(), &["check", "set", "--deny", "unused-icons"]);
    assert_eq!(common::code(&out), 2);
    assert_eq!(stderr(&out), "error: unknown lint `unused-icons` for `--deny`\n  help: did you mean `unused-icon`?\n");
    let out = cardc_in(dir.path(), &["check", "set", "--deny", "unknown-name"]);
    assert_eq!(common::code(&out), 2, "an error code is not a lint");
}

#[test]
fn explain_takes_a_lint_name_or_a_code_in_any_case() {
    let by_name = common::cardc(&["explain", "unused-icon"]);
    assert_eq!(common::code(&by_name), 0);
    assert!(stdout(&by_name).starts_with("W0002 (unused-icon, warning)\n\n## What\n"), "{}", stdout(&by_name));
    for other in ["W0002", "w0002", "Unused-Icon"] {
        assert_eq!(common::cardc(&["explain", other]).stdout, by_name.stdout, "{other}");
    }
    assert!(stdout(&common::cardc(&["explain", "e0105"])).starts_with("E0105 (unknown-name, error)"));
}

#[test]
fn explain_of_an_unknown_name_suggests_the_closest_and_exits_2() {
    let out = common::cardc(&["explain", "unused-icn"]);
    assert_eq!(common::code(&out), 2);
    assert_eq!(stderr(&out), "error: no diagnostic code or lint `unused-icn`\n  help: did you mean `unused-icon`?\n");
    let out = common::cardc(&["explain", "E0115"]);
    assert_eq!(common::code(&out), 2);
    assert!(stderr(&out).contains("did you mean `E0105`?"), "{}", stderr(&out));
    assert_eq!(stdout(&out), "");
}

#[test]
fn abilities_prints_set_errors_in_its_format() {
    let dir = workspace(&[("u.cards", BROKEN)]);
    let out = cardc_in(dir.path(), &["abilities", "set", "--format", "json"]);
    assert_ne!(common::code(&out), 0);
    let codes: Vec<String> = stdout(&out)
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap()["code"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(codes, ["E0105", "E0401"]);
    let out = cardc_in(dir.path(), &["abilities", "set"]);
    assert!(stderr(&out).starts_with("error[E0105]: unknown icon `crwe`\n  --> set/u.cards:7:9\n"), "{}", stderr(&out));
    assert_eq!(stdout(&out), "");
}

/// Reads lines from a child's stderr on a thread, so a test can wait with a timeout.
fn stderr_lines(child: &mut std::process::Child) -> mpsc::Receiver<String> {
    let (tx, rx) = mpsc::channel();
    let err = child.stderr.take().unwrap();
    std::thread::spawn(move || {
        for line in BufReader::new(err).lines() {
            let Ok(line) = line else { break };
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    rx
}

/// The lines up to and including the first that `done` accepts; panics after `timeout`.
fn wait_for(rx: &mpsc::Receiver<String>, timeout: Duration, done: impl Fn(&str) -> bool) -> Vec<String> {
    let deadline = Instant::now() + timeout;
    let mut seen = Vec::new();
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        match rx.recv_timeout(left) {
            Ok(line) => {
                let stop = done(&line);
                seen.push(line);
                if stop {
                    return seen;
                }
            }
            Err(_) => panic!("timed out; saw:\n{}", seen.join("\n")),
        }
    }
}

#[test]
fn watch_checks_again_when_a_cards_file_changes_and_stops_on_ctrl_c() {
    let dir = warning_only();
    let mut child = Command::new(env!("CARGO_BIN_EXE_cardc"))
        .args(["check", "--watch", "set"])
        .current_dir(dir.path())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let rx = stderr_lines(&mut child);
    let round = |line: &str| line.contains("watching for changes");
    let first = wait_for(&rx, Duration::from_secs(20), round);
    assert!(first.iter().any(|l| l == "checked 1 set (2 cards): 0 errors, 1 warning"), "{first:?}");
    assert!(first.last().unwrap().contains(" UTC ── ok ──"), "{first:?}");

    // A new file with an error, then a file that is not a card file (ignored).
    std::fs::write(dir.path().join("set/v.cards"), "upgrade \"Spy\" {\n  icon: crwe\n}\n").unwrap();
    let second = wait_for(&rx, Duration::from_secs(20), round);
    assert!(second.iter().any(|l| l == "error[E0105]: unknown icon `crwe`"), "{second:?}");
    assert!(second.iter().any(|l| l == "checked 1 set (3 cards): 1 error, 0 warnings"), "{second:?}");
    assert!(second.last().unwrap().contains(" UTC ── errors ──"), "{second:?}");

    // Removing it is a change too.
    std::fs::remove_file(dir.path().join("set/v.cards")).unwrap();
    let third = wait_for(&rx, Duration::from_secs(20), round);
    assert!(third.iter().any(|l| l == "checked 1 set (2 cards): 0 errors, 1 warning"), "{third:?}");

    let interrupted = Command::new("kill").args(["-INT", &child.id().to_string()]).status();
    if interrupted.is_ok_and(|s| s.success()) {
        let deadline = Instant::now() + Duration::from_secs(20);
        while child.try_wait().unwrap().is_none() && Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(50));
        }
        let status = child.try_wait().unwrap();
        let _ = child.kill();
        assert_eq!(status.and_then(|s| s.code()), Some(0), "Ctrl-C ends the watch with 0");
    } else {
        let _ = child.kill();
        let _ = child.wait();
    }
}

#[test]
fn colour_marks_the_heading_and_keeps_the_location_in_characters() {
    let mut sources = cardc::SourceMap::new();
    let text = "game demo \"Demo\"\n# é😀\nicon é😀x \"X\"\n";
    let file = sources.add(cardc::source::SourceFile::new("set/game.cards".into(), text));
    let start = text.find('x').unwrap() as u32;
    let code = cardc::code("E0105").unwrap();
    let d = cardc::Diagnostic::new(code, "unknown icon `x`").label(
        file,
        cardc::ast::Span { start, end: start + 1 },
        "here",
    );
    let plain = d.render(&sources, cardc::RenderStyle { color: false, width: 80 });
    let coloured = d.render(&sources, cardc::RenderStyle { color: true, width: 80 });
    assert!(plain.starts_with("error[E0105]: unknown icon `x`\n  --> set/game.cards:3:8\n"), "{plain}");
    assert!(
        coloured
            .starts_with("\x1b[1;31merror[E0105]\x1b[0m\x1b[1m: unknown icon `x`\x1b[0m\n  --> set/game.cards:3:8\n"),
        "{coloured:?}"
    );
}

/// The SARIF 2.1.0 schema (draft-04), vendored in `tests/sarif/` (its README says where it
/// comes from), compiled by `boon` with format assertions on.
fn sarif_schema() -> (boon::Schemas, boon::SchemaIndex) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/sarif/sarif-schema-2.1.0.json");
    let text = std::fs::read_to_string(&path).expect("the vendored SARIF schema");
    let schema: Value = serde_json::from_str(&text).expect("the SARIF schema is JSON");
    assert_eq!(schema["$schema"], "http://json-schema.org/draft-04/schema#");
    let mut compiler = boon::Compiler::new();
    compiler.set_default_draft(boon::Draft::V4);
    compiler.enable_format_assertions();
    let location = path.to_str().expect("a UTF-8 path");
    compiler.add_resource(location, schema).expect("the schema is added");
    let mut schemas = boon::Schemas::new();
    let index = compiler.compile(location, &mut schemas).unwrap_or_else(|e| panic!("the SARIF schema compiles: {e:#}"));
    (schemas, index)
}

#[test]
fn sarif_is_valid_against_the_sarif_2_1_0_schema() {
    let card = "upgrade \"Leia Organa\" {\n  icon: crew\n}\n";
    let dir = workspace(&[("a.cards", card), ("b.cards", &format!("\n{card}")), ("u.cards", BROKEN)]);
    std::fs::create_dir(dir.path().join("empty")).unwrap();
    let out = cardc_in(dir.path(), &["check", "--format", "sarif", "set", "empty"]);
    assert_eq!(common::code(&out), 1);
    let log: Value = serde_json::from_str(&stdout(&out)).expect("one JSON document");
    let (schemas, index) = sarif_schema();
    if let Err(e) = schemas.validate(&log, index) {
        panic!("the SARIF log does not match the schema: {e:#}\n{}", stdout(&out));
    }
    // E0006 for the empty folder, E0103, E0105 and E0401.
    assert_eq!(log["runs"][0]["results"].as_array().map(Vec::len), Some(4));
}

#[test]
fn the_sarif_schema_rejects_a_log_that_breaks_it() {
    let dir = workspace(&[("u.cards", BROKEN)]);
    let out = cardc_in(dir.path(), &["check", "--format", "sarif", "set"]);
    let log: Value = serde_json::from_str(&stdout(&out)).expect("one JSON document");
    let (schemas, index) = sarif_schema();
    assert!(schemas.validate(&log, index).is_ok(), "{}", stdout(&out));
    let broken = |edit: fn(&mut Value)| {
        let mut log = log.clone();
        edit(&mut log);
        log
    };
    let wrong = [
        // A level SARIF does not have.
        broken(|l| l["runs"][0]["results"][0]["level"] = json!("fatal")),
        // A line before the first.
        broken(|l| l["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["region"]["startLine"] = json!(0)),
        // A property the schema does not allow.
        broken(|l| l["runs"][0]["tool"]["driver"]["colour"] = json!("red")),
        // A run without its tool.
        broken(|l| drop(l["runs"][0].as_object_mut().map(|run| run.remove("tool")))),
        // A version that is not 2.1.0.
        broken(|l| l["version"] = json!("2.0.0")),
    ];
    for log in &wrong {
        assert!(schemas.validate(log, index).is_err(), "accepted: {log:#}");
    }
}
