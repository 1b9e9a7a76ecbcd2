//! Restrictions: every name an atom uses resolves (sizes, traits, ship icons, factions,
//! actions, classes, icons, chassis), and the expression becomes the runtime's post-order form.
//! An atom with a list (`class a, b`) means any of them.

use cards_runtime::model::Difficulty;
use cards_runtime::restriction::{Atom as RtAtom, Node, Restriction as RtRestriction};

use crate::ast::{AtomKind, CardKind, FileId, RNode, Restriction, Token, VocabKind};
use crate::diagnostics::Diagnostic;
use crate::resolve::Names;

/// Resolves and lowers `r`. Reports every unresolved name; `None` if there was one.
pub fn lower_restriction(
    names: &Names<'_>,
    file: FileId,
    r: &Restriction,
    d: &mut Vec<Diagnostic>,
) -> Option<RtRestriction> {
    let mut nodes: Vec<Node> = Vec::with_capacity(r.nodes.len());
    // The runtime index of each AST node's root.
    let mut root: Vec<u32> = Vec::with_capacity(r.nodes.len());
    let mut ok = true;
    for node in &r.nodes {
        match node {
            RNode::Atom(atom) => {
                let idents = atom.args.iter().filter_map(|t| match t {
                    Token::Ident(i) => Some(i),
                    _ => None,
                });
                let vocab = |kind: VocabKind, d: &mut Vec<Diagnostic>| {
                    resolve_all(idents.clone(), |i| names.vocab(kind, i, file), d)
                };
                let strings = atom.args.iter().filter_map(|t| match t {
                    Token::Str(s) => Some(std::borrow::Cow::Owned(s.value.clone())),
                    _ => None,
                });
                let (atoms, resolved): (Vec<RtAtom>, bool) = match atom.kind {
                    AtomKind::Flagship => (vec![RtAtom::Flagship], true),
                    AtomKind::Limited => (vec![RtAtom::Limited], true),
                    AtomKind::Name => (strings.map(RtAtom::Name).collect(), true),
                    AtomKind::InFleet => (strings.map(RtAtom::InFleet).collect(), true),
                    AtomKind::ShipAbility => (strings.map(RtAtom::ShipAbility).collect(), true),
                    AtomKind::Stat => {
                        let values: Vec<i64> = atom
                            .args
                            .iter()
                            .filter_map(|t| match t {
                                Token::Number(n) => Some(n.value),
                                _ => None,
                            })
                            .collect();
                        match atom.modifier.as_ref().map(|s| names.vocab(VocabKind::Stat, s, file)) {
                            Some(Ok(stat)) => (vec![RtAtom::Stat(stat, values.into())], true),
                            Some(Err(e)) => {
                                d.push(e);
                                (Vec::new(), false)
                            }
                            None => (Vec::new(), false),
                        }
                    }
                    AtomKind::Action => {
                        let color = atom.modifier.as_ref().and_then(|c| Difficulty::from_word(&c.text));
                        let (actions, ok) = vocab(VocabKind::Action, d);
                        (actions.into_iter().map(|a| RtAtom::Action(a, color)).collect(), ok)
                    }
                    AtomKind::Arc => map(vocab(VocabKind::Arc, d), RtAtom::Arc),
                    AtomKind::Equipped => map(vocab(VocabKind::Icon, d), RtAtom::Equipped),
                    AtomKind::Size => {
                        let (sizes, ok) = vocab(VocabKind::Size, d);
                        (vec![RtAtom::Size(sizes.into())], ok)
                    }
                    AtomKind::Chassis => {
                        let (cards, ok) = resolve_all(idents.clone(), |i| names.card(CardKind::Chassis, i, file), d);
                        (cards.into_iter().map(RtAtom::Chassis).collect(), ok)
                    }
                    AtomKind::Trait => map(vocab(VocabKind::Trait, d), RtAtom::Trait),
                    AtomKind::ShipIcon => map(vocab(VocabKind::ShipIcon, d), RtAtom::ShipIcon),
                    AtomKind::Faction => map(vocab(VocabKind::Faction, d), RtAtom::Faction),
                    AtomKind::Class => map(vocab(VocabKind::Class, d), RtAtom::Class),
                    AtomKind::Icon => map(vocab(VocabKind::Icon, d), RtAtom::Icon),
                };
                ok &= resolved;
                let mut top: Option<u32> = None;
                for a in atoms {
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
                    // Nothing resolved: keep a placeholder so indices stay aligned; the
                    // restriction is dropped below anyway.
                    nodes.push(Node::Atom(RtAtom::Flagship));
                    top = Some((nodes.len() - 1) as u32);
                }
                root.push(top.unwrap_or_default());
            }
            RNode::Not(a) => {
                nodes.push(Node::Not(root[*a as usize]));
                root.push((nodes.len() - 1) as u32);
            }
            RNode::And(a, b) | RNode::Or(a, b) => {
                let (a, b) = (root[*a as usize], root[*b as usize]);
                nodes.push(if matches!(node, RNode::And(..)) { Node::And(a, b) } else { Node::Or(a, b) });
                root.push((nodes.len() - 1) as u32);
            }
        }
    }
    ok.then(|| RtRestriction { nodes: nodes.into() })
}

fn map(resolved: (Vec<u16>, bool), f: fn(u16) -> RtAtom) -> (Vec<RtAtom>, bool) {
    (resolved.0.into_iter().map(f).collect(), resolved.1)
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
