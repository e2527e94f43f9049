"""``stud.histories.verify`` of PHH files: hands read and replayed in C
(``_PhhDoc.verify``) give the verdicts of the Python reader and replay
(``fast=False``), hand for hand, message for message, on the samples, on
generated hands of every variant, and on damaged copies of them."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from stud import Hand, Rules, Variant
from stud.histories import HistoryError, verify
from stud.histories.phh import write_phhs
from stud.histories.pokerstars import POKERSTARS_PROFILE

SAMPLES = Path(__file__).resolve().parent / "samples"
FILES = sorted(SAMPLES.rglob("*.phh")) + sorted(SAMPLES.rglob("*.phhs"))
NAMES = ("ann", "bo", "cy", "dee", "eve", "fay")


def verdicts(result):
    return (result.reproduced, [str(m) for m in result.mismatches],
            [str(e) for e in result.errors], result.skipped, result.cancelled)


def same_as_python(path, **kwargs):
    fast = verify(path, **kwargs)
    slow = verify(path, fast=False, **kwargs)
    assert verdicts(fast) == verdicts(slow)
    assert slow.slow == 0 and fast.slow <= fast.read + len(fast.errors)
    return fast


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_samples(path):
    same_as_python(path)


def played(rng: random.Random, rules: Rules, n: int) -> Hand:
    stacks = [rng.randint(3, 12) * rules.big_bet if rng.random() < 0.2
              else rng.randint(20, 150) * rules.big_bet for _ in range(n)]
    hand = Hand(rules, stacks, seed=rng.getrandbits(48), rake=rng.choice([0, 0, 1, 3]))
    while not hand.is_over:
        if hand.awaiting_showdown:
            (hand.muck if hand.may_muck and rng.random() < 0.3 else hand.show)()
            continue
        legal = hand.legal_actions()
        weights = [1.0 if a.kind == 0 else 3.0 if a.kind in (1, 2, 3) else 1.2 for a in legal]
        hand.act(rng.choices(legal, weights)[0])
    return hand


def generated_text(count: int, seed: int) -> str:
    """count seeded hands of every variant, with the default options and
    PokerStars' (written as ``_rules``), some in money, as a .phhs."""
    rng = random.Random(seed)
    records = []
    for number in range(count):
        variant = Variant(number % len(Variant))
        options = POKERSTARS_PROFILE if number % 3 == 0 else {}
        rules = Rules(variant, rng.choice([10, 40]), ante=rng.choice([0, 2]),
                      bring_in=rng.choice([3, 5]), **options)
        hand = played(rng, rules, rng.randint(2, min(8, rules.max_players)))
        fields = {"players": NAMES[:hand.n_seats] if hand.n_seats <= 6 else None,
                  "hand_id": str(1000 + number),
                  "currency": "USD" if number % 4 == 1 else None}
        records.append(hand.to_record(**fields))
    return "".join(write_phhs(records))


@pytest.fixture(scope="module")
def generated():
    return generated_text(70, seed=11)


def test_generated_hands(generated, tmp_path):
    path = tmp_path / "hands.phhs"
    path.write_text(generated, encoding="utf-8")
    result = same_as_python(path)
    assert result.reproduced == 70 and result.read == 70
    assert result.slow < 35  # (the C road decides most of them: not a timing)


def test_profile(generated, tmp_path):
    """A profile given to verify sets the options of every hand, on both
    roads (the file's ``_rules`` overridden); a wrong one is refused alike."""
    path = tmp_path / "hands.phhs"
    path.write_text(generated, encoding="utf-8")
    same_as_python(path, profile=POKERSTARS_PROFILE)
    same_as_python(path, profile={"max_raises": 2, "heads_up_uncapped": True})
    for bad in ({"ante": 3}, {"no_such_option": 1}):
        with pytest.raises(ValueError):
            verify(path, profile=bad)
        with pytest.raises(ValueError):
            verify(path, profile=bad, fast=False)


def damaged(text: str, rng: random.Random) -> str:
    """The text with one hand line changed: a number, a card, an action
    dropped or doubled, a down card hidden, a line cut."""
    lines = text.split("\n")
    for _ in range(100):
        i = rng.randrange(len(lines))
        line = lines[i]
        kind = rng.randrange(7)
        if kind == 0 and re.search(r"\d", line):
            digits = [m.start() for m in re.finditer(r"\d", line)]
            at = rng.choice(digits)
            lines[i] = line[:at] + str((int(line[at]) + rng.randint(1, 9)) % 10) + line[at + 1:]
        elif kind == 1 and re.search(r"[2-9TJQKA][cdhs]", line):
            spots = [m.start() for m in re.finditer(r"[2-9TJQKA][cdhs]", line)]
            at = rng.choice(spots)
            lines[i] = line[:at] + rng.choice("23456789TJQKA") + rng.choice("cdhs") + line[at + 2:]
        elif kind == 2 and line.startswith('  "p'):
            del lines[i]
        elif kind == 3 and line.startswith('  "'):
            lines.insert(i, line)
        elif kind == 4 and re.match(r'  "d dh p\d [2-9TJQKA][cdhs]', line):
            lines[i] = line[:10] + "??" + line[12:]
        elif kind == 5 and len(line) > 3:
            lines[i] = line[:rng.randrange(1, len(line))]
        elif kind == 6 and line.startswith(("winnings", "finishing_stacks", "_rake")):
            del lines[i]
        else:
            continue
        break
    return "\n".join(lines)


@pytest.mark.parametrize("seed", range(8))
def test_damaged_hands(generated, tmp_path, seed):
    rng = random.Random(seed)
    hands = re.split(r"(?m)^(?=\[\d+\]$)", generated)
    text = "".join(damaged(hand, rng) if rng.random() < 0.5 else hand for hand in hands)
    path = tmp_path / "damaged.phhs"
    path.write_text(text, encoding="utf-8")
    result = same_as_python(path)
    assert result.mismatches and result.errors  # (the damage shows, on both roads)


def test_single_hand_and_progress(tmp_path):
    """A .phh (one hand, no section) and the progress callback: one call
    per hand, whichever road decided it."""
    text = (SAMPLES / "phh" / "five_card.phh").read_text(encoding="utf-8")
    path = tmp_path / "one.phh"
    path.write_text(text, encoding="utf-8")
    calls: list[int] = []
    result = verify(path, progress=calls.append)
    assert verdicts(result) == verdicts(verify(path, fast=False))
    assert sum(calls) == result.read + len(result.errors) == 1


@pytest.mark.parametrize("form", ["crlf", "cr", "bom", "no_final_break", "nul", "latin1"])
def test_line_ends_and_bytes(generated, tmp_path, form):
    """Line ends and bytes read as ``read`` reads them: a file with \\r or
    NUL bytes is read line by line as ``read`` reads it, a plain UTF-8 one a
    chunk at a time; the verdicts are the same either way."""
    text = generated
    if form == "crlf":
        text = text.replace("\n", "\r\n")
    elif form == "cr":
        text = text.replace("\n", "\r")
    elif form == "bom":
        text = "\ufeff" + text
    elif form == "no_final_break":
        text = text.rstrip("\n")
    elif form == "nul":
        text = text.replace("players", "play\0ers", 3)
    path = tmp_path / "hands.phhs"
    if form == "latin1":  # (a stray byte: decoded as Windows-1252, as read decodes it)
        path.write_bytes(text.replace('"ann"', '"\xe9ann"').encode("latin-1"))
    else:
        path.write_bytes(text.encode("utf-8"))
    same_as_python(path)


@pytest.mark.parametrize("extra", [-1, 0, 1, 5000])
@pytest.mark.parametrize("at_end", [False, True])
def test_long_line(tmp_path, extra, at_end):
    """A line longer than MAX_LINE (its break included) ends the reading
    with the same HistoryError, on the same line, on both roads; one of
    MAX_LINE characters is read; likewise a last line without a break."""
    from stud.histories.io import MAX_LINE

    hand = (SAMPLES / "phh" / "five_card.phh").read_text(encoding="utf-8")
    comment = "# " + "x" * (MAX_LINE - 3 + extra)  # with its \n: MAX_LINE + extra characters
    if at_end:  # (no break: one character fewer)
        text = "[1]\n" + hand + "[2]\n" + hand + comment + "x"
    else:
        text = "[1]\n" + hand + "\n" + comment + "\n[2]\n" + hand
    path = tmp_path / "long.phhs"
    path.write_text(text, encoding="utf-8")
    outcomes = []
    for fast in (True, False):
        try:
            outcomes.append(verdicts(verify(path, fast=fast)))
        except HistoryError as error:
            outcomes.append(("raised", str(error)))
    assert outcomes[0] == outcomes[1]
    assert (outcomes[0][0] == "raised") == (extra > 0)


@pytest.mark.parametrize("rules", [
    "{max_raises = 0x" + "0" * 600 + "4}",  # (long: named apart)
    "{max_raises = 4}", "{max_raises = 2, heads_up_uncapped = true}", "{nothing = 1}",
    "{odd_chip = \"" + "y" * 600 + "\"}", "4", "{max_raises = true}", "[1, 2]"])
def test_rules_field(rules, tmp_path):
    """``_rules`` (options written by write_phh, or wrong) on both roads,
    hands of the same stakes with and without it, in turn."""
    hand = (SAMPLES / "phh" / "five_card.phh").read_text(encoding="utf-8")
    hands = [hand, hand + f"_rules = {rules}\n"] * 3
    path = tmp_path / "rules.phhs"
    path.write_text("".join(f"[{i + 1}]\n{text}\n" for i, text in enumerate(hands)),
                    encoding="utf-8")
    same_as_python(path)


@pytest.mark.parametrize("char", ["\ufffd", "é", "x", "\U0001f0a1"])
def test_a_message_quoting_a_long_action_is_cut_between_characters(tmp_path, char):
    # (found by fuzz/atheris_histories.py: an action's repr cut at the
    # message's bound inside a character, or with the bound reached and
    # the text left unterminated, read differently on the two roads)
    action = "d " + char * 150 + "dh p" + char * 40 + "1 Jc2h2c"
    path = tmp_path / "long.phh"
    path.write_text(
        'variant = "F7S"\nantes = [2, 2, 2]\nbring_in = 5\nsmall_bet = 10\nbig_bet = 20\n'
        f"starting_stacks = [250, 300, 275]\nactions = [{action!r}]\n", encoding="utf-8")
    fast = same_as_python(path)
    [message] = [str(e) for e in fast.errors]
    quoted = message.split("line 7: ", 1)[1].split(": the dealer deals", 1)[0]
    assert repr(action).startswith(quoted)
    assert quoted == repr(action) or len(quoted.encode()) > 250
