//! The Armada importer on the real card data (`../shared/data/star-wars-armada-data`), and
//! the real fleet lists (`../shared/data/armada-fleet-list-parser`) validated against the
//! imported set. The set is imported at test time into a folder under `target/`: no
//! imported text is kept in the repository.

use crate::common;

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use cardc::import::Imported;
use cards_runtime::fleet_list::{self, ListFormat, ListSeverity, Verdict};
use cards_runtime::model::{CardKind, ShipView};
use cards_runtime::Set;
use proptest::prelude::*;

/// What one import gives: the summary and the checked set.
struct Import {
    imported: Imported,
    report: cardc::Report,
}

/// Imports the data once per test binary; `None` when `../shared` is missing.
fn import() -> Option<&'static Import> {
    static IMPORT: OnceLock<Option<Import>> = OnceLock::new();
    IMPORT
        .get_or_init(|| {
            let shared = common::shared()?;
            let imported = cardc::import::armada_data::import(&shared.join("data/star-wars-armada-data"))
                .expect("the data imports");
            let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("armada-import/armada");
            cardc::import::write_set(&dir, &imported.files, true).expect("the set is written");
            let report = cardc::check_paths(&[&dir]).expect("the set is read");
            Some(Import { imported, report })
        })
        .as_ref()
}

fn set(import: &Import) -> &Set {
    import.report.sets[0].set.as_ref().expect("the imported set checks without errors")
}

fn card<'s>(set: &'s Set, id: &str) -> (u32, &'s cards_runtime::Card) {
    set.card(id).unwrap_or_else(|| panic!("no card `{id}`"))
}

fn vocab(entries: &[cards_runtime::model::Entry], id: &str) -> u16 {
    entries.iter().position(|e| e.id == id).unwrap_or_else(|| panic!("no entry `{id}`")) as u16
}

fn lists_dir() -> Option<PathBuf> {
    common::shared().map(|s| s.join("data/armada-fleet-list-parser/test"))
}

/// Every `.txt` under `dir`, sorted, as paths relative to it.
fn list_files(dir: &Path) -> Vec<String> {
    fn walk(dir: &Path, base: &Path, out: &mut Vec<String>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                walk(&path, base, out);
            } else if path.extension().is_some_and(|e| e == "txt") {
                out.push(path.strip_prefix(base).unwrap().to_string_lossy().replace('\\', "/"));
            }
        }
    }
    let mut out = Vec::new();
    walk(dir, dir, &mut out);
    out.sort();
    out
}

#[test]
fn the_imported_set_checks_clean() {
    let Some(import) = import() else { return };
    let diagnostics: Vec<String> =
        import.report.all_diagnostics().map(|d| format!("{}: {}", d.code.id, d.message)).collect();
    // No warning either: every declared icon is on some ship's bar and every upgrade fits
    // some ship, so the set needs no `allow`.
    assert!(diagnostics.is_empty(), "{diagnostics:#?}");
    let cards = &import.imported.cards;
    assert_eq!((cards["ship"], cards["squadron"], cards["upgrade"]), (46, 76, 228), "{cards:?}");
    assert_eq!(import.report.cards(), 46 + 76 + 228);
}

#[test]
fn the_imported_set_generates_rust() {
    let Some(import) = import() else { return };
    let files = cardc::generate(&import.report).expect("the set generates");
    let module = files.iter().find(|f| f.name == "armada.rs").expect("an armada module");
    let generated = common::generated_set(&module.contents);
    assert_eq!(Some(&generated), import.report.sets[0].set.as_ref(), "the generated set is the checked set");
    // Chimaera's "not icon fleet-command" reaches the generated restriction.
    let (_, chimaera) = generated.card("chimaera").expect("Chimaera");
    let restriction = chimaera.requires.as_ref().expect("Chimaera has a restriction");
    assert!(
        restriction.nodes.iter().any(|n| matches!(n, cards_runtime::Node::Atom(cards_runtime::Atom::Icon(_)))),
        "{restriction:?}"
    );
}

#[test]
fn every_printed_restriction_is_mapped() {
    let Some(import) = import() else { return };
    let unsupported: Vec<&String> = import
        .imported
        .unsupported
        .keys()
        .filter(|k| k.starts_with("restriction") || k.starts_with("text") || k.starts_with("`ship`"))
        .collect();
    assert!(unsupported.is_empty(), "{unsupported:?}");
    let mapped = |prefix: &str| -> usize {
        import.imported.mapped.iter().filter(|(k, _)| k.starts_with(prefix)).map(|(_, n)| n).sum()
    };
    // 11 cards have a `restriction`, Flag Bridge two of them.
    assert_eq!(mapped("restriction "), 12);
    // Chimaera, Liberator ("if you have a [Fleet Command] icon") and Minister Tua.
    assert_eq!(mapped("text \"You cannot equip"), 3);
    // Flag Bridge, Chimaera, Harrow, Liberator, Phoenix Home, Vanguard, Minister Tua.
    assert_eq!(mapped("text \"You gain"), 7);
    let summary = import.imported.summary();
    assert!(
        summary.contains("restriction \"Small or medium ship only.\" → `requires: size small, medium`"),
        "{summary}"
    );
}

#[test]
fn ships_have_families_flotillas_and_the_title_icon() {
    let Some(import) = import() else { return };
    let set = set(import);
    let title = vocab(&set.vocab.icons, "title");
    let squadron = vocab(&set.vocab.traits, "squadron");
    let flotilla = vocab(&set.vocab.traits, "flotilla");
    let ships: Vec<&cards_runtime::Card> =
        set.cards.iter().filter(|c| c.kind == CardKind::Ship && !c.traits.contains(&squadron)).collect();
    assert_eq!(ships.len(), 46);
    for ship in &ships {
        assert!(ship.upgrades.contains(&title), "{} has no title icon", ship.id);
        assert!(ship.ship_icon.is_some(), "{} has no ship icon", ship.id);
    }
    let flotillas: BTreeSet<&str> =
        ships.iter().filter(|s| s.traits.contains(&flotilla)).map(|s| s.id.as_ref()).collect();
    let expected: BTreeSet<&str> = [
        "gozanti-class-assault-carriers",
        "gozanti-class-cruisers",
        "gr-75-combat-retrofits",
        "gr-75-medium-transports",
    ]
    .into();
    assert_eq!(flotillas, expected);
    // A family spans the variants its titles serve.
    let icon = |id: &str| card(set, id).1.ship_icon;
    assert_eq!(icon("mc75-armored-cruiser"), icon("mc75-ordnance-cruiser"));
    assert_eq!(icon("nebulon-b-escort-frigate"), icon("nebulon-b-support-refit"));
    assert_eq!(icon("onager-class-star-destroyer"), icon("onager-class-testbed"));
    assert_eq!(icon("imperial-star-destroyer-kuat-refit"), icon("imperial-i-class-star-destroyer"));
    assert_ne!(icon("victory-i-class-star-destroyer"), icon("imperial-i-class-star-destroyer"));
    assert_eq!(
        set.vocab.ship_icons[icon("victory-i-class-star-destroyer").unwrap() as usize].name,
        "Victory-class Star Destroyer"
    );
}

#[test]
fn titles_resolve_to_the_family_of_their_ships() {
    let Some(import) = import() else { return };
    let set = set(import);
    let title = vocab(&set.vocab.icons, "title");
    let icon = |id: &str| card(set, id).1.ship_icon;
    assert_eq!(card(set, "profundity").1.ship_icon, icon("mc75-armored-cruiser"));
    assert_eq!(card(set, "harrow").1.ship_icon, icon("victory-ii-class-star-destroyer"));
    assert_eq!(card(set, "quantum-storm").1.ship_icon, icon("gr-75-medium-transports"));
    assert_eq!(card(set, "jainas-light").1.ship_icon, icon("cr90-corvette-a"));
    // Every title with a ship icon fits some ship; the one without is restricted by name.
    let titles: Vec<_> = set.cards.iter().filter(|c| c.icons.contains(&title)).collect();
    assert_eq!(titles.len(), 60);
    for t in &titles {
        match t.ship_icon {
            Some(i) => {
                assert!(set.cards.iter().any(|s| s.kind == CardKind::Ship && s.ship_icon == Some(i)), "{}", t.id)
            }
            None => assert!(t.requires.is_some(), "{} has neither a ship icon nor a restriction", t.id),
        }
    }
}

#[test]
fn upgrades_carry_icons_factions_traits_and_restrictions() {
    let Some(import) = import() else { return };
    let set = set(import);
    let icon = |id| vocab(&set.vocab.icons, id);
    assert_eq!(card(set, "boarding-engineers").1.icons.as_ref(), [icon("weapons-team"), icon("offensive-retrofit")]);
    let modification = vocab(&set.vocab.traits, "modification");
    assert!(card(set, "advanced-transponder-net").1.traits.contains(&modification));
    assert_eq!(card(set, "phoenix-home").1.grants.as_ref(), [cards_runtime::model::Grant::Slot(icon("officer"), 1)]);
    let cham = card(set, "cham-syndulla").1;
    assert!(cham.unique && cham.factions.as_ref() == [vocab(&set.vocab.factions, "rebel")]);
    // Commanders: an implicit icon, the flagship's, on 24 cards; two names are also officers.
    let commander = icon("commander");
    assert!(set.vocab.icons[commander as usize].marked);
    assert_eq!(set.flagship_icon, Some(commander));
    assert_eq!(set.cards.iter().filter(|c| c.icons.contains(&commander)).count(), 24);
    assert_eq!(card(set, "leia-organa-commander").1.name, card(set, "leia-organa-officer").1.name);

    // Restrictions, tested against real ships.
    let meets = |upgrade: &str, ship: &str, flagship: bool| {
        let r = card(set, upgrade).1.requires.clone().unwrap_or_else(|| panic!("{upgrade} has no restriction"));
        r.eval(&ShipView::new(set, card(set, ship).0, flagship).unwrap())
    };
    // "Small or medium ship only."
    assert!(meets("disposable-capacitors", "raider-ii-class-corvette", false));
    assert!(meets("disposable-capacitors", "victory-ii-class-star-destroyer", false));
    assert!(!meets("disposable-capacitors", "imperial-ii-class-star-destroyer", false));
    // "Small or medium ship only." and "Flagship only."
    assert!(meets("flag-bridge", "victory-ii-class-star-destroyer", true));
    assert!(!meets("flag-bridge", "victory-ii-class-star-destroyer", false));
    assert!(!meets("flag-bridge", "mc80-star-cruiser", true));
    // "\"Star Destroyer\" only."
    assert!(meets("seventh-fleet-star-destroyer", "gladiator-i-class-star-destroyer", false));
    assert!(!meets("seventh-fleet-star-destroyer", "interdictor-combat-refit", false));
    // "Mark I only."
    assert!(meets("concord", "starhawk-class-battleship-mark-i", false));
    assert!(!meets("concord", "starhawk-class-battleship-mark-ii", false));
    // "Large ship only." and "Medium or large ship only."
    assert!(meets("strategic-adviser", "mc80-star-cruiser", false));
    assert!(!meets("ordnance-pods", "cr90-corvette-a", false));
    // Text: "You cannot equip this card if you have a [Fleet Command] icon in your upgrade bar."
    assert!(!meets("chimaera", "star-dreadnought-command-prototype", false));
    assert!(meets("chimaera", "victory-ii-class-star-destroyer", false));
    // "… to a medium or large ship with a [Defensive Retrofit] icon in its upgrade bar."
    assert!(!meets("minister-tua", "imperial-ii-class-star-destroyer", false));
    assert!(meets("minister-tua", "victory-ii-class-star-destroyer", false));
    assert!(meets("minister-tua", "arquitens-class-light-cruiser", false), "small ships may");
}

/// A list's expected verdict, and why it is right.
struct Expected {
    file: &'static str,
    format: ListFormat,
    /// Empty: legal.
    illegal: &'static [&'static str],
    /// The names not written as the card's (beyond capitals, spacing and punctuation):
    /// each is a warning at its line naming the card read.
    read_as: &'static [(usize, &'static str)],
    /// Why this verdict is the right one.
    _why: &'static str,
}

const LISTS: &[Expected] = &[
    Expected {
        file: "armada-fleet-builder/dumpster-fire-mk-18.txt",
        format: ListFormat::FleetBuilder,
        illegal: &[],
        read_as: &[(8, "mc80-star-cruiser"), (29, "jan-ors"), (31, "biggs-darklighter")],
        _why: "Garm Bel Iblis commands from an MC80 Star Cruiser (the app's \"MC80 Liberty Star Cruiser\"); \
               every upgrade fits a printed icon (Strategic Adviser: large ship, officer; Engine Techs: support \
               team; Intensify Firepower!: fleet command) and every title its family; 316 points of ships and 84 \
               of squadrons: 400 exactly, squadrons under 134",
    },
    Expected {
        file: "armada-fleet-builder/raddeux-lib-v4.txt",
        format: ListFormat::FleetBuilder,
        illegal: &[],
        read_as: &[(27, "mc80-star-cruiser"), (34, "dutch-vander"), (37, "wedge-antilles-squadron")],
        _why: "Raddus on an MC75 Armored Cruiser with Profundity (MC75 family); Cham Syndulla takes the \
               Hammerhead's weapons team and offensive retrofit together, External Racks its ordnance; \
               399 points",
    },
    Expected {
        file: "armada-fleets-designer/dumpster-fire-mk-18.txt",
        format: ListFormat::FleetsDesigner,
        illegal: &[],
        read_as: &[],
        _why: "the same fleet as the other Dumpster Fire exports (asserted below); this format has no \
               Commander line and no faction, so the faction is the first ship's",
    },
    Expected {
        file: "flagship/dumpster-fire-mk-18.txt",
        format: ListFormat::Flagship,
        illegal: &[],
        read_as: &[(17, "cr90-corvette-a")],
        _why: "the same fleet; `CR90A Corvette` is the CR90 Corvette A",
    },
    Expected {
        file: "ryan-kingston/dumpster-fire-mk-18.txt",
        format: ListFormat::RyanKingston,
        illegal: &[],
        read_as: &[(19, "modified-pelta-class-command-ship")],
        _why: "the same fleet; `Pelta Command Ship` is the Modified Pelta-class Command Ship",
    },
    Expected {
        file: "ryan-kingston/no-obj-no-com-multi-squad.txt",
        format: ListFormat::RyanKingston,
        illegal: &["one-commander"],
        read_as: &[(9, "raider-ii-class-corvette"), (14, "victory-ii-class-star-destroyer")],
        _why: "its Commander line is empty and no ship equips a commander: a real violation. Everything \
               else fits (Disposable Capacitors on a small Raider, Harrow on a Victory); missing objectives \
               are not a fleet-building rule the set has",
    },
    Expected {
        file: "ryan-kingston/starhawk.txt",
        format: ListFormat::RyanKingston,
        illegal: &[],
        read_as: &[(9, "starhawk-class-battleship-mark-i"), (15, "magnite-crysal-tractor-beam-array")],
        _why: "Mon Mothma on a Starhawk Mark I with Amity (\"Mark I only.\") and two officers in its two \
               officer icons; Kyrsta Agate (5) is the officer by her points; the data spells the \
               superweapon `Magnite Crysal`, read with a warning; 396 points",
    },
    Expected {
        file: "warlords/dumpster-fire-mk-18.txt",
        format: ListFormat::Warlords,
        illegal: &[],
        read_as: &[(41, "y-wing-squadron"), (43, "x-wing-squadron")],
        _why: "the same fleet; `Jainas Light` and `2 Y-Wing Squadrons ( 20 points)` read as Jaina's Light \
               and two Y-wing Squadrons",
    },
    Expected {
        file: "warlords/failures/no-commander.txt",
        format: ListFormat::Warlords,
        illegal: &["commander-line"],
        read_as: &[],
        _why: "the same fleet as squadless.txt with its `Commander:` line taken out (the source's failure \
               test). Warlords always writes that line, so the list names no commander, yet the Starhawk \
               still lists Kyrsta Agate (com): the list contradicts itself, and `commander-line` says so. \
               The ships alone would be legal (see squadless.txt)",
    },
    Expected {
        file: "warlords/squadless.txt",
        format: ListFormat::Warlords,
        illegal: &[],
        read_as: &[],
        _why: "Kyrsta Agate (com) on a Starhawk Mark II; the Pelta Assault Ship equips two officers \
               (Raymus Antilles, Toryn Farr) in one printed officer icon plus the one Phoenix Home adds \
               (`grants: slot officer`); Leia Organa (off) and Lando Calrissian (off) are the officers; \
               no squadrons; 392 points",
    },
];

#[test]
fn every_fleet_list_gets_its_verdict() {
    let (Some(import), Some(dir)) = (import(), lists_dir()) else { return };
    let set = set(import);
    let files = list_files(&dir);
    let expected: Vec<&str> = LISTS.iter().map(|e| e.file).collect();
    assert_eq!(files, expected, "a list was added or removed: give it its verdict here");
    let mut wrong = Vec::new();
    for e in LISTS {
        let text = std::fs::read_to_string(dir.join(e.file)).unwrap();
        let outcome = fleet_list::validate(set, &text);
        let want: BTreeSet<String> = e.illegal.iter().map(|s| s.to_string()).collect();
        let ok = match &outcome.verdict {
            Verdict::Legal(_) => want.is_empty(),
            Verdict::Illegal(..) => !want.is_empty() && outcome.verdict.ids() == want,
            Verdict::Unresolvable(_) => false,
        };
        if !ok || outcome.format != e.format {
            wrong.push(format!("{}: {:?} as {:?}", e.file, outcome.verdict, outcome.format));
        }
        // Each warning is a name read as a card that the list does not name as printed.
        let read_as: Vec<(usize, String)> = outcome
            .warnings()
            .iter()
            .map(|w| (w.line, w.message.split('`').nth(3).unwrap_or_default().to_string()))
            .collect();
        let want: Vec<(usize, String)> = e.read_as.iter().map(|(l, id)| (*l, id.to_string())).collect();
        if read_as != want {
            wrong.push(format!("{}: warnings {:#?}", e.file, outcome.warnings()));
        }
    }
    assert!(wrong.is_empty(), "{wrong:#?}");
}

/// The ships (with sorted upgrades) and squadrons of a list, by id, sorted.
fn fleet_ids(set: &Set, text: &str) -> Vec<(String, Vec<String>)> {
    let resolved = fleet_list::resolve(set, &fleet_list::parse(text));
    let errors: Vec<_> = resolved.diagnostics.iter().filter(|d| d.severity == ListSeverity::Error).collect();
    assert!(errors.is_empty(), "{errors:?}");
    let id = |i: u32| set.cards[i as usize].id.to_string();
    let mut out: Vec<(String, Vec<String>)> = resolved
        .fleet
        .ships
        .iter()
        .map(|s| {
            let mut upgrades: Vec<String> = s.upgrades.iter().map(|&u| id(u)).collect();
            upgrades.sort();
            (id(s.ship), upgrades)
        })
        .collect();
    out.sort();
    out
}

#[test]
fn the_five_formats_read_the_same_fleet() {
    let (Some(import), Some(dir)) = (import(), lists_dir()) else { return };
    let set = set(import);
    let dumpster: Vec<&Expected> = LISTS.iter().filter(|e| e.file.ends_with("dumpster-fire-mk-18.txt")).collect();
    assert_eq!(dumpster.len(), 5);
    let reference = fleet_ids(set, &std::fs::read_to_string(dir.join(dumpster[0].file)).unwrap());
    let s = |v: &[&str]| v.iter().map(|x| x.to_string()).collect::<Vec<_>>();
    let expected_ships = [
        ("cr90-corvette-a", s(&["jainas-light"])),
        ("mc80-star-cruiser", s(&["engine-techs", "garm-bel-iblis", "strategic-adviser"])),
        ("modified-pelta-class-command-ship", s(&["intensify-firepower", "toryn-farr"])),
        ("nebulon-b-escort-frigate", s(&["ahsoka-tano", "yavaris"])),
    ];
    for (ship, upgrades) in &expected_ships {
        assert!(reference.contains(&(ship.to_string(), upgrades.clone())), "{ship} in {reference:#?}");
    }
    let squadrons: Vec<&str> = reference.iter().filter(|(_, u)| u.is_empty()).map(|(s, _)| s.as_str()).collect();
    assert_eq!(
        squadrons,
        ["biggs-darklighter", "jan-ors", "x-wing-squadron", "x-wing-squadron", "y-wing-squadron", "y-wing-squadron"]
    );
    for e in &dumpster[1..] {
        let fleet = fleet_ids(set, &std::fs::read_to_string(dir.join(e.file)).unwrap());
        assert_eq!(fleet, reference, "{}", e.file);
    }
}

#[test]
fn lists_keep_what_validation_ignores() {
    let Some(dir) = lists_dir() else { return };
    let list =
        fleet_list::parse(&std::fs::read_to_string(dir.join("armada-fleet-builder/raddeux-lib-v4.txt")).unwrap());
    assert_eq!(list.name.as_deref(), Some("Raddeux Lib V4"));
    assert_eq!(list.author.as_deref(), Some("Ralph Bodenner"));
    assert_eq!(list.faction.as_ref().map(|f| f.0.as_str()), Some("Rebels"));
    let objectives: Vec<&str> = list.objectives.iter().map(|o| o.0.as_str()).collect();
    assert_eq!(objectives, ["Surprise Attack", "Salvage Run", "Asteroid Tactics"]);
    assert!(list.ships[0].flagship);
    assert_eq!(list.ships[0].upgrades.len(), 7);
    assert_eq!(list.squadrons.len(), 4);
    let designer = fleet_list::parse(
        &std::fs::read_to_string(dir.join("armada-fleets-designer/dumpster-fire-mk-18.txt")).unwrap(),
    );
    let objectives: Vec<&str> = designer.objectives.iter().map(|o| o.0.as_str()).collect();
    assert_eq!(objectives, ["Ion Storm", "Contested Outpost", "Hyperspace Migration"]);
    let warlords = fleet_list::parse(&std::fs::read_to_string(dir.join("warlords/squadless.txt")).unwrap());
    assert_eq!(warlords.ships[0].upgrades[0].hint.as_deref(), Some("com"));
    assert_eq!(warlords.ships[0].upgrades[0].points, Some(20));
}

#[test]
fn unresolvable_names_say_which_line() {
    let Some(import) = import() else { return };
    let set = set(import);
    let text = "Name: Test\nFaction: Rebel\nCommander: Garm Bel Iblis\n\nDeath Star (500)\n• Garm Bel Iblis (25)\n• Superlaser (1)\n";
    let outcome = fleet_list::validate(set, text);
    assert!(matches!(outcome.verdict, Verdict::Unresolvable(_)), "{:?}", outcome.verdict);
    let errors = outcome.errors();
    let lines: Vec<usize> = errors.iter().map(|e| e.line).collect();
    assert_eq!(lines, [5, 7], "{errors:?}");
    assert!(errors[0].message.contains("no ship named `Death Star`"), "{}", errors[0].message);
    let outcome = fleet_list::validate(set, "Name: x\nFaction: Klingon\nVictory II (85)\n");
    assert_eq!(outcome.verdict.as_str(), "unresolvable");
    assert!(outcome.errors()[0].message.contains("no faction `Klingon`"), "{:?}", outcome.errors());
    let outcome = fleet_list::validate(set, "");
    assert_eq!(outcome.verdict.as_str(), "unresolvable");
    assert_eq!(outcome.errors()[0].message, "no ship in the list");
}

#[test]
fn the_cli_imports_and_validates() {
    let (Some(shared), Some(dir)) = (common::shared(), lists_dir()) else { return };
    let out_dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("armada-cli/armada");
    // This test's own folder: an older run's, written before imports marked their sets, goes.
    let _ = std::fs::remove_dir_all(&out_dir);
    let data = shared.join("data/star-wars-armada-data");
    let out = common::cardc(&["import", "armada-data", data.to_str().unwrap(), "--out", out_dir.to_str().unwrap()]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(common::code(&out), 0, "{stderr}");
    assert!(stderr.contains("cards: 46 ship, 76 squadron, 228 upgrade"), "{stderr}");
    assert!(!stderr.contains("warning:") && !stderr.contains("irregular data"), "the data is regular: {stderr}");
    assert!(stderr.contains("checked 1 set (350 cards): 0 errors, 0 warnings"), "{stderr}");

    let files: Vec<String> = LISTS.iter().map(|e| dir.join(e.file).to_string_lossy().into_owned()).collect();
    let mut args = vec!["validate", "--set", out_dir.to_str().unwrap(), "--fleet-list"];
    args.extend(files.iter().map(String::as_str));
    let out = common::cardc(&args);
    assert_eq!(common::code(&out), 1, "one list is illegal");
    let stdout = String::from_utf8_lossy(&out.stdout);
    for (e, file) in LISTS.iter().zip(&files) {
        let verdict = if e.illegal.is_empty() { "legal" } else { "illegal" };
        assert!(stdout.contains(&format!("{file}: {verdict}\n")), "{file} in {stdout}");
    }
    assert!(stdout.contains("  commander-line: the list has no Commander line"), "{stdout}");
    assert!(String::from_utf8_lossy(&out.stderr).contains("read as `magnite-crysal-tractor-beam-array`"));

    let mut json = args.clone();
    json.extend(["--format", "json"]);
    let out = common::cardc(&json);
    let lines: Vec<serde_json::Value> =
        String::from_utf8_lossy(&out.stdout).lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(lines.len(), LISTS.len());
    assert_eq!(lines[5]["verdict"], "illegal");
    assert_eq!(lines[5]["violations"][0]["id"], "one-commander");
    assert_eq!(lines[5]["format"], "ryan-kingston");

    // A list whose names do not resolve: exit 2, with the line.
    let bad = Path::new(env!("CARGO_TARGET_TMPDIR")).join("armada-cli/bad.txt");
    std::fs::write(&bad, "Name: x\nFaction: Rebel\nDeath Star (500)\n").unwrap();
    let out = common::cardc(&["validate", "--set", out_dir.to_str().unwrap(), "--fleet-list", bad.to_str().unwrap()]);
    assert_eq!(common::code(&out), 2);
    assert!(
        String::from_utf8_lossy(&out.stdout).contains("unresolvable\n  line 3: no ship or squadron named `Death Star`")
    );

    // Data that is not there: exit 2.
    let out = common::cardc(&["import", "armada-data", "/nonexistent", "--out", out_dir.to_str().unwrap()]);
    assert_eq!(common::code(&out), 2);
}

#[derive(Clone, Debug)]
enum Mutation {
    DeleteLine(usize),
    DuplicateLine(usize),
    SwapLines(usize, usize),
    Truncate(usize),
    Insert(usize, String),
}

fn mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        any::<usize>().prop_map(Mutation::DeleteLine),
        any::<usize>().prop_map(Mutation::DuplicateLine),
        (any::<usize>(), any::<usize>()).prop_map(|(a, b)| Mutation::SwapLines(a, b)),
        any::<usize>().prop_map(Mutation::Truncate),
        (any::<usize>(), any::<String>()).prop_map(|(p, s)| Mutation::Insert(p, s)),
        // What the list reader cares about.
        (
            any::<usize>(),
            prop::sample::select(vec![
                "(",
                ")",
                "[",
                "]",
                "[flagship] ",
                ":",
                " - ",
                "- ",
                "• ",
                "\t+ ",
                "2 x ",
                "1x ",
                "=",
                "\n",
                "\r\n",
                "Commander:",
                "Squadrons:",
                "Faction: Imperial",
                " (com)",
                " (12 points)",
                "(1 + 2: 3)",
                "(2 x 13)",
                "999999999999999999999",
                "\u{feff}",
                "é",
                "’",
            ])
        )
            .prop_map(|(p, s)| Mutation::Insert(p, s.to_string())),
    ]
}

fn apply(text: &str, m: &Mutation) -> String {
    let mut lines: Vec<String> = text.split_inclusive('\n').map(str::to_string).collect();
    let n = lines.len().max(1);
    match m {
        Mutation::DeleteLine(i) if !lines.is_empty() => {
            lines.remove(i % n);
        }
        Mutation::DuplicateLine(i) if !lines.is_empty() => {
            let l = lines[i % n].clone();
            lines.insert(i % n, l);
        }
        Mutation::SwapLines(a, b) if !lines.is_empty() => lines.swap(a % n, b % n),
        Mutation::Truncate(at) => {
            let chars: Vec<char> = text.chars().collect();
            return chars[..at % (chars.len() + 1)].iter().collect();
        }
        Mutation::Insert(at, s) => {
            let mut chars: Vec<char> = text.chars().collect();
            let at = at % (chars.len() + 1);
            chars.splice(at..at, s.chars());
            return chars.into_iter().collect();
        }
        _ => {}
    }
    lines.concat()
}

fn real_lists() -> Vec<String> {
    let Some(dir) = lists_dir() else { return Vec::new() };
    list_files(&dir).iter().map(|f| std::fs::read_to_string(dir.join(f)).unwrap()).collect()
}

/// Whatever the text, reading and validating it ends in a verdict, never a panic, and
/// every diagnostic points at a line of the text (or 0, the whole list).
fn check_no_panic(set: &Set, text: &str) {
    let outcome = fleet_list::validate(set, text);
    // Lines end in `\n`, `\r\n` or `\r` alone.
    let lines = text.replace("\r\n", "\n").replace('\r', "\n").lines().count();
    for d in outcome.diagnostics() {
        assert!(d.line <= lines, "line {} of {lines}: {}", d.line, d.message);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn mutated_lists_never_panic(which in any::<usize>(), mutations in prop::collection::vec(mutation(), 1..6)) {
        let Some(import) = import() else { return Ok(()) };
        let lists = real_lists();
        let mut text = lists[which % lists.len()].clone();
        for m in &mutations {
            text = apply(&text, m);
        }
        check_no_panic(set(import), &text);
    }

    #[test]
    fn random_text_never_panics(text in any::<String>()) {
        let Some(import) = import() else { return Ok(()) };
        check_no_panic(set(import), &text);
    }
}

/// A change to a real list: one that keeps its meaning, or one that changes one name.
#[derive(Clone, Copy, Debug)]
enum ListMutation {
    /// One line in capitals (`true`) or in small letters.
    Case(usize, bool),
    /// One line's spaces doubled (`true`) or made tabs, with blanks around the line.
    Spacing(usize, bool),
    /// Every line ended by `\r\n`.
    Crlf,
    /// A byte order mark before the first line.
    Bom,
    /// One letter in the middle of a card's name (of ten letters or more) changed.
    Misspelt(usize),
    /// Two letters of a card's name (of 12 to 19 letters and digits) changed: more than the
    /// tenth of a name a spelling may change, so no card's name.
    Unknown(usize),
}

fn list_mutation() -> impl Strategy<Value = ListMutation> {
    prop_oneof![
        (any::<usize>(), any::<bool>()).prop_map(|(l, up)| ListMutation::Case(l, up)),
        (any::<usize>(), any::<bool>()).prop_map(|(l, double)| ListMutation::Spacing(l, double)),
        Just(ListMutation::Crlf),
        Just(ListMutation::Bom),
        any::<usize>().prop_map(ListMutation::Misspelt),
        any::<usize>().prop_map(ListMutation::Unknown),
    ]
}

/// The card lines of a list whose name is a card's name (up to capitals, spacing and
/// punctuation) and one card's only, with a number of letters and digits in `letters`: the
/// line, the name, and the card.
fn named_cards<'s>(
    set: &'s Set,
    text: &str,
    letters: std::ops::RangeInclusive<usize>,
) -> Vec<(usize, String, &'s cards_runtime::Card)> {
    let list = fleet_list::parse(text);
    let entries = list.ships.iter().flat_map(|s| std::iter::once(&s.entry).chain(&s.upgrades)).chain(&list.squadrons);
    let id = cards_runtime::ids::derive_id;
    entries
        .filter(|e| letters.contains(&e.name.chars().filter(char::is_ascii_alphanumeric).count()))
        .filter_map(|e| match set.cards.iter().filter(|c| id(&c.name) == id(&e.name)).collect::<Vec<_>>()[..] {
            [card] => Some((e.line, e.name.clone(), card)),
            _ => None,
        })
        .collect()
}

/// `text` with line `line` (1-based) changed by `f`.
fn edit_line(text: &str, line: usize, f: impl FnOnce(&str) -> String) -> String {
    let mut lines: Vec<String> = text.split_inclusive('\n').map(str::to_string).collect();
    let l = &mut lines[line - 1];
    let body = l.trim_end_matches('\n').to_string();
    *l = f(&body) + if l.ends_with('\n') { "\n" } else { "" };
    lines.concat()
}

/// `name` with the letters at `at` (sixths of its letters) changed to others. The letters
/// of `class` are not counted: names are compared without that word, so a slip in it would
/// make a longer name, not a misspelt one.
fn misspell(name: &str, at: &[usize]) -> String {
    let mut letters: Vec<usize> = Vec::new();
    let mut word: Vec<usize> = Vec::new();
    let chars: Vec<char> = name.chars().collect();
    for (i, c) in chars.iter().chain(std::iter::once(&' ')).enumerate() {
        if c.is_ascii_alphanumeric() {
            word.push(i);
            continue;
        }
        let text: String = word.iter().map(|&k| chars[k]).collect();
        if !text.eq_ignore_ascii_case("class") {
            letters.extend(word.iter().filter(|&&k| chars[k].is_ascii_alphabetic()));
        }
        word.clear();
    }
    let mut out = chars;
    for k in at {
        let i = letters[letters.len() * k / 6];
        out[i] = if out[i].eq_ignore_ascii_case(&'q') { 'z' } else { 'q' };
    }
    out.into_iter().collect()
}

/// The (line, kind) of each diagnostic of `severity`.
fn kinds(outcome: &fleet_list::ListOutcome, severity: ListSeverity) -> Vec<(usize, &'static str)> {
    let mut out: Vec<_> =
        outcome.diagnostics().iter().filter(|d| d.severity == severity).map(|d| (d.line, d.kind)).collect();
    out.sort();
    out
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    /// Capitals, spacing, Windows line ends and a byte order mark change no verdict; the
    /// last two are a warning each, at the first line. A misspelt name is read as its card
    /// with a warning at its line; a name no card has makes the list unresolvable, the
    /// error at its line, with the card it is closest to.
    #[test]
    fn mutated_real_lists_keep_their_verdicts(which in any::<usize>(), m in list_mutation()) {
        let (Some(import), Some(dir)) = (import(), lists_dir()) else { return Ok(()) };
        let set = set(import);
        let e = &LISTS[which % LISTS.len()];
        let text = std::fs::read_to_string(dir.join(e.file)).unwrap();
        let lines = text.lines().count();
        let before = fleet_list::validate(set, &text);
        let mut new_warnings: Vec<(usize, &str)> = Vec::new();
        let mutated = match m {
            ListMutation::Case(l, up) => {
                edit_line(&text, l % lines + 1, |s| if up { s.to_uppercase() } else { s.to_lowercase() })
            }
            ListMutation::Spacing(l, double) => edit_line(&text, l % lines + 1, |s| {
                let spaced = s.replace(' ', if double { "  " } else { "\t" });
                format!(" \t{spaced} \t")
            }),
            ListMutation::Crlf => {
                new_warnings.push((1, fleet_list::kind::CRLF));
                text.replace('\n', "\r\n")
            }
            ListMutation::Bom => {
                new_warnings.push((1, fleet_list::kind::BOM));
                format!("\u{feff}{text}")
            }
            ListMutation::Misspelt(k) | ListMutation::Unknown(k) => {
                let unknown = matches!(m, ListMutation::Unknown(_));
                let sites = named_cards(set, &text, if unknown { 12..=19 } else { 10..=usize::MAX });
                let raw: Vec<&str> = text.lines().collect();
                let sites: Vec<_> = sites.into_iter().filter(|(l, name, _)| raw[l - 1].contains(name.as_str())).collect();
                prop_assume!(!sites.is_empty());
                let (line, name, card) = &sites[k % sites.len()];
                let wrong = misspell(name, if unknown { &[1, 4] } else { &[3] });
                let mutated = edit_line(&text, *line, |s| s.replacen(name.as_str(), &wrong, 1));
                let after = fleet_list::validate(set, &mutated);
                if unknown {
                    prop_assert_eq!(after.verdict.as_str(), "unresolvable");
                    let errors: Vec<_> = after.errors().iter().map(|d| (d.line, d.kind, d.message.clone())).collect();
                    prop_assert_eq!(errors.len(), 1, "{:?}", errors);
                    prop_assert_eq!((errors[0].0, errors[0].1), (*line, fleet_list::kind::UNKNOWN_NAME));
                    prop_assert!(errors[0].2.contains(&format!("`{wrong}`")), "{}", errors[0].2);
                    prop_assert!(errors[0].2.contains(&format!("did you mean `{}`?", card.name)), "{}", errors[0].2);
                    return Ok(());
                }
                let read_as = format!("`{wrong}` read as `{}`", card.id);
                let w = after.warnings().into_iter().find(|w| w.line == *line).map(|w| (w.kind, w.message.clone()));
                prop_assert_eq!(w, Some((fleet_list::kind::NAME_BY_SPELLING, format!("{read_as} ({})", card.name))));
                new_warnings.push((*line, fleet_list::kind::NAME_BY_SPELLING));
                mutated
            }
        };
        let after = fleet_list::validate(set, &mutated);
        prop_assert_eq!(after.verdict.as_str(), before.verdict.as_str(), "{:?} {}", m, e.file);
        prop_assert_eq!(after.verdict.ids(), before.verdict.ids());
        let mut want = kinds(&before, ListSeverity::Warning);
        want.extend(new_warnings);
        want.sort();
        prop_assert_eq!(kinds(&after, ListSeverity::Warning), want, "{:?} {}", m, e.file);
        prop_assert_eq!(kinds(&after, ListSeverity::Error), kinds(&before, ListSeverity::Error));
    }
}

#[test]
fn the_cli_tallies_a_batch() {
    let (Some(import), Some(dir)) = (import(), lists_dir()) else { return };
    let out_dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("armada-tally/armada");
    cardc::import::write_set(&out_dir, &import.imported.files, true).unwrap();
    // Two real lists, one saved on Windows with a byte order mark.
    let tmp = tempfile::tempdir().unwrap();
    let windows = tmp.path().join("windows.txt");
    let text = std::fs::read_to_string(dir.join("ryan-kingston/starhawk.txt")).unwrap();
    std::fs::write(&windows, format!("\u{feff}{}", text.replace('\n', "\r\n"))).unwrap();
    let plain = dir.join("ryan-kingston/no-obj-no-com-multi-squad.txt");
    let set_dir = out_dir.to_str().unwrap();
    let run = common::cardc(&[
        "validate",
        "--set",
        set_dir,
        "--fleet-list",
        windows.to_str().unwrap(),
        plain.to_str().unwrap(),
    ]);
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert_eq!(common::code(&run), 1, "{stderr}");
    let name = windows.display();
    assert!(
        stderr.contains(&format!("warning: {name}: line 1: a byte order mark (U+FEFF) at the start; ignored\n")),
        "{stderr}"
    );
    let n = text.matches('\n').count();
    assert!(
        stderr.contains(&format!("warning: {name}: line 1: {n} lines end in `\\r\\n`; read as line ends\n")),
        "{stderr}"
    );
    // starhawk.txt: two names by their words (a short form and the class left out) and
    // one by its spelling, and the BOM and line ends; the other list: two short names.
    let tally = "fleet lists: 2\nlegal: 1\nillegal: 1\n  one-commander: 1\nunresolvable: 0\nread with warnings: 2\n";
    assert!(stderr.contains(tally), "{stderr}");
    for (n, kind) in [
        (1, fleet_list::kind::BOM),
        (1, fleet_list::kind::CRLF),
        (1, fleet_list::kind::NAME_BY_SPELLING),
        (3, fleet_list::kind::NAME_BY_WORDS),
    ] {
        assert!(stderr.contains(&format!("\n  {n:>4}  {kind}\n")), "{kind} in {stderr}");
    }
    // JSON: the warnings with their lines and kinds.
    let run =
        common::cardc(&["validate", "--set", set_dir, "--fleet-list", windows.to_str().unwrap(), "--format", "json"]);
    let line: serde_json::Value = serde_json::from_slice(&run.stdout).unwrap();
    assert_eq!(line["verdict"], "legal");
    let warnings = line["warnings"].as_array().unwrap();
    assert_eq!(warnings.len(), 4, "{warnings:#?}");
    assert_eq!(warnings[0]["kind"], fleet_list::kind::CRLF);
    assert!(!String::from_utf8_lossy(&run.stderr).contains("fleet lists:"), "no tally for one list");
}

/// Found by the `armada_json` fuzz target: data with upgrades and no ship (or ships and no
/// upgrade) wrote a `ships.cards` (`upgrades.cards`) with no card in it, which the set
/// then rejected as declaring nothing (E0005). The cards are made up.
#[test]
fn data_with_no_card_of_a_kind_gets_no_file_for_it() {
    let upgrade = r#"[{"name": "Made-Up Officer", "slots": ["officer"], "points": 3, "text": "Nothing."}]"#;
    let ship = r#"[{"name": "Made-Up Frigate", "size": "small", "faction": "Rebel Alliance", "hull": 3,
        "command": 1, "squadron": 1, "engineering": 1, "slots": ["officer"], "points": 40}]"#;
    for (file, text, absent) in [
        ("upgrade-card/officer.json", upgrade, "ships.cards"),
        ("ship-card/rebel/frigate.json", ship, "upgrades.cards"),
    ] {
        let data = tempfile::tempdir().unwrap();
        for dir in ["ship-card/rebel", "upgrade-card"] {
            std::fs::create_dir_all(data.path().join(dir)).unwrap();
        }
        std::fs::write(data.path().join(file), text).unwrap();
        let imported = cardc::import::armada_data::import(data.path()).expect("the data is read");
        assert!(!imported.files.contains_key(absent), "{file}: {absent} written with nothing in it");
        assert!(!imported.files.contains_key("squadrons.cards"), "{file}: squadrons.cards written");
        let out = tempfile::tempdir().unwrap();
        let set = out.path().join("set");
        cardc::import::write_set(&set, &imported.files, true).expect("the set is written");
        let report = cardc::check_paths(&[&set]).expect("the set is read");
        let errors: Vec<String> = report
            .all_diagnostics()
            .filter(|d| d.is_error())
            .map(|d| format!("{}: {}", d.code.id, d.message))
            .collect();
        assert!(errors.is_empty(), "{file}: {errors:#?}");
    }
}

/// Found by the `armada_json` fuzz target: a file holding one card (not a list) is read as
/// a list of one, but its irregularities named the card `$[0]`, a place the file does not
/// have; the card is the whole file, `$`. Named after its file, the note names the file
/// as the data folder has it.
#[test]
fn a_file_of_one_card_names_its_place_as_the_whole_file() {
    let data = tempfile::tempdir().unwrap();
    for dir in ["ship-card", "upgrade-card"] {
        std::fs::create_dir_all(data.path().join(dir)).unwrap();
    }
    std::fs::write(data.path().join("upgrade-card/made-up.json"), r#"{"slots": ["officer"], "points": 1}"#).unwrap();
    let imported = cardc::import::armada_data::import(data.path()).expect("the data is read");
    let seen: Vec<(&str, &str, &str)> =
        imported.irregularities.iter().map(|i| (i.file.as_str(), i.path.as_str(), i.detail.as_str())).collect();
    assert_eq!(
        seen,
        [
            ("upgrade-card/made-up.json", "$", "read as a list of one"),
            ("upgrade-card/made-up.json", "$", "named \"Made Up\" after `upgrade-card/made-up.json`"),
        ]
    );
}

/// Found by the `armada_json` fuzz target: a slot, faction, family, trait or size whose
/// name folds to no id (`""`, `"!!!"`) or to one the language does not allow (`"3"`) was
/// written as it folded, `icon  ""`, which does not parse. Each becomes a valid id the
/// way card ids do (`unnamed`, `n-3`), the same at its declaration and at its uses. The
/// cards are made up.
#[test]
fn names_that_fold_to_no_valid_id_still_write_files_that_parse() {
    let data = tempfile::tempdir().unwrap();
    for dir in ["ship-card/odd", "upgrade-card"] {
        std::fs::create_dir_all(data.path().join(dir)).unwrap();
    }
    std::fs::write(
        data.path().join("upgrade-card/odd.json"),
        r#"[{"name": "Made-Up", "slots": ["", "3"], "ship": "!!!", "trait": ["", "7"], "faction": "!!!",
            "text": "[] icon in your upgrade bar."}]"#,
    )
    .unwrap();
    std::fs::write(
        data.path().join("ship-card/odd/odd.json"),
        r#"[{"name": "!!!", "size": "3", "faction": "%%%", "slots": ["", "3"], "points": 1}]"#,
    )
    .unwrap();
    let imported = cardc::import::armada_data::import(data.path()).expect("the data is read");
    for (name, source) in &imported.files {
        let (_, diagnostics) = cardc::syntax::parse_file(0, source);
        let errors: Vec<String> = diagnostics.iter().map(|d| format!("{}: {}", d.code.id, d.message)).collect();
        assert!(errors.is_empty(), "{name} does not parse: {errors:?}\n{source}");
    }
    let game = &imported.files["game.cards"];
    assert!(game.contains("icon unnamed") && game.contains("icon n-3"), "{game}");
}
