//! The formatter's view of a file: its items as parse trees over the file's own offsets,
//! the tokens (leaves) in order, and the comments and blank lines between them.
//!
//! The tree is the grammar's (`grammar.pest`), cut into items by the same chunker the
//! parser uses, so the formatter reads a file exactly as `cardc check` does. Comments are
//! nodes of that tree (the grammar's `COMMENT` is not silent), so none is looked for in the
//! text: the text between two tokens is read only for its line breaks and braces.
//!
//! Each item's tree ([`ItemTree`], at offset 0) comes from the parse that checked the text
//! ([`crate::syntax::parse_file_reusing`]), so formatting reads no item with the grammar
//! that the check read already; here the items are moved into place.

use crate::syntax::chunk;
use crate::syntax::tree::ItemTree;
pub(super) use crate::syntax::tree::Node;
use crate::syntax::Reuse;

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
    /// Reads a file that parses (the caller has checked), taking each item's tree from
    /// `read`, the parse of `text` that checked it ([`crate::syntax::parse_file_reusing`]).
    /// `Err` says why the tree could not be built, which for such a file is a bug.
    pub fn parse(text: &str, read: &Reuse) -> Result<Tree, String> {
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
        comments.extend(ItemTree::of(pairs).comments);
        for c in &chunks {
            let (slice, alone) = c.alone(text);
            // Every item of a text that parses was read with the grammar, its tree kept.
            let item = read.tree(slice, alone).ok_or_else(|| format!("the item at byte {} has no tree", c.start))?;
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
