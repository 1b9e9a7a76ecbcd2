//! The game declaration: vocabulary entries and their markers, stats that would shadow a
//! built-in field, the `flagship:` line and the lint levels of `allow`, `warn` and `deny` lines.

use std::collections::HashMap;

use super::cards::builtin_field_names;
use crate::ast::{File, FileId, Ident, Item, LintLevel, Span, VocabKind};
use crate::declare_code;
use crate::diagnostics::{Code, Diagnostic, Fix, Severity};
use crate::resolve::{suggest, Names};

declare_code! {
    /// ## What
    /// A vocabulary entry carries a marker its kind does not take (`implicit` is for
    /// icons, `optional` for headers), or a header has no display text.
    ///
    /// ## Why
    /// `implicit` changes how icons are matched and `optional` how abilities resolve; on
    /// another kind they would mean nothing. A header's text is what ability text starts
    /// with (`Action:`), so it must be given.
    ///
    /// ## Example
    /// `faction empire "Galactic Empire" implicit` — remove `implicit`.
    pub static E0205: "E0205", "invalid-vocabulary-entry", Error;
}

declare_code! {
    /// ## What
    /// The game declares `flagship:` more than once.
    ///
    /// ## Why
    /// The flagship is the ship that equips a card with one icon; two lines would make two
    /// answers.
    ///
    /// ## Example
    /// Two `flagship: ship with …` lines in `game.cards`. Keep one.
    pub static E0206: "E0206", "duplicate-flagship", Error;
}

declare_code! {
    /// ## What
    /// A stat has the name of a built-in field (`cost`, `size`, `text`…).
    ///
    /// ## Why
    /// Each stat becomes a field name on cards (`hull: 8`); one named like a built-in
    /// field could never be written.
    ///
    /// ## Example
    /// `stat cost` — the fleet cost is already `cost:`; name the stat otherwise.
    pub static E0207: "E0207", "stat-shadows-field", Error;
}

declare_code! {
    /// ## What
    /// An `allow`, `warn` or `deny` line names a lint that does not exist or is an error.
    ///
    /// ## Why
    /// `allow` silences a lint (a warning or a note) for a whole set, `warn` reports it as
    /// a warning and `deny` as an error; a misspelt name would change nothing, and errors
    /// cannot be allowed.
    ///
    /// ## Example
    /// `allow unused-icons` — write `allow unused-icon` (or its code, `allow W0002`).
    pub static E0208: "E0208", "unknown-lint", Error;
}

/// Checks vocabulary markers, header texts and stat names, and that no kind the game
/// declares is a word that starts another declaration (a card of it could not be written).
pub fn check_vocabulary(names: &Names<'_>, d: &mut Vec<Diagnostic>) {
    check_kind_words(names, d);
    for kind in VocabKind::ALL {
        for def in names.entries(kind) {
            let entry = def.entry;
            for flag in &entry.flags {
                let fits = match flag.text.as_str() {
                    "implicit" => kind == VocabKind::Icon,
                    _ => kind == VocabKind::Header,
                };
                if !fits {
                    let owner = if flag.text == "implicit" { "icons" } else { "headers" };
                    // The flag and the blanks before it, back to the end of what it follows.
                    let before = std::iter::once(entry.id.span.end)
                        .chain(entry.display.as_ref().map(|d| d.span.end))
                        .chain(entry.flags.iter().map(|f| f.span.end))
                        .filter(|&end| end <= flag.span.start)
                        .max()
                        .unwrap_or(flag.span.start);
                    let removed = Span { start: before, end: flag.span.end };
                    d.push(
                        Diagnostic::new(
                            &E0205,
                            format!("`{}` does not apply to {}", flag.text, crate::resolve::a(kind)),
                        )
                        .label(def.file, flag.span, format!("only {owner} can be `{}`", flag.text))
                        .fix(Fix::certain(
                            format!("remove `{}`", flag.text),
                            def.file,
                            removed,
                            "",
                        )),
                    );
                }
            }
            if kind == VocabKind::Header && entry.display.is_none() {
                d.push(
                    Diagnostic::new(&E0205, format!("header `{}` has no text", entry.id.text))
                        .label(def.file, entry.id.span, "the text ability lines start with is missing")
                        .help(format!("write `header {} \"<Text>\"`", entry.id.text)),
                );
            }
            if kind == VocabKind::Stat && builtin_field_names().any(|f| f == entry.id.text) {
                d.push(
                    Diagnostic::new(&E0207, format!("stat `{}` has the name of a built-in field", entry.id.text))
                        .label(def.file, entry.id.span, "cards could not give this stat")
                        .help("give the stat another id"),
                );
            }
        }
    }
}

/// Resolves the `flagship:` line.
pub fn flagship(files: &[File], names: &Names<'_>, d: &mut Vec<Diagnostic>) -> Option<u16> {
    let mut first: Option<(FileId, Span)> = None;
    let mut icon = None;
    for file in files {
        for item in &file.items {
            let Item::Flagship(f) = item else { continue };
            if let Some((ff, fs)) = first {
                d.push(
                    Diagnostic::new(&E0206, "`flagship:` is declared twice")
                        .label(file.id, f.span, "declared again here")
                        .label(ff, fs, "first declared here")
                        .help("keep one `flagship:` line"),
                );
                continue;
            }
            first = Some((file.id, f.span));
            if let Err(e) = names.kinds.unit(&f.unit, file.id) {
                d.push(e);
            }
            match names.vocab(VocabKind::Icon, &f.icon, file.id) {
                Ok(i) => icon = Some(i),
                Err(e) => d.push(e),
            }
        }
    }
    icon
}

/// The level a set's `allow`, `warn` and `deny` lines give each lint code; a later line
/// wins over an earlier one. `codes` is every code: a line may name those that are not
/// errors (the lints), and an error named there is told from a name that is no code.
pub fn lint_levels(
    files: &[File],
    codes: &[&'static Code],
    d: &mut Vec<Diagnostic>,
) -> HashMap<&'static str, LintLevel> {
    let mut out = HashMap::new();
    for file in files {
        for item in &file.items {
            let Item::Allow(a) = item else { continue };
            for lint in &a.lints {
                match find_warning(lint, codes) {
                    Some(code) => {
                        out.insert(code.id, a.level);
                    }
                    None => d.push(unknown_lint(file.id, lint, codes)),
                }
            }
        }
    }
    out
}

/// Applies a set's lint levels to lint diagnostics: `allow` drops one, `warn` and `deny`
/// report it as a warning or an error.
pub fn apply_levels(lints: Vec<Diagnostic>, levels: &HashMap<&'static str, LintLevel>) -> Vec<Diagnostic> {
    lints
        .into_iter()
        .filter_map(|l| match levels.get(l.code.id) {
            Some(LintLevel::Allow) => None,
            Some(LintLevel::Warn) => Some(l.with_severity(Severity::Warning)),
            Some(LintLevel::Deny) => Some(l.with_severity(Severity::Error)),
            None => Some(l),
        })
        .collect()
}

/// The lint (a code that is not an error) `lint` names, by its name or id.
fn find_warning(lint: &Ident, codes: &[&'static Code]) -> Option<&'static Code> {
    codes.iter().copied().find(|c| c.severity != Severity::Error && c.is_named(&lint.text))
}

fn unknown_lint(file: FileId, lint: &Ident, codes: &[&'static Code]) -> Diagnostic {
    let names: Vec<&str> = codes.iter().filter(|c| c.severity != Severity::Error).map(|c| c.name).collect();
    let error = codes.iter().find(|c| c.is_named(&lint.text));
    if let Some(code) = error {
        return Diagnostic::new(&E0208, format!("`{}` is an error, not a lint", lint.text))
            .label(file, lint.span, format!("{} ({}) cannot be allowed, warned or denied", code.id, code.name))
            .help(format!("the lints a set can set the level of are {}", names.join(", ")));
    }
    let fix = suggest::best(&lint.text, names.iter().map(|n| (*n, None)))
        .map(|s| crate::resolve::suggestion_fix(&s, lint, file));
    let help = fix.is_none().then(|| format!("the lints a set can allow are {}", names.join(", ")));
    Diagnostic::new(&E0208, format!("unknown lint `{}`", lint.text))
        .label(file, lint.span, "not a lint cardc reports")
        .maybe_fix(fix)
        .maybe_help(help)
}

/// A kind's word that the language already uses where the kind's word would be written:
/// a declaration's keyword (a card of the kind would read as that declaration), a block's
/// (`ability`, `text`), `card` (what a rule counts of every kind), the roster's; and for a
/// profile kind, whose word is a field and a restriction's test, a built-in field or test.
fn check_kind_words(names: &Names<'_>, d: &mut Vec<Diagnostic>) {
    use crate::ast::AtomKind;
    use cards_runtime::model::CardKind;
    let roster = names.kinds.roster_decl.map(|(r, _)| r.id.text.as_str());
    for k in &names.kinds.declared {
        let word = k.entry.id.text.as_str();
        let profile = names.kinds.find(word).is_some_and(|(_, role)| role == CardKind::Chassis);
        let taken = if crate::syntax::keywords::DECLARATIONS.iter().any(|(w, _)| *w == word) {
            Some("starts a declaration of its own")
        } else if matches!(word, "ability" | "text") {
            Some("starts a block of a card")
        } else if word == "card" {
            Some("is what a rule counts of every kind")
        } else if Some(word) == roster {
            Some("is the game's roster")
        } else if profile && builtin_field_names().any(|f| f == word && f != "chassis") {
            Some("is a built-in field, which a profile kind's word would be too")
        } else if profile && AtomKind::ALL.iter().any(|a| a.keyword() == word && *a != AtomKind::Chassis) {
            Some("is a restriction's test, which a profile kind's word would be too")
        } else {
            None
        };
        if let Some(why) = taken {
            d.push(
                Diagnostic::new(&crate::resolve::kinds::E0110, format!("`{word}` cannot be a kind's word"))
                    .label(k.file, k.entry.id.span, why)
                    .help("choose another word for the kind; its display name may still say it"),
            );
        }
    }
}
