"""Gymnasium ids for the environments, one per variant, registered when
``stud.envs`` is imported (docs/envs.md).

An id is ``stud/<Name>-v0`` where ``<Name>`` is the ``stud.Variant``
member's name with each word (the parts between underscores) capitalised
and the underscores dropped: ``SEVEN_CARD_STUD`` gives
``stud/SevenCardStud-v0``, ``FIVE_CARD_STUD_HILO`` gives
``stud/FiveCardStudHilo-v0``.  Every member of ``stud.Variant`` gets one,
so a variant added to the enum gets its id without more code.

>>> env_id("RAZZ"), env_id("SEVEN_CARD_STUD_HILO")
('stud/Razz-v0', 'stud/SevenCardStudHilo-v0')
"""

from __future__ import annotations

import importlib.util
from collections.abc import Sequence
from typing import Any

from ..enums import Variant

__all__ = ["ENV_IDS", "env_id", "register_envs", "make_env", "make_vector_env"]

NAMESPACE = "stud"
VERSION = 0


def env_id(member: str | Variant) -> str:
    """The Gymnasium id of a ``stud.Variant`` member (or its name)."""
    name = member.name if isinstance(member, Variant) else str(member)
    words = "".join(word[:1].upper() + word[1:].lower() for word in name.split("_"))
    return f"{NAMESPACE}/{words}-v{VERSION}"


#: each variant's Gymnasium id, in the order of ``stud.Variant``
ENV_IDS: dict[Variant, str] = {variant: env_id(variant) for variant in Variant}


def _opponents(players: int | None, opponents: Sequence[Any] | None) -> list[Any]:
    if opponents is None:
        count = 2 if players is None else players
        return ["random"] * (count - 1)
    if isinstance(opponents, str) or not isinstance(opponents, Sequence):
        raise TypeError("opponents is a list: one policy per other seat")
    if players is not None and players != len(opponents) + 1:
        raise ValueError(f"players={players} needs {players - 1} opponents, not "
                         f"{len(opponents)}")
    return list(opponents)


def make_env(variant: int, players: int | None = None, opponents: Sequence[Any] | None = None,
             **options: Any) -> Any:
    """``gymnasium.make``'s entry point: a ``GymEnv`` of ``variant`` with
    ``players`` seats (2 by default) whose other seats are ``opponents``
    ("random" each by default); other options go to ``GymEnv`` (``seat``,
    ``stacks``, ``reward_unit``, ``illegal_action``, ``render_mode``, and
    ``small_bet`` for the table's limits, 10 by default)."""
    from ..game import Rules
    from .gym import GymEnv

    small_bet = options.pop("small_bet", 10)
    return GymEnv(Rules(Variant(variant), small_bet), opponents=_opponents(players, opponents),
                  **options)


def make_vector_env(variant: int, num_envs: int = 1, players: int | None = None,
                    opponents: Sequence[Any] | None = None, **options: Any) -> Any:
    """``gymnasium.make_vec``'s entry point: a ``GymVectorEnv`` of
    ``num_envs`` tables (options as for ``make_env``, and ``copy``)."""
    from ..game import Rules
    from .gym_vector import GymVectorEnv

    small_bet = options.pop("small_bet", 10)
    options.pop("max_episode_steps", None)  # (no id sets one: a hand always ends)
    return GymVectorEnv(Rules(Variant(variant), small_bet), num_envs,
                        opponents=_opponents(players, opponents), **options)


def register_envs() -> None:
    """Registers every id of ``ENV_IDS`` with Gymnasium (nothing when
    gymnasium is not installed; registering again replaces nothing)."""
    if importlib.util.find_spec("gymnasium") is None:
        return
    import gymnasium

    for variant, name in ENV_IDS.items():
        if name in gymnasium.registry:
            continue
        gymnasium.register(
            id=name,
            entry_point=f"{__name__}:make_env",
            vector_entry_point=f"{__name__}:make_vector_env",
            kwargs={"variant": int(variant)},
            disable_env_checker=False,
        )
