//! `ply tune quoridor`: Texel fitting of the race's weights from recorded games, and the
//! spec it prints playing in an arena; bad files and flags are refused by name.

use super::{ply, stderr, stdout, temp_dir};

#[test]
fn tune_fits_arena_games_and_its_weights_play() {
    let dir = temp_dir("tune");
    let out_dir = dir.join("games");
    let games = out_dir.to_str().unwrap();
    // A weak side against a stronger one: the outcomes follow the race, so the fit must
    // find that a step of the race is worth something.
    let out = ply(
        &[
            "arena",
            "quoridor",
            "--agents",
            "strongest:nodes=400;greedy",
            "--games",
            "30",
            "--openings",
            "random:2",
            "--concurrency",
            "2",
            "--out",
            games,
        ],
        "",
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let records = out_dir.join("records.txt");
    let tune = |holdout: &str| {
        let out = ply(
            &[
                "tune",
                "quoridor",
                records.to_str().unwrap(),
                "--holdout",
                holdout,
                "--eval",
                "race-v2",
            ],
            "",
        );
        assert!(out.status.success(), "{}", stderr(&out));
        stdout(&out)
    };
    let text = tune("5");
    assert!(text.contains("from 24 games to fit"), "{text}");
    assert!(text.contains("from 6 held-out games to judge"), "{text}");
    // Judged on the games it was fitted to (30 games are too few to judge on 6 others), the
    // fit beats a coin and is no worse than the hand weights at their best scale.
    let text = tune("0");
    assert!(
        text.contains("from 30 games to fit, and judged on the same"),
        "{text}"
    );
    assert!(text.contains("race-v2"), "{text}");
    for feature in ["race", "tempo", "walls", "threat", "walls-path"] {
        assert!(
            text.lines().any(|l| l.starts_with(feature)),
            "{feature} in\n{text}"
        );
    }
    let loss = |label: &str| -> f64 {
        let line = text
            .lines()
            .find(|l| l.trim_start().starts_with(label))
            .unwrap();
        line.split_whitespace().nth(1).unwrap().parse().unwrap()
    };
    let coin: f64 = text
        .split("a coin: ")
        .nth(1)
        .and_then(|t| t.split(')').next())
        .unwrap()
        .parse()
        .unwrap();
    assert!((coin - std::f64::consts::LN_2).abs() < 1e-3, "{text}");
    assert!(loss("fitted") < coin, "{text}");
    // Rounding the weights to integers may cost a little.
    assert!(loss("fitted") <= loss("race-v2") + 0.005, "{text}");
    let spec = text
        .lines()
        .find_map(|l| l.strip_prefix("play them: "))
        .expect("the spec line");
    // The printed spec is an agent the arena accepts and plays.
    let agents = format!("{spec},nodes=200;random");
    let out = ply(
        &[
            "arena",
            "quoridor",
            "--agents",
            &agents,
            "--games",
            "2",
            "--concurrency",
            "1",
        ],
        "",
    );
    assert!(out.status.success(), "{}", stderr(&out));
}

#[test]
fn tune_refuses_bad_files_and_flags() {
    let dir = temp_dir("tune-bad");
    let missing = dir.join("missing.txt");
    let out = ply(&["tune", "quoridor", missing.to_str().unwrap()], "");
    assert!(!out.status.success());
    assert!(stderr(&out).contains("missing.txt"), "{}", stderr(&out));
    // A record of another game is named as such.
    let other = dir.join("ttt.txt");
    std::fs::write(&other, "[Game \"tictactoe\"]\n[Result \"1-0\"]\n\n1. a1\n").unwrap();
    let out = ply(&["tune", "quoridor", other.to_str().unwrap()], "");
    assert!(stderr(&out).contains("tictactoe"), "{}", stderr(&out));
    // Unfinished games give nothing to fit.
    let unfinished = dir.join("open.txt");
    std::fs::write(
        &unfinished,
        "[Game \"quoridor\"]\n[Result \"*\"]\n\n1. e8\n",
    )
    .unwrap();
    let out = ply(&["tune", "quoridor", unfinished.to_str().unwrap()], "");
    assert!(stderr(&out).contains("no finished"), "{}", stderr(&out));
    let out = ply(
        &[
            "tune",
            "quoridor",
            unfinished.to_str().unwrap(),
            "--ridge=-1",
        ],
        "",
    );
    assert!(stderr(&out).contains("--ridge -1"), "{}", stderr(&out));
    let out = ply(
        &[
            "tune",
            "quoridor",
            unfinished.to_str().unwrap(),
            "--eval",
            "seed002",
        ],
        "",
    );
    assert!(
        stderr(&out).contains("--eval 'seed002'"),
        "{}",
        stderr(&out)
    );
    let out = ply(&["tune", "connect4", unfinished.to_str().unwrap()], "");
    assert!(!out.status.success());
    assert!(stderr(&out).contains("connect4"), "{}", stderr(&out));
}

#[test]
fn bad_weights_are_refused_with_the_feature_list() {
    for weights in [
        "1/2/3",
        "a/b",
        "1/2/3/4/5/6/7/8/9/10/11/12",
        "1/2/3/4/5/6/7/8/9/10/999999",
    ] {
        let spec = format!("strongest:weights={weights}");
        let out = ply(
            &[
                "arena",
                "quoridor",
                "--agents",
                &format!("{spec};random"),
                "--games",
                "1",
            ],
            "",
        );
        assert!(!out.status.success(), "{weights}");
        let err = stderr(&out);
        assert!(err.contains("11 integers joined by /"), "{weights}: {err}");
        assert!(err.contains("walls-path"), "{err}");
    }
}

/// `race` prices a wall in hand by the board (83 on 5x5, 60 on 9x9 with the standard
/// walls): `ply tune` shows the weights it plays on the first record's board, says so when
/// the records hold several, and judges `race` by its own values on each.
#[test]
fn tune_shows_the_weights_race_plays_on_the_records_board() {
    let dir = temp_dir("tune-boards");
    let play = |size: &str, games: &str| {
        let out_dir = dir.join(format!("games{size}"));
        let out = ply(
            &[
                "arena",
                "quoridor",
                "--size",
                size,
                "--agents",
                "greedy;alphabeta:depth=1",
                "--games",
                games,
                "--seed",
                "1",
                "--out",
                out_dir.to_str().unwrap(),
            ],
            "",
        );
        assert!(out.status.success(), "{}", stderr(&out));
        out_dir.join("records.txt").to_str().unwrap().to_string()
    };
    let (five, nine) = (play("5", "6"), play("9", "4"));
    let tune = |files: &[&str]| {
        let mut args = vec!["tune", "quoridor", "--holdout", "0"];
        args.extend(files);
        let out = ply(&args, "");
        assert!(out.status.success(), "{}", stderr(&out));
        stdout(&out)
    };
    let walls = |text: &str| -> (String, String) {
        let weight = |feature: &str| {
            let line = text.lines().find(|l| l.starts_with(feature)).unwrap();
            line.split_whitespace().nth(1).unwrap().to_string()
        };
        (weight("walls "), weight("walls-far"))
    };
    let text = tune(&[&five]);
    assert_eq!(walls(&text), ("83".into(), "12".into()), "{text}");
    assert!(!text.contains("boards"), "{text}");
    let text = tune(&[&nine, &five]);
    assert_eq!(walls(&text), ("60".into(), "8".into()), "{text}");
    assert!(text.contains("on 9x9 with 10 walls each"), "{text}");
    assert!(text.contains("the records hold 2 boards"), "{text}");
}
