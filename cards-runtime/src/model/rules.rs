//! Fleet-building and blueprint rules: what a rule counts, where, and the bound it holds.

use super::vocab::{List, Text};
use crate::restriction::Restriction;
use serde::{Deserialize, Serialize};

/// A comparison operator.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum CmpOp {
    /// `at most`.
    AtMost,
    /// `at least`.
    AtLeast,
    /// `exactly`.
    Exactly,
}

/// A bound: `at most 3`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Cmp {
    /// The operator.
    pub op: CmpOp,
    /// The bound.
    pub n: i64,
}

impl Cmp {
    /// Whether `value` is within the bound.
    pub fn holds(self, value: i64) -> bool {
        match self.op {
            CmpOp::AtMost => value <= self.n,
            CmpOp::AtLeast => value >= self.n,
            CmpOp::Exactly => value == self.n,
        }
    }
}

/// Where a rule counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Scope {
    /// One ship and its upgrades.
    Ship,
    /// The whole list.
    Fleet,
    /// One blueprint.
    Blueprint,
}

/// What a counting rule counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum SelectorKind {
    /// Ship cards.
    Ship,
    /// Upgrade cards.
    Upgrade,
    /// Ship parts.
    Part,
    /// Any card.
    Card,
}

/// A narrowing of a selector.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Filter {
    /// The card has this icon.
    Icon(u16),
    /// The card has this trait.
    Trait(u16),
    /// The part is a Drive.
    Drive,
    /// The card's name contains this text.
    Name(Text),
}

/// What a counting rule counts: a kind of card narrowed by filters.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Selector {
    /// The kind counted.
    pub kind: SelectorKind,
    /// All must hold.
    pub filters: List<Filter>,
}

/// What a rule demands.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Constraint {
    /// No two cards marked unique (or limited) share a name beyond their limit.
    UniqueNames {
        /// Where.
        scope: Scope,
    },
    /// The summed stat is within the bound.
    Sum {
        /// The stat index.
        stat: u16,
        /// The bound.
        cmp: Cmp,
        /// Over what.
        scope: Scope,
        /// When the rule applies.
        condition: Option<Restriction>,
    },
    /// The total cost is within the bound.
    TotalCost {
        /// The bound.
        cmp: Cmp,
        /// Only these cards' costs count (`total cost of upgrades`); every card without.
        of: Option<SelectorKind>,
        /// The bound is this stat of each ship instead of `cmp.n` (`at most loadout per
        /// ship`).
        stat: Option<u16>,
        /// Over what.
        scope: Scope,
        /// When the rule applies.
        condition: Option<Restriction>,
    },
    /// Ships that share a ship icon all equip the same selected upgrades
    /// (`same upgrade with trait standardized per ship-icon`).
    Same {
        /// What must be the same.
        selector: Selector,
    },
    /// The number of selected cards is within the bound (`no` is `at most 0`).
    Count {
        /// The bound.
        cmp: Cmp,
        /// What is counted.
        selector: Selector,
        /// Where.
        scope: Scope,
        /// When the rule applies.
        condition: Option<Restriction>,
    },
}

/// A fleet-building or blueprint rule.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Rule {
    /// The violation id.
    pub id: Text,
    /// The message a violation prints.
    pub message: Text,
    /// What it demands.
    pub constraint: Constraint,
}
