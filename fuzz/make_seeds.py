#!/usr/bin/env python3
"""Writes the seed inputs of fuzz/corpus/<target>/seed-*.bin.

The seeds only give the fuzzer well-formed starting points in the input
layouts that the harnesses document (fuzz_*.c); the fuzzer mutates from
there.  Regression inputs (regress-*.bin) are kept by hand, not made here.

    python3 fuzz/make_seeds.py
"""
import random
import struct
from pathlib import Path

HERE = Path(__file__).resolve().parent
rng = random.Random(20240601)


def card(rank, suit):  # rank index 0..12 (2..A), suit 0..3
    return 4 * rank + suit


def deal(n):
    return rng.sample(range(52), n)


def eval_seeds():
    out = {}
    # card mode: hands of 5, 6 and 7 cards, then boards of 1..4 cards
    body = b""
    for n in (5, 6, 7, 5, 7, 6, 5):
        body += bytes([n]) + bytes(deal(n))
    for n in (1, 2, 3, 4, 1, 2, 3, 4):
        body += bytes([n]) + bytes(deal(n))
    out["hands"] = bytes([0]) + body
    # named hands: straight flushes, wheel, quads, a full house, a flush
    named = [
        [card(r, 2) for r in (8, 9, 10, 11, 12)],
        [card(12, 0), card(0, 1), card(1, 2), card(2, 3), card(3, 0)],
        [card(5, s) for s in range(4)] + [card(9, 1)],
        [card(7, 0), card(7, 1), card(7, 2), card(2, 0), card(2, 3), card(4, 1)],
        [card(r, 3) for r in (0, 3, 5, 8, 11)] + [card(6, 0), card(6, 2)],
    ]
    out["named"] = bytes([2]) + b"".join(bytes([len(h)]) + bytes(h) for h in named) + bytes([0xC0, 45, 1])
    # more than one 64-mask block, with an invalid mask in the second
    body = b""
    for i in range(80):
        n = 5 + i % 3
        body += bytes([n]) + bytes(deal(n))
        if i == 70:
            body += bytes([0x83]) + bytes(deal(3)) + bytes([13])  # a bit outside the card fields
    out["blocks"] = bytes([0]) + body
    # raw masks
    def mask(cards):
        m = 0
        for c in cards:
            m |= 1 << (16 * (c & 3) + (c >> 2))
        return m
    raw = b"".join(struct.pack("<Q", mask(deal(7))) for _ in range(6))
    raw += struct.pack("<Q", 0xFFFF) + struct.pack("<Q", mask(deal(5)))
    out["raw"] = bytes([1]) + raw
    out["census"] = bytes([2, 5]) + bytes(deal(5)) + bytes([0x82, 9, 2])
    return out


def engine_seeds():
    out = {}

    def setup(mode, variant, small, opt=0, raises=3, seats=2, stacks=(), extra=b""):
        b = bytes([mode, variant]) + struct.pack("<H", small - 1) + bytes([opt]) + extra
        b += bytes([raises, seats - 2])
        b += b"".join(struct.pack("<H", s) for s in stacks)
        return b

    def legal_ops(n):  # op 0 (a listed action) with a choice byte
        return b"".join(bytes([rng.randrange(0, 4), rng.randrange(256)]) for _ in range(n))

    for variant in range(5):
        seats = 2 + variant * 2
        stacks = [rng.randrange(2000, 60000) for _ in range(seats)]
        out[f"auto-v{variant}"] = (
            setup(0x80, variant, 10 * (variant + 1), seats=seats, stacks=stacks)
            + struct.pack("<I", rng.randrange(1 << 32))
            + legal_ops(40)
        )
    # short stacks, half-bet and full-raise reopening, suit tie-breaks
    out["short"] = (
        setup(0x00, 0, 20, opt=0x13, seats=4, stacks=[30, 200, 60, 5000])
        + struct.pack("<I", 7) + legal_ops(30))
    out["fullraise"] = (
        setup(0x00, 3, 8, opt=0x1C, seats=2, stacks=[900, 700])
        + struct.pack("<I", 99) + legal_ops(60))
    # options byte with custom bet sizes
    out["betsizes"] = (
        bytes([0x00, 1]) + struct.pack("<H", 49) + bytes([0xC0])
        + struct.pack("<HHH", 7, 11, 60) + bytes([2, 3])
        + b"".join(struct.pack("<H", s) for s in (4000, 100, 2500, 9000, 300))
        + struct.pack("<I", 5) + legal_ops(40))
    # manual dealing and manual showdown: deals (op 5) between rounds of actions
    ops = b""
    for _ in range(6):
        ops += bytes([5, 0]) + bytes(rng.randrange(256) for _ in range(24))
        ops += legal_ops(8)
        ops += bytes([7, 1, 7, 0])
    out["manual"] = setup(0x03, 2, 10, seats=3, stacks=[3000, 3000, 3000]) + struct.pack("<I", 1) + ops
    ops = bytes([5, 0]) + bytes(range(40)) + legal_ops(4) + bytes([5, 1, 17]) + legal_ops(10)
    out["community"] = setup(0x01, 0, 10, seats=8, stacks=[500] * 8) + struct.pack("<I", 3) + ops
    # a stacked deck (a permutation driven by the input)
    out["stacked"] = (
        setup(0x0C, 4, 10, seats=6, stacks=[1000] * 6)
        + bytes(rng.randrange(256) for _ in range(51))
        + struct.pack("<I", 11) + legal_ops(30))
    # arbitrary calls: kinds, deals with odd counts, copies, act-vs-apply, queries, logs
    ops = bytes([4, 1]) + struct.pack("<iI", -7, 5) + bytes([4, 3]) + struct.pack("<iI", 1 << 30, 10)
    ops += bytes([6, 0x11]) + struct.pack("<i", -1) + bytes([3, 0xFF]) + bytes(8)
    ops += bytes([8, 9, 1, 10]) + struct.pack("<H", 0x3FF) + struct.pack("<I", 12) + bytes([11])
    ops += legal_ops(20) + bytes([8, 9, 0, 11]) + legal_ops(20)
    out["misc"] = setup(0x82, 1, 10, seats=5, stacks=[800] * 5) + struct.pack("<I", 5) + ops
    # forged rules fields
    out["forged"] = (
        bytes([0x20, 0, 9, 0, 0, 3, 2, 20, 5, 40, 0, 0])
        + struct.pack("<HH", 3000, 3000) + struct.pack("<I", 1) + legal_ops(10))
    # whole hands by the simulators
    out["simulate"] = bytes([0xFF, 0, 0, 9, 0, 0, 3, 4]) + bytes(rng.randrange(256) for _ in range(40))
    # 2-7 Razz (5) and Hi-Lo Regular (6, with its own option byte after the
    # option byte: 0 the defaults, 3 Stud/8's order and low_needs_five_ranks),
    # from their own generator so that the seeds above stay as they were
    more = random.Random(1213)
    for variant, extra in ((5, b""), (6, bytes([0])), (6, bytes([3]))):
        stacks = [more.randrange(2000, 60000) for _ in range(6)]
        ops = b"".join(bytes([more.randrange(0, 4), more.randrange(256)]) for _ in range(40))
        out[f"auto-v{variant}{'-' + extra.hex() if extra else ''}"] = (
            setup(0x80, variant, 20, seats=6, stacks=stacks, extra=extra)
            + struct.pack("<I", more.randrange(1 << 32)) + ops)
    return out


def equity_seeds():
    out = {}

    def query(head, shape, hands, dead):
        b = bytes([head, shape])
        for h in hands:
            b += bytes([len(h)]) + bytes(h)
        b += bytes([len(dead)]) + bytes(dead)
        return b + struct.pack("<Q", rng.randrange(1 << 64)) + bytes([20]) + struct.pack("<Q", 9) + bytes([3])

    for scoring in range(3):
        cards = deal(14)
        out[f"exact-s{scoring}"] = query(scoring, 0, [cards[:6], cards[6:12]], cards[12:14])
    cards = deal(20)
    out["three"] = query(1, 1, [cards[:6], cards[6:12], cards[12:18]], cards[18:20])
    cards = deal(12)
    out["five-card"] = query(0, 0x80, [cards[:4], cards[4:8], cards[8:11]], cards[11:12])
    cards = deal(8)
    out["mc"] = query(0, 4, [cards[i:i + 2] for i in range(0, 8, 2)], [])
    out["bad"] = query(0x70, 0, [], []) + bytes([1, 9, 7])
    return out


def envs_seeds():
    """Setups of fuzz_envs (variant, small bet, seats, then per seat a stack
    and the agent's or a policy, chips, tables, seeds) and steps."""
    out = {}
    for variant, seats, policies in ((0, 2, [4, 4]), (1, 6, [4, 0, 1, 2, 4, 0]),
                                     (2, 3, [2, 4, 1]), (3, 10, [4] * 10), (4, 4, [0, 4, 4, 1])):
        b = bytes([variant, 8, seats - 2])
        for p in policies:
            b += struct.pack("<H", 300 + 37 * p) + bytes([p])
        b += bytes([variant & 1, 3]) + b"".join(struct.pack("<Q", rng.randrange(1 << 64))
                                                for _ in range(4))
        out[f"v{variant}-n{seats}"] = b + bytes(rng.randrange(256) for _ in range(400))
    return out


def playout_seeds():
    # the layout of fuzz_playout.c: rules, seats, stacks, flags, policies,
    # (step limit), the choice seed, then per hand a deal seed and stacks
    out = {}

    def table(variant, opt=0, raises=3, seats=6, depth=0, flags=0, policies=(), limit=None,
              hands=1, small=10, regular=b""):
        # (regular: Hi-Lo Regular's option byte, read after the option byte)
        b = bytes([variant]) + struct.pack("<H", small - 1) + bytes([opt]) + regular
        b += bytes([raises, seats - 2, depth])
        b += b"".join(struct.pack("<H", rng.randrange(1 << 16)) for _ in range(12))
        b += bytes([flags | (hands - 1) << 2]) + bytes((list(policies) + [0] * 10)[:10])
        if limit is not None:
            b += bytes([limit])
        b += struct.pack("<Q", rng.randrange(1 << 64))
        for _ in range(hands):
            b += struct.pack("<Q", rng.randrange(1 << 64))
            b += b"".join(struct.pack("<H", rng.randrange(1 << 16)) for _ in range(seats))
        return b

    for variant in range(5):
        out[f"random-v{variant}"] = table(variant, hands=4)
        out[f"policies-v{variant}"] = table(variant, flags=0x21, policies=[0, 1, 2, 2, 1, 0, 2, 2, 1, 0],
                                             hands=6)
    out["short"] = table(0, opt=0x08, depth=1, seats=8, hands=5)
    out["options"] = table(1, opt=0x37, raises=4, seats=3, depth=1, hands=3)
    out["uncapped"] = table(3, opt=0x04, seats=2, flags=1, policies=[2, 2], hands=8, small=1)
    out["ten"] = table(4, opt=0x40, seats=10, depth=1, hands=2)
    out["limit"] = table(2, seats=4, flags=2, limit=9, hands=2)
    # the games of docs/rules.md 12 and 13 (last: the seeds above stay as they were)
    out["random-v5"] = table(5, opt=0x03, hands=4)
    out["policies-v5"] = table(5, flags=0x21, policies=[2, 1, 0, 2, 2, 1], hands=6)
    out["random-v6"] = table(6, hands=4, regular=bytes([0]))
    out["policies-v6-high"] = table(6, opt=0x03, flags=0x21, policies=[2, 2, 1, 0, 2, 1], hands=6,
                                    regular=bytes([3]))
    return out


def main():
    for target, seeds in (("fuzz_eval", eval_seeds()), ("fuzz_engine", engine_seeds()),
                          ("fuzz_equity", equity_seeds()), ("fuzz_envs", envs_seeds()),
                          ("fuzz_playout", playout_seeds())):
        folder = HERE / "corpus" / target
        folder.mkdir(parents=True, exist_ok=True)
        for name, data in seeds.items():
            (folder / f"seed-{name}.bin").write_bytes(data)


if __name__ == "__main__":
    main()
