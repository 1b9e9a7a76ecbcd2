//! A cache of parsed sentences: card sets repeat sentences (`Setup: Lose 1 [Charge].`,
//! a chassis' ship ability on every pilot), and a sentence parses the same wherever it
//! is. Parsed once at offset 0, a sentence is reused anywhere by shifting its spans.
//!
//! Moving a sentence is `Shift`, derived for every type a parsed
//! sentence holds (`cardc-derive`).

use std::cell::RefCell;
use std::collections::HashMap;
use std::sync::Arc;

use super::Sentence;
use crate::ast::Shift;

/// Parsed sentences by the game's words they were read with
/// ([`GameWords::fingerprint`](super::GameWords::fingerprint)) and their text, at offset 0,
/// and the parts of them read again from
/// another entry rule (a timing's event), which repeat across sentences. The abilities
/// lowered from them are cached where the lowering is
/// ([`AbilityCache`](crate::lower::AbilityCache)).
#[derive(Default)]
pub struct SentenceCache {
    /// Read before, shared read-only with other caches ([`Self::over`]): looked in after
    /// `parsed`, never written.
    base: Option<Arc<Parsed>>,
    parsed: Parsed,
    reread: RefCell<super::Reread>,
}

/// Sentences by the fingerprint of the words they were read with, then by their text.
type Parsed = HashMap<u64, HashMap<String, Sentence>>;

/// The sentences a cache had read, shared read-only by the caches made over them
/// ([`SentenceCache::over`]): a harness that serves many sessions over the same texts
/// reads them once, and every session starts from the same state.
#[derive(Clone)]
pub struct ReadSentences(Arc<Parsed>);

impl SentenceCache {
    /// What this cache has read, to share with caches made [`Self::over`] it.
    pub fn freeze(self) -> ReadSentences {
        let SentenceCache { base, mut parsed, reread: _ } = self;
        // What this cache read over another's holds that one's too.
        if let Some(base) = base {
            for (words, sentences) in base.iter() {
                let mine = parsed.entry(*words).or_default();
                mine.extend(sentences.iter().map(|(k, v)| (k.clone(), v.clone())));
            }
        }
        ReadSentences(Arc::new(parsed))
    }

    /// An empty cache that finds what `read` holds without reading it again.
    pub fn over(read: &ReadSentences) -> SentenceCache {
        SentenceCache { base: Some(read.0.clone()), ..SentenceCache::default() }
    }

    /// How many sentences it holds (not counting those it was made [`Self::over`]).
    pub fn len(&self) -> usize {
        self.parsed.values().map(HashMap::len).sum()
    }

    /// Whether it holds none.
    pub fn is_empty(&self) -> bool {
        self.parsed.values().all(HashMap::is_empty)
    }

    /// The sentence `text`, which starts at byte `base` of its file, read with the
    /// thread's game words.
    pub(super) fn parse(&mut self, text: &str, base: usize) -> Sentence {
        let words = super::GameWords::with(super::GameWords::fingerprint);
        let found = self.parsed.get(&words).and_then(|p| p.get(text));
        let mut s = match found.or_else(|| self.base.as_deref()?.get(&words)?.get(text)) {
            Some(s) => s.clone(),
            None => {
                let s = super::parse_sentence(text, &self.reread);
                self.parsed.entry(words).or_default().insert(text.to_string(), s.clone());
                s
            }
        };
        s.shift(base as u32);
        s
    }
}
