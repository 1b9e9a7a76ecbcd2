//! Importers: real card data written by others, turned into card sets in the card language.
//!
//! An importer reads a data folder and returns the set's files as text ([`Imported`]); it
//! does no writing. [`write_set`] writes them, all or nothing: the files go to a fresh
//! folder beside the target, which then replaces the target in one rename, so a failed
//! import leaves the old set as it was and never half a new one.

pub mod armada_data;

use std::collections::BTreeMap;
use std::fmt;
use std::io;
use std::path::{Path, PathBuf};

pub mod xwing_data2;

/// A set produced by an importer: its files, and what could not be carried over.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Imported {
    /// File name (relative to the set folder, `/`-separated) → text.
    pub files: BTreeMap<String, String>,
    /// How many cards of each kind were written (`ship` → 755).
    pub cards: BTreeMap<String, usize>,
    /// Things in the data the set does not carry, by reason, with how often each occurs.
    pub unsupported: BTreeMap<String, usize>,
    /// Things in the data mapped to the language, by what they became, with counts.
    pub mapped: BTreeMap<String, usize>,
}

impl Imported {
    /// Lays every file out as `cardc fmt` would, so an imported set is already formatted.
    /// A file the formatter cannot read (which would be an importer's bug, and which
    /// checking the set reports) is kept as written.
    pub fn format_files(&mut self) {
        for text in self.files.values_mut() {
            if let Ok(formatted) = crate::format::format_source(text) {
                *text = formatted;
            }
        }
    }

    /// Counts one card of `kind`.
    pub fn card(&mut self, kind: &str) {
        *self.cards.entry(kind.to_string()).or_default() += 1;
    }

    /// Counts one thing the set does not carry.
    pub fn unsupported(&mut self, what: impl Into<String>) {
        *self.unsupported.entry(what.into()).or_default() += 1;
    }

    /// Counts one thing mapped to the language.
    pub fn mapped(&mut self, what: impl Into<String>) {
        *self.mapped.entry(what.into()).or_default() += 1;
    }

    /// A summary for people: cards per kind, then what was mapped and what was not.
    pub fn summary(&self) -> String {
        let mut out = String::new();
        let cards: Vec<String> = self.cards.iter().map(|(k, n)| format!("{n} {k}")).collect();
        out.push_str(&format!("cards: {}\n", cards.join(", ")));
        for (title, map) in [("mapped", &self.mapped), ("unsupported", &self.unsupported)] {
            if !map.is_empty() {
                out.push_str(&format!("{title}:\n"));
                for (what, n) in map {
                    out.push_str(&format!("  {n:>6}  {what}\n"));
                }
            }
        }
        out
    }
}

/// Why an import failed.
#[derive(Debug)]
pub enum ImportError {
    /// A file could not be read or written.
    Io {
        /// The file.
        path: PathBuf,
        /// What went wrong.
        error: io::Error,
    },
    /// A data file does not hold what the importer expects.
    Data {
        /// The file.
        path: PathBuf,
        /// What is wrong, in words.
        message: String,
    },
}

impl ImportError {
    /// An I/O error on `path`.
    pub fn io(path: impl Into<PathBuf>, error: io::Error) -> ImportError {
        ImportError::Io { path: path.into(), error }
    }

    /// A data error in `path`.
    pub fn data(path: impl Into<PathBuf>, message: impl Into<String>) -> ImportError {
        ImportError::Data { path: path.into(), message: message.into() }
    }
}

impl fmt::Display for ImportError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ImportError::Io { path, error } => write!(f, "`{}`: {error}", path.display()),
            ImportError::Data { path, message } => write!(f, "`{}`: {message}", path.display()),
        }
    }
}

impl std::error::Error for ImportError {}

/// Reads a JSON file into `T`.
///
/// # Errors
/// When the file cannot be read or does not parse as `T`.
pub fn read_json<T: serde::de::DeserializeOwned>(path: &Path) -> Result<T, ImportError> {
    let text = std::fs::read_to_string(path).map_err(|e| ImportError::io(path, e))?;
    serde_json::from_str(&text).map_err(|e| ImportError::data(path, format!("not the JSON expected: {e}")))
}

/// The `*.json` files directly in `dir`, sorted by name so that imports are deterministic.
///
/// # Errors
/// When the folder cannot be read.
pub fn json_files(dir: &Path) -> Result<Vec<PathBuf>, ImportError> {
    entries(dir, |p| p.extension().is_some_and(|e| e == "json"))
}

/// The folders directly in `dir`, sorted by name.
///
/// # Errors
/// When the folder cannot be read.
pub fn sub_dirs(dir: &Path) -> Result<Vec<PathBuf>, ImportError> {
    entries(dir, Path::is_dir)
}

/// The entries of `dir` that `keep` keeps, sorted by name.
fn entries(dir: &Path, keep: impl Fn(&Path) -> bool) -> Result<Vec<PathBuf>, ImportError> {
    let read = std::fs::read_dir(dir).map_err(|e| ImportError::io(dir, e))?;
    let mut out = Vec::new();
    for entry in read {
        let path = entry.map_err(|e| ImportError::io(dir, e))?.path();
        if keep(&path) {
            out.push(path);
        }
    }
    out.sort();
    Ok(out)
}

/// Writes `files` as the set folder `out`, all or nothing: into a fresh sibling folder
/// first, which then takes `out`'s place. Whatever was in `out` is replaced.
///
/// # Errors
/// When a file cannot be written; `out` is then left as it was.
pub fn write_set(out: &Path, files: &BTreeMap<String, String>) -> Result<(), ImportError> {
    let name = out.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_else(|| "set".into());
    let parent = match out.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    std::fs::create_dir_all(&parent).map_err(|e| ImportError::io(&parent, e))?;
    let staging = parent.join(format!(".{name}.import-{}", std::process::id()));
    let old = parent.join(format!(".{name}.old-{}", std::process::id()));
    let result = (|| {
        if staging.exists() {
            std::fs::remove_dir_all(&staging).map_err(|e| ImportError::io(&staging, e))?;
        }
        for (file, text) in files {
            let path = staging.join(file);
            if let Some(dir) = path.parent() {
                std::fs::create_dir_all(dir).map_err(|e| ImportError::io(dir, e))?;
            }
            std::fs::write(&path, text).map_err(|e| ImportError::io(&path, e))?;
        }
        if out.exists() {
            std::fs::rename(out, &old).map_err(|e| ImportError::io(out, e))?;
        }
        if let Err(e) = std::fs::rename(&staging, out) {
            // Put the old set back before reporting.
            let _ = std::fs::rename(&old, out);
            return Err(ImportError::io(out, e));
        }
        if old.exists() {
            std::fs::remove_dir_all(&old).map_err(|e| ImportError::io(&old, e))?;
        }
        Ok(())
    })();
    if result.is_err() && staging.exists() {
        let _ = std::fs::remove_dir_all(&staging);
    }
    result
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn write_set_replaces_the_folder_whole() {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("set");
        let mut files = BTreeMap::new();
        files.insert("game.cards".to_string(), "game g \"G\"\n".to_string());
        files.insert("sub/a.cards".to_string(), "# a\n".to_string());
        write_set(&out, &files).unwrap();
        assert!(out.join("sub/a.cards").is_file());
        files.remove("sub/a.cards");
        write_set(&out, &files).unwrap();
        assert!(!out.join("sub").exists(), "the old files are gone");
        assert_eq!(std::fs::read_to_string(out.join("game.cards")).unwrap(), "game g \"G\"\n");
        let leftovers: Vec<_> = std::fs::read_dir(dir.path()).unwrap().collect();
        assert_eq!(leftovers.len(), 1, "no staging folder is left behind");
    }
}
