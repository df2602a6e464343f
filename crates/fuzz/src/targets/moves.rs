//! Move notation and position texts of every game, in positions from the start to the end
//! of random games: parse, check, play, undo, and read positions back.

use rand::seq::IndexedRandom;
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

use ply_core::Game;

use crate::checks::{check_error, names_input, shown, text};
use crate::runner::{Outcome, Target};

/// Positions of random games from `start`: the start, and every fifth position of a few
/// playouts, the last (often finished) one included; at most [`MAX_SAMPLES`] of them, spread
/// over the games.
pub fn sample_positions<G: Game>(start: &G, games: usize, rng_seed: u64) -> Vec<G> {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(rng_seed);
    let mut positions = vec![start.clone()];
    let mut moves = Vec::new();
    for _ in 0..games {
        let mut state = start.clone();
        let mut ply = 0;
        while !state.is_terminal() && ply < 400 {
            state.legal_moves(&mut moves);
            let Some(&mv) = moves.choose(&mut rng) else {
                break;
            };
            state.play(mv);
            ply += 1;
            if ply % 5 == 0 {
                positions.push(state.clone());
            }
        }
        positions.push(state);
    }
    let step = positions.len().div_ceil(MAX_SAMPLES);
    let last = positions.len() - 1;
    // Every `step`-th position, and the very last (a finished game) whatever the step.
    let mut kept: Vec<G> = positions.iter().step_by(step).cloned().collect();
    if last % step != 0 {
        kept.push(positions[last].clone());
    }
    kept
}

/// The most positions a target samples.
pub const MAX_SAMPLES: usize = 24;

/// Positions each input of [`MoveNotation`] is tried in, taken in turn from the sample, so a
/// run covers them all while an input costs the same on every board.
const POSITIONS_PER_INPUT: usize = 3;

/// A game's move notation: each input is read as a move in every sample position.
pub struct MoveNotation<G: Game> {
    name: String,
    positions: Vec<G>,
    next: usize,
    dictionary: Vec<String>,
}

impl<G: Game> MoveNotation<G> {
    pub fn new(name: String, start: G, dictionary: Vec<String>) -> Self {
        MoveNotation {
            name,
            positions: sample_positions(&start, 3, 11),
            next: 0,
            dictionary,
        }
    }
}

impl<G: Game> Target for MoveNotation<G> {
    fn name(&self) -> &str {
        &self.name
    }

    fn seeds(&self) -> Vec<Vec<u8>> {
        let mut seeds = Vec::new();
        let mut moves = Vec::new();
        for state in &self.positions {
            state.legal_moves(&mut moves);
            seeds.extend(
                moves
                    .iter()
                    .take(20)
                    .map(|&mv| state.format_move(mv).into_bytes()),
            );
        }
        seeds
    }

    fn dictionary(&self) -> Vec<&str> {
        self.dictionary.iter().map(String::as_str).collect()
    }

    fn run(&mut self, input: &[u8]) -> Result<Outcome, String> {
        let text = text(input);
        let mut signature = String::new();
        let mut legal = Vec::new();
        let count = self.positions.len();
        for i in 0..POSITIONS_PER_INPUT.min(count) {
            let state = &mut self.positions[(self.next + i) % count];
            let before = state.to_text();
            let refused =
                |message: String, state: &G, written: &[String]| -> Result<String, String> {
                    // A move that was read but is illegal may be named as the game writes it or
                    // as it shows it to a person.
                    if !written.iter().any(|w| names_input(&message, w)) {
                        check_error(&message, &text)?;
                    }
                    if state.to_text() != before {
                        return Err(format!("refusing {text:?} changed the position"));
                    }
                    Ok(message)
                };
            let mv = match state.parse_move(&text) {
                Ok(mv) => mv,
                Err(e) => {
                    signature.push_str(&refused(
                        e.to_string(),
                        state,
                        std::slice::from_ref(&text),
                    )?);
                    continue;
                }
            };
            let written = state.format_move(mv);
            let shown_move = state.show_move(mv);
            match state.try_play(mv) {
                Err(e) => signature.push_str(&refused(
                    e.to_string(),
                    state,
                    &[written.clone(), shown_move],
                )?),
                Ok(()) => {
                    state.undo(mv);
                    if state.to_text() != before {
                        return Err(format!("play and undo of {text:?} changed the position"));
                    }
                    state.legal_moves(&mut legal);
                    if !legal.contains(&mv) {
                        return Err(format!("try_play accepted {text:?}, not a legal move"));
                    }
                    match state.parse_move(&written) {
                        Ok(again) if again == mv => signature.push_str("ok;"),
                        other => {
                            return Err(format!(
                                "{text:?} was written {written:?}, which reads back as {}",
                                shown(&format!("{other:?}"))
                            ))
                        }
                    }
                }
            }
        }
        self.next = (self.next + POSITIONS_PER_INPUT) % count.max(1);
        Ok(Outcome::of(&signature))
    }
}

/// A game's position text (`Game::from_text`): read, written back, read again, and a move
/// played and taken back in what was read.
pub struct PositionText<G: Game> {
    name: String,
    start: G,
    seeds: Vec<G>,
    dictionary: Vec<String>,
}

impl<G: Game> PositionText<G> {
    pub fn new(name: String, start: G, dictionary: Vec<String>) -> Self {
        PositionText {
            name,
            seeds: sample_positions(&start, 4, 12),
            start,
            dictionary,
        }
    }
}

impl<G: Game> Target for PositionText<G> {
    fn name(&self) -> &str {
        &self.name
    }

    fn seeds(&self) -> Vec<Vec<u8>> {
        self.seeds
            .iter()
            .map(|s| s.to_text().into_bytes())
            .collect()
    }

    fn dictionary(&self) -> Vec<&str> {
        self.dictionary.iter().map(String::as_str).collect()
    }

    fn run(&mut self, input: &[u8]) -> Result<Outcome, String> {
        let text = text(input);
        let state = match self.start.from_text(&text) {
            Ok(state) => state,
            Err(e) => {
                let message = e.to_string();
                check_error(&message, &text)?;
                return Ok(Outcome::of(&message));
            }
        };
        let written = state.to_text();
        let again = state
            .from_text(&written)
            .map_err(|e| format!("{text:?} was written {written:?}, which is refused: {e}"))?;
        if again.to_text() != written {
            return Err(format!("{written:?} reads back as {:?}", again.to_text()));
        }
        let mut moves = Vec::new();
        state.legal_moves(&mut moves);
        let outcome = state.outcome();
        if let Some(&mv) = moves.first() {
            let mut next = state.clone();
            next.play(mv);
            next.undo(mv);
            if next.to_text() != written {
                return Err(format!(
                    "play and undo changed the position read from {text:?}"
                ));
            }
        }
        Ok(Outcome::of(&format!(
            "moves {} over {}",
            moves.len().min(3),
            outcome.is_some()
        )))
    }
}
