//! The gallery as a person looks at it: headless Chromium (Debian's `chromium`) opens the
//! page `cardc render` wrote for each shipped set, with the shipped fonts loaded, and the
//! test reads from the browser's own layout that no text of any card runs out of its box
//! (what cardc measured with rustybuzz is what the browser sets), that every icon glyph a
//! card uses is defined and drawn, and that the search and the kind filter show the cards
//! they should. It keeps a screenshot of each gallery in `target/render-artifacts/` for a
//! reviewer to open. It needs `chromium`, so `cargo test` reports it ignored; `.ci/run`
//! installs Chromium and runs it with `--ignored`, and then a missing `chromium` fails it.
#![cfg(feature = "render")]

use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

use crate::common;

use cardc::render::{self, Glyphs};

/// What the page runs once its fonts are loaded: the checks, written into the page as JSON
/// for `--dump-dom` to print.
const PROBE: &str = r#"
<script>
(async () => {
  await document.fonts.ready;
  const out = {fonts: [], overflows: [], glyphs: [], cards: 0, search: null, kind: null, count: null};
  for (const f of document.fonts) out.fonts.push(f.family + ' ' + f.weight + ' ' + f.status);
  const tol = 0.25; // mm: a quarter of a millimetre, for anti-aliasing and rounding
  for (const fig of document.querySelectorAll('main figure')) {
    out.cards++;
    const svg = fig.querySelector('svg');
    const id = svg.getAttribute('data-card');
    for (const box of svg.querySelectorAll('g[data-box]')) {
      const x = +box.dataset.x, y = +box.dataset.y, w = +box.dataset.w, h = +box.dataset.h;
      for (const t of box.querySelectorAll('text')) {
        // The advance the browser laid the text out with (its ink may reach a little
        // further, as a glyph's does past its advance), and the line's box below it.
        const b = t.getBBox(), len = t.getComputedTextLength(), tx = +t.getAttribute('x');
        const centred = t.getAttribute('text-anchor') === 'middle';
        const left = centred ? tx - len / 2 : tx, right = left + len, bottom = b.y + b.height;
        const wide = left < x - tol || right > x + w + tol;
        // A line's descent may reach below the box by less than a line's leading.
        const size = +t.getAttribute('font-size');
        const tall = box.dataset.box === 'text' && bottom > y + h + 0.3 * size;
        if (wide || tall) out.overflows.push(`${id} ${box.dataset.box}: "${t.textContent}" ends at ${right.toFixed(2)},${bottom.toFixed(2)}; box ${x}+${w}, ${y}+${h}`);
      }
    }
    for (const u of svg.querySelectorAll('use')) {
      const target = document.querySelector(u.getAttribute('href'));
      const b = u.getBBox();
      if (!target || b.width <= 0) out.glyphs.push(`${id}: ${u.getAttribute('href')}`);
    }
  }
  const q = document.getElementById('q'), kind = document.getElementById('kind');
  const visible = () => [...document.querySelectorAll('main figure')].filter(f => !f.hidden);
  q.value = SEARCH; q.dispatchEvent(new Event('input'));
  out.search = visible().map(f => f.id);
  out.count = document.getElementById('count').textContent;
  q.value = ''; q.dispatchEvent(new Event('input'));
  kind.value = KIND; kind.dispatchEvent(new Event('input'));
  out.kind = [...new Set(visible().map(f => f.dataset.kind))];
  kind.value = ''; kind.dispatchEvent(new Event('input'));
  const pre = document.createElement('pre');
  pre.id = 'probe';
  pre.textContent = JSON.stringify(out);
  document.body.appendChild(pre);
})();
</script>
"#;

fn chromium() -> Command {
    let mut c = Command::new("chromium");
    c.args([
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--hide-scrollbars",
    ]);
    c
}

/// What Chromium printed.
struct Printed {
    stdout: String,
    stderr: String,
}

/// Runs Chromium with `args` and a fresh profile (in `profile`, which also holds what it
/// prints: a page's DOM is megabytes, more than a pipe holds while nobody reads it), within
/// 90 s.
fn run(args: &[String], profile: &Path) -> Printed {
    let (out, err) = (profile.join("stdout"), profile.join("stderr"));
    let mut child = chromium()
        .arg(format!("--user-data-dir={}", profile.join("profile").display()))
        .args(args)
        .stdin(std::process::Stdio::null())
        .stdout(std::fs::File::create(&out).expect("a file for stdout"))
        .stderr(std::fs::File::create(&err).expect("a file for stderr"))
        .spawn()
        .expect("start chromium");
    let deadline = Instant::now() + Duration::from_secs(90);
    while child.try_wait().ok().flatten().is_none() {
        if Instant::now() > deadline {
            let _ = child.kill();
            panic!("chromium did not finish within 90 s");
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    let read = |p: &Path| String::from_utf8_lossy(&std::fs::read(p).unwrap_or_default()).into_owned();
    Printed { stdout: read(&out), stderr: read(&err) }
}

#[test]
#[ignore = "needs chromium (`apt-get install chromium`); CI runs it with `--ignored`"]
fn the_gallery_in_a_browser_overflows_nowhere_draws_every_glyph_and_filters() {
    assert!(
        chromium().arg("--version").output().is_ok_and(|o| o.status.success()),
        "chromium is missing: `apt-get install chromium`"
    );
    let artifacts = common::root().join("target/render-artifacts");
    std::fs::create_dir_all(&artifacts).expect("the artifacts folder");
    // A search and a kind each gallery's cards answer, as the sets print them.
    for (game, search, found, kind) in [
        ("emberfall", "caldric", "card-sir-caldric-vane", "spell"),
        ("xwing", "jyn erso", "card-jyn-erso", "upgrade"),
        ("armada", "dominator", "card-dominator", "ship"),
        ("eclipse", "ion cannon", "card-ion-cannon", "part"),
    ] {
        let dir = common::root().join("cards").join(game);
        let report = cardc::check_paths(&[&dir]).unwrap();
        let set = report.sets[0].model().unwrap();
        let out = tempfile::tempdir().unwrap();
        let glyphs = Glyphs::read(&dir, &report.sets[0].layouts.glyphs).unwrap();
        let rendered = render::render(
            set,
            &report.sets[0].layouts,
            &glyphs,
            render::places(&report.sources, set, &report.sets[0].dir),
        );
        render::write(set, &rendered, &glyphs, out.path()).unwrap();
        let page = std::fs::read_to_string(out.path().join("index.html")).unwrap();
        let probe = PROBE.replace("SEARCH", &format!("{search:?}")).replace("KIND", &format!("{kind:?}"));
        std::fs::write(out.path().join("probe.html"), page.replace("</body>", &format!("{probe}</body>"))).unwrap();
        let profile = tempfile::tempdir().unwrap();
        let url = format!("file://{}", out.path().join("probe.html").display());
        eprintln!("{game}: the probe");
        let dom = run(&["--virtual-time-budget=10000".into(), "--dump-dom".into(), url], profile.path());
        let dom = dom.stdout;
        let json =
            dom.split("<pre id=\"probe\">").nth(1).and_then(|r| r.split("</pre>").next()).unwrap_or_else(|| {
                panic!("{game}: the probe wrote nothing:\n{}", &dom[dom.len().saturating_sub(2000)..])
            });
        let json = json.replace("&quot;", "\"").replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&");
        let v: serde_json::Value = serde_json::from_str(&json).unwrap_or_else(|e| panic!("{game}: {e}: {json}"));
        // The shipped fonts, both weights, loaded from the folder the page is in.
        let fonts: Vec<&str> = v["fonts"].as_array().unwrap().iter().filter_map(|f| f.as_str()).collect();
        assert!(
            fonts.iter().filter(|f| f.starts_with("cardc-sans") && f.ends_with("loaded")).count() == 2,
            "{game}: {fonts:?}"
        );
        assert_eq!(v["cards"], set.cards.len(), "{game}");
        assert_eq!(v["overflows"], serde_json::json!([]), "{game}: text out of its box");
        assert_eq!(v["glyphs"], serde_json::json!([]), "{game}: a glyph not drawn");
        assert_eq!(v["search"], serde_json::json!([found]), "{game}: searching `{search}`");
        assert_eq!(v["count"], format!("1 of {} cards", set.cards.len()), "{game}");
        assert_eq!(v["kind"], serde_json::json!([kind]), "{game}: the kind filter");
        // A screenshot for a reviewer, of the page as it opens.
        eprintln!("{game}: the screenshot");
        let shot = artifacts.join(format!("{game}-gallery.png"));
        let profile = tempfile::tempdir().unwrap();
        let page_url = format!("file://{}", out.path().join("index.html").display());
        let o = run(
            &[
                "--window-size=1280,1600".into(),
                "--virtual-time-budget=10000".into(),
                format!("--screenshot={}", shot.display()),
                page_url,
            ],
            profile.path(),
        );
        assert!(shot.is_file(), "{game}: no screenshot: {}", o.stderr);
    }
}
