//! What the synthetic cards are called.

use super::Dice;

pub(super) const FIRST: &[&str] = &[
    "Kael", "Mira", "Jors", "Tessa", "Dax", "Vel'ka", "Séra", "Orrin", "Ilya", "Brask", "Nym", "Hera", "Zeb", "Kaydel",
    "Ørn", "Talia", "Rook", "Jaë", "Coren", "Liss",
];
pub(super) const LAST: &[&str] = &[
    "Varro", "Tane", "Okonkwo", "Dreil", "Sunrider", "Kestrel", "Vantis", "Morrow", "Quell", "Harrow", "Calder",
    "Ibanez", "Nakamura", "Oduya", "Renn", "Sorrel",
];
pub(super) const NICKS: &[&str] =
    &["Howl", "Backdraft", "Whisper", "Deathfire", "Scourge", "Vizier", "Echo", "Pure Sabacc"];
pub(super) const CALLSIGNS: &[&str] =
    &["Rogue", "Gold", "Red", "Blue", "Black", "Obsidian", "Onyx", "Saber", "Phoenix", "Shadow", "Tempest", "Vortex"];
pub(super) const ROLES: &[&str] = &["Ace", "Veteran", "Escort", "Pilot", "Cadet", "Sentinel", "Marauder", "Expert"];
pub(super) const MAKERS: &[&str] =
    &["Sienar", "Incom", "Koensayr", "Corellian", "Kuat", "Slayn & Korpil", "Cygnus", "MandalMotors"];
pub(super) const MODELS: &[&str] =
    &["T-65", "TIE/sa", "YT-2400", "BTL-A4", "RZ-2", "Z-95", "G-1A", "M3-A", "Lambda", "Alpha-3"];
/// Frames and the size class they come in.
pub(super) const FRAMES: &[(&str, &str)] = &[
    ("Starfighter", "small"),
    ("Interceptor", "small"),
    ("Heavy Bomber", "small"),
    ("Patrol Craft", "medium"),
    ("Gunship", "medium"),
    ("Light Freighter", "large"),
    ("Shuttle", "large"),
];
pub(super) const ADJECTIVES: &[&str] = &[
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
pub(super) const POSSESSORS: &[&str] =
    &["Vader", "Thrawn", "Tarkin", "Mon Mothma", "Dodonna", "Grievous", "Sloane", "Ackbar"];
pub(super) const TITLE_NOUNS: &[&str] = &["Wrath", "Resolve", "Vigil", "Fury", "Hope", "Gambit", "Reckoning", "Shadow"];
pub(super) const SPECIES_WORDS: &[&str] =
    &["Terran", "Hydran", "Planta", "Descendant", "Orion", "Mechanema", "Eridani", "Draco"];
pub(super) const POLITIES: &[&str] =
    &["Directorate", "Federation", "Republic", "Union", "Hegemony", "Empire", "Consortium", "Collective"];

/// What an upgrade of `icon` is called (before its adjective or owner).
pub(super) fn upgrade_bases(icon: &str) -> &'static [&'static str] {
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
pub(super) fn is_person(icon: &str) -> bool {
    matches!(icon, "commander" | "officer" | "crew" | "gunner")
}

pub(super) fn person(d: &mut Dice) -> String {
    format!("{} {}", d.pick(FIRST), d.pick(LAST))
}
