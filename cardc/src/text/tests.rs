use super::*;

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
            for t in &f.timings {
                parts.push(format!("{}={}", t.when, t.what.text));
            }
            if let Some(r) = &f.replacement {
                parts.push(format!("replace[{}]={}", r.kind.text.to_lowercase(), r.event.text));
            }
            for s in &f.steps {
                if let Some(c) = &s.condition {
                    parts.push(format!("if={}", c.text));
                }
                for c in &s.clauses {
                    let mut clause = String::new();
                    if let Some(s) = &c.subject {
                        clause.push_str(&format!("{}:", s.text));
                    }
                    if let Some(q) = &c.qualifier {
                        clause.push_str(&format!("{} ", q.text));
                    }
                    if let Some(cost) = &c.cost {
                        clause.push_str(&format!(
                            "{}({})->",
                            cost.kind.as_str(),
                            cost.noun.as_ref().map_or("", |n| &n.text)
                        ));
                    }
                    let e = &c.effect;
                    let what = match e.kind {
                        EffectKind::Opaque => e.piece.text.clone(),
                        _ => [&e.amount, &e.noun, &e.to, &e.action, &e.facing]
                            .iter()
                            .filter_map(|p| p.as_ref().map(|p| p.text.as_str()))
                            .collect::<Vec<_>>()
                            .join("|"),
                    };
                    clause.push_str(&format!("{}({what})", e.kind.as_str()));
                    if let Some(d) = &c.duration {
                        clause.push_str(&format!(" {}", d.text));
                    }
                    parts.push(clause);
                }
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
            vec!["after=you perform an action; you:may spend([Force])->perform(an)"],
        ),
        ("After you become the defender, you may recover 1 [Force].", vec!["after=you become the defender; you:may recover(1|[Force])"]),
        (
            "Before you would be dealt a faceup damage card, you may spend 1 [Charge] to be dealt the card facedown instead.",
            vec!["replace[before]=be dealt a faceup damage card; you:may spend([Charge])->be-dealt(the card|facedown)"],
        ),
        (
            "If a friendly ship at range 0-3 would gain a focus token, it may gain 1 evade token instead.",
            vec!["replace[if]=gain a focus token; it:may gain(1|evade token)"],
        ),
        ("Setup: Lose 1 [Charge].\nAction: Spend 1 [Charge] to recover 1 shield.", vec!["header=Setup; lose(1|[Charge])", "header=Action; spend([Charge])->recover(1|shield)"]),
        ("Before you would gain a focus token, gain an evade token instead.", vec!["replace[before]=gain a focus token; gain(an|evade token)"]),
        (
            "While you boost or barrel roll, you can move through and overlap obstacles.",
            vec!["while=you boost or barrel roll; you:can opaque(move through); opaque(overlap obstacles)"],
        ),
        ("At the start of the Engagement Phase, you may perform a [Barrel Roll] action.", vec!["at the start of=the Engagement Phase; you:may perform(a|[Barrel Roll])"]),
        ("While you perform an attack, you may reroll 1 attack die.", vec!["while=you perform an attack; you:may reroll(1|attack die)"]),
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
            vec!["once-per=round; after=you perform an attack; you:must gain(1|stress token)"],
        ),
        ("During the System Phase, you may perform a [Coordinate] action.", vec!["during=the System Phase; you:may perform(a|[Coordinate])"]),
        (
            "While you perform a primary attack against a defender you have locked, roll 1 additional attack die and change 1 [Hit] result to a [Critical Hit] result.",
            vec!["while=you perform a primary attack against a defender you have locked; roll(1|attack die); change(1|[Hit] result|[Critical Hit] result)"],
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
