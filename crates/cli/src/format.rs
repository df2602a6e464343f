//! Shared text helpers: player names, results, decisions, durations.

use std::time::Duration;

use ply_core::words::{counted, proven_text};
use ply_core::{show_moves, Decision, Game, Scores};

/// How a seat is called in a game's own vocabulary.
pub fn player_label(game: &str, player: usize) -> String {
    ply_registry::GameId::from_name(game)
        .and_then(|g| g.descriptor().seats.get(player))
        .map_or_else(
            || format!("player {}", player + 1),
            |seat| seat.name.to_string(),
        )
}

/// The final result in words.
pub fn outcome_text<G: Game>(state: &G, scores: &Scores, you: Option<usize>) -> String {
    let name = state.name();
    let n = scores.players();
    if n == 2 {
        let verdict = if scores.get(0) > scores.get(1) {
            Some(0)
        } else if scores.get(1) > scores.get(0) {
            Some(1)
        } else {
            None
        };
        return match (verdict, you) {
            (None, _) => "Game over: a draw.".to_string(),
            (Some(w), Some(y)) if w == y => {
                format!("Game over: {} wins — you win!", player_label(name, w))
            }
            (Some(w), Some(_)) => format!(
                "Game over: {} wins — the engine wins.",
                player_label(name, w)
            ),
            (Some(w), None) => format!("Game over: {} wins.", player_label(name, w)),
        };
    }
    let ranking: Vec<String> = (0..n)
        .map(|p| format!("{} {}", player_label(name, p), scores.get(p)))
        .collect();
    format!("Game over. Points: {}", ranking.join(", "))
}

/// A decision's value as the game's descriptor states the scale (`ply list GAME`, "values"):
/// a tree search's proven result, `±(WIN − plies)`, reads as a win or loss in so many
/// plies; anything else is the agent's number (an evaluation, a solver's outcome, an MCTS
/// mean reward).
pub fn value_text(value: f64) -> String {
    use ply_core::eval::{EVAL_BOUND, WIN};
    if value.abs() >= EVAL_BOUND as f64 && value.abs() <= WIN as f64 {
        let side = if value > 0.0 { "win" } else { "loss" };
        match ply_core::eval::Proven::of(value).and_then(|p| p.plies) {
            Some(plies) => format!("{value} ({side} in {})", counted(plies, "ply", "plies")),
            None => format!("{value} ({side}, distance not proven)"),
        }
    } else if value.fract() == 0.0 {
        format!("{value}")
    } else {
        format!("{value:.3}")
    }
}

/// The value of a decision for the seat to move in `state`: a proven result in words
/// (`Yellow wins by force in 12 moves`), else `value N`.
pub fn decision_value<G: Game>(state: &G, value: f64) -> String {
    let seat = |p| player_label(state.name(), p);
    match proven_text(value, state.to_move(), state.num_players(), seat) {
        Some(words) => words,
        None if value.fract() == 0.0 => format!("value {value}"),
        None => format!("value {value:.3}"),
    }
}

/// One line about an engine's decision: value (a proven result in words), depth, nodes,
/// time, principal variation, moves as a person types them.
///
/// `before` is the position the engine decided in, before `d.mv` is played (a hint is never
/// played at all): the PV is played forward from it on a copy, stopping at the first move
/// that is not legal there, so no input can make this undo a move that was not played.
pub fn describe_decision<G: Game>(before: &G, d: &Decision<G::Move>) -> String {
    let mut pv = Vec::new();
    let mut walk = before.clone();
    for &mv in &d.pv {
        if walk.check_move(mv).is_err() {
            break;
        }
        pv.push(walk.show_move(mv));
        walk.play(mv);
    }
    let mut text = format!(
        "{}, depth {}, {}, {:.0?}",
        decision_value(before, d.value),
        d.depth,
        counted(d.nodes, "node", "nodes"),
        d.elapsed
    );
    if d.iterations > 0 {
        text.push_str(&format!(
            ", {}",
            counted(d.iterations, "iteration", "iterations")
        ));
    }
    if pv.len() > 1 {
        text.push_str(&format!(", pv {}", show_moves(&pv)));
    }
    text
}

/// `text` broken into lines of at most `width` characters at spaces (a longer word keeps a
/// line of its own). Runs of spaces inside a line are kept, so a quoted input reads as it
/// was typed.
pub fn wrap(text: &str, width: usize) -> String {
    let mut lines: Vec<String> = Vec::new();
    for word in text.trim().split(' ') {
        match lines.last_mut() {
            Some(line) if line.chars().count() + 1 + word.chars().count() <= width => {
                line.push(' ');
                line.push_str(word);
            }
            // A run of spaces at a break is the break.
            Some(_) if word.is_empty() => {}
            _ => lines.push(word.to_string()),
        }
    }
    let lines: Vec<&str> = lines.iter().map(|line| line.trim_end()).collect();
    lines.join("\n")
}

/// Reads a duration flag (`--time`, `--time-per-move`, ...) in the one grammar of
/// [`ply_core::duration`]: `750ms`, `2s`, `1.5s`, `500us`, `1m`, at most one year. A bare
/// number is refused (its unit would be a guess). For clap's `value_parser`, which names the
/// flag and the value in front of the message.
pub fn parse_duration(text: &str) -> Result<Duration, String> {
    ply_core::duration::parse_duration(text).map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn proven_values_read_as_wins_and_losses_in_plies() {
        assert_eq!(value_text(999_995.0), "999995 (win in 5 plies)");
        assert_eq!(value_text(-999_998.0), "-999998 (loss in 2 plies)");
        assert_eq!(value_text(999_999.0), "999999 (win in 1 ply)");
        assert_eq!(
            value_text(-990_000.0),
            "-990000 (loss, distance not proven)"
        );
        assert_eq!(value_text(40.0), "40");
        assert_eq!(value_text(0.625), "0.625");
    }

    #[test]
    fn wrapping_breaks_between_words() {
        assert_eq!(wrap("a bb ccc dddd", 6), "a bb\nccc\ndddd");
        assert_eq!(wrap("  averylongword x ", 4), "averylongword\nx");
        assert_eq!(wrap("", 10), "");
        assert_eq!(wrap("bad 'a  b' here", 40), "bad 'a  b' here");
        assert_eq!(wrap("ab  cd", 3), "ab\ncd");
    }

    #[test]
    fn durations() {
        assert_eq!(parse_duration("750ms").unwrap(), Duration::from_millis(750));
        assert_eq!(parse_duration("500ms").unwrap(), Duration::from_millis(500));
        assert_eq!(parse_duration("200ms").unwrap(), Duration::from_millis(200));
        assert_eq!(parse_duration("2s").unwrap(), Duration::from_secs(2));
        assert_eq!(parse_duration("1.5s").unwrap(), Duration::from_millis(1500));
        assert!(parse_duration("fast").unwrap_err().contains("fast"));
        assert!(parse_duration("-1s").unwrap_err().contains("negative"));
    }

    #[test]
    fn a_bare_number_is_refused_with_a_suggestion() {
        let e = parse_duration("1.5").unwrap_err();
        assert!(
            e.contains("'1.5' has no unit") && e.contains("'1.5s'"),
            "{e}"
        );
    }

    /// `ply engine tictactoe --time 1e20s` panicked while parsing; `--time 1e19s` and
    /// `--time-per-move 1.7e19s` were accepted and overflowed a deadline later.
    #[test]
    fn huge_durations_are_refused_not_a_panic() {
        for text in [
            "1e20s", "1e19s", "1.7e19s", "1e400s", "600000m", "inf", "NaN",
        ] {
            let e = parse_duration(text).expect_err(text);
            assert!(e.contains(&format!("'{text}'")), "{e}");
            assert!(e.contains("1 year (31536000s)"), "{e}");
        }
        assert_eq!(
            parse_duration("31536000s").unwrap(),
            Duration::from_secs(31_536_000)
        );
    }

    #[test]
    fn a_refused_flag_names_the_flag_the_value_and_the_rule() {
        use clap::Parser;
        #[derive(Parser, Debug)]
        struct Flags {
            #[arg(long, value_parser = parse_duration)]
            time: Option<Duration>,
        }
        let e = Flags::try_parse_from(["ply", "--time", "1e20s"])
            .unwrap_err()
            .to_string();
        assert!(e.contains("--time") && e.contains("'1e20s'"), "{e}");
        assert!(
            e.contains("at most 1 year") || e.contains("maximum of 1 year"),
            "{e}"
        );
        let ok = Flags::try_parse_from(["ply", "--time", "500ms"]).unwrap();
        assert_eq!(ok.time, Some(Duration::from_millis(500)));
    }
}
