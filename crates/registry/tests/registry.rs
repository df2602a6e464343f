//! Every game's descriptor checked against the game itself: what the descriptor says a front
//! end can offer must work.

use ply_core::{Described, Game, ParamDefault, ParamKind, Settings};
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
            if let ParamKind::Int { min, max } = param.kind {
                assert!(min <= max, "{}", param.name);
            }
        }
    }
}

/// A parameter's default is stated once, in the descriptor, and the game's constructor reads
/// it there: so the start position of no settings is the one of every default given. Each
/// default is also of its parameter's kind, allowed, and on its menu (a computed one as ""),
/// where the page shows it.
#[test]
fn no_settings_and_every_default_build_the_same_position() {
    for &game in GameId::ALL {
        let about = game.descriptor();
        for param in about.params {
            let at = format!("{} --{}", about.name, param.name);
            match (param.kind, param.default) {
                (ParamKind::Int { min, max }, ParamDefault::Int(n)) => {
                    assert!((min..=max).contains(&n), "{at}: default {n} out of range")
                }
                (ParamKind::Choice(names), ParamDefault::Choice(name)) => {
                    assert!(names.contains(&name), "{at}: default {name} not a choice")
                }
                (_, ParamDefault::Computed(_)) => {}
                (kind, default) => panic!("{at}: a {default:?} default for a {kind:?}"),
            }
            let on_menu = param.default.value().unwrap_or_default();
            assert!(
                param.menu.contains(&on_menu.as_str()),
                "{at}: the menu {:?} lacks the default {on_menu:?}",
                param.menu
            );
        }
        let defaults = about.default_settings();
        with_game!(game, |G| {
            let none = <G as Described>::from_settings(&Settings::new())
                .unwrap_or_else(|e| panic!("{}: no settings: {e}", about.name));
            let every = <G as Described>::from_settings(&defaults)
                .unwrap_or_else(|e| panic!("{} {defaults:?}: {e}", about.name));
            assert_eq!(none, every, "{}: {defaults:?}", about.name);
        });
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

/// The whole conformance kit in every menu variant of every game: the rules along random
/// games (make/unmake, notation and position text read back), the hash, the encoding, and
/// whole games written as records that read back and replay.
#[test]
fn the_conformance_kit_passes_in_every_menu_variant() {
    use ply_core::conformance::{
        check_encoding, check_game, check_hashing, check_records, ConformanceConfig,
    };
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
                    check_hashing(&start, &config);
                    check_encoding(&start, &config);
                    check_records::<G>(&settings, &config);
                }
            });
        }
    }
}

/// `az` and `az-policy` come to every game from the registry, with no line per game: each
/// game's default variant gets a fresh (untrained) network from its `Encode`, saved and read
/// back as a model file, and its agents play a legal move with it; a model of one game is
/// refused by the next, naming both. Every bundled model reads and plays its own variant.
#[test]
fn every_game_plays_az_with_a_model_of_its_own_and_refuses_another_games() {
    use ply_core::{Encode, SearchLimits};
    use ply_learn::{Model, ModelHeader, NetSize};

    let dir = std::env::temp_dir().join(format!("ply-registry-az-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let size = NetSize {
        blocks: 1,
        channels: 4,
    };
    let mut files = Vec::new();
    for &game in GameId::ALL {
        with_game!(game, |G| {
            let start = <G as Described>::from_settings(&Settings::new()).unwrap();
            let path = dir.join(format!("{}.plym", game.name()));
            Model::fresh(ModelHeader::for_game(&start, size, "test"), 1)
                .unwrap()
                .save(&path)
                .unwrap();
            files.push(path);
        });
    }
    for (i, &game) in GameId::ALL.iter().enumerate() {
        with_game!(game, |G| {
            let start = <G as Described>::from_settings(&Settings::new()).unwrap();
            let catalog = <G as Registered>::catalog();
            let names: Vec<String> = catalog.entries().into_iter().map(|e| e.name).collect();
            assert!(
                names.iter().any(|n| n == "az") && names.iter().any(|n| n == "az-policy"),
                "{}: {names:?}",
                game.name()
            );
            let own = files[i].display();
            for spec in [
                format!("az:model={own},sims=4,batch=2"),
                format!("az-policy:model={own}"),
            ] {
                let mut agent = catalog
                    .build_for(&spec, 1, &start)
                    .unwrap_or_else(|e| panic!("{spec}: {e}"));
                let d = agent.select(&start, &SearchLimits::none()).unwrap();
                let mut check = start.clone();
                check
                    .try_play(d.mv)
                    .unwrap_or_else(|e| panic!("{spec}: {e}"));
            }
            let other = &files[(i + 1) % files.len()];
            let e = catalog
                .build_for(&format!("az:model={}", other.display()), 1, &start)
                .err()
                .unwrap_or_else(|| panic!("{} took another game's model", game.name()))
                .to_string();
            let other_game = GameId::ALL[(i + 1) % files.len()].name();
            assert!(
                e.contains(&format!("is a model for {other_game}"))
                    && e.contains(&format!("not for {}", game.name())),
                "{e}"
            );
            for bundled in <G as Encode>::MODELS {
                let model = Model::from_bytes(bundled.bytes, bundled.name).unwrap();
                assert_eq!(model.header.game, game.name(), "{}", bundled.name);
                let spec = format!("az:model={},sims=8", bundled.name);
                assert!(catalog.build(&spec, 1).is_ok(), "{spec}");
            }
        });
    }
    let _ = std::fs::remove_dir_all(&dir);
}
