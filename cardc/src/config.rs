//! The build-script API, shaped like prost-build: [`Config`] to set options, [`compile`]
//! for the one-call case, and [`generate`], a pure function from checked sets to files in
//! memory that the CLI, `build.rs` and the tests all share.

use std::fmt;
use std::io;
use std::path::{Path, PathBuf};

use crate::emit::{self, ident, GeneratedFile};
use crate::{RenderStyle, Report};

/// Why compiling card sets failed.
pub enum Error {
    /// A path or file could not be read, or an output file written.
    Io(io::Error),
    /// The sets have errors; `rendered` holds every diagnostic as rustc-style text.
    Check {
        /// How many errors.
        errors: usize,
        /// The rendered diagnostics (no colour).
        rendered: String,
    },
    /// Two sets would become modules of the same name.
    Conflict(String),
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Io(e) => write!(f, "cardc: {e}"),
            Error::Check { errors, rendered } => {
                write!(
                    f,
                    "{rendered}cardc: could not compile the card sets: {errors} error{}",
                    if *errors == 1 { "" } else { "s" }
                )
            }
            Error::Conflict(message) => write!(f, "cardc: {message}"),
        }
    }
}

/// Shows the same text as `Display`, so that `build.rs` can `unwrap()` or return the error
/// from `main` and still print readable diagnostics.
impl fmt::Debug for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl std::error::Error for Error {}

impl From<io::Error> for Error {
    fn from(e: io::Error) -> Self {
        Error::Io(e)
    }
}

/// The name of the index file that includes every set's module. It holds a `-`, which no
/// module file name can (they are snake_case), so no game id can collide with it.
pub const INDEX_FILE: &str = "cardc-sets.rs";

/// The generated files for checked sets: `<module>.rs` per set and the index
/// [`INDEX_FILE`].
/// Pure: no file is read or written.
///
/// # Errors
/// When a set has errors (every diagnostic rendered), or two sets share a module name.
pub fn generate(report: &Report) -> Result<Vec<GeneratedFile>, Error> {
    let errors = report.errors();
    if errors > 0 {
        let style = RenderStyle { color: false, width: 100 };
        let rendered =
            report.all_diagnostics().filter(|d| d.is_error()).map(|d| d.render(&report.sources, style)).collect();
        return Err(Error::Check { errors, rendered });
    }
    let mut modules: Vec<(String, &cards_runtime::Set)> = Vec::new();
    let mut dirs: Vec<&Path> = Vec::new();
    for checked in &report.sets {
        let Some(set) = &checked.set else { continue };
        let module = ident::snake(&set.game);
        if let Some(i) = modules.iter().position(|(m, _)| *m == module) {
            return Err(Error::Conflict(format!(
                "the sets in `{}` and `{}` would both be the module `{module}`; give one of them another game id",
                dirs[i].display(),
                checked.dir.display()
            )));
        }
        modules.push((module, set));
        dirs.push(&checked.dir);
    }
    let mut files: Vec<GeneratedFile> = modules
        .iter()
        .map(|(module, set)| GeneratedFile {
            name: format!("{}.rs", module.trim_start_matches("r#")),
            contents: emit::emit_set(set),
        })
        .collect();
    files.sort_by(|a, b| a.name.cmp(&b.name));
    files.push(GeneratedFile { name: INDEX_FILE.into(), contents: emit::emit_index(&modules) });
    Ok(files)
}

/// Options for compiling card sets.
#[derive(Clone, Debug)]
pub struct Config {
    out_dir: Option<PathBuf>,
    cargo: Option<bool>,
}

impl Default for Config {
    fn default() -> Self {
        Config::new()
    }
}

impl Config {
    /// The defaults: write to `$OUT_DIR`, print cargo instructions when run by cargo.
    pub fn new() -> Config {
        Config { out_dir: None, cargo: None }
    }

    /// Writes the generated files here instead of `$OUT_DIR`.
    pub fn out_dir(&mut self, dir: impl Into<PathBuf>) -> &mut Self {
        self.out_dir = Some(dir.into());
        self
    }

    /// Whether to print `cargo:rerun-if-changed` and `cargo:warning` lines. By default,
    /// only when running inside a build script (when `OUT_DIR` is set).
    pub fn cargo_instructions(&mut self, on: bool) -> &mut Self {
        self.cargo = Some(on);
        self
    }

    /// Checks the sets under `paths` and returns the files to write, without writing them.
    ///
    /// # Errors
    /// See [`generate`]; also when a path cannot be read.
    pub fn generate(&self, paths: &[impl AsRef<Path>]) -> Result<Vec<GeneratedFile>, Error> {
        let report = crate::check_paths(paths)?;
        self.instructions(paths, &report);
        generate(&report)
    }

    /// Checks the sets under `paths` and writes the generated files (each only if its
    /// bytes changed, and never half-written).
    ///
    /// # Errors
    /// See [`generate`]; also when a path cannot be read or a file written.
    pub fn compile(&self, paths: &[impl AsRef<Path>]) -> Result<(), Error> {
        let files = self.generate(paths)?;
        let out = match &self.out_dir {
            Some(d) => d.clone(),
            None => std::env::var_os("OUT_DIR").map(PathBuf::from).ok_or_else(|| {
                io::Error::new(io::ErrorKind::NotFound, "OUT_DIR is not set: call from build.rs or set Config::out_dir")
            })?,
        };
        std::fs::create_dir_all(&out)?;
        for file in files {
            write_if_changed(&out.join(&file.name), file.contents.as_bytes())?;
        }
        Ok(())
    }

    fn instructions(&self, paths: &[impl AsRef<Path>], report: &Report) {
        if !self.cargo.unwrap_or_else(|| std::env::var_os("OUT_DIR").is_some()) {
            return;
        }
        for p in paths {
            println!("cargo:rerun-if-changed={}", instruction_path(p.as_ref()).display());
        }
        for set in &report.sets {
            println!("cargo:rerun-if-changed={}", instruction_path(&set.dir).display());
        }
        for i in 0..report.sources.len() {
            println!("cargo:rerun-if-changed={}", instruction_path(&report.sources.file(i as u32).path).display());
        }
        // Notes (how cards interact) are for `cardc check`; a build shows only warnings.
        for d in report.all_diagnostics().filter(|d| d.severity == crate::Severity::Warning) {
            let place = d.primary().map(|l| {
                let file = report.sources.file(l.file);
                let (line, col) = file.line_col(l.span.start as usize);
                format!("{}:{line}:{col}: ", file.name)
            });
            let line = format!("{}warning[{}]: {}", place.unwrap_or_default(), d.code.id, d.message);
            println!("cargo:warning={}", crate::diagnostics::inert_line(&line));
        }
    }
}

/// A path as a `cargo:` instruction can carry it: a path with a line break in it would end
/// the instruction and start another, so its nearest folder without one stands for it.
fn instruction_path(path: &Path) -> &Path {
    let clean = |p: &&Path| {
        !p.as_os_str().is_empty() && !p.as_os_str().as_encoded_bytes().iter().any(|b| matches!(b, b'\n' | b'\r'))
    };
    path.ancestors().find(clean).unwrap_or(Path::new("."))
}

/// Writes `bytes` to `path` unless it already holds them, through a temporary file and a
/// rename so that no reader ever sees half a file.
///
/// # Errors
/// When the file cannot be written.
pub fn write_if_changed(path: &Path, bytes: &[u8]) -> io::Result<bool> {
    if std::fs::read(path).is_ok_and(|old| old == bytes) {
        return Ok(false);
    }
    let tmp = path.with_extension("rs.tmp");
    std::fs::write(&tmp, bytes)?;
    std::fs::rename(&tmp, path)?;
    Ok(true)
}

/// Compiles the sets under `path` into `$OUT_DIR`: the one call a `build.rs` needs.
///
/// ```no_run
/// // build.rs
/// fn main() -> Result<(), cardc::Error> {
///     cardc::compile("cards")
/// }
/// ```
///
/// # Errors
/// See [`Config::compile`].
pub fn compile(path: impl AsRef<Path>) -> Result<(), Error> {
    Config::new().compile(&[path])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_message_cannot_start_a_cargo_instruction_or_reach_the_terminal_raw() {
        use crate::diagnostics::inert_line;
        assert_eq!(inert_line("unknown icon `crew`"), "unknown icon `crew`");
        assert_eq!(
            inert_line("name `X\ncargo:rustc-env=A=B`\u{1b}[2J\r"),
            "name `X\\ncargo:rustc-env=A=B`\\u{1b}[2J\\r"
        );
    }

    #[test]
    fn a_path_with_a_line_break_is_stood_for_by_its_folder() {
        assert_eq!(instruction_path(Path::new("cards/xwing/game.cards")), Path::new("cards/xwing/game.cards"));
        assert_eq!(instruction_path(Path::new("cards/x\nwing/game.cards")), Path::new("cards"));
        assert_eq!(instruction_path(Path::new("a\rb.cards")), Path::new("."), "the package folder");
    }
}
