//! A card drawn as SVG, in the default layout every game gets from its vocabulary alone: a
//! poker-size card (63 × 88 mm) in its faction's colour, its name and cost, a type line (its
//! kind, factions, size), its stats or its slot, its text with the printed `[Icon]`s as
//! glyphs, and a unit's upgrade bar. Each box is a `<g data-box>` carrying its place and
//! size, so a browser test can compare what it laid out with the box.

use base64::Engine as _;
use cards_runtime::model::{Card, CardKind, Set, VocabKind};

use crate::layout::Layouts;

use super::font::{Fonts, Weight};
use super::text::{self, Fit, Item, Piece};
use super::xml::{num, Xml};
use crate::layout::{Align, Layout, LayoutBox, Paint, Shows, Weight as LayoutWeight};

/// A point in millimetres.
const PT: f32 = 25.4 / 72.0;
/// How far a filled rectangle's text stays inside its edge.
const INSET: f32 = 1.0;

/// A box's place, in millimetres from the card's top left.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Box {
    /// Left edge.
    pub x: f32,
    /// Top edge.
    pub y: f32,
    /// Width.
    pub w: f32,
    /// Height.
    pub h: f32,
}

/// One box of the default layout: what it shows, its name, place and text.
#[allow(clippy::too_many_arguments)]
fn boxed_default(
    shows: Shows,
    name: &str,
    (x, y, w, h): (f32, f32, f32, f32),
    (max_pt, min_pt): (f32, f32),
    weight: LayoutWeight,
    align: Align,
    fill: Option<Paint>,
    ink: Option<&str>,
) -> LayoutBox {
    LayoutBox {
        shows,
        name: name.to_string(),
        x,
        y,
        w,
        h,
        weight,
        max_pt,
        min_pt,
        align,
        circle: shows == Shows::Cost,
        fill,
        ink: ink.map(str::to_string),
    }
}

/// The layout every kind gets when its game declares none, from the vocabulary alone: a
/// poker-size card (63 × 88 mm) in its faction's colour, its name and cost, a type line,
/// its stats (an upgrade's slot), its text, and a unit's upgrade bar (a blueprint's part
/// spaces).
pub fn default_layout(role: CardKind) -> Layout {
    use Align::{Centre, Left};
    use LayoutWeight::{Bold, Regular};
    let mut boxes = vec![
        boxed_default(Shows::Name, "name", (5.0, 4.0, 43.0, 6.5), (9.5, 5.0), Bold, Left, None, None),
        boxed_default(
            Shows::Cost,
            "cost",
            (49.0, 3.0, 9.0, 9.0),
            (10.0, 5.0),
            Bold,
            Centre,
            Some(Paint::Faction),
            Some("#ffffff"),
        ),
        boxed_default(Shows::Type, "type", (5.0, 12.5, 53.0, 3.5), (6.5, 4.0), Regular, Left, None, Some("#333333")),
    ];
    let second = if role == CardKind::Upgrade { (Shows::Slot, "slot") } else { (Shows::Stats, "stats") };
    if second.0.on(role) {
        boxes.push(boxed_default(second.0, second.1, (5.0, 17.5, 53.0, 5.0), (7.0, 4.0), Bold, Left, None, None));
    }
    let white = Some(Paint::Colour("#ffffff".into()));
    if role == CardKind::Blueprint {
        boxes.push(boxed_default(
            Shows::Spaces,
            "spaces",
            (4.0, 24.0, 55.0, 30.0),
            (6.0, 3.5),
            Regular,
            Centre,
            None,
            None,
        ));
        boxes.push(boxed_default(Shows::Text, "text", (4.0, 56.0, 55.0, 28.0), (8.0, 5.0), Regular, Left, white, None));
    } else {
        boxes.push(boxed_default(Shows::Text, "text", (4.0, 24.0, 55.0, 52.0), (8.0, 5.0), Regular, Left, white, None));
    }
    if role == CardKind::Ship {
        boxes.push(boxed_default(
            Shows::Bar,
            "bar",
            (5.0, 77.5, 53.0, 6.0),
            (0.0, 2.0 / PT),
            Regular,
            Left,
            None,
            None,
        ));
    }
    Layout::with_boxes(boxes)
}

/// Text that does not fit its box at the smallest size the layout allows.
#[derive(Clone, Debug, PartialEq)]
pub struct Overflow {
    /// The box's name (`text`, `name`, a stat's id).
    pub what: String,
    /// The size it was set at (points).
    pub size_pt: f32,
    /// How much taller than the box it is (millimetres).
    pub taller_mm: f32,
    /// How much wider than the box its widest line is (millimetres).
    pub wider_mm: f32,
}

/// A card drawn, laid out once and written twice.
pub struct Drawn {
    /// The SVG document, standalone: the fonts and the icon glyphs it uses with it.
    pub svg: String,
    /// The same card as the gallery holds it, without what the page holds once for every
    /// card (the fonts, the glyphs).
    pub inline: String,
    /// The icon names its text and bars print, for the gallery's shared glyphs.
    pub icons: Vec<String>,
    /// Its boxes whose text does not fit.
    pub overflows: Vec<Overflow>,
}

/// The glyphs of a set's icons: the file its game declares for the icon (`glyph focus
/// "art/focus.svg"`), else an SVG file of the set folder named after the icon's id
/// (`icons/focus.svg`), else one drawn from its display name.
pub struct Glyphs {
    files: std::collections::BTreeMap<String, String>,
}

impl Glyphs {
    /// The glyph files in `dir/icons/` (none when there is no such folder), and those
    /// `declared` by icon id, which take their place.
    ///
    /// # Errors
    /// When the folder exists and a file in it cannot be read, or a declared file cannot.
    pub fn read(
        dir: &std::path::Path,
        declared: &std::collections::BTreeMap<String, std::path::PathBuf>,
    ) -> std::io::Result<Glyphs> {
        let mut files = std::collections::BTreeMap::new();
        let data = |path: &std::path::Path| -> std::io::Result<String> {
            let bytes = std::fs::read(path)?;
            let data = base64::engine::general_purpose::STANDARD.encode(bytes);
            Ok(format!("data:image/svg+xml;base64,{data}"))
        };
        let folder = dir.join("icons");
        if folder.is_dir() {
            for entry in std::fs::read_dir(&folder)? {
                let path = entry?.path();
                if path.extension().is_some_and(|e| e == "svg") {
                    if let Some(stem) = path.file_stem().and_then(|s| s.to_str()) {
                        files.insert(stem.to_string(), data(&path)?);
                    }
                }
            }
        }
        for (id, path) in declared {
            files.insert(id.clone(), data(path)?);
        }
        Ok(Glyphs { files })
    }

    /// No glyph files: every icon drawn from its name.
    pub fn none() -> Glyphs {
        Glyphs { files: Default::default() }
    }

    /// The `<symbol>` of the icon printed as `name`.
    pub fn symbol(&self, set: &Set, name: &str) -> String {
        let id = icon_id(set, name);
        let mut x = Xml::new();
        x.open("symbol", &[("id", &format!("icon-{id}")), ("viewBox", "0 0 10 10")]);
        if let Some(href) = self.files.get(&id) {
            x.empty("image", &[("href", href), ("width", "10"), ("height", "10")]);
        } else {
            x.empty("circle", &[("cx", "5"), ("cy", "5"), ("r", "4.8"), ("fill", "#2b2b2b")]);
            x.element(
                "text",
                &[
                    ("x", "5"),
                    ("y", "6.9"),
                    ("font-size", "5.2"),
                    ("font-weight", "bold"),
                    ("text-anchor", "middle"),
                    ("fill", "#ffffff"),
                ],
                &abbreviation(name),
            );
        }
        x.close();
        x.finish()
    }
}

/// The id of the vocabulary entry an icon printed as `name` is (`Focus` and `focus` are
/// `focus`), else `name` in kebab-case: a symbol's id and a glyph file's name.
pub fn icon_id(set: &Set, name: &str) -> String {
    let kinds =
        [VocabKind::Action, VocabKind::Icon, VocabKind::Token, VocabKind::Resource, VocabKind::Result, VocabKind::Die];
    let found = kinds
        .iter()
        .flat_map(|k| set.vocab.list(*k))
        .chain(VocabKind::ALL.iter().flat_map(|k| set.vocab.list(*k)))
        .find(|e| e.name.eq_ignore_ascii_case(name) || e.id.eq_ignore_ascii_case(name));
    match found {
        Some(e) => e.id.to_string(),
        None => kebab(name),
    }
}

/// `text` in kebab-case: letters and digits in lowercase, a `-` for each run of others.
pub fn kebab(text: &str) -> String {
    let mut out = String::new();
    for c in text.chars() {
        if c.is_alphanumeric() {
            out.extend(c.to_lowercase());
        } else if !out.ends_with('-') && !out.is_empty() {
            out.push('-');
        }
    }
    let out = out.trim_end_matches('-').to_string();
    if out.is_empty() {
        "x".to_string()
    } else {
        out
    }
}

/// The letters a glyph drawn from a name shows: the initials of its words (`Bank Left`
/// `BL`), or a one-word name's first two letters (`Focus` `Fo`).
fn abbreviation(name: &str) -> String {
    let words: Vec<&str> = name.split_whitespace().collect();
    if words.len() > 1 {
        words.iter().filter_map(|w| w.chars().next()).take(3).collect()
    } else {
        name.chars().take(2).collect()
    }
}

/// The names of `printed` with one name per glyph, in the order of the glyphs' ids
/// (`[Focus]` and `[focus]` are one glyph, `icon-focus`).
pub fn unique_glyphs<'n>(set: &Set, printed: impl IntoIterator<Item = &'n String>) -> Vec<&'n str> {
    let mut by_id: std::collections::BTreeMap<String, &str> = std::collections::BTreeMap::new();
    for name in printed {
        by_id.entry(icon_id(set, name)).or_insert(name);
    }
    by_id.into_values().collect()
}

/// `b` with `by` taken off each side (never below nothing).
fn inset(b: Box, by: f32) -> Box {
    Box { x: b.x + by, y: b.y + by, w: (b.w - 2.0 * by).max(0.0), h: (b.h - 2.0 * by).max(0.0) }
}

/// The weight a box's text is set in.
fn weight(b: &LayoutBox) -> Weight {
    match b.weight {
        LayoutWeight::Bold => Weight::Bold,
        LayoutWeight::Regular => Weight::Regular,
    }
}

/// The red, green and blue of `#rrggbb` or `#rgb` (black for anything else).
fn rgb(colour: &str) -> (u8, u8, u8) {
    let hex = colour.trim_start_matches('#');
    let channel = |i: usize, len: usize| {
        let part = hex.get(i * len..(i + 1) * len).unwrap_or("0");
        let v = u8::from_str_radix(part, 16).unwrap_or(0);
        if len == 1 {
            v * 17
        } else {
            v
        }
    };
    let len = if hex.len() == 3 { 1 } else { 2 };
    (channel(0, len), channel(1, len), channel(2, len))
}

/// The colour of a faction: a hue from its id, the same every run.
pub fn colour(id: &str) -> (u8, u8, u8) {
    // FNV-1a: stable across runs and platforms, unlike the standard hasher.
    let mut h: u32 = 0x811c_9dc5;
    for b in id.bytes() {
        h ^= u32::from(b);
        h = h.wrapping_mul(0x0100_0193);
    }
    hsl((h % 360) as f32, 0.45, 0.42)
}

fn hsl(h: f32, s: f32, l: f32) -> (u8, u8, u8) {
    let c = (1.0 - (2.0 * l - 1.0).abs()) * s;
    let x = c * (1.0 - ((h / 60.0) % 2.0 - 1.0).abs());
    let m = l - c / 2.0;
    let (r, g, b) = match (h / 60.0) as u32 {
        0 => (c, x, 0.0),
        1 => (x, c, 0.0),
        2 => (0.0, c, x),
        3 => (0.0, x, c),
        4 => (x, 0.0, c),
        _ => (c, 0.0, x),
    };
    let byte = |v: f32| ((v + m) * 255.0).round().clamp(0.0, 255.0) as u8;
    (byte(r), byte(g), byte(b))
}

fn hex((r, g, b): (u8, u8, u8)) -> String {
    format!("#{r:02x}{g:02x}{b:02x}")
}

/// A file name made safe to write and to name in CSS: letters, digits, `.`, `-` and `_`.
pub fn kebab_file(name: &str) -> String {
    let safe: String =
        name.chars().map(|c| if c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '_') { c } else { '-' }).collect();
    if safe.is_empty() {
        "font".to_string()
    } else {
        safe
    }
}

/// Opens an `<svg>` of `width` × `height` millimetres, its user unit the millimetre, with
/// `extra` attributes after the size.
pub(crate) fn open_svg(x: &mut Xml, width: f32, height: f32, extra: &[(&str, &str)]) {
    let (view, w, h) =
        (format!("0 0 {} {}", num(width), num(height)), format!("{}mm", num(width)), format!("{}mm", num(height)));
    let mut attrs =
        vec![("xmlns", "http://www.w3.org/2000/svg"), ("viewBox", view.as_str()), ("width", &w), ("height", &h)];
    attrs.extend_from_slice(extra);
    x.open("svg", &attrs);
}

/// Opens a card's `<svg>` of `width` × `height`: its size, then `extra`, the family its
/// text is set in, and unhinted advances, as cardc measured them (a browser drawing a card
/// small otherwise rounds each glyph's advance to its pixels).
fn open_card(x: &mut Xml, width: f32, height: f32, fonts: &Fonts, extra: &[(&str, &str)]) {
    let family = fonts.css_family();
    let mut attrs = extra.to_vec();
    attrs.extend([("font-family", family.as_str()), ("text-rendering", "geometricPrecision")]);
    open_svg(x, width, height, &attrs);
}

/// The layout a card of `set` is drawn in: its kind's in `layouts`, else the default.
pub fn layout_of<'l>(set: &Set, index: usize, layouts: &'l Layouts, default: &'l [Layout]) -> &'l Layout {
    let card = &set.cards[index];
    layouts.of(card.declared).unwrap_or(&default[card.kind.index()])
}

/// The default layout of each role, by [`CardKind::index`].
pub fn default_layouts() -> Vec<Layout> {
    CardKind::ALL.into_iter().map(default_layout).collect()
}

/// Draws card `index` of `set` in `layout`: laid out once, written standalone and as the
/// gallery holds it.
pub fn draw(set: &Set, index: usize, layout: &Layout, fonts: &Fonts, glyphs: &Glyphs) -> Drawn {
    let card = &set.cards[index];
    let mut d = Drawer::new(set, index, layout, fonts, true);
    let faction = card.factions.first().map(|f| set.vocab.factions[*f as usize].id.to_string());
    let ink = colour(faction.as_deref().unwrap_or(&set.game));
    let body = d.body(card, ink);
    let Drawer { icons, overflows, .. } = d;
    let written = |standalone: bool| {
        let mut x = Xml::new();
        open_card(&mut x, layout.width, layout.height, fonts, &[("data-card", &card.id)]);
        if standalone {
            x.element("style", &[], &fonts.family.faces("../fonts"));
            x.open("defs", &[]);
            for name in unique_glyphs(set, &icons) {
                x.raw(&glyphs.symbol(set, name));
            }
            x.close();
        }
        x.raw(&body);
        x.finish()
    };
    let (mut svg, inline) = (written(true), written(false));
    svg.push('\n');
    Drawn { svg, inline, icons, overflows }
}

/// The boxes of card `index` of `set` whose text does not fit `layout`: what [`draw`]
/// finds, its text laid out and measured but not written (the lint `text-overflow` on each
/// check).
pub fn overflows(set: &Set, index: usize, layout: &Layout, fonts: &Fonts) -> Vec<Overflow> {
    let mut d = Drawer::new(set, index, layout, fonts, false);
    d.body(&set.cards[index], (0, 0, 0));
    d.overflows
}

/// The back of a card of the kind named `kind_name`, in its kind's `layout`.
pub fn back(set: &Set, kind_name: &str, layout: &Layout, fonts: &Fonts) -> String {
    let (width, height) = (layout.width, layout.height);
    let mut x = Xml::new();
    open_card(&mut x, width, height, fonts, &[]);
    x.element("style", &[], &fonts.family.faces("../fonts"));
    let ink = layout.back.clone().unwrap_or_else(|| hex(colour(&set.game)));
    let corner = num(layout.corner);
    x.empty("rect", &[("width", &num(width)), ("height", &num(height)), ("rx", &corner), ("fill", &ink)]);
    x.empty(
        "rect",
        &[
            ("x", "4"),
            ("y", "4"),
            ("width", &num(width - 8.0)),
            ("height", &num(height - 8.0)),
            ("rx", "2"),
            ("fill", "none"),
            ("stroke", "#ffffff"),
            ("stroke-width", "0.6"),
        ],
    );
    for (line, y, size, weight) in
        [(&*set.name, height / 2.0, 8.0, Weight::Bold), (kind_name, height / 2.0 + 8.0, 6.0, Weight::Regular)]
    {
        let fitted = text::fit(
            fonts,
            &text::pieces(line, weight),
            width - 12.0,
            10.0,
            Fit { max: size * PT, min: 3.0 * PT, one_line: true },
        );
        let bold = if weight == Weight::Bold { "bold" } else { "normal" };
        x.element(
            "text",
            &[
                ("x", &num(width / 2.0)),
                ("y", &num(y)),
                ("font-size", &num(fitted.size)),
                ("font-weight", bold),
                ("text-anchor", "middle"),
                ("fill", "#ffffff"),
            ],
            line,
        );
    }
    let mut svg = x.finish();
    svg.push('\n');
    svg
}

struct Drawer<'a> {
    set: &'a Set,
    fonts: &'a Fonts,
    layout: &'a Layout,
    /// A unit's view, with what its profile card gives it.
    view: Option<cards_runtime::model::view::ShipView<'a>>,
    icons: Vec<String>,
    overflows: Vec<Overflow>,
    /// Whether its text is written, or only measured ([`overflows`]).
    write: bool,
}

impl<'a> Drawer<'a> {
    /// A drawer of card `index` of `set` in `layout`, which writes its text or only
    /// measures it.
    fn new(set: &'a Set, index: usize, layout: &'a Layout, fonts: &'a Fonts, write: bool) -> Drawer<'a> {
        let view = (set.cards[index].kind == CardKind::Ship)
            .then(|| cards_runtime::model::view::ShipView::new(set, index as u32, false))
            .flatten();
        Drawer { set, fonts, layout, view, icons: Vec::new(), overflows: Vec::new(), write }
    }

    /// Everything but the outer `<svg>` and its definitions.
    fn body(&mut self, card: &Card, faction: (u8, u8, u8)) -> String {
        let layout = self.layout;
        let mut x = Xml::new();
        let paint = |p: &Paint| match p {
            Paint::Faction => hex(faction),
            Paint::Colour(c) => c.clone(),
        };
        let background = paint(&layout.background);
        let (width, height, corner) = (num(layout.width), num(layout.height), num(layout.corner));
        x.empty("rect", &[("width", &width), ("height", &height), ("rx", &corner), ("fill", &background)]);
        let panel = match &layout.panel {
            Some(p) if p == "none" => None,
            Some(p) => Some(p.clone()),
            None => {
                let (r, g, b) = match &layout.background {
                    Paint::Faction => faction,
                    Paint::Colour(c) => rgb(c),
                };
                let mix = |c: u8| ((u16::from(c) + 3 * 255) / 4) as u8;
                Some(hex((mix(r), mix(g), mix(b))))
            }
        };
        if let Some(panel) = panel {
            x.empty(
                "rect",
                &[
                    ("x", "2"),
                    ("y", "2"),
                    ("width", &num(layout.width - 4.0)),
                    ("height", &num(layout.height - 4.0)),
                    ("rx", &num((layout.corner - 1.0).max(0.0))),
                    ("fill", &panel),
                ],
            );
        }
        let cost = card.cost.map(|c| c.to_string()).or_else(|| card.cost_by.as_ref().map(|_| "*".to_string()));
        let cost_box = layout.boxes.iter().find(|b| b.shows == Shows::Cost);
        for b in &layout.boxes {
            let mut place = Box { x: b.x, y: b.y, w: b.w, h: b.h };
            let ink = b.ink.clone().unwrap_or_else(|| layout.ink.clone());
            let pieces = match b.shows {
                Shows::Name => {
                    // A name grows over the cost box beside it when the card has no cost.
                    if let (None, Some(c)) = (&cost, cost_box) {
                        if c.x >= b.x + b.w && c.y < b.y + b.h && b.y < c.y + c.h {
                            place.w = c.x + c.w - b.x;
                        }
                    }
                    let name = if card.unique { format!("• {}", card.name) } else { card.name.to_string() };
                    text::pieces(&name, weight(b))
                }
                Shows::Cost => cost.as_deref().map(|c| text::pieces(c, weight(b))).unwrap_or_default(),
                Shows::Kind => text::pieces(&self.set.kind_of(card).noun.name, weight(b)),
                Shows::Type => text::pieces(&self.type_line(card), weight(b)),
                Shows::Faction => text::pieces(&self.factions(card).join(" / "), weight(b)),
                Shows::Stats => text::pieces(&self.stats_line(card), weight(b)),
                Shows::Stat(i) => {
                    self.stat(card, i).map(|v| text::pieces(&v.to_string(), weight(b))).unwrap_or_default()
                }
                Shows::Slot => text::pieces(&self.slot_line(card), weight(b)),
                Shows::Bar => card
                    .upgrades
                    .iter()
                    .map(|i| Piece::Icon(self.set.vocab.icons[*i as usize].name.to_string()))
                    .collect(),
                Shows::Text => self.text_pieces(card),
                Shows::Spaces => {
                    self.spaces(&mut x, card, b, &ink, b.fill.as_ref().map(paint));
                    continue;
                }
            };
            // A box with nothing to show is not drawn, nor its fill.
            if pieces.is_empty() {
                continue;
            }
            if let Some(fill) = &b.fill {
                let fill = paint(fill);
                if b.circle {
                    let r = place.w.min(place.h) / 2.0;
                    let (cx, cy) = (num(place.x + place.w / 2.0), num(place.y + place.h / 2.0));
                    x.empty("circle", &[("cx", &cx), ("cy", &cy), ("r", &num(r)), ("fill", &fill)]);
                } else {
                    x.empty(
                        "rect",
                        &[
                            ("x", &num(place.x)),
                            ("y", &num(place.y)),
                            ("width", &num(place.w)),
                            ("height", &num(place.h)),
                            ("rx", "1"),
                            ("fill", &fill),
                        ],
                    );
                    place = inset(place, INSET);
                }
            }
            // A disc's text sits in the square inside it, centred.
            if b.circle {
                let side = place.w.min(place.h) * std::f32::consts::FRAC_1_SQRT_2;
                place =
                    Box { x: place.x + (place.w - side) / 2.0, y: place.y + (place.h - side) / 2.0, w: side, h: side };
            }
            let max = if b.shows == Shows::Bar && b.max_pt == 0.0 { place.h / text::LEADING } else { b.max_pt * PT };
            let fit = Fit { max, min: (b.min_pt * PT).min(max), one_line: b.shows.one_line() };
            self.boxed(&mut x, &b.name, place, &pieces, fit, b.align, &ink, b.circle);
        }
        x.finish()
    }

    /// What the text box shows: what the card requires, its printed text, its named
    /// abilities, its charges.
    fn text_pieces(&self, card: &Card) -> Vec<Piece> {
        let mut pieces = Vec::new();
        if let Some(r) = &card.requires {
            pieces.push(Piece::Word("Requires".into(), Weight::Bold));
            pieces.extend(text::pieces(
                &format!("{}.", cards_runtime::restriction_text::describe(self.set, r)),
                Weight::Regular,
            ));
        }
        for (name, body) in card
            .ship_abilities
            .iter()
            .map(|a| (Some(&*a.name), &*a.text))
            .chain(card.text.as_deref().map(|t| (None, t)))
        {
            if !pieces.is_empty() {
                pieces.push(Piece::Break);
            }
            if let Some(name) = name {
                pieces.extend(text::pieces(&format!("{name}:"), Weight::Bold));
            }
            pieces.extend(text::pieces(body, Weight::Regular));
        }
        for (what, charges) in [("Charges", card.charges), ("Force", card.force)] {
            if let Some(c) = charges {
                if !pieces.is_empty() {
                    pieces.push(Piece::Break);
                }
                pieces.push(Piece::Word(format!("{what}:"), Weight::Bold));
                let recovers = match c.recovers {
                    0 => String::new(),
                    n if n > 0 => format!(" (+{n} a round)"),
                    n => format!(" ({n} a round)"),
                };
                pieces.extend(text::pieces(&format!("{}{recovers}", c.count), Weight::Regular));
            }
        }
        pieces
    }

    /// A blueprint's part spaces as a grid in box `b`: two rows (one for three spaces or
    /// fewer), each space a cell with its part's name, an empty one blank.
    fn spaces(&mut self, x: &mut Xml, card: &Card, b: &LayoutBox, ink: &str, fill: Option<String>) {
        let n = card.spaces.len();
        if n == 0 {
            return;
        }
        if let Some(fill) = fill {
            let (bx, by, bw, bh) = (num(b.x), num(b.y), num(b.w), num(b.h));
            x.empty("rect", &[("x", &bx), ("y", &by), ("width", &bw), ("height", &bh), ("rx", "1"), ("fill", &fill)]);
        }
        let rows = if n <= 3 { 1 } else { 2 };
        let columns = n.div_ceil(rows);
        let gap = 1.0;
        let cell_w = ((b.w - gap * (columns as f32 - 1.0)) / columns as f32).max(0.0);
        let cell_h = ((b.h - gap * (rows as f32 - 1.0)) / rows as f32).max(0.0);
        for (i, space) in card.spaces.iter().enumerate() {
            let (row, column) = (i / columns, i % columns);
            let cell = Box {
                x: b.x + column as f32 * (cell_w + gap),
                y: b.y + row as f32 * (cell_h + gap),
                w: cell_w,
                h: cell_h,
            };
            let fill = if space.is_some() { "#ffffff" } else { "none" };
            x.empty(
                "rect",
                &[
                    ("x", &num(cell.x)),
                    ("y", &num(cell.y)),
                    ("width", &num(cell.w)),
                    ("height", &num(cell.h)),
                    ("rx", "1"),
                    ("fill", fill),
                    ("stroke", ink),
                    ("stroke-width", "0.3"),
                    ("data-space", &i.to_string()),
                ],
            );
            if let Some(part) = space {
                let name = &self.set.cards[*part as usize].name;
                let inner =
                    Box { x: cell.x + INSET, y: cell.y + INSET, w: cell.w - 2.0 * INSET, h: cell.h - 2.0 * INSET };
                let fit = Fit { max: b.max_pt * PT, min: b.min_pt * PT, one_line: false };
                self.boxed(x, &b.name, inner, &text::pieces(name, weight(b)), fit, Align::Centre, ink, false);
            }
        }
    }

    /// The card's factions' names (a unit's with those its profile gives it).
    fn factions(&self, card: &Card) -> Vec<&str> {
        let set = self.set;
        match &self.view {
            Some(v) => v.factions().iter().map(|f| &*set.vocab.factions[*f as usize].name).collect(),
            None => card.factions.iter().map(|f| &*set.vocab.factions[*f as usize].name).collect(),
        }
    }

    /// The value of stat `i` (a unit's with what its profile gives it).
    fn stat(&self, card: &Card, i: u16) -> Option<i64> {
        match &self.view {
            Some(v) => v.stat(i),
            None => card.stats.iter().find(|(s, _)| *s == i).map(|(_, v)| *v),
        }
    }

    /// "[Weapon] [Armor]": the icons an upgrade is equipped by.
    fn slot_line(&self, card: &Card) -> String {
        card.icons.iter().map(|i| format!("[{}]", self.set.vocab.icons[*i as usize].name)).collect::<Vec<_>>().join(" ")
    }

    /// "Hero — Emberguard · Small": the kind, the factions, the size.
    fn type_line(&self, card: &Card) -> String {
        let set = self.set;
        let mut line = set.kind_of(card).noun.name.to_string();
        let factions = self.factions(card);
        if !factions.is_empty() {
            line.push_str(" — ");
            line.push_str(&factions.join(" / "));
        }
        let size = card.size.or_else(|| card.chassis.and_then(|c| set.cards[c as usize].size));
        if let Some(s) = size {
            line.push_str(" · ");
            line.push_str(&set.vocab.sizes[s as usize].name);
        }
        line
    }

    /// "Might 3 · Guard 2": the stats the game declares that the card has.
    fn stats_line(&self, card: &Card) -> String {
        let set = self.set;
        let mut parts = Vec::new();
        for (i, stat) in set.vocab.stats.iter().enumerate() {
            if let Some(v) = self.stat(card, i as u16) {
                parts.push(format!("{} {v}", stat.name));
            }
        }
        parts.join(" · ")
    }

    /// Opens the `<g>` of box `name` at `b`, which says its name, place and size.
    fn open_box(x: &mut Xml, name: &str, b: Box) {
        let (bx, by, bw, bh) = (num(b.x), num(b.y), num(b.w), num(b.h));
        x.open("g", &[("data-box", name), ("data-x", &bx), ("data-y", &by), ("data-w", &bw), ("data-h", &bh)]);
    }

    fn note(&mut self, name: &str, b: Box, fitted: &text::Set) {
        if !fitted.fits {
            self.overflows.push(Overflow {
                what: name.to_string(),
                size_pt: fitted.size / PT,
                taller_mm: (fitted.height - b.h).max(0.0),
                wider_mm: (fitted.width - b.w).max(0.0),
            });
        }
    }

    /// `pieces` fitted to `b` and written, each line's runs as `<text>`, its icons as
    /// `<use>`, each line placed across the box as `align` says.
    #[allow(clippy::too_many_arguments)]
    fn boxed(
        &mut self,
        x: &mut Xml,
        name: &str,
        b: Box,
        pieces: &[Piece],
        fit: Fit,
        align: Align,
        ink: &str,
        on_caps: bool,
    ) {
        let fitted = text::fit(self.fonts, pieces, b.w, b.h, fit);
        self.note(name, b, &fitted);
        if !self.write {
            return;
        }
        Self::open_box(x, name, b);
        let size = num(fitted.size);
        // A single line is centred in its box's height: on its line's height, or, `on_caps`
        // (a number in a disc), on its capitals.
        let dy = match (fit.one_line, on_caps, fitted.lines.first()) {
            (true, true, Some(first)) => (b.h + self.fonts.cap_height() * fitted.size) / 2.0 - first.baseline,
            (true, ..) => (b.h - fitted.size * text::LEADING) / 2.0,
            _ => 0.0,
        };
        for line in &fitted.lines {
            let y = b.y + dy + line.baseline;
            let dx = match align {
                Align::Left => 0.0,
                Align::Centre => ((b.w - line.width) / 2.0).max(0.0),
                Align::Right => (b.w - line.width).max(0.0),
            };
            for item in &line.items {
                match item {
                    Item::Run { x: rx, text, weight, .. } => {
                        let bold = if *weight == Weight::Bold { "bold" } else { "normal" };
                        x.element(
                            "text",
                            &[
                                ("x", &num(b.x + dx + rx)),
                                ("y", &num(y)),
                                ("font-size", &size),
                                ("font-weight", bold),
                                ("fill", ink),
                                ("xml:space", "preserve"),
                            ],
                            text,
                        );
                    }
                    Item::Icon { x: ix, name } => {
                        let id = icon_id(self.set, name);
                        self.icons.push(name.clone());
                        let side = fitted.size * text::ICON * 0.95;
                        let cap = self.fonts.cap_height() * fitted.size;
                        // On one line (a bar, a slot) an icon is centred in its box; in
                        // running text, on the capitals of its line.
                        let top = if fit.one_line { b.y + (b.h - side) / 2.0 } else { y - cap - (side - cap) / 2.0 };
                        x.empty(
                            "use",
                            &[
                                ("href", &format!("#icon-{id}")),
                                ("x", &num(b.x + dx + ix)),
                                ("y", &num(top)),
                                ("width", &num(side)),
                                ("height", &num(side)),
                                ("data-icon", &id),
                            ],
                        );
                    }
                }
            }
        }
        x.close();
    }
}
