//! Cards: which fields each kind allows, each field's type and references. What the check
//! reads from each accepted field ([`Read`]) is what [`crate::lower`] builds the card from.

use std::collections::HashMap;

use cards_runtime::model::{BarAction, Charges, CostBasis, Difficulty, Grant, VariableCost};

use super::restrictions::{check_restriction, resolve_all};
use super::values::Value;
use crate::ast::{CardKind, Field, FieldValue, FileId, Ident, Span, Token, VocabKind};
use crate::declare_code;
use crate::diagnostics::{Applicability, Diagnostic, Fix};
use crate::resolve::{a, suggest, CardDef, Names};
use crate::source::SourceMap;

declare_code! {
    /// ## What
    /// A card has a field its kind does not take, or one nobody declared (a stat the
    /// game does not declare).
    ///
    /// ## Why
    /// An unknown field would be silently ignored; most are typos (`upgardes:`) or a
    /// field of another kind (`class:` on a part).
    ///
    /// ## Example
    /// `upgardes: officer` on a ship — write `upgrades: officer`.
    pub static E0201: "E0201", "unknown-field", Error;
}

declare_code! {
    /// ## What
    /// A card gives the same field twice.
    ///
    /// ## Why
    /// Only one value could win; the compiler will not pick one silently.
    ///
    /// ## Example
    /// `cost: 12` and later `cost: 14` in one card. Keep one.
    pub static E0202: "E0202", "duplicate-field", Error;
}

declare_code! {
    /// ## What
    /// `limited:` is 0.
    ///
    /// ## Why
    /// `limited: N` allows N copies of the card's name in a fleet; 0 would forbid the card
    /// outright, which is what leaving it out of the set does.
    ///
    /// ## Example
    /// `limited: 0` — write `limited: 1` (a unique name) or more.
    pub static E0204: "E0204", "limited-zero", Error;
}

declare_code! {
    /// ## What
    /// Two fields of one card contradict each other: `icon:` with `icons:`, or `unique`
    /// with `limited:`.
    ///
    /// ## Why
    /// `icons: a + b` already says everything `icon:` would; `unique` is `limited: 1`.
    /// Writing both leaves the meaning to chance.
    ///
    /// ## Example
    /// `unique` and `limited: 2` on one upgrade — keep one of them.
    pub static E0209: "E0209", "conflicting-fields", Error;
}

declare_code! {
    /// ## What
    /// A card's change that cannot be: a value from a release that is not after the one
    /// the card came in (`since: wave-2` and `cost from wave-1: 10`, or `cost from wave-2`),
    /// or `since` given from a release.
    ///
    /// ## Why
    /// A change is what the card became from a release on; before the card came out, or
    /// when it came out, there was nothing to change. What the card was when it came out
    /// is its field without `from`.
    ///
    /// ## Example
    /// `since: wave-2` with `cost from wave-1: 10`: drop the change, or write the release
    /// that changed the cost.
    pub static E0210: "E0210", "invalid-change", Error;
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Ty {
    Flag,
    Cost,
    Count,
    Stat,
    Vocab(VocabKind),
    VocabList(VocabKind),
    IconGroup,
    CardRef(CardKind),
    CardList(CardKind),
    Spaces,
    Restriction,
    Charges,
    Actions,
    Grants,
    Text,
    Ability,
    String,
    Release,
}

use CardKind::{Blueprint, Chassis, Part, Ship, Species, Upgrade};
const ALL: &[CardKind] = &[Chassis, Ship, Upgrade, Part, Blueprint, Species];

/// A field of a card: a built-in field, named after it (`Key::ShipIcon` is `ship-icon:`;
/// the table of built-in fields gives each its name, the kinds that take it and its type),
/// or a stat the game declares.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[allow(missing_docs)]
pub enum Key {
    Faction,
    Cost,
    Unique,
    Limited,
    Size,
    ShipIcon,
    Chassis,
    Traits,
    Upgrades,
    Icon,
    Icons,
    Requires,
    Actions,
    Arcs,
    Force,
    Charges,
    Grants,
    Formats,
    StandardLoadout,
    StandardLoadoutOnly,
    BackOf,
    Class,
    Spaces,
    Fixed,
    Drive,
    Ancient,
    Tech,
    UpgradeActivations,
    Blueprints,
    Text,
    Ability,
    Xws,
    Since,
    Until,
    /// `name from <release>: "…"`: the card's printed name from a release on.
    Name,
    /// `withdrawn from <release>`: out of the set from a release on (and back with
    /// `withdrawn from <release>: none`).
    Withdrawn,
    /// A stat the game declares (`hull: 8`).
    Stat,
}

/// A built-in field: its key, its name, the kinds that take it, its type.
struct FieldDef {
    key: Key,
    name: &'static str,
    kinds: &'static [CardKind],
    ty: Ty,
}

/// The built-in fields, in the order the language reference lists them.
const FIELDS: &[FieldDef] = &[
    FieldDef { key: Key::Faction, name: "faction", kinds: ALL, ty: Ty::VocabList(VocabKind::Faction) },
    FieldDef { key: Key::Cost, name: "cost", kinds: ALL, ty: Ty::Cost },
    FieldDef { key: Key::Unique, name: "unique", kinds: &[Ship, Upgrade], ty: Ty::Flag },
    FieldDef { key: Key::Limited, name: "limited", kinds: &[Ship, Upgrade], ty: Ty::Count },
    FieldDef { key: Key::Size, name: "size", kinds: &[Chassis, Ship], ty: Ty::Vocab(VocabKind::Size) },
    FieldDef {
        key: Key::ShipIcon,
        name: "ship-icon",
        kinds: &[Chassis, Ship, Upgrade],
        ty: Ty::Vocab(VocabKind::ShipIcon),
    },
    FieldDef { key: Key::Chassis, name: "chassis", kinds: &[Ship], ty: Ty::CardRef(Chassis) },
    FieldDef {
        key: Key::Traits,
        name: "traits",
        kinds: &[Chassis, Ship, Upgrade],
        ty: Ty::VocabList(VocabKind::Trait),
    },
    FieldDef { key: Key::Upgrades, name: "upgrades", kinds: &[Ship], ty: Ty::VocabList(VocabKind::Icon) },
    FieldDef { key: Key::Icon, name: "icon", kinds: &[Upgrade], ty: Ty::Vocab(VocabKind::Icon) },
    FieldDef { key: Key::Icons, name: "icons", kinds: &[Upgrade], ty: Ty::IconGroup },
    FieldDef { key: Key::Requires, name: crate::syntax::restriction::FIELD, kinds: &[Upgrade], ty: Ty::Restriction },
    FieldDef { key: Key::Actions, name: "actions", kinds: &[Chassis, Ship], ty: Ty::Actions },
    FieldDef { key: Key::Arcs, name: "arcs", kinds: &[Chassis, Ship], ty: Ty::VocabList(VocabKind::Arc) },
    FieldDef { key: Key::Force, name: "force", kinds: &[Ship, Upgrade], ty: Ty::Charges },
    FieldDef { key: Key::Charges, name: "charges", kinds: &[Ship, Upgrade], ty: Ty::Charges },
    FieldDef { key: Key::Grants, name: "grants", kinds: &[Upgrade], ty: Ty::Grants },
    FieldDef { key: Key::Formats, name: "formats", kinds: &[Ship, Upgrade], ty: Ty::VocabList(VocabKind::Format) },
    FieldDef { key: Key::StandardLoadout, name: "standard-loadout", kinds: &[Ship], ty: Ty::CardList(Upgrade) },
    FieldDef { key: Key::StandardLoadoutOnly, name: "standard-loadout-only", kinds: &[Upgrade], ty: Ty::Flag },
    FieldDef { key: Key::BackOf, name: "back-of", kinds: &[Upgrade], ty: Ty::CardRef(Upgrade) },
    FieldDef { key: Key::Class, name: "class", kinds: &[Blueprint], ty: Ty::Vocab(VocabKind::Class) },
    FieldDef { key: Key::Spaces, name: "spaces", kinds: &[Blueprint], ty: Ty::Spaces },
    FieldDef { key: Key::Fixed, name: "fixed", kinds: &[Blueprint], ty: Ty::CardList(Part) },
    FieldDef { key: Key::Drive, name: "drive", kinds: &[Part], ty: Ty::Flag },
    FieldDef { key: Key::Ancient, name: "ancient", kinds: &[Part], ty: Ty::Flag },
    FieldDef { key: Key::Tech, name: "tech", kinds: &[Part], ty: Ty::Vocab(VocabKind::Tech) },
    FieldDef { key: Key::UpgradeActivations, name: "upgrade-activations", kinds: &[Species], ty: Ty::Count },
    FieldDef { key: Key::Blueprints, name: "blueprints", kinds: &[Species], ty: Ty::CardList(Blueprint) },
    FieldDef { key: Key::Text, name: "text", kinds: ALL, ty: Ty::Text },
    FieldDef { key: Key::Ability, name: "ability", kinds: &[Chassis, Ship], ty: Ty::Ability },
    FieldDef { key: Key::Xws, name: "xws", kinds: ALL, ty: Ty::String },
    FieldDef { key: Key::Since, name: "since", kinds: ALL, ty: Ty::Release },
    FieldDef { key: Key::Until, name: "until", kinds: ALL, ty: Ty::Release },
    FieldDef { key: Key::Name, name: "name", kinds: ALL, ty: Ty::String },
    FieldDef { key: Key::Withdrawn, name: "withdrawn", kinds: ALL, ty: Ty::Flag },
];

/// The names of the built-in fields (a stat may not take one).
pub fn builtin_field_names() -> impl Iterator<Item = &'static str> {
    FIELDS.iter().map(|f| f.name)
}

/// What the values of a field name, for tools that follow references (the language
/// server): the vocabulary or the cards its identifiers are ids of.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refers {
    /// Entries of one vocabulary kind (`faction: rebel`, `upgrades: torpedo, missile`).
    Vocab(VocabKind),
    /// Cards of one kind (`chassis: x-wing`).
    Card(CardKind),
    /// A restriction (`requires: size small`).
    Restriction,
    /// Actions, arcs and icons mixed with colours and links (`actions: focus, red boost`).
    Entries,
    /// A release of the set (`since: wave-2`).
    Release,
    /// Numbers, strings or nothing.
    Nothing,
}

/// What the values of the built-in field `key` refer to; `None` for a field that is not
/// built in (a stat, or a mistake).
pub fn field_refers(key: &str) -> Option<Refers> {
    let def = FIELDS.iter().find(|f| f.name == key)?;
    Some(match def.ty {
        Ty::Vocab(k) | Ty::VocabList(k) => Refers::Vocab(k),
        Ty::IconGroup => Refers::Vocab(VocabKind::Icon),
        Ty::CardRef(k) | Ty::CardList(k) => Refers::Card(k),
        Ty::Restriction => Refers::Restriction,
        Ty::Actions | Ty::Grants | Ty::Spaces => Refers::Entries,
        Ty::Flag | Ty::Cost | Ty::Count | Ty::Stat | Ty::Charges | Ty::Text | Ty::Ability | Ty::String => {
            Refers::Nothing
        }
        Ty::Release => Refers::Release,
    })
}

/// The built-in fields a card of `kind` takes, in the order the language reference lists
/// them; a card with stats also takes each stat the game declares.
pub fn fields_of(kind: CardKind) -> impl Iterator<Item = &'static str> {
    FIELDS.iter().filter(move |f| f.kinds.contains(&kind)).map(|f| f.name)
}

/// The fields worth offering a card of `kind` in a game (completion, and the list of an
/// unknown field's help): [`fields_of`] but a field whose values the game declares none of
/// (`ship-icon:` in a game without ship icons), and the X-Wing conventions (`xws:`,
/// standard loadouts) in a game that declares kinds of its own. Every field of
/// [`fields_of`] is still read where it is written.
pub fn offered_fields(
    kind: CardKind,
    declares: impl Fn(VocabKind) -> bool,
    own_kinds: bool,
) -> impl Iterator<Item = &'static str> {
    FIELDS
        .iter()
        .filter(move |f| f.kinds.contains(&kind))
        .filter(move |f| match f.ty {
            Ty::Vocab(k) | Ty::VocabList(k) => declares(k),
            _ => !(own_kinds && matches!(f.key, Key::Xws | Key::StandardLoadout | Key::StandardLoadoutOnly)),
        })
        .map(|f| f.name)
}

/// The field a key gives: `icon` is `icons` (of one icon), `unique` is `limited` (to one),
/// so that a value of either from a release replaces the other.
pub fn field_group(key: &str) -> &str {
    match key {
        "icon" => "icons",
        "unique" => "limited",
        other => other,
    }
}

/// Whether a card of `kind` takes the game's stats as fields.
pub fn takes_stats(kind: CardKind) -> bool {
    STAT_KINDS.contains(&kind)
}

const STAT_KINDS: &[CardKind] = &[Chassis, Ship, Part, Blueprint];

/// A field's value as the check read it, every name in it resolved: what the lowering
/// builds the card's field from.
#[derive(Clone, Debug)]
pub enum Read {
    /// A flag (`unique`).
    Flag,
    /// A whole number without a sign: a cost or a count (`limited: 2`).
    Count(u32),
    /// A stat's value (`hull: 3`): the stat and the value.
    Stat(u16, i64),
    /// `cost: by size small = 2, large = 4`.
    CostBy(VariableCost),
    /// One vocabulary entry (`size: small`).
    Vocab(u16),
    /// Vocabulary entries (`faction: rebel, scum`, `icons: crew + gunner`).
    Vocabs(Vec<u16>),
    /// One card (`chassis: x-wing`).
    Card(u32),
    /// Cards, `None` for `empty` where that is allowed (`spaces: empty, hull`).
    Cards(Vec<Option<u32>>),
    /// An action bar.
    Actions(Vec<BarAction>),
    /// What an upgrade grants.
    Grants(Vec<Grant>),
    /// The field's restriction, parsed; its names were checked (those that do not resolve
    /// are reported, and the lowering leaves the restriction out).
    Restriction,
    /// Charges or Force.
    Charges(Charges),
    /// A text block or a named ability: the field's own value.
    Text,
    /// A string (`xws: "…"`).
    Str(String),
    /// A release (`since: wave-2`): its index.
    Release(u16),
    /// No value, from a release on (`charges from points-2: none`).
    Nothing,
}

/// What a value from a release is when the field has none from then on: `cost from
/// points-2: none`.
pub const NONE: &str = "none";

/// The fields of one card the check accepted, in order, each with its key and what it
/// read: a field with an error, a duplicate or an unknown field is left out.
pub type ReadCard<'a> = Vec<(&'a Field, Key, Read)>;

/// Checks every card, and gives what it read of each, in the order of `names.cards`.
pub fn check_cards<'a>(names: &Names<'a>, sources: &SourceMap, d: &mut Vec<Diagnostic>) -> Vec<ReadCard<'a>> {
    names.cards.iter().map(|def| CardBuilder { names, sources, def, d: &mut *d }.build()).collect()
}

struct CardBuilder<'n, 'a, 'd> {
    names: &'n Names<'a>,
    sources: &'n SourceMap,
    def: &'n CardDef<'a>,
    d: &'d mut Vec<Diagnostic>,
}

impl<'a> CardBuilder<'_, 'a, '_> {
    fn file(&self) -> FileId {
        self.def.file
    }

    fn build(mut self) -> ReadCard<'a> {
        let card = self.def.card;
        let mut out = Vec::new();
        let mut seen: HashMap<&str, Span> = HashMap::new();
        // The fields given from a release on, by name and release.
        let mut changed: HashMap<(&str, u16), Span> = HashMap::new();
        let mut fields = card.fields.iter().peekable();
        while let Some(field) = fields.next() {
            let key = field.key.text.as_str();
            let builtin = self.names.kinds.builtin_field(key).and_then(|k| FIELDS.iter().find(|f| f.name == k));
            let stat = self.names.vocab_id(VocabKind::Stat, key).filter(|_| builtin.is_none());
            let (field_key, ty) = match (builtin, stat) {
                (Some(def), _) if def.kinds.contains(&self.def.kind) => (def.key, def.ty),
                (None, Some(_)) if STAT_KINDS.contains(&self.def.kind) => (Key::Stat, Ty::Stat),
                _ => {
                    self.unknown_field(field, builtin.map(|f| f.kinds).or(stat.map(|_| STAT_KINDS)));
                    continue;
                }
            };
            // `cost from points-2: 10`: the release the value holds from.
            let release = match &field.from {
                None => None,
                Some(from) => match self.names.release(from, self.file()) {
                    Ok(release) => Some((release, from)),
                    Err(e) => {
                        self.d.push(e);
                        continue;
                    }
                },
            };
            if let (Some((_, from)), Key::Since | Key::Until) = (release, field_key) {
                let what = if field_key == Key::Since { "when the card came out" } else { "when it left the set" };
                self.d.push(
                    Diagnostic::new(&E0210, format!("`{key}` does not change from a release"))
                        .label(self.file(), from.span, format!("`{key}` is {what}"))
                        .help(format!("write `{key}:` once, without `from`")),
                );
                continue;
            }
            if field_key == Key::Withdrawn && release.is_none() {
                self.d.push(
                    Diagnostic::new(&E0210, "`withdrawn` is from a release")
                        .label(self.file(), field.key.span, "`withdrawn` without a release")
                        .help("write `withdrawn from <release>`: the card is out of the set from then on"),
                );
                continue;
            }
            if field_key == Key::Name && release.is_none() {
                self.d.push(
                    Diagnostic::new(&E0210, "a card's name is written in its head")
                        .label(self.file(), field.key.span, "`name:` without a release")
                        .help("`name from <release>: \"…\"` is its name from a release on; the name it came out with is in its head"),
                );
                continue;
            }
            match release {
                _ if ty == Ty::Ability => {}
                None => {
                    if let Some(&first) = seen.get(key) {
                        self.d.push(
                            Diagnostic::new(&E0202, format!("field `{key}` is given twice"))
                                .label(self.file(), field.key.span, "given again here")
                                .label(self.file(), first, "first given here")
                                .help("keep one of them"),
                        );
                        continue;
                    }
                    seen.insert(key, field.key.span);
                }
                Some((index, from)) => {
                    let key = field_group(key);
                    if let Some(&first) = changed.get(&(key, index)) {
                        self.d.push(
                            Diagnostic::new(&E0202, format!("field `{key}` changes twice from `{}`", from.text))
                                .label(self.file(), field.key.span, "changed again here")
                                .label(self.file(), first, "first changed here")
                                .help("keep one of them: a field has one value from a release on"),
                        );
                        continue;
                    }
                    changed.insert((key, index), field.key.span);
                }
            }
            match self.field(field, field_key, ty, stat) {
                Ok(Some(read)) => out.push((field, field_key, read)),
                // A restriction that does not parse, reported by the parser.
                Ok(None) => {}
                Err(e) => {
                    self.d.push(e);
                    // `icon title`: the word after a valued field's name is its value without
                    // the colon, not a field of its own.
                    let missing_colon = matches!(field.value, FieldValue::Flag)
                        && !matches!(ty, Ty::Flag)
                        && fields.peek().is_some_and(|next| {
                            matches!(next.value, FieldValue::Flag) && self.same_line(field.span, next.span)
                        });
                    if missing_colon {
                        fields.next();
                    }
                }
            }
        }
        self.changes_after_since(&mut out);
        let this = self.names.kinds.noun_at(self.def.declared).a();
        self.conflict(&seen, "icon", "icons", &format!("{this} has `icon:` or `icons:`, not both"));
        self.conflict(&seen, "unique", "limited", "`unique` is `limited: 1`; keep one of them");
        out
    }

    /// E0210 for each value from a release that is not after the one the card came in
    /// (`since:`) or not before the one it left the set in (`until:`), and for an `until`
    /// not after `since`; each is left out.
    fn changes_after_since(&mut self, out: &mut ReadCard<'a>) {
        fn release_of<'f>(out: &ReadCard<'f>, key: Key) -> Option<(&'f Field, u16)> {
            out.iter().find_map(|(f, k, read)| match read {
                Read::Release(r) if *k == key && f.from.is_none() => Some((*f, *r)),
                _ => None,
            })
        }
        let (since, until) = (release_of(out, Key::Since), release_of(out, Key::Until));
        let names = self.names;
        let file = self.file();
        let decl = |r: u16| &names.releases[usize::from(r)].decl;
        let d = &mut *self.d;
        if let (Some((since_field, since)), Some((until_field, until))) = (since, until) {
            if until <= since {
                d.push(
                    Diagnostic::new(&E0210, "the card leaves the set before it comes out")
                        .label(
                            file,
                            until_field.span,
                            format!("it leaves in `{}` ({})", decl(until).id.text, decl(until).date.text),
                        )
                        .label(
                            file,
                            since_field.span,
                            format!("it comes out in `{}` ({})", decl(since).id.text, decl(since).date.text),
                        )
                        .help("`until:` names the first release the card is no longer in, after `since:`"),
                );
                out.retain(|(_, k, _)| *k != Key::Until);
            }
        }
        let until = release_of(out, Key::Until);
        out.retain(|(field, _, _)| {
            let Some(from) = &field.from else { return true };
            let Ok(release) = names.release(from, file) else { return true };
            if let Some((since_field, since)) = since.filter(|(_, since)| release <= *since) {
                let (came, when) = (decl(since), decl(release));
                let message = if release == since {
                    format!("`{}` changes from `{}`, the release the card came out in", field.key.text, from.text)
                } else if when.date.text == came.date.text {
                    format!(
                        "`{}` changes from `{}`, dated as the release the card came out in",
                        field.key.text, from.text
                    )
                } else {
                    format!(
                        "`{}` changes from `{}` ({}), before the card came out",
                        field.key.text, from.text, when.date.text
                    )
                };
                d.push(
                    Diagnostic::new(&E0210, message)
                        .label(file, from.span, "not after the card came out")
                        .label(
                            file,
                            since_field.span,
                            format!("the card came out in `{}` ({})", came.id.text, came.date.text),
                        )
                        .help("what the card was when it came out is the field without `from`"),
                );
                return false;
            }
            if let Some((until_field, until)) = until.filter(|(_, until)| release >= *until) {
                let left = decl(until);
                d.push(
                    Diagnostic::new(
                        &E0210,
                        format!("`{}` changes from `{}`, once the card has left the set", field.key.text, from.text),
                    )
                    .label(file, from.span, "not before the card left the set")
                    .label(
                        file,
                        until_field.span,
                        format!("the card left the set in `{}` ({})", left.id.text, left.date.text),
                    )
                    .help("a card that has left the set changes no more: drop the change, or move `until:`"),
                );
                return false;
            }
            true
        });
    }

    fn same_line(&self, a: Span, b: Span) -> bool {
        let text = &self.sources.file(self.file()).text;
        text.get(a.end as usize..b.start as usize).is_some_and(|between| !between.contains('\n'))
    }

    fn conflict(&mut self, seen: &HashMap<&str, Span>, a: &str, b: &str, help: &str) {
        if let (Some(&sa), Some(&sb)) = (seen.get(a), seen.get(b)) {
            self.d.push(
                Diagnostic::new(&E0209, format!("`{a}` and `{b}` cannot both be given"))
                    .label(self.file(), sb, format!("`{b}` given here"))
                    .label(self.file(), sa, format!("`{a}` given here"))
                    .help(help),
            );
        }
    }

    fn unknown_field(&mut self, field: &Field, kinds: Option<&[CardKind]>) {
        let kind = self.def.kind;
        let kinds_of = &self.names.kinds;
        let this = kinds_of.noun_at(self.def.declared).a();
        let key = &field.key.text;
        let declares = |k: VocabKind| !self.names.entries(k).is_empty();
        let mut allowed: Vec<&str> =
            offered_fields(kind, declares, kinds_of.declares()).map(|f| kinds_of.field_word(f)).collect();
        if STAT_KINDS.contains(&kind) {
            allowed.extend(self.names.entries(VocabKind::Stat).iter().map(|v| v.entry.id.text.as_str()));
        }
        let message = match kinds {
            Some(_) => format!("{this} has no field `{key}`"),
            None => format!("unknown field `{key}`"),
        };
        let label = match kinds {
            Some(ks) => {
                let ks: Vec<String> = ks.iter().map(|k| kinds_of.noun(*k).many()).collect();
                format!("`{key}` is a field of {}", ks.join(", "))
            }
            None => format!("not a field of {this}"),
        };
        // `chassis:` in a game whose units name their profile with its own word.
        let profile = kinds_of.field_word("chassis");
        let renamed = (key == "chassis" && profile != "chassis" && kind == Ship).then(|| {
            let message = format!("{this} names its {profile} with `{profile}:`");
            Fix::certain(message, self.file(), field.key.span, profile)
        });
        let fix = renamed.or_else(|| {
            suggest::best(key, allowed.iter().map(|f| (*f, None))).map(|s| {
                let applicability =
                    if s.certain { Applicability::MachineApplicable } else { Applicability::MaybeIncorrect };
                Fix::replace(s.help(key), self.file(), field.key.span, s.id, applicability)
            })
        });
        let help = (fix.is_none() && kinds.is_none()).then(|| {
            if STAT_KINDS.contains(&kind) && crate::resolve::ids::is_valid_id(key) {
                format!("to give a stat, declare it in `game.cards`: `stat {key}`")
            } else {
                format!("the fields of {this} are {}", allowed.join(", "))
            }
        });
        self.d.push(
            Diagnostic::new(&E0201, message).label(self.file(), field.key.span, label).maybe_fix(fix).maybe_help(help),
        );
    }

    fn vocab(&self, kind: VocabKind, ident: &Ident) -> Result<u16, Diagnostic> {
        self.names.vocab(kind, ident, self.file())
    }

    /// A quoted name where an id of `kind` belongs (`faction: "Rebel Alliance"`): E0105
    /// with the id whose name it is.
    fn quoted_name(&self, kind: VocabKind, value: &Value<'_>) -> Result<(), Diagnostic> {
        let Some(s) = value.tokens.iter().find_map(|t| match t {
            Token::Str(s) => Some(s),
            _ => None,
        }) else {
            return Ok(());
        };
        let candidates = self
            .names
            .entries(kind)
            .iter()
            .map(|v| (v.entry.id.text.as_str(), v.entry.display.as_ref().map(|d| d.value.as_str())));
        let Some(meant) = suggest::best(&s.value, candidates).filter(|m| m.certain) else { return Ok(()) };
        Err(Diagnostic::new(&crate::resolve::E0105, format!("`{}` takes {} id, not a name", value.key, a(kind)))
            .label(self.file(), s.span, format!("the name of {kind} `{}`", meant.id))
            .fix(Fix::certain(format!("write its id: `{}`", meant.id), self.file(), s.span, meant.id)))
    }

    /// What a field of `kind` may say: the entries the game declares, for the help of a
    /// value of the wrong shape (`size: 2`); none when it declares none.
    fn allowed(&self, kind: VocabKind) -> Option<String> {
        let ids: Vec<String> = self.names.entries(kind).iter().map(|v| format!("`{}`", v.entry.id.text)).collect();
        let verb = match ids.len() {
            0 => return None,
            1 => "is",
            _ => "are",
        };
        Some(format!("the game's {} {verb} {}", kind.plural(), crate::diagnostics::join_or(&ids)))
    }

    fn vocab_list(&mut self, kind: VocabKind, value: &Value<'_>, sep: char) -> Result<Vec<u16>, Diagnostic> {
        self.quoted_name(kind, value)?;
        let (names, file) = (self.names, self.file());
        let (out, _) = resolve_all(value.list(sep, self.d)?.into_iter(), |i| names.vocab(kind, i, file), self.d);
        Ok(out)
    }

    fn card_list(
        &mut self,
        kind: CardKind,
        value: &Value<'_>,
        allow_empty: bool,
    ) -> Result<Vec<Option<u32>>, Diagnostic> {
        let (names, file) = (self.names, self.file());
        let resolve = |i: &Ident| match i.text.as_str() {
            "empty" if allow_empty => Ok(None),
            _ => names.card(kind, i, file).map(Some),
        };
        let list = value.list(',', self.d)?;
        Ok(resolve_all(list.into_iter(), resolve, self.d).0)
    }

    /// `by size small = 2, large = 4` or `by agility 0 = 2, 1 = 3`.
    fn variable_cost(&mut self, value: &Value<'_>) -> Result<VariableCost, Diagnostic> {
        let basis = match value.tokens.get(1) {
            Some(Token::Ident(b)) if b.text == "size" => CostBasis::Size,
            Some(Token::Ident(b)) => CostBasis::Stat(self.vocab(VocabKind::Stat, b)?),
            other => {
                return Err(value
                    .expected("`size` or a stat after `by`", other)
                    .help("write `cost: by size small = 2, large = 4`"))
            }
        };
        let rest = Value { tokens: &value.tokens[2..], ..*value };
        let mut values = Vec::new();
        for entry in rest.entries(self.d)? {
            let (key, n) = match entry {
                [key, Token::Punct('=', _), Token::Number(n)] => (key, n.value),
                [_, Token::Punct('=', _), other, ..] | [_, _, other, ..] if !matches!(other, Token::Number(_)) => {
                    return Err(value.expected("a cost (a number)", Some(other)))
                }
                [_, other, ..] if !matches!(other, Token::Punct('=', _)) => {
                    return Err(value.expected("`=`", Some(other)).help("write each entry as `<key> = <cost>`"))
                }
                _ => return Err(value.expected("`<key> = <cost>`", entry.first())),
            };
            let key = match (basis, key) {
                (CostBasis::Size, Token::Ident(size)) => i64::from(self.vocab(VocabKind::Size, size)?),
                (CostBasis::Stat(_), Token::Number(k)) => k.value,
                (CostBasis::Size, other) => return Err(value.expected("a size", Some(other))),
                (CostBasis::Stat(_), other) => return Err(value.expected("a stat value (a number)", Some(other))),
            };
            values.push((key, n));
        }
        Ok(VariableCost { basis, values: values.into() })
    }

    /// `[red|purple|white] <action>` at the front of `tokens`; returns it and the rest.
    fn colored_action<'t>(
        &mut self,
        value: &Value<'_>,
        tokens: &'t [Token],
    ) -> Result<(u16, Difficulty, &'t [Token]), Diagnostic> {
        match tokens {
            [Token::Ident(c), Token::Ident(a), rest @ ..] => match Difficulty::from_word(&c.text) {
                Some(d) => Ok((self.vocab(VocabKind::Action, a)?, d, rest)),
                None => Err(value
                    .expected("`red`, `purple` or `white` before an action", tokens.first())
                    .help("separate actions with `,`; link one to the next with `>`")),
            },
            [Token::Ident(a), rest @ ..] => Ok((self.vocab(VocabKind::Action, a)?, Difficulty::White, rest)),
            [other, ..] => Err(value.expected("an action", Some(other))),
            [] => Err(value.expected("an action", None)),
        }
    }

    /// `focus`, `red boost`, `focus > red barrel-roll`.
    fn bar_action(&mut self, value: &Value<'_>, entry: &[Token]) -> Result<BarAction, Diagnostic> {
        let (action, difficulty, rest) = self.colored_action(value, entry)?;
        let linked = match rest {
            [] => None,
            [Token::Punct('>', _), rest @ ..] => {
                let (a, d, rest) = self.colored_action(value, rest)?;
                if let Some(extra) = rest.first() {
                    return Err(value.expected("`,` or the end of the line", Some(extra)));
                }
                Some((a, d))
            }
            [other, ..] => {
                return Err(value
                    .expected("`>`, `,` or the end of the line", Some(other))
                    .help("link an action to the next with `>`"))
            }
        };
        Ok(BarAction { action, difficulty, linked })
    }

    /// `slot crew 2`, `action red evade`, `stat hull +1`, `force +1`, `arc rear`.
    fn grant(&mut self, value: &Value<'_>, entry: &[Token]) -> Result<Grant, Diagnostic> {
        const HELP: &str =
            "a grant is `slot <icon> [N]`, `action [red] <action>`, `stat <stat> <N>`, `force <N>` or `arc <arc>`";
        let end = |rest: &[Token]| match rest.first() {
            Some(extra) => Err(value.expected("`,` or the end of the line", Some(extra))),
            None => Ok(()),
        };
        match entry {
            [Token::Ident(k), Token::Ident(icon), rest @ ..] if k.text == "slot" => {
                let icon = self.vocab(VocabKind::Icon, icon)?;
                match rest {
                    [] => Ok(Grant::Slot(icon, 1)),
                    [Token::Number(n), rest @ ..] => end(rest).map(|_| Grant::Slot(icon, n.value)),
                    [other, ..] => Err(value.expected("how many (a number)", Some(other))),
                }
            }
            [Token::Ident(k), rest @ ..] if k.text == "action" => {
                let (a, d, rest) = self.colored_action(value, rest)?;
                end(rest).map(|_| Grant::Action(a, d))
            }
            [Token::Ident(k), Token::Ident(stat), Token::Number(n), rest @ ..] if k.text == "stat" => {
                let stat = self.vocab(VocabKind::Stat, stat)?;
                end(rest).map(|_| Grant::Stat(stat, n.value))
            }
            [Token::Ident(k), Token::Number(n), rest @ ..] if k.text == "force" => {
                end(rest).map(|_| Grant::Force(n.value))
            }
            [Token::Ident(k), Token::Ident(arc), rest @ ..] if k.text == "arc" => {
                let arc = self.vocab(VocabKind::Arc, arc)?;
                end(rest).map(|_| Grant::Arc(arc))
            }
            [Token::Ident(k), rest @ ..] if matches!(k.text.as_str(), "slot" | "stat" | "force" | "arc") => {
                Err(value.expected(&format!("the rest of `{}`", k.text), rest.first()).help(HELP))
            }
            _ => Err(value.expected("a grant", entry.first()).help(HELP)),
        }
    }

    /// Reads one field of type `ty` (`stat`: the stat it gives, for a stat field); `None`
    /// for a restriction that does not parse (the parser reported it).
    fn field(&mut self, field: &Field, field_key: Key, ty: Ty, stat: Option<u16>) -> Result<Option<Read>, Diagnostic> {
        let key = field.key.text.as_str();
        let file = self.file();
        let tokens: &[crate::ast::Token] = match &field.value {
            FieldValue::Tokens(t) | FieldValue::Restriction { tokens: t, .. } => t,
            _ => &[],
        };
        let value = Value { file, key, span: field.span, tokens };
        // `charges from r: none`, `unique from r: none`, `text from r: none`: the field has
        // no value from that release on.
        if let (Some(_), [Token::Ident(none)]) = (&field.from, tokens) {
            if none.text == NONE && field_key == Key::Name {
                return Err(Diagnostic::new(&super::values::E0203, "a card always has a name")
                    .label(file, none.span, "no name from this release")
                    .help("write the name it has from this release on: `name from <release>: \"…\"`"));
            }
            if none.text == NONE && !matches!(ty, Ty::Ability) {
                return Ok(Some(Read::Nothing));
            }
        }
        let shape_ok = match (&field.value, ty) {
            (FieldValue::Flag, Ty::Flag)
            | (FieldValue::Text(_), Ty::Text)
            | (FieldValue::Ability { .. }, Ty::Ability)
            | (FieldValue::Restriction { .. }, Ty::Restriction) => true,
            (FieldValue::Tokens(_), t) => !matches!(t, Ty::Flag | Ty::Text | Ty::Ability),
            _ => false,
        };
        if !shape_ok {
            let shape = match ty {
                Ty::Flag => format!("`{key}` is a flag: write `{key}` alone"),
                Ty::Text => format!("write `{key} {{ … }}`"),
                Ty::Ability => format!("write `{key} \"<Name>\" {{ … }}`"),
                _ => format!("a value follows a colon: write `{key}: <value>`"),
            };
            return Err(Diagnostic::new(&super::values::E0203, format!("`{key}` is not written this way"))
                .label(file, field.span, "wrong form for this field")
                .help(shape));
        }
        Ok(Some(match ty {
            Ty::Flag => Read::Flag,
            Ty::Cost => match tokens {
                [Token::Ident(by), ..] if by.text == "by" => Read::CostBy(self.variable_cost(&value)?),
                _ => Read::Count(value.count()?),
            },
            Ty::Count => {
                let n = value.count()?;
                if field_key == Key::Limited && n == 0 {
                    return Err(Diagnostic::new(&E0204, "`limited` must be at least 1")
                        .label(file, tokens[0].span(), "0 copies would forbid the card")
                        .help("write `limited: 1` for a unique name, or remove the card"));
                }
                Read::Count(n)
            }
            Ty::Stat => {
                let n = value.number()?;
                Read::Stat(stat.unwrap_or_default(), n.value)
            }
            Ty::Vocab(kind) => {
                self.quoted_name(kind, &value)?;
                // What the game declares, unless the error says more already.
                let ident = value.ident().map_err(|d| match d.help {
                    None => d.maybe_help(self.allowed(kind)),
                    Some(_) => d,
                })?;
                Read::Vocab(self.vocab(kind, ident)?)
            }
            Ty::VocabList(kind) => Read::Vocabs(self.vocab_list(kind, &value, ',')?),
            Ty::IconGroup => Read::Vocabs(self.vocab_list(VocabKind::Icon, &value, '+')?),
            Ty::CardRef(kind) => Read::Card(self.names.card(kind, value.ident()?, file)?),
            Ty::CardList(kind) => Read::Cards(self.card_list(kind, &value, false)?),
            Ty::Actions => {
                let mut bar = Vec::new();
                for entry in value.entries(self.d)? {
                    bar.push(self.bar_action(&value, entry)?);
                }
                Read::Actions(bar)
            }
            Ty::Grants => {
                let mut grants = Vec::new();
                for entry in value.entries(self.d)? {
                    grants.push(self.grant(&value, entry)?);
                }
                Read::Grants(grants)
            }
            Ty::Spaces => Read::Cards(self.card_list(CardKind::Part, &value, true)?),
            Ty::Restriction => match &field.value {
                FieldValue::Restriction { parsed: Some(r), .. } => {
                    check_restriction(self.names, file, r, self.d);
                    Read::Restriction
                }
                _ => return Ok(None),
            },
            Ty::Charges => {
                let (count, recovers) = value.charges()?;
                Read::Charges(Charges { count: i64::from(count), recovers })
            }
            Ty::Text | Ty::Ability => Read::Text,
            Ty::String => Read::Str(value.string()?.value.clone()),
            Ty::Release => Read::Release(self.names.release(value.ident()?, file)?),
        }))
    }
}
