"""Agent environments: steps per second of stud's three faces, side by side
with RLCard's limit hold'em and OpenSpiel's pokerkit wrapper.

    python bench/bench_envs.py [--json FILE] [--repeat 3] [--quick | --scale 10] [--only vector,aec,...]
    python bench/bench_envs.py --render FILE         # print saved results again
    python bench/bench_envs.py --before OTHER_PYTHON --only aec,gym [--repeat 5]

``--before``: each row also runs under another Python (one whose ``stud``
is an earlier build), in turn with this one, round after round; the table
gives each side's best rate and the median of the rounds' after/before
ratios (interleaved, so that the machine's load hits both sides alike).

Rows (an agent step is one decision of an agent seat, with its
observation and its legal actions):
- ``stud.envs.VectorEnv`` (Seven Card Stud, small bet 10): 64, 256 and 1024
  tables, six seats all the agent's (self-play), two seats all the
  agent's, and two seats with the agent against the built-in "call"
  policy; random legal actions chosen in numpy as
  ``argmax(mask * rng.random(mask.shape))``.  "step" is the CPU time inside
  ``env.step`` alone, "loop" the whole loop with the choice of actions.
  Goal: 3 M steps/s per core (the loop is one thread, so per core).
- ``stud.envs.aec_env`` (PettingZoo AEC): the usual ``agent_iter`` loop, a
  random legal action from the mask, one hand after another (reset when
  every agent is done); the steps of terminated agents are not counted.
- ``stud.envs.GymEnv``: seat 0 against built-in policies, reset after each
  hand.  Goal for the AEC and Gymnasium rows: 150 K agent steps/s.
  The AEC and GymEnv loops draw the random legal id from the mask's legal
  ids looked up by its bytes (``LEGAL``, a dict of the 32 masks); the rows
  marked "np.flatnonzero choice" find them with ``np.flatnonzero(mask)``
  instead, as the first measurements did (about 2 us a step more).
- ``stud.envs.GymVectorEnv`` next to ``VectorEnv`` (256 tables, the agent
  against "call"), each returning its buffers and each returning fresh
  arrays: the Gymnasium vector environment's rate must be within 20% of
  VectorEnv's.
- Stable-Baselines3: ``MaskablePPO.learn`` (one epoch per rollout, 16
  tables) on ``stud.envs.SB3VecEnv`` over a GymVectorEnv, and on
  Stable-Baselines3's ``DummyVecEnv`` of 16 GymEnvs: environment steps per
  CPU second of training, the updates included.
- RLCard ``limit-holdem`` (its own observation vector and legal actions
  at every step), the same loop shape: a random legal action, one hand
  after another.
- OpenSpiel ``python_pokerkit_wrapper`` with pokerkit's
  FixedLimitSevenCardStud: chance nodes sampled, a random legal action at
  each decision, with the observation string (the only observation it
  offers: no tensor) and without.

Every rate is CPU time (``time.process_time``: the machine is shared), the
best of ``--repeat`` rounds; rounds go through every row in turn, so that
a busy phase of the machine hits every row alike.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from typing import Any

import numpy as np
import stud

sys.path.insert(0, os.path.dirname(__file__))
from _benchutil import cpu_model, package_version  # noqa: E402

CLOCK = time.process_time
GOAL = 3_000_000


# ---- stud ------------------------------------------------------------------------------

def vector_row(players: int, tables: int, policies: list[str | None] | None,
               steps: int, copy: bool = False) -> Callable[[], dict[str, float]]:
    from stud.envs import VectorEnv

    def run() -> dict[str, float]:
        env = VectorEnv("stud", tables, players, policies=policies, copy=copy)
        obs, mask, player = env.reset(seed=7)
        rng = np.random.default_rng(7)
        calls = max(1, steps // tables)
        in_step = 0.0
        hands = 0
        start = CLOCK()
        for _ in range(calls):
            actions = np.argmax(mask * rng.random(mask.shape), axis=1)
            t0 = CLOCK()
            step = env.step(actions)
            in_step += CLOCK() - t0
            mask = step.mask
            hands += int(step.terminated.sum())
        loop = CLOCK() - start
        n = calls * tables
        return {"steps": n, "hands": hands, "step_s": in_step, "loop_s": loop}

    return run


#: the legal ids of each action mask, by the mask's bytes (int8[5]): a random
#: legal id is then ``legal[int(rng.random() * len(legal))]``, a dict lookup
#: instead of ``np.flatnonzero`` (about 2 us a call, a fifth of a GymEnv step)
LEGAL = {bytes(bits >> i & 1 for i in range(5)): tuple(i for i in range(5) if bits >> i & 1)
         for bits in range(32)}


def legal_ids(mask: Any, choice: str) -> Any:
    return LEGAL[mask.tobytes()] if choice == "lookup" else np.flatnonzero(mask)


def aec_row(players: int, hands: int, choice: str = "lookup") -> Callable[[], dict[str, float]]:
    from stud.envs import aec_env

    def run() -> dict[str, float]:
        env = aec_env("stud", players)
        rng = random.Random(7)
        steps = 0
        start = CLOCK()
        env.reset(seed=7)
        for k in range(hands):
            if k:
                env.reset()
            for _agent in env.agent_iter():
                obs, reward, terminated, truncated, info = env.last()
                if terminated or truncated:
                    action = None
                else:
                    legal = legal_ids(obs["action_mask"], choice)
                    action = int(legal[int(rng.random() * len(legal))])
                    steps += 1
                env.step(action)
        loop = CLOCK() - start
        return {"steps": steps, "hands": hands, "loop_s": loop}

    return run


def gym_row(opponents: list[str], hands: int, choice: str = "lookup"
            ) -> Callable[[], dict[str, float]]:
    from stud.envs import GymEnv

    def run() -> dict[str, float]:
        env = GymEnv("stud", seat=0, opponents=opponents)
        rng = random.Random(7)
        steps = 0
        start = CLOCK()
        obs, info = env.reset(seed=7)
        for _ in range(hands):
            over = False
            while not over:
                legal = legal_ids(obs["action_mask"], choice)
                obs, reward, over, truncated, info = env.step(
                    int(legal[int(rng.random() * len(legal))]))
                steps += 1
            obs, info = env.reset()
        loop = CLOCK() - start
        return {"steps": steps, "hands": hands, "loop_s": loop}

    return run


def gym_vector_row(tables: int, opponents: list[str], steps: int,
                   copy: bool) -> Callable[[], dict[str, float]]:
    """GymVectorEnv, the loop of vector_row (a random legal id each)."""
    from stud.envs import GymVectorEnv

    def run() -> dict[str, float]:
        env = GymVectorEnv("stud", tables, opponents=opponents, copy=copy)
        obs, _ = env.reset(seed=7)
        mask = obs["action_mask"]
        rng = np.random.default_rng(7)
        calls = max(1, steps // tables)
        in_step = 0.0
        hands = 0
        start = CLOCK()
        for _ in range(calls):
            actions = np.argmax(mask * rng.random(mask.shape), axis=1)
            t0 = CLOCK()
            obs, rewards, terminated, truncated, infos = env.step(actions)
            in_step += CLOCK() - t0
            mask = obs["action_mask"]
            hands += int(terminated.sum())
        loop = CLOCK() - start
        return {"steps": calls * tables, "hands": hands, "step_s": in_step, "loop_s": loop}

    return run


def sb3_row(tables: int, adapter: bool, steps: int) -> Callable[[], dict[str, float]]:
    """MaskablePPO's training rate (environment steps per CPU second of
    ``learn``, the updates included): stud.envs.SB3VecEnv over a
    GymVectorEnv, or Stable-Baselines3's DummyVecEnv of GymEnvs; the same
    Dict observation and MultiInputPolicy in both."""
    import torch
    from sb3_contrib import MaskablePPO
    from stable_baselines3.common.vec_env import DummyVecEnv
    from stud.envs import GymEnv, GymVectorEnv, SB3VecEnv

    def run() -> dict[str, float]:
        torch.set_num_threads(1)
        if adapter:
            venv: Any = SB3VecEnv(GymVectorEnv("stud", tables, opponents=["call"]),
                                  observation="dict")
        else:
            venv = DummyVecEnv([lambda: GymEnv("stud", opponents=["call"])] * tables)
        model = MaskablePPO("MultiInputPolicy", venv, n_steps=max(8, 2048 // tables),
                            batch_size=256, n_epochs=1, seed=0, device="cpu")
        start = CLOCK()
        model.learn(total_timesteps=steps)
        loop = CLOCK() - start
        return {"steps": model.num_timesteps, "hands": 0, "loop_s": loop}

    return run


# ---- peers -----------------------------------------------------------------------------

def rlcard_row(players: int, hands: int) -> Callable[[], dict[str, float]]:
    import rlcard

    def run() -> dict[str, float]:
        env = rlcard.make("limit-holdem", config={"seed": 7, "game_num_players": players})
        rng = random.Random(7)
        steps = 0
        start = CLOCK()
        for _ in range(hands):
            state, player = env.reset()
            while not env.is_over():
                legal = list(state["legal_actions"])
                state, player = env.step(legal[int(rng.random() * len(legal))])
                steps += 1
            env.get_payoffs()
        loop = CLOCK() - start
        return {"steps": steps, "hands": hands, "loop_s": loop}

    return run


def open_spiel_row(players: int, hands: int, observe: bool) -> Callable[[], dict[str, float]]:
    import pyspiel
    from open_spiel.python.games import pokerkit_wrapper  # noqa: F401 (registers the game)

    game = pyspiel.load_game("python_pokerkit_wrapper", {
        "variant": "FixedLimitSevenCardStud", "num_players": players,
        "stack_sizes": " ".join(["2000"] * players), "bring_in": 5, "small_bet": 10,
        "big_bet": 20})

    def run() -> dict[str, float]:
        rng = random.Random(7)
        steps = 0
        start = CLOCK()
        for _ in range(hands):
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    outcomes = state.chance_outcomes()
                    state.apply_action(outcomes[int(rng.random() * len(outcomes))][0])
                    continue
                if observe:
                    state.observation_string(state.current_player())
                legal = state.legal_actions()
                state.apply_action(legal[int(rng.random() * len(legal))])
                steps += 1
            state.returns()
        loop = CLOCK() - start
        return {"steps": steps, "hands": hands, "loop_s": loop}

    return run


# ---- the run ---------------------------------------------------------------------------

def rows(scale: float) -> tuple[list[dict[str, Any]], dict[str, str]]:
    vector_steps = int(2_000_000 * scale)
    out: list[dict[str, Any]] = []
    missing: dict[str, str] = {}
    setups = [("6 seats, self-play", 6, None), ("2 seats, self-play", 2, None),
              ("2 seats, agent vs 'call'", 2, [None, "call"])]
    for label, players, policies in setups:
        for tables in (64, 256, 1024):
            out.append({"group": "vector", "what": f"VectorEnv, {label}", "players": players,
                        "tables": tables, "run": vector_row(players, tables, policies,
                                                            vector_steps)})
    for copy in (False, True):
        how = "fresh arrays (copy=True)" if copy else "its buffers (copy=False)"
        out.append({"group": "gymvec", "what": f"VectorEnv, agent vs 'call', {how}",
                    "players": 2, "tables": 256,
                    "run": vector_row(2, 256, [None, "call"], vector_steps, copy)})
        out.append({"group": "gymvec", "what": f"GymVectorEnv, agent vs 'call', {how}",
                    "players": 2, "tables": 256,
                    "run": gym_vector_row(256, ["call"], vector_steps, copy)})
    try:
        import sb3_contrib  # noqa: F401
    except ImportError as error:
        missing["sb3"] = f"the 'rl' extra is not installed ({error})"
    else:
        for adapter in (True, False):
            what = ("MaskablePPO.learn on SB3VecEnv(GymVectorEnv)" if adapter
                    else "MaskablePPO.learn on DummyVecEnv of GymEnvs")
            out.append({"group": "sb3", "what": what, "players": 2, "tables": 16,
                        "run": sb3_row(16, adapter, int(40_000 * scale))})
    for choice, note in (("lookup", ""), ("numpy", ", np.flatnonzero choice")):
        for players in (6, 2):
            out.append({"group": "aec", "what": f"aec_env, {players} seats, self-play{note}",
                        "players": players,
                        "run": aec_row(players, int(2000 * scale), choice)})
        out.append({"group": "gym", "what": f"GymEnv, seat 0 vs 'call'{note}", "players": 2,
                    "run": gym_row(["call"], int(4000 * scale), choice)})
        out.append({"group": "gym", "what": f"GymEnv, seat 0 vs 5 'random'{note}",
                    "players": 6, "run": gym_row(["random"] * 5, int(2000 * scale), choice)})
    try:
        import rlcard  # noqa: F401
    except ImportError as error:
        missing["rlcard"] = f"not installed ({error})"
    else:
        for players in (6, 2):
            out.append({"group": "rlcard", "what": f"RLCard limit-holdem, {players} players",
                        "players": players, "run": rlcard_row(players, int(2000 * scale))})
    try:
        import pyspiel  # noqa: F401
        from open_spiel.python.games import pokerkit_wrapper  # noqa: F401
    except ImportError as error:
        missing["open_spiel"] = f"not installed or no pokerkit wrapper ({error})"
    else:
        for players in (6, 2):
            for observe in (True, False):
                what = (f"OpenSpiel pokerkit FixedLimitSevenCardStud, {players} players, "
                        + ("with observation_string" if observe else "no observation"))
                out.append({"group": "open_spiel", "what": what, "players": players,
                            "run": open_spiel_row(players, max(2, int(100 * scale)), observe)})
    return out, missing


def measure(repeat: int, scale: float, only: set[str] | None = None) -> dict[str, Any]:
    table, missing = rows(scale)
    if only:
        table = [row for row in table if row["group"] in only]
    best: list[dict[str, float]] = [{} for _ in table]
    every: list[list[float]] = [[] for _ in table]  # each round's loop rate
    for _ in range(repeat):
        for i, row in enumerate(table):
            got = row["run"]()
            got["loop_rate"] = got["steps"] / got["loop_s"]
            every[i].append(got["loop_rate"])
            if "step_s" in got:
                got["step_rate"] = got["steps"] / got["step_s"]
            if not best[i] or got["loop_rate"] > best[i]["loop_rate"]:
                keep = dict(got)
                if best[i].get("step_rate", 0.0) > got.get("step_rate", 0.0):
                    keep["step_rate"] = best[i]["step_rate"]
                best[i] = keep
            elif got.get("step_rate", 0.0) > best[i].get("step_rate", 0.0):
                best[i]["step_rate"] = got["step_rate"]
    results = []
    for row, got, rates in zip(table, best, every):
        results.append({k: v for k, v in row.items() if k != "run"} | got
                       | {"loop_median": statistics.median(rates)})
    try:
        load = list(os.getloadavg())
    except OSError:
        load = None
    versions = {name: package_version(name) for name in
                ("numpy", "gymnasium", "pettingzoo", "rlcard", "open_spiel", "pokerkit")}
    return {
        "machine": {"cpu_model": cpu_model(), "cpu_count": os.cpu_count(),
                    "python": platform.python_version(), "platform": platform.platform(),
                    "loadavg_1_5_15": load},
        "versions": {"stud": stud.__version__} | versions,
        "repeat": repeat, "scale": scale, "clock": "time.process_time (CPU time)",
        "rows": results, "missing": missing,
    }


def one_run(index: int, scale: float, only: set[str] | None) -> dict[str, float]:
    """One run of row ``index`` (of the rows --only keeps)."""
    table, _ = rows(scale)
    if only:
        table = [row for row in table if row["group"] in only]
    got: dict[str, float] = table[index]["run"]()
    return got


def compare(before: str, repeat: int, scale: float, only: set[str] | None) -> str:
    """Each row under ``before`` (another Python) and here, interleaved:
    a table of the best rates and the median after/before ratio."""
    table, _ = rows(scale)
    if only:
        table = [row for row in table if row["group"] in only]
    rates: list[tuple[list[float], list[float]]] = [([], []) for _ in table]
    for _ in range(repeat):
        for i in range(len(table)):
            command = [before, os.path.abspath(__file__), "--row", str(i)]
            command += ["--scale", str(scale)]
            command += ["--only", ",".join(sorted(only))] if only else []
            old = json.loads(subprocess.run(command, check=True, capture_output=True,
                                            text=True).stdout)
            new = one_run(i, scale, only)
            rates[i][0].append(old["steps"] / old["loop_s"])
            rates[i][1].append(new["steps"] / new["loop_s"])
    try:
        load = list(os.getloadavg())
    except OSError:
        load = None
    lines = [f"{cpu_model()}, {os.cpu_count()} CPUs, Python {platform.python_version()}; "
             f"load average {load}; CPU time; {repeat} interleaved rounds.", "",
             "| environment | before: best | after: best | after/before, median of rounds "
             "| rounds' ratios |", "|---|--:|--:|--:|---|"]
    for row, (old_rates, new_rates) in zip(table, rates):
        ratios = [n / o for o, n in zip(old_rates, new_rates)]
        lines.append(f"| {row['what']} | {fmt(max(old_rates))} | {fmt(max(new_rates))} | "
                     f"{statistics.median(ratios):.2f}x | "
                     f"{', '.join(f'{x:.2f}' for x in ratios)} |")
    return "\n".join(lines)


def fmt(rate: float) -> str:
    if rate >= 1e6:
        return f"{rate / 1e6:.2f} M"
    if rate >= 1e3:
        return f"{rate / 1e3:.1f} K"
    return f"{rate:.0f}"


def render(report: dict[str, Any]) -> str:
    rows_ = report["rows"]
    peer = {r["players"]: r["loop_rate"] for r in rows_ if r["group"] == "rlcard"}
    m, v = report["machine"], report["versions"]
    lines = [
        f"{m['cpu_model']}, {m['cpu_count']} CPUs, Python {m['python']}; load average "
        f"{m['loadavg_1_5_15']}; CPU time, best of {report['repeat']} rounds"
        f" (the median round in the goal column where saved); work x{report.get('scale', 1.0):g}.",
        "Versions: " + ", ".join(f"{k} {x}" for k, x in v.items() if x) + ".",
        "",
        "| environment | tables | agent steps/s, step alone | agent steps/s, with the "
        "action choice | hands/s | vs RLCard, same players, same loop | goal |",
        "|---|--:|--:|--:|--:|--:|---|",
    ]
    for r in rows_:
        step = fmt(r["step_rate"]) if "step_rate" in r else "-"
        ratio = "-"
        if r["players"] in peer:
            x = r["loop_rate"] / peer[r["players"]]
            ratio = f"{x:,.1f}x" if x >= 1 else f"{x:.3f}x"
        hands = fmt(r["hands"] / r["loop_s"]) if r["hands"] else "-"
        goal = ""
        if r["group"] == "vector":
            goal = ">= 3 M: " + ("meets" if r["step_rate"] >= GOAL else "BELOW")
        if r["group"] == "gymvec" and r["what"].startswith("GymVectorEnv"):
            twin = next(x for x in rows_ if x["group"] == "gymvec"
                        and x["what"] == r["what"].replace("GymVectorEnv", "VectorEnv"))
            x = r["loop_rate"] / twin["loop_rate"]
            goal = f"{x:.2f}x VectorEnv's, >= 0.8x: " + ("meets" if x >= 0.8 else "BELOW")
        if r["group"] in ("aec", "gym"):
            goal = ">= 150 K: " + ("meets" if r["loop_rate"] >= 150_000 else "BELOW")
            if "loop_median" in r:
                goal += f" (median round {fmt(r['loop_median'])})"
        lines.append(f"| {r['what']} | {r.get('tables', '-')} | {step} | {fmt(r['loop_rate'])} "
                     f"| {hands} | {ratio} | {goal} |")
    for name, why in report["missing"].items():
        lines.append(f"\n{name}: {why}")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--quick", action="store_true", help="a tenth of the work: a smoke run")
    parser.add_argument("--scale", type=float, default=1.0,
                        help="the work of every row times this (longer runs: steadier rates "
                             "on a shared machine)")
    parser.add_argument("--json", metavar="FILE", help="also save the raw results")
    parser.add_argument("--only", metavar="GROUPS",
                        help="comma-separated: vector, gymvec, sb3, aec, gym, rlcard, "
                             "open_spiel")
    parser.add_argument("--render", metavar="FILE", help="print saved results (--json), no timing")
    parser.add_argument("--before", metavar="PYTHON",
                        help="also run every row under this Python (an earlier build), "
                             "interleaved, and print the after/before ratios")
    parser.add_argument("--row", type=int, help=argparse.SUPPRESS)  # (one run, as JSON)
    args = parser.parse_args()
    only = set(args.only.split(",")) if args.only else None
    scale = 0.1 if args.quick else args.scale
    if args.row is not None:
        print(json.dumps(one_run(args.row, scale, only)))
        return
    if args.before:
        print(compare(args.before, args.repeat, scale, only))
        return
    if args.render:
        with open(args.render) as f:
            print(render(json.load(f)))
        return
    report = measure(args.repeat, scale, only)
    print(render(report))
    if args.json:
        with open(args.json, "w") as f:
            json.dump(report, f, indent=1)


if __name__ == "__main__":
    main()
