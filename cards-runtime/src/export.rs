//! A set as JSON: what `cardc export <set> --format json` prints.
//!
//! The model refers to vocabulary entries and cards by index, which is compact but only
//! readable next to the tables. [`export`] builds a view of a [`Set`] in which every
//! reference is an id (`"rebel-alliance"`, `"x-wing"`), so the output reads on its own and
//! stays the same when a set gains an entry. It derives `serde::Serialize`; the order of
//! everything is the set's own (vocabulary and cards as declared, stats by stat), so
//! exporting a set twice gives the same bytes.
//!
//! # Shape
//!
//! ```json
//! {
//!   "game": "xwing", "name": "X-Wing", "flagship_icon": "command",
//!   "vocabulary": { "factions": [{"id": "rebel-alliance", "name": "Rebel Alliance"}],
//!                   "icons": [{"id": "crew", "name": "Crew", "marked": true}], … },
//!   "rules": [{"id": "points", "message": "…",
//!              "constraint": {"type": "total_cost", "cmp": {"op": "at_most", "n": 200},
//!                             "scope": "fleet"}}],
//!   "cards": [{"id": "luke-skywalker", "name": "Luke Skywalker", "kind": "ship", …}]
//! }
//! ```
//!
//! - `vocabulary`: one key per kind that has entries, named like the fields of
//!   [`Vocabulary`](crate::model::Vocabulary) (`factions`, `ship_icons`, …), in
//!   declaration order. `marked` (only when true) is `implicit` on an icon and `optional`
//!   on a header.
//! - `rules`: `constraint` is tagged by `type`: `unique_names {scope}`, `sum {stat, cmp,
//!   scope, condition?}`, `total_cost {cmp, of?, scope, condition?}`, `same {selector}`,
//!   `count {cmp, selector, scope, condition?}`. `cmp` is `{op: "at_most" | "at_least" |
//!   "exactly", n}`, or `{op, stat}` when the bound is each ship's value of that stat
//!   (`total cost of upgrades at most loadout per ship`); `scope` `"ship" | "fleet" |
//!   "blueprint"`; `of` and a selector's `kind` `"ship" | "upgrade" | "part" | "card"`; a
//!   selector `{kind, filters}` with filters `{"icon": id}`, `{"trait": id}`, `{"drive":
//!   true}`, `{"name": text}`; `condition` is a requirement tree (below).
//! - `cards`, in declaration order: `id`, `name`, `kind`, then only the fields the card
//!   has (absent when empty or `false`): `factions` (ids), `cost`, `cost_by`
//!   (`{basis, values}`: `basis` is `"size"` or a stat id; `values` an object keyed by size
//!   id or by the stat's value as a string, in printed order), `unique`, `limited`,
//!   `size`, `ship_icon`, `chassis` (a card id), `traits`, `upgrades` (the bar, one id
//!   per printed icon), `icons`, `requires` (a requirement tree), `stats` (`{stat id:
//!   value}` in declaration order), `actions` (`[{action, difficulty, linked?: {action,
//!   difficulty}}]`, difficulty `"white" | "red" | "purple"`), `arcs`, `force` and
//!   `charges` (`{count, recovers}`), `grants` (below), `formats`, `standard_loadout`
//!   (card ids), `standard_loadout_only`, `back_of` (a card id), Eclipse's `class`,
//!   `spaces` (card ids, `null` for an empty space), `fixed`, `drive`, `ancient`, `tech`,
//!   `upgrade_activations`, `blueprints`, then `text`, `ship_abilities` (`[{name,
//!   text}]`) and `xws`.
//! - A requirement tree is one object with one key: `{"and": [tree, …]}`, `{"or": [tree,
//!   …]}` (chains of one operator are flattened: `a and b and c` is one `and` of three),
//!   `{"not": tree}`, or an atom: `{"size": [ids]}`, `{"flagship": true}`, `{"trait":
//!   id}`, `{"name": text}` (the name contains it), `{"ship_icon": id}`, `{"chassis":
//!   card id}`, `{"faction": id}`, `{"action": {"action": id, "difficulty"?: …}}` (no
//!   difficulty: any color), `{"class": id}`, `{"arc": id}`, `{"equipped": icon id}`,
//!   `{"in_fleet": name}`, `{"limited": true}`, `{"ship_ability": name}`, `{"stat":
//!   {"stat": id, "values": [n, …]}}`, `{"icon": id}` (the ship's bar prints it).
//! - A grant is tagged by `type`: `{"type": "slot", "icon", "amount"}`, `{"type":
//!   "action", "action", "difficulty"}`, `{"type": "stat", "stat", "amount"}`, `{"type":
//!   "force", "amount"}`, `{"type": "arc", "arc"}`.
//!
//! An index that points outside its table (which a set cardc built never holds) is written
//! `"#<index>"`; a restriction operand that points at no earlier node is written `false`,
//! which is how [`Restriction::eval`] reads it. Nothing here panics.
//!
//! Abilities are not exported. They are a reading of `text` and `ship_abilities`, which
//! are exported as printed; `cardc abilities --format json` prints that reading with its
//! spans. Keeping them out keeps this export to what the card says, so it is stable while
//! the ability grammar grows, and small enough to diff.

use std::borrow::Cow;

use serde::ser::{SerializeMap, Serializer};
use serde::Serialize;

use crate::model::{
    BarAction, Card, Charges, Cmp, Constraint, CostBasis, Difficulty, Filter, Grant, Noun, Rule, Selector, Set,
    VocabKind,
};
use crate::restriction::{Atom, Node, Restriction};

/// An id (or a name) in the export: borrowed from the set, or `"#<index>"` for an index
/// that points outside its table.
pub type Id<'a> = Cow<'a, str>;

/// Pairs written as a JSON object, in the order given.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ordered<K, V>(pub Vec<(K, V)>);

impl<K, V> Ordered<K, V> {
    /// Whether there are no pairs.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

impl<K: Serialize, V: Serialize> Serialize for Ordered<K, V> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.0.len()))?;
        for (k, v) in &self.0 {
            map.serialize_entry(k, v)?;
        }
        map.end()
    }
}

/// A whole set.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SetExport<'a> {
    /// The game's id.
    pub game: &'a str,
    /// The game's display name.
    pub name: &'a str,
    /// The icon whose card makes a ship the flagship.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub flagship_icon: Option<Id<'a>>,
    /// Vocabulary kind (the [`Vocabulary`](crate::model::Vocabulary) field's name) → its entries, kinds with entries
    /// only, in [`VocabKind::ALL`] order.
    pub vocabulary: Ordered<&'static str, Vec<EntryExport<'a>>>,
    /// The kinds of card the game declares; absent when it declares none (the prelude's).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub kinds: Vec<KindExport<'a>>,
    /// What a list of units is called, when the game names it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub roster: Option<NounExport<'a>>,
    /// What its ability text measures distance in, when the game declares it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub distance: Option<DistanceExport<'a>>,
    /// The verbs its ability text uses that the built-in reading does not know, in order;
    /// absent when it declares none.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub verbs: Vec<VerbExport<'a>>,
    /// The rules, as declared.
    pub rules: Vec<RuleExport<'a>>,
    /// The releases, in the order of their dates; absent when it declares none.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub releases: Vec<ReleaseExport<'a>>,
    /// The cards, as declared.
    pub cards: Vec<CardExport<'a>>,
}

/// A word the game uses, in the singular and the plural.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct NounExport<'a> {
    /// Its id.
    pub id: &'a str,
    /// Its display name.
    pub name: &'a str,
    /// Its display name in the plural.
    pub plural: &'a str,
    /// Its word in the plural (`total cost of heroes`).
    pub plural_id: &'a str,
}

/// A kind of card the game declares.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct KindExport<'a> {
    /// Its id, display name and plural.
    #[serde(flatten)]
    pub noun: NounExport<'a>,
    /// Its role: `unit`, `profile`, `upgrade`, `part`, `blueprint` or `species`.
    pub role: &'static str,
}

/// The unit a game's ability text measures distance in (`within 2 spaces`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct DistanceExport<'a> {
    /// Its id, display name and plural.
    #[serde(flatten)]
    pub noun: NounExport<'a>,
    /// How far `adjacent` is in it, when the game says (`null` when it does not).
    pub adjacent: Option<u8>,
}

/// A verb a game's ability text uses (`verb heal`): its forms.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct VerbExport<'a> {
    /// Its id, the base form (`heal`).
    pub id: &'a str,
    /// Its third person singular (`heals`).
    pub third: &'a str,
    /// Its past participle (`healed`).
    pub past: &'a str,
}

fn noun(n: &Noun) -> NounExport<'_> {
    NounExport { id: &n.id, name: &n.name, plural: &n.plural, plural_id: &n.plural_id }
}

/// A vocabulary entry.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct EntryExport<'a> {
    /// Its id.
    pub id: &'a str,
    /// Its display name.
    pub name: &'a str,
    /// `implicit` on an icon, `optional` on a header.
    #[serde(skip_serializing_if = "is_false")]
    pub marked: bool,
}

/// A rule.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RuleExport<'a> {
    /// The violation id.
    pub id: &'a str,
    /// The message a violation prints.
    pub message: &'a str,
    /// What it demands.
    pub constraint: ConstraintExport<'a>,
}

/// A rule's constraint, tagged by `type`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
#[allow(missing_docs)]
pub enum ConstraintExport<'a> {
    /// No two cards of one limited name beyond their limit.
    UniqueNames { scope: &'a str },
    /// A summed stat is within the bound.
    Sum {
        stat: Id<'a>,
        cmp: CmpExport<'a>,
        scope: &'a str,
        #[serde(skip_serializing_if = "Option::is_none")]
        condition: Option<Requirement<'a>>,
    },
    /// The total cost is within the bound.
    TotalCost {
        cmp: CmpExport<'a>,
        #[serde(skip_serializing_if = "Option::is_none")]
        of: Option<&'a str>,
        scope: &'a str,
        #[serde(skip_serializing_if = "Option::is_none")]
        condition: Option<Requirement<'a>>,
    },
    /// Ships of one ship icon equip the same selected upgrades.
    Same { selector: SelectorExport<'a> },
    /// The number of selected cards is within the bound.
    Count {
        cmp: CmpExport<'a>,
        selector: SelectorExport<'a>,
        scope: &'a str,
        #[serde(skip_serializing_if = "Option::is_none")]
        condition: Option<Requirement<'a>>,
    },
}

/// A bound: `{"op": "at_most", "n": 3}`, or `{"op": "at_most", "stat": "loadout"}` when
/// the bound is each ship's value of a stat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CmpExport<'a> {
    /// `at_most`, `at_least` or `exactly`.
    pub op: &'static str,
    /// The bound.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub n: Option<i64>,
    /// The stat whose value on each ship is the bound.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stat: Option<Id<'a>>,
}

/// What a counting rule counts.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SelectorExport<'a> {
    /// `ship`, `upgrade`, `part` or `card`.
    pub kind: &'a str,
    /// All must hold.
    pub filters: Vec<FilterExport<'a>>,
}

/// A narrowing of a selector: one key.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
#[allow(missing_docs)]
pub enum FilterExport<'a> {
    Icon(Id<'a>),
    Trait(Id<'a>),
    Drive(bool),
    Name(&'a str),
}

/// One card: `id`, `name`, `kind` and the fields it has.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[allow(missing_docs)]
pub struct CardExport<'a> {
    pub id: &'a str,
    pub name: &'a str,
    /// Its kind as the game declares it: `chassis`, `ship`, `upgrade`, `part`,
    /// `blueprint` or `species` when it declares none.
    pub kind: &'a str,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub factions: Vec<Id<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cost: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cost_by: Option<CostByExport<'a>>,
    #[serde(skip_serializing_if = "is_false")]
    pub unique: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub limited: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub size: Option<Id<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ship_icon: Option<Id<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub chassis: Option<Id<'a>>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub traits: Vec<Id<'a>>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub upgrades: Vec<Id<'a>>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub icons: Vec<Id<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub requires: Option<Requirement<'a>>,
    #[serde(skip_serializing_if = "Ordered::is_empty")]
    pub stats: Ordered<Id<'a>, i64>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub actions: Vec<ActionExport<'a>>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub arcs: Vec<Id<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub force: Option<ChargesExport>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub charges: Option<ChargesExport>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub grants: Vec<GrantExport<'a>>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub formats: Vec<Id<'a>>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub standard_loadout: Vec<Id<'a>>,
    #[serde(skip_serializing_if = "is_false")]
    pub standard_loadout_only: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub back_of: Option<Id<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub class: Option<Id<'a>>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub spaces: Vec<Option<Id<'a>>>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub fixed: Vec<Id<'a>>,
    #[serde(skip_serializing_if = "is_false")]
    pub drive: bool,
    #[serde(skip_serializing_if = "is_false")]
    pub ancient: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tech: Option<Id<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub upgrade_activations: Option<u32>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub blueprints: Vec<Id<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub text: Option<&'a str>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub ship_abilities: Vec<ShipAbilityExport<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub xws: Option<&'a str>,
    /// The release it came in.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub since: Option<&'a str>,
    /// The first release it is no longer in.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub until: Option<&'a str>,
    /// Out of the set (in a version of its history).
    #[serde(skip_serializing_if = "is_false")]
    pub withdrawn: bool,
    /// What it was before each release that changed it, in the order of the releases.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub history: Vec<VersionExport<'a>>,
}

/// A card as it was until a release changed it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct VersionExport<'a> {
    /// The release that changed it.
    pub until: &'a str,
    /// The card before that release (with its `since`, and no `history` of its own).
    pub card: Box<CardExport<'a>>,
}

/// A release of the set.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ReleaseExport<'a> {
    /// Its id.
    pub id: &'a str,
    /// Its name.
    pub name: &'a str,
    /// Its date, `YYYY-MM-DD`.
    pub date: &'a str,
    /// What it is: `wave`, `points` or `erratum`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub kind: Option<&'static str>,
}

/// A variable cost.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CostByExport<'a> {
    /// `size`, or the stat's id.
    pub basis: Id<'a>,
    /// Size id (or the stat's value, as a string) → cost, in printed order.
    pub values: Ordered<Id<'a>, i64>,
}

/// An action of an action bar.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ActionExport<'a> {
    /// The action's id.
    pub action: Id<'a>,
    /// `white`, `red` or `purple`.
    pub difficulty: &'static str,
    /// The linked action that may follow it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub linked: Option<LinkedExport<'a>>,
}

/// A linked action.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LinkedExport<'a> {
    /// The action's id.
    pub action: Id<'a>,
    /// `white`, `red` or `purple`.
    pub difficulty: &'static str,
}

/// Force or charges.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct ChargesExport {
    /// How many the card starts with.
    pub count: i64,
    /// How many come back each round (negative: lost).
    pub recovers: i64,
}

/// What an upgrade adds to or takes from its ship, tagged by `type`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
#[allow(missing_docs)]
pub enum GrantExport<'a> {
    Slot { icon: Id<'a>, amount: i64 },
    Action { action: Id<'a>, difficulty: &'static str },
    Stat { stat: Id<'a>, amount: i64 },
    Force { amount: i64 },
    Arc { arc: Id<'a> },
}

/// A named ship ability.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ShipAbilityExport<'a> {
    /// Its name.
    pub name: &'a str,
    /// Its printed text.
    pub text: &'a str,
}

/// A restriction as a tree: one key per node.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
#[allow(missing_docs)]
pub enum Requirement<'a> {
    And(Vec<Requirement<'a>>),
    Or(Vec<Requirement<'a>>),
    Not(Box<Requirement<'a>>),
    Size(Vec<Id<'a>>),
    Flagship(bool),
    Trait(Id<'a>),
    Name(&'a str),
    ShipIcon(Id<'a>),
    Chassis(Id<'a>),
    Faction(Id<'a>),
    Action(ActionTest<'a>),
    Class(Id<'a>),
    Arc(Id<'a>),
    Equipped(Id<'a>),
    InFleet(&'a str),
    Limited(bool),
    ShipAbility(&'a str),
    Stat(StatTest<'a>),
    Icon(Id<'a>),
    /// A bare `true` or `false`: only for an operand that points at no earlier node.
    #[serde(untagged)]
    Const(bool),
}

/// `{"action": id, "difficulty"?: …}` in a requirement.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ActionTest<'a> {
    /// The action's id.
    pub action: Id<'a>,
    /// The color it must have; absent: any.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub difficulty: Option<&'static str>,
}

/// `{"stat": id, "values": […]}` in a requirement.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct StatTest<'a> {
    /// The stat's id.
    pub stat: Id<'a>,
    /// The values that pass.
    pub values: Vec<i64>,
}

fn is_false(b: &bool) -> bool {
    !*b
}

/// The export view of a set: every reference by id. Serialize it with serde
/// (`serde_json::to_string_pretty(&export(&set))`).
pub fn export(set: &Set) -> SetExport<'_> {
    let ids = Ids { set };
    let vocabulary = VocabKind::ALL
        .into_iter()
        .filter(|k| !set.vocab.list(*k).is_empty())
        .map(|k| {
            let entries =
                set.vocab.list(k).iter().map(|e| EntryExport { id: &e.id, name: &e.name, marked: e.marked }).collect();
            (k.field_name(), entries)
        })
        .collect();
    SetExport {
        game: &set.game,
        name: &set.name,
        flagship_icon: set.flagship_icon.map(|i| ids.vocab(VocabKind::Icon, i)),
        vocabulary: Ordered(vocabulary),
        kinds: if set.declares_kinds() {
            set.kinds.iter().map(|k| KindExport { noun: noun(&k.noun), role: k.role.role_word() }).collect()
        } else {
            Vec::new()
        },
        roster: (set.roster != Noun::FLEET).then(|| noun(&set.roster)),
        distance: set.distance.as_ref().map(|d| DistanceExport { noun: noun(&d.noun), adjacent: d.adjacent }),
        verbs: set.verbs.iter().map(|v| VerbExport { id: &v.id, third: &v.third, past: &v.past }).collect(),
        rules: set.rules.iter().map(|r| ids.rule(r)).collect(),
        releases: set
            .releases
            .iter()
            .map(|r| ReleaseExport { id: &r.id, name: &r.name, date: &r.date, kind: r.kind.map(|k| k.id()) })
            .collect(),
        cards: set.cards.iter().map(|c| ids.card_export(c)).collect(),
    }
}

/// One card of `set` as [`export`] writes it (a card of its history too).
pub fn export_card<'a>(set: &'a Set, card: &'a Card) -> CardExport<'a> {
    Ids { set }.card_export(card)
}

/// The set as pretty-printed JSON, ending in a line break.
pub fn to_json_pretty(set: &Set) -> String {
    // Serializing these types to a string cannot fail: every map key is a string.
    let mut out = serde_json::to_string_pretty(&export(set)).unwrap_or_default();
    out.push('\n');
    out
}

fn difficulty(d: Difficulty) -> &'static str {
    d.as_str()
}

fn cmp(c: Cmp) -> CmpExport<'static> {
    CmpExport { op: c.op.json_name(), n: Some(c.n), stat: None }
}

fn charges(c: Charges) -> ChargesExport {
    ChargesExport { count: c.count, recovers: c.recovers }
}

/// Index → id lookups in one set.
#[derive(Clone, Copy)]
struct Ids<'a> {
    set: &'a Set,
}

impl<'a> Ids<'a> {
    fn vocab(self, kind: VocabKind, index: u16) -> Id<'a> {
        match kind.entries(&self.set.vocab).get(index as usize) {
            Some(e) => Cow::Borrowed(&e.id),
            None => Cow::Owned(format!("#{index}")),
        }
    }

    fn vocabs(self, kind: VocabKind, indices: &[u16]) -> Vec<Id<'a>> {
        indices.iter().map(|&i| self.vocab(kind, i)).collect()
    }

    fn card(self, index: u32) -> Id<'a> {
        match self.set.cards.get(index as usize) {
            Some(c) => Cow::Borrowed(&c.id),
            None => Cow::Owned(format!("#{index}")),
        }
    }

    fn cards(self, indices: &[u32]) -> Vec<Id<'a>> {
        indices.iter().map(|&i| self.card(i)).collect()
    }

    fn action(self, action: u16, d: Difficulty) -> (Id<'a>, &'static str) {
        (self.vocab(VocabKind::Action, action), difficulty(d))
    }

    fn bar_action(self, a: &BarAction) -> ActionExport<'a> {
        let (action, difficulty) = self.action(a.action, a.difficulty);
        let linked = a.linked.map(|(l, d)| {
            let (action, difficulty) = self.action(l, d);
            LinkedExport { action, difficulty }
        });
        ActionExport { action, difficulty, linked }
    }

    fn grant(self, g: &Grant) -> GrantExport<'a> {
        match *g {
            Grant::Slot(icon, amount) => GrantExport::Slot { icon: self.vocab(VocabKind::Icon, icon), amount },
            Grant::Action(a, d) => {
                let (action, difficulty) = self.action(a, d);
                GrantExport::Action { action, difficulty }
            }
            Grant::Stat(stat, amount) => GrantExport::Stat { stat: self.vocab(VocabKind::Stat, stat), amount },
            Grant::Force(amount) => GrantExport::Force { amount },
            Grant::Arc(arc) => GrantExport::Arc { arc: self.vocab(VocabKind::Arc, arc) },
        }
    }

    fn atom(self, atom: &'a Atom) -> Requirement<'a> {
        match atom {
            Atom::Size(sizes) => Requirement::Size(self.vocabs(VocabKind::Size, sizes)),
            Atom::Flagship => Requirement::Flagship(true),
            Atom::Trait(t) => Requirement::Trait(self.vocab(VocabKind::Trait, *t)),
            Atom::Name(name) => Requirement::Name(name),
            Atom::ShipIcon(i) => Requirement::ShipIcon(self.vocab(VocabKind::ShipIcon, *i)),
            Atom::Chassis(c) => Requirement::Chassis(self.card(*c)),
            Atom::Faction(f) => Requirement::Faction(self.vocab(VocabKind::Faction, *f)),
            Atom::Action(a, d) => Requirement::Action(ActionTest {
                action: self.vocab(VocabKind::Action, *a),
                difficulty: d.map(difficulty),
            }),
            Atom::Class(c) => Requirement::Class(self.vocab(VocabKind::Class, *c)),
            Atom::Arc(a) => Requirement::Arc(self.vocab(VocabKind::Arc, *a)),
            Atom::Equipped(i) => Requirement::Equipped(self.vocab(VocabKind::Icon, *i)),
            Atom::InFleet(name) => Requirement::InFleet(name),
            Atom::Limited => Requirement::Limited(true),
            Atom::ShipAbility(name) => Requirement::ShipAbility(name),
            Atom::Stat(s, values) => {
                Requirement::Stat(StatTest { stat: self.vocab(VocabKind::Stat, *s), values: values.to_vec() })
            }
            Atom::Icon(i) => Requirement::Icon(self.vocab(VocabKind::Icon, *i)),
        }
    }

    /// The restriction as a tree, `None` when it has no nodes (every ship meets it).
    fn requirement(self, r: &'a Restriction) -> Option<Requirement<'a>> {
        let mut built: Vec<Requirement<'a>> = Vec::with_capacity(r.nodes.len());
        for node in r.nodes.iter() {
            // `built` holds the nodes before this one, so an operand that is not an earlier
            // node is `None`: false, as `eval` reads it.
            let operand = |j: u32| built.get(j as usize).cloned();
            let tree = match node {
                Node::Atom(atom) => self.atom(atom),
                Node::Not(a) => match operand(*a) {
                    Some(t) => Requirement::Not(Box::new(t)),
                    None => Requirement::Const(false),
                },
                Node::And(a, b) => join(operand(*a), operand(*b), true),
                Node::Or(a, b) => join(operand(*a), operand(*b), false),
            };
            built.push(tree);
        }
        built.pop()
    }

    fn selector(self, s: &'a Selector) -> SelectorExport<'a> {
        let filters = s
            .filters
            .iter()
            .filter_map(|f| {
                Some(match f {
                    Filter::Icon(i) => FilterExport::Icon(self.vocab(VocabKind::Icon, *i)),
                    Filter::Trait(t) => FilterExport::Trait(self.vocab(VocabKind::Trait, *t)),
                    Filter::Drive => FilterExport::Drive(true),
                    Filter::Name(n) => FilterExport::Name(n),
                    // Said by the selector's word.
                    Filter::Kind(_) => return None,
                })
            })
            .collect();
        SelectorExport { kind: self.set.selector_word(s), filters }
    }

    fn rule(self, r: &'a Rule) -> RuleExport<'a> {
        let condition = |c: &'a Option<Restriction>| c.as_ref().and_then(|c| self.requirement(c));
        let constraint = match &r.constraint {
            Constraint::UniqueNames { scope: s } => ConstraintExport::UniqueNames { scope: self.set.scope_word(*s) },
            Constraint::Sum { stat, cmp: c, scope: s, condition: cond } => ConstraintExport::Sum {
                stat: self.vocab(VocabKind::Stat, *stat),
                cmp: cmp(*c),
                scope: self.set.scope_word(*s),
                condition: condition(cond),
            },
            Constraint::TotalCost { cmp: c, of, stat, scope: s, condition: cond } => ConstraintExport::TotalCost {
                cmp: match stat {
                    Some(st) => CmpExport { stat: Some(self.vocab(VocabKind::Stat, *st)), n: None, ..cmp(*c) },
                    None => cmp(*c),
                },
                of: of.as_ref().map(|o| self.set.selector_word(o)),
                scope: self.set.scope_word(*s),
                condition: condition(cond),
            },
            Constraint::Same { selector } => ConstraintExport::Same { selector: self.selector(selector) },
            Constraint::Count { cmp: c, selector, scope: s, condition: cond } => ConstraintExport::Count {
                cmp: cmp(*c),
                selector: self.selector(selector),
                scope: self.set.scope_word(*s),
                condition: condition(cond),
            },
        };
        RuleExport { id: &r.id, message: &r.message, constraint }
    }

    fn card_export(self, c: &'a Card) -> CardExport<'a> {
        // Named field by field, without `..`, so that a field added to `Card` does not
        // compile until the export writes it (or says here why not).
        let Card {
            id,
            name,
            kind: _, // The role of the declared kind, which `kind` names.
            declared: _,
            factions,
            cost,
            unique,
            limited,
            size,
            ship_icon,
            chassis,
            traits,
            upgrades,
            icons,
            requires,
            stats,
            actions,
            arcs,
            force,
            charges: card_charges,
            cost_by,
            grants,
            formats,
            standard_loadout,
            standard_loadout_only,
            back_of,
            class,
            spaces,
            fixed,
            drive,
            ancient,
            tech,
            upgrade_activations,
            blueprints,
            text,
            ship_abilities,
            abilities: _, // The reading of `text` and `ship_abilities`: see the module doc.
            xws,
            since,
            until,
            withdrawn,
            history,
        } = c;
        let cost_by = cost_by.as_ref().map(|v| {
            let basis = match v.basis {
                CostBasis::Size => Cow::Borrowed("size"),
                CostBasis::Stat(s) => self.vocab(VocabKind::Stat, s),
            };
            let key = |k: i64| match (v.basis, u16::try_from(k)) {
                (CostBasis::Size, Ok(size)) => self.vocab(VocabKind::Size, size),
                (CostBasis::Size, Err(_)) => Cow::Owned(format!("#{k}")),
                (CostBasis::Stat(_), _) => Cow::Owned(k.to_string()),
            };
            CostByExport { basis, values: Ordered(v.values.iter().map(|&(k, cost)| (key(k), cost)).collect()) }
        });
        CardExport {
            id,
            name,
            kind: &self.set.kind_of(c).noun.id,
            factions: self.vocabs(VocabKind::Faction, factions),
            cost: *cost,
            cost_by,
            unique: *unique,
            limited: *limited,
            size: size.map(|s| self.vocab(VocabKind::Size, s)),
            ship_icon: ship_icon.map(|s| self.vocab(VocabKind::ShipIcon, s)),
            chassis: chassis.map(|ch| self.card(ch)),
            traits: self.vocabs(VocabKind::Trait, traits),
            upgrades: self.vocabs(VocabKind::Icon, upgrades),
            icons: self.vocabs(VocabKind::Icon, icons),
            requires: requires.as_ref().and_then(|r| self.requirement(r)),
            stats: Ordered(stats.iter().map(|&(s, v)| (self.vocab(VocabKind::Stat, s), v)).collect()),
            actions: actions.iter().map(|a| self.bar_action(a)).collect(),
            arcs: self.vocabs(VocabKind::Arc, arcs),
            force: force.map(charges),
            charges: card_charges.map(charges),
            grants: grants.iter().map(|g| self.grant(g)).collect(),
            formats: self.vocabs(VocabKind::Format, formats),
            standard_loadout: self.cards(standard_loadout),
            standard_loadout_only: *standard_loadout_only,
            back_of: back_of.map(|b| self.card(b)),
            class: class.map(|k| self.vocab(VocabKind::Class, k)),
            spaces: spaces.iter().map(|s| s.map(|p| self.card(p))).collect(),
            fixed: self.cards(fixed),
            drive: *drive,
            ancient: *ancient,
            tech: tech.map(|t| self.vocab(VocabKind::Tech, t)),
            upgrade_activations: *upgrade_activations,
            blueprints: self.cards(blueprints),
            text: text.as_deref(),
            ship_abilities: ship_abilities.iter().map(|a| ShipAbilityExport { name: &a.name, text: &a.text }).collect(),
            xws: xws.as_deref(),
            since: since.map(|r| self.release(r)),
            until: until.map(|r| self.release(r)),
            withdrawn: *withdrawn,
            history: history
                .iter()
                .map(|v| VersionExport { until: self.release(v.until), card: Box::new(self.card_export(&v.card)) })
                .collect(),
        }
    }

    /// A release's id (`#?` for an index the set does not have).
    fn release(self, index: u16) -> &'a str {
        self.set.releases.get(usize::from(index)).map_or("#?", |r| &r.id)
    }
}

/// `a and b` (or `a or b`) with operands that are themselves the same operator flattened
/// into one list; a missing operand is `false`.
fn join<'a>(a: Option<Requirement<'a>>, b: Option<Requirement<'a>>, and: bool) -> Requirement<'a> {
    let mut list = Vec::new();
    for side in [a, b] {
        match (side, and) {
            (Some(Requirement::And(items)), true) | (Some(Requirement::Or(items)), false) => list.extend(items),
            (Some(t), _) => list.push(t),
            (None, _) => list.push(Requirement::Const(false)),
        }
    }
    if and {
        Requirement::And(list)
    } else {
        Requirement::Or(list)
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;
    use crate::model::{CardKind, Entry, Vocabulary};

    fn entries(ids: &[&'static str]) -> crate::model::List<Entry> {
        ids.iter().map(|&id| Entry { id: id.into(), name: id.into(), marked: false }).collect::<Vec<_>>().into()
    }

    fn set_with(requires: Restriction) -> Set {
        let mut card = Card::empty("u", "U", CardKind::Upgrade);
        card.requires = Some(requires);
        Set {
            game: "g".into(),
            name: "G".into(),
            vocab: Vocabulary {
                sizes: entries(&["small", "large"]),
                factions: entries(&["rebel"]),
                actions: entries(&["boost"]),
                ..Vocabulary::default()
            },
            kinds: Cow::Borrowed(&crate::model::kinds::PRELUDE),
            roster: Noun::FLEET,
            distance: None,
            verbs: Vec::new().into(),
            flagship_icon: None,
            cards: vec![card].into(),
            rules: crate::model::List::Borrowed(&[]),
            releases: Vec::new().into(),
        }
    }

    fn requires(set: &Set) -> serde_json::Value {
        serde_json::to_value(&export(set).cards[0].requires).unwrap()
    }

    #[test]
    fn chains_flatten_and_not_nests() {
        // size small and faction rebel and not (action red boost or flagship)
        let r = Restriction {
            nodes: vec![
                Node::Atom(Atom::Size(vec![0].into())),
                Node::Atom(Atom::Faction(0)),
                Node::And(0, 1),
                Node::Atom(Atom::Action(0, Some(Difficulty::Red))),
                Node::Atom(Atom::Flagship),
                Node::Or(3, 4),
                Node::Not(5),
                Node::And(2, 6),
            ]
            .into(),
        };
        assert_eq!(
            requires(&set_with(r)),
            json!({"and": [
                {"size": ["small"]},
                {"faction": "rebel"},
                {"not": {"or": [{"action": {"action": "boost", "difficulty": "red"}}, {"flagship": true}]}},
            ]})
        );
    }

    #[test]
    fn a_distance_is_exported_with_its_names_and_adjacent_and_left_out_when_none() {
        let mut set = set_with(Restriction { nodes: vec![Node::Atom(Atom::Flagship)].into() });
        assert!(serde_json::to_value(export(&set)).unwrap().get("distance").is_none());
        let noun =
            Noun { id: "space".into(), name: "Space".into(), plural: "Spaces".into(), plural_id: "spaces".into() };
        set.distance = Some(crate::model::Distance { noun: noun.clone(), adjacent: Some(1) });
        assert_eq!(
            serde_json::to_value(export(&set)).unwrap()["distance"],
            json!({"id": "space", "name": "Space", "plural": "Spaces", "plural_id": "spaces", "adjacent": 1})
        );
        set.distance = Some(crate::model::Distance { noun, adjacent: None });
        assert_eq!(serde_json::to_value(export(&set)).unwrap()["distance"]["adjacent"], json!(null));
    }

    #[test]
    fn verbs_are_exported_with_their_forms_in_order_and_left_out_when_none() {
        let mut set = set_with(Restriction { nodes: vec![Node::Atom(Atom::Flagship)].into() });
        assert!(serde_json::to_value(export(&set)).unwrap().get("verbs").is_none());
        let cast = crate::model::Verb { id: "cast".into(), third: "casts".into(), past: "cast".into() };
        set.verbs = vec![crate::model::Verb::regular("heal"), cast].into();
        assert_eq!(
            serde_json::to_value(export(&set)).unwrap()["verbs"],
            json!([{"id": "heal", "third": "heals", "past": "healed"}, {"id": "cast", "third": "casts", "past": "cast"}])
        );
    }

    #[test]
    fn bad_indices_are_written_not_panicked_on() {
        let r = Restriction {
            nodes: vec![Node::Atom(Atom::Faction(9)), Node::Not(4), Node::Or(0, 7), Node::And(2, 1)].into(),
        };
        assert_eq!(requires(&set_with(r)), json!({"and": [{"or": [{"faction": "#9"}, false]}, false]}));
        assert_eq!(requires(&set_with(Restriction { nodes: Vec::new().into() })), json!(null));
    }
}
