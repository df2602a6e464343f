//! The games in play, by id. Each game has its own lock, so games never wait on each other;
//! the table's lock is held only to find, add or remove a game.
//!
//! A game no request has named for the table's time to live is forgotten, so games that
//! were created and abandoned free their place: it is gone for [`Store::get`] at once, and
//! leaves the table when the table is swept (on creating or listing games). A game the
//! engine is thinking about is never idle.
//!
//! Each client (by peer address, see [`Client`]) may hold only its share of the table, so
//! one that creates games by the thousand fills its own share, not everybody's table. When
//! the table is full all the same (shares add up to more than the table), a new game of a
//! client takes the place of the heaviest client's least recently used idle game (one no
//! request has named for [`EVICTABLE_AFTER`]), so the table is never held shut against a
//! client by the others' abandoned games.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

use tokio::time::Instant;

use crate::error::ApiError;
use crate::extract::Client;
use crate::session::Session;

/// How long a game must have gone untouched before a full table may give its place to
/// another client's new game (at most the time to live).
pub const EVICTABLE_AFTER: Duration = Duration::from_secs(60);

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

    fn touched(&self) -> u64 {
        self.touched.load(Ordering::Relaxed)
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

    /// The game a full table gives up for `newcomer`'s: the least recently used of the
    /// heaviest client's games idle for `idle` (the engine not on them), if that client
    /// holds more than `newcomer` does.
    fn evictable(&self, newcomer: Client, now: u64, idle: Duration) -> Option<String> {
        let (&heaviest, &count) = self.held.iter().max_by_key(|(_, &count)| count)?;
        if heaviest == newcomer || count <= self.held_by(newcomer) {
            return None;
        }
        self.games
            .values()
            .filter(|game| game.owner == heaviest && game.expired(now, idle))
            .min_by_key(|game| game.touched())
            .map(|game| game.id.clone())
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
            let idle = EVICTABLE_AFTER.min(self.ttl);
            match table.evictable(owner, self.clock.nanos_now(), idle) {
                Some(id) => {
                    table.remove(&id);
                }
                None => return Err(ApiError::TooManyGames(self.max_games)),
            }
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::Session;
    use std::net::{IpAddr, Ipv4Addr};

    fn client(last: u8) -> Client {
        Client(Some(IpAddr::V4(Ipv4Addr::new(10, 0, 0, last))))
    }

    /// Issue 52, row 6: clients whose shares add up to more than the table filled it, and
    /// everyone else was refused until their games expired, an hour later. A full table
    /// now gives the heaviest client's idle games to the others, one at a time.
    #[tokio::test(start_paused = true)]
    async fn row_6_a_full_table_gives_the_heaviest_clients_idle_games_to_the_others() {
        let catalogs = crate::games::Catalogs::new();
        let session = || -> Box<dyn Session> {
            catalogs
                .new_session("tictactoe", &Default::default())
                .unwrap()
        };
        let store = Store::new(4, 4, Duration::from_secs(3600));
        let mut heavy = Vec::new();
        for _ in 0..4 {
            heavy.push(store.insert(session(), client(1)).unwrap());
            tokio::time::advance(Duration::from_secs(1)).await;
        }
        // Its games are fresh: nobody's place yet.
        let refused = store.insert(session(), client(2)).unwrap_err();
        assert_eq!(refused.kind(), "too_many_games");
        tokio::time::advance(EVICTABLE_AFTER).await;
        // One game is named again: the others are the idle ones, the oldest goes first.
        store.get(&heavy[0]).unwrap();
        let newcomer = store.insert(session(), client(2)).unwrap();
        assert!(
            store.get(&heavy[1]).is_err(),
            "the least recently used went"
        );
        assert!(store.get(&heavy[0]).is_ok() && store.get(&newcomer).is_ok());
        // The heaviest client itself is refused rather than given its own games' places.
        let refused = store.insert(session(), client(1)).unwrap_err();
        assert_eq!(refused.kind(), "too_many_games");
        assert_eq!(store.open_games(), 4);
    }
}
