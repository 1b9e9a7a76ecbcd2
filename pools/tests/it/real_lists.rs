//! The 13,347 real tournament squads of `../shared/data/listfortress-xws-lists`
//! (2018-09 .. 2019-08) validated against the compiled legacy set, with `--ignore-points`
//! (the lists predate the legacy points). The verdict table is the fixture
//! `tests/fixtures/listfortress-verdicts.txt`; every illegal class in it is explained
//! there. `CARDS_BLESS=1` rewrites the fixture from this run.

use std::collections::BTreeMap;

use cards_runtime::fleet::Options;
use cards_runtime::xws::{verdict, Tally, Verdict, XwsIndex};

use crate::common;

const FIXTURE: &str = "tests/fixtures/listfortress-verdicts.txt";

/// The fixture's table: its lines up to the first blank line (the notes follow it).
fn fixture_table(text: &str) -> &str {
    text.split("\n\n").next().map_or("", |t| &text[..t.len() + 1])
}

#[test]
fn every_real_squad_gets_the_verdict_in_the_fixture() {
    let Some(shared) = common::shared() else { return };
    let set = cards_pools::set("xwing-legacy").unwrap_or_else(|| {
        panic!(
            "the legacy set was not compiled ({} sets): was ../shared/data there at build time?",
            cards_pools::COMPILED
        )
    });
    let index = XwsIndex::new(set);
    let text =
        std::fs::read_to_string(shared.join("data/listfortress-xws-lists/xws-lists-2018-09_2019-08.jsonl")).unwrap();
    let options = Options { ignore_points: true, ..Options::default() };
    let mut tally = Tally::default();
    let mut examples: BTreeMap<String, Vec<String>> = BTreeMap::new();
    // Each violation by its ship's chassis and the upgrade's icons: what the classes are made of.
    let mut causes: BTreeMap<String, usize> = BTreeMap::new();
    let name = |id: Option<&str>| -> String {
        let Some((_, card)) = id.and_then(|id| set.card(id)) else { return "-".into() };
        let icons: Vec<&str> = card.icons.iter().map(|&i| &*set.vocab.icons[i as usize].id).collect();
        let chassis = set.chassis_of(card).map_or(&card.name, |c| &c.name);
        if icons.is_empty() {
            chassis.to_string()
        } else {
            format!("{} [{}]", card.name, icons.join("+"))
        }
    };
    for (n, line) in text.lines().enumerate() {
        let v = verdict(&index, line, &options);
        tally.add(&v);
        let mut note = |class: String, detail: String| {
            let list = examples.entry(class).or_default();
            if list.len() < 3 {
                list.push(format!("line {}: {detail}", n + 1));
            }
        };
        match &v {
            Verdict::Illegal(violations, _) => {
                for x in violations {
                    note(format!("illegal {}", x.id), x.message.clone());
                    let cause = format!("{} {} on {}", x.id, name(x.card.as_deref()), name(x.ship.as_deref()));
                    *causes.entry(cause).or_default() += 1;
                }
            }
            Verdict::Unresolvable(u) => note(format!("unresolvable {}", u.reason()), u.to_string()),
            Verdict::Legal(_) => {}
        }
    }
    let mut causes: Vec<(usize, String)> = causes.into_iter().map(|(c, n)| (n, c)).collect();
    causes.sort_by(|a, b| b.cmp(a));
    for (n, cause) in causes.iter().take(40) {
        eprintln!("{n:>6}  {cause}");
    }
    for (class, list) in &examples {
        eprintln!("{class}:");
        list.iter().for_each(|e| eprintln!("  {e}"));
    }
    let table = tally.table();
    eprint!("{table}");
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(FIXTURE);
    let fixture = std::fs::read_to_string(&path).unwrap_or_default();
    if std::env::var_os("CARDS_BLESS").is_some() {
        let notes = fixture.split_once("\n\n").map_or("", |(_, n)| n);
        std::fs::write(&path, format!("{table}\n{notes}")).unwrap();
        return;
    }
    assert_eq!(table, fixture_table(&fixture), "the verdicts changed; see the examples above");
    assert_eq!(tally.squads, 13_347);
}
