//! The base of the model, which depends on nothing else in the crate: its string and list
//! types, and the vocabulary a game declares.

use crate::packed::packed;
use std::borrow::Cow;

/// A string in the model.
pub type Text = Cow<'static, str>;
/// A list in the model.
pub type List<T> = Cow<'static, [T]>;

/// A vocabulary entry: its id and display name.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Entry {
    /// The kebab-case id.
    pub id: Text,
    /// The display name (the id when none was given).
    pub name: Text,
    /// `implicit` on an icon (every ship may equip one card of it without printing it);
    /// `optional` on a header (abilities under it are optional).
    pub marked: bool,
}
packed! { struct Entry { id, name, marked } }

/// The vocabulary a game declares. Cards and rules refer to entries by index.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
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
packed! {
    struct Vocabulary {
        factions, sizes, stats, icons, ship_icons, traits, classes, techs, phases, tokens, resources, actions, dice,
        results, arcs, headers, formats, maneuvers
    }
}

/// The kinds of vocabulary a game declares.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
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
packed! {
    enum VocabKind {
        Faction, Size, Stat, Icon, ShipIcon, Trait, Class, Tech, Phase, Token, Resource, Action, Die, Result, Arc,
        Header, Format, Maneuver
    }
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

impl std::fmt::Display for VocabKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.keyword())
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
