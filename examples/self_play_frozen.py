"""Self-play against a frozen copy: a trained network sits at the table as
an opponent through ``stud.envs.ObservationPolicy``.

    pip install "stud[rl]"          # (torch==2.13.0 first for the CPU build)
    python examples/self_play_frozen.py [--steps 200000] [--quick]

1. PPO (``examples/cleanrl_masked_ppo.py``) trains an agent on three-handed
   Five Card Stud against "random" and "call".
2. A copy of it is frozen and wrapped: ``ObservationPolicy(frozen.greedy)``
   is given each decision's (observation, mask) and returns an action id.
3. The agent goes on training with the frozen copy in one of the other
   seats (the tables then step in Python, a GymEnv each: an opponent that
   is a callable cannot play inside C), and is measured against it.
"""

from __future__ import annotations

import argparse
import copy
import importlib.util
import sys
from pathlib import Path
from typing import Any

import torch
from stud.envs import GymVectorEnv, ObservationPolicy


def load_ppo() -> Any:
    """examples/cleanrl_masked_ppo.py, loaded from beside this file."""
    path = Path(__file__).resolve().parent / "cleanrl_masked_ppo.py"
    spec = importlib.util.spec_from_file_location("cleanrl_masked_ppo", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def main(argv: list[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=200_000, help="decisions in each phase")
    parser.add_argument("--hands", type=int, default=5_000)
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--quick", action="store_true", help="a short run (tests use it)")
    args = parser.parse_args(argv)
    if args.quick:
        args.steps, args.hands = 8_192, 500
    torch.set_num_threads(1)
    ppo = load_ppo()

    first = GymVectorEnv("five", 64, opponents=["random", "call"])
    agent, _ = ppo.train(first, args.steps, args.seed)

    frozen = copy.deepcopy(agent).eval()
    opponents = [ObservationPolicy(frozen.greedy), "call"]
    second = GymVectorEnv("five", 16, opponents=opponents)
    before = ppo.evaluate(agent, opponents, args.hands, seed=20_000)
    agent, curve = ppo.train(second, args.steps, args.seed + 1, agent=agent, num_steps=64)
    after = ppo.evaluate(agent, opponents, args.hands, seed=20_000)
    for name, r in (("before", before), ("after", after)):
        print(f"{name:>6} training against the frozen copy: {r['mean']:+.3f} big bets per "
              f"hand (95%: {r['low']:+.3f} .. {r['high']:+.3f}, {r['hands']} hands)")
    return {"before": before, "after": after, "curve": curve}


if __name__ == "__main__":
    main()
