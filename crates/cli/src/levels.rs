//! Difficulty ladders, numbered: each game's crate writes its ladder down (`ladder.rs`, the
//! same rungs the web page offers), from a random or greedy mover up to full strength; the
//! measured rungs use a small move time so a whole ladder can be rated in a few minutes.
//! `ply play --level N` plays level N; `ply levels GAME` prints the table.
//!
//! The ratings are Elo points above the ladder's anchor, measured with `ply levels GAME
//! --measure` (a round robin of the measured levels); the tournaments' reports, summaries and
//! plots are kept under docs/levels/<game>/. A rating belongs to the variant it was measured
//! on: other variants show the same levels unrated.

use anyhow::bail;
use ply_core::Rung;

use crate::games::GameName;
use crate::variant::VariantArgs;

/// One rung of a ladder.
#[derive(Debug, Clone, PartialEq)]
pub struct Level {
    /// 1-based, in order of strength as measured.
    pub number: usize,
    /// The short name the web API uses.
    pub id: &'static str,
    pub name: &'static str,
    /// The agent spec (see `ply list`).
    pub spec: &'static str,
    /// Measured Elo above the ladder's anchor (level 1; in Halma greedy, since random cannot
    /// be measured), if this variant's ladder was measured.
    pub rating: Option<f64>,
    /// Half-width of the rating's 95 % interval (0 for the anchor).
    pub error95: Option<f64>,
}

/// The game's ladder, as its crate writes it down.
fn rows(game: GameName) -> &'static [Rung] {
    match game {
        GameName::Tictactoe => ply_tictactoe::ladder::LADDER,
        GameName::Connect4 => ply_connect4::ladder::LADDER,
        GameName::Quoridor => ply_quoridor::ladder::LADDER,
        GameName::Halma => ply_halma::ladder::LADDER,
    }
}

/// The spec of the ladder's top rung: full strength.
pub fn top_spec(game: GameName) -> &'static str {
    rows(game).last().map_or("random", |rung| rung.spec)
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
                id: row.id,
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
