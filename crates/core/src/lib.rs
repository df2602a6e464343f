//! The contracts every game and every search in `ply` share.
//!
//! Rules implement [`Game`] (and [`ZobristHash`] where a search wants a table); evaluators
//! implement [`Evaluator`]; searches become players through [`Agent`]. Nothing here knows a
//! particular game or a particular search: that is what lets the two sides grow apart.

pub mod agent;
pub mod analyst;
pub mod conformance;
pub mod descriptor;
pub mod duration;
pub mod encode;
pub mod error;
pub mod eval;
pub mod files;
pub mod game;
pub mod hash;
pub mod ladder;
pub mod limits;
pub mod perft;
pub mod quote;
pub mod record;
pub mod rows;
pub mod scores;
pub mod words;

pub use agent::{Agent, Decision, ValueScale};
pub use analyst::{ExactAnalyst, Fallback};
pub use descriptor::{
    Described, Descriptor, Notation, Param, ParamDefault, ParamKind, Protocol, Seat, Settings,
};
pub use duration::{DurationError, MAX_DURATION};
pub use encode::{BundledModel, Encode};
pub use error::GameError;
pub use eval::{Evaluator, LinearEvaluator, MoveOrdering};
pub use files::FileError;
pub use game::{show_moves, Game, Player};
pub use hash::{zobrist_keys, ZobristHash};
pub use ladder::{rung, Rung};
pub use limits::{SearchLimits, Stopper};
pub use perft::{perft, perft_divide, perft_until};
pub use quote::{quote, quote_bytes, tame, Quoted};
pub use record::{Record, RecordError, RecordedMove, Replay};
pub use scores::{Scores, MAX_PLAYERS};
