//! Difficulty ladders, numbered: each game's crate writes its ladder down (`ladder.rs`, the
//! same rungs the web page offers), from a random or greedy mover up to full strength; the
//! measured rungs use a small move time so a whole ladder can be rated in a few minutes.
//! `ply play --level N` plays level N; `ply levels GAME` prints the table.
//!
//! The ratings are Elo points above the ladder's anchor, measured with `ply levels GAME
//! --measure` (a round robin of the measured levels); the tournaments' reports, summaries and
//! plots are kept under `docs/levels/<game>/`. A rating belongs to the variant it was measured
//! on: other variants show the same levels unrated.

use anyhow::bail;
use ply_core::{Described, Game, Rung};

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
    game.descriptor().ladder
}

/// Whether `variant` is the one the game's ladder was rated on (its descriptor's
/// `rated_on`: Connect Four 7x6, Quoridor 9x9 with 10 walls, Halma on the star with 3
/// players…): the two start positions describe the same variant.
fn is_rated_variant(game: GameName, variant: &VariantArgs) -> bool {
    let rated = game.descriptor().rated_settings();
    ply_registry::with_game!(game, |G| {
        match (
            <G as Described>::from_settings(&rated),
            <G as Described>::from_settings(&variant.settings),
        ) {
            (Ok(rated), Ok(asked)) => rated.variant() == asked.variant(),
            _ => false,
        }
    })
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

/// The agent spec of the level `given` names: its number (`3`) or its id (`perfect-100ms`,
/// as `ply levels GAME` and the web API name it). Anything else is an error that quotes it
/// and lists the levels.
pub fn level_spec(
    game: GameName,
    variant: &VariantArgs,
    given: &str,
) -> anyhow::Result<&'static str> {
    let levels = ladder(game, variant);
    let wanted = given.trim();
    let found = levels
        .iter()
        .find(|level| level.id.eq_ignore_ascii_case(wanted) || wanted.parse() == Ok(level.number));
    match found {
        Some(level) => Ok(level.spec),
        None => {
            let list: Vec<String> = levels
                .iter()
                .map(|level| {
                    format!(
                        "  {:>2}  {:<24} {} ({})",
                        level.number, level.id, level.name, level.spec
                    )
                })
                .collect();
            bail!(
                "--level {}: a level is a number from 1 to {} or a level id, as `ply levels {}` \
                 lists them:\n{}",
                ply_core::quote(given),
                levels.len(),
                game.name(),
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
                    panic!("{} level {}: {err}", game.name(), level.number);
                }
            }
            Ok(())
        })
    }

    #[test]
    fn every_level_builds_with_its_games_catalog() -> anyhow::Result<()> {
        for &game in GameName::ALL {
            check_builds(game, &default_variant())?;
        }
        let three_players = default_variant().with("players", 3);
        check_builds(GameName::Halma, &three_players)
    }

    #[test]
    fn levels_are_numbered_one_to_n_and_at_least_six() {
        for &game in GameName::ALL {
            let levels = ladder(game, &default_variant());
            assert!(
                levels.len() >= 6,
                "{} has {} levels",
                game.name(),
                levels.len()
            );
            let numbers: Vec<usize> = levels.iter().map(|l| l.number).collect();
            assert_eq!(numbers, (1..=levels.len()).collect::<Vec<_>>());
        }
    }

    /// Every game's ladder, in the variant it was rated on, is rated whole or not at all
    /// (tic-tac-toe's is not), and its ratings rise with the level: a game's crate orders
    /// its rungs by what `ply levels GAME --measure` found.
    #[test]
    fn measured_ratings_rise_with_the_level() {
        let mut rated_games = 0;
        for &game in GameName::ALL {
            let variant = VariantArgs {
                settings: game.descriptor().rated_settings(),
            };
            let levels = ladder(game, &variant);
            let ratings: Vec<f64> = levels.iter().filter_map(|l| l.rating).collect();
            if ratings.is_empty() {
                continue;
            }
            rated_games += 1;
            assert_eq!(
                ratings.len(),
                measured_specs(game).len(),
                "{}: every measured level is rated",
                game.name()
            );
            assert!(
                ratings.windows(2).all(|w| w[0] <= w[1]),
                "{} ratings out of order: {ratings:?}",
                game.name()
            );
        }
        assert!(rated_games >= 3, "{rated_games} games rated");
    }

    #[test]
    fn ratings_belong_to_the_measured_variant_only() {
        let wide = default_variant().with("width", 8);
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
            level_spec(GameName::Connect4, &variant, "1").unwrap(),
            "random"
        );
        let err = level_spec(GameName::Connect4, &variant, "99")
            .unwrap_err()
            .to_string();
        assert!(err.contains("--level '99'"), "{err}");
        assert!(err.contains("perfect:time=100ms"), "{err}");
        assert!(level_spec(GameName::Quoridor, &variant, "0").is_err());
    }

    /// `play --level perfect-100ms` said "invalid digit": a level is named by its number or
    /// by its id, and anything else is refused by name, saying what a level is.
    #[test]
    fn a_level_is_its_number_or_its_id() {
        let variant = default_variant();
        for given in ["7", "perfect-100ms", " Perfect-100MS "] {
            assert_eq!(
                level_spec(GameName::Connect4, &variant, given).unwrap(),
                "perfect:time=100ms",
                "{given}"
            );
        }
        for given in ["perfect-1000ms", "-1", "", "7.0", "\u{1b}[31m"] {
            let err = level_spec(GameName::Connect4, &variant, given)
                .unwrap_err()
                .to_string();
            assert!(
                err.contains(&format!("--level {}", ply_core::quote(given))),
                "{err}"
            );
            assert!(
                err.contains("a level is a number from 1 to 8 or a level id")
                    && err.contains("ply levels connect4")
                    && err.contains("perfect-100ms"),
                "{err}"
            );
            assert!(!err.contains('\u{1b}'), "{err}");
        }
    }
}
