//! Importers: real card data written by others, turned into card sets in the card language.
//!
//! An importer reads a data folder and returns the set's files as text ([`Imported`]); it
//! does no writing. [`check_imported`] checks them in memory, so a set with errors is never
//! written, and [`write_set`] writes them, all or nothing: the files go to a fresh dot
//! folder beside the target, which then replaces the target in one rename, so a failed or
//! killed import leaves the old set or the new one, never a mix. The target must be new,
//! empty, or a set `cardc import` wrote before (it holds [`MARKER`]); anything else is
//! refused unless forced.

pub mod armada_data;
pub mod history;
pub(crate) mod tolerant;

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
    /// Irregularities of the data that were read anyway (or whose card was left out), in
    /// the order met: each is a warning naming the file and the JSON path.
    pub irregularities: Vec<Irregularity>,
}

/// Data written less regularly than its schema (a duplicate key, a number as a string…),
/// read as noted: a warning, counted in [`Imported::summary`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Irregularity {
    /// The data file, relative to the data folder (`pilots/rebel-alliance/t-65-x-wing.json`).
    pub file: String,
    /// Where in the file, as a JSON path (`$.pilots[3].force.side`).
    pub path: String,
    /// What kind of irregularity, for the counts (`a string where a list is expected`).
    pub kind: String,
    /// What was found and what was done, when the kind does not say it all.
    pub detail: String,
}

impl fmt::Display for Irregularity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}: {}", self.file, self.path, self.kind)?;
        if !self.detail.is_empty() {
            write!(f, " ({})", self.detail)?;
        }
        Ok(())
    }
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

    /// Records an irregularity of the data.
    pub fn irregular(&mut self, file: &str, path: &str, kind: &str, detail: impl Into<String>) {
        let (file, path, kind) = (file.to_string(), path.to_string(), kind.to_string());
        self.irregularities.push(Irregularity { file, path, kind, detail: detail.into() });
    }

    /// How many irregularities of each kind the data has.
    pub fn irregularity_counts(&self) -> BTreeMap<&str, usize> {
        let mut counts = BTreeMap::new();
        for i in &self.irregularities {
            *counts.entry(i.kind.as_str()).or_default() += 1;
        }
        counts
    }

    /// A summary for people: cards per kind, then the irregularities of the data, then
    /// what was mapped and what was not.
    pub fn summary(&self) -> String {
        let mut out = String::new();
        let cards: Vec<String> = self.cards.iter().map(|(k, n)| format!("{n} {k}")).collect();
        out.push_str(&format!("cards: {}\n", cards.join(", ")));
        if !self.irregularities.is_empty() {
            let n = self.irregularities.len();
            let s = if n == 1 { "" } else { "s" };
            out.push_str(&format!("irregular data (read as noted; {n} warning{s}):\n"));
            for (what, n) in self.irregularity_counts() {
                out.push_str(&format!("  {n:>6}  {what}\n"));
            }
        }
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
    /// The folder to write holds files `cardc import` did not write.
    Occupied(PathBuf),
    /// The folder to write is a file.
    NotAFolder(PathBuf),
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
            ImportError::Occupied(path) => write!(
                f,
                "`{}` holds files `cardc import` did not write; give a new or empty folder, or `--force` to replace it",
                path.display()
            ),
            ImportError::NotAFolder(path) => write!(f, "`{}` is a file, not a set folder", path.display()),
        }
    }
}

impl std::error::Error for ImportError {}

/// A card id for a name: its derived id, made valid when the name folds to none (`unnamed`)
/// or to one the language does not allow (`n-` before it).
pub(crate) fn id_of(name: &str) -> String {
    let id = crate::resolve::ids::derive_id(name);
    if crate::resolve::ids::is_valid_id(&id) {
        id
    } else if id.is_empty() {
        "unnamed".into()
    } else {
        format!("n-{id}")
    }
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

/// The file `cardc import` writes into every set folder it writes, so that a later import
/// may replace the folder: a folder without it is not replaced unless forced.
pub const MARKER: &str = ".cardc-import";

/// Checks an imported set in memory, its files named as they will be in `out`: the report
/// `cardc check out` would give once they are written.
pub fn check_imported(out: &Path, files: &BTreeMap<String, String>) -> crate::Report {
    let mut sources = crate::SourceMap::new();
    let ids = files
        .iter()
        .filter(|(name, _)| name.ends_with(".cards"))
        .map(|(name, text)| sources.add(crate::source::SourceFile::new(out.join(name), text.as_str())))
        .collect();
    let set = crate::source::SetSource { dir: out.to_path_buf(), files: ids, diagnostics: Vec::new() };
    let checked = crate::check_set(&sources, &set);
    crate::Report { sources, sets: vec![checked], ..Default::default() }
}

/// Writes `files` as the set folder `out`, all or nothing: into a fresh dot folder beside
/// it first (with [`MARKER`]), which then takes `out`'s place. `out` must be absent, an
/// empty folder, or a folder holding [`MARKER`], unless `force`. Before writing, what a
/// killed import left beside `out` is put right: a parked old set comes back when `out` is
/// missing, and half-written folders are removed.
///
/// # Errors
/// When `out` is a file or holds files of others (without `force`), or a file cannot be
/// written; `out` is then left as it was.
pub fn write_set(out: &Path, files: &BTreeMap<String, String>, force: bool) -> Result<(), ImportError> {
    let name = out.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_else(|| "set".into());
    let parent = match out.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    std::fs::create_dir_all(&parent).map_err(|e| ImportError::io(&parent, e))?;
    recover(&parent, &name, out)?;
    if out.exists() {
        if !out.is_dir() {
            return Err(ImportError::NotAFolder(out.to_path_buf()));
        }
        let empty = std::fs::read_dir(out).map_err(|e| ImportError::io(out, e))?.next().is_none();
        if !empty && !out.join(MARKER).is_file() && !force {
            return Err(ImportError::Occupied(out.to_path_buf()));
        }
    }
    let staging = parent.join(format!(".{name}.import-{}", std::process::id()));
    let old = parent.join(format!(".{name}.old-{}", std::process::id()));
    let result = (|| {
        if staging.exists() {
            std::fs::remove_dir_all(&staging).map_err(|e| ImportError::io(&staging, e))?;
        }
        let marker = (
            MARKER.to_string(),
            "This set was written by `cardc import`; the next import may replace it.\n".to_string(),
        );
        for (file, text) in files.iter().chain(std::iter::once((&marker.0, &marker.1))) {
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

/// Puts right what imports killed midway left beside `out` (named `name` in `parent`):
/// when `out` is missing, the old set one parked (`.name.old-PID`) comes back; the
/// half-written new sets (`.name.import-PID`) and other parked old ones are removed. Only
/// the leftovers of processes that are no longer running are touched.
fn recover(parent: &Path, name: &str, out: &Path) -> Result<(), ImportError> {
    let entries = match std::fs::read_dir(parent) {
        Ok(entries) => entries,
        Err(e) => return Err(ImportError::io(parent, e)),
    };
    let mut stale: Vec<(bool, PathBuf)> = Vec::new();
    for entry in entries.flatten() {
        let file = entry.file_name().to_string_lossy().into_owned();
        let Some(rest) = file.strip_prefix('.').and_then(|f| f.strip_prefix(name)) else { continue };
        let (old, pid) = match (rest.strip_prefix(".old-"), rest.strip_prefix(".import-")) {
            (Some(pid), _) => (true, pid),
            (_, Some(pid)) => (false, pid),
            _ => continue,
        };
        if pid.parse::<u32>().is_ok_and(|pid| pid != std::process::id() && !running(pid)) {
            stale.push((old, entry.path()));
        }
    }
    stale.sort();
    for (old, path) in stale {
        if old && !out.exists() {
            std::fs::rename(&path, out).map_err(|e| ImportError::io(&path, e))?;
        } else {
            std::fs::remove_dir_all(&path).map_err(|e| ImportError::io(&path, e))?;
        }
    }
    Ok(())
}

/// Whether a process is running. Where that cannot be told (no `/proc`), every process
/// counts as running, so nothing of another import is touched.
fn running(pid: u32) -> bool {
    let proc = Path::new("/proc");
    !proc.is_dir() || proc.join(pid.to_string()).exists()
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
        write_set(&out, &files, false).unwrap();
        assert!(out.join("sub/a.cards").is_file());
        assert!(out.join(MARKER).is_file());
        files.remove("sub/a.cards");
        write_set(&out, &files, false).unwrap();
        assert!(!out.join("sub").exists(), "the old files are gone");
        assert_eq!(std::fs::read_to_string(out.join("game.cards")).unwrap(), "game g \"G\"\n");
        let leftovers: Vec<_> = std::fs::read_dir(dir.path()).unwrap().collect();
        assert_eq!(leftovers.len(), 1, "no staging folder is left behind");
    }

    fn one_file() -> BTreeMap<String, String> {
        BTreeMap::from([("game.cards".to_string(), "game g \"G\"\n".to_string())])
    }

    #[test]
    fn a_folder_of_others_or_a_file_is_not_replaced_unless_forced() {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("mine");
        std::fs::create_dir(&out).unwrap();
        std::fs::write(out.join("thesis.tex"), "years of work").unwrap();
        let err = write_set(&out, &one_file(), false).unwrap_err();
        assert!(matches!(err, ImportError::Occupied(_)), "{err}");
        assert!(err.to_string().contains("--force"), "{err}");
        assert_eq!(std::fs::read_to_string(out.join("thesis.tex")).unwrap(), "years of work");
        write_set(&out, &one_file(), true).unwrap();
        assert!(!out.join("thesis.tex").exists() && out.join("game.cards").is_file());
        // An empty folder is fine; a file never is.
        let empty = dir.path().join("empty");
        std::fs::create_dir(&empty).unwrap();
        write_set(&empty, &one_file(), false).unwrap();
        let file = dir.path().join("file");
        std::fs::write(&file, "x").unwrap();
        assert!(matches!(write_set(&file, &one_file(), true), Err(ImportError::NotAFolder(_))));
        assert_eq!(std::fs::read_to_string(&file).unwrap(), "x");
    }

    #[test]
    fn what_a_killed_import_left_is_put_right() {
        // Above the largest process id Linux hands out: never running.
        const DEAD: u32 = 4_294_967;
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("set");
        // Killed after parking the old set and before moving the new one in.
        let parked = dir.path().join(format!(".set.old-{DEAD}"));
        std::fs::create_dir(&parked).unwrap();
        std::fs::write(parked.join("game.cards"), "old").unwrap();
        // Killed while writing.
        let half = dir.path().join(format!(".set.import-{}", DEAD - 1));
        std::fs::create_dir(&half).unwrap();
        recover(dir.path(), "set", &out).unwrap();
        assert_eq!(std::fs::read_to_string(out.join("game.cards")).unwrap(), "old", "the old set is back");
        assert!(!half.exists() && !parked.exists());
        // What a running process (pid 1 always is) left is left alone.
        let running = dir.path().join(".set.import-1");
        std::fs::create_dir(&running).unwrap();
        recover(dir.path(), "set", &out).unwrap();
        assert!(running.exists());
    }
}
