//! `cardc export`: the JSON of a set with every reference by id.
//!
//! - the extensions set, every field of every card checked;
//! - the same bytes twice, from the library and the CLI, and the CLI's exit codes;
//! - the shipped and conformance sets read back from their JSON into the model they came
//!   from (everything but the parsed abilities, which the export leaves out);
//! - xwing-data2 imported, checked and exported: every pilot's and upgrade's slots,
//!   restrictions, cost, limited, stats, arcs, actions, charges, force, grants, keywords,
//!   formats and standard loadout, read from the data's JSON here on their own, come out of
//!   the export, but for the few values the language does not carry ([`NOT_CARRIED`]).

use crate::common;

use std::borrow::Cow;
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::path::{Path, PathBuf};

use cards_runtime::export::{export, to_json_pretty};
use cards_runtime::model::{
    kinds::PRELUDE, BarAction, Card, CardKind, Charges, Cmp, CmpOp, Constraint, CostBasis, Difficulty, Distance, Entry,
    Filter, Grant, Kind, NamedAbility, Noun, Rule, Scope, Selector, SelectorKind, Set, VariableCost, Verb, VocabKind,
    Vocabulary,
};
use cards_runtime::restriction::{Atom, Node, Restriction};
use common::{cardc, code, files, shared};
use serde_json::{json, Value};

fn manifest() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn extensions() -> PathBuf {
    manifest().join("tests/sets/extensions")
}

/// Loads one set folder; panics with the diagnostics when it has errors.
fn load(dir: &Path) -> Set {
    let report = cardc::check_paths(&[dir]).expect("the set can be read");
    let errors: Vec<String> = report
        .all_diagnostics()
        .filter(|d| d.is_error())
        .map(|d| d.render(&report.sources, Default::default()))
        .collect();
    assert!(errors.is_empty(), "{}:\n{}", dir.display(), errors.join(""));
    let mut sets = report.sets;
    assert_eq!(sets.len(), 1, "{} is one set", dir.display());
    sets.remove(0).set.expect("a set without errors has a model")
}

fn to_value(set: &Set) -> Value {
    serde_json::to_value(export(set)).unwrap()
}

fn card<'v>(doc: &'v Value, id: &str) -> &'v Value {
    doc["cards"].as_array().unwrap().iter().find(|c| c["id"] == id).unwrap_or_else(|| panic!("no card {id}"))
}

#[test]
fn the_extensions_set_exports_every_field() {
    let doc = to_value(&load(&extensions()));
    assert_eq!(doc["game"], "ext");
    assert_eq!(doc["name"], "Extensions");
    assert!(doc.get("flagship_icon").is_none());

    let kinds: Vec<&str> = doc["vocabulary"].as_object().unwrap().keys().map(String::as_str).collect();
    // serde_json's map sorts keys; the order written is checked by `the_output_is_ordered_as_declared`.
    assert_eq!(
        kinds,
        ["actions", "arcs", "factions", "formats", "icons", "maneuvers", "ship_icons", "sizes", "stats", "traits"]
    );
    assert_eq!(
        doc["vocabulary"]["ship_icons"],
        json!([{"id": "t65", "name": "T-65 X-wing"}, {"id": "yt", "name": "YT-1300"}])
    );
    assert_eq!(doc["vocabulary"]["maneuvers"], json!([{"id": "bank-left", "name": "Bank Left"}]));
    assert_eq!(doc["vocabulary"]["sizes"][2], json!({"id": "large", "name": "large"}));

    assert_eq!(
        doc["rules"],
        json!([
            {"id": "names", "message": "A squad cannot hold two cards of one limited name",
             "constraint": {"type": "unique_names", "scope": "fleet"}},
            {"id": "points", "message": "Ships cost at most 20 points",
             "constraint": {"type": "total_cost", "cmp": {"op": "at_most", "n": 20}, "of": "ship", "scope": "fleet"}},
            {"id": "loadout", "message": "A ship's upgrades cost at most its loadout",
             "constraint": {"type": "total_cost", "cmp": {"op": "at_most", "stat": "loadout"}, "of": "upgrade",
                            "scope": "ship"}},
            {"id": "solitary-crew", "message": "A squad holds at most one Solitary crew",
             "constraint": {"type": "count", "cmp": {"op": "at_most", "n": 1},
                            "selector": {"kind": "upgrade", "filters": [{"trait": "solitary"}, {"icon": "crew"}]},
                            "scope": "fleet"}},
            {"id": "standardized", "message": "Ships of one type equip the same Standardized upgrades",
             "constraint": {"type": "same", "selector": {"kind": "upgrade", "filters": [{"trait": "standardized"}]}}},
        ])
    );

    let expected = [
        json!({"id": "x-wing", "name": "X-wing", "kind": "chassis", "factions": ["rebel"], "size": "small",
               "ship_icon": "t65", "stats": {"agility": 2, "hull": 4},
               "actions": [
                   {"action": "focus", "difficulty": "white", "linked": {"action": "barrel-roll", "difficulty": "red"}},
                   {"action": "barrel-roll", "difficulty": "white"},
                   {"action": "boost", "difficulty": "purple"}],
               "arcs": ["front"],
               "ship_abilities": [{"name": "Wing Leader",
                   "text": "While you execute a [Bank Left] maneuver, you may gain 1 focus token."}]}),
        json!({"id": "freighter", "name": "Freighter", "kind": "chassis", "factions": ["rebel", "scum"],
               "size": "large", "ship_icon": "yt", "stats": {"agility": 1, "hull": 8},
               "actions": [{"action": "focus", "difficulty": "white"}, {"action": "boost", "difficulty": "red"}],
               "arcs": ["front", "rear"]}),
        json!({"id": "luke", "name": "Luke", "kind": "ship", "cost": 6, "unique": true, "limited": 1,
               "chassis": "x-wing", "traits": ["x-wing"], "upgrades": ["crew", "talent", "configuration"],
               "stats": {"initiative": 5, "loadout": 10}, "force": {"count": 2, "recovers": 1},
               "formats": ["standard", "epic"]}),
        json!({"id": "red-squadron", "name": "Red Squadron", "kind": "ship", "cost": 4, "chassis": "x-wing",
               "traits": ["x-wing"], "upgrades": ["crew", "talent"], "stats": {"initiative": 2, "loadout": 4}}),
        json!({"id": "blue-squadron", "name": "Blue Squadron", "kind": "ship", "cost": 5, "chassis": "x-wing",
               "upgrades": ["crew", "talent"], "stats": {"initiative": 2, "loadout": 5},
               "standard_loadout": ["drop-seat", "tailslide"]}),
        json!({"id": "outrider", "name": "Outrider", "kind": "ship", "cost": 5, "chassis": "freighter",
               "upgrades": ["crew", "device"], "stats": {"initiative": 1, "loadout": 7}}),
        json!({"id": "drop-seat", "name": "Drop Seat", "kind": "upgrade",
               "cost_by": {"basis": "size", "values": {"small": 2, "medium": 3, "large": 4}},
               "icons": ["crew"], "charges": {"count": 2, "recovers": -1},
               "grants": [
                   {"type": "slot", "icon": "crew", "amount": 2},
                   {"type": "slot", "icon": "device", "amount": -1},
                   {"type": "action", "action": "evade", "difficulty": "red"},
                   {"type": "stat", "stat": "hull", "amount": 1},
                   {"type": "force", "amount": 1},
                   {"type": "arc", "arc": "rear"}]}),
        json!({"id": "drop-seat-back", "name": "Drop Seat (Folded)", "kind": "upgrade", "icons": ["crew"],
               "back_of": "drop-seat"}),
        json!({"id": "tailslide", "name": "Tailslide", "kind": "upgrade",
               "cost_by": {"basis": "agility", "values": {"0": 1, "1": 2, "2": 3, "3": 4}},
               "icons": ["talent"],
               "requires": {"and": [{"trait": "x-wing"}, {"equipped": "configuration"}, {"action": {"action": "boost"}}]},
               "standard_loadout_only": true}),
        json!({"id": "vader-fan", "name": "Vader Fan", "kind": "upgrade", "cost": 1, "icons": ["crew"],
               "requires": {"or": [{"faction": "scum"}, {"in_fleet": "Darth Vader"}]}}),
        json!({"id": "darth-vader", "name": "Darth Vader", "kind": "upgrade", "cost": 3, "icons": ["crew"]}),
        json!({"id": "rear-gunner", "name": "Rear Gunner", "kind": "upgrade", "cost": 1, "icons": ["crew"],
               "requires": {"and": [{"arc": "rear"}, {"stat": {"stat": "agility", "values": [1]}}]}}),
        json!({"id": "squad-veteran", "name": "Squad Veteran", "kind": "upgrade", "cost": 1, "icons": ["talent"],
               "requires": {"and": [{"not": {"limited": true}}, {"ship_ability": "Wing Leader"}]}}),
        json!({"id": "lone-wolf", "name": "Lone Wolf", "kind": "upgrade", "cost": 1, "traits": ["solitary"],
               "icons": ["crew"]}),
        json!({"id": "lone-wolf-ii", "name": "Lone Wolf II", "kind": "upgrade", "cost": 1, "traits": ["solitary"],
               "icons": ["crew"]}),
        json!({"id": "formation", "name": "Formation", "kind": "upgrade", "cost": 1, "traits": ["standardized"],
               "icons": ["crew"]}),
        json!({"id": "ace-roll", "name": "Ace Roll", "kind": "upgrade", "cost": 1, "icons": ["talent"],
               "requires": {"or": [{"action": {"action": "boost", "difficulty": "purple"}},
                                   {"action": {"action": "barrel-roll", "difficulty": "red"}}]}}),
    ];
    let cards = doc["cards"].as_array().unwrap();
    let ids: Vec<&Value> = cards.iter().map(|c| &c["id"]).collect();
    let expected_ids: Vec<&Value> = expected.iter().map(|c| &c["id"]).collect();
    assert_eq!(ids, expected_ids, "every card, in declaration order");
    for want in &expected {
        assert_eq!(card(&doc, want["id"].as_str().unwrap()), want);
    }
}

#[test]
fn the_output_is_ordered_as_declared() {
    let text = to_json_pretty(&load(&extensions()));
    let at = |needle: &str| text.find(needle).unwrap_or_else(|| panic!("{needle} is in the output"));
    // Top-level fields, vocabulary kinds and entries, card fields and stats keep their order.
    assert!(at("\"game\"") < at("\"vocabulary\"") && at("\"vocabulary\"") < at("\"rules\""));
    assert!(at("\"rules\"") < at("\"cards\""));
    assert!(at("\"factions\": [") < at("\"sizes\": [") && at("\"sizes\": [") < at("\"maneuvers\": ["));
    assert!(at("\"id\": \"small\"") < at("\"id\": \"medium\"") && at("\"id\": \"medium\"") < at("\"id\": \"large\""));
    assert!(at("\"initiative\": 5") < at("\"loadout\": 10"));
    let drop_seat = at("\"id\": \"drop-seat\"");
    let small = drop_seat + text[drop_seat..].find("\"small\": 2").unwrap();
    let large = drop_seat + text[drop_seat..].find("\"large\": 4").unwrap();
    assert!(small < large, "variable costs keep their printed order");
    assert!(text.ends_with("}\n"));
}

#[test]
fn exporting_twice_gives_the_same_bytes_from_the_library_and_the_cli() {
    let dir = extensions();
    let library = to_json_pretty(&load(&dir));
    assert_eq!(library, to_json_pretty(&load(&dir)));
    let first = cardc(&["export", dir.to_str().unwrap()]);
    assert_eq!(code(&first), 0, "{}", String::from_utf8_lossy(&first.stderr));
    let second = cardc(&["export", "--format", "json", dir.to_str().unwrap()]);
    assert_eq!(first.stdout, second.stdout);
    assert_eq!(String::from_utf8(first.stdout).unwrap(), library);
}

#[test]
fn the_cli_fails_on_what_it_cannot_export() {
    let missing = manifest().join("tests/sets/no-such-set");
    let out = cardc(&["export", missing.to_str().unwrap()]);
    assert_eq!(code(&out), 2);
    assert!(out.stdout.is_empty());

    let broken = tempfile::tempdir().unwrap();
    std::fs::write(broken.path().join("game.cards"), "game g \"G\"\nicon crew\n").unwrap();
    std::fs::write(broken.path().join("cards.cards"), "upgrade \"A\" { icon: gunner }\n").unwrap();
    let out = cardc(&["export", broken.path().to_str().unwrap()]);
    assert_eq!(code(&out), 1, "a set with errors is 1, as for every command");
    assert!(out.stdout.is_empty());
    assert!(String::from_utf8_lossy(&out.stderr).contains("E0105"), "{}", String::from_utf8_lossy(&out.stderr));

    let out = cardc(&["export", "--format", "yaml", extensions().to_str().unwrap()]);
    assert_eq!(code(&out), 2);
}

// ---------------------------------------------------------------------------------------
// Reading an export back into the model: every field must come back as it was.

/// Ids → indices of one exported set.
struct Back<'v> {
    doc: &'v Value,
}

fn text(v: &Value) -> Cow<'static, str> {
    Cow::Owned(v.as_str().unwrap_or_else(|| panic!("a string: {v}")).to_string())
}

fn list(v: &Value) -> &[Value] {
    v.as_array().map_or(&[], Vec::as_slice)
}

fn difficulty(v: &Value) -> Difficulty {
    Difficulty::from_word(v.as_str().unwrap()).unwrap_or_else(|| panic!("a difficulty: {v}"))
}

fn noun(v: &Value) -> Noun {
    Noun { id: text(&v["id"]), name: text(&v["name"]), plural: text(&v["plural"]), plural_id: text(&v["plural_id"]) }
}

fn verb(v: &Value) -> Verb {
    Verb { id: text(&v["id"]), third: text(&v["third"]), past: text(&v["past"]) }
}

fn selector_kind(v: &Value) -> SelectorKind {
    match v.as_str().unwrap() {
        "ship" => SelectorKind::Ship,
        "upgrade" => SelectorKind::Upgrade,
        "part" => SelectorKind::Part,
        "card" => SelectorKind::Card,
        other => panic!("selector kind {other}"),
    }
}

impl Back<'_> {
    fn entries(&self, kind: VocabKind) -> &[Value] {
        list(&self.doc["vocabulary"][kind.field_name()])
    }

    fn vocab(&self, kind: VocabKind, id: &Value) -> u16 {
        let pos = self.entries(kind).iter().position(|e| &e["id"] == id);
        pos.unwrap_or_else(|| panic!("no {kind} {id}")) as u16
    }

    fn vocabs(&self, kind: VocabKind, ids: &Value) -> Cow<'static, [u16]> {
        list(ids).iter().map(|id| self.vocab(kind, id)).collect::<Vec<_>>().into()
    }

    fn card(&self, id: &Value) -> u32 {
        let pos = list(&self.doc["cards"]).iter().position(|c| &c["id"] == id);
        pos.unwrap_or_else(|| panic!("no card {id}")) as u32
    }

    fn cards(&self, ids: &Value) -> Cow<'static, [u32]> {
        list(ids).iter().map(|id| self.card(id)).collect::<Vec<_>>().into()
    }

    fn set(&self) -> Set {
        let mut vocab = Vocabulary::default();
        for kind in VocabKind::ALL {
            let entries: Vec<Entry> = self
                .entries(kind)
                .iter()
                .map(|e| Entry { id: text(&e["id"]), name: text(&e["name"]), marked: e["marked"] == true })
                .collect();
            let slot = match kind {
                VocabKind::Faction => &mut vocab.factions,
                VocabKind::Size => &mut vocab.sizes,
                VocabKind::Stat => &mut vocab.stats,
                VocabKind::Icon => &mut vocab.icons,
                VocabKind::ShipIcon => &mut vocab.ship_icons,
                VocabKind::Trait => &mut vocab.traits,
                VocabKind::Class => &mut vocab.classes,
                VocabKind::Tech => &mut vocab.techs,
                VocabKind::Phase => &mut vocab.phases,
                VocabKind::Token => &mut vocab.tokens,
                VocabKind::Resource => &mut vocab.resources,
                VocabKind::Action => &mut vocab.actions,
                VocabKind::Die => &mut vocab.dice,
                VocabKind::Result => &mut vocab.results,
                VocabKind::Arc => &mut vocab.arcs,
                VocabKind::Header => &mut vocab.headers,
                VocabKind::Format => &mut vocab.formats,
                VocabKind::Maneuver => &mut vocab.maneuvers,
            };
            *slot = entries.into();
        }
        let doc = self.doc;
        Set {
            game: text(&doc["game"]),
            name: text(&doc["name"]),
            vocab,
            kinds: self.kinds().into(),
            roster: self.roster(),
            distance: self.distance(),
            verbs: list(&doc["verbs"]).iter().map(verb).collect::<Vec<_>>().into(),
            flagship_icon: doc.get("flagship_icon").map(|i| self.vocab(VocabKind::Icon, i)),
            cards: list(&doc["cards"]).iter().map(|c| self.card_of(c)).collect::<Vec<_>>().into(),
            rules: list(&doc["rules"]).iter().map(|r| self.rule(r)).collect::<Vec<_>>().into(),
            releases: Vec::new().into(),
        }
    }

    /// The post-order nodes of a requirement tree, `and`/`or` lists as left-nested pairs
    /// (as the parser builds `a and b and c`).
    fn nodes(&self, tree: &Value, out: &mut Vec<Node>) -> u32 {
        let (key, v) = tree.as_object().and_then(|o| o.iter().next()).unwrap_or_else(|| panic!("a node: {tree}"));
        let atom = match key.as_str() {
            "and" | "or" => {
                let items = list(v);
                let mut left = self.nodes(&items[0], out);
                for item in &items[1..] {
                    let right = self.nodes(item, out);
                    out.push(if key == "and" { Node::And(left, right) } else { Node::Or(left, right) });
                    left = out.len() as u32 - 1;
                }
                return left;
            }
            "not" => {
                let operand = self.nodes(v, out);
                out.push(Node::Not(operand));
                return out.len() as u32 - 1;
            }
            "size" => Atom::Size(self.vocabs(VocabKind::Size, v)),
            "flagship" => Atom::Flagship,
            "trait" => Atom::Trait(self.vocab(VocabKind::Trait, v)),
            "name" => Atom::Name(text(v)),
            "ship_icon" => Atom::ShipIcon(self.vocab(VocabKind::ShipIcon, v)),
            "chassis" => Atom::Chassis(self.card(v)),
            "faction" => Atom::Faction(self.vocab(VocabKind::Faction, v)),
            "action" => Atom::Action(self.vocab(VocabKind::Action, &v["action"]), v.get("difficulty").map(difficulty)),
            "class" => Atom::Class(self.vocab(VocabKind::Class, v)),
            "arc" => Atom::Arc(self.vocab(VocabKind::Arc, v)),
            "equipped" => Atom::Equipped(self.vocab(VocabKind::Icon, v)),
            "in_fleet" => Atom::InFleet(text(v)),
            "limited" => Atom::Limited,
            "ship_ability" => Atom::ShipAbility(text(v)),
            "icon" => Atom::Icon(self.vocab(VocabKind::Icon, v)),
            "stat" => Atom::Stat(
                self.vocab(VocabKind::Stat, &v["stat"]),
                list(&v["values"]).iter().map(|n| n.as_i64().unwrap()).collect::<Vec<_>>().into(),
            ),
            other => panic!("unknown requirement {other}"),
        };
        out.push(Node::Atom(atom));
        out.len() as u32 - 1
    }

    fn restriction(&self, tree: Option<&Value>) -> Option<Restriction> {
        let tree = tree?;
        let mut nodes = Vec::new();
        self.nodes(tree, &mut nodes);
        Some(Restriction { nodes: nodes.into() })
    }

    fn cmp(&self, v: &Value) -> Cmp {
        let op = match v["op"].as_str().unwrap() {
            "at_most" => CmpOp::AtMost,
            "at_least" => CmpOp::AtLeast,
            "exactly" => CmpOp::Exactly,
            other => panic!("op {other}"),
        };
        Cmp { op, n: v["n"].as_i64().unwrap_or(0) }
    }

    fn selector(&self, v: &Value) -> Selector {
        let filters: Vec<Filter> = list(&v["filters"])
            .iter()
            .map(|f| {
                let (key, v) = f.as_object().unwrap().iter().next().unwrap();
                match key.as_str() {
                    "icon" => Filter::Icon(self.vocab(VocabKind::Icon, v)),
                    "trait" => Filter::Trait(self.vocab(VocabKind::Trait, v)),
                    "drive" => Filter::Drive,
                    "name" => Filter::Name(text(v)),
                    other => panic!("filter {other}"),
                }
            })
            .collect();
        self.counted(&v["kind"], filters)
    }

    /// The game's kinds: those it declares, else the prelude.
    fn kinds(&self) -> Vec<Kind> {
        match self.doc.get("kinds") {
            Some(kinds) => list(kinds)
                .iter()
                .map(|k| Kind { noun: noun(k), role: CardKind::from_role_word(k["role"].as_str().unwrap()).unwrap() })
                .collect(),
            None => PRELUDE.to_vec(),
        }
    }

    fn roster(&self) -> Noun {
        self.doc.get("roster").map_or(Noun::FLEET, noun)
    }

    /// The game's distance: its names and what `adjacent` is, when it declares one.
    fn distance(&self) -> Option<Distance> {
        let d = self.doc.get("distance")?;
        let adjacent = match &d["adjacent"] {
            Value::Null => None,
            a => Some(u8::try_from(a.as_u64().unwrap()).unwrap()),
        };
        Some(Distance { noun: noun(d), adjacent })
    }

    /// A kind's word: its index among the game's kinds and its role.
    fn kind(&self, v: &Value) -> (u16, CardKind) {
        let word = v.as_str().unwrap();
        let i = self.kinds().iter().position(|k| k.noun.id == word).unwrap_or_else(|| panic!("kind {word}"));
        (i as u16, self.kinds()[i].role)
    }

    fn scope(&self, v: &Value) -> Scope {
        if v.as_str() == Some(&*self.roster().id) {
            return Scope::Fleet;
        }
        match self.kind(v).1 {
            CardKind::Ship => Scope::Ship,
            CardKind::Blueprint => Scope::Blueprint,
            other => panic!("scope {other}"),
        }
    }

    /// What a selector's word counts: a kind of the game (narrowed to it when the game
    /// declares kinds), or `card`.
    fn counted(&self, v: &Value, mut filters: Vec<Filter>) -> Selector {
        if v.as_str() == Some("card") || self.doc.get("kinds").is_none() {
            return Selector { kind: selector_kind(v), filters: filters.into() };
        }
        let (i, role) = self.kind(v);
        filters.push(Filter::Kind(i));
        let kind = selector_kind(&Value::from(Kind::prelude(role).noun.id.as_ref()));
        Selector { kind, filters: filters.into() }
    }

    fn rule(&self, r: &Value) -> Rule {
        let c = &r["constraint"];
        let condition = self.restriction(c.get("condition"));
        let constraint = match c["type"].as_str().unwrap() {
            "unique_names" => Constraint::UniqueNames { scope: self.scope(&c["scope"]) },
            "sum" => Constraint::Sum {
                stat: self.vocab(VocabKind::Stat, &c["stat"]),
                cmp: self.cmp(&c["cmp"]),
                scope: self.scope(&c["scope"]),
                condition,
            },
            "total_cost" => Constraint::TotalCost {
                cmp: self.cmp(&c["cmp"]),
                of: c.get("of").map(|of| self.counted(of, Vec::new())),
                stat: c["cmp"].get("stat").map(|s| self.vocab(VocabKind::Stat, s)),
                scope: self.scope(&c["scope"]),
                condition,
            },
            "same" => Constraint::Same { selector: self.selector(&c["selector"]) },
            "count" => Constraint::Count {
                cmp: self.cmp(&c["cmp"]),
                selector: self.selector(&c["selector"]),
                scope: self.scope(&c["scope"]),
                condition,
            },
            other => panic!("constraint {other}"),
        };
        Rule { id: text(&r["id"]), message: text(&r["message"]), constraint }
    }

    fn charges(v: &Value) -> Option<Charges> {
        v.as_object()?;
        Some(Charges { count: v["count"].as_i64().unwrap(), recovers: v["recovers"].as_i64().unwrap() })
    }

    fn card_of(&self, c: &Value) -> Card {
        let (declared, kind) = self.kind(&c["kind"]);
        let mut card = Card::empty(text(&c["id"]), text(&c["name"]), kind);
        card.declared = declared;
        let opt_vocab = |kind, key: &str| c.get(key).map(|v| self.vocab(kind, v));
        card.factions = self.vocabs(VocabKind::Faction, &c["factions"]);
        card.cost = c["cost"].as_i64();
        card.cost_by = c.get("cost_by").map(|v| {
            let basis = match v["basis"].as_str().unwrap() {
                "size" => CostBasis::Size,
                _ => CostBasis::Stat(self.vocab(VocabKind::Stat, &v["basis"])),
            };
            let mut values: Vec<(i64, i64)> = v["values"]
                .as_object()
                .unwrap()
                .iter()
                .map(|(k, cost)| {
                    let key = match basis {
                        CostBasis::Size => i64::from(self.vocab(VocabKind::Size, &json!(k))),
                        CostBasis::Stat(_) => k.parse().unwrap(),
                    };
                    (key, cost.as_i64().unwrap())
                })
                .collect();
            // `Value` sorts object keys; `the_output_is_ordered_as_declared` checks the order.
            values.sort();
            VariableCost { basis, values: values.into() }
        });
        card.unique = c["unique"] == true;
        card.limited = c["limited"].as_u64().map(|n| n as u32);
        card.size = opt_vocab(VocabKind::Size, "size");
        card.ship_icon = opt_vocab(VocabKind::ShipIcon, "ship_icon");
        card.chassis = c.get("chassis").map(|v| self.card(v));
        card.traits = self.vocabs(VocabKind::Trait, &c["traits"]);
        card.upgrades = self.vocabs(VocabKind::Icon, &c["upgrades"]);
        card.icons = self.vocabs(VocabKind::Icon, &c["icons"]);
        card.requires = self.restriction(c.get("requires"));
        let mut stats: Vec<(u16, i64)> = c
            .get("stats")
            .and_then(Value::as_object)
            .map(|m| m.iter().map(|(k, v)| (self.vocab(VocabKind::Stat, &json!(k)), v.as_i64().unwrap())).collect())
            .unwrap_or_default();
        stats.sort();
        card.stats = stats.into();
        card.actions = list(&c["actions"])
            .iter()
            .map(|a| BarAction {
                action: self.vocab(VocabKind::Action, &a["action"]),
                difficulty: difficulty(&a["difficulty"]),
                linked: a
                    .get("linked")
                    .map(|l| (self.vocab(VocabKind::Action, &l["action"]), difficulty(&l["difficulty"]))),
            })
            .collect::<Vec<_>>()
            .into();
        card.arcs = self.vocabs(VocabKind::Arc, &c["arcs"]);
        card.force = Back::charges(&c["force"]);
        card.charges = Back::charges(&c["charges"]);
        card.grants = list(&c["grants"])
            .iter()
            .map(|g| match g["type"].as_str().unwrap() {
                "slot" => Grant::Slot(self.vocab(VocabKind::Icon, &g["icon"]), g["amount"].as_i64().unwrap()),
                "action" => Grant::Action(self.vocab(VocabKind::Action, &g["action"]), difficulty(&g["difficulty"])),
                "stat" => Grant::Stat(self.vocab(VocabKind::Stat, &g["stat"]), g["amount"].as_i64().unwrap()),
                "force" => Grant::Force(g["amount"].as_i64().unwrap()),
                "arc" => Grant::Arc(self.vocab(VocabKind::Arc, &g["arc"])),
                other => panic!("grant {other}"),
            })
            .collect::<Vec<_>>()
            .into();
        card.formats = self.vocabs(VocabKind::Format, &c["formats"]);
        card.standard_loadout = self.cards(&c["standard_loadout"]);
        card.standard_loadout_only = c["standard_loadout_only"] == true;
        card.back_of = c.get("back_of").map(|v| self.card(v));
        card.class = opt_vocab(VocabKind::Class, "class");
        card.spaces = list(&c["spaces"])
            .iter()
            .map(|s| if s.is_null() { None } else { Some(self.card(s)) })
            .collect::<Vec<_>>()
            .into();
        card.fixed = self.cards(&c["fixed"]);
        card.drive = c["drive"] == true;
        card.ancient = c["ancient"] == true;
        card.tech = opt_vocab(VocabKind::Tech, "tech");
        card.upgrade_activations = c["upgrade_activations"].as_u64().map(|n| n as u32);
        card.blueprints = self.cards(&c["blueprints"]);
        card.text = c.get("text").map(text);
        card.ship_abilities = list(&c["ship_abilities"])
            .iter()
            .map(|a| NamedAbility { name: text(&a["name"]), text: text(&a["text"]) })
            .collect::<Vec<_>>()
            .into();
        card.xws = c.get("xws").map(text);
        card
    }
}

/// The set as the export should give it back: abilities are not exported, and variable
/// costs come back sorted by key (as `Value` sorts object keys).
fn without_abilities(set: &Set) -> Set {
    let mut set = set.clone();
    let cards: Vec<Card> = set
        .cards
        .iter()
        .cloned()
        .map(|c| {
            let cost_by = c.cost_by.clone().map(|mut v| {
                v.values.to_mut().sort();
                v
            });
            Card { abilities: cards_runtime::ability::Abilities::new(), cost_by, ..c }
        })
        .collect();
    set.cards = cards.into();
    set
}

fn assert_round_trip(dir: &Path) {
    let set = load(dir);
    let doc: Value = serde_json::from_str(&to_json_pretty(&set)).unwrap();
    let back = Back { doc: &doc }.set();
    let want = without_abilities(&set);
    assert_eq!(back.vocab, want.vocab, "{}: vocabulary", dir.display());
    assert_eq!(back.rules, want.rules, "{}: rules", dir.display());
    assert_eq!(back.cards.len(), want.cards.len());
    for (got, want) in back.cards.iter().zip(want.cards.iter()) {
        assert_eq!(got, want, "{}: card {}", dir.display(), want.id);
    }
    assert_eq!(back, want, "{}", dir.display());
}

#[test]
fn the_extensions_set_reads_back_into_its_model() {
    assert_round_trip(&extensions());
}

/// A game's verbs are exported with their forms, in the order declared, and read back.
#[test]
fn a_games_verbs_are_exported_and_read_back() {
    let mut files = common::shipped_files("emberfall");
    let game = files.iter_mut().find(|(name, _)| name == "game.cards").expect("emberfall's game.cards");
    game.1.push_str("verb mend, push\nverb cast \"casts\" \"cast\", bury\n");
    let dir = common::write_set(&files);
    let doc = to_value(&load(dir.path()));
    assert_eq!(
        doc["verbs"],
        json!([
            {"id": "heal", "third": "heals", "past": "healed"},
            {"id": "mend", "third": "mends", "past": "mended"},
            {"id": "push", "third": "pushes", "past": "pushed"},
            {"id": "cast", "third": "casts", "past": "cast"},
            {"id": "bury", "third": "buries", "past": "buried"},
        ])
    );
    assert_round_trip(dir.path());
    // A game without verbs has no `verbs` key.
    assert!(to_value(&load(&manifest().join("../cards/xwing"))).get("verbs").is_none());
}

#[test]
fn the_shipped_sets_read_back_into_their_models() {
    // `emberfall` declares its own kinds, roster and distance, and two kinds of one role.
    for game in ["armada", "xwing", "eclipse", "emberfall"] {
        assert_round_trip(&manifest().join("../cards").join(game));
    }
}

/// Writes an imported set under the test's temporary folder as `name` and returns the set
/// folder.
fn imported_set(imported: &cardc::import::Imported, name: &str) -> PathBuf {
    let out = Path::new(env!("CARGO_TARGET_TMPDIR")).join("export").join(name);
    cardc::import::write_set(&out, &imported.files, true).unwrap();
    out
}

#[test]
fn the_imported_pools_read_back_into_their_models() {
    let Some(shared) = shared() else { return };
    let data = shared.join("data");
    let armada = cardc::import::armada_data::import(&data.join("star-wars-armada-data")).unwrap();
    assert_round_trip(&imported_set(&armada, "armada-data"));
    for name in ["xwing-data2-legacy", "xwing-data2-xwingtmg"] {
        // Its own folder: `import_then_export_reproduces_xwing_data2` writes the same sets.
        let out = format!("{name}-read-back");
        assert_round_trip(&imported_set(common::xwing_data2(&shared, name), &out));
    }
}

#[test]
fn the_conformance_sets_read_back_into_their_models() {
    let Some(shared) = shared() else { return };
    for dir in common::example_sets(&shared) {
        assert_round_trip(&dir);
    }
}

// ---------------------------------------------------------------------------------------
// Import → export against xwing-data2: the data's structured fields, read here from the
// JSON on their own, must come out of `cardc export` of the imported set.

/// A name as the data spells its ids: lowercase letters and digits (`Barrel Roll`,
/// `barrel-roll` and `barrelroll` are one).
fn squash(s: &str) -> String {
    s.chars().filter(|c| c.is_alphanumeric()).flat_map(char::to_lowercase).collect()
}

fn str_of(v: &Value) -> &str {
    v.as_str().unwrap_or_default()
}

/// The exported set, indexed.
struct Exported<'v> {
    /// (vocabulary field, id) → display name.
    names: HashMap<(&'static str, String), String>,
    by_id: HashMap<String, &'v Value>,
    /// (kind, xws) → card.
    by_xws: HashMap<(String, String), &'v Value>,
    /// Front card id → the card that is its back side.
    backs: HashMap<String, &'v Value>,
}

impl<'v> Exported<'v> {
    fn new(doc: &'v Value) -> Exported<'v> {
        let mut names = HashMap::new();
        for kind in VocabKind::ALL {
            let field = kind.field_name();
            for e in list(&doc["vocabulary"][field]) {
                names.insert((field, str_of(&e["id"]).to_string()), str_of(&e["name"]).to_string());
            }
        }
        let mut by_id = HashMap::new();
        let mut by_xws = HashMap::new();
        let mut backs = HashMap::new();
        for c in list(&doc["cards"]) {
            by_id.insert(str_of(&c["id"]).to_string(), c);
            // A chassis carries its ship type's xws, which each faction's chassis repeats.
            if let (Some(x), false) = (c["xws"].as_str(), c["kind"] == "chassis") {
                let old = by_xws.insert((str_of(&c["kind"]).to_string(), x.to_string()), c);
                assert!(old.is_none(), "two {} cards with xws {x}", c["kind"]);
            }
            if let Some(front) = c["back_of"].as_str() {
                backs.insert(front.to_string(), c);
            }
        }
        Exported { names, by_id, by_xws, backs }
    }

    /// The squashed display name of a vocabulary entry.
    fn name(&self, field: &'static str, id: &Value) -> String {
        match self.names.get(&(field, str_of(id).to_string())) {
            Some(n) => squash(n),
            None => format!("?{field}:{id}"),
        }
    }

    fn names(&self, field: &'static str, ids: &Value) -> Vec<String> {
        list(ids).iter().map(|id| self.name(field, id)).collect()
    }

    /// `attack@frontarc` for an attack stat (`attack-front`: the arc's name), else the
    /// squashed id.
    fn stat_key(&self, id: &str) -> String {
        match id.strip_prefix("attack-") {
            Some(arc) => format!("attack@{}", self.name("arcs", &json!(arc))),
            None => squash(id),
        }
    }

    /// `focus:white>barrelroll:red`.
    fn action(&self, a: &Value) -> String {
        let mut out = format!("{}:{}", self.name("actions", &a["action"]), str_of(&a["difficulty"]));
        if let Some(l) = a.get("linked") {
            out.push_str(&format!(">{}:{}", self.name("actions", &l["action"]), str_of(&l["difficulty"])));
        }
        out
    }

    fn grant(&self, g: &Value) -> String {
        match str_of(&g["type"]) {
            "slot" => format!("slot:{}:{}", self.name("icons", &g["icon"]), g["amount"]),
            "action" => format!("action:{}", self.action(g)),
            "stat" => format!("stat:{}:{}", self.stat_key(str_of(&g["stat"])), g["amount"]),
            "force" => format!("force:{}", g["amount"]),
            "arc" => format!("arc:{}", self.name("arcs", &g["arc"])),
            other => format!("?grant:{other}"),
        }
    }

    /// A requirement atom as the data's restriction keys name it; an `and`, `or` or `not`
    /// below a clause is a shape the data cannot write.
    fn atoms(&self, tree: &Value, out: &mut BTreeSet<String>) {
        let Some((key, v)) = tree.as_object().and_then(|o| o.iter().next()) else {
            out.insert(format!("?shape:{tree}"));
            return;
        };
        match key.as_str() {
            "faction" => {
                out.insert(format!("faction:{}", str_of(v).replace('-', "")));
            }
            "size" => out.extend(self.names("sizes", v).into_iter().map(|s| format!("size:{s}"))),
            "ship_icon" => {
                out.insert(format!("ship:{}", str_of(v)));
            }
            "arc" => {
                out.insert(format!("arc:{}", self.name("arcs", v)));
            }
            "action" => {
                let color = v["difficulty"].as_str().unwrap_or("any");
                out.insert(format!("action:{}:{color}", self.name("actions", &v["action"])));
            }
            "trait" => {
                out.insert(match str_of(v).strip_prefix("force-") {
                    Some(side) => format!("force_side:{side}"),
                    None => format!("trait:{}", self.name("traits", v)),
                });
            }
            "equipped" => {
                out.insert(format!("equipped:{}", self.name("icons", v)));
            }
            "in_fleet" => {
                out.insert(format!("in_fleet:{}", str_of(v)));
            }
            "ship_ability" => {
                out.insert(format!("ship_ability:{}", str_of(v)));
            }
            "stat" => {
                for n in list(&v["values"]) {
                    out.insert(format!("stat:{}:{n}", squash(str_of(&v["stat"]))));
                }
            }
            "not" if v.get("limited").is_some() => {
                out.insert("non_limited".into());
            }
            _ => {
                out.insert(format!("?shape:{tree}"));
            }
        }
    }

    /// An upgrade's restrictions as AND-ed clauses of OR-ed atoms: its factions, its
    /// `requires`, and the traits that stand for the solitary and standardized keys.
    fn restrictions(&self, card: &Value) -> BTreeSet<BTreeSet<String>> {
        let mut clauses = BTreeSet::new();
        let factions: BTreeSet<String> =
            list(&card["factions"]).iter().map(|f| format!("faction:{}", str_of(f).replace('-', ""))).collect();
        if !factions.is_empty() {
            clauses.insert(factions);
        }
        if let Some(tree) = card.get("requires") {
            let top = match tree.get("and") {
                Some(items) => list(items).to_vec(),
                None => vec![tree.clone()],
            };
            for clause in &top {
                let mut atoms = BTreeSet::new();
                match clause.get("or") {
                    Some(items) => list(items).iter().for_each(|a| self.atoms(a, &mut atoms)),
                    None => self.atoms(clause, &mut atoms),
                }
                clauses.insert(atoms);
            }
        }
        for t in list(&card["traits"]) {
            clauses.insert(BTreeSet::from([match str_of(t) {
                "solitary" | "standardized" => str_of(t).to_string(),
                other => format!("?trait:{other}"),
            }]));
        }
        clauses
    }
}

/// A restriction list of the data as AND-ed clauses of OR-ed atoms.
fn data_restrictions(list_: &Value) -> BTreeSet<BTreeSet<String>> {
    let mut clauses = BTreeSet::new();
    for object in list(list_) {
        let mut atoms = BTreeSet::new();
        for (key, v) in object.as_object().into_iter().flatten() {
            let each = |prefix: &str, f: fn(&str) -> String| -> Vec<String> {
                list(v).iter().map(|s| format!("{prefix}:{}", f(str_of(s)))).collect()
            };
            match key.as_str() {
                "factions" => atoms.extend(each("faction", str::to_string)),
                "sizes" => atoms.extend(each("size", squash)),
                "ships" => atoms.extend(each("ship", str::to_string)),
                "arcs" => atoms.extend(each("arc", squash)),
                "keywords" => atoms.extend(each("trait", squash)),
                "equipped" => atoms.extend(each("equipped", squash)),
                "names" => atoms.extend(each("in_fleet", str::to_string)),
                "shipAbility" => atoms.extend(each("ship_ability", str::to_string)),
                "force_side" => atoms.extend(each("force_side", str::to_string)),
                "agility" => atoms.extend(list(v).iter().map(|n| format!("stat:agility:{n}"))),
                "action" => {
                    let color = v["difficulty"].as_str().map_or("any".to_string(), str::to_lowercase);
                    atoms.insert(format!("action:{}:{color}", squash(str_of(&v["type"]))));
                }
                "non-limited" if v == true => {
                    atoms.insert("non_limited".into());
                }
                "solitary" | "standardized" if v == true => {
                    atoms.insert(key.clone());
                }
                "non-limited" | "solitary" | "standardized" => {}
                other => {
                    atoms.insert(format!("?key:{other}"));
                }
            }
        }
        if !atoms.is_empty() {
            clauses.insert(atoms);
        }
    }
    clauses
}

fn data_action(a: &Value) -> String {
    let color = |a: &Value| a["difficulty"].as_str().unwrap_or("White").to_lowercase();
    let mut out = format!("{}:{}", squash(str_of(&a["type"])), color(a));
    if let Some(l) = a.get("linked") {
        out.push_str(&format!(">{}:{}", squash(str_of(&l["type"])), color(l)));
    }
    out
}

fn data_stat_key(s: &Value) -> String {
    match (str_of(&s["type"]), s["arc"].as_str()) {
        ("attack", Some(arc)) => format!("attack@{}", squash(arc)),
        (t, _) => squash(t),
    }
}

/// `{count, recovers}` of the data's `{value, recovers}`.
fn data_charges(v: &Value) -> Value {
    match v.as_object() {
        Some(_) => json!({"count": v["value"], "recovers": v["recovers"].as_i64().unwrap_or(0)}),
        None => Value::Null,
    }
}

fn data_formats(card: &Value) -> Vec<String> {
    ["standard", "extended", "wildspace", "epic"].iter().filter(|f| card[**f] == true).map(|f| f.to_string()).collect()
}

/// What one comparison found.
#[derive(Default)]
struct Findings {
    /// `card: field: data … export …`: must stay empty.
    mismatches: Vec<String>,
    /// Values the data has that the language does not carry, by what they are.
    not_carried: BTreeMap<&'static str, Vec<String>>,
    /// Cards compared.
    compared: usize,
}

impl Findings {
    fn same(&mut self, card: &str, field: &str, data: impl Into<Value>, export: impl Into<Value>) {
        let (data, export) = (data.into(), export.into());
        if data != export {
            self.mismatches.push(format!("{card}: {field}: data {data}, export {export}"));
        }
    }

    fn not_carried(&mut self, what: &'static str, card: &str) {
        self.not_carried.entry(what).or_default().push(card.to_string());
    }
}

struct Compare<'v> {
    ex: Exported<'v>,
    /// The xws ids of the data's upgrades.
    upgrades: BTreeSet<String>,
    found: Findings,
}

impl<'v> Compare<'v> {
    fn card(&self, kind: &str, xws: &str) -> Option<&'v Value> {
        self.ex.by_xws.get(&(kind.to_string(), xws.to_string())).copied()
    }

    fn pilot(&mut self, ship: &Value, p: &Value) {
        let label = format!("pilot {}", str_of(&p["xws"]));
        let Some(card) = self.card("ship", str_of(&p["xws"])) else {
            self.found.mismatches.push(format!("{label}: no ship card with this xws"));
            return;
        };
        self.found.compared += 1;
        let Some(chassis) = card["chassis"].as_str().and_then(|c| self.ex.by_id.get(c).copied()) else {
            self.found.mismatches.push(format!("{label}: no chassis"));
            return;
        };
        let ex = &self.ex;
        let chassis_data = json!({
            "ship": ship["xws"], "faction": [ship["faction"]], "size": squash(str_of(&ship["size"])),
        });
        let chassis_export = json!({
            "ship": chassis["ship_icon"],
            "faction": list(&chassis["factions"]).iter().map(|f| str_of(f).replace('-', "")).collect::<Vec<_>>(),
            "size": ex.name("sizes", &chassis["size"]),
        });

        let mut slots: Vec<String> = list(&p["slots"]).iter().map(|s| squash(str_of(s))).collect();
        // A ship ability that equips "1 [Cannon], [Torpedo], or [Missile] upgrade" (the
        // Weapon Hardpoint) is a slot of its own, named after the ability: the builders'
        // convention the import follows.
        let ability = &p["shipAbility"];
        let choice = |s: &str| s.starts_with("You can equip 1 [") && s.ends_with("] upgrade.") && s.contains(" or [");
        if str_of(&ability["text"]).split_inclusive(". ").any(|s| choice(s.trim())) {
            slots.push(squash(str_of(&ability["name"])));
        }
        let export_slots = ex.names("icons", &card["upgrades"]);

        // Stats: the pilot's shipStats replace its ship's; on the card, the ship's own
        // stats win over its chassis'.
        let stats_src = if p.get("shipStats").is_some() { &p["shipStats"] } else { &ship["stats"] };
        let mut data_stats: BTreeMap<String, Value> =
            list(stats_src).iter().map(|s| (data_stat_key(s), s["value"].clone())).collect();
        if let Some(i) = p.get("initiative") {
            data_stats.insert("initiative".into(), i.clone());
        }
        let mut export_stats = BTreeMap::new();
        let mut inherited = BTreeSet::new();
        for (source, own) in [(chassis, false), (card, true)] {
            for (k, v) in source["stats"].as_object().into_iter().flatten() {
                if k == "loadout" {
                    continue;
                }
                let key = ex.stat_key(k);
                if own {
                    inherited.remove(&key);
                } else {
                    inherited.insert(key.clone());
                }
                export_stats.insert(key, v.clone());
            }
        }
        let mut dropped = Vec::new();
        for key in &inherited {
            if !data_stats.contains_key(key) && p.get("shipStats").is_some() {
                // shipStats without a stat of its ship: the language's ship inherits it.
                dropped.push(key.clone());
            }
        }
        for key in &dropped {
            export_stats.remove(key);
        }
        let mut arcs: Vec<String> = Vec::new();
        for s in list(stats_src).iter().filter(|s| s["type"] == "attack") {
            let arc = squash(str_of(&s["arc"]));
            if !arcs.contains(&arc) {
                arcs.push(arc);
            }
        }
        let export_arcs = ex.names("arcs", if card.get("arcs").is_some() { &card["arcs"] } else { &chassis["arcs"] });

        let actions_src = if p.get("shipActions").is_some() { &p["shipActions"] } else { &ship["actions"] };
        let actions: Vec<String> = list(actions_src).iter().map(data_action).collect();
        let bar = if card.get("actions").is_some() { &card["actions"] } else { &chassis["actions"] };
        let export_actions: Vec<String> = list(bar).iter().map(|a| ex.action(a)).collect();

        let traits: Vec<&Value> = list(&card["traits"]).iter().chain(list(&chassis["traits"])).collect();
        let mut force_sides: Vec<String> =
            traits.iter().filter_map(|t| str_of(t).strip_prefix("force-")).map(str::to_string).collect();
        force_sides.sort();
        let mut keywords: Vec<String> = traits
            .iter()
            .filter(|t| !str_of(t).starts_with("force-"))
            .map(|t| ex.name("traits", t))
            .collect::<BTreeSet<_>>()
            .into_iter()
            .collect();
        keywords.sort();
        let data_keywords: Vec<String> =
            list(&p["keywords"]).iter().map(|k| squash(str_of(k))).collect::<BTreeSet<_>>().into_iter().collect();
        let force = match p["force"].as_object() {
            Some(_) => {
                let mut sides: Vec<String> = list(&p["force"]["side"]).iter().map(|s| str_of(s).to_string()).collect();
                sides.sort();
                json!({"count": p["force"]["value"], "recovers": p["force"]["recovers"].as_i64().unwrap_or(0),
                       "side": sides})
            }
            None => Value::Null,
        };
        let export_force = match card["force"].as_object() {
            Some(_) => json!({"count": card["force"]["count"], "recovers": card["force"]["recovers"],
                              "side": force_sides}),
            None => Value::Null,
        };
        let loadout: Vec<Value> = list(&card["standard_loadout"])
            .iter()
            .map(|id| ex.by_id.get(str_of(id)).map_or(Value::Null, |c| c["xws"].clone()))
            .collect();
        let export_formats: Vec<String> = list(&card["formats"]).iter().map(|f| str_of(f).to_string()).collect();
        let export_limited = card["limited"].as_i64().unwrap_or(0);

        let f = &mut self.found;
        f.same(&label, "chassis", chassis_data, chassis_export);
        f.same(&label, "slots", slots, export_slots);
        f.same(&label, "cost", json!({"cost": p["cost"], "loadout": p["loadout"]}), {
            let stats = &card["stats"];
            json!({"cost": card["cost"], "loadout": stats["loadout"]})
        });
        f.same(&label, "limited", p["limited"].as_i64().unwrap_or(0), export_limited);
        f.same(&label, "unique", p["limited"] == 1, card["unique"] == true);
        f.same(&label, "stats", json!(data_stats), json!(export_stats));
        for _ in &dropped {
            f.not_carried(
                "a pilot's shipStats without a stat of its ship (the ship inherits the chassis' value)",
                &label,
            );
        }
        f.same(&label, "arcs", arcs, export_arcs);
        f.same(&label, "actions", actions, export_actions);
        f.same(&label, "charges", data_charges(&p["charges"]), card["charges"].clone());
        f.same(&label, "force", force, export_force);
        f.same(&label, "keywords", data_keywords, keywords);
        f.same(&label, "formats", data_formats(p), export_formats);
        let mut data_loadout = Vec::new();
        for x in list(&p["standardLoadout"]) {
            if self.upgrades.contains(str_of(x)) {
                data_loadout.push(x.clone());
            } else {
                let what = format!("{label} ({})", str_of(x));
                self.found.not_carried("a standard-loadout upgrade the data does not define", &what);
            }
        }
        self.found.same(&label, "standard_loadout", data_loadout, loadout);
    }

    /// Slots, charges, force, grants and actions of one side against its card.
    fn side(&mut self, label: &str, side: &Value, card: &Value) {
        let ex = &self.ex;
        let slots: Vec<String> = match list(&side["slots"]) {
            [] => vec![squash(str_of(&side["type"]))],
            slots => slots.iter().map(|s| squash(str_of(s))).collect(),
        };
        let mut grants = Vec::new();
        let mut force_grant_sides = 0;
        let mut linked_grants = 0;
        for g in list(&side["grants"]) {
            let amount = g["amount"].as_i64().unwrap_or(1);
            grants.push(match str_of(&g["type"]) {
                "slot" => format!("slot:{}:{amount}", squash(str_of(&g["value"]))),
                "action" => {
                    let mut action = g["value"].clone();
                    if action.as_object_mut().and_then(|a| a.remove("linked")).is_some() {
                        linked_grants += 1;
                    }
                    format!("action:{}", data_action(&action))
                }
                "stat" => {
                    let key = match g["arc"].as_str() {
                        Some(arc) if g["value"] == "attack" => format!("attack@{}", squash(arc)),
                        _ => squash(str_of(&g["value"])),
                    };
                    format!("stat:{key}:{amount}")
                }
                "force" => {
                    if g["value"].get("side").is_some() {
                        force_grant_sides += 1;
                    }
                    format!("force:{amount}")
                }
                "arc" => format!("arc:{}", squash(str_of(&g["value"]))),
                other => format!("?grant:{other}"),
            });
        }
        let export_grants: Vec<String> = list(&card["grants"]).iter().map(|g| ex.grant(g)).collect();
        // A side's `actions` repeat its action grants, which are compared above.
        let data_grants: Vec<String> =
            list(&side["grants"]).iter().filter(|g| g["type"] == "action").map(|g| data_action(&g["value"])).collect();
        let missing_actions: Vec<String> =
            list(&side["actions"]).iter().map(data_action).filter(|a| !data_grants.contains(a)).collect();
        let export_slots = ex.names("icons", &card["icons"]);
        let f = &mut self.found;
        f.same(label, "slots", slots, export_slots);
        f.same(label, "charges", data_charges(&side["charges"]), card["charges"].clone());
        f.same(label, "force", data_charges(&side["force"]), card["force"].clone());
        f.same(label, "grants", grants, export_grants);
        f.same(label, "actions the side's grants do not list", missing_actions, json!([]));
        for _ in 0..force_grant_sides {
            f.not_carried("the side (light or dark) of a force grant", label);
        }
        for _ in 0..linked_grants {
            f.not_carried("the linked action of an action grant", label);
        }
    }

    fn upgrade(&mut self, u: &Value) {
        let label = format!("upgrade {}", str_of(&u["xws"]));
        let Some(card) = self.card("upgrade", str_of(&u["xws"])) else {
            self.found.mismatches.push(format!("{label}: no upgrade card with this xws"));
            return;
        };
        self.found.compared += 1;
        let sides = list(&u["sides"]);
        self.side(&label, &sides[0], card);
        if let Some(back_side) = sides.get(1) {
            let back_label = format!("{label} (back side)");
            match self.ex.backs.get(str_of(&card["id"])).copied() {
                Some(back) => {
                    self.found.compared += 1;
                    self.found.same(&back_label, "title", back_side["title"].clone(), back["name"].clone());
                    self.side(&back_label, back_side, back);
                }
                None => self.found.mismatches.push(format!("{back_label}: no card with back_of this one")),
            }
        }
        let ex = &self.ex;
        let (cost, export_cost) = match u.get("cost") {
            None => (Value::Null, Value::Null),
            Some(c) if c.get("variable").is_some() => {
                let values: serde_json::Map<String, Value> =
                    c["values"].as_object().into_iter().flatten().map(|(k, v)| (squash(k), v.clone())).collect();
                (json!({"by": squash(str_of(&c["variable"])), "values": values}), Value::Null)
            }
            Some(c) => match c["value"].as_i64().or_else(|| c["value"].as_str().and_then(|s| s.trim().parse().ok())) {
                Some(n) if n < 0 => {
                    self.found.not_carried("a negative cost", &label);
                    (Value::Null, Value::Null)
                }
                Some(n) => (json!(n), Value::Null),
                None => {
                    self.found.not_carried("a cost that is not a number (`?`)", &label);
                    (Value::Null, Value::Null)
                }
            },
        };
        let export_cost = match (&card["cost"], card.get("cost_by")) {
            (Value::Number(n), None) => json!(n),
            (_, Some(by)) => {
                let basis = str_of(&by["basis"]);
                let values: serde_json::Map<String, Value> = by["values"]
                    .as_object()
                    .into_iter()
                    .flatten()
                    .map(|(k, v)| (if basis == "size" { ex.name("sizes", &json!(k)) } else { k.clone() }, v.clone()))
                    .collect();
                json!({"by": squash(basis), "values": values})
            }
            _ => export_cost,
        };
        let restrictions = data_restrictions(&u["restrictions"]);
        let export_restrictions = ex.restrictions(card);
        let side_restrictions: Vec<BTreeSet<BTreeSet<String>>> = sides
            .iter()
            .filter(|s| s.get("restrictions").is_some())
            .map(|s| data_restrictions(&s["restrictions"]))
            .collect();
        let export_formats: Vec<String> = list(&card["formats"]).iter().map(|f| str_of(f).to_string()).collect();
        let f = &mut self.found;
        f.same(&label, "cost", cost, export_cost);
        f.same(&label, "limited", u["limited"].as_i64().unwrap_or(0), card["limited"].as_i64().unwrap_or(0));
        f.same(&label, "restrictions", json!(restrictions), json!(export_restrictions));
        for r in side_restrictions {
            f.same(&label, "restrictions of a side", json!(r), json!(restrictions));
        }
        f.same(
            &label,
            "standard_loadout_only",
            u["standardLoadoutOnly"] == true,
            card["standard_loadout_only"] == true,
        );
        f.same(&label, "formats", data_formats(u), export_formats);
    }

    /// Stat recovery of a ship file (huge ships' shields and energy).
    fn ship_file(&mut self, ship: &Value) {
        for s in list(&ship["stats"]) {
            if s["recovers"].as_i64().is_some_and(|r| r != 0) {
                let label = format!("{} {} ({})", str_of(&ship["faction"]), str_of(&ship["xws"]), str_of(&s["type"]));
                self.found.not_carried("a stat's recovery (huge ships' shields and energy)", &label);
            }
        }
    }
}

fn read_json(path: &Path) -> Value {
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Imports the xwing-data2 pool `name` (a folder of `shared/data`), exports it, and
/// compares every pilot and upgrade.
fn import_export_compare(shared: &Path, name: &str) -> Findings {
    let data = &shared.join("data").join(name);
    let out = imported_set(common::xwing_data2(shared, name), name);
    let doc = to_value(&load(&out));
    let upgrade_files: Vec<Value> = files(&data.join("data/upgrades"), "json").iter().map(|f| read_json(f)).collect();
    let upgrades = upgrade_files.iter().flat_map(list).map(|u| str_of(&u["xws"]).to_string()).collect();
    let mut cmp = Compare { ex: Exported::new(&doc), upgrades, found: Findings::default() };
    let mut faction_dirs: Vec<PathBuf> =
        std::fs::read_dir(data.join("data/pilots")).unwrap().map(|e| e.unwrap().path()).collect();
    faction_dirs.sort();
    for dir in faction_dirs {
        for file in files(&dir, "json") {
            let ship = read_json(&file);
            cmp.ship_file(&ship);
            for p in list(&ship["pilots"]) {
                cmp.pilot(&ship, p);
            }
        }
    }
    for u in upgrade_files.iter().flat_map(list) {
        cmp.upgrade(u);
    }
    cmp.found
}

fn report(name: &str, found: &Findings) -> String {
    let mut out = format!("{name}: {} cards compared, {} mismatches\n", found.compared, found.mismatches.len());
    for m in &found.mismatches {
        out.push_str(&format!("  {m}\n"));
    }
    for (what, cards) in &found.not_carried {
        out.push_str(&format!("  not carried ({}): {what}: {}\n", cards.len(), cards.join(", ")));
    }
    out
}

/// What each fork of the data holds that the imported set does not carry, with how many.
/// Everything else must match.
///
/// - A linked action in an action grant (`Focus > purple Coordinate` on Aayla Secura,
///   Comms Team, the S-foil configurations…): a grant is one action in the language, so the
///   link is lost; the grant itself is compared.
/// - A stat's recovery: huge ships' shields and energy recover each round (CR90, GR-75,
///   Gozanti, Raider, C-ROC, Trident); the language has no recovery on a stat.
/// - A pilot's `shipStats` without a stat of its ship: the Battle over Endor A-wings
///   (Arvel Crynyd, Tycho Celchu, Gemmer Sojan) trade the front-arc attack for a turret;
///   a ship inherits its chassis' `attack-front` and cannot drop it.
/// - The side of a force grant (Asajj Ventress (Command), Maul: dark): `grants: force +1`
///   has no side.
/// - A negative cost (legacy TIE Defender Elite, -8): a cost has no sign.
/// - A cost that is not a number (xwingtmg Combat Boarding Tube, `?`).
/// - A standard loadout naming an upgrade the data does not define (legacy: the Battle
///   over Endor pilots name 23 `-battleoverendor` upgrades that only xwingtmg has).
const NOT_CARRIED: [(&str, &[(&str, usize)]); 2] = [
    (
        "xwing-data2-legacy",
        &[
            ("a negative cost", 1),
            ("a pilot's shipStats without a stat of its ship (the ship inherits the chassis' value)", 6),
            ("a standard-loadout upgrade the data does not define", 46),
            ("a stat's recovery (huge ships' shields and energy)", 24),
            ("the linked action of an action grant", 28),
            ("the side (light or dark) of a force grant", 2),
        ],
    ),
    (
        "xwing-data2-xwingtmg",
        &[
            ("a cost that is not a number (`?`)", 1),
            ("a pilot's shipStats without a stat of its ship (the ship inherits the chassis' value)", 3),
            ("a stat's recovery (huge ships' shields and energy)", 24),
            ("the linked action of an action grant", 28),
            ("the side (light or dark) of a force grant", 2),
        ],
    ),
];

#[test]
fn import_then_export_reproduces_xwing_data2() {
    let Some(shared) = shared() else { return };
    let mut failures = String::new();
    for (name, expected) in NOT_CARRIED {
        let found = import_export_compare(&shared, name);
        let text = report(name, &found);
        eprint!("{text}");
        assert!(found.compared > 1000, "{name}: every pilot and upgrade is compared");
        let counts: Vec<(&str, usize)> = found.not_carried.iter().map(|(what, cards)| (*what, cards.len())).collect();
        if !found.mismatches.is_empty() || counts != expected {
            failures.push_str(&text);
        }
    }
    assert!(failures.is_empty(), "{failures}");
}

/// A game's distance is exported with its names and `adjacent`; a game without one has no
/// `distance` key.
#[test]
fn a_games_distance_is_exported() {
    let doc = to_value(&load(&manifest().join("../cards/emberfall")));
    assert_eq!(
        doc["distance"],
        json!({"id": "space", "name": "Space", "plural": "Spaces", "plural_id": "spaces", "adjacent": 1})
    );
    assert!(to_value(&load(&extensions())).get("distance").is_none());
}
