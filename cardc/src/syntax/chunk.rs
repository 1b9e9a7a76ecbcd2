//! Cuts a file into top-level items before parsing, so that a syntax error in one card
//! cannot hide the errors of the next.
//!
//! An item starts on a line whose first word is a top-level keyword (`game`, `rule`, a
//! vocabulary keyword, a card kind…) while no `{` is open. While one is open (a card whose
//! `}` is missing), a line that starts like a card (`upgrade "…"`) still starts a new item,
//! and the unclosed brace is reported on the item it belongs to.

use crate::ast::{CardKind, FileId, Span};
use crate::declare_code;
use crate::diagnostics::{Diagnostic, Fix};

declare_code! {
    /// ## What
    /// A `{` has no matching `}`: the card (or its `text { … }` block) is not closed
    /// before the next card starts or the file ends.
    ///
    /// ## Why
    /// Without the `}` the compiler cannot tell where the card ends. It reads the card as if
    /// it were closed at that point so that the rest of the file is still checked.
    ///
    /// ## Example
    /// ```text
    /// upgrade "Dominator" {
    ///   icon: title
    ///
    /// upgrade "Warlord" {
    /// ```
    /// Add `}` after `icon: title`.
    pub static E0002: "E0002", "unclosed-brace", Error;
}

declare_code! {
    /// ## What
    /// A string literal is not closed with `"` on the line it starts on.
    ///
    /// ## Why
    /// Strings never span lines, so a missing `"` is reported where the line ends rather
    /// than swallowing the rest of the file.
    ///
    /// ## Example
    /// `upgrade "Dominator {` — write `upgrade "Dominator" {`.
    pub static E0003: "E0003", "unterminated-string", Error;
}

/// One top-level item's bytes.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Chunk {
    /// First byte.
    pub start: usize,
    /// One past the last byte.
    pub end: usize,
    /// How many `{` are still open at the end.
    pub unclosed: usize,
    /// Whether the chunker already reported an error inside it (later parse errors in the
    /// chunk are follow-ons and are not reported).
    pub had_error: bool,
    /// Where each string that runs to the end of its line (reported as E0003) ends: the
    /// offset of its line break, or of the end of the file. The parser closes the string
    /// there, so the item is still read.
    pub open_strings: Vec<usize>,
}

impl Chunk {
    /// The chunk's text in `text` (the file it was cut from), and the chunk as it stands in
    /// that text alone, at offset 0: how an item is read on its own.
    pub fn alone<'t>(&self, text: &'t str) -> (&'t str, Chunk) {
        let slice = &text[self.start..self.end];
        let alone = Chunk {
            start: 0,
            end: slice.len(),
            unclosed: self.unclosed,
            had_error: self.had_error,
            open_strings: self.open_strings.iter().filter_map(|at| at.checked_sub(self.start)).collect(),
        };
        (slice, alone)
    }
}

/// The last `text { … }` or `ability "…" { … }` block of an item: where its `{` is, which
/// keyword opened it, and the `}` that closed it.
#[derive(Clone, Copy)]
struct RawBlock {
    keyword: &'static str,
    open: usize,
    close: Option<usize>,
}

/// Whether the line (from its first word on) starts like a card: a word that may be a
/// card's kind (any but the keywords of other declarations: a game may name its own kinds,
/// even after a vocabulary keyword such as `class`), then a quote.
pub(crate) fn starts_card(content: &str) -> bool {
    let word = leading_word(content);
    // `ability "Name" {` is a block inside a card.
    !word.is_empty()
        && word != "ability"
        && !super::keywords::DECLARATIONS.iter().any(|(w, _)| *w == word)
        && content[word.len()..].trim_start_matches([' ', '\t']).starts_with('"')
}

/// Whether the line surely starts a card, where a line of some other item may start like
/// one (the text of a block, an entry of a list, a rule's words): it starts like a card of
/// a conformance kind (`upgrade "…`), or like a card of any kind whose `{` opens on the line
/// (`hero "Brom" {`). A line of text such as `blessed "Ward" token.` does not.
pub(crate) fn starts_card_surely(content: &str) -> bool {
    starts_card(content) && (CardKind::from_keyword(leading_word(content)).is_some() || opens_brace(content))
}

/// Whether a line that starts like a card (a word, then a name in quotes) opens its body
/// after the name: a card's header does, a rule's line never.
fn opens_brace(content: &str) -> bool {
    let Some(open) = content.find('"') else { return false };
    let mut escaped = false;
    let close = content[open + 1..].char_indices().find(|&(_, c)| {
        let end = c == '"' && !escaped;
        escaped = c == '\\' && !escaped;
        end
    });
    close.is_some_and(|(at, _)| content[open + 1 + at + 1..].split('#').next().is_some_and(|rest| rest.contains('{')))
}

fn leading_word(s: &str) -> &str {
    let end = s.find(|c: char| !(c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')).unwrap_or(s.len());
    &s[..end]
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Last {
    Other,
    Text,
    Ability,
    AbilityName,
}

/// Cuts `text` into items. Reports unterminated strings and unclosed braces.
pub fn chunks(file: FileId, text: &str, diagnostics: &mut Vec<Diagnostic>) -> Vec<Chunk> {
    let mut out: Vec<Chunk> = Vec::new();
    let mut current: Option<Chunk> = None;
    let mut open: Vec<usize> = Vec::new();
    let mut raw = false;
    let mut last = Last::Other;
    let mut line_start = 0;
    // After an unterminated string the braces of the item can no longer be trusted: only
    // a line that starts a card starts a new item.
    let mut broken = false;
    // Whether a line that starts with no keyword continues the current item: a rule's
    // constraint, a list after a trailing comma, a card whose `{` is on the next line.
    // Anything else is a stray line of its own, so it cannot break the item before it.
    let mut continues = false;
    // Whether the item's last line ends in the middle of a rule (`where`, `and`, `with`…):
    // then even a line starting with a keyword (`size …`) continues it.
    let mut dangling = false;
    let mut kind_word = "";
    // Whether the item's last line ends with `,`: a list goes on, even with an entry named
    // as a keyword or a kind (`kind hero "Hero" unit,` then `upgrade "Upgrade" upgrade`),
    // unless the line is a card's header.
    let mut comma_end = false;
    // Whether the current item is a card: it starts like one, or with a card kind of the
    // conformance games (whose name may follow on the next line).
    let mut is_card = false;
    // Whether the current item has opened a `{`: a card continues on a line that starts
    // with no keyword only until it has (`ship "X"` / `{`), or with a `}` (one left over
    // after a broken text block); after its body, another such line is a stray line of its
    // own (`hero "Aria" {`), not the card's.
    let mut item_brace = false;
    let mut last_raw: Option<RawBlock> = None;

    let finish = |chunk: Option<Chunk>,
                  open: &mut Vec<usize>,
                  last_raw: &mut Option<RawBlock>,
                  out: &mut Vec<Chunk>,
                  d: &mut Vec<Diagnostic>| {
        if let Some(mut chunk) = chunk {
            if let Some(&brace) = open.last() {
                d.push(unclosed(file, text, brace, *last_raw));
                chunk.unclosed = open.len();
                chunk.had_error = true;
            }
            out.push(chunk);
        }
        open.clear();
        *last_raw = None;
    };

    while line_start < text.len() {
        let line_end = text[line_start..].find('\n').map_or(text.len(), |i| line_start + i + 1);
        let line = &text[line_start..line_end];
        let indent = line.len() - line.trim_start_matches([' ', '\t', '\u{feff}']).len();
        let content = &line[indent..];
        let significant = !(content.trim().is_empty() || content.starts_with('#'));
        let starts_item = significant
            && if open.is_empty() && !raw && !broken {
                current.is_none()
                    || (super::keywords::is_top_level(leading_word(content)) && !dangling
                        && !(comma_end && kind_word != "rule" && starts_card(content) && !opens_brace(content)))
                    || !continues
                    || (item_brace && is_card && !content.starts_with('}'))
                    // A card of a kind the game declares (`hero "Brom" {`) after a rule or a
                    // list that ends with `,`, whose lines may go on with any word.
                    || (!is_card && !dangling && starts_card_surely(content) && (!comma_end || opens_brace(content)))
            } else {
                starts_card_surely(content)
            };
        if starts_item {
            finish(current.take(), &mut open, &mut last_raw, &mut out, diagnostics);
            raw = false;
            broken = false;
            last = Last::Other;
            current = Some(Chunk {
                start: line_start,
                end: line_start,
                unclosed: 0,
                had_error: false,
                open_strings: Vec::new(),
            });
            kind_word = leading_word(content);
            is_card = starts_card(content) || CardKind::from_keyword(kind_word).is_some();
            item_brace = false;
        }
        if significant {
            let code = content.split('#').next().unwrap_or("").trim_end();
            continues = kind_word == "rule" || is_card || code.ends_with(',');
            comma_end = code.ends_with(',');
            let last = code.rsplit(|c: char| c.is_whitespace()).next().unwrap_or("");
            dangling = kind_word == "rule"
                && (code.ends_with([',', ':']) || matches!(last, "where" | "and" | "or" | "not" | "with" | "per"));
        }
        if let Some(chunk) = current.as_mut() {
            let errors_before = chunk.had_error;
            let mut scan = Scan {
                open: &mut open,
                raw: &mut raw,
                last: &mut last,
                last_raw: &mut last_raw,
                opened: &mut item_brace,
            };
            scan.line(file, text, line_start + indent, line_end, chunk, diagnostics);
            chunk.end = line_end;
            // A card whose header string is broken may hide its `{`; a one-line item may not.
            broken |= chunk.had_error && !errors_before && is_card;
        }
        line_start = line_end;
    }
    finish(current.take(), &mut open, &mut last_raw, &mut out, diagnostics);
    out
}

/// The state of the chunker that one line's scan moves on.
struct Scan<'s> {
    open: &'s mut Vec<usize>,
    raw: &'s mut bool,
    last: &'s mut Last,
    last_raw: &'s mut Option<RawBlock>,
    /// Set when a `{` opens.
    opened: &'s mut bool,
}

impl Scan<'_> {
    fn line(
        &mut self,
        file: FileId,
        text: &str,
        from: usize,
        to: usize,
        chunk: &mut Chunk,
        diagnostics: &mut Vec<Diagnostic>,
    ) {
        let Scan { open, raw, last, last_raw, opened } = self;
        let bytes = text.as_bytes();
        let mut i = from;
        while i < to {
            let b = bytes[i];
            if **raw {
                if b == b'}' {
                    open.pop();
                    **raw = false;
                    **last = Last::Other;
                    if let Some(block) = last_raw.as_mut() {
                        block.close = Some(i);
                    }
                }
                i += 1;
                continue;
            }
            match b {
                b'#' => return,
                b'"' => {
                    let mut j = i + 1;
                    let mut closed = false;
                    while j < to {
                        match bytes[j] {
                            b'\\' => j += 2,
                            b'"' => {
                                closed = true;
                                break;
                            }
                            b'\n' | b'\r' => break,
                            _ => j += 1,
                        }
                    }
                    if !closed {
                        let end = text[i..to].trim_end_matches(['\n', '\r']).len() + i;
                        diagnostics.push(
                            Diagnostic::new(&E0003, "unterminated string")
                                .label(file, Span::new(i, end), "this string has no closing `\"`")
                                .help("add `\"` where the string ends; strings cannot span lines")
                                .fix(Fix::maybe(
                                    "close the string at the end of the line",
                                    file,
                                    Span::new(end, end),
                                    "\"",
                                )),
                        );
                        chunk.had_error = true;
                        chunk.open_strings.push(end);
                        return;
                    }
                    **last = if **last == Last::Ability { Last::AbilityName } else { Last::Other };
                    i = j + 1;
                }
                b'{' => {
                    open.push(i);
                    **opened = true;
                    **raw = matches!(**last, Last::Text | Last::AbilityName);
                    if **raw {
                        let keyword = if **last == Last::Text { "text" } else { "ability" };
                        **last_raw = Some(RawBlock { keyword, open: i, close: None });
                    }
                    **last = Last::Other;
                    i += 1;
                }
                b'}' => {
                    open.pop();
                    **last = Last::Other;
                    i += 1;
                }
                b' ' | b'\t' | b'\r' | b'\n' => i += 1,
                _ => {
                    let word = leading_word(&text[i..to]);
                    if word.is_empty() {
                        **last = Last::Other;
                        i += text[i..].chars().next().map_or(1, char::len_utf8);
                    } else {
                        **last = match word {
                            "text" => Last::Text,
                            "ability" => Last::Ability,
                            _ => Last::Other,
                        };
                        i += word.len();
                    }
                }
            }
        }
    }
}

/// The indentation of the line holding byte `at`, in bytes.
fn indent_at(text: &str, at: usize) -> usize {
    let start = text[..at].rfind('\n').map_or(0, |i| i + 1);
    text[start..].len() - text[start..].trim_start_matches([' ', '\t']).len()
}

/// Whether the byte at `at` is the first on its line but for blanks.
fn first_on_line(text: &str, at: usize) -> bool {
    let start = text[..at].rfind('\n').map_or(0, |i| i + 1);
    text[start..at].trim_matches([' ', '\t']).is_empty()
}

/// The E0002 for the unclosed `{` at `brace`. When a text block's `}` is missing, the
/// card's own `}` closes the text and the card's `{` is left open: if the `}` that closed
/// the item's last text block starts its line no deeper than the line of `brace`, it was
/// written for the card, and the text block is the one reported.
fn unclosed(file: FileId, text: &str, brace: usize, last_raw: Option<RawBlock>) -> Diagnostic {
    if let Some(RawBlock { keyword, open, close: Some(close) }) = last_raw {
        if open > brace && first_on_line(text, close) && indent_at(text, close) <= indent_at(text, brace) {
            let line_start = text[..close].rfind('\n').map_or(0, |i| i + 1);
            let indent = " ".repeat(indent_at(text, open));
            let fix = Fix::maybe(
                format!("add `}}` where the `{keyword}` block ends"),
                file,
                Span::new(line_start, line_start),
                format!("{indent}}}\n"),
            );
            return Diagnostic::new(&E0002, format!("unclosed `{keyword}` block"))
                .label(file, Span::new(open, open + 1), format!("this `{keyword}` block is never closed"))
                .label(
                    file,
                    Span::new(close, close + 1),
                    format!("so this `}}` ends the `{keyword}` block, not the card"),
                )
                .fix(fix);
        }
    }
    Diagnostic::new(&E0002, "unclosed `{`")
        .label(file, Span::new(brace, brace + 1), "this `{` is never closed")
        .help("add `}` where the block ends")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cut(text: &str) -> (Vec<&str>, Vec<String>) {
        let mut d = Vec::new();
        let c = chunks(0, text, &mut d);
        (c.iter().map(|c| &text[c.start..c.end]).collect(), d.iter().map(|d| d.code.id.to_string()).collect())
    }

    #[test]
    fn items_and_continuations() {
        let (c, d) = cut("# c\ngame x \"X\"\nsize a, b\nrule r \"m\":\n  at most 1 card per fleet\n");
        assert_eq!(c, ["game x \"X\"\n", "size a, b\n", "rule r \"m\":\n  at most 1 card per fleet\n"]);
        let (c, _) = cut("rule r \"m\": at most 1 card\n  per ship where\n  size l\nsize m\n");
        assert_eq!(c, ["rule r \"m\": at most 1 card\n  per ship where\n  size l\n", "size m\n"]);
        let (c, _) = cut("game x \"X\"\nstray words\nfaction a,\n  b\n");
        assert_eq!(c, ["game x \"X\"\n", "stray words\n", "faction a,\n  b\n"]);
        assert!(d.is_empty());
    }

    /// Cards of a game's own kinds (`hero "Brom" {`): after a rule, after a list that
    /// ends with `,`, written with no blank before the quote; and lines that only start like
    /// one (a line of text, an entry of a list) that do not start an item.
    #[test]
    fn cards_of_a_games_own_kinds() {
        let (c, d) = cut("rule r \"m\":\n  at most 1 item per hero\nhero \"Brom\" {\n  cost: 3\n}\n");
        assert_eq!(c, ["rule r \"m\":\n  at most 1 item per hero\n", "hero \"Brom\" {\n  cost: 3\n}\n"]);
        assert!(d.is_empty());
        let (c, _) = cut("faction a \"A\",\nhero \"Brom\" {\n  cost: 3\n}\n");
        assert_eq!(c, ["faction a \"A\",\n", "hero \"Brom\" {\n  cost: 3\n}\n"]);
        let (c, _) = cut("hero\"A\" {\n}\nhero\"B\" {\n}\n");
        assert_eq!(c, ["hero\"A\" {\n}\n", "hero\"B\" {\n}\n"]);
        // A line of text that starts with a word and a quote is the block's.
        let text = "item \"Scroll\" {\n  text {\n    It gains the\n    blessed \"Ward\" token.\n  }\n}\n";
        let (c, d) = cut(text);
        assert_eq!((c, d), (vec![text], Vec::<String>::new()));
        // A list goes on after `,`, even with an entry named as a keyword or a kind.
        let text = "kind hero \"Hero\" unit,\n  upgrade \"Upgrade\" upgrade\nroster band\n";
        let (c, _) = cut(text);
        assert_eq!(c, ["kind hero \"Hero\" unit,\n  upgrade \"Upgrade\" upgrade\n", "roster band\n"]);
        // A `distance` line is an item of its own, between a roster and a card.
        let (c, d) = cut("roster band\ndistance space \"Space\" \"Spaces\" adjacent 1\nhero \"B\" {\n}\n");
        assert_eq!(c, ["roster band\n", "distance space \"Space\" \"Spaces\" adjacent 1\n", "hero \"B\" {\n}\n"]);
        assert!(d.is_empty());
        // A `verb` line is an item of its own, and goes on after a `,`.
        let (c, d) = cut("verb heal, push,\n  cast \"casts\" \"cast\"\nverb bury\nhero \"B\" {\n}\n");
        assert_eq!(c, ["verb heal, push,\n  cast \"casts\" \"cast\"\n", "verb bury\n", "hero \"B\" {\n}\n"]);
        assert!(d.is_empty());
        let (c, _) = cut("faction a \"A\",\n  empire \"Galactic Empire\"\n");
        assert_eq!(c, ["faction a \"A\",\n  empire \"Galactic Empire\"\n"]);
    }

    #[test]
    fn cards_with_text_blocks_hold_their_braces() {
        let (c, d) = cut("ship \"A\" {\n  text {\n ship \"x\" is { odd\n }\n}\nship \"B\" { }\n");
        // the text line starting with `ship "` does start a new item: the author is told
        assert_eq!(c.len(), 3, "{c:?}");
        assert_eq!(d, ["E0002"]);
        let (c, d) = cut("ship \"A\" {\n  text { a { b }\n}\nship \"B\" { }\n");
        assert_eq!(c.len(), 2, "{c:?}");
        assert!(d.is_empty(), "{d:?}");
    }

    #[test]
    fn missing_brace_starts_next_card() {
        let (c, d) = cut("upgrade \"A\" {\n  icon: x\n\nupgrade \"B\" {\n  icon: y\n}\n");
        assert_eq!(c.len(), 2);
        assert_eq!(d, ["E0002"]);
    }

    #[test]
    fn unterminated_string() {
        let (c, d) = cut("upgrade \"A {\n  icon: x\n}\n");
        assert_eq!(c.len(), 1);
        assert_eq!(d, ["E0003"]);
        let (c, d) = cut("upgrade \"A {\n  icon: x\n}\nupgrade \"B\" {\n}\n");
        assert_eq!(c.len(), 2);
        assert_eq!(d, ["E0003"]);
        // In the game's vocabulary it costs only its own line.
        let (c, d) = cut("faction a \"A\nsize s\nicon x\n");
        assert_eq!(c.len(), 3);
        assert_eq!(d, ["E0003"]);
    }

    #[test]
    fn braces_in_strings_and_comments_do_not_count() {
        let (c, d) = cut("ship \"{\" { # {\n}\nship \"B\" {}\n");
        assert_eq!(c.len(), 2);
        assert!(d.is_empty());
    }
}
