//! Files no editor would write: a diagnostic past column 65,535 (where miette's renderer
//! panics) and control characters in a snippet (which would reach the terminal) are shown
//! in a plain, clipped and escaped form, by every subcommand that prints diagnostics.

mod common;

use std::path::Path;

fn set_with(dir: &Path, cards: &str) {
    std::fs::write(dir.join("game.cards"), "game g \"G\"\nicon crew\n").unwrap();
    std::fs::write(dir.join("x.cards"), cards).unwrap();
}

#[test]
fn a_diagnostic_past_column_65535_is_shown_clipped() {
    let dir = tempfile::tempdir().unwrap();
    set_with(dir.path(), &format!("{}@\n", " ".repeat(65_536)));
    let set = dir.path().to_str().unwrap();
    for args in [vec!["check", set], vec!["export", set], vec!["abilities", set]] {
        let out = common::cardc(&args);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(common::code(&out), 1, "{}: {stderr}", args[0]);
        // The column counts characters: 65,536 spaces, then the `@`.
        assert!(stderr.contains("x.cards:1:65537"), "{}: {stderr}", args[0]);
        let snippet = stderr.lines().find(|l| l.starts_with(" 1 │ ")).expect("the line is shown");
        assert!(snippet.starts_with(" 1 │ …") && snippet.ends_with('@'), "{snippet:?}");
        // 60 characters before the label are kept, not 65,536.
        assert_eq!(snippet.chars().count(), " 1 │ …".chars().count() + 60 + 1, "{snippet:?}");
        let underline = stderr.lines().find(|l| l.starts_with("   · ")).expect("the label is underlined");
        let column = |line: &str, c: char| line.chars().position(|x| x == c);
        assert_eq!(column(underline, '─'), column(snippet, '@'), "the underline is under the `@`: {underline:?}");
    }
}

#[test]
fn control_characters_in_a_snippet_or_a_message_are_escaped() {
    let dir = tempfile::tempdir().unwrap();
    set_with(dir.path(), "ship \"S\" {\n  upgrades: cr\x1b[2Jow\x07\n}\n");
    let out = common::cardc(&["check", dir.path().to_str().unwrap()]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(common::code(&out), 1, "{stderr}");
    assert!(!stderr.contains(['\x1b', '\x07']), "a raw control character reached the output: {stderr:?}");
    assert!(stderr.contains(r"cr\u{1b}[2Jow\u{7}"), "{stderr}");
    assert!(stderr.contains(r"found `\u{1b}`"), "{stderr}");
}
