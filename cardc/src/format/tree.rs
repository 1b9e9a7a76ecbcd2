//! The formatter's view of a file: its items as parse trees over the file's own offsets,
//! the tokens (leaves) in order, and the comments and blank lines between them.
//!
//! The tree is the grammar's (`grammar.pest`), cut into items by the same chunker the
//! parser uses, so the formatter reads a file exactly as `cardc check` does.

use pest::iterators::Pair;

use crate::syntax::chunk;
use crate::syntax::grammar::Rule;

/// One node of an item's parse tree, with absolute byte offsets.
#[derive(Debug)]
pub(super) struct Node {
    /// The grammar rule.
    pub rule: Rule,
    /// First byte.
    pub start: usize,
    /// One past the last byte.
    pub end: usize,
    /// Its children; empty for a leaf (a token, a string, the raw text of a block).
    pub children: Vec<Node>,
    /// The index of its first leaf in [`Tree::leaves`].
    pub first_leaf: usize,
    /// The index of its last leaf in [`Tree::leaves`] (for an empty body, the leaf
    /// before it).
    pub last_leaf: usize,
    /// Whether it is a token (an empty body has no children and is not one).
    pub is_leaf: bool,
}

impl Node {
    /// The first child with this rule.
    pub fn child(&self, rule: Rule) -> Option<&Node> {
        self.children.iter().find(|c| c.rule == rule)
    }

    /// Its leaves, in order.
    pub fn leaves(&self) -> Vec<&Node> {
        let mut out = Vec::new();
        self.collect_leaves(&mut out);
        out
    }

    fn collect_leaves<'a>(&'a self, out: &mut Vec<&'a Node>) {
        if self.is_leaf {
            out.push(self);
        }
        for c in &self.children {
            c.collect_leaves(out);
        }
    }
}

/// A `#` comment, where it sits relative to the tokens around it.
#[derive(Debug)]
pub(super) struct Comment {
    /// From `#` to the end of its line, trailing blanks removed.
    pub text: String,
    /// Whether code precedes it on its line (it trails that code).
    pub trailing: bool,
    /// How many `}` stand between the token before it and the comment.
    pub closes_before: usize,
    /// Whether a blank line separates it from what comes before it.
    pub blank_before: bool,
    /// Whether the printer has placed it.
    pub used: bool,
}

/// What lies between two tokens (or before the first, after the last).
#[derive(Debug, Default)]
pub(super) struct Gap {
    /// Its comments, in order.
    pub comments: Vec<Comment>,
    /// Whether it holds a line break.
    pub newline: bool,
    /// Whether a blank line separates the last thing in it from the next token.
    pub blank_before_next: bool,
}

/// A file's items, tokens and gaps.
#[derive(Debug)]
pub(super) struct Tree {
    /// The top-level items (game, vocabulary, rules, cards…), in order.
    pub items: Vec<Node>,
    /// Every token's `(start, end)`, in order.
    pub leaves: Vec<(usize, usize)>,
    /// `gaps[i]` lies before leaf `i`; the last one after the last leaf.
    pub gaps: Vec<Gap>,
}

impl Tree {
    /// Reads a file that parses (the caller has checked). `Err` says why the tree could
    /// not be built, which for such a file is a bug.
    pub fn parse(text: &str) -> Result<Tree, String> {
        let mut diagnostics = Vec::new();
        let mut items = Vec::new();
        let mut leaves = Vec::new();
        for c in chunk::chunks(0, text, &mut diagnostics) {
            let slice = &text[c.start..c.end];
            let owned;
            let input = if slice.trim_start().starts_with("rule") {
                owned = crate::syntax::one_line(slice);
                owned.as_str()
            } else {
                slice
            };
            let pairs = crate::syntax::parse_item(input)
                .map_err(|e| format!("the item at byte {} does not parse: {e}", c.start))?;
            for pair in pairs.filter(|p| p.as_rule() != Rule::EOI) {
                items.push(build(pair, c.start, &mut leaves));
            }
        }
        if !diagnostics.is_empty() {
            return Err("the file does not cut into items".into());
        }
        let mut gaps: Vec<Gap> = (0..=leaves.len()).map(|i| gap(text, &leaves, i)).collect();
        for item in &items {
            for leaf in item.leaves().into_iter().filter(|l| l.rule == Rule::cmp_op) {
                lift_comments(&text[leaf.start..leaf.end], &mut gaps[leaf.last_leaf + 1]);
            }
        }
        Ok(Tree { items, leaves, gaps })
    }

    /// The comments the printer has not placed.
    pub fn unused_comments(&self) -> usize {
        self.gaps.iter().flat_map(|g| &g.comments).filter(|c| !c.used).count()
    }
}

/// `at # why` / `most` is one token that a rule may break over lines, comments and all:
/// its comments trail it.
fn lift_comments(token: &str, after: &mut Gap) {
    let inside = token.lines().filter_map(|l| l.find('#').map(|at| l[at..].trim_end().to_string()));
    let lifted: Vec<Comment> = inside
        .map(|text| Comment { text, trailing: true, closes_before: 0, blank_before: false, used: false })
        .collect();
    after.comments.splice(0..0, lifted);
}

/// `at most`, `at least` or `exactly` as words, whatever blanks and comments are in it.
pub(super) fn cmp_op_words(token: &str) -> String {
    let code = token.lines().map(|l| l.split('#').next().unwrap_or(""));
    code.flat_map(str::split_whitespace).collect::<Vec<_>>().join(" ")
}

/// Whether the pair is read as one token: a string, a block's raw text, or a rule with no
/// inner rules but an empty body.
fn is_leaf(pair: &Pair<'_, Rule>) -> bool {
    match pair.as_rule() {
        Rule::string | Rule::raw_text => true,
        Rule::body => false,
        _ => pair.clone().into_inner().next().is_none(),
    }
}

fn build(pair: Pair<'_, Rule>, base: usize, leaves: &mut Vec<(usize, usize)>) -> Node {
    let (rule, span) = (pair.as_rule(), pair.as_span());
    let (start, end) = (base + span.start(), base + span.end());
    if is_leaf(&pair) {
        leaves.push((start, end));
        let i = leaves.len() - 1;
        return Node { rule, start, end, children: Vec::new(), first_leaf: i, last_leaf: i, is_leaf: true };
    }
    let first = leaves.len();
    let children: Vec<Node> = pair.into_inner().map(|p| build(p, base, leaves)).collect();
    let last = leaves.len().saturating_sub(1);
    Node { rule, start, end, children, first_leaf: first, last_leaf: last, is_leaf: false }
}

/// Reads the gap before leaf `i`.
fn gap(text: &str, leaves: &[(usize, usize)], i: usize) -> Gap {
    let from = if i == 0 { 0 } else { leaves[i - 1].1 };
    let to = leaves.get(i).map_or(text.len(), |l| l.0);
    let mut out = Gap::default();
    let (mut newlines, mut closes) = (0usize, 0usize);
    // Whether code (the token before the gap, a brace, a colon) precedes on this line.
    let mut after_code = i > 0;
    let mut rest = &text[from..to];
    while let Some(c) = rest.chars().next() {
        match c {
            '\n' => {
                newlines += 1;
                out.newline = true;
                after_code = false;
                rest = &rest[1..];
            }
            '#' => {
                let end = rest.find('\n').unwrap_or(rest.len());
                out.comments.push(Comment {
                    text: rest[..end].trim_end().to_string(),
                    trailing: after_code,
                    closes_before: closes,
                    blank_before: newlines >= 2,
                    used: false,
                });
                newlines = 0;
                rest = &rest[end..];
            }
            c if c.is_whitespace() || c == '\u{feff}' => rest = &rest[c.len_utf8()..],
            _ => {
                if c == '}' {
                    closes += 1;
                }
                newlines = 0;
                after_code = true;
                rest = &rest[c.len_utf8()..];
            }
        }
    }
    out.blank_before_next = newlines >= 2;
    out
}
