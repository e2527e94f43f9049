"""The C readers' records make their steps only when asked for (record.py's
HandRecord.steps, _hhrecord.pxi's _HhLazySteps).  Nothing of that may show:
a record read from a file is the record the constructor makes of the same
values, before and after its steps are first asked for, however far the
reader has gone on since (its C buffers are reused hand after hand)."""

import copy
import pickle
from pathlib import Path

import pytest
import stud.histories as hh
from stud.histories import HandRecord

TESTS = Path(__file__).resolve().parent.parent
PS = sorted((TESTS / "histories_ps" / "samples").glob("*.txt"))
PHH = TESTS / "histories" / "samples" / "phh" / "session.phhs"
FULLTILT = sorted((TESTS / "histories_sites" / "fulltilt" / "samples").glob("generated_*.txt"))
IPOKER = sorted((TESTS / "histories_sites" / "ipoker" / "samples").glob("gen_*.xml"))


def lazy(record):
    """Whether the record has not made its steps yet (its own attributes:
    only this test looks)."""
    return "steps" not in vars(record)


def made(record):
    """The record the constructor makes of the record's values."""
    return HandRecord(**{name: getattr(record, name) for name in HandRecord._fields})


def records(path):
    return [r for r in hh.read(path, on_error=lambda error: None) if isinstance(r, HandRecord)]


def the_sources(tmp_path):
    """(format, records read with their steps not asked for), each format's
    records lazy: the PokerStars samples, a PHH collection of hands of
    known stakes (the reader's fast path), Full Tilt (the sites' text reader
    in C) and iPoker (XML)."""
    phh = tmp_path / "many.phhs"
    phh.write_text(PHH.read_text(encoding="utf-8") * 6, encoding="utf-8")
    out = [("pokerstars", [r for path in PS for r in records(path)]),
           ("phh", [r for r in records(phh) if lazy(r)]),
           ("fulltilt", [r for path in FULLTILT for r in records(path)]),
           ("ipoker", [r for path in IPOKER for r in records(path)])]
    for name, read in out:
        assert len(read) >= 10, name
        assert all(lazy(r) for r in read), name  # (else this file tests nothing)
    return out


def test_read_records_are_the_constructors_records(tmp_path):
    for name, read in the_sources(tmp_path):
        for record in read:
            assert lazy(record)
            twin = made(record)  # (asks for the steps)
            assert not lazy(record)
            assert record == twin and twin == record, name
            assert hash(record) == hash(twin)
            assert repr(record) == repr(twin)
            assert record._values() == twin._values()
            assert record.steps == twin.steps and type(record.steps) is tuple


@pytest.mark.parametrize("touch", ["eq", "hash", "repr", "values", "pickle", "copy", "deepcopy",
                                   "replace", "named_cards", "str"])
def test_each_way_in_makes_the_same_steps(tmp_path, touch):
    # two reads of the same files: the first's records made again by the
    # constructor, the second's touched one way only before anything else
    twins = [(name, [made(r) for r in read]) for name, read in the_sources(tmp_path)]
    for (name, expected), (_, read) in zip(twins, the_sources(tmp_path)):
        assert len(read) == len(expected)
        for record, twin in zip(read, expected):
            assert lazy(record)
            if touch == "eq":
                assert record == twin
            elif touch == "hash":
                assert hash(record) == hash(twin)
            elif touch == "repr":
                assert repr(record) == repr(twin)
            elif touch == "values":
                assert record._values() == twin._values()
            elif touch == "pickle":
                loaded = pickle.loads(pickle.dumps(record))
                assert loaded == twin and loaded.steps == twin.steps
            elif touch == "copy":
                assert copy.copy(record) == twin
            elif touch == "deepcopy":
                assert copy.deepcopy(record) == twin
            elif touch == "replace":
                assert record.replace(hand_id="x") == twin.replace(hand_id="x")
            elif touch == "named_cards":
                assert record.named_cards() == twin.named_cards()
            else:
                assert str(record) == str(twin)
                assert lazy(record)  # (str does not need the steps)
                continue
            assert not lazy(record) and record.steps == twin.steps, name


def test_pickling_a_record_whose_steps_were_never_asked_for(tmp_path):
    for name, read in the_sources(tmp_path):
        # pickle each before anything asks for its steps, then compare
        dumped = [pickle.dumps(record) for record in read]
        for record, data in zip(read, dumped):
            loaded = pickle.loads(data)
            assert "steps" in vars(loaded)  # (made by the constructor)
            assert loaded == record and hash(loaded) == hash(record), name
            assert loaded.steps == record.steps


def test_steps_asked_for_after_the_reader_went_on(tmp_path):
    # every record kept, the reader run to its end (its buffers and the steps'
    # shared table reused by later hands), then the steps asked for in reverse
    for name, read in the_sources(tmp_path):
        path_hands = {}
        for record in read:
            path_hands.setdefault(record.source.file, []).append(record)
        for path, kept in path_hands.items():
            if name == "phh":
                expected = [r for r in records(path) if lazy(r)]
            else:
                expected = records(path)
            for r in expected:
                r.steps  # noqa: B018 (made at once, as the reader goes)
            assert len(expected) == len(kept)
            for old, new in reversed(list(zip(kept, expected))):
                assert lazy(old)
                assert old.steps == new.steps and old == new, (name, path)


def test_replay_summaries_and_writing_see_the_same_records(tmp_path):
    for _, read in the_sources(tmp_path):
        for record in read[:10]:
            assert lazy(record)
            hand = record.replay()
            twin = made(record)
            assert hand.payouts == twin.replay().payouts
            assert hand.history == twin.replay().history
            assert str(record) == str(twin)
    # written to PHH from lazy records: the same text as from their twins
    ps = [r for path in PS for r in records(path)]
    assert all(lazy(r) for r in ps)
    twins = [made(r) for r in records(PS[0])]
    first = [r for r in records(PS[0])]
    assert all(lazy(r) for r in first)
    a, b = tmp_path / "a.phhs", tmp_path / "b.phhs"
    hh.write(first, a)
    hh.write(twins, b)
    assert a.read_text(encoding="utf-8") == b.read_text(encoding="utf-8")


def test_the_class_has_no_steps_of_its_own():
    # as for any field without a default, the value is the instance's
    assert not hasattr(HandRecord, "steps")
    assert "steps" not in HandRecord._defaults
    with pytest.raises(AttributeError, match="'HandRecord' object has no attribute 'steps'"):
        object.__new__(HandRecord).steps  # noqa: B018
    record = next(r for r in records(PS[0]))
    with pytest.raises(AttributeError, match="immutable"):
        record.steps = ()
    assert lazy(record)
