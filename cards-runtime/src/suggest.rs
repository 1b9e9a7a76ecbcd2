//! "Did you mean": a case-insensitive exact match first, then the closest name within an
//! edit distance of max(len, 3) / 3 (optimal string alignment: a swap of two neighbouring
//! letters is one edit, as typos usually are). The compiler's diagnostics and the
//! runtime's unknown ids (scenarios, XWS squads) suggest with the same rule.
//!
//! A name longer than [`LONGEST`] characters gets no suggestion by distance: no id or name
//! is that long, and measuring one (a 10 MB "name" in a fleet list) would take minutes.

/// Names longer than this many characters are not compared by edit distance.
pub const LONGEST: usize = 200;

/// The edit distance between `a` and `b` when it is at most `limit`: `None` when it is
/// more, or when either is longer than [`LONGEST`] (then it is not measured). Lengths that
/// differ by more than `limit` are ruled out before measuring.
pub fn distance_within(a: &str, b: &str, limit: usize) -> Option<usize> {
    let (la, lb) = (a.chars().take(LONGEST + 1).count(), b.chars().take(LONGEST + 1).count());
    if la > LONGEST || lb > LONGEST || la.abs_diff(lb) > limit || letters_apart(a, b) > limit {
        return None;
    }
    Some(strsim::osa_distance(a, b)).filter(|d| *d <= limit)
}

/// A lower bound of the edit distance, measured in linear time so that most candidates
/// are ruled out before the quadratic measure: how many more of some letters one string
/// has than the other (the larger of the two counts). An insertion, deletion or
/// substitution changes each count by at most one and a swap changes neither; letters
/// outside ASCII share one count, which only lowers the bound.
fn letters_apart(a: &str, b: &str) -> usize {
    let mut counts = [0i32; 129];
    let slot = |c: char| if c.is_ascii() { c as usize } else { 128 };
    a.chars().for_each(|c| counts[slot(c)] += 1);
    b.chars().for_each(|c| counts[slot(c)] -= 1);
    let more_in_a: i32 = counts.iter().filter(|n| **n > 0).sum();
    let more_in_b: i32 = -counts.iter().filter(|n| **n < 0).sum::<i32>();
    more_in_a.max(more_in_b) as usize
}

/// The closest candidate to `name`, if one is close enough; among equally close ones, the
/// first in byte order.
pub fn closest<'a>(name: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let lower = name.to_lowercase();
    let mut best: Option<(usize, &str)> = None;
    let limit = name.chars().count().max(3) / 3;
    for c in candidates {
        if c == name {
            continue;
        }
        if c.to_lowercase() == lower {
            return Some(c);
        }
        let Some(d) = distance_within(&lower, &c.to_lowercase(), limit) else { continue };
        if best.is_none_or(|(bd, bc)| d < bd || (d == bd && c < bc)) {
            best = Some((d, c));
        }
    }
    best.map(|(_, c)| c)
}

/// A name as a message shows it: whole when it is at most [`LONGEST`] characters, else its
/// first 60 characters, `…` and its length in bytes, so that a 10 MB "name" from a file is
/// not echoed back whole.
pub fn shown(name: &str) -> std::borrow::Cow<'_, str> {
    match name.char_indices().nth(LONGEST) {
        None => name.into(),
        Some(_) => {
            let cut = name.char_indices().nth(60).map_or(name.len(), |(at, _)| at);
            format!("{}… ({} bytes)", &name[..cut], name.len()).into()
        }
    }
}

/// `did you mean `x`?`, if a candidate is close enough.
pub fn did_you_mean<'a>(name: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<String> {
    closest(name, candidates).map(|c| format!("did you mean `{c}`?"))
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_long_name_is_shown_clipped_with_its_length() {
        use super::shown;
        assert_eq!(shown("Engine Techs"), "Engine Techs");
        let at_limit = "é".repeat(super::LONGEST);
        assert_eq!(shown(&at_limit), at_limit, "200 characters are shown whole");
        let long = "é".repeat(super::LONGEST + 1);
        assert_eq!(shown(&long), format!("{}… (402 bytes)", "é".repeat(60)));
    }

    use super::*;

    #[test]
    fn case_insensitive_first() {
        assert_eq!(closest("Crew", ["crow", "crew"]), Some("crew"));
    }

    #[test]
    fn within_a_third() {
        assert_eq!(closest("turbolaser", ["turbolasers", "ordnance"]), Some("turbolasers"));
        assert_eq!(closest("abc", ["abd"]), Some("abd"));
        assert_eq!(closest("crwe", ["crew"]), Some("crew"));
        assert_eq!(closest("abc", ["xyz"]), None);
        assert_eq!(closest("officer", ["offensive-retrofit"]), None);
    }

    #[test]
    fn long_names_are_not_measured() {
        let long = "a".repeat(LONGEST + 1);
        assert_eq!(distance_within(&long, &long, usize::MAX), None);
        assert_eq!(closest(&long, [&long[1..]]), None, "one edit away, but too long to measure");
        assert_eq!(closest(&long.to_uppercase(), [long.as_str()]), Some(long.as_str()), "another case still matches");
        assert_eq!(distance_within("abc", "abcdef", 2), None, "three letters longer");
        assert_eq!(distance_within("crwe", "crew", 1), Some(1));
    }

    #[test]
    fn the_linear_bound_never_exceeds_the_distance() {
        let words =
            ["crew", "crwe", "cre", "screw", "", "abc", "xyz", "ébène", "ebene", "ordnance", "offensive-retrofit"];
        for a in words {
            for b in words {
                let d = strsim::osa_distance(a, b);
                assert!(letters_apart(a, b) <= d, "{a:?} {b:?}: bound {} over the distance {d}", letters_apart(a, b));
                assert_eq!(distance_within(a, b, d), Some(d), "{a:?} {b:?} within its own distance");
            }
        }
        assert_eq!(letters_apart("abc", "xyz"), 3, "three substitutions");
        assert_eq!(letters_apart("abc", "bca"), 0, "the same letters");
        assert_eq!(letters_apart("ab", "abcd"), 2, "two insertions");
    }
}
