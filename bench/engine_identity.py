"""Are the engine's results unchanged?  A fingerprint of everything a seed decides.

    python bench/engine_identity.py --write before.json     # on the old build
    python bench/engine_identity.py --check before.json     # on the new one

Records, for several seeds, variants, table sizes and rule options:
- the full report of ``stud.play_random`` (plain, random stacks, with the
  checks, which also plays random manual showdowns);
- the full ``stud.simulate`` result with built-in policies (each alone,
  mixed, rotated, carried) and with a Python policy in the mix (the
  Python-driven loop, which calls the built-in choices through
  ``_builtin_choice``);
- hands driven from Python by seed: the actor, street, legal actions, bets
  and pots at every decision, then the whole history and the payouts, with
  automatic and manual showdowns.

A speed-up of the engine must not change any of it: the same seed deals
the same cards and the built-in policies take the same decisions.
``--check`` prints the first difference and exits 1.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys

import stud
from stud import Hand, Rules, Variant
from stud.game import SEVEN_CARD_VARIANTS

SEEDS = (1, 7, 2024)

RULE_SETS = [
    # (label, keyword arguments of Rules besides the variant and small bet)
    ("default", {}),
    ("suit ties", {"bring_in_tiebreak": "suit", "board_tiebreak": "suit"}),
    ("full raise, 4 raises", {"reopen_rule": "full_raise", "max_raises": 4,
                              "odd_chip": "position"}),
    ("BI = S, no burns", {"bring_in": 10, "burn_cards": False, "heads_up_uncapped": True}),
    ("big ante", {"ante": 7, "bring_in": 3, "big_bet": 25}),
]


def table_sizes(variant: Variant) -> tuple[int, ...]:
    return (2, 3, 6, 8) if variant in SEVEN_CARD_VARIANTS else (2, 5, 8, 10)


def rules_for(variant: Variant, options: dict) -> Rules:
    options = dict(options)
    if variant not in (Variant.SEVEN_CARD_STUD, Variant.FIVE_CARD_STUD):
        options.pop("open_pair_double", None)
    return Rules(variant, 10, **options)


def play_random_rows():
    for variant in Variant:
        for label, options in RULE_SETS:
            rules = rules_for(variant, options)
            for seats in table_sizes(variant):
                for seed in SEEDS:
                    for stacks, random_stacks, check, hands in (
                            ([300] * seats, False, False, 2000),
                            ([60 + 17 * s for s in range(seats)], True, False, 2000),
                            ([120] * seats, True, True, 400)):
                        report = stud.play_random(rules, stacks, hands, seed=seed,
                                                  random_stacks=random_stacks, check=check)
                        yield (f"play_random {variant.name} {label} {seats} seats seed {seed} "
                               f"stacks {stacks[0]} random {random_stacks} check {check}", report)


def python_policy(view):
    """A Python policy: deterministic, from the view (so it takes the
    Python loop and its RNG draws through _builtin_choice)."""
    legal = view["legal_actions"]
    pick = (sum(view["stacks"]) + view["pot"] + 3 * view["seat"]) % len(legal)
    return legal[pick]


def simulate_rows():
    mixes = [["random"], ["call"], ["strength"], ["random", "call", "strength"],
             ["strength", "random"]]
    for variant in Variant:
        for label, options in RULE_SETS[:3]:
            rules = rules_for(variant, options)
            for seats in table_sizes(variant):
                for seed in SEEDS[:2]:
                    for mix in mixes:
                        policies = [mix[p % len(mix)] for p in range(seats)]
                        for rotate, carry in ((False, False), (True, True)):
                            result = stud.simulate(rules, policies, 3000, seed=seed,
                                                   rotate=rotate, carry=carry,
                                                   stacks=[40 + 30 * p for p in range(seats)])
                            yield (f"simulate {variant.name} {label} {seats} {mix} seed {seed} "
                                   f"rotate {rotate} carry {carry}", result)
                    policies = [python_policy if p % 3 == 0 else ("random", "strength")[p % 2]
                                for p in range(seats)]
                    result = stud.simulate(rules, policies, 150, seed=seed, rotate=True)
                    yield (f"simulate {variant.name} {label} {seats} python policy seed {seed}",
                           result)


def hand_record(hand: Hand, rng: random.Random) -> list:
    steps = []
    while not hand.is_over:
        if hand.awaiting_showdown:
            show = not hand.may_muck or rng.random() < 0.5
            steps.append(("show", hand.actor, show))
            hand.show() if show else hand.muck()
            continue
        legal = hand.legal_actions()
        steps.append((hand.actor, hand.street, [tuple(a) for a in legal], hand.bets,
                      hand.stacks, [repr(p) for p in hand.pots], hand.live_seats, hand.all_in))
        hand.act(legal[int(rng.random() * len(legal))])
    steps.append([repr(event) for event in hand.history])
    steps.append((hand.payouts, hand.stacks, hand.contributions, [repr(p) for p in hand.pots],
                   [str(hand.cards(s)) for s in range(hand.n_seats)], str(hand.community)))
    return steps


def hand_rows():
    for variant in Variant:
        for label, options in RULE_SETS:
            rules = rules_for(variant, options)
            for seats in table_sizes(variant):
                rng = random.Random(f"{variant} {label} {seats}")
                for k in range(12):
                    stacks = [rng.randint(1, 200) for _ in range(seats)] if k % 2 else \
                        [200] * seats
                    showdown = "manual" if k % 3 == 0 else "auto"
                    hand = Hand(rules, stacks, seed=1000 + k, showdown=showdown)
                    yield (f"hand {variant.name} {label} {seats} {k}",
                           hand_record(hand, rng))


def fingerprint() -> dict:
    out = {}
    for rows in (play_random_rows(), simulate_rows(), hand_rows()):
        for key, value in rows:
            text = json.dumps(value, sort_keys=True, default=repr)
            out[key] = hashlib.sha256(text.encode()).hexdigest()[:16] if len(text) > 400 else text
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    group = parser.add_mutually_exclusive_group(required=True)
    group.add_argument("--write", metavar="PATH")
    group.add_argument("--check", metavar="PATH")
    args = parser.parse_args(argv)
    now = fingerprint()
    if args.write:
        with open(args.write, "w") as f:
            json.dump(now, f, indent=0, sort_keys=True)
        print(f"{len(now)} results written to {args.write}")
        return 0
    with open(args.check) as f:
        before = json.load(f)
    if set(before) - set(now):
        print("results missing now:", sorted(set(before) - set(now))[:5])
        return 1
    new = set(now) - set(before)
    if new:  # (a variant or a rule set added since: nothing to compare it with)
        print(f"{len(new)} results not in {args.check}, e.g. {sorted(new)[0]}")
    for key in before:
        if before[key] != now[key]:
            print(f"DIFFERENT: {key}\n  before: {before[key]}\n  now:    {now[key]}")
            return 1
    print(f"all {len(before)} results of {args.check} identical")
    return 0


if __name__ == "__main__":
    sys.exit(main())
