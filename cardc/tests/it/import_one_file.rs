//! `cardc::import::xwing_data2::import_file`: one xwing-data2 file imported on its own from
//! its text (the entry point of the `importer_json` fuzz target), read as the importer
//! reads it in a folder: what it forgives is noted with the file and the JSON path where it
//! is, a card it cannot read is left out, and text it cannot read at all is an error.

use cardc::import::xwing_data2::import_file;
use cardc::import::ImportError;

/// A ship file of invented cards, written as irregularly as real data is: a key named
/// twice, a number as a string, one string for a list, a pilot without `xws`, a pilot that
/// cannot be read (no name).
const SHIP: &str = r#"{
  "name": "Test Wing",
  "xws": "testwing",
  "size": "Small",
  "faction": "testalliance",
  "stats": [{"arc": "Front Arc", "type": "attack", "value": "3"}, {"type": "hull", "value": 4}],
  "actions": [{"difficulty": "White", "type": "Focus"}],
  "pilots": [
    {"name": "Ace Tester", "xws": "acetester", "initiative": 5, "cost": 50, "limited": 1,
     "keywords": "Test", "ability": "After you perform a [Focus] action, gain 1 stress token."},
    {"name": "Rookie Tester", "initiative": 1, "cost": 30, "limited": 0},
    {"initiative": 2, "xws": "nameless"}
  ],
  "size": "Small"
}"#;

#[test]
fn a_ship_file_imports_with_its_irregularities_where_they_are() {
    let file = "pilots/test-alliance/test-wing.json";
    let imported = import_file(file, SHIP).expect("a ship file imports");
    let found: Vec<(&str, &str)> = imported.irregularities.iter().map(|i| (i.path.as_str(), i.kind.as_str())).collect();
    assert!(imported.irregularities.iter().all(|i| i.file == file), "every irregularity names the file");
    for (path, kind) in [
        ("$.size", "a key named twice in one object (the last wins)"),
        ("$.stats[0].value", "a number written as a string"),
        ("$.pilots[0].keywords", "a string where a list is expected"),
        ("$.pilots[1]", "no `xws` (derived from the name, as xwing-data2 derives it)"),
        ("$.pilots[2]", "a card that cannot be read (left out)"),
    ] {
        assert!(found.contains(&(path, kind)), "{kind} at {path} not among {found:?}");
    }
    assert_eq!(found.len(), 5, "nothing else is irregular: {found:?}");
    let text = &imported.files["pilots-test-alliance.cards"];
    assert!(text.contains("chassis \"Test Wing\""), "the ship file is a chassis:\n{text}");
    assert!(text.contains("ship \"Ace Tester\""), "the first pilot is a ship:\n{text}");
    assert!(text.contains("ship \"Rookie Tester\""), "the pilot without xws is kept:\n{text}");
    assert!(!text.contains("nameless"), "the pilot without a name is left out:\n{text}");
    assert_eq!(imported.cards.get("ship"), Some(&2));
    assert!(imported.files.contains_key("game.cards"), "the set has a game");
}

#[test]
fn an_upgrade_file_imports_and_a_card_it_cannot_read_is_left_out() {
    let text = r#"[
      {"name": "Test Talent", "limited": 0, "xws": "testtalent",
       "sides": [{"title": "Test Talent", "type": "Talent", "slots": "Talent",
                  "ability": "At the start of the End Phase, you may remove 1 stress token."}],
       "cost": {"value": 2}},
      {"name": "No Sides", "xws": "nosides"}
    ]"#;
    let file = "upgrades/talent.json";
    let imported = import_file(file, text).expect("an upgrade file imports");
    let found: Vec<(&str, &str)> = imported.irregularities.iter().map(|i| (i.path.as_str(), i.kind.as_str())).collect();
    assert_eq!(
        found,
        [
            ("$[0].sides[0].slots", "a string where a list is expected"),
            ("$[1]", "a card that cannot be read (left out)"),
        ]
    );
    let cards = &imported.files["upgrades-talent.cards"];
    assert!(cards.contains("upgrade \"Test Talent\""), "the upgrade is written:\n{cards}");
    assert!(!cards.contains("No Sides"), "the upgrade without sides is left out:\n{cards}");
}

#[test]
fn text_that_is_no_data_file_is_an_error_naming_the_file() {
    let error = |file: &str, text: &str| match import_file(file, text) {
        Err(ImportError::Data { path, message }) => (path.display().to_string(), message),
        Err(other) => panic!("{file}: not a data error: {other}"),
        Ok(_) => panic!("{file}: {text:?} imported"),
    };
    let (path, message) = error("upgrades/talent.json", "[{\"name\": ");
    assert_eq!(path, "upgrades/talent.json");
    assert!(message.starts_with("not JSON: "), "{message}");
    let (_, message) = error("upgrades/talent.json", "{\"name\": \"x\"}");
    assert_eq!(message, "not the JSON expected: not a list of upgrades");
    let (path, message) = error("factions/factions.json", "[]");
    assert_eq!(path, "factions/factions.json");
    assert!(message.contains("pilots/<faction>/<ship>.json") && message.contains("upgrades/<slot>.json"), "{message}");
    // A ship file that is not an object is a set of no cards, its reason noted.
    let imported = import_file("pilots/x/y.json", "[1, 2]").expect("read, with nothing in it");
    assert_eq!(imported.irregularities.len(), 1);
    assert_eq!(imported.irregularities[0].path, "$");
}

#[test]
fn an_upgrade_file_with_no_upgrade_read_writes_no_file() {
    // Found by the importer_json fuzz target: the file was written with its header comment
    // only, which declares nothing (E0005, an error), so the whole import failed.
    // Then again, later: an upgrade read with an empty `sides` list prints no card either.
    for text in ["[]", r#"[{"name": "No Sides", "xws": "nosides"}]"#, r#"[{"name": "", "sides": []}]"#] {
        let imported = import_file("upgrades/hyperdrive.json", text).expect("read");
        assert!(!imported.files.contains_key("upgrades-hyperdrive.cards"), "{text}: {:?}", imported.files.keys());
    }
}

#[test]
fn an_xws_id_that_is_no_identifier_is_written_as_one() {
    // Found by the importer_json fuzz target: a ship's xws with `&` was written as is as
    // the ship icon, and `game.cards` no longer parsed. A restriction naming the ship by
    // that xws names the same icon.
    let ship = SHIP.replace("\"xws\": \"testwing\"", "\"xws\": \"test&wing\"");
    let imported = import_file("pilots/test-alliance/test-wing.json", &ship).expect("imports");
    let game = &imported.files["game.cards"];
    assert!(!game.contains('&'), "the icon keeps the `&`:\n{game}");
    let (_, diagnostics) = cardc::syntax::parse_file(0, game);
    assert!(diagnostics.is_empty(), "game.cards does not parse: {:?}", diagnostics.first().map(|d| &d.message));
    let upgrades = r#"[{"name": "Test Mod", "xws": "testmod", "restrictions": [{"ships": ["test&wing"]}],
        "sides": [{"title": "Test Mod", "type": "Modification", "slots": ["Modification"]}]}]"#;
    let imported = import_file("upgrades/modification.json", upgrades).expect("imports");
    let text = &imported.files["upgrades-modification.cards"];
    assert!(text.contains("ship-icon test-wing"), "the restriction names the derived icon:\n{text}");
}
