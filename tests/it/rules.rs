//! Validation semantics beyond the conformance scenarios, on a small set written here:
//! `where` on every rule form and scope, ships of two factions, icons an upgrade adds to
//! the bar, the `icon` restriction, and the Upgrade action's placements on occupied spaces
//! and unknown parts.

use std::collections::BTreeSet;

use cards_runtime::scenario::{run, Scenario};

const GAME: &str = r#"
game demo "Demo"
faction a, b
size small, large
stat hull, energy
icon crew "Crew", title "Title"
class cruiser "Cruiser"
tech fusion "Fusion"
rule big-crew "At most one crew across large ships": at most 1 upgrade with icon crew per fleet where size large
rule large-points "Large ships cost at most 30": total cost at most 30 per fleet where size large
rule energy "Energy": sum energy at least 0 per blueprint
"#;

const CARDS: &str = r#"
ship "Small One" { faction: a  size: small  cost: 20  upgrades: crew, crew }
ship "Small Two" { faction: a  size: small  cost: 20  upgrades: crew }
ship "Big" { faction: a  size: large  cost: 25  upgrades: crew, crew }
ship "Both" { faction: a, b  size: small  cost: 10  upgrades: crew }
ship "Titled" { faction: a  size: small  cost: 5  upgrades: title, crew }
ship "Bare" { faction: a  size: small  cost: 5  upgrades: title }
upgrade "Crew Quarters" { icon: title  grants: slot crew  cost: 1 }
upgrade "No Crew Ships" { icon: title  requires: not icon crew  cost: 1 }
upgrade "Gunner" { icon: crew  cost: 3 }
upgrade "B Only" { icon: crew  faction: b  cost: 1 }
part "Hull" { hull: 1 }
part "Source" { energy: +2 }
part "Fusion Drive" { drive  energy: -1  tech: fusion }
blueprint "Cruiser" { class: cruiser  spaces: source, empty, empty }
species "People" { upgrade-activations: 3  blueprints: cruiser }
"#;

fn set() -> cards_runtime::Set {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("game.cards"), GAME).unwrap();
    std::fs::write(dir.path().join("cards.cards"), CARDS).unwrap();
    let report = cardc::check_paths(&[dir.path()]).unwrap();
    let errors: Vec<&str> = report.all_diagnostics().filter(|d| d.is_error()).map(|d| d.message.as_str()).collect();
    assert!(errors.is_empty(), "{errors:?}");
    report.sets.into_iter().next().unwrap().set.unwrap()
}

fn ids(set: &cards_runtime::Set, json: &str) -> BTreeSet<String> {
    run(set, &Scenario::parse(json).unwrap()).unwrap().ids()
}

#[test]
fn where_applies_to_fleet_scope_rules() {
    let set = set();
    let small = r#"{"game":"demo","faction":"a","ships":[
        {"ship":"small-one","upgrades":["gunner","gunner"]},{"ship":"small-two","upgrades":["gunner"]}]}"#;
    assert_eq!(ids(&set, small), BTreeSet::new(), "no large ship: neither rule applies");
    let big = r#"{"game":"demo","faction":"a","ships":[
        {"ship":"big","upgrades":["gunner","gunner"]},{"ship":"small-one","upgrades":["gunner"]}]}"#;
    assert_eq!(ids(&set, big), ["big-crew".to_string(), "large-points".to_string()].into());
}

#[test]
fn a_ship_of_two_factions_fights_for_the_fleets() {
    let set = set();
    let json = r#"{"game":"demo","faction":"a","ships":[{"ship":"both","upgrades":["b-only"]}]}"#;
    assert_eq!(ids(&set, json), ["faction".to_string()].into());
    let json = r#"{"game":"demo","faction":"b","ships":[{"ship":"both","upgrades":["b-only"]}]}"#;
    assert_eq!(ids(&set, json), BTreeSet::new());
}

#[test]
fn an_upgrade_adds_its_icons_to_the_bar_in_any_order() {
    let set = set();
    let fleet = |upgrades: &str| {
        format!(r#"{{"game":"demo","faction":"a","ships":[{{"ship":"titled","upgrades":[{upgrades}]}}]}}"#)
    };
    assert_eq!(ids(&set, &fleet(r#""gunner","gunner""#)), ["no-icon".to_string()].into());
    assert_eq!(ids(&set, &fleet(r#""crew-quarters","gunner","gunner""#)), BTreeSet::new());
    assert_eq!(ids(&set, &fleet(r#""gunner","gunner","crew-quarters""#)), BTreeSet::new());
    assert_eq!(ids(&set, &fleet(r#""gunner","gunner","gunner","crew-quarters""#)), ["no-icon".to_string()].into());
}

#[test]
fn the_icon_restriction_reads_the_printed_bar() {
    let set = set();
    let json = r#"{"game":"demo","faction":"a","ships":[{"ship":"titled","upgrades":["no-crew-ships"]}]}"#;
    assert_eq!(ids(&set, json), ["restriction".to_string()].into());
    let json = r#"{"game":"demo","faction":"a","ships":[{"ship":"bare","upgrades":["no-crew-ships"]}]}"#;
    assert_eq!(ids(&set, json), BTreeSet::new());
}

#[test]
fn a_placed_tile_must_be_returned_before_another_is_placed() {
    let set = set();
    let json = r#"{"game":"demo","species":"people","blueprint":"cruiser","activations":[
        {"place":{"part":"hull","space":1}},
        {"place":{"part":"source","space":1}}]}"#;
    let outcome = run(&set, &Scenario::parse(json).unwrap()).unwrap();
    assert_eq!(outcome.ids(), ["no-space".to_string()].into());
    assert_eq!(outcome.stats.as_ref().unwrap()["hull"], 1, "the hull tile stays");
}

#[test]
fn an_unknown_part_is_reported_and_the_rest_still_runs() {
    let set = set();
    let json = r#"{"game":"demo","species":"people","blueprint":"cruiser","activations":[
        {"return":[9],"place":{"part":"nope","space":1}},
        {"place":{"part":"fusion-drive","space":99}}]}"#;
    let outcome = run(&set, &Scenario::parse(json).unwrap()).unwrap();
    let expected: BTreeSet<String> =
        ["unknown-card", "no-space", "tech-required"].iter().map(|s| s.to_string()).collect();
    assert_eq!(outcome.ids(), expected, "{:#?}", outcome.violations);
    assert!(outcome.stats.is_some());
}
