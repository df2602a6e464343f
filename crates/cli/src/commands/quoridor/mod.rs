//! Quoridor's own command: its engine protocol, QTP.

pub mod qtp;
