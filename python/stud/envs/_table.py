"""One table over a ``stud.Hand``, shared by the AEC and Gymnasium faces.

It follows the vector environment's rule (src/studcore/vecenv.h): reset
with seed ``s``, the k-th hand is dealt from the k-th draw of the table's
stream, and built-in policies draw from that stream too, so a table here
and table ``t`` of a VectorEnv reset with ``s - t`` see the same cards and
the same observations.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Union

import numpy as np

from .._checks import seed_or_random
from .._core import (
    BUILTIN_POLICIES,
    OBS_SIZE,
    Hand,
    _checked_stacks,
    _env_actions,
    _env_rewards,
    _observe,
    _SeedStream,
)
from ..game import Action, HandView, Rules
from .layout import N_ACTIONS

#: a seat's player: None (the agent), a built-in policy's name, or a
#: callable given ``Hand.view(seat)`` that returns an Action
SeatPolicy = Union[None, str, Callable[[HandView], Any]]


def check_rules(rules: Any) -> Rules:
    """Rules, or a variant (a name or a stud.Variant) with the default
    limits of a small bet of 10 (docs/rules.md 1)."""
    if isinstance(rules, Rules):
        return rules
    try:
        return Rules(rules, 10)
    except (TypeError, ValueError) as error:
        raise ValueError(f"rules must be a stud.Rules or a variant: {error}") from None


def big_bet(rules: Rules) -> int:
    """The big bet (Rules fills it in when it is not given)."""
    assert rules.big_bet is not None
    return rules.big_bet


def check_stacks(rules: Rules, players: Any, stacks: Any) -> list[int]:
    if isinstance(players, bool) or not isinstance(players, int):
        raise TypeError(f"players must be a whole number, not {type(players).__name__}")
    limit = rules.max_players
    if not 2 <= players <= limit:
        raise ValueError(f"{rules.variant.name} is played by 2 to {limit} players, not {players}")
    if stacks is None:
        stacks = 100 * big_bet(rules)
    if isinstance(stacks, int) and not isinstance(stacks, bool):
        stacks = [stacks] * players
    given = list(stacks)
    if len(given) != players:
        raise ValueError(f"{players} players need {players} stacks, got {len(given)}")
    out = _checked_stacks(rules, given, "seat")  # whole, positive, 2**30 in all: as the engine
    ante = rules.ante or 0
    for s, chips in enumerate(out):
        if chips <= ante:  # every seat has chips for the betting (vecenv.h)
            raise ValueError(f"seat {s}'s stack must be above the ante ({ante}), not {chips}")
    return out


def check_policy(seat: int, policy: Any) -> SeatPolicy:
    if policy is None or callable(policy):
        return policy  # type: ignore[no-any-return]
    if isinstance(policy, str) and policy in BUILTIN_POLICIES:
        return policy
    raise ValueError(f"seat {seat}'s policy must be None (the agent), a callable or one of "
                     f"{', '.join(BUILTIN_POLICIES)}; not {policy!r}")


class Table:
    """Hands one after another on fixed stacks; ``policies[seat]`` None
    for the agent's seats, a built-in name or a callable for the others."""

    def __init__(self, rules: Rules, stacks: list[int], policies: Sequence[SeatPolicy],
                 reward_scale: float) -> None:
        self.rules = rules
        self.stacks = stacks
        self.policies = list(policies)
        self.reward_scale = reward_scale
        self.stream = _SeedStream(0)
        self.hand: Hand | None = None
        self.legal: tuple[Action | None, ...] = (None,) * N_ACTIONS

    def reset(self, seed: int | None) -> None:
        self.stream = _SeedStream(seed_or_random(seed))
        self.new_hand()

    def new_hand(self) -> None:
        self.hand = Hand(self.rules, self.stacks, seed=self.stream.next_seed())
        self.play_others()

    def play_others(self) -> None:
        """The seats that are not the agent's act until one of his must."""
        hand = self.hand
        assert hand is not None
        while not hand.is_over:
            seat = hand.actor
            assert seat is not None  # automatic hands wait only for actions
            policy = self.policies[seat]
            if policy is None:
                break
            if isinstance(policy, str):
                action = self.stream.choose(policy, hand)
            else:
                action = policy(hand.view(seat))
            if action is None:
                raise ValueError(f"seat {seat}'s policy gave no action")
            hand.act(action)
        self.legal = _env_actions(hand)

    def mask(self) -> np.ndarray:
        return np.array([a is not None for a in self.legal], dtype=np.int8)

    def check_action(self, action: Any) -> int:
        """The action id, if it is a legal one now; a clear error otherwise."""
        if isinstance(action, (bool, np.bool_)) or not isinstance(action, (int, np.integer)):
            raise TypeError(f"an action is a whole number 0..{N_ACTIONS - 1}, not {action!r}")
        a = int(action)
        if not 0 <= a < N_ACTIONS or self.legal[a] is None:
            legal = [i for i, x in enumerate(self.legal) if x is not None]
            raise ValueError(f"action {a} is not legal now: legal are {legal}")
        return a

    def apply(self, a: int) -> None:
        """Plays legal action id ``a`` for the agent seat to act, then the
        other seats until an agent seat must act or the hand ends."""
        assert self.hand is not None
        action = self.legal[a]
        assert action is not None
        self.hand.act(action)
        self.play_others()

    def observe(self, seat: int) -> np.ndarray:
        out = np.empty(OBS_SIZE, dtype=np.float32)
        assert self.hand is not None
        _observe(self.hand, seat, out)
        return out

    def rewards(self) -> list[float]:
        assert self.hand is not None
        return [float(r) for r in _env_rewards(self.hand, self.reward_scale)]
