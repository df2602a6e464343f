//! Strategies 3, 4 and 5: the source's minimax with alpha-beta over a filtered move list,
//! scored by seed 003's heuristic from the searching player's point of view. With three
//! players the searching player maximises and both others minimise (the source's extension).

use std::time::Instant;

use rand::seq::IndexedRandom;
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

use ply_core::{Agent, Decision, Evaluator, Game, Player, SearchLimits, Stopper};

use super::book::MoveBook;
use super::simple::manhattan_to_goal;
use crate::board::Halma;
use crate::eval::Seed003Eval;
use crate::geometry::{cells_of, Cell};
use crate::movegen::HalmaMove;

/// Which moves a strategy searches.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SeedMoves {
    /// Strategy 3: the moves of the peg farthest from the goal (the next one if it cannot
    /// move), kept within distance 3 of a teammate where possible, hops before steps.
    FarthestPeg,
    /// Strategies 4 and 5: every move (one per destination), nearest the goal first.
    SortedByDistance,
}

impl SeedMoves {
    /// Writes the searched moves of the player to move into `moves`.
    pub fn generate(self, state: &Halma, moves: &mut Vec<HalmaMove>) {
        state.legal_moves(moves);
        let me = state.to_move();
        match self {
            SeedMoves::SortedByDistance => {
                moves.sort_by_key(|m| manhattan_to_goal(state, me, m.to));
            }
            SeedMoves::FarthestPeg => {
                let Some(peg) = farthest_movable_peg(state, moves) else {
                    return;
                };
                moves.retain(|m| m.from == peg);
                let board = state.board();
                let near_team = |m: &HalmaMove| {
                    cells_of(state.pegs(me))
                        .filter(|&c| c != peg)
                        .any(|c| board.distance(c, m.to) <= 3)
                };
                if moves.iter().any(near_team) {
                    moves.retain(near_team);
                }
                // Hops (and long chains) before steps.
                moves.sort_by_key(|m| -board.distance(m.from, m.to));
            }
        }
    }
}

fn farthest_movable_peg(state: &Halma, moves: &[HalmaMove]) -> Option<Cell> {
    let me = state.to_move();
    moves
        .iter()
        .map(|m| m.from)
        .max_by_key(|&c| (manhattan_to_goal(state, me, c), std::cmp::Reverse(c)))
}

/// Seed 003's minimax agent (strategies 3–5).
pub struct SeedMinimax {
    name: &'static str,
    moves: SeedMoves,
    depth: u32,
    book: Option<MoveBook>,
    rng: Xoshiro256PlusPlus,
    rng_seed: u64,
    buffers: Vec<Vec<HalmaMove>>,
    nodes: u64,
    /// The player the current search is for.
    root: Player,
}

const INF: i32 = i32::MAX / 2;

impl SeedMinimax {
    pub fn new(name: &'static str, moves: SeedMoves, depth: u32, rng_seed: u64) -> Self {
        SeedMinimax {
            name,
            moves,
            depth: depth.max(1),
            book: None,
            rng: Xoshiro256PlusPlus::seed_from_u64(rng_seed),
            rng_seed,
            buffers: Vec::new(),
            nodes: 0,
            root: 0,
        }
    }

    /// Strategy 3 as the report describes it: depth 5, farthest peg, with a table.
    pub fn strategy3(rng_seed: u64) -> Self {
        SeedMinimax::new("seed003-s3", SeedMoves::FarthestPeg, 5, rng_seed)
    }

    /// Strategy 4: depth 3 over every move.
    pub fn strategy4(rng_seed: u64) -> Self {
        SeedMinimax::new("seed003-s4", SeedMoves::SortedByDistance, 3, rng_seed)
    }

    /// Strategy 5: strategy 4 with the three-player heuristic and minimisers.
    pub fn strategy5(rng_seed: u64) -> Self {
        SeedMinimax::new("seed003-s5", SeedMoves::SortedByDistance, 3, rng_seed)
    }

    pub fn depth(mut self, depth: u32) -> Self {
        self.depth = depth.max(1);
        self
    }

    /// Looks positions up in, and records best moves to, a table of best moves.
    pub fn book(mut self, book: MoveBook) -> Self {
        self.book = Some(book);
        self
    }

    fn search(
        &mut self,
        state: &mut Halma,
        depth: u32,
        ply: usize,
        mut alpha: i32,
        mut beta: i32,
        stopper: &mut Stopper,
    ) -> i32 {
        let root = self.root;
        self.nodes += 1;
        if depth == 0 || state.is_terminal() || stopper.should_stop(self.nodes) {
            return Seed003Eval.evaluate(state, root);
        }
        let mut moves = std::mem::take(&mut self.buffers[ply]);
        self.moves.generate(state, &mut moves);
        if moves.is_empty() {
            self.buffers[ply] = moves;
            return Seed003Eval.evaluate(state, root);
        }
        let maximising = state.to_move() == root;
        let mut best = if maximising { -INF } else { INF };
        for &mv in moves.iter() {
            state.play(mv);
            let value = self.search(state, depth - 1, ply + 1, alpha, beta, stopper);
            state.undo(mv);
            if maximising {
                best = best.max(value);
                alpha = alpha.max(value);
            } else {
                best = best.min(value);
                beta = beta.min(value);
            }
            if beta <= alpha {
                break;
            }
        }
        self.buffers[ply] = moves;
        best
    }
}

impl Agent<Halma> for SeedMinimax {
    fn name(&self) -> String {
        self.name.to_string()
    }

    fn select(&mut self, state: &Halma, limits: &SearchLimits) -> Option<Decision<HalmaMove>> {
        if state.is_terminal() {
            return None;
        }
        let start = Instant::now();
        if let Some(mv) = self.book.as_ref().and_then(|b| b.lookup(state)) {
            return Some(Decision::just(mv));
        }
        let depth = limits
            .depth
            .map_or(self.depth, |d| d.min(self.depth))
            .max(1);
        let mut stopper = Stopper::new(limits);
        self.nodes = 0;
        if self.buffers.len() < depth as usize + 1 {
            self.buffers = (0..=depth).map(|_| Vec::with_capacity(128)).collect();
        }
        self.root = state.to_move();
        let mut work = state.clone();
        let mut moves = Vec::new();
        self.moves.generate(&work, &mut moves);
        if moves.is_empty() {
            state.legal_moves(&mut moves);
        }
        let mut scored = Vec::with_capacity(moves.len());
        let mut alpha = -INF;
        for &mv in &moves {
            work.play(mv);
            // A null-window-free root: ties must be seen to be broken at random, so the
            // bound is alpha - 1.
            let value = self.search(&mut work, depth - 1, 1, alpha - 1, INF, &mut stopper);
            work.undo(mv);
            alpha = alpha.max(value);
            scored.push((mv, value));
            if stopper.stopped() {
                break;
            }
        }
        let best = scored.iter().map(|&(_, v)| v).max()?;
        let tied: Vec<HalmaMove> = scored
            .iter()
            .filter(|&&(_, v)| v == best)
            .map(|&(m, _)| m)
            .collect();
        let mv = *tied.choose(&mut self.rng)?;
        if let Some(book) = self.book.as_mut() {
            if !stopper.stopped() {
                book.record(state, mv);
            }
        }
        Some(Decision {
            mv,
            value: best as f64,
            pv: vec![mv],
            nodes: self.nodes,
            depth,
            elapsed: start.elapsed(),
            iterations: 1,
        })
    }

    fn new_game(&mut self) {
        self.rng = Xoshiro256PlusPlus::seed_from_u64(self.rng_seed);
    }
}
