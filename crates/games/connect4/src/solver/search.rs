//! The solver's negamax: alpha-beta on exact game-theoretic scores.
//!
//! Scores follow Pons' convention for the side to move: a win with the mover's `n`-th
//! stone counted from the end scores the stones still in hand plus one, a loss the negation,
//! a draw 0. So the bounds of a position follow from the number of moves played, which
//! lets the search narrow every window before looking at a single child.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use crate::bits::Bits;
use crate::board::Board;
use crate::position::{Position, Shape};

use super::split::{SplitLedger, Window};

/// Where the search takes a position's shape from: the position itself, or a constant for
/// the standard board (so its widths, heights and masks become immediates).
pub(crate) trait Geometry<B: Bits> {
    fn of(p: &Position<B>) -> Shape<B>;
}

/// The shape the position carries.
pub(crate) struct Dynamic;

impl<B: Bits> Geometry<B> for Dynamic {
    #[inline(always)]
    fn of(p: &Position<B>) -> Shape<B> {
        *p.shape()
    }
}

/// 7x6, four in a row, known at compile time.
pub(crate) struct Standard;

const STANDARD: Shape<u64> = Shape::standard();

impl Geometry<u64> for Standard {
    #[inline(always)]
    fn of(_: &Position<u64>) -> Shape<u64> {
        STANDARD
    }
}

use super::book::{Book, BookValue};
use super::near::{NearTable, NEAR_TABLE_BITS};
use super::parity::claimeven_bound;
use super::sorter::MoveSorter;
use super::table::TranspositionTable;

/// How often (in nodes) the clock is read when a deadline is set, on the standard board.
const CLOCK_EVERY: u64 = 1 << 14;

/// The same on every other board: a node there can cost far more (long lines on a
/// 256-bit board: microseconds), and a deadline must not be overrun by seconds.
const CLOCK_EVERY_OTHER_BOARDS: u64 = 1 << 8;

/// Positions with fewer moves than this share a table entry with their mirror image.
const SYMMETRY_PLIES: u32 = 14;

/// Enhanced transposition cut-offs are tried only with more than this many empty cells
/// (near the end the extra probes cost more than they save: each waits on main memory).
/// Measured on the empty 7x6 board, one thread (weak; strong): 12 → 227 M nodes, 22.5 s;
/// 313 M, 30.8 s. 16 → 245 M, 21.0 s; 338 M, 28.3 s. 18 → 255 M, 21.3 s; 351 M, 28.4 s.
const ETC_MIN_EMPTY: i32 = 16;

/// Positions with at most this many empty cells are searched without a table: their
/// subtrees are a handful of nodes, cheaper to search again than a probe and a store.
/// Measured with the near table (empty board, weak, one thread): 0 → 15.4 s, 4 → 15.1 s,
/// 6 → 15.4 s, 8 → 16.1 s.
const NO_TABLE_MAX_EMPTY: i32 = 4;

/// Positions with at most this many empty cells (and more than [`NO_TABLE_MAX_EMPTY`])
/// keep their bounds in the thread's own near table (see [`super::near`]) instead of the
/// shared one. Measured (empty board, weak, one thread, 2^17 near entries): 12 → 17.4 s,
/// 14 → 14.9 s, 15 → 14.5 s, 16 → 15.0 s; the shared table for all, 19.7 s.
const NEAR_MAX_EMPTY: i32 = 15;

/// Which table keeps the bounds of a position, by its number of empty cells.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Keeper {
    /// None: at most [`NO_TABLE_MAX_EMPTY`] empty cells.
    Nothing,
    /// The thread's own near table: at most [`NEAR_MAX_EMPTY`].
    Near,
    /// The shared table: more.
    Shared,
}

impl Keeper {
    #[inline]
    fn of(empty: i32) -> Self {
        if empty <= NO_TABLE_MAX_EMPTY {
            Keeper::Nothing
        } else if empty <= NEAR_MAX_EMPTY {
            Keeper::Near
        } else {
            Keeper::Shared
        }
    }
}

const _: () = assert!(
    ETC_MIN_EMPTY >= NEAR_MAX_EMPTY,
    "the cut-offs probe children in the shared table only"
);

/// Below this many nodes into a solve, enhanced transposition cut-offs are tried only at
/// nodes searched before (their own entry is in the table). On a first visit in a small
/// search the children's entries are rarely there, and probing them waits on a memory
/// load per node; in a long search transpositions are everywhere and the cut-offs pay.
/// Measured (mean time, one thread, quiet): `Test_L1_R1` 438 → 266 µs and `Test_L2_R1`
/// 45.5 → 37.6 µs (together with [`THREATS_ABOVE_PLAYABLE_MAX_EMPTY`]); cut-offs only at
/// revisited nodes throughout: the empty board 540 M → 775 M nodes, 53.8 → 65.8 s.
const ETC_ANYWHERE_AFTER_NODES: u64 = 1_000_000;

/// The ordering bonus of the column the table remembers as best (or refuting).
const TABLE_MOVE_BONUS: u32 = 1;

/// From this many moves on, the search checks whether each side can still complete a line
/// at all (earlier both always can, and the test would only cost time).
const CAN_STILL_WIN_FROM: i32 = 20;

/// From this many moves on, nodes with the first player to move try the claimeven bound
/// (before, the first player's share always holds a whole bottom row or more).
const CLAIMEVEN_FROM: i32 = 0;

/// The diversity code of the first helper thread (see [`Search::parallel`]): noise of at
/// most 1 at the first four close calls of every path. Measured on the empty 7x6 board with
/// two threads (strong solve, one thread 49.7 s): codes 11, 111, 1111, 11111, 1111111 and
/// 222 took 39.5, 35.0, 33.7, 33.8, 34.3 and 39.9 s; noise at every node of the helpers
/// (before) took longer than one thread alone. Again with the threads sharing the moves
/// near the root ([`SHARED_PLIES`]; one thread about 20 s): no noise 16.4 and 18.1 s, 11 →
/// 12.2 s, 111 → 11.5 and 11.6 s, 1111 → 11.6 and 11.6 s, 11111 → 11.6 s.
const HELPER_CODE: u32 = 1111;

/// In a parallel solve, the nodes less than this many plies below a probe's root share
/// their moves out between the threads (see [`super::split`]). Measured on the empty 7x6
/// board, strong, two threads, two rounds (one thread about 20 s): only the root (1) 11.6
/// and 12.3 s, 2 → 11.4 and 12.2 s, 3 → 11.1 and 11.8 s, 4 → 11.6 and 12.2 s; lazy SMP
/// with helpers taking the root's moves from the other end (before) 11.7 to 12.1 s.
/// Threads that skip a first move another thread has started (below the root) instead of
/// joining it: 13.0 to 14.0 s.
const SHARED_PLIES: u32 = 3;

/// Positions with more empty cells than this order moves by their threats alone.
/// Measured (mean nodes): with the playable term everywhere, `Test_L1_R1` 4,084 and the
/// first 50 of `Test_L1_R2` 1,118,043; with it only from here on, 3,214 and 1,128,663;
/// never, 3,196 and 1,208,876. The empty board: 540 M nodes everywhere, 545 M from here
/// on, 666 M never.
const THREATS_ABOVE_PLAYABLE_MAX_EMPTY: i32 = 26;

/// How promising dropping on `cell` is for the mover (higher first): twice the winning
/// cells it leaves them (Pons' ordering), plus, when `above_playable` is asked for, one
/// for each of those just above a playable cell, where the opponent may not play below
/// it. Measured on Pons' sets (mean nodes on the first 50 of `Test_L1_R2`): threats alone
/// 1,118,832; with this term 1,014,243. Rewarding threats the opponent must block at once,
/// or threats on the rows zugzwang favours, made it worse (1,201,497 and 1,016,312).
#[inline]
fn move_score<B: Bits>(
    shape: &Shape<B>,
    p: &Position<B>,
    cell: B,
    above_playable: bool,
    useless: B,
) -> u32 {
    let mask = p.mask() | cell;
    let threats = shape.completions(p.current() | cell) & (shape.board() ^ mask) & !useless;
    if !above_playable {
        return 2 * threats.count_ones();
    }
    let playable = (mask + shape.bottom()) & shape.board();
    2 * threats.count_ones() + (threats & (playable << 1)).count_ones()
}

/// Positions with fewer moves than this start their exact solve with the probe at 0.
/// Measured (mean nodes): on the 20 first lines of `Test_L1_R3` with at most 3 moves,
/// 83.2 M with Pons' probes, 78.6 M this way; but on Pons' early but easy sets, whose
/// scores are large, a first probe at 0 costs dearly (`Test_L1_R1`, where no line has
/// fewer than 4 moves: 3,641 nodes; 10,937 when applied below 9 moves).
const ZERO_FIRST_BELOW: i32 = 4;

/// One solving run: the table it fills, the nodes it counts and when it must give up.
pub(crate) struct Search<'t> {
    pub(crate) table: &'t TranspositionTable,
    pub(crate) nodes: u64,
    /// Columns in the order moves are tried on ties (centre first).
    order: [u32; crate::notation::MAX_WIDTH],
    width: usize,
    deadline: Option<Instant>,
    /// Set once the deadline has passed; every result from then on is meaningless and
    /// nothing more is stored.
    pub(crate) aborted: bool,
    next_clock_check: u64,
    /// Nodes between clock reads.
    clock_every: u64,
    /// Raised by whichever thread of a parallel solve finishes first.
    stop: Option<&'t AtomicBool>,
    /// Raised by the solver's caller to give up (see `Solver::set_interrupt`).
    interrupt: Option<&'t AtomicBool>,
    /// The diversity code the root of this thread's searches starts with (see
    /// [`Search::parallel`]): 0 in the main thread, which orders moves as if alone.
    root_code: u32,
    /// The stones on the board where the present probe started.
    root_moves: u32,
    /// The present probe's window.
    probe: Window,
    /// In a parallel solve, where the threads share out the moves near the root.
    split: Option<&'t SplitLedger>,
    /// The table keys of the children this thread is inside at the shared nodes of its
    /// path, outermost first: `working_on[..working_depth]`.
    working_on: [u64; SHARED_PLIES as usize],
    working_depth: usize,
    /// The last value of `split`'s change counter this thread looked at.
    seen_epoch: u64,
    /// Whether `aborted` was raised because another thread settled a move this thread is
    /// inside, or its probe (and not by the deadline or the stop flag).
    preempted: bool,
    /// Mixed into the ordering noise, so helpers differ from each other.
    salt: u64,
    /// An opening book for positions of this shape, and the depths of its layers (bit d
    /// for d stones; 0 without a book).
    book: Option<&'t Book>,
    book_depths: u64,
    /// This thread's table for positions near the end (see [`NEAR_MAX_EMPTY`]).
    near: NearTable,
}

/// Encodes table values: upper bounds in `1..=span`, lower bounds above, up to `2·span`.
/// That fits the entry's byte for boards of up to about 130 cells; on larger ones (up to
/// 252) it would not, so there nothing is stored (every value encodes as 0, "empty") and
/// the search runs without the table rather than on wrapped, wrong bounds.
#[derive(Clone, Copy)]
pub(crate) struct Bounds {
    min_score: i32,
    max_score: i32,
    /// Whether every encoded value fits in a byte.
    fits: bool,
}

impl Bounds {
    pub(crate) fn new(cells: u32) -> Self {
        let cells = cells as i32;
        let (min_score, max_score) = (-cells / 2 + 3, (cells + 1) / 2 - 3);
        Bounds {
            min_score,
            max_score,
            fits: 2 * (max_score - min_score) + 2 <= u8::MAX as i32,
        }
    }
    #[inline]
    fn upper(self, score: i32) -> u8 {
        if !self.fits {
            return 0;
        }
        (score - self.min_score + 1) as u8
    }
    #[inline]
    fn lower(self, score: i32) -> u8 {
        if !self.fits {
            return 0;
        }
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
        table: &'t TranspositionTable,
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
            clock_every: CLOCK_EVERY,
            stop: None,
            interrupt: None,
            root_code: 0,
            root_moves: u32::MAX,
            probe: (0, 0),
            split: None,
            working_on: [0; SHARED_PLIES as usize],
            working_depth: 0,
            seen_epoch: 0,
            preempted: false,
            salt: 0,
            book: None,
            book_depths: 0,
            near: NearTable::new(NEAR_TABLE_BITS),
        }
    }

    /// Takes the value of every position of one of `book`'s depths from `book`, which the
    /// caller has checked is for this board.
    pub(crate) fn with_book(mut self, book: Option<&'t Book>) -> Self {
        self.book = book;
        self.book_depths = book.map_or(0, Book::depth_bits);
        self
    }

    /// Makes this search give up, as at its deadline, once `interrupt` is set.
    pub(crate) fn interrupted_by(mut self, interrupt: Option<&'t AtomicBool>) -> Self {
        self.interrupt = interrupt;
        self
    }

    /// Makes this search one thread of a parallel solve: it gives up when `stop` is
    /// raised, shares the moves near each probe's root with the other threads through
    /// `split` (see [`super::split`]), and helper `thread`s (1, 2 …) reorder moves
    /// at the first few nodes of every path where the order was a close call.
    ///
    /// Why so little: a helper helps by proving, a little ahead of the main thread, the
    /// subtrees the main thread will need next, and leaving the proofs in the shared
    /// table. Noise everywhere makes its whole tree worse ordered than the main thread's,
    /// so its proofs come late; noise only where the order was a toss-up costs nothing
    /// and still sends it elsewhere first (Christophe Steininger's solver does the same).
    ///
    /// The code's decimal digits, lowest first, are the noise of the successive close
    /// calls on a path: a node where two candidates' ordering scores are within its digit
    /// of each other spends the digit (its children get the code divided by ten); any
    /// other node passes the code on whole.
    pub(crate) fn parallel(
        mut self,
        stop: &'t AtomicBool,
        split: &'t SplitLedger,
        thread: u64,
    ) -> Self {
        self.stop = Some(stop);
        self.split = Some(split);
        self.root_code = match thread {
            0 => 0,
            t => HELPER_CODE * t.min(9) as u32,
        };
        self.salt = ply_core::hash::splitmix64(thread).1;
        self
    }

    /// Noise in `0..=digit` for column `col` of the position keyed `key`: the same on every
    /// visit, so a helper's transpositions stay consistent.
    #[inline]
    fn noise(&self, key: u64, col: u32, digit: u32) -> u32 {
        let (_, mixed) = ply_core::hash::splitmix64(key ^ self.salt ^ u64::from(col) << 58);
        (mixed % u64::from(digit + 1)) as u32
    }

    /// Whether this search must give up; looks at the clock, the stop flag and the other
    /// threads' records only every `clock_every` nodes.
    #[inline]
    fn out_of_time(&mut self) -> bool {
        if self.nodes >= self.next_clock_check {
            self.check_clock();
        }
        self.aborted
    }

    /// The rare part of [`Search::out_of_time`], kept out of line so the search loop
    /// stays small.
    #[cold]
    #[inline(never)]
    fn check_clock(&mut self) {
        self.next_clock_check = self.nodes + self.clock_every;
        if let Some(deadline) = self.deadline {
            if Instant::now() >= deadline {
                self.aborted = true;
            }
        }
        let raised = |flag: Option<&AtomicBool>| flag.is_some_and(|f| f.load(Ordering::Relaxed));
        if raised(self.stop) || raised(self.interrupt) {
            self.aborted = true;
        }
        if let Some(split) = self.split {
            let epoch = split.epoch();
            if epoch != self.seen_epoch {
                self.seen_epoch = epoch;
                if !self.aborted
                    && split.settles(self.probe, &self.working_on[..self.working_depth])
                {
                    self.aborted = true;
                    self.preempted = true;
                }
            }
        }
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
    /// `code` is the thread's diversity code (see [`Search::parallel`]; 0 in the main
    /// thread).
    pub(crate) fn negamax<B: Bits, G: Geometry<B>>(
        &mut self,
        p: &Position<B>,
        mut alpha: i32,
        mut beta: i32,
        code: u32,
    ) -> i32 {
        let shape = G::of(p);
        debug_assert!(alpha < beta);
        debug_assert!(!p.can_win_next());
        self.nodes += 1;
        if self.out_of_time() {
            return alpha;
        }
        let cells = shape.cells() as i32;
        let moves = p.moves() as i32;
        if self
            .book_depths
            .checked_shr(moves as u32)
            .is_some_and(|d| d & 1 != 0)
        {
            match self.book.and_then(|book| book.value(p)) {
                Some(BookValue::Exact(score)) => return score,
                // Only the outcome: a draw is exact; a win or loss bounds the score by ±1,
                // which answers every window that only asks who wins.
                Some(BookValue::Outcome(0)) => return 0,
                Some(BookValue::Outcome(outcome)) if outcome > 0 => {
                    if beta <= 1 {
                        return 1;
                    }
                    alpha = alpha.max(1);
                }
                Some(BookValue::Outcome(_)) => {
                    if alpha >= -1 {
                        return -1;
                    }
                    beta = beta.min(-1);
                }
                None => {}
            }
        }

        let next = p.non_losing_cells_in(&shape);
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
        // Late in the game a side may have no line left to complete even with every empty
        // cell: it can no longer win, so the score is at most (at least) a draw.
        if moves >= CAN_STILL_WIN_FROM {
            let empty = shape.board() ^ p.mask();
            if beta > 0 && !shape.has_line(p.current() | empty) {
                beta = 0;
                if alpha >= beta {
                    return beta;
                }
            }
            if alpha < 0 && !shape.has_line(p.opponent() | empty) {
                alpha = 0;
                if alpha >= beta {
                    return alpha;
                }
            }
        }

        // With the first player to move on an even-height board, the second may be able to
        // hold every line of the first by answering in the same column (claimeven).
        if moves >= CLAIMEVEN_FROM && moves % 2 == 0 && shape.height() % 2 == 0 && beta > -1 {
            if let Some(bound) = claimeven_bound(&shape, p) {
                if beta > bound {
                    beta = bound;
                    if alpha >= beta {
                        return beta;
                    }
                }
            }
        }

        // A forced move (one block, or one column that does not lose at once) needs no
        // table entry of its own: its child's entry serves, and the probe would be one more
        // cache miss.
        if (next & (next - B::ONE)).is_empty() {
            let mut child = *p;
            child.play_cell(next);
            return -self.negamax::<B, G>(&child, -beta, -alpha, code);
        }

        let bounds = Bounds::new(shape.cells());
        let key = self.table_key(p);
        let empty = cells - moves;
        let hit = match Keeper::of(empty) {
            Keeper::Nothing => Default::default(),
            Keeper::Near => self.near.get(key),
            Keeper::Shared => self.table.get(key),
        };
        if hit.bound != 0 {
            match bounds.decode(hit.bound) {
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
        // The table's best column is stored for the position as keyed: mirror it back when
        // the key came from the mirror image.
        let table_move = hit.best.map(|col| self.as_keyed(p, col));

        // Score the moves, and ask for every child's table line first: the probes' cache
        // misses then overlap each other and the scoring instead of coming one by one.
        let mut sorter = MoveSorter::new();
        let above_playable = cells - moves <= THREATS_ABOVE_PLAYABLE_MAX_EMPTY;
        // Cells just above an opponent's threat: a threat there can never be played (the
        // cell below it is the opponent's win), so it earns no ordering credit. Measured
        // (mean nodes): Test_L1_R3's first 20, 14.96 M -> 13.43 M; Test_L1_R2's first 100,
        // 856 k -> 797 k; the empty board, strong 344 M -> 313 M, weak 249 M -> 227 M.
        let useless = (shape.completions(p.opponent()) & (shape.board() ^ p.mask())) << 1;
        let mut child_keys = [0u64; crate::notation::MAX_WIDTH];
        // Helpers only: the unperturbed scores, to tell whether the noise could reorder.
        let digit = code % 10;
        let mut scores = [0u32; crate::notation::MAX_WIDTH];
        let mut count = 0;
        for i in (0..self.width).rev() {
            let col = self.order[i];
            let cell = next & shape.column(col);
            if !cell.is_empty() {
                let mut child = *p;
                child.play_cell(cell);
                let child_key = self.table_key(&child);
                match Keeper::of(empty - 1) {
                    Keeper::Nothing => {}
                    Keeper::Near => self.near.prefetch(child_key),
                    Keeper::Shared => self.table.prefetch(child_key),
                }
                child_keys[col as usize] = child_key;
                let bonus = if table_move == Some(col) {
                    TABLE_MOVE_BONUS
                } else {
                    0
                };
                let score = move_score(&shape, p, cell, above_playable, useless) + bonus;
                if digit != 0 {
                    scores[count] = score;
                    count += 1;
                    sorter.add(cell, score + self.noise(key, col, digit));
                } else {
                    sorter.add(cell, score);
                }
            }
        }

        // Enhanced transposition cut-off: a child whose stored upper bound already puts
        // this node at or above beta ends the search before any child is searched.
        if moves < cells - ETC_MIN_EMPTY
            && (hit.bound != 0 || self.nodes > ETC_ANYWHERE_AFTER_NODES)
        {
            for i in 0..self.width {
                let col = self.order[i];
                if (next & shape.column(col)).is_empty() {
                    continue;
                }
                let stored = self.table.get(child_keys[col as usize]).bound;
                if stored != 0 {
                    if let Err(upper) = bounds.decode(stored) {
                        if -upper >= beta {
                            self.store(p, key, bounds.lower(-upper), Some(col));
                            return -upper;
                        }
                    }
                }
            }
        }

        let close_call = digit != 0
            && (0..count).any(|i| (i + 1..count).any(|j| scores[i].abs_diff(scores[j]) <= digit));
        let child_code = if close_call { code / 10 } else { code };

        if let Some(split) = self.split {
            if p.moves() < self.root_moves + SHARED_PLIES {
                return self.search_shared::<B, G>(
                    split,
                    p,
                    sorter,
                    (alpha, beta),
                    table_move,
                    child_code,
                );
            }
        }

        let mut best = None;
        while let Some(cell) = sorter.pop() {
            let mut child = *p;
            child.play_cell(cell);
            let score = -self.negamax::<B, G>(&child, -beta, -alpha, child_code);
            if self.aborted {
                return alpha;
            }
            if score >= beta {
                let col = shape.column_of(cell);
                self.store(p, key, bounds.lower(score), Some(col));
                return score;
            }
            if score > alpha {
                alpha = score;
                best = Some(shape.column_of(cell));
            }
        }
        // Every move failed low: keep the column the table already suggested, if any.
        self.store(p, key, bounds.upper(alpha), best.or(table_move));
        alpha
    }

    /// The child loop of [`Search::negamax`] at a shared node of a parallel solve (fewer
    /// than [`SHARED_PLIES`] below the probe's root): the first move with every thread,
    /// then the moves no thread has started, then the rest (see [`super::split`]).
    #[inline(never)]
    fn search_shared<B: Bits, G: Geometry<B>>(
        &mut self,
        split: &SplitLedger,
        p: &Position<B>,
        mut sorter: MoveSorter<B>,
        (mut alpha, beta): Window,
        table_move: Option<u32>,
        child_code: u32,
    ) -> i32 {
        let shape = G::of(p);
        let bounds = Bounds::new(shape.cells());
        let key = self.table_key(p);
        let probe = self.probe;
        let mut moves = [B::ZERO; crate::notation::MAX_WIDTH];
        let mut children = [0u64; crate::notation::MAX_WIDTH];
        let mut count = 0;
        while let Some(cell) = sorter.pop() {
            let mut child = *p;
            child.play_cell(cell);
            moves[count] = cell;
            children[count] = self.table_key(&child);
            count += 1;
        }
        let mut done = [false; crate::notation::MAX_WIDTH];
        let mut best = None;
        for turn in 0..count {
            // The first move with every thread (most nodes are settled by it); then the
            // first move no thread has started; failing that, one under way.
            let next = if turn == 0 {
                Some(0)
            } else {
                (0..count)
                    .find(|&i| !done[i] && !split.is_started(probe, children[i]))
                    .or_else(|| (0..count).find(|&i| !done[i]))
            };
            let Some(i) = next else { break };
            done[i] = true;
            let score = match split.claim(probe, children[i]) {
                Some(score) => score,
                None => {
                    let mut child = *p;
                    child.play_cell(moves[i]);
                    self.working_on[self.working_depth] = children[i];
                    self.working_depth += 1;
                    let score = -self.negamax::<B, G>(&child, -beta, -alpha, child_code);
                    self.working_depth -= 1;
                    if self.aborted {
                        if !self.preempted {
                            return alpha;
                        }
                        match split.move_score(probe, children[i]) {
                            Some(score) => {
                                self.aborted = false;
                                self.preempted = false;
                                score
                            }
                            // A move further up, or the whole probe, was settled: the
                            // shared node (or the probe) it belongs to takes the score.
                            None => return alpha,
                        }
                    } else {
                        split.settle_move(probe, children[i], score);
                        score
                    }
                }
            };
            let col = shape.column_of(moves[i]);
            if score >= beta {
                self.store(p, key, bounds.lower(score), Some(col));
                return score;
            }
            if score > alpha {
                alpha = score;
                best = Some(col);
            }
        }
        self.store(p, key, bounds.upper(alpha), best.or(table_move));
        alpha
    }

    /// Runs one probe of `window` at `p`'s root: the score, or a bound on it, as
    /// [`Search::negamax`] returns it; `None` if the deadline passed or the solve was
    /// stopped. In a parallel solve the probe's score is recorded for the other threads,
    /// and taken from them when one of them settled it first.
    fn probe<B: Bits, G: Geometry<B>>(&mut self, p: &Position<B>, window: Window) -> Option<i32> {
        self.root_moves = p.moves();
        self.probe = window;
        let score = self.negamax::<B, G>(p, window.0, window.1, self.root_code);
        if self.aborted {
            let settled = self
                .split
                .filter(|_| self.preempted)
                .and_then(|split| split.probe_score(window))?;
            self.aborted = false;
            self.preempted = false;
            return Some(settled);
        }
        if let Some(split) = self.split {
            split.settle_probe(window, score);
        }
        Some(score)
    }

    /// Column `col` of `p` as seen from `p`'s table key: mirrored when the key is the
    /// mirror image's (the mapping is its own inverse, so it also maps back).
    #[inline]
    fn as_keyed<B: Bits>(&self, p: &Position<B>, col: u32) -> u32 {
        if p.moves() < SYMMETRY_PLIES && p.mirrored_key() < p.key() {
            self.width as u32 - 1 - col
        } else {
            col
        }
    }

    /// Stores a bound for `p` under `key` with its best column (mirrored like the key), in
    /// the table its number of empty cells calls for.
    #[inline]
    fn store<B: Bits>(&mut self, p: &Position<B>, key: u64, bound: u8, best: Option<u32>) {
        if bound == 0 && !Bounds::new(p.shape().cells()).fits {
            // Nothing to store: the board is too large for the encoding (see `Bounds`).
            return;
        }
        let keeper = Keeper::of((p.shape().cells() - p.moves()) as i32);
        let best = best.map(|col| self.as_keyed(p, col));
        match keeper {
            Keeper::Nothing => {}
            Keeper::Near => self.near.put(key, bound, best),
            Keeper::Shared => self.table.put(key, p.moves(), bound, best),
        }
    }

    /// The exact score of `p` when no search is needed: the game is over (the opponent's
    /// last stone completed a line, or the board is full) or the mover wins at once.
    fn settled_score<B: Bits>(p: &Position<B>) -> Option<i32> {
        let cells = p.shape().cells() as i32;
        let moves = p.moves() as i32;
        if p.last_mover_won() {
            Some(-(cells + 2 - moves) / 2)
        } else if p.is_full() {
            Some(0)
        } else if p.can_win_next() {
            Some((cells + 1 - moves) / 2)
        } else {
            None
        }
    }

    /// Whether the exact score of `p` is at most `bound`, by one null-window search. `None`
    /// if the deadline passed first.
    pub(crate) fn at_most<B: Bits, G: Geometry<B>>(
        &mut self,
        p: &Position<B>,
        bound: i32,
    ) -> Option<bool> {
        let score = match Self::settled_score(p) {
            Some(score) => score,
            None => self.probe::<B, G>(p, (bound, bound + 1))?,
        };
        Some(score <= bound)
    }

    /// The exact score of `p` (or only its sign when `weak`), by null-window searches that
    /// bisect the range of possible scores. `None` if the deadline passed first. A `guess`
    /// of the score (a sibling's, in an analysis) places the first probes: one on the
    /// guess, then one on the bound it gave, which together prove a right guess.
    pub(crate) fn solve<B: Bits, G: Geometry<B>>(
        &mut self,
        p: &Position<B>,
        weak: bool,
        guess: Option<i32>,
    ) -> Option<i32> {
        if let Some(score) = Self::settled_score(p) {
            return Some(if weak { score.signum() } else { score });
        }
        let cells = p.shape().cells() as i32;
        let moves = p.moves() as i32;
        let (mut min, mut max) = if weak {
            (-1, 1)
        } else {
            (-(cells - moves) / 2, (cells + 1 - moves) / 2)
        };
        // Near the start, where scores are small and every probe near them is a long
        // proof, first ask only who wins (window 0, 1), then walk outwards from there in
        // doubling steps (a score of 1 takes two probes); elsewhere bisect, leaning as
        // Pons' solver does (far probes are cheap: a window far from the score is refuted
        // quickly).
        let gallop = moves < ZERO_FIRST_BELOW;
        let mut step = 1;
        let mut first = true;
        if let Some(guess) = guess.filter(|&g| min <= g && g < max) {
            let r = self.probe::<B, G>(p, (guess, guess + 1))?;
            let low = r <= guess;
            if low {
                max = r;
            } else {
                min = r;
            }
            // Then whether the score is the bound the guess gave.
            if min < max {
                let med = if low { max - 1 } else { min };
                let r = self.probe::<B, G>(p, (med, med + 1))?;
                if r <= med {
                    max = r;
                } else {
                    min = r;
                }
            }
            first = false;
        }
        while min < max {
            let mut med = min + (max - min) / 2;
            if gallop && first && min < 0 && max > 0 {
                med = 0;
            } else if gallop && min >= 0 && min + step - 1 < max {
                med = min + step - 1;
                step *= 2;
            } else if gallop && max <= 0 && max - step >= min {
                med = max - step;
                step *= 2;
            } else if med <= 0 && min / 2 < med {
                med = min / 2;
            } else if med >= 0 && max / 2 > med {
                med = max / 2;
            }
            first = false;
            let r = self.probe::<B, G>(p, (med, med + 1))?;
            if r <= med {
                max = r;
            } else {
                min = r;
            }
        }
        Some(if weak { min.signum() } else { min })
    }

    /// Reads the clock more often on boards other than the standard one.
    fn clock_for(&mut self, board: &Board) {
        if !matches!(board, Board::Narrow(p) if *p.shape() == STANDARD) {
            self.clock_every = CLOCK_EVERY_OTHER_BOARDS;
            self.next_clock_check = self.next_clock_check.min(self.nodes + self.clock_every);
        }
    }

    /// [`Search::solve`] on any board, the standard one with its shape as a constant.
    pub(crate) fn solve_board(
        &mut self,
        board: &Board,
        weak: bool,
        guess: Option<i32>,
    ) -> Option<i32> {
        self.clock_for(board);
        match board {
            Board::Narrow(p) if *p.shape() == STANDARD => {
                self.solve::<u64, Standard>(p, weak, guess)
            }
            Board::Narrow(p) => self.solve::<u64, Dynamic>(p, weak, guess),
            Board::Wide(p) => self.solve::<u128, Dynamic>(p, weak, guess),
            Board::Huge(p) => self.solve::<_, Dynamic>(p, weak, guess),
        }
    }

    /// [`Search::at_most`] on any board.
    pub(crate) fn at_most_board(&mut self, board: &Board, bound: i32) -> Option<bool> {
        self.clock_for(board);
        match board {
            Board::Narrow(p) if *p.shape() == STANDARD => self.at_most::<u64, Standard>(p, bound),
            Board::Narrow(p) => self.at_most::<u64, Dynamic>(p, bound),
            Board::Wide(p) => self.at_most::<u128, Dynamic>(p, bound),
            Board::Huge(p) => self.at_most::<_, Dynamic>(p, bound),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// On boards of more than about 130 cells the encoded bounds wrapped around the byte
    /// and came back as other, wrong bounds.
    #[test]
    fn stored_bounds_decode_to_themselves_or_are_not_stored() {
        for cells in 1..=252 {
            let b = Bounds::new(cells);
            for score in b.min_score..=b.max_score {
                let (upper, lower) = (b.upper(score), b.lower(score));
                if upper != 0 {
                    assert_eq!(b.decode(upper), Err(score), "{cells} cells, upper {score}");
                }
                if lower != 0 {
                    assert_eq!(b.decode(lower), Ok(score), "{cells} cells, lower {score}");
                }
                assert_eq!(upper == 0, lower == 0);
            }
            // max − min = cells − 6, and 2·(cells − 6) + 2 ≤ 255.
            assert_eq!(b.fits, cells <= 132, "{cells}");
        }
        assert!(Bounds::new(120).fits && Bounds::new(7 * 6).fits);
        assert!(!Bounds::new(252).fits);
    }
}
