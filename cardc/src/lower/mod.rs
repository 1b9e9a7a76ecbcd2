//! Lowering: the checked syntax tree → the runtime model ([`cards_runtime::Set`]), the
//! same values the emitter writes as Rust and the engine runs.
//!
//! It runs after the checks, from what they read ([`crate::check::cards::Read`], the
//! parsed ability frames of [`crate::check::abilities::TextSite`]) and the set's
//! [`Names`], and reports nothing: every mistake is a check's diagnostic. Where a name does
//! not resolve (reported by the check), the lowering leaves that part out (a field, a
//! restriction, a rule) and builds the rest, so a set with errors still gives the partial
//! model an editor shows.
//!
//! 1. [`cards`]: each card's fields, [`restriction`] its `requires:`;
//! 2. [`abilities`]: each text block's frames, lowered by [`ability`] through an
//!    [`AbilityCache`], appended to its card;
//! 3. [`rules`]: each rule, with its `where` condition.

pub mod abilities;
pub mod ability;
mod cache;
pub mod cards;
pub mod restriction;
pub mod rules;

pub use cache::{AbilityCache, LoweredAbilities};

use cards_runtime::model::Vocabulary;
use cards_runtime::Set;

use crate::check::abilities::TextSite;
use crate::check::cards::ReadCard;
use crate::resolve::Names;
use crate::source::SourceMap;

/// What the lowering reads besides what the checks give: the set's names and files.
pub struct Sources<'s, 'a> {
    /// The set's names: each card's fields.
    pub names: &'s Names<'a>,
    /// The files.
    pub sources: &'s SourceMap,
    /// The set's folder: abilities name their file relative to it.
    pub dir: &'s std::path::Path,
}

/// What the checks give the lowering besides the names and sources.
pub struct FromChecks<'a> {
    /// The vocabulary, as the model holds it.
    pub vocab: Vocabulary,
    /// The icon that makes a ship the flagship.
    pub flagship_icon: Option<u16>,
    /// What each card's fields read, in the order of the set's cards.
    pub cards: Vec<ReadCard<'a>>,
}

/// Builds the set's model from what the checks read; `texts` are its ability text blocks,
/// lowered through `cache`.
pub fn set(from: &Sources<'_, '_>, checked: FromChecks<'_>, texts: &mut [TextSite], cache: &mut AbilityCache) -> Set {
    let FromChecks { vocab, flagship_icon, cards: read } = checked;
    // Each card at each of its states: the last is the card, the others its history.
    let mut states: Vec<cards::Built<'_>> = from
        .names
        .cards
        .iter()
        .zip(read)
        .map(|(def, fields)| cards::built(from.names, from.sources, def, fields))
        .collect();
    abilities::abilities(from, &vocab, texts, &mut states, cache);
    let cards: Vec<_> = states.into_iter().map(cards::Built::card).collect();
    let rules = rules::rules(from.names);
    let (game, name) =
        from.names.game_name().map(|(id, name)| (id.text.clone(), name.value.clone())).unwrap_or_default();
    let kinds = from.names.kinds.model().to_vec().into();
    let roster = from.names.kinds.roster().clone();
    let distance = from.names.kinds.distance().cloned();
    let verbs = from.names.kinds.verbs().to_vec().into();
    Set {
        game: game.into(),
        name: name.into(),
        vocab,
        kinds,
        roster,
        distance,
        verbs,
        flagship_icon,
        cards: cards.into(),
        rules: rules.into(),
        releases: releases(from.names).into(),
    }
}

/// The set's releases, in the order of their dates.
fn releases(names: &Names<'_>) -> Vec<cards_runtime::model::Release> {
    names
        .releases
        .iter()
        .map(|r| cards_runtime::model::Release {
            id: r.decl.id.text.clone().into(),
            name: r.decl.name.value.clone().into(),
            date: r.decl.date.text.clone().into(),
            kind: r.decl.kind.as_ref().and_then(|k| cards_runtime::model::ReleaseKind::from_id(&k.text)),
        })
        .collect()
}
