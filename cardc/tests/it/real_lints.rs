//! The templating lints on the templates real cards print: `Attack ([Lock]): Spend 1
//! [Charge].` pays for the attack, a `may` inside an attack is a choice within it, and
//! `can` meets `cannot` only about the same ship when both cards can be on one ship.

use crate::common;

use std::path::Path;

const GAME: &str = r#"game demo "Demo"
faction rebel "Rebel", empire "Empire"
size small "Small"
token focus "focus", evade "evade", stress "stress", lock "lock"
resource charge "Charge", shield "shield"
action focus "Focus", boost "Boost", lock "Lock", barrel-roll "Barrel Roll"
result hit "Hit", critical-hit "Critical Hit", focus "Focus"
phase engagement "Engagement Phase"
header action "Action" optional
header attack "Attack" optional
icon crew "Crew", missile "Missile"
allow unused-icon, unequippable-upgrade, reading-differs
"#;

/// One upgrade card with its icon and text.
fn upgrade(name: &str, icon: &str, text: &str) -> String {
    format!("upgrade \"{name}\" {{\n  icon: {icon}\n  text {{\n    {text}\n  }}\n}}\n")
}

/// The codes of the warnings and notes `cardc` reports on a set made of `cards`.
fn codes(name: &str, cards: &str) -> Vec<String> {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("real_lints").join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("game.cards"), GAME).unwrap();
    std::fs::write(dir.join("cards.cards"), cards).unwrap();
    let report = cardc::check_paths(&[&dir]).unwrap();
    assert_eq!(report.errors(), 0, "{name}: {:?}", report.all_diagnostics().collect::<Vec<_>>());
    report.all_diagnostics().map(|d| d.code.id.to_string()).collect()
}

#[test]
fn an_attack_header_with_only_a_cost_pays_for_the_attack() {
    let ordnance = upgrade(
        "Proton Torpedoes",
        "missile",
        "Attack ([Lock]): Spend 1 [Charge]. Change 1 [Hit] result to a [Critical Hit] result.",
    ) + &upgrade(
        "Ion Missiles",
        "missile",
        "Attack ([Lock]): Spend 1 [Charge]. After this attack hits, the defender gains 1 stress token.",
    );
    assert!(!codes("ordnance", &ordnance).contains(&"W0003".to_string()));
    let dead = upgrade("Dead Weight", "crew", "Action: Spend 1 [Charge].");
    // It also has no `charges:` to spend (W0007).
    assert_eq!(codes("dead", &dead), ["W0003", "W0007"]);
}

#[test]
fn a_may_inside_an_attack_is_not_redundant() {
    let attack = upgrade(
        "Homing Missiles",
        "missile",
        "Attack ([Focus]): During this attack, you may spend 1 [Charge] to change 1 [Focus] result to a [Hit] result.",
    );
    assert!(!codes("attack-may", &attack).contains(&"W0005".to_string()));
    let action = upgrade("Extra Care", "crew", "Action: You may gain 1 focus token.");
    assert_eq!(codes("action-may", &action), ["W0005"]);
}

/// W0006 reads a `While` as the lowering does: a state is a condition, reported only when
/// the reading cannot structure it.
#[test]
fn a_while_state_is_a_condition_to_w0006_as_to_the_reading() {
    let stressed = upgrade("Steady Nerves", "crew", "While you are stressed, you can perform [Boost] actions.");
    assert!(!codes("while-stressed", &stressed).contains(&"W0006".to_string()));
    // A state the reading does not structure (a ship docked with you) is reported.
    let docked = upgrade("Dock Crew", "crew", "While a ship is docked with you, you can perform [Boost] actions.");
    assert_eq!(codes("while-docked", &docked), ["W0006"]);
    // One it structures is not (the speed of the revealed maneuver, odd or even).
    let odd = upgrade(
        "Odd Crew",
        "crew",
        "While the speed of your revealed maneuver is odd, you can perform [Boost] actions.",
    );
    assert!(!codes("while-odd", &odd).contains(&"W0006".to_string()));
}

/// Two pilots and an upgrade only the rebel one can equip.
fn ships(rebel: &str, imperial: &str, upgrade: &str) -> String {
    format!(
        r#"chassis "Fighter" {{
  size: small
}}
ship "Rebel Ace" {{
  chassis: fighter
  faction: rebel
  upgrades: crew
  text {{
    {rebel}
  }}
}}
ship "Imperial Ace" {{
  chassis: fighter
  faction: empire
  text {{
    {imperial}
  }}
}}
upgrade "Crew Member" {{
  icon: crew
  faction: rebel
  text {{
    {upgrade}
  }}
}}"#
    )
}

#[test]
fn can_and_cannot_meet_only_on_one_ship_about_the_same_ship() {
    // Two pilots are never one ship.
    let pilots =
        ships("You can perform [Boost] actions even while stressed.", "You cannot perform [Boost] actions.", "");
    assert!(!codes("two-pilots", &pilots).contains(&"N0002".to_string()));
    // The rebel pilot can equip the crew member: both are about that ship.
    let equipped =
        ships("You can perform [Boost] actions even while stressed.", "", "You cannot perform [Boost] actions.");
    assert_eq!(codes("equipped", &equipped), ["N0002"]);
    // The imperial pilot cannot equip the rebel crew member.
    let apart =
        ships("", "You can perform [Boost] actions even while stressed.", "You cannot perform [Boost] actions.");
    assert!(!codes("apart", &apart).contains(&"N0002".to_string()));
    // `Enemy ships cannot … on you` is about other ships: whichever ship can meets it.
    // (`beyond range 3` is a phrase the model keeps as words: W0006, not this test's.)
    let others = ships("You can acquire locks beyond range 3.", "", "Enemy ships cannot acquire locks on you.");
    let others: Vec<String> = codes("others", &others).into_iter().filter(|c| c != "W0006").collect();
    assert_eq!(others, ["N0002"]);
    // `can … only` restricts.
    let only = ships(
        "You can perform [Boost] actions only during the Engagement Phase.",
        "",
        "You cannot perform [Boost] actions.",
    );
    assert!(!codes("only", &only).contains(&"N0002".to_string()));
}

#[test]
fn replacements_compete_only_where_both_can_apply() {
    let instead = "If you would gain a stress token, gain a focus token instead.";
    // Two pilots replacing their own events are never one ship.
    assert!(!codes("two-pilots-replace", &ships(instead, instead, "")).contains(&"N0001".to_string()));
    // The rebel pilot can equip the crew member: both replace that ship's event.
    assert_eq!(codes("equipped-replace", &ships(instead, "", instead)), ["N0001"]);
    // The imperial pilot cannot equip the rebel crew member.
    assert!(!codes("apart-replace", &ships("", instead, instead)).contains(&"N0001".to_string()));
    // A replacement of another ship's event meets whichever ship that is.
    let defender =
        "While you perform an attack, if the defender would gain a stress token, it gains a focus token instead.";
    assert_eq!(codes("defender-replace", &ships(instead, defender, "")), ["N0001"]);
}

/// On both real pools, imported with no lint allowed but `opaque-clause` and
/// `unused-icon`: no W0003 or W0005, and every N0002 is a `can` and a `cannot` about the
/// same ship.
#[test]
fn the_real_pools_have_no_false_template_warning() {
    let Some(shared) = common::shared() else { return };
    for data in ["xwing-data2-xwingtmg", "xwing-data2-legacy"] {
        let imported = common::xwing_data2(&shared, data);
        let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("real_lints").join(data);
        cardc::import::write_set(&dir, &imported.files, true).unwrap();
        let report = cardc::check_paths(&[&dir]).unwrap();
        let found: Vec<&cardc::Diagnostic> = report.all_diagnostics().collect();
        // Each read against the cards: a ship that can lock at long range meets a cloaked
        // ship enemies cannot lock; a ship that can SLAM or barrel roll while stressed
        // meets a configuration or inactive-charge rule that it cannot; a ship that can spend
        // its focus tokens meets an attacker whose ability says the defender cannot.
        let real = [
            ("`can spend your focus and evade tokens`", "`cannot spend focus or calculate tokens`"),
            ("`can acquire locks`", "`cannot acquire locks on you`"),
            // A ship that lets friendly ships lock at range of any friendly ship meets a
            // friendly ship whose own card says it cannot lock.
            ("`can acquire locks onto objects at range 0-3 of any friendly ship`", "`cannot acquire locks`"),
            ("`can perform the [SLAM] action`", "`cannot perform the [SLAM] action`"),
            ("`can perform [SLAM] actions`", "`cannot perform the [SLAM] action`"),
            ("`can perform [Barrel Roll] and [Boost] actions`", "`cannot perform [Barrel Roll] actions`"),
            // A wing leader lets its wingmates barrel roll; a wingmate's own card may say it cannot.
            ("`can perform [Barrel Roll] or [Boost] actions`", "`cannot perform [Barrel Roll] actions`"),
        ];
        for d in &found {
            assert!(!matches!(d.code.id, "W0003" | "W0005"), "{data}: {}", d.message);
            if d.code.id == "N0002" {
                let known = real.iter().any(|(can, cannot)| d.message == format!("{can} meets {cannot}"));
                assert!(known, "{data}: a can-and-cannot note no card reading explains: {}", d.message);
            }
        }
    }
}
