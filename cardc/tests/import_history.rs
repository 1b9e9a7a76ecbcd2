//! `cardc import xwing-data2` on real data as it comes: the five releases in
//! `../shared/data/xwing-data2-history` import and check clean, each irregularity of theirs
//! counted; and the 1.14.1 release, mutated the ways real data strays (a key named twice, a
//! number as a string, one string for a list, a missing `xws`, HTML in the text, an icon
//! name the data does not declare, a card that cannot be read), still imports and checks, with exactly that irregularity reported.

mod common;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use cardc::import::xwing_data2::import;
use cardc::import::{check_imported, Imported};
use proptest::prelude::*;
use serde_json::Value;

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

/// The number of check errors of a set, with the first few rendered.
fn errors(imported: &Imported) -> (usize, String) {
    let report = check_imported(Path::new("/set"), &imported.files);
    let rendered: Vec<String> = report
        .all_diagnostics()
        .filter(|d| d.is_error())
        .take(5)
        .map(|d| d.render(&report.sources, cardc::RenderStyle { color: false, width: 100 }))
        .collect();
    (report.errors(), rendered.join("\n"))
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
        let (n, rendered) = errors(imported);
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

/// How a test changes one data file.
#[derive(Clone, Copy, Debug)]
enum Mutation {
    /// Names a key of an object twice, the first time with `null` (the last wins).
    DuplicateKey,
    /// Writes a whole number under a number key as a string.
    NumberAsString,
    /// Writes a one-element list under a list key as its element.
    OneForAList,
    /// Leaves out a pilot's or an upgrade's `xws`.
    DropXws,
    /// Puts HTML into an ability.
    Html,
    /// Makes a pilot's or an upgrade's name a number, so that it cannot be read.
    BreakCard,
    /// Names an icon in an ability that the data's lists do not declare.
    UnknownName,
}

impl Mutation {
    /// The kind of irregularity it causes.
    fn kind(self) -> &'static str {
        match self {
            Mutation::DuplicateKey => "a key named twice in one object (the last wins)",
            Mutation::NumberAsString => "a number written as a string",
            Mutation::OneForAList => "a string where a list is expected",
            Mutation::DropXws => "no `xws` (derived from the name, as xwing-data2 derives it)",
            Mutation::Html => "HTML tags in text (removed; <br> is a sentence break)",
            Mutation::BreakCard => "a card that cannot be read (left out)",
            Mutation::UnknownName => "a [Name] in text that the data's lists do not declare (declared as an icon)",
        }
    }
}

/// Writes `v` as JSON, applying `m` at its `target`-th site (counting from 0 in document
/// order); returns the number of sites and the JSON path of the one changed.
struct Writer {
    m: Mutation,
    target: usize,
    sites: usize,
    hit: Option<String>,
    out: String,
}

const NUMBER_KEYS: &[&str] = &["value", "recovers", "initiative", "limited", "cost", "loadout"];
const LIST_KEYS: &[&str] = &["side", "factions", "sizes", "ships", "keywords", "names", "slots"];

impl Writer {
    fn site(&mut self, path: &str) -> bool {
        let here = self.sites == self.target;
        self.sites += 1;
        if here {
            self.hit = Some(path.to_string());
        }
        here
    }

    fn write(&mut self, v: &Value, path: &str, card: bool) {
        match v {
            Value::Object(map) => {
                self.out.push('{');
                let mut first = true;
                for (k, x) in map {
                    let at = format!("{path}.{k}");
                    let mut sep = |out: &mut String| {
                        if !std::mem::take(&mut first) {
                            out.push(',');
                        }
                    };
                    let key = Value::String(k.clone()).to_string();
                    let text_site = k == "ability" && x.as_str().is_some_and(|s| s.contains(' '));
                    let m = self.m;
                    match m {
                        Mutation::DuplicateKey if self.site(&at) => {
                            sep(&mut self.out);
                            self.out.push_str(&format!("{key}:null"));
                        }
                        Mutation::DropXws if card && k == "xws" && self.site(path) => continue,
                        Mutation::BreakCard if card && k == "name" && self.site(path) => {
                            sep(&mut self.out);
                            self.out.push_str(&format!("{key}:7"));
                            continue;
                        }
                        Mutation::NumberAsString
                            if NUMBER_KEYS.contains(&k.as_str()) && x.is_i64() && self.site(&at) =>
                        {
                            sep(&mut self.out);
                            self.out.push_str(&format!("{key}:\"{x}\""));
                            continue;
                        }
                        Mutation::OneForAList
                            if LIST_KEYS.contains(&k.as_str())
                                && x.as_array().is_some_and(|a| a.len() == 1 && a[0].is_string())
                                && self.site(&at) =>
                        {
                            sep(&mut self.out);
                            self.out.push_str(&format!("{key}:{}", x[0]));
                            continue;
                        }
                        Mutation::UnknownName if text_site && self.site(path) => {
                            sep(&mut self.out);
                            let text = format!("{} (See [Force Charge].)", x.as_str().unwrap_or_default());
                            self.out.push_str(&format!("{key}:{}", Value::String(text)));
                            continue;
                        }
                        Mutation::Html if text_site && self.site(path) => {
                            sep(&mut self.out);
                            let text = x.as_str().unwrap_or_default();
                            let html = match self.sites % 3 {
                                0 => text.replacen(". ", ".<br>", 1),
                                1 => format!("<strong>{text}</strong>"),
                                _ => text.replacen(' ', " <span class=\"hit\"></span><i> </i>", 1),
                            };
                            let html = if html.contains('<') { html } else { format!("<i>{text}</i>") };
                            self.out.push_str(&format!("{key}:{}", Value::String(html)));
                            continue;
                        }
                        _ => {}
                    }
                    sep(&mut self.out);
                    self.out.push_str(&key);
                    self.out.push(':');
                    self.write(x, &at, false);
                }
                self.out.push('}');
            }
            Value::Array(items) => {
                self.out.push('[');
                // The cards: the pilots of a ship file, the upgrades of an upgrade file.
                let cards = path == "$" || path == "$.pilots";
                for (i, x) in items.iter().enumerate() {
                    if i > 0 {
                        self.out.push(',');
                    }
                    self.write(x, &format!("{path}[{i}]"), cards);
                }
                self.out.push(']');
            }
            other => self.out.push_str(&other.to_string()),
        }
    }
}

/// A data folder and its pilot and upgrade files (relative path, JSON).
type Base = (PathBuf, Vec<(String, Value)>);

/// The 1.14.1 release's data folder, copied once per test binary into a folder of this
/// test's; its pilot and upgrade files (relative paths, sorted) and their JSON.
fn base() -> Option<&'static Base> {
    static BASE: OnceLock<Option<Base>> = OnceLock::new();
    BASE.get_or_init(|| {
        let shared = common::shared()?;
        let from = history(&shared).join("1.14.1/data");
        let to = Path::new(env!("CARGO_TARGET_TMPDIR")).join("import_history/base");
        let _ = std::fs::remove_dir_all(&to);
        copy_dir(&from, &to);
        let mut files = Vec::new();
        for dir in ["pilots", "upgrades"] {
            collect_json(&to, &to.join(dir), &mut files);
        }
        files.sort_by(|a, b| a.0.cmp(&b.0));
        Some((to, files))
    })
    .as_ref()
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let path = entry.unwrap().path();
        let dest = to.join(path.file_name().unwrap());
        if path.is_dir() {
            copy_dir(&path, &dest);
        } else {
            std::fs::copy(&path, &dest).unwrap();
        }
    }
}

fn collect_json(root: &Path, dir: &Path, out: &mut Vec<(String, Value)>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            collect_json(root, &path, out);
        } else if path.extension().is_some_and(|e| e == "json") {
            let rel = path.strip_prefix(root).unwrap().to_string_lossy().replace('\\', "/");
            out.push((rel, serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap()));
        }
    }
}

fn mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        Just(Mutation::DuplicateKey),
        Just(Mutation::NumberAsString),
        Just(Mutation::OneForAList),
        Just(Mutation::DropXws),
        Just(Mutation::Html),
        Just(Mutation::BreakCard),
        Just(Mutation::UnknownName),
    ]
}

/// The unmutated release, imported once.
fn unmutated() -> &'static Imported {
    static ONE: OnceLock<Imported> = OnceLock::new();
    ONE.get_or_init(|| import(&base().unwrap().0).unwrap())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn mutated_real_data_imports_reports_each_irregularity_and_checks(
        m in mutation(),
        file in any::<usize>(),
        site in any::<usize>(),
    ) {
        let Some((root, files)) = base() else { return Ok(()) };
        let before = unmutated();
        prop_assert!(before.irregularities.is_empty(), "1.14.1 is regular: {:?}", before.irregularities);
        // A file with a site for this mutation.
        let sites_of = |v: &Value| {
            let mut w = Writer { m, target: usize::MAX, sites: 0, hit: None, out: String::new() };
            w.write(v, "$", false);
            w.sites
        };
        let candidates: Vec<&(String, Value)> = files.iter().filter(|(_, v)| sites_of(v) > 0).collect();
        let (rel, value) = candidates[file % candidates.len()];
        let mut w = Writer { m, target: site % sites_of(value), sites: 0, hit: None, out: String::new() };
        w.write(value, "$", false);
        let hit = w.hit.clone().unwrap();

        let dir = tempfile::tempdir().unwrap();
        copy_dir(root, dir.path());
        std::fs::write(dir.path().join(rel), &w.out).unwrap();
        let after = import(dir.path()).map_err(|e| TestCaseError::fail(format!("{rel} {hit}: {e}")))?;

        let found: Vec<String> = after.irregularities.iter().map(ToString::to_string).collect();
        prop_assert_eq!(after.irregularities.len(), 1, "{:?} at {} {}: {:#?}", m, rel, hit, found);
        let i = &after.irregularities[0];
        prop_assert_eq!(&i.kind, m.kind());
        prop_assert_eq!(&i.file, rel);
        prop_assert!(hit.starts_with(&i.path), "{} is where {} is", i.path, hit);
        prop_assert!(after.summary().contains("1 warning)") && after.summary().contains(m.kind()));
        let (n, rendered) = errors(&after);
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
