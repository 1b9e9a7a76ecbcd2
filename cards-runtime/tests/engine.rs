//! The ability engine against a small X-Wing game, one test per rule. The abilities are
//! built by hand in the shape cardc's lowering gives them, with vocabulary indices from
//! `examples/xwing/game.cards`.

mod support;

use std::collections::VecDeque;

use cards_runtime::ability::*;
use cards_runtime::engine::*;

use support::*;

// --- building abilities as the lowering does ---------------------------------------------

fn subject(text: &'static str, person: Person, side: Side, range: Option<(u8, u8)>) -> Subject {
    Subject { text: text.into(), person, side, range }
}

fn you() -> Subject {
    subject("you", Person::You, Side::Any, None)
}

fn clause(subject: Subject, qualifier: Qualifier, cost: Option<Effect>, effect: Effect) -> Clause {
    Clause { costs: cost.into_iter().collect::<Vec<_>>().into(), ..Clause::new(subject, qualifier, effect) }
}

fn step(clauses: Vec<Clause>) -> Step {
    Step::new(clauses)
}

fn ability(text: impl Into<cards_runtime::model::Text>, steps: Vec<Step>) -> Ability {
    Ability {
        name: None,
        text: text.into(),
        file: "upgrades.cards".into(),
        span: SourceSpan { start: 0, end: 0 },
        header: None,
        requirement: None,
        timings: Vec::new().into(),
        optional: false,
        frequency: Frequency::OncePerOpportunity,
        costs: cards_runtime::model::List::Borrowed(&[]),
        replacement: None,
        steps: steps.into(),
    }
}

fn after_event(when: When, what: &'static str, event: Effect) -> Timing {
    Timing {
        when,
        what: what.into(),
        phase: None,
        or_phase: None,
        event: Some(clause(you(), Qualifier::None, None, event)),
        or_events: vec![].into(),
        next: false,
    }
}

fn at_phase(when: When, what: &'static str, phase: u16) -> Timing {
    Timing {
        when,
        what: what.into(),
        phase: Some(phase),
        or_phase: None,
        event: None,
        or_events: vec![].into(),
        next: false,
    }
}

/// "If a friendly ship at range 0-3 would gain a focus token, it may gain 1 evade token instead."
fn jyn_erso() -> Ability {
    let it = subject("it", Person::That, Side::Any, None);
    let mut a = ability(
        "If a friendly ship at range 0-3 would gain a focus token, it may gain 1 evade token instead.",
        vec![step(vec![clause(it, Qualifier::May, None, gain(1, "evade token", EVADE))])],
    );
    a.optional = true;
    a.replacement = Some(Replacement {
        before: false,
        subject: subject("a friendly ship at range 0-3", Person::A, Side::Friendly, Some((0, 3))),
        event: gain(1, "focus token", FOCUS),
        or_events: Default::default(),
    });
    a
}

/// "Before you would gain a focus token, gain an evade (or a calculate) token instead."
fn protocol(token: &'static str, r: VocabRef) -> Ability {
    let mut a = ability(
        "Before you would gain a focus token, gain a token instead.",
        vec![step(vec![clause(Subject::YOU, Qualifier::None, None, gain(1, token, r))])],
    );
    a.replacement = Some(Replacement {
        before: true,
        subject: you(),
        event: gain(1, "focus token", FOCUS),
        or_events: Default::default(),
    });
    a
}

/// GNK "Gonk" Droid: "Setup: Lose 1 [Charge]." and "Action: Spend 1 [Charge] to recover 1 shield."
fn gonk() -> [Ability; 2] {
    let mut setup = ability(
        "Setup: Lose 1 [Charge].",
        vec![step(vec![clause(
            Subject::YOU,
            Qualifier::None,
            None,
            effect(EffectKind::Lose, "Lose 1 [Charge]", Some(1), "[Charge]", &[CHARGE]),
        )])],
    );
    setup.header = Some(HEADER_SETUP);
    let spend = effect(EffectKind::Spend, "Spend 1 [Charge]", Some(1), "[Charge]", &[CHARGE]);
    let recover = effect(EffectKind::Recover, "recover 1 shield", Some(1), "shield", &[SHIELD]);
    let mut action = ability(
        "Action: Spend 1 [Charge] to recover 1 shield.",
        vec![step(vec![clause(Subject::YOU, Qualifier::None, Some(spend), recover)])],
    );
    action.header = Some(HEADER_ACTION);
    action.optional = true;
    [setup, action]
}

/// Trick Shot Coach: "While you perform an attack, you may reroll 1 attack die."
fn trick_shot_coach() -> Ability {
    let reroll = effect(EffectKind::Reroll, "reroll 1 attack die", Some(1), "attack die", &[ATTACK_DIE]);
    let mut a = ability(
        "While you perform an attack, you may reroll 1 attack die.",
        vec![step(vec![clause(you(), Qualifier::May, None, reroll)])],
    );
    a.optional = true;
    a.timings = vec![after_event(When::While, "you perform an attack", attack())].into();
    a
}

/// Obstacle Runner: "While you boost or barrel roll, you can move through and overlap obstacles."
fn obstacle_runner() -> Ability {
    let mut a = ability(
        "While you boost or barrel roll, you can move through and overlap obstacles.",
        vec![step(vec![
            clause(you(), Qualifier::Can, None, Effect { text: "move through".into(), ..move_through() }),
            clause(Subject::YOU, Qualifier::Can, None, overlap()),
        ])],
    );
    // The structured event holds the first alternative only; the words hold both.
    a.timings = vec![after_event(When::While, "you boost or barrel roll", boost())].into();
    a
}

/// Darth Vader: "After you perform an action, you may spend 1 [Force] to perform an action."
fn darth_vader() -> Ability {
    let spend = effect(EffectKind::Spend, "spend 1 [Force]", Some(1), "[Force]", &[FORCE]);
    let mut a = ability(
        "After you perform an action, you may spend 1 [Force] to perform an action.",
        vec![step(vec![clause(you(), Qualifier::May, Some(spend), perform_action())])],
    );
    a.optional = true;
    a.timings = vec![after_event(When::After, "you perform an action", perform_action())].into();
    a
}

/// Sustained Fire: "Attack: If this attack hits, the defender cannot spend evade tokens until
/// the end of the Engagement Phase."
fn sustained_fire() -> Ability {
    let spend = effect(EffectKind::Spend, "spend evade tokens", None, "evade tokens", &[EVADE]);
    let mut c = clause(subject("the defender", Person::Defender, Side::Any, None), Qualifier::Cannot, None, spend);
    c.duration = Some(Duration {
        text: "until the end of the Engagement Phase".into(),
        until_end_of: Some(ENGAGEMENT),
        this_round: false,
        during: None,
    });
    let mut a = ability(
        "Attack: If this attack hits, the defender cannot spend evade tokens until the end of the Engagement Phase.",
        vec![Step {
            conditions: vec![Condition::new(CondKind::If, "this attack hits", Test::Opaque)].into(),
            ..Step::new(vec![c])
        }],
    );
    a.header = Some(HEADER_ATTACK);
    a.optional = true;
    a
}

/// Vader's Wrath: "Once per round, after you perform an attack, you must gain 1 stress token."
fn vaders_wrath() -> Ability {
    let mut a = ability(
        "Once per round, after you perform an attack, you must gain 1 stress token.",
        vec![step(vec![clause(you(), Qualifier::Must, None, gain(1, "stress token", STRESS))])],
    );
    a.frequency = Frequency::OncePerRound;
    a.timings = vec![after_event(When::After, "you perform an attack", attack())].into();
    a
}

/// Opening Roll: "At the start of the Engagement Phase, you may perform a [Barrel Roll] action."
fn opening_roll() -> Ability {
    let roll = perform("perform a [Barrel Roll] action").with_noun(Noun::new("action", Vec::new()));
    let mut a = ability(
        "At the start of the Engagement Phase, you may perform a [Barrel Roll] action.",
        vec![step(vec![clause(you(), Qualifier::May, None, roll)])],
    );
    a.optional = true;
    a.timings = vec![at_phase(When::StartOf, "the Engagement Phase", ENGAGEMENT)].into();
    a
}

/// Tactical Officer: "During the System Phase, you may perform a [Coordinate] action."
fn tactical_officer() -> Ability {
    let mut a = ability(
        "During the System Phase, you may perform a [Coordinate] action.",
        vec![step(vec![clause(
            you(),
            Qualifier::May,
            None,
            perform("perform a [Coordinate] action").with_noun(Noun::new("action", Vec::new())),
        )])],
    );
    a.optional = true;
    a.timings = vec![at_phase(When::During, "the System Phase", SYSTEM)].into();
    a
}

/// Luke Skywalker: "After you become the defender, you may recover 1 [Force]." The event is
/// not structured: it is matched by its words.
fn luke_skywalker() -> Ability {
    let recover = effect(EffectKind::Recover, "recover 1 [Force]", Some(1), "[Force]", &[FORCE]);
    let mut a = ability(
        "After you become the defender, you may recover 1 [Force].",
        vec![step(vec![clause(you(), Qualifier::May, None, recover)])],
    );
    a.optional = true;
    let event = clause(you(), Qualifier::None, None, Effect::opaque("become the defender"));
    a.timings = vec![Timing {
        when: When::After,
        what: "you become the defender".into(),
        phase: None,
        or_phase: None,
        event: Some(event),
        or_events: vec![].into(),
        next: false,
    }]
    .into();
    a
}

/// Luke Skywalker's ability as a grammar that cannot structure its event gives it: the
/// timing's words alone.
fn luke_unstructured() -> Ability {
    let mut a = luke_skywalker();
    a.timings.to_mut()[0].event = None;
    a
}

/// Test only: "After you gain a focus token, you must gain 1 stress token."
fn focus_alarm() -> Ability {
    let mut a = ability(
        "After you gain a focus token, you must gain 1 stress token.",
        vec![step(vec![clause(you(), Qualifier::Must, None, gain(1, "stress token", STRESS))])],
    );
    a.timings = vec![after_event(When::After, "you gain a focus token", gain(1, "focus token", FOCUS))].into();
    a
}

/// Test only: "At the start of the Engagement Phase, gain 1 stress token."
fn engagement_stress() -> Ability {
    let mut a = ability(
        "At the start of the Engagement Phase, gain 1 stress token.",
        vec![step(vec![clause(Subject::YOU, Qualifier::None, None, gain(1, "stress token", STRESS))])],
    );
    a.timings = vec![at_phase(When::StartOf, "the Engagement Phase", ENGAGEMENT)].into();
    a
}

/// Test only: "At the start of the Engagement Phase, each enemy ship in your [Bullseye Arc]
/// gains 1 stress token."
fn bullseye_stress() -> Ability {
    let who = subject("each enemy ship in your [Bullseye Arc]", Person::Each, Side::Enemy, None);
    let mut a = ability(
        "At the start of the Engagement Phase, each enemy ship in your [Bullseye Arc] gains 1 stress token.",
        vec![step(vec![clause(who, Qualifier::None, None, gain(1, "stress token", STRESS))])],
    );
    a.timings = vec![at_phase(When::StartOf, "the Engagement Phase", ENGAGEMENT)].into();
    a
}

/// Test only: "Before you would spend a [Charge], gain 1 stress token instead."
fn charge_saver() -> Ability {
    let mut a = ability(
        "Before you would spend a [Charge], gain 1 stress token instead.",
        vec![step(vec![clause(Subject::YOU, Qualifier::None, None, gain(1, "stress token", STRESS))])],
    );
    a.replacement = Some(Replacement {
        before: true,
        subject: you(),
        event: effect(EffectKind::Spend, "spend a [Charge]", Some(1), "[Charge]", &[CHARGE]),
        or_events: Default::default(),
    });
    a
}

/// Test only: "Action: Each enemy ship at range 0-3 cannot move through obstacles this round."
fn obstacle_jammer() -> Ability {
    let mut c = clause(
        subject("each enemy ship at range 0-3", Person::Each, Side::Enemy, Some((0, 3))),
        Qualifier::Cannot,
        None,
        move_through(),
    );
    c.duration = Some(Duration { text: "this round".into(), until_end_of: None, this_round: true, during: None });
    let mut a =
        ability("Action: Each enemy ship at range 0-3 cannot move through obstacles this round.", vec![step(vec![c])]);
    a.header = Some(HEADER_ACTION);
    a.optional = true;
    a
}

/// Test only: "While you barrel roll, you cannot move through obstacles."
fn heavy_hull() -> Ability {
    let mut a = ability(
        "While you barrel roll, you cannot move through obstacles.",
        vec![step(vec![clause(you(), Qualifier::Cannot, None, move_through())])],
    );
    a.timings = vec![after_event(When::While, "you barrel roll", barrel_roll())].into();
    a
}

/// Test only: "If you would gain a focus token, gain 1 focus token and 1 stress token instead."
fn focus_with_stress() -> Ability {
    let mut a = ability(
        "If you would gain a focus token, gain 1 focus token and 1 stress token instead.",
        vec![step(vec![
            clause(Subject::YOU, Qualifier::None, None, gain(1, "focus token", FOCUS)),
            clause(Subject::YOU, Qualifier::None, None, gain(1, "stress token", STRESS)),
        ])],
    );
    a.replacement = Some(Replacement {
        before: false,
        subject: you(),
        event: gain(1, "focus token", FOCUS),
        or_events: Default::default(),
    });
    a
}

// --- one test per rule ----------------------------------------------------------------

/// Rule 1: a window collects the abilities whose timing names it: by phase index, by a
/// structured event (kind, noun and subject relative to the ability's ship), or by the
/// event's words when the timing is not structured.
#[test]
fn rule1_windows_collect_the_abilities_that_trigger_in_them() {
    let (roll, officer, wrath) = (opening_roll(), tactical_officer(), vaders_wrath());
    let (luke, luke_words) = (luke_skywalker(), luke_unstructured());
    let mut game = Game::default();
    let a = game.ship(0, 0, &[("opening-roll", &roll), ("tactical-officer", &officer), ("vaders-wrath", &wrath)]);
    let b = game.ship(1, 2, &[("luke-skywalker", &luke)]);
    let c = game.ship(1, 3, &[("luke-skywalker", &luke_words)]);
    game.set_resource(b, FORCE, (1, 2));
    game.set_resource(c, FORCE, (1, 2));
    let mut engine = Engine::new();
    let mut chooser = First;

    // Phases: only the start of the Engagement Phase triggers Opening Roll.
    for w in [Window::phase(When::StartOf, ACTIVATION), Window::phase(When::EndOf, ENGAGEMENT)] {
        engine.window(&mut game, &mut chooser, w);
    }
    assert!(game.log.is_empty(), "{:?}", game.log);
    engine.window(&mut game, &mut chooser, Window::phase(When::StartOf, ENGAGEMENT));
    assert_eq!(game.log, ["0 perform a [Barrel Roll] action"]);
    engine.window(&mut game, &mut chooser, Window::phase(When::During, SYSTEM));
    assert_eq!(game.performed(a, "perform a [Coordinate] action"), 1);

    // Structured events: another ship's attack, or an action, is not "you perform an attack".
    engine.window(&mut game, &mut chooser, Window::event(When::After, event(b, attack())));
    engine.window(&mut game, &mut chooser, Window::event(When::After, event(a, focus_action())));
    engine.window(&mut game, &mut chooser, Window::event(When::Before, event(a, attack())));
    assert_eq!(game.tokens(a)[3], 0);
    engine.window(&mut game, &mut chooser, Window::event(When::After, event(a, attack())));
    assert_eq!(game.tokens(a)[3], 1);

    // "you become the defender": an unstructured effect, matched by its words, for the
    // ship itself only; the same with no structured event at all.
    let defends = |ship| Window::event(When::After, event(ship, Effect::opaque("become the defender")));
    engine.window(&mut game, &mut chooser, defends(a));
    assert_eq!((game.resource(b, FORCE), game.resource(c, FORCE)), ((1, 2), (1, 2)));
    engine.window(&mut game, &mut chooser, defends(b));
    assert_eq!((game.resource(b, FORCE), game.resource(c, FORCE)), ((2, 2), (1, 2)));
    engine.window(&mut game, &mut chooser, defends(c));
    assert_eq!(game.resource(c, FORCE), (2, 2));
}

/// A timing of either of two phases (`During the System or Activation Phase`) opens in
/// both, and in no other.
#[test]
fn rule1_a_timing_of_two_phases_opens_in_either() {
    let mut officer = tactical_officer();
    let mut timing = at_phase(When::During, "the System or Activation Phase", SYSTEM);
    timing.or_phase = Some(ACTIVATION);
    officer.timings = vec![timing].into();
    let mut game = Game::default();
    let a = game.ship(0, 0, &[("tactical-officer", &officer)]);
    let mut engine = Engine::new();
    let mut chooser = First;
    engine.window(&mut game, &mut chooser, Window::phase(When::During, ENGAGEMENT));
    engine.window(&mut game, &mut chooser, Window::phase(When::StartOf, ACTIVATION));
    assert_eq!(game.performed(a, "perform a [Coordinate] action"), 0);
    engine.window(&mut game, &mut chooser, Window::phase(When::During, SYSTEM));
    assert_eq!(game.performed(a, "perform a [Coordinate] action"), 1);
    engine.window(&mut game, &mut chooser, Window::phase(When::During, ACTIVATION));
    assert_eq!(game.performed(a, "perform a [Coordinate] action"), 2);
}

/// Rule 2: simultaneous abilities resolve in the order the player picks; an optional one
/// may be declined, a mandatory one resolves anyway.
#[test]
fn rule2_the_queue_is_ordered_by_the_player_and_only_optional_abilities_may_be_declined() {
    let (roll, stress) = (opening_roll(), engagement_stress());
    let mut game = Game::default();
    let a = game.ship(0, 0, &[("opening-roll", &roll), ("engagement-stress", &stress)]);
    let start = Window::phase(When::StartOf, ENGAGEMENT);

    // Both pending at once; the player resolves the second first.
    let mut engine = Engine::new();
    let mut chooser = Script { picks: VecDeque::from([Some(1)]), ..Script::new() };
    engine.window(&mut game, &mut chooser, start.clone());
    assert_eq!(chooser.offers[0], ["opening-roll", "engagement-stress"]);
    assert_eq!(game.log, ["0 gain", "0 perform a [Barrel Roll] action"]);

    // Declining: the mandatory one still resolves, the optional one does not.
    game.log.clear();
    engine.window(&mut game, &mut Decline, start.clone());
    assert_eq!(game.log, ["0 gain"]);

    // A chooser that answers nonsense declines: no panic, mandatory still resolves.
    game.log.clear();
    let mut chooser = Script { picks: VecDeque::from([Some(7)]), ..Script::new() };
    engine.window(&mut game, &mut chooser, start);
    assert_eq!(game.log, ["0 gain"]);
    assert_eq!(game.tokens(a)[3], 3);
}

/// Rule 3: replacement effects apply when the event would happen, are not queued, at most
/// one per event, and the replaced event has not occurred.
#[test]
fn rule3_one_replacement_applies_and_the_replaced_event_does_not_occur() {
    let (jyn, alarm) = (jyn_erso(), focus_alarm());
    let mut game = Game::default();
    let j = game.ship(0, 0, &[("jyn-erso", &jyn)]);
    let f = game.ship(0, 2, &[("focus-alarm", &alarm)]);
    let e = game.ship(1, 1, &[("focus-alarm", &alarm)]);
    let mut engine = Engine::new();

    // Jyn Erso: the friendly ship gains an evade instead; "after you gain a focus token"
    // does not trigger.
    let happened = engine.happen(&mut game, &mut First, event(f, gain(1, "focus token", FOCUS)));
    assert_eq!(happened, Happened::Replaced(Key { ship: j, card: "jyn-erso", index: 0 }));
    assert_eq!(game.tokens(f), [0, 1, 0, 0, 0]);
    assert_eq!(game.tokens(j), [0; 5]);

    // Declined (it is optional): the focus token is gained, and the trigger fires.
    let mut chooser = Script { replace: None, ..Script::new() };
    assert_eq!(engine.happen(&mut game, &mut chooser, event(f, gain(1, "focus token", FOCUS))), Happened::Occurred);
    assert_eq!(game.tokens(f), [1, 1, 0, 1, 0]);

    // Not for an enemy ship, nor beyond range 3.
    engine.happen(&mut game, &mut First, event(e, gain(1, "focus token", FOCUS)));
    assert_eq!(game.tokens(e), [1, 0, 0, 1, 0]);
    game.ships[f.0 as usize].at = 4;
    engine.happen(&mut game, &mut First, event(f, gain(1, "focus token", FOCUS)));
    assert_eq!(game.tokens(f), [2, 1, 0, 2, 0]);

    // Evasion Protocol and Calculated Protocol on one ship: the player picks one; only it
    // applies. Both are mandatory, so declining still applies one.
    let (evasion, calculated) = (protocol("evade token", EVADE), protocol("calculate token", CALCULATE));
    let mut game = Game::default();
    let p = game.ship(0, 0, &[("evasion-protocol", &evasion), ("calculated-protocol", &calculated)]);
    let mut chooser = Script { replace: Some(1), ..Script::new() };
    engine.happen(&mut game, &mut chooser, event(p, gain(1, "focus token", FOCUS)));
    assert_eq!(chooser.replacements, [2]);
    assert_eq!(game.tokens(p), [0, 0, 1, 0, 0]);
    engine.happen(&mut game, &mut Decline, event(p, gain(1, "focus token", FOCUS)));
    assert_eq!(game.tokens(p), [0, 1, 1, 0, 0]);

    // A replacement does not replace the event it makes itself.
    let again = focus_with_stress();
    let mut game = Game::default();
    let s = game.ship(0, 0, &[("focus-with-stress", &again)]);
    assert!(matches!(
        engine.happen(&mut game, &mut First, event(s, gain(1, "focus token", FOCUS))),
        Happened::Replaced(_)
    ));
    assert_eq!(game.tokens(s), [1, 0, 0, 1, 0]);
}

/// Rule 4: a cost can be paid only if its effect can resolve; a replaced cost still lets
/// the effect resolve.
#[test]
fn rule4_a_cost_is_paid_only_if_its_effect_can_resolve() {
    let [setup, action] = gonk();
    let saver = charge_saver();
    let mut game = Game::default();
    let g = game.ship(0, 0, &[("gnk-gonk-droid", &setup), ("gnk-gonk-droid", &action)]);
    let h = game.ship(0, 1, &[("gnk-gonk-droid", &setup), ("gnk-gonk-droid", &action), ("charge-saver", &saver)]);
    let none = game.ship(0, 2, &[]);
    let (on_g, on_h) = (game.abilities(g)[1], game.abilities(h)[1]);
    assert_eq!((on_g.ability.header, on_h.ability.header), (Some(HEADER_ACTION), Some(HEADER_ACTION)));
    let mut engine = Engine::new();

    // Every shield up: the charge cannot be spent, nothing happens.
    game.set_resource(g, CHARGE, (1, 1));
    game.set_resource(g, SHIELD, (2, 2));
    assert_eq!(engine.usable(&game, g, on_g), Err(Refused::CannotPay));
    assert_eq!(engine.activate(&mut game, &mut First, g, on_g), Err(Refused::CannotPay));
    assert_eq!((game.resource(g, CHARGE), game.log.len()), ((1, 1), 0));

    // A shield down: spend the charge, recover the shield; then no charge is left.
    game.set_resource(g, SHIELD, (1, 2));
    assert_eq!(engine.activate(&mut game, &mut First, g, on_g), Ok(()));
    assert_eq!((game.resource(g, CHARGE), game.resource(g, SHIELD)), ((0, 1), (2, 2)));
    game.set_resource(g, SHIELD, (1, 2));
    assert_eq!(engine.usable(&game, g, on_g), Err(Refused::CannotPay));

    // A replaced cost (spending the charge becomes a stress token) still recovers the shield.
    game.set_resource(h, CHARGE, (1, 1));
    game.set_resource(h, SHIELD, (0, 2));
    assert_eq!(engine.activate(&mut game, &mut First, h, on_h), Ok(()));
    assert_eq!((game.resource(h, CHARGE), game.resource(h, SHIELD), game.tokens(h)[3]), ((1, 1), (1, 2), 1));

    // Setup: Lose 1 [Charge] (mandatory, no cost). An ability the ship lacks is refused.
    game.set_resource(g, CHARGE, (1, 1));
    let setup_held = Held { card: "gnk-gonk-droid", index: 0, ability: &setup };
    assert_eq!(engine.activate(&mut game, &mut First, g, setup_held), Ok(()));
    assert_eq!(game.resource(g, CHARGE), (0, 1));
    assert_eq!(engine.activate(&mut game, &mut First, none, setup_held), Err(Refused::NotHeld));
}

/// Rule 5: an ability resolves once per opportunity (once per window) by default; `once
/// per round` until the round ends.
#[test]
fn rule5_once_per_opportunity_and_once_per_round() {
    let (coach, vader, wrath) = (trick_shot_coach(), darth_vader(), vaders_wrath());
    let mut game = Game::default();
    let t = game.ship(0, 0, &[("trick-shot-coach", &coach)]);
    let v = game.ship(1, 1, &[("darth-vader", &vader), ("vaders-wrath", &wrath)]);
    let mut engine = Engine::new();

    // Trick Shot Coach: one reroll per attack, however willing the player.
    engine.window(&mut game, &mut First, Window::event(When::While, event(t, attack())));
    assert_eq!(game.rerolls, 1);
    engine.window(&mut game, &mut First, Window::event(When::While, event(t, attack())));
    assert_eq!(game.rerolls, 2);

    // Darth Vader: the action he performs through his ability is a new opportunity, so it
    // triggers again after it while he has Force; never twice in one window. Declining in
    // the third window leaves 1 Force, and the windows before do not offer it again.
    game.set_resource(v, FORCE, (3, 3));
    let mut chooser = Script { picks: VecDeque::from([Some(0), Some(0), None]), ..Script::new() };
    engine.happen(&mut game, &mut chooser, event(v, focus_action()));
    assert_eq!(chooser.offers, [["darth-vader"], ["darth-vader"], ["darth-vader"]]);
    assert_eq!(game.resource(v, FORCE), (1, 3));
    assert_eq!(game.count(v, EffectKind::Perform), 3);
    assert_eq!(game.tokens(v)[0], 1, "the focus action gave its focus token");

    // With Force to spare every time, it runs until the Force is gone: never offered
    // when its cost cannot be paid.
    let mut chooser = Script::new();
    engine.happen(&mut game, &mut chooser, event(v, focus_action()));
    assert_eq!(chooser.offers.len(), 1);
    assert_eq!(game.resource(v, FORCE), (0, 3));

    // Vader's Wrath: mandatory (even when the player declines), once per round.
    engine.window(&mut game, &mut Decline, Window::event(When::After, event(v, attack())));
    engine.window(&mut game, &mut Decline, Window::event(When::After, event(v, attack())));
    assert_eq!(game.tokens(v)[3], 1);
    engine.end_round();
    engine.window(&mut game, &mut Decline, Window::event(When::After, event(v, attack())));
    assert_eq!(game.tokens(v)[3], 2);
}

/// Rule 6: an effect lasts until the end of the phase it names, or of the round; the active
/// ones can be queried.
#[test]
fn rule6_durations_end_at_the_named_phase_or_the_round() {
    let fire = sustained_fire();
    let this_round =
        sustained_fire_for(Duration { text: "this round".into(), until_end_of: None, this_round: true, during: None });
    let (mut game, a, d) = attacking(&[("sustained-fire", &fire), ("sustained-fire-this-round", &this_round)]);
    let held = game.abilities(a);
    let spend_evade = spend_evade();
    let mut engine = Engine::new();

    // A miss: nothing lasts.
    assert_eq!(engine.activate(&mut game, &mut First, a, held[0]), Ok(()));
    assert!(engine.lasting().is_empty());

    // A hit: the defender cannot spend evade tokens until the end of the Engagement Phase.
    game.hits = true;
    assert_eq!(engine.activate(&mut game, &mut First, a, held[0]), Ok(()));
    assert_eq!(engine.lasting().len(), 1);
    assert_eq!(engine.lasting()[0].ship, d);
    assert_eq!(engine.lasting()[0].until, Until::EndOfPhase(ENGAGEMENT));
    assert_eq!(engine.permission(&game, d, &spend_evade), Permission::Forbidden);
    assert_eq!(engine.permission(&game, a, &spend_evade), Permission::Unstated);
    engine.window(&mut game, &mut First, Window::phase(When::EndOf, ACTIVATION));
    engine.window(&mut game, &mut First, Window::phase(When::StartOf, ENGAGEMENT));
    assert_eq!(engine.permission(&game, d, &spend_evade), Permission::Forbidden);
    engine.window(&mut game, &mut First, Window::phase(When::EndOf, ENGAGEMENT));
    assert_eq!(engine.permission(&game, d, &spend_evade), Permission::Unstated);
    assert!(engine.lasting().is_empty());

    // "this round" outlives the phase and ends with the round.
    assert_eq!(engine.activate(&mut game, &mut First, a, held[1]), Ok(()));
    engine.window(&mut game, &mut First, Window::phase(When::EndOf, ENGAGEMENT));
    assert_eq!(engine.permission(&game, d, &spend_evade), Permission::Forbidden);
    engine.end_round();
    assert_eq!(engine.permission(&game, d, &spend_evade), Permission::Unstated);
}

/// A game of a ship of player 0 holding `abilities`, attacking a ship of player 1 at range 2.
fn attacking<'a>(abilities: &[(&'static str, &'a Ability)]) -> (Game<'a>, ShipId, ShipId) {
    let mut game = Game::default();
    let a = game.ship(0, 0, abilities);
    let d = game.ship(1, 2, &[]);
    game.attacker = Some(a);
    game.defender = Some(d);
    (game, a, d)
}

/// `spend 1 evade token`, which Sustained Fire forbids.
fn spend_evade() -> Effect {
    effect(EffectKind::Spend, "spend 1 evade token", Some(1), "evade token", &[EVADE])
}

/// Sustained Fire with another duration.
fn sustained_fire_for(duration: Duration) -> Ability {
    let mut a = sustained_fire();
    if let Some(c) = a.steps.to_mut()[0].clauses.to_mut().first_mut() {
        c.duration = Some(duration);
    }
    a
}

/// Rule 6, durations of what is going on: `during this attack` ends when the attack's window
/// closes, `this phase` with the phase it starts in; with no such window open, the round.
#[test]
fn rule6_a_duration_of_what_is_going_on_ends_with_it() {
    let during = |d: During| {
        let words = d.words().trim_start_matches("during ");
        sustained_fire_for(Duration { text: words.into(), until_end_of: None, this_round: false, during: Some(d) })
    };
    let (attack_long, phase_long) = (during(During::Attack), during(During::Phase));
    let (mut game, a, d) = attacking(&[("attack", &attack_long), ("phase", &phase_long)]);
    let held = game.abilities(a);
    let spend_evade = spend_evade();
    let mut engine = Engine::new();
    game.hits = true;

    // Inside the Engagement Phase, while the attack is performed: it ends with the attack.
    engine.open(&mut game, &mut First, Window::phase(When::During, ENGAGEMENT));
    engine.open(&mut game, &mut First, Window::event(When::While, event(a, attack())));
    assert_eq!(engine.activate(&mut game, &mut First, a, held[0]), Ok(()));
    assert_eq!(engine.lasting()[0].until, Until::EndOfWindow(1));
    assert_eq!(engine.permission(&game, d, &spend_evade), Permission::Forbidden);
    engine.close();
    assert_eq!(engine.permission(&game, d, &spend_evade), Permission::Unstated);

    // `this phase` outlives the attack and ends with the Engagement Phase.
    assert_eq!(engine.activate(&mut game, &mut First, a, held[1]), Ok(()));
    assert_eq!(engine.lasting()[0].until, Until::EndOfPhase(ENGAGEMENT));
    engine.close();
    engine.window(&mut game, &mut First, Window::phase(When::EndOf, ENGAGEMENT));
    assert_eq!(engine.permission(&game, d, &spend_evade), Permission::Unstated);

    // No attack going on: the engine cannot tell when it ends, and keeps it for the round.
    assert_eq!(engine.activate(&mut game, &mut First, a, held[0]), Ok(()));
    assert_eq!(engine.lasting()[0].until, Until::EndOfRound);
}

/// Rule 7: `cannot` is absolute: a prohibition from any active effect beats any `can`.
#[test]
fn rule7_cannot_beats_can() {
    let (runner, jammer, hull) = (obstacle_runner(), obstacle_jammer(), heavy_hull());
    let mut game = Game::default();
    let r = game.ship(0, 0, &[("obstacle-runner", &runner)]);
    let h = game.ship(0, 1, &[("obstacle-runner", &runner), ("heavy-hull", &hull)]);
    let x = game.ship(1, 2, &[("obstacle-jammer", &jammer)]);
    let (move_through, overlap) = (move_through(), overlap());
    let mut engine = Engine::new();

    // Obstacle Runner: while boosting or barrel rolling, not otherwise; not for others.
    assert_eq!(engine.permission(&game, r, &move_through), Permission::Unstated);
    for (ship, what, expected) in [
        (r, boost(), Permission::Granted),
        (r, barrel_roll(), Permission::Granted),
        (r, Effect::opaque("barrel roll"), Permission::Granted),
        (r, attack(), Permission::Unstated),
        (x, boost(), Permission::Unstated),
    ] {
        let text = what.text.clone();
        engine.open(&mut game, &mut First, Window::event(When::While, event(ship, what)));
        assert_eq!(engine.permission(&game, r, &move_through), expected, "while {ship:?} {text}");
        assert_eq!(engine.permission(&game, r, &overlap), expected, "the `and` clause is a `can` too");
        assert_eq!(engine.permission(&game, x, &move_through), Permission::Unstated);
        assert!(engine.close().is_some());
    }
    assert!(game.log.is_empty(), "a `can` is not an effect to apply");

    // A standing "cannot" of the same ship, in force in its own window only.
    engine.open(&mut game, &mut First, Window::event(When::While, event(h, boost())));
    assert_eq!(engine.permission(&game, h, &move_through), Permission::Granted);
    engine.close();
    engine.open(&mut game, &mut First, Window::event(When::While, event(h, barrel_roll())));
    assert_eq!(engine.permission(&game, h, &move_through), Permission::Forbidden);
    assert_eq!(engine.permission(&game, h, &overlap), Permission::Granted);
    engine.close();

    // An enemy's "cannot" wins over the "can" while it lasts.
    let jam = game.abilities(x)[0];
    assert_eq!(engine.activate(&mut game, &mut First, x, jam), Ok(()));
    engine.open(&mut game, &mut First, Window::event(When::While, event(r, boost())));
    assert_eq!(engine.permission(&game, r, &move_through), Permission::Forbidden);
    assert!(!engine.permission(&game, r, &move_through).allows(true));
    engine.close();
    engine.end_round();
    engine.open(&mut game, &mut First, Window::event(When::While, event(r, boost())));
    assert_eq!(engine.permission(&game, r, &move_through), Permission::Granted);
    engine.close();
}

/// Rule 8: a ship spends only its own tokens and modifies only its own dice, unless an
/// effect says so: an ability whose subject is another ship, or an explicit permission.
#[test]
fn rule8_a_ship_affects_only_its_own_tokens_and_dice() {
    let (jyn, fire) = (jyn_erso(), sustained_fire());
    let mut game = Game::default();
    let a = game.ship(0, 0, &[("jyn-erso", &jyn), ("sustained-fire", &fire)]);
    let b = game.ship(0, 1, &[]);
    let d = game.ship(1, 1, &[]);
    let spend_focus = effect(EffectKind::Spend, "spend 1 focus token", Some(1), "focus token", &[FOCUS]);
    let spend_evade = effect(EffectKind::Spend, "spend 1 evade token", Some(1), "evade token", &[EVADE]);
    let reroll = effect(EffectKind::Reroll, "reroll 1 attack die", Some(1), "attack die", &[ATTACK_DIE]);
    let mut engine = Engine::new();

    assert!(engine.may_affect(&game, a, a, &spend_focus));
    assert!(!engine.may_affect(&game, a, b, &spend_focus));
    assert!(!engine.may_affect(&game, a, d, &reroll));

    // An explicit permission, for what it names and as long as it lasts.
    engine.permit(Grant { actor: a, target: b, effect: spend_focus.clone(), until: Until::EndOfRound });
    assert!(engine.may_affect(&game, a, b, &spend_focus));
    assert!(!engine.may_affect(&game, a, b, &spend_evade));
    assert!(!engine.may_affect(&game, b, a, &spend_focus));
    engine.end_round();
    assert!(!engine.may_affect(&game, a, b, &spend_focus));

    // An ability about another ship acts on that ship: Jyn Erso's evade goes to `it`.
    engine.happen(&mut game, &mut First, event(b, gain(1, "focus token", FOCUS)));
    assert_eq!((game.tokens(a)[1], game.tokens(b)[1]), (0, 1));

    // And a prohibition on the defender holds against a permission too.
    engine.permit(Grant { actor: a, target: d, effect: spend_evade.clone(), until: Until::EndOfRound });
    assert!(engine.may_affect(&game, a, d, &spend_evade));
    (game.attacker, game.defender, game.hits) = (Some(a), Some(d), true);
    let fire_held = game.abilities(a)[1];
    assert_eq!(engine.activate(&mut game, &mut First, a, fire_held), Ok(()));
    assert!(!engine.may_affect(&game, a, d, &spend_evade));
}

/// Rule 9: a destroyed ship's abilities stay active until it is removed.
#[test]
fn rule9_a_destroyed_ships_abilities_stay_active_until_it_is_removed() {
    let (jyn, wrath) = (jyn_erso(), vaders_wrath());
    let mut game = Game::default();
    let j = game.ship(0, 0, &[("jyn-erso", &jyn), ("vaders-wrath", &wrath)]);
    let f = game.ship(0, 1, &[]);
    let mut engine = Engine::new();

    game.ships[j.0 as usize].status = Status::Destroyed;
    engine.happen(&mut game, &mut First, event(f, gain(1, "focus token", FOCUS)));
    assert_eq!(game.tokens(f), [0, 1, 0, 0, 0]);
    engine.window(&mut game, &mut First, Window::event(When::After, event(j, attack())));
    assert_eq!(game.tokens(j)[3], 1);

    game.ships[j.0 as usize].status = Status::Removed;
    engine.end_round();
    engine.happen(&mut game, &mut First, event(f, gain(1, "focus token", FOCUS)));
    assert_eq!(game.tokens(f), [1, 1, 0, 0, 0]);
    engine.window(&mut game, &mut First, Window::event(When::After, event(j, attack())));
    assert_eq!(game.tokens(j)[3], 1);
}

/// Effects that trigger each other forever stop at a limit instead of overflowing or hanging.
#[test]
fn endless_chains_stop() {
    let vader = darth_vader();
    let mut game = Game::default();
    let v = game.ship(0, 0, &[("darth-vader", &vader)]);
    // Force that never runs out: the state never lowers it below what a spend needs.
    game.set_resource(v, FORCE, (u32::MAX, u32::MAX));
    let mut engine = Engine::new();
    engine.happen(&mut game, &mut First, event(v, focus_action()));
    assert!(game.count(v, EffectKind::Perform) <= MAX_DEPTH);
    assert!(game.count(v, EffectKind::Perform) > 1);

    // Two abilities each answering a stress token with another: the chain branches.
    let mut echo = ability(
        "After you gain a stress token, gain 1 stress token.",
        vec![step(vec![clause(Subject::YOU, Qualifier::None, None, gain(1, "stress token", STRESS))])],
    );
    echo.timings = vec![after_event(When::After, "you gain a stress token", gain(1, "stress token", STRESS))].into();
    let mut game = Game::default();
    let s = game.ship(0, 0, &[("echo", &echo), ("echo-too", &echo)]);
    let mut engine = Engine::new();
    assert_eq!(engine.happen(&mut game, &mut First, event(s, gain(1, "stress token", STRESS))), Happened::Occurred);
    assert!(game.log.len() <= MAX_EVENTS);
    assert_eq!(engine.happen(&mut game, &mut First, event(s, gain(1, "stress token", STRESS))), Happened::Occurred);
}

/// Rule 7, enforced: a lasting "you cannot gain focus tokens this round" stops an ability
/// the engine resolves ("At the start of the Engagement Phase, gain 1 focus token.") and
/// an event the game makes happen.
#[test]
fn rule7_cannot_stops_what_the_engine_resolves() {
    let mut c = Clause::new(you(), Qualifier::Cannot, gain(1, "focus token", FOCUS));
    c.duration = Some(Duration { text: "this round".into(), until_end_of: None, this_round: true, during: None });
    let mut jam = ability("Action: You cannot gain focus tokens this round.", vec![Step::new(vec![c])]);
    jam.header = Some(HEADER_ACTION);
    jam.optional = true;
    let mut trigger = ability(
        "At the start of the Engagement Phase, gain 1 focus token.",
        vec![Step::new(vec![Clause::new(you(), Qualifier::None, gain(1, "focus token", FOCUS))])],
    );
    trigger.timings = vec![at_phase(When::StartOf, "the Engagement Phase", ENGAGEMENT)].into();
    let mut game = Game::default();
    let s = game.ship(0, 0, &[("jam", &jam), ("trigger", &trigger)]);
    let mut engine = Engine::new();
    // Before the cannot, the trigger works.
    engine.window(&mut game, &mut First, Window::phase(When::StartOf, ENGAGEMENT));
    assert_eq!(game.tokens(s)[0], 1);
    let held = game.abilities(s)[0];
    assert_eq!(engine.activate(&mut game, &mut First, s, held), Ok(()));
    engine.window(&mut game, &mut First, Window::phase(When::StartOf, ENGAGEMENT));
    assert_eq!(game.tokens(s)[0], 1, "a forbidden focus token was gained: {:?}", game.log);
    let happened = engine.happen(&mut game, &mut First, event(s, gain(1, "focus token", FOCUS)));
    assert_eq!(happened, Happened::Forbidden);
    assert_eq!(game.tokens(s)[0], 1);
    // The round ends, and so does the cannot.
    engine.end_round();
    assert_eq!(engine.happen(&mut game, &mut First, event(s, gain(1, "focus token", FOCUS))), Happened::Occurred);
}

/// Rule 2: under an optional header, choosing the ability is the option; a `may` in a
/// later sentence is asked again ("Action: Gain 1 stress token. Then you may gain 1 focus
/// token.").
#[test]
fn rule2_a_later_may_under_an_optional_header_is_asked() {
    let mut a = ability(
        "Action: Gain 1 stress token. Then you may gain 1 focus token.",
        vec![
            Step::new(vec![Clause::new(you(), Qualifier::None, gain(1, "stress token", STRESS))]),
            Step::new(vec![Clause::new(you(), Qualifier::May, gain(1, "focus token", FOCUS))]),
        ],
    );
    a.header = Some(HEADER_ACTION);
    a.optional = true;
    let mut game = Game::default();
    let s = game.ship(0, 0, &[("a", &a)]);
    let mut engine = Engine::new();
    let held = game.abilities(s)[0];
    assert_eq!(engine.activate(&mut game, &mut Decline, s, held), Ok(()));
    assert_eq!((game.tokens(s)[3], game.tokens(s)[0]), (1, 0), "{:?}", game.log);
    let mut engine = Engine::new();
    assert_eq!(engine.activate(&mut game, &mut First, s, held), Ok(()));
    assert_eq!((game.tokens(s)[3], game.tokens(s)[0]), (2, 1), "{:?}", game.log);
}

/// A subject whose words say more than person, side and range (`each enemy ship in your
/// [Bullseye Arc]`) names only the ships the game says they describe: never every enemy ship.
#[test]
fn a_subject_said_in_words_names_only_the_ships_the_game_says() {
    let stress = bullseye_stress();
    let mut game = Game::default();
    let a = game.ship(0, 0, &[("bullseye-stress", &stress)]);
    let (b, c) = (game.ship(1, 1, &[]), game.ship(1, 2, &[]));
    let mut engine = Engine::new();
    engine.window(&mut game, &mut First, Window::phase(When::StartOf, ENGAGEMENT));
    assert_eq!((game.tokens(b)[3], game.tokens(c)[3]), (0, 0), "no ship is described: none gains stress");
    game.described.push((a, c, "each enemy ship in your [Bullseye Arc]"));
    engine.window(&mut game, &mut First, Window::phase(When::StartOf, ENGAGEMENT));
    assert_eq!((game.tokens(b)[3], game.tokens(c)[3]), (0, 1), "only the ship in the arc gains stress");
}

/// Lone Wolf, as a test: "At the start of the Engagement Phase, if there are no other
/// friendly ships at range 0-2, gain 1 stress token." The engine counts the ships itself.
fn lone_stress() -> Ability {
    let test = Test::Exists {
        count: Count { op: CmpOp::Eq, n: 0 },
        who: subject("other friendly ships at range 0-2", Person::Another, Side::Friendly, Some((0, 2))),
    };
    stress_at_engagement_if("there are no other friendly ships at range 0-2", test)
}

/// "At the start of the Engagement Phase, if <condition>, gain 1 stress token.", the
/// condition read as `test`.
fn stress_at_engagement_if(condition: &'static str, test: Test) -> Ability {
    let mut a = ability(
        format!("At the start of the Engagement Phase, if {condition}, gain 1 stress token."),
        vec![Step {
            conditions: vec![Condition::new(CondKind::If, condition, test)].into(),
            ..Step::new(vec![clause(Subject::YOU, Qualifier::None, None, gain(1, "stress token", STRESS))])
        }],
    );
    a.timings = vec![at_phase(When::StartOf, "the Engagement Phase", ENGAGEMENT)].into();
    a
}

/// A count of ships the subject says all of is the engine's to answer: other friendly ships
/// at range 0-2 of the ability's ship, enemy ships and far ships not counted.
#[test]
fn a_count_of_ships_is_counted_from_the_games_ships() {
    let lone = lone_stress();
    assert_eq!(
        stress_at_engagement(&lone, &[(1, 1), (0, 3)]),
        1,
        "an enemy at range 1 and a friend at range 3: none counted"
    );
    assert_eq!(
        stress_at_engagement(&lone, &[(1, 1), (0, 3), (0, 2)]),
        0,
        "a friendly ship at range 2: the condition fails"
    );
}

/// The stress tokens the ship at 0 of player 0, holding `ability`, has after the start of
/// the Engagement Phase, with the other ships `(player, at)` in play.
fn stress_at_engagement(ability: &Ability, others: &[(u32, i32)]) -> u32 {
    let mut game = Game::default();
    let a = game.ship(0, 0, &[("tested", ability)]);
    for &(player, at) in others {
        game.ship(player, at, &[]);
    }
    Engine::new().window(&mut game, &mut First, Window::phase(When::StartOf, ENGAGEMENT));
    game.tokens(a)[3]
}

/// Test only, in the shape the lowering gives it: "At the start of the Engagement Phase, if
/// there are no other friendly ships at range 0-2 or you have the Brave upgrade, gain 1
/// stress token." Either is enough: the engine counts the ships, the game knows the cards.
#[test]
fn either_of_two_tests_is_enough_each_asked_where_it_is_known() {
    let lone = Test::Exists {
        count: Count { op: CmpOp::Eq, n: 0 },
        who: subject("other friendly ships at range 0-2", Person::Another, Side::Friendly, Some((0, 2))),
    };
    let hopeful = Test::Equipped { who: Subject::YOU, card: "Brave".into(), as_: Equip::Upgrade, not: false };
    let either = stress_at_engagement_if(
        "there are no other friendly ships at range 0-2 or you have the Brave upgrade",
        Test::Any(vec![lone, hopeful].into()),
    );
    let stress = |friend: bool, cards: &[&'static str]| {
        let mut game = Game { cards: cards.to_vec(), ..Game::default() };
        let a = game.ship(0, 0, &[("tested", &either)]);
        if friend {
            game.ship(0, 1, &[]);
        }
        Engine::new().window(&mut game, &mut First, Window::phase(When::StartOf, ENGAGEMENT));
        game.tokens(a)[3]
    };
    assert_eq!(stress(false, &[]), 1, "no friend near: the first holds");
    assert_eq!(stress(true, &["Brave"]), 1, "a friend near, but the upgrade: the second holds");
    assert_eq!(stress(true, &["Bold"]), 0, "a friend near and another upgrade: neither holds");
}

/// Test only, in the shape the lowering gives it: "At the start of the Engagement Phase, if
/// there are more enemy ships than other friendly ships at range 0-2, gain 1 stress token."
/// The range, printed once after both, holds for both.
fn outnumbered_stress() -> Ability {
    let test = Test::More {
        more: subject("enemy ships", Person::A, Side::Enemy, None),
        than: subject("other friendly ships at range 0-2", Person::Another, Side::Friendly, Some((0, 2))),
    };
    stress_at_engagement_if("there are more enemy ships than other friendly ships at range 0-2", test)
}

/// Ships that outnumber ships are counted from the game's ships, each side at the range
/// printed after both: enemies beyond it do not count.
#[test]
fn ships_outnumbering_ships_are_counted_at_the_range_printed_once() {
    let outnumbered = outnumbered_stress();
    let (friend, enemy, far_enemy) = ((0, 1), (1, 2), (1, 3));
    assert_eq!(stress_at_engagement(&outnumbered, &[friend, enemy]), 0, "one enemy, one other friend: not more");
    assert_eq!(
        stress_at_engagement(&outnumbered, &[friend, enemy, far_enemy]),
        0,
        "an enemy beyond range 2 does not count"
    );
    assert_eq!(
        stress_at_engagement(&outnumbered, &[friend, enemy, (1, 1)]),
        1,
        "two enemies in range, one friend: more"
    );
}

/// Test only, in the shape the lowering gives it: "At the start of the Engagement Phase, you
/// may spend 1 [Charge] and gain 1 stress token. If you do, gain 1 focus token." One
/// optional choice of two parts (`also`), then a step that needs all of it done.
fn charge_and_stress() -> Ability {
    let spend = effect(EffectKind::Spend, "spend 1 [Charge]", Some(1), "[Charge]", &[CHARGE]);
    let mut choice = clause(you(), Qualifier::May, None, spend);
    choice.also = vec![gain(1, "stress token", STRESS)].into();
    let mut then = step(vec![clause(Subject::YOU, Qualifier::None, None, gain(1, "focus token", FOCUS))]);
    then.conditions = vec![Condition::new(CondKind::If, "you do", Test::YouDo { not: false })].into();
    let mut a = ability(
        "At the start of the Engagement Phase, you may spend 1 [Charge] and gain 1 stress token. If you do, gain 1 focus token.",
        vec![step(vec![choice]), then],
    );
    a.timings = vec![at_phase(When::StartOf, "the Engagement Phase", ENGAGEMENT)].into();
    a.optional = true;
    a
}

/// A compound choice ("spend X and gain Y. If you do, …") is taken whole or not at all:
/// never offered part by part, done only when every part can resolve, and "If you do"
/// holds only when all of it was done.
#[test]
fn a_compound_choice_is_paid_whole_or_not_at_all() {
    let malarus = charge_and_stress();
    let start = Window::phase(When::StartOf, ENGAGEMENT);

    // A charge to spend: both parts, then the focus token. A chooser that would decline
    // any further question is asked none: the choice was taken once, whole.
    let mut game = Game::default();
    let a = game.ship(0, 0, &[("commander-malarus", &malarus)]);
    game.set_resource(a, CHARGE, (1, 1));
    let mut engine = Engine::new();
    let mut chooser = Script { accept: false, ..Script::new() };
    engine.window(&mut game, &mut chooser, start.clone());
    assert_eq!(game.resource(a, CHARGE), (0, 1));
    assert_eq!((game.tokens(a)[3], game.tokens(a)[0]), (1, 1), "stress and focus: {:?}", game.log);

    // No charge: the choice cannot be paid whole, so no part of it happens (no stress
    // token alone) and "If you do" does not hold (no focus token).
    let mut game = Game::default();
    let b = game.ship(0, 0, &[("commander-malarus", &malarus)]);
    game.set_resource(b, CHARGE, (0, 1));
    let mut engine = Engine::new();
    engine.window(&mut game, &mut Script::new(), start.clone());
    assert_eq!((game.tokens(b)[3], game.tokens(b)[0]), (0, 0), "{:?}", game.log);
    assert!(game.log.is_empty(), "{:?}", game.log);

    // The part that cannot resolve is the second: still nothing.
    let mut reversed = charge_and_stress();
    let first = &mut reversed.steps.to_mut()[0].clauses.to_mut()[0];
    let spend = std::mem::replace(&mut first.effect, gain(1, "stress token", STRESS));
    first.also = vec![spend].into();
    let mut game = Game::default();
    let d = game.ship(0, 0, &[("commander-malarus", &reversed)]);
    game.set_resource(d, CHARGE, (0, 1));
    Engine::new().window(&mut game, &mut Script::new(), start.clone());
    assert_eq!((game.tokens(d)[3], game.tokens(d)[0]), (0, 0), "{:?}", game.log);

    // Declined: nothing.
    let mut game = Game::default();
    let c = game.ship(0, 0, &[("commander-malarus", &malarus)]);
    game.set_resource(c, CHARGE, (1, 1));
    Engine::new().window(&mut game, &mut Decline, start);
    assert_eq!((game.resource(c, CHARGE), game.tokens(c)[3], game.tokens(c)[0]), ((1, 1), 0, 0));
}

/// Test only, in the shape the lowering gives it: "At the start of the Engagement Phase,
/// gain 1 stress token unless you spend 1 [Charge]." The `unless` names what the ship may
/// do to stop the step.
fn stress_unless_charge() -> Ability {
    let spend = effect(EffectKind::Spend, "spend 1 [Charge]", Some(1), "[Charge]", &[CHARGE]);
    let mut s = step(vec![clause(Subject::YOU, Qualifier::None, None, gain(1, "stress token", STRESS))]);
    let test =
        Test::Event { events: vec![clause(you(), Qualifier::None, None, spend)].into(), not: false, within: None };
    s.conditions = vec![Condition::new(CondKind::Unless, "you spend 1 [Charge]", test)].into();
    let mut a =
        ability("At the start of the Engagement Phase, gain 1 stress token unless you spend 1 [Charge].", vec![s]);
    a.timings = vec![at_phase(When::StartOf, "the Engagement Phase", ENGAGEMENT)].into();
    a
}

/// "X unless you do Y" offers Y to the ship it names: doing Y stops X; declining it, or
/// being unable to, leaves X to happen.
#[test]
fn an_unless_offers_what_stops_the_step() {
    let start = Window::phase(When::StartOf, ENGAGEMENT);
    let ability = stress_unless_charge();

    // Accepted: the charge is spent and no stress token is gained.
    let mut game = Game::default();
    let a = game.ship(0, 0, &[("stress-unless-charge", &ability)]);
    game.set_resource(a, CHARGE, (1, 1));
    Engine::new().window(&mut game, &mut First, start.clone());
    assert_eq!((game.resource(a, CHARGE), game.tokens(a)[3]), ((0, 1), 0), "{:?}", game.log);

    // Declined: the stress token, and the charge kept.
    let mut game = Game::default();
    let b = game.ship(0, 0, &[("stress-unless-charge", &ability)]);
    game.set_resource(b, CHARGE, (1, 1));
    Engine::new().window(&mut game, &mut Decline, start.clone());
    assert_eq!((game.resource(b, CHARGE), game.tokens(b)[3]), ((1, 1), 1), "{:?}", game.log);

    // Unable (no charge): the stress token, and nothing asked.
    let mut game = Game::default();
    let c = game.ship(0, 0, &[("stress-unless-charge", &ability)]);
    game.set_resource(c, CHARGE, (0, 1));
    Engine::new().window(&mut game, &mut First, start);
    assert_eq!((game.resource(c, CHARGE), game.tokens(c)[3]), ((0, 1), 1), "{:?}", game.log);
}

/// Test only: "Before you would gain a focus or stress token, gain an evade token instead."
/// A replacement of events joined by `or` replaces each of them, and nothing else.
#[test]
fn a_replacement_of_events_joined_by_or_replaces_any_of_them() {
    let mut a = ability(
        "Before you would gain a focus or stress token, gain an evade token instead.",
        vec![step(vec![clause(Subject::YOU, Qualifier::None, None, gain(1, "evade token", EVADE))])],
    );
    a.replacement = Some(Replacement {
        before: true,
        subject: you(),
        event: gain(1, "focus token", FOCUS),
        or_events: vec![gain(1, "stress token", STRESS)].into(),
    });
    let mut game = Game::default();
    let s = game.ship(0, 0, &[("either", &a)]);
    let mut engine = Engine::new();
    engine.happen(&mut game, &mut First, event(s, gain(1, "stress token", STRESS)));
    assert_eq!(game.tokens(s), [0, 1, 0, 0, 0]);
    engine.happen(&mut game, &mut First, event(s, gain(1, "focus token", FOCUS)));
    assert_eq!(game.tokens(s), [0, 2, 0, 0, 0]);
    // An evade token is neither: gained as it is.
    engine.happen(&mut game, &mut First, event(s, gain(1, "evade token", EVADE)));
    assert_eq!(game.tokens(s), [0, 3, 0, 0, 0]);
}

/// Test only, in the shape the lowering gives it: "At the start of the Engagement Phase, if
/// this attack hits, gain 1 focus token. Then, gain 1 stress token." The second sentence
/// goes on from the first (`goes_on`), or, without the flag, stands alone.
fn focus_then_stress(goes_on: bool) -> Ability {
    let first = Step {
        conditions: vec![Condition::new(CondKind::If, "this attack hits", Test::Opaque)].into(),
        ..step(vec![clause(Subject::YOU, Qualifier::None, None, gain(1, "focus token", FOCUS))])
    };
    let then =
        Step { goes_on, ..step(vec![clause(Subject::YOU, Qualifier::None, None, gain(1, "stress token", STRESS))]) };
    let mut a = ability(
        "At the start of the Engagement Phase, if this attack hits, gain 1 focus token. Then, gain 1 stress token.",
        vec![first, then],
    );
    a.timings = vec![at_phase(When::StartOf, "the Engagement Phase", ENGAGEMENT)].into();
    a
}

/// A sentence that goes on from the one before is reached only where that one was: where
/// the first sentence's condition fails, neither happens; a sentence that stands alone
/// happens whatever the one before found.
#[test]
fn a_sentence_that_goes_on_is_reached_only_with_the_one_before() {
    let start = Window::phase(When::StartOf, ENGAGEMENT);
    let tokens = |ability: &Ability, hits: bool| {
        let mut game = Game { hits, ..Game::default() };
        let a = game.ship(0, 0, &[("tested", ability)]);
        Engine::new().window(&mut game, &mut First, start.clone());
        (game.tokens(a)[0], game.tokens(a)[3])
    };
    let goes_on = focus_then_stress(true);
    assert_eq!(tokens(&goes_on, true), (1, 1), "the condition holds: both sentences");
    assert_eq!(tokens(&goes_on, false), (0, 0), "the condition fails: the sentence after is not reached");
    let alone = focus_then_stress(false);
    assert_eq!(tokens(&alone, false), (0, 1), "a sentence that stands alone happens anyway");
}

/// Test only, in the shape the lowering gives it: "At the start of the Engagement Phase, if
/// this attack hits, roll 1 attack die. On a [Focus] result, gain 1 evade token. On a [Hit]
/// result, gain 1 stress token." Each result goes on from the roll (the support game holds
/// a condition by its words: the second result is the one that came up).
fn two_results() -> Ability {
    let result = |text: &'static str, e: Effect| Step {
        conditions: vec![Condition::new(CondKind::If, text, Test::OnResult(Noun::new(text, Vec::new())))].into(),
        goes_on: true,
        ..step(vec![clause(Subject::YOU, Qualifier::None, None, e)])
    };
    let roll = Step {
        conditions: vec![Condition::new(CondKind::If, "this attack hits", Test::Opaque)].into(),
        ..step(vec![clause(Subject::YOU, Qualifier::None, None, gain(1, "focus token", FOCUS))])
    };
    let mut a = ability(
        "At the start of the Engagement Phase, if this attack hits, roll 1 attack die. On a [Focus] result, gain 1 evade token. On a [Hit] result, gain 1 stress token.",
        vec![roll, result("a [Focus] result", gain(1, "evade token", EVADE)), result("this attack hits", gain(1, "stress token", STRESS))],
    );
    a.timings = vec![at_phase(When::StartOf, "the Engagement Phase", ENGAGEMENT)].into();
    a
}

/// The results of one roll each go on from the roll: a result that did not come up does
/// not keep the next result's step from being reached.
#[test]
fn each_result_of_a_roll_goes_on_from_the_roll() {
    let ability = two_results();
    let stress = |hits: bool| {
        let mut game = Game { hits, ..Game::default() };
        let a = game.ship(0, 0, &[("tested", &ability)]);
        Engine::new().window(&mut game, &mut First, Window::phase(When::StartOf, ENGAGEMENT));
        game.tokens(a)[3]
    };
    assert_eq!(stress(true), 1, "the first result did not come up; the second is still reached");
    assert_eq!(stress(false), 0, "the roll was not reached: neither result is");
}

/// A verb the game declares (`EffectKind::Game`): the engine resolves it as any effect,
/// handing it to the game to carry out, and a timing on it triggers on that verb alone.
/// "After you perform an action, heal 1 damage." and "After you heal, gain 1 focus token."
#[test]
fn a_games_own_verb_is_carried_out_by_the_game_and_triggers_on_itself() {
    let heal = || effect(EffectKind::Game(0), "heal 1 damage", Some(1), "damage", &[]);
    let mut mend = ability(
        "After you perform an action, heal 1 damage.",
        vec![step(vec![clause(you(), Qualifier::None, None, heal())])],
    );
    mend.timings = vec![after_event(When::After, "you perform an action", perform_action())].into();
    let mut after_heal = ability(
        "After you heal, gain 1 focus token.",
        vec![step(vec![clause(you(), Qualifier::None, None, gain(1, "focus token", FOCUS))])],
    );
    after_heal.timings = vec![after_event(When::After, "you heal", Effect::new(EffectKind::Game(0), "heal"))].into();
    let mut game = Game::default();
    let a = game.ship(0, 0, &[("mend", &mend), ("after-heal", &after_heal)]);
    let mut engine = Engine::new();
    let mut chooser = First;
    engine.window(&mut game, &mut chooser, Window::event(When::After, event(a, perform_action())));
    assert_eq!(game.performed(a, "heal 1 damage"), 1, "{:?}", game.log);
    // The game's verb, carried out, is an event its own timing triggers on.
    assert_eq!(game.tokens(a)[usize::from(FOCUS.index)], 1, "{:?}", game.log);
    // Another of the game's verbs is not.
    let bury = Effect::new(EffectKind::Game(1), "bury");
    engine.window(&mut game, &mut chooser, Window::event(When::After, event(a, bury)));
    assert_eq!(game.tokens(a)[usize::from(FOCUS.index)], 1, "{:?}", game.log);
}
