"""PettingZoo AEC environments for every game and variant: ``ply.pettingzoo.env("connect4")``.

Each observation is a dict: ``"observation"``, the acting agent's float32 planes
(``State.observation``; the encoding of each game is in the README) and ``"action_mask"``,
an int8 vector over the variant's fixed action space (``State.num_actions``). Actions are
action indices. Rewards come at the end: each seat's score minus the best score among the
others (+1 / 0 / -1 in two-player games). ``max_plies`` truncates a game that runs longer
(halma between random movers may never end).

Needs ``pettingzoo`` and ``gymnasium`` (``pip install ply-games[pettingzoo]``).
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional, Union

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from . import _ply

__all__ = ["PlyEnv", "env", "raw_env"]


class PlyEnv(AECEnv):  # type: ignore[misc]  # PettingZoo ships no type information
    """One game of ``ply`` as a PettingZoo AEC environment (agents ``player_0``, ...)."""

    metadata = {"render_modes": ["human", "ansi"], "name": "ply_v0", "is_parallelizable": False}

    def __init__(
        self,
        game: str,
        render_mode: Optional[str] = None,
        max_plies: Optional[int] = None,
        **settings: Union[int, str],
    ) -> None:
        super().__init__()
        self._start = _ply.new_game(game, **settings)
        self.game = game
        self.settings = dict(settings)
        self.metadata = dict(self.metadata, name=f"ply_{game}_v0")
        modes = ["human", "ansi"]
        if render_mode is not None and render_mode not in modes:
            raise ValueError(f"render_mode {render_mode!r}: the modes are {modes}")
        self.render_mode = render_mode
        if max_plies is not None and max_plies < 1:
            raise ValueError(f"max_plies {max_plies}: a game needs at least one ply")
        self.max_plies = max_plies
        n = self._start.num_players
        self.possible_agents = [f"player_{i}" for i in range(n)]
        self._seat = {name: i for i, name in enumerate(self.possible_agents)}
        shape = self._start.observation_shape
        actions = self._start.num_actions
        self.observation_spaces = {
            a: spaces.Dict(
                {
                    "observation": spaces.Box(0.0, 1.0, shape=shape, dtype=np.float32),
                    "action_mask": spaces.Box(0, 1, shape=(actions,), dtype=np.int8),
                }
            )
            for a in self.possible_agents
        }
        self.action_spaces = {a: spaces.Discrete(actions) for a in self.possible_agents}
        self.state: _ply.State = self._start.clone()

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def observe(self, agent: str) -> Dict[str, np.ndarray]:
        seat = self._seat[agent]
        if self.state.is_over() or seat != self.state.to_move():
            # Only the mover has moves; the others see the board with an empty mask.
            mask = np.zeros(self.state.num_actions, dtype=np.int8)
        else:
            mask = self.state.action_mask()
        return {"observation": self.state.observation(seat), "action_mask": mask}

    def reset(self, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None) -> None:
        # The games are deterministic: `seed` has nothing to seed.
        self.state = self._start.clone()
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: Dict[str, Dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[self.state.to_move()]

    def step(self, action: Optional[int]) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} is to move: None is only for agents that are done")
        self._cumulative_rewards[agent] = 0.0
        self.state.play(int(action))
        self._clear_rewards()
        if self.state.is_over():
            scores = self.state.scores() or []
            for i, a in enumerate(self.agents):
                others = [s for j, s in enumerate(scores) if j != i]
                self.rewards[a] = float(scores[i] - max(others))
                self.terminations[a] = True
        elif self.max_plies is not None and self.state.move_number() >= self.max_plies:
            for a in self.agents:
                self.truncations[a] = True
        if not (self.state.is_over() or any(self.truncations.values())):
            self.agent_selection = self.possible_agents[self.state.to_move()]
        else:
            # Everyone is done: the agents leave in turn order, starting after the mover.
            self.agent_selection = self._next_after(agent)
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def _next_after(self, agent: str) -> str:
        i = self.possible_agents.index(agent)
        return self.possible_agents[(i + 1) % len(self.possible_agents)]

    def render(self) -> Optional[str]:
        if self.render_mode is None:
            return None
        text = str(self.state)
        if self.render_mode == "ansi":
            return text
        print(text)
        return None

    def close(self) -> None:
        pass


def raw_env(game: str, **kwargs: Any) -> PlyEnv:
    """The environment without PettingZoo's wrappers."""
    return PlyEnv(game, **kwargs)


def env(game: str, **kwargs: Any) -> AECEnv:
    """The environment of ``game`` (variant settings as keywords, e.g. ``width=6``;
    ``render_mode``, ``max_plies``), wrapped as PettingZoo's own environments are: an
    illegal action ends the game with a loss for its agent, and agents act in turn."""
    environment: AECEnv = raw_env(game, **kwargs)
    environment = wrappers.TerminateIllegalWrapper(environment, illegal_reward=-1)
    environment = wrappers.AssertOutOfBoundsWrapper(environment)
    environment = wrappers.OrderEnforcingWrapper(environment)
    return environment


