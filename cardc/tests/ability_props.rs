//! Property test for ability text: sentences built from the words card text uses (and
//! stray punctuation) never make the grammar or the lowering panic, every sentence lands
//! in a frame, and every span a frame reports lies inside the text.

mod common;

use cardc::ast::Span;
use cardc::lower::ability as lower;
use cardc::text::frames;
use cards_runtime::model::{Entry, Vocabulary};
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
        }
    }
}
