//! Scenarios: a fleet or an Upgrade action in JSON (the format of the conformance suite),
//! what validating it gives, and whether that is what the scenario expects.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;

use serde::{Deserialize, Serialize};

use crate::blueprint::{upgrade, Activation, UpgradeAction};
use crate::fleet::{validate_fleet, Fleet, FleetShip};
use crate::model::{CardKind, Set};
use crate::violation::Violation;

/// A scenario file as written.
///
/// A fleet is written in the game's words: its list under the plural of the game's unit
/// kind (`"ships"`, a fantasy game's `"heroes"`), each unit as `{"ship": id, "upgrades":
/// [ids]}` in those words (`{"hero": id, "items": [ids], "spells": [ids]}`, a list per kind
/// that equips). Those keys are read against the set ([`Scenario::fleet`]); any other key
/// is an error there.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
pub struct Scenario {
    /// The game's id; must be the set's.
    pub game: String,
    /// A fleet's faction.
    pub faction: Option<String>,
    /// The keys in the game's words (a fleet's list), as written.
    #[serde(flatten)]
    pub words: BTreeMap<String, serde_json::Value>,
    /// An Upgrade action's species.
    pub species: Option<String>,
    /// The techs researched.
    #[serde(default)]
    pub researched: Vec<String>,
    /// The Ancient parts owned.
    #[serde(default)]
    pub owned: Vec<String>,
    /// The blueprint upgraded.
    pub blueprint: Option<String>,
    /// The activations, in order.
    #[serde(default)]
    pub activations: Vec<ScenarioActivation>,
    /// The expected verdict.
    pub expect: Option<Expect>,
    /// Expected summed stats of the final blueprint.
    pub stats: Option<BTreeMap<String, i64>>,
}

/// A unit of a scenario fleet.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScenarioShip {
    /// The unit card's id.
    pub ship: String,
    /// The cards it equips: the kind of the list each is written in (an index into
    /// [`Set::kinds`]) and its id.
    pub upgrades: Vec<(u16, String)>,
}

/// The keys a scenario may write besides the game's words.
const FIXED_KEYS: [&str; 9] =
    ["game", "faction", "species", "researched", "owned", "blueprint", "activations", "expect", "stats"];

impl Scenario {
    /// The fleet, read from the keys in the game's words: `None` when the scenario has no
    /// list of units.
    ///
    /// # Errors
    /// A key that is not one of the game's words, or a list or unit of the wrong shape.
    pub fn fleet(&self, set: &Set) -> Result<Option<Vec<ScenarioShip>>, ScenarioError> {
        let plain = |message: String| ScenarioError { message, line: None, column: None };
        let unit = set.noun(CardKind::Ship);
        let list_key = unit.plural_id.to_string();
        let equips: Vec<(u16, String)> = (0..set.kinds.len() as u16)
            .zip(set.kinds.iter())
            .filter(|(_, k)| k.role == CardKind::Upgrade)
            .map(|(i, k)| (i, k.noun.plural_id.to_string()))
            .collect();
        if let Some(key) = self.words.keys().find(|k| **k != list_key) {
            // An Upgrade action's keys only for a game that has blueprints, parts or species.
            let upgrade_action =
                set.cards.iter().any(|c| matches!(c.kind, CardKind::Blueprint | CardKind::Part | CardKind::Species));
            let action_keys = ["species", "researched", "owned", "blueprint", "activations"];
            let mut expected: Vec<String> = FIXED_KEYS
                .iter()
                .filter(|k| upgrade_action || !action_keys.contains(k))
                .map(|k| format!("`{k}`"))
                .collect();
            expected.insert(2, format!("`{list_key}`"));
            return Err(plain(format!("unknown field `{key}`, expected one of {}", expected.join(", "))));
        }
        let Some(list) = self.words.get(&list_key) else { return Ok(None) };
        let shape = || {
            let mut keys = vec![format!("\"{}\": id", unit.id)];
            keys.extend(equips.iter().map(|(_, e)| format!("\"{e}\": [ids]")));
            plain(format!("`{list_key}` is a list of {{{}}}", keys.join(", ")))
        };
        let entries = list.as_array().ok_or_else(shape)?;
        let mut units = Vec::new();
        for entry in entries {
            let object = entry.as_object().ok_or_else(shape)?;
            let mut ship = None;
            let mut upgrades = Vec::new();
            for (key, value) in object {
                if *key == *unit.id {
                    ship = Some(value.as_str().ok_or_else(shape)?.to_string());
                } else if let Some((kind, _)) = equips.iter().find(|(_, e)| e == key) {
                    let ids = value.as_array().ok_or_else(shape)?;
                    for id in ids {
                        upgrades.push((*kind, id.as_str().ok_or_else(shape)?.to_string()));
                    }
                } else {
                    return Err(plain(format!("unknown field `{key}` in `{list_key}`: {}", shape().message)));
                }
            }
            units.push(ScenarioShip { ship: ship.ok_or_else(shape)?, upgrades });
        }
        Ok(Some(units))
    }
}

/// One activation of a scenario.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct ScenarioActivation {
    /// Grid spaces returned first.
    #[serde(default, rename = "return")]
    pub returns: Vec<usize>,
    /// The part placed.
    pub place: Option<ScenarioPlace>,
}

/// A placement.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct ScenarioPlace {
    /// The part's id.
    pub part: String,
    /// The grid space (0-based).
    pub space: usize,
}

/// The verdict a scenario expects.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Expect {
    /// No violation.
    Legal,
    /// Exactly this set of distinct violation ids.
    Illegal(BTreeSet<String>),
}

impl<'de> Deserialize<'de> for Expect {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Raw {
            Word(String),
            Illegal { illegal: Vec<String> },
        }
        match Raw::deserialize(d)? {
            Raw::Word(w) if w == "legal" => Ok(Expect::Legal),
            Raw::Word(w) => {
                Err(serde::de::Error::custom(format!("expected \"legal\" or {{\"illegal\": [...]}}, found \"{w}\"")))
            }
            Raw::Illegal { illegal } => Ok(Expect::Illegal(illegal.into_iter().collect())),
        }
    }
}

/// A scenario that cannot be read, with where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScenarioError {
    /// What is wrong.
    pub message: String,
    /// 1-based line, when known.
    pub line: Option<usize>,
    /// 1-based column, when known.
    pub column: Option<usize>,
}

impl fmt::Display for ScenarioError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.line, self.column) {
            (Some(l), Some(c)) => write!(f, "{} at line {l}, column {c}", self.message),
            _ => f.write_str(&self.message),
        }
    }
}

impl std::error::Error for ScenarioError {}

impl Scenario {
    /// Parses a scenario from JSON.
    ///
    /// # Errors
    /// Malformed JSON, a field of the wrong type, an unknown field: with line and column.
    pub fn parse(json: &str) -> Result<Scenario, ScenarioError> {
        let json = json.strip_prefix('\u{feff}').unwrap_or(json);
        serde_json::from_str(json).map_err(|e| ScenarioError {
            message: e.to_string().split(" at line ").next().unwrap_or_default().to_string(),
            line: Some(e.line()),
            column: Some(e.column()),
        })
    }
}

/// What validating a scenario gives.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Outcome {
    /// Every violation.
    pub violations: Vec<Violation>,
    /// For an Upgrade action, the final blueprint's summed stats.
    pub stats: Option<BTreeMap<String, i64>>,
    /// What the game calls the unit a violation names (`ship`, `hero`); empty is `ship`.
    #[serde(skip)]
    pub unit: String,
}

impl Outcome {
    /// Whether there is no violation.
    pub fn is_legal(&self) -> bool {
        self.violations.is_empty()
    }

    /// The distinct violation ids.
    pub fn ids(&self) -> BTreeSet<String> {
        self.violations.iter().map(|v| v.id.to_string()).collect()
    }

    /// Whether the outcome is what `scenario` expects (its verdict and stats). `Err` says
    /// how it differs.
    pub fn check(&self, scenario: &Scenario) -> Result<(), String> {
        match self.against(scenario) {
            Expectation::Mismatch { expected, got } => Err(format!("expected {expected}, got {got}")),
            Expectation::None | Expectation::Met { .. } => Ok(()),
        }
    }

    /// How the outcome compares with what `scenario` expects: its `expect`ed verdict and
    /// its `stats`, each when it has one.
    pub fn against(&self, scenario: &Scenario) -> Expectation {
        let mut expected = Vec::new();
        let mut got = Vec::new();
        if let Some(expect) = &scenario.expect {
            expected.push(match expect {
                Expect::Legal => "legal".to_string(),
                Expect::Illegal(ids) => illegal_line(ids),
            });
            got.push(if self.is_legal() { "legal".to_string() } else { illegal_line(&self.ids()) });
        }
        if let Some(stats) = &scenario.stats {
            let found = self.stats.clone().unwrap_or_default();
            let line = |value: &dyn Fn(&str) -> Option<i64>| -> String {
                let all: Vec<String> = stats
                    .keys()
                    .map(|k| format!("{k} {}", value(k).map_or_else(|| "none".to_string(), |v| v.to_string())))
                    .collect();
                format!("stats {}", all.join(", "))
            };
            expected.push(line(&|k| stats.get(k).copied()));
            got.push(line(&|k| found.get(k).copied()));
        }
        match (expected.is_empty(), expected == got) {
            (true, _) => Expectation::None,
            (false, true) => Expectation::Met { line: expected.join("; ") },
            (false, false) => Expectation::Mismatch { expected: expected.join("; "), got: got.join("; ") },
        }
    }
}

/// `illegal: a, b`: the verdict with its distinct violation ids, sorted.
fn illegal_line(ids: &BTreeSet<String>) -> String {
    format!("illegal: {}", ids.iter().map(String::as_str).collect::<Vec<_>>().join(", "))
}

/// How an outcome compares with what its scenario expects.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Expectation {
    /// The scenario has no `expect` and no `stats`: the outcome is a plain verdict.
    None,
    /// The outcome is the expected one, legal or not; `line` is what both are, written as
    /// in a mismatch.
    Met {
        /// What the scenario expects and got.
        line: String,
    },
    /// It is not. Each side is one line: `legal`, or `illegal: ` and the violation ids,
    /// then `; stats name value, …` when the scenario expects stats.
    Mismatch {
        /// What the scenario expects.
        expected: String,
        /// What validating it gave.
        got: String,
    },
}

impl serde::Serialize for Violation {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut st = s.serialize_struct("Violation", 4)?;
        st.serialize_field("id", &self.id)?;
        st.serialize_field("message", &self.message)?;
        st.serialize_field("ship", &self.ship)?;
        st.serialize_field("card", &self.card)?;
        st.end()
    }
}

/// `unknown-card`: no `kind` with this id, and the closest of `ids` when one is close.
fn unknown<'a>(kind: &str, id: &str, ids: impl IntoIterator<Item = &'a str>) -> Violation {
    let hint = crate::suggest::did_you_mean(id, ids).map_or(String::new(), |d| format!("; {d}"));
    Violation {
        id: "unknown-card".into(),
        message: format!("no {kind} `{id}` in this set{hint}"),
        ship: None,
        card: Some(id.to_string().into()),
    }
}

/// The ids of the set's cards of one kind.
fn ids_of(set: &Set, kind: CardKind) -> impl Iterator<Item = &str> {
    set.cards.iter().filter(move |c| c.kind == kind).map(|c| &*c.id)
}

/// Validates a scenario against a set.
///
/// # Errors
/// When the scenario is for another game, or is neither a fleet nor an Upgrade action.
pub fn run(set: &Set, scenario: &Scenario) -> Result<Outcome, ScenarioError> {
    let plain = |message: String| ScenarioError { message, line: None, column: None };
    if scenario.game != set.game {
        return Err(plain(format!("the scenario is for `{}`, the set is `{}`", scenario.game, set.game)));
    }
    let mut out = Outcome { unit: set.noun(CardKind::Ship).one(), ..Outcome::default() };
    let find = |kind: CardKind, id: &str| set.card(id).filter(|(_, c)| c.kind == kind).map(|(i, _)| i);
    if let Some(ships) = scenario.fleet(set)? {
        let mut fleet = Fleet::default();
        if let Some(f) = &scenario.faction {
            match set.vocab.factions.iter().position(|e| e.id == *f) {
                Some(i) => fleet.faction = Some(i as u16),
                None => out.violations.push(Violation {
                    id: "faction".into(),
                    message: format!(
                        "the game has no faction `{f}`{}",
                        crate::suggest::did_you_mean(f, set.vocab.factions.iter().map(|e| &*e.id))
                            .map_or(String::new(), |d| format!("; {d}"))
                    ),
                    ship: None,
                    card: None,
                }),
            }
        }
        let noun = |role| set.noun(role).one();
        for s in &ships {
            let Some(ship) = find(CardKind::Ship, &s.ship) else {
                out.violations.push(unknown(&noun(CardKind::Ship), &s.ship, ids_of(set, CardKind::Ship)));
                continue;
            };
            let mut upgrades = Vec::new();
            // Each card of the kind of the list it is written in (`"items"`, `"spells"`).
            for (kind, u) in &s.upgrades {
                let of_kind = |c: &crate::model::Card| c.kind == CardKind::Upgrade && c.declared == *kind;
                match set.card(u).filter(|(_, c)| of_kind(c)) {
                    Some((i, _)) => upgrades.push(i),
                    None => {
                        let noun =
                            set.kinds.get(*kind as usize).map_or_else(|| noun(CardKind::Upgrade), |k| k.noun.one());
                        let ids = set.cards.iter().filter(|c| of_kind(c)).map(|c| &*c.id);
                        out.violations.push(unknown(&noun, u, ids));
                    }
                }
            }
            fleet.ships.push(FleetShip { ship, upgrades });
        }
        out.violations.extend(validate_fleet(set, &fleet));
        return Ok(out);
    }
    let (Some(species), Some(blueprint)) = (&scenario.species, &scenario.blueprint) else {
        return Err(plain(format!(
            "a scenario needs `{}` (a {}) or `species` and `blueprint` (an Upgrade action)",
            set.noun(CardKind::Ship).plural_id,
            set.roster.one()
        )));
    };
    let mut action = UpgradeAction::default();
    let species_i = find(CardKind::Species, species);
    let blueprint_i = find(CardKind::Blueprint, blueprint);
    if species_i.is_none() {
        out.violations.push(unknown("species", species, ids_of(set, CardKind::Species)));
    }
    if blueprint_i.is_none() {
        out.violations.push(unknown("blueprint", blueprint, ids_of(set, CardKind::Blueprint)));
    }
    for t in &scenario.researched {
        match set.vocab.techs.iter().position(|e| e.id == *t) {
            Some(i) => action.researched.push(i as u16),
            None => out.violations.push(unknown("tech", t, set.vocab.techs.iter().map(|e| &*e.id))),
        }
    }
    for p in &scenario.owned {
        match find(CardKind::Part, p) {
            Some(i) => action.owned.push(i),
            None => out.violations.push(unknown("part", p, ids_of(set, CardKind::Part))),
        }
    }
    // An unknown part is reported and its placement skipped; the rest still runs.
    for a in &scenario.activations {
        let place = a.place.as_ref().and_then(|p| {
            let found = find(CardKind::Part, &p.part);
            if found.is_none() {
                out.violations.push(unknown("part", &p.part, ids_of(set, CardKind::Part)));
            }
            found.map(|i| (i, p.space))
        });
        action.activations.push(Activation { returns: a.returns.clone(), place });
    }
    if let (Some(species), Some(blueprint)) = (species_i, blueprint_i) {
        action.species = species;
        action.blueprint = blueprint;
        let upgraded = upgrade(set, &action);
        out.violations.extend(upgraded.violations);
        out.stats = Some(upgraded.stats);
    }
    Ok(out)
}

/// The verdict word: `legal` or `illegal`.
pub fn verdict(outcome: &Outcome) -> &'static str {
    if outcome.is_legal() {
        "legal"
    } else {
        "illegal"
    }
}

/// One scenario's result as `validate --format json` prints it.
#[derive(Serialize)]
struct Report<'a> {
    file: &'a str,
    verdict: &'static str,
    violations: &'a [Violation],
    stats: &'a Option<BTreeMap<String, i64>>,
}

impl<'a> Report<'a> {
    fn of(file: &'a str, outcome: &'a Outcome) -> Report<'a> {
        Report { file, verdict: verdict(outcome), violations: &outcome.violations, stats: &outcome.stats }
    }
}

/// One scenario's result as the JSON object `validate --format json` prints:
/// `{"file", "verdict", "violations": [{"id", "message", "ship", "card"}], "stats"}`.
pub fn report_json(file: &str, outcome: &Outcome) -> String {
    serde_json::to_string(&Report::of(file, outcome)).unwrap_or_default()
}

/// One scenario's result as text: the verdict, then a line per violation.
pub fn report_text(file: &str, outcome: &Outcome) -> String {
    let mut out = format!("{file}: {}\n", verdict(outcome));
    for v in &outcome.violations {
        let unit = if outcome.unit.is_empty() { "ship" } else { &outcome.unit };
        let about: Vec<String> = [(unit, &v.ship), ("card", &v.card)]
            .into_iter()
            .filter_map(|(what, id)| id.as_ref().map(|id| format!("{what} `{id}`")))
            .collect();
        let about = if about.is_empty() { String::new() } else { format!(" ({})", about.join(", ")) };
        out.push_str(&format!("  {}: {}{about}\n", v.id, v.message));
    }
    if let Some(stats) = &outcome.stats {
        let stats: Vec<String> = stats.iter().map(|(k, v)| format!("{k} {v}")).collect();
        out.push_str(&format!("  stats: {}\n", stats.join(", ")));
    }
    out
}

/// One scenario's result as text, with its expectation: `file: illegal, as expected` or
/// `file: mismatch` with `expected:` and `got:` lines, then the violations (and stats).
/// Without an expectation, [`report_text`].
pub fn test_text(file: &str, outcome: &Outcome, expectation: &Expectation) -> String {
    let plain = report_text(file, outcome);
    let (_, details) = plain.split_once('\n').unwrap_or((&plain, ""));
    match expectation {
        Expectation::None => plain,
        Expectation::Met { .. } => format!("{file}: {}, as expected\n{details}", verdict(outcome)),
        Expectation::Mismatch { expected, got } => {
            format!("{file}: mismatch\n  expected: {expected}\n  got: {got}\n{details}")
        }
    }
}

/// One scenario's result as JSON with its expectation: [`report_json`]'s fields plus
/// `as_expected` (a boolean) and the `expected` and `got` lines. Without an expectation,
/// [`report_json`].
pub fn test_json(file: &str, outcome: &Outcome, expectation: &Expectation) -> String {
    let (expected, got) = match expectation {
        Expectation::None => return report_json(file, outcome),
        Expectation::Met { line } => (line.clone(), line.clone()),
        Expectation::Mismatch { expected, got } => (expected.clone(), got.clone()),
    };
    #[derive(Serialize)]
    struct Tested<'a> {
        #[serde(flatten)]
        report: Report<'a>,
        as_expected: bool,
        expected: String,
        got: String,
    }
    let report = Tested {
        report: Report::of(file, outcome),
        as_expected: matches!(expectation, Expectation::Met { .. }),
        expected,
        got,
    };
    serde_json::to_string(&report).unwrap_or_default()
}
