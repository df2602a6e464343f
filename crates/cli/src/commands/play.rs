//! `ply play GAME`: a person against the engine in the terminal.

use std::io::{self, BufRead, Write};
use std::path::PathBuf;
use std::time::Duration;

use anyhow::Context;
use clap::{Args, ValueEnum};
use ply_core::record::{Record, RecordedMove, DATE};
use ply_core::{Agent, Decision, Described, FileError, Game, SearchLimits, ZobristHash};
use ply_search::spec::Catalog;

use crate::format::{describe_decision, outcome_text, player_label, wrap};
use crate::games::{default_agent, GameName};
use crate::lines::LineReader;
use crate::start::{now_tag, resolve, save_text, Start, StartArgs};
use crate::variant::VariantArgs;
use ply_core::show_moves;
use ply_core::words::counted;

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
    /// after every move, so an interrupted game is kept up to its last move; after `new`,
    /// the file holds the session's games, the one in progress first.
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

/// What a person can type besides a move, for `help`.
const COMMANDS: &str = "Besides a move you can type: undo (take back your last move), hint \
(ask the engine), moves (list the legal moves), position (the position's text), save FILE \
(write the game's record), new (start again), help, quit.";

/// Said after an input that was not understood or not allowed, after the reason.
const TYPE_HELP: &str = "type help for how to write a move";

/// The width the session's own sentences are broken at, between words, so they wrap
/// nowhere else in a terminal of 100 columns or more.
const WIDTH: usize = 90;

/// What a person can still do once the game is over.
const OVER: &str = "The game is over: undo (take back your last move), new (start again), \
position, save FILE, or quit.";

/// The games of a session as they go: the one in progress, the ones finished before it
/// (`new`), and where they are saved.
struct Scorebook {
    record: Record,
    earlier: Vec<Record>,
    save: Option<PathBuf>,
}

impl Scorebook {
    /// The session's records, the game in progress first (the one `--record FILE` goes on
    /// from), then the earlier games, the latest first.
    fn text(&self) -> String {
        std::iter::once(&self.record)
            .chain(self.earlier.iter().rev())
            .map(|record| record.to_string())
            .collect::<Vec<_>>()
            .join("\n")
    }

    /// Writes the records to the `--save` file, if any; a failure is said, and the game goes
    /// on (the next move saves again).
    fn keep<W: Write>(&self, out: &mut W) -> anyhow::Result<()> {
        if let Some(path) = &self.save {
            if let Err(e) = save_text(path, &self.text()) {
                warn_unsaved(out, &e)?;
            }
        }
        Ok(())
    }

    /// Writes the records before the first move, so that a `--save` target that can never
    /// be written (a device, a folder, a link, a missing folder) ends the session before it
    /// starts; a disk that is full only now is said, as [`Scorebook::keep`] says it.
    fn first_save<W: Write>(&self, out: &mut W) -> anyhow::Result<()> {
        let Some(path) = &self.save else {
            return Ok(());
        };
        match save_text(path, &self.text()) {
            Err(e)
                if e.downcast_ref::<FileError>()
                    .is_some_and(FileError::is_full) =>
            {
                warn_unsaved(out, &e)
            }
            saved => saved,
        }
    }
}

/// Says that the records could not be saved, and that the game goes on.
fn warn_unsaved<W: Write>(out: &mut W, e: &anyhow::Error) -> anyhow::Result<()> {
    writeln!(
        out,
        "warning: {e:#}; the game goes on, saved again at the next move"
    )?;
    Ok(())
}

/// One session between a person (reading `input`) and the engine, drawn on `out`: a game,
/// and after its end as many more as the person starts with `new`.
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
            crate::ladder::level_spec(args.game, &args.variant, level)?.to_string()
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
    // Each seat with the mark the board draws it with: `Red (x)`.
    let seat = |p: usize| {
        G::DESCRIPTOR
            .seats
            .get(p)
            .map_or_else(|| player_label(name, p), |s| s.label())
    };
    let others: Vec<String> = (0..state.num_players())
        .filter(|&p| p != human)
        .map(seat)
        .collect();
    let opening = format!(
        "{name}{}{variant} — you play {}, the engine plays {}.",
        if variant.is_empty() { "" } else { " " },
        seat(human),
        others.join(", "),
    );
    writeln!(out, "{}", wrap(&opening, WIDTH))?;
    writeln!(
        out,
        "{}",
        wrap(&format!("Goal: {}", G::DESCRIPTOR.goal), WIDTH)
    )?;
    // A spec is one word, which no wrapping could break.
    writeln!(out, "The engine: {}", engine.name())?;
    writeln!(
        out,
        "{}",
        wrap(
            &format!("Type a move (such as {}), or help.", example_move(&state)),
            WIDTH
        )
    )?;
    let mut history: Vec<G::Move> = history;
    let players: Vec<String> = (0..state.num_players())
        .map(|p| {
            if p == human {
                "person".to_string()
            } else {
                engine.name()
            }
        })
        .collect();
    // Every game of the session names its players and when it was played, and has no
    // result until it ends.
    let begun = |mut record: Record| {
        record.set_seats::<G>(&players);
        record.set_tag(DATE, now_tag());
        record.set_result(None, "");
        record
    };
    // The record carries on the one read (its moves and values), or starts a new one.
    let mut book = Scorebook {
        record: begun(record.unwrap_or_else(|| Record::for_game(&origin, &settings))),
        earlier: Vec::new(),
        save: args.save.clone(),
    };
    book.first_save(out)?;
    let mut lines = LineReader::new(input);
    let mut redraw = true;
    // Whether the end of the game on the board has been announced.
    let mut announced = false;
    loop {
        if redraw {
            writeln!(out, "\n{state}")?;
        }
        redraw = true;
        let over = state.outcome();
        if let Some(scores) = &over {
            if !announced {
                let text = outcome_text(&state, scores, Some(human));
                let neutral = outcome_text(&state, scores, None);
                book.record.set_result(
                    Some(scores),
                    neutral
                        .trim_start_matches("Game over")
                        .trim_start_matches([':', '.', ' '])
                        .trim_end_matches('.'),
                );
                book.keep(out)?;
                writeln!(out, "{text}\n{}", wrap(OVER, WIDTH))?;
                announced = true;
            }
        }
        let mover = state.to_move();
        if over.is_none() && mover != human {
            let decision = think(engine.as_mut(), &state, &limits)?;
            let text = state.format_move(decision.mv);
            let shown = state.show_move(decision.mv);
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
                "{} plays {shown}   ({about})",
                player_label(name, mover)
            )?;
            continue;
        }
        match over {
            Some(_) => write!(out, "game over> ")?,
            None => write!(out, "{} to move> ", player_label(name, mover))?,
        }
        out.flush()?;
        let line = match lines.next_line()? {
            None => {
                writeln!(out)?;
                return Ok(());
            }
            Some(Ok(line)) => line,
            Some(Err(bad)) => {
                // Not a move: say why and ask again, the board unchanged.
                writeln!(out, "{}", wrap(&format!("{bad}; {TYPE_HELP}"), WIDTH))?;
                redraw = false;
                continue;
            }
        };
        let command = line.trim();
        let lower = command.to_ascii_lowercase();
        // Only a move, an undo or a new game changes the board; everything else answers
        // below the prompt.
        redraw = matches!(lower.as_str(), "undo" | "new");
        if let Some(path) = command.strip_prefix("save ") {
            let path = path.trim();
            match save_text(path.as_ref(), &book.text()) {
                Ok(()) => writeln!(out, "saved the record to {path}")?,
                Err(e) => writeln!(out, "{e:#}")?,
            }
            continue;
        }
        match lower.as_str() {
            "" => {}
            "quit" | "exit" | "q" => return Ok(()),
            "help" | "?" => writeln!(out, "{}", notation_help(&state))?,
            "position" => writeln!(out, "{}", state.to_text())?,
            "save" => writeln!(out, "save FILE: name the file to write the record to")?,
            "new" => {
                // The finished (or abandoned) game stays in the --save file.
                let finished = std::mem::replace(
                    &mut book.record,
                    begun(Record::for_game(&origin, &settings)),
                );
                book.earlier.push(finished);
                book.keep(out)?;
                state = origin.clone();
                history.clear();
                announced = false;
                writeln!(out, "A new game from the same start.")?;
            }
            "undo" => {
                if undo_to_human(&mut state, &mut history, human) {
                    book.record.moves.truncate(history.len());
                    book.record.set_result(None, "");
                    announced = false;
                    book.keep(out)?;
                } else {
                    writeln!(out, "nothing to undo: you have not moved yet")?;
                }
            }
            _ if over.is_some() => writeln!(out, "{}", wrap(OVER, WIDTH))?,
            "moves" => {
                let mut moves = Vec::new();
                state.legal_moves(&mut moves);
                let list: Vec<String> = moves.iter().map(|&m| state.show_move(m)).collect();
                let count = counted(list.len() as u64, "legal move", "legal moves");
                writeln!(out, "{count}: {}", show_moves(&list))?;
            }
            "hint" => {
                let decision = think(engine.as_mut(), &state, &limits)?;
                writeln!(
                    out,
                    "hint: {}   ({})",
                    state.show_move(decision.mv),
                    describe_decision(&state, &decision)
                )?;
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
                Err(e) => writeln!(out, "{}", wrap(&format!("{e}; {TYPE_HELP}"), WIDTH))?,
            },
        }
    }
}

/// `help`: the goal and how the game's moves are written (its descriptor says), then the
/// commands.
fn notation_help<G: Described>(state: &G) -> String {
    let about = G::DESCRIPTOR;
    format!(
        "{}\n\n{}\nFor example: {}\n\n{}",
        wrap(&format!("Goal: {}", about.goal), WIDTH),
        wrap(about.notation.help, WIDTH),
        example_move(state),
        wrap(COMMANDS, WIDTH)
    )
}

/// A move to show as an example: the descriptor's when it is legal here, else the first
/// legal move, as a person types it.
fn example_move<G: Described>(state: &G) -> String {
    let example = G::DESCRIPTOR.notation.example;
    if let Ok(mv) = state.parse_move(example) {
        if state.check_move(mv).is_ok() {
            return state.show_move(mv);
        }
    }
    let mut moves = Vec::new();
    state.legal_moves(&mut moves);
    moves
        .first()
        .map_or_else(|| example.to_string(), |&mv| state.show_move(mv))
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
