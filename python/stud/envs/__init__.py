"""Agent environments: PettingZoo, Gymnasium and a vector environment
stepped inside C, all three on one observation encoder (docs/envs.md).

Needs the ``envs`` extra (numpy, gymnasium, pettingzoo)::

    pip install "stud[envs]"

- :func:`aec_env`: a PettingZoo AEC environment, one hand an episode.
- :class:`GymEnv`: a Gymnasium environment for one seat, the others played
  by built-in policies or Python callables.
- :class:`GymVectorEnv`: a ``gymnasium.vector.VectorEnv`` of one agent
  seat at many tables, stepped inside C when the other seats are built in.
- :class:`VectorEnv`: many tables stepped together inside C, numpy in and
  out, automatic reset, every agent seat (self-play); ``step`` returns a
  :class:`VectorStep` read by name.
- :class:`ObservationPolicy`: an opponent given (observation, mask) that
  returns an action id (a trained network at the table).
- :func:`observe`, :func:`legal_mask`: the observation and the action mask
  of any ``stud.Hand``.
- :class:`SB3VecEnv` (``stud.envs.sb3``): a Stable-Baselines3 ``VecEnv``
  over either vector environment.
- Gymnasium ids ``stud/<Variant>-v0`` registered on import (``ENV_IDS``).
- :data:`OBS_FIELDS`, :func:`describe_observation`: the observation's
  layout, and a reader that turns one back into words.
- :func:`observation_space`: the Gymnasium space of an observation (needs
  gymnasium).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from ._register import ENV_IDS, env_id, register_envs
from .layout import (
    ACTION_NAMES,
    N_ACTIONS,
    OBS_AMOUNT_UNIT,
    OBS_FIELDS,
    OBS_SIZE,
    STATE_SIZE,
    describe_observation,
    observation_space,
)

if TYPE_CHECKING:
    from ._table import ObservationPolicy, legal_mask, observe
    from .aec import StudAECEnv, aec_env
    from .gym import GymEnv
    from .gym_vector import GymVectorEnv
    from .sb3 import SB3VecEnv
    from .vector import VectorEnv, VectorStep

__all__ = ["aec_env", "StudAECEnv", "GymEnv", "GymVectorEnv", "VectorEnv", "VectorStep",
           "ObservationPolicy", "observe", "legal_mask", "SB3VecEnv", "ENV_IDS", "env_id",
           "register_envs", "OBS_FIELDS", "OBS_SIZE", "OBS_AMOUNT_UNIT", "STATE_SIZE", "N_ACTIONS",
           "ACTION_NAMES", "describe_observation", "observation_space"]

# each face is imported when first asked for, so that a missing optional
# package is named when it is needed (the layout needs none)
_LAZY = {"aec_env": ".aec", "StudAECEnv": ".aec", "GymEnv": ".gym", "VectorEnv": ".vector",
         "VectorStep": ".vector", "GymVectorEnv": ".gym_vector", "ObservationPolicy": "._table",
         "observe": "._table", "legal_mask": "._table", "SB3VecEnv": ".sb3"}

register_envs()  # the Gymnasium ids, when gymnasium is installed (nothing otherwise)


def __getattr__(name: str) -> Any:
    if name not in _LAZY:
        raise AttributeError(f"module 'stud.envs' has no attribute {name!r}")
    try:
        module = importlib.import_module(_LAZY[name], __name__)
    except ImportError as error:
        extra = "rl" if name == "SB3VecEnv" else "envs"
        raise ImportError(f"stud.envs.{name} needs the '{extra}' extra: pip install "
                          f"\"stud[{extra}]\" ({error})") from error
    value = getattr(module, name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(__all__)
