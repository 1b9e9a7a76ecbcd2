//! Source files: reading them and finding the sets under a path. The files read are kept
//! in a [`SourceMap`], which [`crate::source_map`] defines, below the diagnostics.

use std::io;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use crate::ast::{FileId, Span};
use crate::declare_code;
use crate::diagnostics::Diagnostic;
pub use crate::source_map::{SourceFile, SourceMap};

declare_code! {
    /// ## What
    /// A `.cards` file holds bytes that are not UTF-8.
    ///
    /// ## Why
    /// Card files are UTF-8 text. The compiler does not guess another encoding: a
    /// misread `é` would silently change a card's name and so its id.
    ///
    /// ## Example
    /// A file saved as Latin-1 with `Séance` in a name. Re-save it as UTF-8.
    pub static E0004: "E0004", "invalid-utf8", Error;
}

declare_code! {
    /// ## What
    /// A folder given to `cardc` holds no `.cards` file, directly or in its sub-folders.
    ///
    /// ## Why
    /// A card set is a folder of `.cards` files; a path with none is almost always a typo
    /// or the wrong folder, and checking nothing must not look like success.
    ///
    /// ## Example
    /// `cardc check cards/armda` where the set is in `cards/armada`.
    pub static E0006: "E0006", "no-card-files", Error;
}

declare_code! {
    /// ## What
    /// A `.cards` path that is not read: a FIFO, a device, a socket or a link to nothing
    /// named `*.cards`, or a file larger than the size limit (`CARDC_MAX_FILE_SIZE`, 64 MiB
    /// by default).
    ///
    /// ## Why
    /// Reading a FIFO blocks until something writes to it, and reading a device such as
    /// `/dev/zero` never ends; a card file is a regular file of a few megabytes at most. Such
    /// a path is reported rather than read, or skipped without a word.
    ///
    /// ## Example
    /// `mkfifo cards/xwing/extra.cards`. Remove it, or raise the limit for a file that
    /// really is that large: `CARDC_MAX_FILE_SIZE=256M cardc check cards`.
    pub static E0009: "E0009", "file-not-read", Error;
}

/// The files of one card set, as loaded.
#[derive(Clone, Debug)]
pub struct SetSource {
    /// The set's folder.
    pub dir: PathBuf,
    /// Its readable `.cards` files, sorted by name.
    pub files: Vec<FileId>,
    /// Problems found while reading (non-UTF-8 files).
    pub diagnostics: Vec<Diagnostic>,
}

/// What a path given on the command line turned out to hold.
#[derive(Debug)]
pub enum Found {
    /// Set folders, sorted.
    Sets(Vec<PathBuf>),
    /// A folder with no `.cards` file anywhere below one level: a diagnostic.
    Nothing(Diagnostic),
}

/// Finds the card sets at `path`: the folder itself if it holds `.cards` files, else each
/// sub-folder that does.
///
/// # Errors
/// When `path` cannot be read or is not a folder.
pub fn find_sets(path: &Path) -> io::Result<Found> {
    let meta = std::fs::metadata(path).map_err(|e| with_path(e, path))?;
    if !meta.is_dir() {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            format!("`{}` is not a folder; give a set folder or a folder of sets", path.display()),
        ));
    }
    if !card_files(path)?.is_empty() {
        return Ok(Found::Sets(vec![path.to_path_buf()]));
    }
    let mut sets = Vec::new();
    for entry in sorted_entries(path)? {
        // A dot folder is never a set: `.git`, an editor's, or an import's half-written one.
        let hidden = entry.file_name().is_some_and(|n| n.to_string_lossy().starts_with('.'));
        if !hidden && entry.is_dir() && !card_files(&entry)?.is_empty() {
            sets.push(entry);
        }
    }
    if sets.is_empty() {
        let d = Diagnostic::new(&E0006, format!("no `.cards` files in `{}`", path.display()))
            .path(path)
            .help("give a set folder (one with `game.cards`) or a folder of set folders");
        return Ok(Found::Nothing(d));
    }
    Ok(Found::Sets(sets))
}

/// The folder of the set a `.cards` file belongs to: the nearest folder holding
/// `game.cards`, looking up from the file's own; the file's folder when none does. A file
/// named without a folder (`a.cards`) is in `.`.
pub fn set_dir(file: &Path) -> PathBuf {
    let own = match file.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    own.ancestors().find(|dir| dir.join("game.cards").is_file()).unwrap_or(own).to_path_buf()
}

/// The error with the path it is about, so the message says which file.
fn with_path(e: io::Error, path: &Path) -> io::Error {
    io::Error::new(e.kind(), format!("{}: {e}", path.display()))
}

fn sorted_entries(dir: &Path) -> io::Result<Vec<PathBuf>> {
    let read = std::fs::read_dir(dir).map_err(|e| with_path(e, dir))?;
    let mut entries =
        read.map(|e| e.map(|e| e.path())).collect::<io::Result<Vec<_>>>().map_err(|e| with_path(e, dir))?;
    entries.sort();
    Ok(entries)
}

/// The `.cards` entries directly in `dir` that are not folders, sorted by name: files,
/// and the FIFOs, devices and dangling links named `*.cards` that [`read_card_file`]
/// reports rather than reads.
///
/// # Errors
/// When the folder cannot be listed.
pub fn card_files(dir: &Path) -> io::Result<Vec<PathBuf>> {
    Ok(sorted_entries(dir)?
        .into_iter()
        .filter(|p| p.extension().is_some_and(|e| e == "cards") && !p.is_dir())
        .collect())
}

/// Reads a `.cards` file, when it is a regular file within the size limit
/// ([`cards_cli::files`]).
///
/// # Errors
/// `Ok(Err(diagnostic))` ([`E0009`]) for a path that is not read: not a regular file, a
/// link to nothing, or too large; an [`io::Error`] when a file cannot be read.
pub fn read_card_file(path: &Path) -> io::Result<Result<Vec<u8>, Diagnostic>> {
    let not_read = |e: io::Error| Diagnostic::new(&E0009, format!("`{}` is {e}", path.display())).path(path);
    match cards_cli::files::read(path) {
        Ok(bytes) => Ok(Ok(bytes)),
        Err(e) if matches!(e.kind(), io::ErrorKind::InvalidInput | io::ErrorKind::FileTooLarge) => Ok(Err(not_read(e))),
        Err(e) if e.kind() == io::ErrorKind::NotFound && path.symlink_metadata().is_ok() => {
            Ok(Err(not_read(e).help("remove the link or point it at a file")))
        }
        Err(e) => Err(with_path(e, path)),
    }
}

/// Reads the set in `dir` into `sources`.
///
/// # Errors
/// When a file cannot be read. A file that is not UTF-8 is not an I/O error: it becomes a
/// diagnostic located at the first bad byte.
pub fn load_set(dir: &Path, sources: &mut SourceMap) -> io::Result<SetSource> {
    load_set_over(dir, sources, &std::collections::HashMap::new())
}

/// [`load_set`], taking a file's text from `open` when it is there: an editor's open
/// buffer wins over the disk, and an open `.cards` file in `dir` not yet saved belongs to
/// the set too.
///
/// # Errors
/// As [`load_set`].
pub fn load_set_over(
    dir: &Path,
    sources: &mut SourceMap,
    open: &std::collections::HashMap<PathBuf, Arc<str>>,
) -> io::Result<SetSource> {
    let mut set = SetSource { dir: dir.to_path_buf(), files: Vec::new(), diagnostics: Vec::new() };
    let mut paths = card_files(dir)?;
    let unsaved: Vec<PathBuf> =
        open.keys().filter(|p| p.parent() == Some(dir) && !paths.contains(p)).cloned().collect();
    paths.extend(unsaved);
    paths.sort();
    for path in paths {
        if let Some(text) = open.get(&path) {
            set.files.push(sources.add(SourceFile::new(path, text.clone())));
            continue;
        }
        let bytes = match read_card_file(&path)? {
            Ok(bytes) => bytes,
            Err(d) => {
                set.diagnostics.push(d);
                continue;
            }
        };
        match add_bytes(sources, path, bytes) {
            Ok(id) => set.files.push(id),
            Err(d) => set.diagnostics.push(d),
        }
    }
    Ok(set)
}

/// Adds a file's bytes to `sources`.
///
/// # Errors
/// A non-UTF-8 file is still added (with its lossy text, for display) and the diagnostic
/// that points at its first bad byte is returned.
pub fn add_bytes(sources: &mut SourceMap, path: PathBuf, bytes: Vec<u8>) -> Result<FileId, Diagnostic> {
    match String::from_utf8(bytes) {
        Ok(text) => Ok(sources.add(SourceFile::new(path, text))),
        Err(e) => {
            let offset = e.utf8_error().valid_up_to();
            let lossy = String::from_utf8_lossy(e.as_bytes()).into_owned();
            let width = lossy[offset..].chars().next().map_or(0, char::len_utf8);
            let id = sources.add(SourceFile::new(path, lossy));
            Err(Diagnostic::new(&E0004, format!("invalid UTF-8 at byte offset {offset}"))
                .label(id, Span::new(offset, offset + width), "this byte is not UTF-8")
                .help("save the file as UTF-8"))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn non_utf8_points_at_the_byte() {
        let mut map = SourceMap::new();
        let d = add_bytes(&mut map, "x.cards".into(), b"game x \"\xff\"".to_vec()).unwrap_err();
        assert_eq!(d.message, "invalid UTF-8 at byte offset 8");
        assert_eq!(d.labels[0].span, Span::new(8, 11));
    }
}
