//! Restrictions: every name an atom uses resolves (sizes, traits, ship icons, factions,
//! actions, classes, arcs, icons, stats, chassis). [`crate::lower`] builds the runtime's
//! restriction from the same names.

use crate::ast::{AtomKind, CardKind, FileId, Restriction, Token};
use crate::diagnostics::Diagnostic;
use crate::resolve::Names;
use crate::syntax::restriction::not_a_test;

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
            let written = crate::ast::Ident { text: atom.keyword.clone(), span: atom.kind_span };
            d.push(not_a_test(file, &written, profile));
            continue;
        }
        let idents = atom.args.iter().filter_map(|t| match t {
            Token::Ident(i) => Some(i),
            _ => None,
        });
        resolve_all(idents, |i| names.card(CardKind::Chassis, i, file), d);
    }
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
