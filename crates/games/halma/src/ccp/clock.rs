//! How long a `go` may think. A referee counts a late answer as lost, so the search gets
//! only a share of the time it is given, and a watchdog answers with a two-ply search's move
//! (`crate::ccerl_agent::glance`) shortly before the time runs out if the search has not
//! answered by then.

use std::time::Duration;

use ply_core::Game;

use super::command::GoLimits;
use crate::board::Halma;

/// The share of the allotted time the search may use; the rest covers handing the move
/// over, the pipe, and a busy machine's scheduling. (At 0.75 of 100 ms, under the rating
/// list's referee on a 2-core machine loaded 8 times over, a search that overran its time
/// still answered up to 99.8 ms after the `go`, the watchdog itself woken late.)
pub const SEARCH_SHARE: f64 = 0.6;

/// The watchdog answers this long before the allotted time runs out (at most a fifth of
/// it).
pub const WATCHDOG_MARGIN: Duration = Duration::from_millis(20);

/// The time of a search that `go` does not time (`go infinite`, `go depth 9`): a year, which
/// no one waits for. The searches take a stop flag as an interrupt, not as a budget (with
/// nothing else they search to their default depth), so such a search runs until its depth,
/// its nodes or `stop`.
pub const UNTIMED: Duration = Duration::from_secs(365 * 24 * 3600);

/// Own moves a clock is spread over at most (fewer as the move limit nears).
const MOVES_TO_PLAN: u32 = 30;

/// What a `go` gives the search.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Allotment {
    /// The search's own time limit.
    pub think: Duration,
    /// When the watchdog answers if the search has not.
    pub deadline: Option<Duration>,
}

/// The time `go` allows for the move of the player to move in `state`: `movetime`, or a
/// share of the mover's clock (`wtime` is player 0's, `btime` player 1's), the tighter of
/// the two when both are given; [`UNTIMED`] and no watchdog when neither is.
pub fn allot(go: &GoLimits, state: &Halma) -> Allotment {
    let mover = state.to_move().min(1);
    let from_clock = go.time[mover].map(|remaining| {
        let own_moves_left = go.movestogo.map_or_else(
            || {
                let plies_left = state.settings().max_plies.saturating_sub(state.ply());
                plies_left.div_ceil(2).clamp(1, MOVES_TO_PLAN)
            },
            |n| n.clamp(1, u64::from(MOVES_TO_PLAN)) as u32,
        );
        let increment = go.increment[mover].unwrap_or_default();
        (remaining / own_moves_left + increment).min(remaining / 2)
    });
    let allotted = match (go.movetime, from_clock) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    };
    Allotment {
        think: allotted.map_or(UNTIMED, |t| t.mul_f64(SEARCH_SHARE)),
        deadline: allotted.map(|t| t - WATCHDOG_MARGIN.min(t / 5)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::BoardKind;
    use crate::settings::HalmaSettings;

    #[test]
    fn movetime_and_clocks() {
        let state = Halma::with_settings(BoardKind::Star121, 2, HalmaSettings::ccerl()).unwrap();
        let ms = Duration::from_millis;
        let go = GoLimits {
            movetime: Some(ms(100)),
            ..GoLimits::default()
        };
        assert_eq!(
            allot(&go, &state),
            Allotment {
                think: ms(60),
                deadline: Some(ms(80))
            }
        );
        // 240 plies to go: 30 own moves planned, plus the increment.
        let clock = GoLimits {
            time: [Some(ms(60_000)), Some(ms(1))],
            increment: [Some(ms(100)), None],
            ..GoLimits::default()
        };
        assert_eq!(allot(&clock, &state).think, ms(2_100).mul_f64(SEARCH_SHARE));
        // A nearly empty clock: never more than half of it.
        let short = GoLimits {
            time: [Some(ms(10)), None],
            increment: [Some(ms(1_000)), None],
            ..GoLimits::default()
        };
        assert_eq!(allot(&short, &state).deadline, Some(ms(4)));
        assert_eq!(
            allot(&GoLimits::default(), &state),
            Allotment {
                think: UNTIMED,
                deadline: None
            }
        );
    }
}
