"""The C PHH reader (src/studcore/phh_read.c) against tomllib, the
standard library's TOML parser, as an oracle: the same values for what
stud's writer writes and for TOML written by hand, an error wherever
tomllib finds one (on the same line), and messages that quote a value as
Python's repr writes it (phh.py's _what)."""

from __future__ import annotations

import datetime
import random
import re
from decimal import Decimal
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from stud import Hand, Rules, Variant
from stud.histories import Acted, Dealt, HandRecord, Move
from stud.histories import phh_write as W
from stud.histories.phh import HistoryError, _what, read_phh, write_phh

try:
    import tomllib
except ImportError:  # pragma: no cover - Python 3.10: tomllib's original
    import tomli as tomllib

SAMPLES = Path(__file__).parent / "samples" / "phh"
BASE = (SAMPLES / "five_card.phh").read_text()


def toml(text: str) -> dict:
    return tomllib.loads(text, parse_float=Decimal)


def read_one(text: str) -> HandRecord:
    [record] = list(read_phh(text))
    return record


# ---- values written by stud's writer ---------------------------------------------------------

#: characters whose repr the C reader writes as Python does: past Latin-1,
#: Python escapes the characters its Unicode database calls unprintable
#: (unassigned ones too), which the C reader, without that database, writes
#: as they are
chars = st.characters(codec="utf-8").filter(lambda c: ord(c) < 0x100 or c.isprintable())
keys = st.from_regex(r"_[a-z][a-z0-9_]{0,8}", fullmatch=True)
scalars = st.one_of(
    st.text(chars, max_size=12),
    st.integers(min_value=-(10 ** 30), max_value=10 ** 30),
    st.decimals(allow_nan=False, allow_infinity=False, max_value=Decimal(10) ** 20,
                min_value=-Decimal(10) ** 20),
    st.sampled_from([Decimal("inf"), Decimal("-inf"), Decimal("1E+3"), Decimal("-0"),
                     Decimal("0.50")]),
    st.booleans(),
    st.dates(),
    st.times(),
    st.datetimes(timezones=st.just(datetime.timezone.utc)),
)
values = st.recursive(scalars, lambda inner: st.one_of(
    st.lists(inner, max_size=4),
    st.dictionaries(st.text(chars, max_size=6), inner, max_size=3)), max_leaves=10)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(fields=st.dictionaries(keys, values, max_size=5),
       names=st.lists(st.text(max_size=10), min_size=3, max_size=3))
def test_kept_fields_and_names_read_as_tomllib_reads_them(fields, names):
    record = read_one(BASE)
    text = write_phh(HandRecord(record.rules, record.starting_stacks, record.steps,
                                players=tuple(names), hand_id=names[0], table=names[1],
                                fields=tuple(fields.items())))
    oracle = toml(text)
    again = read_one(text)
    assert dict(again.fields) == {k: v for k, v in oracle.items() if k in fields}
    assert list(again.players) == oracle["players"]
    assert again.hand_id == oracle["hand"] if isinstance(oracle["hand"], str) else str(
        oracle["hand"])
    assert again.table == str(oracle["table"])


# ---- TOML written by hand --------------------------------------------------------------------

VALID = [
    'x = "a\\tb\\u00e9\\U0001F600\\\\ \\" end"',
    "x = 'C:\\path\\no escapes'",
    'x = """\nfirst\nsecond"""',
    'x = """one \\\n    two"""',
    "x = '''\nraw \\n ''stays'''",
    'x = """quote "" inside"""',
    'x = """ends with two quotes"""""',
    "x = 1_000",
    "x = 0x1F",
    "x = 0o17",
    "x = 0b101",
    "x = -17",
    "x = +3",
    "x = 1e3",
    "x = -2.5E-3",
    "x = 6.02_2e2_3",
    "x = +inf",
    "x = -nan",
    "x = true",
    "x = 1979-05-27",
    "x = 07:32:00.999",
    "x = 1979-05-27T07:32:00Z",
    "x = 1979-05-27 07:32:00-07:00",
    "x = [ 1, [2, 3], {a = 1}, ]",
    "x = [\n  # a comment\n  1, # another\n  2,\n]",
    "x = {a = 1, 'b c' = [true], \"d\" = {}}",
    "x = []",
    "x = {}",
    '"quoted key" = 1',
    "'literal key' = 2",
    "x = 1 # a comment after a value",
    "x = \"#not a comment\"",
]


@pytest.mark.parametrize("snippet", VALID)
def test_toml_values_read_as_tomllib_reads_them(snippet):
    text = BASE + snippet.replace("x =", "_x =", 1).replace('"quoted key"', '"_q k"').replace(
        "'literal key'", "'_l k'") + "\n"
    oracle = toml(text)
    record = read_one(text)
    expected = {k: v for k, v in oracle.items() if k.startswith("_")}
    got = dict(record.fields)
    if any(isinstance(v, Decimal) and v.is_nan() for v in expected.values()):
        assert all(v.is_nan() for v in got.values())
    else:
        assert got == expected


INVALID = [
    "_x = ",
    "_x = 01",
    "_x = 1__0",
    "_x = 1_",
    "_x = .5",
    "_x = 5.",
    "_x = 0x",
    "_x = \"open",
    "_x = 'open",
    "_x = \"bad \\q escape\"",
    "_x = \"\\uD800\"",
    "_x = [1, 2",
    "_x = [1 2]",
    "_x = {a = 1,}",
    "_x = {a = 1\n}",
    "_x = tru",
    "_x = 1 2",
    "_x = \"a\"\"b\"",
    "_x = \"\"\"never closed",
    "_x = 1\n_x = 2",
    "_x = {a = 1, a = 2}",
    "just words",
    "_x = 1979-13-27",
    "_x = 25:00:00",
    "_x = 21:02.513",
    "_x = 07:32",
    "_x = 'never closed\n_y = 1",
    "_x = 'closed later\n_y = 'here'",
    "_x = \"a backslash \\\nthen a line\"",
    "_x = \"a backslash at the end \\",
    "_x = '''never closed\n_y = 1",
    "_x = \"\"\"never closed\n_y = 1",
]


@pytest.mark.parametrize("snippet", INVALID)
def test_what_tomllib_refuses_is_refused_on_its_line(snippet):
    text = BASE + snippet + "\n"
    with pytest.raises(tomllib.TOMLDecodeError) as oracle:
        toml(text)
    with pytest.raises(HistoryError) as info:
        read_one(text)
    assert info.value.reason.startswith("not valid TOML")
    message = str(oracle.value)
    if "(at line " in message:
        line = int(message.split("(at line ")[1].split(",")[0])
        assert info.value.line == line
    else:  # at the end of the document: its last line (the text ends with a newline)
        assert info.value.line == text.count("\n")


# ---- values quoted in messages as Python writes them -----------------------------------------

@settings(max_examples=300, deadline=None)
@given(value=values.filter(lambda v: not isinstance(v, str)))
def test_a_value_in_a_message_is_written_as_python_writes_it(value):
    text = BASE.replace("variant =", f"currency = {W._toml_value(value)}\nvariant =", 1)
    with pytest.raises(HistoryError) as info:
        read_one(text)
    [oracle] = [v for k, v in toml(text).items() if k == "currency"]
    if isinstance(oracle, (datetime.date, datetime.time)) or _has_date(oracle):
        assert info.value.reason.startswith("currency must be a string, not ")
    else:
        assert info.value.reason == f"currency must be a string, not {_what(oracle)}"


def _has_date(value: object) -> bool:
    if isinstance(value, (datetime.date, datetime.time)):
        return True
    if isinstance(value, list):
        return any(map(_has_date, value))
    if isinstance(value, dict):
        return any(map(_has_date, value.values()))
    return False


@settings(max_examples=300, deadline=None)
@given(name=st.text(chars, min_size=1, max_size=12))
def test_a_string_in_a_message_is_written_as_python_writes_it(name):
    action = "p1 zz" + name
    text = BASE.replace("actions = [", f"actions = [{W._toml_value(action)}, ", 1)
    with pytest.raises(HistoryError) as info:
        read_one(text)
    assert info.value.reason == (f"{action!r} is not an action: pN f, cc, pb, cbr AMOUNT, "
                                 f"sm [CARDS or -]")


# ---- bounds --------------------------------------------------------------------------------

@pytest.mark.parametrize("value, reason", [
    ("1" + "0" * 5000, "more than 4300 digits"),
    ("1e1000000", "too large an amount"),
    ("9" * 4000 + ".5", "too large an amount"),
    ("0." + "0" * 3000 + "1", "amounts are whole chips"),
    ("2147483648", "starting_stacks"),
])
def test_huge_numbers_are_refused_from_their_digits(value, reason):
    text = re.sub(r"starting_stacks = \[[0-9]+", f"starting_stacks = [{value}", BASE)
    with pytest.raises(HistoryError, match=reason):
        read_one(text)


def test_nesting_is_bounded():
    text = BASE + "_deep = " + "[" * 100 + "]" * 100 + "\n"
    with pytest.raises(HistoryError, match="nested"):
        read_one(text)


@pytest.mark.parametrize("n", [3, 40, 700, 6000])
@pytest.mark.parametrize("shape", ["lines", "inline"])
def test_a_key_given_twice_is_found_among_many(n, shape):
    """The key table a hand uses grows with the hand (phh_read.c's
    key_mask_for): among any number of keys, one given twice is found on the
    line tomllib names, and keys of one name in other tables are no repeat."""
    if shape == "lines":
        keys = "".join(f"_k{i} = {i}\n" for i in range(n))
        twice = BASE + keys + f"_k{n // 2} = 0\n"
    else:
        keys = "".join(f"_t{i} = {{a = 1, b = {{a = 2}}}}\n" for i in range(n))
        twice = BASE + keys + "_u = {" + ", ".join(f"x{i} = {i}" for i in range(n)) + ", x0 = 1}\n"
    record, base = read_one(BASE + keys), read_one(BASE)
    assert len(toml(BASE + keys)) == len(toml(BASE)) + n
    assert record.steps == base.steps
    assert len(record.fields) == len(base.fields) + n
    with pytest.raises(tomllib.TOMLDecodeError):
        toml(twice)
    with pytest.raises(HistoryError, match="given twice") as info:
        read_one(twice)
    assert info.value.line == twice.count("\n")


@pytest.mark.parametrize("extra", [
    "variant = 'F7S'",
    "\"antes\" = [1, 1, 1]",
    "'actions' = []",
    "[actions]\nx = 1",
    "[_x]\nvariant = 'F7S'\n[_x]\ny = 1",
    "_t = {variant = 1, antes = 2, variant = 3}",
])
def test_a_field_named_twice_is_refused_as_tomllib_refuses_it(extra):
    """A field's name is checked apart from other keys (phh_read.c's
    claim_top): as a key, a quoted key or a table's name, given twice it is
    the TOML error tomllib finds, on its line."""
    text = BASE + extra + "\n"
    with pytest.raises(tomllib.TOMLDecodeError) as oracle:
        toml(text)
    with pytest.raises(HistoryError, match="not valid TOML") as info:
        read_one(text)
    assert info.value.line == int(str(oracle.value).split("(at line ")[1].split(",")[0])


@pytest.mark.parametrize("extra", [
    "[_x]\nvariant = 'F7S'\nantes = 'no'",
    "_t = {variant = 1, antes = 2}",
    "_u = [{actions = 1}, {actions = 2}]",
])
def test_a_field_name_inside_a_table_is_no_field(extra):
    text = BASE + extra + "\n"
    toml(text)
    assert read_one(text).steps == read_one(BASE).steps


def test_dotted_keys_are_an_error_not_a_guess():
    with pytest.raises(HistoryError, match="dotted keys"):
        read_one(BASE + "_a.b = 1\n")


# ---- the rules of a file's hands, cached per file -------------------------------------------

def test_hands_of_the_same_stakes_keep_their_own_options_and_errors():
    hands = [BASE, BASE + "_rules = {max_raises = 5}\n", BASE + "_rules = {max_raises = 4}\n",
             BASE + "_rules = {max_raises = 5}\n", BASE.replace("small_bet = 10", "small_bet = 'x'")]
    text = "".join(f"[{i}]\n{hand}\n" for i, hand in enumerate(hands, 1))
    assert "small_bet = 'x'" in text
    records = read_phh(text)
    assert [next(records).rules.max_raises for _ in range(4)] == [
        read_one(BASE).rules.max_raises, 5, 4, 5]
    with pytest.raises(HistoryError, match="small_bet must be a number"):
        next(records)


@pytest.mark.parametrize("field", ["hand = 2024-13-01", "_when = 25:61:00", "_x = [2024-02-30]"])
def test_a_date_that_is_none_is_a_toml_error_on_its_line(field):
    text = BASE + "\n\n" + field + "\n"
    with pytest.raises(tomllib.TOMLDecodeError):
        toml(text)
    with pytest.raises(HistoryError) as info:
        read_one(text)
    assert info.value.reason.startswith("not valid TOML")
    assert (info.value.line, info.value.hand) == (BASE.count("\n") + 3, 1)


@settings(max_examples=400, deadline=None)
@given(at=st.integers(0, len(BASE)), junk=st.text(max_size=20), cut=st.integers(0, 5),
       collection=st.booleans())
def test_any_text_is_hands_or_history_errors(at, junk, cut, collection):
    """Whatever is spliced into a hand, reading gives records or
    HistoryError (never another exception, a crash or a hang)."""
    text = BASE[:at] + junk + BASE[at + cut:]
    if collection:
        text = f"[1]\n{text}\n[2]\n{BASE}"
    try:
        for record in read_phh(text):
            assert isinstance(record, HandRecord)
    except HistoryError:
        pass


# ---- whole hands played in the engine ---------------------------------------------------------

@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2 ** 32), variant=st.sampled_from(list(Variant)),
       players=st.integers(2, 8), money=st.booleans())
def test_played_hands_read_as_tomllib_reads_them(seed, variant, players, money):
    rng = random.Random(seed)
    hand = Hand(Rules(variant, 10, ante=1, bring_in=3), [rng.randint(30, 400)
                                                          for _ in range(players)], seed=seed)
    while not hand.is_over:
        if hand.awaiting_showdown:
            hand.show()
            continue
        hand.act(rng.choice(hand.legal_actions()))
    text = write_phh(hand.to_record(currency="USD" if money else None))
    oracle = toml(text)
    record = read_one(text)
    scale = 100 if money else 1

    def chips(value):
        return int(Decimal(value) * scale)

    assert list(record.starting_stacks) == [chips(v) for v in oracle["starting_stacks"]]
    assert [record.rules.ante] * players == [chips(v) for v in oracle["antes"]]
    assert (record.rules.small_bet, record.rules.big_bet, record.rules.bring_in) == (
        chips(oracle["small_bet"]), chips(oracle["big_bet"]), chips(oracle["bring_in"]))
    assert list(record.finishing_stacks) == [chips(v) for v in oracle["finishing_stacks"]]
    assert list(record.collected) == [chips(v) for v in oracle["winnings"]]
    raises = [(int(a.split()[0][1:]) - 1, chips(a.split()[2])) for a in oracle["actions"]
              if " cbr " in a]
    assert [(s.seat, s.to) for s in record.steps
            if isinstance(s, Acted) and s.move is Move.RAISE] == raises
    deals = [a.split()[3] for a in oracle["actions"] if a.startswith("d dh ")]
    assert "".join(deals) == "".join("".join(str(c) for c in s.cards) for s in record.steps
                                     if isinstance(s, Dealt))
    assert write_phh(record) == text
    assert record.replay() is not None
