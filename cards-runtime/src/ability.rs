//! Abilities: a card's printed text, read the way the rules read it.
//!
//! cardc parses each `text { … }` block into ability frames and lowers them to these
//! types; generated code holds them [packed](crate::packed), and the `engine` (feature `engine`)
//! resolves them against a game's state. A clause the grammar could not structure is an
//! [`EffectKind::Opaque`] effect that keeps its text: nothing printed is dropped.

use crate::model::vocab::{List, Text, VocabKind};
use crate::packed::packed;

/// What an effect does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum EffectKind {
    /// Gain N of a token or resource.
    Gain,
    /// Spend N of a token or resource.
    Spend,
    /// Remove N of a token or resource.
    Remove,
    /// Lose N of a token or resource.
    Lose,
    /// Recover N of a resource.
    Recover,
    /// Roll N additional dice.
    Roll,
    /// Reroll (up to) N dice.
    Reroll,
    /// Change N results to other results.
    Change,
    /// Perform an action (or an attack).
    Perform,
    /// Acquire a lock.
    Lock,
    /// Suffer N damage.
    Suffer,
    /// Be dealt a damage card faceup or facedown.
    Dealt,
    /// Exhaust this card.
    Exhaust,
    /// Discard this card (or N cards).
    Discard,
    /// Roll N fewer dice (`roll 1 fewer defense die`).
    RollFewer,
    /// Roll N dice of their own, not added to an attack or defense (`roll 2 defense dice`).
    RollDice,
    /// Choose a ship, object or card (`choose a friendly ship at range 0-3`); the noun is what is chosen.
    Choose,
    /// Assign N tokens to a ship (the effect's target).
    Assign,
    /// Transfer N tokens from a ship (`from`) to another (the target).
    Transfer,
    /// Flip a card (`flip this card`).
    Flip,
    /// Equip a card's side (`Equip this side faceup`).
    Equip,
    /// Add upgrade slots (`Add [Crew] slot`).
    AddSlot,
    /// Add an action to the action bar (`add white [Boost] to your action bar`); the
    /// effect's `action` and `color` say which.
    AddAction,
    /// Add N results to the dice (`add 1 [Focus] result`).
    AddResult,
    /// Cancel N dice results (or an attack).
    Cancel,
    /// Rotate a turret arc indicator or the ship (`rotate 90°`); the target is where to.
    Rotate,
    /// Drop a device.
    Drop,
    /// Launch a device.
    Launch,
    /// Place a device or marker (on the target).
    Place,
    /// Repair N damage cards (or hull, shields).
    Repair,
    /// Treat something as something else (`treat that action as red`): the noun, and what it becomes in `to`.
    Treat,
    /// Ignore something (`ignore obstacles`).
    Ignore,
    /// Execute a maneuver.
    Execute,
    /// Jam a ship or object.
    Jam,
    /// Expose N damage cards.
    Expose,
    /// Increase a value or difficulty (to the target, when given).
    Increase,
    /// Reduce a value or difficulty (to the target, when given).
    Reduce,
    /// Skip a step (`skip your Perform Action step`).
    Skip,
    /// Move through something (`move through obstacles`).
    MoveThrough,
    /// Overlap something (`overlap obstacles`).
    Overlap,
    /// Deal N damage cards (faceup or facedown) to a ship (the target).
    Deal,
    /// Be destroyed (`the chosen ship is destroyed`).
    Destroyed,
    /// Become a role (`you become the defender`); the noun is the role.
    Become,
    /// Be a role the rules define while the ability is in force (`You are a wing
    /// leader.`); the noun is the role.
    Be,
    /// Engage (`engage at initiative 7`).
    Engage,
    /// Coordinate a ship (the coordinate action, as a verb).
    Coordinate,
    /// Boost (the boost action, as a verb).
    Boost,
    /// Barrel roll (the barrel roll action, as a verb).
    BarrelRoll,
    /// Defend: mostly a timing's event (`after you defend`).
    Defend,
    /// Attack, as a verb (`you can attack from the same hull zone …`).
    Attack,
    /// Reveal a dial or maneuver.
    Reveal,
    /// Declare an attack or a defender.
    Declare,
    /// Activate: mostly a timing's event (`before you activate`).
    Activate,
    /// Use a template, an ability or a card (`use the [1 [Turn Left]] template`).
    Use,
    /// Set a dial (`set your dial to another maneuver`); the target is what it is set to.
    Set,
    /// Replace an ability or card with another (the target).
    Replace,
    /// Reload N charges (`reload 1 [Charge]`).
    Reload,
    /// Prevent N damage.
    Prevent,
    /// Return cards or ships (to the target).
    Return,
    /// Dock, or let ships dock (`dock up to 2 small ships`).
    Dock,
    /// Apply a bonus or effect (`apply the range bonus`).
    Apply,
    /// Maintain N locks.
    Maintain,
    /// Resolve an effect or card.
    Resolve,
    /// Look at cards or a dial (`look at that ship's dial`).
    Look,
    /// Modify dice (`modify 1 of its dice`), or passive (`your dice cannot be modified`).
    Modify,
    /// Decloak (`while you decloak`).
    Decloak,
    /// Cloak (`you cloak`).
    Cloak,
    /// Deploy from a carrier (`after you deploy`, `after a ship deploys from you`).
    Deploy,
    /// Move: change position by any means (`while you move`).
    Move,
    /// Sideslip (`after you barrel roll or sideslip`).
    Sideslip,
    /// Fail an action (`after you fail an action`).
    Fail,
    /// A device detonates (`after a friendly bomb detonates`).
    Detonate,
    /// Obstruct an attack (`while you obstruct an enemy ship's attack`).
    Obstruct,
    /// Results inflict damage or tokens (`[Hit] results inflict ion tokens`).
    Inflict,
    /// Partially execute a maneuver (`after you partially execute a maneuver`).
    PartiallyExecute,
    /// Flee the play area (`if you would flee`).
    Flee,
    /// Have another ship's pilot ability as well as one's own (`your carrier ship has your
    /// pilot ability`, `you have the pilot ability of each other friendly ship with …`): the
    /// noun is the ability, `from` the ship whose it is.
    HaveAbility,
    /// Results are neutralized: in the Neutralize Results step, \[Evade\] results cancel
    /// \[Hit\] and \[Critical Hit\] results in pairs (`[Critical Hit] results are neutralized
    /// before [Hit] results`, `if 1 or more [Hit] results were neutralized`). Only those
    /// the step cancels, not those an ability cancels.
    Neutralize,
    /// Draw N cards from the top of a deck (`draw 3 damage cards`).
    Draw,
    /// Apply to a ship, said of a rule or an effect; mostly passive and negated (`This ship
    /// is not affected by the Standardized restriction`: the rule does not apply to it). The
    /// agent, after `by`, is the rule.
    Affect,
    /// Name a thing aloud, a choice the players hear (`name a result`, `name a type of
    /// green token`); the noun is the kind of thing named, what is named is the player's.
    Name,
    /// Begin the game somewhere other than where Setup places a ship (`Start in reserve`);
    /// the effect's provisos say where.
    Start,
    /// A verb the game declares (`verb heal`), by its index in [`Set::verbs`](crate::model::Set::verbs):
    /// read as the built-in verbs are (an amount, what it acts on, a target), carried out by
    /// the game.
    Game(u16),
    /// Not structured: kept as text.
    Opaque,
}
packed! {
    enum EffectKind {
        Gain, Spend, Remove, Lose, Recover, Roll, Reroll, Change, Perform, Lock, Suffer, Dealt, Exhaust, Discard,
        RollFewer, RollDice, Choose, Assign, Transfer, Flip, Equip, AddSlot, AddAction, AddResult, Cancel, Rotate,
        Drop, Launch, Place, Repair, Treat, Ignore, Execute, Jam, Expose, Increase, Reduce, Skip, MoveThrough, Overlap,
        Deal, Destroyed, Become, Be, Engage, Coordinate, Boost, BarrelRoll, Defend, Attack, Reveal, Declare, Activate,
        Use, Set, Replace, Reload, Prevent, Return, Dock, Apply, Maintain, Resolve, Look, Modify, Decloak, Cloak,
        Deploy, Move, Sideslip, Fail, Detonate, Obstruct, Inflict, PartiallyExecute, Flee, HaveAbility, Neutralize,
        Draw, Affect, Name, Start, Game(x), Opaque
    }
}

impl EffectKind {
    /// The kebab-case name used in JSON.
    pub fn as_str(self) -> &'static str {
        match self {
            EffectKind::Gain => "gain",
            EffectKind::Spend => "spend",
            EffectKind::Remove => "remove",
            EffectKind::Lose => "lose",
            EffectKind::Recover => "recover",
            EffectKind::Roll => "roll",
            EffectKind::Reroll => "reroll",
            EffectKind::Change => "change",
            EffectKind::Perform => "perform",
            EffectKind::Lock => "acquire-lock",
            EffectKind::Suffer => "suffer",
            EffectKind::Dealt => "be-dealt",
            EffectKind::Exhaust => "exhaust",
            EffectKind::Discard => "discard",
            EffectKind::RollFewer => "roll-fewer",
            EffectKind::RollDice => "roll-dice",
            EffectKind::Choose => "choose",
            EffectKind::Assign => "assign",
            EffectKind::Transfer => "transfer",
            EffectKind::Flip => "flip",
            EffectKind::Equip => "equip",
            EffectKind::AddSlot => "add-slot",
            EffectKind::AddResult => "add-result",
            EffectKind::AddAction => "add-action",
            EffectKind::Cancel => "cancel",
            EffectKind::Rotate => "rotate",
            EffectKind::Drop => "drop",
            EffectKind::Launch => "launch",
            EffectKind::Place => "place",
            EffectKind::Repair => "repair",
            EffectKind::Treat => "treat",
            EffectKind::Ignore => "ignore",
            EffectKind::Execute => "execute",
            EffectKind::Jam => "jam",
            EffectKind::Expose => "expose",
            EffectKind::Increase => "increase",
            EffectKind::Reduce => "reduce",
            EffectKind::Skip => "skip",
            EffectKind::MoveThrough => "move-through",
            EffectKind::Overlap => "overlap",
            EffectKind::Deal => "deal",
            EffectKind::Destroyed => "destroyed",
            EffectKind::Become => "become",
            EffectKind::Be => "be",
            EffectKind::Engage => "engage",
            EffectKind::Coordinate => "coordinate",
            EffectKind::Boost => "boost",
            EffectKind::BarrelRoll => "barrel-roll",
            EffectKind::Defend => "defend",
            EffectKind::Attack => "attack",
            EffectKind::Reveal => "reveal",
            EffectKind::Declare => "declare",
            EffectKind::Activate => "activate",
            EffectKind::Use => "use",
            EffectKind::Set => "set",
            EffectKind::Replace => "replace",
            EffectKind::Reload => "reload",
            EffectKind::Prevent => "prevent",
            EffectKind::Return => "return",
            EffectKind::Dock => "dock",
            EffectKind::Apply => "apply",
            EffectKind::Maintain => "maintain",
            EffectKind::Resolve => "resolve",
            EffectKind::Modify => "modify",
            EffectKind::Look => "look",
            EffectKind::Decloak => "decloak",
            EffectKind::Cloak => "cloak",
            EffectKind::Deploy => "deploy",
            EffectKind::Move => "move",
            EffectKind::Sideslip => "sideslip",
            EffectKind::Fail => "fail",
            EffectKind::Detonate => "detonate",
            EffectKind::Obstruct => "obstruct",
            EffectKind::Inflict => "inflict",
            EffectKind::PartiallyExecute => "partially-execute",
            EffectKind::Flee => "flee",
            EffectKind::HaveAbility => "have-ability",
            EffectKind::Neutralize => "neutralize",
            EffectKind::Draw => "draw",
            EffectKind::Affect => "affect",
            EffectKind::Name => "name",
            EffectKind::Start => "start",
            EffectKind::Game(_) => "game",
            EffectKind::Opaque => "opaque",
        }
    }
}

impl std::fmt::Display for EffectKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A byte range in a card file of the set.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct SourceSpan {
    /// Start, in bytes from the start of the file.
    pub start: u32,
    /// End (exclusive).
    pub end: u32,
}
packed! { struct SourceSpan { start, end } }

/// A vocabulary entry a noun names: `[Charge]` is resource `charge`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct VocabRef {
    /// Which list.
    pub kind: VocabKind,
    /// The entry's index in that list.
    pub index: u16,
}
packed! { struct VocabRef { kind, index } }

/// What an effect acts on: `1 [Charge]`, `evade tokens`, `[Hit]/[Critical Hit] results`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Noun {
    /// As written.
    pub text: Text,
    /// The vocabulary entries it names. Empty when it names nothing the game declares
    /// (`damage`, `obstacles`).
    pub refs: List<VocabRef>,
    /// The entries are a choice of one (`a focus or evade token`, `[Left Arc] or [Right
    /// Arc]`); otherwise two or more mean any combination of them (`[Hit]/[Critical Hit]`).
    pub choice: bool,
    /// What is printed with each entry, in the order of `refs`: its colour and speed (`a
    /// white 2 [Straight], 1 [Bank Left], or 1 [Bank Right]`). Empty when nothing is. A noun
    /// with no entry may have one mark: the colour printed in its words (`another non-red
    /// maneuver`), taken out of them.
    pub marks: List<Mark>,
    /// Words before its entries that say which of them (`1 active [Charge]`, `1 additional
    /// [Charge]`, `1 non-recurring [Charge]`). Empty for a noun that names no entry: its
    /// words keep them.
    pub adjectives: List<Adjective>,
    /// How it points back at what the ability named before it (`it`, `that token`, `its
    /// effects`), or `None` for a thing named here. Its other fields then say what that
    /// was.
    #[cfg_attr(feature = "serde", serde(default))]
    pub back: Option<Back>,
}
packed! { struct Noun { text, refs, choice, marks, adjectives, back } }

/// How a noun points back at a thing the ability named before it: the engine takes the
/// thing named, not another of its kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Back {
    /// `it`: the thing itself.
    It,
    /// `them`: the things themselves.
    Them,
    /// `that token`, `those dice`: the same thing, by its kind.
    That,
    /// `its effects`, `their dice`: what belongs to the thing named before.
    Its,
    /// `that ship's damage cards`: what belongs to the ship named before, named so.
    ThatShips,
    /// `choose 1`: some of the things named before, their noun left unsaid.
    Of,
}
packed! { enum Back { It, Them, That, Its, ThatShips, Of } }

/// A word that says which of the things a noun names.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Adjective {
    /// `active`: a charge or Force that can be spent.
    Active,
    /// `inactive`: one spent and not yet recovered.
    Inactive,
    /// `recurring`: a charge that recovers each End Phase.
    Recurring,
    /// `non-recurring`: a charge that does not.
    NonRecurring,
    /// `additional`: one more than the rules or the ability would otherwise give.
    Additional,
    /// `equipped`: an upgrade a ship has equipped (`1 of your equipped [Talent] upgrades`),
    /// not one in the squad's pool or set aside.
    Equipped,
}
packed! { enum Adjective { Active, Inactive, Recurring, NonRecurring, Additional, Equipped } }

impl Noun {
    /// Its adjectives as printed before its entries, each followed by a space (`active `),
    /// or nothing.
    pub fn which(&self) -> String {
        self.adjectives.iter().map(|a| format!("{} ", a.word())).collect()
    }
}

impl Back {
    /// Its name in JSON: `it`, `them`, `that`, `its`, `that-ships`, `of`.
    pub fn keyword(self) -> &'static str {
        match self {
            Back::It => "it",
            Back::Them => "them",
            Back::That => "that",
            Back::Its => "its",
            Back::ThatShips => "that-ships",
            Back::Of => "of",
        }
    }
}

impl Adjective {
    /// The word a card prints.
    pub fn word(self) -> &'static str {
        match self {
            Adjective::Active => "active",
            Adjective::Inactive => "inactive",
            Adjective::Recurring => "recurring",
            Adjective::NonRecurring => "non-recurring",
            Adjective::Additional => "additional",
            Adjective::Equipped => "equipped",
        }
    }

    /// The adjective a printed word is (any case).
    pub fn from_word(word: &str) -> Option<Adjective> {
        [
            Adjective::Active,
            Adjective::Inactive,
            Adjective::Recurring,
            Adjective::NonRecurring,
            Adjective::Additional,
            Adjective::Equipped,
        ]
        .into_iter()
        .find(|a| a.word().eq_ignore_ascii_case(word))
    }
}

/// What is printed with one entry of a noun.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Mark {
    /// `white`, `red`, `purple`, `blue`: the colour of an action or maneuver.
    pub color: Option<Text>,
    /// A maneuver's speed: `2` in `2 [Straight]` (a speed, not an amount).
    pub speed: Option<u8>,
}
packed! { struct Mark { color, speed } }

/// How many: `1`, `a`, `up to 2`, `all`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Amount {
    /// Exactly N (`a`, `an` and `one` are 1).
    Exactly(u32),
    /// Up to N: any number from 0 to N.
    UpTo(u32),
    /// All of them.
    All,
    /// N or more (`spend 1 or more [Energy]`): as many from N up as the player chooses.
    AtLeast(u32),
    /// `any number of`: none or more, as the player chooses.
    AnyNumber,
    /// `that many`: as many as the step before counted (`spend up to 2 [Charge] to roll that
    /// many additional attack dice`).
    ThatMany,
    /// `3-5`: any number from the first to the second, as the player chooses (`spend 3-5
    /// [Charge]`).
    Between(u32, u32),
}
packed! { enum Amount { Exactly(x), UpTo(x), All, AtLeast(x), AnyNumber, ThatMany, Between(a, b) } }

impl Amount {
    /// The most this amount can be.
    pub fn most(self) -> Option<u32> {
        match self {
            Amount::Exactly(n) | Amount::UpTo(n) | Amount::Between(_, n) => Some(n),
            Amount::All | Amount::AtLeast(_) | Amount::AnyNumber | Amount::ThatMany => None,
        }
    }
}

/// `faceup` or `facedown`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Facing {
    /// Faceup.
    Faceup,
    /// Facedown.
    Facedown,
}
packed! { enum Facing { Faceup, Facedown } }

/// One effect, or the cost of one.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Effect {
    /// What it does.
    pub kind: EffectKind,
    /// The whole effect as written.
    pub text: Text,
    /// How many.
    pub amount: Option<Amount>,
    /// What it acts on.
    pub noun: Option<Noun>,
    /// For `change`: what the results become.
    pub to: Option<Noun>,
    /// The colour printed before the whole noun (`perform a red action`), or a choice of
    /// colours joined by `|` (`a red or blue maneuver` is `red|blue`); the colours of
    /// single entries are in the noun's `marks`.
    pub color: Option<Text>,
    /// `fully execute`.
    pub fully: bool,
    /// For `be dealt`: faceup or facedown.
    pub facing: Option<Facing>,
    /// Whom or what it is directed at: `that ship` in `assign 1 stress token to that ship`,
    /// `the defender` in `acquire a lock on the defender`.
    pub target: Option<Subject>,
    /// Where it is taken from: `that ship` in `transfer 1 focus token from that ship`.
    pub from: Option<Subject>,
    /// Passive: the clause's subject undergoes it (`This card's [Charge] cannot be
    /// recovered`); the agent, if written, is the `target`.
    pub passive: bool,
    /// Negated (`you are not removed`): it does not happen.
    pub negated: bool,
    /// What a trailing phrase lets it do or how it is done, where the model holds it
    /// (`even while stressed`, `ignoring range restrictions`, `if able`, `treating it as
    /// red`). A game's `engine::GameState` (feature `engine`) sees them on the event.
    pub provisos: List<Proviso>,
}
packed! {
    struct Effect {
        kind, text, amount, noun, to, color, fully, facing, target, from, passive, negated, provisos
    }
}

/// A trailing phrase of an effect that the model holds: what it lets the effect do, or how.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Proviso {
    /// `even while stressed`, `even if you are stressed`: the effect may happen while the
    /// ship is in this state (one of the states a condition tests: `stressed`, `ionized`…),
    /// which would otherwise forbid it.
    EvenWhile(Text),
    /// `ignoring range restrictions`: the effect reaches a ship at any range.
    IgnoringRange,
    /// `if able`: it happens only if it can; not being able is no failure.
    IfAble,
    /// `treating it as red`, `treating that action as white`: the action performed counts
    /// as this colour.
    TreatedAs(Text),
    /// `using the 1 [Straight] template`, `using a different weapon`: what it is done with.
    Using(Noun),
    /// `instead of damage`, `instead of your rear guides`: what it is done with or gives in
    /// the place of what the rules would use.
    InsteadOf(Noun),
    /// `as a bonus attack`, `as a sideslip`: what it counts as.
    As(Noun),
    /// `on your ship card`: where it happens (the card a resource is recovered or spent on).
    On(Noun),
    /// `on 1 of your equipped upgrades`: where it happens, one of these (the player's
    /// choice).
    OnOneOf(Noun),
    /// `as if that ship has them`: another ship uses what is yours as its own.
    AsIfTheirs,
    /// `to a maximum of 4`: the most a value changed becomes.
    AtMost(u8),
    /// `to a minimum of 1`: the least a value changed becomes.
    AtLeast(u8),
    /// `by 1` after a value changed (`increase your might by 1`, `reduce the speed of that
    /// maneuver by 1`): how much it changes.
    ByAmount(u8),
    /// `by overlapping another ship`, `as a result of moving through an obstacle`: the
    /// deed it comes about by (its words are kept as a
    /// noun's, as the model has no entry for them).
    By(Noun),
    /// `only`, before where it goes (`rotate your [Single Turret Arc] indicator only to your
    /// [Front Arc] or [Rear Arc]`): it may go nowhere else, so what it permits also forbids.
    Only,
    /// `prevent it from detonating`, `prevent range bonuses from being applied`: what the
    /// thing is kept from doing (its words are kept as a noun's).
    From(Noun),
    /// `with the following:` (`Replace your ship ability with the following:`): what
    /// replaces it is the text printed after.
    WithTheFollowing,
    /// `only as bonus attacks`: what it may be done as, and no other way.
    OnlyAs(Noun),
    /// `ignoring the [Lock] requirement`: what the attack's header requires (`Attack
    /// ([Lock])`) is not needed for it.
    IgnoringRequirement(Noun),
    /// `without paying the [Charge] cost`: the cost printed for it is not paid.
    WithoutPaying(Noun),
    /// `(this is not an action)`, after a move done as a verb (`spend 1 [Force] to barrel
    /// roll (this is not an action)`): it is not performed as an action, so what stops or
    /// counts actions does not apply to it.
    NotAnAction,
    /// `in addition to its own`: what the ship gains does not take the place of its own.
    InAdditionToItsOwn,
    /// `before [Hit] results` (`[Critical Hit] results are canceled before [Hit] results`):
    /// it happens to the clause's subject before these, not in the order the rules take
    /// them in.
    Before(Noun),
    /// `at range 1-4`, `beyond range 3 of enemy ships`: the range the effect reaches (a lock
    /// acquired, an attack performed: what it acts on is at this range of the ship doing
    /// it), or where a thing is placed (at this range of what the reach is measured from).
    /// Several on one effect all hold (`beyond range 1 of obstacles and beyond range 3 of
    /// enemy ships`).
    Range(Reach),
    /// `instead of at range 0-3`: the range the rules would let the effect reach, which its
    /// own [`Proviso::Range`] replaces: it no longer reaches this one.
    InsteadOfRange(Reach),
    /// `even while at range 0 of asteroids`: the effect may happen while the ship is at
    /// this range, which would otherwise forbid it (a ship at range 0 of an asteroid cannot
    /// attack).
    EvenWhileAt(Reach),
    /// `in reserve`, `anywhere in the play area`: the area a thing is placed in.
    In {
        /// Which area.
        area: Area,
        /// `anywhere`: at any spot of the area the player chooses (that the effect's other
        /// provisos allow).
        anywhere: bool,
    },
    /// `touching you`: placed in contact with this ship's base.
    Touching(Subject),
}
packed! {
    enum Proviso {
        EvenWhile(x), IgnoringRange, IfAble, TreatedAs(x), Using(x), InsteadOf(x), As(x), On(x), OnOneOf(x),
        AsIfTheirs, AtMost(x), AtLeast(x), ByAmount(x), By(x), Only, From(x), WithTheFollowing, OnlyAs(x),
        IgnoringRequirement(x), WithoutPaying(x), NotAnAction, InAdditionToItsOwn, Before(x), Range(x),
        InsteadOfRange(x), EvenWhileAt(x), In { area, anywhere }, Touching(x)
    }
}

/// A range band and what it is measured from: `at range 0-2 of you`, `beyond range 3`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Reach {
    /// The band.
    pub band: Band,
    /// What it is measured from (`of enemy ships`, `of the enemy table edge`, `of you`);
    /// `None` when unwritten: from the ship doing the effect to what it acts on (a lock's
    /// object, an attack's defender). Of several things, a thing is at a band when it is
    /// at that band of one of them (`at range 0 of asteroids`), and beyond it when beyond
    /// it of every one (`beyond range 3 of enemy ships`: no enemy ship at range 0-3).
    pub of: Option<Subject>,
}
packed! { struct Reach { band, of } }

/// A band of ranges.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Band {
    /// `at range 1-4`, `at range 0` (`At(0, 0)`): from the first to the second, both in.
    At(u8, u8),
    /// `beyond range 3`: farther than this range (a higher range, or past every range).
    Beyond(u8),
}
packed! { enum Band { At(a, b), Beyond(x) } }

impl Band {
    /// The words a card prints for it: `at range 1-4`, `at range 0`, `beyond range 3`.
    pub fn words(self) -> String {
        match self {
            Band::At(a, b) if a == b => format!("at range {a}"),
            Band::At(a, b) => format!("at range {a}-{b}"),
            Band::Beyond(n) => format!("beyond range {n}"),
        }
    }

    /// Whether every range of `other` is one of this band's: `beyond range 3` covers range 4
    /// and `beyond range 4`, `at range 1-4` covers `at range 2-3`.
    pub fn covers(self, other: Band) -> bool {
        match (self, other) {
            (Band::At(a, b), Band::At(c, d)) => a <= c && d <= b,
            (Band::Beyond(n), Band::At(c, _)) => c > n,
            (Band::Beyond(n), Band::Beyond(m)) => m >= n,
            (Band::At(..), Band::Beyond(_)) => false,
        }
    }
}

impl Reach {
    /// The words a card prints for it: `beyond range 3 of enemy ships`.
    pub fn words(&self) -> String {
        match &self.of {
            Some(of) if of.person == Person::You && of.text.trim().is_empty() => {
                format!("{} of you", self.band.words())
            }
            Some(of) => format!("{} of {}", self.band.words(), of.text),
            None => self.band.words(),
        }
    }
}

/// An area of the game a thing is placed in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Area {
    /// `the play area`.
    PlayArea,
    /// `reserve`: set aside, out of the play area, to be placed in it later.
    Reserve,
    /// `the same deployment area`: the deployment area the things placed were in.
    SameDeploymentArea,
}
packed! { enum Area { PlayArea, Reserve, SameDeploymentArea } }

impl Area {
    /// The words a card prints after `in`: `the play area`, `reserve`.
    pub fn words(self) -> &'static str {
        match self {
            Area::PlayArea => "the play area",
            Area::Reserve => "reserve",
            Area::SameDeploymentArea => "the same deployment area",
        }
    }
}

impl Proviso {
    /// The words a card prints for it: `even while stressed`.
    pub fn words(&self) -> String {
        match self {
            Proviso::EvenWhile(state) => format!("even while {state}"),
            Proviso::IgnoringRange => "ignoring range restrictions".into(),
            Proviso::IfAble => "if able".into(),
            Proviso::TreatedAs(color) => format!("treating it as {color}"),
            Proviso::Using(n) => format!("using {}", n.text),
            Proviso::InsteadOf(n) => format!("instead of {}", n.text),
            Proviso::As(n) => format!("as {}", n.text),
            Proviso::On(n) => format!("on {}", n.text),
            Proviso::OnOneOf(n) => format!("on 1 of {}", n.text),
            Proviso::AsIfTheirs => "as if that ship has them".into(),
            Proviso::AtMost(n) => format!("to a maximum of {n}"),
            Proviso::AtLeast(n) => format!("to a minimum of {n}"),
            Proviso::ByAmount(n) => format!("by {n}"),
            Proviso::Only => "only".into(),
            Proviso::WithTheFollowing => "with the following".into(),
            Proviso::NotAnAction => "(this is not an action)".into(),
            Proviso::OnlyAs(n) => format!("only as {}", n.text),
            Proviso::IgnoringRequirement(n) => format!("ignoring the {} requirement", n.text),
            Proviso::WithoutPaying(n) => format!("without paying the {} cost", n.text),
            Proviso::InAdditionToItsOwn => "in addition to its own".into(),
            Proviso::From(n) => format!("from {}", n.text),
            Proviso::By(n) => format!("by {}", n.text),
            Proviso::Before(n) => format!("before {}", n.text),
            Proviso::Range(r) => r.words(),
            Proviso::InsteadOfRange(r) => format!("instead of {}", r.words()),
            Proviso::EvenWhileAt(r) => format!("even while {}", r.words()),
            Proviso::In { area, anywhere: true } => format!("anywhere in {}", area.words()),
            Proviso::In { area, anywhere: false } => format!("in {}", area.words()),
            Proviso::Touching(s) if s.person == Person::You && s.text.trim().is_empty() => "touching you".into(),
            Proviso::Touching(s) => format!("touching {}", s.text),
        }
    }
}

impl Effect {
    /// Whether this effect is the same event as `other`: the same kind acting on at least
    /// one common vocabulary entry (or on the same words, when neither names an entry).
    pub fn same_event(&self, other: &Effect) -> bool {
        if self.kind != other.kind || self.kind == EffectKind::Opaque {
            return false;
        }
        match (&self.noun, &other.noun) {
            (Some(a), Some(b)) if !a.refs.is_empty() && !b.refs.is_empty() => a.refs.iter().any(|r| b.refs.contains(r)),
            (Some(a), Some(b)) => a.text.eq_ignore_ascii_case(&b.text),
            (a, b) => a.is_none() && b.is_none(),
        }
    }
}

/// Who a clause is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Person {
    /// `you`: the ship the card is on (the default when no subject is written).
    You,
    /// `it`, `they`, `that ship`: the ship named earlier in the ability.
    That,
    /// `the attacker`.
    Attacker,
    /// `the defender`.
    Defender,
    /// `a ship`, `an enemy ship`: one ship, chosen.
    A,
    /// `another ship`: one ship other than you.
    Another,
    /// `each ship`: every ship.
    Each,
    /// `each other ship`: every ship but you.
    EachOther,
    /// Not a ship: what a passive clause is about (`This card's [Charge]`, `your dice`).
    Thing,
}
packed! { enum Person { You, That, Attacker, Defender, A, Another, Each, EachOther, Thing } }

/// Which side a ship is on, relative to you.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Side {
    /// Either side.
    Any,
    /// `friendly`.
    Friendly,
    /// `enemy`.
    Enemy,
}
packed! { enum Side { Any, Friendly, Enemy } }

/// The subject of a clause: `you`, `a friendly ship at range 0-3`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Subject {
    /// As written; empty when the clause names no subject (it is then `you`).
    pub text: Text,
    /// Who.
    pub person: Person,
    /// Which side.
    pub side: Side,
    /// `at range A-B`.
    pub range: Option<(u8, u8)>,
}
packed! { struct Subject { text, person, side, range } }

impl Subject {
    /// `you`, unwritten.
    pub const YOU: Subject = Subject { text: Text::Borrowed(""), person: Person::You, side: Side::Any, range: None };

    /// A thing no ship is, unwritten: the attack's dice, what a rule counts.
    pub const THING: Subject =
        Subject { text: Text::Borrowed(""), person: Person::Thing, side: Side::Any, range: None };

    /// Whether its words say more about which ship than its person, side and range do
    /// (`your carrier ship`, `an enemy ship in your [Bullseye Arc]`, `a friendly small or
    /// medium ship`, `each ship you moved through`, `the enemy ship`, `each ship at range 1 of
    /// the defender`), or name two ships (`you or a friendly Essara Till at range 0-3`):
    /// such a subject is kept as its words. The attacker, the defender, `that` and things
    /// are whole.
    pub fn says_more(&self) -> bool {
        self.says_more_in(&crate::model::Words::PRELUDE)
    }

    /// [`Self::says_more`] for a game that names its units and distances in its own words
    /// ([`Set::words`](crate::model::Set::words)): `each friendly hero within 2 spaces of
    /// you` says no more than its person, side and range.
    pub fn says_more_in(&self, game: &crate::model::Words<'_>) -> bool {
        /// Words that person, side and range say: quantifiers, sides, the ship and its range.
        const SAID: [&str; 23] = [
            "a", "an", "another", "each", "every", "all", "any", "other", "friendly", "enemy", "ship", "ships", "unit",
            "units", "at", "least", "up", "to", "range", "of", "you", "yourself", "more",
        ];
        let lower = self.text.to_lowercase();
        let mut words = lower.split_whitespace();
        // The game's unit, and its distance as a range says it (`within 2 spaces`, `adjacent`).
        let distance = |w: &str| match game.distance {
            Some(d) => game.is_distance(w) || w == "within" || (d.adjacent.is_some() && w == "adjacent"),
            None => false,
        };
        match self.person {
            Person::A | Person::Another | Person::Each | Person::EachOther => words.any(|w| {
                !SAID.contains(&w)
                    && !game.is_unit(w)
                    && !distance(w)
                    && !w.chars().all(|c| c.is_ascii_digit() || c == '-')
            }),
            // `you of a type you do not have`: more than who.
            Person::You => {
                let unit = |w: &str| !game.is_prelude() && game.is_unit(w);
                words.any(|w| !matches!(w, "you" | "yourself" | "your" | "this" | "ship") && !unit(w))
            }
            Person::That | Person::Attacker | Person::Defender | Person::Thing => false,
        }
    }
}

/// `may`, `must`, `can`, `cannot`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Qualifier {
    /// Nothing written: the clause happens (mandatory).
    None,
    /// `may`: an option the player can decline.
    May,
    /// `must`: mandatory, said again.
    Must,
    /// `can`: a capability.
    Can,
    /// `cannot`: absolute; no `can` overrides it.
    Cannot,
}
packed! { enum Qualifier { None, May, Must, Can, Cannot } }

impl Qualifier {
    /// The word as printed: `may`, `must`, `can`, `cannot`; `None` when nothing is written.
    pub fn word(self) -> Option<&'static str> {
        match self {
            Qualifier::None => None,
            Qualifier::May => Some("may"),
            Qualifier::Must => Some("must"),
            Qualifier::Can => Some("can"),
            Qualifier::Cannot => Some("cannot"),
        }
    }
}

/// How long an effect lasts.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Duration {
    /// As written.
    pub text: Text,
    /// It ends at the end of this phase (`until the end of the Engagement Phase`).
    pub until_end_of: Option<u16>,
    /// `this round`: it ends when the round ends.
    pub this_round: bool,
    /// It ends when the thing it names ends (`during this attack`, `this phase`), when
    /// that is not a phase the game names or the round.
    #[cfg_attr(feature = "serde", serde(default))]
    pub during: Option<During>,
}
packed! { struct Duration { text, until_end_of, this_round, during } }

/// What a duration lasts as long as, named by what is going on as the ability resolves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum During {
    /// `during this attack`, `during the attack`.
    Attack,
    /// `during that action`.
    Action,
    /// `during that maneuver`.
    Maneuver,
    /// `during your activation`, `this activation`.
    Activation,
    /// `this phase`, `until the end of that phase`: whichever phase it is.
    Phase,
}
packed! { enum During { Attack, Action, Maneuver, Activation, Phase } }

impl During {
    /// What `words` (after `during` or `until the end of`, any case) last as long as:
    /// `this attack`, `that phase`.
    pub fn from_words(words: &str) -> Option<During> {
        let lower = words.trim().to_lowercase();
        let (which, what) = lower.split_once(' ')?;
        let during = match what {
            "attack" => During::Attack,
            "action" => During::Action,
            "maneuver" => During::Maneuver,
            "activation" => During::Activation,
            "phase" => During::Phase,
            _ => return None,
        };
        let which_ok = match during {
            During::Activation => matches!(which, "your" | "this"),
            _ => matches!(which, "this" | "that" | "the"),
        };
        which_ok.then_some(during)
    }

    /// The words a card prints for it: `during this attack`.
    pub fn words(self) -> &'static str {
        match self {
            During::Attack => "during this attack",
            During::Action => "during that action",
            During::Maneuver => "during that maneuver",
            During::Activation => "during your activation",
            During::Phase => "this phase",
        }
    }
}

/// One clause: `you may spend 1 [Force] to perform an action`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Clause {
    /// As written.
    pub text: Text,
    /// Who does it.
    pub subject: Subject,
    /// `may`, `must`, `can`, `cannot`.
    pub qualifier: Qualifier,
    /// The costs paid for the effect (`spend 1 [Charge] and gain 1 deplete token to …`
    /// is two), all together.
    pub costs: List<Effect>,
    /// The effect.
    pub effect: Effect,
    /// Further effects done together with `effect`, as one (`you may spend 1 [Charge] and
    /// gain 1 stress token`: one choice, paid whole or not at all). Its costs pay for all of
    /// them, and `If you do` after it holds only when all of them were done.
    pub also: List<Effect>,
    /// How long it lasts, if it lasts.
    pub duration: Option<Duration>,
    /// Trailing phrases that qualify the effect: `even while stressed`, `using the
    /// [1 [Straight]] template`, `if able`.
    pub modifiers: List<Text>,
    /// It ends with `instead`: it replaces what would otherwise happen.
    pub instead: bool,
    /// Joined to the clause before by `or`: one of the two happens, not both.
    pub alternative: bool,
    /// Joined to the clause before by `then` (`execute a white [Stationary] maneuver
    /// instead, then you may rotate 90°`): it is done after that one.
    #[cfg_attr(feature = "serde", serde(default))]
    pub then: bool,
    /// `each` after its qualifier (`up to 2 of your wingmates may each suffer 1 damage`):
    /// each of the ships its subject names does it, once each, not once for all.
    #[cfg_attr(feature = "serde", serde(default))]
    pub each: bool,
}
packed! {
    struct Clause {
        text, subject, qualifier, costs, effect, also, duration, modifiers, instead, alternative, then, each
    }
}

/// The states the rules define by a token, each with the token it names: a ship is
/// focused while it has a focus token, and not focused while it has none. A condition
/// `you are focused` is read as a count of that token, and said back as the state.
pub const TOKEN_STATES: [(&str, &str); 5] = [
    ("focused", "focus token"),
    ("evading", "evade token"),
    ("calculating", "calculate token"),
    ("reinforced", "reinforce token"),
    ("disarmed", "disarm token"),
];

/// Whether a condition must hold or must not.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum CondKind {
    /// `if …`.
    If,
    /// `unless …`, `except while …`: the step happens when it does not hold.
    Unless,
    /// `Otherwise, …`: the step happens when the step before did not.
    Otherwise,
}
packed! { enum CondKind { If, Unless, Otherwise } }

/// A comparison in a condition.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum CmpOp {
    /// `lower than`, `less than`.
    Lt,
    /// `equal to or lower than`, `or lower`.
    Le,
    /// `equal to`, `the same as`.
    Eq,
    /// `equal to or higher than`, `or higher`, `or more`.
    Ge,
    /// `higher than`, `greater than`, `more than`.
    Gt,
}
packed! { enum CmpOp { Lt, Le, Eq, Ge, Gt } }

impl CmpOp {
    /// `<`, `<=`, `=`, `>=`, `>`.
    pub fn as_str(self) -> &'static str {
        match self {
            CmpOp::Lt => "<",
            CmpOp::Le => "<=",
            CmpOp::Eq => "=",
            CmpOp::Ge => ">=",
            CmpOp::Gt => ">",
        }
    }

    /// Whether `a op b`.
    pub fn holds(self, a: i64, b: i64) -> bool {
        match self {
            CmpOp::Lt => a < b,
            CmpOp::Le => a <= b,
            CmpOp::Eq => a == b,
            CmpOp::Ge => a >= b,
            CmpOp::Gt => a > b,
        }
    }
}

/// How many of something a condition asks for: `1+` ("1 or more", "a"), `0` ("no").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Count {
    /// How the number compares.
    pub op: CmpOp,
    /// The number.
    pub n: u32,
}
packed! { struct Count { op, n } }

/// What a condition tests, in the shapes the reading structures.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Test {
    /// `If you do`: the step before did something; with `not`, `If you do not`, `If you
    /// cannot`.
    YouDo {
        /// `If you do not`.
        not: bool,
    },
    /// `if you are stressed`, `if the defender is not damaged`: a ship's state.
    State {
        /// Whose.
        who: Subject,
        /// `stressed`, `damaged`, `critically-damaged`, `depleted`, `strained`,
        /// `ionized`, `jammed`, `tractored`, `cloaked`, `shielded`, `destroyed`, `defending`,
        /// `attacking`, `docked`.
        state: Text,
        /// `is not`.
        not: bool,
    },
    /// `if you have 2 or more stress tokens`, `if the defender has no [Shield]`, `if you
    /// have a lock on the defender`.
    Has {
        /// Whose.
        who: Subject,
        /// How many.
        count: Count,
        /// Of what.
        noun: Noun,
        /// The ship a lock is on (`a lock on the defender`, `that ship locked`), when written.
        on: Option<Subject>,
    },
    /// `if the defender is in your [Bullseye Arc]`, `if you are in the attacker's [Front Arc]`,
    /// `if you are in an enemy ship's firing arc`.
    InArc {
        /// Who is in the arc.
        who: Subject,
        /// The arc: the game's arc it names (`[Bullseye Arc]`), or its words when it names
        /// none (`firing arc`, `attack arc`).
        arc: Noun,
        /// Whose arc; `you` unless another is written.
        of: Subject,
        /// `is not in`.
        not: bool,
    },
    /// `if your [Single Turret Arc] indicator is in your [Left Arc] or [Right Arc]`: where
    /// your arc indicator points.
    Indicator {
        /// The arc whose indicator it is (`[Single Turret Arc]`).
        arc: Noun,
        /// The arcs it is in, one of them (`[Left Arc] or [Right Arc]`).
        within: Noun,
        /// `is not in`.
        not: bool,
    },
    /// `if the defender is at range 1-2`, `if you are at range 0-1 of the defender`.
    AtRange {
        /// Who.
        who: Subject,
        /// The range band.
        range: (u8, u8),
        /// Of whom; `you` unless another is written.
        of: Subject,
        /// Measured as an attack's range is (`at attack range 1`, `the attack range is 1`:
        /// from the attacker's arc), not between the two ships (`at range 1`).
        attack: bool,
    },
    /// `if the defender's initiative is lower than yours`, `if your agility is 2 or lower`.
    Stat {
        /// Whose.
        who: Subject,
        /// The stat (an index into the game's stats).
        stat: u16,
        /// How it compares.
        op: CmpOp,
        /// With a number, or the same stat of a ship.
        than: Than,
    },
    /// `On a [Hit] result`: the die shows this result.
    OnResult(Noun),
    /// `this attack hits`, `the attack missed`: whether the attack hits.
    AttackHits {
        /// It does not hit.
        not: bool,
    },
    /// `if you performed a red [Barrel Roll] action`, `if you have not dropped or launched a
    /// device this round`, `if it chooses to remove 1 green token`: an event that happened
    /// (or did not), written as a timing's event is.
    Event {
        /// The events; any of them is enough (`dropped or launched`).
        events: List<Clause>,
        /// None of them happened (`have not`, `did not`).
        not: bool,
        /// Looked for since the start of this round or phase (`this round`); otherwise the
        /// event is the one the ability is resolving after.
        within: Option<Within>,
    },
    /// `if there are no other friendly ships at range 0-2`, `if there are 2 or more enemy
    /// ships at range 1`: how many ships (or objects) the subject's words describe.
    Exists {
        /// How many.
        count: Count,
        /// Which: its person is `a` or `another`, with its side and range.
        who: Subject,
    },
    /// `if there are more enemy ships than other friendly ships at range 0-1 of that ship`:
    /// the first ships outnumber the second. Where the second's range or words say where
    /// (printed once, after both), that holds for the first too.
    More {
        /// The ships that are more: person `a` or `another`, with their side.
        more: Subject,
        /// The ships they outnumber.
        than: Subject,
    },
    /// `if your [Charge] is inactive`, `if all of your [Force] are active`, `if any of this
    /// card's [Charge] are inactive`: whether a resource is active.
    Active {
        /// Whose.
        who: Subject,
        /// The resource.
        noun: Noun,
        /// `your [Charge]` (the one), `all of`, or `any of`.
        which: Which,
        /// Active rather than inactive.
        active: bool,
    },
    /// `if the attack is obstructed`, `if the attack is obstructed by an obstacle`, `if you
    /// obstruct the attack`.
    Obstructed {
        /// What obstructs it, when written.
        by: Option<Subject>,
    },
    /// `if your revealed maneuver is blue`, `if your revealed maneuver is speed 3-5`, `if its
    /// revealed maneuver is 1 speed or higher`.
    Revealed {
        /// Whose maneuver.
        who: Subject,
        /// Its difficulty's colour, when tested.
        color: Option<Text>,
        /// Its speed band, when tested; `u8::MAX` as the top is `or higher`.
        speed: Option<(u8, u8)>,
    },
    /// `if the speed of your revealed maneuver is greater than the enemy ship's`, `if the
    /// bearing of your revealed maneuver is the same as the enemy ship's`: a part of two
    /// ships' revealed maneuvers compared.
    RevealedVs {
        /// Whose maneuver.
        who: Subject,
        /// `speed`, `bearing` or `difficulty`.
        part: Text,
        /// How it compares.
        op: CmpOp,
        /// With whose.
        than: Subject,
    },
    /// `if the speed of your revealed maneuver is even` (or `odd`): the parity of its speed.
    RevealedParity {
        /// Whose maneuver.
        who: Subject,
        /// Even rather than odd.
        even: bool,
    },
    /// `if you are behind the attacker`: where one ship is relative to another, as the game
    /// measures it.
    Behind {
        /// The ship that is behind.
        who: Subject,
        /// The ship it is behind.
        of: Subject,
    },
    /// `if the enemy ship is a larger size than you`, `if it is a smaller size than you`: two
    /// ships' sizes compared, in the order of the game's sizes (small before medium …).
    Size {
        /// Whose size.
        who: Subject,
        /// How it compares: `Gt` larger, `Lt` smaller, `Eq` the same size.
        op: CmpOp,
        /// With whose.
        than: Subject,
    },
    /// `if that action is on your action bar`, `if they have [Calculate] on their action
    /// bar`: an action (one named, or one the ability refers to) is on a ship's action bar.
    OnBar {
        /// The action: the game's action it names, or its words (`that action`).
        action: Noun,
        /// Whose action bar.
        of: Subject,
    },
    /// `if that ship has the Cutthroat upgrade`, `if the chosen ship has the Born for This
    /// ship ability`, `if you are equipped with Swivel Wings (Down)`: a card the ship has,
    /// by its name.
    Equipped {
        /// Whose.
        who: Subject,
        /// The card's name, as printed.
        card: Text,
        /// How the card is named: an upgrade it has, one it is equipped with, or a ship
        /// ability (a pilot's or a ship's).
        as_: Equip,
        /// `does not have`.
        not: bool,
    },
    /// `if the roll does not contain the named result`, `if the rerolled result is a
    /// [Critical Hit] result`, `if you have only blank results`: what some dice show.
    Shows {
        /// Which dice, and how many of them must show it.
        dice: Dice,
        /// The result.
        result: Noun,
        /// `does not contain`: none of them shows it.
        not: bool,
    },
    /// `if the attacker rolled 2 or fewer attack dice`, `if you did not roll exactly 2
    /// defense dice`: how many dice a ship rolled in the attack the ability is resolving.
    Rolled {
        /// Who rolled them.
        who: Subject,
        /// How many.
        count: Count,
        /// Of which die.
        dice: Noun,
        /// `did not roll`: the count does not hold.
        not: bool,
    },
    /// `if that ship is limited or has the Cutthroat upgrade`, `if there is an enemy ship
    /// in your [Front Arc] at range 0-1 or in your [Bullseye Arc]`: one or more of these
    /// holds.
    Any(List<Test>),
    /// Anything else: the words alone.
    Opaque,
    /// `if the defender is friendly`: which side a ship is on, relative to you (you are
    /// friendly to yourself).
    OnSide {
        /// Whose side.
        who: Subject,
        /// `friendly` or `enemy`.
        side: Side,
    },
}
packed! {
    enum Test {
        YouDo { not }, State { who, state, not }, Has { who, count, noun, on }, InArc { who, arc, of, not },
        Indicator { arc, within, not }, AtRange { who, range, of, attack }, Stat { who, stat, op, than }, OnResult(x),
        AttackHits { not }, Event { events, not, within }, Exists { count, who }, More { more, than },
        Active { who, noun, which, active }, Obstructed { by }, Revealed { who, color, speed },
        RevealedVs { who, part, op, than }, RevealedParity { who, even }, Behind { who, of }, Size { who, op, than },
        OnBar { action, of }, Equipped { who, card, as_, not }, Shows { dice, result, not },
        Rolled { who, count, dice, not }, Any(x), Opaque, OnSide { who, side }
    }
}

/// Which dice a [`Test::Shows`] looks at, and how many of them must show its result.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Dice {
    /// `the roll`: the dice a ship is rolling; one or more of them shows it.
    Roll,
    /// `the rerolled result`: the die the step before rerolled shows it.
    Rerolled,
    /// `you have only blank results`: every die of the ship's shows it.
    Only,
}
packed! { enum Dice { Roll, Rerolled, Only } }

impl Dice {
    /// `roll`, `rerolled`, `only`.
    pub fn as_str(self) -> &'static str {
        match self {
            Dice::Roll => "roll",
            Dice::Rerolled => "rerolled",
            Dice::Only => "only",
        }
    }
}

/// How a condition names a card a ship has ([`Test::Equipped`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Equip {
    /// `has the Cutthroat upgrade`.
    Upgrade,
    /// `is equipped with Swivel Wings (Down)`.
    EquippedWith,
    /// `has the Born for This ship ability`.
    ShipAbility,
}
packed! { enum Equip { Upgrade, EquippedWith, ShipAbility } }

impl Equip {
    /// `upgrade`, `equipped-with`, `ship-ability`.
    pub fn as_str(self) -> &'static str {
        match self {
            Equip::Upgrade => "upgrade",
            Equip::EquippedWith => "equipped-with",
            Equip::ShipAbility => "ship-ability",
        }
    }
}

/// Since when an event condition looks for its event.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Within {
    /// `this round`.
    Round,
    /// `this phase`.
    Phase,
}
packed! { enum Within { Round, Phase } }

/// Which of a card's resources a condition is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Which {
    /// `your [Charge]`: the resource, as one.
    The,
    /// `all of your [Force]`.
    All,
    /// `any of this card's [Charge]`.
    Any,
}
packed! { enum Which { The, All, Any } }

/// What a stat is compared with.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Than {
    /// A number.
    Number(i64),
    /// The same stat of this ship.
    Ship(Subject),
}
packed! { enum Than { Number(x), Ship(x) } }

/// A condition of a step: `if you are stressed`, `unless …`, `Otherwise`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Condition {
    /// If, unless or otherwise.
    pub kind: CondKind,
    /// As written, without `if` or `unless`.
    pub text: Text,
    /// What it tests.
    pub test: Test,
    /// Not printed: the reading knows it from the sentence before. `At the start of the
    /// Activation Phase, you may spend 3 [Charge]. During this phase, …`: what follows a
    /// payment offered alone happens only if it was paid (`If you do`). Said back, it is
    /// left out.
    #[cfg_attr(feature = "serde", serde(default))]
    pub implied: bool,
}
packed! { struct Condition { kind, text, test, implied } }

/// A sentence's part of an ability: its conditions and its clauses, in order.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Step {
    /// Its conditions, in order: all must hold (`If you do, if there is an asteroid at
    /// range 0 of it, …`).
    pub conditions: List<Condition>,
    /// `For each [Hit] result`: what is counted (its words keep the rest, `[Charge] you
    /// spend`); the step happens once for each.
    pub for_each: Option<Noun>,
    /// Timings that open this step's window only (`If you do, while you execute that
    /// maneuver, …`).
    pub timings: List<Timing>,
    /// A duration written before the clauses; it applies to each of them.
    pub duration: Option<Duration>,
    /// The clauses.
    pub clauses: List<Clause>,
    /// The sentence goes on from the step before, so it is reached only where that step
    /// was (all of its conditions held, and the same for a step it goes on from): `If you
    /// do, choose a template. Each friendly ship may perform a red [Boost] action using
    /// that template.`, `If the defender is in your [Bullseye Arc], … Then, if you have 2
    /// or more stress tokens, …`, and a part after a semicolon with a condition of its own.
    #[cfg_attr(feature = "serde", serde(default))]
    pub goes_on: bool,
    /// The sentence opens with `Then` (`Then, if you have 2 or more stress tokens, …`): it
    /// is done after the step before.
    #[cfg_attr(feature = "serde", serde(default))]
    pub then: bool,
}
packed! { struct Step { conditions, for_each, timings, duration, clauses, goes_on, then } }

/// When a timing clause opens its window.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum When {
    /// `At the start of …`.
    StartOf,
    /// `At the end of …`.
    EndOf,
    /// `During …`.
    During,
    /// `Before …`.
    Before,
    /// `After …`.
    After,
    /// `While …`.
    While,
    /// `When …`.
    When,
    /// `Each time …`.
    EachTime,
    /// `At initiative N`: during the phase, when ships of that initiative act.
    AtInitiative,
}
packed! { enum When { StartOf, EndOf, During, Before, After, While, When, EachTime, AtInitiative } }

impl When {
    /// The words as written, lowercased.
    pub fn as_str(self) -> &'static str {
        match self {
            When::StartOf => "at the start of",
            When::EndOf => "at the end of",
            When::During => "during",
            When::Before => "before",
            When::After => "after",
            When::While => "while",
            When::When => "when",
            When::EachTime => "each time",
            When::AtInitiative => "at initiative",
        }
    }

    /// The kind the words name.
    pub fn from_words(words: &str) -> Option<When> {
        let words = words.to_ascii_lowercase();
        let words = words.split_whitespace().collect::<Vec<_>>().join(" ");
        [
            When::StartOf,
            When::EndOf,
            When::During,
            When::Before,
            When::After,
            When::While,
            When::When,
            When::EachTime,
            When::AtInitiative,
        ]
        .into_iter()
        .find(|w| w.as_str() == words)
    }
}

/// A timing clause: `After you perform an action`, `At the start of the Engagement Phase`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Timing {
    /// Before, after, during…
    pub when: When,
    /// What it names, as written (`you perform an action`, `the Engagement Phase`).
    pub what: Text,
    /// The phase it names, if it names one.
    pub phase: Option<u16>,
    /// A second phase it names, either of the two (`During the Activation or Engagement
    /// Phase`).
    #[cfg_attr(feature = "serde", serde(default))]
    pub or_phase: Option<u16>,
    /// The event it names, when the grammar structures it (`you perform an action`).
    pub event: Option<Clause>,
    /// Further events joined by `or` (`you boost or barrel roll`): any of them opens it.
    pub or_events: List<Clause>,
    /// `at the start of the next Planning Phase`: the next time the phase comes, not this
    /// one (a window the ability opens for later).
    #[cfg_attr(feature = "serde", serde(default))]
    pub next: bool,
}
packed! { struct Timing { when, what, phase, or_phase, event, or_events, next } }

/// `If … would …, … instead.` or `Before you would …, … instead.`
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Replacement {
    /// `Before` rather than `If`.
    pub before: bool,
    /// Whose event is replaced.
    pub subject: Subject,
    /// The event that would happen (`gain a focus token`).
    pub event: Effect,
    /// Further events joined by `or` (`drop or launch a device`): any of them is replaced.
    pub or_events: List<Effect>,
}
packed! { struct Replacement { before, subject, event, or_events } }

impl Replacement {
    /// The events it replaces: its event, then those joined by `or`.
    pub fn events(&self) -> impl Iterator<Item = &Effect> {
        std::iter::once(&self.event).chain(self.or_events.iter())
    }
}

/// How often an ability may resolve.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Frequency {
    /// The default: once each time its timing occurs.
    OncePerOpportunity,
    /// `Once per round`.
    OncePerRound,
    /// `Once per phase`.
    OncePerPhase,
    /// `Once per game`.
    OncePerGame,
}
packed! { enum Frequency { OncePerOpportunity, OncePerRound, OncePerPhase, OncePerGame } }

impl Frequency {
    /// The kebab-case name used in JSON.
    pub fn as_str(self) -> &'static str {
        match self {
            Frequency::OncePerOpportunity => "once-per-opportunity",
            Frequency::OncePerRound => "once-per-round",
            Frequency::OncePerPhase => "once-per-phase",
            Frequency::OncePerGame => "once-per-game",
        }
    }
}

/// One ability.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Ability {
    /// The name of the chassis ability it belongs to, if any.
    pub name: Option<Text>,
    /// Its printed text.
    pub text: Text,
    /// The card file it is written in, relative to the set's folder.
    pub file: Text,
    /// Where in that file.
    pub span: SourceSpan,
    /// The header it sits under (an index into the game's headers).
    pub header: Option<u16>,
    /// The header's requirement: `[Lock]` in `Attack ([Lock]):`.
    pub requirement: Option<Noun>,
    /// Timing clauses.
    pub timings: List<Timing>,
    /// Optional (a `may`, or an `optional` header) rather than mandatory.
    pub optional: bool,
    /// How often it may resolve.
    pub frequency: Frequency,
    /// The costs paid for the whole ability (a header's leading `Spend 1 [Charge].`).
    pub costs: List<Effect>,
    /// The replacement it makes, if it is a replacement effect.
    pub replacement: Option<Replacement>,
    /// Its sentences' conditions and clauses, in order.
    pub steps: List<Step>,
}
packed! {
    struct Ability {
        name, text, file, span, header, requirement, timings, optional, frequency, costs, replacement, steps
    }
}

impl Ability {
    /// Every clause of every step.
    pub fn clauses(&self) -> impl Iterator<Item = &Clause> {
        self.steps.iter().flat_map(|s| s.clauses.iter())
    }

    /// Every part the reading counts, in order: triggers, the replaced event, costs,
    /// conditions, then each clause's costs, effect and the phrases it keeps only as words
    /// (a [`PartKind::Modifier`], never structured).
    pub fn parts(&self) -> Vec<Part<'_>> {
        let mut out = Vec::new();
        fn effect(what: PartKind, e: &Effect) -> Part<'_> {
            Part { what, text: &e.text, structured: e.kind != EffectKind::Opaque }
        }
        fn kept(text: &str) -> Part<'_> {
            Part { what: PartKind::Modifier, text, structured: false }
        }
        // A clause's phrases kept as words, and its words the model does not hold (its
        // subject's when `said`).
        fn modifiers(c: &Clause, said: bool) -> impl Iterator<Item = Part<'_>> {
            c.modifiers.iter().map(|m| kept(m)).chain(c.unheld(said).map(kept))
        }
        fn trigger(t: &Timing) -> impl Iterator<Item = Part<'_>> {
            let events = t.events().flat_map(|c| modifiers(c, true));
            std::iter::once(Part { what: PartKind::Trigger, text: &t.what, structured: t.structured() }).chain(events)
        }
        out.extend(self.timings.iter().flat_map(trigger));
        if let Some(r) = &self.replacement {
            out.extend(r.events().map(|e| effect(PartKind::Replaced, e)));
            out.extend(r.events().flat_map(Effect::unheld).map(kept));
        }
        out.extend(self.costs.iter().map(|e| effect(PartKind::Cost, e)));
        out.extend(self.costs.iter().flat_map(Effect::unheld).map(kept));
        for step in self.steps.iter() {
            for c in step.conditions.iter() {
                out.push(Part {
                    what: PartKind::Condition,
                    text: &c.text,
                    structured: c.kind == CondKind::Otherwise || c.test != Test::Opaque,
                });
                // `if you chose a ship with exactly 1 stress token`: the event's words.
                if let Test::Event { events, .. } = &c.test {
                    out.extend(events.iter().flat_map(|e| e.unheld(true)).map(kept));
                }
            }
            out.extend(step.timings.iter().flat_map(trigger));
            let mut subject_before: Option<&Subject> = None;
            for c in step.clauses.iter() {
                out.extend(c.costs.iter().map(|e| effect(PartKind::Cost, e)));
                out.push(effect(PartKind::Effect, &c.effect));
                out.extend(c.also.iter().map(|e| effect(PartKind::Effect, e)));
                // `each ship … rolls 1 attack die and suffers …`: one subject, said once.
                out.extend(modifiers(c, subject_before != Some(&c.subject)));
                subject_before = Some(&c.subject);
            }
        }
        out
    }

    /// The phrases its clauses and timing events keep only as words (its
    /// [`PartKind::Modifier`] parts), in no particular order.
    pub fn kept(&self) -> impl Iterator<Item = &str> {
        let timings = self.timings.iter().chain(self.steps.iter().flat_map(|s| s.timings.iter()));
        timings.flat_map(Timing::events).chain(self.clauses()).flat_map(|c| c.modifiers.iter().map(|m| &**m))
    }

    /// The words of its objects, targets and subjects the model does not hold
    /// ([`Clause::unheld`]), which the said-back says `“…”`: [`PartKind::Modifier`] parts
    /// too, in the order of [`Self::parts`].
    pub fn unheld(&self) -> Vec<&str> {
        let kept: Vec<&str> = self.kept().collect();
        let mut modifiers: Vec<&str> =
            self.parts().into_iter().filter(|p| p.what == PartKind::Modifier).map(|p| p.text).collect();
        // The parts are the kept phrases and the unheld words; take the kept ones out once each.
        for k in kept {
            if let Some(i) = modifiers.iter().position(|m| std::ptr::eq(*m, k)) {
                modifiers.remove(i);
            }
        }
        modifiers
    }

    /// The texts of its opaque parts: triggers, replaced events, costs, conditions and
    /// effects the reading could not structure.
    pub fn opaque(&self) -> impl Iterator<Item = &str> {
        self.parts().into_iter().filter(|p| !p.structured).map(|p| p.text)
    }
}

/// What a counted part of an ability is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum PartKind {
    /// A timing's event or phase.
    Trigger,
    /// The event a replacement replaces.
    Replaced,
    /// A cost.
    Cost,
    /// A condition.
    Condition,
    /// An effect.
    Effect,
    /// A phrase of a clause the model holds only as words (`using a different weapon`):
    /// never structured.
    Modifier,
}

impl PartKind {
    /// Every kind, in the order reported.
    pub const ALL: [PartKind; 6] = [
        PartKind::Trigger,
        PartKind::Replaced,
        PartKind::Cost,
        PartKind::Condition,
        PartKind::Effect,
        PartKind::Modifier,
    ];

    /// The lowercase name used in reports.
    pub fn as_str(self) -> &'static str {
        match self {
            PartKind::Trigger => "trigger",
            PartKind::Replaced => "replaced event",
            PartKind::Cost => "cost",
            PartKind::Condition => "condition",
            PartKind::Effect => "effect",
            PartKind::Modifier => "kept phrase",
        }
    }
}

/// One counted part of an ability: what it is, its words, and whether the reading
/// structured it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Part<'a> {
    /// What it is.
    pub what: PartKind,
    /// As written.
    pub text: &'a str,
    /// Read into structure rather than kept as words.
    pub structured: bool,
}

impl Timing {
    /// Its event clauses: `event`, then `or_events`.
    pub fn events(&self) -> impl Iterator<Item = &Clause> {
        self.event.iter().chain(self.or_events.iter())
    }

    /// Whether a timing's words name a step of the game rather than an event of a ship:
    /// `the Neutralize Results step`, `placing forces`, `Setup`; the ability's attack and
    /// its steps (`after this attack`, `after this attack hits`, `after the attack is
    /// resolved`, `during an attack`); a ship's activation (`at the start of your
    /// activation`).
    pub fn names_game_step(what: &str) -> bool {
        let what = what.trim().trim_end_matches('.').to_lowercase();
        let what = what.split_whitespace().collect::<Vec<_>>().join(" ");
        what.ends_with(" step")
            || matches!(
                what.as_str(),
                "placing forces"
                    | "setup"
                    | "an attack"
                    | "the attack"
                    | "this attack"
                    | "this attack hits"
                    | "this attack misses"
                    | "the attack hits"
                    | "the attack is resolved"
                    | "your activation"
                    | "its activation"
            )
    }

    /// Whether the reading structured it: a phase, `the round`, or events none of which
    /// is opaque.
    pub fn structured(&self) -> bool {
        let what = self.what.to_ascii_lowercase();
        let round = matches!(what.trim_end_matches('.'), "the round" | "round");
        // `At initiative 4`: the initiative is the number.
        let initiative = self.when == When::AtInitiative && what.trim().parse::<u8>().is_ok();
        self.phase.is_some()
            || round
            || initiative
            || Timing::names_game_step(&self.what)
            || self.event.as_ref().is_some_and(|e| {
                e.effect.kind != EffectKind::Opaque
                    && self.or_events.iter().all(|o| o.effect.kind != EffectKind::Opaque)
            })
    }
}

/// Whether a noun's own words count something the model would hold as an amount of an
/// entry (`defender 1 jam token`, `more than 1 attack die`): a number followed within three
/// words by a token, die, result or card, a count by another (`equal to the number of
/// enemy ships`, `that many`), an exception (`[Force] except while attacking`), or a clause
/// of its own (`dice cannot be rerolled`, read as the object of `attack`).
pub fn counts_unheld(text: &str) -> bool {
    let lower = text.to_lowercase();
    let words: Vec<&str> = lower.split_whitespace().map(|w| w.trim_end_matches([',', '.'])).collect();
    let counted = |w: &str| matches!(w, "token" | "tokens" | "die" | "dice" | "result" | "results" | "card" | "cards");
    let phrase = |p: &[&str]| words.windows(p.len()).any(|w| w == p);
    // `evade tokens equal to the number of enemy ships`: a count by another count; `[Force]
    // except while attacking`: an exception; `dice cannot be rerolled`: a clause of its own.
    let by_count = phrase(&["equal", "to"]) || phrase(&["number", "of"]) || phrase(&["that", "many"]);
    let clause = words.iter().any(|w| matches!(*w, "except" | "cannot" | "can't" | "must" | "be"));
    by_count
        || clause
        || words
            .iter()
            .enumerate()
            .any(|(i, w)| w.chars().all(|c| c.is_ascii_digit()) && words.iter().skip(i + 1).take(3).any(|x| counted(x)))
}

impl Noun {
    /// Whether its words count what the model does not hold ([`counts_unheld`]), with no
    /// entry to say instead: the said-back says `“…”` for it, and it is a part the reading
    /// keeps only as words.
    pub fn unheld(&self) -> bool {
        self.refs.is_empty() && counts_unheld(&self.text)
    }
}

impl Subject {
    /// Whether its words say more than its person, side and range and count what the model
    /// does not hold (`each ship at range 0-1 with agility equal to or less than the
    /// defender's`): kept only as words, as [`Noun::unheld`].
    pub fn unheld(&self) -> bool {
        self.says_more() && counts_unheld(&self.text)
    }
}

impl Effect {
    /// The words of its object, target and source that the model does not hold
    /// ([`Noun::unheld`], [`Subject::unheld`]).
    pub fn unheld(&self) -> impl Iterator<Item = &str> {
        let noun = self.noun.as_ref().filter(|n| n.unheld()).map(|n| &*n.text);
        let ships = [&self.target, &self.from].into_iter().flatten().filter(|s| s.unheld()).map(|s| &*s.text);
        noun.into_iter().chain(ships)
    }
}

impl Clause {
    /// The words of its subject and its effects' objects, targets and sources that the
    /// model does not hold ([`Effect::unheld`]); its subject's only when `said` (a subject
    /// said once for clauses in a row is counted once).
    pub fn unheld(&self, said: bool) -> impl Iterator<Item = &str> {
        let subject = Some(&self.subject).filter(|s| said && s.unheld()).map(|s| &*s.text);
        let effects = self.costs.iter().chain([&self.effect]).chain(self.also.iter());
        subject.into_iter().chain(effects.flat_map(Effect::unheld))
    }

    /// A clause of `subject` doing `effect`, with no cost, duration or modifier; its text
    /// is the effect's.
    pub fn new(subject: Subject, qualifier: Qualifier, effect: Effect) -> Clause {
        Clause {
            text: effect.text.clone(),
            subject,
            qualifier,
            costs: List::Borrowed(&[]),
            effect,
            also: List::Borrowed(&[]),
            duration: None,
            modifiers: List::Borrowed(&[]),
            instead: false,
            alternative: false,
            then: false,
            each: false,
        }
    }

    /// What doing it does, in order: its costs, its effect, and what it does together with
    /// its effect (`also`).
    pub fn done(&self) -> impl Iterator<Item = &Effect> {
        self.costs.iter().chain(std::iter::once(&self.effect)).chain(self.also.iter())
    }
}

impl Condition {
    /// A printed condition.
    pub fn new(kind: CondKind, text: impl Into<Text>, test: Test) -> Condition {
        Condition { kind, text: text.into(), test, implied: false }
    }
}

impl Step {
    /// A step of these clauses, with no condition.
    pub fn new(clauses: impl Into<List<Clause>>) -> Step {
        Step {
            conditions: List::Borrowed(&[]),
            for_each: None,
            timings: List::Borrowed(&[]),
            duration: None,
            clauses: clauses.into(),
            goes_on: false,
            then: false,
        }
    }
}

impl VocabRef {
    /// Entry `index` of the `kind` list.
    pub const fn new(kind: VocabKind, index: u16) -> VocabRef {
        VocabRef { kind, index }
    }
}

impl Noun {
    /// A noun as written, naming these vocabulary entries.
    pub fn new(text: impl Into<Text>, refs: impl Into<List<VocabRef>>) -> Noun {
        Noun {
            text: text.into(),
            refs: refs.into(),
            choice: false,
            marks: List::Borrowed(&[]),
            adjectives: List::Borrowed(&[]),
            back: None,
        }
    }
}

impl Effect {
    /// An effect of `kind` with its text and nothing else; the `with_…` methods add the rest.
    /// Games use it to describe what is happening (`gain a focus token`).
    pub fn new(kind: EffectKind, text: impl Into<Text>) -> Effect {
        Effect {
            kind,
            text: text.into(),
            amount: None,
            noun: None,
            to: None,
            color: None,
            fully: false,
            facing: None,
            target: None,
            from: None,
            passive: false,
            negated: false,
            provisos: List::Borrowed(&[]),
        }
    }

    /// An effect nothing structures: its text alone.
    pub fn opaque(text: impl Into<Text>) -> Effect {
        Effect::new(EffectKind::Opaque, text)
    }

    /// The same effect with this amount.
    pub fn with_amount(mut self, amount: Amount) -> Effect {
        self.amount = Some(amount);
        self
    }

    /// The same effect acting on this noun.
    pub fn with_noun(mut self, noun: Noun) -> Effect {
        self.noun = Some(noun);
        self
    }

    /// The same effect (a `change`) turning results into this noun.
    pub fn with_to(mut self, to: Noun) -> Effect {
        self.to = Some(to);
        self
    }

    /// The same effect (a `be dealt`) with this facing.
    pub fn with_facing(mut self, facing: Facing) -> Effect {
        self.facing = Some(facing);
        self
    }
}

/// A card's abilities: a list, or (on a card of a compiled set) packed data that is
/// unpacked the first time they are read, so that a tool that only needs costs and slots
/// never pays for the abilities (95% of a real pool's data). Dereferences to the list.
#[derive(Clone)]
pub struct Abilities(AbilitiesInner);

#[derive(Clone)]
enum AbilitiesInner {
    List(List<Ability>),
    Packed(&'static str, std::sync::OnceLock<Vec<Ability>>),
}

impl Abilities {
    /// No abilities.
    pub const fn new() -> Abilities {
        Abilities(AbilitiesInner::List(List::Borrowed(&[])))
    }

    /// Abilities [packed](crate::packed) in `data`, unpacked on first use.
    pub fn packed(data: &'static str) -> Abilities {
        Abilities(AbilitiesInner::Packed(data, std::sync::OnceLock::new()))
    }

    /// Whether the list is still packed: not read since its set was unpacked.
    pub fn is_packed(&self) -> bool {
        matches!(&self.0, AbilitiesInner::Packed(_, cell) if cell.get().is_none())
    }

    /// The list, to change: unpacked first if it was packed.
    pub fn to_mut(&mut self) -> &mut Vec<Ability> {
        if let AbilitiesInner::Packed(..) = self.0 {
            self.0 = AbilitiesInner::List(List::Owned(self.to_vec()));
        }
        match &mut self.0 {
            AbilitiesInner::List(list) => list.to_mut(),
            AbilitiesInner::Packed(..) => unreachable!("unpacked just above"),
        }
    }
}

impl Default for Abilities {
    fn default() -> Abilities {
        Abilities::new()
    }
}

impl std::ops::Deref for Abilities {
    type Target = [Ability];

    /// # Panics
    /// When packed data is not what [`crate::packed::pack`] wrote (edited by hand: the
    /// format of a compiled set is checked when its crate compiles).
    fn deref(&self) -> &[Ability] {
        match &self.0 {
            AbilitiesInner::List(list) => list,
            AbilitiesInner::Packed(data, cell) => cell.get_or_init(|| match crate::packed::unpack_static_value(data) {
                Ok(list) => list,
                Err(e) => panic!("packed abilities are damaged ({e}); regenerate the set with cardc"),
            }),
        }
    }
}

impl From<Vec<Ability>> for Abilities {
    fn from(list: Vec<Ability>) -> Abilities {
        Abilities(AbilitiesInner::List(List::Owned(list)))
    }
}

impl From<List<Ability>> for Abilities {
    fn from(list: List<Ability>) -> Abilities {
        Abilities(AbilitiesInner::List(list))
    }
}

impl PartialEq for Abilities {
    fn eq(&self, other: &Abilities) -> bool {
        self[..] == other[..]
    }
}

impl Eq for Abilities {}

impl std::hash::Hash for Abilities {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self[..].hash(state);
    }
}

impl std::fmt::Debug for Abilities {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        std::fmt::Debug::fmt(&self[..], f)
    }
}

/// Packed as the list packed on its own, into one string, which a compiled set's card
/// keeps until its abilities are read.
#[cfg(feature = "pack")]
impl crate::packed::Pack for Abilities {
    fn pack(&self, to: &mut crate::packed::Packer) {
        to.string(&crate::packed::pack_value(&&self[..]));
    }
}

impl crate::packed::Unpack for Abilities {
    fn unpack(from: &mut crate::packed::Unpacker<'_>) -> Result<Abilities, crate::packed::Error> {
        let text = from.string()?;
        // Inside a compiled set's static data: kept packed until read.
        if let Some(data) = from.within_static(text) {
            return Ok(Abilities::packed(data));
        }
        crate::packed::unpack_value::<Vec<Ability>>(text).map(Abilities::from)
    }
}

/// The list.
#[cfg(feature = "serde")]
impl serde::Serialize for Abilities {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self[..].serialize(serializer)
    }
}

/// The list.
#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Abilities {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Abilities, D::Error> {
        Vec::<Ability>::deserialize(deserializer).map(Abilities::from)
    }
}
