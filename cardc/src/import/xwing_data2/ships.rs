//! Ship files: one chassis per ship type of a faction, one ship per pilot.

use serde_json::Value;

use super::game::{Vocab, MANEUVERS};
use super::schema::{Pilot, ShipFile, StatEntry};
use super::{attack_stat, card, id_of, other_reason, recurring, ship_icon_id, write_card, Importer};
use crate::ast::CardKind;
use crate::format::writer;

impl Importer<'_> {
    /// The stats of a stat list as `(stat, value)`, attack stats by arc; counts recovery
    /// (huge ships' energy and shields), which the set does not carry.
    fn stats(&mut self, stats: &[StatEntry]) -> Vec<(String, i64)> {
        let mut out = Vec::new();
        for s in stats {
            let stat = if s.kind == "attack" {
                match &s.arc {
                    Some(arc) => {
                        self.vocab.arc(arc);
                        attack_stat(arc)
                    }
                    None => {
                        self.imp.unsupported("attack stat without an arc");
                        continue;
                    }
                }
            } else {
                id_of(&s.kind)
            };
            if s.recovers.is_some_and(|r| r != 0) {
                self.imp.unsupported(format!("stat recovery ({stat} recovers each round)"));
            }
            out.push((self.vocab.stat(&stat), s.value));
        }
        out
    }

    pub(super) fn ship_file(
        &mut self,
        folder: &str,
        stem: &str,
        ship: &ShipFile,
        chassis_id: &str,
        pilot_ids: &[String],
        pilot_paths: &[String],
    ) -> String {
        let faction = match self.vocab.faction_by_xws.get(&ship.faction) {
            Some(f) => f.clone(),
            None => {
                self.imp.unsupported("ship faction missing from factions.json");
                id_of(folder)
            }
        };
        let faction_name = self.vocab.factions.iter().find(|(id, _)| *id == faction).map_or(&ship.faction, |(_, n)| n);
        let mut text = String::new();
        writer::comment(&mut text, &format!("{} ({faction_name}): pilots/{folder}/{stem}.json", ship.name));
        text.push('\n');
        let ship_icon = ship_icon_id(&ship.xws);
        Vocab::put(&mut self.vocab.ship_icons, ship_icon.clone(), &ship.name);
        let mut c = card(CardKind::Chassis, &ship.name, chassis_id);
        c.field("faction", &faction);
        c.field("size", self.vocab.size(&ship.size));
        c.field("ship-icon", &ship_icon);
        let stats = self.stats(&ship.stats);
        c.row(stats.iter().map(|(s, v)| (s, v)));
        let arcs = self.arcs(&ship.stats);
        c.list("arcs", &arcs);
        let actions: Vec<String> = ship.actions.iter().map(|a| self.vocab.action_text(a)).collect();
        c.list("actions", &actions);
        c.string("xws", &ship.xws);
        // The ship ability goes on the chassis when every pilot has the same one.
        let first = ship.pilots.first().and_then(|p| p.ship_ability.clone());
        let shared = first.filter(|a| ship.pilots.iter().all(|p| p.ship_ability.as_ref() == Some(a)));
        if let Some(a) = &shared {
            let body = self.text(&a.text);
            c.ability(&a.name, &body);
            self.imp.mapped("pilot shipAbility → ability on the chassis (all its pilots share it)");
        }
        for (k, v) in &ship.other {
            if k == "dial" {
                for code in v.as_array().into_iter().flatten().filter_map(Value::as_str) {
                    let letter = code.chars().nth(1).unwrap_or(' ');
                    if let Some((_, name)) = MANEUVERS.iter().find(|(l, _)| *l == letter) {
                        Vocab::put(&mut self.vocab.maneuvers, id_of(name), name);
                    }
                }
            }
            self.imp.unsupported(other_reason("ship", k));
        }
        write_card(c, &mut text);
        self.imp.card("chassis");

        let chassis_stats = stats;
        for ((p, id), at) in ship.pilots.iter().zip(pilot_ids).zip(pilot_paths) {
            self.at.1 = at.clone();
            self.pilot(&mut text, p, id, chassis_id, &chassis_stats, &arcs, &actions, shared.is_some());
        }
        text
    }

    /// The arcs of a ship's attack stats.
    fn arcs(&mut self, stats: &[StatEntry]) -> Vec<String> {
        let mut out: Vec<String> = Vec::new();
        for s in stats.iter().filter(|s| s.kind == "attack") {
            if let Some(arc) = &s.arc {
                let id = self.vocab.arc(arc);
                if !out.contains(&id) {
                    out.push(id);
                }
            }
        }
        out
    }

    #[allow(clippy::too_many_arguments)]
    fn pilot(
        &mut self,
        text: &mut String,
        p: &Pilot,
        id: &str,
        chassis_id: &str,
        chassis_stats: &[(String, i64)],
        chassis_arcs: &[String],
        chassis_actions: &[String],
        ability_on_chassis: bool,
    ) {
        let mut c = card(CardKind::Ship, &p.name, id);
        c.field("chassis", chassis_id);
        if p.limited > 0 {
            c.field("limited", p.limited);
        }
        if let Some(i) = p.initiative {
            c.field("initiative", format!("{}", i));
            self.vocab.stat("initiative");
        }
        if !p.ship_stats.is_empty() {
            let own = self.stats(&p.ship_stats);
            let changed: Vec<&(String, i64)> =
                own.iter().filter(|(s, v)| !chassis_stats.iter().any(|(cs, cv)| cs == s && cv == v)).collect();
            if !changed.is_empty() {
                c.row(changed.iter().map(|(s, v)| (s, v)));
                self.imp.mapped("pilot shipStats → the ship's own stats");
            }
            for (s, _) in chassis_stats {
                if !own.iter().any(|(o, _)| o == s) {
                    self.imp.unsupported(format!("pilot shipStats without the chassis' {s} (the ship inherits it)"));
                }
            }
            let arcs = self.arcs(&p.ship_stats);
            if arcs != chassis_arcs {
                c.list("arcs", &arcs);
            }
        }
        if let Some(cost) = p.cost {
            c.field("cost", cost);
        }
        if let Some(l) = p.loadout {
            c.field("loadout", l);
            self.vocab.stat("loadout");
        }
        let mut traits: Vec<String> = p.keywords.iter().map(|k| self.vocab.trait_(k)).collect();
        if let Some(f) = &p.force {
            c.field("force", recurring(f.value, f.recovers));
            for side in &f.side {
                let t = self.force_side(side);
                if !traits.contains(&t) {
                    traits.push(t);
                }
                self.imp.mapped("pilot force side → trait");
            }
        }
        if let Some(ch) = &p.charges {
            c.field("charges", recurring(ch.value, ch.recovers));
        }
        let mut icons: Vec<String> = p.slots.iter().flatten().map(|s| self.vocab.icon(s)).collect();
        if let Some(slot) = p.ship_ability.as_ref().and_then(|a| self.slot_choice(a)) {
            icons.push(slot);
        }
        c.list("upgrades", &icons);
        if let Some(sl) = &p.standard_loadout {
            let mut ids = Vec::new();
            for xws in sl {
                match self.upgrade_ids.get(xws) {
                    Some(id) => ids.push(id.clone()),
                    None => self.imp.unsupported("standard-loadout upgrade missing from the data (left out)"),
                }
            }
            c.list("standard-loadout", &ids);
        }
        c.list("traits", &traits);
        if let Some(actions) = &p.ship_actions {
            let own: Vec<String> = actions.iter().map(|a| self.vocab.action_text(a)).collect();
            if own != chassis_actions {
                c.list("actions", &own);
                self.imp.mapped("pilot shipActions → the ship's own actions");
            }
        }
        self.formats(&mut c, &p.formats);
        c.string("xws", &p.xws);
        if let (Some(a), false) = (&p.ship_ability, ability_on_chassis) {
            let body = self.text(&a.text);
            c.ability(&a.name, &body);
            self.imp.mapped("pilot shipAbility → ability on the ship (its chassis' pilots differ)");
        }
        if let Some(body) = self.card_text(p.ability.as_deref(), p.text.as_deref(), None) {
            c.text(&body);
        }
        for k in p.other.keys() {
            self.imp.unsupported(other_reason("pilot", k));
        }
        write_card(c, text);
        self.imp.card("ship");
    }

    pub(super) fn force_side(&mut self, side: &str) -> String {
        match side {
            "light" => self.vocab.trait_force("force-light", "Light Side Force"),
            "dark" => self.vocab.trait_force("force-dark", "Dark Side Force"),
            other => self.vocab.trait_force(&format!("force-{}", id_of(other)), other),
        }
    }
}
