"""The agent environments as the RL libraries take them (docs/envs.md):
action masks in sb3-contrib's form, opponents given observations, the
Gymnasium vector environment and its wrappers, the registered ids, the
checkers on the default constructor, float64 rewards, rendering what a
seat may see, the AEC state, and the Stable-Baselines3 VecEnv."""

from __future__ import annotations

import copy
import pickle
import warnings

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from stud import ActionKind, Hand, Rules, Variant
from stud._core import _env_actions, _observe
from stud.envs import (
    ENV_IDS,
    N_ACTIONS,
    OBS_SIZE,
    STATE_SIZE,
    GymEnv,
    GymVectorEnv,
    ObservationPolicy,
    VectorEnv,
    aec_env,
    env_id,
    legal_mask,
    observation_space,
    observe,
)

VARIANTS = ["stud", "stud8", "razz", "five", "five8"]


def first_legal(obs, mask):
    return int(np.flatnonzero(mask)[0])


def play_out(env, seed, pick=first_legal):
    obs, info = env.reset(seed=seed)
    done, reward = False, 0.0
    while not done:
        obs, reward, done, _, info = env.step(pick(obs["observation"], info["action_mask"]))
    return reward


# ---- 1. action_masks ------------------------------------------------------------------

def test_action_masks_are_the_legal_ids_as_bools():
    env = GymEnv("stud", opponents=["random", "call"])
    assert env.action_masks().tolist() == [False] * N_ACTIONS  # before reset
    obs, info = env.reset(seed=4)
    rng = np.random.default_rng(0)
    done = False
    while not done:
        masks = env.action_masks()
        assert masks.dtype == np.bool_ and masks.shape == (N_ACTIONS,)
        assert masks.tolist() == [bool(x) for x in info["action_mask"]]
        # the engine's own list, one id each
        legal = {(a.kind, a.amount) for a in env.hand.legal_actions()}
        assert {(a.kind, a.amount) for a in _env_actions(env.hand) if a is not None} == legal
        assert masks.sum() == len(legal)
        obs, _, done, _, info = env.step(int(rng.choice(np.flatnonzero(masks))))
    assert not env.action_masks().any()  # the hand is over


# ---- 2. opponents and the public encoder ----------------------------------------------

def test_observe_and_legal_mask_read_any_hand():
    hand = Hand(Rules("stud8", 10), [500, 400, 300], seed=9)
    for seat in range(3):
        expected = np.empty(OBS_SIZE, np.float32)
        _observe(hand, seat, expected)
        assert observe(hand, seat).tobytes() == expected.tobytes()
    mask = legal_mask(hand)
    assert mask.dtype == np.int8
    assert mask.tolist() == [int(a is not None) for a in _env_actions(hand)]
    while not hand.is_over:
        hand.act(hand.legal_actions()[0])
    assert not legal_mask(hand).any()
    with pytest.raises(TypeError, match="stud.Hand"):
        observe("hand", 0)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="stud.Hand"):
        legal_mask(None)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="seat"):
        observe(hand, 3)


def test_an_observation_policy_sees_its_seat_and_its_id_is_played():
    env: GymEnv
    calls = []

    def network(obs, mask):
        hand = env.hand  # the live hand, at the opponent's decision
        seat = hand.actor
        assert obs.tobytes() == observe(hand, seat).tobytes()
        assert mask.tobytes() == legal_mask(hand).tobytes() and mask.dtype == np.int8
        chosen = np.flatnonzero(mask)[-1]  # the most aggressive legal id, a numpy integer
        calls.append((len(hand.history), _env_actions(hand)[chosen]))
        return chosen

    env = GymEnv("razz", seat=0, opponents=[ObservationPolicy(network)])
    for seed in range(30):
        play_out(env, seed)
        # the engine action each id stands for is the one the hand recorded
        for at, action in calls:
            taken = [e for e in env.hand.history[at:] if hasattr(e, "action")][0]
            assert (taken.action.kind, taken.action.amount) == (action.kind, action.amount)
        calls.clear()


def test_a_bare_int_from_a_view_policy_is_refused():
    env = GymEnv("stud", seat=1, opponents=[lambda view: 1])
    with pytest.raises(TypeError, match="ObservationPolicy"):
        for seed in range(20):  # seat 0 acts first in some hands
            env.reset(seed=seed)
    with pytest.raises(RuntimeError, match="reset"):
        env.step(1)
    # an ActionKind (an int subclass) or an Action is still an action
    kind_policy = GymEnv("stud", seat=1, opponents=[
        lambda view: ActionKind.BRING_IN if any(a.kind == ActionKind.BRING_IN
                                                  for a in view["legal_actions"])
        else view["legal_actions"][0]])
    for seed in range(5):
        play_out(kind_policy, seed)


def test_an_observation_policy_that_misbehaves_is_named():
    for fn, error, words in [(lambda o, m: int(np.flatnonzero(m == 0)[0]), ValueError,
                              "not legal now"),
                             (lambda o, m: 1.0, TypeError, "action id"),
                             (lambda o, m: True, TypeError, "action id"),
                             (lambda o, m: None, TypeError, "action id")]:
        env = GymEnv("stud", seat=1, opponents=[ObservationPolicy(fn)])
        with pytest.raises(error, match=words):
            for seed in range(20):
                env.reset(seed=seed)
    with pytest.raises(TypeError, match="callable"):
        ObservationPolicy(3)  # type: ignore[arg-type]


def test_an_env_with_an_observation_policy_copies_and_pickles():
    env = GymEnv("five", opponents=[ObservationPolicy(first_legal)])
    env.reset(seed=3)
    for twin in (copy.deepcopy(env), pickle.loads(pickle.dumps(env))):
        assert play_out(twin, 11) == play_out(env, 11)


# ---- 3. the Gymnasium vector environment ----------------------------------------------

@pytest.mark.parametrize("variant, seat, others", [("stud8", 1, ["call", "strength"]),
                                                    ("razz", 0, ["random"]),
                                                    ("five", 2, ["random", "call"])])
def test_gym_vector_env_is_the_gym_env_table_by_table(variant, seat, others):
    n = 3
    vec = GymVectorEnv(variant, n, seat=seat, opponents=others)
    assert isinstance(vec, gymnasium.vector.VectorEnv)
    assert vec.metadata["autoreset_mode"] == gymnasium.vector.AutoresetMode.SAME_STEP
    obs, infos = vec.reset(seed=40)
    gyms = [GymEnv(variant, seat=seat, opponents=others) for _ in range(n)]
    seen = [g.reset(seed=40 + t)[0] for t, g in enumerate(gyms)]
    rng = np.random.default_rng(1)
    ended = 0
    for _ in range(400):
        assert obs in vec.observation_space
        for t in range(n):
            assert seen[t]["observation"].tobytes() == obs["observation"][t].tobytes()
            assert seen[t]["action_mask"].tobytes() == obs["action_mask"][t].tobytes()
        actions = np.array([rng.choice(np.flatnonzero(m)) for m in obs["action_mask"]])
        obs, rewards, terminated, truncated, infos = vec.step(actions)
        assert rewards.dtype == np.float64 and not truncated.any()
        assert not infos["illegal_action"].any()
        for t, g in enumerate(gyms):
            seen[t], reward, done, _, _ = g.step(int(actions[t]))
            assert done == terminated[t] and reward == rewards[t]
            if done:
                ended += 1
                seen[t], _ = g.reset()  # SAME_STEP: the row shows the next hand already
    assert ended > 30


def test_gym_vector_env_with_callables_is_the_fast_one():
    fast = GymVectorEnv("stud", 4, opponents=["call"])
    slow = GymVectorEnv("stud", 4, opponents=[lambda view: view["legal_actions"][0]
                                              if view["legal_actions"][0].kind != ActionKind.FOLD
                                              else view["legal_actions"][1]])
    assert fast.fast and not slow.fast
    a, _ = fast.reset(seed=8)
    b, _ = slow.reset(seed=8)
    rng = np.random.default_rng(4)
    for _ in range(200):
        assert a["observation"].tobytes() == b["observation"].tobytes()
        actions = np.argmax(a["action_mask"] * rng.random((4, N_ACTIONS)), axis=1)
        a, ra, ta, _, _ = fast.step(actions)
        b, rb, tb, _, _ = slow.step(actions)
        assert (ra == rb).all() and (ta == tb).all()


def test_gym_vector_env_illegal_ids_passive_or_refused():
    vec = GymVectorEnv("stud", 4, opponents=["call"])
    obs, _ = vec.reset(seed=1)
    mask = obs["action_mask"].copy()
    actions = np.argmax(mask, axis=1)
    actions[1] = int(np.flatnonzero(mask[1] == 0)[0])
    actions[2] = 9
    obs, _, _, _, infos = vec.step(actions)
    assert infos["illegal_action"].tolist() == [False, True, True, False]
    strict = GymVectorEnv("stud", 4, opponents=["call"], illegal_action="raise")
    strict.reset(seed=1)
    before = strict._obs.copy()
    with pytest.raises(ValueError, match="table 1"):
        strict.step(np.where(np.arange(4) == 1, int(np.flatnonzero(mask[1] == 0)[0]),
                             np.argmax(mask, axis=1)))
    assert strict._obs.tobytes() == before.tobytes()
    with pytest.raises(ValueError, match="shape"):
        vec.step(np.zeros(3, np.int64))
    with pytest.raises(TypeError):
        vec.step(np.zeros(4, np.float64))
    with pytest.raises(RuntimeError):
        GymVectorEnv("stud", 2).step(np.zeros(2, np.int64))


def test_gym_vector_env_call_get_attr_set_attr():
    vec = GymVectorEnv("razz", 3, seat=1, opponents=["strength"])
    obs, _ = vec.reset(seed=2)
    masks = vec.call("action_masks")
    assert len(masks) == 3 and all(m.dtype == np.bool_ for m in masks)
    assert np.array_equal(np.stack(masks), obs["action_mask"].astype(bool))
    assert vec.get_attr("seat") == (1, 1, 1)
    assert vec.get_attr("observation_space") == (vec.single_observation_space,) * 3
    with pytest.raises(AttributeError):
        vec.get_attr("_tables")
    with pytest.raises(AttributeError):
        vec.set_attr("seat", 0)
    slow = GymVectorEnv("razz", 2, opponents=[ObservationPolicy(first_legal)])
    slow.reset(seed=3)
    slow.set_attr("reward_unit", ["chips", "chips"])
    assert slow.get_attr("reward_unit") == ("chips", "chips")
    assert len(slow.call("action_masks")) == 2
    with pytest.raises(TypeError):
        pickle.dumps(vec)


def test_gymnasium_vector_wrappers_accept_it():
    from gymnasium.wrappers.vector import NormalizeReward, RecordEpisodeStatistics

    vec = RecordEpisodeStatistics(NormalizeReward(GymVectorEnv("five", 8, opponents=["call"])))
    obs, _ = vec.reset(seed=0)
    rng = np.random.default_rng(0)
    episodes = 0
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # no warning about a missing autoreset mode
        for _ in range(300):
            actions = np.argmax(obs["action_mask"] * rng.random((8, N_ACTIONS)), axis=1)
            obs, rewards, terminated, truncated, infos = vec.step(actions)
            if "episode" in infos:
                done = infos["_episode"]
                episodes += int(done.sum())
                assert (infos["episode"]["l"][done] >= 1).all()
    assert episodes > 50 and len(vec.return_queue) > 0


# ---- 4. registered ids ------------------------------------------------------------------

def test_every_variant_has_an_id_by_the_documented_rule():
    assert set(ENV_IDS) == set(Variant)
    for variant, name in ENV_IDS.items():
        words = "".join(w.capitalize() for w in variant.name.split("_"))
        assert name == f"stud/{words}-v0" == env_id(variant)
        assert name in gymnasium.registry
    assert ENV_IDS[Variant.SEVEN_CARD_STUD] == "stud/SevenCardStud-v0"


def test_gymnasium_make_and_make_vec():
    env = gymnasium.make("stud/Razz-v0")
    assert env.unwrapped.rules.variant == Variant.RAZZ and env.unwrapped.stacks == [2000, 2000]
    obs, info = env.reset(seed=1)
    assert obs["observation"].shape == (OBS_SIZE,)
    env = gymnasium.make("stud/SevenCardStudHilo-v0", players=4, stacks=500,
                         opponents=["call", "random", "strength"])
    assert env.unwrapped.stacks == [500] * 4
    env = gymnasium.make("stud/FiveCardStud-v0", players=3)
    assert env.unwrapped.stacks == [2000] * 3 and len(env.unwrapped._table.policies) == 3
    with pytest.raises(ValueError, match="opponents"):
        gymnasium.make("stud/Razz-v0", players=3, opponents=["call"])
    vec = gymnasium.make_vec("stud/Razz-v0", num_envs=5, opponents=["call"])
    assert isinstance(vec, GymVectorEnv) and vec.num_envs == 5 and vec.fast
    obs, _ = vec.reset(seed=0)
    assert obs["observation"].shape == (5, OBS_SIZE)


# ---- 5. the checkers, on the default constructor ----------------------------------------

@pytest.mark.parametrize("variant", VARIANTS)
def test_gymnasium_check_env_passes_on_the_default_constructor(variant):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        check_env(GymEnv(variant))
    messages = [str(w.message) for w in caught]
    assert not [m for m in messages if "infinity" in m or "inf" in m.split()], messages


def test_stable_baselines3_check_env_passes_on_the_default_constructor():
    sb3 = pytest.importorskip("stable_baselines3", reason="the 'rl' extra is not installed")
    from stable_baselines3.common.env_checker import check_env as sb3_check_env

    assert sb3 is not None
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        sb3_check_env(GymEnv("stud", opponents=["call", "random"]))
    assert not caught, [str(w.message) for w in caught]


def test_the_observation_box_is_bounded():
    box = observation_space()["observation"]
    assert np.isfinite(box.high).all() and (box.low == 0).all()


def test_an_illegal_id_plays_the_passive_action_and_says_so():
    env = GymEnv("stud", opponents=["call"])
    obs, info = env.reset(seed=3)
    assert info["illegal_action"] is False
    bad = int(np.flatnonzero(info["action_mask"] == 0)[0])
    passive = 1 if info["action_mask"][1] else 2
    twin = copy.deepcopy(env)
    obs, _, _, _, info = env.step(bad)
    expected, *_ = twin.step(passive)
    assert info["illegal_action"] is True
    assert obs["observation"].tobytes() == expected["observation"].tobytes()
    for bad in (7, -1):
        env = GymEnv("razz", opponents=["call"])
        env.reset(seed=1)
        assert env.step(bad)[4]["illegal_action"] is True
    with pytest.raises(TypeError):  # not an id at all: refused whatever the rule
        env.step(1.5)


# ---- 6. rewards, render, state ------------------------------------------------------------

def test_rewards_are_float64_chips_over_the_big_bet():
    env = GymEnv("razz", opponents=["call"])
    rewards = {play_out(env, seed, lambda o, m: 0 if m[0] else int(np.flatnonzero(m)[0]))
               for seed in range(20)}
    # folding at once loses the ante (2 chips; big bet 20) or the bring-in
    assert -0.1 in rewards  # exactly the float nearest -0.1, not -0.10000000149011612
    aec = aec_env("razz", 2)
    aec.reset(seed=1)
    for _agent in aec.agent_iter():
        obs, reward, done, _, _ = aec.last()
        if done:
            assert type(reward) is float and reward * 20 == round(reward * 20)
        aec.step(None if done else int(np.flatnonzero(obs["action_mask"])[0]))


def test_a_seat_render_hides_the_other_down_cards(capsys):
    env = GymEnv("stud", seat=0, opponents=["call"], render_mode="ansi")
    env.reset(seed=5)
    text = env.render()
    hand = env.hand
    mine = [str(c) for c in hand.view(0)["down_cards"]]
    theirs = [str(c) for c in hand.view(1)["down_cards"]]
    assert all(c in text for c in mine) and not any(c in text for c in theirs)
    assert "??" in text
    whole = GymEnv("stud", seat=0, opponents=["call"], render_mode="ansi", render_all=True)
    whole.reset(seed=5)
    assert all(c in whole.render() for c in mine + theirs)
    human = GymEnv("stud", seat=0, opponents=["call"], render_mode="human")
    human.reset(seed=5)
    assert human.render() is None
    assert "seen from seat 0" in capsys.readouterr().out
    with pytest.raises(ValueError, match="render_mode"):
        GymEnv("stud", render_mode="rgb_array")


def test_pettingzoo_render_test_with_human():
    from pettingzoo.test import render_test

    render_test(lambda render_mode=None: aec_env("razz", 3, render_mode=render_mode))


def test_aec_state_is_the_whole_table():
    env = aec_env("stud8", 4)
    env.reset(seed=6)
    assert env.state_space.shape == (STATE_SIZE,)
    rng = np.random.default_rng(2)
    for _agent in env.agent_iter():
        state = env.state()
        assert state in env.state_space
        hand = env.hand
        assert state[:OBS_SIZE].tobytes() == observe(hand, 0).tobytes()
        for seat in range(4):
            cards = {str(c) for c in hand.view(seat)["down_cards"]}
            block = state[OBS_SIZE + 52 * seat:OBS_SIZE + 52 * seat + 52]
            assert {str(c) for c in _cards(block)} == cards
        actor = np.flatnonzero(state[OBS_SIZE + 520:])
        assert actor.tolist() == ([] if hand.is_over else [hand.actor])
        obs, _, done, _, _ = env.last()
        env.step(None if done else int(rng.choice(np.flatnonzero(obs["action_mask"]))))


def _cards(block):
    from stud import Card

    return [Card.from_index(i) for i in np.flatnonzero(block)]


# ---- 7. Stable-Baselines3 ------------------------------------------------------------------

def test_sb3_vec_env_runs_maskable_ppo():
    pytest.importorskip("stable_baselines3", reason="the 'rl' extra is not installed")
    contrib = pytest.importorskip("sb3_contrib", reason="the 'rl' extra is not installed")
    from sb3_contrib.common.maskable.utils import get_action_masks
    from stud.envs import SB3VecEnv

    venv = SB3VecEnv(GymVectorEnv("razz", 4, opponents=["call"]))
    obs = venv.reset()
    assert obs.shape == (4, OBS_SIZE)
    masks = get_action_masks(venv)
    assert masks.shape == (4, N_ACTIONS) and masks.dtype == np.bool_
    model = contrib.MaskablePPO("MlpPolicy", venv, n_steps=64, batch_size=64, n_epochs=1,
                                seed=0, device="cpu")
    model.learn(total_timesteps=512)
    assert model.num_timesteps >= 512


def test_sb3_vec_env_over_a_vector_env_with_one_agent_seat():
    pytest.importorskip("stable_baselines3", reason="the 'rl' extra is not installed")
    from stud.envs import SB3VecEnv

    venv = SB3VecEnv(VectorEnv("five", 3, 2, policies=["call", None]), observation="dict")
    obs = venv.reset()
    assert obs["observation"].shape == (3, OBS_SIZE) and obs["action_mask"].shape == (3, 5)
    flagged = hands = 0
    for _ in range(100):
        before = obs["action_mask"].copy()
        obs, rewards, dones, infos = venv.step(np.zeros(3, np.int64))  # fold, or passive
        assert len(infos) == 3 and rewards.dtype == np.float32
        assert [i["illegal_action"] for i in infos] == (before[:, 0] == 0).tolist()
        flagged += sum(i["illegal_action"] for i in infos)
        hands += int(dones.sum())
    assert flagged > 0 and hands > 0
    with pytest.raises(ValueError, match="one seat"):
        SB3VecEnv(VectorEnv("five", 3, 2))
    with pytest.raises(TypeError):
        SB3VecEnv(GymEnv("five"))  # type: ignore[arg-type]


def test_amounts_sit_near_the_one_hot_features():
    from stud.envs import OBS_AMOUNT_UNIT, OBS_FIELDS

    offsets = {name: offset for name, offset, _ in OBS_FIELDS}
    hand = Hand(Rules("stud", 10), [2000, 1000, 4000], seed=2)  # 100, 50, 200 big bets
    obs = observe(hand, 1)
    assert OBS_AMOUNT_UNIT == 100
    stacks = obs[offsets["stack"]:offsets["stack"] + 3]
    # chips / (100 * big bet), as float32 (the antes are out already)
    expected = [hand.stacks[(1 + k) % 3] / (100 * 20) for k in range(3)]
    assert stacks.tolist() == pytest.approx(expected, rel=1e-6)
    assert obs[offsets["pot"]] == pytest.approx(hand.pot / 2000, rel=1e-6)
    amounts = np.concatenate([obs[offsets[f]:offsets[f] + 10] for f in ("stack", "put_in")])
    assert 0 < amounts.max() <= 2.0
    assert obs.max() <= 5  # the counts (bets and raises left) are small whole numbers


# ---- 8. Tianshou (the test and rl extras on Python 3.11+, so CI installs it) ----------------

def test_tianshou_pettingzoo_wrapper_plays_the_aec_env():
    pytest.importorskip("tianshou", reason="the 'tianshou' extra is not installed "
                                           "(Tianshou 2.x needs Python 3.11+)")
    from tianshou.env import PettingZooEnv

    env = PettingZooEnv(aec_env("razz", 3))
    rng = np.random.default_rng(0)
    hands = 0
    obs, _ = env.reset(seed=1)
    for _ in range(200):
        mask = np.asarray(obs["mask"], dtype=bool)
        assert mask.any() and obs["obs"].shape == (OBS_SIZE,)
        obs, rewards, terminated, truncated, _ = env.step(int(rng.choice(np.flatnonzero(mask))))
        if terminated or truncated:
            hands += 1
            assert abs(sum(rewards)) < 1e-9  # no rake: the hand's results sum to zero
            obs, _ = env.reset()
    assert hands > 10


@pytest.mark.parametrize("name", ["stud.envs.gym_vector", "stud.envs._table", "stud.envs._register",
                                  "stud.envs.vector", "stud.envs.gym", "stud.envs.aec",
                                  "stud.envs.layout"])
def test_the_envs_modules_docstring_examples_run(name):
    import doctest
    import importlib

    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0 and result.attempted > 0
