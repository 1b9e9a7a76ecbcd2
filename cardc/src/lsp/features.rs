//! The answers: hover, go to definition, find references, document and workspace symbols.

use lsp_types::{
    CodeAction, CodeActionKind, CodeActionOrCommand, DocumentSymbol, Hover, HoverContents, Location, MarkupContent,
    MarkupKind, SymbolInformation, SymbolKind, WorkspaceEdit,
};

use super::analysis::{Analysis, CardInfo, Occurrence, Target, VocabInfo};
use super::convert;
use crate::ast::{FileId, Span};

/// The most lines of a card's source a hover shows.
const HOVER_LINES: usize = 30;

/// The hover of the name or ability text under `offset`; a card's with its picture when
/// `pictures` (the client shows pictures in hovers).
pub fn hover(a: &Analysis, file: FileId, offset: usize, pictures: bool) -> Option<Hover> {
    let o = a.index.at(file, offset)?;
    let text = match &o.target {
        Target::Card(id) => card_hover(a, a.index.card(id)?, pictures),
        Target::Vocab(kind, id) => vocab_hover(a, a.index.entry(*kind, id)?),
        Target::Field(key) => field_hover(a, key),
        Target::Kind(word) => kind_hover(a, word)?,
        Target::Distance => distance_hover(a.index.distance.as_ref()?),
        Target::Verb(id) => verb_hover(a.index.verbs.iter().find(|v| *v.id == **id)?),
        Target::Ability { .. } => ability_hover(a, file, offset)?,
        Target::Restriction { card } => restriction_hover(a, *card)?,
    };
    Some(Hover {
        contents: HoverContents::Markup(MarkupContent { kind: MarkupKind::Markdown, value: text }),
        range: Some(convert::range_in(a.sources.file(o.file), o.span)),
    })
}

/// A card: its kind, name and id, its picture when `picture` (and it can be drawn), then
/// its source as written (up to [`HOVER_LINES`]).
fn card_hover(a: &Analysis, card: &CardInfo, picture: bool) -> String {
    let source = &a.sources.file(card.file).text;
    let written = source.get(card.span.range()).unwrap_or_default();
    let mut lines: Vec<&str> = written.lines().collect();
    let more = lines.len().saturating_sub(HOVER_LINES);
    lines.truncate(HOVER_LINES);
    let mut out = format!("**{}** · {} `{}`\n\n", card.name, card.kind_word, card.id);
    if let Some(image) = picture.then(|| super::preview::hover_picture(a, card)).flatten() {
        out.push_str(&image);
        out.push_str("\n\n");
    }
    out.push_str(&format!("```cards\n{}\n```", lines.join("\n")));
    if more > 0 {
        out.push_str(&format!("\n… {more} more lines"));
    }
    if let Some(history) = history(a, card) {
        out.push_str(&history);
    }
    out
}

/// A card's history, when the set has releases and the card names one: the release it came
/// out in, and what each release that changed it changed.
fn history(a: &Analysis, info: &CardInfo) -> Option<String> {
    let set = a.checked.model()?;
    let card = set.cards.iter().find(|c| *c.id == *info.id)?;
    let release = |r: u16| set.releases.get(usize::from(r)).map(|r| format!("`{}` ({})", r.id, r.date));
    let mut lines = Vec::new();
    if let Some(since) = card.since.and_then(release) {
        lines.push(format!("- came out in {since}"));
    }
    for (r, change) in crate::diff::history(set, card) {
        lines.push(format!("- {}: {}", release(r)?, change.summary()));
    }
    (!lines.is_empty()).then(|| format!("\n\nHistory:\n{}", lines.join("\n")))
}

/// A vocabulary entry: its display name, kind and id, where it is declared and how often
/// the set uses it.
fn vocab_hover(a: &Analysis, v: &VocabInfo) -> String {
    let target = Target::Vocab(v.kind, v.id.clone());
    let uses = a.index.of(&target).iter().filter(|o| !o.declaration).count();
    let file = a.sources.file(v.file);
    let (line, _) = file.line_col(v.span.start as usize);
    let shown = v.display.as_deref().map_or(String::new(), |d| format!("**{d}** · "));
    let name = file.path.file_name().map_or(String::new(), |n| n.to_string_lossy().into_owned());
    let in_text = text_uses(a, v);
    let times = |n: usize| match n {
        1 => "once".to_string(),
        n => format!("{n} times"),
    };
    let used = match (uses, in_text) {
        (0, 0) => "not used".to_string(),
        (n, 0) => format!("used {}", times(n)),
        (0, t) => format!("used by ability text {}", times(t)),
        (n, t) => format!("used {} in fields and by ability text {}", times(n), times(t)),
    };
    format!("{shown}{} `{}`\n\nDeclared in `{name}` line {line}; {used} in this set.", v.kind, v.id)
}

/// How many abilities the reading of the set's text finds using `v`: a header they are
/// under (`Surge:`), or an entry they name, bracketed or not (`gain 1 scorch token`).
fn text_uses(a: &Analysis, v: &VocabInfo) -> usize {
    let Some(set) = a.checked.model() else { return 0 };
    let abilities = || set.cards.iter().flat_map(|c| c.abilities.iter().map(move |ab| (c, ab)));
    if v.kind == cards_runtime::model::VocabKind::Header {
        let Some(i) = set.vocab.headers.iter().position(|h| *h.id == *v.id) else { return 0 };
        return abilities().filter(|(_, ab)| ab.header == Some(i as u16)).count();
    }
    // A whole reference (`"token:scorch"`), not one that ends with it (`"ship-icon:x"`).
    let named = format!("\"{}:{}\"", v.kind.keyword(), v.id);
    abilities()
        .filter(|(c, ab)| cards_runtime::ability_json::ability_json(set, c, ab).to_string().contains(&named))
        .count()
}

/// A kind of card: its names and what its role does, and how many cards the set has of it.
fn kind_hover(a: &Analysis, word: &str) -> Option<String> {
    let kind = a.index.kinds.iter().find(|k| *k.noun.id == *word)?;
    let cards = a.index.cards.iter().filter(|c| c.kind_word == word).count();
    let n = &kind.noun;
    let count = format!("{cards} {}", n.count(cards));
    Some(format!(
        "**{}** (plural {}) · kind `{}`, {} `{}`: {}\n\n{count} in this set.",
        n.name,
        n.plural,
        n.id,
        // The role words: `unit`, `profile`, `upgrade`, `part`, `blueprint`, `species`.
        if kind.role.role_word() == "upgrade" { "an" } else { "a" },
        kind.role.role_word(),
        kind.role.role_meaning()
    ))
}

/// The game's distance: its names, and what ability text measures in it.
fn distance_hover(distance: &cards_runtime::model::Distance) -> String {
    let n = &distance.noun;
    let adjacent = match distance.adjacent {
        Some(a) => format!("`adjacent` is {a} {}", n.count(a as usize)),
        None => "it does not say what `adjacent` is".to_string(),
    };
    format!(
        "**{}** (plural {}) · distance `{}`: ability text measures `within N {}`; {adjacent}.",
        n.name,
        n.plural,
        n.id,
        n.many()
    )
}

/// A verb of the game's: its forms, and how ability text reads it.
fn verb_hover(verb: &cards_runtime::model::Verb) -> String {
    format!(
        "verb `{}` ({}, {}): ability text reads `{} N <thing>`; the game carries it out.",
        verb.id, verb.third, verb.past, verb.id
    )
}

/// A built-in field: which of the game's kinds take it, under the game's words (a unit's
/// `calling:` is its profile's field).
fn field_hover(a: &Analysis, key: &str) -> String {
    let builtin = crate::resolve::kinds::builtin_field(&a.index.kinds, key).unwrap_or_default();
    let kinds: Vec<String> = a
        .index
        .kinds
        .iter()
        .filter(|k| crate::check::cards::fields_of(k.role).any(|f| f == builtin))
        .map(|k| k.noun.many())
        .collect();
    match kinds.is_empty() {
        true => format!("`{key}`: not a built-in field"),
        false => format!("`{key}`: a field of {}", kinds.join(", ")),
    }
}

/// A card's restriction in plain words, as `cardc validate` says what a broken one requires.
fn restriction_hover(a: &Analysis, card: usize) -> Option<String> {
    let set = a.checked.model()?;
    let info = a.index.cards.get(card)?;
    let requires = set.cards.iter().find(|c| *c.id == *info.id)?.requires.as_ref()?;
    let said = cards_runtime::restriction_text::describe(set, requires);
    Some(format!("**{}** can be equipped by {said}.", info.name))
}

/// The ability under `offset` as the compiler reads it.
fn ability_hover(a: &Analysis, file: FileId, offset: usize) -> Option<String> {
    let set = a.checked.model()?;
    let path = &a.sources.file(file).path;
    let relative = path.strip_prefix(&a.dir).unwrap_or(path).to_string_lossy().replace('\\', "/");
    let offset = offset as u32;
    for card in set.cards.iter() {
        for ability in card.abilities.iter() {
            if *ability.file == *relative && ability.span.start <= offset && offset <= ability.span.end {
                let plain = cards_runtime::ability_plain::ability(set, ability);
                let reading = cards_runtime::ability_text::ability(set, ability);
                let opaque = ability.opaque().count();
                let note = match opaque {
                    0 => String::new(),
                    n => format!("\n\n{n} part(s) kept opaque (in “quotes”): the engine does not act on them."),
                };
                let (said, trip) = cards_runtime::ability_card::said_back(set, ability);
                let back = match trip {
                    cards_runtime::ability_card::RoundTrip::Exact => {
                        format!("**Says back:** {} (as printed)", said.text)
                    }
                    cards_runtime::ability_card::RoundTrip::Differs { .. } => {
                        let (_, only_said) = cards_runtime::ability_card::differing(&ability.text, &said.text);
                        format!(
                            "**Says back:** {} (differs from the card: the words it does not print are in ~~strikethrough~~)",
                            marked(&said.text, &only_said)
                        )
                    }
                };
                return Some(format!(
                    "**Reads as:** {plain}{note}\n\n{back}\n\nPrinted: {}\n\n```text\n{}\n```",
                    ability.text,
                    reading.trim_end()
                ));
            }
        }
    }
    None
}

/// `text` with the byte ranges `marks` struck through (`~~word~~`), for a Markdown hover.
fn marked(text: &str, marks: &[std::ops::Range<usize>]) -> String {
    let mut out = String::new();
    let mut at = 0;
    for m in marks {
        let (Some(before), Some(word)) = (text.get(at..m.start), text.get(m.clone())) else { continue };
        out.push_str(before);
        out.push_str(&format!("~~{word}~~"));
        at = m.end;
    }
    out.push_str(text.get(at..).unwrap_or_default());
    out
}

/// The fixes of the diagnostics whose primary label in `file` meets `range`, one quick fix
/// each (the certain ones preferred, as `cardc check --fix` applies only those), then one
/// action applying every certain fix of the file at once (`source.fixAll`). `only` limits
/// the kinds, as the client asks.
pub fn code_actions(
    a: &Analysis,
    file: FileId,
    range: Span,
    only: Option<&[CodeActionKind]>,
) -> Vec<CodeActionOrCommand> {
    let wants = |kind: &CodeActionKind| {
        only.is_none_or(|only| {
            only.iter().any(|o| kind.as_str() == o.as_str() || kind.as_str().starts_with(&format!("{}.", o.as_str())))
        })
    };
    let in_file: Vec<&crate::Diagnostic> =
        a.checked.diagnostics.iter().filter(|d| d.primary().is_some_and(|l| l.file == file)).collect();
    let mut out = Vec::new();
    if wants(&CodeActionKind::QUICKFIX) {
        for d in &in_file {
            let Some(primary) = d.primary() else { continue };
            let meets = primary.span.start <= range.end && range.start <= primary.span.end;
            if !meets {
                continue;
            }
            let shown = convert::diagnostic(d, &a.sources).map(|(_, d)| d);
            for fix in d.fixes.iter() {
                out.push(CodeActionOrCommand::CodeAction(CodeAction {
                    title: fix.message.clone(),
                    kind: Some(CodeActionKind::QUICKFIX),
                    diagnostics: shown.clone().map(|d| vec![d]),
                    edit: Some(workspace_edit(a, fix.edits.iter())),
                    is_preferred: Some(fix.is_machine_applicable()),
                    ..Default::default()
                }));
            }
        }
    }
    let all = crate::fix::plan(in_file.iter().copied());
    if wants(&CodeActionKind::SOURCE_FIX_ALL) && !all.is_empty() {
        out.push(CodeActionOrCommand::CodeAction(CodeAction {
            title: format!("Apply every certain fix ({})", all.len()),
            kind: Some(CodeActionKind::SOURCE_FIX_ALL),
            edit: Some(workspace_edit(a, all.iter().flat_map(|f| f.edits.iter()))),
            ..Default::default()
        }));
    }
    out
}

/// Compiler edits as a workspace edit, by file.
fn workspace_edit<'e>(a: &Analysis, edits: impl Iterator<Item = &'e crate::diagnostics::Edit>) -> WorkspaceEdit {
    let mut changes: std::collections::HashMap<lsp_types::Url, Vec<lsp_types::TextEdit>> = Default::default();
    for e in edits {
        let f = a.sources.file(e.file);
        let Some(uri) = convert::url(&f.path) else { continue };
        let edit = lsp_types::TextEdit { range: convert::range_in(f, e.span), new_text: e.replacement.clone() };
        changes.entry(uri).or_default().push(edit);
    }
    WorkspaceEdit { changes: Some(changes), ..Default::default() }
}

/// The edits that give an open document the canonical layout of `cardc fmt`: one edit of
/// the whole text, none when it is formatted already, and no answer when it does not
/// parse (it is left as it is, as `cardc fmt` leaves it). `cache` holds the items of the
/// document's last parse, so that only the items an edit changed are read.
pub fn format(
    text: &str,
    path: &std::path::Path,
    cache: &mut super::analysis::Caches,
) -> Option<Vec<lsp_types::TextEdit>> {
    let formatted = cache.format(path, text).ok()?;
    if formatted == text {
        return Some(Vec::new());
    }
    let whole = convert::range(text, Span::new(0, text.len()));
    Some(vec![lsp_types::TextEdit { range: whole, new_text: formatted }])
}

/// Where the name under `offset` is declared.
pub fn definition(a: &Analysis, file: FileId, offset: usize) -> Option<Location> {
    let o = a.index.at(file, offset)?;
    let declared = a.index.of(&o.target).into_iter().find(|o| o.declaration)?;
    location(a, declared)
}

/// Every place the name under `offset` is written.
pub fn references(a: &Analysis, file: FileId, offset: usize, declaration: bool) -> Vec<Location> {
    let Some(o) = a.index.at(file, offset) else { return Vec::new() };
    if matches!(o.target, Target::Ability { .. } | Target::Restriction { .. } | Target::Field(_)) {
        return Vec::new();
    }
    a.index.of(&o.target).into_iter().filter(|o| declaration || !o.declaration).filter_map(|o| location(a, o)).collect()
}

fn location(a: &Analysis, o: &Occurrence) -> Option<Location> {
    let file = a.sources.file(o.file);
    Some(Location { uri: convert::url(&file.path)?, range: convert::range_in(file, o.span) })
}

/// The cards and vocabulary entries declared in one file.
pub fn document_symbols(a: &Analysis, file: FileId) -> Vec<DocumentSymbol> {
    let source = a.sources.file(file);
    let mut out: Vec<(Span, DocumentSymbol)> = Vec::new();
    for v in a.index.vocab.iter().filter(|v| v.file == file) {
        out.push((
            v.span,
            symbol(
                source,
                v.display.clone().unwrap_or_else(|| v.id.clone()),
                v.kind.to_string(),
                SymbolKind::ENUM_MEMBER,
                v.span,
                v.span,
            ),
        ));
    }
    for c in a.index.cards.iter().filter(|c| c.file == file) {
        out.push((
            c.span,
            symbol(source, c.name.clone(), format!("{} {}", c.kind_word, c.id), SymbolKind::STRUCT, c.span, c.id_span),
        ));
    }
    out.sort_by_key(|(span, _)| span.start);
    out.into_iter().map(|(_, s)| s).collect()
}

/// A symbol of `file`, its ranges found through the file's line index (a file of a thousand
/// cards converts each range from its own line, not from the top).
#[allow(deprecated)] // `deprecated` is a field the type requires; `tags` replaces it.
fn symbol(
    file: &crate::source::SourceFile,
    name: String,
    detail: String,
    kind: SymbolKind,
    whole: Span,
    name_span: Span,
) -> DocumentSymbol {
    DocumentSymbol {
        name,
        detail: Some(detail),
        kind,
        tags: None,
        deprecated: None,
        range: convert::range_in(file, whole),
        selection_range: convert::range_in(file, name_span),
        children: None,
    }
}

/// The cards and entries whose name or id contains `query` (ignoring case), cards first.
#[allow(deprecated)]
pub fn workspace_symbols(a: &Analysis, query: &str) -> Vec<SymbolInformation> {
    let query = query.to_lowercase();
    let matches = |s: &str| s.to_lowercase().contains(&query);
    let mut out = Vec::new();
    let mut push = |name: String, container: String, kind: SymbolKind, file: FileId, span: Span| {
        let f = a.sources.file(file);
        if let Some(uri) = convert::url(&f.path) {
            let location = Location { uri, range: convert::range_in(f, span) };
            out.push(SymbolInformation {
                name,
                kind,
                tags: None,
                deprecated: None,
                location,
                container_name: Some(container),
            });
        }
    };
    for c in a.index.cards.iter().filter(|c| matches(&c.name) || matches(&c.id)) {
        push(c.name.clone(), format!("{} {}", c.kind_word, c.id), SymbolKind::STRUCT, c.file, c.span);
    }
    for v in a.index.vocab.iter().filter(|v| matches(&v.id) || v.display.as_deref().is_some_and(matches)) {
        push(
            v.display.clone().unwrap_or_else(|| v.id.clone()),
            v.kind.to_string(),
            SymbolKind::ENUM_MEMBER,
            v.file,
            v.span,
        );
    }
    out
}

#[cfg(test)]
mod tests {
    use super::marked;

    #[test]
    fn the_words_the_card_does_not_print_are_struck_through() {
        let said = "you may gain 1 evade token";
        let printed = "you may gain 1 focus token";
        let (_, only_said) = cards_runtime::ability_card::differing(printed, said);
        assert_eq!(marked(said, &only_said), "you may gain 1 ~~evade~~ token");
        // Nothing differs: nothing is marked.
        assert_eq!(marked(said, &[]), said);
    }
}
