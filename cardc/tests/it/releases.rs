//! Releases in the language: the shipped X-Wing set given four releases, a card that came
//! in the second, a cost that changes twice, a text erratum and a slot that changes on a
//! pilot. What the set is as of each release is what the README's rules say it must be
//! (each field is its value from the latest release on or before, else the field without
//! `from`), worked out here by hand from the cards as written.

use crate::common;

use cards_runtime::model::{Card, ReleaseKind};
use cards_runtime::Set;

const RELEASES: &str = "
release core \"Core Set\" 2018-09-13 wave
release wave-2 \"Wave 2\" 2018-12-13 wave
release errata-2019 \"Rules Reference 1.0.2\" 2019-03-25 erratum
release points-2019 \"Points, January 2019\" 2019-01-04 points
";

const JYN_CHANGES: &str = "  cost: 2
  cost from points-2019: 4
  cost from errata-2019: 3
  since: wave-2
  xws: \"jynerso\"
  text {
    If a friendly ship at range 0-3 would gain a focus token, it may gain 1 evade token instead.
  }
  text from errata-2019 {
    If a friendly ship at range 0-2 would gain a focus token, it may gain 1 evade token instead.
  }";

/// The shipped X-Wing set with the releases and changes above.
pub(crate) fn files() -> Vec<(String, String)> {
    let mut files = common::shipped_files("xwing");
    for (name, text) in &mut files {
        if name == "game.cards" {
            text.push_str(RELEASES);
        }
    }
    let jyn = "  cost: 2\n  xws: \"jynerso\"\n  text {\n    If a friendly ship at range 0-3 would gain a focus token, it may gain 1 evade token instead.\n  }";
    let files = common::mutate(files, "upgrades.cards", jyn, JYN_CHANGES);
    common::mutate(
        files,
        "pilots.cards",
        "  upgrades: sensor, missile, modification, force-power\n",
        "  upgrades: sensor, missile, modification, force-power\n  upgrades from points-2019: sensor, missile, force-power\n",
    )
}

fn set() -> Set {
    let (sources, checked) = common::check_in_memory("xwing", &files());
    let errors: Vec<String> =
        checked.diagnostics.iter().filter(|d| d.is_error()).map(|d| d.render(&sources, Default::default())).collect();
    assert!(errors.is_empty(), "the set checks:\n{}", errors.join("\n"));
    checked.set.expect("a set without errors has its model")
}

fn card<'s>(set: &'s Set, id: &str) -> &'s Card {
    set.cards.iter().find(|c| c.id == id).unwrap_or_else(|| panic!("no card {id}"))
}

/// The upgrade bar of a card, by icon id.
fn bar(set: &Set, card: &Card) -> Vec<String> {
    card.upgrades.iter().map(|&i| set.vocab.icons[usize::from(i)].id.to_string()).collect()
}

#[test]
fn releases_are_ordered_by_date_and_found_by_id_or_date() {
    let set = set();
    let ids: Vec<&str> = set.releases.iter().map(|r| &*r.id).collect();
    // Declared with the erratum before the points, dated after them.
    assert_eq!(ids, ["core", "wave-2", "points-2019", "errata-2019"]);
    assert_eq!(set.releases[3].name, "Rules Reference 1.0.2");
    assert_eq!(set.releases[3].date, "2019-03-25");
    assert_eq!(set.releases[3].kind, Some(ReleaseKind::Erratum));
    assert_eq!(set.release("points-2019"), Some(2));
    assert_eq!(set.release("points-2020"), None);
    assert_eq!(set.release_on("2019-01-04"), Some(2), "a release is in force on its own date");
    assert_eq!(set.release_on("2019-03-24"), Some(2));
    assert_eq!(set.release_on("2030-01-01"), Some(3));
    assert_eq!(set.release_on("2018-09-12"), None, "before the first release");
}

#[test]
fn a_card_is_as_of_each_release_what_its_fields_say() {
    let set = set();
    let jyn = card(&set, "jyn-erso");
    let (core, wave_2, points, errata) = (0, 1, 2, 3);
    assert_eq!(jyn.since, Some(wave_2));
    assert!(!jyn.released_by(core) && jyn.released_by(wave_2) && jyn.released_by(errata));
    // Each state: the cost, and the range its text says.
    let expected = [(core, 2, "0-3"), (wave_2, 2, "0-3"), (points, 4, "0-3"), (errata, 3, "0-2")];
    for (release, cost, range) in expected {
        let then = jyn.as_of(release);
        assert_eq!(then.cost, Some(cost), "cost as of {release}");
        let text = then.text.as_deref().unwrap_or_default();
        assert!(text.contains(&format!("at range {range} ")), "text as of {release}: {text}");
        // The abilities are read from the text of that state.
        assert_eq!(then.abilities.len(), 1, "as of {release}");
        assert!(then.abilities[0].text.contains(range), "ability as of {release}: {}", then.abilities[0].text);
    }
    // The card itself is as of the last release; its history is what it was before each
    // change, until the release that changed it.
    assert_eq!(jyn.cost, Some(3));
    let until: Vec<u16> = jyn.history.iter().map(|v| v.until).collect();
    assert_eq!(until, [points, errata]);
    // Fields no release changes are the same in every state.
    for v in jyn.history.iter() {
        assert_eq!((&v.card.icons, v.card.limited, &v.card.xws), (&jyn.icons, jyn.limited, &jyn.xws));
    }
    // A card nothing changes has no history.
    assert!(card(&set, "gnk-gonk-droid").history.is_empty());
    assert_eq!(card(&set, "gnk-gonk-droid").since, None);
}

#[test]
fn a_slot_changes_from_a_release_on() {
    let set = set();
    let vader = card(&set, "darth-vader");
    assert_eq!(bar(&set, vader.as_of(1)), ["sensor", "missile", "modification", "force-power"]);
    assert_eq!(bar(&set, vader.as_of(2)), ["sensor", "missile", "force-power"]);
    assert_eq!(bar(&set, vader), ["sensor", "missile", "force-power"]);
    // Its text was not changed: its ability is read in every state.
    assert_eq!(vader.history.len(), 1);
    assert_eq!(vader.history[0].card.abilities, vader.abilities);
}

#[test]
fn the_set_as_of_a_release_keeps_every_card_where_it_is() {
    let set = set();
    let old = set.as_of(1);
    assert_eq!(old.cards.len(), set.cards.len());
    for (then, now) in old.cards.iter().zip(set.cards.iter()) {
        assert_eq!(then.id, now.id);
        assert!(then.history.is_empty(), "{}: a set as of a release has no history", then.id);
        assert_eq!(then, &Card { history: Vec::new().into(), ..now.as_of(1).clone() });
    }
    assert_eq!(card(&old, "jyn-erso").cost, Some(2));
    // As of the last release, the set is its cards without their history.
    let last = set.as_of(3);
    for (then, now) in last.cards.iter().zip(set.cards.iter()) {
        assert_eq!(then, &Card { history: Vec::new().into(), ..now.clone() });
    }
}

#[test]
fn a_set_with_history_packs_and_unpacks_to_itself() {
    let set = set();
    let data = cards_runtime::packed::pack(&set).concat();
    let back = cards_runtime::packed::unpack(&data).expect("the packed set unpacks");
    assert_eq!(back, set);
    assert_eq!(card(&back, "jyn-erso").as_of(1).cost, Some(2));
}

#[test]
fn export_takes_the_set_as_of_a_release_or_a_date() {
    let dir = common::write_set(&files());
    let set = dir.path().to_str().unwrap();
    let json = |args: &[&str]| {
        let out = common::cardc(&[&["export", set], args].concat());
        assert_eq!(common::code(&out), 0, "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
        let value: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        let jyn = value["cards"].as_array().unwrap().iter().find(|c| c["id"] == "jyn-erso").unwrap().clone();
        (value, jyn)
    };
    let (all, jyn) = json(&[]);
    assert_eq!(all["releases"][2]["id"], "points-2019");
    assert_eq!(all["releases"][2]["kind"], "points");
    assert_eq!(jyn["cost"], 3);
    assert_eq!(jyn["since"], "wave-2");
    assert_eq!(jyn["history"][0]["until"], "points-2019");
    assert_eq!(jyn["history"][0]["card"]["cost"], 2);
    assert_eq!(jyn["history"][1]["until"], "errata-2019");
    assert_eq!(jyn["history"][1]["card"]["cost"], 4);
    let (_, then) = json(&["--release", "wave-2"]);
    assert_eq!(then["cost"], 2);
    assert!(then.get("history").is_none(), "the set as of a release has no history");
    // The points of January were in force in February; the erratum was not.
    let (_, then) = json(&["--as-of", "2019-02-01"]);
    assert_eq!(then["cost"], 4);
    assert!(then["text"].as_str().unwrap().contains("range 0-3"));
    for (args, says) in [
        (["--release", "wave-3"], "no release `wave-3`"),
        (["--as-of", "2018-01-01"], "after 2018-01-01"),
        (["--as-of", "2019-02-30"], "not a date"),
    ] {
        let out = common::cardc(&[&["export", set][..], &args[..]].concat());
        assert_eq!(common::code(&out), 2, "{args:?}");
        assert!(out.stdout.is_empty());
        assert!(
            String::from_utf8_lossy(&out.stderr).contains(says),
            "{args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
}

#[test]
fn diff_between_two_releases_says_each_change() {
    let dir = common::write_set(&files());
    let set = dir.path().to_str().unwrap();
    let run = |args: &[&str]| {
        let out = common::cardc(&[&["diff", set], args].concat());
        assert_eq!(common::code(&out), 0, "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
        String::from_utf8(out.stdout).unwrap()
    };
    // From the second wave to the erratum: Jyn Erso's points 2 → 3 (the erratum's own
    // cost), her text from range 0-3 to 0-2, and Darth Vader's modification slot gone in
    // the points of January.
    let human = run(&["--from", "wave-2", "--to", "errata-2019"]);
    assert!(human.starts_with("wave-2 (2018-12-13) → errata-2019 (2019-03-25)\n"), "{human}");
    assert!(human.contains("\npoints (1):\n  Jyn Erso (jyn-erso): 2 → 3\n"), "{human}");
    assert!(human.contains("at range [-0-3-] {+0-2+} would gain"), "{human}");
    assert!(human.contains("\nslots (1):\n  Darth Vader (darth-vader): lost modification\n"), "{human}");
    assert!(!human.contains("cards added"), "Jyn Erso came in wave 2: {human}");
    // From the core set, Jyn Erso is a card added; by date, the points of January were in
    // force on 2019-02-01.
    let markdown = run(&["--from", "core", "--to", "2019-02-01", "--format", "markdown"]);
    assert!(markdown.starts_with("# core (2018-09-13) → points-2019 (2019-01-04)\n"), "{markdown}");
    assert!(markdown.contains("\n## Cards added (1)\n\n- upgrade **Jyn Erso** (`jyn-erso`)\n"), "{markdown}");
    assert!(!markdown.contains("## Text"), "the erratum came after: {markdown}");
    let json: serde_json::Value = serde_json::from_str(&run(&["--from", "points-2019", "--format", "json"])).unwrap();
    assert_eq!(json["to"], "errata-2019 (2019-03-25)");
    let jyn = &json["changed"][0];
    assert_eq!((&jyn["id"], &jyn["points"]["from"], &jyn["points"]["to"]), (&"jyn-erso".into(), &4.into(), &3.into()));
    assert_eq!(jyn["text"][1], serde_json::json!({"removed": "0-3"}));
    assert_eq!(jyn["text"][2], serde_json::json!({"added": "0-2"}));
    // Nothing changed between a release and itself.
    assert!(run(&["--from", "core", "--to", "core"]).ends_with("\nno change\n"));
    let bad = common::cardc(&["diff", set, "--from", "wave-9"]);
    assert_eq!(common::code(&bad), 2);
    assert!(String::from_utf8_lossy(&bad.stderr).contains("neither a release of the set"));
}

#[test]
fn icon_and_icons_are_one_field_and_so_are_unique_and_limited() {
    let twin = "\nupgrade \"Twin Gunner\" {\n  icon: crew\n  icons from points-2019: crew + gunner\n  unique\n  limited from points-2019: 2\n  cost: 4\n}\n";
    let mut files = files();
    files.iter_mut().find(|(n, _)| n == "upgrades.cards").unwrap().1.push_str(twin);
    let (sources, checked) = common::check_in_memory("xwing", &files);
    let errors: Vec<String> =
        checked.diagnostics.iter().filter(|d| d.is_error()).map(|d| d.render(&sources, Default::default())).collect();
    assert!(errors.is_empty(), "{}", errors.join("\n"));
    let set = checked.set.unwrap();
    let twin = card(&set, "twin-gunner");
    let icons = |c: &Card| c.icons.iter().map(|&i| set.vocab.icons[usize::from(i)].id.to_string()).collect::<Vec<_>>();
    // Before the points of January: one crew icon, unique.
    let before = twin.as_of(1);
    assert_eq!((icons(before), before.unique, before.limited), (vec!["crew".to_string()], true, None));
    // From them on: crew and gunner, two copies allowed, no longer unique.
    let after = twin.as_of(2);
    assert_eq!(
        (icons(after), after.unique, after.limited),
        (vec!["crew".to_string(), "gunner".into()], false, Some(2))
    );
}

#[test]
fn fix_never_guesses_a_release() {
    let files = common::mutate(files(), "upgrades.cards", "since: wave-2", "since: wave-3");
    let dir = common::write_set(&files);
    let run = common::cardc(&["check", dir.path().to_str().unwrap(), "--fix"]);
    assert_eq!(common::code(&run), 1);
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert!(stderr.contains("no release named `wave-3`") && stderr.contains("did you mean `wave-2`?"), "{stderr}");
    let after = std::fs::read_to_string(dir.path().join("upgrades.cards")).unwrap();
    assert!(after.contains("since: wave-3"), "another release is another date: --fix leaves it");
}

#[test]
fn validate_judges_a_squad_as_of_a_release_a_date_or_its_version() {
    let dir = common::write_set(&files());
    let set = dir.path().to_str().unwrap();
    let squads = tempfile::tempdir().unwrap();
    let squad = |version: &str| {
        format!(
            "{{\"faction\":\"rebelalliance\",{version}\"pilots\":[{{\"id\":\"outerrimsmuggler\",\"ship\":\"modifiedyt1300lightfreighter\",\"upgrades\":{{\"crew\":[\"jynerso\"]}}}}]}}"
        )
    };
    let file = squads.path().join("smuggler.json");
    std::fs::write(&file, squad("\"version\":\"2.0.0\",")).unwrap();
    let file = file.to_str().unwrap();
    let run = |args: &[&str]| common::cardc(&[&["validate", "--set", set, "--xws", file], args].concat());
    // As it is, and as of any release since Jyn Erso came out: legal.
    for args in [&[][..], &["--release", "wave-2"], &["--as-of", "2019-02-01"]] {
        let out = run(args);
        assert_eq!(common::code(&out), 0, "{args:?}: {}", String::from_utf8_lossy(&out.stdout));
    }
    // Before: judged, not refused, and illegal for that reason alone.
    let out = run(&["--release", "core"]);
    assert_eq!(common::code(&out), 1);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.starts_with(&format!("{file} (as of core, 2018-09-13): illegal\n")), "{stdout}");
    assert!(
        stdout.contains("  not-released: Jyn Erso came out in `wave-2` (2018-12-13), after `core` (2018-09-13)\n"),
        "{stdout}"
    );
    assert_eq!(stdout.lines().count(), 2, "one violation: {stdout}");
    let out = run(&["--as-of", "2018-10-01", "--format", "json"]);
    let verdict: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(verdict["verdict"], "illegal");
    assert_eq!(verdict["release"], serde_json::json!({"id": "core", "date": "2018-09-13"}));
    assert_eq!(verdict["violations"][0]["card"], "jyn-erso");
    // A squad whose `version` names a release is judged as of it; the spec's own version
    // (`2.0.0`, above) names none.
    let lines = squads.path().join("squads.jsonl");
    std::fs::write(&lines, format!("{}\n{}\n", squad("\"version\":\"core\","), squad(""))).unwrap();
    let out = common::cardc(&["validate", "--set", set, "--xws", lines.to_str().unwrap(), "--format", "json"]);
    let verdicts: Vec<serde_json::Value> =
        String::from_utf8_lossy(&out.stdout).lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!((&verdicts[0]["verdict"], &verdicts[0]["release"]["id"]), (&"illegal".into(), &"core".into()));
    assert_eq!(verdicts[1]["verdict"], "legal");
    assert!(verdicts[1].get("release").is_none());
    // A release the set does not have is a usage error.
    assert_eq!(common::code(&run(&["--release", "wave-9"])), 2);
}

#[test]
fn a_card_leaves_the_set_a_value_goes_and_a_flag_comes_from_a_release() {
    let extra = "\nupgrade \"Old Hand\" {\n  icon: crew\n  cost: 3\n  charges: 2\n  charges from points-2019: none\n  unique from points-2019\n  text {\n    After you defend, gain 1 focus token.\n  }\n  text from points-2019: none\n  until: errata-2019\n}\n";
    let mut files = files();
    files.iter_mut().find(|(n, _)| n == "upgrades.cards").unwrap().1.push_str(extra);
    let (sources, checked) = common::check_in_memory("xwing", &files);
    let errors: Vec<String> =
        checked.diagnostics.iter().filter(|d| d.is_error()).map(|d| d.render(&sources, Default::default())).collect();
    assert!(errors.is_empty(), "{}", errors.join("\n"));
    let set = checked.set.unwrap();
    let old = card(&set, "old-hand");
    let (wave_2, points, errata) = (1, 2, 3);
    // Until the points of January: 2 charges, not unique, its text.
    let then = old.as_of(wave_2);
    assert_eq!((then.charges.map(|c| c.count), then.unique), (Some(2), false));
    assert!(then.text.is_some() && then.abilities.len() == 1);
    // From them: no charges, unique, no text.
    let then = old.as_of(points);
    assert_eq!((then.charges, then.unique, then.text.as_deref(), then.abilities.len()), (None, true, None, 0));
    // It left the set with the erratum.
    assert_eq!(old.until, Some(errata));
    assert!(old.in_set(points) && !old.in_set(errata) && old.withdrawn_by(errata));
    // Judged as of the erratum, a squad holding it is illegal for that reason.
    let fleet = cards_runtime::fleet::Fleet {
        faction: None,
        ships: vec![cards_runtime::fleet::FleetShip {
            ship: set.cards.iter().position(|c| c.id == "outer-rim-smuggler").unwrap() as u32,
            upgrades: vec![set.cards.iter().position(|c| c.id == "old-hand").unwrap() as u32],
        }],
    };
    let options = cards_runtime::fleet::Options { ignore_points: true, release: Some(errata) };
    let violations = cards_runtime::fleet::validate_fleet_with(&set.as_of(errata), &fleet, &options);
    let withdrawn: Vec<&str> = violations.iter().filter(|v| v.id == "withdrawn").map(|v| v.message.as_str()).collect();
    assert_eq!(withdrawn, ["Old Hand left the set in `errata-2019` (2019-03-25), by `errata-2019` (2019-03-25)"]);
    // The diff of the erratum says it went.
    let dir = common::write_set(&files);
    let out = common::cardc(&["diff", dir.path().to_str().unwrap(), "--from", "points-2019"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("\ncards removed (1):\n  upgrade Old Hand (old-hand)\n"), "{text}");
}

#[test]
fn a_named_ability_changes_and_goes_from_a_release() {
    let extra = "\nchassis \"Test Frame\" {\n  size: small\n  faction: rebel-alliance\n  ability \"Sensor Blind\" {\n    While you defend, roll 1 fewer defense die.\n  }\n  ability \"Sensor Blind\" from points-2019 {\n    While you defend, roll 2 fewer defense dice.\n  }\n  ability \"Old Habit\" {\n    After you attack, gain 1 focus token.\n  }\n  ability \"Old Habit\" from errata-2019 {}\n}\n";
    let mut files = files();
    files.iter_mut().find(|(n, _)| n == "chassis.cards").unwrap().1.push_str(extra);
    let (sources, checked) = common::check_in_memory("xwing", &files);
    let errors: Vec<String> =
        checked.diagnostics.iter().filter(|d| d.is_error()).map(|d| d.render(&sources, Default::default())).collect();
    assert!(errors.is_empty(), "{}", errors.join("\n"));
    let set = checked.set.unwrap();
    let frame = card(&set, "test-frame");
    let said = |c: &Card| c.ship_abilities.iter().map(|a| format!("{}: {}", a.name, a.text)).collect::<Vec<_>>();
    assert_eq!(
        said(frame.as_of(1)),
        [
            "Sensor Blind: While you defend, roll 1 fewer defense die.",
            "Old Habit: After you attack, gain 1 focus token."
        ]
    );
    assert_eq!(
        said(frame.as_of(2)),
        [
            "Sensor Blind: While you defend, roll 2 fewer defense dice.",
            "Old Habit: After you attack, gain 1 focus token."
        ]
    );
    assert_eq!(said(frame), ["Sensor Blind: While you defend, roll 2 fewer defense dice."]);
    // The abilities read from them follow.
    assert_eq!((frame.as_of(1).abilities.len(), frame.as_of(2).abilities.len(), frame.abilities.len()), (2, 2, 1));
}

#[test]
fn review_a_reordered_bar_is_no_slot_change_and_a_set_is_judged_as_of_its_last_release() {
    let mut files = common::mutate(
        files(),
        "pilots.cards",
        "  upgrades from points-2019: sensor, missile, force-power\n",
        "  upgrades from points-2019: force-power, modification, missile, sensor\n",
    );
    files.iter_mut().find(|(n, _)| n == "game.cards").unwrap().1.push_str("release d-a-t-e-s \"Dates\" 2031-01-01\n");
    let (_, checked) = common::check_in_memory("xwing", &files);
    let collision = checked.diagnostics.iter().find(|d| d.code.id == "E0301").map(|d| d.message.clone());
    assert!(collision.is_some_and(|m| m.contains("DATES")), "a release named like a table of `Release`");
    let files: Vec<(String, String)> =
        files.into_iter().map(|(n, t)| (n, t.replace("release d-a-t-e-s \"Dates\" 2031-01-01\n", ""))).collect();
    let dir = common::write_set(&files);
    let set = dir.path().to_str().unwrap();
    let out = common::cardc(&["diff", set, "--from", "wave-2"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(!text.contains("slots"), "the same slots in another order: {text}");
    // A card that left the set is withdrawn when a squad is judged as the set is.
    let extra = "\nupgrade \"Old Hand\" {\n  icon: crew\n  cost: 3\n  until: errata-2019\n}\n";
    let mut files = files;
    files.iter_mut().find(|(n, _)| n == "upgrades.cards").unwrap().1.push_str(extra);
    let dir = common::write_set(&files);
    let squad = dir.path().join("squad.json");
    let xws = r#"{"faction":"rebelalliance","pilots":[{"id":"outerrimsmuggler","ship":"modifiedyt1300lightfreighter","upgrades":{"crew":["oldhand"]}}]}"#;
    std::fs::write(&squad, xws).unwrap();
    let out = common::cardc(&["validate", "--set", dir.path().to_str().unwrap(), "--xws", squad.to_str().unwrap()]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(common::code(&out), 1, "{stdout}");
    assert!(stdout.contains("withdrawn: Old Hand left the set in `errata-2019`"), "{stdout}");
    assert!(!stdout.contains("(as of"), "no release was asked for: {stdout}");
}
