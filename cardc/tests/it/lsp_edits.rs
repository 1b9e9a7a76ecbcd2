//! The language server under random edits and requests: whatever a document becomes while
//! it is typed (braces, brackets and quotes left open, text cut anywhere, characters of
//! several bytes, positions past the end), every request gets an answer and the server
//! keeps going. It runs in this process (`cardc::lsp::serve` on an in-memory connection),
//! so a panic fails the case with its message.
#![cfg(feature = "lsp")]

use std::time::Duration;

use lsp_server::{Connection, Message, Notification, Request, RequestId};
use proptest::prelude::*;
use serde_json::{json, Value};

const GAME: &str = "game xwing \"X-Wing\"\nfaction rebel \"Rebel Alliance\"\nsize small, large\n\
                    stat attack, agility, hull\nicon crew \"Crew\"\naction focus \"Focus\", boost \"Boost\"\n\
                    token focus \"focus\", evade \"evade\"\nresource charge \"Charge\"\nheader action \"Action\" optional\n";

const CARDS: &str = "chassis \"T-65 X-wing\" as x-wing {\n  faction: rebel\n  size: small\n  attack: 3  agility: 2  hull: 4\n  \
                     actions: focus, boost\n}\n\nship \"Luke Skywalker\" {\n  chassis: x-wing\n  faction: rebel\n  cost: 6\n  \
                     upgrades: crew\n  text {\n    After you perform a [Boost] action, you may gain 1 evade token.\n  }\n}\n\n\
                     upgrade \"Gonk\" {\n  icon: crew\n  charges: 1\n  requires: size small and faction rebel\n  cost: 3\n  \
                     text {\n    Action: Spend 1 [Charge] to gain 1 focus token.\n  }\n}\n";

/// One thing an editor does.
#[derive(Clone, Debug)]
enum Op {
    /// Replace the bytes from `at` (a fraction of the text) for `len` chars with `with`.
    Edit { at: f64, len: usize, with: String },
    /// A request at a line and character (either may be past the end).
    Ask { method: usize, line: u32, character: u32 },
}

const METHODS: [&str; 6] = [
    "textDocument/hover",
    "textDocument/completion",
    "textDocument/definition",
    "textDocument/references",
    "textDocument/documentSymbol",
    "workspace/symbol",
];

fn op() -> impl Strategy<Value = Op> {
    let pieces = prop::sample::select(vec![
        "{",
        "}",
        "[",
        "]",
        "\"",
        ":",
        ",",
        "#",
        "\n",
        " ",
        "text {",
        "[Boo",
        "faction: ",
        "é",
        "😀",
        "\u{0}",
        "ship \"",
        "requires: not",
        "Action:",
        "you may",
        "x-wing",
        "as",
        "}}}",
        "\r\n",
    ]);
    prop_oneof![
        (0.0..1.0f64, 0usize..12, prop::collection::vec(pieces, 0..4)).prop_map(|(at, len, with)| Op::Edit {
            at,
            len,
            with: with.concat()
        }),
        (0usize..METHODS.len(), 0u32..40, 0u32..90).prop_map(|(method, line, character)| Op::Ask {
            method,
            line,
            character
        }),
    ]
}

/// `text` with the chars from the char boundary nearest `at` replaced.
fn edit(text: &str, at: f64, len: usize, with: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let start = ((chars.len() as f64) * at) as usize;
    let end = (start + len).min(chars.len());
    chars[..start].iter().chain(with.chars().collect::<Vec<_>>().iter()).chain(chars[end..].iter()).collect()
}

struct Client {
    connection: Connection,
    next: i32,
}

impl Client {
    fn notify(&self, method: &str, params: Value) {
        let n = Notification { method: method.into(), params };
        self.connection.sender.send(Message::Notification(n)).expect("the server is listening");
    }

    /// Sends a request; its answer, or `None` when the server stopped or took over 30 s.
    fn request(&mut self, method: &str, params: Value) -> Option<lsp_server::Response> {
        let id = RequestId::from(self.next);
        self.next += 1;
        let r = Request { id: id.clone(), method: method.into(), params };
        self.connection.sender.send(Message::Request(r)).ok()?;
        loop {
            match self.connection.receiver.recv_timeout(Duration::from_secs(30)) {
                Ok(Message::Response(r)) if r.id == id => return Some(r),
                Ok(_) => {}
                Err(_) => return None,
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn every_request_is_answered_whatever_the_document_becomes(ops in prop::collection::vec(op(), 1..24)) {
        let dir = tempfile::tempdir().expect("a temporary folder");
        let root = dir.path().canonicalize().expect("canonical");
        std::fs::write(root.join("game.cards"), GAME).expect("write game.cards");
        std::fs::write(root.join("cards.cards"), CARDS).expect("write cards.cards");
        let (server, client) = Connection::memory();
        let serving = std::thread::spawn(move || cardc::lsp::serve(&server).map_err(|e| e.to_string()));
        let mut c = Client { connection: client, next: 1 };
        let initialized = c.request("initialize", json!({ "capabilities": {} }));
        prop_assert!(initialized.is_some(), "no answer to initialize");
        c.notify("initialized", json!({}));
        // Both files are edited: the vocabulary too.
        let uris = [format!("file://{}", root.join("cards.cards").display()), format!("file://{}", root.join("game.cards").display())];
        let mut texts = [CARDS.to_string(), GAME.to_string()];
        for (uri, text) in uris.iter().zip(&texts) {
            c.notify("textDocument/didOpen", json!({ "textDocument": { "uri": uri, "languageId": "cards", "version": 1, "text": text } }));
        }
        for (i, op) in ops.iter().enumerate() {
            let which = i % 2;
            match op {
                Op::Edit { at, len, with } => {
                    texts[which] = edit(&texts[which], *at, *len, with);
                    c.notify("textDocument/didChange", json!({
                        "textDocument": { "uri": uris[which], "version": i + 2 },
                        "contentChanges": [{ "text": texts[which] }],
                    }));
                }
                Op::Ask { method, line, character } => {
                    let params = json!({
                        "textDocument": { "uri": uris[which] },
                        "position": { "line": line, "character": character },
                        "context": { "includeDeclaration": true, "triggerKind": 1 },
                        "query": "",
                    });
                    let answer = c.request(METHODS[*method], params);
                    prop_assert!(answer.is_some(), "no answer to {} after {:?}\n{}", METHODS[*method], &ops[..=i], texts[which]);
                    let answer = answer.unwrap_or_else(|| unreachable!());
                    prop_assert!(answer.error.is_none(), "{:?} to {}", answer.error, METHODS[*method]);
                }
            }
        }
        let shut = c.request("shutdown", Value::Null);
        prop_assert!(shut.is_some(), "no answer to shutdown");
        c.notify("exit", Value::Null);
        let ended = serving.join();
        prop_assert!(matches!(ended, Ok(Ok(()))), "the server ended with {ended:?}");
    }
}
