//! A game's own words in its ability text: the unit kind it declares (`each friendly
//! hero`, `that hero`) and the distance it measures in (`within 2 spaces of you`,
//! `adjacent`), read as X-Wing's `ship` and `at range` are.
//!
//! The grammar (`ability.pest`) knows X-Wing's words only. Before a sentence is parsed, each
//! whole word of the game's unit and distance is overwritten with as many mark bytes as it
//! has (`hero` → four `\x1F`), which the grammar reads where it reads `ship` and `spaces`:
//! spans stay where they are, and the pieces of a frame are sliced from the printed text, so
//! they say `hero`. The lowering asks what a piece's words mean in [`canonical`] form
//! (`each friendly ship at range 0-2 of you`) and keeps the printed words as written.
//!
//! Which words are the game's is known while a set's abilities are read and lowered:
//! [`GameWords::enter`] sets them for the thread until the guard it returns is dropped. A
//! game that declares neither a unit of its own nor a distance has [`GameWords::prelude`],
//! under which nothing is masked or rewritten, so X-Wing and Armada read byte for byte as
//! before. Every cache of readings keys on [`GameWords::fingerprint`].

use std::borrow::Cow;
use std::cell::RefCell;
use std::collections::HashSet;
use std::hash::{Hash, Hasher};
use std::sync::OnceLock;

use cards_runtime::model::Words;

/// The mark that stands for the game's unit word in the text the grammar reads.
pub const UNIT_MARK: u8 = 0x1F;
/// The mark that stands for the game's distance word (`spaces`).
pub const DISTANCE_MARK: u8 = 0x1D;
/// The mark that stands for `adjacent`, when the game says what it means.
pub const ADJACENT_MARK: u8 = 0x1E;
/// The mark that stands for one of the game's verbs (`heal`, `heals`, `healed`).
pub const VERB_MARK: u8 = 0x1C;
/// What a mark byte printed in the text itself becomes, so that only the game's words
/// read as marks: a control character every rule reads as it reads any other.
const STRAY: u8 = 0x1A;

/// The game's words as the reader uses them, in lowercase.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct GameWords {
    /// The unit's word, one and many (`hero`, `heroes`), when the game's is not `ship`.
    unit: Option<(String, String)>,
    /// The distance's word, one and many (`space`, `spaces`).
    distance: Option<(String, String)>,
    /// The band `adjacent` names.
    adjacent: Option<u8>,
    /// The game's verbs' forms (base, third person, past participle), in the order of
    /// [`EffectKind::Game`](cards_runtime::ability::EffectKind::Game)'s index; a verb the
    /// grammar already spells is left out (and keeps its place).
    verbs: Vec<Option<[String; 3]>>,
}

thread_local! {
    static CURRENT: RefCell<GameWords> = RefCell::default();
}

/// Restores the words the thread read with before [`GameWords::enter`].
#[must_use = "the words hold until the guard is dropped"]
pub struct Entered {
    before: GameWords,
}

impl Drop for Entered {
    fn drop(&mut self) {
        let before = std::mem::take(&mut self.before);
        CURRENT.with(|c| *c.borrow_mut() = before);
    }
}

impl GameWords {
    /// The words of a game that declares none: X-Wing's.
    pub fn prelude() -> GameWords {
        GameWords::default()
    }

    /// The words a set's model says its game uses. A word the grammar already reads as
    /// something else (`attack`, `token`, `range`) is not taken: text using it stays as the
    /// grammar reads it, opaque where it cannot.
    pub fn of(words: &Words<'_>) -> GameWords {
        let pair = |one: String, many: String| {
            let taken = grammar_words();
            (!taken.contains(one.as_str()) && !taken.contains(many.as_str()) && is_word(&one) && is_word(&many))
                .then_some((one, many))
        };
        let unit = pair(words.unit.one(), words.unit.many());
        let distance = words.distance.and_then(|d| pair(d.noun.one(), d.noun.many()));
        let adjacent = words.distance.and_then(|d| d.adjacent).filter(|_| distance.is_some());
        let verbs = words
            .verbs
            .iter()
            .map(|v| {
                let forms = [v.id.to_lowercase(), v.third.to_lowercase(), v.past.to_lowercase()];
                let taken = grammar_words();
                forms.iter().all(|f| is_word(f) && !taken.contains(f.as_str())).then_some(forms)
            })
            .collect();
        GameWords { unit, distance, adjacent, verbs }
    }

    /// Whether they are X-Wing's: nothing is masked or rewritten.
    pub fn is_prelude(&self) -> bool {
        self.unit.is_none() && self.distance.is_none() && self.verbs.iter().all(Option::is_none)
    }

    /// The index of the game's verb a lowercase word is a form of.
    pub fn verb(&self, word: &str) -> Option<u16> {
        let i = self.verbs.iter().position(|v| v.as_ref().is_some_and(|forms| forms.iter().any(|f| f == word)))?;
        u16::try_from(i).ok()
    }

    /// Reads ability text with these words on this thread until the guard is dropped.
    pub fn enter(&self) -> Entered {
        let before = CURRENT.with(|c| std::mem::replace(&mut *c.borrow_mut(), self.clone()));
        Entered { before }
    }

    /// Runs `f` with the thread's words.
    pub fn with<R>(f: impl FnOnce(&GameWords) -> R) -> R {
        CURRENT.with(|c| f(&c.borrow()))
    }

    /// What tells readings under these words from readings under others: 0 for the
    /// prelude's, so a cache of X-Wing text keys as it always did.
    pub fn fingerprint(&self) -> u64 {
        if self.is_prelude() {
            return 0;
        }
        let mut h = std::collections::hash_map::DefaultHasher::new();
        self.hash(&mut h);
        h.finish() | 1
    }

    /// `text` as the grammar reads it: each whole word of the game's unit and distance
    /// overwritten with its mark, byte for byte, and any mark byte printed in the text made
    /// a plain control character. The text itself when there is nothing to change.
    pub fn mask<'t>(&self, text: &'t str) -> Cow<'t, str> {
        let stray = text.bytes().any(|b| matches!(b, VERB_MARK | DISTANCE_MARK | ADJACENT_MARK | UNIT_MARK));
        if self.is_prelude() && !stray {
            return Cow::Borrowed(text);
        }
        let mut bytes = text.as_bytes().to_vec();
        for b in &mut bytes {
            if matches!(*b, VERB_MARK | DISTANCE_MARK | ADJACENT_MARK | UNIT_MARK) {
                *b = STRAY;
            }
        }
        // `Cast: Spend 1 [Charge].`, `Heal Burst (Arcane):`: a header names its kind of
        // ability, whatever else its words are.
        let header = header_end(text);
        for (start, end, word) in words_of(text) {
            if end <= header {
                continue;
            }
            let mark = self.mark_of(&word.to_lowercase());
            if let Some(mark) = mark {
                bytes[start..end].fill(mark);
            }
        }
        // Only ASCII bytes were written, over whole characters: still UTF-8.
        Cow::Owned(String::from_utf8(bytes).unwrap_or_else(|_| text.to_string()))
    }

    /// The mark a lowercase word is read as, if it is one of the game's.
    fn mark_of(&self, word: &str) -> Option<u8> {
        let is = |pair: &Option<(String, String)>| pair.as_ref().is_some_and(|(one, many)| word == one || word == many);
        if is(&self.unit) {
            Some(UNIT_MARK)
        } else if is(&self.distance) {
            Some(DISTANCE_MARK)
        } else if self.adjacent.is_some() && word == "adjacent" {
            Some(ADJACENT_MARK)
        } else if self.verb(word).is_some() {
            Some(VERB_MARK)
        } else {
            None
        }
    }

    /// `lower` (a piece's words in lowercase) said in X-Wing's words, for the lowering to
    /// match on: the unit is `ship`/`ships`, `within 2 spaces` is `at range 0-2`, and
    /// `adjacent to` is `at range 1 of`. Never sliced back into the printed text: a piece
    /// keeps its own words.
    pub fn canonical<'t>(&self, lower: &'t str) -> Cow<'t, str> {
        if self.is_prelude() {
            return Cow::Borrowed(lower);
        }
        let words: Vec<&str> = lower.split(' ').collect();
        let mut out: Vec<String> = Vec::with_capacity(words.len());
        let mut i = 0;
        let mut changed = false;
        while i < words.len() {
            let w = words[i];
            let (bare, tail) = split_punctuation(w);
            let within = w == "within"
                && words.get(i + 1).is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
                && words.get(i + 2).is_some_and(|d| self.mark_of(split_punctuation(d).0) == Some(DISTANCE_MARK));
            if within {
                let (_, tail) = split_punctuation(words[i + 2]);
                out.push(format!("at range 0-{}{tail}", words[i + 1]));
                i += 3;
                changed = true;
                continue;
            }
            match self.mark_of(bare) {
                Some(UNIT_MARK) => {
                    let many = self.unit.as_ref().is_some_and(|(one, many)| bare == many && one != many);
                    out.push(format!("{}{tail}", if many { "ships" } else { "ship" }));
                    changed = true;
                }
                Some(ADJACENT_MARK) => {
                    let band = self.adjacent.unwrap_or(1);
                    // `adjacent to you`: `at range 1 of you`.
                    let to = words.get(i + 1).is_some_and(|n| matches!(*n, "to" | "of"));
                    out.push(format!("at range {band}{tail}"));
                    if to {
                        out.push("of".to_string());
                        i += 1;
                    }
                    changed = true;
                }
                _ => out.push(w.to_string()),
            }
            i += 1;
        }
        if changed {
            Cow::Owned(out.join(" "))
        } else {
            Cow::Borrowed(lower)
        }
    }
}

/// Where a header the sentence opens with ends (after its `:`), as the grammar's `header`
/// reads one: up to three words of letters joined by `-` or a space, a requirement in
/// parentheses, then `:`. 0 when it opens with none.
fn header_end(text: &str) -> usize {
    let bytes = text.as_bytes();
    let blank = |i: &mut usize| {
        while bytes.get(*i).is_some_and(|b| b.is_ascii_whitespace()) {
            *i += 1;
        }
    };
    let letters = |i: &mut usize| {
        let start = *i;
        while bytes.get(*i).is_some_and(u8::is_ascii_alphabetic) {
            *i += 1;
        }
        *i > start
    };
    let mut i = 0;
    blank(&mut i);
    if !letters(&mut i) {
        return 0;
    }
    for _ in 0..2 {
        let mut j = i;
        if !matches!(bytes.get(j), Some(b'-' | b' ')) {
            break;
        }
        j += 1;
        if !letters(&mut j) {
            break;
        }
        i = j;
    }
    blank(&mut i);
    if bytes.get(i) == Some(&b'(') {
        match text[i..].find(')') {
            Some(close) => i += close + 1,
            None => return 0,
        }
        blank(&mut i);
    }
    if bytes.get(i) == Some(&b':') {
        i + 1
    } else {
        0
    }
}

/// A word and the punctuation after it (`hero,` → `hero`, `,`).
fn split_punctuation(w: &str) -> (&str, &str) {
    let end = w.trim_end_matches(|c: char| !(c.is_alphanumeric() || matches!(c, '\'' | '’' | '-'))).len();
    w.split_at(end)
}

/// Whether a declared word is one the mask can find: letters, digits and `-`, as the
/// grammar's words end.
fn is_word(w: &str) -> bool {
    !w.is_empty() && w.chars().all(|c| c.is_alphanumeric() || c == '-')
}

/// The whole words of `text` as the grammar ends them (letters and digits, `'`, `’`, `-`):
/// start, end and the word.
fn words_of(text: &str) -> impl Iterator<Item = (usize, usize, &str)> {
    let is_word_char = |c: char| c.is_alphanumeric() || matches!(c, '\'' | '’' | '-');
    let mut out = Vec::new();
    let mut start = None;
    for (i, c) in text.char_indices().chain(std::iter::once((text.len(), ' '))) {
        match (start, is_word_char(c)) {
            (None, true) => start = Some(i),
            (Some(s), false) => {
                out.push((s, i, &text[s..i]));
                start = None;
            }
            _ => {}
        }
    }
    out.into_iter()
}

/// Every word the ability grammar spells out (`attack`, `range`, `friendly`): a game's word
/// that is one of them would change what the grammar reads, so it is not masked.
pub(crate) fn grammar_words() -> &'static HashSet<String> {
    static WORDS: OnceLock<HashSet<String>> = OnceLock::new();
    WORDS.get_or_init(|| {
        let mut out = HashSet::new();
        for line in cardc_grammar::ABILITY_GRAMMAR.lines() {
            // The string literals of a rule's line, escapes and all; comments are prose.
            let code = line.split("//").next().unwrap_or_default();
            let mut chars = code.chars();
            while chars.by_ref().any(|c| c == '"') {
                let mut literal = String::new();
                while let Some(c) = chars.next() {
                    match c {
                        '\\' => {
                            chars.next();
                        }
                        '"' => break,
                        c => literal.push(c),
                    }
                }
                let words = literal.split(|c: char| !(c.is_alphanumeric() || c == '-'));
                out.extend(words.filter(|w| !w.is_empty()).map(str::to_lowercase));
            }
        }
        out
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use cards_runtime::model::{Distance, Noun};

    fn emberfall() -> GameWords {
        let unit = Noun { id: "hero".into(), name: "Hero".into(), plural: "Heroes".into(), plural_id: "heroes".into() };
        let space =
            Noun { id: "space".into(), name: "Space".into(), plural: "Spaces".into(), plural_id: "spaces".into() };
        let distance = Distance { noun: space, adjacent: Some(1) };
        GameWords::of(&Words { unit: &unit, distance: Some(&distance), verbs: &[] })
    }

    #[test]
    fn the_prelude_changes_nothing() {
        let p = GameWords::of(&Words::PRELUDE);
        assert!(p.is_prelude());
        assert_eq!(p.fingerprint(), 0);
        assert!(matches!(p.mask("each friendly ship at range 0-2"), Cow::Borrowed(_)));
        assert!(matches!(p.canonical("each friendly ship"), Cow::Borrowed(_)));
    }

    #[test]
    fn a_games_words_are_masked_byte_for_byte() {
        let w = emberfall();
        let text = "Each friendly Hero within 2 spaces of you, adjacent to heroes' heroic heroes.";
        let masked = w.mask(text);
        assert_eq!(masked.len(), text.len());
        assert_eq!(
            masked,
            "Each friendly \x1F\x1F\x1F\x1F within 2 \x1D\x1D\x1D\x1D\x1D\x1D of you, \x1E\x1E\x1E\x1E\x1E\x1E\x1E\x1E to heroes' heroic \x1F\x1F\x1F\x1F\x1F\x1F."
        );
        // A header's words are the header's, and only a header's.
        assert_eq!(w.mask("Hero: each hero"), "Hero: each \x1F\x1F\x1F\x1F");
        assert_eq!(w.mask("Hero Burst (Spaces): hero"), "Hero Burst (Spaces): \x1F\x1F\x1F\x1F");
        assert_eq!(w.mask("For each hero: gain"), "For each hero: gain");
        assert_eq!(w.mask("Gain 1 token for each hero: x"), "Gain 1 token for each \x1F\x1F\x1F\x1F: x");
        assert_eq!(header_end("Cast (Arcane: x"), 0);
        // A mark printed in the text is no word of the game's.
        assert_eq!(w.mask("a \x1F b"), "a \x1A b");
        assert_eq!(GameWords::prelude().mask("a \x1F b"), "a \x1A b");
    }

    #[test]
    fn canonical_words_say_it_as_xwing_does() {
        let w = emberfall();
        assert_eq!(w.canonical("each friendly hero within 2 spaces of you"), "each friendly ship at range 0-2 of you");
        assert_eq!(w.canonical("friendly heroes within 1 space,"), "friendly ships at range 0-1,");
        assert_eq!(w.canonical("an enemy hero adjacent to you"), "an enemy ship at range 1 of you");
        assert_eq!(w.canonical("within range 1 of your edge"), "within range 1 of your edge");
    }

    #[test]
    fn the_grammar_words_are_its_literals() {
        let words = grammar_words();
        for w in ["ship", "ships", "range", "attack", "friendly", "within", "defender"] {
            assert!(words.contains(w), "{w}");
        }
        // Words of its comments and rule names are not.
        for w in ["hero", "space", "spaces", "adjacent", "k_ship", "grammar"] {
            assert!(!words.contains(w), "{w}");
        }
    }

    #[test]
    fn a_word_the_grammar_uses_is_not_taken() {
        let unit =
            Noun { id: "attack".into(), name: "Attack".into(), plural: "Attacks".into(), plural_id: "attacks".into() };
        let w = GameWords::of(&Words { unit: &unit, distance: None, verbs: &[] });
        assert!(w.is_prelude());
    }

    proptest::proptest! {
        /// Any text, masked: as long as it was, still UTF-8, the same outside the game's
        /// words and marks, and a mark only where a word of the game's was; said
        /// canonically without a panic.
        #[test]
        fn masking_keeps_every_byte_in_place(text in "(\\PC|[\\x1a-\\x1f]| hero| heroes| spaces| adjacent| heals|Cast:| within 2)*") {
            let w = emberfall_with_a_verb();
            let masked = w.mask(&text);
            proptest::prop_assert_eq!(masked.len(), text.len());
            for (a, b) in text.bytes().zip(masked.bytes()) {
                let marked = matches!(b, UNIT_MARK | DISTANCE_MARK | ADJACENT_MARK | VERB_MARK);
                proptest::prop_assert!(a == b || marked || (b == STRAY && matches!(a, 0x1C..=0x1F)), "{a} {b}");
                proptest::prop_assert!(!marked || a.is_ascii_alphabetic() || a >= 0x80, "{a} {b}");
            }
            let _ = w.canonical(&text.to_lowercase());
            proptest::prop_assert!(header_end(&text) <= text.len());
        }
    }

    fn emberfall_with_a_verb() -> GameWords {
        let mut w = emberfall();
        w.verbs = vec![Some(["heal".into(), "heals".into(), "healed".into()])];
        w
    }
}
