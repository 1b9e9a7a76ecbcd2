//! Cards: which fields each kind allows, each field's type and references, and the card
//! built from them for the runtime model.

use std::borrow::Cow;
use std::collections::HashMap;

use cards_runtime::model::{self, BarAction, Charges, CostBasis, Difficulty, Grant, NamedAbility, VariableCost};

use super::restrictions::{lower_restriction, resolve_all};
use super::values::Value;
use crate::ast::{CardKind, Field, FieldValue, FileId, Ident, Span, TextBlock, Token, VocabKind};
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
    ("requires", &[Upgrade], Ty::Restriction),
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

/// Checks every card and builds its model. Cards keep the order of `names.cards`, so a
/// card index in the model is its index there.
pub fn check_cards(names: &Names<'_>, sources: &SourceMap, d: &mut Vec<Diagnostic>) -> Vec<model::Card> {
    names.cards.iter().map(|def| CardBuilder { names, sources, def, d: &mut *d }.build()).collect()
}

struct CardBuilder<'n, 'a, 'd> {
    names: &'n Names<'a>,
    sources: &'n SourceMap,
    def: &'n CardDef<'a>,
    d: &'d mut Vec<Diagnostic>,
}

impl CardBuilder<'_, '_, '_> {
    fn file(&self) -> FileId {
        self.def.file
    }

    fn build(mut self) -> model::Card {
        let card = self.def.card;
        let mut out = model::Card::empty(self.def.id.clone(), card.name.value.clone(), card.kind);
        let mut seen: HashMap<&str, Span> = HashMap::new();
        let mut stats: Vec<(u16, i64)> = Vec::new();
        let mut abilities = Vec::new();
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
            if let Err(e) = self.field(field, ty, stat, &mut out, &mut stats, &mut abilities) {
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
        self.conflict(&seen, "icon", "icons", "an upgrade has `icon:` or `icons:`, not both");
        self.conflict(&seen, "unique", "limited", "`unique` is `limited: 1`; keep one of them");
        stats.sort_by_key(|(s, _)| *s);
        out.stats = stats.into();
        out.ship_abilities = abilities.into();
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

    fn vocab_list(&mut self, kind: VocabKind, value: &Value<'_>, sep: char) -> Result<Cow<'static, [u16]>, Diagnostic> {
        self.quoted_name(kind, value)?;
        let (names, file) = (self.names, self.file());
        let (out, _) = resolve_all(value.list(sep)?.into_iter(), |i| names.vocab(kind, i, file), self.d);
        Ok(out.into())
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

    fn text(&self, block: &TextBlock) -> Cow<'static, str> {
        let file = self.sources.file(self.file());
        let sentences: Vec<&str> = block.sentences.iter().map(|s| file.slice(*s)).collect();
        sentences.join(" ").into()
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

    fn field(
        &mut self,
        field: &Field,
        ty: Ty,
        stat: Option<u16>,
        out: &mut model::Card,
        stats: &mut Vec<(u16, i64)>,
        abilities: &mut Vec<NamedAbility>,
    ) -> Result<(), Diagnostic> {
        let key = field.key.text.as_str();
        let file = self.file();
        let tokens: &[crate::ast::Token] = match &field.value {
            FieldValue::Tokens(t) => t,
            _ => &[],
        };
        let value = Value { file, key, span: field.span, tokens };
        let shape_ok = match (&field.value, ty) {
            (FieldValue::Flag, Ty::Flag)
            | (FieldValue::Text(_), Ty::Text)
            | (FieldValue::Ability { .. }, Ty::Ability) => true,
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
        match ty {
            Ty::Flag => match key {
                "unique" => out.unique = true,
                "drive" => out.drive = true,
                "standard-loadout-only" => out.standard_loadout_only = true,
                _ => out.ancient = true,
            },
            Ty::Cost => match tokens {
                [Token::Ident(by), ..] if by.text == "by" => out.cost_by = Some(self.variable_cost(&value)?),
                _ => out.cost = Some(value.count()? as i64),
            },
            Ty::Count => {
                let n = value.count()?;
                match key {
                    "limited" => {
                        if n == 0 {
                            return Err(Diagnostic::new(&E0204, "`limited` must be at least 1")
                                .label(file, tokens[0].span(), "0 copies would forbid the card")
                                .help("write `limited: 1` for a unique name, or remove the card"));
                        }
                        out.limited = Some(n);
                        out.unique |= n == 1;
                    }
                    _ => out.upgrade_activations = Some(n),
                }
            }
            Ty::Stat => {
                let n = value.number()?;
                stats.push((stat.unwrap_or_default(), n.value));
            }
            Ty::Vocab(kind) => {
                self.quoted_name(kind, &value)?;
                let i = self.vocab(kind, value.ident()?)?;
                match key {
                    "size" => out.size = Some(i),
                    "ship-icon" => out.ship_icon = Some(i),
                    "icon" => out.icons = vec![i].into(),
                    "class" => out.class = Some(i),
                    _ => out.tech = Some(i),
                }
            }
            Ty::VocabList(kind) => {
                let list = self.vocab_list(kind, &value, ',')?;
                match key {
                    "faction" => out.factions = list,
                    "traits" => out.traits = list,
                    "upgrades" => out.upgrades = list,
                    "arcs" => out.arcs = list,
                    _ => out.formats = list,
                }
            }
            Ty::IconGroup => out.icons = self.vocab_list(VocabKind::Icon, &value, '+')?,
            Ty::CardRef(kind) => {
                let card = Some(self.names.card(kind, value.ident()?, file)?);
                match key {
                    "chassis" => out.chassis = card,
                    _ => out.back_of = card,
                }
            }
            Ty::CardList(kind) => {
                let list: Vec<u32> = self.card_list(kind, &value, false)?.into_iter().flatten().collect();
                match key {
                    "fixed" => out.fixed = list.into(),
                    "standard-loadout" => out.standard_loadout = list.into(),
                    _ => out.blueprints = list.into(),
                }
            }
            Ty::Actions => {
                let mut bar = Vec::new();
                for entry in value.entries()? {
                    bar.push(self.bar_action(&value, entry)?);
                }
                out.actions = bar.into();
            }
            Ty::Grants => {
                let mut grants = Vec::new();
                for entry in value.entries()? {
                    grants.push(self.grant(&value, entry)?);
                }
                out.grants = grants.into();
            }
            Ty::Spaces => out.spaces = self.card_list(Part, &value, true)?.into(),
            Ty::Restriction => {
                let r = crate::syntax::restriction::parse(file, tokens, field.span)?;
                out.requires = lower_restriction(self.names, file, &r, self.d);
            }
            Ty::Charges => {
                let (count, recovers) = value.charges()?;
                let charges = Some(Charges { count: count as i64, recovers });
                match key {
                    "force" => out.force = charges,
                    _ => out.charges = charges,
                }
            }
            Ty::Text => {
                if let FieldValue::Text(block) = &field.value {
                    out.text = Some(self.text(block));
                }
            }
            Ty::Ability => {
                if let FieldValue::Ability { name, text } = &field.value {
                    abilities.push(NamedAbility { name: name.value.clone().into(), text: self.text(text) });
                }
            }
            Ty::String => out.xws = Some(value.string()?.value.clone().into()),
        }
        Ok(())
    }
}
