//! Games of the network against itself: the training data.
//!
//! Each thread plays several games at once, one PUCT tree each, and evaluates the leaves
//! of all its trees in one network call, so the network sees batches of
//! `parallel_games × batch` positions. A move gets either the full search (with Dirichlet
//! noise at the root; its policy target is the visit counts, corrected by what the search
//! proved: `Puct::root_policy`) or, with [`SelfPlaySettings::fast_simulations`] set, a short one
//! whose move is played but not learned from ("playout cap randomisation", KataGo): more
//! games for the same work, every game's outcome still a value target. The first
//! `temperature_plies` moves are drawn in proportion to their visits, so games differ; after
//! that the most visited move is played. With `random_plies` a game opens with a few random
//! moves first.
//!
//! What a game is depends only on its seed, the network and the settings: game `i` of a
//! run gets the same seed whichever thread plays it.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use ply_core::Encode;
use ply_search::puct::{rewards, Guidance, Leaf, Noise};
use ply_search::{Puct, PuctOptions};
use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};
use serde::{Deserialize, Serialize};

use crate::guide::NetGuide;
use crate::model::Model;
use crate::LearnRng;

/// How self-play games are played.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct SelfPlaySettings {
    /// Simulations of a full search (its visits are the policy target).
    pub simulations: u64,
    /// Simulations of a fast search, whose move is not learned from; 0: every move full.
    pub fast_simulations: u64,
    /// The share of moves searched in full when `fast_simulations` is set.
    pub full_share: f64,
    /// Leaves each tree gathers per network call.
    pub batch: usize,
    /// Games each thread plays at once.
    pub parallel_games: usize,
    /// Moves drawn by their visit counts at the start of each game.
    pub temperature_plies: usize,
    /// The PUCT exploration constant.
    pub exploration: f64,
    /// Root noise of a full search.
    pub noise_fraction: f64,
    /// The noise's concentration; `None`: 10 over the root's move count.
    pub noise_alpha: Option<f64>,
    /// A game still going after this many plies is scored as a tie.
    pub max_plies: usize,
    /// Each game opens with up to this many uniformly random moves (how many is drawn per
    /// game, 0 to this), not learned from and none ending the game: positions off the lines
    /// self-play keeps to, as people and random positions reach. 0: none.
    #[serde(default)]
    pub random_plies: usize,
}

impl Default for SelfPlaySettings {
    fn default() -> Self {
        SelfPlaySettings {
            simulations: 200,
            fast_simulations: 40,
            full_share: 0.25,
            batch: 4,
            parallel_games: 16,
            temperature_plies: 8,
            exploration: 1.5,
            noise_fraction: 0.25,
            noise_alpha: None,
            max_plies: 1000,
            random_plies: 0,
        }
    }
}

/// One self-play game, as the games file keeps it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct GameRecord {
    /// Its index in the run (which fixes its seed).
    pub index: u64,
    /// The moves, as action numbers.
    pub moves: Vec<u32>,
    /// For each move searched in full, the visit shares of the root's moves as proofs
    /// correct them (`[action, share]`, `Puct::root_policy`); `None` for a fast move.
    pub targets: Vec<Option<Vec<(u32, f32)>>>,
    /// For each move searched in full, the search's value of the position for its mover
    /// (0..=1, `Puct::root_value`); `None` for a fast move. Empty in the games of runs
    /// recorded before it was kept.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub values: Vec<Option<f32>>,
    /// The final reward of each seat (by seat number), 0 (last) to 1 (first).
    pub rewards: Vec<f32>,
}

impl GameRecord {
    /// Positions with a policy target.
    pub fn trained_positions(&self) -> usize {
        self.targets.iter().filter(|t| t.is_some()).count()
    }
}

/// The seed of game `index` of a run seeded `run_seed`.
pub fn game_seed(run_seed: u64, index: u64) -> u64 {
    // SplitMix64 of the pair: neighbouring indices get unrelated seeds.
    let mut z = run_seed ^ index.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// One game in progress.
struct Slot<G: Encode> {
    record: GameRecord,
    state: G,
    puct: Puct<G>,
    rng: LearnRng,
    /// Simulations this move's search runs to.
    target: u64,
    /// Whether this move's search is a full one.
    full: bool,
}

impl<G: Encode> Slot<G> {
    fn new(start: &G, index: u64, run_seed: u64, settings: &SelfPlaySettings) -> Self {
        let seed = game_seed(run_seed, index);
        let options = PuctOptions {
            exploration: settings.exploration,
            batch: settings.batch.max(1),
            ..PuctOptions::default()
        };
        let mut slot = Slot {
            record: GameRecord {
                index,
                moves: Vec::new(),
                targets: Vec::new(),
                values: Vec::new(),
                rewards: Vec::new(),
            },
            state: start.clone(),
            puct: Puct::new(options, seed),
            rng: LearnRng::seed_from_u64(seed ^ 0x5EED),
            target: 0,
            full: true,
        };
        slot.open_randomly(settings);
        slot.plan_move(settings);
        let state = slot.state.clone();
        slot.puct.set_root(&state);
        slot
    }

    /// Plays the game's random opening (`SelfPlaySettings::random_plies`): uniformly random
    /// moves with no target, stopping short of a move that would end the game.
    fn open_randomly(&mut self, settings: &SelfPlaySettings) {
        if settings.random_plies == 0 {
            // No draw at all: the games of runs without an opening stay as they were.
            return;
        }
        let plies = self.rng.random_range(0..=settings.random_plies);
        let mut moves = Vec::new();
        for _ in 0..plies {
            self.state.legal_moves(&mut moves);
            let Some(&mv) = moves.choose(&mut self.rng) else {
                return;
            };
            let action = self.state.action_of(mv) as u32;
            self.state.play(mv);
            if self.state.is_terminal() {
                self.state.undo(mv);
                return;
            }
            self.record.moves.push(action);
            self.record.targets.push(None);
            self.record.values.push(None);
        }
    }

    /// Decides whether the next search is full or fast, and sets its noise.
    fn plan_move(&mut self, settings: &SelfPlaySettings) {
        self.full =
            settings.fast_simulations == 0 || self.rng.random::<f64>() < settings.full_share;
        self.target = if self.full {
            settings.simulations
        } else {
            settings.fast_simulations
        }
        .max(1);
        self.puct.options_mut().noise = self.full.then_some(Noise {
            alpha: settings.noise_alpha,
            fraction: settings.noise_fraction,
        });
    }

    fn search_done(&self) -> bool {
        self.puct.stats().simulations >= self.target || !self.puct.can_search()
    }

    /// Plays the searched move; returns whether the game is over.
    fn play(&mut self, settings: &SelfPlaySettings) -> bool {
        let ply = self.record.moves.len();
        let temperature = if ply < settings.temperature_plies {
            1.0
        } else {
            0.0
        };
        let mv = self
            .puct
            .choose_move(temperature)
            .expect("a searched position that goes on has moves");
        let target = self.full.then(|| {
            self.puct
                .root_policy()
                .into_iter()
                .map(|(m, share)| (self.state.action_of(m) as u32, share))
                .collect()
        });
        self.record.targets.push(target);
        let value = self.full.then(|| self.puct.root_value()).flatten();
        self.record.values.push(value.map(|v| v as f32));
        self.record.moves.push(self.state.action_of(mv) as u32);
        self.state.play(mv);
        let players = self.state.num_players();
        if let Some(scores) = self.state.outcome() {
            self.record.rewards = rewards(&scores)[..players].to_vec();
            return true;
        }
        if self.record.moves.len() >= settings.max_plies {
            self.record.rewards = vec![0.5; players];
            return true;
        }
        self.plan_move(settings);
        self.puct.advance(mv);
        false
    }
}

/// Plays the games `indices` (each fixed by its index and `run_seed`) with `model`, on the
/// calling thread, handing each finished game to `done`. Stops between network calls once
/// `stop` is set, dropping the games in progress.
pub fn play_games<G: Encode>(
    start: &G,
    model: Arc<Model>,
    settings: &SelfPlaySettings,
    run_seed: u64,
    indices: impl IntoIterator<Item = u64>,
    stop: &AtomicBool,
    mut done: impl FnMut(GameRecord),
) {
    let mut indices = indices.into_iter();
    let mut guide = NetGuide::<G>::new(model, "self-play");
    let mut slots: Vec<Slot<G>> = Vec::new();
    let mut guidance: Vec<Guidance> = Vec::new();
    loop {
        while slots.len() < settings.parallel_games.max(1) {
            match indices.next() {
                Some(index) => slots.push(Slot::new(start, index, run_seed, settings)),
                None => break,
            }
        }
        if slots.is_empty() || stop.load(Ordering::Relaxed) {
            return;
        }
        // Moves whose search is done are played; finished games leave their slot.
        let mut i = 0;
        while i < slots.len() {
            if slots[i].search_done() {
                if slots[i].play(settings) {
                    let slot = slots.swap_remove(i);
                    done(slot.record);
                    continue;
                }
                continue;
            }
            i += 1;
        }
        for slot in &mut slots {
            let left = slot.target.saturating_sub(slot.puct.stats().simulations);
            slot.puct
                .gather((settings.batch as u64).min(left.max(1)) as usize);
        }
        let groups: Vec<&[Leaf<G>]> = slots.iter().map(|s| s.puct.leaves()).collect();
        guide.evaluate_groups(&groups, &mut guidance);
        let mut offset = 0;
        for slot in &mut slots {
            let n = slot.puct.leaves().len();
            slot.puct.deliver(&guidance[offset..offset + n]);
            offset += n;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::ModelHeader;
    use crate::net::NetSize;
    use ply_tictactoe::TicTacToe;

    fn games(settings: &SelfPlaySettings) -> Vec<GameRecord> {
        let start = TicTacToe::new();
        let size = NetSize {
            blocks: 1,
            channels: 8,
        };
        let model = Model::fresh(ModelHeader::for_game(&start, size, "test"), 1).unwrap();
        let mut out = Vec::new();
        let stop = AtomicBool::new(false);
        play_games(&start, Arc::new(model), settings, 5, 0..16, &stop, |g| {
            out.push(g)
        });
        out.sort_by_key(|g| g.index);
        out
    }

    #[test]
    fn a_random_opening_is_not_learned_from_and_never_ends_the_game() {
        let settings = SelfPlaySettings {
            simulations: 8,
            fast_simulations: 0,
            random_plies: 6,
            ..SelfPlaySettings::default()
        };
        let played = games(&settings);
        assert_eq!(played, games(&settings), "the same seed, the same games");
        let openings: Vec<usize> = played
            .iter()
            .map(|g| g.targets.iter().take_while(|t| t.is_none()).count())
            .collect();
        assert!(openings.iter().all(|&k| k <= 6), "{openings:?}");
        assert!(openings.iter().any(|&k| k >= 3), "{openings:?}");
        for (game, &k) in played.iter().zip(&openings) {
            // Every move after the opening is searched (and learned from), and the search
            // played at least one.
            assert!(game.moves.len() > k, "{game:?}");
            assert!(game.targets[k..].iter().all(Option::is_some));
            assert!(game.values[..k].iter().all(Option::is_none));
            crate::replay::examples_of(&TicTacToe::new(), game, 0.0).unwrap();
        }
        let none = SelfPlaySettings {
            random_plies: 0,
            ..settings
        };
        assert!(games(&none).iter().all(|g| g.targets[0].is_some()));
    }
}
