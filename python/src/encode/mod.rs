//! Observation tensors and a fixed action space per variant, for learning code (NumPy,
//! PettingZoo): what OpenSpiel calls observation tensors and distinct actions.
//!
//! The encodings are documented here and in `python/README.md`, one file per game. A new
//! game needs one such file (as it needs a `view.rs` for the page); everything else in the
//! bindings comes from the registry.

mod connect4;
mod halma;
mod quoridor;
mod tictactoe;

use ply_core::{Game, Player};

/// A game's tensor encoding.
pub trait Encode: Game {
    /// The observation's shape: `[planes, rows, columns]`.
    fn observation_shape(&self) -> [usize; 3];

    /// What each plane holds, in order, for the documentation and `State.observation_planes`.
    fn plane_names(&self) -> Vec<String>;

    /// Writes the observation of `player` into `out` (zeroed, `observation_shape` long in
    /// row-major order). Planes are from the observer's side: its own pieces first.
    fn observe(&self, player: Player, out: &mut [f32]);

    /// The size of the variant's action space: every move of every position of the variant
    /// has an action index below it.
    fn num_actions(&self) -> usize;

    /// The action index of a legal move of this position.
    fn action_of(&self, mv: Self::Move) -> usize;
}

/// Writes 1.0 at `(plane, row, col)` of a `[planes, rows, cols]` tensor.
pub(crate) fn set(out: &mut [f32], shape: [usize; 3], plane: usize, row: usize, col: usize) {
    out[(plane * shape[1] + row) * shape[2] + col] = 1.0;
}

/// Fills a whole plane with `value` (for scalars such as walls in hand).
pub(crate) fn fill(out: &mut [f32], shape: [usize; 3], plane: usize, value: f32) {
    let size = shape[1] * shape[2];
    out[plane * size..(plane + 1) * size].fill(value);
}

/// Seats in the order the observer sees them: itself first, then the others in turn order.
pub(crate) fn seats_from(player: Player, players: usize) -> impl Iterator<Item = Player> {
    (0..players).map(move |i| (player + i) % players)
}
