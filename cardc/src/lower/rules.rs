//! Rules → the runtime's rules. A rule with a name that does not resolve (the check
//! reported it) is left out.

use cards_runtime::model::{self, Cmp, CmpOp, Constraint as RtConstraint, Filter as RtFilter, Selector as RtSelector};

use super::restriction::restriction;
use crate::ast::{
    Comparison, Constraint, FileId, Filter, Ident, Quantity, Restriction, Rule, Scope, Selector, VocabKind,
};
use crate::resolve::Names;

/// Lowers every rule of the set, in declaration order.
pub fn rules(names: &Names<'_>) -> Vec<model::Rule> {
    names.rules.iter().filter_map(|(r, file)| rule(names, r, *file)).collect()
}

fn cmp(c: &Comparison) -> Cmp {
    Cmp { op: c.op, n: c.n.value }
}

fn rule(names: &Names<'_>, rule: &Rule, file: FileId) -> Option<model::Rule> {
    let stat = |s: &Ident| names.vocab_written(VocabKind::Stat, &s.text);
    let scope = |s: &Scope| names.kinds.scope(&s.word, file).ok();
    let selector = |s: &Selector| selector(names, s, false, file);
    // `Some(None)` for no condition; `None` when it does not lower.
    let condition = |c: &Option<Restriction>| match c {
        Some(r) => restriction(names, r).map(Some),
        None => Some(None),
    };
    let constraint = match &rule.constraint {
        Constraint::UniqueNames { scope: s } => RtConstraint::UniqueNames { scope: scope(s)? },
        Constraint::Sum { stat: s, cmp: c, scope: sc, condition: cond } => {
            RtConstraint::Sum { stat: stat(s)?, cmp: cmp(c), scope: scope(sc)?, condition: condition(cond)? }
        }
        Constraint::TotalCost { cmp: c, of, stat: s, scope: sc, condition: cond } => RtConstraint::TotalCost {
            cmp: cmp(c),
            of: match of {
                Some(word) => Some(counted(names, word, true, file, Vec::new())?),
                None => None,
            },
            stat: match s {
                Some(s) => Some(stat(s)?),
                None => None,
            },
            scope: scope(sc)?,
            condition: condition(cond)?,
        },
        Constraint::Same { selector: s } => RtConstraint::Same { selector: selector(s)? },
        Constraint::Count { quantity, selector: s, scope: sc, condition: cond } => RtConstraint::Count {
            cmp: match quantity {
                Quantity::Cmp(c) => cmp(c),
                Quantity::No(_) => Cmp { op: CmpOp::AtMost, n: 0 },
            },
            selector: selector(s)?,
            scope: scope(sc)?,
            condition: condition(cond)?,
        },
    };
    Some(model::Rule { id: rule.id.text.clone().into(), message: rule.message.value.clone().into(), constraint })
}

/// A selector with its filters; `None` when its kind, an icon or a trait does not resolve.
fn selector(names: &Names<'_>, selector: &Selector, plural: bool, file: FileId) -> Option<RtSelector> {
    let filters = selector
        .filters
        .iter()
        .map(|f| match f {
            Filter::Icon(i) => names.vocab_written(VocabKind::Icon, &i.text).map(RtFilter::Icon),
            Filter::Trait(t) => names.vocab_written(VocabKind::Trait, &t.text).map(RtFilter::Trait),
            Filter::Drive(_) => Some(RtFilter::Drive),
            Filter::Name(n) => Some(RtFilter::Name(n.value.clone().into())),
        })
        .collect::<Option<Vec<RtFilter>>>()?;
    counted(names, &selector.word, plural, file, filters)
}

/// What a kind's word counts, narrowed by `filters` (and by the kind, where the game
/// declares kinds of its own).
fn counted(
    names: &Names<'_>,
    word: &Ident,
    plural: bool,
    file: FileId,
    mut filters: Vec<RtFilter>,
) -> Option<RtSelector> {
    let (kind, narrowed) = names.kinds.selector(word, plural, file).ok()?;
    filters.extend(narrowed);
    Some(RtSelector { kind, filters: filters.into() })
}
