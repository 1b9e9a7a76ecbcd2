//! XWS squads (the X-Wing Squadron Format, `../shared/data/xws-spec`) read as fleets of a set.
//!
//! A squad names its faction, and each pilot by its XWS id with its upgrades grouped by
//! slot. [`XwsIndex`] maps XWS ids to a set's cards once (a card's `xws:` field, else its
//! id without dashes), so that a batch of thousands of squads resolves by hash lookups.
//!
//! Real squads are irregular. What can still be read is read, with a warning: upgrades
//! given as an array instead of an object keyed by slot, old slot keys (`ept`, `mod`,
//! `amd`, `force`, …), slot keys the set does not know (the validator matches icons
//! itself, so the key only ever was a hint), a weapon equipped in a ship's Weapon Hardpoint
//! without the builders' pseudo-upgrade that picks its slot (see [`XwsIndex::new`]). What
//! cannot is [`Unresolvable`], with its
//! reason: an unknown faction, pilot or upgrade, or JSON that is not a squad. Nothing in
//! the input can make reading panic.

use std::collections::{BTreeMap, HashMap};
use std::fmt;

use serde_json::Value;

use crate::fleet::{slot_pool, validate_fleet_with, Fleet, FleetShip, Options};
use crate::model::{CardKind, Grant, Set};
use crate::suggest::shown;
use crate::violation::Violation;

/// Old XWS slot keys and the key that replaced each.
pub const OLD_SLOT_KEYS: &[(&str, &str)] =
    &[("ept", "talent"), ("elite", "talent"), ("mod", "modification"), ("amd", "astromech"), ("force", "forcepower")];

/// Slot keys squad builders write for a slot the set names otherwise: `hardpoint` for the
/// Weapon Hardpoint (`cardc import xwing-data2` names the slot after the ship ability).
pub const BUILDER_SLOT_KEYS: &[(&str, &str)] = &[("hardpoint", "weaponhardpoint")];

/// The XWS ids of a set's factions, pilots, upgrades and slots.
#[derive(Clone, Debug)]
pub struct XwsIndex<'s> {
    set: &'s Set,
    factions: HashMap<String, u16>,
    pilots: HashMap<String, u32>,
    upgrades: HashMap<String, u32>,
    slots: HashMap<String, u16>,
    /// `(slot, icon)` → the choice card equipped in `slot` to grant one slot of `icon`.
    choices: HashMap<(u16, u16), u32>,
}

/// An id as XWS writes it: lowercase, without dashes (`rebel-alliance` → `rebelalliance`).
pub fn xws_form(id: &str) -> String {
    id.chars().filter(|c| *c != '-').flat_map(char::to_lowercase).collect()
}

impl<'s> XwsIndex<'s> {
    /// Indexes a set. A card's XWS id is its `xws:` field, else its id without dashes; the
    /// back side of a double-sided card has none (XWS names the front).
    ///
    /// A *choice card* is an upgrade that costs nothing, has no text, fits one slot and
    /// only grants one slot of another icon: the pseudo-upgrade squad builders equip in a
    /// slot that takes one of several icons (the T-70's Weapon Hardpoint: `hardpointcannon`
    /// grants a [Cannon] slot). A squad that equips the weapon and leaves the choice out is
    /// read as if it had equipped it, with a warning.
    pub fn new(set: &'s Set) -> XwsIndex<'s> {
        XwsIndex::preferring(set, |_| true)
    }

    /// Indexes `set` as of release `release` ([`Set::as_of`] it): an XWS id names the card
    /// in the set then, when one has it (a card that left and one that came later may share
    /// it), else a card that is not (which the verdict then says, `not-released` or
    /// `withdrawn`, rather than refusing the squad).
    pub fn as_of(set: &'s Set, release: u16) -> XwsIndex<'s> {
        XwsIndex::preferring(set, |card| card.in_set(release))
    }

    /// Indexes `set`, each XWS id naming the first card that is `preferred`, else the first.
    fn preferring(set: &'s Set, preferred: impl Fn(&crate::model::Card) -> bool) -> XwsIndex<'s> {
        let mut pilots = HashMap::new();
        let mut upgrades = HashMap::new();
        let mut choices = HashMap::new();
        let cards = || set.cards.iter().enumerate();
        for (i, card) in cards().filter(|(_, c)| preferred(c)).chain(cards().filter(|(_, c)| !preferred(c))) {
            if let Some(key) = choice_of(card) {
                choices.entry(key).or_insert(i as u32);
            }
            let map = match card.kind {
                CardKind::Ship => &mut pilots,
                CardKind::Upgrade if card.back_of.is_none() => &mut upgrades,
                _ => continue,
            };
            map.entry(xws_id(card)).or_insert(i as u32);
        }
        let vocab = |entries: &[crate::model::Entry]| -> HashMap<String, u16> {
            entries.iter().enumerate().map(|(i, e)| (xws_form(&e.id), i as u16)).collect()
        };
        XwsIndex {
            set,
            factions: vocab(&set.vocab.factions),
            pilots,
            upgrades,
            slots: vocab(&set.vocab.icons),
            choices,
        }
    }

    /// The set indexed.
    pub fn set(&self) -> &'s Set {
        self.set
    }

    /// Reads one squad (a parsed XWS object) as a fleet of the set.
    ///
    /// # Errors
    /// When the squad names something the set does not have, or is not a squad.
    pub fn resolve(&self, squad: &Value) -> Result<Squad, Unresolvable> {
        let mut warnings = Vec::new();
        let obj = squad.as_object().ok_or_else(|| Unresolvable::Malformed("a squad is a JSON object".into()))?;
        let faction = match obj.get("faction") {
            Some(Value::String(f)) => *self
                .factions
                .get(&xws_form(f))
                .ok_or_else(|| Unresolvable::UnknownFaction(f.clone(), nearest(f, &self.factions)))?,
            Some(other) => return Err(Unresolvable::Malformed(format!("`faction` is {}, not a string", kind(other)))),
            None => return Err(Unresolvable::Malformed("no `faction`".into())),
        };
        let pilots = match obj.get("pilots") {
            Some(Value::Array(p)) if !p.is_empty() => p,
            Some(Value::Array(_)) => return Err(Unresolvable::Malformed("`pilots` is empty".into())),
            Some(other) => return Err(Unresolvable::Malformed(format!("`pilots` is {}, not an array", kind(other)))),
            None => return Err(Unresolvable::Malformed("no `pilots`".into())),
        };
        let mut ships = Vec::with_capacity(pilots.len());
        for (n, pilot) in pilots.iter().enumerate() {
            let p = pilot
                .as_object()
                .ok_or_else(|| Unresolvable::Malformed(format!("pilot {} is not an object", n + 1)))?;
            let id = match p.get("id").or_else(|| p.get("name")) {
                Some(Value::String(id)) => id,
                _ => return Err(Unresolvable::Malformed(format!("pilot {} has no string `id`", n + 1))),
            };
            let ship = *self
                .pilots
                .get(id.as_str())
                .ok_or_else(|| Unresolvable::UnknownPilot(id.clone(), nearest(id, &self.pilots)))?;
            let mut upgrades = Vec::new();
            match p.get("upgrades") {
                None | Some(Value::Null) => {}
                Some(Value::Object(slots)) => {
                    for (key, cards) in slots {
                        self.check_slot_key(key, &mut warnings);
                        let cards = match cards {
                            Value::Array(c) => c.as_slice(),
                            Value::String(_) => std::slice::from_ref(cards),
                            other => {
                                return Err(Unresolvable::Malformed(format!(
                                    "upgrades under `{}` of `{id}` are {}, not an array",
                                    shown(key),
                                    kind(other)
                                )))
                            }
                        };
                        for card in cards {
                            upgrades.push(self.upgrade(card, id)?);
                        }
                    }
                }
                Some(Value::Array(cards)) => {
                    warnings.push(format!("the upgrades of `{id}` are an array, not an object keyed by slot"));
                    for card in cards {
                        upgrades.push(self.upgrade(card, id)?);
                    }
                }
                Some(other) => {
                    return Err(Unresolvable::Malformed(format!("the upgrades of `{id}` are {}", kind(other))))
                }
            }
            self.equip_left_out_choices(ship, id, &mut upgrades, &mut warnings);
            ships.push(FleetShip { ship, upgrades });
        }
        Ok(Squad { fleet: Fleet { faction: Some(faction), ships }, warnings })
    }

    fn upgrade(&self, card: &Value, pilot: &str) -> Result<u32, Unresolvable> {
        match card {
            Value::String(u) => self
                .upgrades
                .get(u.as_str())
                .copied()
                .ok_or_else(|| Unresolvable::UnknownUpgrade(u.clone(), nearest(u, &self.upgrades))),
            other => Err(Unresolvable::Malformed(format!("an upgrade of `{pilot}` is {}, not an id", kind(other)))),
        }
    }

    /// Equips the choice card an upgrade needs when the ship prints no slot of its icon
    /// but has a free choice slot that grants one (a weapon in the Weapon Hardpoint without
    /// `hardpointcannon`), with a warning. The fleet check then judges the squad as usual.
    fn equip_left_out_choices(&self, ship: u32, pilot: &str, upgrades: &mut Vec<u32>, warnings: &mut Vec<String>) {
        if self.choices.is_empty() {
            return;
        }
        let cards = &self.set.cards;
        let Some(bar) = cards.get(ship as usize).map(|c| &c.upgrades) else { return };
        // The ship's slots (as the fleet check counts them) less those the equipped cards
        // fill, one icon at a time.
        let granted = upgrades.iter().filter_map(|&u| cards.get(u as usize)).flat_map(|c| c.grants.iter());
        let mut free = slot_pool(self.set, bar, granted);
        let mut short = Vec::new();
        for &u in upgrades.iter() {
            for &icon in cards.get(u as usize).map_or(&[][..], |c| &c.icons[..]) {
                match free.iter().position(|&i| i == icon) {
                    Some(pos) => _ = free.swap_remove(pos),
                    None => short.push((u, icon)),
                }
            }
        }
        for (u, icon) in short {
            let chosen = free.iter().enumerate().find_map(|(k, &slot)| Some((k, *self.choices.get(&(slot, icon))?)));
            let Some((k, choice)) = chosen else { continue };
            free.swap_remove(k);
            upgrades.push(choice);
            let xws = |c: u32| cards.get(c as usize).map_or(String::new(), xws_id);
            warnings.push(format!(
                "`{}` on `{pilot}` needs a slot the ship prints none of: equipped through `{}`, which the squad leaves out",
                xws(u),
                xws(choice)
            ));
        }
    }

    fn check_slot_key(&self, key: &str, warnings: &mut Vec<String>) {
        if self.slots.contains_key(&xws_form(key)) {
            return;
        }
        if BUILDER_SLOT_KEYS.iter().any(|(k, slot)| *k == key && self.slots.contains_key(*slot)) {
            return;
        }
        match OLD_SLOT_KEYS.iter().find(|(old, _)| *old == key) {
            Some((old, new)) => warnings.push(format!("old slot key `{old}` (now `{new}`)")),
            None => {
                warnings.push(format!("unknown slot key `{}`; its upgrades are matched by their icons", shown(key)))
            }
        }
    }
}

/// A card's XWS id: its `xws:` field, else its id without dashes.
fn xws_id(card: &crate::model::Card) -> String {
    card.xws.as_deref().map_or_else(|| xws_form(&card.id), str::to_string)
}

/// `(slot, icon)` when `card` is a choice card (see [`XwsIndex::new`]).
fn choice_of(card: &crate::model::Card) -> Option<(u16, u16)> {
    let plain = card.kind == CardKind::Upgrade && card.cost == Some(0) && card.text.is_none() && card.back_of.is_none();
    match (plain, &card.icons[..], &card.grants[..]) {
        (true, [slot], [Grant::Slot(icon, 1)]) if slot != icon => Some((*slot, *icon)),
        _ => None,
    }
}

/// A squad read as a fleet, with what was irregular about it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Squad {
    /// The fleet.
    pub fleet: Fleet,
    /// What was read leniently.
    pub warnings: Vec<String>,
}

/// Why a squad cannot be read as a fleet of the set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Unresolvable {
    /// Not JSON, or not a squad.
    Malformed(String),
    /// A faction the set does not have, and the closest XWS id the set has, if one is
    /// close.
    UnknownFaction(String, Option<String>),
    /// A pilot the set does not have, and the closest XWS id the set has, if one is close.
    UnknownPilot(String, Option<String>),
    /// An upgrade the set does not have, and the closest XWS id the set has, if one is
    /// close.
    UnknownUpgrade(String, Option<String>),
}

impl Unresolvable {
    /// The reason, as a short id for tables: `malformed`, `unknown-faction`,
    /// `unknown-pilot`, `unknown-upgrade`.
    pub fn reason(&self) -> &'static str {
        match self {
            Unresolvable::Malformed(_) => "malformed",
            Unresolvable::UnknownFaction(..) => "unknown-faction",
            Unresolvable::UnknownPilot(..) => "unknown-pilot",
            Unresolvable::UnknownUpgrade(..) => "unknown-upgrade",
        }
    }
}

impl fmt::Display for Unresolvable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Unresolvable::Malformed(m) => write!(f, "not a squad: {m}"),
            Unresolvable::UnknownFaction(id, near) => write!(f, "unknown faction `{}`{}", shown(id), hint(near)),
            Unresolvable::UnknownPilot(id, near) => write!(f, "unknown pilot `{}`{}", shown(id), hint(near)),
            Unresolvable::UnknownUpgrade(id, near) => write!(f, "unknown upgrade `{}`{}", shown(id), hint(near)),
        }
    }
}

/// `; did you mean `x`?` after an unknown id, or nothing.
fn hint(near: &Option<String>) -> String {
    near.as_ref().map_or(String::new(), |n| format!("; did you mean `{n}`?"))
}

/// The XWS id among `ids` closest to `id` (see [`crate::suggest`]).
fn nearest<T>(id: &str, ids: &HashMap<String, T>) -> Option<String> {
    crate::suggest::closest(id, ids.keys().map(String::as_str)).map(str::to_string)
}

/// The verdict on one squad: the warnings of reading it are strings, and what cannot be
/// read is [`Unresolvable`].
pub type Verdict = crate::verdict::Verdict<String, Unresolvable>;

/// The squad in one line of a JSON-lines batch: the line itself, or its `list` when the
/// line wraps a squad with data about it (`{"tournament_id": …, "list": {…}}`).
pub fn squad_of(line: &Value) -> &Value {
    match line.get("list") {
        Some(list) if line.get("pilots").is_none() => list,
        _ => line,
    }
}

/// The release of `set` a squad names in its `version`, by the release's id or name: a
/// squad built under one points document says which. The XWS spec's own `version` is the
/// spec's (`"2.0.0"`), which names no release and is passed over.
pub fn squad_release(set: &Set, squad: &Value) -> Option<u16> {
    let version = squad.get("version")?.as_str()?;
    let at = set.releases.iter().position(|r| *r.id == *version || *r.name == *version)?;
    u16::try_from(at).ok()
}

/// Parses and validates one squad's JSON text.
pub fn verdict(index: &XwsIndex<'_>, json: &str, options: &Options) -> Verdict {
    match serde_json::from_str::<Value>(json) {
        Ok(value) => verdict_of(index, squad_of(&value), options),
        Err(e) => Verdict::Unresolvable(Unresolvable::Malformed(format!("not JSON: {e}"))),
    }
}

/// Validates one parsed squad.
pub fn verdict_of(index: &XwsIndex<'_>, squad: &Value, options: &Options) -> Verdict {
    match index.resolve(squad) {
        Ok(Squad { fleet, warnings }) => {
            let violations = validate_fleet_with(index.set(), &fleet, options);
            if violations.is_empty() {
                Verdict::Legal(warnings)
            } else {
                Verdict::Illegal(violations, warnings)
            }
        }
        Err(e) => Verdict::Unresolvable(e),
    }
}

/// The verdicts of a batch, counted: legal squads, illegal squads by violation id (a squad
/// breaking two rules counts under both), unresolvable squads by reason.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Squads read.
    pub squads: usize,
    /// Legal squads.
    pub legal: usize,
    /// Illegal squads.
    pub illegal: usize,
    /// Illegal squads per violation id.
    pub by_violation: BTreeMap<String, usize>,
    /// Unresolvable squads.
    pub unresolvable: usize,
    /// Unresolvable squads per reason.
    pub by_reason: BTreeMap<String, usize>,
    /// Squads read with at least one warning.
    pub warned: usize,
}

impl Tally {
    /// Counts one verdict.
    pub fn add(&mut self, verdict: &Verdict) {
        self.squads += 1;
        match verdict {
            Verdict::Legal(w) => {
                self.legal += 1;
                self.warned += usize::from(!w.is_empty());
            }
            Verdict::Illegal(violations, w) => {
                self.illegal += 1;
                self.warned += usize::from(!w.is_empty());
                let mut ids: Vec<&str> = violations.iter().map(|v| &*v.id).collect();
                ids.sort_unstable();
                ids.dedup();
                for id in ids {
                    *self.by_violation.entry(id.to_string()).or_default() += 1;
                }
            }
            Verdict::Unresolvable(u) => {
                self.unresolvable += 1;
                *self.by_reason.entry(u.reason().to_string()).or_default() += 1;
            }
        }
    }

    /// The table, one count per line: stable text for people and for test fixtures.
    pub fn table(&self) -> String {
        let mut out = format!("squads: {}\nlegal: {}\nillegal: {}\n", self.squads, self.legal, self.illegal);
        for (id, n) in &self.by_violation {
            out.push_str(&format!("  {id}: {n}\n"));
        }
        out.push_str(&format!("unresolvable: {}\n", self.unresolvable));
        for (reason, n) in &self.by_reason {
            out.push_str(&format!("  {reason}: {n}\n"));
        }
        out.push_str(&format!("read with warnings: {}\n", self.warned));
        out
    }
}

fn kind(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

/// One verdict as text: the verdict line, then a line per violation and per warning.
pub fn verdict_text(place: &str, v: &Verdict) -> String {
    let mut out = format!("{place}: {}\n", v.as_str());
    match v {
        Verdict::Legal(w) => w.iter().for_each(|w| out.push_str(&format!("  warning: {w}\n"))),
        Verdict::Illegal(violations, w) => {
            for x in violations {
                out.push_str(&format!("  {}: {}\n", x.id, x.message));
            }
            w.iter().for_each(|w| out.push_str(&format!("  warning: {w}\n")));
        }
        Verdict::Unresolvable(u) => out.push_str(&format!("  {}: {u}\n", u.reason())),
    }
    out
}

/// One verdict as a JSON object: `file`, `verdict`, `violations` (id, message, ship,
/// card), `reason` and `detail` when unresolvable, `warnings`.
pub fn verdict_json(place: &str, v: &Verdict) -> Value {
    let violation = |x: &Violation| serde_json::json!({ "id": &*x.id, "message": x.message, "ship": x.ship.as_deref(), "card": x.card.as_deref() });
    match v {
        Verdict::Legal(w) => serde_json::json!({ "file": place, "verdict": "legal", "warnings": w }),
        Verdict::Illegal(violations, w) => serde_json::json!({
            "file": place,
            "verdict": "illegal",
            "violations": violations.iter().map(violation).collect::<Vec<_>>(),
            "warnings": w,
        }),
        Verdict::Unresolvable(u) => {
            serde_json::json!({ "file": place, "verdict": "unresolvable", "reason": u.reason(), "detail": u.to_string() })
        }
    }
}
