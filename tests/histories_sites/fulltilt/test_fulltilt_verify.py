"""``verify`` of a Full Tilt file replays each hand its C reader reads in C
(``_SiteText.replay_in_c``, src/studcore/ps_replay.c) and leaves only the
hands it cannot settle to the Python replay: on hands the engine played,
the verdicts of ``verify(..., fast=False)``, most hands settled in C (the
samples and their mutated copies: tests/histories_sites/test_c_readers.py)."""

from __future__ import annotations

from ..c_reader import verdicts
from . import ftgen


def test_engine_hands_are_settled_in_c(tmp_path):
    path = tmp_path / "generated.txt"
    texts = [text for _, text in ftgen.hands(150, 11)]
    texts += [text for _, text in ftgen.hands(150, 12, tournament=True)]
    path.write_text("\n\n\n".join(texts) + "\n", encoding="utf-8")
    fast, result = verdicts(path, "fulltilt", True)
    slow, _ = verdicts(path, "fulltilt", False)
    assert fast == slow
    assert result.reproduced == 300 and not result.mismatches and not result.errors
    assert result.slow < 30  # (most hands settled in C)
