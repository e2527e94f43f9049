"""The Gymnasium vector face: one agent seat at each of many tables, the
other seats played by built-in policies (stepped inside C) or callables.

>>> import numpy as np
>>> from stud.envs import GymVectorEnv
>>> envs = GymVectorEnv("razz", num_envs=8, opponents=["call"])
>>> obs, infos = envs.reset(seed=5)
>>> obs["observation"].shape, obs["action_mask"].shape
((8, 720), (8, 5))
>>> obs, rewards, terminated, truncated, infos = envs.step(np.ones(8, np.int64))
>>> rewards.dtype, terminated.shape, bool(truncated.any())
(dtype('float64'), (8,), False)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium import spaces
from gymnasium.vector import AutoresetMode
from gymnasium.vector.utils import batch_space
from numpy.typing import NDArray

from .._checks import seed_or_random, whole_number
from .._core import BUILTIN_POLICIES, OBS_SIZE, _Tables
from ..game import Rules
from ._table import SeatPolicy, check_policy, check_rules, check_stacks, whole
from .gym import GymEnv
from .layout import N_ACTIONS, observation_space

__all__ = ["GymVectorEnv"]

MAX_SEATS = 10

#: a batch of observations: ``observation`` float32[N, 720], ``action_mask`` int8[N, 5]
Observations = dict[str, NDArray[Any]]


class GymVectorEnv(gym.vector.VectorEnv):  # type: ignore[type-arg,unused-ignore]
    """``num_envs`` tables, the agent in seat ``seat`` of each, as a
    ``gymnasium.vector.VectorEnv`` (docs/envs.md).

    ``opponents`` is as for ``GymEnv``: one entry per other seat.  When
    every one is a built-in policy's name ("random", "call", "strength")
    the tables are stepped inside C (the ``VectorEnv`` tables: the fast
    path); a callable or an ``ObservationPolicy`` among them makes it step
    ``num_envs`` ``GymEnv`` objects in Python instead (the same cards and
    results, slower).  Table ``t`` after ``reset(seed=s)`` plays as a
    ``GymEnv`` reset with ``s + t``.

    Autoreset is ``AutoresetMode.SAME_STEP``: in the step where a table's
    hand ends, its ``terminated`` is True, its reward is the hand's result,
    and its observation (and mask) is already the first decision of the
    next hand.  No final observation is given: a hand only terminates
    (``truncated`` is always False), so nothing is bootstrapped from it.

    Observations are dicts of ``observation`` (float32[N, 720]) and
    ``action_mask`` (int8[N, 5]); rewards float64[N] in big bets (or
    chips).  ``illegal_action`` is as for ``GymEnv``: "passive" (the
    default) plays the passive legal action for an id not legal now and
    sets ``infos["illegal_action"]`` for that table; "raise" refuses the
    step with ValueError and no table moves.  ``action_masks()`` gives
    bool[N, 5].

    ``copy=False`` returns the environment's own buffers, written again by
    the next call, instead of fresh arrays (the fast path only; faster).
    """

    metadata = {"render_modes": [], "autoreset_mode": AutoresetMode.SAME_STEP}

    def __init__(self, rules: Rules | str = "stud", num_envs: int = 1, seat: int = 0,
                 opponents: Sequence[SeatPolicy] = ("random",), *,
                 stacks: int | list[int] | None = None, reward_unit: str = "big_bets",
                 illegal_action: str = "passive", copy: bool = True,
                 render_mode: str | None = None) -> None:
        #: the tables' rules (a variant name given is made a ``stud.Rules``, small bet 10)
        self.rules: Rules = check_rules(rules)
        if isinstance(opponents, str) or not isinstance(opponents, Sequence):
            raise TypeError("opponents is a list: one policy per other seat")
        players = len(opponents) + 1
        #: each seat's chips at the start of every hand
        self.stacks: list[int] = check_stacks(self.rules, players, stacks)
        count = whole(num_envs)
        if count is None or count < 1:
            raise ValueError(f"num_envs must be a whole number of 1 or more, not {num_envs!r}")
        index = whole(seat)
        if index is None or not 0 <= index < players:
            raise ValueError(f"seat must be 0..{players - 1}, not {seat!r}")
        policies = [check_policy(s + (s >= index), p) for s, p in enumerate(opponents)]
        if any(p is None for p in policies):
            raise ValueError("an opponent needs a policy (None is the agent's seat)")
        if reward_unit not in ("big_bets", "chips"):
            raise ValueError(f'reward_unit must be "big_bets" or "chips", not {reward_unit!r}')
        if illegal_action not in ("passive", "raise"):
            raise ValueError(f'illegal_action must be "passive" or "raise", not '
                             f'{illegal_action!r}')
        if render_mode is not None:
            raise ValueError(f"a GymVectorEnv does not render (render_mode None), not "
                             f"{render_mode!r}: render a GymEnv")
        #: the number of tables
        self.num_envs: int = count
        #: the agent's seat at every table
        self.seat: int = index
        #: the other seats' policies, in seat order after skipping the agent's
        self.opponents: list[SeatPolicy] = list(policies)
        #: "passive" or "raise": what an id not legal now does
        self.illegal_action: str = illegal_action
        #: "big_bets" or "chips"
        self.reward_unit: str = reward_unit
        #: whether reset and step return fresh arrays (else the buffers)
        self.copy: bool = bool(copy)
        self.render_mode = None
        self.single_observation_space = observation_space()
        self.single_action_space = spaces.Discrete(N_ACTIONS)
        self.observation_space = batch_space(self.single_observation_space, count)
        self.action_space = spaces.MultiDiscrete(np.full(count, N_ACTIONS, dtype=np.int64))
        n = count
        #: True when the tables are stepped inside C (every opponent built in)
        self.fast: bool = all(isinstance(p, str) and p in BUILTIN_POLICIES for p in policies)
        self._obs = np.zeros((n, OBS_SIZE), dtype=np.float32)
        self._mask = np.zeros((n, N_ACTIONS), dtype=np.uint8)
        self._rewards = np.zeros((n, MAX_SEATS), dtype=np.float64)
        self._terminated = np.zeros(n, dtype=np.uint8)
        self._actions = np.zeros(n, dtype=np.int64)
        self._truncated = np.zeros(n, dtype=np.bool_)
        self._rows = np.arange(n)
        self._envs: list[GymEnv] = []
        if self.fast:
            seats: list[str | None] = [p if isinstance(p, str) else None for p in policies]
            seats.insert(index, None)
            self._tables = _Tables(self.rules, self.stacks, seats, n, reward_unit == "chips")
            self._tables.bind(self._obs, self._mask, np.zeros(n, dtype=np.int8), self._rewards,
                              self._terminated)
        else:
            self._envs = [GymEnv(self.rules, index, policies, stacks=self.stacks,
                                 reward_unit=reward_unit, illegal_action="raise")
                          for _ in range(n)]
        self._mask_view = self._mask.view(np.int8)
        self._terminated_view = self._terminated.view(np.bool_)
        self._started = False

    def __reduce_ex__(self, protocol: Any) -> Any:
        raise TypeError("a GymVectorEnv is not copied or pickled: make a new one and reset() "
                        "it with the same seed")

    # ---- Gymnasium's VectorEnv API ------------------------------------------------------

    def reset(self, *, seed: int | Sequence[int] | None = None,
              options: dict[str, Any] | None = None) -> tuple[Observations, dict[str, Any]]:
        """Starts every table again: ``seed`` a whole number (table t gets
        seed + t), one seed per table, or None (random seeds drawn from
        ``np_random``)."""
        n = self.num_envs
        if seed is None:
            base = int(self.np_random.integers(0, 2**63))
            seeds = [(base + t) & 0xFFFF_FFFF_FFFF_FFFF for t in range(n)]
        elif isinstance(seed, (list, tuple, range, np.ndarray)):
            seeds = [whole_number(s, f"the seed of table {t}") & 0xFFFF_FFFF_FFFF_FFFF
                     for t, s in enumerate(seed)]
            if len(seeds) != n:
                raise ValueError(f"{n} tables need {n} seeds, got {len(seeds)}")
        else:
            base = seed_or_random(seed)
            self._np_random, self._np_random_seed = gym.utils.seeding.np_random(base)
            seeds = [(base + t) & 0xFFFF_FFFF_FFFF_FFFF for t in range(n)]
        if self.fast:
            self._tables.reset(np.array(seeds, dtype=np.uint64))
        else:
            for t, env in enumerate(self._envs):
                obs, _ = env.reset(seed=seeds[t])
                self._obs[t] = obs["observation"]
                self._mask_view[t] = obs["action_mask"]
        self._started = True
        return self._observations(), {}

    def step(self, actions: Any) -> tuple[Observations, NDArray[np.float64], NDArray[np.bool_],
                                          NDArray[np.bool_], dict[str, Any]]:
        """One action id per table: ``(obs, rewards, terminated, truncated,
        infos)``; ``infos["illegal_action"]`` (bool[N]) says which tables
        had an id not legal now played as the passive action."""
        if not self._started:
            raise RuntimeError("reset() the environment before stepping it")
        given = np.asarray(actions)
        if given.shape != self._actions.shape:
            raise ValueError(f"actions must have shape ({self.num_envs},), not {given.shape}")
        if given.dtype.kind not in "iu":
            raise TypeError(f"actions must be whole numbers, not {given.dtype}")
        a = self._actions
        np.copyto(a, given, casting="unsafe")
        # every id legal: checked and stepped in one C call (no table moves otherwise)
        bad = self._tables.step(a) if self.fast else self._tables_first_illegal(a)
        if bad < 0:
            illegal = np.zeros(self.num_envs, dtype=np.bool_)
        else:
            inside = (a >= 0) & (a < N_ACTIONS)
            illegal = ~(inside & (self._mask[self._rows, np.where(inside, a, 0)] != 0))
            if self.illegal_action == "raise":
                first = int(np.flatnonzero(illegal)[0])
                raise ValueError(f"table {first}: action {int(given[first])} is not legal now: "
                                 f"legal are {np.flatnonzero(self._mask[first]).tolist()}")
            # the documented rule: the passive legal action (check/call, else bring-in)
            a[illegal] = np.where(self._mask[illegal, 1] != 0, 1, 2)
            if self.fast:
                moved = self._tables.step(a)
                assert moved < 0  # (every id is legal now)
        if self.fast:
            rewards = self._rewards[:, self.seat]
        else:
            rewards = self._rewards[:, 0]
            for t, env in enumerate(self._envs):
                obs, reward, done, _, _ = env.step(int(a[t]))
                rewards[t] = reward
                self._terminated[t] = done
                if done:
                    obs, _ = env.reset()
                self._obs[t] = obs["observation"]
                self._mask_view[t] = obs["action_mask"]
        infos = {"illegal_action": illegal, "_illegal_action": np.ones(self.num_envs, np.bool_)}
        if self.copy:
            return (self._observations(), rewards.copy(), self._terminated_view.copy(),
                    self._truncated.copy(), infos)
        return self._observations(), rewards, self._terminated_view, self._truncated, infos

    def _tables_first_illegal(self, a: NDArray[np.int64]) -> int:
        """The first table whose id is not legal now, or -1 (the Python path)."""
        inside = (a >= 0) & (a < N_ACTIONS)
        legal = inside & (self._mask[self._rows, np.where(inside, a, 0)] != 0)
        return -1 if legal.all() else int(np.argmin(legal))

    def _observations(self) -> Observations:
        if self.copy:
            return {"observation": self._obs.copy(), "action_mask": self._mask_view.copy()}
        return {"observation": self._obs, "action_mask": self._mask_view}

    def action_masks(self) -> NDArray[np.bool_]:
        """The legal action ids of every table: bool[N, 5]."""
        return self._mask.astype(np.bool_)

    def close_extras(self, **kwargs: Any) -> None:
        """Drops the Python tables (with callables); the C tables are freed
        with the environment."""
        self._envs = []

    # ---- what SyncVectorEnv offers for its sub-environments -----------------------------

    def call(self, name: str, *args: Any, **kwargs: Any) -> tuple[Any, ...]:
        """``name`` of each table, called with the arguments if callable:
        a tuple of ``num_envs`` results.  ``call("action_masks")`` gives
        each table's bool[5] mask.  Other names: the ``GymEnv`` of each
        table when opponents are callables; on the fast path, an attribute
        of this environment that every table shares (``rules``, ``seat``,
        ``stacks``, ...)."""
        if name == "action_masks":
            return tuple(self.action_masks())
        values = self.get_attr(name)
        return tuple(v(*args, **kwargs) if callable(v) else v for v in values)

    def get_attr(self, name: str) -> tuple[Any, ...]:
        """Attribute ``name`` of each table: a tuple of ``num_envs`` values."""
        if not self.fast:
            return tuple(getattr(env, name) for env in self._envs)
        if name.startswith("_") or name not in _SHARED:
            raise AttributeError(f"the tables of a GymVectorEnv stepped inside C have no "
                                 f"attribute {name!r} of their own: they share "
                                 f"{', '.join(sorted(_SHARED))}")
        value = (self.single_observation_space if name == "observation_space" else
                 self.single_action_space if name == "action_space" else getattr(self, name))
        return (value,) * self.num_envs

    def set_attr(self, name: str, values: list[Any] | tuple[Any, ...] | Any) -> None:
        """Sets ``name`` on each table (one value each, or one for all).
        The tables stepped inside C have nothing to set: AttributeError."""
        if self.fast:
            raise AttributeError(f"the tables of a GymVectorEnv stepped inside C are set when "
                                 f"it is made; {name!r} cannot be set afterwards")
        if not isinstance(values, (list, tuple)):
            values = [values] * self.num_envs
        if len(values) != self.num_envs:
            raise ValueError(f"{self.num_envs} tables need {self.num_envs} values, got "
                             f"{len(values)}")
        for env, value in zip(self._envs, values):
            setattr(env, name, value)


#: what the tables of the fast path share, read through get_attr
_SHARED = frozenset({"rules", "seat", "stacks", "opponents", "illegal_action", "reward_unit",
                     "render_mode", "metadata", "observation_space", "action_space"})
