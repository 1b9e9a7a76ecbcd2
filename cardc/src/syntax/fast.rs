//! A fast path for the most common item, a card, that gives exactly what the pest parser
//! gives or nothing.
//!
//! The pest grammar (`grammar.pest`) is the definition of the language, and it is slow:
//! pest checks its call budget and the native stack at every rule, repetition and
//! lookahead, and parsing took most of the time `cardc check` spends on a large set.
//! This reader follows the same rules for a card, byte by byte, and builds the same
//! syntax tree with the same spans, but it knows only the card and gives up (returns
//! `None`) at the first thing it does not expect, a syntax error above all. The item is
//! then parsed by pest as before, so every diagnostic still comes from the grammar.
//!
//! The tests below parse every card of the conformance sets, of synthetic sets and of
//! thousands of mutations of them both ways and require the same tree whenever this
//! reader gives one.

use super::sentences;
use crate::ast::{Card, Field, FieldValue, Ident, Number, Span, Str, TextBlock, Token};

/// Reads `input`, the text of one item starting at byte `base` of its file, if it is a
/// card that parses; `None` when it is anything else.
pub fn card(base: usize, input: &str) -> Option<Card> {
    let mut r = Reader { text: input, bytes: input.as_bytes(), pos: 0, base };
    r.skip_lines();
    let card = r.card()?;
    r.skip_lines();
    (r.pos == r.bytes.len()).then_some(card)
}

struct Reader<'a> {
    text: &'a str,
    bytes: &'a [u8],
    pos: usize,
    base: usize,
}

/// `ident_char`: a lowercase ASCII letter or digit.
fn is_ident_char(b: Option<&u8>) -> bool {
    b.is_some_and(|b| b.is_ascii_lowercase() || b.is_ascii_digit())
}

impl Reader<'_> {
    fn at(&self, i: usize) -> Option<&u8> {
        self.bytes.get(i)
    }

    fn span(&self, start: usize, end: usize) -> Span {
        Span::new(self.base + start, self.base + end)
    }

    /// The implicit `WHITESPACE` and `COMMENT` pest skips between two parts of a rule:
    /// blanks, tabs, byte order marks and comments, but no line break.
    fn skip(&mut self) {
        loop {
            match self.bytes[self.pos..] {
                [b' ' | b'\t', ..] => self.pos += 1,
                [0xEF, 0xBB, 0xBF, ..] => self.pos += 3,
                [b'#', ..] => {
                    let rest = &self.bytes[self.pos..];
                    self.pos += rest.iter().position(|b| matches!(b, b'\n' | b'\r')).unwrap_or(rest.len());
                }
                _ => return,
            }
        }
    }

    /// `skip`, and line breaks (`nl*` with the skips between).
    fn skip_lines(&mut self) {
        loop {
            self.skip();
            match self.at(self.pos) {
                Some(b'\n' | b'\r') => self.pos += 1,
                _ => return,
            }
        }
    }

    /// `kw_end`: no identifier character, nor `-` and one, at `i`.
    fn kw_end(&self, i: usize) -> bool {
        !(is_ident_char(self.at(i)) || (self.at(i) == Some(&b'-') && is_ident_char(self.at(i + 1))))
    }

    /// Where the rule `ident` would end if it matched at `i`.
    fn ident_end(&self, i: usize) -> Option<usize> {
        // Not a plain number.
        let digits = self.bytes[i..].iter().take_while(|b| b.is_ascii_digit()).count();
        if digits > 0 && self.kw_end(i + digits) {
            return None;
        }
        let mut end = i;
        loop {
            let run = self.bytes[end..].iter().take_while(|b| is_ident_char(Some(b))).count();
            if run == 0 {
                return None;
            }
            end += run;
            if self.at(end) == Some(&b'-') && is_ident_char(self.at(end + 1)) {
                end += 1;
            } else {
                return Some(end);
            }
        }
    }

    fn ident(&mut self) -> Option<Ident> {
        let start = self.pos;
        let end = self.ident_end(start)?;
        self.pos = end;
        Some(Ident { text: self.text[start..end].to_string(), span: self.span(start, end) })
    }

    /// A keyword (an atomic `"word" ~ kw_end` rule).
    fn keyword(&mut self, word: &str) -> bool {
        let end = self.pos + word.len();
        let found = self.bytes[self.pos..].starts_with(word.as_bytes()) && self.kw_end(end);
        if found {
            self.pos = end;
        }
        found
    }

    fn string(&mut self) -> Option<Str> {
        let start = self.pos;
        if self.at(start) != Some(&b'"') {
            return None;
        }
        let mut i = start + 1;
        loop {
            match self.at(i)? {
                b'"' => break,
                b'\\' if matches!(self.at(i + 1), Some(b'"' | b'\\')) => i += 2,
                b'\\' | b'\n' | b'\r' => return None,
                _ => i += 1,
            }
        }
        self.pos = i + 1;
        Some(Str { value: super::unescape(&self.text[start + 1..i]), span: self.span(start, i + 1) })
    }

    /// `number`, if one starts here: `Ok(None)` if not, `Err(())` for a number too large
    /// for 64 bits (a diagnostic: the full parser reports it).
    fn number(&mut self) -> Result<Option<Number>, ()> {
        let start = self.pos;
        let signed = matches!(self.at(start), Some(b'+' | b'-'));
        let digits_from = start + usize::from(signed);
        let digits = self.bytes[digits_from..].iter().take_while(|b| b.is_ascii_digit()).count();
        let end = digits_from + digits;
        if digits == 0 || !self.kw_end(end) {
            return Ok(None);
        }
        let value = self.text[start..end].parse::<i64>().map_err(|_| ())?;
        self.pos = end;
        Ok(Some(Number { value, signed, span: self.span(start, end) }))
    }

    /// One `token`: `string | number | ident | punct`.
    fn token(&mut self) -> Option<Token> {
        let start = self.pos;
        match self.at(start)? {
            b'"' => self.string().map(Token::Str),
            b',' | b'(' | b')' | b'=' | b'>' => {
                self.pos += 1;
                Some(Token::Punct(self.bytes[start] as char, self.span(start, start + 1)))
            }
            b'+' | b'-' | b'0'..=b'9' => match self.number().ok()? {
                Some(n) => Some(Token::Number(n)),
                None if self.bytes[start] == b'+' => {
                    self.pos += 1;
                    Some(Token::Punct('+', self.span(start, start + 1)))
                }
                None => self.ident().map(Token::Ident),
            },
            _ => self.ident().map(Token::Ident),
        }
    }

    /// Whether `ident ~ ":"` (a field key) starts here, or an identifier and `from`: a
    /// field's value from a release on (`cost from points-2: 10`), which this reader
    /// leaves to the grammar.
    fn at_key(&self) -> bool {
        let Some(end) = self.ident_end(self.pos) else { return false };
        let mut after = Reader { pos: end, ..*self };
        after.skip();
        after.at(after.pos) == Some(&b':') || after.keyword("from")
    }

    /// `!(ident ~ ":") ~ token`, or nothing (and no move).
    fn value_token(&mut self) -> Option<Token> {
        let before = self.pos;
        let token = if self.at_key() { None } else { self.token() };
        if token.is_none() {
            self.pos = before;
        }
        token
    }

    /// `tokens = { (!(ident ~ ":") ~ token)+ }`; `None` when not one matches.
    ///
    /// pest reads `x+` as `x ~ x*`, so the blanks after the first token are part of the
    /// rule even when no second token follows, and the blanks after any later last token
    /// are not: a field with one value spans the blanks (and comment) after it.
    fn tokens(&mut self) -> Option<Vec<Token>> {
        let mut out = vec![self.value_token()?];
        self.skip();
        if let Some(second) = self.value_token() {
            out.push(second);
            loop {
                let before = self.pos;
                self.skip();
                match self.value_token() {
                    Some(t) => out.push(t),
                    None => {
                        self.pos = before;
                        break;
                    }
                }
            }
        }
        Some(out)
    }

    /// `"{" ~ raw_text ~ "}"`: the text block after its keyword (and name).
    fn raw_block(&mut self) -> Option<TextBlock> {
        if self.at(self.pos) != Some(&b'{') {
            return None;
        }
        self.pos += 1;
        // Raw text: nothing is skipped after `{`, not even a `#`.
        let start = self.pos;
        let len = self.bytes[start..].iter().position(|b| *b == b'}')?;
        let raw = &self.text[start..start + len];
        self.pos = start + len + 1;
        let base = self.base + start;
        let sentences = sentences::split(raw).into_iter().map(|(s, e)| Span::new(base + s, base + e)).collect();
        Some(TextBlock { span: self.span(start, start + len), sentences })
    }

    /// `field = _{ text_block | ability_block | kv_field | flag_field }`.
    fn field(&mut self) -> Option<Field> {
        let start = self.pos;
        let key = self.ident()?;
        // `ability_block` wants `WHITESPACE+` between the keyword and the name (a comment
        // there would end the line, and no string follows it).
        let blank_after_key = matches!(self.bytes[self.pos..], [b' ' | b'\t', ..] | [0xEF, 0xBB, 0xBF, ..]);
        self.skip();
        let colon = self.at(self.pos) == Some(&b':');
        if !colon && (Reader { ..*self }).keyword("from") {
            // A value from a release on: left to the grammar.
            return None;
        }
        let value = match key.text.as_str() {
            "text" if !colon => FieldValue::Text(self.raw_block()?),
            "ability" if !colon => {
                if !blank_after_key {
                    return None;
                }
                let name = self.string()?;
                self.skip();
                FieldValue::Ability { name, text: self.raw_block()? }
            }
            _ if colon => {
                self.pos += 1;
                self.skip();
                match self.tokens() {
                    Some(tokens) => FieldValue::Tokens(tokens),
                    None => FieldValue::Tokens(Vec::new()),
                }
            }
            // `flag_field = { ident ~ !":" }`: its span takes in the blanks after the name.
            _ => FieldValue::Flag,
        };
        Some(Field { key, from: None, value, span: self.span(start, self.pos) })
    }

    /// `card = { card_kind ~ string ~ (k_as ~ ident)? ~ body }`.
    fn card(&mut self) -> Option<Card> {
        let start = self.pos;
        let kind = self.ident()?;
        if super::keywords::DECLARATIONS.iter().any(|(w, _)| *w == kind.text) {
            return None;
        }
        self.skip();
        let name = self.string()?;
        self.skip();
        let as_id = if self.keyword("as") {
            self.skip();
            Some(self.ident()?)
        } else {
            None
        };
        self.skip();
        if self.at(self.pos) != Some(&b'{') {
            return None;
        }
        self.pos += 1;
        let mut fields = Vec::new();
        loop {
            self.skip();
            match self.at(self.pos)? {
                b'\n' | b'\r' => self.pos += 1,
                b'}' => break,
                _ => fields.push(self.field()?),
            }
        }
        self.pos += 1;
        Some(Card { kind, name, as_id, fields, span: self.span(start, self.pos), broken: false })
    }
}

#[cfg(test)]
/// Reads each item of `text` both ways; when the fast path gives a card, the grammar
/// must give the same card and no diagnostic. Returns how many items the fast path read
/// and how many items there were.
fn both_ways(text: &str) -> (usize, usize) {
    let mut d = Vec::new();
    let all = super::chunk::chunks(0, text, &mut d);
    let mut read = 0;
    for c in all.iter().filter(|c| c.unclosed == 0 && !c.had_error) {
        let Some(fast) = card(c.start, &text[c.start..c.end]) else { continue };
        let (mut items, mut diagnostics) = (Vec::new(), Vec::new());
        super::parse_chunk(0, text, c, &mut items, &mut diagnostics);
        let item = &text[c.start..c.end];
        assert!(diagnostics.is_empty(), "the fast path read a broken item: {item:?}");
        assert_eq!(format!("{items:?}"), format!("{:?}", [crate::ast::Item::Card(fast)]), "in {item:?}");
        read += 1;
    }
    (read, all.len())
}

/// Checks that the fast path reads every card of `text` that the grammar reads cleanly, and
/// reads it as the grammar does (see [`both_ways`]); returns how many cards there were. The
/// tests of [`crate::synth`] run it over generated sets too.
#[cfg(test)]
pub(crate) fn reads_as_the_grammar_does(text: &str) -> usize {
    use crate::ast::Item;
    let cards = super::chunk::chunks(0, text, &mut Vec::new())
        .iter()
        .filter(|c| {
            let (mut items, mut diagnostics) = (Vec::new(), Vec::new());
            super::parse_chunk(0, text, c, &mut items, &mut diagnostics);
            diagnostics.is_empty() && matches!(items.as_slice(), [Item::Card(_)])
        })
        .count();
    assert_eq!(both_ways(text).0, cards, "the fast path gave up on a card in:\n{text}");
    cards
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::syntax::chunk::{chunks, Chunk};

    /// Cards in every shape the fast path reads: escapes, `as`, tabs, comments, blanks
    /// after a single value, signed numbers, `+`, `text:` and `ability:` as plain fields,
    /// empty values and blocks, one-line cards, a byte order mark, CRLF and CR endings.
    const EDGE: &str = concat!(
        "# Edge cases.\n",
        "ship \"Edge \\\"Quoted\\\" \\\\ Back\" as edge-1 {   # comment after the brace\n",
        "\tchassis: tie-advanced-x1\t# tab, comment\n",
        "  unique   \n",
        "  drive  initiative: 1  movement: -1  energy: +3\n",
        "  cost: 12   # one value, then a comment\n",
        "  upgrades: a, b , c  # several\n",
        "  requires: (size small or not trait x) and name \"Star\"\n",
        "  icons: a + b\n",
        "  text: not-a-block\n",
        "  ability: also-a-value\n",
        "  text {   # a comment before the text\n",
        "    Attack ([Lock]): Spend 1 [Charge]. Done!\n",
        "  }\n",
        "  ability \"Named\" { Inline text. }\n",
        "  xws: \"x\"\n",
        "  empty-field:\n",
        "  spaced-empty:    \n",
        "  lom: 4-lom 3d 0-0-0 -1 + +2\n",
        "  k : v\n",
        "}\n\n",
        "upgrade \"Odd\"as odd{cost:1}\n",
        "part \"P\" { drive ancient }   # trailing\n",
        "chassis \"C\" {\n  ability \"A\" {\n  }\n  text {}\n}\n",
        "species \"S\" { blueprints: a,b }\n",
        "\u{feff}upgrade \"Bom\" {\r\n  cost: 1\r\n  text {\r\n    A. B.\r\n  }\r\n}\r\n",
        "ship \"CR\" {\r  cost: 2\r}\n",
    );

    /// Items the fast path must leave to the grammar.
    const NOT_FAST: &[&str] = &[
        "game x \"X\"\n",
        "release r \"R\" 2019-01-04 points\n",
        "upgrade \"Later\" {\n  cost: 2\n  cost from r: 3\n}\n",
        "upgrade \"Errata\" {\n  text from r { A. }\n}\n",
        "upgrade \"Inline\" { icons: crew cost from r: 3 }\n",
        "ship-icon a \"A\"\n",
        "upgrade \"Big\" { cost: 99999999999999999999 }\n",
        "upgrade \"Upper\" { Cost: 1 }\n",
        "upgrade \"Dash\" { x: a- }\n",
        "upgrade \"Flag\" { text }\n",
        "upgrade \"Open\" { text { x\n",
        "upgrade \"Escape\" { xws: \"a\\n\" }\n",
        "upgrade \"Two\" { } upgrade \"B\" { }\n",
        // Found by the `fast_path` fuzz target: `ability` right against its name is a flag
        // field and then a stray string to the grammar, a syntax error.
        "part \"Il\" { hu ability\" At r\" {\n  }on}\n",
        "upgrade \"Tight\" { ability\"A\" { x } }\n",
        // A game's own kinds, roster, distance and verbs, and a declaration's keyword written
        // as a card's kind.
        "kind hero \"Hero\" unit, item \"Item\" upgrade\n",
        "roster warband \"Warband\"\n",
        "distance space \"Space\" \"Spaces\" adjacent 1\n",
        "distance \"X\" {}\n",
        "verb heal, push,\n  cast \"casts\" \"cast\"\n",
        "verb \"X\" {}\n",
        "game \"X\" {}\n",
        "rule \"X\" {}\n",
    ];

    /// The shipped sets' card files and [`EDGE`] (the tests of `crate::synth` read
    /// generated sets too).
    fn corpus() -> Vec<String> {
        [
            include_str!("../../../cards/armada/game.cards"),
            include_str!("../../../cards/armada/ships.cards"),
            include_str!("../../../cards/armada/upgrades.cards"),
            include_str!("../../../cards/xwing/chassis.cards"),
            include_str!("../../../cards/xwing/pilots.cards"),
            include_str!("../../../cards/xwing/upgrades.cards"),
            include_str!("../../../cards/eclipse/blueprints.cards"),
            include_str!("../../../cards/eclipse/parts.cards"),
            include_str!("../../../cards/emberfall/heroes.cards"),
            include_str!("../../../cards/emberfall/gear.cards"),
            EDGE,
        ]
        .map(String::from)
        .into()
    }

    #[test]
    fn reads_every_card_as_the_grammar_does() {
        let total: usize = corpus().iter().map(|text| reads_as_the_grammar_does(text)).sum();
        assert!(total > 100, "{total} cards");
    }

    #[test]
    fn leaves_the_rest_to_the_grammar() {
        for text in NOT_FAST {
            let Chunk { start, end, .. } = chunks(0, text, &mut Vec::new())[0];
            assert!(card(start, &text[start..end]).is_none(), "{text:?}");
        }
    }

    #[test]
    fn reads_mutated_cards_as_the_grammar_does() {
        const INSERTS: &[&str] = &[
            "{",
            "}",
            ":",
            "\"",
            "\\",
            ",",
            "(",
            "+",
            "-",
            "#",
            "\n",
            "\r",
            "\t",
            " ",
            "x",
            "3",
            "é",
            "A",
            "text {",
            "ability \"",
            "ability\"",
            ": ",
            "\u{feff}",
            "}\n}",
        ];
        let mut seed = 0;
        // SplitMix64 (as `synth::mix`, which sits above this layer): a fixed stream of
        // mutations.
        let mut next = |n: usize| {
            seed += 1;
            let mut z = (seed as u64).wrapping_add(0x9E37_79B9_7F4A_7C15);
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            ((z ^ (z >> 31)) % n as u64) as usize
        };
        let mut read = 0;
        for text in corpus() {
            for c in chunks(0, &text, &mut Vec::new()) {
                let item = &text[c.start..c.end];
                for _ in 0..24 {
                    let mut at = next(item.len() + 1);
                    while !item.is_char_boundary(at) {
                        at -= 1;
                    }
                    let mut end = (at + 1).min(item.len());
                    while !item.is_char_boundary(end) {
                        end += 1;
                    }
                    let mut mutated = item.to_string();
                    match next(3) {
                        0 => mutated.replace_range(at..end, ""),
                        1 => mutated.insert_str(at, INSERTS[next(INSERTS.len())]),
                        _ => mutated.replace_range(at..end, INSERTS[next(INSERTS.len())]),
                    }
                    read += both_ways(&mutated).0;
                }
            }
        }
        assert!(read > 1000, "too few mutations still parse ({read}) to test anything");
    }
}
