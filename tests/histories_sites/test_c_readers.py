"""What every site reader in C must do (src/studcore/site_<format>.c; iPoker's
and Merge's XML: site_ipoker.c and site_merge.c, on xml_scan.c), checked
on each of them with its samples and their seeded mutated copies
(c_reader.py's ``Mutations``; each site's ``golden.py`` names its samples,
the text its mutations insert, and holds the outputs its former Python
reader gave):

- give those outputs, record for record and error for error;
- give them for lines a caller passes without their ends;
- give the same from a file read by path, split into lines in C a block
  at a time, as from its lines read one at a time, whatever the line ends;
- give ``verify`` the verdicts of the Python replay while replaying in C,
  and settle in C most of the hands the engine played, written as the site
  writes them;
- give the hands before a source that fails midway, then its error.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest
from stud.histories import HistoryError, read

from .absolute.abs_gen import generated
from .absolute.golden import SITE as ABSOLUTE
from .bovada import bvgen
from .bovada.golden import SITE as BOVADA
from .c_reader import (
    Mutations,
    blocks_give_what_lines_give,
    c_replay_verdicts,
    sample_lines,
    verdicts,
)
from .everleaf import elgen
from .everleaf.golden import SITE as EVERLEAF
from .fulltilt import ftgen
from .fulltilt.golden import SITE as FULLTILT
from .ipoker import gen_ipoker
from .ipoker.golden import SITE as IPOKER
from .kingsclub.golden import SITE as KINGSCLUB
from .kingsclub.kc_gen import generated as kc_generated
from .merge import gen_merge
from .merge.golden import SITE as MERGE
from .ongame import ongamewrite
from .ongame.golden import SITE as ONGAME
from .partypoker import partywrite
from .partypoker.golden import SITE as PARTYPOKER
from .winamax.golden import SITE as WINAMAX
from .winamax.winamaxwrite import random_hands
from .wpn import wpn_gen
from .wpn.golden import SITE as WPN

#: the formats read in C, by name
SITES: dict[str, Mutations] = {"fulltilt": FULLTILT, "bovada": BOVADA, "everleaf": EVERLEAF,
                               "winamax": WINAMAX, "ongame": ONGAME, "partypoker": PARTYPOKER,
                               "absolute": ABSOLUTE, "kingsclub": KINGSCLUB, "wpn": WPN,
                               "ipoker": IPOKER, "merge": MERGE}
SAMPLES = [(name, sample) for name, site in SITES.items() for sample in site.names()]


def _texts(hands: Iterator[tuple[Any, str]]) -> list[str]:
    return [text for _, text in hands]


#: 300 hands the engine played, seeded, in each format (cash and chips)
ENGINE_HANDS: dict[str, Callable[[], str]] = {
    "fulltilt": lambda: "\n\n\n".join(_texts(ftgen.hands(150, 11)) + _texts(
        ftgen.hands(150, 12, tournament=True))) + "\n",
    "bovada": lambda: "\n\n\n".join(_texts(bvgen.hands(150, 11)) + _texts(
        bvgen.hands(150, 12, tournament=True))) + "\n",
    "everleaf": lambda: "\n\n\n".join(_texts(elgen.hands(150, 11)) + _texts(
        elgen.hands(150, 12, currency=None))) + "\n",
    "winamax": lambda: "".join([*random_hands(100, 11), *random_hands(100, 12, euros=False),
                                *random_hands(100, 13, french=True)]),
    "ongame": lambda: "".join([*ongamewrite.random_hands(100, 11),
                               *ongamewrite.random_hands(100, 12, sign="€"),
                               *ongamewrite.random_hands(100, 13, sign=None)]),
    "partypoker": lambda: "".join([*partywrite.random_hands(100, 11),
                                   *partywrite.random_hands(100, 12, currency="EUR"),
                                   *partywrite.random_hands(100, 13, currency=None)]),
    "absolute": lambda: generated(150, 11) + generated(150, 12, hero=None),
    "kingsclub": lambda: kc_generated(150, 11) + kc_generated(150, 12, hero=None),
    "wpn": lambda: "".join([wpn_gen.generated(75, 11, old=False),
                            wpn_gen.generated(75, 12, old=True),
                            wpn_gen.generated(75, 13, old=False, hero=None),
                            wpn_gen.generated(75, 14, old=True, hero=None)]),
    # (two documents, one after the other: a cash session, then a tournament's)
    "ipoker": lambda: gen_ipoker.session_xml("7 Card Stud L $1/$2", gen_ipoker.generated(
        "7 Card Stud L $1/$2", "stud", 100, 200, 20, 50, "$", 150, 11), currency="USD")
    + gen_ipoker.session_xml("Razz L 200/400", gen_ipoker.generated(
        "Razz L 200/400", "razz", 200, 400, 40, 100, "chips", 150, 12, short=True),
        tournament=True),
    # (a cash game, then a tournament's hands after them: chips, short stacks)
    "merge": lambda: gen_merge.generated(
        "stud", '7-Stud" stakes="Limit ($1/$2)', 100, 200, 20, 50, 150, 11)
    + gen_merge.generated("razz", 'Razz Tournament" stakes="Limit Level 4 Blinds (200/400)',
                          200, 400, 40, 100, 150, 12, cents=False, short=True),
}


@pytest.mark.parametrize("name, sample", SAMPLES)
def test_samples_and_mutated_copies_read_as_before(name, sample):
    assert SITES[name].differences(sample) == []


@pytest.mark.parametrize("name", SITES)
def test_every_copy_is_covered(name):
    site = SITES[name]
    assert sorted(site.load()) == sorted(copy for copy, _ in site.copies())


@pytest.mark.parametrize("name, sample", SAMPLES)
def test_lines_a_caller_gives_without_their_ends(name, sample):
    site = SITES[name]
    lines = sample_lines(site.samples / sample)
    assert site.outputs(sample, [line.rstrip("\r\n") for line in lines]) == site.load()[sample]


@pytest.mark.parametrize("name, sample", SAMPLES)
def test_blocks_give_what_lines_give(name, sample):
    blocks_give_what_lines_give(SITES[name], sample)


@pytest.mark.parametrize("name, sample", SAMPLES)
def test_the_c_replay_gives_the_python_replays_verdicts(name, sample, tmp_path):
    c_replay_verdicts(SITES[name], name, sample, tmp_path / "hands.txt")


@pytest.mark.parametrize("name", SITES)
def test_engine_hands_are_settled_in_c(name, tmp_path):
    path = tmp_path / "generated.txt"
    path.write_text(ENGINE_HANDS[name](), encoding="utf-8")
    fast, result = verdicts(path, name, True)
    slow, _ = verdicts(path, name, False)
    assert fast == slow
    assert result.reproduced == 300 and not result.mismatches and not result.errors
    assert result.slow < 30  # (most hands settled in C)


def _records(name: str, lines: Any) -> list[Any]:
    return [item for item in SITES[name].reader("f").read(lines)
            if not isinstance(item, HistoryError)]


def _richest(name: str) -> list[str]:
    """The lines of the site's sample with the most hands that read."""
    site = SITES[name]
    samples = [sample_lines(site.samples / sample) for sample in site.names()]
    return max(samples, key=lambda lines: len(_records(name, lines)))


@pytest.mark.parametrize("name", SITES)
def test_a_file_read_by_path_is_read_in_blocks(name, tmp_path):
    lines = _richest(name)
    path = tmp_path / "hands.txt"
    path.write_text("".join(line.rstrip("\r\n") + "\r\n" for line in lines), encoding="utf-8",
                    newline="")
    reading = read(path, format=name)
    first = next(reading)
    assert reading._reader._reading.__class__.__name__ in ("_SiteText", "_SiteXml")
    by_lines = list(SITES[name].reader(str(path)).read(lines))
    assert [first, *reading] == by_lines and len(by_lines) >= 3


@pytest.mark.parametrize("name", SITES)
def test_a_source_that_fails_midway_gives_the_hands_before_it_first(name):
    lines = _richest(name)
    whole = _records(name, lines)
    assert len(whole) >= 3
    cut = whole[2].source.line + 2  # within the third hand

    def source() -> Iterator[str]:
        yield from lines[:cut]
        raise HistoryError("the source broke", None, None, cut + 1)

    got: list[Any] = []
    with pytest.raises(HistoryError, match="the source broke"):
        for item in SITES[name].reader("f").read(source()):
            got.append(item)
    records = [item for item in got if not isinstance(item, HistoryError)]
    assert [r.hand_id for r in records] == [r.hand_id for r in whole[:len(records)]]
    assert len(records) >= 2
