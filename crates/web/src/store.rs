//! The games in play, by id. Each game has its own lock, so games never wait on each other;
//! the table's lock is held only to find, add or remove a game.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard};

use crate::error::ApiError;
use crate::session::Session;

/// A game shared between the requests that touch it.
pub type SharedSession = Arc<Mutex<Box<dyn Session>>>;

/// Locks a mutex even if a thread panicked while holding it: every session operation leaves
/// the session consistent before anything can panic, so its data is still good.
pub fn lock<T: ?Sized>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

pub struct Store {
    games: Mutex<HashMap<String, SharedSession>>,
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
        games.insert(id.clone(), Arc::new(Mutex::new(session)));
        Ok(id)
    }

    pub fn get(&self, id: &str) -> Result<SharedSession, ApiError> {
        lock(&self.games)
            .get(id)
            .cloned()
            .ok_or_else(|| ApiError::UnknownGameId(id.to_string()))
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
