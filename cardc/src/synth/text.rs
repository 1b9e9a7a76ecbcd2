//! The synthetic cards' printed text: sentences in the style of the real cards.

use super::Dice;

pub(super) const FIGHTER_TEXT: &[&str] = &[
    "After you perform a [Barrel Roll] action, you may perform a red [Boost] action.",
    "While you perform a primary attack, if the defender is in your [Bullseye Arc], you may change 1 [Hit] result to a [Critical Hit] result.",
    "At the start of the Engagement Phase, you may spend 1 [Force] to gain 1 focus token.",
    "After you become the defender, you may recover 1 [Force].",
    "While you defend, you may spend 1 [Charge] to change 1 blank result to an [Evade] result.",
    "Before you would be dealt a faceup damage card, you may spend 1 [Charge] to be dealt the card facedown instead.",
    "If a friendly ship at range 0-{r} would gain a stress token, it may gain 1 strain token instead.",
    "At the end of the Engagement Phase, each enemy ship at range 0-1 gains 1 ion token.",
    "Action: Spend 1 [Charge] to recover 1 shield.",
    "Setup: Lose 1 [Charge].",
    "Attack ([Lock]): Spend 1 [Charge]. Change {n} [Hit]/[Critical Hit] results to [Critical Hit] results.",
    "Once per round, after a friendly ship at range 0-{r} is destroyed, you may acquire a lock on the ship that destroyed it.",
    "During the System Phase, you may perform a [Calculate] action.",
    "While you perform an attack, you may reroll up to {n} attack dice.",
    "After you fully execute a red maneuver, gain 1 focus token.",
    "Attack: If this attack hits, the defender cannot spend evade tokens until the end of the Engagement Phase.",
    "At the start of the End Phase, you may remove 1 stress token from a friendly ship at range 0-{r}.",
    "While an enemy ship at range 1-{r} defends, it cannot spend focus tokens.",
    "After you perform a [Focus] action, you may transfer 1 of your focus tokens to a friendly ship at range 1-{r}.",
    "While you boost or barrel roll, you can move through and overlap obstacles.",
];

pub(super) const CAPITAL_TEXT: &[&str] = &[
    "At the start of the Ship Phase, you may discard 1 command dial from this card.",
    "While attacking, you may exhaust this card to reroll your attack pool.",
    "You can attack from the same hull zone more than once per activation.",
    "At the start of the Status Phase, you may discard this card to discard up to {n} of your facedown damage cards.",
    "When you reveal a command dial, you may spend 1 [Charge] to gain 1 additional command token of that type.",
    "While defending at close range, the first [Critical Hit] result cannot be spent this round.",
    "While attacking a ship at medium range, you may add 1 [Accuracy] result to your attack pool.",
    "Once per round, while a friendly ship at distance 1-{r} is attacking, it may reroll 1 red die.",
    "When you activate, you may exhaust this card to resolve a Navigate command without spending a command dial.",
    "At the end of the Command Phase, each friendly ship at distance 1-{r} may gain 1 focus token.",
];

pub(super) const ABILITIES: &[(&str, &str)] = &[
    (
        "Advanced Targeting Computer",
        "While you perform a primary attack against a defender you have locked, roll 1 additional attack die and change 1 [Hit] result to a [Critical Hit] result.",
    ),
    ("Autothrusters", "After you perform an action, you may perform a red [Boost] action."),
    ("Full Throttle", "After you fully execute a speed 3-5 maneuver, you may perform an [Evade] action."),
    (
        "Refined Gyrostabilizers",
        "You can rotate your [Single Turret Arc] indicator only to your [Front Arc] or [Rear Arc].",
    ),
    (
        "Concordia Faceoff",
        "While you defend, if the attack range is 1 and you are in the attacker's [Front Arc], change 1 result to an [Evade] result.",
    ),
    (
        "Networked Calculations",
        "While you defend or perform an attack, you may spend 1 calculate token from a friendly ship at range 0-1 to change 1 [Focus] result to an [Evade] or [Hit] result.",
    ),
    (
        "Stygium Array",
        "After you decloak, you may perform an [Evade] action. At the start of the End Phase, you may spend 1 evade token to gain 1 cloak token.",
    ),
    (
        "Locked and Loaded",
        "While you are docked, after your carrier ship performs a primary attack, it may perform a bonus primary attack.",
    ),
];

/// 1 to 3 sentences from `pool`, numbers filled in: the lines of a card's text.
pub(super) fn text_lines(d: &mut Dice, pool: &[&str]) -> Vec<String> {
    let count = 1 + d.below(3);
    let picked: Vec<usize> = (0..pool.len()).collect();
    let mut lines = Vec::with_capacity(count);
    for i in d.distinct(&picked, count) {
        lines.push(pool[i].replace("{n}", &d.range(1, 3).to_string()).replace("{r}", &d.range(1, 3).to_string()));
    }
    lines
}
