"""Engine hands played at random, for the site formats' writers of seeded
hands: ``play`` deals a hand from a seeded deck and decides it with random
legal actions (a check, call, bring-in or raise three times as likely as a
fold), each showdown's seats that may muck doing so now and then."""

from __future__ import annotations

import random

from stud import Hand, Rules


def play(rules: Rules, stacks: list[int], rng: random.Random, rake: int = 0,
         muck: float = 0.3) -> Hand:
    """A finished hand (its deck's seed and every decision drawn from
    ``rng``); a seat that may muck at the showdown does so with chance
    ``muck``."""
    hand = Hand(rules, stacks, seed=rng.getrandbits(48), rake=rake)
    while not hand.is_over:
        if hand.awaiting_showdown:
            if hand.may_muck and rng.random() < muck:
                hand.muck()
            else:
                hand.show()
            continue
        legal = hand.legal_actions()
        weights = [1.0 if a.kind == 0 else 3.0 if a.kind in (1, 2, 3) else 1.2 for a in legal]
        hand.act(rng.choices(legal, weights)[0])
    return hand
