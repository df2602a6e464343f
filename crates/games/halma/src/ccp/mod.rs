//! CCP, the Chinese Checkers Protocol of the CCERL rating list (a UCI-like text protocol),
//! as a library: the engine plays the CCERL rules (`crate::ccerl`).
//!
//! [`CcpEngine::handle_line`] carries out one input line; a `go` searches on a worker
//! thread while the engine reads on, so `isready` and `stop` are answered at once. Every
//! `go` is answered by exactly one `bestmove`, never later than its time: the search gets a
//! share of the time ([`clock`]) and a watchdog answers with a two-ply search's move
//! shortly before the time runs out if the search has not answered. A line the engine cannot carry
//! out is answered `info string error: …` (CCP defines no error reply; `info` lines are
//! ignored by a referee) and changes nothing. The protocol in full: docs/cli.md, "ply engine
//! halma --protocol ccp".

mod analysis;
pub mod clock;
pub mod command;
mod game;

use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use ply_core::eval::{is_proven, WIN};
use ply_core::{Agent, Decision, Game, SearchLimits};
use ply_search::spec::{parse_spec, Catalog};

use crate::board::Halma;
use crate::geometry::BoardKind;
use crate::movegen::HalmaMove;
use crate::settings::{HalmaSettings, RuleSet};

pub use command::{Command, CommandError, GoLimits};
use game::GameMemory;

/// The name `ccp` answers with (`id name ply VERSION`).
pub const ENGINE_NAME: &str = "ply";

/// The agent that answers `go` unless the engine is started with another.
pub const DEFAULT_AGENT: &str = "ccerl";

/// The most search threads `setoption name Threads` accepts.
pub const MAX_THREADS: usize = 256;

/// How long `stop` waits for the search to answer before the engine answers for it.
const STOP_GRACE: Duration = Duration::from_millis(50);

/// Where the engine writes: shared with the search's worker and watchdog threads.
pub type Output = Arc<Mutex<Box<dyn Write + Send>>>;

/// How an engine is set up.
#[derive(Debug, Clone)]
pub struct EngineOptions {
    /// The rules: CCERL's, possibly with another move limit.
    pub settings: HalmaSettings,
    /// The agent that answers `go` (see `ply list halma`).
    pub agent: String,
    pub rng_seed: u64,
    /// Report on standard error, for every `go`, who answered and how long after the `go`.
    pub verbose: bool,
}

impl Default for EngineOptions {
    fn default() -> Self {
        EngineOptions {
            settings: HalmaSettings::ccerl(),
            agent: DEFAULT_AGENT.to_string(),
            rng_seed: 1,
            verbose: false,
        }
    }
}

/// What the engine does after a line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Flow {
    Continue,
    Quit,
}

/// One `go` as its three threads share it: the answer is sent once, by whoever comes first.
struct Answer {
    out: Output,
    /// When the `go` was read.
    received: Instant,
    verbose: bool,
    /// Set once a `bestmove` for this `go` was written.
    sent: AtomicBool,
    /// The move it named.
    answer: Mutex<Option<String>>,
    /// Tells the search to stop.
    stop: Arc<AtomicBool>,
    /// Set when the worker has finished; the watchdog waits on it.
    finished: Mutex<bool>,
    wake: Condvar,
}

impl Answer {
    /// Writes `lines` unless this `go` was answered already; the output's lock keeps the
    /// check and the writing together. `by` says who answers, for the verbose report.
    fn send(&self, lines: &[String], by: &str) {
        let mut out = self.out.lock().unwrap_or_else(|e| e.into_inner());
        if self.sent.swap(true, Ordering::SeqCst) {
            return;
        }
        for line in lines {
            // A closed output cannot be answered on; the input's end will stop the engine.
            let _ = writeln!(out, "{line}");
        }
        let _ = out.flush();
        *self.answer.lock().unwrap_or_else(|e| e.into_inner()) = lines
            .last()
            .and_then(|l| l.strip_prefix("bestmove "))
            .map(str::to_string);
        if self.verbose {
            eprintln!(
                "ccp: {} by the {by}, {:.1} ms after go",
                lines.last().map_or("", String::as_str),
                self.received.elapsed().as_secs_f64() * 1000.0
            );
        }
    }

    fn finish(&self) {
        *self.finished.lock().unwrap_or_else(|e| e.into_inner()) = true;
        self.wake.notify_all();
    }

    /// Waits until the worker has finished or `timeout` has passed; whether it finished.
    fn wait_finished(&self, timeout: Duration) -> bool {
        let finished = self.finished.lock().unwrap_or_else(|e| e.into_inner());
        let (finished, _) = self
            .wake
            .wait_timeout_while(finished, timeout, |done| !*done)
            .unwrap_or_else(|e| e.into_inner());
        *finished
    }
}

/// A search running on its worker thread.
struct Running {
    answer: Arc<Answer>,
    /// The move of a glance before the search started ([`crate::ccerl_agent::glance`]), for
    /// `stop` and the watchdog.
    fallback: Vec<String>,
    /// Whether anything but `stop` ends the search.
    bounded: bool,
    worker: JoinHandle<Box<dyn Agent<Halma>>>,
}

/// A CCP engine: the current position and the agent that answers `go`.
pub struct CcpEngine {
    start: Halma,
    state: Halma,
    catalog: Catalog<Halma>,
    /// The agent spec the engine was started with.
    spec: String,
    /// The threads `setoption name Threads` asked for.
    threads: Option<usize>,
    rng_seed: u64,
    verbose: bool,
    /// The game being played, for the repetition rule.
    memory: GameMemory,
    /// `None` while a search holds it.
    agent: Option<Box<dyn Agent<Halma>>>,
    running: Option<Running>,
    out: Output,
}

impl CcpEngine {
    /// An engine writing to `out`. The rules must be CCERL's; the agent must build.
    pub fn new(options: &EngineOptions, out: Output) -> Result<CcpEngine, String> {
        if options.settings.rules != RuleSet::Ccerl {
            return Err(format!(
                "CCP plays the ccerl rules, not the {} rules",
                options.settings.rules
            ));
        }
        let start = Halma::with_settings(BoardKind::Star121, 2, options.settings)
            .map_err(|e| e.to_string())?;
        let catalog = crate::agents::catalog();
        let agent = catalog
            .build(&options.agent, options.rng_seed)
            .map_err(|e| e.to_string())?;
        Ok(CcpEngine {
            state: start.clone(),
            start,
            catalog,
            spec: options.agent.clone(),
            threads: None,
            rng_seed: options.rng_seed,
            verbose: options.verbose,
            memory: GameMemory::default(),
            agent: Some(agent),
            running: None,
            out,
        })
    }

    /// The current position.
    pub fn position(&self) -> &Halma {
        &self.state
    }

    /// Writes `lines` now (answers that do not wait for a search).
    fn write(&self, lines: &[String]) {
        let mut out = self.out.lock().unwrap_or_else(|e| e.into_inner());
        for line in lines {
            let _ = writeln!(out, "{line}");
        }
        let _ = out.flush();
    }

    fn error(&self, message: &str) {
        self.write(&[format!("info string error: {}", ply_core::tame(message))]);
    }

    /// Carries out one input line (without its line end).
    pub fn handle_line(&mut self, line: &str) -> Flow {
        match Command::parse(line) {
            Ok(Some(command)) => self.execute(command),
            Ok(None) => Flow::Continue,
            Err(e) => {
                self.error(&e.0);
                Flow::Continue
            }
        }
    }

    /// Answers a line that could not be read as text (not UTF-8, or too long).
    pub fn handle_unreadable(&mut self, why: &str) {
        self.error(why);
    }

    fn execute(&mut self, command: Command) -> Flow {
        match command {
            Command::Ccp => {
                let mut lines = vec![
                    format!("id name {ENGINE_NAME} {}", env!("CARGO_PKG_VERSION")),
                    "id author the ply authors".to_string(),
                ];
                if self.takes_threads() {
                    lines.push(format!(
                        "option name Threads type spin default 1 min 1 max {MAX_THREADS}"
                    ));
                }
                lines.push("ccpok".to_string());
                self.write(&lines);
            }
            Command::Protocol => self.write(&["protocol ccp 1".to_string()]),
            Command::IsReady => self.write(&["readyok".to_string()]),
            Command::Stop => self.stop(),
            Command::Quit => {
                self.stop();
                self.join();
                return Flow::Quit;
            }
            Command::SetOption { name, value } => {
                self.settle();
                if let Err(e) = self.set_option(&name, value.as_deref()) {
                    self.error(&e);
                }
            }
            Command::Position { cells, moves } => {
                self.settle();
                match self.read_position(cells.as_deref(), &moves) {
                    Ok(state) if cells.is_some() && moves.is_empty() => {
                        self.state = self.memory.continue_with(state);
                    }
                    Ok(state) => {
                        self.memory.forget();
                        self.state = state;
                    }
                    Err(e) => self.error(&e),
                }
            }
            Command::Go(limits) => {
                self.settle();
                self.go(&limits);
            }
            Command::Analyze { topk } => {
                self.settle();
                match analysis::analyze(&self.state, topk) {
                    Some(json) => self.write(&[format!("analysis {json}")]),
                    None => self.error("analyze: the game is over, there is no move to analyse"),
                }
            }
        }
        Flow::Continue
    }

    /// Whether the agent's spec can take a number of threads.
    fn takes_threads(&self) -> bool {
        let Ok(parsed) = parse_spec(&self.spec, "") else {
            return false;
        };
        self.catalog
            .entries()
            .iter()
            .find(|e| e.name == parsed.name)
            .is_some_and(|e| e.keys.iter().any(|k| k.key == "threads"))
    }

    fn set_option(&mut self, name: &str, value: Option<&str>) -> Result<(), String> {
        if !name.eq_ignore_ascii_case("threads") {
            return Err(format!(
                "setoption: unknown option {} (options: {})",
                ply_core::quote(name),
                if self.takes_threads() {
                    "Threads"
                } else {
                    "none"
                }
            ));
        }
        if !self.takes_threads() {
            return Err(format!(
                "setoption name Threads: the agent {} searches on one thread",
                ply_core::quote(&self.spec)
            ));
        }
        let threads = value
            .and_then(|v| v.parse::<usize>().ok())
            .filter(|n| (1..=MAX_THREADS).contains(n))
            .ok_or_else(|| {
                format!(
                    "setoption name Threads value {}: expected a whole number from 1 to \
                     {MAX_THREADS}",
                    ply_core::quote(value.unwrap_or(""))
                )
            })?;
        let agent = self
            .catalog
            .build(&self.spec_with(Some(threads)), self.rng_seed)
            .map_err(|e| e.to_string())?;
        self.agent = Some(agent);
        self.threads = Some(threads);
        Ok(())
    }

    /// The agent's spec with `threads` threads.
    fn spec_with(&self, threads: Option<usize>) -> String {
        match threads {
            None => self.spec.clone(),
            Some(n) => {
                let joiner = if self.spec.contains(':') { "," } else { ":" };
                format!("{}{joiner}threads={n}", self.spec.trim_end_matches(','))
            }
        }
    }

    fn build_agent(&self) -> Result<Box<dyn Agent<Halma>>, String> {
        self.catalog
            .build(&self.spec_with(self.threads), self.rng_seed)
            .map_err(|e| e.to_string())
    }

    /// The position a `position` command names, or why it names none. A position at or
    /// past the engine's move limit is the end of the game, as every other ending is: `go`
    /// then answers `bestmove 0000` (a referee with longer games sets the engine's limit,
    /// `--move-limit`).
    fn read_position(&self, cells: Option<&str>, moves: &[String]) -> Result<Halma, String> {
        let mut state = match cells {
            None => self.start.clone(),
            Some(text) => self.start.from_text(text).map_err(|e| e.to_string())?,
        };
        for text in moves {
            state
                .play_notation(text)
                .map_err(|e| format!("position: {e}"))?;
        }
        Ok(state)
    }

    /// Starts a search for the position, or answers at once when there is nothing to
    /// search.
    fn go(&mut self, limits: &GoLimits) {
        let received = Instant::now();
        if let Some(end) = self.state.ccerl_end() {
            self.write(&[
                format!("info string the game is over: {end}"),
                "bestmove 0000".to_string(),
            ]);
            return;
        }
        let allotment = clock::allot(limits, &self.state);
        let stop = Arc::new(AtomicBool::new(false));
        let search_limits = SearchLimits {
            depth: limits.depth,
            time: Some(allotment.think),
            max_time: None,
            nodes: limits.nodes,
            iterations: None,
            stop: Some(stop.clone()),
        };
        let answer = Arc::new(Answer {
            out: self.out.clone(),
            received,
            verbose: self.verbose,
            sent: AtomicBool::new(false),
            answer: Mutex::new(None),
            stop,
            finished: Mutex::new(false),
            wake: Condvar::new(),
        });
        let fallback = vec![format!(
            "bestmove {}",
            crate::ccerl_agent::glance(&self.state)
                .map_or_else(|| "0000".to_string(), |mv| self.state.format_move(mv))
        )];
        let mut agent = match self.agent.take() {
            Some(agent) => agent,
            // Only after an agent panicked and could not be built again.
            None => match self.build_agent() {
                Ok(agent) => agent,
                Err(e) => {
                    self.error(&format!("go: the agent does not build: {e}"));
                    return;
                }
            },
        };
        let state = self.state.clone();
        let worker_answer = answer.clone();
        let worker = std::thread::spawn(move || {
            let decision = agent.select(&state, &search_limits);
            let lines = match decision {
                Some(d) => decision_lines(&state, &d),
                None => vec!["bestmove 0000".to_string()],
            };
            worker_answer.send(&lines, "search");
            worker_answer.finish();
            agent
        });
        if let Some(deadline) = allotment.deadline {
            let watchdog_answer = answer.clone();
            let lines = fallback.clone();
            std::thread::spawn(move || {
                let left = deadline.saturating_sub(received.elapsed());
                if !watchdog_answer.wait_finished(left) {
                    watchdog_answer.stop.store(true, Ordering::SeqCst);
                    watchdog_answer.send(&lines, "watchdog");
                }
            });
        }
        self.running = Some(Running {
            answer,
            fallback,
            bounded: limits.is_bounded(),
            worker,
        });
    }

    /// `stop`: the running search answers with what it has (or, if it does not within
    /// [`STOP_GRACE`], the engine answers for it). Nothing happens when no search runs.
    fn stop(&mut self) {
        if let Some(running) = &self.running {
            running.answer.stop.store(true, Ordering::SeqCst);
            if !running.answer.wait_finished(STOP_GRACE) {
                running.answer.send(&running.fallback, "stop");
            }
        }
    }

    /// A command that changes the position or the agent first lets the running search
    /// end and answer (its own limits end it in time; one that only `stop` would end is
    /// stopped).
    fn settle(&mut self) {
        if self.running.as_ref().is_some_and(|r| !r.bounded) {
            self.stop();
        }
        self.join();
    }

    /// Waits for the running search to end, takes its agent back and remembers the move
    /// it answered.
    fn join(&mut self) {
        if let Some(running) = self.running.take() {
            match running.worker.join() {
                Ok(agent) => self.agent = Some(agent),
                // The agent panicked: answer for it (if nobody has) and start afresh.
                Err(_) => {
                    running
                        .answer
                        .send(&running.fallback, "engine after a panic");
                    self.agent = self.build_agent().ok();
                }
            }
            let answer = running
                .answer
                .answer
                .lock()
                .unwrap_or_else(|e| e.into_inner());
            match answer.as_deref() {
                Some(mv) => self.memory.answered(&self.state, mv),
                None => self.memory.forget(),
            }
        }
    }

    /// The end of the input: the running search ends and answers.
    pub fn finish(&mut self) {
        self.settle();
    }
}

impl Drop for CcpEngine {
    fn drop(&mut self) {
        self.stop();
        self.join();
    }
}

/// `info …` and `bestmove …` for a decision.
fn decision_lines(state: &Halma, d: &Decision<HalmaMove>) -> Vec<String> {
    let mut line = state.clone();
    let mut pv = Vec::new();
    for &mv in &d.pv {
        if line.check_move(mv).is_err() {
            break;
        }
        pv.push(line.format_move(mv));
        line.play(mv);
    }
    let millis = d.elapsed.as_millis();
    let nps = (d.nodes as f64 / d.elapsed.as_secs_f64().max(1e-6)) as u64;
    let value = d.value.round() as i32;
    let score = if is_proven(value) {
        let plies = WIN - value.abs();
        let moves = (plies + 1) / 2;
        format!("mate {}", if value > 0 { moves } else { -moves })
    } else {
        format!("cp {value}")
    };
    let mut info = format!(
        "info depth {} nodes {} time {millis} nps {nps} score {score}",
        d.depth, d.nodes
    );
    if !pv.is_empty() {
        info.push_str(" pv ");
        info.push_str(&pv.join(" "));
    }
    vec![info, format!("bestmove {}", state.format_move(d.mv))]
}
