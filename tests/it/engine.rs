//! The ability engine driven by the abilities cardc compiled from `cards/xwing`: the same
//! small game as `cards-runtime/tests/engine.rs`, with the cards looked up by id.

#[path = "../../cards-runtime/tests/support/mod.rs"]
mod support;

use cards_runtime::ability::{Duration, Effect, EffectKind, Facing, Noun, Qualifier, VocabRef, When};
use cards_runtime::engine::*;
use cards_runtime::model::{Card, VocabKind};
use cards_runtime::Set;

use support::*;

fn xwing() -> &'static Set {
    cards::set("xwing").expect("the xwing set is compiled")
}

fn card(id: &str) -> &'static Card {
    xwing().cards.iter().find(|c| c.id == id).unwrap_or_else(|| panic!("no card `{id}`"))
}

/// Every ability of these cards, as a ship equipped with them has them.
fn with(ids: &[&str]) -> Vec<Held<'static>> {
    ids.iter().flat_map(|id| Held::all(card(id))).collect()
}

fn focus() -> Effect {
    gain(1, "focus token", FOCUS)
}

#[test]
fn the_tests_use_the_compiled_vocabulary_indices() {
    let vocab = &xwing().vocab;
    let id = |kind: VocabKind, r: VocabRef| kind.entries(vocab)[usize::from(r.index)].id.to_string();
    assert_eq!(id(VocabKind::Token, FOCUS), "focus");
    assert_eq!(id(VocabKind::Token, EVADE), "evade");
    assert_eq!(id(VocabKind::Token, CALCULATE), "calculate");
    assert_eq!(id(VocabKind::Token, STRESS), "stress");
    assert_eq!(id(VocabKind::Resource, FORCE), "force");
    assert_eq!(id(VocabKind::Resource, CHARGE), "charge");
    assert_eq!(id(VocabKind::Resource, SHIELD), "shield");
    assert_eq!(id(VocabKind::Die, ATTACK_DIE), "attack");
    assert_eq!(id(VocabKind::Action, BARREL_ROLL), "barrel-roll");
    assert_eq!(id(VocabKind::Action, FOCUS_ACTION), "focus");
    assert_eq!(vocab.phases[usize::from(ENGAGEMENT)].id, "engagement");
    assert_eq!(vocab.phases[usize::from(SYSTEM)].id, "system");
    assert_eq!(vocab.headers[usize::from(HEADER_ACTION)].id, "action");
    assert_eq!(vocab.headers[usize::from(HEADER_ATTACK)].id, "attack");
    assert_eq!(vocab.headers[usize::from(HEADER_SETUP)].id, "setup");
}

/// Rule 1: phase windows (Opening Roll, Tactical Officer), a structured event (Vader's
/// Wrath), an unstructured one (Luke Skywalker).
#[test]
fn compiled_abilities_trigger_in_their_windows() {
    let mut game = Game::default();
    let a = game.ship_with(0, 0, with(&["opening-roll", "tactical-officer", "vaders-wrath"]));
    let luke = game.ship_with(1, 2, with(&["luke-skywalker"]));
    game.set_resource(luke, FORCE, (1, 2));
    let mut engine = Engine::new();

    engine.window(&mut game, &mut First, Window::phase(When::EndOf, ENGAGEMENT));
    assert!(game.log.is_empty());
    engine.window(&mut game, &mut First, Window::phase(When::StartOf, ENGAGEMENT));
    assert_eq!(game.performed(a, "perform a [Barrel Roll] action"), 1);
    engine.window(&mut game, &mut First, Window::phase(When::During, SYSTEM));
    assert_eq!(game.performed(a, "perform a [Coordinate] action"), 1);

    engine.window(&mut game, &mut First, Window::event(When::After, event(a, focus_action())));
    engine.window(&mut game, &mut First, Window::event(When::After, event(luke, attack())));
    assert_eq!(game.tokens(a)[3], 0);
    engine.window(&mut game, &mut First, Window::event(When::After, event(a, attack())));
    assert_eq!(game.tokens(a)[3], 1);

    engine.window(
        &mut game,
        &mut First,
        Window::event(When::After, event(luke, Effect::opaque("become the defender"))),
    );
    assert_eq!(game.resource(luke, FORCE), (2, 2));
}

/// Rules 3, 8 and 9: Jyn Erso replaces a friendly ship's focus token with an evade token
/// on that ship, may be declined, and works while her ship is destroyed but not removed.
#[test]
fn jyn_erso_replaces_a_friendly_ships_focus_token() {
    let mut game = Game::default();
    let j = game.ship_with(0, 0, with(&["jyn-erso"]));
    let f = game.ship_with(0, 3, Vec::new());
    let e = game.ship_with(1, 1, Vec::new());
    let mut engine = Engine::new();

    let happened = engine.happen(&mut game, &mut First, event(f, focus()));
    assert_eq!(happened, Happened::Replaced(Key { ship: j, card: "jyn-erso", index: 0 }));
    assert_eq!((game.tokens(f), game.tokens(j)), ([0, 1, 0, 0, 0], [0; 5]));
    assert_eq!(game.log, ["1 gain 1 evade token"], "the focus token was never gained");

    let mut decline = Script { replace: None, ..Script::new() };
    assert_eq!(engine.happen(&mut game, &mut decline, event(f, focus())), Happened::Occurred);
    assert_eq!(engine.happen(&mut game, &mut First, event(e, focus())), Happened::Occurred);
    assert_eq!((game.tokens(f), game.tokens(e)), ([1, 1, 0, 0, 0], [1, 0, 0, 0, 0]));

    game.ships[j.0 as usize].status = Status::Destroyed;
    assert!(matches!(engine.happen(&mut game, &mut First, event(f, focus())), Happened::Replaced(_)));
    game.ships[j.0 as usize].status = Status::Removed;
    assert_eq!(engine.happen(&mut game, &mut First, event(f, focus())), Happened::Occurred);
    assert_eq!(game.tokens(f), [2, 2, 0, 0, 0]);
}

/// Rule 3: Evasion Protocol and Calculated Protocol both replace a focus token; one applies.
#[test]
fn only_one_of_two_focus_protocols_applies() {
    let mut game = Game::default();
    let p = game.ship_with(0, 0, with(&["evasion-protocol", "calculated-protocol"]));
    let mut engine = Engine::new();
    let mut chooser = Script { replace: Some(1), ..Script::new() };
    engine.happen(&mut game, &mut chooser, event(p, focus()));
    assert_eq!(chooser.replacements, [2]);
    assert_eq!(game.tokens(p), [0, 0, 1, 0, 0]);
    engine.happen(&mut game, &mut Decline, event(p, focus()));
    assert_eq!(game.tokens(p), [0, 1, 1, 0, 0]);
}

/// Rule 4: GNK "Gonk" Droid cannot spend its charge with every shield up.
#[test]
fn gonk_pays_only_when_a_shield_can_be_recovered() {
    let mut game = Game::default();
    let g = game.ship_with(0, 0, with(&["gnk-gonk-droid"]));
    let held = game.abilities(g);
    let (setup, action) = (held[0], held[1]);
    assert_eq!((setup.ability.header, action.ability.header), (Some(HEADER_SETUP), Some(HEADER_ACTION)));
    let mut engine = Engine::new();

    game.set_resource(g, CHARGE, (2, 2));
    assert_eq!(engine.activate(&mut game, &mut First, g, setup), Ok(()));
    assert_eq!(game.resource(g, CHARGE), (1, 2));

    game.set_resource(g, SHIELD, (2, 2));
    assert_eq!(engine.activate(&mut game, &mut First, g, action), Err(Refused::CannotPay));
    assert_eq!(game.resource(g, CHARGE), (1, 2));
    game.set_resource(g, SHIELD, (1, 2));
    assert_eq!(engine.activate(&mut game, &mut First, g, action), Ok(()));
    assert_eq!((game.resource(g, CHARGE), game.resource(g, SHIELD)), ((0, 2), (2, 2)));
}

/// A replacement with a cost: Chewbacca spends a charge to be dealt the card facedown, and
/// cannot without one.
#[test]
fn chewbacca_is_dealt_the_card_facedown_while_he_has_a_charge() {
    let mut game = Game::default();
    let c = game.ship_with(0, 0, with(&["chewbacca-pilot"]));
    game.set_resource(c, CHARGE, (1, 1));
    let mut engine = Engine::new();
    let dealt = || {
        Effect::new(EffectKind::Dealt, "be dealt a faceup damage card")
            .with_noun(Noun::new("damage card", Vec::new()))
            .with_facing(Facing::Faceup)
    };
    assert!(matches!(engine.happen(&mut game, &mut First, event(c, dealt())), Happened::Replaced(_)));
    assert_eq!(game.log, ["0 spend 1 [Charge]", "0 be dealt the card facedown"]);
    assert_eq!(engine.happen(&mut game, &mut First, event(c, dealt())), Happened::Occurred);
    assert_eq!(game.log.last().map(String::as_str), Some("0 be dealt a faceup damage card"));
}

/// Rule 5: Trick Shot Coach once per attack; Darth Vader again after the action his ability
/// gives, once per window; Vader's Wrath once per round, mandatory.
#[test]
fn compiled_frequencies() {
    let mut game = Game::default();
    let t = game.ship_with(0, 0, with(&["trick-shot-coach"]));
    let v = game.ship_with(1, 1, with(&["darth-vader", "vaders-wrath"]));
    let mut engine = Engine::new();

    engine.window(&mut game, &mut First, Window::event(When::While, event(t, attack())));
    assert_eq!(game.rerolls, 1);

    game.set_resource(v, FORCE, (3, 3));
    let mut chooser = Script { picks: [Some(0), Some(0), None].into(), ..Script::new() };
    engine.happen(&mut game, &mut chooser, event(v, focus_action()));
    assert_eq!(chooser.offers.len(), 3);
    assert_eq!((game.resource(v, FORCE), game.count(v, EffectKind::Perform)), ((1, 3), 3));

    for _ in 0..2 {
        engine.window(&mut game, &mut Decline, Window::event(When::After, event(v, attack())));
    }
    assert_eq!(game.tokens(v)[3], 1);
    engine.end_round();
    engine.window(&mut game, &mut Decline, Window::event(When::After, event(v, attack())));
    assert_eq!(game.tokens(v)[3], 2);
}

/// Rules 6 and 8: Sustained Fire stops the defender spending evade tokens until the end of
/// the Engagement Phase, whatever permission the attacker has.
#[test]
fn sustained_fire_lasts_until_the_end_of_the_engagement_phase() {
    let mut game = Game::default();
    let a = game.ship_with(0, 0, with(&["sustained-fire"]));
    let d = game.ship_with(1, 2, Vec::new());
    (game.attacker, game.defender, game.hits) = (Some(a), Some(d), true);
    let spend_evade = effect(EffectKind::Spend, "spend 1 evade token", Some(1), "evade token", &[EVADE]);
    let mut engine = Engine::new();
    engine.permit(Grant { actor: a, target: d, effect: spend_evade.clone(), until: Until::EndOfRound });
    assert!(engine.may_affect(&game, a, d, &spend_evade));

    let fire = game.abilities(a)[0];
    assert_eq!(engine.activate(&mut game, &mut First, a, fire), Ok(()));
    assert_eq!(engine.permission(&game, d, &spend_evade), Permission::Forbidden);
    assert!(!engine.may_affect(&game, a, d, &spend_evade));
    engine.window(&mut game, &mut First, Window::phase(When::EndOf, ENGAGEMENT));
    assert_eq!(engine.permission(&game, d, &spend_evade), Permission::Unstated);
}

/// Rule 7: Obstacle Runner can while boosting or barrel rolling; a `cannot` beats it.
#[test]
fn obstacle_runner_can_while_boosting_and_cannot_beats_it() {
    let mut game = Game::default();
    let r = game.ship_with(0, 0, with(&["obstacle-runner"]));
    let (move_through, overlap) = (move_through(), overlap());
    let mut engine = Engine::new();

    assert_eq!(engine.permission(&game, r, &move_through), Permission::Unstated);
    for what in [boost(), barrel_roll()] {
        let what_text = what.text.clone();
        engine.open(&mut game, &mut First, Window::event(When::While, event(r, what)));
        assert_eq!(engine.permission(&game, r, &move_through), Permission::Granted, "{what_text}");
        assert_eq!(engine.permission(&game, r, &overlap), Permission::Granted, "{what_text}");
        engine.close();
    }
    engine.open(&mut game, &mut First, Window::event(When::While, event(r, attack())));
    assert_eq!(engine.permission(&game, r, &move_through), Permission::Unstated);
    engine.close();

    // A prohibition from any active effect: here a lasting one taken from a hand-built
    // "you cannot move through obstacles this round".
    let mut cannot = card("obstacle-runner").abilities[0].clone();
    cannot.timings = Vec::new().into();
    cannot.header = Some(HEADER_ACTION);
    if let Some(c) = cannot.steps.to_mut()[0].clauses.to_mut().first_mut() {
        c.qualifier = Qualifier::Cannot;
        c.effect = move_through.clone();
        c.duration = Some(Duration { text: "this round".into(), until_end_of: None, this_round: true, during: None });
    }
    let held = Held { card: "jammer", index: 0, ability: &cannot };
    game.ships[r.0 as usize].held.push(held);
    assert_eq!(engine.activate(&mut game, &mut First, r, held), Ok(()));
    engine.open(&mut game, &mut First, Window::event(When::While, event(r, boost())));
    assert_eq!(engine.permission(&game, r, &move_through), Permission::Forbidden);
    engine.close();
}

/// Every compiled ability of every set, on ships of both sides, through every kind of
/// window and activation: nothing panics, and every window closes.
#[test]
fn every_compiled_ability_runs_without_panicking() {
    for set in cards::SETS {
        let held: Vec<Held<'static>> = set.cards.iter().flat_map(Held::all).collect();
        let mut game = Game::default();
        let a = game.ship_with(0, 0, held.clone());
        let b = game.ship_with(1, 1, held.clone());
        (game.attacker, game.defender, game.hits) = (Some(a), Some(b), true);
        for ship in [a, b] {
            for r in 0..3 {
                game.set_resource(ship, VocabRef::new(VocabKind::Resource, r), (1, 2));
            }
        }
        let mut engine = Engine::new();
        let phases = set.vocab.phases.len() as u16;
        for when in [When::StartOf, When::During, When::EndOf] {
            for p in 0..phases {
                engine.window(&mut game, &mut First, Window::phase(when, p));
            }
        }
        for ship in [a, b] {
            for e in [attack(), focus_action(), focus(), boost(), barrel_roll(), Effect::opaque("become the defender")]
            {
                engine.happen(&mut game, &mut First, event(ship, e.clone()));
                engine.open(&mut game, &mut First, Window::event(When::While, event(ship, e)));
                let _ = engine.permission(&game, ship, &focus());
                engine.close();
            }
            for h in &held {
                let _ = engine.activate(&mut game, &mut First, ship, *h);
            }
        }
        engine.end_round();
        assert!(engine.open_windows().is_empty(), "{}", set.game);
    }
}
