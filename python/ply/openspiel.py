"""ply's games as OpenSpiel games: ``import ply.openspiel`` registers every game of ply's
registry with OpenSpiel as a Python game named ``ply_`` and its name (``ply_connect4``,
``ply_quoridor``, ...), its variant settings as game parameters, so that OpenSpiel's own
code runs on it unchanged:

>>> import pyspiel, ply.openspiel
>>> game = pyspiel.load_game("ply_connect4(width=6,height=5)")
>>> from open_spiel.python.algorithms import mcts
>>> bot = mcts.MCTSBot(game, 2, 100, mcts.RandomRolloutEvaluator())

Needs OpenSpiel: ``pip install "./python[openspiel]"``.

The game parameters are ply's variant settings with their defaults (``ply.games()`` lists
them); a default the game computes from the others (Quoridor's ``walls``, halma's
``move-limit``) is ``-1``, meaning "as ply computes it". A game whose positions can repeat
without end (Quoridor) takes one more parameter, ``max_game_length``: a game still going
after that many plies ends drawn (returns all 0), as OpenSpiel's own Quoridor does.

Actions, observations and returns are ply's (``State.action_to_string``,
``State.observation``, ``State.returns``); the information state, as in OpenSpiel's own
perfect-information games, is the history (``history_str``), which is perfect recall.
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional, Union

import numpy as np

try:
    import pyspiel
    from open_spiel.python.observation import IIGObserverForPublicInfoGame
except ImportError as e:  # pragma: no cover - depends on the environment
    raise ImportError(
        'ply.openspiel needs OpenSpiel: pip install "./python[openspiel]" (or pip install '
        "open_spiel)"
    ) from e

from . import _ply
from ._arena import DEFAULTS
from ._info import GameInfo, games

__all__ = ["PREFIX", "COMPUTED", "MAX_GAME_LENGTH", "game_name", "registered"]

# Each ply game is registered as PREFIX + its name.
PREFIX = "ply_"

# The value of a whole-number parameter whose default ply computes from the others.
COMPUTED = -1

# The parameter that bounds a game whose rules do not, and its default: the arena's move
# limit (`ply arena --max-plies`).
MAX_GAME_LENGTH = "max_game_length"
DEFAULT_MAX_GAME_LENGTH: int = DEFAULTS["max_plies"]


TERMINAL = int(pyspiel.PlayerId.TERMINAL)


def game_name(name: str) -> str:
    """The OpenSpiel name of ply's game ``name``."""
    return PREFIX + name


def _specification(info: GameInfo) -> Dict[str, Union[int, str]]:
    """The game parameters of ``info``'s game and their defaults."""
    spec: Dict[str, Union[int, str]] = {}
    for param in info.params:
        if param.kind == "int":
            spec[param.name] = int(param.default) if param.default.isdigit() else COMPUTED
        else:
            spec[param.name] = param.default
    if _ply.load_game(info.name).max_game_length() is None:
        spec[MAX_GAME_LENGTH] = DEFAULT_MAX_GAME_LENGTH
    return spec


def _game_type(info: GameInfo, variant: Optional["_ply.Game"] = None) -> "pyspiel.GameType":
    """The OpenSpiel game type of ``info``'s game; its utility is that of ``variant`` (the
    standard one by default: zero-sum with two players, general-sum with more)."""
    kind = (variant or _ply.load_game(info.name)).get_type()
    return pyspiel.GameType(
        short_name=game_name(info.name),
        long_name=f"ply {info.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.DETERMINISTIC,
        information=pyspiel.GameType.Information.PERFECT_INFORMATION,
        utility=getattr(pyspiel.GameType.Utility, kind.utility),
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=kind.max_num_players,
        min_num_players=kind.min_num_players,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=_specification(info),
    )


class PlyGame(pyspiel.Game):
    """A ply game in the variant its parameters give (a subclass per game sets ``INFO``)."""

    INFO: GameInfo

    def __init__(self, params: Optional[Dict[str, Any]] = None) -> None:
        params = dict(params or {})
        names = {p.name for p in self.INFO.params}
        settings = {k: v for k, v in params.items() if k in names and v != COMPUTED}
        self.ply_game = _ply.load_game(self.INFO.name, **settings)
        bound = self.ply_game.max_game_length()
        limit = params.get(MAX_GAME_LENGTH, DEFAULT_MAX_GAME_LENGTH)
        if bound is None and (not isinstance(limit, int) or limit < 1):
            raise ValueError(f"{MAX_GAME_LENGTH}={limit!r}: at least 1 ply")
        self.max_length: int = bound if bound is not None else limit
        # Where a game is cut short: only one whose rules do not bound it.
        self.cut_at: Optional[int] = None if bound is not None else limit
        info = pyspiel.GameInfo(
            num_distinct_actions=self.ply_game.num_distinct_actions(),
            max_chance_outcomes=0,
            num_players=self.ply_game.num_players,
            min_utility=self.ply_game.min_utility(),
            max_utility=self.ply_game.max_utility(),
            utility_sum=self.ply_game.utility_sum(),
            max_game_length=self.max_length,
        )
        super().__init__(_game_type(self.INFO, self.ply_game), info, params)

    def new_initial_state(self) -> "PlyState":
        return PlyState(self, self.ply_game.new_initial_state())

    def __reduce__(self) -> Any:
        # By name and parameters, through this module, so that unpickling (in another
        # process: OpenSpiel's AlphaZero sends the game to its workers) registers the games
        # before loading one. pyspiel's own pickling would leave out the Python half.
        return (_load, (str(self),))

    def make_py_observer(
        self, iig_obs_type: Any = None, params: Optional[Dict[str, Any]] = None
    ) -> Any:
        # Perfect recall (information states) is the history; otherwise the board.
        if iig_obs_type is None or (iig_obs_type.public_info and not iig_obs_type.perfect_recall):
            return BoardObserver(self.ply_game, params)
        return IIGObserverForPublicInfoGame(iig_obs_type, params)


class PlyState(pyspiel.State):
    """A position of a ply game, as an OpenSpiel state: its ply ``State`` is ``ply_state``."""

    def __init__(self, game: PlyGame, ply_state: "_ply.State") -> None:
        super().__init__(game)
        self.ply_state = ply_state
        self._cut_at = game.cut_at

    def current_player(self) -> int:
        if self._cut_at is not None and self.ply_state.move_number() >= self._cut_at:
            return TERMINAL
        return self.ply_state.current_player()

    def _legal_actions(self, player: int) -> List[int]:
        if player != self.current_player():
            return []
        return sorted(self.ply_state.legal_actions())

    def _apply_action(self, action: int) -> None:
        self.ply_state.apply_action(action)

    def _action_to_string(self, player: int, action: int) -> str:
        return self.ply_state.action_to_string(player, action)

    def is_terminal(self) -> bool:
        if self._cut_at is not None and self.ply_state.move_number() >= self._cut_at:
            return True
        return self.ply_state.is_over()

    def returns(self) -> List[float]:
        return self.ply_state.returns()

    def __str__(self) -> str:
        return str(self.ply_state)

    def __reduce__(self) -> Any:
        return (_load_state, (str(self.get_game()), self.serialize()))


class BoardObserver:
    """The observation of a player: ply's planes (``State.observation``) and the board."""

    def __init__(self, game: "_ply.Game", params: Optional[Dict[str, Any]]) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported; passed {params}")
        shape = game.observation_tensor_shape()
        self.tensor = np.zeros(int(np.prod(shape)), np.float32)
        self.dict = {"observation": self.tensor.reshape(shape)}

    def set_from(self, state: PlyState, player: int) -> None:
        self.tensor[:] = state.ply_state.observation(player).ravel()

    def string_from(self, state: PlyState, player: int) -> str:
        return state.ply_state.observation_string(player)


def _load(name: str) -> "pyspiel.Game":
    """The game OpenSpiel's ``load_game(name)`` gives (what a pickled game calls)."""
    return pyspiel.load_game(name)


def _load_state(game: str, serialized: str) -> "pyspiel.State":
    """The state ``serialized`` of the game ``game`` (what a pickled state calls)."""
    return pyspiel.load_game(game).deserialize_state(serialized)


def _register() -> List[str]:
    """Registers every game of ply's registry not registered yet; returns their names."""
    known = set(pyspiel.registered_names())
    added = []
    for info in games():
        name = game_name(info.name)
        if name in known:
            continue
        game_class = type(f"Ply_{info.name}", (PlyGame,), {"INFO": info, "__module__": __name__})
        globals()[game_class.__name__] = game_class
        pyspiel.register_game(_game_type(info), game_class)
        added.append(name)
    return added


_register()


def registered() -> List[str]:
    """The OpenSpiel names of ply's games, in the registry's order."""
    return [game_name(info.name) for info in games()]
