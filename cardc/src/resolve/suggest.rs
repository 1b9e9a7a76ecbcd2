//! "Did you mean": a case-insensitive exact match first, then the closest name within an
//! edit distance of max(len, 3) / 3 (optimal string alignment: a swap of two neighbouring
//! letters is one edit, as typos usually are). The rule lives in
//! [`cards_runtime::suggest`], so the runtime's unknown ids suggest the same way; here it
//! also says when a suggestion is certain enough to be a machine-applicable fix.

pub use cards_runtime::suggest::{closest, did_you_mean, distance_within};

/// [`closest`], and whether it is certain: the name in another case, or the only
/// candidate within reach and at most 2 edits away.
pub fn closest_certain<'a>(name: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<(&'a str, bool)> {
    let candidates: Vec<&str> = candidates.into_iter().collect();
    let best = closest(name, candidates.iter().copied())?;
    let lower = name.to_lowercase();
    if best.to_lowercase() == lower {
        return Some((best, true));
    }
    let limit = name.chars().count().max(3) / 3;
    let near: Vec<usize> = candidates
        .iter()
        .filter(|c| **c != name)
        .filter_map(|c| distance_within(&lower, &c.to_lowercase(), limit))
        .collect();
    Some((best, near.len() == 1 && near[0] <= 2))
}

/// A suggested name, and whether it is certainly the one meant.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Suggestion<'a> {
    /// The id to write.
    pub id: &'a str,
    /// The display name it was matched by, when it was.
    pub display: Option<&'a str>,
    /// Whether it is certain (a fix `cardc check --fix` may apply): the name written in
    /// another case or with `_` or spaces for `-`, a display name of exactly one entry,
    /// or the only candidate within an edit distance of 2.
    pub certain: bool,
}

impl Suggestion<'_> {
    /// The help line: `did you mean `x`?`, or for a display name ``Solar Union` is the
    /// name of `union`: write its id`.
    pub fn help(&self, written: &str) -> String {
        match self.display {
            Some(_) if self.certain => format!("`{written}` is the name of `{}`; write its id", self.id),
            Some(display) => format!("did you mean `{}` (\"{display}\")?", self.id),
            None => format!("did you mean `{}`?", self.id),
        }
    }
}

/// The candidate meant by `name`: `candidates` are ids with their display names. First the
/// id written another way (`Rebel-Alliance`, `pilot_skill`), then a display name
/// (`Solar Union` for `union`), then the closest id within an edit distance of
/// max(len, 3) / 3, then the closest display name, then an id that is one word of the
/// name or whose display name has the name as one word (`pilot-skill` for `skill`).
pub fn best<'a>(
    name: &str,
    candidates: impl IntoIterator<Item = (&'a str, Option<&'a str>)>,
) -> Option<Suggestion<'a>> {
    let candidates: Vec<(&str, Option<&str>)> = candidates.into_iter().filter(|(id, _)| *id != name).collect();
    let folded = super::ids::derive_id(name);
    if let Some(&(id, _)) = candidates.iter().find(|(id, _)| *id == folded) {
        return Some(Suggestion { id, display: None, certain: true });
    }
    let by_display: Vec<(&str, &str)> = candidates
        .iter()
        .filter_map(|&(id, display)| display.filter(|d| super::ids::derive_id(d) == folded).map(|d| (id, d)))
        .collect();
    if let Some(&(id, display)) = by_display.first() {
        return Some(Suggestion { id, display: Some(display), certain: by_display.len() == 1 });
    }
    let limit = folded.chars().count().max(3) / 3;
    let near = |text: &str| distance_within(&folded, text, limit);
    let within: Vec<(usize, &str)> = candidates.iter().filter_map(|(id, _)| Some((near(id)?, *id))).collect();
    if let Some(&(distance, id)) = within.iter().min() {
        return Some(Suggestion { id, display: None, certain: within.len() == 1 && distance <= 2 });
    }
    let displays = candidates.iter().filter_map(|&(id, d)| Some((near(&super::ids::derive_id(d?))?, id, d?)));
    if let Some((_, id, display)) = displays.min() {
        return Some(Suggestion { id, display: Some(display), certain: false });
    }
    let words: Vec<&str> = folded.split('-').collect();
    let parts: Vec<(&str, Option<&str>)> = candidates
        .iter()
        .copied()
        .filter(|(id, display)| {
            words.contains(id)
                || (!folded.is_empty()
                    && display.is_some_and(|d| super::ids::derive_id(d).split('-').any(|w| w == folded)))
        })
        .collect();
    match parts.as_slice() {
        [(id, display)] => Some(Suggestion { id, display: *display, certain: false }),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ids<'a>(list: &[&'a str]) -> Vec<(&'a str, Option<&'a str>)> {
        list.iter().map(|i| (*i, None)).collect()
    }

    #[test]
    fn best_is_certain_only_when_it_must_be_the_one() {
        let factions = [("solar", Some("Solar Alliance")), ("union", Some("Solar Union"))];
        let s = best("Solar Union", factions).unwrap();
        assert_eq!((s.id, s.certain), ("union", true));
        assert_eq!(s.help("Solar Union"), "`Solar Union` is the name of `union`; write its id");
        assert!(best("Rebel-Alliance", ids(&["rebel-alliance"])).unwrap().certain);
        assert_eq!(best("pilot_skill", ids(&["pilot-skill", "skill"])).unwrap().id, "pilot-skill");
        assert_eq!(
            best("traits", ids(&["trait", "tech"])).unwrap(),
            Suggestion { id: "trait", display: None, certain: true }
        );
        // Two candidates within reach: a suggestion, not a certainty.
        let s = best("crews", ids(&["crew", "crows"])).unwrap();
        assert_eq!((s.id, s.certain), ("crew", false));
        // One word of the name: a guess.
        let s = best("pilot_skill", ids(&["initiative", "skill"])).unwrap();
        assert_eq!((s.id, s.certain), ("skill", false));
        assert_eq!(best("pilot_skill", ids(&["initiative", "attack"])), None);
        // One word of a display name.
        let s = best("solar", [("union", Some("Solar Union")), ("empire", Some("Empire"))]).unwrap();
        assert_eq!((s.id, s.certain), ("union", false));
    }
}
