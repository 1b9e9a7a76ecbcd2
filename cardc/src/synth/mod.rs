//! A synthetic card set of any size, for benchmarks, fuzzing seeds and tests.
//!
//! [`generate`] writes a `game.cards` that declares a full vocabulary (factions, sizes,
//! stats, icons with an `implicit` one, ship icons, traits, classes, techs, actions,
//! tokens, phases, results, headers), the `flagship:` line and rules of every form, then
//! `n` cards of all six kinds in files of [`CARDS_PER_FILE`] cards. The cards look like
//! the example sets: X-Wing pilots on chassis, Armada ships and upgrades with icon groups
//! and restrictions, Eclipse parts, blueprints and species.
//!
//! The set is deterministic (the same `n` always gives byte-identical files: variety
//! comes from [`mix`], an integer hash of each card's index, never from a random number
//! generator) and free of errors: every name resolves, every id is unique (each name ends
//! with the card's index). From 30 cards on it is clean, warnings included: every upgrade
//! is built around a ship that can equip it, and enough ships print every icon.
//!
//! The generator reads as its parts: `vocab` (the game and its rules), `names`, `text`
//! (printed sentences), `plan` (every card's kind, name and the ship an upgrade is built
//! around, drawn first) and `cards` (writing them through [`crate::format::writer`]). It
//! is behind the `synth` feature, which the benchmarks and the fuzz target turn on.
//!
//! ```
//! let (sources, set) = cardc::synth::load(200);
//! let checked = cardc::check_set(&sources, &set);
//! assert!(checked.diagnostics.is_empty());
//! assert_eq!(checked.cards, 200);
//! ```

use std::path::PathBuf;

use crate::source::{SetSource, SourceFile, SourceMap};

mod cards;
mod names;
mod plan;
mod text;
mod vocab;

use plan::Plan;
use vocab::game_file;

/// How many cards each generated card file holds (the last one may hold fewer).
pub const CARDS_PER_FILE: usize = 1000;

/// The folder the files of [`load`] are placed in.
pub const DIR: &str = "synth";

/// Generates a set of `n` cards: `(file name, file text)` pairs, `game.cards` first,
/// then `cards-000.cards`, `cards-001.cards`… in order.
pub fn generate(n: usize) -> Vec<(String, String)> {
    let plan = Plan::new(n);
    let mut files = vec![("game.cards".to_string(), game_file(n))];
    let count = n.div_ceil(CARDS_PER_FILE);
    let width = count.saturating_sub(1).to_string().len().max(3);
    for f in 0..count {
        let (start, end) = (f * CARDS_PER_FILE, ((f + 1) * CARDS_PER_FILE).min(n));
        let mut text = format!("# Synthetic cards {start} to {} of {n}, written by cardc::synth.\n", end - 1);
        for i in start..end {
            text.push('\n');
            plan.card(i, &mut text);
        }
        files.push((format!("cards-{f:0width$}.cards"), text));
    }
    files
}

/// [`generate`]s `n` cards into a new [`SourceMap`], as the set in the folder [`DIR`]
/// (`synth/game.cards`, `synth/cards-000.cards`…).
pub fn load(n: usize) -> (SourceMap, SetSource) {
    let mut sources = SourceMap::new();
    let files = generate(n)
        .into_iter()
        .map(|(name, text)| sources.add(SourceFile::new(PathBuf::from(DIR).join(name), text)))
        .collect();
    (sources, SetSource { dir: PathBuf::from(DIR), files, diagnostics: Vec::new() })
}

/// A 64-bit integer hash (the SplitMix64 finaliser): every bit of the input affects every
/// bit of the output, so consecutive indices give unrelated values.
pub fn mix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// A stream of choices for one card: seeded by its index and a purpose, so that how one
/// card is drawn never shifts another.
struct Dice(u64);

impl Dice {
    fn new(index: usize, purpose: u64) -> Dice {
        Dice(mix(index as u64 ^ mix(purpose)))
    }

    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        mix(self.0)
    }

    /// A number in `0..n` (`n` > 0).
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    /// A number in `lo..=hi`.
    fn range(&mut self, lo: i64, hi: i64) -> i64 {
        lo + (self.next() % (hi - lo + 1) as u64) as i64
    }

    fn chance(&mut self, percent: u64) -> bool {
        self.next() % 100 < percent
    }

    fn pick<'x, T>(&mut self, items: &'x [T]) -> &'x T {
        &items[self.below(items.len())]
    }

    /// `k` of `items` (which holds no duplicate), all different, in the order drawn.
    fn distinct<T: Copy + PartialEq>(&mut self, items: &[T], k: usize) -> Vec<T> {
        let mut out = Vec::with_capacity(k);
        while out.len() < k.min(items.len()) {
            let x = *self.pick(items);
            if !out.contains(&x) {
                out.push(x);
            }
        }
        out
    }
}

// Purposes, one per kind of draw.
const NAME: u64 = 1;
const PROPS: u64 = 2;
const BODY: u64 = 3;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check_set;

    #[test]
    fn a_generated_set_is_clean() {
        let (sources, set) = load(300);
        let checked = check_set(&sources, &set);
        let shown: Vec<String> =
            checked.diagnostics.iter().take(5).map(|d| d.render(&sources, Default::default())).collect();
        assert!(checked.diagnostics.is_empty(), "{} diagnostics:\n{}", checked.diagnostics.len(), shown.join("\n"));
        assert_eq!(checked.cards, 300);
        let (sources, small) = load(30);
        assert!(check_set(&sources, &small).diagnostics.is_empty(), "30 cards are enough for a clean set");
        let model = checked.set.expect("a clean set has a model");
        let kinds: std::collections::BTreeSet<String> = model.cards.iter().map(|c| format!("{:?}", c.kind)).collect();
        assert_eq!(kinds.len(), 6, "every kind is generated: {kinds:?}");
    }

    #[test]
    fn generation_is_deterministic() {
        assert_eq!(generate(300), generate(300));
        let files = generate(2500);
        let names: Vec<&str> = files.iter().map(|(n, _)| n.as_str()).collect();
        assert_eq!(names, ["game.cards", "cards-000.cards", "cards-001.cards", "cards-002.cards"]);
    }
}
