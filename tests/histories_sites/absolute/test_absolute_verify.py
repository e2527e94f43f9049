"""``verify`` of an Absolute file replays each hand its C reader reads in C
(``_SiteText.replay_in_c``, src/studcore/ps_replay.c) and leaves only the
hands it cannot settle to the Python replay: on hands the engine played,
the verdicts of ``verify(..., fast=False)``, most hands settled in C (the
samples and their mutated copies: tests/histories_sites/test_c_readers.py)."""

from __future__ import annotations

from stud.histories import read

from ..c_reader import verdicts
from .abs_gen import generated


def test_engine_hands_are_settled_in_c(tmp_path):
    path = tmp_path / "generated.txt"
    path.write_text(generated(150, 11) + generated(150, 12, hero=None), encoding="utf-8")
    fast, result = verdicts(path, "absolute", True)
    slow, _ = verdicts(path, "absolute", False)
    assert fast == slow
    assert result.reproduced == 300 and not result.mismatches and not result.errors
    # the files state no rake: a hand whose pots held more than was collected
    # takes the rest as its rake (docs/rules.md 11.3), which the C replay
    # derives as the Python replay does: every hand is settled in C, the
    # raked ones too
    raked = sum(1 for record in read(path) if record.replay().rake)
    assert 0 < raked < 300 and result.slow == 0
