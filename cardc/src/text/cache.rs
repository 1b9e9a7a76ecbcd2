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
/// another entry rule (a timing's event), which repeat across sentences. The abilities
/// lowered from them are cached where the lowering is
/// ([`AbilityCache`](crate::lower::AbilityCache)).
#[derive(Default)]
pub struct SentenceCache {
    /// Read before, shared read-only with other caches ([`Self::over`]): looked in after
    /// `parsed`, never written.
    base: Option<Arc<HashMap<String, Sentence>>>,
    parsed: HashMap<String, Sentence>,
    reread: RefCell<super::Reread>,
}

/// The sentences a cache had read, shared read-only by the caches made over them
/// ([`SentenceCache::over`]): a harness that serves many sessions over the same texts
/// reads them once, and every session starts from the same state.
#[derive(Clone)]
pub struct ReadSentences(Arc<HashMap<String, Sentence>>);

impl SentenceCache {
    /// What this cache has read, to share with caches made [`Self::over`] it.
    pub fn freeze(self) -> ReadSentences {
        let SentenceCache { base, mut parsed, reread: _ } = self;
        // What this cache read over another's holds that one's too.
        if let Some(base) = base {
            parsed.extend(base.iter().map(|(k, v)| (k.clone(), v.clone())));
        }
        ReadSentences(Arc::new(parsed))
    }

    /// An empty cache that finds what `read` holds without reading it again.
    pub fn over(read: &ReadSentences) -> SentenceCache {
        SentenceCache { base: Some(read.0.clone()), ..SentenceCache::default() }
    }

    /// How many sentences it holds (not counting those it was made [`Self::over`]).
    pub fn len(&self) -> usize {
        self.parsed.len()
    }

    /// Whether it holds none.
    pub fn is_empty(&self) -> bool {
        self.parsed.is_empty()
    }

    /// The sentence `text`, which starts at byte `base` of its file.
    pub(super) fn parse(&mut self, text: &str, base: usize) -> Sentence {
        let mut s = match self.parsed.get(text).or_else(|| self.base.as_deref()?.get(text)) {
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
