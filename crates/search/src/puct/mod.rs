//! PUCT: the tree search of AlphaZero, for any game and any [`Guide`] (a network, or
//! random playouts).
//!
//! Each simulation descends the tree by PUCT, and at a new position asks the guide for a
//! prior over its legal moves and a value for every seat; the position is expanded with
//! all its moves at once and the values are added to every node on the way back.
//!
//! - **Selection** at a node where player `p` moves: the child maximising
//!   `Q + c·P·√N / (1 + n)`, with `Q` the child's mean reward for `p` mapped to −1..1, `P`
//!   its prior, `N` the node's visits and `n` the child's. An unvisited child's `Q` is the
//!   guide's value of the node for `p`, lowered by `fpu`·√(prior already visited)
//!   (first-play urgency, as Leela Zero).
//! - **Batches**: a call to [`Puct::gather`] descends up to `batch` times, each descent
//!   counting as a loss on its path until its leaf is evaluated (virtual loss), so one
//!   guide call sees a batch of different positions; [`Puct::deliver`] expands them and backs
//!   their values up. Self-play drives many trees this way and evaluates all their leaves
//!   in one network call.
//! - **Values per seat**: a node keeps the rewards (0..=1) of the player who moved into it,
//!   so three to six players each pick by their own reward (max-n backup), as in
//!   [`crate::mcts`].
//! - **Proofs** (two players, as the MCTS-solver of [`crate::mcts`]): a finished game is a
//!   proven result; a node with a child won for its mover is won for that mover; a node
//!   whose children are all proven takes the best of them. A node's moves that end the game
//!   are settled as it is expanded, so a win at once is proven at the first visit. Proven
//!   losses are not chosen while another move is not, and the search stops once the root is
//!   proven.
//! - **Self-play**: Dirichlet noise on the root's priors ([`PuctOptions::noise`]) and a move
//!   temperature ([`Puct::choose_move`]).
//! - **Tree reuse**: [`Puct::advance`] keeps the subtree of the move played; as an
//!   [`Agent`], the tree of the previous decision is kept when the new position is reached
//!   from its root by a few moves that the tree already holds.

mod guide;
mod noise;
mod tree;

use std::time::Duration;

use ply_core::{Agent, Decision, Game, Player, SearchLimits, Stopper, ValueScale, MAX_PLAYERS};
use rand::{Rng, SeedableRng};

pub use guide::{rewards, Guidance, Guide, Leaf, RolloutGuide};
pub use noise::{default_alpha, dirichlet};

use crate::mcts::tree::Proof;
use crate::SearchRng;
use tree::{Status, Tree, NONE};

/// The default budget: simulations per move when neither the options nor the caller's
/// limits set simulations, a time or a node count.
pub const DEFAULT_SIMULATIONS: u64 = 800;

/// Dirichlet noise mixed into the root's priors: `(1 − fraction)·P + fraction·η`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Noise {
    /// The Dirichlet concentration; `None`: [`default_alpha`] of the root's move count.
    pub alpha: Option<f64>,
    /// The share of the prior the noise replaces (AlphaZero: 0.25).
    pub fraction: f64,
}

impl Default for Noise {
    fn default() -> Self {
        Noise {
            alpha: None,
            fraction: 0.25,
        }
    }
}

/// The options of a PUCT search.
#[derive(Debug, Clone, PartialEq)]
pub struct PuctOptions {
    /// Simulations per move; `None`: [`DEFAULT_SIMULATIONS`] unless a time is set.
    pub simulations: Option<u64>,
    pub time: Option<Duration>,
    /// The exploration constant `c` (on values in −1..1).
    pub exploration: f64,
    /// First-play urgency reduction (on rewards in 0..1).
    pub fpu_reduction: f64,
    /// Leaves gathered per guide call.
    pub batch: usize,
    /// Prove wins and losses (two-player games).
    pub solver: bool,
    /// Root noise, for self-play.
    pub noise: Option<Noise>,
    /// The move temperature of [`Agent::select`]: 0 plays the most visited move.
    pub temperature: f64,
    /// Keep the tree between decisions.
    pub reuse: bool,
    /// The tree stops growing at this many nodes (the search ends there).
    pub max_tree_nodes: usize,
}

impl Default for PuctOptions {
    fn default() -> Self {
        PuctOptions {
            simulations: None,
            time: None,
            exploration: 1.5,
            fpu_reduction: 0.1,
            batch: 8,
            solver: true,
            noise: None,
            temperature: 0.0,
            reuse: true,
            max_tree_nodes: 4_000_000,
        }
    }
}

/// What one search did.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct SearchStats {
    /// Simulations completed.
    pub simulations: u64,
    /// Positions the guide evaluated.
    pub evaluations: u64,
    /// The deepest node reached below the root.
    pub depth: u32,
}

/// The result of one descent of [`Puct::gather`].
enum Descent {
    /// A new position to evaluate, queued as a leaf.
    Queued,
    /// A finished game or a proven node: its values are backed up already.
    Backed,
    /// It reached a position already waiting for its guidance.
    Collision,
}

/// The PUCT tree search.
pub struct Puct<G: Game> {
    options: PuctOptions,
    tree: Tree<G::Move>,
    /// The root's position, and a copy the descents play moves on.
    root_state: Option<G>,
    work: Option<G>,
    rng: SearchRng,
    /// The root's priors with noise mixed in, by child (empty: the nodes' own priors).
    root_priors: Vec<f32>,
    /// Whether the root still wants its noise (it is mixed in once it is expanded).
    noise_wanted: bool,
    leaves: Vec<Leaf<G>>,
    /// The node of each leaf.
    pending: Vec<u32>,
    moves: Vec<G::Move>,
    played: Vec<G::Move>,
    stats: SearchStats,
}

impl<G: Game> Puct<G> {
    pub fn new(options: PuctOptions, rng_seed: u64) -> Self {
        Puct {
            options,
            tree: Tree::new(),
            root_state: None,
            work: None,
            rng: SearchRng::seed_from_u64(rng_seed),
            root_priors: Vec::new(),
            noise_wanted: false,
            leaves: Vec::new(),
            pending: Vec::new(),
            moves: Vec::new(),
            played: Vec::new(),
            stats: SearchStats::default(),
        }
    }

    pub fn options(&self) -> &PuctOptions {
        &self.options
    }

    pub fn options_mut(&mut self) -> &mut PuctOptions {
        &mut self.options
    }

    /// The root's position, once set.
    pub fn root_state(&self) -> Option<&G> {
        self.root_state.as_ref()
    }

    /// What the current search has done so far.
    pub fn stats(&self) -> SearchStats {
        self.stats
    }

    /// Forgets the tree.
    pub fn clear(&mut self) {
        self.tree = Tree::new();
        self.root_state = None;
        self.work = None;
    }

    /// Starts a search from `state`: keeps the part of the tree below it when it can
    /// (the options' `reuse`), otherwise plants a fresh root.
    pub fn set_root(&mut self, state: &G) {
        let kept = self.options.reuse && self.reuse_for(state);
        if !kept {
            let players = state.num_players();
            self.tree.reset((state.to_move() + players - 1) % players);
        }
        self.root_state = Some(state.clone());
        self.work = Some(state.clone());
        self.start_search();
    }

    /// Plays `mv` at the root: its subtree becomes the tree (or a fresh root if the option
    /// `reuse` is off or the move was never expanded). A new search starts.
    pub fn advance(&mut self, mv: G::Move) {
        let mut state = self.root_state.take().expect("advance after set_root");
        state.play(mv);
        match self.tree.child_by_move(0, mv) {
            Some(child) if self.options.reuse => self.tree.reroot(child),
            _ => {
                let players = state.num_players();
                self.tree.reset((state.to_move() + players - 1) % players);
            }
        }
        self.work = Some(state.clone());
        self.root_state = Some(state);
        self.start_search();
    }

    fn start_search(&mut self) {
        self.stats = SearchStats::default();
        self.root_priors.clear();
        self.noise_wanted = self.options.noise.is_some();
        self.leaves.clear();
        self.pending.clear();
        if self.tree.node(0).status == Status::Expanded {
            self.mix_root_noise();
        }
    }

    /// Whether the tree already holds a position equal to `state` within a few moves of
    /// its root (the previous decision's tree): if so, makes it the root.
    fn reuse_for(&mut self, state: &G) -> bool {
        let Some(old_root) = self.root_state.clone() else {
            return false;
        };
        if self.tree.len() == 0 {
            return false;
        }
        if old_root == *state {
            return true;
        }
        // Breadth first over visited children, as deep as one round of moves.
        let mut frontier = vec![(0u32, old_root)];
        for _ in 0..state.num_players().max(2) {
            let mut next = Vec::new();
            for (node, position) in &frontier {
                for child in self.tree.children(*node) {
                    if self.tree.node(child).visits == 0 {
                        continue;
                    }
                    let mut after = position.clone();
                    after.play(self.tree.node(child).mv.expect("children carry their move"));
                    if after == *state {
                        self.tree.reroot(child);
                        return true;
                    }
                    if next.len() < 4096 {
                        next.push((child, after));
                    }
                }
            }
            frontier = next;
        }
        false
    }

    /// The search's value of the root for its player to move, 0..=1: 1, ½ or 0 when the
    /// root is proven, else the mean reward of the completed simulations through its
    /// children (the search's Q of the position, as a self-play value target); `None`
    /// before any.
    pub fn root_value(&self) -> Option<f64> {
        if self.tree.len() == 0 {
            return None;
        }
        // The root's proof is its mover's, the player before the one to move.
        match self.tree.node(0).proof {
            Some(Proof::Win) => return Some(0.0),
            Some(Proof::Loss) => return Some(1.0),
            Some(Proof::Draw) => return Some(0.5),
            None => {}
        }
        let (sum, visits) = self.tree.children(0).fold((0.0, 0u64), |(s, v), c| {
            let n = self.tree.node(c);
            (s + n.reward_sum, v + u64::from(n.visits))
        });
        (visits > 0).then(|| sum / visits as f64)
    }

    /// Whether the root's result is proven.
    pub fn root_proven(&self) -> bool {
        self.tree.node(0).proof.is_some()
    }

    /// Whether the search may go on: the root is not proven and the tree has room.
    pub fn can_search(&self) -> bool {
        !self.root_proven()
            && self.tree.len() + self.moves.len().max(256) < self.options.max_tree_nodes
            && self.tree.node(0).status != Status::Terminal
    }

    /// Descends up to `max` times from the root and queues the new positions reached; the
    /// leaves are then [`Puct::leaves`], to evaluate and [`Puct::deliver`]. Finished games
    /// and proven nodes met on the way are backed up at once. Returns the simulations
    /// completed without guidance.
    pub fn gather(&mut self, max: usize) -> u64 {
        self.leaves.clear();
        self.pending.clear();
        let mut backed = 0;
        for _ in 0..max.max(1) {
            if !self.can_search() {
                break;
            }
            match self.descend() {
                Descent::Queued => {}
                Descent::Backed => backed += 1,
                Descent::Collision => break,
            }
        }
        self.stats.simulations += backed;
        backed
    }

    /// The positions the last [`Puct::gather`] queued.
    pub fn leaves(&self) -> &[Leaf<G>] {
        &self.leaves
    }

    /// Expands the queued leaves with their guidance (one per leaf, in order) and backs
    /// their values up.
    pub fn deliver(&mut self, guidance: &[Guidance]) {
        assert_eq!(guidance.len(), self.pending.len(), "one guidance per leaf");
        for (i, advice) in guidance.iter().enumerate() {
            let node = self.pending[i];
            let leaf = &self.leaves[i];
            let to_move = leaf.state.to_move();
            let mut priors: Vec<f32> = advice
                .priors
                .iter()
                .map(|&p| if p.is_finite() && p > 0.0 { p } else { 0.0 })
                .collect();
            priors.resize(leaf.moves.len(), 0.0);
            let total: f32 = priors.iter().sum();
            if total > 0.0 {
                priors.iter_mut().for_each(|p| *p /= total);
            } else {
                priors.fill(1.0 / leaf.moves.len().max(1) as f32);
            }
            let two_players = leaf.state.num_players() == 2;
            self.tree.expand(node, &leaf.moves, &priors, to_move);
            self.tree.node_mut(node).value_to_move = advice.values[to_move];
            if self.options.solver && two_players {
                self.settle_decisive(node, i);
            }
            let values = match self.tree.node(node).proof {
                Some(proof) => proof_rewards(proof, self.tree.node(node).mover as Player),
                None => advice.values,
            };
            self.back_up(node, &values, true);
            if node == 0 {
                self.mix_root_noise();
            }
        }
        self.stats.simulations += self.pending.len() as u64;
        self.stats.evaluations += self.pending.len() as u64;
        self.pending.clear();
    }

    /// Settles the children of `node`, just expanded from leaf `leaf`, whose move ends the
    /// game. A move that wins at once then proves `node` won for its player to move at its
    /// first visit, and the move into it lost: the decisive and anti-decisive moves of
    /// Teytaud and Teytaud (2010). Without it a net that misses a tactic leaves the winning
    /// reply unvisited, and the search, and the targets self-play learns from, miss it too.
    fn settle_decisive(&mut self, node: u32, leaf: usize) {
        let first = self.tree.node(node).first_child;
        for i in 0..self.leaves[leaf].moves.len() {
            // Each move tried on the leaf's own position and taken back: no copy of it, and
            // no list of the ending moves to allocate.
            let Leaf { state, moves } = &mut self.leaves[leaf];
            let mv = moves[i];
            state.play(mv);
            let outcome = state.outcome();
            state.undo(mv);
            if let Some(scores) = outcome {
                self.settle_terminal(first + i as u32, &scores, 2);
            }
        }
    }

    /// Runs simulations with `guide` until `limits` (combined with the options' own) are
    /// reached, the root is proven or the tree is full.
    pub fn search(&mut self, guide: &mut dyn Guide<G>, limits: &SearchLimits) -> SearchStats {
        let limits = self.effective_limits(limits);
        let mut stopper = Stopper::new(&limits);
        let mut guidance = Vec::new();
        let batch = self.options.batch.max(1);
        loop {
            let done = self.stats.simulations;
            if done > 0
                && (stopper.iterations_done(done, self.stats.evaluations) || stopper.out_of_time())
            {
                break;
            }
            if !self.can_search() {
                break;
            }
            let left = limits
                .iterations
                .map_or(batch as u64, |n| n.saturating_sub(done));
            self.gather(batch.min(left.max(1) as usize));
            if !self.leaves.is_empty() {
                guide.evaluate(&self.leaves, &mut guidance);
                self.deliver(&guidance);
            }
        }
        self.stats
    }

    /// The options' budget combined with `limits`; with no budget at all, the default
    /// simulations.
    fn effective_limits(&self, limits: &SearchLimits) -> SearchLimits {
        let own = SearchLimits {
            iterations: self.options.simulations,
            time: self.options.time,
            ..SearchLimits::default()
        };
        let mut limits = own.combine(limits);
        if limits.iterations.is_none() && limits.time.is_none() && limits.nodes.is_none() {
            limits.iterations = Some(DEFAULT_SIMULATIONS);
        }
        limits
    }

    /// One descent from the root.
    fn descend(&mut self) -> Descent {
        let mut work = self.work.take().expect("a search has a root");
        let mut node = 0u32;
        let mut depth = 0;
        let outcome = loop {
            let n = self.tree.node(node);
            if let Some(proof) = n.proof {
                self.back_up(node, &proof_rewards(proof, n.mover as Player), false);
                break Descent::Backed;
            }
            match n.status {
                Status::Pending => break Descent::Collision,
                Status::Expanded => {
                    let child = self.select_child(node);
                    let mv = self.tree.node(child).mv.expect("children carry their move");
                    work.play(mv);
                    self.played.push(mv);
                    node = child;
                    depth += 1;
                }
                Status::Fresh | Status::Terminal => {
                    if let Some(scores) = work.outcome() {
                        self.settle_terminal(node, &scores, work.num_players());
                        let values = match self.tree.node(node).proof {
                            Some(proof) => {
                                proof_rewards(proof, self.tree.node(node).mover as Player)
                            }
                            None => rewards(&scores),
                        };
                        self.back_up(node, &values, false);
                        break Descent::Backed;
                    }
                    work.legal_moves(&mut self.moves);
                    self.leaves.push(Leaf {
                        state: work.clone(),
                        moves: self.moves.clone(),
                    });
                    self.pending.push(node);
                    self.tree.node_mut(node).status = Status::Pending;
                    let mut up = node;
                    while up != NONE {
                        let n = self.tree.node_mut(up);
                        n.in_flight += 1;
                        up = n.parent;
                    }
                    break Descent::Queued;
                }
            }
        };
        self.stats.depth = self.stats.depth.max(depth);
        while let Some(mv) = self.played.pop() {
            work.undo(mv);
        }
        self.work = Some(work);
        outcome
    }

    /// Adds one simulation's `values` to `node` and its ancestors; `queued`: the
    /// simulation was in flight, so its virtual losses come off.
    fn back_up(&mut self, node: u32, values: &[f32; MAX_PLAYERS], queued: bool) {
        let mut up = node;
        while up != NONE {
            let n = self.tree.node_mut(up);
            n.visits += 1;
            if queued {
                n.in_flight -= 1;
            }
            n.reward_sum += f64::from(values[n.mover as usize]);
            up = n.parent;
        }
    }

    /// Marks `node` as a finished game; in a two-player game with the solver on, as a
    /// proven result for the player who moved into it, and proves what follows above.
    fn settle_terminal(&mut self, node: u32, scores: &ply_core::Scores, players: usize) {
        let n = self.tree.node_mut(node);
        n.status = Status::Terminal;
        if self.options.solver && players == 2 && n.proof.is_none() {
            let margin = scores.margin(n.mover as Player);
            n.proof = Some(if margin > 0.0 {
                Proof::Win
            } else if margin < 0.0 {
                Proof::Loss
            } else {
                Proof::Draw
            });
            let parent = n.parent;
            self.propagate_proof(parent);
        }
    }

    /// Proves `node` from its children if it can, then its ancestors.
    fn propagate_proof(&mut self, mut node: u32) {
        while node != NONE {
            let n = self.tree.node(node);
            if n.proof.is_some() || n.status != Status::Expanded {
                return;
            }
            let children = self.tree.children(node).map(|c| {
                let c = self.tree.node(c);
                (c.mover, c.proof)
            });
            let Some(proof) = Proof::from_children(n.mover, children, true) else {
                return;
            };
            let n = self.tree.node_mut(node);
            n.proof = Some(proof);
            node = n.parent;
        }
    }

    /// The child of `node` to descend into.
    fn select_child(&self, node: u32) -> u32 {
        let parent = self.tree.node(node);
        let sqrt_n = f64::from(parent.load().max(1)).sqrt();
        let children = self.tree.children(node);
        let at_root = node == 0 && !self.root_priors.is_empty();
        let prior_of = |i: usize, child: u32| -> f64 {
            if at_root {
                f64::from(self.root_priors[i])
            } else {
                f64::from(self.tree.node(child).prior)
            }
        };
        let visited_prior: f64 = children
            .clone()
            .enumerate()
            .filter(|&(_, c)| self.tree.node(c).load() > 0)
            .map(|(i, c)| prior_of(i, c))
            .sum();
        let fpu =
            f64::from(parent.value_to_move) - self.options.fpu_reduction * visited_prior.sqrt();
        let c = self.options.exploration;
        let mut best = NONE;
        let mut best_score = f64::NEG_INFINITY;
        for (i, child) in children.clone().enumerate() {
            let n = self.tree.node(child);
            if self.options.solver && n.proof == Some(Proof::Loss) {
                continue;
            }
            let q = n.mean().unwrap_or(fpu);
            let score = (2.0 * q - 1.0) + c * prior_of(i, child) * sqrt_n / f64::from(1 + n.load());
            if score > best_score {
                best_score = score;
                best = child;
            }
        }
        // Every move is a proven loss (the node would be proven already, unless a move is
        // still pending): any child will do.
        if best == NONE {
            children.start
        } else {
            best
        }
    }

    /// Mixes fresh Dirichlet noise into the root's priors, if this search wants noise.
    fn mix_root_noise(&mut self) {
        if !self.noise_wanted {
            return;
        }
        let Some(noise) = self.options.noise else {
            return;
        };
        let children = self.tree.children(0);
        let n = children.len();
        if n == 0 {
            return;
        }
        let alpha = noise.alpha.unwrap_or_else(|| default_alpha(n));
        let eta = dirichlet(alpha, n, &mut self.rng);
        let fraction = noise.fraction.clamp(0.0, 1.0) as f32;
        self.root_priors = children
            .zip(eta)
            .map(|(child, eta)| (1.0 - fraction) * self.tree.node(child).prior + fraction * eta)
            .collect();
        self.noise_wanted = false;
    }

    /// The root's moves with their visit counts (the self-play policy target), in the
    /// order of the root's legal moves.
    pub fn root_visits(&self) -> Vec<(G::Move, u32)> {
        self.tree
            .children(0)
            .map(|c| {
                let n = self.tree.node(c);
                (n.mv.expect("children carry their move"), n.visits)
            })
            .collect()
    }

    /// The self-play policy target: the root's moves with their shares of the visits, moves
    /// proven lost left out while another is not, and when a move is proven won, those moves
    /// alone, in equal shares. The search stops as soon as it proves the root, often after a
    /// handful of visits spread over other moves, so there the visits would teach a
    /// position's winning move at a fraction of its due. Moves with no share are left out;
    /// in the order of the root's legal moves.
    pub fn root_policy(&self) -> Vec<(G::Move, f32)> {
        if self.tree.len() == 0 {
            return Vec::new();
        }
        let proof = |c: u32| self.tree.node(c).proof;
        let mv = |c: u32| self.tree.node(c).mv.expect("children carry their move");
        let won: Vec<u32> = self
            .tree
            .children(0)
            .filter(|&c| proof(c) == Some(Proof::Win))
            .collect();
        if !won.is_empty() {
            let share = 1.0 / won.len() as f32;
            return won.into_iter().map(|c| (mv(c), share)).collect();
        }
        let visits = |c: u32| self.tree.node(c).visits;
        let lost = |c: u32| proof(c) == Some(Proof::Loss);
        // Every visited move lost: the visits are all there is to go by.
        let keep_lost = !self.tree.children(0).any(|c| visits(c) > 0 && !lost(c));
        let weight = |c: u32| if keep_lost || !lost(c) { visits(c) } else { 0 };
        let sum: u64 = self.tree.children(0).map(|c| u64::from(weight(c))).sum();
        self.tree
            .children(0)
            .filter(|&c| weight(c) > 0)
            .map(|c| (mv(c), weight(c) as f32 / sum as f32))
            .collect()
    }

    /// The root child to play: with `temperature` 0 the best (a proven win, else the most
    /// visited, never a proven loss while another move is not); otherwise drawn with
    /// probability ∝ visits^(1/temperature) among the moves not proven lost.
    pub fn choose_move(&mut self, temperature: f64) -> Option<G::Move> {
        let child = self.choose_child(temperature)?;
        self.tree.node(child).mv
    }

    fn choose_child(&mut self, temperature: f64) -> Option<u32> {
        let children = self.tree.children(0);
        if children.is_empty() {
            return None;
        }
        let rank = |c: u32| match self.tree.node(c).proof {
            Some(Proof::Win) => 1i8,
            Some(Proof::Loss) => -1,
            _ => 0,
        };
        let best = children.clone().max_by(|&a, &b| {
            let (na, nb) = (self.tree.node(a), self.tree.node(b));
            (rank(a), na.visits)
                .cmp(&(rank(b), nb.visits))
                .then(
                    na.mean()
                        .unwrap_or(0.0)
                        .total_cmp(&nb.mean().unwrap_or(0.0)),
                )
                // The first of equals: a deterministic choice.
                .then(b.cmp(&a))
        })?;
        if temperature <= 0.0 || rank(best) == 1 {
            return Some(best);
        }
        let candidates: Vec<u32> = children.filter(|&c| rank(c) == 0).collect();
        let weights: Vec<f64> = candidates
            .iter()
            .map(|&c| f64::from(self.tree.node(c).visits).powf(1.0 / temperature))
            .collect();
        let total: f64 = weights.iter().sum();
        if !(total > 0.0 && total.is_finite()) {
            return Some(best);
        }
        let mut draw = self.rng.random::<f64>() * total;
        for (&c, w) in candidates.iter().zip(&weights) {
            if draw < *w {
                return Some(c);
            }
            draw -= w;
        }
        Some(best)
    }

    /// The root's value for its player to move: the mean reward through its best move
    /// (1, ½ or 0 when proven).
    fn value_of(&self, child: u32) -> f64 {
        let n = self.tree.node(child);
        match n.proof {
            Some(Proof::Win) => 1.0,
            Some(Proof::Loss) => 0.0,
            Some(Proof::Draw) => 0.5,
            None => n.mean().unwrap_or(0.5),
        }
    }

    /// The expected line from `first`: the most visited child each time.
    fn principal_variation(&self, first: u32) -> Vec<G::Move> {
        let mut pv = Vec::new();
        let mut node = first;
        while node != NONE {
            pv.extend(self.tree.node(node).mv);
            node = self
                .tree
                .children(node)
                .filter(|&c| self.tree.node(c).visits > 0)
                .max_by_key(|&c| self.tree.node(c).visits)
                .unwrap_or(NONE);
        }
        pv
    }

    /// Searches `state` with `guide` and decides, at the options' temperature.
    pub fn decide(
        &mut self,
        state: &G,
        guide: &mut dyn Guide<G>,
        limits: &SearchLimits,
    ) -> Option<Decision<G::Move>> {
        if state.is_terminal() {
            return None;
        }
        let started = std::time::Instant::now();
        self.set_root(state);
        let stats = self.search(guide, limits);
        let child = self.choose_child(self.options.temperature)?;
        let mv = self.tree.node(child).mv?;
        Some(Decision {
            mv,
            value: self.value_of(child),
            pv: self.principal_variation(child),
            nodes: stats.evaluations,
            depth: stats.depth,
            elapsed: started.elapsed(),
            iterations: stats.simulations,
        })
    }
}

/// The rewards of a proven result for two players, `mover` being the one it is proven for.
fn proof_rewards(proof: Proof, mover: Player) -> [f32; MAX_PLAYERS] {
    let mut values = [0.0; MAX_PLAYERS];
    let (mine, theirs) = match proof {
        Proof::Win => (1.0, 0.0),
        Proof::Loss => (0.0, 1.0),
        Proof::Draw => (0.5, 0.5),
    };
    values[mover] = mine;
    values[1 - mover] = theirs;
    values
}

/// A PUCT search with its guide, as an [`Agent`].
pub struct PuctAgent<G: Game> {
    puct: Puct<G>,
    guide: Box<dyn Guide<G>>,
    name: String,
}

impl<G: Game> PuctAgent<G> {
    /// An agent named `name` (the spec that recreates it).
    pub fn new(puct: Puct<G>, guide: Box<dyn Guide<G>>, name: impl Into<String>) -> Self {
        PuctAgent {
            puct,
            guide,
            name: name.into(),
        }
    }
}

impl<G: Game> Agent<G> for PuctAgent<G> {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn value_scale(&self, _state: &G) -> ValueScale {
        ValueScale::Reward
    }

    fn select(&mut self, state: &G, limits: &SearchLimits) -> Option<Decision<G::Move>> {
        self.puct.decide(state, self.guide.as_mut(), limits)
    }

    fn new_game(&mut self) {
        self.puct.clear();
    }
}
