"""Coverage-guided fuzzing of the agent environments (stud.envs) over the
compiled module (atheris): fuzzed settings (variants, table sizes, stacks,
policies of every type), then actions that are legal, illegal, of the
wrong type, shape or dtype, and steps in the wrong order.  Any exception
other than the documented ones (ValueError, TypeError, RuntimeError for a
step out of order), a crash, a refused step that moved a table, or chips
not conserved is a finding.

    pip install atheris
    python fuzz/atheris_envs.py -max_total_time=60 fuzz/corpus/atheris_envs
"""

from __future__ import annotations

import sys

import atheris

with atheris.instrument_imports():
    import numpy as np
    import stud
    from stud.envs import GymEnv, VectorEnv, aec_env

EXPECTED = (ValueError, TypeError)
VARIANTS = list(stud.Variant)
POLICIES = [None, "random", "call", "strength", "tight", 3]
DTYPES = [np.int64, np.int8, np.uint8, np.float32, np.bool_]


def vector(data: atheris.FuzzedDataProvider, variant: stud.Variant, players: int,
           stacks: int | None) -> None:
    policies = [POLICIES[data.ConsumeIntInRange(0, len(POLICIES) - 1)]
                for _ in range(players)] if data.ConsumeBool() else None
    try:
        env = VectorEnv(variant, num_tables=data.ConsumeIntInRange(0, 5), players=players,
                        policies=policies, stacks=stacks)
    except EXPECTED:
        return
    if data.ConsumeBool():
        try:
            env.step(np.zeros(env.num_tables, np.int64))
            raise AssertionError("a step before reset was taken")
        except RuntimeError:
            pass
    obs, mask, _ = env.reset(seed=data.ConsumeInt(8))
    for _ in range(data.ConsumeIntInRange(0, 80)):
        if data.ConsumeBool():
            actions = np.array([np.flatnonzero(m)[0] for m in mask])
        else:
            n = env.num_tables + data.ConsumeIntInRange(-1, 1)
            dtype = DTYPES[data.ConsumeIntInRange(0, len(DTYPES) - 1)]
            actions = np.array([data.ConsumeIntInRange(-2, 6) for _ in range(n)]).astype(dtype)
        before = obs.copy()
        try:
            step = env.step(actions)
            obs, mask, rewards = step.obs, step.mask, step.rewards
        except EXPECTED:
            assert np.array_equal(env._obs, before), "a refused step moved a table"
            continue
        assert np.isfinite(rewards).all() and abs(float(rewards.sum())) < 1e-2


def aec(data: atheris.FuzzedDataProvider, variant: stud.Variant, players: int,
        stacks: int | None) -> None:
    try:
        env = aec_env(variant, players=players, stacks=stacks)
    except EXPECTED:
        return
    env.reset(seed=data.ConsumeInt(8))
    for _ in range(data.ConsumeIntInRange(0, 80)):
        if not env.agents:
            break
        agent = env.agent_selection
        done = env.terminations[agent]
        mask = env.observe(agent)["action_mask"]
        if data.ConsumeBool():
            action = None if done else int(np.flatnonzero(mask)[0])
        else:
            action = data.ConsumeIntInRange(-2, 6)
        try:
            env.step(action)
        except EXPECTED:
            assert env.observe(agent)["action_mask"].tolist() == mask.tolist()


def gym(data: atheris.FuzzedDataProvider, variant: stud.Variant, players: int,
        stacks: int | None) -> None:
    opponents = [POLICIES[data.ConsumeIntInRange(1, len(POLICIES) - 1)]
                 for _ in range(max(players - 1, 0))]
    try:
        env = GymEnv(variant, seat=data.ConsumeIntInRange(-1, 3), opponents=opponents,
                     stacks=stacks, illegal_action="passive" if data.ConsumeBool() else "raise")
    except EXPECTED:
        return
    env.reset(seed=data.ConsumeInt(8))
    for _ in range(data.ConsumeIntInRange(0, 80)):
        try:
            _, reward, done, _, _ = env.step(data.ConsumeIntInRange(-2, 6))
        except EXPECTED:
            continue
        if done:
            assert np.isfinite(reward)
            env.reset(seed=data.ConsumeInt(8) if data.ConsumeBool() else None)


@atheris.instrument_func
def test_one_input(raw: bytes) -> None:
    data = atheris.FuzzedDataProvider(raw)
    face = data.ConsumeIntInRange(0, 2)
    variant = VARIANTS[data.ConsumeIntInRange(0, len(VARIANTS) - 1)]
    players = data.ConsumeIntInRange(0, 11)
    stacks = data.ConsumeIntInRange(-1, 400) if data.ConsumeBool() else None
    (vector, aec, gym)[face](data, variant, players, stacks)


if __name__ == "__main__":
    atheris.Setup(sys.argv, test_one_input)
    atheris.Fuzz()
