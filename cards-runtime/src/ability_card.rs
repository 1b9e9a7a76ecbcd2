//! Abilities said back as a card prints them: "After you perform a [Barrel Roll] action,
//! you may perform a red [Lock] action."
//!
//! [`ability_plain`](crate::ability_plain) says how the compiler read an ability in plain
//! words, with notes (`Optional.`, `Cost:`); this is its stricter sibling. It writes the
//! card text the reading means, in the game's templating, from the structured fields of
//! the [`Ability`] alone: never its printed text or spans, nor the `text` of a clause,
//! effect, duration or modifier. The only printed words it may say are a noun's own words
//! where the model names no vocabulary entry for them (`the chosen ship`, `damage card`,
//! `small ships`), and [`Said::kept`] counts those words.
//!
//! [`round_trip`] compares what is said back with what is printed, after the
//! normalisation [`words`] documents: where the two part, the reading holds something
//! other than the card, or less. A part the reading kept opaque is said as `“…”`, so an
//! ability with one never round-trips.
//!
//! ```
//! use cards_runtime::ability_card::{round_trip, RoundTrip};
//!
//! // Printed and said back differ only in what the normalisation forgives.
//! let same = round_trip("After you perform a [Boost] action, gain 1 evade token.", "after you perform 1 [Boost] action, gain an evade token");
//! assert_eq!(same, RoundTrip::Exact);
//! // A lost amount is not forgiven: they part at `by`.
//! let lost = round_trip("Increase your attack by 2.", "Increase your attack.");
//! assert!(matches!(lost, RoundTrip::Differs { printed, .. } if printed == (21..23)));
//! ```

use crate::ability::{
    counts_unheld, Ability, Adjective, Amount, Back, Clause, CmpOp, CondKind, Condition, Count, Dice, Duration, Effect,
    EffectKind, Equip, Facing, Frequency, Mark, Noun, Person, Proviso, Qualifier, Reach, Replacement, Side, Step,
    Subject, Test, Than, Timing, When, TOKEN_STATES,
};
use crate::ability_plain::{
    active_words, amount as said_amount, capitalize, compare, conjugate, count, doubled, event_test, game_verb, is_you,
    parity, participle, participle_word, plural, plural_words, quantified, side_words, size_compare, verb_words,
    words as lowered,
};
use crate::model::{Set, Verb, VocabKind};
use std::borrow::Cow;

/// An ability said back.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Said {
    /// The card text the reading means.
    pub text: String,
    /// How many of its words are a noun's own printed words, kept because the model names
    /// no entry for them.
    pub kept: usize,
    /// How many parts were kept opaque by the reading (each said as `“…”`).
    pub opaque: usize,
}

/// Says `a` back as the card would print it.
pub fn ability(set: &Set, a: &Ability) -> Said {
    let attack = a
        .header
        .and_then(|h| set.vocab.headers.get(h as usize))
        .is_some_and(|h| h.name.to_lowercase().contains("attack"));
    let ongoing = a.timings.iter().any(|t| t.when == When::While);
    let mut s = Sayer { set, last: None, attack, tense: Tense::Present, ongoing, phase: None, kept: 0, opaque: 0 };
    let text = s.ability(a);
    Said { text, kept: s.kept, opaque: s.opaque }
}

/// Says `a` back and compares it with its printed text (`Ability::text`).
pub fn said_back(set: &Set, a: &Ability) -> (Said, RoundTrip) {
    let said = ability(set, a);
    let trip = round_trip(&a.text, &said.text);
    (said, trip)
}

/// Whether the said-back text matches the printed one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RoundTrip {
    /// Every normalised word is the same.
    Exact,
    /// They part: the byte range of the first printed word that differs (empty at the end
    /// of the text when the printed text stops first), and of the said word there.
    Differs {
        /// In the printed text.
        printed: std::ops::Range<usize>,
        /// In the said text.
        said: std::ops::Range<usize>,
    },
}

impl RoundTrip {
    /// `exact` or `differs`, as the JSON says it.
    pub fn as_str(&self) -> &'static str {
        match self {
            RoundTrip::Exact => "exact",
            RoundTrip::Differs { .. } => "differs",
        }
    }
}

/// Compares a printed ability with the one said back, word by word after [`words`].
pub fn round_trip(printed: &str, said: &str) -> RoundTrip {
    // Word for word first, with nothing collected: the same words are the same phrases, and
    // where no phrase begins at or just before the first word that differs (a phrase is at
    // most three words), they part there too.
    let (mut p, mut s) = (Words::new(printed), Words::new(said));
    let starts = |w: &str| {
        COLOURS.contains(&w)
            || matches!(w, "would" | "maneuver" | "each" | "for" | "card" | "it")
            || w.bytes().all(|b| b.is_ascii_digit())
            || PHRASE_STARTS.binary_search(&w).is_ok()
    };
    let mut recent = [false; 2];
    loop {
        match (p.next(), s.next()) {
            (None, None) => return RoundTrip::Exact,
            // A name printed before its bracket may be left out: it starts a phrase too.
            (Some(a), Some(b)) if a.word == b.word => {
                let named = bracket_after(printed, a.span.end).is_some();
                recent = [recent[1], starts(&a.word) || named]
            }
            (a, b) => {
                let near = recent.contains(&true)
                    || a.as_ref().is_some_and(|w| starts(&w.word))
                    || b.as_ref().is_some_and(|w| starts(&w.word));
                if !near {
                    return parted((printed, a), (said, b));
                }
                break;
            }
        }
    }
    let (mut p, mut s) = (phrased(printed).into_iter(), phrased(said).into_iter());
    loop {
        match (p.next(), s.next()) {
            (None, None) => return RoundTrip::Exact,
            (Some(a), Some(b)) if a.word == b.word => continue,
            (a, b) => return parted((printed, a), (said, b)),
        }
    }
}

/// Where two texts part: at each one's word, or at its end when it has no more.
fn parted((printed, a): (&str, Option<Word>), (said, b): (&str, Option<Word>)) -> RoundTrip {
    RoundTrip::Differs {
        printed: a.map_or(printed.len()..printed.len(), |w| w.span),
        said: b.map_or(said.len()..said.len(), |w| w.span),
    }
}

/// The most cells [`differing`] fills (4 MiB of `u16`): the longest ability printed has
/// under 60 words.
const MAX_CELLS: usize = 2 * 1024 * 1024;

/// The words of `a` and `b` that the other lacks, as byte ranges of each (a longest common
/// subsequence of their normalised words): what an editor marks.
pub fn differing(a: &str, b: &str) -> (Vec<std::ops::Range<usize>>, Vec<std::ops::Range<usize>>) {
    let (x, y) = (phrased(a), phrased(b));
    let (n, m) = (x.len(), y.len());
    // A table past this many cells (texts no card prints) is not worked out: every word
    // from where the two part is marked.
    if n.saturating_mul(m) > MAX_CELLS {
        let at = x.iter().zip(&y).take_while(|(p, q)| p.word == q.word).count();
        let rest = |w: &[Word]| w[at..].iter().map(|w| w.span.clone()).collect();
        return (rest(&x), rest(&y));
    }
    // lcs[i][j]: the longest common subsequence of x[i..] and y[j..].
    let mut lcs = vec![vec![0u16; m + 1]; n + 1];
    for i in (0..n).rev() {
        for j in (0..m).rev() {
            lcs[i][j] = if x[i].word == y[j].word { lcs[i + 1][j + 1] + 1 } else { lcs[i + 1][j].max(lcs[i][j + 1]) };
        }
    }
    let (mut i, mut j) = (0, 0);
    let (mut only_a, mut only_b) = (Vec::new(), Vec::new());
    while i < n || j < m {
        if i < n && j < m && x[i].word == y[j].word {
            i += 1;
            j += 1;
        } else if j == m || (i < n && lcs[i + 1][j] >= lcs[i][j + 1]) {
            only_a.push(x[i].span.clone());
            i += 1;
        } else {
            only_b.push(y[j].span.clone());
            j += 1;
        }
    }
    (only_a, only_b)
}

/// One normalised word and where it is written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Word<'a> {
    /// The word, normalised.
    pub word: Cow<'a, str>,
    /// Its bytes in the text.
    pub span: std::ops::Range<usize>,
}

/// Words whose presence says nothing the reading holds: articles and the words that join
/// clauses and list items (the model keeps what is joined, not whether `and`, `then` or a
/// comma joined it).
const SKIPPED: [&str; 4] = ["the", "and", "of", "your"];

/// The words of an ability text as the round trip compares them:
/// - lowercased; punctuation (`.`, `,`, `:`, `;`, `!`, `?`, quotes) is not a word, nor are
///   brackets (`[Focus]` is `focus`); `-` stays inside a word (`0-1`);
/// - a parenthesis (`(This is not an action.)`) is reminder text and left out, but for one
///   that lists bracketed names (`turn ([Turn Left] or [Turn Right])`), whose names are read;
///   and the words of a name printed right before its bracket are left out (`a Tallon Roll
///   [Tallon Roll Left] or [Tallon Roll Right] maneuver` is `a [Tallon Roll Left] or [Tallon
///   Roll Right] maneuver`);
/// - `a`, `an`, `one` and `any` are `1` (`not in any enemy ship's [Front Arc]`);
/// - `the`, `of`, `and` and `your` are left out ([`SKIPPED`]): what is joined is kept, not
///   the word that joins it, and `your` names the owner a thing has unless another is said
///   (`its`, `their` and `that ship's` name another ship, and are kept, as one word); `then`
///   is kept, as the reading holds it. `each` counts:
///   `up to 2 of your wingmates may each suffer 1 damage` is not `may suffer 1 damage`;
/// - templating synonyms are one word: `while` is `if` (`While you are damaged` and `If you
///   are damaged` are one condition), `decrease` is `reduce`, `convert` is `change`, `greater` is `higher`, `less`
///   and `fewer` are `lower`, `receive` and `acquire` are `gain` (`gains a lock` and
///   `acquires a lock`), `no` is `0` (`if you have 0 [Charge]`), `was`, `were` and `are`
///   are `is` (a state is tested when the ability resolves: `if the defender was
///   destroyed` is `is destroyed` then), `missed` is `miss` (`an attack that missed`),
///   `overlapped`, `modified` and `defended` are `overlap`, `modify` and `defend` (an event tested when the
///   ability resolves: `if the attacker modified any attack dice`; `If you spend 1 [Force]`
///   offers a payment, and is not `If you spent`),
///   `yourself` is `you` (`transfer 1 focus token to yourself`), `their`, `its`, `that
///   ship's` and `that ship` are `it` (`1 of their blank results`, of one ship; `in that
///   ship's firing arc`), `unit` is `ship` (`a friendly unit`, which a subject's words read
///   as a ship), `outside` is `not in` (`if the attacker is outside your firing arc`), and
///   the misspellings printed on real cards that the grammar reads as the word meant are
///   that word (`perfrom` and `peform` are `perform`, `camy` is `may`, `cannont` is
///   `cannot`, `phasse` is `phase`, `may chose` is `may choose`), and `onto` is `on`;
/// - numbers in a row with `or` before the last are the band they span (`2, 3, 4, or 5
///   TIE/ln fighters` is `2-5 TIE/ln fighters`), and `exactly` is left out (a count a
///   condition tests is the number itself unless `or more` or `or fewer` says otherwise);
/// - maneuvers by speed one way ([`speeds_per_bearing`]): `3 [Straight] or 4 [Straight]`
///   is `speed 3-4 [Straight]`, a band printed once holds for each bearing after it, and
///   `maneuver` after a bracketed maneuver is left out;
/// - what a sentence counts, printed first (`For each green token you remove, gain …`), is
///   said last ([`for_each_last`]);
/// - `each of` is `all` (`each` alone counts); `the card`, `that card` and `that damage
///   card` are `it`; `is a limited ship` is `is limited`; a state's `is` said again after
///   `and` is left out (`was limited and was destroyed`);
/// - `during this <name> Phase` is `this phase` (the phase the ability is in, by name);
/// - a verb after `or` that the same sentence said before is left out (`change 1 [Hit]
///   result to a [Focus] result or change 1 …` is `… or 1 …`);
/// - in a run of bracketed items only the last `or` is kept (`[Bank Left] or [Bank Right]
///   or [Turn Left] or [Turn Right]` is `[Bank Left], [Bank Right], [Turn Left], or [Turn
///   Right]`);
/// - `would` within twelve words after `before` is left out, and `would be` there is `is`
///   (`Before you would execute a maneuver` is `Before you execute a maneuver`);
/// - a colour printed again before a later item of a list is left out (`a red [Boost] or
///   red [Barrel Roll] action` is `a red [Boost] or [Barrel Roll] action`: a colour before
///   the first item holds for each);
/// - `'s` is left out, and the plural or third person `s` (`tokens`, `gains`, `dice`) is:
///   a word of four or more letters loses a final `s` (not `ss`, `us` or `is`: `focus`, `this`), `es` after `ch`, `sh`,
///   `x` or `ss`, and `dice` is `die`;
/// - `token` is left out: a token's name says it is one (`gain 1 strain` is `gain 1 strain
///   token`, `remove 1 stress` is `remove 1 stress token`).
pub fn words(text: &str) -> Vec<Word<'_>> {
    Words::new(text).collect()
}

/// Phrases a card set words two ways for one meaning, each said as its first form: `until
/// the end of the round` is `this round`, `even if you are` (or `it is`, `they are`) is
/// `even if` (`even if you are stressed` is `even while stressed`), `during this phase` and `until the end of this`
/// (or `that`) `phase` are `this phase`, `during this` and `during that` are `during`
/// (`during this attack`, `during the attack`), `this activation` is `during your
/// activation`, `does not have any` (or `a`), `do not have any`, `has no` and `have no` are `has
/// 0`, `as a result of` is `by` (`gain a red token as a result of moving through an
/// obstacle`), `treating that action` is `treating it` (`… action, treating that action as
/// red`), `if the attack is obstructed` after the attack is `that is obstructed`, as is
/// `against an attack obstructed` after a defence (`While you defend against an attack
/// obstructed by an obstacle`), `against a damaged attacker` after a defence is `if the
/// attacker is damaged`,
/// `at least 1 other` is `another` and `at least 1` is `1` (`if there is at least 1
/// other friendly ship at range 0-1`), `do not` or `does not` is `cannot` (`If you do
/// not` and `If you cannot` are one condition, and an order not to do a thing is a thing
/// the ship cannot do while it holds), and `can still` is `can` (what a ship can do, it can
/// do whatever else holds), `is equal to`, `is the same as` and `matches that of` are
/// one comparison (`if the speed of your revealed maneuver matches that of …`), `as being`
/// is `as` (`treat … as being in your [Bullseye Arc]`), and `choose to` is left out: what a
/// ship may do it chooses to do (`the defender may choose to suffer 1 [Hit] damage`, `unless
/// it chooses to remove 1 green token`, an event the ship is offered), as is `of your choice`
/// (`1 deplete or strain token of your choice`: `or` says it is a choice), and `do, if` and
/// `does, if` are `do` and `does` (`If you do, if you are stressed` is `If you do and you are
/// stressed`: `and` is left out), and `against a defender at` is `at` (`an attack against a
/// defender at attack range 2-3`: an attack is against the defender), and `does not hit` is
/// `miss` (`if the attack does not hit`), `do so` is `do` (`If you do so`), `than that of`
/// is `than` (`less than that of the enemy ship's`), `than your initiative` is `than yours`, and `When you would` is `If you would`
/// (a replacement, worded either way), `this ship` is `you` (the ship the card is on),
/// `perform that maneuver` is `execute that maneuver`, `or you may` is `or` (`you may
/// add 1 blank result, or you may gain 1 strain token …`: either, as the player chooses),
/// and `did not` is `have not` (`if you did not defend this round`).
const PHRASES: [(&[&str], &str); 64] = [
    (&["can", "still"], "can"),
    (&["did", "not"], "have not"),
    (&["have", "not"], "have not"),
    (&["or", "you", "may"], "or"),
    (&["perform", "that", "maneuver"], "execute that maneuver"),
    (&["execute", "that", "maneuver"], "execute that maneuver"),
    (&["this", "ship"], "you"),
    (&["even", "if", "you", "is"], "even if"),
    (&["even", "if", "it", "is"], "even if"),
    (&["even", "if", "they", "is"], "even if"),
    (&["even", "if"], "even if"),
    (&["not", "in"], "not in"),
    (&["doe", "not", "have", "1"], "has 0"),
    (&["do", "not", "have", "1"], "has 0"),
    (&["has", "0"], "has 0"),
    (&["have", "0"], "has 0"),
    (&["as", "1", "result"], "by"),
    (&["treating", "that", "action"], "treating it"),
    (&["treating", "it"], "treating it"),
    (&["if", "attack", "is", "obstructed"], "that is obstructed"),
    (&["that", "is", "obstructed"], "that is obstructed"),
    (&["against", "1", "attack", "obstructed"], "that is obstructed"),
    (&["against", "1", "damaged", "attacker"], "if attacker is damaged"),
    (&["if", "attacker", "is", "damaged"], "if attacker is damaged"),
    (&["at", "least", "1", "other"], "another"),
    (&["at", "least", "1"], "1"),
    (&["this", "round"], "this round"),
    (&["until", "end", "round"], "this round"),
    (&["this", "phase"], "this phase"),
    (&["during", "this", "phase"], "this phase"),
    (&["until", "end", "this", "phase"], "this phase"),
    (&["until", "end", "that", "phase"], "this phase"),
    (&["during", "this", "activation"], "during activation"),
    (&["during", "activation"], "during activation"),
    (&["this", "activation"], "during activation"),
    (&["during", "this"], "during"),
    (&["during", "that"], "during"),
    (&["do", "not"], "cannot"),
    (&["doe", "not", "hit"], "miss"),
    (&["doe", "not"], "cannot"),
    (&["is", "equal", "to"], "is equal to"),
    (&["is", "same", "as"], "is equal to"),
    (&["match", "that"], "is equal to"),
    (&["choose", "to"], ""),
    (&["as", "being"], "as"),
    (&["choice"], ""),
    (&["against", "1", "defender", "at"], "at"),
    (&["do", "if"], "do"),
    (&["do", "so"], "do"),
    (&["may", "choose", "to"], "may"),
    (&["may", "chose"], "may choose"),
    (&["may", "choose"], "may choose"),
    (&["than", "that"], "than"),
    // `equal to or greater than your initiative` is `… than yours`: the value compared, of
    // your ship (`your`, and `yours` with its `s`, are left out before phrases are read).
    (&["than", "initiative"], "than"),
    (&["than", "your"], "than"),
    // `in that ship's firing arc` is `in its firing arc`: the ship named before.
    (&["that", "ship"], "it"),
    (&["that", "card"], "it"),
    (&["that", "damage", "card"], "it"),
    (&["when", "you", "would"], "if you would"),
    (&["if", "you", "would"], "if you would"),
    (&["doe", "if"], "doe"),
    // `if you have 1 active [Charge]` is `exactly 1`: a count a condition tests is the
    // number itself unless `or more` or `or fewer` says otherwise.
    (&["exactly"], ""),
    // `if the defender was a limited ship`: a ship is limited as the card says.
    (&["is", "1", "limited", "ship"], "is limited"),
    (&["is", "limited"], "is limited"),
];

/// The first words of [`PHRASES`], sorted: where the round trip's word-for-word pass may
/// part from the phrased one, and where a phrase may begin.
const PHRASE_STARTS: [&str; 28] = [
    "against", "as", "at", "can", "choice", "choose", "did", "do", "doe", "during", "even", "exactly", "execute",
    "has", "have", "if", "is", "match", "may", "not", "or", "perform", "than", "that", "this", "treating", "until",
    "when",
];

/// The colours a list of bracketed items may be printed in.
const COLOURS: [&str; 4] = ["white", "red", "purple", "blue"];

/// Whether the words between two bracketed items of a list are only what joins them (and
/// more items): `, or ` in `red [Boost], or red [Barrel Roll]`.
fn joins_items(between: &str) -> bool {
    let mut depth = 0u32;
    let mut rest = String::new();
    for c in between.chars() {
        match c {
            '[' => depth += 1,
            ']' => depth = depth.saturating_sub(1),
            _ if depth == 0 => rest.push(c),
            _ => {}
        }
    }
    rest.split(|c: char| c.is_whitespace() || c == ',' || c == '/').all(|w| matches!(w, "" | "or" | "and" | "a"))
}

/// Leaves out a colour printed again before a later item of a list, with the article
/// before it: a colour before the first item holds for each (`a red [Boost] or a red
/// [Barrel Roll] action` and `a red [Boost] or [Barrel Roll] action` are `a red [Boost] or
/// red [Barrel Roll] action`).
fn drop_repeated_colours(text: &str, words: &mut Vec<Word<'_>>) {
    let mut last: Option<(usize, usize)> = None;
    let mut i = 0;
    while i < words.len() {
        let w = &words[i];
        let bracket = text[w.span.end..].strip_prefix(' ').is_some_and(|r| r.starts_with('['));
        if !(bracket && COLOURS.contains(&&*w.word)) {
            i += 1;
            continue;
        }
        let repeat = last.is_some_and(|(k, end)| {
            words[k].word == w.word && end <= w.span.start && joins_items(&text[end..w.span.start])
        });
        let end = text[w.span.end..].find(']').map_or(text.len(), |e| w.span.end + e + 1);
        if repeat {
            words.remove(i);
            // `a red [Boost] or a red [Barrel Roll] action`: its article goes with it.
            let since = last.map_or(0, |(_, e)| e);
            if i > 0 && words[i - 1].word == "1" && words[i - 1].span.start >= since {
                words.remove(i - 1);
                i -= 1;
            }
            last = last.map(|(k, _)| (k, end));
        } else {
            last = Some((i, end));
            i += 1;
        }
    }
}

/// The name in the bracket that follows `text` at byte `end`, past blanks and an opening
/// parenthesis (`bank ([Bank Left]` gives `Bank Left`).
fn bracket_after(text: &str, end: usize) -> Option<&str> {
    let after = text[end..].trim_start_matches(' ');
    let after = after.strip_prefix('(').unwrap_or(after);
    after.strip_prefix('[').and_then(|r| r.split_once(']')).map(|(name, _)| name)
}

/// Leaves out the words of a name printed right before the bracket that names it: `a
/// Tallon Roll [Tallon Roll Left] or [Tallon Roll Right] maneuver`, `a bank ([Bank Left] or
/// [Bank Right]) maneuver`.
fn drop_names_before_brackets(text: &str, words: &mut Vec<Word<'_>>) {
    let mut i = 0;
    while i < words.len() {
        let Some(name) = bracket_after(text, words[i].span.end) else {
            i += 1;
            continue;
        };
        let named: Vec<Word<'_>> = Words::new(name).collect();
        // The longest run of words ending here that the name starts with.
        let run = (1..=named.len().min(i + 1))
            .rev()
            .find(|&k| words[i + 1 - k..=i].iter().zip(&named).all(|(a, b)| a.word == b.word));
        match run {
            Some(k) => {
                words.drain(i + 1 - k..=i);
                i = i + 1 - k;
            }
            None => i += 1,
        }
    }
}

/// `[Bank Left] or [Bank Right] or [Turn Left] or [Turn Right]` is `[Bank Left], [Bank Right],
/// [Turn Left], or [Turn Right]`: in a run of bracketed items, only the last `or` is kept.
fn drop_listed_ors(text: &str, words: &mut Vec<Word<'_>>) {
    let bracketed = |w: &Word<'_>| bracketed(text, w);
    let mut i = 1;
    while i + 1 < words.len() {
        let listed = words[i].word == "or" && bracketed(&words[i - 1]) && bracketed(&words[i + 1]);
        let later =
            listed && words[i + 1..].iter().take_while(|w| w.word == "or" || bracketed(w)).any(|w| w.word == "or");
        match later {
            true => {
                words.remove(i);
            }
            false => i += 1,
        }
    }
}

/// Verbs a card may print again after `or` or leave to the clause before.
const REPEATABLE_VERBS: [&str; 14] = [
    "change", "discard", "expose", "flip", "gain", "perform", "recover", "remove", "repair", "reroll", "roll", "spend",
    "suffer", "transfer",
];

/// `transfer 1 green token to it or transfer 1 orange token from it` is `transfer 1 green
/// token to it or 1 orange token from it`: a verb after `or` that the same sentence said
/// before is left out (said once, it holds for both).
fn drop_verbs_said_again(text: &str, words: &mut Vec<Word<'_>>) {
    let mut i = 1;
    while i + 1 < words.len() {
        let next = &words[i + 1].word;
        let again = words[i].word == "or"
            && REPEATABLE_VERBS.contains(&&**next)
            && words[..i]
                .iter()
                .rev()
                .take_while(|w| !text[w.span.end..words[i].span.start].contains('.'))
                .any(|w| w.word == *next);
        match again {
            true => {
                words.remove(i + 1);
            }
            false => i += 1,
        }
    }
}

/// `execute a white 0 [Stationary] instead` is `… [Stationary] maneuver instead`: a
/// maneuver's bracketed name says it is one, and `maneuver` after it is left out.
fn drop_maneuver_after_names(text: &str, words: &mut Vec<Word<'_>>) {
    words.retain(|w| !(w.word == "maneuver" && text[..w.span.start].trim_end_matches([' ', ')']).ends_with(']')));
}

/// `transfer each of your locks` is `transfer all locks`: what is done to each of a ship's
/// things is done to all of them (`each` alone, `each ship at range 0-1`, stays: it counts).
fn each_of_is_all(text: &str, words: &mut [Word<'_>]) {
    for i in 0..words.len().saturating_sub(1) {
        if words[i].word == "each" && gap(text, words, i + 1).split_whitespace().next() == Some("of") {
            words[i].word = Cow::Borrowed("all");
        }
    }
}

/// Whether a word is written inside brackets (`[Turn Left]`).
fn bracketed(text: &str, w: &Word<'_>) -> bool {
    let before = text.get(..w.span.start).unwrap_or_default();
    before.rfind('[') > before.rfind(']')
}

/// How many words from `i` on are one bracketed name (`[Turn Left]` is two).
fn bracket_run(text: &str, words: &[Word<'_>], i: usize) -> usize {
    let mut k = 0;
    while words.get(i + k).is_some_and(|w| bracketed(text, w)) && (k == 0 || !gap(text, words, i + k).contains(']')) {
        k += 1;
    }
    k
}

/// Maneuvers by speed, one way: `3 [Straight] or 4 [Straight]` is `speed 3-4 [Straight]`,
/// and `speed 1-2 [Turn Left] or [Turn Right]` is `speed 1-2 [Turn Left] or speed 1-2 [Turn
/// Right]` (a band printed once holds for each bearing after it).
fn speeds_per_bearing(text: &str, words: &mut Vec<Word<'_>>) {
    let number = |w: &Word<'_>| w.word.parse::<u32>().ok();
    // Speeds in a row of one bearing, one band.
    let mut i = 0;
    while i < words.len() {
        let (Some(first), k) = (number(&words[i]), bracket_run(text, words, i + 1)) else {
            i += 1;
            continue;
        };
        let name: Vec<Cow<'_, str>> = words[i + 1..i + 1 + k].iter().map(|w| w.word.clone()).collect();
        let (mut end, mut last) = (i + 1 + k, first);
        loop {
            let at = if words.get(end).is_some_and(|w| w.word == "or") { end + 1 } else { end };
            let same = |j: usize| words.get(j).map(|w| &w.word) == Some(&name[j - at - 1]);
            let next = words.get(at).and_then(number).filter(|n| Some(*n) == last.checked_add(1));
            let whole =
                k > 0 && next.is_some() && (at + 1..at + 1 + k).all(same) && bracket_run(text, words, at + 1) == k;
            match (whole, next) {
                (true, Some(n)) => (end, last) = (at + 1 + k, n),
                _ => break,
            }
        }
        if last > first {
            let span = words[i].span.start..words[end - 1].span.end;
            let band = [
                Word { word: Cow::Borrowed("speed"), span: span.clone() },
                Word { word: Cow::Owned(format!("{first}-{last}")), span },
            ];
            let named: Vec<Word<'_>> = words[i + 1..i + 1 + k].to_vec();
            words.splice(i..end, band.into_iter().chain(named));
        }
        i += 1;
    }
    // A band printed once, said before each bearing after it.
    let mut i = 0;
    while i + 2 < words.len() {
        let band = words[i].word == "speed" && words[i + 1].word.contains('-');
        let k = if band { bracket_run(text, words, i + 2) } else { 0 };
        if k == 0 {
            i += 1;
            continue;
        }
        // The next bearing of the list: after `or`, or right after (a list whose `or`s but
        // the last were left out).
        let mut at = i + 2 + k;
        loop {
            let item = match words.get(at).is_some_and(|w| w.word == "or") {
                true => at + 1,
                false => at,
            };
            let k = bracket_run(text, words, item);
            if k == 0 {
                break;
            }
            let again = [words[i].clone(), words[i + 1].clone()];
            words.splice(item..item, again);
            at = item + 2 + k;
        }
        i = at;
    }
}

/// The text between word `i` and the word before it (or the start), or nothing where words
/// were moved out of the text's order.
fn gap<'t>(text: &'t str, words: &[Word<'_>], i: usize) -> &'t str {
    let start = if i == 0 { 0 } else { words[i - 1].span.end };
    text.get(start..words[i].span.start).unwrap_or_default()
}

/// `For each green token you remove, gain 1 strain token.` is `Gain 1 strain token for each
/// green token you remove.`: what is counted, printed first and set off by a comma, is said
/// at the end of its sentence.
fn for_each_last(text: &str, words: &mut Vec<Word<'_>>) {
    let gap = |words: &[Word<'_>], i: usize| gap(text, words, i);
    let mut i = 0;
    while i + 1 < words.len() {
        let leads = words[i].word == "for"
            && words[i + 1].word == "each"
            && (i == 0 || gap(words, i).contains([',', '.', ':']));
        let comma = (i + 2..words.len()).find(|&j| gap(words, j).contains([',', '.']));
        let Some(comma) = comma.filter(|&j| leads && gap(words, j).contains(',')) else {
            i += 1;
            continue;
        };
        let end = (comma + 1..words.len()).find(|&j| gap(words, j).contains('.')).unwrap_or(words.len());
        let counted: Vec<Word<'_>> = words.drain(i..comma).collect();
        let at = end - counted.len();
        words.splice(at..at, counted);
        i = at + 1;
    }
}

/// [`words`], with each phrase of [`PHRASES`] one word spanning its words, and a colour
/// printed again in a list left out.
fn phrased(text: &str) -> Vec<Word<'_>> {
    let mut words = words(text);
    drop_repeated_colours(text, &mut words);
    drop_names_before_brackets(text, &mut words);
    drop_listed_ors(text, &mut words);
    drop_verbs_said_again(text, &mut words);
    drop_maneuver_after_names(text, &mut words);
    each_of_is_all(text, &mut words);
    // `After you a perform a [Coordinate] action`: a misprint on a real card.
    let mut i = 1;
    while i + 1 < words.len() {
        match (&*words[i - 1].word, &*words[i].word, &*words[i + 1].word) {
            ("you", "1", "perform") => {
                words.remove(i);
            }
            _ => i += 1,
        }
    }
    // `be dealt the card facedown`: the card named before, as `that card` and `it` name it.
    for i in 0..words.len() {
        if words[i].word == "card" && gap(text, &words, i).to_ascii_lowercase().ends_with("the ") {
            words[i].word = Cow::Borrowed("it");
        }
    }
    for_each_last(text, &mut words);
    speeds_per_bearing(text, &mut words);
    // `during this End Phase` is `this phase`: the phase the ability is in, by its name.
    let mut i = 0;
    while i + 3 < words.len() {
        if words[i].word == "during" && words[i + 1].word == "this" && words[i + 3].word == "phase" {
            let span = words[i].span.start..words[i + 3].span.end;
            words.splice(i..i + 4, [Word { word: Cow::Borrowed("this phase"), span }]);
        }
        i += 1;
    }
    let mut i = 0;
    while i < words.len() {
        if PHRASE_STARTS.binary_search(&&*words[i].word).is_err() {
            i += 1;
            continue;
        }
        let rest = &words[i..];
        let found =
            PHRASES.iter().find(|(p, _)| p.len() <= rest.len() && p.iter().zip(rest).all(|(a, w)| w.word == *a));
        match found {
            // A phrase that says nothing more is left out.
            Some((p, "")) => {
                words.drain(i..i + p.len());
                continue;
            }
            Some((p, one)) => {
                let span = words[i].span.start..words[i + p.len() - 1].span.end;
                words.splice(i..i + p.len(), [Word { word: Cow::Borrowed(*one), span }]);
            }
            None => {}
        }
        i += 1;
    }
    drop_would_after_before(&mut words);
    join_bands(&mut words);
    // `if the defender was limited and was destroyed` is `… is limited and destroyed`: a
    // state's verb said again after `and` is left out.
    let mut i = 2;
    while i < words.len() {
        let again = words[i].word == "is"
            && gap(text, &words, i).contains(" and ")
            && (words[i - 2].word == "is" || words[i - 1].word.starts_with("is "));
        match again {
            true => {
                words.remove(i);
            }
            false => i += 1,
        }
    }
    words
}

/// `2, 3, 4, or 5` is `2-5` (and `2 or 3` is `2-3`): numbers in a row, one of them.
fn join_bands(words: &mut Vec<Word<'_>>) {
    let number = |w: &Word<'_>| w.word.parse::<u32>().ok();
    let mut i = 0;
    while i < words.len() {
        let Some(first) = number(&words[i]) else {
            i += 1;
            continue;
        };
        let mut next = first;
        let mut j = i + 1;
        // `checked_add`: a printed number may be the largest there is.
        while next.checked_add(1).is_some_and(|n| words.get(j).and_then(number) == Some(n)) {
            next += 1;
            j += 1;
        }
        let last = words.get(j).filter(|w| w.word == "or").and_then(|_| words.get(j + 1)).and_then(number);
        if let Some(last) = last.filter(|l| next.checked_add(1) == Some(*l)) {
            let span = words[i].span.start..words[j + 1].span.end;
            let band = Word { word: Cow::Owned(format!("{first}-{last}")), span };
            words.splice(i..j + 2, [band]);
        }
        i += 1;
    }
}

/// `Before an enemy ship would be dealt a facedown damage card` is `Before an enemy ship is
/// dealt …`, and `Before you would execute` is `Before you execute`: what happens before an
/// event is the same whether or not the event is said to be about to happen.
fn drop_would_after_before(words: &mut Vec<Word<'_>>) {
    let mut i = 0;
    while i < words.len() {
        let after_before =
            words[i].word == "would" && words[i.saturating_sub(12)..i].iter().any(|w| w.word == "before");
        if !after_before {
            i += 1;
            continue;
        }
        match words.get(i + 1).is_some_and(|w| w.word == "be") {
            true => {
                let span = words[i].span.start..words[i + 1].span.end;
                words.splice(i..i + 2, [Word { word: Cow::Borrowed("is"), span }]);
            }
            false => {
                words.remove(i);
            }
        }
        i += 1;
    }
}

/// The normalised words of a text, one at a time (see [`words`]).
struct Words<'a> {
    text: &'a str,
    at: usize,
    /// How many parentheses of reminder text are open.
    depth: usize,
    /// How many parentheses that list bracketed names are open (`turn ([Turn Left] or
    /// [Turn Right])`): their words are read.
    listed: usize,
}

impl<'a> Words<'a> {
    fn new(text: &'a str) -> Words<'a> {
        Words { text, at: 0, depth: 0, listed: 0 }
    }
}

/// Whether a character is part of a word.
fn in_word(c: char) -> bool {
    c.is_alphanumeric() || matches!(c, '-' | '\'' | '’' | '°' | '/')
}

impl<'a> Iterator for Words<'a> {
    type Item = Word<'a>;

    fn next(&mut self) -> Option<Word<'a>> {
        let text = self.text;
        while self.at < text.len() {
            let rest = &text[self.at..];
            let c = rest.chars().next()?;
            let start = self.at;
            // A part said back as opaque is one word that no printed word equals.
            if c == '“' && self.depth == 0 && rest.starts_with(OPAQUE) {
                self.at += OPAQUE.len();
                return Some(Word { word: Cow::Borrowed(OPAQUE), span: start..self.at });
            }
            match c {
                // Inside a sentence (`a bank ([Bank Left] or [Bank Right]) maneuver`), not a
                // header's requirement (`Attack ([Lock]):`).
                '(' if self.depth == 0 && rest[1..].starts_with('[') && listing(rest) => self.listed += 1,
                '(' => self.depth += 1,
                ')' if self.depth == 0 && self.listed > 0 => self.listed -= 1,
                ')' => self.depth = self.depth.saturating_sub(1),
                _ => {}
            }
            if !in_word(c) || self.depth > 0 {
                self.at += c.len_utf8();
                continue;
            }
            let len = rest.find(|c: char| !in_word(c)).unwrap_or(rest.len());
            self.at += len;
            if let Some(word) = normal(&rest[..len]) {
                return Some(Word { word, span: start..self.at });
            }
        }
        None
    }
}

/// Whether a parenthesis (at the start of `rest`) goes on with the sentence's words after
/// it: a list of names inside a sentence, not a header's requirement before its colon.
fn listing(rest: &str) -> bool {
    rest.find(')').is_some_and(|end| rest[end + 1..].starts_with(' '))
}

/// How a part the reading kept opaque is said back.
pub const OPAQUE: &str = "“…”";

/// A written word as [`words`] compares it, or `None` when it is left out.
fn normal(word: &str) -> Option<Cow<'_, str>> {
    let word = word.trim_matches(|c| matches!(c, '-' | '\'' | '’' | '/'));
    let mut lower: Cow<'_, str> = if word.is_ascii() {
        match word.bytes().any(|b| b.is_ascii_uppercase()) {
            true => Cow::Owned(word.to_ascii_lowercase()),
            false => Cow::Borrowed(word),
        }
    } else if word.chars().any(|c| c.is_uppercase() || c == '’') {
        Cow::Owned(word.to_lowercase().replace('’', "'"))
    } else {
        Cow::Borrowed(word)
    };
    let cut = lower.strip_suffix("'s").or_else(|| lower.strip_suffix('\'')).map(str::len);
    if let Some(len) = cut {
        truncate(&mut lower, len);
    }
    if lower.is_empty() || SKIPPED.contains(&&*lower) {
        return None;
    }
    let same = |w: &'static str| Some(Cow::Borrowed(w));
    match &*lower {
        // `not in any enemy ship's [Front Arc]` is `not in an enemy ship's …`.
        "a" | "an" | "one" | "any" => return same("1"),
        "dice" => return same("die"),
        // Templating synonyms: the same meaning, worded two ways.
        "while" => return same("if"),
        "decrease" => return same("reduce"),
        "convert" | "converts" => return same("change"),
        // `your [Single Turret Arc] indicator is in …`: an arc is where its indicator points.
        "indicator" => return None,
        "greater" => return same("higher"),
        "less" | "fewer" => return same("lower"),
        "was" => return same("is"),
        "receive" | "acquire" | "acquires" => return same("gain"),
        "no" => return same("0"),
        // `transfer 1 focus token to yourself`: the ship is you.
        "yourself" => return same("you"),
        // `1 of their blank results` of one ship: a card says `their` of a ship too.
        "their" | "its" => return same("it"),
        // Misspellings printed on real cards, which the grammar reads as the word meant.
        "perfrom" | "peform" => return same("perform"),
        "phasse" => return same("phase"),
        // `a friendly unit at range 0-2`: read as a ship, as the subject's words allow.
        "unit" => return same("ship"),
        "units" => return same("ships"),
        "camy" => return same("may"),
        "cannont" => return same("cannot"),
        // `acquire locks onto objects`.
        "onto" => return same("on"),
        // `if the attacker is outside your firing arc`: not in it.
        "outside" => return same("not in"),
        "were" | "are" => return same("is"),
        // `an attack that missed` is one that misses (`misses` loses its `es`).
        "missed" => return same("miss"),
        // A condition's event in the past or the present is one event (`if you overlapped
        // an asteroid`, `if you overlap an asteroid`: tested when the ability resolves).
        "overlapped" => return same("overlap"),
        "modified" | "modifies" => return same("modify"),
        "defended" => return same("defend"),
        _ => {}
    }
    let w = &*lower;
    let cut = if !w.ends_with('s') {
        None
    } else if w.len() >= 5 && ["ches", "shes", "xes", "sses"].iter().any(|e| w.ends_with(e)) {
        Some(w.len() - 2)
    } else if w.len() >= 4 && !["ss", "us", "is"].iter().any(|e| w.ends_with(e)) && w.is_ascii() {
        Some(w.len() - 1)
    } else {
        None
    };
    if let Some(len) = cut {
        truncate(&mut lower, len);
    }
    // `gain 1 strain` is `gain 1 strain token`: a token's name says it is one.
    if lower == "token" {
        return None;
    }
    Some(lower)
}

/// `word` cut to its first `len` bytes (a char boundary).
fn truncate(word: &mut Cow<'_, str>, len: usize) {
    match word {
        Cow::Borrowed(w) => *w = &w[..len],
        Cow::Owned(w) => w.truncate(len),
    }
}

struct Sayer<'s> {
    set: &'s Set,
    /// The subject of the last clause said: who `If it does` is about.
    last: Option<Subject>,
    /// The ability sits under an attack header (`Attack:`): it is the attack.
    attack: bool,
    /// The tense events are said in.
    tense: Tense,
    /// The ability times itself while an event goes on (`While you execute a maneuver`).
    ongoing: bool,
    /// The phase the ability's timing named, once its steps are said.
    phase: Option<u16>,
    kept: usize,
    opaque: usize,
}

/// The tense an event is said in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Tense {
    /// `you defend`, `that ship engages`.
    Present,
    /// `defending`: a timing whose subject the card leaves unwritten (`After defending`).
    Gerund,
    /// `you have not attacked the defender` (this round), or `have attacked`.
    Perfect { not: bool },
    /// `you moved through an enemy ship`, `you did not …`.
    Past { not: bool },
    /// `Before you would suffer damage`: an event that may yet be prevented.
    Would,
}

impl Sayer<'_> {
    /// Words of a noun or subject the model holds only as words.
    fn keep(&mut self, text: &str) -> String {
        self.kept += text.split_whitespace().count();
        lowered(text.trim())
    }

    fn opaque(&mut self) -> String {
        self.opaque += 1;
        OPAQUE.into()
    }

    fn ability(&mut self, a: &Ability) -> String {
        let mut out = String::new();
        if let Some(h) = a.header.and_then(|h| self.set.vocab.headers.get(h as usize)) {
            out.push_str(&h.name);
            if let Some(r) = &a.requirement {
                let r = self.noun(r, None, false);
                out.push_str(&format!(" ({r})"));
            }
            out.push_str(": ");
        }
        if !a.costs.is_empty() {
            let costs = self.effects(&a.costs);
            out.push_str(&format!("{}. ", capitalize(&costs)));
        }
        let mut lead = Vec::new();
        match a.frequency {
            Frequency::OncePerOpportunity => {}
            Frequency::OncePerRound => lead.push("once per round".to_string()),
            Frequency::OncePerPhase => lead.push("once per phase".to_string()),
            Frequency::OncePerGame => lead.push("once per game".to_string()),
        }
        // `While you perform an attack at attack range 1-2`: the reading holds the range as
        // a condition of the first step (the defender's); the card prints it in the timing.
        let mut steps: Vec<Step> = a.steps.to_vec();
        // `While you defend at attack range 1` likewise holds the attacker's range.
        let attack = a.timings.iter().position(|t| {
            t.or_events.is_empty()
                && t.event.as_ref().is_some_and(|e| {
                    is_you(&e.subject) && matches!(e.effect.kind, EffectKind::Perform | EffectKind::Defend)
                })
        });
        let other = match attack.and_then(|i| a.timings[i].event.as_ref()).map(|e| e.effect.kind) {
            Some(EffectKind::Defend) => Person::Attacker,
            _ => Person::Defender,
        };
        let mut range = None;
        if let (Some(t), Some(first)) = (attack, steps.first_mut()) {
            // Not the range of `if the attacker is in your [Single Turret Arc] at range 0-2`,
            // held as the arc's condition and then the range's, nor of `After you defend, if
            // the attacker is at range 0-2` (a range after the attack, not its attack range).
            let after = a.timings[t].when == When::After;
            let conditions = &first.conditions;
            let at = conditions.iter().enumerate().position(|(i, c)| {
                let after_arc = i.checked_sub(1).is_some_and(|k| matches!(&conditions[k].test, Test::InArc { .. }));
                matches!(&c.test, Test::AtRange { who, of, attack, .. } if who.person == other && is_you(of) && (*attack || !after))
                    && c.kind == CondKind::If
                    && !after_arc
            });
            if let Some(at) = at {
                let mut conditions = first.conditions.to_vec();
                if let Test::AtRange { range: r, attack, .. } = conditions.remove(at).test {
                    range = Some((r, attack));
                }
                first.conditions = conditions.into();
            }
        }
        // `After you perform an attack that hits`: the reading holds the outcome as a
        // condition; the card prints it with the attack.
        let performed = a.timings.iter().position(|t| {
            matches!(t.when, When::After | When::While)
                && t.or_events.is_empty()
                && t.event.as_ref().is_some_and(|e| e.effect.kind == EffectKind::Perform)
        });
        let mut outcome = None;
        if let (Some(i), Some(first)) = (performed, steps.first_mut()) {
            let after = a.timings[i].when == When::After;
            match first.conditions.first().map(|c| &c.test) {
                Some(Test::AttackHits { not }) if after => {
                    outcome = Some(if *not { "that misses" } else { "that hits" }.to_string());
                }
                // `an attack that is obstructed by an obstacle`.
                Some(Test::Obstructed { by }) => {
                    let by = by.as_ref().map(|s| format!(" by {}", self.subject(s))).unwrap_or_default();
                    outcome = Some(format!("that is obstructed{by}"));
                }
                _ => {}
            }
            if outcome.is_some() {
                first.conditions = first.conditions[1..].to_vec().into();
            }
        }
        for (i, t) in a.timings.iter().enumerate() {
            let mut said = self.timing(t);
            if let (Some(o), true) = (&outcome, performed == Some(i)) {
                said.push_str(&format!(" {o}"));
            }
            if let (Some(((x, y), measured)), true) = (range, attack == Some(i)) {
                let band = if x == y { x.to_string() } else { format!("{x}-{y}") };
                let range = if measured { "attack range" } else { "range" };
                said.push_str(&format!(" at {range} {band}"));
            }
            lead.push(said);
        }
        if let Some(r) = &a.replacement {
            let when = if r.before { "before" } else { "if" };
            let who = self.subject(&r.subject);
            let mut event = vec![self.replaced(r)];
            // `drop a device using a [Straight] template`: which drops it replaces.
            event.extend(r.event.provisos.iter().map(|p| self.proviso(p)));
            lead.push(format!("{when} {who} would {}", event.join(" ")));
        }
        let mut first = true;
        // A step's timing in the phase the ability's timing named is in `this phase`.
        self.phase = a.timings.iter().find_map(|t| t.phase);
        for (i, step) in steps.iter().enumerate() {
            // `instead draw 3 damage cards, choose 1, and discard the rest`: a list of clauses
            // that replaces the event as a whole is said after `instead`.
            let whole = i == 0 && a.replacement.is_some() && instead_first(step);
            let said = match whole {
                true => {
                    let mut clauses = step.clauses.to_vec();
                    clauses[0].instead = false;
                    let list = Step { clauses: clauses.into(), ..step.clone() };
                    format!("instead {}", self.step(&list))
                }
                false => self.step(step),
            };
            if said.is_empty() {
                continue;
            }
            if first && !lead.is_empty() {
                out.push_str(&capitalize(&format!("{}, {said}", lead.join(", "))));
            } else {
                out.push_str(&capitalize(&said));
            }
            out.push_str(". ");
            first = false;
        }
        if first && !lead.is_empty() {
            out.push_str(&capitalize(&lead.join(", ")));
            out.push('.');
        }
        out.trim_end().to_string()
    }

    fn step(&mut self, s: &Step) -> String {
        // A condition the reading knows from the sentence before is not printed.
        let printed: Vec<Condition>;
        let conditions: &[Condition] = match s.conditions.iter().any(|c| c.implied) {
            true => {
                printed = s.conditions.iter().filter(|c| !c.implied).cloned().collect();
                &printed
            }
            false => &s.conditions,
        };
        let mut lead: Vec<String> = Vec::new();
        if s.then {
            lead.push("then".to_string());
        }
        let mut unless = Vec::new();
        let mut i = 0;
        while i < conditions.len() {
            let c = &conditions[i];
            // `if you are not depleted or strained`: states of one ship, said once.
            let run = conditions[i..]
                .iter()
                .take_while(|d| match (&d.test, &c.test) {
                    (Test::State { who: a, not: x, .. }, Test::State { who: b, not: y, .. }) => {
                        a == b && x == y && d.kind == c.kind
                    }
                    _ => false,
                })
                .count();
            let said = match (run > 1, &c.test) {
                (true, Test::State { who, not, .. }) => {
                    let states: Vec<String> = conditions[i..i + run]
                        .iter()
                        .filter_map(|d| match &d.test {
                            Test::State { state, .. } => Some(state.replace('-', " ")),
                            _ => None,
                        })
                        .collect();
                    let joined = states.join(if *not { " or " } else { " and " });
                    let word = if c.kind == CondKind::Unless { "unless" } else { "if" };
                    format!("{word} {} {joined}", self.is(who, *not))
                }
                _ => self.condition(c),
            };
            // Two conditions in a row are said as one (`if the attack range is 1 and you are in
            // the attacker's [Front Arc]`); a second about the same ship goes on from the
            // first (`if you are in the attack arc and are not ionized`), and two states share
            // one verb (`if you are damaged and not shielded`).
            let prev = i.checked_sub(1).map(|k| &conditions[k]);
            let follows = prev.is_some_and(|p| c.kind == CondKind::If && p.kind == CondKind::If);
            let same = follows && tested(&c.test).is_some_and(|w| Some(w) == prev.and_then(|p| tested(&p.test)));
            let has = follows && having(&c.test).is_some_and(|w| Some(w) == prev.and_then(|p| having(&p.test)));
            // `if the defender is friendly and at range 0-2`: a side, then a range or a state.
            let states = same
                && matches!(
                    (prev.map(|p| &p.test), &c.test),
                    (Some(Test::State { .. }), Test::State { .. })
                        | (Some(Test::OnSide { .. }), Test::State { not: false, .. } | Test::AtRange { .. })
                );
            let opening = match (same || has, tested(&c.test).or(having(&c.test))) {
                (true, Some(who)) => {
                    let who = if is_you(who) { "you".to_string() } else { self.quietly(|s| s.subject(who)) };
                    format!("if {who} ")
                }
                _ => "if ".to_string(),
            };
            let said = match (lead.last_mut().filter(|b| follows && b.starts_with("if ")), said.strip_prefix(&opening))
            {
                (Some(before), Some(rest)) => {
                    let rest = match states {
                        true => rest.strip_prefix("are ").or_else(|| rest.strip_prefix("is ")).unwrap_or(rest),
                        false => rest,
                    };
                    // `if the attacker is in your [Single Turret Arc] at range 0-2`, `if the
                    // defender is in your [Single Turret Arc] and your [Front Arc]`: one ship's
                    // place, its verb said once.
                    let place = match (same, prev.map(|p| &p.test), &c.test) {
                        (true, Some(Test::InArc { not: false, .. }), Test::AtRange { attack: false, .. }) => {
                            rest.strip_prefix("is ").or_else(|| rest.strip_prefix("are ")).map(|r| format!(" {r}"))
                        }
                        (true, Some(Test::InArc { not: false, .. }), Test::InArc { not: false, .. }) => rest
                            .strip_prefix("is in ")
                            .or_else(|| rest.strip_prefix("are in "))
                            .map(|r| format!(" and {r}")),
                        _ => None,
                    };
                    before.push_str(&place.unwrap_or_else(|| format!(" and {rest}")));
                    None
                }
                _ => Some(said),
            };
            i += run.max(1);
            match (c.kind, said) {
                (_, None) => {}
                (CondKind::Unless, Some(said)) => unless.push(said),
                (_, Some(said)) => lead.push(said),
            }
        }
        if let Some(d) = &s.duration {
            lead.push(self.duration(d));
        }
        for t in s.timings.iter() {
            lead.push(self.timing(t));
        }
        let list: Vec<&Clause> = s.clauses.iter().collect();
        let clauses = self.clauses(&list);
        let mut out = lead;
        if !clauses.is_empty() {
            out.push(clauses);
        }
        let mut said = out.join(", ");
        // `roll 1 additional die for each …`: a card prints what is counted last, but for
        // the most it may come to (`gain 1 focus token for each enemy ship at range 0-1, to
        // a maximum of 2`).
        if let Some(f) = &s.for_each {
            let f = self.counted(f);
            let most = s.clauses.last().and_then(|c| {
                c.effect.provisos.iter().find_map(|p| match p {
                    Proviso::AtMost(n) => Some(format!(" to a maximum of {n}")),
                    _ => None,
                })
            });
            // `gain 1 deplete token for each die that was rerolled instead`: `instead` ends it.
            let instead = said.strip_suffix(" instead").map(str::to_string);
            match (most.and_then(|m| said.strip_suffix(&m).map(|head| (head.to_string(), m))), instead) {
                (Some((head, most)), _) => said = format!("{head} for each {f},{most}"),
                (None, Some(head)) => said = format!("{head} for each {f} instead"),
                (None, None) => said.push_str(&format!(" for each {f}")),
            }
        }
        for u in unless {
            said.push_str(&format!(" {u}"));
        }
        said
    }

    /// Clauses in a row: a subject and qualifier said once for the clauses that share them
    /// (`you defend or perform an attack`), an object said once for verbs that share it
    /// (`you drop or launch a device`), and slots added in one list (`Add [Turret] and
    /// [Cargo] slots`).
    fn clauses(&mut self, list: &[&Clause]) -> String {
        if let Some(said) = self.shared_object(list, false) {
            return said;
        }
        // `you can perform actions and execute red maneuvers, even while stressed`: a proviso
        // every clause of a list holds is said once, after the last.
        let once: Vec<Clause>;
        let list = match lifted_once(list) {
            Some(trimmed) => {
                once = trimmed;
                &once.iter().collect::<Vec<_>>()[..]
            }
            None => list,
        };
        let mut out = String::new();
        let mut i = 0;
        while i < list.len() {
            let c = list[i];
            if i > 0 {
                out.push_str(match (c.alternative, c.then) {
                    (true, _) => list_join(list, i),
                    (false, true) => ", then ",
                    (false, false) => ", and ",
                });
            }
            // The subject and qualifier of the clause before, said once for both.
            let shares = i > 0 && {
                let p = list[i - 1];
                p.subject == c.subject && p.qualifier == c.qualifier && !c.subject.text.trim().is_empty()
            };
            // `you may perform an attack and drop or launch 1 device`: a run of clauses that
            // share an object, after one that shares their subject.
            let run = list[i..].iter().take_while(|d| same_object(d, c)).count();
            if i > 0 && run > 1 {
                if let Some(said) = self.shared_object(&list[i..i + run], shares) {
                    out.push_str(&said);
                    i += run;
                    continue;
                }
            }
            // A run of slots added (`Add [Turret] and [Cargo] slots`); a run that counts its
            // slots (`Gain 1 [Torpedo] slot and 1 [Missile] slot`) is said clause by clause,
            // its counts with it.
            let run = list[i..]
                .iter()
                .take_while(|d| {
                    d.effect.kind == EffectKind::AddSlot
                        && d.subject == c.subject
                        && d.costs.is_empty()
                        && d.effect.amount.is_none()
                })
                .count();
            if run > 1 {
                let refs: Vec<_> = list[i..i + run]
                    .iter()
                    .filter_map(|d| d.effect.noun.as_ref())
                    .flat_map(|n| n.refs.iter().copied())
                    .collect();
                let mut one = c.effect.clone();
                one.noun = Some(Noun::new("", refs));
                one.amount = None;
                out.push_str(&self.effect(&one));
                i += run;
                continue;
            }
            // `Place 1 ion, 1 jam, and 1 stress token on this card`: things one verb puts in
            // one place, the verb and the place said once.
            let run = list[i..].iter().enumerate().take_while(|(k, d)| *k == 0 || one_place(c, d)).count();
            if !shares && run > 1 && c.effect.target.is_some() && c.costs.is_empty() {
                out.push_str(&self.placed(&list[i..i + run]));
                i += run;
                continue;
            }
            let said = match shares {
                true => {
                    let mut bare = c.clone();
                    bare.subject = Subject::YOU;
                    bare.qualifier = Qualifier::None;
                    let third = !is_you(&c.subject) && !many(&c.subject) && c.qualifier.word().is_none();
                    let said = self.clause(&bare);
                    if third {
                        third_person(&self.set.verbs, &said)
                    } else {
                        said
                    }
                }
                false => self.clause(c),
            };
            let p = i.checked_sub(1).map(|i| list[i]);
            // `That ship gains 1 calculate and 1 stress token`: two things of one verb, the
            // verb said once.
            let and_verb = p.filter(|p| {
                shares
                    && !c.alternative
                    && p.costs.is_empty()
                    && c.costs.is_empty()
                    && shares_verb(&p.effect, &c.effect)
            });
            if let Some(rest) = and_verb.and_then(|_| without_verb(&said, c.effect.kind)) {
                out.push_str(rest);
                i += 1;
                continue;
            }
            // `change 1 [Critical Hit] result to a [Hit] result or 1 [Hit] result to a
            // [Focus] result`: an order's verb is said once too.
            let same_who = p.is_some_and(|p| p.subject == c.subject && p.qualifier == c.qualifier);
            match p.filter(|_| same_who && c.alternative) {
                // `spend 1 [Force] to change 1 [Focus] result to a [Hit] result or 1 [Hit]
                // result to a [Critical Hit] result`: one cost, and one verb, said once.
                Some(p) if p.costs == c.costs && shares_verb(&p.effect, &c.effect) => {
                    let lead = match c.costs.is_empty() {
                        true => String::new(),
                        false => format!("{} to ", self.quietly(|s| s.effects(&c.costs))),
                    };
                    let rest = said.strip_prefix(&lead).and_then(|r| without_verb(r, c.effect.kind));
                    // `transfer 1 calculate token or 1 jam token to a ship at range 0-3`:
                    // where both go, said once after the second.
                    let shared_place = (p.effect.to.is_some() || p.effect.target.is_some())
                        && p.effect.to == c.effect.to
                        && p.effect.target == c.effect.target;
                    if let Some(place) = said.rfind(" to ").map(|at| &said[at..]).filter(|_| shared_place) {
                        if let Some(before) = out.strip_suffix(&format!("{place} or ")) {
                            out = format!("{before} or ");
                        }
                    }
                    out.push_str(rest.unwrap_or(&said));
                }
                // `spend 1 [Charge] and gain 1 deplete token to boost or barrel roll`: one
                // cost for either effect, said once.
                Some(p) if p.costs == c.costs && !c.costs.is_empty() => {
                    let lead = format!("{} to ", self.quietly(|s| s.effects(&c.costs)));
                    out.push_str(said.strip_prefix(&lead).unwrap_or(&said));
                }
                // `spend 1 focus token or suffer 1 [Critical Hit] damage to flip this card`:
                // one effect, either cost.
                Some(p) if p.effect == c.effect && p.effect.kind != EffectKind::Opaque && !c.costs.is_empty() => {
                    let effect = format!(" to {}", self.quietly(|s| s.effect(&c.effect)));
                    let tail = said.find(&effect).map(|at| &said[at..]);
                    let before = tail.and_then(|t| out.strip_suffix(" or ")?.strip_suffix(t));
                    match before {
                        Some(before) => out = format!("{before} or {said}"),
                        None => out.push_str(&said),
                    }
                }
                _ => out.push_str(&said),
            }
            i += 1;
        }
        out
    }

    /// Clauses that put things in one place (see [`one_place`]), said with their verb and
    /// their place once: `place 1 ion, 1 jam, and 1 stress token on this card`.
    fn placed(&mut self, list: &[&Clause]) -> String {
        let bare = |c: &Clause| {
            let mut c = c.clone();
            c.effect.target = None;
            c
        };
        let first = bare(list[0]);
        let mut items = vec![self.clause(&first)];
        for (k, c) in list.iter().enumerate().skip(1) {
            let said = self.effect(&bare(c).effect);
            if let (Some(w), Some(last)) = (shared_kind_word(&list[k - 1].effect, &c.effect), items.last_mut()) {
                if let Some(cut) = last.strip_suffix(&format!(" {w}")) {
                    *last = cut.to_string();
                }
            }
            items.push(without_verb(&said, c.effect.kind).map_or(said.clone(), str::to_string));
        }
        // The place: what the first effect says with it and not without it; the words of its
        // noun are counted once, where its clause said them.
        let kept = self.kept;
        let without = self.effect(&first.effect);
        let noun = self.kept - kept;
        let with = self.effect(&list[0].effect);
        self.kept -= noun;
        let place = with.strip_prefix(&without).unwrap_or_default();
        let last = items.pop().unwrap_or_default();
        let join = if items.len() > 1 { ", and " } else { " and " };
        format!("{}{join}{last}{place}", items.join(", "))
    }

    /// `you drop or launch a device`: clauses that differ only in their verb, said with
    /// their subject and object once.
    /// With `bare`, the subject and qualifier are left to the clause before.
    fn shared_object(&mut self, list: &[&Clause], bare: bool) -> Option<String> {
        let (first, rest) = list.split_first()?;
        let shared = !rest.is_empty()
            && first.effect.noun.is_some()
            && first.modifiers.is_empty()
            && rest
                .iter()
                .all(|c| same_object(c, first) && c.alternative == rest[0].alternative && c.modifiers.is_empty())
            && list.iter().all(|c| c.effect.kind != EffectKind::Opaque && !c.effect.passive);
        if !shared {
            return None;
        }
        let third = !is_you(&first.subject) && !many(&first.subject) && first.qualifier.word().is_none();
        // Under a tense with a helping verb (`have dropped or launched`), it is said once.
        let (aux, _) = tensed(&self.set.verbs, "gain", self.tense, third);
        let verbs: Vec<String> = list
            .iter()
            .map(|c| {
                // `move through`: the first word takes the tense.
                let (word, tail) = verb(c.effect.kind).split_once(' ').unwrap_or((verb(c.effect.kind), ""));
                let word = tensed(&self.set.verbs, word, self.tense, third).1;
                if tail.is_empty() {
                    word
                } else {
                    format!("{word} {tail}")
                }
            })
            .collect();
        let join = if rest[0].alternative { "or" } else { "and" };
        let verbs = match verbs.len() {
            2 => verbs.join(&format!(" {join} ")),
            k => format!("{}, {join} {}", verbs[..k - 1].join(", "), verbs[k - 1]),
        };
        let mut one = (*first).clone();
        one.effect.kind = EffectKind::Gain;
        if bare {
            one.subject = Subject::YOU;
            one.qualifier = Qualifier::None;
        }
        let said = self.clause(&one);
        // The verbs in the place of the stand-in's.
        let stand_in = inflect(&self.set.verbs, "gain", self.tense, third);
        // The effect's verb comes after any cost (`spend 2 [Charge] to drop or launch …`).
        let at = said.rfind(&stand_in)?;
        let verbs = match aux {
            Some(aux) => format!("{aux} {verbs}"),
            None => verbs,
        };
        Some(format!("{}{verbs}{}", &said[..at], &said[at + stand_in.len()..]))
    }

    fn clause(&mut self, c: &Clause) -> String {
        self.last = Some(c.subject.clone());
        let mut parts = Vec::new();
        let written = !c.subject.text.trim().is_empty();
        let you = is_you(&c.subject);
        // A rule for every ship of a side is printed in the plural: `Friendly ships can …`,
        // `Other ships cannot …`.
        let rule = matches!(c.qualifier, Qualifier::Can | Qualifier::Cannot)
            && matches!(c.subject.person, Person::Each | Person::EachOther)
            && (c.subject.side != Side::Any
                || (c.subject.person == Person::EachOther && plural_words(&c.subject.text)))
            && !c.subject.says_more_in(&self.set.words());
        if rule {
            parts.push(every_ship(&c.subject, &self.set.words()));
        } else if (written || !you || !matches!(c.qualifier, Qualifier::None | Qualifier::Cannot))
            && self.tense != Tense::Gerund
        {
            // `1 or more [Hit] results are neutralized`: how many of the things a passive is
            // about comes before them.
            if let (true, Person::Thing, Some(a)) = (c.effect.passive, c.subject.person, c.effect.amount) {
                parts.push(said_amount(a).0);
            }
            parts.push(self.subject(&c.subject));
        }
        // `Do not remove your focus tokens`: an order to the card's ship, its subject unwritten.
        let imperative = !written && you && c.qualifier == Qualifier::Cannot && self.tense != Tense::Gerund;
        let qualifier = if imperative { Some("do not") } else { c.qualifier.word() };
        parts.extend(qualifier.map(str::to_string));
        // `may each suffer 1 damage`: each of the ships, once each.
        if c.each {
            parts.push("each".into());
        }
        let third = !you && !many(&c.subject) && qualifier.is_none() && !c.each;
        let tense = self.tense;
        let verbs = &self.set.verbs;
        let verb = |said: String| inflect(verbs, &said, tense, third);
        if c.effect.passive && c.effect.kind != EffectKind::Opaque {
            let many = many(&c.subject);
            let be = match (qualifier.is_some(), c.effect.negated, many, you) {
                (true, _, _, _) => "be",
                (false, false, _, true) | (false, false, true, _) => "are",
                (false, true, _, true) | (false, true, true, _) => "are not",
                (false, false, false, false) => "is",
                (false, true, false, false) => "is not",
            };
            parts.push(format!("{be} {}", participle(c.effect.kind)));
            // `the attack is treated as hitting`: what it is treated as is its noun; `you
            // are declared as the defender`, the role.
            if let (EffectKind::Treat | EffectKind::Declare, Some(n)) = (c.effect.kind, &c.effect.noun) {
                let said = self.noun(n, None, false);
                let the = if c.effect.kind == EffectKind::Declare { "the " } else { "" };
                parts.push(format!("as {the}{said}"));
            }
            let mut rest = c.effect.clone();
            rest.noun = None;
            rest.amount = None;
            let rest = self.effect_object(&rest);
            parts.extend(rest);
        } else if !c.costs.is_empty() {
            let costs = match &c.costs[..] {
                // `attack dice are rolled to resolve its effect`: what is done to the subject,
                // for the effect after.
                [cost] if cost.passive && cost.noun.is_none() && !cost.negated => {
                    let be = if many(&c.subject) || you { "are" } else { "is" };
                    format!("{be} {}", participle(cost.kind))
                }
                _ => verb(self.effects(&c.costs)),
            };
            parts.push(format!("{costs} to"));
            parts.push(self.effect(&c.effect));
        } else {
            let mut said = self.effect(&c.effect);
            // `You can acquire locks beyond range 3`: a rule about any lock is printed in the
            // plural.
            let any_lock = c.effect.kind == EffectKind::Lock && c.effect.amount.is_none() && !c.effect.negated;
            if any_lock && matches!(c.qualifier, Qualifier::Can | Qualifier::Cannot) {
                if let Some(rest) = said.strip_prefix("acquire a lock") {
                    said = format!("acquire locks{rest}");
                }
            }
            let said = match (said.strip_prefix("be "), you && qualifier.is_none()) {
                (Some(rest), true) => format!("are {rest}"),
                _ => verb(said),
            };
            parts.push(said);
        }
        // What it does together with its effect, as one: `spend 1 [Charge] and gain 1 stress
        // token`.
        let mut before = &c.effect;
        for also in c.also.iter() {
            let said = self.effect(also);
            let said = match shares_verb(before, also) {
                // `gain 1 deplete and 1 strain token`: the verb said once, and the word of
                // one kind of entry once, last.
                true => {
                    let word = shared_kind_word(before, also);
                    if let (Some(w), Some(last)) = (word, parts.last_mut()) {
                        if let Some(cut) = last.strip_suffix(&format!(" {w}")) {
                            *last = cut.to_string();
                        }
                    }
                    without_verb(&said, also.kind).map_or(said.clone(), str::to_string)
                }
                false if third && c.costs.is_empty() => third_person(&self.set.verbs, &said),
                false => said,
            };
            parts.push(format!("and {said}"));
            before = also;
        }
        // `only` is said before where the effect goes.
        let only_to = c.effect.to.is_some() && c.effect.kind != EffectKind::Treat;
        // Bands in a row are a list: `beyond range 1 of obstacles, beyond range 3 of enemy
        // ships, and beyond range 3 of the enemy table edge`.
        let provisos: Vec<&Proviso> = c.effect.provisos.iter().filter(|p| !(only_to && **p == Proviso::Only)).collect();
        let mut i = 0;
        while i < provisos.len() {
            let run = provisos[i..].iter().take_while(|p| matches!(p, Proviso::Range(_))).count().max(1);
            let said: Vec<String> = provisos[i..i + run].iter().map(|p| self.proviso(p)).collect();
            parts.push(match said.as_slice() {
                [.., last] if said.len() > 2 => format!("{}, and {last}", said[..said.len() - 1].join(", ")),
                _ => said.join(" and "),
            });
            i += run;
        }
        for _ in c.modifiers.iter() {
            parts.push(self.opaque());
        }
        if let Some(d) = &c.duration {
            parts.push(self.duration(d));
        }
        // `inflict ion tokens instead of damage`: the proviso says `instead` already.
        let instead_of = c.effect.provisos.iter().any(|p| matches!(p, Proviso::InsteadOf(_)));
        if c.instead && !instead_of {
            parts.push("instead".into());
        }
        parts.retain(|p| !p.is_empty());
        parts.join(" ")
    }

    /// The events a replacement replaces: `drop or launch a device`, their object said once
    /// when they share it.
    fn replaced(&mut self, r: &Replacement) -> String {
        // Said as a list of clauses that differ in their verb: `drop or launch a device`.
        let clauses: Vec<Clause> = r
            .events()
            .enumerate()
            .map(|(i, e)| Clause { alternative: i > 0, ..Clause::new(Subject::YOU, Qualifier::None, e.clone()) })
            .collect();
        let refs: Vec<&Clause> = clauses.iter().collect();
        match self.shared_object(&refs, true) {
            Some(said) => said,
            None => r.events().map(|e| self.effect(e)).collect::<Vec<_>>().join(" or "),
        }
    }

    /// A trailing phrase the model holds: `even while stressed`, `using the 1 [Straight]
    /// template`.
    fn proviso(&mut self, p: &Proviso) -> String {
        let (word, n) = match p {
            // `ignoring the [Lock] requirement`, `without paying the [Charge] cost`.
            Proviso::IgnoringRequirement(n) => {
                let said = self.noun(n, None, false);
                let said = said.strip_suffix(" action").unwrap_or(&said);
                return format!("ignoring the {said} requirement");
            }
            Proviso::WithoutPaying(n) => return format!("without paying the {} cost", self.noun(n, None, false)),
            Proviso::Range(r) => return self.reach(r),
            Proviso::InsteadOfRange(r) => return format!("instead of {}", self.reach(r)),
            Proviso::EvenWhileAt(r) => return format!("even while {}", self.reach(r)),
            Proviso::Touching(s) => return format!("touching {}", self.subject(s)),
            Proviso::Using(n) => ("using", n),
            Proviso::InsteadOf(n) => ("instead of", n),
            Proviso::As(n) => ("as", n),
            Proviso::OnlyAs(n) => ("only as", n),
            Proviso::On(n) => ("on", n),
            Proviso::OnOneOf(n) => ("on 1 of", n),
            Proviso::By(n) => ("by", n),
            Proviso::From(n) => ("from", n),
            Proviso::Before(n) => ("before", n),
            _ => return p.words(),
        };
        // `before [Hit] results`: the results of that kind, all of them; one of several is
        // said of them all (`on 1 of your equipped upgrades`).
        let many = matches!(p, Proviso::Before(_) | Proviso::OnOneOf(_));
        // A maneuver used for its template: `the 1 [Straight] template`.
        let said = self.noun(n, None, many);
        let said = match said.strip_suffix(" maneuver") {
            // `execute it as a [Koiogran Turn] maneuver`: a maneuver of that kind.
            Some(_) if matches!(p, Proviso::As(_)) => format!("{} {said}", article(&said)),
            Some(m) if !n.refs.is_empty() => format!("{m} template"),
            _ => said,
        };
        format!("{word} {said}")
    }

    /// A range band and what it is measured from: `beyond range 3 of enemy ships`.
    fn reach(&mut self, r: &Reach) -> String {
        match &r.of {
            Some(of) => format!("{} of {}", r.band.words(), self.subject(of)),
            None => r.band.words(),
        }
    }

    /// Several effects paid together (`spend 1 [Charge] and gain 1 stress token`), a verb
    /// said once for those in a row that share it (`spend 1 [Charge] and 1 calculate token`).
    fn effects(&mut self, list: &[Effect]) -> String {
        let mut said: Vec<String> = Vec::new();
        for (i, e) in list.iter().enumerate() {
            let one = self.effect(e);
            let shared = i.checked_sub(1).is_some_and(|k| shares_verb(&list[k], e));
            said.push(match (shared, without_verb(&one, e.kind)) {
                (true, Some(rest)) => rest.to_string(),
                _ => one,
            });
        }
        said.join(" and ")
    }

    /// An effect in the imperative: verb, amount, object, and where it goes.
    fn effect(&mut self, e: &Effect) -> String {
        if e.kind == EffectKind::Opaque {
            return self.opaque();
        }
        // `cause the defender to suffer 1 [Hit] damage`: a ship made to suffer is named first.
        if let (EffectKind::Suffer, Some(t), false) = (e.kind, &e.target, e.negated) {
            let who = self.subject(t);
            let mut rest = e.clone();
            rest.target = None;
            return format!("cause {who} to {}", self.effect(&rest));
        }
        // `assign the defender 1 jam token`: tokens assigned to a ship named by its role,
        // the ship first.
        let tokens =
            e.noun.as_ref().is_some_and(|n| !n.refs.is_empty() && n.refs.iter().all(|r| r.kind == VocabKind::Token));
        if let (EffectKind::Assign, Some(t), true, false) = (e.kind, &e.target, tokens, e.negated) {
            if matches!(t.person, Person::Attacker | Person::Defender) && !t.says_more_in(&self.set.words()) {
                let who = self.subject(t);
                let mut rest = e.clone();
                rest.target = None;
                let rest = self.effect(&rest);
                if let Some(what) = without_verb(&rest, EffectKind::Assign) {
                    return format!("{} {who} {what}", verb(EffectKind::Assign));
                }
            }
        }
        // `You are a wing leader`: one of the role.
        if let (EffectKind::Be, Some(n), None) = (e.kind, &e.noun, e.amount) {
            let role = self.noun(n, None, false);
            return format!("be {} {role}", article(&role));
        }
        // `have your pilot ability`, `have the pilot ability of each other friendly ship
        // with …`: a pronoun's possessive, or the ship after `of`.
        if let (EffectKind::HaveAbility, Some(n), Some(from)) = (e.kind, &e.noun, &e.from) {
            let ability = self.noun(n, None, false);
            let plain = is_you(from) || matches!(from.text.trim().to_lowercase().as_str(), "it" | "they");
            let whose = match plain {
                true => format!("{} {ability}", self.possessive(from)),
                false => format!("the {ability} of {}", self.subject(from)),
            };
            return format!("{} {whose}", verb(e.kind));
        }
        // `your carrier ship gains [Coordinate]`: an action gained with no bar named.
        let verb = match e.kind {
            EffectKind::AddAction if e.target.is_none() => "gain",
            kind => game_verb(self.set, kind).unwrap_or_else(|| verb(kind)),
        };
        let mut parts = verb_words(e, "do not", verb);
        parts.extend(self.effect_object(e));
        parts.join(" ")
    }

    /// What follows an effect's verb: amount, colour, object, target, source, result.
    fn effect_object(&mut self, e: &Effect) -> Vec<String> {
        let mut parts = Vec::new();
        // `choose another friendly ship`: the noun's own words count it.
        let counted = e.noun.as_ref().is_some_and(|n| {
            n.refs.is_empty() && {
                let first = n.text.split_whitespace().next().unwrap_or_default().to_lowercase();
                matches!(first.as_str(), "a" | "an" | "another" | "each" | "any" | "all" | "every" | "other")
            }
        });
        // `execute it as a [Koiogran Turn] maneuver`: the one thing named before, no count.
        let pointed = e.noun.as_ref().is_some_and(|n| n.back == Some(Back::It));
        let amount = if (counted || pointed) && e.amount == Some(Amount::Exactly(1)) { None } else { e.amount };
        // A ship's possessive says whose (`1 of the defender's results`, `your focus
        // tokens`); `from` says where a thing moves from (`transfer 1 focus token from it`).
        let whose = match (&e.from, e.kind) {
            // `spend your focus tokens`: what is yours is said so.
            (Some(f), _) if is_you(f) && e.noun.is_some() => Some(f.clone()),
            // And a game's own verb's, as printed (`devour 1 frenzy token from an enemy
            // creature within 1 tile of you`, not `of … you's frenzy tokens`).
            (
                Some(_),
                EffectKind::Transfer
                | EffectKind::Spend
                | EffectKind::Remove
                | EffectKind::Gain
                | EffectKind::Discard
                | EffectKind::Game(_),
            ) => None,
            (Some(f), _) if e.noun.is_some() => Some(f.clone()),
            _ => None,
        };
        let possessive = whose.map(|f| self.possessive(&f));
        let many = match amount {
            Some(a) => {
                let (said, many) = said_amount(a);
                parts.push(said);
                many
            }
            None => e.noun.as_ref().is_some_and(|n| n.refs.is_empty() && n.text.trim_end().ends_with('s')),
        };
        let many = many || (possessive.is_some() && amount.is_some());
        // `expose 1 of its damage cards`, `reroll up to 1 of those dice`: some of what
        // belongs to, or is, the thing named before.
        let its = e.noun.as_ref().is_some_and(|n| matches!(n.back, Some(Back::Its | Back::ThatShips | Back::That)))
            && possessive.is_none();
        if let Some(p) = &possessive {
            if amount.is_some() {
                parts.push("of".into());
            }
            parts.push(p.clone());
        } else if its && amount.is_some() {
            parts.push("of".into());
        }
        match e.kind {
            EffectKind::Roll => parts.push("additional".into()),
            EffectKind::RollFewer => parts.push("fewer".into()),
            _ => {}
        }
        let facing_first = (amount.is_some() || possessive.is_some()) && e.noun.is_some();
        if let (Some(f), true) = (e.facing, facing_first) {
            parts.push(facing(f).into());
        }
        match &e.noun {
            Some(n) if e.kind == EffectKind::AddSlot && n.back.is_none() => {
                let said = self.noun(n, e.color.as_deref(), false);
                parts.push(format!("{said} slot{}", if n.refs.len() > 1 || many { "s" } else { "" }));
            }
            // `assign the defender 1 jam token` read as the words "defender 1 jam token": a
            // count the model does not hold, so the reading is not the card's.
            Some(n) if n.unheld() => parts.push(self.opaque()),
            // `reveals its dial`: whose it is, said once.
            Some(n) if possessive.is_some() && matches!(n.back, Some(Back::Its | Back::ThatShips)) => {
                let n = Noun { back: None, ..n.clone() };
                parts.push(self.noun(&n, e.color.as_deref(), many));
            }
            // `equip 1 [Torpedo] or [Missile] upgrade`, `return all [Illicit] upgrades`:
            // upgrade cards of those icons, where what is done to it is done to a card.
            Some(n)
                if matches!(
                    e.kind,
                    EffectKind::Equip
                        | EffectKind::Return
                        | EffectKind::Discard
                        | EffectKind::Flip
                        | EffectKind::Assign
                        | EffectKind::Choose
                        | EffectKind::Reveal
                        | EffectKind::Exhaust
                ) && n.back.is_none()
                    && !n.refs.is_empty()
                    && !n.adjectives.contains(&Adjective::Equipped)
                    && n.refs.iter().all(|r| r.kind == VocabKind::Icon) =>
            {
                let said = self.noun(n, e.color.as_deref(), false);
                parts.push(format!("{said} upgrade{}", if many { "s" } else { "" }));
            }
            // `perform a [Focus] action, treating that action as red`: the colour it is
            // treated as is said there, not on the action as well.
            Some(n)
                if treated_colour(e).is_some_and(|c| {
                    (n.marks.is_empty() || n.marks.iter().all(|m| m.color.as_deref() == Some(c)))
                        && e.color.as_deref().is_none_or(|own| own == c)
                }) =>
            {
                let marks: Vec<Mark> = n.marks.iter().map(|m| Mark { color: None, ..m.clone() }).collect();
                let n = Noun { marks: marks.into(), ..n.clone() };
                parts.push(self.noun(&n, None, many));
            }
            // `perform 1 action on your action bar as a red action`: the colour it counts as is
            // said there, not on the action as well.
            Some(n) if said_as_colour(e) => parts.push(self.noun(n, None, many)),
            // `add white [Boost] to your action bar`, `gains [Coordinate]`: an entry of the
            // bar, not an action performed, is printed without the word.
            Some(n) if e.kind == EffectKind::AddAction => {
                let said = self.noun(n, e.color.as_deref(), many);
                parts.push(said.strip_suffix(" actions").or(said.strip_suffix(" action")).unwrap_or(&said).to_string());
            }
            Some(n) => parts.push(self.noun(n, e.color.as_deref(), many)),
            None => parts.extend(e.color.as_deref().map(|c| c.replace('|', " or "))),
        }
        if let (Some(f), false) = (e.facing, facing_first) {
            parts.push(facing(f).into());
        }
        // Where it comes from, unless its possessive said so: before where it goes for a
        // transfer (`transfer 1 focus token from that ship to yourself`), after it otherwise.
        let from = match (&e.from, &possessive) {
            (Some(f), None) => Some(format!("from {}", self.subject(f))),
            _ => None,
        };
        let from_first = e.kind == EffectKind::Transfer;
        if from_first {
            parts.extend(from.clone());
        }
        if let Some(t) = &e.target {
            // `spend a lock you have on the defender`; `spend your lock on the defender` holds no
            // amount.
            let yours = e.kind == EffectKind::Spend
                && e.amount == Some(Amount::Exactly(1))
                && e.noun.as_ref().is_some_and(|n| matches!(&n.refs[..], [r] if unworded(self.set, r.kind, r.index)));
            // `perform a [Lock] action to lock that object`: the action's own verb, aimed.
            let action = match (e.kind, e.noun.as_ref().map(|n| &n.refs[..])) {
                (EffectKind::Perform, Some([r])) if r.kind == VocabKind::Action => {
                    Some(format!("to {} ", name(self.set, r.kind, r.index).to_lowercase()))
                }
                _ => None,
            };
            let to = match e.kind {
                _ if action.is_some() => action.as_deref().unwrap_or_default(),
                _ if yours => "you have on ",
                // `is locked by an enemy ship`: a passive's target is its agent.
                EffectKind::Lock if e.passive => "by ",
                EffectKind::Lock | EffectKind::Spend => "on ",
                EffectKind::Perform | EffectKind::Attack => "against ",
                EffectKind::Destroyed | EffectKind::Modify if e.passive => "by ",
                _ if e.passive => "by ",
                EffectKind::Dock => "with ",
                EffectKind::Place => "on ",
                _ => "to ",
            };
            let t = self.subject(t);
            parts.push(format!("{to}{t}"));
        }
        if !from_first {
            parts.extend(from);
        }
        if let Some(to) = &e.to {
            let word = match e.kind {
                // `cannot be canceled by [Evade] results`: a passive's agent.
                _ if e.passive && e.kind != EffectKind::Treat => "by",
                // `treat enemy ships … as being in your [Bullseye Arc]`: a ship is treated as in
                // an arc, never as one.
                EffectKind::Treat
                    if to.refs.iter().any(|r| r.kind == VocabKind::Arc)
                        && e.noun
                            .as_ref()
                            .is_some_and(|n| n.text.split(' ').any(|w| matches!(w, "ship" | "ships"))) =>
                {
                    "as in"
                }
                EffectKind::Treat => "as",
                _ if e.provisos.contains(&Proviso::Only) => "only to",
                _ => "to",
            };
            // A passive's agent is every such thing: `by [Evade] results`.
            let agent = e.passive && e.kind != EffectKind::Treat;
            let many = agent || !matches!(e.amount, Some(Amount::Exactly(1)) | None);
            let said = self.noun(to, None, many);
            // A ship's arcs are its own: `rotate … to your [Front Arc]`.
            let arcs = !to.refs.is_empty() && to.refs.iter().all(|r| r.kind == VocabKind::Arc);
            // `treat it as an attack at attack range 1`: one thing of a kind, in words.
            // `transfer 1 jam token to a ship at range 0-3`: one ship, in words.
            let one_thing = matches!(e.kind, EffectKind::Treat | EffectKind::Transfer)
                && to.refs.is_empty()
                && matches!(to.text.split(' ').next(), Some("attack" | "action" | "maneuver" | "ship"));
            let article = match () {
                _ if arcs => "your ".to_string(),
                _ if one_thing => format!("{} ", article(&said)),
                _ if many || to.refs.is_empty() => String::new(),
                _ => format!("{} ", article(&said)),
            };
            parts.push(format!("{word} {article}{said}"));
        }
        // One of a thing that is not counted out (an action, an attack, a ship) is `a`:
        // `perform a [Boost] action`; tokens, results, dice and resources keep `1`.
        let counted_kind = e.noun.as_ref().is_some_and(|n| {
            n.refs
                .iter()
                .any(|r| matches!(r.kind, VocabKind::Token | VocabKind::Resource | VocabKind::Result | VocabKind::Die))
        });
        // `choose 1`: one of the things named before, their noun unsaid.
        let unsaid = e.noun.as_ref().is_some_and(|n| n.back == Some(Back::Of));
        parts.retain(|p| !p.is_empty());
        if amount == Some(Amount::Exactly(1))
            && possessive.is_none()
            && !its
            && !unsaid
            && e.noun.is_some()
            && !counted_kind
        {
            if let Some(at) = parts.iter().position(|p| p == "1") {
                let next = parts.get(at + 1..).map(|rest| rest.join(" ")).unwrap_or_default();
                // `1 damage` stays: damage is not counted one at a time (`a damage`); a
                // damage card is.
                // The word itself, not `damaged` (`a damaged hero`).
                let mut words =
                    next.split_whitespace().map(|w| w.trim_matches(|c: char| !c.is_alphanumeric()).to_lowercase());
                let uncounted = words.next().as_deref() == Some("damage") && words.next().as_deref() != Some("card");
                if !uncounted {
                    parts[at] = article(&next).to_string();
                }
            }
        }
        parts
    }

    /// A noun: its entries by display name with their colours and speeds, joined by `or`
    /// for a choice and `and` otherwise; its own words when it names none.
    fn noun(&mut self, n: &Noun, color: Option<&str>, many: bool) -> String {
        let plural = many || (n.refs.is_empty() && plural_words(&n.text));
        match n.back {
            Some(Back::It) => return "it".into(),
            Some(Back::Them) => return "them".into(),
            Some(Back::Of) => return String::new(),
            Some(back) => {
                let word = match (back, plural) {
                    (Back::Its, _) => "its",
                    (Back::ThatShips, _) => "that ship's",
                    (_, true) => "those",
                    (_, false) => "that",
                };
                let said = self.noun(&Noun { back: None, ..n.clone() }, color, many);
                return format!("{word} {said}");
            }
            None => {}
        }
        // `a stress of strain token`: words that name two tokens and hold neither are no
        // thing the model knows; said as they are, they would round-trip and hide it.
        if n.refs.is_empty() && names_unheld_tokens(self.set, &n.text) {
            return self.opaque();
        }
        if n.refs.is_empty() {
            let color = color.or_else(|| n.marks.first().and_then(|m| m.color.as_deref()));
            let words = self.keep(&n.text);
            let Some(c) = color.map(|c| c.replace('|', " or ")) else { return words };
            // `another non-red maneuver`, `the difficulty of its red maneuvers`: the colour
            // right before the action or maneuver it colours, where the words name one.
            // (`a red basic maneuver` keeps it first.)
            let list: Vec<&str> = words.split(' ').collect();
            let head = list.iter().position(|w| matches!(*w, "maneuver" | "maneuvers" | "action" | "actions"));
            let counted = |w: &str| matches!(w, "another" | "each" | "its" | "your" | "their" | "that" | "those");
            return match head {
                Some(k) if k > 0 && counted(list[k - 1]) => {
                    format!("{} {c} {}", list[..k].join(" "), list[k..].join(" "))
                }
                _ => format!("{c} {words}"),
            };
        }
        if let Some(said) = self.speed_bands(n, color) {
            return said;
        }
        let set = self.set;
        // Entries of one kind share its word: `focus or calculate tokens`, `a red [Barrel
        // Roll] or red [Boost] action`.
        let kind = n.refs[0].kind;
        let one_kind = n.refs.iter().all(|r| r.kind == kind);
        // `your equipped [Talent] upgrades`: what a ship has equipped of an icon is upgrades.
        let equipped = kind == VocabKind::Icon && one_kind && n.adjectives.contains(&Adjective::Equipped);
        let shared = one_kind && (kind_word(kind).is_some() || equipped);
        // `a white 1 [Bank Left], 1 [Straight], or 1 [Bank Right] maneuver`: one colour for all.
        let one_color = match (kind, n.marks.first().and_then(|m| m.color.as_deref())) {
            (VocabKind::Maneuver, Some(c))
                if n.refs.len() > 1 && n.marks.iter().all(|m| m.color.as_deref() == Some(c)) =>
            {
                Some(c.to_string())
            }
            _ => None,
        };
        let items: Vec<String> = n
            .refs
            .iter()
            .enumerate()
            .map(|(i, r)| {
                let mark = n.marks.get(i);
                let mut item = String::new();
                let said_once = one_color.is_some() && i > 0;
                if let (Some(c), false) = (mark.and_then(|m| m.color.as_deref()).or(color), said_once) {
                    item.push_str(&c.replace('|', " or "));
                    item.push(' ');
                }
                if let Some(s) = mark.and_then(|m| m.speed) {
                    item.push_str(&format!("{s} "));
                }
                match shared {
                    true => item.push_str(&name(set, r.kind, r.index)),
                    false => item.push_str(&entry(set, r.kind, r.index, many)),
                }
                item
            })
            .collect();
        let join = if n.choice { "or" } else { "and" };
        // `1 active [Charge]`: which of them, before them all.
        let which = n.which();
        let mut said = which
            + &match items.len() {
                0 | 1 => items.concat(),
                2 => items.join(&format!(" {join} ")),
                k => format!("{}, {join} {}", items[..k - 1].join(", "), items[k - 1]),
            };
        let unworded = n.refs.iter().all(|r| unworded(set, r.kind, r.index));
        let word = kind_word(kind).or(equipped.then_some("upgrade"));
        if let (true, Some(word), false) = (shared, word, unworded && !equipped) {
            let word = match (word, many || (n.refs.len() > 1 && !n.choice)) {
                ("die", true) => "dice".to_string(),
                (w, true) => format!("{w}s"),
                (w, false) => w.to_string(),
            };
            said.push(' ');
            said.push_str(&word);
        }
        said
    }

    /// What a step counts (`for each …`): its noun, and the words after the entries it names
    /// that say which of them (`[Charge] you spend`, `focus token you remove`), kept.
    fn counted(&mut self, n: &Noun) -> String {
        let said = self.noun(n, None, false);
        let lower = n.text.to_ascii_lowercase();
        let which = [" you ", " that ", " it ", " they "].iter().filter_map(|w| lower.find(w)).min();
        match which.filter(|_| !n.refs.is_empty()) {
            Some(at) => format!("{said} {}", self.keep(n.text[at..].trim())),
            None => said,
        }
    }

    /// Maneuvers of a band of speeds, a card prints with the band once: `a speed 1-2 [Turn
    /// Left] or [Turn Right] or speed 1-2 [Koiogran Turn] maneuver` (read as each bearing at
    /// each speed). `None` unless every entry is a maneuver with a speed, of one colour or
    /// none, and some band spans two speeds or more.
    fn speed_bands(&mut self, n: &Noun, color: Option<&str>) -> Option<String> {
        let maneuvers = n.refs.iter().all(|r| r.kind == VocabKind::Maneuver) && n.marks.len() == n.refs.len();
        let speeds: Option<Vec<u8>> = n.marks.iter().map(|m| m.speed).collect();
        let colour = n.marks.first().and_then(|m| m.color.clone());
        let one_colour = n.marks.iter().all(|m| m.color == colour);
        let speeds = speeds.filter(|_| maneuvers && one_colour && n.choice && n.refs.len() > 1)?;
        // Runs of one bearing at speeds in a row: (bearing, first, last).
        let mut runs: Vec<(u16, u8, u8)> = Vec::new();
        for (r, &speed) in n.refs.iter().zip(&speeds) {
            match runs.last_mut() {
                Some((b, _, last)) if *b == r.index && speed.checked_sub(1) == Some(*last) => *last = speed,
                _ => runs.push((r.index, speed, speed)),
            }
        }
        if runs.iter().all(|(_, a, b)| a == b) {
            return None;
        }
        // Bearings in a row over the same band are printed as one: `speed 1-2 [Turn Left] or
        // [Turn Right]`.
        let mut groups: Vec<(Vec<u16>, u8, u8)> = Vec::new();
        for (b, first, last) in runs {
            match groups.last_mut() {
                Some((bearings, a, z)) if (*a, *z) == (first, last) => bearings.push(b),
                _ => groups.push((vec![b], first, last)),
            }
        }
        let said: Vec<String> = groups
            .iter()
            .map(|(bearings, a, z)| {
                let names: Vec<String> = bearings.iter().map(|&b| name(self.set, VocabKind::Maneuver, b)).collect();
                let band = if a == z { format!("{a}") } else { format!("speed {a}-{z}") };
                format!("{band} {}", names.join(" or "))
            })
            .collect();
        let colour = color.map(str::to_string).or(colour.map(|c| c.to_string()));
        let colour = colour.map(|c| format!("{} ", c.replace('|', " or "))).unwrap_or_default();
        Some(format!("{colour}{} maneuver", said.join(" or ")))
    }

    fn subject(&mut self, s: &Subject) -> String {
        if s.says_more_in(&self.set.words()) && counts_unheld(&s.text) {
            return self.opaque();
        }
        if s.says_more_in(&self.set.words()) {
            return self.keep(&s.text);
        }
        match s.person {
            Person::You => "you".into(),
            Person::That | Person::Thing if s.text.trim().is_empty() => format!("that {}", self.set.words().unit.one()),
            Person::That | Person::Thing => self.keep(&s.text),
            Person::Attacker => "the attacker".into(),
            Person::Defender => "the defender".into(),
            // `perform attacks against friendly ships`: every such ship, printed in the plural.
            Person::Each | Person::EachOther if plural_words(&s.text) => every_ship(s, &self.set.words()),
            _ => quantified(s, &self.set.words()).unwrap_or_default(),
        }
    }

    fn timing(&mut self, t: &Timing) -> String {
        let what = match (t.phase, &t.event) {
            (Some(p), _) if t.next => format!("the next {}", name(self.set, VocabKind::Phase, p)),
            // `During the Activation or Engagement Phase`: either, the word `Phase` once.
            (Some(p), _) if t.or_phase.is_some() => {
                let a = entry(self.set, VocabKind::Phase, p, false);
                let b = t.or_phase.map(|q| entry(self.set, VocabKind::Phase, q, false)).unwrap_or_default();
                let a = a.strip_suffix(" Phase").unwrap_or(&a);
                format!("{a} or {}", b.strip_prefix("the ").unwrap_or(&b))
            }
            // `At the start of the Activation Phase, … During this phase, …`.
            (Some(p), _) if self.phase == Some(p) && t.when == When::During => "this phase".to_string(),
            (Some(p), _) => entry(self.set, VocabKind::Phase, p, false),
            (None, Some(e)) if e.effect.kind != EffectKind::Opaque => {
                let list: Vec<&Clause> = std::iter::once(e).chain(t.or_events.iter()).collect();
                // `After defending`: a timing with no subject written is your own.
                let unwritten =
                    e.subject.text.trim().is_empty() && e.subject.person == Person::You && !e.effect.passive;
                // `Before you would suffer damage`: what may be prevented is said so.
                let prevented =
                    t.when == When::Before && matches!(e.effect.kind, EffectKind::Suffer | EffectKind::Detonate);
                let tense = match (unwritten, prevented) {
                    (true, _) => Tense::Gerund,
                    (false, true) => Tense::Would,
                    (false, false) => Tense::Present,
                };
                self.in_tense(tense, |s| s.events(&list))
            }
            _ if t.structured() => self.keep(&t.what),
            _ => self.opaque(),
        };
        format!("{} {what}", t.when.as_str())
    }

    /// Events, any of which is enough: clauses in the present, joined by `or`, a subject
    /// always said (`you defend or perform an attack`).
    fn events(&mut self, list: &[&Clause]) -> String {
        let list: Vec<Clause> = list
            .iter()
            .enumerate()
            .map(|(i, c)| {
                let mut c = (*c).clone();
                if c.subject.text.trim().is_empty() && c.subject.person == Person::You && self.tense != Tense::Gerund {
                    c.subject.text = "you".into();
                }
                c.alternative = i > 0;
                c
            })
            .collect();
        let last = self.last.take();
        // `you or a friendly ship at range 0-3 fully execute a maneuver`: one event of two
        // subjects, said with the verb of the first, `you`.
        let shared = match &list[..] {
            [a, b] if is_you(&a.subject) && a.subject.text == "you" && one_event_of_two(a, b) => Some(b),
            _ => None,
        };
        let said = match shared {
            Some(b) => {
                let other = self.subject(&b.subject);
                let one = self.clauses(&[&list[0]]);
                match one.strip_prefix("you ") {
                    Some(rest) => format!("you or {other} {rest}"),
                    None => one,
                }
            }
            None => self.clauses(&list.iter().collect::<Vec<_>>()),
        };
        self.last = last;
        said
    }

    /// What `say` says of a part already said (to find its words in what was said), not
    /// counted again in [`Said::kept`] or [`Said::opaque`].
    fn quietly(&mut self, say: impl FnOnce(&mut Self) -> String) -> String {
        let (kept, opaque) = (self.kept, self.opaque);
        let said = say(self);
        (self.kept, self.opaque) = (kept, opaque);
        said
    }

    /// What `say` says with events in `tense`.
    fn in_tense(&mut self, tense: Tense, say: impl FnOnce(&mut Self) -> String) -> String {
        let before = std::mem::replace(&mut self.tense, tense);
        let said = say(self);
        self.tense = before;
        said
    }

    fn duration(&mut self, d: &Duration) -> String {
        if d.this_round {
            return "until the end of the round".into();
        }
        match (d.until_end_of, d.during) {
            // `At the start of the End Phase, … until the end of this phase`.
            (Some(p), _) if self.phase == Some(p) => "until the end of this phase".into(),
            (Some(p), _) => format!("until the end of {}", entry(self.set, VocabKind::Phase, p, false)),
            (None, Some(during)) => during.words().into(),
            (None, None) => self.opaque(),
        }
    }

    /// Ships counted (`other friendly ships at range 0-2`): their side and range, or their
    /// words where they say more.
    fn ships(&mut self, who: &Subject) -> String {
        if who.says_more_in(&self.set.words()) {
            return self.subject(who);
        }
        let other = if matches!(who.person, Person::Another | Person::EachOther) { " other" } else { "" };
        let side = side_words(who.side);
        let words = self.set.words();
        let range = words.range(who.range);
        format!("{other}{side} {}{range}", words.unit.many()).trim_start().to_string()
    }

    fn condition(&mut self, c: &Condition) -> String {
        let word = match (c.kind, &c.test) {
            (CondKind::If, Test::OnResult(_)) => return self.test(c),
            (CondKind::If, _) => "if",
            (CondKind::Unless, _) => "unless",
            (CondKind::Otherwise, _) => return "otherwise".into(),
        };
        format!("{word} {}", self.test(c))
    }

    /// `you have`, `the defender has`, `that ship does not have`.
    fn has(&mut self, s: &Subject, not: bool) -> String {
        match (is_you(s), not) {
            (true, false) => "you have".into(),
            (true, true) => "you do not have".into(),
            (false, false) => format!("{} has", self.subject(s)),
            (false, true) => format!("{} does not have", self.subject(s)),
        }
    }

    fn is(&mut self, s: &Subject, not: bool) -> String {
        let not = if not { " not" } else { "" };
        match is_you(s) {
            true => format!("you are{not}"),
            false => format!("{} is{not}", self.subject(s)),
        }
    }

    /// The state a count of one token is (`focused` for 1 or more focus tokens, `not
    /// focused` for none), where the rules name one ([`TOKEN_STATES`]).
    fn token_state(&self, what: &Noun, n: Count) -> Option<(&'static str, bool)> {
        let not = match (n.op, n.n) {
            (CmpOp::Ge, 1) => false,
            (CmpOp::Eq, 0) => true,
            _ => return None,
        };
        let [r] = &what.refs[..] else { return None };
        let token = (r.kind == VocabKind::Token).then(|| entry(self.set, r.kind, r.index, false))?;
        TOKEN_STATES.iter().find(|(_, t)| *t == token).map(|(state, _)| (*state, not))
    }

    fn possessive(&mut self, s: &Subject) -> String {
        if is_you(s) {
            return "your".into();
        }
        match s.text.trim().to_lowercase().as_str() {
            "it" => "its".into(),
            "they" | "them" => "their".into(),
            _ => format!("{}'s", self.subject(s)),
        }
    }

    fn test(&mut self, c: &Condition) -> String {
        match &c.test {
            Test::YouDo { not } => {
                // `If it does`: the ship that did the step before.
                let who = match self.last.clone() {
                    // `Another friendly ship may … If it does`.
                    Some(s) if !is_you(&s) && s.person != Person::Thing => match many(&s) {
                        true => "they do".to_string(),
                        false => "it does".to_string(),
                    },
                    _ => "you do".to_string(),
                };
                match not {
                    true => format!("{who} not"),
                    false => who,
                }
            }
            Test::State { who, state, not } => format!("{} {}", self.is(who, *not), state.replace('-', " ")),
            Test::OnSide { who, side } => format!("{} {}", self.is(who, false), side_words(*side).trim_start()),
            Test::Has { who, count: n, noun: what, on: None }
                if who.person != Person::Thing && self.token_state(what, *n).is_some() =>
            {
                let (state, not) = self.token_state(what, *n).unwrap_or_default();
                format!("{} {state}", self.is(who, not))
            }
            // `if there is a friendly lock on the attacker`: a lock some ship of a side has.
            Test::Has { who, count: n, noun: what, on: Some(on) }
                if who.person == Person::A
                    && who.side != Side::Any
                    && who.range.is_none()
                    && !who.says_more_in(&self.set.words())
                    && n.op == CmpOp::Ge
                    && n.n == 1
                    && is_lock(self.set, what) =>
            {
                format!("there is a{} lock on {}", side_words(who.side), self.subject(on))
            }
            // `if you do not have that ship locked`, `if you are not locked by the attacker`:
            // no lock, said as the state of being locked.
            Test::Has { who, count: n, noun: what, on: Some(on) }
                if n.op == CmpOp::Eq && n.n == 0 && is_lock(self.set, what) && (is_you(who) || is_you(on)) =>
            {
                match is_you(who) {
                    true => format!("you do not have {} locked", self.subject(on)),
                    false => format!("you are not locked by {}", self.subject(who)),
                }
            }
            Test::Has { who, count: n, noun: what, on } => {
                // `there are 2 or fewer attack dice`: the attack's dice, no ship's. `there are
                // 2 fuse markers on this card`: the tokens a thing holds are on it (what it has
                // of a resource, it has).
                let resource = what.refs.iter().any(|r| r.kind == VocabKind::Resource);
                let (has, held) = match (*who == Subject::THING, who.person == Person::Thing && !resource) {
                    (true, _) => ("there are".to_string(), String::new()),
                    (false, true) => ("there are".to_string(), format!(" on {}", self.subject(who))),
                    (false, false) => (self.has(who, false), String::new()),
                };
                let one = n.op == CmpOp::Ge && n.n == 1;
                // `if you have 1 or more non-lock red or orange tokens`: words printed in the
                // plural count one or more.
                let many_words = one && plural_words(&what.text);
                let what = self.noun(what, None, (n.n != 1 && !one) || many_words);
                let n = match (one, many_words) {
                    (true, true) => "1 or more".to_string(),
                    (true, false) => article(&what).to_string(),
                    (false, _) => count(*n),
                };
                let on = match on {
                    Some(s) => format!(" on {}", self.subject(s)),
                    None => String::new(),
                };
                format!("{has} {n} {what}{on}{held}")
            }
            Test::InArc { who, arc, of, not } => {
                // `there is an enemy ship in your [Bullseye Arc]`: one ship, not a named one.
                let some = matches!(who.person, Person::A | Person::Another) && !*not && !definite(who);
                // `there is an enemy ship in your [Front Arc] at range 0-1`: a card prints the
                // arc before the range.
                let range = match some && !who.says_more_in(&self.set.words()) {
                    true => who.range,
                    false => None,
                };
                let bare = Subject { range: None, ..who.clone() };
                // `a friendly Darth Vader or “Mauler” Mithel is in your [Left Arc] at range
                // 0-1`: a ship its words name is in the arc, at the range its words end with.
                let named = some && who.says_more_in(&self.set.words()) && !who.text.to_lowercase().contains(" ship");
                let (named_range, named_words) = match (named, who.range) {
                    (true, Some(r)) => {
                        let band = self.set.words().range(Some(r));
                        match who.text.strip_suffix(band.as_str()) {
                            Some(words) => (Some(r), Some(words.to_string())),
                            None => (None, None),
                        }
                    }
                    _ => (None, None),
                };
                let range = named_range.or(range);
                let is = match (some, range, named_words) {
                    (_, _, Some(words)) => format!("{} is", self.keep(&words)),
                    (true, Some(_), None) => format!("there is {}", self.subject(&bare)),
                    (true, None, None) => format!("there is {}", self.subject(who)),
                    (false, _, None) => self.is(who, *not),
                };
                // `the attack arc` is the attacker's by name.
                if arc.refs.is_empty() && arc.text.eq_ignore_ascii_case("attack arc") && of.person == Person::Attacker {
                    return format!("{is} in the attack arc");
                }
                let arc = self.noun(arc, None, false);
                // `in the [Bullseye Arc] of a friendly ship at range 0-3`: a ship named with
                // its range owns the arc after it, not before.
                if of.range.is_some() && !is_you(of) {
                    let of = self.subject(of);
                    return format!("{is} in the {arc} of {of}{}", self.set.words().range(range));
                }
                let of = self.possessive(of);
                format!("{is} in {of} {arc}{}", self.set.words().range(range))
            }
            Test::Indicator { arc, within, not } => {
                let not = if *not { " not" } else { "" };
                let (arc, within) = (self.noun(arc, None, false), self.noun(within, None, false));
                format!("your {arc} indicator is{not} in your {within}")
            }
            // `the attack range is 1`: the defender at range 1 of the attacker.
            Test::AtRange { who, range: (a, b), of, attack: true }
                if who.person == Person::Defender
                    && of.person == Person::Attacker
                    && !who.says_more_in(&self.set.words()) =>
            {
                let range = if a == b { a.to_string() } else { format!("{a}-{b}") };
                format!("the attack range is {range}")
            }
            Test::AtRange { who, range: (a, b), of, attack } => {
                // `there is another friendly ship at range 0-1`: one ship, not a named one;
                // `there are one or more other ships at range 0`: some, counted in words.
                let counted = who.says_more_in(&self.set.words()) && {
                    let first = who.text.split(' ').next().unwrap_or_default().to_lowercase();
                    plural_words(&who.text) && (first == "one" || first.bytes().all(|b| b.is_ascii_digit()))
                };
                let is = match (matches!(who.person, Person::A | Person::Another) && !definite(who), counted) {
                    (_, true) => format!("there are {}", self.subject(who)),
                    (true, false) => format!("there is {}", self.subject(who)),
                    (false, false) => self.is(who, false),
                };
                let of = if is_you(of) { String::new() } else { format!(" of {}", self.subject(of)) };
                let range = if a == b { a.to_string() } else { format!("{a}-{b}") };
                let measured = if *attack { "attack range" } else { "range" };
                format!("{is} at {measured} {range}{of}")
            }
            Test::Stat { who, stat, op, than } => {
                let name = entry(self.set, VocabKind::Stat, *stat, false);
                let whose = self.possessive(who);
                match than {
                    Than::Number(n) => match op {
                        CmpOp::Le => format!("{whose} {name} is {n} or lower"),
                        CmpOp::Ge => format!("{whose} {name} is {n} or higher"),
                        _ => format!("{whose} {name} is {} {n}", compare(*op)),
                    },
                    Than::Ship(s) => {
                        let than = match is_you(s) {
                            true => "yours".to_string(),
                            false => self.possessive(s),
                        };
                        format!("{whose} {name} is {} {than}", compare(*op))
                    }
                }
            }
            Test::OnResult(n) => {
                let n = self.noun(n, None, false);
                format!("on a {n}")
            }
            // Under an attack header the ability is the attack: `If this attack hits`.
            Test::AttackHits { not } => {
                // `If this attack hits` under the header; `if the attack missed` of one done.
                match (self.attack, not) {
                    (true, true) => "this attack misses".into(),
                    (true, false) => "this attack hits".into(),
                    (false, true) => "the attack missed".into(),
                    (false, false) => "the attack hit".into(),
                }
            }
            Test::Event { events, not, within } => {
                let list: Vec<&Clause> = events.iter().collect();
                // What has happened is said in the past: `if you moved through an enemy
                // ship` (while an event goes on, what happens in it is present: `While you
                // execute a maneuver, if you overlap an obstacle`), and within a round or phase in the perfect: `you have not attacked
                // the defender this round`. A passive event, or one a step is done unless,
                // keeps the present (`unless it removes 1 green token`).
                let passive = events.iter().any(|e| e.effect.passive || e.effect.kind == EffectKind::Opaque);
                let tense = match (within, c.kind) {
                    _ if passive => None,
                    (Some(_), _) => Some(Tense::Perfect { not: *not }),
                    (None, CondKind::If) if !self.ongoing => Some(Tense::Past { not: *not }),
                    (None, _) => None,
                };
                let Some(tense) = tense else {
                    let said = self.events(&list);
                    return event_test(&said, *not, *within);
                };
                let said = self.in_tense(tense, |s| s.events(&list));
                event_test(&said, false, *within)
            }
            Test::Exists { count: n, who } => {
                if n.op == CmpOp::Ge && n.n == 1 {
                    return format!("there is {}", self.subject(who));
                }
                format!("there are {} {}", count(*n), self.ships(who))
            }
            Test::More { more, than } => format!("there are more {} than {}", self.ships(more), self.ships(than)),
            Test::Active { who, noun: what, which, active } => {
                let (which, state) = active_words(*which, *active);
                let whose = self.possessive(who);
                let what = self.noun(what, None, false);
                let is = if which == "all of " { "are" } else { "is" };
                format!("{which}{whose} {what} {is} {state}")
            }
            Test::Obstructed { by: None } => "the attack is obstructed".into(),
            // `if you obstruct the attack`: a ship obstructs, in the active.
            Test::Obstructed { by: Some(s) } if is_you(s) => "you obstruct the attack".into(),
            Test::Obstructed { by: Some(s) } => format!("the attack is obstructed by {}", self.subject(s)),
            Test::Revealed { who, color, speed } => {
                let mut out = format!("{} revealed maneuver is", self.possessive(who));
                if let Some(c) = color {
                    out.push_str(&format!(" {c}"));
                }
                match speed {
                    Some((a, u8::MAX)) => out.push_str(&format!(" speed {a} or higher")),
                    Some((a, b)) if a == b => out.push_str(&format!(" speed {a}")),
                    Some((a, b)) => out.push_str(&format!(" speed {a}-{b}")),
                    None => {}
                }
                out
            }
            Test::RevealedVs { who, part, op, than } => {
                let whose = self.possessive(who);
                let than = self.possessive(than);
                format!("the {part} of {whose} revealed maneuver is {} {than}", compare(*op))
            }
            Test::RevealedParity { who, even } => {
                let whose = self.possessive(who);
                format!("the speed of {whose} revealed maneuver is {}", parity(*even))
            }
            Test::Behind { who, of } => {
                let is = self.is(who, false);
                format!("{is} behind {}", self.subject(of))
            }
            Test::Size { who, op, than } => {
                let is = self.is(who, false);
                format!("{is} {} {}", size_compare(*op), self.subject(than))
            }
            // `that action is on your action bar`; `it has [Calculate] on its action bar`: a
            // named entry of the bar is printed without the word `action`, had by the ship.
            Test::OnBar { action, of } if !action.refs.is_empty() => {
                let said = self.noun(action, None, false);
                let said = said.strip_suffix(" action").unwrap_or(&said).to_string();
                let has = self.has(of, false);
                format!("{has} {said} on {} action bar", self.possessive(of))
            }
            Test::OnBar { action, of } => {
                let action = self.noun(action, None, false);
                format!("{action} is on {} action bar", self.possessive(of))
            }
            Test::Equipped { who, card, as_, not } => {
                // A name keeps its capitals.
                self.kept += card.split_whitespace().count();
                let has = self.has(who, *not);
                match as_ {
                    Equip::Upgrade => format!("{has} the {card} upgrade"),
                    Equip::ShipAbility => format!("{has} the {card} ship ability"),
                    Equip::EquippedWith => {
                        let is = self.is(who, *not);
                        format!("{is} equipped with {card}")
                    }
                }
            }
            Test::Shows { dice, result, not } => {
                let many = *dice == Dice::Only;
                let said = self.noun(result, None, many);
                // `a [Hit] result`: one of its kind; `the named result`: one named before.
                let one = match (result.refs.is_empty(), many) {
                    (_, true) => said,
                    (true, false) => format!("the {said}"),
                    (false, false) => format!("{} {said}", article(&said)),
                };
                match (dice, not) {
                    (Dice::Roll, false) => format!("the roll contains {one}"),
                    (Dice::Roll, true) => format!("the roll does not contain {one}"),
                    (Dice::Rerolled, false) => format!("the rerolled result is {one}"),
                    (Dice::Rerolled, true) => format!("the rerolled result is not {one}"),
                    (Dice::Only, false) => format!("you have only {one}"),
                    (Dice::Only, true) => format!("you do not have only {one}"),
                }
            }
            // `if the attacker rolled 2 or fewer attack dice`, `if you did not roll exactly 2
            // defense dice`.
            Test::Rolled { who, count: n, dice, not } => {
                let rolled = if *not { "did not roll" } else { "rolled" };
                let dice = self.noun(dice, None, n.n != 1);
                format!("{} {rolled} {} {dice}", self.subject(who), count(*n))
            }
            // `that ship is limited or has the Cutthroat upgrade`, `there is an enemy ship in
            // your [Front Arc] at range 0-1 or in your [Bullseye Arc]`: what the tests share
            // at their start is said once.
            Test::Any(tests) => {
                let mut out = String::new();
                let mut first: Option<String> = None;
                for t in tests.iter() {
                    let said = self.test(&Condition { test: t.clone(), ..c.clone() });
                    match &first {
                        None => {
                            out.push_str(&said);
                            first = Some(said);
                        }
                        Some(f) => {
                            out.push_str(" or ");
                            out.push_str(after_shared_start(f, &said));
                        }
                    }
                }
                out
            }
            Test::Opaque => self.opaque(),
        }
    }
}

/// Whether a step is a list of clauses only, the first of them marked `instead` and no
/// other: what replaces an event as a whole (`instead draw 3 damage cards, choose 1, and
/// discard the rest`), the mark read before the first verb.
fn instead_first(step: &Step) -> bool {
    let plain = step.conditions.is_empty() && step.timings.is_empty() && step.duration.is_none();
    let marked: Vec<bool> = step.clauses.iter().map(|c| c.instead).collect();
    plain && step.for_each.is_none() && marked.len() > 1 && marked[0] && !marked[1..].contains(&true)
}

/// What joins alternative clause `i` to the one before: `or`, or in a run of three or more
/// a list's commas (`repair 1 damage card, recover 1 shield, or remove 1 device`).
fn list_join(list: &[&Clause], i: usize) -> &'static str {
    let first = (1..=i).rev().take_while(|&k| list[k].alternative).last().map_or(i, |k| k - 1);
    let last = (i..list.len()).take_while(|&k| list[k].alternative).last().unwrap_or(i);
    match (last - first >= 2, i == last) {
        (true, false) => ", ",
        (true, true) => ", or ",
        (false, _) => " or ",
    }
}

/// The words of `said` after those it shares with `first` at their start, cut before the
/// verb or place that follows them (`has the Cutthroat upgrade` of `that ship has the
/// Cutthroat upgrade` after `that ship is limited`); all of `said` when they share none.
fn after_shared_start<'a>(first: &str, said: &'a str) -> &'a str {
    let starts: Vec<usize> = std::iter::once(0).chain(said.match_indices(' ').map(|(at, _)| at + 1)).collect();
    let shared = said.split(' ').zip(first.split(' ')).take_while(|(a, b)| a == b).count();
    let cut = (1..=shared.min(starts.len() - 1)).rev().find(|k| {
        let word = said[starts[*k]..].split(' ').next().unwrap_or_default();
        matches!(word, "is" | "are" | "has" | "have" | "in" | "at" | "does" | "do")
    });
    match cut {
        Some(k) => &said[starts[k]..],
        None => said,
    }
}

/// Whether words name two or more of the game's tokens by their names (`stress of strain
/// token`): a noun that holds none of them lost what it names.
fn names_unheld_tokens(set: &Set, text: &str) -> bool {
    // Only words that end as a token does can name tokens (most kept words name none: the
    // check is kept off them).
    let t = text.trim_end();
    let ends = |w: &str| {
        t.len() >= w.len() && t.is_char_boundary(t.len() - w.len()) && t[t.len() - w.len()..].eq_ignore_ascii_case(w)
    };
    if !(ends("token") || ends("tokens")) {
        return false;
    }
    // A bracket names its entry on its own (`the [Focus] or [Lock] requirement`).
    let mut lower = String::new();
    let mut depth = 0u32;
    for c in text.chars() {
        match c {
            '[' => depth += 1,
            ']' => depth = depth.saturating_sub(1),
            _ if depth == 0 => lower.extend(c.to_lowercase()),
            _ => {}
        }
    }
    let words: Vec<&str> = lower.split(|c: char| !c.is_alphanumeric() && c != '-').filter(|w| !w.is_empty()).collect();
    let named = set.vocab.tokens.iter().filter(|e| {
        let parts = e.name.split_whitespace().count();
        parts > 0
            && words
                .windows(parts)
                .any(|w| w.iter().zip(e.name.split_whitespace()).all(|(a, b)| a.eq_ignore_ascii_case(b)))
    });
    named.take(2).count() >= 2
}

/// Every ship a subject counts, in the plural: `other friendly ships at range 0-1`.
fn every_ship(s: &Subject, game: &crate::model::Words<'_>) -> String {
    let other = if s.person == Person::EachOther { "other" } else { "" };
    let words = format!("{other}{} {}{}", side_words(s.side), game.unit.many(), game.range(s.range));
    words.trim_start().to_string()
}

/// Whether a subject is said in the plural: words printed so (`the chosen ships`), or every
/// ship of a kind printed in the plural (`friendly ships`, as [`Sayer::subject`] says it).
fn many(s: &Subject) -> bool {
    plural(s) || (matches!(s.person, Person::Each | Person::EachOther) && plural_words(&s.text))
}

/// Whether `e`, said after `before`, can leave its verb to it: the same verb, neither
/// negated nor `fully` done.
fn shares_verb(before: &Effect, e: &Effect) -> bool {
    before.kind == e.kind && !e.negated && !e.fully
}

/// An effect said (`gain 1 focus token`, or `gains …` in the third person) without its
/// verb (`1 focus token`).
fn without_verb(said: &str, kind: EffectKind) -> Option<&str> {
    let rest = said.strip_prefix(verb(kind))?;
    let rest = rest.strip_prefix("es ").or_else(|| rest.strip_prefix("s "));
    rest.or_else(|| said.strip_prefix(verb(kind))?.strip_prefix(' '))
}

/// The word two effects' single entries of one kind share (`token` for `1 deplete` and `1
/// strain token`), when both are counted.
fn shared_kind_word(a: &Effect, b: &Effect) -> Option<&'static str> {
    let one = |e: &Effect| match e.noun.as_ref().map(|n| &n.refs[..]) {
        Some([r]) if e.amount.is_some() && e.noun.as_ref().is_some_and(|n| n.adjectives.is_empty()) => Some(r.kind),
        _ => None,
    };
    match (one(a), one(b)) {
        (Some(x), Some(y)) if x == y && x == VocabKind::Token => kind_word(x),
        _ => None,
    }
}

/// Whether `d`, said after `first`, puts another thing where `first` puts its own, by the
/// same verb, subject and qualifier, with no cost of its own and no `then` or `or` between.
fn one_place(first: &Clause, d: &Clause) -> bool {
    let (a, b) = (&first.effect, &d.effect);
    shares_verb(a, b)
        && d.subject == first.subject
        && d.qualifier == first.qualifier
        && d.costs.is_empty()
        && d.modifiers.is_empty()
        && !d.alternative
        && !d.then
        && !d.instead
        && d.also.is_empty()
        && b.target.is_some()
        && (&b.target, &b.to, &b.from, &b.provisos, b.passive) == (&a.target, &a.to, &a.from, &a.provisos, a.passive)
}

/// Whether two clauses do what they do to the same object, with the same subject and cost.
fn same_object(a: &Clause, b: &Clause) -> bool {
    fn object(c: &Clause) -> impl PartialEq + '_ {
        let e = &c.effect;
        (&c.subject, c.qualifier, e.amount, &e.noun, &e.target, &e.from, &e.to, &e.color, &c.costs, &e.provisos)
    }
    object(a) == object(b)
}

/// An effect said in the imperative (`drop a device`, `fully execute a maneuver`), put in
/// a tense for its subject: `drops`, `dropping`, `have dropped`, `dropped`.
fn inflect(verbs: &[Verb], said: &str, tense: Tense, third: bool) -> String {
    // What a helping verb cannot go before is said in the present.
    let plain = tense == Tense::Present
        || said.starts_with('“')
        || ["be ", "not ", "do not "].iter().any(|p| said.starts_with(p));
    if plain {
        return if third { third_person(verbs, said) } else { said.to_string() };
    }
    // A word before the verb stays before it: `have fully executed`, `barrel rolling`.
    let lead = ["fully ", "partially ", "barrel "].iter().find(|p| said.starts_with(**p)).copied().unwrap_or("");
    let rest = &said[lead.len()..];
    let (word, tail) = rest.split_once(' ').map_or((rest, ""), |(w, t)| (w, t));
    let (aux, word) = tensed(verbs, word, tense, third);
    [aux.as_deref().unwrap_or(""), lead.trim_end(), &word, tail]
        .iter()
        .filter(|w| !w.is_empty())
        .copied()
        .collect::<Vec<_>>()
        .join(" ")
}

/// `said` (an effect in the imperative) after a subject in the singular: `drops a device`;
/// a verb the game declares in the form it declares (`verb undo "undoes" "undone"`).
fn third_person(verbs: &[Verb], said: &str) -> String {
    let (word, rest) = said.split_once(' ').map_or((said, ""), |(w, r)| (w, r));
    match verbs.iter().find(|v| &*v.id == word) {
        Some(v) if rest.is_empty() => v.third.to_string(),
        Some(v) => format!("{} {rest}", v.third),
        None => conjugate(said),
    }
}

/// A verb in a tense, with the helping verb it needs said apart: `(Some("have not"),
/// "dropped")`.
fn tensed(verbs: &[Verb], word: &str, tense: Tense, third: bool) -> (Option<String>, String) {
    let has = if third { "has" } else { "have" };
    // A verb the game declares has the forms it declares.
    let past = |w: &str| verbs.iter().find(|v| &*v.id == w).map_or_else(|| participle_word(w), |v| v.past.to_string());
    match tense {
        Tense::Present if third => (None, third_person(verbs, word)),
        Tense::Present => (None, word.to_string()),
        Tense::Gerund => (None, gerund(word)),
        Tense::Perfect { not } => (Some(format!("{has}{}", if not { " not" } else { "" })), past(word)),
        Tense::Past { not: true } => (Some("did not".into()), word.to_string()),
        Tense::Past { not: false } => (None, past(word)),
        Tense::Would => (Some("would".into()), word.to_string()),
    }
}

/// A verb's `-ing` form: `defending`, `executing`, `dropping`.
fn gerund(word: &str) -> String {
    match word {
        "be" | "see" | "flee" => format!("{word}ing"),
        _ if doubled(word) => format!("{word}{}ing", &word[word.len() - 1..]),
        _ => match word.strip_suffix('e') {
            Some(stem) => format!("{stem}ing"),
            None => format!("{word}ing"),
        },
    }
}

fn facing(f: Facing) -> &'static str {
    match f {
        Facing::Faceup => "faceup",
        Facing::Facedown => "facedown",
    }
}

/// The verb a card prints for an effect kind.
fn verb(kind: EffectKind) -> &'static str {
    match kind {
        EffectKind::Lock => "acquire a lock",
        EffectKind::Be => "be",
        EffectKind::Dealt => "be dealt",
        EffectKind::RollFewer | EffectKind::RollDice => "roll",
        EffectKind::AddSlot | EffectKind::AddResult | EffectKind::AddAction => "add",
        EffectKind::MoveThrough => "move through",
        EffectKind::PartiallyExecute => "partially execute",
        EffectKind::BarrelRoll => "barrel roll",
        EffectKind::Destroyed => "be destroyed",
        EffectKind::Look => "look at",
        EffectKind::HaveAbility => "have",
        other => other.as_str(),
    }
}

/// The ship a condition is about, where it says one first (`you are stressed`, `you are in
/// …`, `the defender is at range 1`).
fn tested(t: &Test) -> Option<&Subject> {
    match t {
        Test::State { who, .. }
        | Test::OnSide { who, .. }
        | Test::InArc { who, .. }
        | Test::AtRange { who, .. }
        | Test::Equipped { who, .. } => Some(who),
        _ => None,
    }
}

/// The ship a condition says has something (`you have 2 or more results`, `you have only
/// blank results`): a second after a first of the same ship goes on from it (`if you have
/// only blank results and have 2 or more results`).
fn having(t: &Test) -> Option<&Subject> {
    /// Whose dice `you have only blank results` tests.
    static YOU: Subject = Subject::YOU;
    match t {
        Test::Has { who, .. } if *who != Subject::THING => Some(who),
        Test::Shows { dice: Dice::Only, .. } => Some(&YOU),
        _ => None,
    }
}

/// `a` or `an`, as the words that follow begin (`an [Evade] result`, `a red action`).
fn article(next: &str) -> &'static str {
    let first = next.trim_start_matches(|c: char| !c.is_alphanumeric()).chars().next().unwrap_or('x');
    match first.to_ascii_lowercase() {
        'a' | 'e' | 'i' | 'o' => "an",
        _ => "a",
    }
}

/// The word a card prints after entries of a kind (`token`, `action`, `result`, `die`).
fn kind_word(kind: VocabKind) -> Option<&'static str> {
    match kind {
        VocabKind::Token => Some("token"),
        VocabKind::Action => Some("action"),
        VocabKind::Result => Some("result"),
        VocabKind::Die => Some("die"),
        VocabKind::Maneuver => Some("maneuver"),
        _ => None,
    }
}

/// Whether a noun is one lock, of the game's tokens.
fn is_lock(set: &Set, n: &Noun) -> bool {
    matches!(&n.refs[..], [r] if r.kind == VocabKind::Token && set.vocab.tokens.get(r.index as usize).is_some_and(|e| e.id == "lock"))
}

/// A list of clauses of one subject that all hold one lifted state (`even while
/// stressed`) or reach one range (`acquire locks and perform primary attacks at range 1-4`),
/// with the proviso left on the last only; `None` for any other list.
fn lifted_once(list: &[&Clause]) -> Option<Vec<Clause>> {
    let (last, rest) = list.split_last()?;
    let lifted = !last.effect.provisos.is_empty()
        && last
            .effect
            .provisos
            .iter()
            .all(|p| matches!(p, Proviso::EvenWhile(_) | Proviso::Range(_) | Proviso::IgnoringRange))
        && !rest.is_empty()
        && rest.iter().all(|c| {
            c.effect.provisos == last.effect.provisos && c.subject == last.subject && c.qualifier == last.qualifier
        });
    lifted.then(|| {
        let mut out: Vec<Clause> = list.iter().map(|c| (*c).clone()).collect();
        let n = out.len();
        for c in &mut out[..n - 1] {
            c.effect.provisos = Vec::new().into();
        }
        out
    })
}

/// The colour an effect's action is treated as (`treating it as red`), if it is.
fn treated_colour(e: &Effect) -> Option<&str> {
    e.provisos.iter().find_map(|p| match p {
        Proviso::TreatedAs(c) => Some(c.as_ref()),
        _ => None,
    })
}

/// Whether an effect's colour is the one it counts as (`as a red action`), said there.
fn said_as_colour(e: &Effect) -> bool {
    let Some(c) = e.color.as_deref() else { return false };
    e.provisos.iter().any(|p| match p {
        Proviso::As(n) => {
            n.marks.iter().any(|m| m.color.as_deref() == Some(c))
                || n.text.split_whitespace().any(|w| w.eq_ignore_ascii_case(c))
        }
        _ => false,
    })
}

/// Whether a ship's words name one named before (`the enemy ship`, `that ship`), not any
/// one there is.
fn definite(who: &Subject) -> bool {
    let lower = who.text.trim_start().to_ascii_lowercase();
    lower.starts_with("the ") || lower.starts_with("that ")
}

/// Whether two events are one thing done by two subjects: the same effect, nothing else
/// said of either.
fn one_event_of_two(a: &Clause, b: &Clause) -> bool {
    let bare = |c: &Clause| {
        c.costs.is_empty()
            && c.also.is_empty()
            && c.modifiers.is_empty()
            && c.duration.is_none()
            && c.qualifier == Qualifier::None
    };
    let effect = Effect { text: a.effect.text.clone(), ..b.effect.clone() };
    bare(a) && bare(b) && effect == a.effect
}

/// Whether a card prints an entry without its kind's word: X-Wing's lock is a token, but a
/// card says `spend your lock`, `if you have a lock on the defender`.
fn unworded(set: &Set, kind: VocabKind, index: u16) -> bool {
    kind == VocabKind::Token && kind.entries(&set.vocab).get(index as usize).is_some_and(|e| e.name == "lock")
}

/// An entry's name without its kind's word: `focus` (a token), `[Boost]`, `attack` (a die).
fn name(set: &Set, kind: VocabKind, index: u16) -> String {
    let Some(e) = kind.entries(&set.vocab).get(index as usize) else {
        return format!("{} #{index}", kind.keyword());
    };
    match kind {
        VocabKind::Token | VocabKind::Die => e.name.to_lowercase(),
        _ if e.name.starts_with(|c: char| c.is_lowercase()) => e.name.to_string(),
        _ => format!("[{}]", e.name),
    }
}

/// An entry as a card prints it: `[Boost] action`, `focus token`, `[Hit] result`,
/// `[Charge]`, `attack die`, `the Engagement Phase`. A display name the game wrote in lower
/// case is a word, not an icon (`shield`).
fn entry(set: &Set, kind: VocabKind, index: u16, many: bool) -> String {
    let Some(e) = kind.entries(&set.vocab).get(index as usize) else {
        return format!("{} #{index}", kind.keyword());
    };
    let s = if many { "s" } else { "" };
    let said = name(set, kind, index);
    if unworded(set, kind, index) {
        return format!("{said}{s}");
    }
    match (kind, kind_word(kind)) {
        (VocabKind::Phase, _) => format!("the {}", e.name),
        (VocabKind::Stat, _) => e.name.to_lowercase(),
        (VocabKind::Die, _) => format!("{said} {}", if many { "dice" } else { "die" }),
        (_, Some(word)) => format!("{said} {word}{s}"),
        // A word, not an icon, takes the plural itself (`recover 2 shields`).
        (_, None) if e.name.starts_with(|c: char| c.is_lowercase()) => format!("{said}{s}"),
        (_, None) => said,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn said_words(text: &str) -> Vec<String> {
        words(text).into_iter().map(|w| w.word.into_owned()).collect()
    }

    #[test]
    fn the_normalisation_forgives_articles_numbers_plurals_and_brackets_only() {
        assert_eq!(said_words("Gain a [Focus] token."), ["gain", "1", "focus"]);
        assert_eq!(said_words("that ship gains 2 focus tokens"), ["that", "ship", "gain", "2", "focus"]);
        assert_eq!(said_words("roll 1 additional attack die"), said_words("rolls one additional attack dice"));
        assert_eq!(said_words("the defender's dice"), ["defender", "die"]);
        // Reminder text is not the reading's.
        assert_eq!(said_words("Barrel roll (this is not an action)."), ["barrel", "roll"]);
        // What carries meaning stays.
        assert_ne!(said_words("gain 1 focus or evade token"), said_words("gain 1 focus and evade token"));
        assert_ne!(said_words("up to 2"), said_words("2"));
        assert_eq!(said_words("range 0-1"), ["range", "0-1"]);
        assert_eq!(said_words("launches"), ["launch"]);
        // A part said back opaque is a word of its own, which nothing printed equals.
        assert_eq!(said_words("Setup: “…”."), ["setup", OPAQUE]);
        assert!(matches!(round_trip("Setup: Sing.", "Setup: “…”."), RoundTrip::Differs { .. }));
    }

    #[test]
    fn the_phrase_starts_are_the_first_words_of_the_phrases_sorted() {
        let mut firsts: Vec<&str> = PHRASES.iter().map(|(p, _)| p[0]).collect();
        firsts.sort_unstable();
        firsts.dedup();
        assert_eq!(firsts, PHRASE_STARTS);
    }

    #[test]
    fn the_round_trip_parts_at_the_first_word_that_differs() {
        let printed = "After you defend, gain 1 stress token.";
        assert_eq!(round_trip(printed, "After you defend, gain a stress token."), RoundTrip::Exact);
        let RoundTrip::Differs { printed: p, said: s } = round_trip(printed, "After you defend, gain 1 evade token.")
        else {
            panic!("differs")
        };
        assert_eq!(&printed[p], "stress");
        assert_eq!(&"After you defend, gain 1 evade token."[s], "evade");
        // The printed text stops first: it parts at its end.
        let RoundTrip::Differs { printed: p, .. } = round_trip("Gain 1 stress token.", "Gain 1 stress token instead.")
        else {
            panic!("differs")
        };
        assert_eq!(p, 20..20);
    }

    #[test]
    fn phrases_worded_two_ways_are_one_and_the_rest_still_part() {
        let same = |a: &str, b: &str| round_trip(a, b) == RoundTrip::Exact;
        assert!(same("The defender may choose to suffer 1 [Hit] damage.", "The defender may suffer 1 [Hit] damage."));
        assert!(same("Unless it chooses to remove 1 green token.", "Unless it removes 1 green token."));
        assert!(same(
            "The chosen ship gains a lock on the defender.",
            "The chosen ship acquires a lock on the defender."
        ));
        assert!(same("If you have 0 [Charge], you are destroyed.", "If you have no [Charge], you are destroyed."));
        assert!(same("Treat it as being at range 1.", "Treat it as at range 1."));
        assert!(same("If its speed is the same as yours.", "If its speed is equal to yours."));
        assert!(same("After you perform an attack that missed.", "After you perform an attack that misses."));
        // `each` counts: one damage for each wingmate is not one for all.
        assert!(!same("Up to 2 wingmates may each suffer 1 damage.", "Up to 2 wingmates may suffer 1 damage."));
        // Choosing not to is no choice to: it still parts.
        assert!(!same("It may choose not to gain 1 stress token.", "It may gain 1 stress token."));
        assert!(!same("If you have 1 [Charge].", "If you have no [Charge]."));
        // What lasts while a thing goes on, worded two ways.
        assert!(same("You cannot spend it until the end of this phase.", "You cannot spend it this phase."));
        assert!(same("Gain 1 stress token during the attack.", "Gain 1 stress token during this attack."));
        assert!(same("It cannot boost this activation.", "It cannot boost during your activation."));
        // A parenthesis that lists names inside a sentence is read, and a name printed
        // before its bracket is said by the bracket; a header's requirement stays reminder
        // text.
        assert!(same(
            "After you reveal a bank ([Bank Left] or [Bank Right]) maneuver.",
            "After you reveal a [Bank Left] or [Bank Right] maneuver."
        ));
        assert!(same(
            "Execute a red Tallon Roll [Tallon Roll Left] or [Tallon Roll Right] maneuver.",
            "Execute a red [Tallon Roll Left] or [Tallon Roll Right] maneuver."
        ));
        assert!(same("Attack ([Lock]): Spend 1 [Charge].", "Attack (lock): Spend 1 [Charge]."));
        assert!(!same("After you reveal a bank ([Bank Left]) maneuver.", "After you reveal a [Bank Right] maneuver."));
        // Two conditions after `If you do`, joined by `and` or said again.
        assert!(same(
            "If you do and you are stressed, gain 1 focus token.",
            "If you do, if you are stressed, gain 1 focus token."
        ));
        assert!(same("If you do so, gain 1 focus token.", "If you do, gain 1 focus token."));
        // What has not happened this round, worded either way.
        assert!(same(
            "During the End Phase, if you did not defend this round, gain 1 focus token.",
            "During the End Phase, if you have not defended this round, gain 1 focus token."
        ));
        assert!(!same(
            "During the End Phase, if you did not defend this round, gain 1 focus token.",
            "During the End Phase, if you have defended this round, gain 1 focus token."
        ));
        // A colour said again before a later item, with its article.
        assert!(same(
            "While you perform a red [Boost] or a red [Barrel Roll] action, gain 1 focus token.",
            "While you perform a red [Boost] or red [Barrel Roll] action, gain 1 focus token."
        ));
        assert!(!same(
            "While you perform a red [Boost] or a white [Barrel Roll] action, gain 1 focus token.",
            "While you perform a red [Boost] or red [Barrel Roll] action, gain 1 focus token."
        ));
        // A verb said once for both sides of `or`, or again.
        assert!(same(
            "You may transfer 1 focus token to it or transfer 1 stress token from it to yourself.",
            "You may transfer 1 focus token to it or 1 stress token from it to you."
        ));
        assert!(!same(
            "You may gain 1 focus token or remove 1 stress token.",
            "You may gain 1 focus token or 1 stress token."
        ));
        assert!(!same("Gain 1 focus token. Or transfer 1 stress token.", "Gain 1 focus token. Or 1 stress token."));
        // What happens before an event, said to be about to happen or not.
        assert!(same(
            "Before an enemy ship at range 0-1 in your [Front Arc] is dealt a faceup damage card, gain 1 focus token.",
            "Before an enemy ship at range 0-1 in your [Front Arc] would be dealt a faceup damage card, gain 1 focus token."
        ));
        assert!(same(
            "Before you execute a maneuver, gain 1 focus token.",
            "Before you would execute a maneuver, gain 1 focus token."
        ));
        assert!(!same(
            "If you execute a maneuver, gain 1 focus token.",
            "If you would execute a maneuver, gain 1 focus token."
        ));
        // Numbers in a row are the band they span; numbers not in a row are not.
        assert!(same("Your wingmates must be 3, 4, or 5 Z-95 fighters.", "Your wingmates must be 3-5 Z-95 fighters."));
        assert!(same("Your wingmates must be 2 or 3 ships.", "Your wingmates must be 2-3 ships."));
        assert!(!same("Your wingmates must be 2, 4, or 5 ships.", "Your wingmates must be 2-5 ships."));
        assert!(!same("Your wingmates must be 2 or 3 ships.", "Your wingmates must be 2-4 ships."));
        // The largest number there is has no next: no band, and no overflow.
        assert!(!same("Roll 4294967295 or 4294967295 dice.", "Roll 4294967295-4294967296 dice."));
        // The ship the card is on.
        assert!(same(
            "After this ship is destroyed, gain 1 focus token.",
            "After you are destroyed, gain 1 focus token."
        ));
        assert!(same(
            "If its initiative is less than that of the attacker's.",
            "If its initiative is lower than the attacker's."
        ));
        assert!(same(
            "When you would gain a stress token, gain a strain token instead.",
            "If you would gain 1 stress token, gain 1 strain token instead."
        ));
        assert!(same("While it is damaged, if the attack does not hit.", "If it is damaged, if the attack missed."));
        assert!(same("If any of your [Charge] are inactive.", "If any of your [Charge] is inactive."));
        assert!(same("You may chose a ship. Acquire locks onto it.", "You may choose a ship. Acquire locks on it."));
        assert!(same(
            "While you perform an attack against a defender at attack range 3.",
            "While you perform an attack at attack range 3."
        ));
        // `When` alone is a timing, not a condition.
        assert!(!same("When you defend, gain 1 focus token.", "If you defend, gain 1 focus token."));
        assert!(!same("Gain 1 stress token during this attack.", "Gain 1 stress token this phase."));
        assert!(same("Transfer it to yourself.", "Transfer it to you."));
        assert!(same(
            "You may gain 1 strain to recover 1 [Force].",
            "You may gain 1 strain token to recover 1 [Force]."
        ));
        assert!(!same("You may gain 1 strain token.", "You may gain 1 stress token."));
        assert!(same("Perform an action, even if you are stressed.", "Perform an action even while stressed."));
        assert!(same("If it is outside your firing arc.", "If it is not in your firing arc."));
        assert!(same("You may perfrom a [Boost] action.", "You may perform a [Boost] action."));
        assert!(!same("Perform an action, even if you are stressed.", "Perform an action even while ionized."));
        // The ship named before, by its name or as a pronoun; a unit is a ship.
        assert!(same(
            "If you are in that ship's [Front Arc], gain 1 focus token.",
            "If you are in its [Front Arc], gain 1 focus token."
        ));
        assert!(same("That ship gains 1 stress token.", "It gains 1 stress token."));
        assert!(!same("If you are in that ship's [Front Arc].", "If you are in your [Front Arc]."));
        assert!(same("If its initiative is higher than your initiative.", "If its initiative is higher than yours."));
        assert!(!same("If its initiative is higher than yours.", "If its initiative is higher than its."));
        assert!(same("After a friendly unit defends.", "After a friendly ship defends."));
        // `then` is held by the reading, and compared.
        assert!(!same("Gain 1 focus token, then gain 1 stress token.", "Gain 1 focus token and gain 1 stress token."));
        // A colour before the first item holds for each; another colour does not.
        assert!(same(
            "Perform a red [Boost] or red [Barrel Roll] action.",
            "Perform a red [Boost] or [Barrel Roll] action."
        ));
        assert!(same(
            "Perform a red [Boost], [Barrel Roll], or [Lock] action.",
            "Perform a red [Boost], red [Barrel Roll], or red [Lock] action."
        ));
        assert!(!same(
            "Perform a red [Boost] or white [Barrel Roll] action.",
            "Perform a red [Boost] or [Barrel Roll] action."
        ));
        assert!(!same(
            "Perform a red [Boost] action or a red [Lock] action.",
            "Perform a red [Boost] action or a [Lock] action."
        ));
    }

    #[test]
    fn counts_speeds_and_what_is_counted_are_compared_one_way() {
        let same = |a: &str, b: &str| round_trip(a, b) == RoundTrip::Exact;
        // A count the condition tests is the number itself; `or more` still counts.
        assert!(same("If you have exactly 2 stress tokens, flip it.", "If you have 2 stress tokens, flip it."));
        assert!(!same("If you have 2 or more stress tokens.", "If you have 2 stress tokens."));
        // Speeds in a row are a band; a band printed once holds for each bearing after it.
        assert!(same(
            "After you execute a 3 [Straight] or 4 [Straight] maneuver, gain 1 focus token.",
            "After you execute a speed 3-4 [Straight] maneuver, gain 1 focus token."
        ));
        assert!(!same(
            "After you execute a 3 [Straight] or 5 [Straight] maneuver.",
            "After you execute a speed 3-5 [Straight] maneuver."
        ));
        assert!(same(
            "Before you execute a speed 1-2 turn ([Turn Left] or [Turn Right]) or speed 1-2 Koiogran Turn ([Koiogran Turn]) maneuver.",
            "Before you execute a speed 1-2 [Turn Left] or [Turn Right] or [Koiogran Turn] maneuver."
        ));
        assert!(!same(
            "Before you execute a speed 1-2 [Turn Left] or speed 1-3 [Koiogran Turn] maneuver.",
            "Before you execute a speed 1-2 [Turn Left] or [Koiogran Turn] maneuver."
        ));
        assert!(same("Execute a white 0 [Stationary] instead.", "Execute a white 0 [Stationary] maneuver instead."));
        assert!(!same("Execute a white 0 maneuver instead.", "Execute a white 0 instead."));
        // What is counted, first or last.
        assert!(same(
            "During the End Phase, for each green token you remove, gain 1 strain token. Then flip it.",
            "During the End Phase, gain 1 strain token for each green token you remove. Then flip it."
        ));
        assert!(!same("For each green token, gain 1 strain token.", "Gain 1 strain token for each red token."));
        // Each of a ship's things is all of them; `each` alone still counts.
        assert!(same("Transfer each of your locks to it.", "Transfer all locks to it."));
        assert!(!same("Each ship suffers 1 damage.", "All ships suffer 1 damage."));
        // The card named before, and a state said again after `and`.
        assert!(same("You may be dealt the card facedown instead.", "You may be dealt it facedown instead."));
        assert!(same(
            "If the defender was a limited ship and was destroyed.",
            "If the defender is limited and destroyed."
        ));
        assert!(!same("If the defender was limited and was destroyed.", "If the defender is limited and damaged."));
        assert!(same("After you a perform a [Focus] action.", "After you perform a [Focus] action."));
    }

    #[test]
    fn a_count_in_kept_words_is_one_the_model_does_not_hold() {
        assert!(counts_unheld("defender 1 jam token"));
        assert!(counts_unheld("more than 1 attack die"));
        assert!(!counts_unheld("Bomblet with the 1 [Straight] template"));
        assert!(!counts_unheld("friendly ship at range 0-1"));
        assert!(counts_unheld("additional evade tokens equal to the number of enemy ships at range 0-1"));
        assert!(counts_unheld("[Force] except while attacking"));
        assert!(counts_unheld("dice cannot be rerolled"));
    }

    #[test]
    fn differing_marks_the_words_each_side_lacks() {
        let (a, b) = differing("you may gain 1 focus token", "gain 1 evade token");
        let printed = "you may gain 1 focus token";
        let only: Vec<&str> = a.iter().map(|r| &printed[r.clone()]).collect();
        assert_eq!(only, ["you", "may", "focus"]);
        assert_eq!(b.len(), 1);
        // Texts too long to compare word with word are marked from where they part.
        let long = "gain 1 focus token ".repeat(800);
        let other = format!("gain 1 evade token {long}");
        let (a, b) = differing(&long, &other);
        assert_eq!((a.len(), b.len()), (words(&long).len() - 2, words(&other).len() - 2));
    }
}
