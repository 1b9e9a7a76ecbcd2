//! Rules: every name a rule uses resolves (the stat of a `sum`, the icon or trait of a
//! selector, the names in its `where` condition), and the rule becomes the runtime's.

use cards_runtime::model::{self, Cmp, Constraint as RtConstraint, Filter as RtFilter, Selector as RtSelector};

use super::restrictions::lower_restriction;
use crate::ast::{
    CmpOp, Comparison, Constraint, FileId, Filter, Quantity, Restriction, Rule, ScopeKind, Selector, SelectorKind,
    VocabKind,
};
use crate::diagnostics::Diagnostic;
use crate::resolve::Names;

/// Checks and lowers every rule of the set, in declaration order.
pub fn check_rules(names: &Names<'_>, d: &mut Vec<Diagnostic>) -> Vec<model::Rule> {
    names.rules.iter().filter_map(|(rule, file)| lower_rule(names, rule, *file, d)).collect()
}

fn cmp(c: &Comparison) -> Cmp {
    let op = match c.op {
        CmpOp::AtMost => model::CmpOp::AtMost,
        CmpOp::AtLeast => model::CmpOp::AtLeast,
        CmpOp::Exactly => model::CmpOp::Exactly,
    };
    Cmp { op, n: c.n.value }
}

fn scope(s: ScopeKind) -> model::Scope {
    match s {
        ScopeKind::Ship => model::Scope::Ship,
        ScopeKind::Fleet => model::Scope::Fleet,
        ScopeKind::Blueprint => model::Scope::Blueprint,
    }
}

fn selector_kind(k: SelectorKind) -> model::SelectorKind {
    match k {
        SelectorKind::Ship => model::SelectorKind::Ship,
        SelectorKind::Upgrade => model::SelectorKind::Upgrade,
        SelectorKind::Part => model::SelectorKind::Part,
        SelectorKind::Card => model::SelectorKind::Card,
    }
}

/// Resolves a selector's filters, reporting each name that does not resolve.
fn lower_selector(names: &Names<'_>, selector: &Selector, file: FileId, d: &mut Vec<Diagnostic>) -> RtSelector {
    let mut filters = Vec::new();
    for f in &selector.filters {
        let lowered = match f {
            Filter::Icon(i) => names.vocab(VocabKind::Icon, i, file).map(RtFilter::Icon),
            Filter::Trait(t) => names.vocab(VocabKind::Trait, t, file).map(RtFilter::Trait),
            Filter::Drive(_) => Ok(RtFilter::Drive),
            Filter::Name(n) => Ok(RtFilter::Name(n.value.clone().into())),
        };
        match lowered {
            Ok(f) => filters.push(f),
            Err(e) => d.push(e),
        }
    }
    RtSelector { kind: selector_kind(selector.kind), filters: filters.into() }
}

fn lower_rule(names: &Names<'_>, rule: &Rule, file: FileId, d: &mut Vec<Diagnostic>) -> Option<model::Rule> {
    let before = d.len();
    let condition = |c: &Option<Restriction>, d: &mut Vec<Diagnostic>| {
        c.as_ref().and_then(|r| lower_restriction(names, file, r, d))
    };
    let constraint = match &rule.constraint {
        Constraint::UniqueNames { scope: s } => RtConstraint::UniqueNames { scope: scope(s.kind) },
        Constraint::Sum { stat, cmp: c, scope: s, condition: cond } => {
            let stat = names.vocab(VocabKind::Stat, stat, file).map_err(|e| d.push(e)).ok();
            let condition = condition(cond, d);
            RtConstraint::Sum { stat: stat.unwrap_or_default(), cmp: cmp(c), scope: scope(s.kind), condition }
        }
        Constraint::TotalCost { cmp: c, of, stat, scope: s, condition: cond } => {
            let stat = stat.as_ref().and_then(|st| names.vocab(VocabKind::Stat, st, file).map_err(|e| d.push(e)).ok());
            RtConstraint::TotalCost {
                cmp: cmp(c),
                of: of.map(|(k, _)| selector_kind(k)),
                stat,
                scope: scope(s.kind),
                condition: condition(cond, d),
            }
        }
        Constraint::Same { selector } => RtConstraint::Same { selector: lower_selector(names, selector, file, d) },
        Constraint::Count { quantity, selector, scope: s, condition: cond } => {
            let cmp = match quantity {
                Quantity::Cmp(c) => cmp(c),
                Quantity::No(_) => Cmp { op: model::CmpOp::AtMost, n: 0 },
            };
            RtConstraint::Count {
                cmp,
                selector: lower_selector(names, selector, file, d),
                scope: scope(s.kind),
                condition: condition(cond, d),
            }
        }
    };
    (d.len() == before).then(|| model::Rule {
        id: rule.id.text.clone().into(),
        message: rule.message.value.clone().into(),
        constraint,
    })
}
