"""PHH records' seats, hand, table and kept fields (_phh.pxi's _PhhDoc:
_seats, _name and kept, which take them from the C reader's tokens without
a Python value where they can) are what the file says: checked against
tomllib's reading of each hand's own text, on the samples, the fuzz
corpus's PHH seeds, generated hands and hands written here to spell those
values every way TOML allows; the records are the constructor's records of
the same values, and each hand read alone gives the same record or error."""

import importlib.util
import re
import sys
from decimal import Decimal
from pathlib import Path

import pytest
import stud.histories as hh
import tomllib
from stud.histories import HandRecord, HistoryError
from stud.histories.phh import _READ

ROOT = Path(__file__).resolve().parent.parent.parent
SAMPLES = sorted((ROOT / "tests" / "histories" / "samples" / "phh").glob("*.phh*"))
SEEDS = sorted((ROOT / "fuzz" / "corpus" / "fuzz_phh").glob("*"))
HEADER = re.compile(r"^\[([^\]\[.]+)\][ \t]*(?:#.*)?$")

HAND = """variant = "F7S"
{extra_top}antes = [1, 1]
bring_in = 2
small_bet = 5
big_bet = 10
starting_stacks = [100, 100]
actions = ["d dh p1 2c3d4h", "d dh p2 5s6h7c", "p1 pb", "p2 f"]
{extra}"""


def read_all(path):
    """Records and errors of a file, in order."""
    out = []
    out += hh.read(path, format="phh", on_error=out.append)
    return out


def hands_of(text):
    """(first line, text) of each hand of a PHH text: split at its
    [name] headers (with them), or the whole text when it has none."""
    lines = text.split("\n")
    starts = [i for i, line in enumerate(lines) if HEADER.match(line)]
    if not starts:
        return [(1, text, None)]
    return [(a + 1, "\n".join(lines[a:b]), HEADER.match(lines[a]).group(1).strip())
            for a, b in zip(starts, starts[1:] + [len(lines)])]


def expected(table):
    """(seats, hand_id, table, fields) as a record keeps the TOML table's values."""
    seats = tuple(table["seats"]) if "seats" in table else None
    named = [None if key not in table else str(table[key]) for key in ("hand", "table")]
    kept = tuple((key, value) for key, value in table.items()
                 if key not in _READ and not (key == "ante_trimming_status" and value is True))
    return (seats, *named, kept)


def check_file(path):
    """Every record of the file against tomllib's reading of its hand, and
    against the constructor; returns the records checked that way."""
    text = Path(path).read_text(encoding="utf-8", errors="replace")
    hands = hands_of(text)
    checked = 0
    for item in read_all(path):
        if isinstance(item, HistoryError):
            continue
        assert isinstance(item, HandRecord)
        made = HandRecord(**{name: getattr(item, name) for name in HandRecord._fields})
        assert made == item and repr(made) == repr(item) and hash(made) == hash(item)
        line = item.source.line
        first, hand_text, name = max((h for h in hands if h[0] <= line), key=lambda h: h[0],
                                     default=(0, text, None))
        try:
            table = tomllib.loads(hand_text, parse_float=Decimal)
        except tomllib.TOMLDecodeError:
            continue
        if name is not None:  # (the hand's table, under its [name])
            table = table[name.strip('"\'')]
        got = (item.seats, item.hand_id, item.table, item.fields)
        assert got == expected(table), (path, line)
        assert [type(v) for v in got[:3]] == [type(v) for v in expected(table)[:3]]
        checked += 1
    return checked


def test_samples_and_seeds():
    checked = sum(check_file(path) for path in SAMPLES)
    assert checked >= len(SAMPLES)
    for seed in SEEDS:
        check_file(seed)


def test_generated_hands(tmp_path):
    spec = importlib.util.spec_from_file_location("bench_histories",
                                                  ROOT / "bench" / "bench_histories.py")
    sys.path.insert(0, str(ROOT / "bench"))
    try:
        bench = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(bench)
    finally:
        sys.path.remove(str(ROOT / "bench"))
    bench.write_files(300, 7, tmp_path / "x.txt", tmp_path / "x.phhs")
    assert check_file(tmp_path / "x.phhs") == 300


HANDS = ["0", "7", "-3", "-0", "+5", "1_000", "0x1F", "0o17", "0b101", "123456789012345678",
         "1234567890123456789", "99999999999999999999999", '"abc"', '"12"', "'lit'", '""',
         '"é ü"', '"\\u00e9x"', '"007"']
TABLES = ['"T 1"', "12", "-0", "0x10", "1_0", '"é"', '"\\t"', "'x\\y'", "-12", "+0"]
SEATS = ["[1, 2]", "[1_0, 2]", "[+1, 2]", "[-1, -0]", "[0x1, 0o7]", "[0b11, 2]",
         "[300, 2]", "[1,2,]", "[ 1 , 2 ]", "[99999999999999999999, 2]", "[\n1,\n2]",
         "[0, 0]", "[9223372036854775807, -9223372036854775808]", "[123456789012345678, 1]",
         "[1234567890123456789, 1]"]
EXTRAS = ["", "ante_trimming_status = false\n", "ante_trimming_status = true\n",
          "foo = 1\n", '"seats" = [3, 4]\n', "'hand' = 9\n", "_x = [1, 2.5]\n",
          "day = 1979-05-27\n", "x.y = 1\n", 'when = 07:32:00\n', "t = {a = 1, b = [2]}\n",
          '"é" = 1\n', "blinds_or_straddles = [0, 0]\n", "_rake = 0\n"]


def spelled():
    """Hands spelling hand, table and seats every way, with other keys."""
    out = []
    for k, hand in enumerate(HANDS):
        table, seats = TABLES[k % len(TABLES)], SEATS[k % len(SEATS)]
        out.append(f"hand = {hand}\ntable = {table}\nseats = {seats}\n")
    for k, seats in enumerate(SEATS):
        out.append(f"seats = {seats}\ntable = {TABLES[k % len(TABLES)]}\n")
    for k, table in enumerate(TABLES):
        out.append(f"table = {table}\nhand = {HANDS[k]}\n")
    texts = []
    for k, fields in enumerate(out):
        extra = EXTRAS[k % len(EXTRAS)]
        top = EXTRAS[(k * 5 + 3) % len(EXTRAS)] if "=" in EXTRAS[(k * 5 + 3) % len(EXTRAS)] \
            and EXTRAS[(k * 5 + 3) % len(EXTRAS)].split(" =")[0] not in extra else ""
        texts.append(HAND.format(extra_top=top, extra=fields + extra))
    return texts


def test_spelled_values(tmp_path):
    texts = spelled()
    alone = []
    for k, text in enumerate(texts):
        path = tmp_path / f"h{k}.phh"
        path.write_text(text, encoding="utf-8")
        alone.append(read_all(path))
        check_file(path)
    # the same hands one after another: the reader's state kept from hand to hand
    many = tmp_path / "all.phhs"
    many.write_text("".join(f"[{k + 1}]\n{text}\n" for k, text in enumerate(texts)),
                    encoding="utf-8")
    assert check_file(many) >= len(texts) // 2
    together = read_all(many)
    assert len(together) == len(alone)
    for one, other in zip(alone, together):
        (one,) = one
        assert type(one) is type(other)
        if isinstance(one, HandRecord):
            assert (one.seats, one.hand_id, one.table, one.fields, one.steps) == \
                (other.seats, other.hand_id, other.table, other.fields, other.steps)
        else:
            assert str(one).split(": ", 1)[1] == str(other).split(": ", 1)[1]


@pytest.mark.parametrize("value, text", [("0", "0"), ("-0", "0"), ("+5", "5"), ("1_000", "1000"),
                                         ("0x1F", "31"), ("'7'", "7"), ("-12", "-12")])
def test_hand_id_as_str_of_the_value(tmp_path, value, text):
    path = tmp_path / "h.phh"
    path.write_text(HAND.format(extra_top="", extra=f"hand = {value}\ntable = {value}\n"))
    (record,) = read_all(path)
    assert record.hand_id == text and record.table == text
