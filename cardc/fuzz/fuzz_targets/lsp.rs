//! The language server (`cardc::lsp::serve`), driven in process over an in-memory
//! connection: the handshake, then a sequence of edits and requests decoded from the
//! input, then shutdown. Nothing may panic; the server answers every request it can read,
//! each answer has the shape its request's result has in the protocol, and every range it
//! sends (in answers and in published diagnostics) lies inside the text of its document
//! as the server saw it then, on whole UTF-16 characters, with its start before its end.
//!
//! The input is records separated by a zero byte. A record's first byte is the operation,
//! the second the document (one of [`DOCS`]), then for operations at a place one or two
//! positions (line and UTF-16 character, two bytes each, little-endian), then text: the
//! document's text for `open`, the text put in place of the range for `change` (the target
//! keeps the document and sends its whole new text, the sync the server asks for), the
//! query of a workspace symbol search, the parameters of a raw request.
//!
//! Documents are edited in set folders whose `game.cards` on disk is a conformance game's
//! (`set/` X-Wing's, `armada/`, `eclipse/`) and in a folder with no game (`other/`); an
//! open `game.cards` buffer wins over the disk's, as in an editor. Once per process the
//! target reads those sets, and each conformance file opened in its game's folder; every
//! session starts from what was read ([`cardc::lsp::analysis::Caches::over`]), so the
//! items and sentences it reads are those no conformance set prints. On start, when
//! `CARDC_FUZZ_SEEDS` names a folder, seeds are written there: each conformance file in
//! pieces of a few items, opened in its game's folder, asked about at four places, edited
//! and asked again (the first piece of each game formatted before and after the edit as
//! well). A formatting answer must be
//! what `cardc fmt` gives over what was read when the process started (the server keeps
//! each document's items from one edit to the next).

#![no_main]

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::rc::Rc;
use std::sync::LazyLock;

use libfuzzer_sys::fuzz_target;
use lsp_server::{Connection, Message, Notification, Request, RequestId, Response};
use lsp_types::{
    CodeActionResponse, CompletionResponse, DocumentSymbolResponse, GotoDefinitionResponse, Hover, Location, Position,
    PublishDiagnosticsParams, Range, TextEdit, Url, WorkspaceSymbolResponse,
};
use serde_json::{json, Value};

/// The folder the target works in: a set folder a game (`set/` with X-Wing's `game.cards`,
/// `armada/` and `eclipse/` with theirs), `other/` (no game), and the cache folder the
/// server writes the explanations of codes to.
static ROOT: LazyLock<PathBuf> = LazyLock::new(|| {
    let root = std::env::temp_dir().join(format!("cardc-fuzz-lsp-{}", std::process::id()));
    for dir in ["other", "cache"].into_iter().chain(cardc_fuzz::GAMES.map(folder_of)) {
        std::fs::create_dir_all(root.join(dir)).unwrap_or_else(|e| panic!("{}: {e}", root.display()));
    }
    for game in cardc_fuzz::GAMES {
        let from = cardc_fuzz::shared_dir().join("examples").join(game).join("game.cards");
        let text = std::fs::read_to_string(&from).unwrap_or_else(|e| panic!("{}: {e}", from.display()));
        let to = root.join(folder_of(game)).join("game.cards");
        std::fs::write(&to, text).unwrap_or_else(|e| panic!("{}: {e}", to.display()));
    }
    root
});

/// The set folder of a conformance game in [`ROOT`]: X-Wing's is `set`.
fn folder_of(game: &str) -> &str {
    if game == "xwing" {
        "set"
    } else {
        game
    }
}

/// The documents an input edits, relative to [`ROOT`].
const DOCS: [&str; 8] = [
    "set/game.cards",
    "set/a.cards",
    "set/b.cards",
    "other/c.cards",
    "armada/game.cards",
    "armada/a.cards",
    "eclipse/game.cards",
    "eclipse/a.cards",
];

/// The index in [`DOCS`] of a document of `game`'s folder (`game.cards` or `a.cards`).
fn doc_of(game: &str, file: &str) -> usize {
    let path = format!("{}/{file}", folder_of(game));
    DOCS.iter().position(|d| *d == path).unwrap_or(1)
}

/// What an operation is, from a record's first byte.
#[derive(Clone, Copy, PartialEq)]
enum Op {
    Open,
    Change,
    Close,
    Save,
    Hover,
    Completion,
    Definition,
    References,
    Formatting,
    Symbols,
    WorkspaceSymbols,
    CodeActions,
    Raw,
}

const OPS: [Op; 13] = [
    Op::Open,
    Op::Change,
    Op::Close,
    Op::Save,
    Op::Hover,
    Op::Completion,
    Op::Definition,
    Op::References,
    Op::Formatting,
    Op::Symbols,
    Op::WorkspaceSymbols,
    Op::CodeActions,
    Op::Raw,
];

impl Op {
    /// How many positions follow the document byte.
    fn positions(self) -> usize {
        match self {
            Op::Change | Op::CodeActions => 2,
            Op::Hover | Op::Completion | Op::Definition | Op::References => 1,
            _ => 0,
        }
    }

    /// The request's method, for the operations that are requests.
    fn method(self) -> Option<&'static str> {
        Some(match self {
            Op::Hover => "textDocument/hover",
            Op::Completion => "textDocument/completion",
            Op::Definition => "textDocument/definition",
            Op::References => "textDocument/references",
            Op::Formatting => "textDocument/formatting",
            Op::Symbols => "textDocument/documentSymbol",
            Op::WorkspaceSymbols => "workspace/symbol",
            Op::CodeActions => "textDocument/codeAction",
            _ => return None,
        })
    }
}

/// Methods a raw request names: the server's own, and one it does not answer.
const RAW_METHODS: [&str; 10] = [
    "textDocument/hover",
    "textDocument/completion",
    "textDocument/definition",
    "textDocument/references",
    "textDocument/formatting",
    "textDocument/documentSymbol",
    "workspace/symbol",
    "textDocument/codeAction",
    "textDocument/semanticTokens/full",
    "textDocument/didOpen",
];

/// One decoded record.
struct Record {
    op: Op,
    doc: usize,
    positions: Vec<Position>,
    text: String,
}

/// Decodes a record; `None` when it is too short for its operation.
fn record(bytes: &[u8]) -> Option<Record> {
    let op = OPS[usize::from(*bytes.first()?) % OPS.len()];
    let doc = usize::from(*bytes.get(1)?) % DOCS.len();
    let mut rest = &bytes[2..];
    let mut positions = Vec::new();
    for _ in 0..op.positions() {
        let (p, after) = rest.split_first_chunk::<4>()?;
        positions.push(Position {
            line: u32::from(u16::from_le_bytes([p[0], p[1]])),
            character: u32::from(u16::from_le_bytes([p[2], p[3]])),
        });
        rest = after;
    }
    Some(Record { op, doc, positions, text: String::from_utf8_lossy(rest).into_owned() })
}

/// Encodes a record (for the seeds).
fn encode(op: Op, doc: usize, positions: &[Position], text: &str) -> Vec<u8> {
    let mut out = vec![OPS.iter().position(|o| *o == op).unwrap_or(0) as u8, doc as u8];
    for p in positions {
        out.extend((p.line as u16).to_le_bytes());
        out.extend((p.character as u16).to_le_bytes());
    }
    out.extend(text.bytes().filter(|b| *b != 0));
    out
}

/// The byte offset of `p` in `text`, as a client computes it: lines end at `\n`; past a
/// line's end is its end, past the last line the text's end; inside a character, its start.
fn offset(text: &str, p: Position) -> usize {
    let mut start = 0;
    for _ in 0..p.line {
        match text[start..].find('\n') {
            Some(i) => start += i + 1,
            None => return text.len(),
        }
    }
    let line = &text[start..text[start..].find('\n').map_or(text.len(), |i| start + i)];
    let mut units = 0;
    for (i, c) in line.char_indices() {
        units += c.len_utf16();
        if units > p.character as usize {
            return start + i;
        }
    }
    start + line.len()
}

/// Whether `p` names a place in `text`: an existing line, a UTF-16 column within it
/// (its end included) that does not split a character.
fn valid_position(text: &str, p: Position) -> bool {
    let Some(line) = text.split('\n').nth(p.line as usize) else { return false };
    let mut units = 0;
    for c in line.chars() {
        if units == p.character as usize {
            return true;
        }
        units += c.len_utf16();
    }
    units == p.character as usize
}

/// Asserts that `range` lies in `text` on whole characters, its start before its end.
fn assert_range(text: &str, range: Range, what: &str) {
    assert!(
        valid_position(text, range.start) && valid_position(text, range.end),
        "{what}: {range:?} is not inside its document of {} lines",
        text.split('\n').count()
    );
    let (s, e) = (range.start, range.end);
    assert!((s.line, s.character) <= (e.line, e.character), "{what}: {range:?} ends before it starts");
}

/// Whether `inner` lies within `outer`.
fn contains(outer: Range, inner: Range) -> bool {
    let key = |p: Position| (p.line, p.character);
    key(outer.start) <= key(inner.start) && key(inner.end) <= key(outer.end)
}

/// The texts of the documents as the server sees them at one moment: open buffers over
/// the disk.
#[derive(Clone, Default)]
struct Texts {
    open: HashMap<PathBuf, Rc<str>>,
}

impl Texts {
    /// The text of the file at `uri` then; `None` for a file neither open nor on disk.
    fn of(&self, uri: &Url) -> Option<Rc<str>> {
        let path = uri.to_file_path().ok()?;
        if let Some(text) = self.open.get(&path) {
            return Some(text.clone());
        }
        GAMES_ON_DISK.get(&path).map(|text| text.as_str().into())
    }

    fn assert_location(&self, l: &Location, what: &str) {
        let text = self.of(&l.uri).unwrap_or_else(|| panic!("{what}: {} is no document", l.uri));
        assert_range(&text, l.range, what);
    }
}

/// The files on disk, each set folder's `game.cards`, read once.
static GAMES_ON_DISK: LazyLock<HashMap<PathBuf, String>> = LazyLock::new(|| {
    cardc_fuzz::GAMES
        .iter()
        .map(|game| {
            let path = ROOT.join(folder_of(game)).join("game.cards");
            let text = std::fs::read_to_string(&path).unwrap_or_default();
            (path, text)
        })
        .collect()
});

thread_local! {
    /// What every session starts from, read once per process (as the `check` target parses
    /// its game once): each game's set folder on disk, and each conformance card file
    /// opened in its game's folder as the seeds open it, so that a session reads again only
    /// the files and sentences its input changed. Every session starts from the same state,
    /// so an input runs the same each time. (A thread's own: the caches are not `Sync`.)
    static READ: cardc::lsp::analysis::Read = {
        use cardc::lsp::analysis::{Analysis, Caches};
        // Each analysis starts over what the ones before it read, so the last holds them all.
        let analyse = |set: &Path, open: HashMap<PathBuf, std::sync::Arc<str>>, read: cardc::lsp::analysis::Read| {
            let mut cache = Caches::over(&read);
            if let Err(e) = Analysis::of_set(set, &open, &mut cache) {
                panic!("{}: {e}", set.display());
            }
            cache.freeze()
        };
        let mut read = Caches::default().freeze();
        // X-Wing's last: the abilities kept lowered are those of its game.
        for game in cardc_fuzz::GAMES.iter().rev() {
            let set = ROOT.join(folder_of(game));
            let folder = cardc_fuzz::shared_dir().join("examples").join(game);
            for (name, text) in card_files(&folder) {
                let doc = DOCS[doc_of(game, if name == "game" { "game.cards" } else { "a.cards" })];
                read = analyse(&set, HashMap::from([(ROOT.join(doc), text.into())]), read);
            }
            // Then the set on disk as it is, so that its game's tree is the disk's.
            read = analyse(&set, HashMap::new(), read);
        }
        read
    };
}

/// The `.cards` files of a conformance set's folder, by name, with their texts.
fn card_files(folder: &Path) -> Vec<(String, String)> {
    let Ok(paths) = cardc::source::card_files(folder) else { return Vec::new() };
    paths
        .into_iter()
        .filter_map(|p| {
            let name = p.file_stem()?.to_string_lossy().into_owned();
            Some((name, std::fs::read_to_string(&p).ok()?))
        })
        .collect()
}

fn uri(path: &Path) -> Url {
    Url::from_file_path(path).unwrap_or_else(|()| panic!("{} is no file URI", path.display()))
}

/// The requests sent, by id: the operation, the document, and the texts of the documents
/// as the server sees them when it answers.
type Sent = HashMap<RequestId, (Op, Url, Texts)>;

/// Turns the input into the messages a client sends, with the texts each request is
/// answered over (by request id).
fn messages(data: &[u8]) -> (Vec<Message>, Sent) {
    let mut out = vec![
        Message::Request(Request::new(0.into(), "initialize".into(), json!({"capabilities": {}}))),
        Message::Notification(Notification::new("initialized".into(), json!({}))),
    ];
    let mut texts = Texts::default();
    let mut requests = HashMap::new();
    let mut next = 1;
    for bytes in data.split(|b| *b == 0) {
        let Some(r) = record(bytes) else { continue };
        let path = ROOT.join(DOCS[r.doc]);
        let uri = uri(&path);
        let doc = json!({"uri": uri});
        let at = |i: usize| json!({"textDocument": doc.clone(), "position": r.positions[i]});
        let notification =
            |method: &str, params: Value| Message::Notification(Notification::new(method.into(), params));
        let params = match r.op {
            Op::Open => {
                texts.open.insert(path, r.text.as_str().into());
                let item = json!({"uri": uri, "languageId": "cards", "version": next, "text": r.text});
                out.push(notification("textDocument/didOpen", json!({"textDocument": item})));
                continue;
            }
            Op::Change => {
                let old = texts.of(&uri).unwrap_or_default();
                let (a, b) = (offset(&old, r.positions[0]), offset(&old, r.positions[1]));
                let (a, b) = (a.min(b), a.max(b));
                let new = format!("{}{}{}", &old[..a], r.text, &old[b..]);
                let versioned = json!({"uri": uri, "version": next});
                out.push(notification(
                    "textDocument/didChange",
                    json!({"textDocument": versioned, "contentChanges": [{"text": new}]}),
                ));
                texts.open.insert(path, new.into());
                continue;
            }
            Op::Close => {
                texts.open.remove(&path);
                out.push(notification("textDocument/didClose", json!({"textDocument": doc})));
                continue;
            }
            Op::Save => {
                out.push(notification("textDocument/didSave", json!({"textDocument": doc})));
                continue;
            }
            Op::Hover | Op::Definition => at(0),
            Op::Completion => {
                let mut p = at(0);
                p["context"] = json!({"triggerKind": 1});
                p
            }
            Op::References => {
                let mut p = at(0);
                p["context"] = json!({"includeDeclaration": r.text.len() % 2 == 0});
                p
            }
            Op::Formatting => json!({"textDocument": doc, "options": {"tabSize": 4, "insertSpaces": true}}),
            Op::Symbols => json!({"textDocument": doc}),
            Op::WorkspaceSymbols => json!({"query": r.text}),
            Op::CodeActions => {
                let only = if r.text.is_empty() { json!(null) } else { json!([r.text]) };
                let range = Range { start: r.positions[0], end: r.positions[1] };
                json!({"textDocument": doc, "range": range, "context": {"diagnostics": [], "only": only}})
            }
            Op::Raw => {
                let method = RAW_METHODS[(r.doc * 3 + r.text.len() % 3) % RAW_METHODS.len()];
                let params = serde_json::from_str(&r.text).unwrap_or(Value::String(r.text.clone()));
                out.push(Message::Request(Request::new(next.into(), method.into(), params)));
                requests.insert(RequestId::from(next), (r.op, uri, texts.clone()));
                next += 1;
                continue;
            }
        };
        let method = r.op.method().unwrap_or_default();
        out.push(Message::Request(Request::new(next.into(), method.into(), params)));
        requests.insert(RequestId::from(next), (r.op, uri, texts.clone()));
        next += 1;
    }
    out.push(Message::Request(Request::new(next.into(), "shutdown".into(), json!(null))));
    out.push(Message::Notification(Notification::new("exit".into(), json!(null))));
    (out, requests)
}

/// Reads a result as `T`, the type the protocol gives it.
fn shape<T: serde::de::DeserializeOwned>(value: Value, what: &str) -> T {
    T::deserialize(&value).unwrap_or_else(|e| panic!("{what}: {e}: {value}"))
}

/// Checks the answer to a request over the texts it was asked over.
fn check_response(response: Response, op: Op, doc: &Url, texts: &Texts) {
    let what = format!("{} #{:?}", op.method().unwrap_or("raw request"), response.id);
    let result = match (response.result, response.error) {
        (_, Some(e)) => {
            assert!(op == Op::Raw, "{what}: answered with an error: {} {}", e.code, e.message);
            return;
        }
        (Some(result), None) => result,
        (None, None) => panic!("{what}: neither a result nor an error"),
    };
    let text = || texts.of(doc).unwrap_or_else(|| panic!("{what}: its document has no text"));
    match op {
        Op::Hover => {
            if let Some(h) = shape::<Option<Hover>>(result, &what).and_then(|h| h.range) {
                assert_range(&text(), h, &what);
            }
        }
        Op::Completion => {
            let items = match shape::<Option<CompletionResponse>>(result, &what) {
                Some(CompletionResponse::Array(items)) => items,
                Some(CompletionResponse::List(list)) => list.items,
                None => Vec::new(),
            };
            for item in items {
                match item.text_edit {
                    Some(lsp_types::CompletionTextEdit::Edit(e)) => assert_range(&text(), e.range, &what),
                    Some(lsp_types::CompletionTextEdit::InsertAndReplace(e)) => {
                        assert_range(&text(), e.insert, &what);
                        assert_range(&text(), e.replace, &what);
                    }
                    None => {}
                }
            }
        }
        Op::Definition => match shape::<Option<GotoDefinitionResponse>>(result, &what) {
            Some(GotoDefinitionResponse::Scalar(l)) => texts.assert_location(&l, &what),
            Some(GotoDefinitionResponse::Array(ls)) => ls.iter().for_each(|l| texts.assert_location(l, &what)),
            Some(GotoDefinitionResponse::Link(links)) => {
                for l in links {
                    let target = texts.of(&l.target_uri).unwrap_or_else(|| panic!("{what}: no such document"));
                    assert_range(&target, l.target_range, &what);
                    assert_range(&target, l.target_selection_range, &what);
                }
            }
            None => {}
        },
        Op::References => {
            for l in shape::<Option<Vec<Location>>>(result, &what).unwrap_or_default() {
                texts.assert_location(&l, &what);
            }
        }
        Op::Formatting => {
            let answer = shape::<Option<Vec<TextEdit>>>(result, &what);
            // A document not open (`set/game.cards` on disk) has no answer.
            let Some(text) = doc.to_file_path().ok().and_then(|p| texts.open.get(&p).cloned()) else {
                assert!(answer.is_none(), "{what}: an answer for a document not open");
                return;
            };
            for e in answer.iter().flatten() {
                assert_range(&text, e.range, &what);
            }
            // What `cardc fmt` gives: the items the server kept from the document's earlier
            // parses and formattings change nothing. The reference formats over the items
            // read once when the process started ([`READ`], immutable since), which no
            // session's edits touch, so an item written as a conformance file writes it is
            // not read again for every answer (a format from nothing was 15% of the time).
            let formatted = READ.with(|read| cardc::format::format_reusing(&text, &read.items()).0.ok());
            match (answer.as_deref(), formatted.as_deref()) {
                (None, None) => {}
                (Some([]), Some(f)) => assert_eq!(f, &*text, "{what}: no edit, yet the text is not formatted"),
                (Some([e]), Some(f)) => assert_eq!(e.new_text, f, "{what}: not the text `cardc fmt` gives"),
                (a, f) => panic!("{what}: answered {a:?}, while `cardc fmt` gives {f:?}"),
            }
        }
        Op::Symbols => match shape::<Option<DocumentSymbolResponse>>(result, &what) {
            Some(DocumentSymbolResponse::Nested(symbols)) => check_symbols(&text(), &symbols, None, &what),
            Some(DocumentSymbolResponse::Flat(symbols)) => {
                symbols.iter().for_each(|s| texts.assert_location(&s.location, &what))
            }
            None => {}
        },
        Op::WorkspaceSymbols => match shape::<Option<WorkspaceSymbolResponse>>(result, &what) {
            Some(WorkspaceSymbolResponse::Flat(symbols)) => {
                symbols.iter().for_each(|s| texts.assert_location(&s.location, &what))
            }
            Some(WorkspaceSymbolResponse::Nested(symbols)) => {
                for s in symbols {
                    if let lsp_types::OneOf::Left(l) = s.location {
                        texts.assert_location(&l, &what);
                    }
                }
            }
            None => {}
        },
        Op::CodeActions => {
            for action in shape::<Option<CodeActionResponse>>(result, &what).unwrap_or_default() {
                let lsp_types::CodeActionOrCommand::CodeAction(action) = action else { continue };
                for (uri, edits) in action.edit.and_then(|e| e.changes).unwrap_or_default() {
                    let target = texts.of(&uri).unwrap_or_else(|| panic!("{what}: an edit of no document {uri}"));
                    edits.iter().for_each(|e| assert_range(&target, e.range, &what));
                }
            }
        }
        Op::Raw => {}
        Op::Open | Op::Change | Op::Close | Op::Save => panic!("{what}: an answer to a notification"),
    }
}

/// Checks document symbols: each range in the text, its selection range inside it, and
/// inside its parent's range.
fn check_symbols(text: &str, symbols: &[lsp_types::DocumentSymbol], parent: Option<Range>, what: &str) {
    for s in symbols {
        assert_range(text, s.range, what);
        assert_range(text, s.selection_range, what);
        assert!(
            contains(s.range, s.selection_range),
            "{what}: {}: selection {:?} outside {:?}",
            s.name,
            s.selection_range,
            s.range
        );
        if let Some(p) = parent {
            assert!(contains(p, s.range), "{what}: {}: {:?} outside its parent {p:?}", s.name, s.range);
        }
        check_symbols(text, s.children.as_deref().unwrap_or_default(), Some(s.range), what);
    }
}

/// Writes the seeds: each conformance file, in pieces of a few items, opened in its game's
/// set folder and asked about ([`seed`]).
fn write_seeds() {
    LazyLock::force(&ROOT);
    LazyLock::force(&GAMES_ON_DISK);
    READ.with(|_| ());
    // The explanations of codes go to the target's folder, not the user's cache.
    std::env::set_var("XDG_CACHE_HOME", ROOT.join("cache"));
    let Some(dir) = std::env::var_os("CARDC_FUZZ_SEEDS") else { return };
    let dir = PathBuf::from(dir);
    for game in cardc_fuzz::GAMES {
        let folder = cardc_fuzz::shared_dir().join("examples").join(game);
        for (i, (name, text)) in card_files(&folder).into_iter().enumerate() {
            let doc = doc_of(game, if name == "game" { "game.cards" } else { "a.cards" });
            for (j, piece) in pieces(&text, PIECE).into_iter().enumerate() {
                let seed = seed(doc, piece, i == 0 && j == 0);
                if let Err(e) = std::fs::write(dir.join(format!("{game}-{name}-{j}")), seed) {
                    eprintln!("cannot write a seed in {}: {e}", dir.display());
                }
            }
        }
    }
}

/// How long a seed's text is at most, unless one item is longer: inputs grow from their
/// seeds, and an execution costs what the text it checks costs to read (every item after a
/// `{` a mutation removed is read again, then formatted again for the reference). From an
/// empty corpus, 60 s each: seeds of whole files, each opened beside its game (up to
/// 4.8 KB), ran at 461 executions a second and reached 30,646 edges; pieces of 1 KB at
/// 1,051 and 1,008 (33,221 and 33,327 edges); of 700 bytes at 1,145 and 1,088 (33,619 and
/// 32,629 edges) (`fuzz/README.md`, Speed).
const PIECE: usize = 700;

/// `text` cut at blank lines into pieces of at most `max` bytes (a longer item alone).
fn pieces(text: &str, max: usize) -> Vec<&str> {
    let mut out = Vec::new();
    let mut start = 0;
    let mut end = 0;
    for (at, _) in text.match_indices("\n\n").chain(std::iter::once((text.len(), ""))) {
        if at - start > max && end > start {
            out.push(&text[start..end]);
            start = end;
        }
        end = (at + 2).min(text.len());
    }
    if start < text.len() {
        out.push(&text[start..]);
    }
    out
}

/// A seed: `text` opened as document `doc` (over the disk's `game.cards` when it is one),
/// asked about at four places over it, edited and asked again: two checks an execution.
/// The first piece of each game's first file is formatted as well, before and after the
/// edit (the server reads no item to format: the check read them all). Against seeds that
/// also asked for symbols, code actions, formatting, a second file and a close (four
/// checks, 17 requests), three 60 s runs each from an empty corpus: 439, 394 and 372
/// executions a second against 362, 369 and 385, reaching as many edges (26,000–31,000
/// either way).
fn seed(doc: usize, text: &str, format: bool) -> Vec<u8> {
    let mut records = vec![encode(Op::Open, doc, &[], text)];
    let lines = text.lines().count() as u32;
    let step = (lines / 4).max(1);
    for (i, line) in (0..lines).step_by(step as usize).enumerate() {
        let p = Position { line, character: (i as u32 * 5) % 24 };
        let op = [Op::Hover, Op::Definition, Op::Completion, Op::References][i % 4];
        records.push(encode(op, doc, &[p], if i % 2 == 0 { "" } else { "x" }));
    }
    if format {
        records.push(encode(Op::Formatting, doc, &[], ""));
    }
    records.push(encode(Op::Change, doc, &[Position::new(1, 2), Position::new(1, 6)], "cost: 99"));
    if format {
        records.push(encode(Op::Formatting, doc, &[], ""));
    }
    records.push(encode(Op::Hover, doc, &[Position::new(1, 3)], ""));
    records.join(&0u8)
}

fuzz_target!(init: write_seeds(), |data: &[u8]| {
    let (messages, requests) = messages(data);
    let (server, client) = Connection::memory();
    for m in messages {
        client.sender.send(m).unwrap_or_else(|e| panic!("the server's inbox is closed: {e}"));
    }
    if let Err(e) = cardc::lsp::serve_from(&server, READ.with(cardc::lsp::analysis::Caches::over)) {
        panic!("the server stopped: {e}");
    }
    drop(server);
    // Diagnostics published before an answer were checked over that request's texts.
    let replies: Vec<Message> = client.receiver.try_iter().collect();
    let mut pending: Vec<PublishDiagnosticsParams> = Vec::new();
    for m in replies {
        match m {
            Message::Notification(n) if n.method == "textDocument/publishDiagnostics" => {
                pending.push(shape(n.params, "publishDiagnostics"));
            }
            Message::Notification(n) => panic!("an unexpected notification {}", n.method),
            Message::Request(r) => panic!("an unexpected request {}", r.method),
            Message::Response(r) => {
                let Some((op, doc, texts)) = requests.get(&r.id) else { continue };
                for p in pending.drain(..).filter(|p| !p.diagnostics.is_empty()) {
                    let text = texts.of(&p.uri).unwrap_or_else(|| panic!("diagnostics for no document {}", p.uri));
                    for d in &p.diagnostics {
                        assert_range(&text, d.range, &format!("a diagnostic {:?}", d.code));
                        for related in d.related_information.iter().flatten() {
                            texts.assert_location(&related.location, "a diagnostic's related place");
                        }
                    }
                }
                check_response(r, *op, doc, texts);
            }
        }
    }
});
