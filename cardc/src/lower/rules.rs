//! Rules → the runtime's rules. A rule with a name that does not resolve (the check
//! reported it) is left out.

use cards_runtime::model::{self, Cmp, CmpOp, Constraint as RtConstraint, Filter as RtFilter, Selector as RtSelector};

use super::restriction::restriction;
use crate::ast::{Comparison, Constraint, Filter, Ident, Quantity, Restriction, Rule, Selector, VocabKind};
use crate::resolve::Names;

/// Lowers every rule of the set, in declaration order.
pub fn rules(names: &Names<'_>) -> Vec<model::Rule> {
    names.rules.iter().filter_map(|(r, _)| rule(names, r)).collect()
}

fn cmp(c: &Comparison) -> Cmp {
    Cmp { op: c.op, n: c.n.value }
}

fn rule(names: &Names<'_>, rule: &Rule) -> Option<model::Rule> {
    let stat = |s: &Ident| names.vocab_written(VocabKind::Stat, &s.text);
    // `Some(None)` for no condition; `None` when it does not lower.
    let condition = |c: &Option<Restriction>| match c {
        Some(r) => restriction(names, r).map(Some),
        None => Some(None),
    };
    let constraint = match &rule.constraint {
        Constraint::UniqueNames { scope } => RtConstraint::UniqueNames { scope: scope.kind },
        Constraint::Sum { stat: s, cmp: c, scope, condition: cond } => {
            RtConstraint::Sum { stat: stat(s)?, cmp: cmp(c), scope: scope.kind, condition: condition(cond)? }
        }
        Constraint::TotalCost { cmp: c, of, stat: s, scope, condition: cond } => RtConstraint::TotalCost {
            cmp: cmp(c),
            of: of.map(|(k, _)| k),
            stat: match s {
                Some(s) => Some(stat(s)?),
                None => None,
            },
            scope: scope.kind,
            condition: condition(cond)?,
        },
        Constraint::Same { selector: s } => RtConstraint::Same { selector: selector(names, s)? },
        Constraint::Count { quantity, selector: s, scope, condition: cond } => RtConstraint::Count {
            cmp: match quantity {
                Quantity::Cmp(c) => cmp(c),
                Quantity::No(_) => Cmp { op: CmpOp::AtMost, n: 0 },
            },
            selector: selector(names, s)?,
            scope: scope.kind,
            condition: condition(cond)?,
        },
    };
    Some(model::Rule { id: rule.id.text.clone().into(), message: rule.message.value.clone().into(), constraint })
}

/// A selector with its filters; `None` when an icon or trait does not resolve.
fn selector(names: &Names<'_>, selector: &Selector) -> Option<RtSelector> {
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
    Some(RtSelector { kind: selector.kind, filters: filters.into() })
}
