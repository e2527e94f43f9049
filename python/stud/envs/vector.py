"""The vector face: many tables stepped together inside C.

>>> import numpy as np
>>> from stud.envs import VectorEnv
>>> env = VectorEnv("stud", num_tables=4, players=2)
>>> obs, mask, player = env.reset(seed=1)
>>> obs.shape, mask.shape, player.shape
((4, 720), (4, 5), (4,))
>>> actions = np.argmax(mask * np.array([0, 3, 2, 1, 0]), axis=1)   # passive play
>>> result = env.step(actions)
>>> result.rewards.shape, result.rewards.dtype, result.terminated.dtype
((4, 2), dtype('float64'), dtype('bool'))
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any

import numpy as np
from numpy.typing import NDArray

from .._checks import seed_or_random, whole_number
from .._core import OBS_SIZE, _Tables
from .._parallel import map_threads, worker_count
from ..game import Rules
from ._table import check_policy, check_rules, check_stacks, whole
from .layout import N_ACTIONS, _gym_spaces, _observation_box, observation_high

#: what ``reset`` returns: observations, masks and the seats to act
Reset = tuple[NDArray[np.float32], NDArray[np.int8], NDArray[np.int8]]


@dataclass(frozen=True)
class VectorStep:
    """What ``VectorEnv.step`` returns, by name: it is not a tuple, so that
    ``obs, reward, terminated, truncated, info = env.step(a)`` (Gymnasium's
    order, which this is not) fails instead of unpacking wrong.
    ``GymVectorEnv`` is the Gymnasium vector environment."""

    __slots__ = ("obs", "mask", "player", "rewards", "terminated")

    #: float32 [N, 720]: what the seat to act at each table sees
    obs: NDArray[np.float32]
    #: int8 [N, 5]: 1 where the action id is legal
    mask: NDArray[np.int8]
    #: int8 [N]: the seat to act at each table
    player: NDArray[np.int8]
    #: float64 [N, players]: results of the hands that ended in this step
    rewards: NDArray[np.float64]
    #: bool [N]: a hand ended at the table in this step
    terminated: NDArray[np.bool_]

    def as_tuple(self) -> tuple[NDArray[Any], ...]:
        """``(obs, mask, player, rewards, terminated)``, asked for by name."""
        return self.obs, self.mask, self.player, self.rewards, self.terminated


#: the old name of what ``step`` returns
Step = VectorStep

__all__ = ["VectorEnv", "VectorStep"]

MAX_SEATS = 10


class VectorEnv:
    """``num_tables`` stud tables of ``players`` seats stepped inside C
    without the GIL (docs/envs.md).

    ``policies``: one entry per seat, None for the seats the caller plays
    (the agent's) and a built-in policy name ("random", "call", "strength")
    for seats played inside C; by default every seat is the caller's
    (self-play).  Each table plays hand after hand from fresh ``stacks``.

    ``reset(seed)`` returns ``(obs, mask, player)`` for the agent seat to
    act at each table: float32 [N, 720] as the PettingZoo environment
    encodes it, int8 [N, 5] legal actions, int8 [N] seat numbers.
    ``step(actions)`` (one action id per table) returns a ``VectorStep``
    with those (``obs``, ``mask``, ``player``) and ``rewards`` (float64
    [N, players], the results of hands that ended in this step, in big bets
    or chips) and ``terminated`` (bool [N]), read by name.  A table
    whose hand ends starts the next one at once: its row then shows the new
    hand.  Table t after ``reset(seed)`` deals the same hands as a
    PettingZoo environment reset with ``seed + t``.

    The arrays returned are buffers of the environment, written again by
    the next call: copy what you keep (``copy=True`` does).  An illegal
    action for any table raises ValueError and no table moves.
    ``threads``: step the tables on that many threads (0: every core; at
    least 64 tables a thread); the results do not depend on it.

    For code written for ``gymnasium.vector``: ``num_envs``, ``close()``
    and the spaces (``single_observation_space``, ``observation_space``,
    ``single_action_space``, ``action_space``; they need gymnasium); it is
    not a ``gymnasium.vector.VectorEnv`` (``GymVectorEnv`` is one).  A
    vector environment is not copied or pickled (TypeError): its tables
    live in C.  Make a new one and ``reset`` it with the same seed, or copy
    what you need of a hand through the PettingZoo or Gymnasium
    environment (their ``hand.copy()``, or a ``copy.deepcopy`` of them).
    """

    def __init__(self, rules: Rules | str = "stud", num_tables: int = 1, players: int = 2, *,
                 policies: Sequence[str | None] | None = None,
                 stacks: int | list[int] | None = None, reward_unit: str = "big_bets",
                 copy: bool = False, threads: int = 1) -> None:
        #: the tables' rules (a variant name given is made a ``stud.Rules``, small bet 10)
        self.rules: Rules = check_rules(rules)
        #: each seat's chips at the start of every hand
        self.stacks: list[int] = check_stacks(self.rules, players, stacks)
        players = len(self.stacks)
        count = whole(num_tables)
        if count is None or count < 1:
            raise ValueError(f"num_tables must be a whole number of 1 or more, not {num_tables!r}")
        num_tables = count
        if policies is None:
            policies = [None] * players
        if isinstance(policies, str) or len(policies) != players:
            raise ValueError(f"policies is a list of {players} entries: one per seat")
        for seat, policy in enumerate(policies):
            if policy is not None and (callable(policy) or check_policy(seat, policy) is None):
                raise ValueError(f"seat {seat}: a vector environment plays built-in policies "
                                 f"only (or None for the agent), not {policy!r}")
        if reward_unit not in ("big_bets", "chips"):
            raise ValueError(f'reward_unit must be "big_bets" or "chips", not {reward_unit!r}')
        #: how many tables are stepped together
        self.num_tables: int = num_tables
        #: seats at each table
        self.players: int = players
        #: each seat's player: None (the caller's) or a built-in policy's name
        self.policies: list[str | None] = list(policies)
        #: whether ``reset`` and ``step`` return fresh arrays rather than the buffers
        self.copy: bool = bool(copy)
        # tables per thread at the least: below it a step is too short to share
        #: the threads a step runs on
        self.threads: int = max(1, min(worker_count(threads), num_tables // 64))
        self._tables = _Tables(self.rules, self.stacks, self.policies, num_tables,
                               reward_unit == "chips")
        n = num_tables
        self._obs = np.zeros((n, OBS_SIZE), dtype=np.float32)
        self._mask = np.zeros((n, N_ACTIONS), dtype=np.uint8)
        self._player = np.zeros(n, dtype=np.int8)
        self._rewards = np.zeros((n, MAX_SEATS), dtype=np.float64)
        self._terminated = np.zeros(n, dtype=np.uint8)
        self._actions = np.zeros(n, dtype=np.int64)
        self._tables.bind(self._obs, self._mask, self._player, self._rewards, self._terminated)
        # what step() returns: views of the buffers above, made once
        self._mask_view = self._mask.view(np.int8)
        self._rewards_view = self._rewards[:, :players]
        self._terminated_view = self._terminated.view(np.bool_)
        self._started = False

    def __reduce_ex__(self, protocol: Any) -> Any:
        raise TypeError("a VectorEnv is not copied or pickled (its tables live in C): make a "
                        "new one and reset() it with the same seed, or use the PettingZoo or "
                        "Gymnasium environment, which copy (copy.deepcopy) and pickle")

    @property
    def num_envs(self) -> int:
        """The number of tables (``gymnasium.vector``'s name for it)."""
        return self.num_tables

    @cached_property
    def single_observation_space(self) -> Any:
        """One table's observation: ``Box`` float32[720] (needs gymnasium)."""
        return _observation_box()

    @cached_property
    def observation_space(self) -> Any:
        """Every table's observation: ``Box`` float32[num_tables, 720]."""
        spaces = _gym_spaces()
        high = np.broadcast_to(observation_high(), (self.num_tables, OBS_SIZE))
        return spaces.Box(0.0, high, (self.num_tables, OBS_SIZE), np.float32)

    @cached_property
    def single_action_space(self) -> Any:
        """One table's action: ``Discrete(5)`` (needs gymnasium)."""
        return _gym_spaces().Discrete(N_ACTIONS)

    @cached_property
    def action_space(self) -> Any:
        """Every table's action: ``MultiDiscrete`` of 5 for each table."""
        return _gym_spaces().MultiDiscrete(np.full(self.num_tables, N_ACTIONS, dtype=np.int64))

    def close(self) -> None:
        """Nothing to release (the tables are freed with the environment);
        there for ``gymnasium.vector`` code, and safe to call again."""

    def _views(self) -> Reset:
        if self.copy:
            return self._obs.copy(), self._mask_view.copy(), self._player.copy()
        return self._obs, self._mask_view, self._player

    def reset(self, seed: int | Sequence[int] | None = None) -> Reset:
        """Starts every table again: ``seed`` a whole number (table t gets
        seed + t), one seed per table (a list, tuple, range or 1-D array of
        whole numbers), or None for random ones."""
        n = self.num_tables
        if isinstance(seed, np.ndarray) and seed.ndim > 1:
            raise ValueError(f"one seed per table: a 1-D sequence of {n} whole numbers, not "
                             f"an array of shape {seed.shape}")
        many = isinstance(seed, (list, tuple, range)) or (
            isinstance(seed, np.ndarray) and seed.ndim == 1)
        if not many:  # one seed (a bool, a float or a string is refused, not read)
            base = seed_or_random(seed)
            seeds = [(base + t) & 0xFFFF_FFFF_FFFF_FFFF for t in range(n)]
        else:
            seeds = [whole_number(s, f"the seed of table {t}") & 0xFFFF_FFFF_FFFF_FFFF
                     for t, s in enumerate(seed)]  # type: ignore[arg-type]
            if len(seeds) != n:
                raise ValueError(f"{n} tables need {n} seeds, got {len(seeds)}")
        self._tables.reset(np.array(seeds, dtype=np.uint64))
        self._started = True
        return self._views()

    def step(self, actions: Any) -> VectorStep:
        """One action id (0..4, ``stud.envs.ACTION_NAMES``) per table."""
        if not self._started:
            raise RuntimeError("reset() the environment before stepping it")
        given = np.asarray(actions)
        if given.shape != self._actions.shape:
            raise ValueError(f"actions must have shape ({self.num_tables},), not {given.shape}")
        if given.dtype.kind not in "iu":
            raise TypeError(f"actions must be whole numbers, not {given.dtype}")
        # (an unsigned id past int64 wraps to a negative one: refused below all the same)
        np.copyto(self._actions, given, casting="unsafe")
        if self.threads == 1:  # checked and stepped in one call
            bad = self._tables.step(self._actions)
        else:
            bad = self._tables.first_illegal(self._actions)
            if bad < 0:
                n, k = self.num_tables, self.threads
                bounds = [n * i // k for i in range(k + 1)]
                map_threads(self._apply, list(zip(bounds[:-1], bounds[1:])), k)
        if bad >= 0:
            raise ValueError(f"table {bad}: action {int(given[bad])} is not legal now: "
                             f"legal are {np.flatnonzero(self._mask[bad]).tolist()}")
        if self.copy:
            return VectorStep(self._obs.copy(), self._mask_view.copy(), self._player.copy(),
                              self._rewards_view.copy(), self._terminated_view.copy())
        return VectorStep(self._obs, self._mask_view, self._player, self._rewards_view,
                          self._terminated_view)

    def _apply(self, lo: int, hi: int) -> None:
        self._tables.apply(self._actions, lo, hi)

    def observe(self, table: int, seat: int) -> NDArray[np.float32]:
        """What ``seat`` of ``table`` sees now (any seat, not only the one
        to act): float32 [720]."""
        if not self._started:
            raise RuntimeError("reset() the environment first")
        out = np.empty(OBS_SIZE, dtype=np.float32)
        self._tables.observe(table, seat, out)
        return out
