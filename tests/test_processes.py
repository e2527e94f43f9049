"""Threads, processes and signals: a buffer changed during a batch, forked
children after threaded calls, Ctrl-C in long C loops, and requests that
could never finish."""

from __future__ import annotations

import multiprocessing
import subprocess
import sys
import textwrap
import threading

import numpy as np
import pytest
import stud
from stud import Variant

# ---- a buffer changed by another thread while a batch runs ---------------------------------


def test_batch_with_a_buffer_changed_meanwhile_stays_on_its_scale():
    rng = np.random.default_rng(5)
    cards = np.argsort(rng.random((200_000, 52)), axis=1)[:, :7]
    bits = (np.uint64(1) << (16 * (cards % 4) + cards // 4).astype(np.uint64))
    good = np.bitwise_or.reduce(bits, axis=1)
    bad = np.full_like(good, np.uint64(0xFFFF_FFFF_FFFF_FFFF))
    masks = good.copy()
    stop = threading.Event()

    def mutate():  # flips a stripe of masks between junk and hands, without pause
        while not stop.is_set():
            masks[1000:150_000] = bad[1000:150_000]
            masks[1000:150_000] = good[1000:150_000]

    writer = threading.Thread(target=mutate)
    writer.start()
    errors = clean = 0
    try:
        for _ in range(150):
            for function, top in ((stud.evaluate_high_batch, stud.HIGH_CLASSES),
                                  (stud.evaluate_razz_batch, stud.RAZZ_CLASSES)):
                try:
                    out = function(masks)
                except ValueError as error:
                    assert "is not a hand" in str(error)
                    errors += 1
                    continue
                clean += 1
                assert 1 <= int(out.min()) and int(out.max()) <= top
            try:
                out = stud.evaluate_low8_batch(masks, threads=2)
                assert int(out.max()) <= stud.LOW8_CLASSES
            except ValueError:
                errors += 1
    finally:
        stop.set()
        writer.join()
    assert errors + clean > 0


# ---- fork safety ----------------------------------------------------------------------------

def _threaded_calls(_: int = 0) -> tuple:
    """Batch and equity calls on two threads (run in a child process)."""
    masks = np.array([int(stud.CardSet("As Ks Qs Js Ts 2d 3c"))] * 300_000, dtype=np.uint64)
    high = int(stud.evaluate_high_batch(masks, threads=2).sum())
    result = stud.equity(Variant.SEVEN_CARD_STUD, ["As Ah Ts Th 8h 8d", "Kc Qc Jc Td 3c 2d"],
                         threads=2)
    mc = stud.equity(Variant.RAZZ, ["As 2d 3c", "Kd Kh 9c"], exact=False, trials=200_000,
                     seed=1, threads=2)
    return high, result.outcomes, round(result.equity[0], 6), mc.equity


@pytest.mark.parametrize("method", ["fork", "forkserver", "spawn"])
def test_children_can_use_threads_after_the_parent_did(method):
    if method not in multiprocessing.get_all_start_methods():
        pytest.skip(f"{method} is not available on this platform")
    expected = _threaded_calls()  # the parent's pool now exists (and has threads)
    with multiprocessing.get_context(method).Pool(2) as pool:
        got = pool.map_async(_threaded_calls, range(2)).get(timeout=300)
    assert got == [expected, expected]
    assert expected[1:3] == (1560, 0.714103)


# ---- Ctrl-C stops long C loops ------------------------------------------------------------------

INTERRUPTIBLE = {
    "play_random": "stud.play_random(stud.Rules(stud.Variant.SEVEN_CARD_STUD, 10), [100] * 6, "
                   "10**9, check=True)",
    "simulate": "stud.simulate(stud.Rules(stud.Variant.RAZZ, 10), ['strength'] * 6, 10**9, "
                "seed=1)",
    # 5.4e9 outcomes: tens of seconds
    "exact equity": "stud.equity(stud.Variant.SEVEN_CARD_STUD_HILO, ['As 2d 3c', 'Kh Kd Qc'], "
                    "dead='9s 9h 8c 8d 7h 7s', exact=True)",
    "exact equity, 2 threads": "stud.equity(stud.Variant.SEVEN_CARD_STUD_HILO, ['As 2d 3c', "
                               "'Kh Kd Qc'], dead='9s 9h 8c 8d 7h 7s', exact=True, threads=2)",
    "monte carlo": "stud.equity(stud.Variant.RAZZ, ['As 2d', 'Kh Kd'], exact=False, "
                   "trials=10**12, seed=1)",
}


@pytest.mark.parametrize("name", list(INTERRUPTIBLE))
def test_ctrl_c_stops_a_long_call(name):
    # Each call would run for minutes; SIGINT arrives after half a second and
    # must surface as KeyboardInterrupt (the child prints how long that took;
    # the figures are measured in bench/, not asserted here).
    # (On Windows os.kill(pid, SIGINT) would terminate the child outright;
    # raise_signal runs Python's SIGINT handler as a console Ctrl-C does.)
    send = ("signal.raise_signal, (signal.SIGINT,)" if sys.platform == "win32"
            else "os.kill, (os.getpid(), signal.SIGINT)")
    script = textwrap.dedent(f"""
        import os, signal, threading, time
        import stud
        # (a parent started in the background may hand down SIGINT ignored,
        # and Python then installs no handler: install the one a terminal's
        # Python has, whose KeyboardInterrupt the C loops must surface)
        signal.signal(signal.SIGINT, signal.default_int_handler)
        threading.Timer(0.5, {send}).start()
        start = time.perf_counter()
        try:
            {INTERRUPTIBLE[name]}
        except KeyboardInterrupt:
            print("interrupted", round(time.perf_counter() - start - 0.5, 3))
        else:
            print("finished")
    """)
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                         timeout=240)
    assert out.returncode == 0, out.stderr
    assert out.stdout.startswith("interrupted"), out.stdout + out.stderr


# ---- what could never finish is refused up front ----------------------------------------------

def test_exact_equity_refuses_what_cannot_finish():
    with pytest.raises(stud.TooManyOutcomes) as info:
        stud.equity(Variant.SEVEN_CARD_STUD, ["As", "Kd", "Qh", "Jc", "Ts", "9d"], exact=True)
    assert info.value.outcomes is None  # beyond 64 bits
    assert "exact=False" in str(info.value) and "more than" in str(info.value)
    with pytest.raises(ValueError, match=r"outcomes are too many.*trials=N"):
        stud.equity(Variant.SEVEN_CARD_STUD_HILO, ["As 2d", "Kh Kd", "Qc Jc", "9s 9h"],
                    exact=True)


def test_cli_names_its_own_flags_and_no_overflowed_count():
    out = subprocess.run([sys.executable, "-m", "stud.cli", "equity", "--exact", "As", "Kd", "Qh",
                          "Jc", "Ts", "9d"], capture_output=True, text=True, timeout=120)
    assert out.returncode == 2
    assert "18,446,744,073,709,551,615" not in out.stderr
    assert "--trials" in out.stderr and "exact=False" not in out.stderr
