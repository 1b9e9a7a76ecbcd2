//! The syntax tree of a card set, as written. Every node keeps the byte span it came from,
//! relative to the start of its file, so every later diagnostic can point at the text.

use cardc_derive::Shift;

/// Index of a file in the [`SourceMap`](crate::source::SourceMap).
pub type FileId = u32;

/// A byte range in one file: `start..end`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Span {
    /// First byte.
    pub start: u32,
    /// One past the last byte.
    pub end: u32,
}

impl Span {
    /// The span `start..end`.
    pub fn new(start: usize, end: usize) -> Span {
        Span { start: start as u32, end: end as u32 }
    }

    /// The smallest span covering both.
    pub fn to(self, other: Span) -> Span {
        Span { start: self.start.min(other.start), end: self.end.max(other.end) }
    }

    /// Length in bytes.
    pub fn len(self) -> usize {
        (self.end - self.start) as usize
    }

    /// Whether the span covers no byte.
    pub fn is_empty(self) -> bool {
        self.start == self.end
    }

    /// The span as a `Range<usize>`, for slicing the file text.
    pub fn range(self) -> std::ops::Range<usize> {
        self.start as usize..self.end as usize
    }
}

/// Moves every span a value holds by `by` bytes: a part read on its own, at offset 0, put
/// where it stands in its file (the caches of parsed items and of ability sentences).
///
/// Derived (`#[derive(Shift)]`, from `cardc-derive`) for every type that holds a span, so
/// each field is moved with no code to write; implemented by hand only for [`Span`] (the
/// move itself), the containers, and the plain values below, which hold none.
pub(crate) trait Shift {
    fn shift(&mut self, by: u32);
}

/// Values that hold no span: moving them changes nothing.
macro_rules! holds_no_span {
    ($($t:ty),* $(,)?) => {
        $(impl Shift for $t {
            fn shift(&mut self, _: u32) {}
        })*
    };
}

holds_no_span!(bool, char, u8, u16, u32, u64, i32, i64, usize, String, std::path::PathBuf);

// The runtime's kinds, which the syntax tree names but a parse never places.
holds_no_span!(
    cards_runtime::CardKind,
    cards_runtime::model::VocabKind,
    cards_runtime::model::SelectorKind,
    cards_runtime::model::CmpOp,
    cards_runtime::model::Scope,
    cards_runtime::ability::EffectKind,
    cards_runtime::ability::CondKind,
);

impl<T: ?Sized> Shift for &'static T {
    /// A shared reference (a diagnostic's code, a static table) points at data no parse
    /// made, which holds no span of the file.
    fn shift(&mut self, _: u32) {}
}

impl<T: Shift + ?Sized> Shift for Box<T> {
    fn shift(&mut self, by: u32) {
        (**self).shift(by);
    }
}

impl Shift for Span {
    fn shift(&mut self, by: u32) {
        self.start += by;
        self.end += by;
    }
}

impl<T: Shift> Shift for Option<T> {
    fn shift(&mut self, by: u32) {
        if let Some(x) = self {
            x.shift(by);
        }
    }
}

impl<T: Shift> Shift for Vec<T> {
    fn shift(&mut self, by: u32) {
        self.iter_mut().for_each(|x| x.shift(by));
    }
}

impl<A: Shift, B: Shift> Shift for (A, B) {
    fn shift(&mut self, by: u32) {
        self.0.shift(by);
        self.1.shift(by);
    }
}

/// An identifier (`tie-advanced-x1`) with its span. In a field value (and as a field's
/// key) the parser also reads a run of words that are not identifiers (`Rebel Alliance`,
/// `pilot_skill`) as one `Ident`, so that the checker can say which id was meant; such a
/// text is never an id, so it never resolves.
#[derive(Shift, Clone, Debug, PartialEq, Eq)]
pub struct Ident {
    /// The identifier as written.
    pub text: String,
    /// Where it is written.
    pub span: Span,
}

/// A string literal with its escapes resolved.
#[derive(Shift, Clone, Debug, PartialEq, Eq)]
pub struct Str {
    /// The value, without quotes, `\"` and `\\` resolved.
    pub value: String,
    /// The span of the literal, quotes included.
    pub span: Span,
}

/// A signed integer literal.
#[derive(Shift, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Number {
    /// The value.
    pub value: i64,
    /// Whether it was written with a sign (`+3`, `-1`).
    pub signed: bool,
    /// Where it is written.
    pub span: Span,
}

/// One parsed file.
#[derive(Shift, Clone, Debug, Default)]
pub struct File {
    /// The file.
    pub id: FileId,
    /// Its top-level items in order.
    pub items: Vec<Item>,
}

/// A top-level item.
#[derive(Shift, Clone, Debug)]
pub enum Item {
    /// `game <id> "<Name>"`.
    Game(Game),
    /// A vocabulary line such as `faction empire "Galactic Empire", rebel`.
    Vocab(Vocab),
    /// `kind hero "Hero" unit, …`: kinds of card the game declares.
    Kind(KindDecl),
    /// `roster warband "Warband"`: what a list of units is called.
    Roster(Roster),
    /// `distance space "Space" adjacent 1`: what ability text measures distance in.
    Distance(DistanceDecl),
    /// `verb heal, push`: verbs the game's ability text uses that the built-in reading
    /// does not know.
    Verb(VerbDecl),
    /// `release wave-2 "Wave 2" 2018-12-13 wave`: a release of the set.
    Release(ReleaseDecl),
    /// `layout hero { … }`: how the cards of a kind are drawn.
    Layout(LayoutDecl),
    /// `glyph focus "icons/focus.svg", …`: the files `[Icon]`s are drawn with.
    Glyph(GlyphDecl),
    /// `flagship: ship with <icon>`.
    Flagship(Flagship),
    /// `rule <id> "<message>": <constraint>`.
    Rule(Rule),
    /// `allow <lint>, …`.
    Allow(Allow),
    /// A card.
    Card(Card),
}

/// The game declaration.
#[derive(Shift, Clone, Debug)]
pub struct Game {
    /// The game's id, which names its module.
    pub id: Ident,
    /// The display name.
    pub name: Str,
    /// The whole line.
    pub span: Span,
}

pub use cards_runtime::model::VocabKind;

/// A vocabulary line.
#[derive(Shift, Clone, Debug)]
pub struct Vocab {
    /// What the line declares.
    pub kind: VocabKind,
    /// The keyword's span.
    pub kind_span: Span,
    /// The entries, in order.
    pub entries: Vec<VocabEntry>,
}

/// One vocabulary entry: `commander "Commander" implicit`.
#[derive(Shift, Clone, Debug)]
pub struct VocabEntry {
    /// Its id.
    pub id: Ident,
    /// Its display name, if given.
    pub display: Option<Str>,
    /// `implicit` / `optional` markers.
    pub flags: Vec<Ident>,
}

/// A `kind` line: kinds of card the game declares.
#[derive(Shift, Clone, Debug)]
pub struct KindDecl {
    /// The `kind` keyword's span.
    pub keyword: Span,
    /// The kinds, in order.
    pub entries: Vec<KindEntry>,
    /// Whether the line did not parse and its entries were saved from its words (reported
    /// there): a missing role is no error of its own.
    pub broken: bool,
}

/// One declared kind: `hero "Hero" "Heroes" unit`.
#[derive(Shift, Clone, Debug)]
pub struct KindEntry {
    /// Its word: what starts a card of the kind.
    pub id: Ident,
    /// Its display name, if given.
    pub display: Option<Str>,
    /// Its display name in the plural, if given.
    pub plural: Option<Str>,
    /// The word of its role (`unit`), checked against the roles after parsing.
    pub role: Option<Ident>,
    /// The whole entry.
    pub span: Span,
}

/// `roster warband "Warband" "Warbands"`.
#[derive(Shift, Clone, Debug)]
pub struct Roster {
    /// The word rules use for the whole list (`per warband`).
    pub id: Ident,
    /// Its display name, if given.
    pub display: Option<Str>,
    /// Its display name in the plural, if given.
    pub plural: Option<Str>,
    /// The whole line.
    pub span: Span,
}

/// `distance space "Space" "Spaces" adjacent 1`.
#[derive(Shift, Clone, Debug)]
pub struct DistanceDecl {
    /// The unit of distance, as the card language writes it (`space`).
    pub id: Ident,
    /// Its display name, if given.
    pub display: Option<Str>,
    /// Its display name in the plural, if given.
    pub plural: Option<Str>,
    /// How far `adjacent` is, as written (`adjacent 1`): checked against `0..=255` after
    /// parsing.
    pub adjacent: Option<Number>,
    /// The whole line.
    pub span: Span,
}

/// `layout <kind> { <field>* }`: how the cards of a kind are drawn by `cardc render`; its
/// fields are read as a card's and checked by [`crate::layout`].
#[derive(Shift, Clone, Debug)]
pub struct LayoutDecl {
    /// The kind it lays out, as written (`hero`).
    pub kind: Ident,
    /// Its fields in order (`size: poker`, `name: 5 4 43 7 bold`).
    pub fields: Vec<Field>,
    /// The whole declaration.
    pub span: Span,
}

/// `glyph <icon> "<file>", …`: the SVG file of the set folder each icon is drawn with.
#[derive(Shift, Clone, Debug)]
pub struct GlyphDecl {
    /// Its entries in order.
    pub entries: Vec<GlyphEntry>,
    /// The whole line.
    pub span: Span,
}

/// One icon's glyph: `focus "icons/focus.svg"`.
#[derive(Shift, Clone, Debug)]
pub struct GlyphEntry {
    /// The icon's id, as written.
    pub icon: Ident,
    /// The file, relative to the set's folder.
    pub file: Str,
    /// The whole entry.
    pub span: Span,
}

/// `release <id> "<Name>" <date> [<kind>]`: a release of the set, which cards name with
/// `since:` and `<field> from <release>:`.
#[derive(Shift, Clone, Debug)]
pub struct ReleaseDecl {
    /// Its id.
    pub id: Ident,
    /// Its name.
    pub name: Str,
    /// Its date as written (`2018-12-13`), checked to be a date.
    pub date: Ident,
    /// What it is (`wave`, `points`, `erratum`), checked against those.
    pub kind: Option<Ident>,
    /// The whole line.
    pub span: Span,
}

/// A `verb` line: verbs the game's ability text uses that the built-in reading does not
/// know (`verb heal, push`, `verb cast "casts" "cast"`).
#[derive(Shift, Clone, Debug)]
pub struct VerbDecl {
    /// The verbs, in order.
    pub entries: Vec<VerbEntry>,
    /// The whole line.
    pub span: Span,
    /// Whether the line did not parse and its entries were saved from its words (reported
    /// there).
    pub broken: bool,
}

/// One declared verb: `heal`, or an irregular one with its forms, `cast "casts" "cast"`.
#[derive(Shift, Clone, Debug)]
pub struct VerbEntry {
    /// Its base form, the word of the card language (`heal`).
    pub id: Ident,
    /// Its third person singular (`casts`), when written; else English's for the id.
    pub third: Option<Str>,
    /// Its past participle (`cast`), when written; else English's for the id.
    pub past: Option<Str>,
    /// The whole entry.
    pub span: Span,
}

/// `flagship: ship with <icon>`.
#[derive(Shift, Clone, Debug)]
pub struct Flagship {
    /// The unit kind's word (`ship`, a game's `hero`), checked against the game's.
    pub unit: Ident,
    /// The icon whose card makes a ship the flagship.
    pub icon: Ident,
    /// The whole line.
    pub span: Span,
}

/// How a set wants a lint reported.
#[derive(Shift, Clone, Copy, Debug, PartialEq, Eq)]
pub enum LintLevel {
    /// `allow`: not at all.
    Allow,
    /// `warn`: as a warning.
    Warn,
    /// `deny`: as an error.
    Deny,
}

/// `allow <lint>, …` (or `warn`, `deny`): how this set wants lints reported.
#[derive(Shift, Clone, Debug)]
pub struct Allow {
    /// `allow`, `warn` or `deny`.
    pub level: LintLevel,
    /// Lint names or codes.
    pub lints: Vec<Ident>,
}

/// A fleet-building or blueprint rule.
#[derive(Shift, Clone, Debug)]
pub struct Rule {
    /// The rule's id, reported as the violation id.
    pub id: Ident,
    /// The message a violation prints.
    pub message: Str,
    /// What the rule demands.
    pub constraint: Constraint,
    /// The whole rule.
    pub span: Span,
}

/// What a rule demands.
#[derive(Shift, Clone, Debug)]
pub enum Constraint {
    /// `unique names per <scope>`.
    UniqueNames {
        /// Where names must be unique.
        scope: Scope,
    },
    /// `sum <stat> <cmp> per <scope> [where …]`.
    Sum {
        /// The stat summed.
        stat: Ident,
        /// The bound.
        cmp: Comparison,
        /// What is summed over.
        scope: Scope,
        /// When the rule applies.
        condition: Option<Restriction>,
    },
    /// `total cost [of <kind>s] <cmp> per <scope> [where …]`; the bound may be a stat of
    /// each ship (`at most loadout per ship`).
    TotalCost {
        /// The bound.
        cmp: Comparison,
        /// `of upgrades`: only cards of this kind count (the plural of a kind's word).
        of: Option<Ident>,
        /// `at most loadout`: the bound is this stat of each ship; `cmp.n` is then 0.
        stat: Option<Ident>,
        /// What is summed over.
        scope: Scope,
        /// When the rule applies.
        condition: Option<Restriction>,
    },
    /// `same <selector> per ship-icon`: ships sharing a ship icon equip the same selected
    /// upgrades.
    Same {
        /// What must be the same.
        selector: Selector,
    },
    /// `<quantity> <selector> per <scope> [where …]`.
    Count {
        /// How many are allowed.
        quantity: Quantity,
        /// What is counted.
        selector: Selector,
        /// Where it is counted.
        scope: Scope,
        /// When the rule applies.
        condition: Option<Restriction>,
    },
}

/// The runtime's comparison operators, written `at most`, `at least`, `exactly`.
pub use cards_runtime::model::CmpOp;

/// `at most 3`.
#[derive(Shift, Clone, Copy, Debug)]
pub struct Comparison {
    /// The operator.
    pub op: CmpOp,
    /// The bound.
    pub n: Number,
}

/// How many a counting rule allows.
#[derive(Shift, Clone, Copy, Debug)]
pub enum Quantity {
    /// `at most N`, `at least N`, `exactly N`.
    Cmp(Comparison),
    /// `no`: none at all.
    No(Span),
}

/// The runtime's kinds of card a selector counts (`ships`, `upgrades`, `parts`, `cards`).
pub use cards_runtime::model::SelectorKind;

/// `upgrade with icon title`.
#[derive(Shift, Clone, Debug)]
pub struct Selector {
    /// What is counted: `upgrade`, `part`, `card`, or a kind the game declares (`item`).
    pub word: Ident,
    /// Narrowing filters, all of which must hold.
    pub filters: Vec<Filter>,
}

/// A narrowing of a selector.
#[derive(Shift, Clone, Debug)]
pub enum Filter {
    /// `with icon X`.
    Icon(Ident),
    /// `with trait X`.
    Trait(Ident),
    /// `with drive`.
    Drive(Span),
    /// `with name "…"`.
    Name(Str),
}

/// The runtime's scopes of a rule: `per ship`, `per fleet`, `per blueprint`.
pub use cards_runtime::model::Scope as ScopeKind;

/// A rule's scope: `ship`, `fleet`, `blueprint`, or the game's own unit kind and roster
/// (`per hero`, `per warband`), resolved against the game's kinds.
#[derive(Shift, Clone, Debug)]
pub struct Scope {
    /// The word.
    pub word: Ident,
}

pub use cards_runtime::model::CardKind;

/// A card: `<kind> "<Name>" [as <id>] { … }`.
#[derive(Shift, Clone, Debug)]
pub struct Card {
    /// The word of its kind (`ship`, or a kind the game declares), resolved against the
    /// game's kinds ([`crate::resolve::Names::kind_of`]).
    pub kind: Ident,
    /// Its printed name.
    pub name: Str,
    /// The id given with `as`, if any.
    pub as_id: Option<Ident>,
    /// Its fields in order.
    pub fields: Vec<Field>,
    /// The whole card.
    pub span: Span,
    /// Whether its body failed to parse: the card is known by name, its fields are not.
    pub broken: bool,
}

/// A card field.
#[derive(Shift, Clone, Debug)]
pub struct Field {
    /// The field name.
    pub key: Ident,
    /// The release its value holds from (`cost from points-2: 10`); `None` for the value
    /// the card came with.
    pub from: Option<Ident>,
    /// Its value.
    pub value: FieldValue,
    /// The whole field.
    pub span: Span,
}

/// What a field holds.
#[derive(Shift, Clone, Debug)]
pub enum FieldValue {
    /// A bare flag (`unique`).
    Flag,
    /// `key: <tokens>`; empty when nothing follows the colon.
    Tokens(Vec<Token>),
    /// `requires: <restriction>`: its tokens, and the restriction they parse to (`None`
    /// when they do not parse, reported by the parser).
    Restriction {
        /// The tokens after the colon.
        tokens: Vec<Token>,
        /// The restriction.
        parsed: Option<Restriction>,
    },
    /// `text { … }`.
    Text(TextBlock),
    /// `ability "<Name>" { … }`.
    Ability {
        /// The ability's name.
        name: Str,
        /// Its text.
        text: TextBlock,
    },
}

/// A token of a field value or a restriction.
#[derive(Shift, Clone, Debug, PartialEq, Eq)]
pub enum Token {
    /// An identifier.
    Ident(Ident),
    /// A string literal.
    Str(Str),
    /// A number.
    Number(Number),
    /// `,`, `+`, `(` or `)`.
    Punct(char, Span),
}

impl Token {
    /// Where the token is written.
    pub fn span(&self) -> Span {
        match self {
            Token::Ident(i) => i.span,
            Token::Str(s) => s.span,
            Token::Number(n) => n.span,
            Token::Punct(_, span) => *span,
        }
    }

    /// What the token is, for messages: "identifier `x`", "`,`", "number `3`".
    pub fn describe(&self) -> String {
        match self {
            Token::Ident(i) => format!("identifier `{}`", i.text),
            Token::Str(s) => format!("string \"{}\"", s.value),
            Token::Number(n) => format!("number `{}`", n.value),
            Token::Punct(c, _) => format!("`{c}`"),
        }
    }
}

/// Raw ability text, split into sentences.
#[derive(Shift, Clone, Debug)]
pub struct TextBlock {
    /// The text between the braces.
    pub span: Span,
    /// Each sentence, trimmed, in order.
    pub sentences: Vec<Span>,
}

/// A restriction (`size small, medium and flagship`), in post-order: operands first.
#[derive(Shift, Clone, Debug)]
pub struct Restriction {
    /// The nodes; the last one is the root.
    pub nodes: Vec<RNode>,
    /// The span of each node (for a binary node, both operands; parentheses excluded).
    pub spans: Vec<Span>,
    /// The whole expression.
    pub span: Span,
}

/// A node of a [`Restriction`].
#[derive(Shift, Clone, Debug)]
pub enum RNode {
    /// A test of the ship.
    Atom(Atom),
    /// `not x`.
    Not(u32),
    /// `x and y`.
    And(u32, u32),
    /// `x or y`.
    Or(u32, u32),
}

/// What an [`Atom`] tests.
#[derive(Shift, Clone, Copy, Debug, PartialEq, Eq)]
#[allow(missing_docs)]
pub enum AtomKind {
    Size,
    Flagship,
    Trait,
    Name,
    ShipIcon,
    Chassis,
    Faction,
    Action,
    Class,
    Arc,
    Equipped,
    InFleet,
    Limited,
    ShipAbility,
    Stat,
    Icon,
}

impl AtomKind {
    /// Every atom.
    pub const ALL: [AtomKind; 16] = [
        AtomKind::Size,
        AtomKind::Flagship,
        AtomKind::Trait,
        AtomKind::Name,
        AtomKind::ShipIcon,
        AtomKind::Chassis,
        AtomKind::Faction,
        AtomKind::Action,
        AtomKind::Class,
        AtomKind::Arc,
        AtomKind::Equipped,
        AtomKind::InFleet,
        AtomKind::Limited,
        AtomKind::ShipAbility,
        AtomKind::Stat,
        AtomKind::Icon,
    ];

    /// The word that starts the atom.
    pub fn keyword(self) -> &'static str {
        match self {
            AtomKind::Size => "size",
            AtomKind::Flagship => "flagship",
            AtomKind::Trait => "trait",
            AtomKind::Name => "name",
            AtomKind::ShipIcon => "ship-icon",
            AtomKind::Chassis => "chassis",
            AtomKind::Faction => "faction",
            AtomKind::Action => "action",
            AtomKind::Class => "class",
            AtomKind::Arc => "arc",
            AtomKind::Equipped => "equipped",
            AtomKind::InFleet => "in-fleet",
            AtomKind::Limited => "limited",
            AtomKind::ShipAbility => "ship-ability",
            AtomKind::Stat => "stat",
            AtomKind::Icon => "icon",
        }
    }

    /// The vocabulary kind the atom's identifiers name (for `stat`, the stat before its
    /// numbers): `size small` names sizes. `None` for an atom that names no entry, or cards
    /// (`chassis`).
    pub fn vocab_kind(self) -> Option<VocabKind> {
        match self {
            AtomKind::Size => Some(VocabKind::Size),
            AtomKind::Trait => Some(VocabKind::Trait),
            AtomKind::ShipIcon => Some(VocabKind::ShipIcon),
            AtomKind::Faction => Some(VocabKind::Faction),
            AtomKind::Action => Some(VocabKind::Action),
            AtomKind::Class => Some(VocabKind::Class),
            AtomKind::Arc => Some(VocabKind::Arc),
            AtomKind::Equipped | AtomKind::Icon => Some(VocabKind::Icon),
            AtomKind::Stat => Some(VocabKind::Stat),
            AtomKind::Flagship
            | AtomKind::Name
            | AtomKind::Chassis
            | AtomKind::InFleet
            | AtomKind::Limited
            | AtomKind::ShipAbility => None,
        }
    }
}

/// One test: `size small, medium`, `name "Star Destroyer"`, `flagship`.
#[derive(Shift, Clone, Debug)]
pub struct Atom {
    /// What is tested.
    pub kind: AtomKind,
    /// The keyword as written: [`AtomKind::keyword`], or for [`AtomKind::Chassis`] any
    /// word followed by a card's id (a game's profile kind: `calling warrior`), which the
    /// check holds to the game's word.
    pub keyword: String,
    /// The span of the keyword.
    pub kind_span: Span,
    /// Its arguments: identifiers, one string for `name`, `in-fleet` and `ship-ability`,
    /// numbers for `stat`.
    pub args: Vec<Token>,
    /// The word between the keyword and the arguments: the color of `action red boost`,
    /// the stat of `stat agility 3`.
    pub modifier: Option<Ident>,
    /// The whole atom.
    pub span: Span,
}

impl Restriction {
    /// The atoms in order of appearance.
    pub fn atoms(&self) -> impl Iterator<Item = &Atom> {
        self.nodes.iter().filter_map(|n| match n {
            RNode::Atom(a) => Some(a),
            _ => None,
        })
    }

    /// Every vocabulary name it writes, with its kind, in order: an atom's names (`size
    /// small, medium`), and the stat of `stat agility 3`.
    pub fn vocab_names(&self) -> Vec<(VocabKind, &Ident)> {
        let mut out = Vec::new();
        for atom in self.atoms() {
            match (atom.kind, atom.kind.vocab_kind()) {
                (AtomKind::Stat, _) => out.extend(atom.modifier.iter().map(|s| (VocabKind::Stat, s))),
                (_, Some(kind)) => out.extend(atom.args.iter().filter_map(|t| match t {
                    Token::Ident(i) => Some((kind, i)),
                    _ => None,
                })),
                (_, None) => {}
            }
        }
        out
    }
}
