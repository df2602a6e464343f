//! Move counts: the published ones, this implementation's own tables for every other board
//! and player count, an independent slow generator to cross-check them, and the
//! conformance kit on every configuration.

use std::collections::{HashMap, HashSet};

use ply_core::conformance::{check_encoding, check_game, check_hashing, ConformanceConfig};
use ply_core::{perft, Game};
use ply_halma::{BoardKind, Halma, HalmaMove, HalmaSettings, RuleSet};
use rand::seq::IndexedRandom;
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

#[test]
fn published_counts() {
    for kind in [BoardKind::Star, BoardKind::Rhombus] {
        assert_eq!(perft(&mut Halma::new(kind, 2).unwrap(), 1), 10, "{kind}");
    }
    let mut classic = Halma::new(BoardKind::Star121, 2).unwrap();
    assert_eq!(perft(&mut classic, 1), 14);
    assert_eq!(perft(&mut classic, 2), 196);
}

/// This implementation's counts (depths 1–4), recorded so any change to the rules shows.
/// Depth 5: star 2p 632520, star 3p 324120, rhombus 544208, star121 2p 3188520,
/// 3p 1618400, 4p 958384, 6p 571130 (`cargo run --release --example perft_table -- 5`).
#[test]
fn own_perft_tables() {
    let table: [(BoardKind, usize, [u64; 4]); 7] = [
        (BoardKind::Star, 2, [10, 100, 1800, 32400]),
        (BoardKind::Star, 3, [10, 100, 1000, 18000]),
        (BoardKind::Rhombus, 2, [10, 100, 1720, 29584]),
        (BoardKind::Star121, 2, [14, 196, 4760, 115600]),
        (BoardKind::Star121, 3, [14, 196, 2744, 66640]),
        (BoardKind::Star121, 4, [14, 199, 2786, 39601]),
        (BoardKind::Star121, 6, [14, 199, 2828, 40189]),
    ];
    for (kind, players, counts) in table {
        let mut state = Halma::new(kind, players).unwrap();
        for (depth, &count) in counts.iter().enumerate() {
            let depth = depth as u32 + 1;
            assert_eq!(
                perft(&mut state, depth),
                count,
                "{kind} {players}p depth {depth}"
            );
        }
    }
}

/// Whether a hop from the first cell over the second to the third is allowed, and if so
/// whether the chain may go on from there.
type HopRule<'a> = dyn Fn((i8, i8), (i8, i8), (i8, i8)) -> Option<bool> + 'a;

/// A deliberately naive generator over coordinates: every chain is enumerated as a path
/// (no shared visited set), so it shares no code or shortcut with the real one. Under goal
/// locking (ccerl) a path that stands in the mover's home only goes on inside it.
fn naive_destinations(state: &Halma, from: (i8, i8)) -> HashSet<(i8, i8)> {
    let board = state.board();
    let on = |c: (i8, i8)| board.cell_at(c.0, c.1);
    let mover = state.to_move();
    let home: HashSet<(i8, i8)> = ply_halma::cells_of(state.seat(mover).home)
        .map(|c| board.coords(c))
        .collect();
    let mut pegs: HashMap<(i8, i8), usize> = HashMap::new();
    for p in 0..state.num_players() {
        for c in ply_halma::cells_of(state.pegs(p)) {
            pegs.insert(board.coords(c), p);
        }
    }
    pegs.remove(&from);
    let swaps = state.settings().swaps();
    let swap =
        |c: (i8, i8)| swaps && home.contains(&c) && pegs.get(&c).is_some_and(|&p| p != mover);
    let locking = state.settings().goal_locking();
    let stays = |at: (i8, i8), to: (i8, i8)| !locking || !home.contains(&at) || home.contains(&to);
    let dirs = [(1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1)];
    let mut out = HashSet::new();
    for (dx, dy) in dirs {
        let n = (from.0 + dx, from.1 + dy);
        if on(n).is_some() && (!pegs.contains_key(&n) || swap(n)) && stays(from, n) {
            out.insert(n);
        }
    }
    fn chains(at: (i8, i8), path: &mut Vec<(i8, i8)>, out: &mut HashSet<(i8, i8)>, ctx: &HopRule) {
        for (dx, dy) in [(1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1)] {
            let over = (at.0 + dx, at.1 + dy);
            let land = (at.0 + 2 * dx, at.1 + 2 * dy);
            if path.contains(&land) {
                continue;
            }
            match ctx(at, over, land) {
                Some(can_continue) => {
                    out.insert(land);
                    if can_continue {
                        path.push(land);
                        chains(land, path, out, ctx);
                        path.pop();
                    }
                }
                None => continue,
            }
        }
    }
    let ctx = |at: (i8, i8), over: (i8, i8), land: (i8, i8)| -> Option<bool> {
        if on(over).is_none() || on(land).is_none() || !pegs.contains_key(&over) || !stays(at, land)
        {
            return None;
        }
        if !pegs.contains_key(&land) {
            Some(true)
        } else if swap(land) {
            Some(false)
        } else {
            None
        }
    };
    chains(from, &mut vec![from], &mut out, &ctx);
    out.remove(&from);
    out
}

/// Every board, player count and rule set (CCERL's only on its board, for two).
fn every_variant() -> Vec<(BoardKind, usize, RuleSet)> {
    let mut all = Vec::new();
    for kind in BoardKind::ALL {
        for &players in kind.allowed_players() {
            for rules in RuleSet::ALL {
                if rules.fixed_board().is_none_or(|b| b == kind)
                    && rules.fixed_players().is_none_or(|n| n == players)
                {
                    all.push((kind, players, rules));
                }
            }
        }
    }
    all
}

fn with_rules(kind: BoardKind, players: usize, rules: RuleSet) -> Halma {
    Halma::with_settings(kind, players, HalmaSettings::for_rules(rules)).unwrap()
}

#[test]
fn generator_agrees_with_a_naive_one_along_random_games() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(3);
    for (kind, players, rules) in every_variant() {
        let mut state = with_rules(kind, players, rules);
        let mut moves: Vec<HalmaMove> = Vec::new();
        for _ply in 0..120 {
            if state.is_terminal() {
                break;
            }
            state.legal_moves(&mut moves);
            let board = state.board();
            let mut fast: HashSet<((i8, i8), (i8, i8))> = HashSet::new();
            for m in &moves {
                fast.insert((board.coords(m.from), board.coords(m.to)));
            }
            let mut slow = HashSet::new();
            for c in ply_halma::cells_of(state.pegs(state.to_move())) {
                let from = board.coords(c);
                for to in naive_destinations(&state, from) {
                    slow.insert((from, to));
                }
            }
            assert_eq!(fast, slow, "{kind} {players}p {rules}: {}", state.to_text());
            let mv = *moves.choose(&mut rng).unwrap();
            state.play(mv);
        }
    }
}

#[test]
fn conformance_kit_on_every_board_player_count_and_rule_set() {
    for (kind, players, rules) in every_variant() {
        let start = with_rules(kind, players, rules);
        let sum = if players == 2 {
            1.0
        } else {
            (players * (players - 1) / 2) as f64
        };
        let config = ConformanceConfig {
            games: 6,
            max_plies: 300,
            constant_sum: Some(sum),
            ..Default::default()
        };
        check_game(&start, &config);
        check_hashing(&start, &config);
        check_encoding(&start, &config);
    }
}

/// Random games end by the move limit; a short limit makes the kit see terminal states.
#[test]
fn conformance_kit_reaches_the_move_limit() {
    for (kind, players, rules) in [
        (BoardKind::Rhombus, 2, RuleSet::FauHalma),
        (BoardKind::Star, 3, RuleSet::FauHalma),
        (BoardKind::Star121, 2, RuleSet::Classic),
        (BoardKind::Star, 3, RuleSet::Classic),
    ] {
        let settings = HalmaSettings {
            rules,
            max_plies: 60,
            ..Default::default()
        };
        let start = Halma::with_settings(kind, players, settings).unwrap();
        let config = ConformanceConfig {
            games: 5,
            max_plies: 100,
            constant_sum: Some(if players == 2 { 1.0 } else { 3.0 }),
            ..Default::default()
        };
        check_game(&start, &config);
        check_hashing(&start, &config);
        check_encoding(&start, &config);
    }
}

/// OpenSpiel's `chinese_checkers` (121 holes, 2 players, its whole turns counted as distinct
/// from→to moves) gives 14, 196, 4,760 and 115,600 at depths 1 to 4; the classic rules must
/// agree, on the board whose default they are and when asked for by name.
#[test]
fn classic_rules_match_openspiels_counts() {
    let asked = HalmaSettings {
        rules: RuleSet::Classic,
        ..HalmaSettings::default()
    };
    for mut state in [
        Halma::new(BoardKind::Star121, 2).unwrap(),
        Halma::with_settings(BoardKind::Star121, 2, asked).unwrap(),
    ] {
        assert_eq!(state.settings().rules, RuleSet::Classic);
        let counts: Vec<u64> = (1..=4).map(|d| perft(&mut state, d)).collect();
        assert_eq!(counts, [14, 196, 4_760, 115_600]);
    }
}

/// The classic rules on FAUhalma's boards: the same counts as FAUhalma's to depth 4 (no
/// swap can arise that early), recorded so that a change shows.
#[test]
fn classic_rules_on_the_other_boards() {
    for (kind, players, counts) in [
        (BoardKind::Star, 2, [10u64, 100, 1800, 32400]),
        (BoardKind::Star, 3, [10, 100, 1000, 18000]),
        (BoardKind::Rhombus, 2, [10, 100, 1720, 29584]),
    ] {
        let mut state = with_rules(kind, players, RuleSet::Classic);
        let found: Vec<u64> = (1..=4).map(|d| perft(&mut state, d)).collect();
        assert_eq!(found, counts, "{kind} {players}p classic");
    }
}
