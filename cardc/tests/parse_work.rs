//! How much work reading ability text takes, counted rather than timed: pest gives up on a
//! parse after a set number of rule calls (`pest::set_call_limit`), and a sentence whose
//! parse gives up is kept whole and opaque. So a reading that keeps its structure under a
//! budget proportional to the sentence's length was read in linear work. The limit is one
//! setting for the whole process, hence a test binary of its own.

use std::num::NonZeroUsize;

use cardc::ast::Span;
use cardc::text::frames;

/// Rule calls a byte of sentence may take. The sentences below take between 50 and 100,
/// at 3,000 repeats as at 30,000; the grammar that rescanned the rest of the sentence from
/// each `[` ran out of 200 at 3,000.
const CALLS_PER_BYTE: usize = 100;

/// Reads `sentence` as a one-sentence text under a budget of [`CALLS_PER_BYTE`] rule calls
/// a byte, and asserts that the timing it starts with survived: `After you perform an
/// attack,` is a timing whatever the effect after it says (the rules on abilities: the
/// timing says when the ability's effect resolves), so losing it means the parse gave up.
fn assert_timing_read_in_linear_work(what: &str, sentence: &str) {
    pest::set_call_limit(NonZeroUsize::new(CALLS_PER_BYTE * sentence.len()));
    let frames = frames(sentence, &[Span::new(0, sentence.len())]);
    pest::set_call_limit(None);
    let frame = frames.first().unwrap_or_else(|| panic!("{what}: no frame"));
    let timings: Vec<(&str, &str)> = frame.timings.iter().map(|t| (t.when.as_str(), t.what.text.as_str())).collect();
    assert!(
        matches!(timings.as_slice(), [("after", event)] if event.starts_with("you perform an attack")),
        "{what}: the timing is lost ({timings:?}), so the parse ran out of its budget of {CALLS_PER_BYTE} calls a byte"
    );
}

/// Found by the `check` fuzz target: a 91 KB card file whose text held runs of `[` that no
/// `]` closed took 3 s to check, and a text of 13,000 `[a ` took 102 s. A bracket could
/// hold brackets to any depth, so each `[` it was tried at went on through every later `[`
/// looking for the `]`: quadratic in the number of `[`.
#[test]
fn unclosed_brackets_are_read_in_linear_work() {
    let effect = |body: String| format!("After you perform an attack, gain {body} token.");
    assert_timing_read_in_linear_work("`[a ` × 3,000", &effect("[a ".repeat(3_000)));
    assert_timing_read_in_linear_work("`[a ` × 30,000", &effect("[a ".repeat(30_000)));
    assert_timing_read_in_linear_work("`[1 ` × 3,000", &effect(format!("{}x", "[1 ".repeat(3_000))));
    assert_timing_read_in_linear_work("`[[` × 3,000", &effect(format!("{}]", "[[".repeat(3_000))));
    assert_timing_read_in_linear_work("`[` and words", &effect(format!("[{}", " focus".repeat(3_000))));
}
