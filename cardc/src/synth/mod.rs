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
//! [`generate_with`] varies the set: another [`Options::seed`] draws every card anew (its
//! kind, name, costs, icons, restrictions, text), and [`Options::hostile`] gives cards,
//! vocabulary entries, abilities and rules names that stress the code generator and the
//! packed format (quotes, backslashes, `#`, braces, `*/`, raw-string breakers, Rust
//! keywords, digits, names that collide once made identifiers, every kind of non-ASCII, the
//! names of generated items, names of a few kilobytes). Whatever the options, the set
//! checks with no error; seed 0 without hostile names is [`generate`]'s set.
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
mod hostile;
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

pub use hostile::GAME_IDS;

/// What [`generate_with`] varies. The default (seed 0, no hostile names, game `synth`) is
/// [`generate`]'s set.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// Changes every draw: another seed, another set. 0 is [`generate`]'s.
    pub seed: u64,
    /// Gives cards, vocabulary entries, abilities and rules hostile names (see the module
    /// documentation), and some cards hostile sentences.
    pub hostile: bool,
    /// The game id, hence the name of the generated module; `synth` when `None`. Sets
    /// compiled together need different ones: [`GAME_IDS`] are ids that stress the module
    /// names.
    pub game: Option<String>,
}

/// Generates a set of `n` cards: `(file name, file text)` pairs, `game.cards` first,
/// then `cards-000.cards`, `cards-001.cards`… in order.
pub fn generate(n: usize) -> Vec<(String, String)> {
    generate_with(n, &Options::default())
}

/// [`generate`] with other [`Options`]: another seed, hostile names, another game id.
pub fn generate_with(n: usize, options: &Options) -> Vec<(String, String)> {
    let plan = Plan::new(n, options);
    let mut files = vec![("game.cards".to_string(), game_file(n, options))];
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
    let set = load_into(&mut sources, PathBuf::from(DIR), generate(n));
    (sources, set)
}

/// [`generate_with`]s `n` cards into `sources`, as the set in the folder `dir`: several sets
/// can share one [`SourceMap`] (and one [`crate::Report`]).
pub fn load_with(sources: &mut SourceMap, dir: impl Into<PathBuf>, n: usize, options: &Options) -> SetSource {
    load_into(sources, dir.into(), generate_with(n, options))
}

fn load_into(sources: &mut SourceMap, dir: PathBuf, files: Vec<(String, String)>) -> SetSource {
    let files = files.into_iter().map(|(name, text)| sources.add(SourceFile::new(dir.join(name), text))).collect();
    SetSource { dir, files, diagnostics: Vec::new() }
}

/// A 64-bit integer hash (the SplitMix64 finaliser): every bit of the input affects every
/// bit of the output, so consecutive indices give unrelated values.
pub fn mix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// A stream of choices for one card: seeded by the set's seed, the card's index and a
/// purpose, so that how one card is drawn never shifts another.
struct Dice(u64);

impl Dice {
    fn new(seed: u64, index: usize, purpose: u64) -> Dice {
        // Seed 0 is the stream `generate` has always drawn.
        let salt = if seed == 0 { 0 } else { mix(seed ^ 0x5EED_5EED_5EED_5EED) };
        Dice(mix(index as u64 ^ mix(purpose)) ^ salt)
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
const HOSTILE: u64 = 4;
const KINDS: u64 = 5;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check_set;

    /// The syntax's fast path reads generated cards as its grammar does.
    #[test]
    fn the_fast_path_reads_generated_cards_as_the_grammar_does() {
        for (_, text) in generate(60) {
            crate::syntax::reads_as_the_grammar_does(&text);
        }
    }

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
