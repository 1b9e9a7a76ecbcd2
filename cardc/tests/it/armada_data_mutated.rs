//! `cardc import armada-data` on real data as it comes: star-wars-armada-data
//! (`../shared/data/star-wars-armada-data`) is regular, and mutated the ways real data
//! strays (a key named twice, a number as a string, one string for a list, a card without
//! `name`, HTML in the text, a card that cannot be read) it still imports and checks, with
//! exactly that irregularity reported where it is.

use crate::common;

use std::sync::OnceLock;

use cardc::import::armada_data::import;
use cardc::import::Imported;
use common::mutate_json::{self, mutate_copy, reports_one, set_errors, Base, Mutation, Schema};
use proptest::prelude::*;
use serde_json::Value;

/// The kind of irregularity a mutation causes, as the import reports it.
fn kind(m: Mutation) -> &'static str {
    match m {
        Mutation::DuplicateKey => "a key named twice in one object (the last wins)",
        Mutation::NumberAsString => "a number written as a string",
        Mutation::OneForAList => "a string where a list is expected",
        Mutation::DropId => "no `name` (derived from its image or file name, as the data names those)",
        Mutation::Html => "HTML tags in text (removed; <br> is a sentence break)",
        Mutation::BreakCard | Mutation::UnknownName => "a card that cannot be read (left out)",
    }
}

/// Where star-wars-armada-data keeps what the mutations change: every card file is a list
/// of cards, named by `name`, with its ability in `text`.
const SCHEMA: Schema = Schema {
    numbers: &["hull", "command", "squadron", "engineering", "points", "speed"],
    lists: &["slots", "keywords", "defense-tokens"],
    id: "name",
    text: "text",
    card_lists: &["$"],
};

/// The data folder, copied once per test binary into a folder of this test's; its card
/// files (relative paths, sorted) and their JSON.
fn base() -> Option<&'static Base> {
    static BASE: OnceLock<Option<Base>> = OnceLock::new();
    mutate_json::base(
        &BASE,
        "data/star-wars-armada-data/data",
        "armada_data_mutated/base",
        &["ship-card", "squadron-card", "upgrade-card"],
    )
}

/// The unmutated data, imported once.
fn unmutated() -> &'static Imported {
    static ONE: OnceLock<Imported> = OnceLock::new();
    ONE.get_or_init(|| import(&base().unwrap().0).unwrap())
}

fn cards(imported: &Imported) -> usize {
    imported.cards.values().sum()
}

/// The card at a JSON path `$[i]…` of a card file.
fn card_at<'v>(file: &'v Value, path: &str) -> &'v Value {
    let index: usize = path.strip_prefix("$[").and_then(|r| r.split(']').next()).unwrap().parse().unwrap();
    &file[index]
}

#[test]
fn the_real_data_is_regular() {
    let Some(shared) = common::shared() else { return };
    let imported = import(&shared.join("data/star-wars-armada-data")).unwrap();
    // Read with a JSON parser that keeps duplicate keys and with `jq`: no key twice, every
    // number a number, every `slots`, `keywords` and `defense-tokens` a list, every card
    // named, no HTML. (`restriction` is a list on Flag Bridge and a string elsewhere: the
    // data writes both forms, so neither is irregular.)
    assert_eq!(imported.irregularities, [], "{}", imported.summary());
    assert!(!imported.summary().contains("irregular data"));
}

/// Every mutation but an icon name in text: the set carries no upgrade text.
fn mutation() -> impl Strategy<Value = Mutation> {
    prop::sample::select(Mutation::ALL.into_iter().filter(|m| *m != Mutation::UnknownName).collect::<Vec<_>>())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn mutated_real_data_imports_reports_each_irregularity_and_checks(
        (m, at) in (mutation(), (any::<usize>(), any::<usize>()))
    ) {
        let Some((root, files)) = base() else { return Ok(()) };
        let mutated = mutate_copy(&SCHEMA, m, root, files, at);
        let before = unmutated();
        let (rel, hit, value) = (mutated.rel, &mutated.hit, mutated.value);
        let after = import(mutated.dir.path()).map_err(|e| TestCaseError::fail(format!("{rel} {hit}: {e}")))?;

        // A card without `name` is named after its image, or after its file when the file
        // holds only it; an upgrade without either cannot be named, and is left out.
        let card = card_at(value, hit);
        let image = card.get("image").and_then(Value::as_str).map(str::to_string);
        let namesake = image.or_else(|| (value.as_array().map(Vec::len) == Some(1)).then(|| rel.to_string()));
        let expected = match (m, &namesake) {
            (Mutation::DropId, None) => kind(Mutation::BreakCard),
            _ => kind(m),
        };
        reports_one(&after, expected, &mutated).map_err(TestCaseError::fail)?;
        let i = &after.irregularities[0];
        let (n, rendered) = set_errors(&after);
        prop_assert_eq!(n, 0, "{:?} at {} {}: the set checks:\n{}", m, rel, hit, rendered);
        if expected == kind(Mutation::BreakCard) {
            prop_assert_eq!(cards(&after), cards(before) - 1, "only that card is left out");
        } else {
            prop_assert_eq!(cards(&after), cards(before));
        }
        if let (Mutation::DropId, Some(namesake)) = (m, namesake) {
            // `…/jainas-light.png` names the card `Jainas Light`.
            let stem = namesake.rsplit('/').next().unwrap().split('.').next().unwrap();
            let name: Vec<String> = stem.split('-').map(|w| w[..1].to_uppercase() + &w[1..]).collect();
            let name = name.join(" ");
            prop_assert!(i.detail.contains(&format!("named \"{name}\"")), "{}", i);
            prop_assert!(after.files.values().any(|t| t.contains(&format!("\"{name}\""))), "{name} is written");
        }
        if matches!(m, Mutation::Html) {
            prop_assert!(!after.files.values().any(|t| t.contains("<strong>") || t.contains("<br>") || t.contains("<span")));
        }
        if matches!(m, Mutation::NumberAsString | Mutation::OneForAList | Mutation::DuplicateKey | Mutation::Html) {
            // Read as the data means it: the same set.
            prop_assert_eq!(&after.files, &before.files);
        }
    }
}
