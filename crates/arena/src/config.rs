//! How a tournament is set up: who plays, how often, from which openings, on what clock.

use std::path::Path;
use std::time::Duration;

use serde::Serialize;

use crate::error::ArenaError;
use crate::stats::sprt::SprtConfig;

/// Who meets whom.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Format {
    /// Every group of agents (every pair for two-player games) meets.
    RoundRobin,
    /// The first agent meets every group of the others; the others never meet each other.
    Gauntlet,
}

/// A file of openings as `--openings` reads it: as large as a game record file may be.
pub const OPENINGS_FILE: ply_core::files::Input = ply_core::files::Input::new(
    "file of openings",
    ply_core::record::MAX_RECORD_BYTES as u64,
);

/// Where games start.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case", tag = "kind")]
pub enum OpeningSource {
    /// Every game starts at the start position.
    StartPosition,
    /// Each opening is `plies` uniformly random legal moves from the start, drawn from the
    /// tournament rng_seed, so deterministic agents do not replay one game.
    Random { plies: usize },
    /// One opening per line, played in turn: moves in the game's notation separated by spaces
    /// or commas, or a position in the game's text form. `origin` names the file in errors.
    Lines { origin: String, lines: Vec<String> },
}

impl OpeningSource {
    /// Reads the command line's `--openings` value: `random:K`, `none`, or a file name.
    pub fn from_arg(text: &str) -> Result<Self, ArenaError> {
        let t = text.trim();
        if t.eq_ignore_ascii_case("none") || t == "start" {
            return Ok(OpeningSource::StartPosition);
        }
        if let Some(k) = t.strip_prefix("random:") {
            let plies = k
                .trim()
                .parse::<usize>()
                .ok()
                .filter(|&k| k <= MAX_OPENING_PLIES)
                .ok_or_else(|| {
                    ArenaError::setting(
                        "--openings",
                        text,
                        &format!(
                            "random:K needs K, a number of plies from 0 to {MAX_OPENING_PLIES} (e.g. random:4)"
                        ),
                    )
                })?;
            return Ok(if plies == 0 {
                OpeningSource::StartPosition
            } else {
                OpeningSource::Random { plies }
            });
        }
        Self::from_file(Path::new(t))
    }

    /// Reads openings from a file, one per line; blank lines and `#` comments are skipped.
    /// The file is read a line at a time, at most [`MAX_OPENING_LINES`] of them: only the
    /// lines are kept, not the text as well.
    pub fn from_file(path: &Path) -> Result<Self, ArenaError> {
        let input = |error| ArenaError::Input {
            flag: "--openings",
            error,
        };
        let mut reader =
            ply_core::files::Lines::open(path, OPENINGS_FILE, OPENINGS_FILE.cap).map_err(input)?;
        let mut lines = Vec::new();
        while let Some(line) = reader.next_line().map_err(input)? {
            if lines.len() == MAX_OPENING_LINES {
                return Err(ArenaError::setting(
                    "--openings",
                    path.display(),
                    &format!("a file of openings holds at most {MAX_OPENING_LINES} lines"),
                ));
            }
            let text = String::from_utf8(line.bytes).map_err(|e| {
                input(ply_core::FileError::NotText {
                    path: path.to_path_buf(),
                    offset: (line.offset as usize).saturating_add(e.utf8_error().valid_up_to()),
                    what: OPENINGS_FILE.what,
                })
            })?;
            lines.push(text);
        }
        Ok(OpeningSource::Lines {
            origin: path.display().to_string(),
            lines,
        })
    }
}

/// The clocks. A per-move limit is also passed to each agent as its search time; a per-game
/// limit is a chess clock of its own for every seat.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct TimeControl {
    /// Longest one move may take.
    #[serde(rename = "per_move_ms", serialize_with = "optional_millis")]
    pub per_move: Option<Duration>,
    /// Total thinking time of one seat over a game.
    #[serde(rename = "per_game_ms", serialize_with = "optional_millis")]
    pub per_game: Option<Duration>,
    /// How late a reply may come past its limit before it counts as an overrun: scheduling
    /// noise on a loaded machine is not the agent's fault.
    pub tolerance: Duration,
    /// With no time control at all, a move taking longer than this is a hang. Also the wait,
    /// after an overrun, for a reply before the agent's thread is abandoned (at most 2 s).
    #[serde(rename = "hang_timeout_ms", serialize_with = "millis")]
    pub hang_timeout: Duration,
}

/// Durations in JSON as milliseconds, which people and plotting scripts read at a glance.
fn millis<S: serde::Serializer>(d: &Duration, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_f64(d.as_secs_f64() * 1e3)
}

fn optional_millis<S: serde::Serializer>(d: &Option<Duration>, s: S) -> Result<S::Ok, S::Error> {
    match d {
        Some(d) => millis(d, s),
        None => s.serialize_none(),
    }
}

impl Default for TimeControl {
    fn default() -> Self {
        TimeControl {
            per_move: None,
            per_game: None,
            tolerance: Duration::from_millis(100),
            hang_timeout: Duration::from_secs(60),
        }
    }
}

impl TimeControl {
    /// The most a reply may take when `allowed` is the limit: the limit, 10 % and the fixed
    /// tolerance.
    ///
    /// Saturates at `Duration::MAX` (in effect, no deadline) rather than overflowing, so no
    /// limit however large can make the arithmetic panic.
    pub fn deadline_for(&self, allowed: Duration) -> Duration {
        allowed
            .saturating_add(allowed / 10)
            .saturating_add(self.tolerance)
    }
}

/// Most games per pairing (`--games`): every scheduled game and its record are kept in
/// memory, so the count is bounded rather than left to exhaust it.
pub const MAX_GAMES_PER_PAIRING: usize = 100_000;
/// Most games a whole tournament may schedule (pairings × games per pairing, rounded up to
/// whole seat rotations).
pub const MAX_SCHEDULED_GAMES: usize = 1_000_000;
/// Most games played at once (`--concurrency`): each takes a thread per seat besides its own.
pub const MAX_CONCURRENCY: usize = 256;
/// Most plies before a game is adjudicated (`--max-plies`): the moves are kept in its record,
/// which must read back (see `ply_core::record::MAX_RECORD_PLIES`).
pub const MAX_PLIES: usize = ply_core::record::MAX_RECORD_PLIES;
/// Longest random opening (`--openings random:K`).
pub const MAX_OPENING_PLIES: usize = 1_000;
/// Most lines a file of openings may hold: each is kept as text until the openings are
/// built, and a file of short lines (`4`) under its size cap would otherwise hold tens of
/// millions.
pub const MAX_OPENING_LINES: usize = 100_000;

/// A whole tournament.
#[derive(Debug, Clone, Serialize)]
pub struct TournamentConfig {
    /// Agent specs (`NAME[:key=value,…]`), each built per game by the catalog.
    pub agents: Vec<String>,
    pub format: Format,
    /// Games per pairing (per group of players for games of more than two); rounded up to a
    /// whole number of seat rotations, so every opening is played from every seat.
    pub games_per_pairing: usize,
    pub openings: OpeningSource,
    /// Games played at once.
    pub concurrency: usize,
    pub time: TimeControl,
    /// Games still running after this many plies are adjudicated as draws.
    pub max_plies: usize,
    /// Everything random (openings, agents' seeds) derives from this.
    pub rng_seed: u64,
    /// The agent whose rating is fixed at 0 (default: the first).
    pub anchor: Option<String>,
    /// A sequential probability ratio test between two agents.
    pub sprt: Option<SprtConfig>,
}

impl TournamentConfig {
    /// A round robin of `agents` with everything else at its default.
    pub fn new(agents: Vec<String>) -> Self {
        TournamentConfig {
            agents,
            format: Format::RoundRobin,
            games_per_pairing: 10,
            openings: OpeningSource::StartPosition,
            concurrency: default_concurrency(),
            time: TimeControl::default(),
            max_plies: 1000,
            rng_seed: 1,
            anchor: None,
            sprt: None,
        }
    }

    /// The index of the anchor agent.
    pub fn anchor_index(&self) -> Result<usize, ArenaError> {
        match &self.anchor {
            None => Ok(0),
            Some(name) => self.agent_index(name).ok_or_else(|| {
                ArenaError::setting(
                    "anchor",
                    name,
                    &format!("must be one of the agents: {}", self.agents.join(", ")),
                )
            }),
        }
    }

    /// Finds an agent by its spec or by its position in the list, 1-based.
    pub fn agent_index(&self, name: &str) -> Option<usize> {
        let name = name.trim();
        self.agents.iter().position(|a| a == name).or_else(|| {
            name.parse::<usize>()
                .ok()
                .filter(|&i| (1..=self.agents.len()).contains(&i))
                .map(|i| i - 1)
        })
    }

    /// Checks everything that does not need the game.
    pub fn validate(&self) -> Result<(), ArenaError> {
        if self.agents.len() < 2 {
            return Err(ArenaError::setting(
                "agents",
                self.agents.join(","),
                "a tournament needs at least two agents",
            ));
        }
        for (i, a) in self.agents.iter().enumerate() {
            if self.agents[..i].contains(a) {
                return Err(ArenaError::setting(
                    "agents",
                    a,
                    "an agent is listed twice; give the copies different settings",
                ));
            }
        }
        in_range("--games", self.games_per_pairing, 1, MAX_GAMES_PER_PAIRING)?;
        in_range("--concurrency", self.concurrency, 1, MAX_CONCURRENCY)?;
        in_range("--max-plies", self.max_plies, 1, MAX_PLIES)?;
        if let OpeningSource::Random { plies } = self.openings {
            if plies > MAX_OPENING_PLIES {
                return Err(ArenaError::setting(
                    "--openings",
                    format!("random:{plies}"),
                    &format!("random:K takes K from 0 to {MAX_OPENING_PLIES} plies"),
                ));
            }
        }
        for (flag, limit) in [
            ("--time-per-move", self.time.per_move),
            ("--time-per-game", self.time.per_game),
            // Zero would call every move a hang: every game a forfeit.
            ("--hang-timeout", Some(self.time.hang_timeout)),
        ] {
            if limit.is_some_and(|l| l.is_zero()) {
                return Err(ArenaError::setting(
                    flag,
                    "0",
                    "a time limit must be positive",
                ));
            }
        }
        self.anchor_index()?;
        if let Some(sprt) = &self.sprt {
            sprt.validate()?;
            for name in [&sprt.first, &sprt.second] {
                if self.agent_index(name).is_none() {
                    return Err(ArenaError::setting(
                        "sprt",
                        name,
                        &format!("must name one of the agents: {}", self.agents.join(", ")),
                    ));
                }
            }
        }
        Ok(())
    }
}

/// Checks that `value` of `flag` lies in `min..=max`.
fn in_range(flag: &str, value: usize, min: usize, max: usize) -> Result<(), ArenaError> {
    if (min..=max).contains(&value) {
        Ok(())
    } else {
        Err(ArenaError::setting(
            flag,
            value,
            &format!("must be between {min} and {max}"),
        ))
    }
}

/// Splits a command line's agent list. Specs themselves hold commas
/// (`alphabeta:depth=9,order=center`), so a comma-separated piece that is a bare `key=value`
/// continues the spec before it; `;` always separates.
pub fn split_agent_list(text: &str) -> Vec<String> {
    let mut specs: Vec<String> = Vec::new();
    for group in text.split(';') {
        let mut in_group = false;
        for piece in group.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            let continues = in_group && piece.contains('=') && !piece.contains(':');
            match specs.last_mut() {
                Some(last) if continues => {
                    last.push(',');
                    last.push_str(piece);
                }
                _ => specs.push(piece.to_string()),
            }
            in_group = true;
        }
    }
    specs
}

/// The number of cores, or 1 if it cannot be told.
pub fn default_concurrency() -> usize {
    std::thread::available_parallelism()
        .map(|n| n.get())
        .unwrap_or(1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn opening_arguments() {
        assert_eq!(
            OpeningSource::from_arg("random:4").unwrap(),
            OpeningSource::Random { plies: 4 }
        );
        assert_eq!(
            OpeningSource::from_arg("none").unwrap(),
            OpeningSource::StartPosition
        );
        let err = OpeningSource::from_arg("random:x").unwrap_err().to_string();
        assert!(err.contains("random:x"), "{err}");
        let err = OpeningSource::from_arg("/no/such/file")
            .unwrap_err()
            .to_string();
        assert!(err.contains("/no/such/file"), "{err}");
    }

    #[test]
    fn agent_lists_keep_commas_inside_specs() {
        assert_eq!(
            split_agent_list("alphabeta:depth=9,order=center, mcts:time=1s,random;greedy:eval=x"),
            [
                "alphabeta:depth=9,order=center",
                "mcts:time=1s",
                "random",
                "greedy:eval=x"
            ]
        );
        assert_eq!(split_agent_list(" a ,, b "), ["a", "b"]);
        assert!(split_agent_list("").is_empty());
    }

    #[test]
    fn validation_names_the_setting() {
        let mut c = TournamentConfig::new(vec!["a".into()]);
        assert!(c.validate().unwrap_err().to_string().contains("two agents"));
        c.agents = vec!["a".into(), "a".into()];
        assert!(c.validate().unwrap_err().to_string().contains("twice"));
        c.agents = vec!["a".into(), "b".into()];
        c.anchor = Some("c".into());
        assert!(c.validate().unwrap_err().to_string().contains("anchor"));
        c.anchor = Some("2".into());
        assert_eq!(c.anchor_index().unwrap(), 1);
        c.validate().unwrap();
    }
}
