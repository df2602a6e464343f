//! `ply solve connect4-book`: builds an opening book, and reads one for the commands and
//! agents that take `--book`.
//!
//! Building solves every position with `--depth` stones ([`book_positions`]: one of each
//! mirror pair, depth-first so the table carries over from one position to the next) and
//! writes each score, as it is proven, to `OUT.progress` (one `key score` line, flushed).
//! Rerunning the same command after an interruption (Ctrl-C, a crash, a reboot) reads the
//! progress file and solves only the positions it lacks; at the end the book is written to
//! `OUT` whole (through a temporary file, so a half-written book never exists) and the
//! progress file is removed.
//!
//! [`book_positions`]: ply_connect4::solver::book_build::book_positions

use std::collections::HashMap;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Instant;

use anyhow::{anyhow, bail, Context};
use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};
use ply_connect4::solver::book_build::{
    book_key, progress_path, BookBuild, BOOK_FILE, PROGRESS_FILE,
};
use ply_connect4::solver::Book;
use ply_connect4::Connect4;
use ply_core::files::{self, shown};

use super::solve::{connect4_from, solver_from};
use crate::variant::VariantArgs;

#[derive(Args, Debug, Clone)]
pub struct BookArgs {
    /// Stones on the board in every position of the book: 0 to 12 (each more stones costs
    /// about three times the time; docs/results/connect4.md has measured costs).
    #[arg(long, default_value_t = 6, value_parser = clap::value_parser!(u32).range(0..=12))]
    pub depth: u32,
    /// The book file to write.
    #[arg(long, value_name = "FILE")]
    pub out: PathBuf,
    /// Store only each position's outcome (win, draw or loss), from weak solves: about half
    /// the time of exact scores, and all `perfect` needs to keep a position's outcome.
    #[arg(long)]
    pub outcomes: bool,
    /// Transposition table size as log2 of its entries (8 bytes each), 22 to 28.
    #[arg(long, default_value_t = 26)]
    pub table_bits: u32,
    /// Threads per solve, sharing the table: 1 to 64.
    #[arg(long, default_value_t = 1)]
    pub threads: usize,
    /// Positions solved at once, each by its own solver with its own table (so the memory is
    /// this many tables): 1 to 64. On 7x6 at depth 6, two jobs of one thread built about
    /// twice as many positions a minute as one job of two threads.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=64))]
    pub jobs: u32,
    /// Print nothing but errors (no progress bar).
    #[arg(long)]
    pub quiet: bool,
    /// Search every position to the end. By default a build takes values from the layers
    /// of the bundled book deeper than `--depth` (on 7x6; for exact scores also an outcome
    /// layer at `--depth`, were one bundled), which only makes it faster: the book is the same.
    #[arg(long)]
    pub no_book: bool,
    #[command(flatten)]
    pub variant: VariantArgs,
}

/// The bytes of the book file at `path`, read as [`BOOK_FILE`] (see [`ply_core::files`]);
/// errors name `flag` and the path.
pub fn read_book_file(path: &Path, flag: &str) -> anyhow::Result<Vec<u8>> {
    files::read(path, BOOK_FILE).map_err(|e| anyhow!("{flag}: {e}"))
}

/// The opening book of the files at `paths` (their layers merged) for `start`'s board: an
/// error naming the file that cannot be read, is for another board or repeats a depth.
/// Without paths, the bundled book if it is for this board.
pub fn book_from(paths: &[PathBuf], start: &Connect4) -> anyhow::Result<Option<Arc<Book>>> {
    let (width, height, k) = (start.width(), start.height(), start.k());
    if paths.is_empty() {
        let bundled = Book::bundled();
        return Ok(bundled.is_for(width, height, k).then_some(bundled));
    }
    let mut merged: Option<Book> = None;
    for path in paths {
        let bytes = read_book_file(path, "--book")?;
        let book = Book::from_bytes(&bytes).map_err(|e| anyhow!("--book {}: {e}", shown(path)))?;
        if !book.is_for(width, height, k) {
            let (w, h, bk) = book.shape();
            bail!(
                "--book {}: the book is for {w}x{h} boards with {bk} in a row, not this \
                 {width}x{height} board with {k}",
                shown(path)
            );
        }
        merged = Some(match merged {
            None => book,
            Some(before) => before
                .merged(book)
                .map_err(|e| anyhow!("--book {}: {e}", shown(path)))?,
        });
    }
    Ok(merged.map(Arc::new))
}

/// Consecutive positions a job takes at a time: neighbours in the build order share most of
/// their proofs, so each job keeps runs of them.
const CHUNK: usize = 16;

/// What the jobs of a build share.
struct Shared<'a> {
    /// The positions still to solve, in build order, with their keys.
    missing: &'a [(u64, &'a Connect4)],
    /// The next chunk of `missing` to hand out.
    next: AtomicUsize,
    done: Mutex<HashMap<u64, i32>>,
    log: Mutex<std::fs::File>,
    progress: &'a Path,
    bar: &'a ProgressBar,
    /// Weak solves (outcomes only) instead of exact scores.
    weak: bool,
}

impl Shared<'_> {
    /// One job: takes chunks until none are left, solving each position and logging its
    /// score at once. Returns the nodes it searched.
    fn work(&self, mut solver: ply_connect4::Solver) -> anyhow::Result<u64> {
        loop {
            let from = self.next.fetch_add(CHUNK, Ordering::Relaxed);
            if from >= self.missing.len() {
                return Ok(solver.nodes());
            }
            for &(key, state) in &self.missing[from..(from + CHUNK).min(self.missing.len())] {
                let score = solver.solve(state, self.weak);
                let written = {
                    let mut log = self.log.lock().expect("no worker panicked");
                    log.write_all(BookBuild::progress_line(key, score).as_bytes())
                        .and_then(|()| log.flush())
                };
                if let Err(e) = written {
                    // The other jobs stop after the position they are on.
                    self.next.store(self.missing.len(), Ordering::Relaxed);
                    return Err(e).with_context(|| {
                        format!("cannot write the progress file {}", shown(self.progress))
                    });
                }
                self.done
                    .lock()
                    .expect("no worker panicked")
                    .insert(key, score);
                self.bar.inc(1);
            }
        }
    }
}

pub fn run(args: &BookArgs) -> anyhow::Result<()> {
    // A book that cannot be written is found now, not after hours of solving.
    files::check_target(&args.out, BOOK_FILE.what).map_err(|e| anyhow!("--out: {e}"))?;
    let start = connect4_from(&args.variant)?;
    let depth = args.depth;
    let Some(build) = BookBuild::new(&start, depth, args.outcomes) else {
        bail!(
            "--depth {depth}: no book for a {}x{} board at this depth: a book needs at most \
             56 bits of key (width·(height+1) ≤ 56) and fewer stones than cells",
            start.width(),
            start.height()
        );
    };
    let helper = if args.no_book {
        None
    } else {
        book_from(&[], &start)?
            .and_then(|book| book.helpers_for(depth, args.outcomes).map(Arc::new))
    };
    let solvers = (0..args.jobs)
        .map(|_| Ok(solver_from(args.table_bits, args.threads)?.with_book(helper.clone())))
        .collect::<anyhow::Result<Vec<_>>>()?;
    let positions = build.positions();
    let progress = progress_path(&args.out);
    let header = build.progress_header();
    let mut log = files::open_append(&progress, PROGRESS_FILE.what)?;
    // Two builds of one book at once would interleave their lines into a file neither
    // can resume from: the first holds the file, the second is refused.
    match log.try_lock() {
        Ok(()) => {}
        Err(std::fs::TryLockError::WouldBlock) => bail!(
            "another build is writing the progress file {} (two builds of one book at once \
             would garble it): wait for it to finish, or build into another --out",
            shown(&progress)
        ),
        Err(std::fs::TryLockError::Error(e)) => {
            bail!("cannot lock the progress file {}: {e}", shown(&progress))
        }
    }
    let done = build
        .read_progress_file(&progress)
        .map_err(|e| anyhow!(e))?;
    let resumed = done.len();
    let started = if resumed == 0 {
        // A fresh (or emptied) progress file: start it with its header.
        log.set_len(0).and_then(|()| writeln!(log, "{header}"))
    } else {
        // A line cut short by the interruption gets its end, so appends start clean.
        writeln!(log)
    };
    started.with_context(|| format!("cannot write the progress file {}", shown(&progress)))?;
    let bar = if args.quiet {
        ProgressBar::hidden()
    } else {
        ProgressBar::new(positions.len() as u64)
    };
    bar.set_style(
        ProgressStyle::with_template(
            "{bar:40} {pos}/{len} positions, {elapsed_precise} elapsed, about {eta} to go",
        )
        .expect("a valid template"),
    );
    let clock = Instant::now();
    let missing: Vec<(u64, &Connect4)> = positions
        .iter()
        .map(|s| (book_key(s).expect("book positions are on narrow boards"), s))
        .filter(|(key, _)| !done.contains_key(key))
        .collect();
    bar.inc((positions.len() - missing.len()) as u64);
    let shared = Shared {
        missing: &missing,
        next: AtomicUsize::new(0),
        done: Mutex::new(done),
        log: Mutex::new(log),
        progress: &progress,
        bar: &bar,
        weak: args.outcomes,
    };
    let nodes: u64 = std::thread::scope(|scope| {
        let workers: Vec<_> = solvers
            .into_iter()
            .map(|solver| scope.spawn(|| shared.work(solver)))
            .collect();
        workers
            .into_iter()
            .map(|w| w.join().expect("a book worker never panics"))
            .sum::<anyhow::Result<u64>>()
    })?;
    let done = shared.done.into_inner().expect("no worker panicked");
    bar.finish_and_clear();
    let size = build
        .write_book(&done, &args.out)
        .map_err(|e| anyhow!("--out: {e}"))?;
    std::fs::remove_file(&progress).ok();
    if !args.quiet {
        eprintln!(
            "{} positions ({} from an earlier run), {} solved in {:.1?}, {} nodes; book {} ({} bytes)",
            positions.len(),
            resumed,
            positions.len() - resumed.min(positions.len()),
            clock.elapsed(),
            nodes,
            shown(&args.out),
            size
        );
    }
    Ok(())
}
