//! The MCTS tree as an arena: nodes in one `Vec`, linked by `u32` indices.
//!
//! ```text
//!   node: parent ─┐   first_child ─► child ─next_sibling─► child ─► … ─► NONE
//! ```
//!
//! Children are added one per visit (progressive expansion), so a node with 130 legal moves
//! costs one node per playout, not 130. Rewards live in a separate flat array, one `f64` per
//! player per node, so two-player trees pay for two numbers, six-player trees for six.

use ply_core::{Player, Scores};

/// "No node": the root's parent, the end of a sibling list.
pub(crate) const NONE: u32 = u32::MAX;
/// `legal` before the node's moves were counted.
pub(crate) const UNCOUNTED: u32 = u32::MAX;

/// A game-theoretic result proven by the MCTS-solver, for the player who moved into the
/// node.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Proof {
    Loss = -1,
    Draw = 0,
    Win = 1,
}

impl Proof {
    pub(crate) fn reversed(self) -> Proof {
        match self {
            Proof::Loss => Proof::Win,
            Proof::Draw => Proof::Draw,
            Proof::Win => Proof::Loss,
        }
    }

    /// The MCTS-solver's rule: the proof of a node that `mover` moved into, from its
    /// children's `(mover, proof)` (every child moved into by the player to move there). One
    /// child won for that player proves a win for them; all proven (`all_children`: none
    /// left to expand), the best of them; otherwise nothing is proven.
    pub(crate) fn from_children(
        mover: u8,
        children: impl Iterator<Item = (u8, Option<Proof>)>,
        all_children: bool,
    ) -> Option<Proof> {
        let mut all_proven = all_children;
        let mut best = Proof::Loss;
        let mut to_move = None;
        for (child_mover, proof) in children {
            to_move = Some(child_mover);
            match proof {
                Some(Proof::Win) => {
                    best = Proof::Win;
                    break;
                }
                Some(p) => best = best.max(p),
                None => all_proven = false,
            }
        }
        let to_move = to_move?;
        if best != Proof::Win && !all_proven {
            return None;
        }
        Some(if mover == to_move {
            best
        } else {
            best.reversed()
        })
    }
}

#[derive(Debug, Clone)]
pub(crate) struct Node<M> {
    /// The move that leads here from the parent (`None` at the root).
    pub(crate) mv: Option<M>,
    pub(crate) parent: u32,
    pub(crate) first_child: u32,
    pub(crate) next_sibling: u32,
    /// Children created so far.
    pub(crate) children: u32,
    /// Legal moves here, [`UNCOUNTED`] until first visited (0 at a finished game).
    pub(crate) legal: u32,
    pub(crate) visits: u32,
    /// The player who moved into this node (whose reward selection maximises here).
    pub(crate) mover: u8,
    pub(crate) proof: Option<Proof>,
}

pub(crate) struct Tree<M> {
    pub(crate) nodes: Vec<Node<M>>,
    /// `rewards[node * players + p]`: sum of player `p`'s rewards over the node's playouts.
    rewards: Vec<f64>,
    players: usize,
}

impl<M: Copy> Tree<M> {
    pub(crate) fn new() -> Self {
        Tree {
            nodes: Vec::new(),
            rewards: Vec::new(),
            players: 2,
        }
    }

    /// Empties the tree (keeping its memory) and plants a root; `root_mover` is the player
    /// who moved into the root (only its children's rewards are ever read).
    pub(crate) fn reset(&mut self, players: usize, root_mover: Player) {
        self.nodes.clear();
        self.rewards.clear();
        self.players = players;
        self.push(None, NONE, root_mover);
    }

    fn push(&mut self, mv: Option<M>, parent: u32, mover: Player) -> u32 {
        let index = self.nodes.len() as u32;
        self.nodes.push(Node {
            mv,
            parent,
            first_child: NONE,
            next_sibling: NONE,
            children: 0,
            legal: UNCOUNTED,
            visits: 0,
            mover: mover as u8,
            proof: None,
        });
        self.rewards.extend(std::iter::repeat_n(0.0, self.players));
        index
    }

    /// Adds a child reached by `mv`, played by `mover`, at the front of `parent`'s list.
    pub(crate) fn add_child(&mut self, parent: u32, mv: M, mover: Player) -> u32 {
        let child = self.push(Some(mv), parent, mover);
        let previous_first = self.nodes[parent as usize].first_child;
        self.nodes[child as usize].next_sibling = previous_first;
        let p = &mut self.nodes[parent as usize];
        p.first_child = child;
        p.children += 1;
        child
    }

    pub(crate) fn node(&self, index: u32) -> &Node<M> {
        &self.nodes[index as usize]
    }

    pub(crate) fn node_mut(&mut self, index: u32) -> &mut Node<M> {
        &mut self.nodes[index as usize]
    }

    pub(crate) fn len(&self) -> usize {
        self.nodes.len()
    }

    /// The children of `index`, newest first.
    pub(crate) fn children(&self, index: u32) -> impl Iterator<Item = u32> + '_ {
        let mut next = self.node(index).first_child;
        std::iter::from_fn(move || {
            if next == NONE {
                return None;
            }
            let current = next;
            next = self.node(current).next_sibling;
            Some(current)
        })
    }

    /// Mean reward of `player` over the playouts through `index` (0 if none).
    pub(crate) fn mean(&self, index: u32, player: Player) -> f64 {
        let visits = self.node(index).visits;
        if visits == 0 {
            0.0
        } else {
            self.rewards[index as usize * self.players + player] / f64::from(visits)
        }
    }

    /// Adds one playout's rewards (already scaled to 0..=1) to `index`.
    pub(crate) fn add_rewards(&mut self, index: u32, rewards: &Scores) {
        let node = &mut self.nodes[index as usize];
        node.visits += 1;
        let base = index as usize * self.players;
        for p in 0..self.players {
            self.rewards[base + p] += rewards.get(p);
        }
    }
}
