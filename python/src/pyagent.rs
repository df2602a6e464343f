//! A Python callable as an agent: `f(state) -> move`, so a user's own player can sit at an
//! arena's table next to the catalog's.

use std::time::Instant;

use ply_core::{Agent, Decision, Game, SearchLimits, Settings};
use pyo3::prelude::*;

use crate::session::{Playable, Session};
use crate::state::{MoveArg, State};

/// A Python function from a `ply.State` to a move (notation, `ply.Move` or action index).
pub struct PyAgent<G: Game> {
    name: String,
    function: Py<PyAny>,
    /// The variant's settings, for the states the function is shown.
    settings: Settings,
    _game: std::marker::PhantomData<fn() -> G>,
}

impl<G: Playable> PyAgent<G> {
    pub fn new(name: String, function: Py<PyAny>, settings: Settings) -> Self {
        PyAgent {
            name,
            function,
            settings,
            _game: std::marker::PhantomData,
        }
    }

    /// The function's move, or why there is none (an exception, a value that is no move).
    fn ask(&self, state: &G) -> Result<G::Move, String> {
        Python::with_gil(|py| {
            let view = State::new(Box::new(Session::new(state.clone(), self.settings.clone())));
            let answer = self
                .function
                .call1(py, (view,))
                .map_err(|e| format!("raised {e}"))?;
            let answer = answer.bind(py);
            let arg = MoveArg::read(answer).map_err(|_| {
                format!(
                    "returned {}, not a move (notation, ply.Move or action index)",
                    answer.repr().map(|r| r.to_string()).unwrap_or_default()
                )
            })?;
            // A move is only read here: its legality is left to the arena, which records an
            // illegal move as the agent's forfeit (`illegal-move`) with the rule it breaks.
            // An action index outside the variant's space names no move at all.
            match arg {
                MoveArg::Notation(text) => state.parse_move(&text).map_err(|e| e.to_string()),
                MoveArg::Move(m) => state.parse_move(&m.notation).map_err(|e| e.to_string()),
                MoveArg::Action(action) => {
                    state.action_move(state.to_move(), action).ok_or_else(|| {
                        format!(
                            "returned action {action}, which names no move of this variant \
                             (actions 0 to {})",
                            state.num_actions() - 1
                        )
                    })
                }
            }
        })
    }
}

impl<G: Playable> Agent<G> for PyAgent<G> {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn select(&mut self, state: &G, _limits: &SearchLimits) -> Option<Decision<G::Move>> {
        if state.is_terminal() {
            return None;
        }
        let start = Instant::now();
        match self.ask(state) {
            Ok(mv) => {
                let mut decision = Decision::just(mv);
                decision.elapsed = start.elapsed();
                Some(decision)
            }
            // The arena turns an agent's panic into its forfeit, with this message as the
            // reason: the tournament goes on.
            Err(reason) => panic!("python agent {} {reason}", self.name),
        }
    }
}
