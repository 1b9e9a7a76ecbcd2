//! Accepted ⇒ compiles: a set the checker accepts generates Rust that compiles, and the
//! compiled set is the checked one, byte for byte.
//!
//! Random valid sets come from [`cardc::synth::generate_with`], each from a seed and with
//! hostile names (quotes, raw-string breakers, keywords, digits, names that collide as
//! identifiers, non-ASCII and control characters, kilobyte names), and each with a game id
//! of [`cardc::synth::GAME_IDS`] (keywords, `core`, `std`, `cards-runtime`…) as its module
//! name. For a batch of seeds: every set checks with no error, [`cardc::generate`] turns
//! them into one index and a module each, `syn` parses every file, and a throw-away crate
//! compiles them the way a user's crate does (a `build.rs` putting the files in `OUT_DIR`,
//! `include!` of the index, a dependency on `cards-runtime` by path, `#![deny(warnings)]`).
//! Its program unpacks every set and prints what the cards, vocabulary entries and rules
//! are called, through the runtime model and through the typed layer (`CardId`, the
//! vocabulary enums, every card's type); that must be what the checked sets hold.
//!
//! The seeds: [`FIXED`], plus one from `CARDC_SYNTH_SEED` or, without it, today's date
//! (`YYYYMMDD`, UTC); `CARDC_SYNTH_SEEDS=a,b,c` replaces them all (`cardc/fuzz/synth.sh`
//! runs it so, over and over). A failure names its seeds and keeps each failing set's
//! `.cards` files and generated Rust in `target/tmp/accepted-compiles/failures/seed-N/`.
//! The crate builds in the workspace's target folder with the workspace's profiles, so the
//! dependencies the workspace built are reused, and `cards-runtime` is built once a run.
//!
//! The conformance sets and `tests/sets/tricky` go through the same crate: checked clean,
//! they compile to themselves.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;

use crate::common;
use cardc::emit::ident;
use cardc::synth::{self, Options, GAME_IDS};
use cards_runtime::model::{CardKind, CostBasis, Set, ShipView, VocabKind};
use cards_runtime::restriction::Subject;

/// Seeds every run builds.
const FIXED: [u64; 3] = [1, 2, 3];

/// The work folder: the crate, its target folder, kept failures.
fn work() -> PathBuf {
    PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("accepted-compiles")
}

/// The seeds of this run: `CARDC_SYNTH_SEEDS`, else [`FIXED`] and `CARDC_SYNTH_SEED` or
/// today's date.
fn seeds() -> Vec<u64> {
    let parse = |v: &str| -> u64 { v.trim().parse().unwrap_or_else(|_| panic!("`{v}` is not a seed (a number)")) };
    if let Ok(list) = std::env::var("CARDC_SYNTH_SEEDS") {
        return list.split(',').filter(|s| !s.trim().is_empty()).map(parse).collect();
    }
    let extra = std::env::var("CARDC_SYNTH_SEED").map(|s| parse(&s)).unwrap_or_else(|_| today());
    let mut seeds = FIXED.to_vec();
    if !seeds.contains(&extra) {
        seeds.push(extra);
    }
    seeds
}

/// Today's date (UTC) as a number, `20261124`.
fn today() -> u64 {
    let secs = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs());
    // Howard Hinnant's civil_from_days.
    let z = (secs / 86_400) as i64 + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    (year * 10_000 + month * 100 + day) as u64
}

/// How many cards seed `seed`'s set has: 30 to 79.
fn cards(seed: u64) -> usize {
    30 + (synth::mix(seed) % 50) as usize
}

/// One set of a batch: its seed and its options.
struct Member {
    seed: u64,
    options: Options,
}

/// The game id of seed `seed`'s set, hence its module: one of [`GAME_IDS`] chosen by the
/// seed (so that a seed gets the same alone as in most batches), the next one free when
/// `taken` holds it.
fn game_id(seed: u64, taken: &[&str]) -> String {
    let n = GAME_IDS.len();
    (0..n)
        .map(|j| GAME_IDS[((seed % n as u64) as usize + j) % n].to_string())
        .find(|id| !taken.contains(&id.as_str()))
        .unwrap_or_else(|| format!("synth-{seed}"))
}

/// Why a batch failed, and the seeds it names (all of the batch's when it cannot tell).
struct Failure {
    seeds: Vec<u64>,
    message: String,
}

/// Checks, generates, compiles and runs the sets of `seeds` as one crate.
fn run(seeds: &[u64], label: &str) -> Result<(), Failure> {
    let mut members: Vec<Member> = Vec::new();
    for &seed in seeds {
        let taken: Vec<&str> = members.iter().filter_map(|m| m.options.game.as_deref()).collect();
        let options = Options { seed, hostile: true, game: Some(game_id(seed, &taken)) };
        members.push(Member { seed, options });
    }
    let mut report = cardc::Report::default();
    for m in &members {
        let set = synth::load_with(&mut report.sources, format!("seed-{}", m.seed), cards(m.seed), &m.options);
        let checked = cardc::check_set(&report.sources, &set);
        let errors: Vec<String> = checked
            .diagnostics
            .iter()
            .filter(|d| d.is_error())
            .take(3)
            .map(|d| d.render(&report.sources, cardc::RenderStyle { color: false, width: 100 }))
            .collect();
        if !errors.is_empty() {
            return Err(Failure {
                seeds: vec![m.seed],
                message: format!("the generated set has errors (the generator's contract):\n{}", errors.join("\n")),
            });
        }
        report.sets.push(checked);
    }
    compile(&report, label).map_err(|m| Failure { seeds: seeds_of(&members, m.game.as_deref()), message: m.message })
}

/// The seeds of the members whose game is `game` (quoted, as the program prints it), or
/// every member's when none is (or no game is known).
fn seeds_of(members: &[Member], game: Option<&str>) -> Vec<u64> {
    let quoted = |m: &Member| format!("{:?}", m.options.game.as_deref().unwrap_or_default());
    let seeds: Vec<u64> = members.iter().filter(|m| Some(quoted(m).as_str()) == game).map(|m| m.seed).collect();
    if seeds.is_empty() {
        members.iter().map(|m| m.seed).collect()
    } else {
        seeds
    }
}

/// Why checked sets failed to compile to themselves, and the game (quoted) the first
/// difference belongs to, when there is one.
struct Mismatch {
    game: Option<String>,
    message: String,
}

impl From<String> for Mismatch {
    fn from(message: String) -> Mismatch {
        Mismatch { game: None, message }
    }
}

/// Generates the checked sets of `report`, parses every file with `syn`, compiles them as
/// the crate `label` and runs its program, whose output must be the checked sets.
fn compile(report: &cardc::Report, label: &str) -> Result<(), Mismatch> {
    let generated = cardc::generate(report).map_err(|e| format!("cardc::generate refused the sets: {e}"))?;
    for file in &generated {
        if let Err(e) = syn::parse_file(&file.contents) {
            return Err(format!("`{}` does not parse with syn: {e}", file.name).into());
        }
    }
    let sets: Vec<&Set> = report.sets.iter().filter_map(|c| c.set.as_ref()).collect();
    let dir = work().join(label);
    write_crate(&dir, label, &generated, &sets).map_err(|e| format!("writing the crate in {}: {e}", dir.display()))?;
    let output = build_and_run(&dir, label)?;
    compare(&output, &sets)
}

/// Writes the throw-away crate `label` (each crate its own package name: two packages of
/// one name and version, each the root of its workspace, are the same units to cargo and
/// overwrite each other in a shared target folder): its manifest, the workspace's lock file (the same
/// dependency versions, nothing to resolve), a `build.rs` that copies `gen/` into
/// `OUT_DIR`, the generated files in `gen/`, a library including the index and a program
/// printing every set.
fn write_crate(
    dir: &Path,
    label: &str,
    generated: &[cardc::emit::GeneratedFile],
    sets: &[&Set],
) -> std::io::Result<()> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let gen = dir.join("gen");
    if gen.exists() {
        std::fs::remove_dir_all(&gen)?;
    }
    std::fs::create_dir_all(&gen)?;
    std::fs::create_dir_all(dir.join("src"))?;
    let manifest = format!(
        "[package]\nname = {label:?}\nversion = \"0.0.0\"\nedition = \"2021\"\n\n[lib]\nname = \"accepted_compiles\"\n\n[dependencies]\ncards-runtime = {{ path = {:?} }}\n\n[workspace]\n{}",
        root.join("cards-runtime").display().to_string(),
        common::profiles()
    );
    write_if_changed(&dir.join("Cargo.toml"), &manifest)?;
    std::fs::copy(root.join("Cargo.lock"), dir.join("Cargo.lock"))?;
    write_if_changed(&dir.join("build.rs"), BUILD_RS)?;
    for file in generated {
        std::fs::write(gen.join(&file.name), &file.contents)?;
    }
    write_if_changed(
        &dir.join("src/lib.rs"),
        "//! The sets, as a user's crate includes them.\n#![deny(warnings)]\ninclude!(concat!(env!(\"OUT_DIR\"), \"/cardc-sets.rs\"));\n",
    )?;
    write_if_changed(&dir.join("src/main.rs"), &program(sets))
}

/// The throw-away crate's build script: what a user's `build.rs` does with
/// `cardc::compile`, without building cardc: the files land in `OUT_DIR`.
const BUILD_RS: &str = r#"fn main() {
    let out = std::path::PathBuf::from(std::env::var_os("OUT_DIR").unwrap());
    println!("cargo:rerun-if-changed=gen");
    for entry in std::fs::read_dir("gen").unwrap() {
        let path = entry.unwrap().path();
        std::fs::copy(&path, out.join(path.file_name().unwrap())).unwrap();
    }
}
"#;

/// Writes `text` to `path` unless it holds it already (cargo then has nothing to redo).
fn write_if_changed(path: &Path, text: &str) -> std::io::Result<()> {
    if std::fs::read_to_string(path).is_ok_and(|old| old == text) {
        return Ok(());
    }
    std::fs::write(path, text)
}

/// The program: every set of `SETS` through the runtime model, then each module's
/// typed layer. Every path is absolute, since a module may be called `std` or `core`.
fn program(sets: &[&Set]) -> String {
    let mut out = String::from(
        "use ::accepted_compiles as sets;\n\nfn main() {\n    for set in sets::SETS {\n        dump(set);\n    }\n",
    );
    for set in sets {
        let module = format!("sets::{}", ident::snake(&set.game));
        let _ = writeln!(out, "    {{\n        let game = &{module}::SET.game;");
        let _ = writeln!(
            out,
            "        for c in {module}::CardId::ALL {{ ::std::println!(\"typed {{:?}} {{}} {{:?}} {{:?}}\", game, c.index(), c.as_str(), c.to_string()); }}"
        );
        // The printed facts, by the entries' ids (through `typed::Entry`, which every
        // vocabulary enum and `Infallible` implement).
        let _ = writeln!(
            out,
            "        for c in {module}::CardId::ALL {{ ::std::println!(\"facts {{:?}} {{}} {{:?}} {{:?}} {{:?}} {{:?}} {{:?}} {{:?}} {{:?}}\", game, c.index(), c.kind().as_str(), c.cost(), ids(c.factions()), ids(c.icons()), ids(c.upgrades()), c.stats().iter().map(|(s, v)| (::cards_runtime::typed::Entry::as_str(*s), *v)).collect::<::std::vec::Vec<_>>(), c.size().map(::cards_runtime::typed::Entry::as_str)); }}"
        );
        let _ = writeln!(
            out,
            "        for c in {module}::CardId::ALL {{ ::std::println!(\"more {{:?}} {{}} {{:?}} {{:?}} {{:?}} {{:?}} {{:?}} {{:?}} {{:?}}\", game, c.index(), c.unique(), c.limited(), c.charges(), c.force(), c.xws(), c.profile().map(|p| p.as_str()), cost_by(c.cost_by())); }}"
        );
        for kind in VocabKind::ALL {
            if set.vocab.list(kind).is_empty() {
                continue;
            }
            let _ = writeln!(
                out,
                "        for e in {module}::{}::ALL {{ ::std::println!(\"enum {{:?}} {} {{}} {{:?}} {{:?}} {{:?}}\", game, e.index(), e.as_str(), e.name(), e.to_string()); }}",
                kind.enum_name(),
                kind.enum_name(),
            );
        }
        // The releases, from `Release`'s tables, and each card's cost as of each.
        if !set.releases.is_empty() {
            let _ = writeln!(
                out,
                "        for r in {module}::Release::ALL {{ ::std::println!(\"release {{:?}} {{}} {{:?}} {{:?}} {{:?}} {{:?}} {{:?}}\", game, r.index(), r.as_str(), r.name(), r.date(), {module}::Release::on(r.date()).map(|x| x.index()), r.set().cards.iter().map(|c| c.cost).collect::<::std::vec::Vec<_>>()); }}"
            );
        }
        for (i, c) in set.cards.iter().enumerate() {
            let alias = ident::token(&ident::pascal(&c.id));
            let _ = writeln!(
                out,
                "        ::std::println!(\"alias {{:?}} {i} {{}} {{:?}} {{:?}}\", game, <{module}::cards::{alias} as ::cards_runtime::typed::Card>::INDEX, <{module}::cards::{alias} as ::cards_runtime::typed::Card>::ID_STR, <{module}::cards::{alias} as ::cards_runtime::typed::Card>::NAME);"
            );
        }
        out.push_str("    }\n");
    }
    out.push_str(DUMP);
    out
}

/// How the program prints a set through the runtime model.
const DUMP: &str = r#"}

fn ids<E: ::cards_runtime::typed::Entry>(entries: &[E]) -> ::std::vec::Vec<&'static str> {
    entries.iter().map(|e| e.as_str()).collect()
}

fn cost_by<A: ::cards_runtime::typed::Entry, B: ::cards_runtime::typed::Entry>(
    cost: ::core::option::Option<::cards_runtime::typed::CostBy<A, B>>,
) -> ::core::option::Option<(&'static str, ::std::vec::Vec<(::std::string::String, i64)>)> {
    use ::std::string::ToString;
    Some(match cost? {
        ::cards_runtime::typed::CostBy::Size(costs) => ("size", costs.iter().map(|(s, c)| (s.as_str().to_string(), *c)).collect()),
        ::cards_runtime::typed::CostBy::Stat(stat, costs) => (stat.as_str(), costs.iter().map(|(k, c)| (k.to_string(), *c)).collect()),
    })
}

fn dump(set: &::cards_runtime::model::Set) {
    ::std::println!("set {:?} {:?} {}", &*set.game, &*set.name, set.cards.len());
    for kind in ::cards_runtime::model::VocabKind::ALL {
        for e in set.vocab.list(kind) {
            ::std::println!("vocab {:?} {} {:?} {:?}", &*set.game, kind.enum_name(), &*e.id, &*e.name);
        }
    }
    for r in set.rules.iter() {
        ::std::println!("rule {:?} {:?} {:?}", &*set.game, &*r.id, &*r.message);
    }
    for (i, c) in set.cards.iter().enumerate() {
        ::std::println!("card {:?} {} {:?} {:?} {:?}", &*set.game, i, &*c.id, &*c.name, c.kind);
        ::std::println!("text {:?} {} {:?} {:?}", &*set.game, i, c.text.as_deref(), c.xws.as_deref());
        for a in c.ship_abilities.iter() {
            ::std::println!("ability {:?} {} {:?} {:?}", &*set.game, i, &*a.name, &*a.text);
        }
    }
}
"#;

/// What the program must print for `set`, from the checked model: the runtime model's
/// lines, then the typed layer's.
fn expected(set: &Set) -> String {
    let game = &*set.game;
    let mut out = String::new();
    let _ = writeln!(out, "set {game:?} {:?} {}", &*set.name, set.cards.len());
    for kind in VocabKind::ALL {
        for e in set.vocab.list(kind) {
            let _ = writeln!(out, "vocab {game:?} {} {:?} {:?}", kind.enum_name(), &*e.id, &*e.name);
        }
    }
    for r in set.rules.iter() {
        let _ = writeln!(out, "rule {game:?} {:?} {:?}", &*r.id, &*r.message);
    }
    for (i, c) in set.cards.iter().enumerate() {
        let _ = writeln!(out, "card {game:?} {i} {:?} {:?} {:?}", &*c.id, &*c.name, c.kind);
        let _ = writeln!(out, "text {game:?} {i} {:?} {:?}", c.text.as_deref(), c.xws.as_deref());
        for a in c.ship_abilities.iter() {
            let _ = writeln!(out, "ability {game:?} {i} {:?} {:?}", &*a.name, &*a.text);
        }
    }
    out
}

/// The typed layer's lines for `set`, in the order the program prints them.
fn expected_typed(set: &Set) -> String {
    let game = &*set.game;
    let mut out = String::new();
    for (i, c) in set.cards.iter().enumerate() {
        let _ = writeln!(out, "typed {game:?} {i} {:?} {:?}", &*c.id, &*c.name);
    }
    let ids = |kind: VocabKind, list: &[u16]| -> Vec<String> {
        list.iter().map(|i| set.vocab.list(kind)[*i as usize].id.to_string()).collect()
    };
    for (i, c) in set.cards.iter().enumerate() {
        // A unit's factions, size and stats: the validator's view of the ship.
        let view = (c.kind == CardKind::Ship).then(|| ShipView::new(set, i as u32, false)).flatten();
        let factions = view.map_or(&*c.factions, |v| v.factions());
        let stat_of = |s: u16| view.map_or(c.stat(s), |v| v.stat(s));
        let stats: Vec<(String, i64)> = (0..set.vocab.stats.len() as u16)
            .filter_map(|s| stat_of(s).map(|v| (set.vocab.stats[s as usize].id.to_string(), v)))
            .collect();
        let size = view.map_or(c.size, |v| v.size()).map(|s| set.vocab.sizes[s as usize].id.to_string());
        let _ = writeln!(
            out,
            "facts {game:?} {i} {:?} {:?} {:?} {:?} {:?} {:?} {:?}",
            &*set.kind_of(c).noun.id,
            c.cost,
            ids(VocabKind::Faction, factions),
            ids(VocabKind::Icon, &c.icons),
            ids(VocabKind::Icon, &c.upgrades),
            stats,
            size,
        );
    }
    for (i, c) in set.cards.iter().enumerate() {
        let cost_by = c.cost_by.as_ref().map(|v| match v.basis {
            CostBasis::Size => (
                "size".to_string(),
                v.values.iter().map(|(s, c)| (set.vocab.sizes[*s as usize].id.to_string(), *c)).collect::<Vec<_>>(),
            ),
            CostBasis::Stat(stat) => (
                set.vocab.stats[stat as usize].id.to_string(),
                v.values.iter().map(|(k, c)| (k.to_string(), *c)).collect(),
            ),
        });
        let _ = writeln!(
            out,
            "more {game:?} {i} {:?} {:?} {:?} {:?} {:?} {:?} {:?}",
            c.unique,
            c.limited,
            c.charges,
            c.force,
            c.xws.as_deref(),
            c.chassis.map(|p| &*set.cards[p as usize].id),
            cost_by,
        );
    }
    for kind in VocabKind::ALL {
        for (i, e) in set.vocab.list(kind).iter().enumerate() {
            let _ = writeln!(out, "enum {game:?} {} {i} {:?} {:?} {:?}", kind.enum_name(), &*e.id, &*e.name, &*e.name);
        }
    }
    for (i, r) in set.releases.iter().enumerate() {
        let costs: Vec<Option<i64>> = set.as_of(i as u16).cards.iter().map(|c| c.cost).collect();
        let on = set.release_on(&r.date);
        let _ = writeln!(out, "release {game:?} {i} {:?} {:?} {:?} {on:?} {costs:?}", &*r.id, &*r.name, &*r.date);
    }
    for (i, c) in set.cards.iter().enumerate() {
        let _ = writeln!(out, "alias {game:?} {i} {i} {:?} {:?}", &*c.id, &*c.name);
    }
    out
}

/// Builds the crate (debug, no incremental files, into the workspace's target folder) and runs
/// its program `label`; its output, or why there is none. Crates building at once wait for
/// each other (cargo locks the target folder) and each has a program of its own name.
fn build_and_run(dir: &Path, label: &str) -> Result<String, String> {
    let target = common::target_dir();
    let build = Command::new(env!("CARGO"))
        .args(["build", "--quiet", "--manifest-path"])
        .arg(dir.join("Cargo.toml"))
        .env("CARGO_TARGET_DIR", &target)
        .env("CARGO_INCREMENTAL", "0")
        .output()
        .map_err(|e| format!("cannot run cargo: {e}"))?;
    if !build.status.success() {
        let stderr = String::from_utf8_lossy(&build.stderr);
        return Err(format!("the generated code does not compile:\n{}", clip(&stderr, 6000)));
    }
    let run = Command::new(target.join("debug").join(format!("{label}{}", std::env::consts::EXE_SUFFIX)))
        .output()
        .map_err(|e| format!("cannot run the compiled program: {e}"))?;
    if !run.status.success() {
        return Err(format!("the compiled program failed:\n{}", clip(&String::from_utf8_lossy(&run.stderr), 6000)));
    }
    String::from_utf8(run.stdout).map_err(|e| format!("the program printed invalid UTF-8: {e}"))
}

/// The first `max` bytes of `text` (on a character boundary).
fn clip(text: &str, max: usize) -> &str {
    let mut end = text.len().min(max);
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    &text[..end]
}

/// What the program must print for `sets`: the runtime model's lines of every set of
/// `SETS` (in the index's order), and the typed layer's lines, set by set as given.
fn expected_output(sets: &[&Set]) -> (String, String) {
    let mut by_module: Vec<&&Set> = sets.iter().collect();
    // As the index sorts them: by module name as written, `r#fn` after `r`.
    by_module.sort_by_key(|s| ident::snake(&s.game));
    (by_module.iter().map(|s| expected(s)).collect(), sets.iter().map(|s| expected_typed(s)).collect())
}

/// Compares the program's output with the checked sets': the model's lines of every set,
/// then each set's typed lines. A difference names the game of its set.
fn compare(output: &str, sets: &[&Set]) -> Result<(), Mismatch> {
    let mut model: Vec<&str> = Vec::new();
    let mut typed: Vec<&str> = Vec::new();
    for line in output.lines() {
        if ["typed ", "facts ", "more ", "enum ", "release ", "alias "].iter().any(|p| line.starts_with(p)) {
            typed.push(line);
        } else {
            model.push(line);
        }
    }
    let (want_model, want_typed) = expected_output(sets);
    for (what, want, got) in [("the runtime model", want_model, model), ("the typed layer", want_typed, typed)] {
        let want: Vec<&str> = want.lines().collect();
        let first = (0..want.len().max(got.len())).find(|&i| want.get(i) != got.get(i));
        if let Some(i) = first {
            let line = want.get(i).or(got.get(i)).copied().unwrap_or_default();
            // Every line is `<what> <game, quoted> …`.
            let game = line.split(' ').nth(1).map(str::to_string);
            return Err(Mismatch {
                game,
                message: format!(
                    "{what} of the compiled sets differs from the checked sets at line {}:\n  checked:  {}\n  compiled: {}",
                    i + 1,
                    clip(want.get(i).copied().unwrap_or("(nothing)"), 2000),
                    clip(got.get(i).copied().unwrap_or("(nothing)"), 2000)
                ),
            });
        }
    }
    Ok(())
}

/// Keeps a failing seed's set files and generated Rust in `failures/seed-N/`, and returns
/// that folder.
fn keep(seed: u64, message: &str) -> PathBuf {
    let dir = work().join("failures").join(format!("seed-{seed}"));
    let _ = std::fs::remove_dir_all(&dir);
    let options = Options { seed, hostile: true, game: Some(game_id(seed, &[])) };
    let mut sources = cardc::SourceMap::new();
    let set = synth::load_with(&mut sources, "cards", cards(seed), &options);
    let _ = std::fs::create_dir_all(dir.join("cards"));
    for (name, text) in synth::generate_with(cards(seed), &options) {
        let _ = std::fs::write(dir.join("cards").join(name), text);
    }
    let mut report = cardc::Report::default();
    report.sets.push(cardc::check_set(&sources, &set));
    report.sources = sources;
    if let Ok(files) = cardc::generate(&report) {
        let _ = std::fs::create_dir_all(dir.join("gen"));
        for f in files {
            let _ = std::fs::write(dir.join("gen").join(&f.name), f.contents);
        }
    }
    let _ = std::fs::write(dir.join("failure.txt"), message);
    dir
}

#[test]
fn accepted_sets_compile() {
    let seeds = seeds();
    // A debug and a release run at once each have their own crate (the target is shared).
    let profile = if cfg!(debug_assertions) { "debug" } else { "release" };
    let Err(failure) = run(&seeds, &format!("batch-{profile}")) else { return };
    // Which seeds fail alone: a batch that does not compile cannot say.
    let mut failures = vec![failure];
    if failures[0].seeds.len() > 1 {
        failures = seeds.iter().filter_map(|&s| run(&[s], &format!("alone-{profile}")).err()).collect();
        if failures.is_empty() {
            failures
                .push(Failure { seeds: seeds.clone(), message: "the batch fails, yet every seed alone passes".into() });
        }
    }
    let mut report = String::new();
    for f in &failures {
        for &seed in &f.seeds {
            let kept = keep(seed, &f.message);
            let _ = writeln!(
                report,
                "seed {seed} fails (kept in {}); reproduce: CARDC_SYNTH_SEEDS={seed} cargo test -p cardc --test it accepted_compiles::accepted_sets_compile",
                kept.display()
            );
        }
        let _ = writeln!(report, "{}\n", f.message);
    }
    panic!("accepted sets that do not compile, or compile to other data (seeds {seeds:?}):\n{report}");
}

/// The conformance sets and `tests/sets/tricky` (names that break raw strings, keywords,
/// names that collide as identifiers) check clean and compile the same way, `#![deny(warnings)]`
/// and all, to the sets they are.
#[test]
fn the_conformance_sets_and_a_set_of_hostile_names_compile_to_themselves() {
    let Some(shared) = common::shared() else { return };
    let mut sets = common::example_sets(&shared);
    sets.push(Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/sets/tricky"));
    let report = cardc::check_paths(&sets).expect("the sets are read");
    assert_eq!(report.errors(), 0, "the sets check clean:\n{}", common::rendered_errors(&report, usize::MAX));
    assert_eq!(report.sets.len(), sets.len());
    let profile = if cfg!(debug_assertions) { "debug" } else { "release" };
    if let Err(m) = compile(&report, &format!("conformance-{profile}")) {
        panic!("the conformance sets (first difference in {:?}):\n{}", m.game, m.message);
    }
}

/// The comparison itself: the expected output passes, and one name changed in the output
/// fails, naming the seed of the set it belongs to.
#[test]
fn a_difference_names_the_seed_of_its_set() {
    let members: Vec<Member> = [(7, "type"), (8, "r"), (9, "std")]
        .into_iter()
        .map(|(seed, game)| Member { seed, options: Options { seed, hostile: true, game: Some(game.to_string()) } })
        .collect();
    let mut sources = cardc::SourceMap::new();
    let mut checked: Vec<cardc::Checked> = Vec::new();
    for m in &members {
        let set = synth::load_with(&mut sources, format!("s{}", m.seed), 30, &m.options);
        checked.push(cardc::check_set(&sources, &set));
    }
    let sets: Vec<&Set> = checked.iter().map(|c| c.set.as_ref().expect("the sets check clean")).collect();
    let (model, typed) = expected_output(&sets);
    assert!(compare(&(model.clone() + &typed), &sets).is_ok());
    let name = &*sets[2].cards[3].name;
    let line = format!("card \"std\" 3 {:?} {name:?}", &*sets[2].cards[3].id);
    assert!(model.contains(&line), "{line}");
    let changed = model.replace(&line, &format!("card \"std\" 3 {:?} {:?}", &*sets[2].cards[3].id, format!("{name}x")));
    let failure = compare(&(changed + &typed), &sets).expect_err("a changed name is a difference");
    assert_eq!(failure.game.as_deref(), Some("\"std\""));
    assert_eq!(seeds_of(&members, failure.game.as_deref()), [9]);
    assert_eq!(seeds_of(&members, None), [7, 8, 9], "no game known: every seed");
    assert!(failure.message.contains("the runtime model"), "{}", failure.message);
}

/// The generator's side: a seed changes the set and the same seed gives the same bytes;
/// hostile names reach cards (some with written ids), vocabulary and rules; and the sets
/// of many seeds and sizes, down to one card, check with no error.
#[test]
fn seeds_vary_the_set_and_every_hostile_set_checks_without_error() {
    let seeded = |seed, hostile| synth::generate_with(60, &Options { seed, hostile, game: None });
    assert_ne!(synth::generate(60), seeded(5, false), "another seed, another set");
    assert_ne!(seeded(5, false), seeded(6, false));
    assert_eq!(seeded(5, true), seeded(5, true), "the same seed, the same bytes");
    let hostile: String = seeded(5, true).into_iter().map(|(_, text)| text).collect();
    assert!(hostile.contains("\" as "), "some cards have written ids");
    assert!(hostile.contains("\\\""), "some names hold quotes");
    assert!(!hostile.is_ascii(), "some names are not ASCII");
    for seed in 0..30 {
        for n in [1, 7, 45] {
            let mut sources = cardc::SourceMap::new();
            let options = Options { seed, hostile: seed % 3 != 0, game: None };
            let set = synth::load_with(&mut sources, "s", n, &options);
            let checked = cardc::check_set(&sources, &set);
            let error = checked.diagnostics.iter().find(|d| d.is_error());
            if let Some(e) = error {
                panic!(
                    "seed {seed}, {n} cards: {}",
                    e.render(&sources, cardc::RenderStyle { color: false, width: 100 })
                );
            }
            assert_eq!(checked.cards, n);
        }
    }
}
