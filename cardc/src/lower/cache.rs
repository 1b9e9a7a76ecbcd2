//! A cache of lowered abilities: card sets repeat sentences (`Setup: Lose 1 [Charge].`, a
//! chassis' ship ability on every pilot), and the same words lower to the same ability
//! against the same vocabulary, wherever they are. The parsed sentences they come from are
//! cached by [`text::SentenceCache`](crate::text::SentenceCache).

use std::collections::HashMap;
use std::sync::Arc;

use cards_runtime::ability::{Ability, SourceSpan};
use cards_runtime::model::Vocabulary;

use super::ability::Context;
use crate::text::Frame;

/// Abilities lowered against the vocabulary whose hash is `lowered_for`, by their frame's
/// text and chassis ability name.
#[derive(Default)]
pub struct AbilityCache {
    /// Lowered before, shared read-only with other caches ([`Self::over`]): looked in
    /// after `lowered` when it was lowered against the same vocabulary, never written.
    base: Option<Arc<Frozen>>,
    lowered: HashMap<(String, Option<String>), Ability>,
    lowered_for: u64,
}

/// What an [`AbilityCache`] had lowered when it was frozen ([`AbilityCache::freeze`]).
struct Frozen {
    lowered: HashMap<(String, Option<String>), Ability>,
    lowered_for: u64,
}

/// The abilities a cache had lowered, shared read-only by the caches made over them
/// ([`AbilityCache::over`]).
#[derive(Clone)]
pub struct LoweredAbilities(Arc<Frozen>);

impl AbilityCache {
    /// What this cache has lowered, to share with caches made [`Self::over`] it.
    pub fn freeze(self) -> LoweredAbilities {
        let AbilityCache { base, mut lowered, lowered_for } = self;
        // What this cache lowered over another's holds that one's too, when both were
        // lowered against the same vocabulary.
        if let Some(base) = base.filter(|b| b.lowered_for == lowered_for) {
            lowered.extend(base.lowered.iter().map(|(k, v)| (k.clone(), v.clone())));
        }
        LoweredAbilities(Arc::new(Frozen { lowered, lowered_for }))
    }

    /// An empty cache that finds what `read` holds without lowering it again.
    pub fn over(read: &LoweredAbilities) -> AbilityCache {
        AbilityCache { base: Some(read.0.clone()), lowered_for: read.0.lowered_for, ..AbilityCache::default() }
    }

    /// How many abilities it holds (not counting those it was made [`Self::over`]).
    pub fn len(&self) -> usize {
        self.lowered.len()
    }

    /// Whether it holds none.
    pub fn is_empty(&self) -> bool {
        self.lowered.is_empty()
    }

    /// Readies the cache for abilities lowered against `vocab` and the thread's game words
    /// ([`GameWords`](crate::text::GameWords)): the ones lowered against another
    /// vocabulary or other words are forgotten. Call it once per set, before
    /// [`Self::lowered`].
    pub fn lower_against(&mut self, vocab: &Vocabulary) {
        use std::hash::{Hash, Hasher};
        let mut hasher = std::collections::hash_map::DefaultHasher::new();
        vocab.hash(&mut hasher);
        crate::text::GameWords::with(crate::text::GameWords::fingerprint).hash(&mut hasher);
        let vocab = hasher.finish();
        if vocab != self.lowered_for {
            self.lowered.clear();
            self.lowered_for = vocab;
        }
    }

    /// The ability lowered from `frame`, from the cache when the same words (with the same
    /// chassis ability name) were lowered before against the vocabulary given to
    /// [`Self::lower_against`].
    pub fn lowered(&mut self, frame: &Frame, cx: &Context<'_>) -> Ability {
        let words = cx.source.get(frame.span.range()).unwrap_or_default();
        let key = (words.to_string(), cx.name.map(str::to_string));
        let base = self.base.as_deref().filter(|b| b.lowered_for == self.lowered_for);
        match self.lowered.get(&key).or_else(|| base?.lowered.get(&key)) {
            Some(a) => {
                let mut a = a.clone();
                a.file = cx.file.to_string().into();
                a.span = SourceSpan { start: frame.span.start, end: frame.span.end };
                a
            }
            None => {
                let a = super::ability::ability(frame, cx);
                self.lowered.insert(key, a.clone());
                a
            }
        }
    }
}
