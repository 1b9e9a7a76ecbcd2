//! Layouts: how `cardc render` draws the cards of each kind, declared in `game.cards`
//! (`layout hero { … }`), and the SVG files `[Icon]`s are drawn with (`glyph focus
//! "icons/focus.svg"`). They are read and checked here, with or without the `render`
//! feature, so a build script's check reports a broken layout as `cardc check` does.
//!
//! A layout's fields:
//!
//! - `size: poker` (or `bridge`, `tarot`, `mini`, `euro`, `square`, or `<w> x <h>` in
//!   millimetres), `corner: 3` (the corners' radius), `background: faction` or a colour,
//!   `panel:` the inner frame's colour (`none` for no frame), `ink:` the text's colour,
//!   `back:` the colour of the card's back;
//! - one field per box, named by what it shows ([`BOXES`], or one of the game's stats):
//!   `<x> <y> <w> <h>` in millimetres from the card's top left, then any of `bold` or
//!   `regular`, `<n>pt` (the largest size its text is set at), `min <n>pt` (the smallest
//!   it may shrink to), `left`, `centre` or `right`, `circle`, `fill <colour>` (or `fill
//!   faction`), `ink <colour>`. Colours are written `"#rrggbb"` or `"#rgb"`.
//!
//! A kind with no layout is drawn in the default layout, made from the game's vocabulary
//! alone (`cardc::render::card`).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use cards_runtime::model::{CardKind, VocabKind};

use crate::ast::{Field, FieldValue, File, FileId, GlyphEntry, Item, LayoutDecl, Span, Token};
use crate::check::cards::takes_stats;
use crate::declare_code;
use crate::diagnostics::{Diagnostic, Fix};
use crate::resolve::{a, suggest, Names};
use crate::source_map::SourceMap;

declare_code! {
    /// ## What
    /// A `layout` in `game.cards` cannot be drawn as written: a box it does not know, a box
    /// the kind's cards do not have (an upgrade bar on an upgrade), a value out of place, a
    /// box that runs past the card's edge, or a kind laid out twice.
    ///
    /// ## Why
    /// `cardc render` draws every card of the kind from its layout; a box it cannot place
    /// would be dropped or drawn off the card, and nothing would say so at the printer.
    ///
    /// ## Example
    /// ```text
    /// layout item {
    ///   size: poker
    ///   name: 5 4 53 7 bold 9pt
    ///   bar: 5 78 53 6
    /// }
    /// ```
    /// An item is an upgrade: it has no upgrade bar. Remove `bar:`, or show its `slot:`.
    pub static E0501: "E0501", "invalid-layout", Error;
}

declare_code! {
    /// ## What
    /// A `glyph` line names a file that is missing, that is not an SVG, or an icon that
    /// already has a glyph.
    ///
    /// ## Why
    /// `cardc render` draws each `[Icon]` with its glyph; a glyph it cannot read would be
    /// drawn from the icon's name instead, and the cards would not look as designed.
    ///
    /// ## Example
    /// `glyph focus "icons/focuss.svg"` where the file is `icons/focus.svg`: write the file
    /// name as it is in the set's folder. Paths are relative to the folder of the file the
    /// line is in.
    pub static E0502: "E0502", "invalid-glyph", Error;
}

declare_code! {
    /// ## What
    /// A layout's `font:` or `bold-font:` names a file that is missing, not in the set's
    /// folder, or not a TrueType or OpenType font.
    ///
    /// ## Why
    /// `cardc render` measures a layout's text with its font and writes the font beside
    /// the cards; text measured in one font and shown in another would not fit as checked.
    ///
    /// ## Example
    /// `font: "fonts/Body.ttf"` where the file is `fonts/body.ttf`: write the file's name as
    /// it is, relative to the folder of the file the layout is in.
    pub static E0503: "E0503", "invalid-font", Error;
}

/// The card sizes a layout names, in millimetres (width, height).
pub const SIZES: [(&str, f32, f32); 6] = [
    ("poker", 63.0, 88.0),
    ("bridge", 57.0, 89.0),
    ("tarot", 70.0, 120.0),
    ("mini", 41.0, 63.0),
    ("euro", 59.0, 92.0),
    ("square", 70.0, 70.0),
];

/// The boxes a layout places, each with what it shows.
pub const BOXES: [(&str, &str); 10] = [
    ("name", "the card's name, `•` before a unique one"),
    ("cost", "its cost"),
    ("kind", "its kind"),
    ("type", "its kind, factions and size"),
    ("faction", "its factions"),
    ("stats", "its stats"),
    ("slot", "the icons it is equipped by"),
    ("bar", "its upgrade bar"),
    ("text", "what it requires, its text and abilities, its charges"),
    ("spaces", "a blueprint's grid of part spaces"),
];

/// The fields of a layout that are not boxes.
pub const SETTINGS: [(&str, &str); 8] = [
    ("size", "the card's size: `poker`, `bridge`, `tarot`, `mini`, `euro`, `square` or `<w> x <h>`"),
    ("corner", "the corners' radius in millimetres"),
    ("background", "the card's colour: `faction` or `\"#rrggbb\"`"),
    ("panel", "the inner frame's colour, or `none`"),
    ("ink", "the text's colour"),
    ("back", "the colour of the card's back"),
    ("font", "a TrueType or OpenType file of the set its text is set in"),
    ("bold-font", "the file its bold text is set in (else `font`'s)"),
];

/// The options a box takes after its place (`pt` ends a size: `9pt`).
pub const OPTIONS: [&str; 11] =
    ["bold", "regular", "min", "left", "centre", "center", "right", "circle", "fill", "ink", "pt"];

/// What a box shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shows {
    /// The card's name.
    Name,
    /// Its cost.
    Cost,
    /// Its kind.
    Kind,
    /// Its kind, factions and size.
    Type,
    /// Its factions.
    Faction,
    /// Its stats.
    Stats,
    /// One stat, by its index in the game's stats.
    Stat(u16),
    /// The icons it is equipped by.
    Slot,
    /// Its upgrade bar.
    Bar,
    /// What it requires, its text and abilities, its charges.
    Text,
    /// A blueprint's part spaces.
    Spaces,
}

impl Shows {
    /// The built-in box a field's key names (a stat's box is found among the game's stats).
    pub fn of(word: &str) -> Option<Shows> {
        Some(match word {
            "name" => Shows::Name,
            "cost" => Shows::Cost,
            "kind" => Shows::Kind,
            "type" => Shows::Type,
            "faction" => Shows::Faction,
            "stats" => Shows::Stats,
            "slot" => Shows::Slot,
            "bar" => Shows::Bar,
            "text" => Shows::Text,
            "spaces" => Shows::Spaces,
            _ => return None,
        })
    }

    /// Whether a card of role `kind` has what the box shows.
    pub fn on(self, kind: CardKind) -> bool {
        match self {
            Shows::Stats | Shows::Stat(_) => takes_stats(kind),
            Shows::Slot => kind == CardKind::Upgrade,
            Shows::Bar => kind == CardKind::Ship,
            Shows::Spaces => kind == CardKind::Blueprint,
            Shows::Name | Shows::Cost | Shows::Kind | Shows::Type | Shows::Faction | Shows::Text => true,
        }
    }

    /// Whether its text is set on one line (else it wraps).
    pub fn one_line(self) -> bool {
        !matches!(self, Shows::Text | Shows::Spaces)
    }

    /// The sizes its text is set at when the layout says none: the largest and the
    /// smallest, in points, and whether it is bold.
    fn defaults(self) -> (f32, f32, Weight) {
        match self {
            Shows::Name => (9.5, 5.0, Weight::Bold),
            Shows::Cost => (10.0, 5.0, Weight::Bold),
            Shows::Stats | Shows::Slot | Shows::Stat(_) => (7.0, 4.0, Weight::Bold),
            Shows::Text => (8.0, 5.0, Weight::Regular),
            Shows::Spaces => (6.0, 3.5, Weight::Regular),
            // A bar's icons are as tall as it, down to 2 mm.
            Shows::Bar => (0.0, 2.0 * 72.0 / 25.4, Weight::Regular),
            Shows::Kind | Shows::Type | Shows::Faction => (6.5, 4.0, Weight::Regular),
        }
    }
}

/// How heavy a box's text is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Weight {
    /// Regular.
    Regular,
    /// Bold.
    Bold,
}

/// Where a box's lines sit across it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Align {
    /// At its left edge.
    Left,
    /// In its middle.
    Centre,
    /// At its right edge.
    Right,
}

/// A colour, or the colour of the card's first faction.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Paint {
    /// The faction's colour (the game's when the card has no faction).
    Faction,
    /// `#rrggbb`.
    Colour(String),
}

/// One box of a layout.
#[derive(Clone, Debug, PartialEq)]
pub struct LayoutBox {
    /// What it shows.
    pub shows: Shows,
    /// Its name as written (`name`, a stat's id).
    pub name: String,
    /// Left edge, millimetres from the card's left.
    pub x: f32,
    /// Top edge.
    pub y: f32,
    /// Width.
    pub w: f32,
    /// Height.
    pub h: f32,
    /// Its text's weight.
    pub weight: Weight,
    /// The largest size its text is set at, in points (a bar's icons: 0, its height).
    pub max_pt: f32,
    /// The smallest.
    pub min_pt: f32,
    /// Where its lines sit.
    pub align: Align,
    /// A disc instead of a rectangle behind it (with `fill`).
    pub circle: bool,
    /// What it is filled with, drawn when it shows something.
    pub fill: Option<Paint>,
    /// Its text's colour; `None`: the layout's.
    pub ink: Option<String>,
}

/// How the cards of one kind are drawn.
#[derive(Clone, Debug, PartialEq)]
pub struct Layout {
    /// Width, millimetres.
    pub width: f32,
    /// Height, millimetres.
    pub height: f32,
    /// The corners' radius.
    pub corner: f32,
    /// The card's colour.
    pub background: Paint,
    /// The inner frame's colour; `None`: a tint of the background. `Some("none")`: none.
    pub panel: Option<String>,
    /// The text's colour.
    pub ink: String,
    /// The back's colour; `None`: the game's.
    pub back: Option<String>,
    /// The font files its text is set in, regular and bold; `None`: the shipped family.
    pub font: Option<FontFiles>,
    /// Its boxes, drawn in order.
    pub boxes: Vec<LayoutBox>,
}

impl Layout {
    /// A poker-size card in its faction's colour, its text in the shipped fonts, with
    /// `boxes`: what a layout is before its settings are read.
    pub fn with_boxes(boxes: Vec<LayoutBox>) -> Layout {
        Layout {
            width: SIZES[0].1,
            height: SIZES[0].2,
            corner: 3.0,
            background: Paint::Faction,
            panel: None,
            ink: "#1a1a1a".into(),
            back: None,
            font: None,
            boxes,
        }
    }
}

/// A layout's own font: a TrueType or OpenType file of the set for its regular text, and
/// one for its bold text (the same file when the layout names none).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FontFiles {
    /// The regular face's file.
    pub regular: PathBuf,
    /// The bold face's file.
    pub bold: PathBuf,
}

/// The layouts and glyphs a game declares.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Layouts {
    /// Each kind's layout, by the kind's index in the set's kinds; `None` (or past the
    /// end): the default layout.
    pub kinds: Vec<Option<Layout>>,
    /// Each icon's glyph file, by the icon's id: the path as found from the set's folder.
    pub glyphs: BTreeMap<String, PathBuf>,
}

impl Layouts {
    /// The layout of the kind at `index`, if the game declares one.
    pub fn of(&self, index: u16) -> Option<&Layout> {
        self.kinds.get(usize::from(index)).and_then(Option::as_ref)
    }

    /// Reads the layouts and glyphs of `files`, reporting what cannot be drawn.
    pub fn read(files: &[File], names: &Names<'_>, sources: &SourceMap, d: &mut Vec<Diagnostic>) -> Layouts {
        let mut layouts = Layouts { kinds: vec![None; names.kinds.model().len()], glyphs: BTreeMap::new() };
        // Without its game, a layout's stats and icons are unknown: the missing game
        // (E0101) says what to write, and nothing is drawn.
        if names.game.is_none() {
            return layouts;
        }
        let mut seen: BTreeMap<u16, (FileId, Span)> = BTreeMap::new();
        let mut glyph_seen: BTreeMap<String, (FileId, Span)> = BTreeMap::new();
        for file in files {
            for item in &file.items {
                match item {
                    Item::Layout(decl) => {
                        let (index, role) = match names.kinds.card_kind(&decl.kind, file.id) {
                            Ok(found) => found,
                            Err(unknown) => {
                                d.push(unknown.diagnostic);
                                continue;
                            }
                        };
                        if let Some(&(first_file, first)) = seen.get(&index) {
                            d.push(
                                Diagnostic::new(&E0501, format!("kind `{}` is laid out twice", decl.kind.text))
                                    .label(file.id, decl.kind.span, "second layout")
                                    .label(first_file, first, "first laid out here")
                                    .help("a kind has one layout; merge the two"),
                            );
                            continue;
                        }
                        seen.insert(index, (file.id, decl.kind.span));
                        let noun = decl.kind.text.clone();
                        let folder = sources.file(file.id).path.parent().map(Path::to_path_buf).unwrap_or_default();
                        let layout = Reader { names, file: file.id, role, noun, folder, d: &mut *d }.layout(decl);
                        layouts.kinds[usize::from(index)] = Some(layout);
                    }
                    Item::Glyph(decl) => {
                        let folder = sources.file(file.id).path.parent().map(Path::to_path_buf).unwrap_or_default();
                        for entry in &decl.entries {
                            if let Some((id, path)) = glyph(entry, names, file.id, &folder, &mut glyph_seen, d) {
                                layouts.glyphs.insert(id, path);
                            }
                        }
                    }
                    _ => {}
                }
            }
        }
        layouts
    }
}

/// Reads one layout, reporting each field it cannot use.
struct Reader<'n, 'd> {
    names: &'n Names<'n>,
    file: FileId,
    role: CardKind,
    /// The kind as the layout names it (`item`).
    noun: String,
    /// The folder of the file the layout is in, which its font files are found from.
    folder: PathBuf,
    d: &'d mut Vec<Diagnostic>,
}

impl Reader<'_, '_> {
    fn error(&self, span: Span, message: impl Into<String>, label: impl Into<String>) -> Diagnostic {
        Diagnostic::new(&E0501, message).label(self.file, span, label)
    }

    fn layout(&mut self, decl: &LayoutDecl) -> Layout {
        let mut layout = Layout::with_boxes(Vec::new());
        // The card's size first: boxes are checked against it wherever it is written.
        for field in decl.fields.iter().filter(|f| f.key.text == "size") {
            if let Some((w, h)) = self.size(field) {
                (layout.width, layout.height) = (w, h);
            }
        }
        let mut placed: BTreeMap<&str, Span> = BTreeMap::new();
        for field in &decl.fields {
            let key = field.key.text.as_str();
            if let Some(from) = &field.from {
                self.d.push(
                    self.error(from.span, "a layout does not change by release", "a release").help("remove `from …`"),
                );
                continue;
            }
            let tokens = match &field.value {
                FieldValue::Tokens(t) => t.as_slice(),
                _ => {
                    let span = field.key.span;
                    self.d.push(
                        self.error(span, format!("`{key}` is not a layout's field"), "expected `<field>: <value>`")
                            .help(format!("a box is written `{key}: <x> <y> <w> <h>`, in millimetres")),
                    );
                    continue;
                }
            };
            if let Some(&first) = placed.get(key) {
                self.d.push(
                    self.error(field.key.span, format!("`{key}` is laid out twice"), "second")
                        .label(self.file, first, "first here")
                        .help("remove one"),
                );
                continue;
            }
            placed.insert(key, field.key.span);
            match key {
                "size" => {}
                "corner" => {
                    if let Some(n) = self.number(field, tokens) {
                        layout.corner = n;
                    }
                }
                "background" => {
                    if let Some(p) = self.paint(field, tokens) {
                        layout.background = p;
                    }
                }
                "panel" => match tokens {
                    [Token::Ident(i)] if i.text == "none" => layout.panel = Some("none".into()),
                    _ => layout.panel = self.colour_field(field, tokens).or(layout.panel.take()),
                },
                "ink" => layout.ink = self.colour_field(field, tokens).unwrap_or(layout.ink.clone()),
                "back" => layout.back = self.colour_field(field, tokens).or(layout.back.take()),
                "font" | "bold-font" => {
                    if let Some(path) = self.font_file(field, tokens) {
                        let files =
                            layout.font.get_or_insert_with(|| FontFiles { regular: path.clone(), bold: path.clone() });
                        if key == "font" {
                            // `bold-font` may come first: it keeps its file.
                            if files.bold == files.regular {
                                files.bold = path.clone();
                            }
                            files.regular = path;
                        } else {
                            files.bold = path;
                        }
                    }
                }
                _ => {
                    if let Some(b) = self.place(field, tokens, &layout) {
                        layout.boxes.push(b);
                    }
                }
            }
        }
        layout
    }

    /// The card's size: a name, or `<w> x <h>`.
    fn size(&mut self, field: &Field) -> Option<(f32, f32)> {
        let FieldValue::Tokens(tokens) = &field.value else { return None };
        match tokens.as_slice() {
            [Token::Ident(name)] => {
                if let Some(&(_, w, h)) = SIZES.iter().find(|(n, ..)| *n == name.text) {
                    return Some((w, h));
                }
                let s = suggest::best(&name.text, SIZES.iter().map(|(n, ..)| (*n, None)));
                let sizes = SIZES.map(|(n, w, h)| format!("`{n}` ({w} × {h} mm)")).join(", ");
                let fix = s.map(|s| Fix::replace(s.help(&name.text), self.file, name.span, s.id, applicability(&s)));
                self.d.push(
                    self.error(name.span, format!("unknown card size `{}`", name.text), "not a size")
                        .maybe_help(
                            fix.is_none()
                                .then(|| format!("the sizes are {sizes}, or `<width> x <height>` in millimetres")),
                        )
                        .maybe_fix(fix),
                );
                None
            }
            [Token::Number(w), Token::Ident(x), Token::Number(h)] if x.text == "x" => {
                if w.value < 10 || h.value < 10 || w.value > 1000 || h.value > 1000 {
                    self.d.push(self.error(field.span, "a card's size is from 10 to 1000 millimetres", "out of range"));
                    return None;
                }
                Some((w.value as f32, h.value as f32))
            }
            _ => {
                self.d.push(
                    self.error(field.span, "expected a card size", "not a size").help(
                        "write `size: poker` (or `bridge`, `tarot`, `mini`, `euro`, `square`) or `size: 63 x 88`",
                    ),
                );
                None
            }
        }
    }

    fn number(&mut self, field: &Field, tokens: &[Token]) -> Option<f32> {
        match tokens {
            [Token::Number(n)] if (0..=100).contains(&n.value) => Some(n.value as f32),
            _ => {
                self.d.push(self.error(
                    field.span,
                    format!("`{}` takes a number of millimetres", field.key.text),
                    "expected 0 to 100",
                ));
                None
            }
        }
    }

    fn paint(&mut self, field: &Field, tokens: &[Token]) -> Option<Paint> {
        match tokens {
            [Token::Ident(i)] if i.text == "faction" => Some(Paint::Faction),
            _ => self.colour_field(field, tokens).map(Paint::Colour),
        }
    }

    /// A font file: a string naming a TrueType or OpenType file from the layout's folder.
    fn font_file(&mut self, field: &Field, tokens: &[Token]) -> Option<PathBuf> {
        let [Token::Str(file)] = tokens else {
            self.d.push(
                self.error(field.span, format!("`{}` takes a font file", field.key.text), "expected a string")
                    .help("name a TrueType or OpenType file of the set: `font: \"fonts/Body.ttf\"`"),
            );
            return None;
        };
        let written = file.value.as_str();
        let relative = Path::new(written);
        if let Some(why) = outside(written) {
            self.d.push(
                Diagnostic::new(&E0503, format!("font file `{written}` is not in the set's folder"))
                    .label(self.file, file.span, why)
                    .help("write the path relative to the folder of this file, inside it, so the set can move"),
            );
            return None;
        }
        let path = self.folder.join(relative);
        match std::fs::read(&path) {
            Ok(bytes) if is_font(&bytes) && shapes(&bytes) => Some(path),
            Ok(_) => {
                self.d.push(
                    Diagnostic::new(&E0503, format!("font file `{written}` is not a font"))
                        .label(self.file, file.span, "not a TrueType or OpenType font")
                        .help("a layout's font is a `.ttf` or `.otf` file"),
                );
                None
            }
            Err(e) => {
                let label = unread(&e);
                self.d.push(
                    Diagnostic::new(&E0503, format!("font file `{written}` cannot be read"))
                        .label(self.file, file.span, label)
                        .help(format!("the path is relative to `{}`", self.folder.display())),
                );
                None
            }
        }
    }

    fn colour_field(&mut self, field: &Field, tokens: &[Token]) -> Option<String> {
        match tokens {
            [token] => self.colour(token),
            _ => {
                self.d.push(
                    self.error(field.span, format!("`{}` takes one colour", field.key.text), "expected a colour")
                        .help("write a colour as `\"#rrggbb\"`"),
                );
                None
            }
        }
    }

    /// A colour, `"#rrggbb"` or `"#rgb"`, in lowercase.
    fn colour(&mut self, token: &Token) -> Option<String> {
        if let Token::Str(s) = token {
            let hex = s.value.strip_prefix('#').unwrap_or("");
            if (hex.len() == 6 || hex.len() == 3) && hex.bytes().all(|b| b.is_ascii_hexdigit()) {
                return Some(format!("#{}", hex.to_ascii_lowercase()));
            }
        }
        let shown = match token {
            Token::Str(s) => format!("\"{}\"", s.value),
            other => other.describe(),
        };
        let fix = match token {
            Token::Ident(i) if i.text.len() == 6 && i.text.bytes().all(|b| b.is_ascii_hexdigit()) => {
                Some(Fix::certain("write it as a string", self.file, i.span, format!("\"#{}\"", i.text)))
            }
            _ => None,
        };
        self.d.push(
            self.error(token.span(), format!("{shown} is not a colour"), "expected `\"#rrggbb\"`")
                .maybe_help(fix.is_none().then(|| {
                    "write a colour as a string of its red, green and blue in hexadecimal: `\"#1a1a1a\"`".to_string()
                }))
                .maybe_fix(fix),
        );
        None
    }

    /// What a box field's key shows, reporting a key that is no box or one the kind lacks.
    fn shows(&mut self, field: &Field) -> Option<Shows> {
        let key = field.key.text.as_str();
        let stat = self.names.entries(VocabKind::Stat).iter().position(|v| v.entry.id.text == key);
        let shows = match (Shows::of(key), stat) {
            (Some(s), _) => s,
            (None, Some(i)) => Shows::Stat(i as u16),
            (None, None) => {
                // Only what this kind's layout may hold: a fix must not make another error.
                let stats: &[_] = if takes_stats(self.role) { self.names.entries(VocabKind::Stat) } else { &[] };
                let role = self.role;
                let candidates = BOXES
                    .iter()
                    .map(|(b, _)| *b)
                    .filter(|b| Shows::of(b).is_some_and(|s| s.on(role)))
                    .chain(SETTINGS.iter().map(|(s, _)| *s))
                    .chain(stats.iter().map(|v| v.entry.id.text.as_str()));
                let s = suggest::best(key, candidates.map(|c| (c, None)));
                let fix = s.map(|s| Fix::replace(s.help(key), self.file, field.key.span, s.id, applicability(&s)));
                let help = self.boxes_help();
                self.d.push(
                    self.error(field.key.span, format!("unknown box `{key}`"), "not a box nor a layout's field")
                        .maybe_help(fix.is_none().then_some(help))
                        .maybe_fix(fix),
                );
                return None;
            }
        };
        if !shows.on(self.role) {
            let noun = self.noun.clone();
            let what = match shows {
                Shows::Stat(_) | Shows::Stats => "stats".to_string(),
                Shows::Slot => "slot: it is no upgrade".to_string(),
                Shows::Bar => "upgrade bar: it carries no upgrades".to_string(),
                _ => "part spaces: it is no blueprint".to_string(),
            };
            let help = self.boxes_help();
            self.d.push(
                self.error(
                    field.key.span,
                    format!("{} has no {what}", a(&noun)),
                    format!("`{noun}` cards do not have this"),
                )
                .help(help),
            );
            return None;
        }
        Some(shows)
    }

    /// The boxes a card of the kind can show, for a help line.
    fn boxes_help(&self) -> String {
        let mut shown: Vec<String> = BOXES
            .iter()
            .filter(|(b, _)| Shows::of(b).is_some_and(|s| s.on(self.role)))
            .map(|(b, _)| format!("`{b}`"))
            .collect();
        if takes_stats(self.role) {
            shown.extend(self.names.entries(VocabKind::Stat).iter().map(|v| format!("`{}`", v.entry.id.text)));
        }
        format!("{} shows {}", a(&self.noun), shown.join(", "))
    }

    /// A box: its place, then its options.
    fn place(&mut self, field: &Field, tokens: &[Token], layout: &Layout) -> Option<LayoutBox> {
        let key = field.key.text.as_str();
        let shows = self.shows(field)?;
        let mut numbers = Vec::new();
        for t in tokens.iter().take(4) {
            match t {
                Token::Number(n) if n.value >= 0 && !n.signed => numbers.push(n.value as f32),
                _ => break,
            }
        }
        if numbers.len() < 4 {
            let at = tokens.get(numbers.len()).map_or(field.span, Token::span);
            self.d.push(
                self.error(at, format!("box `{key}` needs its place: `<x> <y> <w> <h>`"), "expected a number")
                    .help("four whole numbers of millimetres from the card's top left: left, top, width, height"),
            );
            return None;
        }
        let [x, y, w, h] = [numbers[0], numbers[1], numbers[2], numbers[3]];
        if w == 0.0 || h == 0.0 {
            self.d.push(
                self.error(field.span, format!("box `{key}` is empty"), "a width or height of 0")
                    .help("give it a width and a height"),
            );
            return None;
        }
        if x + w > layout.width || y + h > layout.height {
            let (edge, end, card) = if x + w > layout.width {
                ("right", x + w, format!("{} mm wide", layout.width))
            } else {
                ("bottom", y + h, format!("{} mm tall", layout.height))
            };
            self.d.push(
                self.error(
                    field.span,
                    format!("box `{key}` runs past the card's {edge} edge"),
                    format!("ends at {end} mm"),
                )
                .help(format!("the card is {card}: move or shrink the box")),
            );
            return None;
        }
        let (max_pt, min_pt, weight) = shows.defaults();
        let mut b = LayoutBox {
            shows,
            name: key.to_string(),
            x,
            y,
            w,
            h,
            weight,
            max_pt,
            min_pt,
            align: if matches!(shows, Shows::Cost | Shows::Stat(_)) { Align::Centre } else { Align::Left },
            circle: false,
            fill: None,
            ink: None,
        };
        let mut sized = false;
        let mut aligned = false;
        let mut rest = tokens[4..].iter().peekable();
        while let Some(t) = rest.next() {
            let word = match t {
                Token::Ident(i) => i.text.as_str(),
                other => {
                    self.d.push(
                        self.error(
                            other.span(),
                            format!("unexpected {} in box `{key}`", other.describe()),
                            "not an option",
                        )
                        .help(options_help()),
                    );
                    return None;
                }
            };
            match word {
                "bold" => b.weight = Weight::Bold,
                "regular" => b.weight = Weight::Regular,
                "left" | "centre" | "center" | "right" => {
                    b.align = match word {
                        "left" => Align::Left,
                        "right" => Align::Right,
                        _ => Align::Centre,
                    };
                    aligned = true;
                }
                "circle" => b.circle = true,
                "min" => match rest.next().and_then(|t| points(t).map(|p| (t, p))) {
                    Some((_, p)) => b.min_pt = p,
                    None => {
                        self.d.push(
                            self.error(t.span(), "`min` takes a size in points", "expected `<n>pt` after it")
                                .help("write the smallest size the text may shrink to: `min 5pt`"),
                        );
                        return None;
                    }
                },
                "fill" => {
                    let paint = match rest.next() {
                        Some(Token::Ident(i)) if i.text == "faction" => Some(Paint::Faction),
                        Some(c) => Some(Paint::Colour(self.colour(c)?)),
                        None => None,
                    };
                    match paint {
                        Some(p) => b.fill = Some(p),
                        None => {
                            self.d.push(self.error(t.span(), "`fill` takes a colour", "expected a colour after it"));
                            return None;
                        }
                    }
                }
                "ink" => match rest.next() {
                    Some(c) => b.ink = Some(self.colour(c)?),
                    None => {
                        self.d.push(self.error(t.span(), "`ink` takes a colour", "expected a colour after it"));
                        return None;
                    }
                },
                _ => match points(t) {
                    Some(p) => {
                        b.max_pt = p;
                        sized = true;
                    }
                    None => {
                        let s = suggest::best(word, OPTIONS.iter().map(|o| (*o, None)));
                        let fix = s
                            .filter(|s| s.id != "pt")
                            .map(|s| Fix::replace(s.help(word), self.file, t.span(), s.id, applicability(&s)));
                        self.d.push(
                            self.error(t.span(), format!("unknown option `{word}` in box `{key}`"), "not an option")
                                .maybe_help(fix.is_none().then(options_help))
                                .maybe_fix(fix),
                        );
                        return None;
                    }
                },
            }
        }
        if b.fill.is_some() && !b.circle && (b.w < 3.0 || b.h < 3.0) {
            self.d.push(
                self.error(field.span, format!("box `{key}` is too small for its fill"), "under 3 mm across")
                    .help("a filled box keeps its text 1 mm inside its edge: make it at least 3 mm wide and tall"),
            );
            return None;
        }
        // Text in a disc sits in its middle unless the layout says otherwise.
        if b.circle && !aligned {
            b.align = Align::Centre;
        }
        if sized && b.min_pt > b.max_pt {
            b.min_pt = b.max_pt;
        }
        if b.min_pt > b.max_pt && b.max_pt > 0.0 {
            self.d.push(
                self.error(field.span, format!("box `{key}` shrinks below nothing"), "its `min` is above its size")
                    .help("the smallest size is at most the largest"),
            );
            return None;
        }
        Some(b)
    }
}

/// A size in points written `9pt`.
fn points(t: &Token) -> Option<f32> {
    let Token::Ident(i) = t else { return None };
    let n: u32 = i.text.strip_suffix("pt")?.parse().ok()?;
    (1..=200).contains(&n).then_some(n as f32)
}

fn options_help() -> String {
    "after its place a box takes `bold` or `regular`, `<n>pt`, `min <n>pt`, `left`, `centre` or `right`, \
     `circle`, `fill <colour>` and `ink <colour>`"
        .to_string()
}

fn applicability(s: &suggest::Suggestion<'_>) -> crate::diagnostics::Applicability {
    if s.certain {
        crate::diagnostics::Applicability::MachineApplicable
    } else {
        crate::diagnostics::Applicability::MaybeIncorrect
    }
}

/// The vocabulary kinds a card prints in brackets (`[Focus]`): those a glyph may draw.
const BRACKETED: [VocabKind; 6] =
    [VocabKind::Action, VocabKind::Icon, VocabKind::Token, VocabKind::Resource, VocabKind::Result, VocabKind::Die];

/// One `glyph` entry: the icon's id and its file, or what is wrong with them.
fn glyph(
    entry: &GlyphEntry,
    names: &Names<'_>,
    file: FileId,
    folder: &Path,
    seen: &mut BTreeMap<String, (FileId, Span)>,
    d: &mut Vec<Diagnostic>,
) -> Option<(String, PathBuf)> {
    let id = entry.icon.text.as_str();
    let known = BRACKETED.iter().any(|k| names.entries(*k).iter().any(|v| v.entry.id.text == id));
    if !known {
        let candidates: Vec<(&str, Option<&str>)> = BRACKETED
            .iter()
            .flat_map(|k| names.entries(*k))
            .map(|v| (v.entry.id.text.as_str(), v.entry.display.as_ref().map(|s| s.value.as_str())))
            .collect();
        let s = suggest::best(id, candidates);
        let fix = s.map(|s| Fix::replace(s.help(id), file, entry.icon.span, s.id, applicability(&s)));
        d.push(
            Diagnostic::new(&crate::resolve::E0105, format!("unknown icon `{id}`"))
                .label(file, entry.icon.span, "no icon, action, token, resource, result or die of this game")
                .maybe_help(fix.is_none().then(|| {
                    "a glyph draws a name the cards print in brackets: declare it in `game.cards`".to_string()
                }))
                .maybe_fix(fix),
        );
        return None;
    }
    if let Some(&(first_file, first)) = seen.get(id) {
        d.push(
            Diagnostic::new(&E0502, format!("icon `{id}` has two glyphs"))
                .label(file, entry.icon.span, "second")
                .label(first_file, first, "first here")
                .help("an icon is drawn with one glyph; remove one"),
        );
        return None;
    }
    // Its first glyph, whether its file reads or not: a second is an error either way.
    seen.insert(id.to_string(), (file, entry.icon.span));
    let written = entry.file.value.as_str();
    let relative = Path::new(written);
    if let Some(why) = outside(written) {
        d.push(
            Diagnostic::new(&E0502, format!("glyph file `{written}` is not in the set's folder"))
                .label(file, entry.file.span, why)
                .help("write the path relative to the folder of this file, inside it, so the set can move"),
        );
        return None;
    }
    let path = folder.join(relative);
    let is_svg = relative.extension().is_some_and(|e| e.eq_ignore_ascii_case("svg"));
    match std::fs::read(&path) {
        Ok(bytes) if is_svg && looks_like_svg(&bytes) => Some((id.to_string(), path)),
        Ok(_) => {
            d.push(
                Diagnostic::new(&E0502, format!("glyph file `{written}` is not an SVG"))
                    .label(file, entry.file.span, "not an `<svg>` document")
                    .help("a glyph is an SVG file (`.svg`) whose root element is `<svg>`"),
            );
            None
        }
        Err(e) => {
            let near = near_file(&path);
            let mut diagnostic = Diagnostic::new(&E0502, format!("glyph file `{written}` cannot be read")).label(
                file,
                entry.file.span,
                unread(&e),
            );
            // The file meant is the help; else where the path is read from.
            match near {
                Some(name) => {
                    let replacement = match relative.parent().filter(|p| !p.as_os_str().is_empty()) {
                        Some(parent) => format!("\"{}/{name}\"", parent.display()),
                        None => format!("\"{name}\""),
                    };
                    let fix = Fix::maybe(format!("did you mean `{name}`?"), file, entry.file.span, replacement);
                    diagnostic = diagnostic.fix(fix);
                }
                None => diagnostic = diagnostic.help(format!("the path is relative to `{}`", folder.display())),
            }
            d.push(diagnostic);
            None
        }
    }
}

/// Why a file named in a layout or a glyph line could not be read, as a label says it.
fn unread(e: &std::io::Error) -> String {
    match e.kind() {
        std::io::ErrorKind::NotFound => "no such file".to_string(),
        _ => e.to_string().to_lowercase(),
    }
}

/// Why a path written in a layout or a glyph line does not stay in the set's folder: it
/// is empty, absolute (a root or a drive) or climbs out (`..`); `None` when it stays.
fn outside(written: &str) -> Option<&'static str> {
    use std::path::Component;
    if written.is_empty() {
        return Some("an empty path");
    }
    if written.starts_with(['/', '\\']) || Path::new(written).is_absolute() {
        return Some("an absolute path");
    }
    Path::new(written).components().find_map(|c| match c {
        Component::Normal(_) | Component::CurDir => None,
        Component::ParentDir => Some("a path out of the set's folder"),
        Component::RootDir | Component::Prefix(_) => Some("an absolute path"),
    })
}

/// Whether `bytes` start as a TrueType or OpenType font does (its version tag), as the
/// shaper reads one; a collection (`ttcf`) is not taken, since a layout names one face.
pub fn is_font(bytes: &[u8]) -> bool {
    matches!(bytes.get(..4), Some([0, 1, 0, 0] | b"OTTO" | b"true")) && bytes.len() >= 12
}

/// Whether the shaper `cardc render` measures text with reads `bytes` as a font (without
/// the `render` feature nothing is measured, and the version tag is all that is checked).
fn shapes(bytes: &[u8]) -> bool {
    #[cfg(feature = "render")]
    return rustybuzz::Face::from_slice(bytes, 0).is_some();
    #[cfg(not(feature = "render"))]
    return !bytes.is_empty();
}

/// Whether `bytes` hold an SVG document: an `<svg` element.
fn looks_like_svg(bytes: &[u8]) -> bool {
    // Exporters may write a long DOCTYPE or comment first: the whole file is looked at.
    bytes.windows(4).any(|w| w == b"<svg")
}

/// The SVG file beside `path` whose name is closest to its name.
fn near_file(path: &Path) -> Option<String> {
    let dir = path.parent()?;
    let name = path.file_name()?.to_str()?;
    let files: Vec<String> = std::fs::read_dir(dir)
        .ok()?
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter(|n| n.ends_with(".svg"))
        .collect();
    let best = suggest::closest(name, files.iter().map(String::as_str))?;
    Some(best.to_string())
}
