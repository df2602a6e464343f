//! Agents with 3 or 4 players: the multi-player search `strongest` hands such games to,
//! and the check that refuses agents written for two players only.

use std::sync::Arc;

use ply_search::multiplayer::{BestReply, SearchOptions as MultiOptions};

use crate::board::Quoridor;
use crate::crowd_eval::CrowdRaceEval;
use crate::search::SearchOptions;

/// Agents (by the name their spec starts with) whose search or evaluation assumes one
/// opponent: negamax searches and the seeds' two-player engines.
pub const TWO_PLAYER_ONLY: &[&str] = &[
    "seed002",
    "seed004-minimax",
    "seed004-expectimax",
    "alphabeta",
    "minimax",
    "expectimax",
];

/// The agents that play 3 or 4 players, for error messages.
pub const MULTIPLAYER_AGENTS: &str =
    "strongest (default), bestreply, paranoid, maxn, mcts, mcts-paths, greedy, random";

/// Why `spec` cannot play a game of `players` players, if it cannot.
pub fn check_players(spec: &str, players: usize) -> Result<(), String> {
    let name = spec
        .split(':')
        .next()
        .unwrap_or_default()
        .trim()
        .to_ascii_lowercase();
    if players > 2 && TWO_PLAYER_ONLY.contains(&name.as_str()) {
        return Err(format!(
            "agent '{name}' plays Quoridor for 2 players only (its search assumes one \
             opponent); with {players} players use one of: {MULTIPLAYER_AGENTS}"
        ));
    }
    Ok(())
}

/// The search `strongest` (and any other [`crate::AlphaBetaAgent`]) plays when 3 or 4
/// pawns race: best-reply search with [`CrowdRaceEval`], on the agent's own node and time
/// budget. Best-reply is the multi-player search halma found strongest; on 7x7 with 3 walls
/// each, 3000 nodes a move, 24 four-player games (every seat order of best-reply, paranoid
/// and max-n, plus one random player) it won 11, paranoid 9, max-n 4 (the ignored test
/// `crowd_search_match` replays it). A small sample: it picks, it does not rank.
pub fn crowd_search(options: &SearchOptions) -> BestReply<Quoridor> {
    let mut multi = MultiOptions::new(Arc::new(CrowdRaceEval));
    if let Some(nodes) = options.nodes {
        multi = multi.nodes(nodes);
    }
    if let Some(time) = options.time {
        multi = multi.time(time);
    }
    BestReply::new(multi)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_player_agents_are_refused_with_more_players() {
        assert!(check_players("seed002", 2).is_ok());
        assert!(check_players("strongest", 4).is_ok());
        assert!(check_players("bestreply:depth=2", 3).is_ok());
        let err = check_players("alphabeta:depth=3", 4).unwrap_err();
        assert!(
            err.contains("'alphabeta'") && err.contains("4 players"),
            "{err}"
        );
        assert!(check_players(" Seed002 ", 3).is_err());
    }
}
