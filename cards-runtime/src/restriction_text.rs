//! Restrictions in plain words, for people: `requires: icon crew and faction rebel` reads
//! "a ship with the [Crew] slot and of the Rebel faction".
//!
//! Vocabulary entries are named by their display names, icons and actions in brackets as
//! card text prints them. `and` binds tighter than `or`, so an `or` inside an `and` (and
//! anything but a single test under `not`) is put in parentheses.

use crate::model::{CardKind, Set, VocabKind};
use crate::restriction::{Atom, Node, Restriction};

/// What `restriction` requires, as a phrase about a unit in the game's words: "a ship of
/// size Small or Medium and that is the flagship" (a fantasy game's "a hero with the
/// Mounted trait"). An empty restriction is "any ship".
pub fn describe(set: &Set, restriction: &Restriction) -> String {
    let unit = set.noun(CardKind::Ship);
    match phrase(set, &restriction.nodes, restriction.nodes.len().checked_sub(1)) {
        Some(p) => format!("{} {}", unit.a(), p.text),
        None => format!("any {}", unit.one()),
    }
}

/// What a title's `ship-icon:` requires: "a ship with the Victory ship icon".
pub fn describe_ship_icon(set: &Set, icon: u16) -> String {
    format!("{} {}", set.noun(CardKind::Ship).a(), atom(set, &Atom::ShipIcon(icon), false))
}

/// A phrase and the operator at its top, to know when it needs parentheses.
struct Phrase {
    text: String,
    top: Top,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Top {
    Atom,
    Not,
    And,
    Or,
}

/// The phrase of node `at`. Operands always come before their node, so the recursion
/// goes down strictly and a malformed operand (not earlier) reads as "an unknown test".
fn phrase(set: &Set, nodes: &[Node], at: Option<usize>) -> Option<Phrase> {
    let at = at?;
    let operand = |j: u32| -> Phrase {
        let j = j as usize;
        if j < at {
            phrase(set, nodes, Some(j)).unwrap_or_else(unknown)
        } else {
            unknown()
        }
    };
    Some(match nodes.get(at)? {
        Node::Atom(a) => Phrase { text: atom(set, a, false), top: Top::Atom },
        Node::Not(a) => match nodes.get(*a as usize).filter(|_| (*a as usize) < at) {
            Some(Node::Atom(inner)) => Phrase { text: atom(set, inner, true), top: Top::Not },
            _ => Phrase { text: format!("not ({})", operand(*a).text), top: Top::Not },
        },
        Node::And(a, b) => {
            let side = |p: Phrase| if p.top == Top::Or { format!("({})", p.text) } else { p.text };
            Phrase { text: format!("{} and {}", side(operand(*a)), side(operand(*b))), top: Top::And }
        }
        Node::Or(a, b) => Phrase { text: format!("{} or {}", operand(*a).text, operand(*b).text), top: Top::Or },
    })
}

fn unknown() -> Phrase {
    Phrase { text: "that passes an unknown test".to_string(), top: Top::Atom }
}

/// One test as words that follow "a ship", negated when `not`.
fn atom(set: &Set, atom: &Atom, not: bool) -> String {
    let name = |kind: VocabKind, i: u16| -> String {
        kind.entries(&set.vocab).get(i as usize).map_or_else(|| format!("#{i}"), |e| e.name.to_string())
    };
    let names = |kind: VocabKind, list: &[u16]| -> String {
        let all: Vec<String> = list.iter().map(|&i| name(kind, i)).collect();
        either(&all)
    };
    let with = if not { "without" } else { "with" };
    let of = if not { "not of" } else { "of" };
    let that_is = if not { "that is not" } else { "that is" };
    match atom {
        Atom::Size(sizes) => format!("{of} size {}", names(VocabKind::Size, sizes)),
        Atom::Flagship => format!("{that_is} the flagship"),
        Atom::Trait(t) => format!("{with} the {} trait", name(VocabKind::Trait, *t)),
        Atom::Name(text) => {
            let does = if not { "does not contain" } else { "contains" };
            format!("whose name {does} “{text}”")
        }
        Atom::ShipIcon(i) => format!("{with} the {} ship icon", name(VocabKind::ShipIcon, *i)),
        Atom::Chassis(c) => {
            let chassis = set.cards.get(*c as usize).map_or_else(|| format!("#{c}"), |card| card.name.to_string());
            format!("{of} the {chassis} {}", set.noun(CardKind::Chassis).one())
        }
        Atom::Faction(f) => format!("{of} the {} faction", name(VocabKind::Faction, *f)),
        Atom::Action(a, d) => {
            let color = d.map_or(String::new(), |d| format!("{} ", d.as_str()));
            format!("{with} the {color}[{}] action", name(VocabKind::Action, *a))
        }
        Atom::Class(c) => format!("{of} class {}", name(VocabKind::Class, *c)),
        Atom::Arc(a) => format!("{with} the [{}] arc", name(VocabKind::Arc, *a)),
        Atom::Equipped(i) => {
            let upgrade = set.noun(CardKind::Upgrade);
            let equips =
                if not { format!("that equips no {}", upgrade.one()) } else { format!("that equips {}", upgrade.a()) };
            format!("{equips} with the [{}] icon", name(VocabKind::Icon, *i))
        }
        Atom::InFleet(n) => {
            let whose = if not { "without" } else { "with" };
            format!("in {} {whose} “{n}”", set.roster.a())
        }
        Atom::Limited => format!("{that_is} limited or unique"),
        Atom::ShipAbility(n) => format!("{with} the ship ability “{n}”"),
        Atom::Stat(s, values) => {
            let values: Vec<String> = values.iter().map(i64::to_string).collect();
            let stat = name(VocabKind::Stat, *s);
            let other = if not { " other than" } else { "" };
            format!("with {stat}{other} {}", either(&values))
        }
        Atom::Icon(i) => format!("{with} the [{}] slot", name(VocabKind::Icon, *i)),
    }
}

/// `a`, `a or b`, `a, b or c`.
fn either(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} or {last}", rest.join(", ")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Card, CardKind, Difficulty, Entry};

    fn entries(names: &[&'static str]) -> crate::model::List<Entry> {
        names.iter().map(|n| Entry { id: n.to_lowercase().into(), name: (*n).into(), marked: false }).collect()
    }

    fn set() -> Set {
        let mut set = Set {
            game: "g".into(),
            name: "G".into(),
            vocab: Default::default(),
            kinds: std::borrow::Cow::Borrowed(&crate::model::kinds::PRELUDE),
            roster: crate::model::Noun::FLEET,
            distance: None,
            verbs: Vec::new().into(),
            flagship_icon: None,
            cards: vec![Card::empty("x1", "TIE Advanced x1", CardKind::Chassis)].into(),
            rules: Vec::new().into(),
            releases: Vec::new().into(),
        };
        set.vocab.sizes = entries(&["Small", "Medium", "Large"]);
        set.vocab.factions = entries(&["Rebel Alliance", "Scum"]);
        set.vocab.icons = entries(&["Crew", "Astromech"]);
        set.vocab.actions = entries(&["Boost", "Barrel Roll"]);
        set.vocab.traits = entries(&["TIE"]);
        set.vocab.stats = entries(&["agility"]);
        set
    }

    fn nodes(nodes: Vec<Node>) -> Restriction {
        Restriction { nodes: nodes.into() }
    }

    #[test]
    fn an_and_of_two_tests() {
        // icon crew and faction rebel-alliance
        let r = nodes(vec![Node::Atom(Atom::Icon(0)), Node::Atom(Atom::Faction(0)), Node::And(0, 1)]);
        assert_eq!(describe(&set(), &r), "a ship with the [Crew] slot and of the Rebel Alliance faction");
    }

    #[test]
    fn or_inside_and_is_parenthesised_and_not_reads_as_its_negation() {
        // size small, medium and (faction scum or action red boost) and not trait tie
        let r = nodes(vec![
            Node::Atom(Atom::Size(vec![0, 1].into())),
            Node::Atom(Atom::Faction(1)),
            Node::Atom(Atom::Action(0, Some(Difficulty::Red))),
            Node::Or(1, 2),
            Node::And(0, 3),
            Node::Atom(Atom::Trait(0)),
            Node::Not(5),
            Node::And(4, 6),
        ]);
        assert_eq!(
            describe(&set(), &r),
            "a ship of size Small or Medium and (of the Scum faction or with the red [Boost] action) and without the TIE trait"
        );
    }

    #[test]
    fn every_atom_and_its_negation() {
        let set = set();
        let cases: Vec<(Atom, &str, &str)> = vec![
            (Atom::Size(vec![0, 1, 2].into()), "of size Small, Medium or Large", "not of size Small, Medium or Large"),
            (Atom::Flagship, "that is the flagship", "that is not the flagship"),
            (
                Atom::Name("Star Destroyer".into()),
                "whose name contains “Star Destroyer”",
                "whose name does not contain “Star Destroyer”",
            ),
            (Atom::Chassis(0), "of the TIE Advanced x1 chassis", "not of the TIE Advanced x1 chassis"),
            (Atom::Action(1, None), "with the [Barrel Roll] action", "without the [Barrel Roll] action"),
            (
                Atom::Equipped(1),
                "that equips an upgrade with the [Astromech] icon",
                "that equips no upgrade with the [Astromech] icon",
            ),
            (Atom::InFleet("Darth Vader".into()), "in a fleet with “Darth Vader”", "in a fleet without “Darth Vader”"),
            (Atom::Limited, "that is limited or unique", "that is not limited or unique"),
            (Atom::Stat(0, vec![2, 3].into()), "with agility 2 or 3", "with agility other than 2 or 3"),
        ];
        for (a, yes, no) in cases {
            let r = nodes(vec![Node::Atom(a.clone())]);
            assert_eq!(describe(&set, &r), format!("a ship {yes}"), "{a:?}");
            let r = nodes(vec![Node::Atom(a.clone()), Node::Not(0)]);
            assert_eq!(describe(&set, &r), format!("a ship {no}"), "not {a:?}");
        }
    }

    #[test]
    fn not_of_a_compound_and_bad_operands() {
        let r = nodes(vec![Node::Atom(Atom::Flagship), Node::Atom(Atom::Icon(0)), Node::Or(0, 1), Node::Not(2)]);
        assert_eq!(describe(&set(), &r), "a ship not (that is the flagship or with the [Crew] slot)");
        let r = nodes(vec![Node::Not(4), Node::And(0, 9)]);
        assert_eq!(describe(&set(), &r), "a ship not (that passes an unknown test) and that passes an unknown test");
        assert_eq!(describe(&set(), &nodes(vec![])), "any ship");
        assert_eq!(describe(&set(), &nodes(vec![Node::Atom(Atom::Faction(9))])), "a ship of the #9 faction");
    }
}
