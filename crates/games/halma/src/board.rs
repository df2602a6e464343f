//! The game state: pegs, turn, finish order, and the `Game` rules on top of them.

use ply_core::{Game, GameError, Player, Scores, ZobristHash};

use crate::ccerl::CcerlEnd;
use crate::geometry::{bit, cells_of, Board, BoardKind, Cell, CellSet};
use crate::layout::{Layout, Seat};
use crate::movegen::HalmaMove;
use crate::settings::{HalmaSettings, RuleSet};

/// No peg on a cell.
const EMPTY: u8 = u8::MAX;
/// Marks a player who has not finished / not dropped out.
pub(crate) const NEVER: u32 = u32::MAX;
/// Most cells on any board.
const MAX_CELLS: usize = 121;

/// Player letters, seat 0 first.
pub const LETTERS: [char; 6] = ['A', 'B', 'C', 'D', 'E', 'F'];

/// A halma position on one of the three boards, with 2 to 6 players.
///
/// `Clone` copies a few hundred bytes and, but for CCERL's position history, never
/// allocates; board tables are shared statics. The state keeps, besides the pegs, the ply at
/// which each player finished or dropped out, so that `undo` needs nothing but the move.
#[derive(Clone)]
pub struct Halma {
    layout: &'static Layout,
    settings: HalmaSettings,
    /// `owner[c]`: the seat whose peg stands on cell c, or `EMPTY`.
    owner: [u8; MAX_CELLS],
    /// `pegs[p]`: the cells of seat p's pegs.
    pegs: [CellSet; 6],
    occupied: CellSet,
    to_move: u8,
    ply: u32,
    /// The ply after which a seat had every peg home, or `NEVER`.
    finished_at: [u32; 6],
    /// The ply after which a seat was found without a legal move, or `NEVER`.
    dropped_at: [u32; 6],
    over: bool,
    hash: u64,
    /// CCERL: the repetition key ([`Halma::repetition_key`]) of the position before each
    /// move played since the state was made or read, for the threefold-repetition rule;
    /// `undo` pops it. Empty under the other rules. Not part of equality nor of the position
    /// text (as a chess FEN leaves out the game's history).
    history: Vec<u64>,
    /// CCERL: which end condition ended the game.
    ccerl_end: Option<CcerlEnd>,
}

impl PartialEq for Halma {
    fn eq(&self, other: &Self) -> bool {
        std::ptr::eq(self.layout, other.layout)
            && self.settings == other.settings
            && self.pegs == other.pegs
            && self.to_move == other.to_move
            && self.ply == other.ply
            && self.finished_at == other.finished_at
            && self.dropped_at == other.dropped_at
            && self.over == other.over
            && self.ccerl_end == other.ccerl_end
    }
}

impl std::fmt::Debug for Halma {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "Halma({} {}p {})",
            self.kind(),
            self.num_players(),
            self.to_text()
        )
    }
}

// Zobrist keys: one per (seat, cell), one per seat to move, and per-ply / per-event keys
// mixed on the fly (the ply is part of the state because the move limit depends on it).
const PEG_KEYS_SEED: u64 = 0x4841_4C4D_4100_0001;
static PEG_KEYS: [u64; 6 * MAX_CELLS] = ply_core::zobrist_keys(PEG_KEYS_SEED);
static TURN_KEYS: [u64; 6] = ply_core::zobrist_keys(0x4841_4C4D_4100_0002);

fn ply_key(ply: u32) -> u64 {
    ply_core::hash::splitmix64(0x504C_5900_0000_0000 ^ ply as u64).1
}

fn event_key(seat: usize, dropped: bool, ply: u32) -> u64 {
    let tag = ((seat as u64) << 33) | ((dropped as u64) << 32) | ply as u64;
    ply_core::hash::splitmix64(0x4556_4E54_0000_0000 ^ tag).1
}

fn peg_key(seat: usize, cell: Cell) -> u64 {
    PEG_KEYS[seat * MAX_CELLS + cell as usize]
}

impl Halma {
    /// The start position of `board` with `players` players, the board's own rule set
    /// (classic on the 121-hole star, FAUhalma on the others) and the default settings.
    pub fn new(board: BoardKind, players: usize) -> Result<Halma, GameError> {
        Halma::with_settings(board, players, HalmaSettings::for_board(board))
    }

    /// The start position with explicit rule settings.
    pub fn with_settings(
        board: BoardKind,
        players: usize,
        settings: HalmaSettings,
    ) -> Result<Halma, GameError> {
        if !board.allowed_players().contains(&players) {
            let allowed: Vec<String> = board
                .allowed_players()
                .iter()
                .map(|p| p.to_string())
                .collect();
            let (last, rest) = allowed.split_last().expect("every board seats someone");
            let listed = if rest.is_empty() {
                last.clone()
            } else {
                format!("{} or {last}", rest.join(", "))
            };
            return Err(GameError::setting(
                "players",
                players,
                format!("the {board} board seats {listed} players"),
            ));
        }
        let rules = settings.rules;
        if rules.fixed_board().is_some_and(|b| b != board)
            || rules.fixed_players().is_some_and(|n| n != players)
        {
            return Err(GameError::setting(
                "rules",
                rules,
                format!(
                    "the {rules} rules are played on the {} board by {} players, not on the {board} board by {players}",
                    rules.fixed_board().unwrap_or(board),
                    rules.fixed_players().unwrap_or(players)
                ),
            ));
        }
        if rules == RuleSet::Ccerl && settings.first_player != 0 {
            return Err(GameError::setting(
                "first-seat",
                LETTERS.get(settings.first_player).copied().unwrap_or('?'),
                "under the ccerl rules seat A (player 0) moves first",
            ));
        }
        if settings.first_player >= players {
            let named = LETTERS
                .get(settings.first_player)
                .map_or(settings.first_player.to_string(), char::to_string);
            return Err(GameError::setting(
                "first-seat",
                named,
                format!(
                    "a {players}-player game has seats A to {}",
                    LETTERS[players - 1]
                ),
            ));
        }
        if settings.max_plies == 0 {
            return Err(GameError::setting(
                "move-limit",
                0,
                "a game needs at least one ply",
            ));
        }
        let layout = Layout::get(board, players);
        let pegs: Vec<CellSet> = layout.seats.iter().map(|s| s.start).collect();
        Ok(Halma::from_parts(
            layout,
            settings,
            &pegs,
            settings.first_player,
            0,
        ))
    }

    /// A settled state from pegs, the seat to move and the ply count; players with every peg
    /// home count as finished at `ply`.
    pub(crate) fn from_parts(
        layout: &'static Layout,
        settings: HalmaSettings,
        pegs: &[CellSet],
        to_move: Player,
        ply: u32,
    ) -> Halma {
        let mut state = Halma {
            layout,
            settings,
            owner: [EMPTY; MAX_CELLS],
            pegs: [0; 6],
            occupied: 0,
            to_move: to_move as u8,
            ply,
            finished_at: [NEVER; 6],
            dropped_at: [NEVER; 6],
            over: false,
            hash: 0,
            history: Vec::new(),
            ccerl_end: None,
        };
        for (seat, &set) in pegs.iter().enumerate() {
            state.pegs[seat] = set;
            state.occupied |= set;
            for cell in cells_of(set) {
                state.owner[cell as usize] = seat as u8;
            }
            if set & !layout.seats[seat].home == 0 {
                state.finished_at[seat] = ply;
            }
        }
        state.settle(to_move);
        state.hash = state.zobrist_from_scratch();
        state
    }

    /// Sets the finish and drop-out plies directly (reading a full text position); the state
    /// is settled again afterwards.
    pub(crate) fn with_events(
        mut self,
        finished_at: [u32; 6],
        dropped_at: [u32; 6],
        to_move: Player,
    ) -> Halma {
        self.finished_at = finished_at;
        self.dropped_at = dropped_at;
        self.over = false;
        self.to_move = to_move as u8;
        self.settle(to_move);
        self.hash = self.zobrist_from_scratch();
        self
    }

    pub fn kind(&self) -> BoardKind {
        self.layout.kind
    }

    pub fn board(&self) -> &'static Board {
        self.layout.kind.board()
    }

    pub fn layout(&self) -> &'static Layout {
        self.layout
    }

    pub fn settings(&self) -> &HalmaSettings {
        &self.settings
    }

    pub fn seat(&self, player: Player) -> &'static Seat {
        &self.layout.seats[player]
    }

    /// The cells of `player`'s pegs.
    pub fn pegs(&self, player: Player) -> CellSet {
        self.pegs[player]
    }

    /// Every occupied cell.
    pub fn occupied(&self) -> CellSet {
        self.occupied
    }

    /// Whose peg stands on `cell`.
    pub fn owner(&self, cell: Cell) -> Option<Player> {
        let o = self.owner[cell as usize];
        (o != EMPTY).then_some(o as Player)
    }

    /// Plies played (counted from the position the state was created from).
    pub fn ply(&self) -> u32 {
        self.ply
    }

    /// How many of `player`'s pegs are home.
    pub fn pegs_home(&self, player: Player) -> u32 {
        (self.pegs[player] & self.seat(player).home).count_ones()
    }

    /// Whether `player` has every peg home.
    pub fn has_finished(&self, player: Player) -> bool {
        self.finished_at[player] != NEVER
    }

    /// Whether `player` dropped out for want of a legal move.
    pub fn has_dropped_out(&self, player: Player) -> bool {
        self.dropped_at[player] != NEVER
    }

    /// Whether `player` still takes turns.
    pub fn is_active(&self, player: Player) -> bool {
        !self.has_finished(player) && !self.has_dropped_out(player)
    }

    pub(crate) fn finished_at(&self) -> [u32; 6] {
        self.finished_at
    }

    pub(crate) fn dropped_at(&self) -> [u32; 6] {
        self.dropped_at
    }

    fn active_count(&self) -> usize {
        (0..self.num_players())
            .filter(|&p| self.is_active(p))
            .count()
    }

    /// Gives the turn to `candidate` or the first active seat after it that can move, and
    /// ends the game when its rule set says it is over.
    fn settle(&mut self, candidate: Player) {
        match self.settings.rules {
            RuleSet::FauHalma => self.settle_fauhalma(candidate),
            RuleSet::Classic => self.settle_classic(candidate),
            RuleSet::Ccerl => self.settle_ccerl(candidate),
        }
    }

    /// CCERL: the turn always passes to the other player; the end conditions are checked in
    /// their order ([`crate::ccerl::end_of`]).
    fn settle_ccerl(&mut self, candidate: Player) {
        self.set_turn(candidate);
        self.ccerl_end = crate::ccerl::end_of(self);
        self.over = self.ccerl_end.is_some();
    }

    /// Why a CCERL game ended (`None` while it goes on, and under the other rules).
    pub fn ccerl_end(&self) -> Option<CcerlEnd> {
        self.ccerl_end
    }

    /// The same position with `earlier` as the repetition keys of the positions played
    /// before it, oldest first (CCERL; a protocol that is sent positions one by one can so
    /// tell the rules what came before). The game may then be over by repetition.
    pub fn with_history(mut self, earlier: Vec<u64>) -> Halma {
        if self.settings.rules == RuleSet::Ccerl && !self.over {
            self.history = earlier;
            self.settle_ccerl(self.to_move());
        }
        self
    }

    /// Marks the game drawn by repetition (reading a position text that says so).
    pub(crate) fn drawn_by_repetition(mut self) -> Halma {
        self.ccerl_end = Some(CcerlEnd::Repetition);
        self.over = true;
        self
    }

    /// The position without its ply count: the pegs and the player to move (what the
    /// repetition rule compares).
    pub fn repetition_key(&self) -> u64 {
        self.hash ^ ply_key(self.ply)
    }

    /// How often the current position has occurred since the state was made or read, this
    /// time included (CCERL; always 1 under the other rules, which keep no history).
    pub fn occurrences(&self) -> usize {
        let key = self.repetition_key();
        // The entries alternate between the two players to move; only every second one,
        // starting two plies back, can equal the current position.
        1 + self
            .history
            .iter()
            .rev()
            .skip(1)
            .step_by(2)
            .filter(|&&k| k == key)
            .count()
    }

    /// FAUhalma: seats found without a move drop out; the game ends when at most one player
    /// is left or the move limit is reached.
    fn settle_fauhalma(&mut self, mut candidate: Player) {
        let n = self.num_players();
        loop {
            if self.active_count() <= 1 || self.ply >= self.settings.max_plies {
                self.over = true;
                return;
            }
            if self.is_active(candidate) {
                if self.has_any_move(candidate) {
                    self.set_turn(candidate);
                    return;
                }
                self.dropped_at[candidate] = self.ply;
                self.hash ^= event_key(candidate, true, self.ply);
            }
            candidate = (candidate + 1) % n;
        }
    }

    /// Classic: the first player home ends the game, as does the move limit; a seat without
    /// a move passes (its turn goes on to the next seat, and no ply is counted), and a
    /// position where nobody can move ends the game as a draw.
    fn settle_classic(&mut self, mut candidate: Player) {
        let n = self.num_players();
        let someone_home = (0..n).any(|p| self.has_finished(p));
        if someone_home || self.ply >= self.settings.max_plies {
            self.over = true;
            return;
        }
        for _ in 0..n {
            if self.is_active(candidate) && self.has_any_move(candidate) {
                self.set_turn(candidate);
                return;
            }
            candidate = (candidate + 1) % n;
        }
        self.over = true;
    }

    fn put(&mut self, seat: usize, cell: Cell) {
        self.owner[cell as usize] = seat as u8;
        self.pegs[seat] |= bit(cell);
        self.occupied |= bit(cell);
        self.hash ^= peg_key(seat, cell);
    }

    fn lift(&mut self, seat: usize, cell: Cell) {
        self.owner[cell as usize] = EMPTY;
        self.pegs[seat] &= !bit(cell);
        self.occupied &= !bit(cell);
        self.hash ^= peg_key(seat, cell);
    }

    fn set_turn(&mut self, seat: usize) {
        self.hash ^= TURN_KEYS[self.to_move as usize] ^ TURN_KEYS[seat];
        self.to_move = seat as u8;
    }

    /// The final ranking as points: with n players the i-th place scores n − 1 − i (2 / 1 / 0
    /// for three, 1 / 0 for two); players tied for a place share its points. Under the
    /// classic rules only the winner has a place of its own: the others tie (a draw, when
    /// nobody finished, ties everyone).
    fn ranking_points(&self) -> Scores {
        let n = self.num_players();
        if let Some(end) = self.ccerl_end {
            let mut scores = Scores::new(n);
            for p in 0..n {
                let points = match end.winner() {
                    Some(w) if w == p => 1.0,
                    Some(_) => 0.0,
                    None => 0.5,
                };
                scores.set(p, points);
            }
            return scores;
        }
        let classic = self.settings.rules == RuleSet::Classic;
        // Sort key: lower is better. Finishers by finishing ply, then players still active
        // by pegs home (only a move limit leaves several), then drop-outs, latest first.
        let key = |p: Player| -> (u8, i64) {
            if classic {
                (u8::from(!self.has_finished(p)), 0)
            } else if self.has_finished(p) {
                (0, self.finished_at[p] as i64)
            } else if !self.has_dropped_out(p) {
                (1, -(self.pegs_home(p) as i64))
            } else {
                (2, -(self.dropped_at[p] as i64))
            }
        };
        let mut order: Vec<Player> = (0..n).collect();
        order.sort_by_key(|&p| key(p));
        let mut scores = Scores::new(n);
        let mut place = 0;
        while place < n {
            let group_end = (place..n)
                .find(|&i| key(order[i]) != key(order[place]))
                .unwrap_or(n);
            let points: f64 = (place..group_end).map(|i| (n - 1 - i) as f64).sum::<f64>()
                / (group_end - place) as f64;
            for &p in &order[place..group_end] {
                scores.set(p, points);
            }
            place = group_end;
        }
        scores
    }
}

impl Game for Halma {
    type Move = HalmaMove;

    fn name(&self) -> &'static str {
        "halma"
    }

    fn variant(&self) -> String {
        format!(
            "{} board, {} players, {} rules",
            self.kind(),
            self.num_players(),
            self.settings.rules
        )
    }

    fn num_players(&self) -> usize {
        self.layout.seats.len()
    }

    fn to_move(&self) -> Player {
        self.to_move as Player
    }

    fn legal_moves(&self, moves: &mut Vec<HalmaMove>) {
        moves.clear();
        if !self.over {
            self.push_moves_of(self.to_move as usize, moves);
        }
    }

    fn play(&mut self, mv: HalmaMove) {
        let mover = self.to_move as usize;
        if self.settings.rules == RuleSet::Ccerl {
            self.history.push(self.repetition_key());
        }
        if let Some(other) = self.owner(mv.to) {
            // The swap rule: the opponent's peg goes to the mover's start cell.
            self.lift(other, mv.to);
            self.lift(mover, mv.from);
            self.put(other, mv.from);
        } else {
            self.lift(mover, mv.from);
        }
        self.put(mover, mv.to);
        self.hash ^= ply_key(self.ply) ^ ply_key(self.ply + 1);
        self.ply += 1;
        // A swap can complete the other player's home as well as the mover's.
        for p in 0..self.num_players() {
            if self.is_active(p) && self.pegs[p] & !self.seat(p).home == 0 {
                self.finished_at[p] = self.ply;
                self.hash ^= event_key(p, false, self.ply);
            }
        }
        let next = (mover + 1) % self.num_players();
        self.settle(next);
    }

    fn undo(&mut self, mv: HalmaMove) {
        let mover = self.owner[mv.to as usize] as usize;
        for p in 0..self.num_players() {
            if self.finished_at[p] == self.ply {
                self.finished_at[p] = NEVER;
                self.hash ^= event_key(p, false, self.ply);
            }
            if self.dropped_at[p] == self.ply {
                self.dropped_at[p] = NEVER;
                self.hash ^= event_key(p, true, self.ply);
            }
        }
        self.hash ^= ply_key(self.ply) ^ ply_key(self.ply - 1);
        self.ply -= 1;
        self.over = false;
        self.ccerl_end = None;
        if self.settings.rules == RuleSet::Ccerl {
            self.history.pop();
        }
        self.lift(mover, mv.to);
        if let Some(other) = self.owner(mv.from) {
            self.lift(other, mv.from);
            self.put(other, mv.to);
        }
        self.put(mover, mv.from);
        self.set_turn(mover);
    }

    fn outcome(&self) -> Option<Scores> {
        self.over.then(|| self.ranking_points())
    }

    fn is_terminal(&self) -> bool {
        self.over
    }

    fn check_move(&self, mv: HalmaMove) -> Result<(), GameError> {
        if self.over {
            return Err(GameError::GameOver);
        }
        let board = self.board();
        let mover = self.to_move();
        if mv.from as usize >= board.len() || mv.to as usize >= board.len() {
            return Err(GameError::illegal(
                format!("{mv:?}"),
                "the cells are not on this board",
            ));
        }
        let text = if self.settings.rules == RuleSet::Ccerl {
            crate::ccerl::format_path(&[mv.from, mv.to])
        } else {
            crate::notation::format_pair(board, mv)
        };
        match self.owner(mv.from) {
            None => {
                return Err(GameError::illegal(
                    text,
                    "there is no peg on the first cell",
                ))
            }
            Some(p) if p != mover => {
                return Err(GameError::illegal(
                    text,
                    format!(
                        "the peg on the first cell is {}'s, and it is {}'s turn",
                        LETTERS[p], LETTERS[mover]
                    ),
                ))
            }
            Some(_) => {}
        }
        if mv.from == mv.to {
            return Err(GameError::illegal(
                text,
                "a move must end on another cell than it starts",
            ));
        }
        if self.destinations(mv.from) & bit(mv.to) == 0 {
            let home = self.seat(mover).home;
            let rule = match self.owner(mv.to) {
                Some(p) if p == mover => "the destination holds the mover's own peg",
                None if self.settings.goal_locking()
                    && home & bit(mv.from) != 0
                    && home & bit(mv.to) == 0 =>
                {
                    "a peg that has reached its goal stays in it (the ccerl rules' goal locking)"
                }
                Some(_) if !self.settings.swaps() => {
                    return Err(GameError::illegal(
                        text,
                        format!(
                            "the destination is occupied (the {} rules have no swaps)",
                            self.settings.rules
                        ),
                    ));
                }
                Some(_) if self.seat(mover).home & bit(mv.to) == 0 => {
                    "the destination is occupied (swaps are only allowed in the mover's home)"
                }
                _ => "no step or hop chain leads from the first cell to the last",
            };
            return Err(GameError::illegal(text, rule));
        }
        Ok(())
    }

    /// Under CCERL the cell ids of the path (`4-15-28`), otherwise its cells as JSON.
    fn format_move(&self, mv: HalmaMove) -> String {
        if self.settings.rules == RuleSet::Ccerl {
            crate::ccerl::format_move(self, mv)
        } else {
            crate::notation::format_move(self, mv)
        }
    }

    /// Under CCERL the cell ids, as in the notation; otherwise the cells of the path as a
    /// person types them (`1,-4 1,-2 -1,0`), not as JSON.
    fn show_move(&self, mv: HalmaMove) -> String {
        if self.settings.rules == RuleSet::Ccerl {
            crate::ccerl::format_move(self, mv)
        } else {
            crate::notation::typed_move(self, mv)
        }
    }

    /// Under CCERL cell ids are read as well as coordinates.
    fn parse_move(&self, text: &str) -> Result<HalmaMove, GameError> {
        if self.settings.rules == RuleSet::Ccerl && crate::ccerl::is_id_notation(text) {
            crate::ccerl::parse_move(self.board(), text)
        } else {
            crate::notation::parse_move(self.board(), text)
        }
    }

    /// Under CCERL `cells C121 player P ply N`, otherwise the full JSON form.
    fn to_text(&self) -> String {
        if self.settings.rules == RuleSet::Ccerl {
            crate::ccerl::position_text(self)
        } else {
            crate::notation::position_to_json(self, true)
        }
    }

    /// Under CCERL a JSON position is read as well as the COMPACT121 form.
    fn from_text(&self, text: &str) -> Result<Self, GameError> {
        if self.settings.rules == RuleSet::Ccerl && !text.trim_start().starts_with('{') {
            crate::ccerl::parse_position(self, text)
        } else {
            crate::notation::position_from_json(self, text)
        }
    }
}

impl ZobristHash for Halma {
    fn zobrist(&self) -> u64 {
        self.hash
    }

    fn zobrist_from_scratch(&self) -> u64 {
        let mut hash = TURN_KEYS[self.to_move as usize] ^ ply_key(self.ply);
        for seat in 0..self.num_players() {
            for cell in cells_of(self.pegs[seat]) {
                hash ^= peg_key(seat, cell);
            }
            if self.finished_at[seat] != NEVER {
                hash ^= event_key(seat, false, self.finished_at[seat]);
            }
            if self.dropped_at[seat] != NEVER {
                hash ^= event_key(seat, true, self.dropped_at[seat]);
            }
        }
        hash
    }
}
