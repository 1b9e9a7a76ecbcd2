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
use crate::suggest::{self, shown};
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
    /// Read, but not quite as written (a name read by its words or its spelling, points
    /// that differ, a line ignored, Windows line endings).
    Warning,
    /// Read as written by the rules of names: a name in other capitals, spacing or
    /// punctuation than the card's is the card's (their ids are the same). Counted, not
    /// shown line by line.
    Note,
}

/// The kinds of list diagnostics, for the counts of a batch ([`ListTally`]).
pub mod kind {
    /// A byte order mark (U+FEFF), at the start or elsewhere.
    pub const BOM: &str = "a byte order mark (ignored)";
    /// `\r\n` line ends.
    pub const CRLF: &str = "Windows line ends (`\\r\\n`, read as line ends)";
    /// `\r` alone as a line end.
    pub const CR: &str = "lone carriage returns (`\\r`, read as line ends)";
    /// Bytes that are not UTF-8.
    pub const NOT_UTF8: &str = "bytes that are not UTF-8 (read as `\u{fffd}`)";
    /// Control characters inside a line.
    pub const CONTROL: &str = "control characters (read as spaces)";
    /// A line that is neither a header, a card nor a total.
    pub const LINE_IGNORED: &str = "a line not understood (ignored)";
    /// A parenthesised group with digits that is not points.
    pub const POINTS_NOT_READ: &str = "points not understood (ignored)";
    /// Points beside a card that are not the card's.
    pub const POINTS_DIFFER: &str = "points that differ from the card's";
    /// A name read by its words: a builder's short or long form, a subtitle, a plural.
    pub const NAME_BY_WORDS: &str = "a name read as a card's by its words (a short or long form, a subtitle, a plural)";
    /// A name read as the card whose name it is closest to.
    pub const NAME_BY_SPELLING: &str = "a name read as the card it is closest to (a spelling)";
    /// A name in other capitals, spacing or punctuation than the card's (a note).
    pub const NAME_BY_ID: &str = "a name in other capitals, spacing or punctuation than the card's";
    /// Squadrons in a list whose set has none.
    pub const NO_SQUADRON_CARDS: &str = "squadrons the set cannot validate (it has no squadron cards)";
    /// A name that names no card (an error).
    pub const UNKNOWN_NAME: &str = "a name that names no card";
    /// A name that could be two cards or more (an error).
    pub const AMBIGUOUS_NAME: &str = "a name that could be several cards";
    /// A faction the set does not have (an error).
    pub const UNKNOWN_FACTION: &str = "a faction the set does not have";
    /// An upgrade line before any ship line (an error).
    pub const UPGRADE_BEFORE_SHIP: &str = "an upgrade before any ship";
    /// A list without ships (an error).
    pub const NO_SHIP: &str = "no ship in the list";
}

/// A problem with one line of a list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ListDiagnostic {
    /// The 1-based line (0: the whole list).
    pub line: usize,
    /// Error, warning or note.
    pub severity: ListSeverity,
    /// What kind of problem, one of [`kind`]'s, for the counts.
    pub kind: &'static str,
    /// What is wrong, and what was read.
    pub message: String,
}

impl ListDiagnostic {
    fn new(line: usize, severity: ListSeverity, kind: &'static str, message: impl Into<String>) -> ListDiagnostic {
        ListDiagnostic { line, severity, kind, message: message.into() }
    }

    fn error(line: usize, kind: &'static str, message: impl Into<String>) -> ListDiagnostic {
        ListDiagnostic::new(line, ListSeverity::Error, kind, message)
    }

    fn warning(line: usize, kind: &'static str, message: impl Into<String>) -> ListDiagnostic {
        ListDiagnostic::new(line, ListSeverity::Warning, kind, message)
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
    let (lines, diagnostics) = lines_of(text);
    let mut list = FleetList {
        format: detect(&lines),
        name: None,
        author: None,
        faction: None,
        commander: CommanderLine::Missing,
        objectives: Vec::new(),
        ships: Vec::new(),
        squadrons: Vec::new(),
        diagnostics,
    };
    let mut in_squadrons = false;
    let mut first = true;
    for (i, raw) in lines.iter().enumerate() {
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
            list.diagnostics.push(ListDiagnostic::warning(
                line,
                kind::LINE_IGNORED,
                format!("line not understood, ignored: `{}`", shown(&s)),
            ));
            continue;
        };
        if let Some(group) = &card.unread {
            list.diagnostics.push(ListDiagnostic::warning(
                line,
                kind::POINTS_NOT_READ,
                format!("`({})` beside `{}` is not points; ignored", shown(group), shown(&card.entry.name)),
            ));
        }
        if in_squadrons {
            list.squadrons.push(card.entry);
        } else if card.bullet {
            match list.ships.last_mut() {
                Some(ship) => ship.upgrades.push(card.entry),
                None => list.diagnostics.push(ListDiagnostic::error(
                    line,
                    kind::UPGRADE_BEFORE_SHIP,
                    format!("upgrade `{}` comes before any ship", shown(&card.entry.name)),
                )),
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

/// The lines of `text`, ended by `\n`, `\r\n` or `\r` alone, and a warning for what a
/// list should not hold but is read all the same: Windows line ends and lone carriage
/// returns (once, at the first), a byte order mark, control characters (at each line).
fn lines_of(text: &str) -> (Vec<&str>, Vec<ListDiagnostic>) {
    let mut lines = Vec::new();
    let mut ends: [(usize, usize); 2] = [(0, 0); 2];
    let mut rest = text;
    while !rest.is_empty() {
        let (line, end, next) = match rest.find(['\n', '\r']) {
            Some(at) if rest[at..].starts_with("\r\n") => (&rest[..at], Some(0), &rest[at + 2..]),
            Some(at) if rest[at..].starts_with('\r') => (&rest[..at], Some(1), &rest[at + 1..]),
            Some(at) => (&rest[..at], None, &rest[at + 1..]),
            None => (rest, None, ""),
        };
        lines.push(line);
        if let Some(k) = end {
            ends[k].1 += 1;
            if ends[k].0 == 0 {
                ends[k].0 = lines.len();
            }
        }
        rest = next;
    }
    let mut out = Vec::new();
    for ((first, n), (kind, what)) in ends.into_iter().zip([(kind::CRLF, "`\\r\\n`"), (kind::CR, "`\\r` alone")]) {
        if n > 0 {
            let lines = if n == 1 { "line".to_string() } else { format!("{n} lines") };
            out.push(ListDiagnostic::warning(first, kind, format!("{lines} end in {what}; read as line ends")));
        }
    }
    for (i, line) in lines.iter().enumerate() {
        if line.contains('\u{feff}') {
            let at = if i == 0 && line.starts_with('\u{feff}') { " at the start" } else { "" };
            out.push(ListDiagnostic::warning(i + 1, kind::BOM, format!("a byte order mark (U+FEFF){at}; ignored")));
        }
        if line.chars().any(|c| c.is_control() && c != '\t') {
            out.push(ListDiagnostic::warning(i + 1, kind::CONTROL, "control characters; read as spaces"));
        }
    }
    (lines, out)
}

/// Which builder wrote the list, from the marks each leaves on its lines.
fn detect(lines: &[&str]) -> ListFormat {
    let lines: Vec<String> = lines.iter().map(|l| normalise(l)).filter(|l| !l.is_empty()).collect();
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

/// Tabs and runs of blanks (and byte order marks and control characters) as one space,
/// trimmed.
fn normalise(raw: &str) -> String {
    let mut out = String::with_capacity(raw.len());
    for word in raw.split(|c: char| c.is_whitespace() || c.is_control() || c == '\u{feff}') {
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
    /// A group at the end of the line that holds digits but is not points (`(2O)`).
    unread: Option<String>,
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
    let mut unread = None;
    while let Some(body) = rest.strip_suffix(')') {
        let Some(open) = body.rfind('(') else { break };
        let inner = body[open + 1..].trim();
        if let Some(p) = points_in(inner) {
            points = points.or(Some(p));
        } else if hint.is_none() && !inner.is_empty() && inner.len() <= 12 && inner.chars().all(char::is_alphabetic) {
            hint = Some(inner.to_lowercase());
        } else if points.is_none() && unread.is_none() && inner.len() <= 20 && inner.chars().any(|c| c.is_ascii_digit())
        {
            // Where the points go, with a slip in them: not part of the name.
            unread = Some(inner.to_string());
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
    Some(CardLine { entry, bullet, counted: count.is_some(), flagship, unread })
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

/// How a list's name was read as a card's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Reading {
    /// It is the card's name.
    AsWritten,
    /// In other capitals, spacing or punctuation: the same id.
    ById,
    /// By its words: a short or long form, a subtitle, a plural.
    ByWords,
    /// As the closest name, within a tenth of its length.
    BySpelling,
}

impl Reading {
    /// What to tell about reading `entry` as `card`: nothing, a note or a warning.
    fn diagnostic(self, entry: &Entry, card: &Card) -> Option<ListDiagnostic> {
        let read_as = format!("`{}` read as `{}` ({})", shown(&entry.name), card.id, card.name);
        let (severity, kind) = match self {
            Reading::AsWritten => return None,
            Reading::ById => (ListSeverity::Note, kind::NAME_BY_ID),
            Reading::ByWords => (ListSeverity::Warning, kind::NAME_BY_WORDS),
            Reading::BySpelling => (ListSeverity::Warning, kind::NAME_BY_SPELLING),
        };
        Some(ListDiagnostic::new(entry.line, severity, kind, read_as))
    }
}

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

    /// The card `entry` names in `pool`, and how its name was read; an error (its kind and
    /// message) when none or several fit.
    fn resolve(&self, entry: &Entry, pool: Pool) -> Result<(u32, Reading), (&'static str, String)> {
        let pool_cards: Vec<u32> =
            (0..self.set.cards.len() as u32).filter(|&i| self.in_pool(&self.set.cards[i as usize], pool)).collect();
        let id = derive_id(&entry.name);
        let compact = id.replace('-', "");
        let mine = words(&entry.name);
        if id.is_empty() {
            return Err((kind::UNKNOWN_NAME, format!("`{}` names no card", shown(&entry.name))));
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
        for (k, step) in steps.iter().enumerate() {
            let found: Vec<(u32, usize)> = pool_cards.iter().filter_map(|i| step(i).map(|rank| (*i, rank))).collect();
            if !found.is_empty() {
                let i = self.choose(entry, found, pool)?;
                let reading = match k {
                    _ if *self.set.cards[i as usize].name == *entry.name => Reading::AsWritten,
                    0 | 1 => Reading::ById,
                    _ => Reading::ByWords,
                };
                return Ok((i, reading));
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
            return Ok((self.choose(entry, best, pool)?, Reading::BySpelling));
        }
        Err(self.unknown(entry, &[pool]))
    }

    /// The error for a name no card of `pools` has, with the closest name of theirs.
    fn unknown(&self, entry: &Entry, pools: &[Pool]) -> (&'static str, String) {
        let names =
            self.set.cards.iter().filter(|c| pools.iter().any(|p| self.in_pool(c, *p))).map(|c| c.name.as_ref());
        let hint = suggest::did_you_mean(&entry.name, names).map(|h| format!("; {h}")).unwrap_or_default();
        let nouns: Vec<&str> = pools.iter().map(|p| p.noun()).collect();
        (kind::UNKNOWN_NAME, format!("no {} named `{}` in the set{hint}", nouns.join(" or "), shown(&entry.name)))
    }

    /// One card out of several found: by the icon hint, then the points, then the rank.
    fn choose(&self, entry: &Entry, found: Vec<(u32, usize)>, pool: Pool) -> Result<u32, (&'static str, String)> {
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
            _ => Err((
                kind::AMBIGUOUS_NAME,
                format!(
                    "`{}` could be the {} {}",
                    shown(&entry.name),
                    pool.noun(),
                    ids.iter().map(|id| format!("`{id}`")).collect::<Vec<_>>().join(" or ")
                ),
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
    let mut diag = |entry: &Entry, result: Result<(u32, Reading), (&'static str, String)>| match result {
        Ok((i, reading)) => {
            found.extend(reading.diagnostic(entry, &set.cards[i as usize]));
            Some(i)
        }
        Err((kind, message)) => {
            found.push(ListDiagnostic::error(entry.line, kind, message));
            None
        }
    };
    let mut fleet = Fleet::default();
    let mut squadrons: Vec<(u32, u32)> = Vec::new();
    for ship in &list.ships {
        let mut as_ship = r.resolve(&ship.entry, Pool::Ships);
        // The Fleets Designer writes squadrons without a count, like ships.
        let may_be_squadron = as_ship.is_err() && ship.upgrades.is_empty() && r.squadron.is_some();
        let as_squadron = may_be_squadron.then(|| r.resolve(&ship.entry, Pool::Squadrons));
        if let (Err((kind::UNKNOWN_NAME, _)), Some(Err((kind::UNKNOWN_NAME, _)))) = (&as_ship, &as_squadron) {
            as_ship = Err(r.unknown(&ship.entry, &[Pool::Ships, Pool::Squadrons]));
        }
        let as_squadron = as_squadron.filter(Result::is_ok);
        if let Some(found) = as_squadron {
            if let Some(i) = diag(&ship.entry, found) {
                squadrons.push((i, ship.entry.count));
            }
            continue;
        }
        let index = diag(&ship.entry, as_ship);
        // The upgrades of a ship that does not resolve are resolved all the same, so that
        // every name that does not is reported.
        let upgrades = ship.upgrades.iter().filter_map(|u| diag(u, r.resolve(u, Pool::Upgrades))).collect::<Vec<_>>();
        let Some(index) = index else { continue };
        fleet.ships.push(FleetShip { ship: index, upgrades });
        out.marked_flagship.push(ship.flagship);
    }
    if list.squadrons.is_empty() || r.squadron.is_some() {
        for s in &list.squadrons {
            if let Some(i) = diag(s, r.resolve(s, Pool::Squadrons)) {
                squadrons.push((i, s.count));
            }
        }
    } else {
        out.diagnostics.push(ListDiagnostic::warning(
            0,
            kind::NO_SQUADRON_CARDS,
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
        out.commander = diag(&e, r.resolve(&e, Pool::Commanders));
    }
    out.diagnostics.extend(found);
    match &list.faction {
        Some((text, line)) => match r.faction(text) {
            Some(f) => fleet.faction = Some(f),
            None => {
                let names: Vec<&str> = set.vocab.factions.iter().map(|f| f.name.as_ref()).collect();
                out.diagnostics.push(ListDiagnostic::error(
                    *line,
                    kind::UNKNOWN_FACTION,
                    format!("no faction `{}` (the set's: {})", shown(text), names.join(", ")),
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
        out.diagnostics.push(ListDiagnostic::error(0, kind::NO_SHIP, "no ship in the list"));
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
                    kind::POINTS_DIFFER,
                    format!("the list gives `{}` {p} points, the card costs {cost}", shown(&entry.name)),
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
        self.of(ListSeverity::Warning)
    }

    /// The errors that leave the list unresolvable (none when it is not).
    pub fn errors(&self) -> Vec<&ListDiagnostic> {
        self.of(ListSeverity::Error)
    }

    /// The notes of reading the list: names in other capitals, spacing or punctuation.
    pub fn notes(&self) -> Vec<&ListDiagnostic> {
        self.of(ListSeverity::Note)
    }

    /// Every diagnostic of reading the list, in line order.
    pub fn diagnostics(&self) -> &[ListDiagnostic] {
        match &self.verdict {
            Verdict::Unresolvable(d) => d,
            v => v.warnings(),
        }
    }

    fn of(&self, severity: ListSeverity) -> Vec<&ListDiagnostic> {
        self.diagnostics().iter().filter(|d| d.severity == severity).collect()
    }
}

/// The text of a list file: UTF-8, with a warning at each line that holds bytes that are
/// not (read as U+FFFD), so that a list saved in another encoding is read as far as it can
/// be and says where it was not.
pub fn decode(bytes: &[u8]) -> (String, Vec<ListDiagnostic>) {
    let mut text = String::with_capacity(bytes.len());
    let mut lines = BTreeSet::new();
    for chunk in bytes.utf8_chunks() {
        text.push_str(chunk.valid());
        if !chunk.invalid().is_empty() {
            lines.insert(text.matches('\n').count() + 1);
            text.push('\u{fffd}');
        }
    }
    let diagnostics = lines
        .into_iter()
        .map(|line| ListDiagnostic::warning(line, kind::NOT_UTF8, "bytes that are not UTF-8, read as `\u{fffd}`"))
        .collect();
    (text, diagnostics)
}

/// [`validate`] for a list file's bytes: what is not UTF-8 is read as U+FFFD, with a
/// warning at its line ([`decode`]).
pub fn validate_bytes(set: &Set, bytes: &[u8]) -> ListOutcome {
    let (text, found) = decode(bytes);
    let mut outcome = validate(set, &text);
    if !found.is_empty() {
        let diagnostics = match &mut outcome.verdict {
            Verdict::Legal(d) | Verdict::Illegal(_, d) | Verdict::Unresolvable(d) => d,
        };
        diagnostics.extend(found);
        diagnostics.sort_by_key(|d| (d.line, d.severity));
    }
    outcome
}

/// The verdicts of a batch of lists, and how often each kind of diagnostic was given: what
/// `cardc validate --fleet-list` prints after a batch.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ListTally {
    /// Lists judged.
    pub lists: usize,
    /// Legal lists.
    pub legal: usize,
    /// Illegal lists, and how many broke each rule.
    pub illegal: usize,
    /// Rule id → lists that break it.
    pub by_violation: std::collections::BTreeMap<String, usize>,
    /// Lists that could not be validated.
    pub unresolvable: usize,
    /// Diagnostic kind → how many, per severity.
    pub by_kind: std::collections::BTreeMap<(ListSeverity, &'static str), usize>,
    /// Lists read with at least one warning.
    pub warned: usize,
}

impl ListTally {
    /// Counts one list's outcome.
    pub fn add(&mut self, outcome: &ListOutcome) {
        self.lists += 1;
        match &outcome.verdict {
            Verdict::Legal(_) => self.legal += 1,
            Verdict::Illegal(..) => {
                self.illegal += 1;
                for id in outcome.verdict.ids() {
                    *self.by_violation.entry(id).or_default() += 1;
                }
            }
            Verdict::Unresolvable(_) => self.unresolvable += 1,
        }
        for d in outcome.diagnostics() {
            *self.by_kind.entry((d.severity, d.kind)).or_default() += 1;
        }
        self.warned += usize::from(!outcome.warnings().is_empty());
    }

    /// The table, one count per line: the verdicts (illegal by rule, unresolvable by the
    /// kind of error), then the warnings and the notes by kind.
    pub fn table(&self) -> String {
        let mut out = format!("fleet lists: {}\nlegal: {}\nillegal: {}\n", self.lists, self.legal, self.illegal);
        for (id, n) in &self.by_violation {
            out.push_str(&format!("  {id}: {n}\n"));
        }
        out.push_str(&format!("unresolvable: {}\n", self.unresolvable));
        let section = |out: &mut String, severity: ListSeverity| {
            for ((s, kind), n) in &self.by_kind {
                if *s == severity {
                    out.push_str(&format!("  {n:>4}  {kind}\n"));
                }
            }
        };
        section(&mut out, ListSeverity::Error);
        out.push_str(&format!("read with warnings: {}\n", self.warned));
        section(&mut out, ListSeverity::Warning);
        let notes: usize = self.by_kind.iter().filter(|((s, _), _)| *s == ListSeverity::Note).map(|(_, n)| n).sum();
        if notes > 0 {
            out.push_str("read by the rules of names (not shown line by line):\n");
            section(&mut out, ListSeverity::Note);
        }
        out
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
    fn line_ends_marks_and_control_characters_are_read_with_a_warning() {
        let (lines, d) = lines_of("\u{feff}Name: x\r\nA (1)\r\n- B (2)\rC\u{7}D (3)\n");
        assert_eq!(lines, ["\u{feff}Name: x", "A (1)", "- B (2)", "C\u{7}D (3)"]);
        let found: Vec<(usize, &str)> = d.iter().map(|d| (d.line, d.kind)).collect();
        assert_eq!(found, [(1, kind::CRLF), (3, kind::CR), (1, kind::BOM), (4, kind::CONTROL)]);
        assert_eq!(d[0].message, "2 lines end in `\\r\\n`; read as line ends");
        assert_eq!(d[2].message, "a byte order mark (U+FEFF) at the start; ignored");
        let list = parse("\u{feff}Name: x\r\nA (1)\r\n- B (2)\rC\u{7}D (3)\n");
        assert_eq!(list.name.as_deref(), Some("x"));
        let names: Vec<&str> = list.ships.iter().map(|s| s.entry.name.as_str()).collect();
        assert_eq!(names, ["A", "C D"]);
        assert_eq!(list.ships[0].upgrades[0].name, "B");
        let (lines, d) = lines_of("a\nb");
        assert_eq!((lines, d), (vec!["a", "b"], Vec::new()), "a last line without its end is a line");
    }

    #[test]
    fn a_group_with_digits_that_is_not_points_is_left_out_of_the_name() {
        let list = parse("Name: x\nVictory II (85)\n- Harrow (3O)\n- Gunnery Team (7) (#1)\n");
        let upgrades = &list.ships[0].upgrades;
        assert_eq!((upgrades[0].name.as_str(), upgrades[0].points), ("Harrow", None));
        assert_eq!((upgrades[1].name.as_str(), upgrades[1].points), ("Gunnery Team", Some(7)));
        let found: Vec<(usize, &str)> = list.diagnostics.iter().map(|d| (d.line, d.kind)).collect();
        assert_eq!(found, [(3, kind::POINTS_NOT_READ), (4, kind::POINTS_NOT_READ)]);
        assert_eq!(list.diagnostics[0].message, "`(3O)` beside `Harrow` is not points; ignored");
    }

    #[test]
    fn bytes_that_are_not_utf8_are_replaced_and_their_lines_told() {
        let (text, d) = decode(b"Name: x\nS\xe9ance (3)\n\xff\xfe ok \xc3\xa9\n");
        // Each byte that starts no character is one replacement, as `from_utf8_lossy` reads it.
        assert_eq!(text, "Name: x\nS\u{fffd}ance (3)\n\u{fffd}\u{fffd} ok \u{e9}\n");
        let lines: Vec<usize> = d.iter().map(|d| d.line).collect();
        assert_eq!(lines, [2, 3]);
        assert!(d.iter().all(|d| d.kind == kind::NOT_UTF8 && d.severity == ListSeverity::Warning));
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
