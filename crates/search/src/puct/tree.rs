//! The PUCT tree as an arena: nodes in one `Vec`, linked by `u32` indices, each node's
//! children side by side.
//!
//! ```text
//!   node: parent ─┐   first_child ─► [child, child, …, child]   (children: how many)
//! ```
//!
//! A node is expanded all at once, when its guidance (a prior for every legal move) comes
//! back, so its children are one contiguous run: no sibling links, and selection walks a
//! slice. A node keeps the reward sum of the player who moved into it (the player who picks
//! it at its parent), which is all selection reads, for any number of players.

use ply_core::Player;

use crate::mcts::tree::Proof;

/// "No node": the root's parent, a node with no children yet.
pub(crate) const NONE: u32 = u32::MAX;

/// How far a node has been looked at.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Status {
    /// Never reached: no guidance asked for yet.
    Fresh,
    /// Its guidance is being computed (one of the current batch's leaves).
    Pending,
    /// Its children exist.
    Expanded,
    /// The game is over here.
    Terminal,
}

#[derive(Debug, Clone)]
pub(crate) struct Node<M> {
    /// The move that leads here from the parent (`None` at the root).
    pub(crate) mv: Option<M>,
    pub(crate) parent: u32,
    pub(crate) first_child: u32,
    pub(crate) children: u32,
    /// Completed simulations through this node.
    pub(crate) visits: u32,
    /// Simulations on their way through this node, waiting for their leaf's guidance: each
    /// counts as a visit with reward 0 (a virtual loss), so the next descent of the same
    /// batch looks elsewhere.
    pub(crate) in_flight: u32,
    /// Sum of the rewards (0..=1) of `mover` over the completed simulations.
    pub(crate) reward_sum: f64,
    /// The guide's prior for the move into this node.
    pub(crate) prior: f32,
    /// The guide's value of this node for its player to move (the first-play estimate of
    /// its unvisited children).
    pub(crate) value_to_move: f32,
    /// The player who moved into this node.
    pub(crate) mover: u8,
    pub(crate) status: Status,
    /// A proven result for `mover` (two-player games).
    pub(crate) proof: Option<Proof>,
}

impl<M> Node<M> {
    /// Visits counting the in-flight ones.
    pub(crate) fn load(&self) -> u32 {
        self.visits + self.in_flight
    }

    /// The mean reward of `mover`, in-flight simulations counted as losses; `None` before
    /// any simulation.
    pub(crate) fn mean(&self) -> Option<f64> {
        let load = self.load();
        (load > 0).then(|| self.reward_sum / f64::from(load))
    }
}

pub(crate) struct Tree<M> {
    pub(crate) nodes: Vec<Node<M>>,
}

impl<M: Copy + PartialEq> Tree<M> {
    pub(crate) fn new() -> Self {
        Tree { nodes: Vec::new() }
    }

    /// Empties the tree (keeping its memory) and plants a fresh root; `root_mover` is the
    /// player who moved into it.
    pub(crate) fn reset(&mut self, root_mover: Player) {
        self.nodes.clear();
        self.nodes.push(Self::fresh(None, NONE, 1.0, root_mover));
    }

    fn fresh(mv: Option<M>, parent: u32, prior: f32, mover: Player) -> Node<M> {
        Node {
            mv,
            parent,
            first_child: NONE,
            children: 0,
            visits: 0,
            in_flight: 0,
            reward_sum: 0.0,
            prior,
            value_to_move: 0.5,
            mover: mover as u8,
            status: Status::Fresh,
            proof: None,
        }
    }

    pub(crate) fn len(&self) -> usize {
        self.nodes.len()
    }

    pub(crate) fn node(&self, index: u32) -> &Node<M> {
        &self.nodes[index as usize]
    }

    pub(crate) fn node_mut(&mut self, index: u32) -> &mut Node<M> {
        &mut self.nodes[index as usize]
    }

    /// The children of `index`, as a range of node indices.
    pub(crate) fn children(&self, index: u32) -> std::ops::Range<u32> {
        let n = self.node(index);
        if n.first_child == NONE {
            0..0
        } else {
            n.first_child..n.first_child + n.children
        }
    }

    /// Gives `index` one child per move, with its prior; `mover` plays them.
    pub(crate) fn expand(&mut self, index: u32, moves: &[M], priors: &[f32], mover: Player) {
        let first = self.nodes.len() as u32;
        for (&mv, &prior) in moves.iter().zip(priors) {
            self.nodes.push(Self::fresh(Some(mv), index, prior, mover));
        }
        let node = self.node_mut(index);
        node.first_child = first;
        node.children = moves.len() as u32;
        node.status = Status::Expanded;
    }

    /// The child of `index` reached by `mv`.
    pub(crate) fn child_by_move(&self, index: u32, mv: M) -> Option<u32> {
        self.children(index).find(|&c| self.node(c).mv == Some(mv))
    }

    /// Makes `new_root` (a node of this tree) the root, keeping its whole subtree and
    /// dropping everything else: the tree reused between moves.
    pub(crate) fn reroot(&mut self, new_root: u32) {
        let mut kept = Vec::with_capacity(self.len());
        let mut root = self.node(new_root).clone();
        root.parent = NONE;
        root.mv = None;
        root.prior = 1.0;
        kept.push(root);
        // Breadth first: each kept node's children are copied as one run, so the runs stay
        // contiguous and `first_child` can be rewritten as they land.
        let mut next = 0;
        while next < kept.len() {
            let old_children = if kept[next].first_child == NONE {
                0..0
            } else {
                kept[next].first_child..kept[next].first_child + kept[next].children
            };
            if !old_children.is_empty() {
                let first = kept.len() as u32;
                for old in old_children {
                    let mut child = self.node(old).clone();
                    child.parent = next as u32;
                    kept.push(child);
                }
                kept[next].first_child = first;
            }
            next += 1;
        }
        self.nodes = kept;
    }
}
