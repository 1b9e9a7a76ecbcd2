//! Print-and-play sheets: the cards drawn, laid out on pages of a paper size as many as fit,
//! with crop marks at each card's edges in the margins, and each page of fronts followed by
//! its page of backs, mirrored for a printer that turns the sheet on its long edge. Each
//! page is an SVG document, made a PDF page by svg2pdf with the shipped fonts (nothing read
//! from the machine's fonts), its text as outlines, so the same set gives the same bytes.

use std::collections::HashMap;

use cards_runtime::model::Set;
use pdf_writer::{Finish, Name, Pdf, Rect, Ref};
use svg2pdf::usvg;

use super::card;
use super::font;
use super::xml::{num, Xml};
use super::Rendered;

/// A paper size.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Paper {
    /// Its name (`a4`, `letter`).
    pub name: &'static str,
    /// Width in millimetres, portrait.
    pub width: f32,
    /// Height in millimetres, portrait.
    pub height: f32,
}

/// The paper sizes sheets can be printed on.
pub const PAPERS: [Paper; 2] =
    [Paper { name: "a4", width: 210.0, height: 297.0 }, Paper { name: "letter", width: 215.9, height: 279.4 }];

/// How sheets are laid out.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sheets {
    /// The paper.
    pub paper: Paper,
    /// The bleed around each card, in millimetres: its background printed this far past
    /// the cut, and cards that far apart twice over.
    pub bleed: f32,
}

/// Where the cards of a page go: the grid's columns and rows, and its top left corner.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Grid {
    /// Cards across.
    pub columns: usize,
    /// Cards down.
    pub rows: usize,
    /// The left edge of the first column's cut, in millimetres.
    pub left: f32,
    /// The top edge of the first row's cut, in millimetres.
    pub top: f32,
    /// From one card's cut to the next's, across.
    pub step_x: f32,
    /// From one card's cut to the next's, down.
    pub step_y: f32,
    /// How long a crop mark is.
    pub mark: f32,
    /// The size of its cards (width, height).
    pub card: (f32, f32),
}

/// The least margin the paper keeps clear: a printer's unprintable edge.
const MARGIN: f32 = 5.0;
/// How far a crop mark stops short of the cut.
const MARK_GAP: f32 = 1.0;

impl Sheets {
    /// The grid of a page of cards of `width` × `height` millimetres: as many as fit
    /// inside the margins, centred.
    ///
    /// # Errors
    /// When not one card fits the paper with this bleed.
    pub fn grid(&self, (width, height): (f32, f32)) -> Result<Grid, String> {
        let (cell_w, cell_h) = (width + 2.0 * self.bleed, height + 2.0 * self.bleed);
        let room = |page: f32| page - 2.0 * MARGIN;
        let columns = (room(self.paper.width) / cell_w).floor().max(0.0) as usize;
        let rows = (room(self.paper.height) / cell_h).floor().max(0.0) as usize;
        if columns == 0 || rows == 0 {
            return Err(format!(
                "a card of {} × {} mm with {} mm of bleed does not fit {} paper",
                num(width),
                num(height),
                num(self.bleed),
                self.paper.name
            ));
        }
        let left = (self.paper.width - columns as f32 * cell_w) / 2.0 + self.bleed;
        let top = (self.paper.height - rows as f32 * cell_h) / 2.0 + self.bleed;
        // A mark fills the margin beside the grid, short of the paper's edge and the cut.
        let free = (left - self.bleed).min(top - self.bleed) - MARGIN.min(left - self.bleed) / 2.0;
        let mark = (free - MARK_GAP).clamp(2.0, 8.0);
        Ok(Grid { columns, rows, left, top, step_x: cell_w, step_y: cell_h, mark, card: (width, height) })
    }
}

/// The SVG of each page: fronts, then their backs, page after page. Cards of one size
/// share pages, in the order of the set; cards of another size (a kind laid out on another
/// card) start pages of their own.
pub fn pages(set: &Set, rendered: &Rendered, sheets: &Sheets) -> Result<Vec<String>, String> {
    let backs: HashMap<u16, &str> = rendered.backs.iter().map(|b| (b.kind, b.svg.as_str())).collect();
    let mut sizes: Vec<(f32, f32)> = Vec::new();
    for c in &rendered.cards {
        if !sizes.contains(&c.size) {
            sizes.push(c.size);
        }
    }
    let mut out = Vec::new();
    for size in sizes {
        let grid = sheets.grid(size)?;
        let per_page = grid.columns * grid.rows;
        let cards: Vec<&super::RenderedCard> = rendered.cards.iter().filter(|c| c.size == size).collect();
        for chunk in cards.chunks(per_page.max(1)) {
            let fronts: Vec<(usize, &str)> = chunk.iter().enumerate().map(|(i, c)| (i, c.svg.as_str())).collect();
            out.push(page(sheets, &grid, &fronts, false));
            // The back of the card at column c sits at column (columns - 1 - c): the sheet
            // is turned over on its long edge.
            let mut page_backs = Vec::new();
            for (i, c) in chunk.iter().enumerate() {
                let (row, column) = (i / grid.columns, i % grid.columns);
                let mirrored = row * grid.columns + (grid.columns - 1 - column);
                let declared = set.cards[c.index].declared;
                let back = backs.get(&declared).ok_or_else(|| format!("no back for the kind of `{}`", c.file_stem))?;
                page_backs.push((mirrored, *back));
            }
            out.push(page(sheets, &grid, &page_backs, true));
        }
    }
    Ok(out)
}

/// One page: each card (its place in the grid, its standalone SVG) with its bleed, and the
/// crop marks of every cut of the grid.
fn page(sheets: &Sheets, grid: &Grid, cards: &[(usize, &str)], backs: bool) -> String {
    let (w, h) = (sheets.paper.width, sheets.paper.height);
    let mut x = Xml::new();
    card::open_svg(&mut x, w, h, &[("data-side", if backs { "backs" } else { "fronts" })]);
    x.empty("rect", &[("width", &num(w)), ("height", &num(h)), ("fill", "#ffffff")]);
    for (at, svg) in cards {
        let (row, column) = (at / grid.columns, at % grid.columns);
        let (cx, cy) = (grid.left + column as f32 * grid.step_x, grid.top + row as f32 * grid.step_y);
        if sheets.bleed > 0.0 {
            // The bleed: the card's edge colour, past the cut.
            let ink = edge_colour(svg);
            let b = sheets.bleed;
            x.empty(
                "rect",
                &[
                    ("x", &num(cx - b)),
                    ("y", &num(cy - b)),
                    ("width", &num(grid.card.0 + 2.0 * b)),
                    ("height", &num(grid.card.1 + 2.0 * b)),
                    ("fill", &ink),
                ],
            );
        }
        x.raw(&placed(svg, cx, cy, grid.card));
    }
    // Crop marks: at each cut of the grid, in the margins around it.
    let cuts_x: Vec<f32> = (0..grid.columns)
        .flat_map(|c| {
            let left = grid.left + c as f32 * grid.step_x;
            [left, left + grid.card.0]
        })
        .collect();
    let cuts_y: Vec<f32> = (0..grid.rows)
        .flat_map(|r| {
            let top = grid.top + r as f32 * grid.step_y;
            [top, top + grid.card.1]
        })
        .collect();
    let (grid_top, grid_bottom) = (grid.top - sheets.bleed, grid.top + grid.rows as f32 * grid.step_y - sheets.bleed);
    let (grid_left, grid_right) =
        (grid.left - sheets.bleed, grid.left + grid.columns as f32 * grid.step_x - sheets.bleed);
    let mark = |x: &mut Xml, (x1, y1, x2, y2): (f32, f32, f32, f32)| {
        x.empty(
            "line",
            &[
                ("x1", &num(x1)),
                ("y1", &num(y1)),
                ("x2", &num(x2)),
                ("y2", &num(y2)),
                ("stroke", "#000000"),
                ("stroke-width", "0.15"),
                ("data-mark", "crop"),
            ],
        );
    };
    for cx in &cuts_x {
        mark(&mut x, (*cx, grid_top - MARK_GAP - grid.mark, *cx, grid_top - MARK_GAP));
        mark(&mut x, (*cx, grid_bottom + MARK_GAP, *cx, grid_bottom + MARK_GAP + grid.mark));
    }
    for cy in &cuts_y {
        mark(&mut x, (grid_left - MARK_GAP - grid.mark, *cy, grid_left - MARK_GAP, *cy));
        mark(&mut x, (grid_right + MARK_GAP, *cy, grid_right + MARK_GAP + grid.mark, *cy));
    }
    let mut svg = x.finish();
    svg.push('\n');
    svg
}

/// A standalone card SVG of `(w, h)` placed with its top left at (`x`, `y`), in the page's
/// millimetres.
fn placed(svg: &str, x: f32, y: f32, (w, h): (f32, f32)) -> String {
    let size = format!("width=\"{}mm\" height=\"{}mm\"", num(w), num(h));
    let at = format!("x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\"", num(x), num(y), num(w), num(h));
    svg.trim_end().replacen(&size, &at, 1)
}

/// The colour a card's outer frame is drawn in (its first `fill`).
fn edge_colour(svg: &str) -> String {
    svg.split("<rect ")
        .nth(1)
        .and_then(|r| r.split("fill=\"").nth(1))
        .and_then(|f| f.split('"').next())
        .unwrap_or("#ffffff")
        .to_string()
}

/// The pages as one PDF: each page's SVG read by usvg with the shipped fonts and the
/// layouts' own (`families`, the shipped first, as [`Rendered::families`] lists them) and
/// none of the machine's, made a page of its paper's size.
///
/// # Errors
/// When a page's SVG cannot be read or converted (a bug of [`pages`], reported, not a
/// panic).
pub fn pdf(pages: &[String], paper: Paper, families: &[font::Family]) -> Result<Vec<u8>, String> {
    // The layouts' own faces (after the shipped family), under the names the cards give them.
    let fontdb = std::sync::Arc::new(font::database(families.get(1..).unwrap_or_default()));
    let options = usvg::Options { fontdb, ..usvg::Options::default() };
    // Each page converted on its own (on every core: the legacy pool's 314 pages took 14.6 s
    // on one), then numbered into the document in page order, so the bytes do not depend on
    // which thread finished first.
    let converted = convert_all(pages, &options)?;
    let mut alloc = Ref::new(1);
    let catalog = alloc.bump();
    let tree_ref = alloc.bump();
    let mut pdf = Pdf::new();
    let mut page_refs = Vec::new();
    let mut chunks = Vec::new();
    let pt = |mm: f32| mm / 25.4 * 72.0;
    for (i, (chunk, xobject)) in converted.into_iter().enumerate() {
        let mut map = HashMap::new();
        let chunk = chunk.renumber(|old| *map.entry(old).or_insert_with(|| alloc.bump()));
        let xobject = map.get(&xobject).copied().ok_or_else(|| format!("page {}: no drawing", i + 1))?;
        let (page_ref, content_ref) = (alloc.bump(), alloc.bump());
        let name = Name(b"S1");
        let mut page = pdf.page(page_ref);
        page.media_box(Rect::new(0.0, 0.0, pt(paper.width), pt(paper.height)));
        page.parent(tree_ref);
        page.contents(content_ref);
        page.resources().x_objects().pair(name, xobject);
        page.finish();
        let mut content = pdf_writer::Content::new();
        content.transform([pt(paper.width), 0.0, 0.0, pt(paper.height), 0.0, 0.0]).x_object(name);
        pdf.stream(content_ref, &content.finish());
        page_refs.push(page_ref);
        chunks.push(chunk);
    }
    pdf.catalog(catalog).pages(tree_ref);
    pdf.pages(tree_ref).count(page_refs.len() as i32).kids(page_refs);
    for chunk in &chunks {
        pdf.extend(chunk);
    }
    Ok(pdf.finish())
}

/// Each page's SVG read and converted to a PDF chunk and the reference of its drawing, in
/// page order, the pages shared among the machine's cores.
fn convert_all(pages: &[String], options: &usvg::Options<'_>) -> Result<Vec<(pdf_writer::Chunk, Ref)>, String> {
    let convert = |i: usize, svg: &str| -> Result<(pdf_writer::Chunk, Ref), String> {
        let tree = usvg::Tree::from_str(svg, options).map_err(|e| format!("page {}: {e}", i + 1))?;
        // Text as outlines: what is printed is the glyphs cardc measured, and the document
        // holds no font objects, whose order svg2pdf 0.13 takes from a hash map (the same
        // sheets came out in two byte orders with text embedded).
        let conversion = svg2pdf::ConversionOptions { embed_text: false, ..Default::default() };
        svg2pdf::to_chunk(&tree, conversion).map_err(|e| format!("page {}: {e}", i + 1))
    };
    let threads = std::thread::available_parallelism().map_or(1, usize::from).clamp(1, 8);
    let per_thread = pages.len().div_ceil(threads).max(1);
    let results: Vec<Vec<Result<(pdf_writer::Chunk, Ref), String>>> = std::thread::scope(|scope| {
        let handles: Vec<_> = pages
            .chunks(per_thread)
            .enumerate()
            .map(|(n, part)| {
                scope.spawn(move || {
                    part.iter().enumerate().map(|(j, svg)| convert(n * per_thread + j, svg)).collect::<Vec<_>>()
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().unwrap_or_else(|_| vec![Err("a page's conversion panicked".to_string())]))
            .collect()
    });
    results.into_iter().flatten().collect()
}
