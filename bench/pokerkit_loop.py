"""pokerkit's side of bench/bench_engine.py: random 6-player Stud/8 hands.

The same game as the stud rows: Seven Card Stud Hi-Lo 8-or-better, small
bet 10, big bet 20, ante 2, bring-in 5, six players with 300 chips each,
through pokerkit's ``FixedLimitSevenCardStudHighLowSplitEightOrBetter``
with every automation on (antes, bet collection, burning, dealing from
pokerkit's own shuffled deck, showdown, hand killing, chips pushing and
pulling).  Each decision is chosen uniformly at random among the legal
actions, as stud's loop does with ``Hand.legal_actions()``: fold (only when
facing a bet: pokerkit's tournament mode refuses a fold when a check is
possible, as stud's list has none), check or call, post the bring-in,
complete / bet / raise (fixed limit: one amount).

    new_state(rng)         a state mid-way through 3rd street (for copies)
    play_random_hand(rng)  plays one hand to the end
    driver_loop_rate(...)  hands/s of the same game through the differential
                           test's driver (tests/support/pokerkit_driver.py)

``python bench/pokerkit_loop.py`` prints both rates.

Importing this module raises ImportError when pokerkit is missing, which
bench_engine.py reports as a skipped row.
"""

from __future__ import annotations

import random
import warnings

from pokerkit import Automation, FixedLimitSevenCardStudHighLowSplitEightOrBetter, Mode

__all__ = ["new_state", "play_random_hand", "driver_loop_rate", "SMALL_BET", "BIG_BET", "ANTE",
           "BRING_IN", "STACK", "PLAYERS"]

SMALL_BET, BIG_BET, ANTE, BRING_IN, STACK, PLAYERS = 10, 20, 2, 5, 300, 6

AUTOMATIONS = (
    Automation.ANTE_POSTING,
    Automation.BET_COLLECTION,
    Automation.BLIND_OR_STRADDLE_POSTING,
    Automation.CARD_BURNING,
    Automation.HOLE_DEALING,
    Automation.BOARD_DEALING,
    Automation.RUNOUT_COUNT_SELECTION,
    Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
    Automation.HAND_KILLING,
    Automation.CHIPS_PUSHING,
    Automation.CHIPS_PULLING,
)

_GAME = FixedLimitSevenCardStudHighLowSplitEightOrBetter
_STACKS = (STACK,) * PLAYERS

# the operations a decision can take (bound at call time on the state)
_FOLD, _CHECK_OR_CALL, _BRING_IN, _RAISE = range(4)


def _create():
    return _GAME.create_state(
        AUTOMATIONS,
        True,           # ante trimming: antes count in side-pot layers (docs/rules.md 7.1)
        ANTE,
        BRING_IN,
        SMALL_BET,
        BIG_BET,
        _STACKS,
        PLAYERS,
        mode=Mode.TOURNAMENT,   # no fold when a check is possible
    )


def _step(state, rng: random.Random) -> None:
    """One decision, uniformly at random among the legal actions."""
    options = []
    if state.can_fold():
        options.append(_FOLD)
    if state.can_post_bring_in():
        options.append(_BRING_IN)
    if state.can_check_or_call():
        options.append(_CHECK_OR_CALL)
    if state.can_complete_bet_or_raise_to():
        options.append(_RAISE)
    choice = options[int(rng.random() * len(options))]
    if choice == _FOLD:
        state.fold()
    elif choice == _CHECK_OR_CALL:
        state.check_or_call()
    elif choice == _BRING_IN:
        state.post_bring_in()
    else:
        state.complete_bet_or_raise_to()    # fixed limit: the one legal amount


def play_random_hand(rng: random.Random) -> None:
    """Play one random hand in pokerkit, from the antes to the payout."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        state = _create()
        while state.status:
            _step(state, rng)


def new_state(rng: random.Random):
    """A state mid-way through 3rd street: the bring-in posted (or completed)
    and two more random decisions taken, the hand still on, someone to act."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        while True:
            state = _create()
            for _ in range(3):
                _step(state, rng)
            if state.status and state.street_index == 0 and state.actor_index is not None:
                return state


def driver_loop_rate(seconds: float = 2.0, fold_prob: float = 0.15) -> float:
    """Hands per second of the same game played through the differential
    test's driver (tests/support/pokerkit_driver.py ``random_hand``: our
    stacked deck dealt card by card, fold ``fold_prob``, raise 20%, else a
    passive action), i.e. what pokerkit costs tests/test_pokerkit_differential.py.
    Needs the repository root on ``sys.path`` (added here)."""
    import os
    import sys
    import time

    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    if root not in sys.path:
        sys.path.insert(0, root)
    from tests.support.pokerkit_driver import random_hand

    rng = random.Random(1)
    n, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        random_hand("stud8", PLAYERS, small_bet=SMALL_BET, big_bet=BIG_BET, ante=ANTE,
                    bring_in=BRING_IN, stack=STACK, rng=rng, fold_prob=fold_prob)
        n += 1
    return n / (time.perf_counter() - start)


if __name__ == "__main__":  # a quick look: hands per second
    import time

    rng = random.Random(1)
    print("state to act: seat", new_state(rng).actor_index)
    n, start = 0, time.perf_counter()
    while time.perf_counter() - start < 2.0:
        play_random_hand(rng)
        n += 1
    print(f"{n / (time.perf_counter() - start):.0f} random hands/s (pokerkit dealing itself)")
    for fold_prob in (0.15, 0.5):
        print(f"{driver_loop_rate(2.0, fold_prob):.0f} hands/s through the differential "
              f"test's driver (fold {fold_prob:.0%}, raise 20%)")
