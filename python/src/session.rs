//! One game in progress, whatever the game: a state of the registry's type and the moves
//! played on it, behind the object-safe [`DynState`] the Python classes hold.
//!
//! PyO3 classes cannot be generic, so the generic code is compiled once per game (through
//! `ply_registry::with_game!`) into `Session<G>` and reached through this trait.

use std::any::Any;
use std::sync::atomic::AtomicBool;
use std::sync::OnceLock;

use ply_core::{perft_until, Game, GameError, Player, Settings};
use ply_registry::{GameId, Registered};

/// What every game the registry lists offers the bindings.
pub trait Playable: Registered {}
impl<G: Registered> Playable for G {}

/// A move as Python sees it: its notation in its position and its action index.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveInfo {
    pub notation: String,
    pub action: usize,
}

/// A game in progress, of any game.
pub trait DynState: Send + Sync {
    fn game(&self) -> GameId;
    /// The variant settings the game was started from (as given: defaults left out).
    fn settings(&self) -> &Settings;
    fn boxed_clone(&self) -> Box<dyn DynState>;
    fn as_any(&self) -> &dyn Any;
    fn legal_moves(&self) -> Vec<MoveInfo>;
    fn legal_actions(&self) -> Vec<usize>;
    /// Plays a move written in the game's notation.
    fn play_notation(&mut self, text: &str) -> Result<MoveInfo, GameError>;
    /// Plays the legal move with action index `action`.
    fn play_action(&mut self, action: usize) -> Result<MoveInfo, GameError>;
    /// `play_action` without describing the move: the fast path of Python loops.
    fn apply_action(&mut self, action: usize) -> Result<(), GameError>;
    /// Takes back the last move played through this session, if any.
    fn undo(&mut self) -> Option<String>;
    /// The moves played through this session, in notation.
    fn history(&self) -> Vec<String>;
    /// How many moves were played through this session.
    fn moves_played(&self) -> usize;
    /// The position before the moves of `history`, as `position` writes it.
    fn first_position(&self) -> String;
    fn scores(&self) -> Option<Vec<f64>>;
    fn to_move(&self) -> Player;
    fn num_players(&self) -> usize;
    fn variant(&self) -> String;
    fn position(&self) -> String;
    /// A new session at the position `text`, in this state's variant.
    fn at_position(&self, text: &str) -> Result<Box<dyn DynState>, GameError>;
    fn board(&self) -> String;
    /// Perft from this position; `None` once `stop` is set.
    fn perft(&self, depth: u32, stop: &AtomicBool) -> Option<u64>;
    fn observation_shape(&self) -> [usize; 3];
    fn plane_names(&self) -> Vec<String>;
    fn observation(&self, player: Player) -> Vec<f32>;
    fn num_actions(&self) -> usize;
    fn action_mask(&self) -> Vec<u8>;
    /// The notation of the move `action` names when `player` makes it here, legal or not;
    /// `None` for an index that names no move of this variant.
    fn action_notation(&self, player: Player, action: usize) -> Option<String>;
    /// The action whose move `text` writes when `player` makes it here, legal or not.
    fn notation_action(&self, player: Player, text: &str) -> Option<usize>;
    /// The most plies a game of the variant lasts, if its rules bound it.
    fn max_game_length(&self) -> Option<usize>;
    /// The action indices of the moves played through this session, each in its position.
    fn history_actions(&self) -> Vec<usize>;
    /// Whether the session's first position is the start of its variant.
    fn starts_at_start(&self) -> bool;
}

/// A state of game `G` and the moves played on it (for `undo`).
#[derive(Clone)]
pub struct Session<G: Game> {
    pub state: G,
    pub moves: Vec<G::Move>,
    /// The settings of the variant (a position's text does not carry them): what pickling
    /// needs to rebuild the state elsewhere.
    pub settings: Settings,
    /// The legal moves of `state`, once asked for: a Python loop asks for them and then
    /// plays one of them, and generating them twice would double its cost (Quoridor's
    /// wall moves each need a path search).
    legal: OnceLock<Vec<G::Move>>,
}

impl<G: Playable> Session<G> {
    /// A session at `state`, a position of the variant `settings` describe.
    pub fn new(state: G, settings: Settings) -> Self {
        Session {
            state,
            moves: Vec::new(),
            settings,
            legal: OnceLock::new(),
        }
    }

    /// The position before the session's moves.
    fn first(&self) -> G {
        let mut first = self.state.clone();
        for &mv in self.moves.iter().rev() {
            first.undo(mv);
        }
        first
    }

    fn info(&self, mv: G::Move) -> MoveInfo {
        MoveInfo {
            notation: self.state.format_move(mv),
            action: self.state.action_of(mv),
        }
    }

    fn moves(&self) -> &[G::Move] {
        self.legal.get_or_init(|| {
            let mut moves = Vec::new();
            self.state.legal_moves(&mut moves);
            moves
        })
    }

    /// Plays `mv`, already checked, and remembers it.
    fn push(&mut self, mv: G::Move) -> MoveInfo {
        let info = self.info(mv);
        self.push_quietly(mv);
        info
    }

    fn push_quietly(&mut self, mv: G::Move) {
        self.state.play(mv);
        self.moves.push(mv);
        self.legal = OnceLock::new();
    }

    /// The legal move whose action index is `action`, or why there is none.
    pub fn move_of(&self, action: usize) -> Result<G::Move, GameError> {
        if self.state.is_terminal() {
            return Err(GameError::GameOver);
        }
        let found = self
            .moves()
            .iter()
            .copied()
            .find(|&mv| self.state.action_of(mv) == action);
        let size = self.state.num_actions();
        match found {
            Some(mv) => Ok(mv),
            None if action >= size => Err(GameError::illegal(
                format!("action {action}"),
                format!("actions of this variant are 0 to {}", size - 1),
            )),
            None => Err(GameError::illegal(
                format!("action {action}"),
                "not a legal move in this position (see legal_actions())",
            )),
        }
    }
}

impl<G: Playable> DynState for Session<G> {
    fn game(&self) -> GameId {
        crate::registry::game_id::<G>()
    }

    fn settings(&self) -> &Settings {
        &self.settings
    }

    fn boxed_clone(&self) -> Box<dyn DynState> {
        Box::new(self.clone())
    }

    fn as_any(&self) -> &dyn Any {
        self
    }

    fn legal_moves(&self) -> Vec<MoveInfo> {
        self.moves().iter().map(|&mv| self.info(mv)).collect()
    }

    fn legal_actions(&self) -> Vec<usize> {
        self.moves()
            .iter()
            .map(|&mv| self.state.action_of(mv))
            .collect()
    }

    fn play_notation(&mut self, text: &str) -> Result<MoveInfo, GameError> {
        let mv = self.state.parse_move(text)?;
        self.state.check_move(mv)?;
        Ok(self.push(mv))
    }

    fn play_action(&mut self, action: usize) -> Result<MoveInfo, GameError> {
        let mv = self.move_of(action)?;
        Ok(self.push(mv))
    }

    fn apply_action(&mut self, action: usize) -> Result<(), GameError> {
        let mv = self.move_of(action)?;
        self.push_quietly(mv);
        Ok(())
    }

    fn undo(&mut self) -> Option<String> {
        let mv = self.moves.pop()?;
        self.state.undo(mv);
        self.legal = OnceLock::new();
        Some(self.state.format_move(mv))
    }

    fn history(&self) -> Vec<String> {
        // Each move is written in the position it was played in (halma's notation reads
        // the board), so the moves are replayed from the first position.
        let mut replay = self.first();
        self.moves
            .iter()
            .map(|&mv| {
                let text = replay.format_move(mv);
                replay.play(mv);
                text
            })
            .collect()
    }

    fn moves_played(&self) -> usize {
        self.moves.len()
    }

    fn first_position(&self) -> String {
        self.first().to_text()
    }

    fn scores(&self) -> Option<Vec<f64>> {
        self.state.outcome().map(|s| s.as_slice().to_vec())
    }

    fn to_move(&self) -> Player {
        self.state.to_move()
    }

    fn num_players(&self) -> usize {
        self.state.num_players()
    }

    fn variant(&self) -> String {
        self.state.variant()
    }

    fn position(&self) -> String {
        self.state.to_text()
    }

    fn at_position(&self, text: &str) -> Result<Box<dyn DynState>, GameError> {
        Ok(Box::new(Session::new(
            self.state.from_text(text)?,
            self.settings.clone(),
        )))
    }

    fn board(&self) -> String {
        self.state.to_string()
    }

    fn perft(&self, depth: u32, stop: &AtomicBool) -> Option<u64> {
        perft_until(&mut self.state.clone(), depth, Some(stop))
    }

    fn observation_shape(&self) -> [usize; 3] {
        self.state.observation_shape()
    }

    fn plane_names(&self) -> Vec<String> {
        self.state.plane_names()
    }

    fn observation(&self, player: Player) -> Vec<f32> {
        let shape = self.state.observation_shape();
        let mut out = vec![0.0; shape.iter().product()];
        self.state.observe(player, &mut out);
        out
    }

    fn num_actions(&self) -> usize {
        self.state.num_actions()
    }

    fn action_mask(&self) -> Vec<u8> {
        let mut mask = vec![0; self.state.num_actions()];
        for action in self.legal_actions() {
            mask[action] = 1;
        }
        mask
    }

    fn action_notation(&self, player: Player, action: usize) -> Option<String> {
        self.state
            .action_move(player, action)
            .map(|mv| self.state.format_move(mv))
    }

    fn notation_action(&self, player: Player, text: &str) -> Option<usize> {
        let text = text.trim();
        let parsed = self.state.parse_move(text).ok();
        let named = |wanted: &str| {
            (0..self.state.num_actions())
                .find(|&action| self.action_notation(player, action).as_deref() == Some(wanted))
        };
        // The quick way, for a move written as the game writes it: the index of the move
        // read, when it names that move for `player`.
        if let Some(mv) = parsed.filter(|&mv| self.state.format_move(mv) == text) {
            let action = self.state.action_of(mv);
            if action < self.state.num_actions()
                && self.state.action_move(player, action) == Some(mv)
            {
                return Some(action);
            }
        }
        // Otherwise the action whose name it is; failing that, the one of the move read,
        // written as the game writes it (`A6-A5` for `a6a5`). Reading the board may lose
        // what a name says of another position (a capture where nothing stands now).
        named(text).or_else(|| parsed.and_then(|mv| named(&self.state.format_move(mv))))
    }

    fn max_game_length(&self) -> Option<usize> {
        self.state.max_game_length()
    }

    fn history_actions(&self) -> Vec<usize> {
        let mut replay = self.first();
        self.moves
            .iter()
            .map(|&mv| {
                let action = replay.action_of(mv);
                replay.play(mv);
                action
            })
            .collect()
    }

    fn starts_at_start(&self) -> bool {
        G::from_settings(&self.settings).is_ok_and(|start| start == self.first())
    }
}
