//! The fonts cards are drawn in, shipped with cardc (DejaVu Sans Condensed, regular and
//! bold: `cardc/fonts/`, licence beside them), and how wide a word set in them is: each
//! word shaped with rustybuzz (kerning and ligatures as a browser or a PDF viewer sets
//! them), its advance kept per word at a size of 1, since an unhinted advance grows in
//! proportion to the size.

use std::cell::RefCell;
use std::collections::HashMap;

/// DejaVu Sans Condensed.
pub const REGULAR: &[u8] = include_bytes!("../../fonts/DejaVuSansCondensed.ttf");
/// DejaVu Sans Condensed Bold.
pub const BOLD: &[u8] = include_bytes!("../../fonts/DejaVuSansCondensed-Bold.ttf");
/// The family name the SVG and the gallery give the shipped fonts (an `@font-face` of
/// their own, so a viewer with another DejaVu installed still sets the text measured).
pub const FAMILY: &str = "cardc-sans";
/// The file names the fonts are written under, beside the rendered cards.
pub const FILES: [(&str, &[u8]); 2] = [("cardc-sans.ttf", REGULAR), ("cardc-sans-bold.ttf", BOLD)];

/// A weight of the shipped family.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Weight {
    /// Regular.
    Regular,
    /// Bold.
    Bold,
}

/// The two faces, and the advances measured so far.
pub struct Fonts {
    regular: rustybuzz::Face<'static>,
    bold: rustybuzz::Face<'static>,
    /// Advances at size 1, by weight (regular, bold) and text.
    widths: [RefCell<HashMap<String, f32>>; 2],
}

impl Fonts {
    /// The shipped faces.
    ///
    /// # Panics
    /// Never for the fonts shipped in the binary (a test parses them); a broken font file
    /// in the repository would be a bug of the build.
    pub fn new() -> Fonts {
        let face = |data: &'static [u8]| rustybuzz::Face::from_slice(data, 0).expect("the shipped font parses");
        Fonts { regular: face(REGULAR), bold: face(BOLD), widths: Default::default() }
    }

    /// The advance of `text` set at size 1 (in the unit the size is in).
    pub fn width(&self, text: &str, weight: Weight) -> f32 {
        let (face, widths) = match weight {
            Weight::Regular => (&self.regular, &self.widths[0]),
            Weight::Bold => (&self.bold, &self.widths[1]),
        };
        if let Some(w) = widths.borrow().get(text) {
            return *w;
        }
        let mut buffer = rustybuzz::UnicodeBuffer::new();
        buffer.push_str(text);
        let shaped = rustybuzz::shape(face, &[], buffer);
        let units: i64 = shaped.glyph_positions().iter().map(|p| i64::from(p.x_advance)).sum();
        let width = units as f32 / f32::from(face.units_per_em() as u16);
        widths.borrow_mut().insert(text.to_string(), width);
        width
    }

    /// The height above the baseline of the family's capitals, at size 1.
    pub fn cap_height(&self) -> f32 {
        let face = &self.regular;
        face.capital_height().map_or(0.73, |h| f32::from(h) / f32::from(face.units_per_em() as u16))
    }
}

impl Default for Fonts {
    fn default() -> Self {
        Fonts::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shipped_fonts_parse_and_measure_in_proportion() {
        let fonts = Fonts::new();
        let w = fonts.width("Focus", Weight::Regular);
        assert!(w > 1.0 && w < 4.0, "{w}");
        // Bold is wider; a longer word is wider; nothing is negative.
        assert!(fonts.width("Focus", Weight::Bold) > w);
        assert!(fonts.width("Focused", Weight::Regular) > w);
        assert_eq!(fonts.width("", Weight::Regular), 0.0);
        // Kerning: "AV" shaped together is narrower than its letters apart.
        let av = fonts.width("AV", Weight::Regular);
        assert!(av < fonts.width("A", Weight::Regular) + fonts.width("V", Weight::Regular), "{av}");
        assert!(fonts.cap_height() > 0.6 && fonts.cap_height() < 0.8);
    }
}
