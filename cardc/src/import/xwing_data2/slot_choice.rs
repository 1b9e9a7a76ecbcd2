//! Ship abilities that are a slot of one of several icons, and the pseudo-upgrades squad
//! builders equip in them.
//!
//! The T-70 X-wing's and the M3-A Interceptor's "Weapon Hardpoint" reads "You can equip 1
//! [Cannon], [Torpedo], or [Missile] upgrade". The data gives these ships no slot for it,
//! and the language has no slot that takes one of several icons. Squad builders wrote it as
//! a slot of its own holding a pseudo-upgrade that picks the icon (XWS
//! `"hardpoint": ["hardpointcannon"]` beside `"cannon": ["heavylasercannon"]`). The import
//! does the same:
//! - the slot is an icon named after the ability (`weapon-hardpoint`, "Weapon Hardpoint"),
//!   added to the upgrade bar of every pilot whose ship ability it is;
//! - each icon of the choice is a zero-cost upgrade in that slot that grants one slot of
//!   the icon ("Weapon Hardpoint: Cannon"), with the XWS id builders give it
//!   (`hardpointcannon`); a choice builders have no id for gets the slot's id and the icon
//!   (the Clone Z-95's Versatile Frame, "You can equip 1 [Torpedo] or [Missile] upgrade.
//!   While …": `versatileframetorpedo`).
//!
//! A squad that equips the weapon without the pseudo-upgrade is read by the XWS reader with
//! a warning ([`cards_runtime::xws`]).

use std::collections::BTreeMap;

use cards_runtime::xws::xws_form;

use super::{card, write_card, Importer, ShipAbility};
use crate::ast::CardKind;
use crate::format::writer;

/// The slots of one kind that ship abilities choose, by the slot's icon id.
#[derive(Default)]
pub(super) struct SlotChoices {
    /// Icon id of the choice slot → (the ability's name, the icon ids it chooses from).
    slots: BTreeMap<String, (String, Vec<String>)>,
}

/// The XWS prefix squad builders give the pseudo-upgrades of a choice slot, by the ship
/// ability's name; any other choice slot's is its own id without dashes.
const BUILDER_PREFIXES: &[(&str, &str)] = &[("Weapon Hardpoint", "hardpoint")];

/// The slot names of a sentence "You can equip 1 [A], [B], or [C] upgrade." (two or more)
/// anywhere in a ship ability's text, else `None`.
fn chosen_slots(text: &str) -> Option<Vec<&str>> {
    text.split_inclusive(". ").find_map(|sentence| choice_sentence(sentence.trim()))
}

/// The slot names of one sentence that is a choice of slots.
fn choice_sentence(sentence: &str) -> Option<Vec<&str>> {
    let body = sentence.strip_suffix('.').unwrap_or(sentence);
    let body = body.strip_prefix("You can equip 1 ")?.strip_suffix(" upgrade")?;
    let mut names = Vec::new();
    for part in body.split(", ") {
        let part = part.strip_prefix("or ").unwrap_or(part);
        for name in part.split(" or ") {
            let name = name.strip_prefix('[')?.strip_suffix(']')?;
            if name.is_empty() || name.contains(['[', ']']) {
                return None;
            }
            names.push(name);
        }
    }
    (names.len() >= 2).then_some(names)
}

impl Importer<'_> {
    /// The icon of the choice slot a ship ability is, declared with the icons it chooses
    /// from; `None` for any other ability.
    pub(super) fn slot_choice(&mut self, ability: &ShipAbility) -> Option<String> {
        let names = chosen_slots(&ability.text)?;
        let slot = self.vocab.icon(&ability.name);
        let icons: Vec<String> = names.iter().map(|n| self.vocab.icon(n)).collect();
        self.slot_choices.slots.entry(slot.clone()).or_insert_with(|| (ability.name.clone(), icons));
        self.imp.mapped("pilot shipAbility that equips 1 of several slots → a slot of its own");
        Some(slot)
    }

    /// The file of the pseudo-upgrades of every choice slot, if the data has any.
    pub(super) fn slot_choice_file(&mut self) -> Option<String> {
        if self.slot_choices.slots.is_empty() {
            return None;
        }
        let mut text = String::new();
        writer::comment(
            &mut text,
            "Squad builders' pseudo-upgrades: a ship ability that equips 1 of several slots is a slot of its own, and each choice a zero-cost upgrade in it that grants the slot chosen.",
        );
        let slots = std::mem::take(&mut self.slot_choices.slots);
        for (slot, (ability, icons)) in &slots {
            let prefix = BUILDER_PREFIXES
                .iter()
                .find(|(name, _)| name == ability)
                .map_or_else(|| xws_form(slot), |(_, prefix)| prefix.to_string());
            for icon in icons {
                let name = self.vocab.icons.get(icon).map_or(icon.as_str(), String::as_str);
                let xws = format!("{prefix}{}", xws_form(icon));
                if self.upgrade_ids.contains_key(&xws) {
                    self.imp.unsupported("a choice slot's pseudo-upgrade whose XWS id a real upgrade has (left out)");
                    continue;
                }
                let mut c = card(CardKind::Upgrade, &format!("{ability}: {name}"), &format!("{slot}-{icon}"));
                c.field("icons", slot);
                c.field("cost", 0);
                c.list("grants", &[format!("slot {icon}")]);
                c.string("xws", &xws);
                write_card(c, &mut text);
                self.imp.card("upgrade for a choice slot");
                self.imp.mapped("a choice slot's icon → a zero-cost pseudo-upgrade granting its slot");
            }
        }
        Some(text)
    }
}

#[cfg(test)]
mod tests {
    use super::chosen_slots;

    #[test]
    fn a_choice_of_slots_is_read_from_the_printed_sentence() {
        assert_eq!(
            chosen_slots("You can equip 1 [Cannon], [Torpedo], or [Missile] upgrade."),
            Some(vec!["Cannon", "Torpedo", "Missile"])
        );
        assert_eq!(chosen_slots("You can equip 1 [Cannon] or [Torpedo] upgrade."), Some(vec!["Cannon", "Torpedo"]));
        assert_eq!(
            chosen_slots("You can equip 1 [Torpedo] or [Missile] upgrade. While your revealed maneuver is blue, add white [Boost] to your action bar."),
            Some(vec!["Torpedo", "Missile"]),
            "the choice is one sentence of the ability"
        );
    }

    #[test]
    fn other_sentences_are_not_a_choice() {
        assert_eq!(chosen_slots("You can equip 1 [Cannon] upgrade."), None, "one slot is no choice");
        assert_eq!(chosen_slots("You can equip 2 [Cannon] or [Torpedo] upgrades."), None);
        assert_eq!(chosen_slots("After you reveal your dial, you may equip 1 [Cannon] or [Missile] upgrade."), None);
        assert_eq!(chosen_slots("You can equip 1 [Cannon], Torpedo, or [Missile] upgrade."), None);
        assert_eq!(chosen_slots(""), None);
    }
}
