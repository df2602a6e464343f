//! Quoridor's own commands: its engine protocol, QTP, and `ply tune`, which fits its race
//! evaluation's weights.

pub mod qtp;
pub mod tune;
