//! A game that declares its own kinds of card (`cards/emberfall`: heroes, callings, items,
//! spells, warbands): it checks, validates and compiles in its own words. Each mistake a
//! designer makes in it gives one diagnostic at the mistake, and no message, completion or
//! generated name says "ship", "chassis" or "fleet", which the game does not declare.

use crate::common;

use std::path::PathBuf;

use cardc::diagnostics::Applicability;
use cardc::{Diagnostic, SourceMap};
use cards_runtime::scenario::{report_text, run, Scenario};

/// The set's files: name and text.
fn emberfall() -> Vec<(String, String)> {
    common::shipped_files("emberfall")
}

fn scenarios() -> Vec<PathBuf> {
    common::files(&common::root().join("cards/emberfall/scenarios"), "json")
}

use common::mutate;

fn check(files: &[(String, String)]) -> (SourceMap, cardc::Checked) {
    common::check_in_memory("emberfall", files)
}

/// Every word a diagnostic says: message, labels, help, notes and fixes.
fn said(d: &Diagnostic) -> String {
    let mut out = vec![d.message.clone(), d.help.clone().unwrap_or_default()];
    out.extend(d.labels.iter().map(|l| l.message.clone()));
    out.extend(d.fixes.iter().map(|f| f.message.clone()));
    out.join("\n")
}

/// The words of another game, as whole words, in any case.
fn foreign_word(text: &str) -> Option<String> {
    text.split(|c: char| !(c.is_alphanumeric() || c == '-' || c == '\''))
        .map(|w| w.trim_matches(|c: char| !c.is_alphanumeric()).to_lowercase())
        .find(|w| matches!(w.as_str(), "ship" | "ships" | "chassis" | "fleet" | "fleets" | "squad" | "pilot"))
}

/// The diagnostics a mutation adds to those of the set as shipped (its warnings about
/// ability text it does not read yet).
fn added(files: &[(String, String)]) -> (SourceMap, Vec<Diagnostic>) {
    let (_, base) = check(&emberfall());
    let key = |d: &Diagnostic| format!("{} {}", d.code.id, d.message);
    let before: Vec<String> = base.diagnostics.iter().map(key).collect();
    let (sources, checked) = check(files);
    let new = checked.diagnostics.into_iter().filter(|d| !before.contains(&key(d))).collect();
    (sources, new)
}

#[test]
fn the_set_checks_without_errors_and_counts_every_card() {
    let (_, checked) = check(&emberfall());
    let errors: Vec<String> = checked.diagnostics.iter().filter(|d| d.is_error()).map(said).collect();
    assert!(errors.is_empty(), "{errors:#?}");
    // 3 callings, 6 heroes, 11 items and spells, as the files declare them.
    assert_eq!(checked.cards, 20);
    // Every diagnostic says the game's words, the reading's said-back included.
    for d in checked.diagnostics.iter() {
        assert_eq!(foreign_word(&said(d)), None, "{}", said(d));
    }
    // Its heroes and spaces are read as X-Wing's ships and ranges: no clause, trigger or
    // condition is kept opaque.
    let opaque: Vec<String> = checked.diagnostics.iter().filter(|d| d.code.id == "W0006").map(said).collect();
    assert!(opaque.is_empty(), "{opaque:#?}");
}

/// One mistake: where, what it is replaced with, and the one diagnostic it must give (its
/// code, its message, the text its primary label covers, the certain fix if any).
struct Mistake {
    file: &'static str,
    from: &'static str,
    to: &'static str,
    code: &'static str,
    message: &'static str,
    at: &'static str,
    fix: Option<&'static str>,
}

#[test]
fn each_mistake_is_one_diagnostic_in_the_games_words() {
    let mistakes = [
        // A hero names its calling with `calling:`; `chassis:` is another game's word.
        Mistake {
            file: "heroes.cards",
            from: "  calling: warrior\n  faction: emberguard\n  unique",
            to: "  chassis: warrior\n  faction: emberguard\n  unique",
            code: "E0201",
            message: "unknown field `chassis`",
            at: "chassis",
            fix: Some("calling"),
        },
        Mistake {
            file: "heroes.cards",
            from: "calling: mystic",
            to: "calling: mystc",
            code: "E0106",
            message: "no calling named `mystc` in this set",
            at: "mystc",
            fix: Some("mystic"),
        },
        Mistake {
            file: "heroes.cards",
            from: "calling: rider",
            to: "calling: sir-caldric-vane",
            code: "E0106",
            message: "`sir-caldric-vane` is a hero, not a calling",
            at: "sir-caldric-vane",
            fix: None,
        },
        // Only heroes carry a bar.
        Mistake {
            file: "gear.cards",
            from: "  icon: weapon\n  cost: 5\n",
            to: "  icon: weapon\n  upgrades: weapon\n  cost: 5\n",
            code: "E0201",
            message: "an item has no field `upgrades`",
            at: "upgrades",
            fix: None,
        },
        Mistake {
            file: "heroes.cards",
            from: "hero \"Emberguard Lancer\"",
            to: "heroe \"Emberguard Lancer\"",
            code: "E0109",
            message: "`heroe` is not a card kind of this game",
            at: "heroe",
            fix: Some("hero"),
        },
        // The kind written as its display name is: the card is read, and counted.
        Mistake {
            file: "heroes.cards",
            from: "hero \"Emberguard Lancer\"",
            to: "Hero \"Emberguard Lancer\"",
            code: "E0001",
            message: "a card's kind is written in lowercase: `hero`, not `Hero`",
            at: "Hero",
            fix: Some("hero"),
        },
        Mistake {
            file: "game.cards",
            from: "per hero",
            to: "per heroes",
            code: "E0109",
            message: "`heroes` is not a scope of this game",
            at: "heroes",
            fix: Some("hero"),
        },
        Mistake {
            file: "game.cards",
            from: "at most 1 item with icon relic",
            to: "at most 1 relic with icon relic",
            code: "E0109",
            message: "`relic` is not a kind of card this game's rules count",
            at: "relic",
            fix: None,
        },
        // A restriction names a calling with the game's word.
        Mistake {
            file: "gear.cards",
            from: "requires: trait mounted",
            to: "requires: chassis rider",
            code: "E0008",
            message: "expected a restriction, found `chassis`",
            at: "chassis",
            fix: Some("calling"),
        },
        Mistake {
            file: "gear.cards",
            from: "requires: trait mounted",
            to: "requires: trat mounted",
            code: "E0008",
            message: "expected a restriction, found `trat`",
            at: "trat",
            fix: Some("trait"),
        },
        // What a restriction is made of, in the game's words: `calling c`, not `chassis c`.
        Mistake {
            file: "gear.cards",
            from: "requires: trait mounted",
            to: "requires: trait mounted and",
            code: "E0008",
            message: "restriction ends too early",
            at: "and",
            fix: None,
        },
        Mistake {
            file: "gear.cards",
            from: "requires: trait mounted",
            to: "requires: 3",
            code: "E0008",
            message: "expected a restriction, found number `3`",
            at: "3",
            fix: None,
        },
        Mistake {
            file: "game.cards",
            from: "icon weapon \"Weapon\"",
            to: "icon banner \"Banner\", weapon \"Weapon\"",
            code: "W0002",
            message: "no hero has the icon `banner`",
            at: "banner",
            fix: None,
        },
        // A kind's type would hide a name the generated module uses.
        Mistake {
            file: "game.cards",
            from: "spell \"Spell\" upgrade",
            to: "spell \"Spell\" upgrade, none \"Nothing\" upgrade",
            code: "E0301",
            message: "kind `none` is `None` in Rust, which is the prelude's name the generated code uses",
            at: "none",
            fix: None,
        },
        // Or a table every generated enum has.
        Mistake {
            file: "game.cards",
            from: "spell \"Spell\" upgrade",
            to: "spell \"Spell\" upgrade, i-d-s \"Ids\" upgrade",
            code: "E0301",
            message: "`i-d-s` is `IDS` in Rust, the name of a table the generated enum of kinds has",
            at: "i-d-s",
            fix: None,
        },
    ];
    for m in &mistakes {
        let files = mutate(emberfall(), m.file, m.from, m.to);
        let (sources, new) = added(&files);
        let all: Vec<String> = new.iter().map(|d| format!("{} {}", d.code.id, d.message)).collect();
        assert_eq!(all.len(), 1, "{} → {}: expected one diagnostic, got {all:#?}", m.from, m.to);
        let d = &new[0];
        assert_eq!((d.code.id, d.message.as_str()), (m.code, m.message), "{}", m.to);
        let label = d.primary().unwrap();
        assert_eq!(sources.file(label.file).slice(label.span), m.at, "{}", m.message);
        let certain: Vec<&str> = d
            .fixes
            .iter()
            .filter(|f| f.applicability == Applicability::MachineApplicable)
            .flat_map(|f| f.edits.iter().map(|e| e.replacement.as_str()))
            .collect();
        assert_eq!(certain, m.fix.into_iter().collect::<Vec<_>>(), "{}", m.message);
        // What the designer wrote is quoted back; nothing else is another game's word.
        let quoted = format!("`{}`", m.at);
        assert_eq!(foreign_word(&said(d).replace(&quoted, "")), None, "{}", said(d));
    }
}

/// `flagship: <unit> with <icon>` names the game's unit kind.
#[test]
fn the_flagship_line_names_the_games_unit() {
    let with = |line: &str| {
        let mut files = emberfall();
        files.iter_mut().find(|(name, _)| name == "game.cards").unwrap().1.push_str(line);
        added(&files).1
    };
    assert!(with("flagship: hero with relic\n").is_empty());
    let new = with("flagship: ship with relic\n");
    let all: Vec<String> = new.iter().map(|d| format!("{} {}", d.code.id, d.message)).collect();
    assert_eq!(all, ["E0109 `ship` is not the game's unit kind"]);
    assert_eq!(new[0].help.as_deref(), Some("the flagship is one of the game's units: `flagship: hero with <icon>`"));
}

/// A broken `kind`, `roster`, `distance` or `verb` line is one syntax error: what it
/// declares is still the game's, so no card or rule of those kinds is an error too.
#[test]
fn a_broken_kind_line_does_not_hide_the_games_kinds() {
    let cases = [
        ("kind item \"Item\" upgrade, spell \"Spell\" upgrade", "kind item \"Item\" upgrade spell \"Spell\" upgrade"),
        ("kind item \"Item\" upgrade, spell \"Spell\" upgrade", "kind item \"Item\" upgrade, spell \"Spell\" upgrade,"),
        ("kind hero \"Hero\" \"Heroes\" unit", "kind hero \"Hero\" \"Heroes\" unit unit"),
        ("roster warband \"Warband\"", "roster warband \"Warband\" ,"),
        ("distance space \"Space\" \"Spaces\" adjacent 1", "distance space \"Space\" \"Spaces\" adjacent 1 ,"),
        // `adjacent` takes a number: what is not one is the grammar's to say.
        ("distance space \"Space\" \"Spaces\" adjacent 1", "distance space \"Space\" \"Spaces\" adjacent one"),
        // A verb's word in capitals: the grammar's to say, not a verb's mistake too.
        (DISTANCE, "distance space \"Space\" \"Spaces\" adjacent 1\nverb Mend, push"),
        (DISTANCE, "distance space \"Space\" \"Spaces\" adjacent 1\nverb mend push"),
        (DISTANCE, "distance space \"Space\" \"Spaces\" adjacent 1\nverb mend, push,"),
    ];
    for (from, to) in cases {
        let files = mutate(emberfall(), "game.cards", from, to);
        let (_, new) = added(&files);
        let all: Vec<String> = new.iter().map(|d| format!("{} {}", d.code.id, d.message)).collect();
        assert_eq!(all.len(), 1, "{to}: {all:#?}");
        assert_eq!(new[0].code.id, "E0001", "{to}: {all:#?}");
    }
}

#[test]
fn warbands_validate_in_the_games_words() {
    let report = cardc::check_paths(&[common::root().join("cards/emberfall")]).unwrap();
    let set = report.sets[0].model().expect("a model");
    for file in scenarios() {
        let scenario = Scenario::parse(&std::fs::read_to_string(&file).unwrap()).unwrap();
        let outcome = run(set, &scenario).unwrap();
        assert_eq!(outcome.check(&scenario), Ok(()), "{}", file.display());
        let text = report_text("s.json", &outcome);
        assert_eq!(foreign_word(&text), None, "{text}");
    }
    // The word for a list is the game's: a warband of heroes, each with its items and spells.
    let json = r#"{"game": "emberfall", "faction": "emberguard",
        "heroes": [{"hero": "emberguard-lancer", "items": ["cavalry-lance"], "spells": []}]}"#;
    let outcome = run(set, &Scenario::parse(json).unwrap()).unwrap();
    assert!(outcome.is_legal(), "{:?}", outcome.violations);
    // Another game's words are unknown fields, named with the game's own.
    let json = r#"{"game": "emberfall", "ships": [{"ship": "emberguard-lancer"}]}"#;
    let e = run(set, &Scenario::parse(json).unwrap()).unwrap_err();
    assert_eq!(e.message, "unknown field `ships`, expected one of `game`, `faction`, `heroes`, `expect`, `stats`");
    let json = r#"{"game": "emberfall", "heroes": [{"hero": "emberguard-lancer", "upgrades": []}]}"#;
    let e = run(set, &Scenario::parse(json).unwrap()).unwrap_err();
    assert!(e.message.contains("`heroes` is a list of {\"hero\": id, \"items\": [ids], \"spells\": [ids]}"), "{e}");
    // A hero or item the set does not have.
    let json = r#"{"game": "emberfall", "heroes": [{"hero": "sir-caldric-vain", "items": ["lance"]}]}"#;
    let outcome = run(set, &Scenario::parse(json).unwrap()).unwrap();
    let text = report_text("s.json", &outcome);
    assert!(text.contains("no hero `sir-caldric-vain` in this set; did you mean `sir-caldric-vane`?"), "{text}");
    assert_eq!(foreign_word(&text), None, "{text}");
}

/// Where two kinds share a role (items and spells both equip), a rule over one counts that
/// kind alone, and a scenario's list of one kind holds cards of that kind alone.
#[test]
fn a_rule_over_one_kind_counts_that_kind_alone() {
    let rules = "\nrule no-spells \"A hero casts no spells\": no spell per hero\n\
                 rule cheap-items \"A hero's items cost at most 5\": total cost of items at most 5 per hero\n";
    let mut files = emberfall();
    files.iter_mut().find(|(name, _)| name == "game.cards").unwrap().1.push_str(rules);
    let dir = common::write_set(&files);
    let report = cardc::check_paths(&[dir.path()]).unwrap();
    let set = report.sets[0].set.as_ref().expect("the set checks clean");
    let ids = |json: &str| run(set, &Scenario::parse(json).unwrap()).unwrap().ids();
    // Maelis (a mystic: spell, spell, trinket, relic) with Cinder Bolt (a spell, 4) and
    // the Hearthstone Amulet (an item, 2).
    let warband = |spells: &str, items: &str| {
        format!(
            r#"{{"game": "emberfall", "faction": "emberguard",
                "heroes": [{{"hero": "maelis-the-cinderwitch", "spells": [{spells}], "items": [{items}]}}]}}"#
        )
    };
    assert!(ids(&warband("", "\"hearthstone-amulet\"")).is_empty());
    assert_eq!(ids(&warband("\"cinder-bolt\"", "\"hearthstone-amulet\"")), ["no-spells".to_string()].into());
    // The spell's cost is not an item's: 4 + 2 is over 5, the items alone are not.
    assert!(!ids(&warband("\"cinder-bolt\"", "\"hearthstone-amulet\"")).contains("cheap-items"));
    assert!(ids(&warband("", "\"hearthstone-amulet\", \"crown-of-embers\"")).contains("cheap-items"));
    // A spell listed as an item is no item of the set.
    let outcome = run(set, &Scenario::parse(&warband("", "\"cinder-bolt\"")).unwrap()).unwrap();
    let text = report_text("s.json", &outcome);
    assert!(text.contains("unknown-card: no item `cinder-bolt` in this set"), "{text}");
}

/// A restriction on a calling, in the game's word, is checked and judged.
#[test]
fn a_restriction_names_a_calling_in_the_games_word() {
    let files = mutate(emberfall(), "gear.cards", "requires: trait mounted", "requires: calling rider");
    let (_, new) = added(&files);
    assert!(new.is_empty(), "{:#?}", new.iter().map(said).collect::<Vec<_>>());
    let dir = common::write_set(&files);
    let report = cardc::check_paths(&[dir.path()]).unwrap();
    let set = report.sets[0].model().expect("a model");
    // Sir Caldric is a warrior: the lance needs a rider.
    let json = r#"{"game": "emberfall", "faction": "emberguard",
        "heroes": [{"hero": "sir-caldric-vane", "items": ["cavalry-lance"]}]}"#;
    let outcome = run(set, &Scenario::parse(json).unwrap()).unwrap();
    let text = report_text("s.json", &outcome);
    assert!(text.contains("which requires a hero of the Rider calling"), "{text}");
    // The Emberguard Lancer is one.
    let json = r#"{"game": "emberfall", "faction": "emberguard",
        "heroes": [{"hero": "emberguard-lancer", "items": ["cavalry-lance"]}]}"#;
    assert!(run(set, &Scenario::parse(json).unwrap()).unwrap().is_legal());
}

/// The generated module names each kind's type after the kind (`Hero<N>`), implementing
/// the runtime trait of its role, and says no other game's word.
#[test]
fn generated_rust_names_the_games_kinds() {
    let report = cardc::check_paths(&[common::root().join("cards/emberfall")]).unwrap();
    let files = cardc::generate(&report).unwrap();
    let module = &files[0].contents;
    for expected in [
        "pub struct Hero<const N: u32>;",
        "pub struct Calling<const N: u32>;",
        "pub struct Item<const N: u32>;",
        "pub struct Spell<const N: u32>;",
        "impl<const N: u32> ::cards_runtime::typed::Unit for Hero<N> {",
        "impl<const N: u32> ::cards_runtime::typed::Profile for Calling<N> {}",
        "impl<const N: u32> ::cards_runtime::typed::Upgrade for Spell<N> {",
        "const ROLE: ::cards_runtime::model::CardKind = ::cards_runtime::typed::role::Unit;",
        "pub enum Kind {",
        "pub type SirCaldricVane = super::Hero<",
    ] {
        assert!(module.contains(expected), "`{expected}` is not generated");
    }
    let code: String = module.lines().filter(|l| !l.trim_start().starts_with("\"")).collect::<Vec<_>>().join("\n");
    assert_eq!(foreign_word(&code), None, "a foreign word in the generated module");
    for word in ["Ship", "Chassis", "Fleet"] {
        assert!(!code.contains(word), "`{word}` in the generated module");
    }
}

/// `distance space "Space" "Spaces" adjacent 1`: what the game's ability text measures
/// distance in is the set's, in its model and its generated data.
#[test]
fn the_distance_line_is_the_sets_distance() {
    let report = cardc::check_paths(&[common::root().join("cards/emberfall")]).unwrap();
    let set = report.sets[0].model().expect("a model");
    let d = set.distance.as_ref().expect("emberfall declares its distance");
    let n = &d.noun;
    assert_eq!((&*n.id, &*n.name, &*n.plural, &*n.plural_id), ("space", "Space", "Spaces", "spaces"));
    assert_eq!(d.adjacent, Some(1));
    // A range measured from you, in the game's words; one its distance cannot say, at range.
    assert_eq!(set.words().range(Some((0, 2))), " within 2 spaces of you");
    assert_eq!(set.words().range(Some((0, 1))), " within 1 space of you");
    assert_eq!(set.words().range(Some((1, 1))), " adjacent to you");
    assert_eq!(set.words().range(Some((2, 3))), " at range 2-3");
    // Names derived as a roster's, and no `adjacent`.
    let files = mutate(emberfall(), "game.cards", "distance space \"Space\" \"Spaces\" adjacent 1", "distance space");
    let (_, new) = added(&files);
    assert!(new.is_empty(), "{:#?}", new.iter().map(said).collect::<Vec<_>>());
    let dir = common::write_set(&files);
    let report = cardc::check_paths(&[dir.path()]).unwrap();
    let d = report.sets[0].model().expect("a model").distance.clone().expect("a distance");
    assert_eq!((&*d.noun.name, &*d.noun.plural, &*d.noun.plural_id, d.adjacent), ("space", "spaces", "spaces", None));
    // A set without the line has no distance: ability text measures in range bands.
    let files = mutate(emberfall(), "game.cards", "distance space \"Space\" \"Spaces\" adjacent 1\n", "");
    let dir = common::write_set(&files);
    let report = cardc::check_paths(&[dir.path()]).unwrap();
    assert_eq!(report.sets[0].model().expect("a model").distance, None);
}

/// Each mistake on a `distance` line is one E0110 at the mistake: a second line, a word
/// ability text already reads otherwise, an `adjacent` out of 0 to 255.
#[test]
fn each_mistake_on_the_distance_line_is_one_diagnostic() {
    const LINE: &str = "distance space \"Space\" \"Spaces\" adjacent 1";
    const UNITS: &str = "ability text names units with it";
    // (the line written instead, message, the text the primary label covers, its label)
    let cases = [
        (
            "distance space \"Space\" \"Spaces\" adjacent 1\ndistance inch",
            "more than one `distance` declaration in this set",
            "distance inch",
            "second declaration",
        ),
        (
            "distance hero",
            "`hero` cannot be the word of the game's distance",
            "hero",
            "names the game's unit kind, `hero`",
        ),
        (
            "distance step \"Step\" \"Heroes\"",
            "`heroes` cannot be the word of the game's distance",
            "\"Heroes\"",
            "names the game's unit kind, `hero`",
        ),
        (
            "distance square \"Hero\"",
            "`hero` cannot be the word of the game's distance",
            "\"Hero\"",
            "names the game's unit kind, `hero`",
        ),
        (
            "distance range adjacent 1",
            "`range` cannot be the word of the game's distance",
            "range",
            "ability text measures range bands with it (`at range 1-2`)",
        ),
        ("distance ship", "`ship` cannot be the word of the game's distance", "ship", UNITS),
        ("distance ships", "`ships` cannot be the word of the game's distance", "ships", UNITS),
        ("distance unit", "`unit` cannot be the word of the game's distance", "unit", UNITS),
        ("distance pace \"Pace\" \"Units\"", "`units` cannot be the word of the game's distance", "\"Units\"", UNITS),
        ("distance space adjacent 256", "`adjacent 256` is out of range", "256", "not a number from 0 to 255"),
        ("distance space adjacent -1", "`adjacent -1` is out of range", "-1", "not a number from 0 to 255"),
    ];
    for (to, message, at, label) in cases {
        let files = mutate(emberfall(), "game.cards", LINE, to);
        let (sources, new) = added(&files);
        let all: Vec<String> = new.iter().map(|d| format!("{} {}", d.code.id, d.message)).collect();
        assert_eq!(all, [format!("E0110 {message}")], "{to}");
        let primary = new[0].primary().unwrap();
        assert_eq!((sources.file(primary.file).slice(primary.span), primary.message.as_str()), (at, label), "{to}");
        assert!(new[0].help.is_some(), "{to}: a help says what to write instead");
    }
    // The second line names the first.
    let files = mutate(emberfall(), "game.cards", LINE, &format!("{LINE}\ndistance inch"));
    let (sources, new) = added(&files);
    let first = &new[0].labels[1];
    assert_eq!((sources.file(first.file).slice(first.span), first.message.as_str()), (LINE, "first declared here"));
    // `adjacent 0` and `adjacent 255` are distances too.
    for to in ["distance space adjacent 0", "distance space adjacent 255"] {
        let (_, new) = added(&mutate(emberfall(), "game.cards", LINE, to));
        assert!(new.is_empty(), "{to}: {:#?}", new.iter().map(said).collect::<Vec<_>>());
    }
}

/// Emberfall's `distance` line, after which the tests write `verb` lines.
const DISTANCE: &str = "distance space \"Space\" \"Spaces\" adjacent 1";

/// `game.cards` with `lines` after its `distance` line.
fn with_verbs(lines: &str) -> Vec<(String, String)> {
    mutate(emberfall(), "game.cards", DISTANCE, &format!("{DISTANCE}\n{lines}"))
}

/// `verb mend, push` and `verb cast "casts" "cast"`: the verbs the game's ability text uses
/// are the set's, in the order declared, with the forms English gives them or those written.
#[test]
fn the_verb_lines_are_the_sets_verbs() {
    let files = with_verbs("verb mend, push,\n  bury\nverb cast \"casts\" \"cast\"");
    let (_, new) = added(&files);
    assert!(new.is_empty(), "{:#?}", new.iter().map(said).collect::<Vec<_>>());
    let dir = common::write_set(&files);
    let report = cardc::check_paths(&[dir.path()]).unwrap();
    let set = report.sets[0].model().expect("a model");
    let verbs: Vec<(&str, &str, &str)> = set.verbs.iter().map(|v| (&*v.id, &*v.third, &*v.past)).collect();
    assert_eq!(
        verbs,
        [
            ("mend", "mends", "mended"),
            ("push", "pushes", "pushed"),
            ("bury", "buries", "buried"),
            ("cast", "casts", "cast"),
            // emberfall's own, declared after the lines.
            ("heal", "heals", "healed")
        ]
    );
    assert_eq!(set.words().verbs, &set.verbs[..]);
    // Forms written in capitals are read in lowercase, as ability text is.
    let files = with_verbs("verb cast \"Casts\" \"Cast\"");
    let (_, new) = added(&files);
    assert!(new.is_empty(), "{:#?}", new.iter().map(said).collect::<Vec<_>>());
    let dir = common::write_set(&files);
    let report = cardc::check_paths(&[dir.path()]).unwrap();
    let v = &report.sets[0].model().expect("a model").verbs[0];
    assert_eq!((&*v.id, &*v.third, &*v.past), ("cast", "casts", "cast"));
    // A set without the lines has its own alone.
    let report = cardc::check_paths(&[common::root().join("cards/emberfall")]).unwrap();
    let verbs = &report.sets[0].model().expect("a model").verbs;
    assert_eq!(verbs.iter().map(|v| &*v.id).collect::<Vec<_>>(), ["heal"]);
}

/// Each mistake on a `verb` line is one E0110 at the mistake: a verb declared twice, a word
/// the built-in reading already reads, the unit kind's or the distance's word, another
/// verb's form, a form that is not one word of letters.
#[test]
fn each_mistake_on_a_verb_line_is_one_diagnostic() {
    const BUILTIN: &str = "a word of the built-in reading";
    const HERO: &str = "names the game's unit kind, `hero`";
    const SPACE: &str = "names the game's distance, `space`";
    const NO_WORD: &str = "not one word of letters";
    // (the lines written, message, the text the primary label covers, its label, the help)
    let cases = [
        (
            "verb mend, push\nverb mend",
            "verb `mend` is declared twice",
            "mend",
            "declared again here",
            "remove one of the two",
        ),
        (
            "verb mend, gain",
            "`gain` cannot be one of the game's verbs",
            "gain",
            BUILTIN,
            "the built-in reading already reads `gain`: remove this verb",
        ),
        (
            "verb attack",
            "`attack` cannot be one of the game's verbs",
            "attack",
            BUILTIN,
            "the built-in reading already reads `attack`: remove this verb",
        ),
        (
            "verb bin \"bins\" \"discarded\"",
            "`discarded` cannot be a form of the game's verb `bin`",
            "\"discarded\"",
            BUILTIN,
            "the built-in reading already reads `discarded`: give the verb forms of its own (`verb bin \"…\" \"…\"`)",
        ),
        (
            "verb remov",
            "`removed` cannot be a form of the game's verb `remov`",
            "remov",
            "English gives it the form `removed`, which is a word of the built-in reading",
            "the built-in reading already reads `removed`: give the verb forms of its own (`verb remov \"…\" \"…\"`)",
        ),
        (
            "verb hero",
            "`hero` cannot be one of the game's verbs",
            "hero",
            HERO,
            "ability text already names the game's units with `hero`: remove this verb",
        ),
        (
            "verb band \"heroes\" \"banded\"",
            "`heroes` cannot be a form of the game's verb `band`",
            "\"heroes\"",
            HERO,
            "ability text already names the game's units with `heroes`: give the verb forms of its own (`verb band \"…\" \"…\"`)",
        ),
        (
            "verb space",
            "`space` cannot be one of the game's verbs",
            "space",
            SPACE,
            "ability text already measures distance with `space`: remove this verb",
        ),
        (
            "verb step \"spaces\" \"stepped\"",
            "`spaces` cannot be a form of the game's verb `step`",
            "\"spaces\"",
            SPACE,
            "ability text already measures distance with `spaces`: give the verb forms of its own (`verb step \"…\" \"…\"`)",
        ),
        (
            "verb fall \"falls\" \"fallen\", fell \"fells\" \"falls\"",
            "`falls` cannot be a form of the game's verb `fell`",
            "\"falls\"",
            "a form of verb `fall`",
            "ability text already reads `falls` as verb `fall`: give the verb forms of its own (`verb fell \"…\" \"…\"`)",
        ),
        (
            "verb cast \"cast-\" \"cast\"",
            "`cast-` cannot be a form of the game's verb `cast`",
            "\"cast-\"",
            NO_WORD,
            "a verb's form is one word of letters, as ability text spells it (`heals`)",
        ),
        (
            "verb cast \"cast s\" \"cast\"",
            "`cast s` cannot be a form of the game's verb `cast`",
            "\"cast s\"",
            NO_WORD,
            "a verb's form is one word of letters, as ability text spells it (`heals`)",
        ),
        (
            "verb mend2",
            "`mend2` cannot be one of the game's verbs",
            "mend2",
            NO_WORD,
            "a verb's form is one word of letters, as ability text spells it (`heal`)",
        ),
    ];
    for (lines, message, at, label, help) in cases {
        let (sources, new) = added(&with_verbs(lines));
        let all: Vec<String> = new.iter().map(|d| format!("{} {}", d.code.id, d.message)).collect();
        assert_eq!(all, [format!("E0110 {message}")], "{lines}");
        let primary = new[0].primary().unwrap();
        let file = sources.file(primary.file);
        assert_eq!((file.slice(primary.span), primary.message.as_str()), (at, label), "{lines}");
        // On the `verb` lines, not on a kind or distance of the same word.
        let verb_lines = file.text.find(&format!("{DISTANCE}\n{lines}")).expect("the lines") + DISTANCE.len();
        assert!(primary.span.start as usize > verb_lines, "{lines}");
        assert_eq!(new[0].help.as_deref(), Some(help), "{lines}");
    }
    // The second `mend` names the first, and the second `falls` the verb it is a form of.
    let (sources, new) = added(&with_verbs("verb mend, push\nverb mend"));
    let [_, first] = &new[0].labels[..] else { panic!("{:#?}", new[0].labels) };
    assert_eq!((sources.file(first.file).slice(first.span), first.message.as_str()), ("mend", "first declared here"));
    assert!(first.span.start < new[0].primary().unwrap().span.start);
    let (sources, new) = added(&with_verbs("verb fall \"falls\" \"fallen\", fell \"fells\" \"falls\""));
    let [primary, other] = &new[0].labels[..] else { panic!("{:#?}", new[0].labels) };
    assert_eq!(primary.span.start as usize, sources.file(primary.file).text.rfind("\"falls\"").unwrap());
    assert_eq!(
        (sources.file(other.file).slice(other.span), other.message.as_str()),
        ("fall", "verb `fall` declared here")
    );
    // An irregular verb whose past participle is its base form is no mistake.
    let (_, new) = added(&with_verbs("verb cast \"casts\" \"cast\", hit \"hits\" \"hit\""));
    assert!(new.is_empty(), "{:#?}", new.iter().map(said).collect::<Vec<_>>());
}

/// Cards of the game's own kinds written before `game.cards`: one error, whose help is the
/// `game.cards` they need, kinds first, each with the role its cards' fields show (a bar of
/// upgrades a unit's, a kind that heroes name as a field a profile's, an `icon:` an
/// upgrade's); with that `game.cards`, only the bracketed names it lists are unknown.
#[test]
fn cards_of_own_kinds_before_their_game_give_one_error_that_declares_the_kinds() {
    let cards: Vec<(String, String)> = emberfall().into_iter().filter(|(name, _)| name != "game.cards").collect();
    let (_, checked) = check(&cards);
    let codes: Vec<&str> = checked.diagnostics.iter().map(|d| d.code.id).collect();
    assert_eq!(codes, ["E0101"]);
    let help = checked.diagnostics[0].help.clone().unwrap_or_default();
    for line in [
        "kind hero \"Hero\" unit",
        "kind calling \"Calling\" profile",
        "kind item \"Item\" upgrade",
        "kind spell \"Spell\" upgrade",
    ] {
        assert!(help.contains(&format!("\n    {line}\n")), "`{line}` is not in:\n{help}");
    }
    let (_, checked) = common::check_with_suggested_game("emberfall", &cards, &help);
    assert_eq!(checked.cards, 20, "every card is read with the kinds declared");
}

/// Emberfall with one more spell of cost 1 whose text is `text`, checked with no error.
fn with_spell(name: &str, text: &str) -> cards_runtime::Set {
    let spell = format!("\nspell \"{name}\" {{\n  icon: spell\n  cost: 1\n  text {{\n    {text}\n  }}\n}}\n");
    let mut files = emberfall();
    let (_, gear) = files.iter_mut().find(|(name, _)| name == "gear.cards").unwrap();
    gear.push_str(&spell);
    let (_, checked) = check(&files);
    checked.model().cloned().expect("no error")
}

/// `Heal 1 friendly hero adjacent to you`: where the hero is, the noun's; nobody is healed
/// "to you" (it was read as the verb's target, which the hover said back as if exact).
#[test]
fn adjacent_to_you_after_a_games_verb_says_which_hero() {
    let set = with_spell("Soothing Touch", "Cast: Heal 1 friendly hero adjacent to you.");
    let card = set.cards.iter().find(|c| &*c.name == "Soothing Touch").unwrap();
    let json = cards_runtime::ability_json::ability_json(&set, card, &card.abilities[0]);
    let effect = &json["effect"][0]["clauses"][0]["effect"];
    assert_eq!(effect["verb"], "heal");
    assert_eq!(effect["noun"]["text"], "friendly hero adjacent to you", "{effect}");
    assert!(effect["target"].is_null(), "{effect}");
}

/// A game's verb taking from something says `from` as printed, and `1 damage` stays one
/// damage: `Heal 1 damage from 1 friendly hero within 2 spaces of you` was said back
/// `Heal a damage of … you's …`-shaped for a verb with a `from`, and `a damage`.
#[test]
fn a_games_verb_from_something_is_said_back_as_printed() {
    let set = with_spell("Field Dressing", "Cast: Heal 1 damage from 1 friendly hero within 2 spaces of you.");
    let card = set.cards.iter().find(|c| &*c.name == "Field Dressing").unwrap();
    let (said, _) = cards_runtime::ability_card::said_back(&set, &card.abilities[0]);
    assert_eq!(said.text, "Cast: Heal 1 damage from a friendly hero within 2 spaces of you.");
}
