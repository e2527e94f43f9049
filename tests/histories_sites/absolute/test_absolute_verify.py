"""``verify`` of an Absolute file replays each hand its C reader reads in C
(``_SiteText.replay_in_c``, src/studcore/ps_replay.c) and leaves only the
hands it cannot settle to the Python replay: the verdicts must be those of
``verify(..., fast=False)`` (every record replayed in Python), on every
sample and mutated copy and on hands the engine played."""

from __future__ import annotations

import pytest
from stud.histories import read

from ..c_reader import c_replay_verdicts, verdicts
from .abs_gen import generated
from .test_absolute_mutations import SITE


@pytest.mark.parametrize("sample", SITE.names())
def test_the_c_replay_gives_the_python_replays_verdicts(sample, tmp_path):
    c_replay_verdicts(SITE, "absolute", sample, tmp_path / "abs.txt")


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
