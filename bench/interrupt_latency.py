"""How long a long C call takes to stop after Ctrl-C (SIGINT).

Each call would run for seconds to minutes; a timer sends SIGINT to the
process after half a second, and the time from the signal to the
KeyboardInterrupt is printed (best and worst of a few rounds, in a fresh
child process each).  Run: ``python bench/interrupt_latency.py``.
"""

from __future__ import annotations

import platform
import subprocess
import sys
import textwrap

CALLS = {
    "play_random, 6 seats, check=True": "stud.play_random(stud.Rules(stud.Variant.SEVEN_CARD_STUD,"
                                        " 10), [100] * 6, 10**9, check=True)",
    "simulate, 6 x strength": "stud.simulate(stud.Rules(stud.Variant.RAZZ, 10), ['strength'] * 6,"
                              " 10**9, seed=1)",
    "exact equity, 1 thread": "stud.equity(stud.Variant.SEVEN_CARD_STUD_HILO, ['As 2d 3c', "
                              "'Kh Kd Qc'], dead='9s 9h 8c 8d 7h 7s', exact=True)",
    "exact equity, 2 threads": "stud.equity(stud.Variant.SEVEN_CARD_STUD_HILO, ['As 2d 3c', "
                               "'Kh Kd Qc'], dead='9s 9h 8c 8d 7h 7s', exact=True, threads=2)",
    "Monte Carlo equity, 2 threads": "stud.equity(stud.Variant.RAZZ, ['As 2d', 'Kh Kd'], "
                                     "exact=False, trials=10**12, seed=1, threads=2)",
    "batch high, 2**25 masks x 20": "[stud.evaluate_high_batch(m) for _ in range(20)]",
}

CHILD = """
import os, signal, threading, time
import numpy as np
import stud
m = np.full(1 << 25, int(stud.CardSet("As Ks Qs Js Ts 2d 3c")), dtype=np.uint64)
fired = []
def fire():
    fired.append(time.perf_counter())
    os.kill(os.getpid(), signal.SIGINT)
threading.Timer(0.5, fire).start()
try:
    {call}
except KeyboardInterrupt:
    print(time.perf_counter() - fired[0])
else:
    print("finished")
"""


def main(rounds: int = 3) -> None:
    print(f"Python {platform.python_version()}, {platform.machine()}, {rounds} rounds each\n")
    print("| call | stopped after SIGINT, best (ms) | worst (ms) |")
    print("|---|--:|--:|")
    for name, call in CALLS.items():
        times = []
        for _ in range(rounds):
            out = subprocess.run([sys.executable, "-c", CHILD.format(call=textwrap.dedent(call))],
                                 capture_output=True, text=True, timeout=600)
            times.append(float(out.stdout.strip()) * 1000)
        print(f"| {name} | {min(times):.1f} | {max(times):.1f} |")


if __name__ == "__main__":
    main()
