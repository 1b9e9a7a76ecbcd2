//! The model of a compiled card set.
//!
//! Every list is a `Cow<'static, [T]>` and every string a `Cow<'static, str>`: a set can
//! be built as `static` data with borrowed slices, or with owned vectors, as cardc does
//! when it loads a set at run time and [`packed`](crate::packed) when it unpacks a
//! compiled one. The rules in this crate take a `&Set` and do not care which. Every type
//! derives `serde`'s traits, which the packed format follows field by field.

use serde::{Deserialize, Serialize};
use std::borrow::Cow;

use crate::ability::Ability;
use crate::restriction::{Restriction, Subject};

/// A string in the model.
pub type Text = Cow<'static, str>;
/// A list in the model.
pub type List<T> = Cow<'static, [T]>;

/// A vocabulary entry: its id and display name.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Entry {
    /// The kebab-case id.
    pub id: Text,
    /// The display name (the id when none was given).
    pub name: Text,
    /// `implicit` on an icon (every ship may equip one card of it without printing it);
    /// `optional` on a header (abilities under it are optional).
    pub marked: bool,
}

/// The vocabulary a game declares. Cards and rules refer to entries by index.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[allow(missing_docs)]
pub struct Vocabulary {
    pub factions: List<Entry>,
    pub sizes: List<Entry>,
    pub stats: List<Entry>,
    pub icons: List<Entry>,
    pub ship_icons: List<Entry>,
    pub traits: List<Entry>,
    pub classes: List<Entry>,
    pub techs: List<Entry>,
    pub phases: List<Entry>,
    pub tokens: List<Entry>,
    pub resources: List<Entry>,
    pub actions: List<Entry>,
    pub dice: List<Entry>,
    pub results: List<Entry>,
    pub arcs: List<Entry>,
    pub headers: List<Entry>,
    pub formats: List<Entry>,
    pub maneuvers: List<Entry>,
}

/// The kinds of vocabulary a game declares.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[allow(missing_docs)]
pub enum VocabKind {
    Faction,
    Size,
    Stat,
    Icon,
    ShipIcon,
    Trait,
    Class,
    Tech,
    Phase,
    Token,
    Resource,
    Action,
    Die,
    Result,
    Arc,
    Header,
    Format,
    Maneuver,
}

impl VocabKind {
    /// Every kind, in declaration-table order.
    pub const ALL: [VocabKind; 18] = [
        VocabKind::Faction,
        VocabKind::Size,
        VocabKind::Stat,
        VocabKind::Icon,
        VocabKind::ShipIcon,
        VocabKind::Trait,
        VocabKind::Class,
        VocabKind::Tech,
        VocabKind::Phase,
        VocabKind::Token,
        VocabKind::Resource,
        VocabKind::Action,
        VocabKind::Die,
        VocabKind::Result,
        VocabKind::Arc,
        VocabKind::Header,
        VocabKind::Format,
        VocabKind::Maneuver,
    ];

    /// The kind a keyword names.
    pub fn from_keyword(word: &str) -> Option<VocabKind> {
        VocabKind::ALL.into_iter().find(|k| k.keyword() == word)
    }

    /// This kind's entries in a vocabulary.
    pub fn entries(self, vocab: &Vocabulary) -> &[Entry] {
        vocab.list(self)
    }
}

/// The one table of vocabulary kinds: each kind, the keyword of its line in `game.cards`,
/// the [`Vocabulary`] field holding its entries, the enum generated code names it with, and
/// what its entries are in the plural.
macro_rules! vocab_kinds {
    ($($kind:ident => $keyword:literal, $field:ident, $enum_name:literal, $plural:literal;)*) => {
        impl VocabKind {
            /// The keyword that starts its line in `game.cards`.
            pub fn keyword(self) -> &'static str {
                match self {
                    $(VocabKind::$kind => $keyword,)*
                }
            }

            /// The [`Vocabulary`] field that holds this kind's entries (`ship_icons`).
            pub fn field_name(self) -> &'static str {
                match self {
                    $(VocabKind::$kind => stringify!($field),)*
                }
            }

            /// The name of the enum generated code gives this kind (`ShipIcon`, `DieResult`).
            pub fn enum_name(self) -> &'static str {
                match self {
                    $(VocabKind::$kind => $enum_name,)*
                }
            }

            /// What this kind's entries are, in the plural, for documentation (`ship icons`).
            pub fn plural(self) -> &'static str {
                match self {
                    $(VocabKind::$kind => $plural,)*
                }
            }
        }

        impl Vocabulary {
            /// The entries of one kind.
            pub fn list(&self, kind: VocabKind) -> &[Entry] {
                match kind {
                    $(VocabKind::$kind => &self.$field,)*
                }
            }

            /// The entries of one kind, to fill in.
            pub fn list_mut(&mut self, kind: VocabKind) -> &mut List<Entry> {
                match kind {
                    $(VocabKind::$kind => &mut self.$field,)*
                }
            }
        }
    };
}

vocab_kinds! {
    Faction => "faction", factions, "Faction", "factions";
    Size => "size", sizes, "Size", "size classes";
    Stat => "stat", stats, "Stat", "stats";
    Icon => "icon", icons, "Icon", "upgrade icons";
    ShipIcon => "ship-icon", ship_icons, "ShipIcon", "ship icons";
    Trait => "trait", traits, "Trait", "traits";
    Class => "class", classes, "Class", "blueprint classes";
    Tech => "tech", techs, "Tech", "technologies";
    Phase => "phase", phases, "Phase", "phases";
    Token => "token", tokens, "Token", "tokens";
    Resource => "resource", resources, "Resource", "resources";
    Action => "action", actions, "Action", "actions";
    Die => "die", dice, "Die", "dice";
    Result => "result", results, "DieResult", "die results";
    Arc => "arc", arcs, "Arc", "arcs";
    Header => "header", headers, "Header", "ability headers";
    Format => "format", formats, "Format", "formats";
    Maneuver => "maneuver", maneuvers, "Maneuver", "maneuvers";
}

#[cfg(test)]
mod vocab_kinds_tests {
    use super::*;

    /// Each kind reads and fills its own field: a vocabulary with one entry per kind,
    /// each named after the field `field_name` says, gives every kind back its own.
    #[test]
    fn each_kind_has_its_own_field() {
        let mut vocab = Vocabulary::default();
        for kind in VocabKind::ALL {
            let name: Text = kind.field_name().into();
            *vocab.list_mut(kind) = vec![Entry { id: name.clone(), name, marked: false }].into();
        }
        assert_eq!(vocab.ship_icons[0].id, "ship_icons");
        assert_eq!(vocab.results[0].id, "results");
        for kind in VocabKind::ALL {
            assert_eq!(vocab.list(kind)[0].id, kind.field_name());
            assert_eq!(kind.entries(&vocab)[0].id, kind.field_name());
        }
        let mut enums: Vec<&str> = VocabKind::ALL.iter().map(|k| k.enum_name()).collect();
        enums.sort_unstable();
        enums.dedup();
        assert_eq!(enums.len(), VocabKind::ALL.len(), "two kinds share an enum name");
        assert_eq!(VocabKind::Result.enum_name(), "DieResult");
        for kind in VocabKind::ALL {
            assert_eq!(VocabKind::from_keyword(kind.keyword()), Some(kind));
        }
        assert_eq!(VocabKind::ShipIcon.keyword(), "ship-icon");
        assert_eq!(VocabKind::ShipIcon.plural(), "ship icons");
    }
}

impl std::fmt::Display for VocabKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.keyword())
    }
}

/// The kinds of card.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum CardKind {
    /// What every ship of one type shares.
    Chassis,
    /// A ship card or pilot.
    Ship,
    /// An upgrade card.
    Upgrade,
    /// An Eclipse ship part.
    Part,
    /// An Eclipse blueprint.
    Blueprint,
    /// An Eclipse species board.
    Species,
}

impl CardKind {
    /// Every kind.
    pub const ALL: [CardKind; 6] =
        [CardKind::Chassis, CardKind::Ship, CardKind::Upgrade, CardKind::Part, CardKind::Blueprint, CardKind::Species];

    /// The keyword that starts such a card in a card file (`ship`).
    pub fn as_str(self) -> &'static str {
        match self {
            CardKind::Chassis => "chassis",
            CardKind::Ship => "ship",
            CardKind::Upgrade => "upgrade",
            CardKind::Part => "part",
            CardKind::Blueprint => "blueprint",
            CardKind::Species => "species",
        }
    }

    /// The kind a keyword names.
    pub fn from_keyword(word: &str) -> Option<CardKind> {
        CardKind::ALL.into_iter().find(|k| k.as_str() == word)
    }
}

impl std::fmt::Display for CardKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// `charges: N [recurring [R]]`, `force: N [recurring [R]]`: a resource the card starts
/// with and how much of it comes back each round.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Charges {
    /// How many the card starts with.
    pub count: i64,
    /// How many are recovered each round (`recurring` alone is 1; negative loses some).
    pub recovers: i64,
}

impl Charges {
    /// Whether the amount changes each round.
    pub fn recurring(&self) -> bool {
        self.recovers != 0
    }
}

/// The color of an action on an action bar (`red focus`); white unless printed otherwise.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Difficulty {
    /// A white action.
    #[default]
    White,
    /// A red action.
    Red,
    /// A purple action.
    Purple,
}

impl Difficulty {
    /// Every difficulty.
    pub const ALL: [Difficulty; 3] = [Difficulty::White, Difficulty::Red, Difficulty::Purple];

    /// The word the card language writes (`red`).
    pub fn as_str(self) -> &'static str {
        match self {
            Difficulty::White => "white",
            Difficulty::Red => "red",
            Difficulty::Purple => "purple",
        }
    }

    /// The difficulty a word names.
    pub fn from_word(word: &str) -> Option<Difficulty> {
        Difficulty::ALL.into_iter().find(|d| d.as_str() == word)
    }
}

/// One action of an action bar: `focus > red barrel-roll`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct BarAction {
    /// The action (an index into the set's actions).
    pub action: u16,
    /// Its color.
    pub difficulty: Difficulty,
    /// The linked action that may follow it, and that one's color.
    pub linked: Option<(u16, Difficulty)>,
}

impl BarAction {
    /// A white action with no link.
    pub const fn white(action: u16) -> BarAction {
        BarAction { action, difficulty: Difficulty::White, linked: None }
    }
}

/// What a variable cost depends on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum CostBasis {
    /// The size of the ship equipping the card (keys are size indices).
    Size,
    /// A stat of the ship equipping the card (keys are the stat's values).
    Stat(u16),
}

/// `cost: by size small = 2, large = 4`: a cost that the equipping ship decides.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct VariableCost {
    /// What the cost depends on.
    pub basis: CostBasis,
    /// (key, cost) pairs in printed order.
    pub values: List<(i64, i64)>,
}

impl VariableCost {
    /// The cost for a ship: the value of its key, `None` when the ship has no such key.
    pub fn for_ship(&self, ship: &ShipView<'_>) -> Option<i64> {
        let key = match self.basis {
            CostBasis::Size => ship.size().map(i64::from),
            CostBasis::Stat(s) => ship.stat(s),
        }?;
        self.values.iter().find(|(k, _)| *k == key).map(|(_, v)| *v)
    }
}

/// What an upgrade adds to (or removes from) the ship that equips it (`grants:`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Grant {
    /// `slot crew 2`, `slot device -1`: upgrade icons added to (removed from) the bar.
    Slot(u16, i64),
    /// `action red evade`: an action added to the action bar.
    Action(u16, Difficulty),
    /// `stat hull +1`.
    Stat(u16, i64),
    /// `force +1`.
    Force(i64),
    /// `arc single-turret`.
    Arc(u16),
}

/// A named ship ability on a chassis.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct NamedAbility {
    /// The ability's name.
    pub name: Text,
    /// Its printed text.
    pub text: Text,
}

/// One card. Fields a kind does not use are empty.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Card {
    /// The card's id, unique in its set.
    pub id: Text,
    /// The printed name.
    pub name: Text,
    /// The kind of card.
    pub kind: CardKind,
    /// Faction affiliation: empty means any faction, two or more is dual.
    pub factions: List<u16>,
    /// Fleet point cost.
    pub cost: Option<i64>,
    /// A unique name (`unique`, or `limited: 1`).
    pub unique: bool,
    /// At most this many copies of the name (`limited: N`).
    pub limited: Option<u32>,
    /// Size class.
    pub size: Option<u16>,
    /// The ship icon; on an upgrade (a title) the ship icon it requires.
    pub ship_icon: Option<u16>,
    /// The chassis card a ship inherits from.
    pub chassis: Option<u32>,
    /// Traits.
    pub traits: List<u16>,
    /// A ship's upgrade bar, one entry per printed icon.
    pub upgrades: List<u16>,
    /// An upgrade's icon, or the group of icons it fills together.
    pub icons: List<u16>,
    /// An upgrade's restriction trait.
    pub requires: Option<Restriction>,
    /// Stat values by stat index, sorted by stat.
    pub stats: List<(u16, i64)>,
    /// Action bar.
    pub actions: List<BarAction>,
    /// The firing arcs (arc indices).
    pub arcs: List<u16>,
    /// Force the card starts with, and how much comes back each round.
    pub force: Option<Charges>,
    /// Charges the card starts with.
    pub charges: Option<Charges>,
    /// A cost the equipping ship decides (`cost: by size …`); `cost` is then empty.
    pub cost_by: Option<VariableCost>,
    /// What an upgrade adds to or removes from its ship.
    pub grants: List<Grant>,
    /// The formats the card is legal in (format indices).
    pub formats: List<u16>,
    /// A standard-loadout ship's fixed upgrades (card indices).
    pub standard_loadout: List<u32>,
    /// An upgrade only a standard loadout may include.
    pub standard_loadout_only: bool,
    /// The card this one is the other side of (a card index).
    pub back_of: Option<u32>,
    /// A blueprint's class.
    pub class: Option<u16>,
    /// A blueprint's grid: a preprinted part (card index) or an empty space.
    pub spaces: List<Option<u32>>,
    /// A blueprint's fixed parts outside the grid.
    pub fixed: List<u32>,
    /// A Drive part.
    pub drive: bool,
    /// An Ancient part.
    pub ancient: bool,
    /// The tech a part needs.
    pub tech: Option<u16>,
    /// A species' Upgrade activations per Upgrade action.
    pub upgrade_activations: Option<u32>,
    /// A species' blueprints (card indices).
    pub blueprints: List<u32>,
    /// The printed ability text.
    pub text: Option<Text>,
    /// Named ship abilities (chassis).
    pub ship_abilities: List<NamedAbility>,
    /// The abilities of its text and of its ship abilities, parsed, in printed order.
    pub abilities: List<Ability>,
    /// The id in the XWS squad format.
    pub xws: Option<Text>,
}

impl Card {
    /// An empty card of a kind, for building one field at a time.
    pub fn empty(id: impl Into<Text>, name: impl Into<Text>, kind: CardKind) -> Card {
        Card {
            id: id.into(),
            name: name.into(),
            kind,
            factions: List::Borrowed(&[]),
            cost: None,
            unique: false,
            limited: None,
            size: None,
            ship_icon: None,
            chassis: None,
            traits: List::Borrowed(&[]),
            upgrades: List::Borrowed(&[]),
            icons: List::Borrowed(&[]),
            requires: None,
            stats: List::Borrowed(&[]),
            actions: List::Borrowed(&[]),
            arcs: List::Borrowed(&[]),
            force: None,
            charges: None,
            cost_by: None,
            grants: List::Borrowed(&[]),
            formats: List::Borrowed(&[]),
            standard_loadout: List::Borrowed(&[]),
            standard_loadout_only: false,
            back_of: None,
            class: None,
            spaces: List::Borrowed(&[]),
            fixed: List::Borrowed(&[]),
            drive: false,
            ancient: false,
            tech: None,
            upgrade_activations: None,
            blueprints: List::Borrowed(&[]),
            text: None,
            ship_abilities: List::Borrowed(&[]),
            abilities: List::Borrowed(&[]),
            xws: None,
        }
    }

    /// The value of a stat printed on this card.
    pub fn stat(&self, stat: u16) -> Option<i64> {
        self.stats.iter().find(|(s, _)| *s == stat).map(|(_, v)| *v)
    }

    /// The card's cost on a ship: its printed cost, else its variable cost for that ship.
    pub fn cost_on(&self, ship: Option<&ShipView<'_>>) -> Option<i64> {
        self.cost.or_else(|| self.cost_by.as_ref().zip(ship).and_then(|(v, s)| v.for_ship(s)))
    }
}

/// A comparison operator.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum CmpOp {
    /// `at most`.
    AtMost,
    /// `at least`.
    AtLeast,
    /// `exactly`.
    Exactly,
}

/// A bound: `at most 3`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Cmp {
    /// The operator.
    pub op: CmpOp,
    /// The bound.
    pub n: i64,
}

impl Cmp {
    /// Whether `value` is within the bound.
    pub fn holds(self, value: i64) -> bool {
        match self.op {
            CmpOp::AtMost => value <= self.n,
            CmpOp::AtLeast => value >= self.n,
            CmpOp::Exactly => value == self.n,
        }
    }
}

/// Where a rule counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Scope {
    /// One ship and its upgrades.
    Ship,
    /// The whole list.
    Fleet,
    /// One blueprint.
    Blueprint,
}

/// What a counting rule counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum SelectorKind {
    /// Ship cards.
    Ship,
    /// Upgrade cards.
    Upgrade,
    /// Ship parts.
    Part,
    /// Any card.
    Card,
}

/// A narrowing of a selector.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Filter {
    /// The card has this icon.
    Icon(u16),
    /// The card has this trait.
    Trait(u16),
    /// The part is a Drive.
    Drive,
    /// The card's name contains this text.
    Name(Text),
}

/// What a counting rule counts: a kind of card narrowed by filters.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Selector {
    /// The kind counted.
    pub kind: SelectorKind,
    /// All must hold.
    pub filters: List<Filter>,
}

/// What a rule demands.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Constraint {
    /// No two cards marked unique (or limited) share a name beyond their limit.
    UniqueNames {
        /// Where.
        scope: Scope,
    },
    /// The summed stat is within the bound.
    Sum {
        /// The stat index.
        stat: u16,
        /// The bound.
        cmp: Cmp,
        /// Over what.
        scope: Scope,
        /// When the rule applies.
        condition: Option<Restriction>,
    },
    /// The total cost is within the bound.
    TotalCost {
        /// The bound.
        cmp: Cmp,
        /// Only these cards' costs count (`total cost of upgrades`); every card without.
        of: Option<SelectorKind>,
        /// The bound is this stat of each ship instead of `cmp.n` (`at most loadout per
        /// ship`).
        stat: Option<u16>,
        /// Over what.
        scope: Scope,
        /// When the rule applies.
        condition: Option<Restriction>,
    },
    /// Ships that share a ship icon all equip the same selected upgrades
    /// (`same upgrade with trait standardized per ship-icon`).
    Same {
        /// What must be the same.
        selector: Selector,
    },
    /// The number of selected cards is within the bound (`no` is `at most 0`).
    Count {
        /// The bound.
        cmp: Cmp,
        /// What is counted.
        selector: Selector,
        /// Where.
        scope: Scope,
        /// When the rule applies.
        condition: Option<Restriction>,
    },
}

/// A fleet-building or blueprint rule.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Rule {
    /// The violation id.
    pub id: Text,
    /// The message a violation prints.
    pub message: Text,
    /// What it demands.
    pub constraint: Constraint,
}

/// A compiled card set.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Set {
    /// The game's id.
    pub game: Text,
    /// The game's display name.
    pub name: Text,
    /// The vocabulary.
    pub vocab: Vocabulary,
    /// The icon whose card makes a ship the flagship.
    pub flagship_icon: Option<u16>,
    /// The cards, in the order they are declared.
    pub cards: List<Card>,
    /// The rules, in the order they are declared.
    pub rules: List<Rule>,
}

impl Set {
    /// The card with this id.
    pub fn card(&self, id: &str) -> Option<(u32, &Card)> {
        self.cards.iter().enumerate().find(|(_, c)| c.id == id).map(|(i, c)| (i as u32, c))
    }

    /// The chassis of a ship, if it has one.
    pub fn chassis_of(&self, ship: &Card) -> Option<&Card> {
        ship.chassis.and_then(|c| self.cards.get(c as usize))
    }

    /// Whether a card has a trait: its own traits and its chassis' together (X-Wing prints
    /// a ship type's keywords, such as TIE, on every pilot of it and a pilot's own, such as
    /// Jedi, on that pilot alone). Restrictions, rule conditions and rule selectors all
    /// ask this.
    pub fn has_trait(&self, card: &Card, t: u16) -> bool {
        card.traits.contains(&t) || self.chassis_of(card).is_some_and(|c| c.traits.contains(&t))
    }
}

/// A ship as restrictions and equipping see it: its own fields, else its chassis'.
#[derive(Clone, Copy, Debug)]
pub struct ShipView<'a> {
    /// The set the ship is from.
    pub set: &'a Set,
    /// The ship card.
    pub ship: &'a Card,
    /// Its chassis, if any.
    pub chassis: Option<&'a Card>,
    /// The ship's index in the set.
    pub index: u32,
    /// Whether it is the flagship.
    pub flagship: bool,
    /// The fleet around the ship; `None` when the ship is seen alone, as when a set is
    /// linted, and then every test of the fleet (`equipped`, `in-fleet`) may hold.
    pub fleet: Option<FleetContext<'a>>,
}

/// What restrictions may ask of the fleet around a ship.
#[derive(Clone, Copy, Debug)]
pub struct FleetContext<'a> {
    /// The upgrades the ship equips (card indices).
    pub upgrades: &'a [u32],
    /// Every card in the fleet: ships and upgrades (card indices).
    pub cards: &'a [u32],
}

impl<'a> ShipView<'a> {
    /// A view of `set.cards[index]`, alone.
    pub fn new(set: &'a Set, index: u32, flagship: bool) -> Option<ShipView<'a>> {
        let ship = set.cards.get(index as usize)?;
        Some(ShipView { set, ship, chassis: set.chassis_of(ship), index, flagship, fleet: None })
    }

    /// The same view, in a fleet.
    pub fn in_fleet(self, fleet: FleetContext<'a>) -> ShipView<'a> {
        ShipView { fleet: Some(fleet), ..self }
    }

    /// What the upgrades the ship equips in its fleet grant it (nothing when it is alone).
    pub fn granted(&self) -> impl Iterator<Item = &'a Grant> + 'a {
        let (set, upgrades) = (self.set, self.fleet.map_or(&[][..], |f| f.upgrades));
        upgrades.iter().filter_map(move |&u| set.cards.get(u as usize)).flat_map(|c| c.grants.iter())
    }

    /// The ship icon: its own, else its chassis'.
    pub fn ship_icon(&self) -> Option<u16> {
        self.ship.ship_icon.or_else(|| self.chassis.and_then(|c| c.ship_icon))
    }

    /// The ship's arcs: its own, else its chassis'.
    pub fn arcs(&self) -> &'a [u16] {
        match self.chassis {
            Some(c) if self.ship.arcs.is_empty() => &c.arcs,
            _ => &self.ship.arcs,
        }
    }

    /// The ship's factions: its own, else its chassis'.
    pub fn factions(&self) -> &'a [u16] {
        match self.chassis {
            Some(c) if self.ship.factions.is_empty() => &c.factions,
            _ => &self.ship.factions,
        }
    }

    /// The ship's actions: its own, else its chassis'.
    pub fn actions(&self) -> &'a [BarAction] {
        match self.chassis {
            Some(c) if self.ship.actions.is_empty() => &c.actions,
            _ => &self.ship.actions,
        }
    }

    /// A stat: the ship's own value, else its chassis'.
    pub fn stat(&self, stat: u16) -> Option<i64> {
        self.ship.stat(stat).or_else(|| self.chassis.and_then(|c| c.stat(stat)))
    }
}

impl Subject for ShipView<'_> {
    fn size(&self) -> Option<u16> {
        self.ship.size.or_else(|| self.chassis.and_then(|c| c.size))
    }
    fn is_flagship(&self) -> bool {
        self.flagship
    }
    fn has_trait(&self, t: u16) -> bool {
        self.set.has_trait(self.ship, t)
    }
    fn name(&self) -> &str {
        &self.ship.name
    }
    fn has_ship_icon(&self, icon: u16) -> bool {
        self.ship_icon() == Some(icon)
    }
    fn is_chassis(&self, chassis: u32) -> bool {
        self.ship.chassis == Some(chassis) || self.index == chassis
    }
    fn has_faction(&self, faction: u16) -> bool {
        self.factions().contains(&faction)
    }
    fn has_action(&self, action: u16, difficulty: Option<Difficulty>) -> bool {
        let fits = |a: u16, d: Difficulty| a == action && difficulty.is_none_or(|want| want == d);
        self.actions().iter().any(|a| fits(a.action, a.difficulty))
            || self.granted().any(|g| matches!(*g, Grant::Action(a, d) if fits(a, d)))
    }
    fn has_class(&self, class: u16) -> bool {
        self.ship.class == Some(class)
    }
    fn has_arc(&self, arc: u16) -> bool {
        self.arcs().contains(&arc) || self.granted().any(|g| *g == Grant::Arc(arc))
    }
    fn has_equipped(&self, icon: u16) -> bool {
        match self.fleet {
            None => true,
            Some(f) => {
                f.upgrades.iter().any(|&u| self.set.cards.get(u as usize).is_some_and(|c| c.icons.contains(&icon)))
            }
        }
    }
    fn fleet_has_name(&self, name: &str) -> bool {
        match self.fleet {
            None => true,
            Some(f) => f.cards.iter().any(|&c| self.set.cards.get(c as usize).is_some_and(|c| c.name == name)),
        }
    }
    fn is_limited(&self) -> bool {
        self.ship.unique || self.ship.limited.is_some()
    }
    fn has_ship_ability(&self, name: &str) -> bool {
        let named = |c: &Card| c.ship_abilities.iter().any(|a| a.name == name);
        named(self.ship) || self.chassis.is_some_and(named)
    }
    fn stat_value(&self, stat: u16) -> Option<i64> {
        self.stat(stat)
    }
    fn has_icon(&self, icon: u16) -> bool {
        self.ship.upgrades.contains(&icon)
    }
}

/// Whether two faction affiliations are compatible: either is "any", or they share one.
pub fn factions_meet(a: &[u16], b: &[u16]) -> bool {
    a.is_empty() || b.is_empty() || a.iter().any(|f| b.contains(f))
}

/// Whether a ship's upgrade bar, on its own, has room for one card with `icons` (a group
/// takes one printed icon of each; an implicit icon needs none printed).
pub fn bar_has_room(bar: &[u16], icons: &[u16], implicit: impl Fn(u16) -> bool) -> bool {
    // Each copy of an icon in the group takes one printed copy while there are any left;
    // the copies beyond them need the icon to be implicit. Counting, rather than taking
    // copies out of a copy of the bar, allocates nothing: this runs for every pair of
    // upgrade and ship when a set is linted.
    icons.iter().enumerate().all(|(k, icon)| {
        let nth = icons[..k].iter().filter(|i| *i == icon).count();
        bar.iter().filter(|i| *i == icon).count() > nth || implicit(*icon)
    })
}

/// Whether `restriction` (if any) can be met by `view`, flagship or not as allowed.
pub fn could_meet(restriction: Option<&Restriction>, view: ShipView<'_>, may_be_flagship: bool) -> bool {
    let Some(r) = restriction else { return true };
    r.eval(&ShipView { flagship: false, ..view }) || (may_be_flagship && r.eval(&ShipView { flagship: true, ..view }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn groups_take_one_icon_each() {
        assert!(bar_has_room(&[1, 2, 3], &[1, 3], |_| false));
        assert!(!bar_has_room(&[1, 2], &[1, 1], |_| false));
        assert!(bar_has_room(&[1, 1], &[1, 1], |_| false));
        assert!(bar_has_room(&[2], &[0], |i| i == 0));
        assert!(!bar_has_room(&[], &[3], |i| i == 0));
    }

    #[test]
    fn factions() {
        assert!(factions_meet(&[], &[1]));
        assert!(factions_meet(&[1, 2], &[2]));
        assert!(!factions_meet(&[1], &[2]));
    }

    #[test]
    fn ships_inherit_from_their_chassis() {
        let mut chassis = Card::empty("c", "C", CardKind::Chassis);
        chassis.factions = vec![3].into();
        chassis.size = Some(1);
        chassis.traits = vec![7].into();
        chassis.stats = vec![(0, 2)].into();
        let mut ship = Card::empty("s", "S", CardKind::Ship);
        ship.chassis = Some(0);
        ship.stats = vec![(1, 5)].into();
        let set = Set {
            game: "g".into(),
            name: "G".into(),
            vocab: Vocabulary::default(),
            flagship_icon: None,
            cards: vec![chassis, ship].into(),
            rules: List::Borrowed(&[]),
        };
        let v = ShipView::new(&set, 1, false).unwrap();
        assert_eq!(v.factions(), &[3]);
        assert_eq!(v.size(), Some(1));
        assert!(v.has_trait(7));
        assert!(v.is_chassis(0));
        assert_eq!((v.stat(0), v.stat(1)), (Some(2), Some(5)));
    }
}
