//! Rules: every name a rule uses resolves (the stat of a `sum` or of a cost bound, the
//! icon or trait of a selector, the names in its `where` condition). [`crate::lower`]
//! builds the runtime's rule from the same names.

use super::restrictions::check_restriction;
use crate::ast::{Constraint, FileId, Filter, Ident, Restriction, Rule, Scope, Selector, VocabKind};
use crate::diagnostics::Diagnostic;
use crate::resolve::Names;

/// Checks every rule of the set, in declaration order.
pub fn check_rules(names: &Names<'_>, d: &mut Vec<Diagnostic>) {
    for (rule, file) in &names.rules {
        check_rule(names, rule, *file, d);
    }
}

fn check_rule(names: &Names<'_>, rule: &Rule, file: FileId, d: &mut Vec<Diagnostic>) {
    let stat = |stat: &Ident, d: &mut Vec<Diagnostic>| {
        if let Err(e) = names.vocab(VocabKind::Stat, stat, file) {
            d.push(e);
        }
    };
    let condition = |c: &Option<Restriction>, d: &mut Vec<Diagnostic>| {
        if let Some(r) = c {
            check_restriction(names, file, r, d);
        }
    };
    let scope = |s: &Scope, d: &mut Vec<Diagnostic>| {
        if let Err(e) = names.kinds.scope(&s.word, file) {
            d.push(e);
        }
    };
    match &rule.constraint {
        Constraint::UniqueNames { scope: s } => scope(s, d),
        Constraint::Sum { stat: s, condition: c, scope: sc, .. } => {
            stat(s, d);
            scope(sc, d);
            condition(c, d);
        }
        Constraint::TotalCost { stat: s, condition: c, of, scope: sc, .. } => {
            if let Some(s) = s {
                stat(s, d);
            }
            if let Some(Err(e)) = of.as_ref().map(|w| names.kinds.selector(w, true, file)) {
                d.push(e);
            }
            scope(sc, d);
            condition(c, d);
        }
        Constraint::Same { selector } => check_selector(names, selector, file, d),
        Constraint::Count { selector, condition: c, scope: sc, .. } => {
            check_selector(names, selector, file, d);
            scope(sc, d);
            condition(c, d);
        }
    }
}

/// Checks that a selector counts a kind of the game, and that its filters name declared
/// icons and traits.
fn check_selector(names: &Names<'_>, selector: &Selector, file: FileId, d: &mut Vec<Diagnostic>) {
    if let Err(e) = names.kinds.selector(&selector.word, false, file) {
        d.push(e);
    }
    for f in &selector.filters {
        let resolved = match f {
            Filter::Icon(i) => names.vocab(VocabKind::Icon, i, file),
            Filter::Trait(t) => names.vocab(VocabKind::Trait, t, file),
            Filter::Drive(_) | Filter::Name(_) => continue,
        };
        if let Err(e) = resolved {
            d.push(e);
        }
    }
}
