"""Bovada / Bodog / Ignition text hand histories (stud.histories.sites.bovada).

The samples are this project's own hands in Bovada's format: features.txt
by hand (a bring-in tie broken by suit, the open pair's double bet on 4th
street, a line written twice, time-outs, a seat sitting out, a Stud H/L
tournament hand with an all-in call, a split pot and a side pot, a hold'em
hand passed over); generated_*.txt by bvgen.py from hands the engine
played; truncated.txt, damaged.txt and bodog_bom_crlf.txt for the ways a
file goes wrong or is saved.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from stud import Card, Variant
from stud.histories import Acted, Dealt, HistoryError, Move, Mucked, Showed, read, verify
from stud.histories.sites import detect_site, site_formats
from stud.histories.sites.bovada import FORMAT

from ..checks import awarded, read_with_errors, replays_to_the_chip
from . import bvgen

SAMPLES = Path(__file__).resolve().parent / "samples"
GOOD = ["features.txt", "generated_cash.txt", "generated_tournament.txt", "bodog_bom_crlf.txt"]


def records(name: str, **kwargs):
    return read_with_errors(SAMPLES / name, **kwargs)


def test_registered_and_detected_from_content():
    assert FORMAT.name in [site.name for site in site_formats()]
    for head in ("Bovada Hand #1 TBL#2 7CARD Fixed Limit - 2016-03-14 12:00:00",
                 "Bodog.com Hand #1 TBL#2 7CARD Fixed Limit - 2016-03-14 12:00:00",
                 "Ignition Hand #1: 7CARD HiLo Tournament #3 TBL#1, Fixed Limit - Level 1 (1/2)"
                 " - 2016-03-14 12:00:00"):
        assert detect_site(head) is FORMAT
    assert not FORMAT.detect("PokerStars Hand #1: Razz Limit (10/20) - 2010/01/01 1:00:00 ET")
    assert not FORMAT.detect("Full Tilt Poker Game #1: Table T - 1/2 - Limit Razz - 1:00 ET")


@pytest.mark.parametrize("name", GOOD)
def test_every_hand_replays_to_the_chip(name):
    replays_to_the_chip(SAMPLES / name, "bovada")


def test_features_fields():
    found, errors, reading = records("features.txt")
    assert errors == [] and reading.skipped == 1 and len(found) == 2
    stud, hilo = found

    assert stud.variant is Variant.SEVEN_CARD_STUD and stud.hand_id == "3391400001"
    # Seat+4 sat out: listed, not dealt in
    assert stud.players == ("Seat+1", "Seat+2", "Seat+6") and stud.seats == (1, 2, 6)
    assert stud.table == "20417" and stud.currency == "USD"
    assert stud.starting_stacks == (5000, 4000, 2500)
    # the stakes come from the bets: the completion to $1, a $2 bet on 5th street
    assert (stud.rules.small_bet, stud.rules.big_bet, stud.rules.ante, stud.rules.bring_in) \
        == (100, 200, 10, 25)
    assert stud.rules.bring_in_tiebreak == "suit" and stud.rules.open_pair_double
    # every card is written: the down cards of all three players are known
    assert stud.steps[0] == Dealt(0, (Card("3c"), Card("7d"), Card("2s")))
    assert stud.steps[2] == Dealt(2, (Card("Kc"), Card("Qd"), Card("2h")))
    assert stud.steps[3] == Acted(2, Move.BRING_IN, 25)
    # the line written twice is read once: one call by Seat+1 after the completion
    third = [s for s in stud.steps[3:10] if isinstance(s, Acted)]
    assert third == [Acted(2, Move.BRING_IN, 25), Acted(0, Move.CHECK_CALL, 25),
                     Acted(1, Move.RAISE, 100), Acted(2, Move.CHECK_CALL, 100),
                     Acted(0, Move.CHECK_CALL, 100)]
    assert Acted(0, Move.RAISE, 200) in stud.steps  # the double bet on 4th street
    assert stud.steps[-2:] == (Showed(1, tuple(Card(c) for c in "Ah Ad Ac Kd Js".split())),
                               Mucked(0))
    assert stud.collected == (0, 2630, 0) and stud.rake == 0  # the rake is derived
    assert stud.replay().rake == 100
    assert dict(stud.fields)["_me"] == "Seat+2"
    # under position ties the bring-in would be Seat+1's: the profile is needed
    assert verify(SAMPLES / "features.txt", profile={}).mismatches

    assert hilo.variant is Variant.SEVEN_CARD_STUD_HILO and hilo.currency is None
    assert hilo.starting_stacks == (5000, 200, 4200)
    assert (hilo.rules.small_bet, hilo.rules.big_bet, hilo.rules.ante, hilo.rules.bring_in) \
        == (200, 400, 20, 50)
    assert hilo.collected == (740, 300, 0)
    fields = dict(hilo.fields)
    assert fields["_tournament"] == "2194767" and fields["_level"] == "4"


def test_generated_hands_match_the_engine():
    for hand, text in bvgen.hands(60, 77):
        (record,) = read(text, format="bovada")
        assert record.starting_stacks == tuple(hand.starting_stacks)
        assert record.collected == awarded(hand)
        # every card is written, so the record knows every card the engine dealt
        for seat in range(hand.n_seats):
            dealt = [c for s in record.steps if isinstance(s, Dealt) and s.seat == seat
                     for c in s.cards]
            assert None not in dealt
        replayed = record.replay()
        assert replayed.payouts == hand.payouts and replayed.rake == hand.rake


def test_generated_tournaments():
    text = "\n".join(t for _, t in bvgen.hands(30, 8, tournament=True))
    result = verify(text)
    assert result.reproduced == 30 and not result.errors and not result.mismatches


def test_truncated_last_hand_is_an_error():
    found, errors, _ = records("truncated.txt")
    assert [r.hand_id for r in found] == ["3391400001"]
    (error,) = errors
    assert error.hand == "3391400002" and "summary" in error.reason


def test_damaged_line_names_file_hand_and_line():
    found, errors, _ = records("damaged.txt")
    assert [r.hand_id for r in found] == ["3391400002"]
    (error,) = errors
    assert error.hand == "3391400001" and error.line == 34
    assert error.file.endswith("damaged.txt") and "$4.0.1" in error.reason


@pytest.mark.parametrize("encoding", ["utf-8", "utf-8-sig", "utf-16-le", "cp1252"])
def test_encodings(tmp_path, encoding):
    text = (SAMPLES / "features.txt").read_text(encoding="utf-8")
    path = tmp_path / "hh.txt"
    path.write_bytes(text.replace("\n", "\r\n").encode(encoding))
    errors: list[HistoryError] = []
    reading = read(path, on_error=errors.append)
    found = list(reading)
    assert errors == [] and len(found) == 2 and reading.skipped == 1


def test_noise_never_breaks_a_hand():
    rng = random.Random(5)
    for hand, text in bvgen.hands(30, 9):
        lines = text.split("\n")
        seat = lines[1].split(":")[0].replace(" [ME]", "")
        noise = [f"{seat} : Table enter user", f"{seat} : Seat stand", "Table deposit $5",
                 f"{seat} : Seat re-join", f"{seat} : Table leave user"]
        for _ in range(3):
            lines.insert(rng.randrange(2, len(lines) - 3), rng.choice(noise))
        (record,) = read("\n".join(lines), format="bovada")
        assert record.collected == awarded(hand)


def test_stakes_read_past_short_all_ins():
    """Short stacks all in before a raise: the bets read from the hand's
    opening bets, not from the raise over the all-in."""
    text = "\n".join(t for _, t in bvgen.hands(200, 7, short=0.5))
    result = verify(text)
    assert result.reproduced == 200 and not result.errors and not result.mismatches
    stakes = {dict(r.fields)["_stakes_from"] for r in read(text, format="bovada")}
    assert "the bets" in stakes
