//! Quoridor against the published perft counts, the conformance kit, and the rules one by one.

use ply_core::conformance::{check_encoding, check_game, check_hashing, ConformanceConfig};
use ply_core::{perft, Game, GameError, ZobristHash};
use ply_quoridor::{Move, Quoridor, BLACK, WHITE};

#[test]
fn perft_9x9_ten_walls() {
    let mut state = Quoridor::new(9, 10).unwrap();
    assert_eq!(perft(&mut state, 1), 131);
    assert_eq!(perft(&mut state, 2), 16_677);
}

#[test]
fn perft_9x9_depth_3() {
    let mut state = Quoridor::new(9, 10).unwrap();
    assert_eq!(perft(&mut state, 3), 2_062_264);
}

#[test]
fn perft_5x5_three_walls() {
    let mut state = Quoridor::new(5, 3).unwrap();
    for (depth, expected) in [35, 1_109, 31_540, 794_442].into_iter().enumerate() {
        assert_eq!(
            perft(&mut state, depth as u32 + 1),
            expected,
            "depth {}",
            depth + 1
        );
    }
}

#[test]
fn conformance_on_every_tested_size() {
    for (size, walls, games) in [
        (3, 0, 40),
        (3, 2, 40),
        (5, 3, 30),
        (5, 20, 10),
        (7, 0, 10),
        (7, 6, 15),
        (9, 10, 10),
        (11, 13, 4),
        (17, 24, 2),
        (25, 38, 1),
        (25, 200, 1),
    ] {
        let start = Quoridor::new(size, walls).unwrap();
        let config = ConformanceConfig {
            games,
            rng_seed: size as u64 * 1000 + walls as u64,
            max_plies: 300,
            ..Default::default()
        };
        check_game(&start, &config);
        check_hashing(&start, &config);
        check_encoding(&start, &config);
    }
}

#[test]
fn sizes_and_default_walls() {
    for bad in [0, 1, 2, 4, 8, 27, 100] {
        let err = Quoridor::new(bad, 10).unwrap_err();
        assert!(matches!(err, GameError::Setting { .. }), "{err}");
        assert!(err.to_string().contains("size"), "{err}");
    }
    let expected = [
        (3, 0),
        (5, 3),
        (7, 6),
        (9, 10),
        (11, 13),
        (17, 24),
        (25, 38),
    ];
    for (size, walls) in expected {
        assert_eq!(Quoridor::default_walls(size), walls, "size {size}");
    }
    // Asked before the size is checked (a flag without --walls): no overflow, whatever the
    // size (found by the `flags` fuzz target: `--size 1844674407370955161` panicked).
    assert_eq!(Quoridor::default_walls(usize::MAX), u32::MAX);
    assert_eq!(Quoridor::default_walls(1_844_674_407_370_955_161), u32::MAX);
    assert_eq!(Quoridor::default_walls(0), 0);
}

fn play_all(state: &mut Quoridor, moves: &[&str]) {
    for m in moves {
        state
            .play_notation(m)
            .unwrap_or_else(|e| panic!("{m}: {e}"));
    }
}

fn illegal(state: &Quoridor, text: &str) -> String {
    let mut copy = state.clone();
    let err = copy.play_notation(text).unwrap_err();
    assert_eq!(&copy, state, "a refused move must change nothing");
    err.to_string()
}

#[test]
fn straight_jump_and_side_steps() {
    let mut s = Quoridor::new(5, 3).unwrap();
    // Black c5 -> c4 -> c3, white c1 -> c2: face to face on c3 / c2.
    play_all(&mut s, &["c4", "c2", "c3"]);
    let targets: Vec<_> = s
        .pawn_targets(WHITE)
        .iter()
        .map(ply_quoridor::notation::format_square)
        .collect();
    assert!(targets.contains(&"c4".to_string()), "{targets:?}");
    assert!(!targets.contains(&"c3".to_string()));
    assert!(illegal(&s, "c3").contains("other pawn"));
    // A wall behind black turns the jump into side-steps.
    let mut t = s.clone();
    t.set_to_move(WHITE);
    play_all(&mut t, &["c4h"]); // wall between rows 3 and 4 under c4 and d4
    t.set_to_move(WHITE);
    assert!(illegal(&t, "c4").contains("jumps"));
    t.play_notation("b3").unwrap();
    let mut u = s.clone();
    u.set_to_move(WHITE);
    play_all(&mut u, &["b4h"]);
    u.set_to_move(WHITE);
    u.play_notation("d3").unwrap();
}

#[test]
fn wall_rules_name_the_broken_rule() {
    let mut s = Quoridor::new(9, 1).unwrap();
    play_all(&mut s, &["e3h"]);
    assert!(illegal(&s, "e3h").contains("overlaps"));
    assert!(illegal(&s, "d3h").contains("overlaps"));
    assert!(illegal(&s, "f3h").contains("overlaps"));
    assert!(illegal(&s, "e3v").contains("crosses"));
    s.play_notation("c3h").unwrap(); // white's only wall
    assert!(illegal(&s, "a7h").contains("no walls left"));
    assert!(illegal(&s, "i5h").contains("i5"));
    assert!(illegal(&s, "e7").contains("one step"));
    assert!(illegal(&s, "e1").contains("other pawn"));
}

#[test]
fn a_wall_may_not_cut_a_pawn_off() {
    // 3x3: a2h closes the steps up from a1 and b1; b2v would then close b1 -> c1 too,
    // leaving white on b1 walled into a1 and b1.
    let mut s = Quoridor::new(3, 5).unwrap();
    play_all(&mut s, &["a2h"]);
    assert!(illegal(&s, "b2v").contains("cut a pawn off"));
    // The same wall is fine while the other gap is open.
    Quoridor::new(3, 5).unwrap().play_notation("b2v").unwrap();
}

#[test]
fn winner_and_undo_restore_everything() {
    let mut s = Quoridor::new(3, 0).unwrap();
    let start = s.clone();
    let mut moves = Vec::new();
    for m in ["b2", "a1"] {
        moves.push(s.play_notation(m).unwrap());
    }
    assert_eq!(s.winner(), None);
    moves.push(s.play_notation("b1").unwrap());
    assert_eq!(s.winner(), Some(BLACK));
    assert!(s.is_terminal());
    let mut legal = Vec::new();
    s.legal_moves(&mut legal);
    assert!(legal.is_empty());
    for mv in moves.into_iter().rev() {
        s.undo(mv);
    }
    assert_eq!(s, start);
    assert_eq!(s.zobrist(), start.zobrist_from_scratch());
}

#[test]
fn text_round_trips_and_rejects_nonsense() {
    let mut s = Quoridor::new(9, 10).unwrap();
    play_all(&mut s, &["e8", "d5h", "b2v", "e2"]);
    let text = s.to_text();
    assert_eq!(s.from_text(&text).unwrap(), s);
    for bad in [
        "",
        "size=8 walls=10 turn=black black=e9,10 white=e1,10 h= v=",
        "size=9 walls=10 turn=black black=e9,10 white=e9,10 h= v=",
        "size=9 walls=10 turn=red black=e9,10 white=e1,10 h= v=",
        "size=9 walls=10 turn=black black=e9,10 white=e1,10 h=e3,e3 v=",
        "size=9 walls=10 turn=black black=e9,10 white=e1,10 h=e3 v=e3",
    ] {
        assert!(s.from_text(bad).is_err(), "{bad}");
    }
}

#[test]
fn display_draws_pawns_and_walls() {
    let mut s = Quoridor::new(5, 3).unwrap();
    play_all(&mut s, &["c3h", "b4v"]);
    let drawing = s.to_string();
    assert!(drawing.contains("==="), "{drawing}");
    assert!(drawing.contains('#'), "{drawing}");
    assert!(
        drawing.contains(" B ") && drawing.contains(" W "),
        "{drawing}"
    );
    assert!(drawing.contains("black walls: 2") && drawing.contains("white walls: 2"));
    let _ = Move::Wall; // the public move type is re-exported
}

/// Plays `games` random games from each start, `plies` plies at most, favouring walls so
/// the boards fill up and paths get tight; at every position the generated walls must be
/// exactly those the full check accepts (brute force over every slot). Returns how often a
/// wall was refused for cutting a pawn off, so a caller can see the path rule was met.
pub fn walls_match_brute_force(starts: &[(Quoridor, usize)], plies: usize, rng_seed: u64) -> usize {
    use ply_quoridor::{Orientation, Square, Wall, WallProblem};
    use rand::seq::IndexedRandom;
    use rand::{Rng, SeedableRng};
    let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(rng_seed);
    let mut cut_offs = 0;
    let mut legal = Vec::new();
    for (start, games) in starts {
        let size = start.size();
        for _ in 0..*games {
            let mut s = start.clone();
            for _ in 0..plies {
                s.legal_moves(&mut legal);
                if legal.is_empty() {
                    break;
                }
                let mut expected = Vec::new();
                for orientation in [Orientation::Horizontal, Orientation::Vertical] {
                    for r in 0..size - 1 {
                        for c in 0..size - 1 {
                            let wall = Wall {
                                slot: Square::new(c as u8, r as u8),
                                orientation,
                            };
                            match s.check_wall(s.to_move(), wall) {
                                Ok(()) => expected.push(Move::Wall(wall)),
                                Err(WallProblem::CutsOffPawn) => cut_offs += 1,
                                Err(_) => {}
                            }
                        }
                    }
                }
                let listed: Vec<Move> = legal.iter().copied().filter(|m| m.is_wall()).collect();
                assert_eq!(listed, expected, "position {}", s.to_text());
                let mv = if !listed.is_empty() && rng.random_bool(0.7) {
                    *listed.choose(&mut rng).unwrap()
                } else {
                    *legal.choose(&mut rng).unwrap()
                };
                s.play(mv);
            }
        }
    }
    cut_offs
}

/// The shortcuts in wall generation (path test, corner test) must list exactly the walls the
/// full check accepts: compare with brute force along random games full of walls.
#[test]
fn generated_walls_equal_brute_force() {
    let starts: Vec<(Quoridor, usize)> = [(3, 4, 30), (5, 10, 30), (7, 20, 10), (9, 30, 6)]
        .into_iter()
        .map(|(size, walls, games)| (Quoridor::new(size, walls).unwrap(), games))
        .collect();
    let cut_offs = walls_match_brute_force(&starts, 200, 7);
    assert!(
        cut_offs > 100,
        "the games must meet the path rule often ({cut_offs})"
    );
}
