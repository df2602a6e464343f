//! Every game's descriptor checked against the game itself: what the descriptor says a front
//! end can offer must work.

use ply_core::{Described, Game, ParamKind, Settings};
use ply_registry::{with_game, GameId, Registered};

#[test]
fn names_are_unique_and_read_back() {
    let mut names: Vec<&str> = GameId::ALL.iter().map(|g| g.name()).collect();
    for &game in GameId::ALL {
        assert_eq!(GameId::from_name(game.name()), Some(game));
        assert_eq!(game.name().parse::<GameId>().unwrap(), game);
    }
    names.sort();
    names.dedup();
    assert_eq!(names.len(), GameId::ALL.len());
    let err = "chess".parse::<GameId>().unwrap_err().to_string();
    assert!(err.contains("'chess'") && err.contains("connect4"), "{err}");
}

#[test]
fn the_default_variant_builds_and_its_notation_example_is_a_legal_first_move() {
    for &game in GameId::ALL {
        let about = game.descriptor();
        with_game!(game, |G| {
            let mut state = <G as Described>::from_settings(&Settings::new())
                .unwrap_or_else(|e| panic!("{}: the defaults build: {e}", about.name));
            assert_eq!(state.name(), about.name);
            assert!(
                state.num_players() <= about.seats.len(),
                "{}: a seat for every player",
                about.name
            );
            state
                .play_notation(about.notation.example)
                .unwrap_or_else(|e| panic!("{}: example move: {e}", about.name));
        });
    }
}

#[test]
fn every_menu_value_is_accepted_alone() {
    for &game in GameId::ALL {
        let about = game.descriptor();
        for param in about.params {
            for value in param.menu.iter().filter(|v| !v.is_empty()) {
                let settings = Settings::new().with(param.name, value);
                with_game!(game, |G| {
                    if let Err(e) = <G as Described>::from_settings(&settings) {
                        // Some menu values need a partner (halma's 4 players need star121).
                        assert!(
                            param.name == "players",
                            "{} --{} {value}: {e}",
                            about.name,
                            param.name
                        );
                    }
                });
            }
            match param.kind {
                ParamKind::Int { min, max } => assert!(min <= max, "{}", param.name),
                ParamKind::Choice(names) => assert!(names.contains(&param.default)),
            }
        }
    }
}

#[test]
fn settings_out_of_range_or_of_another_game_are_refused_by_name() {
    for &game in GameId::ALL {
        let about = game.descriptor();
        let foreign = Settings::new().with("colour", "red");
        for param in about.params {
            if let ParamKind::Int { max, .. } = param.kind {
                let too_big = Settings::new().with(param.name, (max as u128 + 1).to_string());
                let err = with_game!(game, |G| <G as Described>::from_settings(&too_big)
                    .err()
                    .map(|e| e.to_string()));
                let err = err.unwrap_or_else(|| panic!("{} {} past max", about.name, param.name));
                assert!(err.contains(param.name), "{err}");
            }
        }
        let err = with_game!(game, |G| <G as Described>::from_settings(&foreign)
            .err()
            .map(|e| e.to_string()))
        .expect("a foreign setting is refused");
        assert!(err.contains("'colour'"), "{err}");
    }
}

#[test]
fn the_ladder_ends_with_strongest_and_every_rung_builds() {
    for &game in GameId::ALL {
        let about = game.descriptor();
        assert_eq!(game.default_agent(), "strongest", "{}", about.name);
        let rated = about.rated_settings();
        with_game!(game, |G| {
            let catalog = <G as Registered>::catalog();
            for rung in about.ladder {
                if let Err(e) = catalog.build(rung.spec, 1) {
                    panic!("{} {}: {e}", about.name, rung.id);
                }
            }
            <G as Described>::from_settings(&rated)
                .unwrap_or_else(|e| panic!("{}: the rated variant builds: {e}", about.name));
        });
    }
}

/// Every menu variant of every game: positions of random games read back from their text
/// exactly (the conformance kit), and whole games written as records read back and replay.
#[test]
fn records_of_random_games_read_back_and_replay_in_every_menu_variant() {
    use ply_core::conformance::{check_game, check_records, ConformanceConfig};
    let config = ConformanceConfig {
        games: 3,
        max_plies: 120,
        // Halma with three players scores 2 + 1 + 0: totals are each game's own business.
        constant_sum: None,
        ..ConformanceConfig::default()
    };
    for &game in GameId::ALL {
        let about = game.descriptor();
        let mut variants = vec![Settings::new()];
        for param in about.params {
            for value in param.menu.iter().filter(|v| !v.is_empty()).take(3) {
                variants.push(Settings::new().with(param.name, value));
            }
        }
        for settings in variants {
            with_game!(game, |G| {
                // Menu values that need a partner setting are skipped (see above).
                if let Ok(start) = <G as Described>::from_settings(&settings) {
                    check_game(&start, &config);
                    check_records::<G>(&settings, &config);
                }
            });
        }
    }
}
