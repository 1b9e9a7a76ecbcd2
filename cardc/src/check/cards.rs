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
}

use CardKind::{Blueprint, Chassis, Part, Ship, Species, Upgrade};
const ALL: &[CardKind] = &[Chassis, Ship, Upgrade, Part, Blueprint, Species];

/// The built-in fields: name, the kinds that take it, its type.
const FIELDS: &[(&str, &[CardKind], Ty)] = &[
    ("faction", ALL, Ty::VocabList(VocabKind::Faction)),
    ("cost", ALL, Ty::Cost),
    ("unique", &[Ship, Upgrade], Ty::Flag),
    ("limited", &[Ship, Upgrade], Ty::Count),
    ("size", &[Chassis, Ship], Ty::Vocab(VocabKind::Size)),
    ("ship-icon", &[Chassis, Ship, Upgrade], Ty::Vocab(VocabKind::ShipIcon)),
    ("chassis", &[Ship], Ty::CardRef(Chassis)),
    ("traits", &[Chassis, Ship, Upgrade], Ty::VocabList(VocabKind::Trait)),
    ("upgrades", &[Ship], Ty::VocabList(VocabKind::Icon)),
    ("icon", &[Upgrade], Ty::Vocab(VocabKind::Icon)),
    ("icons", &[Upgrade], Ty::IconGroup),
    (crate::syntax::restriction::FIELD, &[Upgrade], Ty::Restriction),
    ("actions", &[Chassis, Ship], Ty::Actions),
    ("arcs", &[Chassis, Ship], Ty::VocabList(VocabKind::Arc)),
    ("force", &[Ship, Upgrade], Ty::Charges),
    ("charges", &[Ship, Upgrade], Ty::Charges),
    ("grants", &[Upgrade], Ty::Grants),
    ("formats", &[Ship, Upgrade], Ty::VocabList(VocabKind::Format)),
    ("standard-loadout", &[Ship], Ty::CardList(Upgrade)),
    ("standard-loadout-only", &[Upgrade], Ty::Flag),
    ("back-of", &[Upgrade], Ty::CardRef(Upgrade)),
    ("class", &[Blueprint], Ty::Vocab(VocabKind::Class)),
    ("spaces", &[Blueprint], Ty::Spaces),
    ("fixed", &[Blueprint], Ty::CardList(Part)),
    ("drive", &[Part], Ty::Flag),
    ("ancient", &[Part], Ty::Flag),
    ("tech", &[Part], Ty::Vocab(VocabKind::Tech)),
    ("upgrade-activations", &[Species], Ty::Count),
    ("blueprints", &[Species], Ty::CardList(Blueprint)),
    ("text", ALL, Ty::Text),
    ("ability", &[Chassis, Ship], Ty::Ability),
    ("xws", ALL, Ty::String),
];

/// The names of the built-in fields (a stat may not take one).
pub fn builtin_field_names() -> impl Iterator<Item = &'static str> {
    FIELDS.iter().map(|(name, _, _)| *name)
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
    /// Numbers, strings or nothing.
    Nothing,
}

/// What the values of the built-in field `key` refer to; `None` for a field that is not
/// built in (a stat, or a mistake).
pub fn field_refers(key: &str) -> Option<Refers> {
    let (_, _, ty) = FIELDS.iter().find(|(name, _, _)| *name == key)?;
    Some(match *ty {
        Ty::Vocab(k) | Ty::VocabList(k) => Refers::Vocab(k),
        Ty::IconGroup => Refers::Vocab(VocabKind::Icon),
        Ty::CardRef(k) | Ty::CardList(k) => Refers::Card(k),
        Ty::Restriction => Refers::Restriction,
        Ty::Actions | Ty::Grants | Ty::Spaces => Refers::Entries,
        Ty::Flag | Ty::Cost | Ty::Count | Ty::Stat | Ty::Charges | Ty::Text | Ty::Ability | Ty::String => {
            Refers::Nothing
        }
    })
}

/// The built-in fields a card of `kind` takes, in the order the language reference lists
/// them; a card with stats also takes each stat the game declares.
pub fn fields_of(kind: CardKind) -> impl Iterator<Item = &'static str> {
    FIELDS.iter().filter(move |(_, kinds, _)| kinds.contains(&kind)).map(|(name, _, _)| *name)
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
}

/// The fields of one card the check accepted, in order, each with what it read: a field
/// with an error, a duplicate or an unknown field is left out.
pub type ReadCard<'a> = Vec<(&'a Field, Read)>;

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
        let mut fields = card.fields.iter().peekable();
        while let Some(field) = fields.next() {
            let key = field.key.text.as_str();
            let builtin = FIELDS.iter().find(|(name, _, _)| *name == key);
            let stat = self.names.vocab_id(VocabKind::Stat, key).filter(|_| builtin.is_none());
            let ty = match (builtin, stat) {
                (Some((_, kinds, ty)), _) if kinds.contains(&card.kind) => *ty,
                (None, Some(_)) if STAT_KINDS.contains(&card.kind) => Ty::Stat,
                _ => {
                    self.unknown_field(field, builtin.map(|(_, kinds, _)| *kinds).or(stat.map(|_| STAT_KINDS)));
                    continue;
                }
            };
            if ty != Ty::Ability {
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
            match self.field(field, ty, stat) {
                Ok(Some(read)) => out.push((field, read)),
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
        self.conflict(&seen, "icon", "icons", "an upgrade has `icon:` or `icons:`, not both");
        self.conflict(&seen, "unique", "limited", "`unique` is `limited: 1`; keep one of them");
        out
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
        let kind = self.def.card.kind;
        let key = &field.key.text;
        let mut allowed: Vec<&str> =
            FIELDS.iter().filter(|(_, ks, _)| ks.contains(&kind)).map(|(name, _, _)| *name).collect();
        if STAT_KINDS.contains(&kind) {
            allowed.extend(self.names.entries(VocabKind::Stat).iter().map(|v| v.entry.id.text.as_str()));
        }
        let message = match kinds {
            Some(_) => format!("{} has no field `{key}`", a(kind)),
            None => format!("unknown field `{key}`"),
        };
        let label = match kinds {
            Some(ks) => {
                let ks: Vec<String> = ks.iter().map(|k| format!("{k}s")).collect();
                format!("`{key}` is a field of {}", ks.join(", "))
            }
            None => format!("not a field of {}", a(kind)),
        };
        let fix = suggest::best(key, allowed.iter().map(|f| (*f, None))).map(|s| {
            let applicability =
                if s.certain { Applicability::MachineApplicable } else { Applicability::MaybeIncorrect };
            Fix::replace(s.help(key), self.file(), field.key.span, s.id, applicability)
        });
        let help = (fix.is_none() && kinds.is_none()).then(|| {
            if STAT_KINDS.contains(&kind) && crate::resolve::ids::is_valid_id(key) {
                format!("to give a stat, declare it in `game.cards`: `stat {key}`")
            } else {
                format!("the fields of {} are {}", a(kind), allowed.join(", "))
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

    fn vocab_list(&mut self, kind: VocabKind, value: &Value<'_>, sep: char) -> Result<Vec<u16>, Diagnostic> {
        self.quoted_name(kind, value)?;
        let (names, file) = (self.names, self.file());
        let (out, _) = resolve_all(value.list(sep)?.into_iter(), |i| names.vocab(kind, i, file), self.d);
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
        Ok(resolve_all(value.list(',')?.into_iter(), resolve, self.d).0)
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
        for entry in rest.entries()? {
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
    fn field(&mut self, field: &Field, ty: Ty, stat: Option<u16>) -> Result<Option<Read>, Diagnostic> {
        let key = field.key.text.as_str();
        let file = self.file();
        let tokens: &[crate::ast::Token] = match &field.value {
            FieldValue::Tokens(t) | FieldValue::Restriction { tokens: t, .. } => t,
            _ => &[],
        };
        let value = Value { file, key, span: field.span, tokens };
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
                if key == "limited" && n == 0 {
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
                Read::Vocab(self.vocab(kind, value.ident()?)?)
            }
            Ty::VocabList(kind) => Read::Vocabs(self.vocab_list(kind, &value, ',')?),
            Ty::IconGroup => Read::Vocabs(self.vocab_list(VocabKind::Icon, &value, '+')?),
            Ty::CardRef(kind) => Read::Card(self.names.card(kind, value.ident()?, file)?),
            Ty::CardList(kind) => Read::Cards(self.card_list(kind, &value, false)?),
            Ty::Actions => {
                let mut bar = Vec::new();
                for entry in value.entries()? {
                    bar.push(self.bar_action(&value, entry)?);
                }
                Read::Actions(bar)
            }
            Ty::Grants => {
                let mut grants = Vec::new();
                for entry in value.entries()? {
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
        }))
    }
}
