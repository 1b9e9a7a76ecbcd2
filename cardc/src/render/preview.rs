//! A card as an editor shows it: one self-contained SVG (the language server's
//! `cardc/cardSvg`, a live preview beside the file) and a small PNG (the picture in a
//! card's hover). Both are the card as `cardc render` draws it ([`card::draw`], called here
//! and nowhere else in this file), read back by usvg with the shipped fonts alone, so that
//! its text becomes the outlines cardc measured: the picture needs nothing beside it (a
//! webview or an `<img>` cannot load the `../fonts/` a rendered card names).
//!
//! Why outlines and not the fonts embedded: the two shipped faces are 1.3 MB (1.8 MB as
//! base64) and the subsetter the build has (svg2pdf's, for PDF) keeps no `cmap`, which a
//! browser needs to set text in a font; outlines are exact and cost 15–62 KB a card on
//! average over the four shipped sets, 94 KB at most (X-Wing's TIE Advanced x1). A hover
//! takes a PNG 200 pixels wide (14–29 KB on average): VS Code cuts a hover's markdown at
//! 100,000 characters, which the largest cards' outlines as base64 pass.

use std::sync::{Arc, OnceLock};

use cards_runtime::model::Set;
use resvg::tiny_skia;
use svg2pdf::usvg;

use super::card::{self, Glyphs};
use super::font;
use super::xml::{escape, num};
use crate::layout::Layouts;

/// Card `index` of `set` drawn as `cardc render` draws it, as one SVG document that holds
/// everything it shows: its text as outlines of the shipped fonts, its icons' glyphs
/// inline. Its root is the card's size (`viewBox="0 0 63 88"`, in millimetres) and names the
/// card (`data-card`). The same card gives the same bytes.
///
/// # Errors
/// When `index` is not a card of `set`, or the drawn card cannot be read back (a bug of the
/// drawing, reported, not a panic).
pub fn standalone(set: &Set, index: usize, layouts: &Layouts, glyphs: &Glyphs) -> Result<String, String> {
    let (id, tree, (width, height)) = read(set, index, layouts, glyphs)?;
    let written = tree.to_string(&usvg::WriteOptions {
        coordinates_precision: 3,
        transforms_precision: 4,
        indent: usvg::Indent::None,
        attributes_indent: usvg::Indent::None,
        ..usvg::WriteOptions::default()
    });
    // usvg opens the document with its size alone; the card's opens with its size in
    // millimetres over a viewBox of them, and its id.
    let head = format!("<svg {} xmlns=\"http://www.w3.org/2000/svg\"", user_size(width, height));
    let rest = written
        .strip_prefix(&head)
        .ok_or_else(|| format!("card `{id}`: usvg wrote `{}`", written.split_inclusive('>').next().unwrap_or("")))?;
    let mut out = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {w} {h}\" width=\"{w}mm\" height=\"{h}mm\" \
         data-card=\"{id}\"",
        w = num(width),
        h = num(height),
        id = escape(&id)
    );
    out.push_str(rest);
    if !out.ends_with('\n') {
        out.push('\n');
    }
    Ok(out)
}

/// Card `index` of `set`, drawn as [`standalone`] draws it, as a PNG `width` pixels wide
/// (its height in the card's proportion), or narrower to be at most twice that tall (a
/// card far taller than wide): the picture a hover shows.
///
/// # Errors
/// As [`standalone`], and when `width` is 0 or too large for a picture (over 4096).
pub fn thumbnail(set: &Set, index: usize, layouts: &Layouts, glyphs: &Glyphs, width: u32) -> Result<Vec<u8>, String> {
    if !(1..=4096).contains(&width) {
        return Err(format!("a picture {width} pixels wide"));
    }
    let (id, tree, (card_width, card_height)) = read(set, index, layouts, glyphs)?;
    let scale = (width as f32 / card_width).min(2.0 * width as f32 / card_height);
    let (width, height) = (((card_width * scale).round() as u32).max(1), ((card_height * scale).round() as u32).max(1));
    let mut pixmap =
        tiny_skia::Pixmap::new(width, height).ok_or_else(|| format!("card `{id}`: no {width} × {height} picture"))?;
    resvg::render(&tree, tiny_skia::Transform::from_scale(scale, scale), &mut pixmap.as_mut());
    pixmap.encode_png().map_err(|e| format!("card `{id}`: {e}"))
}

/// The card drawn in its kind's layout (`layouts`, else the default) and read back by
/// usvg: its id, the tree, its text laid out in the shipped fonts, and the card's size in
/// millimetres. The one place the previews draw a card.
#[allow(clippy::type_complexity)]
fn read(
    set: &Set,
    index: usize,
    layouts: &Layouts,
    glyphs: &Glyphs,
) -> Result<(String, usvg::Tree, (f32, f32)), String> {
    let card = set.cards.get(index).ok_or_else(|| format!("the set has no card {index}"))?;
    let defaults = card::default_layouts();
    let layout = card::layout_of(set, index, layouts, &defaults);
    // A layout's font that no longer reads sets the card in the shipped fonts, as
    // `cardc render` does.
    let fonts = font::Fonts::of(layout.font.as_ref());
    let drawn = card::draw(set, index, layout, &fonts, glyphs);
    // Read with the card's millimetres as its user space: no scale from millimetres to
    // pixels for usvg to put in and the SVG written to take out.
    let size = format!("width=\"{}mm\" height=\"{}mm\"", num(layout.width), num(layout.height));
    let svg = drawn.svg.replacen(&size, &user_size(layout.width, layout.height), 1);
    // A layout's own faces beside the shipped ones, which a card's text falls back on.
    let fontdb = if layout.font.is_some() {
        Arc::new(font::database(std::slice::from_ref(&fonts.family)))
    } else {
        shipped_fonts()
    };
    let options = usvg::Options { fontdb, ..usvg::Options::default() };
    let tree = usvg::Tree::from_str(&svg, &options).map_err(|e| format!("card `{}`: {e}", card.id))?;
    Ok((card.id.to_string(), tree, (layout.width, layout.height)))
}

/// The card's size as usvg reads it: millimetres as user units.
fn user_size(width: f32, height: f32) -> String {
    format!("width=\"{}\" height=\"{}\"", num(width), num(height))
}

/// The shipped fonts, read once (the same database every preview of a card in them shares).
fn shipped_fonts() -> Arc<usvg::fontdb::Database> {
    static DB: OnceLock<Arc<usvg::fontdb::Database>> = OnceLock::new();
    DB.get_or_init(|| Arc::new(font::database(&[]))).clone()
}
