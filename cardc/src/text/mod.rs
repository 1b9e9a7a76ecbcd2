//! Ability text → ability frames.
//!
//! A card's `text { … }` (or a chassis' `ability "…" { … }`) is already split into
//! sentences. Each sentence is parsed with the pest grammar in `ability.pest`; a new
//! ability starts at a header (`Action:`), a frequency (`Once per round,`), a timing clause
//! (`At the start of …`, `After …`) or a replacement (`If … would …, … instead.`), and any
//! other sentence (`If you do, …`, `Then, …`, `Change 2 …`) is a further step of the
//! ability before it. The grammar is total: a clause it cannot structure becomes an
//! opaque effect with its span, so no text is ever dropped.
//!
//! The checks read the frames ([`crate::check::abilities`]), and [`crate::lower::ability`]
//! lowers them to the runtime's abilities.

use std::cell::RefCell;
use std::collections::HashMap;

use cards_runtime::model::VocabKind;
use pest::iterators::Pair;
use pest::Parser;

use crate::ast::Span;

mod cache;
mod words;

pub use cache::{ReadSentences, SentenceCache};
pub(crate) use words::grammar_words;
pub use words::{Entered, GameWords};

/// The vocabulary kinds ability text names, in the order a plain word is looked up.
pub const NOUN_KINDS: [VocabKind; 11] = [
    VocabKind::Resource,
    VocabKind::Token,
    VocabKind::Action,
    VocabKind::Result,
    VocabKind::Die,
    VocabKind::Arc,
    VocabKind::Phase,
    VocabKind::Icon,
    VocabKind::Stat,
    VocabKind::Trait,
    VocabKind::Maneuver,
];

/// Ability text's grammar, `cardc-grammar/src/ability.pest`.
use cardc_grammar::ability as grammar;

use crate::ast::Shift;
use cardc_derive::Shift;
use grammar::{AbilityParser, Rule};

pub use cards_runtime::ability::EffectKind;

/// The bracketed names in a text: `[Hit]/[Critical Hit] results` → `Hit`, `Critical Hit`.
pub fn brackets(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.match_indices('[').filter_map(move |(start, _)| {
        let rest = &text[start + 1..];
        let end = rest.find([']', '['])?;
        (rest.as_bytes()[end] == b']').then(|| (start + 1, &rest[..end]))
    })
}

/// Whether an effect of this kind is what a header's leading cost sentence pays
/// (`Attack: Spend 1 [Charge]. …`). Only spending is: `Action: Remove 1 stress token.` is
/// an effect.
pub fn is_cost_kind(kind: EffectKind) -> bool {
    kind == EffectKind::Spend
}

/// A piece of text with its span in the file.
#[derive(Shift, Clone, Debug, PartialEq, Eq)]
pub struct Piece {
    /// The text as written.
    pub text: String,
    /// Where.
    pub span: Span,
}

impl Piece {
    /// Words with no place in a file (a condition's subject read again).
    pub fn bare(text: &str) -> Piece {
        Piece { text: text.to_string(), span: Span::new(0, 0) }
    }
}

/// One effect (or cost).
#[derive(Shift, Clone, Debug, PartialEq, Eq)]
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
    /// `fully execute`.
    pub fully: bool,
    /// The ship or object it is directed at, without the preposition: `that ship` in
    /// `assign 1 stress token to that ship`, `the defender` in `acquire a lock on the
    /// defender`, `the attacker` in `perform a bonus attack against the attacker`, `1` in
    /// `reduce its speed to 1`.
    pub target: Option<Piece>,
    /// Where it is taken from: `that ship` in `transfer 1 focus token from that ship to you`.
    pub from: Option<Piece>,
    /// Passive: the clause's subject undergoes the effect rather than doing it (`This
    /// card's [Charge] cannot be recovered`, `that damage card is discarded`); the target
    /// is the agent after `by`, if written.
    pub passive: bool,
    /// Negated by `not` after the verb (`you are not removed`): it does not happen.
    pub negated: bool,
    /// `only` before where it goes: `rotate … only to your [Front Arc] or [Rear Arc]`.
    pub only: bool,
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
            fully: false,
            target: None,
            from: None,
            passive: false,
            negated: false,
            only: false,
        }
    }
}

/// One clause: `you may spend 1 [Force] to perform an action`.
#[derive(Shift, Clone, Debug, PartialEq, Eq)]
pub struct Clause {
    /// The whole clause.
    pub piece: Piece,
    /// Who does it (`you`, `a friendly ship at range 0-3`); none means the card's ship.
    pub subject: Option<Piece>,
    /// `may`, `must`, `can`, `cannot`.
    pub qualifier: Option<Piece>,
    /// The costs paid for the effect (`spend 1 [Force] to …`; `spend 1 [Charge] and gain
    /// 1 deplete token to …` is two).
    pub costs: Vec<Effect>,
    /// The effect.
    pub effect: Effect,
    /// `until the end of the Engagement Phase`, `this round`.
    pub duration: Option<Piece>,
    /// Trailing phrases that restrict or qualify the effect, each from its first word:
    /// `even while stressed`, `ignoring range restrictions`, `using the [1 [Straight]]
    /// template`, `on your action bar`, `if able`, `for each [Hit] result`.
    pub modifiers: Vec<Piece>,
    /// It ends with `instead`: it replaces what the ability (or its condition) would
    /// otherwise do.
    pub instead: bool,
    /// It is joined to the clause before by `or`: one of the two happens, not both.
    pub alternative: bool,
    /// It is joined to the clause before by `then` (`execute a white [Stationary] maneuver
    /// instead, then you may rotate 90°`): it is done after it.
    pub then: bool,
    /// `each` after its qualifier (`up to 2 of your wingmates may each suffer 1 damage`):
    /// each of the ships its subject names does it.
    pub each: bool,
}

/// A timing clause.
#[derive(Shift, Clone, Debug, PartialEq, Eq)]
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
    /// Every clause of the event, in order, when it names more than one (`you boost or
    /// barrel roll`: the second is `alternative`); the first is `event`.
    pub events: Vec<Clause>,
}

pub use cards_runtime::ability::CondKind;

/// A condition as written: `if …`, `unless …`, `except while …`, `Otherwise`.
#[derive(Shift, Clone, Debug, PartialEq, Eq)]
pub struct Cond {
    /// If, unless or otherwise.
    pub kind: CondKind,
    /// Its words, without `if`, `unless` or `except while` (`Otherwise` itself for an
    /// otherwise).
    pub piece: Piece,
}

/// A sentence's part of an ability: its conditions and its clauses.
#[derive(Shift, Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// The sentence.
    pub piece: Piece,
    /// Its conditions in order (`If you do, if there is an asteroid at range 0 of it, …`):
    /// all of them must hold.
    pub conditions: Vec<Cond>,
    /// `For each [Hit] result`, as written: the step happens once for each.
    pub for_each: Option<Piece>,
    /// Timings that follow the condition (`If you do, while you execute that maneuver, …`):
    /// they open the window of this step only.
    pub timings: Vec<Timing>,
    /// A duration written before the clauses (`If you do, until the end of the round, …`):
    /// it applies to every clause of the step.
    pub duration: Option<Piece>,
    /// The clauses in order.
    pub clauses: Vec<Clause>,
}

impl Step {
    /// `That ship gains 1 strain token, or 2 strain tokens if you are damaged`: the
    /// alternative happens if the condition holds and the clauses before it unless it
    /// does, two steps. Returns the alternative's step; this one keeps the rest.
    fn split_conditional_alternative(&mut self) -> Option<Step> {
        let last = self.clauses.last()?;
        if !last.alternative || self.clauses.len() < 2 || !self.conditions.is_empty() || last.modifiers.len() != 1 {
            return None;
        }
        let m = &last.modifiers[0];
        let words = m.text.trim_start_matches([',', ' ']);
        let rest = words.get(..3).filter(|w| w.eq_ignore_ascii_case("if ")).map(|_| words[3..].trim_start())?;
        let end = m.span.end as usize;
        let cond = Piece { text: rest.to_string(), span: Span::new(end - rest.len(), end) };
        let mut clause = self.clauses.pop()?;
        clause.modifiers.clear();
        clause.alternative = false;
        self.conditions.push(Cond { kind: CondKind::Unless, piece: cond.clone() });
        Some(Step {
            piece: clause.piece.clone(),
            conditions: vec![Cond { kind: CondKind::If, piece: cond }],
            for_each: None,
            timings: Vec::new(),
            duration: None,
            clauses: vec![clause],
        })
    }

    /// `… unless it chooses to break its lock`: a trailing `unless` is a condition of the
    /// step, not a modifier of its last clause; so is a trailing `if` that ends the
    /// sentence (`… beyond range 2 if they have [Calculate] on their action bar`), but not
    /// `if able` or `even if`.
    fn lift_unless(&mut self) {
        let last = self.clauses.len().saturating_sub(1);
        for (k, c) in self.clauses.iter_mut().enumerate() {
            let mut i = 0;
            while i < c.modifiers.len() {
                let m = &c.modifiers[i];
                let words = m.text.trim_start_matches([',', ' ']);
                let lead = |w: &str| words.get(..w.len()).is_some_and(|x| x.eq_ignore_ascii_case(w));
                let trailing_if = k == last && i + 1 == c.modifiers.len() && lead("if ") && !lead("if able");
                let (kind, at) = match () {
                    _ if lead("unless ") => (CondKind::Unless, 7),
                    _ if trailing_if => (CondKind::If, 3),
                    _ => {
                        i += 1;
                        continue;
                    }
                };
                let rest = words[at..].trim_start();
                let end = m.span.end as usize;
                let piece = Piece { text: rest.to_string(), span: Span::new(end - rest.len(), end) };
                self.conditions.push(Cond { kind, piece });
                c.modifiers.remove(i);
            }
        }
    }
}

/// A replacement: `If a friendly ship would gain a focus token, … instead.`
#[derive(Shift, Clone, Debug, PartialEq, Eq)]
pub struct Replacement {
    /// `If` or `Before`, as written.
    pub kind: Piece,
    /// Whose event is replaced.
    pub subject: Option<Piece>,
    /// The event that would happen (`gain a focus token`).
    pub event: Piece,
    /// The same event read as an effect, when the grammar structures it.
    pub effect: Option<Effect>,
    /// Further events joined by `or`, read as effects (`launch` in `drop or launch a
    /// device`).
    pub or_effects: Vec<Effect>,
    /// Phrases after the event that say how it happens (`using a [Straight] template` in
    /// `If you would drop a device using a [Straight] template`): which events it replaces.
    pub how: Vec<Piece>,
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
    /// Sentences wholly in parentheses (`(This is not an action).`): reminder text, read
    /// but neither a step nor an ability.
    pub reminders: Vec<Piece>,
}

impl Frame {
    /// An ability with no header, frequency, timing or replacement: a rule that always
    /// applies. The sentence after it is another ability unless it goes on from it.
    fn is_static(&self) -> bool {
        self.header.is_none() && self.frequency.is_none() && self.timings.is_empty() && self.replacement.is_none()
    }

    /// A `Setup:` ability: it resolves once, when the game is set up, so a sentence after
    /// it that does not go on from it (`Setup: Equip this side faceup. You are a wing
    /// leader.`) is a rule of its own.
    fn is_setup(&self) -> bool {
        self.header.as_ref().is_some_and(|h| h.text.trim().eq_ignore_ascii_case("setup"))
    }

    /// Every clause of every step.
    pub fn clauses(&self) -> impl Iterator<Item = &Clause> {
        self.steps.iter().flat_map(|s| &s.clauses)
    }

    /// The opaque effects (and costs).
    pub fn opaque(&self) -> impl Iterator<Item = &Effect> {
        self.clauses().flat_map(Clause::effects).filter(|e| e.kind == EffectKind::Opaque)
    }
}

impl Clause {
    /// Its costs, then its effect: what coverage counts.
    pub fn effects(&self) -> impl Iterator<Item = &Effect> {
        self.costs.iter().chain(std::iter::once(&self.effect))
    }
}

struct Build<'t> {
    base: usize,
    text: &'t str,
    /// Parts read again from another entry rule, by rule and text (a timing's event
    /// repeats across sentences: `After you perform an attack`).
    reread: &'t RefCell<Reread>,
}

/// Parts read from an entry rule, at offset 0, by the fingerprint of the game's words they
/// were read with, the rule and their text.
type Reread = HashMap<(u64, Rule, String), Vec<Clause>>;

/// The effect kind a grammar rule structures; `None` for a rule that is not an effect.
fn kind_of(rule: Rule) -> Option<EffectKind> {
    Some(match rule {
        Rule::gain => EffectKind::Gain,
        Rule::spend => EffectKind::Spend,
        Rule::remove => EffectKind::Remove,
        Rule::lose => EffectKind::Lose,
        Rule::recover => EffectKind::Recover,
        Rule::roll => EffectKind::Roll,
        Rule::roll_fewer => EffectKind::RollFewer,
        Rule::roll_dice => EffectKind::RollDice,
        Rule::reroll => EffectKind::Reroll,
        Rule::change => EffectKind::Change,
        Rule::perform => EffectKind::Perform,
        Rule::lock => EffectKind::Lock,
        Rule::suffer => EffectKind::Suffer,
        Rule::dealt => EffectKind::Dealt,
        Rule::exhaust => EffectKind::Exhaust,
        Rule::discard => EffectKind::Discard,
        Rule::choose => EffectKind::Choose,
        Rule::assign => EffectKind::Assign,
        Rule::transfer => EffectKind::Transfer,
        Rule::flip => EffectKind::Flip,
        Rule::equip => EffectKind::Equip,
        Rule::add_slot => EffectKind::AddSlot,
        Rule::add_result => EffectKind::AddResult,
        Rule::add_action => EffectKind::AddAction,
        Rule::cancel => EffectKind::Cancel,
        Rule::rotate => EffectKind::Rotate,
        Rule::drop => EffectKind::Drop,
        Rule::launch => EffectKind::Launch,
        Rule::place => EffectKind::Place,
        Rule::repair => EffectKind::Repair,
        Rule::treat => EffectKind::Treat,
        Rule::ignore => EffectKind::Ignore,
        Rule::execute => EffectKind::Execute,
        Rule::jam => EffectKind::Jam,
        Rule::expose => EffectKind::Expose,
        Rule::increase => EffectKind::Increase,
        Rule::reduce => EffectKind::Reduce,
        Rule::skip => EffectKind::Skip,
        Rule::move_through => EffectKind::MoveThrough,
        Rule::overlap => EffectKind::Overlap,
        Rule::deal => EffectKind::Deal,
        Rule::destroyed => EffectKind::Destroyed,
        Rule::engage => EffectKind::Engage,
        Rule::become_ => EffectKind::Become,
        Rule::be_role | Rule::be_count => EffectKind::Be,
        Rule::coordinate => EffectKind::Coordinate,
        Rule::boost => EffectKind::Boost,
        Rule::barrel_roll => EffectKind::BarrelRoll,
        Rule::defend => EffectKind::Defend,
        Rule::attack => EffectKind::Attack,
        Rule::reveal => EffectKind::Reveal,
        Rule::declare => EffectKind::Declare,
        Rule::activate => EffectKind::Activate,
        Rule::use_ => EffectKind::Use,
        Rule::set => EffectKind::Set,
        Rule::replace => EffectKind::Replace,
        Rule::reload => EffectKind::Reload,
        Rule::prevent => EffectKind::Prevent,
        Rule::return_ => EffectKind::Return,
        Rule::dock => EffectKind::Dock,
        Rule::apply => EffectKind::Apply,
        Rule::have_ability => EffectKind::HaveAbility,
        Rule::maintain => EffectKind::Maintain,
        Rule::resolve => EffectKind::Resolve,
        Rule::modify => EffectKind::Modify,
        Rule::look => EffectKind::Look,
        Rule::decloak => EffectKind::Decloak,
        Rule::cloak => EffectKind::Cloak,
        Rule::deploy => EffectKind::Deploy,
        Rule::move_ => EffectKind::Move,
        Rule::sideslip => EffectKind::Sideslip,
        Rule::fail => EffectKind::Fail,
        Rule::detonate => EffectKind::Detonate,
        Rule::obstruct => EffectKind::Obstruct,
        Rule::inflict => EffectKind::Inflict,
        Rule::partially_execute => EffectKind::PartiallyExecute,
        Rule::flee => EffectKind::Flee,
        Rule::draw => EffectKind::Draw,
        Rule::name => EffectKind::Name,
        Rule::start => EffectKind::Start,
        Rule::pp_recover => EffectKind::Recover,
        Rule::pp_modify => EffectKind::Modify,
        Rule::pp_cancel => EffectKind::Cancel,
        Rule::pp_neutralize => EffectKind::Neutralize,
        Rule::pp_affect => EffectKind::Affect,
        Rule::pp_remove => EffectKind::Remove,
        Rule::pp_discard => EffectKind::Discard,
        Rule::pp_flip => EffectKind::Flip,
        Rule::pp_dealt => EffectKind::Dealt,
        Rule::pp_destroy => EffectKind::Destroyed,
        Rule::pp_assign => EffectKind::Assign,
        Rule::pp_place => EffectKind::Place,
        Rule::pp_treat => EffectKind::Treat,
        Rule::pp_roll => EffectKind::RollDice,
        Rule::pp_coordinate => EffectKind::Coordinate,
        Rule::pp_declare => EffectKind::Declare,
        Rule::pp_lock => EffectKind::Lock,
        Rule::pp_perform => EffectKind::Perform,
        _ => return None,
    })
}

/// An effect printed without its verb (`or 2 stress tokens`), which takes the verb of the
/// clause before it.
enum Elided {
    /// The same verb and kind, said once.
    Verb,
    /// `or 1 additional attack die`, `or 1 fewer defense die`: after a verb that rolls
    /// dice, the elided part says itself whether more or fewer (the kind named), and the dice
    /// are the noun after that word.
    Dice(EffectKind, Piece),
}

impl<'t> Build<'t> {
    /// A pair's words as printed (the grammar reads them with the game's words masked:
    /// [`words`]).
    fn printed(&self, pair: &Pair<'_, Rule>) -> &'t str {
        let s = pair.as_span();
        self.text.get(s.start()..s.end()).unwrap_or_default()
    }

    /// A pair's text and span, without the white space pest leaves at its end.
    fn piece(&self, pair: &Pair<'_, Rule>) -> Piece {
        let s = pair.as_span();
        let text = self.text.get(s.start()..s.end()).unwrap_or(pair.as_str()).trim_end();
        Piece { text: text.to_string(), span: Span::new(self.base + s.start(), self.base + s.start() + text.len()) }
    }

    /// An effect from the rule that structures it (or from `effect`, which wraps
    /// one). An `elided` effect (`or 2 stress tokens`) comes out opaque: its kind is the
    /// clause before's, which only `clauses` knows.
    fn effect(&self, pair: Pair<'_, Rule>) -> Effect {
        let inner = match pair.as_rule() {
            Rule::effect | Rule::opaque_effect => pair.clone().into_inner().next().unwrap_or(pair),
            _ => pair,
        };
        // A passive names its kind by its participle.
        let passive = inner.as_rule() == Rule::passive;
        let participle = inner.clone().into_inner().find(|p| p.as_rule() == Rule::participle);
        let rule = participle.and_then(|p| p.into_inner().next()).map_or(inner.as_rule(), |p| p.as_rule());
        let kind = match rule {
            // Which of the game's verbs: the word printed.
            Rule::game_verb => {
                let word = self.printed(&inner).split_whitespace().next().unwrap_or_default().to_lowercase();
                GameWords::with(|w| w.verb(&word)).map_or(EffectKind::Opaque, EffectKind::Game)
            }
            rule => kind_of(rule).unwrap_or(EffectKind::Opaque),
        };
        // `perform that maneuver as a sideslip`: a maneuver is executed.
        let maneuver = kind == EffectKind::Perform && Self::names_maneuver(&inner);
        let kind = if maneuver { EffectKind::Execute } else { kind };
        let mut e = Effect { kind, passive, ..Effect::opaque(self.piece(&inner)) };
        e.fully = kind == EffectKind::Execute && e.piece.text.get(..5).is_some_and(|w| w.eq_ignore_ascii_case("fully"));
        if kind == EffectKind::Opaque && inner.as_rule() != Rule::elided {
            return e;
        }
        let mut after = Rule::EOI;
        let (mut marker, elided) = (None, inner.as_rule() == Rule::elided);
        for p in inner.into_inner() {
            match p.as_rule() {
                Rule::amount | Rule::band_count if e.noun.is_none() => e.amount = Some(self.piece(&p)),
                // `or 1 additional [Energy]`: for a verb that rolls no dice, the word is the
                // noun's (`clauses` reads it for one that does).
                Rule::k_additional | Rule::k_fewer if elided => marker = Some(self.base + p.as_span().start()),
                Rule::noun if e.noun.is_none() && marker.is_some() => {
                    let (start, end) = (marker.unwrap_or_default(), self.base + p.as_span().end());
                    let words = self.text_at(start, end).map(str::trim_end);
                    e.noun = words.map(|t| Piece { text: t.to_string(), span: Span::new(start, start + t.len()) });
                }
                Rule::noun | Rule::fnoun | Rule::pnoun | Rule::slot_noun | Rule::elided_noun | Rule::declared
                    if e.noun.is_none() =>
                {
                    e.noun = Some(self.piece(&p))
                }
                Rule::noun | Rule::treat_value => e.to = Some(self.piece(&p)),
                // `the pilot ability of <ship>`: whose ability it is.
                Rule::target if matches!(after, Rule::k_from | Rule::k_of) => e.from = Some(self.piece(&p)),
                Rule::sources => e.from = Some(self.piece(&p)),
                Rule::target | Rule::assignee => e.target = Some(self.piece(&p)),
                Rule::not => e.negated = true,
                Rule::k_only => e.only = true,
                // `this attack as a bonus attack`: the kind it is performed as is part of it.
                Rule::as_attack => {
                    if let Some(n) = e.noun.as_mut() {
                        let (start, end) = (n.span.start as usize, p.as_span().end() + self.base);
                        if let Some(words) = self.text_at(start, end) {
                            *n = Piece { text: words.trim_end().to_string(), span: Span::new(start, end) };
                        }
                    }
                }
                Rule::color => e.color = Some(self.piece(&p)),
                Rule::bracket => e.action = Some(self.piece(&p)),
                Rule::facing => e.facing = Some(self.piece(&p)),
                // `perform an action` / `perform a bonus attack`: which of the two.
                Rule::k_this_card | Rule::k_action | Rule::k_attack | Rule::k_pilot_ability => {
                    e.noun = Some(self.piece(&p))
                }
                rule => after = rule,
            }
        }
        e
    }

    /// `must be 2-5 V-19 Torrents or 2-5 Nimbus-class V-wings`, `must be 2-5 of the
    /// following:`: a group counted twice, or by a list printed after, is no one band; the
    /// effect is kept whole, to the end of its noun.
    fn counted_twice(&self, e: &mut Effect) {
        let number = |w: &str| w.split('-').all(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()));
        let Some(n) = e.noun.as_ref().filter(|_| e.kind == EffectKind::Be && e.amount.is_some()) else { return };
        let counted =
            n.text.split_whitespace().any(number) || n.text.get(..3).is_some_and(|w| w.eq_ignore_ascii_case("of "));
        if counted {
            let (start, end) = (e.piece.span.start as usize, (n.span.end as usize).max(e.piece.span.end as usize));
            let piece =
                self.text_at(start, end).map(|t| Piece { text: t.trim_end().to_string(), span: Span::new(start, end) });
            *e = Effect::opaque(piece.unwrap_or_else(|| e.piece.clone()));
        }
    }

    /// `roll a maximum of 4 dice`: a cap on how many, which the model has no place for; read
    /// as `a` (1) of the words "maximum of 4 dice" it would be a wrong count. `reveals a
    /// non-0 [Stationary] maneuver`: a speed it is not, which the model has no place for
    /// either; read as the maneuver, it would be any. The effect is kept whole, opaque.
    fn capped(e: &mut Effect) {
        let capped = e.noun.as_ref().is_some_and(|n| {
            let lower = n.text.to_lowercase();
            let words = ["a ", "an ", "the "].iter().find_map(|a| lower.strip_prefix(a)).unwrap_or(&lower);
            let not_a_number = |w: &str| {
                w.strip_prefix("non-").is_some_and(|d| !d.is_empty() && d.bytes().all(|b| b.is_ascii_digit()))
            };
            words.starts_with("maximum of ")
                || words.starts_with("minimum of ")
                || words.split_whitespace().any(not_a_number)
        });
        if capped {
            *e = Effect::opaque(e.piece.clone());
        }
    }

    /// Whether an effect's noun is a maneuver (`that maneuver`, `a white maneuver`).
    fn names_maneuver(effect: &Pair<'_, Rule>) -> bool {
        effect.clone().into_inner().filter(|p| p.as_rule() == Rule::noun).any(|n| {
            let last = n.as_str().split_whitespace().last().unwrap_or("").to_lowercase();
            matches!(last.as_str(), "maneuver" | "maneuvers")
        })
    }

    /// A clause, and whether its effect was `elided` (a bare `2 stress tokens`).
    fn clause(&self, pair: Pair<'_, Rule>) -> (Clause, Option<Elided>) {
        let piece = self.piece(&pair);
        let mut c = Clause {
            piece: piece.clone(),
            subject: None,
            qualifier: None,
            costs: Vec::new(),
            effect: Effect::opaque(piece.clone()),
            duration: None,
            modifiers: Vec::new(),
            instead: false,
            alternative: false,
            then: false,
            each: false,
        };
        let mut elided = None;
        for p in pair.into_inner() {
            match p.as_rule() {
                Rule::subject => c.subject = Some(self.piece(&p)),
                Rule::qualifier => c.qualifier = Some(self.piece(&p)),
                // The effect read before was the cost of this one.
                Rule::purpose => {
                    let paid = std::mem::replace(&mut c.effect, Effect::opaque(piece.clone()));
                    c.costs.push(paid);
                    for q in p.into_inner() {
                        match q.as_rule() {
                            Rule::effect | Rule::opaque_effect => c.effect = self.effect(q),
                            Rule::caused => c.effect = self.caused(q),
                            Rule::step_when => c.modifiers.push(self.piece(&q)),
                            _ => {}
                        }
                    }
                }
                Rule::effect => {
                    elided = self.elided(&p);
                    c.effect = self.effect(p);
                }
                Rule::opaque_effect => c.effect = self.effect(p),
                Rule::modifier | Rule::lead_modifier => {
                    let m = self.piece(&p);
                    let lower = m.text.trim_start_matches([',', ' ']).to_lowercase();
                    let instead_of = lower.strip_prefix("instead of ");
                    // An opaque clause keeps what it replaces in its words: nothing says which
                    // part of it `instead of` stands against, unless it is an act (`instead of
                    // removing it`), which the whole clause replaces.
                    let act =
                        instead_of.is_some_and(|r| r.split_whitespace().next().is_some_and(|w| w.ends_with("ing")));
                    if instead_of.is_some() && !act && c.effect.kind == EffectKind::Opaque && elided.is_none() {
                        self.extend_opaque(&mut c.effect, &m);
                        continue;
                    }
                    // `choose a remote instead of another ship`: it replaces what is named;
                    // `beyond range 3 instead of at range 0-3` replaces only a where-phrase.
                    c.instead |= instead_of.is_some_and(|rest| !Self::starts_where(rest));
                    c.modifiers.push(m);
                }
                Rule::duration => c.duration = Some(self.piece(&p)),
                // `instead draw 3 damage cards`: written before the verb, it still marks it.
                Rule::instead => c.instead = true,
                Rule::adverb if p.as_str().trim().eq_ignore_ascii_case("instead") => c.instead = true,
                Rule::adverb if p.as_str().trim().eq_ignore_ascii_case("each") => c.each = true,
                _ => {}
            }
        }
        Self::action_restated(&mut c);
        (c, elided)
    }

    /// Whether an `effect` pair is `elided`, and how it takes the verb before it.
    fn elided(&self, effect: &Pair<'_, Rule>) -> Option<Elided> {
        let inner = effect.clone().into_inner().next().filter(|e| e.as_rule() == Rule::elided)?;
        let kind = inner.clone().into_inner().find_map(|p| match p.as_rule() {
            Rule::k_additional => Some(EffectKind::Roll),
            Rule::k_fewer => Some(EffectKind::RollFewer),
            _ => None,
        });
        let dice = inner.into_inner().find(|p| p.as_rule() == Rule::noun).map(|n| self.piece(&n));
        Some(match (kind, dice) {
            (Some(kind), Some(dice)) => Elided::Dice(kind, dice),
            _ => Elided::Verb,
        })
    }

    /// `perform a [Lock] action to lock that object`: the infinitive names the action
    /// performed again, to say what it is aimed at; it is the action's target, not an
    /// effect paid for by performing it.
    fn action_restated(c: &mut Clause) {
        let [cost] = c.costs.as_slice() else { return };
        let Some(action) = cost.action.as_ref().filter(|_| cost.kind == EffectKind::Perform) else { return };
        let name = action.text.trim_matches(['[', ']']).to_lowercase();
        let verb = c.effect.piece.text.to_lowercase();
        let restated = verb.strip_prefix(name.as_str()).is_some_and(|r| r.is_empty() || r.starts_with(' '));
        if restated && c.effect.target.is_some() {
            let target = c.effect.target.take();
            c.effect = Effect { target, ..cost.clone() };
            c.costs.clear();
        }
    }

    /// An opaque effect's words run on through a phrase after them (`align … instead of your
    /// rear guides`).
    fn extend_opaque(&self, effect: &mut Effect, phrase: &Piece) {
        let (start, end) = (effect.piece.span.start as usize, phrase.span.end as usize);
        if let Some(words) = self.text_at(start, end) {
            effect.piece = Piece { text: words.to_string(), span: Span::new(start, end) };
        }
    }

    /// `spend 1 [Focus] result at the end of the Neutralize Results step`: a step of the
    /// round written after a clause says when the step happens, as a timing of it.
    fn step_of_the_round(clauses: &mut [Clause]) -> Vec<Timing> {
        let mut out = Vec::new();
        for c in clauses.iter_mut() {
            c.modifiers.retain(|m| {
                let text = m.text.trim_start_matches([',', ' ']);
                let lower = text.to_lowercase();
                let Some(when) = ["at the end of ", "at the start of "].into_iter().find(|w| lower.starts_with(w))
                else {
                    return true;
                };
                let start = m.span.end as usize - (text.len() - when.len());
                let what = Piece { text: text[when.len()..].to_string(), span: Span::new(start, m.span.end as usize) };
                let piece = m.clone();
                out.push(Timing { when: when.trim_end().to_string(), what, piece, event: None, events: Vec::new() });
                false
            });
        }
        out
    }

    /// Whether a qualifier forbids (`cannot`, `do not`, `does not`).
    fn negates(qualifier: &str) -> bool {
        let q = qualifier.to_lowercase();
        q.starts_with("can") && q != "can" || q.ends_with(" not")
    }

    /// `… suffers 1 [Hit] damage for each [Hit]/[Critical Hit] result`: a trailing `for each`
    /// of a step's only clause counts how often the step happens, as one written first does.
    /// With more clauses it may count for one alone, and stays that clause's.
    fn counted_after(clauses: &mut [Clause]) -> Option<Piece> {
        let [c] = clauses else { return None };
        let end = c.effect.piece.span.end;
        let at = c.modifiers.iter().position(|m| {
            m.span.start >= end && m.text.trim_start_matches([',', ' ']).to_lowercase().starts_with("for each ")
        })?;
        let m = c.modifiers.remove(at);
        let text = m.text.trim_start_matches([',', ' ']);
        Some(Piece { text: text.to_string(), span: Span::new(m.span.end as usize - text.len(), m.span.end as usize) })
    }

    /// Whether words start with a where-phrase (`at range 0-3`, `in your [Front Arc]`).
    fn starts_where(words: &str) -> bool {
        ["at ", "in ", "beyond ", "within ", "outside "].iter().any(|p| words.starts_with(p))
    }

    /// `cause the defender to suffer 1 [Hit] damage`: the effect, with the ship named as its
    /// target.
    fn caused(&self, pair: Pair<'_, Rule>) -> Effect {
        let mut target = None;
        let mut effect = Effect::opaque(self.piece(&pair));
        for p in pair.into_inner() {
            match p.as_rule() {
                Rule::subject => target = Some(self.piece(&p)),
                Rule::effect => effect = self.effect(p),
                _ => {}
            }
        }
        effect.target = effect.target.or(target);
        effect
    }

    /// A further step of a sentence: its condition and its clauses.
    fn substep(&self, pair: Pair<'_, Rule>) -> Option<Step> {
        let piece = self.piece(&pair);
        let mut step = Step {
            piece,
            conditions: Vec::new(),
            for_each: None,
            timings: Vec::new(),
            duration: None,
            clauses: Vec::new(),
        };
        for q in pair.into_inner() {
            match q.as_rule() {
                Rule::condition => step.conditions.extend(self.condition(q)),
                Rule::on_result => step.conditions.push(Cond { kind: CondKind::If, piece: self.piece(&q) }),
                Rule::clauses => step.clauses = self.clauses(q),
                _ => {}
            }
        }
        step.lift_unless();
        (!step.clauses.is_empty()).then_some(step)
    }

    fn condition(&self, pair: Pair<'_, Rule>) -> Option<Cond> {
        // `otherwise` is a pair of its own, `condition` holds its words.
        let word = match pair.as_rule() {
            Rule::otherwise => pair.into_inner().next()?,
            _ => pair.into_inner().find(|w| matches!(w.as_rule(), Rule::cond_words | Rule::cond_on))?,
        };
        let kind = match word.as_rule() {
            Rule::k_otherwise => CondKind::Otherwise,
            _ => CondKind::If,
        };
        Some(Cond { kind, piece: self.piece(&word) })
    }

    /// The clauses of a `clauses` pair. An elided effect takes the kind, subject and
    /// qualifier of the clause before it (`that ship gains 1 strain token, or 2 strain
    /// tokens`); with no structured clause before, it stays opaque. A bare verb that needs
    /// an object shares the next clause's (`drop or launch a bomb`, `move through and overlap
    /// obstacles`, [`Build::share_objects`]), and that clause shares its subject and
    /// qualifier.
    fn clauses(&self, pair: Pair<'_, Rule>) -> Vec<Clause> {
        let mut out: Vec<Clause> = Vec::new();
        let (mut alternative, mut then) = (false, false);
        for p in pair.into_inner() {
            match p.as_rule() {
                Rule::alternative => alternative = true,
                Rule::then => then = true,
                Rule::clause => {
                    let (mut c, elided) = self.clause(p);
                    c.alternative = alternative;
                    c.then = then;
                    (alternative, then) = (false, false);
                    if elided.is_some() && self.joins_noun(out.last_mut(), &c) {
                        continue;
                    }
                    if let Some(elided) = elided {
                        // Said once for both: the verb, and whoever does it.
                        if let Some(b) = out.last().filter(|b| b.effect.kind != EffectKind::Opaque) {
                            if c.subject.is_none() {
                                c.subject.clone_from(&b.subject);
                                c.qualifier.clone_from(&b.qualifier);
                            }
                        }
                        let before = out.last().map(|b| b.effect.kind).filter(|k| *k != EffectKind::Opaque);
                        // `roll 1 fewer … or 1 additional …`: the verb rolls, the elided part
                        // says how many dice.
                        let slot = match c.costs.first_mut() {
                            Some(cost) => cost,
                            None => &mut c.effect,
                        };
                        let rolls = before.is_some_and(|k| matches!(k, EffectKind::Roll | EffectKind::RollFewer));
                        let before = match elided {
                            Elided::Dice(kind, dice) if rolls => {
                                slot.noun = Some(dice);
                                Some(kind)
                            }
                            _ => before,
                        };
                        match before {
                            Some(kind) => slot.kind = kind,
                            None => *slot = Effect::opaque(slot.piece.clone()),
                        }
                        // `Transfer 1 calculate token or 1 jam token to a ship at range 0-3`:
                        // where both go is printed once, after the second.
                        let (to, target) = (c.effect.to.clone(), c.effect.target.clone());
                        if let Some(b) = out.last_mut().filter(|b| b.effect.kind == c.effect.kind && c.alternative) {
                            if b.effect.to.is_none() && b.effect.target.is_none() && (to.is_some() || target.is_some())
                            {
                                b.effect.to = to;
                                b.effect.target = target;
                            }
                        }
                    }
                    if let Some(before) = out.last().filter(|b| Self::waits_for_object(b)) {
                        if c.subject.is_none() && c.effect.kind != EffectKind::Opaque {
                            c.subject.clone_from(&before.subject);
                            c.qualifier.clone_from(&before.qualifier);
                        }
                    }
                    // A subject (and its `may`) said once for chained clauses: "The chosen
                    // ship gains 1 evade token and removes 1 stress token".
                    if c.subject.is_none() {
                        if let Some(b) = out.last().filter(|b| b.subject.is_some()) {
                            c.subject.clone_from(&b.subject);
                            if c.qualifier.is_none() {
                                c.qualifier.clone_from(&b.qualifier);
                            }
                        }
                    }
                    // `do not activate or engage`: neither happens, so the two are not a
                    // choice of one.
                    if c.alternative && c.qualifier.as_ref().is_some_and(|q| Self::negates(&q.text)) {
                        c.alternative = false;
                    }
                    out.push(c);
                }
                _ => {}
            }
        }
        Self::share_objects(&mut out);
        self.share_range(&mut out);
        self.lists(&mut out);
        for c in &mut out {
            self.counted_twice(&mut c.effect);
            Self::capped(&mut c.effect);
        }
        out.into_iter().flat_map(Self::each_slot).collect()
    }

    /// `choose yourself or another friendly ship`: an amount and a noun after `or`/`and`
    /// go on the noun of a clause before that has none of its own (`before`), or whose noun
    /// is a bracketed item waiting for the head printed after the next (`a 1 [Bank Left] or
    /// 1 [Bank Right] sideslip maneuver`); true when they did.
    fn joins_noun(&self, before: Option<&mut Clause>, c: &Clause) -> bool {
        let Some(b) = before else { return false };
        let Some(noun) = b.effect.noun.as_ref() else { return false };
        let own_subject = c.subject.as_ref().is_some_and(|s| s.span.start >= c.piece.span.start);
        let gap = self.gap(b, c);
        // `execute a 1 [Bank Left] or 1 [Bank Right] sideslip maneuver`: bracketed items of
        // one list, the head printed once after the last; each item counted is still one
        // thing, not a second effect.
        let shares_head = noun.text.trim_end().ends_with(']')
            && c.effect.noun.as_ref().is_some_and(|n| n.text.contains('[') && !n.text.trim_end().ends_with(']'));
        if (b.effect.amount.is_some() && !shares_head)
            || own_subject
            || !c.costs.is_empty()
            || !matches!(gap.as_str(), "or" | "and")
        {
            return false;
        }
        let (start, end) = (noun.span.start as usize, c.effect.piece.span.end as usize);
        let Some(words) = self.text_at(start, end) else {
            return false;
        };
        b.effect.noun = Some(Piece { text: words.to_string(), span: Span::new(start, end) });
        b.effect.piece.span = b.effect.piece.span.to(c.effect.piece.span);
        b.piece.span = b.piece.span.to(c.piece.span);
        b.instead |= c.instead;
        // What follows the joined noun is the clause's (`… template instead of the 2
        // [Straight] template`).
        b.modifiers.extend(c.modifiers.iter().cloned());
        if b.duration.is_none() {
            b.duration.clone_from(&c.duration);
        }
        true
    }

    /// Whether a clause is a bare verb that needs an object (`drop` in `drop or launch a
    /// bomb`, `move through` in `move through and overlap obstacles`, `roll` in `roll or
    /// reroll your dice`).
    fn waits_for_object(c: &Clause) -> bool {
        matches!(c.effect.kind, EffectKind::Drop | EffectKind::Launch | EffectKind::MoveThrough | EffectKind::RollDice)
            && c.effect.noun.is_none()
            && !c.effect.passive
    }

    /// `drop, launch, or place a bomb`: every bare verb of a list shares the object of the
    /// first verb after it that names one.
    fn share_objects(out: &mut [Clause]) {
        for i in (0..out.len().saturating_sub(1)).rev() {
            let next = &out[i + 1];
            if Self::waits_for_object(&out[i]) && next.effect.noun.is_some() && next.subject == out[i].subject {
                let (amount, noun) = (next.effect.amount.clone(), next.effect.noun.clone());
                out[i].effect.amount = amount;
                out[i].effect.noun = noun;
            }
        }
    }

    /// `You can acquire locks and perform primary attacks at range 1-4`: a range printed
    /// once after the last of two verbs joined by `and` holds for a lock before it too,
    /// which has no where-phrase of its own; it is the modifier of both, the range each
    /// reaches, and no longer words of the attacks' noun.
    fn share_range(&self, out: &mut [Clause]) {
        for i in 0..out.len().saturating_sub(1) {
            let (before, after) = (&out[i], &out[i + 1]);
            let bare_lock = before.effect.kind == EffectKind::Lock
                && before.effect.noun.is_none()
                && before.effect.target.is_none()
                && before.modifiers.is_empty();
            if !bare_lock || self.gap(before, after) != "and" || after.subject != before.subject {
                continue;
            }
            let Some(noun) = after.effect.noun.as_ref() else { continue };
            let lower = noun.text.to_ascii_lowercase();
            let Some(at) = lower.rfind(" at range ").map(|at| at + 1) else { continue };
            let rest = &lower[at + "at range ".len()..];
            if !rest.chars().all(|c| c.is_ascii_digit() || c == '-') {
                continue;
            }
            let from = noun.span.start as usize + at;
            let range = Piece { text: noun.text[at..].to_string(), span: Span::new(from, noun.span.end as usize) };
            let rest = noun.text[..at].trim_end();
            let start = noun.span.start as usize;
            let rest = Piece { text: rest.to_string(), span: Span::new(start, start + rest.len()) };
            out[i + 1].effect.noun = Some(rest);
            out[i + 1].modifiers.insert(0, range.clone());
            out[i].modifiers.push(range);
        }
    }

    /// `Add [Cannon], [Turret], and [Missile] slots`: one added slot a clause, in order.
    fn each_slot(c: Clause) -> Vec<Clause> {
        let Some(noun) = c.effect.noun.clone().filter(|_| c.effect.kind == EffectKind::AddSlot) else {
            return vec![c];
        };
        let start = noun.span.start as usize;
        let slots: Vec<Piece> = brackets(&noun.text)
            .map(|(at, name)| {
                let from = start + at - 1;
                Piece { text: format!("[{name}]"), span: Span::new(from, from + name.len() + 2) }
            })
            .collect();
        if slots.len() < 2 {
            return vec![c];
        }
        slots
            .into_iter()
            .enumerate()
            .map(|(i, slot)| {
                let mut one = c.clone();
                one.effect.noun = Some(slot);
                one.alternative &= i == 0;
                one
            })
            .collect()
    }

    /// Whether a clause is only an item of a list the clause before began (`jam` and
    /// `tractor token` in `remove 1 ion, jam, or tractor token`; `1 [Bank Left]` in `a
    /// white 2 [Straight], 1 [Bank Left], or 1 [Bank Right] maneuver`): no subject or
    /// qualifier of its own, no cost, and a few words that are no verb.
    fn list_item(c: &Clause) -> bool {
        let own = |p: &Option<Piece>| p.as_ref().is_some_and(|p| p.span.start >= c.piece.span.start);
        let text = &c.effect.piece.text;
        // `jam, stress, or tractor token`: the rest of the list, read as one opaque clause.
        let short = text.split(',').all(|part| (1..=6).contains(&part.split_whitespace().count()));
        let words: Vec<&str> = text.split(',').next().unwrap_or("").split_whitespace().collect();
        let first = words.first().copied().unwrap_or("");
        let numbered = first.chars().all(|ch| ch.is_ascii_digit()) && words.get(1).is_some_and(|w| w.starts_with('['));
        // `jam` in `remove 1 ion, jam, or stress token`: a verb with nothing to act on.
        let bare = words.len() == 1 && c.effect.noun.is_none() && c.effect.target.is_none();
        // `and name a result`: a word and an article is a deed, not an item of a list.
        // `and guess aloud a bearing`: an adverb may come between.
        let article = |i: usize| words.get(i).is_some_and(|w| matches!(w.to_ascii_lowercase().as_str(), "a" | "an"));
        let adverb = words.get(1).is_some_and(|w| w.eq_ignore_ascii_case("aloud") || w.ends_with("ly"));
        let deed = (words.len() > 2 && article(1)) || (words.len() > 3 && adverb && article(2));
        // `or to gain 1 disarm token`: a second thing to choose to do, not an item of a noun.
        let infinitive = first.eq_ignore_ascii_case("to");
        // `or one of your equipped upgrade cards`: a count in words is a count.
        let counted = first.chars().next().is_some_and(|ch| ch.is_ascii_digit())
            || matches!(first.to_ascii_lowercase().as_str(), "one" | "two" | "three");
        let opaque_or_elided = c.effect.kind == EffectKind::Opaque || bare || first.starts_with('[') || counted;
        !own(&c.subject)
            && !own(&c.qualifier)
            && !deed
            && !infinitive
            && c.costs.is_empty()
            && c.duration.is_none()
            && opaque_or_elided
            && short
            && (!first.chars().all(|ch| ch.is_ascii_digit()) || numbered)
            && (words.len() == 1
                || !AbilityParser::parse(Rule::verb_start, &GameWords::with(|w| w.mask(first)))
                    .is_ok_and(|mut p| p.next().is_some()))
    }

    /// Whether a list item holds the list's last items itself (`jam, stress, or tractor
    /// token`).
    fn closes_list(c: &Clause) -> bool {
        let lower = c.effect.piece.text.to_lowercase();
        lower.contains(", or ") || lower.contains(", and ")
    }

    /// A list the grammar read as clauses, one item each, read back into the noun of the
    /// clause that began it: `remove 1 ion, jam, stress, or tractor token from this card`
    /// is one removal of a choice of four tokens, from this card.
    fn noun_lists(&self, out: &mut Vec<Clause>) {
        let mut i = 0;
        while i + 1 < out.len() {
            let Some(noun) = out[i].effect.noun.clone() else {
                i += 1;
                continue;
            };
            let mut end = i;
            let mut closed = false;
            while end + 1 < out.len() && Self::list_item(&out[end + 1]) {
                let gap = self.gap(&out[end], &out[end + 1]);
                if !matches!(gap.as_str(), "," | ", or" | ", and" | "or" | "and") {
                    break;
                }
                end += 1;
                if gap != "," || Self::closes_list(&out[end]) {
                    closed = true;
                    break;
                }
            }
            if !closed || end == i {
                i += 1;
                continue;
            }
            let last = out[end].effect.piece.span.end as usize;
            if self.list_in_modifier(&mut out[i], noun.span.end, last) {
                let (instead, duration) = (out[end].instead, out[end].duration.clone());
                let c = &mut out[i];
                c.instead |= instead;
                c.duration = c.duration.take().or(duration);
                out.drain(i + 1..=end);
                i += 1;
                continue;
            }
            // The noun runs to the last item; a `to …` or `from …` after it is the target.
            let start = noun.span.start as usize;
            let Some(words) = self.text_at(start, last) else {
                i += 1;
                continue;
            };
            let lower = words.to_lowercase();
            let cut = [" to ", " from "].iter().filter_map(|w| lower.rfind(w).map(|at| (at, *w))).max();
            let (noun_text, rest) = match cut {
                Some((at, w)) => (&words[..at], Some((at, w))),
                None => (words, None),
            };
            let c = &mut out[i];
            c.effect.noun =
                Some(Piece { text: noun_text.to_string(), span: Span::new(start, start + noun_text.len()) });
            if let Some((at, w)) = rest {
                let t = words[at + w.len()..].trim();
                let t_start = start + words.len() - t.len();
                let piece = Piece { text: t.to_string(), span: Span::new(t_start, t_start + t.len()) };
                if w == " to " {
                    c.effect.target = Some(piece);
                } else {
                    c.effect.from = Some(piece);
                }
            }
            let span_end = out[end].piece.span.end as usize;
            let (instead, duration) = (out[end].instead, out[end].duration.clone());
            // `…, and [Jam] actions, even while stressed`: what follows the last item is the
            // list's.
            let trailing: Vec<Piece> = out[i + 1..=end].iter().flat_map(|c| c.modifiers.iter().cloned()).collect();
            let c = &mut out[i];
            c.instead |= instead;
            c.duration = c.duration.take().or(duration);
            c.modifiers.extend(trailing);
            c.piece.span = Span::new(c.piece.span.start as usize, span_end);
            c.effect.piece.span = Span::new(c.effect.piece.span.start as usize, last);
            out.drain(i + 1..=end);
            i += 1;
        }
    }

    /// `launch a device using the 3 [Bank Left], 3 [Straight], or 3 [Bank Right] template`:
    /// a list after a modifier of the clause (past its noun, which ends at `noun_end`) is
    /// the modifier's, which then runs to `last`; false when the clause has no such modifier.
    fn list_in_modifier(&self, c: &mut Clause, noun_end: u32, last: usize) -> bool {
        let Some(m) = c.modifiers.last_mut().filter(|m| m.span.start >= noun_end) else { return false };
        let start = m.span.start as usize;
        let Some(words) = self.text_at(start, last) else {
            return false;
        };
        *m = Piece { text: words.to_string(), span: Span::new(start, last) };
        c.piece.span = c.piece.span.to(Span::new(last, last));
        true
    }

    /// The sentence's words from `start` to `end`, offsets in the file as spans are.
    fn text_at(&self, start: usize, end: usize) -> Option<&str> {
        self.text.get(start.saturating_sub(self.base)..end.saturating_sub(self.base))
    }

    /// The words between two clauses, lowercased and trimmed.
    fn gap(&self, before: &Clause, after: &Clause) -> String {
        let (a, b) = (before.piece.span.end as usize, after.piece.span.start as usize);
        let text = self.text_at(a, b).unwrap_or("");
        text.trim().to_lowercase()
    }

    /// Lists of clauses, which the grammar reads one clause at a time:
    /// - a compound cost: `spend 1 [Charge] and gain 1 deplete token to …` is one cost of
    ///   two effects;
    /// - `A, B, or C`: the clauses joined by commas before an `or` are alternatives too;
    /// - a cost paid `to A or B` (`spend 1 [Charge] to drop or launch a bomb`) is paid for
    ///   whichever is chosen.
    fn lists(&self, out: &mut Vec<Clause>) {
        self.noun_lists(out);
        let mut i = 1;
        while i < out.len() {
            let joined_by_and = self.gap(&out[i - 1], &out[i]) == "and";
            let (b, c) = (&out[i - 1], &out[i]);
            let compound = joined_by_and
                && b.costs.is_empty()
                && b.qualifier == c.qualifier
                && is_cost_kind(b.effect.kind)
                && !c.costs.is_empty()
                && c.subject == b.subject;
            if compound {
                let first = out.remove(i - 1);
                out[i - 1].costs.insert(0, first.effect);
                out[i - 1].piece.span = first.piece.span.to(out[i - 1].piece.span);
                continue;
            }
            i += 1;
        }
        Self::alternative_costs(out);
        self.shared_targets(out);
        for end in 1..out.len() {
            if !out[end].alternative {
                continue;
            }
            let mut k = end;
            while k > 1 && self.gap(&out[k - 2], &out[k - 1]) == "," {
                out[k - 1].alternative = true;
                k -= 1;
            }
            // The cost of the first item is paid for any of them.
            let costs = out[k - 1].costs.clone();
            if !costs.is_empty() {
                for c in &mut out[k..=end] {
                    if c.costs.is_empty() {
                        c.costs.clone_from(&costs);
                    }
                }
            }
        }
    }

    /// `Place 1 ion, 1 jam, and 1 stress token on this card`: items of one verb, the last
    /// after `and`, share the target written after the last.
    fn shared_targets(&self, out: &mut [Clause]) {
        let mut end = out.len();
        while end > 1 {
            end -= 1;
            let Some(target) = out[end].effect.target.clone() else { continue };
            if !matches!(self.gap(&out[end - 1], &out[end]).as_str(), ", and" | "and") {
                continue;
            }
            let kind = out[end].effect.kind;
            let mut start = end;
            while start > 0
                && out[start - 1].effect.kind == kind
                && out[start - 1].effect.target.is_none()
                && (start == end || self.gap(&out[start - 1], &out[start]) == ",")
            {
                start -= 1;
            }
            if end - start < 2 {
                continue;
            }
            for c in &mut out[start..end] {
                c.effect.target = Some(target.clone());
            }
            end = start;
        }
    }

    /// `spend 1 shield or 2 [Energy] to cancel 1 [Hit] result`, `expose 1 of your damage
    /// cards or suffer 1 [Critical Hit] damage to perform a [SLAM] action`: a cost alone,
    /// then `or` another cost paid for an effect, is a choice of costs for that effect, each
    /// an alternative of its own.
    fn alternative_costs(out: &mut [Clause]) {
        // What a card pays with: the verbs of the costs printed before a `to`.
        let pays = |k: EffectKind| {
            is_cost_kind(k)
                || matches!(
                    k,
                    EffectKind::Expose
                        | EffectKind::Suffer
                        | EffectKind::Discard
                        | EffectKind::Remove
                        | EffectKind::Lose
                        | EffectKind::Gain
                )
        };
        for i in 1..out.len() {
            let (b, c) = (&out[i - 1], &out[i]);
            let paid_for = c.costs.first().is_some_and(|cost| pays(cost.kind));
            let bare_cost = b.costs.is_empty() && !b.alternative && pays(b.effect.kind) && paid_for;
            if c.alternative && bare_cost && !c.costs.is_empty() && c.subject == b.subject && c.qualifier == b.qualifier
            {
                let (effect, instead) = (c.effect.clone(), c.instead);
                let b = &mut out[i - 1];
                let cost = std::mem::replace(&mut b.effect, effect);
                b.costs.push(cost);
                b.instead |= instead;
            }
        }
    }

    /// A timing clause; an event (`after you perform an action`) is also read as clauses.
    /// An event that says when it happens (`after you spend a lock during an attack`) is
    /// two timings: the event, and `during` the rest.
    fn timing(&self, pair: Pair<'_, Rule>) -> Vec<Timing> {
        let piece = self.piece(&pair);
        let mut it = pair.into_inner();
        let (Some(when), Some(what)) = (it.next(), it.next()) else { return Vec::new() };
        let when = when.as_str().split_whitespace().collect::<Vec<_>>().join(" ").to_lowercase();
        let is_event = what.as_rule() == Rule::event_words;
        let what = Self::without_reminder(self.piece(&what));
        let (what, during) = match what.text.to_lowercase().find(" during ") {
            Some(at) if is_event => {
                let start = what.span.start as usize;
                let tail = &what.text[at + " during ".len()..];
                let head = Piece { text: what.text[..at].to_string(), span: Span::new(start, start + at) };
                let tail_start = start + what.text.len() - tail.len();
                let tail = Piece { text: tail.to_string(), span: Span::new(tail_start, tail_start + tail.len()) };
                (head, Some(tail))
            }
            _ => (what, None),
        };
        let events =
            if is_event { Self::either_subject(self.reparse_text(Rule::event_clause, &what)) } else { Vec::new() };
        let mut out = vec![Timing { when, what, piece: piece.clone(), event: events.first().cloned(), events }];
        if let Some(tail) = during {
            out.push(Timing { when: "during".into(), what: tail, piece, event: None, events: Vec::new() });
        }
        out
    }

    /// `you become the defender (before dice are rolled)`: a parenthesis that ends an event
    /// is reminder text, not part of it.
    fn without_reminder(what: Piece) -> Piece {
        let text = what.text.trim_end();
        let Some(open) = text.ends_with(')').then(|| text.rfind(" (")).flatten() else { return what };
        let kept = text[..open].trim_end();
        let start = what.span.start as usize;
        Piece { text: kept.to_string(), span: Span::new(start, start + kept.len()) }
    }

    /// `you or a friendly Obi-Wan Kenobi ship at range 0-3 fully executes a maneuver`: an
    /// event of either ship is two events, one for each.
    fn either_subject(events: Vec<Clause>) -> Vec<Clause> {
        let mut out = Vec::new();
        for c in events {
            let parts = c.subject.as_ref().map(Self::subjects_joined_by_or).unwrap_or_default();
            if parts.len() < 2 {
                out.push(c);
                continue;
            }
            for (i, s) in parts.into_iter().enumerate() {
                out.push(Clause { subject: Some(s), alternative: c.alternative || i > 0, ..c.clone() });
            }
        }
        out
    }

    /// The subjects in `you or a friendly ship`, each starting with a word that says who
    /// (`you`, `a`, `another`…); one piece when `or` joins no two subjects (`a friendly
    /// small or medium ship`).
    fn subjects_joined_by_or(subject: &Piece) -> Vec<Piece> {
        const WHO: [&str; 8] = ["you", "a", "an", "another", "each", "the", "that", "it"];
        let lower = subject.text.to_lowercase();
        let mut out = Vec::new();
        let mut from = 0;
        for (at, _) in lower.match_indices(" or ") {
            let next = lower[at + 4..].split_whitespace().next().unwrap_or("");
            if WHO.contains(&next) {
                out.push((from, at));
                from = at + 4;
            }
        }
        if out.is_empty() {
            return vec![subject.clone()];
        }
        out.push((from, subject.text.len()));
        let start = subject.span.start as usize;
        out.into_iter()
            .map(|(a, b)| Piece { text: subject.text[a..b].to_string(), span: Span::new(start + a, start + b) })
            .collect()
    }

    /// Reads a piece of the sentence again from another entry rule, keeping its spans.
    fn reparse_text(&self, rule: Rule, part: &Piece) -> Vec<Clause> {
        self.reparse_at(rule, part.text.trim_end(), part.span.start as usize)
    }

    /// Reads `text`, which starts at `base` in the file, from another entry rule; a text
    /// read before is shifted into place instead.
    fn reparse_at(&self, rule: Rule, text: &str, base: usize) -> Vec<Clause> {
        let key = (GameWords::with(GameWords::fingerprint), rule, text.to_string());
        let cached = self.reread.borrow().get(&key).cloned();
        let mut out = match cached {
            Some(out) => out,
            None => {
                let out = self.reparse_from_zero(rule, text);
                self.reread.borrow_mut().insert(key, out.clone());
                out
            }
        };
        out.shift(base as u32);
        out
    }

    /// Reads `text` from another entry rule, with spans from its start.
    fn reparse_from_zero(&self, rule: Rule, text: &str) -> Vec<Clause> {
        let b = Build { base: 0, text, reread: self.reread };
        let masked = GameWords::with(|w| w.mask(text));
        let Ok(mut pairs) = AbilityParser::parse(rule, &masked) else { return Vec::new() };
        let Some(top) = pairs.next() else { return Vec::new() };
        let mut out = Vec::new();
        for p in top.into_inner() {
            match p.as_rule() {
                Rule::clauses => out.extend(b.clauses(p)),
                Rule::effect => out.push(Clause { effect: b.effect(p), ..b.whole_clause() }),
                _ => {}
            }
        }
        out
    }

    /// The whole text as one opaque clause.
    fn whole_clause(&self) -> Clause {
        let piece = Piece { text: self.text.to_string(), span: Span::new(self.base, self.base + self.text.len()) };
        Clause {
            piece: piece.clone(),
            subject: None,
            qualifier: None,
            costs: Vec::new(),
            effect: Effect::opaque(piece),
            duration: None,
            modifiers: Vec::new(),
            instead: false,
            alternative: false,
            then: false,
            each: false,
        }
    }

    /// A sentence that does not parse at all (the grammar is meant to be total): one
    /// opaque clause holding all of it.
    fn whole_opaque(&self) -> Step {
        let clause = self.whole_clause();
        Step {
            piece: clause.piece.clone(),
            conditions: Vec::new(),
            for_each: None,
            timings: Vec::new(),
            duration: None,
            clauses: vec![clause],
        }
    }
}

/// Reads a condition's words as a timing's event is read (`you perform a red [Barrel Roll]
/// action`, `you drop or launch a device`): its clauses, none when the words do not parse.
/// The same words read the same anywhere, so each thread keeps what it has read (up to
/// [`EVENT_MEMO_LIMIT`] texts, then it starts again): a set repeats its conditions, and the
/// checks read them more than once.
pub(crate) fn event_clauses(text: &str) -> Vec<Clause> {
    let words = GameWords::with(GameWords::fingerprint);
    if let Some(read) = EVENT_MEMO.with(|m| m.borrow().get(&words).and_then(|m| m.get(text)).cloned()) {
        return read;
    }
    let reread = RefCell::default();
    let b = Build { base: 0, text, reread: &reread };
    let read = Build::either_subject(b.reparse_at(Rule::event_clause, text, 0));
    EVENT_MEMO.with(|m| {
        let mut m = m.borrow_mut();
        if m.values().map(HashMap::len).sum::<usize>() >= EVENT_MEMO_LIMIT {
            m.clear();
        }
        m.entry(words).or_default().insert(text.to_string(), read.clone());
    });
    read
}

/// How many condition texts [`event_clauses`] keeps per thread.
const EVENT_MEMO_LIMIT: usize = 20_000;

thread_local! {
    /// Condition texts read as events, with spans from their start, by the fingerprint of
    /// the game's words they were read with.
    static EVENT_MEMO: RefCell<HashMap<u64, HashMap<String, Vec<Clause>>>> = RefCell::default();
}

/// A parsed sentence: what it starts (if anything) and its step.
#[derive(Shift, Clone)]
struct Sentence {
    header: Option<(Piece, Option<Piece>)>,
    frequency: Option<Piece>,
    timings: Vec<Timing>,
    replacement: Option<Replacement>,
    step: Step,
    /// Further steps of the same sentence, each with its own condition (`…; on a [Hit]
    /// result gain 1 strain token`, `…, or 2 strain tokens if you are damaged`).
    more: Vec<Step>,
}

impl Sentence {
    /// `you may spend 1 [Force] to have it gain 1 jam token`: what another ship does once
    /// you have paid is a step of its own, done only if you did, as `If you do, it gains 1
    /// jam token` is.
    fn paid_for(&mut self) {
        let had = |c: &Clause| c.piece.text.get(..8).is_some_and(|w| w.eq_ignore_ascii_case("to have "));
        let Some(at) = self.step.clauses.iter().position(had).filter(|at| *at > 0) else { return };
        let clauses = self.step.clauses.split_off(at);
        let first = &clauses[0].piece;
        let start = first.span.start as usize;
        let piece = Piece { text: first.text[..7].to_string(), span: Span::new(start, start + 7) };
        let step = Step {
            piece: self.step.piece.clone(),
            conditions: vec![Cond { kind: CondKind::If, piece: Piece { text: "you do".into(), ..piece } }],
            for_each: None,
            timings: Vec::new(),
            duration: None,
            clauses,
        };
        self.more.insert(0, step);
    }

    /// `If it does, after defending, the defender gains 1 strain token`: a timing written as
    /// a participle with no subject of its own is done by the subject of the clause it
    /// opens, as English reads it (here the defender defends); with none written, you.
    /// A subject of `you` is left unwritten, as the card leaves it (`While defending`).
    fn participles_take_the_subject(&mut self) {
        let Some(subject) = self.step.clauses.first().and_then(|c| c.subject.clone()) else { return };
        if subject.text.trim().eq_ignore_ascii_case("you") {
            return;
        }
        for t in self.timings.iter_mut().chain(self.step.timings.iter_mut()) {
            let first = t.what.text.split_whitespace().next().unwrap_or_default().to_lowercase();
            let participle = first.len() > 4 && first.ends_with("ing");
            // `While defending, the attacker may …`: the attacker is not the one defending,
            // so it is you, as with no subject.
            let who = subject.text.trim().to_lowercase();
            let other_side = match first.as_str() {
                "defending" => who == "the attacker",
                "attacking" | "performing" => who == "the defender",
                _ => false,
            };
            if !participle || other_side {
                continue;
            }
            for e in t.event.iter_mut().chain(t.events.iter_mut()).filter(|e| e.subject.is_none()) {
                e.subject = Some(subject.clone());
            }
        }
    }

    fn starts_ability(&self) -> bool {
        self.header.is_some() || self.frequency.is_some() || !self.timings.is_empty() || self.replacement.is_some()
    }

    /// Whether a sentence goes on from the one before: `If you do`, `Then`, a pronoun or
    /// `that …` first, `this action`, an `instead` that finishes a replacement.
    fn refers_back(&self) -> bool {
        self.refers_back_by(true)
    }

    /// [`Sentence::refers_back`], counting `this action`, `this ability` and `this attack`
    /// only when `this_thing`: after a `Setup:` ability they are the card's own action,
    /// ability or attack, not one the ability before named (`Setup: Equip this side faceup.
    /// You can perform this attack at range 0.`).
    /// Whether a condition is of what the step before did: `If you do`, `If it does`, `If
    /// you do not`.
    fn is_you_do(c: &Cond) -> bool {
        let t = c.piece.text.to_lowercase();
        ["you do", "you did", "it does", "they do", "you don't", "you do not"].iter().any(|w| t.starts_with(w))
    }

    fn refers_back_by(&self, this_thing: bool) -> bool {
        let step = &self.step;
        let by_condition = step.conditions.iter().any(Self::is_you_do);
        let first = step.piece.text.trim_start().to_lowercase();
        let words: Vec<&str> =
            first.split(|c: char| !c.is_alphanumeric() && c != '\'').filter(|w| !w.is_empty()).collect();
        let pronoun_first =
            ["that ", "those ", "it ", "they ", "then", "if you do", "otherwise"].iter().any(|w| first.starts_with(w));
        let this = ["this action", "this ability", "this attack"].iter().any(|w| this_thing && first.contains(w))
            || ["that maneuver", "that template", "that device"].iter().any(|w| first.contains(w));
        by_condition || pronoun_first || this || words.contains(&"instead")
    }

    /// A sentence that states a rule of its own rather than going on from the one before:
    /// every clause a `can` or `cannot` (`You can perform [SLAM] actions …`, `This card's
    /// [Charge] cannot be recovered.`) or an added or removed slot (`Add [Crew] slot.`,
    /// `Remove [Crew] slot.`), with no
    /// `If you do`, `Then` or timing tying it to what came before.
    fn stands_alone(&self) -> bool {
        let step = &self.step;
        let refers_back = self.refers_back();
        let rule = |c: &Clause| {
            let q = c.qualifier.as_ref().map(|q| q.text.to_lowercase());
            // `Remove [Crew] slot.`: a slot taken away, like one added.
            let slot = c.effect.noun.as_ref().is_some_and(|n| {
                let t = n.text.to_lowercase();
                t.ends_with(" slot") || t.ends_with(" slots")
            });
            matches!(q.as_deref(), Some("can" | "cannot" | "can't"))
                || c.effect.kind == EffectKind::AddSlot
                || (c.effect.kind == EffectKind::Remove && slot)
        };
        !refers_back
            && step.timings.is_empty()
            && step.for_each.is_none()
            && !step.clauses.is_empty()
            && step.clauses.iter().all(rule)
    }

    /// A sentence whose every clause says what `You` do, plainly, with no `may`, `If you
    /// do` or timing (`You ignore the effects of friendly devices.`): after a triggered
    /// ability, a rule of its own that always holds, not a further step of the trigger
    /// (whose steps say what to do: `Gain 1 stress token.`).
    fn says_what_you_do(&self) -> bool {
        let step = &self.step;
        let you = |c: &Clause| {
            c.subject.as_ref().is_some_and(|s| s.text.eq_ignore_ascii_case("you"))
                && c.qualifier.is_none()
                && c.effect.kind != EffectKind::Opaque
        };
        !self.refers_back()
            && step.conditions.is_empty()
            && step.timings.is_empty()
            && step.for_each.is_none()
            && !step.clauses.is_empty()
            && step.clauses.iter().all(you)
    }

    /// Whether this sentence, after `frame`, is a rule of its own rather than a step of
    /// it: what `You` plainly do after a trigger, or anything that does not go on from a
    /// `Setup:` ability.
    fn rule_after(&self, frame: &Frame) -> bool {
        (self.says_what_you_do() && !frame.timings.is_empty()) || (frame.is_setup() && !self.refers_back_by(false))
    }

    /// A sentence wholly in parentheses (`(This is not an action).`): reminder text, which
    /// neither starts an ability nor is a step of one.
    fn is_reminder(text: &str) -> bool {
        let t = text.trim().trim_end_matches('.');
        t.starts_with('(') && t.ends_with(')')
    }
}

/// The longest sentence the grammar reads, in bytes; a longer one is kept whole, as one
/// opaque clause (reported as W0006). The longest sentence printed on a card in xwing-data2
/// and the Armada data is 272 bytes. The grammar backtracks: on some shapes no card prints
/// (`If and If`, `] , facedown` or `When , 1` over and over) a try rescans the rest of the
/// sentence from each word, so the work on one sentence grows with the square of its
/// length: `When , 1` took 1,100 rule calls a byte at 492 bytes, where printed text takes 25
/// to 100. The bound, half again the longest printed, keeps that under 1,000 calls a byte
/// and the work on a text of any length linear in its length (`tests/it/parse_work.rs`).
pub const MAX_SENTENCE_BYTES: usize = 400;

/// Parses one sentence with spans from its start; [`SentenceCache`] moves them into place.
fn parse_sentence(text: &str, reread: &RefCell<Reread>) -> Sentence {
    let b = Build { base: 0, text, reread };
    let whole = Piece { text: text.to_string(), span: Span::new(0, text.len()) };
    let mut out = Sentence {
        header: None,
        frequency: None,
        timings: Vec::new(),
        replacement: None,
        step: Step {
            piece: whole,
            conditions: Vec::new(),
            for_each: None,
            timings: Vec::new(),
            duration: None,
            clauses: Vec::new(),
        },
        more: Vec::new(),
    };
    let masked = GameWords::with(|w| w.mask(text));
    let parsed =
        if text.len() > MAX_SENTENCE_BYTES { None } else { AbilityParser::parse(Rule::sentence, &masked).ok() };
    let Some(mut pairs) = parsed else {
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
                        Rule::condition => out.step.conditions.extend(b.condition(q)),
                        Rule::rep_subject => subject = Some(b.piece(&q)),
                        Rule::rep_event => event = Some(q),
                        Rule::clauses => out.step.clauses = b.clauses(q),
                        _ => {}
                    }
                }
                out.step.lift_unless();
                if let (Some(kind), Some(event)) = (kind, event) {
                    let (effect, or_effects, how) =
                        read_event(b.printed(&event).trim_end(), b.base + event.as_span().start());
                    out.replacement =
                        Some(Replacement { kind, subject, event: b.piece(&event), effect, or_effects, how });
                }
            }
            Rule::framed => {
                // Timings before any condition or `Then` open the ability; after one, they
                // belong to this step.
                let mut follow_up = false;
                let mut instead = None;
                for q in p.into_inner() {
                    match q.as_rule() {
                        Rule::k_then => follow_up = true,
                        Rule::timing => {
                            let timings = b.timing(q);
                            if follow_up {
                                out.step.timings.extend(timings);
                            } else {
                                out.timings.extend(timings);
                            }
                        }
                        Rule::frequency => out.frequency = q.into_inner().last().map(|u| b.piece(&u)),
                        Rule::condition | Rule::otherwise => {
                            follow_up = true;
                            out.step.conditions.extend(b.condition(q));
                        }
                        Rule::for_each => {
                            follow_up = true;
                            out.step.for_each = Some(b.piece(&q));
                        }
                        Rule::lead_duration => {
                            follow_up = true;
                            out.step.duration = Some(b.piece(&q));
                        }
                        Rule::instead_of => instead = Some(b.piece(&q)),
                        Rule::clauses => {
                            out.step.clauses = b.clauses(q);
                            out.step.timings.extend(Build::step_of_the_round(&mut out.step.clauses));
                            if out.step.for_each.is_none() {
                                out.step.for_each = Build::counted_after(&mut out.step.clauses);
                            }
                            if let Some(words) = &instead {
                                replacing(&mut out.step.clauses, words, text);
                            }
                        }
                        // `if you are at range 0 of an asteroid, skip your Execute Maneuver step; if
                        // you revealed a left maneuver, rotate 90°`: a part after a semicolon goes
                        // on from the sentence (lowering marks it, by its `;`).
                        Rule::substep => out.more.extend(b.substep(q)),
                        _ => {}
                    }
                }
                let alternative = out.step.split_conditional_alternative();
                out.step.lift_unless();
                out.more.splice(0..0, alternative);
            }
            _ => {}
        }
    }
    out.paid_for();
    out.participles_take_the_subject();
    out
}

/// `Instead of performing an action, that remote relocates …`: the clauses happen instead
/// of what `words` name; the first clause's piece takes those words in.
fn replacing(clauses: &mut [Clause], words: &Piece, text: &str) {
    clauses.iter_mut().for_each(|c| c.instead = true);
    if let Some(first) = clauses.first_mut() {
        first.piece.span = words.span.to(first.piece.span);
        first.piece.text = text.get(first.piece.span.range()).unwrap_or(&first.piece.text).to_string();
    }
}

/// The event a replacement replaces, read as an effect, when the grammar structures it.
fn read_event(text: &str, base: usize) -> (Option<Effect>, Vec<Effect>, Vec<Piece>) {
    let reread = RefCell::default();
    let b = Build { base, text, reread: &reread };
    let masked = GameWords::with(|w| w.mask(text));
    let whole = AbilityParser::parse(Rule::event_effect, &masked).ok().and_then(|mut p| p.next());
    let effect = whole.and_then(|top| top.into_inner().find(|p| p.as_rule() == Rule::effect)).map(|p| b.effect(p));
    // `drop a device using a 1 [Straight] template`: the event, then how.
    let read = effect.map(|e| (e, Vec::new(), Vec::new())).or_else(|| {
        let top = AbilityParser::parse(Rule::event_clause, &masked).ok()?.next()?;
        let clauses = top.into_inner().find(|p| p.as_rule() == Rule::clauses)?;
        // `drop or launch a device`: events joined by `or`, any of them replaced; joined
        // otherwise, or with how-phrases of their own, they stay opaque rather than read
        // narrower than printed.
        match &b.clauses(clauses)[..] {
            [c] => Some((c.effect.clone(), Vec::new(), c.modifiers.clone())),
            [c, rest @ ..] if rest.iter().all(|r| r.alternative) && c.modifiers.is_empty() => {
                let last = rest.last()?;
                let others = rest.iter().map(|r| r.effect.clone()).collect();
                (rest[..rest.len() - 1].iter().all(|r| r.modifiers.is_empty()))
                    .then(|| (c.effect.clone(), others, last.modifiers.clone()))
            }
            _ => None,
        }
    });
    let structured = |e: &Effect| e.kind != EffectKind::Opaque;
    match read.filter(|(e, others, _)| structured(e) && others.iter().all(structured)) {
        Some((e, others, how)) => (Some(e), others, how),
        None => (None, Vec::new(), Vec::new()),
    }
}

/// `When/While/Before <subject> would <event>`: the replacement a timing states; the
/// timing's words say its kind (`Before`, else `If`).
fn timing_would(t: &Timing) -> Option<Replacement> {
    let when = Span::new(t.piece.span.start as usize, t.what.span.start as usize);
    let kind = Piece { text: if t.when == "before" { "Before" } else { "If" }.to_string(), span: when };
    would(&t.what, kind)
}

/// `<subject> would <event>` in a piece: the replacement it states.
fn would(piece: &Piece, kind: Piece) -> Option<Replacement> {
    let lower = piece.text.to_lowercase();
    let at = lower
        .find(" would ")
        .map(|i| (i, i + " would ".len()))
        .or_else(|| lower.starts_with("would ").then_some((0, 6)))?;
    let start = piece.span.start as usize;
    let subject = piece.text[..at.0].trim();
    let event_text = piece.text[at.1..].trim_end();
    let event = Piece { text: event_text.to_string(), span: Span::new(start + at.1, start + at.1 + event_text.len()) };
    let subject = (!subject.is_empty())
        .then(|| Piece { text: subject.to_string(), span: Span::new(start, start + subject.len()) });
    let (effect, or_effects, how) = read_event(event_text, start + at.1);
    Some(Replacement { kind, subject, event, effect, or_effects, how })
}

/// `you would drop a [Crew] remote and there is an enemy ship …`: the replaced event ends
/// at `and there is`; what follows is a condition of its own.
fn and_there(piece: &Piece) -> (Piece, Option<Piece>) {
    let lower = piece.text.to_lowercase();
    let Some(at) = [" and there is ", " and there are "].iter().find_map(|w| lower.find(w)) else {
        return (piece.clone(), None);
    };
    let start = piece.span.start as usize;
    let from = at + " and ".len();
    let event = Piece { text: piece.text[..at].to_string(), span: Span::new(start, start + at) };
    let rest = Piece { text: piece.text[from..].to_string(), span: Span::new(start + from, piece.span.end as usize) };
    (event, Some(rest))
}

/// Whether `text` has `word` as a whole word, ignoring case.
pub fn says(text: &str, word: &str) -> bool {
    text.split(|c: char| !c.is_alphanumeric()).any(|x| x.eq_ignore_ascii_case(word))
}

/// A frame that says `would` and `instead` but does not open with `If … would …,`: the
/// other templates of a replacement. A timing (`When you would …,`, `While you would
/// …,`, `Before you would …,`) or a condition after a lead (`While you defend, if you
/// would …`; `If you do, … instead`) states the replaced event.
fn replacement_of(frame: &mut Frame, text: &str) {
    if frame.replacement.is_some() || !says(text, "instead") {
        return;
    }
    if !says(text, "would") {
        before_instead(frame);
        return;
    }
    let piece_at = |p: &Piece, word: &str| Piece {
        text: word.to_string(),
        span: Span::new(p.span.start as usize, p.span.start as usize),
    };
    if let Some(i) = frame.timings.iter().position(|t| t.what.text.to_lowercase().contains("would ")) {
        if let Some(r) = timing_would(&frame.timings[i]) {
            frame.replacement = Some(r);
            frame.timings.remove(i);
            return;
        }
    }
    for step in &mut frame.steps {
        // `While you defend, if …, before you would be dealt a faceup damage card, …`.
        if let Some(i) = step.timings.iter().position(|t| t.what.text.to_lowercase().starts_with("you would ")) {
            if let Some(r) = timing_would(&step.timings[i]) {
                frame.replacement = Some(r);
                step.timings.remove(i);
                return;
            }
        }
        if let Some(i) = step.conditions.iter().position(|c| c.piece.text.to_lowercase().contains("would ")) {
            let c = step.conditions[i].clone();
            let (event, rest) = and_there(&c.piece);
            if let Some(r) = would(&event, piece_at(&c.piece, "If")) {
                frame.replacement = Some(r);
                match rest {
                    Some(piece) => step.conditions[i] = Cond { kind: c.kind, piece },
                    None => {
                        step.conditions.remove(i);
                    }
                }
                return;
            }
        }
    }
}

/// `Before you execute an advanced maneuver, execute a white stationary maneuver instead`:
/// with no `would`, a `Before` event whose own sentence says `instead` is still the event
/// replaced.
fn before_instead(frame: &mut Frame) {
    let [t] = frame.timings.as_slice() else { return };
    let Some(event) = t.event.as_ref().filter(|e| t.when == "before" && e.effect.kind != EffectKind::Opaque) else {
        return;
    };
    // `Before … is dealt a facedown damage card, you may spend 1 [Force]. If you do, that
    // damage card is dealt faceup instead`: the step that says `instead` may be a later one.
    if !frame.steps.iter().any(|s| s.clauses.iter().any(|c| c.instead)) {
        return;
    }
    let kind =
        Piece { text: "Before".into(), span: Span::new(t.piece.span.start as usize, t.what.span.start as usize) };
    let replacement = Replacement {
        kind,
        subject: event.subject.clone(),
        event: event.effect.piece.clone(),
        effect: Some(event.effect.clone()),
        or_effects: Vec::new(),
        how: event.modifiers.clone(),
    };
    frame.replacement = Some(replacement);
    frame.timings.clear();
}

/// The ability frames of a text block: `text` is the whole file, `sentences` the block's
/// sentence spans in it.
pub fn frames(text: &str, sentences: &[Span]) -> Vec<Frame> {
    frames_cached(text, sentences, &mut SentenceCache::default())
}

/// [`frames`], reusing the sentences `cache` has already parsed (a set repeats many).
pub fn frames_cached(text: &str, sentences: &[Span], cache: &mut SentenceCache) -> Vec<Frame> {
    let mut out: Vec<Frame> = Vec::new();
    for span in sentences {
        let Some(sentence_text) = text.get(span.range()) else { continue };
        if let Some(frame) = out.last_mut().filter(|_| Sentence::is_reminder(sentence_text)) {
            frame.span = frame.span.to(*span);
            frame.reminders.push(Piece { text: sentence_text.to_string(), span: *span });
            continue;
        }
        let mut s = cache.parse(sentence_text, span.start as usize);
        // `At the start of the next Planning Phase, …`: a delayed trigger the ability before
        // sets up, a step of it.
        // `While you execute that maneuver, …`: a window of what the ability before named,
        // a step of it too; so is `During this phase, …`, the phase that ability named.
        let delayed = !s.timings.is_empty()
            && s.header.is_none()
            && s.replacement.is_none()
            && s.timings.iter().all(|t| {
                let what = t.what.text.to_lowercase();
                what.starts_with("the next ")
                    || what.trim_end_matches('.') == "this phase"
                    || ["that maneuver", "that attack", "that action"].iter().any(|w| what.contains(w))
            });
        if delayed && !out.is_empty() {
            let timings = std::mem::take(&mut s.timings);
            s.step.timings.splice(0..0, timings);
        }
        match out.last_mut() {
            // It goes on from the ability before whatever that ability is (a replacement
            // is only known as one once its `instead` is read).
            Some(frame) if delayed => {
                frame.span = frame.span.to(*span);
                frame.steps.push(s.step);
                frame.steps.append(&mut s.more);
            }
            // A rule after a triggered ability is an ability of its own.
            Some(frame)
                if !s.starts_ability()
                    && !(s.stands_alone() && (!frame.timings.is_empty() || frame.header.is_some()))
                    && !s.rule_after(frame)
                    && (!frame.is_static() || s.refers_back()) =>
            {
                frame.span = frame.span.to(*span);
                frame.steps.push(s.step);
                frame.steps.append(&mut s.more);
            }
            _ => out.push(Frame {
                span: *span,
                requirement: s.header.as_ref().and_then(|(_, r)| r.clone()),
                header: s.header.map(|(h, _)| h),
                frequency: s.frequency,
                timings: s.timings,
                replacement: s.replacement,
                steps: std::iter::once(s.step).chain(s.more).collect(),
                reminders: Vec::new(),
            }),
        }
    }
    for frame in &mut out {
        let words = text.get(frame.span.range()).unwrap_or_default();
        replacement_of(frame, words);
    }
    out
}

#[cfg(test)]
mod tests;
