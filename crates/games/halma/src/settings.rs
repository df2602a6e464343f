//! The points of the rules that sources leave open, as settings with their defaults
//! (docs/rules.md, "Settings outside the command line").

use ply_core::Player;

/// Rule settings that the sources leave open.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct HalmaSettings {
    /// The seat that moves first (default 0 = A).
    pub first_player: Player,
    /// A game still going after this many plies ends and is scored by pegs home
    /// (default 1000), so that cycling games terminate.
    pub max_plies: u32,
    /// Whether a swap cell (a cell of the mover's home holding an opponent's peg) may also be
    /// an intermediate landing of a hop chain. The source says it may not (default `false`):
    /// such a cell counts as empty only for the destination.
    pub swap_cells_mid_chain: bool,
}

impl Default for HalmaSettings {
    fn default() -> Self {
        HalmaSettings {
            first_player: 0,
            max_plies: 1000,
            swap_cells_mid_chain: false,
        }
    }
}
