"""The agent environments (stud.envs, docs/envs.md): the observation and
action contract, PettingZoo's and Gymnasium's own checks, the vector
environment bit for bit against the AEC one, no leak of hidden cards, and
bad input."""

from __future__ import annotations

import itertools
import random

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from hypothesis import given, settings
from hypothesis import strategies as st
from pettingzoo.test import api_test, seed_test
from stud import Hand, Rules, Variant
from stud._core import _env_actions, _observe
from stud.envs import (
    ACTION_NAMES,
    N_ACTIONS,
    OBS_FIELDS,
    OBS_SIZE,
    GymEnv,
    VectorEnv,
    aec_env,
    describe_observation,
)

# PettingZoo's and Gymnasium's checkers advise on Dict observations (used
# for the action mask, as their own card games do) and unbounded amounts
pytestmark = [
    pytest.mark.filterwarnings("ignore:Observation space for each agent:UserWarning"),
    pytest.mark.filterwarnings("ignore:Observation is not a NumPy array:UserWarning"),
    pytest.mark.filterwarnings("ignore:.*maximum value is infinity:UserWarning"),
    pytest.mark.filterwarnings("ignore:.*alternative render modes:UserWarning"),
]

VARIANTS = ["stud", "stud8", "razz", "five", "five8"]
SIZES = [(v, n) for v in VARIANTS for n in range(2, Rules(v, 10).max_players + 1)]


def observe(hand: Hand, seat: int) -> np.ndarray:
    out = np.empty(OBS_SIZE, np.float32)
    _observe(hand, seat, out)
    return out


# ---- the contract ---------------------------------------------------------------------

def test_layout_is_contiguous_and_documented():
    offset = 0
    for name, start, size in OBS_FIELDS:
        assert start == offset, name
        offset += size
    assert offset == OBS_SIZE == 720
    assert N_ACTIONS == len(ACTION_NAMES) == 5


def test_observation_reads_back_as_the_hand_shows_it():
    hand = Hand(Rules("stud", 10), [400, 300, 500], seed=11)
    bringer = hand.actor
    hand.act(hand.legal_actions()[0])  # the bring-in
    for seat in range(3):
        words = describe_observation(observe(hand, seat))
        view = hand.view(seat)
        assert words["seats"] == 3
        assert sorted(words["down_cards"]) == sorted(str(c) for c in view["down_cards"])
        for k in range(3):
            other = (seat + k) % 3
            assert sorted(words["up_cards"][k]) == sorted(str(c) for c in view["up_cards"][other])
        assert words["stack"] == pytest.approx([hand.stacks[(seat + k) % 3] / 20 for k in range(3)])
        assert words["pot"] == pytest.approx(hand.pot / 20)
        assert words["to_act"] == (hand.actor == seat)
        assert words["bring_in"] == (bringer - seat) % 3
        assert words["street"] == 0


def legal_set(hand: Hand) -> set:
    return {(a.kind, a.amount) for a in hand.legal_actions()}


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(SIZES), st.integers(0, 2**32), st.randoms(use_true_random=False))
def test_action_mask_is_exactly_the_engines_legal_actions(size, seed, rnd):
    variant, n = size
    hand = Hand(Rules(variant, 10), [rnd.randint(30, 400) for _ in range(n)], seed=seed)
    while not hand.is_over:
        env_actions = [a for a in _env_actions(hand) if a is not None]
        assert {(a.kind, a.amount) for a in env_actions} == legal_set(hand)
        assert len(env_actions) == len(hand.legal_actions())
        hand.act(rnd.choice(env_actions))
    assert _env_actions(hand) == (None,) * N_ACTIONS


def test_the_open_pair_offers_both_sizes_as_two_actions():
    # 4th street with a pair showing: bet S (action 3) or B (action 4), rules 4.4
    found = 0
    for seed in range(400):
        hand = Hand(Rules("stud", 10), [500, 500], seed=seed)
        while not hand.is_over and hand.street == 3:
            hand.act(hand.legal_actions()[0 if hand.legal_actions()[0].kind.name != "FOLD" else 1])
        if hand.is_over:
            continue
        acts = _env_actions(hand)
        words = describe_observation(observe(hand, hand.actor))
        if acts[4] is not None:
            found += 1
            assert acts[3].amount == 10 and acts[4].amount == 20
            assert words["two_sizes"]
        else:
            assert not words["two_sizes"]
    assert found > 0


# ---- PettingZoo and Gymnasium's own checks ------------------------------------------------

@pytest.mark.parametrize("variant,players", SIZES)
def test_pettingzoo_api_test(variant, players):
    api_test(aec_env(variant, players=players), num_cycles=60)


@pytest.mark.parametrize("variant", VARIANTS)
def test_pettingzoo_seed_test(variant):
    seed_test(lambda: aec_env(variant, players=4), num_cycles=100)


@pytest.mark.parametrize("variant", VARIANTS)
def test_gymnasium_check_env(variant):
    # check_env samples actions without the mask: the default ("passive")
    # plays those as the passive action
    env = GymEnv(variant, seat=1, opponents=["random", "call", "strength"], render_mode="ansi")
    check_env(env, skip_render_check=False)


def test_gym_env_with_a_python_opponent():
    calls = []

    def folder(view):
        calls.append(view["seat"])
        kinds = {a.kind.name: a for a in view["legal_actions"]}
        return kinds.get("FOLD") or kinds.get("CHECK") or kinds.get("BRING_IN")

    env = GymEnv("razz", seat=0, opponents=[folder])
    obs, info = env.reset(seed=5)
    total = 0.0
    for _ in range(50):
        done = False
        while not done:
            action = int(np.flatnonzero(info["action_mask"])[-1])  # the biggest wager
            obs, reward, done, truncated, info = env.step(action)
            assert not truncated
        total += float(reward)
        obs, info = env.reset()
    assert calls and set(calls) == {1}
    assert total > 0  # the folder gives up every pot he may


def test_render_ansi_names_the_seat_to_act():
    env = aec_env("stud8", players=3, render_mode="ansi")
    env.reset(seed=2)
    picture = env.render()
    assert "3rd street" in picture and f"seat {env.agent_selection[-1]} to act" in picture
    assert aec_env("stud").render() is None


# ---- the vector environment against the AEC one ------------------------------------------

@pytest.mark.parametrize("variant,players", [("stud8", 4), ("five", 10), ("razz", 2),
                                             ("five8", 3), ("stud", 8)])
def test_vector_env_is_the_aec_env_bit_for_bit(variant, players):
    tables = 3
    vec = VectorEnv(variant, num_tables=tables, players=players)
    obs, mask, player = vec.reset(seed=10)
    envs = [aec_env(variant, players=players) for _ in range(tables)]
    for t, env in enumerate(envs):
        env.reset(seed=10 + t)
    rng = np.random.default_rng(0)
    ended = 0
    for _ in range(1500):
        actions = np.array([rng.choice(np.flatnonzero(m)) for m in mask])
        for t, env in enumerate(envs):
            seen = env.observe(env.agent_selection)
            assert env.possible_agents[player[t]] == env.agent_selection
            assert seen["observation"].tobytes() == obs[t].tobytes()
            assert seen["action_mask"].tobytes() == mask[t].tobytes()
        step = vec.step(actions)
        obs, mask, player, rewards, terminated = (step.obs, step.mask, step.player, step.rewards,
                                                  step.terminated)
        for t, env in enumerate(envs):
            env.step(int(actions[t]))
            assert terminated[t] == all(env.terminations.values())
            if terminated[t]:
                ended += 1
                aec = np.array([env.rewards[a] for a in env.possible_agents], np.float64)
                assert aec.tobytes() == rewards[t].tobytes()
                assert rewards[t].sum() == pytest.approx(0, abs=1e-9)  # no rake: zero sum
                while env.agents:
                    env.step(None)
                env.reset()  # the stream's next hand, as the table's
            else:
                assert not rewards[t].any()
    assert ended > 100


@pytest.mark.parametrize("variant, others", [("stud8", ["call", "strength"]),
                                              ("stud", ["random", "random"])])
def test_vector_env_with_built_in_seats_is_the_gym_env(variant, others):
    vec = VectorEnv(variant, num_tables=2, players=3, policies=[others[0], None, others[1]])
    obs, mask, player = vec.reset(seed=[21, 22])
    assert set(player.tolist()) == {1}
    gyms = [GymEnv(variant, seat=1, opponents=others) for _ in range(2)]
    seen = [g.reset(seed=21 + t)[0] for t, g in enumerate(gyms)]
    rng = np.random.default_rng(3)
    for _ in range(600):
        for t in range(2):
            assert seen[t]["observation"].tobytes() == obs[t].tobytes()
        actions = np.array([rng.choice(np.flatnonzero(m)) for m in mask])
        step = vec.step(actions)
        obs, mask, rewards, terminated = step.obs, step.mask, step.rewards, step.terminated
        for t, g in enumerate(gyms):
            seen[t], reward, done, _, _ = g.step(int(actions[t]))
            assert done == terminated[t]
            if done:
                assert reward == rewards[t][1]  # float64 both
                seen[t], _ = g.reset()


def test_vector_env_rewards_in_chips_are_big_bets_times_the_big_bet():
    bb = VectorEnv("razz", num_tables=8, players=3)
    chips = VectorEnv("razz", num_tables=8, players=3, reward_unit="chips")
    (obs_a, mask, _), (obs_b, _, _) = bb.reset(seed=4), chips.reset(seed=4)
    rng = np.random.default_rng(1)
    for _ in range(300):
        assert obs_a.tobytes() == obs_b.tobytes()  # observations stay in big bets
        actions = np.array([rng.choice(np.flatnonzero(m)) for m in mask])
        a, b = bb.step(actions), chips.step(actions)
        obs_a, obs_b, mask = a.obs, b.obs, a.mask
        assert (b.rewards == np.round(b.rewards)).all()
        assert (a.rewards == b.rewards / 20).all()  # each the double nearest chips / 20


def test_vector_env_copy_returns_fresh_arrays():
    vec = VectorEnv("five", num_tables=2, players=2, copy=True)
    first = vec.reset(seed=1)[0]
    second = vec.step(np.argmax(vec.reset(seed=1)[1], axis=1)).obs
    assert first is not second and not np.shares_memory(first, second)


# ---- no leak -------------------------------------------------------------------------------

def street_layout(rules: Rules, street: int) -> list[bool]:
    """Face down (True) or up, for each card a seat gets on a street."""
    seven = len(rules.streets) == 5
    if street == 0:
        return [True, True, False] if seven else [True, False]
    return [True] if seven and street == 4 else [False]


def play_manual(rules: Rules, n: int, observer: int, seen: list[int], hidden: list[int],
                choices: list[int]) -> list[bytes]:
    """A manual hand: up cards and the observer's down cards from `seen`,
    the other seats' down cards from `hidden`; env actions picked by
    `choices`.  The observer's observations while the hand is played."""
    from stud import Card

    hand = Hand(rules, [300] * n, manual=True)
    seen_cards, hidden_cards, picks = iter(seen), iter(hidden), iter(choices)
    out, street = [], 0
    while not hand.is_over:
        if hand.awaiting_deal:
            hand.deal({s: [Card.from_index(next(hidden_cards if down and s != observer
                                                else seen_cards))
                           for down in street_layout(rules, street)]
                       for s in hand.live_seats})
            street += 1
            continue
        out.append(observe(hand, observer).tobytes())
        actions = _env_actions(hand)
        legal = [a for a in actions if a is not None]
        hand.act(legal[next(picks) % len(legal)])
    return out  # (the end shows the result, which the hidden cards decide)


@settings(max_examples=80, deadline=None)
@given(st.sampled_from(VARIANTS), st.integers(2, 4), st.randoms(use_true_random=False))
def test_no_leak_of_other_seats_down_cards(variant, n, rnd):
    rules = Rules(variant, 10)
    deck = list(range(52))
    rnd.shuffle(deck)
    observer = rnd.randrange(n)
    choices = [rnd.randrange(1000) for _ in range(200)]
    # the same up cards and observer's cards, other hidden cards for the rest:
    # the same actions are legal whatever the hidden cards are, so both hands
    # follow the same course, and the observer must see the same things
    a = play_manual(rules, n, observer, deck[:32], deck[32:42], choices)
    b = play_manual(rules, n, observer, deck[:32], deck[42:52], choices)
    assert a == b and len(a) > 0


# ---- bad input ------------------------------------------------------------------------

def test_illegal_actions_are_refused_and_change_nothing():
    env = aec_env("stud", players=3)
    env.reset(seed=1)
    before = env.observe(env.agent_selection)
    for bad in (0, 1, 4, 5, -1):  # at the bring-in only 2 and 3 are legal
        with pytest.raises(ValueError, match="not legal now"):
            env.step(bad)
    for bad in (2.0, "2", None, True):
        with pytest.raises((TypeError, ValueError)):
            env.step(bad)
    after = env.observe(env.agent_selection)
    assert before["observation"].tobytes() == after["observation"].tobytes()

    gym_env = GymEnv("stud", seat=0, opponents=["call"], illegal_action="raise")
    obs, info = gym_env.reset(seed=3)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    with pytest.raises(ValueError, match="not legal now"):
        gym_env.step(illegal)
    assert gym_env._obs()[0]["observation"].tobytes() == obs["observation"].tobytes()


def test_vector_env_refuses_bad_actions_before_any_table_moves():
    vec = VectorEnv("stud8", num_tables=4, players=2)
    obs, mask, player = vec.reset(seed=8)
    obs = obs.copy()
    good = np.argmax(mask, axis=1)
    bad = good.copy()
    bad[2] = int(np.flatnonzero(mask[2] == 0)[0])
    with pytest.raises(ValueError, match="table 2"):
        vec.step(bad)
    for wrong in (good[:3], good.reshape(2, 2), good.astype(np.float64), good.astype(np.uint8) + 250,
                  np.full(4, -1)):
        with pytest.raises((TypeError, ValueError)):
            vec.step(wrong)
    assert vec.step(good).obs.shape == (4, OBS_SIZE)
    # the tables moved only now: table 0's hand is the one reset dealt
    fresh = VectorEnv("stud8", num_tables=4, players=2)
    assert fresh.reset(seed=8)[0].tobytes() == obs.tobytes()


def test_stepping_before_reset_or_after_the_end():
    with pytest.raises(RuntimeError, match="reset"):
        aec_env("razz").step(0)
    with pytest.raises(RuntimeError, match="reset"):
        VectorEnv("razz").step(np.zeros(1, np.int64))
    with pytest.raises(RuntimeError, match="reset"):
        GymEnv("razz").step(0)
    env = GymEnv("razz", opponents=["call"])
    obs, info = env.reset(seed=1)
    done = False
    while not done:
        obs, _, done, _, info = env.step(int(np.flatnonzero(info["action_mask"])[0]))
    with pytest.raises(RuntimeError, match="over"):
        env.step(1)
    aec = aec_env("razz")
    aec.reset(seed=1)
    while aec.agents:
        aec.step(None if aec.terminations[aec.agent_selection]
                 else int(np.flatnonzero(aec.observe(aec.agent_selection)["action_mask"])[0]))
    with pytest.raises(RuntimeError, match="over"):
        aec.step(1)


@pytest.mark.parametrize("make", [
    lambda: aec_env("holdem"),
    lambda: aec_env("stud", players=9),
    lambda: aec_env("five", players=1),
    lambda: aec_env("stud", stacks=2),            # not above the ante
    lambda: aec_env("stud", reward_unit="euros"),
    lambda: GymEnv("stud", opponents=["tight"]),
    lambda: GymEnv("stud", opponents="call"),
    lambda: GymEnv("stud", seat=3, opponents=["call"]),
    lambda: GymEnv("stud", opponents=[None]),
    lambda: VectorEnv("stud", num_tables=0),
    lambda: VectorEnv("stud", players=2, policies=["call", "call"]),
    lambda: VectorEnv("stud", players=2, policies=[None, print]),
    lambda: VectorEnv(Variant.RAZZ, players=3, stacks=[100, 100]),
])
def test_bad_settings_are_clear_errors(make):
    with pytest.raises((TypeError, ValueError)):
        make()


def test_observe_checks_its_buffer_and_seat():
    hand = Hand(Rules("stud", 10), [100, 100], seed=1)
    with pytest.raises(ValueError):
        _observe(hand, 0, np.zeros(719, np.float32))
    with pytest.raises((TypeError, ValueError)):
        _observe(hand, 0, np.zeros(720, np.float64))
    with pytest.raises(ValueError):
        _observe(hand, 2, np.zeros(720, np.float32))


def test_many_random_hands_keep_the_chips():
    vec = VectorEnv("five8", num_tables=16, players=5, policies=[None, "random", None, "call",
                                                                  "strength"])
    obs, mask, player = vec.reset(seed=99)
    rng = np.random.default_rng(5)
    total = np.zeros(5)
    hands = 0
    for _ in range(2000):
        assert set(player.tolist()) <= {0, 2}
        assert (mask.sum(axis=1) >= 1).all()
        actions = np.argmax(mask * rng.random(mask.shape), axis=1)
        step = vec.step(actions)
        mask, player = step.mask, step.player
        total += step.rewards.sum(axis=0)
        hands += int(step.terminated.sum())
    assert hands > 100 and abs(total.sum()) < 1e-9


def test_describe_observation_refuses_a_wrong_length():
    with pytest.raises(ValueError):
        describe_observation(np.zeros(10, np.float32))


def test_every_variant_and_size_plays_in_the_vector_env():
    for variant, n in itertools.islice(SIZES, 0, None, 3):
        vec = VectorEnv(variant, num_tables=2, players=n)
        _, mask, _ = vec.reset(seed=random.Random(n).getrandbits(32))
        for _ in range(50):
            mask = vec.step(np.argmax(mask, axis=1)).mask


def test_threads_change_nothing_but_the_speed():
    one = VectorEnv("stud", num_tables=300, players=6, threads=1)
    two = VectorEnv("stud", num_tables=300, players=6, threads=2)
    assert two.threads == 2
    a, b = one.reset(seed=5), two.reset(seed=5)
    rng = np.random.default_rng(2)
    for _ in range(200):
        assert all(x.tobytes() == y.tobytes() for x, y in zip(a, b))
        actions = np.argmax(a[1] * rng.random(a[1].shape), axis=1)
        a, b = one.step(actions).as_tuple(), two.step(actions).as_tuple()
