"""What ``ply.games()`` returns: each game's descriptor and agent catalog as dataclasses."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Dict, List, Optional, Tuple

from . import _ply


@dataclass(frozen=True)
class Param:
    """A variant parameter: a keyword of ``ply.new_game``."""

    name: str
    help: str
    kind: str  # "int" or "choice"
    default: str
    min: Optional[int] = None
    max: Optional[int] = None
    choices: Tuple[str, ...] = ()


@dataclass(frozen=True)
class CatalogEntry:
    """One line of the game's agent catalog (an agent, preset, evaluator, ordering or rollout)."""

    name: str
    kind: str
    description: str
    keys: Tuple[Tuple[str, str, str], ...]  # (key, default, help)


@dataclass(frozen=True)
class Level:
    """A rung of the game's difficulty ladder, weakest first."""

    id: str
    name: str
    spec: str


@dataclass(frozen=True)
class GameInfo:
    """Everything ``ply`` knows about a game without a position."""

    name: str
    title: str
    summary: str
    params: Tuple[Param, ...]
    seats: Tuple[str, ...]
    notation: str
    notation_example: str
    values: str
    default_agent: str
    levels: Tuple[Level, ...]
    catalog: Tuple[CatalogEntry, ...]

    def agents(self) -> List[str]:
        """The names of the agents and presets an agent spec may start with."""
        return [e.name for e in self.catalog if e.kind in ("agent", "preset")]


def _game(raw: Dict[str, Any]) -> GameInfo:
    return GameInfo(
        name=raw["name"],
        title=raw["title"],
        summary=raw["summary"],
        params=tuple(
            Param(
                name=p["name"],
                help=p["help"],
                kind=p["kind"],
                default=p["default"],
                min=p["min"],
                max=p["max"],
                choices=tuple(p["choices"]),
            )
            for p in raw["params"]
        ),
        seats=tuple(raw["seats"]),
        notation=raw["notation"],
        notation_example=raw["notation_example"],
        values=raw["values"],
        default_agent=raw["default_agent"],
        levels=tuple(Level(**level) for level in raw["levels"]),
        catalog=tuple(
            CatalogEntry(
                name=e["name"],
                kind=e["kind"],
                description=e["description"],
                keys=tuple((k["key"], k["default"], k["help"]) for k in e["keys"]),
            )
            for e in raw["catalog"]
        ),
    )


def games() -> List[GameInfo]:
    """Every game ``ply`` plays, in the registry's order."""
    return [_game(raw) for raw in json.loads(_ply._games_json())]
