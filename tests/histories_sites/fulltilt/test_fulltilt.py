"""Full Tilt Poker's text hand histories (stud.histories.sites.fulltilt).

The samples are this project's own hands written in Full Tilt's format:
features.txt by hand (a bring-in tie broken by suit, a player sitting out,
chat and table lines, an open pair's double bet, a tournament Razz hand
with an all-in bring-in and a side pot, a Stud H/L split in euros, a
hold'em hand passed over); generated_*.txt by ftgen.py from hands the
engine played (random actions, short stacks, rake); truncated.txt,
damaged.txt and utf16_features.txt for the ways a file goes wrong or is
encoded.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from stud import Card, Variant
from stud.histories import Acted, Dealt, HistoryError, Move, Mucked, Showed, read, verify
from stud.histories.sites import detect_site, site_formats
from stud.histories.sites.fulltilt import FORMAT

from ..checks import awarded, read_with_errors, replays_to_the_chip
from . import ftgen

SAMPLES = Path(__file__).resolve().parent / "samples"
GOOD = ["features.txt", "generated_cash_usd.txt", "generated_cash_eur.txt",
        "generated_tournament.txt", "utf16_features.txt"]


def records(name: str, **kwargs):
    return read_with_errors(SAMPLES / name, **kwargs)


def test_registered_and_detected_from_content():
    assert FORMAT.name in [site.name for site in site_formats()]
    head = (SAMPLES / "features.txt").read_text(encoding="utf-8").split("\n")[0]
    assert detect_site(head) is FORMAT
    assert detect_site("#" + head) is FORMAT
    assert not FORMAT.detect("PokerStars Game #1: Razz Limit (10/20) - 2010/01/01 1:00:00 ET")
    assert not FORMAT.detect("Table 'x' 8-max\nFull Tilt Poker Game #1: ...")
    assert FORMAT.profile == {"bring_in_tiebreak": "suit", "reopen_rule": "half_bet"}


@pytest.mark.parametrize("name", GOOD)
def test_every_hand_replays_to_the_chip(name):
    assert len(replays_to_the_chip(SAMPLES / name, "fulltilt")) >= 3


def test_features_fields():
    found, errors, reading = records("features.txt")
    assert errors == [] and reading.skipped == 1 and len(found) == 3
    stud, razz, hilo = found

    # a bring-in tie (two deuces) broken by suit; Zed sits out and is not dealt in
    assert stud.variant is Variant.SEVEN_CARD_STUD and stud.hand_id == "29990000001"
    assert stud.players == ("Ann Lee", "bob_k", "Çelik") and stud.seats == (1, 3, 5)
    assert stud.table == "Brook (6 max)" and stud.currency == "USD"
    assert stud.starting_stacks == (4000, 3520, 5000)
    assert (stud.rules.small_bet, stud.rules.big_bet, stud.rules.ante, stud.rules.bring_in) \
        == (200, 400, 40, 50)
    assert stud.rules.bring_in_tiebreak == "suit"
    assert stud.steps[0] == Dealt(0, (Card("9h"), Card("9s"), Card("2d")))
    assert stud.steps[1] == Dealt(1, (None, None, Card("2c")))
    assert stud.steps[3] == Acted(1, Move.BRING_IN, 50)
    assert Acted(2, Move.RAISE, 400) in stud.steps  # the open pair's double bet
    assert stud.steps[-2:] == (Showed(0, tuple(Card(c) for c in "9h 9s 2d 7c 9d 4h Jc".split())),
                               Mucked(2))
    assert stud.collected == (4520, 0, 0) and stud.rake == 200
    fields = dict(stud.fields)
    assert fields["_hero"] == "Ann Lee"
    assert fields["_mucked_cards"] == ((2, "Qs 5c Kd Kh 3s 6c 8d"),)
    # the same hand under position ties does not replay: the profile is needed
    mismatched = verify(SAMPLES / "features.txt", profile={"bring_in_tiebreak": "position"})
    assert mismatched.reproduced == 2 and len(mismatched.mismatches) == 1

    # a tournament: chips with commas, an all-in bring-in below the bring-in, a side pot
    assert razz.variant is Variant.RAZZ and razz.currency is None
    assert razz.starting_stacks == (12500, 550, 9000)
    assert (razz.rules.small_bet, razz.rules.ante, razz.rules.bring_in) == (1000, 200, 500)
    assert razz.steps[3] == Acted(1, Move.BRING_IN, 350)
    assert razz.collected == (4950, 0, 0) and razz.rake == 0
    assert dict(razz.fields)["_tournament"] == "211000777"

    # euros, a hi/lo split, a stated rake
    assert hilo.variant is Variant.SEVEN_CARD_STUD_HILO and hilo.currency == "EUR"
    assert hilo.seats == (2, 7) and hilo.collected == (580, 580) and hilo.rake == 60
    assert hilo.rules.bring_in == 25


def test_generated_hands_match_the_engine():
    """Each generated hand read back: the engine's stacks, bets and payouts."""
    for index, (hand, text) in enumerate(ftgen.hands(60, 99)):
        (record,) = read(text + "\n", format="fulltilt")
        assert record.starting_stacks == tuple(hand.starting_stacks)
        assert record.collected == awarded(hand), index
        assert record.rake == hand.rake
        assert record.rules.variant is hand.rules.variant
        replayed = record.replay()
        assert replayed.payouts == hand.payouts and replayed.stacks == hand.stacks


def test_generated_tournaments_and_euros():
    for options in ({"tournament": True}, {"currency": "EUR"}, {"currency": "GBP"}):
        text = "\n\n".join(t for _, t in ftgen.hands(20, 5, **options))
        result = verify(text)
        assert result.reproduced == 20 and not result.errors and not result.mismatches


def test_truncated_last_hand_is_an_error():
    found, errors, _ = records("truncated.txt")
    assert len(found) == 1
    (error,) = errors
    assert error.hand == "29990000003" and "summary" in error.reason
    assert error.file.endswith("truncated.txt") and error.line is not None


def test_damaged_line_names_file_hand_and_line():
    found, errors, _ = records("damaged.txt")
    assert [r.hand_id for r in found] == ["29990000003"]
    (error,) = errors
    assert error.hand == "29990000001" and error.line == 33
    assert "$8x" in error.reason
    with pytest.raises(HistoryError):
        list(read(SAMPLES / "damaged.txt"))


@pytest.mark.parametrize("encoding", ["utf-8", "utf-8-sig", "utf-16-le", "utf-16", "cp1252"])
def test_encodings(tmp_path, encoding):
    text = (SAMPLES / "features.txt").read_text(encoding="utf-8")
    path = tmp_path / "hh.txt"
    data = text.replace("\n", "\r\n").encode(encoding)
    if encoding == "utf-16-le":
        data += b"\n"  # a cut-off last byte (half a UTF-16 unit)
    path.write_bytes(data)
    errors: list[HistoryError] = []
    reading = read(path, on_error=errors.append)
    found = list(reading)
    assert errors == [] and len(found) == 3 and reading.skipped == 1
    assert found[0].players[2] == "Çelik" and found[2].currency == "EUR"


def test_other_games_skipped_and_counted():
    text = (SAMPLES / "features.txt").read_text(encoding="utf-8")
    holdem = text.split("\n\n\n\n")[3]
    reading = read("\n\n".join([holdem, holdem, holdem]) + "\n", format="fulltilt")
    assert list(reading) == [] and reading.skipped == 3


def test_noise_never_breaks_a_hand():
    """Lines that only inform, anywhere in a hand, change nothing."""
    rng = random.Random(3)
    noise = ["Newbie sits down", "Newbie adds $20", "{} has 15 seconds left to act",
             "{} is sitting out", "{}: nh", "{} has reconnected", "5 seconds left to act",
             "{} stands up"]
    for hand, text in ftgen.hands(30, 17):
        lines = text.split("\n")
        names = [ln.split(": ", 1)[1].rsplit(" (", 1)[0] for ln in lines if ln.startswith("Seat ")
                 and "(" in ln][:1]
        for _ in range(4):
            at = rng.randrange(2, len(lines) - 3)
            lines.insert(at, rng.choice(noise).format(names[0]))
        (record,) = read("\n".join(lines), format="fulltilt")
        assert record.collected == awarded(hand)
