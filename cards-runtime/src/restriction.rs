//! Restriction traits (`requires: size small, medium and flagship`) as a flat expression.
//!
//! A restriction is stored in post-order: every node's operands come before it in
//! [`Restriction::nodes`], and the last node is the root. Evaluating is one pass over the
//! slice with no recursion, so no nesting depth can overflow the stack, and the same value
//! can be a `static` emitted by the compiler or a vector built at run time.

use crate::packed::packed;
use std::borrow::Cow;

use crate::model::action::Difficulty;

/// One test a restriction makes of a ship. Numbers are indices into the set's vocabulary
/// tables (sizes, traits, ship icons, factions, actions, classes) or its card table.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Atom {
    /// The ship's size is one of these.
    Size(Cow<'static, [u16]>),
    /// The ship is the fleet's flagship.
    Flagship,
    /// The ship has this trait.
    Trait(u16),
    /// The ship's name contains this text.
    Name(Cow<'static, str>),
    /// The ship has this ship icon.
    ShipIcon(u16),
    /// The ship is of this chassis (a card index).
    Chassis(u32),
    /// The ship belongs to this faction.
    Faction(u16),
    /// The ship's action bar has this action, of this color when one is given.
    Action(u16, Option<Difficulty>),
    /// The blueprint is of this class.
    Class(u16),
    /// The ship has this firing arc.
    Arc(u16),
    /// The ship equips an upgrade with this icon.
    Equipped(u16),
    /// The fleet holds a card with exactly this name.
    InFleet(Cow<'static, str>),
    /// The ship card is limited (or unique).
    Limited,
    /// The ship has this named ship ability.
    ShipAbility(Cow<'static, str>),
    /// The ship's stat has one of these values.
    Stat(u16, Cow<'static, [i64]>),
    /// The ship's upgrade bar prints this icon.
    Icon(u16),
}
packed! {
    enum Atom {
        Size(x), Flagship, Trait(x), Name(x), ShipIcon(x), Chassis(x), Faction(x), Action(a, b), Class(x), Arc(x),
        Equipped(x), InFleet(x), Limited, ShipAbility(x), Stat(a, b), Icon(x)
    }
}

/// A node of a restriction. Operands are indices of earlier nodes.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Node {
    /// A test of the ship.
    Atom(Atom),
    /// True when the operand is false.
    Not(u32),
    /// True when both operands are true.
    And(u32, u32),
    /// True when either operand is true.
    Or(u32, u32),
}
packed! { enum Node { Atom(x), Not(x), And(a, b), Or(a, b) } }

/// What a restriction needs to know of the ship (or blueprint) it is tested against.
pub trait Subject {
    /// The size index, if the subject has a size.
    fn size(&self) -> Option<u16>;
    /// Whether the subject is the flagship.
    fn is_flagship(&self) -> bool;
    /// Whether the subject has the trait.
    fn has_trait(&self, trait_: u16) -> bool;
    /// The subject's name as printed.
    fn name(&self) -> &str;
    /// Whether the subject has the ship icon.
    fn has_ship_icon(&self, icon: u16) -> bool;
    /// Whether the subject is of the chassis card.
    fn is_chassis(&self, chassis: u32) -> bool;
    /// Whether the subject belongs to the faction. A subject with no faction belongs to
    /// none.
    fn has_faction(&self, faction: u16) -> bool;
    /// Whether the subject's action bar has the action, of this color when one is given.
    fn has_action(&self, action: u16, difficulty: Option<Difficulty>) -> bool;
    /// Whether the subject is of the blueprint class.
    fn has_class(&self, class: u16) -> bool;
    /// Whether the subject has the firing arc.
    fn has_arc(&self, _arc: u16) -> bool {
        false
    }
    /// Whether the subject equips an upgrade with the icon.
    fn has_equipped(&self, _icon: u16) -> bool {
        false
    }
    /// Whether the subject's fleet holds a card with exactly this name.
    fn fleet_has_name(&self, _name: &str) -> bool {
        false
    }
    /// Whether the subject is a limited (or unique) card.
    fn is_limited(&self) -> bool {
        false
    }
    /// Whether the subject has a named ship ability.
    fn has_ship_ability(&self, _name: &str) -> bool {
        false
    }
    /// The subject's value of a stat.
    fn stat_value(&self, _stat: u16) -> Option<i64> {
        None
    }
    /// Whether the subject's upgrade bar prints the icon. A subject without an upgrade bar
    /// (a blueprint) prints none.
    fn has_icon(&self, _icon: u16) -> bool {
        false
    }
}

/// A restriction: a boolean expression over [`Atom`]s, in post-order.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Restriction {
    /// The nodes, operands before operators; the last one is the root.
    pub nodes: Cow<'static, [Node]>,
}
packed! { struct Restriction { nodes } }

impl Restriction {
    /// Whether `subject` meets the restriction. An empty restriction is always met.
    ///
    /// A node whose operand index does not point to an earlier node counts as false: a
    /// malformed restriction never panics and never allows more than a well-formed one.
    pub fn eval(&self, subject: &impl Subject) -> bool {
        let mut values: Vec<bool> = Vec::with_capacity(self.nodes.len());
        for (i, node) in self.nodes.iter().enumerate() {
            let operand = |j: u32| (j as usize) < i && values[j as usize];
            let value = match node {
                Node::Atom(atom) => atom.eval(subject),
                Node::Not(a) => (*a as usize) < i && !values[*a as usize],
                Node::And(a, b) => operand(*a) && operand(*b),
                Node::Or(a, b) => operand(*a) || operand(*b),
            };
            values.push(value);
        }
        values.last().copied().unwrap_or(true)
    }
}

impl Atom {
    /// Whether `subject` passes this one test.
    pub fn eval(&self, subject: &impl Subject) -> bool {
        match self {
            Atom::Size(sizes) => subject.size().is_some_and(|s| sizes.contains(&s)),
            Atom::Flagship => subject.is_flagship(),
            Atom::Trait(t) => subject.has_trait(*t),
            Atom::Name(text) => subject.name().contains(text.as_ref()),
            Atom::ShipIcon(i) => subject.has_ship_icon(*i),
            Atom::Chassis(c) => subject.is_chassis(*c),
            Atom::Faction(f) => subject.has_faction(*f),
            Atom::Action(a, d) => subject.has_action(*a, *d),
            Atom::Class(c) => subject.has_class(*c),
            Atom::Arc(a) => subject.has_arc(*a),
            Atom::Equipped(i) => subject.has_equipped(*i),
            Atom::InFleet(name) => subject.fleet_has_name(name),
            Atom::Limited => subject.is_limited(),
            Atom::ShipAbility(name) => subject.has_ship_ability(name),
            Atom::Stat(s, values) => subject.stat_value(*s).is_some_and(|v| values.contains(&v)),
            Atom::Icon(i) => subject.has_icon(*i),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Ship {
        size: u16,
        flagship: bool,
        name: &'static str,
    }

    impl Subject for Ship {
        fn size(&self) -> Option<u16> {
            Some(self.size)
        }
        fn is_flagship(&self) -> bool {
            self.flagship
        }
        fn has_trait(&self, _: u16) -> bool {
            false
        }
        fn name(&self) -> &str {
            self.name
        }
        fn has_ship_icon(&self, _: u16) -> bool {
            false
        }
        fn is_chassis(&self, _: u32) -> bool {
            false
        }
        fn has_faction(&self, f: u16) -> bool {
            f == 0
        }
        fn has_action(&self, _: u16, _: Option<Difficulty>) -> bool {
            false
        }
        fn has_class(&self, _: u16) -> bool {
            false
        }
    }

    fn flag_bridge() -> Restriction {
        // size small, medium and flagship
        Restriction {
            nodes: vec![Node::Atom(Atom::Size(vec![0, 1].into())), Node::Atom(Atom::Flagship), Node::And(0, 1)].into(),
        }
    }

    #[test]
    fn and_needs_both_sides() {
        let r = flag_bridge();
        let ship = |size, flagship| Ship { size, flagship, name: "Victory" };
        assert!(r.eval(&ship(1, true)));
        assert!(!r.eval(&ship(1, false)));
        assert!(!r.eval(&ship(2, true)));
    }

    #[test]
    fn not_or_and_name() {
        // not size small or name "Star Destroyer"
        let r = Restriction {
            nodes: vec![
                Node::Atom(Atom::Size(vec![0].into())),
                Node::Not(0),
                Node::Atom(Atom::Name("Star Destroyer".into())),
                Node::Or(1, 2),
            ]
            .into(),
        };
        let small = |name| Ship { size: 0, flagship: false, name };
        assert!(!r.eval(&small("Gladiator")));
        assert!(r.eval(&small("Gladiator I-class Star Destroyer")));
        assert!(r.eval(&Ship { size: 1, flagship: false, name: "x" }));
    }

    #[test]
    fn empty_is_met_and_bad_operands_are_false() {
        let ship = Ship { size: 0, flagship: true, name: "x" };
        assert!(Restriction { nodes: Vec::new().into() }.eval(&ship));
        let forward = Restriction { nodes: vec![Node::Not(5)].into() };
        assert!(!forward.eval(&ship));
        let faction = Restriction { nodes: vec![Node::Atom(Atom::Faction(0))].into() };
        assert!(faction.eval(&ship));
    }
}
