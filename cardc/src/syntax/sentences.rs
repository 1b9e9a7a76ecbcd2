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
            _ => {}
        }
    }
    if let Some(s) = start {
        out.push((s, trim_end(text, s, text.len())));
    }
    out
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
