//! Ability text end to end: every ability of the conformance sets lands in a frame and is
//! lowered into its card; the X-Wing examples have no opaque clause; `cardc abilities`
//! and `cardc check --coverage` print what they document; lint levels work.

use crate::common;

use std::path::Path;

use common::{cardc, code, shared};
use serde_json::Value;

fn json_lines(stdout: &[u8]) -> Vec<Value> {
    String::from_utf8_lossy(stdout)
        .lines()
        .map(|l| serde_json::from_str(l).expect("one JSON object per line"))
        .collect()
}

#[test]
fn every_conformance_sentence_is_in_a_frame_and_every_frame_is_an_ability() {
    let Some(shared) = shared() else { return };
    for dir in common::example_sets(&shared) {
        let report = cardc::check_paths(&[&dir]).unwrap();
        let checked = &report.sets[0];
        let c = &checked.coverage;
        assert_eq!(c.sentences_in_frames, c.sentences, "{}", dir.display());
        let set = checked.set.as_ref().unwrap();
        let lowered: usize = set.cards.iter().map(|card| card.abilities.len()).sum();
        assert_eq!(lowered, c.abilities, "{}", dir.display());
        // A card with text has at least one ability.
        for card in set.cards.iter() {
            let has_text = card.text.is_some() || !card.ship_abilities.is_empty();
            assert_eq!(has_text, !card.abilities.is_empty(), "{}", card.id);
        }
    }
}

#[test]
fn the_xwing_examples_have_no_opaque_clause() {
    let Some(shared) = shared() else { return };
    let report = cardc::check_paths(&[shared.join("examples/xwing")]).unwrap();
    let set = report.sets[0].set.as_ref().unwrap();
    let opaque: Vec<(&str, &str)> = set
        .cards
        .iter()
        .flat_map(|c| c.abilities.iter().flat_map(move |a| a.opaque().map(move |o| (&*c.id, o))))
        .collect();
    assert!(opaque.is_empty(), "opaque clauses: {opaque:?}");
    assert_eq!(report.sets[0].coverage.opaque, 0);
}

#[test]
fn abilities_json_has_every_documented_field() {
    let Some(shared) = shared() else { return };
    let dir = shared.join("examples/xwing");
    let out = cardc(&["abilities", "--format", "json", dir.to_str().unwrap()]);
    assert_eq!(code(&out), 0, "{}", String::from_utf8_lossy(&out.stderr));
    let all = json_lines(&out.stdout);
    assert!(all.len() >= 15, "{} abilities", all.len());
    for a in &all {
        for field in [
            "card",
            "text",
            "header",
            "timing",
            "optional",
            "costs",
            "effect",
            "replacement",
            "duration",
            "frequency",
            "opaque",
        ] {
            assert!(a.get(field).is_some(), "{field} missing in {a}");
        }
        assert!(a["optional"].is_boolean() && a["opaque"].is_array());
        assert!(a["costs"].is_array());
        assert!(a["replacement"].is_null() || a["replacement"].is_object());
    }
    let by_card = |id: &str| all.iter().find(|a| a["card"] == id).unwrap_or_else(|| panic!("no ability of {id}"));
    let jyn = by_card("jyn-erso");
    assert_eq!(jyn["optional"], true);
    assert_eq!(jyn["frequency"], "once-per-opportunity");
    assert_eq!(jyn["replacement"]["event"]["kind"], "gain");
    assert_eq!(jyn["replacement"]["event"]["noun"]["refs"][0], "token:focus");
    assert_eq!(jyn["replacement"]["subject"]["side"], "friendly");
    assert_eq!(jyn["replacement"]["subject"]["range"], serde_json::json!([0, 3]));
    assert_eq!(jyn["effect"][0]["clauses"][0]["effect"]["noun"]["refs"][0], "token:evade");
    let wrath = by_card("vaders-wrath");
    assert_eq!((wrath["frequency"].as_str(), wrath["optional"].as_bool()), (Some("once-per-round"), Some(false)));
    assert_eq!(wrath["timing"][0]["when"], "after");
    let salvo = by_card("saturation-salvo");
    assert_eq!(salvo["header"], "attack");
    assert_eq!(salvo["requirement"]["refs"][0], "action:lock");
    assert_eq!(salvo["costs"][0]["kind"], "spend");
    assert_eq!(salvo["costs"][0]["noun"]["refs"][0], "resource:charge");
    let change = &salvo["effect"][0]["clauses"][0]["effect"];
    assert_eq!(change["kind"], "change");
    assert_eq!(change["noun"]["refs"], serde_json::json!(["result:hit", "result:critical-hit"]));
    let fire = by_card("sustained-fire");
    assert_eq!(fire["duration"]["until-end-of"], "engagement");
    assert_eq!(fire["effect"][0]["clauses"][0]["qualifier"], "cannot");
    let gonk: Vec<&Value> = all.iter().filter(|a| a["card"] == "gnk-gonk-droid").collect();
    assert_eq!(gonk.len(), 2, "Setup and Action are two abilities");
    assert_eq!(gonk[1]["effect"][0]["clauses"][0]["costs"][0]["kind"], "spend");
    assert_eq!(gonk[1]["effect"][0]["clauses"][0]["effect"]["noun"]["refs"][0], "resource:shield");
    let opening = by_card("opening-roll");
    assert_eq!(opening["timing"][0]["phase"], "engagement");
    assert_eq!(opening["timing"][0]["when"], "at the start of");
    // Human output: one block per ability, its text and then its reading.
    let out = cardc(&["abilities", dir.to_str().unwrap()]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(text.lines().filter(|l| *l == "ability").count(), all.len());
    assert!(text.contains("\nability\n  timing start-of phase:engagement\n"), "{text}");
}

#[test]
fn abilities_of_a_broken_set_exit_1() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("game.cards"), "game demo \"Demo\"\nupgrade \"X\" { text { Spend 1 [Nope]. } }\n")
        .unwrap();
    let out = cardc(&["abilities", dir.path().to_str().unwrap()]);
    assert_eq!(code(&out), 1, "a set with errors is 1, as for every command");
    assert!(out.stdout.is_empty());
    assert!(String::from_utf8_lossy(&out.stderr).contains("E0401"));
}

#[test]
fn coverage_is_printed_per_set() {
    let cards = Path::new(env!("CARGO_MANIFEST_DIR")).join("../cards");
    let out = cardc(&["check", "--coverage", "--format", "json", cards.to_str().unwrap()]);
    assert_eq!(code(&out), 0, "{}", String::from_utf8_lossy(&out.stderr));
    let lines = json_lines(&out.stdout);
    let sets: Vec<&Value> = lines.iter().filter(|l| l.get("structured_percent").is_some()).collect();
    assert_eq!(sets.len(), 4);
    for s in sets {
        assert_eq!(s["sentences"], s["sentences_in_frames"]);
        assert!(s["top_opaque_shapes"].is_array());
    }
    let out = cardc(&["check", "--coverage", cards.to_str().unwrap()]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(stderr.matches("coverage of ").count(), 4, "{stderr}");
    assert!(stderr.contains("% structured)"), "{stderr}");
}

#[test]
fn a_set_chooses_the_level_of_the_opaque_clause_lint() {
    let game = "game demo \"Demo\"\nheader setup \"Setup\"\n";
    let card = "upgrade \"Cantina Band\" {\n  text {\n    Setup: Sing a song about the Kessel Run.\n  }\n}\n";
    let run = |level: &str| {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("game.cards"), format!("{game}{level}\n")).unwrap();
        std::fs::write(dir.path().join("cards.cards"), card).unwrap();
        let out = cardc(&["check", "--format", "json", dir.path().to_str().unwrap()]);
        let sev: Vec<String> = json_lines(&out.stdout)
            .iter()
            .filter(|d| d["code"] == "W0006")
            .map(|d| d["severity"].as_str().unwrap().to_string())
            .collect();
        (code(&out), sev)
    };
    assert_eq!(run(""), (0, vec!["warning".to_string()]));
    assert_eq!(run("allow opaque-clause"), (0, vec![]));
    assert_eq!(run("deny opaque-clause"), (1, vec!["error".to_string()]));
    assert_eq!(run("deny opaque-clause\nwarn W0006"), (0, vec!["warning".to_string()]));
}

/// Abilities said back in plain words (what the editor's hover shows): each expected line
/// is how a player would say the printed text, with the amount a number and each entry by
/// its display name, so a part read wrongly would show.
#[test]
fn abilities_are_said_back_in_plain_words() {
    let dir = tempfile::tempdir().unwrap();
    let game = Path::new(env!("CARGO_MANIFEST_DIR")).join("../cards/xwing/game.cards");
    std::fs::copy(game, dir.path().join("game.cards")).unwrap();
    let cards = [
        ("boost-evade", "After you perform a [Boost] action, you may gain 1 evade token."),
        ("gonk", "Action: Spend 1 [Charge] to recover 1 shield."),
        ("protocol", "Before you would gain a focus token, gain an evade token instead."),
        ("stressed", "At the start of the Engagement Phase, if you are stressed, remove 1 stress token."),
        ("arc", "While you perform an attack, if the defender is in your [Bullseye Arc], you may change 1 [Focus] result to a [Hit] result."),
        ("more-dice", "While you defend, roll 1 additional defense die."),
        ("tokens", "At the start of the Engagement Phase, if you have 1 or more stress tokens, gain 1 focus token."),
    ];
    let mut text = String::new();
    for (id, ability) in cards {
        text.push_str(&format!(
            "upgrade \"{id}\" {{\n  icon: crew\n  charges: 1\n  cost: 1\n  text {{\n    {ability}\n  }}\n}}\n\n"
        ));
    }
    std::fs::write(dir.path().join("upgrades.cards"), text).unwrap();
    let report = cardc::check_paths(&[dir.path()]).unwrap();
    let set = report.sets[0].set.as_ref().expect("the set checks");
    let said = |id: &str| {
        let card = set.cards.iter().find(|c| &*c.id == id).unwrap();
        card.abilities.iter().map(|a| cards_runtime::ability_plain::ability(set, a)).collect::<Vec<_>>()
    };
    assert_eq!(said("boost-evade"), ["Optional. After you perform 1 [Boost] action: gain 1 evade token."]);
    assert_eq!(said("gonk"), ["Action: Optional. Spend 1 [Charge] to recover 1 shield."]);
    assert_eq!(said("protocol"), ["Before you would gain 1 focus token: gain 1 evade token instead."]);
    assert_eq!(said("stressed"), ["At the start of the Engagement Phase: if you are stressed, remove 1 stress token."]);
    // The dice are added to the roll: `additional` is said.
    assert_eq!(said("more-dice"), ["While you defend: roll 1 additional defense die."]);
    // `1 or more` counts tokens in the plural, as printed.
    assert_eq!(
        said("tokens"),
        ["At the start of the Engagement Phase: if you have 1 or more stress tokens, gain 1 focus token."]
    );
    assert_eq!(
        said("arc"),
        ["Optional. While you perform 1 attack: if the defender is in your [Bullseye Arc], change 1 [Focus] result to [Hit] result."]
    );
}
