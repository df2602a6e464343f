//! Shared text helpers: player names, results, decisions, durations.

use std::time::Duration;

use ply_core::{Decision, Game, Scores};

/// How a seat is called in a game's own vocabulary.
pub fn player_label(game: &str, player: usize) -> String {
    match game {
        "tictactoe" => ["X", "O"][player.min(1)].to_string(),
        "connect4" => ["first player (x)", "second player (o)"][player.min(1)].to_string(),
        "quoridor" => ["black", "white"][player.min(1)].to_string(),
        "halma" => ((b'A' + player as u8) as char).to_string(),
        _ => format!("player {}", player + 1),
    }
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

/// One line about an engine's decision: value, depth, nodes, time, principal variation.
pub fn describe_decision<G: Game>(after: &G, d: &Decision<G::Move>) -> String {
    // The PV is printed from the position before the move: rebuild it by undoing.
    let mut before = after.clone();
    before.undo(d.mv);
    let mut pv = Vec::new();
    let mut walk = before.clone();
    for &mv in &d.pv {
        if walk.check_move(mv).is_err() {
            break;
        }
        pv.push(walk.format_move(mv));
        walk.play(mv);
    }
    let value = if d.value.fract() == 0.0 {
        format!("{}", d.value)
    } else {
        format!("{:.3}", d.value)
    };
    let mut text = format!(
        "value {value}, depth {}, {} nodes, {:.0?}",
        d.depth, d.nodes, d.elapsed
    );
    if d.iterations > 0 {
        text.push_str(&format!(", {} iterations", d.iterations));
    }
    if pv.len() > 1 {
        text.push_str(&format!(", pv {}", pv.join(" ")));
    }
    text
}

/// Reads `750ms`, `2s`, `1.5s`, `1m` or a bare number of seconds.
pub fn parse_duration(text: &str) -> Result<Duration, String> {
    let t = text.trim();
    let (number, scale) = if let Some(n) = t.strip_suffix("ms") {
        (n, 1e-3)
    } else if let Some(n) = t.strip_suffix("us") {
        (n, 1e-6)
    } else if let Some(n) = t.strip_suffix('s') {
        (n, 1.0)
    } else if let Some(n) = t.strip_suffix('m') {
        (n, 60.0)
    } else {
        (t, 1.0)
    };
    let value: f64 = number
        .trim()
        .parse()
        .map_err(|_| format!("'{text}' is not a duration (write e.g. 750ms, 2s, 1.5s or 1m)"))?;
    if !value.is_finite() || value < 0.0 {
        return Err(format!(
            "'{text}' is not a duration: it must be a positive number"
        ));
    }
    Ok(Duration::from_secs_f64(value * scale))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations() {
        assert_eq!(parse_duration("750ms").unwrap(), Duration::from_millis(750));
        assert_eq!(parse_duration("2s").unwrap(), Duration::from_secs(2));
        assert_eq!(parse_duration("1.5").unwrap(), Duration::from_millis(1500));
        assert!(parse_duration("fast").unwrap_err().contains("fast"));
        assert!(parse_duration("-1s").is_err());
    }
}
