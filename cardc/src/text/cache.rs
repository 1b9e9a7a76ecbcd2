//! A cache of parsed sentences: card sets repeat sentences (`Setup: Lose 1 [Charge].`,
//! a chassis' ship ability on every pilot), and a sentence parses the same wherever it
//! is. Parsed once at offset 0, a sentence is reused anywhere by shifting its spans.
//!
//! Every struct is destructured without `..`, so a field added later is a compile error
//! here until it is shifted too.

use std::cell::RefCell;
use std::collections::HashMap;
use std::sync::Arc;

use super::{Clause, Effect, Piece, Replacement, Sentence, Step, Timing};
use crate::ast::Shift;

impl Shift for Piece {
    fn shift(&mut self, by: u32) {
        self.span.shift(by);
    }
}

impl Shift for Effect {
    fn shift(&mut self, by: u32) {
        let Effect {
            kind: _,
            piece,
            amount,
            noun,
            to,
            color,
            action,
            facing,
            fully: _,
            target,
            from,
            passive: _,
            negated: _,
            only: _,
        } = self;
        piece.shift(by);
        for p in [amount, noun, to, color, action, facing, target, from] {
            p.shift(by);
        }
    }
}

impl Shift for Clause {
    fn shift(&mut self, by: u32) {
        let Clause {
            piece,
            subject,
            qualifier,
            costs,
            effect,
            duration,
            modifiers,
            instead: _,
            alternative: _,
            then: _,
            each: _,
        } = self;
        piece.shift(by);
        subject.shift(by);
        qualifier.shift(by);
        costs.shift(by);
        effect.shift(by);
        duration.shift(by);
        modifiers.shift(by);
    }
}

impl Shift for super::Cond {
    fn shift(&mut self, by: u32) {
        let super::Cond { kind: _, piece } = self;
        piece.shift(by);
    }
}

impl Shift for Timing {
    fn shift(&mut self, by: u32) {
        let Timing { when: _, what, piece, event, events } = self;
        what.shift(by);
        piece.shift(by);
        event.shift(by);
        events.shift(by);
    }
}

impl Shift for Step {
    fn shift(&mut self, by: u32) {
        let Step { piece, conditions, for_each, timings, duration, clauses } = self;
        piece.shift(by);
        conditions.shift(by);
        for_each.shift(by);
        timings.shift(by);
        duration.shift(by);
        clauses.shift(by);
    }
}

impl Shift for Replacement {
    fn shift(&mut self, by: u32) {
        let Replacement { kind, subject, event, effect, or_effects, how } = self;
        kind.shift(by);
        how.shift(by);
        for e in or_effects {
            e.shift(by);
        }
        subject.shift(by);
        event.shift(by);
        effect.shift(by);
    }
}

impl Shift for Sentence {
    fn shift(&mut self, by: u32) {
        let Sentence { header, frequency, timings, replacement, step, more } = self;
        header.shift(by);
        frequency.shift(by);
        timings.shift(by);
        replacement.shift(by);
        step.shift(by);
        more.shift(by);
    }
}

/// Parsed sentences by their text, at offset 0, and the parts of them read again from
/// another entry rule (a timing's event), which repeat across sentences.
#[derive(Default)]
pub struct SentenceCache {
    /// Read before, shared read-only with other caches ([`Self::over`]): looked in after
    /// `parsed` and `lowered`, never written.
    base: Option<Arc<Frozen>>,
    parsed: HashMap<String, Sentence>,
    reread: RefCell<super::Reread>,
    /// Abilities lowered against the vocabulary whose hash is `lowered_for`, by their
    /// frame's text and chassis ability name.
    lowered: HashMap<(String, Option<String>), cards_runtime::ability::Ability>,
    lowered_for: u64,
}

/// What a [`SentenceCache`] had read when it was frozen ([`SentenceCache::freeze`]).
struct Frozen {
    parsed: HashMap<String, Sentence>,
    lowered: HashMap<(String, Option<String>), cards_runtime::ability::Ability>,
    lowered_for: u64,
}

/// The sentences and abilities a cache had read, shared read-only by the caches made over
/// them ([`SentenceCache::over`]): a harness that serves many sessions over the same texts
/// reads them once, and every session starts from the same state.
#[derive(Clone)]
pub struct ReadSentences(Arc<Frozen>);

impl SentenceCache {
    /// What this cache has read, to share with caches made [`Self::over`] it.
    pub fn freeze(self) -> ReadSentences {
        let SentenceCache { base, mut parsed, reread: _, mut lowered, lowered_for } = self;
        // What this cache read over another's holds that one's too.
        if let Some(base) = base {
            parsed.extend(base.parsed.iter().map(|(k, v)| (k.clone(), v.clone())));
            if base.lowered_for == lowered_for {
                lowered.extend(base.lowered.iter().map(|(k, v)| (k.clone(), v.clone())));
            }
        }
        ReadSentences(Arc::new(Frozen { parsed, lowered, lowered_for }))
    }

    /// An empty cache that finds what `read` holds without reading it again.
    pub fn over(read: &ReadSentences) -> SentenceCache {
        SentenceCache { base: Some(read.0.clone()), lowered_for: read.0.lowered_for, ..SentenceCache::default() }
    }

    /// How many sentences and lowered abilities it holds (not counting those it was made
    /// [`Self::over`]).
    pub fn len(&self) -> usize {
        self.parsed.len() + self.lowered.len()
    }

    /// Whether it holds none.
    pub fn is_empty(&self) -> bool {
        self.parsed.is_empty() && self.lowered.is_empty()
    }

    /// Readies the cache for abilities lowered against `vocab`: the ones lowered against
    /// another vocabulary are forgotten. Call it once per check, before [`Self::lowered`].
    pub fn lower_against(&mut self, vocab: &cards_runtime::model::Vocabulary) {
        use std::hash::{Hash, Hasher};
        let mut hasher = std::collections::hash_map::DefaultHasher::new();
        vocab.hash(&mut hasher);
        let vocab = hasher.finish();
        if vocab != self.lowered_for {
            self.lowered.clear();
            self.lowered_for = vocab;
        }
    }

    /// The ability lowered from `frame`, from the cache when the same words (with the same
    /// chassis ability name) were lowered before against the vocabulary given to
    /// [`Self::lower_against`].
    pub fn lowered(
        &mut self,
        frame: &super::Frame,
        cx: &crate::lower::ability::Context<'_>,
    ) -> cards_runtime::ability::Ability {
        let words = cx.source.get(frame.span.range()).unwrap_or_default();
        let key = (words.to_string(), cx.name.map(str::to_string));
        let base = self.base.as_deref().filter(|b| b.lowered_for == self.lowered_for);
        match self.lowered.get(&key).or_else(|| base?.lowered.get(&key)) {
            Some(a) => {
                let mut a = a.clone();
                a.file = cx.file.to_string().into();
                a.span = cards_runtime::ability::SourceSpan { start: frame.span.start, end: frame.span.end };
                a
            }
            None => {
                let a = crate::lower::ability::ability(frame, cx);
                self.lowered.insert(key, a.clone());
                a
            }
        }
    }

    /// The sentence `text`, which starts at byte `base` of its file.
    pub(super) fn parse(&mut self, text: &str, base: usize) -> Sentence {
        let mut s = match self.parsed.get(text).or_else(|| self.base.as_deref()?.parsed.get(text)) {
            Some(s) => s.clone(),
            None => {
                let s = super::parse_sentence(text, &self.reread);
                self.parsed.insert(text.to_string(), s.clone());
                s
            }
        };
        s.shift(base as u32);
        s
    }
}
