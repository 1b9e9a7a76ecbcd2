//! How long the language server takes to answer a keystroke on a real pool: the legacy
//! X-Wing pool (1,407 cards, imported from `../shared/data`), one file open, one character
//! typed into a card's ability text, until every file of the set has its diagnostics
//! published again. The server is the real one (`cardc::lsp::serve`) on an in-memory
//! connection; each keystroke is followed by a request, which the server answers only after
//! checking the edited set and publishing its diagnostics, so the time measured is
//! keystroke → diagnostics → answer. The goal is a median of at most 200 ms.
//!
//! Beside it, in the same run: opening the file (the first check, nothing cached) and a
//! whole `cardc check` of the pool, so the ratio says what the server saves.
//!
//! Run with `cargo bench -p cardc --bench lsp_keystroke` (about half a minute).

mod common;

use std::path::Path;
use std::time::{Duration, Instant};

use lsp_server::{Connection, Message, Notification, Request, RequestId};
use serde_json::{json, Value};

/// Keystrokes timed.
const KEYSTROKES: usize = 21;

fn main() {
    let Some(dir) = common::import_pool("xwing-data2-legacy") else { return };
    let Some((file, text)) = largest_file(&dir) else { return };
    let Some(at) = text.find("text {").map(|i| i + "text {".len()) else { return };
    let cards = cardc::check_paths(&[&dir]).map(|r| r.sets[0].cards).unwrap_or_default();
    println!("pool: xwing-data2-legacy, {cards} cards; typing in {}", file.display());

    let whole = median((0..5).map(|_| time(|| drop(cardc::check_paths(&[&dir])))).collect());

    let (server, client) = Connection::memory();
    let serving = std::thread::spawn(move || cardc::lsp::serve(&server).map_err(|e| e.to_string()));
    let mut c = Client { connection: client, next: 1 };
    c.request("initialize", json!({ "capabilities": {}, "processId": null, "rootUri": null }));
    c.notify("initialized", json!({}));
    let uri = format!("file://{}", file.display());
    // A cheap request: the server answers it only after publishing the set's diagnostics.
    let hover = json!({ "textDocument": { "uri": uri }, "position": { "line": 0, "character": 0 } });
    let open = time(|| {
        c.notify(
            "textDocument/didOpen",
            json!({ "textDocument": { "uri": uri, "languageId": "cards", "version": 1, "text": text } }),
        );
        c.request("textDocument/hover", hover.clone());
    });

    // Each keystroke types one more character into the first ability text of the file, so
    // each check reads one sentence it has not read before, as typing does.
    let mut typed = text.clone();
    let mut times = Vec::new();
    for i in 0..KEYSTROKES {
        let letter = char::from(b'a' + (i % 26) as u8);
        typed.insert(at + i, letter);
        times.push(time(|| {
            let change = json!({
                "textDocument": { "uri": uri, "version": i + 2 },
                "contentChanges": [{ "text": typed }],
            });
            c.notify("textDocument/didChange", change);
            c.request("textDocument/hover", hover.clone());
        }));
    }
    c.request("shutdown", Value::Null);
    c.notify("exit", Value::Null);
    if let Ok(Err(e)) = serving.join() {
        eprintln!("error: the server stopped: {e}");
    }

    let keystroke = median(times.clone());
    times.sort();
    let p90 = times[times.len() * 9 / 10];
    println!("cardc check, whole pool (median of 5):    {:>7.1} ms", ms(whole));
    println!("lsp open, first check (nothing cached):   {:>7.1} ms", ms(open));
    println!(
        "lsp keystroke -> diagnostics, median:     {:>7.1} ms  (p90 {:.1} ms, {KEYSTROKES} keystrokes)",
        ms(keystroke),
        ms(p90)
    );
    println!("keystroke / whole check:                  {:>7.2}", keystroke.as_secs_f64() / whole.as_secs_f64());
    let met = if keystroke <= Duration::from_millis(200) { "met" } else { "NOT met" };
    println!("goal: median keystroke at most 200 ms: {met}");
}

/// The pool's largest card file and its text.
fn largest_file(dir: &Path) -> Option<(std::path::PathBuf, String)> {
    let files = cardc::source::card_files(dir).ok()?;
    let file = files.into_iter().max_by_key(|f| std::fs::metadata(f).map(|m| m.len()).unwrap_or(0))?;
    let text = std::fs::read_to_string(&file).ok()?;
    Some((file.canonicalize().ok()?, text))
}

/// A client: sends messages and waits for the answer to each request, dropping the
/// notifications (diagnostics) that come before it.
struct Client {
    connection: Connection,
    next: i32,
}

impl Client {
    fn notify(&mut self, method: &str, params: Value) {
        let n = Notification { method: method.into(), params };
        self.connection.sender.send(Message::Notification(n)).expect("the server is listening");
    }

    fn request(&mut self, method: &str, params: Value) {
        let id = RequestId::from(self.next);
        self.next += 1;
        let r = Request { id: id.clone(), method: method.into(), params };
        self.connection.sender.send(Message::Request(r)).expect("the server is listening");
        loop {
            match self.connection.receiver.recv_timeout(Duration::from_secs(120)) {
                Ok(Message::Response(r)) if r.id == id => return,
                Ok(_) => {}
                Err(e) => panic!("no answer to `{method}`: {e}"),
            }
        }
    }
}

fn time(f: impl FnOnce()) -> Duration {
    let start = Instant::now();
    f();
    start.elapsed()
}

fn median(mut times: Vec<Duration>) -> Duration {
    times.sort();
    times[times.len() / 2]
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}
