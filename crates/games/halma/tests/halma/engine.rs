//! The JSON line protocol: one position in, one move (or one error) out, and on it goes.

use serde_json::Value;

use ply_core::Game;
use ply_halma::engine::{run, Engine, EngineOptions};
use ply_halma::{BoardKind, Halma, HalmaSettings};

const START_2P: &str = r#"{"A": [[3,-6],[3,-5],[2,-5],[3,-4],[2,-4],[1,-4]], "B": [[-3,6],[-3,5],[-2,5],[-3,4],[-2,4],[-1,4]]}"#;

fn engine(board: BoardKind, players: usize, agent: &str) -> Engine {
    Engine::new(&EngineOptions {
        board,
        players,
        settings: HalmaSettings::for_board(board),
        agent: agent.into(),
        ..EngineOptions::default()
    })
    .unwrap_or_else(|e| panic!("{e}"))
}

fn error_of(answer: &str) -> String {
    let value: Value = serde_json::from_str(answer).expect("answers are JSON");
    value["error"]
        .as_str()
        .unwrap_or_else(|| panic!("not an error: {answer}"))
        .to_string()
}

#[test]
fn answers_a_legal_move_for_whoever_is_to_move() {
    let mut engine = engine(BoardKind::Star, 2, "seed003-s4:depth=2");
    let start = Halma::new(BoardKind::Star, 2).unwrap();
    for turn in ["A", "B"] {
        let line = START_2P.replace("]]}", &format!("]], \"turn\": \"{turn}\"}}"));
        let answer = engine.handle_line(&line).unwrap();
        let position = start.from_text(&line).unwrap();
        let mv = position
            .parse_move(&answer)
            .unwrap_or_else(|e| panic!("{e}"));
        position.check_move(mv).unwrap_or_else(|e| panic!("{e}"));
        let mover = position.owner(mv.from).unwrap();
        assert_eq!(mover, if turn == "A" { 0 } else { 1 });
        assert_eq!(
            position.format_move(mv),
            answer,
            "the answer is in the course's notation"
        );
    }
}

#[test]
fn every_error_is_one_json_line_and_the_engine_reads_on() {
    let lines = [
        ("{\"A\": [[3,-6]", "not valid JSON"),
        ("[[3,-6],[3,-5]]", "JSON object"),
        (
            r#"{"A": [[3,-6],[3,-5],[2,-5],[3,-4],[2,-4],[9,9]], "B": [[-3,6],[-3,5],[-2,5],[-3,4],[-2,4],[-1,4]]}"#,
            "[9,9] is not on the star board",
        ),
        (
            r#"{"A": [[3,-6],[3,-5],[2,-5],[3,-4],[2,-4],[1,-4]], "B": [[-3,6],[-3,5],[-2,5],[-3,4],[-2,4],[1,-4]]}"#,
            "two pegs on the cell [1,-4]",
        ),
        (
            r#"{"A": [[3,-6],[3,-5],[2,-5],[3,-4],[2,-4]], "B": [[-3,6],[-3,5],[-2,5],[-3,4],[-2,4],[-1,4]]}"#,
            "A has 5 pegs; each player has 6",
        ),
        (
            r#"{"A": [[3,-6],[3,-5],[2,-5],[3,-4],[2,-4],[1,-4]]}"#,
            "the pegs of B are missing",
        ),
        (
            r#"{"A": [], "B": [], "C": []}"#,
            "'C' is not a player of this 2-player game",
        ),
        (
            &START_2P.replace("]]}", "]], \"turn\": \"Q\"}"),
            "turn 'Q' is not one of the 2 players AB",
        ),
        (
            r#"{"A": [["x",-6],[3,-5],[2,-5],[3,-4],[2,-4],[1,-4]], "B": []}"#,
            "must hold two integers",
        ),
        (
            r#"{"A": [[-3,6],[-3,5],[-2,5],[-3,4],[-2,4],[-1,4]], "B": [[3,-6],[3,-5],[2,-5],[3,-4],[2,-4],[1,-3]]}"#,
            "it is A's turn but A has every peg home",
        ),
    ];
    let mut input = String::new();
    for (line, _) in &lines {
        input.push_str(line);
        input.push_str("\n\n");
    }
    input.push_str(START_2P);
    input.push('\n');
    let mut engine = engine(BoardKind::Star, 2, "seed003-s4:depth=1");
    let mut output = Vec::new();
    run(input.as_bytes(), &mut output, &mut engine).unwrap();
    let output = String::from_utf8(output).unwrap();
    let answers: Vec<&str> = output.lines().collect();
    assert_eq!(
        answers.len(),
        lines.len() + 1,
        "one answer per non-blank line"
    );
    for ((line, needle), answer) in lines.iter().zip(&answers) {
        let error = error_of(answer);
        assert!(error.contains(needle), "{line}\n  gave: {error}");
    }
    let last = answers.last().unwrap();
    assert!(last.starts_with("[["), "the engine still answers: {last}");
}

#[test]
fn a_blocked_player_is_told_it_has_no_move() {
    let mut engine = engine(BoardKind::Star, 3, "seed003-s5:depth=1");
    let blocked = r#"{"A": [[3,0],[3,-1],[3,-2],[3,-3],[2,1],[1,-4]],
        "B": [[4,-1],[4,-2],[4,-3],[5,-2],[5,-3],[6,-3]],
        "C": [[2,0],[2,-1],[2,-2],[2,-3],[-5,3],[-6,3]], "turn": "B"}"#
        .replace('\n', " ");
    let error = error_of(&engine.handle_line(&blocked).unwrap());
    assert!(error.contains("B has no legal move"), "{error}");
    let c_to_move = blocked.replace("\"turn\": \"B\"", "\"turn\": \"C\"");
    let answer = engine.handle_line(&c_to_move).unwrap();
    assert!(answer.starts_with("[["), "{answer}");
}

#[test]
fn setup_errors_name_the_setting() {
    let bad_players = Engine::new(&EngineOptions {
        board: BoardKind::Rhombus,
        players: 3,
        ..EngineOptions::default()
    })
    .err()
    .unwrap()
    .to_string();
    assert!(bad_players.contains("players"), "{bad_players}");
    let bad_agent = Engine::new(&EngineOptions {
        agent: "nosuchagent".into(),
        ..EngineOptions::default()
    })
    .err()
    .unwrap()
    .to_string();
    assert!(bad_agent.contains("nosuchagent"), "{bad_agent}");
}
