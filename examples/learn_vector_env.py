"""A small agent learns heads-up Five Card Stud through ``stud.envs.VectorEnv``.

numpy only: a linear softmax policy over a few features read off the
observation (what the agent holds, what the opponent shows, the street,
whether there is a bet to call), masked by the legal actions, trained by
REINFORCE with a linear value baseline.  The opponents are the built-in
policies "random" and "call", played inside C: half the training batch
faces one, half the other, and one policy learns to beat both.

After training, the greedy policy (the likeliest legal action) plays a
fixed-seed evaluation against each opponent; the result is the mean in big
bets per hand with its 95% confidence interval (1.96 standard errors).  The
uniform random agent before training is evaluated on the same hands for
comparison.

    python examples/learn_vector_env.py                    # about 40 s of one core
    python examples/learn_vector_env.py --quick            # a few seconds (the test's budget)
    python examples/learn_vector_env.py --steps 4000000 --seed 3 --plot /tmp/curve.png

Writes the learning curve (PNG with matplotlib; CSV without it) and a
JSON summary beside it (same name, ``.json``).
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np
import stud
from stud.envs import N_ACTIONS, OBS_AMOUNT_UNIT, OBS_FIELDS, OBS_SIZE, VectorEnv

HERE = Path(__file__).resolve().parent
OPPONENTS = ("random", "call")
FIELD = {name: (offset, size) for name, offset, size in OBS_FIELDS}


def _field(obs: np.ndarray, name: str, width: int | None = None) -> np.ndarray:
    offset, size = FIELD[name]
    return obs[:, offset:offset + (size if width is None else width)]


def _rank_summary(counts: np.ndarray) -> tuple[np.ndarray, ...]:
    """From rank counts [N, 13] (2..A): the largest group (1 = no pair),
    two pairs or better, the rank of the largest group's highest rank and
    the top rank (both 0..1), and how many cards there are."""
    n_cards = counts.sum(1)
    group = counts.max(1)
    two_pair = ((counts >= 2).sum(1) >= 2).astype(np.float32)
    ranks = np.arange(13, dtype=np.float32)
    top_of_group = np.where(counts == group[:, None], ranks, -1.0).max(1) / 12.0
    top = np.where(counts > 0, ranks, -1.0).max(1).clip(0) / 12.0
    return group, two_pair, top_of_group, top, n_cards


def features(obs: np.ndarray) -> np.ndarray:
    """float32 [N, F] of a heads-up observation (slot 1 is the opponent)."""
    down = _field(obs, "down_cards")
    up = _field(obs, "up_cards")
    mine = (down + up[:, :52]).reshape(-1, 13, 4)
    shown = up[:, 52:104].reshape(-1, 13, 4)
    my_counts, his_counts = mine.sum(2), shown.sum(2)
    group, two_pair, group_top, top, _ = _rank_summary(my_counts)
    his_group, his_two_pair, his_group_top, his_top, his_cards = _rank_summary(his_counts)
    # a rough score: the largest group first, then two pairs, then its rank
    score = (group - 1) + 0.5 * two_pair + 0.4 * (group > 1) * group_top + 0.1 * top
    his_score = ((his_group - 1) * (his_cards > 0) + 0.5 * his_two_pair
                 + 0.4 * (his_group > 1) * his_group_top + 0.1 * his_top)
    ahead = np.sign(score - his_score)
    # the down card pairs an up card: strength the opponent cannot see
    hidden_pair = ((down.reshape(-1, 13, 4).sum(2) > 0) & (my_counts >= 2)).any(1)
    flush = mine.sum(1).max(1) / 5.0
    street = _field(obs, "street", 4)
    to_call = _field(obs, "to_call")[:, 0] * OBS_AMOUNT_UNIT  # in big bets
    facing = (to_call > 0).astype(np.float32)
    columns = [
        np.ones(len(obs), np.float32), group - 1, two_pair, group_top * (group > 1), top,
        his_group - 1, his_two_pair, his_group_top * (his_group > 1), his_top,
        ahead, score - his_score, hidden_pair, flush,
        facing, facing * ahead, facing * (score - his_score), to_call,
        _field(obs, "pot")[:, 0] * OBS_AMOUNT_UNIT / 10.0,
    ]
    return np.column_stack(columns + [street[:, i] for i in range(4)]).astype(np.float32)


N_FEATURES = features(np.zeros((1, OBS_SIZE), np.float32)).shape[1]


def masked_probabilities(weights: np.ndarray, phi: np.ndarray, mask: np.ndarray) -> np.ndarray:
    logits = phi @ weights
    logits = np.where(mask > 0, logits, -np.inf)
    logits -= logits.max(1, keepdims=True)
    p = np.exp(logits)
    return p / p.sum(1, keepdims=True)


def sample(p: np.ndarray, mask: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """One action a row drawn from ``p``: the first whose cumulative
    probability passes a uniform draw, so never one of probability 0 (and
    the last legal one should rounding leave the sum short of the draw)."""
    u = rng.random((len(p), 1))
    last_legal = N_ACTIONS - 1 - np.argmax(mask[:, ::-1] > 0, axis=1)
    return np.minimum((p.cumsum(1) <= u).sum(1), last_legal)


class Adam:
    def __init__(self, shape: tuple[int, ...], lr: float) -> None:
        self.lr, self.m, self.v, self.t = lr, np.zeros(shape), np.zeros(shape), 0

    def step(self, params: np.ndarray, grad: np.ndarray) -> None:
        """Gradient ascent."""
        self.t += 1
        self.m = 0.9 * self.m + 0.1 * grad
        self.v = 0.999 * self.v + 0.001 * grad * grad
        m_hat = self.m / (1 - 0.9 ** self.t)
        v_hat = self.v / (1 - 0.999 ** self.t)
        params += self.lr * m_hat / (np.sqrt(v_hat) + 1e-8)


class Learner:
    """One opponent's vector environment and the decisions that wait for
    their hand to end (a hand may run past the end of a rollout)."""

    def __init__(self, opponent: str, tables: int, seed: int) -> None:
        self.env = VectorEnv("five", tables, 2, policies=[None, opponent])
        self.obs, self.mask, _ = self.env.reset(seed=seed)
        self.pending: tuple[np.ndarray, ...] | None = None

    def rollout(self, weights: np.ndarray, length: int, rng: np.random.Generator
                ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, list[float]]:
        """``length`` steps of every table; returns the decisions whose hand
        ended (features, masks, actions, returns) and the finished hands'
        results."""
        n = self.env.num_tables
        phis = np.empty((length, n, N_FEATURES), np.float32)
        masks = np.empty((length, n, N_ACTIONS), np.int8)
        actions = np.empty((length, n), np.int64)
        rewards = np.empty((length, n), np.float32)
        ended = np.empty((length, n), bool)
        for t in range(length):
            phi = features(self.obs)
            p = masked_probabilities(weights, phi, self.mask)
            a = sample(p, self.mask, rng)
            phis[t], masks[t], actions[t] = phi, self.mask, a
            step = self.env.step(a)
            self.obs, self.mask = step.obs, step.mask
            rewards[t], ended[t] = step.rewards[:, 0], step.terminated
        results = rewards[ended].tolist()
        fresh = np.ones((length, n), bool)
        if self.pending is not None:  # the last rollouts' unfinished hands may end now
            phis, masks, actions, rewards, ended, fresh = (
                np.concatenate([old, new]) for old, new in
                zip(self.pending, (phis, masks, actions, rewards, ended, fresh)))
        returns = np.full(ended.shape, np.nan, np.float32)
        following = np.full(n, np.nan, np.float32)
        for t in range(len(ended) - 1, -1, -1):
            following = np.where(ended[t], rewards[t], following)
            returns[t] = following
        done = ~np.isnan(returns)
        # the decisions of unfinished hands wait for the next rollout (a hand
        # longer than four rollouts, a rare raising war, is dropped)
        waiting = ~done.all(1)
        start = int(np.argmax(waiting)) if waiting.any() else len(ended)
        start = max(start, len(ended) - 4 * length)
        self.pending = tuple(x[start:] for x in (phis, masks, actions, rewards, ended, ~done))
        use = done & fresh
        return phis[use], masks[use], actions[use], returns[use], results


def evaluate(weights: np.ndarray | None, opponent: str, tables: int, hands_per_table: int,
             seed: int) -> dict[str, float]:
    """The first ``hands_per_table`` hands of every table (so long hands
    count as often as short ones), greedy policy; None: uniform random
    legal actions.  Mean big bets per hand and its 95% interval."""
    env = VectorEnv("five", tables, 2, policies=[None, opponent])
    obs, mask, _ = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    done = np.zeros(tables, np.int64)
    total = np.zeros(tables)
    total_sq = np.zeros(tables)
    while done.min() < hands_per_table:
        if weights is None:
            a = np.argmax(mask * rng.random(mask.shape), axis=1)
        else:
            a = np.argmax(np.where(mask > 0, features(obs) @ weights, -np.inf), axis=1)
        step = env.step(a)
        obs, mask, reward, terminated = step.obs, step.mask, step.rewards, step.terminated
        counted = terminated & (done < hands_per_table)
        r = np.where(counted, reward[:, 0], 0.0)
        total += r
        total_sq += r * r
        done += counted
    n = tables * hands_per_table
    mean = total.sum() / n
    sd = math.sqrt(max(total_sq.sum() / n - mean * mean, 0.0))
    half = 1.96 * sd / math.sqrt(n)
    return {"hands": n, "mean": mean, "ci95": half, "low": mean - half, "high": mean + half}


def train(steps: int, tables: int, rollout: int, lr: float, seed: int,
          log: Any = None) -> tuple[np.ndarray, list[dict[str, float]]]:
    """Trains until ``steps`` agent decisions (both opponents together)."""
    rng = np.random.default_rng(seed)
    learners = [Learner(opponent, tables, seed + 1000 * (k + 1))
                for k, opponent in enumerate(OPPONENTS)]
    weights = np.zeros((N_FEATURES, N_ACTIONS))
    value = np.zeros(N_FEATURES)
    optimizer = Adam(weights.shape, lr)
    curve: list[dict[str, float]] = []
    per_iteration = rollout * tables * len(learners)
    iterations = max(1, steps // per_iteration)
    start = time.process_time()
    for it in range(iterations):
        batches = [learner.rollout(weights, rollout, rng) for learner in learners]
        phi = np.concatenate([b[0] for b in batches])
        mask = np.concatenate([b[1] for b in batches])
        action = np.concatenate([b[2] for b in batches])
        ret = np.concatenate([b[3] for b in batches]).astype(np.float64)
        # the baseline: a ridge fit of the returns on the features
        gram = phi.T.astype(np.float64) @ phi + 1e-2 * np.eye(N_FEATURES)
        value = np.linalg.solve(gram, phi.T.astype(np.float64) @ ret)
        advantage = ret - phi @ value
        advantage /= advantage.std() + 1e-8
        p = masked_probabilities(weights, phi, mask)
        p[np.arange(len(action)), action] -= 1.0  # now pi - onehot(a)
        grad = -(phi * advantage[:, None]).T @ p / len(action)
        optimizer.step(weights, grad)
        point = {"iteration": it + 1, "decisions": (it + 1) * per_iteration,
                 "cpu_seconds": time.process_time() - start}
        for opponent, batch in zip(OPPONENTS, batches):
            results = batch[4]
            point[opponent] = float(np.mean(results)) if results else float("nan")
        curve.append(point)
        if log and (it + 1) % max(1, iterations // 10) == 0:
            print(f"  iteration {it + 1}/{iterations}: " + ", ".join(
                f"vs {o} {point[o]:+.3f}" for o in OPPONENTS), file=log)
    return weights, curve


def write_curve(curve: list[dict[str, float]], plot: Path, evaluations: dict[str, Any]
                ) -> Path:
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        path = plot.with_suffix(".csv")
        with path.open("w") as f:
            f.write("iteration,decisions,cpu_seconds," + ",".join(OPPONENTS) + "\n")
            for point in curve:
                f.write(",".join(str(point[k]) for k in
                                 ("iteration", "decisions", "cpu_seconds", *OPPONENTS)) + "\n")
        print(f"matplotlib is not installed: the learning curve is in {path} (CSV)")
        return path
    fig, ax = plt.subplots(figsize=(7, 4), dpi=110)
    x = np.array([p["decisions"] for p in curve]) / 1e6
    window = max(1, len(curve) // 25)
    for opponent, colour in zip(OPPONENTS, ("tab:blue", "tab:orange")):
        y = np.array([p[opponent] for p in curve])
        # a trailing mean over the last `window` iterations (fewer at the start)
        sums = np.concatenate([[0.0], np.cumsum(y)])
        first = np.maximum(np.arange(len(y)) + 1 - window, 0)
        smooth = (sums[1:] - sums[first]) / (np.arange(len(y)) + 1 - first)
        ax.plot(x, smooth, color=colour, label=f"training hands vs {opponent!r} "
                f"(mean of {window} updates)")
        before = evaluations["untrained"][opponent]
        ax.errorbar([0.0], [before["mean"]], yerr=[before["ci95"]], fmt="s", color=colour,
                    capsize=4, mfc="white",
                    label=f"uniform random agent vs {opponent!r} (95% CI)")
        after = evaluations["trained"][opponent]
        ax.errorbar([x[-1]], [after["mean"]], yerr=[after["ci95"]], fmt="o", color=colour,
                    capsize=4, label=f"greedy policy after training vs {opponent!r} (95% CI)")
    ax.axhline(0.0, color="grey", linewidth=0.8)
    ax.set_xlabel("agent decisions in training (millions)")
    ax.set_ylabel("big bets per hand")
    ax.set_title("Heads-up Five Card Stud, linear softmax policy, REINFORCE (stud.envs.VectorEnv)",
                 fontsize=9)
    ax.legend(fontsize=7, loc="lower right")
    fig.tight_layout()
    plot.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(plot)
    plt.close(fig)
    return plot


def main(argv: list[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--steps", type=int, default=4_000_000,
                        help="agent decisions to train on, both opponents together")
    parser.add_argument("--eval-hands", type=int, default=200_000,
                        help="hands evaluated against each opponent")
    parser.add_argument("--tables", type=int, default=512, help="tables per opponent")
    parser.add_argument("--rollout", type=int, default=16, help="steps per table per update")
    parser.add_argument("--lr", type=float, default=0.05, help="Adam's step size")
    parser.add_argument("--seed", type=int, default=1, help="training seed")
    parser.add_argument("--eval-seed", type=int, default=20240601,
                        help="the evaluation's seed (the same hands for every agent)")
    parser.add_argument("--plot", type=Path, default=HERE / "learning_curve.png",
                        help="where the learning curve goes (CSV beside it without matplotlib)")
    parser.add_argument("--quick", action="store_true",
                        help="a short budget: 800,000 decisions, 40,000 hands per opponent")
    args = parser.parse_args(argv)
    if args.quick:
        args.steps, args.eval_hands = 800_000, 40_000
    eval_tables = 1000
    per_table = max(1, args.eval_hands // eval_tables)

    print(f"stud {stud.__version__}: training on {args.steps:,} decisions "
          f"(seed {args.seed})")
    started = time.process_time()
    weights, curve = train(args.steps, args.tables, args.rollout, args.lr, args.seed,
                           log=sys.stdout)
    training_seconds = time.process_time() - started
    evaluations: dict[str, Any] = {"untrained": {}, "trained": {}}
    for opponent in OPPONENTS:
        evaluations["untrained"][opponent] = evaluate(None, opponent, eval_tables, per_table,
                                                      args.eval_seed)
        evaluations["trained"][opponent] = evaluate(weights, opponent, eval_tables, per_table,
                                                    args.eval_seed)
    total_seconds = time.process_time() - started

    print(f"\ntraining: {training_seconds:.1f} s CPU; with the evaluation {total_seconds:.1f} s")
    print("\n| agent | opponent | hands | big bets per hand | 95% CI |")
    print("|---|---|--:|--:|---|")
    for agent in ("untrained", "trained"):
        for opponent in OPPONENTS:
            e = evaluations[agent][opponent]
            name = "uniform random (before training)" if agent == "untrained" else "trained, greedy"
            print(f"| {name} | {opponent} | {e['hands']:,} | {e['mean']:+.4f} "
                  f"| [{e['low']:+.4f}, {e['high']:+.4f}] |")
    path = write_curve(curve, args.plot, evaluations)
    summary = {
        "game": ("FIVE_CARD_STUD, heads-up, small bet 10, big bet 20, ante 2, bring-in 5, "
                 "stacks of 100 big bets"),
        "stud": stud.__version__, "numpy": np.__version__,
        "seed": args.seed, "eval_seed": args.eval_seed, "decisions": args.steps,
        "tables_per_opponent": args.tables, "rollout": args.rollout, "lr": args.lr,
        "training_cpu_seconds": round(training_seconds, 2),
        "total_cpu_seconds": round(total_seconds, 2),
        "evaluation": evaluations, "curve_file": path.name,
        "weights": weights.round(4).tolist(),
    }
    summary_path = args.plot.with_suffix(".json")
    summary_path.write_text(json.dumps(summary, indent=1) + "\n")
    print(f"\nwrote {path} and {summary_path}")
    return summary


if __name__ == "__main__":
    main()
