//! Upgrade restrictions: objects AND-ed, the keys of one object OR-ed.

use std::collections::{BTreeMap, BTreeSet};

use serde_json::Value;

use super::game::{color, RESTRICTION_KEYS};
use super::schema::ActionEntry;
use super::Importer;
use crate::format::writer::quote;
use crate::import::Imported;

impl Importer<'_> {
    /// Maps the restriction objects of an upgrade: AND between objects, OR inside one.
    pub(super) fn restrictions(&mut self, list: &[BTreeMap<String, Value>], r: &mut Restrictions) {
        for object in list {
            // An object of factions alone is the card's faction affiliation.
            if object.len() == 1 && r.factions.is_empty() {
                if let Some(Value::Array(fs)) = object.get("factions") {
                    let ids: Option<Vec<String>> =
                        fs.iter().map(|f| f.as_str().and_then(|f| self.vocab.faction_by_xws.get(f).cloned())).collect();
                    if let Some(ids) = ids.filter(|ids| !ids.is_empty()) {
                        r.factions = ids;
                        self.imp.mapped("restriction key factions → faction");
                        continue;
                    }
                }
            }
            let mut atoms = Vec::new();
            let mut ok = true;
            let mut keys: Vec<(&String, &Value)> = object.iter().collect();
            keys.sort_by_key(|(k, _)| RESTRICTION_KEYS.iter().position(|r| r == k).unwrap_or(RESTRICTION_KEYS.len()));
            for (key, value) in keys {
                match self.restriction_key(key, value, r) {
                    Some(mut a) => atoms.append(&mut a),
                    None => ok = false,
                }
            }
            if !ok {
                self.imp.unsupported("restriction object with a key that cannot be mapped (left out whole)");
                continue;
            }
            if !atoms.is_empty() {
                r.clauses.push(atoms);
            }
        }
    }

    /// The atoms one restriction key stands for (OR-ed), or `None` when it cannot be mapped.
    fn restriction_key(&mut self, key: &str, value: &Value, r: &mut Restrictions) -> Option<Vec<String>> {
        let strings = |v: &Value| -> Option<Vec<String>> {
            v.as_array()?.iter().map(|s| s.as_str().map(str::to_string)).collect::<Option<Vec<_>>>()
        };
        let mapped = |imp: &mut Imported, what: &str| imp.mapped(format!("restriction key {key} → {what}"));
        let out = match key {
            "factions" => {
                let mut atoms = Vec::new();
                for f in strings(value)? {
                    match self.vocab.faction_by_xws.get(&f) {
                        Some(id) => atoms.push(format!("faction {id}")),
                        None => {
                            self.imp.unsupported(format!("restriction key {key}: unknown faction"));
                            return None;
                        }
                    }
                }
                mapped(&mut self.imp, "faction");
                atoms
            }
            "sizes" => {
                let sizes: Vec<String> = strings(value)?.iter().map(|s| self.vocab.size(s)).collect();
                mapped(&mut self.imp, "size");
                vec![format!("size {}", sizes.join(", "))]
            }
            "ships" => {
                mapped(&mut self.imp, "ship-icon <ship xws>");
                strings(value)?.iter().map(|s| format!("ship-icon {}", super::ship_icon_id(s))).collect()
            }
            "arcs" => {
                let arcs = strings(value)?;
                mapped(&mut self.imp, "arc");
                arcs.iter().map(|a| format!("arc {}", self.vocab.arc(a))).collect()
            }
            "action" => {
                let a: ActionEntry = serde_json::from_value(value.clone()).ok()?;
                mapped(&mut self.imp, "action [color] <action>");
                vec![format!("action {}{}", color(a.difficulty.as_deref(), true), self.vocab.action(&a.kind))]
            }
            "keywords" => {
                let kws = strings(value)?;
                mapped(&mut self.imp, "trait");
                kws.iter().map(|k| format!("trait {}", self.vocab.trait_(k))).collect()
            }
            "equipped" => {
                let slots = strings(value)?;
                mapped(&mut self.imp, "equipped <icon>");
                slots.iter().map(|s| format!("equipped {}", self.vocab.icon(s))).collect()
            }
            "names" => {
                mapped(&mut self.imp, "in-fleet \"<name>\"");
                strings(value)?.iter().map(|n| format!("in-fleet {}", quote(n))).collect()
            }
            "shipAbility" => {
                mapped(&mut self.imp, "ship-ability \"<name>\"");
                strings(value)?.iter().map(|n| format!("ship-ability {}", quote(n))).collect()
            }
            "force_side" => {
                let sides = strings(value)?;
                mapped(&mut self.imp, "trait force-light / force-dark");
                sides.iter().map(|s| format!("trait {}", self.force_side(s))).collect()
            }
            "agility" => {
                let values: Vec<String> =
                    value.as_array()?.iter().map(|v| v.as_i64().map(|n| n.to_string())).collect::<Option<_>>()?;
                mapped(&mut self.imp, "stat agility <values>");
                vec![format!("stat {} {}", self.vocab.stat("agility"), values.join(", "))]
            }
            "non-limited" => match value.as_bool()? {
                true => {
                    mapped(&mut self.imp, "not limited");
                    vec!["not limited".to_string()]
                }
                false => {
                    mapped(&mut self.imp, "nothing (false)");
                    Vec::new()
                }
            },
            "solitary" | "standardized" => {
                if value.as_bool()? {
                    let name = if key == "solitary" { "Solitary" } else { "Standardized" };
                    let t = self.vocab.trait_(name);
                    r.traits.insert(t);
                    mapped(&mut self.imp, &format!("trait {key} + rule"));
                } else {
                    mapped(&mut self.imp, "nothing (false)");
                }
                Vec::new()
            }
            _ => {
                self.imp.unsupported(format!("restriction key {key}"));
                return None;
            }
        };
        Some(out)
    }
}

/// The mapped restriction objects of one upgrade.
#[derive(Default)]
pub(super) struct Restrictions {
    /// From an object of factions alone: the `faction:` field.
    pub(super) factions: Vec<String>,
    /// One entry per object: its atoms, OR-ed.
    pub(super) clauses: Vec<Vec<String>>,
    /// Traits the card carries (solitary, standardized).
    pub(super) traits: BTreeSet<String>,
}

impl Restrictions {
    /// `a or b` alone; `(a or b) and c` with more than one object.
    pub(super) fn requires(&self) -> String {
        let many = self.clauses.len() > 1;
        let parts: Vec<String> = self
            .clauses
            .iter()
            .map(|atoms| {
                let joined = atoms.join(" or ");
                if many && atoms.len() > 1 {
                    format!("({joined})")
                } else {
                    joined
                }
            })
            .collect();
        parts.join(" and ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::import::xwing_data2::schema::Data;

    pub(super) fn requires(json: &str) -> (Vec<String>, String, Imported) {
        let data = Data::for_tests();
        let mut i = Importer::new(&data);
        let list: Vec<BTreeMap<String, Value>> = serde_json::from_str(json).unwrap();
        let mut r = Restrictions::default();
        i.restrictions(&list, &mut r);
        (r.factions.clone(), r.requires(), i.imp)
    }

    #[test]
    fn restriction_objects_and_keys() {
        // 0-0-0: Scum, or a squad with Darth Vader.
        let (factions, req, imp) = requires(r#"[{"factions":["scumandvillainy"],"names":["Darth Vader"]}]"#);
        assert!(factions.is_empty());
        assert_eq!(req, r#"faction scum-and-villainy or in-fleet "Darth Vader""#);
        assert_eq!(imp.mapped["restriction key names → in-fleet \"<name>\""], 1);
        // A faction object alone is the faction field; the rest is AND-ed.
        let (factions, req, _) =
            requires(r#"[{"factions":["rebelalliance"]},{"ships":["a","b"]},{"sizes":["Small","Medium"]}]"#);
        assert_eq!(factions, ["rebel-alliance"]);
        assert_eq!(req, "(ship-icon a or ship-icon b) and size small, medium");
        let (_, req, _) = requires(r#"[{"action":{"type":"Boost","difficulty":"Red"}},{"non-limited":true}]"#);
        assert_eq!(req, "action red boost and not limited");
        let (_, req, _) = requires(r#"[{"agility":[3]},{"keywords":["TIE"]},{"force_side":["dark"]}]"#);
        assert_eq!(req, "stat agility 3 and trait tie and trait force-dark");
        let (_, req, imp) = requires(r#"[{"solitary":true},{"wingspan":[1]}]"#);
        assert_eq!(req, "");
        assert_eq!(imp.unsupported["restriction key wingspan"], 1);
    }
}
