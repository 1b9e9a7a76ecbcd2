//! The typed API a compiled set generates answers what identifies a card or a vocabulary
//! entry (its id, its name, the entry with an id) and what is printed on a card (cost,
//! factions, icons, bar, stats, charges…) from tables of the generated code: the packed
//! set is not unpacked for them.

use std::process::Command;

/// Set in the process [`ids_and_names_unpack_nothing`] runs itself in.
const PROBE: &str = "CARDS_TYPED_API_PROBE";

/// The set is a `static` every test of this binary shares, and any of them may unpack it:
/// the test runs again in a process of its own, alone, and asks there.
#[test]
fn ids_and_names_unpack_nothing() {
    if std::env::var_os(PROBE).is_none() {
        let exe = std::env::current_exe().expect("the test binary");
        let out = Command::new(exe)
            .args(["--exact", "typed_api::ids_and_names_unpack_nothing", "--test-threads=1"])
            .env(PROBE, "1")
            .output()
            .expect("the test binary runs");
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert!(out.status.success(), "{stdout}\n{}", String::from_utf8_lossy(&out.stderr));
        assert!(stdout.contains("1 passed"), "the probe ran: {stdout}");
        return;
    }
    use cards::armada;
    let dominator = armada::CardId::from_id("dominator").expect("the Dominator");
    assert_eq!(dominator, armada::CardId::Dominator);
    assert_eq!(dominator.as_str(), "dominator");
    assert_eq!(dominator.name(), "Dominator");
    assert_eq!(dominator.to_string(), "Dominator");
    assert_eq!(armada::CardId::from_id("no-such-card"), None);
    for (i, id) in armada::CardId::IDS.iter().enumerate() {
        assert_eq!(armada::CardId::from_id(id), Some(armada::CardId::ALL[i]), "{id}");
    }
    let title = armada::Icon::from_id("title").expect("the title icon");
    assert_eq!((title.as_str(), title.name(), title.index()), ("title", "Title", armada::Icon::Title.index()));
    assert_eq!(armada::Icon::from_id("no-such-icon"), None);
    // What is printed on the cards, as `ships.cards` and `upgrades.cards` print it.
    use armada::cards::{Dominator, VictoryIiClassStarDestroyer as Vsd};
    use armada::{Faction, Icon, Kind, Size, Stat};
    use cards_runtime::typed::{Card, Ship, Upgrade};
    assert_eq!((Dominator::COST, Dominator::UNIQUE, Dominator::KIND), (Some(12), true, Kind::Upgrade));
    assert_eq!((Dominator::ICONS, Dominator::FACTIONS), (&[Icon::Title][..], &[Faction::Empire][..]));
    assert_eq!((Vsd::COST, Vsd::SIZE, Vsd::NAME), (Some(85), Some(Size::Medium), "Victory II-class Star Destroyer"));
    assert_eq!(Vsd::STATS, &[(Stat::Hull, 8), (Stat::Command, 3), (Stat::Squadron, 3), (Stat::Engineering, 4)]);
    assert_eq!(
        Vsd::UPGRADES,
        &[Icon::Officer, Icon::WeaponsTeam, Icon::OffensiveRetrofit, Icon::IonCannons, Icon::Turbolasers, Icon::Title]
    );
    // Every fact of every card, through `CardId` at run time.
    let mut read = 0;
    for card in armada::CardId::ALL {
        read += usize::from(card.cost().is_some())
            + card.factions().len()
            + card.icons().len()
            + card.upgrades().len()
            + card.stats().len()
            + usize::from(card.size().is_some() || card.unique() || card.limited().is_some())
            + usize::from(card.charges().is_some() || card.force().is_some() || card.xws().is_some())
            + usize::from(card.cost_by().is_some() || card.profile().is_some())
            + card.kind().name().len();
    }
    assert!(read > 0);
    assert!(!armada::SET.is_unpacked(), "reading ids, names and printed facts unpacked the set");
    // The tables say what the set says.
    assert_eq!(armada::SET.cards[dominator.index() as usize].name, dominator.name());
    assert!(armada::SET.is_unpacked());
}

/// Every printed fact the typed tables give equals the dynamic model's (a unit's factions,
/// size and stats as the validator's view of the ship has them), for every card of every
/// shipped set (the tables and the packed data are written by two paths of the
/// emitter; the model is what the validator reads).
#[test]
fn the_typed_tables_agree_with_the_model() {
    use cards_runtime::model::{CardKind, CostBasis, Set, ShipView};
    use cards_runtime::restriction::Subject;
    use cards_runtime::typed::{CostBy, Entry, Id};

    fn entries<E: Entry>(typed: &[E]) -> Vec<u16> {
        typed.iter().map(|e| e.index()).collect()
    }
    macro_rules! agree {
        ($set:ident) => {{
            use cards::$set::CardId;
            let set: &Set = cards::$set::SET.get();
            assert_eq!(CardId::ALL.len(), set.cards.len());
            for id in CardId::ALL {
                let card = &set.cards[Id::index(id) as usize];
                let what = format!("{} {}", stringify!($set), card.id);
                assert_eq!((id.as_str(), id.name()), (&*card.id, &*card.name), "{what}");
                assert_eq!(id.kind().role(), card.kind, "{what}");
                assert_eq!(id.kind().as_str(), set.kind_of(card).noun.id, "{what}");
                assert_eq!((id.cost(), id.unique(), id.limited()), (card.cost, card.unique, card.limited), "{what}");
                // A unit's factions, size and stats are the validator's view of the ship:
                // its own, else its profile card's.
                let view = (card.kind == CardKind::Ship).then(|| ShipView::new(set, Id::index(id), false)).flatten();
                let factions = view.map_or(&*card.factions, |v| v.factions());
                let size = view.map_or(card.size, |v| v.size());
                let stat_of = |s: u16| view.map_or(card.stat(s), |v| v.stat(s));
                let stats: Vec<(u16, i64)> =
                    (0..set.vocab.stats.len() as u16).filter_map(|s| stat_of(s).map(|v| (s, v))).collect();
                assert_eq!(entries(id.factions()), factions, "{what}");
                assert_eq!(id.size().map(Entry::index), size, "{what}");
                assert_eq!(entries(id.upgrades()), &*card.upgrades, "{what}");
                assert_eq!(entries(id.icons()), &*card.icons, "{what}");
                let typed: Vec<(u16, i64)> = id.stats().iter().map(|(s, v)| (s.index(), *v)).collect();
                assert_eq!(typed, stats, "{what}");
                assert_eq!((id.charges(), id.force()), (card.charges, card.force), "{what}");
                assert_eq!(id.xws(), card.xws.as_deref(), "{what}");
                assert_eq!(id.profile().map(Id::index), card.chassis, "{what}");
                let cost_by = id.cost_by().map(|c| match c {
                    CostBy::Size(costs) => {
                        (CostBasis::Size, costs.iter().map(|(s, c)| (i64::from(s.index()), *c)).collect())
                    }
                    CostBy::Stat(stat, costs) => (CostBasis::Stat(stat.index()), costs.to_vec()),
                });
                let model: Option<(CostBasis, Vec<(i64, i64)>)> =
                    card.cost_by.as_ref().map(|c| (c.basis, c.values.to_vec()));
                assert_eq!(cost_by, model, "{what}");
            }
        }};
    }
    agree!(armada);
    agree!(eclipse);
    agree!(emberfall);
    agree!(xwing);
}
