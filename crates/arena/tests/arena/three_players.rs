//! A tournament of a three-player game: seats rotate through every order, and results are
//! scored pair by pair.

use crate::common;

use std::fmt;

use ply_arena::{run_tournament, GameRecord, OpeningSource, Termination, TournamentConfig};
use ply_core::{Agent, Game, GameError, Player, Scores};

/// A race for three: in turn each player adds 1 or 2 to a shared count; whoever brings it to
/// `TARGET` or beyond wins 2 points, the player who moved just before scores 1, the third 0.
/// With `TARGET` = 12 every seat moves at least twice.
#[derive(Debug, Clone, PartialEq)]
struct Race3 {
    count: u8,
    to_move: Player,
}

const TARGET: u8 = 12;

impl fmt::Display for Race3 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "count {}, player {} to move", self.count, self.to_move)
    }
}

impl Game for Race3 {
    type Move = u8;

    fn name(&self) -> &'static str {
        "race3"
    }
    fn num_players(&self) -> usize {
        3
    }
    fn to_move(&self) -> Player {
        self.to_move
    }
    fn legal_moves(&self, moves: &mut Vec<u8>) {
        moves.clear();
        if self.count < TARGET {
            moves.extend([1, 2]);
        }
    }
    fn play(&mut self, mv: u8) {
        self.count += mv;
        self.to_move = (self.to_move + 1) % 3;
    }
    fn undo(&mut self, mv: u8) {
        self.count -= mv;
        self.to_move = (self.to_move + 2) % 3;
    }
    fn outcome(&self) -> Option<Scores> {
        (self.count >= TARGET).then(|| {
            let winner = (self.to_move + 2) % 3;
            let mut s = Scores::new(3);
            s.set(winner, 2.0);
            s.set((winner + 2) % 3, 1.0);
            s
        })
    }
    fn format_move(&self, mv: u8) -> String {
        format!("+{mv}")
    }
    fn parse_move(&self, text: &str) -> Result<u8, GameError> {
        match text.trim().trim_start_matches('+') {
            "1" => Ok(1),
            "2" => Ok(2),
            _ => Err(GameError::parse(text, "a move is +1 or +2")),
        }
    }
    fn to_text(&self) -> String {
        format!("{}/{}", self.count, self.to_move)
    }
    fn from_text(&self, text: &str) -> Result<Self, GameError> {
        let bad = || GameError::position(text, "write COUNT/PLAYER");
        let (count, to_move) = text.split_once('/').ok_or_else(bad)?;
        Ok(Race3 {
            count: count.parse().map_err(|_| bad())?,
            to_move: to_move.parse().map_err(|_| bad())?,
        })
    }
}

fn factory(spec: &str, rng_seed: u64) -> Result<Box<dyn Agent<Race3>>, String> {
    common::build(&START, spec, rng_seed)
}

const START: Race3 = Race3 {
    count: 0,
    to_move: 0,
};

#[test]
fn conformance_of_the_test_game() {
    ply_core::conformance::check_game(
        &START,
        &ply_core::conformance::ConformanceConfig {
            constant_sum: Some(3.0),
            ..Default::default()
        },
    );
}

#[test]
fn seats_rotate_and_results_are_pairwise() {
    let agents = ["first", "last", "random", "panic"];
    let mut config = TournamentConfig::new(agents.iter().map(|s| s.to_string()).collect());
    config.games_per_pairing = 6;
    config.openings = OpeningSource::Random { plies: 1 };
    config.concurrency = 2;
    let result = run_tournament(&START, &factory, &config, &|_: &GameRecord| {}).unwrap();
    // Four groups of three agents, one opening, six seatings each.
    assert_eq!(result.records.len(), 4 * 6);
    assert_eq!(result.players, 3);

    for group in [[0, 1, 2], [0, 1, 3], [0, 2, 3], [1, 2, 3]] {
        let games: Vec<&GameRecord> = result
            .records
            .iter()
            .filter(|r| {
                let mut seats = r.seats.clone();
                seats.sort();
                seats == group
            })
            .collect();
        assert_eq!(games.len(), 6, "group {group:?}");
        for agent in group {
            for seat in 0..3 {
                let n = games.iter().filter(|g| g.seats[seat] == agent).count();
                assert_eq!(n, 2, "agent {agent} in seat {seat} of group {group:?}");
            }
        }
        // All six orders, from one opening.
        let mut orders: Vec<_> = games.iter().map(|g| g.seats.clone()).collect();
        orders.sort();
        orders.dedup();
        assert_eq!(orders.len(), 6);
        assert!(games.iter().all(|g| g.opening == games[0].opening));
    }

    for r in &result.records {
        let panic_seat = r.seats.iter().position(|&a| a == 3);
        match panic_seat {
            Some(seat) => {
                assert_eq!(r.termination, Termination::Panic, "{r:?}");
                assert_eq!(r.offender, Some(seat));
                let mut expected = vec![1.0; 3];
                expected[seat] = 0.0;
                assert_eq!(r.scores, expected);
            }
            None => {
                assert_eq!(r.termination, Termination::Normal, "{r:?}");
                assert_eq!(r.scores.iter().sum::<f64>(), 3.0);
            }
        }
    }

    // Each game counts once for each pair of its seats: 3 pairs of 6 games per group, and
    // every pair of agents shares 2 groups.
    let s = &result.summary;
    assert_eq!(s.pairings.len(), 6);
    assert!(s.pairings.iter().all(|p| p.games == 12), "{:?}", s.pairings);
    let panicker = s.agents.iter().find(|a| a.name == "panic").unwrap();
    assert_eq!(panicker.wdl.losses, 3 * 6 * 2);
    assert_eq!(panicker.forfeits["panic"], 18);
    assert!(panicker.rating.unwrap().elo < s.agents[0].rating.unwrap().elo);
}
