//! How much work reading ability text takes, counted rather than timed: pest gives up on a
//! parse after a set number of rule calls (`pest::set_call_limit`), and a sentence whose
//! parse gives up is kept whole and opaque. So a sentence read the same under a budget
//! proportional to its length as with no budget was read within that budget. A sentence
//! longer than `MAX_SENTENCE_BYTES` is not parsed at all, so a text of any length is read
//! in work linear in its length. The limit is one setting for the whole process, hence a
//! test binary of its own, whose tests take turns.

use crate::common;

use std::num::NonZeroUsize;
use std::sync::{Mutex, PoisonError};

use cardc::ast::Span;
use cardc::text::{frames, EffectKind, Frame, MAX_SENTENCE_BYTES};
use common::ability_words::WORDS;
use proptest::prelude::*;

/// Rule calls a byte that printed text stays within (it takes 25 to 100).
const CALLS_PER_BYTE: usize = 100;

/// Rule calls a byte any sentence up to the longest read stays within: the worst shapes
/// found (`If and If`, `] , facedown`, `another , 2` over and over) take 800 at the bound.
const WORST_CALLS_PER_BYTE: usize = 1_000;

/// Held while a test reads: the limit is the process's.
static BUDGET: Mutex<()> = Mutex::new(());

/// The frames of `sentence`, read as one sentence under a budget of `calls_per_byte` rule
/// calls a byte (per parse: a sentence may be parsed more than once, each parse its own),
/// or with none.
fn read(sentence: &str, calls_per_byte: Option<usize>) -> Vec<Frame> {
    let _turn = BUDGET.lock().unwrap_or_else(PoisonError::into_inner);
    pest::set_call_limit(calls_per_byte.and_then(|c| NonZeroUsize::new(c * sentence.len().max(1))));
    let read = frames(sentence, &[Span::new(0, sentence.len())]);
    pest::set_call_limit(None);
    read
}

/// `After you perform an attack, gain {body} token.`: a timing whatever the body says
/// (the rules on abilities: the timing says when the effect resolves).
fn after_an_attack(body: &str) -> String {
    format!("After you perform an attack, gain {body} token.")
}

/// Whether the frames open with the timing of [`after_an_attack`].
fn has_the_timing(frames: &[Frame]) -> bool {
    let timings: Vec<(&str, &str)> = frames
        .first()
        .map(|f| f.timings.iter().map(|t| (t.when.as_str(), t.what.text.as_str())).collect())
        .unwrap_or_default();
    matches!(timings.as_slice(), [("after", event)] if event.starts_with("you perform an attack"))
}

/// Found by the `check` fuzz target: a 91 KB card file whose text held runs of `[` that no
/// `]` closed took 3 s to check, and a text of 13,000 `[a ` took 102 s. A bracket could
/// hold brackets to any depth, so each `[` it was tried at went on through every later `[`
/// looking for the `]`: quadratic in the number of `[`. Then the first of these sentences,
/// just under the longest read, ran out of the budget.
#[test]
fn unclosed_brackets_are_read_within_the_budget() {
    for (what, body) in [
        ("`[a ` × 115", "[a ".repeat(115)),
        ("`[1 ` × 115", format!("{}x", "[1 ".repeat(115))),
        ("`[[` × 170", format!("{}]", "[[".repeat(170))),
        ("`[` and words", format!("[{}", " focus".repeat(57))),
    ] {
        let sentence = after_an_attack(&body);
        assert!(sentence.len() <= MAX_SENTENCE_BYTES, "{what}: {} bytes", sentence.len());
        assert!(
            has_the_timing(&read(&sentence, Some(CALLS_PER_BYTE))),
            "{what}: the timing is lost, so the parse ran out of its budget of {CALLS_PER_BYTE} calls a byte"
        );
    }
}

/// A sentence longer than the bound is one opaque clause, whatever it holds, and costs
/// nothing to read; one at the bound is read.
#[test]
fn a_sentence_past_the_longest_read_is_one_opaque_clause() {
    let at_bound = after_an_attack(&"x".repeat(MAX_SENTENCE_BYTES - after_an_attack("").len()));
    assert_eq!(at_bound.len(), MAX_SENTENCE_BYTES);
    assert!(has_the_timing(&read(&at_bound, None)), "a sentence of {MAX_SENTENCE_BYTES} bytes is read");
    for sentence in [after_an_attack(&"x".repeat(MAX_SENTENCE_BYTES)), "If and If ".repeat(10_000)] {
        let frames = read(&sentence, Some(1));
        let clauses: Vec<_> = frames.iter().flat_map(|f| f.steps.iter()).flat_map(|s| &s.clauses).collect();
        assert!(frames.iter().all(|f| f.timings.is_empty() && f.header.is_none()), "{} bytes", sentence.len());
        assert!(
            matches!(clauses.as_slice(), [c] if c.effect.kind == EffectKind::Opaque && c.piece.text == sentence),
            "{} bytes: {} clauses",
            sentence.len(),
            clauses.len()
        );
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    /// Any phrase of card words, repeated up to the longest sentence read (the shape that
    /// makes a backtracking parser rescan), is read the same under the worst budget as with
    /// none: the budget was never reached.
    #[test]
    fn a_repeated_phrase_is_read_within_the_budget(
        head in prop::collection::vec(prop::sample::select(WORDS), 0..6),
        phrase in prop::collection::vec(prop::sample::select(WORDS), 1..6),
    ) {
        let unit = phrase.join(" ");
        let mut sentence = head.join(" ");
        while sentence.len() + 1 + unit.len() <= MAX_SENTENCE_BYTES {
            sentence.push(' ');
            sentence.push_str(&unit);
        }
        let (bounded, free) = (read(&sentence, Some(WORST_CALLS_PER_BYTE)), read(&sentence, None));
        prop_assert!(bounded == free, "{:?} repeated to {} bytes ran out of the budget", unit, sentence.len());
    }
}
