//! `ply`: play, analyse and compare adversarial searches on board games.
//!
//! The command line is a library so that its protocol handlers and parsers can be driven
//! in-process (the fuzz targets do); `src/main.rs` only calls [`main`].

pub mod commands;
pub mod format;
pub mod games;
pub mod ladder;
pub mod lines;
pub mod report;
pub mod start;
pub mod streams;
pub mod timed;
pub mod variant;

use std::ffi::OsString;
use std::process::ExitCode;

use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};

use commands::engine::EngineCommand;
use commands::{bench, list, perft, play};
use ply_registry::GameId;

#[derive(Parser, Debug)]
#[command(
    name = "ply",
    version,
    about = "Adversarial search for board games: play, engine protocols, solve, perft, bench."
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
    /// Speak the game's engine protocol on standard input and output (`ply engine GAME
    /// --help` shows its options).
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
    /// Learn a game by self-play (AlphaZero): a network trained for the `az` agent.
    Train(commands::train::TrainArgs),
    /// Fit an evaluation's weights to the outcomes of recorded games (Texel's method).
    Tune(commands::quoridor::tune::TuneArgs),
    /// Reports: `ply report seeds` reruns the source reports' comparisons beside theirs.
    #[command(subcommand)]
    Report(commands::report::ReportCommand),
    /// Print the shell completion script of bash, zsh, fish, elvish or powershell.
    Completions(commands::shell::CompletionsArgs),
    /// Print the manual page (roff): `ply man | man -l -`.
    Man,
}

#[derive(Subcommand, Debug)]
pub enum SolveCommand {
    /// Connect Four: `position score` lines in the test-set convention.
    Connect4(commands::connect4::solve::SolveArgs),
    /// Build a Connect Four opening book: the exact score (or with --outcomes only who wins)
    /// of every position with --depth stones (resumable: rerun the same command after an
    /// interruption).
    Connect4Book(commands::connect4::solve_book::BookArgs),
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

/// The command line's grammar, with the list of games in its help.
pub fn command() -> clap::Command {
    Cli::command().after_help(format!(
        "Games: {}. `ply list` shows variants and agents.",
        GameId::names()
    ))
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
        Some(game) => variant::for_game(command(), game),
        None => command(),
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
    // Before any thread starts (see its documentation).
    ply_learn::settle_threads();
    let argv: Vec<OsString> = std::env::args_os().collect();
    if let Some(args) = commands::quoridor::qtp::referee_form(&argv) {
        closed_pipe_ends_quietly();
        return streams::run(|| {
            args.and_then(|args| commands::quoridor::qtp::run_referee_form(&args))
                .map_err(anyhow::Error::msg)
        });
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
    streams::run(|| match &cli.command {
        Command::List(a) => list::run(a),
        Command::Play(a) => play::run(a),
        Command::Perft(a) => perft::run(a),
        Command::Bench(a) => bench::run(a),
        Command::Engine(engine) => engine.run(),
        Command::Arena(a) => commands::arena::run(a),
        Command::Serve(a) => commands::serve::run(a),
        Command::Levels(a) => commands::levels::run(a),
        Command::Solve(SolveCommand::Connect4(a)) => commands::connect4::solve::run(a),
        Command::Solve(SolveCommand::Connect4Book(a)) => commands::connect4::solve_book::run(a),
        Command::Report(c) => commands::report::run(c),
        Command::Analyze(a) => commands::analyze::run(a),
        Command::Tune(a) => commands::quoridor::tune::run(a),
        Command::Train(a) => commands::train::run(a),
        Command::Completions(a) => commands::shell::completions(a),
        Command::Man => commands::shell::man(),
    })
}
