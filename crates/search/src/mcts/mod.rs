//! Monte Carlo tree search with UCT, for any number of players.
//!
//! Each iteration descends the tree by UCT, adds one child (progressive expansion, the
//! child's move drawn from a per-node seeded permutation of the legal moves), plays the game
//! out with a [`RolloutPolicy`] and adds the final scores to every node on the way back.
//!
//! - **UCT**: at a node where player `p` moves, the child maximising
//!   `mean_p + c·√(ln N / n)` (seed 001's form; seed 004 writes `c·√(2 ln N / n)`, which is
//!   this one with `c` multiplied by √2).
//! - **Rewards per player** (a `Scores` per playout, scaled to 0..=1 by dividing by
//!   `players − 1`, so two-player win/draw/loss is 1/½/0 and three-player ranking 2/1/0 is
//!   1/½/0): each node keeps one sum per player and the player to move picks by its own
//!   reward (max-n backup). Two-player games are the special case.
//! - **MCTS-solver** (two players): a finished game is a proven result; a node with a child
//!   proven won for its mover is proven won for that mover; a fully expanded node whose
//!   children are all proven takes the best of them. Proven losses are never selected, and
//!   the search stops as soon as the root is proven.
//! - The final move is the most visited child (a proven win if there is one; never a proven
//!   loss while another move is not).

mod rollout;
pub(crate) mod tree;

use std::sync::Arc;
use std::time::{Duration, Instant};

use ply_core::{Agent, Decision, Game, Player, Scores, SearchLimits, Stopper};
use rand::{Rng, SeedableRng};

pub use rollout::{RolloutPolicy, UniformRollout};
use tree::{Proof, Tree, NONE, UNCOUNTED};

use crate::SearchRng;

/// The default budget: playouts per move when neither the agent's options nor the caller's
/// limits set playouts, a time or a node count (a stop flag is not a budget).
pub const DEFAULT_ITERATIONS: u64 = 10_000;

/// The options of an MCTS search.
#[derive(Debug, Clone, PartialEq)]
pub struct MctsOptions {
    /// Playouts per move; `None`: [`DEFAULT_ITERATIONS`] unless a time limit is set.
    pub iterations: Option<u64>,
    pub time: Option<Duration>,
    /// The UCT exploration constant.
    pub exploration: f64,
    /// Prove wins and losses (two-player games).
    pub solver: bool,
    /// A playout longer than this many plies is scored as a tie.
    pub playout_limit: u32,
    /// The tree stops growing at this many nodes (playouts go on from its leaves); a node
    /// of a two-player game takes about 50 bytes.
    pub max_tree_nodes: usize,
}

impl Default for MctsOptions {
    fn default() -> Self {
        MctsOptions {
            iterations: None,
            time: None,
            exploration: std::f64::consts::SQRT_2,
            solver: true,
            playout_limit: 1000,
            max_tree_nodes: 2_000_000,
        }
    }
}

/// UCT Monte Carlo tree search.
pub struct Mcts<G: Game> {
    options: MctsOptions,
    rollout: Arc<dyn RolloutPolicy<G>>,
    rng: SearchRng,
    /// Mixed into each node's index to draw its expansion order (redrawn per search).
    expansion_seed: u64,
    tree: Tree<G::Move>,
    moves: Vec<G::Move>,
    /// Moves played from the root during one iteration, undone afterwards.
    played: Vec<G::Move>,
    /// The current search's deadline, if it has a time limit.
    deadline: Option<Instant>,
    name: Option<String>,
}

impl<G: Game> Mcts<G> {
    /// Uniform rollouts, c = √2, solver on, seeded by `rng_seed`.
    pub fn new(rng_seed: u64) -> Self {
        let mut rng = SearchRng::seed_from_u64(rng_seed);
        let expansion_seed = rng.random();
        Mcts {
            options: MctsOptions::default(),
            rollout: Arc::new(UniformRollout),
            rng,
            expansion_seed,
            tree: Tree::new(),
            moves: Vec::new(),
            played: Vec::new(),
            deadline: None,
            name: None,
        }
    }

    pub fn options(mut self, options: MctsOptions) -> Self {
        self.options = options;
        self
    }

    pub fn iterations(mut self, iterations: u64) -> Self {
        self.options.iterations = Some(iterations.max(1));
        self
    }

    pub fn time(mut self, time: Duration) -> Self {
        self.options.time = Some(time);
        self
    }

    pub fn exploration(mut self, c: f64) -> Self {
        self.options.exploration = c;
        self
    }

    pub fn solver(mut self, on: bool) -> Self {
        self.options.solver = on;
        self
    }

    pub fn playout_limit(mut self, plies: u32) -> Self {
        self.options.playout_limit = plies.max(1);
        self
    }

    pub fn max_tree_nodes(mut self, nodes: usize) -> Self {
        self.options.max_tree_nodes = nodes.max(2);
        self
    }

    pub fn rollout(mut self, policy: Arc<dyn RolloutPolicy<G>>) -> Self {
        self.rollout = policy;
        self
    }

    /// The name [`Agent::name`] reports, for agents built around this search.
    pub fn named(mut self, name: impl Into<String>) -> Self {
        self.name = Some(name.into());
        self
    }

    pub fn current_options(&self) -> &MctsOptions {
        &self.options
    }

    fn spec(&self) -> String {
        let o = &self.options;
        let mut spec = String::from("mcts:");
        if let Some(n) = o.iterations {
            spec += &format!("iterations={n},");
        }
        if let Some(t) = o.time {
            spec += &format!("time={}ms,", t.as_millis());
        }
        spec += &format!("c={},solver={}", o.exploration, o.solver);
        if self.rollout.name() != "uniform" {
            spec += &format!(",rollout={}", self.rollout.name());
        }
        spec
    }

    /// Scores scaled to 0..=1 per player.
    fn rewards(scores: &Scores) -> Scores {
        let scale = (scores.players().max(2) - 1) as f64;
        let mut r = *scores;
        for p in 0..scores.players() {
            r.set(p, scores.get(p) / scale);
        }
        r
    }

    /// The scores a proven result stands for, `mover` being the player it is proven for.
    fn proof_scores(proof: Proof, mover: Player) -> Scores {
        match proof {
            Proof::Win => Scores::win(mover),
            Proof::Loss => Scores::win(1 - mover),
            Proof::Draw => Scores::draw(),
        }
    }

    /// Child of `node` to descend into, by UCT for the player to move there.
    fn select_child(&self, node: u32) -> u32 {
        let parent_visits = f64::from(self.tree.node(node).visits.max(1));
        let log_parent = parent_visits.ln();
        let c = self.options.exploration;
        let mut best = NONE;
        let mut best_score = f64::NEG_INFINITY;
        let mut fallback = NONE;
        for child in self.tree.children(node) {
            let n = self.tree.node(child);
            if fallback == NONE {
                fallback = child;
            }
            if self.options.solver && n.proof == Some(Proof::Loss) {
                continue;
            }
            let score = if n.visits == 0 {
                f64::INFINITY
            } else {
                self.tree.mean(child, n.mover as Player)
                    + c * (log_parent / f64::from(n.visits)).sqrt()
            };
            if score > best_score {
                best_score = score;
                best = child;
            }
        }
        if best == NONE {
            fallback
        } else {
            best
        }
    }

    /// The `k`-th move of `node`'s own random permutation of `self.moves` (Fisher–Yates,
    /// stopped after `k + 1` steps, from a random seed fixed per node): each child is a new move,
    /// with no list of tried moves to store.
    fn expansion_move(&mut self, node: u32, k: usize) -> G::Move {
        let mut rng = SearchRng::seed_from_u64(
            self.expansion_seed ^ u64::from(node).wrapping_mul(0x9E37_79B9_7F4A_7C15),
        );
        for i in 0..=k {
            let j = rng.random_range(i..self.moves.len());
            self.moves.swap(i, j);
        }
        self.moves[k]
    }

    /// Plays the game out from `state` with the rollout policy; returns its scores, or
    /// `None` when the deadline passed on the way.
    fn playout(&mut self, state: &mut G, nodes: &mut u64) -> Option<Scores> {
        let start = self.played.len();
        let mut result = None;
        let mut out_of_time = false;
        for ply in 0..self.options.playout_limit {
            if let Some(scores) = state.outcome() {
                result = Some(scores);
                break;
            }
            // A long playout in a slow game could outlast the deadline on its own.
            if ply % 32 == 31 && self.deadline.is_some_and(|d| Instant::now() >= d) {
                out_of_time = true;
                break;
            }
            state.legal_moves(&mut self.moves);
            let mv = self.rollout.choose(state, &self.moves, &mut self.rng);
            state.play(mv);
            self.played.push(mv);
            *nodes += 1;
        }
        let scores = result
            .or_else(|| state.outcome())
            .unwrap_or_else(|| tie(state.num_players()));
        while self.played.len() > start {
            let mv = self.played.pop().expect("a move played in this playout");
            state.undo(mv);
        }
        (!out_of_time).then_some(scores)
    }

    /// Proves `node` from its children if it can, then its ancestors (two players).
    fn propagate_proof(&mut self, mut node: u32) {
        while node != NONE {
            let n = self.tree.node(node);
            if n.proof.is_some() {
                // Already proven (e.g. a terminal node): its parent may now be provable.
                node = n.parent;
                if node == NONE {
                    return;
                }
            }
            let n = self.tree.node(node);
            if n.proof.is_some() || n.legal == UNCOUNTED {
                return;
            }
            let all_children = n.children == n.legal;
            let children = self.tree.children(node).map(|c| {
                let c = self.tree.node(c);
                (c.mover, c.proof)
            });
            let Some(proof) = Proof::from_children(n.mover, children, all_children) else {
                return;
            };
            let n = self.tree.node_mut(node);
            n.proof = Some(proof);
            node = n.parent;
        }
    }

    /// Marks `node` as the end of the game; with the solver on, as a proven result for the
    /// player who moved into it, and proves what follows from that above it.
    fn settle_terminal(&mut self, node: u32, scores: &Scores, solver: bool) {
        self.tree.node_mut(node).legal = 0;
        if solver {
            let margin = scores.margin(self.tree.node(node).mover as Player);
            self.tree.node_mut(node).proof = Some(if margin > 0.0 {
                Proof::Win
            } else if margin < 0.0 {
                Proof::Loss
            } else {
                Proof::Draw
            });
            self.propagate_proof(node);
        }
    }

    /// One iteration: select, expand, play out, back up. Returns the depth reached, or
    /// `None` if the deadline cut the playout short (nothing is backed up then).
    fn iterate(&mut self, state: &mut G, nodes: &mut u64) -> Option<u32> {
        let solver = self.options.solver && state.num_players() == 2;
        let mut node = 0u32;
        let mut depth = 0;
        let mut expanded = false;
        let scores = loop {
            *nodes += 1;
            if let Some(proof) = self.tree.node(node).proof {
                break Some(Self::proof_scores(
                    proof,
                    self.tree.node(node).mover as Player,
                ));
            }
            if let Some(scores) = state.outcome() {
                self.settle_terminal(node, &scores, solver);
                break Some(scores);
            }
            if expanded {
                break self.playout(state, nodes);
            }
            let n = self.tree.node(node);
            if n.legal == UNCOUNTED || n.children < n.legal {
                if self.tree.len() >= self.options.max_tree_nodes {
                    break self.playout(state, nodes);
                }
                // Expansion: one new child, the next move of this node's own permutation.
                state.legal_moves(&mut self.moves);
                self.tree.node_mut(node).legal = self.moves.len() as u32;
                let k = self.tree.node(node).children as usize;
                let mv = self.expansion_move(node, k);
                node = self.tree.add_child(node, mv, state.to_move());
                expanded = true;
                state.play(mv);
                self.played.push(mv);
                depth += 1;
                continue;
            }
            let child = self.select_child(node);
            let mv = self.tree.node(child).mv.expect("children carry their move");
            state.play(mv);
            self.played.push(mv);
            node = child;
            depth += 1;
        };
        if let Some(scores) = scores {
            let rewards = Self::rewards(&scores);
            let mut back = node;
            while back != NONE {
                self.tree.add_rewards(back, &rewards);
                back = self.tree.node(back).parent;
            }
        }
        while let Some(mv) = self.played.pop() {
            state.undo(mv);
        }
        scores.map(|_| depth)
    }

    /// The root child to play.
    fn best_root_child(&self) -> u32 {
        let mut best = NONE;
        let mut best_key = (i8::MIN, 0u32);
        for child in self.tree.children(0) {
            let n = self.tree.node(child);
            let rank = match n.proof {
                Some(Proof::Win) => 1,
                Some(Proof::Loss) => -1,
                _ => 0,
            };
            let key = (rank, n.visits);
            if best == NONE || key > best_key {
                best = child;
                best_key = key;
            }
        }
        best
    }

    fn principal_variation(&self, first: u32) -> Vec<G::Move> {
        let mut pv = Vec::new();
        let mut node = first;
        while node != NONE {
            pv.extend(self.tree.node(node).mv);
            node = self
                .tree
                .children(node)
                .max_by_key(|&c| self.tree.node(c).visits)
                .unwrap_or(NONE);
        }
        pv
    }
}

/// Equal scores for every player, halfway between last (0) and first (`players − 1`): a
/// draw.
fn tie(players: usize) -> Scores {
    let mut s = Scores::new(players.clamp(1, ply_core::MAX_PLAYERS));
    let middle = (s.players().max(2) - 1) as f64 / 2.0;
    for p in 0..s.players() {
        s.set(p, middle);
    }
    s
}

impl<G: Game> Agent<G> for Mcts<G> {
    fn name(&self) -> String {
        self.name.clone().unwrap_or_else(|| self.spec())
    }

    fn value_scale(&self, _state: &G) -> ply_core::ValueScale {
        ply_core::ValueScale::Reward
    }

    fn select(&mut self, state: &G, limits: &SearchLimits) -> Option<Decision<G::Move>> {
        if state.is_terminal() {
            return None;
        }
        let own = SearchLimits {
            iterations: self.options.iterations,
            time: self.options.time,
            ..SearchLimits::default()
        };
        let mut limits = own.combine(limits);
        // A stop flag is an interrupt, not a budget: with only a flag, the default playouts.
        if limits.iterations.is_none() && limits.time.is_none() && limits.nodes.is_none() {
            limits.iterations = Some(DEFAULT_ITERATIONS);
        }
        let mut stopper = Stopper::new(&limits);
        self.deadline = stopper.deadline();
        // A fresh expansion order per search, still fixed by the agent's rng_seed.
        self.expansion_seed = self.rng.random();
        let mut position = state.clone();
        let me = position.to_move();
        let players = position.num_players();
        // The root's "mover" is whoever moved last; only its children's rewards are read.
        self.tree.reset(players, (me + players - 1) % players);
        self.played.clear();
        let mut nodes = 0u64;
        let mut iterations = 0u64;
        let mut depth = 0;
        // The stopper reads the clock every 64 calls; a playout can be long, so with a time
        // limit the clock is read after every one (a few tens of ns against microseconds).
        let timed = limits.time.is_some();
        while iterations == 0
            || !(stopper.iterations_done(iterations, nodes) || (timed && stopper.out_of_time()))
        {
            let Some(reached) = self.iterate(&mut position, &mut nodes) else {
                break;
            };
            depth = depth.max(reached);
            iterations += 1;
            if self.tree.node(0).proof.is_some() {
                break;
            }
        }
        let best = self.best_root_child();
        let child = self.tree.node(best);
        let mv = child.mv.expect("the root has children");
        let value = match child.proof {
            Some(Proof::Win) => 1.0,
            Some(Proof::Loss) => 0.0,
            Some(Proof::Draw) => 0.5,
            None => self.tree.mean(best, me),
        };
        Some(Decision {
            mv,
            value,
            pv: self.principal_variation(best),
            nodes,
            depth,
            elapsed: stopper.elapsed(),
            iterations,
        })
    }
}
