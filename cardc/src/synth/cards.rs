//! Writing the planned cards, each through [`Card`].

use super::plan::*;
use super::text::*;
use super::vocab::*;
use super::{hostile, Dice, BODY, HOSTILE};
use crate::ast::CardKind;
use crate::ast::CardKind as Kind;
use crate::format::writer::Card;

impl Plan {
    pub(super) fn card(&self, i: usize, out: &mut String) {
        let name = &self.names[i];
        let mut d = Dice::new(self.seed, i, BODY);
        match self.kinds[i] {
            Kind::Chassis => self.chassis_card(i, &mut d).write(out),
            Kind::Ship => self.ship_card(i, &mut d).write(out),
            Kind::Upgrade => self.upgrade_card(i, &mut d).write(out),
            Kind::Part => {
                let (_, stats, drive, tech, ancient) = PARTS[part_type(self.seed, i)];
                let mut c = Card::new(CardKind::Part, name, self.written_id(i));
                if ancient {
                    c.flag("ancient");
                }
                if drive {
                    c.flag("drive");
                }
                c.row(stats.iter().copied());
                if let Some(t) = tech {
                    c.field("tech", t);
                }
                if ancient {
                    c.text("When this part is removed from a blueprint, it is removed from the game.");
                }
                c.write_inline(out);
            }
            Kind::Blueprint => {
                let mut c = Card::new(CardKind::Blueprint, name, self.written_id(i));
                c.field("class", CLASSES[self.ordinal[i] % CLASSES.len()].0);
                let slots = d.range(3, 8) as usize;
                let spaces: Vec<&str> = (0..slots)
                    .map(|_| {
                        if self.parts.is_empty() || d.chance(20) {
                            "empty"
                        } else {
                            self.ids[*d.pick(&self.parts)].as_str()
                        }
                    })
                    .collect();
                c.list("spaces", &spaces);
                if !self.parts.is_empty() && d.chance(20) {
                    c.field("fixed", &self.ids[*d.pick(&self.parts)]);
                }
                if d.chance(60) {
                    c.field("initiative", d.range(0, 4));
                }
                if d.chance(40) {
                    c.field("energy", format!("+{}", d.range(1, 4)));
                }
                c.write(out);
            }
            Kind::Species => {
                let mut c = Card::new(CardKind::Species, name, self.written_id(i));
                c.field("upgrade-activations", d.range(2, 3));
                if !self.blueprints.is_empty() {
                    let count = d.range(1, 4) as usize;
                    let picked = d.distinct(&self.blueprints, count);
                    let ids: Vec<&str> = picked.iter().map(|b| self.ids[*b].as_str()).collect();
                    c.list("blueprints", &ids);
                }
                if d.chance(30) {
                    c.field("cost", d.range(0, 3));
                }
                c.write(out);
            }
        }
    }

    /// Card `i`'s id when it is written (`as id`) rather than derived from its name.
    fn written_id(&self, i: usize) -> Option<&str> {
        self.written_ids[i].then_some(self.ids[i].as_str())
    }

    /// Card `i`'s text: 1 to 3 sentences from `pool` (see [`text_lines`]), and with hostile
    /// names sometimes one of [`hostile::SENTENCES`].
    fn text(&self, i: usize, d: &mut Dice, pool: &[&str], card: &mut Card) {
        let mut lines = text_lines(d, pool);
        let mut h = Dice::new(self.seed, i, HOSTILE + 2);
        if self.hostile && h.chance(30) {
            lines.push(h.pick(hostile::SENTENCES).to_string());
        }
        card.text(&lines.join("\n"));
    }

    /// `xws: "…"`: the card's id without dashes; with hostile names, sometimes a hostile
    /// name.
    pub(super) fn xws(&self, i: usize, c: &mut Card) {
        let plain = self.ids[i].replace('-', "");
        c.string("xws", &hostile::maybe(self.hostile, self.seed, 2, i, &plain));
    }

    pub(super) fn chassis_card(&self, i: usize, d: &mut Dice) -> Card {
        let ch = &self.chassis[self.ordinal[i]];
        let mut c = Card::new(CardKind::Chassis, &self.names[i], self.written_id(i));
        c.list("faction", &ch.factions);
        c.field("size", ch.size);
        if let Some(icon) = ch.ship_icon {
            c.field("ship-icon", icon);
        }
        c.list("traits", &ch.traits);
        let (attack, agility, hull, shields) = (d.range(1, 4), d.range(0, 3), d.range(2, 10), d.range(0, 5));
        c.row([("attack", attack), ("agility", agility), ("hull", hull), ("shields", shields)]);
        c.list("actions", &ch.actions);
        if d.chance(50) {
            self.xws(i, &mut c);
        }
        if d.chance(40) {
            let (name, text) = d.pick(ABILITIES);
            c.ability(&hostile::maybe(self.hostile, self.seed, 0, i, name), text);
        }
        c
    }

    pub(super) fn ship_card(&self, i: usize, d: &mut Dice) -> Card {
        let s = &self.ships[self.ordinal[i]];
        let mut c = Card::new(CardKind::Ship, &self.names[i], self.written_id(i));
        match s.chassis {
            Some(chassis) => {
                c.field("chassis", &self.ids[self.chassis[chassis].index]);
                let named = d.chance(50);
                if named {
                    c.field("limited", 1);
                }
                c.field("initiative", if named { d.range(3, 6) } else { d.range(1, 4) });
                if named && d.chance(30) {
                    c.field("force", d.range(1, 3));
                } else if d.chance(15) {
                    c.field("charges", format!("{} recurring", d.range(1, 2)));
                }
                c.field("cost", d.range(24, 80));
                c.list("upgrades", &s.upgrades);
                if d.chance(60) {
                    self.xws(i, &mut c);
                }
                if named {
                    self.text(i, d, FIGHTER_TEXT, &mut c);
                }
            }
            None => {
                c.list("faction", &s.factions);
                if let Some(icon) = s.ship_icon {
                    c.field("ship-icon", icon);
                }
                c.field("size", s.size);
                c.list("traits", &s.traits);
                if d.chance(10) {
                    c.flag("unique");
                }
                c.field("cost", d.range(18, 160));
                let (hull, command, squadron, engineering) =
                    (d.range(3, 14), d.range(1, 4), d.range(1, 4), d.range(2, 6));
                c.row([("hull", hull), ("command", command), ("squadron", squadron), ("engineering", engineering)]);
                c.list("upgrades", &s.upgrades);
            }
        }
        supply_what_is_spent(&mut c, true);
        c
    }

    pub(super) fn upgrade_card(&self, i: usize, d: &mut Dice) -> Card {
        let mut c = Card::new(CardKind::Upgrade, &self.names[i], self.written_id(i));
        let Some(ship) = self.target(i) else {
            // No ship in the set (a tiny one): a commander, which needs no printed icon.
            c.field("icon", COMMANDER);
            c.field("cost", d.range(20, 40));
            return c;
        };
        let slot = upgrade_slot(self.seed, i, ship);
        match &slot {
            Slot::One(icon) => c.field("icon", icon),
            Slot::Group(a, b) => c.field("icons", format!("{a} + {b}")),
        }
        let icon = slot.first();
        if icon == TITLE {
            if let Some(ship_icon) = ship.ship_icon {
                c.field("ship-icon", ship_icon);
            }
        }
        let faction = if icon == COMMANDER { 100 } else { d.below(100) };
        if faction >= 50 {
            let mut factions = vec![ship.factions[0]];
            if faction < 60 {
                let other = d.pick(FACTIONS).0;
                if other != factions[0] {
                    factions.push(other);
                }
            }
            c.list("faction", &factions);
        }
        match d.below(100) {
            _ if icon == COMMANDER || icon == TITLE => c.flag("unique"),
            0..=19 => c.flag("unique"),
            20..=29 => c.field("limited", d.range(1, 3)),
            _ => {}
        }
        if matches!(icon, "modification" | "offensive-retrofit" | "defensive-retrofit") && d.chance(70) {
            c.field("traits", "modification");
        } else if matches!(icon, "astromech" | "crew") && d.chance(30) {
            c.field("traits", "droid");
        }
        if let Some(r) = self.restriction(d, ship) {
            c.field("requires", r);
        }
        if icon == "force-power" {
            c.field("force", 1);
        } else if d.chance(15) {
            let recurring = if d.chance(50) { " recurring" } else { "" };
            c.field("charges", format!("{}{recurring}", d.range(1, 3)));
        }
        let cost = match icon {
            COMMANDER => d.range(18, 40),
            TITLE => d.range(0, 8),
            _ => d.range(1, 14),
        };
        c.field("cost", cost);
        if d.chance(40) {
            self.xws(i, &mut c);
        }
        if d.chance(75) {
            let pool = if ship.chassis.is_some() { FIGHTER_TEXT } else { CAPITAL_TEXT };
            self.text(i, d, pool, &mut c);
        }
        supply_what_is_spent(&mut c, false);
        c
    }
}

/// Gives the card what its text spends and it lacks, as a designer would (W0007):
/// `charges: 1` for a spent `[Charge]`, and on a ship `force: 1` for a spent `[Force]` (an
/// upgrade spends its ship's Force).
pub(super) fn supply_what_is_spent(card: &mut Card, ship: bool) {
    let text = card.block_text();
    let spends = |what: &str| text.contains(&format!("spend 1 [{what}]"));
    if spends("charge") && !card.has("charges") {
        card.field("charges", 1);
    }
    if ship && spends("force") && !card.has("force") {
        card.field("force", 1);
    }
}
