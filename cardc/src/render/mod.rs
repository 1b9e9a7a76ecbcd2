//! Cards you can see: each card of a checked set drawn as SVG (`cardc render`), and a
//! gallery page of them all.
//!
//! - [`font`]: the shipped fonts and how wide their words are (rustybuzz);
//! - [`text`]: a card's words and `[Icon]`s wrapped and shrunk to fit a box;
//! - [`card`]: the layout every game gets from its vocabulary, drawn as SVG;
//! - [`gallery`]: the HTML page;
//! - [`preview`]: one card as a self-contained SVG, for an editor;
//! - [`sheets`]: print-and-play pages of cards with crop marks, as a PDF (svg2pdf);
//! - `xml`: the writer both use.
//!
//! The same set gives byte-identical files: nothing here reads the clock, the machine's
//! fonts or a hash map's order.

pub mod card;
pub mod font;
pub mod gallery;
pub mod preview;
pub mod sheets;
pub mod text;
mod xml;

use std::io;
use std::path::{Path, PathBuf};

use cards_runtime::model::Set;

use crate::ast::{FileId, Item, Span};
use crate::layout::Layouts;
use crate::source_map::SourceMap;
pub use card::{Glyphs, Overflow};

/// Where a card is written: its file, and its name's place in it.
#[derive(Clone, Debug)]
pub struct Place {
    /// The file.
    pub path: PathBuf,
    /// The line of its name (1-based).
    pub line: usize,
    /// The file's id in the source map it was found in.
    pub file: FileId,
    /// Its name.
    pub span: Span,
}

/// One card drawn.
pub struct RenderedCard {
    /// Its index in the set.
    pub index: usize,
    /// Its file name without `.svg`: its id.
    pub file_stem: String,
    /// The standalone SVG.
    pub svg: String,
    /// The SVG as the gallery holds it (fonts and glyphs the page's).
    pub inline: String,
    /// The icons it prints.
    pub icons: Vec<String>,
    /// Its boxes whose text does not fit.
    pub overflows: Vec<Overflow>,
    /// Where it is written.
    pub place: Option<Place>,
    /// Its size in millimetres (width, height), from its kind's layout.
    pub size: (f32, f32),
}

/// The back of the cards of one kind.
pub struct Back {
    /// Its file name without `.svg`: the kind's id.
    pub file_stem: String,
    /// The kind's index in the set's kinds.
    pub kind: u16,
    /// The SVG.
    pub svg: String,
}

/// A set drawn: its cards, and the back of each kind of card it has.
pub struct Rendered {
    /// Every card, in the set's order.
    pub cards: Vec<RenderedCard>,
    /// The back of each kind of card the set has.
    pub backs: Vec<Back>,
    /// The families the cards are set in, the shipped one first.
    pub families: Vec<font::Family>,
}

impl Rendered {
    /// How many boxes overflow, over all cards.
    pub fn overflows(&self) -> usize {
        self.cards.iter().map(|c| c.overflows.len()).sum()
    }
}

/// Draws every card of `set` in its kind's layout (`places` by card index, from
/// [`places`]).
pub fn render(set: &Set, layouts: &Layouts, glyphs: &Glyphs, mut places: Vec<Option<Place>>) -> Rendered {
    let fonts = font::KindFonts::new(layouts);
    let defaults = card::default_layouts();
    places.resize(set.cards.len(), None);
    let mut cards = Vec::with_capacity(set.cards.len());
    let mut stems = std::collections::BTreeSet::new();
    for (index, place) in places.into_iter().enumerate() {
        let layout = card::layout_of(set, index, layouts, &defaults);
        let drawn = card::draw(set, index, layout, fonts.of(set.cards[index].declared), glyphs);
        // Ids are unique and kebab-case already; a stem is kept unique whatever they are.
        let mut file_stem = card::kebab(&set.cards[index].id);
        if !stems.insert(file_stem.clone()) {
            file_stem = format!("{file_stem}-{index}");
            stems.insert(file_stem.clone());
        }
        cards.push(RenderedCard {
            index,
            file_stem,
            svg: drawn.svg,
            inline: drawn.inline,
            icons: drawn.icons,
            overflows: drawn.overflows,
            place,
            size: (layout.width, layout.height),
        });
    }
    let mut backs = Vec::new();
    for (i, kind) in set.kinds.iter().enumerate() {
        let i = i as u16;
        if set.cards.iter().any(|c| c.declared == i) {
            let layout = layouts.of(i).unwrap_or(&defaults[kind.role.index()]);
            let svg = card::back(set, &kind.noun.name, layout, fonts.of(i));
            backs.push(Back { file_stem: card::kebab(&kind.noun.id), kind: i, svg });
        }
    }
    Rendered { cards, backs, families: fonts.families() }
}

/// Where each card of `set` is written, by card index, read from the set's files in
/// `sources`: a card is found by its `as` id, else by its name.
pub fn places(sources: &SourceMap, set: &Set, dir: &Path) -> Vec<Option<Place>> {
    let mut found: Vec<(String, Option<String>, Place)> = Vec::new();
    for id in 0..sources.len() as FileId {
        let source = sources.file(id);
        if !source.path.starts_with(dir) {
            continue;
        }
        let (file, _) = crate::syntax::parse_file(id, &source.text);
        for item in &file.items {
            if let Item::Card(c) = item {
                let (line, _) = source.line_col(c.name.span.start as usize);
                let place = Place { path: source.path.clone(), line, file: id, span: c.name.span };
                found.push((c.name.value.clone(), c.as_id.as_ref().map(|i| i.text.clone()), place));
            }
        }
    }
    let mut taken = vec![false; found.len()];
    set.cards
        .iter()
        .map(|card| {
            let at = found.iter().enumerate().position(|(i, (name, as_id, _))| {
                !taken[i] && as_id.as_deref().map_or(*name == *card.name, |a| a == &*card.id)
            })?;
            taken[at] = true;
            Some(found[at].2.clone())
        })
        .collect()
}

/// The file in the output folder that lists the cards and backs a render wrote.
pub const MANIFEST: &str = ".cardc-render";

/// What [`write`] wrote.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Written {
    /// Files written.
    pub files: usize,
    /// Their bytes.
    pub bytes: u64,
    /// Files an earlier render wrote and this one did not, removed (cards no longer in the
    /// set).
    pub removed: usize,
}

/// Writes `rendered` into `out`: `cards/<id>.svg`, `backs/<kind>.svg`, `fonts/` (the
/// shipped fonts the SVG files name), and `index.html`, the gallery. Each file is written
/// whole or not at all (beside it, then renamed over it). What was written is listed in
/// `out/.cardc-render`; a file the last render listed there and this one did not write (a
/// card since removed from the set) is removed, and no other file is touched.
///
/// # Errors
/// When a folder cannot be made or a file cannot be written; what was written before stays.
pub fn write(set: &Set, rendered: &Rendered, glyphs: &Glyphs, out: &Path) -> io::Result<Written> {
    let mut w = Written::default();
    for folder in ["cards", "backs", "fonts"] {
        std::fs::create_dir_all(out.join(folder))?;
    }
    let mut put = |path: PathBuf, bytes: &[u8]| -> io::Result<()> {
        write_whole(&path, bytes)?;
        w.files += 1;
        w.bytes += bytes.len() as u64;
        Ok(())
    };
    for (name, data) in rendered.families.iter().flat_map(|f| f.files.iter()) {
        put(out.join("fonts").join(name), data)?;
    }
    // Relative to `out`, `/`-separated: the manifest's lines.
    let mut kept = std::collections::BTreeSet::new();
    for c in &rendered.cards {
        let name = format!("cards/{}.svg", c.file_stem);
        put(out.join(&name), c.svg.as_bytes())?;
        kept.insert(name);
    }
    for Back { file_stem: stem, svg, .. } in &rendered.backs {
        let name = format!("backs/{stem}.svg");
        put(out.join(&name), svg.as_bytes())?;
        kept.insert(name);
    }
    let html = gallery::page(set, rendered, glyphs, out);
    put(out.join("index.html"), html.as_bytes())?;
    let manifest = out.join(MANIFEST);
    let before = std::fs::read_to_string(&manifest).unwrap_or_default();
    for name in before.lines().filter(|n| !kept.contains(*n)) {
        // Only a card or a back the manifest names, inside `out`.
        let ours = (name.starts_with("cards/") || name.starts_with("backs/"))
            && name.ends_with(".svg")
            && !name.contains("..")
            && name.matches('/').count() == 1;
        if ours && std::fs::remove_file(out.join(name)).is_ok() {
            w.removed += 1;
        }
    }
    let listing: String = kept.iter().map(|n| format!("{n}\n")).collect();
    write_whole(&manifest, listing.as_bytes())?;
    Ok(w)
}

/// Writes `bytes` to `path` whole or not at all: through a file beside it, renamed over it
/// once written (the sheets' PDF, beside what [`write`] writes).
///
/// # Errors
/// When the file cannot be written or renamed.
pub fn write_file(path: &Path, bytes: &[u8]) -> io::Result<()> {
    write_whole(path, bytes)
}

/// Writes `bytes` to `path` through a file beside it, renamed over it once whole.
fn write_whole(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(".cardc-tmp");
    let tmp = PathBuf::from(tmp);
    let done = std::fs::write(&tmp, bytes).and_then(|()| std::fs::rename(&tmp, path));
    if done.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    done
}

/// A link from a page in folder `from` to file `to`: relative when both are on one root
/// (`../../cards/xwing/pilots.cards`), with `/` between parts, else `to` as a `file:` URL.
pub fn relative(from: &Path, to: &Path) -> String {
    let abs = |p: &Path| {
        std::fs::canonicalize(p).unwrap_or_else(|_| std::path::absolute(p).unwrap_or_else(|_| p.to_path_buf()))
    };
    let (from, to) = (abs(from), abs(to));
    let a: Vec<_> = from.components().collect();
    let b: Vec<_> = to.components().collect();
    let common = a.iter().zip(&b).take_while(|(x, y)| x == y).count();
    if common == 0 {
        let parts: Vec<String> = b
            .iter()
            .filter(|c| matches!(c, std::path::Component::Normal(_)))
            .map(|c| url_part(&c.as_os_str().to_string_lossy()))
            .collect();
        return format!("file:///{}", parts.join("/"));
    }
    let mut parts: Vec<String> = vec!["..".to_string(); a.len() - common];
    parts.extend(b[common..].iter().map(|c| url_part(&c.as_os_str().to_string_lossy())));
    parts.join("/")
}

/// A part of a path as a URL holds it: letters, digits and `-._~` as they are, every other
/// byte of its UTF-8 as `%XX` (`100% wild.cards` is `100%25%20wild.cards`).
fn url_part(part: &str) -> String {
    let mut out = String::with_capacity(part.len());
    for b in part.bytes() {
        if b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_' | b'~') {
            out.push(char::from(b));
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_link_escapes_what_a_url_cannot_hold() {
        assert_eq!(url_part("100% wild#1?.cards"), "100%25%20wild%231%3F.cards");
        assert_eq!(url_part("héros.cards"), "h%C3%A9ros.cards");
        let dir = tempfile_dir();
        let out = dir.join("out");
        let file = dir.join("my set").join("a b.cards");
        assert_eq!(relative(&out, &file), "../my%20set/a%20b.cards");
    }

    /// A folder under the system's temporary folder, made for the test.
    fn tempfile_dir() -> PathBuf {
        let dir = std::env::temp_dir().join(format!("cardc-render-link-{}", std::process::id()));
        std::fs::create_dir_all(dir.join("out")).unwrap();
        std::fs::create_dir_all(dir.join("my set")).unwrap();
        dir
    }
}
