//! `ply train`: a tiny run writes its model files and curve, goes on with --resume, loses at
//! most the step in progress to `kill -9`, and refuses bad settings by name.

use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use super::{ply, stderr, stdout, temp_dir};

/// The flags of a run of a few seconds on tic-tac-toe.
const TINY: &[&str] = &[
    "--blocks",
    "1",
    "--channels",
    "8",
    "--sims",
    "16",
    "--fast-sims",
    "0",
    "--round-games",
    "8",
    "--batch",
    "32",
    "--eval-every",
    "10",
    "--eval-sims",
    "8",
    "--gate-games",
    "2",
    "--baseline",
    "random",
    "--baseline-games",
    "2",
    "--threads",
    "1",
];

/// `ply train tictactoe --out DIR --steps STEPS`, with `extra` and the tiny run's flags.
fn train_args<'a>(dir: &'a str, steps: &'a str, extra: &[&'a str]) -> Vec<&'a str> {
    let mut args = vec!["train", "tictactoe", "--out", dir, "--steps", steps];
    args.extend_from_slice(extra);
    args.extend_from_slice(TINY);
    args
}

fn train(dir: &str, steps: &str) -> std::process::Output {
    ply(&train_args(dir, steps, &[]), "")
}

/// The checkpoint's step, from `losses.csv` (a line per step).
fn steps_logged(dir: &std::path::Path) -> usize {
    std::fs::read_to_string(dir.join("losses.csv"))
        .map(|t| t.lines().count())
        .unwrap_or(0)
}

#[test]
fn a_run_writes_its_models_and_curve_and_resumes() {
    let dir = temp_dir("train-run");
    let run = dir.join("run");
    let out = train(run.to_str().unwrap(), "20");
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        stdout(&out).contains("finished 20 steps"),
        "{}",
        stdout(&out)
    );
    for file in [
        "run.json",
        "checkpoint.safetensors",
        "latest.plym",
        "best.plym",
        "curve.jsonl",
    ] {
        assert!(run.join(file).is_file(), "{file} is missing");
    }
    assert_eq!(steps_logged(&run), 20);
    let curve = std::fs::read_to_string(run.join("curve.jsonl")).unwrap();
    assert_eq!(
        curve.lines().count(),
        2,
        "evaluations at steps 10 and 20: {curve}"
    );
    // Each move searched in full keeps the search's value (for --q-share).
    let games = std::fs::read_to_string(run.join("games").join("round-000000.jsonl")).unwrap();
    let game: serde_json::Value = serde_json::from_str(games.lines().next().unwrap()).unwrap();
    let values = game["values"].as_array().expect("a game keeps its values");
    assert_eq!(values.len(), game["moves"].as_array().unwrap().len());
    assert!(values
        .iter()
        .all(|v| (0.0..=1.0).contains(&v.as_f64().expect("every move is searched in full"))));
    // The model plays through the az spec.
    let latest = run.join("latest.plym");
    let spec = format!("az:model={},sims=20", latest.display());
    let out = ply(
        &["engine", "tictactoe", "--agent", &spec],
        "genmove\nquit\n",
    );
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stdout(&out).starts_with("= "), "{}", stdout(&out));
    // A second start in the same folder is refused; --resume goes on to more steps.
    let again = train(run.to_str().unwrap(), "20");
    assert!(!again.status.success());
    assert!(
        stderr(&again).contains("holds a training run already"),
        "{}",
        stderr(&again)
    );
    // One step more ends there, though its round has more steps to go: they wait in the
    // checkpoint (a resume used to run the round out past --steps).
    for steps in [21, 30] {
        let out = ply(
            &[
                "train",
                "--resume",
                run.to_str().unwrap(),
                "--steps",
                &steps.to_string(),
            ],
            "",
        );
        assert!(out.status.success(), "{}", stderr(&out));
        assert!(
            stdout(&out).contains(&format!("finished {steps} steps")),
            "{}",
            stdout(&out)
        );
        assert_eq!(steps_logged(&run), steps);
    }
    // A resumed run keeps its own settings.
    let out = ply(
        &["train", "--resume", run.to_str().unwrap(), "--sims", "5"],
        "",
    );
    assert!(!out.status.success());
    assert!(
        stderr(&out).contains("only --steps may change"),
        "{}",
        stderr(&out)
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn kill_9_loses_at_most_the_step_in_progress() {
    let dir = temp_dir("train-kill");
    let run = dir.join("run");
    let args = train_args(run.to_str().unwrap(), "100000", &[]);
    let mut child = Command::new(env!("CARGO_BIN_EXE_ply"))
        .args(&args)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("ply starts");
    // Waits for some steps to be done (the deadline only guards against a hang).
    let deadline = Instant::now() + Duration::from_secs(600);
    while steps_logged(&run) < 25 && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(50));
    }
    child.kill().expect("kill -9");
    child.wait().unwrap();
    let logged = steps_logged(&run);
    assert!(
        logged >= 25,
        "the run made {logged} steps before the deadline"
    );
    // The checkpoint holds every step logged but the one in progress.
    let out = ply(
        &[
            "train",
            "--resume",
            run.to_str().unwrap(),
            "--steps",
            &(logged + 3).to_string(),
        ],
        "",
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(
        text.contains(&format!("finished {} steps", logged + 3)),
        "{text}"
    );
    let resumed_at: usize = stderr(&out)
        .lines()
        .chain(text.lines())
        .find_map(|l| {
            l.strip_prefix("step ")
                .and_then(|r| r.split(',').next()?.parse().ok())
        })
        .unwrap_or(logged);
    assert!(
        resumed_at + 1 >= logged,
        "resumed at step {resumed_at} after {logged} were logged"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bad_settings_and_folders_are_refused_by_name() {
    let dir = temp_dir("train-bad");
    let run = dir.join("run");
    let none = dir.join("none");
    let cases: &[(&[&str], &str)] = &[
        (
            &[
                "train",
                "tictactoe",
                "--out",
                run.to_str().unwrap(),
                "--blocks",
                "500",
            ],
            "--blocks 500 is out of range",
        ),
        (
            &[
                "train",
                "tictactoe",
                "--out",
                run.to_str().unwrap(),
                "--full-share",
                "2",
            ],
            "--full-share 2 is out of range",
        ),
        (
            &[
                "train",
                "tictactoe",
                "--out",
                run.to_str().unwrap(),
                "--full-share",
                "0",
                "--fast-sims",
                "4",
            ],
            "--full-share 0 with --fast-sims 4: no move would be searched in full",
        ),
        (
            &[
                "train",
                "tictactoe",
                "--out",
                run.to_str().unwrap(),
                "--baseline",
                "nonsense",
            ],
            "--baseline: unknown agent 'nonsense'",
        ),
        (
            &[
                "train",
                "tictactoe",
                "--out",
                run.to_str().unwrap(),
                "--q-share",
                "1.5",
            ],
            "--q-share 1.5 is out of range: 0 to 1",
        ),
        (
            &[
                "train",
                "tictactoe",
                "--out",
                run.to_str().unwrap(),
                "--random-plies",
                "20",
                "--max-plies",
                "20",
            ],
            "--random-plies 20 with --max-plies 20: a game could end in its random opening",
        ),
        (
            &["train", "--resume", none.to_str().unwrap()],
            "holds no training run",
        ),
        (&["train", "tictactoe"], "--out"),
    ];
    for (args, says) in cases {
        let out = ply(args, "");
        assert!(!out.status.success(), "{args:?}");
        assert!(stderr(&out).contains(says), "{args:?}: {}", stderr(&out));
    }
    assert!(!run.exists(), "a refused run leaves nothing behind");
    let _ = std::fs::remove_dir_all(&dir);
}

/// With few moves searched in full, a round may end with nothing to learn from: the run plays
/// the next round rather than training on an empty window (which panicked, once the step
/// split its batch over threads).
#[test]
fn a_round_with_nothing_to_learn_from_is_followed_by_another() {
    let dir = temp_dir("train-empty-rounds");
    let run = dir.join("run");
    let args = [
        "train",
        "tictactoe",
        "--out",
        run.to_str().unwrap(),
        "--steps",
        "2",
        "--blocks",
        "1",
        "--channels",
        "8",
        "--sims",
        "8",
        "--fast-sims",
        "4",
        "--full-share",
        "0.02",
        "--round-games",
        "2",
        "--eval-every",
        "2",
        "--gate-games",
        "2",
        "--baseline",
        "random",
        "--baseline-games",
        "2",
        "--threads",
        "2",
    ];
    let out = ply(&args, "");
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(steps_logged(&run), 2);
    // The first rounds' games (seed 1) are all fast moves.
    let rounds = std::fs::read_dir(run.join("games")).unwrap().count();
    assert!(rounds >= 2, "{rounds} round(s)");
}

/// `--q-share` is kept in the run's settings and trains: the value targets then blend the
/// search's values with the outcomes (`replay::value_targets`, tested in ply-learn).
#[test]
fn a_run_blending_the_search_value_into_its_targets_trains() {
    let dir = temp_dir("train-q-share");
    let run = dir.join("run");
    let args = train_args(run.to_str().unwrap(), "10", &["--q-share", "0.5"]);
    let out = ply(&args, "");
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(steps_logged(&run), 10);
    let settings: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(run.join("run.json")).unwrap()).unwrap();
    assert_eq!(settings["q_share"], 0.5);
}
