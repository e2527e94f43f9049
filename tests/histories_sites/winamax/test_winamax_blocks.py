"""A Winamax file's lines as its Python reader numbered them (as given, a
\r\r\n one line end), read by path a block at a time (the other checks of
the blocks' road: tests/histories_sites/test_c_readers.py)."""

from __future__ import annotations

from stud.histories import read

from ..c_reader import sample_lines
from .golden import SAMPLES


def test_lines_are_numbered_as_given_and_nuls_of_a_file_dropped(tmp_path):
    # (a \r\n written as \r\r\n is one line end: the line after it is the
    # next one given; a NUL in a file is no character of its line)
    lines = sample_lines(SAMPLES / "features.txt")
    at = next(k for k, line in enumerate(lines) if line.startswith("jean pierre folds"))
    text = "".join(line.rstrip("\r\n") + "\r\r\n" for line in lines[:3]) + "".join(lines[3:])
    text = text.replace("jean pierre folds", "jean pierre fo\0lds")
    path = tmp_path / "wx.txt"
    path.write_text(text, encoding="utf-8", newline="")
    errors: list = []
    assert len(list(read(path, on_error=errors.append))) == 1 and not errors
    broken = text.replace("jean pierre fo\0lds", "jean pierre juggles")
    path.write_text(broken, encoding="utf-8", newline="")
    list(read(path, on_error=errors.append))
    assert [error.line for error in errors] == [at + 1]
