//! The card language's keywords, each kept once: the words that start a declaration of
//! `game.cards` here, the vocabulary kinds in [`VocabKind::ALL`] and the card kinds in
//! [`CardKind::ALL`]. The chunker, the recovery of a misspelt keyword and the language
//! server's completion read these tables; a test compares them with `grammar.pest`, the
//! VS Code grammar and the README, which must say the same.

use cards_runtime::model::{CardKind, VocabKind};

/// The words that start a declaration other than a vocabulary line or a card, each with
/// what it declares (as completion shows it).
pub const DECLARATIONS: [(&str, &str); 6] = [
    ("game", "declaration"),
    ("rule", "fleet rule"),
    ("flagship", "flagship rule"),
    ("allow", "lint level"),
    ("warn", "lint level"),
    ("deny", "lint level"),
];

/// Every word that starts a top-level item: a declaration, a vocabulary kind or a card
/// kind.
pub fn top_level() -> impl Iterator<Item = &'static str> {
    DECLARATIONS
        .into_iter()
        .map(|(word, _)| word)
        .chain(VocabKind::ALL.into_iter().map(VocabKind::keyword))
        .chain(CardKind::ALL.into_iter().map(CardKind::as_str))
}

/// Whether `word` starts a top-level item.
pub fn is_top_level(word: &str) -> bool {
    top_level().any(|w| w == word)
}

#[cfg(test)]
mod tests {
    //! The other lists that must say what these tables say.
    use super::*;

    const GRAMMAR: &str = include_str!("../../../cardc-grammar/src/grammar.pest");
    const VSCODE: &str = include_str!("../../../editors/vscode/syntaxes/cards.tmLanguage.json");

    /// The quoted words of grammar rule `name` (`vocab_kind = @{ ("faction" | …) ~ kw_end }`).
    fn alternatives(name: &str) -> Vec<String> {
        let start = GRAMMAR
            .lines()
            .position(|l| l.split_whitespace().next() == Some(name))
            .unwrap_or_else(|| panic!("no rule `{name}` in grammar.pest"));
        let mut rule = String::new();
        for line in GRAMMAR.lines().skip(start) {
            rule.push_str(line);
            if line.trim_end().ends_with('}') {
                break;
            }
        }
        rule.split('"').skip(1).step_by(2).map(str::to_string).collect()
    }

    /// The words of the VS Code grammar's pattern that begins a line with one of `first`'s
    /// group: `^[ \t\x{FEFF}]*(faction|size|…)`.
    fn vscode_words(first: &str) -> Vec<String> {
        let at = VSCODE.find(&format!("]*({first}")).unwrap_or_else(|| panic!("no line pattern for `{first}`"));
        let group = &VSCODE[at + 3..];
        let end = group.find(')').unwrap_or(group.len());
        group[..end].split('|').map(str::to_string).collect()
    }

    fn sorted(words: impl IntoIterator<Item = impl Into<String>>) -> Vec<String> {
        let mut w: Vec<String> = words.into_iter().map(Into::into).collect();
        w.sort();
        w
    }

    #[test]
    fn the_grammar_has_the_same_keywords_as_the_tables() {
        // A vocabulary kind the grammar reads and Rust does not know would be dropped.
        let vocab = sorted(VocabKind::ALL.map(VocabKind::keyword));
        assert_eq!(sorted(alternatives("vocab_kind")), vocab);
        assert_eq!(sorted(alternatives("card_kind")), sorted(CardKind::ALL.map(CardKind::as_str)));
        let declared: Vec<String> =
            ["k_game", "k_rule", "k_flagship", "k_allow"].iter().flat_map(|k| alternatives(k)).collect();
        assert_eq!(sorted(declared), sorted(DECLARATIONS.map(|(w, _)| w)));
    }

    #[test]
    fn the_vscode_grammar_colours_every_keyword() {
        assert_eq!(sorted(vscode_words("faction")), sorted(VocabKind::ALL.map(VocabKind::keyword)));
        assert_eq!(sorted(vscode_words("chassis")), sorted(CardKind::ALL.map(CardKind::as_str)));
        let mut declared = vscode_words("allow|");
        for word in ["game", "rule", "flagship"] {
            declared.extend(vscode_words(word));
        }
        assert_eq!(sorted(declared), sorted(DECLARATIONS.map(|(w, _)| w)));
    }

    #[test]
    fn top_level_words_are_the_tables_words() {
        assert!(top_level().all(is_top_level));
        assert!(!is_top_level("hero") && !is_top_level("fleet"));
        assert_eq!(top_level().count(), DECLARATIONS.len() + VocabKind::ALL.len() + CardKind::ALL.len());
    }
}
