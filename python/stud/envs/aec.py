"""The PettingZoo face: one hand of stud an episode, every seat an agent.

>>> from stud.envs import aec_env
>>> env = aec_env("razz", players=3)
>>> env.reset(seed=7)
>>> agent = env.agent_selection
>>> obs, reward, terminated, truncated, info = env.last()
>>> obs["observation"].shape, obs["action_mask"].tolist()
((720,), [0, 0, 1, 1, 0])
>>> env.step(2)   # bring in
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from numpy.typing import NDArray
from pettingzoo import AECEnv  # type: ignore[import-untyped]

from .._core import ENV_PLAY_OVER
from ..game import Hand, Rules
from ._table import Table, big_bet, check_rules, check_stacks, table_state
from .layout import N_ACTIONS, observation_space, state_box
from .render import render

__all__ = ["StudAECEnv", "aec_env"]


class StudAECEnv(AECEnv):  # type: ignore[misc]
    """A PettingZoo AEC environment of one stud table (docs/envs.md).

    Agents ``player_0`` .. ``player_{n-1}`` sit in seats 0 .. n-1.  Each
    episode is one hand from fresh ``stacks``; every agent is terminated
    when it ends, with its result in big bets (``reward_unit="chips"`` for
    chips).  Observations are dicts: ``observation`` (float32[720], see
    ``stud.envs.OBS_FIELDS``) and ``action_mask`` (int8[5], 1 where the
    action is legal; all 0 when the agent is not to act).  An illegal action
    raises ValueError and leaves the hand as it was.

    ``copy.deepcopy(env)`` and ``pickle`` give an environment that goes on
    as this one would (the same cards and observations for the same
    actions, and the same stream of hands).
    """

    #: what the environment offers: the render modes, and its name for PettingZoo
    metadata = {"render_modes": ["ansi", "human"], "name": "stud_v0",
                "is_parallelizable": False, "render_fps": 1}

    def __init__(self, rules: Rules | str = "stud", players: int = 2, *,
                 stacks: int | list[int] | None = None, reward_unit: str = "big_bets",
                 render_mode: str | None = None) -> None:
        super().__init__()
        #: the table's rules (a variant name given is made a ``stud.Rules``, small bet 10)
        self.rules: Rules = check_rules(rules)
        #: each seat's chips at the start of every hand
        self.stacks: list[int] = check_stacks(self.rules, players, stacks)
        players = len(self.stacks)
        if reward_unit not in ("big_bets", "chips"):
            raise ValueError(f'reward_unit must be "big_bets" or "chips", not {reward_unit!r}')
        if render_mode not in (None, "ansi", "human"):
            raise ValueError(f'render_mode must be None, "ansi" or "human", not {render_mode!r}')
        #: None, "ansi" (``render()`` returns the whole table drawn as text)
        #: or "human" (``render()`` prints it)
        self.render_mode: str | None = render_mode
        #: "big_bets" or "chips": the unit of the rewards
        self.reward_unit: str = reward_unit
        unit = 1 if reward_unit == "chips" else big_bet(self.rules)
        #: ``player_0`` .. ``player_{n-1}``, in seat order
        self.possible_agents: list[str] = [f"player_{seat}" for seat in range(players)]
        self._seat = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        self._table = Table(self.rules, self.stacks, [None] * players, unit)
        self._obs_space: spaces.Space[Any] = observation_space()
        self._act_space = spaces.Discrete(N_ACTIONS)
        #: the space of ``state()``: Box float32[STATE_SIZE] (privileged)
        self.state_space: spaces.Space[Any] = state_box()
        self._started = False
        self._actor = -1  # the seat to act (-1 once the hand is over)
        #: the agents still in the episode (PettingZoo's ``agents``)
        self.agents: list[str] = []

    @property
    def hand(self) -> Hand | None:
        """The hand being played (None before ``reset``): the table's own,
        to read; ``hand.copy()`` for a copy to search or play out."""
        return self._table.hand

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._obs_space

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self._act_space

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deals a new hand.  With ``seed`` (a whole number) the table's
        stream of hands starts again from it, and deals what table 0 of a
        VectorEnv reset with that seed deals; without, the stream's next
        hand (a random stream the first time)."""
        if seed is not None or not self._started:
            self._table.reset(seed)
        else:
            self._table.new_hand()
        self._started = True
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._first_dead: str | None = None  # (_dead_step: the agent that left first)
        self._select()

    def _select(self) -> None:
        hand = self._table.hand
        assert hand is not None
        if hand.is_over:
            self._actor = -1
            results = self._table.rewards()
            for agent in self.agents:
                self.rewards[agent] = results[self._seat[agent]]
                self.terminations[agent] = True
        else:
            assert hand.actor is not None
            self._actor = hand.actor
            self.agent_selection = self.possible_agents[hand.actor]

    def observe(self, agent: str) -> dict[str, NDArray[Any]]:
        seat = self._seat.get(agent) if type(agent) is str else None
        if seat is None or not self._started:
            if not self._started:
                raise RuntimeError("reset() the environment first")
            raise ValueError(f"no agent {agent!r}: {', '.join(self.possible_agents)}")
        # fresh arrays; the mask of the seat to act (all 0 for the others, and
        # once the hand is over)
        return self._table.observation(seat, seat == self._actor)

    def last(self, observe: bool = True
             ) -> tuple[dict[str, NDArray[Any]] | None, float, bool, bool, dict[str, Any]]:
        """PettingZoo's ``last()``: the selected agent's observation (None
        when ``observe`` is False), cumulative reward, terminated, truncated
        and info."""
        agent = self.agent_selection
        assert agent is not None
        seat = self._seat.get(agent) if type(agent) is str else None
        if not observe:
            seen = None
        elif seat is not None and self._started:  # (observe's common case, without its call)
            seen = self._table.observation(seat, seat == self._actor)
        else:
            seen = self.observe(agent)
        return (seen, self._cumulative_rewards[agent], self.terminations[agent],
                self.truncations[agent], self.infos[agent])

    def state(self) -> NDArray[np.float32]:
        """The whole table, for a centralised critic (privileged: it holds
        every seat's down cards, which no agent may see while playing):
        seat 0's observation (720 values), then each seat's down cards
        (52 per seat, 10 seats), then the seat to act one-hot (10 values);
        float32[1250], ``stud.envs.STATE_SIZE``."""
        if not self._started:
            raise RuntimeError("reset() the environment first")
        hand = self._table.hand
        assert hand is not None
        return table_state(hand)

    def step(self, action: Any) -> None:
        """Plays ``action`` (an id 0..4, see ``stud.envs.ACTION_NAMES``) for
        the selected agent.  A terminated agent steps with None."""
        # the common case: a legal int id for the seat to act (the legal bits
        # are 0 before reset and once the hand is over), in one C call
        played = self._table.aec_step(action, self._actor)
        if played >= 0:
            self._cumulative_rewards[self.agent_selection] = 0.0
            if played & ENV_PLAY_OVER:
                self._select()
                self._accumulate_rewards()
            else:
                # (the rewards stay 0 until the hand ends: nothing to accumulate)
                self._actor = actor = played >> 8
                self.agent_selection = self.possible_agents[actor]
            return
        if not self._started:
            raise RuntimeError("reset() the environment before stepping it")
        if not self.agents:
            raise RuntimeError("the hand is over: reset() the environment")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            if action is not None:
                raise ValueError(f"{agent} is done: step it with None, not {action!r}")
            self._dead_step()
            return
        self._table.check_playable(self._seat[agent])
        a = self._table.check_action(action)
        self._cumulative_rewards[agent] = 0.0
        self._table.apply(a)
        self._select()
        self._accumulate_rewards()

    def _dead_step(self) -> None:
        """PettingZoo's ``_was_dead_step`` for this table, where every agent
        is done at once (the hand's end) and none before: the selected
        agent leaves; the next is the first still listed, and once all have
        left the selection is the first that left (as PettingZoo's own
        helper leaves it, with its bookkeeping of a skipped agent)."""
        agent = self.agent_selection
        del self.terminations[agent], self.truncations[agent], self.rewards[agent]
        del self._cumulative_rewards[agent], self.infos[agent]
        self.agents.remove(agent)
        if self.agents:
            if self._first_dead is None:
                self._first_dead = agent
            self.agent_selection = self.agents[0]
        else:
            if self._first_dead is not None:
                self.agent_selection = self._first_dead
            self._first_dead = None
        for name in self.rewards:
            self.rewards[name] = 0

    def render(self) -> str | None:
        """None without a render mode; "ansi": every card at the table drawn
        as text (a spectator's view, privileged); "human": that printed."""
        drawn = render(self.render_mode, self._table.hand if self._started else None)
        if self.render_mode == "human":
            print(drawn)
            return None
        return drawn

    def close(self) -> None:
        pass


def aec_env(rules: Rules | str = "stud", players: int = 2, **options: Any) -> StudAECEnv:
    """A PettingZoo AEC environment of a stud table: ``rules`` (a
    ``stud.Rules`` or a variant name: "stud", "stud8", "razz", "five",
    "five8"), ``players`` 2 up to the variant's limit (8 or 10); options:
    ``stacks`` (chips per seat, or one number for all; 100 big bets by
    default), ``reward_unit`` ("big_bets" or "chips"), ``render_mode``
    ("ansi")."""
    return StudAECEnv(rules, players, **options)
