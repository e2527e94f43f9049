"""Scaling out: local processes and Ray, 1 vs 2 workers, the time of one
chunk, Ray's overhead per task, and a projection to N nodes.

    python bench/bench_scale.py [--markdown bench/results/scale.md] [--hands 400000]

What is measured (every run seeded; the results are checked to be equal
across backends and worker counts, bit for bit):
- one chunk of ``stud.simulate`` (10,000 six-handed Seven Card Stud hands,
  built-in random policies) in this process: the unit of work;
- ``stud.simulate`` over ``--hands`` hands and a Razz heads-up equity table
  of ``--classes`` classes, locally with 1 and 2 processes, then on a local
  Ray (2 CPUs) with 1 and 2 tasks at once;
- Ray's cost per task: empty tasks through the same scheduler as the
  chunks (submit, wait, fetch the result on the driver), one at a time
  (latency) and many at once (what the driver sustains);
- an equity-table chunk (64 Razz heads-up matchups, 40,000 trials each).

The projection: a job of K chunks of t seconds on C cores, with a driver
that handles one task every o seconds, takes about max(K t / C, K o) (plus
Ray's start): adding cores helps until C reaches t / o.
"""

from __future__ import annotations

import argparse
import os
import platform
import sys
import time

import stud
from stud import Rules, Variant

sys.path.insert(0, os.path.dirname(__file__))
from _benchutil import cpu_model  # noqa: E402


def _noop(shared, k):
    return k


def timed(fn, repeat=1):
    best, result = None, None
    for _ in range(repeat):
        start = time.perf_counter()
        result = fn()
        elapsed = time.perf_counter() - start
        best = elapsed if best is None else min(best, elapsed)
    return best, result


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=2_000_000, help="hands per simulate run")
    parser.add_argument("--classes", type=int, default=40,
                        help="Razz classes of the equity-table run (every pair of them)")
    parser.add_argument("--tasks", type=int, default=2_000, help="empty Ray tasks to time")
    parser.add_argument("--repeat", type=int, default=3, help="best of this many runs")
    parser.add_argument("--markdown", help="write the results to this file")
    args = parser.parse_args(argv)

    import ray
    import stud._ray as stud_ray
    from stud import equity_tables as et

    rules = Rules(Variant.SEVEN_CARD_STUD, 10)
    policies = ["random"] * 6
    chunk = stud.simulation.CHUNK_HANDS
    per_task = stud.simulation.RAY_CHUNKS_PER_TASK
    chunks = -(-args.hands // chunk)
    rows = []

    def sim(**kw):
        return stud.simulate(rules, policies, args.hands, seed=1, **kw)

    labels = [label for label, _, _ in et.starting_classes("razz")]
    subset = labels[::len(labels) // args.classes][:args.classes]

    def table(**kw):
        return et.equity_table("razz", "heads_up", classes=subset, trials=40_000, seed=1, **kw)

    t_chunk, _ = timed(lambda: stud.simulate(rules, policies, chunk, seed=1), args.repeat)
    reference = table_reference = None
    results, table_results = {}, {}
    for workers in (1, 2):
        elapsed, result = timed(lambda: sim(workers=workers), args.repeat)
        reference = reference or result
        assert result == reference, "local results differ between worker counts"
        results["local", workers] = elapsed
        elapsed, result = timed(lambda: table(workers=workers), args.repeat)
        table_reference = table_reference or result
        assert result.rows == table_reference.rows, "local tables differ between worker counts"
        table_results["local", workers] = elapsed

    # Ray: the same process niceness as the local pool, so the two compare on a busy machine
    os.environ.setdefault("RAY_worker_niceness", "0")
    start = time.perf_counter()
    stud_ray.connect(num_cpus=2)
    t_start = time.perf_counter() - start
    sim(backend="ray", workers=2)  # workers started and warm
    for workers in (1, 2):
        elapsed, result = timed(lambda: sim(backend="ray", workers=workers), args.repeat)
        assert result == reference, "Ray's result differs from the local one"
        results["ray", workers] = elapsed
        elapsed, result = timed(lambda: table(backend="ray", workers=workers), args.repeat)
        assert result.rows == table_reference.rows, "Ray's table differs from the local one"
        table_results["ray", workers] = elapsed

    def empty_tasks(workers):
        done = []
        stud_ray.run_unordered(_noop, None, ((k,) for k in range(args.tasks)), done.append,
                               workers=workers)
        assert sorted(done) == list(range(args.tasks))

    latency, _ = timed(lambda: empty_tasks(1), args.repeat)
    throughput, _ = timed(lambda: empty_tasks(0), args.repeat)
    o_latency = latency / args.tasks
    o_driver = throughput / args.tasks

    labels = [label for label, _, _ in et.starting_classes("razz")]
    job = et._Job(Variant.RAZZ, "heads_up", labels, None, 40_000, 1, et.EXACT_LIMIT)
    pairs = et._rows(Variant.RAZZ, "heads_up", labels)
    some = [(k, pairs[k]) for k in range(0, 64 * 500, 500)]  # spread over the table
    t_table, _ = timed(lambda: et._compute_chunk(job, some), args.repeat)
    ray.shutdown()

    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    local1, table1 = results["local", 1], table_results["local", 1]
    for (backend, workers), elapsed in results.items():
        t_elapsed = table_results[backend, workers]
        rows.append((backend, workers, elapsed, args.hands / elapsed / 1e3, local1 / elapsed,
                     t_elapsed, table1 / t_elapsed))
    n_rows = len(table_reference.rows)

    lines = [f"stud {stud.__version__}, Ray {ray.__version__}, {cpu_model()} "
             f"({os.cpu_count()} CPUs), Python {platform.python_version()}; best of "
             f"{args.repeat}; load average {load:.1f} when done (other jobs share this "
             f"machine).", "",
             f"`stud.simulate`: six-handed Seven Card Stud, built-in random policies, "
             f"{args.hands:,} hands ({chunks} chunks of {chunk:,}). `stud.equity_table`: "
             f"Razz heads-up, every pair of {len(subset)} classes ({n_rows} matchups, "
             f"{-(-n_rows // et.CHUNK_ROWS)} chunks), 40,000 trials each. Every result equal "
             f"across the rows, bit for bit; times include starting the local processes, "
             f"not Ray's start:", "",
             "| backend | workers | simulate, s | thousand hands/s | speed-up | table, s "
             "| speed-up |", "|---|--:|--:|--:|--:|--:|--:|"]
    for backend, workers, elapsed, rate, speedup, t_elapsed, t_speedup in rows:
        lines.append(f"| {backend} | {workers} | {elapsed:.2f} | {rate:.0f} | {speedup:.2f} | "
                     f"{t_elapsed:.2f} | {t_speedup:.2f} |")
    lines += ["", "| quantity | measured |", "|---|--:|",
              f"| one simulate chunk ({chunk:,} hands), this process | {t_chunk * 1e3:.0f} ms |",
              f"| one table chunk (64 Razz matchups, 40,000 trials) | {t_table * 1e3:.0f} ms |",
              f"| starting a local Ray (2 CPUs) | {t_start:.1f} s |",
              f"| Ray task, one at a time (round trip) | {o_latency * 1e3:.2f} ms |",
              f"| Ray task, many at once (driver time per task) | {o_driver * 1e3:.2f} ms |"]
    t_sim_task = per_task * t_chunk
    lines += ["", f"Projection: nodes of 2 cores, a job of 10,000 tasks; time = max(K t / C, K o) "
              f"with t the task's time (simulate: {per_task} chunks, {t_sim_task * 1e3:.0f} ms; "
              f"table: {t_table * 1e3:.0f} ms) and o the driver's time per task, plus Ray's "
              f"start (not counted):", "",
              "| nodes | cores | simulate | speed-up | table | speed-up |",
              "|--:|--:|--:|--:|--:|--:|"]
    k = 10_000
    for nodes in (1, 2, 4, 8, 16, 32, 64, 128, 256):
        cores = 2 * nodes
        sim_time = max(k * t_sim_task / cores, k * o_driver)
        table_time = max(k * t_table / cores, k * o_driver)
        lines.append(f"| {nodes} | {cores} | {sim_time:,.0f} s | {k * t_sim_task / sim_time:.0f} "
                     f"| {table_time:,.0f} s | {k * t_table / table_time:.0f} |")
    lines += ["", f"The driver keeps up with about t / o = {t_sim_task / o_driver:,.0f} cores of "
              f"simulate tasks and {t_table / o_driver:,.0f} of table chunks; past that, more "
              f"chunks to a task (`RAY_CHUNKS_PER_TASK`, `chunk_rows`) move the limit up."]
    autogroup = "/proc/sys/kernel/sched_autogroup_enabled"
    if os.path.exists(autogroup) and open(autogroup).read().strip() == "1" \
            and load > (os.cpu_count() or 1):
        lines += ["", "Note: this machine was busy with other jobs (load above its CPU count) "
                  "and its kernel shares the CPU between sessions, not processes (autogroup): "
                  "the local pool's processes, all in this session, shared one session's part "
                  "of the CPU, while Ray's workers, started by its raylet in sessions of their "
                  "own, each had one. So the local 1-vs-2 ratio understates, and the Ray ratio "
                  "overstates, what 2 free cores give; the chunk and task times are the numbers "
                  "to carry to a dedicated cluster."]
    text = "\n".join(lines) + "\n"
    print(text)
    if args.markdown:
        with open(args.markdown, "w", encoding="utf-8") as f:
            f.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
