//! The layers of `cardc/src` have no import cycle.
//!
//! Reads every `.rs` file under `cardc/src`, collects the crate paths each top-level module
//! (a folder or a file directly in `src`) names, builds the graph between top-level modules
//! and fails naming every cycle, with the file and line of each import that closes it. A
//! path counts wherever it is written: in a `use` (groups included, `use crate::{a, b::c}`
//! names `a` and `b`), inline (`crate::x::y(…)`), through `super::` that climbs out of its
//! top-level module, and in the crate root (`lib.rs`), whose bare `check::…` paths name
//! modules. A name the crate root re-exports (`crate::Diagnostic`) counts as the module it
//! comes from, and an exported macro (`crate::declare_code`) as the module that defines
//! it, so a re-export hides no cycle. The crate root's own items are a node of their own.
//! Comments (doc comments too), strings and character literals are skipped.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The node of the crate root's own items.
const ROOT: &str = "crate root (lib.rs)";

#[test]
fn no_import_cycle_among_top_level_modules() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    let sources: Vec<(String, String)> = files
        .iter()
        .map(|path| {
            let relative = path.strip_prefix(&src).expect("under src").to_string_lossy().replace('\\', "/");
            let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            (relative, text)
        })
        .collect();
    assert!(sources.len() > 50, "read only {} files under {}", sources.len(), src.display());
    let graph = Graph::of(&sources);
    assert!(
        graph.edges.contains_key(&("check".to_string(), "resolve".to_string())),
        "the scan found no `check` → `resolve` edge, which the checks have: it reads nothing"
    );
    let cycles = graph.cycles();
    assert!(cycles.is_empty(), "import cycles among cardc/src's top-level modules:\n{}", cycles.join("\n"));
}

/// The scan finds the kinds of path it promises to, and a cycle through them.
#[test]
fn the_scan_finds_a_cycle_through_each_kind_of_path() {
    let files = |b: &str| {
        vec![
            ("lib.rs".to_string(), "pub mod a; pub mod b; pub use b::Thing;\n".to_string()),
            ("a/mod.rs".to_string(), "// use crate::b; in a comment\nconst S: &str = \"crate::b\";\n".to_string()),
            ("a/inner.rs".to_string(), "use crate::{c, Thing};\n".to_string()),
            ("b.rs".to_string(), b.to_string()),
            ("c.rs".to_string(), "pub fn f() {}\n".to_string()),
        ]
    };
    // `a` names `b` through the root's re-export of `Thing`; each `b` below names `a`.
    for b in [
        "use crate::a::inner;",
        "use crate::{c, a::inner};",
        "fn f() { crate::a::g(); }",
        "fn f() { super::a::g(); }",
        "mod t { fn f() { super::super::a::g(); } }",
    ] {
        let cycles = Graph::of(&files(b)).cycles();
        assert_eq!(cycles.len(), 1, "{b}: {cycles:?}");
        assert!(cycles[0].contains("`a` → `b`") && cycles[0].contains("`b` → `a`"), "{b}: {}", cycles[0]);
    }
    // Paths that stay inside `b`, or are only text, make no edge to `a`.
    for b in [
        "mod t { use super::inner; }",
        "// crate::a::g()\n",
        "const S: &str = \"crate::a\";",
        "const C: char = '\"'; const S: &str = \"crate::a\";",
        "fn f<'a>(x: &'a str) -> &'a str { x }",
    ] {
        assert_eq!(Graph::of(&files(b)).cycles(), Vec::<String>::new(), "{b}");
    }
}

/// Every `.rs` file under `dir`, in a stable order.
fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|entry| entry.expect("a readable folder entry").path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// One token of Rust source, as far as paths need: an identifier or keyword, or one
/// punctuation character (`::` is two `:`).
#[derive(Clone, Debug, PartialEq)]
enum Token {
    Ident(String),
    Punct(char),
}

/// The tokens of `text` with their lines, leaving out comments, strings, characters and
/// numbers.
fn tokens(text: &str) -> Vec<(Token, usize)> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let (mut i, mut line) = (0, 1);
    let at = |i: usize| chars.get(i).copied().unwrap_or('\0');
    while i < chars.len() {
        let c = chars[i];
        if c == '\n' {
            line += 1;
            i += 1;
        } else if c.is_whitespace() {
            i += 1;
        } else if c == '/' && at(i + 1) == '/' {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && at(i + 1) == '*' {
            let mut depth = 0;
            while i < chars.len() {
                if chars[i] == '/' && at(i + 1) == '*' {
                    depth += 1;
                    i += 2;
                } else if chars[i] == '*' && at(i + 1) == '/' {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    line += usize::from(chars[i] == '\n');
                    i += 1;
                }
            }
        } else if let Some(end) = raw_string_end(&chars, i) {
            line += chars[i..end].iter().filter(|&&c| c == '\n').count();
            i = end;
        } else if c == '"' || (c == 'b' && at(i + 1) == '"') {
            i += if c == 'b' { 2 } else { 1 };
            while i < chars.len() && chars[i] != '"' {
                line += usize::from(chars[i] == '\n');
                i += if chars[i] == '\\' { 2 } else { 1 };
            }
            i += 1;
        } else if c == '\'' {
            // A character literal (`'x'`, `'\n'`, `'\u{..}'`) or a lifetime (`'a`).
            if at(i + 1) == '\\' {
                i += 3;
                while i < chars.len() && chars[i] != '\'' {
                    i += 1;
                }
                i += 1;
            } else if at(i + 2) == '\'' {
                i += 3;
            } else {
                i += 1;
            }
        } else if c == 'b' && at(i + 1) == '\'' {
            i += 1;
        } else if c.is_alphabetic() || c == '_' {
            let start = i;
            while i < chars.len() && (chars[i].is_alphanumeric() || chars[i] == '_') {
                i += 1;
            }
            let word: String = chars[start..i].iter().collect();
            out.push((Token::Ident(word.trim_start_matches("r#").to_string()), line));
        } else if c.is_ascii_digit() {
            while i < chars.len() && (chars[i].is_alphanumeric() || chars[i] == '_') {
                i += 1;
            }
        } else {
            out.push((Token::Punct(c), line));
            i += 1;
        }
    }
    out
}

/// Where the raw string (`r"…"`, `r#"…"#`, `br#"…"#`) starting at `i` ends, if one does.
fn raw_string_end(chars: &[char], i: usize) -> Option<usize> {
    let mut j = i;
    if chars.get(j) == Some(&'b') {
        j += 1;
    }
    if chars.get(j) != Some(&'r') || (i > 0 && (chars[i - 1].is_alphanumeric() || chars[i - 1] == '_')) {
        return None;
    }
    j += 1;
    let hashes = chars[j..].iter().take_while(|&&c| c == '#').count();
    j += hashes;
    if chars.get(j) != Some(&'"') {
        return None;
    }
    j += 1;
    while j < chars.len() {
        if chars[j] == '"' && chars[j + 1..].iter().take(hashes).filter(|&&c| c == '#').count() == hashes {
            return Some(j + 1 + hashes);
        }
        j += 1;
    }
    Some(chars.len())
}

/// The import graph between top-level modules.
struct Graph {
    /// Each edge, with the first place (file:line) that makes it.
    edges: BTreeMap<(String, String), String>,
}

impl Graph {
    /// The graph of the files (paths relative to `src`, with their text).
    fn of(files: &[(String, String)]) -> Graph {
        let modules: BTreeSet<String> = files
            .iter()
            .filter(|(path, _)| path != "lib.rs" && path != "main.rs")
            .map(|(path, _)| top_level(path))
            .collect();
        let mut owners: BTreeMap<String, String> = BTreeMap::new();
        for (path, text) in files {
            let toks = tokens(text);
            for w in toks.windows(3) {
                if let [(Token::Ident(m), _), (Token::Punct('!'), _), (Token::Ident(name), _)] = w {
                    if m == "macro_rules" {
                        owners.insert(name.clone(), top_level(path));
                    }
                }
            }
            if path == "lib.rs" {
                for (first, leaf) in reexports(&toks) {
                    if modules.contains(&first) {
                        owners.entry(leaf).or_insert(first);
                    }
                }
            }
        }
        let resolve = |name: &str| -> String {
            if modules.contains(name) {
                name.to_string()
            } else {
                owners.get(name).cloned().unwrap_or_else(|| ROOT.to_string())
            }
        };
        let mut edges = BTreeMap::new();
        for (path, text) in files {
            if path == "main.rs" {
                continue; // the binary: its `crate` is another crate
            }
            let from = if path == "lib.rs" { ROOT.to_string() } else { top_level(path) };
            let depth = path.trim_end_matches(".rs").trim_end_matches("/mod").split('/').count()
                - usize::from(path == "lib.rs");
            for (name, line) in crate_names(&tokens(text), depth, path == "lib.rs", &modules) {
                let to = resolve(&name);
                if to != from {
                    edges.entry((from.clone(), to)).or_insert(format!("{path}:{line} names `crate::{name}`"));
                }
            }
        }
        Graph { edges }
    }

    /// Each cycle, as the strongly connected component's edges with their places.
    fn cycles(&self) -> Vec<String> {
        let nodes: BTreeSet<&String> = self.edges.keys().flat_map(|(a, b)| [a, b]).collect();
        let reaches = |from: &String| -> BTreeSet<String> {
            let mut seen = BTreeSet::new();
            let mut stack = vec![from.clone()];
            while let Some(n) = stack.pop() {
                for (a, b) in self.edges.keys() {
                    if *a == n && seen.insert(b.clone()) {
                        stack.push(b.clone());
                    }
                }
            }
            seen
        };
        let reach: BTreeMap<&String, BTreeSet<String>> = nodes.iter().map(|n| (*n, reaches(n))).collect();
        let mut done = BTreeSet::new();
        let mut out = Vec::new();
        for n in &nodes {
            if done.contains(*n) || !reach[n].contains(*n) {
                continue;
            }
            let component: BTreeSet<&String> =
                nodes.iter().copied().filter(|m| reach[n].contains(*m) && reach[m].contains(*n)).collect();
            done.extend(component.iter().map(|m| (*m).clone()));
            let names: Vec<String> = component.iter().map(|m| format!("`{m}`")).collect();
            let mut text = format!("cycle among {}:", names.join(", "));
            for ((a, b), place) in &self.edges {
                if component.contains(a) && component.contains(b) {
                    text.push_str(&format!("\n  `{a}` → `{b}`: {place}"));
                }
            }
            out.push(text);
        }
        out
    }
}

/// The top-level module of a file under `src`: its folder, or its name.
fn top_level(path: &str) -> String {
    let first = path.split('/').next().unwrap_or(path);
    first.trim_end_matches(".rs").to_string()
}

/// The crate-level names the tokens of a file at module `depth` name, with their lines:
/// after `crate::` (or `$crate::`), after as many `super::` as climb out to the crate,
/// and, in the crate root, bare paths that start with a module's name.
fn crate_names(toks: &[(Token, usize)], depth: usize, root: bool, modules: &BTreeSet<String>) -> Vec<(String, usize)> {
    let ident = |i: usize| match toks.get(i) {
        Some((Token::Ident(s), _)) => Some(s.as_str()),
        _ => None,
    };
    let punct = |i: usize, c: char| matches!(toks.get(i), Some((Token::Punct(p), _)) if *p == c);
    let path_sep = |i: usize| punct(i, ':') && punct(i + 1, ':');
    let mut out = Vec::new();
    // The brace depths at which inline `mod x {` blocks open, each one level deeper.
    let mut inline = Vec::new();
    let mut braces = 0usize;
    let mut i = 0;
    while i < toks.len() {
        let line = toks[i].1;
        if punct(i, '{') {
            braces += 1;
        } else if punct(i, '}') {
            braces = braces.saturating_sub(1);
            if inline.last() == Some(&braces) {
                inline.pop();
            }
        } else if ident(i) == Some("mod") && ident(i + 1).is_some() && punct(i + 2, '{') {
            inline.push(braces);
        }
        let starts_path = i < 2 || !path_sep(i - 2);
        if starts_path && ident(i) == Some("crate") && path_sep(i + 1) {
            out.extend(first_segments(toks, i + 3).into_iter().map(|n| (n, line)));
            i += 3;
            continue;
        }
        if starts_path && ident(i) == Some("super") {
            let mut n = 0;
            while ident(i + 3 * n) == Some("super") && path_sep(i + 3 * n + 1) {
                n += 1;
            }
            if n > 0 && n == depth + inline.len() {
                out.extend(first_segments(toks, i + 3 * n).into_iter().map(|n| (n, line)));
            }
            i += 3 * n.max(1);
            continue;
        }
        if root && inline.is_empty() && starts_path && !punct(i.wrapping_sub(1), '$') {
            if let Some(name) = ident(i) {
                if modules.contains(name) && path_sep(i + 1) {
                    out.push((name.to_string(), line));
                }
            }
        }
        i += 1;
    }
    out
}

/// The first segment of each path of the use tree starting at token `i`: `a` for `a::b`,
/// `a` and `b` for `{a, b::c}`.
fn first_segments(toks: &[(Token, usize)], i: usize) -> Vec<String> {
    match toks.get(i) {
        Some((Token::Ident(name), _)) => vec![name.clone()],
        Some((Token::Punct('{'), _)) => {
            let mut out = Vec::new();
            let (mut depth, mut j, mut at_start) = (0usize, i, true);
            while let Some((tok, _)) = toks.get(j) {
                match tok {
                    Token::Punct('{') => {
                        depth += 1;
                        at_start = depth == 1;
                    }
                    Token::Punct('}') => {
                        depth -= 1;
                        if depth == 0 {
                            break;
                        }
                    }
                    Token::Punct(',') if depth == 1 => at_start = true,
                    Token::Ident(name) if at_start && depth == 1 => {
                        if name != "self" {
                            out.push(name.clone());
                        }
                        at_start = false;
                    }
                    _ => at_start = false,
                }
                j += 1;
            }
            out
        }
        _ => Vec::new(),
    }
}

/// The names the crate root's `use` items bring in, each with the first segment of its
/// path: `(check, Checked)` for `pub use check::{check_set, Checked};`.
fn reexports(toks: &[(Token, usize)]) -> Vec<(String, String)> {
    let mut out = Vec::new();
    for (i, (tok, _)) in toks.iter().enumerate() {
        if *tok != Token::Ident("use".to_string()) {
            continue;
        }
        let end = toks[i..].iter().position(|(t, _)| *t == Token::Punct(';')).map_or(toks.len(), |p| i + p);
        let Some((Token::Ident(first), _)) = toks.get(i + 1) else { continue };
        // The leaves of the tree: each name followed by `,`, `}`, `;` or the end, or the
        // alias after `as`.
        for j in i + 1..end {
            if let (Token::Ident(name), _) = &toks[j] {
                let next = toks.get(j + 1).map(|(t, _)| t);
                let leaf = matches!(next, None | Some(Token::Punct(',' | '}' | ';')));
                if leaf && name != "self" && name != first {
                    out.push((first.clone(), name.clone()));
                }
            }
        }
    }
    out
}
