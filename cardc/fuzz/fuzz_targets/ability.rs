//! Ability sentences: arbitrary text read as a `text { … }` block (split into sentences,
//! then into frames, as `cardc check` does). Nothing may panic; every sentence lands in a
//! frame (the frames cover the sentences, in order) and there in the reading (a step, a
//! reminder, the header or a timing overlaps it); every part of the reading that has a
//! place lies inside its frame on character boundaries, and every effect, structured or
//! opaque, inside its step, but for a cost alternatives share: printed once, it is the same
//! piece in a later step as in the earlier one.

#![no_main]

use cardc::ast::Span;
use cardc::text::{Frame, Piece};
use libfuzzer_sys::fuzz_target;

/// Checks that `piece`, when it has a place, is inside `frame` and is the text there.
fn check_piece(text: &str, frame: &Frame, piece: &Piece, what: &str) {
    if piece.span.start == 0 && piece.span.end == 0 {
        return; // words with no place in the file
    }
    let (start, end) = (piece.span.start as usize, piece.span.end as usize);
    assert!(
        frame.span.start as usize <= start && start <= end && end <= frame.span.end as usize,
        "{what} {start}..{end} outside its frame {:?}",
        frame.span
    );
    assert!(text.is_char_boundary(start) && text.is_char_boundary(end), "{what} {start}..{end} splits a character");
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let sentences: Vec<Span> =
        cardc::syntax::sentences::split(text).into_iter().map(|(s, e)| Span::new(s, e)).collect();
    let frames = cardc::text::frames(text, &sentences);
    let mut next = 0;
    for s in &sentences {
        while next < frames.len() && frames[next].span.end < s.end {
            next += 1;
        }
        let frame = frames.get(next).unwrap_or_else(|| panic!("sentence {s:?} is in no frame"));
        assert!(frame.span.start <= s.start, "sentence {s:?} is in no frame ({:?})", frame.span);
    }
    for frame in &frames {
        for p in [&frame.header, &frame.requirement, &frame.frequency].into_iter().flatten() {
            check_piece(text, frame, p, "header part");
        }
        for t in &frame.timings {
            check_piece(text, frame, &t.what, "timing");
        }
        for (k, step) in frame.steps.iter().enumerate() {
            check_piece(text, frame, &step.piece, "step");
            for c in &step.clauses {
                for e in c.effects() {
                    check_piece(text, frame, &e.piece, "effect");
                    let inside = e.piece.span.end == 0
                        || (step.piece.span.start <= e.piece.span.start && e.piece.span.end <= step.piece.span.end);
                    // One cost paid for whichever alternative applies is printed once, in
                    // an earlier step: the same piece as a cost there.
                    let shared = c.costs.iter().any(|cost| std::ptr::eq(cost, e))
                        && frame.steps[..k]
                            .iter()
                            .flat_map(|s| &s.clauses)
                            .flat_map(|c| &c.costs)
                            .any(|cost| cost.piece == e.piece);
                    assert!(inside || shared, "effect {:?} outside its step {:?}", e.piece, step.piece.span);
                }
            }
        }
    }
    for s in &sentences {
        let overlaps = |p: &Piece| p.span.start < s.end && s.start < p.span.end;
        let read = frames.iter().any(|f| {
            f.steps.iter().any(|st| overlaps(&st.piece))
                || f.reminders.iter().any(overlaps)
                || f.header.as_ref().is_some_and(overlaps)
                || f.timings.iter().any(|t| overlaps(&t.piece))
        });
        assert!(read, "sentence {:?} is in no part of the reading", &text[s.range()]);
    }
});
