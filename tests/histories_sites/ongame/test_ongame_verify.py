"""``verify`` of an OnGame file replays each hand its C reader reads in C
(``_SiteText.replay_in_c``, src/studcore/ps_replay.c) and leaves only the
hands it cannot settle to the Python replay: the verdicts must be those of
``verify(..., fast=False)`` (every record replayed in Python), on every
sample and mutated copy and on hands the engine played."""

from __future__ import annotations

import pytest

from ..c_reader import c_replay_verdicts, verdicts
from .ongamewrite import random_hands
from .test_ongame_mutations import SITE


@pytest.mark.parametrize("sample", SITE.names())
def test_the_c_replay_gives_the_python_replays_verdicts(sample, tmp_path):
    c_replay_verdicts(SITE, "ongame", sample, tmp_path / "og.txt")


def test_engine_hands_are_settled_in_c(tmp_path):
    path = tmp_path / "generated.txt"
    texts = list(random_hands(100, 11)) + list(random_hands(100, 12, sign="€"))
    texts += list(random_hands(100, 13, sign=None))
    path.write_text("".join(texts), encoding="utf-8")
    fast, result = verdicts(path, "ongame", True)
    slow, _ = verdicts(path, "ongame", False)
    assert fast == slow
    assert result.reproduced + result.slow == 300 and not result.mismatches
    assert not result.errors and result.slow < 30  # (most hands settled in C)
