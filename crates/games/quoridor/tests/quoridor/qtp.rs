//! Golden QTP transcripts: every command, every error, the exact reply text.

use std::time::Duration;

use ply_core::{Agent, Decision, Game, SearchLimits};
use ply_quoridor::qtp::{run, QtpEngine, TimeBudget, MAX_LINE};
use ply_quoridor::Quoridor;

/// An agent that plays the first legal move: fast and predictable, for transcripts.
struct FirstMove;

impl Agent<Quoridor> for FirstMove {
    fn name(&self) -> String {
        "first".into()
    }

    fn select(
        &mut self,
        state: &Quoridor,
        _: &SearchLimits,
    ) -> Option<Decision<ply_quoridor::Move>> {
        let mut moves = Vec::new();
        state.legal_moves(&mut moves);
        moves.first().map(|&m| Decision::just(m))
    }
}

fn engine() -> QtpEngine {
    QtpEngine::with_agent(Box::new(FirstMove), TimeBudget::default())
}

/// Runs `(command, reply)` pairs; each reply is given without its trailing empty line.
fn check(engine: &mut QtpEngine, session: &[(&str, &str)]) {
    for (command, expected) in session {
        let reply = engine.handle_line(command).expect("a command gets a reply");
        assert_eq!(reply, format!("{expected}\n\n"), "after '{command}'");
    }
}

#[test]
fn informational_commands() {
    check(
        &mut engine(),
        &[
            ("name", "= ply-quoridor"),
            ("known_command playwall", "= true"),
            ("known_command fly", "= false"),
            (
                "list_commands",
                "= name\nknown_command\nlist_commands\nquit\nboardsize\nclear_board\nwalls\n\
                 playmove\nplaywall\ngenmove\nundo\nwinner\nshowboard\nposition\nsetposition\n\
                 loadrecord",
            ),
            ("winner", "= false"),
            ("frobnicate", "? unknown command"),
            ("name extra", "? syntax error"),
        ],
    );
}

#[test]
fn sizes_and_settings() {
    check(
        &mut engine(),
        &[
            ("boardsize 4", "? unacceptable size"),
            ("boardsize 1", "? unacceptable size"),
            ("boardsize 27", "? unacceptable size"),
            ("boardsize nine", "? syntax error"),
            ("boardsize 3", "= "),
            ("walls x", "? syntax error"),
            ("walls 0", "= "),
            ("playwall black a2 h", "? illegal move"),
            ("clear_board", "= "),
            ("walls 1", "= "),
            ("playwall black a2 h", "= "),
            ("playwall black a3 v", "? illegal move"),
            ("undo", "= "),
            ("undo", "? cannot undo"),
        ],
    );
}

#[test]
fn showboard_draws_walls_and_counts() {
    let mut e = engine();
    check(
        &mut e,
        &[
            ("boardsize 3", "= "),
            ("walls 2", "= "),
            ("playwall black A2 horizontal", "= "),
            ("playwall white B3 vertical", "? illegal move"),
            ("playwall white A3 vertical", "= "),
        ],
    );
    let expected = "= 
      A   B   C
     +---+---+---+
   3 |   # B |   | 3    black walls: 1
     +---#---+---+
   2 |   #   |   | 2
     +=======+---+
   1 |   | W |   | 1    white walls: 1
     +---+---+---+
      A   B   C

";
    assert_eq!(e.handle_line("showboard").unwrap(), expected);
}

#[test]
fn pawn_moves_jumps_and_their_errors() {
    check(
        &mut engine(),
        &[
            ("boardsize 5", "= "),
            ("clear_board", "= "),
            ("walls 3", "= "),
            ("playmove red c4", "? syntax error"),
            ("playmove black 4c", "? syntax error"),
            ("playmove black z9", "? illegal move"),
            ("playmove black c6", "? illegal move"),
            ("playmove black c3", "? illegal move"),
            ("playmove black d4", "? illegal move"),
            ("playmove b C4", "= "),
            ("playmove black c3", "= "),
            ("playmove white c2", "= "),
            // Face to face: black on c3, white on c2.
            ("playmove white c3", "? illegal move"),
            ("playmove white c4", "= "),
            ("winner", "= false"),
            ("undo", "= "),
            // A wall behind black: the straight jump becomes two side-steps.
            ("playwall black c4 h", "= "),
            ("playmove white c4", "? illegal move"),
            ("playmove white b3", "= "),
            ("undo", "= "),
            ("playmove w d3", "= "),
            ("undo 2", "= "),
            ("undo 9", "? cannot undo"),
            ("playmove white c3", "? illegal move"),
        ],
    );
}

#[test]
fn wall_errors() {
    check(
        &mut engine(),
        &[
            ("boardsize 5", "= "),
            ("walls 3", "= "),
            ("playwall white c3 diagonal", "? syntax error"),
            ("playwall white c3", "? syntax error"),
            ("playwall purple c3 h", "? syntax error"),
            ("playwall white e3 h", "? illegal move"),
            ("playwall white a1 v", "? illegal move"),
            ("playwall white a6 v", "? illegal move"),
            ("playwall white c3 h", "= "),
            ("playwall black c3 h", "? illegal move"),
            ("playwall black b3 h", "? illegal move"),
            ("playwall black d3 h", "? illegal move"),
            ("playwall black c3 v", "? illegal move"),
            ("playwall black a3 h", "= "),
            ("playwall black c2 v", "? illegal move"),
            ("playwall black a2 v", "= "),
            ("playwall black c4 v", "= "),
            ("playwall black b5 h", "? illegal move"),
        ],
    );
}

#[test]
fn walls_that_cut_a_pawn_off() {
    check(
        &mut engine(),
        &[
            ("boardsize 3", "= "),
            ("walls 3", "= "),
            ("playwall black a2 h", "= "),
            ("playwall white b2 v", "? illegal move"),
            ("playwall white b3 v", "? illegal move"),
            ("playwall white a3 v", "= "),
            ("winner", "= false"),
        ],
    );
}

#[test]
fn genmove_plays_on_the_board_and_winner_reports() {
    let mut e = engine();
    check(
        &mut e,
        &[
            ("boardsize 3", "= "),
            ("walls 0", "= "),
            // The first-move agent steps down first, then up, left, right.
            ("genmove black", "= B2"),
            ("playmove black b1", "? illegal move"),
            ("playmove black a2", "= "),
            ("playmove black a1", "= "),
            ("winner", "= true black"),
            ("genmove white", "? game is over"),
            ("playmove white c1", "? illegal move"),
            ("undo 3", "= "),
            ("genmove white", "= B2"),
            // Black on B3 above: no square behind it, so white side-steps (left first).
            ("genmove white", "= A3"),
            ("winner", "= true white"),
        ],
    );
}

#[test]
fn comments_blank_lines_and_carriage_returns() {
    let mut e = engine();
    assert_eq!(e.handle_line(""), None);
    assert_eq!(e.handle_line("   "), None);
    assert_eq!(e.handle_line("# a comment"), None);
    assert_eq!(e.handle_line("name\r").unwrap(), "= ply-quoridor\n\n");
    assert_eq!(e.handle_line("NAME").unwrap(), "= ply-quoridor\n\n");
}

#[test]
fn run_stops_at_quit_and_at_the_end_of_input() {
    let mut e = engine();
    let mut out = Vec::new();
    run(&b"name\n\nquit\nname\n"[..], &mut out, &mut e).unwrap();
    assert_eq!(String::from_utf8(out).unwrap(), "= ply-quoridor\n\n= \n\n");
    let mut out = Vec::new();
    run(&b"boardsize 5\r\nwinner"[..], &mut out, &mut engine()).unwrap();
    assert_eq!(String::from_utf8(out).unwrap(), "= \n\n= false\n\n");
}

/// Runs `input` through `run` and returns everything written.
fn transcript(input: impl std::io::BufRead) -> String {
    let mut out = Vec::new();
    run(input, &mut out, &mut engine()).unwrap();
    String::from_utf8(out).unwrap()
}

/// A line over 64 KiB is answered once, its rest dropped, and the next line is read.
#[test]
fn an_over_long_line_is_refused_and_the_engine_goes_on() {
    use std::io::{BufReader, Read};
    let long = std::io::repeat(b'x').take(16 << 20);
    let input = BufReader::new(long.chain(&b"\nname\nquit\nname\n"[..]));
    assert_eq!(
        transcript(input),
        "? line too long (16777216 bytes, the limit is 65536)\n\n= ply-quoridor\n\n= \n\n"
    );
    // The limit counts the line without its end; 65536 bytes are read as a line.
    let at_limit = format!("{}\r\nwinner\n", "n".repeat(MAX_LINE));
    assert_eq!(
        transcript(at_limit.as_bytes()),
        "? unknown command\n\n= false\n\n"
    );
    let over = format!("name{}\nwinner", " ".repeat(MAX_LINE - 3));
    assert_eq!(
        transcript(over.as_bytes()),
        "? line too long (65537 bytes, the limit is 65536)\n\n= false\n\n"
    );
    // The same at the end of the input, and through `handle_line`.
    let last = "#".repeat(MAX_LINE + 10);
    assert_eq!(
        transcript(last.as_bytes()),
        "? line too long (65546 bytes, the limit is 65536)\n\n"
    );
    assert_eq!(
        engine().handle_line(&last).unwrap(),
        "? line too long (65546 bytes, the limit is 65536)\n\n"
    );
}

/// Error answers never echo hostile input: they are short and hold no control characters.
#[test]
fn error_answers_are_short_and_free_of_control_characters() {
    let hostile: Vec<Vec<u8>> = vec![
        b"\x1b[2J\x1b[31mplaymove black \x07c4".to_vec(),
        b"frobnicate \x00\x01\x02\x7f".to_vec(),
        [b"playwall white ".as_slice(), &[b'a'; 5000], b" h"].concat(),
        b"name \xff\xfe".to_vec(),
        b"boardsize \x1b]0;title\x07".to_vec(),
        vec![b'z'; 3 * MAX_LINE],
    ];
    for line in hostile {
        let mut input = line.clone();
        input.push(b'\n');
        let reply = transcript(&input[..]);
        let body = reply.strip_suffix("\n\n").expect("one reply");
        assert!(body.starts_with("? "), "{body:?}");
        assert!(body.chars().count() <= 82, "{body:?}");
        assert!(!body.chars().any(|c| c.is_control()), "{body:?}");
    }
}

#[test]
fn the_real_engine_answers_within_its_budget() {
    let budget = TimeBudget {
        per_move: Duration::from_millis(100),
        per_game_per_size: Duration::from_secs(20),
        safety: 0.8,
    };
    let mut e = QtpEngine::new(1, budget);
    check(&mut e, &[("boardsize 7", "= "), ("walls 6", "= ")]);
    let start = std::time::Instant::now();
    let reply = e.handle_line("genmove white").unwrap();
    // 80 ms of thought asked; without the budget the agent would take its own 2 s. The
    // bound leaves a machine kept busy by other work room to answer late.
    assert!(
        start.elapsed() < Duration::from_millis(1500),
        "{:?}",
        start.elapsed()
    );
    assert!(
        reply.starts_with("= ") && reply.ends_with("\n\n"),
        "{reply}"
    );
    let mv = reply.trim_start_matches("= ").trim();
    // The move is on the board: replaying it on a copy of the start position works.
    let mut s = Quoridor::new(7, 6).unwrap();
    s.set_to_move(ply_quoridor::WHITE);
    s.play_notation(mv).unwrap();
}

/// ply's extensions, which a referee never sends: the position text, setting it, and
/// loading a game record whose moves `undo` takes back one by one.
#[test]
fn position_setposition_and_loadrecord_extensions() {
    let dir = std::env::temp_dir().join(format!("ply-qtp-record-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("game.txt");
    std::fs::write(
        &file,
        "[Game \"quoridor\"]\n[Settings \"size=5\"]\n\n1. c4\n2. c2\n3. b3h\n",
    )
    .unwrap();
    let four = dir.join("four.txt");
    std::fs::write(
        &four,
        "[Game \"quoridor\"]\n[Settings \"size=5 players=4\"]\n\n1. c4\n",
    )
    .unwrap();
    let load = format!("loadrecord {}", file.display());
    let load_four = format!("loadrecord {}", four.display());
    check(
        &mut engine(),
        &[
            (
                "position",
                "= size=9 walls=10 turn=black black=e9,10 white=e1,10 h= v=",
            ),
            (&load, "= "),
            (
                "position",
                "= size=5 walls=3 turn=white black=c4,2 white=c2,3 h=b3 v=",
            ),
            ("undo", "= "),
            (
                "position",
                "= size=5 walls=3 turn=black black=c4,3 white=c2,3 h= v=",
            ),
            ("undo 2", "= "),
            ("undo", "? cannot undo"),
            (
                "setposition size=5 walls=1 turn=white black=a5,0 white=e1,1 h= v=",
                "= ",
            ),
            ("playmove white e2", "= "),
            (
                "position",
                "= size=5 walls=1 turn=black black=a5,0 white=e2,1 h= v=",
            ),
            (
                "setposition size=5 walls=1",
                "? cannot read position 'size=5 walls=1': the field 'black' is missing",
            ),
            (
                "setposition size=5 walls=1 turn=black black=c5,1 white=c1,1 red=a3,1 h= v=",
                "? QTP plays Quoridor for 2 players; this position has 3",
            ),
            (
                &load_four,
                "? QTP plays Quoridor for 2 players; this position has 4",
            ),
            (
                "loadrecord /no/such/file",
                "? '/no/such/file' does not exist",
            ),
            ("setposition", "? syntax error"),
            (
                "position",
                "= size=5 walls=1 turn=black black=a5,0 white=e2,1 h= v=",
            ),
        ],
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
