//! Name resolution: collects what a set declares (its game, vocabulary, cards and rules),
//! reports duplicates, and answers lookups with did-you-mean suggestions.

pub mod ids;
pub mod kinds;
pub mod suggest;

use std::collections::HashMap;

use cards_runtime::model::{Entry, Vocabulary};

use crate::ast::{
    Card, CardKind, File, FileId, Game, Ident, Item, ReleaseDecl, Rule, Span, Str, VocabEntry, VocabKind,
};
use crate::declare_code;
use crate::diagnostics::{Applicability, Diagnostic, Fix};

declare_code! {
    /// ## What
    /// A card set has no `game` declaration.
    ///
    /// ## Why
    /// The game declaration names the set and its vocabulary (factions, icons, stats…);
    /// without it no card can be checked. When the set declares no vocabulary either (cards
    /// written before their `game.cards`), every name of the game a card uses is unknown
    /// because of this one mistake: those errors are not shown, and the help lists the
    /// `game.cards` the cards need instead (each name they use, under its kind).
    ///
    /// ## Example
    /// A folder with `ships.cards` but no `game.cards`. Add `game.cards` starting with
    /// `game armada "Star Wars: Armada"`.
    pub static E0101: "E0101", "missing-game", Error;
}

declare_code! {
    /// ## What
    /// A card set declares `game` more than once.
    ///
    /// ## Why
    /// One set is one game and becomes one Rust module; two declarations leave its name
    /// ambiguous.
    ///
    /// ## Example
    /// `game.cards` and `extra.cards` both start with `game …`. Keep one.
    pub static E0102: "E0102", "duplicate-game", Error;
}

declare_code! {
    /// ## What
    /// Two cards of one set have the same id.
    ///
    /// ## Why
    /// Fleets and other cards name cards by id, so ids must be unique. A card's id is its
    /// name in kebab-case unless `as <id>` gives one: two cards with one name (Leia Organa
    /// the commander and the officer) need `as`.
    ///
    /// ## Example
    /// ```text
    /// upgrade "Leia Organa" as leia-organa-commander { … }
    /// upgrade "Leia Organa" as leia-organa-officer { … }
    /// ```
    pub static E0103: "E0103", "duplicate-card-id", Error;
}

declare_code! {
    /// ## What
    /// A vocabulary entry is declared twice in the same kind (two factions `empire`).
    ///
    /// ## Why
    /// Each entry becomes one enum variant; a repeated one is a typo or a merge mistake.
    ///
    /// ## Example
    /// `faction empire, rebel, empire` — remove the second `empire`.
    pub static E0104: "E0104", "duplicate-vocabulary", Error;
}

declare_code! {
    /// ## What
    /// A name is not declared in the game's vocabulary of the kind the field needs (an
    /// icon, a faction, a size…).
    ///
    /// ## Why
    /// Every word a card uses must be one its game declares, so a typo cannot silently
    /// make a card unequippable or a restriction never true.
    ///
    /// ## Example
    /// `icon: turbolaser` where the game declares `icon turbolasers` — the compiler
    /// suggests the closest name.
    pub static E0105: "E0105", "unknown-name", Error;
}

declare_code! {
    /// ## What
    /// A field names a card that does not exist, or a card of the wrong kind (a ship's
    /// `chassis:` must name a chassis, a blueprint's `spaces:` parts, a species'
    /// `blueprints:` blueprints).
    ///
    /// ## Why
    /// Cards refer to each other by id; a broken reference would lose the inherited size,
    /// stats or parts.
    ///
    /// ## Example
    /// `chassis: tie-advanced` where the chassis is `tie-advanced-x1`.
    pub static E0106: "E0106", "unknown-card", Error;
}

declare_code! {
    /// ## What
    /// A card's name gives no usable id: after folding it to kebab-case nothing is left,
    /// or only a number.
    ///
    /// ## Why
    /// Every card needs an id of the form `[a-z0-9]+(-[a-z0-9]+)*` that is not a plain
    /// number, so fleets can name it.
    ///
    /// ## Example
    /// `upgrade "1000" { … }` — give it an id: `upgrade "1000" as one-thousand { … }`.
    pub static E0107: "E0107", "no-card-id", Error;
}

declare_code! {
    /// ## What
    /// Two rules of one set have the same id.
    ///
    /// ## Why
    /// A rule's id is the violation id validation reports; two rules with one id could
    /// not be told apart.
    ///
    /// ## Example
    /// Two `rule one-title …` lines. Rename one.
    pub static E0108: "E0108", "duplicate-rule-id", Error;
}

declare_code! {
    /// ## What
    /// Two releases of one set have the same id.
    ///
    /// ## Why
    /// Cards name a release by its id (`since: wave-2`, `cost from wave-2: 10`); two
    /// releases with one id could not be told apart.
    ///
    /// ## Example
    /// Two `release wave-2 …` lines. Rename one.
    pub static E0111: "E0111", "duplicate-release", Error;
}

declare_code! {
    /// ## What
    /// A card names a release the set does not declare (`since: wave-9`, `cost from
    /// wave-9: 10`).
    ///
    /// ## Why
    /// A change is dated by its release; an unknown one has no date, so the compiler
    /// cannot tell when the card's value holds.
    ///
    /// ## Example
    /// `cost from points-2091: 10` with `release points-2019 …` declared: write
    /// `points-2019`, or declare the release (`release points-2091 "Points" 2091-01-01
    /// points`).
    pub static E0113: "E0113", "unknown-release", Error;
}

/// `thing` with its indefinite article: "an icon", "a ship".
pub fn a(thing: impl std::fmt::Display) -> String {
    cards_runtime::model::kinds::with_article(&thing.to_string())
}

/// The fix a suggestion gives for the name written at `name`: write the suggested id
/// there, machine-applicable when the suggestion is certain.
pub fn suggestion_fix(s: &suggest::Suggestion<'_>, name: &Ident, file: FileId) -> Fix {
    let applicability = if s.certain { Applicability::MachineApplicable } else { Applicability::MaybeIncorrect };
    Fix::replace(s.help(&name.text), file, name.span, s.id, applicability)
}

/// A declared vocabulary entry.
#[derive(Clone, Debug)]
pub struct VocabDef<'a> {
    /// The entry.
    pub entry: &'a VocabEntry,
    /// Its file.
    pub file: FileId,
}

/// A declared release.
#[derive(Clone, Debug)]
pub struct ReleaseDef<'a> {
    /// The declaration.
    pub decl: &'a ReleaseDecl,
    /// Its file.
    pub file: FileId,
}

/// A declared card with its id.
#[derive(Clone, Debug)]
pub struct CardDef<'a> {
    /// The card.
    pub card: &'a Card,
    /// The role its kind plays.
    pub kind: CardKind,
    /// Its kind: an index into the game's kinds ([`kinds::Kinds::model`]).
    pub declared: u16,
    /// Its id.
    pub id: String,
    /// Where the id comes from (the `as` id, else the name).
    pub id_span: Span,
    /// Its file.
    pub file: FileId,
}

/// Everything a set declares, by name.
#[derive(Debug, Default)]
pub struct Names<'a> {
    /// The game declaration.
    pub game: Option<(&'a Game, FileId)>,
    /// Vocabulary entries per kind, in declaration order (the order is their index).
    pub vocab: HashMap<VocabKind, Vec<VocabDef<'a>>>,
    vocab_index: HashMap<(VocabKind, &'a str), u16>,
    /// Cards in declaration order.
    pub cards: Vec<CardDef<'a>>,
    card_index: HashMap<String, u32>,
    /// Rules in declaration order.
    pub rules: Vec<(&'a Rule, FileId)>,
    /// Releases in the order of their dates (as written, `YYYY-MM-DD`; one date in
    /// declaration order): the order is their index.
    pub releases: Vec<ReleaseDef<'a>>,
    release_index: HashMap<&'a str, u16>,
    /// The game's kinds of card and the noun of its lists.
    pub kinds: kinds::Kinds<'a>,
}

impl<'a> Names<'a> {
    /// Collects the declarations of a set's files, reporting duplicates. `dir` names the
    /// set for a diagnostic without a span.
    pub fn collect(files: &'a [File], dir: &std::path::Path, d: &mut Vec<Diagnostic>) -> Names<'a> {
        let mut names = Names { kinds: kinds::Kinds::collect(files, d), ..Names::default() };
        let mut rule_ids: HashMap<&str, (FileId, Span)> = HashMap::new();
        for file in files {
            for item in &file.items {
                match item {
                    Item::Game(g) => match names.game {
                        None => names.game = Some((g, file.id)),
                        Some((first, first_file)) => d.push(
                            Diagnostic::new(&E0102, "more than one `game` declaration in this set")
                                .label(file.id, g.span, "second declaration")
                                .label(first_file, first.span, "first declared here")
                                .help("a set declares its game once; remove this line"),
                        ),
                    },
                    Item::Vocab(v) => {
                        for entry in &v.entries {
                            names.add_vocab(v.kind, entry, file.id, d);
                        }
                    }
                    Item::Card(card) => names.add_card(card, file.id, d),
                    Item::Rule(rule) => {
                        if let Some(&(f, s)) = rule_ids.get(rule.id.text.as_str()) {
                            d.push(
                                Diagnostic::new(&E0108, format!("rule `{}` is declared twice", rule.id.text))
                                    .label(file.id, rule.id.span, "second rule with this id")
                                    .label(f, s, "first declared here")
                                    .help("give each rule its own id"),
                            );
                        } else {
                            rule_ids.insert(&rule.id.text, (file.id, rule.id.span));
                            names.rules.push((rule, file.id));
                        }
                    }
                    Item::Release(release) => {
                        if let Some(first) = names.releases.iter().find(|r| r.decl.id.text == release.id.text) {
                            d.push(
                                Diagnostic::new(&E0111, format!("release `{}` is declared twice", release.id.text))
                                    .label(file.id, release.id.span, "second release with this id")
                                    .label(first.file, first.decl.id.span, "first declared here")
                                    .help("give each release its own id"),
                            );
                        } else {
                            names.releases.push(ReleaseDef { decl: release, file: file.id });
                        }
                    }
                    Item::Flagship(_)
                    | Item::Layout(_)
                    | Item::Glyph(_)
                    | Item::Allow(_)
                    | Item::Kind(_)
                    | Item::Roster(_)
                    | Item::Distance(_)
                    | Item::Verb(_) => {}
                }
            }
        }
        names.releases.sort_by(|a, b| a.decl.date.text.cmp(&b.decl.date.text));
        names.release_index =
            names.releases.iter().enumerate().map(|(i, r)| (r.decl.id.text.as_str(), i as u16)).collect();
        if names.game.is_none() && !files.is_empty() {
            d.push(
                Diagnostic::new(&E0101, format!("the set in `{}` has no `game` declaration", dir.display()))
                    .path(dir)
                    .help("create `game.cards` with a line such as `game my-game \"My Game\"`"),
            );
        }
        names
    }

    fn add_vocab(&mut self, kind: VocabKind, entry: &'a VocabEntry, file: FileId, d: &mut Vec<Diagnostic>) {
        let list = self.vocab.entry(kind).or_default();
        if let Some(&i) = self.vocab_index.get(&(kind, entry.id.text.as_str())) {
            let first = &list[i as usize];
            d.push(
                Diagnostic::new(&E0104, format!("{kind} `{}` is declared twice", entry.id.text))
                    .label(file, entry.id.span, "declared again here")
                    .label(first.file, first.entry.id.span, "first declared here")
                    .help("remove one of the two"),
            );
            return;
        }
        self.vocab_index.insert((kind, &entry.id.text), list.len() as u16);
        list.push(VocabDef { entry, file });
    }

    fn add_card(&mut self, card: &'a Card, file: FileId, d: &mut Vec<Diagnostic>) {
        let (declared, kind) = match self.kinds.card_kind(&card.kind, file) {
            Ok(found) => found,
            Err(unknown) => {
                let kinds::UnknownKind { diagnostic, meant } = *unknown;
                d.push(diagnostic);
                // A kind certainly misspelt (`upgarde`) is read as the kind meant.
                match meant {
                    Some(meant) => meant,
                    None => return,
                }
            }
        };
        let (id, id_span) = match &card.as_id {
            Some(ident) => (ident.text.clone(), ident.span),
            None => (ids::derive_id(&card.name.value), card.name.span),
        };
        if !ids::is_valid_id(&id) {
            d.push(
                Diagnostic::new(&E0107, format!("the name \"{}\" gives no valid card id", card.name.value))
                    .label(file, card.name.span, format!("this name folds to `{id}`"))
                    .help(format!("give the card an id: `{} \"{}\" as <id> {{ … }}`", card.kind.text, card.name.value)),
            );
            return;
        }
        if let Some(&i) = self.card_index.get(&id) {
            let first = &self.cards[i as usize];
            let help = if card.as_id.is_none() {
                format!("give one of them another id with `as`: `{} \"{}\" as <id>`", card.kind.text, card.name.value)
            } else {
                "choose another id".to_string()
            };
            d.push(
                Diagnostic::new(&E0103, format!("two cards have the id `{id}`"))
                    .label(file, id_span, "this card's id")
                    .label(first.file, first.id_span, "is already the id of this card")
                    .help(help),
            );
            return;
        }
        self.card_index.insert(id.clone(), self.cards.len() as u32);
        self.cards.push(CardDef { card, kind, declared, id, id_span, file });
    }

    /// The entries of one kind.
    pub fn entries(&self, kind: VocabKind) -> &[VocabDef<'a>] {
        self.vocab.get(&kind).map_or(&[], Vec::as_slice)
    }

    /// The index of a vocabulary entry, or an E0105 diagnostic with a suggestion: an
    /// entry's display name written for its id gets the id (`Solar Union` → `union`).
    pub fn vocab(&self, kind: VocabKind, name: &Ident, file: FileId) -> Result<u16, Diagnostic> {
        if let Some(i) = self.vocab_written(kind, &name.text) {
            return Ok(i);
        }
        let entries = self.entries(kind);
        let candidates = entries
            .iter()
            .filter(|v| ids::is_valid_id(&v.entry.id.text))
            .map(|v| (v.entry.id.text.as_str(), v.entry.display.as_ref().map(|s| s.value.as_str())));
        let fix = suggest::best(&name.text, candidates).map(|s| suggestion_fix(&s, name, file));
        let help = fix.is_none().then(|| {
            let other = VocabKind::ALL.into_iter().find(|k| self.vocab_index.contains_key(&(*k, name.text.as_str())));
            match other {
                Some(k) => format!("`{}` is {}, not {}", name.text, a(k), a(kind)),
                None if self.entries(kind).is_empty() => {
                    format!("the game declares no {kind}: add a `{kind} …` line to `game.cards`")
                }
                None if ids::is_valid_id(&name.text) => format!("declare it in `game.cards`: `{kind} {}`", name.text),
                None => format!("{} ids are written in kebab-case (`{}`)", kind, ids::derive_id(&name.text)),
            }
        });
        Err(Diagnostic::new(&E0105, format!("unknown {kind} `{}`", name.text))
            .label(file, name.span, format!("not {} of this game", a(kind)))
            .maybe_fix(fix)
            .maybe_help(help))
    }

    /// The index of the vocabulary entry `written` means, as [`Self::vocab`] resolves it, without
    /// diagnostics: its id, or an entry kept from a line that does not parse (reported
    /// there) whose id or name it folds to.
    pub fn vocab_written(&self, kind: VocabKind, written: &str) -> Option<u16> {
        if let Some(&i) = self.vocab_index.get(&(kind, written)) {
            return Some(i);
        }
        let display = |v: &VocabDef<'_>| v.entry.display.as_ref().map(|s| ids::derive_id(&s.value));
        // An entry that is no id was kept from a line that does not parse (reported there):
        // a use that means it is not an error of its own.
        let folded = ids::derive_id(written);
        let unread = self.entries(kind).iter().position(|v| {
            !ids::is_valid_id(&v.entry.id.text)
                && (ids::derive_id(&v.entry.id.text) == folded || display(v).is_some_and(|d| d == folded))
        });
        unread.map(|i| i as u16)
    }

    /// The vocabulary as the runtime model holds it, in declaration order: what cards and
    /// rules refer to by index, and what ability text resolves against.
    pub fn vocabulary(&self) -> Vocabulary {
        let mut vocab = Vocabulary::default();
        for kind in VocabKind::ALL {
            *vocab.list_mut(kind) = self
                .entries(kind)
                .iter()
                .map(|v| Entry {
                    id: v.entry.id.text.clone().into(),
                    name: v.entry.display.as_ref().map_or_else(|| v.entry.id.text.clone(), |s| s.value.clone()).into(),
                    marked: !v.entry.flags.is_empty(),
                })
                .collect();
        }
        vocab
    }

    /// The index of a card of `kind` by id, without diagnostics.
    pub fn card_id(&self, kind: CardKind, id: &str) -> Option<u32> {
        self.card_index.get(id).copied().filter(|&i| self.cards[i as usize].kind == kind)
    }

    /// The index of a vocabulary entry by id, without diagnostics.
    pub fn vocab_id(&self, kind: VocabKind, id: &str) -> Option<u16> {
        self.vocab_index.get(&(kind, id)).copied()
    }

    /// The index of a card of `kind`, or an E0106 diagnostic.
    pub fn card(&self, kind: CardKind, name: &Ident, file: FileId) -> Result<u32, Diagnostic> {
        match self.card_index.get(&name.text) {
            Some(&i) if self.cards[i as usize].kind == kind => Ok(i),
            Some(&i) => {
                let other = &self.cards[i as usize];
                let (is, wanted) = (self.kinds.noun_at(other.declared).a(), self.kinds.noun(kind).a());
                Err(Diagnostic::new(&E0106, format!("`{}` is {is}, not {wanted}", name.text))
                    .label(file, name.span, format!("expected {wanted}"))
                    .label(other.file, other.id_span, format!("`{}` is declared here", name.text)))
            }
            None => {
                let candidates = self
                    .cards
                    .iter()
                    .filter(|c| c.kind == kind)
                    .map(|c| (c.id.as_str(), Some(c.card.name.value.as_str())));
                let fix = suggest::best(&name.text, candidates).map(|s| suggestion_fix(&s, name, file));
                let noun = self.kinds.noun(kind).one();
                Err(Diagnostic::new(&E0106, format!("no {noun} named `{}` in this set", name.text))
                    .label(file, name.span, format!("unknown {noun}"))
                    .maybe_fix(fix))
            }
        }
    }

    /// The index of the release `name` names, or an E0113 diagnostic.
    pub fn release(&self, name: &Ident, file: FileId) -> Result<u16, Diagnostic> {
        if let Some(&i) = self.release_index.get(name.text.as_str()) {
            return Ok(i);
        }
        let candidates = self.releases.iter().map(|r| (r.decl.id.text.as_str(), Some(r.decl.name.value.as_str())));
        // Never certain: another release is another date, so a release one character away
        // is a guess `--fix` must not make.
        let fix = suggest::best(&name.text, candidates)
            .map(|s| Fix::replace(s.help(&name.text), file, name.span, s.id, Applicability::MaybeIncorrect));
        let help = match self.releases.len() {
            0 => Some("the set declares no release: declare it (`release <id> \"<Name>\" <YYYY-MM-DD>`)".to_string()),
            _ if fix.is_none() => {
                let ids: Vec<String> = self.releases.iter().map(|r| format!("`{}`", r.decl.id.text)).collect();
                Some(format!("the set's releases are {}", crate::diagnostics::join_or(&ids)))
            }
            _ => None,
        };
        let diagnostic = Diagnostic::new(&E0113, format!("no release named `{}` in this set", name.text))
            .label(file, name.span, "unknown release")
            .maybe_fix(fix);
        Err(match help {
            Some(help) => diagnostic.help(help),
            None => diagnostic,
        })
    }

    /// The game's id and name.
    pub fn game_name(&self) -> Option<(&'a Ident, &'a Str)> {
        self.game.map(|(g, _)| (&g.id, &g.name))
    }
}
