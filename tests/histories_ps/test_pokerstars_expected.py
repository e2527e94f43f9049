"""PokerStars reading against its expected results (``expected_reads.json``):
the records (every field, as a digest), errors (message and line) and
counts of every sample, the fuzz corpora's PokerStars texts, generated
hands, and damaged copies of them all (lines dropped, repeated, swapped,
the text cut; and ``corrupt``'s damages), read from text, from lines and
from a file's bytes.

The expected results were made by the Python reader that the C reader
replaced (``src/studcore/ps_read.c``), after the two were compared on all of
these: a change of what a hand reads as shows here.  To write the file
again after a change that is meant:
``STUD_WRITE_EXPECTED=1 python -m pytest tests/histories_ps/test_pokerstars_expected.py``.
"""

from __future__ import annotations

import hashlib
import io
import json
import os
import random
import sys
import zlib
from pathlib import Path

import pytest
from stud.histories import HistoryError, read
from stud.histories.pokerstars import (
    read_pokerstars,
    read_pokerstars_file,
    read_pokerstars_lines,
)

from .test_pokerstars_verify import FILES, corrupt, generated_text, write_raw

EXPECTED = Path(__file__).with_name("expected_reads.json")
CORPORA = Path(__file__).resolve().parents[2] / "fuzz" / "corpus"


def described(item):
    """Everything a record holds (``==`` leaves out the source)."""
    if isinstance(item, Exception):
        return ("error", str(item))
    return (item, item.fields, item.source, item.players, item.seats, item.hand_id, item.table,
            item.collected, item.rake, item.currency)


def outcome(items, counts, path=None):
    """What a reading gave: a digest of every item, and the errors' text
    (the file's path named FILE)."""
    described_items = [described(item) for item in items]
    text = repr((described_items, counts))
    errors = [d[1] for d in described_items if d[0] == "error"]
    if path is not None:
        text = text.replace(repr(str(path))[1:-1], "FILE")
        errors = [error.replace(str(path), "FILE") for error in errors]
    digest = hashlib.sha256(text.encode("utf-8", "backslashreplace"))
    return [digest.hexdigest()[:20], errors, list(counts)]


def from_text(text):
    reader = read_pokerstars(text, file="f")
    items = list(reader)
    return outcome(items, (reader.hands, reader.errors, reader.skipped, reader.cancelled))


def from_lines(lines):
    reader = read_pokerstars_lines(lines)
    items = list(reader)
    return outcome(items, (reader.hands, reader.errors, reader.skipped, reader.cancelled))


def from_file(path):
    errors: list[HistoryError] = []
    try:
        reading = read(path, format="pokerstars", on_error=errors.append)
        items = list(reading)
    except Exception as error:  # noqa: BLE001 - what is raised is part of the result
        return ["raised", type(error).__name__, str(error).replace(str(path), "FILE")]
    return outcome(items + errors, (reading.skipped, reading.cancelled), path)


def from_file_lines(path):
    try:
        reader = read_pokerstars_file(str(path))
        items = list(reader)
    except Exception as error:  # noqa: BLE001 - what is raised is part of the result
        return ["raised", type(error).__name__, str(error).replace(str(path), "FILE")]
    return outcome(items, (reader.hands, reader.errors, reader.skipped, reader.cancelled), path)


def corpus_texts():
    """The PokerStars texts of the fuzz corpora: atheris_histories' inputs
    after their 2 bytes of mode and format, fuzz_pshistory's after its game
    byte."""
    texts = []
    for folder, skip in (("atheris_histories", 2), ("fuzz_pshistory", 1)):
        for path in sorted((CORPORA / folder).iterdir()):
            body = path.read_bytes()[skip:].decode("utf-8", "replace")
            if "pokerstars" in body.lower():
                texts.append((f"{folder}/{path.name}", body))
    return texts


def line_mutants(text, rng, count):
    """Copies with a line dropped, repeated or swapped, or the text cut."""
    lines = text.split("\n")
    for _ in range(count):
        copy = list(lines)
        kind = rng.randrange(4)
        k = rng.randrange(len(copy))
        if kind == 0:
            del copy[k]
        elif kind == 1:
            copy.insert(k, copy[k])
        elif kind == 2:
            j = rng.randrange(len(copy))
            copy[k], copy[j] = copy[j], copy[k]
        else:
            whole = "\n".join(copy)
            yield whole[:rng.randrange(len(whole) + 1)]
            continue
        yield "\n".join(copy)


def damaged(text, seed, count):
    rng = random.Random(seed)
    for _ in range(count):
        copy = text
        for _ in range(rng.randrange(1, 4)):
            copy = corrupt(copy, rng)
        yield copy


def raising_lines(text):
    yield from io.StringIO(text, newline="")
    raise OSError("the disk is gone")


def read_until_raised(text):
    reader = read_pokerstars_lines(raising_lines(text))
    items = []
    try:
        for item in reader:
            items.append(item)
    except OSError as error:
        return outcome(items, (str(error),))
    return ["not raised"]


def groups():
    """(group name, its texts): each text is read every way below."""
    samples = [(path.name, path.read_bytes().decode("utf-8-sig")) for path in FILES]
    generated = generated_text(60, seed=11)
    hands = generated.split("\n\n\n")
    windows = []
    for seed in range(4):
        start = random.Random(seed).randrange(len(hands) - 6)
        windows.append((f"generated window {seed}", "\n\n\n".join(hands[start:start + 6])))
    return [("sample", samples), ("corpus", corpus_texts()),
            ("generated", [("generated", generated)] + windows)]


def results(tmp_path):
    """Every case's result, by the case's name."""
    out = {}
    path = tmp_path / "hands.txt"

    def every_way(name, text, lines_too=True):
        if "\udcff" not in text:
            out[f"{name} | text"] = from_text(text)
        write_raw(path, text)
        out[f"{name} | file"] = from_file(path)
        if lines_too:
            out[f"{name} | file lines"] = from_file_lines(path)

    for group, texts in groups():
        for name, text in texts:
            every_way(name, text)
            rng = random.Random(zlib.crc32(name.encode()))
            for number, mutant in enumerate(line_mutants(text, rng, 30)):
                out[f"{name} | line mutant {number} | text"] = from_text(mutant)
            count = 20 if group != "corpus" else 10
            seed = zlib.crc32(name.encode()) % 1000 + 7
            for number, copy in enumerate(damaged(text, seed, count)):
                every_way(f"{name} | damaged {number}", copy)
    generated = generated_text(60, seed=11)
    raw = generated.encode("utf-8")
    for kind, data in (("crlf", raw.replace(b"\n", b"\r\n")), ("cr", raw.replace(b"\n", b"\r")),
                       ("doubled", raw.replace(b"\n", b"\r\r\n", 40)),
                       ("bom", b"\xef\xbb\xbf" + raw),
                       ("stray", raw.replace(b"Quinn", b"Qu\xe9nn\x92", 7)),
                       ("nul", raw.replace(b"sea.otter", b"sea\x00otter", 5))):
        path.write_bytes(data)
        out[f"generated bytes {kind} | file"] = from_file(path)
        out[f"generated bytes {kind} | file lines"] = from_file_lines(path)
    out["generated | lines without their ends"] = from_lines(generated.split("\n"))
    for ending in ("\n\n\n", ""):
        out[f"generated ended {ending!r} | lines then a failure"] = read_until_raised(
            generated.rstrip("\n") + ending)
    return out


@pytest.fixture(scope="module")
def got(tmp_path_factory):
    return results(tmp_path_factory.mktemp("expected"))


def test_every_reading_gives_its_expected_result(got):
    if os.environ.get("STUD_WRITE_EXPECTED"):
        EXPECTED.write_text(json.dumps(got, indent=0, sort_keys=True, ensure_ascii=False) + "\n",
                            encoding="utf-8")
    expected = json.loads(EXPECTED.read_text(encoding="utf-8"))
    assert sorted(got) == sorted(expected)
    wrong = [name for name in expected if got[name] != expected[name]]
    assert not wrong, [(name, got[name], expected[name]) for name in wrong[:5]]


def test_the_cases_read_hands_and_find_errors(got):
    # the cases hold both: records read, and errors of every kind of damage
    messages = {message for result in got.values() if result[0] != "raised"
                for message in result[1]}
    assert sum(result[2][0] for name, result in got.items()
               if name.endswith("| text") and result[0] != "raised") > 1000
    assert len(messages) > 200
    assert any("does not parse" in m for m in messages)
    assert any("is seen twice" in m for m in messages)
    assert any("a second table line" in m for m in messages)


def test_small_batches_and_parts(monkeypatch, tmp_path):
    # hands cut across batches of lines and parts of a file: the line numbers carried over
    module = sys.modules["stud.histories.pokerstars"]
    text = "junk before the first hand\n" + generated_text(60, seed=11) + "a line after\n"
    whole = from_lines(io.StringIO(text, newline=""))
    monkeypatch.setattr(module, "_BATCH_LINES", 7)
    assert from_lines(io.StringIO(text, newline="")) == whole
    path = tmp_path / "hands.txt"
    path.write_text(text, encoding="utf-8")
    before = from_file(path)
    monkeypatch.setattr(module, "_CHUNK", 1000)
    assert from_file(path) == before
    assert whole[2] == [60, 2, 0, 0] and len(before[1]) == 2


@pytest.mark.parametrize("chunk", [700, 1000, 4096])
def test_parts_of_one_buffer(monkeypatch, tmp_path, chunk):
    # the parts are views of one buffer the file is read into: records kept
    # from earlier parts (their steps first asked for after the whole file),
    # a byte order mark, \r\n line ends and parts smaller than a hand read
    # the same as one part
    module = sys.modules["stud.histories.pokerstars"]
    text = generated_text(25, seed=5).replace("\n", "\r\n")
    path = tmp_path / "hands.txt"
    path.write_bytes(b"\xef\xbb\xbf" + text.encode("utf-8"))
    whole = list(read(path, format="pokerstars"))
    monkeypatch.setattr(module, "_CHUNK", chunk)
    kept = list(read(path, format="pokerstars"))
    assert len(kept) == 25
    assert [(r.hand_id, r.steps, r.source.line) for r in kept] == \
        [(r.hand_id, r.steps, r.source.line) for r in whole]
