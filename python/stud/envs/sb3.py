"""A Stable-Baselines3 ``VecEnv`` over the vector environments (needs the
``rl`` extra: stable-baselines3, and sb3-contrib for MaskablePPO).

``SB3VecEnv(env)`` takes a ``GymVectorEnv`` (the agent's seat at every
table, the other seats built in or callables) or a ``VectorEnv`` with
exactly one agent seat (None in ``policies``).  Its observation is the
720-value ``Box`` (``observation="vector"``, for ``MlpPolicy``) or the
``Dict`` of ``observation`` and ``action_mask`` (``observation="dict"``,
for ``MultiInputPolicy``); ``env_method("action_masks")`` gives each
table's bool[5] mask, which is how sb3-contrib's ``get_action_masks``
reads a VecEnv for MaskablePPO.

Autoreset is Stable-Baselines3's own: in the step where a hand ends its
``done`` is True, the reward is the hand's result and the observation is
the next hand's first.  No ``terminal_observation`` is put in ``infos``: a
hand ends by terminating, never by a time limit, so nothing is
bootstrapped from it.  An action id not legal now plays the passive legal
action and sets ``infos[t]["illegal_action"]``.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import numpy as np
from gymnasium import spaces
from numpy.typing import NDArray
from stable_baselines3.common.vec_env import VecEnv

from .gym_vector import GymVectorEnv
from .layout import N_ACTIONS, _observation_box, observation_space
from .vector import VectorEnv

__all__ = ["SB3VecEnv"]


class SB3VecEnv(VecEnv):  # type: ignore[misc,unused-ignore]
    """A Stable-Baselines3 VecEnv of stud tables (see the module)."""

    def __init__(self, env: GymVectorEnv | VectorEnv, observation: str = "vector") -> None:
        if observation not in ("vector", "dict"):
            raise ValueError(f'observation must be "vector" or "dict", not {observation!r}')
        if isinstance(env, VectorEnv):
            agents = [s for s, p in enumerate(env.policies) if p is None]
            if len(agents) != 1:
                raise ValueError(f"an SB3VecEnv plays one seat per table: the VectorEnv has "
                                 f"{len(agents)} agent seats (give it one None in policies; "
                                 f"self-play of every seat is not a single-agent problem)")
            self._seat = agents[0]
            n = env.num_tables
        elif isinstance(env, GymVectorEnv):
            self._seat = env.seat
            n = env.num_envs
        else:
            raise TypeError(f"an SB3VecEnv wraps a stud.envs.GymVectorEnv or VectorEnv, not "
                            f"{type(env).__name__}")
        #: the wrapped vector environment
        self.env = env
        #: "vector" or "dict": what an observation is
        self.observation: str = observation
        space = _observation_box() if observation == "vector" else observation_space()
        super().__init__(n, space, spaces.Discrete(N_ACTIONS))
        self._obs = np.zeros((n, _observation_box().shape[0]), dtype=np.float32)
        self._mask = np.zeros((n, N_ACTIONS), dtype=np.int8)
        self._actions: NDArray[np.int64] = np.zeros(n, dtype=np.int64)
        self._rows = np.arange(n)
        self._base_seed: int | None = None

    # ---- observations -------------------------------------------------------------------

    def _out(self) -> Any:
        if self.observation == "vector":
            return self._obs.copy()
        return {"observation": self._obs.copy(), "action_mask": self._mask.copy()}

    def _take(self, obs: NDArray[np.float32], mask: NDArray[np.int8]) -> None:
        np.copyto(self._obs, obs)
        np.copyto(self._mask, mask)

    # ---- VecEnv -------------------------------------------------------------------------

    def reset(self) -> Any:
        seeds = [s for s in self._seeds] if any(s is not None for s in self._seeds) else None
        seed: Any = None
        if seeds is not None:
            seed = [int(s) if s is not None else int(np.random.randint(2**31)) for s in seeds]
        if isinstance(self.env, VectorEnv):
            obs, mask, _ = self.env.reset(seed)
        else:
            given, _ = self.env.reset(seed=seed)
            obs, mask = given["observation"], given["action_mask"]
        self._take(obs, mask)
        self._reset_seeds()
        self._reset_options()
        return self._out()

    def step_async(self, actions: Any) -> None:
        np.copyto(self._actions, np.asarray(actions).reshape(self.num_envs), casting="unsafe")

    def step_wait(self) -> Any:
        a = self._actions
        if isinstance(self.env, VectorEnv):
            inside = (a >= 0) & (a < N_ACTIONS)
            legal = inside & (self._mask[self._rows, np.where(inside, a, 0)] != 0)
            illegal = ~legal
            if illegal.any():  # the passive legal action (check/call, else bring-in)
                a[illegal] = np.where(self._mask[illegal, 1] != 0, 1, 2)
            result = self.env.step(a)
            self._take(result.obs, result.mask)
            rewards = result.rewards[:, self._seat].astype(np.float32)
            dones = result.terminated.copy()
        else:
            given, reward, terminated, truncated, info = self.env.step(a)
            self._take(given["observation"], given["action_mask"])
            rewards = np.asarray(reward, dtype=np.float32)
            dones = np.logical_or(terminated, truncated)
            illegal = info["illegal_action"]
        infos: list[dict[str, Any]] = [{"illegal_action": bool(x)} for x in illegal]
        return self._out(), rewards, dones, infos

    def close(self) -> None:
        self.env.close()

    def action_masks(self) -> NDArray[np.bool_]:
        """Every table's legal action ids: bool[N, 5]."""
        return self._mask.astype(np.bool_)

    def _indices(self, indices: None | int | Iterable[int]) -> list[int]:
        if indices is None:
            return list(range(self.num_envs))
        if isinstance(indices, int):
            return [indices]
        return list(indices)

    def get_attr(self, attr_name: str, indices: None | int | Iterable[int] = None) -> list[Any]:
        """An attribute each table shares (``rules``, ``seat``, ...); the
        tables' own attributes live in C."""
        if attr_name in ("render_mode",):
            return [None for _ in self._indices(indices)]
        value = getattr(self.env, attr_name)
        return [value for _ in self._indices(indices)]

    def set_attr(self, attr_name: str, value: Any,
                 indices: None | int | Iterable[int] = None) -> None:
        raise AttributeError(f"the tables are set when the environment is made; {attr_name!r} "
                             f"cannot be set afterwards")

    def env_method(self, method_name: str, *method_args: Any,
                   indices: None | int | Iterable[int] = None, **method_kwargs: Any) -> list[Any]:
        """``env_method("action_masks")``: each table's bool[5] mask (what
        sb3-contrib's ``get_action_masks`` calls); other methods are
        called on the wrapped environment once per index."""
        rows = self._indices(indices)
        if method_name == "action_masks":
            masks = self.action_masks()
            return [masks[t] for t in rows]
        method = getattr(self.env, method_name)
        return [method(*method_args, **method_kwargs) for _ in rows]

    def env_is_wrapped(self, wrapper_class: type, indices: None | int | Iterable[int] = None
                       ) -> list[bool]:
        return [False for _ in self._indices(indices)]
