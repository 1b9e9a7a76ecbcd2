//! The packed form generated code holds a set in: every conformance set unpacks to the set
//! that was packed, and damaged data is an error, never a panic. (The real pools are
//! compared the same way, compiled against checked, in `pools/tests`.)

use crate::common;

use cards_runtime::packed::{pack, unpack};
use cards_runtime::Set;
use proptest::prelude::*;

fn conformance_sets() -> Vec<Set> {
    let Some(shared) = common::shared() else { return Vec::new() };
    common::example_sets(&shared)
        .iter()
        .map(|dir| {
            let report = cardc::check_paths(&[dir]).unwrap();
            report.sets[0].set.clone().unwrap_or_else(|| panic!("{} checks clean", dir.display()))
        })
        .collect()
}

#[test]
fn every_conformance_set_unpacks_to_the_set_packed() {
    for set in conformance_sets() {
        let records = pack(&set);
        assert_eq!(records.len(), set.cards.len() + 1, "{}: a header, then a record a card", set.game);
        assert_eq!(unpack(&records.concat()).as_ref(), Ok(&set), "{}", set.game);
        // Printable ASCII apart from the cards' own text: no record holds a control character.
        assert!(records.iter().all(|r| !r.contains(|c: char| c.is_control())), "{}", set.game);
    }
}

/// One way to damage data.
#[derive(Clone, Debug)]
enum Damage {
    Truncate(usize),
    Overwrite(usize, String),
    Delete(usize, usize),
    Insert(usize, String),
}

fn damage() -> impl Strategy<Value = Damage> {
    prop_oneof![
        any::<usize>().prop_map(Damage::Truncate),
        (any::<usize>(), "[ -~é]{1,6}").prop_map(|(at, s)| Damage::Overwrite(at, s)),
        (any::<usize>(), 1usize..40).prop_map(|(at, n)| Damage::Delete(at, n)),
        (any::<usize>(), "[0-9A-Za-z+/]{1,8}").prop_map(|(at, s)| Damage::Insert(at, s)),
    ]
}

/// `data` with `d` applied at a character boundary.
fn apply(data: &str, d: &Damage) -> String {
    let boundary = |at: usize| {
        let mut at = at % (data.len() + 1);
        while !data.is_char_boundary(at) {
            at -= 1;
        }
        at
    };
    match d {
        Damage::Truncate(at) => data[..boundary(*at)].to_string(),
        Damage::Overwrite(at, s) => {
            let at = boundary(*at);
            let end = boundary((at + s.len()).min(data.len()));
            format!("{}{s}{}", &data[..at], &data[end.max(at)..])
        }
        Damage::Delete(at, n) => {
            let at = boundary(*at);
            let end = boundary((at + n).min(data.len())).max(at);
            format!("{}{}", &data[..at], &data[end..])
        }
        Damage::Insert(at, s) => {
            let at = boundary(*at);
            format!("{}{s}{}", &data[..at], &data[at..])
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn damaged_data_unpacks_to_an_error_or_a_set_never_a_panic(damages in prop::collection::vec(damage(), 1..4)) {
        thread_local!(static DATA: Vec<String> = conformance_sets().iter().map(|s| pack(s).concat()).collect());
        DATA.with(|sets| {
            for data in sets {
                let mut damaged = data.clone();
                for d in &damages {
                    damaged = apply(&damaged, d);
                }
                let _ = unpack(&damaged);
            }
        });
    }

    #[test]
    fn any_text_unpacks_to_an_error_or_a_set_never_a_panic(text in "[ -~]{0,200}") {
        let _ = unpack(&text);
    }
}
