//! The `validate` commands' drivers over scenario, XWS and fleet-list files, shared by
//! `cardc validate` and `cards validate`: each reads its files bounded ([`crate::files`]),
//! prints every verdict ([`crate::terminal`]) and returns the exit status.

use std::path::Path;

use cards_runtime::fleet::Options;
use cards_runtime::fleet_list::{validate_bytes, ListDiagnostic, ListTally};
use cards_runtime::scenario::{
    report_json, report_text, run, test_json, test_text, Expectation, Outcome, Scenario, ScenarioError,
};
use cards_runtime::xws::{
    squad_of, squad_release, verdict_json, verdict_of, verdict_text, Tally, Unresolvable, Verdict, XwsIndex,
};
use cards_runtime::Set;

use crate::{err, errln, out};

/// The bytes of the file `path`, or `None` after saying on stderr why they cannot be read.
fn read(path: &Path) -> Option<Vec<u8>> {
    match crate::files::read(path) {
        Ok(bytes) => Some(bytes),
        Err(e) => {
            errln!("error: {}: {e}", path.display());
            None
        }
    }
}

/// Validates scenario files and prints each verdict on stdout (text or JSON lines);
/// problems reading a file go to stderr. With one set, every scenario is validated against
/// it; with several, each against the set of its `game`. Returns the exit status of a
/// `validate` command: 0 when all are legal, 1 when one is illegal, 2 when one cannot be
/// read or has no set.
pub fn scenario_files(sets: &[&Set], files: &[impl AsRef<Path>], json: bool) -> u8 {
    run_files(sets, files, json, false)
}

/// [`scenario_files`], each scenario a test of its `expect` (and `stats`): one that has an
/// expectation passes when it is met, legal or not, and a mismatch prints `expected:`
/// against `got:`; one without passes when it is legal. When some scenario has an
/// expectation, a summary line goes to stderr. Returns 0 when every scenario passes, 1
/// when one does not, 2 when one cannot be read or has no set.
pub fn test_scenario_files(sets: &[&Set], files: &[impl AsRef<Path>], json: bool) -> u8 {
    run_files(sets, files, json, true)
}

/// Reads and runs one scenario file against the set of its game among `sets`.
fn run_file(sets: &[&Set], path: &Path) -> Result<(Scenario, Outcome), ScenarioError> {
    let text = crate::files::read_to_string(path).map_err(|e| ScenarioError {
        message: e.to_string(),
        line: None,
        column: None,
    })?;
    let scenario = Scenario::parse(&text)?;
    let set = match sets {
        [one] => Some(*one),
        _ => sets.iter().copied().find(|s| s.game == scenario.game),
    };
    let set = set.ok_or_else(|| ScenarioError {
        message: format!("no compiled set is the game `{}`", scenario.game),
        line: None,
        column: None,
    })?;
    let outcome = run(set, &scenario)?;
    Ok((scenario, outcome))
}

/// How many scenarios met, missed or had no expectation.
#[derive(Default)]
struct Count {
    met: usize,
    mismatched: usize,
    plain: usize,
}

fn run_files(sets: &[&Set], files: &[impl AsRef<Path>], json: bool, compare: bool) -> u8 {
    let mut worst = 0u8;
    let mut count = Count::default();
    for path in files {
        let path = path.as_ref();
        let name = path.display().to_string();
        let (scenario, outcome) = match run_file(sets, path) {
            Ok(ran) => ran,
            Err(e) => {
                errln!("error: {name}: {e}");
                worst = 2;
                continue;
            }
        };
        let expectation = if compare { outcome.against(&scenario) } else { Expectation::None };
        let passed = match &expectation {
            Expectation::None => {
                count.plain += 1;
                outcome.is_legal()
            }
            Expectation::Met { .. } => {
                count.met += 1;
                true
            }
            Expectation::Mismatch { .. } => {
                count.mismatched += 1;
                false
            }
        };
        let text = match (json, &expectation) {
            (true, Expectation::None) => report_json(&name, &outcome) + "\n",
            (true, _) => test_json(&name, &outcome, &expectation) + "\n",
            (false, _) => test_text(&name, &outcome, &expectation),
        };
        out!("{text}");
        if !passed {
            worst = worst.max(1);
        }
    }
    if count.met + count.mismatched > 0 {
        let total = count.met + count.mismatched + count.plain;
        let plain = if count.plain > 0 { format!(", {} without an expectation", count.plain) } else { String::new() };
        errln!(
            "validated {total} scenario{}: {} as expected, {} mismatch{}{plain}",
            if total == 1 { "" } else { "s" },
            count.met,
            count.mismatched,
            if count.mismatched == 1 { "" } else { "es" },
        );
    }
    worst
}

/// The release `--release ID` or `--as-of DATE` names in `set` (`--as-of`: the last release
/// dated on or before it), `None` when neither is given, or the message of a usage error.
pub fn release_of(set: &Set, release: Option<&str>, date: Option<&str>) -> Result<Option<u16>, String> {
    let ids = || set.releases.iter().map(|r| format!("`{}`", r.id)).collect::<Vec<_>>().join(", ");
    match (release, date) {
        (Some(id), _) => set.release(id).map(Some).ok_or_else(|| match set.releases.len() {
            0 => format!("the set declares no release, so none is named `{id}`"),
            _ => format!("the set has no release `{id}`; its releases are {}", ids()),
        }),
        (None, Some(date)) => {
            cards_runtime::model::release::date(date).map_err(|why| format!("`{date}` is not a date: {why}"))?;
            set.release_on(date).map(Some).ok_or_else(|| match set.releases.first() {
                None => format!("the set declares no release to take as of {date}"),
                Some(first) => {
                    format!("the set's first release, `{}`, is dated {}, after {date}", first.id, first.date)
                }
            })
        }
        (None, None) => Ok(None),
    }
}

/// Validates XWS files against a set and prints the verdicts: a `.json` file is one
/// squad; any other file is JSON lines, one squad per line (a line may wrap its squad in
/// `list`). Human output prints every verdict of a single squad and, for batches, the
/// squads that are not legal and then the tally; JSON prints one object per squad. Returns
/// the exit status: 0 all legal, 1 one illegal or unresolvable, 2 a file cannot be read.
///
/// With `options.release`, every squad is judged by the set as of that release; without,
/// a squad whose `version` names a release of the set is judged by that one, and the rest
/// by the set as it is. A verdict judged as of a release says which (`(as of points-2,
/// 2019-01-04)`, `"release"` in JSON).
pub fn xws_files(set: &Set, files: &[impl AsRef<Path>], options: &Options, json: bool) -> u8 {
    // A set with releases is judged as of its last one unless told otherwise, so that a
    // card that has left it is `withdrawn`; a verdict says the release only when one was
    // asked for or the squad's `version` named it.
    let asked = options.release;
    let last = set.releases.len().checked_sub(1).and_then(|r| u16::try_from(r).ok());
    let options = &Options { release: asked.or(last), ..*options };
    let judged = options.release.map(|r| (set.as_of(r), r));
    let index = match &judged {
        Some((as_of, r)) => XwsIndex::as_of(as_of, *r),
        None => XwsIndex::new(set),
    };
    // The set as of each release a squad's `version` names, made once.
    let mut named: std::collections::HashMap<u16, Set> = std::collections::HashMap::new();
    let mut worst = 0u8;
    for path in files {
        let path = path.as_ref();
        let name = path.display().to_string();
        let Some(bytes) = read(path) else {
            worst = 2;
            continue;
        };
        let single = path.extension().is_some_and(|e| e == "json");
        // A line that is not UTF-8 is that squad's problem, not the batch's.
        fn utf8(line: &[u8]) -> Result<&str, String> {
            std::str::from_utf8(line).map_err(|e| format!("not UTF-8 (byte {} of the line)", e.valid_up_to() + 1))
        }
        let squads: Vec<(usize, Result<&str, String>)> = if single {
            vec![(0, utf8(&bytes))]
        } else {
            bytes
                .split(|b| *b == b'\n')
                .enumerate()
                .filter(|(_, l)| !l.iter().all(u8::is_ascii_whitespace))
                .map(|(i, l)| (i + 1, utf8(l)))
                .collect()
        };
        let mut tally = Tally::default();
        for (line, squad) in squads {
            let parsed = squad
                .and_then(|text| serde_json::from_str::<serde_json::Value>(text).map_err(|e| format!("not JSON: {e}")));
            let (v, release) = match &parsed {
                Err(message) => (Verdict::Unresolvable(Unresolvable::Malformed(message.clone())), asked),
                Ok(value) => {
                    let squad = squad_of(value);
                    match squad_release(set, squad).filter(|_| asked.is_none()) {
                        Some(r) => {
                            let as_of = named.entry(r).or_insert_with(|| set.as_of(r));
                            let options = Options { release: Some(r), ..*options };
                            (verdict_of(&XwsIndex::as_of(as_of, r), squad, &options), Some(r))
                        }
                        None => (verdict_of(&index, squad, options), asked),
                    }
                }
            };
            tally.add(&v);
            let mut place = if single { name.clone() } else { format!("{name}:{line}") };
            let release = release.and_then(|r| set.releases.get(usize::from(r)));
            let out = if json {
                let mut value = verdict_json(&place, &v);
                if let Some(r) = release {
                    value["release"] = serde_json::json!({ "id": &*r.id, "date": &*r.date });
                }
                Some(value.to_string() + "\n")
            } else if single || !matches!(v, Verdict::Legal(_)) {
                if let Some(r) = release {
                    place = format!("{place} (as of {}, {})", r.id, r.date);
                }
                Some(verdict_text(&place, &v))
            } else {
                None
            };
            if let Some(text) = out {
                out!("{text}");
            }
        }
        if !single && !json {
            err!("{name}:\n{}", tally.table());
        }
        if tally.legal < tally.squads {
            worst = worst.max(1);
        }
    }
    worst
}

/// Validates Armada fleet lists and prints each verdict on stdout; warnings go to stderr,
/// and after a batch (more than one list, human output) the tally of verdicts and of
/// warnings by kind. Returns 0 when all are legal, 1 when one is illegal, 2 when one cannot
/// be read or its names do not resolve.
pub fn fleet_list_files(set: &Set, lists: &[impl AsRef<Path>], json: bool) -> u8 {
    let mut worst = 0u8;
    let mut tally = ListTally::default();
    for path in lists {
        let path = path.as_ref();
        let name = path.display().to_string();
        let Some(bytes) = read(path) else {
            worst = 2;
            continue;
        };
        let outcome = validate_bytes(set, &bytes);
        tally.add(&outcome);
        for w in outcome.warnings() {
            errln!("warning: {name}: {w}");
        }
        worst = worst.max(outcome.verdict.status());
        let violations = outcome.verdict.violations().to_vec();
        let errors = outcome.errors();
        let text = if json {
            let lines = |ds: Vec<&ListDiagnostic>| -> Vec<serde_json::Value> {
                ds.iter().map(|d| serde_json::json!({ "line": d.line, "kind": d.kind, "message": d.message })).collect()
            };
            serde_json::json!({
                "file": name,
                "format": outcome.format.as_str(),
                "verdict": outcome.verdict.as_str(),
                "violations": violations,
                "errors": lines(errors),
                "warnings": lines(outcome.warnings()),
            })
            .to_string()
                + "\n"
        } else {
            let mut out = report_text(&name, &Outcome { violations, stats: None, unit: String::new() });
            if !errors.is_empty() {
                out = format!("{name}: unresolvable\n");
                for e in &errors {
                    out.push_str(&format!("  {e}\n"));
                }
            }
            out
        };
        out!("{text}");
    }
    if lists.len() > 1 && !json {
        err!("{}", tally.table());
    }
    worst
}
