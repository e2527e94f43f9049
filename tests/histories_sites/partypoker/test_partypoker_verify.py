"""``verify`` of a PartyPoker file replays each hand its C reader reads in C
(``_SiteText.replay_in_c``, src/studcore/ps_replay.c) and leaves only the
hands it cannot settle to the Python replay: the verdicts must be those of
``verify(..., fast=False)`` (every record replayed in Python), on every
sample and mutated copy and on hands the engine played."""

from __future__ import annotations

import pytest

from ..c_reader import c_replay_verdicts, verdicts
from .partywrite import random_hands
from .test_partypoker_mutations import SITE


@pytest.mark.parametrize("sample", SITE.names())
def test_the_c_replay_gives_the_python_replays_verdicts(sample, tmp_path):
    c_replay_verdicts(SITE, "partypoker", sample, tmp_path / "party.txt")


def test_engine_hands_are_settled_in_c(tmp_path):
    path = tmp_path / "generated.txt"
    texts = list(random_hands(100, 11)) + list(random_hands(100, 12, currency="EUR"))
    texts += list(random_hands(100, 13, currency=None))
    path.write_text("".join(texts), encoding="utf-8")
    fast, result = verdicts(path, "partypoker", True)
    slow, _ = verdicts(path, "partypoker", False)
    assert fast == slow
    assert result.reproduced == 300 and not result.mismatches and not result.errors
    print("slow", result.slow)
    assert result.slow < 30  # (most hands settled in C)
