//! Ability text blocks → each card's abilities: every frame the check read becomes one
//! [`Ability`](cards_runtime::ability::Ability), appended to its card in order (so a block's
//! abilities start at its [`TextSite::first`]).

use cards_runtime::model::{Card, Vocabulary};

use super::ability::Context;
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
    sites: &[TextSite],
    cards: &mut [Card],
    cache: &mut AbilityCache,
) {
    cache.lower_against(vocab);
    // Each file's path relative to the set, worked out once for its run of blocks.
    let mut path: Option<(crate::ast::FileId, String)> = None;
    for site in sites {
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
        card.abilities.to_mut().extend(site.frames.iter().map(|f| cache.lowered(f, &cx)));
    }
}
