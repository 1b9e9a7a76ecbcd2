//! The kinds of card a game declares (`kind hero "Hero" unit`), what its lists are called
//! (`roster warband "Warband"`), what its ability text measures distance in (`distance
//! space "Space" adjacent 1`) and the verbs it uses that the built-in reading does not know
//! (`verb heal, push`): the words cards, rules, ability text and messages use.
//!
//! A game that declares no kind has the six of the conformance games (the runtime's
//! [`PRELUDE`]), so a set written before kinds could be declared reads as it did. A game
//! that declares kinds has those alone: `ship "…"` in a game of heroes is an unknown kind.

use std::collections::HashMap;

use cards_runtime::model::kinds::{plural_of, PRELUDE};
use cards_runtime::model::{CardKind, Distance, Filter, Kind, Noun, Scope as ScopeKind, SelectorKind, Verb};

use super::{suggest, suggestion_fix};
use crate::ast::{DistanceDecl, File, FileId, Ident, Item, KindEntry, Roster, Span, VerbEntry};
use crate::declare_code;
use crate::diagnostics::{join_or, Diagnostic};

declare_code! {
    /// ## What
    /// A word that should name a kind of card is not one of the game's: a card's kind
    /// (`hero "Aria" { … }` in a game without heroes, or a misspelt `upgarde`), or what a
    /// rule counts or counts over (`per hero`, `at most 1 item …`).
    ///
    /// ## Why
    /// A game's kinds are those of its `kind` lines, or the six of the conformance games
    /// (`chassis`, `ship`, `upgrade`, `part`, `blueprint`, `species`) when it declares none;
    /// a card of no known kind cannot be checked, and a rule over one would count nothing.
    ///
    /// ## Example
    /// `hero "Aria" { … }` where `game.cards` declares no `hero`: add `kind hero "Hero"
    /// unit` to `game.cards`, or write the card as one of the game's kinds.
    pub static E0109: "E0109", "unknown-kind", Error;
}

declare_code! {
    /// ## What
    /// A `kind`, `roster`, `distance` or `verb` line of `game.cards` is wrong: a kind
    /// without a role or with an unknown one, a kind declared twice, a second `roster` or
    /// `distance`, a distance named with a word ability text already reads otherwise (the
    /// unit kind's, `range`, `ship`, `unit`), an `adjacent` that is not from 0 to 255, a
    /// verb declared twice, or a verb whose word or form ability text already reads
    /// otherwise (a word of the built-in reading such as `gain`, the unit kind's or the
    /// distance's words, another verb's form) or that is not one word of letters.
    ///
    /// ## Why
    /// The role is what the rules do with a card of the kind: `unit` (carries an upgrade
    /// bar and makes up a list), `profile` (shares size, stats and actions with the units
    /// that name it), `upgrade` (equips into a unit's bar), `part`, `blueprint`, `species`.
    /// A distance's word is how ability text measures (`within 2 spaces`), and a verb's
    /// forms are how it says what the game does (`heal 2 damage`, `heals`, `healed`): a word
    /// that already names units, X-Wing's range bands or a built-in verb would read two ways.
    ///
    /// ## Example
    /// `kind hero "Hero"`: write its role, `kind hero "Hero" unit`. `distance hero` in a
    /// game of heroes: measure in another word, `distance space`. `verb gain`: the built-in
    /// reading already reads `gain`, remove the verb.
    pub static E0110: "E0110", "invalid-kind", Error;
}

/// A kind the game declares, with where.
#[derive(Clone, Debug)]
pub struct KindDef<'a> {
    /// The entry.
    pub entry: &'a KindEntry,
    /// Its file.
    pub file: FileId,
}

/// A verb the game declares, with where.
#[derive(Clone, Debug)]
pub struct VerbDef<'a> {
    /// The entry.
    pub entry: &'a VerbEntry,
    /// Its file.
    pub file: FileId,
    /// Whether its line did not parse and it was saved from the line's words (reported
    /// there): its words may be no words at all.
    pub broken: bool,
}

/// The game's kinds, the noun of its lists, the distance its ability text measures in and
/// the verbs it uses.
#[derive(Debug)]
pub struct Kinds<'a> {
    /// The kinds the game declares, in order (empty when it declares none).
    pub declared: Vec<KindDef<'a>>,
    /// The `roster` line, if any.
    pub roster_decl: Option<(&'a Roster, FileId)>,
    /// The `distance` line, if any.
    pub distance_decl: Option<(&'a DistanceDecl, FileId)>,
    /// The verbs of its `verb` lines, in order, each once.
    pub verb_decls: Vec<VerbDef<'a>>,
    /// The kinds as the model holds them: the declared ones, else the prelude.
    model: Vec<Kind>,
    index: HashMap<String, u16>,
    roster: Noun,
    distance: Option<Distance>,
    verbs: Vec<Verb>,
}

impl Default for Kinds<'_> {
    fn default() -> Self {
        Kinds::from_model(Vec::new(), None, PRELUDE.to_vec(), Noun::FLEET)
    }
}

/// The words ability text already reads otherwise, which a distance cannot be named with:
/// X-Wing's range bands (`at range 1-2`) and the words for units in general.
const NOT_DISTANCE_WORDS: [(&str, &str); 5] = [
    ("range", "ability text measures range bands with it (`at range 1-2`)"),
    ("ship", "ability text names units with it"),
    ("ships", "ability text names units with it"),
    ("unit", "ability text names units with it"),
    ("units", "ability text names units with it"),
];

/// The roles, as a list for help: "`unit` (…), …".
fn roles_help() -> String {
    let roles: Vec<String> =
        CardKind::ALL.iter().map(|r| format!("`{}` ({})", r.role_word(), r.role_meaning())).collect();
    format!("a kind's role is one of: {}", roles.join("; "))
}

/// A declared word's noun. Its plural word is the plural's kebab-case when the display
/// name is the id's (`"Man-at-Arms" "Men-at-Arms"` gives `men-at-arms`), else the id's
/// English plural (`kind hero "Champion"` gives `heroes`).
fn noun(id: &Ident, display: Option<&crate::ast::Str>, plural: Option<&crate::ast::Str>) -> Noun {
    let name = display.map_or_else(|| id.text.clone(), |s| s.value.clone());
    let plural = plural.map_or_else(|| plural_of(&name), |s| s.value.clone());
    let plural_id = match super::ids::derive_id(&name) == id.text {
        true => super::ids::derive_id(&plural),
        false => plural_of(&id.text),
    };
    Noun { id: id.text.clone().into(), name: name.into(), plural: plural.into(), plural_id: plural_id.into() }
}

impl<'a> Kinds<'a> {
    fn from_model(
        declared: Vec<KindDef<'a>>,
        roster_decl: Option<(&'a Roster, FileId)>,
        model: Vec<Kind>,
        roster: Noun,
    ) -> Kinds<'a> {
        let index = model.iter().enumerate().map(|(i, k)| (k.noun.id.to_string(), i as u16)).collect();
        Kinds {
            declared,
            roster_decl,
            distance_decl: None,
            verb_decls: Vec::new(),
            model,
            index,
            roster,
            distance: None,
            verbs: Vec::new(),
        }
    }

    /// Collects the `kind`, `roster`, `distance` and `verb` lines of a set's files,
    /// reporting their mistakes (the words of verbs are checked with the built-in
    /// reading's, by [`crate::check::verbs`]).
    pub fn collect(files: &'a [File], d: &mut Vec<Diagnostic>) -> Kinds<'a> {
        let mut declared: Vec<KindDef<'a>> = Vec::new();
        let mut model: Vec<Kind> = Vec::new();
        let mut roster_decl: Option<(&'a Roster, FileId)> = None;
        let mut distance_decl: Option<(&'a DistanceDecl, FileId)> = None;
        let mut verb_decls: Vec<VerbDef<'a>> = Vec::new();
        for file in files {
            for item in &file.items {
                match item {
                    Item::Kind(decl) => {
                        for entry in &decl.entries {
                            if let Some(first) = declared.iter().find(|k| k.entry.id.text == entry.id.text) {
                                d.push(
                                    Diagnostic::new(&E0110, format!("kind `{}` is declared twice", entry.id.text))
                                        .label(file.id, entry.id.span, "declared again here")
                                        .label(first.file, first.entry.id.span, "first declared here")
                                        .help("remove one of the two"),
                                );
                                continue;
                            }
                            // A line saved from a syntax error (reported there) lacks its roles.
                            let mut unreported = Vec::new();
                            let (role, written) =
                                role_of(entry, file.id, if decl.broken { &mut unreported } else { &mut *d });
                            // A list is of one kind of unit, which names one kind of profile.
                            let one = written && matches!(role, CardKind::Ship | CardKind::Chassis);
                            if let Some(first) = declared.iter().zip(&model).find(|(_, k)| one && k.role == role) {
                                d.push(
                                    Diagnostic::new(
                                        &E0110,
                                        format!("a game has one `{}` kind", role.role_word()),
                                    )
                                    .label(file.id, entry.id.span, format!("a second `{}` kind", role.role_word()))
                                    .label(first.0.file, first.0.entry.id.span, "the game's first")
                                    .help("make it a trait of the first kind's cards (`traits: …`), or give it another role"),
                                );
                                continue;
                            }
                            declared.push(KindDef { entry, file: file.id });
                            model.push(Kind {
                                noun: noun(&entry.id, entry.display.as_ref(), entry.plural.as_ref()),
                                role,
                            });
                        }
                    }
                    Item::Roster(r) => match roster_decl {
                        None => roster_decl = Some((r, file.id)),
                        Some((first, first_file)) => d.push(
                            Diagnostic::new(&E0110, "more than one `roster` declaration in this set")
                                .label(file.id, r.span, "second declaration")
                                .label(first_file, first.span, "first declared here")
                                .help("a game names its lists once; remove this line"),
                        ),
                    },
                    Item::Distance(line) => match distance_decl {
                        None => distance_decl = Some((line, file.id)),
                        Some((first, first_file)) => d.push(
                            Diagnostic::new(&E0110, "more than one `distance` declaration in this set")
                                .label(file.id, line.span, "second declaration")
                                .label(first_file, first.span, "first declared here")
                                .help("a game measures distance in one unit; remove this line"),
                        ),
                    },
                    Item::Verb(line) => {
                        for entry in &line.entries {
                            match verb_decls.iter().find(|v| v.entry.id.text == entry.id.text) {
                                None => verb_decls.push(VerbDef { entry, file: file.id, broken: line.broken }),
                                Some(first) => d.push(
                                    Diagnostic::new(&E0110, format!("verb `{}` is declared twice", entry.id.text))
                                        .label(file.id, entry.id.span, "declared again here")
                                        .label(first.file, first.entry.id.span, "first declared here")
                                        .help("remove one of the two"),
                                ),
                            }
                        }
                    }
                    _ => {}
                }
            }
        }
        if model.is_empty() {
            model = PRELUDE.to_vec();
        }
        let roster = roster_decl.map_or(Noun::FLEET, |(r, _)| noun(&r.id, r.display.as_ref(), r.plural.as_ref()));
        let distance = distance_decl.map(|(line, file)| distance(line, file, &model, d));
        let verbs = verb_decls.iter().map(|v| verb(v.entry)).collect();
        Kinds { distance_decl, distance, verb_decls, verbs, ..Kinds::from_model(declared, roster_decl, model, roster) }
    }

    /// The kinds as the model holds them.
    pub fn model(&self) -> &[Kind] {
        &self.model
    }

    /// What a list of units is called.
    pub fn roster(&self) -> &Noun {
        &self.roster
    }

    /// What ability text measures distance in, when the game declares it.
    pub fn distance(&self) -> Option<&Distance> {
        self.distance.as_ref()
    }

    /// The verbs its ability text uses that the built-in reading does not know, in the
    /// order they are declared (an [`EffectKind::Game`]'s index), each once.
    ///
    /// [`EffectKind::Game`]: cards_runtime::ability::EffectKind::Game
    pub fn verbs(&self) -> &[Verb] {
        &self.verbs
    }

    /// The kind a word names: its index in [`Self::model`] and its role.
    pub fn find(&self, word: &str) -> Option<(u16, CardKind)> {
        self.index.get(word).map(|&i| (i, self.model[i as usize].role))
    }

    /// The noun of a role: its first kind's, else the prelude's.
    pub fn noun(&self, role: CardKind) -> &Noun {
        &self.model.iter().find(|k| k.role == role).unwrap_or_else(|| Kind::prelude(role)).noun
    }

    /// The noun of the kind at `index` of [`Self::model`].
    pub fn noun_at(&self, index: u16) -> &Noun {
        &self.model[index as usize].noun
    }

    /// Whether the game declares kinds of its own.
    pub fn declares(&self) -> bool {
        !self.declared.is_empty()
    }

    /// The built-in field a card's key names: a unit names its profile card with a field
    /// called after the profile's kind (`calling: warrior`, `chassis:` in the prelude). In
    /// a game whose profile kind has another word, `chassis` is no field.
    pub fn builtin_field<'k>(&self, key: &'k str) -> Option<&'k str> {
        builtin_field(&self.model, key)
    }

    /// The name a card writes a built-in field under ([`Self::builtin_field`] the other way).
    pub fn field_word<'k>(&'k self, builtin: &'k str) -> &'k str {
        field_word(&self.model, builtin)
    }

    /// The kind a card's word names, or an E0109 diagnostic with the game's kinds and a
    /// did-you-mean, and the kind it certainly meant (`upgarde`), if any, to read the card as.
    pub fn card_kind(&self, word: &Ident, file: FileId) -> Result<(u16, CardKind), Box<UnknownKind>> {
        self.find(&word.text).ok_or_else(|| {
            let words: Vec<&str> = self.model.iter().map(|k| k.noun.id.as_ref()).collect();
            let meant = suggest::best(&word.text, words.iter().map(|w| (*w, None)))
                .filter(|s| s.certain)
                .and_then(|s| self.find(s.id));
            Box::new(UnknownKind { diagnostic: self.unknown(word, file, Unknown::CardKind, &words), meant })
        })
    }

    /// The game's unit kind, as `flagship: <word> with <icon>` names it, or an E0109
    /// diagnostic.
    pub fn unit(&self, word: &Ident, file: FileId) -> Result<(), Diagnostic> {
        match self.find(&word.text) {
            Some((_, CardKind::Ship)) => Ok(()),
            _ => Err(self.unknown(word, file, Unknown::Unit, &[&self.noun(CardKind::Ship).id])),
        }
    }

    /// The scope a rule's `per <word>` names: a unit kind (`per ship`, `per hero`), the
    /// roster (`per fleet`, `per warband`) or a blueprint kind.
    pub fn scope(&self, word: &Ident, file: FileId) -> Result<ScopeKind, Diagnostic> {
        if *word.text == *self.roster.id {
            return Ok(ScopeKind::Fleet);
        }
        match self.find(&word.text) {
            Some((_, CardKind::Ship)) => Ok(ScopeKind::Ship),
            Some((_, CardKind::Blueprint)) => Ok(ScopeKind::Blueprint),
            _ => {
                let mut words: Vec<&str> = self
                    .model
                    .iter()
                    .filter(|k| matches!(k.role, CardKind::Ship | CardKind::Blueprint))
                    .map(|k| k.noun.id.as_ref())
                    .collect();
                words.push(&self.roster.id);
                Err(self.unknown(word, file, Unknown::Scope, &words))
            }
        }
    }

    /// What a rule's selector word counts (`upgrade`, `card`, a game's `item`), with the
    /// filter that narrows it to one declared kind; `plural` reads `total cost of items`.
    pub fn selector(
        &self,
        word: &Ident,
        plural: bool,
        file: FileId,
    ) -> Result<(SelectorKind, Option<Filter>), Diagnostic> {
        let card_word = if plural { "cards" } else { "card" };
        if word.text == card_word {
            return Ok((SelectorKind::Card, None));
        }
        let word_of = |k: &Kind| if plural { k.noun.plural_id.to_string() } else { k.noun.id.to_string() };
        let countable = |k: &Kind| match k.role {
            CardKind::Ship => Some(SelectorKind::Ship),
            CardKind::Upgrade => Some(SelectorKind::Upgrade),
            CardKind::Part => Some(SelectorKind::Part),
            _ => None,
        };
        let found = self.model.iter().enumerate().find(|(_, k)| countable(k).is_some() && word_of(k) == word.text);
        match found {
            Some((i, k)) => {
                let filter = self.declares().then_some(Filter::Kind(i as u16));
                Ok((countable(k).unwrap_or(SelectorKind::Card), filter))
            }
            None => {
                let mut words: Vec<String> =
                    self.model.iter().filter(|k| countable(k).is_some()).map(word_of).collect();
                words.push(card_word.to_string());
                let words: Vec<&str> = words.iter().map(String::as_str).collect();
                Err(self.unknown(word, file, Unknown::Counted, &words))
            }
        }
    }

    fn unknown(&self, word: &Ident, file: FileId, what: Unknown, words: &[&str]) -> Diagnostic {
        let fix = suggest::best(&word.text, words.iter().map(|w| (*w, None))).map(|s| suggestion_fix(&s, word, file));
        let listed: Vec<String> = words.iter().map(|w| format!("`{w}`")).collect();
        let listed = join_or(&listed);
        let w = &word.text;
        let (message, label, help) = match what {
            Unknown::CardKind => (
                format!("`{w}` is not a card kind of this game"),
                "not a card kind",
                format!("the game's card kinds are {listed}; or declare it in `game.cards`: `kind {w} \"…\" <role>`"),
            ),
            Unknown::Scope => {
                (format!("`{w}` is not a scope of this game"), "not a scope", format!("a rule counts per {listed}"))
            }
            Unknown::Unit => (
                format!("`{w}` is not the game's unit kind"),
                "not its unit kind",
                format!("the flagship is one of the game's units: `flagship: {} with <icon>`", words.join(", ")),
            ),
            Unknown::Counted => (
                format!("`{w}` is not a kind of card this game's rules count"),
                "not a kind of card",
                format!("a rule counts {listed}"),
            ),
        };
        Diagnostic::new(&E0109, message)
            .label(file, word.span, label)
            .maybe_help(fix.is_none().then_some(help))
            .maybe_fix(fix)
    }
}

/// The built-in field a card's key names among the kinds `model` ([`Kinds::builtin_field`]).
pub fn builtin_field<'k>(model: &[Kind], key: &'k str) -> Option<&'k str> {
    let profile = |word: &str| model.iter().any(|k| k.role == CardKind::Chassis && *k.noun.id == *word);
    match key {
        _ if profile(key) => Some("chassis"),
        "chassis" => None,
        _ => Some(key),
    }
}

/// The name a card writes a built-in field under among the kinds `model`.
pub fn field_word<'k>(model: &'k [Kind], builtin: &'k str) -> &'k str {
    match model.iter().find(|k| k.role == CardKind::Chassis) {
        Some(profile) if builtin == "chassis" => &profile.noun.id,
        _ => builtin,
    }
}

/// A card's word that is no kind of the game ([`Kinds::card_kind`]).
#[derive(Debug)]
pub struct UnknownKind {
    /// The E0109 diagnostic.
    pub diagnostic: Diagnostic,
    /// The kind the word certainly misspells (its index and role), to read the card as.
    pub meant: Option<(u16, CardKind)>,
}

/// What a word that names no kind was meant to name.
#[derive(Clone, Copy)]
enum Unknown {
    CardKind,
    Unit,
    Scope,
    Counted,
}

/// A declared kind's role, reporting one that is missing or unknown, and whether it is the
/// one written: an unknown role is read as the role it is certainly a misspelling of, else
/// as `unit`, so that the kind's cards are still checked.
fn role_of(entry: &KindEntry, file: FileId, d: &mut Vec<Diagnostic>) -> (CardKind, bool) {
    let Some(word) = &entry.role else {
        d.push(
            Diagnostic::new(&E0110, format!("kind `{}` has no role", entry.id.text))
                .label(file, entry.span, "no role after this kind")
                .help(roles_help()),
        );
        return (CardKind::Ship, false);
    };
    if let Some(role) = CardKind::from_role_word(&word.text) {
        return (role, true);
    }
    let roles = CardKind::ALL.map(CardKind::role_word);
    let suggestion = suggest::best(&word.text, roles.iter().map(|r| (*r, None)));
    let meant = suggestion.as_ref().filter(|s| s.certain).and_then(|s| CardKind::from_role_word(s.id));
    let fix = suggestion.map(|s| suggestion_fix(&s, word, file));
    d.push(
        Diagnostic::new(&E0110, format!("`{}` is not a role", word.text))
            .label(file, word.span, "not a role")
            .maybe_help(fix.is_none().then(roles_help))
            .maybe_fix(fix),
    );
    (meant.unwrap_or(CardKind::Ship), false)
}

/// The distance a `distance` line declares, reporting a word ability text already reads
/// otherwise (the unit kind's, [`NOT_DISTANCE_WORDS`]) and an `adjacent` out of `0..=255`.
/// A mistaken line still declares its distance (without the `adjacent` out of range), so
/// that ability text measured in it is read and the mistake is the only error.
fn distance(line: &DistanceDecl, file: FileId, model: &[Kind], d: &mut Vec<Diagnostic>) -> Distance {
    let noun = noun(&line.id, line.display.as_ref(), line.plural.as_ref());
    // Each word the distance is said with, and where it is written: the card language's
    // id and plural, and the display names ability text reads (`within 2 spaces`).
    let id = line.id.span;
    let display = line.display.as_ref().map_or(id, |s| s.span);
    let (plural_id, plural) = match &line.plural {
        Some(s) => (s.span, s.span),
        None => (id, display),
    };
    let said: [(String, Span); 4] = [
        (noun.id.to_string(), id),
        (noun.one(), display),
        (noun.plural_id.to_string(), plural_id),
        (noun.many(), plural),
    ];
    let unit = &model.iter().find(|k| k.role == CardKind::Ship).unwrap_or_else(|| Kind::prelude(CardKind::Ship)).noun;
    let unit_words = [unit.id.to_string(), unit.plural_id.to_string(), unit.one(), unit.many()];
    let unit_label = format!("names the game's unit kind, `{}`", unit.id);
    let taken = said.iter().find_map(|(word, span)| {
        let why = match unit_words.contains(word) {
            true => unit_label.as_str(),
            false => NOT_DISTANCE_WORDS.iter().find(|(w, _)| w == word)?.1,
        };
        Some((word, *span, why))
    });
    if let Some((word, span, why)) = taken {
        d.push(
            Diagnostic::new(&E0110, format!("`{word}` cannot be the word of the game's distance"))
                .label(file, span, why)
                .help("measure distance in another word, such as `distance space` (`within 2 spaces`)"),
        );
    }
    let adjacent = line.adjacent.and_then(|n| match u8::try_from(n.value) {
        Ok(a) => Some(a),
        Err(_) => {
            d.push(
                Diagnostic::new(&E0110, format!("`adjacent {}` is out of range", n.value))
                    .label(file, n.span, "not a number from 0 to 255")
                    .help(format!(
                        "`adjacent` is a distance in {}: write a number from 0 to 255 (`adjacent 1`)",
                        noun.many()
                    )),
            );
            None
        }
    });
    Distance { noun, adjacent }
}

/// The verb a `verb` line's entry declares: its forms as written (`cast "casts" "cast"`),
/// in lowercase as ability text is read (`"Casts"` is `casts`), else those English gives
/// its base form (`heal`, `heals`, `healed`). A line saved from a syntax error may give one
/// form alone: it counts as none.
fn verb(entry: &VerbEntry) -> Verb {
    match (&entry.third, &entry.past) {
        (Some(third), Some(past)) => Verb {
            id: entry.id.text.clone().into(),
            third: third.value.to_lowercase().into(),
            past: past.value.to_lowercase().into(),
        },
        _ => Verb::regular(&entry.id.text),
    }
}
