//! The catalog's agents: every one builds and plays legal moves; the source's strategies do
//! what the report says; the champion beats a source strategy in a short match.

use ply_core::{Agent, Game, SearchLimits};
use ply_halma::seed003::compass_rank;
use ply_halma::{catalog, BoardKind, Halma};
use std::os::unix::fs::FileTypeExt;

fn legal(state: &Halma, agent: &mut dyn Agent<Halma>) -> ply_halma::HalmaMove {
    let decision = agent
        .select(state, &SearchLimits::none())
        .unwrap_or_else(|| panic!("{} found no move", agent.name()));
    state
        .check_move(decision.mv)
        .unwrap_or_else(|e| panic!("{}: {e}", agent.name()));
    decision.mv
}

#[test]
fn every_agent_plays_a_legal_move_with_two_and_three_players() {
    let catalog = catalog();
    let specs = [
        "seed003-s1",
        "seed003-s2",
        "seed003-s3:depth=3",
        "seed003-s4:depth=2",
        "seed003-s5:depth=2",
        "champion:depth=2",
        "strongest:depth=2",
        "alphabeta:depth=2,order=progress",
        "alphabeta:depth=2,eval=seed003",
        "paranoid:depth=2,order=progress",
        "maxn:depth=2",
        "bestreply:depth=2",
        "mcts:iterations=30,rollout=progress",
        "halma-mcts:iterations=30,time=none",
        "greedy:eval=seed003",
        "random",
    ];
    for (kind, players) in [
        (BoardKind::Star, 2),
        (BoardKind::Star, 3),
        (BoardKind::Rhombus, 2),
    ] {
        let mut state = Halma::new(kind, players).unwrap();
        for spec in specs {
            let mut agent = catalog
                .build(spec, 5)
                .unwrap_or_else(|e| panic!("{spec}: {e}"));
            let mv = legal(&state, agent.as_mut());
            state.play(mv);
        }
    }
}

#[test]
fn bad_specs_name_the_key() {
    let catalog = catalog();
    let err = catalog
        .build("seed003-s3:dept=3", 1)
        .err()
        .unwrap()
        .to_string();
    assert!(err.contains("dept") && err.contains("depth"), "{err}");
    let err = catalog
        .build("seed003-s4:depth=99", 1)
        .err()
        .unwrap()
        .to_string();
    assert!(err.contains("depth"), "{err}");
    let err = catalog
        .build("alphabeta:eval=nope", 1)
        .err()
        .unwrap()
        .to_string();
    assert!(err.contains("seed003") && err.contains("progress"), "{err}");
}

#[test]
fn strategy_one_prefers_north_west_and_single_moves() {
    let state = Halma::new(BoardKind::Rhombus, 2).unwrap();
    let mut agent = catalog().build("seed003-s1", 3).unwrap();
    let mv = legal(&state, agent.as_mut());
    assert_eq!(compass_rank(&state, mv.from, mv.to), 0, "NW first");
    // B's north-west is A's south-east: the compass turns with the seat.
    let mut b_turn = state.clone();
    b_turn.play(mv);
    let reply = legal(&b_turn, agent.as_mut());
    let (fx, fy) = b_turn.board().coords(reply.from);
    let (tx, ty) = b_turn.board().coords(reply.to);
    assert!(tx - fx > 0 && ty - fy < 0, "B heads down the board");
}

#[test]
fn strategy_two_moves_the_farthest_peg_that_can_move() {
    let state = Halma::new(BoardKind::Star, 2).unwrap();
    let mut agent = catalog().build("seed003-s2", 3).unwrap();
    let mv = legal(&state, agent.as_mut());
    // (3,-6) is farthest from A's goal but boxed in; (3,-5) is next.
    assert_eq!(state.board().coords(mv.from), (3, -5));
}

#[test]
fn strategy_three_looks_positions_up_in_its_table() {
    let path = std::env::temp_dir().join(format!("ply-halma-s3-{}.txt", std::process::id()));
    let _ = std::fs::remove_file(&path);
    let spec = format!("seed003-s3:depth=3,table={}", path.display());
    let state = Halma::new(BoardKind::Star, 2).unwrap();
    let first = catalog()
        .build(&spec, 1)
        .unwrap()
        .select(&state, &SearchLimits::none())
        .unwrap();
    assert!(first.nodes > 0, "searched");
    // A new agent (a later run) reads the file and answers without searching.
    let second = catalog()
        .build(&spec, 2)
        .unwrap()
        .select(&state, &SearchLimits::none())
        .unwrap();
    assert_eq!((second.mv, second.nodes), (first.mv, 0));
    let text = std::fs::read_to_string(&path).unwrap();
    assert_eq!(text.lines().count(), 2, "a header and the entry: {text}");
    assert!(text.starts_with(ply_halma::seed003::TABLE_HEADER), "{text}");
    let _ = std::fs::remove_file(&path);
}

/// A table named by a spec (as a request to the server may name one) is opened through
/// `ply_core::files`: a FIFO, a device or a folder is refused at once, never read or
/// appended to.
#[test]
fn strategy_three_refuses_a_table_that_is_not_a_regular_file() {
    let dir = std::env::temp_dir().join(format!("ply-halma-s3-kinds-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let fifo = dir.join("fifo");
    let made = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap();
    assert!(made.success());
    for (path, kind) in [
        (fifo.as_path(), "a FIFO (named pipe)"),
        (std::path::Path::new("/dev/zero"), "a character device"),
        (dir.as_path(), "a directory"),
    ] {
        let error = catalog()
            .build(&format!("seed003-s3:table={}", path.display()), 1)
            .err()
            .expect("refused");
        let says = format!(
            "'{}' is {kind}, not a regular file: ply reads a table of saved moves only from a \
             regular file",
            path.display()
        );
        assert!(error.to_string().contains(&says), "{error}");
    }
    assert!(std::fs::metadata(&fifo).unwrap().file_type().is_fifo());
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A short, deterministic match (fixed depth): the champion wins from either seat.
#[test]
fn champion_beats_strategy_one_from_both_seats() {
    let catalog = catalog();
    for champion_seat in 0..2 {
        let mut agents = [
            catalog.build("seed003-s1", 11).unwrap(),
            catalog.build("seed003-s1", 12).unwrap(),
        ];
        agents[champion_seat] = catalog.build("champion:depth=3", 0).unwrap();
        let mut state = Halma::new(BoardKind::Star, 2).unwrap();
        while !state.is_terminal() {
            let mv = legal(&state, agents[state.to_move()].as_mut());
            state.play(mv);
        }
        let scores = state.outcome().unwrap();
        assert_eq!(
            scores.get(champion_seat),
            1.0,
            "seat {champion_seat}: {state}"
        );
    }
}

#[test]
fn the_champion_declares_its_table() {
    let catalog = ply_halma::catalog();
    let bytes = ply_halma::agents::CHAMPION_TABLE_MB << 20;
    assert_eq!(catalog.table_bytes("champion").unwrap(), bytes);
    assert_eq!(catalog.table_bytes("strongest").unwrap(), bytes);
    assert_eq!(catalog.table_bytes("greedy").unwrap(), 0);
}
