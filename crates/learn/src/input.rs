//! What the network reads: the game's observation planes (`Encode::observe`, from the
//! mover's side) and one plane more, the mover's seat (`seat / (players − 1)` in every
//! cell). Some games' planes do not say whose move it is — Breakthrough's, laid out as
//! OpenSpiel's, show "mine" and "theirs" but not which way mine go — and the extra plane
//! costs nothing where they do.
//!
//! A game whose rules are symmetric left to right (`Encode::mirror_action`) gives every
//! example twice: as played, and mirrored (columns reversed, actions mirrored).

use ply_core::Encode;

/// The network's input shape for `state`'s variant: its observation planes and the seat.
pub fn input_shape<G: Encode>(state: &G) -> [usize; 3] {
    let [planes, rows, cols] = state.observation_shape();
    [planes + 1, rows, cols]
}

/// Writes the input for the player to move into `out` (zeroed, [`input_shape`] long).
pub fn write_input<G: Encode>(state: &G, out: &mut [f32]) {
    let [planes, rows, cols] = state.observation_shape();
    let plane = rows * cols;
    let me = state.to_move();
    state.observe(me, &mut out[..planes * plane]);
    let seat = me as f32 / (state.num_players().max(2) - 1) as f32;
    out[planes * plane..(planes + 1) * plane].fill(seat);
}

/// `input` (of `shape`) with every plane's columns reversed.
pub fn mirrored(shape: [usize; 3], input: &[f32]) -> Vec<f32> {
    let cols = shape[2];
    let mut out = input.to_vec();
    for row in out.chunks_mut(cols) {
        row.reverse();
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mirroring_reverses_each_row_of_each_plane() {
        let input: Vec<f32> = (0..12).map(|x| x as f32).collect();
        let out = mirrored([2, 2, 3], &input);
        assert_eq!(out, [2., 1., 0., 5., 4., 3., 8., 7., 6., 11., 10., 9.]);
        assert_eq!(mirrored([2, 2, 3], &out), input);
    }
}
