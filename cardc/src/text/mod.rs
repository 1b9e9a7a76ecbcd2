//! Ability text → ability frames.
//!
//! A card's `text { … }` (or a chassis' `ability "…" { … }`) is already split into
//! sentences. Each sentence is parsed with the pest grammar in `ability.pest`; a new
//! ability starts at a header (`Action:`), a frequency (`Once per round,`), a timing clause
//! (`At the start of …`, `After …`) or a replacement (`If … would …, … instead.`), and any
//! other sentence (`If you do, …`, `Then, …`, `Change 2 …`) is a further step of the
//! ability before it. The grammar is total: a clause it cannot structure becomes an
//! opaque effect with its span, so no text is ever dropped.

use pest::iterators::Pair;
use pest::Parser;

use crate::ast::Span;

pub mod lower;

mod grammar {
    #![allow(missing_docs)]
    #[derive(pest_derive::Parser)]
    #[grammar = "text/ability.pest"]
    pub struct AbilityParser;
}

use grammar::{AbilityParser, Rule};

pub use cards_runtime::ability::EffectKind;

/// A piece of text with its span in the file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Piece {
    /// The text as written.
    pub text: String,
    /// Where.
    pub span: Span,
}

/// One effect (or cost).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Effect {
    /// What it does.
    pub kind: EffectKind,
    /// The whole effect.
    pub piece: Piece,
    /// `1`, `an`, `up to 2`.
    pub amount: Option<Piece>,
    /// What it acts on (`evade token`, `[Charge]`, `[Hit] result`).
    pub noun: Option<Piece>,
    /// For `change`: what the results become.
    pub to: Option<Piece>,
    /// For `perform`: `white`, `red`.
    pub color: Option<Piece>,
    /// For `perform`: the `[Action]` named.
    pub action: Option<Piece>,
    /// For `be dealt`: `faceup` or `facedown`.
    pub facing: Option<Piece>,
}

impl Effect {
    /// An effect nothing structures: the text alone.
    pub fn opaque(piece: Piece) -> Effect {
        Effect {
            kind: EffectKind::Opaque,
            piece,
            amount: None,
            noun: None,
            to: None,
            color: None,
            action: None,
            facing: None,
        }
    }
}

/// One clause: `you may spend 1 [Force] to perform an action`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Clause {
    /// The whole clause.
    pub piece: Piece,
    /// Who does it (`you`, `a friendly ship at range 0-3`); none means the card's ship.
    pub subject: Option<Piece>,
    /// `may`, `must`, `can`, `cannot`.
    pub qualifier: Option<Piece>,
    /// A cost paid for the effect (`spend 1 [Force] to …`).
    pub cost: Option<Effect>,
    /// The effect.
    pub effect: Effect,
    /// `until the end of the Engagement Phase`, `this round`.
    pub duration: Option<Piece>,
}

/// A timing clause.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Timing {
    /// `at the start of`, `during`, `after`…, lowercased.
    pub when: String,
    /// The phase or event it names.
    pub what: Piece,
    /// The whole clause.
    pub piece: Piece,
    /// The event it names, read as a clause (`you perform an action`), when the grammar
    /// structures it.
    pub event: Option<Clause>,
}

/// A sentence's part of an ability: an optional condition and its clauses.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// The sentence.
    pub piece: Piece,
    /// `if …` (without `if`).
    pub condition: Option<Piece>,
    /// The clauses in order.
    pub clauses: Vec<Clause>,
}

/// A replacement: `If a friendly ship would gain a focus token, … instead.`
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Replacement {
    /// `If` or `Before`, as written.
    pub kind: Piece,
    /// Whose event is replaced.
    pub subject: Option<Piece>,
    /// The event that would happen (`gain a focus token`).
    pub event: Piece,
    /// The same event read as an effect, when the grammar structures it.
    pub effect: Option<Effect>,
}

/// An ability frame.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Frame {
    /// All its sentences.
    pub span: Span,
    /// `Action`, `Attack`, `Setup`…
    pub header: Option<Piece>,
    /// `[Lock]` in `Attack ([Lock]):`.
    pub requirement: Option<Piece>,
    /// `Once per round`: `round`.
    pub frequency: Option<Piece>,
    /// Timing clauses.
    pub timings: Vec<Timing>,
    /// A replacement effect.
    pub replacement: Option<Replacement>,
    /// Its sentences, in order.
    pub steps: Vec<Step>,
}

impl Frame {
    /// Every clause of every step.
    pub fn clauses(&self) -> impl Iterator<Item = &Clause> {
        self.steps.iter().flat_map(|s| &s.clauses)
    }

    /// The opaque effects (and costs).
    pub fn opaque(&self) -> impl Iterator<Item = &Effect> {
        self.clauses()
            .flat_map(|c| c.cost.iter().chain(std::iter::once(&c.effect)))
            .filter(|e| e.kind == EffectKind::Opaque)
    }
}

struct Build<'t> {
    base: usize,
    text: &'t str,
}

impl Build<'_> {
    /// A pair's text and span, without the white space pest leaves at its end.
    fn piece(&self, pair: &Pair<'_, Rule>) -> Piece {
        let s = pair.as_span();
        let text = pair.as_str().trim_end();
        Piece { text: text.to_string(), span: Span::new(self.base + s.start(), self.base + s.start() + text.len()) }
    }

    fn effect(&self, pair: Pair<'_, Rule>) -> Effect {
        // `effect` and `cost` wrap one effect rule.
        let inner = pair.clone().into_inner().next().unwrap_or(pair);
        let kind = match inner.as_rule() {
            Rule::gain => EffectKind::Gain,
            Rule::spend => EffectKind::Spend,
            Rule::remove => EffectKind::Remove,
            Rule::lose => EffectKind::Lose,
            Rule::recover => EffectKind::Recover,
            Rule::roll => EffectKind::Roll,
            Rule::reroll => EffectKind::Reroll,
            Rule::change => EffectKind::Change,
            Rule::perform => EffectKind::Perform,
            Rule::lock => EffectKind::Lock,
            Rule::suffer => EffectKind::Suffer,
            Rule::dealt => EffectKind::Dealt,
            Rule::exhaust => EffectKind::Exhaust,
            Rule::discard => EffectKind::Discard,
            _ => EffectKind::Opaque,
        };
        let mut e = Effect { kind, ..Effect::opaque(self.piece(&inner)) };
        for p in inner.into_inner() {
            match p.as_rule() {
                Rule::amount if e.noun.is_none() => e.amount = Some(self.piece(&p)),
                Rule::noun if e.noun.is_none() => e.noun = Some(self.piece(&p)),
                Rule::noun => e.to = Some(self.piece(&p)),
                Rule::color => e.color = Some(self.piece(&p)),
                Rule::bracket => e.action = Some(self.piece(&p)),
                Rule::facing => e.facing = Some(self.piece(&p)),
                _ => {}
            }
        }
        e
    }

    fn clause(&self, pair: Pair<'_, Rule>) -> Clause {
        let piece = self.piece(&pair);
        let mut subject = None;
        let mut qualifier = None;
        let mut cost = None;
        let mut effect = None;
        let mut duration = None;
        for p in pair.into_inner() {
            match p.as_rule() {
                Rule::subject => subject = Some(self.piece(&p)),
                Rule::qualifier => qualifier = Some(self.piece(&p)),
                Rule::cost_effect => {
                    for q in p.into_inner() {
                        match q.as_rule() {
                            Rule::cost => cost = Some(self.effect(q)),
                            _ => effect = Some(self.effect(q)),
                        }
                    }
                }
                Rule::effect => effect = Some(self.effect(p)),
                Rule::duration => duration = Some(self.piece(&p)),
                _ => {}
            }
        }
        let effect = effect.unwrap_or_else(|| Effect::opaque(piece.clone()));
        Clause { piece, subject, qualifier, cost, effect, duration }
    }

    fn condition(&self, pair: Pair<'_, Rule>) -> Option<Piece> {
        pair.into_inner().find(|w| w.as_rule() == Rule::cond_words).map(|w| self.piece(&w))
    }

    fn clauses(&self, pair: Pair<'_, Rule>) -> Vec<Clause> {
        pair.into_inner().filter(|p| p.as_rule() == Rule::clause).map(|p| self.clause(p)).collect()
    }

    /// A sentence that does not parse at all (the grammar is meant to be total): one
    /// opaque clause holding all of it.
    fn whole_opaque(&self) -> Step {
        let piece = Piece { text: self.text.to_string(), span: Span::new(self.base, self.base + self.text.len()) };
        let effect = Effect::opaque(piece.clone());
        let clause =
            Clause { piece: piece.clone(), subject: None, qualifier: None, cost: None, effect, duration: None };
        Step { piece, condition: None, clauses: vec![clause] }
    }
}

/// A parsed sentence: what it starts (if anything) and its step.
struct Sentence {
    header: Option<(Piece, Option<Piece>)>,
    frequency: Option<Piece>,
    timings: Vec<Timing>,
    replacement: Option<Replacement>,
    step: Step,
}

impl Sentence {
    fn starts_ability(&self) -> bool {
        self.header.is_some() || self.frequency.is_some() || !self.timings.is_empty() || self.replacement.is_some()
    }
}

fn parse_sentence(text: &str, base: usize) -> Sentence {
    let b = Build { base, text };
    let whole = Piece { text: text.to_string(), span: Span::new(base, base + text.len()) };
    let mut out = Sentence {
        header: None,
        frequency: None,
        timings: Vec::new(),
        replacement: None,
        step: Step { piece: whole, condition: None, clauses: Vec::new() },
    };
    let Ok(mut pairs) = AbilityParser::parse(Rule::sentence, text) else {
        out.step = b.whole_opaque();
        return out;
    };
    let Some(sentence) = pairs.next() else { return out };
    for p in sentence.into_inner() {
        match p.as_rule() {
            Rule::header => {
                let mut it = p.into_inner();
                let name = it.next().map(|n| b.piece(&n));
                let req = it.next().map(|r| b.piece(&r));
                out.header = name.map(|n| (n, req));
            }
            Rule::frequency => out.frequency = p.into_inner().last().map(|u| b.piece(&u)),
            Rule::replacement => {
                let mut kind = None;
                let mut subject = None;
                let mut event = None;
                for q in p.into_inner() {
                    match q.as_rule() {
                        Rule::rep_kw => kind = Some(b.piece(&q)),
                        Rule::condition => out.step.condition = b.condition(q),
                        Rule::rep_subject => subject = Some(b.piece(&q)),
                        Rule::rep_event => event = Some(b.piece(&q)),
                        Rule::clauses => out.step.clauses = b.clauses(q),
                        _ => {}
                    }
                }
                if let (Some(kind), Some(event)) = (kind, event) {
                    out.replacement = Some(Replacement { kind, subject, event, effect: None });
                }
            }
            Rule::framed => {
                for q in p.into_inner() {
                    match q.as_rule() {
                        Rule::timing => {
                            let piece = b.piece(&q);
                            let mut it = q.into_inner();
                            let when = it.next().map(|w| w.as_str().to_lowercase()).unwrap_or_default();
                            if let Some(what) = it.next() {
                                out.timings.push(Timing { when, what: b.piece(&what), piece, event: None });
                            }
                        }
                        Rule::condition => out.step.condition = b.condition(q),
                        Rule::clauses => out.step.clauses = b.clauses(q),
                        _ => {}
                    }
                }
            }
            _ => {}
        }
    }
    out
}

/// The ability frames of a text block: `text` is the whole file, `sentences` the block's
/// sentence spans in it.
pub fn frames(text: &str, sentences: &[Span]) -> Vec<Frame> {
    let mut out: Vec<Frame> = Vec::new();
    for span in sentences {
        let Some(sentence_text) = text.get(span.range()) else { continue };
        let s = parse_sentence(sentence_text, span.start as usize);
        match out.last_mut() {
            Some(frame) if !s.starts_ability() => {
                frame.span = frame.span.to(*span);
                frame.steps.push(s.step);
            }
            _ => out.push(Frame {
                span: *span,
                requirement: s.header.as_ref().and_then(|(_, r)| r.clone()),
                header: s.header.map(|(h, _)| h),
                frequency: s.frequency,
                timings: s.timings,
                replacement: s.replacement,
                steps: vec![s.step],
            }),
        }
    }
    out
}

#[cfg(test)]
mod tests;
