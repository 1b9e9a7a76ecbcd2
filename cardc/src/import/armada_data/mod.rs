//! `cardc import armada-data`: rkbodenner/star-wars-armada-data (ship, squadron and
//! upgrade cards in JSON) as an Armada set in the card language.
//!
//! What the data does not say outright is derived, and counted in [`Imported::mapped`]:
//! - **ship icons**: ship cards have no chassis field; titles name the family they belong
//!   to by display name (`"ship": "MC75 Cruiser"` for "MC75 Armored Cruiser" and "MC75
//!   Ordnance Cruiser"). Each family a title (or superweapon) names becomes a
//!   `ship-icon`, and a ship is of the family whose words its name or its silhouette image
//!   holds ([`families`]); ships that share a silhouette share the family.
//! - **flotillas**: the data has no flotilla flag; the rules reference names the flotilla
//!   ships (the GR-75 and Gozanti families), see [`FLOTILLA_FAMILIES`].
//! - **the title icon**: every ship has one, so the data leaves it out of `slots`.
//! - **restrictions**: the `restriction` field ("Small or medium ship only.", "Flagship
//!   only.", "\"Star Destroyer\" only.", "Mark I only.") and the card text's "You cannot
//!   equip this card …" become `requires:`; "You gain 1 additional [Officer] icon in your
//!   upgrade bar" becomes the upgrade's `grants: slot officer`.
//! - **squadrons** become `ship` cards with the trait `squadron`, so that the fleet rules
//!   (points, unique names, factions) see them.
//!
//! Everything else is counted in [`Imported::unsupported`] with the reason: combat values,
//! the rest of the ability text, objective and damage cards.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::path::Path;

use super::{id_of, ImportError, Imported};
use crate::ast::CardKind;
use crate::format::writer::{self, entry, quote, Card};
use crate::resolve::ids::derive_id;

mod read;

use read::{Data, OneOrMany, ShipData, SquadronData, UpgradeData};

/// Ship families whose ships are flotillas, by the first word of the family's id. The
/// data has no flotilla flag; the Armada rules reference names these.
pub const FLOTILLA_FAMILIES: &[&str] = &["gr-75", "gozanti"];

/// Size classes, smallest first (the order `size` declares them in).
pub(crate) const SIZES: &[&str] = &["small", "medium", "large", "huge"];

/// Upgrade icons in the order the shipped Armada set declares them.
const ICON_ORDER: &[&str] = &[
    "commander",
    "officer",
    "weapons-team",
    "support-team",
    "offensive-retrofit",
    "defensive-retrofit",
    "experimental-retrofit",
    "turbolasers",
    "ion-cannons",
    "ordnance",
    "fleet-command",
    "fleet-support",
    "superweapon",
    "title",
];

/// Factions: (data name, id) in declaration order. A faction not listed gets its name's id.
const FACTIONS: &[(&str, &str)] = &[
    ("Galactic Empire", "empire"),
    ("Rebel Alliance", "rebel"),
    ("Galactic Republic", "republic"),
    ("Separatist Alliance", "separatist"),
];

/// Imports the data folder (`star-wars-armada-data`, or its `data` folder).
///
/// # Errors
/// When a folder or file cannot be read or a file is not the JSON expected.
pub fn import(data_dir: &Path) -> Result<Imported, ImportError> {
    let root = if data_dir.join("data").join("ship-card").is_dir() { data_dir.join("data") } else { data_dir.into() };
    for needed in ["ship-card", "upgrade-card"] {
        if !root.join(needed).is_dir() {
            return Err(ImportError::data(
                data_dir,
                format!("not star-wars-armada-data: no `{needed}` folder (in the folder or its `data` folder)"),
            ));
        }
    }
    let Data { ships, upgrades, squadrons, others, irregularities } = Data::read(&root)?;
    let mut out = Imported { irregularities, ..Imported::default() };
    for (reason, n) in others {
        for _ in 0..n {
            out.unsupported(reason);
        }
    }

    let vocab = Vocab::collect(&ships, &upgrades, &squadrons);
    let families = families(&ships, &upgrades, &mut out);
    let ids = Ids::assign(&ships, &upgrades, &squadrons);
    let ship_names: Vec<&str> = ships.iter().map(|s| s.name.as_str()).collect();

    let mut ship_text =
        file_head("Ship cards: size, values, upgrade bar (with the title icon every ship has), points.");
    for (k, ship) in ships.iter().enumerate() {
        write_ship(&mut ship_text, ship, ids.ships[k].as_deref(), families.of_ship[k].as_ref(), &mut out);
    }
    let mut squadron_text =
        file_head("Squadron cards, as ships with the trait `squadron` so that the fleet rules count them.");
    for (k, squadron) in squadrons.iter().enumerate() {
        write_squadron(&mut squadron_text, squadron, ids.squadrons[k].as_deref(), &mut out);
    }
    let mut upgrade_text =
        file_head("Upgrade cards: icons, faction, unique, traits, titles' ship icons, restrictions.");
    for (k, upgrade) in upgrades.iter().enumerate() {
        let ctx = UpgradeContext { id: ids.upgrades[k].as_deref(), families: &families, ship_names: &ship_names };
        write_upgrade(&mut upgrade_text, upgrade, &ctx, &mut out);
    }

    out.files.insert("game.cards".into(), game_cards(&vocab, &families));
    // A file with no card would declare nothing, an error in the set (E0005): data with no
    // readable card of a kind gets no file for it.
    for (name, text, cards) in [
        ("ships.cards", ship_text, ships.len()),
        ("squadrons.cards", squadron_text, squadrons.len()),
        ("upgrades.cards", upgrade_text, upgrades.len()),
    ] {
        if cards > 0 {
            out.files.insert(name.into(), text);
        }
    }
    out.format_files();
    Ok(out)
}

/// The start of every file: where it comes from, a blank line, then what it holds.
fn file_head(what: &str) -> String {
    let mut t = String::new();
    writer::comment(
        &mut t,
        "Imported by `cardc import armada-data` from star-wars-armada-data: edit the data or the importer, not this file.",
    );
    t.push('\n');
    writer::comment(&mut t, what);
    t
}

/// The vocabulary the data uses.
struct Vocab {
    /// (id, display name) in declaration order.
    factions: Vec<(String, String)>,
    sizes: Vec<String>,
    /// (id, display name) in declaration order.
    icons: Vec<(String, String)>,
}

impl Vocab {
    fn collect(ships: &[ShipData], upgrades: &[UpgradeData], squadrons: &[SquadronData]) -> Vocab {
        let mut factions: Vec<(String, String)> =
            FACTIONS.iter().map(|(name, id)| (id.to_string(), name.to_string())).collect();
        let named = ships
            .iter()
            .filter_map(|s| s.faction.as_deref())
            .chain(upgrades.iter().filter_map(|u| u.faction.as_deref()))
            .chain(squadrons.iter().filter_map(|s| s.faction.as_deref()));
        for name in named {
            let id = faction_id(name);
            if !factions.iter().any(|(i, _)| *i == id) {
                factions.push((id, name.to_string()));
            }
        }
        let mut sizes: Vec<String> = SIZES.iter().map(|s| s.to_string()).collect();
        for ship in ships {
            let id = id_of(&ship.size);
            if !sizes.contains(&id) {
                sizes.push(id);
            }
        }
        let mut seen: BTreeMap<String, String> = BTreeMap::new();
        seen.insert("commander".into(), "Commander".into());
        seen.insert("title".into(), "Title".into());
        for slot in ships.iter().flat_map(|s| &s.slots).chain(upgrades.iter().flat_map(|u| &u.slots)) {
            seen.entry(id_of(slot)).or_insert_with(|| slot.clone());
        }
        let mut icons: Vec<(String, String)> = Vec::new();
        for id in ICON_ORDER {
            if let Some(name) = seen.remove(*id) {
                icons.push((id.to_string(), name));
            }
        }
        icons.extend(seen);
        Vocab { factions, sizes, icons }
    }
}

fn faction_id(name: &str) -> String {
    FACTIONS.iter().find(|(n, _)| *n == name).map_or_else(|| id_of(name), |(_, id)| id.to_string())
}

/// The words of a name that tell families apart: its id's words, without `class` (which
/// names write or leave out: "Imperial-class Star Destroyer" is the family of "Imperial
/// Star Destroyer Kuat Refit"), and without a plural `s` ("Gozanti-class Cruisers").
fn words(name: &str) -> Vec<String> {
    derive_id(name)
        .split('-')
        .filter(|w| !w.is_empty() && *w != "class")
        .map(|w| match w.strip_suffix('s') {
            Some(stem) if stem.len() >= 3 && !stem.ends_with('s') => stem.to_string(),
            _ => w.to_string(),
        })
        .collect()
}

fn contains_all(haystack: &[String], needles: &[String]) -> bool {
    !needles.is_empty() && needles.iter().all(|n| haystack.contains(n))
}

/// A ship family: a ship icon.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Family {
    id: String,
    name: String,
}

/// The ship families and which ship is of which.
struct Families {
    /// Every family, in declaration order.
    all: Vec<Family>,
    /// Each ship's family (by index into `ships`).
    of_ship: Vec<Option<Family>>,
    /// A family's display name (as titles write it) → the family.
    by_name: BTreeMap<String, Family>,
}

/// The silhouette image's file name without its extension, if the ship has one.
fn image_stem(ship: &ShipData) -> Option<&str> {
    let file = ship.ship_image.as_deref()?.rsplit('/').next()?;
    Some(file.split('.').next().unwrap_or(file))
}

/// Derives the ship families from the names titles (and superweapons) give in `ship`, and
/// assigns each ship to one:
/// 1. a ship is of a family whose words its name holds, or its silhouette image's name;
///    of two, the one with more words;
/// 2. ships that share a silhouette image share the family one of them found;
/// 3. a ship still without one takes the family whose first word is its name's first word
///    ("Onager-class Testbed" → "Onager-class Star Destroyer");
/// 4. a ship no title names gets a family of its own, named after its silhouette (or its
///    name), counted as unsupported.
fn families(ships: &[ShipData], upgrades: &[UpgradeData], out: &mut Imported) -> Families {
    let mut named: BTreeMap<String, Family> = BTreeMap::new();
    for name in upgrades.iter().filter_map(|u| u.ship.as_deref()) {
        named.entry(name.to_string()).or_insert_with(|| Family { id: id_of(name), name: name.to_string() });
    }
    let family_words: Vec<(Family, Vec<String>)> = named.values().map(|f| (f.clone(), words(&f.name))).collect();
    let best = |candidates: Vec<&(Family, Vec<String>)>| -> Option<Family> {
        let most = candidates.iter().map(|(_, w)| w.len()).max()?;
        let top: Vec<_> = candidates.into_iter().filter(|(_, w)| w.len() == most).collect();
        match top.as_slice() {
            [one] => Some(one.0.clone()),
            _ => None,
        }
    };
    let mut of_ship: Vec<Option<Family>> = ships
        .iter()
        .map(|s| {
            let name = words(&s.name);
            let image = image_stem(s).map(words).unwrap_or_default();
            best(family_words.iter().filter(|(_, w)| contains_all(&name, w) || contains_all(&image, w)).collect())
        })
        .collect();
    // Ships that share a silhouette share the family.
    let mut by_image: BTreeMap<&str, Family> = BTreeMap::new();
    for (k, s) in ships.iter().enumerate() {
        if let (Some(image), Some(f)) = (image_stem(s), &of_ship[k]) {
            by_image.entry(image).or_insert_with(|| f.clone());
        }
    }
    for (k, s) in ships.iter().enumerate() {
        if of_ship[k].is_none() {
            of_ship[k] = image_stem(s).and_then(|i| by_image.get(i)).cloned();
        }
    }
    for (k, s) in ships.iter().enumerate() {
        if of_ship[k].is_some() {
            continue;
        }
        let first = words(&s.name).into_iter().next();
        of_ship[k] = best(family_words.iter().filter(|(_, w)| w.first() == first.as_ref()).collect());
        if of_ship[k].is_some() {
            out.mapped("ship: ship icon of the family its class name starts (no title names its variant)");
        }
    }
    let mut all: Vec<Family> = named.values().cloned().collect();
    for (k, s) in ships.iter().enumerate() {
        if of_ship[k].is_none() {
            let name = image_stem(s).map_or_else(|| s.name.clone(), str::to_string);
            let family = Family { id: id_of(&name), name };
            out.unsupported("ship: no title names its family; it gets a ship icon of its own");
            if !all.contains(&family) {
                all.push(family.clone());
            }
            of_ship[k] = Some(family);
        }
    }
    Families { all, of_ship, by_name: named }
}

/// Card ids: a card's name's id, and where two cards share one, the id followed by what
/// tells them apart (the upgrade's icon, `squadron`): `leia-organa-commander`,
/// `leia-organa-officer`.
struct Ids {
    /// `Some(id)` when the card needs `as <id>`.
    ships: Vec<Option<String>>,
    upgrades: Vec<Option<String>>,
    squadrons: Vec<Option<String>>,
}

impl Ids {
    fn assign(ships: &[ShipData], upgrades: &[UpgradeData], squadrons: &[SquadronData]) -> Ids {
        // (kind, index, name, id, suffix).
        let mut cards: Vec<(u8, usize, &str, String, String)> = Vec::new();
        for (k, s) in ships.iter().enumerate() {
            cards.push((0, k, &s.name, id_of(&s.name), "ship".into()));
        }
        for (k, u) in upgrades.iter().enumerate() {
            let suffix = u.slots.first().map_or_else(|| "upgrade".to_string(), |s| id_of(s));
            cards.push((1, k, &u.name, id_of(&u.name), suffix));
        }
        for (k, s) in squadrons.iter().enumerate() {
            cards.push((2, k, &s.name, id_of(&s.name), "squadron".into()));
        }
        let mut uses: BTreeMap<&str, usize> = BTreeMap::new();
        for (_, _, _, id, _) in &cards {
            *uses.entry(id.as_str()).or_default() += 1;
        }
        let mut taken: BTreeSet<String> = cards.iter().map(|(_, _, _, id, _)| id.clone()).collect();
        let mut out = Ids {
            ships: vec![None; ships.len()],
            upgrades: vec![None; upgrades.len()],
            squadrons: vec![None; squadrons.len()],
        };
        for (kind, k, name, id, suffix) in &cards {
            let slot = match kind {
                0 => &mut out.ships[*k],
                1 => &mut out.upgrades[*k],
                _ => &mut out.squadrons[*k],
            };
            if uses[id.as_str()] < 2 {
                // A name that gives no valid id of its own (`"!!!"`, `"3"`) needs `as`.
                *slot = (derive_id(name) != *id).then(|| id.clone());
                continue;
            }
            let mut unique = format!("{id}-{suffix}");
            let mut n = 2;
            while taken.contains(&unique) {
                unique = format!("{id}-{suffix}-{n}");
                n += 1;
            }
            taken.insert(unique.clone());
            *slot = Some(unique);
        }
        out
    }
}

/// Writes a card after a blank line.
fn write_card(card: Card, out: &mut String) {
    out.push('\n');
    card.write(out);
}

fn write_ship(text: &mut String, s: &ShipData, id: Option<&str>, family: Option<&Family>, out: &mut Imported) {
    let mut c = Card::new(CardKind::Ship, &s.name, id);
    if let Some(f) = &s.faction {
        c.field("faction", faction_id(f));
    }
    if let Some(f) = family {
        c.field("ship-icon", &f.id);
        out.mapped("ship: ship icon of its family");
    }
    c.field("size", id_of(&s.size));
    if family.is_some_and(|f| FLOTILLA_FAMILIES.iter().any(|w| f.id.starts_with(w))) {
        c.field("traits", "flotilla");
        out.mapped("ship: flotilla trait (the GR-75 and Gozanti families, from the rules reference)");
    }
    if let Some(p) = s.points {
        c.field("cost", p);
    }
    let stats = [("hull", s.hull), ("command", s.command), ("squadron", s.squadron), ("engineering", s.engineering)];
    c.row(stats.into_iter().filter_map(|(k, v)| v.map(|v| (k, v))));
    let mut bar: Vec<String> = s.slots.iter().map(|slot| id_of(slot)).collect();
    if !bar.iter().any(|i| i == "title") {
        bar.push("title".into());
        out.mapped("ship: title icon (every ship has one; the data leaves it out)");
    }
    c.list("upgrades", &bar);
    write_card(c, text);
    out.unsupported("ship: combat values (attack dice, shields, defense tokens, speed chart)");
    out.card("ship");
}

fn write_squadron(text: &mut String, s: &SquadronData, id: Option<&str>, out: &mut Imported) {
    let mut c = Card::new(CardKind::Ship, &s.name, id);
    if let Some(f) = &s.faction {
        c.field("faction", faction_id(f));
    }
    c.field("traits", "squadron");
    if s.unique {
        c.flag("unique");
    }
    if let Some(p) = s.points {
        c.field("cost", p);
    }
    c.row([("hull", s.hull), ("speed", s.speed)].into_iter().filter_map(|(k, v)| v.map(|v| (k, v))));
    write_card(c, text);
    out.mapped("squadron: a ship with the trait `squadron`");
    out.unsupported("squadron: keywords and combat values (abilities, not fleet building)");
    out.card("squadron");
}

struct UpgradeContext<'a> {
    id: Option<&'a str>,
    families: &'a Families,
    ship_names: &'a [&'a str],
}

fn write_upgrade(text: &mut String, u: &UpgradeData, ctx: &UpgradeContext<'_>, out: &mut Imported) {
    let mut c = Card::new(CardKind::Upgrade, &u.name, ctx.id);
    let icons: Vec<String> = u.slots.iter().map(|s| id_of(s)).collect();
    match icons.as_slice() {
        [] => out.unsupported("upgrade: no slot"),
        [one] => c.field("icon", one),
        many => {
            c.field("icons", many.join(" + "));
            out.mapped("upgrade: dual-icon group (`icons: a + b`)");
        }
    }
    let is_title = icons.iter().any(|i| i == "title");
    if let Some(ship) = &u.ship {
        match ctx.families.by_name.get(ship) {
            Some(f) if ctx.families.of_ship.iter().flatten().any(|g| g == f) => {
                c.field("ship-icon", &f.id);
                out.mapped(if is_title { "title: ship icon of its family" } else { "upgrade: ship icon (`ship`)" });
            }
            _ => out.unsupported(format!("`ship` \"{ship}\": no ship is of this family")),
        }
    }
    if let Some(f) = &u.faction {
        c.field("faction", faction_id(f));
        out.mapped("upgrade: faction");
    }
    if u.unique {
        c.flag("unique");
        out.mapped("upgrade: unique");
    }
    if let Some(traits) = &u.traits {
        let ids: Vec<String> = traits.items().into_iter().map(id_of).collect();
        let known: Vec<&String> = ids.iter().filter(|t| *t == "modification").collect();
        for t in ids.iter().filter(|t| *t != "modification") {
            out.unsupported(format!("upgrade trait `{t}`"));
        }
        if !known.is_empty() {
            c.field("traits", "modification");
            out.mapped("upgrade: Modification trait");
        }
    }
    let sentences = sentences(&u.text);
    let granted: Vec<String> = sentences.iter().filter_map(|s| granted_icon(s)).collect();
    if !granted.is_empty() {
        let grants: Vec<String> = granted.iter().map(|icon| format!("slot {icon}")).collect();
        c.list("grants", &grants);
        for _ in &granted {
            out.mapped("text \"You gain 1 [additional] [Icon] icon in your upgrade bar.\" → `grants: slot icon`");
        }
    }
    let mut requires: Vec<String> = Vec::new();
    for r in u.restriction.as_ref().map(OneOrMany::items).unwrap_or_default() {
        match restriction(r, ctx.ship_names) {
            Some(mapped) => {
                out.mapped(format!("restriction {r:?} → `requires: {mapped}`"));
                requires.push(mapped);
            }
            None => out.unsupported(format!("restriction {r:?}")),
        }
    }
    for s in sentences.iter().filter(|s| s.starts_with("You cannot equip this card")) {
        match cannot_equip(s) {
            Some((mapped, form)) => {
                out.mapped(format!("text \"{form}\" → `requires: {}`", mapped_form(&mapped)));
                requires.push(mapped);
            }
            None => out.unsupported(format!("text {s:?}")),
        }
    }
    if !requires.is_empty() {
        c.field("requires", requires.join(" and "));
    }
    if let Some(p) = u.points {
        c.field("cost", p);
    }
    write_card(c, text);
    if !u.text.trim().is_empty() {
        out.unsupported(
            "upgrade: ability text (only its restriction and icon sentences are read; the rest names commands, defense tokens and keywords the set does not declare)",
        );
    }
    out.card("upgrade");
}

/// A restriction with its icon ids replaced by `x`, to count the forms rather than the
/// cards.
fn mapped_form(r: &str) -> String {
    let mut words: Vec<&str> = r.split(' ').collect();
    for k in 1..words.len() {
        if words[k - 1] == "icon" {
            words[k] = if words[k].ends_with(')') { "x)" } else { "x" };
        }
    }
    words.join(" ")
}

/// The text's sentences (split after `.`, `!` and line breaks), with their spacing made
/// single (a double space or a tab between two words reads as one space).
fn sentences(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut current = String::new();
    let mut push = |current: &mut String| {
        let sentence = current.split_whitespace().collect::<Vec<_>>().join(" ");
        if !sentence.is_empty() {
            out.push(sentence);
        }
        current.clear();
    };
    for c in text.chars() {
        if c == '\n' || c == '\r' {
            push(&mut current);
            continue;
        }
        current.push(c);
        if c == '.' || c == '!' {
            push(&mut current);
        }
    }
    push(&mut current);
    out
}

/// The icon a sentence "You gain 1 [additional] [Officer] icon in your upgrade bar."
/// adds (`officer`), if it is one.
fn granted_icon(sentence: &str) -> Option<String> {
    let rest = sentence.strip_prefix("You gain ")?;
    let rest = ["1 ", "an ", "one "].iter().find_map(|n| rest.strip_prefix(n))?;
    let rest = rest.strip_prefix("additional ").unwrap_or(rest);
    let (icon, rest) = bracketed(rest)?;
    let rest = rest.trim_start();
    // "in you upgrade bar" is a typo on one card.
    ["icon in your upgrade bar.", "icon in you upgrade bar."].contains(&rest).then(|| id_of(icon))
}

/// `[Name]` at the start of `text`: the name and the rest.
fn bracketed(text: &str) -> Option<(&str, &str)> {
    let inner = text.strip_prefix('[')?;
    let end = inner.find(']')?;
    Some((&inner[..end], &inner[end + 1..]))
}

/// "You cannot equip this card if you have a [X] icon in your upgrade bar." →
/// `not icon x`; "You cannot equip this card to a medium or large ship with a [X] icon
/// in its upgrade bar." → `not (size medium, large and icon x)`. Returns the restriction
/// and the sentence's form (the icon as `[Icon]`).
fn cannot_equip(sentence: &str) -> Option<(String, String)> {
    let rest = sentence.strip_prefix("You cannot equip this card ")?;
    if let Some(rest) = rest.strip_prefix("if you have a ") {
        let (icon, tail) = bracketed(rest)?;
        if tail.trim_start() == "icon in your upgrade bar." {
            let form = "You cannot equip this card if you have a [Icon] icon in your upgrade bar.".to_string();
            return Some((format!("not icon {}", id_of(icon)), form));
        }
        return None;
    }
    let rest = rest.strip_prefix("to a ").or_else(|| rest.strip_prefix("to an "))?;
    let (sizes, tail) = rest.split_once(" ship with a ")?;
    let sizes = size_list(sizes)?;
    let (icon, tail) = bracketed(tail)?;
    if tail.trim_start() != "icon in its upgrade bar." {
        return None;
    }
    let form = format!(
        "You cannot equip this card to a {} ship with a [Icon] icon in its upgrade bar.",
        crate::diagnostics::join_or(&sizes)
    );
    Some((format!("not (size {} and icon {})", sizes.join(", "), id_of(icon)), form))
}

/// "small or medium", "small, medium, or large" → the size ids, if every word is a size.
fn size_list(text: &str) -> Option<Vec<String>> {
    let lower = text.to_lowercase();
    let parts: Vec<String> = lower
        .replace(", or ", ",")
        .replace(" or ", ",")
        .split(',')
        .map(|p| p.trim().to_string())
        .filter(|p| !p.is_empty())
        .collect();
    (!parts.is_empty() && parts.iter().all(|p| SIZES.contains(&p.as_str()))).then_some(parts)
}

/// A printed restriction "… only." as a `requires:` restriction, if it is one of the
/// forms the language can say:
/// - "Small or medium ship only." → `size small, medium`;
/// - "Flagship only." → `flagship`;
/// - "\"Star Destroyer\" only." (quoted: the ship's name holds the text) → `name "Star
///   Destroyer"`;
/// - "Mark I only." (unquoted: the words of a ship's name) → `name "Mark I"`, and where
///   another ship's name holds the text inside a longer word ("Mark II"), `and not name
///   "Mark II"`.
fn restriction(text: &str, ship_names: &[&str]) -> Option<String> {
    let what = text.trim().strip_suffix(" only.")?.trim();
    if what.eq_ignore_ascii_case("flagship") {
        return Some("flagship".into());
    }
    if let Some(sizes) = what.strip_suffix(" ship").or_else(|| what.strip_suffix(" ships")).and_then(size_list) {
        return Some(format!("size {}", sizes.join(", ")));
    }
    let quoted = what
        .strip_prefix('"')
        .and_then(|w| w.strip_suffix('"'))
        .or_else(|| what.strip_prefix('“').and_then(|w| w.strip_suffix('”')));
    if let Some(name) = quoted {
        let used = !name.is_empty() && ship_names.iter().any(|s| s.contains(name));
        return used.then(|| format!("name {}", quote(name)));
    }
    // Unquoted: whole words of some ship's name.
    let mut whole = false;
    let mut longer: BTreeSet<String> = BTreeSet::new();
    for ship in ship_names {
        for (at, _) in ship.match_indices(what) {
            let before = ship[..at].chars().next_back();
            let after = &ship[at + what.len()..];
            if before.is_some_and(char::is_alphanumeric) {
                continue;
            }
            let extra: String = after.chars().take_while(|c| c.is_alphanumeric()).collect();
            if extra.is_empty() {
                whole = true;
            } else {
                longer.insert(format!("{what}{extra}"));
            }
        }
    }
    if !whole {
        return None;
    }
    let mut out = format!("name {}", quote(what));
    for l in longer {
        let _ = write!(out, " and not name {}", quote(&l));
    }
    Some(out)
}

/// `game.cards`: the shipped Armada declaration, with every icon and ship family of the
/// data, the `squadron` trait and the squadron points rule.
fn game_cards(vocab: &Vocab, families: &Families) -> String {
    let mut t = file_head("Star Wars: Armada: the vocabulary and the fleet-building rules its cards use.");
    writer::game(&mut t, "armada", "Star Wars: Armada");
    t.push('\n');
    for (id, name) in &vocab.factions {
        writer::vocab_line(&mut t, "faction", &[entry(id, Some(name), None)]);
    }
    t.push('\n');
    writer::vocab_line(&mut t, "size", &vocab.sizes);
    t.push('\n');
    let stats = ["hull", "command", "squadron", "engineering", "speed"].map(String::from);
    writer::vocab_line(&mut t, "stat", &stats);
    t.push('\n');
    for (id, name) in &vocab.icons {
        let implicit = (id == "commander").then_some("implicit");
        writer::vocab_line(&mut t, "icon", &[entry(id, Some(name), implicit)]);
    }
    t.push('\n');
    writer::comment(&mut t, "Ship families (ship icons): the names titles give the ships they belong to.");
    for f in &families.all {
        writer::vocab_line(&mut t, "ship-icon", &[entry(&f.id, Some(&f.name), None)]);
    }
    t.push('\n');
    let traits = [("flotilla", "Flotilla"), ("modification", "Modification"), ("squadron", "Squadron")];
    writer::vocab_line(&mut t, "trait", &writer::named_entries(traits));
    t.push('\n');
    writer::flagship(&mut t, "commander");
    t.push('\n');
    t.push_str(RULES);
    t
}

const RULES: &str = r#"rule one-modification "A ship cannot have more than one upgrade card with the Modification trait":
  at most 1 upgrade with trait modification per ship
rule one-title "A ship cannot have more than one title card":
  at most 1 upgrade with icon title per ship
rule one-commander "A fleet has exactly one commander":
  exactly 1 upgrade with icon commander per fleet
rule commander-not-on-flotilla "A commander can be equipped only to a non-flotilla ship":
  no upgrade with icon commander per ship where trait flotilla
rule unique-names "A fleet cannot contain two cards that share a unique name":
  unique names per fleet
rule fleet-points "A standard fleet costs at most 400 points":
  total cost at most 400 per fleet
rule squadron-points "A standard fleet spends at most 134 points (a third, rounded up) on squadrons":
  total cost at most 134 per fleet where trait squadron
"#;

#[cfg(test)]
mod tests {
    use super::*;

    const SHIPS: &[&str] = &[
        "Starhawk-Class Battleship Mark I",
        "Starhawk-Class Battleship Mark II",
        "Victory I-class Star Destroyer",
        "MC75 Armored Cruiser",
    ];

    #[test]
    fn printed_restrictions() {
        let r = |t: &str| restriction(t, SHIPS);
        assert_eq!(r("Small or medium ship only.").as_deref(), Some("size small, medium"));
        assert_eq!(r("Medium or large ship only.").as_deref(), Some("size medium, large"));
        assert_eq!(r("Large ship only.").as_deref(), Some("size large"));
        assert_eq!(r("Flagship only.").as_deref(), Some("flagship"));
        assert_eq!(r("\"Star Destroyer\" only.").as_deref(), Some("name \"Star Destroyer\""));
        assert_eq!(r("\"MC\" only.").as_deref(), Some("name \"MC\""));
        assert_eq!(r("Mark I only.").as_deref(), Some("name \"Mark I\" and not name \"Mark II\""));
        assert_eq!(r("Mark III only."), None, "no ship's name has it");
        assert_eq!(r("Cannot be equipped twice."), None);
        assert_eq!(r("\"Death Star\" only."), None);
    }

    #[test]
    fn text_forms() {
        assert_eq!(
            granted_icon("You gain 1 additional [Officer] icon in your upgrade bar.").as_deref(),
            Some("officer")
        );
        assert_eq!(
            granted_icon("You gain 1 [Fleet Command] icon in you upgrade bar.").as_deref(),
            Some("fleet-command")
        );
        assert_eq!(
            granted_icon("You gain an additional [Defensive Retrofit] icon in your upgrade bar.").as_deref(),
            Some("defensive-retrofit")
        );
        assert_eq!(granted_icon("You gain 1 [Evade] token."), None);
        assert_eq!(
            cannot_equip("You cannot equip this card if you have a [Fleet Command] icon in your upgrade bar.")
                .map(|r| r.0)
                .as_deref(),
            Some("not icon fleet-command")
        );
        assert_eq!(
            cannot_equip(
                "You cannot equip this card to a medium or large ship with a [Defensive Retrofit] icon in its upgrade bar."
            )
            .map(|r| r.0)
            .as_deref(),
            Some("not (size medium, large and icon defensive-retrofit)")
        );
        assert_eq!(cannot_equip("You cannot equip this card to a ship named Bob."), None);
        assert_eq!(
            mapped_form("not (size medium, large and icon defensive-retrofit)"),
            "not (size medium, large and icon x)"
        );
    }

    #[test]
    fn family_words_drop_class_and_plurals() {
        assert_eq!(words("Gozanti-class Cruisers"), ["gozanti", "cruiser"]);
        assert_eq!(words("Imperial-class Star Destroyer"), ["imperial", "star", "destroyer"]);
        assert_eq!(words("Assault Frigate Mark II"), ["assault", "frigate", "mark", "ii"]);
        assert!(contains_all(&words("Imperial Star Destroyer Kuat Refit"), &words("Imperial-class Star Destroyer")));
    }

    #[test]
    fn names_without_a_valid_id_get_one_and_shared_ids_their_icon() {
        let upgrade = |name: &str, slot: &str| -> UpgradeData {
            serde_json::from_value(serde_json::json!({"name": name, "slots": [slot]})).unwrap()
        };
        let upgrades = [
            upgrade("!!!", "Title"),
            upgrade("3", "Title"),
            upgrade("Leia Organa", "Officer"),
            upgrade("Leia Organa", "Commander"),
        ];
        let ids = Ids::assign(&[], &upgrades, &[]);
        let ids: Vec<Option<&str>> = ids.upgrades.iter().map(Option::as_deref).collect();
        assert_eq!(ids, [Some("unnamed"), Some("n-3"), Some("leia-organa-officer"), Some("leia-organa-commander")]);
    }

    #[test]
    fn sentences_split_on_stops_and_lines() {
        assert_eq!(sentences("A b. C!\nD"), ["A b.", "C!", "D"]);
        assert_eq!(sentences("You  gain\t1 [Officer].\r\n\n"), ["You gain 1 [Officer]."]);
    }
}
