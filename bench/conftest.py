"""Fixtures for the pytest-benchmark suites in bench/.

These suites are run explicitly:

    python -m pytest bench/ --benchmark-only

The project's tests live in tests/ (pyproject: testpaths = ["tests"]), so a
bare `pytest` at the repository root never collects this directory.  As a
second guard, without pytest-benchmark installed the suite is skipped, and
without stud importable every benchmark skips.
"""

from __future__ import annotations

import os
import sys

import pytest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

np = pytest.importorskip("numpy")

from _benchutil import random_masks  # noqa: E402

BATCH_HANDS = int(os.environ.get("STUD_BENCH_BATCH_HANDS", 1_000_000))
SCALAR_HANDS = int(os.environ.get("STUD_BENCH_SCALAR_HANDS", 10_000))
SEED = 20261129


def pytest_collection_modifyitems(config, items):
    """Skip the suite when pytest-benchmark is missing or disabled."""
    if config.pluginmanager.hasplugin("benchmark"):  # pytest-benchmark's entry point
        return
    skip = pytest.mark.skip(reason="pytest-benchmark is not installed")
    for item in items:
        item.add_marker(skip)


@pytest.fixture(scope="session")
def stud():
    return pytest.importorskip("stud")


@pytest.fixture(scope="session")
def batch_masks():
    """BATCH_HANDS random 7-card masks, C-contiguous numpy uint64."""
    return random_masks(BATCH_HANDS, 7, SEED)


@pytest.fixture(scope="session")
def scalar_masks():
    """A fixed list of SCALAR_HANDS random 7-card masks as Python ints."""
    return [int(m) for m in random_masks(SCALAR_HANDS, 7, SEED + 1).tolist()]


@pytest.fixture(scope="session")
def scalar_cardsets(stud, scalar_masks):
    return [stud.CardSet.from_mask(m) for m in scalar_masks]


@pytest.hookimpl(trylast=True)
def pytest_terminal_summary(terminalreporter, exitstatus, config):
    """Print per-hand throughput (extra_info) after pytest-benchmark's tables."""
    session = getattr(config, "_benchmarksession", None)  # pytest-benchmark internals
    benchmarks = getattr(session, "benchmarks", None) or []
    rows = []
    for bench in benchmarks:
        info = getattr(bench, "extra_info", {}) or {}
        if "M_hands_per_s" in info:
            rows.append((bench.group or "", bench.name, info["hands_per_round"],
                         info["M_hands_per_s"], info["ns_per_hand"]))
    if not rows:
        return
    rows.sort()
    tr = terminalreporter
    tr.section("per-hand throughput (best round)")
    w = max(len(r[1]) for r in rows)
    tr.write_line(f"{'group':14s} {'benchmark':{w}s} {'hands/round':>12s} {'M hands/s':>10s} "
                  f"{'ns/hand':>9s}")
    for group, name, hands, mps, ns in rows:
        tr.write_line(f"{group:14s} {name:{w}s} {hands:12,d} {mps:10.3f} {ns:9.2f}")
