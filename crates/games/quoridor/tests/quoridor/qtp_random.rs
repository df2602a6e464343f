//! Random command streams never panic, every reply has the protocol's shape, and a failed
//! command leaves the board exactly as it was.

use ply_core::{Agent, Decision, Game, SearchLimits};
use ply_quoridor::qtp::{QtpEngine, TimeBudget};
use ply_quoridor::{Move, Quoridor};
use proptest::prelude::*;

struct FirstMove;

impl Agent<Quoridor> for FirstMove {
    fn name(&self) -> String {
        "first".into()
    }

    fn select(&mut self, state: &Quoridor, _: &SearchLimits) -> Option<Decision<Move>> {
        let mut moves = Vec::new();
        state.legal_moves(&mut moves);
        moves.first().map(|&m| Decision::just(m))
    }
}

fn word() -> impl Strategy<Value = String> {
    prop_oneof![
        Just("black".to_string()),
        Just("white".to_string()),
        Just("b".to_string()),
        Just("w".to_string()),
        Just("red".to_string()),
        Just("h".to_string()),
        Just("vertical".to_string()),
        Just("horizontal".to_string()),
        (0u8..26, 0u32..28).prop_map(|(c, r)| format!("{}{r}", (b'a' + c) as char)),
        (0u32..30).prop_map(|n| n.to_string()),
        "[ -~]{0,6}",
    ]
}

fn line() -> impl Strategy<Value = String> {
    let command = prop_oneof![
        Just("name"),
        Just("known_command"),
        Just("list_commands"),
        Just("boardsize"),
        Just("clear_board"),
        Just("walls"),
        Just("playmove"),
        Just("playmove"),
        Just("playwall"),
        Just("playwall"),
        Just("playwall"),
        Just("genmove"),
        Just("undo"),
        Just("winner"),
        Just("showboard"),
        Just("bogus"),
    ];
    (command, prop::collection::vec(word(), 0..4))
        .prop_map(|(c, args)| format!("{c} {}", args.join(" ")))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn random_streams_keep_the_protocol(lines in prop::collection::vec(line(), 1..60)) {
        let mut engine = QtpEngine::with_agent(Box::new(FirstMove), TimeBudget::default());
        for line in &lines {
            let before = engine.state().clone();
            let reply = engine.handle_line(line).expect("not blank");
            prop_assert!(reply.ends_with("\n\n"), "{reply:?}");
            prop_assert!(reply.starts_with("= ") || reply.starts_with("? "), "{reply:?}");
            if reply.starts_with("? ") {
                prop_assert_eq!(engine.state(), &before, "failed '{}' changed the board", line);
            }
            let s = engine.state();
            prop_assert_eq!(ply_core::ZobristHash::zobrist(s), ply_core::ZobristHash::zobrist_from_scratch(s));
            let _ = s.to_text();
        }
    }
}
