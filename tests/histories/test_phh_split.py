"""The PHH splitter over blocks of bytes (src/studcore/phh_split.c): the
hands, their first lines, names and numbers, and the errors' lines are the
same whatever the size of the blocks the text comes in (a hand, a line, a
"\\r\\n" or a UTF-8 character cut by a block's end), and the same as the
line-by-line reading of an iterable of lines."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest
from stud._core import _PhhSplit
from stud.histories import HistoryError, read, verify
from stud.histories.phh import MAX_HAND_CHARS, read_phh_lines

from .test_bad_input_histories import GOOD_PHH_HAND, phhs

SPICY = phhs(GOOD_PHH_HAND, GOOD_PHH_HAND.replace('"FR"', '"FR" # é [2] "', 1),
             GOOD_PHH_HAND + '_note = """\n[3]\nnot a header: inside a string\n"""\n',
             GOOD_PHH_HAND + "[4._clock]\nx = 1\n") + "[5]\n" + GOOD_PHH_HAND


def pieces(text: str, size: int) -> list[str]:
    return [text[i:i + size] for i in range(0, len(text), size)]


def items(split: _PhhSplit) -> list[tuple[object, ...]]:
    """The items, each hand's item with its text (read before the next)."""
    from stud._core import _PhhDoc

    out: list[tuple[object, ...]] = []
    doc = _PhhDoc()
    for item in split:
        if item[0] == "hand":
            doc.read_split(split)
            out.append((*item, doc.error if doc.status else doc.field(0)))
        else:
            out.append(item)
    return out


@pytest.mark.parametrize("text", [
    SPICY,
    "\ufeff# a comment first\n\n" + SPICY,
    SPICY.replace("\n", "\r\n"),
    SPICY.replace("\n", "\r"),
    GOOD_PHH_HAND,
    "\n\n   \n",
    "",
    phhs(GOOD_PHH_HAND, GOOD_PHH_HAND.replace("bring_in = 2", "bring_in = 2\nbring_in = 3")),
])
def test_blocks_of_any_size_split_alike(text):
    whole = items(_PhhSplit([text], True, False, 1 << 20, MAX_HAND_CHARS))
    for size in (1, 2, 3, 7, 64):
        assert items(_PhhSplit(pieces(text, size), True, False, 1 << 20, MAX_HAND_CHARS)) == whole
        data = text.encode()  # (a UTF-8 character cut too)
        assert items(_PhhSplit([data[i:i + size] for i in range(0, len(data), size)], False,
                               False, 0, MAX_HAND_CHARS)) == whole
    lines = io.StringIO(text, newline="").readlines()
    assert items(_PhhSplit(lines, False, True, 0, MAX_HAND_CHARS)) == whole


def test_the_hands_are_phh_sections():
    found = [item[:4] for item in items(_PhhSplit([SPICY], True, False, 1 << 20,
                                                  MAX_HAND_CHARS))]
    starts = {}  # (the first of each: a later "[3]" is inside a string)
    for number, line in enumerate(SPICY.splitlines(), 1):
        if line in ("[1]", "[2]", "[3]", "[4]", "[5]"):
            starts.setdefault(line, number)
    assert found == [("hand", start, str(k), k) for k, start in enumerate(starts.values(), 1)]


def test_file_lines_drop_nul_bytes_and_doubled_carriage_returns():
    text = GOOD_PHH_HAND.replace("\n", "\r\r\n").replace("antes", "an\0tes")
    [record] = read(text)
    assert record == next(read(GOOD_PHH_HAND))
    assert items(_PhhSplit(pieces(text, 5), True, False, 1 << 20, MAX_HAND_CHARS)) == items(
        _PhhSplit([GOOD_PHH_HAND], True, False, 1 << 20, MAX_HAND_CHARS))


@pytest.mark.parametrize("size", [1, 5, 1000])
def test_a_line_too_long_is_the_end_on_its_line(size):
    wide = GOOD_PHH_HAND + "_x = '" + "é" * 90 + "'\n"  # (98 characters: not too long)
    text = phhs(wide, GOOD_PHH_HAND) + "é" * 100 + "\n" + GOOD_PHH_HAND
    got = items(_PhhSplit(pieces(text, size), True, False, 100, MAX_HAND_CHARS))
    line = text.splitlines().index("é" * 100) + 1
    # ([2] has not ended when the long line comes: it is not given)
    assert [item[0] for item in got] == ["hand", "line"] and got[-1] == ("line", line)


@pytest.mark.parametrize("size", [1, 3, 1000])
def test_a_hand_too_long_is_dropped_up_to_the_next_header(size):
    long = GOOD_PHH_HAND + "_note = '" + "é" * 100 + "'\n"
    text = phhs(GOOD_PHH_HAND, long, GOOD_PHH_HAND, long + "[4.x]\ny = 2\n", GOOD_PHH_HAND)
    got = items(_PhhSplit(pieces(text, size), True, False, 0, 260))
    assert [item[:3] for item in got] == [
        ("hand", 1, "1"), ("long", 10, "2"), ("hand", 20, "3"), ("long", 29, "4"),
        ("hand", 41, "5")]
    assert [item[3] for item in got] == [1, 2, 3, 4, 5]


def test_read_phh_lines_of_a_text_file_and_of_lines_alike(tmp_path):
    path = tmp_path / "hands.phhs"
    path.write_text(SPICY, newline="")
    with open(path, encoding="utf-8") as handle:
        from_file = list(read_phh_lines(handle, str(path)))
    from_lines = list(read_phh_lines(SPICY.splitlines(), str(path)))
    assert from_file == from_lines == list(read(path)) and len(from_file) == 5


def test_verify_of_piped_phh_reads_it_all(tmp_path):
    """The head read to find the format is not lost to the C splitter."""
    hand = GOOD_PHH_HAND.replace("actions", "_pad = '" + "x" * 3000 + "'\nactions")
    data = phhs(*[hand] * 40).encode()
    path = tmp_path / "many.phhs"
    path.write_bytes(data)
    assert verify(path).reproduced == 40
    code = ("import sys\nfrom stud.histories import verify\n"
            "print(verify('/dev/stdin').reproduced)\n")
    done = subprocess.run([sys.executable, "-c", code], input=data, capture_output=True,
                          timeout=120)
    assert done.stdout == b"40\n", done.stderr[-2000:]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes")
def test_read_of_a_phh_fifo_opens_it_once(tmp_path):
    fifo = tmp_path / "hands.fifo"
    os.mkfifo(fifo)
    code = ("import sys, threading\nfrom stud.histories import read\n"
            "def feed():\n    with open(sys.argv[1], 'w') as out:\n"
            "        out.write(sys.argv[2])\n"
            "threading.Thread(target=feed, daemon=True).start()\n"
            "print(len(list(read(sys.argv[1]))))\n")
    done = subprocess.run([sys.executable, "-c", code, str(fifo), phhs(*[GOOD_PHH_HAND] * 3)],
                          capture_output=True, timeout=60)
    assert done.stdout == b"3\n", done.stderr[-2000:]


def test_a_line_too_long_in_a_phh_file_is_raised_after_the_hands_before_it(tmp_path):
    from stud.histories.io import MAX_LINE

    text = phhs(*[GOOD_PHH_HAND] * 8) + "x" * MAX_LINE + "\n"  # (past the lines peeked)
    path = Path(tmp_path / "long.phhs")
    path.write_text(text)
    records = []
    with pytest.raises(HistoryError) as caught:
        for record in read(path, on_error=lambda e: None):
            records.append(record)
    assert len(records) == 7  # ([8] has not ended at the long line: it is not given)
    assert str(caught.value).startswith(f"{path}, line {text.count(chr(10)) }: a line longer")
    with pytest.raises(HistoryError) as again:
        verify(path)
    assert str(again.value) == str(caught.value)
