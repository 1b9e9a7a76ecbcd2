//! Ability text: each `text { … }` and `ability "…" { … }` block is parsed into frames
//! ([`crate::text`]) and checked against the game's vocabulary: its `[Name]`s (E0401),
//! `would` without `instead` (E0403), numbers too large (E0404). The lowering reads the
//! frames ([`TextSite`]) into each card's abilities; the checks that need the lowered
//! ability run after it ([`crate::lint`]).

use cards_runtime::ability::Ability;
use cards_runtime::model::{self, Vocabulary};

use crate::ast::{FieldValue, FileId, Span, TextBlock};
use crate::declare_code;
use crate::diagnostics::{Applicability, Diagnostic, Fix};
use crate::resolve::{suggest, Names};
use crate::source::SourceMap;
use crate::text::{self, Frame, NOUN_KINDS};

declare_code! {
    /// ## What
    /// Ability text names `[Something]` the game does not declare.
    ///
    /// ## Why
    /// `[Name]` is an icon: it names a vocabulary entry of the game (a token, resource,
    /// action, die, result, arc, phase, upgrade icon…) by its display name. A name nothing
    /// declares is almost always a typo, and the rules engine could not tell what the
    /// ability spends, rolls or changes.
    ///
    /// ## Example
    /// `Spend 1 [Charges].` — the game declares `resource charge "Charge"`: write
    /// `[Charge]`, or declare the entry in `game.cards`.
    pub static E0401: "E0401", "unknown-icon-name", Error;
}

declare_code! {
    /// ## What
    /// An ability says what `would` happen (`If you would …`) but never says what happens
    /// `instead`.
    ///
    /// ## Why
    /// "If … would …, … instead." is the template of a replacement effect: it replaces an
    /// effect as it happens, and the replaced effect does not occur. Without `instead` the
    /// reader cannot tell whether the original effect still happens. (`Before you would
    /// …, …` without `instead` is a timing, not a replacement: it resolves before the event,
    /// which still happens.)
    ///
    /// ## Example
    /// `If you would gain a focus token, you may gain an evade token.` — write
    /// `…, you may gain an evade token instead.`
    pub static E0403: "E0403", "would-without-instead", Error;
}

declare_code! {
    /// ## What
    /// A number in ability text that is too large to be one: more than 4,294,967,295.
    ///
    /// ## Why
    /// Amounts, ranges and counts are small numbers; a number past 32 bits is a slip (a
    /// pasted id, a run of digits) that the reading would otherwise drop without a word,
    /// leaving the effect without its amount.
    ///
    /// ## Example
    /// `Gain 10000000000 [Focus] tokens.`
    pub static E0404: "E0404", "number-out-of-range", Error;
}

/// One text block of a card, parsed.
#[derive(Debug)]
pub struct TextSite {
    /// The card's index in the set.
    pub card: usize,
    /// The field of the card that holds the block.
    pub field: usize,
    /// Its file.
    pub file: FileId,
    /// How many sentences the block has.
    pub sentences: usize,
    /// Its frames.
    pub frames: Vec<Frame>,
    /// Where the frames' abilities start in the card's `abilities` (of the state
    /// [`Self::version`] names): each frame of the card's blocks lowers to one ability, in
    /// order.
    pub first: usize,
    /// The card's state the block was read in, set by the lowering: `None` for the card
    /// itself, else its version in the card's history (a block a later release replaced,
    /// `text from errata-2 { … }`); one past its history when no state holds it (a field
    /// the check rejected), so that it reads in none.
    pub version: Option<usize>,
}

impl TextSite {
    /// The block's abilities, lowered from its frames in the same order.
    pub fn abilities<'c>(&self, cards: &'c [model::Card]) -> &'c [Ability] {
        self.card_in(cards).and_then(|c| c.abilities.get(self.first..self.first + self.frames.len())).unwrap_or(&[])
    }

    /// The card the block was read in: the card itself, or the version of it in its
    /// history that [`Self::version`] names.
    pub fn card_in<'c>(&self, cards: &'c [model::Card]) -> Option<&'c model::Card> {
        let card = cards.get(self.card)?;
        match self.version {
            None => Some(card),
            Some(v) => card.history.get(v).map(|v| &v.card),
        }
    }
}

/// Parses and checks every ability text block of every card (in the order of
/// `names.cards`): a card's first `text { … }`, each `text from <release> { … }` and each
/// `ability "…" { … }`.
pub fn check_texts(
    names: &Names<'_>,
    sources: &SourceMap,
    vocab: &Vocabulary,
    d: &mut Vec<Diagnostic>,
    cache: &mut text::SentenceCache,
) -> Vec<TextSite> {
    let mut sites = Vec::new();
    for (index, def) in names.cards.iter().enumerate() {
        let file = sources.file(def.file);
        let mut seen_text = false;
        let mut first = 0;
        for (at, field) in def.card.fields.iter().enumerate() {
            let block = match &field.value {
                FieldValue::Text(block) if field.from.is_some() => block,
                FieldValue::Text(block) if !seen_text => {
                    seen_text = true;
                    block
                }
                FieldValue::Ability { text, .. } => text,
                _ => continue,
            };
            let frames = text::frames_cached(&file.text, &block.sentences, cache);
            check_block(def.file, &file.text, block, &frames, vocab, d);
            let count = frames.len();
            sites.push(TextSite {
                card: index,
                field: at,
                file: def.file,
                sentences: block.sentences.len(),
                frames,
                first,
                version: None,
            });
            first += count;
        }
    }
    sites
}

/// The display names `[Name]` may use.
fn icon_names(vocab: &Vocabulary) -> impl Iterator<Item = &str> {
    NOUN_KINDS.iter().flat_map(move |k| k.entries(vocab).iter().map(|e| &*e.name))
}

/// The runs of ASCII digits in `text`, with their byte offsets.
fn numbers(text: &str) -> impl Iterator<Item = (usize, &str)> {
    let bytes = text.as_bytes();
    let mut at = 0;
    std::iter::from_fn(move || {
        while at < bytes.len() && !bytes[at].is_ascii_digit() {
            at += 1;
        }
        let start = at;
        while at < bytes.len() && bytes[at].is_ascii_digit() {
            at += 1;
        }
        (at > start).then(|| (start, &text[start..at]))
    })
}

/// E0401, E0403 and E0404 for one block.
fn check_block(
    file: FileId,
    source: &str,
    block: &TextBlock,
    frames: &[Frame],
    vocab: &Vocabulary,
    d: &mut Vec<Diagnostic>,
) {
    for sentence in &block.sentences {
        let Some(text) = source.get(sentence.range()) else { continue };
        for (at, digits) in numbers(text) {
            if digits.parse::<u32>().is_err() {
                let start = sentence.start as usize + at;
                let shown = if digits.len() > 20 { format!("{}…", &digits[..20]) } else { digits.to_string() };
                d.push(
                    Diagnostic::new(&E0404, format!("the number `{shown}` is too large ({} digits)", digits.len()))
                        .label(file, Span::new(start, start + digits.len()), "at most 4,294,967,295")
                        .help("ability text counts small amounts; was a digit repeated or pasted?"),
                );
            }
        }
        for (at, name) in text::brackets(text) {
            let known = icon_names(vocab).any(|n| n == name || n.eq_ignore_ascii_case(name));
            if !known {
                let start = sentence.start as usize + at;
                let span = Span::new(start, start + name.len());
                let fix = suggest::closest_certain(name, icon_names(vocab)).map(|(meant, certain)| {
                    let applicability =
                        if certain { Applicability::MachineApplicable } else { Applicability::MaybeIncorrect };
                    Fix::replace(format!("did you mean `{meant}`?"), file, span, meant, applicability)
                });
                let help = fix.is_none().then(|| {
                    "declare it in `game.cards` (a token, resource, action, die, result, arc, phase or icon)"
                        .to_string()
                });
                d.push(
                    Diagnostic::new(&E0401, format!("unknown name `[{name}]`"))
                        .label(file, span, "the game declares nothing by this name")
                        .maybe_fix(fix)
                        .maybe_help(help),
                );
            }
        }
    }
    for frame in frames {
        let text = source.get(frame.span.range()).unwrap_or_default();
        // `If … would …,` promises a replacement. (`Before you would …,` without `instead`
        // is a timing: it happens before the event, which still happens.)
        let would = frame
            .steps
            .iter()
            .flat_map(|s| s.conditions.iter().map(|c| &c.piece))
            .find(|c| c.text.split_whitespace().any(|w| w.eq_ignore_ascii_case("would")));
        if let (Some(cond), false) = (would, text::says(text, "instead")) {
            d.push(
                Diagnostic::new(&E0403, "`would` without `instead`")
                    .label(file, cond.span, "this says what would happen…")
                    .label(file, frame.span, "…but the ability never says what happens instead")
                    .help("a replacement effect reads \"If … would …, … instead.\""),
            );
        }
    }
}
