//! Reading typed values out of a field's tokens: one identifier, a comma list, an icon
//! group, a number. Each reader reports E0203 with what it expected and what it found.

use crate::ast::{FileId, Ident, Number, Span, Str, Token};
use crate::declare_code;
use crate::diagnostics::{Diagnostic, Fix};

declare_code! {
    /// ## What
    /// A field's value is not of the type the field takes: a number where a name is
    /// needed, a list where one value is allowed, a missing value.
    ///
    /// ## Why
    /// Each field has one shape (`cost: N`, `upgrades: a, b, …`, `icons: a + b`); a value
    /// of another shape would be misread.
    ///
    /// ## Example
    /// `cost: twelve` — write `cost: 12`.
    pub static E0203: "E0203", "invalid-value", Error;
}

/// The context for reading one field's value.
pub struct Value<'t> {
    /// The file.
    pub file: FileId,
    /// The field name, for messages.
    pub key: &'t str,
    /// The whole field, blamed when the value is missing.
    pub span: Span,
    /// The tokens after the colon.
    pub tokens: &'t [Token],
}

impl<'t> Value<'t> {
    fn error(&self, expected: &str, at: Option<&Token>) -> Diagnostic {
        let (span, found) = match at {
            Some(t) => (t.span(), t.describe()),
            None => (self.span, "nothing".to_string()),
        };
        Diagnostic::new(&E0203, format!("`{}` expects {expected}, found {found}", self.key)).label(
            self.file,
            span,
            format!("expected {expected}"),
        )
    }

    /// Exactly one identifier.
    pub fn ident(&self) -> Result<&'t Ident, Diagnostic> {
        match self.tokens {
            [Token::Ident(i)] => Ok(i),
            [Token::Ident(_), extra, ..] => {
                Err(self.error("one identifier", Some(extra)).help(format!("`{}` takes a single value", self.key)))
            }
            [other, ..] => Err(self.error("an identifier", Some(other))),
            [] => Err(self.error("an identifier", None)),
        }
    }

    /// Identifiers separated by `sep` (`,` for lists, `+` for icon groups). A `sep` after
    /// the last one (`upgrades: crew, gunner,`) is reported in `d`, with the fix that removes
    /// it, and the list read without it.
    pub fn list(&self, sep: char, d: &mut Vec<Diagnostic>) -> Result<Vec<&'t Ident>, Diagnostic> {
        let mut out = Vec::new();
        let mut expect_ident = true;
        for t in self.tokens {
            match (expect_ident, t) {
                (true, Token::Ident(i)) => out.push(i),
                (true, comma @ Token::Punct(',', _)) if !out.is_empty() => {
                    return Err(self.error("an identifier", Some(comma)).fix(Fix::certain(
                        format!("remove the extra `,` in `{}`", self.key),
                        self.file,
                        comma.span(),
                        "",
                    )))
                }
                (false, Token::Punct(c, _)) if *c == sep => {}
                (true, other) => return Err(self.error("an identifier", Some(other))),
                (false, other) => {
                    return Err(self
                        .error(&format!("`{sep}` between entries"), Some(other))
                        .help(format!("separate the entries of `{}` with `{sep}`", self.key)))
                }
            }
            expect_ident = !expect_ident;
        }
        match self.tokens.last() {
            Some(last @ Token::Punct(c, _)) if expect_ident && *c == sep && !out.is_empty() => {
                d.push(
                    Diagnostic::new(&E0203, format!("`{}` ends with `{sep}`", self.key))
                        .label(self.file, last.span(), format!("no entry follows this `{sep}`"))
                        .fix(Fix::certain(format!("remove the `{sep}`"), self.file, last.span(), "")),
                );
            }
            _ if expect_ident => {
                return Err(self.error("an identifier", None).help(format!("`{}` needs at least one entry", self.key)));
            }
            _ => {}
        }
        Ok(out)
    }

    /// Exactly one number. A number written as a word (`cost: five`) gets the fix that
    /// writes it in digits.
    pub fn number(&self) -> Result<Number, Diagnostic> {
        match self.tokens {
            [Token::Number(n)] => Ok(*n),
            [Token::Number(_), extra, ..] => Err(self.error("one number", Some(extra))),
            [Token::Ident(word)] if number_word(&word.text).is_some() => {
                let n = number_word(&word.text).unwrap_or_default();
                Err(self.error("a number", self.tokens.first()).fix(Fix::certain(
                    format!("write it in digits: `{n}`"),
                    self.file,
                    word.span,
                    n.to_string(),
                )))
            }
            [other, ..] => Err(self.error("a number", Some(other))),
            [] => Err(self.error("a number", None)),
        }
    }

    /// Exactly one number, not negative, written without a sign.
    pub fn count(&self) -> Result<u32, Diagnostic> {
        let n = self.number()?;
        if n.signed || n.value < 0 || n.value > u32::MAX as i64 {
            return Err(Diagnostic::new(&E0203, format!("`{}` expects a whole number without a sign", self.key))
                .label(self.file, n.span, "expected a number such as `3`"));
        }
        Ok(n.value as u32)
    }

    /// Exactly one string.
    pub fn string(&self) -> Result<&'t Str, Diagnostic> {
        match self.tokens {
            [Token::Str(s)] => Ok(s),
            [Token::Str(_), extra, ..] => Err(self.error("one string", Some(extra))),
            [other, ..] => Err(self.error("a quoted string", Some(other))),
            [] => Err(self.error("a quoted string", None)),
        }
    }

    /// `N`, `N recurring` or `N recurring R`: the count and how many come back each round.
    pub fn charges(&self) -> Result<(u32, i64), Diagnostic> {
        let count = |n: &Token| Value { tokens: std::slice::from_ref(n), ..*self }.count();
        match self.tokens {
            [n @ Token::Number(_)] => Ok((count(n)?, 0)),
            [n @ Token::Number(_), Token::Ident(r)] if r.text == "recurring" => Ok((count(n)?, 1)),
            [n @ Token::Number(_), Token::Ident(r), Token::Number(k)] if r.text == "recurring" => {
                Ok((count(n)?, k.value))
            }
            [Token::Number(_), Token::Ident(r), other, ..] if r.text == "recurring" => {
                Err(self.error("how many recur (a number) or the end of the line", Some(other)))
            }
            [Token::Number(_), other, ..] => Err(self.error("`recurring` or the end of the line", Some(other))),
            [other, ..] => Err(self.error("a number", Some(other))),
            [] => Err(self.error("a number", None)),
        }
    }

    /// The entries of a list whose entries are several tokens (`slot crew 2, arc rear`),
    /// split at `,`. An empty entry is an error; a `,` after the last entry is reported in
    /// `d`, with the fix that removes it, and the entries before it read.
    pub fn entries(&self, d: &mut Vec<Diagnostic>) -> Result<Vec<&'t [Token]>, Diagnostic> {
        let mut out = Vec::new();
        let mut start = 0;
        for (i, t) in self.tokens.iter().enumerate() {
            if let Token::Punct(',', _) = t {
                if i == start {
                    return Err(self.error("an entry", Some(t)).fix(Fix::certain(
                        format!("remove the extra `,` in `{}`", self.key),
                        self.file,
                        t.span(),
                        "",
                    )));
                }
                out.push(&self.tokens[start..i]);
                start = i + 1;
            }
        }
        if start == self.tokens.len() {
            // A list that ends with `,` (`actions: focus, lock,`): the `,` is reported with
            // the fix that removes it, and the list read without it, as [`Self::list`] does.
            if let (Some(last @ Token::Punct(',', _)), false) = (self.tokens.last(), out.is_empty()) {
                d.push(
                    Diagnostic::new(&E0203, format!("`{}` ends with `,`", self.key))
                        .label(self.file, last.span(), "no entry follows this `,`")
                        .fix(Fix::certain("remove the `,`", self.file, last.span(), "")),
                );
                return Ok(out);
            }
            return Err(self.error("an entry", None).help(format!("`{}` needs an entry after each `,`", self.key)));
        }
        out.push(&self.tokens[start..]);
        Ok(out)
    }

    /// An error about `at` (or the whole value): `expected` was wanted.
    pub fn expected(&self, expected: &str, at: Option<&Token>) -> Diagnostic {
        self.error(expected, at)
    }
}

/// The number a word names, `zero` to `twenty` (`five` is 5), ignoring case.
fn number_word(word: &str) -> Option<u32> {
    const WORDS: [&str; 21] = [
        "zero",
        "one",
        "two",
        "three",
        "four",
        "five",
        "six",
        "seven",
        "eight",
        "nine",
        "ten",
        "eleven",
        "twelve",
        "thirteen",
        "fourteen",
        "fifteen",
        "sixteen",
        "seventeen",
        "eighteen",
        "nineteen",
        "twenty",
    ];
    WORDS.iter().position(|w| w.eq_ignore_ascii_case(word)).map(|n| n as u32)
}
