"""The Gymnasium face: one seat is the agent, the others are played by
built-in policies (run in C) or Python callables.

>>> from stud.envs import GymEnv
>>> env = GymEnv("stud8", seat=0, opponents=["call", "random"])
>>> obs, info = env.reset(seed=1)
>>> obs["observation"].shape, info["action_mask"].tolist() == obs["action_mask"].tolist()
((720,), True)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium import spaces
from numpy.typing import NDArray

from .._checks import seed_or_random
from .._core import ENV_PLAY_OVER, OBS_SIZE, _env_play
from ..game import Hand, Rules
from ._table import (
    _BITS,
    _MASKS,
    SeatPolicy,
    Table,
    big_bet,
    check_policy,
    check_rules,
    check_stacks,
    whole,
)
from .layout import N_ACTIONS, observation_space
from .render import render_text

__all__ = ["GymEnv"]


#: an observation: ``observation`` (float32[720]) and ``action_mask`` (int8[5])
Observation = dict[str, NDArray[Any]]

_empty = np.empty  # (a fresh observation each step: the call with a dtype object is the quickest)
_FLOAT32 = np.dtype(np.float32)


class GymEnv(gym.Env[Observation, int]):
    """A Gymnasium environment of one seat at a stud table (docs/envs.md).

    ``opponents``: one entry per other seat, in seat order after skipping
    the agent's: a built-in policy name ("random", "call", "strength") or a
    callable given ``Hand.view(seat)`` that returns an Action (see
    ``stud.Policy``).  The table has ``len(opponents) + 1`` seats.  Each
    episode is one hand; the reward comes at its end, in big bets
    (``reward_unit="chips"`` for chips).  The observation is the same dict
    as the PettingZoo environment's; ``info["action_mask"]`` repeats the
    mask.

    ``illegal_action``: "passive" (the default: an id not legal now plays
    the passive legal action, check, call or bring-in, and
    ``info["illegal_action"]`` is True for that step), for code that
    samples actions without the mask as Gymnasium's and Stable-Baselines3's
    ``check_env`` do; or "raise" (ValueError, the hand unchanged).
    ``action_masks()`` gives the legal ids as a bool array
    (sb3-contrib's MaskablePPO reads it).

    ``opponents`` may hold ``ObservationPolicy(fn)`` entries: ``fn`` gets
    the seat's (observation, mask) and returns an action id, as a trained
    agent does.

    If an opponent's callable raises (or gives no action, or an illegal
    one) the error goes on to the caller, and the hand cannot go on:
    ``step`` raises RuntimeError until ``reset()``.

    ``copy.deepcopy(env)`` and ``pickle`` give an environment that goes on
    as this one would (the same cards, observations and rewards for the
    same actions); callable opponents are copied with it.
    """

    #: the render modes offered (Gymnasium reads them)
    metadata = {"render_modes": ["ansi", "human"], "render_fps": 1}

    def __init__(self, rules: Rules | str = "stud", seat: int = 0,
                 opponents: Sequence[SeatPolicy] = ("random",), *,
                 stacks: int | list[int] | None = None, reward_unit: str = "big_bets",
                 illegal_action: str = "passive", render_mode: str | None = None,
                 render_all: bool = False) -> None:
        #: the table's rules (a variant name given is made a ``stud.Rules``, small bet 10)
        self.rules: Rules = check_rules(rules)
        if isinstance(opponents, str) or not isinstance(opponents, Sequence):
            raise TypeError("opponents is a list: one policy per other seat")
        players = len(opponents) + 1
        #: each seat's chips at the start of every hand
        self.stacks: list[int] = check_stacks(self.rules, players, stacks)
        index = whole(seat)
        if index is None or not 0 <= index < players:
            raise ValueError(f"seat must be 0..{players - 1}, not {seat!r}")
        seat = index
        policies: list[SeatPolicy] = [check_policy(s + (s >= seat), p)
                                      for s, p in enumerate(opponents)]
        if any(p is None for p in policies):
            raise ValueError("an opponent needs a policy (None is the agent's seat)")
        policies.insert(seat, None)
        if reward_unit not in ("big_bets", "chips"):
            raise ValueError(f'reward_unit must be "big_bets" or "chips", not {reward_unit!r}')
        if illegal_action not in ("passive", "raise"):
            raise ValueError(f'illegal_action must be "passive" or "raise", not '
                             f'{illegal_action!r}')
        if render_mode not in (None, "ansi", "human"):
            raise ValueError(f'render_mode must be None, "ansi" or "human", not {render_mode!r}')
        #: the agent's seat
        self.seat: int = seat
        #: None, "ansi" (``render()`` returns the table drawn as text) or
        #: "human" (the same text printed at every reset and step)
        self.render_mode: str | None = render_mode
        #: whether ``render`` draws every card at the table (privileged)
        #: rather than what the agent's seat may see
        self.render_all: bool = bool(render_all)
        #: what an illegal action id does: "raise" or "passive"
        self.illegal_action: str = illegal_action
        #: "big_bets" or "chips": the unit of the reward
        self.reward_unit: str = reward_unit
        unit = 1 if reward_unit == "chips" else big_bet(self.rules)
        self._table = Table(self.rules, self.stacks, policies, unit)
        #: ``stud.envs.observation_space()``: a Dict of ``observation`` and ``action_mask``
        self.observation_space = observation_space()
        #: ``Discrete(5)``: the action ids of ``stud.envs.ACTION_NAMES``
        self.action_space = spaces.Discrete(N_ACTIONS)  # type: ignore[assignment]
        self._started = False

    @property
    def hand(self) -> Hand | None:
        """The hand being played (None before ``reset``): the table's own,
        to read; ``hand.copy()`` for a copy to search or play out."""
        return self._table.hand

    def action_masks(self) -> NDArray[np.bool_]:
        """The action ids legal now, as sb3-contrib's MaskablePPO reads
        them: bool[5] (all False before ``reset`` and once the hand is over)."""
        if not self._started or self._table.broken is not None:
            return np.zeros(N_ACTIONS, dtype=np.bool_)
        return self._table.bool_mask()

    def _obs(self, seen: NDArray[np.float32] | None = None
             ) -> tuple[Observation, dict[str, Any]]:
        mask = _MASKS[self._table.bits].copy()  # (all 0 once the hand is over)
        if seen is None:
            seen = self._table.observe(self.seat)
        obs: Observation = {"observation": seen, "action_mask": mask}
        if self.render_mode == "human":
            print(self.render_text())
        return obs, {"action_mask": mask.copy(), "illegal_action": False}

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[Observation, dict[str, Any]]:
        """A new hand: with ``seed``, the stream of hands starts again from
        it; without, the next hand of the current stream (or a random one)."""
        if seed is None and self._started and self.render_mode != "human":
            # the next hand of the stream, every seat but the agent's built in:
            # one call (None when a seat is a Python callable's)
            done = self._table.gym_reset(self.seat)
            if done is not None:
                return done
        given = None if seed is None else seed_or_random(seed)  # (mod 2**64, as everywhere)
        super().reset(seed=given)
        seen = _empty(OBS_SIZE, _FLOAT32)  # (written by the table, for self.seat)
        try:
            if given is not None or not self._started:
                if given is None:
                    given = int(self.np_random.integers(0, 2**63))
                self._table.reset(given, self.seat, seen)
            else:
                self._table.new_hand(self.seat, seen)
        finally:  # (an opponent's failure leaves a hand: step() says what happened)
            self._started = self._table.hand is not None
        return self._obs(seen)

    def step(self, action: Any) -> tuple[Observation, float, bool, bool, dict[str, Any]]:
        """Plays action id ``action`` for the agent, then the opponents until
        the agent is to act again or the hand ends: ``(obs, reward,
        terminated, truncated, info)``, the reward (a float) 0 until the end."""
        table = self._table
        if self.render_mode != "human":
            # the common case in one call: a legal int id, the agent's seat to
            # act, every other seat built in (None otherwise)
            done = table.gym_step(action, self.seat)
            if done is not None:
                return done
        bits = table.bits  # (0 before reset, after the hand, after a policy's failure)
        illegal = False
        hand = table.hand
        if (type(action) is int and 0 <= action < N_ACTIONS and bits >> action & 1
                and hand is not None and hand.actor == self.seat):
            a = action  # the common case: a legal id, the agent's seat to act
        else:
            if not self._started:
                raise RuntimeError("reset() the environment before stepping it")
            table.check_playable(self.seat)  # not after the hand or a policy's failure
            try:
                a = table.check_action(action)
            except ValueError:
                if self.illegal_action == "raise":
                    raise
                # the documented rule: the passive legal action (docs/envs.md)
                a = 1 if bits >> 1 & 1 else 2
                illegal = True
        # the action, the opponents' turns and the observation: one C call
        # when the opponents are built-in, else Table.play_others's loop
        seen = _empty(OBS_SIZE, _FLOAT32)
        if table.fast and table.in_c and hand is not None:
            try:
                played = _env_play(hand, table.stream, table.codes, a, self.seat, seen)
            except BaseException as error:
                table.fail(error)
                raise
            if played < 0:  # (only if the hand was played behind the environment's back)
                raise ValueError(f"action {a} is not legal now")
            table.bits = bits = played & _BITS
        else:
            played = table.play_others(a, self.seat, seen)
            bits = table.bits
        over = played & ENV_PLAY_OVER != 0
        mask = _MASKS[bits].copy()  # (all 0 once the hand is over)
        if self.render_mode == "human":
            print(self.render_text())
        reward = table.rewards()[self.seat] if over else 0.0
        return ({"observation": seen, "action_mask": mask}, reward, over, False,
                {"action_mask": mask.copy(), "illegal_action": illegal})

    def render_text(self) -> str:
        """The table drawn as text: what the agent's seat may see, or every
        card when made with ``render_all=True``."""
        hand = self._table.hand if self._started else None
        return render_text(hand, None if self.render_all else self.seat)

    def render(self) -> str | None:
        """None without a render mode; "ansi": the table drawn as text;
        "human": that text printed (and None returned)."""
        if self.render_mode is None:
            return None
        if self.render_mode == "human":
            print(self.render_text())
            return None
        return self.render_text()
