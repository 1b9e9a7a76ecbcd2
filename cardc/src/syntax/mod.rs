//! Parsing: a file's text → [`ast::File`](crate::ast::File), with a diagnostic for every
//! syntax error.
//!
//! The file is first cut into top-level items ([`chunk`]); each item is parsed with the
//! pest grammar in `grammar.pest` (crate `cardc-grammar`). A broken item is reported and skipped (a broken card is
//! still known by its name, so references to it do not cascade), and parsing goes on with
//! the next one.

pub mod chunk;
mod fast;
pub mod keywords;

#[cfg(test)]
pub(crate) use fast::reads_as_the_grammar_does;
mod recover;
pub mod restriction;
mod reuse;
pub mod sentences;
pub mod tree;

use std::sync::{Arc, Mutex, PoisonError};

use pest::iterators::{Pair, Pairs};
use pest::Parser;

use crate::ast::Rule as AstRule;
use crate::ast::*;
use crate::declare_code;
use crate::diagnostics::{join_or, Diagnostic, Fix};
pub use reuse::Reuse;
use tree::ItemTree;

declare_code! {
    /// ## What
    /// The text does not follow the card language's grammar at this point.
    ///
    /// ## Why
    /// The compiler says what it expected there; everything before and after the broken
    /// item is still checked.
    ///
    /// ## Example
    /// ```text
    /// upgrade "Dominator" {
    ///   icon title
    /// }
    /// ```
    /// A field needs a colon: `icon: title`.
    pub static E0001: "E0001", "syntax-error", Error;
}

declare_code! {
    /// ## What
    /// A `.cards` file declares nothing: it is empty or holds only comments.
    ///
    /// ## Why
    /// An empty file is usually a mistake (a save that failed, a file in the wrong
    /// folder); the compiler says so rather than check nothing.
    ///
    /// ## Example
    /// An empty `ships.cards`. Add cards to it or delete it.
    pub static E0005: "E0005", "empty-file", Error;
}

/// The card language's grammar, `cardc-grammar/src/grammar.pest`.
pub(crate) use cardc_grammar::cards as grammar;

use grammar::{CardParser, Rule};

/// Serialises the parses that need pest's error detail; see [`parse_item_with`].
static ERROR_DETAIL: Mutex<()> = Mutex::new(());

/// Parses what comes before a file's first item, which holds only comments and blank
/// lines (the chunker starts an item at the first line holding anything else): its
/// comments, for the formatter.
pub(crate) fn parse_preamble(input: &str) -> Result<Pairs<'_, Rule>, pest::error::Error<Rule>> {
    CardParser::parse(Rule::preamble, input)
}

/// Parses one item, with pest's error detail when it fails and `detail` (an error whose
/// message is not shown needs only where it is, which a parse without the detail finds the
/// same). The detail (the expected tokens and rules that syntax errors list) is a
/// process-wide switch, read when a parse starts, and collecting it makes every parse two
/// to three times slower. So an item is parsed without it, and only one that fails is
/// parsed again with it, under a lock, so that parses on other threads cannot switch it off
/// halfway. (A parse that starts while the switch is on just runs slower: the detail never
/// changes whether or how an item parses.)
fn parse_item_with(input: &str, detail: bool) -> Result<Pairs<'_, Rule>, pest::error::Error<Rule>> {
    CardParser::parse(Rule::item, input).or_else(|e| {
        if !detail {
            return Err(e);
        }
        let _lock = ERROR_DETAIL.lock().unwrap_or_else(PoisonError::into_inner);
        pest::set_error_detail(true);
        let detailed = CardParser::parse(Rule::item, input);
        pest::set_error_detail(false);
        detailed
    })
}

/// Parses one file. Every syntax error is reported; items that parse are kept.
pub fn parse_file(file: FileId, text: &str) -> (File, Vec<Diagnostic>) {
    parse_items(file, text, None)
}

/// [`parse_file`] after an edit: an item whose text is the same as in the parse `last`
/// kept is taken from it rather than read again (under this file id, whatever id it was
/// read under). Gives what [`parse_file`] gives, and what to keep for the next parse,
/// which holds as well the concrete tree of each item that parses ([`Reuse::tree`]), from
/// the same reading: the formatter and completion take it from there.
pub fn parse_file_reusing(file: FileId, text: &str, last: &Reuse) -> (File, Vec<Diagnostic>, Reuse) {
    parse_file_reusing_any(file, text, &[last])
}

/// [`parse_file_reusing`], taking an item from the first of `lasts` that holds it.
pub(crate) fn parse_file_reusing_any(file: FileId, text: &str, lasts: &[&Reuse]) -> (File, Vec<Diagnostic>, Reuse) {
    let shared = lasts.first().and_then(|l| l.shared.clone());
    let mut next = Reuse { items: std::collections::HashMap::new(), shared, read: 0 };
    let (parsed, diagnostics) = parse_items(file, text, Some((lasts, &mut next)));
    (parsed, diagnostics, next)
}

/// Reads each item of `text` on its own, at offset 0, and moves it into place. With
/// `reuse` (the last parse's items, and where to keep this one's), an item the last parse
/// holds is taken from it, and each item read is read with the grammar, which gives its
/// concrete tree as well; without, a card the fast path reads is not read with the grammar.
fn parse_items(file: FileId, text: &str, mut reuse: Option<(&[&Reuse], &mut Reuse)>) -> (File, Vec<Diagnostic>) {
    let mut diagnostics = Vec::new();
    let mut items = Vec::new();
    let mut restrictions = Vec::new();
    let chunks = chunk::chunks(file, text, &mut diagnostics);
    for c in &chunks {
        let (slice, alone) = c.alone(text);
        let mut placed = match reuse.as_mut() {
            None => parse_alone(file, slice, &alone, false),
            Some((last, next)) => {
                let key = reuse::Key { text: slice.to_string(), chunk: alone };
                // An item written twice in the file is read once; every item is kept for
                // the next parse, whether read or taken.
                if let Some(read) = next.items.get(&key) {
                    read.clone()
                } else {
                    let read = last.iter().find_map(|l| l.get(&key)).cloned().unwrap_or_else(|| {
                        next.read += 1;
                        parse_alone(file, slice, &key.chunk, true)
                    });
                    next.items.entry(key).or_insert(read).clone()
                }
            }
        };
        placed.place(file, c.start as u32);
        items.append(&mut placed.items);
        diagnostics.append(&mut placed.diagnostics);
        restrictions.append(&mut placed.restrictions);
    }
    if chunks.is_empty() && diagnostics.is_empty() {
        let span = Span::new(0, text.chars().next().map_or(0, char::len_utf8));
        diagnostics.push(
            Diagnostic::new(&E0005, "this file declares nothing")
                .label(file, span, "empty file")
                .help("add cards to the file or delete it"),
        );
    }
    diagnostics.append(&mut restrictions);
    (File { id: file, items }, diagnostics)
}

/// Reads one item, `text` as the chunker cut it (`c`, at offset 0). With `tree`, it is read
/// with the grammar, and its concrete tree kept when it parses.
fn parse_alone(file: FileId, text: &str, c: &chunk::Chunk, tree: bool) -> reuse::Parsed {
    let mut read = reuse::Parsed::default();
    let fast = (!tree && c.unclosed == 0 && !c.had_error).then(|| fast::card(0, text)).flatten();
    match fast {
        Some(card) => read.items.push(Item::Card(card)),
        None => {
            let kept = parse_chunk(file, text, c, &mut read.items, &mut read.diagnostics);
            read.tree = kept.filter(|_| tree).map(Arc::new);
        }
    }
    let mut alone = File { id: file, items: std::mem::take(&mut read.items) };
    restriction::parse_fields(&mut alone, &mut read.restrictions);
    read.items = alone.items;
    read
}

/// The item of `text` that holds byte `at`: where its chunk starts, and its concrete tree
/// (offsets from that start) when it parses as the parser reads it, with a string left open
/// closed at its line's end and unclosed braces closed at the item's end. `None` when no
/// item holds `at` (it lies in the comments before the first). For completion, which reads
/// a text with a word put at the cursor.
#[cfg(feature = "lsp")]
pub(crate) fn item_at(text: &str, at: usize) -> Option<(usize, Option<ItemTree>)> {
    let chunks = chunk::chunks(0, text, &mut Vec::new());
    let c = chunks.iter().find(|c| c.start <= at && at < c.end)?;
    let (slice, alone) = c.alone(text);
    let mut input = close_strings(slice, &alone);
    input.push_str(&"\n}".repeat(c.unclosed));
    let tree = CardParser::parse(Rule::item, &input).ok().map(ItemTree::of);
    Some((c.start, tree))
}

/// Whether `text` parses as one item as it stands (for completion).
#[cfg(feature = "lsp")]
pub(crate) fn is_item(text: &str) -> bool {
    parse_item_with(text, false).is_ok()
}

/// Where the fast path and the grammar disagree on `text`, one file: for each item the fast
/// path reads as a card, the grammar must read the same card with no diagnostic. `None`
/// when they agree on every item (the fast path may give up on any). For the differential
/// fuzz target and tests; `cardc` itself never calls it.
pub fn fast_path_disagreement(text: &str) -> Option<String> {
    let chunks = chunk::chunks(0, text, &mut Vec::new());
    for c in chunks.iter().filter(|c| c.unclosed == 0 && !c.had_error) {
        let item = &text[c.start..c.end];
        let Some(fast) = fast::card(c.start, item) else { continue };
        let (mut items, mut diagnostics) = (Vec::new(), Vec::new());
        parse_chunk(0, text, c, &mut items, &mut diagnostics);
        if !diagnostics.is_empty() {
            return Some(format!("the fast path read {item:?}, which the grammar rejects"));
        }
        let (grammar, fast) = (format!("{items:?}"), format!("{:?}", [Item::Card(fast)]));
        if grammar != fast {
            return Some(format!("{item:?}: the grammar reads {grammar}, the fast path {fast}"));
        }
    }
    None
}

/// Parses one item with the grammar: the item, or a syntax error and what can be saved
/// of the item (a card's head, a vocabulary line's entries, the game's name). Gives the
/// item's concrete tree when it parses as written (the chunker found nothing wrong).
fn parse_chunk(
    file: FileId,
    text: &str,
    c: &chunk::Chunk,
    items: &mut Vec<Item>,
    diagnostics: &mut Vec<Diagnostic>,
) -> Option<ItemTree> {
    let mut input = close_strings(&text[c.start..c.end], c);
    if c.unclosed > 0 {
        input = format!("{input}\n{}", "}".repeat(c.unclosed));
    }
    let builder = Build::new(file, c.start, c.end);
    // The chunker already reported an error inside the item: what the parse finds after it
    // is a follow-on, not reported, so its message is not worked out either.
    let report = !c.had_error;
    let e = match parse_item_with(&input, report) {
        Ok(pairs) => {
            let as_written = c.unclosed == 0 && c.open_strings.is_empty() && !c.had_error;
            let tree = as_written.then(|| ItemTree::of(pairs.clone()));
            builder.items(pairs, items, diagnostics);
            return tree;
        }
        Err(e) => e,
    };
    let recovery = recover::keyword(&builder, &input)
        .or_else(|| recover::capitalised_kind(&builder, &input))
        .or_else(|| recover::trailing_comma(&builder, &input, &e))
        .or_else(|| recover::typographic_quotes(&builder, &input, &e));
    if let Some(recovery) = recovery {
        let and_report = report && recovery.and_report;
        if report {
            diagnostics.push(recovery.diagnostic);
        }
        match parse_item_with(&recovery.input, and_report) {
            Ok(pairs) => {
                recovery.builder.items(pairs, items, diagnostics);
                return None;
            }
            Err(e) if and_report => diagnostics.push(recovery.builder.syntax_error(&recovery.input, &e)),
            Err(_) => {}
        }
    } else if report {
        diagnostics.push(builder.syntax_error(&input, &e));
    }
    if let Some(item) = builder.card_head(&input).map(Item::Card).or_else(|| recover::salvage(&builder, &input)) {
        items.push(item);
    }
    None
}

/// The item's text with each string that runs to the end of its line closed there (the
/// chunker reported it): the line break becomes the `"`, so every offset stays the same.
fn close_strings(slice: &str, c: &chunk::Chunk) -> String {
    let mut bytes = slice.as_bytes().to_vec();
    for &at in &c.open_strings {
        match at.checked_sub(c.start) {
            Some(i) if i < bytes.len() && matches!(bytes[i], b'\n' | b'\r') => bytes[i] = b'"',
            Some(i) if i == bytes.len() => bytes.push(b'"'),
            _ => {}
        }
    }
    String::from_utf8(bytes).unwrap_or_else(|_| slice.to_string())
}

/// Builds syntax tree nodes from pest's pairs, with spans in the whole file: an offset in
/// the parsed input is `base` past the item's start, moved by each of `shifts` it is at or
/// past (an input read with words replaced by others of another length), and never past
/// `end`, the item's end in the file (the input may have a `"` or `}` added at its end).
struct Build {
    file: FileId,
    base: usize,
    end: usize,
    /// `(from, by)`: an offset of the input at or past `from` is `by` bytes further on in
    /// the file.
    shifts: Vec<(usize, isize)>,
}

fn unescape(inner: &str) -> String {
    let mut out = String::with_capacity(inner.len());
    let mut chars = inner.chars();
    while let Some(c) = chars.next() {
        if c == '\\' {
            if let Some(n) = chars.next() {
                out.push(n);
            }
        } else {
            out.push(c);
        }
    }
    out
}

impl Build {
    fn new(file: FileId, base: usize, end: usize) -> Build {
        Build { file, base, end, shifts: Vec::new() }
    }

    /// The offset in the file of offset `p` of the parsed input.
    fn at(&self, p: usize) -> usize {
        let shift: isize = self.shifts.iter().filter(|(from, _)| p >= *from).map(|(_, by)| by).sum();
        ((self.base as isize + p as isize + shift).max(0) as usize).min(self.end)
    }

    fn span(&self, pair: &Pair<'_, Rule>) -> Span {
        let s = pair.as_span();
        Span::new(self.at(s.start()), self.at(s.end()))
    }

    /// Pushes the items of a parse.
    fn items(&self, pairs: Pairs<'_, Rule>, items: &mut Vec<Item>, diagnostics: &mut Vec<Diagnostic>) {
        for pair in pairs {
            if let Some(item) = self.item(pair, diagnostics) {
                items.push(item);
            }
        }
    }

    fn ident(&self, pair: Pair<'_, Rule>) -> Ident {
        Ident { text: pair.as_str().to_string(), span: self.span(&pair) }
    }

    fn string(&self, pair: Pair<'_, Rule>) -> Str {
        let span = self.span(&pair);
        let content = inner(pair).next().map_or("", |p| p.as_str());
        Str { value: unescape(content), span }
    }

    fn number(&self, pair: Pair<'_, Rule>, diagnostics: &mut Vec<Diagnostic>) -> Number {
        let span = self.span(&pair);
        let text = pair.as_str();
        let value = text.parse::<i64>().unwrap_or_else(|_| {
            let shown = if text.len() > 24 { format!("{}…", &text[..20]) } else { text.to_string() };
            diagnostics.push(Diagnostic::new(&E0001, format!("number `{shown}` is too large")).label(
                self.file,
                span,
                "does not fit in 64 bits",
            ));
            0
        });
        Number { value, signed: text.starts_with(['+', '-']), span }
    }

    fn item(&self, pair: Pair<'_, Rule>, d: &mut Vec<Diagnostic>) -> Option<Item> {
        let span = self.span(&pair);
        match pair.as_rule() {
            Rule::game_decl => {
                let mut it = inner(pair).skip(1);
                let id = self.ident(it.next()?);
                let name = self.string(it.next()?);
                Some(Item::Game(Game { id, name, span }))
            }
            Rule::vocab_decl => {
                let mut it = inner(pair);
                let kw = it.next()?;
                let kind = VocabKind::from_keyword(kw.as_str())?;
                let entries = it
                    .map(|e| {
                        let mut parts = inner(e);
                        let id = parts.next().map(|p| self.ident(p));
                        let mut display = None;
                        let mut flags = Vec::new();
                        for p in parts {
                            match p.as_rule() {
                                Rule::string => display = Some(self.string(p)),
                                _ => flags.push(self.ident(p)),
                            }
                        }
                        id.map(|id| VocabEntry { id, display, flags })
                    })
                    .collect::<Option<Vec<_>>>()?;
                Some(Item::Vocab(Vocab { kind, kind_span: self.span(&kw), entries }))
            }
            Rule::kind_decl => {
                let mut it = inner(pair);
                let keyword = self.span(&it.next()?);
                let entries = it
                    .map(|e| {
                        let span = self.span(&e);
                        let mut parts = inner(e);
                        let id = self.ident(parts.next()?);
                        let (mut display, mut plural, mut role) = (None, None, None);
                        for p in parts {
                            match p.as_rule() {
                                Rule::string if display.is_none() => display = Some(self.string(p)),
                                Rule::string => plural = Some(self.string(p)),
                                _ => role = Some(self.ident(p)),
                            }
                        }
                        Some(KindEntry { id, display, plural, role, span })
                    })
                    .collect::<Option<Vec<_>>>()?;
                Some(Item::Kind(KindDecl { keyword, entries, broken: false }))
            }
            Rule::roster_decl => {
                let mut it = inner(pair).skip(1);
                let id = self.ident(it.next()?);
                let display = it.next().map(|p| self.string(p));
                let plural = it.next().map(|p| self.string(p));
                Some(Item::Roster(Roster { id, display, plural, span }))
            }
            Rule::distance_decl => {
                let mut it = inner(pair).skip(1);
                let id = self.ident(it.next()?);
                let (mut display, mut plural, mut adjacent) = (None, None, None);
                for p in it {
                    match p.as_rule() {
                        Rule::string if display.is_none() => display = Some(self.string(p)),
                        Rule::string => plural = Some(self.string(p)),
                        Rule::number => adjacent = Some(self.number(p, d)),
                        _ => {}
                    }
                }
                Some(Item::Distance(DistanceDecl { id, display, plural, adjacent, span }))
            }
            Rule::verb_decl => {
                let entries = inner(pair)
                    .skip(1)
                    .map(|e| {
                        let span = self.span(&e);
                        let mut parts = inner(e);
                        let id = self.ident(parts.next()?);
                        let third = parts.next().map(|p| self.string(p));
                        let past = parts.next().map(|p| self.string(p));
                        Some(VerbEntry { id, third, past, span })
                    })
                    .collect::<Option<Vec<_>>>()?;
                Some(Item::Verb(VerbDecl { entries, span, broken: false }))
            }
            Rule::release_decl => {
                let mut it = inner(pair).skip(1);
                let id = self.ident(it.next()?);
                let name = self.string(it.next()?);
                let date = self.ident(it.next()?);
                let kind = it.next().map(|p| self.ident(p));
                Some(Item::Release(ReleaseDecl { id, name, date, kind, span }))
            }
            Rule::flagship_decl => {
                let mut it = inner(pair).skip(1);
                let unit = self.ident(it.next()?);
                let icon = self.ident(it.last()?);
                Some(Item::Flagship(Flagship { unit, icon, span }))
            }
            Rule::allow_decl => {
                let mut it = inner(pair);
                let level = match it.next()?.as_str() {
                    "warn" => LintLevel::Warn,
                    "deny" => LintLevel::Deny,
                    _ => LintLevel::Allow,
                };
                let lints = it.map(|p| self.ident(p)).collect();
                Some(Item::Allow(Allow { level, lints }))
            }
            Rule::rule_decl => {
                let mut it = inner(pair).skip(1);
                let id = self.ident(it.next()?);
                let message = self.string(it.next()?);
                let constraint = self.constraint(it.next()?, d)?;
                Some(Item::Rule(AstRule { id, message, constraint, span }))
            }
            Rule::layout_decl => {
                let mut it = inner(pair).skip(1);
                let kind = self.ident(it.next()?);
                let fields = self.fields(it.next()?, d)?;
                Some(Item::Layout(LayoutDecl { kind, fields, span }))
            }
            Rule::glyph_decl => {
                let entries = inner(pair)
                    .skip(1)
                    .map(|e| {
                        let span = self.span(&e);
                        let mut parts = inner(e);
                        let icon = self.ident(parts.next()?);
                        let file = self.string(parts.next()?);
                        Some(GlyphEntry { icon, file, span })
                    })
                    .collect::<Option<Vec<_>>>()?;
                Some(Item::Glyph(GlyphDecl { entries, span }))
            }
            Rule::card => Some(Item::Card(self.card(pair, d)?)),
            Rule::EOI => None,
            _ => None,
        }
    }

    fn constraint(&self, pair: Pair<'_, Rule>, d: &mut Vec<Diagnostic>) -> Option<Constraint> {
        let rule = pair.as_rule();
        let mut scope = None;
        let mut cmp = None;
        let mut quantity = None;
        let mut selector = None;
        let mut stat = None;
        let mut of = None;
        let mut condition = None;
        for p in inner(pair) {
            match p.as_rule() {
                Rule::per_scope => scope = Some(Scope { word: self.ident(inner(p).last()?) }),
                Rule::comparison => cmp = Some(self.comparison(p, d)?),
                Rule::stat_bound => {
                    let mut it = inner(p);
                    let op = cmp_op(&it.next()?);
                    let ident = self.ident(it.next()?);
                    cmp = Some(Comparison { op, n: Number { value: 0, signed: false, span: ident.span } });
                    stat = Some(ident);
                }
                Rule::cost_of => of = Some(self.ident(inner(p).last()?)),
                Rule::quantity => {
                    let q = inner(p).next()?;
                    quantity = Some(match q.as_rule() {
                        Rule::comparison => Quantity::Cmp(self.comparison(q, d)?),
                        _ => Quantity::No(self.span(&q)),
                    });
                }
                Rule::selector => selector = Some(self.selector(p)?),
                Rule::ident => stat = Some(self.ident(p)),
                Rule::where_clause => {
                    let span = self.span(&p);
                    let tokens = self.tokens(inner(p).last()?, d);
                    match restriction::parse(self.file, &tokens, span) {
                        Ok(r) => condition = Some(r),
                        Err(e) => d.push(e),
                    }
                }
                _ => {}
            }
        }
        if rule == Rule::same_rule {
            return Some(Constraint::Same { selector: selector? });
        }
        let scope = scope?;
        Some(match rule {
            Rule::unique_names => Constraint::UniqueNames { scope },
            Rule::sum_rule => Constraint::Sum { stat: stat?, cmp: cmp?, scope, condition },
            Rule::total_cost => Constraint::TotalCost { cmp: cmp?, of, stat, scope, condition },
            _ => Constraint::Count { quantity: quantity?, selector: selector?, scope, condition },
        })
    }

    fn comparison(&self, pair: Pair<'_, Rule>, d: &mut Vec<Diagnostic>) -> Option<Comparison> {
        let mut it = inner(pair);
        let op = cmp_op(&it.next()?);
        Some(Comparison { op, n: self.number(it.next()?, d) })
    }

    fn selector(&self, pair: Pair<'_, Rule>) -> Option<Selector> {
        let mut it = inner(pair);
        let word = self.ident(it.next()?);
        let mut filters = Vec::new();
        for f in it {
            let mut parts = inner(f).skip(1);
            let what = parts.next()?;
            filters.push(match what.as_rule() {
                Rule::k_icon => Filter::Icon(self.ident(parts.next()?)),
                Rule::k_trait => Filter::Trait(self.ident(parts.next()?)),
                Rule::k_drive => Filter::Drive(self.span(&what)),
                _ => Filter::Name(self.string(parts.next()?)),
            });
        }
        Some(Selector { word, filters })
    }

    fn tokens(&self, pair: Pair<'_, Rule>, d: &mut Vec<Diagnostic>) -> Vec<Token> {
        inner(pair)
            .map(|t| match t.as_rule() {
                Rule::string => Token::Str(self.string(t)),
                Rule::number => Token::Number(self.number(t, d)),
                Rule::ident | Rule::loose => Token::Ident(self.ident(t)),
                _ => Token::Punct(t.as_str().chars().next().unwrap_or(','), self.span(&t)),
            })
            .collect()
    }

    fn card_parts<'i>(
        &self,
        it: &mut std::iter::Peekable<impl Iterator<Item = Pair<'i, Rule>>>,
    ) -> Option<(Ident, Str, Option<Ident>)> {
        let kind = self.ident(it.next()?);
        let name = self.string(it.next()?);
        let mut as_id = None;
        if it.peek().is_some_and(|p| p.as_rule() == Rule::k_as) {
            it.next();
            as_id = Some(self.ident(it.next()?));
        }
        Some((kind, name, as_id))
    }

    fn card(&self, pair: Pair<'_, Rule>, d: &mut Vec<Diagnostic>) -> Option<Card> {
        let span = self.span(&pair);
        let mut it = inner(pair);
        let (kind, name, as_id) = self.card_parts(&mut it)?;
        let fields = self.fields(it.next()?, d)?;
        Some(Card { kind, name, as_id, fields, span, broken: false })
    }

    /// The fields of a `{ … }` body: a card's or a layout's.
    fn fields(&self, body: Pair<'_, Rule>, d: &mut Vec<Diagnostic>) -> Option<Vec<Field>> {
        let mut fields = Vec::new();
        for f in inner(body) {
            let fspan = self.span(&f);
            let rule = f.as_rule();
            let mut parts = inner(f).peekable();
            let key = self.ident(parts.next()?);
            let mut from = match parts.peek() {
                Some(p) if p.as_rule() == Rule::from => inner(parts.next()?).nth(1).map(|r| self.ident(r)),
                _ => None,
            };
            let value = match rule {
                Rule::flag_field => FieldValue::Flag,
                Rule::kv_field => FieldValue::Tokens(parts.next().map(|t| self.tokens(t, d)).unwrap_or_default()),
                Rule::text_block => FieldValue::Text(self.text_block(parts.next()?)),
                _ => {
                    let name = self.string(parts.next()?);
                    // `ability "Name" from <release> { … }`: the release after the name.
                    if parts.peek().is_some_and(|p| p.as_rule() == Rule::from) {
                        from = inner(parts.next()?).nth(1).map(|r| self.ident(r));
                    }
                    FieldValue::Ability { name, text: self.text_block(parts.next()?) }
                }
            };
            fields.push(Field { key, from, value, span: fspan });
        }
        Some(fields)
    }

    fn text_block(&self, raw: Pair<'_, Rule>) -> TextBlock {
        let span = self.span(&raw);
        let sentences = sentences::split(raw.as_str())
            .into_iter()
            .map(|(s, e)| Span::new(self.at(raw.as_span().start() + s), self.at(raw.as_span().start() + e)))
            .collect();
        TextBlock { span, sentences }
    }

    /// The kind, name and id of a card whose body does not parse.
    fn card_head(&self, input: &str) -> Option<Card> {
        let pairs = CardParser::parse(Rule::card_head, input).ok()?;
        let mut pairs = pairs.filter(|p| p.as_rule() != Rule::COMMENT).peekable();
        let (kind, name, as_id) = self.card_parts(&mut pairs)?;
        let span = Span::new(kind.span.start as usize, self.at(input.len()));
        Some(Card { kind, name, as_id, fields: Vec::new(), span, broken: true })
    }

    fn syntax_error(&self, input: &str, e: &pest::error::Error<Rule>) -> Diagnostic {
        let pos = error_at(e);
        let mut expected: Vec<String> = Vec::new();
        if let Some(attempts) = e.parse_attempts() {
            for t in attempts.expected_tokens() {
                let token = t.to_string();
                let shown = matches!(token.as_str(), "{" | "}" | ":" | "," | "+" | "(" | ")")
                    || (token.len() > 1 && token.bytes().all(|b| b.is_ascii_lowercase() || b == b'-'));
                if shown {
                    expected.push(format!("`{token}`"));
                }
            }
            for stack in &attempts.call_stacks {
                let rule = stack.parent.or_else(|| stack.deepest.get_rule().copied());
                if let Some(r) = rule {
                    expected.push(describe_rule(r).to_string());
                }
            }
        }
        if let pest::error::ErrorVariant::ParsingError { positives, .. } = &e.variant {
            expected.extend(positives.iter().map(|r| describe_rule(*r).to_string()));
        }
        // pest names a token once per way it was tried: dozens of copies of a few.
        expected.sort_unstable();
        expected.dedup();
        expected.retain(|s| !s.is_empty());
        // Past the item's first word, "an item" is only the start of the next one.
        let first_word = input.len() - input.trim_start_matches(|c: char| c.is_whitespace() || c == '\u{feff}').len();
        if pos > first_word {
            expected.retain(|s| s != ITEM);
        }
        // Any token of a value: say "a value" once.
        let value_parts = ["an identifier", "a number", "a string", "`(`", "`)`", "`+`", "`,`"];
        if ["an identifier", "a number", "a string"].iter().all(|v| expected.iter().any(|e| e == v)) {
            expected.retain(|e| !value_parts.contains(&e.as_str()));
            expected.push("a value".into());
        }
        // A number's sign is part of the number (`-` is not listed either).
        if expected.iter().any(|e| e == "a number") {
            expected.retain(|e| e != "`+`");
        }
        if expected.iter().any(|e| e == "a field" || e == "`text`") {
            expected.retain(|e| e != "`text`" && e != "`ability`");
            expected.push("a field".into());
        }
        // A literal already named by a description (`ship` in "`ship`, `fleet` or …").
        let literal = |e: &str| e.len() > 2 && e.starts_with('`') && e.ends_with('`') && e.matches('`').count() == 2;
        let described: Vec<String> = expected.iter().filter(|e| !literal(e)).cloned().collect();
        expected.retain(|e| !literal(e) || !described.iter().any(|d| d.contains(e.as_str())));
        expected.sort();
        expected.dedup();
        let found_text = found(input, pos);
        let width = found_text.1;
        let message = if expected.is_empty() {
            format!("unexpected {}", found_text.0)
        } else {
            format!("expected {}, found {}", join_or(&expected), found_text.0)
        };
        let span = Span::new(self.at(pos), self.at(pos + width));
        let label =
            if expected.is_empty() { "unexpected".to_string() } else { format!("expected {}", join_or(&expected)) };
        let diag = Diagnostic::new(&E0001, message).label(self.file, span, label);
        diag.maybe_fix(self.hint(input, pos))
    }

    /// A concrete fix for common mistakes: an identifier in capitals or with `_` (a guess:
    /// its uses must change too), a field's missing colon.
    fn hint(&self, input: &str, pos: usize) -> Option<Fix> {
        let pos = pos.min(input.len());
        let is_word = |c: char| c.is_alphanumeric() || c == '-' || c == '_';
        let start = input[..pos].char_indices().rev().take_while(|(_, c)| is_word(*c)).last().map_or(pos, |(i, _)| i);
        let len = input[start..].find(|c: char| !is_word(c)).unwrap_or(input.len() - start);
        let word = &input[start..start + len];
        if word.chars().any(|c| c.is_ascii_uppercase() || c == '_') {
            let id = crate::resolve::ids::derive_id(&word.replace('_', "-"));
            let span = Span::new(self.at(start), self.at(start + len));
            let message = format!("identifiers are kebab-case: write `{id}`");
            return crate::resolve::ids::is_valid_id(&id).then(|| Fix::maybe(message, self.file, span, id));
        }
        let line_start = input[..pos].rfind('\n').map_or(0, |i| i + 1);
        let line_before = &input[line_start..pos];
        let key = line_before.trim();
        let rest = &input[pos..];
        if !key.is_empty()
            && key.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
            && rest.starts_with(|c: char| c.is_ascii_lowercase() || c.is_ascii_digit())
        {
            let end = line_start + line_before.trim_end().len();
            let at = self.at(end);
            return Some(Fix::certain(format!("a field needs a colon: `{key}: …`"), self.file, Span::new(at, at), ":"));
        }
        None
    }
}

/// Where a parse failed: the byte of the input it could not read on.
fn error_at(e: &pest::error::Error<Rule>) -> usize {
    match e.location {
        pest::error::InputLocation::Pos(p) | pest::error::InputLocation::Span((p, _)) => p,
    }
}

/// The operator of `at most`, `at least`, `exactly`.
fn cmp_op(pair: &Pair<'_, Rule>) -> CmpOp {
    CmpOp::from_words(&cmp_op_words(pair)).unwrap_or(CmpOp::Exactly)
}

/// `at most`, `at least` or `exactly` as words, one space apart, whatever blanks, line
/// breaks and comments the `cmp_op` token holds between them.
pub(crate) fn cmp_op_words(pair: &Pair<'_, Rule>) -> String {
    let (text, start) = (pair.as_str(), pair.as_span().start());
    let mut code = String::with_capacity(text.len());
    let mut from = 0;
    for comment in pair.clone().into_inner().filter(|p| p.as_rule() == Rule::COMMENT) {
        code.push_str(&text[from..comment.as_span().start() - start]);
        code.push(' ');
        from = comment.as_span().end() - start;
    }
    code.push_str(&text[from..]);
    code.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// A pair's children, passing over the comments the grammar keeps in the tree (for the
/// formatter): the syntax tree holds none.
fn inner<'i>(pair: Pair<'i, Rule>) -> std::iter::Peekable<impl Iterator<Item = Pair<'i, Rule>>> {
    pair.into_inner().filter(|p| p.as_rule() != Rule::COMMENT).peekable()
}

/// Says what is at `pos`, and how many bytes to underline.
fn found(input: &str, pos: usize) -> (String, usize) {
    let rest = &input[pos.min(input.len())..];
    match rest.chars().next() {
        None => ("the end of the file".into(), 0),
        Some('\n') | Some('\r') => ("the end of the line".into(), 0),
        Some(c) if c.is_alphanumeric() || c == '-' || c == '_' => {
            let len = rest.find(|c: char| !(c.is_alphanumeric() || c == '-' || c == '_')).unwrap_or(rest.len());
            let len = len.min(40);
            let len = (0..=len).rev().find(|l| rest.is_char_boundary(*l)).unwrap_or(0);
            (format!("`{}`", &rest[..len]), len)
        }
        Some(c) => (format!("`{c}`"), c.len_utf8()),
    }
}

const ITEM: &str = "an item (`game`, a vocabulary line, `kind`, `roster`, `distance`, `verb`, `release`, `layout`, \
                    `glyph`, `rule`, `flagship:` or a card)";

fn describe_rule(rule: Rule) -> &'static str {
    match rule {
        Rule::ident | Rule::field_key => "an identifier",
        Rule::number => "a number",
        Rule::string | Rule::str_inner => "a string",
        Rule::game_decl
        | Rule::vocab_decl
        | Rule::vocab_kind
        | Rule::kind_decl
        | Rule::roster_decl
        | Rule::distance_decl
        | Rule::verb_decl
        | Rule::release_decl
        | Rule::k_release
        | Rule::k_kind
        | Rule::k_roster
        | Rule::k_distance
        | Rule::k_verb
        | Rule::layout_decl
        | Rule::glyph_decl
        | Rule::k_layout
        | Rule::k_glyph
        | Rule::flagship_decl
        | Rule::rule_decl
        | Rule::allow_decl
        | Rule::card
        | Rule::card_kind
        | Rule::k_game
        | Rule::k_rule
        | Rule::k_flagship
        | Rule::k_allow => ITEM,
        Rule::kv_field | Rule::flag_field | Rule::text_block | Rule::ability_block => "a field",
        Rule::tokens | Rule::rule_tokens => "a value",
        Rule::entry_flag => "`implicit` or `optional`",
        Rule::kind_entry => "a kind (`hero \"Hero\" unit`)",
        Rule::glyph_entry => "an icon and its file (`focus \"icons/focus.svg\"`)",
        Rule::verb_entry => "a verb (`heal`, or `cast \"casts\" \"cast\"`)",
        Rule::date => "a date (`2019-01-04`)",
        Rule::release_kind => "what the release is (`wave`, `points` or `erratum`)",
        Rule::from | Rule::k_from => "`from`",
        Rule::role => "a role (`unit`, `profile`, `upgrade`, `part`, `blueprint`, `species`)",
        Rule::cmp_op | Rule::comparison => "`at most`, `at least` or `exactly`",
        Rule::quantity | Rule::k_no => "a quantity (`at most N`, `at least N`, `exactly N`, `no`)",
        Rule::count_rule
        | Rule::unique_names
        | Rule::sum_rule
        | Rule::total_cost
        | Rule::same_rule
        | Rule::k_same
        | Rule::k_sum
        | Rule::k_total
        | Rule::k_unique => {
            "a constraint (`<quantity> <selector> per <scope>`, `unique names`, `sum`, `total cost`, `same`)"
        }
        Rule::cost_of | Rule::k_of => "`of`",
        Rule::selector_kind_plural => "a kind in the plural (`upgrades`, `cards`)",
        Rule::stat_bound => "`at most <stat>`",
        Rule::k_ship_icon => "`ship-icon`",
        Rule::selector | Rule::selector_kind => "a kind (`upgrade`, `card`)",
        Rule::filter | Rule::k_with => "`with`",
        Rule::per_scope | Rule::k_per => "`per`",
        Rule::scope => "a scope (`ship`, `fleet`, `blueprint`, or the game's own unit kind or roster)",
        Rule::where_clause | Rule::k_where => "`where`",
        Rule::k_as => "`as`",
        Rule::k_adjacent => "`adjacent`",
        Rule::body => "`{`",
        Rule::k_icon => "`icon`",
        Rule::k_trait => "`trait`",
        Rule::k_drive => "`drive`",
        Rule::k_name => "`name`",
        Rule::k_names => "`names`",
        Rule::k_cost => "`cost`",
        Rule::k_ship => "`ship`",
        Rule::punct => "`,`",
        Rule::EOI => "the end of the item",
        _ => "",
    }
}

#[cfg(test)]
mod tests;
