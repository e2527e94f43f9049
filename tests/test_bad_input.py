"""Bad input must raise a clear exception, never crash the interpreter."""

import subprocess
import sys
from array import array

import numpy as np
import pytest
import stud
from stud import CardError, CardSet

from tests.support import reference as ref

SCALAR_FNS = [stud.evaluate_high, stud.evaluate_low8, stud.evaluate_razz, stud.evaluate_hilo,
              stud.evaluate_27,
              stud.high_value, stud.low8_value, stud.razz_value]
BATCH_FNS = [stud.evaluate_high_batch, stud.evaluate_low8_batch, stud.evaluate_razz_batch,
             stud.evaluate_27_batch]

fn_ids = lambda f: getattr(f, "__name__", str(f))


# ---------------------------------------------------------------- scalar evaluators


@pytest.mark.parametrize("fn", SCALAR_FNS, ids=fn_ids)
@pytest.mark.parametrize("cards", [
    "As Kd 7h 2c",                      # 4 cards
    "As Kd 7h 2c 3c 4c 5c 6c",          # 8 cards
    "As", "", "As Kd",
])
def test_wrong_card_count(fn, cards):
    with pytest.raises(ValueError):
        fn(cards)
    with pytest.raises(ValueError):
        fn(CardSet(cards))
    with pytest.raises(ValueError):
        fn(int(CardSet(cards)))
    with pytest.raises(ValueError):
        fn(cards.split())


@pytest.mark.parametrize("fn", SCALAR_FNS, ids=fn_ids)
@pytest.mark.parametrize("cards,token", [
    ("As Kd 7h 2c 1s", "1s"), ("As Kd 7h 2c Ax", "Ax"), ("As Kd 7h 2c Zz", "Zz"),
])
def test_unknown_tokens(fn, cards, token):
    with pytest.raises(CardError) as ei:
        fn(cards)
    assert token in str(ei.value)
    with pytest.raises(CardError):
        fn(cards.split())


@pytest.mark.parametrize("fn", SCALAR_FNS, ids=fn_ids)
@pytest.mark.parametrize("cards", ["As Kd 7h 2c As", "As Kd 7h 2c as 3d", "Ts Kd 7h 2c 10s"])
def test_duplicates(fn, cards):
    with pytest.raises(CardError):
        fn(cards)
    with pytest.raises(CardError):
        fn(cards.split())


@pytest.mark.parametrize("fn", SCALAR_FNS, ids=fn_ids)
@pytest.mark.parametrize("junk", [None, 3.5, [1, 2], [1, 2, 3, 4, 5], object(), {"As": 1},
                                  ["As", "Kd", "7h", "2c", None], ["As", "Kd", "7h", "2c", 3.5]])
def test_junk(fn, junk):
    with pytest.raises((TypeError, ValueError)):
        fn(junk)


@pytest.mark.parametrize("fn", SCALAR_FNS, ids=fn_ids)
@pytest.mark.parametrize("mask", [-1, 1 << 64, 1 << 80, -(1 << 70)])
def test_out_of_range_int(fn, mask):
    with pytest.raises((ValueError, OverflowError)):
        fn(mask)


@pytest.mark.parametrize("fn", SCALAR_FNS, ids=fn_ids)
@pytest.mark.parametrize("bit", [13, 15, 29, 47, 63])
def test_mask_with_unused_bits(fn, bit):
    good = ref.cards_mask(ref.parse("As Kd 7h 2c 3c"))
    with pytest.raises(ValueError):
        fn(good | (1 << bit))
    good6 = ref.cards_mask(ref.parse("As Kd 7h 2c"))
    with pytest.raises(ValueError):
        fn(good6 | (1 << bit))


# ---------------------------------------------------------------- boards


@pytest.mark.parametrize("razz", [False, True])
@pytest.mark.parametrize("cards", ["", "As Kd 7h 2c 3c", "As Kd 7h 2c 3c 4c 5c"])
def test_board_wrong_count(cards, razz):
    with pytest.raises(ValueError):
        stud.board_value(cards, razz=razz)


@pytest.mark.parametrize("cards,exc", [("As As", CardError), ("As 1s", CardError),
                                       (None, (TypeError, ValueError)),
                                       (3.5, (TypeError, ValueError)),
                                       ([1, 2], (TypeError, ValueError)),
                                       (1 << 13, ValueError), (-1, (ValueError, OverflowError))])
def test_board_bad(cards, exc):
    with pytest.raises(exc):
        stud.board_value(cards)


# ---------------------------------------------------------------- batch


def _good_masks(n, seed=0):
    rng = np.random.default_rng(seed)
    cards = np.argsort(rng.random((n, 52)), axis=1)[:, :7]
    bits = (16 * (cards % 4) + cards // 4).astype(np.uint64)
    return np.bitwise_or.reduce(np.left_shift(np.uint64(1), bits), axis=1)


@pytest.mark.parametrize("fn", BATCH_FNS, ids=fn_ids)
@pytest.mark.parametrize("dtype", [np.float64, np.int32, np.uint16, np.uint32, np.int8, np.float32])
def test_batch_wrong_dtype(fn, dtype):
    masks = _good_masks(10).astype(dtype)
    with pytest.raises((TypeError, ValueError)):
        fn(masks)


@pytest.mark.parametrize("fn", BATCH_FNS, ids=fn_ids)
def test_batch_wrong_array_typecode(fn):
    for code in ("d", "i", "H", "b"):
        with pytest.raises((TypeError, ValueError)):
            fn(array(code, [1, 2, 3]))


@pytest.mark.parametrize("fn", BATCH_FNS, ids=fn_ids)
def test_batch_2d(fn):
    masks = _good_masks(10).reshape(2, 5)
    with pytest.raises((TypeError, ValueError)):
        fn(masks)
    with pytest.raises((TypeError, ValueError)):
        fn(_good_masks(4).reshape(4, 1))


@pytest.mark.parametrize("fn", BATCH_FNS, ids=fn_ids)
def test_batch_non_contiguous(fn):
    masks = _good_masks(20)
    with pytest.raises((TypeError, ValueError)):
        fn(masks[::2])
    with pytest.raises((TypeError, ValueError)):
        fn(masks[::-1])


@pytest.mark.parametrize("fn", BATCH_FNS, ids=fn_ids)
def test_batch_scalar_and_junk(fn):
    for junk in (None, 3.5, "As Kd 7h 2c 3c", object()):
        with pytest.raises((TypeError, ValueError)):
            fn(junk)
    with pytest.raises((TypeError, ValueError)):
        fn(np.uint64(123))


@pytest.mark.parametrize("fn", BATCH_FNS, ids=fn_ids)
def test_batch_bad_out(fn):
    masks = _good_masks(10)
    for out in (np.zeros(9, np.uint16), np.zeros(11, np.uint16), np.zeros(10, np.uint32),
                np.zeros(10, np.int64), np.zeros(10, np.float64), np.zeros((2, 5), np.uint16),
                np.zeros(20, np.uint16)[::2], array("H", [0] * 9), array("I", [0] * 10)):
        with pytest.raises((TypeError, ValueError)):
            fn(masks, out=out)


@pytest.mark.parametrize("fn", BATCH_FNS, ids=fn_ids)
def test_batch_readonly_out(fn):
    masks = _good_masks(10)
    out = np.zeros(10, np.uint16)
    out.flags.writeable = False
    with pytest.raises((TypeError, ValueError, BufferError)):
        fn(masks, out=out)


@pytest.mark.parametrize("fn", BATCH_FNS, ids=fn_ids)
@pytest.mark.parametrize("threads", [2.5, "2", [1]])
def test_batch_bad_threads(fn, threads):
    with pytest.raises((TypeError, ValueError)):
        fn(_good_masks(10), threads=threads)


def _bad_masks():
    four = ref.cards_mask(ref.parse("As Kd 7h 2c"))
    eight = ref.cards_mask(ref.parse("As Kd 7h 2c 3c 4c 5c 6c"))
    five = ref.cards_mask(ref.parse("As Kd 7h 2c 3c"))
    return {
        "four": four, "eight": eight, "zero": 0, "one": 1, "all52": ref.cards_mask(ref.FULL_DECK),
        "bit13": five | (1 << 13), "bit15": five | (1 << 15), "bit31": five | (1 << 31),
        "bit63": five | (1 << 63), "allones": (1 << 64) - 1,
    }


@pytest.mark.parametrize("fn", BATCH_FNS, ids=fn_ids)
@pytest.mark.parametrize("which", list(_bad_masks()))
@pytest.mark.parametrize("threads", [1, 2])
def test_batch_bad_mask_names_index(fn, which, threads):
    n, idx = 5000, 3187
    masks = _good_masks(n, seed=idx)
    masks[idx] = np.uint64(_bad_masks()[which])
    with pytest.raises(ValueError) as ei:
        fn(masks, threads=threads)
    assert str(idx) in str(ei.value)
    # the same through an int64 view and array('Q')
    with pytest.raises(ValueError) as ei:
        fn(masks.view(np.int64), threads=threads)
    assert str(idx) in str(ei.value)
    with pytest.raises(ValueError) as ei:
        fn(array("Q", masks.tolist()), threads=threads)
    assert str(idx) in str(ei.value)


@pytest.mark.parametrize("fn", BATCH_FNS, ids=fn_ids)
def test_batch_bad_mask_first_and_last(fn):
    for idx in (0, 99):
        masks = _good_masks(100, seed=1)
        masks[idx] = np.uint64(1 << 14)
        with pytest.raises(ValueError) as ei:
            fn(masks)
        assert str(idx) in str(ei.value)


@pytest.mark.parametrize("fn", BATCH_FNS, ids=fn_ids)
def test_batch_still_works_after_errors(fn):
    masks = _good_masks(100, seed=2)
    expected = fn(masks).copy()
    bad = masks.copy()
    bad[50] = np.uint64(0)
    for _ in range(3):
        with pytest.raises(ValueError):
            fn(bad)
    assert np.array_equal(fn(masks), expected)


# ---------------------------------------------------------------- no crash


CRASH_SCRIPT = r"""
import numpy as np, stud
from array import array
junk = [None, 3.5, [1, 2], -1, 1 << 200, "", "As" * 60, "10" * 40, "\x00", "A\u0301s",
        b"As Kd 7h 2c 3c", bytearray(8), memoryview(b"abcdefgh"), (x for x in "As"),
        ["As"] * 100, np.zeros(3, np.uint64), np.float64(1.0)]
fns = [stud.evaluate_high, stud.evaluate_low8, stud.evaluate_razz, stud.evaluate_hilo,
       stud.high_value, stud.low8_value, stud.razz_value, stud.board_value,
       stud.Card, stud.CardSet, stud.CardSet.from_mask, stud.Card.from_index,
       stud.evaluate_high_batch, stud.evaluate_low8_batch, stud.evaluate_razz_batch]
for f in fns:
    for j in junk:
        try:
            f(j)
        except Exception:
            pass
for f in [stud.evaluate_high_batch, stud.evaluate_low8_batch, stud.evaluate_razz_batch]:
    for a in [np.zeros(0, np.uint64), np.zeros((0, 3), np.uint64), np.full(1000, -1, np.int64),
              np.zeros(10**5, np.uint64), memoryview(np.zeros(4, np.uint64)),
              np.zeros(16, np.uint64)[1::3], bytearray(64), memoryview(bytearray(64)).cast("Q")]:
        for out in [None, np.zeros(0, np.uint16), np.zeros(3, np.uint16), bytearray(2)]:
            for t in [1, 0, 2, 64, 1000]:
                try:
                    f(a, out=out, threads=t)
                except Exception:
                    pass
print("survived")
"""


def test_nothing_crashes_the_interpreter():
    proc = subprocess.run([sys.executable, "-c", CRASH_SCRIPT], capture_output=True, text=True,
                          timeout=300)
    assert proc.returncode == 0, (proc.returncode, proc.stderr[-2000:])
    assert "survived" in proc.stdout
