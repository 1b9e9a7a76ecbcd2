//! The gallery of a set: one HTML page holding every card drawn (inline SVG, so the page's
//! fonts set their text), filtered by kind, faction and cost and searched by name and text
//! in the page itself, each card with a link to where it is written.

use cards_runtime::model::Set;

use super::card::Glyphs;
use super::font::FAMILY;
use super::xml::Xml;
use super::Rendered;

const STYLE: &str = "\
body{margin:0;background:#e9e6df;color:#1a1a1a;font-family:FAMILY,'DejaVu Sans Condensed',sans-serif}\
header{position:sticky;top:0;z-index:1;background:#fff;padding:8px 12px;display:flex;gap:10px;flex-wrap:wrap;align-items:center;box-shadow:0 1px 4px #0003}\
header h1{font-size:18px;margin:0 12px 0 0}\
header input,header select{font:inherit;font-size:14px;padding:3px 5px}\
header input[type=number]{width:4.5em}\
#count{margin-left:auto;font-size:14px}\
main{display:grid;grid-template-columns:repeat(auto-fill,minmax(250px,1fr));gap:14px;padding:14px}\
figure{margin:0;background:#fff;padding:6px;border-radius:6px;box-shadow:0 1px 3px #0002}\
figure svg{display:block;width:100%;height:auto}\
figure.wide{grid-column:span 2}\
figure.overflow{outline:3px solid #c0392b}\
figcaption{font-size:12px;padding-top:4px;display:flex;gap:8px;flex-wrap:wrap}\
figcaption .warn{color:#c0392b}\
[hidden]{display:none!important}";

const SCRIPT: &str = "\
const q=document.getElementById('q'),kind=document.getElementById('kind'),faction=document.getElementById('faction'),\
min=document.getElementById('min'),max=document.getElementById('max'),count=document.getElementById('count');\
const cards=[...document.querySelectorAll('main figure')];\
function apply(){\
const t=q.value.trim().toLowerCase(),k=kind.value,f=faction.value,lo=min.value,hi=max.value;let n=0;\
for(const c of cards){const d=c.dataset,cost=d.cost===''?null:Number(d.cost);\
const ok=(!t||d.name.includes(t)||d.text.includes(t))&&(!k||d.kind===k)&&(!f||d.factions.split(' ').includes(f))\
&&(lo===''||(cost!==null&&cost>=Number(lo)))&&(hi===''||(cost!==null&&cost<=Number(hi)));\
c.hidden=!ok;if(ok)n++;}\
count.textContent=n+' of '+cards.length+' cards';}\
for(const e of [q,kind,faction,min,max])e.addEventListener('input',apply);apply();";

/// The gallery page of `rendered`, drawn from `set`. Links to source files are relative to
/// the folder the page is written in (`out`).
pub fn page(set: &Set, rendered: &Rendered, glyphs: &Glyphs, out: &std::path::Path) -> String {
    let mut x = Xml::new();
    x.raw("<!DOCTYPE html>\n");
    x.open("html", &[("lang", "en")]);
    x.open("head", &[]);
    x.empty("meta", &[("charset", "utf-8")]);
    x.empty("meta", &[("name", "viewport"), ("content", "width=device-width, initial-scale=1")]);
    x.element("title", &[], &format!("{} — cardc gallery", set.name));
    let faces: String = rendered.families.iter().map(|f| f.faces("fonts")).collect();
    x.open("style", &[]).raw(&faces).raw(&STYLE.replace("FAMILY", FAMILY)).close();
    x.close().newline();
    x.open("body", &[]);
    x.open("header", &[]);
    x.element("h1", &[], &set.name);
    x.empty(
        "input",
        &[
            ("id", "q"),
            ("type", "search"),
            ("placeholder", "Search names and text"),
            ("aria-label", "Search names and text"),
        ],
    );
    // The kinds and factions the cards have, in the set's order.
    x.open("select", &[("id", "kind"), ("aria-label", "Kind")]);
    x.element("option", &[("value", "")], "Every kind");
    for (i, kind) in set.kinds.iter().enumerate() {
        if rendered.cards.iter().any(|c| usize::from(set.cards[c.index].declared) == i) {
            x.element("option", &[("value", &kind.noun.id)], &kind.noun.plural);
        }
    }
    x.close();
    x.open("select", &[("id", "faction"), ("aria-label", "Faction")]);
    x.element("option", &[("value", "")], "Every faction");
    for (i, f) in set.vocab.factions.iter().enumerate() {
        if set.cards.iter().any(|c| c.factions.contains(&(i as u16))) {
            x.element("option", &[("value", &f.id)], &f.name);
        }
    }
    x.close();
    x.element("label", &[("for", "min")], "Cost");
    x.empty("input", &[("id", "min"), ("type", "number"), ("placeholder", "min"), ("aria-label", "Lowest cost")]);
    x.element("label", &[("for", "max")], "to");
    x.empty("input", &[("id", "max"), ("type", "number"), ("placeholder", "max"), ("aria-label", "Highest cost")]);
    x.element("span", &[("id", "count")], &format!("{} cards", rendered.cards.len()));
    x.close().newline();
    // Every glyph once, for every card's `<use>`.
    x.open("svg", &[("width", "0"), ("height", "0"), ("style", "position:absolute"), ("aria-hidden", "true")]);
    x.open("defs", &[]);
    for name in super::card::unique_glyphs(set, rendered.cards.iter().flat_map(|c| &c.icons)) {
        x.raw(&glyphs.symbol(set, name));
    }
    x.close().close().newline();
    x.open("main", &[]);
    for c in &rendered.cards {
        let card = &set.cards[c.index];
        let kind = set.kind_of(card);
        let factions: Vec<&str> = card.factions.iter().map(|f| &*set.vocab.factions[*f as usize].id).collect();
        let text = [card.text.as_deref().unwrap_or("")]
            .into_iter()
            .chain(card.ship_abilities.iter().map(|a| &*a.text))
            .collect::<Vec<_>>()
            .join(" ")
            .to_lowercase();
        let cost = card.cost.map(|c| c.to_string()).unwrap_or_default();
        // A landscape card takes two columns, so its text is drawn as large as a portrait
        // card's.
        let classes: Vec<&str> = [(!c.overflows.is_empty(), "overflow"), (c.size.0 > c.size.1, "wide")]
            .into_iter()
            .filter_map(|(on, class)| on.then_some(class))
            .collect();
        let class = classes.join(" ");
        x.newline().open(
            "figure",
            &[
                ("id", &format!("card-{}", c.file_stem)),
                ("class", &class),
                ("data-kind", &kind.noun.id),
                ("data-factions", &factions.join(" ")),
                ("data-cost", &cost),
                ("data-name", &card.name.to_lowercase()),
                ("data-text", &text),
            ],
        );
        x.raw(&c.inline);
        x.open("figcaption", &[]);
        if let Some(place) = &c.place {
            let href = super::relative(out, &place.path);
            let name = place.path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
            x.element(
                "a",
                &[("href", &href), ("title", &place.path.display().to_string())],
                &format!("{name}:{}", place.line),
            );
        }
        x.element("a", &[("href", &format!("cards/{}.svg", c.file_stem))], "SVG");
        for o in &c.overflows {
            x.element("span", &[("class", "warn")], &format!("{} overflows", o.what));
        }
        x.close().close();
    }
    x.newline().close().newline();
    x.open("script", &[]).raw(SCRIPT).close();
    let mut html = x.finish();
    html.push('\n');
    html
}
