"""The playout kernel (src/studcore/playout.c) against the general path.

stud.play_random and stud.simulate play their hands through the kernel; it
must play each hand exactly as stud_hand_start, stud_hand_legal and
stud_hand_apply do, with the same draws from the same generators.  The
private hook ``_playout_pair`` plays one hand both ways from the same seeds
and returns both final states (every field playout.h promises, the
generators' states after the hand and the number of decisions).
"""

from __future__ import annotations

import random

import pytest
from stud import Rules, Variant
from stud._core import BUILTIN_POLICIES, _playout_pair

SEVEN = (Variant.SEVEN_CARD_STUD, Variant.SEVEN_CARD_STUD_HILO, Variant.RAZZ,
         Variant.DEUCE_TO_SEVEN_RAZZ, Variant.SEVEN_CARD_STUD_HILO_REGULAR)
REGULAR = Variant.SEVEN_CARD_STUD_HILO_REGULAR

OPTIONS = [
    {},
    {"bring_in_tiebreak": "suit", "board_tiebreak": "suit"},
    {"reopen_rule": "full_raise", "max_raises": 4, "odd_chip": "position"},
    {"bring_in": 10, "burn_cards": False, "heads_up_uncapped": True},
    {"ante": 7, "bring_in": 3, "big_bet": 25},
    {"max_raises": 0, "heads_up_uncapped": False, "open_pair_double": True},
    # Hi-Lo Regular's options (13.2, 13.5; dropped for the other games)
    {"action_order": "high", "low_needs_five_ranks": True, "bring_in_tiebreak": "suit"},
    {"low_needs_five_ranks": True, "board_tiebreak": "suit", "odd_chip": "position"},
    # the site options of 11.3: the fold beside a check (the random policy
    # draws it, the strength policy checks), the odd chip to the low half
    {"fold_when_can_check": True, "odd_chip_half": "low"},
    {"fold_when_can_check": True, "max_raises": 4, "open_pair_double": True},
]


def rules_for(variant: Variant, options: dict) -> Rules:
    options = dict(options)
    if variant not in (Variant.SEVEN_CARD_STUD, Variant.FIVE_CARD_STUD):
        options.pop("open_pair_double", None)
    if variant is not REGULAR:
        options.pop("action_order", None)
        options.pop("low_needs_five_ranks", None)
    return Rules(variant, 10, **options)


def stacks_for(rng: random.Random, seats: int) -> list[int]:
    kind = rng.randrange(3)
    if kind == 0:
        return [300] * seats
    if kind == 1:  # short stacks: all-ins from the ante, short bring-ins, side pots
        return [rng.randint(1, 40) for _ in range(seats)]
    return [rng.randint(1, 400) for _ in range(seats)]


@pytest.mark.parametrize("variant", list(Variant), ids=lambda v: v.name)
@pytest.mark.parametrize("options", range(len(OPTIONS)))
def test_kernel_plays_as_the_general_path(variant, options):
    rules = rules_for(variant, OPTIONS[options])
    most = 8 if variant in SEVEN else 10
    rng = random.Random(f"{variant.name} {options}")
    for seats in range(2, most + 1):
        for _ in range(25):
            stacks = stacks_for(rng, seats)
            if rng.random() < 0.5:
                policies = None
            else:
                policies = [rng.choice(BUILTIN_POLICIES) for _ in range(seats)]
            seed, choice_seed = rng.getrandbits(64), rng.getrandbits(64)
            kernel, general = _playout_pair(rules, stacks, seed, policies, choice_seed)
            assert kernel["error"] == 0
            assert kernel == general, (variant, OPTIONS[options], stacks, policies, seed,
                                       choice_seed)


def test_kernel_stops_at_the_step_limit_where_the_general_path_does():
    rules = Rules(Variant.FIVE_CARD_STUD, 10, heads_up_uncapped=True)
    rng = random.Random(5)
    for limit in range(0, 30):
        stacks = [rng.randint(1, 300) for _ in range(rng.randint(2, 10))]
        kernel, general = _playout_pair(rules, stacks, rng.getrandbits(64), None,
                                        rng.getrandbits(64), limit)
        assert kernel == general
        assert kernel["decisions"] <= limit + 1


def test_the_heads_up_raising_war_wraps_as_the_hand_does():
    # two strength players heads-up and uncapped raise each other until one
    # is all-in: hundreds of raises in a round, past what a byte counts
    rules = Rules(Variant.SEVEN_CARD_STUD, 1, big_bet=1, ante=0, bring_in=1,
                  heads_up_uncapped=True)
    wars = 0
    for seed in range(400):
        kernel, general = _playout_pair(rules, [3000, 2900], seed, ["strength", "strength"], seed)
        assert kernel == general
        wars += kernel["decisions"] > 300
    assert wars > 0


@pytest.mark.parametrize("reopen_rule", ["half_bet", "full_raise"])
def test_short_all_in_raises_reopen_as_the_general_path(reopen_rule):
    # stacks of a few bets: all-ins short of a full raise in the middle of a
    # round, then players who acted before them act again (6.2; the kernel
    # tests whether the betting re-opened for them only after such a raise)
    rng = random.Random(reopen_rule)
    for variant in (Variant.SEVEN_CARD_STUD, Variant.FIVE_CARD_STUD_HILO):
        rules = Rules(variant, 10, reopen_rule=reopen_rule, max_raises=4)
        for _ in range(300):
            seats = rng.randint(3, 7)
            stacks = [rng.randint(12, 70) for _ in range(seats)]
            policies = None if rng.random() < 0.7 else ["strength"] * seats
            seed, choice_seed = rng.getrandbits(64), rng.getrandbits(64)
            kernel, general = _playout_pair(rules, stacks, seed, policies, choice_seed)
            assert kernel == general, (variant, stacks, policies, seed, choice_seed)
