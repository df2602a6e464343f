//! One thread's alpha-beta: its buffers, the negamax with its table, repetitions and null
//! moves, and the line the table remembers. Which moves a node searches, and in what order,
//! is `moves.rs`; the iterations and their clock, `deepening.rs`.

use std::sync::Arc;

use ply_core::eval::WIN;
use ply_core::{Evaluator, Game, Player, Stopper, ZobristHash};
use ply_search::deepening::{Clock, IterationTimer};
use ply_search::value::{value_from_table, value_to_table, INFINITY};

use super::table::{Bound, Entry, SharedTable};
use super::{power_of_two_table, SearchOptions};
use crate::board::Quoridor;
use crate::geometry::Move;

/// The longest line a search follows, in plies (the per-ply buffers' count).
pub(super) const MAX_PLY: usize = 128;
/// How much shallower than the node, besides the ply of the pass itself, a null move is
/// searched.
pub const NULL_MOVE_REDUCTION: u32 = 2;
/// How often, in nodes, a timed search reads its clock.
const CLOCK_EVERY_NODES: u64 = 64;
/// log2 of the horizon-value cache's entries (1 MiB).
pub(super) const EVAL_CACHE_BITS: u32 = 16;
/// Moves a node's list has room for without growing (more than any legal position has on
/// boards up to 25x25 with few walls placed; a list that needs more grows once).
pub(super) const MOVES_PER_PLY: usize = 1300;

/// One thread's search: its buffers and counters, and the table it shares.
pub(super) struct Worker {
    pub(super) options: SearchOptions,
    pub(super) evaluator: Arc<dyn Evaluator<Quoridor>>,
    pub(super) table: Arc<SharedTable>,
    /// Horizon values by position key (the side to move is part of the key): transposed
    /// leaves are common (walls and steps commute) and the evaluator's path searches are
    /// most of a node's cost. Empty when there is no table.
    pub(super) evals: Vec<(u64, i32)>,
    pub(super) moves: Vec<Vec<Move>>,
    pub(super) scores: Vec<Vec<i32>>,
    pub(super) killers: Vec<[Option<Move>; 2]>,
    pub(super) nodes: u64,
    /// The best move of the root search in progress (kept even when it is cut short).
    pub(super) root_best: Option<Move>,
    /// The previous iteration's best move, searched first at the root: an iteration cut
    /// short then still knows whether any other move beat it.
    pub(super) root_hint: Option<Move>,
    /// The agent's `game_roots`, copied in at each move.
    pub(super) game_roots: Vec<u64>,
    /// The keys of the positions along the line being searched, by ply.
    pub(super) line: Vec<u64>,
    /// Whether the move into each ply of the line was a null move (two in a row are not
    /// tried).
    pub(super) after_null: Vec<bool>,
    /// Whether this move's search keeps only the walls near the paths, and whether it
    /// reduces late walls (the options, resolved for the board at the root).
    pub(super) narrow: bool,
    pub(super) reduce: bool,
    /// Breaks ties between root moves the ordering scores alike, so that different seeds
    /// play different games against a deterministic opponent; 0 keeps generation order.
    pub(super) root_seed: u64,
    /// The time policy of the timed search in progress (the last one's, after it), for the
    /// first thread; helpers run until they are stopped.
    pub(super) timer: Option<IterationTimer<Arc<dyn Clock>>>,
}

impl Worker {
    pub(super) fn new(
        options: &SearchOptions,
        evaluator: &Arc<dyn Evaluator<Quoridor>>,
        table: &Arc<SharedTable>,
    ) -> Self {
        let evals = if options.table_bits > 0 {
            power_of_two_table(1 << EVAL_CACHE_BITS, || (0, 0))
        } else {
            Vec::new()
        };
        Worker {
            options: options.clone(),
            evaluator: Arc::clone(evaluator),
            table: Arc::clone(table),
            evals,
            moves: (0..MAX_PLY)
                .map(|_| Vec::with_capacity(MOVES_PER_PLY))
                .collect(),
            scores: (0..MAX_PLY)
                .map(|_| Vec::with_capacity(MOVES_PER_PLY))
                .collect(),
            killers: vec![[None; 2]; MAX_PLY],
            nodes: 0,
            root_best: None,
            root_hint: None,
            game_roots: Vec::new(),
            line: vec![0; MAX_PLY],
            after_null: vec![false; MAX_PLY],
            narrow: false,
            reduce: false,
            root_seed: 0,
            timer: None,
        }
    }

    /// Whether the search must stop now: a limit of the stopper is reached, or the time
    /// policy's budget is spent (then the stopper is told, so it stays stopped).
    fn must_stop(&mut self, stopper: &mut Stopper) -> bool {
        if stopper.should_stop(self.nodes) {
            return true;
        }
        let time_is_up = self.nodes.is_multiple_of(CLOCK_EVERY_NODES)
            && self.timer.as_ref().is_some_and(|t| t.time_is_up());
        if time_is_up {
            stopper.stop();
        }
        time_is_up
    }

    /// Whether the position with `key` at `ply` repeats one earlier on the line with the
    /// same side to move, or (at even plies, the root's side to move) an earlier root.
    fn repeats(&self, key: u64, ply: usize) -> bool {
        let on_line = (ply % 2..ply).step_by(2).any(|p| self.line[p] == key);
        on_line || (ply.is_multiple_of(2) && self.game_roots.contains(&key))
    }

    /// The evaluator's value for the side to move, from the cache when it is there.
    fn evaluate(&mut self, state: &Quoridor) -> i32 {
        if self.evals.is_empty() {
            return self.evaluator.evaluate(state, state.to_move());
        }
        let key = state.zobrist();
        let slot = (key as usize) & (self.evals.len() - 1);
        // Key 0 marks an empty slot; a real position hashing to 0 is merely never cached.
        match self.evals[slot] {
            (k, value) if k == key && key != 0 => value,
            _ => {
                let value = self.evaluator.evaluate(state, state.to_move());
                self.evals[slot] = (key, value);
                value
            }
        }
    }

    pub(super) fn negamax(
        &mut self,
        state: &mut Quoridor,
        depth: u32,
        ply: usize,
        mut alpha: i32,
        beta: i32,
        stopper: &mut Stopper,
    ) -> i32 {
        self.nodes += 1;
        if state.winner().is_some() {
            // The player who just moved reached the goal: the mover here has lost.
            return -(WIN - ply as i32);
        }
        if self.options.repetitions {
            let key = state.zobrist();
            // Only pawn steps can repeat a position (walls stay). The draw may reach the
            // table and be reused on another line: accepted, as usual for repetitions.
            if ply > 0 && self.repeats(key, ply) {
                return 0;
            }
            self.line[ply] = key;
        }
        if depth == 0 || ply + 1 >= MAX_PLY {
            return self.evaluate(state);
        }
        if ply > 0 && self.must_stop(stopper) {
            return 0;
        }
        let key = state.zobrist();
        let mut table_move = None;
        if let Some(entry) = self.table.probe(key) {
            table_move = entry.best;
            if ply > 0 && entry.depth as u32 >= depth {
                let value = value_from_table(entry.value, ply);
                let usable = match entry.bound {
                    Bound::Exact => true,
                    Bound::Lower => value >= beta,
                    Bound::Upper => value <= alpha,
                };
                if usable {
                    return value;
                }
            }
        }
        if ply == 0 && self.root_hint.is_some() {
            table_move = self.root_hint;
        }
        if self.null_move_cuts(state, depth, ply, alpha, beta, stopper) {
            return beta;
        }
        let mut moves = std::mem::take(&mut self.moves[ply]);
        let mut scores = std::mem::take(&mut self.scores[ply]);
        let paths = [0, 1].map(|p: Player| {
            state
                .passages()
                .shortest_path(state.pawn(p), state.goal_row(p))
                .expect("legal positions keep a path for each pawn")
        });
        self.generate(state, &mut moves, depth, ply, &paths);
        if self.options.ordering {
            self.order(state, &mut moves, &mut scores, table_move, ply, &paths);
        }
        let original_alpha = alpha;
        let mut best_value = -INFINITY;
        let mut best_move = None;
        for (i, &mv) in moves.iter().enumerate() {
            state.play(mv);
            // A late wall the ordering gave no race gain: first a shallower look with a
            // null window; only a wall that then beats alpha earns the full search.
            let reduce = self.reduce
                && self.options.ordering
                && ply > 0
                && ply as u32 >= self.options.reduce_from
                && depth >= 3
                && i >= 3
                && mv.is_wall()
                && scores[i] <= 0;
            let mut value = alpha + 1;
            if reduce {
                value = -self.negamax(state, depth - 2, ply + 1, -alpha - 1, -alpha, stopper);
            }
            // After the first move, a null window first: a move that cannot beat alpha is
            // refuted more cheaply than its exact value is found, and one that reaches beta
            // even so needs no exact value either.
            let mut exact = value > alpha;
            if exact && self.options.pvs && i > 0 && beta > alpha + 1 {
                value = -self.negamax(state, depth - 1, ply + 1, -alpha - 1, -alpha, stopper);
                exact = value > alpha && value < beta;
            }
            if exact {
                value = -self.negamax(state, depth - 1, ply + 1, -beta, -alpha, stopper);
            }
            state.undo(mv);
            if stopper.stopped() {
                break;
            }
            if value > best_value {
                best_value = value;
                best_move = Some(mv);
                if value > alpha {
                    alpha = value;
                }
                if alpha >= beta {
                    if mv.is_wall() || self.options.ordering {
                        let k = &mut self.killers[ply];
                        if k[0] != Some(mv) {
                            k[1] = k[0];
                            k[0] = Some(mv);
                        }
                    }
                    break;
                }
            }
        }
        self.moves[ply] = moves;
        self.scores[ply] = scores;
        if ply == 0 {
            self.root_best = best_move;
        }
        if stopper.stopped() {
            return best_value.max(-WIN);
        }
        let bound = if best_value <= original_alpha {
            Bound::Upper
        } else if best_value >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        };
        self.table.store(
            key,
            Entry {
                value: value_to_table(best_value, ply),
                depth: depth.min(255) as u8,
                bound,
                best: best_move,
            },
        );
        best_value
    }

    /// Whether a null move refutes the node (see [`SearchOptions::null_move`]): only off the
    /// principal variation (a null window), deep enough, not right after another null
    /// move, away from proven values, and when the static value already reaches beta.
    fn null_move_cuts(
        &mut self,
        state: &mut Quoridor,
        depth: u32,
        ply: usize,
        alpha: i32,
        beta: i32,
        stopper: &mut Stopper,
    ) -> bool {
        let eligible = self.options.null_move
            && ply > 0
            && beta == alpha + 1
            && depth > NULL_MOVE_REDUCTION + 1
            && !self.after_null[ply]
            && !ply_core::eval::is_proven(beta)
            && ply + 1 < MAX_PLY;
        if !eligible || self.evaluate(state) < beta {
            return false;
        }
        let me = state.to_move();
        state.set_to_move(1 - me);
        self.after_null[ply + 1] = true;
        let depth = depth - 1 - NULL_MOVE_REDUCTION;
        let value = -self.negamax(state, depth, ply + 1, -beta, -beta + 1, stopper);
        self.after_null[ply + 1] = false;
        state.set_to_move(me);
        !stopper.stopped() && value >= beta
    }

    /// The line the table remembers from `state`, starting with `first`.
    pub(super) fn principal_variation(
        &self,
        state: &Quoridor,
        first: Move,
        depth: u32,
    ) -> Vec<Move> {
        let mut pv = vec![first];
        let mut s = state.clone();
        s.play(first);
        let mut legal = Vec::new();
        while (pv.len() as u32) < depth {
            let Some(mv) = self.table.probe(s.zobrist()).and_then(|e| e.best) else {
                break;
            };
            s.legal_moves(&mut legal);
            if !legal.contains(&mv) {
                break;
            }
            s.play(mv);
            pv.push(mv);
        }
        pv
    }
}
