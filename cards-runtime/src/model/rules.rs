//! Fleet-building and blueprint rules: what a rule counts, where, and the bound it holds.

use super::vocab::{List, Text};
use crate::packed::packed;
use crate::restriction::Restriction;

/// A comparison operator.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum CmpOp {
    /// `at most`.
    AtMost,
    /// `at least`.
    AtLeast,
    /// `exactly`.
    Exactly,
}
packed! { enum CmpOp { AtMost, AtLeast, Exactly } }

impl CmpOp {
    /// Every operator.
    pub const ALL: [CmpOp; 3] = [CmpOp::AtMost, CmpOp::AtLeast, CmpOp::Exactly];

    /// The words of the card language: `at most`, `at least`, `exactly`.
    pub fn words(self) -> &'static str {
        match self {
            CmpOp::AtMost => "at most",
            CmpOp::AtLeast => "at least",
            CmpOp::Exactly => "exactly",
        }
    }

    /// The operator of these words (spacing aside).
    pub fn from_words(text: &str) -> Option<CmpOp> {
        let text: Vec<&str> = text.split_whitespace().collect();
        CmpOp::ALL.into_iter().find(|op| op.words().split(' ').eq(text.iter().copied()))
    }

    /// The name in exported JSON: `at_most`, `at_least`, `exactly`.
    pub fn json_name(self) -> &'static str {
        match self {
            CmpOp::AtMost => "at_most",
            CmpOp::AtLeast => "at_least",
            CmpOp::Exactly => "exactly",
        }
    }
}

/// A bound: `at most 3`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Cmp {
    /// The operator.
    pub op: CmpOp,
    /// The bound.
    pub n: i64,
}
packed! { struct Cmp { op, n } }

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
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Scope {
    /// One ship and its upgrades.
    Ship,
    /// The whole list.
    Fleet,
    /// One blueprint.
    Blueprint,
}
packed! { enum Scope { Ship, Fleet, Blueprint } }

impl Scope {
    /// Every scope.
    pub const ALL: [Scope; 3] = [Scope::Ship, Scope::Fleet, Scope::Blueprint];

    /// The word of the card language (`per fleet`) and of exported JSON: `ship`, `fleet`,
    /// `blueprint`.
    pub fn as_str(self) -> &'static str {
        match self {
            Scope::Ship => "ship",
            Scope::Fleet => "fleet",
            Scope::Blueprint => "blueprint",
        }
    }

    /// The scope this word names.
    pub fn from_word(word: &str) -> Option<Scope> {
        Scope::ALL.into_iter().find(|s| s.as_str() == word)
    }
}

/// What a counting rule counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
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
packed! { enum SelectorKind { Ship, Upgrade, Part, Card } }

impl SelectorKind {
    /// Every kind.
    pub const ALL: [SelectorKind; 4] =
        [SelectorKind::Ship, SelectorKind::Upgrade, SelectorKind::Part, SelectorKind::Card];

    /// The word of the card language (`count upgrade with …`) and of exported JSON:
    /// `ship`, `upgrade`, `part`, `card`; `total cost of ships` takes its plural.
    pub fn as_str(self) -> &'static str {
        match self {
            SelectorKind::Ship => "ship",
            SelectorKind::Upgrade => "upgrade",
            SelectorKind::Part => "part",
            SelectorKind::Card => "card",
        }
    }

    /// The kind this word names, singular or plural (`upgrade`, `upgrades`).
    pub fn from_word(word: &str) -> Option<SelectorKind> {
        let singular = word.strip_suffix('s').unwrap_or(word);
        SelectorKind::ALL.into_iter().find(|k| k.as_str() == singular)
    }
}

/// A narrowing of a selector.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Filter {
    /// The card has this icon.
    Icon(u16),
    /// The card has this trait.
    Trait(u16),
    /// The part is a Drive.
    Drive,
    /// The card's name contains this text.
    Name(Text),
    /// The card is of this kind the game declares (an index into
    /// [`Set::kinds`](super::Set::kinds)): `item` where items and spells both equip.
    Kind(u16),
}
packed! { enum Filter { Icon(x), Trait(x), Drive, Name(x), Kind(x) } }

/// What a counting rule counts: a kind of card narrowed by filters.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Selector {
    /// The kind counted.
    pub kind: SelectorKind,
    /// All must hold.
    pub filters: List<Filter>,
}
packed! { struct Selector { kind, filters } }

/// What a rule demands.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
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
        of: Option<Selector>,
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
packed! {
    enum Constraint {
        UniqueNames { scope }, Sum { stat, cmp, scope, condition }, TotalCost { cmp, of, stat, scope, condition },
        Same { selector }, Count { cmp, selector, scope, condition }
    }
}

/// A fleet-building or blueprint rule.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Rule {
    /// The violation id.
    pub id: Text,
    /// The message a violation prints.
    pub message: Text,
    /// What it demands.
    pub constraint: Constraint,
}
packed! { struct Rule { id, message, constraint } }

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_words_of_operators_scopes_and_selectors_read_back() {
        for op in CmpOp::ALL {
            assert_eq!(CmpOp::from_words(op.words()), Some(op));
        }
        assert_eq!(CmpOp::from_words("at \t most"), Some(CmpOp::AtMost));
        assert_eq!(CmpOp::from_words("most"), None);
        assert_eq!(CmpOp::AtLeast.json_name(), "at_least");
        for s in Scope::ALL {
            assert_eq!(Scope::from_word(s.as_str()), Some(s));
        }
        for k in SelectorKind::ALL {
            assert_eq!(SelectorKind::from_word(k.as_str()), Some(k));
            assert_eq!(SelectorKind::from_word(&format!("{}s", k.as_str())), Some(k));
        }
        assert_eq!(SelectorKind::from_word("pilots"), None);
    }
}
