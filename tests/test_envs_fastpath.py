"""The one-call step paths of GymEnv and the AEC environment (``_env_play``)
against the step-by-step paths they replaced, bit for bit, over many seeded
episodes of every variant.

- GymEnv: the same environment with its table's ``fast`` off plays every
  seat through ``Hand.act`` in Python (``Table.play_others_python``, the
  loop the environment ran before), and observes with ``stud.envs.observe``.
- AEC: a reference built here from the public pieces (a ``stud.Hand`` per
  hand dealt from the table's seed stream, ``observe``, ``legal_mask``, the
  environment actions of ``_env_actions``) drives the same hands.
"""

from __future__ import annotations

import random

import numpy as np
import pytest
from stud import Hand, Rules, Variant
from stud._core import _env_actions, _env_rewards, _SeedStream
from stud.envs import GymEnv, ObservationPolicy, aec_env, legal_mask, observe

VARIANTS = [v for v in Variant]
OPPONENTS = [
    ["call"],
    ["random"],
    ["strength"],
    ["random", "call", "strength"],
    ["random"] * 5,
    ["strength", "random", "call", "random", "strength", "call", "random"],
]


def first_legal(view):  # a Python callable seat: the first legal action
    return view["legal_actions"][0]


def lowest_id(obs, mask):  # an ObservationPolicy: the lowest legal id
    return int(np.flatnonzero(mask)[0])


def gym_trajectory(env: GymEnv, seed: int, steps: int, fast: bool) -> list[object]:
    """Everything the agent is given over ``steps`` steps (resetting after
    each hand), and each finished hand's history."""
    env._table.fast = fast
    rng = random.Random(seed)
    out: list[object] = []
    obs, info = env.reset(seed=seed)
    out.append((obs["observation"].tobytes(), obs["action_mask"].tobytes()))
    for k in range(steps):
        if k % 7 == 3:  # now and then an id that is not legal (played as the passive one)
            action: object = int(np.flatnonzero(obs["action_mask"] == 0)[0])
        else:
            legal = np.flatnonzero(obs["action_mask"])
            action = int(legal[int(rng.random() * len(legal))])
            if k % 5 == 1:
                action = np.int64(action)  # a numpy id: the checked path
        obs, reward, terminated, truncated, info = env.step(action)
        out.append((obs["observation"].tobytes(), obs["action_mask"].tobytes(), reward,
                    terminated, truncated, info["action_mask"].tobytes(),
                    info["illegal_action"], env.action_masks().tobytes()))
        assert obs["observation"].tobytes() == observe(env.hand, env.seat).tobytes()
        if terminated:
            assert env.hand is not None
            out.append(tuple(env.hand.history))
            obs, info = env.reset()
            out.append((obs["observation"].tobytes(), obs["action_mask"].tobytes()))
    return out


@pytest.mark.parametrize("variant", VARIANTS, ids=lambda v: v.name)
@pytest.mark.parametrize("opponents", OPPONENTS, ids=lambda o: "-".join(o))
def test_gym_fast_step_equals_the_python_loop(variant: Variant, opponents: list[str]) -> None:
    rules = Rules(variant, 10)
    if len(opponents) + 1 > rules.max_players:
        pytest.skip("more seats than the variant seats")
    for seed, seat, stacks in [(11, len(opponents), 150), (2**64 - 5, 1, 40)]:
        seat = min(seat, len(opponents))
        envs = [GymEnv(rules, seat=seat, opponents=opponents, stacks=stacks,
                       reward_unit="chips" if seed == 11 else "big_bets") for _ in range(2)]
        fast = gym_trajectory(envs[0], seed, 200, fast=True)
        slow = gym_trajectory(envs[1], seed, 200, fast=False)
        assert fast == slow
        assert sum(isinstance(x, tuple) and len(x) and not isinstance(x[0], bytes)
                   for x in fast) >= 10  # many hands played to their end


@pytest.mark.parametrize("variant", VARIANTS, ids=lambda v: v.name)
def test_gym_fast_step_with_python_seats(variant: Variant) -> None:
    """Callable and ObservationPolicy seats between built-in ones: C plays
    up to a Python seat, Python plays it, C goes on."""
    opponents = ["random", first_legal, "call", ObservationPolicy(lowest_id)]
    envs = [GymEnv(variant, seat=1, opponents=opponents) for _ in range(2)]
    assert gym_trajectory(envs[0], 5, 300, fast=True) == gym_trajectory(envs[1], 5, 300,
                                                                         fast=False)


def aec_reference(rules: Rules, players: int, seed: int, hands: int,
                  choose: random.Random) -> list[object]:
    """The AEC loop's observations, masks and rewards, from a Hand driven
    step by step (the table's rule: the k-th hand from the k-th draw)."""
    stream = _SeedStream(seed)
    stacks = [100 * (rules.big_bet or 0)] * players
    out: list[object] = []
    for _ in range(hands):
        hand = Hand(rules, stacks, seed=stream.next_seed())
        while not hand.is_over:
            seat = hand.actor
            assert seat is not None
            out.append((seat, observe(hand, seat).tobytes(), legal_mask(hand).tobytes(), 0.0))
            mask = legal_mask(hand)
            legal = np.flatnonzero(mask)
            a = int(legal[int(choose.random() * len(legal))])
            action = _env_actions(hand)[a]
            assert action is not None
            hand.act(action)
        results = _env_rewards(hand, rules.big_bet or 1)
        # each agent's last: PettingZoo's dead steps take the last actor's
        # first, then the others in agent order
        last = seat
        for s in [last] + [s for s in range(players) if s != last]:
            out.append((s, observe(hand, s).tobytes(), bytes(5), results[s]))
    return out


def aec_trajectory(rules: Rules, players: int, seed: int, hands: int,
                   choose: random.Random) -> list[object]:
    env = aec_env(rules, players)
    out: list[object] = []
    env.reset(seed=seed)
    for k in range(hands):
        if k:
            env.reset()
        for agent in env.agent_iter():
            obs, reward, terminated, truncated, _ = env.last()
            seat = env.possible_agents.index(agent)
            out.append((seat, obs["observation"].tobytes(), obs["action_mask"].tobytes(),
                        reward))
            if terminated or truncated:
                env.step(None)
            else:
                legal = np.flatnonzero(obs["action_mask"])
                env.step(int(legal[int(choose.random() * len(legal))]))
    return out


@pytest.mark.parametrize("variant", VARIANTS, ids=lambda v: v.name)
def test_aec_fast_step_equals_a_hand_played_step_by_step(variant: Variant) -> None:
    rules = Rules(variant, 10)
    for players in sorted({2, 3, rules.max_players}):
        for seed in (1, 2**63 + 7):
            got = aec_trajectory(rules, players, seed, 40, random.Random(seed))
            want = aec_reference(rules, players, seed, 40, random.Random(seed))
            assert got == want
