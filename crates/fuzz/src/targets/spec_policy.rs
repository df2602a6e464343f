//! `ply serve`'s allow-list of agent specs (`ply_web::SpecPolicy`): random specs (keys,
//! values, presets of presets, huge numbers, paths to files, devices and a FIFO) against
//! every game's catalog, with extra presets that hide a file, threads or a huge table behind
//! a name. The invariant, checked apart from the policy's own code:
//!
//! - a refused spec gets an error that names it;
//! - an accepted spec names no file (each file key keeps its default), asks for no more
//!   threads than the policy's cap and declares tables within its memory cap;
//! - built (when its tables are small, and one large one in `LARGE_BUILD_EVERY`), the
//!   agent creates nothing in the sandbox the paths point into, its name shows no path and
//!   no thread count over the cap, and the memory it holds (counted by this target's
//!   allocator, [`crate::memory`], on the building thread) is within what its catalog
//!   declared.

use std::path::PathBuf;

use ply_core::{Encode, Game, ZobristHash};
use ply_search::spec::{Catalog, EntryKind, KeyKind, SpecError};
use ply_web::{ApiError, ServerConfig, SpecPolicy};

use crate::checks::{check_error, text};
use crate::runner::{seeds_of, Outcome, Target};

/// The policy's caps here: small, so that what it accepts can be built.
const MAX_SEARCH_MB: u64 = 64;
const MAX_SEARCH_THREADS: u64 = 2;
/// Accepted specs whose tables take at most this are all built.
const BUILD_BYTES: u64 = 4 << 20;
/// Of the accepted specs with larger tables, one in this many is built.
const LARGE_BUILD_EVERY: u64 = 200;
/// What an agent may hold beyond its declared tables (its evaluators, move lists, names).
const SLACK_BYTES: i64 = 1 << 20;

/// Bytes this thread holds, as the fuzz binaries' allocator counts them (see
/// [`crate::memory`]), so that an agent's tables are weighed by what its build really holds,
/// not by what its catalog says.
fn net_bytes() -> i64 {
    crate::memory::live_bytes() as i64
}

/// What the policy made of a spec, for the corpus: its outcome in a few words (the kind of
/// refusal, the agent), and for a refusal the message, whose form the caller checks.
struct Verdict {
    outcome: String,
    refusal: Option<String>,
}

impl Verdict {
    fn accepted(outcome: String) -> Self {
        Verdict {
            outcome,
            refusal: None,
        }
    }
}

/// A refusal in a few words: which rule, for which agent and key. (Not its message: that
/// quotes the input, so every input would count as a new outcome.)
fn refusal_kind(error: &ApiError) -> String {
    let ApiError::Spec(error) = error else {
        return error.kind().to_string();
    };
    match error {
        SpecError::Empty { .. } => "empty".to_string(),
        SpecError::UnknownAgent { .. } => "unknown agent".to_string(),
        SpecError::Malformed { .. } => "malformed".to_string(),
        SpecError::UnknownKey { agent, .. } => format!("unknown key of {agent}"),
        SpecError::DuplicateKey { agent, key } => format!("{agent} {key} twice"),
        SpecError::BadValue { agent, key, .. } => format!("{agent} {key} bad value"),
        SpecError::UnknownName { agent, key, .. } => format!("{agent} {key} unknown name"),
        SpecError::Agent { agent, message } => {
            let rules = [
                "names a file",
                "thread(s)",
                "for its tables",
                "loop",
                "models bundled",
            ];
            let rule = rules.iter().find(|rule| message.contains(*rule));
            format!("{agent} {}", rule.unwrap_or(&"other"))
        }
    }
}

/// The games' catalogs, each behind the same checks.
trait Judged {
    fn judge(&self, spec: &str, policy: &SpecPolicy, build: bool) -> Result<Verdict, String>;
    /// Every agent and preset name, to start from.
    fn names(&self) -> Vec<String>;
}

impl<G: Game + ZobristHash + Encode> Judged for Catalog<G> {
    fn names(&self) -> Vec<String> {
        let entries = self.entries().into_iter();
        entries
            .filter(|e| matches!(e.kind, EntryKind::Agent | EntryKind::Preset))
            .map(|e| e.name)
            .collect()
    }

    /// Refused: the refusal (its message checked by the caller). Accepted: the invariant,
    /// then, when `build` asks, the agent.
    fn judge(&self, spec: &str, policy: &SpecPolicy, build: bool) -> Result<Verdict, String> {
        if let Err(refusal) = policy.check(self, spec) {
            return Ok(Verdict {
                outcome: refusal_kind(&refusal),
                refusal: Some(refusal.to_string()),
            });
        }
        let broken = |what: String| Err(format!("accepted {spec:?}, but {what}"));
        let params = match self.params(spec) {
            Ok(params) => params,
            Err(e) => return broken(format!("its settings do not read: {e}")),
        };
        for key in params.keys() {
            let value = params.str(key.key).unwrap_or_default().trim().to_string();
            match key.kind {
                KeyKind::File if !value.eq_ignore_ascii_case(key.default) => {
                    return broken(format!("its file key '{}' = {value:?}", key.key))
                }
                KeyKind::Model
                    if !value.eq_ignore_ascii_case(key.default)
                        && !G::MODELS
                            .iter()
                            .any(|m| m.name.eq_ignore_ascii_case(&value)) =>
                {
                    return broken(format!("its model key '{}' = {value:?}", key.key))
                }
                KeyKind::Threads
                    if !value.parse::<u64>().is_ok_and(|n| n <= MAX_SEARCH_THREADS) =>
                {
                    return broken(format!("its thread key '{}' = {value:?}", key.key))
                }
                _ => {}
            }
        }
        let bytes = self.table_bytes(spec).map_err(|e| e.to_string())?;
        if bytes > MAX_SEARCH_MB << 20 {
            return broken(format!("its tables take {bytes} bytes"));
        }
        if !build && bytes > BUILD_BYTES {
            return Ok(Verdict::accepted(format!("{} large", params.agent())));
        }
        let before = net_bytes();
        let agent = match self.build(spec, 1) {
            Ok(agent) => agent,
            // A value the policy does not judge (a depth out of range) fails the build.
            Err(e) => {
                let kind = refusal_kind(&ApiError::Spec(e));
                return Ok(Verdict::accepted(format!("build refused: {kind}")));
            }
        };
        let held = net_bytes() - before;
        let name = agent.name();
        drop(agent);
        if held > bytes as i64 + SLACK_BYTES {
            return broken(format!(
                "its agent holds {held} bytes, its catalog declares {bytes}"
            ));
        }
        if name.contains('/') {
            return broken(format!("its agent's name shows a path: {name}"));
        }
        if let Some(threads) = name.split("threads=").nth(1) {
            let digits: String = threads.chars().take_while(char::is_ascii_digit).collect();
            if digits.parse::<u64>().is_ok_and(|n| n > MAX_SEARCH_THREADS) {
                return broken(format!("its agent starts more threads: {name}"));
            }
        }
        Ok(Verdict::accepted(format!("built {}", params.agent())))
    }
}

pub struct SpecPolicies {
    policy: SpecPolicy,
    catalogs: Vec<Box<dyn Judged>>,
    sandbox: PathBuf,
    /// Where a FIFO waits in the sandbox (a file that would hold a reader for ever).
    fifo: PathBuf,
    /// The paths the inputs may name, for the dictionary.
    paths: Vec<&'static str>,
    /// Specs judged so far, to pick the large ones to build.
    judged: u64,
}

/// Adds the presets that hide what the policy refuses behind names (and a loop), those of
/// every game and the game's own `tricks` (name, spec) over its agents.
fn with_tricks<G: Game>(mut catalog: Catalog<G>, tricks: &[(&str, &str)]) -> Catalog<G> {
    let every_game = [
        ("fuzz-tt", "alphabeta:tt=1024"),
        ("fuzz-tt-nested", "fuzz-tt:depth=2"),
        ("fuzz-loop", "fuzz-loop2"),
        ("fuzz-loop2", "fuzz-loop"),
        ("fuzz-ok", "alphabeta:depth=1,tt=0"),
    ];
    for (name, spec) in every_game.iter().chain(tricks) {
        catalog.add_preset(name, "a fuzz target's trick", spec);
    }
    catalog
}

impl SpecPolicies {
    pub fn new() -> Self {
        let sandbox =
            std::env::temp_dir().join(format!("ply-fuzz-spec-policy-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&sandbox);
        std::fs::create_dir_all(&sandbox).expect("a sandbox in the temporary folder");
        let fifo = sandbox.join("fifo");
        let _ = std::process::Command::new("mkfifo").arg(&fifo).status();
        let book = sandbox.join("book").display().to_string();
        // The inputs name these; leaked once per target, as the dictionary's words are static.
        let paths: Vec<&'static str> = [
            book.clone(),
            fifo.display().to_string(),
            sandbox.display().to_string(),
            "/dev/zero".to_string(),
            "/dev/null".to_string(),
            "/proc/self/mem".to_string(),
        ]
        .into_iter()
        .map(|path| &*Box::leak(path.into_boxed_str()))
        .collect();
        let config = ServerConfig {
            max_search_mb: MAX_SEARCH_MB,
            max_search_threads: MAX_SEARCH_THREADS,
            ..ServerConfig::default()
        };
        // Statics some agents fill on first use (the Connect Four book) are not theirs to
        // count: fill them before counting.
        drop(ply_connect4::solver::Book::bundled());
        let file = format!("seed003-s3:table={book}");
        let catalogs: Vec<Box<dyn Judged>> = vec![
            Box::new(with_tricks(ply_tictactoe::catalog(), &[])),
            Box::new(with_tricks(
                ply_connect4::catalog(),
                &[("fuzz-threads", "perfect:threads=64")],
            )),
            Box::new(with_tricks(
                ply_quoridor::agents::catalog(),
                &[("fuzz-threads", "strongest:threads=64,tt=0")],
            )),
            Box::new(with_tricks(
                ply_halma::catalog(),
                &[
                    ("fuzz-file", &file),
                    ("fuzz-file-nested", "fuzz-file:depth=2"),
                ],
            )),
        ];
        SpecPolicies {
            policy: SpecPolicy::new(&config),
            catalogs,
            sandbox,
            fifo,
            paths,
            judged: 0,
        }
    }

    /// What lies in the sandbox besides the FIFO: nothing, unless an agent made it.
    fn sandbox_changes(&self) -> Vec<PathBuf> {
        std::fs::read_dir(&self.sandbox)
            .map(|entries| {
                entries
                    .filter_map(|e| e.ok().map(|e| e.path()))
                    .filter(|path| *path != self.fifo)
                    .collect()
            })
            .unwrap_or_default()
    }
}

impl Default for SpecPolicies {
    fn default() -> Self {
        Self::new()
    }
}

impl Drop for SpecPolicies {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.sandbox);
    }
}

impl Target for SpecPolicies {
    fn name(&self) -> &'static str {
        "spec-policy"
    }

    fn seeds(&self) -> Vec<Vec<u8>> {
        let mut seeds = seeds_of(&[
            "seed003-s3",
            "seed003-s3:table=none",
            "seed003-s3:depth=2,table=/dev/zero",
            "perfect",
            "perfect:threads=2,table=22",
            "perfect:threads=64",
            "solver:table=28",
            "strongest",
            "strongest:threads=auto,tt=0",
            "strongest:threads=2,tt=0",
            "strongest:tt=24",
            "alphabeta:tt=1",
            "alphabeta:tt=1024",
            "paranoid:tt=65",
            "near:tt=1024",
            "champion",
            "fuzz-tt",
            "fuzz-tt-nested:tt=0",
            "fuzz-loop",
            "fuzz-file",
            "fuzz-file-nested:table=none",
            "fuzz-threads",
            "fuzz-threads:threads=1",
            "fuzz-ok",
            "random",
        ]);
        seeds.extend(
            self.paths
                .iter()
                .map(|path| format!("seed003-s3:table={path}").into_bytes()),
        );
        for catalog in &self.catalogs {
            seeds.extend(catalog.names().into_iter().map(String::into_bytes));
        }
        seeds
    }

    fn dictionary(&self) -> Vec<&'static str> {
        let mut words = vec![
            ":",
            ",",
            "=",
            "table",
            "threads",
            "tt",
            "time",
            "depth",
            "book",
            "nodes",
            "none",
            "NONE",
            "auto",
            "seed003-s3",
            "perfect",
            "solver",
            "strongest",
            "champion",
            "alphabeta",
            "paranoid",
            "near",
            "mcts",
            "fuzz-",
            "fuzz-file",
            "fuzz-threads",
            "fuzz-tt",
            "fuzz-loop",
            "fuzz-ok",
            "-nested",
            "/",
            "../",
            "./x",
            "~",
            "1ms",
        ];
        words.extend(&self.paths);
        words
    }

    fn run(&mut self, input: &[u8]) -> Result<Outcome, String> {
        let spec = text(input);
        let mut outcome = 0u64;
        for catalog in &self.catalogs {
            // One large table in LARGE_BUILD_EVERY is built too, so that its agent's name
            // and memory are checked as well.
            self.judged += 1;
            let build_large = self.judged.is_multiple_of(LARGE_BUILD_EVERY);
            let verdict = catalog.judge(&spec, &self.policy, build_large)?;
            if let Some(refusal) = &verdict.refusal {
                check_error(refusal, &spec)?;
            }
            outcome = outcome.rotate_left(17) ^ Outcome::of(&verdict.outcome).0;
        }
        let changes = self.sandbox_changes();
        if !changes.is_empty() {
            return Err(format!("{spec:?} made {changes:?} in the sandbox"));
        }
        Ok(Outcome(outcome))
    }
}
