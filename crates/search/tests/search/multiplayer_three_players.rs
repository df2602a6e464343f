//! The multi-player searches on a real three-player game: k in a row on a small board,
//! three players marking cells in turn (A, B, C), the first with k in a row wins.
//!
//! The game passes the core conformance kit first, so what the searches are checked on is
//! a correct game. Then: every search takes an immediate win, blocks when paranoid says it
//! must, max-n's shallow pruning changes nothing but the node count, and (ignored, for the
//! figures) a small round robin and a node-rate measurement.

use std::fmt;
use std::sync::Arc;
use std::time::Instant;

use ply_core::conformance::{check_game, check_hashing, ConformanceConfig};
use ply_core::eval::WIN;
use ply_core::hash::zobrist_table;
use ply_core::{
    Agent, Evaluator, Game, GameError, MoveOrdering, Player, Scores, SearchLimits, ZobristHash,
};
use ply_search::multiplayer::{BestReply, DefaultMove, MaxN, Paranoid, SearchOptions, SumBound};
use ply_search::random::RandomAgent;
use rand::seq::IndexedRandom;
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

const PLAYERS: usize = 3;
const LETTERS: [char; PLAYERS] = ['a', 'b', 'c'];

/// Board geometry shared by every position of one variant.
///
/// Cell `i` is column `i % width`, row `i / width`, row 0 at the top; bit `i` of a mark mask
/// is cell `i`:
///
/// ```text
///   4x4:   0  1  2  3      a4 b4 c4 d4
///          4  5  6  7      a3 b3 c3 d3
///          8  9 10 11      a2 b2 c2 d2
///         12 13 14 15      a1 b1 c1 d1
/// ```
#[derive(Debug, PartialEq)]
struct Geometry {
    width: usize,
    height: usize,
    k: usize,
    /// Every run of k cells in a row, column or diagonal, as a mask.
    windows: Vec<u64>,
    /// `keys[player * cells + cell]`.
    keys: Vec<u64>,
}

impl Geometry {
    fn new(width: usize, height: usize, k: usize) -> Self {
        assert!(width * height <= 64 && k <= width.max(height));
        let mut windows = Vec::new();
        for row in 0..height as isize {
            for col in 0..width as isize {
                for (dr, dc) in [(0, 1), (1, 0), (1, 1), (1, -1)] {
                    let cells: Option<u64> = (0..k as isize)
                        .map(|i| {
                            let (r, c) = (row + dr * i, col + dc * i);
                            let inside = (0..height as isize).contains(&r)
                                && (0..width as isize).contains(&c);
                            inside.then(|| 1u64 << (r as usize * width + c as usize))
                        })
                        .sum();
                    windows.extend(cells);
                }
            }
        }
        let keys = zobrist_table(
            0x3E1A_0000 + (width * 100 + height * 10 + k) as u64,
            PLAYERS * width * height,
        );
        Geometry {
            width,
            height,
            k,
            windows,
            keys,
        }
    }

    fn cells(&self) -> usize {
        self.width * self.height
    }
}

#[derive(Debug, Clone, PartialEq)]
struct KInARow {
    geometry: Arc<Geometry>,
    marks: [u64; PLAYERS],
    winner: Option<Player>,
    hash: u64,
}

impl KInARow {
    fn new(width: usize, height: usize, k: usize) -> Self {
        KInARow {
            geometry: Arc::new(Geometry::new(width, height, k)),
            marks: [0; PLAYERS],
            winner: None,
            hash: 0,
        }
    }

    fn occupied(&self) -> u64 {
        self.marks.iter().fold(0, |all, m| all | m)
    }

    fn full(&self) -> u64 {
        if self.geometry.cells() == 64 {
            u64::MAX
        } else {
            (1u64 << self.geometry.cells()) - 1
        }
    }

    fn has_line(&self, player: Player) -> bool {
        let own = self.marks[player];
        self.geometry
            .windows
            .iter()
            .any(|&window| window & !own == 0)
    }

    fn cell_name(&self, cell: u8) -> String {
        let (col, row) = (
            cell as usize % self.geometry.width,
            cell as usize / self.geometry.width,
        );
        format!(
            "{}{}",
            (b'a' + col as u8) as char,
            self.geometry.height - row
        )
    }
}

impl fmt::Display for KInARow {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in self.to_text().split('/') {
            writeln!(f, "{row}")?;
        }
        Ok(())
    }
}

impl Game for KInARow {
    type Move = u8;

    fn name(&self) -> &'static str {
        "k-in-a-row"
    }

    fn variant(&self) -> String {
        let g = &self.geometry;
        format!("{}x{}, {} in a row, 3 players", g.width, g.height, g.k)
    }

    fn num_players(&self) -> usize {
        PLAYERS
    }

    fn to_move(&self) -> Player {
        self.occupied().count_ones() as usize % PLAYERS
    }

    fn legal_moves(&self, moves: &mut Vec<u8>) {
        moves.clear();
        if self.is_terminal() {
            return;
        }
        let mut empty = !self.occupied() & self.full();
        while empty != 0 {
            moves.push(empty.trailing_zeros() as u8);
            empty &= empty - 1;
        }
    }

    fn play(&mut self, cell: u8) {
        let player = self.to_move();
        self.marks[player] |= 1 << cell;
        self.hash ^= self.geometry.keys[player * self.geometry.cells() + cell as usize];
        let bit = 1u64 << cell;
        let own = self.marks[player];
        if self
            .geometry
            .windows
            .iter()
            .any(|&window| window & bit != 0 && window & !own == 0)
        {
            self.winner = Some(player);
        }
    }

    fn undo(&mut self, cell: u8) {
        // The game ended with the last move, if at all: before it nobody had won.
        self.winner = None;
        let player = (self.to_move() + PLAYERS - 1) % PLAYERS;
        self.marks[player] &= !(1 << cell);
        self.hash ^= self.geometry.keys[player * self.geometry.cells() + cell as usize];
    }

    fn outcome(&self) -> Option<Scores> {
        if let Some(winner) = self.winner {
            let mut scores = Scores::new(PLAYERS);
            scores.set(winner, 1.0);
            Some(scores)
        } else if self.occupied() == self.full() {
            Some(Scores::from_slice(&[1.0 / 3.0; PLAYERS]))
        } else {
            None
        }
    }

    fn check_move(&self, cell: u8) -> Result<(), GameError> {
        if self.is_terminal() {
            return Err(GameError::GameOver);
        }
        if cell as usize >= self.geometry.cells() {
            return Err(GameError::illegal(
                cell.to_string(),
                "the cell is off the board",
            ));
        }
        if self.occupied() & (1 << cell) != 0 {
            return Err(GameError::illegal(
                self.cell_name(cell),
                "the cell is taken",
            ));
        }
        Ok(())
    }

    fn format_move(&self, cell: u8) -> String {
        self.cell_name(cell)
    }

    fn parse_move(&self, text: &str) -> Result<u8, GameError> {
        let g = &self.geometry;
        let mut chars = text.trim().chars();
        let col = chars
            .next()
            .map(|c| c as i64 - 'a' as i64)
            .filter(|c| (0..g.width as i64).contains(c))
            .ok_or_else(|| GameError::parse(text, "a column letter from a"))?;
        let row: usize = chars
            .as_str()
            .parse()
            .ok()
            .filter(|r| (1..=g.height).contains(r))
            .ok_or_else(|| GameError::parse(text, "a row number from 1"))?;
        Ok(((g.height - row) * g.width + col as usize) as u8)
    }

    /// Rows from the top separated by `/`, each cell `a`, `b`, `c` or `.`.
    fn to_text(&self) -> String {
        let g = &self.geometry;
        (0..g.height)
            .map(|row| {
                (0..g.width)
                    .map(|col| {
                        let bit = 1u64 << (row * g.width + col);
                        (0..PLAYERS)
                            .find(|&p| self.marks[p] & bit != 0)
                            .map_or('.', |p| LETTERS[p])
                    })
                    .collect::<String>()
            })
            .collect::<Vec<_>>()
            .join("/")
    }

    fn from_text(&self, text: &str) -> Result<Self, GameError> {
        let g = &self.geometry;
        let cells: Vec<char> = text.trim().chars().filter(|&c| c != '/').collect();
        if cells.len() != g.cells() {
            return Err(GameError::position(
                text,
                format!("expected {} cells", g.cells()),
            ));
        }
        let mut state = KInARow {
            geometry: self.geometry.clone(),
            marks: [0; PLAYERS],
            winner: None,
            hash: 0,
        };
        for (i, c) in cells.into_iter().enumerate() {
            match LETTERS.iter().position(|&l| l == c) {
                Some(p) => state.marks[p] |= 1 << i,
                None if c == '.' => {}
                None => {
                    return Err(GameError::position(
                        text,
                        format!("'{c}' is not a, b, c or ."),
                    ))
                }
            }
        }
        let counts = state.marks.map(u64::count_ones);
        if !(counts[0] >= counts[1] && counts[1] >= counts[2] && counts[2] + 1 >= counts[0]) {
            return Err(GameError::position(text, "players a, b, c mark in turn"));
        }
        let winners: Vec<Player> = (0..PLAYERS).filter(|&p| state.has_line(p)).collect();
        if winners.len() > 1 {
            return Err(GameError::position(text, "only one player can have a line"));
        }
        state.winner = winners.first().copied();
        state.hash = state.zobrist_from_scratch();
        Ok(state)
    }
}

impl ZobristHash for KInARow {
    fn zobrist(&self) -> u64 {
        self.hash
    }

    fn zobrist_from_scratch(&self) -> u64 {
        let cells = self.geometry.cells();
        let mut hash = 0;
        for (player, &marks) in self.marks.iter().enumerate() {
            for cell in 0..cells {
                if marks & (1 << cell) != 0 {
                    hash ^= self.geometry.keys[player * cells + cell];
                }
            }
        }
        hash
    }
}

/// Open windows: a window only one player has marked is worth 1 / 8 / 64 / 512 to that
/// player for 1 / 2 / 3 / 4 marks. A player's value is twice its own total minus the
/// others', so the three values sum to zero.
struct OpenWindows;

impl OpenWindows {
    fn totals(state: &KInARow) -> [i64; PLAYERS] {
        let mut totals = [0; PLAYERS];
        for &window in &state.geometry.windows {
            let counts = state.marks.map(|m| (m & window).count_ones());
            let mut owners = (0..PLAYERS).filter(|&p| counts[p] > 0);
            if let (Some(owner), None) = (owners.next(), owners.next()) {
                totals[owner] += 1 << (3 * (counts[owner] - 1));
            }
        }
        totals
    }
}

impl Evaluator<KInARow> for OpenWindows {
    fn name(&self) -> &str {
        "open-windows"
    }

    fn evaluate(&self, state: &KInARow, player: Player) -> i32 {
        let totals = Self::totals(state);
        let others: i64 = (0..PLAYERS)
            .filter(|&p| p != player)
            .map(|p| totals[p])
            .sum();
        (2 * totals[player] - others) as i32
    }
}

/// Cells near the centre first.
struct CentreFirst;

impl MoveOrdering<KInARow> for CentreFirst {
    fn name(&self) -> &str {
        "centre-first"
    }

    fn order(&self, state: &KInARow, moves: &mut [u8]) {
        let (w, h) = (state.geometry.width as i32, state.geometry.height as i32);
        moves.sort_by_key(|&cell| {
            let (col, row) = (cell as i32 % w, cell as i32 / w);
            (2 * col - (w - 1)).abs() + (2 * row - (h - 1)).abs()
        });
    }
}

type BoxedAgent = Box<dyn Agent<KInARow>>;

fn options() -> SearchOptions<KInARow> {
    SearchOptions::new(Arc::new(OpenWindows))
}

fn agents(depth: u32) -> Vec<Box<dyn Agent<KInARow>>> {
    let options = options().depth(depth);
    vec![
        Box::new(Paranoid::new(options.clone())),
        Box::new(MaxN::new(options.clone())),
        Box::new(BestReply::new(options)),
    ]
}

fn position(text: &str) -> KInARow {
    KInARow::new(4, 4, 3)
        .from_text(text)
        .expect("a valid position")
}

#[test]
fn the_test_game_passes_the_conformance_kit() {
    for (width, height, k) in [(4, 4, 3), (5, 5, 4), (3, 3, 3)] {
        let start = KInARow::new(width, height, k);
        let config = ConformanceConfig {
            games: 20,
            constant_sum: Some(1.0),
            ..ConformanceConfig::default()
        };
        check_game(&start, &config);
        check_hashing(&start, &config);
    }
}

#[test]
fn bad_positions_and_moves_are_refused_with_the_rule() {
    let start = KInARow::new(4, 4, 3);
    let error = start
        .from_text("bb../..../..../....")
        .unwrap_err()
        .to_string();
    assert!(error.contains("in turn"), "{error}");
    let error = start.parse_move("e1").unwrap_err().to_string();
    assert!(error.contains("column"), "{error}");
    let error = position("a.../..../..../....")
        .check_move(0)
        .unwrap_err()
        .to_string();
    assert!(error.contains("taken"), "{error}");
}

#[test]
fn every_search_takes_an_immediate_win() {
    // a (to move) has a4 b4; c4 wins at once.
    let state = position("aa.b/bc../c.../....");
    assert_eq!(state.to_move(), 0);
    let win = state.parse_move("c4").expect("cell");
    for depth in [1, 2, 3, 4] {
        for mut agent in agents(depth) {
            let decision = agent.select(&state, &SearchLimits::none()).expect("move");
            assert_eq!(decision.mv, win, "{} at depth {depth}", agent.name());
            // Standing: a beats both others, one ply from the root.
            assert_eq!(
                decision.value,
                (2 * (i64::from(WIN) - 1)) as f64,
                "{}",
                agent.name()
            );
        }
    }
}

#[test]
fn paranoid_and_best_reply_block_the_next_player() {
    // a to move; b, who moves next, holds a3 b3 and wins at c3 unless a takes it first.
    let state = position("a.../bb../a.c./c...");
    assert_eq!(state.to_move(), 0);
    let block = state.parse_move("c3").expect("cell");
    let options = options().depth(2);
    let mut paranoid = Paranoid::new(options.clone());
    let mut best_reply = BestReply::new(options);
    for agent in [&mut paranoid as &mut dyn Agent<KInARow>, &mut best_reply] {
        let decision = agent.select(&state, &SearchLimits::none()).expect("move");
        assert_eq!(decision.mv, block, "{}: {:?}", agent.name(), decision.pv);
    }
}

#[test]
fn maxn_shallow_pruning_changes_nothing_but_the_node_count() {
    // Evaluations sum to 0, terminal vectors too; nobody's value is below -2·WIN.
    let bound = SumBound {
        min_value: -2 * i64::from(WIN),
        max_sum: 0,
    };
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(3);
    let (mut with, mut without) = (0, 0);
    for _ in 0..12 {
        let mut state = KInARow::new(4, 4, 3);
        let mut moves = Vec::new();
        for _ in 0..4 {
            state.legal_moves(&mut moves);
            if let Some(&mv) = moves.choose(&mut rng) {
                state.play(mv);
            }
        }
        if state.is_terminal() {
            continue;
        }
        let plain = MaxN::new(options());
        let pruning = MaxN::new(options()).shallow_pruning(bound);
        for depth in [2, 4] {
            let a = plain.search_vector(&state, depth).expect("move");
            let b = pruning.search_vector(&state, depth).expect("move");
            assert_eq!(a.0, b.0, "{state}");
            let a = plain
                .clone()
                .select(&state, &SearchLimits::depth(depth))
                .expect("move");
            let b = pruning
                .clone()
                .select(&state, &SearchLimits::depth(depth))
                .expect("move");
            assert_eq!((a.mv, a.value), (b.mv, b.value));
            without += a.nodes;
            with += b.nodes;
        }
    }
    assert!(with <= without, "pruning {with} nodes, none {without}");
    eprintln!("max-n nodes with shallow pruning {with}, without {without}");
}

#[test]
fn killer_moves_change_the_node_count_not_the_value() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(8);
    let (mut with, mut without) = (0, 0);
    for _ in 0..6 {
        let mut state = KInARow::new(5, 5, 4);
        let mut moves = Vec::new();
        for _ in 0..3 {
            state.legal_moves(&mut moves);
            state.play(*moves.choose(&mut rng).expect("early in the game"));
        }
        let limits = SearchLimits::depth(4);
        let on = options().ordering(Arc::new(CentreFirst));
        let off = on.clone().killers(false);
        let pairs: [(BoxedAgent, BoxedAgent); 2] = [
            (
                Box::new(Paranoid::new(on.clone())),
                Box::new(Paranoid::new(off.clone())),
            ),
            (Box::new(BestReply::new(on)), Box::new(BestReply::new(off))),
        ];
        for (mut a, mut b) in pairs {
            let a = a.select(&state, &limits).expect("move");
            let b = b.select(&state, &limits).expect("move");
            assert_eq!(a.value, b.value, "{state}");
            with += a.nodes;
            without += b.nodes;
        }
    }
    eprintln!("paranoid + best-reply nodes: killers {with}, no killers {without}");
}

#[test]
fn a_transposition_table_keeps_paranoid_values_exact() {
    // One agent with a table plays every seat of a game, so the table must notice that the
    // root player changes; at every move its value equals a fresh search without a table.
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(21);
    let (mut with, mut without) = (0, 0);
    // 5x5 four in a row at depths 3 to 5, and 4x4 three in a row searched deeper (6 to 7),
    // where transpositions and wins inside the tree are common.
    for game in 0..6 {
        let options = options().ordering(Arc::new(CentreFirst));
        let mut tabled = Paranoid::new(options.clone()).table(1);
        let small = game % 2 == 1;
        let mut state = if small {
            KInARow::new(4, 4, 3)
        } else {
            KInARow::new(5, 5, 4)
        };
        let mut moves = Vec::new();
        while !state.is_terminal() && state.occupied().count_ones() < 14 {
            let base = if small { 6 } else { 3 };
            let depth = base + (game + state.occupied().count_ones()) % if small { 2 } else { 3 };
            let limits = SearchLimits::depth(depth);
            let a = tabled.select(&state, &limits).expect("move");
            let b = Paranoid::new(options.clone())
                .select(&state, &limits)
                .expect("move");
            assert_eq!(a.value, b.value, "game {game} depth {depth}: {state}");
            with += a.nodes;
            without += b.nodes;
            // Play on with a random move, so positions vary.
            state.legal_moves(&mut moves);
            state.play(*moves.choose(&mut rng).expect("not over"));
        }
        tabled.new_game();
    }
    eprintln!("paranoid nodes: table {with}, none {without}");
    assert!(with < without, "table {with} nodes, none {without}");
}

// ---------------------------------------------------------------------------------------
// Figures for the report: run with `cargo test --release -- --ignored --nocapture`.

/// Plays one game with the agents seated in the given order; returns the scores.
fn play_game(seats: &mut [Box<dyn Agent<KInARow>>], start: &KInARow, opening_seed: u64) -> Scores {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(opening_seed);
    let mut state = start.clone();
    let mut moves = Vec::new();
    // Two random opening moves make the games differ.
    for _ in 0..2 {
        state.legal_moves(&mut moves);
        state.play(*moves.choose(&mut rng).expect("the opening is not over"));
    }
    while state.outcome().is_none() {
        let seat = state.to_move();
        let decision = seats[seat]
            .select(&state, &SearchLimits::none())
            .expect("the game goes on");
        state
            .try_play(decision.mv)
            .expect("agents play legal moves");
    }
    state.outcome().expect("over")
}

/// Points of each of three agents over every seating and `openings` random openings:
/// (points per agent, games, draws).
fn round_robin(
    start: &KInARow,
    build: impl Fn(usize) -> Box<dyn Agent<KInARow>>,
    openings: u64,
) -> ([f64; 3], usize, usize) {
    let seatings = [
        [0, 1, 2],
        [0, 2, 1],
        [1, 0, 2],
        [1, 2, 0],
        [2, 0, 1],
        [2, 1, 0],
    ];
    let (mut points, mut games, mut draws) = ([0.0; 3], 0, 0);
    for opening in 0..openings {
        for seating in seatings {
            let mut seats: Vec<_> = seating.iter().map(|&i| build(i)).collect();
            let scores = play_game(&mut seats, start, opening);
            for (seat, &agent) in seating.iter().enumerate() {
                points[agent] += scores.get(seat);
            }
            games += 1;
            draws += usize::from(scores.as_slice().iter().all(|&s| s < 1.0));
        }
    }
    (points, games, draws)
}

fn search_agent(name: &str, depth: u32) -> Box<dyn Agent<KInARow>> {
    let options = options().depth(depth).ordering(Arc::new(CentreFirst));
    match name {
        "paranoid" => Box::new(Paranoid::new(options)),
        "maxn" => Box::new(MaxN::new(options)),
        "bestreply-greedy" => Box::new(BestReply::new(options).default_move(DefaultMove::Greedy)),
        _ => Box::new(BestReply::new(options)),
    }
}

#[test]
#[ignore = "a few seconds of games; prints the figures of the report"]
fn round_robins_on_three_player_boards() {
    let names = ["paranoid", "maxn", "bestreply"];
    for (width, height, k) in [(5, 5, 4), (6, 6, 4), (5, 5, 3)] {
        let start = KInARow::new(width, height, k);
        let started = Instant::now();
        let (points, games, draws) = round_robin(&start, |i| search_agent(names[i], 3), 8);
        eprintln!("{}: all three at depth 3", start.variant());
        for (name, p) in names.iter().zip(points) {
            eprintln!("  {name:>10}: {p:6.2} points of {games} games");
        }
        eprintln!("  {draws} draws; {:?}", started.elapsed());
        // Each search at depth 3 against two one-ply searchers (max-n at depth 1 is greedy).
        for name in ["paranoid", "maxn", "bestreply", "bestreply-greedy"] {
            let (points, games, draws) = round_robin(
                &start,
                |i| {
                    if i == 0 {
                        search_agent(name, 3)
                    } else {
                        search_agent("maxn", 1)
                    }
                },
                4,
            );
            eprintln!(
                "  {name:>10} d3 vs two greedy: {:5.2} points of {games} (greedy {:.2} each), {draws} draws",
                points[0],
                (points[1] + points[2]) / 2.0
            );
            let (points, games, _) = round_robin(
                &start,
                |i| {
                    if i == 0 {
                        search_agent(name, 3)
                    } else {
                        Box::new(RandomAgent::new(i as u64))
                    }
                },
                4,
            );
            eprintln!(
                "  {name:>10} d3 vs two random: {:5.2} points of {games} (random {:.2} each)",
                points[0],
                (points[1] + points[2]) / 2.0
            );
        }
    }
}

#[test]
#[ignore = "node rates for the report"]
fn node_rates_on_5x5_four_in_a_row() {
    let state = KInARow::new(5, 5, 4);
    for depth in [3, 4, 5, 6] {
        let options = options().depth(depth).ordering(Arc::new(CentreFirst));
        let mut agents: Vec<BoxedAgent> = vec![
            Box::new(Paranoid::new(options.clone())),
            Box::new(BestReply::new(options.clone())),
        ];
        // Max-n prunes little and evaluates every player at every leaf: not beyond 4.
        if depth <= 4 {
            agents.push(Box::new(MaxN::new(options)));
        }
        for mut agent in agents {
            let started = Instant::now();
            let decision = agent.select(&state, &SearchLimits::none()).expect("move");
            let seconds = started.elapsed().as_secs_f64();
            eprintln!(
                "{:<60} {:>9} nodes, {:>7.3}s, {:>5.2} Mnodes/s, value {}",
                agent.name(),
                decision.nodes,
                seconds,
                decision.nodes as f64 / seconds / 1e6,
                decision.value
            );
        }
    }
}
