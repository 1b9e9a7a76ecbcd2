//! The base of the model, which depends on nothing else in the crate: its string and list
//! types, and the vocabulary a game declares.

use std::borrow::Cow;

/// A string in the model.
pub type Text = Cow<'static, str>;
/// A list in the model.
pub type List<T> = Cow<'static, [T]>;

/// A vocabulary entry: its id and display name.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
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
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
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
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
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

    /// The keyword that starts its line in `game.cards`.
    pub fn keyword(self) -> &'static str {
        match self {
            VocabKind::Faction => "faction",
            VocabKind::Size => "size",
            VocabKind::Stat => "stat",
            VocabKind::Icon => "icon",
            VocabKind::ShipIcon => "ship-icon",
            VocabKind::Trait => "trait",
            VocabKind::Class => "class",
            VocabKind::Tech => "tech",
            VocabKind::Phase => "phase",
            VocabKind::Token => "token",
            VocabKind::Resource => "resource",
            VocabKind::Action => "action",
            VocabKind::Die => "die",
            VocabKind::Result => "result",
            VocabKind::Arc => "arc",
            VocabKind::Header => "header",
            VocabKind::Format => "format",
            VocabKind::Maneuver => "maneuver",
        }
    }

    /// The kind a keyword names.
    pub fn from_keyword(word: &str) -> Option<VocabKind> {
        VocabKind::ALL.into_iter().find(|k| k.keyword() == word)
    }

    /// This kind's entries in a vocabulary.
    pub fn entries(self, vocab: &Vocabulary) -> &[Entry] {
        match self {
            VocabKind::Faction => &vocab.factions,
            VocabKind::Size => &vocab.sizes,
            VocabKind::Stat => &vocab.stats,
            VocabKind::Icon => &vocab.icons,
            VocabKind::ShipIcon => &vocab.ship_icons,
            VocabKind::Trait => &vocab.traits,
            VocabKind::Class => &vocab.classes,
            VocabKind::Tech => &vocab.techs,
            VocabKind::Phase => &vocab.phases,
            VocabKind::Token => &vocab.tokens,
            VocabKind::Resource => &vocab.resources,
            VocabKind::Action => &vocab.actions,
            VocabKind::Die => &vocab.dice,
            VocabKind::Result => &vocab.results,
            VocabKind::Arc => &vocab.arcs,
            VocabKind::Header => &vocab.headers,
            VocabKind::Format => &vocab.formats,
            VocabKind::Maneuver => &vocab.maneuvers,
        }
    }
}

impl std::fmt::Display for VocabKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.keyword())
    }
}
