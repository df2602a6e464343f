//! The search slots: how many searches run at once, and who gets the next free one.
//!
//! Requests wait in one queue per client (per peer address, see [`Client`]) and a freed
//! slot goes to the clients in turn, one request each, oldest first within a client. So a
//! client that sends fifty engine requests at once takes one turn in fifty while another
//! client waits: it cannot keep the slots from the others, only from its own later
//! requests. With a single client this is a plain first-come, first-served queue.
//!
//! Waiting is bounded by each request's own deadline (see `engine`): a request that gives
//! up leaves its place, and a slot offered to it goes to the next in turn.

use std::collections::{HashMap, VecDeque};
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

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
}

/// The free slots and the waiting requests, by client.
#[derive(Default)]
struct Queue {
    free: usize,
    /// The clients with requests waiting, in the order their turns come.
    turns: VecDeque<Client>,
    /// Each client's waiting requests, oldest first (some may have given up).
    waiters: HashMap<Client, VecDeque<oneshot::Sender<Slot>>>,
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
                if waiter.is_closed() {
                    continue;
                }
                if list.is_empty() {
                    self.waiters.remove(&client);
                } else {
                    self.turns.push_back(client);
                }
                return Some(waiter);
            }
            self.waiters.remove(&client);
        }
        None
    }
}

/// One search slot, held until dropped; then it goes to the next request in turn.
pub struct Slot {
    slots: Option<Arc<SearchSlots>>,
}

impl Drop for Slot {
    fn drop(&mut self) {
        if let Some(slots) = self.slots.take() {
            slots.release();
        }
    }
}

/// The slots were dropped with requests still waiting (the server is going away).
#[derive(Debug)]
pub struct SlotsClosed;

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
        })
    }

    /// How many searches may run at once.
    pub fn size(&self) -> usize {
        self.size
    }

    /// A slot for `client`, as soon as its turn comes. Dropping the future gives up the
    /// place in the queue (a slot already on its way goes to the next request).
    pub async fn acquire(self: &Arc<Self>, client: Client) -> Result<Slot, SlotsClosed> {
        let receiver = {
            let mut queue = lock(&self.queue);
            // A free slot means no live request is waiting: a slot is only freed when none is.
            if queue.free > 0 {
                queue.free -= 1;
                return Ok(Slot {
                    slots: Some(self.clone()),
                });
            }
            let (sender, receiver) = oneshot::channel();
            let Queue { turns, waiters, .. } = &mut *queue;
            let list = waiters.entry(client).or_default();
            if list.is_empty() {
                turns.push_back(client);
            }
            list.push_back(sender);
            receiver
        };
        let _waiting = Waiting::new(&self.waiting);
        receiver.await.map_err(|_| SlotsClosed)
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
            let slot = Slot {
                slots: Some(self.clone()),
            };
            match waiter.send(slot) {
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

    /// Starts a request for a slot on its own task; its slot, once given, is sent back.
    fn request(
        slots: &Arc<SearchSlots>,
        who: Client,
        tag: u32,
        granted: tokio::sync::mpsc::UnboundedSender<(u32, Slot)>,
    ) -> tokio::task::JoinHandle<()> {
        let slots = slots.clone();
        tokio::spawn(async move {
            let slot = slots.acquire(who).await.unwrap();
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
        let held = slots.acquire(client(1)).await.unwrap();
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
        let held = slots.acquire(client(1)).await.unwrap();
        let given_up = tokio::time::timeout(Duration::from_millis(1), slots.acquire(client(2)));
        assert!(given_up.await.is_err());
        let (sender, mut granted) = tokio::sync::mpsc::unbounded_channel();
        let _task = request(&slots, client(3), 3, sender);
        settle().await;
        drop(held);
        let (tag, slot) = granted.recv().await.unwrap();
        assert_eq!(tag, 3);
        drop(slot);
        // Nothing leaked: the slot is free again, and taken at once.
        let again = slots.acquire(client(2)).await.unwrap();
        assert_eq!(lock(&slots.queue).free, 0);
        drop(again);
        assert_eq!(lock(&slots.queue).free, 1);
    }
}
