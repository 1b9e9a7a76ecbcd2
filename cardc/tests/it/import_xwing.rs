//! `cardc import xwing-data2` on the real data in `../shared/data`: both forks import into
//! sets that check clean, with a card for every pilot, upgrade and second side, the same
//! files every time, and the restrictions, costs, grants, sides and loadouts carried over.

use crate::common;

use std::path::{Path, PathBuf};

use cardc::import::xwing_data2::import;
use cardc::import::{write_set, ImportError, Imported};
use common::mutate_json::copy_dir;
use serde_json::Value;

const SETS: [&str; 2] = ["xwing-data2-legacy", "xwing-data2-xwingtmg"];

fn data(shared: &Path, set: &str) -> PathBuf {
    shared.join("data").join(set)
}

fn out_dir(name: &str) -> PathBuf {
    Path::new(env!("CARGO_TARGET_TMPDIR")).join("import_xwing").join(name)
}

fn read(path: &Path) -> Value {
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

/// Counted straight from the JSON: ship files, pilots, upgrades, second sides.
fn data_counts(dir: &Path) -> (usize, usize, usize, usize) {
    let (mut ships, mut pilots, mut upgrades, mut backs) = (0, 0, 0, 0);
    for faction in std::fs::read_dir(dir.join("data/pilots")).unwrap() {
        for file in common::files(&faction.unwrap().path(), "json") {
            ships += 1;
            pilots += read(&file)["pilots"].as_array().unwrap().len();
        }
    }
    for file in common::files(&dir.join("data/upgrades"), "json") {
        for u in read(&file).as_array().unwrap() {
            upgrades += 1;
            backs += u["sides"].as_array().unwrap().len().saturating_sub(1);
        }
    }
    (ships, pilots, upgrades, backs)
}

/// The pool `set`, imported once for every test of the binary.
fn import_set(shared: &Path, set: &str) -> &'static Imported {
    common::xwing_data2(shared, set)
}

/// The card named `name` of `kind` in the set's files, as written.
fn card<'a>(imported: &'a Imported, kind: &str, name: &str) -> &'a str {
    let head = format!("{kind} {}", cardc::format::writer::quote(name));
    for text in imported.files.values() {
        if let Some(start) = text.find(&format!("\n{head} ")) {
            let rest = &text[start + 1..];
            let end = rest.find("\n}\n").map_or(rest.len(), |e| e + 2);
            return &rest[..end];
        }
    }
    panic!("no {head}");
}

#[test]
fn both_sets_import_and_check_clean() {
    let Some(shared) = common::shared() else { return };
    for set in SETS {
        let imported = import_set(&shared, set);
        let (ships, pilots, upgrades, backs) = data_counts(&data(&shared, set));
        let count = |kind: &str| imported.cards.get(kind).copied().unwrap_or(0);
        assert_eq!(count("chassis"), ships, "{set}: a chassis per ship file");
        assert_eq!(count("ship"), pilots, "{set}: a ship per pilot");
        assert_eq!(count("upgrade"), upgrades, "{set}: an upgrade per upgrade");
        assert_eq!(count("upgrade back side"), backs, "{set}: an upgrade per second side");
        // The T-70's Weapon Hardpoint ([Cannon], [Torpedo] or [Missile]) and the Clone
        // Z-95's Versatile Frame ([Torpedo] or [Missile]).
        let choices = 5;
        assert_eq!(count("upgrade for a choice slot"), choices, "{set}: a pseudo-upgrade per icon of a choice slot");

        let out = out_dir(set);
        write_set(&out, &imported.files, true).unwrap();
        let report = cardc::check_paths(&[&out]).unwrap();
        assert_eq!(report.errors(), 0, "{set}:\n{}", common::rendered_errors(&report, 10));
        assert_eq!(report.cards(), ships + pilots + upgrades + backs + choices, "{set}: every card is read back");

        // The compiled model holds what the files say.
        let model = report.sets[0].set.as_ref().unwrap();
        let cards = model.cards.iter();
        assert_eq!(cards.clone().filter(|c| c.back_of.is_some()).count(), backs, "{set}: back sides");
        let with_xws = cards.clone().filter(|c| c.xws.is_some()).count();
        assert_eq!(
            with_xws,
            ships + pilots + upgrades + choices,
            "{set}: every chassis, pilot and front side has its xws"
        );
        assert!(cards.clone().all(|c| c.back_of.is_none() || (c.cost.is_none() && c.xws.is_none())), "{set}");
        assert!(cards.clone().any(|c| !c.standard_loadout.is_empty()), "{set}: standard loadouts");
        assert!(cards.clone().any(|c| !c.grants.is_empty()), "{set}: grants");
        assert!(cards.clone().any(|c| !c.ship_abilities.is_empty()), "{set}: ship abilities");
    }
}

#[test]
fn import_is_deterministic() {
    let Some(shared) = common::shared() else { return };
    for set in SETS {
        let again = import(&data(&shared, set)).unwrap_or_else(|e| panic!("{set}: {e}"));
        assert_eq!(import_set(&shared, set), &again, "{set}: two imports differ");
    }
}

#[test]
fn restrictions_are_mapped() {
    let Some(shared) = common::shared() else { return };
    let legacy = import_set(&shared, "xwing-data2-legacy");
    // One object, its keys OR-ed: Scum, or a squad with Darth Vader.
    let ooo = card(legacy, "upgrade", "0-0-0");
    assert!(ooo.contains("\n  requires: faction scum-and-villainy or in-fleet \"Darth Vader\"\n"), "{ooo}");
    assert!(!ooo.contains("\n  faction:"), "{ooo}");
    // Objects AND-ed; a factions object alone is the faction field.
    let andrasta = card(legacy, "upgrade", "Andrasta");
    assert!(andrasta.contains("\n  faction: scum-and-villainy\n"), "{andrasta}");
    assert!(andrasta.contains("\n  requires: ship-icon firesprayclasspatrolcraft\n"), "{andrasta}");
    let l4e = card(legacy, "upgrade", "L4E-R5");
    assert!(l4e.contains("requires: faction resistance or action rotate-arc"), "{l4e}");
    let expert = card(legacy, "upgrade", "Expert Handling");
    assert!(expert.contains("requires: action red barrel-roll"), "{expert}");
    let tailslide = card(legacy, "upgrade", "Backwards Tailslide");
    assert!(tailslide.contains("requires: trait x-wing and equipped configuration"), "{tailslide}");
    let pie = card(legacy, "upgrade", "Precision Ion Engines");
    assert!(pie.contains("trait tie") && pie.contains("stat agility 3"), "{pie}");
    assert!(card(legacy, "upgrade", "Veteran Tail Gunner").contains("requires: arc rear"));
    assert!(card(legacy, "upgrade", "Hate").contains("requires: trait force-dark"));
    assert!(card(legacy, "upgrade", "Dedicated").contains("requires: not limited"));
    let ic = card(legacy, "upgrade", "Independent Calculations");
    assert!(ic.contains("requires: ship-ability \"Networked Calculations\"") && ic.contains("traits: standardized"));
    assert!(card(legacy, "upgrade", "Kraken").contains("traits: solitary"));
    // Pilots with a Force side carry the trait the restriction names.
    assert!(card(legacy, "ship", "Darth Vader").contains("force-dark"));

    let game = &legacy.files["game.cards"];
    assert!(game.contains("at most 1 upgrade with trait solitary with icon tactical-relay per fleet"), "{game}");
    assert!(game.contains("same upgrade with trait standardized per ship-icon"));
    assert!(game.contains("total cost at most 200 per fleet"));
    for key in ["factions", "ships", "sizes", "action", "keywords", "names", "equipped", "arcs", "force_side"] {
        assert!(legacy.mapped.keys().any(|k| k.starts_with(&format!("restriction key {key} →"))), "{key}");
    }
    assert!(!legacy.unsupported.keys().any(|k| k.starts_with("restriction")), "{:?}", legacy.unsupported);
}

#[test]
fn costs_grants_sides_and_loadouts() {
    let Some(shared) = common::shared() else { return };
    let legacy = import_set(&shared, "xwing-data2-legacy");
    let by: Vec<&str> =
        legacy.files.values().flat_map(|t| t.lines()).filter_map(|l| l.trim().strip_prefix("cost: by ")).collect();
    assert_eq!(by.len(), 45, "45 variable costs in the legacy data");
    assert_eq!(legacy.mapped.iter().filter(|(k, _)| k.starts_with("variable cost")).map(|(_, n)| n).sum::<usize>(), 45);
    for kind in ["size small = ", "agility 0 = ", "initiative 0 = "] {
        assert!(by.iter().any(|c| c.starts_with(kind)), "no cost by {kind}: {by:?}");
    }

    let andrasta = card(legacy, "upgrade", "Andrasta");
    assert!(andrasta.contains("\n  grants: slot device, action reload\n"), "{andrasta}");
    let bay = card(legacy, "upgrade", "Drop-Seat bay");
    assert!(bay.contains("slot crew 2") && bay.contains("slot device -1"), "{bay}");
    let refit = card(legacy, "upgrade", "Corsair Refit");
    assert!(refit.contains("stat hull +2, stat shields -2, stat energy +1"), "{refit}");
    assert!(card(legacy, "upgrade", "Vectored Cannons (RZ-1)").contains("arc single-turret"));

    // Both sides of a double-sided card; the back has no cost and no xws.
    let back = card(legacy, "upgrade", "Integrated S-foils (Open)");
    assert!(back.contains("\n  back-of: integrated-s-foils\n"), "{back}");
    assert!(!back.contains("cost:") && !back.contains("xws:"), "{back}");
    let front = card(legacy, "upgrade", "Integrated S-foils");
    assert!(front.contains("grants: action barrel-roll, action focus\n"), "{front}");
    assert!(card(legacy, "upgrade", "Darth Sidious").contains("back-of: chancellor-palpatine"));
    assert!(card(legacy, "upgrade", "Proton Cannon Battery").contains("icons: hardpoint + cargo"));

    let tmg = import_set(&shared, "xwing-data2-xwingtmg");
    let game = &tmg.files["game.cards"];
    assert!(game.starts_with("# @generated") && game.contains("\ngame xwing-25 "), "{game}");
    assert!(game.contains("total cost of ships at most 20 per fleet"));
    assert!(game.contains("total cost of upgrades at most loadout per ship"));
    assert!(game.contains("format standard \"Standard\", extended \"Extended\", epic \"Epic\""));
    let loadouts: Vec<&str> =
        tmg.files.values().flat_map(|t| t.lines()).filter(|l| l.trim().starts_with("standard-loadout:")).collect();
    assert_eq!(loadouts.len(), 86, "86 standard-loadout pilots");
    let adon = card(tmg, "ship", "Adon Fox");
    assert!(adon.contains("standard-loadout: its-a-trap, parting-gift, proton-rockets, proton-bombs"), "{adon}");
    assert!(!adon.contains("upgrades:"), "{adon}");
    let only = tmg.files.values().flat_map(|t| t.lines()).filter(|l| l.trim() == "standard-loadout-only").count();
    assert_eq!(only, 61, "61 standard-loadout-only upgrades");
    let biggs = card(tmg, "ship", "Biggs Darklighter");
    assert!(biggs.contains("\n  loadout: ") && biggs.contains("formats: standard, extended, epic"), "{biggs}");
    assert!(legacy.files["game.cards"].contains("\ngame xwing-legacy "));
}

#[test]
fn bad_data_is_an_error_not_a_panic() {
    let Some(shared) = common::shared() else { return };
    let missing = import(&shared.join("data/no-such-folder"));
    assert!(matches!(missing, Err(ImportError::Io { .. })), "missing folder");

    let tmp = tempfile::tempdir().unwrap();
    copy_dir(&data(&shared, "xwing-data2-xwingtmg"), tmp.path());
    let crew = tmp.path().join("data/upgrades/crew.json");
    std::fs::write(&crew, "[{\"name\": \"Broken\",").unwrap();
    match import(tmp.path()) {
        Err(ImportError::Data { path, .. }) => assert_eq!(path, crew),
        other => panic!("malformed JSON: {:?}", other.map(|i| i.cards)),
    }
    // Valid JSON of the wrong shape is a data error too.
    std::fs::write(&crew, "{\"name\": \"not a list\"}").unwrap();
    assert!(matches!(import(tmp.path()), Err(ImportError::Data { .. })));
    std::fs::remove_file(tmp.path().join("data/factions/factions.json")).unwrap();
    assert!(matches!(import(tmp.path()), Err(ImportError::Io { .. })));
}

#[test]
fn cli_imports_and_checks() {
    let Some(shared) = common::shared() else { return };
    let out = out_dir("cli");
    // This test's own folder: an older run's, written before imports marked their sets, goes.
    let _ = std::fs::remove_dir_all(&out);
    let o = common::cardc(&[
        "import",
        "xwing-data2",
        data(&shared, "xwing-data2-xwingtmg").to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ]);
    let stderr = String::from_utf8_lossy(&o.stderr);
    assert_eq!(common::code(&o), 0, "{stderr}");
    assert!(
        stderr.contains("cards: 108 chassis, 672 ship, 524 upgrade, 32 upgrade back side, 5 upgrade for a choice slot"),
        "{stderr}"
    );
    assert!(stderr.contains(": 0 errors"), "{stderr}");
    assert!(out.join("game.cards").is_file());

    let o = common::cardc(&["import", "xwing-data2", "/no/such/folder", "--out", out.to_str().unwrap()]);
    assert_eq!(common::code(&o), 2, "{}", String::from_utf8_lossy(&o.stderr));
    assert!(out.join("game.cards").is_file(), "a failed import leaves the old set");
}
