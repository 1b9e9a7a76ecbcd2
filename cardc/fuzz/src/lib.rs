//! What the fuzz targets share: the conformance sets, loaded once per process, and a card
//! file checked beside a fixed `game.cards` parsed once per process.
//!
//! The conformance sets are read from the shared folder, `$CARDC_FUZZ_SHARED` or else
//! `../shared` beside the repository (`/work/shared` for a worktree in `/work`).

use std::path::{Path, PathBuf};
use std::sync::LazyLock;

use cardc::ast::File;
use cardc::source::{add_bytes, SourceFile, SourceMap};
use cardc::Checked;
use cards_runtime::Set;

/// The shared folder holding `examples/` and `data/`.
pub fn shared_dir() -> PathBuf {
    match std::env::var_os("CARDC_FUZZ_SHARED") {
        Some(dir) => PathBuf::from(dir),
        None => Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared"),
    }
}

/// The games of the conformance sets, in the order [`game_of`] picks them.
pub const GAMES: [&str; 3] = ["xwing", "armada", "eclipse"];

/// Checks the conformance set of `game` (a folder of `examples/`); panics when it does
/// not check cleanly, since every target that uses it would test nothing.
fn load_set(game: &str) -> Set {
    let dir = shared_dir().join("examples").join(game);
    let report = cardc::check_paths(&[&dir]).unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()));
    let set = report.sets.into_iter().next().and_then(|c| c.set);
    set.unwrap_or_else(|| panic!("the conformance set {} has errors", dir.display()))
}

static SETS: LazyLock<Vec<Set>> = LazyLock::new(|| GAMES.iter().map(|g| load_set(g)).collect());

/// The conformance set of `game` (one of [`GAMES`]), checked once per process.
pub fn set(game: &str) -> &'static Set {
    let i = GAMES.iter().position(|g| *g == game).unwrap_or(0);
    &SETS[i]
}

/// Every conformance set.
pub fn sets() -> &'static [Set] {
    &SETS
}

/// A conformance set's `game.cards`, read and parsed once (as file 0 of a source map).
struct Game {
    file: SourceFile,
    ast: File,
}

static GAME_FILES: LazyLock<Vec<Game>> = LazyLock::new(|| {
    GAMES
        .iter()
        .map(|g| {
            let path = shared_dir().join("examples").join(g).join("game.cards");
            let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            let (ast, _) = cardc::syntax::parse_file(0, &text);
            Game { file: SourceFile::new(PathBuf::from("fuzz/game.cards"), text), ast }
        })
        .collect()
});

/// Which game's `game.cards` a fuzzed card file is checked beside: a file that starts with
/// `#armada` or `#eclipse` (a comment) goes with that game, any other with X-Wing's.
pub fn game_of(data: &[u8]) -> usize {
    if data.starts_with(b"#armada") {
        1
    } else if data.starts_with(b"#eclipse") {
        2
    } else {
        0
    }
}

/// A fuzzed card file checked as `fuzz/input.cards` beside its game's `game.cards` (see
/// [`game_of`]), which is parsed once per process. Returns the sources and the result.
pub fn check_beside_game(data: &[u8]) -> (SourceMap, Checked) {
    let game = &GAME_FILES[game_of(data)];
    let mut sources = SourceMap::new();
    let game_id = sources.add(game.file.clone());
    debug_assert_eq!(game_id, 0);
    let mut diagnostics = Vec::new();
    let mut files = vec![game.ast.clone()];
    // Not UTF-8: the file is still added (with its lossy text) and the diagnostic says where.
    let id = match add_bytes(&mut sources, PathBuf::from("fuzz/input.cards"), data.to_vec()) {
        Ok(id) => Some(id),
        Err(d) => {
            diagnostics.push(d);
            None
        }
    };
    if let Some(id) = id {
        let (ast, d) = cardc::syntax::parse_file(id, &sources.file(id).text);
        diagnostics.extend(d);
        files.push(ast);
    }
    let checked = cardc::pipeline::check_files(&sources, Path::new("fuzz"), &files, diagnostics);
    (sources, checked)
}

/// Asserts that every label of every diagnostic lies within its file's text and on
/// character boundaries, since rendering slices the text there.
pub fn assert_labels_in_text(sources: &SourceMap, checked: &Checked) {
    for d in &checked.diagnostics {
        for label in &d.labels {
            let text = &sources.file(label.file).text;
            let (start, end) = (label.span.start as usize, label.span.end as usize);
            assert!(
                start <= end && end <= text.len(),
                "{} label {start}..{end} outside a text of {} bytes",
                d.code.id,
                text.len()
            );
            assert!(
                text.is_char_boundary(start) && text.is_char_boundary(end),
                "{} label {start}..{end} is not on character boundaries",
                d.code.id
            );
        }
    }
}

/// Asserts what every import of one data file must give: each irregularity names `file`
/// and a JSON path that exists in `text` (the importer read it, so it is JSON; duplicate
/// keys keep their last value here too), and every file of the set written parses with no
/// syntax error (names and text from the data are escaped).
pub fn assert_imported_from(imported: &cardc::import::Imported, file: &str, text: &str) {
    let json: serde_json::Value = serde_json::from_str(text).unwrap_or_else(|e| panic!("imported, yet not JSON: {e}"));
    for i in &imported.irregularities {
        assert_eq!(i.file, file, "an irregularity names another file: {i}");
        assert!(json_at(&json, &i.path).is_some(), "an irregularity's path is not in the input: {i}");
    }
    for (name, source) in &imported.files {
        let (_, diagnostics) = cardc::syntax::parse_file(0, source);
        if let Some(d) = diagnostics.iter().find(|d| d.severity == cardc::diagnostics::Severity::Error) {
            panic!("the imported {name} does not parse: {} {}\n{source}", d.code.id, d.message);
        }
    }
}

/// The value at `path` (`$`, `.key`, `[3]`, `["odd key"]`, as an importer's irregularity
/// names a place) in `root`, if there is one.
pub fn json_at<'v>(root: &'v serde_json::Value, path: &str) -> Option<&'v serde_json::Value> {
    let mut rest = path.strip_prefix('$')?;
    let mut value = root;
    while !rest.is_empty() {
        if let Some(after) = rest.strip_prefix('.') {
            let end = after.find(['.', '[']).unwrap_or(after.len());
            value = value.as_object()?.get(&after[..end])?;
            rest = &after[end..];
        } else if let Some(after) = rest.strip_prefix("[\"") {
            // A JSON string: up to the first quote not escaped.
            let mut escaped = false;
            let end = after.char_indices().find(|&(_, c)| {
                let closes = c == '"' && !escaped;
                escaped = c == '\\' && !escaped;
                closes
            })?;
            let key: String =
                serde_json::from_str(&rest[1..end.0 + 3]).ok().filter(|_| after[end.0 + 1..].starts_with(']'))?;
            value = value.as_object()?.get(&key)?;
            rest = &after[end.0 + 2..];
        } else {
            let after = rest.strip_prefix('[')?;
            let end = after.find(']')?;
            value = value.as_array()?.get(after[..end].parse::<usize>().ok()?)?;
            rest = &after[end + 1..];
        }
    }
    Some(value)
}
