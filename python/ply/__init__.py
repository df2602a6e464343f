"""ply: adversarial search for board games, from Python.

The games (m,n,k-games, Connect Four, Quoridor, halma), their agents (alpha-beta, MCTS,
the Connect Four solver, ...), perft and tournaments of the Rust workspace ``ply``, through
its game registry: every game it lists is here, with no binding code of its own.

>>> import ply
>>> state = ply.new_game("connect4")
>>> state.play("4")
Move("4", action=3)
>>> ply.agent("alphabeta:depth=6").choose(state).move in state.legal_moves()
True
"""

from __future__ import annotations

from typing import Dict, List, Optional, Union

from . import _ply
from ._arena import ArenaResult, Tournament, arena
from ._info import CatalogEntry, GameInfo, Level, Param, games
from ._spiel import GameType
from ._ply import (
    Agent,
    Decision,
    Game,
    IllegalMoveError,
    Move,
    State,
    analyze_connect4,
    load_game,
    new_game,
    perft,
    solve_connect4,
)

__all__ = [
    "Agent",
    "ArenaResult",
    "CatalogEntry",
    "Decision",
    "Game",
    "GameInfo",
    "GameType",
    "IllegalMoveError",
    "Level",
    "Move",
    "Param",
    "State",
    "Tournament",
    "agent",
    "analyze_connect4",
    "arena",
    "from_position",
    "games",
    "load_game",
    "new_game",
    "perft",
    "solve_connect4",
]

__version__ = "0.1.0"


def agent(spec: str, game: Optional[str] = None, seed: int = 0) -> Agent:
    """An agent from a spec such as ``"alphabeta:depth=6"``, ``"mcts:time=500ms"`` or
    ``"perfect"`` (any spec ``ply list GAME`` shows). With ``game`` the spec is checked
    against that game's catalog; without, it must suit at least one game. ``seed`` seeds
    its randomness."""
    return _ply.Agent(spec, game, seed)


def from_position(game: str, position: str, **settings: Union[int, str]) -> State:
    """The state of ``game`` (in the variant ``settings`` describe) at ``position``, a text
    as ``State.position()`` writes it."""
    return _ply.new_game(game, **settings).from_position(position)


def _restore_state(game: str, settings: Dict[str, str], first: str, moves: List[str]) -> State:
    """Unpickles a ``State`` (see ``State.__reduce__``): the variant's state at its first
    position, then its moves, so its history comes back with it."""
    state = _ply.new_game(game, **settings).from_position(first)
    for move in moves:
        state.play(move)
    return state


def _restore_game(game: str, settings: Dict[str, str]) -> Game:
    """Unpickles a ``Game``."""
    return _ply.load_game(game, **settings)
