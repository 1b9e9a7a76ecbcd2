//! The card under the cursor as a picture: the `cardc/cardSvg` request (a client's live
//! preview asks it as the cursor moves) and the picture a card's hover shows. Both draw
//! with [`crate::render::preview`]; a build without the `render` feature answers `null`
//! and hovers without a picture.

use lsp_types::{Range, TextDocumentPositionParams};
use serde::{Deserialize, Serialize};

use super::analysis::{Analysis, CardInfo};
use crate::ast::FileId;

/// `cardc/cardSvg`: the card whose text holds a position, drawn. Its answer is `null` when
/// the position is in no card, or the card could not be drawn (the set has no model of it
/// yet, the file is not one the server has read).
pub enum CardSvg {}

impl lsp_types::request::Request for CardSvg {
    type Params = TextDocumentPositionParams;
    type Result = Option<CardSvgResult>;
    const METHOD: &'static str = "cardc/cardSvg";
}

/// A card drawn for a preview.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CardSvgResult {
    /// Its id.
    pub id: String,
    /// Its printed name.
    pub name: String,
    /// The card as `cardc render` draws it, self-contained
    /// ([`crate::render::preview::standalone`]).
    pub svg: String,
    /// The whole card in the file: a client keeps the picture while the cursor stays in it.
    pub range: Range,
}

/// The widest a hover's picture is, in pixels: small beside the hover's text (a poker card
/// 200 × 279).
pub const HOVER_WIDTH: u32 = 200;

/// The most characters a hover's picture may take. VS Code cuts a hover's markdown at
/// 100,000 characters, which would leave the picture's data broken; the largest shipped
/// card's picture takes 52,000.
const HOVER_IMAGE_LIMIT: usize = 90_000;

/// The card whose text holds byte `offset` of `file`.
pub fn card_at(a: &Analysis, file: FileId, offset: usize) -> Option<&CardInfo> {
    let offset = offset as u32;
    a.index.cards.iter().find(|c| c.file == file && c.span.start <= offset && offset <= c.span.end)
}

/// The card whose text holds byte `offset` of `file`, drawn.
pub fn card_svg(a: &Analysis, file: FileId, offset: usize) -> Option<CardSvgResult> {
    let info = card_at(a, file, offset)?;
    let svg = draw::svg(a, &info.id)?;
    let range = super::convert::range_in(a.sources.file(file), info.span);
    Some(CardSvgResult { id: info.id.clone(), name: info.name.clone(), svg, range })
}

/// The markdown of a card's picture in a hover: a PNG as a `data:` URI, which VS Code's
/// hovers show (SVG pictures too, but a card's outlines are up to 94 KB, past what a hover
/// holds as base64). `None` when the card cannot be drawn.
pub fn hover_picture(a: &Analysis, card: &CardInfo) -> Option<String> {
    let data = draw::png_base64(a, &card.id, HOVER_WIDTH)?;
    let alt: String = card.name.chars().filter(|c| !matches!(c, '[' | ']' | '\\' | '\n')).collect();
    let markdown = format!("![{alt}](data:image/png;base64,{data})");
    (markdown.len() <= HOVER_IMAGE_LIMIT).then_some(markdown)
}

#[cfg(feature = "render")]
mod draw {
    use super::Analysis;
    use crate::render::{preview, Glyphs};

    /// The model's index of the card with id `id`, and the set's glyphs.
    fn find<'a>(a: &'a Analysis, id: &str) -> Option<(&'a cards_runtime::model::Set, usize, Glyphs)> {
        let set = a.checked.model()?;
        let index = set.cards.iter().position(|c| *c.id == *id)?;
        // A glyph folder that cannot be read draws every icon from its name.
        let glyphs = Glyphs::read(&a.dir, &a.checked.layouts.glyphs).unwrap_or_else(|_| Glyphs::none());
        Some((set, index, glyphs))
    }

    /// The card with id `id` as a self-contained SVG.
    pub fn svg(a: &Analysis, id: &str) -> Option<String> {
        let (set, index, glyphs) = find(a, id)?;
        preview::standalone(set, index, &a.checked.layouts, &glyphs).ok()
    }

    /// The card with id `id` as a PNG `width` pixels wide, in base64.
    pub fn png_base64(a: &Analysis, id: &str, width: u32) -> Option<String> {
        use base64::Engine as _;
        let (set, index, glyphs) = find(a, id)?;
        let png = preview::thumbnail(set, index, &a.checked.layouts, &glyphs, width).ok()?;
        Some(base64::engine::general_purpose::STANDARD.encode(png))
    }
}

/// Without the `render` feature no card is drawn.
#[cfg(not(feature = "render"))]
mod draw {
    use super::Analysis;

    pub fn svg(_: &Analysis, _: &str) -> Option<String> {
        None
    }

    pub fn png_base64(_: &Analysis, _: &str, _: u32) -> Option<String> {
        None
    }
}
