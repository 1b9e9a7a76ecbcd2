//! `cardc lsp` spoken to over stdio, as an editor does: the built binary, framed JSON-RPC
//! messages, and what it answers. Expected values come from the set written here.
#![cfg(feature = "lsp")]

use std::collections::HashMap;
use std::io::{BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::time::Duration;

use serde_json::{json, Value};

const GAME: &str = r#"game xwing "X-Wing"
faction rebel "Rebel Alliance", empire "Galactic Empire"
size small, large
stat attack, agility, hull
action focus "Focus", boost "Boost"
token focus "focus", evade "evade", stress "stress"
resource force "Force"
"#;

const SHIPS: &str = r#"chassis "T-65 X-wing" as x-wing {
  faction: rebel
  size: small
  attack: 3  agility: 2  hull: 4
  actions: focus, boost
}

ship "Luke Skywalker" {
  chassis: x-wing
  faction: rebel
  cost: 6
  text {
    After you perform a [Boost] action, you may gain 1 evade token.
  }
}
"#;

/// A running server and the messages it sends, read on a thread of their own.
struct Server {
    /// The server's cache folder (`XDG_CACHE_HOME`), where it writes explanations.
    cache: tempfile::TempDir,
    child: Child,
    stdin: ChildStdin,
    incoming: Receiver<Value>,
    next_id: i64,
}

impl Server {
    fn start() -> Server {
        Server::start_with(Value::Null)
    }

    /// A server whose client sends `options` as its `initializationOptions`.
    fn start_with(options: Value) -> Server {
        let cache = tempfile::tempdir().expect("a cache folder");
        let mut child = Command::new(env!("CARGO_BIN_EXE_cardc"))
            .arg("lsp")
            .env("XDG_CACHE_HOME", cache.path())
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("start cardc lsp");
        let stdin = child.stdin.take().expect("stdin");
        let stdout = child.stdout.take().expect("stdout");
        let (tx, incoming) = mpsc::channel();
        std::thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            loop {
                let mut length = None;
                loop {
                    let mut line = String::new();
                    if reader.read_line(&mut line).unwrap_or(0) == 0 {
                        return;
                    }
                    let line = line.trim_end();
                    if line.is_empty() {
                        break;
                    }
                    if let Some(n) = line.strip_prefix("Content-Length: ") {
                        length = n.parse::<usize>().ok();
                    }
                }
                let mut body = vec![0; length.expect("a Content-Length header")];
                if reader.read_exact(&mut body).is_err() {
                    return;
                }
                let value: Value = serde_json::from_slice(&body).expect("a JSON body");
                if tx.send(value).is_err() {
                    return;
                }
            }
        });
        let mut server = Server { cache, child, stdin, incoming, next_id: 1 };
        let init = server.request(
            "initialize",
            json!({ "capabilities": {}, "processId": null, "rootUri": null, "initializationOptions": options }),
        );
        assert!(init["capabilities"]["hoverProvider"].as_bool().unwrap_or(false), "{init}");
        // cardc's own request, `cardc/cardSvg`, is advertised.
        assert_eq!(init["capabilities"]["experimental"]["cardSvg"], json!(true), "{init}");
        server.notify("initialized", json!({}));
        server
    }

    fn send(&mut self, message: &Value) {
        let body = message.to_string();
        write!(self.stdin, "Content-Length: {}\r\n\r\n{body}", body.len()).expect("write to the server");
        self.stdin.flush().expect("flush");
    }

    fn notify(&mut self, method: &str, params: Value) {
        self.send(&json!({ "jsonrpc": "2.0", "method": method, "params": params }));
    }

    /// Sends a request and returns its response (its `result`, or the whole response when
    /// it is an error), keeping notifications that arrive before it.
    fn request(&mut self, method: &str, params: Value) -> Value {
        let id = self.next_id;
        self.next_id += 1;
        self.send(&json!({ "jsonrpc": "2.0", "id": id, "method": method, "params": params }));
        loop {
            let m = self.incoming.recv_timeout(Duration::from_secs(60)).expect("a response within 60 s");
            if m["id"] == json!(id) {
                return if m.get("error").is_some() { m } else { m["result"].clone() };
            }
        }
    }

    /// Sends a request and returns the files diagnostics were published for before its
    /// response came, in order.
    fn published_before(&mut self, method: &str, params: Value) -> Vec<String> {
        let id = self.next_id;
        self.next_id += 1;
        self.send(&json!({ "jsonrpc": "2.0", "id": id, "method": method, "params": params }));
        let mut published = Vec::new();
        loop {
            let m = self.incoming.recv_timeout(Duration::from_secs(60)).expect("a response within 60 s");
            if m["id"] == json!(id) {
                return published;
            }
            if m["method"] == "textDocument/publishDiagnostics" {
                published.push(m["params"]["uri"].as_str().unwrap_or_default().to_string());
            }
        }
    }

    /// The next diagnostics published for `uri`.
    fn diagnostics(&mut self, uri: &str) -> Vec<Value> {
        loop {
            let m = self.incoming.recv_timeout(Duration::from_secs(60)).expect("diagnostics within 60 s");
            if m["method"] == "textDocument/publishDiagnostics" && m["params"]["uri"] == uri {
                return m["params"]["diagnostics"].as_array().cloned().unwrap_or_default();
            }
        }
    }

    /// Reads published diagnostics until the latest of every file satisfy `done`; returns
    /// them by URI.
    fn diagnostics_until(
        &mut self,
        done: impl Fn(&HashMap<String, Vec<Value>>) -> bool,
    ) -> HashMap<String, Vec<Value>> {
        let mut latest = HashMap::new();
        while !done(&latest) {
            let m = self.incoming.recv_timeout(Duration::from_secs(60)).expect("diagnostics within 60 s");
            if m["method"] == "textDocument/publishDiagnostics" {
                let uri = m["params"]["uri"].as_str().unwrap_or_default().to_string();
                latest.insert(uri, m["params"]["diagnostics"].as_array().cloned().unwrap_or_default());
            }
        }
        latest
    }

    fn open(&mut self, path: &Path, text: &str) {
        let params = json!({ "textDocument": { "uri": uri(path), "languageId": "cards", "version": 1, "text": text } });
        self.notify("textDocument/didOpen", params);
    }

    fn change(&mut self, path: &Path, version: i64, text: &str) {
        let params = json!({
            "textDocument": { "uri": uri(path), "version": version },
            "contentChanges": [{ "text": text }],
        });
        self.notify("textDocument/didChange", params);
    }

    fn at(&mut self, method: &str, path: &Path, line: u32, character: u32) -> Value {
        let params = json!({
            "textDocument": { "uri": uri(path) },
            "position": { "line": line, "character": character },
            "context": { "includeDeclaration": true },
        });
        self.request(method, params)
    }

    fn stop(mut self) {
        let response = self.request("shutdown", Value::Null);
        assert!(response.is_null(), "{response}");
        self.notify("exit", Value::Null);
        let status = self.child.wait().expect("the server exits");
        assert!(status.success(), "{status}");
    }
}

fn uri(path: &Path) -> String {
    format!("file://{}", path.display())
}

/// The line and UTF-16 column of the first `needle` in `text` (ASCII text here).
fn find(text: &str, needle: &str) -> (u32, u32) {
    let at = text.find(needle).unwrap_or_else(|| panic!("`{needle}` in the text"));
    let line = text[..at].matches('\n').count();
    let column = at - text[..at].rfind('\n').map_or(0, |i| i + 1);
    (line as u32, column as u32)
}

fn set() -> (tempfile::TempDir, PathBuf, PathBuf) {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let root = dir.path().canonicalize().expect("canonical");
    let game = root.join("game.cards");
    let ships = root.join("ships.cards");
    std::fs::write(&game, GAME).expect("write game.cards");
    std::fs::write(&ships, SHIPS).expect("write ships.cards");
    (dir, game, ships)
}

#[test]
fn diagnostics_follow_the_open_buffer_not_the_disk() {
    let (_dir, _game, ships) = set();
    let mut s = Server::start();
    // The buffer names a faction the game does not declare; the file on disk is clean.
    let broken = SHIPS.replace("  faction: rebel\n  cost: 6", "  faction: rebels\n  cost: 6");
    s.open(&ships, &broken);
    let d = s.diagnostics(&uri(&ships));
    assert_eq!(d.len(), 1, "{d:?}");
    assert_eq!(d[0]["code"], "E0105");
    assert_eq!(d[0]["severity"], 1);
    let (line, column) = find(&broken, "rebels");
    assert_eq!(d[0]["range"]["start"], json!({ "line": line, "character": column }));
    assert_eq!(d[0]["range"]["end"], json!({ "line": line, "character": column + 6 }));
    assert!(d[0]["message"].as_str().unwrap_or("").contains("help: did you mean `rebel`?"), "{}", d[0]["message"]);
    // The code links to its explanation, the one `cardc explain E0105` prints.
    let href = d[0]["codeDescription"]["href"].as_str().unwrap_or_default();
    let page = href.strip_prefix("file://").map(|p| std::fs::read_to_string(p).expect("the explanation"));
    let explain = Command::new(env!("CARGO_BIN_EXE_cardc")).args(["explain", "E0105"]).output().expect("cardc explain");
    // Its first line names the code; the rest is the explanation.
    let explain = String::from_utf8_lossy(&explain.stdout).lines().skip(1).collect::<Vec<_>>().join("\n");
    let page = page.unwrap_or_default();
    assert!(href.ends_with("/E0105.md") && href.contains(&s.cache.path().display().to_string()), "{href}");
    assert!(page.starts_with("# E0105 `unknown-name`"), "{page}");
    assert!(page.contains(explain.trim()), "{page}\n---\n{explain}");
    // Fixed in the buffer: the diagnostics are cleared.
    s.change(&ships, 2, SHIPS);
    assert_eq!(s.diagnostics(&uri(&ships)), Vec::<Value>::new());
    s.stop();
}

#[test]
fn diagnostics_are_sent_again_only_when_they_change() {
    let (_dir, game, ships) = set();
    let mut s = Server::start();
    let symbols = |path: &Path| json!({ "textDocument": { "uri": uri(path) } });
    // The first check: every file of the set is sent its diagnostics, none for a clean one.
    let broken = SHIPS.replace("  faction: rebel\n  cost: 6", "  faction: rebels\n  cost: 6");
    s.open(&ships, &broken);
    let mut first = s.published_before("textDocument/documentSymbol", symbols(&ships));
    first.sort();
    assert_eq!(first, [uri(&game), uri(&ships)]);
    // A file opened beside them: only it is new; theirs are what they were.
    let extra = game.with_file_name("extra.cards");
    s.open(&extra, "ship \"Wedge Antilles\" {\n  chassis: x-wing\n  faction: rebel\n  cost: 5\n}\n");
    assert_eq!(s.published_before("textDocument/documentSymbol", symbols(&extra)), [uri(&extra)]);
    // An edit that fixes `ships.cards` changes its diagnostics, and only its.
    s.change(&ships, 2, SHIPS);
    assert_eq!(s.published_before("textDocument/documentSymbol", symbols(&ships)), [uri(&ships)]);
    // An edit that changes nothing reported sends nothing.
    s.change(&ships, 3, &SHIPS.replace("cost: 6", "cost: 7"));
    assert_eq!(s.published_before("textDocument/documentSymbol", symbols(&ships)), Vec::<String>::new());
    s.stop();
}

#[test]
fn a_second_label_in_another_file_is_related_information() {
    let (_dir, game, ships) = set();
    let mut s = Server::start();
    // A card declared twice, in two files: the second names the first.
    let extra = game.with_file_name("extra.cards");
    let twice: &str = "ship \"Luke Skywalker\" {\n  chassis: x-wing\n  faction: rebel\n  cost: 5\n}\n";
    s.open(&ships, SHIPS);
    s.open(&extra, twice);
    // The duplicate is reported once, at one of the two; the other is related.
    let e0103 = |d: &Value| d["code"] == "E0103";
    let latest = s.diagnostics_until(|l| l.values().flatten().any(e0103));
    let (d, other, other_text) = match latest.get(&uri(&extra)).into_iter().flatten().find(|d| e0103(d)) {
        Some(d) => (d.clone(), &ships, SHIPS),
        None => (latest[&uri(&ships)].iter().find(|d| e0103(d)).cloned().expect("E0103"), &extra, twice),
    };
    let related = &d["relatedInformation"][0]["location"];
    assert_eq!(related["uri"], uri(other), "{d}");
    let (line, _) = find(other_text, "\"Luke Skywalker\"");
    assert_eq!(related["range"]["start"]["line"], line, "{d}");
    s.stop();
}

#[test]
fn hover_definition_references_and_symbols() {
    let (_dir, game, ships) = set();
    let mut s = Server::start();
    s.open(&ships, SHIPS);
    assert_eq!(s.diagnostics(&uri(&ships)), Vec::<Value>::new());

    // A card reference: the chassis, its name and kind.
    let (line, column) = find(SHIPS, "chassis: x-wing");
    let hover = s.at("textDocument/hover", &ships, line, column + 10);
    let shown = hover["contents"]["value"].as_str().unwrap_or_default();
    assert!(shown.contains("**T-65 X-wing** · chassis `x-wing`"), "{shown}");

    // An icon in ability text: the vocabulary entry it names.
    let (line, column) = find(SHIPS, "[Boost]");
    let hover = s.at("textDocument/hover", &ships, line, column + 2);
    let shown = hover["contents"]["value"].as_str().unwrap_or_default();
    assert!(shown.starts_with("**Boost** · action `boost`"), "{shown}");

    // Elsewhere in the text: how the ability reads.
    let (line, column) = find(SHIPS, "you may gain");
    let hover = s.at("textDocument/hover", &ships, line, column);
    let shown = hover["contents"]["value"].as_str().unwrap_or_default();
    assert!(
        shown.contains("**Reads as:** Optional. After you perform 1 [Boost] action: gain 1 evade token."),
        "{shown}"
    );
    // Said back as the card prints it, from the reading alone: the card's own words.
    assert!(
        shown.contains("**Says back:** After you perform a [Boost] action, you may gain 1 evade token. (as printed)"),
        "{shown}"
    );
    assert!(shown.contains("timing after you perform 1 action:boost"), "{shown}");
    assert!(shown.contains("clause you may gain 1 token:evade"), "{shown}");

    // Go to definition of a faction: its declaration in game.cards.
    let (line, column) = find(SHIPS, "faction: rebel");
    let def = s.at("textDocument/definition", &ships, line, column + 10);
    assert_eq!(def["uri"], uri(&game));
    let (gl, gc) = find(GAME, "rebel \"Rebel");
    assert_eq!(def["range"]["start"], json!({ "line": gl, "character": gc }));

    // References of the faction: the declaration and both uses.
    let refs = s.at("textDocument/references", &ships, line, column + 10);
    assert_eq!(refs.as_array().map(Vec::len), Some(3), "{refs}");

    // The symbols of the file: its two cards, in order.
    let symbols = s.request("textDocument/documentSymbol", json!({ "textDocument": { "uri": uri(&ships) } }));
    let names: Vec<&str> = symbols.as_array().into_iter().flatten().filter_map(|s| s["name"].as_str()).collect();
    assert_eq!(names, ["T-65 X-wing", "Luke Skywalker"]);
    let found = s.request("workspace/symbol", json!({ "query": "luke" }));
    assert_eq!(found[0]["name"], "Luke Skywalker", "{found}");
    s.stop();
}

/// The labels of the completion answer at the end of the first `needle` of a line, and
/// the first item's edit.
fn completion(s: &mut Server, path: &Path, text: &str, needle: &str) -> (Vec<String>, Value) {
    let (line, column) = find(text, needle);
    let character = column + needle.len() as u32;
    let params = json!({
        "textDocument": { "uri": uri(path) },
        "position": { "line": line, "character": character },
        "context": { "triggerKind": 1 },
    });
    let answer = s.request("textDocument/completion", params);
    let items = answer.as_array().cloned().unwrap_or_default();
    let labels = items.iter().filter_map(|i| i["label"].as_str().map(str::to_string)).collect();
    (labels, items.first().map_or(Value::Null, |i| i["textEdit"].clone()))
}

#[test]
fn completion_offers_what_may_be_written_there() {
    let (_dir, _game, ships) = set();
    let mut s = Server::start();
    // Half typed, as in an editor: a value, a field name, a bracket in ability text.
    let typing = SHIPS
        .replace("  faction: rebel\n  cost: 6", "  faction: re\n  cost: 6")
        .replace("you may gain", "you may gain 1 [Ev")
        .replace("  chassis: x-wing\n  faction: re", "  chassis: x-wing\n  co\n  faction: re");
    s.open(&ships, &typing);
    s.diagnostics(&uri(&ships));

    // A faction: the game's factions, replacing what is typed.
    let (labels, edit) = completion(&mut s, &ships, &typing, "  faction: re");
    assert_eq!(labels, ["rebel", "empire"]);
    let (line, column) = find(&typing, "  faction: re");
    let range = json!({ "start": { "line": line, "character": column + 11 }, "end": { "line": line, "character": column + 13 } });
    assert_eq!(edit, json!({ "range": range, "newText": "rebel" }));

    // A field of a ship card, with the game's stats only on cards that take stats; not
    // `upgrades:`, whose icons this game does not declare.
    let (labels, _) = completion(&mut s, &ships, &typing, "  co");
    for field in ["chassis", "cost", "faction", "text", "actions"] {
        assert!(labels.iter().any(|l| l == field), "{field} in {labels:?}");
    }
    assert!(!labels.iter().any(|l| l == "upgrades" || l == "arcs"), "{labels:?}");
    assert!(labels.iter().any(|l| l == "hull"), "{labels:?}");

    // A name in brackets: the entries ability text may name, by display name, closed.
    let (labels, edit) = completion(&mut s, &ships, &typing, "[Ev");
    assert!(labels.iter().any(|l| l == "Force") && labels.iter().any(|l| l == "evade"), "{labels:?}");
    assert!(!labels.iter().any(|l| l == "Rebel Alliance"), "{labels:?}");
    assert!(edit["newText"].as_str().unwrap_or_default().ends_with(']'), "{edit}");
    s.stop();
}

#[test]
fn hover_says_a_restriction_in_plain_words() {
    let (_dir, game, ships) = set();
    let mut s = Server::start();
    let upgrades = game.with_file_name("upgrades.cards");
    let text = "upgrade \"Hull Plating\" {\n  icon: mod\n  cost: 1\n  requires: size small and not faction empire\n}\n";
    let game_text = format!("{GAME}icon mod \"Modification\"\nallow unequippable-upgrade\n");
    s.open(&game, &game_text);
    s.open(&ships, SHIPS);
    s.open(&upgrades, text);
    let published = s.diagnostics_until(|l| l.contains_key(&uri(&upgrades)));
    assert_eq!(published[&uri(&upgrades)], Vec::<Value>::new());
    // On the restriction's words (not on a name it uses): what it requires.
    let (line, column) = find(text, "and not");
    let hover = s.at("textDocument/hover", &upgrades, line, column + 1);
    let shown = hover["contents"]["value"].as_str().unwrap_or_default();
    assert_eq!(
        shown,
        "**Hull Plating** can be equipped by a ship of size small and not of the Galactic Empire faction."
    );
    // On a name: the entry.
    let hover = s.at("textDocument/hover", &upgrades, line, column + 17);
    let shown = hover["contents"]["value"].as_str().unwrap_or_default();
    assert!(shown.starts_with("**Galactic Empire** · faction `empire`"), "{shown}");
    s.stop();
}

#[test]
fn formatting_gives_the_layout_of_cardc_fmt() {
    let (_dir, _game, ships) = set();
    let mut s = Server::start();
    let format = |s: &mut Server| {
        let params =
            json!({ "textDocument": { "uri": uri(&ships) }, "options": { "tabSize": 2, "insertSpaces": true } });
        s.request("textDocument/formatting", params)
    };
    // The chassis of SHIPS, laid out carelessly: the answer is SHIPS' own layout.
    let messy = SHIPS.replacen("  faction: rebel\n  size: small", "faction:   rebel\n      size: small", 1).replacen(
        "focus, boost",
        "focus,boost",
        1,
    );
    s.open(&ships, &messy);
    let edits = format(&mut s);
    let lines = messy.lines().count() as u32;
    assert_eq!(edits[0]["range"]["start"], json!({ "line": 0, "character": 0 }), "{edits}");
    assert_eq!(edits[0]["range"]["end"], json!({ "line": lines, "character": 0 }), "{edits}");
    assert_eq!(edits[0]["newText"], SHIPS, "{edits}");
    // Formatted already: no edit. Broken: no answer, and the text is left alone.
    s.change(&ships, 2, SHIPS);
    assert_eq!(format(&mut s), json!([]));
    s.change(&ships, 3, "ship \"Luke {\n");
    assert!(format(&mut s).is_null());
    s.stop();
}

#[test]
fn code_actions_are_the_diagnostics_fixes() {
    let (_dir, _game, ships) = set();
    let mut s = Server::start();
    // One typo with one candidate within two edits: a certain fix.
    let typo = SHIPS.replace("  faction: rebel\n  cost: 6", "  faction: rebl\n  cost: 6");
    s.open(&ships, &typo);
    assert_eq!(s.diagnostics(&uri(&ships)).len(), 1);
    let (line, column) = find(&typo, "rebl");
    let at = json!({ "start": { "line": line, "character": column }, "end": { "line": line, "character": column } });
    let params = json!({ "textDocument": { "uri": uri(&ships) }, "range": at, "context": { "diagnostics": [] } });
    let actions = s.request("textDocument/codeAction", params);
    let quick = &actions[0];
    assert_eq!(quick["kind"], "quickfix", "{actions}");
    assert_eq!(quick["isPreferred"], true, "{actions}");
    assert_eq!(quick["diagnostics"][0]["code"], "E0105", "{actions}");
    let word =
        json!({ "start": { "line": line, "character": column }, "end": { "line": line, "character": column + 4 } });
    assert_eq!(quick["edit"]["changes"][uri(&ships)], json!([{ "range": word, "newText": "rebel" }]), "{actions}");
    // And every certain fix of the file at once.
    let all = actions.as_array().into_iter().flatten().find(|a| a["kind"] == "source.fixAll").cloned();
    assert_eq!(all.map(|a| a["edit"].clone()), Some(quick["edit"].clone()), "{actions}");
    // Asked for fix-all only: no quick fix.
    let params = json!({ "textDocument": { "uri": uri(&ships) }, "range": at, "context": { "diagnostics": [], "only": ["source.fixAll"] } });
    let only = s.request("textDocument/codeAction", params);
    assert_eq!(only.as_array().map(Vec::len), Some(1), "{only}");
    s.stop();
}

#[test]
fn bad_requests_get_errors_and_the_server_goes_on() {
    let (_dir, _game, ships) = set();
    let mut s = Server::start();
    let bad = s.request("textDocument/hover", json!({ "nonsense": true }));
    assert_eq!(bad["error"]["code"], -32602, "{bad}");
    let unknown = s.request("textDocument/unknownThing", json!({}));
    assert_eq!(unknown["error"]["code"], -32601, "{unknown}");
    // A position past the end of a file that is not open: no answer, no crash.
    let none = s.at("textDocument/hover", &ships, 999, 999);
    assert!(none.is_null(), "{none}");
    // A document that is not card source at all.
    s.open(&ships, "\u{0}\u{1} {{{{ \"unclosed");
    let d = s.diagnostics(&uri(&ships));
    assert!(!d.is_empty());
    let hover = s.at("textDocument/hover", &ships, 0, 3);
    assert!(hover.is_null() || hover.get("contents").is_some(), "{hover}");
    s.stop();
}

/// A game of its own kinds (`cards/emberfall`): completion offers its kinds, its unit's
/// fields under its words and its restriction words, and nothing of another game's.
#[test]
fn completion_speaks_a_games_own_kinds() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let root = dir.path().canonicalize().expect("canonical");
    for file in crate::common::files(&crate::common::root().join("cards/emberfall"), "cards") {
        std::fs::copy(&file, root.join(file.file_name().unwrap())).expect("copy");
    }
    let heroes = root.join("heroes.cards");
    let gear = root.join("gear.cards");
    let text = std::fs::read_to_string(&heroes).unwrap();
    let typing = text.replacen("  calling: warrior\n", "  calling: warrior\n  ca\n", 1) + "\nhe";
    let mut s = Server::start();
    s.open(&heroes, &typing);
    s.diagnostics(&uri(&heroes));
    let foreign =
        ["ship", "chassis", "upgrade", "part", "blueprint", "species", "xws", "ship-icon", "standard-loadout"];

    // A new card: the game's kinds.
    let (labels, _) = completion(&mut s, &heroes, &typing, "\nhe");
    for kind in ["hero", "calling", "item", "spell"] {
        assert!(labels.iter().any(|l| l == kind), "{kind} in {labels:?}");
    }
    assert!(!labels.iter().any(|l| foreign.contains(&l.as_str())), "{labels:?}");

    // A hero's fields: its calling under the game's word, the game's stats.
    let (labels, _) = completion(&mut s, &heroes, &typing, "  ca");
    for field in ["calling", "cost", "faction", "upgrades", "traits", "valor"] {
        assert!(labels.iter().any(|l| l == field), "{field} in {labels:?}");
    }
    assert!(!labels.iter().any(|l| foreign.contains(&l.as_str()) || l == "formats"), "{labels:?}");

    // A restriction: the calling's word, not another game's tests.
    let text = std::fs::read_to_string(&gear).unwrap();
    let typing = text.replacen("requires: trait mounted", "requires: ", 1);
    s.open(&gear, &typing);
    s.diagnostics(&uri(&gear));
    let (labels, _) = completion(&mut s, &gear, &typing, "requires: ");
    for word in ["calling", "trait", "size", "faction", "not"] {
        assert!(labels.iter().any(|l| l == word), "{word} in {labels:?}");
    }
    // No `flagship` either: the game has no `flagship:` line, so no hero leads a warband.
    for word in ["chassis", "in-fleet", "ship-ability", "ship-icon", "flagship"] {
        assert!(!labels.iter().any(|l| l == word), "{word} in {labels:?}");
    }
    // At the start of a line of `game.cards`: a rule is the warband's, and no vocabulary
    // of another game's units.
    let game = root.join("game.cards");
    let typing_game = std::fs::read_to_string(&game).unwrap()
        + "
ru";
    s.open(&game, &typing_game);
    s.diagnostics(&uri(&game));
    let (line, column) = find(
        &typing_game,
        "
ru",
    );
    let params = json!({
        "textDocument": { "uri": uri(&game) },
        "position": { "line": line + 1, "character": column + 2 },
        "context": { "triggerKind": 1 },
    });
    let items = s.request("textDocument/completion", params);
    let items = items.as_array().cloned().unwrap_or_default();
    let detail = |label: &str| items.iter().find(|i| i["label"] == label).map(|i| i["detail"].clone());
    assert_eq!(detail("rule"), Some(json!("warband rule")), "{items:?}");
    assert_eq!(detail("ship-icon"), None, "{items:?}");
    assert!(items.iter().all(|i| foreign_words(&i.to_string()).is_empty()), "{items:?}");
    // After it, the callings.
    let typing = text.replacen("requires: trait mounted", "requires: calling ", 1);
    s.open(&gear, &typing);
    s.diagnostics(&uri(&gear));
    let (labels, _) = completion(&mut s, &gear, &typing, "requires: calling ");
    assert_eq!(labels, ["warrior", "mystic", "rider"]);

    // Hover and definition speak the game's words too: a hero's calling, and the field
    // that names it.
    let text = std::fs::read_to_string(&heroes).unwrap();
    s.open(&heroes, &text);
    s.diagnostics(&uri(&heroes));
    let (line, column) = find(&text, "  calling: warrior");
    let hover = s.at("textDocument/hover", &heroes, line, column + 12);
    let shown = hover["contents"]["value"].as_str().unwrap_or_default();
    assert!(shown.starts_with("**Warrior** · calling `warrior`"), "{shown}");
    let hover = s.at("textDocument/hover", &heroes, line, column + 3);
    let shown = hover["contents"]["value"].as_str().unwrap_or_default();
    assert_eq!(shown, "`calling`: a field of heroes");
    let definition = s.at("textDocument/definition", &heroes, line, column + 12);
    let (decl_line, _) = find(&text, "calling \"Warrior\"");
    assert_eq!(definition["range"]["start"]["line"], decl_line, "{definition}");

    // A card's kind: what the game declares it to be, where, and every card of it.
    let (line, column) = find(&text, "hero \"Sir Caldric Vane\"");
    let hover = s.at("textDocument/hover", &heroes, line, column + 1);
    let shown = hover["contents"]["value"].as_str().unwrap_or_default();
    assert_eq!(
        shown,
        "**Hero** (plural Heroes) · kind `hero`, a `unit`: carries an upgrade bar and makes up a list\n\n6 heroes in this set."
    );
    let definition = s.at("textDocument/definition", &heroes, line, column + 1);
    assert!(definition["uri"].as_str().is_some_and(|u| u.ends_with("game.cards")), "{definition}");
    let game = std::fs::read_to_string(root.join("game.cards")).unwrap();
    assert_eq!(definition["range"]["start"]["line"], find(&game, "kind hero").0, "{definition}");
    let references = s.at("textDocument/references", &heroes, line, column + 1);
    assert_eq!(references.as_array().map(Vec::len), Some(7), "the declaration and 6 heroes: {references}");
    // What the game declares for ability text is used by it: four abilities are under
    // `Cast:`, and four name a fury token (gear.cards three times, heroes.cards once).
    let game = root.join("game.cards");
    let game_text = std::fs::read_to_string(&game).unwrap();
    s.open(&game, &game_text);
    for (written, used) in
        [("header cast", "used by ability text 4 times"), ("token fury", "used by ability text 4 times")]
    {
        let (line, column) = find(&game_text, written);
        let word = written.split(' ').nth(1).unwrap();
        let hover = s.at("textDocument/hover", &game, line, column + written.len() as u32 - word.len() as u32 + 1);
        let shown = hover["contents"]["value"].as_str().unwrap_or_default();
        assert!(shown.ends_with(&format!("{used} in this set.")), "{written}: {shown}");
    }
    // An upgrade kind: `an`, before a vowel.
    let gear = root.join("gear.cards");
    let gear_text = std::fs::read_to_string(&gear).unwrap();
    s.open(&gear, &gear_text);
    let (line, column) = find(&gear_text, "item \"Emberforged Blade\"");
    let hover = s.at("textDocument/hover", &gear, line, column + 1);
    let shown = hover["contents"]["value"].as_str().unwrap_or_default();
    assert!(shown.starts_with("**Item** (plural Items) · kind `item`, an `upgrade`: "), "{shown}");
    s.stop();
}

/// A game's `distance` line: completion offers the keyword in `game.cards` where it offers
/// `roster`, and hovering the line's word says what ability text measures in it.
#[test]
fn the_distance_line_is_offered_and_hovered() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let root = dir.path().canonicalize().expect("canonical");
    for file in crate::common::files(&crate::common::root().join("cards/emberfall"), "cards") {
        std::fs::copy(&file, root.join(file.file_name().unwrap())).expect("copy");
    }
    let game = root.join("game.cards");
    let text = std::fs::read_to_string(&game).unwrap();
    // Half typed where the line stands (no other `dist` comes before it).
    let typing = text.replacen("distance space \"Space\" \"Spaces\" adjacent 1", "dist", 1);
    let mut s = Server::start();
    s.open(&game, &typing);
    s.diagnostics(&uri(&game));
    let (labels, _) = completion(&mut s, &game, &typing, "dist");
    for word in ["distance", "roster", "kind"] {
        assert!(labels.iter().any(|l| l == word), "{word} in {labels:?}");
    }

    s.open(&game, &text);
    s.diagnostics(&uri(&game));
    let (line, column) = find(&text, "distance space");
    let hover = s.at("textDocument/hover", &game, line, column + "distance ".len() as u32 + 1);
    let shown = hover["contents"]["value"].as_str().unwrap_or_default();
    assert_eq!(
        shown,
        "**Space** (plural Spaces) · distance `space`: ability text measures `within N spaces`; `adjacent` is 1 space."
    );
    // Go to definition leads to the line itself.
    let definition = s.at("textDocument/definition", &game, line, column + 10);
    assert_eq!(definition["range"]["start"]["line"], line, "{definition}");
    s.stop();
}

/// A game's `verb` line: completion offers the keyword in `game.cards` where it offers
/// `distance`, hovering a verb says its forms and how ability text reads it, and go to
/// definition leads to the verb.
#[test]
fn the_verb_line_is_offered_and_hovered() {
    const DISTANCE: &str = "distance space \"Space\" \"Spaces\" adjacent 1";
    let dir = tempfile::tempdir().expect("a temporary folder");
    let root = dir.path().canonicalize().expect("canonical");
    for file in crate::common::files(&crate::common::root().join("cards/emberfall"), "cards") {
        std::fs::copy(&file, root.join(file.file_name().unwrap())).expect("copy");
    }
    let game = root.join("game.cards");
    let shipped = std::fs::read_to_string(&game).unwrap();
    // Half typed on the line after the distance.
    let typing = shipped.replacen(DISTANCE, &format!("{DISTANCE}\nver"), 1);
    let mut s = Server::start();
    s.open(&game, &typing);
    s.diagnostics(&uri(&game));
    let (line, _) = find(&typing, DISTANCE);
    let params = json!({
        "textDocument": { "uri": uri(&game) },
        "position": { "line": line + 1, "character": 3 },
        "context": { "triggerKind": 1 },
    });
    let answer = s.request("textDocument/completion", params);
    let labels: Vec<&str> = answer.as_array().into_iter().flatten().filter_map(|i| i["label"].as_str()).collect();
    for word in ["verb", "distance", "roster"] {
        assert!(labels.contains(&word), "{word} in {labels:?}");
    }

    let text = shipped.replacen(DISTANCE, &format!("{DISTANCE}\nverb heal, push\nverb cast \"casts\" \"cast\""), 1);
    s.open(&game, &text);
    s.diagnostics(&uri(&game));
    let hover_at = |s: &mut Server, needle: &str| {
        let (line, column) = find(&text, needle);
        let hover = s.at("textDocument/hover", &game, line, column + "verb ".len() as u32 + 1);
        hover["contents"]["value"].as_str().unwrap_or_default().to_string()
    };
    assert_eq!(
        hover_at(&mut s, "verb heal"),
        "verb `heal` (heals, healed): ability text reads `heal N <thing>`; the game carries it out."
    );
    assert_eq!(
        hover_at(&mut s, "verb cast"),
        "verb `cast` (casts, cast): ability text reads `cast N <thing>`; the game carries it out."
    );
    // Go to definition leads to the verb: `push`, on the line after the distance.
    let (line, column) = find(&text, "push");
    let definition = s.at("textDocument/definition", &game, line, column + 1);
    assert_eq!(definition["range"]["start"], json!({ "line": line, "character": column }), "{definition}");
    assert_eq!(definition["range"]["end"], json!({ "line": line, "character": column + 4 }), "{definition}");
    s.stop();
}

#[test]
fn a_release_line_is_offered_and_a_cards_hover_shows_its_history() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let root = dir.path().canonicalize().expect("canonical");
    let files = crate::releases::files();
    for (name, text) in &files {
        std::fs::write(root.join(name), text).expect("write the set");
    }
    let text = |name: &str| files.iter().find(|(n, _)| n == name).map(|(_, t)| t.clone()).unwrap();
    let (game, upgrades) = (root.join("game.cards"), root.join("upgrades.cards"));
    let mut s = Server::start();
    // Half typed at the end of game.cards.
    let typing = format!("{}rel", text("game.cards"));
    s.open(&game, &typing);
    s.diagnostics(&uri(&game));
    let line = typing.lines().count() as u32 - 1;
    let params = json!({
        "textDocument": { "uri": uri(&game) },
        "position": { "line": line, "character": 3 },
        "context": { "triggerKind": 1 },
    });
    let answer = s.request("textDocument/completion", params);
    let labels: Vec<&str> = answer.as_array().into_iter().flatten().filter_map(|i| i["label"].as_str()).collect();
    assert!(labels.contains(&"release"), "{labels:?}");
    s.open(&game, &text("game.cards"));

    let upgrades_text = text("upgrades.cards");
    s.open(&upgrades, &upgrades_text);
    let errors: Vec<Value> = s.diagnostics(&uri(&upgrades)).into_iter().filter(|d| d["severity"] == 1).collect();
    assert_eq!(errors, Vec::<Value>::new());
    let (line, column) = find(&upgrades_text, "\"Jyn Erso\"");
    let hover = s.at("textDocument/hover", &upgrades, line, column + 2);
    let shown = hover["contents"]["value"].as_str().unwrap_or_default();
    // Written from the card: it came in wave 2, the points of January made it 4, the
    // erratum 3 and changed its text.
    let history = "History:\n- came out in `wave-2` (2018-12-13)\n- `points-2019` (2019-01-04): points 2 → 4\n\
                   - `errata-2019` (2019-03-25): points 4 → 3, text";
    assert!(shown.ends_with(history), "{shown}");
    // After `since:`, the set's releases.
    let typing = upgrades_text.replacen("  since: wave-2", "  since: ", 1);
    s.open(&upgrades, &typing);
    s.diagnostics(&uri(&upgrades));
    let (labels, _) = completion(&mut s, &upgrades, &typing, "  since: ");
    assert_eq!(labels, ["core", "wave-2", "points-2019", "errata-2019"], "in the order of their dates");
}

/// The words of another game in `text`: `ship`, `ships`, `chassis`, `fleet`, `fleets`,
/// whole words in any case.
fn foreign_words(text: &str) -> Vec<String> {
    text.split(|c: char| !(c.is_alphanumeric() || c == '-'))
        .map(str::to_lowercase)
        .filter(|w| matches!(w.as_str(), "ship" | "ships" | "chassis" | "fleet" | "fleets"))
        .collect()
}

/// The card under the cursor as a self-contained SVG (`cardc/cardSvg`), for a preview.
#[test]
fn the_card_under_the_cursor_is_drawn_self_contained() {
    let (_dir, _game, ships) = set();
    let mut s = Server::start();
    s.open(&ships, SHIPS);
    assert_eq!(s.diagnostics(&uri(&ships)), Vec::<Value>::new());
    let (line, column) = find(SHIPS, "cost: 6");
    let luke = s.at("cardc/cardSvg", &ships, line, column + 2);
    // `Luke Skywalker` has no `as` id: its id is its name in kebab-case.
    assert_eq!(luke["id"], "luke-skywalker", "{luke}");
    assert_eq!(luke["name"], "Luke Skywalker");
    // Its range is the whole card: from `ship` to its closing brace.
    let (first, _) = find(SHIPS, "ship \"Luke Skywalker\"");
    let last = SHIPS.lines().count() as u32 - 1;
    assert_eq!(luke["range"]["start"], json!({ "line": first, "character": 0 }), "{}", luke["range"]);
    assert_eq!(luke["range"]["end"], json!({ "line": last, "character": 1 }), "{}", luke["range"]);
    let svg = luke["svg"].as_str().expect("an SVG");
    assert_self_contained(svg, "luke-skywalker");
    // Its text, as outlines: no glyph is left for a font the viewer may not have.
    assert!(svg.contains("<path"), "no outline in the card");

    // In the chassis card, on its first line: that card.
    let (line, column) = find(SHIPS, "chassis \"T-65");
    let chassis = s.at("cardc/cardSvg", &ships, line, column);
    assert_eq!(chassis["id"], "x-wing", "{chassis}");
    assert_self_contained(chassis["svg"].as_str().unwrap_or_default(), "x-wing");

    // Between the two cards, past the end of the file, in a file the server does not know:
    // no card.
    let (blank, _) = find(SHIPS, "\n\nship");
    assert!(s.at("cardc/cardSvg", &ships, blank + 1, 0).is_null());
    assert!(s.at("cardc/cardSvg", &ships, 999, 999).is_null());
    let stranger = ships.with_file_name("elsewhere").join("x.cards");
    assert!(s.at("cardc/cardSvg", &stranger, 0, 0).is_null());
    let bad = s.request("cardc/cardSvg", json!({ "textDocument": {} }));
    assert_eq!(bad["error"]["code"], -32602, "{bad}");

    // A card with a mistake is still drawn from what could be read of it, as it is typed.
    let broken = SHIPS.replace("  faction: rebel\n  cost: 6", "  faction: rebels\n  cost: 6");
    s.change(&ships, 2, &broken);
    let (line, column) = find(&broken, "cost: 6");
    let drawn = s.at("cardc/cardSvg", &ships, line, column);
    assert_eq!(drawn["id"], "luke-skywalker", "{drawn}");
    // A file that does not parse: no panic, and the server goes on answering.
    let garbage = "ship \"Luke Skywalker\" {\n  cost: {{{ \"\n";
    s.change(&ships, 3, garbage);
    let answer = s.at("cardc/cardSvg", &ships, 1, 3);
    assert!(answer.is_null() || answer["svg"].is_string(), "{answer}");
    s.change(&ships, 4, SHIPS);
    let (line, column) = find(SHIPS, "cost: 6");
    assert_eq!(s.at("cardc/cardSvg", &ships, line, column)["id"], "luke-skywalker");
    s.stop();
}

/// What a webview and an `<img>` need of a preview: a card-sized SVG that usvg reads, that
/// names the card `id`, and that loads nothing: its text is outlines, its only links are to
/// itself or `data:`.
fn assert_self_contained(svg: &str, id: &str) {
    let head = svg.split_inclusive('>').next().unwrap_or_default();
    assert!(head.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 63 88\""), "{head}");
    assert!(head.contains(" width=\"63mm\" height=\"88mm\""), "{head}");
    let doc = roxmltree::Document::parse(svg).expect("well-formed XML");
    assert_eq!(doc.root_element().attribute("data-card"), Some(id));
    for node in doc.descendants().filter(|n| n.is_element()) {
        assert_ne!(node.tag_name().name(), "text", "text left as text needs a font");
        for attr in node.attributes().filter(|a| a.name() == "href") {
            assert!(attr.value().starts_with('#') || attr.value().starts_with("data:"), "{}", attr.value());
        }
    }
    assert!(!svg.contains("url(../fonts") && !svg.contains("@font-face"), "a font is loaded from outside");
    let tree = usvg::Tree::from_str(svg, &usvg::Options::default()).expect("usvg reads it");
    // 63 × 88 mm at 96 dpi, as usvg sizes a document in millimetres.
    assert!((tree.size().width() - 63.0 / 25.4 * 96.0).abs() < 0.01, "{:?}", tree.size());
    assert!((tree.size().height() - 88.0 / 25.4 * 96.0).abs() < 0.01, "{:?}", tree.size());
}

/// A client that shows pictures in hovers gets a card's picture in the hover of its name;
/// a hover elsewhere, and a client that did not ask, get none.
#[test]
fn a_cards_hover_shows_it_small_to_a_client_that_shows_pictures() {
    let (_dir, _game, ships) = set();
    let mut s = Server::start_with(json!({ "hoverImages": true }));
    s.open(&ships, SHIPS);
    assert_eq!(s.diagnostics(&uri(&ships)), Vec::<Value>::new());
    let (line, column) = find(SHIPS, "Luke Skywalker");
    let hover = s.at("textDocument/hover", &ships, line, column + 3);
    let shown = hover["contents"]["value"].as_str().unwrap_or_default();
    assert!(shown.starts_with("**Luke Skywalker** · ship `luke-skywalker`\n\n![Luke Skywalker](data:image/png;base64,"));
    let data = shown.split("data:image/png;base64,").nth(1).and_then(|d| d.split(')').next()).unwrap_or_default();
    use base64::Engine as _;
    let png = base64::engine::general_purpose::STANDARD.decode(data).expect("base64");
    // A PNG 200 pixels wide, a poker card's height for it: 88 / 63 × 200 = 279.4.
    assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
    let be = |at: usize| u32::from_be_bytes([png[at], png[at + 1], png[at + 2], png[at + 3]]);
    assert_eq!((be(16), be(20)), (200, 279));
    // The card's source follows, as before.
    assert!(shown.contains("```cards\nship \"Luke Skywalker\" {"), "{shown}");
    println!("hover of `Luke Skywalker`: {} bytes (its PNG {} bytes)", shown.len(), png.len());

    // A reference to a card shows that card.
    let (line, column) = find(SHIPS, "chassis: x-wing");
    let shown = s.at("textDocument/hover", &ships, line, column + 10)["contents"]["value"].clone();
    assert!(shown.as_str().unwrap_or_default().contains("![T-65 X-wing](data:image/png;base64,"), "{shown}");
    // Ability text and a vocabulary entry: no picture.
    for needle in ["you may gain", "[Boost]"] {
        let (line, column) = find(SHIPS, needle);
        let shown = s.at("textDocument/hover", &ships, line, column + 2)["contents"]["value"].clone();
        assert!(shown.is_string() && !shown.as_str().unwrap_or_default().contains("data:"), "{shown}");
    }
    s.stop();

    // A client that did not say it shows pictures: the hover it had.
    let mut s = Server::start();
    s.open(&ships, SHIPS);
    assert_eq!(s.diagnostics(&uri(&ships)), Vec::<Value>::new());
    let (line, column) = find(SHIPS, "Luke Skywalker");
    let shown = s.at("textDocument/hover", &ships, line, column + 3)["contents"]["value"].clone();
    let shown = shown.as_str().unwrap_or_default();
    assert!(shown.starts_with("**Luke Skywalker** · ship `luke-skywalker`\n\n```cards\n"), "{shown}");
    s.stop();
}
