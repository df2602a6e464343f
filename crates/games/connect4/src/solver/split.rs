//! How the threads of a parallel solve share out the moves near the root of each probe.
//!
//! Every thread runs the same null-window probes over the shared table. At the nodes a
//! few plies below a probe's root (the shared nodes) the threads first search the first
//! move together: most nodes are settled by it, and two threads on one subtree, ordered a
//! little differently, prove it nearly twice as fast. Once it has failed, every move must
//! be searched, so each thread takes the next move no thread has started, and only when
//! none is left joins one under way. A thread that settles a move at a shared node (or a
//! whole probe) records its score here; any other thread inside that move (or probe)
//! notices within a few thousand nodes, abandons it and takes the recorded score instead
//! of finishing its own proof. That is the young-brothers-wait idea of parallel alpha-beta,
//! without the waiting: a thread with nothing new to start helps one already started.
//!
//! Moves are named by their child's table key, so transpositions and, near the start,
//! mirror images count as one. Within one probe a position's window depends only on
//! whose turn it is, so a score recorded for a child holds wherever the child recurs.
//!
//! Shared nodes are a few hundred per probe, so a mutex guards the records; the search
//! loop itself only reads one atomic counter every few thousand nodes.

use std::collections::{HashMap, HashSet};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;

/// A probe's window at its root: `(alpha, beta)`.
pub(crate) type Window = (i32, i32);

/// What the threads of one parallel solve have started and settled at the shared nodes
/// of their probes.
#[derive(Default)]
pub(crate) struct SplitLedger {
    /// Bumped whenever a score is recorded: a thread whose last seen value differs looks
    /// whether its own move or probe was settled.
    epoch: AtomicU64,
    ledger: Mutex<Ledger>,
}

#[derive(Default)]
struct Ledger {
    started: HashSet<(Window, u64)>,
    settled_moves: HashMap<(Window, u64), i32>,
    settled_probes: HashMap<Window, i32>,
}

impl SplitLedger {
    /// The change counter (see the field).
    #[inline]
    pub(crate) fn epoch(&self) -> u64 {
        self.epoch.load(Ordering::Acquire)
    }

    fn ledger(&self) -> std::sync::MutexGuard<'_, Ledger> {
        // A thread that panicked while holding the lock left only whole entries behind
        // (each change is a single insertion), so the records are still sound.
        self.ledger
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// The recorded score of the move leading to `child`, if a thread has settled it;
    /// otherwise notes that the calling thread begins searching it.
    pub(crate) fn claim(&self, probe: Window, child: u64) -> Option<i32> {
        let mut ledger = self.ledger();
        let settled = ledger.settled_moves.get(&(probe, child)).copied();
        if settled.is_none() {
            ledger.started.insert((probe, child));
        }
        settled
    }

    /// Whether some thread has begun (or finished) the move leading to `child`.
    pub(crate) fn is_started(&self, probe: Window, child: u64) -> bool {
        self.ledger().started.contains(&(probe, child))
    }

    /// The score (for the mover before the move) recorded for the move leading to `child`.
    pub(crate) fn move_score(&self, probe: Window, child: u64) -> Option<i32> {
        self.ledger().settled_moves.get(&(probe, child)).copied()
    }

    /// The score a thread returned for a whole probe.
    pub(crate) fn probe_score(&self, probe: Window) -> Option<i32> {
        self.ledger().settled_probes.get(&probe).copied()
    }

    /// Records the score of the move leading to `child` (the first record stands).
    pub(crate) fn settle_move(&self, probe: Window, child: u64, score: i32) {
        let mut ledger = self.ledger();
        if let std::collections::hash_map::Entry::Vacant(entry) =
            ledger.settled_moves.entry((probe, child))
        {
            entry.insert(score);
            self.epoch.fetch_add(1, Ordering::Release);
        }
    }

    /// Records the score of a whole probe (the first record stands).
    pub(crate) fn settle_probe(&self, probe: Window, score: i32) {
        let mut ledger = self.ledger();
        if let std::collections::hash_map::Entry::Vacant(entry) = ledger.settled_probes.entry(probe)
        {
            entry.insert(score);
            self.epoch.fetch_add(1, Ordering::Release);
        }
    }

    /// Whether a thread inside the moves leading to `path` (outermost first) in `probe`
    /// can stop: another thread has settled one of those moves or the probe.
    pub(crate) fn settles(&self, probe: Window, path: &[u64]) -> bool {
        let ledger = self.ledger();
        ledger.settled_probes.contains_key(&probe)
            || path
                .iter()
                .any(|&child| ledger.settled_moves.contains_key(&(probe, child)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn records_are_per_window_and_settling_bumps_the_epoch() {
        let split = SplitLedger::default();
        let (w, other) = ((0, 1), (1, 2));
        assert!(!split.is_started(w, 7));
        assert_eq!(split.claim(w, 7), None);
        assert!(split.is_started(w, 7));
        assert!(!split.is_started(other, 7));
        assert!(!split.settles(w, &[7]));

        let before = split.epoch();
        split.settle_move(w, 7, -1);
        assert_eq!(split.epoch(), before + 1);
        assert_eq!(split.move_score(w, 7), Some(-1));
        assert_eq!(split.claim(w, 7), Some(-1));
        assert_eq!(split.move_score(other, 7), None);
        assert!(split.settles(w, &[7]));
        assert!(split.settles(w, &[3, 7]));
        assert!(!split.settles(w, &[8]));
        assert!(!split.settles(w, &[]));

        // The first record stands; a repeat changes nothing.
        split.settle_move(w, 7, 1);
        assert_eq!(split.move_score(w, 7), Some(-1));
        assert_eq!(split.epoch(), before + 1);

        split.settle_probe(other, 2);
        assert_eq!(split.probe_score(other), Some(2));
        assert!(split.settles(other, &[]));
        assert!(!split.settles(w, &[]));
    }
}
