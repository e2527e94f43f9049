"""Batch evaluators: same values as the scalar functions, every buffer form."""

from array import array
from math import comb

import numpy as np
import pytest
import stud

from tests.support import reference as ref

BATCH = {
    "high": (stud.evaluate_high_batch, stud.high_value),
    "low8": (stud.evaluate_low8_batch, stud.low8_value),
    "razz": (stud.evaluate_razz_batch, stud.razz_value),
}
EXPECTED_REF = {
    "high": ref.expected_high_value,
    "low8": ref.expected_low8_value,
    "razz": ref.expected_razz_value,
}
KINDS = list(BATCH)


def random_masks(n, seed=0, sizes=(5, 6, 7), low_heavy=False):
    """n random masks of 5..7 cards, built independently from reference bit layout."""
    rng = np.random.default_rng(seed)
    ncards = 32 if low_heavy else 52
    cards = np.argsort(rng.random((n, ncards)), axis=1)[:, :7]
    if low_heavy:  # cards of ranks A,2..8 only: rank index 0..6 and 12
        rank_map = np.array([0, 1, 2, 3, 4, 5, 6, 12])
        cards = rank_map[cards // 4] * 4 + cards % 4
    bits = (16 * (cards % 4) + cards // 4).astype(np.uint64)
    onehot = np.left_shift(np.uint64(1), bits)
    k = rng.choice(np.array(sizes), size=n)
    onehot[np.arange(7)[None, :] >= k[:, None]] = 0
    return np.bitwise_or.reduce(onehot, axis=1)


@pytest.fixture(scope="module")
def masks():
    return np.concatenate([random_masks(15000, seed=1), random_masks(5000, seed=2, low_heavy=True)])


@pytest.fixture(scope="module")
def scalar_values(masks):
    ints = [int(m) for m in masks]
    return {kind: np.array([BATCH[kind][1](m) for m in ints], dtype=np.int64) for kind in KINDS}


def test_random_masks_are_valid(masks):
    for m in masks[:2000]:
        cards = ref.mask_cards(int(m))
        assert 5 <= len(cards) <= 7
        assert ref.cards_mask(cards) == int(m)


@pytest.mark.parametrize("kind", KINDS)
def test_batch_equals_scalar_uint64(kind, masks, scalar_values):
    out = BATCH[kind][0](masks)
    assert isinstance(out, np.ndarray)
    assert out.dtype == np.uint16
    assert out.shape == masks.shape
    assert np.array_equal(out.astype(np.int64), scalar_values[kind])


@pytest.mark.parametrize("kind", KINDS)
def test_batch_equals_scalar_int64(kind, masks, scalar_values):
    out = BATCH[kind][0](masks.view(np.int64))
    assert isinstance(out, np.ndarray) and out.dtype == np.uint16
    assert np.array_equal(out.astype(np.int64), scalar_values[kind])
    out2 = BATCH[kind][0](masks.astype(np.int64))
    assert np.array_equal(out2, out)


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("code", ["Q", "q"])
def test_batch_equals_scalar_array(kind, code, masks, scalar_values):
    vals = masks.tolist() if code == "Q" else masks.view(np.int64).tolist()
    arr = array(code, vals)
    out = BATCH[kind][0](arr)
    assert isinstance(out, array)
    assert out.typecode == "H"
    assert len(out) == len(arr)
    assert list(out) == scalar_values[kind].tolist()


@pytest.mark.parametrize("kind", KINDS)
def test_batch_against_reference(kind, masks):
    sample = masks[::20][:1000]
    out = BATCH[kind][0](np.ascontiguousarray(sample))
    expected = [EXPECTED_REF[kind](ref.mask_cards(int(m))) for m in sample]
    assert out.tolist() == expected


@pytest.mark.parametrize("kind", KINDS)
def test_batch_memoryview(kind, masks, scalar_values):
    out = BATCH[kind][0](memoryview(masks))
    assert np.array_equal(np.asarray(out).astype(np.int64), scalar_values[kind])


@pytest.mark.parametrize("kind", KINDS)
def test_out_numpy_filled_and_returned(kind, masks, scalar_values):
    out = np.full(len(masks), 0xFFFF, dtype=np.uint16)
    res = BATCH[kind][0](masks, out=out)
    assert res is out
    assert np.array_equal(out.astype(np.int64), scalar_values[kind])
    # reused out buffer is overwritten
    res = BATCH[kind][0](masks[::-1].copy(), out=out)
    assert res is out
    assert np.array_equal(out.astype(np.int64), scalar_values[kind][::-1])


@pytest.mark.parametrize("kind", KINDS)
def test_out_array_filled_and_returned(kind, masks, scalar_values):
    arr = array("Q", masks[:3000].tolist())
    out = array("H", [0xFFFF] * 3000)
    res = BATCH[kind][0](arr, out=out)
    assert res is out
    assert list(out) == scalar_values[kind][:3000].tolist()


@pytest.mark.parametrize("kind", KINDS)
def test_out_slice_view(kind, masks, scalar_values):
    """A contiguous view into a bigger buffer: only that window is written."""
    big = np.full(len(masks) + 20, 0xABCD, dtype=np.uint16)
    window = big[10:10 + len(masks)]
    res = BATCH[kind][0](masks, out=window)
    assert np.array_equal(window.astype(np.int64), scalar_values[kind])
    assert (big[:10] == 0xABCD).all() and (big[-10:] == 0xABCD).all()
    assert np.shares_memory(np.asarray(res), big)


@pytest.fixture(scope="module")
def big_masks():
    return random_masks(300_000, seed=42)


@pytest.mark.parametrize("kind", KINDS)
def test_threads_same_result(kind, big_masks):
    fn = BATCH[kind][0]
    one = fn(big_masks, threads=1)
    assert np.array_equal(fn(big_masks), one)
    assert np.array_equal(fn(big_masks, threads=2), one)
    assert np.array_equal(fn(big_masks, threads=0), one)
    assert np.array_equal(fn(big_masks, threads=7), one)
    out = np.zeros(len(big_masks), np.uint16)
    assert fn(big_masks, out=out, threads=2) is out
    assert np.array_equal(out, one)
    # spot-check against the scalar function
    idx = np.random.default_rng(0).choice(len(big_masks), 3000, replace=False)
    scalar = BATCH[kind][1]
    assert [int(one[i]) for i in idx] == [scalar(int(big_masks[i])) for i in idx]


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("n", [1, 2, 3, 7, 63, 64, 65, 1001])
@pytest.mark.parametrize("threads", [1, 2, 0])
def test_small_sizes_with_threads(kind, n, threads, masks, scalar_values):
    fn = BATCH[kind][0]
    out = fn(np.ascontiguousarray(masks[:n]), threads=threads)
    assert out.tolist() == scalar_values[kind][:n].tolist()


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("threads", [1, 2, 0])
def test_empty_input(kind, threads):
    fn = BATCH[kind][0]
    out = fn(np.zeros(0, np.uint64), threads=threads)
    assert isinstance(out, np.ndarray) and out.dtype == np.uint16 and out.shape == (0,)
    out = fn(np.zeros(0, np.int64), threads=threads)
    assert out.shape == (0,)
    out = fn(array("Q"), threads=threads)
    assert isinstance(out, array) and out.typecode == "H" and len(out) == 0
    e = np.zeros(0, np.uint16)
    assert fn(np.zeros(0, np.uint64), out=e, threads=threads) is e


def _all_five_card_masks():
    """Masks of all C(52, 5) hands, built by extending combinations in numpy."""
    bit = np.array([1 << (16 * (c % 4) + c // 4) for c in range(52)], dtype=np.uint64)
    last = np.arange(52)
    masks = bit.copy()
    for _ in range(4):
        counts = 51 - last
        start = np.repeat(last + 1, counts)
        offset = np.arange(counts.sum()) - np.repeat(np.cumsum(counts) - counts, counts)
        last = start + offset
        masks = np.repeat(masks, counts) | bit[last]
    return masks


@pytest.fixture(scope="module")
def five_card_masks():
    return _all_five_card_masks()


def test_all_five_card_hands(five_card_masks):
    """DESIGN.md: 7,462 distinct 5-card high values.  The API scales are
    dense (1..7462, 1..6175 razz classes, 56 lows + 0 for no low)."""
    hi = stud.evaluate_high_batch(five_card_masks, threads=0)
    assert set(np.unique(hi).tolist()) == set(range(1, 7463))
    rz = stud.evaluate_razz_batch(five_card_masks, threads=0)
    assert set(np.unique(rz).tolist()) == set(range(1, 6176))
    lo = stud.evaluate_low8_batch(five_card_masks, threads=0)
    assert set(np.unique(lo).tolist()) == set(range(0, 57))
    # each low is one set of 5 distinct ranks, i.e. 4^5 suitings (flushes
    # do not count against a low)
    counts = np.bincount(lo.astype(np.int64), minlength=57)
    assert (counts[1:] == 4 ** 5).all()
    # a uniform subsample against the reference evaluator
    sample = five_card_masks[::2599]
    assert hi[::2599].tolist() == [ref.expected_high_value(ref.mask_cards(int(m))) for m in sample]
    assert rz[::2599].tolist() == [ref.expected_razz_value(ref.mask_cards(int(m))) for m in sample]


def test_all_seven_card_hands_design_anchors(five_card_masks):
    """DESIGN.md correctness anchors over all 133,784,560 seven-card hands.

    Hands are enumerated as (a, b, five cards above b): the 5-card masks are in
    lexicographic order, so those whose lowest card is above b are a suffix.
    Categories are read from the value through the reference's exact scale."""
    bit = np.array([1 << (16 * (c % 4) + c // 4) for c in range(52)], dtype=np.uint64)
    starts, off = [], 0
    for f in range(52):
        starts.append(off)
        off += comb(51 - f, 4)
    hi = np.zeros(7463, np.int64)
    lo = np.zeros(57, np.int64)
    rz = np.zeros(6176, np.int64)
    total = 0
    for a in range(52):
        for b in range(a + 1, 47):
            masks = five_card_masks[starts[b + 1]:] | (bit[a] | bit[b])
            total += len(masks)
            hi += np.bincount(stud.evaluate_high_batch(masks, threads=0), minlength=7463)
            lo += np.bincount(stud.evaluate_low8_batch(masks, threads=0), minlength=57)
            rz += np.bincount(stud.evaluate_razz_batch(masks, threads=0), minlength=6176)
    assert total == 133784560
    assert hi[0] == 0 and rz[0] == 0

    high_cat = [0] * 9
    for key, v in ref.high_value_table().items():
        high_cat[key[0]] += int(hi[v])
    assert high_cat == [23294460, 58627800, 31433400, 6461620, 6180020, 4047644, 3473184,
                        224848, 41584]
    assert int((hi > 0).sum()) == 4824

    assert int(lo[1:].sum()) == 24530944
    assert int((lo[1:] > 0).sum()) == 56
    by_top = {5: 0, 6: 0, 7: 0, 8: 0}
    for key, v in ref.low8_value_table().items():
        by_top[key[0]] += int(lo[v])
    assert by_top == {5: 781824, 6: 3151360, 7: 7426560, 8: 13171200}

    razz_cat = [0] * 6
    for key, v in ref.razz_value_table().items():
        razz_cat[key[0]] += int(rz[v])
    assert razz_cat == [127615488, 5948800, 219648, 0, 624, 0]


@pytest.mark.parametrize("bad", [0x7, 0x1F | (1 << 13), 0xFF, (1 << 64) - 1])
def test_first_invalid_mask_found_at_every_position(bad):
    """The check runs in blocks of 16 masks plus a tail: the first bad mask
    is named wherever it sits, and a later one does not hide it."""
    good = int(stud.CardSet("As Kd 7h 7c 2s"))
    for n in (1, 15, 16, 17, 40):
        for position in range(n):
            masks = np.full(n, good, dtype=np.uint64)
            masks[position] = bad
            if position + 1 < n:
                masks[n - 1] = 0x3  # a second bad mask after the first
            with pytest.raises(ValueError, match=rf"masks\[{position}\]"):
                stud.evaluate_high_batch(masks)


# ---- the vector kernels against the scalar code ---------------------------------------
# The batches run AVX2 kernels when the processor has them, and the scalar
# loops otherwise; stud._core._batch_simd(False) forces the scalar loops, so
# both paths are tested on any machine that has AVX2.

from stud._core import _batch_simd  # noqa: E402

ALL_BATCHES = {
    "high": stud.evaluate_high_batch,
    "low8": stud.evaluate_low8_batch,
    "razz": stud.evaluate_razz_batch,
    "27": stud.evaluate_27_batch,
    "hilo": stud.evaluate_hilo_batch,
}


@pytest.fixture(params=["vector", "scalar"])
def kernels(request):
    """Runs the test once on the default path and once on the scalar loops."""
    if request.param == "scalar":
        _batch_simd(False)
        assert not _batch_simd()
    try:
        yield request.param
    finally:
        _batch_simd(True)


def _hands_of_suits(n, rng, suits_weights):
    """n random 5..7-card masks with cards drawn mostly from some suits (many flushes)."""
    out = np.zeros(n, np.uint64)
    sizes = rng.integers(5, 8, n)
    for i in range(n):
        cards = set()
        while len(cards) < sizes[i]:
            suit = rng.choice(4, p=suits_weights)
            cards.add(int(rng.integers(0, 13)) + 16 * int(suit))
        out[i] = sum(1 << c for c in cards)
    return out


def _edge_masks():
    """Hands the kernels treat apart: flushes and straight flushes of 5..7
    cards in every suit, quads of every rank with 1..3 more cards (a quad of
    eight or more sets the rank key's bits above 32), wheels, and lows."""
    rng = np.random.default_rng(7)
    masks = []
    for rank in range(13):  # quads plus one to three other cards
        quad = sum(1 << (16 * s + rank) for s in range(4))
        for extra in range(1, 4):
            for _ in range(40):
                others = rng.choice([r for r in range(52) if r % 13 != rank], extra, replace=False)
                masks.append(quad | sum(1 << (16 * (c // 13) + c % 13) for c in others))
    runs = [[12, 0, 1, 2, 3]] + [list(range(top - 4, top + 1)) for top in range(4, 13)]
    for suit in range(4):  # every straight flush, alone and with one or two more cards
        for run in runs:
            sf = sum(1 << (16 * suit + r) for r in run)
            other = (run[0] + 7) % 13
            masks.append(sf)
            masks.append(sf | (1 << (16 * ((suit + 1) % 4) + run[0])))
            masks.append(sf | (1 << (16 * ((suit + 2) % 4) + 5)) | (1 << (16 * suit + other)))
    masks.extend(_hands_of_suits(3000, rng, [0.7, 0.1, 0.1, 0.1]).tolist())
    masks.extend(_hands_of_suits(1000, rng, [0.05, 0.05, 0.05, 0.85]).tolist())
    return np.array([m for m in masks if 5 <= bin(m).count("1") <= 7], dtype=np.uint64)


@pytest.fixture(scope="module")
def kernel_masks(five_card_masks):
    """Every 5-card hand, random 6- and 7-card hands, the edge cases, and
    low-heavy hands, in an order that mixes them across blocks."""
    parts = [five_card_masks, random_masks(200_000, seed=11, sizes=(6, 7)),
             _edge_masks(), random_masks(50_000, seed=12, low_heavy=True)]
    masks = np.concatenate(parts)
    return masks[np.random.default_rng(3).permutation(len(masks))]


@pytest.mark.parametrize("kind", list(ALL_BATCHES))
def test_vector_and_scalar_kernels_agree(kind, kernel_masks):
    fn = ALL_BATCHES[kind]
    vector = fn(kernel_masks)
    _batch_simd(False)
    try:
        scalar = fn(kernel_masks)
        # every length around the 8-mask steps and 64-mask blocks of the kernels
        short = [fn(np.ascontiguousarray(kernel_masks[:n])) for n in range(0, 140)]
    finally:
        _batch_simd(True)
    if kind == "hilo":
        assert np.array_equal(vector[0], scalar[0]) and np.array_equal(vector[1], scalar[1])
    else:
        assert np.array_equal(vector, scalar)
    for n, values in enumerate(short):
        if kind == "hilo":
            assert values[0].tolist() == vector[0][:n].tolist()
            assert values[1].tolist() == vector[1][:n].tolist()
        else:
            assert values.tolist() == vector[:n].tolist()


@pytest.mark.parametrize("bad", [0x7, 0x1F | (1 << 13), 0xFF, (1 << 64) - 1])
def test_first_invalid_mask_and_values_before_it(bad, kernels):
    """Wherever the first bad mask sits in the kernels' 8-mask steps and
    64-mask blocks, it is the one named, a later bad mask does not hide it,
    and every value before it is written."""
    edge = _edge_masks()  # many flushes: the kernels mark them and fix them up per block
    hands = np.ascontiguousarray(edge[np.random.default_rng(5).permutation(len(edge))[:200]])
    expected = {kind: fn(hands) for kind, fn in ALL_BATCHES.items()}
    for n in (1, 7, 8, 9, 16, 63, 64, 65, 72, 137):
        for position in sorted({0, 1, 6, 7, 8, 9, 15, 56, 57, 63, 64, 65, 71, 72, 130, n - 1}):
            if position >= n:
                continue
            masks = hands[:n].copy()
            masks[position] = bad
            if position + 1 < n:
                masks[n - 1] = 0x3  # a second bad mask after the first
            for kind, fn in ALL_BATCHES.items():
                outs = [np.full(n, 0xFFFF, np.uint16) for _ in range(2 if kind == "hilo" else 1)]
                with pytest.raises(ValueError, match=rf"masks\[{position}\]"):
                    fn(masks, *outs)
                want = expected[kind] if kind == "hilo" else (expected[kind],)
                for out, values in zip(outs, want):
                    assert out[:position].tolist() == values[:position].tolist(), (kind, n, position)


def test_batch_simd_switch():
    active = _batch_simd()
    assert isinstance(active, bool)
    assert _batch_simd(None) is active
    with pytest.raises(TypeError):
        _batch_simd(1)
    assert _batch_simd(False) is False
    assert _batch_simd() is False
    assert _batch_simd(True) is active
