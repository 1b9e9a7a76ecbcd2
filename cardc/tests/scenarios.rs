//! Every conformance scenario gives its expected verdict (and stats) on the set loaded at
//! run time, through the library and through `cardc validate`.

mod common;

use cards_runtime::scenario::{report_json, run, Scenario};

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
            // The CLI prints the same verdict.
            let out = common::cardc(&[
                "validate",
                "--format",
                "json",
                "--set",
                dir.to_str().unwrap(),
                file.to_str().unwrap(),
            ]);
            let printed = String::from_utf8_lossy(&out.stdout);
            assert_eq!(printed.trim_end(), report_json(&file.display().to_string(), &outcome));
            assert_eq!(common::code(&out), if outcome.is_legal() { 0 } else { 1 });
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
