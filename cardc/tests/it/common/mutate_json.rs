//! Real card data, mutated the ways real data strays from its schema: the importers' property
//! tests write a data file back with one irregularity at one site and check that the import
//! reports exactly that one.

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use cardc::import::{check_imported, Imported};
use serde_json::Value;

/// What a data's JSON looks like, for finding the sites of each mutation.
pub struct Schema {
    /// Keys whose value is a whole number.
    pub numbers: &'static [&'static str],
    /// Keys whose value is a list of strings.
    pub lists: &'static [&'static str],
    /// The key that identifies a card (`xws`, `name`).
    pub id: &'static str,
    /// The key of a card's ability text.
    pub text: &'static str,
    /// The JSON paths of the lists whose items are cards (`$`, `$.pilots`).
    pub card_lists: &'static [&'static str],
}

/// How a test changes one data file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mutation {
    /// Names a key of an object twice, the first time with `null` (the last wins).
    DuplicateKey,
    /// Writes a whole number under a number key as a string.
    NumberAsString,
    /// Writes a one-element list under a list key as its element.
    OneForAList,
    /// Leaves out a card's id key.
    DropId,
    /// Puts HTML into an ability.
    Html,
    /// Makes a card's name a number, so that it cannot be read.
    BreakCard,
    /// Names an icon in an ability that the data's lists do not declare.
    UnknownName,
}

impl Mutation {
    /// Every mutation.
    pub const ALL: [Mutation; 7] = [
        Mutation::DuplicateKey,
        Mutation::NumberAsString,
        Mutation::OneForAList,
        Mutation::DropId,
        Mutation::Html,
        Mutation::BreakCard,
        Mutation::UnknownName,
    ];
}

/// Writes a JSON value back as text, applying a mutation at its `target`-th site (counting
/// from 0 in document order); counts the sites and records the JSON path of the one
/// changed.
pub struct Writer<'s> {
    schema: &'s Schema,
    m: Mutation,
    target: usize,
    /// How many sites of the mutation the value has (once written).
    pub sites: usize,
    /// The JSON path of the site changed.
    pub hit: Option<String>,
    /// The text written.
    pub out: String,
}

impl<'s> Writer<'s> {
    /// How many sites of `m` the value `v` has.
    pub fn sites(schema: &'s Schema, m: Mutation, v: &Value) -> usize {
        let mut w = Writer::new(schema, m, usize::MAX);
        w.write(v, "$", false);
        w.sites
    }

    /// `v` written with `m` at its `target`-th site.
    pub fn mutate(schema: &'s Schema, m: Mutation, target: usize, v: &Value) -> Writer<'s> {
        let mut w = Writer::new(schema, m, target);
        w.write(v, "$", false);
        w
    }

    fn new(schema: &'s Schema, m: Mutation, target: usize) -> Writer<'s> {
        Writer { schema, m, target, sites: 0, hit: None, out: String::new() }
    }

    fn site(&mut self, path: &str) -> bool {
        let here = self.sites == self.target;
        self.sites += 1;
        if here {
            self.hit = Some(path.to_string());
        }
        here
    }

    /// The member `k: x` of the object at `path` written mutated (empty: left out), when
    /// it is the site.
    fn mutated_member(&mut self, k: &str, x: &Value, path: &str, card: bool) -> Option<String> {
        let at = format!("{path}.{k}");
        let key = Value::String(k.to_string()).to_string();
        let text_site = k == self.schema.text && x.as_str().is_some_and(|s| s.contains(' '));
        let m = self.m;
        match m {
            Mutation::DuplicateKey if self.site(&at) => {
                let mut inner = Writer::new(self.schema, m, usize::MAX);
                inner.write(x, &at, false);
                Some(format!("{key}:null,{key}:{}", inner.out))
            }
            Mutation::DropId if card && k == self.schema.id && self.site(path) => Some(String::new()),
            Mutation::BreakCard if card && k == "name" && self.site(path) => Some(format!("{key}:7")),
            Mutation::NumberAsString if self.schema.numbers.contains(&k) && x.is_i64() && self.site(&at) => {
                Some(format!("{key}:\"{x}\""))
            }
            Mutation::OneForAList
                if self.schema.lists.contains(&k)
                    && x.as_array().is_some_and(|a| a.len() == 1 && a[0].is_string())
                    && self.site(&at) =>
            {
                Some(format!("{key}:{}", x[0]))
            }
            Mutation::UnknownName if text_site && self.site(&at) => {
                let text = format!("{} (See [Force Charge].)", x.as_str().unwrap_or_default());
                Some(format!("{key}:{}", Value::String(text)))
            }
            Mutation::Html if text_site && self.site(&at) => {
                let text = x.as_str().unwrap_or_default();
                let html = match self.sites % 3 {
                    0 => text.replacen(". ", ".<br>", 1),
                    1 => format!("<strong>{text}</strong>"),
                    _ => text.replacen(' ', " <span class=\"hit\"></span><i> </i>", 1),
                };
                let html = if html.contains('<') { html } else { format!("<i>{text}</i>") };
                Some(format!("{key}:{}", Value::String(html)))
            }
            _ => None,
        }
    }

    fn write(&mut self, v: &Value, path: &str, card: bool) {
        match v {
            Value::Object(map) => {
                let mut members = Vec::new();
                for (k, x) in map {
                    match self.mutated_member(k, x, path, card) {
                        Some(text) if text.is_empty() => {}
                        Some(text) => members.push(text),
                        None => {
                            let key = Value::String(k.clone()).to_string();
                            let mut inner = std::mem::take(&mut self.out);
                            self.write(x, &format!("{path}.{k}"), false);
                            std::mem::swap(&mut inner, &mut self.out);
                            members.push(format!("{key}:{inner}"));
                        }
                    }
                }
                self.out.push('{');
                self.out.push_str(&members.join(","));
                self.out.push('}');
            }
            Value::Array(items) => {
                self.out.push('[');
                let cards = self.schema.card_lists.contains(&path);
                for (i, x) in items.iter().enumerate() {
                    if i > 0 {
                        self.out.push(',');
                    }
                    self.write(x, &format!("{path}[{i}]"), cards);
                }
                self.out.push(']');
            }
            other => self.out.push_str(&other.to_string()),
        }
    }
}

/// Copies the folder `from` to `to`, with everything in it.
pub fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let path = entry.unwrap().path();
        let dest = to.join(path.file_name().unwrap());
        if path.is_dir() {
            copy_dir(&path, &dest);
        } else {
            std::fs::copy(&path, &dest).unwrap();
        }
    }
}

/// A data folder and its JSON files (relative path, JSON).
pub type Base = (PathBuf, Vec<(String, Value)>);

/// The data folder `data` (a path under `../shared`), copied once per test binary into the
/// folder `name` of the tests' own, with the JSON files of its folders `dirs` (relative
/// paths, sorted); `None` without `../shared`.
pub fn base(cell: &'static OnceLock<Option<Base>>, data: &str, name: &str, dirs: &[&str]) -> Option<&'static Base> {
    cell.get_or_init(|| {
        let from = super::shared()?.join(data);
        let to = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
        let _ = std::fs::remove_dir_all(&to);
        copy_dir(&from, &to);
        let mut files = Vec::new();
        for dir in dirs {
            collect_json(&to, &to.join(dir), &mut files);
        }
        files.sort_by(|a, b| a.0.cmp(&b.0));
        Some((to, files))
    })
    .as_ref()
}

/// The `.json` files under `dir` (at any depth), as their paths relative to `root`
/// (`/`-separated) and their JSON, pushed onto `out`.
fn collect_json(root: &Path, dir: &Path, out: &mut Vec<(String, Value)>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            collect_json(root, &path, out);
        } else if path.extension().is_some_and(|e| e == "json") {
            let rel = path.strip_prefix(root).unwrap().to_string_lossy().replace('\\', "/");
            out.push((rel, serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap()));
        }
    }
}

/// A copy of a data folder with one file mutated.
pub struct Mutated<'f> {
    /// The copy.
    pub dir: tempfile::TempDir,
    /// The file mutated, relative to the folder.
    pub rel: &'f str,
    /// Its JSON before.
    pub value: &'f Value,
    /// The JSON path of the site changed.
    pub hit: String,
}

/// Copies the data folder `root` and writes one of its `files` (the `file`-th of those with
/// a site for `m`, cycling) with `m` at one site (the `site`-th, cycling).
pub fn mutate_copy<'f>(
    schema: &Schema,
    m: Mutation,
    root: &Path,
    files: &'f [(String, Value)],
    (file, site): (usize, usize),
) -> Mutated<'f> {
    let candidates: Vec<&(String, Value)> = files.iter().filter(|(_, v)| Writer::sites(schema, m, v) > 0).collect();
    let (rel, value) = candidates[file % candidates.len()];
    let w = Writer::mutate(schema, m, site % Writer::sites(schema, m, value), value);
    let dir = tempfile::tempdir().unwrap();
    copy_dir(root, dir.path());
    std::fs::write(dir.path().join(rel), &w.out).unwrap();
    Mutated { dir, rel, value, hit: w.hit.unwrap() }
}

/// That the import of a mutated copy reports exactly one irregularity, of `kind`, in the
/// file mutated, at (or around) the site, and counts it in its summary.
pub fn reports_one(after: &Imported, kind: &str, mutated: &Mutated<'_>) -> Result<(), String> {
    let found: Vec<String> = after.irregularities.iter().map(ToString::to_string).collect();
    let at = format!("{} {}", mutated.rel, mutated.hit);
    match after.irregularities.as_slice() {
        [i] if i.kind == kind && i.file == mutated.rel && mutated.hit.starts_with(&i.path) => {}
        _ => return Err(format!("{at}: expected one `{kind}` there, found {found:#?}")),
    }
    let summary = after.summary();
    if !(summary.contains("1 warning)") && summary.contains(kind)) {
        return Err(format!("{at}: not counted in the summary:\n{summary}"));
    }
    Ok(())
}

/// The number of errors checking an imported set gives, with the first few rendered.
pub fn set_errors(imported: &Imported) -> (usize, String) {
    let report = check_imported(Path::new("/set"), &imported.files);
    (report.errors(), super::rendered_errors(&report, 5))
}
