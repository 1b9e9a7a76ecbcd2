//! Card ids derived from names, exactly as the language reference says: lowercase;
//! apostrophes (' ’) dropped; letters with a plain ASCII form folded to it (é → e); every
//! other run of characters that are not ASCII letters or digits becomes one `-`, trimmed
//! at both ends. The compiler derives card ids with it, and the fleet-list reader compares
//! the names a list writes with it.

use unicode_normalization::UnicodeNormalization;

/// The id a card named `name` gets without `as`.
pub fn derive_id(name: &str) -> String {
    let mut out = String::with_capacity(name.len());
    let mut pending_dash = false;
    for c in name.chars() {
        if c == '\'' || c == '’' {
            continue;
        }
        let folded = fold(c);
        if folded.is_empty() {
            pending_dash = true;
            continue;
        }
        if pending_dash && !out.is_empty() {
            out.push('-');
        }
        pending_dash = false;
        out.push_str(&folded);
    }
    out
}

/// `c` as lowercase ASCII letters or digits, or "" when it has no plain ASCII form.
fn fold(c: char) -> String {
    if c.is_ascii_alphanumeric() {
        return c.to_ascii_lowercase().to_string();
    }
    if c.is_ascii() || !c.is_alphabetic() {
        return String::new();
    }
    // Letters without a decomposition whose plain form everyone reads the same way.
    let special = match c {
        'ø' | 'Ø' => Some("o"),
        'ł' | 'Ł' => Some("l"),
        'đ' | 'Đ' | 'ð' | 'Ð' => Some("d"),
        'æ' | 'Æ' => Some("ae"),
        'œ' | 'Œ' => Some("oe"),
        'ß' => Some("ss"),
        'þ' | 'Þ' => Some("th"),
        'ı' => Some("i"),
        _ => None,
    };
    if let Some(s) = special {
        return s.to_string();
    }
    let base: String = c.nfd().filter(|d| d.is_ascii_alphanumeric()).collect();
    let all_marks = c.nfd().skip(1).all(|d| !d.is_ascii() && !d.is_alphanumeric());
    if base.chars().count() == 1 && all_marks {
        base.to_ascii_lowercase()
    } else {
        String::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reference_examples() {
        assert_eq!(derive_id("TIE Advanced x1"), "tie-advanced-x1");
        assert_eq!(derive_id("Vader's Wrath"), "vaders-wrath");
        assert_eq!(derive_id("GNK “Gonk” Droid"), "gnk-gonk-droid");
        assert_eq!(derive_id("Séance"), "seance");
    }

    #[test]
    fn conformance_names() {
        assert_eq!(derive_id("Modified YT-1300 Light Freighter"), "modified-yt-1300-light-freighter");
        assert_eq!(derive_id("Victory II-class Star Destroyer"), "victory-ii-class-star-destroyer");
        assert_eq!(derive_id("Smuggler’s Stash"), "smugglers-stash");
        assert_eq!(derive_id("Starhawk-class Battleship Mark I"), "starhawk-class-battleship-mark-i");
        assert_eq!(derive_id("4-LOM"), "4-lom");
        assert_eq!(derive_id("0-0-0"), "0-0-0");
        assert_eq!(derive_id("R2-D2"), "r2-d2");
    }

    #[test]
    fn folding_and_trimming() {
        assert_eq!(derive_id("  Ému — Naïve!  "), "emu-naive");
        assert_eq!(derive_id("Ørsted's Æther"), "orsteds-aether");
        assert_eq!(derive_id("\"Quoted\" (x)"), "quoted-x");
        assert_eq!(derive_id("日本 Ship"), "ship");
        assert_eq!(derive_id("!!!"), "");
    }
}
