//! The solver's negamax: alpha-beta on exact game-theoretic scores.
//!
//! Scores follow Pons' convention for the side to move: a win with the mover's `n`-th
//! stone counted from the end scores the stones still in hand plus one, a loss the negation,
//! a draw 0. So the bounds of a position follow from the number of moves played, which
//! lets the search narrow every window before looking at a single child.

use std::time::Instant;

use crate::bits::Bits;
use crate::position::Position;

use super::sorter::MoveSorter;
use super::table::TranspositionTable;

/// How often (in nodes) the clock is read when a deadline is set.
const CLOCK_EVERY: u64 = 1 << 14;

/// Positions with fewer moves than this share a table entry with their mirror image.
const SYMMETRY_PLIES: u32 = 14;

/// Enhanced transposition cut-offs are tried only with more than this many empty cells
/// (near the end the extra probes cost more than they save).
const ETC_MIN_EMPTY: i32 = 12;

/// One solving run: the table it fills, the nodes it counts and when it must give up.
pub(crate) struct Search<'t> {
    pub(crate) table: &'t mut TranspositionTable,
    pub(crate) nodes: u64,
    /// Columns in the order moves are tried on ties (centre first).
    order: [u32; crate::notation::MAX_WIDTH],
    width: usize,
    deadline: Option<Instant>,
    /// Set once the deadline has passed; every result from then on is meaningless and
    /// nothing more is stored.
    pub(crate) aborted: bool,
    next_clock_check: u64,
}

/// Encodes table values: upper bounds in `1..=span`, lower bounds above.
#[derive(Clone, Copy)]
pub(crate) struct Bounds {
    min_score: i32,
    max_score: i32,
}

impl Bounds {
    pub(crate) fn new(cells: u32) -> Self {
        let cells = cells as i32;
        Bounds {
            min_score: -cells / 2 + 3,
            max_score: (cells + 1) / 2 - 3,
        }
    }
    #[inline]
    fn upper(self, score: i32) -> u8 {
        (score - self.min_score + 1) as u8
    }
    #[inline]
    fn lower(self, score: i32) -> u8 {
        (score + self.max_score - 2 * self.min_score + 2) as u8
    }
    /// `Ok(lower bound)` or `Err(upper bound)` from a stored value.
    #[inline]
    fn decode(self, value: u8) -> Result<i32, i32> {
        let value = value as i32;
        if value > self.max_score - self.min_score + 1 {
            Ok(value + 2 * self.min_score - self.max_score - 2)
        } else {
            Err(value + self.min_score - 1)
        }
    }
}

impl<'t> Search<'t> {
    pub(crate) fn new(
        table: &'t mut TranspositionTable,
        width: usize,
        deadline: Option<Instant>,
    ) -> Self {
        let mut order = [0; crate::notation::MAX_WIDTH];
        for (slot, col) in order.iter_mut().zip(super::sorter::center_order(width)) {
            *slot = col as u32;
        }
        Search {
            table,
            nodes: 0,
            order,
            width,
            deadline,
            aborted: false,
            next_clock_check: CLOCK_EVERY,
        }
    }

    #[inline]
    fn out_of_time(&mut self) -> bool {
        if self.nodes >= self.next_clock_check {
            self.next_clock_check = self.nodes + CLOCK_EVERY;
            if let Some(deadline) = self.deadline {
                if Instant::now() >= deadline {
                    self.aborted = true;
                }
            }
        }
        self.aborted
    }

    /// The table key of `p`: near the root, where mirrored positions meet often, the
    /// smaller of its key and its mirror image's, so both share one entry.
    #[inline]
    fn table_key<B: Bits>(&self, p: &Position<B>) -> u64 {
        if p.moves() < SYMMETRY_PLIES {
            p.key().min(p.mirrored_key()).fold64()
        } else {
            p.key().fold64()
        }
    }

    /// The exact score of `p` (the mover cannot win at once), or a bound: at most `alpha`
    /// if the true score is at most `alpha`, at least `beta` if it is at least `beta`.
    pub(crate) fn negamax<B: Bits>(
        &mut self,
        p: &Position<B>,
        mut alpha: i32,
        mut beta: i32,
    ) -> i32 {
        debug_assert!(alpha < beta);
        debug_assert!(!p.can_win_next());
        self.nodes += 1;
        if self.out_of_time() {
            return alpha;
        }
        let cells = p.shape().cells() as i32;
        let moves = p.moves() as i32;

        let next = p.non_losing_cells();
        if next.is_empty() {
            // Every move lets the opponent win on their next stone.
            return -(cells - moves) / 2;
        }
        if moves >= cells - 2 {
            // Neither side can win with the last two stones.
            return 0;
        }
        // The opponent cannot win on their next move, so the mover loses no sooner than this.
        let min = -(cells - 2 - moves) / 2;
        if alpha < min {
            alpha = min;
            if alpha >= beta {
                return alpha;
            }
        }
        // The mover cannot win at once, so wins no sooner than with their next stone.
        let max = (cells - 1 - moves) / 2;
        if beta > max {
            beta = max;
            if alpha >= beta {
                return beta;
            }
        }

        let bounds = Bounds::new(p.shape().cells());
        let key = self.table_key(p);
        let stored = self.table.get(key);
        if stored != 0 {
            match bounds.decode(stored) {
                Ok(lower) => {
                    if alpha < lower {
                        alpha = lower;
                        if alpha >= beta {
                            return alpha;
                        }
                    }
                }
                Err(upper) => {
                    if beta > upper {
                        beta = upper;
                        if alpha >= beta {
                            return beta;
                        }
                    }
                }
            }
        }

        // Enhanced transposition cut-off: a child whose stored upper bound already puts
        // this node at or above beta ends the search before any child is searched.
        if moves < cells - ETC_MIN_EMPTY {
            let mut rest = next;
            while !rest.is_empty() {
                let cell = rest & !(rest - B::ONE);
                rest ^= cell;
                let mut child = *p;
                child.play_cell(cell);
                let stored = self.table.get(self.table_key(&child));
                if stored != 0 {
                    if let Err(upper) = bounds.decode(stored) {
                        if -upper >= beta {
                            self.table.put(key, p.moves(), bounds.lower(-upper));
                            return -upper;
                        }
                    }
                }
            }
        }

        let mut sorter = MoveSorter::new();
        for i in (0..self.width).rev() {
            let cell = next & p.shape().column(self.order[i]);
            if !cell.is_empty() {
                // Fetch the child's table line now, while the other moves are scored.
                let child_key = p.opponent() + (p.mask() | cell);
                self.table.prefetch(child_key.fold64());
                sorter.add(cell, p.threats_after(cell));
            }
        }
        while let Some(cell) = sorter.pop() {
            let mut child = *p;
            child.play_cell(cell);
            let score = -self.negamax(&child, -beta, -alpha);
            if self.aborted {
                return alpha;
            }
            if score >= beta {
                self.table.put(key, p.moves(), bounds.lower(score));
                return score;
            }
            if score > alpha {
                alpha = score;
            }
        }
        self.table.put(key, p.moves(), bounds.upper(alpha));
        alpha
    }

    /// The exact score of `p` (or only its sign when `weak`), by null-window searches that
    /// bisect the range of possible scores. `None` if the deadline passed first.
    pub(crate) fn solve<B: Bits>(&mut self, p: &Position<B>, weak: bool) -> Option<i32> {
        let cells = p.shape().cells() as i32;
        let moves = p.moves() as i32;
        if p.last_mover_won() {
            // The opponent's last stone completed a line.
            return Some(if weak { -1 } else { -(cells + 2 - moves) / 2 });
        }
        if p.is_full() {
            return Some(0);
        }
        if p.can_win_next() {
            return Some(if weak { 1 } else { (cells + 1 - moves) / 2 });
        }
        let (mut min, mut max) = if weak {
            (-1, 1)
        } else {
            (-(cells - moves) / 2, (cells + 1 - moves) / 2)
        };
        while min < max {
            // Bisect, but lean towards 0: small scores are far cheaper to prove.
            let mut med = min + (max - min) / 2;
            if med <= 0 && min / 2 < med {
                med = min / 2;
            } else if med >= 0 && max / 2 > med {
                med = max / 2;
            }
            let r = self.negamax(p, med, med + 1);
            if self.aborted {
                return None;
            }
            if r <= med {
                max = r;
            } else {
                min = r;
            }
        }
        Some(if weak { min.signum() } else { min })
    }
}
