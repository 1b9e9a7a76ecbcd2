//! Layouts declared in the language (`layout <kind> { … }`, `glyph <icon> "<file>"`): each
//! box drawn where the layout places it, the card's size and the back's from it, sheets of
//! cards of several sizes, the glyph files a game declares, and the mistakes a designer
//! makes reported with their fixes. Expected places and sizes are the numbers the layouts
//! write; page counts come from the paper and the card sizes.

use std::path::Path;

use cardc::diagnostics::Applicability;
use cardc::render::{self, sheets::Sheets, Glyphs};

use crate::common;

const GAME: &str = r##"game skirmish "Skirmish"
kind hero "Hero" "Heroes" unit, item "Item" upgrade
faction guard "Guard"
stat might, health
icon weapon "Weapon", armor "Armor"
"##;

const CARDS: &str = r#"hero "Brom" {
  faction: guard
  cost: 12
  might: 3  health: 5
  upgrades: weapon, armor
  text { When you attack, gain 1 [Weapon]. }
}

item "Sword" {
  icon: weapon
  cost: 2
  text { A plain sword. }
}
"#;

/// A set written to a folder of its own: `game.cards` (the game, then `extra`), the cards,
/// and `files` beside them.
fn set_with(extra: &str, files: &[(&str, &str)]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("game.cards"), format!("{GAME}{extra}")).unwrap();
    std::fs::write(dir.path().join("cards.cards"), CARDS).unwrap();
    for (name, text) in files {
        let path = dir.path().join(name);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }
    dir
}

fn check(dir: &Path) -> cardc::Report {
    cardc::check_paths(&[dir]).unwrap()
}

fn messages(report: &cardc::Report) -> Vec<String> {
    report.all_diagnostics().map(|d| format!("{}: {}", d.code.id, d.message)).collect()
}

/// The `<g data-box>` of box `name` in `svg`: its x, y, w, h.
fn box_of(svg: &str, name: &str) -> Option<[f32; 4]> {
    let doc = roxmltree::Document::parse(svg).unwrap();
    let g = doc.descendants().find(|n| n.attribute("data-box") == Some(name))?;
    let num = |a: &str| g.attribute(a).and_then(|v| v.parse::<f32>().ok()).unwrap();
    Some([num("data-x"), num("data-y"), num("data-w"), num("data-h")])
}

fn view_box(svg: &str) -> String {
    let doc = roxmltree::Document::parse(svg).unwrap();
    doc.root_element().attribute("viewBox").unwrap().to_string()
}

#[test]
fn each_box_is_drawn_where_the_layout_places_it_on_a_card_of_its_size() {
    let dir = set_with(
        r##"
layout hero {
  size: tarot
  background: "#203040"
  name: 6 5 40 8 bold 10pt right
  might: 50 100 12 12 circle fill "#8b1e1e" ink "#ffffff"
  text: 4 30 62 40 fill "#ffffff" 8pt min 5pt
}
"##,
        &[],
    );
    let report = check(dir.path());
    assert_eq!(report.errors(), 0, "{:#?}", messages(&report));
    let checked = &report.sets[0];
    let set = checked.model().unwrap();
    let rendered = render::render(set, &checked.layouts, &Glyphs::none(), Vec::new());
    let brom = &rendered.cards[0];
    assert_eq!(set.cards[brom.index].name.as_ref(), "Brom");
    // Tarot: 70 × 120 mm.
    assert_eq!(view_box(&brom.svg), "0 0 70 120");
    assert_eq!(brom.size, (70.0, 120.0));
    // A box with no fill is where the layout says.
    assert_eq!(box_of(&brom.svg, "name"), Some([6.0, 5.0, 40.0, 8.0]));
    // A filled rectangle keeps its text 1 mm inside its edge.
    assert_eq!(box_of(&brom.svg, "text"), Some([5.0, 31.0, 60.0, 38.0]));
    // Boxes the layout does not name are not drawn: no type line, no bar, no cost.
    for absent in ["type", "bar", "cost", "stats"] {
        assert_eq!(box_of(&brom.svg, absent), None, "{absent}");
    }
    // The stat box shows the stat's value, its disc filled as written.
    let doc = roxmltree::Document::parse(&brom.svg).unwrap();
    let might = doc.descendants().find(|n| n.attribute("data-box") == Some("might")).unwrap();
    assert_eq!(
        might.descendants().filter(|n| n.has_tag_name("text")).map(|t| t.text().unwrap()).collect::<String>(),
        "3"
    );
    assert!(brom.svg.contains(r##"<circle cx="56" cy="106" r="6" fill="#8b1e1e"/>"##), "{}", brom.svg);
    // The background is the layout's colour, not the faction's.
    assert!(brom.svg.contains(r##"<rect width="70" height="120" rx="3" fill="#203040"/>"##));
    // A right-aligned name ends at its box's right edge, not at its left.
    let name = doc.descendants().find(|n| n.attribute("data-box") == Some("name")).unwrap();
    let x: f32 = name.descendants().find(|n| n.has_tag_name("text")).unwrap().attribute("x").unwrap().parse().unwrap();
    assert!(x > 6.0 + 10.0, "a right-aligned name starts at {x}");
    // The kind without a layout keeps the default: poker size.
    let sword = &rendered.cards[1];
    assert_eq!(view_box(&sword.svg), "0 0 63 88");
    // The back of each kind is its layout's size.
    let hero_back = rendered.backs.iter().find(|b| b.file_stem == "hero").unwrap();
    assert_eq!(view_box(&hero_back.svg), "0 0 70 120");
}

#[test]
fn text_that_does_not_fit_a_box_of_the_layout_is_reported_at_the_card() {
    let dir = set_with("\nlayout hero {\n  text: 4 30 20 4 8pt min 6pt\n}\n", &[]);
    let report = check(dir.path());
    let found: Vec<String> = messages(&report).into_iter().filter(|m| m.starts_with("W0008")).collect();
    assert_eq!(found, ["W0008: the text of `Brom` does not fit its box"], "{:#?}", messages(&report));
}

#[test]
fn the_shipped_sets_are_drawn_on_the_cards_their_layouts_name() {
    let root = common::root().join("cards");
    // (set, kind, width × height) as each set's `layout.cards` says.
    let expected = [
        ("xwing", "ship", "0 0 63 88"),
        ("xwing", "chassis", "0 0 63 88"),
        ("xwing", "upgrade", "0 0 88 63"),
        ("armada", "ship", "0 0 70 120"),
        ("armada", "upgrade", "0 0 41 63"),
        ("eclipse", "part", "0 0 40 40"),
        ("eclipse", "blueprint", "0 0 100 70"),
    ];
    for game in ["xwing", "armada", "eclipse"] {
        let report = check(&root.join(game));
        let checked = &report.sets[0];
        let set = checked.model().unwrap();
        let rendered = render::render(set, &checked.layouts, &Glyphs::none(), Vec::new());
        for (g, kind, view) in expected.iter().filter(|(g, ..)| *g == game) {
            let card = rendered
                .cards
                .iter()
                .find(|c| &*set.kind_of(&set.cards[c.index]).noun.id == *kind)
                .unwrap_or_else(|| panic!("{g}: no {kind}"));
            assert_eq!(view_box(&card.svg), *view, "{g} {kind}");
        }
        assert_eq!(rendered.overflows(), 0, "{game}");
    }
    // A blueprint draws a cell for each of its part spaces: the Terran Interceptor has 4.
    let report = check(&root.join("eclipse"));
    let set = report.sets[0].model().unwrap();
    let rendered = render::render(set, &report.sets[0].layouts, &Glyphs::none(), Vec::new());
    let interceptor = rendered.cards.iter().find(|c| set.cards[c.index].name.as_ref() == "Terran Interceptor").unwrap();
    assert_eq!(interceptor.svg.matches("data-space=").count(), 4);
    assert!(interceptor.svg.contains(">Ion Cannon<") && interceptor.svg.contains(">Nuclear Drive<"));
}

#[test]
fn sheets_put_cards_of_each_size_on_pages_of_their_own() {
    let dir = common::root().join("cards/xwing");
    let report = check(&dir);
    let set = report.sets[0].model().unwrap();
    let rendered = render::render(set, &report.sets[0].layouts, &Glyphs::none(), Vec::new());
    let poker = rendered.cards.iter().filter(|c| c.size == (63.0, 88.0)).count();
    let landscape = rendered.cards.iter().filter(|c| c.size == (88.0, 63.0)).count();
    // 6 pilots and 3 chassis; 16 upgrades.
    assert_eq!((poker, landscape), (9, 16));
    let a4 = render::sheets::PAPERS[0];
    let sheets = Sheets { paper: a4, bleed: 0.0 };
    // A4 inside 5 mm margins is 200 × 287 mm: 3 × 3 poker cards, 2 × 4 landscape ones.
    let g = sheets.grid((63.0, 88.0)).unwrap();
    assert_eq!((g.columns, g.rows), (3, 3));
    let g = sheets.grid((88.0, 63.0)).unwrap();
    assert_eq!((g.columns, g.rows), (2, 4));
    // 9 poker cards on 1 page, 16 landscape on 2; each page of fronts has its backs.
    let pages = render::sheets::pages(set, &rendered, &sheets).unwrap();
    assert_eq!(pages.len(), 2 * (1 + 2));
    assert_eq!(pages.iter().filter(|p| p.contains("width=\"88\" height=\"63\"")).count(), 4);
}

#[test]
fn a_declared_glyph_draws_its_icon_in_place_of_the_one_named_after_it() {
    let blade = r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><path d="M1 9 L9 1"/></svg>"#;
    let other = r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><circle cx="5" cy="5" r="5"/></svg>"#;
    let dir = set_with("glyph weapon \"art/blade.svg\"\n", &[("art/blade.svg", blade), ("icons/weapon.svg", other)]);
    let report = check(dir.path());
    assert_eq!(report.errors(), 0, "{:#?}", messages(&report));
    let checked = &report.sets[0];
    assert_eq!(checked.layouts.glyphs.len(), 1);
    let glyphs = Glyphs::read(dir.path(), &checked.layouts.glyphs).unwrap();
    let set = checked.model().unwrap();
    use base64::Engine as _;
    let encoded = |svg: &str| base64::engine::general_purpose::STANDARD.encode(svg);
    let symbol = glyphs.symbol(set, "Weapon");
    assert!(symbol.contains(&encoded(blade)), "{symbol}");
    assert!(!symbol.contains(&encoded(other)));
    // An icon with no glyph line keeps the file named after it, else its initials.
    assert!(glyphs.symbol(set, "Armor").contains(">Ar<"));
}

#[test]
fn a_glyph_that_cannot_be_drawn_is_reported_with_the_file_meant() {
    let svg = r#"<svg xmlns="http://www.w3.org/2000/svg"/>"#;
    let dir = set_with(
        "glyph weapon \"art/blades.svg\"\nglyph armor \"art/notes.svg\", weapon \"art/blade.svg\"\n",
        &[("art/blade.svg", svg), ("art/notes.svg", "shopping list")],
    );
    let report = check(dir.path());
    let found = messages(&report);
    assert!(found.contains(&"E0502: glyph file `art/blades.svg` cannot be read".to_string()), "{found:#?}");
    assert!(found.contains(&"E0502: glyph file `art/notes.svg` is not an SVG".to_string()), "{found:#?}");
    // A second glyph of `weapon` is one too many, though the first did not load.
    assert!(found.contains(&"E0502: icon `weapon` has two glyphs".to_string()), "{found:#?}");
    // The file meant, beside the one written, is the fix and the help.
    let missing = report.all_diagnostics().find(|d| d.message.contains("blades")).unwrap();
    assert_eq!(missing.fixes[0].edits[0].replacement, "\"art/blade.svg\"");
    assert_eq!(missing.help.as_deref(), Some("did you mean `blade.svg`?"));
    // A path out of the set's folder, or empty, is refused before it is read.
    let dir = set_with("glyph weapon \"../blade.svg\", armor \"\"\n", &[]);
    let found = messages(&check(dir.path()));
    assert_eq!(
        found,
        [
            "E0502: glyph file `../blade.svg` is not in the set's folder",
            "E0502: glyph file `` is not in the set's folder"
        ]
    );
    // Declared twice, both readable.
    let dir = set_with("glyph weapon \"a.svg\"\nglyph weapon \"a.svg\"\n", &[("a.svg", svg)]);
    let found = messages(&check(dir.path()));
    assert_eq!(found, ["E0502: icon `weapon` has two glyphs"]);
}

#[test]
fn layout_mistakes_are_reported_with_their_certain_fixes() {
    let dir = set_with(
        "\nlayout hero {\n  nmae: 5 4 43 7 bold\n  size: pokr\n  stats: 5 17 53 5 blod\n}\nlayout itme {\n  name: 1 1 10 5\n}\n",
        &[],
    );
    let report = check(dir.path());
    let fix_of = |needle: &str| {
        let d = report
            .all_diagnostics()
            .find(|d| d.message.contains(needle))
            .unwrap_or_else(|| panic!("no `{needle}` in {:#?}", messages(&report)));
        let f = &d.fixes[0];
        (d.code.id, f.edits[0].replacement.clone(), f.applicability)
    };
    assert_eq!(fix_of("unknown box `nmae`"), ("E0501", "name".into(), Applicability::MachineApplicable));
    assert_eq!(fix_of("unknown card size `pokr`"), ("E0501", "poker".into(), Applicability::MachineApplicable));
    assert_eq!(fix_of("unknown option `blod`"), ("E0501", "bold".into(), Applicability::MachineApplicable));
    assert_eq!(fix_of("itme"), ("E0109", "item".into(), Applicability::MachineApplicable));
    // `cardc check --fix` applies them, and the set then has no error.
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_cardc"))
        .args(["check", "--fix"])
        .arg(dir.path())
        .output()
        .unwrap();
    assert!(out.status.code().is_some(), "{out:?}");
    let fixed = check(dir.path());
    assert_eq!(fixed.errors(), 0, "{:#?}", messages(&fixed));
    let game = std::fs::read_to_string(dir.path().join("game.cards")).unwrap();
    assert!(game.contains("name: 5 4 43 7 bold") && game.contains("size: poker") && game.contains("layout item {"));
}

#[test]
fn a_box_a_kind_does_not_have_and_one_off_the_card_are_errors() {
    let dir = set_with(
        "\nlayout item {\n  bar: 5 78 53 6\n  might: 1 1 5 5\n  spaces: 1 1 5 5\n}\nlayout hero {\n  text: 4 80 55 10\n  corner: 300\n  ink: red\n}\n",
        &[],
    );
    let found = messages(&check(dir.path()));
    for expected in [
        "E0501: an item has no upgrade bar: it carries no upgrades",
        "E0501: an item has no stats",
        "E0501: an item has no part spaces: it is no blueprint",
        "E0501: box `text` runs past the card's bottom edge",
        "E0501: `corner` takes a number of millimetres",
        "E0501: identifier `red` is not a colour",
    ] {
        assert!(found.contains(&expected.to_string()), "{expected}: {found:#?}");
    }
    assert_eq!(found.len(), 6, "{found:#?}");
}

/// A layout set in a font of the set: measured with it, named by the cards, written beside
/// them, and drawn in the sheets. The set's font is the shipped bold face given as a
/// regular one, so the same name is wider in it than in the shipped regular face.
#[test]
fn a_layouts_own_font_measures_names_and_travels_with_the_cards() {
    let heavy = std::fs::read(common::root().join("cardc/fonts/DejaVuSansCondensed-Bold.ttf")).unwrap();
    let fonts = cardc::render::font::Fonts::new();
    let pt = 25.4 / 72.0;
    let (regular, bold) = (
        fonts.width("Brom", cardc::render::font::Weight::Regular) * 10.0 * pt,
        fonts.width("Brom", cardc::render::font::Weight::Bold) * 10.0 * pt,
    );
    // A box whole millimetres wide that the regular name fits and the bold one does not.
    let width = regular.ceil();
    assert!(width < bold, "the test needs a name wider in bold: {regular} {bold}");
    let layout = |font: &str| format!("\nlayout hero {{\n{font}  name: 2 2 {width} 6 regular 10pt min 10pt\n}}\n");
    let dir = set_with(&layout(""), &[]);
    let report = check(dir.path());
    assert!(!messages(&report).iter().any(|m| m.starts_with("W0008")), "{:#?}", messages(&report));
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(dir.path().join("fonts")).unwrap();
    std::fs::write(dir.path().join("fonts/Heavy.ttf"), &heavy).unwrap();
    std::fs::write(dir.path().join("game.cards"), format!("{GAME}{}", layout("  font: \"fonts/Heavy.ttf\"\n")))
        .unwrap();
    std::fs::write(dir.path().join("cards.cards"), CARDS).unwrap();
    let report = check(dir.path());
    assert_eq!(report.errors(), 0, "{:#?}", messages(&report));
    let overflow: Vec<String> = messages(&report).into_iter().filter(|m| m.starts_with("W0008")).collect();
    assert_eq!(overflow, ["W0008: the name of `Brom` does not fit its box"]);
    // `cardc render` writes the font beside the cards, and the hero's card names it.
    let out = dir.path().join("out");
    let o = std::process::Command::new(env!("CARGO_BIN_EXE_cardc"))
        .args(["render", "--sheets", "--out"])
        .arg(&out)
        .arg(dir.path())
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let written: Vec<String> = std::fs::read_dir(out.join("fonts"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    let own = written.iter().find(|n| n.ends_with("-Heavy.ttf")).unwrap_or_else(|| panic!("{written:?}"));
    assert_eq!(std::fs::read(out.join("fonts").join(own)).unwrap(), heavy);
    let hero = std::fs::read_to_string(out.join("cards/brom.svg")).unwrap();
    assert!(hero.contains(&format!("url(../fonts/{own})")), "{hero}");
    // Its family, then the family the file gives itself.
    assert!(hero.contains("&#39;DejaVu Sans Condensed&#39;, sans-serif"), "{hero}");
    let family = hero.split("font-family=\"").nth(1).unwrap().split(',').next().unwrap().to_string();
    assert!(family.starts_with("cardc-") && family != "cardc-sans", "{family}");
    // The item, with no layout, keeps the shipped fonts.
    let sword = std::fs::read_to_string(out.join("cards/sword.svg")).unwrap();
    assert!(sword.contains("font-family=\"cardc-sans,"));
    // The gallery declares both families; the sheets were made.
    let page = std::fs::read_to_string(out.join("index.html")).unwrap();
    assert!(page.contains(&format!("src:url(fonts/{own})")) && page.contains("src:url(fonts/cardc-sans.ttf)"));
    assert!(std::fs::read(out.join("sheets.pdf")).unwrap().starts_with(b"%PDF"));
    // The preview and the sheets draw the name in the layout's face, not in the shipped
    // regular one the file's family name also names: without the layout's font they differ.
    let checked = &report.sets[0];
    let set = checked.model().unwrap();
    let mut shipped = checked.layouts.clone();
    for layout in shipped.kinds.iter_mut().flatten() {
        layout.font = None;
    }
    let brom = set.cards.iter().position(|c| c.name.as_ref() == "Brom").unwrap();
    let preview = |layouts| render::preview::standalone(set, brom, layouts, &Glyphs::none()).unwrap();
    assert_ne!(preview(&checked.layouts), preview(&shipped));
    let sheets = Sheets { paper: render::sheets::PAPERS[0], bleed: 0.0 };
    let pdf = |layouts| {
        let rendered = render::render(set, layouts, &Glyphs::none(), Vec::new());
        let pages = render::sheets::pages(set, &rendered, &sheets).unwrap();
        render::sheets::pdf(&pages, sheets.paper, &rendered.families).unwrap()
    };
    assert_ne!(pdf(&checked.layouts), pdf(&shipped));
}

#[test]
fn a_font_that_is_not_one_is_reported() {
    let dir = set_with(
        "\nlayout hero {\n  font: \"fonts/notes.ttf\"\n  bold-font: \"fonts/none.ttf\"\n}\n",
        &[("fonts/notes.ttf", "not a font at all")],
    );
    let found = messages(&check(dir.path()));
    assert_eq!(
        found,
        ["E0503: font file `fonts/notes.ttf` is not a font", "E0503: font file `fonts/none.ttf` cannot be read"]
    );
}

mod props {
    //! Layouts made of any words: checking them never panics, every mistake is one of the
    //! language's diagnostics, and a layout that checks clean draws every box of every card
    //! inside the card.

    use proptest::prelude::*;

    use super::{CARDS, GAME};
    use crate::common;
    use cardc::render::{self, Glyphs};

    const KEYS: &[&str] = &[
        "size",
        "corner",
        "background",
        "panel",
        "ink",
        "back",
        "name",
        "cost",
        "kind",
        "type",
        "faction",
        "stats",
        "might",
        "health",
        "slot",
        "bar",
        "text",
        "spaces",
        "nmae",
        "colour",
    ];
    const WORDS: &[&str] = &[
        "0",
        "1",
        "4",
        "30",
        "63",
        "88",
        "200",
        "99999999999",
        "-3",
        "+2",
        "poker",
        "tarot",
        "x",
        "bold",
        "regular",
        "9pt",
        "0pt",
        "min",
        "5pt",
        "left",
        "centre",
        "right",
        "circle",
        "fill",
        "ink",
        "faction",
        "none",
        "\"#ff0000\"",
        "\"#abc\"",
        "\"red\"",
        "\"\"",
        "ffffff",
        ",",
    ];

    /// Any words after a key, or a box in a place that may be on the card or off it.
    fn field() -> impl Strategy<Value = String> {
        let any = (prop::sample::select(KEYS), prop::collection::vec(prop::sample::select(WORDS), 0..9))
            .prop_map(|(key, words)| format!("  {key}: {}", words.join(" ")));
        let placed = (
            prop::sample::select(&["name", "cost", "type", "text", "might", "stats", "faction"][..]),
            (0u32..70, 0u32..120, 1u32..70, 1u32..60),
            prop::collection::vec(
                prop::sample::select(&["bold", "right", "circle", "fill faction", "8pt", "min 4pt"][..]),
                0..3,
            ),
        )
            .prop_map(|(key, (x, y, w, h), options)| format!("  {key}: {x} {y} {w} {h} {}", options.join(" ")));
        // A box that stays on a poker card whatever its numbers (at most 62 × 87 mm).
        let on_card = (
            prop::sample::select(&["name", "cost", "type", "text", "might", "stats", "faction"][..]),
            (0u32..40, 0u32..60, 3u32..23, 3u32..28),
            prop::collection::vec(prop::sample::select(&["bold", "centre", "circle", "fill faction", "8pt"][..]), 0..3),
        )
            .prop_map(|(key, (x, y, w, h), options)| format!("  {key}: {x} {y} {w} {h} {}", options.join(" ")));
        prop_oneof![any, placed, on_card]
    }

    /// One layout of `kind` with `fields`: its errors are the language's, and when it has
    /// none every box of every card is on the card. Whether it was clean.
    fn holds(kind: &str, fields: &[String]) -> Result<bool, TestCaseError> {
        let layout = format!("\nlayout {kind} {{\n{}\n}}\n", fields.join("\n"));
        let files =
            vec![("game.cards".to_string(), format!("{GAME}{layout}")), ("cards.cards".to_string(), CARDS.to_string())];
        let (_, checked) = common::check_in_memory("props", &files);
        for d in checked.diagnostics.iter().filter(|d| d.is_error()) {
            prop_assert!(["E0001", "E0109", "E0501"].contains(&d.code.id), "{}: {} in\n{layout}", d.code.id, d.message);
        }
        if checked.errors() > 0 {
            return Ok(false);
        }
        let set = checked.model().unwrap();
        let rendered = render::render(set, &checked.layouts, &Glyphs::none(), Vec::new());
        for card in &rendered.cards {
            let doc = roxmltree::Document::parse(&card.svg).unwrap();
            let (w, h) = card.size;
            for b in doc.descendants().filter(|n| n.attribute("data-box").is_some()) {
                let num = |a: &str| b.attribute(a).and_then(|v| v.parse::<f32>().ok()).unwrap();
                let (x, y, bw, bh) = (num("data-x"), num("data-y"), num("data-w"), num("data-h"));
                prop_assert!(
                    x >= 0.0 && y >= 0.0 && bw >= 0.0 && bh >= 0.0 && x + bw <= w + 0.01 && y + bh <= h + 0.01,
                    "box {:?} at {x},{y} {bw}×{bh} off a {w}×{h} card in\n{layout}",
                    b.attribute("data-box")
                );
            }
        }
        Ok(true)
    }

    #[test]
    fn any_layout_is_checked_without_panic_and_a_clean_one_stays_on_the_card() {
        let clean = std::sync::atomic::AtomicUsize::new(0);
        let config = ProptestConfig {
            cases: 128,
            // Failures are kept beside this file and tried first next time.
            source_file: Some(file!()),
            ..ProptestConfig::default()
        };
        // The same cases every run, so the count of clean layouts below is the same too.
        let rng = proptest::test_runner::TestRng::deterministic_rng(config.rng_algorithm);
        let mut runner = proptest::test_runner::TestRunner::new_with_rng(config, rng);
        let strategy = (prop::sample::select(&["hero", "item", "itme"][..]), prop::collection::vec(field(), 0..7));
        runner
            .run(&strategy, |(kind, fields)| {
                if holds(kind, &fields)? {
                    clean.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                }
                Ok(())
            })
            .unwrap();
        // The property's second half ran: some layouts were clean and drawn.
        let clean = clean.into_inner();
        assert!(clean >= 16, "only {clean} of 128 layouts were clean and drawn");
    }
}
