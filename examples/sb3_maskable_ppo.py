"""sb3-contrib's MaskablePPO on a registered stud environment, as it is.

    pip install "stud[rl]"          # (torch==2.13.0 first for the CPU build)
    python examples/sb3_maskable_ppo.py [--steps 200000] [--quick]

The environment is ``gymnasium.make("stud/Razz-v0", opponents=["call"])``:
heads-up Razz against the built-in calling station.  MaskablePPO reads the
legal actions through ``env.action_masks()`` (stud's GymEnv has it), so it
never plays an illegal id.  The trained policy is then evaluated against
the same opponent next to a uniformly random legal policy, over the same
hands (the same seeds), in big bets per hand with a 95% interval.
"""

from __future__ import annotations

import argparse
from typing import Any

import gymnasium
import numpy as np
import stud.envs  # noqa: F401  (registers the stud/... ids)
import torch
from sb3_contrib import MaskablePPO


def evaluate(pick: Any, hands: int, seed: int) -> dict[str, float]:
    """Mean result per hand (big bets) of ``pick(obs, mask) -> id`` over
    ``hands`` hands against "call", with a 95% normal interval."""
    env = gymnasium.make("stud/Razz-v0", opponents=["call"])
    results = np.empty(hands)
    obs, info = env.reset(seed=seed)
    for h in range(hands):
        done = False
        reward = 0.0
        while not done:
            obs, reward, done, _, info = env.step(pick(obs, info["action_mask"]))
        results[h] = reward
        obs, info = env.reset()
    mean, half = results.mean(), 1.96 * results.std(ddof=1) / np.sqrt(hands)
    return {"hands": hands, "mean": float(mean), "low": float(mean - half),
            "high": float(mean + half)}


def main(argv: list[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=200_000, help="training steps")
    parser.add_argument("--hands", type=int, default=20_000, help="evaluation hands")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--quick", action="store_true", help="a short run (tests use it)")
    args = parser.parse_args(argv)
    if args.quick:
        args.steps, args.hands = 1_024, 200
    torch.set_num_threads(1)  # small networks: one thread is the fastest

    env = gymnasium.make("stud/Razz-v0", opponents=["call"])
    model = MaskablePPO("MultiInputPolicy", env, n_steps=512, batch_size=128, seed=args.seed,
                        device="cpu", verbose=0)
    model.learn(total_timesteps=args.steps)

    def trained(obs: Any, mask: Any) -> int:
        action, _ = model.predict(obs, action_masks=mask.astype(bool), deterministic=True)
        return int(action)

    rng = np.random.default_rng(args.seed)

    def random_legal(obs: Any, mask: Any) -> int:
        return int(rng.choice(np.flatnonzero(mask)))

    summary = {"steps": args.steps,
               "trained": evaluate(trained, args.hands, seed=10_000 + args.seed),
               "random": evaluate(random_legal, args.hands, seed=10_000 + args.seed)}
    for name in ("trained", "random"):
        r = summary[name]
        print(f"{name:>8} vs call: {r['mean']:+.3f} big bets per hand "
              f"(95%: {r['low']:+.3f} .. {r['high']:+.3f}, {r['hands']} hands)")
    return summary


if __name__ == "__main__":
    main()
