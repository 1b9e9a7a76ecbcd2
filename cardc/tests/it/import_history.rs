//! `cardc import xwing-data2` on real data as it comes: the five releases in
//! `../shared/data/xwing-data2-history` import and check clean, each irregularity of theirs
//! counted; and the 1.14.1 release, mutated the ways real data strays (a key named twice, a
//! number as a string, one string for a list, a missing `xws`, HTML in the text, an icon
//! name the data does not declare, a card that cannot be read), still imports and checks, with exactly that irregularity reported;
//! so does 1.14.1 with an icon's name left out (`[]`) and a header in capitals.

use crate::common;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use cardc::import::xwing_data2::import;
use cardc::import::Imported;
use common::mutate_json::{self, mutate_copy, reports_one, set_errors, Base, Mutation, Schema};
use proptest::prelude::*;

const RELEASES: [&str; 5] = ["1.0.0", "1.3.0", "1.5.1", "1.10.1", "1.14.1"];

fn history(shared: &Path) -> PathBuf {
    shared.join("data/xwing-data2-history")
}

/// Each release imported once per test binary.
fn imported(shared: &Path) -> &'static BTreeMap<&'static str, Imported> {
    static ALL: OnceLock<BTreeMap<&'static str, Imported>> = OnceLock::new();
    ALL.get_or_init(|| {
        RELEASES.iter().map(|v| (*v, import(&history(shared).join(v)).unwrap_or_else(|e| panic!("{v}: {e}")))).collect()
    })
}

#[test]
fn every_release_imports_and_checks_clean_with_its_irregularities_counted() {
    let Some(shared) = common::shared() else { return };
    // Counted in the JSON by reading it (see SOURCE.md): 1.0.0 names the ship's `name` twice
    // in four Resistance files, where the second is the ship's xws id under the wrong key,
    // so those ships have no `xws`; 1.3.0 writes ten pilots' Force side as one string, the
    // Upsilon's hull as "4", and one header as `SETUP:`; 1.5.1 names four upgrade slots
    // twice in its quick builds.
    let duplicate = "a key named twice in one object (the last wins)";
    let no_xws = "no `xws` (derived from the name, as xwing-data2 derives it)";
    let expected: [(&str, &[(&str, usize)]); 5] = [
        ("1.0.0", &[(duplicate, 4), (no_xws, 4)]),
        (
            "1.3.0",
            &[
                ("a header in another capitalisation (folded into one)", 1),
                ("a number written as a string", 1),
                ("a string where a list is expected", 10),
            ],
        ),
        ("1.5.1", &[(duplicate, 4)]),
        ("1.10.1", &[]),
        ("1.14.1", &[]),
    ];
    let all = imported(&shared);
    for (release, counts) in expected {
        let imported = &all[release];
        let (n, rendered) = set_errors(imported);
        assert_eq!(n, 0, "{release} checks clean:\n{rendered}");
        let got: Vec<(&str, usize)> = imported.irregularity_counts().into_iter().collect();
        assert_eq!(got, counts, "{release}: irregularities");
        let summary = imported.summary();
        let total = counts.iter().map(|(_, n)| n).sum::<usize>();
        if total > 0 {
            assert!(summary.contains(&format!("{total} warnings")), "{release}: counted in the summary:\n{summary}");
        }
        assert!(imported.cards["ship"] > 200 && imported.cards["upgrade"] > 150, "{release}: {summary}");
    }
    // Where each is: the file and the JSON path.
    let first = all["1.3.0"].irregularities.iter().find(|i| i.kind == "a number written as a string").unwrap();
    assert_eq!(first.to_string(), "pilots/first-order/upsilon-class-command-shuttle.json: $.stats[0].value: a number written as a string (\"4\" read as 4)");
    // The header is declared once, as the data writes it elsewhere.
    assert!(!all["1.3.0"].files.values().any(|t| t.contains("SETUP")));
    assert_eq!(all["1.3.0"].files["game.cards"].matches("header setup ").count(), 1);
}

/// The kind of irregularity a mutation causes in xwing-data2.
fn kind(m: Mutation) -> &'static str {
    match m {
        Mutation::DuplicateKey => "a key named twice in one object (the last wins)",
        Mutation::NumberAsString => "a number written as a string",
        Mutation::OneForAList => "a string where a list is expected",
        Mutation::DropId => "no `xws` (derived from the name, as xwing-data2 derives it)",
        Mutation::Html => "HTML tags in text (removed; <br> is a sentence break)",
        Mutation::BreakCard => "a card that cannot be read (left out)",
        Mutation::UnknownName => "a [Name] in text that the data's lists do not declare (declared as an icon)",
    }
}

/// Where xwing-data2 keeps what the mutations change.
const SCHEMA: Schema = Schema {
    numbers: &["value", "recovers", "initiative", "limited", "cost", "loadout"],
    lists: &["side", "factions", "sizes", "ships", "keywords", "names", "slots"],
    id: "xws",
    text: "ability",
    // The cards: the pilots of a ship file, the upgrades of an upgrade file.
    card_lists: &["$", "$.pilots"],
};

/// The 1.14.1 release's data folder, copied once per test binary into a folder of this
/// test's; its pilot and upgrade files (relative paths, sorted) and their JSON.
fn base() -> Option<&'static Base> {
    static BASE: OnceLock<Option<Base>> = OnceLock::new();
    mutate_json::base(&BASE, "data/xwing-data2-history/1.14.1/data", "import_history/base", &["pilots", "upgrades"])
}

fn mutation() -> impl Strategy<Value = Mutation> {
    prop::sample::select(Mutation::ALL.to_vec())
}

/// The unmutated release, imported once.
fn unmutated() -> &'static Imported {
    static ONE: OnceLock<Imported> = OnceLock::new();
    ONE.get_or_init(|| import(&base().unwrap().0).unwrap())
}

proptest! {
    // A case imports and checks a whole release (1.4 s): 24 cases, three or four of each
    // mutation, which `armada_data_mutated` makes in Armada's data as well.
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    #[test]
    fn mutated_real_data_imports_reports_each_irregularity_and_checks(
        m in mutation(),
        file in any::<usize>(),
        site in any::<usize>(),
    ) {
        let Some((root, files)) = base() else { return Ok(()) };
        let before = unmutated();
        prop_assert!(before.irregularities.is_empty(), "1.14.1 is regular: {:?}", before.irregularities);
        let mutated = mutate_copy(&SCHEMA, m, root, files, (file, site));
        let (rel, hit) = (mutated.rel, &mutated.hit);
        let after = import(mutated.dir.path()).map_err(|e| TestCaseError::fail(format!("{rel} {hit}: {e}")))?;
        reports_one(&after, kind(m), &mutated).map_err(TestCaseError::fail)?;
        let (n, rendered) = set_errors(&after);
        prop_assert_eq!(n, 0, "{:?} at {} {}: the set checks:\n{}", m, rel, hit, rendered);
        let cards = |imp: &Imported| imp.cards["ship"] + imp.cards["upgrade"];
        match m {
            Mutation::BreakCard => prop_assert_eq!(cards(&after), cards(before) - 1, "only that card is left out"),
            _ => prop_assert_eq!(cards(&after), cards(before)),
        }
        if matches!(m, Mutation::UnknownName) {
            prop_assert!(after.files["game.cards"].contains("force-charge \"Force Charge\""), "declared");
        }
        if matches!(m, Mutation::Html) {
            prop_assert!(!after.files.values().any(|t| t.contains("<strong>") || t.contains("<br>") || t.contains("<span")));
        }
    }
}

#[test]
fn the_cli_prints_each_irregularity_as_a_warning_and_counts_them() {
    let Some(shared) = common::shared() else { return };
    let out = tempfile::tempdir().unwrap();
    let set = out.path().join("set");
    let data = history(&shared).join("1.3.0");
    let run = common::cardc(&["import", "xwing-data2", data.to_str().unwrap(), "--out", set.to_str().unwrap()]);
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert_eq!(common::code(&run), 0, "{stderr}");
    let line = "warning: pilots/first-order/upsilon-class-command-shuttle.json: $.stats[0].value: \
                a number written as a string (\"4\" read as 4)\n";
    assert!(stderr.contains(line), "{stderr}");
    assert_eq!(stderr.matches("\nwarning: pilots/").count() + usize::from(stderr.starts_with("warning: pilots/")), 12);
    assert!(stderr.contains("irregular data (read as noted; 12 warnings):\n"), "{stderr}");
    assert!(stderr.contains("      10  a string where a list is expected\n"), "{stderr}");
    assert!(set.join("game.cards").is_file(), "the set is written");
}

/// Writes `rel` under `dir` with the first `from` in it put as `to`.
fn replace_first(dir: &Path, rel: &str, from: &str, to: &str) {
    let path = dir.join(rel);
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.contains(from), "{rel} holds {from:?}");
    std::fs::write(&path, text.replacen(from, to, 1)).unwrap();
}

/// How many irregularities of `kind` an import noted.
fn noted(imported: &Imported, kind: &str) -> Vec<String> {
    imported.irregularities.iter().filter(|i| i.kind.starts_with(kind)).map(|i| i.to_string()).collect()
}

/// Two ways releases of the data that the tests do not hold stray, put into 1.14.1: an
/// icon's name left out of a text (`[]`), and a header in capitals (`SETUP:`) beside the
/// same header as the data writes it (`Setup:`, in 18 other texts). Each is read and
/// counted once; nothing stops the import, the set checks, and the cards read as printed
/// without the empty brackets, the header written once.
#[test]
fn an_empty_name_and_a_header_in_capitals_are_read_and_counted() {
    let Some((root, _)) = base() else { return };
    let dir = tempfile::tempdir().unwrap();
    mutate_json::copy_dir(root, dir.path());
    let lancer = "pilots/scum-and-villainy/lancer-class-pursuit-craft.json";
    replace_first(dir.path(), lancer, "[Focus]", "[]");
    replace_first(
        dir.path(),
        "pilots/resistance/resistance-transport-pod.json",
        "\"ability\": \"Setup:",
        "\"ability\": \"SETUP:",
    );
    let imported = import(dir.path()).unwrap_or_else(|e| panic!("the import stops: {e}"));
    let empty = noted(&imported, "an empty [] in text");
    assert_eq!(empty.len(), 1, "{:#?}", imported.irregularities);
    assert!(empty[0].starts_with(lancer), "{}", empty[0]);
    assert!(empty[0].contains("[]"), "the words around it are said: {}", empty[0]);
    assert_eq!(noted(&imported, "a header in another capitalisation").len(), 1, "{:#?}", imported.irregularities);
    assert_eq!(imported.irregularities.len(), 2, "{:#?}", imported.irregularities);
    let (n, rendered) = set_errors(&imported);
    assert_eq!(n, 0, "the set checks:\n{rendered}");
    let all: String = imported.files.values().map(String::as_str).collect();
    assert!(!all.contains("[]"), "no empty brackets are written");
    assert!(!all.contains("SETUP"), "the header is written as the data writes it");
    assert!(imported.summary().contains("an empty [] in text"), "{}", imported.summary());
}

/// The dates of the five releases, as `../shared/data/xwing-data2-history/SOURCE.md` gives
/// them.
const DATES: [(&str, &str); 5] = [
    ("1.0.0", "2018-10-01"),
    ("1.3.0", "2018-12-06"),
    ("1.5.1", "2019-01-04"),
    ("1.10.1", "2019-03-25"),
    ("1.14.1", "2019-08-02"),
];

/// The model of an imported set, which must check clean.
fn model(imported: &Imported) -> cards_runtime::Set {
    let mut report = cardc::import::check_imported(Path::new("/set"), &imported.files);
    assert_eq!(report.errors(), 0, "{}", common::rendered_errors(&report, 5));
    report.sets.remove(0).set.expect("a set without errors has its model")
}

/// Each card of `set` that `holds`, by id, as `cardc export` writes it, without what only a
/// versioned set says (`since`, `until`, `history`).
fn exported(
    set: &cards_runtime::Set,
    holds: impl Fn(&cards_runtime::model::Card) -> bool,
) -> BTreeMap<String, serde_json::Value> {
    let export = serde_json::to_value(cards_runtime::export::export(set)).unwrap();
    export["cards"]
        .as_array()
        .unwrap()
        .iter()
        .zip(set.cards.iter())
        .filter(|(_, card)| holds(card))
        .map(|(value, card)| {
            let mut value = value.clone();
            for key in ["since", "until", "history"] {
                value.as_object_mut().unwrap().remove(key);
            }
            (card.id.to_string(), value)
        })
        .collect()
}

/// The five releases imported into one versioned set: it checks clean, and as of each
/// release its cards are, card for card and field for field (as `cardc export` writes
/// them), the cards that release imports to alone.
#[test]
fn the_five_releases_are_one_set_each_release_equal_to_its_own_import() {
    let Some(shared) = common::shared() else { return };
    let alone = imported(&shared);
    let releases: Vec<cardc::import::history::Dated> = DATES
        .iter()
        .map(|(tag, date)| cardc::import::history::Dated {
            id: format!("v{}", tag.replace('.', "-")),
            name: format!("xwing-data2 {tag}"),
            date: date.to_string(),
            imported: alone[tag].clone(),
        })
        .collect();
    let merged = model(&cardc::import::history::merge(&releases));
    assert_eq!(merged.releases.len(), 5);
    for (r, (tag, _)) in DATES.iter().enumerate() {
        let release = r as u16;
        let then = merged.as_of(release);
        let versioned =
            exported(&then, |card| merged.cards.iter().find(|c| c.id == card.id).is_some_and(|c| c.in_set(release)));
        let own = exported(&model(&alone[tag]), |_| true);
        assert_eq!(versioned.len(), own.len(), "{tag}: cards in the set");
        for (id, card) in &own {
            assert_eq!(versioned.get(id), Some(card), "{tag}: card {id}");
        }
    }
    // The set says what changed: a card that came later, one that left, a points change.
    assert!(merged.cards.iter().any(|c| c.since.is_some()));
    assert!(merged.cards.iter().any(|c| c.until.is_some()));
    assert!(merged.cards.iter().any(|c| c.history.iter().any(|v| v.card.cost != c.cost)));
}

#[test]
fn several_releases_are_each_a_folder_and_a_date() {
    let Some(shared) = common::shared() else { return };
    let out = tempfile::tempdir().unwrap();
    let set = out.path().join("set");
    let data = history(&shared).join("1.3.0");
    let bad = format!("{}@2018-12-32", data.display());
    let run = common::cardc(&["import", "xwing-data2", &bad, "--out", set.to_str().unwrap()]);
    assert_eq!(common::code(&run), 2);
    assert!(String::from_utf8_lossy(&run.stderr).contains("`2018-12-32` is not a date"));
    let undated = data.display().to_string();
    let run = common::cardc(&["import", "xwing-data2", &undated, &bad, "--out", set.to_str().unwrap()]);
    assert_eq!(common::code(&run), 2);
    assert!(String::from_utf8_lossy(&run.stderr).contains("each `<folder>@<YYYY-MM-DD>`"));
    assert!(!set.exists(), "nothing is written");
}
