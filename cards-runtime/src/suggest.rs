//! "Did you mean": a case-insensitive exact match first, then the closest name within an
//! edit distance of max(len, 3) / 3 (optimal string alignment: a swap of two neighbouring
//! letters is one edit, as typos usually are). The compiler's diagnostics and the
//! runtime's unknown ids (scenarios, XWS squads) suggest with the same rule.

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
        let d = strsim::osa_distance(&lower, &c.to_lowercase());
        if d <= limit && best.is_none_or(|(bd, bc)| d < bd || (d == bd && c < bc)) {
            best = Some((d, c));
        }
    }
    best.map(|(_, c)| c)
}

/// `did you mean `x`?`, if a candidate is close enough.
pub fn did_you_mean<'a>(name: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<String> {
    closest(name, candidates).map(|c| format!("did you mean `{c}`?"))
}

#[cfg(test)]
mod tests {
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
}
