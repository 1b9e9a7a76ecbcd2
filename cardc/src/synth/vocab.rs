//! The synthetic game's vocabulary (X-Wing's, Armada's and Eclipse's in one game), its
//! `game.cards` and its rules.

use super::{hostile, Dice, Options, HOSTILE};
use crate::format::writer::{self, entry, named_entries};
pub(super) use crate::import::armada_data::SIZES;
use crate::import::xwing_data2::game::{PHASES, RESULTS};

pub(super) const FACTIONS: &[(&str, &str)] = &[
    ("empire", "Galactic Empire"),
    ("rebel", "Rebel Alliance"),
    ("scum", "Scum and Villainy"),
    ("republic", "Galactic Republic"),
    ("separatist", "Separatist Alliance"),
    ("first-order", "First Order"),
    ("resistance", "Resistance"),
];
pub(super) const STATS: &[(&str, &str)] = &[
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
pub(super) const COMMANDER: &str = "commander";
/// Icons on capital ships' upgrade bars (Armada), without the title.
pub(super) const CAPITAL_ICONS: &[(&str, &str)] = &[
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
pub(super) const FIGHTER_ICONS: &[(&str, &str)] = &[
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
pub(super) const TITLE: &str = "title";
pub(super) const CAPITAL_SHIP_ICONS: &[(&str, &str)] = &[
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
pub(super) const FIGHTER_SHIP_ICONS: &[(&str, &str)] = &[
    ("tie", "TIE"),
    ("x-wing", "X-wing"),
    ("y-wing", "Y-wing"),
    ("yt-1300", "YT-1300"),
    ("firespray", "Firespray"),
    ("a-wing", "A-wing"),
];
pub(super) const TRAITS: &[(&str, &str)] = &[
    ("flotilla", "Flotilla"),
    ("modification", "Modification"),
    ("tie", "TIE"),
    ("droid", "Droid"),
    ("freighter", "Freighter"),
    ("spectre", "Spectre"),
];
pub(super) const CLASSES: &[(&str, &str)] =
    &[("interceptor", "Interceptor"), ("cruiser", "Cruiser"), ("dreadnought", "Dreadnought"), ("starbase", "Starbase")];
pub(super) const TECHS: &[(&str, &str)] = &[
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
pub(super) const ACTIONS: &[(&str, &str)] = &[
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
pub(super) const TOKENS: &[(&str, &str)] = &[
    ("focus", "focus"),
    ("evade", "evade"),
    ("calculate", "calculate"),
    ("stress", "stress"),
    ("strain", "strain"),
    ("ion", "ion"),
    ("disarm", "disarm"),
    ("cloak", "cloak"),
];
pub(super) const RESOURCES: &[(&str, &str)] = &[("force", "Force"), ("charge", "Charge"), ("shield", "shield")];
pub(super) const DICE: &[(&str, &str)] =
    &[("attack", "attack"), ("defense", "defense"), ("red", "red"), ("blue", "blue"), ("black", "black")];
/// Results beyond X-Wing's: Armada's.
pub(super) const ARMADA_RESULTS: &[(&str, &str)] = &[("accuracy", "Accuracy")];
pub(super) const ARCS: &[(&str, &str)] = &[
    ("front", "Front Arc"),
    ("rear", "Rear Arc"),
    ("bullseye", "Bullseye Arc"),
    ("single-turret", "Single Turret Arc"),
];
/// Phases beyond X-Wing's: Armada's.
pub(super) const ARMADA_PHASES: &[(&str, &str)] =
    &[("command", "Command Phase"), ("ship", "Ship Phase"), ("squadron", "Squadron Phase"), ("status", "Status Phase")];

/// Writes the vocabulary of a game: its display names, and with hostile names some
/// display names and extra entries hostile.
struct Vocab<'o> {
    options: &'o Options,
    /// How many display names have been written (each hostile or not by its own dice).
    names: usize,
    /// How many lines have been written.
    lines: usize,
}

impl Vocab<'_> {
    /// `plain`, or with hostile names sometimes a hostile name.
    fn display(&mut self, plain: &str) -> String {
        self.names += 1;
        hostile::maybe(self.options.hostile, self.options.seed, 1, self.names, plain)
    }

    /// One vocabulary line per at most four entries: `<keyword> id "Name", …`; with
    /// hostile names and `extras`, a few entries with hostile ids and names follow (nothing
    /// refers to them).
    fn lines<'a>(
        &mut self,
        out: &mut String,
        keyword: &str,
        entries: impl IntoIterator<Item = &'a (&'a str, &'a str)>,
        extras: bool,
    ) {
        self.lines += 1;
        let mut pairs: Vec<(String, String)> =
            entries.into_iter().map(|(id, name)| (id.to_string(), self.display(name))).collect();
        if self.options.hostile && extras {
            let mut taken = hostile::Taken::default();
            for (id, _) in &pairs {
                taken.take(id);
            }
            let mut d = Dice::new(self.options.seed, self.lines, HOSTILE + 3);
            for k in 0..d.range(1, 3) as usize {
                pairs.push((taken.hostile(&mut d, k), hostile::name(&mut d)));
            }
        }
        let entries = named_entries(pairs.iter().map(|(id, name)| (id.as_str(), name.as_str())));
        for group in entries.chunks(4) {
            writer::vocab_line(out, keyword, group);
        }
    }
}

pub(super) fn game_file(n: usize, options: &Options) -> String {
    let mut v = Vocab { options, names: 0, lines: 0 };
    let mut g = String::new();
    writer::comment(
        &mut g,
        &format!("A synthetic game of {n} cards, written by cardc::synth: the vocabulary of Armada,"),
    );
    writer::comment(&mut g, "X-Wing and Eclipse in one set, and fleet rules of every form.");
    let game_name = v.display("Synthetic Fleet Battles");
    writer::game(&mut g, options.game.as_deref().unwrap_or("synth"), &game_name);
    g.push('\n');
    v.lines(&mut g, "faction", FACTIONS, true);
    writer::vocab_line(&mut g, "size", &SIZES.iter().map(|s| s.to_string()).collect::<Vec<_>>());
    let stats: Vec<String> = STATS.iter().map(|(id, _)| id.to_string()).collect();
    for group in stats.chunks(6) {
        writer::vocab_line(&mut g, "stat", group);
    }
    g.push('\n');
    let commander = v.display("Commander");
    writer::vocab_line(&mut g, "icon", &[entry(COMMANDER, Some(&commander), Some("implicit"))]);
    v.lines(&mut g, "icon", CAPITAL_ICONS, false);
    v.lines(&mut g, "icon", FIGHTER_ICONS, false);
    let title = v.display("Title");
    writer::vocab_line(&mut g, "icon", &[entry(TITLE, Some(&title), None)]);
    v.lines(&mut g, "ship-icon", CAPITAL_SHIP_ICONS, false);
    v.lines(&mut g, "ship-icon", FIGHTER_SHIP_ICONS, true);
    v.lines(&mut g, "trait", TRAITS, true);
    v.lines(&mut g, "class", CLASSES, true);
    v.lines(&mut g, "tech", TECHS, true);
    g.push('\n');
    // The names ability text refers to stay as they are.
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
    writer::allow(&mut g, &["opaque-clause", "competing-replacements", "reading-differs"]);
    g.push('\n');
    g.push_str(RULES);
    if options.hostile {
        hostile_rules(&mut g, options.seed);
    }
    g
}

/// One vocabulary line per at most four entries: `<keyword> id "Name", …`.
fn vocab_lines<'a>(out: &mut String, keyword: &str, entries: impl IntoIterator<Item = &'a (&'a str, &'a str)>) {
    let entries = named_entries(entries.into_iter().copied());
    for group in entries.chunks(4) {
        writer::vocab_line(out, keyword, group);
    }
}

/// Two rules with hostile ids, messages and a hostile name to count, that every fleet
/// keeps.
fn hostile_rules(out: &mut String, seed: u64) {
    let mut d = Dice::new(seed, 0, HOSTILE + 4);
    let mut taken = hostile::Taken::default();
    for line in RULES.lines().filter_map(|l| l.strip_prefix("rule ")) {
        taken.take(line.split(' ').next().unwrap_or_default());
    }
    let id = taken.hostile(&mut d, 0);
    writer::rule(out, &id, &hostile::name(&mut d), "at most 99 card with trait droid per fleet");
    let id = taken.hostile(&mut d, 1);
    let counted = format!("at most 99 card with name {} per fleet", writer::quote(&hostile::name(&mut d)));
    writer::rule(out, &id, &hostile::name(&mut d), &counted);
}

pub(super) const RULES: &str = r#"rule one-modification "A ship cannot have more than one upgrade card with the Modification trait":
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
