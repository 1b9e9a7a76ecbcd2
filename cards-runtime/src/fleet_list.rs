//! Armada fleet lists as the fleet builders export them as text, read into a fleet of
//! card ids and validated with [`crate::fleet::validate_fleet`]; the verdict is the one
//! XWS squads get ([`crate::verdict::Verdict`]).
//!
//! Five formats are read (rkbodenner/armada-fleet-list-parser's test lists hold one or
//! more of each): Ryan Kingston's builder (`Name:`, `• upgrade`, `= 46 Points`), the
//! Armada Fleet Builder app (`[flagship] Ship (96)`, ` - upgrade (25)`, `1x Squadron`),
//! Armada Warlords (`(96 points)`, `-  upgrade\t( 25\tpoints)`, `= 46 total ship cost`),
//! Flagship (`Faction:`, `- upgrade (25)`, `1 Squadron (19)`) and Armada Fleets Designer
//! (`Ship (96 + 37: 133)`, `\t+ upgrade (25)`, objectives as bare lines). They share one
//! shape, so one reader takes them all, line by line:
//! - `Key: value` headers: `Name`, `Faction`, `Commander`, `Author`, `Points`, the
//!   objectives (`Assault`, `Assault Objective`, `Objectives: a, b, c`…), `Squadrons:`
//!   (what follows is squadrons) and the Fleet Builder's `Rebels - Author: x`;
//! - the first other line is the fleet's name;
//! - a line with a bullet (`-`, `•`, `+`, `*`) is an upgrade of the ship above it;
//! - a line with a count (`2x`, `2 x`, `2`) is a squadron, so is every line under
//!   `Squadrons:`;
//! - any other line with points in parentheses is a ship: `[flagship]` before it marks
//!   the flagship, and in the Fleets Designer's format it may be a squadron too (its
//!   squadrons without a count look like ships), which resolving the name decides;
//! - a line without points after the ships is an objective;
//! - `=` lines are totals and separators.
//!
//! Parenthesised groups at the end of a line are points (`(25)`, `( 25 points)`,
//! `(96 + 37: 133)`: the card's own points come first, `(2 x 13)`: per copy) or, when
//! they hold no digit, a hint of the card's icon (Warlords' `Leia Organa (off)` and
//! `(com)`).
//!
//! Names resolve against the set's card names, forgiving what builders change: case,
//! punctuation and apostrophes (`Jainas Light`); spacing (`Electronic Counter Measures`);
//! short names (`Raider II`, `Pelta Command Ship`, `CR90A Corvette`); a squadron's
//! subtitle or ship type beside its name (`Moldy Crow - Jan Ors`, `Biggs Darklighter
//! X-Wing Squadron`); plurals (`2 Y-Wing Squadrons`); a spelling slip (with a warning).
//! Where two cards share a name, the icon hint and then the points choose. A name that
//! does not resolve is an error with its line, and the list's verdict is `unresolvable`.

use std::collections::BTreeSet;

use crate::fleet::{validate_fleet, Fleet, FleetShip};
use crate::ids::derive_id;
use crate::model::{Card, CardKind, Set};
use crate::suggest;
use crate::violation::Violation;

/// The fleet builder a list was exported from, as far as its text tells.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ListFormat {
    /// Ryan Kingston's fleet builder (`Name:` first).
    RyanKingston,
    /// The Armada Fleet Builder app (`Rebels - Author:`, `= N total points`).
    FleetBuilder,
    /// Armada Warlords (`(N points)`, `= N total ship cost`).
    Warlords,
    /// Flagship (`Faction:`, `= N points`).
    Flagship,
    /// Armada Fleets Designer (a `===` line under the name, `(96 + 37: 133)`).
    FleetsDesigner,
    /// None of these.
    Unknown,
}

impl ListFormat {
    /// The format's name, as the verdicts print it.
    pub fn as_str(self) -> &'static str {
        match self {
            ListFormat::RyanKingston => "ryan-kingston",
            ListFormat::FleetBuilder => "armada-fleet-builder",
            ListFormat::Warlords => "warlords",
            ListFormat::Flagship => "flagship",
            ListFormat::FleetsDesigner => "armada-fleets-designer",
            ListFormat::Unknown => "unknown",
        }
    }

    /// Whether the format always writes a `Commander:` line, so that a missing or empty
    /// one says the list has no commander.
    pub fn has_commander_line(self) -> bool {
        matches!(
            self,
            ListFormat::RyanKingston | ListFormat::FleetBuilder | ListFormat::Warlords | ListFormat::Flagship
        )
    }
}

/// A card line: its name and what the list says beside it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The name as written (spacing normalised).
    pub name: String,
    /// The 1-based line.
    pub line: usize,
    /// How many copies (squadrons); 1 when no count is written.
    pub count: u32,
    /// The points written beside it: per copy or for all of them.
    pub points: Option<i64>,
    /// A parenthesised word that is not points: `com`, `off`.
    pub hint: Option<String>,
}

/// A ship line and the upgrades under it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ListShip {
    /// The ship.
    pub entry: Entry,
    /// Marked `[flagship]`.
    pub flagship: bool,
    /// Its upgrades, in list order.
    pub upgrades: Vec<Entry>,
}

/// What the list's `Commander:` line says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CommanderLine {
    /// There is no `Commander:` line.
    Missing,
    /// `Commander:` with nothing after it, at this line.
    Empty(usize),
    /// `Commander: <name>` at this line.
    Named(String, usize),
}

/// How serious a list diagnostic is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum ListSeverity {
    /// The list cannot be validated.
    Error,
    /// Read, but not quite as written (a spelling, points that differ).
    Warning,
}

/// A problem with one line of a list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ListDiagnostic {
    /// The 1-based line (0: the whole list).
    pub line: usize,
    /// Error or warning.
    pub severity: ListSeverity,
    /// What is wrong.
    pub message: String,
}

impl ListDiagnostic {
    fn error(line: usize, message: impl Into<String>) -> ListDiagnostic {
        ListDiagnostic { line, severity: ListSeverity::Error, message: message.into() }
    }

    fn warning(line: usize, message: impl Into<String>) -> ListDiagnostic {
        ListDiagnostic { line, severity: ListSeverity::Warning, message: message.into() }
    }
}

impl std::fmt::Display for ListDiagnostic {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.line > 0 {
            write!(f, "line {}: {}", self.line, self.message)
        } else {
            f.write_str(&self.message)
        }
    }
}

/// A fleet list as read, before its names are resolved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FleetList {
    /// The builder it came from.
    pub format: ListFormat,
    /// The fleet's name.
    pub name: Option<String>,
    /// The author.
    pub author: Option<String>,
    /// The faction as written, with its line.
    pub faction: Option<(String, usize)>,
    /// The `Commander:` line.
    pub commander: CommanderLine,
    /// The objectives, with their lines.
    pub objectives: Vec<(String, usize)>,
    /// The ships, in list order.
    pub ships: Vec<ListShip>,
    /// The squadrons, in list order.
    pub squadrons: Vec<Entry>,
    /// What reading found wrong (an upgrade before any ship, a line not understood).
    pub diagnostics: Vec<ListDiagnostic>,
}

/// The characters that start an upgrade line.
const BULLETS: &[char] = &['-', '•', '+', '*', '–', '—', '·'];

/// Reads a fleet list. Never fails: what it cannot read is a diagnostic.
pub fn parse(text: &str) -> FleetList {
    let mut list = FleetList {
        format: detect(text),
        name: None,
        author: None,
        faction: None,
        commander: CommanderLine::Missing,
        objectives: Vec::new(),
        ships: Vec::new(),
        squadrons: Vec::new(),
        diagnostics: Vec::new(),
    };
    let mut in_squadrons = false;
    let mut first = true;
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        let s = normalise(raw);
        if s.is_empty() {
            continue;
        }
        if s.starts_with('=') {
            // A total (`= 46 Points`) or a separator (`=====`); a total ends the squadrons.
            in_squadrons &= s.chars().all(|c| c == '=');
            continue;
        }
        if header(&mut list, &s, line, &mut in_squadrons) {
            first = false;
            continue;
        }
        // The first line is the fleet's name, unless it reads as a card line (a bullet, a
        // `[flagship]` mark or a count).
        if std::mem::take(&mut first) && !s.starts_with(BULLETS) && !s.starts_with('[') && count(&s).0.is_none() {
            list.name = Some(strip_parens(&s).to_string());
            continue;
        }
        let Some(card) = entry(&s, line) else {
            list.diagnostics.push(ListDiagnostic::warning(line, format!("line not understood, ignored: `{s}`")));
            continue;
        };
        if in_squadrons {
            list.squadrons.push(card.entry);
        } else if card.bullet {
            match list.ships.last_mut() {
                Some(ship) => ship.upgrades.push(card.entry),
                None => list
                    .diagnostics
                    .push(ListDiagnostic::error(line, format!("upgrade `{}` comes before any ship", card.entry.name))),
            }
        } else if card.counted {
            list.squadrons.push(card.entry);
        } else if card.entry.points.is_none() && card.entry.hint.is_none() {
            // A bare name after the fleet's name: an objective (the Fleets Designer lists
            // them so).
            list.objectives.push((card.entry.name, line));
        } else {
            list.ships.push(ListShip { entry: card.entry, flagship: card.flagship, upgrades: Vec::new() });
        }
    }
    list
}

/// Which builder wrote `text`, from the marks each leaves.
fn detect(text: &str) -> ListFormat {
    let lines: Vec<String> = text.lines().map(normalise).filter(|l| !l.is_empty()).collect();
    let lower: Vec<String> = lines.iter().map(|l| l.to_lowercase()).collect();
    let any = |f: &dyn Fn(&str) -> bool| lower.iter().any(|l| f(l));
    if lower.first().is_some_and(|l| l.starts_with("name:")) {
        ListFormat::RyanKingston
    } else if lines.iter().take(3).any(|l| l.len() >= 3 && l.chars().all(|c| c == '=')) {
        ListFormat::FleetsDesigner
    } else if any(&|l| l.contains(" - author:") || (l.starts_with('=') && l.ends_with("total points"))) {
        ListFormat::FleetBuilder
    } else if any(&|l| l.ends_with("total ship cost") || l.ends_with("total squadron cost")) {
        ListFormat::Warlords
    } else if any(&|l| l.starts_with("faction:")) && any(&|l| l.starts_with('=') && l.ends_with(" points")) {
        ListFormat::Flagship
    } else {
        ListFormat::Unknown
    }
}

/// Tabs and runs of blanks as one space, trimmed.
fn normalise(raw: &str) -> String {
    let mut out = String::with_capacity(raw.len());
    for word in raw.split(|c: char| c.is_whitespace() || c == '\u{feff}') {
        if !word.is_empty() {
            if !out.is_empty() {
                out.push(' ');
            }
            out.push_str(word);
        }
    }
    out
}

/// `text` without a parenthesised group at its end (`Dumpster Fire (400/400)`).
fn strip_parens(text: &str) -> &str {
    match text.strip_suffix(')').and_then(|t| t.rfind('(')) {
        Some(open) if open > 0 => text[..open].trim_end(),
        _ => text,
    }
}

/// Where `pattern` (ASCII) first occurs in `text`, ignoring ASCII case. (Lowercasing the
/// text would move the byte offsets of some non-ASCII letters.)
fn find_ignore_ascii_case(text: &str, pattern: &str) -> Option<usize> {
    let (t, p) = (text.as_bytes(), pattern.as_bytes());
    (0..=t.len().checked_sub(p.len())?).find(|&i| t[i..i + p.len()].eq_ignore_ascii_case(p))
}

/// Reads a `Key: value` header into `list`; false when `s` is not one.
fn header(list: &mut FleetList, s: &str, line: usize, in_squadrons: &mut bool) -> bool {
    if s.starts_with(BULLETS) {
        return false;
    }
    // The Fleet Builder's second line: `Rebels - Author: schmitty`.
    if let Some(at) = find_ignore_ascii_case(s, " - author:") {
        let faction = s[..at].trim();
        if !faction.is_empty() {
            list.faction = Some((faction.to_string(), line));
        }
        let author = s[at + " - author:".len()..].trim();
        if !author.is_empty() {
            list.author = Some(author.to_string());
        }
        return true;
    }
    let Some((key, value)) = s.split_once(':') else { return false };
    let key = key.trim().to_lowercase();
    let value = value.trim();
    let objective = |list: &mut FleetList, v: &str| {
        if !v.is_empty() {
            list.objectives.push((v.to_string(), line));
        }
    };
    match key.as_str() {
        "name" => list.name = Some(value.to_string()).filter(|v| !v.is_empty()),
        "author" => list.author = Some(value.to_string()).filter(|v| !v.is_empty()),
        "faction" => list.faction = Some((value.to_string(), line)).filter(|(v, _)| !v.is_empty()),
        "commander" => {
            list.commander = if value.is_empty() {
                CommanderLine::Empty(line)
            } else {
                CommanderLine::Named(value.to_string(), line)
            }
        }
        "points" | "total points" => {}
        "assault" | "defense" | "navigation" | "assault objective" | "defense objective" | "navigation objective" => {
            objective(list, value)
        }
        "objectives" => {
            for o in value.split(',') {
                objective(list, o.trim());
            }
        }
        _ if strip_parens(&key) == "squadrons" => *in_squadrons = true,
        _ => return false,
    }
    true
}

/// A card line taken apart.
struct CardLine {
    entry: Entry,
    bullet: bool,
    counted: bool,
    flagship: bool,
}

/// Takes a card line apart: bullet, `[flagship]`, count, name, points and hint.
fn entry(s: &str, line: usize) -> Option<CardLine> {
    let mut rest = s;
    let bullet = rest.starts_with(BULLETS);
    if bullet {
        rest = rest.trim_start_matches(BULLETS).trim_start();
    }
    let mut flagship = false;
    if let Some(inner) = rest.strip_prefix('[') {
        if let Some(close) = inner.find(']') {
            if inner[..close].trim().eq_ignore_ascii_case("flagship") {
                flagship = true;
                rest = inner[close + 1..].trim_start();
            }
        }
    }
    let (count, after) = count(rest);
    rest = after;
    let mut points = None;
    let mut hint = None;
    while let Some(body) = rest.strip_suffix(')') {
        let Some(open) = body.rfind('(') else { break };
        let inner = body[open + 1..].trim();
        if let Some(p) = points_in(inner) {
            points = points.or(Some(p));
        } else if hint.is_none() && !inner.is_empty() && inner.len() <= 12 && inner.chars().all(char::is_alphabetic) {
            hint = Some(inner.to_lowercase());
        } else {
            break;
        }
        rest = body[..open].trim_end();
    }
    let name = rest.trim().trim_end_matches([':', '-']).trim_end();
    if name.is_empty() || !name.chars().any(char::is_alphanumeric) {
        return None;
    }
    let entry = Entry { name: name.to_string(), line, count: count.unwrap_or(1), points, hint };
    Some(CardLine { entry, bullet, counted: count.is_some(), flagship })
}

/// A leading count (`2x `, `2 x `, `2 `): the count and the rest.
fn count(s: &str) -> (Option<u32>, &str) {
    let digits = s.len() - s.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    if digits == 0 || digits > 3 {
        return (None, s);
    }
    let n: u32 = s[..digits].parse().unwrap_or(1);
    let after = &s[digits..];
    for sep in ["x ", "X ", "× ", " x ", " X ", " × ", " "] {
        if let Some(rest) = after.strip_prefix(sep) {
            return (Some(n), rest.trim_start());
        }
    }
    (None, s)
}

/// The card's points in a parenthesised group: `25`, `25 points`, `96 + 37: 133` (the
/// first number), `2 x 13` (per copy). `None` when the group is not points.
fn points_in(inner: &str) -> Option<i64> {
    let lower = inner.to_lowercase();
    let words = lower.replace("points", " ").replace("pts", " ");
    if !words.chars().any(|c| c.is_ascii_digit()) || !words.chars().all(|c| c.is_ascii_digit() || " +:x×/".contains(c))
    {
        return None;
    }
    let numbers: Vec<i64> =
        words.split(|c: char| !c.is_ascii_digit()).filter(|w| !w.is_empty()).filter_map(|w| w.parse().ok()).collect();
    if words.contains('x') || words.contains('×') {
        numbers.last().copied()
    } else {
        numbers.first().copied()
    }
}

/// Which cards a name may resolve to.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Pool {
    /// Ship cards that are not squadrons.
    Ships,
    /// Ship cards with the trait `squadron`.
    Squadrons,
    /// Upgrade cards.
    Upgrades,
    /// Upgrade cards with the flagship icon (the commanders).
    Commanders,
}

impl Pool {
    fn noun(self) -> &'static str {
        match self {
            Pool::Ships => "ship",
            Pool::Squadrons => "squadron",
            Pool::Upgrades => "upgrade",
            Pool::Commanders => "commander",
        }
    }
}

/// One way of matching a list's name to a card: `Some(rank)` when the card matches
/// (lower ranks are better).
type Step<'a> = dyn Fn(&u32) -> Option<usize> + 'a;

/// Resolves names against a set's cards.
struct Resolver<'s> {
    set: &'s Set,
    squadron: Option<u16>,
    /// Per card: its name's words, its name's id without dashes, and its name's id.
    keys: Vec<(Vec<String>, String, String)>,
}

/// A name's words for comparing: its id's words, letters and digits apart (`cr90a` →
/// `cr`, `90`, `a`), without `class`, plurals as singulars.
fn words(name: &str) -> Vec<String> {
    let mut out = Vec::new();
    for w in derive_id(name).split('-') {
        let mut part = String::new();
        let mut digit = None;
        for c in w.chars() {
            let d = c.is_ascii_digit();
            if digit.is_some_and(|was| was != d) && !part.is_empty() {
                out.push(std::mem::take(&mut part));
            }
            digit = Some(d);
            part.push(c);
        }
        if !part.is_empty() {
            out.push(part);
        }
    }
    out.retain(|w| w != "class");
    for w in &mut out {
        if w.len() > 3 && w.ends_with('s') && !w.ends_with("ss") {
            w.pop();
        }
    }
    out
}

/// Whether every word of `small` is in `big`, as many times as it is in `small`.
fn sub_multiset(small: &[String], big: &[String]) -> bool {
    let mut left: Vec<&String> = big.iter().collect();
    small.iter().all(|w| match left.iter().position(|b| *b == w) {
        Some(p) => {
            left.swap_remove(p);
            true
        }
        None => false,
    })
}

impl<'s> Resolver<'s> {
    fn new(set: &'s Set) -> Resolver<'s> {
        let squadron = set.vocab.traits.iter().position(|t| t.id == "squadron").map(|i| i as u16);
        let keys = set
            .cards
            .iter()
            .map(|c| {
                let id = derive_id(&c.name);
                (words(&c.name), id.replace('-', ""), id)
            })
            .collect();
        Resolver { set, squadron, keys }
    }

    fn in_pool(&self, card: &Card, pool: Pool) -> bool {
        let squadron = self.squadron.is_some_and(|t| self.set.has_trait(card, t));
        match pool {
            Pool::Ships => card.kind == CardKind::Ship && !squadron,
            Pool::Squadrons => card.kind == CardKind::Ship && squadron,
            Pool::Upgrades => card.kind == CardKind::Upgrade,
            Pool::Commanders => {
                card.kind == CardKind::Upgrade && self.set.flagship_icon.is_some_and(|f| card.icons.contains(&f))
            }
        }
    }

    /// The card `entry` names in `pool`, and a warning when it was read by spelling;
    /// an error message when none or several fit.
    fn resolve(&self, entry: &Entry, pool: Pool) -> Result<(u32, Option<String>), String> {
        let pool_cards: Vec<u32> =
            (0..self.set.cards.len() as u32).filter(|&i| self.in_pool(&self.set.cards[i as usize], pool)).collect();
        let id = derive_id(&entry.name);
        let compact = id.replace('-', "");
        let mine = words(&entry.name);
        if id.is_empty() {
            return Err(format!("`{}` names no card", entry.name));
        }
        let parts: Vec<String> = entry.name.split(" - ").map(derive_id).collect();
        let key = |i: &u32| &self.keys[*i as usize];
        let card_id = |i: &u32| key(i).2.as_str();
        // The ways a builder writes a name, most exact first; the first that finds a card
        // decides.
        let steps: [&Step<'_>; 6] = [
            &|i| (card_id(i) == id).then_some(0),
            &|i| (key(i).1 == compact).then_some(0),
            &|i| parts.iter().any(|part| part == card_id(i)).then_some(0),
            // The name, then its ship type: longest name first.
            &|i| {
                let c = card_id(i);
                id.strip_prefix(c).is_some_and(|r| r.starts_with('-')).then(|| usize::MAX - c.len())
            },
            // Short names: fewest extra words first.
            &|i| sub_multiset(&mine, &key(i).0).then(|| key(i).0.len() - mine.len()),
            // A longer name: most shared words first.
            &|i| sub_multiset(&key(i).0, &mine).then(|| usize::MAX - key(i).0.len()),
        ];
        for step in steps {
            let found: Vec<(u32, usize)> = pool_cards.iter().filter_map(|i| step(i).map(|rank| (*i, rank))).collect();
            if !found.is_empty() {
                return self.choose(entry, found, pool).map(|i| (i, None));
            }
        }
        // A spelling slip: the closest name within a tenth of its length.
        let limit = (compact.len() / 10).max(1);
        let mut best: Vec<(u32, usize)> = Vec::new();
        for i in &pool_cards {
            if let Some(d) = suggest::distance_within(&compact, &key(i).1, limit) {
                best.push((*i, d));
            }
        }
        if !best.is_empty() {
            let i = self.choose(entry, best, pool)?;
            let card = &self.set.cards[i as usize];
            return Ok((i, Some(format!("`{}` read as `{}` ({})", entry.name, card.id, card.name))));
        }
        let names = pool_cards.iter().map(|i| self.set.cards[*i as usize].name.as_ref());
        let hint = suggest::did_you_mean(&entry.name, names).map(|h| format!("; {h}")).unwrap_or_default();
        Err(format!("no {} named `{}` in the set{hint}", pool.noun(), entry.name))
    }

    /// One card out of several found: by the icon hint, then the points, then the rank.
    fn choose(&self, entry: &Entry, found: Vec<(u32, usize)>, pool: Pool) -> Result<u32, String> {
        let card = |i: u32| &self.set.cards[i as usize];
        let mut found = found;
        if let Some(hint) = &entry.hint {
            let icon_matches = |i: u32| {
                card(i).icons.iter().any(|icon| {
                    self.set.vocab.icons.get(*icon as usize).is_some_and(|e| {
                        e.id.starts_with(hint.as_str()) || e.name.to_lowercase().starts_with(hint.as_str())
                    })
                })
            };
            if found.iter().any(|(i, _)| icon_matches(*i)) {
                found.retain(|(i, _)| icon_matches(*i));
            }
        }
        if let Some(p) = entry.points {
            let fits = |i: u32| card(i).cost.is_some_and(|c| c == p || c * i64::from(entry.count) == p);
            if found.iter().any(|(i, _)| fits(*i)) {
                found.retain(|(i, _)| fits(*i));
            }
        }
        let best = found.iter().map(|(_, r)| *r).min().unwrap_or_default();
        found.retain(|(_, r)| *r == best);
        let ids: BTreeSet<&str> = found.iter().map(|(i, _)| card(*i).id.as_ref()).collect();
        match found.as_slice() {
            [(one, _)] => Ok(*one),
            _ => Err(format!(
                "`{}` could be the {} {}",
                entry.name,
                pool.noun(),
                ids.iter().map(|id| format!("`{id}`")).collect::<Vec<_>>().join(" or ")
            )),
        }
    }

    /// The faction a list names: its id or display name, a plural, a word of its
    /// display name, or the adjective (`Imperial`).
    fn faction(&self, text: &str) -> Option<u16> {
        let mine = words(text);
        let id = derive_id(text);
        let adjectives = [("imperial", "empire"), ("separatists", "separatist")];
        let id = adjectives.iter().find(|(a, _)| *a == id).map_or(id, |(_, f)| f.to_string());
        let factions = &self.set.vocab.factions;
        let found = factions.iter().position(|f| f.id == id || derive_id(&f.name) == id).or_else(|| {
            factions.iter().position(|f| {
                let theirs: Vec<String> = words(&f.id).into_iter().chain(words(&f.name)).collect();
                !mine.is_empty() && sub_multiset(&mine, &theirs)
            })
        });
        found.map(|i| i as u16)
    }
}

/// A list resolved to card indices.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Resolved {
    /// The fleet: the ships, then each squadron copy as a ship of its own.
    pub fleet: Fleet,
    /// Per ship of the list (not squadrons): whether it is marked `[flagship]`.
    pub marked_flagship: Vec<bool>,
    /// The commander the `Commander:` line names, resolved.
    pub commander: Option<u32>,
    /// Errors (a name that resolves to nothing) and warnings.
    pub diagnostics: Vec<ListDiagnostic>,
}

/// Resolves the list's names against `set`.
pub fn resolve(set: &Set, list: &FleetList) -> Resolved {
    let r = Resolver::new(set);
    let mut out = Resolved { diagnostics: list.diagnostics.clone(), ..Resolved::default() };
    let mut found = Vec::new();
    let mut diag = |line: usize, result: Result<(u32, Option<String>), String>| match result {
        Ok((i, warning)) => {
            if let Some(w) = warning {
                found.push(ListDiagnostic::warning(line, w));
            }
            Some(i)
        }
        Err(e) => {
            found.push(ListDiagnostic::error(line, e));
            None
        }
    };
    let mut fleet = Fleet::default();
    let mut squadrons: Vec<(u32, u32)> = Vec::new();
    for ship in &list.ships {
        let as_ship = r.resolve(&ship.entry, Pool::Ships);
        // The Fleets Designer writes squadrons without a count, like ships.
        let as_squadron = (as_ship.is_err() && ship.upgrades.is_empty() && r.squadron.is_some())
            .then(|| r.resolve(&ship.entry, Pool::Squadrons))
            .filter(Result::is_ok);
        if let Some(found) = as_squadron {
            if let Some(i) = diag(ship.entry.line, found) {
                squadrons.push((i, ship.entry.count));
            }
            continue;
        }
        let index = diag(ship.entry.line, as_ship);
        // The upgrades of a ship that does not resolve are resolved all the same, so that
        // every name that does not is reported.
        let upgrades =
            ship.upgrades.iter().filter_map(|u| diag(u.line, r.resolve(u, Pool::Upgrades))).collect::<Vec<_>>();
        let Some(index) = index else { continue };
        fleet.ships.push(FleetShip { ship: index, upgrades });
        out.marked_flagship.push(ship.flagship);
    }
    if list.squadrons.is_empty() || r.squadron.is_some() {
        for s in &list.squadrons {
            if let Some(i) = diag(s.line, r.resolve(s, Pool::Squadrons)) {
                squadrons.push((i, s.count));
            }
        }
    } else {
        out.diagnostics.push(ListDiagnostic::warning(
            0,
            "the set has no squadron cards (no trait `squadron`): the squadrons are not validated",
        ));
    }
    for (i, n) in squadrons {
        for _ in 0..n.min(100) {
            fleet.ships.push(FleetShip { ship: i, upgrades: Vec::new() });
        }
    }
    if let CommanderLine::Named(name, line) = &list.commander {
        // `Commander: Kyrsta Agate (com)`: the hint and points as on a card line.
        let e = entry(name, *line)
            .map_or_else(|| Entry { name: name.clone(), line: *line, count: 1, points: None, hint: None }, |c| c.entry);
        out.commander = diag(*line, r.resolve(&e, Pool::Commanders));
    }
    out.diagnostics.extend(found);
    match &list.faction {
        Some((text, line)) => match r.faction(text) {
            Some(f) => fleet.faction = Some(f),
            None => {
                let names: Vec<&str> = set.vocab.factions.iter().map(|f| f.name.as_ref()).collect();
                out.diagnostics.push(ListDiagnostic::error(
                    *line,
                    format!("no faction `{text}` (the set's: {})", names.join(", ")),
                ));
            }
        },
        // No faction written: the first ship's, when it has one.
        None => {
            fleet.faction = fleet.ships.first().and_then(|s| match &set.cards[s.ship as usize].factions[..] {
                [one] => Some(*one),
                _ => None,
            })
        }
    }
    if list.ships.is_empty() {
        out.diagnostics.push(ListDiagnostic::error(0, "no ship in the list"));
    }
    if let Some(diags) = points_warnings(set, list, &out) {
        out.diagnostics.extend(diags);
    }
    out.fleet = fleet;
    out.diagnostics.sort_by_key(|d| (d.line, d.severity));
    out
}

/// Warnings for points that differ from the card's (a list built under other points).
fn points_warnings(set: &Set, list: &FleetList, resolved: &Resolved) -> Option<Vec<ListDiagnostic>> {
    if resolved.diagnostics.iter().any(|d| d.severity == ListSeverity::Error) {
        return None;
    }
    let r = Resolver::new(set);
    let mut out = Vec::new();
    let entries = list
        .ships
        .iter()
        .flat_map(|s| std::iter::once((&s.entry, Pool::Ships)).chain(s.upgrades.iter().map(|u| (u, Pool::Upgrades))));
    for (entry, pool) in entries.chain(list.squadrons.iter().map(|s| (s, Pool::Squadrons))) {
        let Some(p) = entry.points else { continue };
        let found = r.resolve(entry, pool).or_else(|_| r.resolve(entry, Pool::Squadrons));
        let Ok((i, _)) = found else { continue };
        let card = &set.cards[i as usize];
        if let Some(cost) = card.cost {
            if cost != p && cost * i64::from(entry.count) != p {
                out.push(ListDiagnostic::warning(
                    entry.line,
                    format!("the list gives `{}` {p} points, the card costs {cost}", entry.name),
                ));
            }
        }
    }
    Some(out)
}

/// A list's verdict: warnings are [`ListDiagnostic`]s with their lines; an unresolvable
/// list holds its diagnostics, the errors (a name or the faction does not resolve) and the
/// warnings, in line order.
pub type Verdict = crate::verdict::Verdict<ListDiagnostic, Vec<ListDiagnostic>>;

/// A list read, resolved and validated.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ListOutcome {
    /// The builder it came from.
    pub format: ListFormat,
    /// The verdict, with the warnings of reading the list (a spelling, points that differ,
    /// a line ignored).
    pub verdict: Verdict,
}

impl ListOutcome {
    /// The warnings of reading the list, whatever its verdict.
    pub fn warnings(&self) -> Vec<&ListDiagnostic> {
        match &self.verdict {
            Verdict::Unresolvable(d) => d.iter().filter(|d| d.severity == ListSeverity::Warning).collect(),
            v => v.warnings().iter().collect(),
        }
    }

    /// The errors that leave the list unresolvable (none when it is not).
    pub fn errors(&self) -> Vec<&ListDiagnostic> {
        match &self.verdict {
            Verdict::Unresolvable(d) => d.iter().filter(|d| d.severity == ListSeverity::Error).collect(),
            _ => Vec::new(),
        }
    }
}

/// Reads, resolves and validates a list against `set`. Besides the set's rules, a list
/// that a builder exported with a `Commander:` line must name on it the commander its
/// ships equip (`commander-line`), and a ship marked `[flagship]` must be the one that
/// equips the commander (`flagship-marker`).
pub fn validate(set: &Set, text: &str) -> ListOutcome {
    let list = parse(text);
    let resolved = resolve(set, &list);
    let verdict = if resolved.diagnostics.iter().any(|d| d.severity == ListSeverity::Error) {
        Verdict::Unresolvable(resolved.diagnostics)
    } else {
        let mut violations = list_violations(set, &list, &resolved);
        violations.extend(validate_fleet(set, &resolved.fleet));
        if violations.is_empty() {
            Verdict::Legal(resolved.diagnostics)
        } else {
            Verdict::Illegal(violations, resolved.diagnostics)
        }
    };
    ListOutcome { format: list.format, verdict }
}

/// The list's own checks: its `Commander:` line and its `[flagship]` mark against what the
/// ships equip.
fn list_violations(set: &Set, list: &FleetList, resolved: &Resolved) -> Vec<Violation> {
    let mut out = Vec::new();
    let Some(flag) = set.flagship_icon else { return out };
    let card = |i: u32| &set.cards[i as usize];
    // (ship, commander) for every commander equipped.
    let equipped: Vec<(u32, u32)> = resolved
        .fleet
        .ships
        .iter()
        .flat_map(|s| s.upgrades.iter().filter(|&&u| card(u).icons.contains(&flag)).map(move |&u| (s.ship, u)))
        .collect();
    let violation = |message: String, ship: Option<u32>, c: Option<u32>| Violation {
        id: "commander-line".into(),
        message,
        ship: ship.map(|s| card(s).id.clone()),
        card: c.map(|c| card(c).id.clone()),
    };
    if list.format.has_commander_line() {
        match (&list.commander, resolved.commander) {
            (CommanderLine::Named(name, _), Some(c)) if !equipped.iter().any(|(_, u)| *u == c) => {
                out.push(violation(format!("the Commander line names {name}, but no ship equips it"), None, Some(c)))
            }
            (CommanderLine::Missing | CommanderLine::Empty(_), _) => {
                for (ship, c) in &equipped {
                    let why = if matches!(list.commander, CommanderLine::Missing) { "has no" } else { "has an empty" };
                    out.push(violation(
                        format!(
                            "the list {why} Commander line, but {} equips {} as its commander",
                            card(*ship).name,
                            card(*c).name
                        ),
                        Some(*ship),
                        Some(*c),
                    ));
                }
            }
            _ => {}
        }
    }
    for (k, marked) in resolved.marked_flagship.iter().enumerate() {
        let Some(ship) = resolved.fleet.ships.get(k) else { continue };
        if *marked && !ship.upgrades.iter().any(|u| card(*u).icons.contains(&flag)) {
            out.push(Violation {
                id: "flagship-marker".into(),
                message: format!("{} is marked [flagship] but equips no commander", card(ship.ship).name),
                ship: Some(card(ship.ship).id.clone()),
                card: None,
            });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn card_lines_come_apart() {
        let e = entry("-  Kyrsta Agate (com) ( 20 points)", 3).unwrap();
        assert!(e.bullet && !e.counted);
        assert_eq!(
            (e.entry.name.as_str(), e.entry.points, e.entry.hint.as_deref()),
            ("Kyrsta Agate", Some(20), Some("com"))
        );
        let e = entry("[ flagship ] MC80 Star Cruiser (96 points)", 1).unwrap();
        assert!(e.flagship);
        assert_eq!((e.entry.name.as_str(), e.entry.points), ("MC80 Star Cruiser", Some(96)));
        let e = entry("MC80 Star Cruiser (96 + 37: 133)", 1).unwrap();
        assert_eq!(e.entry.points, Some(96));
        let e = entry("2 x X-wing Squadron (2 x 13)", 1).unwrap();
        assert!(e.counted);
        assert_eq!((e.entry.count, e.entry.points), (2, Some(13)));
        let e = entry("1x Moldy Crow - Jan Ors (19)", 1).unwrap();
        assert_eq!((e.entry.name.as_str(), e.entry.count), ("Moldy Crow - Jan Ors", 1));
        let e = entry("• 2 x Y-wing Squadron (20)", 1).unwrap();
        assert!(e.bullet && e.counted);
        assert!(entry("- ", 1).is_none());
        assert!(entry("(12)", 1).is_none());
    }

    #[test]
    fn the_first_line_is_the_name_unless_it_is_a_card() {
        let list = parse("Hawk Pelta Admo\n\nGR-75 Medium Transports (18 points)\n- Comms Net ( 2 points)\n");
        assert_eq!(list.name.as_deref(), Some("Hawk Pelta Admo"));
        assert_eq!((list.ships.len(), list.ships[0].upgrades.len()), (1, 1));
        let list = parse("[flagship] Victory II (85)\n- Harrow (3)\n2 x TIE Fighter Squadron (16)\n");
        assert_eq!(list.name, None);
        assert!(list.ships[0].flagship);
        assert_eq!((list.ships.len(), list.squadrons.len(), list.squadrons[0].count), (1, 1, 2));
    }

    #[test]
    fn names_compare_by_words() {
        assert_eq!(words("CR90A Corvette"), ["cr", "90", "a", "corvette"]);
        assert!(sub_multiset(&words("CR90A Corvette"), &words("CR90 Corvette A")));
        assert!(sub_multiset(&words("Y-Wing Squadrons"), &words("Y-wing Squadron")));
        assert!(!sub_multiset(&words("Raider II"), &words("Raider I-class Corvette")));
        assert!(sub_multiset(&words("Raider II"), &words("Raider II-class Corvette")));
    }

    #[test]
    fn headers_survive_letters_that_lowercase_longer() {
        let list = parse("İİİ - Author: x\nİ - author: y");
        assert_eq!(list.faction.map(|f| f.0).as_deref(), Some("İ"));
        assert_eq!(find_ignore_ascii_case("aİ - AUTHOR:", " - author:"), Some(3));
    }

    #[test]
    fn points_groups() {
        assert_eq!(points_in("25"), Some(25));
        assert_eq!(points_in("20 points"), Some(20));
        assert_eq!(points_in("96 + 37: 133"), Some(96));
        assert_eq!(points_in("2 x 13"), Some(13));
        assert_eq!(points_in("com"), None);
        assert_eq!(points_in("400/400"), Some(400));
    }
}
