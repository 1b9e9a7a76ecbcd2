//! Splits ability text into sentences.
//!
//! A sentence ends at `.`, `!` or `?` followed by white space or the end of the text, or
//! at a blank line. Brackets (`[Hit]`) and parentheses never end one. Each sentence is
//! returned trimmed, as byte offsets into the text; nothing but white space falls between
//! them, so no character of the text is lost.

/// The sentences of `text` as `(start, end)` byte offsets.
pub fn split(text: &str) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut start: Option<usize> = None;
    let mut depth = 0i32;
    let mut chars = text.char_indices().peekable();
    let mut last_newline: Option<usize> = None;
    while let Some((i, c)) = chars.next() {
        if c.is_whitespace() {
            if c == '\n' {
                // Only white space since the previous newline: a blank line ends a sentence
                // that has no final stop.
                if let (Some(s), Some(_)) = (start, last_newline) {
                    out.push((s, trim_end(text, s, i)));
                    start = None;
                }
                last_newline = Some(i);
            }
            continue;
        }
        last_newline = None;
        if start.is_none() {
            start = Some(i);
            depth = 0;
        }
        match c {
            '[' | '(' => depth += 1,
            ']' | ')' => depth -= 1,
            '.' | '!' | '?' if depth <= 0 => {
                let next = chars.peek().map(|(_, n)| *n);
                if next.is_none_or(char::is_whitespace) {
                    let end = i + c.len_utf8();
                    if let Some(s) = start.take() {
                        out.push((s, end));
                    }
                }
            }
            // `Replace your … ship ability with the following: …`: the ability that follows
            // the colon is a sentence of its own.
            // A title of two or more capitalized words (`Independent Calculations:`) names
            // the ability that follows and stays with the sentence that introduces it.
            ':' if depth <= 0 && introduces_what_follows(&text[..i]) => {
                let end = i + 1 + title_len(&text[i + 1..]);
                if let Some(s) = start.take() {
                    out.push((s, end));
                }
                while chars.peek().is_some_and(|(j, _)| *j < end) {
                    chars.next();
                }
            }
            _ => {}
        }
    }
    if let Some(s) = start {
        out.push((s, trim_end(text, s, text.len())));
    }
    out
}

/// Whether the text before a colon ends with `the following`, which introduces what the
/// colon is followed by.
fn introduces_what_follows(before: &str) -> bool {
    let before = before.trim_end();
    before.get(before.len().saturating_sub(13)..).is_some_and(|t| t.eq_ignore_ascii_case("the following"))
}

/// The length of a title (` Independent Calculations:`) at the start of the text: two or
/// more capitalized words and a colon; 0 when there is none.
fn title_len(rest: &str) -> usize {
    let Some((title, _)) = rest.split_once(':') else { return 0 };
    let words: Vec<&str> = title.split_whitespace().collect();
    let titled = words.len() >= 2
        && words
            .iter()
            .all(|w| w.chars().next().is_some_and(char::is_uppercase) && w.chars().all(char::is_alphanumeric));
    if titled {
        title.len() + 1
    } else {
        0
    }
}

fn trim_end(text: &str, start: usize, end: usize) -> usize {
    start + text[start..end].trim_end().len()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sentences(text: &str) -> Vec<&str> {
        split(text).into_iter().map(|(s, e)| &text[s..e]).collect()
    }

    #[test]
    fn splits_on_stops_outside_brackets() {
        let t = "\n    Attack ([Lock]): Spend 1 [Charge]. Change 2 [Hit]/[Critical Hit] results to [Critical Hit] results.\n  ";
        assert_eq!(
            sentences(t),
            ["Attack ([Lock]): Spend 1 [Charge].", "Change 2 [Hit]/[Critical Hit] results to [Critical Hit] results."]
        );
    }

    #[test]
    fn the_following_ends_a_sentence_and_keeps_a_title() {
        assert_eq!(
            sentences("Replace your A ship ability with the following: During the End Phase, x."),
            ["Replace your A ship ability with the following:", "During the End Phase, x."]
        );
        assert_eq!(
            sentences("Replace your A ship ability with the following: Fast Hands: While you x."),
            ["Replace your A ship ability with the following: Fast Hands:", "While you x."]
        );
        assert_eq!(sentences("with the following: Action: Gain x."), ["with the following:", "Action: Gain x."]);
        assert_eq!(sentences("Rotate 90° é: x."), ["Rotate 90° é: x."]);
    }

    #[test]
    fn lines_and_missing_final_stop() {
        assert_eq!(sentences("Setup: Lose 1 [Charge].\r\n Action: x"), ["Setup: Lose 1 [Charge].", "Action: x"]);
        assert_eq!(sentences("a b\n\n c d."), ["a b", "c d."]);
        assert_eq!(sentences("a b\n c d."), ["a b\n c d."]);
        assert_eq!(sentences("1.5 dice. ok"), ["1.5 dice.", "ok"]);
        assert!(sentences("  \n ").is_empty());
    }

    #[test]
    fn nothing_but_space_between_sentences() {
        let t = "One. Two!\nThree?  Four\n\nFive";
        let parts = split(t);
        let mut covered = 0;
        for (s, e) in parts {
            assert!(t[covered..s].trim().is_empty());
            covered = e;
        }
        assert!(t[covered..].trim().is_empty());
    }
}
