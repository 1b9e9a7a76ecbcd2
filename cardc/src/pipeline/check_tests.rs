use super::*;
use crate::source::SourceFile;

/// Checks a set made of the given files (name, text).
fn check(files: &[(&str, &str)]) -> (SourceMap, Checked) {
    let mut sources = SourceMap::new();
    let ids = files.iter().map(|(name, text)| sources.add(SourceFile::new((*name).into(), *text))).collect();
    let set = SetSource { dir: "set".into(), files: ids, diagnostics: Vec::new() };
    let checked = check_set(&sources, &set);
    (sources, checked)
}

fn codes(c: &Checked) -> Vec<&'static str> {
    c.diagnostics.iter().map(|d| d.code.id).collect()
}

const GAME: &str = "game g \"G\"\nfaction empire, rebel\nsize small, medium, large\nstat hull\nicon commander \"Commander\" implicit, officer, title\nship-icon victory\nflagship: ship with commander\n";

#[test]
fn a_clean_set_gives_its_model() {
    let ships = "ship \"Victory I\" {\n  faction: empire\n  ship-icon: victory\n  size: medium\n  cost: 73\n  hull: 8\n  upgrades: officer, title\n}\nupgrade \"Thrawn\" { unique  icon: commander  faction: empire  cost: 32 }\nupgrade \"Dominator\" { icon: title  ship-icon: victory  cost: 12 }\nupgrade \"Flag Bridge\" { icon: officer  requires: size small, medium and flagship }\n";
    let (_, c) = check(&[("game.cards", GAME), ("ships.cards", ships)]);
    assert!(c.diagnostics.is_empty(), "{:?}", codes(&c));
    let set = c.set.expect("a model");
    assert_eq!(set.game, "g");
    assert_eq!(set.cards.len(), 4);
    let (_, victory) = set.card("victory-i").unwrap();
    assert_eq!(victory.stat(0), Some(8));
    assert_eq!(victory.upgrades.as_ref(), &[1, 2]);
    assert_eq!(set.flagship_icon, Some(0));
    assert!(set.card("thrawn").unwrap().1.unique);
    assert!(set.card("flag-bridge").unwrap().1.requires.is_some());
}

#[test]
fn the_flagship_restriction_counts_a_ship_that_could_be_flagship() {
    // The commander icon is implicit, so any ship can be the flagship.
    let ships = "ship \"S\" { size: small  upgrades: officer }\nupgrade \"Flag Bridge\" { icon: officer  requires: flagship }\n";
    let (_, c) = check(&[("game.cards", GAME), ("s.cards", ships)]);
    assert!(!codes(&c).contains(&"W0001"), "{:?}", codes(&c));
    // Without a flagship line, no ship can be one.
    let game = GAME.replace("flagship: ship with commander\n", "");
    let (_, c) = check(&[("game.cards", &game), ("s.cards", ships)]);
    assert!(codes(&c).contains(&"W0001"), "{:?}", codes(&c));
}

#[test]
fn icon_groups_need_one_icon_each() {
    let ships = "ship \"S\" { size: small  upgrades: officer, title }\nupgrade \"Pair\" { icons: officer + officer }\nupgrade \"Both\" { icons: officer + title }\n";
    let (_, c) = check(&[("game.cards", GAME), ("s.cards", ships)]);
    let w: Vec<&str> = c.diagnostics.iter().filter(|d| d.code.id == "W0001").map(|d| d.message.as_str()).collect();
    assert_eq!(w, ["no ship in this set can equip `pair`"]);
}

#[test]
fn allow_silences_a_warning_by_name_or_code() {
    let ships = "ship \"S\" { size: small  upgrades: officer }\n";
    let (_, c) = check(&[("game.cards", GAME), ("s.cards", ships)]);
    assert_eq!(codes(&c), ["W0002"]);
    for allow in ["allow unused-icon\n", "allow W0002\n", "allow w0002\n"] {
        let game = format!("{GAME}{allow}");
        let (_, c) = check(&[("game.cards", &game), ("s.cards", ships)]);
        assert!(c.diagnostics.is_empty(), "{allow}: {:?}", codes(&c));
    }
}

#[test]
fn errors_suppress_lints_and_the_model() {
    let ships = "ship \"S\" { size: tiny  upgrades: officer }\n";
    let (_, c) = check(&[("game.cards", GAME), ("s.cards", ships)]);
    assert_eq!(codes(&c), ["E0105"]);
    assert!(c.set.is_none());
}

#[test]
fn duplicates_across_files_label_both_files() {
    let (_, c) = check(&[
        ("game.cards", GAME),
        ("a.cards", "upgrade \"X\" { icon: officer }\n"),
        ("b.cards", "upgrade \"X\" { icon: title }\n"),
    ]);
    let d = c.diagnostics.iter().find(|d| d.code.id == "E0103").expect("E0103");
    let files: Vec<u32> = d.labels.iter().map(|l| l.file).collect();
    assert_eq!(files, [2, 1]);
}

#[test]
fn a_broken_card_is_still_known_by_its_id() {
    let cards = "chassis \"TIE\" {\n  size: small;\n}\nship \"Vader\" { chassis: tie }\n";
    let (_, c) = check(&[("game.cards", GAME), ("c.cards", cards)]);
    assert_eq!(codes(&c), ["E0001"]);
}

#[test]
fn restrictions_resolve_every_name() {
    let cards = "upgrade \"U\" { icon: officer  requires: faction empire or (trait nope and chassis nope) }\n";
    let (_, c) = check(&[("game.cards", GAME), ("c.cards", cards)]);
    assert_eq!(codes(&c), ["E0105", "E0106"]);
}
