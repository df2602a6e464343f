//! Every fuzz target, by name: the front ends' own, and those [`games`] makes for every
//! registered game.

pub mod arena;
pub mod command_line;
pub mod connect4;
pub mod contents;
pub mod duration;
pub mod files;
pub mod games;
pub mod http;
pub mod moves;
pub mod protocols;
pub mod records;
pub mod spec;
pub mod spec_policy;

use crate::runner::Target;

/// The targets that are not generated per game, in the order they run: the front ends'
/// inputs, and the parsers and protocols only one game has.
pub const FRONT_END: &[&str] = &[
    "duration",
    "spec-policy",
    "connect4-sequence",
    "connect4-testset",
    "flags",
    "play",
    "qtp",
    "halma-json",
    "ccp",
    "http",
    "arena-resume",
    "files",
    "contents",
];

/// The names of every target, in the order they run: [`FRONT_END`], then the per-game
/// targets of every registered game ([`games::names`]).
pub fn names() -> Vec<String> {
    let mut names: Vec<String> = FRONT_END.iter().map(|n| n.to_string()).collect();
    names.extend(games::names());
    names
}

/// The target named `name` (a per-game target in any variant its game accepts, see
/// [`games::by_name`]).
pub fn by_name(name: &str) -> Option<Box<dyn Target>> {
    Some(match name {
        "duration" => Box::new(duration::Durations),
        "spec-policy" => Box::new(spec_policy::SpecPolicies::new()),
        "connect4-sequence" => Box::new(connect4::Sequences::new()),
        "connect4-testset" => Box::new(connect4::TestSets),
        "flags" => Box::new(command_line::Flags::new()),
        "play" => Box::new(command_line::Play::new()),
        "qtp" => Box::new(protocols::Qtp::new()),
        "halma-json" => Box::new(protocols::HalmaJson::new()),
        "ccp" => Box::new(protocols::Ccp::new()),
        "http" => Box::new(http::Http::new()),
        "arena-resume" => Box::new(arena::ArenaResume::new()),
        "files" => Box::new(files::Files::new()),
        "contents" => Box::new(contents::Contents::new()),
        _ => return games::by_name(name),
    })
}
