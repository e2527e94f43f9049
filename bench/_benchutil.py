"""Helpers shared by the benchmark scripts and the pytest-benchmark suite.

Not part of the stud package: numpy is required here (it is not a runtime
dependency of stud itself).

Card encoding (see /spec/API.md and src/studcore/cards.h):
  card index i = 4*r + s, r = rank - 2 (0..12), s: c=0 d=1 h=2 s=3
  mask bit     = 16*s + r
The card index is the same numbering phevaluator uses for its card ids,
so peer inputs can be derived from the same index array.
"""

from __future__ import annotations

import os
import platform
import subprocess
import time

import numpy as np

RANKS = "23456789TJQKA"
SUITS = "cdhs"
CARD_STRINGS = [RANKS[i // 4] + SUITS[i % 4] for i in range(52)]

# mask bit of each card index
_BIT_OF_INDEX = np.array([16 * (i % 4) + (i // 4) for i in range(52)], dtype=np.uint64)


def random_hand_indices(n: int, k: int = 7, seed: int = 12345, chunk: int = 200_000) -> np.ndarray:
    """Return an (n, k) uint8 array of card indices, each row k distinct cards.

    Uniform over k-subsets (argpartition of i.i.d. uniforms), seeded, built in
    chunks to keep memory bounded.
    """
    rng = np.random.default_rng(seed)
    out = np.empty((n, k), dtype=np.uint8)
    for start in range(0, n, chunk):
        m = min(chunk, n - start)
        keys = rng.random((m, 52))
        out[start:start + m] = np.argpartition(keys, k, axis=1)[:, :k]
    return out


def indices_to_masks(idx: np.ndarray) -> np.ndarray:
    """(n, k) card indices -> (n,) uint64 masks in stud's layout."""
    bits = np.left_shift(np.uint64(1), _BIT_OF_INDEX[idx])
    return np.bitwise_or.reduce(bits, axis=1)


def random_masks(n: int, k: int = 7, seed: int = 12345) -> np.ndarray:
    """n random k-card masks (C-contiguous uint64)."""
    return np.ascontiguousarray(indices_to_masks(random_hand_indices(n, k, seed)))


def best_of(fn, repeat: int, *args) -> float:
    """Best (smallest) wall time of `repeat` calls of fn(*args), in seconds."""
    best = float("inf")
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn(*args)
        dt = time.perf_counter() - t0
        if dt < best:
            best = dt
    return best


def cpu_model() -> str:
    """The `lscpu` model name (falls back to /proc/cpuinfo, then platform)."""
    try:
        outp = subprocess.run(["lscpu"], capture_output=True, text=True, timeout=5).stdout
        for line in outp.splitlines():
            if line.startswith("Model name:"):
                return line.split(":", 1)[1].strip()
    except (OSError, subprocess.SubprocessError):
        pass
    try:
        with open("/proc/cpuinfo") as fh:
            for line in fh:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def machine_info() -> dict:
    return {
        "cpu_model": cpu_model(),
        "cpu_count": os.cpu_count(),
        "python": platform.python_version(),
        "platform": platform.platform(),
        "numpy": np.__version__,
        # other work on the machine skews timings: report the load at the time
        "loadavg_1_5_15": list(os.getloadavg()) if hasattr(os, "getloadavg") else None,
    }


def package_version(name: str) -> str | None:
    try:
        from importlib.metadata import version
        return version(name)
    except Exception:  # noqa: BLE001 - not installed / no metadata
        return None


def import_stud():
    """Import stud, or return None with a reason if it is not importable."""
    try:
        import stud  # noqa: PLC0415
    except Exception as exc:  # noqa: BLE001
        return None, f"{type(exc).__name__}: {exc}"
    return stud, None
