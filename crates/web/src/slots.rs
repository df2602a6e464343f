//! The search slots: how many searches run at once, and who gets the next free one.
//!
//! Requests wait in one queue per client (per peer address, see [`Client`]; every local
//! program is one client) and a freed slot goes to the clients in turn, one request each.
//! Within a client, the request that must start soonest goes first (its deadline, see
//! `engine`), not the one that came first: a request with a short time cap is not failed
//! behind long ones that can still wait. So a client that sends fifty engine requests at
//! once takes one turn in fifty while another client waits, and its own short requests
//! pass its long ones.
//!
//! A slot held by a long search is shared too: a request still waiting halfway through
//! its cap asks the slots to [`SearchSlots::preempt`] a running search whose deadline is
//! later than its own and which has thought at least as long as the waiter would wait. That
//! search is told to stop and answers with the best move it has (a search under load
//! thinks less, as `engine` says), and its slot goes to the waiter.
//!
//! Waiting is bounded by each request's own deadline (see `engine`): a request that gives
//! up leaves its place, and a slot offered to it goes to the next in turn.

use std::collections::{HashMap, VecDeque};
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use tokio::sync::oneshot;

use crate::extract::Client;
use crate::store::lock;

/// What a search is assumed to cost beyond its thinking time until one has been measured.
const FIRST_OVERHEAD: Duration = Duration::from_millis(10);

/// The searches that may run at once, the requests waiting for one, and what a search costs
/// beyond its thinking time.
pub struct SearchSlots {
    size: usize,
    queue: Mutex<Queue>,
    /// Requests waiting for a slot, every client together (for the thinking-time plan).
    waiting: AtomicUsize,
    /// Moving average of a search's time beyond its thinking time, in microseconds.
    overhead_us: AtomicU64,
    /// Numbers the waiting requests and the running searches.
    next_id: AtomicU64,
}

/// A request waiting for a slot.
struct Waiter {
    /// When it must have started, or give up.
    deadline: Instant,
    sender: oneshot::Sender<Slot>,
}

/// A search holding a slot that a more urgent request may stop.
struct Running {
    id: u64,
    deadline: Instant,
    started: Instant,
    stop: Arc<AtomicBool>,
}

/// The free slots, the waiting requests by client, and the running searches.
#[derive(Default)]
struct Queue {
    free: usize,
    /// The clients with requests waiting, in the order their turns come.
    turns: VecDeque<Client>,
    /// Each client's waiting requests, the soonest deadline first (some may have given up).
    waiters: HashMap<Client, VecDeque<Waiter>>,
    running: Vec<Running>,
}

impl Queue {
    /// The next request to give a slot to: the first live one of the client whose turn it
    /// is; that client's turn then moves to the back if it has more waiting.
    fn next_waiter(&mut self) -> Option<oneshot::Sender<Slot>> {
        while let Some(client) = self.turns.pop_front() {
            let Some(list) = self.waiters.get_mut(&client) else {
                continue;
            };
            while let Some(waiter) = list.pop_front() {
                if waiter.sender.is_closed() {
                    continue;
                }
                if list.is_empty() {
                    self.waiters.remove(&client);
                } else {
                    self.turns.push_back(client);
                }
                return Some(waiter.sender);
            }
            self.waiters.remove(&client);
        }
        None
    }
}

/// One search slot, held until dropped; then it goes to the next request in turn.
pub struct Slot {
    slots: Option<Arc<SearchSlots>>,
    id: u64,
}

impl Slot {
    /// Lets a more urgent request stop the search this slot runs (see the module's
    /// introduction): `stop` is its stop flag, `deadline` the one its request waited for
    /// the slot with (deadlines compare as they do in the queue).
    pub fn preemptible(&self, stop: Arc<AtomicBool>, deadline: Instant) {
        if let Some(slots) = &self.slots {
            lock(&slots.queue).running.push(Running {
                id: self.id,
                deadline,
                started: Instant::now(),
                stop,
            });
        }
    }
}

impl Drop for Slot {
    fn drop(&mut self) {
        if let Some(slots) = self.slots.take() {
            lock(&slots.queue).running.retain(|r| r.id != self.id);
            slots.release();
        }
    }
}

/// Why no slot came.
#[derive(Debug)]
pub enum NoSlot {
    /// None came free before the request had to start.
    TooLate,
    /// The slots were dropped with requests still waiting (the server is going away).
    Closed,
}

impl SearchSlots {
    pub fn new(size: usize) -> Arc<Self> {
        let size = size.max(1);
        Arc::new(SearchSlots {
            size,
            queue: Mutex::new(Queue {
                free: size,
                ..Queue::default()
            }),
            waiting: AtomicUsize::new(0),
            overhead_us: AtomicU64::new(FIRST_OVERHEAD.as_micros() as u64),
            next_id: AtomicU64::new(0),
        })
    }

    /// How many searches may run at once.
    pub fn size(&self) -> usize {
        self.size
    }

    fn slot(self: &Arc<Self>) -> Slot {
        Slot {
            slots: Some(self.clone()),
            id: self.next_id.fetch_add(1, Ordering::Relaxed),
        }
    }

    /// A slot for `client`, as soon as its turn comes; among its requests, the one that
    /// must start soonest (`deadline`) goes first. Dropping the future gives up the place
    /// in the queue (a slot already on its way goes to the next request).
    pub async fn acquire(
        self: &Arc<Self>,
        client: Client,
        deadline: Instant,
    ) -> Result<Slot, NoSlot> {
        let receiver = {
            let mut queue = lock(&self.queue);
            // A free slot means no live request is waiting: a slot is only freed when none is.
            if queue.free > 0 {
                queue.free -= 1;
                drop(queue);
                return Ok(self.slot());
            }
            let (sender, receiver) = oneshot::channel();
            let Queue { turns, waiters, .. } = &mut *queue;
            let list = waiters.entry(client).or_default();
            if list.is_empty() {
                turns.push_back(client);
            }
            // After every request of the same deadline or sooner: first come, first served
            // among equals.
            let at = list.partition_point(|w| w.deadline <= deadline);
            list.insert(at, Waiter { deadline, sender });
            receiver
        };
        let _waiting = Waiting::new(&self.waiting);
        receiver.await.map_err(|_| NoSlot::Closed)
    }

    /// A slot for a request of `client` that must start by `start_by`: waited for until
    /// `preempt_at`, then, if none came, a running search with a later deadline that has
    /// thought for `share` is told to stop (see the module's introduction), and the wait
    /// goes on until `start_by`.
    pub async fn acquire_by(
        self: &Arc<Self>,
        client: Client,
        start_by: Instant,
        preempt_at: Instant,
        share: Duration,
    ) -> Result<Slot, NoSlot> {
        let acquire = self.acquire(client, start_by);
        tokio::pin!(acquire);
        let preempt_at = tokio::time::Instant::from_std(preempt_at.min(start_by));
        if let Ok(got) = tokio::time::timeout_at(preempt_at, &mut acquire).await {
            return got;
        }
        self.preempt(start_by, share);
        tokio::time::timeout_at(tokio::time::Instant::from_std(start_by), acquire)
            .await
            .map_err(|_| NoSlot::TooLate)?
    }

    /// Tells the running search with the latest deadline, of those whose deadline is later
    /// than `deadline` and which have thought for `share` or more, to stop; whether one was.
    pub fn preempt(&self, deadline: Instant, share: Duration) -> bool {
        let queue = lock(&self.queue);
        let chosen = queue
            .running
            .iter()
            .filter(|r| r.deadline > deadline && !r.stop.load(Ordering::Relaxed))
            .filter(|r| r.started.elapsed() >= share)
            .max_by_key(|r| r.deadline);
        match chosen {
            Some(running) => {
                running.stop.store(true, Ordering::Relaxed);
                true
            }
            None => false,
        }
    }

    /// Gives a freed slot to the next live request in turn, or keeps it free.
    fn release(self: &Arc<Self>) {
        loop {
            let waiter = {
                let mut queue = lock(&self.queue);
                match queue.next_waiter() {
                    Some(waiter) => waiter,
                    None => {
                        queue.free += 1;
                        return;
                    }
                }
            };
            // Sent outside the lock; a request that gave up meanwhile hands the slot back,
            // and it goes to the next.
            match waiter.send(self.slot()) {
                Ok(()) => return,
                Err(mut unsent) => unsent.slots = None,
            }
        }
    }

    pub(crate) fn overhead(&self) -> Duration {
        Duration::from_micros(self.overhead_us.load(Ordering::Relaxed))
    }

    /// Folds one search's overhead into the average (weight 1/4: recent searches count most).
    pub(crate) fn record_overhead(&self, overhead: Duration) {
        let sample = overhead.as_micros().min(u64::MAX as u128) as u64;
        let old = self.overhead_us.load(Ordering::Relaxed);
        let average = (3 * u128::from(old) + u128::from(sample)) / 4;
        self.overhead_us
            .store(average.min(u128::from(u64::MAX)) as u64, Ordering::Relaxed);
    }

    /// How many rounds of searches the slots need for one search and those queued behind it.
    pub(crate) fn rounds_ahead(&self) -> u32 {
        let behind = self.waiting.load(Ordering::Relaxed);
        u32::try_from(behind / self.size + 1).unwrap_or(u32::MAX)
    }
}

/// Counts a request as waiting for as long as it lives (so a dropped request stops counting).
struct Waiting<'a>(&'a AtomicUsize);

impl<'a> Waiting<'a> {
    fn new(counter: &'a AtomicUsize) -> Self {
        counter.fetch_add(1, Ordering::Relaxed);
        Waiting(counter)
    }
}

impl Drop for Waiting<'_> {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::net::{IpAddr, Ipv4Addr};

    fn client(last: u8) -> Client {
        Client(Some(IpAddr::V4(Ipv4Addr::new(127, 0, 0, last))))
    }

    /// A deadline far enough away never to matter.
    fn later() -> Instant {
        Instant::now() + Duration::from_secs(3600)
    }

    /// Starts a request for a slot on its own task; its slot, once given, is sent back.
    fn request(
        slots: &Arc<SearchSlots>,
        who: Client,
        tag: u32,
        granted: tokio::sync::mpsc::UnboundedSender<(u32, Slot)>,
    ) -> tokio::task::JoinHandle<()> {
        request_by(slots, who, tag, later(), granted)
    }

    /// [`request`] of a request that must start by `deadline`.
    fn request_by(
        slots: &Arc<SearchSlots>,
        who: Client,
        tag: u32,
        deadline: Instant,
        granted: tokio::sync::mpsc::UnboundedSender<(u32, Slot)>,
    ) -> tokio::task::JoinHandle<()> {
        let slots = slots.clone();
        tokio::spawn(async move {
            let slot = slots.acquire(who, deadline).await.unwrap();
            granted.send((tag, slot)).ok();
        })
    }

    async fn settle() {
        for _ in 0..20 {
            tokio::task::yield_now().await;
        }
    }

    #[tokio::test]
    async fn a_freed_slot_goes_to_the_clients_in_turn() {
        let slots = SearchSlots::new(1);
        let held = slots.acquire(client(1), later()).await.unwrap();
        let (sender, mut granted) = tokio::sync::mpsc::unbounded_channel();
        // Client 1 queues five requests, then client 2 one, then client 1 one more.
        let mut tasks = Vec::new();
        for tag in 0..5 {
            tasks.push(request(&slots, client(1), tag, sender.clone()));
            settle().await;
        }
        tasks.push(request(&slots, client(2), 100, sender.clone()));
        settle().await;
        tasks.push(request(&slots, client(1), 5, sender.clone()));
        settle().await;
        assert_eq!(slots.waiting.load(Ordering::Relaxed), 7);
        assert_eq!(slots.rounds_ahead(), 8);
        drop(held);
        let mut order = Vec::new();
        for _ in 0..7 {
            let (tag, slot) = granted.recv().await.unwrap();
            order.push(tag);
            settle().await;
            drop(slot);
        }
        // Client 2's one request is served second, not after client 1's six.
        assert_eq!(order, [0, 100, 1, 2, 3, 4, 5]);
        assert_eq!(lock(&slots.queue).free, 1);
    }

    #[tokio::test]
    async fn a_request_that_gives_up_passes_its_slot_on() {
        let slots = SearchSlots::new(1);
        let held = slots.acquire(client(1), later()).await.unwrap();
        let given_up =
            tokio::time::timeout(Duration::from_millis(1), slots.acquire(client(2), later()));
        assert!(given_up.await.is_err());
        let (sender, mut granted) = tokio::sync::mpsc::unbounded_channel();
        let _task = request(&slots, client(3), 3, sender);
        settle().await;
        drop(held);
        let (tag, slot) = granted.recv().await.unwrap();
        assert_eq!(tag, 3);
        drop(slot);
        // Nothing leaked: the slot is free again, and taken at once.
        let again = slots.acquire(client(2), later()).await.unwrap();
        assert_eq!(lock(&slots.queue).free, 0);
        drop(again);
        assert_eq!(lock(&slots.queue).free, 1);
    }

    /// Issue 52, row 14: a request with a short cap behind a client's long searches was
    /// refused busy. Within a client the soonest deadline goes first, and a long search
    /// that has had its share is told to stop for a waiter that must start sooner.
    #[tokio::test]
    async fn row_14_the_soonest_deadline_goes_first_and_a_long_search_makes_room() {
        let slots = SearchSlots::new(1);
        let long = later();
        let held = slots.acquire(client(1), long).await.unwrap();
        let stop = Arc::new(AtomicBool::new(false));
        held.preemptible(stop.clone(), long);
        let (sender, mut granted) = tokio::sync::mpsc::unbounded_channel();
        let soon = Instant::now() + Duration::from_secs(60);
        let mut tasks = vec![request_by(&slots, client(1), 1, long, sender.clone())];
        settle().await;
        tasks.push(request_by(&slots, client(1), 2, soon, sender.clone()));
        settle().await;
        // A search that has not had its share yet keeps running; one that has is stopped,
        // and one with a deadline as soon as the waiter's is never stopped for it.
        assert!(!slots.preempt(soon, Duration::from_secs(3600)));
        assert!(!stop.load(Ordering::Relaxed));
        assert!(slots.preempt(soon, Duration::ZERO));
        assert!(stop.load(Ordering::Relaxed));
        assert!(!slots.preempt(soon, Duration::ZERO), "already told");
        drop(held);
        let (tag, slot) = granted.recv().await.unwrap();
        assert_eq!(tag, 2, "the sooner deadline came second and went first");
        slot.preemptible(Arc::new(AtomicBool::new(false)), soon);
        assert!(
            !slots.preempt(long, Duration::ZERO),
            "the waiter's own deadline is later"
        );
        drop(slot);
        assert_eq!(granted.recv().await.unwrap().0, 1);
    }
}
