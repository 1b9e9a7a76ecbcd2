//! Completion by context: what may be written where the cursor is.
//!
//! The context is read from the text before the cursor, not from the syntax tree, so it
//! works while the file is half typed: which block the cursor is in (top level, a card, a
//! text block), the field whose value is being written, an open `[` in ability text. The
//! names offered come from the set's last analysis: its vocabulary and its cards.

use lsp_types::{CompletionItem, CompletionItemKind, CompletionTextEdit, Range, TextEdit};

use super::analysis::Analysis;
use super::convert;
use crate::ast::{AtomKind, CardKind, FileId, Span, VocabKind};
use crate::check::cards::{field_refers, fields_of, takes_stats, Refers};

/// Where the cursor is.
#[derive(Debug, PartialEq, Eq)]
enum Place<'t> {
    /// Inside ability text, after an open `[`: the name typed so far.
    Bracket,
    /// Inside ability text, anywhere else.
    Text,
    /// At the top level of a file.
    TopLevel,
    /// In the body of a card of this kind, at the start of a field.
    FieldName(CardKind),
    /// In the value of field `key` of a card; `previous` is the word before the one typed.
    Value { key: &'t str, previous: Option<&'t str> },
    /// Anywhere else (a rule body, a string, a comment).
    Nothing,
}

/// The completions at byte `offset` of `file`.
pub fn completion(a: &Analysis, file: FileId, offset: usize) -> Vec<CompletionItem> {
    let text = &a.sources.file(file).text;
    let offset = crate::diagnostics::char_prefix(text, offset);
    let before = &text[..offset];
    let typed = typed_word(before);
    let place = place(before, typed);
    // A name in brackets may hold spaces (`[Barrel Ro`): all of it after the `[` is replaced.
    let start = match place {
        Place::Bracket => before.rfind('[').map_or(offset, |at| at + 1),
        _ => offset - typed.len(),
    };
    let range = convert::range(text, Span::new(start, offset));
    let is_game = a.sources.file(file).path.file_name().is_some_and(|n| n == "game.cards");
    let mut items = match place {
        Place::Bracket => bracket_names(a, text, offset, range),
        Place::Text | Place::Nothing => Vec::new(),
        Place::TopLevel => top_level(is_game),
        Place::FieldName(kind) => field_names(a, kind),
        Place::Value { key, previous } => values(a, key, previous),
    };
    for item in &mut items {
        if item.text_edit.is_none() {
            let new_text = item.insert_text.take().unwrap_or_else(|| item.label.clone());
            item.text_edit = Some(CompletionTextEdit::Edit(TextEdit { range, new_text }));
        }
    }
    items
}

/// The name being typed just before the cursor: letters, digits, `-` and `_`.
fn typed_word(before: &str) -> &str {
    let start = before
        .char_indices()
        .rev()
        .take_while(|(_, c)| c.is_alphanumeric() || *c == '-' || *c == '_')
        .last()
        .map_or(before.len(), |(i, _)| i);
    &before[start..]
}

/// Reads the blocks open at the end of `before` and what the line so far says.
fn place<'t>(before: &'t str, typed: &str) -> Place<'t> {
    let mut open: Vec<&str> = Vec::new();
    let mut in_text = false;
    let mut line_start = 0;
    let mut chars = before.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        if in_text {
            if c == '}' {
                in_text = false;
                open.pop();
            }
            if c == '\n' {
                line_start = i + 1;
            }
            continue;
        }
        match c {
            '\n' => line_start = i + 1,
            '#' => {
                // A comment runs to the end of the line.
                while chars.peek().is_some_and(|(_, c)| *c != '\n') {
                    chars.next();
                }
                if chars.peek().is_none() {
                    return Place::Nothing;
                }
            }
            '"' => {
                let closed = chars.by_ref().any(|(_, c)| c == '"' || c == '\n');
                if !closed {
                    return Place::Nothing;
                }
            }
            '{' => {
                let opener = before[line_start..i].split_whitespace().next().unwrap_or("");
                in_text = matches!(opener, "text" | "ability");
                open.push(opener);
            }
            '}' => {
                open.pop();
            }
            _ => {}
        }
    }
    let line = &before[line_start..];
    if in_text {
        return match line.rfind('[') {
            Some(at) if !line[at..].contains(']') => Place::Bracket,
            _ => Place::Text,
        };
    }
    let Some(card) = open.first() else {
        let at_line_start = line[..line.len() - typed.len()].trim().is_empty();
        return if at_line_start { Place::TopLevel } else { Place::Nothing };
    };
    let Some(kind) = CardKind::ALL.into_iter().find(|k| k.as_str() == *card) else { return Place::Nothing };
    let done = &line[..line.len() - typed.len()];
    if done.trim().is_empty() {
        return Place::FieldName(kind);
    }
    let Some(colon) = done.rfind(':') else { return Place::Nothing };
    let key = done[..colon].split_whitespace().last().unwrap_or("");
    let value = &done[colon + 1..];
    match field_refers(key) {
        // `attack: 3  agi`: after a plain value, a new field starts.
        None | Some(Refers::Nothing) if !value.trim().is_empty() && done.ends_with(char::is_whitespace) => {
            Place::FieldName(kind)
        }
        _ => Place::Value {
            key,
            previous: value.split(|c: char| c.is_whitespace() || c == ',').rfind(|w| !w.is_empty()),
        },
    }
}

/// The game's names for `[…]` in ability text: the entries ability text may name, by
/// display name, closing the bracket unless it is already closed.
fn bracket_names(a: &Analysis, text: &str, offset: usize, range: Range) -> Vec<CompletionItem> {
    let closed = text[offset..].starts_with(']');
    let mut items = Vec::new();
    for kind in crate::lower::ability::NOUN_KINDS {
        for v in a.index.vocab.iter().filter(|v| v.kind == kind) {
            let shown = v.display.clone().unwrap_or_else(|| v.id.clone());
            if items.iter().any(|i: &CompletionItem| i.label == shown) {
                continue;
            }
            let new_text = if closed { shown.clone() } else { format!("{shown}]") };
            items.push(CompletionItem {
                label: shown,
                kind: Some(CompletionItemKind::CONSTANT),
                detail: Some(format!("{kind} `{}`", v.id)),
                text_edit: Some(CompletionTextEdit::Edit(TextEdit { range, new_text })),
                ..Default::default()
            });
        }
    }
    items
}

/// What a line at the top level starts with: card kinds, and in `game.cards` the
/// declarations.
fn top_level(is_game: bool) -> Vec<CompletionItem> {
    let mut words: Vec<(&str, &str)> = CardKind::ALL.iter().map(|k| (k.as_str(), "card")).collect();
    if is_game {
        words.extend(crate::syntax::keywords::DECLARATIONS);
        words.extend(VocabKind::ALL.iter().map(|k| (k.keyword(), "vocabulary")));
    }
    words.into_iter().map(|(w, detail)| keyword(w, detail)).collect()
}

fn keyword(word: &str, detail: &str) -> CompletionItem {
    CompletionItem {
        label: word.to_string(),
        kind: Some(CompletionItemKind::KEYWORD),
        detail: Some(detail.to_string()),
        ..Default::default()
    }
}

/// The fields a card of `kind` takes, with the game's stats when it takes them.
fn field_names(a: &Analysis, kind: CardKind) -> Vec<CompletionItem> {
    let mut items: Vec<CompletionItem> = fields_of(kind)
        .map(|f| {
            let insert = match f {
                "text" => "text {".to_string(),
                "ability" => "ability \"".to_string(),
                _ => format!("{f}: "),
            };
            CompletionItem {
                label: f.to_string(),
                kind: Some(CompletionItemKind::FIELD),
                detail: Some(format!("field of {kind}s")),
                insert_text: Some(insert),
                ..Default::default()
            }
        })
        .collect();
    if takes_stats(kind) {
        for v in a.index.vocab.iter().filter(|v| v.kind == VocabKind::Stat) {
            items.push(CompletionItem {
                label: v.id.clone(),
                kind: Some(CompletionItemKind::FIELD),
                detail: Some("stat".into()),
                insert_text: Some(format!("{}: ", v.id)),
                ..Default::default()
            });
        }
    }
    items
}

/// The values field `key` takes: entries of its vocabulary kind, cards of its card kind,
/// or for a restriction its words and, after one, the names it takes.
fn values(a: &Analysis, key: &str, previous: Option<&str>) -> Vec<CompletionItem> {
    match field_refers(key) {
        Some(Refers::Vocab(kind)) => entries(a, &[kind]),
        Some(Refers::Card(kind)) => cards(a, Some(kind)),
        Some(Refers::Entries) => entries(a, &[VocabKind::Action, VocabKind::Arc, VocabKind::Icon, VocabKind::Stat]),
        Some(Refers::Restriction) => restriction(a, previous),
        Some(Refers::Nothing) | None => Vec::new(),
    }
}

/// In a restriction: after a word that takes names, those names; else the words.
fn restriction(a: &Analysis, previous: Option<&str>) -> Vec<CompletionItem> {
    let atom = previous.and_then(|p| AtomKind::ALL.into_iter().find(|k| k.keyword() == p));
    let kind = atom.and_then(AtomKind::vocab_kind);
    match (atom, kind) {
        (_, Some(kind)) => entries(a, &[kind]),
        (Some(AtomKind::Chassis), None) => cards(a, Some(CardKind::Chassis)),
        _ => {
            let mut items: Vec<CompletionItem> =
                AtomKind::ALL.iter().map(|k| keyword(k.keyword(), "restriction")).collect();
            items.extend(["and", "or", "not"].map(|w| keyword(w, "restriction")));
            items
        }
    }
}

/// The entries of these kinds, by id, with their display name.
fn entries(a: &Analysis, kinds: &[VocabKind]) -> Vec<CompletionItem> {
    let mut items = Vec::new();
    for v in a.index.vocab.iter().filter(|v| kinds.contains(&v.kind)) {
        if items.iter().any(|i: &CompletionItem| i.label == v.id) {
            continue;
        }
        items.push(CompletionItem {
            label: v.id.clone(),
            kind: Some(CompletionItemKind::ENUM_MEMBER),
            detail: Some(match &v.display {
                Some(d) => format!("{} · {d}", v.kind),
                None => v.kind.to_string(),
            }),
            ..Default::default()
        });
    }
    items
}

/// The cards (of one kind), by id, with their name.
fn cards(a: &Analysis, kind: Option<CardKind>) -> Vec<CompletionItem> {
    a.index
        .cards
        .iter()
        .filter(|c| kind.is_none_or(|k| c.kind == k))
        .map(|c| CompletionItem {
            label: c.id.clone(),
            kind: Some(CompletionItemKind::STRUCT),
            detail: Some(format!("{} · {}", c.kind, c.name)),
            ..Default::default()
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_place_is_read_from_the_text_before_the_cursor() {
        assert_eq!(place("", ""), Place::TopLevel);
        assert_eq!(place("upgrade \"X\" {\n  ico", "ico"), Place::FieldName(CardKind::Upgrade));
        assert_eq!(place("upgrade \"X\" {\n  icon: cr", "cr"), Place::Value { key: "icon", previous: None });
        assert_eq!(
            place("upgrade \"X\" {\n  icon: crew\n  requires: size ", ""),
            Place::Value { key: "requires", previous: Some("size") }
        );
        // After a number, a new field.
        assert_eq!(place("chassis \"X\" {\n  attack: 3  agi", "agi"), Place::FieldName(CardKind::Chassis));
        assert_eq!(place("ship \"X\" {\n  text {\n    After you perform a [Bo", "Bo"), Place::Bracket);
        assert_eq!(place("ship \"X\" {\n  text {\n    After you [Boost] a", "a"), Place::Text);
        // A closed text block and a closed card: back to the top level.
        assert_eq!(place("ship \"X\" {\n  text { Hi. }\n}\nup", "up"), Place::TopLevel);
        // Braces in a comment or a string do not count.
        assert_eq!(place("# {\nship \"X {\" {\n  co", "co"), Place::FieldName(CardKind::Ship));
        assert_eq!(place("ship \"X\" { # a comment", ""), Place::Nothing);
    }

    #[test]
    fn every_top_level_keyword_is_offered_in_game_cards_and_card_kinds_everywhere() {
        let labels = |is_game| top_level(is_game).into_iter().map(|i| i.label).collect::<Vec<_>>();
        let game = labels(true);
        for word in crate::syntax::keywords::top_level() {
            assert!(game.iter().any(|l| l == word), "`{word}` is not offered in game.cards");
        }
        assert_eq!(labels(false), CardKind::ALL.map(|k| k.as_str().to_string()));
    }

    #[test]
    fn the_typed_word_is_the_name_before_the_cursor() {
        assert_eq!(typed_word("  icon: cre"), "cre");
        assert_eq!(typed_word("  [Barrel-ro"), "Barrel-ro");
        assert_eq!(typed_word("x "), "");
    }
}
