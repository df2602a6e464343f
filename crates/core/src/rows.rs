//! The rule every k-in-a-row game shares (Connect Four, the m,n,k-game): a line of `k` must
//! fit on the board, and lines of 1 or 2 are not played.

use crate::error::GameError;

/// Refuses a `width x height` board on which no line of 3 fits (naming the board, since no
/// `k` would do), and a `k` outside `3..=max(width, height)` (naming `k` and its range).
pub fn check_line_length(width: usize, height: usize, k: usize) -> Result<(), GameError> {
    let longest = width.max(height);
    if longest < 3 {
        // No k is playable, so name the board rather than state an empty range of k.
        return Err(GameError::setting(
            "width x height",
            format!("{width}x{height}"),
            "no line of 3 fits: the width or the height must be at least 3",
        ));
    }
    if k < 3 {
        return Err(GameError::setting(
            "k",
            k,
            format!(
                "lines must be at least 3 long (k from 3 to {longest} on a {width}x{height} \
                 board)"
            ),
        ));
    }
    if k > longest {
        return Err(GameError::setting(
            "k",
            k,
            format!(
                "a line of {k} does not fit on a {width}x{height} board (k from 3 to {longest})"
            ),
        ));
    }
    Ok(())
}
