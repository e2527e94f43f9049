"""Spreading work over threads and processes, reproducibly."""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from typing import Any

_threads = None  # one pool of threads for the whole process, made on first use


def worker_count(workers: object, name: str = "threads") -> int:
    """A validated worker count: a whole number >= 1, or 0 for every core."""
    if isinstance(workers, bool) or not isinstance(workers, int) or workers < 0:
        raise ValueError(f"{name} must be a whole number >= 0 (0 = all cores), not {workers!r}")
    return workers or (os.cpu_count() or 1)


def map_threads(fn: Callable[..., Any], tasks: Sequence[tuple], workers: int) -> list:
    """``fn(*task)`` for every task, on up to ``workers`` threads of a shared
    pool (the calls release the GIL); the results in task order."""
    global _threads
    if workers <= 1 or len(tasks) <= 1:
        return [fn(*task) for task in tasks]
    if _threads is None:
        from concurrent.futures import ThreadPoolExecutor  # only when threads are asked for

        _threads = ThreadPoolExecutor(max_workers=os.cpu_count() or 1, thread_name_prefix="stud")
    # at most `workers` at once: each lane runs every workers-th task in turn
    lanes = min(workers, len(tasks))
    futures = [_threads.submit(lambda lane: [fn(*task) for task in tasks[lane::lanes]], lane)
               for lane in range(lanes)]
    by_lane = [future.result() for future in futures]
    return [by_lane[k % lanes][k // lanes] for k in range(len(tasks))]


def chunk_seed(seed: int, index: int) -> int:
    """A 64-bit seed for chunk ``index`` of a job seeded with ``seed`` (a
    splitmix64-style mix), so a job cut into fixed chunks gives the same
    results however the chunks are spread over threads or processes."""
    z = (seed * 0x9E3779B97F4A7C15 + (index + 1) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
    z = ((z ^ (z >> 30)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
    return z ^ (z >> 31)
