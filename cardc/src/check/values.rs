//! Reading typed values out of a field's tokens: one identifier, a comma list, an icon
//! group, a number. Each reader reports E0203 with what it expected and what it found.

use crate::ast::{FileId, Ident, Number, Span, Str, Token};
use crate::declare_code;
use crate::diagnostics::Diagnostic;

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

    /// Identifiers separated by `sep` (`,` for lists, `+` for icon groups).
    pub fn list(&self, sep: char) -> Result<Vec<&'t Ident>, Diagnostic> {
        let mut out = Vec::new();
        let mut expect_ident = true;
        for t in self.tokens {
            match (expect_ident, t) {
                (true, Token::Ident(i)) => out.push(i),
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
        if expect_ident {
            return Err(self.error("an identifier", None).help(format!("`{}` needs at least one entry", self.key)));
        }
        Ok(out)
    }

    /// Exactly one number.
    pub fn number(&self) -> Result<Number, Diagnostic> {
        match self.tokens {
            [Token::Number(n)] => Ok(*n),
            [Token::Number(_), extra, ..] => Err(self.error("one number", Some(extra))),
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

    /// `N` or `N recurring`.
    pub fn charges(&self) -> Result<(u32, bool), Diagnostic> {
        match self.tokens {
            [n @ Token::Number(_)] => Ok((Value { tokens: std::slice::from_ref(n), ..*self }.count()?, false)),
            [n @ Token::Number(_), Token::Ident(r)] if r.text == "recurring" => {
                Ok((Value { tokens: std::slice::from_ref(n), ..*self }.count()?, true))
            }
            [Token::Number(_), other, ..] => Err(self.error("`recurring` or the end of the line", Some(other))),
            [other, ..] => Err(self.error("a number", Some(other))),
            [] => Err(self.error("a number", None)),
        }
    }
}
