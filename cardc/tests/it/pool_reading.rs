//! What the reading keeps on both real pools, as issue 10 measures it: the share of
//! structured parts (triggers, replaced events, costs, conditions, effects), the "would …
//! instead" texts read as replacements, and the printed colours of actions and maneuvers.
//!
//! `cargo test -p cardc --release --test pool_reading -- --nocapture` prints the figures and
//! writes every opaque part to `target/gold/opaque-<pool>.txt`; the test fails when a figure
//! falls below `tests/gold/pool-floor.txt`.

use crate::common;

use crate::pools;

use std::collections::BTreeMap;
use std::fmt::Write as _;

use cards_runtime::ability::PartKind;
use cards_runtime::Set;
use pools::{Block, POOLS};

/// The colours the rules give actions and maneuvers.
const COLOURS: [&str; 5] = ["white", "red", "blue", "purple", "non-red"];

/// Words that may stand between a colour and the noun it colours: another colour, a
/// speed, "or"/"and" ("a red or blue maneuver", "a white 2 [Straight]").
fn between(word: &str) -> bool {
    COLOURS.contains(&word)
        || matches!(word, "or" | "and" | "orange" | "green")
        || word.chars().all(|c| c.is_ascii_digit())
}

/// The words of a text, lower case, an `[Icon]` one word, punctuation dropped.
fn words(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut word = String::new();
    let mut in_icon = false;
    for c in text.chars() {
        match c {
            '[' => {
                in_icon = true;
                word.push(c);
            }
            ']' => {
                in_icon = false;
                word.push(c);
            }
            c if c.is_alphanumeric() || c == '-' || in_icon => word.extend(c.to_lowercase()),
            _ => {
                if !word.is_empty() {
                    out.push(std::mem::take(&mut word));
                }
            }
        }
    }
    if !word.is_empty() {
        out.push(word);
    }
    out
}

/// The colours a text prints on actions and maneuvers ("a red [Boost] action", "a white
/// maneuver", "a red or blue maneuver"), not on tokens ("a red or orange token").
fn printed_colours(text: &str) -> BTreeMap<&'static str, usize> {
    let w = words(text);
    let mut out = BTreeMap::new();
    for (i, word) in w.iter().enumerate() {
        let Some(colour) = COLOURS.iter().find(|c| **c == word) else { continue };
        let head = w[i + 1..].iter().find(|x| !between(x));
        let colours_a_move = head.is_some_and(|h| {
            h.starts_with('[') || matches!(h.as_str(), "action" | "actions" | "maneuver" | "maneuvers")
        });
        if colours_a_move {
            *out.entry(*colour).or_default() += 1;
        }
    }
    out
}

/// The colours a reading keeps, counted outside quoted words (a quoted noun keeps its words,
/// not a colour the reading understood).
fn kept_colours(reading: &str) -> BTreeMap<&'static str, usize> {
    let unquoted: String = reading.split('"').step_by(2).collect::<Vec<_>>().join(" ");
    let mut out = BTreeMap::new();
    for word in unquoted.split(|c: char| c.is_whitespace() || c == '|') {
        if let Some(colour) = COLOURS.iter().find(|c| **c == word) {
            *out.entry(*colour).or_default() += 1;
        }
    }
    out
}

/// The figures of one pool.
#[derive(Default)]
struct Figures {
    /// Structured and all parts, by kind.
    parts: BTreeMap<PartKind, (usize, usize)>,
    /// "would … instead" texts, and those read with a replacement.
    would: (usize, usize),
    /// Printed colours, and those kept.
    colours: (usize, usize),
    /// The blocks that lose a colour, for the message.
    lost: Vec<String>,
    /// Each opaque part: `<kind> <card>: <its text>`.
    opaque: Vec<String>,
}

impl Figures {
    fn of(pool: &str, set: &Set, blocks: &[Block<'_>]) -> Figures {
        let mut f = Figures::default();
        for b in blocks.iter().filter(|b| b.pool == pool) {
            for a in &b.abilities {
                for part in a.parts() {
                    let e = f.parts.entry(part.what).or_default();
                    e.0 += usize::from(part.structured);
                    e.1 += 1;
                    if !part.structured {
                        f.opaque.push(format!("{:?} {}: {}", part.what, b.card, part.text));
                    }
                }
            }
            if cardc::text::says(&b.text, "would") && cardc::text::says(&b.text, "instead") {
                f.would.1 += 1;
                f.would.0 += usize::from(b.abilities.iter().any(|a| a.replacement.is_some()));
            }
            let reading: String =
                b.abilities.iter().map(|a| cards_runtime::ability_text::ability(set, a)).collect::<Vec<_>>().join("\n");
            let kept = kept_colours(&reading);
            for (colour, n) in printed_colours(&b.text) {
                let k = kept.get(colour).copied().unwrap_or(0).min(n);
                f.colours.1 += n;
                f.colours.0 += k;
                if k < n {
                    f.lost.push(format!("{} ({colour}): {}", b.key(), b.text));
                }
            }
        }
        f
    }

    fn structured(&self) -> (usize, usize) {
        self.parts.values().fold((0, 0), |(s, a), (ps, pa)| (s + ps, a + pa))
    }
}

fn percent((part, all): (usize, usize)) -> f64 {
    if all == 0 {
        100.0
    } else {
        100.0 * part as f64 / all as f64
    }
}

/// `<pool> <figure> <value>` lines from `tests/gold/pool-floor.txt`.
fn floor() -> BTreeMap<String, f64> {
    let text = std::fs::read_to_string(common::root().join("cardc/tests/gold/pool-floor.txt")).unwrap();
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .filter_map(|l| {
            let (k, v) = l.rsplit_once(' ')?;
            Some((k.to_string(), v.parse().ok()?))
        })
        .collect()
}

#[test]
fn the_reading_keeps_what_the_pools_print() {
    let Some(shared) = common::shared() else { return };
    let sets: Vec<Set> = POOLS.iter().map(|(pool, data)| pools::load(&shared, pool, data)).collect();
    let floor = floor();
    let mut report = String::new();
    let mut below = Vec::new();
    for ((pool, _), set) in POOLS.iter().zip(&sets) {
        let blocks = pools::blocks(pool, set);
        let mut f = Figures::of(pool, set, &blocks);
        let structured = f.structured();
        let lost = f.colours.1 - f.colours.0;
        writeln!(
            report,
            "{pool}: structured {}/{} ({:.1}%); would-instead as replacements {}/{} ({:.1}%); colours lost {lost} of {}",
            structured.0,
            structured.1,
            percent(structured),
            f.would.0,
            f.would.1,
            percent(f.would),
            f.colours.1,
        )
        .unwrap();
        for (what, counts) in &f.parts {
            writeln!(report, "  {:<16} {}/{} ({:.1}%)", format!("{what:?}"), counts.0, counts.1, percent(*counts))
                .unwrap();
        }
        f.opaque.sort();
        let out = common::root().join("target/gold");
        std::fs::create_dir_all(&out).unwrap();
        std::fs::write(out.join(format!("opaque-{pool}.txt")), f.opaque.join("\n") + "\n").unwrap();
        for l in &f.lost {
            writeln!(report, "  colour lost: {l}").unwrap();
        }
        let figures = [
            (format!("{pool} structured"), percent(structured)),
            (format!("{pool} replacements"), percent(f.would)),
            // Lower is better: the floor is a ceiling, recorded negated.
            (format!("{pool} colours-lost"), -(lost as f64)),
        ];
        for (name, value) in figures {
            let min = floor.get(&name).copied().unwrap_or_else(|| panic!("pool-floor.txt has no `{name}`"));
            if value + 0.05 < min {
                below.push(format!("{name}: {value:.1} below {min}"));
            }
        }
    }
    print!("{report}");
    assert!(below.is_empty(), "the reading fell below tests/gold/pool-floor.txt:\n{}", below.join("\n"));
}

/// The numbers a text prints, each as written (`0`, `12`), a range `a-b` as one.
fn numbers(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(start) = rest.find(|c: char| c.is_ascii_digit()) {
        let after = &rest[start..];
        let digits = |s: &str| s.find(|c: char| !c.is_ascii_digit()).unwrap_or(s.len());
        let mut len = digits(after);
        // `0-1`: one range.
        if after[len..].starts_with('-') && after[len + 1..].starts_with(|c: char| c.is_ascii_digit()) {
            len += 1 + digits(&after[len + 1..]);
        }
        out.push(after[..len].to_string());
        rest = &after[len..];
    }
    out
}

/// The numbers of the printed text that neither the reading said back nor a part it kept
/// opaque (W0006) holds. Said back, `a`, `an`, `one` and `another` stand for 1 and `no` for
/// 0 (those the card does not print itself); a range said back holds each number it spans (`2-5` for `2, 3, 4, or 5`) and every
/// time the text prints it (`speed 1-2 … or speed 1-2 …` said as one range).
fn unread_numbers(printed: &str, said: &str, opaque: &[&str]) -> Vec<String> {
    let mut have: Vec<String> = numbers(said);
    // Only the words the card does not print itself say a number: `a stress token` printed
    // and said is no `1`.
    let words = |text: &str, of: &[&str]| {
        text.split(|c: char| !c.is_alphanumeric()).filter(|w| of.contains(&w.to_ascii_lowercase().as_str())).count()
    };
    let ones = ["a", "an", "one", "another"];
    for _ in words(printed, &ones)..words(said, &ones) {
        have.push("1".into());
    }
    for _ in words(printed, &["no"])..words(said, &["no"]) {
        have.push("0".into());
    }
    opaque.iter().for_each(|o| have.extend(numbers(o)));
    let ranges: Vec<(u64, u64)> = have
        .iter()
        .filter_map(|n| {
            let (a, b) = n.split_once('-')?;
            Some((a.parse().ok()?, b.parse().ok()?))
        })
        .collect();
    let mut missing = Vec::new();
    for n in numbers(printed) {
        if ranges.iter().any(|(a, b)| n == format!("{a}-{b}")) {
            continue;
        }
        if let Some(i) = have.iter().position(|h| *h == n) {
            have.swap_remove(i);
        } else if !n.parse::<u64>().is_ok_and(|v| ranges.iter().any(|(a, b)| (*a..=*b).contains(&v))) {
            missing.push(n);
        }
    }
    missing
}

/// Every number a card prints is in its reading or in a part flagged opaque: an amount the
/// reading drops with nothing said would play the card wrongly. Over the shipped sets (none
/// may drop one) and both real pools, whose count may not rise above
/// `tests/gold/pool-floor.txt`. Each ability that drops one is written to
/// `target/gold/numbers-<pool>.txt`.
#[test]
fn every_printed_number_is_read_or_flagged() {
    let Some(shared) = common::shared() else { return };
    let unread = |set: &Set| -> Vec<String> {
        let mut out = Vec::new();
        for card in set.cards.iter() {
            for a in card.abilities.iter() {
                let (said, _) = cards_runtime::ability_card::said_back(set, a);
                let opaque: Vec<&str> = a.opaque().collect();
                let missing = unread_numbers(&a.text, &said.text, &opaque);
                if !missing.is_empty() {
                    out.push(format!("{} {missing:?}: {} | said: {}", card.id, a.text, said.text));
                }
            }
        }
        out
    };
    let report = cardc::check_paths(&[common::root().join("cards")]).expect("the shipped sets");
    for checked in &report.sets {
        let set = checked.set.as_ref().expect("a shipped set checks");
        assert_eq!(unread(set), Vec::<String>::new(), "{}", checked.dir.display());
    }
    let floor = floor();
    let out = common::root().join("target/gold");
    std::fs::create_dir_all(&out).unwrap();
    for (pool, data) in POOLS {
        let found = unread(&pools::load(&shared, pool, data));
        std::fs::write(out.join(format!("numbers-{pool}.txt")), found.join("\n") + "\n").unwrap();
        let name = format!("{pool} numbers-unread");
        let ceiling = -floor.get(&name).copied().unwrap_or_else(|| panic!("pool-floor.txt has no `{name}`"));
        println!("{pool}: {} abilities print a number neither read nor flagged", found.len());
        assert!(found.len() as f64 <= ceiling, "{name}: {} above {ceiling}:\n{}", found.len(), found.join("\n"));
    }
}

/// What counts as a number read: the forms a card and its reading say one in.
#[test]
fn a_number_is_read_in_any_of_the_forms_it_is_said() {
    assert_eq!(unread_numbers("Gain 1 focus token.", "Gain a focus token.", &[]), Vec::<String>::new());
    assert_eq!(unread_numbers("If you have 0 [Charge]", "If you have no [Charge]", &[]), Vec::<String>::new());
    assert_eq!(unread_numbers("be 2, 3, 4, or 5 ships", "be 2-5 ships", &[]), Vec::<String>::new());
    assert_eq!(unread_numbers("at range 1-2 or range 1-2", "at range 1-2", &[]), Vec::<String>::new());
    assert_eq!(unread_numbers("by 2 until", "until", &["by 2"]), Vec::<String>::new());
    assert_eq!(unread_numbers("Increase your attack by 2.", "Increase your attack.", &[]), ["2"]);
    assert_eq!(unread_numbers("spend 1 to remove 1", "spend 1 to remove", &[]), ["1"]);
    // An article the card prints is not the `1` the reading lost.
    assert_eq!(unread_numbers("Gain 1 focus and a stress token.", "Gain focus and a stress token.", &[]), ["1"]);
    assert_eq!(unread_numbers("range 0-1", "range 0-2", &[]), ["0-1"]);
}

#[test]
fn colours_are_found_on_actions_and_maneuvers_only() {
    let found =
        printed_colours("You may perform a red [Boost] or white [Barrel Roll] action. Remove 1 red or orange token.");
    assert_eq!(found, BTreeMap::from([("red", 1), ("white", 1)]));
    let found = printed_colours("Execute a red or blue maneuver, or a white 2 [Straight].");
    assert_eq!(found, BTreeMap::from([("blue", 1), ("red", 1), ("white", 1)]));
    let kept = kept_colours(
        "clause you may perform 1 red action:boost|white action:barrel-roll\nclause you remove 1 \"red token\"",
    );
    assert_eq!(kept, BTreeMap::from([("red", 1), ("white", 1)]));
}
