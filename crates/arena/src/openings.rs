//! The positions games start from: random walks from the start, or lines read from a file.

use rand::seq::IndexedRandom;
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

use ply_core::record::{MAX_RECORD_PLIES, MAX_TEXT_ITEMS};
use ply_core::Game;

use crate::config::OpeningSource;
use crate::error::ArenaError;
use crate::rng_seeds::derive_rng_seed;

/// A start position for a set of games.
#[derive(Debug, Clone)]
pub struct Opening<G: Game> {
    /// The moves from the game's start, in its notation (empty for a position read as text).
    pub moves: Vec<String>,
    /// The position after them.
    pub state: G,
}

/// How many times a random opening is redrawn when its walk ends the game.
const RANDOM_ATTEMPTS: u64 = 1000;

/// Builds `count` openings from `source`, all checked against the rules.
pub fn build_openings<G: Game>(
    start: &G,
    source: &OpeningSource,
    count: usize,
    rng_seed: u64,
) -> Result<Vec<Opening<G>>, ArenaError> {
    match source {
        OpeningSource::StartPosition => Ok(vec![
            Opening {
                moves: Vec::new(),
                state: start.clone(),
            };
            count
        ]),
        OpeningSource::Random { plies } => (0..count)
            .map(|i| {
                random_opening(
                    start,
                    *plies,
                    derive_rng_seed(rng_seed, &[0x0FE4, i as u64]),
                )
            })
            .collect(),
        OpeningSource::Lines { origin, lines } => {
            let read = read_lines(start, origin, lines)?;
            Ok((0..count).map(|i| read[i % read.len()].clone()).collect())
        }
    }
}

/// A walk of `plies` uniformly random legal moves that leaves the game going.
fn random_opening<G: Game>(
    start: &G,
    plies: usize,
    rng_seed: u64,
) -> Result<Opening<G>, ArenaError> {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(rng_seed);
    let mut legal = Vec::new();
    for _ in 0..RANDOM_ATTEMPTS {
        let mut state = start.clone();
        let mut moves = Vec::new();
        for _ in 0..plies {
            state.legal_moves(&mut legal);
            let Some(&mv) = legal.choose(&mut rng) else {
                break;
            };
            moves.push(state.format_move(mv));
            state.play(mv);
        }
        if !state.is_terminal() {
            return Ok(Opening { moves, state });
        }
    }
    Err(ArenaError::Opening {
        origin: format!("random:{plies}"),
        reason: format!(
            "{RANDOM_ATTEMPTS} random walks of {plies} plies all ended the game; use fewer plies"
        ),
    })
}

/// Reads every non-blank, non-comment line: moves separated by spaces or commas, or else a
/// whole position in the game's text form. A file of game records (its first line that is
/// not blank or a comment is a `[Tag "…"]`) gives one opening per record instead.
fn read_lines<G: Game>(
    start: &G,
    origin: &str,
    lines: &[String],
) -> Result<Vec<Opening<G>>, ArenaError> {
    let first = lines
        .iter()
        .map(|l| l.trim())
        .find(|l| !l.is_empty() && !l.starts_with('#'));
    if first.is_some_and(|l| l.starts_with('[')) {
        return read_records(start, origin, lines);
    }
    let mut openings = Vec::new();
    let mut plies = 0usize;
    for (number, line) in lines.iter().enumerate() {
        let text = line.trim();
        if text.is_empty() || text.starts_with('#') {
            continue;
        }
        let place = format!("{origin}, line {}", number + 1);
        if plies > MAX_TEXT_ITEMS {
            return Err(ArenaError::Opening {
                origin: place,
                reason: format!(
                    "the lines before it hold {plies} moves; a file of openings holds at most \
                     {MAX_TEXT_ITEMS}, as a file of records does"
                ),
            });
        }
        let opening = match play_line(start, text) {
            Ok(opening) => opening,
            Err(move_error) => match start.from_text(text) {
                Ok(state) => Opening {
                    moves: Vec::new(),
                    state,
                },
                Err(_) => {
                    return Err(ArenaError::Opening {
                        origin: place,
                        reason: format!(
                            "{} is neither a line of moves ({move_error}) nor a position",
                            ply_core::quote(text)
                        ),
                    })
                }
            },
        };
        if opening.state.is_terminal() {
            return Err(ArenaError::Opening {
                origin: place,
                reason: format!(
                    "{} ends the game; an opening must leave moves to play",
                    ply_core::quote(text)
                ),
            });
        }
        plies += opening.moves.len();
        openings.push(opening);
    }
    if openings.is_empty() {
        return Err(ArenaError::Opening {
            origin: origin.to_string(),
            reason: "no opening in it (every line is blank or a # comment)".to_string(),
        });
    }
    Ok(openings)
}

/// One opening per game record in `lines`: where the record ends. The record is replayed on
/// this tournament's variant: its `Position` (if any) is read as the start, then its moves.
fn read_records<G: Game>(
    start: &G,
    origin: &str,
    lines: &[String],
) -> Result<Vec<Opening<G>>, ArenaError> {
    let bad = |place: String, reason: String| ArenaError::Opening {
        origin: place,
        reason,
    };
    let records = ply_core::Record::parse_lines(lines.iter().map(String::as_str))
        .map_err(|e| bad(origin.into(), e.to_string()))?;
    let mut openings = Vec::with_capacity(records.len());
    for (i, record) in records.iter().enumerate() {
        let place = format!("{origin}, record {}", i + 1);
        let replay = record
            .replay_on(start)
            .map_err(|e| bad(place.clone(), e.to_string()))?;
        if replay.end.is_terminal() {
            return Err(bad(
                place,
                "the record ends the game; an opening must leave moves to play".into(),
            ));
        }
        // Moves from the variant's start are shown; a record that starts from a position
        // is an opening given as a position.
        let moves = if replay.start == *start {
            record.moves.iter().map(|m| m.text.clone()).collect()
        } else {
            Vec::new()
        };
        openings.push(Opening {
            moves,
            state: replay.end,
        });
    }
    Ok(openings)
}

/// The opening a line of moves plays, at most [`MAX_RECORD_PLIES`] of them (a game's rules
/// may allow a line of any length: Quoridor's pawns can walk to and fro).
fn play_line<G: Game>(start: &G, text: &str) -> Result<Opening<G>, ply_core::GameError> {
    let mut state = start.clone();
    let mut moves = Vec::new();
    for token in text.split(|c: char| c.is_whitespace() || c == ',') {
        if token.is_empty() {
            continue;
        }
        if moves.len() >= MAX_RECORD_PLIES {
            return Err(ply_core::GameError::illegal(
                token,
                format!("a line of moves holds at most {MAX_RECORD_PLIES}, as a record does"),
            ));
        }
        let mv = state.play_notation(token)?;
        moves.push(format_played(&state, mv));
    }
    Ok(Opening { moves, state })
}

/// Formats a move that was just played (some notations read the position, so format from
/// the position before it).
fn format_played<G: Game>(after: &G, mv: G::Move) -> String {
    let mut before = after.clone();
    before.undo(mv);
    before.format_move(mv)
}

#[cfg(test)]
mod tests {
    use ply_tictactoe::TicTacToe;

    use super::*;

    fn lines(text: &[&str]) -> OpeningSource {
        OpeningSource::Lines {
            origin: "test.txt".into(),
            lines: text.iter().map(|s| s.to_string()).collect(),
        }
    }

    #[test]
    fn random_openings_are_reproducible_and_varied() {
        let start = TicTacToe::new();
        let source = OpeningSource::Random { plies: 3 };
        let a = build_openings(&start, &source, 20, 7).unwrap();
        let b = build_openings(&start, &source, 20, 7).unwrap();
        let moves =
            |o: &[Opening<TicTacToe>]| o.iter().map(|x| x.moves.join(" ")).collect::<Vec<_>>();
        assert_eq!(moves(&a), moves(&b));
        let mut distinct = moves(&a);
        distinct.sort();
        distinct.dedup();
        assert!(distinct.len() > 10, "{distinct:?}");
        assert!(a
            .iter()
            .all(|o| o.moves.len() == 3 && !o.state.is_terminal()));
    }

    #[test]
    fn random_openings_that_always_end_the_game_are_refused() {
        let err = build_openings(&TicTacToe::new(), &OpeningSource::Random { plies: 9 }, 1, 1)
            .unwrap_err()
            .to_string();
        assert!(
            err.contains("random:9") && err.contains("fewer plies"),
            "{err}"
        );
    }

    #[test]
    fn lines_are_read_cycled_and_checked() {
        let start = TicTacToe::new();
        let read =
            build_openings(&start, &lines(&["# comment", "b2 a1", "", "c3,a3"]), 3, 0).unwrap();
        assert_eq!(read[0].moves, ["b2", "a1"]);
        assert_eq!(read[1].moves, ["c3", "a3"]);
        assert_eq!(read[2].moves, ["b2", "a1"]);

        let err = build_openings(&start, &lines(&["b2", "b2 b2"]), 1, 0)
            .unwrap_err()
            .to_string();
        assert!(
            err.contains("test.txt, line 2") && err.contains("b2 b2"),
            "{err}"
        );
        let err = build_openings(&start, &lines(&["zz"]), 1, 0)
            .unwrap_err()
            .to_string();
        assert!(err.contains("line 1") && err.contains("zz"), "{err}");
        let err = build_openings(&start, &lines(&["a1 b1 a2 b2 a3"]), 1, 0)
            .unwrap_err()
            .to_string();
        assert!(err.contains("ends the game"), "{err}");
        let err = build_openings(&start, &lines(&["# only"]), 1, 0)
            .unwrap_err()
            .to_string();
        assert!(err.contains("no opening"), "{err}");
    }
}
