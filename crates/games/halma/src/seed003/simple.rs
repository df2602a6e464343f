//! Strategies 1 and 2: no search, only a preferred direction and the farthest peg.

use rand::seq::IndexedRandom;
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

use ply_core::{Agent, Decision, Game, SearchLimits};

use super::compass::compass_rank;
use crate::board::Halma;
use crate::geometry::{bit, Cell};
use crate::movegen::HalmaMove;

/// Manhattan distance (|dx| + |dy|) from a cell to the mover's home tip, the source's measure.
pub(crate) fn manhattan_to_goal(state: &Halma, player: usize, cell: Cell) -> i32 {
    let board = state.board();
    let (x, y) = board.coords(cell);
    let (gx, gy) = board.coords(state.seat(player).home_tip);
    (x as i32 - gx as i32).abs() + (y as i32 - gy as i32).abs()
}

/// Picks uniformly among the moves with the lowest key.
fn pick_lowest(
    moves: &[HalmaMove],
    key: impl Fn(HalmaMove) -> (usize, i32),
    rng: &mut Xoshiro256PlusPlus,
) -> Option<HalmaMove> {
    let best = moves.iter().map(|&m| key(m)).min()?;
    let tied: Vec<HalmaMove> = moves.iter().copied().filter(|&m| key(m) == best).collect();
    tied.choose(rng).copied()
}

/// Strategy 1: single steps and single hops only; the first compass direction (NW, N, W, E,
/// SE, S) that has a move decides; ties at random.
pub struct DirectionAgent {
    rng: Xoshiro256PlusPlus,
    rng_seed: u64,
}

impl DirectionAgent {
    pub fn new(rng_seed: u64) -> Self {
        DirectionAgent {
            rng: Xoshiro256PlusPlus::seed_from_u64(rng_seed),
            rng_seed,
        }
    }
}

/// Whether a legal move is a single step or a single hop (no chain).
fn is_single(state: &Halma, mv: HalmaMove) -> bool {
    let board = state.board();
    match board.distance(mv.from, mv.to) {
        1 => true,
        2 => board
            .jumps(mv.from)
            .iter()
            .any(|&(over, landing)| landing == mv.to && state.occupied() & bit(over) != 0),
        _ => false,
    }
}

impl Agent<Halma> for DirectionAgent {
    fn name(&self) -> String {
        "seed003-s1".into()
    }

    fn select(&mut self, state: &Halma, _limits: &SearchLimits) -> Option<Decision<HalmaMove>> {
        let mut moves = Vec::new();
        state.legal_moves(&mut moves);
        let singles: Vec<HalmaMove> = moves
            .iter()
            .copied()
            .filter(|&m| is_single(state, m))
            .collect();
        // Every chain starts with a single hop, so a player with moves has a single one.
        let pool = if singles.is_empty() { &moves } else { &singles };
        pick_lowest(
            pool,
            |m| (compass_rank(state, m.from, m.to), 0),
            &mut self.rng,
        )
        .map(Decision::just)
    }

    fn new_game(&mut self) {
        self.rng = Xoshiro256PlusPlus::seed_from_u64(self.rng_seed);
    }
}

/// Strategy 2: pegs by Manhattan distance from the goal tip, farthest first; the first peg
/// with a move that stays out of the side points moves, by compass priority and then the
/// longest gain; with no such move at all it falls back to strategy 1.
pub struct FarthestPegAgent {
    rng: Xoshiro256PlusPlus,
    rng_seed: u64,
    fallback: DirectionAgent,
}

impl FarthestPegAgent {
    pub fn new(rng_seed: u64) -> Self {
        FarthestPegAgent {
            rng: Xoshiro256PlusPlus::seed_from_u64(rng_seed),
            rng_seed,
            fallback: DirectionAgent::new(rng_seed ^ 0x5EED),
        }
    }
}

/// Cells in no player's start or home point and outside the central hexagon: the side
/// points the source's `PROHIBITED_COORDINATES_BORDER` keeps pegs out of.
pub(crate) fn side_points(state: &Halma) -> u128 {
    let board = state.board();
    let r = state.kind().radius() as i32;
    let outside = board.cells_where(|x, y| {
        let (x, y) = (x as i32, y as i32);
        x.abs().max(y.abs()).max((x + y).abs()) > r
    });
    let mut used = 0;
    for seat in &state.layout().seats {
        used |= seat.start | seat.home;
    }
    outside & !used
}

impl Agent<Halma> for FarthestPegAgent {
    fn name(&self) -> String {
        "seed003-s2".into()
    }

    fn select(&mut self, state: &Halma, limits: &SearchLimits) -> Option<Decision<HalmaMove>> {
        let mut moves = Vec::new();
        state.legal_moves(&mut moves);
        if moves.is_empty() {
            return None;
        }
        let me = state.to_move();
        let avoid = side_points(state);
        let mut pegs: Vec<Cell> = crate::geometry::cells_of(state.pegs(me)).collect();
        pegs.sort_by_key(|&c| -manhattan_to_goal(state, me, c));
        for peg in pegs {
            let own: Vec<HalmaMove> = moves
                .iter()
                .copied()
                .filter(|m| m.from == peg && avoid & bit(m.to) == 0)
                .collect();
            let key = |m: HalmaMove| {
                let gain =
                    manhattan_to_goal(state, me, m.from) - manhattan_to_goal(state, me, m.to);
                (compass_rank(state, m.from, m.to), -gain)
            };
            if let Some(mv) = pick_lowest(&own, key, &mut self.rng) {
                return Some(Decision::just(mv));
            }
        }
        self.fallback.select(state, limits)
    }

    fn new_game(&mut self) {
        self.rng = Xoshiro256PlusPlus::seed_from_u64(self.rng_seed);
        self.fallback.new_game();
    }
}
