//! `ply`: play, analyse and compare adversarial searches on board games.
//!
//! The command line is a library so that its protocol handlers and parsers can be driven
//! in-process (the fuzz targets do); `src/main.rs` only calls [`main`].

pub mod commands;
pub mod format;
pub mod games;
pub mod levels;
pub mod lines;
pub mod report;
pub mod start;
pub mod timed;
pub mod variant;

use std::ffi::OsString;
use std::io;
use std::process::ExitCode;
use std::time::Duration;

use clap::{Args, CommandFactory, FromArgMatches, Parser, Subcommand};

use commands::{bench, engine, list, perft, play};
use games::with_game;
use variant::VariantArgs;

#[derive(Parser, Debug)]
#[command(
    name = "ply",
    version,
    about = "Adversarial search for board games: play, engine protocols, solve, perft, bench.",
    after_help = "Games: tictactoe, connect4, quoridor, halma. `ply list` shows variants and agents."
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// List games, their variant options, agents and their parameters.
    List(list::ListArgs),
    /// Play against the engine in the terminal.
    Play(play::PlayArgs),
    /// Count the move sequences of each depth (checks move generators).
    Perft(perft::PerftArgs),
    /// Run the fixed search benchmark, or a solver benchmark.
    Bench(bench::BenchArgs),
    /// Speak a text protocol on standard input and output.
    #[command(subcommand)]
    Engine(EngineCommand),
    /// Play a tournament between agents: ratings, statistics, reports and plots.
    Arena(commands::arena::ArenaArgs),
    /// The difficulty ladder of a game: named levels with measured ratings.
    Levels(commands::levels::LevelsArgs),
    /// Serve the browser UI and its JSON API (localhost by default).
    Serve(commands::serve::ServeArgs),
    /// Solve positions exactly.
    #[command(subcommand)]
    Solve(SolveCommand),
    /// Analyse a game record: each move's value before and after, the best move, and a
    /// verdict (best, good, inaccuracy, mistake, blunder).
    Analyze(commands::analyze::AnalyzeArgs),
    /// Fit an evaluation's weights to the outcomes of recorded games (Texel's method).
    Tune(commands::tune::TuneArgs),
    /// Reports: `ply report seeds` reruns the source reports' comparisons beside theirs.
    #[command(subcommand)]
    Report(commands::report::ReportCommand),
    /// Print the shell completion script of bash, zsh, fish, elvish or powershell.
    Completions(commands::shell::CompletionsArgs),
    /// Print the manual page (roff): `ply man | man -l -`.
    Man,
}

#[derive(Subcommand, Debug)]
pub enum EngineCommand {
    /// Tic-tac-toe in QTP's style (`= result` / `? error`, then an empty line).
    Tictactoe(TextEngineArgs),
    /// Connect Four in QTP's style.
    Connect4(TextEngineArgs),
    /// Quoridor: QTP as crates/games/quoridor/README.md specifies it (a referee may also start `ply -seed N`).
    Quoridor(commands::qtp::QtpArgs),
    /// Halma: one JSON position per line in, one JSON move per line out; with --protocol
    /// ccp the CCERL rating list's CCP (ccerl rules).
    Halma(commands::halma_engine::HalmaEngineArgs),
}

#[derive(Subcommand, Debug)]
pub enum SolveCommand {
    /// Connect Four: `position score` lines in the test-set convention.
    Connect4(commands::solve::SolveArgs),
    /// Build a Connect Four opening book: the exact score (or with --outcomes only who wins)
    /// of every position with --depth stones (resumable: rerun the same command after an
    /// interruption).
    Connect4Book(commands::solve_book::BookArgs),
}

#[derive(Args, Debug)]
pub struct TextEngineArgs {
    /// The engine's agent spec (see `ply list`). A spec that sets no limit plays its agent's
    /// default budget (`ply list GAME` shows it).
    #[arg(long)]
    pub agent: Option<String>,
    /// Time per generated move, e.g. 1s: the agent's search budget per move (it replaces a
    /// preset's own time; a time= written in --agent wins, and ply says so).
    #[arg(long, value_parser = format::parse_duration)]
    pub time: Option<Duration>,
    /// Seed for the engine's randomness.
    #[arg(long = "seed", default_value_t = 1)]
    pub rng_seed: u64,
    #[command(flatten)]
    pub variant: VariantArgs,
}

fn run_text_engine(game: games::GameName, args: &TextEngineArgs) -> anyhow::Result<()> {
    with_game!(game, &args.variant, |state, catalog| {
        let spec = args
            .agent
            .clone()
            .unwrap_or_else(|| games::default_agent(game).to_string());
        let (agent, limit) = timed::build_timed(
            "engine",
            &catalog,
            &spec,
            args.time,
            "--time",
            args.rng_seed,
        )?;
        let mut engine = engine::TextEngine::new(state, agent, limit);
        engine.run(io::stdin().lock(), io::stdout().lock())?;
        Ok(())
    })
}

/// A Quoridor referee starts its engines as `./path -seed N`: that form speaks QTP at once.
/// Its options are text: an argument that is not UTF-8 is an error naming it.
fn referee_form(argv: &[OsString]) -> Option<Result<Vec<String>, String>> {
    let first = argv.get(1)?.to_str()?;
    if first != "-seed" && !first.starts_with("-seed=") {
        return None;
    }
    Some(
        argv[1..]
            .iter()
            .map(|arg| {
                arg.to_str().map(str::to_string).ok_or_else(|| {
                    format!(
                        "{} is not UTF-8 text: the referee form's options are text",
                        ply_core::quote_bytes(arg.as_encoded_bytes())
                    )
                })
            })
            .collect(),
    )
}

/// Makes a write to a closed standard output end the program as it ends other Unix tools
/// (`ply perft … | head -1`): killed by SIGPIPE, quietly, status 141 in a shell. Rust
/// ignores SIGPIPE, which turns every print after the reader left into a panic; restoring
/// the default once here covers every print of every command, where handling the error at
/// each print would miss some. `ply serve` keeps it ignored: a client that disconnects
/// while hyper writes its answer (with writev, which raises SIGPIPE) must not stop the
/// server. `ply` writes to no other pipe (the one program it starts, git, is only read).
fn closed_pipe_ends_quietly() {
    #[cfg(unix)]
    // SAFETY: setting a signal's disposition to its default, before any thread is started
    // and with no handler of ours involved.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}

/// The command line's grammar for `argv`: once a game is named, help shows only its
/// variant flags.
pub fn command_for(argv: &[OsString]) -> clap::Command {
    let words: Vec<String> = argv
        .iter()
        .skip(1)
        .map(|arg| arg.to_string_lossy().into_owned())
        .collect();
    match variant::game_in(&words) {
        Some(game) => variant::for_game(Cli::command(), game),
        None => Cli::command(),
    }
}

/// Why clap refused `argv` for bytes that are not UTF-8 (its own message names no argument):
/// the arguments that hold such bytes, and the rule.
fn not_utf8(argv: &[OsString]) -> String {
    let bad: Vec<String> = argv[1..]
        .iter()
        .filter(|arg| arg.to_str().is_none())
        .map(|arg| ply_core::quote_bytes(arg.as_encoded_bytes()))
        .collect();
    format!(
        "{} not UTF-8 text: only a FILE argument may hold bytes that are not UTF-8",
        if bad.len() == 1 {
            format!("{} is", bad[0])
        } else {
            format!("{} are", bad.join(", "))
        }
    )
}

/// Runs `ply` with the process's arguments and standard streams.
pub fn main() -> ExitCode {
    let argv: Vec<OsString> = std::env::args_os().collect();
    if let Some(args) = referee_form(&argv) {
        closed_pipe_ends_quietly();
        let run = args
            .and_then(|args| ply_quoridor::qtp::EngineOptions::from_args(&args))
            .and_then(|o| ply_quoridor::qtp::run_stdio(&o));
        return match run {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("ply: {e}");
                ExitCode::FAILURE
            }
        };
    }
    let mut command = command_for(&argv);
    let matches = match command.clone().try_get_matches_from(&argv) {
        Ok(matches) => matches,
        Err(e) if e.kind() == clap::error::ErrorKind::InvalidUtf8 => {
            command.error(e.kind(), not_utf8(&argv)).exit()
        }
        Err(e) => e.exit(),
    };
    let cli = Cli::from_arg_matches(&matches).unwrap_or_else(|e| e.exit());
    if !matches!(cli.command, Command::Serve(_)) {
        closed_pipe_ends_quietly();
    }
    let result = match &cli.command {
        Command::List(a) => list::run(a),
        Command::Play(a) => play::run(a),
        Command::Perft(a) => perft::run(a),
        Command::Bench(a) => bench::run(a),
        Command::Engine(EngineCommand::Tictactoe(a)) => {
            run_text_engine(games::GameName::Tictactoe, a)
        }
        Command::Engine(EngineCommand::Connect4(a)) => {
            run_text_engine(games::GameName::Connect4, a)
        }
        Command::Engine(EngineCommand::Quoridor(a)) => commands::qtp::run(a),
        Command::Engine(EngineCommand::Halma(a)) => commands::halma_engine::run(a),
        Command::Arena(a) => commands::arena::run(a),
        Command::Serve(a) => commands::serve::run(a),
        Command::Levels(a) => commands::levels::run(a),
        Command::Solve(SolveCommand::Connect4(a)) => commands::solve::run(a),
        Command::Solve(SolveCommand::Connect4Book(a)) => commands::solve_book::run(a),
        Command::Report(c) => commands::report::run(c),
        Command::Analyze(a) => commands::analyze::run(a),
        Command::Tune(a) => commands::tune::run(a),
        Command::Completions(a) => commands::shell::completions(a),
        Command::Man => commands::shell::man(),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("ply: {e:#}");
            ExitCode::FAILURE
        }
    }
}
