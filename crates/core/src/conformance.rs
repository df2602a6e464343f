//! The conformance kit every game runs (OpenSpiel's random-simulation test is the model).
//!
//! Random games from fixed seeds; at every state visited it checks that
//! - legal moves are non-empty unless the state is terminal, unique and deterministic;
//! - every legal move passes `check_move` and `try_play`; `play` then `undo` restores the
//!   state exactly (and its hash, see [`check_hashing`]);
//! - a clone plays like the original;
//! - notation round-trips (format then parse gives the same move);
//! - text serialisation round-trips;
//! - terminal scores have one entry per player and, where the game is constant-sum, the
//!   same total.
//!
//! Call [`check_game`] (and [`check_hashing`] for games with a Zobrist hash) from each game's
//! tests with each of its configurations. Failures panic with the rng_seed, the move sequence and
//! what broke, so the failing game can be replayed.

use std::collections::HashSet;

use rand::seq::IndexedRandom;
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

use crate::game::Game;
use crate::hash::ZobristHash;

/// How much the kit exercises a game.
#[derive(Debug, Clone)]
pub struct ConformanceConfig {
    /// Random games to play.
    pub games: usize,
    /// Seed of the first game; game `i` uses `rng_seed + i`.
    pub rng_seed: u64,
    /// Games longer than this are cut off (the kit still checks every state on the way).
    pub max_plies: usize,
    /// The total of every terminal score vector, for constant-sum games (1 for two-player
    /// win/draw/loss); `None` to skip the check.
    pub constant_sum: Option<f64>,
}

impl Default for ConformanceConfig {
    fn default() -> Self {
        ConformanceConfig {
            games: 50,
            rng_seed: 1,
            max_plies: 400,
            constant_sum: Some(1.0),
        }
    }
}

/// Where a failure happened: the game's rng_seed and its moves so far.
struct Trail<'a, G: Game> {
    rng_seed: u64,
    moves: Vec<String>,
    start: &'a G,
}

impl<G: Game> Trail<'_, G> {
    fn fail(&self, what: &str) -> ! {
        panic!(
            "conformance failure in {} ({}) from start {:?}, game rng_seed {}, after moves [{}]: {}",
            self.start.name(),
            self.start.variant(),
            self.start.to_text(),
            self.rng_seed,
            self.moves.join(" "),
            what
        )
    }
}

/// Runs the whole kit (everything but hashing) from `start`.
pub fn check_game<G: Game>(start: &G, config: &ConformanceConfig) {
    let mut buffer = Vec::new();
    let mut again = Vec::new();
    for game in 0..config.games {
        let rng_seed = config.rng_seed.wrapping_add(game as u64);
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(rng_seed);
        let mut state = start.clone();
        let mut trail = Trail {
            rng_seed,
            moves: Vec::new(),
            start,
        };
        loop {
            check_state(&state, config, &mut buffer, &mut again, &trail);
            if state.is_terminal() || trail.moves.len() >= config.max_plies {
                break;
            }
            let mv = *buffer.choose(&mut rng).expect("non-terminal has moves");
            trail.moves.push(state.format_move(mv));
            check_clone_plays_alike(&state, mv, &trail);
            let before = state.clone();
            if let Err(e) = state.try_play(mv) {
                trail.fail(&format!("try_play refused a legal move: {e}"));
            }
            let mut undone = state.clone();
            undone.undo(mv);
            if undone != before {
                trail.fail("play then undo did not restore the state");
            }
            if state.is_terminal() {
                // Every move that could be named a moment ago must now be refused.
                if let Some(late) = buffer.iter().find(|&&m| state.check_move(m).is_ok()) {
                    trail.fail(&format!("move {late:?} accepted after the game ended"));
                }
            }
        }
    }
}

fn check_state<G: Game>(
    state: &G,
    config: &ConformanceConfig,
    buffer: &mut Vec<G::Move>,
    again: &mut Vec<G::Move>,
    trail: &Trail<G>,
) {
    state.legal_moves(buffer);
    let outcome = state.outcome();
    match (&outcome, buffer.is_empty()) {
        (Some(_), false) => trail.fail("terminal state lists legal moves"),
        (None, true) => trail.fail("non-terminal state has no legal move"),
        _ => {}
    }
    if let Some(scores) = outcome {
        if scores.players() != state.num_players() {
            trail.fail("terminal scores do not have one entry per player");
        }
        if scores.as_slice().iter().any(|s| !s.is_finite()) {
            trail.fail("terminal score is not finite");
        }
        if let Some(total) = config.constant_sum {
            if (scores.total() - total).abs() > 1e-9 {
                trail.fail(&format!(
                    "terminal scores {:?} do not sum to {total}",
                    scores.as_slice()
                ));
            }
        }
    }

    state.legal_moves(again);
    if buffer != again {
        trail.fail("legal moves are not deterministic");
    }
    let unique: HashSet<_> = buffer.iter().collect();
    if unique.len() != buffer.len() {
        trail.fail("legal moves contain duplicates");
    }
    if state.to_move() >= state.num_players() && outcome.is_none() {
        trail.fail("player to move is out of range");
    }

    for &mv in buffer.iter() {
        if let Err(e) = state.check_move(mv) {
            trail.fail(&format!("check_move refused a listed move: {e}"));
        }
        // The notation and the form a person reads both read back as the move.
        for text in [state.format_move(mv), state.show_move(mv)] {
            match state.parse_move(&text) {
                Ok(parsed) if parsed == mv => {}
                Ok(parsed) => trail.fail(&format!(
                    "notation '{text}' parses to {parsed:?}, not {mv:?}"
                )),
                Err(e) => trail.fail(&format!("notation '{text}' does not parse: {e}")),
            }
        }
    }

    let text = state.to_text();
    match state.from_text(&text) {
        Ok(read) if read == *state => {}
        Ok(_) => trail.fail(&format!("text '{text}' reads back as another state")),
        Err(e) => trail.fail(&format!("text '{text}' does not read back: {e}")),
    }
}

/// A clone must behave exactly like the original under the same move.
fn check_clone_plays_alike<G: Game>(state: &G, mv: G::Move, trail: &Trail<G>) {
    let mut a = state.clone();
    let mut b = state.clone();
    a.play(mv);
    b.play(mv);
    if a != b || a.to_text() != b.to_text() {
        trail.fail("a clone played differently from the original");
    }
}

/// Plays `config.games` random games from `start` (game `i` from `rng_seed + i`), handing
/// each state on the way and its legal moves to `visit` before the next move is drawn. A game
/// stops when no move is left or after `config.max_plies`.
fn walk_random_games<G: Game>(
    start: &G,
    config: &ConformanceConfig,
    mut visit: impl FnMut(&mut G, &[G::Move], &Trail<'_, G>),
) {
    let mut moves = Vec::new();
    for game in 0..config.games {
        let rng_seed = config.rng_seed.wrapping_add(game as u64);
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(rng_seed);
        let mut state = start.clone();
        let mut trail = Trail {
            rng_seed,
            moves: Vec::new(),
            start,
        };
        loop {
            state.legal_moves(&mut moves);
            visit(&mut state, &moves, &trail);
            if moves.is_empty() || trail.moves.len() >= config.max_plies {
                break;
            }
            let mv = *moves.choose(&mut rng).expect("non-empty");
            trail.moves.push(state.format_move(mv));
            state.play(mv);
        }
    }
}

/// Checks the Zobrist hash along random games: the incremental hash always equals the one
/// recomputed from scratch, and `play` then `undo` restores it.
pub fn check_hashing<G: Game + ZobristHash>(start: &G, config: &ConformanceConfig) {
    let mut seen = std::collections::HashMap::new();
    walk_random_games(start, config, |state, moves, trail| {
        if state.zobrist() != state.zobrist_from_scratch() {
            trail.fail("incremental hash differs from the hash recomputed from scratch");
        }
        // Equal hashes of unequal states would be a (very unlikely) collision or, far
        // more likely, a part of the state the hash forgets.
        let text = state.to_text();
        if let Some(other) = seen.insert(state.zobrist(), text.clone()) {
            if other != text {
                trail.fail(&format!("states '{other}' and '{text}' share a hash"));
            }
        }
        let before = state.zobrist();
        for &mv in moves {
            state.play(mv);
            state.undo(mv);
            if state.zobrist() != before {
                trail.fail(&format!("play/undo of {mv:?} did not restore the hash"));
            }
        }
    });
}

/// Checks a game's [`Encode`](crate::Encode) along random games: the variant's action space
/// and observation shape never change, every legal move has its own action index inside the
/// space that `action_move` maps back to it, no game runs past `max_game_length`, and each
/// observation marks only cells of its shape, with values in 0..=1.
pub fn check_encoding<G: Game + crate::Encode>(start: &G, config: &ConformanceConfig) {
    let (actions, shape) = (start.num_actions(), start.observation_shape());
    let mut observation = vec![0.0f32; shape.iter().product::<usize>()];
    walk_random_games(start, config, |state, moves, trail| {
        if state.num_actions() != actions || state.observation_shape() != shape {
            trail.fail("the action space or observation shape changed during the game");
        }
        if state.plane_names().len() != shape[0] {
            trail.fail("plane_names does not name every plane");
        }
        for player in 0..state.num_players() {
            observation.fill(0.0);
            state.observe(player, &mut observation);
            if observation.iter().any(|v| !(0.0..=1.0).contains(v)) {
                trail.fail(&format!("observation of player {player} leaves 0..=1"));
            }
        }
        let mut indices: Vec<usize> = moves.iter().map(|&mv| state.action_of(mv)).collect();
        if let Some(&out) = indices.iter().find(|&&a| a >= actions) {
            trail.fail(&format!("action {out} is outside the {actions} actions"));
        }
        let mover = state.to_move();
        for (&mv, &action) in moves.iter().zip(&indices) {
            if state.action_move(mover, action) != Some(mv) {
                trail.fail(&format!("action_move of action {action} is not {mv:?}"));
            }
        }
        if state.action_move(mover, actions).is_some() {
            trail.fail(&format!(
                "action_move names a move for action {actions}, past the space"
            ));
        }
        if let Some(longest) = start.max_game_length() {
            if trail.moves.len() > longest {
                trail.fail(&format!(
                    "the game went past its max_game_length of {longest}"
                ));
            }
        }
        indices.sort_unstable();
        indices.dedup();
        if indices.len() != moves.len() {
            trail.fail("two legal moves share an action index");
        }
    });
    check_mirror(start, config);
}

/// Where the game has a mirror (`Encode::mirror_action`), plays each random game beside its
/// mirror image: at every step the mirrored legal moves are the mirror game's legal moves,
/// the mirror game's observation is the observation with its columns reversed, and both
/// games end alike.
fn check_mirror<G: Game + crate::Encode>(start: &G, config: &ConformanceConfig) {
    let mut moves = Vec::new();
    let mut mirror_moves = Vec::new();
    start.legal_moves(&mut moves);
    let has_mirror = moves
        .first()
        .is_some_and(|&mv| start.mirror_action(start.action_of(mv)).is_some());
    if !has_mirror {
        return;
    }
    let shape = start.observation_shape();
    let len = shape.iter().product::<usize>();
    let (mut seen, mut mirror_seen) = (vec![0.0f32; len], vec![0.0f32; len]);
    walk_random_games(start, config, |state, moves, trail| {
        // The mirror game of this one, replayed from the start along the trail.
        let mut mirror = start.clone();
        let mut original = start.clone();
        for text in &trail.moves {
            let mv = original
                .parse_move(text)
                .expect("the trail's moves read back");
            let wanted = original.mirror_action(original.action_of(mv));
            mirror.legal_moves(&mut mirror_moves);
            let Some(&reflected) = mirror_moves
                .iter()
                .find(|&&m| Some(mirror.action_of(m)) == wanted)
            else {
                trail.fail(&format!(
                    "the mirror of {text} is not legal in the mirror game"
                ));
            };
            original.play(mv);
            mirror.play(reflected);
        }
        mirror.legal_moves(&mut mirror_moves);
        let mut mirrored: Vec<Option<usize>> = moves
            .iter()
            .map(|&m| state.mirror_action(state.action_of(m)))
            .collect();
        let mut expected: Vec<Option<usize>> = mirror_moves
            .iter()
            .map(|&m| Some(mirror.action_of(m)))
            .collect();
        mirrored.sort_unstable();
        expected.sort_unstable();
        if mirrored != expected {
            trail.fail("the mirrored legal moves are not the mirror game's legal moves");
        }
        if state.outcome() != mirror.outcome() {
            trail.fail("the mirror game ends otherwise");
        }
        for player in 0..state.num_players() {
            seen.fill(0.0);
            mirror_seen.fill(0.0);
            state.observe(player, &mut seen);
            mirror.observe(player, &mut mirror_seen);
            let reversed = seen.chunks(shape[2]).flat_map(|row| row.iter().rev());
            if !reversed.eq(mirror_seen.iter()) {
                trail.fail("the mirror game's observation is not the mirrored observation");
            }
        }
    });
}

/// Checks game records along random games: each game is written as a [`Record`] from the
/// variant's start and as one that starts halfway through it (so the `Position` tag is
/// exercised), printed, read back and replayed to the same final position.
///
/// [`Record`]: crate::record::Record
pub fn check_records<G: crate::Described>(settings: &crate::Settings, config: &ConformanceConfig) {
    use crate::record::{Record, RecordedMove};
    let start = G::from_settings(settings).expect("the kit is given valid settings");
    walk_random_games(&start, config, |state, moves, trail| {
        if !(moves.is_empty() || trail.moves.len() >= config.max_plies) {
            return;
        }
        let half = trail.moves.len() / 2;
        let mut middle = start.clone();
        for text in &trail.moves[..half] {
            if let Err(e) = middle.play_notation(text) {
                trail.fail(&format!("replaying {text} from its notation: {e}"));
            }
        }
        for (from, skip) in [(&start, 0), (&middle, half)] {
            let mut record = Record::for_game(from, settings);
            if from != &start && record.tag(crate::record::POSITION).is_none() {
                trail.fail("a record of a position other than the start has no Position tag");
            }
            record.moves = trail.moves[skip..]
                .iter()
                .map(|t| RecordedMove::new(t.as_str()))
                .collect();
            record.set_result(state.outcome().as_ref(), "");
            let text = record.to_string();
            let read = match Record::parse(&text) {
                Ok(read) => read,
                Err(e) => trail.fail(&format!("record does not read back: {e}\n{text}")),
            };
            if read != record {
                trail.fail(&format!("record reads back different:\n{text}"));
            }
            match read.replay::<G>() {
                Ok(replay) if replay.end == *state => {}
                Ok(_) => trail.fail(&format!("record replays to another position:\n{text}")),
                Err(e) => trail.fail(&format!("record does not replay: {e}\n{text}")),
            }
        }
    });
}
