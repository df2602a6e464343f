//! Best-reply search (Schadd & Winands 2011), in the form any [`Game`] can play.
//!
//! Between two turns of the root player, BRS lets only one opponent move: the one with the
//! best reply against the root player, chosen among all the opponents' moves. The search
//! then alternates MAX layers (the root player's moves) and MIN layers (all replies of all
//! opponents), and alpha-beta applies as in a two-player game. Depth counts layers: depth 2
//! is one root move and one best reply.
//!
//! Original BRS lets the other opponents pass, which produces positions the rules may not
//! allow and which [`Game`] cannot express (a player cannot be skipped). So the opponents
//! who do not reply play a *default move* instead, as in BRS+ (Esser, Gras, Winands et al.
//! 2013): within a MIN layer, each opponent in turn either plays its default move and leaves
//! the reply to a later opponent, or plays any other move and becomes the replier, after
//! which the other opponents of the layer play default moves (the replier itself, should it
//! move again within the layer, stays free). Every line "one opponent replies, the others
//! play their default" is thus searched, once. With two players there are no others, and
//! the search is plain alpha-beta minimax (negamax).
//!
//! A MIN layer ends when the root player is to move again, when the game is over, or after
//! `n - 1` opponent turns (one round of the others), whichever comes first. The last rule
//! keeps a layer finite when the root player no longer moves (a halma player whose pegs are
//! all home while the others play on), and makes the search count plies, like negamax, in
//! a two-player game where a player may move twice in a row.
//!
//! The default move is chosen by [`DefaultMove`]: the first in search order (the game's
//! order after the move ordering, as BRS+ uses the static move ordering), or the move that
//! is best for that opponent by the evaluator one ply ahead. Without a good static
//! ordering, the first legal move is an arbitrary guess at what a bystander does; the
//! greedy default is then the better model (it scored better in three-player k-in-a-row
//! test games) at the price of one evaluation per move at every bystander node.

use ply_core::{Agent, Decision, Game, Player, SearchLimits};

use super::context::SearchContext;
use super::iterative::{iterative_deepening, FixedDepthSearch};
use super::options::SearchOptions;
use super::value::{value_for, INFINITY};

/// How an opponent that does not give the best reply chooses the move it plays.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum DefaultMove {
    /// The first move in search order (legal-move order after the move ordering).
    #[default]
    FirstOrdered,
    /// The move that maximises the opponent's own evaluation one ply ahead (terminal
    /// positions valued as the search values them); the first such move on ties. Each
    /// position looked at counts as a node.
    Greedy,
}

impl DefaultMove {
    /// The name used in specs (`default=first|greedy`).
    pub fn name(self) -> &'static str {
        match self {
            DefaultMove::FirstOrdered => "first",
            DefaultMove::Greedy => "greedy",
        }
    }
}

/// The best-reply agent. Its [`Decision::value`] is the root player's BRS value.
#[derive(Debug, Clone)]
pub struct BestReply<G: Game> {
    options: SearchOptions<G>,
    default_move: DefaultMove,
}

impl<G: Game> BestReply<G> {
    pub fn new(options: SearchOptions<G>) -> Self {
        BestReply {
            options,
            default_move: DefaultMove::default(),
        }
    }

    pub fn default_move(mut self, policy: DefaultMove) -> Self {
        self.default_move = policy;
        self
    }

    pub fn options(&self) -> &SearchOptions<G> {
        &self.options
    }
}

impl<G: Game> Agent<G> for BestReply<G> {
    fn name(&self) -> String {
        format!(
            "bestreply:{},default={}",
            self.options.spec_keys(true),
            self.default_move.name()
        )
    }

    fn select(&mut self, state: &G, limits: &SearchLimits) -> Option<Decision<G::Move>> {
        let mut search = BestReplySearch {
            options: &self.options,
            default_move: self.default_move,
            root_player: state.to_move(),
            players: state.num_players(),
        };
        iterative_deepening(&mut search, &self.options, state, limits)
    }
}

struct BestReplySearch<'a, G: Game> {
    options: &'a SearchOptions<G>,
    default_move: DefaultMove,
    root_player: Player,
    players: usize,
}

/// Where a node stands in the current MIN layer.
#[derive(Debug, Clone, Copy, Default)]
struct Layer {
    /// The opponent that already deviated from its default move in this layer, if any:
    /// every other opponent of the layer then plays its default move only.
    replier: Option<Player>,
    /// Opponent turns already taken in this layer.
    opponent_turns: usize,
}

impl<G: Game> FixedDepthSearch<G> for BestReplySearch<'_, G> {
    fn search_to_depth(
        &mut self,
        state: &mut G,
        depth: u32,
        context: &mut SearchContext<G>,
    ) -> i64 {
        let start = Layer::default();
        self.alpha_beta(state, depth, 0, -INFINITY, INFINITY, start, true, context)
    }
}

impl<G: Game> BestReplySearch<'_, G> {
    /// Fail-soft alpha-beta over the root player's value, `layer` telling who may still
    /// reply. `on_previous_pv`: every move from the root to here followed the previous
    /// iteration's best line.
    #[allow(clippy::too_many_arguments)]
    fn alpha_beta(
        &self,
        state: &mut G,
        depth: u32,
        ply: usize,
        mut alpha: i64,
        mut beta: i64,
        layer: Layer,
        on_previous_pv: bool,
        context: &mut SearchContext<G>,
    ) -> i64 {
        context.enter(ply);
        // Checked at every node, leaves included: evaluations may be what costs the time.
        if context.should_stop() {
            return 0;
        }
        let outcome = state.outcome();
        if outcome.is_some() || depth == 0 {
            context.horizon_reached |= outcome.is_none();
            return self.leaf_value(state, outcome.as_ref(), self.root_player, ply);
        }

        let mover = state.to_move();
        let maximising = mover == self.root_player;
        let mut moves = context.take_moves(state, ply);
        let default = if maximising || layer.replier == Some(mover) {
            None
        } else {
            Some(self.default_of(state, &moves, ply, context))
        };
        if let (Some(default), Some(_)) = (default, layer.replier) {
            // Another opponent replies in this layer: this one plays its default move.
            moves.clear();
            moves.push(default);
        }
        // Only now: the default move is the first in the static order, whatever comes first
        // in the search.
        context.prioritise(&mut moves, ply, on_previous_pv);

        let mut best = if maximising { -INFINITY } else { INFINITY };
        for &mv in &moves {
            let child_on_pv = context.continues_previous_pv(on_previous_pv, ply, mv);
            state.play(mv);
            let opponent_turns = layer.opponent_turns + 1;
            let layer_ends = maximising
                || state.is_terminal()
                || state.to_move() == self.root_player
                || opponent_turns >= self.players.saturating_sub(1);
            let (child_depth, child_layer) = if layer_ends {
                (depth - 1, Layer::default())
            } else {
                let replier = layer
                    .replier
                    .or_else(|| (Some(mv) != default).then_some(mover));
                (
                    depth,
                    Layer {
                        replier,
                        opponent_turns,
                    },
                )
            };
            let value = self.alpha_beta(
                state,
                child_depth,
                ply + 1,
                alpha,
                beta,
                child_layer,
                child_on_pv,
                context,
            );
            state.undo(mv);
            if context.stopped() {
                break;
            }
            if maximising {
                if value > best {
                    best = value;
                    context.record_pv(ply, mv);
                }
                alpha = alpha.max(value);
            } else {
                if value < best {
                    best = value;
                    context.record_pv(ply, mv);
                }
                beta = beta.min(value);
            }
            if alpha >= beta {
                context.record_cutoff(ply, mv);
                break;
            }
        }
        context.give_back(ply, moves);
        best
    }

    fn leaf_value(
        &self,
        state: &G,
        outcome: Option<&ply_core::Scores>,
        player: Player,
        ply: usize,
    ) -> i64 {
        value_for(state, outcome, self.options.evaluator.as_ref(), player, ply)
    }

    /// The move the opponent to move plays when it is not the one replying.
    fn default_of(
        &self,
        state: &mut G,
        moves: &[G::Move],
        ply: usize,
        context: &mut SearchContext<G>,
    ) -> G::Move {
        match self.default_move {
            DefaultMove::FirstOrdered => moves[0],
            DefaultMove::Greedy => {
                let mover = state.to_move();
                let mut best = (moves[0], -INFINITY);
                for &mv in moves {
                    state.play(mv);
                    context.nodes += 1;
                    let outcome = state.outcome();
                    let value = self.leaf_value(state, outcome.as_ref(), mover, ply + 1);
                    state.undo(mv);
                    if value > best.1 {
                        best = (mv, value);
                    }
                }
                best.0
            }
        }
    }
}
