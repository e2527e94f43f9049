"""``verify`` of a KingsClub file replays each hand its C reader reads in C
(``_SiteText.replay_in_c``, src/studcore/ps_replay.c) and leaves only the
hands it cannot settle to the Python replay: the verdicts must be those of
``verify(..., fast=False)`` (every record replayed in Python), on every
sample and mutated copy and on hands the engine played."""

from __future__ import annotations

import pytest

from ..c_reader import c_replay_verdicts, verdicts
from .kc_gen import generated
from .test_kingsclub_mutations import SITE


@pytest.mark.parametrize("sample", SITE.names())
def test_the_c_replay_gives_the_python_replays_verdicts(sample, tmp_path):
    c_replay_verdicts(SITE, "kingsclub", sample, tmp_path / "kc.txt")


def test_engine_hands_are_settled_in_c(tmp_path):
    path = tmp_path / "generated.txt"
    path.write_text(generated(150, 11) + generated(150, 12, hero=None), encoding="utf-8")
    fast, result = verdicts(path, "kingsclub", True)
    slow, _ = verdicts(path, "kingsclub", False)
    assert fast == slow
    assert result.reproduced == 300 and not result.mismatches and not result.errors
    assert result.slow == 0
