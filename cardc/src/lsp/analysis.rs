//! One set as the language server sees it: its files (open buffers over the disk), their
//! syntax trees, the check's diagnostics and model, and an index of every name written:
//! where each card and vocabulary entry is declared and where it is used.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use crate::ast::{AtomKind, CardKind, FieldValue, File, FileId, Ident, Item, Restriction, Span, Token, VocabKind};
use crate::check::cards::{field_refers, Refers};
use crate::pipeline::{self, Cache, Checked, ReadCache};
use crate::resolve::Names;
use crate::source::{self, SourceMap};

/// What a name written in a file stands for.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Target {
    /// A card, by id.
    Card(String),
    /// A vocabulary entry, by kind and id.
    Vocab(VocabKind, String),
    /// A field name (`cost`, `hull`): its documentation, not a declaration.
    Field(String),
    /// A kind of card, by its word (`hero`): declared by a `kind` line, or the prelude's.
    Kind(String),
    /// The game's distance (`space`), declared by its `distance` line.
    Distance,
    /// A verb of the game's ability text, by its base form (`heal`), declared by a `verb`
    /// line.
    Verb(String),
    /// The restriction of a card (`requires: …`; `card` indexes [`Index::cards`]).
    Restriction {
        /// The card.
        card: usize,
    },
    /// The sentences of one ability of a card (`card` indexes [`Index::cards`]).
    Ability {
        /// The card.
        card: usize,
        /// Which of its abilities, in order.
        ability: usize,
    },
}

/// One place a name is written.
#[derive(Clone, Debug)]
pub struct Occurrence {
    /// The file.
    pub file: FileId,
    /// Where.
    pub span: Span,
    /// What it names.
    pub target: Target,
    /// Whether this is where it is declared.
    pub declaration: bool,
}

/// A declared card, for symbols and hovers.
#[derive(Clone, Debug)]
pub struct CardInfo {
    /// Its id.
    pub id: String,
    /// Its printed name.
    pub name: String,
    /// The role its kind plays.
    pub kind: CardKind,
    /// Its kind's word, as the game declares it (`ship`, `hero`).
    pub kind_word: String,
    /// Its file.
    pub file: FileId,
    /// The whole card.
    pub span: Span,
    /// Where its id is written (the `as` id, else the name).
    pub id_span: Span,
}

/// A declared vocabulary entry.
#[derive(Clone, Debug)]
pub struct VocabInfo {
    /// Its kind.
    pub kind: VocabKind,
    /// Its id.
    pub id: String,
    /// Its display name, when one is given.
    pub display: Option<String>,
    /// Its file.
    pub file: FileId,
    /// Where its id is written.
    pub span: Span,
}

/// Every name written in a set, sorted by file and position.
#[derive(Debug, Default)]
pub struct Index {
    /// The occurrences, sorted by file then start.
    pub occurrences: Vec<Occurrence>,
    /// The cards, in declaration order.
    pub cards: Vec<CardInfo>,
    /// The vocabulary, in declaration order per kind.
    pub vocab: Vec<VocabInfo>,
    /// The game's kinds of card (the prelude's when it declares none).
    pub kinds: Vec<cards_runtime::model::Kind>,
    /// What the game calls a list of units.
    pub roster: Option<cards_runtime::model::Noun>,
    /// What its ability text measures distance in, when it declares it.
    pub distance: Option<cards_runtime::model::Distance>,
    /// The verbs its ability text uses that the built-in reading does not know.
    pub verbs: Vec<cards_runtime::model::Verb>,
}

impl Index {
    /// Whether the game declares kinds of its own (not the prelude's).
    pub fn declares_kinds(&self) -> bool {
        self.kinds[..] != cards_runtime::model::kinds::PRELUDE[..]
    }

    /// The occurrence under byte `offset` of `file`: the innermost when several cover it.
    pub fn at(&self, file: FileId, offset: usize) -> Option<&Occurrence> {
        let offset = offset as u32;
        self.occurrences
            .iter()
            .filter(|o| o.file == file && o.span.start <= offset && offset <= o.span.end)
            .min_by_key(|o| o.span.len())
    }

    /// Every occurrence of `target`, its declaration first.
    pub fn of(&self, target: &Target) -> Vec<&Occurrence> {
        let mut out: Vec<&Occurrence> = self.occurrences.iter().filter(|o| &o.target == target).collect();
        out.sort_by_key(|o| !o.declaration);
        out
    }

    /// The card with this id.
    pub fn card(&self, id: &str) -> Option<&CardInfo> {
        self.cards.iter().find(|c| c.id == id)
    }

    /// The vocabulary entry of `kind` with this id.
    pub fn entry(&self, kind: VocabKind, id: &str) -> Option<&VocabInfo> {
        self.vocab.iter().find(|v| v.kind == kind && v.id == id)
    }
}

/// A set, read and checked.
#[derive(Debug)]
pub struct Analysis {
    /// The set's folder.
    pub dir: PathBuf,
    /// Its files.
    pub sources: SourceMap,
    /// Their syntax trees, in the order of `sources`.
    pub files: Vec<File>,
    /// What the check found.
    pub checked: Checked,
    /// The names written.
    pub index: Index,
}

impl Analysis {
    /// Reads the set in `dir`, taking each file's text from `open` when it is there (an
    /// open buffer wins over the disk; an open `.cards` file not yet saved belongs to the
    /// set too), and checks it. `cache` keeps the ability sentences read by earlier checks.
    ///
    /// # Errors
    /// When the folder cannot be listed or a file cannot be read.
    pub fn of_set(dir: &Path, open: &HashMap<PathBuf, Arc<str>>, cache: &mut Caches) -> std::io::Result<Analysis> {
        let mut sources = SourceMap::new();
        let set = source::load_set_over(dir, &mut sources, open)?;
        let mut diagnostics = set.diagnostics;
        let mut files = Vec::new();
        for id in 0..sources.len() as FileId {
            let source = sources.file(id);
            let (file, d) = cache.parse(id, source, open.contains_key(&source.path));
            diagnostics.extend(d);
            files.push(file);
        }
        let checked = pipeline::check_files_cached(&sources, dir, &files, diagnostics, &mut cache.sentences);
        let index = index(&files, &sources, dir);
        Ok(Analysis { dir: dir.to_path_buf(), sources, files, checked, index })
    }

    /// The id of the file at `path`, if it belongs to the set.
    pub fn file_id(&self, path: &Path) -> Option<FileId> {
        (0..self.sources.len() as FileId).find(|&id| self.sources.file(id).path == path)
    }
}

/// What the server keeps from one check to the next: the syntax tree of each file as last
/// read (a keystroke re-parses one file, not the set) and the ability sentences read.
#[derive(Default)]
pub struct Caches {
    /// Ability sentences, and abilities lowered.
    pub sentences: Cache,
    /// The last parse of each file, by path (shared with the caches made over this one's).
    trees: HashMap<PathBuf, Arc<Parsed>>,
    /// Items read before this cache was made, which a file parsed here for the first time
    /// takes as well ([`Caches::over`]).
    items: Option<Arc<crate::syntax::Reuse>>,
}

/// A file's last parse.
#[derive(Clone)]
struct Parsed {
    /// The file's id then.
    id: FileId,
    /// Its text then.
    text: Arc<str>,
    tree: File,
    /// Its syntax diagnostics.
    diagnostics: Vec<crate::diagnostics::Diagnostic>,
    /// Its items, to take those an edit did not touch from (none for a file read from
    /// disk only).
    items: crate::syntax::Reuse,
    /// Whether it was read as an open document, with each item's concrete tree.
    open: bool,
}

impl Caches {
    /// The syntax tree and diagnostics of `file` (id `id`), parsed again only when its text
    /// or id changed since the last time.
    /// When the text or id changed, only the items whose text changed are read again. An
    /// open document (`open`) is read with the grammar, and each item's concrete tree kept
    /// for formatting; a file the server only reads from disk is read as `cardc check` reads
    /// it, whose fast path is ten times faster on cards ([`crate::syntax::parse_file`]).
    fn parse(
        &mut self,
        id: FileId,
        file: &crate::source::SourceFile,
        open: bool,
    ) -> (File, Vec<crate::diagnostics::Diagnostic>) {
        if let Some(t) = self.trees.get(&file.path) {
            if t.id == id && *t.text == *file.text && (t.open || !open) {
                return (t.tree.clone(), t.diagnostics.clone());
            }
        }
        let (tree, diagnostics, items) = if open {
            crate::syntax::parse_file_reusing(id, &file.text, &self.last_items(&file.path))
        } else {
            let (tree, diagnostics) = crate::syntax::parse_file(id, &file.text);
            (tree, diagnostics, crate::syntax::Reuse::default())
        };
        let parsed =
            Parsed { id, text: file.text.clone(), tree: tree.clone(), diagnostics: diagnostics.clone(), items, open };
        self.trees.insert(file.path.clone(), Arc::new(parsed));
        (tree, diagnostics)
    }

    /// The file at `path`, whose text is `text`, in the canonical layout
    /// ([`crate::format::format_reusing`]): its items are taken from its last parse, and the
    /// result's are kept for the next, so formatting reads with the grammar only what no
    /// check read, and the check after the edit reads nothing again.
    ///
    /// # Errors
    /// As [`crate::format::format_source`].
    pub fn format(&mut self, path: &Path, text: &str) -> Result<String, crate::format::FormatError> {
        let (result, kept) = crate::format::format_reusing(text, &self.last_items(path));
        if let Some(parsed) = self.trees.get_mut(path) {
            Arc::make_mut(parsed).items = kept;
        }
        result
    }

    /// The items to read the file at `path` over: those of its last parse, or for a file
    /// not read yet, those this cache was made over ([`Caches::over`]).
    fn last_items(&self, path: &Path) -> std::borrow::Cow<'_, crate::syntax::Reuse> {
        match self.trees.get(path) {
            Some(parsed) => std::borrow::Cow::Borrowed(&parsed.items),
            None => std::borrow::Cow::Owned(self.items.clone().map(crate::syntax::Reuse::over).unwrap_or_default()),
        }
    }

    /// What this cache has read, to start other sessions over the same files from
    /// ([`Caches::over`]): a harness that serves session after session reads the fixed
    /// files, and the sentences it was given, once.
    pub fn freeze(self) -> Read {
        let mut items = crate::syntax::Reuse::default();
        for parsed in self.trees.values() {
            items.absorb(&parsed.items);
        }
        if let Some(shared) = &self.items {
            items.absorb(shared);
        }
        Read { trees: self.trees, sentences: self.sentences.freeze(), items: Arc::new(items) }
    }

    /// A cache that starts from what `read` holds: a file whose text is the same is not
    /// parsed again, a sentence read there is not read again, and every cache made over
    /// the same `read` starts in the same state.
    pub fn over(read: &Read) -> Caches {
        Caches { sentences: Cache::over(&read.sentences), trees: read.trees.clone(), items: Some(read.items.clone()) }
    }

    /// Forgets everything once it holds more than `limit` sentences.
    pub fn bound(&mut self, limit: usize) {
        if self.sentences.len() > limit {
            *self = Caches::default();
        }
    }
}

/// What a [`Caches`] had read when it was frozen ([`Caches::freeze`]).
pub struct Read {
    trees: HashMap<PathBuf, Arc<Parsed>>,
    sentences: ReadCache,
    /// Every item of every file read.
    items: Arc<crate::syntax::Reuse>,
}

impl Read {
    /// Every item of every file it read, to parse or format a text over
    /// ([`crate::syntax::parse_file_reusing`], [`crate::format::format_reusing`]) without
    /// reading again an item it holds.
    pub fn items(&self) -> crate::syntax::Reuse {
        crate::syntax::Reuse::over(self.items.clone())
    }
}

/// The folder of the set a `.cards` file belongs to: the nearest folder holding
/// `game.cards`, looking up from the file's own; the file's folder when none does.
pub fn set_dir(file: &Path) -> Option<PathBuf> {
    file.parent()?;
    Some(crate::source::set_dir(file))
}

/// Indexes every name the files write.
fn index(files: &[File], sources: &SourceMap, dir: &Path) -> Index {
    let names = Names::collect(files, dir, &mut Vec::new());
    let mut ix = Index::default();
    for kind in VocabKind::ALL {
        for def in names.entries(kind) {
            let entry = def.entry;
            ix.vocab.push(VocabInfo {
                kind,
                id: entry.id.text.clone(),
                display: entry.display.as_ref().map(|d| d.value.clone()),
                file: def.file,
                span: entry.id.span,
            });
            ix.occurrences.push(Occurrence {
                file: def.file,
                span: entry.id.span,
                target: Target::Vocab(kind, entry.id.text.clone()),
                declaration: true,
            });
        }
    }
    ix.kinds = names.kinds.model().to_vec();
    for k in &names.kinds.declared {
        let target = Target::Kind(k.entry.id.text.clone());
        ix.occurrences.push(Occurrence { file: k.file, span: k.entry.id.span, target, declaration: true });
    }
    ix.roster = Some(names.kinds.roster().clone());
    ix.distance = names.kinds.distance().cloned();
    if let Some((line, file)) = names.kinds.distance_decl {
        ix.occurrences.push(Occurrence { file, span: line.id.span, target: Target::Distance, declaration: true });
    }
    ix.verbs = names.kinds.verbs().to_vec();
    for v in &names.kinds.verb_decls {
        let target = Target::Verb(v.entry.id.text.clone());
        ix.occurrences.push(Occurrence { file: v.file, span: v.entry.id.span, target, declaration: true });
    }
    let stats: Vec<String> = names.entries(VocabKind::Stat).iter().map(|v| v.entry.id.text.clone()).collect();
    for (card_index, def) in names.cards.iter().enumerate() {
        let card = def.card;
        ix.cards.push(CardInfo {
            id: def.id.clone(),
            name: card.name.value.clone(),
            kind: def.kind,
            kind_word: card.kind.text.clone(),
            file: def.file,
            span: card.span,
            id_span: def.id_span,
        });
        ix.occurrences.push(Occurrence {
            file: def.file,
            span: def.id_span,
            target: Target::Card(def.id.clone()),
            declaration: true,
        });
        let kind = Target::Kind(card.kind.text.clone());
        ix.occurrences.push(Occurrence { file: def.file, span: card.kind.span, target: kind, declaration: false });
        let mut ability = 0;
        for field in &card.fields {
            let key = field.key.text.as_str();
            let refers = names.kinds.builtin_field(key).and_then(field_refers);
            let field_target = match refers {
                None if stats.iter().any(|s| s == key) => Target::Vocab(VocabKind::Stat, key.to_string()),
                _ => Target::Field(key.to_string()),
            };
            ix.occurrences.push(Occurrence {
                file: def.file,
                span: field.key.span,
                target: field_target,
                declaration: false,
            });
            if refers == Some(Refers::Restriction) {
                ix.occurrences.push(Occurrence {
                    file: def.file,
                    span: field.span,
                    target: Target::Restriction { card: card_index },
                    declaration: false,
                });
            }
            match (&field.value, refers) {
                (FieldValue::Tokens(tokens), Some(refers)) => {
                    references(tokens, refers, def.file, &names, &mut ix.occurrences);
                }
                (FieldValue::Restriction { parsed: Some(r), .. }, _) => {
                    restriction_references(r, def.file, &names, &mut ix.occurrences);
                }
                (FieldValue::Text(block) | FieldValue::Ability { text: block, .. }, _) => {
                    ix.occurrences.push(Occurrence {
                        file: def.file,
                        span: block.span,
                        target: Target::Ability { card: card_index, ability },
                        declaration: false,
                    });
                    ability += 1;
                    bracketed(&sources.file(def.file).text, def.file, block.span, &names, &mut ix.occurrences);
                }
                _ => {}
            }
        }
    }
    for file in files {
        for item in &file.items {
            if let Item::Flagship(f) = item {
                push_vocab(&names, VocabKind::Icon, &f.icon, file.id, &mut ix.occurrences);
            }
        }
    }
    ix.occurrences.sort_by_key(|o| (o.file, o.span.start, std::cmp::Reverse(o.span.end)));
    ix
}

/// The names a field's tokens write.
fn references(tokens: &[Token], refers: Refers, file: FileId, names: &Names<'_>, out: &mut Vec<Occurrence>) {
    let idents = tokens.iter().filter_map(|t| match t {
        Token::Ident(i) => Some(i),
        _ => None,
    });
    match refers {
        Refers::Vocab(kind) => idents.for_each(|i| push_vocab(names, kind, i, file, out)),
        Refers::Card(_) => {
            for i in idents {
                out.push(Occurrence { file, span: i.span, target: Target::Card(i.text.clone()), declaration: false });
            }
        }
        Refers::Entries => {
            for i in idents {
                let kind = [VocabKind::Action, VocabKind::Arc, VocabKind::Icon, VocabKind::Stat]
                    .into_iter()
                    .find(|k| names.vocab_id(*k, &i.text).is_some());
                if let Some(kind) = kind {
                    push_vocab(names, kind, i, file, out);
                }
            }
        }
        Refers::Restriction | Refers::Release | Refers::Nothing => {}
    }
}

/// The names a restriction writes: entries, and chassis.
fn restriction_references(r: &Restriction, file: FileId, names: &Names<'_>, out: &mut Vec<Occurrence>) {
    for (kind, ident) in r.vocab_names() {
        push_vocab(names, kind, ident, file, out);
    }
    for atom in r.atoms().filter(|a| a.kind == AtomKind::Chassis) {
        for arg in &atom.args {
            if let Token::Ident(i) = arg {
                let target = Target::Card(i.text.clone());
                out.push(Occurrence { file, span: i.span, target, declaration: false });
            }
        }
    }
}

/// A vocabulary reference, when the id is declared (an unknown one has its diagnostic).
fn push_vocab(names: &Names<'_>, kind: VocabKind, ident: &Ident, file: FileId, out: &mut Vec<Occurrence>) {
    if names.vocab_id(kind, &ident.text).is_some() {
        out.push(Occurrence {
            file,
            span: ident.span,
            target: Target::Vocab(kind, ident.text.clone()),
            declaration: false,
        });
    }
}

/// The `[Name]`s of an ability text block that name a declared entry (by display name or
/// id, ignoring case, as the check reads them).
fn bracketed(text: &str, file: FileId, block: Span, names: &Names<'_>, out: &mut Vec<Occurrence>) {
    let Some(block_text) = text.get(block.range()) else { return };
    for (at, name) in crate::text::brackets(block_text) {
        let found = crate::lower::ability::NOUN_KINDS.iter().find_map(|&kind| {
            names.entries(kind).iter().find_map(|v| {
                let shown = v.entry.display.as_ref().map_or(v.entry.id.text.as_str(), |d| d.value.as_str());
                shown.eq_ignore_ascii_case(name).then(|| (kind, v.entry.id.text.clone()))
            })
        });
        if let Some((kind, id)) = found {
            let start = block.start as usize + at;
            out.push(Occurrence {
                file,
                span: Span::new(start, start + name.len()),
                target: Target::Vocab(kind, id),
                declaration: false,
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The codes of an analysis's errors, in order.
    fn errors(a: &Analysis) -> Vec<&str> {
        a.checked.diagnostics.iter().map(|d| d.code.id).filter(|id| id.starts_with('E')).collect()
    }

    #[test]
    fn a_session_started_over_what_was_read_reads_again_only_what_changed() {
        let dir = tempfile::tempdir().expect("a folder");
        let set = dir.path();
        std::fs::write(set.join("game.cards"), "game g \"G\"\nicon crew\n").expect("write");
        let card =
            "upgrade \"A\" {\n  icon: crew\n  text {\n    Gain 1 focus token. Then gain 1 stress token.\n  }\n}\n";
        std::fs::write(set.join("x.cards"), card).expect("write");
        let mut first = Caches::default();
        let cold = Analysis::of_set(set, &HashMap::new(), &mut first).expect("the set");
        assert_eq!(errors(&cold), Vec::<&str>::new());
        assert_eq!(first.sentences.len(), 3, "two sentences read, one ability lowered");
        let read = first.freeze();
        // Nothing changed: the same analysis, with no file parsed and no sentence read again.
        let mut warm = Caches::over(&read);
        let again = Analysis::of_set(set, &HashMap::new(), &mut warm).expect("the set");
        assert_eq!(format!("{:?}", again.files), format!("{:?}", cold.files));
        assert_eq!(format!("{:?}", again.checked.diagnostics), format!("{:?}", cold.checked.diagnostics));
        assert_eq!(warm.sentences.len(), 0, "every sentence and ability was found in what was read");
        // The file changed on disk since: its new text is read, not the old tree, and only
        // the sentence that is new.
        let changed_card = card.replace("icon: crew", "icon: gunner").replace("Then gain", "Then take");
        std::fs::write(set.join("x.cards"), changed_card).expect("write");
        let mut other = Caches::over(&read);
        let changed = Analysis::of_set(set, &HashMap::new(), &mut other).expect("the set");
        assert_eq!(errors(&changed), ["E0105"], "`gunner` is no icon of the game");
        assert_eq!(other.sentences.len(), 2, "one new sentence read, its ability lowered");
    }
}
