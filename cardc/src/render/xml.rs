//! Writing SVG and HTML: elements with attributes in the order given, text and attribute
//! values escaped. Written here because the SVG writers on crates.io leave some of it to
//! the caller: `svg` 0.18 escapes neither `"` in an attribute nor `&` in text, `xmlwriter`
//! 0.1 not `&` (read in their sources); a card named `Salt & Iron` would make a file no
//! viewer opens.

use std::fmt::Write as _;

/// `text` as XML character data or an attribute value: `&`, `<`, `>`, `"` and `'` as
/// entities, and characters XML 1.0 does not allow (control characters but tab, line feed
/// and carriage return; U+FFFE, U+FFFF) left out.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            '\t' | '\n' | '\r' => out.push(c),
            c if c < ' ' || c == '\u{fffe}' || c == '\u{ffff}' => {}
            c => out.push(c),
        }
    }
    out
}

/// A number as SVG writes a length: two decimals at most, no trailing zeros, no `-0`.
pub fn num(x: f32) -> String {
    let s = format!("{:.2}", x);
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" {
        "0".to_string()
    } else {
        s.to_string()
    }
}

/// A document being written.
#[derive(Default)]
pub struct Xml {
    out: String,
    open: Vec<&'static str>,
}

impl Xml {
    /// An empty document.
    pub fn new() -> Xml {
        Xml::default()
    }

    /// Opens `<name a="v" …>`.
    pub fn open(&mut self, name: &'static str, attrs: &[(&str, &str)]) -> &mut Xml {
        self.tag(name, attrs);
        self.out.push('>');
        self.open.push(name);
        self
    }

    /// Writes `<name a="v" …/>`.
    pub fn empty(&mut self, name: &'static str, attrs: &[(&str, &str)]) -> &mut Xml {
        self.tag(name, attrs);
        self.out.push_str("/>");
        self
    }

    /// Writes `<name …>text</name>`.
    pub fn element(&mut self, name: &'static str, attrs: &[(&str, &str)], text: &str) -> &mut Xml {
        self.open(name, attrs).text(text).close()
    }

    /// Writes character data.
    pub fn text(&mut self, text: &str) -> &mut Xml {
        self.out.push_str(&escape(text));
        self
    }

    /// Writes markup as it is: a document made by another [`Xml`], or a fixed string.
    pub fn raw(&mut self, markup: &str) -> &mut Xml {
        self.out.push_str(markup);
        self
    }

    /// Closes the element opened last.
    pub fn close(&mut self) -> &mut Xml {
        if let Some(name) = self.open.pop() {
            let _ = write!(self.out, "</{name}>");
        }
        self
    }

    /// A line break between elements, for a reader of the file.
    pub fn newline(&mut self) -> &mut Xml {
        self.out.push('\n');
        self
    }

    /// The document, every element closed.
    pub fn finish(mut self) -> String {
        while !self.open.is_empty() {
            self.close();
        }
        self.out
    }

    fn tag(&mut self, name: &str, attrs: &[(&str, &str)]) {
        let _ = write!(self.out, "<{name}");
        for (key, value) in attrs {
            let _ = write!(self.out, " {key}=\"{}\"", escape(value));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_and_attributes_are_escaped_and_invalid_characters_left_out() {
        let mut x = Xml::new();
        x.element("text", &[("data-name", "Salt & \"Iron\" <1>")], "a & b < c \u{1} d");
        assert_eq!(x.finish(), "<text data-name=\"Salt &amp; &quot;Iron&quot; &lt;1&gt;\">a &amp; b &lt; c  d</text>");
    }

    #[test]
    fn numbers_are_short_and_never_negative_zero() {
        assert_eq!(num(1.0), "1");
        assert_eq!(num(1.256), "1.26");
        assert_eq!(num(-0.001), "0");
        assert_eq!(num(63.5), "63.5");
    }
}
