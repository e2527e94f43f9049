"""Absolute's files state no rake: a hand whose pots held more than was
collected takes the rest as its rake (docs/rules.md 11.3), which the C
replay derives as the Python replay does, so ``verify`` settles the raked
hands in C too (the checks every C reader passes:
tests/histories_sites/test_c_readers.py)."""

from __future__ import annotations

from stud.histories import read

from ..c_reader import verdicts
from .abs_gen import generated


def test_raked_hands_are_settled_in_c(tmp_path):
    path = tmp_path / "generated.txt"
    path.write_text(generated(150, 11) + generated(150, 12, hero=None), encoding="utf-8")
    _, result = verdicts(path, "absolute", True)
    raked = sum(1 for record in read(path) if record.replay().rake)
    assert 0 < raked < 300 and result.reproduced == 300 and result.slow == 0
