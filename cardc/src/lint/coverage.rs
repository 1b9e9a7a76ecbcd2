//! How much of a set's ability text the reading structures ([`Coverage`]), which
//! `cardc check --coverage` prints.

use std::collections::BTreeMap;

use cards_runtime::ability::PartKind;
use cards_runtime::ability_card::RoundTrip;
use cards_runtime::model;

use crate::check::abilities::TextSite;
use crate::lint::said_back::SaidBack;
use crate::lower::ability as lower;

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
    pub fn of(sites: &[TextSite], cards: &[model::Card], said: &[SaidBack]) -> Coverage {
        let exact = said.iter().filter(|s| s.round_trip == RoundTrip::Exact).count();
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
