//! Parsing a file again after an edit: each item is read on its own, at offset 0, and
//! moved into place, so an item whose text did not change is taken from the last parse
//! instead of read again ([`super::parse_file_reusing`]). A keystroke in a file of a
//! thousand cards reads one card.
//!
//! Every struct is destructured without `..`, so a field added later is a compile error
//! here until it is moved too.

use std::collections::HashMap;
use std::sync::Arc;

use crate::ast::*;
use crate::diagnostics::{Diagnostic, Edit, Fix, Label};

/// What reading one item gave, at offset 0.
#[derive(Clone, Debug, Default)]
pub(super) struct Parsed {
    /// Its items (one, or none when it was too broken to keep).
    pub items: Vec<Item>,
    /// The diagnostics of its parse.
    pub diagnostics: Vec<Diagnostic>,
    /// The diagnostics of its restrictions, which a file reports after all the others.
    pub restrictions: Vec<Diagnostic>,
}

/// What makes two items read the same: their text, and the chunker's view of them (at
/// offset 0).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(super) struct Key {
    pub text: String,
    pub chunk: super::chunk::Chunk,
}

/// The items of a file's last parse, by their text: what [`super::parse_file_reusing`]
/// takes instead of reading an item again.
#[derive(Clone, Debug, Default)]
pub struct Reuse {
    pub(super) items: HashMap<Key, Parsed>,
    /// Items read before and shared read-only ([`Reuse::over`]), looked in after `items`.
    pub(super) shared: Option<Arc<Reuse>>,
}

impl Reuse {
    /// Takes what `shared` holds as well, without copying it: a harness whose sessions all
    /// start from the same files reads their items once.
    pub fn over(shared: Arc<Reuse>) -> Reuse {
        Reuse { items: HashMap::new(), shared: Some(shared) }
    }

    /// Takes what `other` holds as well (its own items and those it was made over).
    pub fn absorb(&mut self, other: &Reuse) {
        for (k, v) in &other.items {
            self.items.entry(k.clone()).or_insert_with(|| v.clone());
        }
        if let Some(shared) = &other.shared {
            self.absorb(shared);
        }
    }

    /// How many items it holds (not counting those it was made over).
    pub fn len(&self) -> usize {
        self.items.len()
    }

    /// Whether it holds none.
    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }

    /// What the item `key` read to, if this or what it was made over holds it.
    pub(super) fn get(&self, key: &Key) -> Option<&Parsed> {
        self.items.get(key).or_else(|| self.shared.as_deref()?.get(key))
    }
}

impl Parsed {
    /// Moves what was read at offset 0 to byte `at` of file `file`.
    pub(super) fn place(&mut self, file: FileId, at: u32) {
        self.shift(at);
        for d in self.diagnostics.iter_mut().chain(&mut self.restrictions) {
            d.labels.iter_mut().for_each(|l| l.file = file);
            d.fixes.iter_mut().flat_map(|f| &mut f.edits).for_each(|e| e.file = file);
        }
    }
}

impl Shift for Ident {
    fn shift(&mut self, by: u32) {
        let Ident { text: _, span } = self;
        span.shift(by);
    }
}

impl Shift for Str {
    fn shift(&mut self, by: u32) {
        let Str { value: _, span } = self;
        span.shift(by);
    }
}

impl Shift for Number {
    fn shift(&mut self, by: u32) {
        let Number { value: _, signed: _, span } = self;
        span.shift(by);
    }
}

impl Shift for Parsed {
    fn shift(&mut self, by: u32) {
        let Parsed { items, diagnostics, restrictions } = self;
        items.shift(by);
        diagnostics.shift(by);
        restrictions.shift(by);
    }
}

impl Shift for Item {
    fn shift(&mut self, by: u32) {
        match self {
            Item::Game(Game { id, name, span }) => {
                id.shift(by);
                name.shift(by);
                span.shift(by);
            }
            Item::Vocab(Vocab { kind: _, kind_span, entries }) => {
                kind_span.shift(by);
                for VocabEntry { id, display, flags } in entries {
                    id.shift(by);
                    display.shift(by);
                    flags.shift(by);
                }
            }
            Item::Flagship(Flagship { icon, span }) => {
                icon.shift(by);
                span.shift(by);
            }
            Item::Rule(Rule { id, message, constraint, span }) => {
                id.shift(by);
                message.shift(by);
                constraint.shift(by);
                span.shift(by);
            }
            Item::Allow(Allow { level: _, lints }) => lints.shift(by),
            Item::Card(card) => card.shift(by),
        }
    }
}

impl Shift for Constraint {
    fn shift(&mut self, by: u32) {
        match self {
            Constraint::UniqueNames { scope } => scope.shift(by),
            Constraint::Sum { stat, cmp, scope, condition } => {
                stat.shift(by);
                cmp.shift(by);
                scope.shift(by);
                condition.shift(by);
            }
            Constraint::TotalCost { cmp, of, stat, scope, condition } => {
                cmp.shift(by);
                if let Some((_, span)) = of {
                    span.shift(by);
                }
                stat.shift(by);
                scope.shift(by);
                condition.shift(by);
            }
            Constraint::Same { selector } => selector.shift(by),
            Constraint::Count { quantity, selector, scope, condition } => {
                match quantity {
                    Quantity::Cmp(cmp) => cmp.shift(by),
                    Quantity::No(span) => span.shift(by),
                }
                selector.shift(by);
                scope.shift(by);
                condition.shift(by);
            }
        }
    }
}

impl Shift for Comparison {
    fn shift(&mut self, by: u32) {
        let Comparison { op: _, n } = self;
        n.shift(by);
    }
}

impl Shift for Scope {
    fn shift(&mut self, by: u32) {
        let Scope { kind: _, span } = self;
        span.shift(by);
    }
}

impl Shift for Selector {
    fn shift(&mut self, by: u32) {
        let Selector { kind: _, kind_span, filters } = self;
        kind_span.shift(by);
        for f in filters {
            match f {
                Filter::Icon(i) | Filter::Trait(i) => i.shift(by),
                Filter::Drive(span) => span.shift(by),
                Filter::Name(s) => s.shift(by),
            }
        }
    }
}

impl Shift for Card {
    fn shift(&mut self, by: u32) {
        let Card { kind: _, kind_span, name, as_id, fields, span, broken: _ } = self;
        kind_span.shift(by);
        name.shift(by);
        as_id.shift(by);
        span.shift(by);
        for Field { key, value, span } in fields {
            key.shift(by);
            span.shift(by);
            match value {
                FieldValue::Flag => {}
                FieldValue::Tokens(tokens) => tokens.shift(by),
                FieldValue::Restriction { tokens, parsed } => {
                    tokens.shift(by);
                    parsed.shift(by);
                }
                FieldValue::Text(text) => text.shift(by),
                FieldValue::Ability { name, text } => {
                    name.shift(by);
                    text.shift(by);
                }
            }
        }
    }
}

impl Shift for Token {
    fn shift(&mut self, by: u32) {
        match self {
            Token::Ident(i) => i.shift(by),
            Token::Str(s) => s.shift(by),
            Token::Number(n) => n.shift(by),
            Token::Punct(_, span) => span.shift(by),
        }
    }
}

impl Shift for TextBlock {
    fn shift(&mut self, by: u32) {
        let TextBlock { span, sentences } = self;
        span.shift(by);
        sentences.shift(by);
    }
}

impl Shift for Restriction {
    fn shift(&mut self, by: u32) {
        let Restriction { nodes, spans, span } = self;
        spans.shift(by);
        span.shift(by);
        for n in nodes {
            match n {
                RNode::Atom(Atom { kind: _, kind_span, args, modifier, span }) => {
                    kind_span.shift(by);
                    args.shift(by);
                    modifier.shift(by);
                    span.shift(by);
                }
                RNode::Not(_) | RNode::And(..) | RNode::Or(..) => {}
            }
        }
    }
}

impl Shift for Diagnostic {
    fn shift(&mut self, by: u32) {
        let Diagnostic { code: _, severity: _, message: _, labels, help: _, path: _, fixes } = self;
        for Label { file: _, span, message: _ } in labels {
            span.shift(by);
        }
        for Fix { message: _, edits, applicability: _ } in fixes.iter_mut() {
            for Edit { file: _, span, replacement: _ } in edits {
                span.shift(by);
            }
        }
    }
}
