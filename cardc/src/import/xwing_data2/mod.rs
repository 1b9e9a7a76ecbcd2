//! `cardc import xwing-data2`: the X-Wing cards of [xwing-data2] as a card set.
//!
//! It reads both forks of the data: the 2.0 "legacy" points (`wildspace` format, pilot
//! costs around 20–100 of a 200-point squad, variable upgrade costs) and the 2.5 points of
//! the xwingtmg continuation (`extended` format, a pilot `loadout` budget for upgrades).
//! Which one a folder holds is read from the data: a pilot with a `loadout` makes it 2.5.
//!
//! What becomes what:
//! - `game.cards`: the game (`xwing-legacy` or `xwing-25`, so that both sets fit in one
//!   crate), its factions, sizes, stats (one attack stat per arc), slots as icons, ship
//!   types as ship icons, keywords as traits, formats, actions, tokens, resources, dice,
//!   results, arcs, maneuvers, phases, the headers the texts use, and the squad rules.
//! - `ships/<faction>/<ship>.cards`: one chassis per ship file (a ship type of one faction)
//!   and one ship per pilot.
//! - `upgrades/<slot>.cards`: one upgrade per upgrade, and the second side of a
//!   double-sided card as its own upgrade with `back-of:`.
//! - `upgrades-slot-choices.cards`: the squad builders' pseudo-upgrades of a ship ability
//!   that equips one of several slots (the Weapon Hardpoint; see `slot_choice`).
//!
//! Restrictions are a list of objects: the objects are AND-ed, the keys inside one object
//! OR-ed (0-0-0's `{factions: [scum], names: ["Darth Vader"]}` is "Scum, or a squad with
//! Darth Vader"), and the values of one key OR-ed. Everything the set does not carry (dials,
//! images, upgrade attack profiles, devices, conditions…) is counted in
//! [`Imported::unsupported`].
//!
//! [xwing-data2]: https://github.com/guidokessels/xwing-data2

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use super::{id_of, ImportError, Imported};
use crate::ast::{CardKind, Span};
use crate::format::writer::{self, Card};
use crate::resolve::ids::{derive_id, is_valid_id};
use crate::text::says;

pub(crate) mod game;
mod ids;
mod restrictions;
mod schema;
mod ships;
mod slot_choice;
mod tolerant;
mod upgrades;

use game::{Vocab, ALIASES, OPTIONAL_HEADERS};
use schema::{Data, Formats, ShipAbility};
use tolerant::{strip_html, HTML_REMOVED};

/// Imports the xwing-data2 folder `data_dir` (the repository folder holding `data/`, or
/// `data/` itself).
///
/// # Errors
/// When a file the import needs cannot be read or does not hold what xwing-data2 holds.
pub fn import(data_dir: &Path) -> Result<Imported, ImportError> {
    let data = Data::read(data_dir)?;
    let mut imported = Importer::new(&data).run();
    imported.format_files();
    Ok(imported)
}

/// Imports one xwing-data2 file on its own, given as its text: `file` names it as in the
/// data folder, a ship file (`pilots/rebel-alliance/t-65-x-wing.json`) or an upgrade file
/// (`upgrades/talent.json`), which says how it is read. The set holds that file's cards and
/// a game declaring what they use (no factions: the data's `factions.json` is not read);
/// the irregularities name `file`. It reads the file as [`import`] reads it in a folder,
/// for tests and fuzzing of one file at a time.
///
/// # Errors
/// When the text is not JSON, `file` names neither kind of file, or an upgrade file is
/// not a list.
pub fn import_file(file: &str, text: &str) -> Result<Imported, ImportError> {
    let data = Data::of_file(file, text)?;
    let mut imported = Importer::new(&data).run();
    imported.format_files();
    Ok(imported)
}

/// The ship icon of a ship's xws id: the id itself when it is a valid identifier (as every
/// xws id of the data is), else the id it derives, so that no character of the data
/// reaches the set's source unescaped (found by the `importer_json` fuzz target: an xws
/// with `&` broke `game.cards`). Restrictions naming the ship map its xws the same way.
fn ship_icon_id(xws: &str) -> String {
    if is_valid_id(xws) {
        xws.to_string()
    } else {
        id_of(xws)
    }
}

fn arc_id(arc: &str) -> String {
    id_of(arc.strip_suffix(" Arc").unwrap_or(arc))
}

fn attack_stat(arc: &str) -> String {
    format!("attack-{}", arc_id(arc))
}

fn signed(n: i64) -> String {
    if n >= 0 {
        format!("+{n}")
    } else {
        n.to_string()
    }
}

/// `charges: 2 recurring`: the value, and `recurring` with how many recover a round.
fn recurring(value: i64, recovers: i64) -> String {
    match recovers {
        0 => value.to_string(),
        1 => format!("{value} recurring"),
        r => format!("{value} recurring {r}"),
    }
}

/// A new card: `as id` only when the name does not derive the id.
fn card(kind: CardKind, name: &str, id: &str) -> Card {
    Card::new(kind, name, (derive_id(name) != id).then_some(id))
}

/// Writes a card and the blank line after it.
fn write_card(card: Card, out: &mut String) {
    card.write(out);
    out.push('\n');
}

/// Card text as the set writes it: icon brackets nested in the data (`[1 [Straight]]`,
/// `[[Turn Left] or [Turn Right]]`) lose their outer pair, abbreviations (`[Crit]`) their
/// short form, braces (which would end the block) become parentheses, and the text is
/// trimmed into paragraphs separated by one blank line.
fn clean_text(raw: &str, imp: &mut Imported) -> String {
    let chars: Vec<char> = raw.chars().collect();
    // Match brackets; a pair that holds another pair is dropped.
    let mut drop = vec![false; chars.len()];
    let mut stack: Vec<(usize, bool)> = Vec::new();
    let mut flattened = false;
    for (i, &c) in chars.iter().enumerate() {
        match c {
            '[' => {
                if let Some(top) = stack.last_mut() {
                    top.1 = true;
                }
                stack.push((i, false));
            }
            ']' => {
                if let Some((open, nested)) = stack.pop() {
                    if nested {
                        drop[open] = true;
                        drop[i] = true;
                        flattened = true;
                    }
                }
            }
            _ => {}
        }
    }
    let mut text: String = chars.iter().zip(&drop).filter(|(_, d)| !**d).map(|(c, _)| *c).collect();
    if flattened {
        imp.mapped("text: icon brackets nested in the data flattened ([1 [Straight]] → 1 [Straight])");
    }
    for (short, long) in ALIASES {
        if text.contains(short) {
            imp.mapped(format!("text: {short} written {long}"));
            text = text.replace(short, long);
        }
    }
    if text.contains(['{', '}']) {
        imp.mapped("text: braces written as parentheses");
        text = text.replace('{', "(").replace('}', ")");
    }
    let text = text.replace("\r\n", "\n");
    let paragraphs: Vec<String> = text
        .split("\n\n")
        .map(|p| p.split_whitespace().collect::<Vec<_>>().join(" "))
        .filter(|p| !p.is_empty())
        .collect();
    paragraphs.join("\n\n")
}

struct Importer<'d> {
    data: &'d Data,
    imp: Imported,
    vocab: Vocab,
    /// Every text written, for the headers and icon names the game must declare.
    texts: Vec<String>,
    /// Upgrade xws → id (front sides).
    upgrade_ids: BTreeMap<String, String>,
    /// Solitary slots (icon ids).
    solitary: BTreeSet<String>,
    /// Ship abilities that are a slot of one of several icons.
    slot_choices: slot_choice::SlotChoices,
    standardized: bool,
    is_25: bool,
    cache: crate::text::SentenceCache,
    /// The data file and JSON path of the card being written, for the warnings its text
    /// gives.
    at: (String, String),
    /// Where each text of [`Importer::texts`] comes from (`(file, JSON path)`).
    text_sources: Vec<(String, String)>,
}

impl<'d> Importer<'d> {
    fn new(data: &'d Data) -> Importer<'d> {
        let mut vocab = Vocab::default();
        for f in &data.factions {
            let id = id_of(&f.name);
            vocab.faction_by_xws.insert(f.xws.clone(), id.clone());
            vocab.factions.push((id, f.name.clone()));
        }
        for a in &data.actions {
            vocab.action(&a.name);
        }
        // stats.json lists the arcs with the stats; the other entries are stats and
        // resources the game declares anyway.
        for s in data.stats.iter().filter(|s| s.name.ends_with(" Arc")) {
            vocab.arc(&s.name);
        }
        let imp = Imported { irregularities: data.irregularities.clone(), ..Imported::default() };
        Importer {
            data,
            imp,
            vocab,
            texts: Vec::new(),
            upgrade_ids: BTreeMap::new(),
            solitary: BTreeSet::new(),
            slot_choices: slot_choice::SlotChoices::default(),
            standardized: false,
            is_25: data.is_25(),
            cache: crate::text::SentenceCache::default(),
            at: (String::new(), String::new()),
            text_sources: Vec::new(),
        }
    }

    fn run(mut self) -> Imported {
        let (chassis_ids, pilot_ids, upgrade_ids, back_ids) = self.ids();
        // A set is one flat folder: the ships of a faction folder go in one file, the
        // upgrades of a slot file in another.
        for (i, (folder, stem, ship)) in self.data.ships.iter().enumerate() {
            self.at = (format!("pilots/{folder}/{stem}.json"), "$".into());
            let paths = &self.data.pilot_paths[i];
            let text = self.ship_file(folder, stem, ship, &chassis_ids[i], &pilot_ids[i], paths);
            let version = self.data.version.clone();
            let file = self
                .imp
                .files
                .entry(format!("pilots-{}.cards", id_of(folder)))
                .or_insert_with(|| header_comment(&format!("pilots/{folder}/*.json"), version.as_deref()));
            file.push_str(&text);
        }
        for (i, (stem, upgrades)) in self.data.upgrades.iter().enumerate() {
            let header = header_comment(&format!("upgrades/{stem}.json"), self.data.version.as_deref());
            let mut text = header.clone();
            for (j, u) in upgrades.iter().enumerate() {
                let at = self.data.upgrade_paths[i].get(j).cloned().unwrap_or_else(|| format!("$[{j}]"));
                self.at = (format!("upgrades/{stem}.json"), at);
                self.upgrade(&mut text, u, &upgrade_ids[i][j], back_ids[i][j].as_deref());
            }
            // A file that prints no card (no upgrade read: `[]`, every card left out, or
            // only upgrades with no side, `"sides": []`) is no file of the set: one that
            // declares nothing is an error.
            if text.len() > header.len() {
                self.imp.files.insert(format!("upgrades-{}.cards", id_of(stem)), text);
            }
        }
        if let Some(text) = self.slot_choice_file() {
            let version = self.data.version.clone();
            let mut file = header_comment("pilots/*/*.json (shipAbility)", version.as_deref());
            file.push_str(&text);
            self.imp.files.insert("upgrades-slot-choices.cards".into(), file);
        }
        let game = self.game();
        self.imp.files.insert("game.cards".into(), game);
        for (what, n) in &self.data.extras {
            for _ in 0..*n {
                self.imp.unsupported(*what);
            }
        }
        for f in &self.data.factions {
            for k in f.other.keys() {
                self.imp.unsupported(other_reason("faction", k));
            }
        }
        self.imp
    }

    /// Cleans a text for a block ([`clean_text`]) and reads it as the compiler will: the
    /// headers it starts abilities with become the game's headers, and an "If … would …"
    /// ability that never says "instead" (E0403, an error) gets its "instead" at its end,
    /// counted.
    fn text(&mut self, raw: &str) -> String {
        let stripped = self.strip_html(raw);
        let stripped = self.drop_empty_names(&stripped);
        let mut text = clean_text(&stripped, &mut self.imp);
        let frames = frames_of(&text, &mut self.cache);
        let mut inserts = Vec::new();
        let mut folds = Vec::new();
        for frame in &frames {
            if let Some(h) = &frame.header {
                let written = h.text.trim();
                let name = fold_header(written);
                if name != written {
                    let start = text
                        .get(frame.span.range())
                        .and_then(|f| f.find(written))
                        .map(|i| i + frame.span.start as usize);
                    if let Some(start) = start {
                        folds.push((start, written.len(), name.clone(), written.to_string()));
                    }
                }
                let optional = OPTIONAL_HEADERS.contains(&name.as_str());
                self.vocab.headers.insert(name, optional);
            }
            let would = frame.steps.iter().flat_map(|s| &s.conditions).any(|c| says(&c.piece.text, "would"));
            let span = text.get(frame.span.range()).unwrap_or_default();
            if would && !says(span, "instead") {
                let end = frame.span.end as usize;
                let at = if span.ends_with('.') { end - 1 } else { end };
                inserts.push(at);
            }
        }
        // Edits from the end, so that the offsets before each stay right.
        let mut edits: Vec<(usize, usize, String)> =
            inserts.into_iter().map(|at| (at, 0, " instead".to_string())).collect();
        edits.extend(folds.iter().map(|(at, len, name, _)| (*at, *len, name.clone())));
        edits.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
        for (at, len, with) in edits {
            if len == 0 {
                self.imp.mapped("text: \"If … would …\" without \"instead\" (E0403) given its \"instead\"");
            }
            text.replace_range(at..at + len, &with);
        }
        for (_, _, name, written) in folds {
            let (file, path) = self.at.clone();
            self.imp.irregular(&file, &path, HEADER_FOLDED, format!("`{written}:` written `{name}:`"));
        }
        self.texts.push(text.clone());
        self.text_sources.push(self.at.clone());
        text
    }

    /// The text without its HTML tags: `<br>` is a sentence break (a blank line), any
    /// other tag (`<span …>`, `<strong>`, `<i>`, their ends) goes; each text that had tags
    /// is noted.
    fn strip_html(&mut self, raw: &str) -> String {
        let (text, tags) = strip_html(raw);
        if !tags.is_empty() {
            let (file, path) = self.at.clone();
            self.imp.irregular(&file, &path, HTML_REMOVED, tags.join(" "));
        }
        text
    }

    /// The text without its empty brackets (`[]`, `[ ]`): an icon whose name the data
    /// left out, which nothing can name again. Each goes with a space beside it
    /// (`gain 1 [] token` reads `gain 1 token`), and each is noted with its words around.
    fn drop_empty_names(&mut self, text: &str) -> String {
        let (out, dropped) = drop_empty_names(text);
        let (file, path) = self.at.clone();
        for context in dropped {
            self.imp.irregular(&file, &path, EMPTY_NAME, context);
        }
        out
    }

    /// The text a card prints: its `ability`; else its `text` when that names an icon
    /// (the data puts one upgrade's ability there); any other `text` is flavor.
    fn card_text(
        &mut self,
        ability: Option<&str>,
        text: Option<&str>,
        granted: Option<&ShipAbility>,
    ) -> Option<String> {
        let ability = ability.filter(|a| !a.trim().is_empty());
        let mut body = match (ability, text) {
            (Some(a), t) => {
                if t.is_some() {
                    self.imp.unsupported("flavor text");
                }
                a.to_string()
            }
            (None, Some(t)) if t.contains('[') => {
                self.imp.mapped("text of a card without ability, which names icons → its text");
                t.to_string()
            }
            (None, Some(_)) => {
                self.imp.unsupported("flavor text");
                String::new()
            }
            (None, None) => String::new(),
        };
        if let Some(g) = granted {
            // "Replace your … ship ability with the following:" — the ability follows.
            body = if body.is_empty() { g.text.clone() } else { format!("{} {}", body.trim_end(), g.text) };
            self.imp.unsupported("ship ability an upgrade gives: its name (the text is kept in the upgrade's text)");
        }
        if body.trim().is_empty() {
            None
        } else {
            Some(self.text(&body))
        }
    }

    fn formats(&mut self, c: &mut Card, formats: &Formats) {
        let flags = formats.flags();
        for (id, _) in &flags {
            self.vocab.formats.insert(id);
        }
        let legal: Vec<String> = flags.iter().filter(|(_, on)| *on).map(|(id, _)| id.to_string()).collect();
        if legal.is_empty() && !flags.is_empty() {
            self.imp.unsupported("card legal in no format (no formats: written)");
        }
        c.list("formats", &legal);
    }
}

/// An icon's name left out in the text.
const EMPTY_NAME: &str = "an empty [] in text, an icon's name left out (removed)";
/// A header written in capitals in the text.
const HEADER_FOLDED: &str = "a header in another capitalisation (folded into one)";
/// A `[Name]` the data's lists do not declare.
pub(super) const UNDECLARED_NAME: &str = "a [Name] in text that the data's lists do not declare (declared as an icon)";

/// `text` without its empty brackets (`[` and `]` with nothing but blanks between), each
/// with one space beside it, and the words around each that went (`gain 1 [] token`).
fn drop_empty_names(text: &str) -> (String, Vec<String>) {
    let mut out = String::with_capacity(text.len());
    let mut dropped = Vec::new();
    // `text` is copied up to `at`; the next `[` is looked for from `search`.
    let (mut at, mut search) = (0, 0);
    while let Some(i) = text[search..].find('[') {
        let open = search + i;
        let Some(close) = text[open + 1..].find(']').map(|c| open + 1 + c) else { break };
        if !text[open + 1..close].trim().is_empty() {
            search = open + 1;
            continue;
        }
        let (before, next) = (&text[at..open], &text[close + 1..]);
        let mut words: Vec<&str> = text[..open].split_whitespace().rev().take(3).collect();
        words.reverse();
        let gap = |blank: bool| if blank { " " } else { "" };
        let after: Vec<&str> = next.split_whitespace().take(3).collect();
        dropped.push(format!(
            "{}{}[]{}{}",
            words.join(" "),
            gap(!words.is_empty() && text[..open].ends_with(char::is_whitespace)),
            gap(!after.is_empty() && next.starts_with(char::is_whitespace)),
            after.join(" ")
        ));
        // One space beside it goes: none is left doubled, nor before a stop.
        let before = match before.strip_suffix(' ') {
            Some(trimmed) if next.is_empty() || next.starts_with([' ', '.', ',', ':', ';', ')']) => trimmed,
            _ => before,
        };
        out.push_str(before);
        at = close + 1;
        if (out.is_empty() || out.ends_with([' ', '\n'])) && next.starts_with(' ') {
            at += 1;
        }
        search = at;
    }
    out.push_str(&text[at..]);
    (out, dropped)
}

/// The one spelling of a header: a header written all in capitals or all in small
/// letters (`SETUP`, `setup`) is written as the data writes headers (`Setup`, `End of
/// Game`), so that one header is declared once.
fn fold_header(written: &str) -> String {
    let letters = || written.chars().filter(|c| c.is_alphabetic());
    let upper = letters().all(char::is_uppercase);
    let lower = letters().all(char::is_lowercase);
    if !(upper || lower) || letters().next().is_none() {
        return written.to_string();
    }
    const SMALL: &[&str] = &["of", "the", "a", "an", "and", "or", "to", "in", "at", "on"];
    written
        .split(' ')
        .enumerate()
        .map(|(i, word)| {
            let lower = word.to_lowercase();
            if i > 0 && SMALL.contains(&lower.as_str()) {
                return lower;
            }
            let mut chars = lower.chars();
            chars.next().map_or_else(String::new, |c| c.to_uppercase().chain(chars).collect())
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// The ability frames of a text, as the compiler reads a block holding it.
fn frames_of(text: &str, cache: &mut crate::text::SentenceCache) -> Vec<crate::text::Frame> {
    let spans: Vec<Span> = crate::syntax::sentences::split(text).into_iter().map(|(s, e)| Span::new(s, e)).collect();
    crate::text::frames_cached(text, &spans, cache)
}

/// Why a key the set does not carry is left out.
fn other_reason(what: &str, key: &str) -> String {
    let reason = match key {
        "dial" => "ship dial (maneuvers and their difficulties)",
        "dialCodes" => "ship dial codes",
        "icon" => "icon image",
        "image" => "card image",
        "artwork" => "card artwork",
        "alt" => "alternative art",
        "caption" => "pilot caption",
        "engagement" => "pilot engagement value (epic)",
        "conditions" => "condition cards a card brings",
        "attack" => "upgrade attack profile (arc, value, range, ordnance)",
        "device" => "device data (bomb, mine, remote, obstacle)",
        _ => return format!("unknown {what} key `{key}`"),
    };
    reason.to_string()
}

fn header_comment(source: &str, version: Option<&str>) -> String {
    let from = match version {
        Some(v) => format!("xwing-data2 {v}"),
        None => "xwing-data2".into(),
    };
    let mut out = String::new();
    writer::comment(
        &mut out,
        &format!("@generated by `cardc import xwing-data2` from {from} `{source}` — do not edit"),
    );
    out.push('\n');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nested_icon_brackets_lose_their_outer_pair() {
        let mut imp = Imported::default();
        assert_eq!(clean_text("Execute a [1 [Straight]] maneuver.", &mut imp), "Execute a 1 [Straight] maneuver.");
        assert_eq!(
            clean_text("your turn [[Turn Left] or [Turn Right]] maneuvers", &mut imp),
            "your turn [Turn Left] or [Turn Right] maneuvers"
        );
        assert_eq!(clean_text("[[Koiogran Turn]] and [Hit]", &mut imp), "[Koiogran Turn] and [Hit]");
        assert_eq!(clean_text("a [Crit] result {x}", &mut imp), "a [Critical Hit] result (x)");
        assert_eq!(clean_text("One. \n\nTwo\nlines.", &mut imp), "One.\n\nTwo lines.");
        assert_eq!(clean_text("unmatched ] and [ stay", &mut imp), "unmatched ] and [ stay");
    }

    #[test]
    fn a_br_is_a_paragraph_break() {
        let mut imp = Imported::default();
        assert_eq!(clean_text(&strip_html("One<br />two.").0, &mut imp), "One\n\ntwo.");
    }

    #[test]
    fn headers_in_capitals_are_folded() {
        assert_eq!(fold_header("SETUP"), "Setup");
        assert_eq!(fold_header("setup"), "Setup");
        assert_eq!(fold_header("END OF GAME"), "End of Game");
        assert_eq!(fold_header("Bonus Attack"), "Bonus Attack");
        assert_eq!(fold_header("End of Game"), "End of Game");
    }

    #[test]
    fn empty_brackets_go_with_a_space_each_and_are_said_with_their_words() {
        let cases: [(&str, &str, &[&str]); 6] = [
            ("Gain 1 [] token.", "Gain 1 token.", &["Gain 1 [] token."]),
            ("Spend 1 [ ].", "Spend 1.", &["Spend 1 [ ]."]),
            ("[] Then gain 1 [Focus] token.", "Then gain 1 [Focus] token.", &["[] Then gain 1"]),
            ("a [] b [] c", "a b c", &["a [] b [] c", "a [] b [] c"]),
            ("No names here [Focus] [Lock].", "No names here [Focus] [Lock].", &[]),
            ("Open [ and never closed", "Open [ and never closed", &[]),
        ];
        for (text, out, said) in cases {
            let (got, dropped) = drop_empty_names(text);
            assert_eq!(got, out, "{text}");
            let said: Vec<String> = said.iter().map(|s| s.replace("[ ]", "[]")).collect();
            assert_eq!(dropped, said, "{text}");
        }
    }
}
