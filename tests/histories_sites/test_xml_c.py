"""What both XML sites read in C (iPoker, Merge: ``_SiteXml``) do alike: a
file read by its path is read and verified in C, and a line too long ends
the reading where the Python stream ends it."""

from __future__ import annotations

import io
from typing import Any

import pytest
from stud.histories import HistoryError, read, verify
from stud.histories.io import MAX_LINE, _FileLines
from stud.histories.sites.ipoker import PROFILE as IPOKER_PROFILE
from stud.histories.sites.ipoker import IPokerReader
from stud.histories.sites.merge import PROFILE as MERGE_PROFILE
from stud.histories.sites.merge import MergeReader

from .c_reader import xml_games as games
from .ipoker.test_ipoker_c import EURO
from .merge.test_merge_c import STUD

SITES = {"ipoker": (EURO, IPokerReader, IPOKER_PROFILE),
         "merge": (STUD, MergeReader, MERGE_PROFILE)}




@pytest.mark.parametrize("site", sorted(SITES))
def test_a_file_read_by_path_is_read_in_c_and_verified_in_c(tmp_path, site):
    text, reader, profile = SITES[site]
    path = tmp_path / "hands.xml"
    path.write_text(text, encoding="utf-8")
    reading = read(path)
    records = list(reading)
    assert records and reading._reader._reading.__class__.__name__ == "_SiteXml"
    plain = reader(file=str(path), profile=profile)
    with open(path, encoding="utf-8", newline="") as handle:
        assert records == list(plain._python_read(_FileLines(handle, str(path))))
    result = verify(path)
    assert result.reproduced == len(records) and result.slow == 0


@pytest.mark.parametrize("site", sorted(SITES))
def test_a_long_line_ends_the_reading_where_python_ends_it(site):
    text, _, _ = SITES[site]
    lines = text.splitlines(keepends=True)
    lines[games(text)[3]] = "<!-- " + "x" * MAX_LINE + " -->\n"
    got: list[Any] = []
    with pytest.raises(HistoryError, match="a line longer"):
        got.extend(read(io.StringIO("".join(lines)), format=site, on_error=got.append))
    assert len([r for r in got if not isinstance(r, HistoryError)]) == 3
