//! Eclipse blueprints and the Upgrade action.
//!
//! An Upgrade action grants the species a number of activations. Each activation first
//! returns the tiles on the listed grid spaces (an Ancient part returned leaves the game),
//! then places at most one part on an empty or preprinted grid space (a space that holds
//! a placed tile must be returned first: `no-space`). A placement that breaks a built-in
//! condition (`tech-required`, `not-available`, `no-space`) is not made, and every
//! condition it breaks is reported; the blueprint's rules are checked after every activation, over the grid, the
//! fixed parts and the blueprint's own values, and a broken rule is reported while the
//! placement stands. Validation goes on to the end.

use std::collections::BTreeMap;

use crate::fleet::selects;
use crate::model::{Card, Constraint, Scope, Set};
use crate::restriction::Subject;
use crate::violation::Violation;

/// An Upgrade action sequence.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct UpgradeAction {
    /// The species card.
    pub species: u32,
    /// The techs researched (tech indices).
    pub researched: Vec<u16>,
    /// The Ancient parts owned (card indices).
    pub owned: Vec<u32>,
    /// The blueprint card.
    pub blueprint: u32,
    /// The activations, in order.
    pub activations: Vec<Activation>,
}

/// One activation: returns, then at most one placement.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Activation {
    /// Grid spaces whose placed tiles are returned first.
    pub returns: Vec<usize>,
    /// The part placed, and on which grid space.
    pub place: Option<(u32, usize)>,
}

/// What is on one grid space.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Space {
    /// Nothing.
    Empty,
    /// The part printed on the blueprint.
    Printed(u32),
    /// A tile placed over it (with what was printed underneath, if anything).
    Placed(u32, Option<u32>),
}

impl Space {
    /// The part that counts on this space.
    pub fn part(self) -> Option<u32> {
        match self {
            Space::Empty => None,
            Space::Printed(p) | Space::Placed(p, _) => Some(p),
        }
    }
}

/// The result of an Upgrade action: the violations and the final blueprint's stats.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Upgraded {
    /// Every violation, in the order found (each distinct one once).
    pub violations: Vec<Violation>,
    /// The final grid.
    pub grid: Vec<Space>,
    /// Each stat's sum over the grid, the fixed parts and the blueprint (by stat id).
    pub stats: BTreeMap<String, i64>,
}

struct Blueprint<'a> {
    set: &'a Set,
    card: &'a Card,
}

impl Subject for Blueprint<'_> {
    fn size(&self) -> Option<u16> {
        None
    }
    fn is_flagship(&self) -> bool {
        false
    }
    fn has_trait(&self, t: u16) -> bool {
        self.card.traits.contains(&t)
    }
    fn name(&self) -> &str {
        &self.card.name
    }
    fn has_ship_icon(&self, _: u16) -> bool {
        false
    }
    fn is_chassis(&self, _: u32) -> bool {
        false
    }
    fn has_faction(&self, f: u16) -> bool {
        self.card.factions.contains(&f)
    }
    fn has_action(&self, _: u16, _: Option<crate::model::Difficulty>) -> bool {
        false
    }
    fn has_class(&self, class: u16) -> bool {
        self.card.class == Some(class)
    }
}

impl Blueprint<'_> {
    /// The parts that count: the grid's and the fixed ones.
    fn parts<'g>(&'g self, grid: &'g [Space]) -> impl Iterator<Item = &'g Card> + 'g {
        grid.iter()
            .filter_map(|s| s.part())
            .chain(self.card.fixed.iter().copied())
            .filter_map(|p| self.set.cards.get(p as usize))
    }

    fn sum(&self, grid: &[Space], stat: u16) -> i64 {
        self.card.stat(stat).unwrap_or(0) + self.parts(grid).filter_map(|p| p.stat(stat)).sum::<i64>()
    }

    fn check_rules(&self, grid: &[Space], out: &mut Vec<Violation>) {
        for rule in self.set.rules.iter() {
            let holds = match &rule.constraint {
                Constraint::Sum { stat, cmp, scope: Scope::Blueprint, condition } => {
                    condition.as_ref().is_some_and(|c| !c.eval(self)) || cmp.holds(self.sum(grid, *stat))
                }
                Constraint::Count { cmp, selector, scope: Scope::Blueprint, condition } => {
                    condition.as_ref().is_some_and(|c| !c.eval(self))
                        || cmp.holds(
                            self.parts(grid).filter(|p| selects(self.set, p, selector.kind, &selector.filters)).count()
                                as i64,
                        )
                }
                Constraint::TotalCost { cmp, scope: Scope::Blueprint, condition, .. } => {
                    condition.as_ref().is_some_and(|c| !c.eval(self))
                        || cmp.holds(self.parts(grid).filter_map(|p| p.cost).sum())
                }
                _ => true,
            };
            if !holds {
                push(
                    out,
                    Violation {
                        id: rule.id.clone(),
                        message: rule.message.to_string(),
                        ship: Some(self.card.id.clone()),
                        card: None,
                    },
                );
            }
        }
    }
}

fn push(out: &mut Vec<Violation>, v: Violation) {
    if !out.contains(&v) {
        out.push(v);
    }
}

/// Runs an Upgrade action. Indices that do not name a card of the right kind are the
/// caller's to report (`unknown-card`); here they are skipped.
pub fn upgrade(set: &Set, action: &UpgradeAction) -> Upgraded {
    let mut out = Upgraded::default();
    let Some(card) = set.cards.get(action.blueprint as usize) else { return out };
    let bp = Blueprint { set, card };
    let mut grid: Vec<Space> = card.spaces.iter().map(|s| s.map_or(Space::Empty, Space::Printed)).collect();
    let mut gone: Vec<u32> = Vec::new();
    let allowed = set.cards.get(action.species as usize).and_then(|s| s.upgrade_activations);
    let builtin = |id: &'static str, message: String, part: Option<&Card>| Violation {
        id: id.into(),
        message,
        ship: Some(card.id.clone()),
        card: part.map(|p| p.id.clone()),
    };
    let return_tile = |grid: &mut Vec<Space>, space: usize, out: &mut Upgraded, gone: &mut Vec<u32>| {
        let Some(slot) = grid.get_mut(space) else {
            push(&mut out.violations, builtin("no-space", format!("{} has no grid space {space}", card.name), None));
            return;
        };
        match *slot {
            Space::Placed(part, under) => {
                *slot = under.map_or(Space::Empty, Space::Printed);
                if set.cards.get(part as usize).is_some_and(|p| p.ancient) {
                    gone.push(part);
                }
            }
            _ => push(
                &mut out.violations,
                builtin("nothing-to-return", format!("grid space {space} of {} holds no placed tile", card.name), None),
            ),
        }
    };
    for (n, activation) in action.activations.iter().enumerate() {
        if allowed.is_some_and(|a| n as u32 >= a) {
            push(
                &mut out.violations,
                builtin(
                    "too-many-activations",
                    format!("the species has {} Upgrade activations", allowed.unwrap_or(0)),
                    None,
                ),
            );
        }
        for &space in &activation.returns {
            return_tile(&mut grid, space, &mut out, &mut gone);
        }
        if let Some((p, space)) = activation.place {
            let Some(part) = set.cards.get(p as usize) else { continue };
            let in_use = grid.iter().any(|s| matches!(s, Space::Placed(q, _) if *q == p));
            // Every built-in condition the placement breaks is reported; it is made only
            // when it breaks none.
            let mut broken = Vec::new();
            if part.tech.is_some_and(|t| !action.researched.contains(&t)) {
                broken.push(builtin("tech-required", format!("{} needs its tech researched", part.name), Some(part)));
            }
            if part.ancient && (!action.owned.contains(&p) || gone.contains(&p) || in_use) {
                broken.push(builtin("not-available", format!("{} is not available", part.name), Some(part)));
            }
            match grid.get(space) {
                None => {
                    broken.push(builtin("no-space", format!("{} has no grid space {space}", card.name), Some(part)))
                }
                Some(Space::Placed(..)) => broken.push(builtin(
                    "no-space",
                    format!("grid space {space} of {} holds a placed tile: return it first", card.name),
                    Some(part),
                )),
                Some(_) => {}
            }
            if broken.is_empty() {
                let under = match grid[space] {
                    Space::Printed(q) => Some(q),
                    _ => None,
                };
                grid[space] = Space::Placed(p, under);
            }
            for v in broken {
                push(&mut out.violations, v);
            }
        }
        bp.check_rules(&grid, &mut out.violations);
    }
    for (i, stat) in set.vocab.stats.iter().enumerate() {
        out.stats.insert(stat.id.to_string(), bp.sum(&grid, i as u16));
    }
    out.grid = grid;
    out
}
