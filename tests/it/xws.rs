//! XWS squads against the compiled X-Wing set: legal and illegal squads, the irregular
//! input real lists hold (accepted with a warning or refused with a reason, never a
//! panic), `--ignore-points`, JSON-lines batches and the `cards validate --xws` command.

use std::process::Command;

use cards_runtime::fleet::Options;
use cards_runtime::xws::{verdict, Tally, Verdict, XwsIndex};
use proptest::prelude::*;

fn index() -> XwsIndex<'static> {
    XwsIndex::new(cards::set("xwing").expect("the xwing set is compiled"))
}

fn check(json: &str) -> Verdict {
    verdict(&index(), json, &Options::default())
}

fn ids(v: &Verdict) -> Vec<String> {
    match v {
        Verdict::Illegal(violations, _) => violations.iter().map(|x| x.id.to_string()).collect(),
        _ => Vec::new(),
    }
}

#[test]
fn a_legal_squad_and_an_illegal_one() {
    let legal = r#"{"faction":"rebelalliance","pilots":[
        {"id":"chewbacca","ship":"modifiedyt1300lightfreighter","upgrades":{"crew":["jynerso","gnkgonkdroid"],"title":["millenniumfalcon"]}},
        {"id":"lukeskywalker","upgrades":{"modification":["ionscreen"]}}]}"#;
    assert_eq!(check(legal), Verdict::Legal(Vec::new()));
    // Vader is not a rebel, and Luke has no crew icon.
    let illegal = r#"{"faction":"rebelalliance","pilots":[
        {"id":"darthvader"},{"id":"lukeskywalker","upgrades":{"crew":["jynerso"]}}]}"#;
    assert_eq!(ids(&check(illegal)), ["faction", "no-icon"]);
}

#[test]
fn irregular_input_is_read_with_a_warning() {
    let array = r#"{"faction":"rebelalliance","pilots":[{"id":"lukeskywalker","upgrades":["ionscreen"]}]}"#;
    let Verdict::Legal(w) = check(array) else { panic!("{:?}", check(array)) };
    assert_eq!(w, ["the upgrades of `lukeskywalker` are an array, not an object keyed by slot"]);
    let old = r#"{"faction":"rebelalliance","pilots":[{"id":"lukeskywalker","upgrades":{"mod":["ionscreen"]}}]}"#;
    let Verdict::Legal(w) = check(old) else { panic!() };
    assert_eq!(w, ["old slot key `mod` (now `modification`)"]);
    let odd = r#"{"faction":"rebelalliance","pilots":[{"id":"lukeskywalker","upgrades":{"hardpoint":["ionscreen"]}}]}"#;
    let Verdict::Legal(w) = check(odd) else { panic!() };
    assert_eq!(w, ["unknown slot key `hardpoint`; its upgrades are matched by their icons"]);
}

#[test]
fn what_cannot_be_read_is_unresolvable_with_its_reason() {
    let reason = |json: &str| match check(json) {
        Verdict::Unresolvable(u) => format!("{}: {u}", u.reason()),
        other => panic!("{json}: {other:?}"),
    };
    assert_eq!(
        reason(r#"{"faction":"rebelalliance","pilots":[{"id":"hardpointcannon"}]}"#),
        "unknown-pilot: unknown pilot `hardpointcannon`"
    );
    assert_eq!(
        reason(r#"{"faction":"rebelalliance","pilots":[{"id":"lukeskywalker","upgrades":{"crew":["oddball"]}}]}"#),
        "unknown-upgrade: unknown upgrade `oddball`"
    );
    assert_eq!(
        reason(r#"{"faction":"rebels","pilots":[{"id":"lukeskywalker"}]}"#),
        "unknown-faction: unknown faction `rebels`"
    );
    assert_eq!(reason(r#"{"faction":"rebelalliance","pilots":[]}"#), "malformed: not a squad: `pilots` is empty");
    assert_eq!(
        reason(r#"{"faction":"rebelalliance","pilots":[{"id":3}]}"#),
        "malformed: not a squad: pilot 1 has no string `id`"
    );
    assert!(reason("{\"faction\":").starts_with("malformed: not a squad: not JSON"));
    assert_eq!(reason("[1,2]"), "malformed: not a squad: a squad is a JSON object");
}

#[test]
fn ignore_points_skips_point_rules_only() {
    // Three Chewbaccas: 204 points, and two copies too many of a limited name.
    let squad = r#"{"faction":"rebelalliance","pilots":[{"id":"chewbacca"},{"id":"chewbacca"},{"id":"chewbacca"}]}"#;
    let mut all = ids(&check(squad));
    all.dedup();
    assert_eq!(all, ["unique-names", "squad-points"]);
    let without = verdict(&index(), squad, &Options { ignore_points: true, ..Options::default() });
    assert_eq!(ids(&without), ["unique-names"]);
}

#[test]
fn a_batch_is_tallied() {
    let lines = [
        r#"{"tournament_id":1,"list":{"faction":"rebelalliance","pilots":[{"id":"lukeskywalker"}]}}"#,
        r#"{"faction":"rebelalliance","pilots":[{"id":"darthvader"}]}"#,
        r#"{"faction":"rebelalliance","pilots":[{"id":"nobody"}]}"#,
        "not json",
    ];
    let mut tally = Tally::default();
    for line in lines {
        tally.add(&check(line));
    }
    assert_eq!(
        tally.table(),
        "squads: 4\nlegal: 1\nillegal: 1\n  faction: 1\nunresolvable: 2\n  malformed: 1\n  unknown-pilot: 1\nread with warnings: 0\n"
    );
}

#[test]
fn the_cards_command_validates_xws_files() {
    let dir = tempfile::tempdir().unwrap();
    let one = dir.path().join("squad.json");
    std::fs::write(
        &one,
        r#"{"faction":"rebelalliance","pilots":[{"id":"lukeskywalker","upgrades":{"ept":["ionscreen"]}}]}"#,
    )
    .unwrap();
    let batch = dir.path().join("squads.jsonl");
    std::fs::write(
        &batch,
        "{\"faction\":\"rebelalliance\",\"pilots\":[{\"id\":\"lukeskywalker\"}]}\n\n{\"faction\":\"rebelalliance\",\"pilots\":[{\"id\":\"darthvader\"}]}\n",
    )
    .unwrap();
    let run = |args: &[&std::ffi::OsStr]| Command::new(env!("CARGO_BIN_EXE_cards")).args(args).output().unwrap();
    let out = run(&["validate".as_ref(), "--xws".as_ref(), one.as_os_str()]);
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.contains("squad.json: legal\n  warning: old slot key `ept` (now `talent`)"), "{stdout}");

    let out = run(&["validate".as_ref(), "--xws".as_ref(), batch.as_os_str()]);
    assert_eq!(out.status.code(), Some(1));
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.contains("squads.jsonl:3: illegal\n  faction:"), "{stdout}");
    assert!(!stdout.contains(":1: legal"), "legal squads of a batch are only counted: {stdout}");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("squads: 2\nlegal: 1\nillegal: 1\n  faction: 1\n"), "{stderr}");

    let out = run(&["validate".as_ref(), "--xws".as_ref(), "--format".as_ref(), "json".as_ref(), batch.as_os_str()]);
    let verdicts: Vec<serde_json::Value> =
        String::from_utf8_lossy(&out.stdout).lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(verdicts.len(), 2);
    assert_eq!(verdicts[1]["verdict"], "illegal");
    assert_eq!(verdicts[1]["violations"][0]["id"], "faction");

    let out = run(&["validate".as_ref(), "--xws".as_ref(), "--set".as_ref(), "nope".as_ref(), one.as_os_str()]);
    assert_eq!(out.status.code(), Some(2));
    let missing = dir.path().join("missing.json");
    let out = run(&["validate".as_ref(), "--xws".as_ref(), missing.as_os_str()]);
    assert_eq!(out.status.code(), Some(2));
}

/// A squad-shaped JSON value: the real shape with random ids, slot keys and types.
fn squad() -> impl Strategy<Value = serde_json::Value> {
    let id = prop_oneof![
        Just("lukeskywalker".to_string()),
        Just("chewbacca".to_string()),
        Just("jynerso".to_string()),
        "[a-z]{0,8}",
    ];
    let leaf = prop_oneof![
        id.clone().prop_map(serde_json::Value::String),
        any::<i64>().prop_map(serde_json::Value::from),
        Just(serde_json::Value::Null),
        any::<bool>().prop_map(serde_json::Value::Bool),
    ];
    let value = leaf.prop_recursive(3, 24, 4, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..4).prop_map(serde_json::Value::Array),
            prop::collection::btree_map(
                prop_oneof![
                    Just("id".to_string()),
                    Just("upgrades".to_string()),
                    Just("crew".to_string()),
                    "[a-z]{1,5}"
                ],
                inner,
                0..4
            )
            .prop_map(|m| serde_json::Value::Object(m.into_iter().collect())),
        ]
    });
    (prop_oneof![Just("rebelalliance".to_string()), "[a-z]{0,6}"], prop::collection::vec(value, 0..4))
        .prop_map(|(faction, pilots)| serde_json::json!({ "faction": faction, "pilots": pilots }))
}

proptest! {
    #[test]
    fn no_squad_shape_panics(squad in squad(), cut in 0usize..200) {
        let index = index();
        let v = cards_runtime::xws::verdict_of(&index, &squad, &Options::default());
        prop_assert!(matches!(v, Verdict::Legal(_) | Verdict::Illegal(..) | Verdict::Unresolvable(_)));
        // And its text cut anywhere.
        let text = squad.to_string();
        let cut = text.char_indices().map(|(i, _)| i).nth(cut).unwrap_or(text.len());
        let _ = verdict(&index, &text[..cut], &Options::default());
    }
}
