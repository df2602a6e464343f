//! Final scores: one number per player.

/// The most players any game in `ply` seats (six on the 121-hole Chinese Checkers star).
pub const MAX_PLAYERS: usize = 6;

/// One score per player at a terminal state.
///
/// Two-player games score win 1, draw ½, loss 0; three-player halma scores its ranking
/// (2 / 1 / 0). Only the first `players` entries mean anything.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Scores {
    players: usize,
    values: [f64; MAX_PLAYERS],
}

impl Scores {
    /// Scores for `players` players, all zero.
    pub fn new(players: usize) -> Self {
        assert!((1..=MAX_PLAYERS).contains(&players), "1..=6 players");
        Scores {
            players,
            values: [0.0; MAX_PLAYERS],
        }
    }

    /// Two players, `winner` scores 1 and the other 0.
    pub fn win(winner: usize) -> Self {
        let mut s = Scores::new(2);
        s.values[winner] = 1.0;
        s
    }

    /// Two players, ½ each.
    pub fn draw() -> Self {
        Scores::from_slice(&[0.5, 0.5])
    }

    pub fn from_slice(values: &[f64]) -> Self {
        let mut s = Scores::new(values.len());
        s.values[..values.len()].copy_from_slice(values);
        s
    }

    pub fn players(&self) -> usize {
        self.players
    }

    pub fn get(&self, player: usize) -> f64 {
        self.values[player]
    }

    pub fn set(&mut self, player: usize, value: f64) {
        self.values[player] = value;
    }

    pub fn as_slice(&self) -> &[f64] {
        &self.values[..self.players]
    }

    /// The score of `player` minus the best score among the others: positive when `player`
    /// finished ahead of everyone, zero for a shared first place or a draw. For two players
    /// this is +1 / 0 / −1, the value negamax wants.
    pub fn margin(&self, player: usize) -> f64 {
        let best_other = (0..self.players)
            .filter(|&p| p != player)
            .map(|p| self.values[p])
            .fold(f64::NEG_INFINITY, f64::max);
        self.values[player] - best_other
    }

    /// The sum of all scores (constant for constant-sum games).
    pub fn total(&self) -> f64 {
        self.as_slice().iter().sum()
    }
}
