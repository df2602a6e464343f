//! `ply play GAME`: a person against the engine in the terminal.

use std::io::{self, BufRead, Write};
use std::path::PathBuf;
use std::time::Duration;

use anyhow::Context;
use clap::{Args, ValueEnum};
use ply_core::record::{Record, RecordedMove, DATE};
use ply_core::{Agent, Decision, Described, Game, SearchLimits, ZobristHash};
use ply_search::spec::Catalog;

use crate::format::{describe_decision, outcome_text, player_label};
use crate::games::{default_agent, GameName};
use crate::lines::LineReader;
use crate::start::{now_tag, resolve, save_record, Start, StartArgs};
use crate::variant::VariantArgs;

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum First {
    Human,
    Engine,
}

#[derive(Args, Debug)]
pub struct PlayArgs {
    /// The game.
    #[arg(value_enum)]
    pub game: GameName,
    /// The engine: an agent spec such as `alphabeta:depth=9` (see `ply list`); each game has a
    /// strong default. A spec that sets no limit (and no --time) plays its agent's default
    /// budget (`ply list GAME` shows it).
    #[arg(long, conflicts_with = "level")]
    pub agent: Option<String>,
    /// The engine by difficulty level: its number, 1 (weakest) upwards, or its id
    /// (`perfect-100ms`), as `ply levels GAME` lists them.
    #[arg(long)]
    pub level: Option<String>,
    /// Who moves first.
    #[arg(long, value_enum, default_value = "human")]
    pub first: First,
    /// Seat of the person in games of more than two players (0 = first seat); overrides
    /// --first.
    #[arg(long)]
    pub seat: Option<usize>,
    /// Time per engine move, e.g. 500ms or 2s: the agent's search budget per move (it
    /// replaces a preset's own time; a time= written in --agent wins, and ply says so).
    #[arg(long, value_parser = crate::format::parse_duration)]
    pub time: Option<Duration>,
    /// Seed for the engine's randomness.
    #[arg(long = "seed", default_value_t = 1)]
    pub rng_seed: u64,
    /// Keep the game's record in this file (docs/rules.md, "Game records"), rewritten
    /// after every move, so an interrupted game is kept up to its last move.
    #[arg(long, value_name = "FILE")]
    pub save: Option<PathBuf>,
    #[command(flatten)]
    pub start: StartArgs,
    #[command(flatten)]
    pub variant: VariantArgs,
}

pub fn run(args: &PlayArgs) -> anyhow::Result<()> {
    ply_registry::with_game!(args.game, |G| {
        let start = resolve::<G>(&args.start, &args.variant)?;
        let catalog = <G as ply_registry::Registered>::catalog();
        let stdin = io::stdin();
        let stdout = io::stdout();
        session(start, &catalog, args, &mut stdin.lock(), &mut stdout.lock())
    })
}

const HELP: &str = "Type a move in the game's notation, or: undo (take back your last move), \
hint (ask the engine), moves (list legal moves), position (the position's text), \
save FILE (write the game's record), help, quit.";

/// The game as it goes: its record, kept in step with the moves, and where it is saved.
struct Scorebook {
    record: Record,
    save: Option<PathBuf>,
}

impl Scorebook {
    /// Writes the record to the `--save` file, if any.
    fn keep<W: Write>(&self, out: &mut W) -> anyhow::Result<()> {
        if let Some(path) = &self.save {
            if let Err(e) = save_record(path, &self.record) {
                writeln!(out, "warning: {e:#}")?;
            }
        }
        Ok(())
    }
}

/// One game between a person (reading `input`) and the engine, drawn on `out`.
pub fn session<G: Described + ZobristHash, R: BufRead, W: Write>(
    start: Start<G>,
    catalog: &Catalog<G>,
    args: &PlayArgs,
    input: &mut R,
    out: &mut W,
) -> anyhow::Result<()> {
    let Start {
        mut state,
        settings,
        origin,
        history,
        record,
    } = start;
    let spec = match (&args.agent, &args.level) {
        (Some(spec), _) => spec.clone(),
        (None, Some(level)) => {
            crate::levels::level_spec(args.game, &args.variant, level)?.to_string()
        }
        (None, None) => default_agent(args.game).to_string(),
    };
    // --time is the budget of the agent chosen (docs/rules.md, "Time per move"); a level
    // keeps the time it was measured with, and --time only caps it.
    let (mut engine, limit): (Box<dyn Agent<G>>, _) =
        if args.agent.is_none() && args.level.is_some() {
            (catalog.build(&spec, args.rng_seed)?, args.time)
        } else {
            crate::timed::build_timed("play", catalog, &spec, args.time, "--time", args.rng_seed)?
        };
    let human = args.seat.unwrap_or(match args.first {
        First::Human => 0,
        First::Engine => 1,
    });
    if human >= state.num_players() {
        anyhow::bail!(
            "--seat {human} does not exist: {} has seats 0 to {}",
            state.name(),
            state.num_players() - 1
        );
    }
    let limits = SearchLimits {
        time: limit,
        ..SearchLimits::default()
    };
    let name = state.name();
    let variant = state.variant();
    writeln!(
        out,
        "{name}{}{variant} — you play {}, the engine ({}) plays the other seat{}.\n{HELP}",
        if variant.is_empty() { "" } else { " " },
        player_label(name, human),
        engine.name(),
        if state.num_players() > 2 { "s" } else { "" },
    )?;
    let mut history: Vec<G::Move> = history;
    // The record carries on the one read (its moves and values), or starts a new one.
    let mut book = Scorebook {
        record: record.unwrap_or_else(|| Record::for_game(&origin, &settings)),
        save: args.save.clone(),
    };
    let players: Vec<String> = (0..state.num_players())
        .map(|p| {
            if p == human {
                "person".to_string()
            } else {
                engine.name()
            }
        })
        .collect();
    book.record.set_seats::<G>(&players);
    book.record.set_tag(DATE, now_tag());
    book.record.set_result(None, "");
    if let Some(path) = &book.save {
        // A file that cannot be written is found before the first move, not after it.
        save_record(path, &book.record)?;
    }
    let mut lines = LineReader::new(input);
    let mut redraw = true;
    loop {
        if redraw {
            writeln!(out, "\n{state}")?;
        }
        redraw = true;
        if let Some(scores) = state.outcome() {
            let text = outcome_text(&state, &scores, Some(human));
            let neutral = outcome_text(&state, &scores, None);
            book.record.set_result(
                Some(&scores),
                neutral
                    .trim_start_matches("Game over")
                    .trim_start_matches([':', '.', ' '])
                    .trim_end_matches('.'),
            );
            book.keep(out)?;
            writeln!(out, "{text}")?;
            return Ok(());
        }
        let mover = state.to_move();
        if mover != human {
            let decision = think(engine.as_mut(), &state, &limits)?;
            let text = state.format_move(decision.mv);
            // Described from the position it was chosen in, before it is played.
            let about = describe_decision(&state, &decision);
            state
                .try_play(decision.mv)
                .with_context(|| format!("the engine chose an illegal move {text}"))?;
            history.push(decision.mv);
            book.record.moves.push(RecordedMove {
                text: text.clone(),
                value: Some(decision.value),
                time: Some(decision.elapsed),
            });
            book.keep(out)?;
            writeln!(
                out,
                "{} plays {text}   ({about})",
                player_label(name, mover)
            )?;
            continue;
        }
        write!(out, "{} to move> ", player_label(name, mover))?;
        out.flush()?;
        let line = match lines.next_line()? {
            None => {
                writeln!(out)?;
                return Ok(());
            }
            Some(Ok(line)) => line,
            Some(Err(bad)) => {
                // Not a move: say why and ask again, the board unchanged.
                writeln!(out, "{bad}. {HELP}")?;
                redraw = false;
                continue;
            }
        };
        let command = line.trim();
        // Only a move or an undo changes the board; everything else answers below the prompt.
        redraw = matches!(command.to_ascii_lowercase().as_str(), "undo");
        if let Some(path) = command.strip_prefix("save ") {
            let path = path.trim();
            match save_record(path.as_ref(), &book.record) {
                Ok(()) => writeln!(out, "saved the record to {path}")?,
                Err(e) => writeln!(out, "{e:#}")?,
            }
            continue;
        }
        match command.to_ascii_lowercase().as_str() {
            "" => {}
            "quit" | "exit" | "q" => return Ok(()),
            "help" | "?" => writeln!(out, "{HELP}")?,
            "position" => writeln!(out, "{}", state.to_text())?,
            "save" => writeln!(out, "save FILE: name the file to write the record to")?,
            "moves" => {
                let mut moves = Vec::new();
                state.legal_moves(&mut moves);
                let list: Vec<String> = moves.iter().map(|&m| state.format_move(m)).collect();
                writeln!(out, "{} legal moves: {}", list.len(), list.join(" "))?;
            }
            "hint" => {
                let decision = think(engine.as_mut(), &state, &limits)?;
                writeln!(
                    out,
                    "hint: {}   ({})",
                    state.format_move(decision.mv),
                    describe_decision(&state, &decision)
                )?;
            }
            "undo" => {
                if undo_to_human(&mut state, &mut history, human) {
                    book.record.moves.truncate(history.len());
                    book.keep(out)?;
                } else {
                    writeln!(out, "nothing to undo: you have not moved yet")?;
                }
            }
            // Written in the position it is played in (some notations depend on it).
            _ => match state.parse_move(command).and_then(|mv| {
                let text = state.format_move(mv);
                state.try_play(mv).map(|()| (mv, text))
            }) {
                Ok((mv, text)) => {
                    history.push(mv);
                    book.record.moves.push(RecordedMove::new(text));
                    book.keep(out)?;
                    redraw = true;
                }
                Err(e) => writeln!(out, "{}. {HELP}", e)?,
            },
        }
    }
}

fn think<G: Game>(
    engine: &mut dyn Agent<G>,
    state: &G,
    limits: &SearchLimits,
) -> anyhow::Result<Decision<G::Move>> {
    engine
        .select(state, limits)
        .context("the engine found no move in a position that is not over")
}

/// Takes back moves until the person's last move is undone. Returns false (changing nothing)
/// when the person has no move to take back.
fn undo_to_human<G: Game>(state: &mut G, history: &mut Vec<G::Move>, human: usize) -> bool {
    // Find the person's last move by replaying who moved: undo from the end and watch the
    // side to move after each undo.
    let mut probe = state.clone();
    for (taken, &mv) in history.iter().rev().enumerate() {
        probe.undo(mv);
        if probe.to_move() == human {
            for _ in 0..=taken {
                let mv = history.pop().expect("counted");
                state.undo(mv);
            }
            return true;
        }
    }
    false
}
