//! Upgrade files: one upgrade per card side, with its icons, costs and grants.

use std::collections::BTreeMap;

use serde_json::Value;

use super::game::SIZES;
use super::restrictions::Restrictions;
use super::schema::{ActionEntry, Cost, Grant, Side, Upgrade};
use super::{attack_stat, card, id_of, other_reason, recurring, signed, write_card, Importer};
use crate::ast::CardKind;
use crate::format::writer::{self, quote, Card};

impl Importer<'_> {
    pub(super) fn upgrade(&mut self, text: &mut String, u: &Upgrade, id: &str, back_id: Option<&str>) {
        let Some(front) = u.sides.first() else {
            self.imp.unsupported("upgrade without sides");
            return;
        };
        if front.title != u.name {
            writer::comment(text, &format!("Front side: {}", front.title));
        }
        let mut c = card(CardKind::Upgrade, &u.name, id);
        let (key, icons) = self.icons(front);
        c.field(key, icons);
        if u.limited > 0 {
            c.field("limited", u.limited);
        }
        let mut r = Restrictions::default();
        self.restrictions(&u.restrictions, &mut r);
        c.list("faction", &r.factions);
        if !r.clauses.is_empty() {
            c.field("requires", r.requires());
        }
        let traits: Vec<String> = r.traits.iter().cloned().collect();
        c.list("traits", &traits);
        if traits.iter().any(|t| t == "solitary") {
            for slot in &front.slots {
                let icon = id_of(slot);
                self.solitary.insert(icon);
            }
        }
        self.standardized |= traits.iter().any(|t| t == "standardized");
        match &u.cost {
            Some(cost) => {
                if let Some(v) = self.cost(cost) {
                    c.field("cost", v);
                }
            }
            None if u.standard_loadout_only => {}
            None => self.imp.unsupported("upgrade without a cost"),
        }
        self.side_fields(&mut c, front);
        if u.standard_loadout_only {
            c.flag("standard-loadout-only");
        }
        self.formats(&mut c, &u.formats);
        c.string("xws", &u.xws);
        if let Some(body) = self.card_text(front.ability.as_deref(), front.text.as_deref(), front.ship_ability.as_ref())
        {
            c.text(&body);
        }
        self.side_extras(front, &u.restrictions);
        for k in u.other.keys() {
            self.imp.unsupported(other_reason("upgrade", k));
        }
        write_card(c, text);
        self.imp.card("upgrade");

        if let (Some(back), Some(back_id)) = (u.sides.get(1), back_id) {
            let mut c = card(CardKind::Upgrade, &back.title, back_id);
            let (key, icons) = self.icons(back);
            c.field(key, icons);
            c.field("back-of", id);
            self.side_fields(&mut c, back);
            if let Some(body) =
                self.card_text(back.ability.as_deref(), back.text.as_deref(), back.ship_ability.as_ref())
            {
                c.text(&body);
            }
            self.side_extras(back, &u.restrictions);
            write_card(c, text);
            self.imp.card("upgrade back side");
        }
        for _ in u.sides.iter().skip(2) {
            self.imp.unsupported("upgrade side after the second");
        }
    }

    /// `icon: crew` or `icons: command + crew`.
    fn icons(&mut self, side: &Side) -> (&'static str, String) {
        let slots: Vec<String> = if side.slots.is_empty() {
            vec![self.vocab.icon(&side.kind)]
        } else {
            side.slots.iter().map(|s| self.vocab.icon(s)).collect()
        };
        match slots.as_slice() {
            [one] => ("icon", one.clone()),
            many => {
                self.imp.mapped("upgrade with several slots → icons: a + b");
                ("icons", many.join(" + "))
            }
        }
    }

    /// Charges, force and grants of one side.
    fn side_fields(&mut self, c: &mut Card, side: &Side) {
        if let Some(ch) = &side.charges {
            c.field("charges", recurring(ch.value, ch.recovers));
        }
        if let Some(f) = &side.force {
            c.field("force", recurring(f.value, f.recovers));
            if !f.side.is_empty() {
                self.imp.unsupported("upgrade force side");
            }
        }
        let mut grants = Vec::new();
        for g in &side.grants {
            if let Some(text) = self.grant(g) {
                grants.push(text);
            }
        }
        c.list("grants", &grants);
    }

    /// What the set does not carry of a side, counted.
    fn side_extras(&mut self, side: &Side, card_restrictions: &[BTreeMap<String, Value>]) {
        if !side.actions.is_empty() {
            // The side's `actions` repeat its action grants.
            let granted: Vec<ActionEntry> = side
                .grants
                .iter()
                .filter(|g| g.kind == "action")
                .filter_map(|g| serde_json::from_value(g.value.clone()).ok())
                .collect();
            if side.actions.iter().all(|a| granted.contains(a)) {
                self.imp.mapped("upgrade side actions (the same as its action grants)");
            } else {
                self.imp.unsupported("upgrade side actions that its grants do not list");
            }
        }
        if !side.restrictions.is_empty() {
            if side.restrictions == card_restrictions {
                self.imp.mapped("upgrade side restrictions (the same as the card's)");
            } else {
                self.imp.unsupported("upgrade side restrictions that differ from the card's");
            }
        }
        for k in side.other.keys() {
            self.imp.unsupported(other_reason("upgrade side", k));
        }
    }

    fn grant(&mut self, g: &Grant) -> Option<String> {
        let amount = g.amount.unwrap_or(1);
        let text = match (g.kind.as_str(), &g.value) {
            ("slot", Value::String(slot)) => {
                let icon = self.vocab.icon(slot);
                if amount == 1 {
                    format!("slot {icon}")
                } else {
                    format!("slot {icon} {amount}")
                }
            }
            ("action", v) => match serde_json::from_value::<ActionEntry>(v.clone()) {
                Ok(mut a) => {
                    // A grant is one action: the language has no linked grant.
                    if a.linked.take().is_some() {
                        self.imp.unsupported("linked action of an action grant (the grant keeps its first action)");
                    }
                    format!("action {}", self.vocab.action_text(&a))
                }
                Err(_) => {
                    self.imp.unsupported("grant of an action the importer cannot read");
                    return None;
                }
            },
            ("stat", Value::String(stat)) if stat == "attack" => match &g.arc {
                Some(arc) => {
                    self.vocab.arc(arc);
                    format!("stat {} {}", self.vocab.stat(&attack_stat(arc)), signed(amount))
                }
                None => {
                    self.imp.unsupported("grant of an attack stat without an arc");
                    return None;
                }
            },
            ("stat", Value::String(stat)) => format!("stat {} {}", self.vocab.stat(&id_of(stat)), signed(amount)),
            ("force", v) => {
                if v.get("side").is_some() {
                    self.imp.unsupported("force grant's side (light or dark)");
                }
                format!("force {}", signed(amount))
            }
            ("arc", Value::String(arc)) => format!("arc {}", self.vocab.arc(arc)),
            (kind, _) => {
                self.imp.unsupported(format!("grant of kind `{kind}`"));
                return None;
            }
        };
        self.imp.mapped(format!("grant {} → grants: {}", g.kind, text.split(' ').next().unwrap_or_default()));
        Some(text)
    }

    fn cost(&mut self, cost: &Cost) -> Option<String> {
        match cost {
            Cost::Fixed { value: Value::Number(n) } if n.as_i64().is_some_and(|n| n < 0) => {
                self.imp.unsupported("negative upgrade cost (not written: a cost has no sign)");
                None
            }
            Cost::Fixed { value: Value::Number(n) } if n.as_i64().is_some() => n.as_i64().map(|n| n.to_string()),
            Cost::Fixed { value: Value::String(s) } => match s.trim().parse::<i64>() {
                Ok(n) => {
                    self.imp.mapped("upgrade cost written as a string → cost");
                    Some(n.to_string())
                }
                Err(_) => {
                    self.imp.unsupported(format!("upgrade cost {} (no cost written)", quote(s)));
                    None
                }
            },
            Cost::Fixed { .. } => {
                self.imp.unsupported("upgrade cost that is not a number");
                None
            }
            Cost::Variable { variable, values } => {
                let mut entries: Vec<(i64, String, i64)> = Vec::new();
                for (k, v) in values {
                    let (rank, key) = if variable == "size" {
                        let rank = SIZES.iter().position(|s| s.eq_ignore_ascii_case(k)).unwrap_or(SIZES.len());
                        (rank as i64, self.vocab.size(k))
                    } else {
                        match k.parse::<i64>() {
                            Ok(n) => (n, n.to_string()),
                            Err(_) => {
                                self.imp.unsupported(format!(
                                    "variable cost by {variable} with a key that is not a number"
                                ));
                                return None;
                            }
                        }
                    };
                    entries.push((rank, key, *v));
                }
                entries.sort();
                let by = if variable == "size" { "size".to_string() } else { self.vocab.stat(&id_of(variable)) };
                self.imp.mapped(format!("variable cost by {variable} → cost: by {by} …"));
                let list: Vec<String> = entries.iter().map(|(_, k, v)| format!("{k} = {v}")).collect();
                Some(format!("by {by} {}", list.join(", ")))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::import::xwing_data2::schema::Data;

    #[test]
    fn variable_costs() {
        let data = Data::for_tests();
        let mut i = Importer::new(&data);
        let size: Cost =
            serde_json::from_str(r#"{"variable":"size","values":{"Large":4,"Small":2,"Medium":3}}"#).unwrap();
        assert_eq!(i.cost(&size).unwrap(), "by size small = 2, medium = 3, large = 4");
        let agility: Cost = serde_json::from_str(r#"{"variable":"agility","values":{"3":7,"0":2}}"#).unwrap();
        assert_eq!(i.cost(&agility).unwrap(), "by agility 0 = 2, 3 = 7");
        let odd: Cost = serde_json::from_str(r#"{"value":"?"}"#).unwrap();
        assert_eq!(i.cost(&odd), None);
        let text: Cost = serde_json::from_str(r#"{"value":"0"}"#).unwrap();
        assert_eq!(i.cost(&text).unwrap(), "0");
    }
}
