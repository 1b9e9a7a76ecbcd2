//! Restrictions (`requires:` values and rule `where` clauses): tokens → a post-order
//! expression, with `not` > `and` > `or` and parentheses.
//!
//! The parser is a shunting-yard over an explicit stack: no recursion, so no input can
//! overflow the stack. Parentheses deeper than [`MAX_DEPTH`] are an error all the same,
//! like rustc's recursion limit: nobody writes them on purpose.

use crate::ast::{Atom, AtomKind, FieldValue, File, FileId, Ident, Item, RNode, Restriction, Span, Token};
use crate::declare_code;
use crate::diagnostics::{Diagnostic, Fix};

/// How deeply parentheses may nest in one restriction.
pub const MAX_DEPTH: usize = 64;

declare_code! {
    /// ## What
    /// A restriction's parentheses nest more than 64 deep.
    ///
    /// ## Why
    /// No printed card needs more than a few levels; a restriction nested that deeply is
    /// generated or broken, and would make the generated code hard to read.
    ///
    /// ## Example
    /// `requires: ((((((…size small…))))))` — remove the redundant parentheses.
    pub static E0007: "E0007", "restriction-too-deep", Error;
}

declare_code! {
    /// ## What
    /// A restriction does not follow the restriction grammar: atoms (`size a, b`,
    /// `flagship`, `trait t`, `name "…"`, `ship-icon i`, `chassis c`, `faction f`,
    /// `action [red|purple|white] a`, `class c`, `arc a`, `equipped i`, `in-fleet "…"`,
    /// `limited`, `ship-ability "…"`, `stat s N[, N]`, `icon i`) joined by `not`, `and`,
    /// `or` and parentheses.
    ///
    /// ## Why
    /// A restriction decides which ships may equip a card; a half-understood one would
    /// allow or forbid the wrong ships.
    ///
    /// ## Example
    /// `requires: size small medium` — write `requires: size small, medium`.
    pub static E0008: "E0008", "invalid-restriction", Error;
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Op {
    Not(Span),
    And,
    Or,
    Open(Span),
}

impl Op {
    fn precedence(self) -> u8 {
        match self {
            Op::Not(_) => 3,
            Op::And => 2,
            Op::Or => 1,
            Op::Open(_) => 0,
        }
    }
}

struct Builder {
    nodes: Vec<RNode>,
    spans: Vec<Span>,
    values: Vec<u32>,
}

impl Builder {
    fn push(&mut self, node: RNode, span: Span) {
        self.nodes.push(node);
        self.spans.push(span);
        self.values.push((self.nodes.len() - 1) as u32);
    }

    fn apply(&mut self, op: Op) {
        match op {
            Op::Not(not_span) => {
                if let Some(a) = self.values.pop() {
                    let span = not_span.to(self.spans[a as usize]);
                    self.push(RNode::Not(a), span);
                }
            }
            Op::And | Op::Or => {
                if let (Some(b), Some(a)) = (self.values.pop(), self.values.pop()) {
                    let span = self.spans[a as usize].to(self.spans[b as usize]);
                    self.push(if op == Op::And { RNode::And(a, b) } else { RNode::Or(a, b) }, span);
                }
            }
            Op::Open(_) => {}
        }
    }
}

fn word(token: &Token) -> Option<&str> {
    match token {
        Token::Ident(i) => Some(&i.text),
        _ => None,
    }
}

/// The field whose value is a restriction.
pub const FIELD: &str = "requires";

/// Parses the restriction of every card's `requires:` field, in place: its value becomes
/// [`FieldValue::Restriction`], and a restriction that does not parse is reported.
pub fn parse_fields(file: &mut File, d: &mut Vec<Diagnostic>) {
    let cards = file.items.iter_mut().filter_map(|item| match item {
        Item::Card(card) => Some(card),
        _ => None,
    });
    for field in cards.flat_map(|card| card.fields.iter_mut()) {
        if field.key.text != FIELD {
            continue;
        }
        if let FieldValue::Tokens(tokens) = &mut field.value {
            let tokens = std::mem::take(tokens);
            let parsed = parse(file.id, &tokens, field.span).map_err(|e| d.push(e)).ok();
            field.value = FieldValue::Restriction { tokens, parsed };
        }
    }
}

/// Parses a restriction from the tokens of a field value. `whole` is the span to blame
/// when there are no tokens at all.
pub fn parse(file: FileId, tokens: &[Token], whole: Span) -> Result<Restriction, Diagnostic> {
    let error = |span: Span, message: String, label: &str| {
        Diagnostic::new(&E0008, message).label(file, span, label.to_string())
    };
    let Some(first) = tokens.first() else {
        return Err(error(whole, "empty restriction".into(), "expected a restriction here")
            .help("write a restriction such as `size small, medium` or `flagship`"));
    };
    let span = first.span().to(tokens[tokens.len() - 1].span());
    let mut b = Builder { nodes: Vec::new(), spans: Vec::new(), values: Vec::new() };
    let mut ops: Vec<Op> = Vec::new();
    let mut depth = 0usize;
    let mut expect_operand = true;
    let mut i = 0;
    while i < tokens.len() {
        let token = &tokens[i];
        if expect_operand {
            match (token, word(token)) {
                (_, Some("not")) => ops.push(Op::Not(token.span())),
                (Token::Punct('(', s), _) => {
                    depth += 1;
                    if depth > MAX_DEPTH {
                        return Err(Diagnostic::new(
                            &E0007,
                            format!("restriction nests more than {MAX_DEPTH} parentheses deep"),
                        )
                        .label(file, *s, "too deep from here on")
                        .help("remove redundant parentheses"));
                    }
                    ops.push(Op::Open(*s));
                }
                (Token::Ident(id), _) => {
                    let known = AtomKind::ALL.into_iter().find(|k| k.keyword() == id.text);
                    // Another word followed by an id names a card of the game's profile kind
                    // (`calling warrior`), or is a mistake the check reports with the words.
                    let profile = || {
                        let next = tokens.get(i + 1);
                        matches!(next, Some(Token::Ident(n)) if !matches!(n.text.as_str(), "and" | "or" | "not"))
                            && crate::resolve::ids::is_valid_id(&id.text)
                    };
                    let Some(kind) = known.or_else(|| profile().then_some(AtomKind::Chassis)) else {
                        return Err(not_a_test(file, id, AtomKind::Chassis.keyword()));
                    };
                    let (atom, next) = parse_atom(file, tokens, i, kind)?;
                    b.push(RNode::Atom(atom.clone()), atom.span);
                    i = next;
                    expect_operand = false;
                    while let Some(&Op::Not(s)) = ops.last() {
                        ops.pop();
                        b.apply(Op::Not(s));
                    }
                    continue;
                }
                _ => {
                    return Err(error(
                        token.span(),
                        format!("expected a restriction, found {}", token.describe()),
                        "expected a restriction here",
                    )
                    .help(ATOMS_HELP.as_str()))
                }
            }
        } else {
            match (token, word(token)) {
                (_, Some(w @ ("and" | "or"))) => {
                    let op = if w == "and" { Op::And } else { Op::Or };
                    while let Some(&top) = ops.last() {
                        if top.precedence() < op.precedence() {
                            break;
                        }
                        ops.pop();
                        b.apply(top);
                    }
                    ops.push(op);
                    expect_operand = true;
                }
                (Token::Punct(')', s), _) => {
                    loop {
                        match ops.pop() {
                            Some(Op::Open(_)) => break,
                            Some(op) => b.apply(op),
                            None => {
                                return Err(
                                    error(*s, "unmatched `)`".into(), "no `(` before this").help("remove this `)`")
                                )
                            }
                        }
                    }
                    depth -= 1;
                    while let Some(&Op::Not(s)) = ops.last() {
                        ops.pop();
                        b.apply(Op::Not(s));
                    }
                }
                _ => {
                    let mut d = error(
                        token.span(),
                        format!("expected `and`, `or` or the end of the restriction, found {}", token.describe()),
                        "expected `and` or `or` before this",
                    );
                    if let Token::Ident(_) = token {
                        d = d.help("separate the entries of a list with `,`, or join tests with `and` / `or`");
                    }
                    return Err(d);
                }
            }
        }
        i += 1;
    }
    if expect_operand {
        let last = &tokens[tokens.len() - 1];
        return Err(error(last.span(), "restriction ends too early".into(), "a restriction must follow this")
            .help(ATOMS_HELP.as_str()));
    }
    while let Some(op) = ops.pop() {
        if let Op::Open(s) = op {
            return Err(error(s, "unclosed `(`".into(), "this `(` is never closed").help("add `)`"));
        }
        b.apply(op);
    }
    Ok(Restriction { nodes: b.nodes, spans: b.spans, span })
}

/// A word that starts no test of a restriction (`sise small`): E0008, with the closest of
/// the words that do. `profile` is the game's word for `chassis` (the parser knows only
/// `chassis`; the check, which knows the game, passes its profile kind's word, and says
/// `chassis` written there is that word).
pub(crate) fn not_a_test(file: FileId, word: &Ident, profile: &str) -> Diagnostic {
    let chassis = AtomKind::Chassis.keyword();
    let renamed = (word.text == chassis && profile != chassis)
        .then(|| Fix::certain(format!("this game's word is `{profile}`"), file, word.span, profile));
    let words = AtomKind::ALL.map(|k| if k == AtomKind::Chassis { profile } else { k.keyword() });
    let fix = renamed.or_else(|| {
        let s = crate::resolve::suggest::best(&word.text, words.iter().map(|w| (*w, None)));
        s.map(|s| crate::resolve::suggestion_fix(&s, word, file))
    });
    let help = atoms_help(profile);
    Diagnostic::new(&E0008, format!("expected a restriction, found `{}`", word.text))
        .label(file, word.span, "not a restriction")
        .maybe_help(fix.is_none().then_some(help))
        .maybe_fix(fix)
}

/// What a restriction is made of, naming the game's profile kind `profile` (`chassis` in
/// X-Wing, `calling` in a game that declares it).
fn atoms_help(profile: &str) -> String {
    // A game of its own kinds (its profile kind is not `chassis`) is not offered X-Wing's
    // ship icons, fleets and ship abilities, as completion does not offer them.
    let xwing = profile == AtomKind::Chassis.keyword();
    let mut atoms = vec!["`size a, b`", "`flagship`", "`trait t`", "`name \"…\"`"];
    if xwing {
        atoms.push("`ship-icon i`");
    }
    let profile_atom = format!("`{profile} c`");
    atoms.extend([profile_atom.as_str(), "`faction f`", "`action [red] a`", "`class c`", "`arc a`", "`equipped i`"]);
    if xwing {
        atoms.push("`in-fleet \"…\"`");
    }
    atoms.push("`limited`");
    if xwing {
        atoms.push("`ship-ability \"…\"`");
    }
    atoms.extend(["`stat s N`"]);
    format!("a restriction is made of {} or `icon i`, joined by `not`, `and`, `or`", atoms.join(", "))
}

/// The help of the restriction errors the parser reports, which does not know the game: in
/// the words of the prelude (`chassis c`).
static ATOMS_HELP: std::sync::LazyLock<String> = std::sync::LazyLock::new(|| atoms_help(AtomKind::Chassis.keyword()));

/// Says the help of the restriction errors the parser reported in the game's words, once
/// the game is known: `profile` is its profile kind's word.
pub(crate) fn in_the_games_words(d: &mut [Diagnostic], profile: &str) {
    if profile == AtomKind::Chassis.keyword() {
        return;
    }
    for help in d.iter_mut().filter(|d| d.code.id == E0008.id).filter_map(|d| d.help.as_mut()) {
        if *help == *ATOMS_HELP {
            *help = atoms_help(profile);
        }
    }
}

/// Parses the atom starting at `tokens[at]` (its keyword); returns it and the index after it.
fn parse_atom(file: FileId, tokens: &[Token], at: usize, kind: AtomKind) -> Result<(Atom, usize), Diagnostic> {
    let kw = tokens[at].span();
    // As written: a game's profile kind's word for `chassis` (`calling warrior`).
    let keyword = match &tokens[at] {
        Token::Ident(id) => id.text.clone(),
        _ => kind.keyword().to_string(),
    };
    let mut args = Vec::new();
    let mut i = at + 1;
    let missing = |what: &str, found: Option<&Token>| {
        let (span, found) = match found {
            Some(t) => (t.span(), t.describe()),
            None => (kw, "the end of the restriction".to_string()),
        };
        Diagnostic::new(&E0008, format!("expected {what} after `{keyword}`, found {found}")).label(
            file,
            span,
            format!("expected {what}"),
        )
    };
    let mut modifier = None;
    let is_word =
        |t: Option<&Token>| matches!(t, Some(Token::Ident(id)) if !matches!(id.text.as_str(), "and" | "or" | "not"));
    match kind {
        AtomKind::Flagship | AtomKind::Limited => {}
        AtomKind::Name | AtomKind::InFleet | AtomKind::ShipAbility => match tokens.get(i) {
            Some(t @ Token::Str(_)) => {
                args.push(t.clone());
                i += 1;
            }
            other => {
                let example = if kind == AtomKind::Name { "Star Destroyer" } else { "…" };
                return Err(missing("a quoted name", other).help(format!("write `{} \"{example}\"`", kind.keyword())));
            }
        },
        AtomKind::Stat => {
            match tokens.get(i) {
                Some(Token::Ident(id)) if is_word(tokens.get(i)) => modifier = Some(id.clone()),
                other => return Err(missing("a stat", other).help("write `stat agility 3`")),
            }
            i += 1;
            loop {
                match tokens.get(i) {
                    Some(t @ Token::Number(_)) => {
                        args.push(t.clone());
                        i += 1;
                    }
                    other => {
                        return Err(missing("a number", other).help("write `stat agility 3` or `stat agility 2, 3`"))
                    }
                }
                match (tokens.get(i), tokens.get(i + 1)) {
                    (Some(Token::Punct(',', _)), Some(Token::Number(_))) => i += 1,
                    _ => break,
                }
            }
        }
        _ => loop {
            // `action red boost`: a color before the action.
            if kind == AtomKind::Action && args.is_empty() && modifier.is_none() {
                if let (Some(Token::Ident(c)), true) = (tokens.get(i), is_word(tokens.get(i + 1))) {
                    if cards_runtime::model::Difficulty::from_word(&c.text).is_some() {
                        modifier = Some(c.clone());
                        i += 1;
                    }
                }
            }
            match tokens.get(i) {
                Some(t @ Token::Ident(id)) if !matches!(id.text.as_str(), "and" | "or" | "not") => {
                    args.push(t.clone());
                    i += 1;
                }
                other => return Err(missing("an identifier", other)),
            }
            match (tokens.get(i), tokens.get(i + 1)) {
                (Some(Token::Punct(',', _)), Some(Token::Ident(_))) => i += 1,
                _ => break,
            }
        },
    }
    let end = if i > at + 1 { tokens[i - 1].span() } else { kw };
    Ok((Atom { kind, keyword, kind_span: kw, args, modifier, span: kw.to(end) }, i))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ast::{Ident, Str};

    /// A tiny tokenizer for tests: words, quoted strings without spaces, punctuation.
    fn tokens(src: &str) -> Vec<Token> {
        let mut out = Vec::new();
        let mut pos = 0;
        for piece in src.split(' ') {
            let span = Span::new(pos, pos + piece.len());
            pos += piece.len() + 1;
            let mut rest = piece;
            let mut start = span.start as usize;
            while !rest.is_empty() {
                let c = rest.chars().next().unwrap();
                if "(),".contains(c) {
                    out.push(Token::Punct(c, Span::new(start, start + 1)));
                    rest = &rest[1..];
                    start += 1;
                    continue;
                }
                let len = rest.find(['(', ')', ',']).unwrap_or(rest.len());
                let text = &rest[..len];
                let s = Span::new(start, start + len);
                out.push(if text.starts_with('"') {
                    Token::Str(Str { value: text.trim_matches('"').into(), span: s })
                } else {
                    Token::Ident(Ident { text: text.into(), span: s })
                });
                rest = &rest[len..];
                start += len;
            }
        }
        out
    }

    fn show(src: &str) -> String {
        let r = parse(0, &tokens(src), Span::default()).map_err(|d| d.message).unwrap();
        let mut stack: Vec<String> = Vec::new();
        for n in &r.nodes {
            let s = match n {
                RNode::Atom(a) => {
                    let args: Vec<String> = a
                        .args
                        .iter()
                        .map(|t| match t {
                            Token::Ident(i) => i.text.clone(),
                            Token::Str(s) => format!("{:?}", s.value),
                            _ => unreachable!(),
                        })
                        .collect();
                    format!("{}[{}]", a.kind.keyword(), args.join(","))
                }
                RNode::Not(_) => format!("!{}", stack.pop().unwrap()),
                RNode::And(..) | RNode::Or(..) => {
                    let b = stack.pop().unwrap();
                    let a = stack.pop().unwrap();
                    let op = if matches!(n, RNode::And(..)) { "&" } else { "|" };
                    format!("({a} {op} {b})")
                }
            };
            stack.push(s);
        }
        assert_eq!(stack.len(), 1);
        stack.pop().unwrap()
    }

    #[test]
    fn examples_from_the_reference() {
        assert_eq!(show("size medium, large"), "size[medium,large]");
        assert_eq!(show("flagship"), "flagship[]");
        assert_eq!(show("not size small"), "!size[small]");
        assert_eq!(show("size small, medium and flagship"), "(size[small,medium] & flagship[])");
        assert_eq!(show("name \"Star\""), "name[\"Star\"]");
        assert_eq!(show("ship-icon victory or chassis tie"), "(ship-icon[victory] | chassis[tie])");
        assert_eq!(show("not icon fleet-command"), "!icon[fleet-command]");
        assert_eq!(
            show("faction scum or ( action barrel-roll and not size large )"),
            "(faction[scum] | (action[barrel-roll] & !size[large]))"
        );
    }

    #[test]
    fn precedence_not_and_or() {
        assert_eq!(show("flagship or flagship and not flagship"), "(flagship[] | (flagship[] & !flagship[]))");
        assert_eq!(show("not not flagship"), "!!flagship[]");
        assert_eq!(show("not ( flagship or flagship )"), "!(flagship[] | flagship[])");
        assert_eq!(show("flagship and flagship and flagship"), "((flagship[] & flagship[]) & flagship[])");
    }

    #[test]
    fn errors() {
        let err = |src: &str| parse(0, &tokens(src), Span::default()).unwrap_err();
        assert_eq!(err("size small medium").code.id, "E0008");
        // A word followed by an id may name a card of the game's profile kind (`calling
        // warrior`): the check, which knows the game's words, says `sise` is none.
        let ok = parse(0, &tokens("sise small"), Span::default()).unwrap();
        assert_eq!(ok.atoms().map(|a| (a.kind, a.keyword.as_str())).collect::<Vec<_>>(), [(AtomKind::Chassis, "sise")]);
        assert_eq!(err("sise").help.as_deref(), Some("did you mean `size`?"));
        assert_eq!(err("( flagship").message, "unclosed `(`");
        assert_eq!(err("flagship )").message, "unmatched `)`");
        assert_eq!(err("flagship and").message, "restriction ends too early");
        assert_eq!(err("size").message, "expected an identifier after `size`, found the end of the restriction");
        assert_eq!(err("name x").code.id, "E0008");
    }

    #[test]
    fn deep_nesting_is_an_error_not_a_crash() {
        let src = format!("{}flagship{}", "( ".repeat(10_000), " )".repeat(10_000));
        assert_eq!(parse(0, &tokens(&src), Span::default()).unwrap_err().code.id, "E0007");
        let ok = format!("{}flagship{}", "( ".repeat(MAX_DEPTH), " )".repeat(MAX_DEPTH));
        assert!(parse(0, &tokens(&ok), Span::default()).is_ok());
        let nots = format!("{}flagship", "not ".repeat(10_000));
        assert_eq!(parse(0, &tokens(&nots), Span::default()).unwrap().nodes.len(), 10_001);
    }
}
