//! Second readings of items that do not parse, for mistakes whose fix is certain (a
//! misspelt keyword, a card's kind in capitals, a `,` at the end of a vocabulary line,
//! typographic quotes around a string), and what can be saved of an
//! item that cannot be read at all (the entries of a vocabulary line, the game's name), so
//! that one broken line does not make every use of what it declares an error too.

use super::{Build, E0001};
use crate::ast::{
    DistanceDecl, Game, Ident, Item, KindDecl, KindEntry, Number, Roster, Span, Str, VerbDecl, VerbEntry, Vocab,
    VocabEntry, VocabKind,
};
use crate::diagnostics::{Applicability, Diagnostic, Fix};
use crate::resolve::{ids, suggest};

/// An item read again as if a mistake were fixed.
pub(super) struct Recovery {
    /// The diagnostic for the mistake.
    pub diagnostic: Diagnostic,
    /// The item's text with the mistake fixed.
    pub input: String,
    /// How offsets of `input` map to the file.
    pub builder: Build,
    /// Whether a syntax error in the second reading is a mistake of its own, to report.
    pub and_report: bool,
}

/// Where the item's first word is in `input`: its start and end.
fn first_word(input: &str) -> (usize, usize) {
    let start = input.len() - input.trim_start_matches(|c: char| c.is_whitespace() || c == '\u{feff}').len();
    let len =
        input[start..].find(|c: char| !(c.is_alphanumeric() || c == '-' || c == '_')).unwrap_or(input.len() - start);
    (start, start + len)
}

/// An item whose first word is not a keyword but is close to exactly one (`traits` for
/// `trait`): read with the keyword.
pub(super) fn keyword(b: &Build, input: &str) -> Option<Recovery> {
    let (start, end) = first_word(input);
    let word = &input[start..end];
    // A card's kind is any word (`hero "Aria" {`), resolved against the game's kinds.
    if word.is_empty() || super::keywords::is_top_level(word) || card_shaped(&input[end..]) {
        return None;
    }
    let s = suggest::best(word, super::keywords::top_level().map(|k| (k, None)))?;
    let span = Span::new(b.at(start), b.at(end));
    let applicability = if s.certain { Applicability::MachineApplicable } else { Applicability::MaybeIncorrect };
    let (message, label) = (format!("expected an item, found `{word}`"), "not a keyword");
    let diagnostic = Diagnostic::new(&E0001, message).label(b.file, span, label).fix(Fix::replace(
        s.help(word),
        b.file,
        span,
        s.id,
        applicability,
    ));
    let input = format!("{}{}{}", &input[..start], s.id, &input[end..]);
    let shift = word.len() as isize - s.id.len() as isize;
    let builder = Build { file: b.file, base: b.base, end: b.end, shifts: vec![(start + s.id.len(), shift)] };
    Some(Recovery { diagnostic, input, builder, and_report: true })
}

/// A card whose kind is written with capitals (`Hero "Aria" {`, as the kind's display name
/// is): read with the word in lowercase, which the game's kinds are resolved against.
pub(super) fn capitalised_kind(b: &Build, input: &str) -> Option<Recovery> {
    let (start, end) = first_word(input);
    let word = &input[start..end];
    let lower = word.to_lowercase();
    if lower == word || !card_shaped(&input[end..]) || !ids::is_valid_id(&lower) || lower.len() != word.len() {
        return None;
    }
    let span = Span::new(b.at(start), b.at(end));
    let diagnostic = Diagnostic::new(&E0001, format!("a card's kind is written in lowercase: `{lower}`, not `{word}`"))
        .label(b.file, span, "capitals")
        .fix(Fix::certain(format!("write `{lower}`"), b.file, span, lower.clone()));
    let input = format!("{}{lower}{}", &input[..start], &input[end..]);
    let builder = Build::new(b.file, b.base, b.end);
    Some(Recovery { diagnostic, input, builder, and_report: true })
}

/// Whether what follows an item's first word is what follows a card's kind: blanks, then
/// the card's name in quotes.
fn card_shaped(rest: &str) -> bool {
    let spaced = rest.trim_start_matches([' ', '\t']);
    spaced.len() < rest.len() && spaced.starts_with('"')
}

/// A vocabulary, `kind`, `verb` or `allow` line that ends with `,` (the next line starts an item of its
/// own): read without the `,`.
pub(super) fn trailing_comma(b: &Build, input: &str, e: &pest::error::Error<super::Rule>) -> Option<Recovery> {
    let (start, end) = first_word(input);
    let word = &input[start..end];
    let list = VocabKind::from_keyword(word).is_some() || matches!(word, "allow" | "warn" | "deny" | "kind" | "verb");
    let pos = super::error_at(e);
    if !list || input[pos..].trim().chars().next().is_some_and(|c| c != '#') {
        return None;
    }
    let comma = last_code_char(&input[..pos]).filter(|&i| input.as_bytes()[i] == b',')?;
    let mut fixed = input.to_string();
    fixed.replace_range(comma..comma + 1, " ");
    let span = Span::new(b.at(comma), b.at(comma + 1));
    let diagnostic = Diagnostic::new(&E0001, format!("the `{word}` line ends with `,`"))
        .label(b.file, span, "no entry follows this `,`")
        .fix(Fix::certain("remove the `,`", b.file, span, ""));
    let builder = Build::new(b.file, b.base, b.end);
    Some(Recovery { diagnostic, input: fixed, builder, and_report: false })
}

/// The quotes a word processor puts around a string (`“Rusted Blade”`, `„…“`).
const TYPOGRAPHIC_QUOTES: [char; 4] = ['\u{201c}', '\u{201d}', '\u{201e}', '\u{201f}'];

/// An item that fails at a typographic double quote (pasted from a document): that quote
/// and the one that closes its string read as straight ones.
pub(super) fn typographic_quotes(b: &Build, input: &str, e: &pest::error::Error<super::Rule>) -> Option<Recovery> {
    let pos = super::error_at(e);
    let found = input.get(pos..)?.chars().next()?;
    if !TYPOGRAPHIC_QUOTES.contains(&found) {
        return None;
    }
    // The quote that opens the string, and the one that closes it: the next on the line
    // before a `{` or a comment (quotes in ability text or a comment are the text's own).
    let after = pos + found.len_utf8();
    let end = input[after..].find(['\n', '{', '#']).map_or(input.len(), |i| after + i);
    let close = input[after..end].char_indices().find(|(_, c)| TYPOGRAPHIC_QUOTES.contains(c));
    let mut quotes = vec![(pos, found)];
    quotes.extend(close.map(|(i, c)| (after + i, c)));
    let mut fixed = String::with_capacity(input.len());
    let mut shifts = Vec::new();
    let mut edits = Vec::new();
    let mut from = 0;
    for &(at, c) in &quotes {
        fixed.push_str(&input[from..at]);
        fixed.push('"');
        from = at + c.len_utf8();
        // What follows the `"` stands further on in the file by what the quote was longer.
        shifts.push((fixed.len(), (c.len_utf8() - 1) as isize));
        let span = Span::new(b.at(at), b.at(from));
        edits.push(crate::diagnostics::Edit { file: b.file, span, replacement: "\"".into() });
    }
    fixed.push_str(&input[from..]);
    let label = Span::new(b.at(pos), b.at(pos + found.len_utf8()));
    let fix =
        Fix { message: "use straight quotes: `\"`".into(), edits, applicability: Applicability::MachineApplicable };
    let diagnostic = Diagnostic::new(&E0001, format!("expected a string, found the typographic quote `{found}`"))
        .label(b.file, label, "strings are written between straight quotes `\"`")
        .fix(fix);
    let builder = Build { file: b.file, base: b.base, end: b.end, shifts };
    Some(Recovery { diagnostic, input: fixed, builder, and_report: true })
}

/// The offset of the last character of `text` that is not a blank, a line break or in a
/// comment.
fn last_code_char(text: &str) -> Option<usize> {
    let mut last = None;
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        let code = strip_comment(line);
        if let Some(i) = code.rfind(|c: char| !c.is_whitespace()) {
            last = Some(offset + i);
        }
        offset += line.len();
    }
    last
}

/// A line without its comment (a `#` outside strings and what follows).
fn strip_comment(line: &str) -> &str {
    let mut in_string = false;
    let mut escaped = false;
    for (i, c) in line.char_indices() {
        match c {
            '"' if !escaped => in_string = !in_string,
            '#' if !in_string => return &line[..i],
            _ => {}
        }
        escaped = in_string && c == '\\' && !escaped;
    }
    line
}

/// A word of an item that cannot be read: its text, where it is, and whether it was
/// quoted.
struct Word<'a> {
    text: &'a str,
    start: usize,
    end: usize,
    quoted: bool,
}

/// The words and strings of `input`, without comments and punctuation.
fn words(input: &str) -> Vec<Word<'_>> {
    let mut out = Vec::new();
    let mut offset = 0;
    for line in input.split_inclusive('\n') {
        let code = strip_comment(line);
        let bytes = code.as_bytes();
        let mut i = 0;
        while i < bytes.len() {
            let c = code[i..].chars().next().unwrap_or(' ');
            if c == '"' {
                let close = code[i + 1..].find('"').map_or(code.len(), |j| i + 1 + j);
                out.push(Word { text: &code[i + 1..close], start: offset + i, end: offset + close + 1, quoted: true });
                i = close + 1;
            } else if c.is_alphanumeric() || c == '_' || c == '-' {
                let len =
                    code[i..].find(|c: char| !(c.is_alphanumeric() || c == '_' || c == '-')).unwrap_or(code.len() - i);
                out.push(Word { text: &code[i..i + len], start: offset + i, end: offset + i + len, quoted: false });
                i += len;
            } else {
                i += c.len_utf8();
            }
        }
        offset += line.len();
    }
    out
}

/// What can be saved of a vocabulary line or a `game` line that does not parse: each word
/// as an entry's id (as written, even when it is no id: see [`Names::vocab`]), each
/// string as the display name of the word before it; the game's id and name; and what a
/// `kind`, `roster`, `distance` or `verb` line declares.
///
/// [`Names::vocab`]: crate::resolve::Names::vocab Uses of what the line declares then resolve, so the one
/// syntax error is the only error.
pub(super) fn salvage(b: &Build, input: &str) -> Option<Item> {
    let words = words(input);
    let (first, rest) = words.split_first()?;
    let span = |w: &Word<'_>| Span::new(b.at(w.start), b.at(w.end));
    if first.quoted {
        return None;
    }
    if first.text == "game" {
        let id = rest.iter().find(|w| !w.quoted);
        let name = rest.iter().find(|w| w.quoted).or(id)?;
        let id = id.map_or_else(
            || Ident { text: ids::derive_id(name.text), span: span(name) },
            |w| Ident { text: ids::derive_id(w.text), span: span(w) },
        );
        let name = Str { value: name.text.to_string(), span: span(name) };
        let whole = Span::new(b.at(first.start), b.at(input.trim_end().len()));
        return Some(Item::Game(Game { id, name, span: whole }));
    }
    if first.text == "kind" {
        return Some(Item::Kind(salvage_kinds(b, first, rest)));
    }
    if first.text == "roster" {
        let id = rest.iter().find(|w| !w.quoted)?;
        let mut strings = rest.iter().filter(|w| w.quoted).map(|w| Str { value: w.text.to_string(), span: span(w) });
        let whole = Span::new(b.at(first.start), b.at(input.trim_end().len()));
        let (display, plural) = (strings.next(), strings.next());
        let id = Ident { text: id.text.to_string(), span: span(id) };
        return Some(Item::Roster(Roster { id, display, plural, span: whole }));
    }
    if first.text == "distance" {
        return salvage_distance(b, first, rest, input);
    }
    if first.text == "verb" {
        return Some(Item::Verb(salvage_verbs(b, first, rest, input)));
    }
    let kind = VocabKind::from_keyword(first.text)?;
    let mut entries: Vec<VocabEntry> = Vec::new();
    for w in rest {
        let flag = matches!(w.text, "implicit" | "optional");
        if let (true, Some(entry)) = (w.quoted || flag, entries.last_mut()) {
            if w.quoted && entry.display.is_none() {
                entry.display = Some(Str { value: w.text.to_string(), span: span(w) });
            } else if flag {
                entry.flags.push(Ident { text: w.text.to_string(), span: span(w) });
            }
            continue;
        }
        // A word that is not an id stays as written: the uses the checker matches to it
        // (by its kebab-case or its display name) are not reported again.
        if !w.quoted && !entries.iter().any(|e| e.id.text == w.text) {
            let id = Ident { text: w.text.to_string(), span: span(w) };
            entries.push(VocabEntry { id, display: None, flags: Vec::new() });
        }
    }
    Some(Item::Vocab(Vocab { kind, kind_span: span(first), entries }))
}

/// What can be saved of a `kind` line that does not parse: each word an entry's id, the
/// strings after it its display name and plural, and a role's word after them its role;
/// so that the game's cards are still of its kinds and the one syntax error is the only
/// error.
fn salvage_kinds(b: &Build, keyword: &Word<'_>, rest: &[Word<'_>]) -> KindDecl {
    let span = |w: &Word<'_>| Span::new(b.at(w.start), b.at(w.end));
    let mut entries: Vec<KindEntry> = Vec::new();
    for (i, w) in rest.iter().enumerate() {
        let role = cards_runtime::model::CardKind::from_role_word(w.text).is_some();
        // A role's word after a role is a mistake, not a kind, unless a name follows it.
        let named = rest.get(i + 1).is_some_and(|n| n.quoted);
        match entries.last_mut() {
            Some(e) if w.quoted && e.role.is_none() && e.display.is_none() => {
                e.display = Some(Str { value: w.text.to_string(), span: span(w) });
            }
            Some(e) if w.quoted && e.role.is_none() && e.plural.is_none() => {
                e.plural = Some(Str { value: w.text.to_string(), span: span(w) });
            }
            Some(e) if role && e.role.is_none() => e.role = Some(Ident { text: w.text.to_string(), span: span(w) }),
            Some(_) if role && !named => {}
            _ if w.quoted => {}
            _ => {
                let id = Ident { text: w.text.to_string(), span: span(w) };
                entries.push(KindEntry { id, display: None, plural: None, role: None, span: span(w) });
            }
        }
        if let Some(e) = entries.last_mut() {
            e.span = Span::new(e.span.start as usize, b.at(w.end));
        }
    }
    KindDecl { keyword: span(keyword), entries, broken: true }
}

/// What can be saved of a `distance` line that does not parse: its first word its id, the
/// strings its display name and plural, and the number after `adjacent` how far that is;
/// so that the game's distance is still declared and the one syntax error is the only error.
fn salvage_distance(b: &Build, keyword: &Word<'_>, rest: &[Word<'_>], input: &str) -> Option<Item> {
    let span = |w: &Word<'_>| Span::new(b.at(w.start), b.at(w.end));
    let id = rest.iter().find(|w| !w.quoted && w.text != "adjacent")?;
    let mut strings = rest.iter().filter(|w| w.quoted).map(|w| Str { value: w.text.to_string(), span: span(w) });
    let (display, plural) = (strings.next(), strings.next());
    let after = rest.iter().position(|w| !w.quoted && w.text == "adjacent").and_then(|i| rest.get(i + 1));
    let adjacent = after.and_then(|w| {
        let value = w.text.parse::<i64>().ok().filter(|_| !w.quoted)?;
        Some(Number { value, signed: w.text.starts_with('-'), span: span(w) })
    });
    let whole = Span::new(b.at(keyword.start), b.at(input.trim_end().len()));
    let id = Ident { text: id.text.to_string(), span: span(id) };
    Some(Item::Distance(DistanceDecl { id, display, plural, adjacent, span: whole }))
}

/// What can be saved of a `verb` line that does not parse: each word a verb, the first two
/// strings after it its third person and past participle; so that the game's verbs are
/// still declared and the one syntax error is the only error.
fn salvage_verbs(b: &Build, keyword: &Word<'_>, rest: &[Word<'_>], input: &str) -> VerbDecl {
    let span = |w: &Word<'_>| Span::new(b.at(w.start), b.at(w.end));
    let mut entries: Vec<VerbEntry> = Vec::new();
    for w in rest {
        let form = || Some(Str { value: w.text.to_string(), span: span(w) });
        match entries.last_mut() {
            Some(e) if w.quoted && e.third.is_none() => e.third = form(),
            Some(e) if w.quoted && e.past.is_none() => e.past = form(),
            _ if w.quoted => continue,
            _ => {
                let id = Ident { text: w.text.to_string(), span: span(w) };
                entries.push(VerbEntry { id, third: None, past: None, span: span(w) });
            }
        }
        if let Some(e) = entries.last_mut() {
            e.span = Span::new(e.span.start as usize, b.at(w.end));
        }
    }
    let whole = Span::new(b.at(keyword.start), b.at(input.trim_end().len()));
    VerbDecl { entries, span: whole, broken: true }
}
