"""Which bytes the C PokerStars reader takes as they are (``stud_ps_clean``,
read 8, 32 and 64 bytes at a time) against a plain Python statement of the same
rule: UTF-8 of characters the reader's string rules treat as plain, line
ends, and no line longer than the reader keeps; its flags for a \r and for
\r\r\n; and the line ends ``stud_ps_count_lines`` counts (16 bytes at a
time) against Python's count."""

from __future__ import annotations

import re

from hypothesis import example, given, settings
from hypothesis import strategies as st
from stud._core import _PS_CLEAN_CR, _PS_CLEAN_CRCRLF, _ps_clean, _ps_count_lines

MAX_LINE = 2000  # bytes of one line (STUD_PS_MAX_LINE)


def plain(c: int) -> bool:
    if 0x20 <= c <= 0x7E:
        return True
    if 0xA1 <= c <= 0x2FF:
        return c not in (0x130, 0x131, 0x17F)
    return (0x370 <= c <= 0x52F or c == 0x20AC or 0x3040 <= c <= 0x30FF
            or 0x4E00 <= c <= 0x9FFF or 0xAC00 <= c <= 0xD7A3)


def reference(data: bytes) -> bool:
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        return False
    if any(not plain(ord(ch)) for ch in text if ch not in "\r\n"):
        return False
    lines = data.replace(b"\r", b"\n").split(b"\n")
    return all(len(line) <= MAX_LINE for line in lines)


def check(data: bytes) -> None:
    clean = reference(data)
    flags = _ps_clean(data)
    assert bool(flags) == clean
    if clean:  # (the flags: of bytes that are clean)
        assert flags == (1 | (_PS_CLEAN_CR if b"\r" in data else 0)
                         | (_PS_CLEAN_CRCRLF if b"\r\r\n" in data else 0))
    ends = len(re.findall(rb"\r\n|\r|\n", data))
    assert _ps_count_lines(data) == ends


# bytes around every edge of the rule: controls, DEL, the line ends, lead
# and continuation bytes, and printable ASCII
EDGES = [0x00, 0x09, 0x0A, 0x0D, 0x1F, 0x20, 0x41, 0x7E, 0x7F, 0x80, 0xA0, 0xBF,
         0xC2, 0xC3, 0xC4, 0xDF, 0xE0, 0xE2, 0xED, 0xEF, 0xF0, 0xFF]


@settings(max_examples=3000, deadline=None)
@given(st.lists(st.sampled_from(EDGES) | st.integers(0x20, 0x7E), max_size=40).map(bytes))
@example(b"Seat 1: Hero (100 in chips)\n" * 3)
@example(b"\xe2\x82\xac5 \xe3\x81\x82")
@example(b"abcdefg\x7f")
@example(b"abcdefgh\x80")
def test_bytes_near_the_edges(data: bytes) -> None:
    check(data)


@settings(max_examples=1000, deadline=None)
@given(st.text(max_size=60))
def test_any_text(text: str) -> None:
    check(text.encode("utf-8", "surrogatepass"))


@given(st.integers(MAX_LINE - 9, MAX_LINE + 9), st.sampled_from([b"\n", b"\r", b"\r\n"]),
       st.integers(0, 70))
def test_line_lengths(length: int, end: bytes, lead: int) -> None:
    data = b"x" * lead + end + b"y" * length + end + b"z"
    check(data)
    assert bool(_ps_clean(data)) == (length <= MAX_LINE)


@settings(max_examples=1000, deadline=None)
@given(st.lists(st.sampled_from([b"Seat 1: Hero (100 in chips)", b"", b"x" * 31, b"\xc3\xa9",
                                 b"\x01", b"y" * 40]), max_size=30),
       st.lists(st.sampled_from([b"\n", b"\r", b"\r\n", b"\r\r\n"]), min_size=1))
def test_lines_across_the_wide_steps(lines: list[bytes], ends: list[bytes]) -> None:
    # lines and line ends of every kind where the 32- and 8-byte steps meet
    check(b"".join(line + ends[k % len(ends)] for k, line in enumerate(lines)))


@settings(max_examples=500, deadline=None)
@given(st.lists(st.integers(0, 130) | st.integers(MAX_LINE - 70, MAX_LINE + 3), min_size=1,
                max_size=6))
def test_long_lines_after_lines_of_any_length(lengths: list[int]) -> None:
    # the 64-byte step bounds a line's length by where the last block with a
    # line end began: lines near the limit, each after lines of any length
    data = b"\n".join(b"w" * n for n in lengths) + b"\n"
    check(data)
    assert bool(_ps_clean(data)) == (max(lengths) <= MAX_LINE)
