//! Cards → the runtime's cards: each field the check accepted goes to its place in
//! [`Card`]; a field with an error is left out (the rest of the card is kept, for editors).

use cards_runtime::model::{Card, NamedAbility, Text, Version};

use crate::ast::Field;

use super::restriction::restriction;
use crate::ast::{FieldValue, TextBlock};
use crate::check::cards::{Key, Read, ReadCard};
use crate::resolve::{CardDef, Names};
use crate::source::SourceMap;

/// Builds one card from what the check read of its fields. Its abilities come later, from
/// its text blocks.
pub fn card(names: &Names<'_>, sources: &SourceMap, def: &CardDef<'_>, fields: ReadCard<'_>) -> Card {
    let mut out = Card::empty(def.id.clone(), def.card.name.value.clone(), def.kind);
    out.declared = def.declared;
    let mut stats: Vec<(u16, i64)> = Vec::new();
    let mut abilities = Vec::new();
    let source = &sources.file(def.file).text;
    for (field, key, read) in fields {
        match (key, read) {
            (Key::Unique, _) => out.unique = true,
            (Key::Drive, _) => out.drive = true,
            (Key::StandardLoadoutOnly, _) => out.standard_loadout_only = true,
            (Key::Ancient, _) => out.ancient = true,
            (Key::Cost, Read::Count(n)) => out.cost = Some(i64::from(n)),
            (Key::Cost, Read::CostBy(cost)) => out.cost_by = Some(cost),
            (Key::Limited, Read::Count(n)) => {
                out.limited = Some(n);
                out.unique |= n == 1;
            }
            (Key::UpgradeActivations, Read::Count(n)) => out.upgrade_activations = Some(n),
            (Key::Stat, Read::Stat(stat, n)) => stats.push((stat, n)),
            (Key::Size, Read::Vocab(i)) => out.size = Some(i),
            (Key::ShipIcon, Read::Vocab(i)) => out.ship_icon = Some(i),
            (Key::Icon, Read::Vocab(i)) => out.icons = vec![i].into(),
            (Key::Class, Read::Vocab(i)) => out.class = Some(i),
            (Key::Tech, Read::Vocab(i)) => out.tech = Some(i),
            (Key::Faction, Read::Vocabs(list)) => out.factions = list.into(),
            (Key::Traits, Read::Vocabs(list)) => out.traits = list.into(),
            (Key::Upgrades, Read::Vocabs(list)) => out.upgrades = list.into(),
            (Key::Icons, Read::Vocabs(list)) => out.icons = list.into(),
            (Key::Arcs, Read::Vocabs(list)) => out.arcs = list.into(),
            (Key::Formats, Read::Vocabs(list)) => out.formats = list.into(),
            (Key::Chassis, Read::Card(c)) => out.chassis = Some(c),
            (Key::BackOf, Read::Card(c)) => out.back_of = Some(c),
            (Key::Spaces, Read::Cards(list)) => out.spaces = list.into(),
            (Key::Fixed, Read::Cards(list)) => out.fixed = list.into_iter().flatten().collect(),
            (Key::StandardLoadout, Read::Cards(list)) => out.standard_loadout = list.into_iter().flatten().collect(),
            (Key::Blueprints, Read::Cards(list)) => out.blueprints = list.into_iter().flatten().collect(),
            (Key::Actions, Read::Actions(bar)) => out.actions = bar.into(),
            (Key::Grants, Read::Grants(grants)) => out.grants = grants.into(),
            (Key::Requires, _) => {
                if let FieldValue::Restriction { parsed: Some(r), .. } = &field.value {
                    out.requires = restriction(names, r);
                }
            }
            (Key::Force, Read::Charges(c)) => out.force = Some(c),
            (Key::Charges, Read::Charges(c)) => out.charges = Some(c),
            (Key::Text, _) => {
                if let FieldValue::Text(block) = &field.value {
                    out.text = Some(text(source, block));
                }
            }
            (Key::Ability, _) => {
                // `ability "Name" from <release> {}`: the ability is gone from then on.
                if let FieldValue::Ability { name, text: block } = &field.value {
                    if field.from.is_none() || !block.sentences.is_empty() {
                        abilities.push(NamedAbility { name: name.value.clone().into(), text: text(source, block) });
                    }
                }
            }
            (Key::Xws, Read::Str(s)) => out.xws = Some(s.into()),
            (Key::Since, Read::Release(r)) => out.since = Some(r),
            (Key::Until, Read::Release(r)) => out.until = Some(r),
            (Key::Name, Read::Str(name)) => out.name = name.into(),
            (Key::Withdrawn, Read::Flag) => out.withdrawn = true,
            // No value from a release on: the field is left as an empty card has it.
            (_, Read::Nothing) => {}
            // The check reads each field as its key's type: no other pair is given.
            _ => {}
        }
    }
    stats.sort_by_key(|(s, _)| *s);
    out.stats = stats.into();
    out.ship_abilities = abilities.into();
    out
}

/// A text block's sentences, joined by a space.
fn text(source: &str, block: &TextBlock) -> Text {
    let sentences: Vec<&str> = block.sentences.iter().map(|s| source.get(s.range()).unwrap_or_default()).collect();
    sentences.join(" ").into()
}

/// What a card is at each of its states: the fields that hold, as the check read them.
/// A card with no value from a release has one state, all its fields. Otherwise its first
/// state holds until the first release that changes it, and each release that changes it
/// starts a state; the last is the card as of its last change.
pub struct States<'a> {
    /// The releases that change the card, in order (index into the set's releases).
    pub changes: Vec<u16>,
    /// The fields of each state, one state more than `changes`.
    pub fields: Vec<ReadCard<'a>>,
}

/// The states of a card from the fields the check read of it.
pub fn states<'a>(names: &Names<'_>, file: crate::ast::FileId, fields: ReadCard<'a>) -> States<'a> {
    let from = |field: &Field| field.from.as_ref().and_then(|r| names.release(r, file).ok());
    let mut changes: Vec<u16> = fields.iter().filter_map(|(f, _, _)| from(f)).collect();
    changes.sort_unstable();
    changes.dedup();
    if changes.is_empty() {
        return States { changes, fields: vec![fields] };
    }
    let as_of = |release: Option<u16>| -> ReadCard<'a> {
        // Each field holds unless a value of the same field from a release on or before
        // `release` does; of those, the latest holds.
        let latest = |field: &Field| {
            fields
                .iter()
                .filter_map(|(f, _, _)| (same_field(f, field)).then(|| from(f)).flatten())
                .filter(|r| release.is_some_and(|release| *r <= release))
                .max()
        };
        fields.iter().filter(|(f, _, _)| from(f) == latest(f)).cloned().collect()
    };
    let mut states = vec![as_of(None)];
    states.extend(changes.iter().map(|&r| as_of(Some(r))));
    States { changes, fields: states }
}

/// Whether two fields give the same field of a card: the same key, or two keys that say
/// one thing ([`field_group`](crate::check::cards::field_group)); a named ship ability is
/// its own field.
fn same_field(a: &Field, b: &Field) -> bool {
    match (&a.value, &b.value) {
        (FieldValue::Ability { name: x, .. }, FieldValue::Ability { name: y, .. }) => x.value == y.value,
        _ => crate::check::cards::field_group(&a.key.text) == crate::check::cards::field_group(&b.key.text),
    }
}

/// A card built at each of its states, with the fields each holds: what the abilities of
/// its text blocks are added to, before it becomes one card with its history.
pub struct Built<'a> {
    /// The releases that change it, in order.
    pub changes: Vec<u16>,
    /// Each state: the card, and the fields that hold in it.
    pub states: Vec<(Card, ReadCard<'a>)>,
}

impl Built<'_> {
    /// The card as of its last state, the others its history.
    pub fn card(self) -> Card {
        let Built { changes, mut states } = self;
        let (mut card, _) =
            states.pop().unwrap_or_else(|| (Card::empty("", "", cards_runtime::CardKind::Ship), Vec::new()));
        let history: Vec<Version> =
            changes.into_iter().zip(states).map(|(until, (card, _))| Version { until, card }).collect();
        card.history = history.into();
        card
    }
}

/// Builds a card at each of its states ([`states`]).
pub fn built<'a>(names: &Names<'_>, sources: &SourceMap, def: &CardDef<'_>, fields: ReadCard<'a>) -> Built<'a> {
    let States { changes, fields } = states(names, def.file, fields);
    let states = fields.into_iter().map(|fields| (card(names, sources, def, fields.clone()), fields)).collect();
    Built { changes, states }
}
