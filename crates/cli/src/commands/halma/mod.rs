//! Halma's own commands: its engine protocols, JSON lines and CCP.

pub mod ccp;
pub mod json_lines;
