//! The card language's keywords, each kept once: the words that start a declaration of
//! `game.cards` here, the vocabulary kinds in [`VocabKind::ALL`] and the card kinds in
//! [`CardKind::ALL`]. The chunker, the recovery of a misspelt keyword and the language
//! server's completion read these tables; a test compares them with `grammar.pest`, the
//! VS Code grammar and the README, which must say the same.

use cards_runtime::model::{CardKind, VocabKind};

/// The words that start a declaration other than a vocabulary line or a card, each with
/// what it declares (as completion shows it).
pub const DECLARATIONS: [(&str, &str); 13] = [
    ("game", "declaration"),
    ("kind", "card kinds"),
    ("roster", "what a list is called"),
    ("distance", "what distance is measured in"),
    ("verb", "verbs of ability text"),
    ("release", "a release of the set"),
    ("layout", "how a kind's cards are drawn"),
    ("glyph", "the file an icon is drawn with"),
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

    /// The text of grammar rule `name`, from its name to the line that closes it.
    fn rule(name: &str) -> String {
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
        rule
    }

    /// The quoted words of grammar rule `name` (`vocab_kind = @{ ("faction" | …) ~ kw_end }`).
    fn alternatives(name: &str) -> Vec<String> {
        rule(name).split('"').skip(1).step_by(2).map(str::to_string).collect()
    }

    /// The words grammar rule `name` excludes: those of each keyword rule in its `!( … )`
    /// (`card_kind = @{ !(k_game | k_kind | …) ~ ident }`).
    fn excluded(name: &str) -> Vec<String> {
        let rule = rule(name);
        let at = rule.find("!(").unwrap_or_else(|| panic!("rule `{name}` excludes nothing: {rule}"));
        let group = &rule[at + 2..];
        let group = &group[..group.find(')').unwrap_or_else(|| panic!("no `)` in {rule}"))];
        group.split('|').flat_map(|k| alternatives(k.trim())).collect()
    }

    /// The VS Code grammar's rule `name` (`repository.<name>`).
    fn vscode_rule(name: &str) -> serde_json::Value {
        let grammar: serde_json::Value = serde_json::from_str(VSCODE).expect("cards.tmLanguage.json is JSON");
        let rule = grammar["repository"][name].clone();
        assert!(rule.is_object(), "no rule `{name}` in the VS Code grammar");
        rule
    }

    /// The pattern that begins the VS Code grammar's rule `name`.
    fn vscode_begin(name: &str) -> String {
        let rule = vscode_rule(name);
        rule["begin"].as_str().unwrap_or_else(|| panic!("the VS Code rule `{name}` has no `begin`")).to_string()
    }

    /// The words of the group that follows `marker` in `pattern`: with `]*(`, those of
    /// `^[ \t\x{FEFF}]*(faction|size|…)`.
    fn group_after(pattern: &str, marker: &str) -> Vec<String> {
        let at = pattern.find(marker).unwrap_or_else(|| panic!("no `{marker}` in {pattern}"));
        let group = &pattern[at + marker.len()..];
        let end = group.find(')').unwrap_or(group.len());
        group[..end].split('|').map(str::to_string).collect()
    }

    fn sorted(words: impl IntoIterator<Item = impl Into<String>>) -> Vec<String> {
        let mut w: Vec<String> = words.into_iter().map(Into::into).collect();
        w.sort();
        w
    }

    fn declarations() -> Vec<String> {
        sorted(DECLARATIONS.map(|(w, _)| w))
    }

    #[test]
    fn the_grammar_has_the_same_keywords_as_the_tables() {
        // A vocabulary kind the grammar reads and Rust does not know would be dropped.
        let vocab = sorted(VocabKind::ALL.map(VocabKind::keyword));
        assert_eq!(sorted(alternatives("vocab_kind")), vocab);
        let declared: Vec<String> = [
            "k_game",
            "k_kind",
            "k_roster",
            "k_distance",
            "k_verb",
            "k_release",
            "k_layout",
            "k_glyph",
            "k_rule",
            "k_flagship",
            "k_allow",
        ]
        .iter()
        .flat_map(|k| alternatives(k))
        .collect();
        assert_eq!(sorted(declared), declarations());
        // A card's kind is any word but one that starts another declaration: one the chunker
        // takes for a declaration would never reach `card`, one it takes for a card would
        // not parse as one.
        assert_eq!(sorted(excluded("card_kind")), declarations());
    }

    #[test]
    fn the_vscode_grammar_colours_every_keyword() {
        let vocab = sorted(VocabKind::ALL.map(VocabKind::keyword));
        assert_eq!(sorted(group_after(&vscode_begin("vocabulary"), "]*(")), vocab);
        let mut declared = Vec::new();
        for rule in [
            "game",
            "kind",
            "roster",
            "distance",
            "verb",
            "release",
            "layout",
            "glyph",
            "rule",
            "flagship",
            "lint-level",
        ] {
            declared.extend(group_after(&vscode_begin(rule), "]*("));
        }
        assert_eq!(sorted(declared), declarations());
        // A card begins on a built-in kind, or on any word but a declaration keyword.
        let card = vscode_begin("card");
        assert_eq!(sorted(group_after(&card, "]*(?!(?:")), declarations());
        assert_eq!(sorted(group_after(&card, "((?:")), sorted(CardKind::ALL.map(CardKind::as_str)));
        // The roles of a `kind` line.
        let kind = vscode_rule("kind");
        let roles = kind["patterns"]
            .as_array()
            .into_iter()
            .flatten()
            .find(|p| p["name"] == "storage.modifier.role.cards")
            .and_then(|p| p["match"].as_str())
            .expect("the VS Code rule `kind` colours roles");
        assert_eq!(sorted(group_after(roles, "(?:")), sorted(CardKind::ALL.map(CardKind::role_word)));
    }

    #[test]
    fn top_level_words_are_the_tables_words() {
        assert!(top_level().all(is_top_level));
        assert!(!is_top_level("hero") && !is_top_level("fleet"));
        assert_eq!(top_level().count(), DECLARATIONS.len() + VocabKind::ALL.len() + CardKind::ALL.len());
    }
}
