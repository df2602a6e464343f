//! What the arena keeps of each game: one line of `games.jsonl`.

use serde::{Deserialize, Serialize};

/// How a game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Termination {
    /// The rules ended it.
    Normal,
    /// It reached the tournament's move limit and was scored as a draw.
    MoveLimit,
    /// A seat played a move the rules forbid.
    IllegalMove,
    /// A seat returned no move in a position that had some.
    NoMove,
    /// A seat's agent panicked (while being built or while thinking).
    Panic,
    /// A seat replied, but later than its time allowed.
    Timeout,
    /// A seat did not reply at all; its thread was abandoned.
    Hang,
    /// A seat's agent could not be built from its spec.
    BuildFailed,
}

impl Termination {
    /// Whether a seat lost by misbehaving rather than by the rules.
    pub fn is_forfeit(self) -> bool {
        !matches!(self, Termination::Normal | Termination::MoveLimit)
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Termination::Normal => "normal",
            Termination::MoveLimit => "move limit",
            Termination::IllegalMove => "illegal move",
            Termination::NoMove => "no move",
            Termination::Panic => "panic",
            Termination::Timeout => "timeout",
            Termination::Hang => "hang",
            Termination::BuildFailed => "build failed",
        }
    }
}

/// One move as played, with what the agent reported about it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct MoveRecord {
    /// The seat that moved.
    pub seat: usize,
    /// The move in the game's notation.
    #[serde(rename = "move")]
    pub mv: String,
    /// Wall-clock time from asking to answer, measured by the arena, in milliseconds.
    pub time_ms: f64,
    pub nodes: u64,
    pub depth: u32,
    /// Playouts (MCTS) or completed iterations.
    pub iterations: u64,
    /// The agent's value of the position, in its own scale.
    pub value: f64,
}

/// One game of a tournament.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct GameRecord {
    /// Position in the schedule (records are reported in this order).
    pub index: usize,
    /// The game's rng_seed: its agents' seeds derive from it.
    #[serde(alias = "seed")]
    pub rng_seed: u64,
    /// Index into the tournament's agent list, per seat.
    pub seats: Vec<usize>,
    /// Agent spec per seat.
    pub agents: Vec<String>,
    /// Which opening of the schedule (every seating of a group plays it).
    pub opening_index: usize,
    /// The opening's moves in the game's notation.
    pub opening: Vec<String>,
    /// The position after the opening, in the game's text form.
    pub start_position: String,
    pub moves: Vec<MoveRecord>,
    /// Final score per seat.
    pub scores: Vec<f64>,
    pub termination: Termination,
    /// The seat at fault, for a forfeit.
    pub offender: Option<usize>,
    /// The reason in words ("X wins", "illegal move 'a1': …", "no reply after 5s").
    pub reason: String,
    /// Wall-clock length of the whole game, in milliseconds.
    pub duration_ms: f64,
}

impl GameRecord {
    /// The record with every timing removed, for comparing two runs of the same rng_seed.
    pub fn without_times(&self) -> GameRecord {
        let mut r = self.clone();
        r.duration_ms = 0.0;
        for m in &mut r.moves {
            m.time_ms = 0.0;
        }
        r
    }
}
