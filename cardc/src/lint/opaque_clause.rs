//! W0006: a part of ability text the reading cannot structure, kept as opaque words.

use std::collections::HashSet;

use cards_runtime::ability::{EffectKind, Test};

use crate::ast::Span;
use crate::declare_code;
use crate::diagnostics::Diagnostic;
use crate::lint::abilities::{clauses, frames};
use crate::lint::LintContext;
use crate::lower::ability as lower;
use crate::text::{self, CondKind, Piece};

declare_code! {
    /// ## What
    /// A part of ability text the reading cannot structure: an effect or cost, a trigger
    /// (`After you <event>`), the event a replacement replaces, or a condition. It is kept,
    /// with its span, as opaque words of its ability: the rules engine sees its text but
    /// cannot resolve it.
    ///
    /// ## Why
    /// Nothing printed is dropped, and nothing is silently ignored: every part either
    /// becomes structure (an effect such as gain, spend or change results; a trigger's
    /// event or phase; a condition such as `you are stressed` or `the defender is in your
    /// [Bullseye Arc]`) or is reported here. A set chooses how loud this lint is: `allow opaque-clause`,
    /// `warn opaque-clause` (the default) or `deny opaque-clause` in `game.cards`.
    /// `cardc check --coverage` counts them per set.
    ///
    /// ## Example
    /// `Sing a song about the Kessel Run.` — reword with the game's templates, or declare
    /// the level.
    pub static W0006: "W0006", "opaque-clause", Warning;
}

/// Reports, ability by ability, every opaque effect or cost, then every opaque trigger,
/// replaced event and condition, then every phrase the lowering keeps only as words.
pub fn check(cx: &LintContext<'_>, d: &mut Vec<Diagnostic>) {
    let vocab = &cx.model.vocab;
    for (site, frame, ability) in frames(cx.texts, &cx.model.cards) {
        // A part of the reading kept as text: a clause, a trigger, the replaced event, a
        // condition.
        let opaque = |what: &str, piece: &Piece| {
            Diagnostic::new(&W0006, format!("opaque {what} `{}`", lower::squash(&piece.text)))
                .label(site.file, piece.span, "kept as text: the rules engine cannot resolve it")
                .help("`allow opaque-clause` in game.cards if the set accepts opaque text")
        };
        for e in clauses(frame).flat_map(|(_, c)| c.effects()).filter(|e| e.kind == EffectKind::Opaque) {
            if e.piece.text.len() > text::MAX_SENTENCE_BYTES {
                d.push(
                    Diagnostic::new(
                        &W0006,
                        format!(
                            "opaque sentence of {} bytes, longer than the {} a sentence is read to",
                            e.piece.text.len(),
                            text::MAX_SENTENCE_BYTES
                        ),
                    )
                    .label(site.file, e.piece.span, "kept as text: the rules engine cannot resolve it")
                    .help("end its sentences with `.`, or `allow opaque-clause` in game.cards"),
                );
            } else {
                d.push(opaque("clause", &e.piece));
            }
        }
        // An ability's timings as its lowering reads them: a state (`While you are
        // stressed`) is a condition; a step's own timings are timings.
        for t in &frame.timings {
            match lower::lead(t, vocab) {
                lower::Lead::Timing(rt, _) if rt.structured() => {}
                lower::Lead::State(c) if c.test != Test::Opaque => {}
                lower::Lead::State(_) => d.push(opaque("condition", &t.what)),
                _ => d.push(opaque("trigger", &t.what)),
            }
        }
        for t in frame.steps.iter().flat_map(|s| &s.timings) {
            if !lower::timing(t, vocab).is_some_and(|t| t.structured()) {
                d.push(opaque("trigger", &t.what));
            }
        }
        if let Some(r) = frame.replacement.as_ref().filter(|r| r.effect.is_none()) {
            d.push(opaque("replaced event", &r.event));
        }
        for c in frame.steps.iter().flat_map(|s| &s.conditions) {
            let tests = lower::conditions(c, vocab);
            if c.kind != CondKind::Otherwise && tests.iter().any(|t| t.test == Test::Opaque) {
                d.push(opaque("condition", &c.piece));
            }
        }
        // A phrase the lowering keeps only as words: the model does not hold what it says.
        let kept: Vec<&str> = ability.kept().collect();
        let timings = frame.timings.iter().chain(frame.steps.iter().flat_map(|s| &s.timings));
        let events = timings.flat_map(|t| t.event.iter().chain(&t.events));
        let written = events.chain(frame.steps.iter().flat_map(|s| &s.clauses)).flat_map(|c| &c.modifiers);
        let mut reported = HashSet::new();
        // Words of an object, target or subject the model does not hold (`reroll a number of
        // attack dice up to the number of friendly ships at range 0-3 …`), said back `“…”`:
        // at their place in the frame's text.
        let printed = cx.sources.file(site.file).text.get(frame.span.range()).unwrap_or_default();
        for words in ability.unheld() {
            let span = match printed.find(words) {
                Some(at) => Span::new(frame.span.start as usize + at, frame.span.start as usize + at + words.len()),
                None => frame.span,
            };
            // Words not found as printed (a phrase over a line break) are labelled at the
            // frame, each once.
            if reported.insert(span) || span == frame.span {
                d.push(
                    Diagnostic::new(&W0006, format!("opaque phrase `{}`", lower::squash(words)))
                        .label(site.file, span, "kept as words: the model does not hold what it counts")
                        .help("`allow opaque-clause` in game.cards if the set accepts opaque text"),
                );
            }
        }
        for m in written.filter(|_| !kept.is_empty()) {
            let words = lower::squash(m.text.trim_start_matches([',', ' ']));
            if kept.contains(&words.as_str()) && reported.insert(m.span) {
                d.push(
                    Diagnostic::new(&W0006, format!("opaque phrase `{words}`"))
                        .label(site.file, m.span, "kept as words: the model does not hold what it says")
                        .help("`allow opaque-clause` in game.cards if the set accepts opaque text"),
                );
            }
        }
    }
}
