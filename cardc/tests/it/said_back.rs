//! Readings said back (`cards_runtime::ability_card`): a reading that holds what the card
//! says says the card back, word for word after the documented normalisation; a reading
//! that lost or changed a part parts from the card at the printed word it lost. The
//! expectations are the printed cards themselves.

use std::path::Path;

use cards_runtime::ability::{Ability, Amount, Qualifier};
use cards_runtime::ability_card::{self, RoundTrip};
use cards_runtime::Set;

const GAME: &str = r#"game demo "Demo"
faction rebel "Rebel"
size small "Small"
stat initiative "Initiative"
token focus "focus", evade "evade", stress "stress", lock "lock", strain "strain", deplete "deplete", jam "jam"
resource charge "Charge", shield "shield", force "Force"
action focus "Focus", boost "Boost", lock "Lock", barrel-roll "Barrel Roll", evade "Evade"
die attack "attack", defense "defense"
result hit "Hit", critical-hit "Critical Hit", focus "Focus", evade "Evade"
arc front "Front Arc", bullseye "Bullseye Arc"
phase engagement "Engagement Phase", system "System Phase", end "End Phase"
maneuver bank-left "Bank Left", bank-right "Bank Right", turn-left "Turn Left", turn-right "Turn Right"
header action "Action" optional
header attack "Attack" optional
header setup "Setup"
icon crew "Crew", missile "Missile", torpedo "Torpedo", gunner "Gunner"
allow unused-icon, unequippable-upgrade
"#;

/// Checks a set of one upgrade per text, and returns it.
fn set_of(name: &str, texts: &[&str]) -> Set {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("said_back").join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("game.cards"), GAME).unwrap();
    let cards: String = texts
        .iter()
        .enumerate()
        .map(|(i, t)| format!("upgrade \"Card {i}\" {{\n  icon: crew\n  text {{\n    {t}\n  }}\n}}\n"))
        .collect();
    std::fs::write(dir.join("cards.cards"), cards).unwrap();
    let mut report = cardc::check_paths(&[&dir]).unwrap();
    assert_eq!(report.errors(), 0, "{:?}", report.all_diagnostics().map(|d| &d.message).collect::<Vec<_>>());
    report.sets.remove(0).set.take().unwrap()
}

/// The one ability of card `i`.
fn ability(set: &Set, i: usize) -> &Ability {
    let card = &set.cards[set.card(&format!("card-{i}")).unwrap().0 as usize];
    assert_eq!(card.abilities.len(), 1, "{}", card.id);
    &card.abilities[0]
}

/// Where the reading `a`, said back, parts from its printed text: the printed word, or
/// `None` when they agree.
fn parts_at(set: &Set, a: &Ability) -> Option<String> {
    let said = ability_card::ability(set, a);
    match ability_card::round_trip(&a.text, &said.text) {
        RoundTrip::Exact => None,
        RoundTrip::Differs { printed, .. } => Some(a.text[printed].to_string()),
    }
}

/// Texts whose reading holds everything printed, in the templates X-Wing prints: timings,
/// `may`, costs, a replacement, headers, conditions, lists and colours, a range in an
/// attack's timing, whose dice, facing, slots and verbs that share an object.
const TEMPLATES: &[&str] = &[
    "After you perform a [Barrel Roll] action, you may perform a red [Lock] action.",
    "At the start of the Engagement Phase, you may spend 1 [Charge] to gain 1 evade token.",
    "Before you would gain a focus token, gain an evade token instead.",
    "While you perform an attack, you may change 1 [Focus] result to a [Hit] result.",
    "After you defend, you may acquire a lock on the attacker.",
    "While you perform an attack, if the defender is in your [Bullseye Arc], roll 1 additional attack die.",
    "While you defend, if you are stressed, roll 1 additional defense die.",
    "After you perform an attack, you may spend 1 [Charge] to perform a [Focus] or [Boost] action.",
    "While you perform a primary attack at attack range 1, roll 1 additional attack die.",
    "While you defend at attack range 1, you may spend 1 [Force] to gain 1 evade token.",
    "While another friendly ship at range 0-1 defends, if you are in the attack arc and are not stressed, you may gain 1 focus token.",
    "Attack: If this attack hits, the defender gains 1 stress token.",
    "During the System Phase, you may perform a red [Barrel Roll] or red [Boost] action.",
    "While you defend or perform an attack, you may spend 1 [Force] to change 1 [Focus] result to an [Evade] or [Hit] result.",
    "After you fully execute a maneuver, if you are not depleted or strained, you may gain 1 deplete or strain token to perform a [Lock] or [Barrel Roll] action.",
    "While you perform an attack, you may change 1 of the defender's [Evade] results to a [Focus] result.",
    "At the start of the End Phase, if there is an enemy ship in your [Front Arc], gain 1 focus token.",
    "Add [Torpedo] and [Missile] slots.",
    "Action: Spend 1 [Charge]. Recover 1 shield.",
    // An attack's outcome said with it; a subject the card leaves unwritten; a state the
    // rules define by a token; what has happened this round; two conditions as one; one
    // verb for two costs; a header alone; how it is done.
    "After you perform an attack that hits, gain 1 focus token.",
    "While defending, you may spend 1 [Charge] to gain 1 evade token.",
    "While you defend, if you are focused, roll 1 additional defense die.",
    "During the End Phase, if you have not defended this round, gain 1 evade token.",
    "After you fully execute a maneuver, if you moved through an enemy ship, gain 1 focus token.",
    "While you defend, if the attack range is 1 and you are in the attacker's [Front Arc], roll 1 additional defense die.",
    "After you perform an attack, you may spend 1 [Charge] and 1 focus token to gain 1 evade token.",
    "Attack",
    "After you perform an attack that misses, you may perform a bonus attack using a different weapon.",
    "While you perform an attack, you may spend your lock on the defender to reroll 1 attack die.",
    "At the end of the End Phase, if you have no active [Charge], gain 1 focus token.",
    "While you are stressed, you can still perform [Focus] actions.",
    "While you perform an attack, you may change 1 [Hit] result to a [Critical Hit] result or 1 [Focus] result to a [Hit] result.",
    "After you perform an attack, another friendly ship at range 0-1 may gain 1 stress token. If it does, gain 1 focus token.",
    "You can perform [Focus], [Boost], and [Lock] actions, even while stressed.",
    "Before you would suffer damage, you may spend 2 [Charge]. If you do, gain 1 evade token.",
    "After you perform an attack, you may gain 1 stress and 1 strain token. If you do, gain 1 focus token.",
    // Where a turn may go and nowhere else; a range between ships, not the attack's; how a
    // replaced event comes about; one event of two subjects; counts the player chooses or
    // the step before made; a lock that is yours; an outcome in the past.
    "You can rotate your turret indicator only to your [Front Arc] or [Bullseye Arc].",
    "While you perform an attack at range 1, roll 1 additional attack die.",
    "If you would fail a [Boost] action by overlapping another ship, gain 1 focus token instead.",
    "After you or a friendly ship at range 0-1 defend, gain 1 focus token.",
    "Before you engage, you may spend 1 or more [Charge] to gain that many evade tokens.",
    "While you defend, you may spend 1 [Force] to reroll any number of defense dice.",
    "While you perform an attack, you may spend a lock you have on the defender to reroll 1 attack die.",
    "After you perform an attack that missed, gain 1 focus token.",
    // A thing named before and pointed back at: itself, the same of its kind, what it
    // owns; the ship is you.
    "After you gain a stress token, you may roll 1 attack die to remove it.",
    "Before you would gain a stress token, you may spend 2 [Charge] to gain that token instead.",
    "While you perform an attack, if you are not stressed, you may choose 1 defense die. If you do, the defender must reroll that die.",
    "After you perform an attack, each ship at range 0-1 of the defender gains 1 of its focus tokens.",
    "After a friendly ship at range 0-1 gains a stress token, you may transfer that token to yourself.",
    // What belongs to the ship named before; one of the things named before, unsaid.
    "During the End Phase, you may spend a lock you have on an enemy ship to expose 1 of that ship's damage cards.",
    "While you perform an attack, you may spend 1 [Hit] result to look at the defender's facedown damage cards, choose 1, and expose it.",
    // Ships outnumbering ships, at the range printed once.
    "While you defend, if there are more other friendly ships than enemy ships at range 0-1, you may reroll 1 defense die.",
    // The deed an event comes about by.
    "After you gain a stress token as a result of moving through an obstacle, you may gain 1 focus token.",
    // An attack obstructed, as part of the attack or as a condition.
    "While you perform an attack that is obstructed by an obstacle, roll 1 additional attack die.",
    "While you perform an attack, if the attack is obstructed by an obstacle, roll 1 additional attack die.",
    // What a defence is against, in it or as a condition; a ship's side; a ship you lock.
    "After you defend against an attack obstructed by an asteroid or debris, gain 1 evade token.",
    "While a friendly ship at range 0-3 defends against a damaged attacker, you may gain 1 focus token.",
    "While a friendly ship at range 0-3 defends, if the attacker is damaged, you may gain 1 focus token.",
    "While an enemy ship in your [Front Arc] performs an attack, if the defender is friendly and at range 1-3, you may gain 1 evade token.",
    "While a ship you are locking defends, you may gain 1 stress token.",
    // A window for later; an order to the card's ship; upgrades by their icons; an action
    // treated as another colour.
    "After you perform an attack, you may gain 1 stress token. If you do, at the start of the next End Phase, gain 1 focus token.",
    "During the End Phase, do not remove your focus tokens.",
    "During the End Phase, return all [Crew] upgrades to their original ships.",
    "After you defend, you may perform a [Focus] action, treating that action as red.",
    // What a thing is kept from doing.
    "Before a friendly bomb would detonate, you may spend 1 [Charge] to prevent it from detonating.",
    // What replaces a ship ability is the text printed after.
    "Replace your Autothrusters ship ability with the following:",
    // A role the rules define.
    "You are a wing leader.",
    // What an effect lasts as long as: the attack, the phase it is in.
    "While you perform an attack, you may spend 1 [Charge]. If you do, the defender cannot spend evade tokens during this attack.",
    "After you defend, you may spend 1 [Charge]. If you do, you cannot gain stress tokens until the end of this phase.",
    // A range after the attack, not its attack range; one ship's place, its verb said
    // once; the attack's dice; an order's verb said once for either change.
    "After you defend, if the attacker is at range 0-2, gain 1 focus token.",
    "While you defend, if the attacker is in your [Front Arc] at range 0-2, roll 1 additional defense die.",
    "After you perform an attack that hits, if the defender is in your [Bullseye Arc] and your [Front Arc], the defender gains 1 stress token.",
    "While another friendly ship at range 0-2 performs an attack, if there are 3 or fewer attack dice, it may spend 1 evade token to roll 1 additional attack die.",
    "While you defend, you may spend 1 [Force]. If you do, change 1 [Critical Hit] result to a [Hit] result or 1 [Hit] result to a [Focus] result.",
    // An action added to the bar, or gained; a group counted by a band; the card's ship.
    "While you are stressed, add white [Boost] to your action bar.",
    "While you are stressed, your carrier ship gains [Focus].",
    "Your wingmates must be 3, 4, or 5 Z-95 fighters.",
    "After this ship is destroyed, another friendly ship at range 0-3 may gain 1 focus token.",
    // An event before which the ability happens, said to be about to happen or not.
    "Before an enemy ship at range 0-1 is dealt a faceup damage card, you may spend 1 [Charge]. If you do, that damage card is dealt facedown instead.",
    // A card a ship has, by its name; either of two tests of one subject.
    "After another friendly ship at range 0-2 is destroyed, if that ship is limited or has the Brave upgrade, gain 1 focus token.",
    "While you defend, if there is an enemy ship in your [Front Arc] at range 0-1 or in your [Bullseye Arc], roll 1 additional defense die.",
    "While you defend, if you are equipped with Folded Wings (Open), roll 1 additional defense die.",
    "After you perform a [Focus] action, if you have the Born to Fly ship ability, gain 1 evade token.",
    // Some ships counted in words; two subjects joined, one verb for both.
    "At the start of the Engagement Phase, if there are one or more other ships at range 0, you and each other ship at range 0 gain 1 stress token.",
    // Where either thing goes, printed once.
    "Action: Transfer 1 focus token or 1 stress token to a ship at range 0-2.",
    // A place that is one of several.
    "Before you engage, you may spend 1 focus token to recover 1 [Charge] on 1 of your equipped upgrades.",
    // A list of three alternatives; names printed before their brackets, in two groups.
    "After you defend, you may remove 1 stress token, gain 1 focus token, or recover 1 [Charge].",
    "After you reveal a bank ([Bank Left] or [Bank Right]) or turn ([Turn Left] or [Turn Right]) maneuver, gain 1 focus token.",
    // A sentence and a clause done after the one before; the ship named before, by its
    // name or as `its`.
    "After you perform an attack, gain 1 stress token. Then, if you have 2 or more stress tokens, gain 1 focus token.",
    "After you defend, gain 1 focus token, then gain 1 stress token.",
    "After you perform an attack, you may choose 1 enemy ship at range 0-1. Then, if you are in that ship's [Front Arc], gain 1 stress token.",
    // Ships treated as in an arc; an arc of a ship named with its range; a ship that
    // obstructs; tokens on a card.
    "While you are stressed, you may treat enemy ships in your [Front Arc] as being in your [Bullseye Arc].",
    "After an enemy ship executes a maneuver, if it is in the [Front Arc] of a friendly ship at range 0-2, gain 1 focus token.",
    "While a friendly ship at range 0-2 defends, if you obstruct the attack, the defender rolls 1 additional defense die.",
    "During the End Phase, if there are 2 or more focus tokens on this card, gain 1 evade token.",
    // Upgrades a ship has equipped, by their icon.
    "After you defend, you may assign 1 of your equipped [Crew] upgrades to the attacker.",
    "Before you engage, you may spend 1 focus token to recover 1 [Charge] on 1 of your equipped [Missile] upgrades.",
    // A move done as a verb, with the reminder that it is no action.
    "After you defend, you may spend 1 [Charge] to boost (this is not an action).",
    // Where an arc indicator points.
    "While you defend, if your [Bullseye Arc] indicator is in your [Front Arc], roll 1 additional defense die.",
    // A lock some ship of a side has.
    "While you defend, if there is a friendly lock on the attacker, roll 1 additional defense die.",
    // No lock, as the state of being locked, either way.
    "After an enemy ship at range 0-2 gains a stress token, if you do not have that ship locked, you may acquire a lock on that ship.",
    "While you defend, if you are not locked by the attacker, you may gain 1 evade token.",
    // Tokens assigned to a ship named by its role, the ship first.
    "After you defend, you may spend 1 [Charge] to assign the attacker 1 stress token.",
    // A rule that does not apply to the ship.
    "This ship is not affected by the Heavy restriction.",
    // Either of two phases.
    "During the System or End Phase, you may gain 1 focus token.",
    // A change, worded as a conversion.
    "While you perform an attack, you may convert 1 [Focus] result to a [Hit] result.",
    // A requirement not needed, a cost not paid.
    "After you perform an attack, you may perform a bonus attack against the defender, ignoring the [Lock] requirement.",
    "After you perform an attack, you may spend 1 [Force] to perform a bonus attack without paying the [Charge] cost.",
    // Ships that each do it, once each.
    "While you defend, up to 3 of your wingmates in the attack arc may each gain 1 stress token to cancel 1 [Hit] result.",
    // The parity of a revealed speed; one ship behind another; sizes compared; an action
    // on a ship's action bar.
    "While you perform an attack, if the speed of your revealed maneuver is odd, roll 1 additional attack die.",
    "While you defend, if the attacker is behind you, gain 1 focus token.",
    "While you defend, if the attacker is a smaller size than you, roll 1 additional defense die.",
    "After another friendly ship at range 0-2 performs an action, if that action is on your action bar, you may gain 1 stress token to perform that action.",
    // Another ship's pilot ability, had as well as one's own.
    "While you are stressed, your carrier ship has your pilot ability in addition to its own.",
    "You have the pilot ability of each other friendly ship with the Brave upgrade.",
    // Results neutralized or cancelled in an order of the card's own.
    "While you perform an attack, [Hit] results are neutralized before [Critical Hit] results.",
    "During the End Phase, [Focus] results are canceled before [Evade] results.",
    // A thing named aloud; cards drawn, a list that replaces an event as a whole.
    "After you defend, you may spend 1 [Charge] and name a result.",
    "If you would be dealt a facedown damage card, instead draw 2 damage cards, choose 1, and discard the rest.",
    // What some dice show: the die rerolled, the roll, every one of yours.
    "While you perform an attack, you may spend 1 [Charge] to reroll 1 attack die. If the rerolled result is a [Hit] result, gain 1 stress token.",
    "Before you roll defense dice, you may spend 1 [Charge] and name a result. If the roll does not contain the named result, gain 1 focus token.",
    "While you defend, if you have only [Focus] results and have 3 or more results, you may reroll 1 defense die.",
    // Where a ship or thing is placed or starts: an area, anywhere in it, bands of other
    // things in a list, touching; the range a verb reaches, printed once for two verbs; a band that
    // replaces the rules' band; a band that would otherwise forbid it.
    "Setup: You can be placed anywhere in the play area beyond range 2 of enemy ships.",
    "Setup: You can be placed anywhere in the play area beyond range 2 of debris, beyond range 1 of enemy ships, and beyond range 4 of the enemy table edge.",
    "Setup: After placing forces, you may choose 1 obstacle in the play area. If you do, place it anywhere in the play area beyond range 1 of any ship and beyond range 2 of other debris.",
    "Setup: You are placed in reserve.",
    "Setup: You start in reserve.",
    "At the end of Setup, you are placed in the play area at range 1-2 of a friendly ship.",
    "Before you would drop a bomb, you may place it in the play area touching you instead.",
    "At the end of Setup, you may choose any number of other friendly ships at range 0-2. If you do, place those ships anywhere in the same deployment area.",
    "You can acquire locks beyond range 2.",
    "You cannot acquire locks at range 0.",
    "You can acquire locks and perform primary attacks at range 1-5.",
    "Attack: This attack can be performed at range 4.",
    "You can acquire locks at range 1-5 instead of at range 0-3.",
    "You can perform primary attacks even while at range 0 of debris.",
    // Things one verb puts in one place; a colour an action counts as; how many dice a
    // ship rolled; all of a ship's tokens; speeds of one bearing; what is counted, first;
    // a maneuver executed as another; another thing of a kind; the enemy ship's lock.
    "Setup: Place 1 focus, 1 evade, and 1 stress token on this card.",
    "After you defend, you may perform 1 action on your action bar as a red action, even if you are stressed.",
    "After you defend, if you did not roll exactly 2 defense dice, gain 1 focus token.",
    "While another friendly ship at range 0-2 performs an attack, if the attacker rolled 2 or fewer attack dice, it may gain 1 stress token to roll 1 additional attack die.",
    "After you are destroyed, you may transfer each of your focus and evade tokens to another friendly ship at range 0-2.",
    "After you execute a 1 [Bank Left] or 2 [Bank Left] maneuver, gain 1 focus token.",
    "During the End Phase, for each focus token you remove, gain 1 stress token.",
    "While you would execute a [Turn Left] maneuver, you may gain 1 stress token. If you do, execute it as a [Bank Left] maneuver instead.",
    "After you repair a faceup damage card, you may repair another faceup damage card.",
    "While you defend, you may spend your lock on the enemy ship to reroll 1 defense die.",
];

#[test]
fn a_reading_that_holds_the_card_says_it_back() {
    let set = set_of("templates", TEMPLATES);
    let mut wrong = Vec::new();
    for (i, printed) in TEMPLATES.iter().enumerate() {
        let a = ability(&set, i);
        let said = ability_card::ability(&set, a);
        if let Some(word) = parts_at(&set, a) {
            wrong.push(format!("{printed}\n  said back: {}\n  parts at `{word}`", said.text));
        }
        // Nothing printed was copied: every word it keeps is a noun's own.
        assert_eq!(said.opaque, 0, "{printed}");
    }
    assert!(wrong.is_empty(), "{} of {} did not round-trip:\n{}", wrong.len(), TEMPLATES.len(), wrong.join("\n"));
}

#[test]
fn a_reading_that_lost_a_part_parts_from_the_card_where_it_lost_it() {
    let set = set_of("lost", TEMPLATES);
    // The colour of the action performed.
    let mut a = ability(&set, 0).clone();
    let clause = &mut a.steps.to_mut()[0].clauses.to_mut()[0];
    let noun = clause.effect.noun.as_mut().unwrap();
    noun.marks.to_mut().clear();
    clause.effect.color = None;
    assert_eq!(parts_at(&set, &a).as_deref(), Some("red"));
    // `may`: a mandatory reading of an optional clause.
    let mut a = ability(&set, 0).clone();
    a.steps.to_mut()[0].clauses.to_mut()[0].qualifier = Qualifier::None;
    a.optional = false;
    assert_eq!(parts_at(&set, &a).as_deref(), Some("may"));
    // The amount of an effect.
    let mut a = ability(&set, 1).clone();
    a.steps.to_mut()[0].clauses.to_mut()[0].effect.amount = Some(Amount::Exactly(2));
    assert_eq!(parts_at(&set, &a).as_deref(), Some("1"));
    // A condition dropped.
    let mut a = ability(&set, 5).clone();
    a.steps.to_mut()[0].conditions.to_mut().clear();
    assert_eq!(parts_at(&set, &a).as_deref(), Some("if"));
    // A cost read as a separate clause: no longer paid for the effect.
    let mut a = ability(&set, 1).clone();
    let clause = &mut a.steps.to_mut()[0].clauses.to_mut()[0];
    clause.costs.to_mut().clear();
    assert_eq!(parts_at(&set, &a).as_deref(), Some("spend"));
    // `up to 1` is not `1`.
    let mut a = ability(&set, 3).clone();
    a.steps.to_mut()[0].clauses.to_mut()[0].effect.amount = Some(Amount::UpTo(1));
    assert_eq!(parts_at(&set, &a).as_deref(), Some("1"));
}

#[test]
fn a_reading_that_lost_then_parts_at_then() {
    let texts = [
        "After you perform an attack, gain 1 stress token. Then, if you have 2 or more stress tokens, gain 1 focus token.",
        "After you defend, gain 1 focus token, then gain 1 stress token.",
    ];
    let set = set_of("then", &texts);
    let mut a = ability(&set, 0).clone();
    assert!(a.steps[1].then, "{:?}", a.steps);
    a.steps.to_mut()[1].then = false;
    assert_eq!(parts_at(&set, &a).as_deref(), Some("Then"));
    let mut a = ability(&set, 1).clone();
    assert!(a.steps[0].clauses[1].then, "{:?}", a.steps);
    a.steps.to_mut()[0].clauses.to_mut()[1].then = false;
    assert_eq!(parts_at(&set, &a).as_deref(), Some("then"));
}

#[test]
fn a_reading_that_lost_each_parts_at_each() {
    let texts = ["While you defend, up to 2 of your wingmates may each gain 1 stress token to cancel 1 [Hit] result."];
    let set = set_of("each", &texts);
    let mut a = ability(&set, 0).clone();
    assert!(a.steps[0].clauses[0].each, "{:?}", a.steps);
    a.steps.to_mut()[0].clauses.to_mut()[0].each = false;
    assert_eq!(parts_at(&set, &a).as_deref(), Some("each"));
}

#[test]
fn words_the_reading_does_not_hold_are_reported_where_they_are_printed() {
    // `2 or fewer` is no amount the model holds: the reading keeps the count opaque and
    // parts from the card there.
    let text = "At the start of the Engagement Phase, you may choose 2 or fewer friendly ships at range 0-2. Each chosen ship gains 1 focus token.";
    let set = set_of("unheld", &[text]);
    let a = ability(&set, 0);
    assert_eq!(parts_at(&set, a).as_deref(), Some("fewer"));
    // A count in a noun's words (`a number of defense dice up to the number of …`) is not
    // held, so it is never said back as printed. (`assign the defender 1 jam token`, the one
    // silent wrong reading of the blind sample of 2026-11-27, is now read: the ship and the
    // count are held, and it says back as printed in `TEMPLATES`.)
    let text =
        "While you defend, you may reroll a number of defense dice up to the number of enemy ships at range 0-1.";
    let count = set_of("unheld-count", &[text]);
    assert!(parts_at(&count, ability(&count, 0)).is_some());
    // The lint says so at that word, with the ability said back in its help.
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("said_back").join("unheld");
    let report = cardc::check_paths(&[&dir]).unwrap();
    let notes: Vec<&cardc::Diagnostic> = report.all_diagnostics().filter(|d| d.code.id == "N0003").collect();
    assert_eq!(notes.len(), 1);
    assert_eq!(notes[0].message, "the reading parts from the card at `fewer`");
    let help = notes[0].help.as_deref().unwrap_or_default();
    assert!(help.starts_with("said back: At the start of the Engagement Phase, you may choose"), "{help}");
}

#[test]
fn a_kept_phrase_shows_in_the_reading_and_parts_the_round_trip() {
    // `at attack range 1` after a lock has no place in the model: kept as its words, shown
    // after the effect it follows, and said back opaque.
    let text = "You cannot acquire locks at attack range 1.";
    let set = set_of("kept", &[text]);
    let a = ability(&set, 0);
    let notation = cards_runtime::ability_text::ability(&set, a);
    assert!(notation.contains("kept \"at attack range 1\""), "{notation}");
    assert_eq!(parts_at(&set, a).as_deref(), Some("at"));
}

#[test]
fn a_passive_lock_is_said_with_its_agent() {
    // `is locked by an enemy ship`: the enemy ship locks; it is not the one locked.
    let text = "After a friendly ship at range 0-3 is locked by an enemy ship, you may perform a [Lock] action.";
    let set = set_of("passive-lock", &[text]);
    assert_eq!(parts_at(&set, ability(&set, 0)), None);
}

#[test]
fn slots_gained_by_count_are_said_with_their_counts() {
    // `Gain 1 [Torpedo] slot and 1 [Missile] slot`: each slot one, as printed; the two
    // slots of `Add [Torpedo] and [Missile] slots` (no count printed) are said together.
    let counted = "Gain 1 [Torpedo] slot and 1 [Missile] slot.";
    let set = set_of("counted-slots", &[counted, "Add [Torpedo] and [Missile] slots."]);
    let said = ability_card::ability(&set, ability(&set, 0)).text;
    assert_eq!(said, "Add a [Torpedo] slot, and add a [Missile] slot.");
    assert_eq!(ability_card::ability(&set, ability(&set, 1)).text, "Add [Torpedo] and [Missile] slots.");
}
