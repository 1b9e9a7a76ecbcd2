//! Card ids derived from names, exactly as the language reference says: lowercase;
//! apostrophes (' ’) dropped; letters with a plain ASCII form folded to it (é → e); every
//! other run of characters that are not ASCII letters or digits becomes one `-`, trimmed
//! at both ends. The derivation lives in [`cards_runtime::ids`], so that the fleet-list
//! reader compares names the way the compiler derives ids.

pub use cards_runtime::ids::derive_id;

/// Whether `id` is a valid identifier: `[a-z0-9]+(-[a-z0-9]+)*`, not a plain number.
pub fn is_valid_id(id: &str) -> bool {
    !id.is_empty()
        && id.split('-').all(|seg| !seg.is_empty() && seg.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit()))
        && !id.bytes().all(|b| b.is_ascii_digit())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn validity() {
        assert!(is_valid_id("4-lom"));
        assert!(is_valid_id("0-0-0"));
        assert!(!is_valid_id("3"));
        assert!(!is_valid_id(""));
        assert!(!is_valid_id("a--b"));
        assert!(!is_valid_id("-a"));
    }
}
