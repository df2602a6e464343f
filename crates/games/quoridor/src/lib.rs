//! Quoridor for `ply`: rules on every odd board from 3x3 to 25x25 with any number of walls
//! (seeds 002 and 004), the seeds' evaluators and engines, a stronger engine of its own, and
//! the Quoridor Text Protocol (QTP) as a library.
//!
//! Players: 0 = black (moves first, starts on row n, races to row 1), 1 = white; with 3 or
//! 4 players ([`Quoridor::with_players`]) also 2 = red (column A to the last column) and
//! 3 = green (the reverse), moving black, red, white, green (see [`seats`]).
//!
//! - Rules: [`Quoridor::new`]`(size, walls)`, [`Quoridor::default_walls`]; `Game` and
//!   `ZobristHash` from `ply_core`; notation `e2`, `e3h`, `e3 h` (QTP wall names: the
//!   upper-left cell of the wall's 2x2 block); `Display` draws the board as `showboard` does.
//! - Paths: row bitboards ([`paths::Passages`]): breadth-first layers by shifts and masks;
//!   boards up to 11x11 search with the whole board in one `u128` (`packed.rs`).
//! - Knowledge: [`Seed002Eval`], [`Seed004Eval`], [`RaceEval`] (the race, walls in hand and
//!   [`threat::single_wall_threat`], the worst detour one wall can force: named features in
//!   [`race`], their weights fitted to game outcomes by `ply tune quoridor`);
//!   [`AlphaBetaAgent`].
//! - Strength (9x9, 10 walls, `match` example, 100 games, 50 per colour from 2-ply random
//!   openings): `strongest` with its defaults (10000 nodes a move, scaled by walls in hand)
//!   wins 93 against `seed002` in about 0.72 of seed 002's time per game (88 from 4-ply
//!   openings, in 0.83 of its time), and 40 of 40 against `seed004-mcts`.
//! - Agents by name: [`agents::catalog`] (`strongest` = `default`, `seed002`,
//!   `seed004-minimax`, `seed004-expectimax`, `seed004-mcts`, `mcts-paths`, and the generic
//!   ones), [`agents::build_agent`].
//! - Protocol: [`qtp::QtpEngine`] (`handle_line`), [`qtp::run`], [`qtp::run_stdio`] with
//!   [`qtp::EngineOptions::from_args`] for the referee's `-seed N`. QTP is two-player only.
//! - 3 and 4 players (OpenSpiel's rules, perft-checked): [`seats`] (start squares, goal
//!   sides, turn order), [`goal_paths`] (column goals through the row searches), `crowd.rs`
//!   (blocked jumps, the pass), [`CrowdRaceEval`], [`crowd_agents`] (the search `strongest`
//!   hands such games to, and the refusal of two-player agents via
//!   [`agents::build_agent_for`]).

pub mod agents;
mod board;
mod crowd;
pub mod crowd_agents;
pub mod crowd_eval;
pub mod descriptor;
mod display;
mod encode;
pub mod eval;
mod game;
pub mod geometry;
pub mod goal_paths;
pub mod ladder;
pub mod notation;
mod packed;
pub mod paths;
pub mod qtp;
pub mod race;
mod rules;
pub mod search;
pub mod seats;
mod text;
pub mod threat;
mod view;

pub use board::{Quoridor, BLACK, WHITE};
pub use crowd_eval::CrowdRaceEval;
pub use eval::{Seed002Eval, Seed004Eval};
pub use geometry::{Direction, Move, Orientation, Square, Wall};
pub use race::RaceEval;
pub use rules::{blocked_passages, PawnTargets, WallProblem};
pub use search::{AlphaBetaAgent, SearchOptions, WallFilter};
pub use seats::{Goal, GREEN, RED};
