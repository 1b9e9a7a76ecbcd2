//! Lays out a [`Tree`] in the canonical layout (described in the module docs of
//! [`crate::format`]).

use super::tree::{Comment, Node, Tree};
use super::MAX_WIDTH;
use crate::syntax::grammar::Rule;

/// How far a card's fields are indented, and a text block's lines within it.
const INDENT: &str = "  ";

/// Prints a tree; every comment is placed exactly once.
pub(super) struct Printer<'t> {
    text: &'t str,
    tree: &'t mut Tree,
}

/// A line of output: its text and the comment that trails it.
struct Line {
    text: String,
    comment: Option<String>,
}

impl Line {
    fn new(text: String, comment: Option<String>) -> Line {
        Line { text, comment }
    }

    fn push_to(&self, out: &mut String) {
        out.push_str(&self.text);
        if let Some(c) = &self.comment {
            if !self.text.is_empty() {
                out.push_str("  ");
            }
            out.push_str(c);
        }
        out.push('\n');
    }
}

/// The width of a line in characters.
fn width(s: &str) -> usize {
    s.chars().count()
}

/// Tokens of a value joined by single spaces, with `,` and `)` against what precedes them
/// and `(` against what follows.
pub(super) fn join_tokens<S: AsRef<str>>(tokens: &[S]) -> String {
    let mut out = String::new();
    let mut prev = "";
    for t in tokens {
        let t = t.as_ref();
        if !out.is_empty() && !matches!(t, "," | ")") && prev != "(" {
            out.push(' ');
        }
        out.push_str(t);
        prev = t;
    }
    out
}

/// Whether a field is a block (`text { … }`, `ability "…" { … }`).
fn is_block(field: &Node) -> bool {
    matches!(field.rule, Rule::text_block | Rule::ability_block)
}

impl<'t> Printer<'t> {
    /// A printer over `text`, whose tree is `tree`.
    pub fn new(text: &'t str, tree: &'t mut Tree) -> Printer<'t> {
        Printer { text, tree }
    }

    /// A leaf's text as printed: as written, except `at  most` (any blanks) as `at most`.
    fn leaf(&self, node: &Node) -> String {
        node.words.clone().unwrap_or_else(|| self.text[node.start..node.end].to_string())
    }

    /// The leaves of a node as printed.
    fn leaf_texts(&self, node: &Node) -> Vec<String> {
        node.leaves().into_iter().map(|l| self.leaf(l)).collect()
    }

    /// Takes the comment trailing leaf `leaf` on its line after `closes` closing braces.
    fn trailing(&mut self, leaf: usize, closes: usize) -> Option<String> {
        let gap = self.tree.gaps.get_mut(leaf + 1)?;
        let c = gap.comments.iter_mut().find(|c| !c.used && c.trailing && c.closes_before == closes)?;
        c.used = true;
        Some(c.text.clone())
    }

    /// Takes the own-line comments of gap `gap` (the one before leaf `gap`) that come
    /// after fewer than `max_closes` closing braces: `(text, blank line before)`.
    fn own_line(&mut self, gap: usize, max_closes: usize) -> Vec<(String, bool)> {
        let Some(gap) = self.tree.gaps.get_mut(gap) else { return Vec::new() };
        let take = |c: &mut Comment| {
            c.used = true;
            (c.text.clone(), c.blank_before)
        };
        gap.comments.iter_mut().filter(|c| !c.used && !c.trailing && c.closes_before < max_closes).map(take).collect()
    }

    /// The whole file.
    pub fn file(mut self) -> Result<String, String> {
        let mut out = String::new();
        let items = std::mem::take(&mut self.tree.items);
        let mut prev_tall_card = false;
        for (k, item) in items.iter().enumerate() {
            let gap = item.first_leaf;
            let leading = self.own_line(gap, usize::MAX);
            let blank_before_item = self.tree.gaps[gap].blank_before_next;
            let lines = self.item(item)?;
            let tall_card = matches!(item.rule, Rule::card | Rule::layout_decl) && lines.len() > 1;
            if k > 0 {
                let blank = leading.first().map_or(blank_before_item, |c| c.1);
                if blank || tall_card || prev_tall_card {
                    out.push('\n');
                }
            }
            push_comments(&mut out, &leading, "", false);
            if !leading.is_empty() && blank_before_item {
                out.push('\n');
            }
            for l in &lines {
                l.push_to(&mut out);
            }
            prev_tall_card = tall_card;
        }
        let tail = self.own_line(self.tree.leaves.len(), usize::MAX);
        let blank_first = !out.is_empty();
        push_comments(&mut out, &tail, "", blank_first);
        self.tree.items = items;
        Ok(out)
    }

    fn item(&mut self, item: &Node) -> Result<Vec<Line>, String> {
        match item.rule {
            // `layout hero { … }` reads as a card.
            Rule::card | Rule::layout_decl => self.card(item),
            // `kind hero "Hero" unit, item "Item" upgrade`, `verb heal, cast "casts" "cast"`
            // and `glyph focus "icons/focus.svg", …` fill and break as a vocabulary line.
            Rule::vocab_decl | Rule::kind_decl | Rule::verb_decl | Rule::glyph_decl => Ok(self.vocab(item)),
            Rule::rule_decl => self.rule(item),
            Rule::game_decl
            | Rule::roster_decl
            | Rule::distance_decl
            | Rule::release_decl
            | Rule::flagship_decl
            | Rule::allow_decl => Ok(vec![self.one_line_item(item)]),
            other => Err(format!("unexpected item {other:?}")),
        }
    }

    /// `game id "Name"`, `roster id "Name"`, `distance id "Name" adjacent 1`, `release id
    /// "Name" 2019-01-04 points`, `flagship: ship with icon`, `allow a, b`.
    fn one_line_item(&mut self, item: &Node) -> Line {
        let t = self.leaf_texts(item);
        let text = match item.rule {
            Rule::game_decl | Rule::roster_decl | Rule::distance_decl | Rule::release_decl => t.join(" "),
            Rule::flagship_decl => format!("{}: {}", t[0], t[1..].join(" ")),
            _ => format!("{} {}", t[0], t[1..].join(", ")),
        };
        let comment = self.trailing(item.last_leaf, 0);
        Line::new(text, comment)
    }

    /// A vocabulary line: entries filled up to the width; a longer list goes on as another
    /// line of the same keyword (the layout the docs use), and so does the list after a
    /// comment.
    fn vocab(&mut self, item: &Node) -> Vec<Line> {
        let mut lines = Vec::new();
        let kind = self.leaf(&item.children[0]);
        let mut current = kind.clone();
        let mut comment: Option<String> = None;
        for (j, entry) in item.children[1..].iter().enumerate() {
            let text = self.leaf_texts(entry).join(" ");
            let own = if j > 0 { self.own_line(entry.first_leaf, usize::MAX) } else { Vec::new() };
            let breaks =
                j > 0 && (comment.is_some() || !own.is_empty() || width(&current) + 2 + width(&text) > MAX_WIDTH);
            if breaks {
                lines.push(Line::new(std::mem::replace(&mut current, format!("{kind} {text}")), comment.take()));
                lines.extend(own.into_iter().map(|(c, _)| Line::new(String::new(), Some(c))));
            } else {
                current.push_str(if j == 0 { " " } else { ", " });
                current.push_str(&text);
            }
            comment = self.trailing(entry.last_leaf, 0);
        }
        lines.push(Line::new(current, comment));
        lines
    }

    /// `rule id "message":` and the constraint on the next line, two spaces in; a
    /// constraint too long for the width goes on with `where …` on a line of its own. A
    /// comment ends its line, and what follows goes on four spaces in.
    fn rule(&mut self, item: &Node) -> Result<Vec<Line>, String> {
        let constraint = item.children.get(3).ok_or("a rule without a constraint")?;
        let head: Vec<&Node> = item.children[..3].iter().collect();
        let leaves = constraint.leaves();
        let texts: Vec<String> = leaves.iter().map(|l| self.leaf(l)).collect();
        let long = width(INDENT) + width(&join_tokens(&texts)) > MAX_WIDTH;
        let mut lines = Vec::new();
        let mut flow = Flow { indent: String::new(), current: Vec::new(), comment: None };
        for (k, leaf) in head.iter().enumerate() {
            let mut text = self.leaf(leaf);
            if k == 2 {
                text.push(':');
            }
            self.flow(&mut flow, leaf, text, false, &mut lines);
        }
        flow.finish(&mut lines);
        flow.indent = INDENT.to_string();
        for (leaf, text) in leaves.iter().zip(texts) {
            self.flow(&mut flow, leaf, text, long && leaf.rule == Rule::k_where, &mut lines);
        }
        flow.finish(&mut lines);
        Ok(lines)
    }

    /// Adds a token to a line of tokens: the line ends before it after a comment, before
    /// an own-line comment, or when `break_before`.
    fn flow(&mut self, flow: &mut Flow, leaf: &Node, text: String, break_before: bool, lines: &mut Vec<Line>) {
        let own = if leaf.first_leaf == 0 { Vec::new() } else { self.own_line(leaf.first_leaf, usize::MAX) };
        if !flow.current.is_empty() && (flow.comment.is_some() || !own.is_empty() || break_before) {
            flow.finish(lines);
            flow.indent = format!("{INDENT}{INDENT}");
        }
        let indent = flow.indent.clone();
        lines.extend(own.into_iter().map(|(c, _)| Line::new(String::new(), Some(format!("{indent}{c}")))));
        flow.current.push(text);
        flow.comment = self.trailing(leaf.last_leaf, 0);
    }

    /// A field as it reads on a line: `key: value` or a flag.
    fn field_text(&self, field: &Node) -> String {
        match field.rule {
            Rule::kv_field => {
                let mut key = self.leaf(&field.children[0]);
                if let Some(from) = field.child(Rule::from) {
                    key = format!("{key} {}", self.leaf_texts(from).join(" "));
                }
                match field.child(Rule::tokens) {
                    Some(tokens) => format!("{key}: {}", join_tokens(&self.leaf_texts(tokens))),
                    None => format!("{key}:"),
                }
            }
            _ => self.leaf_texts(field).join(" "),
        }
    }

    /// A card: on one line when it was written on one line, holds no block and fits;
    /// else its head, its fields two spaces in (fields written on one line stay on one
    /// line, two spaces apart, unless that line is too long), blocks on lines of their
    /// own, and `}`.
    fn card(&mut self, card: &Node) -> Result<Vec<Line>, String> {
        let body = card.child(Rule::body).ok_or("a card without a body")?;
        let head_nodes: Vec<&Node> = card.children.iter().filter(|c| c.rule != Rule::body).collect();
        let head = head_nodes.iter().map(|n| self.leaf(n)).collect::<Vec<_>>().join(" ");
        let head_last = head_nodes.last().ok_or("a card without a head")?.last_leaf;
        let fields = &body.children;
        let closes = 1 + usize::from(fields.last().is_some_and(is_block));
        let last_leaf = fields.last().map_or(head_last, |f| f.last_leaf);
        if let Some(line) = self.one_line_card(card, &head, head_last, closes, last_leaf) {
            return Ok(vec![line]);
        }
        let mut lines = vec![Line::new(format!("{head} {{"), self.trailing(head_last, 0))];
        let mut group: Vec<&Node> = Vec::new();
        for (i, field) in fields.iter().enumerate() {
            let gap = field.first_leaf;
            let own = self.own_line(gap, usize::MAX);
            let (newline, blank_next) = (self.tree.gaps[gap].newline, self.tree.gaps[gap].blank_before_next);
            let starts_line = i == 0 || newline || !own.is_empty() || is_block(field) || is_block(&fields[i - 1]);
            if !starts_line {
                group.push(field);
                continue;
            }
            self.flush_group(&mut group, &mut lines);
            if i > 0 && own.first().map_or(blank_next, |c| c.1) {
                lines.push(Line::new(String::new(), None));
            }
            for (j, (c, blank)) in own.iter().enumerate() {
                if j > 0 && *blank {
                    lines.push(Line::new(String::new(), None));
                }
                lines.push(Line::new(String::new(), Some(format!("{INDENT}{c}"))));
            }
            if !own.is_empty() && blank_next {
                lines.push(Line::new(String::new(), None));
            }
            if is_block(field) {
                self.block(field, &mut lines);
            } else {
                group.push(field);
            }
        }
        self.flush_group(&mut group, &mut lines);
        let dangling = self.own_line(last_leaf + 1, closes);
        for (j, (c, blank)) in dangling.iter().enumerate() {
            if *blank && (j > 0 || !fields.is_empty()) {
                lines.push(Line::new(String::new(), None));
            }
            lines.push(Line::new(String::new(), Some(format!("{INDENT}{c}"))));
        }
        if fields.is_empty() && dangling.is_empty() && lines[0].comment.is_none() {
            lines[0].text.push('}');
        } else {
            lines.push(Line::new("}".into(), None));
        }
        let closing = lines.len() - 1;
        lines[closing].comment = self.trailing(last_leaf, closes);
        Ok(lines)
    }

    /// The card on one line, when it was written on one line, holds no block or comment
    /// and fits in the width.
    fn one_line_card(
        &mut self,
        card: &Node,
        head: &str,
        head_last: usize,
        closes: usize,
        last_leaf: usize,
    ) -> Option<Line> {
        let fields = &card.child(Rule::body)?.children;
        if self.text[card.start..card.end].contains('\n') || fields.iter().any(is_block) {
            return None;
        }
        let inside = (head_last + 1..=last_leaf + 1).any(|g| {
            self.tree.gaps[g].comments.iter().any(|c| !c.used && (g <= last_leaf || c.closes_before < closes))
        });
        if inside {
            return None;
        }
        let parts: Vec<String> = fields.iter().map(|f| self.field_text(f)).collect();
        let text = if parts.is_empty() { format!("{head} {{}}") } else { format!("{head} {{ {} }}", parts.join("  ")) };
        if width(&text) > MAX_WIDTH {
            return None;
        }
        let comment = self.trailing(last_leaf, closes);
        Some(Line::new(text, comment))
    }

    /// Writes the fields that share a line, then empties `group`.
    fn flush_group(&mut self, group: &mut Vec<&Node>, lines: &mut Vec<Line>) {
        let Some(last) = group.last() else { return };
        let comment = self.trailing(last.last_leaf, 0);
        let texts: Vec<String> = group.iter().map(|f| self.field_text(f)).collect();
        let joined = format!("{INDENT}{}", texts.join("  "));
        if width(&joined) <= MAX_WIDTH || texts.len() == 1 {
            lines.push(Line::new(joined, comment));
        } else {
            let n = texts.len();
            for (i, t) in texts.into_iter().enumerate() {
                lines.push(Line::new(format!("{INDENT}{t}"), if i + 1 == n { comment.clone() } else { None }));
            }
        }
        group.clear();
    }

    /// `text { … }` or `ability "Name" { … }`: its lines trimmed and indented one step in,
    /// blank lines inside kept (one for a run), none at either end; the words untouched.
    fn block(&mut self, field: &Node, lines: &mut Vec<Line>) {
        let raw_node = field.child(Rule::raw_text);
        let opener = field.children.iter().filter(|c| c.rule != Rule::raw_text).map(|c| {
            if c.is_leaf {
                self.leaf(c)
            } else {
                self.leaf_texts(c).join(" ")
            }
        });
        let opener = opener.collect::<Vec<_>>().join(" ");
        let raw = raw_node.map_or("", |r| &self.text[r.start..r.end]);
        let mut body: Vec<&str> = Vec::new();
        for l in raw.split('\n').map(str::trim) {
            if !(l.is_empty() && body.last().is_none_or(|p| p.is_empty())) {
                body.push(l);
            }
        }
        while body.last().is_some_and(|l| l.is_empty()) {
            body.pop();
        }
        let comment = self.trailing(field.last_leaf, 1);
        if body.is_empty() {
            lines.push(Line::new(format!("{INDENT}{opener} {{}}"), comment));
            return;
        }
        // A first line that would start a card on a line of its own (`ship "…`) stays after
        // the `{`, where it was written: on a line of its own the block would end before it.
        let first = match body.first() {
            Some(l) if crate::syntax::chunk::starts_card_surely(l) => body.remove(0),
            _ => "",
        };
        lines.push(Line::new(format!("{INDENT}{opener} {{{first}"), None));
        for l in body {
            let text = if l.is_empty() { String::new() } else { format!("{INDENT}{INDENT}{l}") };
            lines.push(Line::new(text, None));
        }
        lines.push(Line::new(format!("{INDENT}}}"), comment));
    }
}

/// A line of tokens being filled.
struct Flow {
    indent: String,
    current: Vec<String>,
    comment: Option<String>,
}

impl Flow {
    /// Ends the line, if it has tokens.
    fn finish(&mut self, lines: &mut Vec<Line>) {
        if !self.current.is_empty() {
            lines.push(Line::new(format!("{}{}", self.indent, join_tokens(&self.current)), self.comment.take()));
            self.current.clear();
        }
    }
}

/// Own-line comments at `indent`, a blank line before each that had one (before the
/// first only when `blank_first`).
fn push_comments(out: &mut String, comments: &[(String, bool)], indent: &str, blank_first: bool) {
    for (j, (c, blank)) in comments.iter().enumerate() {
        if *blank && (j > 0 || blank_first) {
            out.push('\n');
        }
        out.push_str(indent);
        out.push_str(c);
        out.push('\n');
    }
}
