//! Rust identifiers for card-language ids. Ids are `[a-z0-9]+(-[a-z0-9]+)*`, so the only
//! hazards are keywords and a leading digit: `r#` for keywords, a `_` suffix for `self`,
//! `Self`, `super` and `crate` (which cannot be raw), a `_` prefix before a digit.

/// Rust's keywords, strict and reserved, in every edition.
const KEYWORDS: &[&str] = &[
    "abstract", "as", "async", "await", "become", "box", "break", "const", "continue", "crate", "do", "dyn", "else",
    "enum", "extern", "false", "final", "fn", "for", "gen", "if", "impl", "in", "let", "loop", "macro", "match", "mod",
    "move", "mut", "override", "priv", "pub", "ref", "return", "self", "Self", "static", "struct", "super", "trait",
    "true", "try", "type", "typeof", "union", "unsafe", "unsized", "use", "virtual", "where", "while", "yield",
];

/// Keywords that cannot be raw identifiers.
const NOT_RAW: &[&str] = &["self", "Self", "super", "crate"];

fn fix(word: String) -> String {
    if word.starts_with(|c: char| c.is_ascii_digit()) {
        format!("_{word}")
    } else if NOT_RAW.contains(&word.as_str()) {
        format!("{word}_")
    } else if KEYWORDS.contains(&word.as_str()) {
        format!("r#{word}")
    } else {
        word
    }
}

/// `tie-advanced-x1` → `TieAdvancedX1`; `4-lom` → `_4Lom`; `self` → `Self_`.
pub fn pascal(id: &str) -> String {
    let mut out = String::with_capacity(id.len());
    for part in id.split('-') {
        let mut chars = part.chars();
        if let Some(first) = chars.next() {
            out.push(first.to_ascii_uppercase());
            out.extend(chars);
        }
    }
    fix(out)
}

/// `tie-advanced-x1` → `tie_advanced_x1`; `type` → `r#type`; `self` → `self_`.
pub fn snake(id: &str) -> String {
    fix(id.replace('-', "_"))
}

/// The identifier as a token (raw when it starts with `r#`).
pub fn token(ident: &str) -> proc_macro2::Ident {
    match ident.strip_prefix("r#") {
        Some(raw) => proc_macro2::Ident::new_raw(raw, proc_macro2::Span::call_site()),
        None => proc_macro2::Ident::new(ident, proc_macro2::Span::call_site()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_keyword_becomes_a_valid_identifier() {
        for kw in KEYWORDS {
            let id = kw.to_lowercase();
            for ident in [snake(&id), pascal(&id)] {
                let parsed: syn::Ident =
                    syn::parse_str(&ident).unwrap_or_else(|_| panic!("{kw}: `{ident}` is not an identifier"));
                let _ = parsed;
            }
        }
        assert_eq!(snake("type"), "r#type");
        assert_eq!(snake("self"), "self_");
        assert_eq!(snake("super"), "super_");
        assert_eq!(snake("crate"), "crate_");
        assert_eq!(pascal("self"), "Self_");
        assert_eq!(snake("gen"), "r#gen");
    }

    #[test]
    fn digits_and_dashes() {
        assert_eq!(pascal("tie-advanced-x1"), "TieAdvancedX1");
        assert_eq!(pascal("4-lom"), "_4Lom");
        assert_eq!(snake("0-0-0"), "_0_0_0");
        assert_eq!(pascal("0-0-0"), "_000");
        assert_eq!(snake("x-wing"), "x_wing");
    }

    #[test]
    fn tokens_round_trip() {
        assert_eq!(token("r#type").to_string(), "r#type");
        assert_eq!(token("Self_").to_string(), "Self_");
    }
}
