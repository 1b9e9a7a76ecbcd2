//! Links from a diagnostic's code to its explanation, as rustc's codes link to the error
//! index: each explanation `cardc explain` prints is written once as a Markdown file in the
//! user's cache folder, and the diagnostic's `codeDescription` points at it, so an editor
//! opens it offline with the version of the server that reported it.

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::Mutex;

use lsp_types::Url;

use crate::diagnostics::Code;

/// The explanations written so far in this process, by code.
static WRITTEN: Mutex<Option<HashMap<&'static str, Option<Url>>>> = Mutex::new(None);

/// The `file:` URI of `code`'s explanation, written on first use; `None` when no cache
/// folder can be written (the diagnostic is then sent without a link).
pub fn url(code: &'static Code) -> Option<Url> {
    let mut written = WRITTEN.lock().ok()?;
    let written = written.get_or_insert_with(HashMap::new);
    written.entry(code.id).or_insert_with(|| write(code)).clone()
}

/// The folder explanations go in: `cardc/<version>/explain` in the platform's cache
/// folder (`$XDG_CACHE_HOME` or `~/.cache` on Linux, `~/Library/Caches` on macOS,
/// `%LOCALAPPDATA%` on Windows: `dirs::cache_dir`), else in the temporary folder.
fn folder() -> PathBuf {
    let cache = dirs::cache_dir().unwrap_or_else(std::env::temp_dir);
    cache.join("cardc").join(env!("CARGO_PKG_VERSION")).join("explain")
}

/// Writes the explanation, whole or not at all ([`crate::format::write_atomic`]).
fn write(code: &'static Code) -> Option<Url> {
    let dir = folder();
    std::fs::create_dir_all(&dir).ok()?;
    let path = dir.join(format!("{}.md", code.id));
    let text = markdown(code);
    if std::fs::read_to_string(&path).ok().as_deref() != Some(text.as_str()) {
        crate::format::write_atomic(&path, &text).ok()?;
    }
    Url::from_file_path(&path).ok()
}

/// The explanation as a Markdown page: the code and name as its title.
pub fn markdown(code: &Code) -> String {
    format!("# {} `{}`\n\n{}", code.id, code.name, code.explanation())
}
