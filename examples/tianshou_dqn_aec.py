"""Tianshou 2.x on stud's PettingZoo (AEC) environment: a masked DQN agent
learns heads-up Five Card Stud against Tianshou's masked random player.

    pip install torch==2.13.0 "stud[tianshou]"
    python examples/tianshou_dqn_aec.py [--steps 60000] [--hands 20000] [--quick]

1. ``tianshou.env.PettingZooEnv(aec_env("five", 2))`` wraps the AEC
   environment as it is: each observation is Tianshou's ``{"agent_id",
   "obs", "mask"}`` (the mask is the environment's ``action_mask``) and the
   reward is a list with every seat's.
2. Seat 0 (``player_0``) is a ``DQN`` whose policy reads ``obs.mask``:
   illegal ids get the lowest Q-value, so it never picks one, greedy or
   exploring.  Seat 1 is Tianshou's own
   ``MARLRandomDiscreteMaskedOffPolicyAlgorithm`` (a random legal id).
   ``MultiAgentOffPolicyAlgorithm`` dispatches each decision to the seat's
   algorithm, and Tianshou's ``OffPolicyTrainer`` runs the loop.
3. The reward of a hand comes in the step that ends it, which may be the
   opponent's (a fold, the last call).  Tianshou gives each seat's
   algorithm that seat's column of the rewards over the whole buffer, so
   with no discount (``gamma=1``) and an n-step horizon longer than any
   hand the target of each of the agent's decisions is the hand's result
   for the agent: a Monte Carlo target, whoever acted last.
4. The greedy agent, and the untrained network next to it, then play the
   same hands in seat 0 against each built-in policy ("random", "call",
   "strength") on ``GymVectorEnv`` tables (the same observations, stepped
   in C); the result is in big bets per hand with its standard error.

It shows the wiring, not a strong agent: at the default 60,000 decisions
(about 400 s of CPU time) the greedy DQN beats the random player but
not "call" or "strength" (docs/envs.md has the table);
``examples/cleanrl_masked_ppo.py --mix --features`` is the agent that
beats all three.
"""

from __future__ import annotations

import argparse
import logging
import time
from typing import Any

import numpy as np
import torch
from stud.envs import OBS_SIZE, GymVectorEnv, aec_env
from tianshou.algorithm import DQN
from tianshou.algorithm.modelfree.dqn import DiscreteQLearningPolicy
from tianshou.algorithm.multiagent.marl import MultiAgentOffPolicyAlgorithm
from tianshou.algorithm.optim import AdamOptimizerFactory
from tianshou.algorithm.random import MARLRandomDiscreteMaskedOffPolicyAlgorithm
from tianshou.data import Collector, VectorReplayBuffer
from tianshou.env import DummyVectorEnv, PettingZooEnv
from tianshou.trainer import OffPolicyTrainerParams
from tianshou.utils.net.common import Net

N_ACTIONS = 5
HORIZON = 32  # decisions: longer than any hand of heads-up Five Card Stud with a cap


def make_env() -> PettingZooEnv:
    return PettingZooEnv(aec_env("five", players=2))


def build(env: PettingZooEnv, lr: float) -> tuple[MultiAgentOffPolicyAlgorithm, DQN]:
    """The learner in seat 0 (masked DQN), the random player in seat 1."""
    net = Net(state_shape=OBS_SIZE, action_shape=N_ACTIONS, hidden_sizes=[128, 128])
    policy = DiscreteQLearningPolicy(model=net, action_space=env.action_space,
                                     observation_space=env.observation_space,
                                     eps_training=0.2, eps_inference=0.0)
    learner = DQN(policy=policy, optim=AdamOptimizerFactory(lr=lr), gamma=1.0,
                  n_step_return_horizon=HORIZON, target_update_freq=0)
    opponent = MARLRandomDiscreteMaskedOffPolicyAlgorithm(env.action_space)
    return MultiAgentOffPolicyAlgorithm(algorithms=[learner, opponent], env=env), learner


def evaluate(net: torch.nn.Module, opponent: str, hands: int, seed: int) -> dict[str, float]:
    """The network's greedy legal id in seat 0 against a built-in policy in
    seat 1: mean result per hand (big bets) and its standard error.  The
    tables are ``GymVectorEnv``'s, stepped in C: the same observations as
    the AEC environment's (one encoder), many hands a second."""
    envs = GymVectorEnv("five", 64, opponents=[opponent])
    obs, _ = envs.reset(seed=seed)
    results: list[float] = []
    illegal = 0
    while len(results) < hands:
        with torch.no_grad():
            q, _ = net(torch.as_tensor(obs["observation"]))
        q = q.masked_fill(~torch.as_tensor(obs["action_mask"]).bool(), -torch.inf)
        obs, reward, terminated, _, infos = envs.step(torch.argmax(q, dim=1).numpy())
        results += reward[terminated].tolist()
        illegal += int(infos["illegal_action"].sum())
    r = np.array(results[:hands])
    return {"hands": len(r), "mean": float(r.mean()),
            "se": float(r.std(ddof=1) / np.sqrt(len(r))), "illegal": illegal}


def main(argv: list[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=60_000,
                        help="decisions collected (both seats together)")
    parser.add_argument("--hands", type=int, default=20_000, help="evaluation hands")
    parser.add_argument("--opponents", default="random,call,strength",
                        help="the built-in policies the agent is evaluated against")
    parser.add_argument("--lr", type=float, default=1e-3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--quick", action="store_true", help="a short run (tests use it)")
    args = parser.parse_args(argv)
    if args.quick:
        args.steps, args.hands = 2_000, 500
    torch.set_num_threads(1)
    # Tianshou summarises each episode's returns, here a vector (every seat's), and
    # warns that it flattens them; the evaluation below reads seat 0's results itself
    logging.getLogger("tianshou.data.stats").setLevel(logging.ERROR)
    torch.manual_seed(args.seed)
    np.random.seed(args.seed)  # Tianshou's random player and its eps-greedy draw from numpy

    env = make_env()
    algorithm, learner = build(env, args.lr)
    untrained, untrained_learner = build(env, args.lr)
    untrained_learner.policy.load_state_dict(learner.policy.state_dict())  # the initial weights

    train_envs = DummyVectorEnv([make_env for _ in range(8)])
    train_envs.seed(list(range(args.seed * 100, args.seed * 100 + 8)))
    buffer = VectorReplayBuffer(max(20_000, args.steps), buffer_num=8)
    # (raise_on_nan_in_buffer: the check copies the whole buffer at every collection,
    # half the training time here; the environment's rewards are never NaN)
    collector = Collector(algorithm, train_envs, buffer, exploration_noise=True,
                          raise_on_nan_in_buffer=False)
    epochs = 5 if not args.quick else 1
    per_epoch = max(1, args.steps // epochs)

    def training_fn(epoch: int, env_step: int) -> None:  # exploration: 0.2 down to 0.05
        learner.policy.set_eps_training(max(0.05, 0.2 - 0.15 * env_step / max(1, args.steps)))

    start, cpu = time.perf_counter(), time.process_time()
    algorithm.run_training(OffPolicyTrainerParams(
        training_collector=collector, test_collector=None, max_epochs=epochs,
        epoch_num_steps=per_epoch, collection_step_num_env_steps=128,
        # 16 gradient steps a collection (Tianshou shows a progress bar from 20 on)
        update_step_num_gradient_steps_per_sample=0.125, batch_size=256,
        training_fn=training_fn, test_in_training=False,
        multi_agent_return_reduction=lambda r: r[:, 0], logger=None,
        verbose=False, show_progress=False))
    seconds, cpu_seconds = time.perf_counter() - start, time.process_time() - cpu
    train_envs.close()

    print(f"trained on {args.steps:,} decisions in {seconds:.0f} s ({cpu_seconds:.0f} s CPU)")
    print("| agent | opponent | hands | big bets per hand | standard error |")
    print("|---|---|--:|--:|--:|")
    results: dict[str, dict[str, float]] = {}
    for opponent in args.opponents.split(","):
        for name, net in (("trained", learner.policy.model),
                          ("untrained", untrained_learner.policy.model)):
            r = results[f"{name} vs {opponent}"] = evaluate(net, opponent, args.hands, 50_000)
            print(f"| {name} | {opponent!r} | {r['hands']:,} | {r['mean']:+.3f} | {r['se']:.3f} |")
    return {"results": results, "seconds": seconds, "cpu_seconds": cpu_seconds,
            "trained": learner.policy.model, "untrained": untrained_learner.policy.model}


if __name__ == "__main__":
    main()
