//! The concrete tree of one item: the grammar's parse tree (`grammar.pest`), owned and read
//! at offset 0, with every token (leaf) and comment in order. The formatter prints from it,
//! and completion finds where the cursor stands in it.
//!
//! It is built from the same parse as the item's syntax tree ([`super::parse_file_reusing`]
//! keeps both), so an item is read with the grammar once, whoever asks for it. Offsets are
//! relative to the item: an item taken from an earlier parse needs no moving, only the
//! offset of its chunk added by whoever places it ([`Node::moved`]).

use std::sync::Arc;

use pest::iterators::{Pair, Pairs};

use super::grammar::Rule;

/// One node of an item's parse tree.
#[derive(Clone, Debug)]
pub struct Node {
    /// The grammar rule.
    pub rule: Rule,
    /// First byte.
    pub start: usize,
    /// One past the last byte.
    pub end: usize,
    /// Its children; empty for a leaf (a token, a string, the raw text of a block).
    pub children: Vec<Node>,
    /// The index of its first leaf in the leaves of its tree.
    pub first_leaf: usize,
    /// The index of its last leaf in the leaves of its tree (for an empty body, the leaf
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
    pub fn moved(&self, by: usize, leaves: usize) -> Node {
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

    /// The nodes from this one down to the innermost that holds byte `at` (`start <= at <
    /// end`, or `at == end` for a leaf that ends there, where a word being typed ends).
    pub fn path_to(&self, at: usize) -> Vec<&Node> {
        let mut path = vec![self];
        let mut node = self;
        while let Some(child) = node.children.iter().find(|c| c.start <= at && (at < c.end || c.is_leaf && at == c.end))
        {
            path.push(child);
            node = child;
        }
        path
    }
}

/// What one item reads to, at offset 0: its nodes (the item, or none for a chunk of only
/// comments), its tokens and its comments, each in order.
#[derive(Debug, Default)]
pub struct ItemTree {
    /// The item's top node (the grammar's `item` rule is silent, so this is its one child:
    /// `card`, `vocab_decl`, `game_decl`…).
    pub items: Vec<Node>,
    /// Every token's `(start, end)`, in order.
    pub leaves: Vec<(usize, usize)>,
    /// Every `#` comment's `(start, end)`, in order.
    pub comments: Vec<(usize, usize)>,
}

impl ItemTree {
    /// The tree of a parse of one item (or of a file's preamble).
    pub fn of(pairs: Pairs<'_, Rule>) -> ItemTree {
        let mut tree = ItemTree::default();
        for pair in pairs {
            match pair.as_rule() {
                Rule::EOI => {}
                Rule::COMMENT => collect_comments(pair, &mut tree.comments),
                _ => tree.items.push(build(pair, &mut tree.leaves, &mut tree.comments)),
            }
        }
        tree
    }
}

impl crate::ast::Shift for Arc<ItemTree> {
    /// A tree's offsets are relative to its item: placing the item moves nothing in it.
    fn shift(&mut self, _: u32) {}
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

/// Adds the `(start, end)` of every comment in `pair` (or `pair` itself).
fn collect_comments(pair: Pair<'_, Rule>, comments: &mut Vec<(usize, usize)>) {
    if pair.as_rule() == Rule::COMMENT {
        let span = pair.as_span();
        comments.push((span.start(), span.end()));
    } else {
        pair.into_inner().for_each(|p| collect_comments(p, comments));
    }
}

fn build(pair: Pair<'_, Rule>, leaves: &mut Vec<(usize, usize)>, comments: &mut Vec<(usize, usize)>) -> Node {
    let (rule, span) = (pair.as_rule(), pair.as_span());
    let (start, end) = (span.start(), span.end());
    if is_leaf(&pair) {
        leaves.push((start, end));
        let i = leaves.len() - 1;
        let words = (rule == Rule::cmp_op).then(|| super::cmp_op_words(&pair));
        collect_comments(pair, comments);
        return Node { rule, start, end, children: Vec::new(), first_leaf: i, last_leaf: i, is_leaf: true, words };
    }
    let first = leaves.len();
    let mut children = Vec::new();
    for p in pair.into_inner() {
        match p.as_rule() {
            Rule::COMMENT => collect_comments(p, comments),
            _ => children.push(build(p, leaves, comments)),
        }
    }
    let last = leaves.len().saturating_sub(1);
    Node { rule, start, end, children, first_leaf: first, last_leaf: last, is_leaf: false, words: None }
}
