//! A game made of hashes: a random game tree as deep and as wide as asked, for testing and
//! timing searches on trees far deeper than tic-tac-toe's.
//!
//! The position is a 64-bit hash of the moves so far. Move `m` at ply `p` XORs in a key
//! drawn from `(p, m)`, so `undo` is the same XOR and the hash is a valid Zobrist hash. A
//! position has `1 + hash % branching` moves; a line ends at `length` plies, or earlier
//! when the hash says so (one position in `early_end`); the winner (or a draw) is read from
//! the hash too. Nothing about it means anything, which is the point: no ordering
//! heuristic can exploit it, and any evaluator works (`HashNoise`).

use std::fmt;

use ply_core::hash::splitmix64;
use ply_core::{Game, GameError, Player, Scores, ZobristHash};

/// A random game tree for 2 to 6 players (see the module documentation).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SyntheticGame {
    rng_seed: u64,
    players: u8,
    branching: u8,
    length: u16,
    ply: u16,
    hash: u64,
}

fn key(rng_seed: u64, ply: u16, mv: u8) -> u64 {
    splitmix64(rng_seed ^ (u64::from(ply) << 8 | u64::from(mv))).1
}

impl SyntheticGame {
    /// A tree with up to `branching` (1..=255) moves per position and lines of at most
    /// `length` plies, shaped by `rng_seed`.
    pub fn new(rng_seed: u64, branching: u8, length: u16) -> Result<Self, GameError> {
        if branching == 0 {
            return Err(GameError::setting(
                "branching",
                0,
                "at least one move per position",
            ));
        }
        Ok(SyntheticGame {
            rng_seed,
            players: 2,
            branching,
            length,
            ply: 0,
            hash: splitmix64(rng_seed).1,
        })
    }

    /// The same tree for `players` players (2 to 6), who move in turn. At the end each
    /// player scores 0, 1 or 2 points, drawn from the hash (ties are common).
    pub fn with_players(mut self, players: usize) -> Result<Self, GameError> {
        if !(2..=ply_core::MAX_PLAYERS).contains(&players) {
            return Err(GameError::setting("players", players, "2 to 6 players"));
        }
        self.players = players as u8;
        Ok(self)
    }

    /// Moves played so far.
    pub fn ply(&self) -> u16 {
        self.ply
    }

    fn ends_early(&self) -> bool {
        self.ply >= 8 && (self.hash >> 20) & 63 == 0
    }
}

impl Game for SyntheticGame {
    type Move = u8;

    fn name(&self) -> &'static str {
        "synthetic"
    }

    fn variant(&self) -> String {
        format!("branching {}, length {}", self.branching, self.length)
    }

    fn num_players(&self) -> usize {
        usize::from(self.players)
    }

    fn to_move(&self) -> Player {
        usize::from(self.ply % u16::from(self.players))
    }

    fn legal_moves(&self, moves: &mut Vec<u8>) {
        moves.clear();
        if self.is_terminal() {
            return;
        }
        let count = 1 + (self.hash % u64::from(self.branching)) as u8;
        moves.extend(0..count);
    }

    fn play(&mut self, mv: u8) {
        self.hash ^= key(self.rng_seed, self.ply, mv);
        self.ply += 1;
    }

    fn undo(&mut self, mv: u8) {
        self.ply -= 1;
        self.hash ^= key(self.rng_seed, self.ply, mv);
    }

    fn outcome(&self) -> Option<Scores> {
        if self.ply < self.length && !self.ends_early() {
            return None;
        }
        if self.players == 2 {
            return Some(match (self.hash >> 40) % 3 {
                0 => Scores::win(0),
                1 => Scores::win(1),
                _ => Scores::draw(),
            });
        }
        let mut scores = Scores::new(usize::from(self.players));
        for p in 0..usize::from(self.players) {
            scores.set(p, ((self.hash >> (32 + 4 * p)) % 3) as f64);
        }
        Some(scores)
    }

    fn format_move(&self, mv: u8) -> String {
        mv.to_string()
    }

    fn parse_move(&self, text: &str) -> Result<u8, GameError> {
        text.trim()
            .parse()
            .map_err(|_| GameError::parse(text, "a move is a number from 0 to 254"))
    }

    /// `ply:hash` in hexadecimal.
    fn to_text(&self) -> String {
        format!("{}:{:x}", self.ply, self.hash)
    }

    fn from_text(&self, text: &str) -> Result<Self, GameError> {
        let bad = |why: &str| GameError::position(text, why);
        let (ply, hash) = text
            .trim()
            .split_once(':')
            .ok_or_else(|| bad("expected ply:hash"))?;
        let ply: u16 = ply.parse().map_err(|_| bad("the ply is not a number"))?;
        if ply > self.length {
            return Err(bad("the ply is beyond the game's length"));
        }
        let hash = u64::from_str_radix(hash, 16).map_err(|_| bad("the hash is not hexadecimal"))?;
        Ok(SyntheticGame {
            ply,
            hash,
            ..self.clone()
        })
    }
}

impl ZobristHash for SyntheticGame {
    fn zobrist(&self) -> u64 {
        self.hash
    }

    /// The hash is the position itself: there is nothing else to recompute it from.
    fn zobrist_from_scratch(&self) -> u64 {
        self.hash
    }
}

impl fmt::Display for SyntheticGame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "synthetic tree ({}), ply {}, position {:016x}",
            self.variant(),
            self.ply,
            self.hash
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn passes_the_conformance_kit() {
        use ply_core::conformance::{check_game, check_hashing, ConformanceConfig};
        for players in 2..=4 {
            let start = SyntheticGame::new(3, 7, 60)
                .unwrap()
                .with_players(players)
                .unwrap();
            let config = ConformanceConfig {
                games: 20,
                // Two players share 1 point; more players score 0, 1 or 2 each, freely.
                constant_sum: (players == 2).then_some(1.0),
                ..ConformanceConfig::default()
            };
            check_game(&start, &config);
            check_hashing(&start, &config);
        }
    }

    #[test]
    fn play_undo_and_text_round_trip() {
        let mut g = SyntheticGame::new(7, 6, 40).unwrap();
        let start = g.clone();
        let mut line = Vec::new();
        let mut moves = Vec::new();
        while !g.is_terminal() {
            g.legal_moves(&mut moves);
            let mv = moves[moves.len() / 2];
            g.play(mv);
            line.push(mv);
            assert_eq!(start.from_text(&g.to_text()).unwrap(), g);
        }
        assert!(g.ply() <= 40);
        while let Some(mv) = line.pop() {
            g.undo(mv);
        }
        assert_eq!(g, start);
        assert!(SyntheticGame::new(1, 0, 5).is_err());
        assert!(start.clone().with_players(7).is_err());
        assert_eq!(start.clone().with_players(3).unwrap().num_players(), 3);
        assert!(start.from_text("nonsense").is_err());
    }
}
