//! The arena: tournaments between `ply` agents, for any game.
//!
//! [`run_tournament`] plays a round robin or a gauntlet from a list of agent specs: games in
//! parallel, each from an opening and every seating, each agent on a thread of its own under
//! a per-move and per-game clock. An agent that overruns, hangs, panics or plays an illegal
//! move loses that game, with the reason recorded, and the tournament goes on.
//! [`summarize`] turns the games into results per pairing with 95 % intervals, Bradley–Terry
//! ratings with error bars and an optional SPRT; [`write_outputs`] writes `games.jsonl`,
//! `summary.json`, `report.md` and the plots.
//!
//! A run can be stopped ([`RunControl::stop`]) and continued ([`RunControl::finished`]):
//! [`RunFolder`] keeps each game in `games.jsonl` as soon as it ends and reads the games
//! back to resume, so a run stopped and resumed plays the games a straight run plays.
//!
//! Nothing here names a game: the arena sees games through `ply_core::Game` and agents
//! through [`AgentFactory`] (which a game's `Catalog` implements).

pub mod config;
pub mod error;
pub mod factory;
pub mod openings;
pub mod output;
pub mod plots;
pub mod progress;
pub mod record;
pub mod records_file;
pub mod report;
pub mod schedule;
pub mod stats;
pub mod summary;
pub mod tournament;

mod rng_seeds;
mod runner;

/// The charting library the arena draws with, re-exported so other reports (the CLI's
/// `ply report seeds`) draw with the same version, features and font.
pub use plotters;

pub use config::{split_agent_list, Format, OpeningSource, TimeControl, TournamentConfig};
pub use error::ArenaError;
pub use factory::AgentFactory;
pub use output::{write_outputs, OutputFiles, OutputMode, RunFolder};
pub use progress::Progress;
pub use record::{GameRecord, MoveRecord, Termination};
pub use records_file::{write_records, RECORDS_FILE};
pub use stats::sprt::{SprtConfig, SprtStatus};
pub use summary::{summarize, Summary};
pub use tournament::{
    planned_games, run_tournament, run_tournament_with, RunControl, Tournament, TournamentResult,
};
