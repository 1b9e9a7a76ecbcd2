//! `cardc export`: the JSON of a set with every reference by id.
//!
//! - the extensions set, every field of every card checked;
//! - the same bytes twice, from the library and the CLI, and the CLI's exit codes;
//! - the shipped and conformance sets read back from their JSON into the model they came
//!   from (everything but the parsed abilities, which the export leaves out).

mod common;

use std::borrow::Cow;
use std::path::{Path, PathBuf};

use cards_runtime::export::{export, field_name, to_json_pretty};
use cards_runtime::model::{
    BarAction, Card, CardKind, Charges, Cmp, CmpOp, Constraint, CostBasis, Difficulty, Entry, Filter, Grant,
    NamedAbility, Rule, Scope, Selector, SelectorKind, Set, VariableCost, VocabKind, Vocabulary,
};
use cards_runtime::restriction::{Atom, Node, Restriction};
use common::{cardc, code, shared};
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
                   "text": "While you perform a [Bank Left] maneuver, you may gain 1 focus token."}]}),
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
fn the_cli_fails_with_2_on_what_it_cannot_export() {
    let missing = manifest().join("tests/sets/no-such-set");
    let out = cardc(&["export", missing.to_str().unwrap()]);
    assert_eq!(code(&out), 2);
    assert!(out.stdout.is_empty());

    let broken = tempfile::tempdir().unwrap();
    std::fs::write(broken.path().join("game.cards"), "game g \"G\"\nicon crew\n").unwrap();
    std::fs::write(broken.path().join("cards.cards"), "upgrade \"A\" { icon: gunner }\n").unwrap();
    let out = cardc(&["export", broken.path().to_str().unwrap()]);
    assert_eq!(code(&out), 2);
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

fn scope(v: &Value) -> Scope {
    match v.as_str().unwrap() {
        "ship" => Scope::Ship,
        "fleet" => Scope::Fleet,
        "blueprint" => Scope::Blueprint,
        other => panic!("scope {other}"),
    }
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
        list(&self.doc["vocabulary"][field_name(kind)])
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
            flagship_icon: doc.get("flagship_icon").map(|i| self.vocab(VocabKind::Icon, i)),
            cards: list(&doc["cards"]).iter().map(|c| self.card_of(c)).collect::<Vec<_>>().into(),
            rules: list(&doc["rules"]).iter().map(|r| self.rule(r)).collect::<Vec<_>>().into(),
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
        Selector { kind: selector_kind(&v["kind"]), filters: filters.into() }
    }

    fn rule(&self, r: &Value) -> Rule {
        let c = &r["constraint"];
        let condition = self.restriction(c.get("condition"));
        let constraint = match c["type"].as_str().unwrap() {
            "unique_names" => Constraint::UniqueNames { scope: scope(&c["scope"]) },
            "sum" => Constraint::Sum {
                stat: self.vocab(VocabKind::Stat, &c["stat"]),
                cmp: self.cmp(&c["cmp"]),
                scope: scope(&c["scope"]),
                condition,
            },
            "total_cost" => Constraint::TotalCost {
                cmp: self.cmp(&c["cmp"]),
                of: c.get("of").map(selector_kind),
                stat: c["cmp"].get("stat").map(|s| self.vocab(VocabKind::Stat, s)),
                scope: scope(&c["scope"]),
                condition,
            },
            "same" => Constraint::Same { selector: self.selector(&c["selector"]) },
            "count" => Constraint::Count {
                cmp: self.cmp(&c["cmp"]),
                selector: self.selector(&c["selector"]),
                scope: scope(&c["scope"]),
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
        let kind = CardKind::from_keyword(c["kind"].as_str().unwrap()).unwrap();
        let mut card = Card::empty(text(&c["id"]), text(&c["name"]), kind);
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
            Card { abilities: Cow::Borrowed(&[]), cost_by, ..c }
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

#[test]
fn the_shipped_sets_read_back_into_their_models() {
    for game in ["armada", "xwing", "eclipse"] {
        assert_round_trip(&manifest().join("../cards").join(game));
    }
}

#[test]
fn the_conformance_sets_read_back_into_their_models() {
    let Some(shared) = shared() else { return };
    for dir in common::example_sets(&shared) {
        assert_round_trip(&dir);
    }
}
