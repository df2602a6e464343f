//! A player that learns: AlphaZero-style self-play for every game in the registry.
//!
//! - [`net`]: a residual convolutional network sized from a game's `Encode` (observation
//!   planes, action space, seats), built with candle;
//! - [`model`]: its file (safetensors with ply's header) and every check a hostile file
//!   gets;
//! - [`guide`]: the network as the guide of `ply_search::puct`, through [`infer`] (the
//!   forward pass for play, its batch norms folded into the convolutions);
//! - [`agent`]: the `az` and `az-policy` agent specs, added to every game's catalog;
//! - [`selfplay`], [`replay`], [`train`]: games of the net against itself, the window of
//!   positions it learns from, and the training step;
//! - [`run`]: `ply train`'s loop — self-play, training, checkpoints, the evaluation gate, the
//!   match against a fixed baseline, the learning curve — resumable after any stop.
//!
//! Why candle (candle-core, candle-nn) rather than burn: it runs on the CPU with no native
//! library to install, has autograd, convolutions and batch norm, reads and writes
//! safetensors, and adds two crates of moderate size to the build; burn's CPU backends pull
//! in a larger tree for the same operations. Nothing is downloaded at build or run time.

pub mod agent;
pub mod bench;
pub mod guide;
pub mod infer;
pub mod input;
pub mod model;
pub mod net;
pub mod optimizer;
mod patches;
pub mod replay;
pub mod run;
pub mod selfplay;
pub mod train;

pub use agent::register;
pub use guide::NetGuide;
pub use model::{Model, ModelError, ModelHeader};
pub use net::{Net, NetShape, NetSize};

/// The seeded generator of everything random here (weights, self-play, batches).
pub type LearnRng = rand_xoshiro::Xoshiro256PlusPlus;

/// Fixes how many threads candle's matrix products use, once, before any thread starts:
/// `RAYON_NUM_THREADS`, if unset, becomes 1. ply runs its network calls in parallel by
/// games (self-play threads, the arena's games), not within one product: on two cores,
/// products split over rayon's threads while two self-play threads also ran left those
/// threads spinning for work, and self-play played 2.5 times fewer games an hour. Unset,
/// candle also asks for the count on every product, which reads cgroup files each time
/// (over a hundred thousand file opens in a minute of self-play, measured with strace).
///
/// Call it first thing in `main` (or a module's initialisation): setting an environment
/// variable while other threads read the environment is not safe. Only candle reads it:
/// the arena's thread pools are sized by their own settings.
pub fn settle_threads() {
    if std::env::var_os("RAYON_NUM_THREADS").is_none() {
        std::env::set_var("RAYON_NUM_THREADS", "1");
    }
}
