//! One game being played: its position, the moves so far and the catalog of agents that may
//! move in it. [`Session`] hides the game type so the server can keep every game in one
//! table.
//!
//! The server ends every game, whatever its rules: a position that occurs a third time, or
//! the [`MAX_PLIES`]-th ply, draws it (see docs/rules.md, "Draws, move caps and repetition").
//! Quoridor's rules have no draw, so without this two players shuffling their pawns could
//! keep a game, and its ever longer history, going for ever.

use std::collections::HashMap;
use std::sync::Arc;
use std::time::{Duration, SystemTime};

use ply_core::words::proven_text;
use ply_core::{Described, Game, GameError, Settings, ZobristHash};
use ply_search::spec::{parse_spec, Catalog, TimedSpec};
use serde::Serialize;
use serde_json::Value;

use crate::analysis::{choose_analyst, AnalysisJob, AnalystChoice, GameAnalysisJob};
use crate::engine::Budget;
use crate::error::ApiError;
use crate::policy::SpecPolicy;
use crate::record::{session_record, MoveNote, SessionHistory};
use crate::solver::{solver_view_spec, GameSolverJob, SolverJob};
use crate::views::{position_json, BoardView, ServerDraw};

/// The most plies a game may last in `ply serve`: the ply that reaches it draws the game.
/// The same default as `ply arena --max-plies`; tic-tac-toe and Connect Four end long
/// before, and halma's own 1000-ply rule, which comes first, keeps its ranked outcome.
pub const MAX_PLIES: usize = 1000;

/// The occurrence of one position (counted from the start) that draws the game.
const REPETITIONS_TO_DRAW: u32 = 3;

/// What the engine found, each move as a person reads it (`Game::show_move`, which the
/// game reads back).
#[derive(Debug, Clone, Serialize)]
pub struct EngineReport {
    /// The move chosen, as the view's move list writes it.
    #[serde(rename = "move")]
    pub mv: String,
    /// The agent spec that chose it.
    pub agent: String,
    /// The value for the mover, in the agent's own scale.
    pub value: f64,
    /// A proven value in words (`Yellow wins by force in 12 moves`), else `null`.
    pub proven: Option<String>,
    /// Deepest completed depth in plies.
    pub depth: u32,
    pub nodes: u64,
    /// Time the search itself took.
    pub time_ms: f64,
    /// The thinking time the server gave it.
    pub budget_ms: f64,
    /// Playouts or iterations completed.
    pub iterations: u64,
    /// The expected line, starting with the move, each as a person reads it
    /// (`Game::show_move`).
    pub pv: Vec<String>,
    /// Set when the agent spec's own `time=` won over the request's `time_ms`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

/// A search ready to run on another thread: a copy of the position and the agent to build.
pub trait SearchJob: Send {
    /// The agent spec the job builds, to name it when it fails.
    fn spec(&self) -> &str;
    /// Builds the agent, then searches within what the budget gives at that moment.
    fn run(self: Box<Self>, budget: &Budget) -> Result<EngineReport, ApiError>;
}

/// A game in play, whatever the game.
pub trait Session: Send {
    /// The view of the current position (see `views`), with the move history; a game the
    /// server has drawn shows as over, its `end` naming the rule.
    fn view(&self) -> Value;
    /// Plays a move given in the game's notation; returns it as the game writes it.
    fn play(&mut self, text: &str) -> Result<String, ApiError> {
        self.play_noted(text, MoveNote::default())
    }
    /// Plays a move as [`Session::play`] does, keeping what the record says of it (an
    /// engine's value and time).
    fn play_noted(&mut self, text: &str, note: MoveNote) -> Result<String, ApiError>;
    /// Takes back the last `count` moves (none: a no-op that succeeds).
    fn undo(&mut self, count: usize) -> Result<(), ApiError>;
    /// Prepares the engine's search of the current position with the agent `spec`, refusing
    /// a spec that does not build or that the server's `policy` refuses (see `policy`).
    /// `time`, the request's `time_ms`, is the agent's budget (`Catalog::with_time`).
    fn search_job(
        &self,
        spec: &str,
        time: Option<Duration>,
        rng_seed: u64,
        policy: &SpecPolicy,
    ) -> Result<Box<dyn SearchJob>, ApiError>;
    /// What judges an analysis of this game: the request's `agent`, else the game's analyst
    /// for its variant (see `analysis`), exact ones given `solver_time` a position.
    fn analyst(&self, agent: Option<&str>, solver_time: Duration) -> AnalystChoice;
    /// Prepares the analysis of the game from its start to now by `analyst`, searching each
    /// position for at most `time`; refused like [`Session::search_job`] refuses a spec.
    fn analysis_job(
        &self,
        analyst: AnalystChoice,
        time: Duration,
        rng_seed: u64,
        policy: &SpecPolicy,
    ) -> Result<Box<dyn AnalysisJob>, ApiError>;
    /// Prepares the solver view of the current position (see `solver`): the game's exact
    /// analyst, refused if the game has none, the game is over, or the `policy` refuses it.
    fn solver_job(&self, policy: &SpecPolicy) -> Result<Box<dyn SolverJob>, ApiError>;
    /// The game record (`ply_core::record`): tags, the moves with what the engine said of
    /// its own, the result (a draw by the server's rule says so in `Reason`).
    fn record(&self) -> String;
    /// Counts every change of position, so a search can tell if its position is stale.
    fn version(&self) -> u64;
    fn game_name(&self) -> &'static str;
}

/// A session of one game type.
///
/// Every move updates the session in O(1): the history is kept written out and positions
/// are counted by hash, so no request replays the game.
pub struct GameSession<G: Game> {
    state: G,
    /// Where the game started (a variant's start, a position, a record's start).
    start: G,
    /// The variant settings the game was made with, for the record's `Settings` tag.
    settings: Settings,
    /// When the game was made, for the record's `Date` tag.
    created: SystemTime,
    /// What the record says of each move beside its text (engine moves: value and time).
    notes: Vec<MoveNote>,
    /// The moves played, to take them back.
    moves: Vec<G::Move>,
    /// Each move written in the position where it was played, for the record.
    texts: Vec<String>,
    /// Each move as a person reads it (`Game::show_move`), for the view's move list.
    shown: Vec<String>,
    /// How often each position (by Zobrist hash, which includes the player to move) has
    /// occurred since the start, the start position included.
    seen: HashMap<u64, u32>,
    /// The ply that draws the game: [`MAX_PLIES`] but in tests.
    max_plies: usize,
    catalog: Arc<Catalog<G>>,
    version: u64,
}

impl<G: Described + ZobristHash + BoardView + ply_core::Encode> GameSession<G> {
    pub fn new(start: G, catalog: Arc<Catalog<G>>) -> Self {
        let seen = HashMap::from([(start.zobrist(), 1)]);
        GameSession {
            start: start.clone(),
            settings: Settings::new(),
            created: SystemTime::now(),
            notes: Vec::new(),
            state: start,
            moves: Vec::new(),
            texts: Vec::new(),
            shown: Vec::new(),
            seen,
            max_plies: MAX_PLIES,
            catalog,
            version: 0,
        }
    }

    /// The same session, made with `settings` (as the record's `Settings` tag writes them).
    pub fn with_settings(mut self, settings: Settings) -> Self {
        self.settings = settings;
        self
    }

    /// Why no move may follow, if the game is over: the server's rule that drew it, or that
    /// its own rules ended it.
    pub fn over_because(&self) -> Option<String> {
        if let Some(draw) = self.server_draw() {
            return Some(format!("{}, a rule of ply serve", draw.text()));
        }
        self.state
            .is_terminal()
            .then(|| "its rules ended it".to_string())
    }

    /// The same session with a smaller ply limit, so a test can reach it.
    #[cfg(test)]
    fn with_max_plies(mut self, max_plies: usize) -> Self {
        self.max_plies = max_plies;
        self
    }

    /// The draw the server has declared, if any. A game the rules ended keeps the rules'
    /// outcome, even when the same ply also reached a server limit.
    fn server_draw(&self) -> Option<ServerDraw> {
        if self.state.is_terminal() {
            None
        } else if self.occurrences(self.state.zobrist()) >= REPETITIONS_TO_DRAW {
            Some(ServerDraw::Repetition)
        } else if self.moves.len() >= self.max_plies {
            Some(ServerDraw::MoveLimit(self.max_plies))
        } else {
            None
        }
    }

    /// Over by the rules or by the server: no move, human or engine, may be played.
    fn is_over(&self) -> bool {
        self.state.is_terminal() || self.server_draw().is_some()
    }

    fn occurrences(&self, hash: u64) -> u32 {
        self.seen.get(&hash).copied().unwrap_or(0)
    }

    /// `spec` with the request's `time` (`Catalog::with_time`), refused before any search
    /// if it does not build or the server's `policy` refuses it: the one place every spec a
    /// request leads to is judged, in the form that will be built.
    fn checked_spec(
        &self,
        spec: &str,
        time: Option<Duration>,
        policy: &SpecPolicy,
    ) -> Result<TimedSpec, ApiError> {
        // A spec that does not even parse is refused before it waits for a search slot.
        if let Err(error) = parse_spec(spec, "") {
            let known: Vec<String> = self.catalog.entries().into_iter().map(|e| e.name).collect();
            return Err(ApiError::Spec(
                parse_spec(spec, &known.join(", ")).err().unwrap_or(error),
            ));
        }
        let timed = self.catalog.with_time(spec, time, "time_ms")?;
        // Judged before it is built: refused, it opens, starts and allocates nothing.
        policy.check(&self.catalog, &timed.spec)?;
        Ok(timed)
    }

    /// Counts the position just reached.
    fn enter_position(&mut self) {
        *self.seen.entry(self.state.zobrist()).or_insert(0) += 1;
    }

    /// Uncounts the position about to be left by an undo, forgetting it at zero so the
    /// table holds only positions of the current line.
    fn leave_position(&mut self) {
        let hash = self.state.zobrist();
        if let Some(count) = self.seen.get_mut(&hash) {
            *count -= 1;
            if *count == 0 {
                self.seen.remove(&hash);
            }
        }
    }
}

impl<G: Described + ZobristHash + BoardView + ply_core::Encode> Session for GameSession<G> {
    fn view(&self) -> Value {
        let mut scratch = Vec::new();
        let mut view = position_json(&self.state, self.server_draw(), &mut scratch);
        view["moves"] = Value::from(self.shown.as_slice());
        view["version"] = Value::from(self.version);
        // The settings the game was made with (defaults left out), so the page can put the
        // game in a link and make it again.
        let settings: serde_json::Map<String, Value> = self
            .settings
            .iter()
            .map(|(name, value)| (name.to_string(), Value::from(value)))
            .collect();
        view["settings"] = Value::Object(settings);
        view
    }

    fn play_noted(&mut self, text: &str, note: MoveNote) -> Result<String, ApiError> {
        // A finished game takes no move, whatever the text: 409 `game_over`, as documented,
        // rather than whatever the game's parser or rules would say. A server draw finishes
        // it just the same.
        if self.is_over() {
            return Err(ApiError::Game(GameError::GameOver));
        }
        let mv = self.state.parse_move(text)?;
        let written = self.state.format_move(mv);
        let shown = self.state.show_move(mv);
        self.state.try_play(mv)?;
        self.moves.push(mv);
        self.texts.push(written.clone());
        self.shown.push(shown);
        self.notes.push(note);
        self.enter_position();
        self.version += 1;
        Ok(written)
    }

    fn undo(&mut self, count: usize) -> Result<(), ApiError> {
        // Taking back nothing succeeds and changes nothing, as in QTP.
        if count == 0 {
            return Ok(());
        }
        if count > self.moves.len() {
            return Err(ApiError::CannotUndo {
                asked: count,
                played: self.moves.len(),
            });
        }
        for _ in 0..count {
            if let Some(mv) = self.moves.pop() {
                self.leave_position();
                self.texts.pop();
                self.shown.pop();
                self.notes.pop();
                self.state.undo(mv);
            }
        }
        self.version += 1;
        Ok(())
    }

    fn search_job(
        &self,
        spec: &str,
        time: Option<Duration>,
        rng_seed: u64,
        policy: &SpecPolicy,
    ) -> Result<Box<dyn SearchJob>, ApiError> {
        if self.is_over() {
            return Err(ApiError::GameOver);
        }
        let timed = self.checked_spec(spec, time, policy)?;
        Ok(Box::new(Job {
            state: self.state.clone(),
            catalog: self.catalog.clone(),
            spec: timed.spec,
            rng_seed,
            note: timed.note,
        }))
    }

    fn analyst(&self, agent: Option<&str>, solver_time: Duration) -> AnalystChoice {
        choose_analyst(&self.start, agent, solver_time)
    }

    fn analysis_job(
        &self,
        analyst: AnalystChoice,
        time: Duration,
        rng_seed: u64,
        policy: &SpecPolicy,
    ) -> Result<Box<dyn AnalysisJob>, ApiError> {
        let timed = self.checked_spec(&analyst.spec, Some(time), policy)?;
        Ok(Box::new(GameAnalysisJob {
            start: self.start.clone(),
            moves: self.moves.clone(),
            catalog: self.catalog.clone(),
            spec: timed.spec,
            time,
            rng_seed,
            fallback: analyst.fallback,
            version: self.version,
        }))
    }

    fn solver_job(&self, policy: &SpecPolicy) -> Result<Box<dyn SolverJob>, ApiError> {
        let spec = solver_view_spec::<G>().ok_or_else(|| ApiError::NoSolverView {
            game: self.state.name().to_string(),
            known: crate::games::solver_view_games().join(", "),
        })?;
        if self.is_over() {
            // No move to score: the view of a finished game is empty.
            return Err(ApiError::Game(GameError::GameOver));
        }
        let timed = self.checked_spec(spec, None, policy)?;
        Ok(Box::new(GameSolverJob {
            state: self.state.clone(),
            catalog: self.catalog.clone(),
            spec: timed.spec,
        }))
    }

    fn record(&self) -> String {
        let history = SessionHistory {
            start: &self.start,
            settings: &self.settings,
            created: self.created,
            texts: &self.texts,
            notes: &self.notes,
        };
        session_record(&self.state, &history, self.server_draw()).to_string()
    }

    fn version(&self) -> u64 {
        self.version
    }

    fn game_name(&self) -> &'static str {
        self.state.name()
    }
}

struct Job<G: Game> {
    state: G,
    catalog: Arc<Catalog<G>>,
    spec: String,
    rng_seed: u64,
    note: Option<String>,
}

impl<G: Described + ZobristHash> SearchJob for Job<G> {
    fn spec(&self) -> &str {
        &self.spec
    }

    fn run(self: Box<Self>, budget: &Budget) -> Result<EngineReport, ApiError> {
        let mut agent = self.catalog.build(&self.spec, self.rng_seed)?;
        let limits = budget.limits();
        let decision = agent
            .select(&self.state, &limits)
            .ok_or_else(|| ApiError::NoMove(self.spec.clone()))?;
        let mv = self.state.show_move(decision.mv);
        // Each move of the line is written in the position where it would be played; a line
        // that stops being legal (a stale table entry) is cut there.
        let mut line = self.state.clone();
        let mut pv = Vec::with_capacity(decision.pv.len());
        for &step in &decision.pv {
            if line.check_move(step).is_err() {
                break;
            }
            pv.push(line.show_move(step));
            line.play(step);
        }
        let seats = G::DESCRIPTOR.seat_names(self.state.num_players());
        let seat = |p: usize| {
            seats
                .get(p)
                .map_or_else(|| format!("seat {p}"), |s| s.to_string())
        };
        let proven = proven_text(
            decision.value,
            self.state.to_move(),
            self.state.num_players(),
            seat,
        );
        Ok(EngineReport {
            mv,
            agent: agent.name(),
            value: decision.value,
            proven,
            depth: decision.depth,
            nodes: decision.nodes,
            time_ms: duration_ms(decision.elapsed),
            budget_ms: limits.time.map_or(0.0, duration_ms),
            iterations: decision.iterations,
            pv,
            note: self.note,
        })
    }
}

pub(crate) fn duration_ms(d: Duration) -> f64 {
    (d.as_secs_f64() * 1e6).round() / 1e3
}

#[cfg(test)]
mod tests {
    use super::*;
    use ply_tictactoe::{LineCount, TicTacToe};
    use serde_json::json;

    fn tictactoe(max_plies: usize) -> GameSession<TicTacToe> {
        let catalog = Arc::new(Catalog::generic(Arc::new(LineCount)));
        GameSession::new(TicTacToe::new(), catalog).with_max_plies(max_plies)
    }

    fn play_all(session: &mut GameSession<TicTacToe>, moves: &[&str]) {
        for mv in moves {
            session.play(mv).expect("a legal move");
        }
    }

    #[test]
    fn the_ply_limit_draws_the_game_and_undo_reopens_it() {
        let mut session = tictactoe(3);
        play_all(&mut session, &["b2", "a1", "c3"]);
        let view = session.view();
        assert_eq!(view["over"], true, "{view}");
        assert_eq!(view["to_move"], Value::Null);
        assert_eq!(view["legal"], json!([]));
        assert_eq!(view["end"], "move_limit");
        assert_eq!(view["result"]["scores"], json!([0.5, 0.5]));
        assert_eq!(view["result"]["text"], "draw: the 3-ply limit was reached");
        assert!(matches!(
            session.play("c1"),
            Err(ApiError::Game(GameError::GameOver))
        ));
        assert!(matches!(
            session.search_job("random", None, 1, &SpecPolicy::new(&Default::default())),
            Err(ApiError::GameOver)
        ));
        let record = session.record();
        assert!(
            record.contains("[Result \"1/2-1/2\"]\n[Reason \"draw: the 3-ply limit was reached, a rule of ply serve\"]\n"),
            "{record}"
        );
        assert!(
            record.ends_with("\n1. b2\n2. a1\n3. c3\n1/2-1/2\n"),
            "{record}"
        );

        session.undo(1).expect("one move to take back");
        let view = session.view();
        assert_eq!(view["over"], false, "{view}");
        assert_eq!(view["end"], Value::Null);
        assert_eq!(view["to_move"], 0);
        let record = session.record();
        assert!(record.starts_with("[Game \"tictactoe\"]\n"), "{record}");
        assert!(
            record.ends_with("[Result \"*\"]\n\n1. b2\n2. a1\n*\n"),
            "{record}"
        );
        session.play("c1").expect("the game is open again");
        assert_eq!(session.view()["end"], "move_limit");
    }

    #[test]
    fn a_win_on_the_limit_ply_keeps_the_rules_outcome() {
        let mut session = tictactoe(5);
        play_all(&mut session, &["a1", "b1", "a2", "b2", "a3"]);
        let view = session.view();
        assert_eq!(view["over"], true, "{view}");
        assert_eq!(view["end"], "rules");
        assert_eq!(view["result"]["text"], "X wins");
        let record = session.record();
        assert!(!record.contains("ply serve"), "{record}");
        assert!(
            record.contains("[Result \"1-0\"]\n[Reason \"X wins\"]"),
            "{record}"
        );
    }

    #[test]
    fn the_default_limit_is_the_arena_default() {
        assert_eq!(tictactoe(MAX_PLIES).max_plies, 1000);
        let catalog = Arc::new(Catalog::generic(Arc::new(LineCount)));
        assert_eq!(
            GameSession::new(TicTacToe::new(), catalog).max_plies,
            MAX_PLIES
        );
    }

    #[test]
    fn positions_are_counted_from_the_start_and_uncounted_by_undo() {
        let mut session = tictactoe(MAX_PLIES);
        let start = session.state.zobrist();
        assert_eq!(session.occurrences(start), 1);
        play_all(&mut session, &["b2", "a1"]);
        assert_eq!(session.seen.len(), 3);
        session.undo(2).expect("two moves to take back");
        assert_eq!(session.seen, HashMap::from([(start, 1)]));
        assert!(session.texts.is_empty());
    }
}
