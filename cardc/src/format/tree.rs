//! The formatter's view of a file: its items as parse trees over the file's own offsets,
//! the tokens (leaves) in order, and the comments and blank lines between them.
//!
//! The tree is the grammar's (`grammar.pest`), cut into items by the same chunker the
//! parser uses, so the formatter reads a file exactly as `cardc check` does. Comments are
//! nodes of that tree (the grammar's `COMMENT` is not silent), so none is looked for in the
//! text: the text between two tokens is read only for its line breaks and braces.
//!
//! Each item is read on its own, at offset 0, into an [`ItemTree`] that [`Trees`] keeps by
//! the item's text, and moved into place: formatting a text again after an edit reads with
//! the grammar only the items whose text changed.

use std::collections::HashMap;
use std::sync::Arc;

use pest::iterators::Pair;

use crate::syntax::chunk;
use crate::syntax::grammar::Rule;

/// One node of an item's parse tree, with absolute byte offsets.
#[derive(Clone, Debug)]
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
    /// How the token is printed when not as written: `at most` written over lines, with
    /// comments between its words, as its words one space apart.
    pub words: Option<String>,
}

impl Node {
    /// The node moved `by` bytes on, its leaves `leaves` places on.
    fn moved(&self, by: usize, leaves: usize) -> Node {
        Node {
            rule: self.rule,
            start: self.start + by,
            end: self.end + by,
            children: self.children.iter().map(|c| c.moved(by, leaves)).collect(),
            first_leaf: self.first_leaf + leaves,
            last_leaf: self.last_leaf + leaves,
            is_leaf: self.is_leaf,
            words: self.words.clone(),
        }
    }

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

/// What one item reads to, at offset 0: its nodes, tokens and comments.
#[derive(Debug)]
pub(super) struct ItemTree {
    items: Vec<Node>,
    leaves: Vec<(usize, usize)>,
    comments: Vec<(usize, usize)>,
}

impl ItemTree {
    /// Reads an item (the text of one chunk) with the grammar.
    fn read(text: &str) -> Result<ItemTree, String> {
        let pairs = crate::syntax::parse_item(text).map_err(|e| e.to_string())?;
        let mut tree = ItemTree { items: Vec::new(), leaves: Vec::new(), comments: Vec::new() };
        for pair in pairs {
            match pair.as_rule() {
                Rule::EOI => {}
                Rule::COMMENT => collect_comments(pair, 0, &mut tree.comments),
                _ => tree.items.push(build(pair, 0, &mut tree.leaves, &mut tree.comments)),
            }
        }
        Ok(tree)
    }
}

/// The trees of the items read so far, by their text: what formatting takes instead of
/// reading an item with the grammar again. It keeps the items of its last use (the text
/// formatted and the result), so a language server keeping one per document holds what that
/// document needs next.
#[derive(Debug, Default)]
pub struct Trees {
    items: HashMap<String, Arc<ItemTree>>,
    /// The items of the current use, which become `items` when it ends.
    next: HashMap<String, Arc<ItemTree>>,
    read: usize,
}

impl Trees {
    /// How many items it has read with the grammar since it was made.
    pub fn read(&self) -> usize {
        self.read
    }

    /// The tree of the item `text`, read with the grammar unless it was read before.
    fn item(&mut self, text: &str) -> Result<Arc<ItemTree>, String> {
        if let Some(tree) = self.next.get(text) {
            return Ok(tree.clone());
        }
        let tree = match self.items.remove(text) {
            Some(tree) => tree,
            None => {
                self.read += 1;
                Arc::new(ItemTree::read(text)?)
            }
        };
        self.next.insert(text.to_string(), tree.clone());
        Ok(tree)
    }

    /// Ends a use: what it did not use is forgotten.
    pub(super) fn end_use(&mut self) {
        self.items = std::mem::take(&mut self.next);
    }
}

impl Tree {
    /// Reads a file that parses (the caller has checked), taking the items `trees` has read
    /// already. `Err` says why the tree could not be built, which for such a file is a bug.
    pub fn parse(text: &str, trees: &mut Trees) -> Result<Tree, String> {
        let mut diagnostics = Vec::new();
        let mut items = Vec::new();
        let mut leaves = Vec::new();
        let mut comments = Vec::new();
        let chunks = chunk::chunks(0, text, &mut diagnostics);
        if !diagnostics.is_empty() {
            return Err("the file does not cut into items".into());
        }
        // What comes before the first item holds only comments and blank lines.
        let preamble = &text[..chunks.first().map_or(text.len(), |c| c.start)];
        let pairs =
            crate::syntax::parse_preamble(preamble).map_err(|e| format!("the file's head does not parse: {e}"))?;
        pairs.for_each(|p| collect_comments(p, 0, &mut comments));
        for c in &chunks {
            let item = trees
                .item(&text[c.start..c.end])
                .map_err(|e| format!("the item at byte {} does not parse: {e}", c.start))?;
            let base = leaves.len();
            items.extend(item.items.iter().map(|n| n.moved(c.start, base)));
            leaves.extend(item.leaves.iter().map(|&(a, b)| (a + c.start, b + c.start)));
            comments.extend(item.comments.iter().map(|&(a, b)| (a + c.start, b + c.start)));
        }
        comments.sort_unstable();
        let gaps = gaps(text, &leaves, &comments);
        Ok(Tree { items, leaves, gaps })
    }

    /// The comments the printer has not placed.
    pub fn unused_comments(&self) -> usize {
        self.gaps.iter().flat_map(|g| &g.comments).filter(|c| !c.used).count()
    }
}

/// Whether the pair is read as one token: a string, a block's raw text, `at most` (which
/// may hold comments between its words), or a rule with no inner rules but an empty body.
fn is_leaf(pair: &Pair<'_, Rule>) -> bool {
    match pair.as_rule() {
        Rule::string | Rule::raw_text | Rule::cmp_op => true,
        Rule::body => false,
        _ => pair.clone().into_inner().next().is_none(),
    }
}

/// Adds the `(start, end)` of every comment in `pair` (or `pair` itself), read at offset
/// `base`.
fn collect_comments(pair: Pair<'_, Rule>, base: usize, comments: &mut Vec<(usize, usize)>) {
    if pair.as_rule() == Rule::COMMENT {
        let span = pair.as_span();
        comments.push((base + span.start(), base + span.end()));
    } else {
        pair.into_inner().for_each(|p| collect_comments(p, base, comments));
    }
}

fn build(
    pair: Pair<'_, Rule>,
    base: usize,
    leaves: &mut Vec<(usize, usize)>,
    comments: &mut Vec<(usize, usize)>,
) -> Node {
    let (rule, span) = (pair.as_rule(), pair.as_span());
    let (start, end) = (base + span.start(), base + span.end());
    if is_leaf(&pair) {
        leaves.push((start, end));
        let i = leaves.len() - 1;
        let words = (rule == Rule::cmp_op).then(|| crate::syntax::cmp_op_words(&pair));
        collect_comments(pair, base, comments);
        return Node { rule, start, end, children: Vec::new(), first_leaf: i, last_leaf: i, is_leaf: true, words };
    }
    let first = leaves.len();
    let mut children = Vec::new();
    for p in pair.into_inner() {
        match p.as_rule() {
            Rule::COMMENT => collect_comments(p, base, comments),
            _ => children.push(build(p, base, leaves, comments)),
        }
    }
    let last = leaves.len().saturating_sub(1);
    Node { rule, start, end, children, first_leaf: first, last_leaf: last, is_leaf: false, words: None }
}

/// The gaps between the leaves, each with the comments the tree places in it. A comment
/// inside a token (`at # why` / `most`) trails that token: it goes first in the gap after
/// it.
fn gaps(text: &str, leaves: &[(usize, usize)], comments: &[(usize, usize)]) -> Vec<Gap> {
    let mut gaps = Vec::with_capacity(leaves.len() + 1);
    let mut next = comments.iter().peekable();
    for i in 0..=leaves.len() {
        let from = if i == 0 { 0 } else { leaves[i - 1].1 };
        let to = leaves.get(i).map_or(text.len(), |l| l.0);
        let mut lifted = Vec::new();
        let mut within = Vec::new();
        while let Some(&&(start, end)) = next.peek() {
            if start >= to && i < leaves.len() {
                break;
            }
            next.next();
            if start < from {
                lifted.push(Comment {
                    text: text[start..end].trim_end().to_string(),
                    trailing: true,
                    closes_before: 0,
                    blank_before: false,
                    used: false,
                });
            } else {
                within.push((start, end));
            }
        }
        let mut gap = gap(text, from, to, &within);
        if !lifted.is_empty() {
            // The token's own comments trail it; one after it on its line then stands on a
            // line of its own.
            gap.comments.iter_mut().for_each(|c| c.trailing = false);
        }
        gap.comments.splice(0..0, lifted);
        gaps.push(gap);
    }
    gaps
}

/// Reads the gap `from..to` between two tokens (or before the first, after the last),
/// whose comments are `comments`: where each sits against the line breaks and the `}`
/// (the only code a gap holds besides `{`, `:` and `,`) around it.
fn gap(text: &str, from: usize, to: usize, comments: &[(usize, usize)]) -> Gap {
    let mut out = Gap::default();
    let (mut newlines, mut closes) = (0usize, 0usize);
    // Whether code (the token before the gap, a brace, a colon) precedes on this line.
    let mut after_code = from > 0;
    let mut at = from;
    for &(start, end) in comments.iter().chain(std::iter::once(&(to, to))) {
        for c in text[at..start].chars() {
            match c {
                '\n' => {
                    newlines += 1;
                    out.newline = true;
                    after_code = false;
                }
                c if c.is_whitespace() || c == '\u{feff}' => {}
                c => {
                    if c == '}' {
                        closes += 1;
                    }
                    newlines = 0;
                    after_code = true;
                }
            }
        }
        if start < to {
            out.comments.push(Comment {
                text: text[start..end].trim_end().to_string(),
                trailing: after_code,
                closes_before: closes,
                blank_before: newlines >= 2,
                used: false,
            });
            newlines = 0;
        }
        at = end;
    }
    out.blank_before_next = newlines >= 2;
    out
}
