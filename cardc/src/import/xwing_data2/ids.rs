//! Card ids: unique across the set, qualified only when names clash.

use std::collections::{BTreeMap, BTreeSet};

use super::{id_of, Importer};
use crate::emit::ident::pascal;
use crate::resolve::ids::derive_id;

/// Ids for cards: the name's id when no other card has it; else qualified, and qualified
/// again from the xws id, and numbered as a last resort. Ids are compared as the Rust
/// identifiers they become, so no two collide in the generated code either.
struct Candidate {
    base: String,
    /// Tells cards of one name apart: the ship type of a pilot, the slot of an upgrade.
    qualifier: String,
    /// Tells cards of one name and qualifier apart: what their xws id adds to the name.
    edition: String,
}

fn assign_ids(cands: &[Candidate], taken: &mut BTreeSet<String>) -> Vec<String> {
    let mut ids = vec![String::new(); cands.len()];
    let take = |id: &str, taken: &mut BTreeSet<String>| taken.insert(pascal(id));
    let count = |keys: &[String]| {
        let mut n: BTreeMap<String, usize> = BTreeMap::new();
        for k in keys {
            *n.entry(pascal(k)).or_default() += 1;
        }
        n
    };
    let join = |a: &str, b: &str| if b.is_empty() { a.to_string() } else { format!("{a}-{b}") };

    let bases: Vec<String> = cands.iter().map(|c| c.base.clone()).collect();
    let n0 = count(&bases);
    let mut pending = Vec::new();
    for (i, base) in bases.iter().enumerate() {
        if n0[&pascal(base)] == 1 && !taken.contains(&pascal(base)) {
            take(base, taken);
            ids[i] = base.clone();
        } else {
            pending.push(i);
        }
    }
    let level1: Vec<String> = pending.iter().map(|&i| join(&cands[i].base, &cands[i].qualifier)).collect();
    let n1 = count(&level1);
    let mut still = Vec::new();
    for (&i, id) in pending.iter().zip(&level1) {
        if n1[&pascal(id)] == 1 && !taken.contains(&pascal(id)) {
            take(id, taken);
            ids[i] = id.clone();
        } else {
            still.push((i, join(id, &cands[i].edition)));
        }
    }
    let level2: Vec<String> = still.iter().map(|(_, id)| id.clone()).collect();
    let n2 = count(&level2);
    for (i, id) in still {
        if n2[&pascal(&id)] == 1 && take(&id, taken) {
            ids[i] = id;
            continue;
        }
        let mut n = 1;
        let mut candidate = id.clone();
        while !take(&candidate, taken) {
            n += 1;
            candidate = format!("{id}-{n}");
        }
        ids[i] = candidate;
    }
    ids
}

/// What an xws id adds to its card's name: `darthvader-battleofyavin` → `battleofyavin`.
fn edition(name: &str, xws: &str) -> String {
    let squashed: String = derive_id(name).chars().filter(|c| *c != '-').collect();
    let rest = xws.strip_prefix(&squashed).unwrap_or(xws);
    let rest = rest.trim_start_matches('-');
    if rest.is_empty() {
        String::new()
    } else {
        id_of(rest)
    }
}

impl Importer<'_> {
    /// The ids of every card: chassis, pilots (per ship file), upgrades and back sides
    /// (per upgrade file).
    #[allow(clippy::type_complexity)]
    pub(super) fn ids(&mut self) -> (Vec<String>, Vec<Vec<String>>, Vec<Vec<String>>, Vec<Vec<Option<String>>>) {
        let mut taken = BTreeSet::new();
        let mut chassis = Vec::new();
        for (folder, _, ship) in &self.data.ships {
            let faction = self.vocab.faction_by_xws.get(&ship.faction).cloned().unwrap_or_else(|| id_of(folder));
            let id = format!("{}-{faction}", id_of(&ship.name));
            let mut candidate = id.clone();
            let mut n = 1;
            while !taken.insert(pascal(&candidate)) {
                n += 1;
                candidate = format!("{id}-{n}");
            }
            chassis.push(candidate);
        }
        let mut cands = Vec::new();
        for (_, _, ship) in &self.data.ships {
            for p in &ship.pilots {
                cands.push(Candidate {
                    base: id_of(&p.name),
                    qualifier: id_of(&ship.name),
                    edition: edition(&p.name, &p.xws),
                });
            }
        }
        for (_, upgrades) in &self.data.upgrades {
            for u in upgrades {
                let slots = u.sides.first().map(|s| s.slots.clone()).unwrap_or_default();
                let qualifier = slots.iter().map(|s| id_of(s)).collect::<Vec<_>>().join("-");
                cands.push(Candidate { base: id_of(&u.name), qualifier, edition: edition(&u.name, &u.xws) });
            }
        }
        let mut all = assign_ids(&cands, &mut taken).into_iter();
        let pilots: Vec<Vec<String>> = self
            .data
            .ships
            .iter()
            .map(|(_, _, s)| s.pilots.iter().map(|_| all.next().unwrap_or_default()).collect())
            .collect();
        let upgrades: Vec<Vec<String>> = self
            .data
            .upgrades
            .iter()
            .map(|(_, us)| us.iter().map(|_| all.next().unwrap_or_default()).collect())
            .collect();
        for ((_, us), ids) in self.data.upgrades.iter().zip(&upgrades) {
            for (u, id) in us.iter().zip(ids) {
                self.upgrade_ids.insert(u.xws.clone(), id.clone());
            }
        }
        // Back sides: their title's id, else the front's id with `-back`.
        let mut backs = Vec::new();
        let mut seen: BTreeMap<String, usize> = BTreeMap::new();
        for (_, us) in &self.data.upgrades {
            for u in us {
                if let Some(side) = u.sides.get(1) {
                    *seen.entry(pascal(&id_of(&side.title))).or_default() += 1;
                }
            }
        }
        for ((_, us), ids) in self.data.upgrades.iter().zip(&upgrades) {
            let mut row = Vec::new();
            for (u, front) in us.iter().zip(ids) {
                row.push(u.sides.get(1).map(|side| {
                    let base = id_of(&side.title);
                    if seen[&pascal(&base)] == 1 && taken.insert(pascal(&base)) {
                        return base;
                    }
                    let id = format!("{front}-back");
                    let mut candidate = id.clone();
                    let mut n = 1;
                    while !taken.insert(pascal(&candidate)) {
                        n += 1;
                        candidate = format!("{id}-{n}");
                    }
                    candidate
                }));
            }
            backs.push(row);
        }
        (chassis, pilots, upgrades, backs)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cand(base: &str, qualifier: &str, edition: &str) -> Candidate {
        Candidate { base: base.into(), qualifier: qualifier.into(), edition: edition.into() }
    }

    #[test]
    fn ids_are_qualified_only_when_names_clash() {
        let mut taken = BTreeSet::new();
        let ids = assign_ids(
            &[
                cand("biggs-darklighter", "t-65-x-wing", ""),
                cand("darth-vader", "tie-advanced-x1", ""),
                cand("darth-vader", "tie-advanced-x1", "battleofyavin"),
                cand("darth-vader", "crew", ""),
                cand("chewbacca", "crew", ""),
                cand("chewbacca", "crew", "crew"),
            ],
            &mut taken,
        );
        assert_eq!(
            ids,
            [
                "biggs-darklighter",
                "darth-vader-tie-advanced-x1",
                "darth-vader-tie-advanced-x1-battleofyavin",
                "darth-vader-crew",
                "chewbacca-crew",
                "chewbacca-crew-crew",
            ]
        );
        assert_eq!(edition("Darth Vader", "darthvader-battleofyavin"), "battleofyavin");
        assert_eq!(edition("Darth Vader", "darthvader"), "");
        assert_eq!(edition("“Chopper”", "chopper-crew"), "crew");
    }

    #[test]
    fn identical_candidates_are_numbered() {
        let mut taken = BTreeSet::new();
        let ids = assign_ids(&[cand("x", "y", ""), cand("x", "y", "")], &mut taken);
        assert_eq!(ids, ["x-y", "x-y-2"]);
    }
}
