//! Ability text blocks → each card's abilities: every frame the check read becomes one
//! [`Ability`](cards_runtime::ability::Ability), appended in order to each state of its card
//! that holds the block (a card with values from releases has several: see
//! [`super::cards::states`]). A block's abilities start at its [`TextSite::first`] in the
//! state its [`TextSite::version`] names.

use cards_runtime::model::Vocabulary;

use super::ability::Context;
use super::cards::Built;
use super::AbilityCache;
use super::Sources;
use crate::ast::FieldValue;
use crate::check::abilities::TextSite;

/// Lowers the frames of every block and appends them to their cards' abilities, through
/// `cache` (abilities lowered before from the same words against the same vocabulary are
/// reused).
pub fn abilities(
    from: &Sources<'_, '_>,
    vocab: &Vocabulary,
    sites: &mut [TextSite],
    cards: &mut [Built<'_>],
    cache: &mut AbilityCache,
) {
    cache.lower_against(vocab);
    // Each file's path relative to the set, worked out once for its run of blocks.
    let mut path: Option<(crate::ast::FileId, String)> = None;
    for site in sites.iter_mut() {
        let (Some(def), Some(card)) = (from.names.cards.get(site.card), cards.get_mut(site.card)) else { continue };
        let file = from.sources.file(site.file);
        if path.as_ref().is_none_or(|(f, _)| *f != site.file) {
            let relative = file.path.strip_prefix(from.dir).unwrap_or(&file.path);
            path = Some((site.file, relative.to_string_lossy().replace('\\', "/")));
        }
        let path = path.as_ref().map_or("", |(_, p)| p.as_str());
        let name = match def.card.fields.get(site.field).map(|f| &f.value) {
            Some(FieldValue::Ability { name, .. }) => Some(name.value.as_str()),
            _ => None,
        };
        let cx = Context { vocab, file: path, source: &file.text, name };
        let lowered: Vec<_> = site.frames.iter().map(|f| cache.lowered(f, &cx)).collect();
        let block = def.card.fields.get(site.field);
        // The site is read in the last state that holds it: the card itself when it does.
        let last = card.states.len().saturating_sub(1);
        let mut named = None;
        for (at, (state, fields)) in card.states.iter_mut().enumerate() {
            if !fields.iter().any(|(f, _, _)| block.is_some_and(|b| std::ptr::eq(*f, b))) {
                continue;
            }
            named = Some((at, state.abilities.len()));
            state.abilities.to_mut().extend(lowered.iter().cloned());
        }
        match named {
            Some((at, first)) => {
                site.version = (at != last).then_some(at);
                site.first = first;
            }
            // A block no state holds (its field was rejected): read in none.
            None => site.version = Some(usize::MAX),
        }
    }
}
