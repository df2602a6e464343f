//! The games in play, by id. Each game has its own lock, so games never wait on each other;
//! the table's lock is held only to find, add or remove a game.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};

use crate::error::ApiError;
use crate::session::Session;

/// A game shared between the requests that touch it.
pub type SharedGame = Arc<GameEntry>;

/// Locks a mutex even if a thread panicked while holding it: every session operation leaves
/// the session consistent before anything can panic, so its data is still good.
pub fn lock<T: ?Sized>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// One game: its session, and whether an engine request is running on it.
pub struct GameEntry {
    id: String,
    session: Mutex<Box<dyn Session>>,
    engine_running: AtomicBool,
}

impl GameEntry {
    pub fn session(&self) -> MutexGuard<'_, Box<dyn Session>> {
        lock(&self.session)
    }

    /// Marks the engine as thinking on this game until the claim is dropped; a second
    /// engine request meanwhile is refused rather than left to race the first.
    pub fn claim_engine(self: &Arc<Self>) -> Result<EngineClaim, ApiError> {
        if self.engine_running.swap(true, Ordering::AcqRel) {
            return Err(ApiError::EngineBusy(self.id.clone()));
        }
        Ok(EngineClaim(self.clone()))
    }
}

/// The right to run the engine on one game, released when the request ends (answered,
/// failed, or dropped because the client went away).
pub struct EngineClaim(SharedGame);

impl Drop for EngineClaim {
    fn drop(&mut self) {
        self.0.engine_running.store(false, Ordering::Release);
    }
}

pub struct Store {
    games: Mutex<HashMap<String, SharedGame>>,
    max_games: usize,
}

impl Store {
    pub fn new(max_games: usize) -> Self {
        Store {
            games: Mutex::new(HashMap::new()),
            max_games,
        }
    }

    /// Adds a game under a fresh random id (random so that one page cannot guess another's
    /// game by counting).
    pub fn insert(&self, session: Box<dyn Session>) -> Result<String, ApiError> {
        let mut games = lock(&self.games);
        if games.len() >= self.max_games {
            return Err(ApiError::TooManyGames(self.max_games));
        }
        let id = loop {
            let id = format!("{:016x}", rand::random::<u64>());
            if !games.contains_key(&id) {
                break id;
            }
        };
        let entry = GameEntry {
            id: id.clone(),
            session: Mutex::new(session),
            engine_running: AtomicBool::new(false),
        };
        games.insert(id.clone(), Arc::new(entry));
        Ok(id)
    }

    pub fn get(&self, id: &str) -> Result<SharedGame, ApiError> {
        lock(&self.games)
            .get(id)
            .cloned()
            .ok_or_else(|| ApiError::UnknownGameId(id.to_string()))
    }

    /// Whether `game` is still in the table (it may have been deleted while the engine
    /// thought about it).
    pub fn holds(&self, game: &SharedGame) -> bool {
        lock(&self.games)
            .get(&game.id)
            .is_some_and(|held| Arc::ptr_eq(held, game))
    }

    pub fn remove(&self, id: &str) -> Result<(), ApiError> {
        lock(&self.games)
            .remove(id)
            .map(|_| ())
            .ok_or_else(|| ApiError::UnknownGameId(id.to_string()))
    }

    /// How many games are open.
    pub fn open_games(&self) -> usize {
        lock(&self.games).len()
    }
}
