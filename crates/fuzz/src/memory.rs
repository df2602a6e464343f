//! How much memory one input takes: the fuzz binaries' allocator counts the bytes each thread
//! holds, so that a target can run one input and learn the most it held at once
//! ([`measure`]). While a measure runs, an allocation that would take the thread past a
//! hard ceiling is refused (no memory: Rust's allocation error ends the run, naming the
//! size), so that an input that expands without bound ends the run, not the machine.
//!
//! Counts are per thread: the readers measured here do not start threads, and the test
//! harness runs other targets on other threads at the same time. (The agent-spec target
//! weighs an agent's tables with the same counts, [`live_bytes`].)

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

/// The system allocator, counting.
pub struct Counting;

thread_local! {
    /// Bytes this thread holds (it may free what another allocated, so it may go below 0).
    static LIVE: Cell<isize> = const { Cell::new(0) };
    /// The most `LIVE` reached since the measure began.
    static PEAK: Cell<isize> = const { Cell::new(0) };
    /// Past this, allocations are refused.
    static CEILING: Cell<isize> = const { Cell::new(isize::MAX) };
}

/// Counts `bytes` more, unless that passes the ceiling.
fn take(bytes: usize) -> bool {
    let bytes = isize::try_from(bytes).unwrap_or(isize::MAX);
    LIVE.try_with(|live| {
        let now = live.get().saturating_add(bytes);
        if now > CEILING.with(Cell::get) {
            return false;
        }
        live.set(now);
        PEAK.with(|peak| peak.set(peak.get().max(now)));
        true
    })
    // A thread being torn down has no counters left: it is not measured.
    .unwrap_or(true)
}

fn give(bytes: usize) {
    let bytes = isize::try_from(bytes).unwrap_or(isize::MAX);
    let _ = LIVE.try_with(|live| live.set(live.get().saturating_sub(bytes)));
}

// SAFETY: every call is passed to the system allocator unchanged; the counters only decide
// whether to refuse an allocation (a null pointer, which the contract allows).
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        if !take(layout.size()) {
            return std::ptr::null_mut();
        }
        // SAFETY: the caller's layout, as the contract requires.
        let ptr = unsafe { System.alloc(layout) };
        if ptr.is_null() {
            give(layout.size());
        }
        ptr
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        if !take(layout.size()) {
            return std::ptr::null_mut();
        }
        // SAFETY: as in `alloc`.
        let ptr = unsafe { System.alloc_zeroed(layout) };
        if ptr.is_null() {
            give(layout.size());
        }
        ptr
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: a block this allocator gave, with its layout.
        unsafe { System.dealloc(ptr, layout) };
        give(layout.size());
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let old = layout.size();
        if new_size > old && !take(new_size - old) {
            return std::ptr::null_mut();
        }
        // SAFETY: a block this allocator gave, with its layout, and a valid new size.
        let moved = unsafe { System.realloc(ptr, layout, new_size) };
        if moved.is_null() {
            if new_size > old {
                give(new_size - old);
            }
        } else if new_size < old {
            give(old - new_size);
        }
        moved
    }
}

/// Bytes this thread holds now (allocated minus freed; below 0 if it freed what others
/// allocated).
pub fn live_bytes() -> isize {
    LIVE.try_with(Cell::get).unwrap_or(0)
}

/// Runs `f` on this thread and returns what it gave with the most bytes it held at once
/// beyond what the thread held before; an allocation past `ceiling` bytes more is refused.
pub fn measure<R>(ceiling: usize, f: impl FnOnce() -> R) -> (R, usize) {
    let start = LIVE.with(Cell::get);
    PEAK.with(|peak| peak.set(start));
    let ceiling = start.saturating_add(isize::try_from(ceiling).unwrap_or(isize::MAX));
    CEILING.with(|c| c.set(ceiling));
    let result = f();
    CEILING.with(|c| c.set(isize::MAX));
    let peak = PEAK.with(Cell::get);
    (result, usize::try_from(peak - start).unwrap_or(0))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_measure_sees_the_most_held_at_once() {
        let ((), peak) = measure(1 << 30, || {
            let big = vec![1u8; 1 << 20];
            drop(big);
            let small = vec![1u8; 1 << 10];
            drop(small);
        });
        assert!((1 << 20..(1 << 20) + 4096).contains(&peak), "{peak}");
    }
}
