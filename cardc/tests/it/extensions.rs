//! The language extensions of issue 5, end to end: `tests/sets/extensions` uses each once;
//! it must check clean, lower to the model as written, and validate fleets by the new rules
//! (variable costs, slot grants, standard loadouts, the new restriction atoms, `total cost
//! of …`, `same … per ship-icon`, chained selector filters).

use cards_runtime::fleet::{validate_fleet, Fleet, FleetShip};
use cards_runtime::model::{BarAction, Charges, CostBasis, Difficulty, Grant, Set, VariableCost};

fn set() -> Set {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/sets/extensions");
    let mut report = cardc::check_paths(&[dir]).expect("the set can be read");
    let diagnostics: Vec<String> = report.all_diagnostics().map(|d| d.message.clone()).collect();
    assert!(diagnostics.is_empty(), "{diagnostics:?}");
    report.sets.remove(0).set.take().expect("a set without errors")
}

fn index(set: &Set, id: &str) -> u32 {
    set.card(id).unwrap_or_else(|| panic!("no card `{id}`")).0
}

/// The violation ids of a fleet of `(ship, [upgrades])`, sorted.
fn verdict(set: &Set, faction: &str, ships: &[(&str, &[&str])]) -> Vec<String> {
    let faction = set.vocab.factions.iter().position(|f| f.id == faction).map(|i| i as u16);
    let ships = ships
        .iter()
        .map(|(ship, ups)| FleetShip { ship: index(set, ship), upgrades: ups.iter().map(|u| index(set, u)).collect() })
        .collect();
    let mut ids: Vec<String> =
        validate_fleet(set, &Fleet { faction, ships }).into_iter().map(|v| v.id.to_string()).collect();
    ids.sort();
    ids
}

fn vocab(entries: &[cards_runtime::model::Entry], id: &str) -> u16 {
    entries.iter().position(|e| e.id == id).unwrap() as u16
}

#[test]
fn the_new_fields_lower_as_written() {
    let set = set();
    let v = &set.vocab;
    let action = |id| vocab(&v.actions, id);
    let x_wing = set.card("x-wing").unwrap().1;
    assert_eq!(
        x_wing.actions[..],
        [
            BarAction {
                action: action("focus"),
                difficulty: Difficulty::White,
                linked: Some((action("barrel-roll"), Difficulty::Red))
            },
            BarAction::white(action("barrel-roll")),
            BarAction { action: action("boost"), difficulty: Difficulty::Purple, linked: None },
        ]
    );
    assert_eq!(x_wing.arcs[..], [vocab(&v.arcs, "front")]);
    assert_eq!(x_wing.ship_icon, Some(vocab(&v.ship_icons, "t65")));
    assert_eq!(v.maneuvers.len(), 1);

    let luke = set.card("luke").unwrap().1;
    assert_eq!(luke.force, Some(Charges { count: 2, recovers: 1 }));
    assert_eq!(luke.formats[..], [vocab(&v.formats, "standard"), vocab(&v.formats, "epic")]);

    let seat = set.card("drop-seat").unwrap().1;
    let size = |id| i64::from(vocab(&v.sizes, id));
    assert_eq!(seat.cost, None);
    assert_eq!(
        seat.cost_by,
        Some(VariableCost {
            basis: CostBasis::Size,
            values: vec![(size("small"), 2), (size("medium"), 3), (size("large"), 4)].into()
        })
    );
    assert_eq!(seat.charges, Some(Charges { count: 2, recovers: -1 }));
    assert_eq!(
        seat.grants[..],
        [
            Grant::Slot(vocab(&v.icons, "crew"), 2),
            Grant::Slot(vocab(&v.icons, "device"), -1),
            Grant::Action(action("evade"), Difficulty::Red),
            Grant::Stat(vocab(&v.stats, "hull"), 1),
            Grant::Force(1),
            Grant::Arc(vocab(&v.arcs, "rear")),
        ]
    );
    assert_eq!(set.card("drop-seat-back").unwrap().1.back_of, Some(index(&set, "drop-seat")));
    let tailslide = set.card("tailslide").unwrap().1;
    assert!(tailslide.standard_loadout_only);
    assert_eq!(tailslide.cost_by.as_ref().map(|c| c.basis), Some(CostBasis::Stat(vocab(&v.stats, "agility"))));
    let blue = set.card("blue-squadron").unwrap().1;
    assert_eq!(blue.standard_loadout[..], [index(&set, "drop-seat"), index(&set, "tailslide")]);
    assert_eq!(blue.ship_abilities.len(), 0);
    assert_eq!(set.card("x-wing").unwrap().1.ship_abilities[0].name, "Wing Leader");
}

#[test]
fn slot_grants_open_and_close_icons() {
    let set = set();
    // Luke prints one crew; the Drop Seat grants two more.
    assert_eq!(verdict(&set, "rebel", &[("luke", &["drop-seat", "darth-vader", "lone-wolf"])]), Vec::<String>::new());
    assert_eq!(verdict(&set, "rebel", &[("luke", &["darth-vader", "lone-wolf"])]), ["no-icon"]);
    // The Outrider's device icon is taken away by the seat.
    assert_eq!(verdict(&set, "rebel", &[("outrider", &["drop-seat", "lone-wolf"])]), Vec::<String>::new());
    let no_device: Vec<String> = verdict(&set, "rebel", &[("outrider", &["drop-seat", "lone-wolf", "lone-wolf-ii"])]);
    assert_eq!(no_device, ["solitary-crew"], "two crew granted, so only the solitary rule breaks");
}

#[test]
fn variable_costs_count_against_the_loadout() {
    let set = set();
    // Drop Seat costs 2 on a small ship; Red Squadron's loadout is 4.
    assert_eq!(verdict(&set, "rebel", &[("red-squadron", &["drop-seat", "vader-fan"])]), ["restriction"]);
    assert_eq!(verdict(&set, "rebel", &[("red-squadron", &["drop-seat"])]), Vec::<String>::new());
    // On the large Outrider it costs 4: with Vader (3) that is its whole loadout of 7.
    assert_eq!(verdict(&set, "rebel", &[("outrider", &["drop-seat", "darth-vader"])]), Vec::<String>::new());
    assert_eq!(
        verdict(&set, "rebel", &[("outrider", &["drop-seat", "darth-vader", "formation"])]),
        ["loadout"],
        "4 + 3 + 1 = 8 > 7"
    );
    // Only ships count towards the 20 points: 6 + 4 + 5 + 5 = 20 is fine, one more is not.
    let four = [("luke", &[][..]), ("red-squadron", &[]), ("outrider", &[]), ("outrider", &[])];
    assert_eq!(verdict(&set, "rebel", &four), Vec::<String>::new());
    let five = [("luke", &[][..]), ("red-squadron", &[]), ("outrider", &[]), ("outrider", &[]), ("red-squadron", &[])];
    assert_eq!(verdict(&set, "rebel", &five), ["points"]);
}

#[test]
fn fleet_atoms_see_the_fleet() {
    let set = set();
    assert_eq!(verdict(&set, "rebel", &[("luke", &["vader-fan"])]), ["restriction"]);
    assert_eq!(
        verdict(&set, "rebel", &[("luke", &["vader-fan"]), ("outrider", &["darth-vader"])]),
        Vec::<String>::new()
    );
    assert_eq!(verdict(&set, "scum", &[("outrider", &["vader-fan"])]), Vec::<String>::new());
    // Tailslide needs an equipped configuration (and is standard-loadout-only anyway).
    assert_eq!(verdict(&set, "rebel", &[("luke", &["tailslide"])]), ["restriction", "standard-loadout"]);
}

#[test]
fn ship_atoms_test_the_ship() {
    let set = set();
    // Rear arc and agility 1: the freighter, not the X-wing.
    assert_eq!(verdict(&set, "rebel", &[("outrider", &["rear-gunner"])]), Vec::<String>::new());
    assert_eq!(verdict(&set, "rebel", &[("luke", &["rear-gunner"])]), ["restriction"]);
    // Not limited, with the Wing Leader ship ability (from the chassis).
    assert_eq!(verdict(&set, "rebel", &[("red-squadron", &["squad-veteran"])]), Vec::<String>::new());
    assert_eq!(verdict(&set, "rebel", &[("luke", &["squad-veteran"])]), ["restriction"]);
    // Colors: the X-wing's boost is purple, its red barrel roll only linked; the freighter's boost is red.
    assert_eq!(verdict(&set, "rebel", &[("luke", &["ace-roll"])]), Vec::<String>::new());
}

#[test]
fn standard_loadouts_are_fixed() {
    let set = set();
    assert_eq!(verdict(&set, "rebel", &[("blue-squadron", &["drop-seat", "tailslide"])]), ["restriction"]);
    let wrong = verdict(&set, "rebel", &[("blue-squadron", &["drop-seat"])]);
    assert_eq!(wrong, ["standard-loadout"]);
}

#[test]
fn standardized_upgrades_go_on_every_ship_of_the_type() {
    let set = set();
    let one = verdict(&set, "rebel", &[("luke", &["formation"]), ("red-squadron", &[])]);
    assert_eq!(one, ["standardized"]);
    let both = verdict(&set, "rebel", &[("luke", &["formation"]), ("red-squadron", &["formation"]), ("outrider", &[])]);
    assert_eq!(both, Vec::<String>::new());
}
