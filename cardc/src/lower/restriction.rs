//! Restrictions → the runtime's post-order form. An atom with a list (`class a, b`) means
//! any of them: one runtime atom per name, joined by `or`.

use cards_runtime::model::Difficulty;
use cards_runtime::restriction::{Atom as RtAtom, Node, Restriction as RtRestriction};

use crate::ast::{Atom, AtomKind, CardKind, RNode, Restriction, Token, VocabKind};
use crate::resolve::Names;

/// Lowers `r`; `None` when a name in it does not resolve (the check reported it).
pub fn restriction(names: &Names<'_>, r: &Restriction) -> Option<RtRestriction> {
    let mut nodes: Vec<Node> = Vec::with_capacity(r.nodes.len());
    // The runtime index of each AST node's root.
    let mut root: Vec<u32> = Vec::with_capacity(r.nodes.len());
    for node in &r.nodes {
        match node {
            RNode::Atom(atom) => {
                let mut top: Option<u32> = None;
                for a in atoms(names, atom)? {
                    nodes.push(Node::Atom(a));
                    let here = (nodes.len() - 1) as u32;
                    top = Some(match top {
                        None => here,
                        Some(prev) => {
                            nodes.push(Node::Or(prev, here));
                            (nodes.len() - 1) as u32
                        }
                    });
                }
                if top.is_none() {
                    // An atom that tests nothing still takes its place, so indices stay
                    // aligned (the parser gives every list atom a name).
                    nodes.push(Node::Atom(RtAtom::Flagship));
                    top = Some((nodes.len() - 1) as u32);
                }
                root.push(top.unwrap_or_default());
            }
            RNode::Not(a) => {
                nodes.push(Node::Not(*root.get(*a as usize)?));
                root.push((nodes.len() - 1) as u32);
            }
            RNode::And(a, b) | RNode::Or(a, b) => {
                let (a, b) = (*root.get(*a as usize)?, *root.get(*b as usize)?);
                nodes.push(if matches!(node, RNode::And(..)) { Node::And(a, b) } else { Node::Or(a, b) });
                root.push((nodes.len() - 1) as u32);
            }
        }
    }
    Some(RtRestriction { nodes: nodes.into() })
}

/// The runtime atoms of one atom: one per name it lists; `None` when a name does not
/// resolve.
fn atoms(names: &Names<'_>, atom: &Atom) -> Option<Vec<RtAtom>> {
    let idents = atom.args.iter().filter_map(|t| match t {
        Token::Ident(i) => Some(i),
        _ => None,
    });
    let strings = atom.args.iter().filter_map(|t| match t {
        Token::Str(s) => Some(std::borrow::Cow::Owned(s.value.clone())),
        _ => None,
    });
    // The entries the atom's names are, of the kind the atom takes.
    let entries = || -> Option<Vec<u16>> {
        let kind = atom.kind.vocab_kind()?;
        idents.clone().map(|i| names.vocab_written(kind, &i.text)).collect()
    };
    let each = |f: fn(u16) -> RtAtom| entries().map(|e| e.into_iter().map(f).collect());
    match atom.kind {
        AtomKind::Flagship => Some(vec![RtAtom::Flagship]),
        AtomKind::Limited => Some(vec![RtAtom::Limited]),
        AtomKind::Name => Some(strings.map(RtAtom::Name).collect()),
        AtomKind::InFleet => Some(strings.map(RtAtom::InFleet).collect()),
        AtomKind::ShipAbility => Some(strings.map(RtAtom::ShipAbility).collect()),
        AtomKind::Stat => {
            let stat = names.vocab_written(VocabKind::Stat, &atom.modifier.as_ref()?.text)?;
            let values: Vec<i64> = atom
                .args
                .iter()
                .filter_map(|t| match t {
                    Token::Number(n) => Some(n.value),
                    _ => None,
                })
                .collect();
            Some(vec![RtAtom::Stat(stat, values.into())])
        }
        AtomKind::Action => {
            let color = atom.modifier.as_ref().and_then(|c| Difficulty::from_word(&c.text));
            Some(entries()?.into_iter().map(|a| RtAtom::Action(a, color)).collect())
        }
        AtomKind::Size => Some(vec![RtAtom::Size(entries()?.into())]),
        AtomKind::Chassis => idents.map(|i| names.card_id(CardKind::Chassis, &i.text).map(RtAtom::Chassis)).collect(),
        AtomKind::Arc => each(RtAtom::Arc),
        AtomKind::Equipped => each(RtAtom::Equipped),
        AtomKind::Trait => each(RtAtom::Trait),
        AtomKind::ShipIcon => each(RtAtom::ShipIcon),
        AtomKind::Faction => each(RtAtom::Faction),
        AtomKind::Class => each(RtAtom::Class),
        AtomKind::Icon => each(RtAtom::Icon),
    }
}
