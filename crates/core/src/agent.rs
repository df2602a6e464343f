//! The agent trait: whatever chooses moves (a search, a solver, a script) behind one face.

use std::time::Duration;

use crate::game::Game;
use crate::limits::SearchLimits;

/// A chosen move and what the search learned on the way.
#[derive(Debug, Clone, PartialEq)]
pub struct Decision<M> {
    /// The move to play.
    pub mv: M,
    /// The value of the position for the mover, in the agent's own scale: an evaluator's
    /// integers for tree searches (±`WIN` − plies for proven results), the mean reward in
    /// 0..=1 for MCTS.
    pub value: f64,
    /// The expected line of play, starting with `mv`.
    pub pv: Vec<M>,
    /// Positions visited.
    pub nodes: u64,
    /// Deepest completed depth, in plies (MCTS: the deepest tree node reached).
    pub depth: u32,
    /// Wall-clock time spent.
    pub elapsed: Duration,
    /// Playouts (MCTS) or iterations (iterative deepening) completed.
    pub iterations: u64,
}

impl<M: Copy> Decision<M> {
    /// A decision with only a move, for agents that do not search.
    pub fn just(mv: M) -> Self {
        Decision {
            mv,
            value: 0.0,
            pv: vec![mv],
            nodes: 0,
            depth: 0,
            elapsed: Duration::ZERO,
            iterations: 0,
        }
    }
}

/// What the numbers of an agent's [`Decision::value`] mean, so a reader of successive
/// decisions (`ply analyze`) can compare them and tell a proven result from an estimate.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ValueScale {
    /// Negamax integers for the mover: `±(WIN − plies)` for a proven result, estimates
    /// strictly inside `±EVAL_BOUND` (see [`crate::eval`]).
    Negamax,
    /// Exact values for the mover, as a solver proves them: positive wins, 0 draws,
    /// negative loses, a larger magnitude a faster result.
    Exact,
    /// The mover's mean reward, 0 (loss) to 1 (win): MCTS.
    Reward,
}

/// A player the command line, the arena and the server can hold as `Box<dyn Agent<G>>`.
pub trait Agent<G: Game>: Send {
    /// The spec string that recreates this agent (`alphabeta:depth=9`, `mcts:c=2`, …).
    fn name(&self) -> String;

    /// Chooses a move for the player to move in `state`, within `limits` combined with the
    /// agent's own settings. `None` only when the game is over (there is nothing to choose).
    /// A time-limited search always returns a legal move in time.
    fn select(&mut self, state: &G, limits: &SearchLimits) -> Option<Decision<G::Move>>;

    /// Forget everything learned in the previous game (tables, trees, statistics).
    fn new_game(&mut self) {}

    /// Whether this agent can play `state`'s game and variant: a network trained for one
    /// board cannot play another. The error is a message for a person naming both. Front
    /// ends ask before a game starts; an agent asked to play a position it does not fit
    /// returns no move.
    fn fits(&mut self, _state: &G) -> Result<(), String> {
        Ok(())
    }

    /// What the values of this agent's decisions in positions like `state` mean (negamax
    /// integers unless it says).
    fn value_scale(&self, _state: &G) -> ValueScale {
        ValueScale::Negamax
    }

    /// The value of every legal move for the player to move in `state`, in this agent's
    /// scale ([`Agent::value_scale`]): what a solver view shows beside each move. `None`
    /// when the agent cannot score moves one by one (most agents), when the game is over,
    /// or when `limits` ran out first: a partial answer would be mistaken for a whole one.
    fn move_values(&mut self, _state: &G, _limits: &SearchLimits) -> Option<Vec<(G::Move, f64)>> {
        None
    }

    /// What is proven of every legal move's value within `limits`, in this agent's scale:
    /// the least and the most each value can be, equal where it is exact. A solver view
    /// shows these while the exact values are not all in (a solver proves who wins long
    /// before by how much). The default: [`Agent::move_values`], each value its own bounds.
    fn move_bounds(
        &mut self,
        state: &G,
        limits: &SearchLimits,
    ) -> Option<Vec<(G::Move, f64, f64)>> {
        let values = self.move_values(state, limits)?;
        Some(values.into_iter().map(|(mv, v)| (mv, v, v)).collect())
    }
}
