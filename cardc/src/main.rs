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
    },
    /// Validate fleets or Upgrade actions (scenario JSON files) against a set loaded at
    /// run time, without rebuilding anything.
    ///
    /// Exits 0 when every scenario is legal, 1 when one is illegal, 2 when the set has
    /// errors or a scenario cannot be read.
    Validate {
        /// The set folder.
        #[arg(long)]
        set: PathBuf,
        /// Scenario JSON files.
        #[arg(required = true)]
        scenarios: Vec<PathBuf>,
        /// How to print the verdicts.
        #[arg(long, value_enum, default_value_t = Format::Human)]
        format: Format,
    },
    /// Print the long explanation of a diagnostic code (`cardc explain E0105`).
    Explain {
        /// The code, such as `E0105` or `W0001`.
        code: String,
    },
}

#[derive(Clone, Copy, ValueEnum)]
enum Format {
    /// rustc-style text on stderr.
    Human,
    /// One JSON object per diagnostic, one per line, on stdout.
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
        Command::Check { paths, format } => check(&paths, format),
        Command::Explain { code } => explain(&code),
        Command::Validate { set, scenarios, format } => validate(&set, &scenarios, format),
    }
}

fn check(paths: &[PathBuf], format: Format) -> ExitCode {
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
    let _ = writeln!(
        stderr,
        "checked {} set{} ({} card{}): {} error{}, {} warning{}",
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

fn validate(dir: &std::path::Path, scenarios: &[PathBuf], format: Format) -> ExitCode {
    let report = match cardc::check_paths(&[dir]) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    let style =
        RenderStyle { color: std::io::stderr().is_terminal() && std::env::var_os("NO_COLOR").is_none(), width: 100 };
    for d in report.all_diagnostics().filter(|d| d.is_error()) {
        eprint!("{}", d.render(&report.sources, style));
    }
    let set = match report.sets.as_slice() {
        [one] if one.set.is_some() => one.set.as_ref(),
        [_] => {
            eprintln!("error: the set in `{}` has errors", dir.display());
            return ExitCode::from(2);
        }
        _ => {
            eprintln!("error: `{}` is not one set folder", dir.display());
            return ExitCode::from(2);
        }
    };
    let Some(set) = set else { return ExitCode::from(2) };
    cards_runtime::scenario::validate_files(&[set], scenarios, matches!(format, Format::Json))
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
                if code.severity == cardc::Severity::Error { "error" } else { "warning" }
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
