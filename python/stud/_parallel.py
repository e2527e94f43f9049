"""Spreading work over threads and processes, reproducibly."""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from typing import Any

from ._checks import whole_number

_threads = None  # one pool of threads for the whole process, made on first use


def _forget_threads() -> None:
    """In a forked child the pool's threads do not exist: make a new pool
    on next use instead of queueing work that nothing would ever run."""
    global _threads
    _threads = None


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_forget_threads)


#: the most threads or processes one call may ask for
MAX_WORKERS = 1024


def worker_count(workers: object, name: str = "threads") -> int:
    """A validated worker count: a whole number 1..MAX_WORKERS, or 0 for
    every core."""
    workers = whole_number(workers, name)
    if not 0 <= workers <= MAX_WORKERS:
        raise ValueError(f"{name} must be a whole number from 0 (all cores) to {MAX_WORKERS}, "
                         f"not {workers!r}")
    return workers or (os.cpu_count() or 1)


def map_threads(fn: Callable[..., Any], tasks: Sequence[tuple[Any, ...]], workers: int,
                stop: Any = None) -> list[Any]:
    """``fn(*task)`` for every task, on up to ``workers`` threads of a shared
    pool (the calls release the GIL); the results in task order.

    ``stop``: the job's stop flag (``cancel()``, ``stopped``).  When the wait
    is interrupted (Ctrl-C) or a task fails, the flag is set so every other
    task stops at its next poll, and the first cause is raised once all
    have returned: nothing keeps running behind the caller's back.
    """
    global _threads
    if workers <= 1 or len(tasks) <= 1:
        return [fn(*task) for task in tasks]
    if _threads is None:
        from concurrent.futures import ThreadPoolExecutor  # only when threads are asked for

        _threads = ThreadPoolExecutor(max_workers=os.cpu_count() or 1, thread_name_prefix="stud")
    # at most `workers` at once: each lane runs every workers-th task in turn
    lanes = min(workers, len(tasks))

    def lane(k: int) -> list[Any]:
        out = []
        for task in tasks[k::lanes]:
            if stop is not None and stop.stopped:
                break
            out.append(fn(*task))
        return out

    futures = [_threads.submit(lane, k) for k in range(lanes)]
    try:
        by_lane = [future.result() for future in futures]
    except BaseException:
        if stop is not None:
            stop.cancel()
        from concurrent.futures import wait

        wait(futures)
        raise
    return [by_lane[k % lanes][k // lanes] for k in range(len(tasks))]


def chunk_seed(seed: int, index: int) -> int:
    """A 64-bit seed for chunk ``index`` of a job seeded with ``seed`` (a
    splitmix64-style mix), so a job cut into fixed chunks gives the same
    results however the chunks are spread over threads or processes."""
    z = (seed * 0x9E3779B97F4A7C15 + (index + 1) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
    z = ((z ^ (z >> 30)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
    return z ^ (z >> 31)
