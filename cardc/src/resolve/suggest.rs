//! "Did you mean": a case-insensitive exact match first, then the closest name within an
//! edit distance of max(len, 3) / 3 (optimal string alignment: a swap of two neighbouring
//! letters is one edit, as typos usually are). The rule lives in
//! [`cards_runtime::suggest`], so the runtime's unknown ids suggest the same way.

pub use cards_runtime::suggest::{closest, did_you_mean};

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
