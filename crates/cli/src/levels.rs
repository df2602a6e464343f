//! Difficulty ladders: for each game, numbered levels from a random or greedy mover up to the
//! strongest agent, each an agent spec with a small move time so a whole ladder can be rated
//! in a few minutes. `ply play --level N` plays level N; `ply levels GAME` prints the table.
//!
//! The ratings are Elo points above the ladder's anchor, measured with `ply levels GAME
//! --measure` (a round robin of the measured levels); the tournaments' reports, summaries and
//! plots are kept under docs/levels/<game>/. A rating belongs to the variant it was measured
//! on: other variants show the same levels unrated.

use anyhow::bail;

use crate::games::GameName;
use crate::variant::VariantArgs;

/// One rung of a ladder.
#[derive(Debug, Clone, PartialEq)]
pub struct Level {
    /// 1-based, in order of strength as measured.
    pub number: usize,
    pub name: &'static str,
    /// The agent spec (see `ply list`).
    pub spec: &'static str,
    /// Measured Elo above the ladder's anchor (level 1; in Halma greedy, since random cannot
    /// be measured), if this variant's ladder was measured.
    pub rating: Option<f64>,
    /// Half-width of the rating's 95 % interval (0 for the anchor).
    pub error95: Option<f64>,
}

/// A row of a ladder table: a level as written down, before numbering.
struct Row {
    name: &'static str,
    spec: &'static str,
    /// Whether `--measure` includes this level: a mover that never finishes a game (random
    /// in Halma, whose games then all end at the ply limit as draws) tells nothing.
    measured: bool,
    /// (Elo, 95 % half-width) from docs/levels/<game>/summary.json.
    rating: Option<(f64, f64)>,
}

const fn row(
    name: &'static str,
    spec: &'static str,
    measured: bool,
    rating: Option<(f64, f64)>,
) -> Row {
    Row {
        name,
        spec,
        measured,
        rating,
    }
}

/// Tic-tac-toe: not measured (perfect play draws; the top levels cannot be told apart).
const TICTACTOE: &[Row] = &[
    row("random", "random", true, None),
    row("greedy", "greedy", true, None),
    row("minimax, 2 plies", "minimax:depth=2", true, None),
    row("alpha-beta, 4 plies", "alphabeta:depth=4", true, None),
    row("MCTS, 2000 playouts", "mcts:iterations=2000", true, None),
    row("perfect", "alphabeta:depth=9", true, None),
];

// Connect Four 7x6, measured 2026-11-26 (`ply arena`, the binary of that night): round robin
// of all 7 levels, 6 games per pairing (126 games), 2 random opening plies, 200 ms per move
// cap, anchored on random. Levels are ordered by the measured rating; the 95 % intervals are
// wide (about ±230), so only levels two or more rungs apart are told apart with confidence.
// Seed 001's alpha-beta without a table has no complete depth within 0.1 s and falls below
// plain alpha-beta at 4 plies. See docs/levels/connect4/.
const CONNECT4: &[Row] = &[
    row("random", "random", true, Some((0.0, 0.0))),
    row("greedy", "greedy", true, Some((316.0, 226.0))),
    row(
        "seed 001 alpha-beta, 0.1 s",
        "seed001-alphabeta:time=100ms",
        true,
        Some((345.0, 228.0)),
    ),
    row(
        "alpha-beta, 4 plies",
        "alphabeta:depth=4",
        true,
        Some((466.0, 233.0)),
    ),
    row(
        "seed 001 minimax, 5 plies",
        "seed001-minimax",
        true,
        Some((511.0, 236.0)),
    ),
    row("MCTS, 0.1 s", "mcts:time=100ms", true, Some((549.0, 238.0))),
    row(
        "perfect, 0.1 s",
        "perfect:time=100ms",
        true,
        Some((749.0, 262.0)),
    ),
];

// Quoridor 9x9, measured 2026-11-26: round robin of all 6 levels, 6 games per pairing
// (90 games: 78 finished, 10 drawn at the 300-ply limit, 2 lost on time under load), 2 random
// opening plies, 200 ms per move cap, anchored on random. See docs/levels/quoridor/.
const QUORIDOR: &[Row] = &[
    row("random", "random", true, Some((0.0, 0.0))),
    row(
        "seed 004 expectimax, 2 plies",
        "seed004-expectimax",
        true,
        Some((269.0, 231.0)),
    ),
    row("greedy", "greedy", true, Some((329.0, 235.0))),
    row(
        "seed 004 minimax, 2 plies",
        "seed004-minimax",
        true,
        Some((433.0, 243.0)),
    ),
    row(
        "seed 002 engine, 0.1 s",
        "seed002:time=100ms",
        true,
        Some((579.0, 259.0)),
    ),
    row(
        "strongest, 0.1 s",
        "strongest:time=100ms",
        true,
        Some((775.0, 293.0)),
    ),
];

// FAUhalma star, 3 players, measured 2026-11-26: round robin of every group of three of the 5
// measured levels, 6 games per group (every seating; 60 games, 30 of them unfinished at the
// 900-ply limit and scored as draws), start position, 300 ms per move cap. Random is not
// measured: it never brings its pegs home, so every game with it ends drawn at the limit.
// Anchored on greedy, so the levels below it have negative ratings. See docs/levels/halma-3p/.
const HALMA: &[Row] = &[
    row("random", "random", false, None),
    row(
        "alpha-beta, 50 ms",
        "halma-ab:time=50ms",
        true,
        Some((-165.0, 107.0)),
    ),
    row(
        "seed 003 strategy 2",
        "seed003-s2",
        true,
        Some((-157.0, 106.0)),
    ),
    row(
        "seed 003 strategy 5, 3 plies",
        "seed003-s5",
        true,
        Some((-70.0, 103.0)),
    ),
    row("greedy", "greedy", true, Some((0.0, 0.0))),
    row(
        "champion, 50 ms",
        "champion:time=50ms",
        true,
        Some((41.0, 105.0)),
    ),
];

fn rows(game: GameName) -> &'static [Row] {
    match game {
        GameName::Tictactoe => TICTACTOE,
        GameName::Connect4 => CONNECT4,
        GameName::Quoridor => QUORIDOR,
        GameName::Halma => HALMA,
    }
}

/// Whether `variant` is the one the game's ladder was rated on: Connect Four 7x6 (4 in a
/// row), Quoridor 9x9 with 10 walls, Halma on the star with 3 players.
fn is_rated_variant(game: GameName, variant: &VariantArgs) -> bool {
    let is = |value: Option<usize>, default: usize| value.is_none_or(|v| v == default);
    match game {
        GameName::Tictactoe => true,
        GameName::Connect4 => is(variant.width, 7) && is(variant.height, 6) && is(variant.k, 4),
        GameName::Quoridor => is(variant.size, 9) && variant.walls.is_none_or(|w| w == 10),
        GameName::Halma => {
            variant.board.as_deref().is_none_or(|b| b == "star") && variant.players == Some(3)
        }
    }
}

/// The game's ladder, weakest first, with ratings if `variant` is the measured one.
pub fn ladder(game: GameName, variant: &VariantArgs) -> Vec<Level> {
    let rated = is_rated_variant(game, variant);
    rows(game)
        .iter()
        .enumerate()
        .map(|(i, row)| {
            let rating = row.rating.filter(|_| rated);
            Level {
                number: i + 1,
                name: row.name,
                spec: row.spec,
                rating: rating.map(|(elo, _)| elo),
                error95: rating.map(|(_, error)| error),
            }
        })
        .collect()
}

/// The specs `ply levels --measure` rates, in ladder order (the first is the anchor).
pub fn measured_specs(game: GameName) -> Vec<&'static str> {
    rows(game)
        .iter()
        .filter(|row| row.measured)
        .map(|row| row.spec)
        .collect()
}

/// The agent spec of level `number`; an unknown number is an error listing the levels.
pub fn level_spec(
    game: GameName,
    variant: &VariantArgs,
    number: usize,
) -> anyhow::Result<&'static str> {
    let levels = ladder(game, variant);
    match levels.iter().find(|level| level.number == number) {
        Some(level) => Ok(level.spec),
        None => {
            let list: Vec<String> = levels
                .iter()
                .map(|level| format!("  {} {} ({})", level.number, level.name, level.spec))
                .collect();
            bail!(
                "--level {number}: {} has levels 1 to {}:\n{}",
                game.as_str(),
                levels.len(),
                list.join("\n")
            )
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::with_game;

    fn default_variant() -> VariantArgs {
        VariantArgs::default()
    }

    fn check_builds(game: GameName, variant: &VariantArgs) -> anyhow::Result<()> {
        with_game!(game, variant, |state, catalog| {
            let _ = &state;
            for level in ladder(game, variant) {
                if let Err(err) = catalog.build(level.spec, 1) {
                    panic!("{} level {}: {err}", game.as_str(), level.number);
                }
            }
            Ok(())
        })
    }

    #[test]
    fn every_level_builds_with_its_games_catalog() -> anyhow::Result<()> {
        for game in GameName::ALL {
            check_builds(game, &default_variant())?;
        }
        let three_players = VariantArgs {
            players: Some(3),
            ..default_variant()
        };
        check_builds(GameName::Halma, &three_players)
    }

    #[test]
    fn levels_are_numbered_one_to_n_and_at_least_six() {
        for game in GameName::ALL {
            let levels = ladder(game, &default_variant());
            assert!(
                levels.len() >= 6,
                "{} has {} levels",
                game.as_str(),
                levels.len()
            );
            let numbers: Vec<usize> = levels.iter().map(|l| l.number).collect();
            assert_eq!(numbers, (1..=levels.len()).collect::<Vec<_>>());
        }
    }

    #[test]
    fn measured_ratings_rise_with_the_level() {
        let halma3 = VariantArgs {
            players: Some(3),
            ..default_variant()
        };
        for (game, variant) in [
            (GameName::Connect4, default_variant()),
            (GameName::Quoridor, default_variant()),
            (GameName::Halma, halma3),
        ] {
            let ratings: Vec<f64> = ladder(game, &variant)
                .iter()
                .filter_map(|l| l.rating)
                .collect();
            assert!(ratings.len() >= 5, "{} is not rated", game.as_str());
            assert!(
                ratings.windows(2).all(|w| w[0] <= w[1]),
                "{} ratings out of order: {ratings:?}",
                game.as_str()
            );
        }
    }

    #[test]
    fn ratings_belong_to_the_measured_variant_only() {
        let wide = VariantArgs {
            width: Some(8),
            ..default_variant()
        };
        assert!(ladder(GameName::Connect4, &wide)
            .iter()
            .all(|l| l.rating.is_none()));
        // Two-player Halma is a different game from the rated three-player one.
        assert!(ladder(GameName::Halma, &default_variant())
            .iter()
            .all(|l| l.rating.is_none()));
    }

    #[test]
    fn level_spec_finds_levels_and_lists_them_on_a_bad_number() {
        let variant = default_variant();
        assert_eq!(
            level_spec(GameName::Connect4, &variant, 1).unwrap(),
            "random"
        );
        let err = level_spec(GameName::Connect4, &variant, 99)
            .unwrap_err()
            .to_string();
        assert!(err.contains("--level 99"), "{err}");
        assert!(err.contains("perfect:time=100ms"), "{err}");
        assert!(level_spec(GameName::Quoridor, &variant, 0).is_err());
    }
}
