//! A card drawn as SVG, in the default layout every game gets from its vocabulary alone: a
//! poker-size card (63 × 88 mm) in its faction's colour, its name and cost, a type line (its
//! kind, factions, size), its stats or its slot, its text with the printed `[Icon]`s as
//! glyphs, and a unit's upgrade bar. Each box is a `<g data-box>` carrying its place and
//! size, so a browser test can compare what it laid out with the box.

use base64::Engine as _;
use cards_runtime::model::{Card, CardKind, Set, VocabKind};

use super::font::{Fonts, Weight, FAMILY, FILES};
use super::text::{self, Fit, Item, Piece};
use super::xml::{num, Xml};

/// The card's size in millimetres (poker).
pub const WIDTH: f32 = 63.0;
/// The card's height in millimetres (poker).
pub const HEIGHT: f32 = 88.0;
/// A point in millimetres.
const PT: f32 = 25.4 / 72.0;

/// A box of the layout: its name and place, in millimetres from the card's top left.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Box {
    /// What it shows (`name`, `cost`, `type`, `stats`, `text`, `bar`).
    pub name: &'static str,
    /// Left edge.
    pub x: f32,
    /// Top edge.
    pub y: f32,
    /// Width.
    pub w: f32,
    /// Height.
    pub h: f32,
}

const NAME: Box = Box { name: "name", x: 5.0, y: 4.0, w: 43.0, h: 6.5 };
const NAME_WIDE: Box = Box { name: "name", x: 5.0, y: 4.0, w: 53.0, h: 6.5 };
const COST: Box = Box { name: "cost", x: 49.0, y: 3.0, w: 9.0, h: 9.0 };
const TYPE: Box = Box { name: "type", x: 5.0, y: 12.5, w: 53.0, h: 3.5 };
const STATS: Box = Box { name: "stats", x: 5.0, y: 17.5, w: 53.0, h: 5.0 };
const TEXT: Box = Box { name: "text", x: 5.0, y: 25.0, w: 53.0, h: 50.0 };
const BAR: Box = Box { name: "bar", x: 5.0, y: 77.5, w: 53.0, h: 6.0 };

/// Text that does not fit its box at the smallest size the layout allows.
#[derive(Clone, Debug, PartialEq)]
pub struct Overflow {
    /// The box.
    pub what: &'static str,
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

/// The glyphs of a set's icons: an SVG file of the set folder named after the icon's id
/// (`icons/focus.svg`), else one drawn from its display name.
pub struct Glyphs {
    files: std::collections::BTreeMap<String, String>,
}

impl Glyphs {
    /// The glyph files in `dir/icons/` (none when there is no such folder).
    ///
    /// # Errors
    /// When the folder exists and a file in it cannot be read.
    pub fn read(dir: &std::path::Path) -> std::io::Result<Glyphs> {
        let mut files = std::collections::BTreeMap::new();
        let folder = dir.join("icons");
        if folder.is_dir() {
            for entry in std::fs::read_dir(&folder)? {
                let path = entry?.path();
                if path.extension().is_some_and(|e| e == "svg") {
                    if let Some(stem) = path.file_stem().and_then(|s| s.to_str()) {
                        let bytes = std::fs::read(&path)?;
                        let data = base64::engine::general_purpose::STANDARD.encode(bytes);
                        files.insert(stem.to_string(), format!("data:image/svg+xml;base64,{data}"));
                    }
                }
            }
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

/// The `<style>` of a standalone card: the shipped fonts from `fonts/` beside the folder
/// the card is in.
pub fn font_faces(fonts_dir: &str) -> String {
    let [(regular, _), (bold, _)] = FILES;
    format!(
        "@font-face{{font-family:{FAMILY};src:url({fonts_dir}/{regular})}}\
         @font-face{{font-family:{FAMILY};font-weight:bold;src:url({fonts_dir}/{bold})}}"
    )
}

/// The family every text of a card is set in.
fn family() -> String {
    format!("{FAMILY}, 'DejaVu Sans Condensed', sans-serif")
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

/// Opens a card's `<svg>`: its size, then `extra`, the family its text is set in, and
/// unhinted advances, as cardc measured them (a browser drawing a card small otherwise
/// rounds each glyph's advance to its pixels).
fn open_card(x: &mut Xml, extra: &[(&str, &str)]) {
    let family = family();
    let mut attrs = extra.to_vec();
    attrs.extend([("font-family", family.as_str()), ("text-rendering", "geometricPrecision")]);
    open_svg(x, WIDTH, HEIGHT, &attrs);
}

/// Draws card `index` of `set`: laid out once, written standalone and as the gallery
/// holds it.
pub fn draw(set: &Set, index: usize, fonts: &Fonts, glyphs: &Glyphs) -> Drawn {
    let card = &set.cards[index];
    let view = (card.kind == CardKind::Ship)
        .then(|| cards_runtime::model::view::ShipView::new(set, index as u32, false))
        .flatten();
    let mut d = Drawer { set, fonts, view, icons: Vec::new(), overflows: Vec::new() };
    let faction = card.factions.first().map(|f| set.vocab.factions[*f as usize].id.to_string());
    let ink = colour(faction.as_deref().unwrap_or(&set.game));
    let body = d.body(card, ink);
    let Drawer { icons, overflows, .. } = d;
    let written = |standalone: bool| {
        let mut x = Xml::new();
        open_card(&mut x, &[("data-card", &card.id)]);
        if standalone {
            x.element("style", &[], &font_faces("../fonts"));
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

/// The back of a card of kind `kind` (its index in the set's kinds).
pub fn back(set: &Set, kind_name: &str, fonts: &Fonts) -> String {
    let mut x = Xml::new();
    open_card(&mut x, &[]);
    x.element("style", &[], &font_faces("../fonts"));
    let ink = hex(colour(&set.game));
    x.empty("rect", &[("width", &num(WIDTH)), ("height", &num(HEIGHT)), ("rx", "3"), ("fill", &ink)]);
    x.empty(
        "rect",
        &[
            ("x", "4"),
            ("y", "4"),
            ("width", &num(WIDTH - 8.0)),
            ("height", &num(HEIGHT - 8.0)),
            ("rx", "2"),
            ("fill", "none"),
            ("stroke", "#ffffff"),
            ("stroke-width", "0.6"),
        ],
    );
    for (line, y, size, weight) in
        [(&*set.name, HEIGHT / 2.0, 8.0, Weight::Bold), (kind_name, HEIGHT / 2.0 + 8.0, 6.0, Weight::Regular)]
    {
        let fitted = text::fit(
            fonts,
            &text::pieces(line, weight),
            WIDTH - 12.0,
            10.0,
            Fit { max: size * PT, min: 3.0 * PT, one_line: true },
        );
        let bold = if weight == Weight::Bold { "bold" } else { "normal" };
        x.element(
            "text",
            &[
                ("x", &num(WIDTH / 2.0)),
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
    /// A unit's view, with what its profile card gives it.
    view: Option<cards_runtime::model::view::ShipView<'a>>,
    icons: Vec<String>,
    overflows: Vec<Overflow>,
}

impl Drawer<'_> {
    /// Everything but the outer `<svg>` and its definitions.
    fn body(&mut self, card: &Card, ink: (u8, u8, u8)) -> String {
        let set = self.set;
        let mut x = Xml::new();
        let tint = {
            let (r, g, b) = ink;
            let mix = |c: u8| ((u16::from(c) + 3 * 255) / 4) as u8;
            hex((mix(r), mix(g), mix(b)))
        };
        x.empty("rect", &[("width", &num(WIDTH)), ("height", &num(HEIGHT)), ("rx", "3"), ("fill", &hex(ink))]);
        x.empty(
            "rect",
            &[
                ("x", "2"),
                ("y", "2"),
                ("width", &num(WIDTH - 4.0)),
                ("height", &num(HEIGHT - 4.0)),
                ("rx", "2"),
                ("fill", &tint),
            ],
        );
        // Name, with the unique mark as the card prints it.
        let name = if card.unique { format!("• {}", card.name) } else { card.name.to_string() };
        let cost = card.cost.map(|c| c.to_string()).or_else(|| card.cost_by.as_ref().map(|_| "*".to_string()));
        let name_box = if cost.is_some() { NAME } else { NAME_WIDE };
        self.one_line(&mut x, name_box, &name, Weight::Bold, 9.5, 5.0, "#1a1a1a");
        if let Some(cost) = cost {
            x.empty(
                "circle",
                &[
                    ("cx", &num(COST.x + COST.w / 2.0)),
                    ("cy", &num(COST.y + COST.h / 2.0)),
                    ("r", &num(COST.w / 2.0)),
                    ("fill", &hex(ink)),
                ],
            );
            let inner = Box { name: "cost", x: COST.x + 1.2, y: COST.y + 2.0, w: COST.w - 2.4, h: COST.h - 4.0 };
            self.centred(&mut x, inner, &cost, 10.0, 5.0);
        }
        self.one_line(&mut x, TYPE, &self.type_line(card), Weight::Regular, 6.5, 4.0, "#333333");
        // Stats: a unit's with those its profile card gives it; an upgrade's slot.
        let stats = self.stats_line(card);
        if !stats.is_empty() {
            let pieces = text::pieces(&stats, Weight::Bold);
            self.boxed(&mut x, STATS, &pieces, Fit { max: 7.0 * PT, min: 4.0 * PT, one_line: true }, "#1a1a1a");
        }
        // The text: what the card requires, its printed text, its named abilities.
        let mut pieces = Vec::new();
        if let Some(r) = &card.requires {
            pieces.push(Piece::Word("Requires".into(), Weight::Bold));
            pieces.extend(text::pieces(
                &format!("{}.", cards_runtime::restriction_text::describe(set, r)),
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
        // A card with no text has no text panel.
        if !pieces.is_empty() {
            x.empty(
                "rect",
                &[
                    ("x", &num(TEXT.x - 1.0)),
                    ("y", &num(TEXT.y - 1.0)),
                    ("width", &num(TEXT.w + 2.0)),
                    ("height", &num(TEXT.h + 2.0)),
                    ("rx", "1"),
                    ("fill", "#ffffff"),
                ],
            );
            self.boxed(&mut x, TEXT, &pieces, Fit { max: 8.0 * PT, min: 5.0 * PT, one_line: false }, "#1a1a1a");
        }
        // A unit's upgrade bar, an icon a printed slot.
        if !card.upgrades.is_empty() {
            let bar: Vec<Piece> =
                card.upgrades.iter().map(|i| Piece::Icon(set.vocab.icons[*i as usize].name.to_string())).collect();
            self.boxed(&mut x, BAR, &bar, Fit { max: BAR.h / text::LEADING, min: 2.0, one_line: true }, "#1a1a1a");
        }
        x.finish()
    }

    /// "Hero — Emberguard · Small": the kind, the factions, the size.
    fn type_line(&self, card: &Card) -> String {
        let set = self.set;
        let mut line = set.kind_of(card).noun.name.to_string();
        let factions: Vec<&str> = match &self.view {
            Some(v) => v.factions().iter().map(|f| &*set.vocab.factions[*f as usize].name).collect(),
            None => card.factions.iter().map(|f| &*set.vocab.factions[*f as usize].name).collect(),
        };
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

    /// "Might 3 · Guard 2", or "[Weapon]" for an upgrade's slot.
    fn stats_line(&self, card: &Card) -> String {
        let set = self.set;
        if !card.icons.is_empty() {
            return card
                .icons
                .iter()
                .map(|i| format!("[{}]", set.vocab.icons[*i as usize].name))
                .collect::<Vec<_>>()
                .join(" ");
        }
        let mut parts = Vec::new();
        for (i, stat) in set.vocab.stats.iter().enumerate() {
            let value = match &self.view {
                Some(v) => v.stat(i as u16),
                None => card.stats.iter().find(|(s, _)| *s as usize == i).map(|(_, v)| *v),
            };
            if let Some(v) = value {
                parts.push(format!("{} {v}", stat.name));
            }
        }
        parts.join(" · ")
    }

    /// One line of text fitted to `b`.
    #[allow(clippy::too_many_arguments)]
    fn one_line(&mut self, x: &mut Xml, b: Box, line: &str, weight: Weight, max_pt: f32, min_pt: f32, fill: &str) {
        let pieces = text::pieces(line, weight);
        self.boxed(x, b, &pieces, Fit { max: max_pt * PT, min: min_pt * PT, one_line: true }, fill);
    }

    /// A number centred in `b` (the cost).
    fn centred(&mut self, x: &mut Xml, b: Box, value: &str, max_pt: f32, min_pt: f32) {
        let fitted = text::fit(
            self.fonts,
            &text::pieces(value, Weight::Bold),
            b.w,
            b.h,
            Fit { max: max_pt * PT, min: min_pt * PT, one_line: true },
        );
        self.note(b, &fitted);
        let baseline = b.y + (b.h + self.fonts.cap_height() * fitted.size) / 2.0;
        Self::open_box(x, b);
        x.element(
            "text",
            &[
                ("x", &num(b.x + b.w / 2.0)),
                ("y", &num(baseline)),
                ("font-size", &num(fitted.size)),
                ("font-weight", "bold"),
                ("text-anchor", "middle"),
                ("fill", "#ffffff"),
            ],
            value,
        );
        x.close();
    }

    /// Opens the `<g>` of box `b`, which says its name, place and size.
    fn open_box(x: &mut Xml, b: Box) {
        let (bx, by, bw, bh) = (num(b.x), num(b.y), num(b.w), num(b.h));
        x.open("g", &[("data-box", b.name), ("data-x", &bx), ("data-y", &by), ("data-w", &bw), ("data-h", &bh)]);
    }

    fn note(&mut self, b: Box, fitted: &text::Set) {
        if !fitted.fits {
            self.overflows.push(Overflow {
                what: b.name,
                size_pt: fitted.size / PT,
                taller_mm: (fitted.height - b.h).max(0.0),
                wider_mm: (fitted.width - b.w).max(0.0),
            });
        }
    }

    /// `pieces` fitted to `b` and written, each line's runs as `<text>`, its icons as `<use>`.
    fn boxed(&mut self, x: &mut Xml, b: Box, pieces: &[Piece], fit: Fit, fill: &str) {
        let fitted = text::fit(self.fonts, pieces, b.w, b.h, fit);
        self.note(b, &fitted);
        Self::open_box(x, b);
        let size = num(fitted.size);
        // A single line is centred in its box's height.
        let dy = if fit.one_line { (b.h - fitted.size * text::LEADING) / 2.0 } else { 0.0 };
        for line in &fitted.lines {
            let y = b.y + dy + line.baseline;
            for item in &line.items {
                match item {
                    Item::Run { x: rx, text, weight, .. } => {
                        let bold = if *weight == Weight::Bold { "bold" } else { "normal" };
                        x.element(
                            "text",
                            &[
                                ("x", &num(b.x + rx)),
                                ("y", &num(y)),
                                ("font-size", &size),
                                ("font-weight", bold),
                                ("fill", fill),
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
                                ("x", &num(b.x + ix)),
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
