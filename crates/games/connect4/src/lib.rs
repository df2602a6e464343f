//! connect4 (work in progress).
