//! Observation tensors and a fixed action space per variant, for learning code (the Python
//! package's NumPy observations and PettingZoo environments): what OpenSpiel calls
//! observation tensors and distinct actions.
//!
//! Each game implements [`Encode`] in its own folder (`encode.rs`, beside `view.rs`) and
//! documents its planes and action numbering there; the front ends need no per-game code.

use crate::{Game, Player};

/// A trained network bundled with a game (its folder's `models/`), which the `az` agent
/// finds by name (`az:model=NAME`). The bytes are a model file as `ply train` writes it;
/// the learning crate reads and checks them like any other, and its header says which
/// variant the model plays.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BundledModel {
    /// The name `model=` takes, unique within the game.
    pub name: &'static str,
    /// The model file's bytes (`include_bytes!`).
    pub bytes: &'static [u8],
}

/// A game's tensor encoding.
pub trait Encode: Game {
    /// The trained networks bundled with the game, if any.
    const MODELS: &'static [BundledModel] = &[];

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

    /// The move the index `action` stands for when `player` makes it in this position,
    /// legal here or not: what names every action of the space (OpenSpiel's
    /// `action_to_string`), and on the legal moves of the player to move the inverse of
    /// [`Encode::action_of`]. `None` for an index outside the space or one that names no move
    /// of this board. The default knows only the legal moves of the player to move; a game
    /// whose moves can be built from their index names every action by overriding it.
    fn action_move(&self, player: Player, action: usize) -> Option<Self::Move> {
        if player != self.to_move() || self.is_terminal() {
            return None;
        }
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        moves.into_iter().find(|&mv| self.action_of(mv) == action)
    }

    /// The most plies a game of this variant can last from its start, when the rules bound
    /// it (OpenSpiel's `max_game_length`); `None` when positions can repeat without end.
    fn max_game_length(&self) -> Option<usize> {
        None
    }

    /// The action of the mirror image of `action`'s move (columns reversed, left to right)
    /// in the mirrored position, for a variant whose rules and observation are symmetric so
    /// (Connect Four, the m,n,k-game, Breakthrough): learning code doubles its examples
    /// with it, flipping the observation's columns. `None` (the default): no mirror.
    fn mirror_action(&self, _action: usize) -> Option<usize> {
        None
    }
}

/// Writes 1.0 at `(plane, row, col)` of a `[planes, rows, cols]` tensor.
pub fn set(out: &mut [f32], shape: [usize; 3], plane: usize, row: usize, col: usize) {
    out[(plane * shape[1] + row) * shape[2] + col] = 1.0;
}

/// The plane of a cell owned by `owner` in the two-player layout `[observer's, opponent's,
/// empty]` that most boards use.
pub fn owner_plane(owner: Option<Player>, observer: Player) -> usize {
    match owner {
        Some(owner) if owner == observer => 0,
        Some(_) => 1,
        None => 2,
    }
}

/// Fills a whole plane with `value` (for scalars such as walls in hand).
pub fn fill(out: &mut [f32], shape: [usize; 3], plane: usize, value: f32) {
    let size = shape[1] * shape[2];
    out[plane * size..(plane + 1) * size].fill(value);
}

/// Seats in the order the observer sees them: itself first, then the others in turn order.
pub fn seats_from(player: Player, players: usize) -> impl Iterator<Item = Player> {
    (0..players).map(move |i| (player + i) % players)
}
