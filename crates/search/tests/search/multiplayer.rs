//! The multi-player searches against plain recursions without pruning, on random game
//! trees with 2 to 4 players, and against a plain negamax in two-player games.
//!
//! The test game is a random tree: every node's number of children, next player and final
//! scores are drawn from a hash of the path that leads to it, so a random seed gives a whole game
//! and every search sees the same one. Turns mostly rotate, but a node may skip a player
//! (with two players: let the same player move again), which is what games with dropped-out
//! players do.

use std::fmt;
use std::sync::Arc;
use std::time::{Duration, Instant};

use ply_core::hash::splitmix64;
use ply_core::{
    Agent, Evaluator, Game, GameError, MoveOrdering, Player, Scores, SearchLimits, ZobristHash,
    MAX_PLAYERS,
};
use ply_search::multiplayer::{
    register_agents, terminal_value, BestReply, DefaultMove, MaxN, Paranoid, SearchOptions,
    SumBound, ValueVector,
};
use ply_search::spec::Catalog;
use ply_tictactoe::{LineCount, TicTacToe};

// ---------------------------------------------------------------------------------------
// The random tree game.

fn mix(x: u64) -> u64 {
    splitmix64(x).1
}

/// How the leaves are scored.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Scoring {
    /// Each player scores 0, 1 or 2 (ties common).
    Ranking,
    /// One winner scores 1, everyone else 0.
    WinnerTakesAll,
}

#[derive(Debug, Clone, Copy, PartialEq)]
struct TreeShape {
    players: usize,
    max_branching: u64,
    max_depth: usize,
    /// Chance in percent that a node below the root is a leaf.
    leaf_percent: u64,
    /// Chance in percent that a turn skips a player.
    skip_percent: u64,
    /// The player to move at the start never moves again (as a halma player whose pegs
    /// are all home while the others play on).
    first_player_drops_out: bool,
    scoring: Scoring,
}

impl TreeShape {
    fn small(players: usize) -> Self {
        TreeShape {
            players,
            max_branching: 4,
            max_depth: 7,
            leaf_percent: 12,
            skip_percent: 15,
            first_player_drops_out: false,
            scoring: Scoring::Ranking,
        }
    }
}

#[derive(Debug, Clone, PartialEq)]
struct TreeGame {
    shape: TreeShape,
    /// Node ids from the root to here, with the player to move at each.
    path: Vec<(u64, Player)>,
    moves: Vec<u8>,
}

impl TreeGame {
    fn new(shape: TreeShape, rng_seed: u64) -> Self {
        let root = mix(rng_seed ^ 0x5EED);
        TreeGame {
            shape,
            path: vec![(root, (root % shape.players as u64) as Player)],
            moves: Vec::new(),
        }
    }

    fn id(&self) -> u64 {
        self.path.last().expect("the root is always there").0
    }

    fn depth(&self) -> usize {
        self.path.len() - 1
    }

    fn children(&self) -> u64 {
        let r = mix(self.id() ^ 0xC41D);
        let leaf = self.depth() >= self.shape.max_depth
            || (self.depth() > 0 && r % 100 < self.shape.leaf_percent);
        if leaf {
            0
        } else {
            1 + (r >> 8) % self.shape.max_branching
        }
    }
}

impl fmt::Display for TreeGame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "tree node {:016x} at depth {}", self.id(), self.depth())
    }
}

impl Game for TreeGame {
    type Move = u8;

    fn name(&self) -> &'static str {
        "tree"
    }

    fn num_players(&self) -> usize {
        self.shape.players
    }

    fn to_move(&self) -> Player {
        self.path.last().expect("the root is always there").1
    }

    fn legal_moves(&self, moves: &mut Vec<u8>) {
        moves.clear();
        moves.extend(0..self.children() as u8);
    }

    fn play(&mut self, mv: u8) {
        let child = mix(self.id().wrapping_mul(31) ^ u64::from(mv) ^ 0xAB);
        let skip = usize::from(child % 100 < self.shape.skip_percent);
        let n = self.shape.players;
        let mut next = (self.to_move() + 1 + skip) % n;
        if self.shape.first_player_drops_out && next == self.path[0].1 {
            next = (next + 1) % n;
        }
        self.path.push((child, next));
        self.moves.push(mv);
    }

    fn undo(&mut self, _mv: u8) {
        self.path.pop();
        self.moves.pop();
    }

    fn outcome(&self) -> Option<Scores> {
        if self.children() > 0 {
            return None;
        }
        let n = self.shape.players;
        let mut scores = Scores::new(n);
        match self.shape.scoring {
            Scoring::Ranking => {
                for p in 0..n {
                    scores.set(p, (mix(self.id() ^ (p as u64 + 1) << 40) % 3) as f64);
                }
            }
            Scoring::WinnerTakesAll => {
                scores.set((mix(self.id() ^ 0x717) % n as u64) as usize, 1.0)
            }
        }
        Some(scores)
    }

    fn format_move(&self, mv: u8) -> String {
        mv.to_string()
    }

    fn parse_move(&self, text: &str) -> Result<u8, GameError> {
        text.trim()
            .parse()
            .map_err(|_| GameError::parse(text, "a child index 0..=255"))
    }

    fn to_text(&self) -> String {
        let moves: Vec<String> = self.moves.iter().map(u8::to_string).collect();
        moves.join(" ")
    }

    fn from_text(&self, text: &str) -> Result<Self, GameError> {
        let mut state = TreeGame {
            shape: self.shape,
            path: self.path[..1].to_vec(),
            moves: Vec::new(),
        };
        for word in text.split_whitespace() {
            state.play_notation(word)?;
        }
        Ok(state)
    }
}

impl ZobristHash for TreeGame {
    fn zobrist(&self) -> u64 {
        self.id()
    }

    fn zobrist_from_scratch(&self) -> u64 {
        self.from_text(&self.to_text()).expect("own text").id()
    }
}

/// A reproducible noise evaluator. `antisymmetric`: the second player gets minus the first
/// player's value (a two-player zero-sum evaluation); otherwise every player gets its own
/// value in `low..=high`.
struct TreeNoise {
    low: i32,
    high: i32,
    antisymmetric: bool,
}

impl Evaluator<TreeGame> for TreeNoise {
    fn name(&self) -> &str {
        "tree-noise"
    }

    fn evaluate(&self, state: &TreeGame, player: Player) -> i32 {
        let seat = if self.antisymmetric { 0 } else { player };
        let width = (self.high - self.low + 1) as u64;
        let value = self.low + (mix(state.id() ^ (seat as u64 + 7) << 48) % width) as i32;
        if self.antisymmetric && player == 1 {
            -value
        } else {
            value
        }
    }
}

fn noise(antisymmetric: bool) -> Arc<dyn Evaluator<TreeGame>> {
    Arc::new(TreeNoise {
        low: -50,
        high: 50,
        antisymmetric,
    })
}

/// Last child first: an ordering that changes which move alpha-beta meets first.
struct Reversed;

impl MoveOrdering<TreeGame> for Reversed {
    fn name(&self) -> &str {
        "reversed"
    }

    fn order(&self, _state: &TreeGame, moves: &mut [u8]) {
        moves.reverse();
    }
}

// ---------------------------------------------------------------------------------------
// Plain references: no pruning, no ordering, no iterative deepening.

struct Plain<'a, G: Game> {
    evaluator: &'a dyn Evaluator<G>,
    nodes: u64,
}

impl<'a, G: Game> Plain<'a, G> {
    fn new(evaluator: &'a dyn Evaluator<G>) -> Self {
        Plain {
            evaluator,
            nodes: 0,
        }
    }

    fn leaf(&self, state: &G, player: Player, ply: usize) -> Option<i64> {
        state
            .outcome()
            .map(|scores| terminal_value(&scores, player, ply))
    }

    fn children(state: &G) -> Vec<G::Move> {
        let mut moves = Vec::new();
        state.legal_moves(&mut moves);
        moves
    }

    fn paranoid(&mut self, state: &mut G, depth: u32, ply: usize, root: Player) -> i64 {
        self.nodes += 1;
        if let Some(value) = self.leaf(state, root, ply) {
            return value;
        }
        if depth == 0 {
            return i64::from(self.evaluator.evaluate(state, root));
        }
        let maximising = state.to_move() == root;
        let values: Vec<i64> = Self::children(state)
            .into_iter()
            .map(|mv| {
                state.play(mv);
                let value = self.paranoid(state, depth - 1, ply + 1, root);
                state.undo(mv);
                value
            })
            .collect();
        let best = if maximising {
            values.iter().max()
        } else {
            values.iter().min()
        };
        *best.expect("a non-terminal node has moves")
    }

    fn max_n(&mut self, state: &mut G, depth: u32, ply: usize) -> ValueVector {
        self.nodes += 1;
        let mut vector = [0; MAX_PLAYERS];
        if state.is_terminal() || depth == 0 {
            for (p, value) in vector.iter_mut().enumerate().take(state.num_players()) {
                *value = self
                    .leaf(state, p, ply)
                    .unwrap_or_else(|| i64::from(self.evaluator.evaluate(state, p)));
            }
            return vector;
        }
        let mover = state.to_move();
        let mut best: Option<ValueVector> = None;
        for mv in Self::children(state) {
            state.play(mv);
            let child = self.max_n(state, depth - 1, ply + 1);
            state.undo(mv);
            // Ties: the first child in legal-move order stays.
            if best.is_none_or(|b| child[mover] > b[mover]) {
                best = Some(child);
            }
        }
        best.expect("a non-terminal node has moves")
    }

    /// The default move of an opponent that does not reply.
    fn default_move(&mut self, state: &mut G, policy: DefaultMove, ply: usize) -> G::Move {
        let moves = Self::children(state);
        match policy {
            DefaultMove::FirstOrdered => moves[0],
            DefaultMove::Greedy => {
                let mover = state.to_move();
                let mut best = (moves[0], i64::MIN);
                for mv in moves {
                    state.play(mv);
                    let value = self
                        .leaf(state, mover, ply + 1)
                        .unwrap_or_else(|| i64::from(self.evaluator.evaluate(state, mover)));
                    state.undo(mv);
                    if value > best.1 {
                        best = (mv, value);
                    }
                }
                best.0
            }
        }
    }

    /// Best-reply search as the module documents it: in a MIN layer at most one opponent
    /// (the replier) deviates from its default move; the others play their default. A
    /// layer ends when the root player is to move, the game is over or the opponents have
    /// taken n - 1 turns.
    #[allow(clippy::too_many_arguments)]
    fn best_reply(
        &mut self,
        state: &mut G,
        depth: u32,
        ply: usize,
        root: Player,
        (replier, turns): (Option<Player>, usize),
        policy: DefaultMove,
    ) -> i64 {
        self.nodes += 1;
        if let Some(value) = self.leaf(state, root, ply) {
            return value;
        }
        if depth == 0 {
            return i64::from(self.evaluator.evaluate(state, root));
        }
        let mover = state.to_move();
        let maximising = mover == root;
        let free = maximising || replier.is_none_or(|r| r == mover);
        let default = (!maximising).then(|| self.default_move(state, policy, ply));
        let moves = match default {
            Some(default) if !free => vec![default],
            _ => Self::children(state),
        };
        let mut values = Vec::new();
        for mv in moves {
            state.play(mv);
            let layer_ends = maximising
                || state.is_terminal()
                || state.to_move() == root
                || turns + 1 == state.num_players() - 1;
            let value = if layer_ends {
                self.best_reply(state, depth - 1, ply + 1, root, (None, 0), policy)
            } else {
                let deviates = Some(mv) != default;
                let replier = replier.or(deviates.then_some(mover));
                self.best_reply(state, depth, ply + 1, root, (replier, turns + 1), policy)
            };
            values.push(value);
            state.undo(mv);
        }
        if maximising {
            values.into_iter().max().expect("moves")
        } else {
            values.into_iter().min().expect("moves")
        }
    }

    /// Two-player negamax: the value for the player to move.
    fn negamax(&mut self, state: &mut G, depth: u32, ply: usize) -> i64 {
        self.nodes += 1;
        let me = state.to_move();
        if let Some(value) = self.leaf(state, me, ply) {
            return value;
        }
        if depth == 0 {
            return i64::from(self.evaluator.evaluate(state, me));
        }
        let mut best = i64::MIN;
        for mv in Self::children(state) {
            state.play(mv);
            let child = self.negamax(state, depth - 1, ply + 1);
            let value = if state.to_move() == me { child } else { -child };
            state.undo(mv);
            best = best.max(value);
        }
        best
    }
}

// ---------------------------------------------------------------------------------------
// Helpers.

fn depth_limits(depth: u32) -> SearchLimits {
    SearchLimits::depth(depth)
}

fn child(state: &TreeGame, mv: u8) -> TreeGame {
    let mut next = state.clone();
    next.play(mv);
    next
}

fn positions(players: usize, count: u64) -> impl Iterator<Item = (u64, TreeGame)> {
    (0..count).map(move |rng_seed| (rng_seed, TreeGame::new(TreeShape::small(players), rng_seed)))
}

// ---------------------------------------------------------------------------------------
// Paranoid.

#[test]
fn paranoid_equals_plain_paranoid_and_plays_a_best_move() {
    let evaluator = noise(false);
    for players in 2..=4 {
        for (rng_seed, state) in positions(players, 60) {
            let depth = 1 + (rng_seed % 5) as u32;
            let root = state.to_move();
            let decision = Paranoid::new(SearchOptions::new(evaluator.clone()))
                .select(&state, &depth_limits(depth))
                .expect("the root is not terminal");
            let mut plain = Plain::new(evaluator.as_ref());
            let expected = plain.paranoid(&mut state.clone(), depth, 0, root);
            assert_eq!(
                decision.value, expected as f64,
                "{players}p rng_seed {rng_seed} d{depth}"
            );
            let after = plain.paranoid(&mut child(&state, decision.mv), depth - 1, 1, root);
            assert_eq!(
                after, expected,
                "{players}p rng_seed {rng_seed}: the move is not a best one"
            );
            assert_eq!(decision.pv.first(), Some(&decision.mv));
            assert!(
                decision.depth <= depth,
                "solved trees stop early, deeper never"
            );
        }
    }
}

#[test]
fn paranoid_value_does_not_depend_on_move_order() {
    let evaluator = noise(false);
    for (rng_seed, state) in positions(3, 40) {
        let limits = depth_limits(4);
        let plain = Paranoid::new(SearchOptions::new(evaluator.clone()))
            .select(&state, &limits)
            .expect("move");
        let reversed =
            Paranoid::new(SearchOptions::new(evaluator.clone()).ordering(Arc::new(Reversed)))
                .select(&state, &limits)
                .expect("move");
        assert_eq!(plain.value, reversed.value, "rng_seed {rng_seed}");
    }
}

#[test]
fn paranoid_pruning_visits_fewer_nodes_than_plain_iterative_deepening() {
    let evaluator = noise(false);
    let (mut pruned, mut plain_total) = (0, 0);
    for (_, state) in positions(3, 40) {
        let depth = 5;
        pruned += Paranoid::new(SearchOptions::new(evaluator.clone()))
            .select(&state, &depth_limits(depth))
            .expect("move")
            .nodes;
        let mut plain = Plain::new(evaluator.as_ref());
        for d in 1..=depth {
            plain.paranoid(&mut state.clone(), d, 0, state.to_move());
        }
        plain_total += plain.nodes;
    }
    eprintln!("paranoid: alpha-beta {pruned} nodes, plain {plain_total}");
    assert!(
        pruned * 10 < plain_total * 9,
        "alpha-beta {pruned} nodes vs plain {plain_total}"
    );
}

// ---------------------------------------------------------------------------------------
// Max-n.

#[test]
fn maxn_equals_plain_maxn_vector_and_plays_a_best_move() {
    let evaluator = noise(false);
    for players in 2..=4 {
        for (rng_seed, state) in positions(players, 60) {
            let depth = 1 + (rng_seed % 5) as u32;
            let root = state.to_move();
            let agent = MaxN::new(SearchOptions::new(evaluator.clone()));
            let (vector, pv) = agent.search_vector(&state, depth).expect("not terminal");
            let mut plain = Plain::new(evaluator.as_ref());
            let expected = plain.max_n(&mut state.clone(), depth, 0);
            assert_eq!(vector, expected, "{players}p rng_seed {rng_seed} d{depth}");
            assert!(!pv.is_empty());

            let decision = MaxN::new(SearchOptions::new(evaluator.clone()))
                .select(&state, &depth_limits(depth))
                .expect("move");
            assert_eq!(
                decision.value, expected[root] as f64,
                "{players}p rng_seed {rng_seed}"
            );
            let after = plain.max_n(&mut child(&state, decision.mv), depth - 1, 1);
            assert_eq!(
                after[root], expected[root],
                "rng_seed {rng_seed}: not a best move"
            );
        }
    }
}

/// Leaves with one winner, an evaluator in 0..=50: every vector has components of at least
/// −WIN (a loser's terminal value) and sums to at most 3·50 (terminal vectors sum to 0).
fn winner_takes_all(rng_seed: u64) -> TreeGame {
    let shape = TreeShape {
        players: 3,
        max_branching: 5,
        max_depth: 7,
        leaf_percent: 25,
        skip_percent: 10,
        first_player_drops_out: false,
        scoring: Scoring::WinnerTakesAll,
    };
    TreeGame::new(shape, rng_seed)
}

#[test]
fn maxn_shallow_pruning_is_exact_and_visits_fewer_nodes() {
    let evaluator: Arc<dyn Evaluator<TreeGame>> = Arc::new(TreeNoise {
        low: 0,
        high: 50,
        antisymmetric: false,
    });
    let bound = SumBound {
        min_value: -i64::from(ply_core::eval::WIN),
        max_sum: 3 * 50,
    };
    let (mut with, mut without) = (0, 0);
    for rng_seed in 0..60 {
        let state = winner_takes_all(rng_seed);
        let depth = 2 + (rng_seed % 4) as u32;
        let plain = MaxN::new(SearchOptions::new(evaluator.clone()));
        let pruning = MaxN::new(SearchOptions::new(evaluator.clone())).shallow_pruning(bound);
        assert_eq!(
            plain.search_vector(&state, depth).expect("move").0,
            pruning.search_vector(&state, depth).expect("move").0,
            "rng_seed {rng_seed} d{depth}"
        );
        let a = plain
            .clone()
            .select(&state, &depth_limits(depth))
            .expect("move");
        let b = pruning
            .clone()
            .select(&state, &depth_limits(depth))
            .expect("move");
        assert_eq!((a.mv, a.value), (b.mv, b.value), "rng_seed {rng_seed}");
        without += a.nodes;
        with += b.nodes;
    }
    eprintln!("max-n: shallow pruning {with} nodes, without {without}");
    assert!(
        with < without,
        "shallow pruning {with} nodes vs {without} without"
    );
}

#[test]
fn maxn_value_follows_the_own_component_with_a_reordered_search() {
    // With a move ordering the tie-break follows the new order; the reference sees the same
    // order when run on a game whose moves come reversed, so compare own values only.
    let evaluator = noise(false);
    for (rng_seed, state) in positions(3, 40) {
        let root = state.to_move();
        let decision =
            MaxN::new(SearchOptions::new(evaluator.clone()).ordering(Arc::new(Reversed)))
                .select(&state, &depth_limits(1))
                .expect("move");
        // At depth 1 there are no inner ties: the root value is the best own evaluation.
        let mut plain = Plain::new(evaluator.as_ref());
        let expected = plain.max_n(&mut state.clone(), 1, 0)[root];
        assert_eq!(decision.value, expected as f64, "rng_seed {rng_seed}");
    }
}

// ---------------------------------------------------------------------------------------
// Best-reply search.

#[test]
fn best_reply_equals_plain_best_reply() {
    let evaluator = noise(false);
    for policy in [DefaultMove::FirstOrdered, DefaultMove::Greedy] {
        for players in 2..=4 {
            for (rng_seed, state) in positions(players, 50) {
                let depth = 1 + (rng_seed % 4) as u32;
                let root = state.to_move();
                let decision = BestReply::new(SearchOptions::new(evaluator.clone()))
                    .default_move(policy)
                    .select(&state, &depth_limits(depth))
                    .expect("move");
                let mut plain = Plain::new(evaluator.as_ref());
                let expected =
                    plain.best_reply(&mut state.clone(), depth, 0, root, (None, 0), policy);
                assert_eq!(
                    decision.value, expected as f64,
                    "{policy:?} {players}p rng_seed {rng_seed} d{depth}"
                );
                // The root player's move ends its layer: a new MIN layer starts below.
                let mut next = child(&state, decision.mv);
                let after = plain.best_reply(&mut next, depth - 1, 1, root, (None, 0), policy);
                assert_eq!(
                    after, expected,
                    "{policy:?} rng_seed {rng_seed}: not a best move"
                );
            }
        }
    }
}

#[test]
fn best_reply_layers_stay_short_when_the_root_player_drops_out() {
    let evaluator = noise(false);
    for players in 3..=4 {
        for rng_seed in 0..30 {
            let shape = TreeShape {
                first_player_drops_out: true,
                max_depth: 12,
                leaf_percent: 5,
                ..TreeShape::small(players)
            };
            let state = TreeGame::new(shape, rng_seed);
            let (root, depth) = (state.to_move(), 3);
            let decision = BestReply::new(SearchOptions::new(evaluator.clone()))
                .select(&state, &depth_limits(depth))
                .expect("move");
            let mut plain = Plain::new(evaluator.as_ref());
            let expected = plain.best_reply(
                &mut state.clone(),
                depth,
                0,
                root,
                (None, 0),
                DefaultMove::FirstOrdered,
            );
            assert_eq!(
                decision.value, expected as f64,
                "{players}p rng_seed {rng_seed}"
            );
            // One root ply, then layers of at most n - 1 opponent plies.
            let longest = 1 + (depth as usize - 1) * (players - 1);
            assert!(
                decision.pv.len() <= longest,
                "{players}p rng_seed {rng_seed}: {:?}",
                decision.pv
            );
        }
    }
}

#[test]
fn best_reply_pruning_visits_fewer_nodes() {
    let evaluator = noise(false);
    let (mut pruned, mut plain_total) = (0, 0);
    for (_, state) in positions(3, 40) {
        let depth = 4;
        let policy = DefaultMove::FirstOrdered;
        pruned += BestReply::new(SearchOptions::new(evaluator.clone()))
            .select(&state, &depth_limits(depth))
            .expect("move")
            .nodes;
        let mut plain = Plain::new(evaluator.as_ref());
        for d in 1..=depth {
            plain.best_reply(&mut state.clone(), d, 0, state.to_move(), (None, 0), policy);
        }
        plain_total += plain.nodes;
    }
    eprintln!("best-reply: alpha-beta {pruned} nodes, plain {plain_total}");
    assert!(
        pruned < plain_total,
        "alpha-beta {pruned} nodes vs plain {plain_total}"
    );
}

// ---------------------------------------------------------------------------------------
// Two players: paranoid and best-reply search are negamax.

#[test]
fn two_player_trees_paranoid_and_best_reply_equal_negamax() {
    let evaluator = noise(true);
    for (rng_seed, with_skips) in positions(2, 80) {
        let depth = 1 + (rng_seed % 6) as u32;
        let alternating = TreeGame::new(
            TreeShape {
                skip_percent: 0,
                ..TreeShape::small(2)
            },
            rng_seed,
        );
        let options = SearchOptions::new(evaluator.clone());
        // Both count plies here, even when a player moves twice in a row.
        for state in [&with_skips, &alternating] {
            let mut plain = Plain::new(evaluator.as_ref());
            let expected = plain.negamax(&mut state.clone(), depth, 0) as f64;
            let paranoid = Paranoid::new(options.clone()).select(state, &depth_limits(depth));
            let best_reply = BestReply::new(options.clone()).select(state, &depth_limits(depth));
            assert_eq!(
                paranoid.expect("move").value,
                expected,
                "rng_seed {rng_seed} d{depth}"
            );
            assert_eq!(
                best_reply.expect("move").value,
                expected,
                "rng_seed {rng_seed} d{depth}"
            );
        }
    }
}

/// Tic-tac-toe positions after a few fixed pseudo-random moves.
fn tictactoe_positions() -> Vec<TicTacToe> {
    let mut out = Vec::new();
    for rng_seed in 0..30u64 {
        let mut state = TicTacToe::new();
        let mut moves = Vec::new();
        for step in 0..(rng_seed % 5) {
            state.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            let pick = mix(rng_seed * 17 + step) as usize % moves.len();
            state.play(moves[pick]);
        }
        if !state.is_terminal() {
            out.push(state);
        }
    }
    out
}

#[test]
fn tictactoe_paranoid_and_best_reply_equal_negamax() {
    let evaluator: Arc<dyn Evaluator<TicTacToe>> = Arc::new(LineCount);
    for (i, state) in tictactoe_positions().into_iter().enumerate() {
        for depth in [1, 2, 3, 9] {
            let mut plain = Plain::new(evaluator.as_ref());
            let expected = plain.negamax(&mut state.clone(), depth, 0) as f64;
            let options = SearchOptions::new(evaluator.clone());
            let paranoid = Paranoid::new(options.clone())
                .select(&state, &depth_limits(depth))
                .expect("move");
            let best_reply = BestReply::new(options)
                .select(&state, &depth_limits(depth))
                .expect("move");
            assert_eq!(paranoid.value, expected, "position {i} d{depth}: {state}");
            assert_eq!(best_reply.value, expected, "position {i} d{depth}: {state}");
        }
    }
}

#[test]
fn tictactoe_paranoid_with_a_table_equals_negamax() {
    // Along random lines, deep searches before shallow ones. With one agent per side, a
    // table lives on from move to move, so stored results meet their positions at other
    // plies and other depths; with one agent for both sides the root player changes every
    // move, and the table must be cleared each time.
    let evaluator: Arc<dyn Evaluator<TicTacToe>> = Arc::new(LineCount);
    let (mut with, mut without) = (0, 0);
    for rng_seed in 0..16u64 {
        let one_per_side = rng_seed % 2 == 1;
        let mut agents = [
            Paranoid::new(SearchOptions::new(evaluator.clone())).table(1),
            Paranoid::new(SearchOptions::new(evaluator.clone())).table(1),
        ];
        let mut state = TicTacToe::new();
        let mut moves = Vec::new();
        for step in 0.. {
            // X searches one ply deeper than O: the same positions then come back at the
            // same remaining depth under the other root player.
            let depths = if state.to_move() == 0 {
                [9, 7, 5, 3]
            } else {
                [8, 6, 4, 2]
            };
            for depth in depths {
                let mut plain = Plain::new(evaluator.as_ref());
                let expected = plain.negamax(&mut state.clone(), depth, 0) as f64;
                let tabled = &mut agents[if one_per_side { state.to_move() } else { 0 }];
                let decision = tabled.select(&state, &depth_limits(depth)).expect("move");
                assert_eq!(
                    decision.value, expected,
                    "rng_seed {rng_seed} d{depth}: {state}"
                );
                with += decision.nodes;
                without += Paranoid::new(SearchOptions::new(evaluator.clone()))
                    .select(&state, &depth_limits(depth))
                    .expect("move")
                    .nodes;
            }
            state.legal_moves(&mut moves);
            state.play(moves[mix(rng_seed * 31 + step) as usize % moves.len()]);
            if state.is_terminal() {
                break;
            }
        }
    }
    eprintln!("tic-tac-toe paranoid nodes: table {with}, none {without}");
    assert!(
        with * 10 < without * 9,
        "table {with} nodes, none {without}"
    );
}

#[test]
fn tictactoe_empty_board_is_a_draw_for_every_search() {
    let evaluator: Arc<dyn Evaluator<TicTacToe>> = Arc::new(LineCount);
    let state = TicTacToe::new();
    let options = SearchOptions::new(evaluator).depth(9);
    let agents: Vec<Box<dyn Agent<TicTacToe>>> = vec![
        Box::new(Paranoid::new(options.clone())),
        Box::new(MaxN::new(options.clone())),
        Box::new(BestReply::new(options)),
    ];
    for mut agent in agents {
        let decision = agent.select(&state, &SearchLimits::none()).expect("move");
        assert_eq!(decision.value, 0.0, "{}", agent.name());
        assert!(decision.depth <= 9);
    }
}

// ---------------------------------------------------------------------------------------
// Limits.

fn huge_tree() -> TreeGame {
    let shape = TreeShape {
        players: 3,
        max_branching: 8,
        max_depth: 200,
        leaf_percent: 1,
        skip_percent: 10,
        first_player_drops_out: false,
        scoring: Scoring::Ranking,
    };
    TreeGame::new(shape, 99)
}

fn legal(state: &TreeGame, mv: u8) -> bool {
    state.check_move(mv).is_ok()
}

#[test]
fn time_limited_searches_answer_in_time_with_a_legal_move() {
    let state = huge_tree();
    let budget = Duration::from_millis(80);
    // The clock is read every 64 nodes; the slack is for a machine kept busy by other work,
    // far below what the searches would take without the limit (they would search on to
    // depth 64).
    let slack = Duration::from_secs(3);
    let options = SearchOptions::new(noise(false)).time(budget);
    let agents: Vec<Box<dyn Agent<TreeGame>>> = vec![
        Box::new(Paranoid::new(options.clone())),
        Box::new(MaxN::new(options.clone())),
        Box::new(BestReply::new(options)),
    ];
    for mut agent in agents {
        let start = Instant::now();
        let decision = agent.select(&state, &SearchLimits::none()).expect("move");
        let took = start.elapsed();
        assert!(legal(&state, decision.mv), "{}", agent.name());
        assert!(took < budget + slack, "{} took {took:?}", agent.name());
        assert!(
            decision.depth >= 1,
            "{} completed no iteration",
            agent.name()
        );
        assert!(decision.elapsed <= took);
    }
}

#[test]
fn node_limits_stop_the_search_and_an_answer_still_comes() {
    let state = huge_tree();
    for nodes in [1, 50, 5_000] {
        let limits = SearchLimits::nodes(nodes);
        let options = SearchOptions::new(noise(false));
        let agents: Vec<Box<dyn Agent<TreeGame>>> = vec![
            Box::new(Paranoid::new(options.clone())),
            Box::new(MaxN::new(options.clone())),
            Box::new(BestReply::new(options)),
        ];
        for mut agent in agents {
            let decision = agent.select(&state, &limits).expect("move");
            assert!(legal(&state, decision.mv), "{}", agent.name());
            // The limit is checked as each node is entered.
            assert!(
                decision.nodes <= nodes,
                "{}: {} nodes",
                agent.name(),
                decision.nodes
            );
        }
    }
}

#[test]
fn a_solved_tree_stops_deepening() {
    // Depth 7 at most: asking for 30 plies must stop after the first iteration that reaches
    // no horizon.
    let state = TreeGame::new(TreeShape::small(3), 5);
    let options = SearchOptions::new(noise(false)).depth(30);
    let decision = Paranoid::new(options)
        .select(&state, &SearchLimits::none())
        .expect("move");
    assert!(decision.depth <= 8, "went on to depth {}", decision.depth);
}

#[test]
fn no_decision_at_a_finished_game() {
    let mut state = TreeGame::new(TreeShape::small(3), 1);
    let mut moves = Vec::new();
    loop {
        state.legal_moves(&mut moves);
        match moves.first() {
            Some(&mv) => state.play(mv),
            None => break,
        }
    }
    let options = SearchOptions::new(noise(false));
    assert!(Paranoid::new(options.clone())
        .select(&state, &SearchLimits::none())
        .is_none());
    assert!(MaxN::new(options.clone())
        .select(&state, &SearchLimits::none())
        .is_none());
    assert!(BestReply::new(options)
        .select(&state, &SearchLimits::none())
        .is_none());
}

#[test]
fn names_recreate_the_settings() {
    let options = SearchOptions::new(noise(false))
        .depth(3)
        .time(Duration::from_millis(250));
    assert_eq!(
        Paranoid::new(options.clone()).name(),
        "paranoid:depth=3,time=250ms,eval=tree-noise"
    );
    assert_eq!(
        BestReply::new(options.clone())
            .default_move(DefaultMove::Greedy)
            .name(),
        "bestreply:depth=3,time=250ms,eval=tree-noise,default=greedy"
    );
    let no_killers = options.clone().killers(false);
    assert_eq!(
        MaxN::new(no_killers).name(),
        "maxn:depth=3,time=250ms,eval=tree-noise"
    );
}

// ---------------------------------------------------------------------------------------
// The catalog.

fn catalog() -> Catalog<TreeGame> {
    let mut catalog = Catalog::generic(noise(false));
    register_agents(&mut catalog);
    // Added after the agents: `order=reversed` must still find it.
    catalog.add_ordering(Arc::new(Reversed));
    catalog
}

#[test]
fn catalog_builds_the_three_agents_from_specs() {
    let catalog = catalog();
    let names: Vec<String> = catalog.entries().into_iter().map(|e| e.name).collect();
    for name in ["paranoid", "maxn", "bestreply"] {
        assert!(
            names.iter().any(|n| n == name),
            "{name} missing from {names:?}"
        );
    }
    let state = TreeGame::new(TreeShape::small(3), 11);
    let root = state.to_move();
    let evaluator = noise(false);
    let mut plain = Plain::new(evaluator.as_ref());
    let cases = [
        (
            "paranoid:depth=3",
            plain.paranoid(&mut state.clone(), 3, 0, root),
        ),
        (
            "paranoid:depth=3,order=reversed",
            plain.paranoid(&mut state.clone(), 3, 0, root),
        ),
        ("maxn:depth=3", plain.max_n(&mut state.clone(), 3, 0)[root]),
        (
            "maxn:depth=3,min-value=-2000000,max-sum=150",
            plain.max_n(&mut state.clone(), 3, 0)[root],
        ),
        (
            "maxn:depth=3,min-value=-9223372036854775808,max-sum=9223372036854775807",
            plain.max_n(&mut state.clone(), 3, 0)[root],
        ),
        (
            "bestreply:depth=3,default=greedy",
            plain.best_reply(
                &mut state.clone(),
                3,
                0,
                root,
                (None, 0),
                DefaultMove::Greedy,
            ),
        ),
    ];
    for (spec, expected) in cases {
        let mut agent = catalog
            .build(spec, 1)
            .unwrap_or_else(|e| panic!("{spec}: {e}"));
        let decision = agent.select(&state, &SearchLimits::none()).expect("move");
        assert_eq!(decision.value, expected as f64, "{spec}");
    }
    let agent = catalog
        .build("maxn:depth=2,eval=zero,time=1s", 1)
        .expect("builds");
    assert_eq!(agent.name(), "maxn:depth=2,time=1000ms,eval=zero");
    let agent = catalog
        .build("paranoid:killers=off,nodes=900", 1)
        .expect("builds");
    assert_eq!(
        agent.name(),
        "paranoid:nodes=900,eval=tree-noise,killers=false,tt=16"
    );
    let agent = catalog.build("paranoid:tt=0", 1).expect("builds");
    assert_eq!(agent.name(), "paranoid:eval=tree-noise");
}

#[test]
fn agent_names_build_the_same_agent_again() {
    let catalog = catalog();
    for spec in [
        "paranoid",
        "paranoid:depth=5,killers=false,order=reversed",
        "paranoid:tt=1",
        "maxn:time=20ms,nodes=5000,min-value=-1000000,max-sum=0",
        "maxn:eval=zero,order=reversed",
        "bestreply:default=greedy,killers=off,depth=2",
    ] {
        let name = catalog.build(spec, 1).expect(spec).name();
        let again = catalog
            .build(&name, 1)
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(again.name(), name, "{spec}");
    }
}

#[test]
fn catalog_rejects_bad_specs_with_a_clear_message() {
    let catalog = catalog();
    let cases = [
        ("paranoid:depth=0", "depth"),
        ("paranoid:depth=x", "depth"),
        ("paranoid:eval=nope", "hash-noise"),
        ("paranoid:order=nope", "reversed"),
        ("paranoid:nodes=0", "nodes"),
        ("paranoid:time=5", "750ms"),
        ("maxn:min-value=-5", "max-sum"),
        ("maxn:max-sum=5", "min-value"),
        ("maxn:max-sum=1.5,min-value=0", "max-sum"),
        ("bestreply:default=lazy", "first or greedy"),
        ("bestreply:c=2", "default"),
        ("maxn:killers=true", "killers"),
        ("paranoid:killers=maybe", "true or false"),
        ("paranoid:tt=70000", "1024"),
        ("paranoid:tt=-1", "tt"),
    ];
    for (spec, mentioned) in cases {
        let message = match catalog.build(spec, 1) {
            Ok(_) => panic!("{spec} was accepted"),
            Err(error) => error.to_string(),
        };
        assert!(message.contains(mentioned), "{spec}: {message}");
    }
}
