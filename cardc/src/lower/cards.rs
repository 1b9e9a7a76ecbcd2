//! Cards → the runtime's cards: each field the check accepted goes to its place in
//! [`Card`]; a field with an error is left out (the rest of the card is kept, for editors).

use cards_runtime::model::{Card, NamedAbility, Text};

use super::restriction::restriction;
use crate::ast::{FieldValue, TextBlock};
use crate::check::cards::{Read, ReadCard};
use crate::resolve::{CardDef, Names};
use crate::source::SourceMap;

/// Builds one card from what the check read of its fields. Its abilities come later, from
/// its text blocks.
pub fn card(names: &Names<'_>, sources: &SourceMap, def: &CardDef<'_>, fields: ReadCard<'_>) -> Card {
    let mut out = Card::empty(def.id.clone(), def.card.name.value.clone(), def.card.kind);
    let mut stats: Vec<(u16, i64)> = Vec::new();
    let mut abilities = Vec::new();
    let source = &sources.file(def.file).text;
    for (field, read) in fields {
        let key = field.key.text.as_str();
        match read {
            Read::Flag => match key {
                "unique" => out.unique = true,
                "drive" => out.drive = true,
                "standard-loadout-only" => out.standard_loadout_only = true,
                _ => out.ancient = true,
            },
            Read::Count(n) => match key {
                "cost" => out.cost = Some(i64::from(n)),
                "limited" => {
                    out.limited = Some(n);
                    out.unique |= n == 1;
                }
                _ => out.upgrade_activations = Some(n),
            },
            Read::CostBy(cost) => out.cost_by = Some(cost),
            Read::Stat(stat, n) => stats.push((stat, n)),
            Read::Vocab(i) => match key {
                "size" => out.size = Some(i),
                "ship-icon" => out.ship_icon = Some(i),
                "icon" => out.icons = vec![i].into(),
                "class" => out.class = Some(i),
                _ => out.tech = Some(i),
            },
            Read::Vocabs(list) => match key {
                "faction" => out.factions = list.into(),
                "traits" => out.traits = list.into(),
                "upgrades" => out.upgrades = list.into(),
                "arcs" => out.arcs = list.into(),
                "icons" => out.icons = list.into(),
                _ => out.formats = list.into(),
            },
            Read::Card(c) => match key {
                "chassis" => out.chassis = Some(c),
                _ => out.back_of = Some(c),
            },
            Read::Cards(list) => match key {
                "spaces" => out.spaces = list.into(),
                "fixed" => out.fixed = list.into_iter().flatten().collect(),
                "standard-loadout" => out.standard_loadout = list.into_iter().flatten().collect(),
                _ => out.blueprints = list.into_iter().flatten().collect(),
            },
            Read::Actions(bar) => out.actions = bar.into(),
            Read::Grants(grants) => out.grants = grants.into(),
            Read::Restriction => {
                if let FieldValue::Restriction { parsed: Some(r), .. } = &field.value {
                    out.requires = restriction(names, r);
                }
            }
            Read::Charges(c) => match key {
                "force" => out.force = Some(c),
                _ => out.charges = Some(c),
            },
            Read::Text => match &field.value {
                FieldValue::Text(block) => out.text = Some(text(source, block)),
                FieldValue::Ability { name, text: block } => {
                    abilities.push(NamedAbility { name: name.value.clone().into(), text: text(source, block) })
                }
                _ => {}
            },
            Read::Str(s) => out.xws = Some(s.into()),
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
