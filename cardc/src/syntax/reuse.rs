//! Parsing a file again after an edit: each item is read on its own, at offset 0, and
//! moved into place, so an item whose text did not change is taken from the last parse
//! instead of read again ([`super::parse_file_reusing`]). A keystroke in a file of a
//! thousand cards reads one card.
//!
//! Moving an item is [`Shift`], derived for every syntax tree type (`cardc-derive`): a
//! field added later is moved with no code to write here.

use std::collections::HashMap;
use std::sync::Arc;

use cardc_derive::Shift;

use super::chunk::Chunk;
use super::tree::ItemTree;
use crate::ast::*;
use crate::diagnostics::Diagnostic;

/// What reading one item gave, at offset 0.
#[derive(Clone, Debug, Default, Shift)]
pub(super) struct Parsed {
    /// Its items (one, or none when it was too broken to keep).
    pub items: Vec<Item>,
    /// The diagnostics of its parse.
    pub diagnostics: Vec<Diagnostic>,
    /// The diagnostics of its restrictions, which a file reports after all the others.
    pub restrictions: Vec<Diagnostic>,
    /// Its concrete tree, when it was read with the grammar and parses as written.
    pub tree: Option<Arc<ItemTree>>,
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
    /// How many of `items` the parse that made it read, rather than took.
    pub(super) read: usize,
}

impl Reuse {
    /// Takes what `shared` holds as well, without copying it: a harness whose sessions all
    /// start from the same files reads their items once.
    pub fn over(shared: Arc<Reuse>) -> Reuse {
        Reuse { items: HashMap::new(), shared: Some(shared), read: 0 }
    }

    /// How many items the parses that made it read rather than took from an earlier one
    /// (those of a formatting: the text's and the result's).
    pub fn read(&self) -> usize {
        self.read
    }

    /// Keeps the items of `other` too (not those it was made over): a text's items and
    /// those of the text that replaces it.
    pub(crate) fn keep(&mut self, other: Reuse) {
        self.read += other.read;
        for (k, v) in other.items {
            self.items.entry(k).or_insert(v);
        }
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

    /// The concrete tree of the item `text` (one chunk's text, the chunker's view of it
    /// `chunk`, at offset 0), when this holds it read with the grammar and it parses.
    pub fn tree(&self, text: &str, chunk: Chunk) -> Option<Arc<ItemTree>> {
        self.get(&Key { text: text.to_string(), chunk })?.tree.clone()
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
