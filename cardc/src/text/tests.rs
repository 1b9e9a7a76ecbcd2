use super::*;

/// An effect as `kind(amount|noun|to|action|facing)`, with `->target` and `<-from`.
fn effect(e: &Effect) -> String {
    let what = match e.kind {
        EffectKind::Opaque => e.piece.text.clone(),
        _ => [&e.amount, &e.noun, &e.to, &e.action, &e.facing]
            .iter()
            .filter_map(|p| p.as_ref().map(|p| p.text.as_str()))
            .collect::<Vec<_>>()
            .join("|"),
    };
    let voice = match (e.passive, e.negated) {
        (true, true) => "passive-not-",
        (true, false) => "passive-",
        _ => "",
    };
    let mut out = format!("{voice}{}({what})", e.kind.as_str());
    if let Some(f) = &e.from {
        out.push_str(&format!("<-{}", f.text));
    }
    if let Some(t) = &e.target {
        out.push_str(&format!("->{}", t.text));
    }
    out
}

/// A clause as `subject:qualifier cost->effect duration {modifiers}`.
fn clause(c: &Clause) -> String {
    let mut out = String::new();
    if c.alternative {
        out.push_str("or ");
    }
    if let Some(s) = &c.subject {
        out.push_str(&format!("{}:", s.text));
    }
    if let Some(q) = &c.qualifier {
        out.push_str(&format!("{} ", q.text));
    }
    for cost in &c.costs {
        out.push_str(&format!("{}({})->", cost.kind.as_str(), cost.noun.as_ref().map_or("", |n| &n.text)));
    }
    out.push_str(&effect(&c.effect));
    if let Some(d) = &c.duration {
        out.push_str(&format!(" {}", d.text));
    }
    for m in &c.modifiers {
        out.push_str(&format!(" {{{}}}", m.text.trim_start_matches(',').trim_start()));
    }
    if c.instead {
        out.push_str(" instead");
    }
    out
}

/// A timing as `when=what`, with its event's clauses in brackets.
fn timing(t: &Timing) -> String {
    let mut out = format!("{}={}", t.when, t.what.text);
    if !t.events.is_empty() {
        out.push_str(&format!(" [{}]", t.events.iter().map(clause).collect::<Vec<_>>().join(", ")));
    }
    out
}

/// A compact rendering of a text's frames, for assertions.
fn show(text: &str) -> Vec<String> {
    let spans: Vec<Span> = crate::syntax::sentences::split(text).into_iter().map(|(s, e)| Span::new(s, e)).collect();
    frames(text, &spans)
        .iter()
        .map(|f| {
            let mut parts = Vec::new();
            if let Some(h) = &f.header {
                parts.push(format!("header={}", h.text));
            }
            if let Some(r) = &f.requirement {
                parts.push(format!("req={}", r.text));
            }
            if let Some(q) = &f.frequency {
                parts.push(format!("once-per={}", q.text));
            }
            parts.extend(f.timings.iter().map(timing));
            if let Some(r) = &f.replacement {
                let subject = r.subject.as_ref().map_or(String::new(), |s| format!("{}:", s.text));
                let event = r.effect.as_ref().map_or_else(|| format!("?{}", r.event.text), effect);
                parts.push(format!("replace[{}]={subject}{event}", r.kind.text.to_lowercase()));
            }
            for s in &f.steps {
                for (i, c) in s.conditions.iter().enumerate() {
                    let word = match (c.kind, i) {
                        (CondKind::Unless, _) => "unless",
                        (CondKind::Otherwise, _) => "otherwise",
                        (CondKind::If, 0) => "if",
                        (CondKind::If, _) => "and-if",
                    };
                    parts.push(format!("{word}={}", c.piece.text));
                }
                if let Some(f) = &s.for_each {
                    parts.push(format!("each={}", f.text));
                }
                parts.extend(s.timings.iter().map(timing));
                if let Some(d) = &s.duration {
                    parts.push(format!("for={}", d.text));
                }
                parts.extend(s.clauses.iter().map(clause));
            }
            parts.join("; ")
        })
        .collect()
}

#[test]
fn conformance_texts() {
    let cases = [
        (
            "After you perform an action, you may spend 1 [Force] to perform an action.",
            vec!["after=you perform an action [you:perform(an|action)]; you:may spend([Force])->perform(an|action)"],
        ),
        (
            "After you become the defender, you may recover 1 [Force].",
            vec!["after=you become the defender [you:become(the defender)]; you:may recover(1|[Force])"],
        ),
        (
            "Before you would be dealt a faceup damage card, you may spend 1 [Charge] to be dealt the card facedown instead.",
            vec!["replace[before]=you:be-dealt(a|damage card|faceup); you:may spend([Charge])->be-dealt(the card|facedown) instead"],
        ),
        (
            "If a friendly ship at range 0-3 would gain a focus token, it may gain 1 evade token instead.",
            vec!["replace[if]=a friendly ship at range 0-3:gain(a|focus token); it:may gain(1|evade token) instead"],
        ),
        (
            "Setup: Lose 1 [Charge].\nAction: Spend 1 [Charge] to recover 1 shield.",
            vec!["header=Setup; lose(1|[Charge])", "header=Action; spend([Charge])->recover(1|shield)"],
        ),
        (
            "Before you would gain a focus token, gain an evade token instead.",
            vec!["replace[before]=you:gain(a|focus token); gain(an|evade token) instead"],
        ),
        (
            "While you boost or barrel roll, you can move through and overlap obstacles.",
            vec!["while=you boost or barrel roll [you:boost(), or you:barrel-roll()]; you:can move-through(obstacles); you:can overlap(obstacles)"],
        ),
        (
            "At the start of the Engagement Phase, you may perform a [Barrel Roll] action.",
            vec!["at the start of=the Engagement Phase; you:may perform(a|action|[Barrel Roll])"],
        ),
        (
            "While you perform an attack, you may reroll 1 attack die.",
            vec!["while=you perform an attack [you:perform(an|attack)]; you:may reroll(1|attack die)"],
        ),
        (
            "Attack: If this attack hits, the defender cannot spend evade tokens until the end of the Engagement Phase.",
            vec!["header=Attack; if=this attack hits; the defender:cannot spend(evade tokens) until the end of the Engagement Phase"],
        ),
        (
            "Attack ([Lock]): Spend 1 [Charge]. Change 2 [Hit]/[Critical Hit] results to [Critical Hit] results.",
            vec!["header=Attack; req=[Lock]; spend(1|[Charge]); change(2|[Hit]/[Critical Hit] results|[Critical Hit] results)"],
        ),
        (
            "Once per round, after you perform an attack, you must gain 1 stress token.",
            vec!["once-per=round; after=you perform an attack [you:perform(an|attack)]; you:must gain(1|stress token)"],
        ),
        (
            "During the System Phase, you may perform a [Coordinate] action.",
            vec!["during=the System Phase; you:may perform(a|action|[Coordinate])"],
        ),
        (
            "While you perform a primary attack against a defender you have locked, roll 1 additional attack die and change 1 [Hit] result to a [Critical Hit] result.",
            vec!["while=you perform a primary attack against a defender you have locked [you:perform(a|primary attack)->a defender you have locked]; roll(1|attack die); change(1|[Hit] result|[Critical Hit] result)"],
        ),
    ];
    for (text, expected) in cases {
        assert_eq!(show(text), expected, "{text}");
    }
}

#[test]
fn follow_ups_attach_to_the_ability_before() {
    let f = show("At the start of the Engagement Phase, you may gain 1 stress token. If you do, gain 1 focus token. Then, remove 1 stress token.");
    assert_eq!(f, ["at the start of=the Engagement Phase; you:may gain(1|stress token); if=you do; gain(1|focus token); remove(1|stress token)"]);
}

/// The ability texts of a set's card files: each `text { … }` and `ability "…" { … }`
/// block, with the file it is in.
fn example_texts(dir: &std::path::Path) -> Vec<(String, Vec<Span>)> {
    let mut out = Vec::new();
    let mut files: Vec<_> = std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().path()).collect();
    files.sort();
    for path in files.iter().filter(|p| p.extension().is_some_and(|e| e == "cards")) {
        let text = std::fs::read_to_string(path).unwrap();
        let (file, _) = crate::syntax::parse_file(0, &text);
        for item in &file.items {
            let crate::ast::Item::Card(card) = item else { continue };
            for field in &card.fields {
                match &field.value {
                    crate::ast::FieldValue::Text(block) | crate::ast::FieldValue::Ability { text: block, .. } => {
                        out.push((text.clone(), block.sentences.clone()));
                    }
                    _ => {}
                }
            }
        }
    }
    out
}

#[test]
fn the_shipped_xwing_texts_have_no_opaque_clause() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../cards/xwing");
    let texts = example_texts(&dir);
    assert!(texts.len() >= 15, "only {} texts in {}", texts.len(), dir.display());
    for (file, sentences) in &texts {
        for frame in frames(file, sentences) {
            let opaque: Vec<&str> = frame.opaque().map(|e| e.piece.text.as_str()).collect();
            assert!(opaque.is_empty(), "opaque {opaque:?} in {:?}", &file[frame.span.range()]);
            for t in frame.timings.iter().filter(|t| t.when != "at the start of" && t.when != "during") {
                assert!(t.event.is_some(), "no event in {:?}", t.piece.text);
            }
            if let Some(r) = &frame.replacement {
                assert!(r.effect.is_some(), "no effect for {:?}", r.event.text);
            }
        }
    }
}

#[test]
fn replacements_read_their_event_as_an_effect() {
    let spans = |t: &str| -> Vec<Span> {
        crate::syntax::sentences::split(t).into_iter().map(|(s, e)| Span::new(s, e)).collect()
    };
    let text = "Before you would be dealt a faceup damage card, you may spend 1 [Charge] to be dealt the card facedown instead.";
    let f = frames(text, &spans(text));
    let r = f[0].replacement.as_ref().unwrap();
    let e = r.effect.as_ref().unwrap();
    assert_eq!(e.kind, EffectKind::Dealt);
    assert_eq!(e.noun.as_ref().unwrap().text, "damage card");
    assert_eq!(e.facing.as_ref().unwrap().text, "faceup");
    assert_eq!(&text[e.noun.as_ref().unwrap().span.range()], "damage card");
    assert_eq!(r.subject.as_ref().unwrap().text, "you");

    let text = "If a friendly ship at range 0-3 would gain a focus token, it may gain 1 evade token instead.";
    let f = frames(text, &spans(text));
    let r = f[0].replacement.as_ref().unwrap();
    assert_eq!(r.subject.as_ref().unwrap().text, "a friendly ship at range 0-3");
    let e = r.effect.as_ref().unwrap();
    assert_eq!((e.kind, e.amount.as_ref().unwrap().text.as_str()), (EffectKind::Gain, "a"));
    assert_eq!(&text[e.noun.as_ref().unwrap().span.range()], "focus token");
}

#[test]
fn targets_modifiers_passives_and_shared_verbs() {
    let cases = [
        (
            "Action: Transfer 1 focus token from that ship to another friendly ship at range 0-2.",
            "header=Action; transfer(1|focus token)<-that ship->another friendly ship at range 0-2",
        ),
        (
            "After you defend, you may perform a bonus attack against the attacker, even while stressed.",
            "after=you defend [you:defend()]; you:may perform(a|bonus attack)->the attacker {even while stressed}",
        ),
        ("This card's [Charge] cannot be recovered.", "This card's [Charge]:cannot passive-recover()"),
        (
            "Action: Choose a ship in your [Front Arc] at range 1. That ship gains 1 tractor token, or 2 tractor tokens if it is in your [Bullseye Arc].",
            // The alternative with its own condition is a step of its own; the first happens
            // unless that condition holds.
            "header=Action; choose(a|ship in your [Front Arc] at range 1); unless=it is in your [Bullseye Arc]; That ship:gain(1|tractor token); if=it is in your [Bullseye Arc]; That ship:gain(2|tractor tokens)",
        ),
        (
            "After you fully execute a maneuver, you may spend 1 [Charge] to drop or launch a bomb.",
            "after=you fully execute a maneuver [you:execute(a|maneuver)]; you:may spend([Charge])->drop(a|bomb); or you:may spend([Charge])->launch(a|bomb)",
        ),
        (
            "Attack: If this attack hits, the defender gains 1 deplete and 1 jam token. For each [Hit] result, repair 1 faceup damage card.",
            "header=Attack; if=this attack hits; the defender:gain(1|deplete); the defender:gain(1|jam token); each=For each [Hit] result; repair(1|faceup damage card)",
        ),
    ];
    for (text, expected) in cases {
        assert_eq!(show(text), [expected], "{text}");
    }
}

#[test]
fn nouns_keep_where_phrases_and_leave_how_phrases() {
    let cases = [
        // Where an action is printed, where an attack is made from: which one.
        (
            "You can perform actions on damage cards even while stressed.",
            "You:can perform(actions on damage cards) {even while stressed}",
        ),
        (
            "You can perform [Front Arc] attacks from your [Rear Arc].",
            "You:can perform([Front Arc] attacks from your [Rear Arc])",
        ),
        ("You can perform attacks at range 0 of obstacles.", "You:can perform(attacks at range 0 of obstacles)"),
        // How: between which ships, again, anywhere; the facing after the target.
        (
            "Transfer any number of orange tokens between those two ships.",
            "transfer(any number of|orange tokens) {between those two ships}",
        ),
        ("Repair that card again.", "repair(that card) {again}"),
        (
            "You may assign 1 of your secret conditions to yourself facedown.",
            "You:may assign(1|of your secret conditions|facedown)->yourself",
        ),
        ("You can equip 1 [Cannon] or [Torpedo] upgrade.", "You:can equip(1|[Cannon] or [Torpedo] upgrade)"),
        // A pronoun is the whole noun; `only to` a list of arcs.
        ("You may place it in the play area touching you.", "You:may place(it) {in the play area touching you}"),
        (
            "You can rotate your [Single Turret Arc] indicator only to your [Front Arc] or [Rear Arc].",
            "You:can rotate(your [Single Turret Arc] indicator|your [Front Arc] or [Rear Arc])",
        ),
    ];
    for (text, expected) in cases {
        assert_eq!(show(text), [expected], "{text}");
    }
}

#[test]
fn a_cached_sentence_gives_the_same_frame_at_another_offset() {
    let text = "If a friendly ship at range 0-3 would gain a focus token, it may gain 1 evade token instead.\n  \
                Action: Spend 1 [Charge] to recover 1 shield. If you do, gain 1 stress token.\n\
                If a friendly ship at range 0-3 would gain a focus token, it may gain 1 evade token instead.";
    let spans: Vec<Span> = crate::syntax::sentences::split(text).into_iter().map(|(s, e)| Span::new(s, e)).collect();
    let mut cache = SentenceCache::default();
    // Twice through one cache: the second pass is all hits.
    let first = frames_cached(text, &spans, &mut cache);
    let second = frames_cached(text, &spans, &mut cache);
    let fresh = frames(text, &spans);
    assert_eq!(first, fresh);
    assert_eq!(second, fresh);
    // The repeated sentence's spans point at its own text.
    let last = fresh.last().unwrap();
    let clause = &last.steps[0].clauses[0];
    assert_eq!(&text[clause.piece.span.range()], clause.piece.text);
    assert!(clause.piece.span.start as usize > text.len() / 2);
}

#[test]
fn a_trailing_unless_is_a_condition_of_the_step() {
    let cases = [
        (
            "After an enemy ship locks you, that ship gains 1 stress token unless it chooses to break its lock.",
            "after=an enemy ship locks you [an enemy ship:acquire-lock()->you]; unless=it chooses to break its lock; that ship:gain(1|stress token)",
        ),
        (
            "While you coordinate, you can choose friendly ships beyond range 2 if they have [Calculate] on their action bar.",
            "while=you coordinate [you:coordinate()]; if=they have [Calculate] on their action bar; you:can choose(friendly ships beyond range 2)",
        ),
        (
            "After you attack, the defender gains 1 strain token unless it chooses 1 [Charge] and loses that [Charge].",
            "after=you attack [you:attack()]; unless=it chooses 1 [Charge] and loses that [Charge]; the defender:gain(1|strain token)",
        ),
    ];
    for (text, expected) in cases {
        assert_eq!(show(text), [expected], "{text}");
    }
}

#[test]
fn a_replaced_event_is_read_without_how_it_happens() {
    let text = "If you would drop a device using a [Straight] template, you may use a [Bank Left] template instead.";
    let spans: Vec<Span> = crate::syntax::sentences::split(text).into_iter().map(|(s, e)| Span::new(s, e)).collect();
    let r = frames(text, &spans)[0].replacement.clone().unwrap();
    let e = r.effect.unwrap();
    assert_eq!((e.kind, e.noun.unwrap().text.as_str()), (EffectKind::Drop, "device"));
    let text = "If you would be destroyed, you may spend 1 [Charge] to gain 1 shield instead.";
    let spans: Vec<Span> = crate::syntax::sentences::split(text).into_iter().map(|(s, e)| Span::new(s, e)).collect();
    let e = frames(text, &spans)[0].replacement.clone().unwrap().effect.unwrap();
    assert_eq!((e.kind, e.passive), (EffectKind::Destroyed, false));
}

#[test]
fn a_deed_after_and_is_no_item_of_the_noun() {
    // `pick a result` is something the ship does, which the grammar has no verb for: a
    // clause of its own (kept opaque), not more of what is spent.
    let f = show("You may spend 1 [Force] and pick a result.");
    assert_eq!(f.len(), 1, "{f:?}");
    assert!(f[0].starts_with("You:may spend(1|[Force])"), "{f:?}");
    // `name a result`, `draw 2 damage cards`: verbs of their own.
    let f = show("You may spend 1 [Charge] and name a result.");
    assert!(f[0].ends_with("name(a|result)"), "{f:?}");
    let f = show("Draw 2 damage cards, choose 1, and discard the rest.");
    assert!(f[0].starts_with("draw(2|damage cards)"), "{f:?}");
    // A list of items is still one noun.
    assert_eq!(show("Remove 1 ion, jam, or stress token."), ["remove(1|ion, jam, or stress token)"]);
    // A word between the deed and its article: still a deed, not the chosen ship's words.
    let f = show("You may choose an enemy ship at range 1-2 and guess aloud a bearing and speed.");
    assert!(f.iter().all(|c| !c.contains("enemy ship at range 1-2 and guess")), "{f:?}");
}

#[test]
fn rules_after_an_ability_and_reminders() {
    // A delayed trigger goes on from a replacement read as one only at its `instead`.
    let f = show("If you would be destroyed, you may spend 1 [Charge]. If you do, place yourself in reserves instead. At the start of the next Planning Phase, gain 1 stress token.");
    assert_eq!(f.len(), 1, "{f:?}");
    assert!(f[0].ends_with("at the start of=the next Planning Phase; gain(1|stress token)"), "{f:?}");
    // What `You` plainly do after a trigger is a rule of its own; a reminder is neither.
    let f = show("After you defend, you may gain 1 focus token. (This is not an action). You ignore the effects of friendly devices.");
    assert_eq!(
        f,
        ["after=you defend [you:defend()]; you:may gain(1|focus token)", "You:ignore(the effects of friendly devices)"]
    );
    // What follows a Setup ability without going on from it is a rule of its own.
    let f = show("Setup: Equip this side faceup. Reduce the difficulty of your maneuvers.");
    assert_eq!(f, ["header=Setup; equip(this side|faceup)", "reduce(the difficulty of your maneuvers)"]);
    // `this attack` after it is the card's own attack, not one the Setup ability named.
    let f = show("Setup: Equip this side faceup. You can perform this attack at range 0.");
    assert_eq!(f.len(), 2, "{f:?}");
    assert!(f[1].starts_with("You:can perform"), "{f:?}");
    // After an ability that names an attack, it goes on from it.
    let f = show("Attack: Spend 1 [Charge]. You can perform this attack at range 0.");
    assert_eq!(f.len(), 1, "{f:?}");
}

#[test]
fn a_window_of_what_the_ability_before_named_is_a_step_of_it() {
    let f = show("After you reveal your dial, you may set your dial to another maneuver. While you execute that maneuver, increase its difficulty.");
    assert_eq!(f.len(), 1, "{f:?}");
    assert!(
        f[0].ends_with("while=you execute that maneuver [you:execute(that maneuver)]; increase(its difficulty)"),
        "{f:?}"
    );
}

#[test]
fn a_sentence_with_a_second_condition_is_two_steps() {
    let f = show("Action: Roll 1 attack die; on a [Hit] result gain 1 stress token, and on a [Critical Hit] result gain 1 ion token.");
    assert_eq!(
        f,
        ["header=Action; roll-dice(1|attack die); if=on a [Hit] result; gain(1|stress token); if=on a [Critical Hit] result; gain(1|ion token)"]
    );
    let f = show(
        "Action: Choose a ship at range 1. That ship gains 1 strain token, or 2 strain tokens if you are damaged.",
    );
    assert_eq!(
        f,
        ["header=Action; choose(a|ship at range 1); unless=you are damaged; That ship:gain(1|strain token); if=you are damaged; That ship:gain(2|strain tokens)"]
    );
}

#[test]
fn a_replacement_after_a_lead_and_a_condition() {
    let f = show("While you defend, if the attacker is in your [Front Arc], before you would be dealt a faceup damage card, you may spend 1 [Charge] to be dealt that card facedown instead.");
    assert_eq!(f.len(), 1);
    assert!(f[0].contains("replace[before]=you:be-dealt(a|damage card|faceup)"), "{f:?}");
    assert!(!f[0].contains("before=you would"), "{f:?}");
}

#[test]
fn events_read_participles_lock_verbs_either_subject_and_a_during() {
    let cases = [
        (
            "While attacking or defending, you may reroll 1 die.",
            "while=attacking or defending [attack(), or defend()]; you:may reroll(1|die)",
        ),
        (
            "After performing an attack that hits, gain 1 focus token.",
            "after=performing an attack that hits [perform(an|attack) {that hits}]; gain(1|focus token)",
        ),
        (
            "After an enemy ship locks you, gain 1 stress token.",
            "after=an enemy ship locks you [an enemy ship:acquire-lock()->you]; gain(1|stress token)",
        ),
        (
            "After you spend a lock during an attack, gain 1 focus token.",
            "after=you spend a lock [you:spend(a|lock)]; during=an attack; gain(1|focus token)",
        ),
        (
            "After you or a friendly Obi-Wan Kenobi ship at range 0-3 fully executes a maneuver, gain 1 focus token.",
            "after=you or a friendly Obi-Wan Kenobi ship at range 0-3 fully executes a maneuver \
             [you:execute(a|maneuver), or a friendly Obi-Wan Kenobi ship at range 0-3:execute(a|maneuver)]; \
             gain(1|focus token)",
        ),
        (
            "After a friendly small or medium ship fully executes a maneuver, gain 1 focus token.",
            "after=a friendly small or medium ship fully executes a maneuver \
             [a friendly small or medium ship:execute(a|maneuver)]; gain(1|focus token)",
        ),
        (
            "Before you would suffer damage from an obstacle or from a friendly bomb, you may spend 1 [Charge].",
            "before=you would suffer damage from an obstacle or from a friendly bomb \
             [you:suffer(damage)<-an obstacle or from a friendly bomb]; you:may spend(1|[Charge])",
        ),
        (
            "After you a perform a [Coordinate] action, you may gain 1 focus token.",
            "after=you a perform a [Coordinate] action [you:perform(a|action|[Coordinate])]; you:may gain(1|focus token)",
        ),
        (
            "After you drop, launch, or place a bomb, you may place 1 fuse marker on that device.",
            "after=you drop, launch, or place a bomb [you:drop(a|bomb), or you:launch(a|bomb), or you:place(a|bomb)]; \
             you:may place(1|fuse marker)->that device",
        ),
        (
            "While you lock, coordinate, or jam, you can choose yourself or another friendly ship.",
            "while=you lock, coordinate, or jam [you:acquire-lock(), or you:coordinate(), or you:jam()]; \
             you:can choose(yourself or another friendly ship)",
        ),
        (
            "After you declare the defender of an attack, gain 1 focus token.",
            "after=you declare the defender of an attack [you:declare(the defender)]; gain(1|focus token)",
        ),
        (
            "Before attack dice are rolled, you may spend 1 [Charge].",
            "before=attack dice are rolled [attack dice:passive-roll-dice()]; you:may spend(1|[Charge])",
        ),
    ];
    for (text, expected) in cases {
        assert_eq!(show(text), [expected], "{text}");
    }
}

#[test]
fn compound_and_alternative_costs() {
    let cases = [
        // Both costs are paid for whichever of the three effects is chosen.
        (
            "After you activate, you may spend 1 [Charge] and gain 1 deplete token to repair 1 damage card, recover 1 shield, or remove 1 stress token.",
            "after=you activate [you:activate()]; you:may spend([Charge])->gain(deplete token)->repair(1|damage card); \
             or you:may spend([Charge])->gain(deplete token)->recover(1|shield); \
             or you:may spend([Charge])->gain(deplete token)->remove(1|stress token)",
        ),
        // Either cost buys the effect.
        (
            "While you defend, you may spend 1 shield or 2 [Energy] to cancel 1 [Hit] result.",
            "while=you defend [you:defend()]; you:may spend(shield)->cancel(1|[Hit] result); \
             or you:may spend([Energy])->cancel(1|[Hit] result)",
        ),
        // Either cost buys the action, whatever verb pays it (Coaxium Hyperfuel).
        (
            "After you partially execute a maneuver, you may expose 1 of your damage cards or suffer 1 [Critical Hit] damage to perform a [SLAM] action.",
            "after=you partially execute a maneuver [you:partially-execute(a|maneuver)]; \
             you:may expose(of your damage cards)->perform(a|action|[SLAM]); \
             or you:may suffer([Critical Hit] damage)->perform(a|action|[SLAM])",
        ),
        // Two changes, either one, for the one cost.
        (
            "While you perform an attack, you may spend 1 [Force] to change 1 [Focus] result to a [Hit] result or 1 [Hit] result to a [Critical Hit] result.",
            "while=you perform an attack [you:perform(an|attack)]; you:may spend([Force])->change(1|[Focus] result|[Hit] result); \
             or you:may spend([Force])->change(1|[Hit] result|[Critical Hit] result)",
        ),
        // Two spendings before one `to`: one compound cost.
        (
            "At the start of the Engagement Phase, you may spend 1 calculate token and 1 [Charge] to launch 1 bomb.",
            "at the start of=the Engagement Phase; you:may spend(calculate token)->spend([Charge])->launch(1|bomb)",
        ),
    ];
    for (text, expected) in cases {
        let expected = expected.split_whitespace().collect::<Vec<_>>().join(" ");
        assert_eq!(show(text), [expected], "{text}");
    }
}

#[test]
fn lists_that_are_not_lists_of_clauses() {
    let cases = [
        // A list inside a clause stays in it: numbers in a row are one count.
        ("Your wingmates must be 2, 3, 4, or 5 TIE/ln fighters.", "Your wingmates:must be(2, 3, 4, or 5|TIE/ln fighters)"),
        ("Your wingmates must be 3-4 of the following:", "Your wingmates:must opaque(be 3-4 of the following:)"),
        (
            "You can be included in Separatist, Imperial, and First Order squads.",
            "You:can opaque(be included in Separatist, Imperial, and First Order squads)",
        ),
        // A list after `using` is the template's, not the device's.
        (
            "After you defend, you may launch a device using the 3 [Bank Left], 3 [Straight], or 3 [Bank Right] template.",
            "after=you defend [you:defend()]; you:may launch(a|device) {using the 3 [Bank Left], 3 [Straight], or 3 [Bank Right] template}",
        ),
        // Slots: one added slot a clause.
        ("Add [Cannon], [Turret], and [Missile] slots.", "add-slot([Cannon]); add-slot([Turret]); add-slot([Missile])"),
        ("Gain 1 [Torpedo] slot and 1 [Missile] slot.", "add-slot(1|[Torpedo]); add-slot(1|[Missile])"),
        // The list's first item in a structured clause, the rest kept whole: one noun.
        (
            "Action: Remove 1 ion, jam, stress, or tractor token from this card.",
            "header=Action; remove(1|ion, jam, stress, or tractor token)<-this card",
        ),
    ];
    for (text, expected) in cases {
        assert_eq!(show(text), [expected], "{text}");
    }
}

#[test]
fn verb_lists_and_bodies_that_look_like_subjects() {
    let cases = [
        // Every verb of the event's list shares the object named after the last.
        (
            "After you drop, launch, or place a bomb, you may gain 1 focus token.",
            "after=you drop, launch, or place a bomb [you:drop(a|bomb), or you:launch(a|bomb), or you:place(a|bomb)]; you:may gain(1|focus token)",
        ),
        (
            "While you lock, coordinate, or jam, you may spend 1 [Energy].",
            "while=you lock, coordinate, or jam [you:acquire-lock(), or you:coordinate(), or you:jam()]; you:may spend(1|[Energy])",
        ),
        // `another friendly ship` is what is chosen, not who acts.
        (
            "While you jam, you can choose yourself or another friendly ship.",
            "while=you jam [you:jam()]; you:can choose(yourself or another friendly ship)",
        ),
        // `jam token` is a token, not the verb.
        (
            "If you do, the chosen ship gains that ion or jam token instead.",
            "if=you do; the chosen ship:gain(that ion or jam token) instead",
        ),
        // A how-phrase after `instead` is the clause's.
        (
            "If you would drop a device, you may launch that device instead, using the same template.",
            "replace[if]=you:drop(a|device); you:may launch(that device) {using the same template} instead",
        ),
    ];
    for (text, expected) in cases {
        assert_eq!(show(text), [expected], "{text}");
    }
}

#[test]
fn causatives_and_steps_inside_a_sentence() {
    let cases = [
        // `have it gain`: the cost is yours, the gain is the ship's, and only if you paid.
        (
            "If an enemy ship would gain a stress token, you may spend 1 [Force] to have it gain 1 jam token instead.",
            "replace[if]=an enemy ship:gain(a|stress token); you:may spend(1|[Force]); if=you do; it:gain(1|jam token) instead",
        ),
        // `cause the defender to suffer`: the damage is directed at the defender.
        (
            "Attack: Spend 1 [Hit] result to cause the defender to suffer 1 [Hit] damage.",
            "header=Attack; spend([Hit] result)->suffer(1|[Hit] damage)->the defender",
        ),
        // A condition after `;`, or a die result's `on`, opens a step of its own.
        (
            "Roll an attack die; on a [Hit] result gain 1 strain token, and on a [Critical Hit] result gain 1 ion token.",
            "roll-dice(an|attack die); if=on a [Hit] result; gain(1|strain token); if=on a [Critical Hit] result; gain(1|ion token)",
        ),
        (
            "Action: Remove 1 stress token; if you are damaged, gain 1 focus token.",
            "header=Action; remove(1|stress token); if=you are damaged; gain(1|focus token)",
        ),
        // A maneuver is executed, whatever the verb.
        (
            "After you reveal a [Bank Left] maneuver, you must perform that maneuver as a sideslip.",
            "after=you reveal a [Bank Left] maneuver [you:reveal(a [Bank Left] maneuver)]; you:must execute(that maneuver) {as a sideslip}",
        ),
        // A target may be several ships.
        (
            "Setup: Assign the Primed condition to yourself and up to 2 other friendly ships.",
            "header=Setup; assign(the Primed condition)->yourself and up to 2 other friendly ships",
        ),
    ];
    for (text, expected) in cases {
        assert_eq!(show(text), [expected], "{text}");
    }
}

#[test]
fn shared_targets_and_instead_of() {
    let cases = [
        // Each item of the list is placed on the card named after the last.
        (
            "Setup: Place 1 ion, 1 jam, and 1 tractor token on this card.",
            "header=Setup; place(1|ion)->this card; place(1|jam)->this card; place(1|tractor token)->this card",
        ),
        // `Instead of …,` first: the clauses replace it.
        (
            "Instead of performing an action, that remote relocates using a 1 [Turn Left], 1 [Turn Right], or 2 [Straight] template.",
            "that remote:opaque(relocates using a 1 [Turn Left], 1 [Turn Right], or 2 [Straight] template) instead",
        ),
        (
            "You can choose a friendly remote instead of another friendly ship.",
            "You:can choose(a|friendly remote) {instead of another friendly ship} instead",
        ),
    ];
    for (text, expected) in cases {
        assert_eq!(show(text), [expected], "{text}");
    }
}

#[test]
fn printed_typos_read_as_the_words_they_stand_for() {
    // `chose` after `may`, `camy` for `may`, `frendly` for `friendly`: a player reads
    // through them; the reading does too.
    let cases = [
        ("You may chose an enemy ship at range 1.", "You:may choose(an|enemy ship at range 1)"),
        ("You camy choose a friendly ship at range 0-3.", "You:camy choose(a|friendly ship at range 0-3)"),
        ("This card's [Charge] cannont be recovered.", "This card's [Charge]:cannont passive-recover()"),
    ];
    for (text, expected) in cases {
        assert_eq!(show(text), [expected], "{text}");
    }
}

#[test]
fn replace_with_the_following_names_only_the_replaced_ability() {
    let text =
        "Replace your Fast Hands ship ability with the following: Quick Draw: After you defend, gain 1 focus token.";
    let frames = show(text);
    assert_eq!(frames[0], "replace(your Fast Hands ship ability)");
    assert!(!frames[1].contains("header"), "{}", frames[1]);
}

#[test]
fn of_the_same_says_which_thing_and_stays_in_the_noun() {
    assert_eq!(
        show("You may set your dial to another maneuver of the same speed."),
        ["You:may set(your dial)->another maneuver of the same speed"]
    );
}

#[test]
fn a_participle_timing_is_done_by_the_subject_of_its_clause() {
    // The defender defends; with no subject written, you attack or defend, and the subject
    // is left unwritten, as the card leaves it.
    let f = show("If you do, after defending, the defender gains 1 strain token.");
    assert!(f[0].contains("after=defending [the defender:defend()]"), "{f:?}");
    let f = show("While attacking or defending, you may reroll 1 die.");
    assert_eq!(f, ["while=attacking or defending [attack(), or defend()]; you:may reroll(1|die)"]);
    let f = show("While attacking, reroll 1 die.");
    assert_eq!(f, ["while=attacking [attack()]; reroll(1|die)"]);
}

#[test]
fn where_a_thing_is_placed_is_part_of_the_noun() {
    // `equipped to …` says which upgrades: one choice, no cost paid `to` do something.
    let f = show("During the End Phase, you may choose 2 [Illicit] upgrades equipped to friendly ships at range 0-1.");
    assert!(f[0].ends_with("you:may choose(2|[Illicit] upgrades equipped to friendly ships at range 0-1)"), "{f:?}");
    let f = show("After you perform an action added to your action bar by an upgrade, gain 1 focus token.");
    assert!(f[0].contains("[you:perform(an|action added to your action bar by an upgrade)]"), "{f:?}");
}

#[test]
fn a_preposition_ending_the_sentence_is_the_nouns() {
    let f = show("Place yourself within range 1 of the edge of the play area that you fled from.");
    assert_eq!(f, ["place(yourself within range 1 of the edge of the play area that you fled from)"]);
}

#[test]
fn instead_of_durations_how_phrases_and_steps_of_the_round() {
    let cases = [
        // `instead of` a where-phrase replaces only where, not what the clause does.
        (
            "If you do, they must acquire locks beyond range 3 instead of at range 0-3.",
            "if=you do; they:must acquire-lock() {beyond range 3} {instead of at range 0-3}",
        ),
        // An opaque clause keeps what it replaces in its words, unless that is an act.
        (
            "You can align that template's middle line with the hashmark instead of your rear guides.",
            "You:can opaque(align that template's middle line with the hashmark instead of your rear guides)",
        ),
        // `instead` before the verb marks the clause too.
        (
            "If the defender would be dealt a facedown damage card, instead draw 2 damage cards, choose 1, and discard the rest.",
            "replace[if]=the defender:be-dealt(a|damage card|facedown); draw(2|damage cards) instead; choose(1); discard(the rest)",
        ),
        // `during …` after a clause is how long it lasts; with a comma it opens the next.
        ("If you do, ignore obstacles during that maneuver.", "if=you do; ignore(obstacles) during that maneuver"),
        (
            "If you do, you cannot perform another action during your activation.",
            "if=you do; you:cannot perform(another|action) during your activation",
        ),
        // How-phrases are not part of the object.
        (
            "If you revealed a left maneuver, rotate your ship 90° in that direction.",
            "if=you revealed a left maneuver; rotate(your ship 90°) {in that direction}",
        ),
        ("It cannot overlap a ship this way.", "It:cannot overlap(a ship) {this way}"),
        (
            "You may spend up to 3 [Energy] to increase the range at which you can choose an object by 1 per [Energy] spent this way, to a maximum of range 5.",
            "You:may spend([Energy])->increase(the range at which you can choose an object) {by 1 per [Energy] spent this way} {to a maximum of range 5}",
        ),
        // A step of the round after a cost says when the step happens.
        (
            "While defending, you may spend 1 [Focus] result at the end of the Neutralize Results step to remove 1 red or orange token.",
            "while=defending [defend()]; at the end of=the Neutralize Results step; you:may spend([Focus] result)->remove(1|red or orange token)",
        ),
        // An infinitive that names the action performed again says what it is aimed at.
        (
            "If you do, another friendly ship may perform a [Lock] action to lock that object.",
            "if=you do; another friendly ship:may perform(a|action|[Lock])->that object",
        ),
        // A with-phrase of the subject goes on through a comparison's `or` and an `and`
        // before no new clause.
        (
            "If you do, each ship at range 0-1 of the defender with agility equal to or less than the defender's rolls 1 attack die.",
            "if=you do; each ship at range 0-1 of the defender with agility equal to or less than the defender's:roll-dice(1|attack die)",
        ),
        (
            "After you perform an attack that hits, each friendly ship with [Calculate] on its action bar and a lock on the defender may perform a red [Calculate] action.",
            "after=you perform an attack that hits [you:perform(an|attack) {that hits}]; each friendly ship with [Calculate] on its action bar and a lock on the defender:may perform(a|action|[Calculate])",
        ),
    ];
    for (text, expected) in cases {
        assert_eq!(show(text), [expected], "{text}");
    }
    // `During the End Phase,` closed by a comma, is the next sentence's timing.
    let read =
        show("Gain a primary weapon with a value of “3.” During the End Phase, do not remove up to 2 focus tokens.");
    assert!(!read[0].contains(") During"), "{read:?}");
    assert_eq!(
        show("Ignore obstacles during that maneuver, then gain 1 stress token."),
        ["ignore(obstacles) during that maneuver; gain(1|stress token)"]
    );
}

#[test]
fn game_actions_named_by_the_rules_are_verbs() {
    let cases = [
        ("After you decloak, gain 1 focus token.", "after=you decloak [you:decloak()]; gain(1|focus token)"),
        ("Action: Cloak.", "header=Action; cloak()"),
        ("On a [Focus] result, decloak or discard your cloak token.", "if=On a [Focus] result; decloak(); or discard(your cloak token)"),
        (
            "After a ship deploys from you, it may perform a [Focus] action.",
            "after=a ship deploys from you [a ship:deploy()<-you]; it:may perform(a|action|[Focus])",
        ),
        ("While you move, you ignore obstacles.", "while=you move [you:move()]; you:ignore(obstacles)"),
        ("After you reload, gain 1 focus token.", "after=you reload [you:reload()]; gain(1|focus token)"),
        ("After you fail an action, gain 1 focus token.", "after=you fail an action [you:fail(an|action)]; gain(1|focus token)"),
        (
            "After you barrel roll or sideslip, gain 1 calculate token.",
            "after=you barrel roll or sideslip [you:barrel-roll(), or you:sideslip()]; gain(1|calculate token)",
        ),
        (
            "After a friendly device that you have locked detonates, gain 1 focus token.",
            "after=a friendly device that you have locked detonates [a friendly device that you have locked:detonate()]; gain(1|focus token)",
        ),
        (
            "While you obstruct an enemy ship's attack, the defender rolls 1 additional defense die.",
            "while=you obstruct an enemy ship's attack [you:obstruct(an|enemy ship's attack)]; the defender:roll(1|defense die)",
        ),
        (
            "After you partially execute a maneuver, gain 1 focus token.",
            "after=you partially execute a maneuver [you:partially-execute(a|maneuver)]; gain(1|focus token)",
        ),
        // A bomb or mine, a state or a size, a ship type with a slash: which ships.
        (
            "While a friendly bomb or mine at range 0-2 detonates, you may reroll 1 die.",
            "while=a friendly bomb or mine at range 0-2 detonates [a friendly bomb or mine at range 0-2:detonate()]; you:may reroll(1|die)",
        ),
        (
            "While a damaged friendly ship at range 0-3 performs an attack, it may reroll 1 attack die.",
            "while=a damaged friendly ship at range 0-3 performs an attack [a damaged friendly ship at range 0-3:perform(an|attack)]; it:may reroll(1|attack die)",
        ),
        (
            "Before a friendly TIE/ln fighter at range 0-1 would suffer 1 or more damage, you may spend 1 [Charge].",
            "before=a friendly TIE/ln fighter at range 0-1 would suffer 1 or more damage [a friendly TIE/ln fighter at range 0-1:suffer(1 or more|damage)]; you:may spend(1|[Charge])",
        ),
        (
            "After a friendly ship at range 0-3 is locked by an enemy ship, gain 1 focus token.",
            "after=a friendly ship at range 0-3 is locked by an enemy ship [a friendly ship at range 0-3:passive-acquire-lock()->an enemy ship]; gain(1|focus token)",
        ),
        // What is declared may be a choice.
        (
            "After an enemy ship declares a scenario feature or another friendly ship as the defender, gain 1 focus token.",
            "after=an enemy ship declares a scenario feature or another friendly ship as the defender [an enemy ship:declare(a scenario feature or another friendly ship as the defender)]; gain(1|focus token)",
        ),
        // A sideslip maneuver is a maneuver, not the verb.
        (
            "You must execute a 1 [Bank Left] or 1 [Bank Right] sideslip maneuver.",
            "You:must execute(a|1 [Bank Left] or 1 [Bank Right] sideslip maneuver)",
        ),
    ];
    for (text, expected) in cases {
        assert_eq!(show(text), [expected], "{text}");
    }
}

#[test]
fn events_passives_shared_objects_and_reminders() {
    let cases = [
        // Being coordinated, being declared the defender: undergone.
        (
            "After you coordinate or are coordinated, gain 1 focus token.",
            "after=you coordinate or are coordinated [you:coordinate(), or you:passive-coordinate()]; gain(1|focus token)",
        ),
        (
            "After you are declared as the defender, gain 1 focus token.",
            "after=you are declared as the defender [you:passive-declare(the defender)]; gain(1|focus token)",
        ),
        // A bare verb before `or` shares the object after it.
        (
            "After you acquire or spend a lock, gain 1 focus token.",
            "after=you acquire or spend a lock [you:acquire-lock(), or you:spend(a|lock)]; gain(1|focus token)",
        ),
        (
            "After you roll or reroll your dice, gain 1 focus token.",
            "after=you roll or reroll your dice [you:roll-dice(your dice), or you:reroll(your dice)]; gain(1|focus token)",
        ),
        // A participle with no subject of its own: the clause's (you).
        (
            "Before rolling defense dice, you may spend 1 calculate token.",
            "before=rolling defense dice [roll-dice(defense dice)]; you:may spend(1|calculate token)",
        ),
        // A parenthesis that ends the event is reminder text.
        (
            "After you become the defender (before dice are rolled), you may recover 1 [Force].",
            "after=you become the defender [you:become(the defender)]; you:may recover(1|[Force])",
        ),
        (
            "After a friendly ship at range 0-1 defends (after damage is resolved, if any), you may perform an action.",
            "after=a friendly ship at range 0-1 defends [a friendly ship at range 0-1:defend()]; you:may perform(an|action)",
        ),
        // `by overlapping …` says how, after the noun.
        (
            "If you would fail a [Boost] action by overlapping another ship, resolve it as a maneuver instead.",
            "replace[if]=you:fail(a|[Boost] action); resolve(it) {as a maneuver} instead",
        ),
    ];
    for (text, expected) in cases {
        assert_eq!(show(text), [expected], "{text}");
    }
}

#[test]
fn dice_results_are_the_subject_of_their_clause() {
    let cases = [
        (
            "[Evade] results do not cancel [Critical Hit] results.",
            "[Evade] results:do not cancel([Critical Hit] results)",
        ),
        (
            "All remaining [Hit]/[Critical Hit] results inflict ion tokens instead of damage.",
            "All remaining [Hit]/[Critical Hit] results:inflict(ion tokens) {instead of damage} instead",
        ),
        // Neutralized by the Neutralize Results step: a passive, its order after it.
        (
            "[Hit] results are neutralized before [Critical Hit] results.",
            "[Hit] results:passive-neutralize(before [Critical Hit] results)",
        ),
        // An upgrade, a charge, the attack: things too.
        (
            "When you perform a [Reload] action, the chosen upgrade recovers 1 additional [Charge].",
            "when=you perform a [Reload] action [you:perform(a|action|[Reload])]; the chosen upgrade:recover(1|additional [Charge])",
        ),
        ("Your [Force] lose the recurring icon.", "Your [Force]:lose(the recurring icon)"),
        ("This attack can be performed at range 0.", "This attack:can passive-perform() {at range 0}"),
        // A range may be of the device named before.
        (
            "Each enemy ship at range 0-1 of that device gains 1 strain token.",
            "Each enemy ship at range 0-1 of that device:gain(1|strain token)",
        ),
    ];
    for (text, expected) in cases {
        assert_eq!(show(text), [expected], "{text}");
    }
}

#[test]
fn numbers_treated_as_and_reminders_after_an_effect() {
    let cases = [
        ("Treat your initiative as 6.", "treat(your initiative|6)"),
        (
            "Before you reveal your maneuver, you may spend 1 [Force] to barrel roll (this is not an action).",
            "before=you reveal your maneuver [you:reveal(your maneuver)]; you:may spend([Force])->barrel-roll() {(this is not an action)}",
        ),
        ("If you would flee, you may gain 1 focus token instead.", "replace[if]=you:flee(); you:may gain(1|focus token) instead"),
        // A state or a second where-phrase says which ship.
        (
            "Each enemy ship at range 0-1 that is not stressed gains 1 stress token.",
            "Each enemy ship at range 0-1 that is not stressed:gain(1|stress token)",
        ),
        (
            "Another friendly ship at range 0-1 and in the attack arc may suffer 1 [Hit] damage.",
            "Another friendly ship at range 0-1 and in the attack arc:may suffer(1|[Hit] damage)",
        ),
        // A comma between the words that say which ships is inside the noun.
        (
            "You may choose 1 other friendly, non-huge ship at range 0-1.",
            "You:may choose(1|other friendly, non-huge ship at range 0-1)",
        ),
    ];
    for (text, expected) in cases {
        assert_eq!(show(text), [expected], "{text}");
    }
}

#[test]
fn a_replaced_event_ends_where_a_condition_starts() {
    let text = "During the System Phase, if you would drop a device and there is an enemy ship at range 0-1, you may place that device instead.";
    let spans: Vec<Span> = crate::syntax::sentences::split(text).into_iter().map(|(s, e)| Span::new(s, e)).collect();
    let f = frames(text, &spans);
    let r = f[0].replacement.as_ref().expect("a replacement");
    assert_eq!(r.event.text, "drop a device");
    let conditions: Vec<&str> = f[0].steps[0].conditions.iter().map(|c| c.piece.text.as_str()).collect();
    assert_eq!(conditions, ["there is an enemy ship at range 0-1"]);
}

#[test]
fn named_ship_lists_attacks_performed_as_and_negated_verb_lists() {
    let cases = [
        // One of several named ships, and the ship docked with as the target.
        (
            "1 Delta-7 Aethersprite, Eta-2 Actis, or Nimbus-class V-wing can dock with you.",
            "1 Delta-7 Aethersprite, Eta-2 Actis, or Nimbus-class V-wing:can dock()->you",
        ),
        // What kind of attack it is performed as is part of what is performed.
        (
            "You may spend 1 [Charge] to perform this attack as a bonus attack against a different target at range 0-1 of the defender without paying the [Charge] cost.",
            "You:may spend([Charge])->perform(this attack as a bonus attack)->a different target at range 0-1 of the defender {without paying the [Charge] cost}",
        ),
        // `do not activate or engage`: neither, not a choice of one.
        (
            "You are not assigned a maneuver dial and do not activate or engage.",
            "You:passive-not-assign(a maneuver dial); You:do not activate(); You:do not engage()",
        ),
        // One named ship; a number something is treated as.
        ("1 Escape Craft may dock with you.", "1 Escape Craft:may dock()->you"),
        ("Treat your initiative as 6.", "treat(your initiative|6)"),
        // A possessive `that` opens a passive's noun.
        ("You are assigned that ship's dial.", "You:passive-assign(that ship's dial)"),
    ];
    for (text, expected) in cases {
        assert_eq!(show(text), [expected], "{text}");
    }
}

#[test]
fn a_before_event_replaced_without_would_and_a_choice_of_angles_in_one_object() {
    // `instead` in the sentence of a `Before` event replaces the event.
    let text = "Before you execute an advanced maneuver, execute a white stationary maneuver [Stationary] instead, then you may rotate 90° or 180°.";
    assert_eq!(
        show(text),
        ["replace[before]=you:execute(an|advanced maneuver); execute(a|white stationary maneuver [Stationary]) instead; you:may rotate(90° or 180°)"]
    );
    // A `Before` event with no `instead` stays a timing.
    assert_eq!(
        show("Before you execute an advanced maneuver, you may rotate 90°."),
        ["before=you execute an advanced maneuver [you:execute(an|advanced maneuver)]; you:may rotate(90°)"]
    );
}

#[test]
fn a_list_of_things_as_subject_and_a_trailing_for_each() {
    let cases = [
        // A list of things is one subject; a trailing `for each` of a step's only clause
        // counts the step.
        (
            "Each large ship, huge ship, and scenario feature at range 0 suffers 1 [Hit] damage for each [Hit]/[Critical Hit] result, bypassing shields.",
            "each=for each [Hit]/[Critical Hit] result; Each large ship, huge ship, and scenario feature at range 0:suffer(1|[Hit] damage) {bypassing shields}",
        ),
        // With two clauses it may count for one alone: it stays that clause's.
        (
            "Each ship suffers 1 damage and gains 1 stress token for each result.",
            "Each ship:suffer(1|damage); Each ship:gain(1|stress token) {for each result}",
        ),
    ];
    for (text, expected) in cases {
        assert_eq!(show(text), [expected], "{text}");
    }
}

/// The body of a grammar rule, comments removed.
fn rule_body(name: &str) -> String {
    let start = GRAMMAR
        .lines()
        .scan(0, |at, line| {
            let here = *at;
            *at += line.len() + 1;
            Some((here, line))
        })
        .find(|(_, line)| line.split_whitespace().next() == Some(name) && line.contains('='))
        .map(|(at, _)| at)
        .unwrap_or_else(|| panic!("rule `{name}`"));
    let open = start + GRAMMAR[start..].find('{').expect("its `{`");
    let mut depth = 0;
    let mut end = open;
    for (i, c) in GRAMMAR[open..].char_indices() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            _ => {}
        }
        if depth == 0 {
            end = open + i;
            break;
        }
    }
    GRAMMAR[open + 1..end].lines().map(|l| l.split("//").next().unwrap_or("")).collect::<Vec<_>>().join(" ")
}

/// The alternatives of an expression at its top level.
fn alternatives(expr: &str) -> Vec<String> {
    let (mut out, mut depth, mut current, mut quoted) = (Vec::new(), 0, String::new(), false);
    for c in expr.chars() {
        match c {
            '"' => quoted = !quoted,
            '(' if !quoted => depth += 1,
            ')' if !quoted => depth -= 1,
            '|' if !quoted && depth == 0 => {
                out.push(std::mem::take(&mut current));
                continue;
            }
            _ => {}
        }
        current.push(c);
    }
    out.push(current);
    out.into_iter().map(|a| a.trim().to_string()).collect()
}

/// The words an expression may begin with: its first literals, through groups and rules.
fn first_words(expr: &str) -> Vec<String> {
    let expr = expr.trim().trim_start_matches('&');
    if let Some(inner) = expr.strip_prefix('(') {
        let mut depth = 1;
        let close = inner
            .char_indices()
            .find(|&(_, c)| {
                depth += match c {
                    '(' => 1,
                    ')' => -1,
                    _ => 0,
                };
                depth == 0
            })
            .map_or(inner.len(), |(i, _)| i);
        return alternatives(&inner[..close]).iter().flat_map(|a| first_words(a)).collect();
    }
    if let Some(rest) = expr.strip_prefix("^\"").or_else(|| expr.strip_prefix('"')) {
        return vec![rest.split('"').next().unwrap_or("").to_lowercase()];
    }
    let name: String = expr.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
    alternatives(&rule_body(&name)).iter().flat_map(|a| first_words(a)).collect()
}

#[test]
fn every_verb_begins_with_a_verb_head() {
    let heads: Vec<String> = alternatives(&rule_body("verb_head")).iter().flat_map(|a| first_words(a)).collect();
    let verbs = rule_body("verb");
    let verbs = &verbs[verbs.find('(').expect("the verbs after the test")..];
    for word in first_words(verbs) {
        assert!(heads.iter().any(|h| word.starts_with(h.as_str())), "`{word}` begins no verb_head");
    }
}

#[test]
fn every_effect_is_in_the_group_of_its_letter() {
    let groups: Vec<(String, Vec<String>)> = alternatives(&rule_body("structured_effect"))
        .iter()
        .filter_map(|g| {
            let letter = g.strip_prefix("&^\"")?.chars().next()?.to_string();
            let inner = &g[g.find('(')? + 1..g.rfind(')')?];
            let rules =
                alternatives(inner).iter().map(|a| a.split_whitespace().next().unwrap_or("").to_string()).collect();
            Some((letter, rules))
        })
        .collect();
    assert!(groups.len() > 10, "{groups:?}");
    let rules: Vec<&String> = groups.iter().flat_map(|(_, r)| r).collect();
    for rule in &rules {
        for word in first_words(rule) {
            let letter = word.chars().next().map(|c| c.to_string()).unwrap_or_default();
            let group = groups.iter().find(|(l, _)| *l == letter);
            assert!(
                group.is_some_and(|(_, r)| r.contains(rule)),
                "`{rule}` may begin with `{word}`: not in group `{letter}`"
            );
        }
    }
    // Every verb has its effect in a group.
    let verbs = rule_body("verb");
    for verb in verbs.split(|c: char| !(c.is_alphanumeric() || c == '_')).filter(|w| w.starts_with("k_")) {
        // `be` begins a passive, read after the groups; a game's own verb is a mark, in a
        // group of its own (checked below).
        if matches!(verb, "k_token" | "k_maneuver" | "k_be" | "k_game_verb") {
            continue;
        }
        let words = first_words(verb);
        let found = rules.iter().any(|r| first_words(r).iter().any(|w| words.contains(w)));
        assert!(found, "the verb `{verb}` has no effect in structured_effect");
    }
    assert!(
        rule_body("structured_effect").contains("&\"\\u{1C}\" ~ (game_verb ~ &effect_end)"),
        "a game's own verb, masked, has its group"
    );
    // One order for all groups: two rules in two groups come in the same order in both.
    for (_, a) in &groups {
        for (_, b) in &groups {
            let common: Vec<&String> = a.iter().filter(|r| b.contains(r)).collect();
            let in_b: Vec<&String> = b.iter().filter(|r| a.contains(r)).collect();
            assert_eq!(common, in_b, "two groups order their common rules differently");
        }
    }
}

/// Found by the `ability` fuzz target, whose check was too strict, not the reading: one cost
/// paid for whichever alternative applies is printed once, in the first, and the second
/// alternative, split into a step of its own by its condition, pays the same cost, the
/// same piece of text, outside that step's own words.
#[test]
fn a_cost_shared_by_an_alternative_in_a_step_of_its_own_is_the_first_steps_cost() {
    let text = "Spend 1 [Charge] to gain 1 focus token, or 2 focus tokens if you are stressed.";
    assert_eq!(
        show(text),
        ["unless=you are stressed; spend([Charge])->gain(1|focus token); \
          if=you are stressed; spend([Charge])->gain(2|focus tokens)"]
    );
    let frames = frames(text, &[Span::new(0, text.len())]);
    let [first, second] = frames[0].steps.as_slice() else { panic!("two steps: {:?}", frames[0].steps) };
    let cost = |s: &crate::text::Step| s.clauses[0].costs[0].piece.clone();
    assert_eq!(cost(first), cost(second));
    assert_eq!(cost(first).text, "Spend 1 [Charge]");
    assert!(cost(second).span.end <= second.piece.span.start, "{:?} in {:?}", cost(second), second.piece);
}

/// Found by the `ability` fuzz target: the grammar skipped only the ASCII blanks, so in
/// `If x, <vertical tab>.` it read the tab as a clause, which its piece trimmed to nothing:
/// an empty effect, after the end of its step. A blank is a blank wherever it comes from.
#[test]
fn a_blank_outside_ascii_is_a_blank_not_an_empty_clause() {
    // Nothing follows the condition: the sentence stays whole, as with a space.
    assert_eq!(show("If x, \u{b}."), ["opaque(If x, \u{b}.)"]);
    assert_eq!(show("If x, \u{a0}."), ["opaque(If x, \u{a0}.)"]);
    assert_eq!(show("I and If\0, \u{b}."), ["opaque(I and If\0, \u{b}.)"]);
    // A no-break space between words is a space between them.
    assert_eq!(show("Gain\u{a0}1 focus token."), ["gain(1|focus token)"]);
    assert_eq!(show("If you are stressed,\u{2003}gain 1 focus token."), ["if=you are stressed; gain(1|focus token)"]);
}

#[test]
fn elided_dice_say_more_or_fewer() {
    // The elided part after `roll … fewer` names the dice and whether more or fewer.
    assert_eq!(
        show("While you attack, you must roll 2 fewer attack dice or 2 additional defense dice."),
        ["while=you attack [you:attack()]; you:must roll-fewer(2|attack dice); or you:must roll(2|defense dice)"]
    );
}

/// The grammar's text, for tests of what it must keep true.
const GRAMMAR: &str = include_str!("../../../cardc-grammar/src/ability.pest");

#[test]
fn a_cap_or_a_speed_it_is_not_is_kept_opaque_not_read_as_a_count() {
    // `roll a maximum of 4 dice`: not 1 of "maximum of 4 dice".
    let text = "When you perform a [Missile] attack while disarmed, roll a maximum of 4 dice.";
    let spans: Vec<Span> = crate::syntax::sentences::split(text).into_iter().map(|(s, e)| Span::new(s, e)).collect();
    let read = frames(text, &spans);
    let opaque: Vec<&str> = read.iter().flat_map(Frame::opaque).map(|e| e.piece.text.as_str()).collect();
    assert_eq!(opaque, ["roll a maximum of 4 dice"]);
    // `a non-0 [Stationary] maneuver`: a speed it is not; read as the maneuver it would be
    // any.
    let text = "After a friendly ship reveals a non-0 [Stationary] maneuver, gain 1 focus token.";
    let spans: Vec<Span> = crate::syntax::sentences::split(text).into_iter().map(|(s, e)| Span::new(s, e)).collect();
    let read = frames(text, &spans);
    let events: Vec<String> = read[0].timings.iter().flat_map(|t| t.event.iter()).map(|c| effect(&c.effect)).collect();
    assert_eq!(events, ["opaque(reveals a non-0 [Stationary] maneuver)"]);
    // A count with no cap is read.
    let text = "Roll 2 additional attack dice.";
    let spans: Vec<Span> = crate::syntax::sentences::split(text).into_iter().map(|(s, e)| Span::new(s, e)).collect();
    assert_eq!(frames(text, &spans).iter().flat_map(Frame::opaque).count(), 0);
}
