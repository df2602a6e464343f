//! The levels the page offers, weakest first: named agent specs, one table per game, until
//! the arena's ladders rate them. Each spec is built by the game's catalog, so a level is
//! exactly what `ply play --agent SPEC` would play.

/// One level: the name the page shows and the agent spec behind it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Level {
    pub name: &'static str,
    pub spec: &'static str,
}

const fn level(name: &'static str, spec: &'static str) -> Level {
    Level { name, spec }
}

const TICTACTOE: &[Level] = &[
    level("random", "random"),
    level("greedy", "greedy"),
    level("lookahead-2", "alphabeta:depth=2"),
    level("lookahead-4", "alphabeta:depth=4"),
    level("mcts", "mcts:iterations=2000"),
    level("perfect", "alphabeta:depth=9"),
];

const CONNECT4: &[Level] = &[
    level("random", "random"),
    level("greedy", "greedy"),
    level("alphabeta-4", "alphabeta:depth=4"),
    level("seed001-alphabeta", "seed001-alphabeta"),
    level("seed001-mcts", "seed001-mcts"),
    level("perfect", "perfect:time=1s"),
];

const QUORIDOR: &[Level] = &[
    level("random", "random"),
    level("greedy", "greedy"),
    level("seed004-minimax", "seed004-minimax"),
    level("alphabeta-3", "alphabeta:depth=3"),
    level("seed002", "seed002:time=1s"),
    level("strongest", "strongest"),
];

const HALMA: &[Level] = &[
    level("random", "random"),
    level("greedy", "greedy"),
    level("seed003-s2", "seed003-s2"),
    level("seed003-s4", "seed003-s4:depth=2"),
    level("halma-ab", "halma-ab"),
    level("strongest", "strongest"),
];

/// The level table of a game, weakest first; empty for a game the server does not know.
pub fn levels(game: &str) -> &'static [Level] {
    match game {
        "tictactoe" => TICTACTOE,
        "connect4" => CONNECT4,
        "quoridor" => QUORIDOR,
        "halma" => HALMA,
        _ => &[],
    }
}

/// The level the page selects first: the strongest.
pub fn default_level(game: &str) -> Option<&'static Level> {
    levels(game).last()
}
