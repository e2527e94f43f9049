"""PokerStars hands read through the C reader (``src/studcore/ps_read.c``,
``python/stud/_hhrecord.pxi``) give the records, errors and counts of the
Python reader alone (``pokerstars._USE_C = False``): every field of every
record, every message, on the samples, generated hands and damaged copies
of both, read from text, from lines and from a file's bytes.
"""

import io
import random
import sys
import zlib
from pathlib import Path

import pytest
from stud.histories import read
from stud.histories.pokerstars import (
    read_pokerstars,
    read_pokerstars_file,
    read_pokerstars_lines,
)

from .test_pokerstars_verify import FILES, corrupt, generated_text, write_raw

pokerstars_module = sys.modules["stud.histories.pokerstars"]


def described(item):
    """Everything a record holds (``==`` leaves out the source)."""
    if isinstance(item, Exception):
        return ("error", str(item))
    return (item, item.fields, item.source, item.players, item.seats, item.hand_id, item.table,
            item.collected, item.rake, item.currency)


def everything(reader):
    items = [described(item) for item in reader]
    return items, (reader.hands, reader.errors, reader.skipped, reader.cancelled)


def from_file(path):
    errors = []
    try:
        reading = read(path, format="pokerstars", on_error=errors.append)
        records = [described(record) for record in reading]
    except Exception as error:  # noqa: BLE001 - the same exception both ways
        return ("raised", type(error).__name__, str(error))
    return records, [str(e) for e in errors], reading.skipped, reading.cancelled


def from_file_lines(path):
    try:
        return everything(read_pokerstars_file(str(path)))
    except Exception as error:  # noqa: BLE001 - the same exception both ways
        return ("raised", type(error).__name__, str(error))


def both(monkeypatch, read_it):
    """What ``read_it()`` gives through C and through the Python reader alone."""
    fast = read_it()
    monkeypatch.setattr(pokerstars_module, "_USE_C", False)
    slow = read_it()
    monkeypatch.setattr(pokerstars_module, "_USE_C", True)
    return fast, slow


@pytest.fixture(scope="module")
def generated():
    return generated_text(60, seed=11)


@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
def test_samples(monkeypatch, path):
    text = path.read_text(encoding="utf-8-sig")
    fast, slow = both(monkeypatch, lambda: everything(read_pokerstars(text, file="f")))
    assert fast == slow and fast[1][0] > 0
    fast, slow = both(monkeypatch, lambda: from_file(path))
    assert fast == slow


def test_generated_hands(monkeypatch, tmp_path, generated):
    fast, slow = both(monkeypatch, lambda: everything(read_pokerstars(generated)))
    assert fast == slow
    assert fast[1] == (60, 0, 0, 0)
    path = tmp_path / "hands.txt"
    path.write_text(generated, encoding="utf-8")
    fast, slow = both(monkeypatch, lambda: from_file(path))
    assert fast == slow


def test_small_batches_and_parts(monkeypatch, tmp_path, generated):
    # hands cut across batches of lines and parts of a file: the line numbers carried over
    text = "junk before the first hand\n" + generated + "a line after the last hand\n"
    whole = everything(read_pokerstars(text))
    monkeypatch.setattr(pokerstars_module, "_BATCH_LINES", 7)
    assert everything(read_pokerstars_lines(io.StringIO(text, newline=""))) == whole
    path = tmp_path / "hands.txt"
    path.write_text(text, encoding="utf-8")
    before = from_file(path)
    monkeypatch.setattr(pokerstars_module, "_CHUNK", 1000)
    assert from_file(path) == before
    assert [d[0] for d in before[0]] == [d[0] for d in whole[0][1:-1]]  # (records, sources aside)
    assert len(before[0]) == 60 and len(before[1]) == 2


@pytest.mark.parametrize("kind", ["crlf", "cr", "doubled", "bom", "stray", "nul"])
def test_file_bytes(monkeypatch, tmp_path, generated, kind):
    # a file's bytes as read() and read_pokerstars_file() decode them, both ways
    raw = generated.encode("utf-8")
    raw = {"crlf": raw.replace(b"\n", b"\r\n"), "cr": raw.replace(b"\n", b"\r"),
           "doubled": raw.replace(b"\n", b"\r\r\n", 40), "bom": b"\xef\xbb\xbf" + raw,
           "stray": raw.replace(b"Quinn", b"Qu\xe9nn\x92", 7),
           "nul": raw.replace(b"sea.otter", b"sea\x00otter", 5)}[kind]
    path = tmp_path / "hands.txt"
    path.write_bytes(raw)
    fast, slow = both(monkeypatch, lambda: from_file(path))
    assert fast == slow
    fast, slow = both(monkeypatch, lambda: from_file_lines(path))
    assert fast == slow and fast[1][0] >= 50


def test_lines_without_their_ends(monkeypatch, generated):
    # lines given without line ends cannot be joined: the Python reader reads them
    lines = generated.split("\n")
    fast, slow = both(monkeypatch, lambda: everything(read_pokerstars_lines(lines)))
    assert fast == slow and fast[1][0] == 60


@pytest.mark.parametrize("ending, read_before", [("\n\n\n", 60), ("", 59)])
def test_an_error_of_the_lines_comes_after_the_hands_before_it(monkeypatch, generated, ending,
                                                                 read_before):
    # the last hand is read when a blank line after its summary ends it
    text = generated.rstrip("\n") + ending

    def lines():
        yield from io.StringIO(text, newline="")
        raise OSError("the disk is gone")

    def reading():
        seen = []
        with pytest.raises(OSError, match="the disk is gone"):
            for record in read_pokerstars_lines(lines()):
                seen.append(described(record))
        return seen

    fast, slow = both(monkeypatch, reading)
    assert fast == slow and len(fast) == read_before


def check_mutants(monkeypatch, tmp_path, text, seed, count):
    rng = random.Random(seed)
    for number in range(count):
        damaged = text
        for _ in range(rng.randrange(1, 4)):
            damaged = corrupt(damaged, rng)
        path = tmp_path / f"damaged_{seed}_{number}.txt"
        write_raw(path, damaged)
        fast, slow = both(monkeypatch, lambda path=path: from_file(path))
        assert fast == slow, f"mutant {number} of seed {seed}:\n{damaged}"
        fast, slow = both(monkeypatch, lambda path=path: from_file_lines(path))
        assert fast == slow, f"mutant {number} of seed {seed} (read_pokerstars_file):\n{damaged}"
        if "\udcff" not in damaged:
            fast, slow = both(monkeypatch,
                              lambda text=damaged: everything(read_pokerstars(text)))
            assert fast == slow, f"mutant {number} of seed {seed} (text):\n{damaged}"


@pytest.mark.parametrize("seed", range(4))
def test_damaged_generated_hands(monkeypatch, tmp_path, generated, seed):
    hands = generated.split("\n\n\n")
    rng = random.Random(seed)
    start = rng.randrange(len(hands) - 6)
    check_mutants(monkeypatch, tmp_path, "\n\n\n".join(hands[start:start + 6]), seed, 60)


@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
def test_damaged_samples(monkeypatch, tmp_path, path):
    text = path.read_bytes().decode("utf-8-sig")
    check_mutants(monkeypatch, tmp_path, text, zlib.crc32(path.name.encode()) % 1000 + 7, 40)


# ---- the fuzz corpora, and mutated copies of every PokerStars text ------------------

CORPORA = Path(__file__).resolve().parents[2] / "fuzz" / "corpus"


def corpus_texts():
    """The PokerStars texts of the fuzz corpora: atheris_histories' inputs
    after their 2 bytes of mode and format, fuzz_pshistory's after its game
    byte (decoded as read decodes them)."""
    texts = []
    for folder, skip in (("atheris_histories", 2), ("fuzz_pshistory", 1)):
        for path in sorted((CORPORA / folder).iterdir()):
            body = path.read_bytes()[skip:].decode("utf-8", "replace")
            if "PokerStars" in body or "pokerstars" in body.lower():
                texts.append((f"{folder}/{path.name}", body))
    return texts


def mutations(text, rng, count):
    """Copies with lines dropped, duplicated, swapped, or the text cut."""
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
            cut = "\n".join(copy)
            yield cut[:rng.randrange(len(cut) + 1)]
            continue
        yield "\n".join(copy)


def all_texts():
    texts = corpus_texts()
    texts += [(path.name, path.read_bytes().decode("utf-8-sig")) for path in FILES]
    return texts


@pytest.mark.parametrize("name, text", corpus_texts(), ids=[n for n, _ in corpus_texts()])
def test_fuzz_corpora(monkeypatch, tmp_path, name, text):
    fast, slow = both(monkeypatch, lambda: everything(read_pokerstars(text, file="f")))
    assert fast == slow
    path = tmp_path / "hands.txt"
    write_raw(path, text)
    fast, slow = both(monkeypatch, lambda: from_file(path))
    assert fast == slow


@pytest.mark.parametrize("name, text", all_texts(), ids=[n for n, _ in all_texts()])
def test_mutated_lines(monkeypatch, name, text):
    rng = random.Random(zlib.crc32(name.encode()))
    for number, mutant in enumerate(mutations(text, rng, 30)):
        fast, slow = both(monkeypatch, lambda mutant=mutant: everything(
            read_pokerstars(mutant, file="f")))
        assert fast == slow, f"mutant {number} of {name}:\n{mutant}"
