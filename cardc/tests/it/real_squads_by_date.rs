//! The 13,347 real tournament squads of `../shared/data/listfortress-xws-lists`
//! (2018-09 .. 2019-08), each judged against the xwing-data2 release in force at its
//! `date`: the latest folder of `../shared/data/xwing-data2-history` dated on or before
//! it (dates from its SOURCE.md), the earliest for older squads. Points are ignored (the
//! releases' points are not those of every event). Each release is imported once.

use crate::common;

use std::collections::BTreeMap;
use std::path::Path;

use cards_runtime::fleet::Options;
use cards_runtime::xws::{verdict_of, Tally, Verdict, XwsIndex};
use cards_runtime::Set;
use serde_json::Value;

/// `(tag date, folder)` of each release, oldest first, read from the SOURCE.md table.
fn releases(history: &Path) -> Vec<(String, String)> {
    let source = std::fs::read_to_string(history.join("SOURCE.md")).unwrap();
    let mut out: Vec<(String, String)> = source
        .lines()
        .filter_map(|line| {
            let cells: Vec<&str> = line.split('|').map(str::trim).collect();
            let (folder, date) = (cells.get(1)?, cells.get(2)?);
            let dated = date.len() == 10 && date.as_bytes()[4] == b'-' && history.join(folder).is_dir();
            dated.then(|| (date.to_string(), folder.to_string()))
        })
        .collect();
    out.sort();
    out
}

/// The release a squad of `date` is judged by: the latest dated on or before it, else the
/// earliest.
fn release_for<'a>(releases: &'a [(String, String)], date: &str) -> &'a str {
    releases.iter().rev().find(|(d, _)| d.as_str() <= date).unwrap_or(&releases[0]).1.as_str()
}

/// A release imported and compiled.
fn compile(dir: &Path) -> Set {
    let imported = cardc::import::xwing_data2::import(dir).unwrap();
    let report = cardc::import::check_imported(Path::new("/set"), &imported.files);
    assert_eq!(report.errors(), 0, "{} checks clean", dir.display());
    report.sets.into_iter().next().and_then(|s| s.set).expect("a compiled set")
}

#[test]
fn real_squads_judged_by_the_pool_of_their_day() {
    let Some(shared) = common::shared() else { return };
    let history = shared.join("data/xwing-data2-history");
    let releases = releases(&history);
    assert_eq!(releases.len(), 5, "five releases in SOURCE.md: {releases:?}");
    let sets: BTreeMap<&str, Set> = releases.iter().map(|(_, f)| (f.as_str(), compile(&history.join(f)))).collect();
    let indexes: BTreeMap<&str, XwsIndex<'_>> = sets.iter().map(|(f, s)| (*f, XwsIndex::new(s))).collect();
    let text =
        std::fs::read_to_string(shared.join("data/listfortress-xws-lists/xws-lists-2018-09_2019-08.jsonl")).unwrap();
    let options = Options { ignore_points: true, ..Options::default() };
    let mut tally = Tally::default();
    let mut per_release: BTreeMap<&str, Tally> = BTreeMap::new();
    let mut causes: BTreeMap<String, usize> = BTreeMap::new();
    let mut by_later: BTreeMap<String, usize> = BTreeMap::new();
    let mut classes: BTreeMap<&str, usize> = BTreeMap::new();
    for line in text.lines() {
        let value: Value = serde_json::from_str(line).unwrap_or(Value::Null);
        let date = value.get("date").and_then(Value::as_str).unwrap_or("");
        let mut release = release_for(&releases, date);
        let squad = value.get("list").unwrap_or(&value);
        let mut v = verdict_of(&indexes[release], squad, &options);
        // A card the release of its day lacks came out between the snapshots (1.10.1 ..
        // 1.14.1 spans four releases): the squad is judged by the first later one that has it.
        if matches!(v, Verdict::Unresolvable(_)) {
            let later = releases.iter().map(|(_, f)| f.as_str()).skip_while(|f| *f != release).skip(1);
            for next in later {
                let w = verdict_of(&indexes[next], squad, &options);
                if !matches!(w, Verdict::Unresolvable(_)) {
                    *by_later.entry(format!("{release} → {next}")).or_default() += 1;
                    (release, v) = (next, w);
                    break;
                }
            }
        }
        tally.add(&v);
        per_release.entry(release).or_default().add(&v);
        if let Some(class) = class_of(&v) {
            *classes.entry(class).or_default() += 1;
        }
        match &v {
            Verdict::Illegal(violations, _) => {
                for x in violations {
                    let what = format!(
                        "{release} {} {} on {}",
                        x.id,
                        x.card.as_deref().unwrap_or("-"),
                        x.ship.as_deref().unwrap_or("-")
                    );
                    *causes.entry(what).or_default() += 1;
                }
            }
            Verdict::Unresolvable(u) => *causes.entry(format!("{release} unresolvable {u}")).or_default() += 1,
            Verdict::Legal(_) => {}
        }
    }
    let later: usize = by_later.values().sum();
    let mut causes: Vec<(usize, String)> = causes.into_iter().map(|(c, n)| (n, c)).collect();
    causes.sort_by(|a, b| b.cmp(a));
    for (n, cause) in causes.iter().take(60) {
        eprintln!("{n:>6}  {cause}");
    }
    for (release, t) in &per_release {
        eprintln!("{release}: {} squads, {} legal", t.squads, t.legal);
    }
    eprintln!("judged by a later release (a card newer than the release of its day): {by_later:?}");
    eprint!("{}", tally.table());
    let classes: String = classes.iter().map(|(c, n)| format!("  {n:>5}  {c}\n")).collect();
    eprint!("not legal, by class:\n{classes}");
    assert_eq!(tally.squads, 13_347);
    assert_eq!(later, 268, "squads judged by a later release");
    assert_eq!(tally.table(), EXPECTED, "the verdicts changed; the causes are printed above");
    assert_eq!(classes, EXPECTED_CLASSES, "the classes changed; the causes are printed above");
}

/// The verdicts: 98.0% legal (93.8% before the Weapon Hardpoint was a slot; 91.7% before
/// a squad naming a card newer than the release of its day was judged by the first later
/// release that has it).
const EXPECTED: &str = "squads: 13347
legal: 13081
illegal: 225
  no-icon: 217
  restriction: 7
  unique-names: 1
unresolvable: 41
  unknown-pilot: 22
  unknown-upgrade: 19
read with warnings: 2499
";

/// What keeps the squads that are not legal from being legal, one class each (the first
/// that applies):
/// - `slot the data of its day lacks`: `no-icon` verdicts: a slot that the release in force
///   does not give the ship and a later release does (in 1.5.1: the Talent of the RZ-2
///   A-wing generics, the Scurrg H-6's Gunner, the TIE/ph's Gunner where 1.5.1 still has
///   a Crew; in 1.10.1: the Techno Union Bomber's bar, Hera's VCX Sensor…), or a real
///   mistake.
/// - `id the data lacks`: pilot or upgrade ids no release has: misspellings and builders'
///   own ids (`oddballarc170`, `leiaorganaresistance` for `leiaorgana-resistance`, ids of
///   cards released after 1.14.1).
/// - `restriction` and `unique-names`: real violations (Hate on a light-side pilot,
///   Veteran Turret Gunner on a ship without a turret, Daredevil on a large ship, two
///   copies of a unique name).
///
/// The Weapon Hardpoint (588 squads before) is no class any more: the import gives the
/// T-70 and the M3-A a `weapon-hardpoint` slot with the builders' pseudo-upgrades, and a
/// weapon equipped without one is read with a warning.
const EXPECTED_CLASSES: &str = "     41  id the data lacks
      8  restriction or unique-names
    217  slot the data of its day lacks
";

/// The Weapon Hardpoint takes one cannon, torpedo or missile, whether the squad names the
/// builders' pseudo-upgrade or leaves it out; a ship without the ability gains nothing.
#[test]
fn the_weapon_hardpoint_takes_one_weapon_written_either_way() {
    let Some(shared) = common::shared() else { return };
    let set = compile(&shared.join("data/xwing-data2-history/1.14.1"));
    let index = XwsIndex::new(&set);
    let judge = |faction: &str, pilot: &str, upgrades: &str| {
        let squad = format!(r#"{{"faction":"{faction}","pilots":[{{"id":"{pilot}","upgrades":{{{upgrades}}}}}]}}"#);
        verdict_of(
            &index,
            &serde_json::from_str(&squad).unwrap(),
            &Options { ignore_points: true, ..Options::default() },
        )
    };
    let t70 = |upgrades: &str| judge("resistance", "bluesquadronrookie", upgrades);
    let no_icon = |v: &Verdict| match v {
        Verdict::Illegal(x, _) => x.iter().map(|x| x.id.to_string()).collect::<Vec<_>>() == ["no-icon"],
        _ => false,
    };
    // As builders write it: the pseudo-upgrade in the `hardpoint` slot, then the weapon.
    for (choice, key, weapon) in [
        ("hardpointcannon", "cannon", "heavylasercannon"),
        ("hardpointtorpedo", "torpedo", "protontorpedoes"),
        ("hardpointmissile", "missile", "clustermissiles"),
    ] {
        let v = t70(&format!(r#""hardpoint":["{choice}"],"{key}":["{weapon}"]"#));
        assert_eq!(v, Verdict::Legal(Vec::new()), "{choice} + {weapon}");
    }
    // The weapon alone: read as equipped through the hardpoint, with a warning.
    match t70(r#""cannon":["heavylasercannon"]"#) {
        Verdict::Legal(w) => assert_eq!(
            w,
            ["`heavylasercannon` on `bluesquadronrookie` needs a slot the ship prints none of: \
              equipped through `hardpointcannon`, which the squad leaves out"]
        ),
        other => panic!("{other:?}"),
    }
    // One hardpoint: a second weapon has no slot, written either way.
    assert!(no_icon(&t70(r#""cannon":["heavylasercannon"],"torpedo":["protontorpedoes"]"#)));
    assert!(no_icon(&t70(r#""hardpoint":["hardpointcannon"],"torpedo":["protontorpedoes"]"#)));
    assert!(no_icon(&t70(r#""hardpoint":["hardpointcannon","hardpointtorpedo"]"#)));
    // The choice picks the slot: a cannon chosen does not hold a torpedo.
    assert!(no_icon(&t70(
        r#""hardpoint":["hardpointcannon"],"cannon":["heavylasercannon"],"torpedo":["protontorpedoes"]"#
    )));
    // A T-65 has a torpedo slot and no hardpoint: no cannon, and no choice card either.
    assert!(no_icon(&judge("rebelalliance", "lukeskywalker", r#""cannon":["heavylasercannon"]"#)));
    assert!(no_icon(&judge("rebelalliance", "lukeskywalker", r#""hardpoint":["hardpointcannon"]"#)));
    assert_eq!(judge("rebelalliance", "lukeskywalker", r#""torpedo":["protontorpedoes"]"#), Verdict::Legal(Vec::new()));
}

/// The class of a verdict that is not legal (see [`EXPECTED_CLASSES`]).
fn class_of(v: &Verdict) -> Option<&'static str> {
    match v {
        Verdict::Legal(_) => None,
        Verdict::Unresolvable(_) => Some("id the data lacks"),
        Verdict::Illegal(violations, _) => {
            let no_icon: Vec<_> = violations.iter().filter(|x| x.id == "no-icon").collect();
            if !no_icon.is_empty() {
                Some("slot the data of its day lacks")
            } else {
                Some("restriction or unique-names")
            }
        }
    }
}

/// The same squads judged through the one versioned set the five releases import to
/// (`cardc import xwing-data2 <folder>@<date>…`), each as of the release of its date, as
/// `cardc validate --as-of` judges it: a card that had not come out (or was out of the set)
/// then is `not-released` (or `withdrawn`), and such a squad is judged as of the first
/// later release that has every card of it, as the test above does with the releases
/// apart. The verdicts are the same.
#[test]
fn real_squads_judged_as_of_their_day_on_one_versioned_set() {
    let Some(shared) = common::shared() else { return };
    let history = shared.join("data/xwing-data2-history");
    let releases = releases(&history);
    let dated: Vec<cardc::import::history::Dated> = releases
        .iter()
        .map(|(date, folder)| cardc::import::history::Dated {
            id: format!("v{}", folder.replace('.', "-")),
            name: format!("xwing-data2 {folder}"),
            date: date.clone(),
            imported: cardc::import::xwing_data2::import(&history.join(folder)).unwrap(),
        })
        .collect();
    let merged = cardc::import::history::merge(&dated);
    let report = cardc::import::check_imported(Path::new("/set"), &merged.files);
    assert_eq!(report.errors(), 0, "the versioned set checks clean");
    let set = report.sets.into_iter().next().and_then(|s| s.set).expect("a compiled set");
    let as_of: Vec<Set> = (0..set.releases.len() as u16).map(|r| set.as_of(r)).collect();
    let indexes: Vec<XwsIndex<'_>> = as_of.iter().enumerate().map(|(r, s)| XwsIndex::as_of(s, r as u16)).collect();
    let text =
        std::fs::read_to_string(shared.join("data/listfortress-xws-lists/xws-lists-2018-09_2019-08.jsonl")).unwrap();
    let judge = |r: usize, squad: &Value| {
        let options = Options { ignore_points: true, release: Some(r as u16) };
        verdict_of(&indexes[r], squad, &options)
    };
    let not_out = |v: &Verdict| v.violations().iter().any(|x| x.id == "not-released" || x.id == "withdrawn");
    let mut tally = Tally::default();
    let mut classes: BTreeMap<&str, usize> = BTreeMap::new();
    let mut later = 0;
    for line in text.lines() {
        let value: Value = serde_json::from_str(line).unwrap_or(Value::Null);
        let date = value.get("date").and_then(Value::as_str).unwrap_or("");
        let r = set.release_on(date).map_or(0, usize::from);
        let squad = value.get("list").unwrap_or(&value);
        let mut v = judge(r, squad);
        if not_out(&v) {
            if let Some(w) = (r + 1..as_of.len()).map(|next| judge(next, squad)).find(|w| !not_out(w)) {
                later += 1;
                v = w;
            }
        }
        tally.add(&v);
        if let Some(class) = class_of(&v) {
            *classes.entry(class).or_default() += 1;
        }
    }
    let classes: String = classes.iter().map(|(c, n)| format!("  {n:>5}  {c}\n")).collect();
    eprint!("{}", tally.table());
    assert_eq!(later, 268, "squads judged by a later release");
    // The same verdicts: as many legal, illegal for each violation, and unresolvable. Two
    // things are said otherwise, and both as a reader would want: an unresolvable squad's
    // first reason (a pilot that came out later is found in the one set, so the squad's
    // unknown upgrade is its reason where the release of its day had no such pilot: 10
    // unknown pilots and 31 unknown upgrades against 22 and 19), and fewer warnings (a
    // slot key that a later release's vocabulary names is known).
    let verdicts = |table: &str| -> Vec<String> {
        table.lines().take_while(|l| !l.starts_with("unresolvable")).map(str::to_string).collect()
    };
    assert_eq!(
        verdicts(&tally.table()),
        verdicts(EXPECTED),
        "the same verdicts as each squad by the release of its day"
    );
    let unresolvable = |table: &str| table.lines().find(|l| l.starts_with("unresolvable")).map(str::to_string);
    assert_eq!(unresolvable(&tally.table()), unresolvable(EXPECTED));
    assert_eq!(classes, EXPECTED_CLASSES);
}
