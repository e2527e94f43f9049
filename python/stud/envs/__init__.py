"""Agent environments: PettingZoo, Gymnasium and a vector environment
stepped inside C, all three on one observation encoder (docs/envs.md).

Needs the ``envs`` extra (numpy, gymnasium, pettingzoo)::

    pip install "stud[envs]"

- :func:`aec_env`: a PettingZoo AEC environment, one hand an episode.
- :class:`GymEnv`: a Gymnasium environment for one seat, the others played
  by built-in policies or Python callables.
- :class:`VectorEnv`: many tables stepped together inside C, numpy in and
  out, automatic reset.
- :data:`OBS_FIELDS`, :func:`describe_observation`: the observation's
  layout, and a reader that turns one back into words.
- :func:`observation_space`: the Gymnasium space of an observation (needs
  gymnasium).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from .layout import (
    ACTION_NAMES,
    N_ACTIONS,
    OBS_FIELDS,
    OBS_SIZE,
    describe_observation,
    observation_space,
)

if TYPE_CHECKING:
    from .aec import StudAECEnv, aec_env
    from .gym import GymEnv
    from .vector import VectorEnv

__all__ = ["aec_env", "StudAECEnv", "GymEnv", "VectorEnv", "OBS_FIELDS", "OBS_SIZE",
           "N_ACTIONS", "ACTION_NAMES", "describe_observation", "observation_space"]

# each face is imported when first asked for, so that a missing optional
# package is named when it is needed (the layout needs none)
_LAZY = {"aec_env": ".aec", "StudAECEnv": ".aec", "GymEnv": ".gym", "VectorEnv": ".vector"}


def __getattr__(name: str) -> Any:
    if name not in _LAZY:
        raise AttributeError(f"module 'stud.envs' has no attribute {name!r}")
    try:
        module = importlib.import_module(_LAZY[name], __name__)
    except ImportError as error:
        raise ImportError(f"stud.envs.{name} needs the 'envs' extra: pip install \"stud[envs]\" "
                          f"({error})") from error
    value = getattr(module, name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(__all__)
