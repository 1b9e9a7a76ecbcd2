//! An engine author's program, written against the typed API that `build.rs` generates for
//! the shipped X-Wing set (`cards/xwing`): which upgrades fit a pilot, by its upgrade bar and
//! by the cards' restrictions; what a squad costs and whether it is legal; and one card's
//! ability played through the ability engine.
//!
//! `cargo run --example squad`. The tests run it too (`tests/it/example.rs`) and read what
//! it prints.

use std::collections::BTreeMap;
use std::io::{self, Write};

use cards::xwing::{CardId, Faction, Icon, Kind, Stat, Token};
use cards_runtime::ability::{Amount, Condition, Effect, EffectKind, Noun, Person, VocabRef};
use cards_runtime::engine::{Engine, Event, First, GameState, Happened, Held, ShipId, Status};
use cards_runtime::fleet::{validate_fleet, Fleet, FleetShip};
use cards_runtime::model::VocabKind;

/// Whether `bar` has a slot for each of `icons` (an upgrade filling two crew slots needs two).
fn has_room(bar: &[Icon], icons: &[Icon]) -> bool {
    icons.iter().all(|icon| {
        let needed = icons.iter().filter(|i| *i == icon).count();
        bar.iter().filter(|i| *i == icon).count() >= needed
    })
}

/// A one-pilot squad of the pilot's faction, with these upgrades.
fn squad(faction: Faction, pilot: CardId, upgrades: &[CardId]) -> Fleet {
    Fleet::of(faction, vec![FleetShip::of(pilot, upgrades)])
}

/// The faction a pilot flies for (its chassis' when the pilot card prints none, as the
/// typed facts of a unit have it).
fn faction_of(pilot: CardId) -> Option<Faction> {
    pilot.factions().first().copied()
}

/// What a card costs on `pilot`: its printed cost, or the cost its `cost: by …` gives for
/// the pilot's size or stat (the chassis' size and stats count as the pilot's).
fn cost_on(card: CardId, pilot: CardId) -> Option<i64> {
    let stat = |stat: Stat| pilot.stats().iter().find(|(s, _)| *s == stat).map(|(_, v)| *v);
    card.cost().or_else(|| card.cost_by()?.for_ship(pilot.size(), stat))
}

/// Every upgrade of the set that fits `pilot`: its icons find room on the bar, and a squad
/// of the pilot with it alone breaks no restriction and no rule.
fn upgrades_for(out: &mut impl Write, pilot: CardId) -> io::Result<()> {
    let faction = faction_of(pilot).expect("every pilot of the set flies for a faction");
    writeln!(out, "{} ({faction}), bar: {}", pilot.name(), names(pilot.upgrades()))?;
    for upgrade in CardId::ALL.into_iter().filter(|c| c.kind() == Kind::Upgrade) {
        if !has_room(pilot.upgrades(), upgrade.icons()) {
            continue;
        }
        let violations = validate_fleet(&cards::xwing::SET, &squad(faction, pilot, &[upgrade]));
        match violations.first() {
            None => writeln!(out, "  fits: {} ({})", upgrade.name(), names(upgrade.icons()))?,
            Some(why) => writeln!(out, "  not:  {} ({}): {}", upgrade.name(), names(upgrade.icons()), why.message)?,
        }
    }
    Ok(())
}

/// `Crew, Crew`.
fn names(icons: &[Icon]) -> String {
    icons.iter().map(|i| i.name()).collect::<Vec<_>>().join(", ")
}

/// A squad's cost, pilot by pilot, and its verdict.
fn squad_cost(out: &mut impl Write, faction: Faction, ships: &[(CardId, &[CardId])]) -> io::Result<i64> {
    let mut total = 0;
    for (pilot, upgrades) in ships {
        let cost: i64 = std::iter::once(pilot).chain(upgrades.iter()).filter_map(|c| cost_on(*c, *pilot)).sum();
        let with: Vec<&str> = upgrades.iter().map(|u| u.name()).collect();
        writeln!(out, "  {} with {}: {cost}", pilot.name(), with.join(", "))?;
        total += cost;
    }
    let fleet = Fleet::of(faction, ships.iter().map(|(pilot, upgrades)| FleetShip::of(*pilot, upgrades)).collect());
    let violations = validate_fleet(&cards::xwing::SET, &fleet);
    let verdict = if violations.is_empty() { "legal" } else { "illegal" };
    writeln!(out, "  total {total}: {verdict}")?;
    for v in &violations {
        writeln!(out, "    {}", v.message)?;
    }
    Ok(total)
}

/// Two friendly ships at range 2 and the tokens they hold: the game the engine asks its
/// questions of. Each ship has the abilities of the cards it has.
struct Table {
    ships: Vec<(CardId, Vec<CardId>)>,
    tokens: BTreeMap<(ShipId, Token), u32>,
}

impl Table {
    fn tokens(&self, ship: ShipId, token: Token) -> u32 {
        self.tokens.get(&(ship, token)).copied().unwrap_or(0)
    }
}

impl GameState<'static> for Table {
    fn ships(&self) -> Vec<ShipId> {
        (0..self.ships.len() as u32).map(ShipId).collect()
    }
    fn status(&self, _: ShipId) -> Status {
        Status::Active
    }
    fn player(&self, _: ShipId) -> Option<u32> {
        Some(0)
    }
    fn range(&self, from: ShipId, to: ShipId) -> Option<u8> {
        Some(if from == to { 0 } else { 2 })
    }
    fn role(&self, _: Person) -> Option<ShipId> {
        None
    }
    fn abilities(&self, ship: ShipId) -> Vec<Held<'static>> {
        let (pilot, upgrades) = &self.ships[ship.0 as usize];
        std::iter::once(pilot).chain(upgrades).flat_map(|c| Held::all(c.card())).collect()
    }
    fn holds(&self, _: ShipId, _: &Condition) -> bool {
        false
    }
    fn can_resolve(&self, _: &Event) -> bool {
        true
    }
    fn apply(&mut self, event: &Event) -> Vec<Event> {
        if event.effect.kind == EffectKind::Gain {
            let count = match event.effect.amount {
                Some(Amount::Exactly(n)) => n,
                _ => 1,
            };
            for token in event.effect.noun.iter().flat_map(|n| n.refs.iter()).filter_map(token_of) {
                *self.tokens.entry((event.ship, token)).or_default() += count;
            }
        }
        Vec::new()
    }
}

/// The token an ability's noun names.
fn token_of(r: &VocabRef) -> Option<Token> {
    (r.kind == VocabKind::Token).then(|| Token::from_index(r.index)).flatten()
}

/// "gain a focus token", as the game would make it happen.
fn gain(token: Token) -> Effect {
    let text = format!("{} token", token.name());
    let refs = vec![VocabRef::new(VocabKind::Token, token.index())];
    Effect::new(EffectKind::Gain, text.clone()).with_amount(Amount::Exactly(1)).with_noun(Noun::new(text, refs))
}

/// Jyn Erso, crew on Chewbacca: Luke Skywalker, a friendly ship at range 2, would gain a
/// focus token, and gains an evade token instead.
fn play_jyn_erso(out: &mut impl Write) -> io::Result<()> {
    let mut table = Table {
        ships: vec![(CardId::ChewbaccaPilot, vec![CardId::JynErso]), (CardId::LukeSkywalker, vec![])],
        tokens: BTreeMap::new(),
    };
    let luke = ShipId(1);
    let mut engine = Engine::new();
    let happened = engine.happen(&mut table, &mut First, Event { ship: luke, effect: gain(Token::Focus) });
    let by = match happened {
        Happened::Replaced(key) => CardId::from_id(key.card).map_or("an unknown card", CardId::name),
        _ => "nothing",
    };
    writeln!(out, "Luke Skywalker would gain a focus token; replaced by: {by}")?;
    for token in [Token::Focus, Token::Evade] {
        writeln!(out, "  Luke Skywalker has {} {} token(s)", table.tokens(luke, token), token.name())?;
    }
    Ok(())
}

/// Everything the example prints.
pub fn run(out: &mut impl Write) -> io::Result<()> {
    upgrades_for(out, CardId::ChewbaccaPilot)?;
    writeln!(out, "squad:")?;
    squad_cost(
        out,
        Faction::RebelAlliance,
        &[
            (CardId::ChewbaccaPilot, &[CardId::JynErso, CardId::MillenniumFalcon, CardId::HullPlating]),
            (CardId::LukeSkywalker, &[CardId::SaturationSalvo]),
        ],
    )?;
    play_jyn_erso(out)
}

fn main() {
    let stdout = io::stdout();
    if let Err(e) = run(&mut stdout.lock()) {
        eprintln!("error: {e}");
        std::process::exit(2);
    }
}
