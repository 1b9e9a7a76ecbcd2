//! The `cardc` command line.

use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;

use cardc::output::{format_diagnostics, DiagnosticFormat, Output};
use cardc::RenderStyle;
use cards_cli::{err, errln, out, outln};
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
    /// Each path is a set folder (holding `game.cards` and other `.cards` files), a folder
    /// of set folders, or a `.cards` file. A file is checked as part of its set (the
    /// nearest folder holding `game.cards`) and only the diagnostics about it are shown,
    /// with those about the whole set that have no file; several files of one set check it
    /// once.
    ///
    /// Diagnostics go to stderr as rustc-style text, or to stdout as JSON lines
    /// (`--format json`), GitHub workflow commands (`--format github`) or one SARIF 2.1.0
    /// log (`--format sarif`); the summary line (`checked 1 set (12 cards): 0 errors, 1 warning`)
    /// and `--coverage` in text go to stderr. Exits 0 when there is no error, 1 when there
    /// is, 2 when a path cannot be read or on a usage error. With `--watch`, checks again
    /// after each change to a `.cards` file under the paths, until Ctrl-C (then exits 0).
    Check {
        /// Set folders, folders of sets, or `.cards` files.
        #[arg(required = true)]
        paths: Vec<PathBuf>,
        /// How to print diagnostics.
        #[arg(long, value_enum, default_value_t = CheckFormat::Human)]
        format: CheckFormat,
        /// Report a lint as an error: `warnings` for every warning, or a lint's name or
        /// code (`unused-icon`, `W0002`). Repeatable.
        #[arg(long, short = 'D', value_name = "LINT")]
        deny: Vec<String>,
        /// Check again whenever a `.cards` file under the paths is created, changed or
        /// removed, until Ctrl-C.
        #[cfg(feature = "watch")]
        #[arg(long)]
        watch: bool,
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
    /// The readings go to stdout; the set's errors, if any, to stderr. Exits 0, 1 when the
    /// set has errors (nothing is printed on stdout), 2 when it cannot be read or on a
    /// usage error.
    Abilities {
        /// The set folder.
        set: PathBuf,
        /// How to print the readings.
        #[arg(long, value_enum, default_value_t = ReadingFormat::Human)]
        format: ReadingFormat,
    },
    /// Run the language server on stdin and stdout, for editors: diagnostics for the whole
    /// set a file belongs to as you type, hovers (cards, vocabulary, how an ability reads),
    /// go to definition, find references and symbols.
    ///
    /// Speaks LSP (JSON-RPC) on stdin and stdout; nothing else is written there. Exits 0
    /// after the client's `shutdown` and `exit`, 2 when the connection fails.
    #[cfg(feature = "lsp")]
    Lsp,
    /// Print a set with every reference by id: its vocabulary, rules and cards with all
    /// their fields (costs, slots, restrictions, stats, actions, charges, force, …).
    ///
    /// The set goes to stdout as one pretty-printed JSON object (its shape is in the
    /// README); the set's errors, if any, to stderr. Exits 0, 1 when the set has errors
    /// (nothing is printed on stdout), 2 when it cannot be read or on a usage error.
    Export {
        /// The set folder.
        set: PathBuf,
        /// The output format.
        #[arg(long, value_enum, default_value_t = ExportFormat::Json)]
        format: ExportFormat,
        /// The set as of this release (its id): each card as it was then, with no history.
        #[arg(long, value_name = "ID", conflicts_with = "as_of")]
        release: Option<String>,
        /// The set as of this date (`YYYY-MM-DD`): as of the last release on or before it.
        #[arg(long, value_name = "DATE")]
        as_of: Option<String>,
    },
    /// Validate fleets or Upgrade actions (scenario JSON files), Armada fleet lists
    /// exported as text by a fleet builder, or X-Wing XWS squads (`--xws`) against a set
    /// loaded at run time, without rebuilding anything.
    ///
    /// A scenario with an `expect` is a test: it passes when its verdict (and `stats`) is
    /// the expected one, legal or not, and a mismatch prints `expected:` against `got:`.
    /// A scenario without one, a list or a squad passes when it is legal.
    ///
    /// Verdicts go to stdout, one block of text per file (or one JSON object per line
    /// with `--format json`); the set's errors, unreadable files and, when some scenario
    /// has an `expect`, a summary line go to stderr. Exits 0 when everything passes, 1
    /// when something does not (an illegal fleet, a mismatch, an XWS squad that cannot be
    /// resolved) or the set has errors, 2 when a file cannot be read, a list's names do
    /// not resolve, or on a usage error.
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
        #[arg(long, value_enum, default_value_t = VerdictFormat::Human)]
        format: VerdictFormat,
        /// The files are XWS squads (X-Wing Squadron Format).
        #[arg(long)]
        xws: bool,
        /// Skip point rules (`total cost …`), for lists built under other points.
        #[arg(long, requires = "xws")]
        ignore_points: bool,
        /// Judge as of this release of the set (its id): every card as it was then, and a
        /// card that came out later is the violation `not-released`.
        #[arg(long, value_name = "ID", conflicts_with = "as_of")]
        release: Option<String>,
        /// Judge as of this date (`YYYY-MM-DD`): as of the last release on or before it.
        #[arg(long, value_name = "DATE")]
        as_of: Option<String>,
    },
    /// Print what changed between two states of a set: two of its releases (`--from`,
    /// `--to`, each a release id or a date), or two set folders.
    ///
    /// Cards added and removed, points, printed text word by word, restrictions, slots,
    /// and the other fields that changed, by card. Text for a terminal, Markdown (a
    /// changelog to publish) or JSON on stdout. Exits 0, 1 when a set has errors, 2 when a
    /// set cannot be read, names no such release, or on a usage error.
    Diff {
        /// The set folder (with a second folder, the older state).
        set: PathBuf,
        /// A second set folder: the newer state.
        other: Option<PathBuf>,
        /// The older state: a release id or a date (`YYYY-MM-DD`, the last release on or
        /// before it). Needed with one folder.
        #[arg(long, value_name = "RELEASE|DATE", required_unless_present = "other")]
        from: Option<String>,
        /// The newer state: a release id or a date; by default the set as it is (as of its
        /// last release).
        #[arg(long, value_name = "RELEASE|DATE")]
        to: Option<String>,
        /// The output format.
        #[arg(long, value_enum, default_value_t = DiffFormat::Human)]
        format: DiffFormat,
    },
    /// Import card data written by others as a card set, then check it.
    ///
    /// Writes the set folder (replacing it whole) and checks it. What was mapped, what the
    /// set does not carry and the check's diagnostics go to stderr; nothing goes to stdout.
    /// Exits 0 when the set is clean, 1 when it has errors, 2 when the data cannot be read,
    /// the set cannot be written, or on a usage error.
    Import {
        /// Whose data it is.
        #[arg(value_enum)]
        source: Source,
        /// The data folder; for `xwing-data2`, several releases of it, each `<folder>@<YYYY-MM-DD>`
        /// (oldest first or not: they are ordered by date), merged into one set that knows
        /// them.
        #[arg(required = true)]
        data: Vec<PathBuf>,
        /// The set folder to write: a new or empty folder, or one `cardc import` wrote
        /// before.
        #[arg(long)]
        out: PathBuf,
        /// Replace `--out` even when it holds files `cardc import` did not write.
        #[arg(long)]
        force: bool,
    },
    /// Format `.cards` files in the one canonical layout, comments kept.
    ///
    /// Each path is a `.cards` file, a set folder or a folder of sets. Without `--check`,
    /// each file whose layout changes is rewritten in place (a new file beside it takes
    /// its place, so none is ever half-written) and named on stdout as `reformatted
    /// <file>`. With `--check`, nothing is written: a unified diff of each file that would
    /// change goes to stdout. A file that does not parse is left as it was and its
    /// diagnostics go to stderr, as `cardc check` prints them; a count of files ends on
    /// stderr. Exits 0 when every file is formatted (or was formatted), 1 when `--check`
    /// finds a file to reformat or a file does not parse, 2 when a path cannot be read or
    /// a file cannot be written.
    Fmt {
        /// `.cards` files, set folders or folders of sets.
        #[arg(required = true)]
        paths: Vec<PathBuf>,
        /// Write nothing; print the diff of each file that would change and exit 1 if any
        /// would.
        #[arg(long)]
        check: bool,
    },
    /// Print the long explanation of a diagnostic code or lint (`cardc explain E0105`,
    /// `cardc explain unused-icon`).
    ///
    /// The explanation goes to stdout as Markdown. Exits 0, or 2 when no code or lint has
    /// that name (with the closest one) or on a usage error.
    Explain {
        /// The code (`E0105`, `w0001`: any case) or the lint's name (`unused-icon`).
        code: String,
    },
    /// Draw every card of a set as SVG, with a gallery page of them all.
    ///
    /// Writes into `--out`: `cards/<id>.svg` (a card each), `backs/<kind>.svg` (the back of
    /// each kind of card), `fonts/` (the fonts the SVG files name, shipped with cardc) and
    /// `index.html`, the gallery: every card, filtered by kind, faction and cost and
    /// searched by name and text in the page, each with a link to where it is written.
    /// Each card is drawn in the layout every game gets from its vocabulary (poker size).
    /// Text that does not fit its box at the smallest size allowed is a `text-overflow`
    /// warning at the card (which `cardc check` reports too), and the card is outlined in
    /// the gallery. The same set gives byte-identical files. The set's errors and warnings
    /// go to stderr, then a summary line. Exits 0 when the set is drawn, 1 when it has
    /// errors (nothing is written), 2 when it cannot be read or a file cannot be written.
    ///
    /// With `--sheets`, also `sheets.pdf`: print-and-play pages of the paper asked for, as
    /// many cards a page as fit its margins, crop marks at every cut in the margins, and
    /// after each page of fronts its page of backs, mirrored for printing on both sides
    /// (the sheet turned on its long edge).
    #[cfg(feature = "render")]
    Render {
        /// The set folder.
        set: PathBuf,
        /// The folder to write into (made if missing). A card an earlier render wrote there
        /// and this one does not is removed (the folder's `.cardc-render` lists them); no
        /// other file is touched.
        #[arg(long)]
        out: PathBuf,
        /// Also write print-and-play sheets, `sheets.pdf`.
        #[arg(long)]
        sheets: bool,
        /// The paper of the sheets.
        #[arg(long, value_enum, default_value_t = PaperArg::A4, requires = "sheets")]
        paper: PaperArg,
        /// How far each card's background goes past its cut, in millimetres (0 to 10).
        #[arg(long, default_value_t = 0.0, value_parser = bleed_mm, requires = "sheets")]
        bleed: f32,
    },
}

/// The paper of print-and-play sheets.
#[cfg(feature = "render")]
#[derive(Clone, Copy, ValueEnum)]
enum PaperArg {
    /// 210 × 297 mm.
    A4,
    /// 8.5 × 11 in.
    Letter,
}

/// A bleed in millimetres: a number from 0 to 10.
#[cfg(feature = "render")]
fn bleed_mm(s: &str) -> Result<f32, String> {
    match s.parse::<f32>() {
        Ok(b) if (0.0..=10.0).contains(&b) => Ok(b),
        Ok(_) => Err("a bleed is 0 to 10 millimetres".into()),
        Err(_) => Err(format!("`{s}` is not a number of millimetres")),
    }
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

/// The formats `cardc check` prints diagnostics in.
#[derive(Clone, Copy, ValueEnum)]
enum CheckFormat {
    /// rustc-style text on stderr.
    Human,
    /// One JSON object per diagnostic, one per line, on stdout.
    Json,
    /// GitHub Actions workflow commands (annotations), one per line, on stdout.
    Github,
    /// One SARIF 2.1.0 log on stdout.
    Sarif,
}

impl From<CheckFormat> for DiagnosticFormat {
    fn from(format: CheckFormat) -> DiagnosticFormat {
        match format {
            CheckFormat::Human => DiagnosticFormat::Human,
            CheckFormat::Json => DiagnosticFormat::Json,
            CheckFormat::Github => DiagnosticFormat::Github,
            CheckFormat::Sarif => DiagnosticFormat::Sarif,
        }
    }
}

impl From<ReadingFormat> for DiagnosticFormat {
    fn from(format: ReadingFormat) -> DiagnosticFormat {
        match format {
            ReadingFormat::Human => DiagnosticFormat::Human,
            ReadingFormat::Json => DiagnosticFormat::Json,
        }
    }
}

impl From<VerdictFormat> for DiagnosticFormat {
    fn from(format: VerdictFormat) -> DiagnosticFormat {
        match format {
            VerdictFormat::Human => DiagnosticFormat::Human,
            VerdictFormat::Json => DiagnosticFormat::Json,
        }
    }
}

/// The formats `cardc abilities` writes.
#[derive(Clone, Copy, ValueEnum)]
enum ReadingFormat {
    /// One short block per ability on stdout: `card "Name": text`, then its reading
    /// (timing, optional, cost, each condition and clause, replacement).
    Human,
    /// One JSON object per ability, one per line, on stdout.
    Json,
}

/// The formats `cardc validate` writes.
#[derive(Clone, Copy, ValueEnum)]
enum VerdictFormat {
    /// Per file on stdout: `file: verdict`, then a line per violation (and, for a
    /// mismatch, `expected:` and `got:`).
    Human,
    /// One JSON object per file (per squad with `--xws`), one per line, on stdout.
    Json,
}

/// The formats `cardc diff` writes.
#[derive(Clone, Copy, ValueEnum)]
enum DiffFormat {
    /// Text for a terminal: `[-removed-]` and `{+added+}` words.
    Human,
    /// Markdown: a changelog, `~~removed~~` and `**added**` words.
    Markdown,
    /// One JSON object.
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
    #[cfg(feature = "watch")]
    let watching = matches!(cli.command, Command::Check { watch: true, .. });
    match cli.command {
        Command::Check { paths, format, deny, coverage, fix, .. } => {
            let fixed = if fix {
                match cardc::fix::fix_paths(&paths) {
                    Ok(fixed) => Some(fixed),
                    Err(e) => {
                        errln!("error: {e}");
                        return ExitCode::from(2);
                    }
                }
            } else {
                None
            };
            #[cfg(feature = "watch")]
            if watching {
                return check_watch(&paths, format.into(), &deny, coverage);
            }
            let code = check(&paths, format.into(), &deny, coverage);
            if let Some(fixed) = fixed {
                errln!("{fixed}");
            }
            code
        }
        Command::Abilities { set, format } => abilities(&set, format),
        Command::Export { set, format, release, as_of } => export(&set, format, When::of(release, as_of)),
        #[cfg(feature = "lsp")]
        Command::Lsp => match cardc::lsp::run_stdio() {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                errln!("error: cardc lsp: {e}");
                ExitCode::from(2)
            }
        },
        Command::Import { source, data, out, force } => import(source, &data, &out, force),
        Command::Diff { set, other, from, to, format } => diff(&set, other.as_deref(), from, to, format),
        Command::Explain { code } => explain(&code),
        #[cfg(feature = "render")]
        Command::Render { set, out, sheets, paper, bleed } => {
            let paper = match paper {
                PaperArg::A4 => cardc::render::sheets::PAPERS[0],
                PaperArg::Letter => cardc::render::sheets::PAPERS[1],
            };
            render(&set, &out, sheets.then_some(cardc::render::sheets::Sheets { paper, bleed }))
        }
        Command::Fmt { paths, check } => fmt(&paths, check),
        Command::Validate { set, scenarios, fleet_lists, format, xws, ignore_points, release, as_of } => {
            validate(&set, &scenarios, &fleet_lists, format, Xws { on: xws, ignore_points }, When::of(release, as_of))
        }
    }
}

fn check(paths: &[PathBuf], format: DiagnosticFormat, deny: &[String], coverage: bool) -> ExitCode {
    let deny = match cardc::output::Deny::parse(deny) {
        Ok(deny) => deny,
        Err(e) => {
            errln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    let mut report = match cardc::check_paths(paths) {
        Ok(r) => r,
        Err(e) => {
            errln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    deny.apply(&mut report);
    report_check(report, format, coverage)
}

/// Prints a checked report as `cardc check` does: its diagnostics, the coverage when asked,
/// the per-set lines and the summary. The exit status is 1 when it has errors.
fn report_check(report: cardc::Report, format: DiagnosticFormat, coverage: bool) -> ExitCode {
    print_diagnostics(report.all_diagnostics(), &report.sources, format);
    if coverage {
        for set in &report.sets {
            match format {
                DiagnosticFormat::Json => outln!("{}", coverage_json(set)),
                _ => err!("{}", coverage_text(set)),
            }
        }
    }
    let notes = match report.notes() {
        0 => String::new(),
        n => format!(", {n} note{}", plural(n)),
    };
    err!("{}", cardc::output::set_summaries(&report));
    errln!(
        "checked {}: {} error{}, {} warning{}{notes}{}",
        checked_what(&report),
        report.errors(),
        plural(report.errors()),
        report.warnings(),
        plural(report.warnings()),
        elsewhere(&report),
    );
    if report.errors() > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

/// `cardc check --watch`: a check, then another after each change, each closed by a line
/// with the time and its result, until Ctrl-C.
#[cfg(feature = "watch")]
fn check_watch(paths: &[PathBuf], format: DiagnosticFormat, deny: &[String], coverage: bool) -> ExitCode {
    if let Err(e) = cardc::output::Deny::parse(deny) {
        errln!("error: {e}");
        return ExitCode::from(2);
    }
    let watched = cardc::watch::watch(paths, || {
        let result = match check(paths, format, deny, coverage) {
            c if c == ExitCode::SUCCESS => "ok",
            c if c == ExitCode::from(1) => "errors",
            _ => "failed",
        };
        errln!("── {} UTC ── {result} ── watching for changes (Ctrl-C to stop) ──", cardc::watch::utc_time_of_day());
    });
    match watched {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            errln!("error: {e}");
            ExitCode::from(2)
        }
    }
}

/// Prints diagnostics in a format (text on stderr, the others on stdout).
fn print_diagnostics<'a>(
    diagnostics: impl IntoIterator<Item = &'a cardc::Diagnostic>,
    sources: &cardc::SourceMap,
    format: DiagnosticFormat,
) {
    let color = std::io::stderr().is_terminal() && std::env::var_os("NO_COLOR").is_none();
    let style = RenderStyle { color, width: 100 };
    for piece in format_diagnostics(diagnostics, sources, format, style) {
        match piece {
            Output::Stdout(text) => out!("{text}"),
            Output::Stderr(text) => err!("{text}"),
        }
    }
}

/// What a check covered: `2 sets (40 cards)`, or `1 file of 1 set (12 cards)` when
/// single files were given.
fn checked_what(report: &cardc::Report) -> String {
    let (sets, cards) = (report.sets.len(), report.cards());
    let of = match report.files.len() {
        0 => String::new(),
        n => format!("{n} file{} of ", plural(n)),
    };
    format!("{of}{sets} set{} ({cards} card{})", plural(sets), plural(cards))
}

/// `; 3 errors, 1 warning in other files of the set` when files were checked alone and the
/// rest of their set has problems; empty otherwise.
fn elsewhere(report: &cardc::Report) -> String {
    let errors = report.elsewhere.iter().filter(|d| d.is_error()).count();
    let warnings = report.elsewhere.iter().filter(|d| d.severity == cardc::Severity::Warning).count();
    let parts: Vec<String> = [(errors, "error"), (warnings, "warning")]
        .into_iter()
        .filter(|(n, _)| *n > 0)
        .map(|(n, what)| format!("{n} {what}{}", plural(n)))
        .collect();
    if parts.is_empty() {
        return String::new();
    }
    let sets = if report.sets.len() == 1 { "the set" } else { "their sets" };
    format!("; {} in other files of {sets} (not shown)", parts.join(", "))
}

/// A data folder and its date: `<folder>@<YYYY-MM-DD>`.
fn dated(arg: &std::path::Path) -> Result<(PathBuf, String), String> {
    let text = arg.to_string_lossy();
    let Some((folder, date)) = text.rsplit_once('@') else {
        return Err(format!("`{text}`: several releases are each `<folder>@<YYYY-MM-DD>`"));
    };
    cards_runtime::model::release::date(date).map_err(|why| format!("`{text}`: `{date}` is not a date: {why}"))?;
    Ok((PathBuf::from(folder), date.to_string()))
}

/// The release id a data folder's name gives: `v` and its letters and digits, each run of
/// anything else one `-` (`1.3.0` is `v1-3-0`); `None` when nothing is left.
fn release_id(tag: &str) -> Option<String> {
    let mut id = String::from("v");
    for c in tag.chars() {
        if c.is_ascii_alphanumeric() {
            id.push(c.to_ascii_lowercase());
        } else if !id.ends_with('-') && id.len() > 1 {
            id.push('-');
        }
    }
    let id = id.trim_end_matches('-').to_string();
    (id.len() > 1 && cardc::resolve::ids::is_valid_id(&id)).then_some(id)
}

/// Several dated releases of xwing-data2, each imported alone, then merged.
fn import_history(data: &[PathBuf]) -> Result<cardc::import::Imported, String> {
    let mut releases = Vec::new();
    for arg in data {
        let (folder, date) = dated(arg)?;
        let tag = folder.file_name().map_or_else(|| folder.display().to_string(), |n| n.to_string_lossy().into_owned());
        let id =
            release_id(&tag).ok_or_else(|| format!("`{}`: its name `{tag}` gives no release id", folder.display()))?;
        errln!("importing xwing-data2 {tag} ({date}) from `{}`", folder.display());
        let imported = cardc::import::xwing_data2::import(&folder).map_err(|e| e.to_string())?;
        releases.push(cardc::import::history::Dated { id, name: format!("xwing-data2 {tag}"), date, imported });
    }
    releases.sort_by(|a, b| a.date.cmp(&b.date));
    for (i, a) in releases.iter().enumerate() {
        if let Some(b) = releases[i + 1..].iter().find(|b| b.id == a.id) {
            return Err(format!(
                "`{}` and `{}` both give the release id `{}`: name their folders apart",
                a.name, b.name, a.id
            ));
        }
    }
    Ok(cardc::import::history::merge(&releases))
}

fn import(source: Source, data: &[PathBuf], out: &std::path::Path, force: bool) -> ExitCode {
    // One folder is one release, unless it is written `<folder>@<date>` (what follows its
    // last `@` is digits and dashes: a folder whose name has another `@` is a folder).
    let dated_one = |d: &PathBuf| {
        d.to_string_lossy()
            .rsplit_once('@')
            .is_some_and(|(_, date)| !date.is_empty() && date.bytes().all(|b| b.is_ascii_digit() || b == b'-'))
    };
    let several = data.len() > 1 || data.iter().any(dated_one);
    let (name, result) = match (source, several, data) {
        (Source::XwingData2, true, _) => ("xwing-data2", import_history(data)),
        (Source::XwingData2, false, [one]) => {
            ("xwing-data2", cardc::import::xwing_data2::import(one).map_err(|e| e.to_string()))
        }
        (Source::ArmadaData, false, [one]) => {
            ("armada-data", cardc::import::armada_data::import(one).map_err(|e| e.to_string()))
        }
        _ => ("armada-data", Err("armada-data imports one data folder".to_string())),
    };
    if !several {
        errln!("importing {name} from `{}`", data[0].display());
    }
    let imported = match result {
        Ok(i) => i,
        Err(e) => {
            errln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    for irregularity in &imported.irregularities {
        errln!("warning: {irregularity}");
    }
    err!("{}", imported.summary());
    // Checked before anything is written: a set with errors is not written at all.
    let report = cardc::import::check_imported(out, &imported.files);
    if report.errors() > 0 {
        let code = report_check(report, DiagnosticFormat::Human, false);
        errln!("error: the imported set has errors; nothing was written to `{}`", out.display());
        return code;
    }
    if let Err(e) = cardc::import::write_set(out, &imported.files, force) {
        errln!("error: {e}");
        return ExitCode::from(2);
    }
    errln!("wrote {} files to `{}`", imported.files.len(), out.display());
    report_check(report, DiagnosticFormat::Human, false)
}

/// What `cardc fmt` did to one file.
enum Formatted {
    Unchanged,
    /// It was rewritten, or with `--check` would be.
    Changed,
    /// It does not parse.
    Broken,
    /// It could not be read or written.
    Failed,
}

/// `cardc fmt`: formats each file at each path; see the subcommand's help.
fn fmt(paths: &[PathBuf], check: bool) -> ExitCode {
    let style =
        RenderStyle { color: std::io::stderr().is_terminal() && std::env::var_os("NO_COLOR").is_none(), width: 100 };
    let mut files = Vec::new();
    let mut worst = 0u8;
    for path in paths {
        match cardc::format::files_at(path) {
            Ok(Ok(found)) => files.extend(found),
            Ok(Err(d)) => {
                err!("{}", d.render(&cardc::SourceMap::new(), style));
                worst = worst.max(1);
            }
            Err(e) => {
                errln!("error: {e}");
                worst = 2;
            }
        }
    }
    // A file named twice (or by a path and its folder) is formatted once.
    let mut seen = std::collections::HashSet::new();
    files.retain(|f| seen.insert(f.clone()));
    let (mut changed, mut unchanged, mut broken) = (0, 0, 0);
    for file in &files {
        match fmt_file(file, check, style) {
            Formatted::Unchanged => unchanged += 1,
            Formatted::Changed => changed += 1,
            Formatted::Broken => broken += 1,
            Formatted::Failed => worst = 2,
        }
    }
    let verb = if check { "would be reformatted" } else { "reformatted" };
    let mut summary = format!("{changed} file{} {verb}, {unchanged} already formatted", plural(changed));
    if broken > 0 {
        summary.push_str(&format!(", {broken} not parsed (left as they were)"));
    }
    errln!("{summary}");
    if broken > 0 || (check && changed > 0) {
        worst = worst.max(1);
    }
    ExitCode::from(worst)
}

/// Formats one file: prints its diagnostics, its diff (`--check`) or its name (rewritten).
fn fmt_file(path: &std::path::Path, check: bool, style: RenderStyle) -> Formatted {
    let bytes = match cardc::source::read_card_file(path) {
        Ok(Ok(b)) => b,
        Ok(Err(d)) => {
            err!("{}", d.render(&cardc::SourceMap::new(), style));
            return Formatted::Broken;
        }
        Err(e) => {
            errln!("error: {e}");
            return Formatted::Failed;
        }
    };
    let mut sources = cardc::SourceMap::new();
    let id = match cardc::source::add_bytes(&mut sources, path.to_path_buf(), bytes) {
        Ok(id) => id,
        Err(d) => {
            err!("{}", d.render(&sources, style));
            return Formatted::Broken;
        }
    };
    let text = sources.file(id).text.clone();
    let formatted = match cardc::format::format_source(&text) {
        Ok(f) => f,
        Err(cardc::format::FormatError::Syntax(diagnostics)) => {
            for d in diagnostics {
                err!("{}", d.render(&sources, style));
            }
            return Formatted::Broken;
        }
        Err(e) => {
            errln!("error: {}: {e}", path.display());
            return Formatted::Broken;
        }
    };
    if formatted == *text {
        return Formatted::Unchanged;
    }
    if check {
        out!("{}", cardc::format::unified_diff(&path.display().to_string(), &text, &formatted));
        return Formatted::Changed;
    }
    if let Err(e) = cardc::format::write_atomic(path, &formatted) {
        errln!("error: {e}");
        return Formatted::Failed;
    }
    outln!("reformatted {}", path.display());
    Formatted::Changed
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
    out.push_str(&format!(
        "  said back as printed: {} of {} abilities ({:.1}%); {} differ (N0003)\n",
        c.round_trip_exact,
        c.abilities,
        c.round_trip_percent(),
        c.abilities - c.round_trip_exact
    ));
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
        "round_trip": { "exact": c.round_trip_exact, "differs": c.abilities - c.round_trip_exact, "exact_percent": (c.round_trip_percent() * 10.0).round() / 10.0 },
    })
    .to_string()
}

#[cfg(feature = "render")]
fn render(dir: &std::path::Path, out: &std::path::Path, sheets: Option<cardc::render::sheets::Sheets>) -> ExitCode {
    let report = match cardc::check_paths(&[dir]) {
        Ok(r) => r,
        Err(e) => {
            errln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    // Errors, and the warnings a designer drawing cards reads: what does not fit.
    let shown = report.all_diagnostics().filter(|d| d.is_error() || d.code.id == "W0008");
    print_diagnostics(shown, &report.sources, DiagnosticFormat::Human);
    let checked = match report.sets.as_slice() {
        [one] => one,
        [] if report.errors() > 0 => return ExitCode::from(1),
        _ => {
            errln!("error: `{}` is not one set folder", dir.display());
            return ExitCode::from(2);
        }
    };
    let Some(set) = checked.model().filter(|_| checked.errors() == 0) else {
        let n = checked.errors();
        errln!("error: the set in `{}` has {n} error{}; nothing was drawn", dir.display(), plural(n));
        return ExitCode::from(1);
    };
    let glyphs = match cardc::render::Glyphs::read(dir, &checked.layouts.glyphs) {
        Ok(g) => g,
        Err(e) => {
            errln!("error: cannot read the glyphs in `{}`: {e}", dir.join("icons").display());
            return ExitCode::from(2);
        }
    };
    let places = cardc::render::places(&report.sources, set, &checked.dir);
    let rendered = cardc::render::render(set, &checked.layouts, &glyphs, places);
    // The sheets are made before anything is written: a paper too small is a usage error
    // with nothing written.
    let pdf = match sheets.map(|s| {
        cardc::render::sheets::pages(set, &rendered, &s)
            .and_then(|p| cardc::render::sheets::pdf(&p, s.paper, &rendered.families))
    }) {
        Some(Err(e)) => {
            errln!("error: cannot lay out sheets: {e}");
            return ExitCode::from(2);
        }
        Some(Ok(pdf)) => Some(pdf),
        None => None,
    };
    let written = cardc::render::write(set, &rendered, &glyphs, out).and_then(|w| match &pdf {
        Some(pdf) => cardc::render::write_file(&out.join("sheets.pdf"), pdf).map(|()| w),
        None => Ok(w),
    });
    match written {
        Ok(w) => {
            let overflows = rendered.overflows();
            errln!(
                "drew {} card{} and {} back{} into `{}` ({} files, {} KB): {overflows} box{} overflow{}; open `{}`",
                rendered.cards.len(),
                plural(rendered.cards.len()),
                rendered.backs.len(),
                plural(rendered.backs.len()),
                out.display(),
                w.files,
                w.bytes.div_ceil(1024),
                if overflows == 1 { "" } else { "es" },
                if overflows == 1 { "s" } else { "" },
                out.join("index.html").display(),
            );
            ExitCode::SUCCESS
        }
        Err(e) => {
            errln!("error: cannot write into `{}`: {e}", out.display());
            ExitCode::from(2)
        }
    }
}

/// Loads one set folder at run time, printing its errors in `format`. `Err` is the exit
/// status: 1 when the set has errors, 2 when it cannot be read or is not one set folder.
fn load_one(dir: &std::path::Path, format: DiagnosticFormat) -> Result<cards_runtime::Set, u8> {
    let report = match cardc::check_paths(&[dir]) {
        Ok(r) => r,
        Err(e) => {
            errln!("error: {e}");
            return Err(2);
        }
    };
    print_diagnostics(report.all_diagnostics().filter(|d| d.is_error()), &report.sources, format);
    let errors = report.errors();
    let mut sets = report.sets;
    match sets.as_mut_slice() {
        [one] if one.set.is_some() => one.set.take().ok_or(2),
        [one] => {
            let n = one.errors();
            errln!("error: the set in `{}` has {n} error{}", dir.display(), plural(n));
            Err(1)
        }
        [] if errors > 0 => Err(1),
        _ => {
            errln!("error: `{}` is not one set folder", dir.display());
            Err(2)
        }
    }
}

fn abilities(dir: &std::path::Path, format: ReadingFormat) -> ExitCode {
    let set = match load_one(dir, format.into()) {
        Ok(set) => set,
        Err(status) => return ExitCode::from(status),
    };
    for card in set.cards.iter() {
        for a in card.abilities.iter() {
            let line = match format {
                ReadingFormat::Json => cards_runtime::ability_json::ability_json(&set, card, a).to_string(),
                ReadingFormat::Human => {
                    let name = a.name.as_deref().map_or(String::new(), |n| format!(" \"{n}\""));
                    let opaque = a.opaque().count();
                    let note = if opaque > 0 { format!("  ({opaque} opaque)") } else { String::new() };
                    let (said, trip) = cards_runtime::ability_card::said_back(&set, a);
                    format!(
                        "{}{name}: {}{note}\n{}  says back ({}): {}",
                        card.id,
                        a.text,
                        cards_runtime::ability_text::ability(&set, a),
                        trip.as_str(),
                        said.text
                    )
                }
            };
            outln!("{line}");
        }
    }
    ExitCode::SUCCESS
}

/// The release a command takes a set as of: `--release ID` or `--as-of DATE`.
struct When {
    release: Option<String>,
    date: Option<String>,
}

impl When {
    fn of(release: Option<String>, date: Option<String>) -> When {
        When { release, date }
    }

    /// The release it names in `set`, or the message of a usage error.
    fn release(&self, set: &cards_runtime::Set) -> Result<Option<u16>, String> {
        cards_cli::validate::release_of(set, self.release.as_deref(), self.date.as_deref())
    }

    /// The set as of this release, or the message of a usage error.
    fn apply(&self, set: cards_runtime::Set) -> Result<cards_runtime::Set, String> {
        Ok(match self.release(&set)? {
            Some(release) => set.as_of(release),
            None => set,
        })
    }
}

fn export(dir: &std::path::Path, format: ExportFormat, when: When) -> ExitCode {
    let set = match load_one(dir, DiagnosticFormat::Human) {
        Ok(set) => set,
        Err(status) => return ExitCode::from(status),
    };
    let set = match when.apply(set) {
        Ok(set) => set,
        Err(message) => {
            errln!("error: {message}");
            return ExitCode::from(2);
        }
    };
    let text = match format {
        ExportFormat::Json => cards_runtime::export::to_json_pretty(&set),
    };
    out!("{text}");
    ExitCode::SUCCESS
}

/// The release `spec` names in `set`: a release id, else a date (the last release on or
/// before it); the message of a usage error when it names none.
fn release_named(set: &cards_runtime::Set, spec: &str) -> Result<u16, String> {
    if let Some(release) = set.release(spec) {
        return Ok(release);
    }
    if cards_runtime::model::release::date(spec).is_err() {
        let ids = set.releases.iter().map(|r| format!("`{}`", r.id)).collect::<Vec<_>>().join(", ");
        return Err(match set.releases.len() {
            0 => format!("the set declares no release, so none is named `{spec}`"),
            _ => format!("`{spec}` is neither a release of the set ({ids}) nor a date (`YYYY-MM-DD`)"),
        });
    }
    // A date: the release in force then, as `--as-of` takes it.
    cards_cli::validate::release_of(set, None, Some(spec))?.ok_or_else(|| format!("no release as of {spec}"))
}

fn diff(
    dir: &std::path::Path,
    other: Option<&std::path::Path>,
    from: Option<String>,
    to: Option<String>,
    format: DiffFormat,
) -> ExitCode {
    let load = |dir: &std::path::Path| load_one(dir, DiagnosticFormat::Human);
    let old = match load(dir) {
        Ok(set) => set,
        Err(status) => return ExitCode::from(status),
    };
    let new = match other.map(load) {
        None => None,
        Some(Ok(set)) => Some(set),
        Some(Err(status)) => return ExitCode::from(status),
    };
    // Each state: its set as of its release (when one is named), which cards had come
    // out, and its label.
    let state = |set: &cards_runtime::Set,
                 spec: Option<&str>,
                 folder: &std::path::Path|
     -> Result<(cards_runtime::Set, Option<u16>, String), String> {
        let label = |what: String| if other.is_some() { format!("{} {what}", folder.display()) } else { what };
        match spec {
            None if other.is_some() => {
                let release = set.releases.len().checked_sub(1).and_then(|i| u16::try_from(i).ok());
                Ok((set.clone(), release, folder.display().to_string()))
            }
            // As of its last release: a card that left the set by then is not in it.
            None => {
                let last = set.releases.last().map_or("as it is".into(), |r| format!("{} ({})", r.id, r.date));
                let release = set.releases.len().checked_sub(1).and_then(|i| u16::try_from(i).ok());
                Ok((set.clone(), release, last))
            }
            Some(spec) => {
                let release = release_named(set, spec)?;
                let r = &set.releases[usize::from(release)];
                Ok((set.as_of(release), Some(release), label(format!("{} ({})", r.id, r.date))))
            }
        }
    };
    let (old_state, new_state) = match &new {
        Some(new) => (state(&old, from.as_deref(), dir), state(new, to.as_deref(), other.unwrap_or(dir))),
        None => (state(&old, from.as_deref(), dir), state(&old, to.as_deref(), dir)),
    };
    let ((old_set, old_release, old_label), (new_set, new_release, new_label)) = match (old_state, new_state) {
        (Ok(a), Ok(b)) => (a, b),
        (Err(message), _) | (_, Err(message)) => {
            errln!("error: {message}");
            return ExitCode::from(2);
        }
    };
    let holds = |release: Option<u16>| move |card: &cards_runtime::model::Card| release.is_none_or(|r| card.in_set(r));
    let (old_holds, new_holds) = (holds(old_release), holds(new_release));
    let changes = cardc::diff::diff(
        &cardc::diff::State { set: &old_set, holds: &old_holds, label: old_label },
        &cardc::diff::State { set: &new_set, holds: &new_holds, label: new_label },
    );
    let text = match format {
        DiffFormat::Human => changes.human(),
        DiffFormat::Markdown => changes.markdown(),
        DiffFormat::Json => format!("{:#}\n", changes.json()),
    };
    out!("{text}");
    ExitCode::SUCCESS
}

/// `--xws` and `--ignore-points`.
struct Xws {
    on: bool,
    ignore_points: bool,
}

fn validate(
    dir: &std::path::Path,
    scenarios: &[PathBuf],
    lists: &[PathBuf],
    format: VerdictFormat,
    xws: Xws,
    when: When,
) -> ExitCode {
    let set = match load_one(dir, format.into()) {
        Ok(set) => set,
        Err(status) => return ExitCode::from(status),
    };
    let release = match when.release(&set) {
        Ok(release) => release,
        Err(message) => {
            errln!("error: {message}");
            return ExitCode::from(2);
        }
    };
    let json = matches!(format, VerdictFormat::Json);
    let mut worst = 0u8;
    // XWS squads are judged as of the release (each, without one, as of the release its
    // `version` names); scenarios and fleet lists by the set as of it.
    let as_of = release.map(|r| set.as_of(r));
    let judged = as_of.as_ref().unwrap_or(&set);
    if !scenarios.is_empty() {
        worst = if xws.on {
            let options = cards_runtime::fleet::Options { ignore_points: xws.ignore_points, release };
            cards_cli::validate::xws_files(&set, scenarios, &options, json)
        } else {
            cards_cli::validate::test_scenario_files(&[judged], scenarios, json)
        };
    }
    ExitCode::from(worst.max(cards_cli::validate::fleet_list_files(judged, lists, json)))
}

fn plural(n: usize) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}

fn explain(id: &str) -> ExitCode {
    match cardc::output::code_by_id_or_name(id) {
        Ok(code) => {
            outln!(
                "{} ({}, {})\n",
                code.id,
                code.name,
                match code.severity {
                    cardc::Severity::Error => "error",
                    cardc::Severity::Warning => "warning",
                    cardc::Severity::Note => "note",
                }
            );
            out!("{}", code.explanation());
            ExitCode::SUCCESS
        }
        Err(closest) => {
            errln!("error: no diagnostic code or lint `{id}`");
            match closest {
                Some(c) => errln!("  help: did you mean `{c}`?"),
                None => {
                    let ids: Vec<&str> = cardc::codes().iter().map(|c| c.id).collect();
                    errln!(
                        "  help: a code or a lint's name, such as `E0105` or `unused-icon`; the codes are {}",
                        ids.join(", ")
                    );
                }
            }
            ExitCode::from(2)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::release_id;

    #[test]
    fn a_folder_name_gives_a_release_id() {
        assert_eq!(release_id("1.3.0").as_deref(), Some("v1-3-0"));
        assert_eq!(release_id("1..0").as_deref(), Some("v1-0"));
        assert_eq!(release_id("rc_").as_deref(), Some("vrc"));
        assert_eq!(release_id("V1.0").as_deref(), Some("vv1-0"));
        assert_eq!(release_id("...").as_deref(), None);
    }
}
