//! `cards`: validates fleets and Upgrade actions against the sets compiled into this
//! binary, and lists their cards.

use std::path::PathBuf;
use std::process::ExitCode;

use cards_cli::{errln, outln};
use clap::{Parser, Subcommand, ValueEnum};

/// Validate fleets against the compiled card sets.
#[derive(Parser)]
#[command(name = "cards", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Validate scenario files (a fleet or an Upgrade action, as JSON); each is checked
    /// against the set of its `game`. With `--xws`, the files are XWS squads instead: a
    /// `.json` file holds one, any other file one per line. Exits 0 when all are legal, 1
    /// when one is illegal (or, with `--xws`, cannot be resolved), 2 when one cannot be
    /// read.
    Validate {
        /// Scenario JSON files, or XWS files with `--xws`.
        #[arg(required = true)]
        scenarios: Vec<PathBuf>,
        /// How to print the verdicts.
        #[arg(long, value_enum, default_value_t = Format::Human)]
        format: Format,
        /// The files are XWS squads (X-Wing Squadron Format), validated against `--set`.
        #[arg(long)]
        xws: bool,
        /// The compiled set XWS squads are validated against.
        #[arg(long, default_value = "xwing", requires = "xws")]
        set: String,
        /// Skip point rules (`total cost …`), for lists built under other points.
        #[arg(long, requires = "xws")]
        ignore_points: bool,
    },
    /// List the cards of a game: id, kind, cost and name.
    List {
        /// The game's id (`armada`, `xwing`, `eclipse`).
        game: String,
    },
}

#[derive(Clone, Copy, ValueEnum)]
enum Format {
    /// A line per verdict and per violation.
    Human,
    /// One JSON object per scenario, one per line.
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
        Command::Validate { scenarios, format, xws, set, ignore_points } => {
            let json = matches!(format, Format::Json);
            if !xws {
                let sets: Vec<&cards_runtime::Set> = cards::SETS.iter().map(|s| s.get()).collect();
                return ExitCode::from(cards_cli::validate::scenario_files(&sets, &scenarios, json));
            }
            let Some(set) = cards::set(&set) else { return no_set(&set) };
            let options = cards_runtime::fleet::Options { ignore_points };
            ExitCode::from(cards_cli::validate::xws_files(set, &scenarios, &options, json))
        }
        Command::List { game } => {
            let Some(set) = cards::set(&game) else { return no_set(&game) };
            for card in set.cards.iter() {
                let cost = card.cost.map_or_else(|| "-".to_string(), |c| c.to_string());
                outln!("{:<40} {:<10} {:>4}  {}", card.id, card.kind.as_str(), cost, card.name);
            }
            ExitCode::SUCCESS
        }
    }
}

fn no_set(game: &str) -> ExitCode {
    let games: Vec<&str> = cards::SETS.iter().map(|s| &*s.game).collect();
    errln!("error: no compiled set `{game}`; the sets are {}", games.join(", "));
    ExitCode::from(2)
}
