//! Playing one game: a thread per seat, clocks, and a verdict on every way an agent can fail.

mod game;
mod panics;
mod worker;

pub(crate) use game::{play_game, GamePlan, Rules};
pub(crate) use panics::silence_agent_panics;
