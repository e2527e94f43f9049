"""The agent environments after a mistake or an unusual use: an opponent's
policy that fails mid-hand, copies and pickles, the gymnasium.vector
names, numpy numbers in the configuration, and the names of the actions."""

from __future__ import annotations

import copy
import pickle
import re
from pathlib import Path

import numpy as np
import pytest
import stud.envs
from stud.envs import ACTION_NAMES, GymEnv, VectorEnv, aec_env

pytestmark = [
    pytest.mark.filterwarnings("ignore:.*maximum value is infinity:UserWarning"),
]

DOCS = Path(__file__).resolve().parent.parent / "docs"


# ---- an opponent's policy fails mid-hand -------------------------------------------

class Failing:
    """A policy that fails at its ``fail_at``-th call, in one of several ways."""

    def __init__(self, fail_at: int, how: str) -> None:
        self.calls = 0
        self.fail_at = fail_at
        self.how = how
        self.stale = None

    def __call__(self, view):
        self.calls += 1
        legal = view["legal_actions"]
        if self.stale is None:
            self.stale = legal[-1]
        if self.calls >= self.fail_at and self.how == "illegal" and self.stale not in legal:
            return self.stale  # (an action of an earlier turn: illegal now)
        if self.calls == self.fail_at:
            if self.how == "raise":
                raise RuntimeError("opponent crashed")
            if self.how == "none":
                return None
            if self.how == "string":
                return "shove"
        return legal[self.calls % len(legal)]


def test_the_example_of_the_review_is_refused_until_reset():
    calls = [0]

    def flaky(view):
        calls[0] += 1
        if calls[0] == 2:
            raise RuntimeError("opponent crashed")
        return view["legal_actions"][-1]

    env = GymEnv("stud", seat=0, opponents=[flaky])
    env.reset(seed=0)
    with pytest.raises(RuntimeError, match="opponent crashed"):
        env.step(3)
    hand = env.hand
    before = (hand.actor, len(hand.events)) if hasattr(hand, "events") else (hand.actor,)
    for action in range(5):
        with pytest.raises(RuntimeError, match=r"seat 1's policy raised RuntimeError "
                                               r"\(opponent crashed\).*reset\(\) the environment"):
            env.step(action)
    assert env.hand is hand and (hand.actor, *before[1:]) == before
    obs, info = env.reset(seed=1)
    assert info["action_mask"].any()


@pytest.mark.parametrize("how", ["raise", "none", "string", "illegal"])
def test_no_stale_action_is_ever_played_after_an_opponent_fails(how):
    failures = 0
    for seed in range(40):
        for fail_at in (1, 2, 3, 5, 8):
            opponents = [Failing(fail_at, how), "random"] if seed % 2 else [Failing(fail_at, how)]
            env = GymEnv(["stud", "razz", "stud8", "five", "five8"][seed % 5], seat=seed % 2,
                         opponents=opponents)
            rng = np.random.default_rng(seed)
            try:
                obs, info = env.reset(seed=seed)
            except Exception:
                failed = True
            else:
                failed = False
                done = False
                while not done:
                    legal = np.flatnonzero(info["action_mask"])
                    try:
                        obs, _, done, _, info = env.step(int(rng.choice(legal)))
                    except Exception as error:
                        assert not isinstance(error, RuntimeError) or how == "raise"
                        failed = True
                        break
            if not failed:
                continue
            failures += 1
            hand = env.hand
            state = (hand.actor, hand.pot, tuple(hand.stacks), len(hand.legal_actions()))
            for action in range(5):
                with pytest.raises(RuntimeError, match=r"policy raised .*reset\(\) the env"):
                    env.step(action)
            assert env.hand is hand
            assert (hand.actor, hand.pot, tuple(hand.stacks), len(hand.legal_actions())) == state
            try:  # playable again (or failing again, at the start of the hand)
                obs, info = env.reset(seed=seed + 1000)
            except Exception:
                assert env._table.broken is not None
            else:
                assert env._table.broken is None and info["action_mask"].any()
    assert failures > 100


def test_step_checks_that_the_agent_is_to_act():
    env = GymEnv("stud", seat=0, opponents=["call"])
    env.reset(seed=3)
    env._table.broken = None
    env._table.hand.act(env._table.legal[1] or env._table.legal[2])  # behind its back
    if env.hand.actor == 1:
        with pytest.raises(RuntimeError, match="seat 1 is to act, not the agent's seat 0"):
            env.step(1)


def test_the_aec_env_checks_the_actor_and_refuses_after_the_hand():
    env = aec_env("stud", 3)
    env.reset(seed=2)
    with pytest.raises(ValueError, match="not legal"):
        env.step(4 if not env.last()[0]["action_mask"][4] else 0)
    obs, *_ = env.last()
    env.step(int(np.flatnonzero(obs["action_mask"])[0]))  # the hand went on, undisturbed
    env._table.hand.act(env._table.hand.legal_actions()[-1])  # behind its back
    with pytest.raises(RuntimeError, match="is to act, not the agent's seat"):
        env.step(1)


# ---- copies and pickles -------------------------------------------------------------

def play_side_by_side(envs, steps, seed):
    rng = np.random.default_rng(seed)
    for _ in range(steps):
        x = rng.random(5)
        outs = []
        for env in envs:
            mask = env._table.mask()
            obs, reward, done, _, info = env.step(int(np.argmax(mask * x)))
            if done:
                obs, info = env.reset()
            outs.append((obs["observation"].tobytes(), obs["action_mask"].tobytes(), reward))
        assert all(out == outs[0] for out in outs)


@pytest.mark.parametrize("opponents", [["random"], ["random", "call", "strength"],
                                       ["strength", "random"]])
def test_a_gym_env_copy_goes_on_as_the_original(opponents):
    env = GymEnv("stud8", seat=1, opponents=opponents)
    env.reset(seed=11)
    play_side_by_side([env], 37, 0)  # mid-stream, mid-hand
    envs = [env, copy.deepcopy(env), pickle.loads(pickle.dumps(env))]
    assert envs[1].hand is not env.hand
    play_side_by_side(envs, 400, 1)


def test_a_copy_is_independent_of_the_original():
    env = GymEnv("razz", seat=0, opponents=["random", "random"])
    env.reset(seed=5)
    twin = copy.deepcopy(env)
    play_side_by_side([env], 50, 2)  # the original moves on; the copy stays
    fresh = GymEnv("razz", seat=0, opponents=["random", "random"])
    fresh.reset(seed=5)
    play_side_by_side([twin, fresh], 200, 3)


def test_an_aec_env_copy_goes_on_as_the_original():
    env = aec_env("stud8", 4)
    env.reset(seed=5)
    for _ in range(7):
        obs, _, done, _, _ = env.last()
        env.step(None if done else int(np.flatnonzero(obs["action_mask"])[0]))
    envs = [env, copy.deepcopy(env), pickle.loads(pickle.dumps(env))]
    rng = np.random.default_rng(0)
    for _ in range(500):
        x = rng.random(5)
        outs = []
        for e in envs:
            if not e.agents:
                e.reset()
            agent = e.agent_selection
            obs, reward, done, _, _ = e.last()
            e.step(None if done else int(np.argmax(obs["action_mask"] * x)))
            outs.append((agent, obs["observation"].tobytes(), reward))
        assert all(out == outs[0] for out in outs)


def test_a_broken_gym_env_copies_broken():
    def crash(view):
        raise RuntimeError("boom")

    env = GymEnv("stud", seat=0, opponents=[crash])
    for seed in range(10):
        try:
            env.reset(seed=seed)
            env.step(int(np.flatnonzero(env._table.mask())[0]))
        except RuntimeError:
            break
    twin = copy.deepcopy(env)
    with pytest.raises(RuntimeError, match="boom"):
        twin.step(1)


def test_a_vector_env_is_not_copied_and_says_what_to_do():
    env = VectorEnv("stud", num_tables=2)
    env.reset(seed=1)
    for make in (copy.copy, copy.deepcopy, pickle.dumps):
        with pytest.raises(TypeError, match="VectorEnv is not copied or pickled.*same seed"):
            make(env)


# ---- gymnasium.vector names ---------------------------------------------------------

def test_vector_env_has_the_gymnasium_vector_names():
    from gymnasium import spaces

    env = VectorEnv("razz", num_tables=3, players=3)
    assert env.num_envs == env.num_tables == 3
    assert env.single_action_space == spaces.Discrete(5)
    assert env.action_space == spaces.MultiDiscrete([5, 5, 5])
    assert env.single_observation_space.shape == (720,)
    assert env.observation_space.shape == (3, 720)
    assert env.action_space is env.action_space  # seeded once, sampled later
    obs, mask, player = env.reset(seed=2)
    assert env.observation_space.contains(obs)
    assert all(env.single_observation_space.contains(row) for row in obs)
    assert env.action_space.contains(np.argmax(mask, axis=1))
    env.close()
    env.close()


def test_observation_space_is_exported():
    space = stud.envs.observation_space()
    assert "observation_space" in stud.envs.__all__
    env = GymEnv("stud", opponents=["call"])
    obs, _ = env.reset(seed=0)
    assert space.contains(obs)


# ---- numpy numbers and misleading errors -------------------------------------------

def test_numpy_whole_numbers_are_accepted():
    assert GymEnv("stud", stacks=np.int64(500), opponents=["call"]).stacks == [500, 500]
    assert GymEnv("stud", seat=np.int64(1), opponents=["call"]).seat == 1
    assert aec_env("stud", np.int64(3)).possible_agents[-1] == "player_2"
    env = VectorEnv("stud", np.int32(4), np.int64(3), stacks=np.uint16(300))
    assert (env.num_tables, env.players, env.stacks) == (4, 3, [300, 300, 300])
    obs, *_ = env.reset(seed=np.int64(1))
    assert obs.shape == (4, 720)


@pytest.mark.parametrize("make, error, message", [
    (lambda: GymEnv("stud", stacks=100.0), TypeError, "stacks must be whole numbers"),
    (lambda: GymEnv("stud", stacks=np.float64(500)), TypeError, "stacks must be whole numbers"),
    (lambda: aec_env("stud", stacks=True), TypeError, "stacks must be a whole number"),
    (lambda: aec_env("stud", stacks="500"), TypeError, "stacks must be a whole number"),
    (lambda: aec_env("stud", 3.0), TypeError, "players must be a whole number, not float"),
    (lambda: VectorEnv("stud", 2, True), TypeError, "players must be a whole number"),
    (lambda: VectorEnv("stud", 2.0), ValueError, "num_tables must be a whole number"),
])
def test_bad_configuration_is_named(make, error, message):
    with pytest.raises(error, match=message):
        make()


def test_a_2d_seed_array_is_refused_clearly():
    env = VectorEnv("stud", num_tables=3)
    with pytest.raises(ValueError, match="one seed per table: a 1-D sequence"):
        env.reset(seed=np.array([[1, 2, 3]]))
    env.reset(seed=np.array([1, 2, 3]))


# ---- types and names ----------------------------------------------------------------

def test_the_gym_reward_is_a_float():
    env = GymEnv("five", opponents=["call"])
    obs, info = env.reset(seed=0)
    done = False
    while not done:
        obs, reward, done, _, info = env.step(int(np.flatnonzero(info["action_mask"])[0]))
        assert type(reward) is float


def test_action_names_are_the_names_of_the_docs_table():
    text = (DOCS / "envs.md").read_text(encoding="utf-8")
    rows = re.findall(r"^\| (\d) \| ([^|]+?) \|", text, flags=re.M)
    assert [(int(i), name) for i, name in rows] == list(enumerate(ACTION_NAMES))
