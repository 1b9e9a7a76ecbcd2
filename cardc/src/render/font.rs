//! The fonts cards are drawn in: those shipped with cardc (DejaVu Sans Condensed, regular
//! and bold: `cardc/fonts/`, licence beside them), or a layout's own (`font:`,
//! `bold-font:`); and how wide a word set in them is: each word shaped with rustybuzz
//! (kerning and ligatures as a browser or a PDF viewer sets them), its advance kept per
//! word at a size of 1, since an unhinted advance grows in proportion to the size.

use std::cell::RefCell;
use std::collections::{BTreeMap, HashMap};
use std::sync::Mutex;

use crate::layout::FontFiles;

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

/// The two faces of a family, and the advances measured so far.
pub struct Fonts {
    regular: rustybuzz::Face<'static>,
    bold: rustybuzz::Face<'static>,
    /// Advances at size 1, by weight (regular, bold) and text.
    widths: [RefCell<HashMap<String, f32>>; 2],
    /// The family as a card's SVG names it and its files are written.
    pub family: Family,
    /// The family name the regular face's file gives itself, after the card's own in its
    /// `font-family`.
    pub own_family: String,
}

impl Fonts {
    /// The shipped faces.
    ///
    /// # Panics
    /// Never for the fonts shipped in the binary (a test parses them); a broken font file
    /// in the repository would be a bug of the build.
    pub fn new() -> Fonts {
        let face = |data: &'static [u8]| rustybuzz::Face::from_slice(data, 0).expect("the shipped font parses");
        Fonts {
            regular: face(REGULAR),
            bold: face(BOLD),
            widths: Default::default(),
            family: Family { family: FAMILY.to_string(), files: FILES.map(|(name, data)| (name.to_string(), data)) },
            own_family: "DejaVu Sans Condensed".to_string(),
        }
    }

    /// The faces of a layout's `files`, or the shipped ones for `None` and for files that
    /// no longer read as fonts (the check reported them, or they changed since).
    pub fn of(files: Option<&FontFiles>) -> Fonts {
        files.and_then(|f| Fonts::read(f).ok()).unwrap_or_default()
    }

    /// The faces of a layout's `files`.
    fn read(files: &FontFiles) -> Result<Fonts, String> {
        let regular = loaded(&files.regular)?;
        let bold = loaded(&files.bold)?;
        let face = |data: &'static [u8], path: &std::path::Path| {
            rustybuzz::Face::from_slice(data, 0).ok_or_else(|| format!("`{}` is not a font", path.display()))
        };
        let (regular_face, bold_face) = (face(regular, &files.regular)?, face(bold, &files.bold)?);
        let own_family = regular_face
            .names()
            .into_iter()
            .filter(|n| n.name_id == rustybuzz::ttf_parser::name_id::FAMILY && n.is_unicode())
            .find_map(|n| n.to_string())
            .unwrap_or_default();
        let hash = fnv(regular) ^ fnv(bold).rotate_left(1);
        let name = |path: &std::path::Path, data: &[u8]| {
            let file = path.file_name().map(|f| f.to_string_lossy().into_owned()).unwrap_or_default();
            // Named by its bytes, so two layouts' files of one name do not meet.
            format!("{:08x}-{}", fnv(data) as u32, super::card::kebab_file(&file))
        };
        Ok(Fonts {
            regular: regular_face,
            bold: bold_face,
            widths: Default::default(),
            family: Family {
                family: format!("cardc-{:08x}", hash as u32),
                files: [(name(&files.regular, regular), regular), (name(&files.bold, bold), bold)],
            },
            own_family,
        })
    }

    /// The CSS `font-family` a card's text is set in: its own `@font-face`, then the
    /// file's family name, then any sans-serif.
    pub fn css_family(&self) -> String {
        let own = self.own_family.replace(['\'', '"', '\\', ';', '<', '>', '&'], "");
        format!("{}, '{own}', sans-serif", self.family.family)
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

/// A family cards are set in, as the files beside them and the gallery name it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Family {
    /// The name a card's SVG gives it.
    pub family: String,
    /// Its files, regular then bold: their names and bytes.
    pub files: [(String, &'static [u8]); 2],
}

impl Family {
    /// Its `@font-face` rules, its files in `dir`.
    pub fn faces(&self, dir: &str) -> String {
        let [(regular, _), (bold, _)] = &self.files;
        let family = &self.family;
        format!(
            "@font-face{{font-family:{family};src:url({dir}/{regular})}}\
             @font-face{{font-family:{family};font-weight:bold;src:url({dir}/{bold})}}"
        )
    }

    /// Adds its faces to `db` under its own name (`cardc-…`), the regular file at weight 400
    /// and the bold at 700, whatever the files call themselves: a card's SVG names this
    /// family first, so a PDF maker or a preview reading it draws the faces its text was
    /// measured with (by the files' own name, the shipped regular face could be taken for
    /// a bold file given as a layout's regular one).
    pub fn register(&self, db: &mut svg2pdf::usvg::fontdb::Database) {
        use svg2pdf::usvg::fontdb::{Language, Source, Style, Weight as FontWeight};
        for (i, (_, data)) in self.files.iter().enumerate() {
            let ids = db.load_font_source(Source::Binary(std::sync::Arc::new(*data)));
            for id in ids {
                let Some(mut info) = db.face(id).cloned() else { continue };
                db.remove_face(id);
                info.families = vec![(self.family.clone(), Language::English_UnitedStates)];
                info.weight = if i == 0 { FontWeight::NORMAL } else { FontWeight::BOLD };
                info.style = Style::Normal;
                db.push_face_info(info);
            }
        }
    }
}

/// A font database of the shipped faces, the default sans-serif and serif, and `extra`
/// families under their own names ([`Family::register`]), and nothing of the machine's:
/// what the sheets and the editor's preview read a card's SVG with.
pub fn database(extra: &[Family]) -> svg2pdf::usvg::fontdb::Database {
    let mut db = svg2pdf::usvg::fontdb::Database::new();
    db.load_font_data(REGULAR.to_vec());
    db.load_font_data(BOLD.to_vec());
    let family = db.faces().next().map(|f| f.families[0].0.clone()).unwrap_or_default();
    db.set_sans_serif_family(family.clone());
    db.set_serif_family(family);
    for family in extra {
        family.register(&mut db);
    }
    db
}

/// The fonts of each kind of a set: its layout's own, else the shipped ones.
pub struct KindFonts {
    shipped: Fonts,
    own: Vec<Option<Fonts>>,
}

impl KindFonts {
    /// The fonts of the kinds `layouts` lays out. A layout's font that no longer reads as
    /// it did when the set was checked (the file changed since) sets its text in the
    /// shipped fonts.
    pub fn new(layouts: &crate::layout::Layouts) -> KindFonts {
        let own = layouts
            .kinds
            .iter()
            .map(|l| l.as_ref().and_then(|l| l.font.as_ref()).map(|f| Fonts::of(Some(f))))
            .collect();
        KindFonts { shipped: Fonts::new(), own }
    }

    /// The fonts of the kind at index `kind`.
    pub fn of(&self, kind: u16) -> &Fonts {
        self.own.get(usize::from(kind)).and_then(Option::as_ref).unwrap_or(&self.shipped)
    }

    /// Every family used: the shipped one first, then the layouts' own, each once.
    pub fn families(&self) -> Vec<Family> {
        let mut out: Vec<Family> = Vec::new();
        for f in std::iter::once(&self.shipped).chain(self.own.iter().flatten()) {
            if !out.iter().any(|o| o.family == f.family.family) {
                out.push(f.family.clone());
            }
        }
        out
    }
}

/// FNV-1a over `bytes`: stable across runs and platforms.
fn fnv(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in bytes {
        h ^= u64::from(*b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h
}

/// A font file's bytes, kept for the rest of the run: the shaper's faces borrow them, and
/// a file is read again (a language server's next check) only to compare. Each distinct
/// content is kept once.
fn loaded(path: &std::path::Path) -> Result<&'static [u8], String> {
    static LOADED: Mutex<BTreeMap<(u64, usize), &'static [u8]>> = Mutex::new(BTreeMap::new());
    let bytes = std::fs::read(path).map_err(|e| format!("cannot read `{}`: {e}", path.display()))?;
    if !crate::layout::is_font(&bytes) {
        return Err(format!("`{}` is not a font", path.display()));
    }
    let key = (fnv(&bytes), bytes.len());
    let mut loaded = LOADED.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    Ok(*loaded.entry(key).or_insert_with(|| Box::leak(bytes.into_boxed_slice())))
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
