//! Every conformance scenario gives its expected verdict (and stats) on the set loaded at
//! run time, through the library and through `cardc validate`.

use crate::common;

use cards_runtime::scenario::{run, Scenario};
use serde_json::Value;

#[test]
fn every_scenario_gives_its_expected_verdict() {
    let Some(shared) = common::shared() else { return };
    let mut count = 0;
    let mut failures = Vec::new();
    for dir in common::example_sets(&shared) {
        let report = cardc::check_paths(&[&dir]).unwrap();
        let set = report.sets[0].set.as_ref().expect("the conformance set checks clean");
        let mut files: Vec<_> = std::fs::read_dir(dir.join("scenarios")).unwrap().map(|e| e.unwrap().path()).collect();
        files.sort();
        for file in files {
            let scenario = Scenario::parse(&std::fs::read_to_string(&file).unwrap()).unwrap();
            let outcome = run(set, &scenario).unwrap();
            if let Err(e) = outcome.check(&scenario) {
                failures.push(format!("{}: {e}", file.display()));
            }
            // The CLI prints the same verdict, and each scenario, legal or not, passes as
            // expected.
            let out = common::cardc(&[
                "validate",
                "--format",
                "json",
                "--set",
                dir.to_str().unwrap(),
                file.to_str().unwrap(),
            ]);
            let printed: Value = serde_json::from_slice(&out.stdout).expect("one JSON object");
            assert_eq!(printed["verdict"], if outcome.is_legal() { "legal" } else { "illegal" });
            assert_eq!(printed["as_expected"], true, "{}", file.display());
            assert_eq!(printed["expected"], printed["got"]);
            assert_eq!(common::code(&out), 0, "{}", file.display());
            count += 1;
        }
    }
    assert!(failures.is_empty(), "{failures:#?}");
    assert!(count >= 29, "only {count} scenarios found");
}

#[test]
fn malformed_scenarios_are_exit_2_with_line_and_column() {
    let Some(shared) = common::shared() else { return };
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.json");
    std::fs::write(&bad, "{\n  \"game\": \"armada\",\n  \"ships\": [ }\n").unwrap();
    let set = shared.join("examples/armada");
    let out = common::cardc(&["validate", "--set", set.to_str().unwrap(), bad.to_str().unwrap()]);
    assert_eq!(common::code(&out), 2);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("line 3, column"), "{stderr}");
    let other = dir.path().join("other.json");
    std::fs::write(&other, r#"{"game": "xwing", "ships": []}"#).unwrap();
    let out = common::cardc(&["validate", "--set", set.to_str().unwrap(), other.to_str().unwrap()]);
    assert_eq!(common::code(&out), 2);
    let unknown = dir.path().join("unknown.json");
    std::fs::write(
        &unknown,
        r#"{"game": "armada", "faction": "empire", "ships": [{"ship": "death-star", "upgrades": ["x"]}]}"#,
    )
    .unwrap();
    let out =
        common::cardc(&["validate", "--format", "json", "--set", set.to_str().unwrap(), unknown.to_str().unwrap()]);
    assert_eq!(common::code(&out), 1);
    assert!(String::from_utf8_lossy(&out.stdout).contains("\"id\":\"unknown-card\""));
}

/// Runs `cardc validate` on scenario files written into a temporary folder, against a
/// conformance set; returns (exit code, stdout, stderr) with the folder shown as `DIR`.
fn validate(game: &str, files: &[(&str, &str)], json: bool) -> Option<(i32, String, String)> {
    let shared = common::shared()?;
    let dir = tempfile::tempdir().unwrap();
    let mut args: Vec<String> =
        vec!["validate".into(), "--set".into(), shared.join("examples").join(game).display().to_string()];
    if json {
        args.extend(["--format".to_string(), "json".to_string()]);
    }
    for (name, text) in files {
        std::fs::write(dir.path().join(name), text).unwrap();
        args.push(dir.path().join(name).display().to_string());
    }
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let out = common::cardc(&args);
    let clean = |b: &[u8]| String::from_utf8_lossy(b).replace(&dir.path().display().to_string(), "DIR");
    Some((common::code(&out), clean(&out.stdout), clean(&out.stderr)))
}

#[test]
fn a_mismatch_shows_expected_against_got_and_fails() {
    // Vader's Wrath is an Empire card for the TIE Advanced x1 chassis, Luke is a Rebel
    // X-wing; the two misspelt ids name no card but are one or two letters away.
    let scenario = r#"{"game": "xwing", "faction": "rebel-alliance",
        "ships": [{"ship": "luke-skywalker", "upgrades": ["vaders-wrath", "hull-platting"]},
                  {"ship": "luke-skywlker"}],
        "expect": "legal"}"#;
    let Some((code, stdout, stderr)) = validate("xwing", &[("a.json", scenario)], false) else { return };
    assert_eq!(code, 1);
    assert_eq!(
        stdout,
        "DIR/a.json: mismatch
  expected: legal
  got: illegal: faction, restriction, unknown-card
  unknown-card: no upgrade `hull-platting` in this set; did you mean `hull-plating`? (card `hull-platting`)
  unknown-card: no ship `luke-skywlker` in this set; did you mean `luke-skywalker`? (card `luke-skywlker`)
  faction: Vader's Wrath cannot be equipped by a ship of this faction (ship `luke-skywalker`, card `vaders-wrath`)
  restriction: Luke Skywalker does not meet the restriction of Vader's Wrath, which requires a ship of the TIE Advanced x1 chassis (ship `luke-skywalker`, card `vaders-wrath`)
"
    );
    assert_eq!(stderr, "validated 1 scenario: 0 as expected, 1 mismatch\n");
}

#[test]
fn an_illegal_verdict_that_was_expected_passes_and_one_without_expect_fails() {
    // Hull Plating `requires: not size small`; the X-wing is small.
    let fleet = r#"{"game": "xwing", "faction": "rebel-alliance",
        "ships": [{"ship": "luke-skywalker", "upgrades": ["hull-plating"]}]"#;
    let expected = format!(r#"{fleet}, "expect": {{"illegal": ["restriction"]}}}}"#);
    let wrong_ids = format!(r#"{fleet}, "expect": {{"illegal": ["restriction", "faction"]}}}}"#);
    let plain = format!("{fleet}}}");
    let restriction = "  restriction: Luke Skywalker does not meet the restriction of Hull Plating, which requires a ship not of size small (ship `luke-skywalker`, card `hull-plating`)\n";
    let Some((code, stdout, stderr)) = validate("xwing", &[("a.json", &expected)], false) else { return };
    assert_eq!((code, stdout), (0, format!("DIR/a.json: illegal, as expected\n{restriction}")));
    assert_eq!(stderr, "validated 1 scenario: 1 as expected, 0 mismatches\n");
    let (code, stdout, _) = validate("xwing", &[("b.json", &wrong_ids)], false).unwrap();
    assert_eq!(
        (code, stdout),
        (1, format!("DIR/b.json: mismatch\n  expected: illegal: faction, restriction\n  got: illegal: restriction\n{restriction}"))
    );
    // Without an expectation the verdict decides, and there is no summary.
    let (code, stdout, stderr) = validate("xwing", &[("c.json", &plain)], false).unwrap();
    assert_eq!((code, stdout, stderr), (1, format!("DIR/c.json: illegal\n{restriction}"), String::new()));
    let (code, _, stderr) = validate("xwing", &[("a.json", &expected), ("c.json", &plain)], false).unwrap();
    assert_eq!(
        (code, stderr.as_str()),
        (1, "validated 2 scenarios: 1 as expected, 0 mismatches, 1 without an expectation\n")
    );
}

#[test]
fn expected_stats_are_compared_too_and_json_says_so() {
    // The plasma-over-preprinted-ion conformance scenario gives plasma-cannon 1 and energy
    // 0 (its own `stats`); this one expects 2 plasma cannons.
    let scenario = r#"{"game": "eclipse", "species": "terran-directorate", "researched": ["plasma-cannon"],
        "blueprint": "terran-interceptor",
        "activations": [{"return": [], "place": {"part": "plasma-cannon", "space": 0}}],
        "expect": "legal", "stats": {"plasma-cannon": 2, "energy": 0}}"#;
    let Some((code, stdout, _)) = validate("eclipse", &[("s.json", scenario)], true) else { return };
    assert_eq!(code, 1);
    let v: Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(v["verdict"], "legal");
    assert_eq!(v["as_expected"], false);
    assert_eq!(v["expected"], "legal; stats energy 0, plasma-cannon 2");
    assert_eq!(v["got"], "legal; stats energy 0, plasma-cannon 1");
}

#[test]
fn unknown_ids_get_did_you_mean_in_every_kind_of_scenario() {
    let scenario = r#"{"game": "eclipse", "species": "terran-directorat", "researched": ["plasma-canon"],
        "blueprint": "terran-interceptr", "owned": ["axion-computr"],
        "activations": [{"return": [], "place": {"part": "plasma-cannnon", "space": 0}}]}"#;
    let Some((code, stdout, _)) = validate("eclipse", &[("s.json", scenario)], true) else { return };
    assert_eq!(code, 1);
    let v: Value = serde_json::from_str(&stdout).unwrap();
    let messages: Vec<&str> =
        v["violations"].as_array().unwrap().iter().map(|v| v["message"].as_str().unwrap()).collect();
    assert_eq!(
        messages,
        [
            "no species `terran-directorat` in this set; did you mean `terran-directorate`?",
            "no blueprint `terran-interceptr` in this set; did you mean `terran-interceptor`?",
            "no tech `plasma-canon` in this set; did you mean `plasma-cannon`?",
            "no part `axion-computr` in this set; did you mean `axion-computer`?",
            "no part `plasma-cannnon` in this set; did you mean `plasma-cannon`?",
        ]
    );
    // A faction too, and nothing is suggested when no id is close.
    let fleet = r#"{"game": "xwing", "faction": "rebel-aliance", "ships": [{"ship": "zzz-nothing-like-it"}]}"#;
    let (_, stdout, _) = validate("xwing", &[("f.json", fleet)], true).unwrap();
    let v: Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(
        v["violations"][0]["message"],
        "the game has no faction `rebel-aliance`; did you mean `rebel-alliance`?"
    );
    assert_eq!(v["violations"][1]["message"], "no ship `zzz-nothing-like-it` in this set");
}

#[test]
fn a_ships_traits_are_its_own_and_its_chassis_together() {
    // `tests/sets/traits`: each scenario's `expect` follows from that rule, for a
    // restriction (`trait tie and trait jedi`), a rule selector (`card with trait tie`) and
    // a rule condition (`where trait tie`).
    let set = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/sets/traits");
    let out = common::cardc(&["check", set.to_str().unwrap()]);
    assert_eq!(String::from_utf8_lossy(&out.stderr), "checked 1 set (6 cards): 0 errors, 0 warnings\n");
    let files = common::files(&set.join("scenarios"), "json");
    assert_eq!(files.len(), 6);
    let mut args = vec!["validate".to_string(), "--format".into(), "json".into(), "--set".into()];
    args.push(set.display().to_string());
    args.extend(files.iter().map(|f| f.display().to_string()));
    let out = common::cardc(&args.iter().map(String::as_str).collect::<Vec<_>>());
    for line in String::from_utf8_lossy(&out.stdout).lines() {
        let v: Value = serde_json::from_str(line).unwrap();
        assert_eq!(v["as_expected"], true, "{v}");
    }
    assert_eq!(common::code(&out), 0);
    assert_eq!(String::from_utf8_lossy(&out.stderr), "validated 6 scenarios: 6 as expected, 0 mismatches\n");
}
