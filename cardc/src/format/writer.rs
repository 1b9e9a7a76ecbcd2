//! Writing `.cards` text: the one place where generators (the importers and `cardc::synth`)
//! spell the card language, so that whatever a name or a text holds stays inside its
//! string, comment or block.
//!
//! - a string is written with [`quote()`]: `"` and `\` escaped, a line break (which no
//!   string may hold) written as a space;
//! - a comment ([`comment`]) is one line: a line break in it is written as a space, so
//!   that the rest of the text cannot become code;
//! - a field value is one line (the grammar ends a value at the end of its line): line
//!   breaks in it are written as spaces. A value is code the caller composes from ids,
//!   numbers and [`quote()`]d strings;
//! - a `text { … }` or `ability "…" { … }` block ends at the first `}`, and a line in it
//!   that starts like a card (`upgrade "…"`) is read as the next card: braces in its text
//!   are written as parentheses, and such a line starts with a capital (`Upgrade "…"`).
//!
//! The writer lays the text out simply; `cardc fmt`'s formatter gives it its final layout.
//!
//! ```
//! use cardc::format::writer::{game, quote, Card};
//! use cards_runtime::model::CardKind;
//!
//! let mut out = String::new();
//! game(&mut out, "demo", "Demo \"Game\"");
//! let mut card = Card::new(CardKind::Upgrade, "Vader's \"Wrath\"", None);
//! card.field("cost", 3);
//! card.text("Before you attack, gain 1 {focus} token.");
//! card.write(&mut out);
//! assert_eq!(
//!     out,
//!     "game demo \"Demo \\\"Game\\\"\"\n\
//!      upgrade \"Vader's \\\"Wrath\\\"\" {\n  cost: 3\n  text {\n    Before you attack, gain 1 (focus) token.\n  }\n}\n"
//! );
//! assert_eq!(quote("a\nb"), "\"a b\"");
//! ```

use std::fmt::{Display, Write as _};

use cards_runtime::model::CardKind;

/// `text` as a string literal of the card language: `"…"` with `"` and `\` escaped, and
/// line breaks and tabs (which a string cannot hold) written as spaces.
pub fn quote(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    for c in text.chars() {
        match c {
            '"' | '\\' => {
                out.push('\\');
                out.push(c);
            }
            '\n' | '\r' | '\t' => out.push(' '),
            _ => out.push(c),
        }
    }
    out.push('"');
    out
}

/// `text` on one line: line breaks written as spaces.
fn one_line(text: &str) -> String {
    text.replace(['\n', '\r'], " ")
}

/// Writes `# text` as one comment line.
pub fn comment(out: &mut String, text: &str) {
    let _ = writeln!(out, "# {}", one_line(text));
}

/// Writes the game declaration: `game id "Name"`.
pub fn game(out: &mut String, id: &str, name: &str) {
    let _ = writeln!(out, "game {id} {}", quote(name));
}

/// One vocabulary entry: `id`, `id "Name"`, `id "Name" implicit`: its id, its display name
/// if it has one, and a flag (`implicit` on an icon, `optional` on a header) if it is
/// marked.
pub fn entry(id: &str, name: Option<&str>, flag: Option<&str>) -> String {
    let mut out = id.to_string();
    if let Some(name) = name {
        out.push(' ');
        out.push_str(&quote(name));
    }
    if let Some(flag) = flag {
        out.push(' ');
        out.push_str(flag);
    }
    out
}

/// `(id, name)` pairs as entries with display names.
pub fn named_entries<'a>(pairs: impl IntoIterator<Item = (&'a str, &'a str)>) -> Vec<String> {
    pairs.into_iter().map(|(id, name)| entry(id, Some(name), None)).collect()
}

/// Writes one vocabulary line: `keyword a "A", b "B"`. Nothing for no entries.
pub fn vocab_line(out: &mut String, keyword: &str, entries: &[String]) {
    if !entries.is_empty() {
        let _ = writeln!(out, "{keyword} {}", entries.join(", "));
    }
}

/// Writes vocabulary lines of at most about `width` characters, each starting with
/// `keyword`: a line holds at least one entry, and takes the next while it fits.
pub fn vocab_lines(out: &mut String, keyword: &str, entries: &[String], width: usize) {
    let mut line = String::new();
    for e in entries {
        if !line.is_empty() && line.len() + e.len() + 2 > width {
            let _ = writeln!(out, "{line}");
            line.clear();
        }
        if line.is_empty() {
            line = format!("{keyword} {e}");
        } else {
            let _ = write!(line, ", {e}");
        }
    }
    if !line.is_empty() {
        let _ = writeln!(out, "{line}");
    }
}

/// Writes the lints the set allows: `allow a, b`.
pub fn allow(out: &mut String, lints: &[&str]) {
    let _ = writeln!(out, "allow {}", lints.join(", "));
}

/// Writes the flagship line: the icon whose card makes a ship the flagship.
pub fn flagship(out: &mut String, icon: &str) {
    let _ = writeln!(out, "flagship: ship with {icon}");
}

/// Writes a rule: `rule id "message":` and its constraint on the next line.
pub fn rule(out: &mut String, id: &str, message: &str, constraint: &str) {
    let _ = writeln!(out, "rule {id} {}:\n  {}", quote(message), one_line(constraint));
}

/// A card being written: its head, its fields in the order given, then its blocks.
#[derive(Clone, Debug)]
pub struct Card {
    head: String,
    fields: Vec<String>,
    blocks: Vec<String>,
}

impl Card {
    /// A card of `kind` named `name`, with `as id` when `id` is given.
    pub fn new(kind: CardKind, name: &str, id: Option<&str>) -> Card {
        let mut head = format!("{kind} {}", quote(name));
        if let Some(id) = id {
            let _ = write!(head, " as {id}");
        }
        Card { head, fields: Vec::new(), blocks: Vec::new() }
    }

    /// `key: value`.
    pub fn field(&mut self, key: &str, value: impl Display) {
        self.fields.push(format!("{key}: {}", one_line(&value.to_string())));
    }

    /// `key: "value"`: a string field.
    pub fn string(&mut self, key: &str, value: &str) {
        self.field(key, quote(value));
    }

    /// `key: a, b, c`; nothing when `values` is empty.
    pub fn list(&mut self, key: &str, values: &[impl AsRef<str>]) {
        if !values.is_empty() {
            let values: Vec<&str> = values.iter().map(AsRef::as_ref).collect();
            self.field(key, values.join(", "));
        }
    }

    /// Several fields on one line, two spaces apart (`attack: 3  agility: 2`); nothing for
    /// none.
    pub fn row<K: Display, V: Display>(&mut self, fields: impl IntoIterator<Item = (K, V)>) {
        let row: Vec<String> = fields.into_iter().map(|(k, v)| one_line(&format!("{k}: {v}"))).collect();
        if !row.is_empty() {
            self.fields.push(row.join("  "));
        }
    }

    /// A bare flag: `unique`.
    pub fn flag(&mut self, key: &str) {
        self.fields.push(key.to_string());
    }

    /// Whether a field (or flag) `key` has been written.
    pub fn has(&self, key: &str) -> bool {
        self.fields.iter().any(|f| f.split("  ").any(|part| part == key || part.starts_with(&format!("{key}:"))))
    }

    /// A `text { … }` block: each line of `text` a line of the block, blank lines kept.
    pub fn text(&mut self, text: &str) {
        self.block("text".into(), text);
    }

    /// An `ability "name" { … }` block: a named ship ability.
    pub fn ability(&mut self, name: &str, text: &str) {
        self.block(format!("ability {}", quote(name)), text);
    }

    /// The text of every block, lowercase, for a generator that fills in what the text
    /// spends.
    pub fn block_text(&self) -> String {
        self.blocks.concat().to_lowercase()
    }

    fn block(&mut self, head: String, text: &str) {
        let mut out = format!("  {head} {{\n");
        for line in text.replace("\r\n", "\n").replace('{', "(").replace('}', ")").split('\n') {
            let line = line.trim_start();
            if line.is_empty() {
                out.push('\n');
            } else if starts_like_a_card(line) {
                let mut chars = line.chars();
                let first: String = chars.next().into_iter().flat_map(char::to_uppercase).collect();
                let _ = writeln!(out, "    {first}{}", chars.as_str());
            } else {
                let _ = writeln!(out, "    {line}");
            }
        }
        out.push_str("  }\n");
        self.blocks.push(out);
    }

    /// Writes the card: its head, a field a line, its blocks, `}`.
    pub fn write(self, out: &mut String) {
        let _ = writeln!(out, "{} {{", self.head);
        for f in self.fields {
            let _ = writeln!(out, "  {f}");
        }
        for b in self.blocks {
            out.push_str(&b);
        }
        out.push_str("}\n");
    }

    /// Writes the card on one line (`part "Hull" { hull: 1 }`) when it has no block, else
    /// as [`Card::write`] does.
    pub fn write_inline(self, out: &mut String) {
        if !self.blocks.is_empty() {
            return self.write(out);
        }
        let _ = writeln!(out, "{} {{ {} }}", self.head, self.fields.join("  "));
    }
}

/// Whether a line starts as a card does (`upgrade "…"`): the parser takes such a line for
/// the next card even inside a block.
fn starts_like_a_card(line: &str) -> bool {
    crate::syntax::chunk::starts_card_surely(line)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::format_source;

    #[test]
    fn quoting_escapes_and_flattens() {
        assert_eq!(quote(r#"GNK "Gonk" \ Droid"#), r#""GNK \"Gonk\" \\ Droid""#);
        assert_eq!(quote("a\nb\r\tc"), "\"a b  c\"");
    }

    /// Names and texts that try to break out of their string, comment or block stay data:
    /// the file parses as one game and one card, with the name and text as given.
    #[test]
    fn hostile_names_stay_inside_their_strings() {
        let name = "Evil\" {\n}\nupgrade \"Injected";
        let mut out = String::new();
        comment(&mut out, "a comment\ngame injected \"X\"");
        game(&mut out, "g", name);
        vocab_line(&mut out, "icon", &[entry("crew", Some(name), Some("implicit"))]);
        rule(&mut out, "r", name, "unique names\nper fleet");
        let mut card = Card::new(CardKind::Upgrade, name, Some("evil"));
        card.field("cost", "1\nunique");
        card.string("xws", name);
        card.text("Gain 1 focus. }\nupgrade \"Injected\" {");
        card.ability(name, "} }");
        card.write(&mut out);
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines[0], "# a comment game injected \"X\"");
        assert_eq!(lines[1], r#"game g "Evil\" { } upgrade \"Injected""#);
        assert_eq!(lines[4], "  unique names per fleet");
        assert_eq!(out.matches("\nupgrade ").count(), 1, "one card:\n{out}");
        assert!(out.contains("\n  cost: 1 unique\n"), "a value stays on its line:\n{out}");
        assert!(out.contains("    Gain 1 focus. )\n    Upgrade \"Injected\" (\n"), "{out}");
        if let Err(e) = format_source(&out) {
            panic!("the text does not parse: {e:?}\n{out}");
        }
    }

    #[test]
    fn fields_then_blocks() {
        let mut card = Card::new(CardKind::Ship, "X-wing", None);
        card.text("One.\n\nTwo.");
        card.row([("attack", 3), ("agility", 2)]);
        card.row(Vec::<(&str, i64)>::new());
        card.list("traits", &["a", "b"]);
        card.list("formats", &[] as &[&str]);
        card.flag("unique");
        assert!(card.has("agility") && card.has("unique") && !card.has("formats"));
        let mut out = String::new();
        card.write(&mut out);
        assert_eq!(
            out,
            "ship \"X-wing\" {\n  attack: 3  agility: 2\n  traits: a, b\n  unique\n  text {\n    One.\n\n    Two.\n  }\n}\n"
        );
        let mut part = Card::new(CardKind::Part, "Hull", None);
        part.field("hull", 1);
        part.flag("drive");
        let mut out = String::new();
        part.write_inline(&mut out);
        assert_eq!(out, "part \"Hull\" { hull: 1  drive }\n");
    }

    #[test]
    fn vocabulary_lines_fill_to_the_width() {
        let entries = named_entries([("a", "Alpha"), ("b", "Beta"), ("c", "Gamma")]);
        let mut out = String::new();
        vocab_lines(&mut out, "icon", &entries, 30);
        assert_eq!(out, "icon a \"Alpha\", b \"Beta\"\nicon c \"Gamma\"\n");
        let mut out = String::new();
        vocab_lines(&mut out, "icon", &entries[..1], 5);
        assert_eq!(out, "icon a \"Alpha\"\n", "a line holds at least one entry");
    }
}
