"""A Full Tilt file read opened by ``read`` is split into lines in C, a
block of text at a time (``_SiteText.read_blocks``, src/studcore/text_lines.h);
any other source of lines is read a line at a time.  Both must give the
same items: here every sample and its mutated copies, with their line ends
rewritten every way files write them (\\n, \\r\\n, \\r, \\r\\r\\n, a stray
NUL, a byte order mark), read as lines (``io._lines``, as ``read`` read
them before) and as blocks cut at random sizes down to one character."""

from __future__ import annotations

import io
import random

import pytest
from stud.histories import HistoryError, read
from stud.histories.io import MAX_LINE, _FileLines, _lines
from stud.histories.sites.fulltilt import PROFILE, FullTiltReader

from .test_fulltilt_mutations import SAMPLES, copies, outputs

ENDS = ["\n", "\r\n", "\r", "\r\r\n"]


class Pieces(io.TextIOBase):
    """Text whose ``read`` gives pieces of 1 to ``most`` characters."""

    def __init__(self, text: str, rng: random.Random, most: int) -> None:
        self._text, self._at, self._rng, self._most = text, 0, rng, most

    def readable(self) -> bool:
        return True

    def read(self, size: int | None = -1) -> str:
        take = self._rng.randint(1, self._most)
        if size is not None and size >= 0:
            take = min(take, size)
        piece = self._text[self._at:self._at + take]
        self._at += len(piece)
        return piece


def rewritten(lines: list[str], rng: random.Random) -> str:
    """The lines with each end chosen anew, now and then a NUL or a BOM."""
    out = ["\ufeff"] if rng.random() < 0.2 else []
    for line in lines:
        text = line.rstrip("\r\n")
        if text and rng.random() < 0.05:
            at = rng.randrange(len(text) + 1)
            text = text[:at] + "\0" + text[at:]
        out.append(text + rng.choice(ENDS))
    if rng.random() < 0.3:  # (the last line unended)
        out[-1] = out[-1].rstrip("\r\n")
    return "".join(out)


def as_lines(name: str, text: str) -> dict:
    return outputs(name, _lines(io.StringIO(text, newline=""), name.split("#")[0]))


def as_blocks(name: str, text: str, rng: random.Random, most: int) -> dict:
    return outputs(name, _FileLines(Pieces(text, rng, most), name.split("#")[0]))


@pytest.mark.parametrize("sample", sorted(path.name for path in SAMPLES.iterdir()))
def test_blocks_give_what_lines_give(sample):
    for name, lines in copies():
        if name.split("#")[0] != sample:
            continue
        rng = random.Random(name)
        text = rewritten(lines, rng)
        expected = as_lines(name, text)
        for most in (1, 7, 4096):
            assert as_blocks(name, text, rng, most) == expected, (name, most)


def raised(outputs_of) -> tuple[list, tuple]:
    """The records read before the error the reading raises, and it."""
    records: list = []
    with pytest.raises(HistoryError) as caught:
        for item in outputs_of:
            records.append(item)
    error = caught.value
    return records, (error.line, error.reason)


def test_a_line_too_long_ends_the_text_after_the_hands_before_it(tmp_path):
    lines = (SAMPLES / "features.txt").read_text(encoding="utf-8").splitlines(keepends=True)
    for at in (0, 5, len(lines) - 1, len(lines)):
        text = "".join(lines[:at]) + "x" * MAX_LINE + "y\n" + "".join(lines[at:])
        expected = raised(FullTiltReader(file="long", profile=PROFILE).read(
            _lines(io.StringIO(text, newline=""), "long")))
        assert expected[1] == (at + 1, f"a line longer than {MAX_LINE:,} characters: "
                                       "not a hand history's")
        for most in (1 << 16, 1 << 20):
            assert raised(FullTiltReader(file="long", profile=PROFILE).read(
                _FileLines(Pieces(text, random.Random(at), most), "long"))) == expected
        path = tmp_path / "long.txt"
        path.write_text(text, encoding="utf-8", newline="")
        assert raised(read(path, on_error=lambda error: None)) == expected


def test_a_file_read_by_path_is_read_in_blocks(tmp_path):
    path = tmp_path / "ft.txt"
    text = (SAMPLES / "features.txt").read_text(encoding="utf-8")
    path.write_text(text.replace("\n", "\r\n"), encoding="utf-8", newline="")
    reading = read(path)
    first = next(reading)
    assert reading._reader._reading.__class__.__name__ == "_SiteText"
    lines = text.splitlines(keepends=True)
    by_lines = list(FullTiltReader(file=str(path), profile=PROFILE).read(lines))
    assert [first, *reading] == by_lines and len(by_lines) >= 3
