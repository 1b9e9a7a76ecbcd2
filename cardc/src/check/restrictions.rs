//! Restrictions: every name an atom uses resolves (sizes, traits, ship icons, factions,
//! actions, classes, arcs, icons, stats, chassis). [`crate::lower`] builds the runtime's
//! restriction from the same names.

use crate::ast::{AtomKind, CardKind, FileId, Restriction, Token};
use crate::diagnostics::{Diagnostic, Fix};
use crate::resolve::{suggest, suggestion_fix, Names};
use crate::syntax::restriction::E0008;

/// Checks that every name `r` uses resolves, reporting each that does not.
pub fn check_restriction(names: &Names<'_>, file: FileId, r: &Restriction, d: &mut Vec<Diagnostic>) {
    for (kind, ident) in r.vocab_names() {
        if let Err(e) = names.vocab(kind, ident, file) {
            d.push(e);
        }
    }
    let profile = names.kinds.field_word("chassis");
    for atom in r.atoms().filter(|a| a.kind == AtomKind::Chassis) {
        if atom.keyword != profile {
            d.push(not_a_test(file, atom, profile));
            continue;
        }
        let idents = atom.args.iter().filter_map(|t| match t {
            Token::Ident(i) => Some(i),
            _ => None,
        });
        resolve_all(idents, |i| names.card(CardKind::Chassis, i, file), d);
    }
}

/// A word that starts no test of a restriction (`sise small`, or `chassis` in a game whose
/// profile kind has another word): E0008, with the closest of the game's words.
fn not_a_test(file: FileId, atom: &crate::ast::Atom, profile: &str) -> Diagnostic {
    let words: Vec<&str> =
        AtomKind::ALL.iter().map(|k| if *k == AtomKind::Chassis { profile } else { k.keyword() }).collect();
    let written = crate::ast::Ident { text: atom.keyword.clone(), span: atom.kind_span };
    // `chassis` in a game whose profile kind has another word is that word.
    let renamed = (written.text == AtomKind::Chassis.keyword())
        .then(|| Fix::certain(format!("this game's word is `{profile}`"), file, written.span, profile));
    let fix = renamed.or_else(|| {
        suggest::best(&written.text, words.iter().map(|w| (*w, None))).map(|s| suggestion_fix(&s, &written, file))
    });
    Diagnostic::new(&E0008, format!("expected a restriction, found `{}`", atom.keyword))
        .label(file, atom.kind_span, "not a restriction")
        .maybe_help(fix.is_none().then(|| restriction_words(profile)))
        .maybe_fix(fix)
}

/// The words that start a test, the game's profile kind for `chassis`.
pub fn restriction_words(profile: &str) -> String {
    crate::syntax::restriction::ATOMS_HELP.replace("`chassis`", &format!("`{profile}`"))
}

/// Resolves every identifier, reporting each failure; the bool says whether all resolved.
pub(crate) fn resolve_all<'i, T>(
    idents: impl Iterator<Item = &'i crate::ast::Ident>,
    mut resolve: impl FnMut(&'i crate::ast::Ident) -> Result<T, Diagnostic>,
    d: &mut Vec<Diagnostic>,
) -> (Vec<T>, bool) {
    let mut out = Vec::new();
    let mut ok = true;
    for ident in idents {
        match resolve(ident) {
            Ok(v) => out.push(v),
            Err(e) => {
                d.push(e);
                ok = false;
            }
        }
    }
    (out, ok)
}
