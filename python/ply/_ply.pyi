"""Type stubs of the native module ``ply._ply`` (re-exported by ``ply``)."""

import os
from typing import Any, Callable, Dict, Iterable, List, Optional, Sequence, Tuple, Union, final

import numpy as np
import numpy.typing as npt

__all__ = [
    "Agent",
    "Decision",
    "Game",
    "IllegalMoveError",
    "Move",
    "State",
    "_BookBuild",
    "_RunFolder",
    "_Tournament",
    "_arena",
    "_examples",
    "_games_json",
    "_run_settings",
    "_self_play",
    "_train",
    "analyze_connect4",
    "load_game",
    "new_game",
    "perft",
    "solve_connect4",
]

class IllegalMoveError(ValueError):
    """A move the rules refuse here (or any move once the game is over)."""

@final
class Move:
    """A move of one position: its notation and its index in the variant's action space."""

    @property
    def notation(self) -> str:
        """The move in the game's notation (``"4"``, ``"e8"``, ``"e3h"``, ``"1,-4 1,-3"``)."""
    @property
    def action(self) -> int:
        """Its index in the variant's fixed action space (see ``State.num_actions``)."""
    def __new__(cls, notation: str, action: int) -> Move: ...
    def __reduce__(self) -> Tuple[Any, Tuple[Any, ...]]: ...
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...

_MoveLike = Union[str, Move, int]

@final
class State:
    """A position of a game and the moves played to reach it through this object."""

    @property
    def game(self) -> str:
        """The game's name (``"connect4"``)."""
    @property
    def variant(self) -> str:
        """The variant in words (``"7x6, 4 in a row"``; a standard variant the game leaves
        unnamed by its settings, ``"width=3, height=3, k=3"``)."""
    @property
    def num_players(self) -> int: ...
    @property
    def observation_shape(self) -> Tuple[int, int, int]:
        """The observation tensor's shape, ``(planes, rows, columns)``."""
    @property
    def num_actions(self) -> int:
        """The size of the variant's fixed action space."""
    def legal_moves(self) -> List[Move]:
        """Every legal move, in the game's deterministic order (none once the game is over)."""
    def legal_actions(self, player: Optional[int] = None) -> List[int]:
        """The action indices of the legal moves (same order as ``legal_moves``); none for a
        ``player`` who is not to move."""
    def is_terminal(self) -> bool: ...
    def is_chance_node(self) -> bool: ...
    def is_simultaneous_node(self) -> bool: ...
    def is_player_node(self) -> bool: ...
    def current_player(self) -> int:
        """The player to move, or -4 (OpenSpiel's ``TERMINAL``) once the game is over."""
    def rewards(self) -> List[float]:
        """``returns()`` once the game is over, all 0 before."""
    def player_return(self, player: int) -> float: ...
    def player_reward(self, player: int) -> float: ...
    def action_to_string(self, player_or_action: int, action: Optional[int] = None) -> str:
        """The name of an action of the space, legal here or not."""
    def string_to_action(self, player_or_text: Union[int, str], text: Optional[str] = None) -> int:
        """The action a name (``action_to_string``'s, or any notation the game reads) names."""
    def legal_actions_mask(self, player: Optional[int] = None) -> List[int]:
        """1 for each legal action, 0 for the others (all 0 for a player not to move)."""
    def observation_tensor(self, player: Optional[int] = None) -> List[float]:
        """The observation, flat."""
    def observation_string(self, player: Optional[int] = None) -> str:
        """The board, as ``str(state)`` draws it."""
    def information_state_tensor(self, player: Optional[int] = None) -> List[float]:
        """``observation_tensor``: perfect information."""
    def information_state_string(self, player: Optional[int] = None) -> str:
        """``observation_string``: perfect information."""
    def num_distinct_actions(self) -> int: ...
    def get_game(self) -> Game:
        """The game and variant of this state."""
    def play(self, move_: _MoveLike) -> Move:
        """Plays a move given as notation, a ``Move`` or an action index; returns the ``Move``.
        An illegal move raises ``IllegalMoveError`` and changes nothing."""
    def apply_action(self, action: int) -> None:
        """Plays the legal move with action index ``action`` and returns nothing: the fast
        path for loops over actions (OpenSpiel's name). Raises as ``play`` does."""
    def child(self, move_: _MoveLike) -> State:
        """A new state: this one (history included) after ``move_``; this one is left as it is."""
    def undo(self) -> str:
        """Takes back the last move played on this object; returns its notation."""
    def history(self) -> List[int]:
        """The action indices of the moves played on this object."""
    def history_notation(self) -> List[str]:
        """The moves played on this object, in notation."""
    def history_str(self) -> str:
        """``history()`` joined by ``", "``."""
    def move_number(self) -> int:
        """Moves played on this object."""
    def serialize(self) -> str:
        """The state as text ``Game.deserialize_state`` reads back."""
    def is_over(self) -> bool: ...
    def scores(self) -> Optional[List[float]]:
        """One score per player once the game is over (win 1, draw 0.5, loss 0; three-player
        halma ranks 2/1/0); ``None`` while it goes on."""
    def returns(self) -> List[float]:
        """One return per player in -1..1, as OpenSpiel's: the scores scaled so the best is 1
        and the worst -1 (win 1, loss -1, draw 0 with two players); all 0 while the game
        goes on."""
    def __reduce__(self) -> Tuple[Any, Tuple[Any, ...]]:
        """Pickles with its history (``undo`` works after a round trip)."""
    def to_move(self) -> int:
        """The seat whose turn it is (0 first); meaningless once the game is over."""
    def clone(self) -> State:
        """An independent copy (history included)."""
    def __copy__(self) -> State: ...
    def __deepcopy__(self, memo: Any) -> State: ...
    def position(self) -> str:
        """The whole position as one line of text."""
    def from_position(self, position: str) -> State:
        """A new state at ``position`` (as ``position()`` writes it) in this state's variant."""
    def observation_planes(self) -> List[str]:
        """What each plane of the observation holds, in order."""
    def observation(self, player: Optional[int] = None) -> npt.NDArray[np.float32]:
        """The observation of ``player`` (default: the player to move): float32 planes of
        shape ``observation_shape``, from ``player``'s side."""
    def action_mask(self) -> npt.NDArray[np.int8]:
        """An int8 vector of ``num_actions`` entries, 1 where the action is legal."""
    def __eq__(self, other: object, /) -> bool: ...

@final
class Decision:
    """What an agent chose and what its search found on the way."""

    @property
    def move(self) -> Move: ...
    @property
    def value(self) -> float:
        """The position's value for the mover, in the agent's own scale."""
    @property
    def depth(self) -> int: ...
    @property
    def nodes(self) -> int: ...
    @property
    def pv(self) -> List[Move]:
        """The expected line of play, starting with the move."""
    @property
    def time(self) -> float:
        """Seconds spent."""
    @property
    def iterations(self) -> int: ...
    def __new__(
        cls,
        move_: Move,
        value: float,
        depth: int,
        nodes: int,
        pv: List[Move],
        time: float,
        iterations: int,
    ) -> Decision: ...
    def __reduce__(self) -> Tuple[Any, Tuple[Any, ...]]: ...

@final
class Agent:
    """A move chooser built from an agent spec (``"alphabeta:depth=6"``, ``"mcts:time=500ms"``)."""

    def __new__(cls, spec: str, game: Optional[str] = None, seed: Optional[int] = None) -> Agent: ...
    @property
    def spec(self) -> str: ...
    @property
    def games(self) -> List[str]:
        """The games whose catalog accepts the spec (of those tried so far)."""
    def choose(
        self,
        state: State,
        *,
        time: Optional[float] = None,
        depth: Optional[int] = None,
        nodes: Optional[int] = None,
        iterations: Optional[int] = None,
    ) -> Decision:
        """Chooses a move for the player to move, with the GIL released; Ctrl-C stops the
        search with ``KeyboardInterrupt``."""
    def new_game(self) -> None:
        """Forgets what the agent learned in earlier games."""
    def __reduce__(self) -> Tuple[Any, Tuple[Any, ...]]:
        """Pickles as its spec, game and seed."""

@final
class Game:
    """A game in the variant its settings describe (``load_game``)."""

    @property
    def name(self) -> str: ...
    @property
    def variant(self) -> str:
        """The variant in words (``"7x6, 4 in a row"``)."""
    @property
    def settings(self) -> Dict[str, str]:
        """The settings asked for, as given; the others are at their defaults."""
    @property
    def num_players(self) -> int: ...
    @property
    def num_actions(self) -> int:
        """The size of the variant's fixed action space."""
    @property
    def observation_shape(self) -> Tuple[int, int, int]:
        """The observation tensor's shape, ``(planes, rows, columns)``."""
    def num_distinct_actions(self) -> int:
        """``num_actions``, by OpenSpiel's name."""
    def observation_tensor_shape(self) -> Tuple[int, int, int]:
        """``observation_shape``, by OpenSpiel's name."""
    def new_initial_state(self) -> State:
        """The start position."""
    def max_game_length(self) -> Optional[int]:
        """The most plies a game lasts, when the rules bound it."""
    def min_utility(self) -> float: ...
    def max_utility(self) -> float: ...
    def utility_sum(self) -> Optional[float]:
        """0 with two players; ``None`` with more."""
    def max_chance_outcomes(self) -> int: ...
    def observation_tensor_size(self) -> int: ...
    def information_state_tensor_shape(self) -> Tuple[int, int, int]: ...
    def information_state_tensor_size(self) -> int: ...
    def get_type(self) -> Any:
        """The kind of game (a ``ply.GameType``)."""
    def get_parameters(self) -> Dict[str, Union[int, str]]:
        """Every variant parameter with its value."""
    def deserialize_state(self, text: str) -> State:
        """The state ``State.serialize`` (or OpenSpiel's) wrote."""
    def __reduce__(self) -> Tuple[Any, Tuple[Any, ...]]: ...
    def __eq__(self, other: object, /) -> bool: ...

def load_game(name: str, **settings: Union[int, str]) -> Game:
    """The game ``name`` in the variant the keyword settings ask for."""

def new_game(game: str, **settings: Union[int, str]) -> State:
    """The start position of ``game`` in the variant the keyword settings ask for
    (``new_game("quoridor", size=9, walls=10)``)."""

def perft(state: State, depth: int) -> int:
    """Leaf count at exactly ``depth`` plies (0 to 64) from ``state``; runs with the GIL
    released, and Ctrl-C stops it with ``KeyboardInterrupt``."""

def solve_connect4(
    position: Union[State, str], *, weak: bool = False, **settings: Union[int, str]
) -> int:
    """The exact score of a Connect Four position for the player to move (Pons' convention:
    positive a win, negative a loss, 0 a draw); ``position`` is a connect4 ``State`` or a move
    string of 1-based columns on the board ``width``, ``height``, ``k`` describe."""

def analyze_connect4(
    position: Union[State, str], *, weak: bool = False, **settings: Union[int, str]
) -> List[Optional[int]]:
    """The score of every column for the player to move; ``None`` for a full column."""

def _games_json() -> str: ...
def _arena(
    state: State,
    specs: Sequence[str],
    callables: Sequence[Tuple[str, Callable[[State], _MoveLike]]],
    **settings: Any,
) -> Tuple[str, List[str], str]: ...
def _run_settings(game: str, options: Dict[str, Any]) -> str: ...
def _self_play(model: bytes, run_json: str, indices: List[int]) -> List[str]: ...
def _examples(
    game: str, records: List[str], q_share: float = 0.0, **variant: Union[int, str]
) -> Tuple[
    bytes, Tuple[int, int, int, int], bytes, Tuple[int, int], bytes, Tuple[int, int]
]: ...
def _train(
    out: Any,
    run_json: str,
    resume: bool,
    self_play: Optional[Callable[[bytes, str, List[int]], Iterable[str]]] = None,
) -> str: ...

@final
class _RunFolder:
    """A tournament's run folder while its games come in (``ply_arena::RunFolder``)."""

    def previous(self) -> List[str]: ...
    def previous_indices(self) -> List[int]: ...
    def warnings(self) -> List[str]: ...
    def append(self, record: str) -> None: ...

@final
class _Tournament:
    """A tournament whose games are played one at a time, by index (``ply.Tournament``)."""

    def __new__(cls, state: State, specs: Sequence[str], **settings: Any) -> _Tournament: ...
    @property
    def planned_games(self) -> int: ...
    def clocked(self) -> List[str]: ...
    def play(self, index: int) -> str: ...
    def result(self, records: Sequence[str]) -> Tuple[str, str]: ...
    def open_folder(self, dir: Union[str, "os.PathLike[str]"], mode: str) -> _RunFolder: ...
    def finish(
        self, folder: _RunFolder
    ) -> Tuple[List["os.PathLike[str]"], List[str], str, str]: ...

@final
class _BookBuild:
    """A Connect Four opening book built a run of positions at a time (``BookBuild``)."""

    def __new__(cls, depth: int, outcomes: bool, **settings: Union[int, str]) -> _BookBuild: ...
    def keys(self) -> List[int]: ...
    def solve(self, start: int, end: int, table_bits: int) -> List[Tuple[int, int]]: ...
    @staticmethod
    def check_table_bits(table_bits: int) -> int: ...
    def progress_header(self) -> str: ...
    @staticmethod
    def progress_line(key: int, score: int) -> str: ...
    def open_progress(self, out: str) -> Tuple[str, int]: ...
    def read_progress_file(self, path: str) -> Dict[int, int]: ...
    def write_book(self, scores: Dict[int, int], path: str) -> int: ...
