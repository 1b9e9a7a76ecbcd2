//! `cardc diff` between two real releases: xwing-data2 1.10.1 and 1.14.1, each imported
//! alone, must list exactly the points changes a plain comparison of the two releases' JSON
//! finds. The comparison here reads the JSON itself, knowing nothing of cardc: each pilot
//! and upgrade by its kind and XWS id, its cost as the data writes it (`cost: 41`, `cost:
//! {"value": 4}`, `cost: {"variable": "size", "values": {"Small": 2, …}}`, or none), and
//! every card of both releases whose cost differs.

use crate::common;

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use serde_json::Value;

/// A cost as this test writes it: `41`, `size:large=6,medium=4,small=2`, or `none`.
fn cost_of(cost: Option<&Value>) -> String {
    let Some(cost) = cost else { return "none".into() };
    if let Some(n) = cost.as_i64() {
        return n.to_string();
    }
    if let Some(n) = cost.get("value").and_then(Value::as_i64) {
        return n.to_string();
    }
    let basis = cost["variable"].as_str().unwrap_or("?").to_lowercase();
    let values: BTreeMap<String, i64> = cost["values"]
        .as_object()
        .into_iter()
        .flatten()
        .map(|(k, v)| (k.to_lowercase(), v.as_i64().unwrap_or(i64::MIN)))
        .collect();
    let values: Vec<String> = values.iter().map(|(k, v)| format!("{k}={v}")).collect();
    format!("{basis}:{}", values.join(","))
}

/// Every pilot and upgrade of a release, by kind (`pilot`, `upgrade`) and XWS id, with its
/// cost.
fn costs(release: &Path) -> BTreeMap<(String, String), String> {
    let mut out = BTreeMap::new();
    let json = |path: &Path| -> Value { serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap() };
    for faction in std::fs::read_dir(release.join("data/pilots")).unwrap() {
        for ship in std::fs::read_dir(faction.unwrap().path()).unwrap() {
            for pilot in json(&ship.unwrap().path())["pilots"].as_array().into_iter().flatten() {
                if let Some(xws) = pilot["xws"].as_str() {
                    out.insert(("pilot".to_string(), xws.to_string()), cost_of(pilot.get("cost")));
                }
            }
        }
    }
    for file in std::fs::read_dir(release.join("data/upgrades")).unwrap() {
        for upgrade in json(&file.unwrap().path()).as_array().into_iter().flatten() {
            if let Some(xws) = upgrade["xws"].as_str() {
                out.insert(("upgrade".to_string(), xws.to_string()), cost_of(upgrade.get("cost")));
            }
        }
    }
    out
}

/// The points of `cardc diff --format json` written as [`cost_of`] writes a cost.
fn points_of(v: &Value) -> String {
    match v {
        Value::Null => "none".into(),
        Value::Number(n) => n.to_string(),
        _ => {
            let values: BTreeMap<&String, String> =
                v["values"].as_object().into_iter().flatten().map(|(k, n)| (k, n.to_string())).collect();
            let values: Vec<String> = values.iter().map(|(k, n)| format!("{k}={n}")).collect();
            format!("{}:{}", v["basis"].as_str().unwrap_or("?"), values.join(","))
        }
    }
}

#[test]
fn diff_lists_exactly_the_points_changes_the_json_has() {
    let Some(shared) = common::shared() else { return };
    let history = shared.join("data/xwing-data2-history");
    let (old, new) = (history.join("1.10.1"), history.join("1.14.1"));
    let (a, b) = (costs(&old), costs(&new));
    let expected: BTreeSet<(String, String, String, String)> = a
        .iter()
        .filter_map(|(key, cost)| {
            let then = b.get(key)?;
            (then != cost).then(|| (key.0.clone(), key.1.clone(), cost.clone(), then.clone()))
        })
        .collect();
    assert!(expected.len() > 150, "1.14.1 changed many points: {}", expected.len());

    let sets = tempfile::tempdir().unwrap();
    let mut folders = Vec::new();
    for (name, data) in [("old", &old), ("new", &new)] {
        let dir = sets.path().join(name);
        let run = common::cardc(&["import", "xwing-data2", data.to_str().unwrap(), "--out", dir.to_str().unwrap()]);
        assert_eq!(common::code(&run), 0, "{}", String::from_utf8_lossy(&run.stderr));
        folders.push(dir);
    }
    let run = common::cardc(&["diff", folders[0].to_str().unwrap(), folders[1].to_str().unwrap(), "--format", "json"]);
    assert_eq!(common::code(&run), 0, "{}", String::from_utf8_lossy(&run.stderr));
    let diff: Value = serde_json::from_slice(&run.stdout).unwrap();
    let listed: BTreeSet<(String, String, String, String)> = diff["changed"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|c| c.get("points").is_some())
        .map(|c| {
            let kind = if c["kind"] == "ship" { "pilot" } else { c["kind"].as_str().unwrap() };
            let xws = c["xws"].as_str().unwrap_or_else(|| panic!("{} has no xws", c["id"]));
            (kind.to_string(), xws.to_string(), points_of(&c["points"]["from"]), points_of(&c["points"]["to"]))
        })
        .collect();
    let missing: Vec<_> = expected.difference(&listed).collect();
    let extra: Vec<_> = listed.difference(&expected).collect();
    assert!(missing.is_empty() && extra.is_empty(), "missing from the diff: {missing:#?}\nnot in the JSON: {extra:#?}");
}
