//! The `cardc` command line.

use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use cardc::RenderStyle;
use clap::{Parser, Subcommand, ValueEnum};

/// cardc: compile and check plain-text card sets.
#[derive(Parser)]
#[command(name = "cardc", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Check card sets and report every problem.
    ///
    /// Each path is a set folder (holding `game.cards` and other `.cards` files) or a
    /// folder of set folders. Exits 0 when there is no error, 1 when there is, 2 when a
    /// path cannot be read.
    Check {
        /// Set folders, or folders of sets.
        #[arg(required = true)]
        paths: Vec<PathBuf>,
        /// How to print diagnostics.
        #[arg(long, value_enum, default_value_t = Format::Human)]
        format: Format,
        /// Also print, per set, how much ability text the grammar structures: abilities,
        /// sentences in frames, structured and opaque clauses, and the most common opaque
        /// shapes.
        #[arg(long)]
        coverage: bool,
        /// Apply every fix that is certain (a unique "did you mean", an id for a display
        /// name…), writing the files in place, then report what is left.
        #[arg(long)]
        fix: bool,
    },
    /// Print the abilities of a set as the compiler reads them: timing, header,
    /// optional, cost, effect, replacement, duration, frequency and opaque clauses.
    ///
    /// Exits 0, or 2 when the set cannot be read or has errors.
    Abilities {
        /// The set folder.
        set: PathBuf,
        /// `human`: one short block per ability, its text then its reading (timing,
        /// optional, cost, each condition and clause, replacement); `json`: one JSON
        /// object per ability.
        #[arg(long, value_enum, default_value_t = Format::Human)]
        format: Format,
    },
    /// Run the language server on stdin and stdout, for editors: diagnostics for the whole
    /// set a file belongs to as you type, hovers (cards, vocabulary, how an ability reads),
    /// go to definition, find references and symbols.
    ///
    /// Exits 0 after the client's `shutdown` and `exit`, 2 when the connection fails.
    #[cfg(feature = "lsp")]
    Lsp,
    /// Print a set with every reference by id: its vocabulary, rules and cards with all
    /// their fields (costs, slots, restrictions, stats, actions, charges, force, …).
    ///
    /// Exits 0, or 2 when the set cannot be read or has errors.
    Export {
        /// The set folder.
        set: PathBuf,
        /// The output format.
        #[arg(long, value_enum, default_value_t = ExportFormat::Json)]
        format: ExportFormat,
    },
    /// Validate fleets or Upgrade actions (scenario JSON files), Armada fleet lists
    /// exported as text by a fleet builder, or X-Wing XWS squads (`--xws`) against a set
    /// loaded at run time, without rebuilding anything.
    ///
    /// Exits 0 when every scenario, list and squad is legal, 1 when one is illegal (or,
    /// with `--xws`, cannot be resolved), 2 when the set has errors, a file cannot be read
    /// or a list's names do not resolve.
    Validate {
        /// The set folder.
        #[arg(long)]
        set: PathBuf,
        /// Scenario JSON files, or XWS files with `--xws` (a `.json` file holds one squad,
        /// any other file one per line).
        #[arg(required_unless_present = "fleet_lists")]
        scenarios: Vec<PathBuf>,
        /// Armada fleet lists as text (Ryan Kingston's builder, Armada Fleet Builder,
        /// Armada Warlords, Flagship, Armada Fleets Designer).
        #[arg(long = "fleet-list", value_name = "FILE", num_args = 1..)]
        fleet_lists: Vec<PathBuf>,
        /// How to print the verdicts.
        #[arg(long, value_enum, default_value_t = Format::Human)]
        format: Format,
        /// The files are XWS squads (X-Wing Squadron Format).
        #[arg(long)]
        xws: bool,
        /// Skip point rules (`total cost …`), for lists built under other points.
        #[arg(long, requires = "xws")]
        ignore_points: bool,
    },
    /// Import card data written by others as a card set, then check it.
    ///
    /// Prints what was mapped and what the set does not carry, writes the set folder
    /// (replacing it whole), and checks it. Exits 0 when the set is clean, 1 when it has
    /// errors, 2 when the data cannot be read or the set cannot be written.
    Import {
        /// Whose data it is.
        #[arg(value_enum)]
        source: Source,
        /// The data folder.
        data: PathBuf,
        /// The set folder to write.
        #[arg(long)]
        out: PathBuf,
    },
    /// Print the long explanation of a diagnostic code (`cardc explain E0105`).
    Explain {
        /// The code, such as `E0105` or `W0001`.
        code: String,
    },
}

/// The data an importer reads.
#[derive(Clone, Copy, ValueEnum)]
enum Source {
    /// xwing-data2 (X-Wing 2.0 legacy or 2.5): the repository folder or its `data/`.
    #[value(name = "xwing-data2")]
    XwingData2,
    /// Star Wars: Armada, rkbodenner/star-wars-armada-data (ships, squadrons, upgrades).
    ArmadaData,
}

#[derive(Clone, Copy, ValueEnum)]
enum Format {
    /// rustc-style text on stderr.
    Human,
    /// One JSON object per diagnostic, one per line, on stdout.
    Json,
}

/// The formats `cardc export` writes.
#[derive(Clone, Copy, ValueEnum)]
enum ExportFormat {
    /// One pretty-printed JSON object on stdout (the shape is in the README).
    Json,
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            let _ = e.print();
            return if e.use_stderr() { ExitCode::from(2) } else { ExitCode::SUCCESS };
        }
    };
    match cli.command {
        Command::Check { paths, format, coverage, fix } => {
            let fixed = if fix {
                match cardc::fix::fix_paths(&paths) {
                    Ok(fixed) => Some(fixed),
                    Err(e) => {
                        eprintln!("error: {e}");
                        return ExitCode::from(2);
                    }
                }
            } else {
                None
            };
            let code = check(&paths, format, coverage);
            if let Some(fixed) = fixed {
                eprintln!("{fixed}");
            }
            code
        }
        Command::Abilities { set, format } => abilities(&set, format),
        Command::Export { set, format } => export(&set, format),
        #[cfg(feature = "lsp")]
        Command::Lsp => match cardc::lsp::run_stdio() {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("error: cardc lsp: {e}");
                ExitCode::from(2)
            }
        },
        Command::Import { source, data, out } => import(source, &data, &out),
        Command::Explain { code } => explain(&code),
        Command::Validate { set, scenarios, fleet_lists, format, xws, ignore_points } => {
            validate(&set, &scenarios, &fleet_lists, format, Xws { on: xws, ignore_points })
        }
    }
}

fn check(paths: &[PathBuf], format: Format, coverage: bool) -> ExitCode {
    let report = match cardc::check_paths(paths) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    let mut stdout = std::io::stdout().lock();
    let mut stderr = std::io::stderr().lock();
    let color = stderr.is_terminal() && std::env::var_os("NO_COLOR").is_none();
    let style = RenderStyle { color, width: 100 };
    for d in report.all_diagnostics() {
        let written = match format {
            Format::Human => write!(stderr, "{}", d.render(&report.sources, style)),
            Format::Json => writeln!(stdout, "{}", d.to_json(&report.sources)),
        };
        if written.is_err() {
            return ExitCode::from(2);
        }
    }
    if coverage {
        for set in &report.sets {
            let written = match format {
                Format::Human => write!(stderr, "{}", coverage_text(set)),
                Format::Json => writeln!(stdout, "{}", coverage_json(set)),
            };
            if written.is_err() {
                return ExitCode::from(2);
            }
        }
    }
    let notes = match report.notes() {
        0 => String::new(),
        n => format!(", {n} note{}", plural(n)),
    };
    let _ = writeln!(
        stderr,
        "checked {} set{} ({} card{}): {} error{}, {} warning{}{notes}",
        report.sets.len(),
        plural(report.sets.len()),
        report.cards(),
        plural(report.cards()),
        report.errors(),
        plural(report.errors()),
        report.warnings(),
        plural(report.warnings()),
    );
    if report.errors() > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

fn import(source: Source, data: &std::path::Path, out: &std::path::Path) -> ExitCode {
    let (name, result) = match source {
        Source::XwingData2 => ("xwing-data2", cardc::import::xwing_data2::import(data)),
        Source::ArmadaData => ("armada-data", cardc::import::armada_data::import(data)),
    };
    eprintln!("importing {name} from `{}`", data.display());
    let imported = match result {
        Ok(i) => i,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    eprint!("{}", imported.summary());
    if let Err(e) = cardc::import::write_set(out, &imported.files) {
        eprintln!("error: {e}");
        return ExitCode::from(2);
    }
    eprintln!("wrote {} files to `{}`; checking it", imported.files.len(), out.display());
    check(&[out.to_path_buf()], Format::Human, false)
}

/// How many opaque shapes `--coverage` lists.
const TOP_SHAPES: usize = 10;

fn coverage_text(set: &cardc::Checked) -> String {
    let c = &set.coverage;
    let mut out = format!(
        "coverage of {}: {} abilit{} in {} text block{}; frames parsed: {}/{} sentences; parts: {} structured, {} opaque ({:.1}% structured)\n",
        set.dir.display(),
        c.abilities,
        if c.abilities == 1 { "y" } else { "ies" },
        c.blocks,
        plural(c.blocks),
        c.sentences_in_frames,
        c.sentences,
        c.structured,
        c.opaque,
        c.structured_percent(),
    );
    for (part, (structured, opaque)) in &c.by_part {
        let share = 100.0 * *structured as f64 / (structured + opaque).max(1) as f64;
        out.push_str(&format!(
            "  {:<15} {structured:>6} structured, {opaque:>5} opaque ({share:.1}%)\n",
            part.as_str()
        ));
    }
    out.push_str("  the most common opaque shapes:\n");
    for (shape, n) in c.top_shapes(TOP_SHAPES) {
        out.push_str(&format!("  {n:>5}  {shape}\n"));
    }
    out
}

fn coverage_json(set: &cardc::Checked) -> String {
    let c = &set.coverage;
    let top: Vec<serde_json::Value> =
        c.top_shapes(TOP_SHAPES).into_iter().map(|(s, n)| serde_json::json!({ "shape": s, "count": n })).collect();
    serde_json::json!({
        "set": set.dir.display().to_string(),
        "blocks": c.blocks,
        "abilities": c.abilities,
        "sentences": c.sentences,
        "sentences_in_frames": c.sentences_in_frames,
        "structured": c.structured,
        "opaque": c.opaque,
        "structured_percent": (c.structured_percent() * 10.0).round() / 10.0,
        "parts": c.by_part.iter().map(|(k, (s, o))| (k.as_str().to_string(), serde_json::json!({ "structured": s, "opaque": o }))).collect::<serde_json::Map<_, _>>(),
        "top_opaque_shapes": top,
    })
    .to_string()
}

/// Loads one set folder at run time, printing its errors; `None` when it cannot be used.
fn load_one(dir: &std::path::Path) -> Option<cards_runtime::Set> {
    let report = match cardc::check_paths(&[dir]) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("error: {e}");
            return None;
        }
    };
    let style =
        RenderStyle { color: std::io::stderr().is_terminal() && std::env::var_os("NO_COLOR").is_none(), width: 100 };
    for d in report.all_diagnostics().filter(|d| d.is_error()) {
        eprint!("{}", d.render(&report.sources, style));
    }
    let mut sets = report.sets;
    match sets.as_mut_slice() {
        [one] if one.set.is_some() => one.set.take(),
        [_] => {
            eprintln!("error: the set in `{}` has errors", dir.display());
            None
        }
        _ => {
            eprintln!("error: `{}` is not one set folder", dir.display());
            None
        }
    }
}

fn abilities(dir: &std::path::Path, format: Format) -> ExitCode {
    let Some(set) = load_one(dir) else { return ExitCode::from(2) };
    let mut stdout = std::io::stdout().lock();
    for card in set.cards.iter() {
        for a in card.abilities.iter() {
            let line = match format {
                Format::Json => cards_runtime::ability_json::ability_json(&set, card, a).to_string(),
                Format::Human => {
                    let name = a.name.as_deref().map_or(String::new(), |n| format!(" \"{n}\""));
                    let opaque = a.opaque().count();
                    let note = if opaque > 0 { format!("  ({opaque} opaque)") } else { String::new() };
                    format!("{}{name}: {}{note}\n{}", card.id, a.text, cards_runtime::ability_text::ability(&set, a))
                }
            };
            if writeln!(stdout, "{line}").is_err() {
                return ExitCode::from(2);
            }
        }
    }
    ExitCode::SUCCESS
}

fn export(dir: &std::path::Path, format: ExportFormat) -> ExitCode {
    let Some(set) = load_one(dir) else { return ExitCode::from(2) };
    let text = match format {
        ExportFormat::Json => cards_runtime::export::to_json_pretty(&set),
    };
    match std::io::stdout().lock().write_all(text.as_bytes()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(_) => ExitCode::from(2),
    }
}

/// `--xws` and `--ignore-points`.
struct Xws {
    on: bool,
    ignore_points: bool,
}

fn validate(dir: &std::path::Path, scenarios: &[PathBuf], lists: &[PathBuf], format: Format, xws: Xws) -> ExitCode {
    let Some(set) = load_one(dir) else { return ExitCode::from(2) };
    let json = matches!(format, Format::Json);
    let mut worst = 0u8;
    if !scenarios.is_empty() {
        worst = if xws.on {
            let options = cards_runtime::fleet::Options { ignore_points: xws.ignore_points };
            cards_runtime::xws::validate_xws_files(&set, scenarios, &options, json)
        } else {
            cards_runtime::scenario::validate_files(&[&set], scenarios, json)
        };
    }
    ExitCode::from(worst.max(validate_lists(&set, lists, json)))
}

/// Validates Armada fleet lists and prints each verdict on stdout; warnings go to stderr.
/// Returns 0 when all are legal, 1 when one is illegal, 2 when one cannot be read or its
/// names do not resolve.
fn validate_lists(set: &cards_runtime::Set, lists: &[PathBuf], json: bool) -> u8 {
    use cardc::import::armada_list::{validate, Verdict};
    let mut worst = 0u8;
    let mut stdout = std::io::stdout().lock();
    for path in lists {
        let name = path.display().to_string();
        let text = match std::fs::read(path) {
            Ok(bytes) => String::from_utf8_lossy(&bytes).into_owned(),
            Err(e) => {
                eprintln!("error: {name}: {e}");
                worst = 2;
                continue;
            }
        };
        let outcome = validate(set, &text);
        for w in &outcome.warnings {
            eprintln!("warning: {name}: {w}");
        }
        worst = worst.max(match outcome.verdict {
            Verdict::Legal => 0,
            Verdict::Illegal(_) => 1,
            Verdict::Unresolvable(_) => 2,
        });
        let violations = match &outcome.verdict {
            Verdict::Illegal(v) => v.clone(),
            _ => Vec::new(),
        };
        let errors = match &outcome.verdict {
            Verdict::Unresolvable(e) => e.clone(),
            _ => Vec::new(),
        };
        let text = if json {
            let errors: Vec<serde_json::Value> =
                errors.iter().map(|e| serde_json::json!({ "line": e.line, "message": e.message })).collect();
            serde_json::json!({
                "file": name,
                "format": outcome.format.as_str(),
                "verdict": outcome.verdict.as_str(),
                "violations": violations,
                "errors": errors,
            })
            .to_string()
                + "\n"
        } else {
            let mut out = cards_runtime::scenario::report_text(
                &name,
                &cards_runtime::scenario::Outcome { violations, stats: None },
            );
            if !errors.is_empty() {
                out = format!("{name}: unresolvable\n");
                for e in &errors {
                    out.push_str(&format!("  {e}\n"));
                }
            }
            out
        };
        if stdout.write_all(text.as_bytes()).is_err() {
            return 2;
        }
    }
    worst
}

fn plural(n: usize) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}

fn explain(id: &str) -> ExitCode {
    match cardc::code(id) {
        Some(code) => {
            println!(
                "{} ({}, {})\n",
                code.id,
                code.name,
                match code.severity {
                    cardc::Severity::Error => "error",
                    cardc::Severity::Warning => "warning",
                    cardc::Severity::Note => "note",
                }
            );
            print!("{}", code.explanation());
            ExitCode::SUCCESS
        }
        None => {
            let ids: Vec<&str> = cardc::codes().iter().map(|c| c.id).collect();
            eprintln!("error: no diagnostic code `{id}`");
            eprintln!("known codes: {}", ids.join(", "));
            ExitCode::from(2)
        }
    }
}
