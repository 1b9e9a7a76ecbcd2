//! The checks of ability text that ask how it lowered: a header the game does not declare
//! (E0402), and the templating lints (W0003–W0006, N0001, N0002), which read the frames
//! the checks parsed ([`TextSite`]) beside the abilities lowered from them. Also how much
//! of the text the reading structures ([`Coverage`]).

use std::collections::{BTreeMap, HashMap, HashSet};

use cards_runtime::ability::{Ability, EffectKind, PartKind, Person, Qualifier, Test};
use cards_runtime::model::{self, Vocabulary};

use crate::ast::{FileId, Span};
use crate::check::abilities::TextSite;
use crate::check::round_trip;
use crate::declare_code;
use crate::diagnostics::{Applicability, Diagnostic, Fix};
use crate::lower::ability as lower;
use crate::resolve::suggest;

declare_code! {
    /// ## What
    /// A sentence starts with a header (`Word:`) the game does not declare.
    ///
    /// ## Why
    /// Headers such as `Action:` and `Attack:` say when an ability can be used and whether
    /// it is optional; the game declares them with `header <id> "<Text>" [optional]`.
    ///
    /// ## Example
    /// `Acton: Spend 1 [Charge] to recover 1 shield.` — write `Action:`.
    pub static E0402: "E0402", "unknown-header", Error;
}

declare_code! {
    /// ## What
    /// An ability pays a cost and does nothing with it: a header followed only by a cost
    /// sentence (`Action: Spend 1 [Charge].`).
    ///
    /// ## Why
    /// A cost can be paid only if its effect can resolve; with no effect it can never be
    /// paid, so the ability is dead text. Usually the effect sentence was lost.
    ///
    /// ## Example
    /// `Action: Spend 1 [Charge].` — add what it does:
    /// `Action: Spend 1 [Charge]. Recover 1 shield.`
    pub static W0003: "W0003", "cost-without-effect", Warning;
}

declare_code! {
    /// ## What
    /// `must` in an ability under a header the game declares `optional`.
    ///
    /// ## Why
    /// Abilities under an optional header (`Action:`) are optional: the player chooses to
    /// use them. Saying the card's own ship `must` do something there contradicts that.
    ///
    /// ## Example
    /// `Action: You must gain 1 stress token.` — drop `must`, or move the text out from
    /// under the header.
    pub static W0004: "W0004", "must-under-optional-header", Warning;
}

declare_code! {
    /// ## What
    /// `may` in an ability under a header the game declares `optional`.
    ///
    /// ## Why
    /// An ability under an optional header is already optional; `may` says it twice. Card
    /// templating leaves it out.
    ///
    /// ## Example
    /// `Action: You may recover 1 shield.` — write `Action: Recover 1 shield.`
    pub static W0005: "W0005", "redundant-may", Warning;
}

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

declare_code! {
    /// ## What
    /// Two abilities in the set replace the same event (`Before you would gain a focus
    /// token, … instead.` on two cards).
    ///
    /// ## Why
    /// Only one replacement effect can apply to one effect: when both cards are on one
    /// ship, the player picks one and the other does nothing for that event.
    ///
    /// ## Example
    /// Evasion Protocol and Calculated Protocol both replace gaining a focus token.
    pub static N0001: "N0001", "competing-replacements", Note;
}

declare_code! {
    /// ## What
    /// One ability says a ship `can` do something that another ability says it `cannot`.
    ///
    /// ## Why
    /// "Cannot" is absolute: no "can" overrides it. When both apply, the ship cannot.
    ///
    /// ## Example
    /// `you can spend evade tokens` on one card and `the defender cannot spend evade
    /// tokens` on another: the defender cannot.
    pub static N0002: "N0002", "can-and-cannot", Note;
}

/// E0402 for every frame whose header the lowering finds no header of the game for.
pub fn check_headers(sites: &[TextSite], vocab: &Vocabulary, d: &mut Vec<Diagnostic>) {
    for site in sites {
        let file = site.file;
        for frame in &site.frames {
            if let Some(h) = &frame.header {
                if lower::header(h, vocab).is_none() {
                    let names = vocab.headers.iter().map(|e| &*e.name);
                    let fix = suggest::closest_certain(&h.text, names).map(|(meant, certain)| {
                        let applicability =
                            if certain { Applicability::MachineApplicable } else { Applicability::MaybeIncorrect };
                        Fix::replace(format!("did you mean `{meant}`?"), file, h.span, meant, applicability)
                    });
                    let help =
                        fix.is_none().then(|| format!("declare it in `game.cards`: `header <id> \"{}\"`", h.text));
                    d.push(
                        Diagnostic::new(&E0402, format!("unknown header `{}:`", h.text))
                            .label(file, h.span, "the game declares no such header")
                            .maybe_fix(fix)
                            .maybe_help(help),
                    );
                }
            }
        }
    }
}

/// Whether a header names an attack (`Attack`, `Bonus Attack`): its ability is the attack,
/// so a cost alone pays for it and a `may` in it is a choice within the attack.
fn attack_header(vocab: &Vocabulary, header: Option<u16>) -> bool {
    header.and_then(|h| vocab.headers.get(h as usize)).is_some_and(|e| e.name.to_lowercase().contains("attack"))
}

/// The ships a card's abilities can be on: a pilot's own, a chassis' ships, the ships that
/// could equip an upgrade. `None` for a card on no ship (a blueprint, a part).
fn ships_of(set: &model::Set, card: usize) -> Option<Vec<u32>> {
    let c = set.cards.get(card)?;
    match c.kind {
        model::CardKind::Ship => Some(vec![card as u32]),
        model::CardKind::Chassis => Some(
            (0..set.cards.len() as u32)
                .filter(|&i| {
                    set.cards[i as usize].kind == model::CardKind::Ship
                        && set.cards[i as usize].chassis == Some(card as u32)
                })
                .collect(),
        ),
        model::CardKind::Upgrade => Some(crate::check::unequippable_upgrade::ships_equipping(set, c)),
        _ => None,
    }
}

/// The templating lints over every parsed block: W0003–W0006, N0001, N0002.
pub fn lints(sites: &[TextSite], set: &model::Set, d: &mut Vec<Diagnostic>) {
    let (vocab, cards) = (&set.vocab, &set.cards[..]);
    let mut replacements: Vec<(&Ability, usize, FileId, Span)> = Vec::new();
    let mut capabilities: Vec<(Qualifier, &cards_runtime::ability::Clause, usize, FileId, Span)> = Vec::new();
    for site in sites {
        for (frame, ability) in site.frames.iter().zip(site.abilities(cards)) {
            let optional_header = ability.header.is_some_and(|h| vocab.headers[h as usize].marked);
            // The step that says what the ability does: after a header's leading cost.
            let lead = usize::from(lower::leading_cost(frame).is_some());
            let first_effect_step = &frame.steps[lead.min(frame.steps.len().saturating_sub(1))];
            let attack = attack_header(vocab, ability.header);
            if lower::leading_cost(frame).is_some() && frame.steps.len() == 1 && !attack {
                d.push(
                    Diagnostic::new(&W0003, "a cost with no effect")
                        .label(site.file, frame.span, "this ability only pays")
                        .help("a cost can be paid only if its effect can resolve; add the effect"),
                );
            }
            for (step, clause) in frame.steps.iter().flat_map(|s| s.clauses.iter().map(move |c| (s, c))) {
                let own_ship = clause.subject.as_ref().is_none_or(|s| s.text.eq_ignore_ascii_case("you"));
                let q = clause.qualifier.as_ref();
                let q_span = q.map_or(clause.piece.span, |q| q.span);
                let header_span = frame.header.as_ref().map_or(frame.span, |h| h.span);
                match lower::qualifier(q) {
                    Qualifier::Must if optional_header && own_ship => d.push(
                        Diagnostic::new(&W0004, "`must` under an optional header")
                            .label(site.file, q_span, "makes this mandatory")
                            .label(site.file, header_span, "but this header makes the ability optional")
                            .help("drop `must`, or write the ability without the header"),
                    ),
                    Qualifier::May
                        if optional_header && own_ship && !attack && std::ptr::eq(step, first_effect_step) =>
                    {
                        d.push(
                            Diagnostic::new(&W0005, "redundant `may` under an optional header")
                                .label(site.file, q_span, "already optional")
                                .label(site.file, header_span, "because of this header")
                                .help("drop `may`"),
                        )
                    }
                    _ => {}
                }
                for e in clause.effects().filter(|e| e.kind == EffectKind::Opaque) {
                    let long = e.piece.text.len() > crate::text::MAX_SENTENCE_BYTES;
                    let (message, help) = if long {
                        (
                            format!(
                                "opaque sentence of {} bytes, longer than the {} a sentence is read to",
                                e.piece.text.len(),
                                crate::text::MAX_SENTENCE_BYTES
                            ),
                            "end its sentences with `.`, or `allow opaque-clause` in game.cards".to_string(),
                        )
                    } else {
                        (
                            format!("opaque clause `{}`", lower::squash(&e.piece.text)),
                            "`allow opaque-clause` in game.cards if the set accepts opaque text".to_string(),
                        )
                    };
                    d.push(
                        Diagnostic::new(&W0006, message)
                            .label(site.file, e.piece.span, "kept as text: the rules engine cannot resolve it")
                            .help(help),
                    );
                }
            }
            // The other parts the reading counts: triggers, the replaced event, conditions.
            let opaque = |what: &str, piece: &crate::text::Piece| {
                Diagnostic::new(&W0006, format!("opaque {what} `{}`", lower::squash(&piece.text)))
                    .label(site.file, piece.span, "kept as text: the rules engine cannot resolve it")
                    .help("`allow opaque-clause` in game.cards if the set accepts opaque text")
            };
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
                if c.kind != crate::text::CondKind::Otherwise && tests.iter().any(|t| t.test == Test::Opaque) {
                    d.push(opaque("condition", &c.piece));
                }
            }
            // A phrase the lowering keeps only as words: the model does not hold what it says.
            let kept: Vec<&str> = ability.kept().collect();
            let timings = frame.timings.iter().chain(frame.steps.iter().flat_map(|s| &s.timings));
            let events = timings.flat_map(|t| t.event.iter().chain(&t.events));
            let written = events.chain(frame.steps.iter().flat_map(|s| &s.clauses)).flat_map(|c| &c.modifiers);
            let mut reported = HashSet::new();
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
            if ability.replacement.is_some() {
                replacements.push((ability, site.card, site.file, frame.span));
            }
            for c in ability.clauses() {
                if matches!(c.qualifier, Qualifier::Can | Qualifier::Cannot) {
                    capabilities.push((c.qualifier, c, site.card, site.file, frame.span));
                }
            }
        }
    }
    // The ships each card's abilities can be on, worked out for the cards that need it.
    let mut ships: HashMap<usize, Option<Vec<u32>>> = HashMap::new();
    let mut meet = |a: usize, b: usize| {
        let sa = ships.entry(a).or_insert_with(|| ships_of(set, a)).clone();
        let sb = ships.entry(b).or_insert_with(|| ships_of(set, b)).clone();
        match (sa, sb) {
            (Some(x), Some(y)) => x.iter().any(|s| y.contains(s)),
            _ => true,
        }
    };
    // The first replacement of each event, by its keys: an earlier one sharing a key is
    // the same event (`Effect::same_event`).
    let mut first: HashMap<EventKey, usize> = HashMap::new();
    for (i, (a, _, file, span)) in replacements.iter().enumerate() {
        let Some(event) = a.replacement.as_ref().map(|r| &r.event) else { continue };
        let keys = event_keys(event);
        let earlier = keys.iter().filter_map(|k| first.get(k)).min().map(|&j| &replacements[j]);
        for k in keys {
            first.entry(k).or_insert(i);
        }
        // Two replacements compete when both can apply to one effect: never two printings
        // of one unique card; two of `you` only when both cards can be on one ship.
        let card_a = replacements[i].1;
        let mut compete = |(b, card_b): (&Ability, usize)| {
            let (x, y) = (&cards[card_a], &cards[card_b]);
            if card_a != card_b && x.unique && y.unique && x.name == y.name {
                return false;
            }
            let own = |x: &Ability| x.replacement.as_ref().is_some_and(|r| r.subject.person == Person::You);
            card_a == card_b || !own(a) || !own(b) || meet(card_a, card_b)
        };
        if let Some((_, card, bfile, bspan)) = earlier.filter(|(b, card, _, _)| compete((b, *card))) {
            let other = cards.get(*card).map_or_else(String::new, |c| format!(" on `{}`", c.id));
            d.push(
                Diagnostic::new(&N0001, format!("another ability{other} also replaces `{}`", event.text))
                    .label(*file, *span, "this replacement…")
                    .label(*bfile, *bspan, "…and this one replace the same event")
                    .help("only one replacement effect can apply to one effect; the player picks one"),
            );
        }
    }
    // The `cannot` clauses by event, each event's cards; a `can` meets a `cannot` of the
    // same event on another card.
    let mut cannot: HashMap<EventKey, Vec<usize>> = HashMap::new();
    for (i, (q, c, _, _, _)) in capabilities.iter().enumerate() {
        if *q == Qualifier::Cannot {
            for k in event_keys(&c.effect) {
                cannot.entry(k).or_default().push(i);
            }
        }
    }
    for (q, c, card, file, span) in &capabilities {
        // `can … only …` restricts rather than permits.
        let only = c.modifiers.iter().any(|m| m.to_lowercase().starts_with("only"))
            || c.text.to_lowercase().split_whitespace().any(|w| w == "only");
        if *q != Qualifier::Can || only {
            continue;
        }
        let against = event_keys(&c.effect)
            .iter()
            .filter_map(|k| cannot.get(k))
            .flat_map(|v| v.iter().copied())
            .filter(|&j| capabilities[j].2 != *card)
            // `you can …` and `you cannot …` meet only when both cards can be on one ship; a
            // `cannot` about another ship (`the defender cannot …`, `enemy ships cannot …`)
            // meets the `can` of whichever ship that is.
            .filter(|&j| {
                let both_you = c.subject.person == Person::You && capabilities[j].1.subject.person == Person::You;
                !both_you || meet(*card, capabilities[j].2)
            })
            .min()
            .map(|j| &capabilities[j]);
        if let Some((_, c2, _, file2, span2)) = against {
            d.push(
                Diagnostic::new(&N0002, format!("`can {}` meets `cannot {}`", c.effect.text, c2.effect.text))
                    .label(*file, *span, "this says a ship can…")
                    .label(*file2, *span2, "…and this says a ship cannot")
                    .help("\"cannot\" is absolute: when both apply, the ship cannot"),
            );
        }
    }
}

/// What identifies an event for [`Effect::same_event`]: its kind and one vocabulary
/// entry it names, or its lowercased words when it names none.
#[derive(Clone, PartialEq, Eq, Hash)]
enum EventKey {
    Ref(EffectKind, cards_runtime::ability::VocabRef),
    Words(EffectKind, String),
    Bare(EffectKind),
}

/// The keys of an event; two events share one exactly when `same_event` holds.
fn event_keys(e: &cards_runtime::ability::Effect) -> Vec<EventKey> {
    if e.kind == EffectKind::Opaque {
        return Vec::new();
    }
    match &e.noun {
        Some(n) if !n.refs.is_empty() => n.refs.iter().map(|r| EventKey::Ref(e.kind, *r)).collect(),
        Some(n) => vec![EventKey::Words(e.kind, n.text.to_ascii_lowercase())],
        None => vec![EventKey::Bare(e.kind)],
    }
}

/// How much of a set's ability text the grammar structures: every part the reading
/// counts (triggers, replaced events, costs, conditions and effects).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Coverage {
    /// Text blocks.
    pub blocks: usize,
    /// Sentences.
    pub sentences: usize,
    /// Sentences inside a frame.
    pub sentences_in_frames: usize,
    /// Abilities (frames).
    pub abilities: usize,
    /// Structured parts.
    pub structured: usize,
    /// Opaque parts.
    pub opaque: usize,
    /// By kind of part: structured and opaque.
    pub by_part: BTreeMap<PartKind, (usize, usize)>,
    /// Opaque parts by shape (first three words, numbers as `N`), with counts.
    pub shapes: BTreeMap<String, usize>,
    /// Abilities whose reading, said back, is the printed text (N0003 reports the others).
    pub round_trip_exact: usize,
}

impl Coverage {
    /// Counts the parsed blocks of a set and their abilities, and those of `said` that
    /// round-trip.
    pub fn of(sites: &[TextSite], cards: &[model::Card], said: &[round_trip::SaidBack]) -> Coverage {
        let exact = said.iter().filter(|s| s.round_trip == cards_runtime::ability_card::RoundTrip::Exact).count();
        let mut c = Coverage { round_trip_exact: exact, ..Coverage::default() };
        for site in sites {
            c.blocks += 1;
            c.sentences += site.sentences;
            c.abilities += site.frames.len();
            c.sentences_in_frames += site.frames.iter().map(|f| f.steps.len()).sum::<usize>();
            for ability in site.abilities(cards) {
                for part in ability.parts() {
                    let counts = c.by_part.entry(part.what).or_default();
                    if part.structured {
                        c.structured += 1;
                        counts.0 += 1;
                    } else {
                        c.opaque += 1;
                        counts.1 += 1;
                        *c.shapes.entry(lower::shape(part.text)).or_default() += 1;
                    }
                }
            }
        }
        c
    }

    /// Abilities that round-trip as a share of all, in percent (100 when there are none).
    pub fn round_trip_percent(&self) -> f64 {
        match self.abilities {
            0 => 100.0,
            n => 100.0 * self.round_trip_exact as f64 / n as f64,
        }
    }

    /// Structured parts as a share of all, in percent (100 when there are none).
    pub fn structured_percent(&self) -> f64 {
        match self.structured + self.opaque {
            0 => 100.0,
            n => 100.0 * self.structured as f64 / n as f64,
        }
    }

    /// The most common opaque shapes, most common first (ties by shape).
    pub fn top_shapes(&self, n: usize) -> Vec<(&str, usize)> {
        let mut v: Vec<(&str, usize)> = self.shapes.iter().map(|(s, c)| (s.as_str(), *c)).collect();
        v.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
        v.truncate(n);
        v
    }
}
