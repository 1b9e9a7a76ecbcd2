//! Every conformance scenario through both paths: the sets compiled into this package
//! (`cards validate`) and the same sets loaded at run time (`cardc validate`). The verdicts
//! are the expected ones and the two paths agree on every field.

use crate::common;

use std::process::Command;

use cards_runtime::scenario::{report_json, run, Scenario};

#[test]
fn compiled_sets_equal_the_sets_loaded_at_run_time() {
    let report = cardc::check_paths(&[concat!(env!("CARGO_MANIFEST_DIR"), "/cards")]).unwrap();
    assert_eq!(report.sets.len(), cards::SETS.len());
    for checked in &report.sets {
        let loaded = checked.set.as_ref().expect("the shipped sets check clean");
        let compiled = cards::set(&loaded.game).expect("compiled");
        assert_eq!(compiled, loaded, "{}: codegen changed the model", loaded.game);
    }
}

#[test]
fn every_scenario_gives_its_verdict_through_both_paths() {
    let Some(shared) = common::shared() else { return };
    let mut count = 0;
    for dir in common::example_sets(&shared) {
        let game = dir.file_name().unwrap().to_str().unwrap().to_string();
        let compiled = cards::set(&game).expect("a compiled set per conformance game");
        let report = cardc::check_paths(&[&dir]).unwrap();
        let loaded = report.sets[0].set.as_ref().expect("the conformance set checks clean");
        for file in common::files(&dir.join("scenarios"), "json") {
            let scenario = Scenario::parse(&std::fs::read_to_string(&file).unwrap()).unwrap();
            let a = run(compiled, &scenario).unwrap();
            let b = run(loaded, &scenario).unwrap();
            assert_eq!(a, b, "{}: the two paths disagree", file.display());
            a.check(&scenario).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
            // And the binaries print the same line.
            let name = file.to_str().unwrap();
            let cards_out = Command::new(env!("CARGO_BIN_EXE_cards"))
                .args(["validate", "--format", "json", name])
                .output()
                .unwrap();
            let expected_code = if a.is_legal() { 0 } else { 1 };
            assert_eq!(cards_out.status.code(), Some(expected_code), "{name}");
            assert_eq!(String::from_utf8_lossy(&cards_out.stdout).trim_end(), report_json(name, &a));
            count += 1;
        }
    }
    assert!(count >= 29, "only {count} scenarios");
}

/// The shipped set of a game of its own kinds (`cards/emberfall`: heroes, items, spells in
/// warbands): its scenarios, written in its words, through both paths.
#[test]
fn a_game_of_its_own_kinds_validates_through_both_paths() {
    let dir = common::root().join("cards/emberfall");
    let compiled = cards::set("emberfall").expect("compiled from cards/");
    let report = cardc::check_paths(&[&dir]).unwrap();
    let loaded = report.sets[0].set.as_ref().expect("the set checks clean");
    let files = common::files(&dir.join("scenarios"), "json");
    assert_eq!(files.len(), 6);
    for file in files {
        let scenario = Scenario::parse(&std::fs::read_to_string(&file).unwrap()).unwrap();
        let a = run(compiled, &scenario).unwrap();
        assert_eq!(a, run(loaded, &scenario).unwrap(), "{}: the two paths disagree", file.display());
        a.check(&scenario).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        let name = file.to_str().unwrap();
        let out =
            Command::new(env!("CARGO_BIN_EXE_cards")).args(["validate", "--format", "json", name]).output().unwrap();
        assert_eq!(out.status.code(), Some(if a.is_legal() { 0 } else { 1 }), "{name}");
        assert_eq!(String::from_utf8_lossy(&out.stdout).trim_end(), report_json(name, &a));
    }
}

/// The typed layer of a game of its own kinds: each kind is a type of its own (`Hero<N>`),
/// with its role's trait, whose constants are the card as printed in `heroes.cards` and
/// `gear.cards`, typed by the game's own enums.
#[test]
fn a_game_of_its_own_kinds_has_a_type_per_kind() {
    use cards::emberfall::{self, cards as card, CardId, Faction, Icon, Kind, Stat};
    use cards_runtime::model::CardKind;
    use cards_runtime::typed::{Card, Unit, Upgrade};

    fn bar_len<H: Unit>() -> usize {
        H::UPGRADES.len()
    }
    // A trait per kind: items and spells share a role, and generic code can take one alone.
    fn item_cost<I: emberfall::kinds::Item>() -> Option<i64> {
        I::COST
    }
    fn is_hero<H: emberfall::kinds::Hero>() -> bool {
        H::KIND == Kind::Hero
    }
    let _: emberfall::Hero<{ CardId::SirCaldricVane.index() }> = card::SirCaldricVane::default();
    assert_eq!(card::SirCaldricVane::NAME, "Sir Caldric Vane");
    assert_eq!(card::SirCaldricVane::ID, CardId::SirCaldricVane);
    assert_eq!((card::SirCaldricVane::KIND, card::SirCaldricVane::ROLE), (Kind::Hero, CardKind::Ship));
    assert_eq!(Kind::Hero.name(), "Hero");
    assert_eq!(card::SirCaldricVane::COST, Some(28));
    // Checked when the test compiles: the constants are the card as printed.
    const { assert!(card::SirCaldricVane::UNIQUE) };
    assert_eq!(card::SirCaldricVane::FACTIONS, &[Faction::Emberguard]);
    // His own valor, and the Warrior calling's size and stats.
    assert_eq!(
        card::SirCaldricVane::STATS,
        &[(Stat::Might, 3), (Stat::Guard, 2), (Stat::Health, 6), (Stat::Speed, 2), (Stat::Valor, 5)]
    );
    assert_eq!(card::SirCaldricVane::SIZE, Some(emberfall::Size::Small));
    // His bar as printed: weapon, armor, trinket, relic.
    assert_eq!(card::SirCaldricVane::UPGRADES, &[Icon::Weapon, Icon::Armor, Icon::Trinket, Icon::Relic]);
    assert_eq!(bar_len::<card::SirCaldricVane>(), 4);
    assert_eq!(card::SirCaldricVane::PROFILE.map(CardId::name), Some("Warrior"));
    assert_eq!(card::CavalryLance::ICONS, &[Icon::Weapon]);
    assert_eq!((card::CavalryLance::COST, card::CavalryLance::UNIQUE), (Some(4), false));
    assert_eq!(item_cost::<card::CavalryLance>(), Some(4));
    assert!(is_hero::<card::SirCaldricVane>());
    assert_eq!(CardId::CavalryLance.kind(), Kind::Item);
    assert_eq!(CardId::Barkskin.kind(), Kind::Spell);
    // What is not printed on the card face is in the dynamic model.
    let set = cards::set("emberfall").unwrap();
    assert_eq!(set.kind_of(card::Barkskin::data()).noun.id, "spell");
    assert_eq!(set.roster.id, "warband");
}

#[test]
fn cards_list_and_bad_input() {
    let out = Command::new(env!("CARGO_BIN_EXE_cards")).args(["list", "armada"]).output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.lines().any(|l| l.starts_with("dominator ") && l.contains("Dominator")), "{text}");
    let out = Command::new(env!("CARGO_BIN_EXE_cards")).args(["list", "chess"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.json");
    std::fs::write(&bad, "{\"game\": \"armada\",").unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_cards")).args(["validate", bad.to_str().unwrap()]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("line 1, column"));
}

#[test]
fn upgrade_cards_can_be_exhausted_readied_and_discarded() {
    use cards_runtime::state::{CardState, Equipped, StateError};
    let set = cards::set("armada").unwrap();
    let (veteran, _) = set.card("veteran-gunners").unwrap();
    let (doors, _) = set.card("reinforced-blast-doors").unwrap();
    let mut equipped = Equipped::new([veteran, doors]);
    equipped.exhaust(0).unwrap();
    assert_eq!(equipped.exhaust(0), Err(StateError::AlreadyExhausted));
    equipped.discard(1).unwrap();
    equipped.ready_all();
    assert_eq!((equipped.state(0), equipped.state(1)), (Some(CardState::Ready), Some(CardState::Discarded)));
    assert_eq!(equipped.score(set), 5 + 5, "the discarded card still counts");
}
