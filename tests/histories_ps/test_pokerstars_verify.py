"""``stud.histories.verify``: PokerStars files verified in C give the verdicts
of the Python reader and replay (``fast=False``), hand for hand, message for
message, on the samples, on generated hands, and on damaged copies of both.
"""

import random
import sys
import zlib
from pathlib import Path

import pytest
from stud import Hand, Rules, Variant
from stud.histories import verify
from stud.histories.pokerstars import POKERSTARS_PROFILE
from stud.histories.pokerstars_write import write_pokerstars

SAMPLES = Path(__file__).resolve().parent / "samples"
FILES = sorted(SAMPLES.glob("*.txt"))
verify_module = sys.modules["stud.histories.verify"]  # (the name "verify" is the function)
NAMES = ("Hero", "sea.otter", "Quinn [NL]", "marlowe", "Tess D'Urb", "idle_guy77")


def verdicts(result):
    return (result.reproduced, [str(m) for m in result.mismatches],
            [str(e) for e in result.errors], result.skipped, result.cancelled)


@pytest.mark.parametrize("name, skipped, cancelled", [("mixed_games.txt", 2, 0),
                                                      ("tournament_many.txt", 0, 1)])
def test_hands_passed_over_are_counted(name, skipped, cancelled):
    """Other games and cancelled hands are neither read nor errors: ``read``
    (its ``Reading``) and ``verify`` (both roads) count them alike."""
    from stud.histories import read

    path = SAMPLES / name
    reading = read(path, on_error=lambda error: None)
    hands = list(reading)
    assert (reading.skipped, reading.cancelled) == (skipped, cancelled)
    result = same_as_python(path)
    assert (result.skipped, result.cancelled) == (skipped, cancelled)
    assert result.read == len(hands)
    with open(path, encoding="utf-8") as handle:  # an open file: the Python road
        assert verdicts(verify(handle)) == verdicts(result)


def same_as_python(path, **kwargs):
    fast = verify(path, **kwargs)
    slow = verify(path, fast=False, **kwargs)
    assert verdicts(fast) == verdicts(slow)
    return fast


def generated_text(n, seed=7):
    """n seeded hands written as PokerStars text (the bench file's recipe)."""
    rng = random.Random(seed)
    games = [Rules(Variant.SEVEN_CARD_STUD, 10, ante=2, bring_in=5, **POKERSTARS_PROFILE),
             Rules(Variant.SEVEN_CARD_STUD_HILO, 10, ante=2, bring_in=5, **POKERSTARS_PROFILE),
             Rules(Variant.RAZZ, 10, ante=2, bring_in=5, **POKERSTARS_PROFILE)]
    parts = []
    for number in range(n):
        rules = rng.choice(games)
        stacks = [rng.randint(3, 12) * 20 if rng.random() < 0.2 else rng.randint(20, 150) * 20
                  for _ in range(6)]
        hand = Hand(rules, stacks, seed=rng.getrandbits(48), rake=rng.choice([0, 1, 3]))
        while not hand.is_over:
            if hand.awaiting_showdown:
                (hand.muck if hand.may_muck and rng.random() < 0.3 else hand.show)()
                continue
            legal = hand.legal_actions()
            weights = [1.0 if a.kind == 0 else 3.0 if a.kind in (1, 2, 3) else 1.2 for a in legal]
            hand.act(rng.choices(legal, weights)[0])
        parts.append(write_pokerstars(
            hand, hero=0, players=NAMES, seats=(1, 2, 3, 5, 7, 8), hand_id=str(900 + number),
            table="T", currency="USD" if number % 2 else None) + "\n\n\n")
    return "".join(parts)


@pytest.fixture(scope="module")
def generated():
    return generated_text(40)


@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
def test_samples(path):
    same_as_python(path)


def test_generated_hands_stay_in_c(tmp_path, generated):
    path = tmp_path / "hands.txt"
    path.write_text(generated, encoding="utf-8")
    result = same_as_python(path)
    assert result.reproduced == 40 and result.slow == 0


def test_small_parts(tmp_path, generated, monkeypatch):
    # many parts: each cut at a header, the line numbers carried over
    path = tmp_path / "hands.txt"
    path.write_text(generated + "a line after the last hand\n", encoding="utf-8")
    whole = verify(path)
    monkeypatch.setattr(verify_module, "_CHUNK", 3000)
    assert verdicts(verify(path)) == verdicts(whole) == verdicts(verify(path, fast=False))


@pytest.mark.parametrize("chunk", [1500, 4000, 1 << 20])
def test_line_numbers_across_parts_of_every_kind(tmp_path, generated, monkeypatch, chunk):
    # parts the C scanner numbers as it reads them (\n, \r\n) between parts
    # read as lines (\r\r\n: one line end to read, two to C; a byte that is
    # not UTF-8): the errors after them (an outside line, a damaged total)
    # name the lines the Python road names, and read() gives the same lines
    from stud.histories import read

    hands = [hand + "\n\n\n" for hand in generated.split("\n\n\n") if hand]
    ends = ["\n", "\r\n", "\r\r\n", "\n", "\r"]
    text = ""
    for number, hand in enumerate(hands[:15]):
        if number == 7:
            hand = hand.replace("Hero", "H\udce9ro", 1)  # (a lone 0xE9 byte)
        if number % 4 == 3:
            hand = "junk between hands\n" + hand
        text += hand.replace("\n", ends[number % len(ends)])
    text += hands[15].replace("Total pot", "Total pot 1 |", 1) + "a line after\n"
    path = tmp_path / "hands.txt"
    write_raw(path, text)
    whole = verdicts(verify(path, fast=False))

    def lines_read():
        errors = []
        records = [(r.hand_id, r.source.line) for r in read(path, on_error=errors.append)]
        return records, [str(error) for error in errors]

    records = lines_read()
    # (errors: three junk lines, the hand whose Seat line names "Héro", the
    # damaged total, the line after)
    assert len(records[0]) == 14 and len(records[1]) == len(whole[2]) == 6
    monkeypatch.setattr(verify_module, "_CHUNK", chunk)
    monkeypatch.setattr(sys.modules["stud.histories.pokerstars"], "_CHUNK", chunk)
    assert verdicts(verify(path)) == whole
    assert lines_read() == records


REFUSED_RULES = """PokerStars Hand #1: Razz Limit (10/20) - 2000/01/01 0:00:00 ET
Table 'T' 8-max
Seat 1: ann (100 in chips)
Seat 2: bob (100 in chips)
ann: posts the ante 2
bob: posts the ante 2
*** 3rd STREET ***
Dealt to ann [Kc]
Dealt to bob [2c]
ann: brings in for 15
bob: folds
Uncalled bet (15) returned to ann
ann collected 4 from pot
*** SUMMARY ***
Total pot 4 | Rake 0
Seat 1: ann collected (4)
Seat 2: bob folded on the 3rd Street (didn't bet)"""


def test_more_games_and_stakes_than_verify_keeps_at_hand(tmp_path):
    # _ps_verify_chunk keeps the last 16 games and rules in C: 40 stakes in
    # turn, with hands of another game, of a game not read, with an ante
    # that does not add up, and of rules the engine refuses (a bring-in over
    # the small bet) among them, give the Python road's verdicts
    rng = random.Random(3)
    variants = [Variant.SEVEN_CARD_STUD, Variant.SEVEN_CARD_STUD_HILO, Variant.RAZZ]
    parts = []
    for number in range(120):
        small = 2 * (number % 40 + 1)
        rules = Rules(variants[number % 3], small, ante=small // 5, bring_in=small // 2,
                      **POKERSTARS_PROFILE)
        hand = Hand(rules, [rng.randint(20, 60) * small for _ in range(3)],
                    seed=rng.getrandbits(48))
        while not hand.is_over:
            hand.show() if hand.awaiting_showdown else hand.act(rng.choice(hand.legal_actions()))
        text = write_pokerstars(hand, players=NAMES[:3], seats=(1, 2, 3),
                                hand_id=str(5000 + number), table="T")
        if number % 17 == 5:  # (another game: skipped)
            text = text.replace("Razz Limit", "Hold'em Limit").replace("7 Card Stud", "Hold'em", 1)
        elif number % 23 == 7:  # (a game not read: an error)
            text = text.replace(" Limit (", " Pot Limit (", 1)
        elif number % 29 == 11:  # (the total pot is not what was put in)
            text = text.replace(f"posts the ante {small // 5}", f"posts the ante {small}")
        parts.append(text + "\n\n\n")
        if number % 31 == 13:
            parts.append(REFUSED_RULES.replace("#1:", f"#{9000 + number}:") + "\n\n\n")
    path = tmp_path / "stakes.txt"
    path.write_text("".join(parts), encoding="utf-8")
    result = same_as_python(path)
    assert (result.reproduced, result.skipped, len(result.errors)) == (105, 7, 12)
    assert sum("bring_in <= small_bet" in str(error) for error in result.errors) == 4


def test_text_and_phh_take_the_python_road(generated):
    result = verify(generated)
    assert result.reproduced == 40 and result.slow == 0  # (slow counts C fallbacks only)
    assert verdicts(result) == verdicts(verify(generated, fast=False))


# ---- damaged files -----------------------------------------------------------------------

def corrupt(text, rng):
    """One damage to a history, picked at random."""
    lines = text.split("\n")
    k = rng.randrange(len(lines))
    kind = rng.randrange(16)
    line = lines[k]
    if kind == 0:  # truncated
        return "\n".join(lines[:k])
    if kind == 1:  # a line lost
        del lines[k]
        return "\n".join(lines)
    if kind == 2:  # two lines swapped
        j = rng.randrange(len(lines))
        lines[k], lines[j] = lines[j], lines[k]
        return "\n".join(lines)
    if kind == 3:  # an amount changed
        digits = [i for i, c in enumerate(line) if c.isdigit()]
        if digits:
            i = rng.choice(digits)
            line = line[:i] + str((int(line[i]) + rng.randrange(1, 10)) % 10) + line[i + 1:]
    elif kind == 4:  # a card seen twice: another card of the file
        cards = [c for c in text.replace("[", " ").replace("]", " ").split()
                 if len(c) == 2 and c[0] in "23456789TJQKA" and c[1] in "cdhs"]
        mine = [i for i in range(len(line) - 1) if line[i:i + 2] in cards]
        if mine and cards:
            i = rng.choice(mine)
            line = line[:i] + rng.choice(cards) + line[i + 2:]
    elif kind == 5:  # an illegal action
        for old, new in (("calls", "raises 10 to"), ("checks", "bets 40"), ("folds", "checks"),
                         ("bets", "calls"), ("raises", "calls")):
            if f": {old}" in line:
                line = line.replace(f": {old}", f": {new}", 1)
                break
    elif kind == 6:  # a line the readers do not know
        line = rng.choice(["Hero: says hello", "*** FLOP *** [As]", "Hand cancelled",
                                    "The deck is reshuffled", "Seat 9: ghost (10 in chips)",
                                    "Dealt to nobody [As]", "x: is sitting out",
                                    "Uncalled bet (5) returned to nobody", "\tHero: folds",
                                    "Hero said, \"gg\"", "PokerStars Hand #1: Razz Limit (10/20)",
                                    "junk before anything"]) + "\n" + line
    elif kind == 7:  # line ends
        return text.replace("\n", rng.choice(["\r\n", "\r"]))
    elif kind == 8:  # spacing and case
        line = rng.choice([line.upper(), line.lower(), "  " + line + "  ", line.replace(" ", "  ")])
    elif kind == 9:  # non-ASCII names and characters
        return text.replace(rng.choice(NAMES), rng.choice(["Zoë", "Łukasz", "名人", "Kſ", "a\u00a0b",
                                                           "x\u2028y", "a\x85b", "\ufeffz"]))
    elif kind == 10:  # a byte that is not UTF-8 (read raises, both ways)
        return text[:len(text) // 2] + "\udcff" + text[len(text) // 2:]
    elif kind == 11:  # a character cut from a line
        if line:
            i = rng.randrange(len(line))
            line = line[:i] + line[i + 1:]
    elif kind == 12:  # rake, totals and collections
        line = line.replace("Rake 0", "Rake 1").replace("| Rake", "Main pot 5. | Rake")
        line = line.replace("collected", "collected 1 from pot and", 1) if rng.random() < .3 \
            else line
    elif kind == 13:  # a very long line
        line = line + " " + "x" * 2100
    elif kind == 14:  # all in and disconnects
        line = line + rng.choice([" and is all-in", " (disconnect)", " and is all-in (disconnect)"])
    else:  # the show down
        line = line.replace("shows [", "shows [As ").replace("doesn't show hand", "mucks hand")
    lines[k] = line
    return "\n".join(lines)


def write_raw(path, text):
    path.write_bytes(text.encode("utf-8", "surrogateescape"))


def check_mutants(tmp_path, text, seed, count):
    rng = random.Random(seed)
    for number in range(count):
        damaged = text
        for _ in range(rng.randrange(1, 4)):
            damaged = corrupt(damaged, rng)
        path = tmp_path / f"damaged_{seed}_{number}.txt"
        write_raw(path, damaged)
        try:
            fast = verdicts(verify(path))
        except Exception as error:  # noqa: BLE001 - the same exception both ways
            fast = ("raised", type(error).__name__)
        try:
            slow = verdicts(verify(path, fast=False))
        except Exception as error:  # noqa: BLE001
            slow = ("raised", type(error).__name__)
        assert fast == slow, f"mutant {number} of seed {seed}:\n{damaged}"


@pytest.mark.parametrize("seed", range(4))
def test_damaged_generated_hands(tmp_path, generated, seed):
    hands = generated.split("\n\n\n")
    rng = random.Random(seed)
    start = rng.randrange(len(hands) - 6)
    check_mutants(tmp_path, "\n\n\n".join(hands[start:start + 6]), seed, 60)


@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
def test_damaged_samples(tmp_path, path):
    text = path.read_bytes().decode("utf-8-sig")
    # (a seed of the name alone: the same mutants in every process)
    check_mutants(tmp_path, text, zlib.crc32(path.name.encode()) % 1000, 40)
