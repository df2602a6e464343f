//! Game analysis: an agent searches every position of a game, and each move is judged by
//! what it cost its mover (`ply analyze`, the page's analysis).
//!
//! For a move from position `i` to `i + 1`:
//! - **before**: the agent's value of position `i` for the mover, and its best move there
//!   (neither when the agent found no value, as a solver out of time: the move it falls
//!   back on is no judgement);
//! - **after**: the value of the move played, for the mover: the game's result when the
//!   move ended it; for the agent's own best move, its value `before` (the search of
//!   position `i` valued that very move; a search of position `i + 1` that disagrees
//!   measures the search's horizon, not the move); otherwise the agent's value of position
//!   `i + 1` turned round to the mover (`−v` for negamax and exact scales, `1 − v` for a
//!   reward);
//! - **loss** = before − after (at least 0);
//! - **verdict**: the engine's own move, or one that loses nothing, is `best`; a move that changes a proven outcome
//!   (a win to a draw or a loss, a draw to a loss) or loses at least the blunder threshold
//!   is a `blunder`; then `mistake` and `inaccuracy` by their thresholds; else `good`.
//!
//! Values are compared only in two-player games (a value for the next player says nothing
//! about the mover's when a third player sits between); with more players each move gets
//! its value before and the engine's best move, and a verdict only when it is that move.

use std::time::Duration;

use ply_core::eval::{EVAL_BOUND, WIN};
use ply_core::{Agent, Game, SearchLimits, ValueScale};

/// A result for the mover.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Outcome {
    Loss,
    Draw,
    Win,
}

impl Outcome {
    pub fn name(self) -> &'static str {
        match self {
            Outcome::Loss => "loss",
            Outcome::Draw => "draw",
            Outcome::Win => "win",
        }
    }
}

/// What a move was.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Verdict {
    Best,
    Good,
    Inaccuracy,
    Mistake,
    Blunder,
    /// No value after the move to compare (games of more than two players).
    Unjudged,
}

impl Verdict {
    pub fn name(self) -> &'static str {
        match self {
            Verdict::Best => "best",
            Verdict::Good => "good",
            Verdict::Inaccuracy => "inaccuracy",
            Verdict::Mistake => "mistake",
            Verdict::Blunder => "blunder",
            Verdict::Unjudged => "-",
        }
    }
}

/// The losses (in the agent's value units) from which a move is an inaccuracy, a mistake
/// and a blunder.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Thresholds {
    pub inaccuracy: f64,
    pub mistake: f64,
    pub blunder: f64,
}

impl Thresholds {
    /// The defaults for a value scale: `unit` is one step of the game's evaluation (the
    /// game's `Described::VALUE_UNIT`), and an inaccuracy costs 1 of them, a mistake 2, a
    /// blunder 4; an exact score 1, 2 and 4 points; a reward 0.05, 0.1 and 0.2.
    pub fn for_scale(scale: ValueScale, unit: f64) -> Thresholds {
        let step = match scale {
            ValueScale::Negamax => unit,
            ValueScale::Exact => 1.0,
            ValueScale::Reward => 0.05,
        };
        Thresholds {
            inaccuracy: step,
            mistake: 2.0 * step,
            blunder: 4.0 * step,
        }
    }
}

/// One move of the game, judged.
#[derive(Debug, Clone, PartialEq)]
pub struct MoveAnalysis<M> {
    /// The seat that moved.
    pub mover: usize,
    pub played: M,
    /// The agent's choice in the position before the move; `None` when it found no value
    /// there (its move was a fallback, not a choice).
    pub best: Option<M>,
    /// The mover's value before the move (the agent's value of the position); `None` when
    /// the agent found none.
    pub before: Option<f64>,
    /// The mover's value of the move played; `None` where values are not comparable.
    pub after: Option<f64>,
    /// `before − after`, at least 0.
    pub loss: Option<f64>,
    /// The proven results before and after, where the values prove one.
    pub outcome_before: Option<Outcome>,
    pub outcome_after: Option<Outcome>,
    pub verdict: Verdict,
    /// The search of the position before the move.
    pub nodes: u64,
    pub time: Duration,
}

/// The whole game, judged.
#[derive(Debug, Clone)]
pub struct GameAnalysis<M> {
    pub agent: String,
    pub scale: ValueScale,
    pub thresholds: Thresholds,
    pub moves: Vec<MoveAnalysis<M>>,
}

/// Analyses the game that starts at `start` and plays `moves`, searching each position with
/// `agent` within `limits`. `thresholds`: `None` for [`Thresholds::for_scale`] with `unit`.
/// `progress` is called after each position searched, with how many are done and the total.
pub fn analyze_game<G: Game>(
    start: &G,
    moves: &[G::Move],
    agent: &mut dyn Agent<G>,
    limits: &SearchLimits,
    thresholds: Option<Thresholds>,
    unit: f64,
    mut progress: impl FnMut(usize, usize),
) -> GameAnalysis<G::Move> {
    agent.new_game();
    let mut positions = Vec::with_capacity(moves.len() + 1);
    let mut state = start.clone();
    positions.push(state.clone());
    for &mv in moves {
        state.play(mv);
        positions.push(state.clone());
    }
    let scale = agent.value_scale(start);
    let thresholds = thresholds.unwrap_or_else(|| Thresholds::for_scale(scale, unit));
    // One search per position; the final one only matters for the last move's "after".
    let total = positions.len();
    let decisions: Vec<_> = positions
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let decision = if p.is_terminal() {
                None
            } else {
                agent.select(p, limits)
            };
            progress(i + 1, total);
            decision
        })
        .collect();
    let two_players = start.num_players() == 2;
    let mut judged = Vec::with_capacity(moves.len());
    for (i, &played) in moves.iter().enumerate() {
        let Some(decision) = &decisions[i] else {
            // A position with no decision is over; a record cannot continue past it.
            break;
        };
        let (here, next) = (&positions[i], &positions[i + 1]);
        let mover = here.to_move();
        let before = decision.value;
        if !before.is_finite() {
            // The agent gave no value (a solver out of time): nothing to judge by, and its
            // move is a fallback, not a best move.
            judged.push(MoveAnalysis {
                mover,
                played,
                best: None,
                before: None,
                after: None,
                loss: None,
                outcome_before: None,
                outcome_after: None,
                verdict: Verdict::Unjudged,
                nodes: decision.nodes,
                time: decision.elapsed,
            });
            continue;
        }
        let after = if let Some(scores) = next.outcome() {
            let margin = scores.margin(mover);
            let result = if margin > 0.0 {
                Outcome::Win
            } else if margin < 0.0 {
                Outcome::Loss
            } else {
                Outcome::Draw
            };
            Some(result_value(result, scale, before))
        } else if played == decision.mv {
            Some(before)
        } else {
            match &decisions[i + 1] {
                Some(d) if next.to_move() == mover => Some(d.value),
                Some(d) if two_players => Some(turn_round(d.value, scale)),
                _ => None,
            }
            .filter(|v| v.is_finite())
        };
        let outcome_before = outcome_of(before, scale);
        let outcome_after = after.and_then(|a| outcome_of(a, scale));
        let loss = after.map(|a| (before - a).max(0.0));
        // A move worth as much as the engine's choice is as good as it.
        let verdict = if played == decision.mv || loss == Some(0.0) {
            Verdict::Best
        } else if let Some(loss) = loss {
            let worse_outcome = matches!(
                (outcome_before, outcome_after),
                (Some(b), Some(a)) if a < b
            );
            if worse_outcome || loss >= thresholds.blunder {
                Verdict::Blunder
            } else if loss >= thresholds.mistake {
                Verdict::Mistake
            } else if loss >= thresholds.inaccuracy {
                Verdict::Inaccuracy
            } else {
                Verdict::Good
            }
        } else {
            Verdict::Unjudged
        };
        judged.push(MoveAnalysis {
            mover,
            played,
            best: Some(decision.mv),
            before: Some(before),
            after,
            loss,
            outcome_before,
            outcome_after,
            verdict,
            nodes: decision.nodes,
            time: decision.elapsed,
        });
    }
    GameAnalysis {
        agent: agent.name(),
        scale,
        thresholds,
        moves: judged,
    }
}

/// The next player's value as the mover's, in a two-player game. A proven negamax result
/// counts its plies from the position searched, so seen from one ply earlier it is one ply
/// further away.
pub fn turn_round(value: f64, scale: ValueScale) -> f64 {
    match scale {
        ValueScale::Negamax if value >= EVAL_BOUND as f64 => -value + 1.0,
        ValueScale::Negamax if value <= -EVAL_BOUND as f64 => -value - 1.0,
        ValueScale::Negamax | ValueScale::Exact => -value,
        ValueScale::Reward => 1.0 - value,
    }
}

/// The proven result a value stands for, if it proves one.
pub fn outcome_of(value: f64, scale: ValueScale) -> Option<Outcome> {
    match scale {
        ValueScale::Exact => Some(if value > 0.0 {
            Outcome::Win
        } else if value < 0.0 {
            Outcome::Loss
        } else {
            Outcome::Draw
        }),
        ValueScale::Negamax if value.abs() >= EVAL_BOUND as f64 => Some(if value > 0.0 {
            Outcome::Win
        } else {
            Outcome::Loss
        }),
        _ => None,
    }
}

/// The value of a move that ended the game with `result`, in the scale of `before` (the
/// value the mover had): a win is worth at least `before`, so a winning move never loses.
fn result_value(result: Outcome, scale: ValueScale, before: f64) -> f64 {
    let win = match scale {
        ValueScale::Negamax => (WIN - 1) as f64,
        ValueScale::Exact => 1.0,
        ValueScale::Reward => 1.0,
    };
    match result {
        Outcome::Win => before.max(win),
        Outcome::Draw => match scale {
            ValueScale::Reward => 0.5,
            _ => 0.0,
        },
        Outcome::Loss => match scale {
            ValueScale::Negamax => -((WIN - 1) as f64),
            ValueScale::Exact => before.min(-1.0),
            ValueScale::Reward => 0.0,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::minimax::Minimax;
    use crate::synthetic::SyntheticGame;
    use std::sync::Arc;

    #[test]
    fn values_turn_round_and_prove_outcomes_by_scale() {
        assert_eq!(turn_round(12.0, ValueScale::Negamax), -12.0);
        let loss_in_4 = -((WIN - 4) as f64);
        assert_eq!(turn_round(loss_in_4, ValueScale::Negamax), (WIN - 5) as f64);
        assert_eq!(turn_round(0.25, ValueScale::Reward), 0.75);
        assert_eq!(outcome_of(-3.0, ValueScale::Exact), Some(Outcome::Loss));
        assert_eq!(outcome_of(0.0, ValueScale::Exact), Some(Outcome::Draw));
        assert_eq!(outcome_of(0.0, ValueScale::Negamax), None);
        assert_eq!(
            outcome_of((WIN - 5) as f64, ValueScale::Negamax),
            Some(Outcome::Win)
        );
        assert_eq!(outcome_of(0.9, ValueScale::Reward), None);
    }

    /// Always the first legal move, valued by `value(ply)`: a search whose values drift
    /// from one position to the next, or that finds none.
    struct Drifting(fn(u32) -> f64);

    impl Agent<SyntheticGame> for Drifting {
        fn name(&self) -> String {
            "drifting".into()
        }
        fn select(
            &mut self,
            state: &SyntheticGame,
            _: &SearchLimits,
        ) -> Option<ply_core::Decision<u8>> {
            let mut moves = Vec::new();
            state.legal_moves(&mut moves);
            let mut decision = ply_core::Decision::just(*moves.first()?);
            decision.value = (self.0)(state.ply() as u32);
            Some(decision)
        }
    }

    /// A game of `length` plies, always the first legal move but at `other`.
    fn first_moves_but(other: usize) -> (SyntheticGame, Vec<u8>) {
        let start = SyntheticGame::new(5, 3, 6).unwrap();
        let mut state = start.clone();
        let mut moves = Vec::new();
        let mut legal = Vec::new();
        while !state.is_terminal() {
            state.legal_moves(&mut legal);
            let mv = if moves.len() == other {
                legal[1]
            } else {
                legal[0]
            };
            moves.push(mv);
            state.play(mv);
        }
        (start, moves)
    }

    /// The analysis of `moves` from `start` by `agent`, with no limits and a unit of 10.
    fn judge(start: &SyntheticGame, moves: &[u8], agent: &mut Drifting) -> GameAnalysis<u8> {
        analyze_game(
            start,
            moves,
            agent,
            &SearchLimits::none(),
            None,
            10.0,
            |_, _| {},
        )
    }

    /// A Quoridor 25x25 analysis showed the engine's own move with a loss of 40 and the
    /// verdict "best": the next position's search valued it lower. The engine's own move is
    /// worth what its search said; only the other moves are judged by the next search.
    #[test]
    fn the_engines_own_move_loses_nothing_whatever_the_next_search_says() {
        let (start, moves) = first_moves_but(2);
        // Each position is valued 40 below the one before, for whoever moves.
        let mut agent = Drifting(|ply| 1000.0 - 40.0 * f64::from(ply));
        let analysis = judge(&start, &moves, &mut agent);
        for (i, m) in analysis.moves.iter().enumerate() {
            if i == 2 {
                assert_ne!(m.best, Some(m.played));
                assert!(m.loss.is_some() && m.verdict != Verdict::Best, "{m:?}");
            } else if i + 1 < moves.len() {
                assert_eq!(m.best, Some(m.played));
                assert_eq!(
                    (m.after, m.loss, m.verdict),
                    (m.before, Some(0.0), Verdict::Best),
                    "{m:?}"
                );
            }
        }
    }

    /// A Connect Four record on 36x6 showed `NaN` and "best i" (the solver out of time, and
    /// the centre column it falls back on): no value, no best move, no verdict.
    #[test]
    fn a_position_without_a_value_has_no_best_move_and_no_verdict() {
        let (start, moves) = first_moves_but(usize::MAX);
        let mut agent = Drifting(|ply| if ply < 2 { f64::NAN } else { 5.0 });
        let analysis = judge(&start, &moves, &mut agent);
        for m in &analysis.moves[..2] {
            assert_eq!(
                (m.best, m.before, m.after, m.loss),
                (None, None, None, None),
                "{m:?}"
            );
            assert_eq!(m.verdict, Verdict::Unjudged);
        }
        assert_eq!(analysis.moves[2].before, Some(5.0));
        assert_eq!(analysis.moves[2].verdict, Verdict::Best);
    }

    /// With an exact agent (full-depth minimax on a small tree), every move's "after" is
    /// the best value among the alternatives the mover had, so a move is best exactly when
    /// it loses nothing, and a move's loss is the gap minimax itself computes.
    #[test]
    fn a_full_depth_search_judges_moves_by_their_exact_loss() {
        let start = SyntheticGame::new(3, 5, 6).unwrap();
        let mut state = start.clone();
        let mut moves = Vec::new();
        let mut legal = Vec::new();
        // Always the last legal move: often not the best.
        while !state.is_terminal() {
            state.legal_moves(&mut legal);
            let mv = *legal.last().unwrap();
            moves.push(mv);
            state.play(mv);
        }
        let mut agent = Minimax::new(Arc::new(ply_core::eval::HashNoise { spread: 100 })).depth(64);
        let analysis = analyze_game(
            &start,
            &moves,
            &mut agent,
            &SearchLimits::none(),
            None,
            1.0,
            |_, _| {},
        );
        assert_eq!(analysis.moves.len(), moves.len());
        assert!(analysis.moves.iter().any(|m| m.verdict != Verdict::Best));
        let mut replay = start.clone();
        for (judged, &mv) in analysis.moves.iter().zip(&moves) {
            let mut child = replay.clone();
            child.play(mv);
            let exact_after = if child.is_terminal() {
                None
            } else {
                let value = agent.select(&child, &SearchLimits::none()).unwrap().value;
                Some(turn_round(value, ValueScale::Negamax))
            };
            if let (Some(exact), Some(after)) = (exact_after, judged.after) {
                assert_eq!(after, exact);
            }
            if let Some(after) = judged.after {
                assert!(
                    judged.before.unwrap() >= after,
                    "an exact search is never beaten: {judged:?}"
                );
            }
            if judged.verdict == Verdict::Best {
                assert!(judged.best == Some(judged.played) || judged.loss == Some(0.0));
            } else {
                assert!(judged.loss.is_some());
            }
            replay.play(mv);
        }
    }
}
