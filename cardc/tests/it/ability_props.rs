//! Property test for ability text: sentences built from the words card text uses (and
//! stray punctuation) never make the grammar or the lowering panic, every sentence lands
//! in a frame, and every span a frame reports lies inside the text; every reading says
//! itself back, and the round trip reads any text.

use crate::common;

use cardc::ast::Span;
use cardc::lower::ability as lower;
use cardc::text::frames;
use cards_runtime::ability_card::{self, RoundTrip};
use cards_runtime::model::{Entry, Set, Vocabulary};
use common::ability_words::WORDS;
use proptest::prelude::*;

fn vocab() -> Vocabulary {
    let e = |id: &'static str, name: &'static str| Entry { id: id.into(), name: name.into(), marked: false };
    Vocabulary {
        tokens: vec![e("focus", "focus"), e("evade", "evade")].into(),
        resources: vec![e("charge", "Charge")].into(),
        actions: vec![e("focus", "Focus"), e("lock", "Lock")].into(),
        results: vec![e("hit", "Hit"), e("critical-hit", "Critical Hit")].into(),
        phases: vec![e("engagement", "Engagement Phase")].into(),
        headers: vec![Entry { id: "action".into(), name: "Action".into(), marked: true }].into(),
        ..Vocabulary::default()
    }
}

/// Pieces of text the round trip's normalisation moves, joins or rewrites.
const PIECES: &[&str] = &[
    "For each ",
    "for each ",
    "[Focus] result",
    ", ",
    ". ",
    "gain 1 focus token",
    " or ",
    "speed ",
    "1-2 ",
    "1 ",
    "2 ",
    "3 ",
    "[Turn Left]",
    "[Turn Right]",
    " ([Straight])",
    "turn ",
    "maneuver",
    "the card",
    "that card",
    "each of your ",
    "is a limited ship",
    " and is ",
    "exactly ",
    "you a perform",
    "]",
    "[",
    "(",
    ")",
    " ",
];

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn ability_text_never_panics_and_every_sentence_is_framed(
        picks in prop::collection::vec(prop::sample::select(WORDS), 0..40),
    ) {
        let text = picks.join(" ");
        let spans: Vec<Span> =
            cardc::syntax::sentences::split(&text).into_iter().map(|(s, e)| Span::new(s, e)).collect();
        let fs = frames(&text, &spans);
        for span in &spans {
            prop_assert!(fs.iter().any(|f| f.span.start <= span.start && span.end <= f.span.end));
        }
        let vocab = vocab();
        let cx = lower::Context { vocab: &vocab, file: "cards.cards", source: &text, name: None };
        for f in &fs {
            prop_assert!(f.span.end as usize <= text.len());
            for c in f.clauses() {
                prop_assert!(c.piece.span.end as usize <= text.len());
                prop_assert!(text.is_char_boundary(c.piece.span.start as usize));
            }
            let a = lower::ability(f, &cx);
            prop_assert_eq!(a.span.start, f.span.start);
            // Said back: never a panic, a text that says itself back exactly, and where it
            // parts from the printed text, ranges inside both texts on char boundaries.
            let set = Set {
                game: "demo".into(),
                name: "Demo".into(),
                vocab: vocab.clone(),
                kinds: cards_runtime::model::kinds::PRELUDE.to_vec().into(),
                roster: cards_runtime::model::Noun::FLEET,
                distance: None,
                verbs: Vec::new().into(),
                flagship_icon: None,
                cards: Vec::new().into(),
                rules: Vec::new().into(),
                releases: Vec::new().into(),
            };
            let said = ability_card::ability(&set, &a);
            prop_assert_eq!(ability_card::round_trip(&said.text, &said.text), RoundTrip::Exact);
            let printed = &text[f.span.start as usize..f.span.end as usize];
            if let RoundTrip::Differs { printed: p, said: q } = ability_card::round_trip(printed, &said.text) {
                prop_assert!(printed.get(p.clone()).is_some(), "{p:?} in {printed:?}");
                prop_assert!(said.text.get(q.clone()).is_some(), "{q:?} in {:?}", said.text);
            }
        }
    }

    /// Texts built from the pieces the round trip moves and joins (`For each …,` said last;
    /// speeds in a row and bands of bearings; `the card`, `each of`): never a panic, a text
    /// is its own round trip, and where two part, the ranges lie inside both.
    #[test]
    fn the_round_trip_moves_and_joins_words_of_any_order(
        a in prop::collection::vec(prop::sample::select(PIECES), 0..24),
        b in prop::collection::vec(prop::sample::select(PIECES), 0..24),
    ) {
        let (a, b) = (a.concat(), b.concat());
        prop_assert_eq!(ability_card::round_trip(&a, &a), RoundTrip::Exact);
        if let RoundTrip::Differs { printed, said } = ability_card::round_trip(&a, &b) {
            prop_assert!(a.get(printed).is_some() && b.get(said).is_some());
        }
        let (x, y) = ability_card::differing(&a, &b);
        prop_assert!(x.iter().all(|r| a.get(r.clone()).is_some()) && y.iter().all(|r| b.get(r.clone()).is_some()));
    }

    /// The round trip's words of any text at all: spans on char boundaries, in order and
    /// inside the text; a text is its own round trip, and differs from nothing in nothing.
    #[test]
    fn the_round_trip_reads_any_text(text in "\\PC{0,80}", other in "[a-z ()\\[\\]’'.,“…”0-9-]{0,40}") {
        let mut end = 0;
        for w in ability_card::words(&text) {
            prop_assert!(w.span.start >= end && w.span.end <= text.len() && text.get(w.span.clone()).is_some());
            prop_assert!(!w.word.is_empty());
            end = w.span.end;
        }
        prop_assert_eq!(ability_card::round_trip(&text, &text), RoundTrip::Exact);
        let (a, b) = ability_card::differing(&text, &text);
        prop_assert!(a.is_empty() && b.is_empty());
        let (a, b) = ability_card::differing(&text, &other);
        prop_assert!(a.iter().all(|r| text.get(r.clone()).is_some()));
        prop_assert!(b.iter().all(|r| other.get(r.clone()).is_some()));
        if let RoundTrip::Differs { printed, said } = ability_card::round_trip(&text, &other) {
            prop_assert!(text.get(printed).is_some() && other.get(said).is_some());
        }
    }
}
