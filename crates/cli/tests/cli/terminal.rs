//! `ply play` as a newcomer meets it: the notation explained, the seats' marks named, a
//! finished game that can be taken back or started again; and the generated completions
//! and manual page.

use super::{ply, stderr, stdout, temp_dir};

/// `help` explains how moves are written, from the game's descriptor, for every game.
#[test]
fn help_explains_each_games_notation() {
    for (game, words) in [
        ("tictactoe", ["column letter", "b2"]),
        ("connect4", ["column to drop a stone", "0 for the tenth"]),
        (
            "quoridor",
            ["upper-left cell of the", "e3h lies under e3 and f3"],
        ),
        ("halma", ["3,-6 3,-4", "[[1,-4],[1,-3]]"]),
        ("breakthrough", ["cell a piece leaves", "d5e4*"]),
    ] {
        let out = ply(&["play", game, "--agent", "random"], "help\nquit\n");
        assert!(out.status.success(), "{game}: {}", stderr(&out));
        let text = stdout(&out);
        for word in words {
            assert!(text.contains(word), "{game}: {word} missing from\n{text}");
        }
        assert!(text.contains("For example: "), "{text}");
    }
}

/// A wall typed wrong is answered with the wall's notation, not only the board's cells.
#[test]
fn a_bad_wall_is_explained_at_the_board() {
    let out = ply(
        &["play", "quoridor", "--size", "5", "--agent", "random"],
        "e10h\ne5h\nquit\n",
    );
    // Each answer runs from its prompt to the next, broken into lines between words.
    let text = stdout(&out).replace('\n', " ");
    for wall in ["'e10h'", "'e5h'"] {
        let line = text
            .split("Black to move> ")
            .find(|l| l.contains(wall))
            .unwrap_or_else(|| panic!("no answer to {wall}:\n{text}"));
        assert!(
            line.contains("upper-left cell of the 2x2 block")
                && line.contains("columns a to d and rows 2 to 5"),
            "{line}"
        );
    }
}

/// The first line says which mark on the board is whose.
#[test]
fn connect_four_says_which_symbol_is_red() {
    let out = ply(&["play", "connect4", "--agent", "random"], "quit\n");
    let first = stdout(&out).lines().next().unwrap_or_default().to_string();
    assert!(
        first.contains("you play Red (x)") && first.contains("plays Yellow (o)"),
        "{first}"
    );
    let out = ply(
        &["play", "connect4", "--agent", "random", "--first", "engine"],
        "quit\n",
    );
    let first = stdout(&out).lines().next().unwrap_or_default().to_string();
    assert!(first.contains("you play Yellow (o)"), "{first}");
}

/// At the end of a game the program waits: `undo` takes the last move back, `new` starts
/// again, and the --save file keeps both games, the one in progress first.
#[test]
fn a_finished_game_can_be_taken_back_or_started_again() {
    let dir = temp_dir("terminal-end");
    let save = dir.join("games.txt");
    let save = save.to_str().unwrap();
    // X plays a1, b1, c2: the perfect engine (O) wins with a3 at ply 6.
    let out = ply(
        &["play", "tictactoe", "--save", save],
        "a1\nb1\nc2\nb2\nhint\nundo\nposition\nc3\nnew\nb2\nquit\n",
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    let over = text.matches("Game over: O wins").count();
    assert_eq!(
        over, 2,
        "the game ends twice (before and after undo):\n{text}"
    );
    assert!(text.contains("game over> "), "{text}");
    // Moves and hints are refused while the game is over, and say what can be done.
    assert!(
        text.matches("The game is over: undo").count() >= 4,
        "{text}"
    );
    // After undo the position is the one before X's c2 (X on a1 and b1, O on b2 and c1).
    assert!(text.contains("> ....o.xxo\n"), "{text}");
    assert!(text.contains("A new game from the same start."), "{text}");
    let saved = std::fs::read_to_string(save).unwrap();
    let records: Vec<&str> = saved.split("[Game ").skip(1).collect();
    assert_eq!(records.len(), 2, "{saved}");
    assert!(
        records[0].contains("[Result \"*\"]") && records[0].contains("1. b2"),
        "the game in progress comes first:\n{saved}"
    );
    assert!(
        records[1].contains("[Result \"0-1\"]") && records[1].contains("5. c3"),
        "then the finished game, with the move played after undo:\n{saved}"
    );
    // `--record` goes on from the game in progress: X in the centre, O's answer.
    let out = ply(&["play", "tictactoe", "--record", save], "position\nquit\n");
    let text = stdout(&out);
    let position = text
        .split("X to move> ")
        .nth(1)
        .and_then(|rest| rest.lines().next())
        .unwrap_or_default();
    assert_eq!(position.len(), 9, "{text}");
    assert_eq!(&position[4..5], "x", "{text}");
    assert_eq!(position.matches('o').count(), 1, "{text}");
}

/// Every game opens with its goal, from its descriptor, after the line that says who plays
/// what.
#[test]
fn every_game_opens_with_its_goal() {
    for game in ply_registry::GameId::ALL {
        let out = ply(&["play", game.name(), "--agent", "random"], "quit\n");
        assert!(out.status.success(), "{}: {}", game.name(), stderr(&out));
        let text = stdout(&out);
        let goal: Vec<&str> = text
            .lines()
            .skip(1)
            .take_while(|l| !l.starts_with("The engine: "))
            .collect();
        let goal = goal.join(" ");
        assert_eq!(goal, format!("Goal: {}", game.descriptor().goal), "{text}");
        assert!(goal.len() > 40, "{goal}");
    }
}

/// An error is the reason and "type help", not the list of commands; nothing the session
/// writes is wider than 90 columns (after the prompt) but the engine's spec, one word, so a
/// terminal of 120 columns breaks no word.
#[test]
fn an_error_is_short_and_nothing_wraps_mid_word() {
    let out = ply(
        &["play", "breakthrough", "--agent", "alphabeta:depth=1"],
        "z9z8\nquit\n",
    );
    let text = stdout(&out);
    let (_, error) = text
        .split_once("Black to move> cannot read move 'z9z8': ")
        .unwrap_or_else(|| panic!("no error:\n{text}"));
    let error = error
        .split("\nBlack to move> ")
        .next()
        .unwrap()
        .replace('\n', " ");
    assert!(
        error.ends_with("; type help for how to write a move"),
        "{error}"
    );
    assert!(
        !error.contains("take back"),
        "the commands are not listed: {error}"
    );
    for line in text.lines() {
        let width = line.chars().count();
        if let Some(spec) = line.strip_prefix("The engine: ") {
            assert!(!spec.contains(' ') && width <= 120, "{line}");
        } else {
            // The prompt stands before the error's first line.
            let shown = line.strip_prefix("Black to move> ").unwrap_or(line);
            assert!(shown.chars().count() <= 90, "{width} columns: {line}");
        }
    }
}

/// Halma moves come back as a person types them, in every answer: the engine's line, a
/// hint, the list of moves and an error; under the ccerl rules as cell ids. Never JSON.
#[test]
fn halma_moves_read_as_typed_never_as_json() {
    let out = ply(
        &[
            "play",
            "halma",
            "--board",
            "rhombus",
            "--agent",
            "alphabeta:depth=2",
            "--first",
            "engine",
        ],
        "moves\nhint\n3,-6 3,-2\nquit\n",
    );
    let text = stdout(&out);
    assert!(!text.contains("[["), "{text}");
    let line = |start: &str| {
        text.lines()
            .find(|l| l.contains(start))
            .unwrap_or_else(|| panic!("no {start}:\n{text}"))
            .to_string()
    };
    let engine = line("A plays ");
    let mv = engine["A plays ".len()..].split("   (").next().unwrap();
    assert!(
        mv.split(' ').all(|cell| cell.split(',').count() == 2),
        "{engine}"
    );
    assert!(
        line("legal moves: ").contains("; "),
        "moves are joined by ;"
    );
    assert!(line("hint: ").starts_with("B to move> hint: "), "{text}");
    // A refused move is named as it was typed.
    assert!(line("'3,-6 3,-2'").contains("type help"), "{text}");
    let out = ply(
        &[
            "play",
            "halma",
            "--rules",
            "ccerl",
            "--agent",
            "alphabeta:depth=1",
        ],
        "moves\nhint\nquit\n",
    );
    let text = stdout(&out);
    assert!(text.contains("14 legal moves: 3-14 3-16"), "{text}");
    assert!(text.contains("hint: "), "{text}");
}

/// A proven result reads as words, the winner and the winner's moves, and a count of one
/// is singular.
#[test]
fn a_proven_result_reads_as_words() {
    // X leaves O's diagonal a3-b2 open: O wins with its next mark, c1.
    let out = ply(
        &["play", "tictactoe", "--agent", "alphabeta:depth=9"],
        "a1\na2\nc3\nquit\n",
    );
    let text = stdout(&out);
    assert!(
        text.contains("O plays c1   (O wins by force in 1 move, depth 1, ")
            && text.contains(", 1 iteration)"),
        "{text}"
    );
    // The perfect player's exact score from its book: after 4, Red (who moves first) wins
    // with its 21st stone, 20 moves on.
    let out = ply(&["play", "connect4"], "4\nhint\nquit\n");
    let text = stdout(&out);
    assert!(
        text.contains("Yellow plays ") && text.contains("(Red wins by force in 20 moves,"),
        "{text}"
    );
    assert!(
        text.contains("hint: 4   (Red wins by force in 20 moves,"),
        "{text}"
    );
    for wrong in ["1 iterations", "1 moves", "1 plies", "1 nodes", "value -1,"] {
        assert!(!text.contains(wrong), "{wrong}: {text}");
    }
}

#[test]
fn completions_and_the_manual_page_are_generated() {
    for shell in ["bash", "zsh", "fish", "elvish", "powershell"] {
        let out = ply(&["completions", shell], "");
        assert!(out.status.success(), "{shell}: {}", stderr(&out));
        let text = stdout(&out);
        // Every subcommand is offered.
        for sub in ["play", "perft", "solve", "arena", "serve"] {
            assert!(text.contains(sub), "{shell}: {sub} missing");
        }
    }
    let out = ply(&["completions", "tcsh"], "");
    assert!(!out.status.success());
    assert!(stderr(&out).contains("'tcsh'"), "{}", stderr(&out));
    let out = ply(&["man"], "");
    assert!(out.status.success(), "{}", stderr(&out));
    let page = stdout(&out);
    assert!(
        page.starts_with(".ie") && page.contains(".TH ply 1"),
        "{page}"
    );
    assert!(page.contains("perft") && page.contains("analyze"), "{page}");
}
