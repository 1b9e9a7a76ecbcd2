//! Tests of ability lowering: frames read from sentences, lowered against a small
//! vocabulary.

use cards_runtime::ability::{
    Ability, Adjective, Amount, Area, Back, Band, CmpOp, CondKind, Condition, Count, Dice, During, EffectKind, Equip,
    Facing, Noun, Person, Proviso, Qualifier, Reach, Side, Subject, Test, Than, Timing as RtTiming, VocabRef,
};
use cards_runtime::model::{Entry, Set, VocabKind, Vocabulary};

use super::condition::*;
use super::effect::*;
use super::noun::*;
use super::*;
use crate::ast::Span;
use crate::text::{Cond, Piece};

fn vocab() -> Vocabulary {
    let e = |id: &'static str, name: &'static str| Entry { id: id.into(), name: name.into(), marked: false };
    Vocabulary {
        tokens: vec![e("focus", "focus"), e("evade", "evade")].into(),
        resources: vec![e("force", "Force"), e("charge", "Charge"), e("shield", "shield")].into(),
        actions: vec![e("focus", "Focus"), e("barrel-roll", "Barrel Roll")].into(),
        results: vec![e("hit", "Hit"), e("critical-hit", "Critical Hit"), e("focus", "Focus")].into(),
        dice: vec![e("attack", "attack")].into(),
        phases: vec![e("engagement", "Engagement Phase")].into(),
        icons: vec![e("crew", "Crew")].into(),
        ..Vocabulary::default()
    }
}

fn refs(n: &Noun) -> Vec<(VocabKind, u16)> {
    n.refs.iter().map(|r| (r.kind, r.index)).collect()
}

#[test]
fn nouns_resolve_by_display_name_suffix_and_plural() {
    let v = vocab();
    assert_eq!(refs(&noun("[Charge]", &v, Some(EffectKind::Spend))), [(VocabKind::Resource, 1)]);
    assert_eq!(refs(&noun("focus token", &v, Some(EffectKind::Gain))), [(VocabKind::Token, 0)]);
    assert_eq!(refs(&noun("evade tokens", &v, Some(EffectKind::Spend))), [(VocabKind::Token, 1)]);
    assert_eq!(refs(&noun("shield", &v, Some(EffectKind::Recover))), [(VocabKind::Resource, 2)]);
    assert_eq!(refs(&noun("attack die", &v, Some(EffectKind::Reroll))), [(VocabKind::Die, 0)]);
    assert_eq!(
        refs(&noun("[Hit]/[Critical Hit] results", &v, Some(EffectKind::Change))),
        [(VocabKind::Result, 0), (VocabKind::Result, 1)]
    );
    assert_eq!(refs(&noun("[Focus]", &v, Some(EffectKind::Perform))), [(VocabKind::Action, 0)]);
    assert_eq!(refs(&noun("[Focus] result", &v, None)), [(VocabKind::Result, 2)]);
    assert!(noun("damage card", &v, Some(EffectKind::Dealt)).refs.is_empty());
    // A plain word names no die, and a bracket after `non-` names what the noun is not.
    assert!(noun("attack", &v, Some(EffectKind::Declare)).refs.is_empty());
    assert!(noun("non-focus ([Focus]) result", &v, None).refs.is_empty());
    // Which of them: `active`, `non-recurring`, `additional`, kept with the entry.
    assert_eq!(noun("active [Charge]", &v, None).adjectives[..], [Adjective::Active]);
    assert_eq!(noun("non-recurring [Charge]", &v, None).adjectives[..], [Adjective::NonRecurring]);
    let n = noun("additional focus token", &v, Some(EffectKind::Gain));
    assert_eq!((refs(&n), &n.adjectives[..]), (vec![(VocabKind::Token, 0)], &[Adjective::Additional][..]));
    assert!(noun("charge", &v, None).adjectives.is_empty());
    // What a ship has equipped, of an icon.
    let n = noun("equipped [Crew] upgrades", &v, None);
    assert_eq!((refs(&n), &n.adjectives[..]), (vec![(VocabKind::Icon, 0)], &[Adjective::Equipped][..]));
}

#[test]
fn nouns_name_their_brackets_only_as_their_head() {
    let v = Vocabulary {
        results: vec![
            Entry { id: "blank".into(), name: "blank".into(), marked: false },
            Entry { id: "focus".into(), name: "Focus".into(), marked: false },
        ]
        .into(),
        arcs: vec![Entry { id: "front".into(), name: "Front Arc".into(), marked: false }].into(),
        ..vocab()
    };
    // A plain word of a list with bracketed items is an entry too.
    let n = noun("1 of your blank or [Focus] results", &v, Some(EffectKind::Change));
    assert_eq!((refs(&n), n.choice), (vec![(VocabKind::Result, 0), (VocabKind::Result, 1)], true));
    // Another head than the name's kind, or a head before `of`: a thing of its own.
    assert!(noun("your [Front Arc] indicator", &v, Some(EffectKind::Rotate)).refs.is_empty());
    assert!(noun("the difficulty of your [Front Arc] maneuvers", &v, Some(EffectKind::Reduce)).refs.is_empty());
    // Where it is printed does not change what it is.
    assert_eq!(
        refs(&noun("[Focus] action on its action bar", &v, Some(EffectKind::Perform))),
        [(VocabKind::Action, 0)]
    );
    // Adjectives before a head, and how many said before, are not what.
    assert_eq!(refs(&noun("recurring charge", &v, Some(EffectKind::Recover))), [(VocabKind::Resource, 1)]);
    assert_eq!(noun("that many of your Offline upgrade cards", &v, None).text, "Offline upgrade cards");
}

/// The abilities of a text, lowered with the test vocabulary.
fn read(text: &str, v: &Vocabulary) -> Vec<Ability> {
    let spans: Vec<Span> = crate::syntax::sentences::split(text).into_iter().map(|(s, e)| Span::new(s, e)).collect();
    let cx = Context { vocab: v, file: "test.cards", source: text, name: None };
    crate::text::frames(text, &spans).iter().map(|f| ability(f, &cx)).collect()
}

/// The object of each clause of an ability, in order: its entries or its words.
fn objects(a: &Ability) -> Vec<String> {
    a.steps
        .iter()
        .flat_map(|s| s.clauses.iter())
        .map(|c| c.effect.noun.as_ref().map_or(String::new(), |n| n.text.to_string()))
        .collect()
}

#[test]
fn pronouns_stand_for_the_head_named_before() {
    let v = vocab();
    // The replaced event's object, without the words that only say which.
    let a = read("Before you would gain a non-lock red or orange token, you may place it on this card instead.", &v);
    assert_eq!(objects(&a[0]), ["token"]);
    let a = read("Before you would drop a bomb, you may place it in the play area touching you instead.", &v);
    assert_eq!(objects(&a[0]), ["bomb"]);
    // A where-phrase says which, not what: the obstacle is placed.
    let a = read("You may choose 1 obstacle in the play area. If you do, place it anywhere beyond range 2.", &v);
    assert_eq!(objects(&a[0]), ["obstacle in the play area", "obstacle"]);
    // What is flipped is a card: the one a condition names.
    let a = read(
        "During the Engagement Phase, gain 1 focus token. Then, if there are 2 fuse markers on this card, flip it.",
        &v,
    );
    assert_eq!(objects(&a[0]), ["focus token", "this card"]);
    // A condition's thing: the False Friend condition is what is assigned.
    let a =
        read("Action: If the False Friend condition is not assigned to an enemy ship, assign it to an enemy ship.", &v);
    assert_eq!(objects(&a[0]), ["the False Friend condition"]);
}

/// How the object of each clause points back at a thing named before, in order.
fn backs(a: &Ability) -> Vec<Option<Back>> {
    a.steps.iter().flat_map(|s| s.clauses.iter()).map(|c| c.effect.noun.as_ref().and_then(|n| n.back)).collect()
}

#[test]
fn a_noun_named_before_is_pointed_back_at() {
    let v = vocab();
    // `that token` is the token the replaced event would give, not any token.
    let a = read("Before you would gain a stress token, you may spend 1 [Charge] to gain that token instead.", &v);
    assert_eq!(objects(&a[0]), ["token"]);
    assert_eq!(backs(&a[0]), [Some(Back::That)]);
    // `it` is the stress token itself; `them`, the dice themselves.
    let a = read("After you gain a stress token, you may roll 1 attack die to remove it.", &v);
    assert_eq!(objects(&a[0]), ["stress token"]);
    assert_eq!(backs(&a[0]), [Some(Back::It)]);
    let a = read("You may choose 2 defense dice. If you do, the defender must reroll them.", &v);
    assert_eq!(backs(&a[0]), [None, Some(Back::Them)]);
    // `its damage cards` belong to the ship named before; `that ship's dial` names the
    // ship, not the dial, as named before.
    let a = read("After this attack hits, each ship at range 0-1 of the defender exposes 1 of its damage cards.", &v);
    assert_eq!(backs(&a[0]), [Some(Back::Its)]);
    let a = read("During the End Phase, you may spend 1 [Charge] to expose 1 of that ship's damage cards.", &v);
    assert_eq!(backs(&a[0]), [Some(Back::ThatShips)]);
    assert_eq!(objects(&a[0]), ["damage cards"]);
    // `choose 1`: one of the cards looked at, its noun unsaid; `that card`, the one chosen,
    // a damage card.
    let a = read("You may look at your facedown damage cards, choose 1, and expose that card.", &v);
    let also: Vec<_> = a[0].steps[0].clauses[0].also.iter().map(|e| e.noun.as_ref().and_then(|n| n.back)).collect();
    assert_eq!(also, [Some(Back::Of), Some(Back::That)], "{:?}", a[0].steps);
    assert_eq!(a[0].steps[0].clauses[0].also[1].noun.as_ref().map(|n| n.text.as_ref()), Some("damage cards"));
    // A thing named here points back at nothing.
    assert_eq!(noun("a stress token", &v, None).back, None);
}

#[test]
fn bracketed_items_sharing_a_head_are_one_noun() {
    let v = vocab();
    // One maneuver of two, executed instead: not a maneuver, or else a second effect.
    let a = read(
        "After you reveal a 0 [Stationary] maneuver, you must execute a 1 [Bank Left] or 1 [Bank Right] sideslip maneuver of the same difficulty instead.",
        &v,
    );
    let clauses: Vec<_> = a[0].steps.iter().flat_map(|s| s.clauses.iter()).collect();
    assert_eq!(clauses.len(), 1, "{clauses:?}");
    assert_eq!(objects(&a[0]), ["1 [Bank Left] or 1 [Bank Right] sideslip maneuver of the same difficulty"]);
    assert!(clauses[0].instead);
    // What follows the joined noun stays the clause's: what it is used instead of.
    let a = read(
        "While you decloak, you must use the 2 [Bank Left] or 2 [Bank Right] template instead of the 2 [Straight] template.",
        &v,
    );
    let c = &a[0].steps[0].clauses[0];
    assert!(c.effect.provisos.iter().any(|p| matches!(p, Proviso::InsteadOf(_))), "{c:?}");
    // Items that each say their head are two effects, one or the other.
    let a = read("You may change 1 [Hit] result to a [Focus] result or 1 [Focus] result to a [Hit] result.", &v);
    assert_eq!(a[0].steps.iter().flat_map(|s| s.clauses.iter()).count(), 2);
}

#[test]
fn a_range_after_two_verbs_holds_for_a_lock_before_it() {
    let v = vocab();
    // The lock is at range 1-5 too: not a lock at any range. Both reach that band.
    let a = read("You can acquire locks and perform primary attacks at range 1-5.", &v);
    let clauses: Vec<_> = a[0].steps.iter().flat_map(|s| s.clauses.iter()).collect();
    assert_eq!(clauses.len(), 2, "{clauses:?}");
    assert_eq!(clauses[0].effect.kind, EffectKind::Lock);
    let band = Proviso::Range(Reach { band: Band::At(1, 5), of: None });
    assert!(clauses.iter().all(|c| c.effect.provisos[..] == [band.clone()] && c.modifiers.is_empty()), "{clauses:?}");
    // A lock with a target of its own keeps only its own words.
    let a = read("You may acquire a lock on the defender and gain 1 focus token at range 1.", &v);
    assert!(a[0].steps[0].clauses[0].modifiers.is_empty());
}

#[test]
fn an_attack_that_is_obstructed_is_a_condition() {
    let v = vocab();
    let a = read("While you perform an attack that is obstructed by an obstacle, roll 1 additional attack die.", &v);
    let t = &a[0].timings[0];
    assert_eq!(t.event.as_ref().and_then(|e| e.effect.noun.as_ref()).map(|n| n.text.as_ref()), Some("attack"));
    assert!(matches!(&a[0].steps[0].conditions[..], [Condition { test: Test::Obstructed { by: Some(_) }, .. }]));
}

#[test]
fn what_a_defence_is_against_is_a_condition() {
    let v = vocab();
    // The attacker's state.
    let a = read("While you defend against a stressed attacker, roll 1 additional defense die.", &v);
    let event = a[0].timings[0].event.as_ref().map(|e| (e.effect.kind, e.modifiers.is_empty()));
    assert_eq!(event, Some((EffectKind::Defend, true)), "{:?}", a[0].timings);
    let c = &a[0].steps[0].conditions;
    assert!(
        matches!(&c[..], [Condition { test: Test::State { who, state, not: false }, .. }]
            if who.person == Person::Attacker && state.as_ref() == "stressed"),
        "{c:?}"
    );
    // The attack obstructed, by one thing of either kind.
    let a = read("After you defend against an attack obstructed by an asteroid or cloud, gain 1 focus token.", &v);
    let c = &a[0].steps[0].conditions;
    assert!(matches!(&c[..], [Condition { test: Test::Obstructed { by: Some(_) }, .. }]), "{c:?}");
    // A defence against anything else keeps its words.
    let a = read("While you defend against a bonus attack, roll 1 additional defense die.", &v);
    assert!(a[0].steps[0].conditions.is_empty(), "{:?}", a[0].steps[0].conditions);
}

#[test]
fn a_ships_side_is_a_condition() {
    let v = vocab();
    let t = test("the attacker is an enemy", &v);
    assert!(matches!(&t, Test::OnSide { who, side: Side::Enemy } if who.person == Person::Attacker), "{t:?}");
    let t = test("the defender is friendly", &v);
    assert!(matches!(&t, Test::OnSide { who, side: Side::Friendly } if who.person == Person::Defender), "{t:?}");
    // Not a side: kept as words.
    assert_eq!(test("the defender is not friendly", &v), Test::Opaque);
}

#[test]
fn a_ship_you_are_locking_is_a_timings_subject() {
    let v = vocab();
    let a = read("While a ship you are locking defends, you may gain 1 focus token.", &v);
    let event = a[0].timings[0].event.as_ref().map(|e| (e.effect.kind, e.subject.person, e.subject.text.to_string()));
    assert_eq!(event, Some((EffectKind::Defend, Person::A, "a ship you are locking".to_string())));
}

#[test]
fn after_a_semicolon_the_sentences_conditions_still_hold() {
    let v = vocab();
    let a =
        read("After you defend, if you are stressed, gain 1 focus token; if you are damaged, gain 1 evade token.", &v);
    let states = |s: &cards_runtime::ability::Step| -> Vec<String> {
        s.conditions
            .iter()
            .filter_map(|c| match &c.test {
                Test::State { state, .. } => Some(state.to_string()),
                _ => None,
            })
            .collect()
    };
    assert_eq!(a[0].steps.len(), 2, "{:?}", a[0].steps);
    assert_eq!(states(&a[0].steps[0]), ["stressed"]);
    // The part after the semicolon holds its own condition, and goes on from the sentence:
    // it is reached only where the sentence's conditions held.
    assert_eq!(states(&a[0].steps[1]), ["damaged"]);
    assert!(a[0].steps[1].goes_on && !a[0].steps[0].goes_on);
    // A die's result after a semicolon is of the roll, under `If you do` already.
    let a =
        read("You may gain 1 stress token. If you do, roll 1 attack die; on a [Hit] result, gain 1 focus token.", &v);
    let last = a[0].steps.last().map(|s| (s.conditions.len(), s.goes_on));
    assert_eq!(last, Some((1, true)), "{:?}", a[0].steps);
}

#[test]
fn sentences_that_go_on_from_the_one_before() {
    let v = vocab();
    let goes_on = |text: &str| -> Vec<bool> { read(text, &v)[0].steps.iter().map(|s| s.goes_on).collect() };
    // After a condition: a sentence with none of its own, and one that says `Then`.
    assert_eq!(
        goes_on("After you defend, if you are stressed, gain 1 focus token. Gain 1 evade token."),
        [false, true]
    );
    assert_eq!(
        goes_on(
            "After you defend, if you are stressed, gain 1 focus token. Then, if you are damaged, gain 1 evade token."
        ),
        [false, true]
    );
    // A sentence with a condition of its own, and no `Then`, stands alone: parallel cases.
    assert_eq!(
        goes_on("After you defend, if you are stressed, gain 1 focus token. If you are damaged, gain 1 evade token."),
        [false, false]
    );
    // After a step with no condition there is nothing to go on from.
    assert_eq!(goes_on("After you defend, gain 1 focus token. Then, gain 1 evade token."), [false, false]);
    // `If you do` and `Otherwise` already say how they go on.
    assert_eq!(
        goes_on("After you defend, if you are stressed, you may spend 1 [Charge]. If you do, gain 1 focus token."),
        [false, false]
    );
    // Two results of one roll each go on from the roll (the engine keeps the roll's reach
    // across a result's step).
    assert_eq!(
        goes_on("After you defend, if you are stressed, roll 1 attack die. On a [Hit] result, gain 1 focus token. On a [Critical Hit] result, gain 1 evade token."),
        [false, true, true]
    );
}

#[test]
fn a_payment_offered_alone_pays_for_the_sentence_after() {
    let v = vocab();
    let a = read(
        "At the start of the Engagement Phase, you may spend 2 [Charge]. During this phase, you can perform [Focus] actions.",
        &v,
    );
    let c = &a[0].steps[1].conditions;
    assert!(matches!(&c[..], [Condition { test: Test::YouDo { not: false }, implied: true, .. }]), "{c:?}");
    // A choice offered alone likewise: what the chosen ship does needs the choice made.
    let a = read("After you defend, you may choose a friendly ship at range 0-1. That ship gains 1 focus token.", &v);
    assert!(a[0].steps[1].conditions.iter().any(|c| c.implied), "{:?}", a[0].steps);
    // A roll offered alone likewise: its result is of a roll made.
    let a = read("After you defend, you may roll 1 attack die. On a [Hit] result, gain 1 focus token.", &v);
    let c = &a[0].steps[1].conditions;
    assert!(
        matches!(
            &c[..],
            [
                Condition { test: Test::YouDo { not: false }, implied: true, .. },
                Condition { test: Test::OnResult(_), .. }
            ]
        ),
        "{c:?}"
    );
    // A payment with its purpose in the same sentence pays for that, not the next.
    let a = read("After you defend, you may spend 1 [Charge] to gain 1 focus token. Gain 1 evade token.", &v);
    assert!(a[0].steps[1].conditions.is_empty(), "{:?}", a[0].steps);
}

#[test]
fn otherwise_is_the_step_when_the_one_before_did_not_happen() {
    let v = vocab();
    for text in [
        "After you defend, roll 1 attack die. On a [Hit] result, gain 1 focus token. Otherwise gain 1 evade token.",
        "After you defend, roll 1 attack die. On a [Hit] result, gain 1 focus token. Otherwise, gain 1 evade token.",
    ] {
        let a = read(text, &v);
        let last = a[0].steps.last().expect("steps");
        assert!(matches!(&last.conditions[..], [Condition { kind: CondKind::Otherwise, .. }]), "{:?}", a[0].steps);
        assert_eq!(last.clauses[0].effect.kind, EffectKind::Gain);
        assert!(!last.goes_on);
    }
}

#[test]
fn where_an_upgrade_is_equipped_and_a_lock_that_is_no_verb() {
    let v = vocab();
    // `to` after `equip them` is the ship it goes on, not a purpose the equip pays for.
    let a = read("Choose 1 of your [Crew] upgrades and equip it to another friendly ship.", &v);
    let effects: Vec<&cards_runtime::ability::Effect> = a[0]
        .steps
        .iter()
        .flat_map(|s| s.clauses.iter())
        .flat_map(|c| c.costs.iter().chain([&c.effect]).chain(c.also.iter()))
        .collect();
    let equip = effects.iter().find(|e| e.kind == EffectKind::Equip);
    assert!(equip.is_some_and(|e| e.target.is_some()), "{:?}", a[0].steps);
    assert!(a[0]
        .steps
        .iter()
        .flat_map(|s| s.clauses.iter())
        .all(|c| c.costs.iter().all(|e| e.kind != EffectKind::Equip)));
    // `Each lock must be …` names a lock, which is no verb before `must`: kept opaque.
    let a = read("Each lock must be on a different object.", &v);
    assert!(a[0].steps[0].clauses.iter().all(|c| c.effect.kind != EffectKind::Lock), "{:?}", a[0].steps);
}

#[test]
fn another_way_to_do_what_was_paid_for_costs_the_same() {
    let v = vocab();
    let a = read(
        "After you perform an attack, you may spend 2 [Charge] to perform a bonus attack against a different target. If your attack missed, you may perform that bonus attack against the same target instead.",
        &v,
    );
    let last = a[0].steps.last().and_then(|s| s.clauses.first());
    assert!(last.is_some_and(|c| c.instead && c.costs.len() == 1), "{:?}", a[0].steps);
    // A later step that does something else is not paid for by the step before.
    let a = read(
        "After you perform an attack, you may spend 2 [Charge] to perform a bonus attack. If your attack missed, gain 1 focus token instead.",
        &v,
    );
    assert!(a[0].steps.last().is_some_and(|s| s.clauses.iter().all(|c| c.costs.is_empty())));
}

#[test]
fn ships_outnumbering_ships() {
    let v = vocab();
    let more = |t: &str| match test(t, &v) {
        Test::More { more, than } => Some((more.person, more.side, than.person, than.side, than.range)),
        _ => None,
    };
    assert_eq!(
        more("there are more other friendly ships than enemy ships at range 0-1"),
        Some((Person::Another, Side::Friendly, Person::A, Side::Enemy, Some((0, 1))))
    );
    // Where they are, printed after both, may say more than a range: kept in the words.
    let t = test("there are more enemy ships than other friendly ships at range 0-1 of that ship", &v);
    assert!(matches!(&t, Test::More { than, .. } if than.says_more()), "{t:?}");
    // Things that are not ships are not this test.
    assert_eq!(more("there are more [Hit] results than your active [Shield]"), None);
}

#[test]
fn executed_as_a_maneuver_or_a_sideslip_is_how_the_maneuver_is_executed() {
    let e = |id: &'static str, name: &'static str| Entry { id: id.into(), name: name.into(), marked: false };
    let v = Vocabulary { maneuvers: vec![e("koiogran-turn", "Koiogran Turn")].into(), ..vocab() };
    // The maneuver revealed is executed, its speed kept, as the maneuver after `as`: that
    // maneuver, pointed back at.
    let a = read("After you reveal a maneuver, you may execute it as a [Koiogran Turn] maneuver instead.", &v);
    let x = &a[0].steps[0].clauses[0].effect;
    assert_eq!(x.noun.as_ref().map(|n| (n.back, n.refs.len())), Some((Some(Back::It), 1)), "{x:?}");
    assert!(matches!(&x.provisos[..], [Proviso::As(n)] if n.refs.len() == 1), "{x:?}");
    // A sideslip is no maneuver of the game: the revealed one is executed, as a sideslip.
    let a = read("After you reveal a maneuver, you may spend 1 [Charge] to execute it as a sideslip.", &v);
    let x = &a[0].steps[0].clauses[0].effect;
    assert_eq!((x.kind, x.noun.as_ref().map(|n| n.back)), (EffectKind::Execute, Some(Some(Back::It))), "{x:?}");
    assert!(matches!(&x.provisos[..], [Proviso::As(n)] if n.text.contains("sideslip")), "{x:?}");
}

#[test]
fn where_two_things_go_printed_once_after_the_second_holds_for_both() {
    let v = vocab();
    let a = read("Action: Transfer 1 focus token or 1 evade token to a ship at range 0-3.", &v);
    let to: Vec<Option<String>> =
        a[0].steps[0].clauses.iter().map(|c| c.effect.to.as_ref().map(|n| n.text.to_string())).collect();
    assert_eq!(to, [Some("ship at range 0-3".to_string()), Some("ship at range 0-3".to_string())]);
    // Each printed with its own goes where it says.
    let a = read("Change 1 [Hit] result to a [Critical Hit] result or 1 [Focus] result to a [Hit] result.", &v);
    let to: Vec<Vec<(VocabKind, u16)>> =
        a[0].steps[0].clauses.iter().map(|c| c.effect.to.as_ref().map(refs).unwrap_or_default()).collect();
    assert_eq!(to, [vec![(VocabKind::Result, 1)], vec![(VocabKind::Result, 0)]]);
}

#[test]
fn words_before_an_opaque_effect_are_kept_with_it() {
    let v = vocab();
    // `Each lock …` counts locks: no ship does it, and no word is lost.
    let a = read("Each lock must be on a different ship.", &v);
    let c = &a[0].steps[0].clauses[0];
    assert_eq!((c.subject.person, c.effect.kind), (Person::Thing, EffectKind::Opaque));
    assert_eq!(c.effect.text, "Each lock must be on a different ship");
}

#[test]
fn a_place_that_is_one_of_several_is_the_players_choice_of_them() {
    let v = vocab();
    let p = super::clause::proviso("on 1 of your equipped upgrades", &v);
    assert!(
        matches!(&p, Some(Proviso::OnOneOf(n)) if n.text == "your equipped upgrades" && n.refs.is_empty()),
        "{p:?}"
    );
    assert!(matches!(super::clause::proviso("on one of your damage cards", &v), Some(Proviso::OnOneOf(_))));
    // One place is not one of several; a count inside is more than the proviso holds.
    assert!(matches!(super::clause::proviso("on your ship card", &v), Some(Proviso::On(_))));
    // A reminder that a move done as a verb is no action.
    assert_eq!(super::clause::proviso("(This is not an action).", &v), Some(Proviso::NotAnAction));
    assert_eq!(super::clause::proviso("(this is not an attack)", &v), None);
    // A header's requirement not needed, a cost not paid: each names its entry.
    let p = super::clause::proviso("ignoring the [Focus] requirement", &v);
    assert!(matches!(&p, Some(Proviso::IgnoringRequirement(n)) if refs(n) == [(VocabKind::Action, 0)]), "{p:?}");
    let p = super::clause::proviso("without paying the [Charge] cost", &v);
    assert!(matches!(&p, Some(Proviso::WithoutPaying(n)) if refs(n) == [(VocabKind::Resource, 1)]), "{p:?}");
    assert_eq!(super::clause::proviso("ignoring the usual requirement", &v), None);
    assert_eq!(super::clause::proviso("on 1 of your 2 upgrades", &v), None);
    // Read in a clause, the place goes with the effect.
    let a = read(
        "Before you engage, you may spend 1 focus token to recover 1 [Charge] on 1 of your equipped upgrades.",
        &v,
    );
    let e = &a[0].steps[0].clauses[0].effect;
    assert_eq!(e.kind, EffectKind::Recover);
    assert!(matches!(&e.provisos[..], [Proviso::OnOneOf(n)] if n.text == "your equipped upgrades"), "{e:?}");
}

#[test]
fn a_card_a_ship_has_and_either_of_two_tests_are_read() {
    let mut v = vocab();
    let e = |id: &'static str, name: &'static str| Entry { id: id.into(), name: name.into(), marked: false };
    v.arcs = vec![e("front", "Front Arc"), e("bullseye", "Bullseye Arc")].into();
    let card = |t: &Test| match t {
        Test::Equipped { who, card, as_, not } => Some((who.person, card.to_string(), *as_, *not)),
        _ => None,
    };
    // A card the ship has, by its name as printed, and how it is named.
    assert_eq!(
        card(&test("that ship has the Brave upgrade", &v)),
        Some((Person::That, "Brave".into(), Equip::Upgrade, false))
    );
    assert_eq!(
        card(&test("you are equipped with Folded Wings (Open)", &v)),
        Some((Person::You, "Folded Wings (Open)".into(), Equip::EquippedWith, false))
    );
    let t = test("the chosen ship has the Born to Fly ship ability", &v);
    assert!(
        matches!(&t, Test::Equipped { card, as_: Equip::ShipAbility, .. } if card.as_ref() == "Born to Fly"),
        "{t:?}"
    );
    // A slot, a count or a list is no card's name.
    for words in ["you have the [Crew] upgrade", "you have the 2 Brave upgrade", "you have the Brave or Bold upgrade"] {
        assert!(card(&test(words, &v)).is_none(), "{words}");
    }
    // Two tests of one subject printed once: either is enough, each whole.
    let Test::Any(tests) = test("that ship is limited or has the Bold upgrade", &v) else { panic!("any") };
    assert!(
        matches!(&tests[0], Test::State { who, state, not: false } if who.person == Person::That && state.as_ref() == "limited")
    );
    assert_eq!(card(&tests[1]), Some((Person::That, "Bold".into(), Equip::Upgrade, false)));
    // `it is limited or` is no subject.
    let Test::Any(tests) = test("it is limited or has the Steady upgrade", &v) else { panic!("any") };
    assert_eq!(card(&tests[1]).map(|c| c.0), Some(Person::That));
    let t = test("there is an enemy ship in your [Front Arc] at range 0-1 or in your [Bullseye Arc]", &v);
    let Test::Any(tests) = &t else { panic!("{t:?}") };
    let arcs: Vec<_> = tests
        .iter()
        .map(|t| match t {
            Test::InArc { who, arc, not: false, .. } => (who.side, who.range, refs(arc)),
            other => panic!("{other:?}"),
        })
        .collect();
    assert_eq!(
        arcs,
        [(Side::Enemy, Some((0, 1)), vec![(VocabKind::Arc, 0)]), (Side::Enemy, None, vec![(VocabKind::Arc, 1)]),]
    );
    // Where one of the two does not read, neither is claimed.
    assert_eq!(test("that ship is limited or has sung a song", &v), Test::Opaque);
}

#[test]
fn a_group_counted_by_a_band_is_one_count_of_one_thing() {
    let v = vocab();
    let amount_of = |text: &str| {
        let a = read(text, &v);
        let e = a[0].steps[0].clauses[0].effect.clone();
        (e.kind, e.amount, e.noun.map(|n| n.text.to_string()))
    };
    // Your wingmates are 2 to 5 ships, each a TIE/ln fighter.
    assert_eq!(
        amount_of("Your wingmates must be 3, 4, or 5 Z-95 fighters."),
        (EffectKind::Be, Some(Amount::Between(3, 5)), Some("Z-95 fighters".into()))
    );
    assert_eq!(
        amount_of("Your wingmates must be 2 or 3 X-wings or Y-wings."),
        (EffectKind::Be, Some(Amount::Between(2, 3)), Some("X-wings or Y-wings".into()))
    );
    assert_eq!(
        amount_of("Your wingmates must be 2-4 other ships of your ship type."),
        (EffectKind::Be, Some(Amount::Between(2, 4)), Some("other ships of your ship type".into()))
    );
    // Two bands (all of one type or all of the other) are no one count, nor is a list
    // printed after the ability.
    for text in ["Your wingmates must be 2-4 A-wings or 2-4 B-wings.", "Your wingmates must be 3-4 of the following:"] {
        let a = read(text, &v);
        assert!(a[0].steps[0].clauses.iter().all(|c| c.effect.kind == EffectKind::Opaque), "{text}: {:?}", a[0].steps);
    }
    // Numbers not in a row are no band, and the largest number there is has no next.
    assert_eq!(super::noun::amount("2, 4, or 5"), None);
    assert_eq!(super::noun::amount("4294967295, 4294967295, or 5"), None);
}

#[test]
fn a_role_held_is_read_and_a_passive_stays_one() {
    let v = vocab();
    let a = read("You are a wing leader.", &v);
    let e = &a[0].steps[0].clauses[0].effect;
    assert_eq!((e.kind, e.noun.as_ref().map(|n| n.text.as_ref())), (EffectKind::Be, Some("wing leader")));
    // A comparison is no role.
    let a = read("If it is a smaller size than you, gain 1 focus token.", &v);
    assert!(a[0].steps[0].clauses.iter().all(|c| c.effect.kind != EffectKind::Be));
    assert!(a[0].steps[0].conditions.iter().all(|c| !matches!(&c.test, Test::Event { .. })), "{:?}", a[0].steps);
    // `are` before a participle is a passive, not a role.
    let a = read("After you are destroyed, gain 1 focus token.", &v);
    assert_eq!(a[0].timings[0].event.as_ref().map(|e| e.effect.kind), Some(EffectKind::Destroyed));
}

#[test]
fn possessives_say_whose() {
    let v = vocab();
    assert_eq!(possessor("of the defender's [Focus] results").as_deref(), Some("the defender"));
    assert_eq!(possessor("your focus and evade tokens").as_deref(), Some("you"));
    assert_eq!(possessor("the [Focus] results"), None);
    // An entry's owner is where it comes from; words that name none keep it.
    let a = read("While you defend, you may change 1 of the attacker's [Focus] results to a [Hit] result.", &v);
    let e = &a[0].steps[0].clauses[0].effect;
    assert_eq!(e.from.as_ref().map(|f| f.person), Some(Person::Attacker));
    assert_eq!(noun("of the attacker's results", &v, Some(EffectKind::Change)).text, "attacker's results");
    let a = read("Friendly ships at range 0-3 can spend your focus tokens.", &v);
    assert_eq!(a[0].steps[0].clauses[0].effect.from, Some(Subject::YOU));
}

#[test]
fn objects_from_subjects_as_phrases_and_unread_events() {
    let v = Vocabulary {
        actions: vec![Entry { id: "boost".into(), name: "Boost".into(), marked: false }].into(),
        arcs: vec![Entry { id: "rear".into(), name: "Rear Arc".into(), marked: false }].into(),
        tokens: vec![Entry { id: "lock".into(), name: "lock".into(), marked: false }].into(),
        ..vocab()
    };
    // A passive's object is what undergoes it: its subject.
    let a = read("Setup: Other friendly ships can be placed anywhere in the play area.", &v);
    assert_eq!(objects(&a[0]), ["Other friendly ships"]);
    // A maneuver executed as another is that other.
    let a = read("While you would execute a [Boost] maneuver, you may execute it as a bank maneuver instead.", &v);
    assert_eq!(objects(&a[0]), ["bank maneuver"]);
    // A replaced event names what `it` is.
    let a = read("If you would fail a [Boost] action by overlapping a ship, resolve it as a maneuver instead.", &v);
    assert_eq!(a[0].steps[0].clauses[0].effect.noun.as_ref().map(refs), Some(vec![(VocabKind::Action, 0)]));
    // Another ship's lock on the defender: a lock, taken from that ship.
    let a = read("While you perform an attack, you may spend another friendly ship's lock on the defender to reroll 1 attack die.", &v);
    let cost = &a[0].steps[0].clauses[0].costs[0];
    assert_eq!(cost.noun.as_ref().map(refs), Some(vec![(VocabKind::Token, 0)]));
    assert_eq!(cost.from.as_ref().map(|f| (f.person, f.side)), Some((Person::Another, Side::Friendly)));
    // A bracket in a where-phrase is not what the noun is.
    assert!(noun("cargo crate drift in your [Rear Arc] at range 0", &v, Some(EffectKind::Drop)).refs.is_empty());
}

#[test]
fn another_ship_is_one_and_a_pronoun_target_may_be_a_thing() {
    let v = vocab();
    let a = read("Action: Choose another friendly ship.", &v);
    let e = &a[0].steps[0].clauses[0].effect;
    assert_eq!(
        (e.amount, e.noun.as_ref().map(|n| n.text.as_ref())),
        (Some(Amount::Exactly(1)), Some("another friendly ship"))
    );
    // The list is the how-phrase's: the cloud is launched.
    let a = read(
        "Action: Launch 1 electro-chaff cloud using the 3 [Bank Left], 3 [Bank Right], or 4 [Straight] template. Then place 1 fuse marker on it.",
        &v,
    );
    assert_eq!(objects(&a[0]), ["electro-chaff cloud", "fuse marker"]);
    let place = &a[0].steps[1].clauses[0].effect;
    assert_eq!(place.target.as_ref().map(|t| t.person), Some(Person::Thing));
    // A ship the step's conditions name is what `it` stands for: the defender, not the attack.
    let a = read("After you perform an attack, if the defender is stressed, you may acquire a lock on it.", &v);
    let lock = &a[0].steps[0].clauses[0].effect;
    assert_eq!(lock.target.as_ref().map(|t| t.person), Some(Person::That), "{:?}", a[0].steps);
    // `choose not to use …` is a choice not to do it, never a cost paid to do it.
    let a = read("You may choose not to use your Adaptive Ailerons.", &v);
    let c = &a[0].steps[0].clauses[0];
    assert_eq!((c.costs.len(), c.effect.kind), (0, EffectKind::Opaque), "{c:?}");
}

#[test]
fn a_treated_colour_is_the_actions() {
    let v = vocab();
    let a =
        read("After you defend, you may perform a [Focus] action on your action bar, treating that action as red.", &v);
    assert_eq!(a[0].steps[0].clauses[0].effect.color.as_deref(), Some("red"));
    // `as a red action` says the same.
    let a = read("After you defend, you may perform 1 action on your action bar as a red action.", &v);
    assert_eq!(a[0].steps[0].clauses[0].effect.color.as_deref(), Some("red"));
    let a =
        read("After you defend, you may perform a white action on your action bar, treating that action as red.", &v);
    let e = &a[0].steps[0].clauses[0].effect;
    assert_eq!(
        (e.color.as_deref(), e.noun.as_ref().map(|n| n.text.as_ref())),
        (Some("white"), Some("action on your action bar"))
    );
}

#[test]
fn subjects_amounts_durations() {
    let p = |t: &str| Piece { text: t.into(), span: crate::ast::Span::new(0, 0) };
    let s = subject(Some(&p("a friendly ship at range 0-3")));
    assert_eq!((s.person, s.side, s.range), (Person::A, Side::Friendly, Some((0, 3))));
    let s = subject(Some(&p("another friendly ship at range 1")));
    assert_eq!((s.person, s.side, s.range), (Person::Another, Side::Friendly, Some((1, 1))));
    assert_eq!(subject(Some(&p("the defender"))).person, Person::Defender);
    assert_eq!(subject(Some(&p("it"))).person, Person::That);
    assert_eq!(subject(None), Subject::YOU);
    // Words that person, side and range do not say keep the subject as its words.
    for said in ["a friendly ship at range 0-3", "each other friendly ship at range 0-1", "a friendly unit"] {
        assert!(!subject(Some(&p(said))).says_more(), "{said}");
    }
    for more in ["your carrier ship", "an enemy ship in your [Bullseye Arc]", "the enemy ship", "your wingmates"] {
        assert!(subject(Some(&p(more))).says_more(), "{more}");
    }
    assert_eq!(amount("up to 2"), Some(Amount::UpTo(2)));
    assert_eq!(amount("1 or more"), Some(Amount::AtLeast(1)));
    assert_eq!(amount("any number of"), Some(Amount::AnyNumber));
    assert_eq!(amount("that many"), Some(Amount::ThatMany));
    assert_eq!(amount("3-5"), Some(Amount::Between(3, 5)));
    assert_eq!(amount("5-3"), None);
    assert_eq!(amount("an"), Some(Amount::Exactly(1)));
    let v = vocab();
    let d = duration(&p("until the end of the Engagement Phase"), &v);
    assert_eq!((d.until_end_of, d.this_round), (Some(0), false));
    assert!(duration(&p("this round"), &v).this_round);
    // What is going on as it resolves: the attack, the action, the phase it is in.
    for (words, during) in [
        ("during this attack", Some(During::Attack)),
        ("during the attack", Some(During::Attack)),
        ("during that action", Some(During::Action)),
        ("during that maneuver", Some(During::Maneuver)),
        ("during your activation", Some(During::Activation)),
        ("this activation", Some(During::Activation)),
        ("this phase", Some(During::Phase)),
        ("until the end of that phase", Some(During::Phase)),
        // A phase the game names is that phase; words that name nothing are not read.
        ("during this Engagement Phase", None),
        ("during Setup", None),
        ("during that ship's activation", None),
    ] {
        assert_eq!(duration(&p(words), &v).during, during, "{words}");
    }
}

#[test]
fn stat_conditions_compare_with_a_number_or_a_ship() {
    let v = Vocabulary {
        stats: vec![
            Entry { id: "agility".into(), name: "agility".into(), marked: false },
            Entry { id: "initiative".into(), name: "initiative".into(), marked: false },
        ]
        .into(),
        ..vocab()
    };
    let stat = |t: &str| match test(t, &v) {
        Test::Stat { who, stat, op, than } => Some((who.person, stat, op, than)),
        _ => None,
    };
    assert_eq!(stat("your agility is 2 or lower"), Some((Person::You, 0, CmpOp::Le, Than::Number(2))));
    assert_eq!(stat("your agility is 3"), Some((Person::You, 0, CmpOp::Eq, Than::Number(3))));
    // `than your initiative` is the same stat of your ship.
    assert_eq!(
        stat("the defender's initiative is equal to or greater than your initiative"),
        Some((Person::Defender, 1, CmpOp::Ge, Than::Ship(Subject::YOU)))
    );
    assert_eq!(
        stat("the defender's initiative is lower than yours"),
        Some((Person::Defender, 1, CmpOp::Lt, Than::Ship(Subject::YOU)))
    );
    assert_eq!(stat("your agility is 2 more or less"), None);
}

#[test]
fn states_the_rules_define_by_a_token_and_the_attack_range() {
    let v = vocab();
    // A ship is focused while it has a focus token; not evading while it has none.
    assert!(matches!(
        test("you are focused", &v),
        Test::Has { who, count: Count { op: CmpOp::Ge, n: 1 }, noun, on: None }
            if who.person == Person::You && noun.refs.iter().map(|r| (r.kind, r.index)).eq([(VocabKind::Token, 0)])
    ));
    assert!(matches!(
        test("the defender is not evading", &v),
        Test::Has { count: Count { op: CmpOp::Eq, n: 0 }, noun, .. } if noun.refs.iter().map(|r| (r.kind, r.index)).eq([(VocabKind::Token, 1)])
    ));
    // A token the game does not name stays opaque.
    assert_eq!(test("you are calculating", &v), Test::Opaque);
    // The attack range is the range between the defender and the attacker.
    assert!(matches!(
        test("the attack range is 1", &v),
        Test::AtRange { who, range: (1, 1), of, attack: true } if who.text == "the defender" && of.text == "the attacker"
    ));
    assert!(matches!(test("the attack range is 2-3", &v), Test::AtRange { range: (2, 3), .. }));
    // Words joined by `and` before the verb are a condition of their own, never the
    // subject of the verb.
    assert_eq!(
        test("the attack deals a faceup damage card to the defender and the defender is in your [Bullseye Arc]", &v),
        Test::Opaque
    );
    // A range between two ships is not an attack range.
    assert!(matches!(test("the defender is at range 1", &v), Test::AtRange { range: (1, 1), attack: false, .. }));
    assert!(matches!(test("the defender is at attack range 1", &v), Test::AtRange { range: (1, 1), attack: true, .. }));
    assert_eq!(test("the attack range is not 1", &v), Test::Opaque);
    // Docked is a state; docked with you says more.
    assert!(matches!(test("you are docked", &v), Test::State { state, not: false, .. } if state == "docked"));
    assert_eq!(test("a ship is docked with you", &v), Test::Opaque);
}

#[test]
fn in_either_arc_and_outside_an_arc() {
    let v = Vocabulary {
        arcs: vec![
            Entry { id: "front".into(), name: "Front Arc".into(), marked: false },
            Entry { id: "rear".into(), name: "Rear Arc".into(), marked: false },
        ]
        .into(),
        ..vocab()
    };
    assert!(matches!(
        test("the defender is in your [Front Arc] or [Rear Arc]", &v),
        Test::InArc { arc, not: false, .. } if arc.choice && arc.refs.iter().map(|r| r.index).eq([0, 1])
    ));
    assert!(matches!(
        test("the attacker is outside your [Front Arc]", &v),
        Test::InArc { arc, not: true, .. } if !arc.choice && arc.refs.len() == 1
    ));
    // Where an arc's indicator points, with or without the word.
    assert!(matches!(
        test("your [Rear Arc] indicator is in your [Front Arc]", &v),
        Test::Indicator { arc, within, not: false } if refs(&arc) == [(VocabKind::Arc, 1)] && refs(&within) == [(VocabKind::Arc, 0)]
    ));
    assert!(
        matches!(test("your [Rear Arc] is not in your [Front Arc] or [Rear Arc]", &v), Test::Indicator { within, not: true, .. } if within.choice)
    );
    assert_eq!(test("your [Rear Arc] is in the attacker's [Front Arc]", &v), Test::Opaque);
    // A ship named is in the arc and at the range: two conditions.
    let c = conditions(&Cond { kind: CondKind::If, piece: Piece::bare("it is in your [Front Arc] at range 1") }, &v);
    assert!(matches!(
        &c[..],
        [
            Condition { test: Test::InArc { not: false, .. }, .. },
            Condition { test: Test::AtRange { range: (1, 1), .. }, .. }
        ]
    ));
    // A ship not named is one that is both: not split.
    let c = conditions(
        &Cond { kind: CondKind::If, piece: Piece::bare("an enemy ship is in your [Front Arc] at range 1") },
        &v,
    );
    assert_eq!(c.len(), 1);
    // The arc of the ships named after the range is theirs, not yours: kept whole, not
    // read as your arc.
    let c = conditions(
        &Cond {
            kind: CondKind::If,
            piece: Piece::bare("you are in the [Front Arc] at range 1-2 of 2 or more enemy ships"),
        },
        &v,
    );
    assert!(matches!(&c[..], [Condition { test: Test::Opaque, .. }]), "{c:?}");
    // An arc the game does not name keeps the condition opaque.
    assert_eq!(test("the defender is in your [Front Arc] or [Side Arc]", &v), Test::Opaque);
}

#[test]
fn conditions_in_an_arc_and_with_a_shared_subject() {
    let v = Vocabulary {
        arcs: vec![Entry { id: "bullseye".into(), name: "Bullseye Arc".into(), marked: false }].into(),
        ..vocab()
    };
    let read = |t: &str| conditions(&Cond { kind: CondKind::If, piece: Piece::bare(t) }, &v);
    let arc = |t: &str| match read(t).as_slice() {
        [Condition { test: Test::InArc { who, arc, of, not }, .. }] => {
            Some((who.person, arc.text.to_string(), arc.refs.len(), of.person, *not))
        }
        _ => None,
    };
    assert_eq!(
        arc("the attacker is in your firing arc"),
        Some((Person::Attacker, "firing arc".into(), 0, Person::You, false))
    );
    assert_eq!(
        arc("you are not in an enemy ship's firing arc"),
        Some((Person::You, "firing arc".into(), 0, Person::A, true))
    );
    // The attack arc is the arc the attack is made from: the attacker's.
    assert_eq!(arc("you are in the attack arc"), Some((Person::You, "attack arc".into(), 0, Person::Attacker, false)));
    assert_eq!(
        arc("it is in the [Bullseye Arc] of a friendly ship at range 0-3"),
        Some((Person::That, "[bullseye arc]".into(), 1, Person::A, false))
    );
    // `and not shielded`: the subject and the verb are the part before's.
    let c = read("you are damaged and not shielded");
    assert!(matches!(
        &c[..],
        [Condition { test: Test::State { state: a, not: false, .. }, .. }, Condition { test: Test::State { state: b, not: true, .. }, .. }]
            if a == "damaged" && b == "shielded"
    ));
    // A turret arc in an arc is not a ship in it; two places at once is no one test.
    assert_eq!(read("your [single turret arc] is in your [front arc]")[0].test, Test::Opaque);
    assert_eq!(read("there is an enemy ship in its [front arc] at range 1")[0].test, Test::Opaque);
    // A comparison of counts is its own test.
    assert!(matches!(
        read("there are more enemy ships than other friendly ships at range 0-1 of that ship")[0].test,
        Test::More { .. }
    ));
    // `and` with the subject said once: two conditions, each read as far as it goes.
    let parts = read("the defender was a limited ship and was destroyed");
    assert_eq!(parts.len(), 2);
    assert!(matches!(&parts[0].test, Test::State { state, not: false, .. } if state == "limited"));
    assert!(matches!(&parts[1].test, Test::State { state, not: false, .. } if state == "destroyed"));
}

/// The abilities of a text, lowered with the test vocabulary.
fn lowered(text: &str, v: &Vocabulary) -> Vec<Ability> {
    let spans: Vec<Span> = crate::syntax::sentences::split(text).into_iter().map(|(s, e)| Span::new(s, e)).collect();
    let cx = Context { vocab: v, file: "t.cards", source: text, name: None };
    crate::text::frames(text, &spans).iter().map(|f| ability(f, &cx)).collect()
}

#[test]
fn steps_of_the_game_results_as_subjects_and_what_instead_of_names() {
    let v = vocab();
    // A step of the game or of the attack, an initiative: timings the reading knows.
    for text in [
        "At the end of Setup, gain 1 focus token.",
        "After this attack hits, gain 1 focus token.",
        "After this attack, gain 1 focus token.",
        "During an attack, gain 1 focus token.",
        "At the start of your activation, gain 1 focus token.",
        "At initiative 4, gain 1 focus token.",
        "After this attack misses, gain 1 focus token.",
        "During the Engagement Phasse, gain 1 focus token.",
    ] {
        let a = &lowered(text, &v)[0];
        assert!(a.timings.iter().all(RtTiming::structured), "{text}");
    }
    // `each Engagement Phase` is every one: the phase.
    let each = &lowered("At the start of each Engagement Phase, gain 1 focus token.", &v)[0];
    let the = &lowered("At the start of the Engagement Phase, gain 1 focus token.", &v)[0];
    assert!(each.timings[0].phase.is_some());
    assert_eq!(each.timings[0].phase, the.timings[0].phase);
    // `this phase` after a timing of a phase is that phase: a step of the same ability.
    let a = lowered(
        "At the start of the Engagement Phase, you may spend 1 [Charge]. During this phase, gain 1 focus token.",
        &v,
    );
    assert_eq!(a.len(), 1);
    assert_eq!(a[0].steps[1].timings[0].phase, a[0].timings[0].phase);
    assert!(a[0].steps[1].timings[0].phase.is_some());
    // Dice results do what the clause says: a thing, not a ship.
    let a = &lowered("All remaining [Hit]/[Critical Hit] results inflict ion tokens instead of damage.", &v)[0];
    let c = &a.steps[0].clauses[0];
    assert_eq!((c.subject.person, c.effect.kind, c.instead), (Person::Thing, EffectKind::Inflict, false));
    let a = &lowered("[Evade] results do not cancel [Critical Hit] results.", &v)[0];
    let c = &a.steps[0].clauses[0];
    assert_eq!((c.subject.person, c.qualifier, c.effect.kind), (Person::Thing, Qualifier::Cannot, EffectKind::Cancel));
    // In a replacement, what the clause does is instead of the event.
    let a = &lowered("Before you would gain a focus token, gain an evade token instead of that token.", &v)[0];
    assert!(a.steps[0].clauses[0].instead);
    // Instead of doing something: that is replaced.
    let a = &lowered("During the End Phase, you may gain 1 focus token instead of removing it.", &v)[0];
    assert!(a.steps[0].clauses[0].instead);
    // A boost not called an action is not the [Boost] action.
    let a = &lowered("You may perform a barrel roll using the 1 [Straight] template.", &v)[0];
    assert!(a.steps[0].clauses[0].effect.noun.as_ref().is_some_and(|n| n.refs.is_empty()));
    let a = &lowered("You may perform a barrel roll action.", &v)[0];
    assert!(a.steps[0].clauses[0].effect.noun.as_ref().is_some_and(|n| !n.refs.is_empty()));
}

#[test]
fn what_a_timing_or_a_header_implies_for_the_steps() {
    let v = Vocabulary {
        headers: vec![Entry { id: "attack".into(), name: "Attack".into(), marked: true }].into(),
        ..vocab()
    };
    // A header's cost sentence alone is the cost of the ability.
    let a = &lowered("Attack: Spend 1 [Charge].", &v)[0];
    assert_eq!((a.costs.len(), a.steps.len(), a.optional), (1, 0, true));
    // `while stressed` in a trigger's event is a state the ability needs.
    let a = &lowered("After you perform an action while stressed, gain 1 focus token.", &v)[0];
    assert!(
        matches!(&a.steps[0].conditions[0].test, Test::State { who, state, not: false } if who.person == Person::You && state == "stressed")
    );
    // A duration written in a step's window is the step's.
    let a = &lowered("At the start of the Engagement Phase, you may gain 1 focus token. If you do, while you defend this round, you must gain 1 evade token.", &v)[0];
    let step = &a.steps[1];
    assert!(step.duration.as_ref().is_some_and(|d| d.this_round));
    assert!(step.timings[0].event.as_ref().is_some_and(|e| e.duration.is_none()));
    // `Attack` printed alone is the header with nothing under it, not an order to attack.
    let a = &lowered("Attack", &v)[0];
    assert_eq!((a.header, a.steps.len(), a.costs.len()), (Some(0), 0, 0));
    // `After you perform an attack that hits`: the attack, and whether it hit a condition.
    for (text, not) in [
        ("After you perform an attack that hits, gain 1 focus token.", false),
        ("After you perform a primary attack that misses, gain 1 focus token.", true),
    ] {
        let a = &lowered(text, &v)[0];
        let event = a.timings[0].event.as_ref().unwrap();
        assert_eq!(event.effect.kind, EffectKind::Perform, "{text}");
        assert!(event.effect.noun.as_ref().is_some_and(|n| !n.text.contains("that")), "{text}: {event:?}");
        assert!(event.modifiers.is_empty(), "{text}");
        assert_eq!(a.steps[0].conditions[0].test, Test::AttackHits { not }, "{text}");
    }
    // `While defending, the attacker may …`: the attacker is not the one defending; you are.
    let a = &lowered("While defending, the attacker may spend 1 focus token.", &v)[0];
    assert_eq!(a.timings[0].event.as_ref().unwrap().subject.person, Person::You);
    // What is on a card is what the card has.
    let c = conditions(&Cond { kind: CondKind::If, piece: Piece::bare("there are 1 or more tokens on this card") }, &v);
    assert!(
        matches!(&c[0].test, Test::Has { who, count: Count { op: CmpOp::Ge, n: 1 }, .. } if who.person == Person::Thing)
    );
}

#[test]
fn a_subject_the_notation_cannot_say_is_quoted() {
    let say = |t: &str| cards_runtime::ability_text::subject(&subject(Some(&Piece::bare(t))));
    assert_eq!(say("another friendly ship at range 0-3"), "another.friendly@0-3");
    assert_eq!(say("at least 1 other friendly ship at range 0-1"), "another.friendly@0-1");
    assert_eq!(say("a friendly Gina Moonsong ship at range 0-2"), "\"a friendly Gina Moonsong ship at range 0-2\"");
    assert_eq!(say("an asteroid, structure, or huge ship"), "\"an asteroid, structure, or huge ship\"");
    assert_eq!(say("you or a friendly ship at range 0-3"), "\"you or a friendly ship at range 0-3\"");
    assert_eq!(say("the enemy ship"), "\"the enemy ship\"");
}

#[test]
fn devices_owners_and_what_a_count_names() {
    let v = Vocabulary {
        actions: vec![Entry { id: "coordinate".into(), name: "Coordinate".into(), marked: false }].into(),
        ..vocab()
    };
    let clauses = |text: &str| -> Vec<cards_runtime::ability::Clause> {
        read(text, &v)
            .into_iter()
            .flat_map(|a| a.steps.iter().flat_map(|s| s.clauses.to_vec()).collect::<Vec<_>>())
            .collect()
    };
    // `it` after a dropped thing, and `that device`, are no ship.
    let c = clauses("You may drop 1 cargo crate in your [Rear Arc]. It cannot overlap a ship this way.");
    assert_eq!(c[1].subject.person, Person::Thing);
    let c = clauses("After you drop a bomb, you may place 1 fuse marker on that device.");
    assert_eq!(c[0].effect.target.as_ref().map(|t| t.person), Some(Person::Thing));
    // Gaining an action's icon with no token adds the action.
    let c = clauses("While you are docked, your carrier ship gains [Coordinate].");
    assert_eq!(c[0].effect.kind, EffectKind::AddAction);
    // A ship's possessive and a facing: whose, and how they lie; `choose 1` of them (one
    // choice with the look, under one `may`).
    let c = clauses("You may look at the defender's facedown damage cards, choose 1, and expose it.");
    assert_eq!(c[0].effect.from.as_ref().map(|f| f.person), Some(Person::Defender));
    assert_eq!(c[0].effect.facing, Some(Facing::Facedown));
    assert_eq!(c[0].also[0].noun.as_ref().map(|n| n.text.to_string()).as_deref(), Some("damage cards"));
    // `that ship's dial` is that ship's, and `that ships` a possessive missing its
    // apostrophe.
    let c = clauses("You may look at that ship's dial. You gain that ships dial.");
    assert!(c.iter().all(|c| c.effect.from.as_ref().map(|f| f.person) == Some(Person::That)));
    assert_eq!(c[1].effect.noun.as_ref().map(|n| n.text.to_string()).as_deref(), Some("dial"));
    // An unread verb's counted object is what `choose 1` chooses from.
    let c = clauses("Draw 3 damage cards, choose 1, and discard the rest.");
    assert_eq!(c[1].effect.noun.as_ref().map(|n| n.text.to_string()).as_deref(), Some("damage cards"));
    // `the object you locked` is not a ship the ability named.
    let c = clauses("That ship may acquire a lock on the object you locked.");
    assert_eq!(c[0].effect.target.as_ref().map(|t| t.person), Some(Person::A));
    // `during your activation` names no phase; `during this Engagement Phase` does.
    let c = clauses("You cannot perform another action during your activation.");
    let d = c[0].duration.as_ref().expect("a duration");
    assert_eq!((d.text.as_ref(), d.until_end_of), ("your activation", None));
    assert_eq!(c[0].effect.noun.as_ref().map(|n| n.text.to_string()).as_deref(), Some("another action"));
    let c = clauses("You cannot spend tokens during this Engagement Phase.");
    assert_eq!(c[0].duration.as_ref().and_then(|d| d.until_end_of), Some(0));
    // `additional` says which focus token, not what.
    let c = clauses("You gain 1 additional focus token.");
    assert_eq!(refs(c[0].effect.noun.as_ref().expect("an object")), [(VocabKind::Token, 0)]);
}

#[test]
fn a_passive_of_your_things_and_an_agent_that_is_no_ship() {
    let v = vocab();
    let a = read("Your [Critical Hit] results cannot be canceled by [Evade] results.", &v);
    let c = &a[0].steps[0].clauses[0];
    assert_eq!(c.subject.person, Person::Thing);
    assert_eq!(refs(c.effect.noun.as_ref().expect("what undergoes it")), [(VocabKind::Result, 1)]);
    assert_eq!(c.effect.target, None);
    // It is what does it, not dropped.
    assert_eq!(c.effect.to.as_ref().map(|n| n.text.as_ref()), Some("[Evade] results"), "{:?}", c.effect);
    // An agent that is a ship stays the target.
    let a = read("This card's [Charge] cannot be removed by an enemy ship.", &v);
    assert_eq!(a[0].steps[0].clauses[0].effect.target.as_ref().map(|t| t.side), Some(Side::Enemy));
}

#[test]
fn speed_ranges_colours_before_a_repeated_name_and_a_later_may() {
    let names = [("turn-left", "Turn Left"), ("turn-right", "Turn Right"), ("koiogran-turn", "Koiogran Turn")];
    let mut maneuvers: Vec<Entry> =
        names.iter().map(|(id, name)| Entry { id: (*id).into(), name: (*name).into(), marked: false }).collect();
    maneuvers.push(Entry { id: "stationary".into(), name: "Stationary".into(), marked: false });
    let v = Vocabulary { maneuvers: maneuvers.into(), ..vocab() };
    // Each maneuver at each speed of the range printed before it, one of them.
    let text = "speed 1-2 turn ([Turn Left] or [Turn Right]) or speed 1-2 Koiogran Turn ([Koiogran Turn]) maneuver";
    let n = noun(text, &v, Some(EffectKind::Execute));
    let speeds: Vec<(u16, Option<u8>)> = n.refs.iter().zip(n.marks.iter()).map(|(r, m)| (r.index, m.speed)).collect();
    assert_eq!(speeds, [(0, Some(1)), (0, Some(2)), (1, Some(1)), (1, Some(2)), (2, Some(1)), (2, Some(2))]);
    assert!(n.choice);
    // A colour before the words a bracket repeats is the first item's.
    let n = noun("white stationary maneuver [Stationary]", &v, Some(EffectKind::Execute));
    assert_eq!(n.marks.first().and_then(|m| m.color.as_deref()), Some("white"));
    // `may` after a clause that happens anyway: the ability is no choice.
    let a = read("Before you execute an advanced maneuver, execute a white stationary maneuver [Stationary] instead, then you may rotate 90° or 180°.", &v);
    assert!(!a[0].optional && a[0].replacement.is_some());
}

#[test]
fn a_colour_inside_words_is_taken_out_as_their_mark() {
    let v = vocab();
    let a = read("Each friendly ship reduces the difficulty of its red maneuvers.", &v);
    let e = &a[0].steps[0].clauses[0].effect;
    assert_eq!((e.color.as_deref(), objects(&a[0])), (Some("red"), vec!["difficulty of its maneuvers".to_string()]));
    let a = read("You may set your dial to another non-red maneuver of the same speed.", &v);
    let to = a[0].steps[0].clauses[0].effect.to.clone().expect("what it becomes");
    assert_eq!(to.text.as_ref(), "another maneuver of the same speed");
    assert_eq!(to.marks.first().and_then(|m| m.color.as_deref()), Some("non-red"));
    // A red token is a kind of token: no colour is taken.
    let a = read("You may remove 1 red or orange token.", &v);
    assert_eq!(a[0].steps[0].clauses[0].effect.color, None);
}

#[test]
fn shapes_group_opaque_clauses() {
    assert_eq!(shape("Assign 2 stress tokens to it"), "assign N stress");
    assert_eq!(shape("flip this card."), "flip this card");
}

/// The test vocabulary with these tokens (id and name alike).
fn with_tokens(tokens: &[&str]) -> Vocabulary {
    let entry = |t: &&str| Entry { id: t.to_string().into(), name: t.to_string().into(), marked: false };
    Vocabulary { tokens: tokens.iter().map(entry).collect::<Vec<_>>().into(), ..vocab() }
}

#[test]
fn clauses_that_share_one_may_are_one_choice_paid_whole() {
    let v = with_tokens(&["focus", "stress"]);
    // "you may spend 1 [Charge] and gain 1 stress token. If you do, …": one optional
    // choice, both parts or neither; "If you do" is about the whole of it.
    let a = &read(
        "At the start of the Engagement Phase, you may spend 1 [Charge] and gain 1 stress token. If you do, gain 1 focus token.",
        &v,
    )[0];
    assert_eq!(a.steps.len(), 2);
    let choice = &a.steps[0].clauses;
    assert_eq!(choice.len(), 1, "{choice:?}");
    assert_eq!((choice[0].qualifier, choice[0].effect.kind), (Qualifier::May, EffectKind::Spend));
    let also: Vec<EffectKind> = choice[0].also.iter().map(|e| e.kind).collect();
    assert_eq!(also, [EffectKind::Gain]);
    assert_eq!(
        choice[0].also[0].noun.as_ref().map(|n| n.refs.to_vec()),
        Some(vec![VocabRef::new(VocabKind::Token, 1)])
    );
    assert!(a.optional);
    // A cost before `to` pays for every effect the clause does: "spend 1 [Force] to look at
    // …, choose 1, and expose it" is one clause with its cost once.
    let a = &read("Action: You may spend 1 [Force] to gain 1 focus token and recover 1 shield.", &v)[0];
    let c = &a.steps[0].clauses;
    assert_eq!(c.len(), 1, "{c:?}");
    assert_eq!(c[0].costs.len(), 1);
    assert_eq!(
        (c[0].effect.kind, c[0].also.iter().map(|e| e.kind).collect::<Vec<_>>()),
        (EffectKind::Gain, vec![EffectKind::Recover])
    );
    // A choice of one keeps its clauses apart: "you may gain 1 focus token or recover 1
    // shield" is two alternatives.
    let a = &read("At the start of the Engagement Phase, you may gain 1 focus token or recover 1 shield.", &v)[0];
    assert_eq!(a.steps[0].clauses.len(), 2);
    assert!(a.steps[0].clauses.iter().all(|c| c.also.is_empty()));
    // Two clauses that each say their own subject are two things done, not one choice.
    let a = &read("At the start of the Engagement Phase, you may gain 1 focus token. You may recover 1 shield.", &v);
    assert!(a.iter().flat_map(|a| a.clauses()).all(|c| c.also.is_empty()));
}

#[test]
fn a_lock_you_have_on_a_ship_is_spent_from_that_ship_as_a_cost() {
    let v = with_tokens(&["focus", "lock"]);
    // "spend a lock you have on the defender to add 1 [Focus] result": the lock on the
    // defender pays for the result; neither is lost in a trailing phrase.
    let a = &read(
        "While you perform an attack, you may spend a lock you have on the defender to add 1 [Focus] result.",
        &v,
    )[0];
    let c = &a.steps[0].clauses[0];
    assert_eq!(c.costs.len(), 1, "{c:?}");
    let cost = &c.costs[0];
    assert_eq!((cost.kind, cost.amount), (EffectKind::Spend, Some(Amount::Exactly(1))));
    assert_eq!(cost.noun.as_ref().map(|n| n.refs.to_vec()), Some(vec![VocabRef::new(VocabKind::Token, 1)]));
    assert_eq!(cost.target.as_ref().map(|t| t.person), Some(Person::Defender));
    assert_eq!(c.effect.kind, EffectKind::AddResult);
    assert!(c.modifiers.is_empty(), "{:?}", c.modifiers);
}

#[test]
fn trailing_phrases_the_model_holds_and_those_it_keeps_as_words() {
    let v = vocab();
    let effect = |text: &str| lowered(text, &v)[0].steps[0].clauses[0].clone();
    // How it is done, what it is done instead of, what it counts as, where.
    let c = effect("You may perform a bonus attack using a different weapon.");
    assert!(matches!(&c.effect.provisos[..], [Proviso::Using(n)] if n.text == "a different weapon"), "{c:?}");
    assert!(c.modifiers.is_empty());
    let c = effect("Your [Critical Hit] results inflict focus tokens instead of damage.");
    assert!(matches!(&c.effect.provisos[..], [Proviso::InsteadOf(n)] if n.text == "damage"), "{c:?}");
    assert!(!c.instead, "instead of a thing, not of an event");
    let c = effect("You may spend 1 [Charge] to perform a primary attack against the defender as a bonus attack.");
    assert!(matches!(&c.effect.provisos[..], [Proviso::As(n)] if n.text.contains("bonus attack")), "{c:?}");
    let c = effect("Another friendly ship may spend your focus tokens as if that ship has them.");
    assert_eq!(&c.effect.provisos[..], [Proviso::AsIfTheirs]);
    let c = effect("Gain 1 focus token for each enemy ship, to a maximum of 2.");
    assert_eq!(&c.effect.provisos[..], [Proviso::AtMost(2)]);
    // `only` before where a turn goes: it may go nowhere else.
    let c = effect("You can rotate your turret indicator only to your [Front Arc].");
    assert_eq!(&c.effect.provisos[..], [Proviso::Only]);
    // The deed a replaced event comes about by, and how a replaced event is done, say which
    // events it replaces.
    let a = &lowered("If you would fail a boost by overlapping another ship, gain 1 focus token instead.", &v)[0];
    let event = &a.replacement.as_ref().unwrap().event;
    assert!(matches!(&event.provisos[..], [Proviso::By(n)] if n.text == "overlapping another ship"), "{event:?}");
    let a = &lowered("If you would drop a device using a different template, gain 1 focus token instead.", &v)[0];
    let event = &a.replacement.as_ref().unwrap().event;
    assert!(matches!(&event.provisos[..], [Proviso::Using(n)] if n.text == "a different template"), "{event:?}");
    // `by` before an amount is no deed.
    let c = effect("Increase the range requirement by 1.");
    assert!(!c.effect.provisos.iter().any(|p| matches!(p, Proviso::By(_))), "{c:?}");
    // It is how much the value changes, and nothing is kept as words.
    assert_eq!(&c.effect.provisos[..], [Proviso::ByAmount(1)]);
    assert!(c.modifiers.is_empty(), "{c:?}");
    let c = effect("Reduce the speed of that maneuver by 1, to a minimum of 1.");
    assert_eq!(&c.effect.provisos[..], [Proviso::ByAmount(1), Proviso::AtLeast(1)]);
    // An amount per something spent is more than a number: kept as words.
    let c = effect("Increase the range by 1 per [Energy] spent this way.");
    assert!(!c.effect.provisos.iter().any(|p| matches!(p, Proviso::ByAmount(_))), "{c:?}");
    assert_eq!(c.modifiers.len(), 1, "{c:?}");
    // `from this card`: where it is taken from.
    let c = effect("You may discard 1 focus token from this card.");
    assert!(c.effect.from.as_ref().is_some_and(|f| f.person == Person::Thing), "{c:?}");
    assert!(c.modifiers.is_empty());
    // One of several is the player's choice of them; a count inside is more than the model
    // holds: kept as words.
    let c = effect("You may recover 1 [Charge] on 1 of your equipped upgrades.");
    assert!(matches!(&c.effect.provisos[..], [Proviso::OnOneOf(_)]) && c.modifiers.is_empty(), "{c:?}");
    let c = effect("You may recover 1 [Charge] on 1 of your 2 equipped upgrades.");
    assert!(c.effect.provisos.is_empty() && c.modifiers.len() == 1, "{c:?}");
    // A phrase after a list of clauses doing one thing to one object holds for each, and
    // after a list of entries for the list.
    let a = &lowered("You may drop or launch 1 focus token using the 1 [Straight] template.", &v)[0];
    let provisos: Vec<usize> = a.clauses().map(|c| c.effect.provisos.len()).collect();
    assert_eq!(provisos, [1, 1], "{:?}", a.steps[0].clauses);
    let v3 = Vocabulary {
        actions: vec![
            Entry { id: "focus".into(), name: "Focus".into(), marked: false },
            Entry { id: "boost".into(), name: "Boost".into(), marked: false },
            Entry { id: "lock".into(), name: "Lock".into(), marked: false },
        ]
        .into(),
        ..vocab()
    };
    let a = &lowered("You can perform [Focus], [Boost], and [Lock] actions, even while stressed.", &v3)[0];
    let c = &a.steps[0].clauses[0];
    assert_eq!((a.steps[0].clauses.len(), c.effect.noun.as_ref().map(|n| n.refs.len())), (1, Some(3)));
    assert!(matches!(&c.effect.provisos[..], [Proviso::EvenWhile(s)] if s == "stressed"), "{c:?}");
    // `on its action bar` says which of the named actions: held as where the action is.
    let c = effect("That ship may perform a [Focus] or [Barrel Roll] action on its action bar.");
    assert!(matches!(&c.effect.provisos[..], [Proviso::On(n)] if n.text == "its action bar"), "{c:?}");
    // A slot taken away is a rule of its own, not a step of the ability before it.
    let a = lowered("While you perform a primary attack, roll 1 additional attack die. Remove [Crew] slot.", &v);
    assert_eq!(a.len(), 2, "{a:?}");
    // What follows the `or` of a choice is the other thing chosen, never a clause of its own.
    let a =
        &lowered("You may spend 2 [Charge] to choose yourself or a ship in your arc with 1 or more focus tokens.", &v)
            [0];
    let c = &a.steps[0].clauses[..];
    assert_eq!(c.len(), 1, "{c:?}");
    assert!(c[0].effect.noun.as_ref().is_some_and(|n| n.text.starts_with("yourself or a ship")), "{c:?}");
    // `this round` after a relative clause is the relative clause's, not a duration.
    let c = effect("You may perform a bonus attack against a ship you have not attacked this round.");
    assert!(c.duration.is_none(), "{c:?}");
    assert!(c.effect.target.as_ref().is_some_and(|t| t.text.ends_with("this round")), "{c:?}");
    let c = effect("You may gain 1 focus token this round.");
    assert!(c.duration.as_ref().is_some_and(|d| d.this_round), "{c:?}");
    // `instead of removing it` replaces a step: no proviso.
    let c = effect("You may flip 1 focus token instead of removing it.");
    assert!(!c.effect.provisos.iter().any(|p| matches!(p, Proviso::InsteadOf(_))), "{c:?}");
}

#[test]
fn two_conditions_joined_by_and_never_make_a_subject() {
    let v = vocab();
    // The first verb is the subject's: `it … and you` is no ship.
    let c = conditions(
        &Cond {
            kind: CondKind::If,
            piece: Piece::bare("it is limited or has the Dedicated upgrade and you are not strained"),
        },
        &v,
    );
    assert!(
        c.iter().all(|c| !matches!(&c.test, Test::State { who, .. } if who.text.contains(" and "))),
        "{:?}",
        c.iter().map(|c| &c.test).collect::<Vec<_>>()
    );
}

#[test]
fn what_another_ship_does_once_you_paid_is_a_step_done_if_you_did() {
    let v = with_tokens(&["stress", "jam"]);
    // `spend 1 [Charge] to have it gain 1 jam token`: it gains only if you paid.
    let a = &lowered(
        "If an enemy ship would gain a stress token, you may spend 1 [Charge] to have it gain 1 jam token instead.",
        &v,
    )[0];
    assert_eq!(a.steps.len(), 2, "{:?}", a.steps);
    assert_eq!(a.steps[1].conditions.first().map(|c| &c.test), Some(&Test::YouDo { not: false }));
    assert_eq!(a.steps[1].clauses[0].effect.kind, EffectKind::Gain);
    assert!(a.steps[1].clauses[0].instead);
}

#[test]
fn a_later_step_that_says_instead_makes_a_before_timing_a_replacement() {
    let v = vocab();
    let a = &lowered(
        "Before an enemy ship is dealt a facedown damage card, you may spend 1 [Charge]. If you do, that damage card is dealt faceup instead.",
        &v,
    )[0];
    let r = a.replacement.as_ref().expect("a replacement");
    assert!(r.before);
    assert!(a.timings.is_empty(), "{:?}", a.timings);
}

#[test]
fn a_replaced_event_of_two_verbs_replaces_either_and_its_object_is_still_named() {
    let v = vocab();
    // `drop or launch a bomb`: either event is replaced, and `it` is the bomb.
    let a =
        &lowered("If you would drop or launch a bomb, you may launch it using a different template instead.", &v)[0];
    let r = a.replacement.as_ref().expect("a replacement");
    let kinds: Vec<EffectKind> = r.events().map(|e| e.kind).collect();
    assert_eq!(kinds, [EffectKind::Drop, EffectKind::Launch]);
    assert!(r.events().all(|e| e.noun.as_ref().is_some_and(|n| n.text == "bomb")), "{r:?}");
    let c = &a.steps[0].clauses[0];
    assert_eq!(c.effect.noun.as_ref().map(|n| n.text.as_ref()), Some("bomb"), "{c:?}");
}

#[test]
fn a_lifted_state_holds_for_each_clause_of_its_list_and_a_limit_is_no_purpose() {
    let v = vocab();
    // `even while stressed` after `perform actions and execute red maneuvers`: both.
    let a = &lowered("You can perform actions and execute red maneuvers, even while stressed.", &v)[0];
    let lifted: Vec<bool> = a
        .clauses()
        .map(|c| c.effect.provisos.iter().any(|p| matches!(p, Proviso::EvenWhile(s) if s == "stressed")))
        .collect();
    assert_eq!(lifted, [true, true], "{:?}", a.steps);
    // `up to the number of …` limits the count; it is no purpose paid for by the reroll.
    let a = &lowered("While you perform an attack, you may reroll a number of attack dice up to the number of friendly locks on the defender.", &v)[0];
    let c = &a.steps[0].clauses[0];
    assert!(c.costs.is_empty(), "{c:?}");
    assert!(c.effect.noun.as_ref().is_some_and(|n| n.text.contains("up to the number of")), "{c:?}");
}

#[test]
fn two_costs_joined_by_or_each_pay_for_the_effect_and_an_attack_is_against_a_ship() {
    let v = with_tokens(&["focus", "stress"]);
    // `spend 1 [Charge] or 1 focus token to reroll 1 attack die`: either pays.
    let a =
        &lowered("While you perform an attack, you may spend 1 [Charge] or 1 focus token to reroll 1 attack die.", &v)
            [0];
    let c = &a.steps[0].clauses;
    let shape: Vec<(usize, EffectKind, bool)> =
        c.iter().map(|c| (c.costs.len(), c.effect.kind, c.alternative)).collect();
    assert_eq!(shape, [(1, EffectKind::Reroll, false), (1, EffectKind::Reroll, true)], "{c:?}");
    // `perform this attack against it` after an enemy ship's maneuver: the ship.
    let a = &lowered(
        "After an enemy ship executes a maneuver, you may perform this attack against it as a bonus attack.",
        &v,
    )[0];
    let t = a.steps[0].clauses[0].effect.target.as_ref().expect("a target");
    assert_eq!(t.person, Person::That, "{t:?}");
}

#[test]
fn that_many_is_a_count_not_one_named_before() {
    // `acquire a lock on that many other objects`: not `that` (the object locked before).
    let s = subject(Some(&Piece::bare("that many other objects at range 0-1 of the object you locked")));
    assert_ne!(s.person, Person::That);
    assert!(s.says_more());
}

#[test]
fn friendly_to_each_other_says_whose_side_and_is_no_purpose() {
    let v = vocab();
    let a = &lowered("Action: Choose 2 ships at range 1-3 of you that are friendly to each other.", &v)[0];
    let c = &a.steps[0].clauses[0];
    assert!(c.costs.is_empty(), "{c:?}");
    assert_eq!(c.effect.kind, EffectKind::Choose);
    assert!(c.effect.noun.as_ref().is_some_and(|n| n.text.ends_with("friendly to each other")), "{c:?}");
}

#[test]
fn a_closing_bracket_before_the_opening_one_is_no_panic() {
    // Found by the language server's property test: `]` before `[` in a noun.
    let a = lowered("Gain 1 ]\n[boo token.", &vocab());
    assert_eq!(a.len(), 1);
}

#[test]
fn revealed_parity_position_size_and_action_bar_tests() {
    let v = vocab();
    // The parity of a revealed maneuver's speed.
    let t = test("the speed of its revealed maneuver is odd", &v);
    assert!(matches!(&t, Test::RevealedParity { who, even: false } if who.person == Person::That), "{t:?}");
    assert!(matches!(test("the speed of your revealed maneuver is even", &v), Test::RevealedParity { even: true, .. }));
    assert_eq!(test("the speed of your revealed maneuver is 3", &v), Test::Opaque);
    // One ship behind another.
    let t = test("the defender is behind you", &v);
    assert!(
        matches!(&t, Test::Behind { who, of } if who.person == Person::Defender && of.person == Person::You),
        "{t:?}"
    );
    assert_eq!(test("you are behind an obstacle or a ship", &v), Test::Opaque);
    // Two ships' sizes compared.
    let t = test("the attacker is a smaller size than you", &v);
    assert!(
        matches!(&t, Test::Size { who, op: CmpOp::Lt, than } if who.person == Person::Attacker && than.person == Person::You),
        "{t:?}"
    );
    let t = test("it is the same size as the defender", &v);
    assert!(matches!(&t, Test::Size { op: CmpOp::Eq, .. }), "{t:?}");
    // An action on a ship's action bar: the one the ability refers to, or one named.
    let t = test("that action is on its action bar", &v);
    assert!(matches!(&t, Test::OnBar { of, action } if of.person == Person::That && action.refs.is_empty()), "{t:?}");
    let t = test("they have [Barrel Roll] on their action bar", &v);
    assert!(
        matches!(&t, Test::OnBar { of, action } if of.person == Person::That && refs(action) == [(VocabKind::Action, 1)]),
        "{t:?}"
    );
    let t = test("they have [Focus] on their action bar", &v);
    assert!(matches!(&t, Test::OnBar { action, .. } if refs(action) == [(VocabKind::Action, 0)]), "{t:?}");
    // Another ship's bar, or no action, is none of these.
    assert_eq!(test("they have [Barrel Roll] on your action bar", &v), Test::Opaque);
    assert_eq!(test("a lock is on your action bar", &v), Test::Opaque);
}

#[test]
fn another_ships_pilot_ability_is_had_as_well() {
    let v = vocab();
    let effect = |text: &str| lowered(text, &v)[0].steps[0].clauses[0].clone();
    // Yours, had by another ship, which keeps its own.
    let c = effect("While you are stressed, your carrier ship has your pilot ability in addition to its own.");
    assert_eq!(c.effect.kind, EffectKind::HaveAbility, "{c:?}");
    assert_eq!(c.subject.person, Person::A);
    assert_eq!(c.effect.from.as_ref().map(|f| f.person), Some(Person::You));
    assert_eq!(&c.effect.provisos[..], [Proviso::InAdditionToItsOwn]);
    // Each other ship's, by what it has.
    let c = effect("You have the pilot ability of each other friendly ship with the Brave upgrade.");
    assert_eq!(c.effect.kind, EffectKind::HaveAbility, "{c:?}");
    let from = c.effect.from.as_ref().expect("whose");
    assert_eq!((from.person, from.side), (Person::EachOther, Side::Friendly));
    // Other things had are no pilot ability.
    let c = effect("You have the name and initiative of the chosen ship.");
    assert_ne!(c.effect.kind, EffectKind::HaveAbility, "{c:?}");
}

#[test]
fn results_taken_before_others_keep_their_order() {
    let v = vocab();
    let first = |text: &str| lowered(text, &v)[0].steps[0].clauses[0].clone();
    // Neutralized by the step, in an order the rules do not take: the results named first.
    let c = first("While you defend, [Hit] results are neutralized before [Critical Hit] results.");
    assert_eq!((c.effect.kind, c.effect.passive), (EffectKind::Neutralize, true), "{c:?}");
    assert_eq!(c.effect.noun.as_ref().map(refs), Some(vec![(VocabKind::Result, 0)]));
    assert!(matches!(&c.effect.provisos[..], [Proviso::Before(n)] if refs(n) == [(VocabKind::Result, 1)]), "{c:?}");
    assert!(c.modifiers.is_empty(), "{c:?}");
    let c = first("[Focus] results are canceled before [Hit] results.");
    assert_eq!(c.effect.kind, EffectKind::Cancel);
    assert!(matches!(&c.effect.provisos[..], [Proviso::Before(_)]), "{c:?}");
    // Before something that is no result: words the model has no place for.
    let c = first("[Focus] results are canceled before the attack.");
    assert!(c.effect.provisos.is_empty() && c.modifiers.len() == 1, "{c:?}");
}

#[test]
fn how_many_dice_a_ship_rolled_is_a_count_of_them() {
    let v = vocab();
    let rolled = |text: &str| match test(text, &v) {
        Test::Rolled { who, count, dice, not } => Some((who.person, count.op, count.n, refs(&dice), not)),
        _ => None,
    };
    let attack = vec![(VocabKind::Die, 0)];
    assert_eq!(
        rolled("the defender rolled 3 or more attack dice"),
        Some((Person::Defender, CmpOp::Ge, 3, attack.clone(), false))
    );
    // A bare number is that many, `exactly` or not; `did not` is the count not holding.
    assert_eq!(rolled("you did not roll 1 attack dice"), Some((Person::You, CmpOp::Eq, 1, attack.clone(), true)));
    assert_eq!(rolled("you did not roll exactly 4 attack dice"), Some((Person::You, CmpOp::Eq, 4, attack, true)));
    // No die of the game's, or no count: not a count of dice.
    assert_eq!(rolled("you rolled 2 or fewer grapes"), None);
    assert_eq!(rolled("you rolled attack dice"), None);
}

#[test]
fn what_some_dice_show_is_a_test_of_them() {
    let v = vocab();
    let shows = |text: &str| match test(text, &v) {
        Test::Shows { dice, result, not } => Some((dice, refs(&result), not)),
        _ => None,
    };
    let hit = vec![(VocabKind::Result, 0)];
    assert_eq!(shows("the rerolled result is a [Hit] result"), Some((Dice::Rerolled, hit.clone(), false)));
    assert_eq!(shows("the roll contains a [Hit] result").map(|s| (s.0, s.2)), Some((Dice::Roll, false)));
    // A result named before, by its words.
    let named = shows("the roll does not contain that result").expect("a test of the roll");
    assert_eq!((named.0, named.1.is_empty(), named.2), (Dice::Roll, true, true));
    assert_eq!(
        shows("you have only [Focus] results").map(|s| (s.0, s.1)),
        Some((Dice::Only, vec![(VocabKind::Result, 2)]))
    );
    // Not a result: no test of dice.
    assert_eq!(shows("the roll contains a focus token"), None);
    assert_eq!(shows("you have only 2 focus tokens"), None);
    // How many results you have, of any kind: a count.
    let t = test("you have 3 or more results", &v);
    assert!(matches!(&t, Test::Has { who, count: Count { op: CmpOp::Ge, n: 3 }, .. } if *who == Subject::YOU), "{t:?}");
}

#[test]
fn where_a_thing_is_placed_and_the_range_an_effect_reaches_are_provisos() {
    let v = vocab();
    let effect = |text: &str| lowered(text, &v)[0].steps[0].clauses[0].effect.clone();
    let beyond = |n: u8, of: Option<&str>| Proviso::Range(Reach { band: Band::Beyond(n), of: of.map(subject_words) });
    let at = |a: u8, b: u8, of: Option<&str>| Proviso::Range(Reach { band: Band::At(a, b), of: of.map(subject_words) });
    // The range a lock or an attack reaches.
    assert_eq!(&effect("You can acquire locks beyond range 2.").provisos[..], [beyond(2, None)]);
    assert_eq!(&effect("You cannot acquire locks at range 2.").provisos[..], [at(2, 2, None)]);
    assert_eq!(&effect("This attack can be performed at range 1.").provisos[..], [at(1, 1, None)]);
    // Where a ship is placed: an area, anywhere in it, and bands of other things, each held.
    let e = effect("You can be placed anywhere in the play area beyond range 2 of enemy ships.");
    let area = Proviso::In { area: Area::PlayArea, anywhere: true };
    assert_eq!(&e.provisos[..], [area.clone(), beyond(2, Some("enemy ships"))]);
    let e = effect("You can be placed anywhere in the play area beyond range 2 of debris, beyond range 1 of enemy ships, and beyond range 4 of the enemy table edge.");
    let listed = [beyond(2, Some("debris")), beyond(1, Some("enemy ships")), beyond(4, Some("the enemy table edge"))];
    assert_eq!(e.provisos[..], [[area.clone()].as_slice(), &listed].concat()[..], "{e:?}");
    let e = effect("Place it anywhere in the play area beyond range 1 of any ship and beyond range 2 of other debris.");
    assert_eq!(&e.provisos[..], [area, beyond(1, Some("any ship")), beyond(2, Some("other debris"))]);
    let e = effect("You are placed in the play area at range 1-2 of a friendly ship.");
    let in_play = Proviso::In { area: Area::PlayArea, anywhere: false };
    assert_eq!(&e.provisos[..], [in_play.clone(), at(1, 2, Some("a friendly ship"))]);
    let reserve = Proviso::In { area: Area::Reserve, anywhere: false };
    assert_eq!(&effect("You are placed in reserve.").provisos[..], std::slice::from_ref(&reserve));
    // Where a ship begins the game.
    let e = effect("Setup: You start in reserve.");
    assert_eq!((e.kind, &e.provisos[..]), (EffectKind::Start, &[reserve][..]));
    let e = effect("You may place it in the play area touching you instead.");
    assert_eq!(&e.provisos[..], [in_play, Proviso::Touching(Subject::YOU)]);
    let e = effect("Place those ships anywhere in the same deployment area.");
    assert_eq!(&e.provisos[..], [Proviso::In { area: Area::SameDeploymentArea, anywhere: true }]);
    // The band the rules would use, replaced; a band that would otherwise forbid it.
    let e = effect("You must acquire locks beyond range 2 instead of at range 0-2.");
    let rules = Proviso::InsteadOfRange(Reach { band: Band::At(0, 2), of: None });
    assert_eq!(&e.provisos[..], [beyond(2, None), rules]);
    let e = effect("You can perform primary attacks even while at range 0 of debris.");
    assert_eq!(
        &e.provisos[..],
        [Proviso::EvenWhileAt(Reach { band: Band::At(0, 0), of: Some(subject_words("debris")) })]
    );
    // Anywhere with no area, and a range measured as an attack's, are more than these.
    assert!(super::clause::placement("anywhere beyond range 2").is_none());
    assert!(super::clause::placement("at attack range 2").is_none());
    // A band printed once after two verbs is the range of both, no words of the attacks.
    let a = &lowered("You can acquire locks and perform primary attacks at range 1-5.", &v)[0];
    let c = &a.steps[0].clauses;
    assert_eq!(c[1].effect.noun.as_ref().map(|n| n.text.as_ref()), Some("primary attacks"));
    // A timing's event at a range is still the other ship's range, a condition.
    let a = &lowered("While you defend at range 2, roll 1 additional attack die.", &v)[0];
    assert!(a.timings[0].event.as_ref().is_some_and(|e| e.effect.provisos.is_empty()), "{a:?}");
    assert!(matches!(a.steps[0].conditions[0].test, Test::AtRange { range: (2, 2), .. }), "{a:?}");
}

#[test]
fn a_count_of_results_neutralized_is_a_passive_event() {
    let v = vocab();
    let a = read("After you attack, if 2 or more [Focus]/[Hit] results were neutralized, gain 1 focus token.", &v);
    let Test::Event { events, not: false, within: None } = &a[0].steps[0].conditions[0].test else {
        panic!("{:?}", a[0].steps[0].conditions)
    };
    let e = &events[0].effect;
    assert_eq!((e.kind, e.passive, e.amount), (EffectKind::Neutralize, true, Some(Amount::AtLeast(2))));
    assert_eq!(events[0].subject.person, Person::Thing);
}

#[test]
fn a_range_waived_after_two_deeds_that_reach_ships_holds_for_both() {
    let v = vocab();
    let clauses = |text: &str| lowered(text, &v)[0].steps[0].clauses.to_vec();
    let both = clauses("Action: Coordinate a friendly ship, then jam an enemy ship, ignoring range restrictions.");
    assert!(both.iter().all(|c| c.effect.provisos[..] == [Proviso::IgnoringRange]), "{both:?}");
    // Losing a charge reaches nothing: the waiver is the jam's alone.
    let one = clauses("Action: Lose 1 [Charge] and jam an enemy ship, ignoring range restrictions.");
    assert!(one[0].effect.provisos.is_empty() && one[1].effect.provisos[..] == [Proviso::IgnoringRange], "{one:?}");
}

// The lowering of sentences the text grammar reads: conditions, `for each`, subjects.

#[test]
fn a_printed_typo_in_a_subject_reads_as_the_word_it_stands_for() {
    let subject = subject(Some(&Piece::bare("The chosen frendly ship")));
    assert_eq!(subject.side, cards_runtime::ability::Side::Friendly);
}

#[test]
fn conditions_that_are_events_read_as_a_timings_event() {
    let cases = [
        // Any tense is the event: the colour of the action stays.
        ("you performed a red [Barrel Roll] action", "if you perform 1 red action:barrel-roll"),
        ("you spent a calculate token", "if you spend 1 token:calculate"),
        ("you moved through a friendly ship", "if you move-through 1 \"friendly ship\""),
        ("you fully executed the maneuver", "if you execute fully \"maneuver\""),
        ("it was dealt a damage card", "if that be-dealt 1 \"damage card\""),
        // A relative clause's verb is the subject's, not the event's.
        ("the ship you chose performed a [Boost] action", "if that perform 1 action:boost"),
        // The choice to do it is the event.
        ("it chooses to gain 1 strain token", "if that gain 1 token:strain"),
        // Negated, since the start of the round or phase; `or` joins alternatives.
        ("you did not defend this round", "if not you defend this-round"),
        ("that ship has not engaged this phase", "if not that engage this-phase"),
        (
            "you have not dropped or launched a device this round",
            "if not you drop 1 \"device\" || you launch 1 \"device\" this-round",
        ),
        // A comparison naming no entry is the object's words.
        (
            "you choose a ship with an initiative lower than yours",
            "if you choose 1 \"ship with an initiative lower than yours\"",
        ),
    ];
    for (words, expected) in cases {
        assert_eq!(read_condition(crate::text::CondKind::If, words), [expected], "{words}");
    }
    // `1 or more` is an amount the reading holds: the event is the defender dealt at least
    // one faceup damage card.
    assert_eq!(
        read_condition(crate::text::CondKind::If, "the defender was dealt 1 or more faceup damage cards"),
        ["if defender be-dealt atleast1 \"damage cards\" faceup"]
    );
    // Words an event cannot hold stay the condition's: a comparison, a when, two clauses
    // joined by `and`.
    for words in [
        "you reveal a maneuver other than a 2 [Straight]",
        "you suffer damage during that attack",
        "you did not roll exactly 2 defense dice",
        "it chooses 1 [Charge] and loses that [Charge]",
    ] {
        assert_eq!(read_condition(crate::text::CondKind::If, words), [format!("if \"{words}\"")], "{words}");
    }
}
#[test]
fn for_each_counts_its_noun_and_keeps_the_relative_clause_in_its_words() {
    use cards_runtime::model::{Entry, VocabKind, Vocabulary};
    let e = |id: &'static str, name: &'static str| Entry { id: id.into(), name: name.into(), marked: false };
    let vocab = Vocabulary { resources: vec![e("charge", "Charge")].into(), ..Vocabulary::default() };
    let text = "You may spend 1 or more [Charge]. For each [Charge] you spend, gain 1 strain token.";
    let spans: Vec<Span> = crate::syntax::sentences::split(text).into_iter().map(|(s, e)| Span::new(s, e)).collect();
    let cx = Context { vocab: &vocab, file: "t.cards", source: text, name: None };
    let abilities: Vec<_> = crate::text::frames(text, &spans).iter().map(|f| ability(f, &cx)).collect();
    let each = abilities.iter().flat_map(|a| a.steps.iter()).find_map(|s| s.for_each.as_ref()).expect("a for-each");
    assert_eq!(each.refs.iter().map(|r| (r.kind, r.index)).collect::<Vec<_>>(), [(VocabKind::Resource, 0)]);
    assert_eq!(each.text, "[Charge] you spend");
}
/// A condition's words read as `lower` reads them, in the gold notation, one line each.
fn read_condition(kind: crate::text::CondKind, words: &str) -> Vec<String> {
    use cards_runtime::model::{Entry, List, Set, Vocabulary};
    let e = |id: &'static str, name: &'static str| Entry { id: id.into(), name: name.into(), marked: false };
    let vocab = Vocabulary {
        tokens: vec![e("focus", "focus"), e("lock", "lock"), e("calculate", "calculate"), e("strain", "strain")].into(),
        resources: vec![e("force", "Force"), e("charge", "Charge")].into(),
        actions: vec![e("barrel-roll", "Barrel Roll"), e("boost", "Boost")].into(),
        results: vec![e("hit", "Hit"), e("critical-hit", "Critical Hit")].into(),
        dice: vec![e("attack", "attack")].into(),
        arcs: vec![e("front", "Front Arc")].into(),
        maneuvers: vec![e("straight", "Straight")].into(),
        ..Vocabulary::default()
    };
    let cond = Cond { kind, piece: Piece::bare(words) };
    let conditions = conditions(&cond, &vocab);
    let set = Set {
        game: "x".into(),
        name: "x".into(),
        vocab,
        kinds: List::Borrowed(&cards_runtime::model::kinds::PRELUDE),
        roster: cards_runtime::model::Noun::FLEET,
        distance: None,
        verbs: List::Borrowed(&[]),
        flagship_icon: None,
        cards: List::Borrowed(&[]),
        rules: List::Borrowed(&[]),
        releases: Vec::new().into(),
    };
    conditions.iter().map(|c| cards_runtime::ability_text::condition(&set, c)).collect()
}

#[test]
fn conditions_that_count_ships_dice_and_states() {
    let cases = [
        // None, or a count other than one or more: how many such ships there are.
        ("there are no other friendly ships at range 0-2", "if there-are 0 another.friendly@0-2"),
        ("there are no enemy ships at range 1-2", "if there-are 0 a.enemy@1-2"),
        // One or more: that ship's test, its range of you with it.
        ("there is at least 1 other friendly ship at range 0-1", "if another.friendly at 0-1"),
        ("there is an enemy ship in your [Front Arc] at range 0-1", "if a.enemy@0-1 in arc:front"),
        ("there is an obstacle at range 0-1", "if \"an obstacle\" at 0-1"),
        // The attack's dice.
        ("there are 2 or more [Hit]/[Critical Hit] results", "if thing has 2+ result:hit/result:critical-hit"),
        ("there are 2 or fewer attack dice", "if thing has 2- die:attack"),
        // Resources, the attack, the revealed maneuver, limited ships.
        ("your [Charge] is inactive", "if you resource:charge inactive"),
        ("all of your [Force] are active", "if you all resource:force active"),
        ("any of this card's [Charge] are inactive", "if thing any resource:charge inactive"),
        ("the attack is obstructed", "if attack-obstructed"),
        ("the attack is obstructed by an obstacle", "if attack-obstructed by \"an obstacle\""),
        ("you obstruct the attack", "if attack-obstructed by you"),
        ("your revealed maneuver is blue", "if you revealed blue"),
        ("your revealed maneuver is speed 3-5", "if you revealed speed 3-5"),
        ("its revealed maneuver is 1 speed or higher", "if that revealed speed 1+"),
        (
            "the speed of your revealed maneuver is greater than the enemy ship's",
            "if you revealed speed > \"the enemy ship\"",
        ),
        (
            "the bearing of your revealed maneuver is the same as the enemy ship's",
            "if you revealed bearing = \"the enemy ship\"",
        ),
        (
            "the speed of your revealed maneuver matches that of a friendly ship at range 1",
            "if you revealed speed = a.friendly@1-1",
        ),
        ("that ship is limited", "if that is limited"),
        // Whose lock is on whom: the target is never dropped.
        ("you have a lock on the defender", "if you has 1+ token:lock on defender"),
        ("you do not have that ship locked", "if you has 0 token:lock on that"),
        ("you are not locked by the attacker", "if attacker has 0 token:lock on you"),
    ];
    for (words, expected) in cases {
        assert_eq!(read_condition(crate::text::CondKind::If, words), [expected], "{words}");
    }
    // `and` between two conditions is two, both to hold; a subject and verb said once are
    // each part's.
    assert_eq!(
        read_condition(crate::text::CondKind::If, "the defender is in your [Front Arc] and at range 1"),
        ["if defender in arc:front", "if defender at 1-1"]
    );
    assert_eq!(
        read_condition(
            crate::text::CondKind::If,
            "you are not focused and there is an enemy ship in your [Front Arc] at range 1"
        ),
        ["if you has 0 token:focus", "if a.enemy@1-1 in arc:front"]
    );
    // An arc of another ship: the range is of that ship, which the subject cannot say; two
    // counts joined by `or`.
    for words in [
        "there is an enemy ship in its [Front Arc] at range 1",
        "there are at least 2 other friendly ships at range 0-1 or another friendly ship at range 0-1",
    ] {
        assert_eq!(read_condition(crate::text::CondKind::If, words), [format!("if \"{words}\"")], "{words}");
    }
    // The parity of a revealed maneuver's speed.
    assert_eq!(
        read_condition(crate::text::CondKind::If, "the speed of your revealed maneuver is odd"),
        ["if you revealed speed odd"]
    );
    // A comparison of counts: where they are, printed once, on the second.
    assert_eq!(
        read_condition(
            crate::text::CondKind::If,
            "there are more enemy ships than other friendly ships at range 0-1 of that ship"
        ),
        ["if there-are-more a.enemy than \"other friendly ships at range 0-1 of that ship\""]
    );
}

/// A set of a game that calls its units heroes and measures in spaces, `adjacent` being 1.
fn heroes_game(vocab: Vocabulary) -> Set {
    use cards_runtime::model::{kinds::PRELUDE, CardKind, Distance, Kind, Noun};
    let noun = |id: &str, name: &str, plural: &str| Noun {
        id: id.to_string().into(),
        name: name.to_string().into(),
        plural: plural.to_string().into(),
        plural_id: plural.to_lowercase().into(),
    };
    let mut kinds = PRELUDE.to_vec();
    kinds[CardKind::Ship.index()] = Kind { noun: noun("hero", "Hero", "Heroes"), role: CardKind::Ship };
    Set {
        vocab,
        kinds: kinds.into(),
        distance: Some(Distance { noun: noun("space", "Space", "Spaces"), adjacent: Some(1) }),
        verbs: vec![
            cards_runtime::model::Verb::regular("heal"),
            cards_runtime::model::Verb::regular("bury"),
            cards_runtime::model::Verb { id: "undo".into(), third: "undoes".into(), past: "undone".into() },
        ]
        .into(),
        ..Set::default()
    }
}

/// A game's own verbs read as the built-in ones are: an amount, what it acts on, whom; in a
/// clause, after a subject of any person, and as a timing's event; said back as printed.
#[test]
fn a_games_own_verbs_read_as_the_built_in_ones() {
    let game = heroes_game(vocab());
    let cases = [
        ("Heal 2 damage.", "ability\n  step\n    clause you verb:heal 2 \"damage\"\n"),
        (
            "At the start of the Engagement Phase, each friendly hero within 2 spaces of you heals 1 damage.",
            "ability\n  timing start-of phase:engagement\n  step\n    clause each.friendly@0-2 verb:heal 1 \"damage\"\n",
        ),
        (
            "After you heal, you may gain 1 focus token.",
            "ability\n  timing after you verb:heal\n  optional\n  step\n    clause you may gain 1 token:focus\n",
        ),
        (
            "After you perform a [Focus] action, you may bury 1 enemy hero within 1 space of you.",
            "ability\n  timing after you perform 1 action:focus\n  optional\n  step\n    clause you may verb:bury 1 \"enemy hero within 1 space of you\"\n",
        ),
    ];
    let _in_the_games_words = crate::text::GameWords::of(&game.words()).enter();
    // An irregular verb, said in the form the game declares.
    let irregular = (
        "At the start of the Engagement Phase, each friendly hero within 2 spaces of you undoes 1 focus token.",
        "ability\n  timing start-of phase:engagement\n  step\n    clause each.friendly@0-2 verb:undo 1 token:focus\n",
    );
    for (printed, want) in cases.into_iter().chain([irregular]) {
        let read = read(printed, &game.vocab);
        let got: Vec<String> = read.iter().map(|a| cards_runtime::ability_text::ability(&game, a)).collect();
        assert_eq!(got, [want], "{printed}");
        let (said, trip) = cards_runtime::ability_card::said_back(&game, &read[0]);
        assert_eq!(trip, cards_runtime::ability_card::RoundTrip::Exact, "{printed}\nsaid: {}", said.text);
    }
    // A game that does not declare the verb keeps the clause opaque.
    drop(_in_the_games_words);
    let read = read("Heal 2 damage.", &game.vocab);
    assert_eq!(read[0].steps[0].clauses[0].effect.kind, EffectKind::Opaque);
}

/// A game's own unit and distance read as X-Wing's `ship` and `at range` do: each text
/// reads as its X-Wing twin reads (the same notation), and is said back as printed.
#[test]
fn a_games_own_units_and_distances_read_as_ships_and_ranges() {
    let game = heroes_game(vocab());
    let xwing = Set { vocab: vocab(), ..Set::default() };
    let cases = [
        (
            "At the start of the Engagement Phase, each friendly hero within 2 spaces of you gains 1 focus token.",
            "At the start of the Engagement Phase, each friendly ship at range 0-2 gains 1 focus token.",
        ),
        (
            "After you perform a [Focus] action, choose 1 enemy hero within 2 spaces of you. That hero gains 1 focus token.",
            "After you perform a [Focus] action, choose 1 enemy ship at range 0-2. That ship gains 1 focus token.",
        ),
        (
            "After a friendly hero within 3 spaces of you is destroyed, you may gain 1 focus token.",
            "After a friendly ship at range 0-3 is destroyed, you may gain 1 focus token.",
        ),
        (
            "While another friendly hero within 2 spaces of you defends, it may change 1 [Focus] result to a [Hit] result.",
            "While another friendly ship at range 0-2 defends, it may change 1 [Focus] result to a [Hit] result.",
        ),
        (
            "At the start of the Engagement Phase, each enemy hero adjacent to you gains 1 focus token.",
            "At the start of the Engagement Phase, each enemy ship at range 1 gains 1 focus token.",
        ),
        ("Each other friendly hero gains 1 evade token.", "Each other friendly ship gains 1 evade token."),
    ];
    let words = crate::text::GameWords::of(&game.words());
    for (printed, twin) in cases {
        let want: Vec<String> =
            read(twin, &xwing.vocab).iter().map(|a| cards_runtime::ability_text::ability(&xwing, a)).collect();
        let _in_the_games_words = words.enter();
        let read = read(printed, &game.vocab);
        // Words kept as words (`choose 1 "enemy hero within 2 spaces of you"`) are the
        // printed ones, in the twin's words here.
        let kept_in_xwing_words = |notation: String| {
            [("within 2 spaces of you", "at range 0-2"), ("within 3 spaces of you", "at range 0-3"), ("hero", "ship")]
                .iter()
                .fold(notation, |n, (game, xwing)| n.replace(game, xwing))
        };
        let got: Vec<String> =
            read.iter().map(|a| kept_in_xwing_words(cards_runtime::ability_text::ability(&game, a))).collect();
        assert_eq!(got, want, "{printed}");
        for a in &read {
            let (said, trip) = cards_runtime::ability_card::said_back(&game, a);
            assert_eq!(trip, cards_runtime::ability_card::RoundTrip::Exact, "{printed}\nsaid: {}", said.text);
        }
    }
    // A range printed without `of you` is said with it (the model measures from you), and
    // the hero stays one hero.
    {
        let _in_the_games_words = words.enter();
        let read = read("Each friendly hero within 2 spaces gains 1 focus token.", &game.vocab);
        let (said, _) = cards_runtime::ability_card::said_back(&game, &read[0]);
        assert_eq!(said.text, "Each friendly hero within 2 spaces of you gains 1 focus token.");
    }
    // Under X-Wing's words the same hero texts say more than a ship: kept as words.
    let read = read(cases[0].0, &xwing.vocab);
    let shown = cards_runtime::ability_text::ability(&xwing, &read[0]);
    assert!(!shown.contains("each.friendly@0-2"), "{shown}");
}

/// `recover 1 [Charge] on your ship card or one of your equipped upgrade cards`: where it is
/// recovered is a choice of two places, one phrase, not a third thing recovered (Cutthroat,
/// found wrong by a blind sample).
#[test]
fn a_count_in_words_ends_a_list_of_places() {
    let text = "After you defend, you may remove 1 focus token, or recover 1 [Charge] on your ship card or one of your equipped upgrade cards.";
    let read = read(text, &vocab());
    let clauses: Vec<&cards_runtime::ability::Clause> = read[0].clauses().collect();
    assert_eq!(clauses.len(), 2, "{clauses:#?}");
    assert_eq!(clauses[1].effect.kind, EffectKind::Recover);
    assert!(clauses[1].alternative);
    let set = Set { vocab: vocab(), ..Set::default() };
    let said = cards_runtime::ability_text::clause(&set, clauses[1]);
    assert!(said.ends_with("with \"on your ship card or one of your equipped upgrade cards\""), "{said}");
}

#[test]
fn a_spend_offered_in_the_present_is_the_cost_of_what_the_sentence_may_do() {
    let v = vocab();
    // Sense: the [Force] pays for the wider choice; nothing tests a spend made before.
    let a = &read(
        "During the System Phase, you may choose 1 ship at range 0-1 and look at its dial. If you spend 1 [Force], you may choose a ship at range 0-3 instead.",
        &v,
    )[0];
    let step = a.steps.last().unwrap();
    assert!(step.conditions.is_empty(), "{:?}", step.conditions);
    let c = &step.clauses[0];
    assert_eq!((c.qualifier, c.instead), (Qualifier::May, true));
    assert_eq!(c.costs.len(), 1, "{c:?}");
    assert_eq!((c.costs[0].kind, c.costs[0].amount), (EffectKind::Spend, Some(Amount::Exactly(1))));
    assert_eq!(c.costs[0].noun.as_ref().map(|n| n.refs.to_vec()), Some(vec![VocabRef::new(VocabKind::Resource, 0)]));
    // A spend made before, in the past tense, stays a test.
    let a =
        &read("After you defend or perform an attack, if you spent 1 calculate token, gain 1 calculate token.", &v)[0];
    assert_eq!(a.steps[0].conditions.len(), 1);
    assert!(a.steps[0].clauses[0].costs.is_empty());
    // So does a present spend before something the ability does anyway.
    let a = &read("After you perform an attack, if you spend 1 [Force], gain 1 focus token.", &v)[0];
    assert_eq!(a.steps[0].conditions.len(), 1);
}
