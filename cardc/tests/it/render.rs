//! `cardc render`: every card of the shipped sets and of both real pools drawn, each SVG
//! well-formed XML that says which card it is and defines every glyph it uses, the text in
//! each box within it as laid out, the same files byte for byte from the same set, and the
//! gallery holding every card with a link to where it is written.

use std::collections::BTreeSet;
use std::path::Path;

use crate::common;

use cardc::render::{self, Glyphs};

/// A shipped set checked, with where its cards are written.
fn shipped(game: &str) -> (cardc::Report, cards_runtime::Set) {
    let dir = common::root().join("cards").join(game);
    let report = cardc::check_paths(&[&dir]).unwrap();
    let set = report.sets[0].model().cloned().unwrap_or_else(|| panic!("{game} has errors"));
    (report, set)
}

/// Checks one standalone card SVG: well-formed, the card's id on the root, each `<use>`
/// pointing at a `<symbol>` of the same file, each box's text within the box's width.
fn assert_card(svg: &str, id: &str) {
    let doc = roxmltree::Document::parse(svg).unwrap_or_else(|e| panic!("{id}: {e}\n{svg}"));
    let root = doc.root_element();
    assert_eq!(root.tag_name().name(), "svg");
    assert_eq!(root.attribute("data-card"), Some(id));
    let symbols: BTreeSet<&str> =
        doc.descendants().filter(|n| n.has_tag_name("symbol")).filter_map(|n| n.attribute("id")).collect();
    for u in doc.descendants().filter(|n| n.has_tag_name("use")) {
        let href = u.attribute("href").unwrap_or_default();
        assert!(symbols.contains(href.trim_start_matches('#')), "{id}: `{href}` has no symbol");
    }
    for b in doc.descendants().filter(|n| n.attribute("data-box").is_some()) {
        let num = |a: &str| b.attribute(a).and_then(|v| v.parse::<f32>().ok()).unwrap();
        let (x, w) = (num("data-x"), num("data-w"));
        for t in b.descendants().filter(|n| n.has_tag_name("text")) {
            let tx: f32 = t.attribute("x").and_then(|v| v.parse().ok()).unwrap();
            // A run starts inside the box (centred text is placed by its middle).
            let centred = t.attribute("text-anchor") == Some("middle");
            assert!(centred || (tx >= x - 0.01 && tx <= x + w + 0.01), "{id}: text at {tx} outside {x}+{w}");
        }
    }
}

#[test]
fn every_card_of_the_shipped_sets_is_drawn_with_nothing_overflowing() {
    for game in ["xwing", "armada", "eclipse", "emberfall"] {
        let (report, set) = shipped(game);
        let places = render::places(&report.sources, &set, &report.sets[0].dir);
        assert!(places.iter().all(Option::is_some), "{game}: a card with no place");
        let rendered = render::render(&set, &report.sets[0].layouts, &Glyphs::none(), places);
        assert_eq!(rendered.cards.len(), set.cards.len());
        for c in &rendered.cards {
            assert_card(&c.svg, &set.cards[c.index].id);
        }
        let overflowing: Vec<String> = rendered
            .cards
            .iter()
            .filter(|c| !c.overflows.is_empty())
            .map(|c| format!("{}: {:?}", set.cards[c.index].id, c.overflows))
            .collect();
        assert!(overflowing.is_empty(), "{game}: {overflowing:#?}");
        // Each kind of card the set has, a back.
        let kinds: BTreeSet<u16> = set.cards.iter().map(|c| c.declared).collect();
        assert_eq!(rendered.backs.len(), kinds.len(), "{game}");
    }
}

#[test]
fn the_same_set_is_drawn_byte_for_byte_the_same_and_written_whole() {
    let (report, set) = shipped("emberfall");
    let dir = &report.sets[0].dir;
    let out = tempfile::tempdir().unwrap();
    let (a, b) = (out.path().join("a"), out.path().join("b"));
    for to in [&a, &b] {
        let places = render::places(&report.sources, &set, dir);
        let rendered = render::render(
            &set,
            &report.sets[0].layouts,
            &Glyphs::read(dir, &report.sets[0].layouts.glyphs).unwrap(),
            places,
        );
        render::write(&set, &rendered, &Glyphs::none(), to).unwrap();
    }
    let listing = |p: &Path| -> Vec<(String, Vec<u8>)> {
        let mut files: Vec<(String, Vec<u8>)> = walk(p)
            .into_iter()
            .map(|f| (f.strip_prefix(p).unwrap().display().to_string(), std::fs::read(&f).unwrap()))
            .collect();
        files.sort();
        files
    };
    let (la, lb) = (listing(&a), listing(&b));
    assert_eq!(la.len(), 20 + 4 + 2 + 1 + 1, "20 cards, 4 backs, 2 fonts, the gallery, the manifest");
    // Relative links differ only by the folder's name, which is the same depth.
    assert_eq!(la, lb);
    assert!(la.iter().all(|(name, _)| !name.ends_with(".cardc-tmp")));
    // Drawing again after a card left the set removes its file, which the last render
    // listed; a file of the user's beside it stays.
    let stale = a.join("cards/old-card.svg");
    std::fs::write(&stale, "<svg/>").unwrap();
    let manifest = a.join(render::MANIFEST);
    let listed = std::fs::read_to_string(&manifest).unwrap();
    assert_eq!(listed.lines().count(), 24, "the 20 cards and 4 backs");
    std::fs::write(&manifest, format!("{listed}cards/old-card.svg\n../escape.svg\n")).unwrap();
    let mine = a.join("cards/my-own-drawing.svg");
    std::fs::write(&mine, "<svg/>").unwrap();
    let places = render::places(&report.sources, &set, dir);
    let w = render::write(
        &set,
        &render::render(&set, &report.sets[0].layouts, &Glyphs::none(), places),
        &Glyphs::none(),
        &a,
    )
    .unwrap();
    assert_eq!(w.removed, 1);
    assert!(!stale.exists());
    assert!(mine.exists(), "a file the render did not write is left");
}

fn walk(dir: &Path) -> Vec<std::path::PathBuf> {
    let mut out = Vec::new();
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            out.extend(walk(&p));
        } else {
            out.push(p);
        }
    }
    out
}

#[test]
fn the_gallery_holds_every_card_with_its_kind_faction_cost_and_a_link_to_its_line() {
    let (report, set) = shipped("emberfall");
    let dir = report.sets[0].dir.clone();
    let out = tempfile::tempdir().unwrap();
    let places = render::places(&report.sources, &set, &dir);
    let rendered = render::render(&set, &report.sets[0].layouts, &Glyphs::none(), places);
    render::write(&set, &rendered, &Glyphs::none(), out.path()).unwrap();
    let html = std::fs::read_to_string(out.path().join("index.html")).unwrap();
    assert_eq!(html.matches("<figure ").count(), 20);
    // Sir Caldric Vane, as heroes.cards writes him: a hero of the Emberguard costing 28.
    let at = html.find("id=\"card-sir-caldric-vane\"").expect("his figure");
    let figure = &html[at..at + html[at..].find("</figure>").unwrap()];
    for attr in
        ["data-kind=\"hero\"", "data-factions=\"emberguard\"", "data-cost=\"28\"", "data-name=\"sir caldric vane\""]
    {
        assert!(figure.contains(attr), "{attr} not in his figure");
    }
    // The link names his file and line, and leads there from the gallery's folder.
    let heroes = std::fs::read_to_string(dir.join("heroes.cards")).unwrap();
    let line = heroes.lines().position(|l| l.contains("\"Sir Caldric Vane\"")).unwrap() + 1;
    assert!(figure.contains(&format!(">heroes.cards:{line}</a>")), "{figure}");
    let caption = &figure[figure.find("<figcaption>").expect("a caption")..];
    let href = caption.split("href=\"").nth(1).and_then(|h| h.split('"').next()).unwrap();
    assert!(out.path().join(href).canonicalize().unwrap().ends_with("cards/emberfall/heroes.cards"), "{href}");
    // The filters offer the kinds and factions the cards have.
    for option in ["<option value=\"hero\">Heroes</option>", "<option value=\"spell\">Spells</option>"] {
        assert!(html.contains(option), "{option}");
    }
}

#[test]
fn a_folder_that_cannot_be_written_is_an_error_not_a_panic() {
    let (report, set) = shipped("eclipse");
    let out = tempfile::tempdir().unwrap();
    let file = out.path().join("not-a-folder");
    std::fs::write(&file, "").unwrap();
    let places = render::places(&report.sources, &set, &report.sets[0].dir);
    let rendered = render::render(&set, &report.sets[0].layouts, &Glyphs::none(), places);
    assert!(render::write(&set, &rendered, &Glyphs::none(), &file).is_err());
    // And from the command line: exit 2 with the folder named.
    let set_dir = common::root().join("cards/eclipse");
    let o = common::cardc(&["render", set_dir.to_str().unwrap(), "--out", file.to_str().unwrap()]);
    assert_eq!(common::code(&o), 2);
    assert!(String::from_utf8_lossy(&o.stderr).contains("cannot write into"), "{}", String::from_utf8_lossy(&o.stderr));
}

/// Both real pools, in the default layout: every card drawn, well-formed, and what
/// overflows counted (its text is the cards' real text, written for cards of other sizes).
#[test]
fn every_card_of_both_real_pools_is_drawn_and_overflows_are_counted() {
    let Some(shared) = common::shared() else { return };
    for data in ["xwing-data2-legacy", "xwing-data2-xwingtmg"] {
        let imported = common::xwing_data2(&shared, data);
        let files: Vec<(String, String)> = imported.files.iter().map(|(n, t)| (n.clone(), t.clone())).collect();
        let (sources, checked) = common::check_in_memory("pool", &files);
        let set = checked.model().unwrap_or_else(|| panic!("{data} has errors"));
        // In memory, the files are named from the set's folder.
        let places = render::places(&sources, set, Path::new(""));
        let found = places.iter().filter(|p| p.is_some()).count();
        let rendered = render::render(set, &checked.layouts, &Glyphs::none(), places);
        assert_eq!(rendered.cards.len(), set.cards.len(), "{data}");
        for c in &rendered.cards {
            assert_card(&c.svg, &set.cards[c.index].id);
        }
        let overflows = rendered.overflows();
        // The lint reports each of them.
        let lint = checked.diagnostics.iter().filter(|d| d.code.id == "W0008").count();
        eprintln!("{data}: {} cards drawn, {found} placed, {overflows} boxes overflow", rendered.cards.len());
        assert_eq!(lint, overflows, "{data}: W0008 reports every overflow");
        assert_eq!(found, set.cards.len(), "{data}: every card is found in its file");
    }
}

/// How many cards a page holds and where they go: a poker card is 63 × 88 mm, the paper's
/// margins at least 5 mm, the grid centred.
#[test]
fn sheets_hold_as_many_cards_as_fit_the_paper_centred() {
    use render::sheets::{Sheets, PAPERS};
    let [a4, letter] = PAPERS;
    let g = Sheets { paper: a4, bleed: 0.0 }.grid((63.0, 88.0)).unwrap();
    // 3 × 63 = 189 of 210 mm, 3 × 88 = 264 of 297 mm.
    assert_eq!((g.columns, g.rows), (3, 3));
    assert!((g.left - 10.5).abs() < 1e-4 && (g.top - 16.5).abs() < 1e-4, "{g:?}");
    let g = Sheets { paper: letter, bleed: 0.0 }.grid((63.0, 88.0)).unwrap();
    // 215.9 and 279.4 mm: still 3 × 3, 7.7 mm above and below.
    assert_eq!((g.columns, g.rows), (3, 3));
    assert!((g.top - 7.7).abs() < 1e-3, "{g:?}");
    // With 3 mm of bleed a card takes 69 × 94 mm: two across the 200 mm inside the margins.
    let g = Sheets { paper: a4, bleed: 3.0 }.grid((63.0, 88.0)).unwrap();
    assert_eq!((g.columns, g.rows, g.step_x, g.step_y), (2, 3, 69.0, 94.0));
    // 70 mm of bleed: 203 mm across, more than the 200 inside the margins.
    assert!(Sheets { paper: a4, bleed: 70.0 }.grid((63.0, 88.0)).is_err());
}

/// The sheets of a set: fronts then mirrored backs, a page each, as one PDF whose bytes are
/// the same every time.
#[test]
fn the_sheets_are_a_pdf_of_fronts_and_backs_the_same_every_time() {
    use render::sheets::{pages, pdf, Sheets, PAPERS};
    let (report, set) = shipped("emberfall");
    let rendered = render::render(
        &set,
        &report.sets[0].layouts,
        &Glyphs::none(),
        render::places(&report.sources, &set, &report.sets[0].dir),
    );
    let sheets = Sheets { paper: PAPERS[0], bleed: 0.0 };
    let pages = pages(&set, &rendered, &sheets).unwrap();
    // 20 cards, 9 a page: 3 pages of fronts, each followed by its backs.
    assert_eq!(pages.len(), 6);
    for (i, page) in pages.iter().enumerate() {
        let doc = roxmltree::Document::parse(page).unwrap_or_else(|e| panic!("page {i}: {e}"));
        let side = doc.root_element().attribute("data-side");
        assert_eq!(side, Some(if i % 2 == 0 { "fronts" } else { "backs" }));
        // 12 marks a side (3 columns and 3 rows, two cuts each, above and below or left and right).
        let marks = doc.descendants().filter(|n| n.attribute("data-mark") == Some("crop")).count();
        assert_eq!(marks, 24, "page {i}");
    }
    // The last page of fronts holds the 2 cards left, in its first two columns; their backs
    // are in the last two, mirrored: the sheet is turned on its long edge.
    assert_eq!(pages[4].matches("data-card=").count(), 2);
    let grid = sheets.grid((63.0, 88.0)).unwrap();
    let columns_of = |page: &str| -> Vec<usize> {
        let doc = roxmltree::Document::parse(page).unwrap();
        doc.root_element()
            .children()
            .filter(|n| n.has_tag_name("svg"))
            .map(|n| n.attribute("x").unwrap().parse::<f32>().unwrap())
            .map(|x| ((x - grid.left) / grid.step_x).round() as usize)
            .collect()
    };
    assert_eq!(columns_of(&pages[4]), [0, 1]);
    let mut backs = columns_of(&pages[5]);
    backs.sort();
    assert_eq!(backs, [1, 2]);
    let first = pdf(&pages, sheets.paper, &rendered.families).unwrap();
    assert!(first.starts_with(b"%PDF-"));
    // `assert!`, not `assert_eq!`: two PDFs that differ are too long to print.
    assert!(first == pdf(&pages, sheets.paper, &rendered.families).unwrap(), "the same bytes");
    // Six pages.
    let text = String::from_utf8_lossy(&first);
    assert_eq!(text.matches("/Type /Page").count() - text.matches("/Type /Pages").count(), 6);
}
