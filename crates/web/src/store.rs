//! The games in play, by id. Each game has its own lock, so games never wait on each other;
//! the table's lock is held only to find, add or remove a game.
//!
//! A game no request has named for the table's time to live is forgotten, so games that
//! were created and abandoned free their place: it is gone for [`Store::get`] at once, and
//! leaves the table when the table is swept (on creating or listing games). A game the
//! engine is thinking about is never idle.
//!
//! Each client (by peer address, see [`Client`]) may hold only its share of the table, so
//! one that creates games by the thousand fills its own share, not everybody's table.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

use tokio::time::Instant;

use crate::error::ApiError;
use crate::extract::Client;
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

/// One game: its session, whether an engine request is running on it, and when a request
/// last named it.
pub struct GameEntry {
    id: String,
    /// Who created it: the client whose share it counts in.
    owner: Client,
    session: Mutex<Box<dyn Session>>,
    engine_running: AtomicBool,
    clock: Clock,
    /// Nanoseconds from the clock's start to the last request that named the game.
    touched: AtomicU64,
}

impl GameEntry {
    fn touch(&self) {
        self.touched
            .fetch_max(self.clock.nanos_now(), Ordering::Relaxed);
    }

    /// Whether no request has named the game for `ttl` and the engine is not on it.
    fn expired(&self, now_nanos: u64, ttl: Duration) -> bool {
        let idle = now_nanos.saturating_sub(self.touched.load(Ordering::Relaxed));
        !self.engine_running.load(Ordering::Acquire) && u128::from(idle) >= ttl.as_nanos()
    }

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
        // The engine's answer counts as a request naming the game.
        self.0.touch();
        self.0.engine_running.store(false, Ordering::Release);
    }
}

/// Time since the store was made, in nanoseconds (tokio's clock, so tests can move it).
#[derive(Clone, Copy)]
struct Clock(Instant);

impl Clock {
    fn nanos_now(&self) -> u64 {
        u64::try_from(self.0.elapsed().as_nanos()).unwrap_or(u64::MAX)
    }
}

pub struct Store {
    table: Mutex<Table>,
    max_games: usize,
    max_games_per_client: usize,
    ttl: Duration,
    clock: Clock,
    /// When the table was last swept of expired games.
    swept: AtomicU64,
}

/// The games, and how many each client holds.
#[derive(Default)]
struct Table {
    games: HashMap<String, SharedGame>,
    held: HashMap<Client, usize>,
}

impl Table {
    fn held_by(&self, client: Client) -> usize {
        self.held.get(&client).copied().unwrap_or(0)
    }

    fn add(&mut self, game: SharedGame) {
        *self.held.entry(game.owner).or_insert(0) += 1;
        self.games.insert(game.id.clone(), game);
    }

    fn remove(&mut self, id: &str) -> Option<SharedGame> {
        let game = self.games.remove(id)?;
        if let Some(count) = self.held.get_mut(&game.owner) {
            *count -= 1;
            if *count == 0 {
                self.held.remove(&game.owner);
            }
        }
        Some(game)
    }
}

impl Store {
    pub fn new(max_games: usize, max_games_per_client: usize, ttl: Duration) -> Self {
        Store {
            table: Mutex::new(Table::default()),
            max_games,
            max_games_per_client,
            ttl,
            clock: Clock(Instant::now()),
            swept: AtomicU64::new(0),
        }
    }

    /// Removes every expired game. A full sweep costs a pass over the table, so it runs
    /// when the table (or a client's share of it) is full, or once in a while (a tenth of
    /// the time to live, at most a minute) to free the memory of abandoned games.
    fn sweep(&self, table: &mut Table, force: bool) {
        let now = self.clock.nanos_now();
        let period = (self.ttl / 10).min(Duration::from_secs(60));
        let since = now.saturating_sub(self.swept.load(Ordering::Relaxed));
        if !force && u128::from(since) < period.as_nanos() {
            return;
        }
        self.swept.store(now, Ordering::Relaxed);
        let expired: Vec<String> = table
            .games
            .values()
            .filter(|game| game.expired(now, self.ttl))
            .map(|game| game.id.clone())
            .collect();
        for id in expired {
            table.remove(&id);
        }
    }

    /// Adds a game of `owner`'s under a fresh random id (random so that one page cannot
    /// guess another's game by counting), if the table and `owner`'s share have room.
    pub fn insert(&self, session: Box<dyn Session>, owner: Client) -> Result<String, ApiError> {
        let mut table = lock(&self.table);
        let full = |table: &Table| {
            table.games.len() >= self.max_games || table.held_by(owner) >= self.max_games_per_client
        };
        let was_full = full(&table);
        self.sweep(&mut table, was_full);
        if table.games.len() >= self.max_games {
            return Err(ApiError::TooManyGames(self.max_games));
        }
        if table.held_by(owner) >= self.max_games_per_client {
            return Err(ApiError::ClientShareFull {
                client: owner.to_string(),
                share: self.max_games_per_client,
            });
        }
        let id = loop {
            let id = format!("{:016x}", rand::random::<u64>());
            if !table.games.contains_key(&id) {
                break id;
            }
        };
        table.add(Arc::new(GameEntry {
            id: id.clone(),
            owner,
            session: Mutex::new(session),
            engine_running: AtomicBool::new(false),
            clock: self.clock,
            touched: AtomicU64::new(self.clock.nanos_now()),
        }));
        Ok(id)
    }

    /// The game `id`, marked as named by a request now; an expired game is removed and
    /// reported unknown.
    pub fn get(&self, id: &str) -> Result<SharedGame, ApiError> {
        let mut table = lock(&self.table);
        let unknown = || ApiError::UnknownGameId(id.to_string());
        let game = table.games.get(id).ok_or_else(unknown)?;
        if game.expired(self.clock.nanos_now(), self.ttl) {
            table.remove(id);
            return Err(unknown());
        }
        game.touch();
        Ok(game.clone())
    }

    /// Whether `game` is still in the table (it may have been deleted while the engine
    /// thought about it).
    pub fn holds(&self, game: &SharedGame) -> bool {
        lock(&self.table)
            .games
            .get(&game.id)
            .is_some_and(|held| Arc::ptr_eq(held, game))
    }

    pub fn remove(&self, id: &str) -> Result<(), ApiError> {
        let game = lock(&self.table)
            .remove(id)
            .ok_or_else(|| ApiError::UnknownGameId(id.to_string()))?;
        if game.expired(self.clock.nanos_now(), self.ttl) {
            return Err(ApiError::UnknownGameId(id.to_string()));
        }
        Ok(())
    }

    /// How many games are open (expired ones are swept first).
    pub fn open_games(&self) -> usize {
        let mut table = lock(&self.table);
        self.sweep(&mut table, true);
        table.games.len()
    }
}
