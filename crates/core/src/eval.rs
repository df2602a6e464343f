//! Evaluators and move orderings: knowledge about a game that lives outside its rules.

use crate::game::{Game, Player};

/// The value of a proven win at the root. A search scores a win found `d` plies deep as
/// `WIN - d`, so a faster win scores higher and a slower loss scores higher than a fast one.
pub const WIN: i32 = 1_000_000;

/// Values at or beyond this magnitude are proven results, not heuristics. Evaluators keep
/// their values strictly inside ±`EVAL_BOUND`.
pub const EVAL_BOUND: i32 = WIN - 10_000;

/// Whether a search value is a proven win or loss rather than a heuristic estimate.
pub fn is_proven(value: i32) -> bool {
    value.abs() >= EVAL_BOUND
}

/// The value of a win proven without its distance (a solver that proved only who wins):
/// the least proven value, so every win of known distance ranks above it.
pub const WIN_UNKNOWN_DISTANCE: i32 = EVAL_BOUND;

/// A proven result, as a search value of the mover says it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Proven {
    /// Whether the mover wins (else the mover loses).
    pub mover_wins: bool,
    /// The plies from the position to the end of the game with best play, when known.
    pub plies: Option<u32>,
}

impl Proven {
    /// The proven result a mover's value `value` states, or `None` for an estimate.
    pub fn of(value: f64) -> Option<Proven> {
        let magnitude = value.abs();
        if !(EVAL_BOUND as f64..=WIN as f64).contains(&magnitude) || value.fract() != 0.0 {
            return None;
        }
        let plies = WIN - magnitude as i32;
        Some(Proven {
            mover_wins: value > 0.0,
            plies: (magnitude as i32 != WIN_UNKNOWN_DISTANCE).then_some(plies as u32),
        })
    }

    /// The mover's value of this result: `±(WIN − plies)`, or
    /// `±`[`WIN_UNKNOWN_DISTANCE`] when the distance is not known.
    pub fn value(self) -> i32 {
        let magnitude = self
            .plies
            .map_or(WIN_UNKNOWN_DISTANCE, |p| WIN - p.min(9_999) as i32);
        if self.mover_wins {
            magnitude
        } else {
            -magnitude
        }
    }

    /// The moves the winner makes, the winning one included, in a game of two players who
    /// alternate: the plies of a win for the mover are odd, of a loss even.
    pub fn winner_moves(self) -> Option<u32> {
        self.plies.map(|p| p.div_ceil(2))
    }
}

/// A named static evaluation: higher is better for `player`.
///
/// Integer values keep alpha-beta's null windows exact; a source that used fractional weights
/// is scaled (seed 002's 1 / 0.6 / 0.8 becomes 10 / 6 / 8). Values stay within
/// ±[`EVAL_BOUND`]. An evaluator is only asked about states that are not terminal.
pub trait Evaluator<G: Game>: Send + Sync {
    /// The name users type to pick it (`seed001`, `seed002`, …).
    fn name(&self) -> &str;

    /// The heuristic value of `state` for `player`.
    fn evaluate(&self, state: &G, player: Player) -> i32;
}

/// An evaluator that is a weighted sum of features, so that its weights can be fitted to
/// the outcomes of games (`ply tune`, Texel's method): `value = Σ weight·feature`.
pub trait LinearEvaluator<G: Game>: Evaluator<G> {
    /// A short name for each feature, in the order of [`LinearEvaluator::weights`].
    fn feature_names(&self) -> &'static [&'static str];

    /// The weights in use, one per feature.
    fn weights(&self) -> Vec<i32>;

    /// The features of `state` for `player`, or `None` where the value is not the weighted
    /// sum (a position the evaluator hands to another one).
    fn features(&self, state: &G, player: Player) -> Option<Vec<i32>>;
}

/// A named move-ordering hook: put the moves most likely to be best first. It only reorders;
/// it never adds or drops a move.
pub trait MoveOrdering<G: Game>: Send + Sync {
    fn name(&self) -> &str;

    fn order(&self, state: &G, moves: &mut [G::Move]);
}

/// The evaluator that knows nothing: every non-terminal state is worth 0.
#[derive(Debug, Clone, Copy, Default)]
pub struct Zero;

impl<G: Game> Evaluator<G> for Zero {
    fn name(&self) -> &str {
        "zero"
    }

    fn evaluate(&self, _state: &G, _player: Player) -> i32 {
        0
    }
}

/// A deterministic "random" evaluator: a value in −`spread`..=`spread` drawn from the
/// position's hash, negated for the second player so that two-player sums stay zero.
///
/// Exact searches must agree with plain minimax under any evaluator; this one makes ties and
/// odd values common, which is where ordering and table bugs hide.
#[derive(Debug, Clone, Copy)]
pub struct HashNoise {
    pub spread: i32,
}

impl<G: Game + crate::hash::ZobristHash> Evaluator<G> for HashNoise {
    fn name(&self) -> &str {
        "hash-noise"
    }

    fn evaluate(&self, state: &G, player: Player) -> i32 {
        let (_, mixed) = crate::hash::splitmix64(state.zobrist());
        let width = 2 * self.spread as u64 + 1;
        let value = (mixed % width) as i32 - self.spread;
        if player == 0 {
            value
        } else {
            -value
        }
    }
}
