//! Every ability said back in the words a card prints ([`say_back`]), and how that
//! compares with its printed text: what the note `reading-differs`
//! ([`crate::lint::reading_differs`]) reports and [`crate::lint::coverage::Coverage`]
//! counts, said back once for both.

use std::collections::HashMap;

use cards_runtime::ability::Ability;
use cards_runtime::ability_card::{self, RoundTrip};
use cards_runtime::model::Set;

use crate::check::abilities::TextSite;
use crate::source::SourceMap;

/// One ability of a parsed block, said back and compared with its printed text.
#[derive(Debug)]
pub struct SaidBack {
    /// Its block, an index into the sites.
    pub site: usize,
    /// Its frame in the block.
    pub frame: usize,
    /// What it says back.
    pub said: ability_card::Said,
    /// How it compares with the printed text (byte ranges within the frame's text).
    pub round_trip: RoundTrip,
}

/// Says every ability of the parsed blocks back, in the order of the sites and frames.
///
/// An ability printed on several cards (a generic pilot's, an upgrade printed per faction)
/// is read alike each time, so one read alike and printed alike is said back once.
pub fn say_back(sites: &[TextSite], set: &Set, sources: &SourceMap) -> Vec<SaidBack> {
    let mut out = Vec::new();
    // Keyed by the printed text alone: hashing a whole reading costs more than saying it.
    let mut done: HashMap<&str, Vec<(&Ability, ability_card::Said, RoundTrip)>> = HashMap::new();
    for (index, site) in sites.iter().enumerate() {
        let source = &sources.file(site.file).text;
        for (at, (frame, ability)) in site.frames.iter().zip(site.abilities(&set.cards)).enumerate() {
            let printed = source.get(frame.span.range()).unwrap_or_default();
            let alike = done.entry(printed).or_default();
            let (said, round_trip) = match alike.iter().find(|(read, ..)| read_alike(read, ability)) {
                Some((_, said, round_trip)) => (said.clone(), round_trip.clone()),
                None => {
                    let said = ability_card::ability(set, ability);
                    let round_trip = ability_card::round_trip(printed, &said.text);
                    alike.push((ability, said.clone(), round_trip.clone()));
                    (said, round_trip)
                }
            };
            out.push(SaidBack { site: index, frame: at, said, round_trip });
        }
    }
    out
}

/// Whether two abilities are read alike, whichever card prints them: all but the file and
/// the place are the same.
fn read_alike(a: &Ability, b: &Ability) -> bool {
    let Ability {
        name,
        text,
        file: _,
        span: _,
        header,
        requirement,
        timings,
        optional,
        frequency,
        costs,
        replacement,
        steps,
    } = a;
    (name, text, header, requirement) == (&b.name, &b.text, &b.header, &b.requirement)
        && (timings, optional, frequency) == (&b.timings, &b.optional, &b.frequency)
        && (costs, replacement, steps) == (&b.costs, &b.replacement, &b.steps)
}
