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
        /// Judge XWS squads as of this release of the set (its id): every card as it was
        /// then, and a card that came out later is the violation `not-released`.
        #[arg(long, value_name = "ID", requires = "xws", conflicts_with = "as_of")]
        release: Option<String>,
        /// Judge XWS squads as of this date (`YYYY-MM-DD`): as of the last release on or
        /// before it.
        #[arg(long, value_name = "DATE", requires = "xws")]
        as_of: Option<String>,
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
        Command::Validate { scenarios, format, xws, set, ignore_points, release, as_of } => {
            let json = matches!(format, Format::Json);
            if !xws {
                let sets: Vec<&cards_runtime::Set> = cards::SETS.iter().map(|s| s.get()).collect();
                return ExitCode::from(cards_cli::validate::scenario_files(&sets, &scenarios, json));
            }
            let Some(set) = cards::set(&set) else { return no_set(&set) };
            let release = match cards_cli::validate::release_of(set, release.as_deref(), as_of.as_deref()) {
                Ok(release) => release,
                Err(message) => {
                    errln!("error: {message}");
                    return ExitCode::from(2);
                }
            };
            let options = cards_runtime::fleet::Options { ignore_points, release };
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
