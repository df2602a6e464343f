//! This crate's own evaluation, the race: a weighted sum of features, in hundredths of a
//! step, so that `ply tune quoridor` can fit its weights to the outcomes of games.
//!
//! | feature | what it counts, for the player judged against the other |
//! |---|---|
//! | `race` | steps the other still needs minus the player's own |
//! | `tempo` | +1 when the player moves next, −1 otherwise (moving is worth a step) |
//! | `walls` | walls in hand, the player's minus the other's (in `race` priced by the board and the walls each player starts with: see [`RaceEval::weights_at`]) |
//! | `walls-far` | `walls` times the shorter of the two paths (at most 15): a wall is worth most while there is far to go (in `race` 0 where each player starts with more walls than the board's standard count: see [`RaceEval::race`]) |
//! | `next-row` | steps to the next row, the other's minus the player's |
//! | `threat` | the worst detour one wall makes, the other's minus the player's (only while the wall's owner holds one) |
//! | `settled` | +1 when the other has no walls and the player wins the plain race, −1 when it is the player who has none and loses it |
//! | `settled-lead` | the race lead (with the tempo) when `settled` is not 0 |
//! | `walls-few` | the first two walls in hand, the player's minus the other's |
//! | `open-sides` | open sides of the pawn's square (0 to 4), the player's minus the other's |
//! | `walls-path` | walls in hand times the path they would be spent against (at most 15): the player's walls by the other's path, minus the other's walls by the player's path (0 in `race`, see [`RACE_WEIGHTS`]) |
//!
//! In `race-dead`, once one player holds no walls, the other's walls count as one at most
//! in every feature but `settled` while none of them lengthens the first one's path
//! (`threat` 0): see [`RaceEval::dead`].
//!
//! With 3 or 4 pawns the race is handed to [`CrowdRaceEval`].

use std::cmp::Ordering;

use ply_core::eval::EVAL_BOUND;
use ply_core::{Evaluator, Game, LinearEvaluator, Player};

use crate::board::Quoridor;
use crate::crowd_eval::CrowdRaceEval;
use crate::eval::{next_row_distance, NO_PATH};
use crate::threat::distance_and_threat;

/// How many features the race has.
pub const RACE_FEATURES: usize = 11;

/// The index of `walls` among [`RACE_FEATURE_NAMES`].
const WALLS: usize = 2;

/// The index of `walls-far` among [`RACE_FEATURE_NAMES`].
const WALLS_FAR: usize = 3;

/// The features' names, in the order of the weights.
pub const RACE_FEATURE_NAMES: [&str; RACE_FEATURES] = [
    "race",
    "tempo",
    "walls",
    "walls-far",
    "next-row",
    "threat",
    "settled",
    "settled-lead",
    "walls-few",
    "open-sides",
    "walls-path",
];

/// The hand-set weights the race had before any fitting (`race-v2`; `race-v1` also caps
/// the walls counted at 10).
pub const HAND_WEIGHTS: [i32; RACE_FEATURES] = [100, 50, 120, 8, 10, 50, 5_000, 100, 0, 0, 0];

/// The weights fitted by `ply tune quoridor` (`race-v3`, `race` before it dropped
/// `walls-path`) to 132,000 positions of 2,000
/// self-play games of the hand-weighted engine on 9x9 (`ply arena quoridor --agents
/// 'strongest:nodes=3000,eval=race-v2;strongest:nodes=5000,eval=race-v2' --games 2000
/// --openings random:3 --seed 101`; held-out log loss 0.4528 against 0.4592). At 30,000
/// nodes a move they beat the hand weights by +69 Elo [+20, +118] over 200 games (SPRT
/// [0, 30] accepted H1). What the fit changed: a wall is worth less (83 + 12 per step of
/// the shorter path, less for the last two in hand), the tempo less, the next row almost
/// nothing, and each open side of one's own pawn's square counts a third of a step
/// against it.
pub const FITTED_WEIGHTS: [i32; RACE_FEATURES] = [100, 30, 83, 12, 1, 58, 922, 54, -24, -33, -5];

/// The weights of `race` where each player starts with the board's standard walls, on
/// boards from [`CHEAP_WALLS_MIN_SIZE`] up: [`FITTED_WEIGHTS`] without `walls-path`, and a
/// wall in hand priced lower than fitted.
///
/// Without `walls-path`: fitted on 9x9 with 10 walls each, its weight makes a step of the
/// race worth less the more walls both hold (100 − 2.5 per wall in either hand: 50 at the
/// 9x9 start), and past that range the line goes on falling: with 20 walls each a step was
/// worth nothing, with 34 (13x13, double walls) a step *away* from the goal looked good, and
/// `strongest` shuffled along its start row while seed 002's engine walked in. Without it,
/// against the `seed002` agent at 10,000 nodes a move from random 2-ply openings, 40 games
/// each (`race-v3` against `race`): 9x9 with 10 walls 87.5 % against 92.5 %, with 20 walls
/// 60 % against 82.5 % (`race-v3` uncapped: 35 % of 20), 11x11 with 13 walls 95 % against
/// 100 %, with 26 walls 75 % against 95 %, 7x7 with 6 walls 75 % against 80 %.
///
/// A wall in hand at 60 + 8 per step of the shorter path, not the fitted 83 + 12: a player
/// that hoards its walls lets gorisanson's MCTS build a cage of walls round its pawn early
/// and spends them too late. Under the Cup referee at its default clock on 9x9, against
/// gorisanson at 60,000 rollouts (seeds 2011 to 2015, both colours), 83/12 won 7 and 6 of
/// 10 and 60/8 won 10 of 10: caged all the same, it spent its walls on the other pawn's
/// path and won the race. On a tenth of the clock at 60,000 rollouts (seeds 3001 to 3005)
/// 83/12 won 8 of 10 and 60/8 10 of 10. Against the `seed002` agent at the default budget,
/// from random 2-ply openings, 100 games a cell (`--seed 101`), 83/12 against 60/8: 9x9
/// with 10 walls 89 % against 94 %, 11x11 with 13 95 % against 97 %.
pub const RACE_WEIGHTS: [i32; RACE_FEATURES] = [100, 30, 60, 8, 1, 58, 922, 54, -24, -33, 0];

/// The smallest board on which `race` prices a wall in hand at [`RACE_WEIGHTS`]' lower
/// price with the standard walls; smaller boards keep the fitted 83 + 12. On 7x7 with 6
/// walls the lower price lost to the `seed002` agent, at the default budget from random
/// 2-ply openings, in three runs out of three: 89 % against 91 % (100 games, `--seed 101`),
/// 86 % against 92 % (100 games, `--seed 202`) and 85 % against 95 % (20 games, `--seed
/// 11`); on 5x5 with 3 walls the two were even (71 % against 69 %, 85 % against 80 %).
pub const CHEAP_WALLS_MIN_SIZE: usize = 9;

/// `walls-far`'s weight in `race` where each player starts with fewer walls than the
/// board's standard count, in place of the fitted 12: a wall is worth more the
/// fewer there are for the board. Against the `seed002` agent at the default budget, from
/// random 2-ply openings, 100 games a cell (`--seed 101`), 12 against 20: 9x9 with 5 walls
/// 88 % against 95 %, 11x11 with 6 92 % against 95 %, 13x13 with 8 91 % against 96 %, 7x7
/// with 3 81 % against 79 %. 30 won no more (92 %, 97 %, 96 % in the first three), and
/// without `walls-far` 9x9 with 5 walls fell to 79 %, 13x13 with 8 to 72 %. With the
/// standard walls 20 gained nothing against that agent (9x9 89 % against 92 %, 11x11 95 %
/// against 93 %, 13x13 98 % against 99 %, 7x7 91 % against 91 %, 5x5 with 3 69 % against
/// 68 %) and lost to gorisanson's MCTS at 20,000 rollouts two of its first twelve games on
/// 9x9, which 12 had won twenty of twenty.
pub const SCARCE_WALLS_FAR: i32 = 20;

/// What `race` prices a wall in hand at, the weights of `walls` and `walls-far`, by the
/// walls each player starts with against the board's standard count ([`walls_for_board`]):
/// the fitted 83 with [`SCARCE_WALLS_FAR`] below it; at it [`RACE_WEIGHTS`]' lower price
/// from [`CHEAP_WALLS_MIN_SIZE`] up and the fitted 83 + 12 below that size; and the fitted
/// 83 above it, where `walls-far` is not counted at all (its feature is 0).
fn wall_prices(state: &Quoridor) -> [i32; 2] {
    let fitted = [FITTED_WEIGHTS[WALLS], FITTED_WEIGHTS[WALLS_FAR]];
    match walls_for_board(state) {
        Ordering::Less => [fitted[0], SCARCE_WALLS_FAR],
        Ordering::Equal if state.size() >= CHEAP_WALLS_MIN_SIZE => {
            [RACE_WEIGHTS[WALLS], RACE_WEIGHTS[WALLS_FAR]]
        }
        Ordering::Equal => fitted,
        Ordering::Greater => [fitted[0], 0],
    }
}

/// The weights of `race` on 7x7 where each player starts with more walls than the standard
/// 6, fitted there by `ply tune quoridor` (35,647 positions of 1,000 self-play games, held-out
/// log loss 0.4297 against 0.5616 for the weights of other boards):
///
/// ```text
/// ply arena quoridor --size 7 --walls 12 --games 1000 --openings random:3 --seed 101 \
///     --agents 'strongest:nodes=20000;strongest:nodes=30000' --max-plies 400 --out selfplay
/// ply tune quoridor selfplay/records.txt --skip 3
/// ```
///
/// A wall in hand is worth 12 here, not 83: with twelve each, one more or less changes
/// little. Against the `seed002` agent at the default budget, from random 2-ply openings,
/// 100 games on each of the seeds 101, 202, 303, 404 and 505 with 12 walls: 95.1 % against
/// 91.4 % for [`RACE_WEIGHTS`] priced by `wall_prices` (97.5/85.5, 95.5/94.5, 92/94,
/// 96.5/91, 94/92). The same weights lost on 5x5 with 6 walls (81 % against 85.5 %) and
/// were even on 9x9 with 20 (91.5 % against 90 %); weights fitted the same way on 5x5 with
/// 3 and 6 walls, 7x7 with 3 and 6 and 9x9 with 5 won no more than the default there.
pub const MANY_WALLS_7X7_WEIGHTS: [i32; RACE_FEATURES] =
    [100, 47, 12, 0, 4, 44, 399, 8, -7, -2, -2];

/// The weights `race` gives every feature on the board of `state`, where they were fitted
/// for that board ([`MANY_WALLS_7X7_WEIGHTS`]); elsewhere `None`, and a wall in hand is
/// priced by `wall_prices`.
fn board_weights(state: &Quoridor) -> Option<[i32; RACE_FEATURES]> {
    (state.size() == 7 && walls_for_board(state) == Ordering::Greater)
        .then_some(MANY_WALLS_7X7_WEIGHTS)
}

/// The names of the race evaluations ([`RaceEval::named`]).
pub const RACE_EVAL_NAMES: [&str; 5] = ["race", "race-dead", "race-v3", "race-v2", "race-v1"];

/// What walls in hand count at most, in `race-dead`, while none of them lengthens the
/// other's path and the other holds none ([`RaceEval::dead`]).
const DEAD_WALLS_COUNTED: i32 = 1;

/// The race evaluator: [`RACE_FEATURE_NAMES`] weighted by `weights`, in hundredths of a
/// step.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RaceEval {
    name: &'static str,
    weights: [i32; RACE_FEATURES],
    /// Walls in hand counted at most (`race-v1` counted 10: on 11x11 and 13x13 its first
    /// walls were free).
    wall_cap: i32,
    /// Whether a wall in hand is priced by the board and the walls each player starts with
    /// against its standard count (`wall_prices`), and `walls-far` counted 0 above it.
    prices_by_walls: bool,
    /// Whether walls in hand count as [`DEAD_WALLS_COUNTED`] at most while none of them
    /// lengthens the other's path and the other holds none.
    dead_walls: bool,
}

impl Default for RaceEval {
    fn default() -> Self {
        RaceEval::race()
    }
}

impl RaceEval {
    /// `race`, the default evaluation: [`RACE_WEIGHTS`], with a wall in hand priced by the
    /// board and the walls each player starts with against its standard count
    /// (`wall_prices`): with fewer, `walls-far` weighs [`SCARCE_WALLS_FAR`]; with more, it
    /// is not counted.
    ///
    /// With more walls, a wall in hand worth 83 + 12 per step of the shorter path (up to 155
    /// on 7x7) made `strongest` keep walls that the `seed002` agent spent on caging it.
    /// Against that agent at the default budget, from random 2-ply openings, 100 games each
    /// (`--seed 101`), with `walls-far` and without it: 5x5 with 6 walls 57 % against
    /// 75.5 %, 7x7 with 12 65 % against 86 %, 9x9 with 20 72 % against 90 %, 11x11 with 26
    /// 77.5 % against 100 % (40 games). With the standard walls or fewer it was kept (at the
    /// fitted 12): without it 7x7 with 6 walls fell from 92 % to 83 %, and 5x5 and 7x7 with 3
    /// gained nothing (62 % and 64 %, 76 % and 76 %).
    pub const fn race() -> Self {
        RaceEval {
            name: "race",
            weights: RACE_WEIGHTS,
            wall_cap: i32::MAX,
            prices_by_walls: true,
            dead_walls: false,
        }
    }

    /// `race-dead`: `race`, but once one player holds no walls, the other's walls in hand
    /// count as one at most while none of them lengthens the first one's path.
    ///
    /// Walls are worth what they can still do: against gorisanson's MCTS (referee seed
    /// 2013) `race` at the fitted price of a wall judged a lost position 9.5 steps won on
    /// seven walls in hand that could not lengthen the other's path by a step (4.8 at
    /// [`RACE_WEIGHTS`]' lower price). Walls that lengthen no path now may still
    /// once the other pawn moves on, hence one and not none; while the other holds walls
    /// the board may change under both, and every wall counts. Not the default: the count
    /// jumps by the whole hand when the other pawn steps from a square with two shortest
    /// paths to one with a single path, and over the games measured it won no more than
    /// `race` (docs/results/quoridor.md, "Walls that can do nothing").
    pub const fn dead() -> Self {
        RaceEval {
            name: "race-dead",
            dead_walls: true,
            ..RaceEval::race()
        }
    }

    /// `race-v3`: the weights as fitted, [`FITTED_WEIGHTS`] (`race` before it dropped
    /// `walls-path`).
    pub const fn v3() -> Self {
        RaceEval {
            name: "race-v3",
            ..RaceEval::with_weights(FITTED_WEIGHTS)
        }
    }

    /// `race-v2`: the hand-set weights, every wall in hand counted.
    pub const fn v2() -> Self {
        RaceEval {
            name: "race-v2",
            ..RaceEval::with_weights(HAND_WEIGHTS)
        }
    }

    /// `race-v1`: the hand-set weights, walls above 10 in hand worth nothing.
    pub const fn v1() -> Self {
        RaceEval {
            name: "race-v1",
            wall_cap: 10,
            ..RaceEval::with_weights(HAND_WEIGHTS)
        }
    }

    /// The race evaluations named in [`RACE_EVAL_NAMES`].
    pub fn named(name: &str) -> Option<Self> {
        [
            RaceEval::race(),
            RaceEval::dead(),
            RaceEval::v3(),
            RaceEval::v2(),
            RaceEval::v1(),
        ]
        .into_iter()
        .find(|e| e.name == name)
    }

    /// The race with other weights (named `race-weights`), each counted whatever the walls
    /// (unlike `race`, `walls-far` too).
    pub const fn with_weights(weights: [i32; RACE_FEATURES]) -> Self {
        RaceEval {
            name: "race-weights",
            weights,
            wall_cap: i32::MAX,
            prices_by_walls: false,
            dead_walls: false,
        }
    }

    /// The weights this evaluation gives the features of `state`: its own, but where it is
    /// `race` or `race-dead` those fitted for the board (`board_weights`) or, on other
    /// boards, a wall in hand priced by the board and the walls (`wall_prices`).
    pub fn weights_at(&self, state: &Quoridor) -> [i32; RACE_FEATURES] {
        let mut weights = self.weights;
        if self.prices_by_walls {
            if let Some(fitted) = board_weights(state) {
                return fitted;
            }
            [weights[WALLS], weights[WALLS_FAR]] = wall_prices(state);
        }
        weights
    }

    /// The features of a two-player position for `player` (see the module's table).
    pub fn features_of(&self, state: &Quoridor, player: Player) -> [i32; RACE_FEATURES] {
        let other = 1 - player;
        let (own_hand, their_hand) = (
            state.walls_left(player) as i32,
            state.walls_left(other) as i32,
        );
        // Each pawn's distance, and how far the worst single wall of the opponent (if it
        // holds any) would lengthen it.
        let race = |p: Player, threatened: bool| {
            distance_and_threat(state, p, threatened)
                .map_or((NO_PATH, 0), |(d, t)| (d as i32, t as i32))
        };
        let (own, own_threat) = race(player, their_hand > 0);
        let (theirs, their_threat) = race(other, own_hand > 0);
        // Walls that lengthen no path while the other holds none (the board changes only
        // by them) count as one at most.
        let counted = |hand: i32, threat: i32, other_hand: i32| {
            if self.dead_walls && threat == 0 && other_hand == 0 {
                hand.min(DEAD_WALLS_COUNTED)
            } else {
                hand
            }
        };
        let own_walls = counted(own_hand, their_threat, their_hand);
        let their_walls = counted(their_hand, own_threat, own_hand);
        let tempo = i32::from(state.to_move() == player);
        let lead = theirs - own + tempo; // > 0: the player arrives first if nobody walls
        let walls = own_walls.min(self.wall_cap) - their_walls.min(self.wall_cap);
        let walls_far = if self.prices_by_walls && walls_for_board(state) == Ordering::Greater {
            0
        } else {
            walls * theirs.min(own).min(15)
        };
        let settled = if their_hand == 0 && lead > 0 {
            1
        } else if own_hand == 0 && lead <= 0 {
            -1
        } else {
            0
        };
        [
            theirs - own,
            2 * tempo - 1,
            walls,
            walls_far,
            next_row_distance(state, other) - next_row_distance(state, player),
            their_threat - own_threat,
            settled,
            if settled != 0 { lead } else { 0 },
            own_walls.min(2) - their_walls.min(2),
            open_sides(state, player) - open_sides(state, other),
            own_walls * theirs.min(15) - their_walls * own.min(15),
        ]
    }
}

impl Evaluator<Quoridor> for RaceEval {
    fn name(&self) -> &str {
        self.name
    }

    fn evaluate(&self, state: &Quoridor, player: Player) -> i32 {
        if state.players() > 2 {
            return CrowdRaceEval.evaluate(state, player);
        }
        let features = self.features_of(state, player);
        let value = features
            .iter()
            .zip(self.weights_at(state))
            .map(|(&f, w)| f.saturating_mul(w))
            .fold(0i32, i32::saturating_add);
        // Weights from a spec, or thousands of walls in hand, could reach the values a
        // search keeps for proven results.
        value.clamp(1 - EVAL_BOUND, EVAL_BOUND - 1)
    }
}

impl LinearEvaluator<Quoridor> for RaceEval {
    fn feature_names(&self) -> &'static [&'static str] {
        &RACE_FEATURE_NAMES
    }

    /// The weights with the standard walls on boards from [`CHEAP_WALLS_MIN_SIZE`] up (on
    /// other boards `race` prices a wall in hand otherwise: [`RaceEval::weights_at`]).
    fn weights(&self) -> Vec<i32> {
        self.weights.to_vec()
    }

    fn features(&self, state: &Quoridor, player: Player) -> Option<Vec<i32>> {
        (state.players() == 2 && !state.is_terminal())
            .then(|| self.features_of(state, player).to_vec())
    }
}

/// The walls each player starts with against the board's standard count
/// ([`Quoridor::default_walls`]), which sets how `race` weighs `walls-far`.
fn walls_for_board(state: &Quoridor) -> Ordering {
    state
        .walls_per_player()
        .cmp(&Quoridor::default_walls(state.size()))
}

/// How many of the four sides of `player`'s square no wall or edge closes.
fn open_sides(state: &Quoridor, player: Player) -> i32 {
    let pawn = state.pawn(player);
    let (c, r) = (pawn.col as usize, pawn.row as usize);
    let passages = state.passages();
    let bit = |row: u32, col: usize| (row >> col) & 1;
    let mut open = bit(passages.right[r], c);
    if c > 0 {
        open += bit(passages.right[r], c - 1);
    }
    if r + 1 < state.size() {
        open += bit(passages.up[r], c);
    }
    if r > 0 {
        open += bit(passages.up[r - 1], c);
    }
    open as i32
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_position_features() {
        let s = Quoridor::standard();
        // Black moves first: level race, black has the tempo; the centre pawn's square is
        // open on three sides (its back is the edge).
        assert_eq!(
            RaceEval::v2().features_of(&s, 0),
            [0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0]
        );
        assert_eq!(RaceEval::v2().evaluate(&s, 0), 50);
        assert_eq!(RaceEval::v2().evaluate(&s, 1), -50);
    }

    /// On 13x13 (17 walls each) a wall spent costs its value; `race-v1`, which counted at
    /// most 10 walls, saw nothing until the seventh.
    #[test]
    fn every_wall_in_hand_counts() {
        let mut s = Quoridor::new(13, 17).unwrap();
        s.play_notation("a2h").unwrap(); // black spends a wall far from both paths
        let (v1, v2) = (RaceEval::v1(), RaceEval::v2());
        assert!(v2.evaluate(&s, 0) < v1.evaluate(&s, 0));
        assert!(v2.evaluate(&s, 1) > v1.evaluate(&s, 1));
        let mut nine = Quoridor::standard();
        nine.play_notation("a2h").unwrap();
        for p in [0, 1] {
            assert_eq!(v2.evaluate(&nine, p), v1.evaluate(&nine, p));
        }
    }

    /// However many walls both hold, a step towards the goal is worth more than a step
    /// aside with `race`; with `race-v3`'s `walls-path` it was worth less with 34 walls each
    /// on 13x13.
    #[test]
    fn a_step_forward_beats_a_step_aside_whatever_the_walls() {
        for (size, walls, forward, aside) in [
            (13, 34, "g10", "f11"),
            (9, 10, "e6", "d7"),
            (9, 20, "e6", "d7"),
        ] {
            let at = |square: &str| {
                let text = format!("size={size} walls={walls} turn=white black={square},{walls} white=e1,{walls} h= v=");
                Quoridor::new(size, walls)
                    .unwrap()
                    .from_text(&text)
                    .unwrap()
            };
            let eval = RaceEval::race();
            let (f, a) = (at(forward), at(aside));
            assert!(
                eval.evaluate(&f, 0) > eval.evaluate(&a, 0),
                "{size}x{size}, {walls} walls: {} against {}",
                eval.evaluate(&f, 0),
                eval.evaluate(&a, 0)
            );
        }
        let at = |square: &str| {
            let text = format!("size=13 walls=34 turn=white black={square},34 white=e1,34 h= v=");
            Quoridor::new(13, 34).unwrap().from_text(&text).unwrap()
        };
        let v3 = RaceEval::v3();
        assert!(v3.evaluate(&at("g10"), 0) < v3.evaluate(&at("f11"), 0));
    }

    /// `race` counts `walls-far` up to the board's standard walls (6 on 7x7) and not above;
    /// the older races count it whatever the walls.
    #[test]
    fn walls_far_counts_up_to_the_standard_walls() {
        let walls_far = |eval: RaceEval, walls: u32| {
            let mut s = Quoridor::new(7, walls).unwrap();
            s.play_notation("a2h").unwrap(); // black spends a wall: one fewer in hand
            eval.features_of(&s, 1)[3]
        };
        assert_eq!(walls_far(RaceEval::race(), 6), 6);
        assert_eq!(walls_far(RaceEval::race(), 7), 0);
        assert_eq!(walls_far(RaceEval::race(), 12), 0);
        assert_eq!(walls_far(RaceEval::v3(), 12), 6);
        assert_eq!(walls_far(RaceEval::with_weights(RACE_WEIGHTS), 12), 6);
    }

    /// `race` prices a wall in hand at 83 with `walls-far` at [`SCARCE_WALLS_FAR`] with
    /// fewer walls than the standard count; with the standard count at [`RACE_WEIGHTS`]' 60
    /// and 8 from 9x9 up and at the fitted 83 and 12 on 7x7; and at 83 without `walls-far`
    /// with more, but on 7x7, where every weight is the board's own.
    #[test]
    fn a_wall_is_priced_by_the_board_and_the_walls() {
        let priced = |walls: i32, walls_far: i32| {
            let mut weights = RACE_WEIGHTS;
            [weights[WALLS], weights[WALLS_FAR]] = [walls, walls_far];
            weights
        };
        for (size, walls, weights) in [
            (9, 5, priced(83, SCARCE_WALLS_FAR)),
            (9, 10, priced(60, 8)),
            (11, 13, priced(60, 8)),
            (7, 6, priced(83, 12)),
            (9, 20, priced(83, 0)),
            (5, 6, priced(83, 0)),
            (7, 7, MANY_WALLS_7X7_WEIGHTS),
            (7, 12, MANY_WALLS_7X7_WEIGHTS),
        ] {
            let mut s = Quoridor::new(size, walls).unwrap();
            // Both pawns step forward, black spends a wall, white steps again.
            let centre = char::from(b'a' + size as u8 / 2);
            let moves = [
                format!("{centre}{}", size - 1),
                format!("{centre}2"),
                "a4h".to_string(),
                format!("{centre}3"),
            ];
            for m in moves {
                s.play_notation(&m).unwrap();
            }
            // Black has spent a wall: walls in hand differ, so walls-far is not 0 here.
            assert_ne!(RaceEval::v3().features_of(&s, 0)[WALLS_FAR], 0);
            assert_eq!(RaceEval::race().weights_at(&s), weights);
            for p in [0, 1] {
                assert_eq!(
                    RaceEval::race().evaluate(&s, p),
                    RaceEval::with_weights(weights).evaluate(&s, p),
                    "{size}x{size} with {walls} walls, player {p}"
                );
            }
        }
        assert_eq!(RaceEval::race().weights(), priced(60, 8).to_vec());
    }

    /// Referee seed 2013 against gorisanson's MCTS at 60,000 rollouts, after white's last
    /// wall (move 30): black needs 16 steps, white 11, and none of black's seven walls
    /// lengthens white's path. `race` counts the seven and judges black 4.8 steps ahead
    /// (9.5 at the fitted price of a wall); black lost. `race-dead` counts one, and only
    /// once white's hand is empty.
    #[test]
    fn walls_that_lengthen_nothing_count_once_the_other_has_none() {
        let at = |text: &str| Quoridor::standard().from_text(text).unwrap();
        let walls = "h=a4,c4,b6,e6,d7,f7,h7,a9 v=d5,c6,a8,b8,d8";
        let empty = at(&format!(
            "size=9 walls=10 turn=black black=b6,7 white=d5,0 {walls}"
        ));
        assert_eq!(crate::threat::single_wall_threat(&empty, 1), 0);
        assert!(RaceEval::race().evaluate(&empty, 0) > 400);
        assert!(RaceEval::dead().evaluate(&empty, 0) < -300);
        let f = RaceEval::dead().features_of(&empty, 0);
        assert_eq!(f[2], 1, "one of black's seven walls counts");
        assert_eq!(f[8], 1, "walls-few counts that one");
        assert_eq!(f[6], 0, "not settled: black still holds walls");
        // With a wall in white's hand the board may still change: every wall counts.
        let one = at(&format!(
            "size=9 walls=10 turn=black black=b6,7 white=d5,1 {walls}"
        ));
        assert_eq!(
            RaceEval::dead().evaluate(&one, 0),
            RaceEval::race().evaluate(&one, 0)
        );
        // From white's side the same count: white stands ahead.
        assert!(RaceEval::dead().evaluate(&empty, 1) > 300);
    }

    #[test]
    fn open_sides_count_walls_and_edges() {
        let mut s = Quoridor::standard();
        assert_eq!(open_sides(&s, 0), 3);
        s.play_notation("e8").unwrap(); // black steps off the edge
        assert_eq!(open_sides(&s, 0), 4);
        s.play_notation("e8h").unwrap(); // white closes the square's lower side
        assert_eq!(open_sides(&s, 0), 3);
        let f = RaceEval::v2().features_of(&s, 0);
        assert_eq!(f[9], 3 - 3);
        assert_eq!(f[2], 1, "black holds one wall more");
        assert_eq!(f[8], 0, "both still hold two or more");
    }

    /// `race` plays the fitted weights, `race-v2` the hand-set ones, and a spec's weights
    /// equal to either evaluate alike.
    #[test]
    fn named_weights() {
        let mut s = Quoridor::standard();
        for m in ["e8", "e2", "d7h", "e3"] {
            s.play_notation(m).unwrap();
        }
        assert_eq!(RaceEval::race().weights(), RACE_WEIGHTS.to_vec());
        assert_eq!(RaceEval::v3().weights(), FITTED_WEIGHTS.to_vec());
        assert_eq!(RaceEval::v2().weights(), HAND_WEIGHTS.to_vec());
        for p in [0, 1] {
            assert_eq!(
                RaceEval::with_weights(RACE_WEIGHTS).evaluate(&s, p),
                RaceEval::race().evaluate(&s, p)
            );
            assert_eq!(
                RaceEval::with_weights(FITTED_WEIGHTS).evaluate(&s, p),
                RaceEval::v3().evaluate(&s, p)
            );
            assert_eq!(
                RaceEval::with_weights(HAND_WEIGHTS).evaluate(&s, p),
                RaceEval::v2().evaluate(&s, p)
            );
        }
        assert_ne!(
            RaceEval::race().evaluate(&s, 0),
            RaceEval::v2().evaluate(&s, 0)
        );
    }

    /// Extreme weights on a board with thousands of walls stay inside the heuristic range.
    #[test]
    fn values_stay_heuristic() {
        let mut s = Quoridor::new(25, 5_000).unwrap();
        s.play_notation("a2h").unwrap();
        let eval = RaceEval::with_weights([100_000; RACE_FEATURES]);
        for p in [0, 1] {
            assert!(eval.evaluate(&s, p).abs() < EVAL_BOUND);
        }
    }

    #[test]
    fn weights_are_a_dot_product() {
        let mut s = Quoridor::standard();
        for m in ["e8", "e2", "d7h", "e3", "e7"] {
            s.play_notation(m).unwrap();
        }
        for p in [0, 1] {
            let eval = RaceEval::with_weights([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
            let f = eval.features_of(&s, p);
            let dot: i32 = f.iter().zip(1..).map(|(f, w)| f * w).sum();
            assert_eq!(eval.evaluate(&s, p), dot);
            assert_eq!(eval.features(&s, p), Some(f.to_vec()));
        }
    }
}
