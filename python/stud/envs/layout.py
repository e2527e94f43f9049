"""The observation and action contract of the agent environments
(docs/envs.md), read off the C encoder (src/studcore/observe.h).

An observation is ``OBS_SIZE`` float32 values of what one seat may see,
seats relative to the observer: slot ``k`` is seat ``(observer + k) % n``,
slot 0 the observer.  Amounts are in units of ``OBS_AMOUNT_UNIT`` (100) big
bets: a 100-big-bet stack reads 1.

>>> OBS_SIZE, N_ACTIONS
(720, 5)
>>> [(name, offset, size) for name, offset, size in OBS_FIELDS][:3]
[('down_cards', 0, 52), ('up_cards', 52, 520), ('community', 572, 52)]
>>> ACTION_NAMES[3]
'complete/bet/raise'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .._checks import optional_module
from .._core import ENV_ACTIONS, OBS_AMOUNT_UNIT, OBS_SIZE, Card
from .._core import OBS_FIELDS as _FIELDS

__all__ = ["OBS_SIZE", "OBS_AMOUNT_UNIT", "N_ACTIONS", "OBS_FIELDS", "ACTION_NAMES",
           "FIELD_MEANINGS", "STATE_SIZE", "describe_observation"]

#: (name, offset, length) of each field, in order
OBS_FIELDS: tuple[tuple[str, int, int], ...] = tuple(_FIELDS)
N_ACTIONS: int = ENV_ACTIONS
#: what each action id stands for (its engine action where it is legal; the
#: same names as the action table of docs/envs.md)
ACTION_NAMES: tuple[str, ...] = ("fold", "check/call", "bring-in", "complete/bet/raise",
                                 "big bet/raise")
MAX_SLOTS = 10
MAX_STREETS = 5
#: the length of the AEC environment's ``state()``: an observation, every
#: seat's down cards and the seat to act (privileged; docs/envs.md)
STATE_SIZE: int = OBS_SIZE + 52 * MAX_SLOTS + MAX_SLOTS

#: what each field holds (docs/envs.md shows this table)
FIELD_MEANINGS: dict[str, str] = {
    "down_cards": "own down cards, 1 at each card id (id = 4 * (rank - 2) + suit, suits c d h s)",
    "up_cards": "up cards of each seat slot, 52 per slot (slot 0 = the observer)",
    "community": "the community card dealt when the deck runs short (rules 5.1)",
    "street": "the street being played, one-hot by street index (0 = first street)",
    "present": "1 for each slot that holds a seat",
    "live": "1 for each seat that has not folded",
    "all_in": "1 for each seat with no chips left behind",
    "stack": "chips behind, in hundreds of big bets",
    "round_bet": "chips put in this betting round, in hundreds of big bets",
    "put_in": "chips put in this hand, antes included, in hundreds of big bets",
    "pot": "every chip put in so far, in hundreds of big bets",
    "to_call": ("what the observer must add to call now (all he has at most), in hundreds "
                "of big bets"),
    "bring_in": "the seat that brought in, one-hot by slot",
    "aggressor": "the last seat to bet or raise this round, one-hot by slot",
    "raises_left": "bets and raises left before the cap this round (rules 4.2)",
    "uncapped": "1 when this round has no cap (heads up, rules 4.3)",
    "bets": "bets and raises made on each street so far (completions included)",
    "to_act": "1 when the observer is to act",
    "two_sizes": "1 while the open-pair choice of bet sizes is open (rules 4.4)",
}

_STREET_NAMES = {7: ("3rd", "4th", "5th", "6th", "7th"), 5: ("2nd", "3rd", "4th", "5th")}


def _cards(values: Sequence[float]) -> list[str]:
    return [str(Card.from_index(i)) for i, v in enumerate(values) if v]


def _slots(values: Sequence[float], present: int) -> list[float]:
    """Amounts of the slots that hold a seat, back in big bets."""
    return [_big_bets(v) for v in values[:present]]


def _big_bets(value: float) -> float:
    """An observed amount back in big bets (to float32's precision)."""
    return round(float(value) * OBS_AMOUNT_UNIT, 4)


def describe_observation(obs: Any) -> dict[str, Any]:
    """An observation back in words: cards as strings, per-slot lists for
    the slots that hold a seat, flags as booleans, amounts back in big bets
    (the observation holds them in hundreds of big bets).

    >>> import numpy as np
    >>> from stud import Hand, Rules
    >>> from stud._core import _observe
    >>> hand = Hand(Rules("razz", 10), [300, 300], seed=3)
    >>> obs = np.zeros(OBS_SIZE, np.float32)
    >>> _observe(hand, 0, obs)
    >>> words = describe_observation(obs)
    >>> len(words["down_cards"]), words["street"], words["pot"]
    (2, 0, 0.2)
    """
    values = [float(v) for v in obs]
    if len(values) != OBS_SIZE:
        raise ValueError(f"an observation has {OBS_SIZE} values, not {len(values)}")
    field = {name: values[offset:offset + size] for name, offset, size in OBS_FIELDS}
    present = int(sum(field["present"]))
    street = [i for i, v in enumerate(field["street"]) if v]

    def slot_of(values: list[float]) -> int | None:
        hot = [i for i, v in enumerate(values) if v]
        return hot[0] if hot else None

    return {
        "seats": present,
        "down_cards": _cards(field["down_cards"]),
        "up_cards": [_cards(field["up_cards"][52 * k:52 * k + 52]) for k in range(present)],
        "community": _cards(field["community"]),
        "street": street[0] if street else None,
        "live": [bool(v) for v in field["live"][:present]],
        "all_in": [bool(v) for v in field["all_in"][:present]],
        "stack": _slots(field["stack"], present),
        "round_bet": _slots(field["round_bet"], present),
        "put_in": _slots(field["put_in"], present),
        "pot": _big_bets(field["pot"][0]),
        "to_call": _big_bets(field["to_call"][0]),
        "bring_in": slot_of(field["bring_in"]),
        "aggressor": slot_of(field["aggressor"]),
        "raises_left": int(field["raises_left"][0]),
        "uncapped": bool(field["uncapped"][0]),
        "bets": [int(v) for v in field["bets"]],
        "to_act": bool(field["to_act"][0]),
        "two_sizes": bool(field["two_sizes"][0]),
    }


#: the bound of amounts and counts: a table holds at most 2**30 chips in
#: all (the engine's limit), so no amount in big bets (a big bet is 1 chip
#: or more) nor any count of bets reaches it
AMOUNT_BOUND = float(2**30)


def observation_high() -> Any:
    """The upper bound of each observation value: 1 for cards and flags,
    ``AMOUNT_BOUND`` (2**30, finite) for amounts and counts (every value is
    at least 0)."""
    import numpy as np

    high = np.ones(OBS_SIZE, dtype=np.float32)
    for name, offset, size in OBS_FIELDS:
        if name in ("stack", "round_bet", "put_in", "pot", "to_call", "raises_left", "bets"):
            high[offset:offset + size] = AMOUNT_BOUND
    return high


def _gym_spaces() -> Any:
    """``gymnasium.spaces``, or an ImportError naming the extra to install."""
    return optional_module("gymnasium.spaces",
                           'the environments\' spaces need gymnasium: pip install "stud[envs]"')


def _observation_box() -> Any:
    """The Gymnasium space of one observation vector: ``Box`` float32[OBS_SIZE]."""
    import numpy as np

    return _gym_spaces().Box(0.0, observation_high(), (OBS_SIZE,), np.float32)


def state_box() -> Any:
    """The Gymnasium space of the AEC environment's ``state()``."""
    import numpy as np

    high = np.ones(STATE_SIZE, dtype=np.float32)
    high[:OBS_SIZE] = observation_high()
    return _gym_spaces().Box(0.0, high, (STATE_SIZE,), np.float32)


def observation_space() -> Any:
    """The Gymnasium space of an environment observation: a Dict of
    ``observation`` (float32[OBS_SIZE]) and ``action_mask`` (int8[N_ACTIONS])."""
    import numpy as np

    spaces = _gym_spaces()
    return spaces.Dict({
        "observation": _observation_box(),
        "action_mask": spaces.Box(0, 1, (N_ACTIONS,), np.int8),
    })
