//! A synthetic card set of any size, for benchmarks, fuzzing seeds and tests.
//!
//! [`generate`] writes a `game.cards` that declares a full vocabulary (factions, sizes,
//! stats, icons with an `implicit` one, ship icons, traits, classes, techs, actions,
//! tokens, phases, results, headers), the `flagship:` line and rules of every form, then
//! `n` cards of all six kinds in files of [`CARDS_PER_FILE`] cards. The cards look like
//! the example sets: X-Wing pilots on chassis, Armada ships and upgrades with icon groups
//! and restrictions, Eclipse parts, blueprints and species.
//!
//! The set is deterministic (the same `n` always gives byte-identical files: variety
//! comes from [`mix`], an integer hash of each card's index, never from a random number
//! generator) and free of errors: every name resolves, every id is unique (each name ends
//! with the card's index). From 30 cards on it is clean, warnings included: every upgrade
//! is built around a ship that can equip it, and enough ships print every icon.
//!
//! ```
//! let (sources, set) = cardc::synth::load(200);
//! let checked = cardc::check_set(&sources, &set);
//! assert!(checked.diagnostics.is_empty());
//! assert_eq!(checked.cards, 200);
//! ```

use std::path::PathBuf;

use crate::ast::CardKind;
use crate::format::writer::{self, entry, named_entries, quote, Card};
use crate::import::armada_data::SIZES;
use crate::import::xwing_data2::game::{PHASES, RESULTS};
use crate::resolve::ids::derive_id;
use crate::source::{SetSource, SourceFile, SourceMap};

/// How many cards each generated card file holds (the last one may hold fewer).
pub const CARDS_PER_FILE: usize = 1000;

/// The folder the files of [`load`] are placed in.
pub const DIR: &str = "synth";

/// Generates a set of `n` cards: `(file name, file text)` pairs, `game.cards` first,
/// then `cards-000.cards`, `cards-001.cards`… in order.
pub fn generate(n: usize) -> Vec<(String, String)> {
    let plan = Plan::new(n);
    let mut files = vec![("game.cards".to_string(), game_file(n))];
    let count = n.div_ceil(CARDS_PER_FILE);
    let width = count.saturating_sub(1).to_string().len().max(3);
    for f in 0..count {
        let (start, end) = (f * CARDS_PER_FILE, ((f + 1) * CARDS_PER_FILE).min(n));
        let mut text = format!("# Synthetic cards {start} to {} of {n}, written by cardc::synth.\n", end - 1);
        for i in start..end {
            text.push('\n');
            plan.card(i, &mut text);
        }
        files.push((format!("cards-{f:0width$}.cards"), text));
    }
    files
}

/// [`generate`]s `n` cards into a new [`SourceMap`], as the set in the folder [`DIR`]
/// (`synth/game.cards`, `synth/cards-000.cards`…).
pub fn load(n: usize) -> (SourceMap, SetSource) {
    let mut sources = SourceMap::new();
    let files = generate(n)
        .into_iter()
        .map(|(name, text)| sources.add(SourceFile::new(PathBuf::from(DIR).join(name), text)))
        .collect();
    (sources, SetSource { dir: PathBuf::from(DIR), files, diagnostics: Vec::new() })
}

/// A 64-bit integer hash (the SplitMix64 finaliser): every bit of the input affects every
/// bit of the output, so consecutive indices give unrelated values.
pub fn mix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// A stream of choices for one card: seeded by its index and a purpose, so that how one
/// card is drawn never shifts another.
struct Dice(u64);

impl Dice {
    fn new(index: usize, purpose: u64) -> Dice {
        Dice(mix(index as u64 ^ mix(purpose)))
    }

    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        mix(self.0)
    }

    /// A number in `0..n` (`n` > 0).
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    /// A number in `lo..=hi`.
    fn range(&mut self, lo: i64, hi: i64) -> i64 {
        lo + (self.next() % (hi - lo + 1) as u64) as i64
    }

    fn chance(&mut self, percent: u64) -> bool {
        self.next() % 100 < percent
    }

    fn pick<'x, T>(&mut self, items: &'x [T]) -> &'x T {
        &items[self.below(items.len())]
    }

    /// `k` of `items` (which holds no duplicate), all different, in the order drawn.
    fn distinct<T: Copy + PartialEq>(&mut self, items: &[T], k: usize) -> Vec<T> {
        let mut out = Vec::with_capacity(k);
        while out.len() < k.min(items.len()) {
            let x = *self.pick(items);
            if !out.contains(&x) {
                out.push(x);
            }
        }
        out
    }
}

// Purposes, one per kind of draw.
const NAME: u64 = 1;
const PROPS: u64 = 2;
const BODY: u64 = 3;

// --- Vocabulary ------------------------------------------------------------------------

const FACTIONS: &[(&str, &str)] = &[
    ("empire", "Galactic Empire"),
    ("rebel", "Rebel Alliance"),
    ("scum", "Scum and Villainy"),
    ("republic", "Galactic Republic"),
    ("separatist", "Separatist Alliance"),
    ("first-order", "First Order"),
    ("resistance", "Resistance"),
];
const STATS: &[(&str, &str)] = &[
    ("attack", "Attack"),
    ("agility", "Agility"),
    ("hull", "Hull"),
    ("shields", "Shields"),
    ("initiative", "Initiative"),
    ("command", "Command"),
    ("squadron", "Squadron"),
    ("engineering", "Engineering"),
    ("movement", "Movement"),
    ("computer", "Computer"),
    ("shield", "Shield"),
    ("energy", "Energy"),
    ("ion-cannon", "Ion Cannon dice"),
    ("plasma-cannon", "Plasma Cannon dice"),
    ("antimatter-cannon", "Antimatter Cannon dice"),
    ("plasma-missile", "Plasma Missile dice"),
];
/// The implicit icon, which is also the flagship's.
const COMMANDER: &str = "commander";
/// Icons on capital ships' upgrade bars (Armada), without the title.
const CAPITAL_ICONS: &[(&str, &str)] = &[
    ("officer", "Officer"),
    ("weapons-team", "Weapons Team"),
    ("support-team", "Support Team"),
    ("offensive-retrofit", "Offensive Retrofit"),
    ("defensive-retrofit", "Defensive Retrofit"),
    ("experimental-retrofit", "Experimental Retrofit"),
    ("turbolasers", "Turbolasers"),
    ("ion-cannons", "Ion Cannons"),
    ("ordnance", "Ordnance"),
    ("fleet-command", "Fleet Command"),
    ("fleet-support", "Fleet Support"),
    ("superweapon", "Superweapon"),
];
/// Icons on fighters' upgrade bars (X-Wing), without the title.
const FIGHTER_ICONS: &[(&str, &str)] = &[
    ("astromech", "Astromech"),
    ("cannon", "Cannon"),
    ("crew", "Crew"),
    ("device", "Device"),
    ("force-power", "Force Power"),
    ("gunner", "Gunner"),
    ("illicit", "Illicit"),
    ("missile", "Missile"),
    ("modification", "Modification"),
    ("sensor", "Sensor"),
    ("talent", "Talent"),
    ("tech", "Tech"),
    ("torpedo", "Torpedo"),
    ("turret", "Turret"),
    ("configuration", "Configuration"),
];
const TITLE: &str = "title";
const CAPITAL_SHIP_ICONS: &[(&str, &str)] = &[
    ("victory", "Victory-class Star Destroyer"),
    ("imperial", "Imperial-class Star Destroyer"),
    ("gladiator", "Gladiator-class Star Destroyer"),
    ("gozanti", "Gozanti-class"),
    ("nebulon-b", "Nebulon-B Frigate"),
    ("gr-75", "GR-75 Transports"),
    ("cr90", "CR90 Corvette"),
    ("starhawk", "Starhawk-class Battleship"),
    ("mc30c", "MC30c Frigate"),
    ("venator", "Venator-class Star Destroyer"),
    ("munificent", "Munificent-class Frigate"),
];
const FIGHTER_SHIP_ICONS: &[(&str, &str)] = &[
    ("tie", "TIE"),
    ("x-wing", "X-wing"),
    ("y-wing", "Y-wing"),
    ("yt-1300", "YT-1300"),
    ("firespray", "Firespray"),
    ("a-wing", "A-wing"),
];
const TRAITS: &[(&str, &str)] = &[
    ("flotilla", "Flotilla"),
    ("modification", "Modification"),
    ("tie", "TIE"),
    ("droid", "Droid"),
    ("freighter", "Freighter"),
    ("spectre", "Spectre"),
];
const CLASSES: &[(&str, &str)] =
    &[("interceptor", "Interceptor"), ("cruiser", "Cruiser"), ("dreadnought", "Dreadnought"), ("starbase", "Starbase")];
const TECHS: &[(&str, &str)] = &[
    ("plasma-cannon", "Plasma Cannon"),
    ("antimatter-cannon", "Antimatter Cannon"),
    ("plasma-missile", "Plasma Missile"),
    ("fusion-source", "Fusion Source"),
    ("tachyon-source", "Tachyon Source"),
    ("fusion-drive", "Fusion Drive"),
    ("tachyon-drive", "Tachyon Drive"),
    ("positron-computer", "Positron Computer"),
    ("gluon-computer", "Gluon Computer"),
    ("gauss-shield", "Gauss Shield"),
    ("phase-shield", "Phase Shield"),
    ("improved-hull", "Improved Hull"),
];
const ACTIONS: &[(&str, &str)] = &[
    ("focus", "Focus"),
    ("evade", "Evade"),
    ("lock", "Lock"),
    ("barrel-roll", "Barrel Roll"),
    ("boost", "Boost"),
    ("calculate", "Calculate"),
    ("reinforce", "Reinforce"),
    ("coordinate", "Coordinate"),
    ("rotate-arc", "Rotate Arc"),
    ("cloak", "Cloak"),
    ("jam", "Jam"),
];
const TOKENS: &[(&str, &str)] = &[
    ("focus", "focus"),
    ("evade", "evade"),
    ("calculate", "calculate"),
    ("stress", "stress"),
    ("strain", "strain"),
    ("ion", "ion"),
    ("disarm", "disarm"),
    ("cloak", "cloak"),
];
const RESOURCES: &[(&str, &str)] = &[("force", "Force"), ("charge", "Charge"), ("shield", "shield")];
const DICE: &[(&str, &str)] =
    &[("attack", "attack"), ("defense", "defense"), ("red", "red"), ("blue", "blue"), ("black", "black")];
/// Results beyond X-Wing's: Armada's.
const ARMADA_RESULTS: &[(&str, &str)] = &[("accuracy", "Accuracy")];
const ARCS: &[(&str, &str)] = &[
    ("front", "Front Arc"),
    ("rear", "Rear Arc"),
    ("bullseye", "Bullseye Arc"),
    ("single-turret", "Single Turret Arc"),
];
/// Phases beyond X-Wing's: Armada's.
const ARMADA_PHASES: &[(&str, &str)] =
    &[("command", "Command Phase"), ("ship", "Ship Phase"), ("squadron", "Squadron Phase"), ("status", "Status Phase")];

/// One vocabulary line per at most four entries: `<keyword> id "Name", …`.
fn vocab_lines<'a>(out: &mut String, keyword: &str, entries: impl IntoIterator<Item = &'a (&'a str, &'a str)>) {
    let entries = named_entries(entries.into_iter().copied());
    for group in entries.chunks(4) {
        writer::vocab_line(out, keyword, group);
    }
}

fn game_file(n: usize) -> String {
    let mut g = String::new();
    writer::comment(
        &mut g,
        &format!("A synthetic game of {n} cards, written by cardc::synth: the vocabulary of Armada,"),
    );
    writer::comment(&mut g, "X-Wing and Eclipse in one set, and fleet rules of every form.");
    writer::game(&mut g, "synth", "Synthetic Fleet Battles");
    g.push('\n');
    vocab_lines(&mut g, "faction", FACTIONS);
    writer::vocab_line(&mut g, "size", &SIZES.iter().map(|s| s.to_string()).collect::<Vec<_>>());
    let stats: Vec<String> = STATS.iter().map(|(id, _)| id.to_string()).collect();
    for group in stats.chunks(6) {
        writer::vocab_line(&mut g, "stat", group);
    }
    g.push('\n');
    writer::vocab_line(&mut g, "icon", &[entry(COMMANDER, Some("Commander"), Some("implicit"))]);
    vocab_lines(&mut g, "icon", CAPITAL_ICONS);
    vocab_lines(&mut g, "icon", FIGHTER_ICONS);
    writer::vocab_line(&mut g, "icon", &[entry(TITLE, Some("Title"), None)]);
    vocab_lines(&mut g, "ship-icon", CAPITAL_SHIP_ICONS);
    vocab_lines(&mut g, "ship-icon", FIGHTER_SHIP_ICONS);
    vocab_lines(&mut g, "trait", TRAITS);
    vocab_lines(&mut g, "class", CLASSES);
    vocab_lines(&mut g, "tech", TECHS);
    g.push('\n');
    vocab_lines(&mut g, "action", ACTIONS);
    vocab_lines(&mut g, "token", TOKENS);
    vocab_lines(&mut g, "resource", RESOURCES);
    vocab_lines(&mut g, "die", DICE);
    vocab_lines(&mut g, "result", RESULTS.iter().chain(ARMADA_RESULTS));
    vocab_lines(&mut g, "arc", ARCS);
    vocab_lines(&mut g, "phase", PHASES.iter().chain(ARMADA_PHASES));
    for (id, name, flag) in
        [("action", "Action", Some("optional")), ("attack", "Attack", Some("optional")), ("setup", "Setup", None)]
    {
        writer::vocab_line(&mut g, "header", &[entry(id, Some(name), flag)]);
    }
    g.push('\n');
    writer::flagship(&mut g, COMMANDER);
    g.push('\n');
    // Realistic text includes clauses the grammar keeps opaque (counted, not reported)
    // and many cards replacing the same event.
    writer::allow(&mut g, &["opaque-clause", "competing-replacements"]);
    g.push('\n');
    g.push_str(RULES);
    g
}

const RULES: &str = r#"rule one-modification "A ship cannot have more than one upgrade card with the Modification trait":
  at most 1 upgrade with trait modification per ship
rule one-title "A ship cannot equip more than one title":
  at most 1 upgrade with icon title per ship
rule one-commander "A fleet has exactly one commander":
  exactly 1 upgrade with icon commander per fleet
rule commander-not-on-flotilla "A commander can be equipped only to a non-flotilla ship":
  no upgrade with icon commander per ship where trait flotilla
rule one-superweapon "A huge ship, or a flotilla that is not Rebel, carries at most one superweapon":
  at most 1 upgrade with icon superweapon per ship where size huge or (trait flotilla and not faction rebel)
rule droid-crews "A fleet fields at most eight Droid cards":
  at most 8 card with trait droid per fleet
rule unique-names "A fleet cannot contain more copies of a limited name than its limit":
  unique names per fleet
rule fleet-points "A standard fleet costs at most 400 points":
  total cost at most 400 per fleet
rule small-ship-points "A small ship and its upgrades cost at most 120 points":
  total cost at most 120 per ship where size small and not trait flotilla
rule energy-balance "Ship Parts must not make a Blueprint's Energy Consumption exceed its Energy Production":
  sum energy at least 0 per blueprint
rule no-drive-on-starbase "Drive Ship Parts cannot be placed on Starbase Blueprints":
  no part with drive per blueprint where class starbase
rule drive-required "Interceptor, Cruiser and Dreadnought Blueprints need at least one Drive":
  at least 1 part with drive per blueprint where class interceptor, cruiser, dreadnought
rule one-jump-drive "A Blueprint holds at most one Jump Drive":
  at most 1 part with name "Jump Drive" per blueprint
"#;

// --- Names -----------------------------------------------------------------------------

const FIRST: &[&str] = &[
    "Kael", "Mira", "Jors", "Tessa", "Dax", "Vel'ka", "Séra", "Orrin", "Ilya", "Brask", "Nym", "Hera", "Zeb", "Kaydel",
    "Ørn", "Talia", "Rook", "Jaë", "Coren", "Liss",
];
const LAST: &[&str] = &[
    "Varro", "Tane", "Okonkwo", "Dreil", "Sunrider", "Kestrel", "Vantis", "Morrow", "Quell", "Harrow", "Calder",
    "Ibanez", "Nakamura", "Oduya", "Renn", "Sorrel",
];
const NICKS: &[&str] = &["Howl", "Backdraft", "Whisper", "Deathfire", "Scourge", "Vizier", "Echo", "Pure Sabacc"];
const CALLSIGNS: &[&str] =
    &["Rogue", "Gold", "Red", "Blue", "Black", "Obsidian", "Onyx", "Saber", "Phoenix", "Shadow", "Tempest", "Vortex"];
const ROLES: &[&str] = &["Ace", "Veteran", "Escort", "Pilot", "Cadet", "Sentinel", "Marauder", "Expert"];
const MAKERS: &[&str] =
    &["Sienar", "Incom", "Koensayr", "Corellian", "Kuat", "Slayn & Korpil", "Cygnus", "MandalMotors"];
const MODELS: &[&str] = &["T-65", "TIE/sa", "YT-2400", "BTL-A4", "RZ-2", "Z-95", "G-1A", "M3-A", "Lambda", "Alpha-3"];
/// Frames and the size class they come in.
const FRAMES: &[(&str, &str)] = &[
    ("Starfighter", "small"),
    ("Interceptor", "small"),
    ("Heavy Bomber", "small"),
    ("Patrol Craft", "medium"),
    ("Gunship", "medium"),
    ("Light Freighter", "large"),
    ("Shuttle", "large"),
];
const ADJECTIVES: &[&str] = &[
    "Heavy",
    "Advanced",
    "Proton",
    "Enhanced",
    "Reinforced",
    "Overloaded",
    "Experimental",
    "Modified",
    "Linked",
    "Tactical",
    "Veteran",
    "Hardened",
];
const POSSESSORS: &[&str] = &["Vader", "Thrawn", "Tarkin", "Mon Mothma", "Dodonna", "Grievous", "Sloane", "Ackbar"];
const TITLE_NOUNS: &[&str] = &["Wrath", "Resolve", "Vigil", "Fury", "Hope", "Gambit", "Reckoning", "Shadow"];
const SPECIES_WORDS: &[&str] = &["Terran", "Hydran", "Planta", "Descendant", "Orion", "Mechanema", "Eridani", "Draco"];
const POLITIES: &[&str] =
    &["Directorate", "Federation", "Republic", "Union", "Hegemony", "Empire", "Consortium", "Collective"];

/// What an upgrade of `icon` is called (before its adjective or owner).
fn upgrade_bases(icon: &str) -> &'static [&'static str] {
    match icon {
        "weapons-team" => &["Gunnery Team", "Flight Controllers", "Boarding Troopers", "Sensor Team"],
        "support-team" => &["Engine Techs", "Projection Experts", "Damage Control Crew"],
        "offensive-retrofit" => &["Boarding Engineers", "Expanded Hangar Bay", "Point-Defense Reroute"],
        "defensive-retrofit" => &["Electronic Countermeasures", "Reinforced Blast Doors", "Redundant Shields"],
        "experimental-retrofit" => &["Grav Shift Reroute", "Gravity Well Projectors", "Ion Antenna"],
        "turbolasers" => &["Turbolaser Reroute Circuits", "Heavy Turbolaser Turrets", "XI7 Turbolasers"],
        "ion-cannons" => &["Ion Cannon Batteries", "Leading Shots", "MS-1 Ion Cannons"],
        "ordnance" => &["Assault Proton Torpedoes", "Expanded Launchers", "External Racks"],
        "fleet-command" => &["Intensify Firepower!", "Shields to Maximum!", "Fighter Coordination Team"],
        "fleet-support" => &["Comms Net", "Bomber Command Center", "Repair Crews"],
        "superweapon" => &["Superlaser Array", "Hyperlane Disruptor"],
        "astromech" => &["R2 Astromech", "R5 Astromech", "Q7 Astromech"],
        "cannon" => &["Ion Cannon", "Heavy Laser Cannon", "Tractor Beam"],
        "device" => &["Proximity Mines", "Seismic Charges", "Cluster Mines"],
        "force-power" => &["Sense", "Brilliant Evasion", "Hate", "Supernatural Reflexes"],
        "illicit" => &["Contraband Cybernetics", "Deadman's Switch", "Inertial Dampeners"],
        "missile" => &["Concussion Missiles", "Cluster Missiles", "Homing Missiles"],
        "modification" => &["Hull Upgrade", "Shield Upgrade", "Stealth Device", "Afterburners"],
        "sensor" => &["Fire-Control System", "Advanced Sensors", "Collision Detector"],
        "talent" => &["Elusive", "Outmaneuver", "Predator", "Trick Shot", "Daredevil"],
        "tech" => &["Primed Thrusters", "Targeting Synchronizer", "Ferrosphere Paint"],
        "torpedo" => &["Proton Torpedoes", "Ion Torpedoes", "Adv. Proton Torpedoes"],
        "turret" => &["Dorsal Turret", "Ion Cannon Turret"],
        "configuration" => &["Os-1 Arsenal Loadout", "Pivot Wing", "Xg-1 Assault Configuration"],
        _ => &["Prototype"],
    }
}

/// Whether cards of `icon` are people (named like pilots).
fn is_person(icon: &str) -> bool {
    matches!(icon, "commander" | "officer" | "crew" | "gunner")
}

fn person(d: &mut Dice) -> String {
    format!("{} {}", d.pick(FIRST), d.pick(LAST))
}

// --- Text ------------------------------------------------------------------------------

const FIGHTER_TEXT: &[&str] = &[
    "After you perform a [Barrel Roll] action, you may perform a red [Boost] action.",
    "While you perform a primary attack, if the defender is in your [Bullseye Arc], you may change 1 [Hit] result to a [Critical Hit] result.",
    "At the start of the Engagement Phase, you may spend 1 [Force] to gain 1 focus token.",
    "After you become the defender, you may recover 1 [Force].",
    "While you defend, you may spend 1 [Charge] to change 1 blank result to an [Evade] result.",
    "Before you would be dealt a faceup damage card, you may spend 1 [Charge] to be dealt the card facedown instead.",
    "If a friendly ship at range 0-{r} would gain a stress token, it may gain 1 strain token instead.",
    "At the end of the Engagement Phase, each enemy ship at range 0-1 gains 1 ion token.",
    "Action: Spend 1 [Charge] to recover 1 shield.",
    "Setup: Lose 1 [Charge].",
    "Attack ([Lock]): Spend 1 [Charge]. Change {n} [Hit]/[Critical Hit] results to [Critical Hit] results.",
    "Once per round, after a friendly ship at range 0-{r} is destroyed, you may acquire a lock on the ship that destroyed it.",
    "During the System Phase, you may perform a [Calculate] action.",
    "While you perform an attack, you may reroll up to {n} attack dice.",
    "After you fully execute a red maneuver, gain 1 focus token.",
    "Attack: If this attack hits, the defender cannot spend evade tokens until the end of the Engagement Phase.",
    "At the start of the End Phase, you may remove 1 stress token from a friendly ship at range 0-{r}.",
    "While an enemy ship at range 1-{r} defends, it cannot spend focus tokens.",
    "After you perform a [Focus] action, you may transfer 1 of your focus tokens to a friendly ship at range 1-{r}.",
    "While you boost or barrel roll, you can move through and overlap obstacles.",
];

const CAPITAL_TEXT: &[&str] = &[
    "At the start of the Ship Phase, you may discard 1 command dial from this card.",
    "While attacking, you may exhaust this card to reroll your attack pool.",
    "You can attack from the same hull zone more than once per activation.",
    "At the start of the Status Phase, you may discard this card to discard up to {n} of your facedown damage cards.",
    "When you reveal a command dial, you may spend 1 [Charge] to gain 1 additional command token of that type.",
    "While defending at close range, the first [Critical Hit] result cannot be spent this round.",
    "While attacking a ship at medium range, you may add 1 [Accuracy] result to your attack pool.",
    "Once per round, while a friendly ship at distance 1-{r} is attacking, it may reroll 1 red die.",
    "When you activate, you may exhaust this card to resolve a Navigate command without spending a command dial.",
    "At the end of the Command Phase, each friendly ship at distance 1-{r} may gain 1 focus token.",
];

const ABILITIES: &[(&str, &str)] = &[
    (
        "Advanced Targeting Computer",
        "While you perform a primary attack against a defender you have locked, roll 1 additional attack die and change 1 [Hit] result to a [Critical Hit] result.",
    ),
    ("Autothrusters", "After you perform an action, you may perform a red [Boost] action."),
    ("Full Throttle", "After you fully execute a speed 3-5 maneuver, you may perform an [Evade] action."),
    (
        "Refined Gyrostabilizers",
        "You can rotate your [Single Turret Arc] indicator only to your [Front Arc] or [Rear Arc].",
    ),
    (
        "Concordia Faceoff",
        "While you defend, if the attack range is 1 and you are in the attacker's [Front Arc], change 1 result to an [Evade] result.",
    ),
    (
        "Networked Calculations",
        "While you defend or perform an attack, you may spend 1 calculate token from a friendly ship at range 0-1 to change 1 [Focus] result to an [Evade] or [Hit] result.",
    ),
    (
        "Stygium Array",
        "After you decloak, you may perform an [Evade] action. At the start of the End Phase, you may spend 1 evade token to gain 1 cloak token.",
    ),
    (
        "Locked and Loaded",
        "While you are docked, after your carrier ship performs a primary attack, it may perform a bonus primary attack.",
    ),
];

/// 1 to 3 sentences from `pool`, each on its own line, numbers filled in, as the card's
/// text.
fn text_block(d: &mut Dice, pool: &[&str], card: &mut Card) {
    let count = 1 + d.below(3);
    let picked: Vec<usize> = (0..pool.len()).collect();
    let mut lines = Vec::with_capacity(count);
    for i in d.distinct(&picked, count) {
        lines.push(pool[i].replace("{n}", &d.range(1, 3).to_string()).replace("{r}", &d.range(1, 3).to_string()));
    }
    card.text(&lines.join("\n"));
}

// --- The plan: every card's kind, name and what others need to know of it -------------

use crate::ast::CardKind as Kind;

/// The kinds of twenty consecutive cards: 1 chassis, 6 ships, 8 upgrades, 3 parts, 1
/// blueprint, 1 species.
const PATTERN: [Kind; 20] = {
    use Kind::*;
    [
        Chassis, Ship, Upgrade, Part, Ship, Upgrade, Upgrade, Blueprint, Ship, Upgrade, Part, Upgrade, Ship, Upgrade,
        Species, Upgrade, Ship, Part, Upgrade, Ship,
    ]
};

/// Part tiles: name, stat values, drive, the tech it needs, ancient.
#[allow(clippy::type_complexity)]
const PARTS: &[(&str, &[(&str, &str)], bool, Option<&str>, bool)] = &[
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

struct Chassis {
    index: usize,
    factions: Vec<&'static str>,
    size: &'static str,
    ship_icon: Option<&'static str>,
    traits: Vec<&'static str>,
    actions: Vec<&'static str>,
}

/// A ship as an upgrade sees it: its own fields, else its chassis'.
struct Ship {
    index: usize,
    /// The chassis (an index into `Plan::chassis`) of a fighter; `None` for a capital ship.
    chassis: Option<usize>,
    factions: Vec<&'static str>,
    size: &'static str,
    ship_icon: Option<&'static str>,
    traits: Vec<&'static str>,
    actions: Vec<&'static str>,
    upgrades: Vec<&'static str>,
}

struct Plan {
    kinds: Vec<Kind>,
    names: Vec<String>,
    ids: Vec<String>,
    chassis: Vec<Chassis>,
    ships: Vec<Ship>,
    /// Index of each card among the cards of its kind.
    ordinal: Vec<usize>,
    parts: Vec<usize>,
    blueprints: Vec<usize>,
}

impl Plan {
    fn new(n: usize) -> Plan {
        let kinds: Vec<Kind> = (0..n).map(|i| PATTERN[i % PATTERN.len()]).collect();
        let of = |kind: Kind| -> Vec<usize> { (0..n).filter(|&i| kinds[i] == kind).collect() };
        let mut ordinal = vec![0; n];
        for kind in Kind::ALL {
            for (k, i) in of(kind).into_iter().enumerate() {
                ordinal[i] = k;
            }
        }
        let chassis: Vec<Chassis> = of(Kind::Chassis).into_iter().map(plan_chassis).collect();
        let (mut fighters, mut capitals) = (0, 0);
        let ships = of(Kind::Ship)
            .into_iter()
            .enumerate()
            .map(|(k, i)| {
                let fighter = !chassis.is_empty() && k % 2 == 0;
                let nth = if fighter { &mut fighters } else { &mut capitals };
                *nth += 1;
                plan_ship(i, *nth - 1, fighter, &chassis)
            })
            .collect();
        let mut plan = Plan {
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
        plan
    }

    /// The name of card `i`. It ends with `i`, so that names (and ids) are unique.
    fn name(&self, i: usize) -> String {
        let mut d = Dice::new(i, NAME);
        match self.kinds[i] {
            Kind::Chassis => {
                let frame = FRAMES[Dice::new(i, PROPS).below(FRAMES.len())].0;
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
                let icon = self.target(i).map_or(COMMANDER, |ship| upgrade_slot(i, ship).first());
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
            Kind::Part => format!("{} {} {i}", d.pick(SPECIES_WORDS), PARTS[part_type(i)].0),
            Kind::Blueprint => format!("{} Pattern {i}", d.pick(SPECIES_WORDS)),
            Kind::Species => format!("{} {} {i}", d.pick(SPECIES_WORDS), d.pick(POLITIES)),
        }
    }

    fn card(&self, i: usize, out: &mut String) {
        let name = &self.names[i];
        let mut d = Dice::new(i, BODY);
        match self.kinds[i] {
            Kind::Chassis => self.chassis_card(i, &mut d).write(out),
            Kind::Ship => self.ship_card(i, &mut d).write(out),
            Kind::Upgrade => self.upgrade_card(i, &mut d).write(out),
            Kind::Part => {
                let (_, stats, drive, tech, ancient) = PARTS[part_type(i)];
                let mut c = Card::new(CardKind::Part, name, None);
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
                let mut c = Card::new(CardKind::Blueprint, name, None);
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
                let mut c = Card::new(CardKind::Species, name, None);
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

    /// `xws: "…"`: the card's id without dashes.
    fn xws(&self, i: usize, c: &mut Card) {
        c.string("xws", &self.ids[i].replace('-', ""));
    }

    fn chassis_card(&self, i: usize, d: &mut Dice) -> Card {
        let ch = &self.chassis[self.ordinal[i]];
        let mut c = Card::new(CardKind::Chassis, &self.names[i], None);
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
            c.ability(name, text);
        }
        c
    }

    fn ship_card(&self, i: usize, d: &mut Dice) -> Card {
        let s = &self.ships[self.ordinal[i]];
        let mut c = Card::new(CardKind::Ship, &self.names[i], None);
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
                    text_block(d, FIGHTER_TEXT, &mut c);
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

    fn upgrade_card(&self, i: usize, d: &mut Dice) -> Card {
        let mut c = Card::new(CardKind::Upgrade, &self.names[i], None);
        let Some(ship) = self.target(i) else {
            // No ship in the set (a tiny one): a commander, which needs no printed icon.
            c.field("icon", COMMANDER);
            c.field("cost", d.range(20, 40));
            return c;
        };
        let slot = upgrade_slot(i, ship);
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
            text_block(d, pool, &mut c);
        }
        supply_what_is_spent(&mut c, false);
        c
    }

    /// The ship upgrade `i` is designed for.
    fn target(&self, i: usize) -> Option<&Ship> {
        if self.ships.is_empty() {
            return None;
        }
        Some(&self.ships[Dice::new(i, PROPS).below(self.ships.len())])
    }

    /// A restriction that `ship` meets (as a flagship when it says so), in one of many
    /// shapes; `None` for an unrestricted card.
    fn restriction(&self, d: &mut Dice, ship: &Ship) -> Option<String> {
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
                let word = if words.is_empty() { name.split(' ').next().unwrap_or(name) } else { d.pick(&words) };
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

enum Slot {
    One(&'static str),
    Group(&'static str, &'static str),
}

impl Slot {
    fn first(&self) -> &'static str {
        match self {
            Slot::One(a) | Slot::Group(a, _) => a,
        }
    }
}

/// The icon (or group) of upgrade `i`: always one `ship` has room for.
fn upgrade_slot(i: usize, ship: &Ship) -> Slot {
    let mut d = Dice::new(i, PROPS + 100);
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

fn part_type(i: usize) -> usize {
    Dice::new(i, PROPS).below(PARTS.len())
}

fn plan_chassis(i: usize) -> Chassis {
    let mut d = Dice::new(i, PROPS);
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
fn plan_ship(i: usize, nth: usize, fighter: bool, chassis: &[Chassis]) -> Ship {
    let mut d = Dice::new(i, PROPS);
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

/// Gives the card what its text spends and it lacks, as a designer would (W0007):
/// `charges: 1` for a spent `[Charge]`, and on a ship `force: 1` for a spent `[Force]` (an
/// upgrade spends its ship's Force).
fn supply_what_is_spent(card: &mut Card, ship: bool) {
    let text = card.block_text();
    let spends = |what: &str| text.contains(&format!("spend 1 [{what}]"));
    if spends("charge") && !card.has("charges") {
        card.field("charges", 1);
    }
    if ship && spends("force") && !card.has("force") {
        card.field("force", 1);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check_set;

    #[test]
    fn a_generated_set_is_clean() {
        let (sources, set) = load(300);
        let checked = check_set(&sources, &set);
        let shown: Vec<String> =
            checked.diagnostics.iter().take(5).map(|d| d.render(&sources, Default::default())).collect();
        assert!(checked.diagnostics.is_empty(), "{} diagnostics:\n{}", checked.diagnostics.len(), shown.join("\n"));
        assert_eq!(checked.cards, 300);
        let (sources, small) = load(30);
        assert!(check_set(&sources, &small).diagnostics.is_empty(), "30 cards are enough for a clean set");
        let model = checked.set.expect("a clean set has a model");
        let kinds: std::collections::BTreeSet<String> = model.cards.iter().map(|c| format!("{:?}", c.kind)).collect();
        assert_eq!(kinds.len(), 6, "every kind is generated: {kinds:?}");
    }

    #[test]
    fn generation_is_deterministic() {
        assert_eq!(generate(300), generate(300));
        let files = generate(2500);
        let names: Vec<&str> = files.iter().map(|(n, _)| n.as_str()).collect();
        assert_eq!(names, ["game.cards", "cards-000.cards", "cards-001.cards", "cards-002.cards"]);
    }
}
