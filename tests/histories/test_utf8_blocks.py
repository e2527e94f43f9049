"""A UTF-8 file read by path reaches the readers in C as its own bytes
(io._utf8_blocks), not decoded and encoded again: the same records,
errors and lines as the same file read as text, wherever a block ends,
whatever bytes that are not UTF-8 it holds.

``stud._core._utf8_prefix`` decides how much of a block is UTF-8; Python's
own strict "utf-8" codec is its oracle here, on every sequence of one and
two bytes, every three-byte one whose last byte is one of the edges, and
random bytes."""

from __future__ import annotations

import codecs
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from stud import histories
from stud._core import _utf8_prefix
from stud.histories import io as histories_io
from stud.histories.encoding import open_text
from stud.histories.errors import HistoryError

SITES = Path(__file__).resolve().parent.parent / "histories_sites"
PHH = Path(__file__).resolve().parent / "samples" / "phh"


def oracle(data: bytes) -> int:
    """What _utf8_prefix must say, by Python's decoder."""
    try:
        data.decode("utf-8")
    except UnicodeDecodeError as error:
        cut = error.reason == "unexpected end of data" and error.end == len(data)
        return error.start if cut else -1
    return len(data)


# the bytes a sequence's later bytes are tested with: each edge of the ranges
EDGES = bytes([0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xF4, 0xFF])


def test_every_short_sequence_as_python_decodes_it():
    for first in range(256):
        for second in range(256):
            pair = bytes([first, second])
            assert _utf8_prefix(pair) == oracle(pair), pair
            # after a long ASCII run (the 16- and 8-byte paths), and cut short
            long = b"a" * 21 + pair
            assert _utf8_prefix(long) == oracle(long), long
        one = bytes([first])
        assert _utf8_prefix(one) == oracle(one), one
        for second in range(256):
            for third in EDGES:
                triple = bytes([first, second, third])
                assert _utf8_prefix(triple) == oracle(triple), triple


def test_four_byte_sequences_at_their_edges():
    for first in range(0xF0, 0xF8):
        for second in EDGES:
            for third in EDGES:
                for fourth in EDGES:
                    data = b"x" * 17 + bytes([first, second, third, fourth]) + "é€".encode()
                    assert _utf8_prefix(data) == oracle(data), data


@settings(max_examples=3000, deadline=None)
@given(st.binary(max_size=80), st.text(max_size=20))
def test_random_bytes_as_python_decodes_them(noise, text):
    for data in (noise, text.encode("utf-8", "surrogatepass") + noise, noise + text.encode()):
        assert _utf8_prefix(data) == oracle(data)


def outcome(source: object) -> list[object]:
    """The records of a reading and its errors (message, file, hand, line)."""
    out: list[object] = []

    def keep(error: HistoryError) -> None:
        out.append(("error", str(error), error.file, error.hand, error.line))

    for record in histories.read(source, on_error=keep):
        out.append(record)
    return out


def as_text(path: Path) -> list[object]:
    """The file read as text: open_text's handle given to read(), whose
    blocks stay str."""
    with open_text(path) as handle:
        return outcome(handle)


def sample_files() -> list[Path]:
    names = ["ipoker/samples/gen_stud_euro.xml", "ipoker/samples/features.xml",
             "merge/samples/gen_stud.xml", "merge/samples/features.xml",
             "fulltilt/samples/features.txt", "winamax/samples/cash_eur.txt",
             "everleaf/samples/generated_eur.txt"]
    return [SITES / name for name in names if (SITES / name).is_file()]


def variants(data: bytes) -> list[tuple[str, bytes]]:
    """The file, and copies with bytes that are not UTF-8 in it: a name
    in Windows-1252 past the part encodings are detected from, a cut
    character at the end, a byte order mark."""
    far = data + b"\n" * 70_000
    spot = data.rfind(b'name="') + len(b'name="')  # (in a player's name)
    if spot < len(b'name="'):
        spot = data.index(b": ", data.rfind(b"Seat ")) + 2
    late = far + data[:spot] + "Zoë".encode("cp1252") + data[spot:]
    return [("as written", data), ("a byte order mark", codecs.BOM_UTF8 + data),
            ("Windows-1252 bytes late", late),
            ("a character cut at the end", data + "€".encode()[:2]),
            ("a surrogate encoded", far + b"\xed\xa0\x80" + data)]


@pytest.mark.parametrize("sample", sample_files(), ids=lambda p: f"{p.parent.parent.name}-{p.name}")
@pytest.mark.parametrize("chunk", [1 << 20, 4097, 7])
def test_bytes_give_what_text_gives(tmp_path, monkeypatch, sample, chunk):
    monkeypatch.setattr(histories_io, "CHUNK", chunk)
    blocks = histories_io._utf8_blocks
    calls = []

    def counted(*args):  # (the path is read as bytes: not a silent fall-back to text)
        calls.append(args)
        return blocks(*args)

    monkeypatch.setattr(histories_io, "_utf8_blocks", counted)
    for kind, data in variants(sample.read_bytes()):
        path = tmp_path / "hands.txt"
        path.write_bytes(data)
        before = len(calls)
        read = outcome(path)
        assert len(calls) == before + 1, kind
        assert read == as_text(path), kind
        assert len(calls) == before + 1, kind
        assert any(not isinstance(item, tuple) for item in read), kind


def test_a_phh_file_with_names_beyond_ascii(tmp_path, monkeypatch):
    monkeypatch.setattr(histories_io, "CHUNK", 5)
    text = (PHH / "unknown_up_cards.phhs").read_text(encoding="utf-8")
    assert 'players = ["' in text
    path = tmp_path / "hands.phhs"
    path.write_bytes(text.replace('players = ["', 'players = ["Zoë €', 1).encode())
    read = outcome(path)
    assert read == as_text(path)
    assert any(name.startswith("Zoë €") for item in read if not isinstance(item, tuple)
               for name in item.players or ())
