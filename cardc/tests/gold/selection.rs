//! Which texts the corpus must cover: a seeded random sample, and every text of the
//! classes the reading is known to find hard.

/// The seed of the random sample (splitmix64).
pub const SEED: u64 = 0x5eed_0010_ca2d_c001;

/// How many distinct texts the random sample draws.
pub const SAMPLE: usize = 200;

type Test = fn(&str) -> bool;

/// The classes every text of which is in the corpus, with the test that finds them.
pub const CLASSES: [(&str, Test); 5] = [
    ("would-instead", would_instead),
    ("once-per", once_per),
    ("fully-execute", fully_execute),
    ("list-a-b-or-c", list_of_three),
    ("chained-third-person", chained_third_person),
];

fn would_instead(text: &str) -> bool {
    let t = text.to_lowercase();
    words(&t).any(|w| w == "would") && words(&t).any(|w| w == "instead")
}

fn once_per(text: &str) -> bool {
    text.to_lowercase().contains("once per")
}

fn fully_execute(text: &str) -> bool {
    text.to_lowercase().contains("fully execute")
}

fn words(text: &str) -> impl Iterator<Item = &str> {
    text.split(|c: char| !(c.is_alphanumeric() || c == '\'' || c == '-')).filter(|w| !w.is_empty())
}

/// "A, B, or C": an `, or` whose item before it is itself after a comma, each item a few
/// words within one sentence.
fn list_of_three(text: &str) -> bool {
    text.match_indices(", or ").any(|(at, _)| {
        let before = &text[..at];
        let Some(comma) = before.rfind(',') else { return false };
        let middle = &before[comma + 1..];
        let first = before[..comma].rsplit(['.', ',', ':']).next().unwrap_or("");
        !middle.contains('.') && middle.split_whitespace().count() <= 4 && !first.trim().is_empty()
    })
}

/// Verbs in the third person that ability text chains.
const THIRD_PERSON: &[&str] = &[
    "gains",
    "removes",
    "recovers",
    "suffers",
    "rolls",
    "rerolls",
    "spends",
    "performs",
    "acquires",
    "loses",
    "receives",
    "assigns",
    "transfers",
    "executes",
    "drops",
    "launches",
    "changes",
    "flips",
    "discards",
    "repairs",
    "exposes",
    "rotates",
    "cancels",
    "places",
    "chooses",
    "boosts",
    "gets",
];

/// A sentence in which a subject other than "you" does two things joined by "and" or
/// "or": "That ship gains 1 evade token and removes 1 stress token".
fn chained_third_person(text: &str) -> bool {
    text.split(". ").any(|sentence| {
        let lower = sentence.to_lowercase();
        let ws: Vec<&str> = words(&lower).collect();
        let verbs: Vec<usize> =
            ws.iter().enumerate().filter(|(_, w)| THIRD_PERSON.contains(w)).map(|(i, _)| i).collect();
        verbs.len() >= 2 && verbs.iter().skip(1).any(|&i| i > 0 && matches!(ws[i - 1], "and" | "or" | "then"))
    })
}

/// splitmix64.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
}

/// The indices of `SAMPLE` of `n` items, drawn with `SEED` (a partial Fisher–Yates).
pub fn sample(n: usize) -> Vec<usize> {
    let mut rng = Rng(SEED);
    let mut order: Vec<usize> = (0..n).collect();
    for i in 0..SAMPLE.min(n) {
        let j = i + (rng.next() % (n - i) as u64) as usize;
        order.swap(i, j);
    }
    order.truncate(SAMPLE.min(n));
    order
}

/// The classes a text belongs to.
pub fn classes(text: &str) -> Vec<&'static str> {
    CLASSES.iter().filter(|(_, f)| f(text)).map(|(name, _)| *name).collect()
}

#[test]
fn the_classes_find_what_they_say() {
    assert!(would_instead("If you would gain a focus token, gain 1 evade token instead."));
    assert!(!would_instead("After you would gain."));
    assert!(list_of_three("perform a white 2 [Straight], 1 [Bank Left], or 1 [Bank Right] maneuver"));
    assert!(!list_of_three("After you defend, or after you attack, gain 1 focus token."));
    assert!(chained_third_person("The chosen ship gains 1 evade token and removes 1 stress token."));
    assert!(!chained_third_person("You gain 1 evade token and remove 1 stress token."));
    let s = sample(1000);
    assert_eq!(s.len(), SAMPLE);
    assert_eq!(s.iter().collect::<std::collections::BTreeSet<_>>().len(), SAMPLE);
}
