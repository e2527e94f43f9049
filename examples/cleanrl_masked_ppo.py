"""Masked PPO in one file, in the manner of CleanRL, on stud's Gymnasium
vector environment (torch).

    pip install "stud[rl]"          # (torch==2.13.0 first for the CPU build)
    python examples/cleanrl_masked_ppo.py [--steps 1000000] [--quick]

``GymVectorEnv("five", 64, opponents=["random", "call"])``: three-handed
Five Card Stud, the agent in seat 0, tables stepped inside C.  The policy
is a small MLP whose logits at illegal ids are set to -1e9 before the
softmax, so it only ever samples legal ids; PPO's clipped objective with
GAE, as CleanRL writes it.  Autoreset is SAME_STEP: a hand that ends
shows the next hand's first observation in the same step, and its
``terminated`` cuts the return there.  ``main()`` returns the trained
network too (``examples/self_play_frozen.py`` uses it).

``--mix`` trains against a mixture instead: a third of the tables seat two
"random" players, a third two "call" and a third two "strength", all
stepped together (``MixedTables``), so one network learns to beat each.
``--features`` puts a fixed, untrained layer before the network that
counts the cards by rank (the agent's own, and each other seat's up
cards), so pairs and better need not be learned from 52 one-hot cards.
The agent of docs/envs.md's results table that beats "call" and
"strength" is ``--mix --features --steps 1000000 --seed 1``.
"""

from __future__ import annotations

import argparse
import time
from typing import Any

import numpy as np
import torch
from stud.envs import OBS_FIELDS, GymVectorEnv
from torch import nn

FIELD = {name: (offset, size) for name, offset, size in OBS_FIELDS}
SLOTS = 10  # seat slots of the observation (stud.envs.OBS_FIELDS: up_cards is 52 a slot)


def rank_features(x: torch.Tensor) -> torch.Tensor:
    """Card counts by rank read off observations [B, 720]: the agent's own
    cards (down and up) and each slot's up cards, 13 counts each, with the
    largest count and the number of ranks held twice or more of each."""
    down_at, _ = FIELD["down_cards"]
    up_at, _ = FIELD["up_cards"]
    down = x[:, down_at:down_at + 52]
    up = x[:, up_at:up_at + 52 * SLOTS].reshape(-1, SLOTS, 52)
    own = (down + up[:, 0]).reshape(-1, 1, 13, 4).sum(-1)        # [B, 1, 13]
    shown = up.reshape(-1, SLOTS, 13, 4).sum(-1)                  # [B, 10, 13]
    counts = torch.cat([own, shown], 1)                           # [B, 11, 13]
    summary = torch.cat([counts.max(-1).values, (counts >= 2).sum(-1).float()], 1)
    return torch.cat([counts.flatten(1), summary], 1)


N_RANK_FEATURES = (1 + SLOTS) * 13 + 2 * (1 + SLOTS)


class Agent(nn.Module):
    """Actor and critic over the 720-value observation (and, with
    ``features=True``, its counts of cards by rank)."""

    def __init__(self, size: int = 720, actions: int = 5, hidden: int = 128,
                 features: bool = False) -> None:
        super().__init__()
        self.features = features
        width = size + (N_RANK_FEATURES if features else 0)
        self.body = nn.Sequential(nn.Linear(width, hidden), nn.Tanh(),
                                  nn.Linear(hidden, hidden), nn.Tanh())
        self.actor = nn.Linear(hidden, actions)
        self.critic = nn.Linear(hidden, 1)

    def hidden(self, x: torch.Tensor) -> torch.Tensor:
        if self.features:
            x = torch.cat([x, rank_features(x)], 1)
        return self.body(x)

    def value(self, x: torch.Tensor) -> torch.Tensor:
        return self.critic(self.hidden(x)).squeeze(-1)

    def logits(self, x: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
        """The actor's logits, illegal ids set to -1e9."""
        return self.actor(self.hidden(x)).masked_fill(~mask, -1e9)

    def act(self, x: torch.Tensor, mask: torch.Tensor, action: torch.Tensor | None = None
            ) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor, torch.Tensor]:
        h = self.hidden(x)
        logits = self.actor(h).masked_fill(~mask, -1e9)  # illegal ids: never sampled
        dist = torch.distributions.Categorical(logits=logits)
        if action is None:
            action = dist.sample()
        return action, dist.log_prob(action), dist.entropy(), self.critic(h).squeeze(-1)

    def greedy(self, obs: np.ndarray, mask: np.ndarray) -> int:
        """The most likely legal id for one observation (a frozen opponent's move)."""
        with torch.no_grad():
            logits = self.logits(torch.as_tensor(obs)[None],
                                 torch.as_tensor(mask, dtype=torch.bool)[None])[0]
        return int(torch.argmax(logits))


class MixedTables:
    """Several ``GymVectorEnv`` side by side, stepped as one batch: the
    tables of group ``k`` seat the opponents ``groups[k]``.  It offers what
    ``train`` and ``evaluate`` use: ``num_envs``, ``reset``, ``step``."""

    def __init__(self, groups: list[list[Any]], tables_each: int) -> None:
        self.parts = [GymVectorEnv("five", tables_each, opponents=g) for g in groups]
        self.num_envs = tables_each * len(groups)

    def reset(self, *, seed: int) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        firsts = [part.reset(seed=seed + 100_000 * k)[0] for k, part in enumerate(self.parts)]
        return self._join(firsts), {}

    def step(self, actions: np.ndarray) -> tuple[dict[str, np.ndarray], np.ndarray, np.ndarray,
                                                 np.ndarray, dict[str, Any]]:
        results = [part.step(a) for part, a in
                   zip(self.parts, np.split(np.asarray(actions), len(self.parts)))]
        return (self._join([r[0] for r in results]),
                *(np.concatenate([r[i] for r in results]) for i in (1, 2, 3)), {})

    @staticmethod
    def _join(parts: list[dict[str, np.ndarray]]) -> dict[str, np.ndarray]:
        return {key: np.concatenate([p[key] for p in parts]) for key in parts[0]}


def train(envs: GymVectorEnv | MixedTables, steps: int, seed: int, agent: Agent | None = None,
          num_steps: int = 32, lr: float = 2.5e-4, gamma: float = 1.0, lam: float = 0.95,
          epochs: int = 4, minibatches: int = 4, clip: float = 0.2, ent_coef: float = 0.01,
          vf_coef: float = 0.5, features: bool = False) -> tuple[Agent, list[float]]:
    """PPO for ``steps`` agent decisions; the per-update mean hand result."""
    torch.manual_seed(seed)
    n = envs.num_envs
    agent = agent or Agent(features=features)
    optimizer = torch.optim.Adam(agent.parameters(), lr=lr, eps=1e-5)
    obs_buf = torch.zeros((num_steps, n, 720))
    mask_buf = torch.zeros((num_steps, n, 5), dtype=torch.bool)
    act_buf = torch.zeros((num_steps, n), dtype=torch.long)
    logp_buf = torch.zeros((num_steps, n))
    rew_buf = torch.zeros((num_steps, n))
    done_buf = torch.zeros((num_steps, n))
    val_buf = torch.zeros((num_steps, n))
    obs, _ = envs.reset(seed=seed)
    next_obs = torch.as_tensor(obs["observation"])
    next_mask = torch.as_tensor(obs["action_mask"]).bool()
    curve: list[float] = []
    for _ in range(max(1, steps // (num_steps * n))):
        finished: list[float] = []
        for t in range(num_steps):
            obs_buf[t], mask_buf[t] = next_obs, next_mask
            with torch.no_grad():
                action, logp, _, value = agent.act(next_obs, next_mask)
            act_buf[t], logp_buf[t], val_buf[t] = action, logp, value
            obs, reward, terminated, truncated, _ = envs.step(action.numpy())
            rew_buf[t] = torch.as_tensor(reward, dtype=torch.float32)
            done_buf[t] = torch.as_tensor(terminated | truncated, dtype=torch.float32)
            finished += reward[terminated].tolist()
            next_obs = torch.as_tensor(obs["observation"])
            next_mask = torch.as_tensor(obs["action_mask"]).bool()
        with torch.no_grad():  # GAE; done_buf[t] ends the hand after step t
            next_value = agent.value(next_obs)
            adv = torch.zeros_like(rew_buf)
            last = torch.zeros(n)
            for t in reversed(range(num_steps)):
                following = next_value if t == num_steps - 1 else val_buf[t + 1]
                live = 1.0 - done_buf[t]
                delta = rew_buf[t] + gamma * following * live - val_buf[t]
                last = delta + gamma * lam * live * last
                adv[t] = last
            returns = adv + val_buf
        b_obs, b_mask = obs_buf.reshape(-1, 720), mask_buf.reshape(-1, 5)
        b_act, b_logp = act_buf.reshape(-1), logp_buf.reshape(-1)
        b_adv, b_ret = adv.reshape(-1), returns.reshape(-1)
        size = b_obs.shape[0]
        for _ in range(epochs):
            order = torch.randperm(size)
            for chunk in order.chunk(minibatches):
                _, logp, entropy, value = agent.act(b_obs[chunk], b_mask[chunk], b_act[chunk])
                ratio = (logp - b_logp[chunk]).exp()
                a = b_adv[chunk]
                a = (a - a.mean()) / (a.std() + 1e-8)
                pg = torch.max(-a * ratio, -a * ratio.clamp(1 - clip, 1 + clip)).mean()
                v_loss = ((value - b_ret[chunk]) ** 2).mean()
                loss = pg + vf_coef * v_loss - ent_coef * entropy.mean()
                optimizer.zero_grad()
                loss.backward()
                nn.utils.clip_grad_norm_(agent.parameters(), 0.5)
                optimizer.step()
        curve.append(float(np.mean(finished)) if finished else 0.0)
    return agent, curve


def evaluate(agent: Agent, opponents: list[Any], hands: int, seed: int) -> dict[str, float]:
    """The greedy agent's mean result per hand (big bets), 95% interval."""
    envs = GymVectorEnv("five", 64, opponents=opponents)
    obs, _ = envs.reset(seed=seed)
    results: list[float] = []
    while len(results) < hands:
        with torch.no_grad():
            logits = agent.logits(torch.as_tensor(obs["observation"]),
                                  torch.as_tensor(obs["action_mask"]).bool())
        obs, reward, terminated, _, _ = envs.step(torch.argmax(logits, dim=1).numpy())
        results += reward[terminated].tolist()
    r = np.array(results[:hands])
    se = r.std(ddof=1) / np.sqrt(len(r))
    return {"hands": len(r), "mean": float(r.mean()), "se": float(se),
            "low": float(r.mean() - 1.96 * se), "high": float(r.mean() + 1.96 * se)}


def main(argv: list[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=1_000_000)
    parser.add_argument("--hands", type=int, default=20_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--quick", action="store_true", help="a short run (tests use it)")
    parser.add_argument("--mix", action="store_true",
                        help='train against two "random", two "call" and two "strength" '
                             "at a third of the tables each")
    parser.add_argument("--features", action="store_true",
                        help="add the counts of cards by rank to the network's input")
    parser.add_argument("--table", action="store_true",
                        help="also play the trained agent against two of each built-in policy")
    args = parser.parse_args(argv)
    if args.quick:
        args.steps, args.hands = 16_384, 2_000
    torch.set_num_threads(1)
    opponents = ["random", "call"]
    envs: GymVectorEnv | MixedTables
    if args.mix:
        envs = MixedTables([["random", "random"], ["call", "call"], ["strength", "strength"]],
                           tables_each=22)
    else:
        envs = GymVectorEnv("five", 64, opponents=opponents)
    start = time.perf_counter()
    cpu = time.process_time()
    agent, curve = train(envs, args.steps, args.seed, features=args.features)
    seconds = time.perf_counter() - start
    cpu_seconds = time.process_time() - cpu
    result = evaluate(agent, opponents, args.hands, seed=10_000 + args.seed)
    print(f"trained on {args.steps} decisions in {seconds:.0f} s ({cpu_seconds:.0f} s CPU); "
          f"first/last update: {curve[0]:+.3f} / {curve[-1]:+.3f} big bets per hand")
    print(f"greedy vs {opponents}: {result['mean']:+.3f} big bets per hand "
          f"(95%: {result['low']:+.3f} .. {result['high']:+.3f}, {result['hands']} hands)")
    table = {}
    if args.table:  # the docs' results table: two of each built-in policy at the table
        print("| opponents | hands | big bets per hand | standard error |")
        print("|---|--:|--:|--:|")
        for policy in ("random", "call", "strength"):
            for name, player in (("trained", agent), ("untrained", Agent(features=args.features))):
                r = evaluate(player, [policy, policy], args.hands, seed=30_000)
                table[f"{name} vs {policy}"] = r
                print(f"| {name} vs two '{policy}' | {r['hands']:,} | {r['mean']:+.3f} "
                      f"| {r['se']:.3f} |")
    return {"agent": agent, "curve": curve, "evaluation": result, "seconds": seconds,
            "cpu_seconds": cpu_seconds, "table": table}


if __name__ == "__main__":
    main()
