"""What ``ply.Game.get_type()`` returns: a game's kind, with the fields of OpenSpiel's
``pyspiel.GameType`` (its enums' member names as strings)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Dict, Union

from . import _ply
from ._info import games


@dataclass(frozen=True)
class GameType:
    """A game's kind, as OpenSpiel's ``GameType`` describes it. The enum fields hold the
    names of ``pyspiel.GameType``'s members (``utility == "ZERO_SUM"`` where pyspiel has
    ``pyspiel.GameType.Utility.ZERO_SUM``)."""

    short_name: str
    long_name: str
    max_num_players: int
    min_num_players: int
    utility: str
    parameter_specification: Dict[str, Union[int, str]] = field(default_factory=dict)
    dynamics: str = "SEQUENTIAL"
    chance_mode: str = "DETERMINISTIC"
    information: str = "PERFECT_INFORMATION"
    reward_model: str = "TERMINAL"
    provides_information_state_string: bool = True
    provides_information_state_tensor: bool = True
    provides_observation_string: bool = True
    provides_observation_tensor: bool = True


def game_type(game: "_ply.Game") -> GameType:
    """The kind of ``game`` (a variant): zero-sum with two players, general-sum with more
    (see ``Game.utility_sum``); the players the game seats, from its ``players`` parameter
    where it has one."""
    info = next(g for g in games() if g.name == game.name)
    players = next((p for p in info.params if p.name == "players"), None)
    most = len(info.seats)
    least = players.min if players is not None and players.min is not None else most
    specification: Dict[str, Union[int, str]] = {
        p.name: int(p.default) if p.kind == "int" else p.default
        for p in info.params
        if p.kind != "int" or p.default.isdigit()
    }
    return GameType(
        short_name=info.name,
        long_name=info.title,
        max_num_players=most,
        min_num_players=least,
        utility="ZERO_SUM" if game.utility_sum() == 0.0 else "GENERAL_SUM",
        parameter_specification=specification,
    )
