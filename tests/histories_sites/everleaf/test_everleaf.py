"""Everleaf Gaming text hand histories (stud.histories.sites.everleaf).

The samples are this project's own hands in Everleaf's format:
features.txt by hand (the open pair's double bet and a raise over it, an
uncalled bet the file leaves out, chat, a Stud Hi/Lo tournament hand split
high and low with the odd chip, a hold'em hand passed over);
generated_*.txt by elgen.py from hands the engine played (dollars, euros,
chips); truncated.txt, damaged.txt and cp1252_euro.txt for the ways a file
goes wrong or is encoded.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from stud import Card, Variant
from stud.histories import Acted, Dealt, HistoryError, Move, Showed, read, verify
from stud.histories.sites import detect_site, site_formats
from stud.histories.sites.everleaf import FORMAT

from ..checks import awarded, read_with_errors, replays_to_the_chip
from . import elgen

SAMPLES = Path(__file__).resolve().parent / "samples"
GOOD = ["features.txt", "generated_usd.txt", "generated_eur.txt", "generated_chips.txt",
        "cp1252_euro.txt"]


def records(name: str, **kwargs):
    return read_with_errors(SAMPLES / name, **kwargs)


def test_registered_and_detected_from_content():
    assert FORMAT.name in [site.name for site in site_formats()]
    assert detect_site("***** Hand history for game #75065769 *****") is FORMAT
    assert detect_site("Everleaf Gaming Game #1\n***** Hand history for game #1 *****") is FORMAT
    assert not FORMAT.detect("Everleaf Gaming Game #1\nPokerStars Hand #1: Razz Limit (1/2)")
    assert not FORMAT.detect("PokerStars Hand #1: Razz Limit (10/20) - 2010/01/01 1:00:00 ET")


@pytest.mark.parametrize("name", GOOD)
def test_every_hand_replays_to_the_chip(name):
    replays_to_the_chip(SAMPLES / name, "everleaf")


def test_features_fields():
    found, errors, reading = records("features.txt")
    assert errors == [] and reading.skipped == 1 and len(found) == 2
    stud, hilo = found

    assert stud.variant is Variant.SEVEN_CARD_STUD and stud.hand_id == "76000001"
    assert stud.players == ("Max", "Lü", "Otto K") and stud.seats == (2, 4, 5)
    assert stud.table == "Lyon" and stud.currency == "USD"
    assert stud.starting_stacks == (2000, 1550, 3000)
    assert (stud.rules.small_bet, stud.rules.big_bet, stud.rules.ante, stud.rules.bring_in) \
        == (50, 100, 10, 20)
    assert stud.steps[0] == Dealt(0, (Card("4d"), Card("4s"), Card("Th")))
    assert stud.steps[1] == Dealt(1, (None, None, Card("3c")))
    # the open pair's double bet, and a raise by $1 over it: to $2
    assert Acted(0, Move.RAISE, 100) in stud.steps and Acted(2, Move.RAISE, 200) in stud.steps
    assert stud.collected == (650, 0, 0) and stud.rake == 0
    hand = stud.replay()
    assert hand.rake == 30  # derived: the file states none, nor the uncalled $1
    assert dict(stud.fields)["_hero"] == "Max"
    # without the open pair's double bet the hand does not replay
    assert verify(SAMPLES / "features.txt", profile={"open_pair_double": False}).mismatches

    assert hilo.variant is Variant.SEVEN_CARD_STUD_HILO and hilo.currency is None
    assert hilo.starting_stacks == (1500, 900, 2000)
    assert (hilo.rules.small_bet, hilo.rules.ante, hilo.rules.bring_in) == (40, 5, 10)
    assert hilo.collected == (267, 268, 0)
    assert isinstance(hilo.steps[-1], Showed) and hilo.steps[-1].seat == 0


def test_generated_hands_match_the_engine():
    for currency in ("USD", "EUR", None):
        for hand, text in elgen.hands(25, 41, currency=currency):
            (record,) = read(text, format="everleaf")
            assert record.starting_stacks == tuple(hand.starting_stacks)
            assert record.collected == awarded(hand)
            replayed = record.replay()
            assert replayed.payouts == hand.payouts and replayed.rake == hand.rake


def test_truncated_last_hand_is_an_error():
    found, errors, _ = records("truncated.txt")
    assert [r.hand_id for r in found] == ["76000001"]
    (error,) = errors
    assert error.hand == "76000002" and "cut short" in error.reason


def test_damaged_line_names_file_hand_and_line():
    found, errors, _ = records("damaged.txt")
    assert [r.hand_id for r in found] == ["76000002"]
    (error,) = errors
    assert error.hand == "76000001" and error.line == 27 and "1,5" in error.reason
    assert error.file.endswith("damaged.txt")


@pytest.mark.parametrize("encoding", ["utf-8", "utf-8-sig", "utf-16-le", "cp1252"])
def test_encodings(tmp_path, encoding):
    text = (SAMPLES / "features.txt").read_text(encoding="utf-8")
    path = tmp_path / "hh.txt"
    path.write_bytes(text.replace("\n", "\r\n").encode(encoding))
    errors: list[HistoryError] = []
    reading = read(path, on_error=errors.append)
    found = list(reading)
    assert errors == [] and len(found) == 2 and reading.skipped == 1
    assert found[0].players[1] == "Lü"


def test_euro_file_in_windows_1252():
    (record,) = read(SAMPLES / "cp1252_euro.txt")
    assert record.currency == "EUR" and record.collected == (650, 0, 0)


def test_noise_never_breaks_a_hand():
    rng = random.Random(11)
    for hand, text in elgen.hands(30, 12):
        lines = text.split("\n")
        name = lines[4].split(": ", 1)[1].rsplit(" (", 1)[0]
        noise = [f"{name}: gl", f"{name} has timed out", f"{name} is sitting out",
                 "Player newbie has joined the table", f"{name} has left the table"]
        for _ in range(3):
            lines.insert(rng.randrange(4, len(lines) - 2), rng.choice(noise))
        (record,) = read("\n".join(lines), format="everleaf")
        assert record.collected == awarded(hand)
