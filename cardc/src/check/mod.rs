//! The passes that check a set, in this fixed order:
//!
//! 1. [`syntax`](crate::syntax): parse every file;
//! 2. [`resolve`](crate::resolve): collect the declarations, report duplicates;
//! 3. [`game`]: vocabulary markers, the flagship line;
//! 4. [`cards`]: each card's fields, types and references, building its model;
//! 5. [`rules`]: each rule's names;
//! 6. lints, only on a set without errors (so they never report follow-ons):
//!    [`unequippable_upgrade`], [`unused_icon`]; `allow` lines silence them.
//!
//! The result is the runtime model of the set (when there is no error) and every
//! diagnostic, sorted by place.

pub mod cards;
pub mod game;
pub mod restrictions;
pub mod rules;
pub mod unequippable_upgrade;
pub mod unused_icon;
pub mod values;

#[cfg(test)]
mod tests;

use cards_runtime::Set;

use crate::ast::File;
use crate::diagnostics::{Code, Diagnostic};
use crate::resolve::Names;
use crate::source::{SetSource, SourceMap};

/// The warnings a set can `allow`.
pub static WARNINGS: &[&Code] = &[&unequippable_upgrade::W0001, &unused_icon::W0002];

/// What checking one set gives.
#[derive(Debug)]
pub struct Checked {
    /// The set's folder.
    pub dir: std::path::PathBuf,
    /// The model, when the set has no error.
    pub set: Option<Set>,
    /// Every diagnostic, sorted by file and position.
    pub diagnostics: Vec<Diagnostic>,
    /// How many cards the set declares.
    pub cards: usize,
}

impl Checked {
    /// Number of errors.
    pub fn errors(&self) -> usize {
        self.diagnostics.iter().filter(|d| d.is_error()).count()
    }

    /// Number of warnings.
    pub fn warnings(&self) -> usize {
        self.diagnostics.len() - self.errors()
    }
}

/// Parses the files of a set and runs every check.
pub fn check_set(sources: &SourceMap, set: &SetSource) -> Checked {
    let mut d = set.diagnostics.clone();
    let files: Vec<File> = set
        .files
        .iter()
        .map(|&f| {
            let (ast, diagnostics) = crate::syntax::parse_file(f, &sources.file(f).text);
            d.extend(diagnostics);
            ast
        })
        .collect();
    check_files(sources, &set.dir, &files, d)
}

/// Runs every check over parsed files; `d` holds the diagnostics so far.
pub fn check_files(sources: &SourceMap, dir: &std::path::Path, files: &[File], mut d: Vec<Diagnostic>) -> Checked {
    let names = Names::collect(files, dir, &mut d);
    game::check_vocabulary(&names, &mut d);
    let flagship_icon = game::flagship(files, &names, &mut d);
    let cards = cards::check_cards(&names, sources, &mut d);
    let rules = rules::check_rules(&names, &mut d);
    let allowed = game::allowed(files, WARNINGS, &mut d);
    let (game, name) = names.game_name().map(|(id, name)| (id.text.clone(), name.value.clone())).unwrap_or_default();
    let card_count = cards.len();
    let model = Set {
        game: game.into(),
        name: name.into(),
        vocab: game::vocabulary(&names),
        flagship_icon,
        cards: cards.into(),
        rules: rules.into(),
    };
    let has_errors = d.iter().any(Diagnostic::is_error);
    if !has_errors {
        let mut warnings = Vec::new();
        unequippable_upgrade::check(&model, &names, &mut warnings);
        unused_icon::check(&model, &names, &mut warnings);
        warnings.retain(|w| !allowed.contains(&w.code.id));
        d.extend(warnings);
    }
    Diagnostic::sort(&mut d);
    Checked { dir: dir.to_path_buf(), set: (!has_errors).then_some(model), diagnostics: d, cards: card_count }
}
