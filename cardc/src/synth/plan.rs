//! The plan: every card's kind, name and what other cards need to know of it (the ship an
//! upgrade is built around, the chassis a ship flies), drawn before any card is written.

use super::names::*;
use super::vocab::*;
use super::{hostile, Dice, Options, KINDS, NAME, PROPS};
use crate::ast::CardKind as Kind;
use crate::format::writer::quote;
use crate::resolve::ids::derive_id;

/// The kinds of twenty consecutive cards: 1 chassis, 6 ships, 8 upgrades, 3 parts, 1
/// blueprint, 1 species.
pub(super) const PATTERN: [Kind; 20] = {
    use Kind::*;
    [
        Chassis, Ship, Upgrade, Part, Ship, Upgrade, Upgrade, Blueprint, Ship, Upgrade, Part, Upgrade, Ship, Upgrade,
        Species, Upgrade, Ship, Part, Upgrade, Ship,
    ]
};

/// The kind of each of `n` cards: [`PATTERN`] over and over; with a seed other than 0,
/// each run of twenty in an order of its own.
fn kinds(n: usize, seed: u64) -> Vec<Kind> {
    let mut kinds: Vec<Kind> = (0..n).map(|i| PATTERN[i % PATTERN.len()]).collect();
    if seed != 0 {
        for (block, run) in kinds.chunks_mut(PATTERN.len()).enumerate() {
            let mut d = Dice::new(seed, block, KINDS);
            // Fisher–Yates.
            for j in (1..run.len()).rev() {
                run.swap(j, d.below(j + 1));
            }
        }
    }
    kinds
}

/// Part tiles: name, stat values, drive, the tech it needs, ancient.
#[allow(clippy::type_complexity)]
pub(super) const PARTS: &[(&str, &[(&str, &str)], bool, Option<&str>, bool)] = &[
    ("Ion Cannon", &[("ion-cannon", "1"), ("energy", "-1")], false, None, false),
    ("Plasma Cannon", &[("plasma-cannon", "1"), ("energy", "-2")], false, Some("plasma-cannon"), false),
    ("Antimatter Cannon", &[("antimatter-cannon", "1"), ("energy", "-4")], false, Some("antimatter-cannon"), false),
    ("Plasma Missile", &[("plasma-missile", "2")], false, Some("plasma-missile"), false),
    ("Nuclear Source", &[("energy", "+3")], false, None, false),
    ("Fusion Source", &[("energy", "+6")], false, Some("fusion-source"), false),
    ("Tachyon Source", &[("energy", "+9")], false, Some("tachyon-source"), false),
    ("Nuclear Drive", &[("initiative", "1"), ("movement", "1"), ("energy", "-1")], true, None, false),
    ("Fusion Drive", &[("initiative", "2"), ("movement", "2"), ("energy", "-2")], true, Some("fusion-drive"), false),
    ("Tachyon Drive", &[("initiative", "3"), ("movement", "3"), ("energy", "-3")], true, Some("tachyon-drive"), false),
    ("Electron Computer", &[("computer", "1")], false, None, false),
    (
        "Positron Computer",
        &[("computer", "2"), ("initiative", "1"), ("energy", "-1")],
        false,
        Some("positron-computer"),
        false,
    ),
    (
        "Gluon Computer",
        &[("computer", "3"), ("initiative", "2"), ("energy", "-2")],
        false,
        Some("gluon-computer"),
        false,
    ),
    ("Hull", &[("hull", "1")], false, None, false),
    ("Improved Hull", &[("hull", "2")], false, Some("improved-hull"), false),
    ("Gauss Shield", &[("shield", "1")], false, Some("gauss-shield"), false),
    ("Phase Shield", &[("shield", "2"), ("energy", "-1")], false, Some("phase-shield"), false),
    ("Axion Computer", &[("computer", "2"), ("initiative", "3")], false, None, true),
    ("Jump Drive", &[("movement", "1"), ("energy", "-2")], true, None, true),
];

pub(super) struct Chassis {
    pub(super) index: usize,
    pub(super) factions: Vec<&'static str>,
    pub(super) size: &'static str,
    pub(super) ship_icon: Option<&'static str>,
    pub(super) traits: Vec<&'static str>,
    pub(super) actions: Vec<&'static str>,
}

/// A ship as an upgrade sees it: its own fields, else its chassis'.
pub(super) struct Ship {
    pub(super) index: usize,
    /// The chassis (an index into `Plan::chassis`) of a fighter; `None` for a capital ship.
    pub(super) chassis: Option<usize>,
    pub(super) factions: Vec<&'static str>,
    pub(super) size: &'static str,
    pub(super) ship_icon: Option<&'static str>,
    pub(super) traits: Vec<&'static str>,
    pub(super) actions: Vec<&'static str>,
    pub(super) upgrades: Vec<&'static str>,
}

pub(super) struct Plan {
    /// [`Options::seed`].
    pub(super) seed: u64,
    /// [`Options::hostile`].
    pub(super) hostile: bool,
    pub(super) kinds: Vec<Kind>,
    pub(super) names: Vec<String>,
    pub(super) ids: Vec<String>,
    /// Whether card `i`'s id is written (`as id`) rather than derived from its name.
    pub(super) written_ids: Vec<bool>,
    pub(super) chassis: Vec<Chassis>,
    pub(super) ships: Vec<Ship>,
    /// Index of each card among the cards of its kind.
    pub(super) ordinal: Vec<usize>,
    pub(super) parts: Vec<usize>,
    pub(super) blueprints: Vec<usize>,
}

impl Plan {
    pub(super) fn new(n: usize, options: &Options) -> Plan {
        let seed = options.seed;
        let kinds = kinds(n, seed);
        let of = |kind: Kind| -> Vec<usize> { (0..n).filter(|&i| kinds[i] == kind).collect() };
        let mut ordinal = vec![0; n];
        for kind in Kind::ALL {
            for (k, i) in of(kind).into_iter().enumerate() {
                ordinal[i] = k;
            }
        }
        let chassis: Vec<Chassis> = of(Kind::Chassis).into_iter().map(|i| plan_chassis(seed, i)).collect();
        let (mut fighters, mut capitals) = (0, 0);
        let ships = of(Kind::Ship)
            .into_iter()
            .enumerate()
            .map(|(k, i)| {
                let fighter = !chassis.is_empty() && k % 2 == 0;
                let nth = if fighter { &mut fighters } else { &mut capitals };
                *nth += 1;
                plan_ship(seed, i, *nth - 1, fighter, &chassis)
            })
            .collect();
        let mut plan = Plan {
            seed,
            hostile: options.hostile,
            written_ids: vec![false; n],
            parts: of(Kind::Part),
            blueprints: of(Kind::Blueprint),
            kinds,
            names: Vec::new(),
            ids: Vec::new(),
            chassis,
            ships,
            ordinal,
        };
        plan.names = (0..n).map(|i| plan.name(i)).collect();
        plan.ids = plan.names.iter().map(|n| derive_id(n)).collect();
        if plan.hostile {
            hostile::rename_cards(&mut plan);
        }
        plan
    }

    /// The name of card `i`. It ends with `i`, so that names (and ids) are unique.
    pub(super) fn name(&self, i: usize) -> String {
        let mut d = Dice::new(self.seed, i, NAME);
        match self.kinds[i] {
            Kind::Chassis => {
                let frame = FRAMES[Dice::new(self.seed, i, PROPS).below(FRAMES.len())].0;
                format!("{} {} {frame} {i}", d.pick(MAKERS), d.pick(MODELS))
            }
            Kind::Ship => match self.ships[self.ordinal[i]] {
                Ship { chassis: None, ship_icon, .. } => {
                    let class = CAPITAL_SHIP_ICONS.iter().find(|c| Some(c.0) == ship_icon).map_or("Frigate", |c| c.1);
                    let variant = d.pick(&["", "Assault ", "Escort ", "Support ", "Command ", "Refit "]);
                    format!("{variant}{class} {i}")
                }
                _ => match d.below(4) {
                    0 => format!("{} {i}", person(&mut d)),
                    1 => format!("{} “{}” {} {i}", d.pick(FIRST), d.pick(NICKS), d.pick(LAST)),
                    2 => format!("{} ({} {i})", person(&mut d), d.pick(CALLSIGNS)),
                    _ => format!("{} Squadron {} {i}", d.pick(CALLSIGNS), d.pick(ROLES)),
                },
            },
            Kind::Upgrade => {
                let icon = self.target(i).map_or(COMMANDER, |ship| upgrade_slot(self.seed, i, ship).first());
                if is_person(icon) {
                    return format!("{} {i}", person(&mut d));
                }
                if icon == TITLE {
                    return format!("{}’s {} {i}", d.pick(POSSESSORS), d.pick(TITLE_NOUNS));
                }
                let base = d.pick(upgrade_bases(icon));
                if d.chance(50) {
                    format!("{base} {i}")
                } else {
                    format!("{} {base} {i}", d.pick(ADJECTIVES))
                }
            }
            Kind::Part => format!("{} {} {i}", d.pick(SPECIES_WORDS), PARTS[part_type(self.seed, i)].0),
            Kind::Blueprint => format!("{} Pattern {i}", d.pick(SPECIES_WORDS)),
            Kind::Species => format!("{} {} {i}", d.pick(SPECIES_WORDS), d.pick(POLITIES)),
        }
    }
}

impl Plan {
    /// The ship upgrade `i` is designed for.
    pub(super) fn target(&self, i: usize) -> Option<&Ship> {
        if self.ships.is_empty() {
            return None;
        }
        Some(&self.ships[Dice::new(self.seed, i, PROPS).below(self.ships.len())])
    }

    /// A restriction that `ship` meets (as a flagship when it says so), in one of many
    /// shapes; `None` for an unrestricted card.
    pub(super) fn restriction(&self, d: &mut Dice, ship: &Ship) -> Option<String> {
        let other_size = |d: &mut Dice| *d.pick(&SIZES.iter().copied().filter(|s| *s != ship.size).collect::<Vec<_>>());
        let not_trait = |d: &mut Dice| {
            *d.pick(&TRAITS.iter().map(|t| t.0).filter(|t| !ship.traits.contains(t)).collect::<Vec<_>>())
        };
        Some(match d.below(16) {
            0..=4 => return None,
            5 => format!("size {}", ship.size),
            6 => format!("size {}, {}", ship.size, other_size(d)),
            7 => format!("not size {}", other_size(d)),
            8 if matches!(ship.size, "small" | "medium") => "size small, medium and flagship".to_string(),
            8 => format!("size {} and flagship", ship.size),
            9 => {
                format!("faction {} or (action {} and not size {})", ship.factions[0], d.pick(ACTIONS).0, d.pick(SIZES))
            }
            10 => match (ship.ship_icon, self.chassis.is_empty()) {
                (Some(icon), false) => {
                    format!("ship-icon {icon} or chassis {}", self.ids[d.pick(&self.chassis).index])
                }
                (Some(icon), true) => format!("ship-icon {icon}"),
                (None, _) => format!("not trait {}", not_trait(d)),
            },
            11 => match ship.traits.first() {
                Some(t) => format!("trait {t}"),
                None => format!("not trait {}", not_trait(d)),
            },
            12 => {
                let name = &self.names[ship.index];
                // A word many ships share ("Frigate", "Gozanti-class", "Kael"), not the
                // number that makes the name unique.
                let words: Vec<&str> = name
                    .split(' ')
                    .filter(|w| w.chars().count() >= 4 && w.chars().all(|c| c.is_alphabetic() || c == '-'))
                    .collect();
                let first = name.split(' ').find(|w| !w.is_empty()).unwrap_or(name);
                let word = if words.is_empty() { first } else { d.pick(&words) };
                format!("name {}", quote(word))
            }
            13 if ship.size != "huge" => format!("not (size huge or trait {})", not_trait(d)),
            14 => match ship.chassis {
                Some(c) => format!("chassis {}", self.ids[self.chassis[c].index]),
                None => format!("(size {} or flagship) and not trait {}", ship.size, not_trait(d)),
            },
            _ => match ship.actions.as_slice() {
                [a, b, ..] => format!("(action {a}, {b} or trait droid) and not size huge"),
                _ => format!("faction {}", ship.factions.join(", ")),
            },
        })
    }
}

pub(super) enum Slot {
    One(&'static str),
    Group(&'static str, &'static str),
}

impl Slot {
    pub(super) fn first(&self) -> &'static str {
        match self {
            Slot::One(a) | Slot::Group(a, _) => a,
        }
    }
}

/// The icon (or group) of upgrade `i`: always one `ship` has room for.
pub(super) fn upgrade_slot(seed: u64, i: usize, ship: &Ship) -> Slot {
    let mut d = Dice::new(seed, i, PROPS + 100);
    let plain: Vec<&'static str> = ship.upgrades.iter().copied().filter(|i| *i != TITLE).collect();
    match d.below(100) {
        0..=5 => Slot::One(COMMANDER),
        6..=13 if ship.ship_icon.is_some() && ship.upgrades.contains(&TITLE) => Slot::One(TITLE),
        14..=25 if plain.len() >= 2 => {
            let a = d.below(plain.len());
            let b = (a + 1 + d.below(plain.len() - 1)) % plain.len();
            Slot::Group(plain[a], plain[b])
        }
        _ => Slot::One(plain[d.below(plain.len())]),
    }
}

pub(super) fn part_type(seed: u64, i: usize) -> usize {
    Dice::new(seed, i, PROPS).below(PARTS.len())
}

pub(super) fn plan_chassis(seed: u64, i: usize) -> Chassis {
    let mut d = Dice::new(seed, i, PROPS);
    let size = FRAMES[d.below(FRAMES.len())].1;
    let mut factions = vec![d.pick(FACTIONS).0];
    if d.chance(10) {
        let other = d.pick(FACTIONS).0;
        if other != factions[0] {
            factions.push(other);
        }
    }
    let ship_icon = d.chance(70).then(|| d.pick(FIGHTER_SHIP_ICONS).0);
    let mut traits = Vec::new();
    if ship_icon == Some("tie") {
        traits.push("tie");
    }
    if d.chance(15) {
        traits.push(if size == "large" { "freighter" } else { "droid" });
    }
    let names: Vec<&str> = ACTIONS.iter().map(|a| a.0).collect();
    let count = d.range(3, 5) as usize;
    let actions = d.distinct(&names, count);
    Chassis { index: i, factions, size, ship_icon, traits, actions }
}

/// Plans ship `i`, the `nth` fighter or capital ship.
pub(super) fn plan_ship(seed: u64, i: usize, nth: usize, fighter: bool, chassis: &[Chassis]) -> Ship {
    let mut d = Dice::new(seed, i, PROPS);
    // Upgrade bars are windows sliding over the icons, so that a handful of ships print
    // every icon (the set must not warn about an unused icon).
    let window = |icons: &[(&'static str, &str)], stride: usize, width: usize| -> Vec<&'static str> {
        (0..width).map(|j| icons[(nth * stride + j) % icons.len()].0).collect()
    };
    if fighter {
        let c = d.below(chassis.len());
        let ch = &chassis[c];
        let mut upgrades = window(FIGHTER_ICONS, 3, d.range(3, 5) as usize);
        if ch.ship_icon.is_some() && d.chance(40) {
            upgrades.push(TITLE);
        }
        Ship {
            index: i,
            chassis: Some(c),
            factions: ch.factions.clone(),
            size: ch.size,
            ship_icon: ch.ship_icon,
            traits: ch.traits.clone(),
            actions: ch.actions.clone(),
            upgrades,
        }
    } else {
        let size = *d.pick(SIZES);
        let mut upgrades = window(CAPITAL_ICONS, 3, d.range(4, 6) as usize);
        if d.chance(30) {
            upgrades.insert(0, CAPITAL_ICONS[0].0);
        }
        upgrades.push(TITLE);
        let traits = if size == "small" && d.chance(30) { vec!["flotilla"] } else { Vec::new() };
        Ship {
            index: i,
            chassis: None,
            factions: vec![d.pick(FACTIONS).0],
            size,
            ship_icon: Some(d.pick(CAPITAL_SHIP_ICONS).0),
            traits,
            actions: Vec::new(),
            upgrades,
        }
    }
}
