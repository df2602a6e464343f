//! Halma hooks for the generic searches: a forward-move filter for alpha-beta and a
//! progress-seeking playout policy for MCTS.
//!
//! Halma positions offer 50–150 moves, most of them sideways or backwards; a strong player
//! almost never plays those. Searching only the forward moves (plus a few of the best
//! others, so a blocked player still has something to try) is what lets alpha-beta see
//! several plies ahead in 0.2 s.

use rand::Rng;

use ply_search::{HorizonFilter, RolloutPolicy, SearchRng};

use crate::board::Halma;
use crate::eval::ProgressOrdering;
use crate::movegen::HalmaMove;

/// Keeps the moves that gain at least `min_gain` rows towards home, and at least `min_keep`
/// moves in all (the best by gain), at every node whose remaining depth is at most
/// `from_depth`. Under goal locking (CCERL) the sideways moves of pegs already in their home
/// are kept too: they gain nothing, but making room there is how the last pegs get in (with
/// the opponent's pegs walling the home's mouth, the winning plan can be a sideways move, a
/// move deeper and a hop in). Backward moves inside the home stay out: with them the engine
/// shuffled a peg in and out of the home's depths instead of filling it.
#[derive(Debug, Clone, Copy)]
pub struct ForwardFilter {
    pub min_gain: i32,
    pub min_keep: usize,
    pub from_depth: u32,
}

impl Default for ForwardFilter {
    fn default() -> Self {
        ForwardFilter {
            min_gain: 1,
            min_keep: 3,
            from_depth: u32::MAX,
        }
    }
}

impl HorizonFilter<Halma> for ForwardFilter {
    fn name(&self) -> &str {
        "forward"
    }

    fn filter(&self, state: &Halma, depth: u32, moves: &mut Vec<HalmaMove>) {
        if depth > self.from_depth || moves.len() <= self.min_keep {
            return;
        }
        let locked = state.locked_cells(ply_core::Game::to_move(state));
        let kept = |m: HalmaMove| {
            locked & crate::geometry::bit(m.from) != 0 && ProgressOrdering::gain(state, m) >= 0
        };
        // Forward moves first, then the home's own, then the rest; each by gain.
        moves.sort_by_key(|&m| {
            let gain = ProgressOrdering::gain(state, m);
            (gain < self.min_gain, !kept(m), -gain)
        });
        let keep = moves
            .iter()
            .take_while(|&&m| ProgressOrdering::gain(state, m) >= self.min_gain || kept(m))
            .count();
        moves.truncate(keep.max(self.min_keep));
    }
}

/// Playouts that mostly advance: with probability `greed` a move with the largest gain
/// (ties at random), otherwise any move.
#[derive(Debug, Clone, Copy)]
pub struct ProgressRollout {
    pub greed: f64,
}

impl Default for ProgressRollout {
    fn default() -> Self {
        ProgressRollout { greed: 0.9 }
    }
}

impl RolloutPolicy<Halma> for ProgressRollout {
    fn name(&self) -> &str {
        "progress"
    }

    fn choose(&self, state: &Halma, moves: &[HalmaMove], rng: &mut SearchRng) -> HalmaMove {
        if rng.random_bool(1.0 - self.greed) {
            return moves[rng.random_range(0..moves.len())];
        }
        let best = moves
            .iter()
            .map(|&m| ProgressOrdering::gain(state, m))
            .max()
            .unwrap_or(0);
        let tied = moves
            .iter()
            .filter(|&&m| ProgressOrdering::gain(state, m) == best)
            .count();
        let pick = rng.random_range(0..tied);
        moves
            .iter()
            .copied()
            .filter(|&m| ProgressOrdering::gain(state, m) == best)
            .nth(pick)
            .unwrap_or(moves[0])
    }
}
