//! `cardc lsp`: a language server over stdio. It checks the whole set a file belongs to
//! (the folder holding `game.cards`) on open, change and save, open buffers winning over
//! the disk, and answers hovers, go to definition, find references and symbols from the
//! same analysis. Beside the protocol it answers `cardc/cardSvg` ([`preview::CardSvg`]):
//! the card under a position drawn as a self-contained SVG, for an editor's live preview;
//! and a client that says it shows pictures in hovers (`initializationOptions:
//! { "hoverImages": true }`, as the VS Code extension does) gets a card's picture in its
//! hover.
//!
//! Edits are coalesced: a check runs when no message is waiting, or before a request is
//! answered, so typing never queues a check per keystroke. Nothing a client sends stops
//! the server: a request it cannot read gets an error response, a request about a file
//! it cannot analyse gets an empty answer.

pub mod analysis;
mod complete;
pub mod convert;
pub mod explain;
mod features;
pub mod preview;

use std::collections::{BTreeSet, HashMap};
use std::error::Error;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use crossbeam_channel::TryRecvError;
use lsp_server::{Connection, ErrorCode, Message, Notification, Request, Response};
use lsp_types::notification::{
    DidChangeTextDocument, DidCloseTextDocument, DidOpenTextDocument, DidSaveTextDocument, Notification as _,
    PublishDiagnostics,
};
use lsp_types::request::{
    CodeActionRequest, Completion, DocumentSymbolRequest, Formatting, GotoDefinition, HoverRequest, References,
    Request as _, WorkspaceSymbolRequest,
};
use lsp_types::{
    CompletionOptions, HoverProviderCapability, OneOf, PublishDiagnosticsParams, SaveOptions, ServerCapabilities,
    TextDocumentSyncCapability, TextDocumentSyncKind, TextDocumentSyncOptions, TextDocumentSyncSaveOptions, Url,
};

use analysis::Analysis;

use crate::ast::Span;

/// The size of set (its files' text, in bytes) from which an analysis replaced is freed on
/// a thread of its own. Freeing takes about 3 µs a KB (20 µs for the 7 KB X-Wing
/// conformance set, in release) and starting a thread 30–50 µs, so below this the thread
/// costs more than it saves.
const FREE_ELSEWHERE_BYTES: usize = 64 * 1024;

/// The bytes of text of an analysis's files.
fn set_bytes(a: &Analysis) -> usize {
    (0..a.sources.len() as u32).map(|id| a.sources.file(id).text.len()).sum()
}

/// A boxed error from the transport.
pub type BoxError = Box<dyn Error + Send + Sync>;

/// The sentences the server keeps between checks before it starts again from none.
const CACHE_LIMIT: usize = 100_000;

/// Serves the protocol on stdin and stdout until the client says `exit`.
///
/// # Errors
/// When the transport fails (stdin closed before `initialize`, a malformed frame).
pub fn run_stdio() -> Result<(), BoxError> {
    let (connection, io_threads) = Connection::stdio();
    serve(&connection)?;
    drop(connection);
    io_threads.join()?;
    Ok(())
}

/// Serves the protocol on `connection`: the handshake, then every message until `exit`.
///
/// # Errors
/// When the handshake fails or the client goes away without `shutdown`.
pub fn serve(connection: &Connection) -> Result<(), BoxError> {
    serve_from(connection, analysis::Caches::default())
}

/// [`serve`], starting from what `cache` has read: a harness that serves session after
/// session over one set on disk reads its files once ([`analysis::Caches::trees`]).
///
/// # Errors
/// As [`serve`].
pub fn serve_from(connection: &Connection, cache: analysis::Caches) -> Result<(), BoxError> {
    let capabilities = ServerCapabilities {
        text_document_sync: Some(TextDocumentSyncCapability::Options(TextDocumentSyncOptions {
            open_close: Some(true),
            change: Some(TextDocumentSyncKind::FULL),
            save: Some(TextDocumentSyncSaveOptions::SaveOptions(SaveOptions { include_text: Some(false) })),
            ..Default::default()
        })),
        hover_provider: Some(HoverProviderCapability::Simple(true)),
        completion_provider: Some(CompletionOptions {
            trigger_characters: Some(vec!["[".into(), ":".into(), " ".into()]),
            ..Default::default()
        }),
        definition_provider: Some(OneOf::Left(true)),
        references_provider: Some(OneOf::Left(true)),
        document_symbol_provider: Some(OneOf::Left(true)),
        document_formatting_provider: Some(OneOf::Left(true)),
        code_action_provider: Some(lsp_types::CodeActionProviderCapability::Options(lsp_types::CodeActionOptions {
            code_action_kinds: Some(vec![
                lsp_types::CodeActionKind::QUICKFIX,
                lsp_types::CodeActionKind::SOURCE_FIX_ALL,
            ]),
            ..Default::default()
        })),
        workspace_symbol_provider: Some(OneOf::Left(true)),
        // The requests of cardc's own: a client asks `cardc/cardSvg` only of a server that
        // says it answers it.
        experimental: Some(serde_json::json!({ "cardSvg": cfg!(feature = "render") })),
        ..Default::default()
    };
    let params = connection.initialize(serde_json::to_value(capabilities)?)?;
    let hover_images = params["initializationOptions"]["hoverImages"].as_bool().unwrap_or(false);
    Server { cache, hover_images, ..Server::default() }.run(connection)
}

/// The server's state.
#[derive(Default)]
struct Server {
    /// Open buffers by path.
    open: HashMap<PathBuf, Arc<str>>,
    /// The last analysis of each set with a file open.
    sets: HashMap<PathBuf, Analysis>,
    /// Sets edited since their last check.
    dirty: BTreeSet<PathBuf>,
    /// What each set last published, by file: a file is sent its diagnostics after its first
    /// check (none, when it has none) and then only when they change; one that had some and
    /// left the set is cleared.
    published: HashMap<PathBuf, HashMap<PathBuf, Vec<lsp_types::Diagnostic>>>,
    /// Trees and ability sentences read so far.
    cache: analysis::Caches,
    /// Whether a card's hover holds its picture: the client said it shows them. An editor
    /// that shows a hover's markdown as text (Neovim) would show the picture's data.
    hover_images: bool,
}

impl Server {
    fn run(mut self, connection: &Connection) -> Result<(), BoxError> {
        loop {
            let message = match connection.receiver.try_recv() {
                Ok(m) => m,
                Err(TryRecvError::Empty) => {
                    self.flush(connection)?;
                    match connection.receiver.recv() {
                        Ok(m) => m,
                        Err(_) => return Ok(()),
                    }
                }
                Err(TryRecvError::Disconnected) => return Ok(()),
            };
            match message {
                Message::Request(request) => {
                    if connection.handle_shutdown(&request)? {
                        return Ok(());
                    }
                    self.flush(connection)?;
                    let response = self.request(request);
                    connection.sender.send(Message::Response(response))?;
                }
                Message::Notification(n) => self.notification(n),
                Message::Response(_) => {}
            }
        }
    }

    /// Checks every set edited since its last check and publishes its diagnostics.
    fn flush(&mut self, connection: &Connection) -> Result<(), BoxError> {
        self.cache.bound(CACHE_LIMIT);
        for dir in std::mem::take(&mut self.dirty) {
            let still_open = self.open.keys().any(|p| analysis::set_dir(p).as_deref() == Some(dir.as_path()));
            let analysis = if still_open { Analysis::of_set(&dir, &self.open, &mut self.cache).ok() } else { None };
            let mut by_file: HashMap<PathBuf, Vec<lsp_types::Diagnostic>> = HashMap::new();
            if let Some(a) = &analysis {
                for id in 0..a.sources.len() as u32 {
                    by_file.entry(a.sources.file(id).path.clone()).or_default();
                }
                for d in &a.checked.diagnostics {
                    if let Some((path, d)) = convert::diagnostic(d, &a.sources) {
                        by_file.entry(path).or_default().push(d);
                    }
                }
            }
            // A file that left the set since is cleared, then forgotten.
            let before = self.published.remove(&dir).unwrap_or_default();
            let left: Vec<PathBuf> = before.keys().filter(|p| !by_file.contains_key(*p)).cloned().collect();
            for path in &left {
                by_file.insert(path.clone(), Vec::new());
            }
            let mut paths: Vec<&PathBuf> = by_file.keys().collect();
            paths.sort();
            for path in paths {
                let diagnostics = &by_file[path];
                if before.get(path) == Some(diagnostics) {
                    continue;
                }
                let Some(uri) = convert::url(path) else { continue };
                let params = PublishDiagnosticsParams { uri, diagnostics: diagnostics.clone(), version: None };
                let n = Notification::new(PublishDiagnostics::METHOD.to_string(), params);
                connection.sender.send(Message::Notification(n))?;
            }
            for path in &left {
                by_file.remove(path);
            }
            self.published.insert(dir.clone(), by_file);
            let old = match analysis {
                Some(a) => self.sets.insert(dir, a),
                None => self.sets.remove(&dir),
            };
            // Freeing a big set's analysis takes a while; the answer need not wait for it. A
            // small one is freed here: starting a thread costs more than freeing it.
            if let Some(old) = old.filter(|a| set_bytes(a) > FREE_ELSEWHERE_BYTES) {
                std::thread::spawn(move || drop(old));
            }
        }
        Ok(())
    }

    fn notification(&mut self, n: Notification) {
        let touched = match n.method.as_str() {
            DidOpenTextDocument::METHOD => {
                serde_json::from_value::<lsp_types::DidOpenTextDocumentParams>(n.params).ok().and_then(|p| {
                    let path = convert::path(&p.text_document.uri)?;
                    self.open.insert(path.clone(), p.text_document.text.into());
                    Some(path)
                })
            }
            DidChangeTextDocument::METHOD => {
                serde_json::from_value::<lsp_types::DidChangeTextDocumentParams>(n.params).ok().and_then(|p| {
                    let path = convert::path(&p.text_document.uri)?;
                    // Full sync: the last change holds the whole text.
                    let text = p.content_changes.into_iter().last()?.text;
                    self.open.insert(path.clone(), text.into());
                    Some(path)
                })
            }
            DidSaveTextDocument::METHOD => serde_json::from_value::<lsp_types::DidSaveTextDocumentParams>(n.params)
                .ok()
                .and_then(|p| convert::path(&p.text_document.uri)),
            DidCloseTextDocument::METHOD => {
                serde_json::from_value::<lsp_types::DidCloseTextDocumentParams>(n.params).ok().and_then(|p| {
                    let path = convert::path(&p.text_document.uri)?;
                    self.open.remove(&path);
                    Some(path)
                })
            }
            _ => None,
        };
        if let Some(dir) = touched.as_deref().and_then(analysis::set_dir) {
            self.dirty.insert(dir);
        }
    }

    fn request(&mut self, request: Request) -> Response {
        let id = request.id.clone();
        let result = match request.method.as_str() {
            HoverRequest::METHOD => self.answer::<HoverRequest>(request, |s, p| {
                let at = &p.text_document_position_params;
                let pictures = s.hover_images;
                s.at(&at.text_document.uri, at.position)
                    .and_then(|(a, file, offset)| features::hover(a, file, offset, pictures))
            }),
            preview::CardSvg::METHOD => self.answer::<preview::CardSvg>(request, |s, p| {
                let (a, file, offset) = s.at(&p.text_document.uri, p.position)?;
                preview::card_svg(a, file, offset)
            }),
            Completion::METHOD => self.answer::<Completion>(request, |s, p| {
                let at = &p.text_document_position;
                let (a, file, offset) = s.at(&at.text_document.uri, at.position)?;
                Some(lsp_types::CompletionResponse::Array(complete::completion(a, file, offset)))
            }),
            CodeActionRequest::METHOD => self.answer::<CodeActionRequest>(request, |s, p| {
                let path = convert::path(&p.text_document.uri)?;
                let a = s.analysis(&path)?;
                let file = a.file_id(&path)?;
                let text = &a.sources.file(file).text;
                let range = Span::new(convert::offset(text, p.range.start), convert::offset(text, p.range.end));
                Some(features::code_actions(a, file, range, p.context.only.as_deref()))
            }),
            Formatting::METHOD => self.answer::<Formatting>(request, |s, p| {
                let path = convert::path(&p.text_document.uri)?;
                let text = s.open.get(&path)?.clone();
                features::format(&text, &path, &mut s.cache)
            }),
            GotoDefinition::METHOD => self.answer::<GotoDefinition>(request, |s, p| {
                let at = &p.text_document_position_params;
                s.at(&at.text_document.uri, at.position)
                    .and_then(|(a, file, offset)| features::definition(a, file, offset))
                    .map(lsp_types::GotoDefinitionResponse::Scalar)
            }),
            References::METHOD => self.answer::<References>(request, |s, p| {
                let at = &p.text_document_position;
                let declaration = p.context.include_declaration;
                s.at(&at.text_document.uri, at.position)
                    .map(|(a, file, offset)| features::references(a, file, offset, declaration))
            }),
            DocumentSymbolRequest::METHOD => self.answer::<DocumentSymbolRequest>(request, |s, p| {
                let path = convert::path(&p.text_document.uri)?;
                let a = s.analysis(&path)?;
                let file = a.file_id(&path)?;
                Some(lsp_types::DocumentSymbolResponse::Nested(features::document_symbols(a, file)))
            }),
            WorkspaceSymbolRequest::METHOD => self.answer::<WorkspaceSymbolRequest>(request, |s, p| {
                let mut dirs: Vec<&PathBuf> = s.sets.keys().collect();
                dirs.sort();
                let found = dirs.into_iter().flat_map(|d| features::workspace_symbols(&s.sets[d], &p.query)).collect();
                Some(lsp_types::WorkspaceSymbolResponse::Flat(found))
            }),
            _ => Err((ErrorCode::MethodNotFound, format!("cardc lsp does not answer `{}`", request.method))),
        };
        match result {
            Ok(value) => Response { id, result: Some(value), error: None },
            Err((code, message)) => Response::new_err(id, code as i32, message),
        }
    }

    /// Reads a request's parameters and answers it.
    fn answer<R: lsp_types::request::Request>(
        &mut self,
        request: Request,
        f: impl FnOnce(&mut Server, R::Params) -> R::Result,
    ) -> Result<serde_json::Value, (ErrorCode, String)> {
        let params: R::Params = serde_json::from_value(request.params)
            .map_err(|e| (ErrorCode::InvalidParams, format!("`{}`: {e}", request.method)))?;
        let answer = f(self, params);
        serde_json::to_value(answer).map_err(|e| (ErrorCode::InternalError, e.to_string()))
    }

    /// The analysis of the set a file belongs to.
    fn analysis(&self, path: &Path) -> Option<&Analysis> {
        self.sets.get(&analysis::set_dir(path)?)
    }

    /// The analysis, file and byte offset of a position in a document.
    fn at(&self, uri: &Url, position: lsp_types::Position) -> Option<(&Analysis, u32, usize)> {
        let path = convert::path(uri)?;
        let a = self.analysis(&path)?;
        let file = a.file_id(&path)?;
        let offset = convert::offset(&a.sources.file(file).text, position);
        Some((a, file, offset))
    }
}
