//! Completion by context: what may be written where the cursor is.
//!
//! The context is read from the grammar's tree, as rust-analyzer and IntelliJ read theirs:
//! a word ([`CURSOR`]) is put in place of the name being typed, and the item around it is
//! parsed ([`crate::syntax::item_at`]), so the word stands where the grammar reads it: a
//! field of a card of some kind, a field's value, ability text, a comment, a string. A
//! half-typed file reads all the same: a string left open is closed at its line's end and
//! the braces left open at the item's end, as the parser reads them, and when something
//! after the cursor still breaks the item, the item is read as far as the cursor. The names
//! offered come from the set's last analysis: its vocabulary and its cards.

use lsp_types::{CompletionItem, CompletionItemKind, CompletionTextEdit, Range, TextEdit};

use super::analysis::Analysis;
use super::convert;
use crate::ast::{AtomKind, CardKind, FileId, Span, VocabKind};
use crate::check::cards::{field_refers, offered_fields, takes_stats, Refers};
use crate::resolve::kinds;
use crate::syntax::grammar::Rule;
use crate::syntax::tree::{ItemTree, Node};

/// The word put at the cursor: an identifier, so the grammar reads it wherever a name may
/// be written.
const CURSOR: &str = "cardccursor";

/// Where the cursor is.
#[derive(Debug, PartialEq, Eq)]
enum Place {
    /// Inside ability text, after an open `[`: the name typed so far.
    Bracket,
    /// Inside ability text, anywhere else.
    Text,
    /// At the top level of a file.
    TopLevel,
    /// In the body of a card of this kind, at the start of a field.
    /// A field's name, in a card of the kind this word names.
    FieldName(String),
    /// In the value of field `key` of a card; `previous` is the word before the one typed.
    Value { key: String, previous: Option<String> },
    /// In the body of a layout of the kind this word names, at the start of a field.
    LayoutField(String),
    /// In the value of field `key` of a layout, after `words` words of it.
    LayoutValue { key: String, words: usize },
    /// Anywhere else (a rule body, a string, a comment).
    Nothing,
}

/// The completions at byte `offset` of `file`.
pub fn completion(a: &Analysis, file: FileId, offset: usize) -> Vec<CompletionItem> {
    let text = &a.sources.file(file).text;
    let offset = crate::diagnostics::char_prefix(text, offset);
    let before = &text[..offset];
    let typed = typed_word(before);
    let place = place(text, offset, typed);
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
        Place::TopLevel => top_level(&a.index, is_game),
        Place::FieldName(kind) => field_names(a, &kind),
        Place::LayoutField(kind) => layout_fields(&a.index, &kind),
        Place::LayoutValue { key, words } => layout_values(&key, words),
        Place::Value { key, previous } => {
            values(a, kinds::builtin_field(&a.index.kinds, &key).unwrap_or(""), previous.as_deref())
        }
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

/// Where the cursor at byte `offset` of `text` stands, `typed` being the name typed before
/// it: [`CURSOR`] takes that name's place, and the item around it is read with the grammar.
fn place(text: &str, offset: usize, typed: &str) -> Place {
    let at = offset - typed.len();
    let edited = format!("{}{CURSOR}{}", &text[..at], &text[offset..]);
    let Some((start, tree)) = crate::syntax::item_at(&edited, at) else { return Place::Nothing };
    // When what follows the cursor breaks the item, the item as far as the cursor.
    let tree = tree.or_else(|| crate::syntax::item_at(&edited[..at + CURSOR.len()], at)?.1);
    match tree {
        Some(tree) => place_in(&edited[start..], &tree, at - start),
        // No item starts with a bare name: the cursor starts one.
        None if starts_item(&edited[start..at]) => Place::TopLevel,
        None => Place::Nothing,
    }
}

/// Whether the cursor starts an item, `head` being the text of the chunk it stands in up to
/// it: nothing before it on its line, and before that only blank lines and comments, or an
/// item complete as it stands (the chunker joins a line that starts with no keyword to the
/// item before it).
fn starts_item(head: &str) -> bool {
    let (lines, last) = head.rsplit_once('\n').unwrap_or(("", head));
    last.trim().is_empty()
        && (lines.lines().all(|l| l.trim().is_empty() || l.trim_start().starts_with('#'))
            || crate::syntax::is_item(lines))
}

/// Where [`CURSOR`], at byte `at` of `item` (one item's text), stands in its tree.
fn place_in(item: &str, tree: &ItemTree, at: usize) -> Place {
    if tree.comments.iter().any(|&(start, end)| start <= at && at < end) {
        return Place::Nothing;
    }
    let Some(top) = tree.items.first() else { return Place::Nothing };
    let path = top.path_to(at);
    let text = |n: &Node| &item[n.start..n.end];
    let Some(leaf) = path.last().filter(|n| n.is_leaf) else { return Place::Nothing };
    match leaf.rule {
        Rule::raw_text => {
            let line = &item[item[..at].rfind('\n').map_or(leaf.start, |l| (l + 1).max(leaf.start))..at];
            return match line.rfind('[') {
                Some(open) if !line[open..].contains(']') => Place::Bracket,
                _ => Place::Text,
            };
        }
        Rule::string => return Place::Nothing,
        _ => {}
    }
    if top.rule == Rule::layout_decl {
        return place_in_layout(item, top, &path, at);
    }
    if top.rule != Rule::card {
        return Place::Nothing;
    }
    let Some(kind) = top.child(Rule::card_kind).map(|k| text(k).to_string()) else {
        return Place::Nothing;
    };
    let Some(field) = path.iter().find(|n| matches!(n.rule, Rule::kv_field | Rule::flag_field)) else {
        return Place::Nothing;
    };
    let Some(tokens) = field.child(Rule::tokens).filter(|t| t.start <= at) else {
        // The cursor is the field's name.
        return Place::FieldName(kind);
    };
    let key = field.child(Rule::field_key).map_or("", text);
    let before: Vec<&Node> = tokens.children.iter().filter(|t| t.end <= at).collect();
    let previous = before.iter().rev().find(|t| t.rule != Rule::punct).map(|t| text(t).to_string());
    match field_refers(key) {
        // `attack: 3  agi`: after a plain value, a new field starts.
        None | Some(Refers::Nothing) if !before.is_empty() && item[..at].ends_with(char::is_whitespace) => {
            Place::FieldName(kind)
        }
        _ => Place::Value { key: key.to_string(), previous },
    }
}

/// Where the cursor at `at` stands in a layout (`top`, `path` the nodes down to it).
fn place_in_layout(item: &str, top: &Node, path: &[&Node], at: usize) -> Place {
    let text = |n: &Node| &item[n.start..n.end];
    let Some(kind) = top.child(Rule::ident).map(|k| text(k).to_string()) else { return Place::Nothing };
    let Some(field) = path.iter().find(|n| matches!(n.rule, Rule::kv_field | Rule::flag_field)) else {
        return Place::Nothing;
    };
    match field.child(Rule::tokens).filter(|t| t.start <= at) {
        None => Place::LayoutField(kind),
        Some(tokens) => Place::LayoutValue {
            key: field.child(Rule::field_key).map_or("", text).to_string(),
            words: tokens.children.iter().filter(|t| t.end <= at).count(),
        },
    }
}

/// The fields of a layout of `kind`: its settings, and the boxes its cards have.
fn layout_fields(index: &crate::lsp::analysis::Index, kind: &str) -> Vec<CompletionItem> {
    use crate::layout::{Shows, BOXES, SETTINGS};
    let Some(declared) = index.kinds.iter().find(|k| *k.noun.id == *kind) else { return Vec::new() };
    let role = declared.role;
    let field = |label: &str, detail: String| CompletionItem {
        label: label.to_string(),
        kind: Some(CompletionItemKind::FIELD),
        detail: Some(detail),
        insert_text: Some(format!("{label}: ")),
        ..Default::default()
    };
    let mut items: Vec<CompletionItem> = SETTINGS.iter().map(|(s, what)| field(s, what.to_string())).collect();
    for (b, what) in BOXES {
        if Shows::of(b).is_some_and(|s| s.on(role)) {
            items.push(field(b, format!("box: {what}")));
        }
    }
    if takes_stats(role) {
        for v in index.vocab.iter().filter(|v| v.kind == VocabKind::Stat) {
            items.push(field(&v.id, "box: the stat's value".to_string()));
        }
    }
    items
}

/// The values of a layout's field `key` after `words` words: a card size, `faction`,
/// `none`, or after a box's place its options.
fn layout_values(key: &str, words: usize) -> Vec<CompletionItem> {
    let value = |label: &str, detail: &str| CompletionItem {
        label: label.to_string(),
        kind: Some(CompletionItemKind::VALUE),
        detail: Some(detail.to_string()),
        ..Default::default()
    };
    match key {
        "size" if words == 0 => {
            crate::layout::SIZES.iter().map(|(name, w, h)| value(name, &format!("{w} × {h} mm"))).collect()
        }
        "background" if words == 0 => vec![value("faction", "the card's first faction's colour")],
        "panel" if words == 0 => vec![value("none", "no inner frame")],
        "size" | "corner" | "background" | "panel" | "ink" | "back" => Vec::new(),
        // A box: four numbers, then its options.
        _ if words >= 4 => {
            crate::layout::OPTIONS.iter().filter(|o| **o != "pt").map(|o| value(o, "box option")).collect()
        }
        _ => Vec::new(),
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
/// The words that start an item: the game's kinds of card, and in `game.cards` the
/// declarations and vocabulary kinds, said in the game's words (a `rule` is a rule of its
/// roster; no `ship-icon` for a game of its own kinds, whose units have no ship icon).
fn top_level(index: &crate::lsp::analysis::Index, is_game: bool) -> Vec<CompletionItem> {
    let mut words: Vec<(&str, String)> = index.kinds.iter().map(|k| (k.noun.id.as_ref(), "card".to_string())).collect();
    if is_game {
        let roster = index.roster.as_ref().map_or("fleet".to_string(), |r| r.one());
        let unit = index.kinds.iter().find(|k| k.role == CardKind::Ship).map_or("ship".to_string(), |k| k.noun.one());
        for (word, detail) in crate::syntax::keywords::DECLARATIONS {
            let detail = match word {
                "rule" => format!("{roster} rule"),
                "flagship" => format!("which {unit} leads {}", cards_runtime::model::kinds::with_article(&roster)),
                _ => detail.to_string(),
            };
            words.push((word, detail));
        }
        let own_kinds = index.declares_kinds();
        words.extend(
            VocabKind::ALL
                .iter()
                .filter(|k| !(own_kinds && **k == VocabKind::ShipIcon))
                .map(|k| (k.keyword(), "vocabulary".to_string())),
        );
    }
    words.into_iter().map(|(w, detail)| keyword(w, &detail)).collect()
}

fn keyword(word: &str, detail: &str) -> CompletionItem {
    CompletionItem {
        label: word.to_string(),
        kind: Some(CompletionItemKind::KEYWORD),
        detail: Some(detail.to_string()),
        ..Default::default()
    }
}

/// The fields a card of the kind `word` names takes, under the game's names, with the
/// game's stats when it takes them.
fn field_names(a: &Analysis, word: &str) -> Vec<CompletionItem> {
    let Some(declared) = a.index.kinds.iter().find(|k| *k.noun.id == *word) else { return Vec::new() };
    let kind = declared.role;
    let many = declared.noun.many();
    let declares = |k: VocabKind| a.index.vocab.iter().any(|v| v.kind == k);
    let mut items: Vec<CompletionItem> = offered_fields(kind, declares, a.index.declares_kinds())
        .map(|f| kinds::field_word(&a.index.kinds, f))
        .map(|f| {
            let insert = match f {
                "text" => "text {".to_string(),
                "ability" => "ability \"".to_string(),
                _ => format!("{f}: "),
            };
            CompletionItem {
                label: f.to_string(),
                kind: Some(CompletionItemKind::FIELD),
                detail: Some(format!("field of {many}")),
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
/// the set's releases (`since:`, `until:`), or for a restriction its words and, after one,
/// the names it takes.
fn values(a: &Analysis, key: &str, previous: Option<&str>) -> Vec<CompletionItem> {
    match field_refers(key) {
        Some(Refers::Vocab(kind)) => entries(a, &[kind]),
        Some(Refers::Card(kind)) => cards(a, Some(kind)),
        Some(Refers::Entries) => entries(a, &[VocabKind::Action, VocabKind::Arc, VocabKind::Icon, VocabKind::Stat]),
        Some(Refers::Restriction) => restriction(a, previous),
        Some(Refers::Release) => releases(a),
        Some(Refers::Nothing) | None => Vec::new(),
    }
}

/// The set's releases, by id, with their name and date.
fn releases(a: &Analysis) -> Vec<CompletionItem> {
    let Some(set) = a.checked.model() else { return Vec::new() };
    set.releases
        .iter()
        .map(|r| CompletionItem {
            label: r.id.to_string(),
            kind: Some(CompletionItemKind::CONSTANT),
            detail: Some(format!("release · {} · {}", r.name, r.date)),
            ..Default::default()
        })
        .collect()
}

/// In a restriction: after a word that takes names, those names; else the words, in the
/// game's terms: its profile kind's word for `chassis`, and only the tests whose names it
/// declares (no `ship-icon` in a game without ship icons); a game of its own kinds is not
/// offered the X-Wing tests `in-fleet` and `ship-ability`, nor `flagship` unless it has a
/// `flagship:` line.
fn restriction(a: &Analysis, previous: Option<&str>) -> Vec<CompletionItem> {
    let profile = kinds::field_word(&a.index.kinds, "chassis");
    let word = |k: AtomKind| if k == AtomKind::Chassis { profile } else { k.keyword() };
    let atom = previous.and_then(|p| AtomKind::ALL.into_iter().find(|k| word(*k) == p));
    let kind = atom.and_then(AtomKind::vocab_kind);
    match (atom, kind) {
        (_, Some(kind)) => entries(a, &[kind]),
        (Some(AtomKind::Chassis), None) => cards(a, Some(CardKind::Chassis)),
        _ => {
            let own_kinds = a.index.declares_kinds();
            let flagship = a.checked.model().is_some_and(|s| s.flagship_icon.is_some());
            let offered = |k: &&AtomKind| match k.vocab_kind() {
                Some(v) => a.index.vocab.iter().any(|e| e.kind == v),
                // Another game's tests: its fleets, ships' abilities and (with no
                // `flagship:` line) flagships.
                None => {
                    let foreign = matches!(k, AtomKind::InFleet | AtomKind::ShipAbility)
                        || (**k == AtomKind::Flagship && !flagship);
                    !(own_kinds && foreign)
                }
            };
            let mut items: Vec<CompletionItem> =
                AtomKind::ALL.iter().filter(offered).map(|k| keyword(word(*k), "restriction")).collect();
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
            detail: Some(format!("{} · {}", c.kind_word, c.name)),
            ..Default::default()
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The place of the cursor at the end of `before`, with `after` after it.
    fn at(before: &str, after: &str) -> Place {
        place(&format!("{before}{after}"), before.len(), typed_word(before))
    }

    fn value(key: &str, previous: Option<&str>) -> Place {
        Place::Value { key: key.to_string(), previous: previous.map(str::to_string) }
    }

    #[test]
    fn the_place_is_read_from_the_tree_of_the_item_at_the_cursor() {
        assert_eq!(at("", ""), Place::TopLevel);
        assert_eq!(at("upgrade \"X\" {\n  ico", ""), Place::FieldName(CardKind::Upgrade.as_str().to_string()));
        assert_eq!(at("upgrade \"X\" {\n  icon: cr", ""), value("icon", None));
        assert_eq!(at("upgrade \"X\" {\n  icon: crew\n  requires: size ", ""), value("requires", Some("size")));
        assert_eq!(at("upgrade \"X\" {\n  upgrades: crew, ", ""), value("upgrades", Some("crew")));
        // After a number, a new field.
        assert_eq!(
            at("chassis \"X\" {\n  attack: 3  agi", ""),
            Place::FieldName(CardKind::Chassis.as_str().to_string())
        );
        assert_eq!(at("ship \"X\" {\n  text {\n    After you perform a [Bo", ""), Place::Bracket);
        assert_eq!(at("ship \"X\" {\n  text {\n    After you [Boost] a", ""), Place::Text);
        // A closed text block and a closed card: back to the top level.
        assert_eq!(at("ship \"X\" {\n  text { Hi. }\n}\nup", ""), Place::TopLevel);
        // Braces in a comment or a string do not count.
        assert_eq!(at("# {\nship \"X {\" {\n  co", ""), Place::FieldName(CardKind::Ship.as_str().to_string()));
        assert_eq!(at("ship \"X\" { # a comment", ""), Place::Nothing);
        assert_eq!(at("ship \"X\" {\n  name: \"Da", "\"\n}\n"), Place::Nothing);
        // Not a card: a rule's words, a vocabulary line.
        assert_eq!(at("rule r \"R\":\n  at most 1 up", ""), Place::Nothing);
        assert_eq!(at("faction a \"A\",\n  b", ""), Place::Nothing);
    }

    #[test]
    fn what_follows_the_cursor_is_read_too_and_may_be_broken() {
        // The card closed after the cursor, with more fields.
        assert_eq!(
            at("upgrade \"X\" {\n  ico", "\n  cost: 3\n}\n"),
            Place::FieldName(CardKind::Upgrade.as_str().to_string())
        );
        // A word being typed in the middle of a field's value.
        assert_eq!(at("upgrade \"X\" {\n  icon: cr", "ew\n}\n"), value("icon", None));
        // A line after the cursor that breaks the card: the card as far as the cursor.
        assert_eq!(at("upgrade \"X\" {\n  icon: cr", "\n  cost: ]]\n}\n"), value("icon", None));
        // Top level, between two cards.
        assert_eq!(at("ship \"X\" {}\n\nup", "\n\nship \"Y\" {}\n"), Place::TopLevel);
    }

    #[test]
    fn every_top_level_keyword_is_offered_in_game_cards_and_card_kinds_everywhere() {
        let labels = |is_game| {
            let index = crate::lsp::analysis::Index {
                kinds: cards_runtime::model::kinds::PRELUDE.to_vec(),
                ..Default::default()
            };
            top_level(&index, is_game).into_iter().map(|i| i.label).collect::<Vec<_>>()
        };
        let game = labels(true);
        for word in crate::syntax::keywords::top_level() {
            assert!(game.iter().any(|l| l == word), "`{word}` is not offered in game.cards");
        }
        assert_eq!(labels(false), CardKind::ALL.map(|k| k.as_str().to_string()));
    }

    #[test]
    fn in_a_layout_its_fields_then_sizes_and_a_boxs_options_are_offered() {
        let layout_value = |key: &str, words| Place::LayoutValue { key: key.to_string(), words };
        assert_eq!(at("layout hero {\n  na", "\n}"), Place::LayoutField("hero".into()));
        assert_eq!(at("layout hero {\n  size: poker\n  ", ""), Place::LayoutField("hero".into()));
        assert_eq!(at("layout hero {\n  size: ", "\n}"), layout_value("size", 0));
        assert_eq!(at("layout hero {\n  name: 5 4 43 7 ", "\n}"), layout_value("name", 4));
        let labels = |items: Vec<CompletionItem>| items.into_iter().map(|i| i.label).collect::<Vec<_>>();
        assert_eq!(labels(layout_values("size", 0)), ["poker", "bridge", "tarot", "mini", "euro", "square"]);
        // A box's options come after its four numbers, not before.
        assert!(layout_values("name", 2).is_empty());
        let options = labels(layout_values("name", 4));
        assert!(options.iter().any(|o| o == "bold") && options.iter().any(|o| o == "fill"), "{options:?}");
        assert!(!options.iter().any(|o| o == "pt"));
        // A unit's layout offers its bar and no upgrade's slot; an upgrade's, the other way.
        let index =
            crate::lsp::analysis::Index { kinds: cards_runtime::model::kinds::PRELUDE.to_vec(), ..Default::default() };
        let ship = labels(layout_fields(&index, "ship"));
        assert!(ship.iter().any(|l| l == "bar") && !ship.iter().any(|l| l == "slot"), "{ship:?}");
        let upgrade = labels(layout_fields(&index, "upgrade"));
        assert!(upgrade.iter().any(|l| l == "slot") && !upgrade.iter().any(|l| l == "bar"), "{upgrade:?}");
        assert!(upgrade.iter().any(|l| l == "size") && upgrade.iter().any(|l| l == "text"));
    }

    #[test]
    fn the_typed_word_is_the_name_before_the_cursor() {
        assert_eq!(typed_word("  icon: cre"), "cre");
        assert_eq!(typed_word("  [Barrel-ro"), "Barrel-ro");
        assert_eq!(typed_word("x "), "");
    }
}
