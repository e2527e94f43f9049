"""Absolute Poker / UltimateBet histories: the samples read (format found
from their content), replay to the chip, and say what the files say."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
import stud.histories as H
from stud import Card, Variant
from stud.histories import HistoryError
from stud.histories.record import Acted, Dealt, Move
from stud.histories.sites import detect_site
from stud.histories.sites.absolute import ABSOLUTE_PROFILE, FORMAT

from ..checks import read_with_errors, replays_to_the_chip
from ..wpn.wpn_gen import random_hand
from .abs_gen import GAMES, PROFILE, write_absolute

SAMPLES = Path(__file__).parent / "samples"
ALL = sorted(SAMPLES.glob("*.txt"))


def _records(source: object, **kw: object) -> tuple[list[H.HandRecord], list[HistoryError]]:
    return read_with_errors(source, **kw)[:2]


def _text(name: str) -> str:
    return (SAMPLES / name).read_text(encoding="utf-8")


@pytest.mark.parametrize("path", ALL, ids=lambda p: p.name)
def test_every_sample_reads_and_replays_to_the_chip(path: Path) -> None:
    replays_to_the_chip(path, "absolute")


def test_fields_of_a_hand_written_by_hand() -> None:
    [record] = _records(SAMPLES / "handwritten.txt")[0]
    assert record.variant is Variant.RAZZ and record.hand_id == "2000001"
    assert record.table == "OAK LANE" and record.currency == "USD"
    assert record.players == ("Mia", "old timer", "Zoë_Q") and record.seats == (1, 3, 4)
    assert record.starting_stacks == (120000, 8000, 4000)  # $1,200.00
    rules = record.rules
    assert (rules.small_bet, rules.big_bet, rules.ante, rules.bring_in) == (200, 400, 50, 100)
    assert record.steps[0] == Dealt(0, (Card("Ah"), Card("2d"), Card("3c")))
    assert record.steps[1] == Dealt(1, (None, None, Card("Kd")))
    assert record.steps[3] == Acted(1, Move.BRING_IN, 100)  # "Bring-In $1." (a full stop)
    assert record.steps[5] == Acted(0, Move.RAISE, 400)  # "Raises $4": the chips added
    # no rake line: collected as written, the replay derives the rake (1050 in, 950 won)
    assert record.collected == (950, 0, 0) and record.rake == 0
    assert record.replay().rake == 100


def test_games_money_and_tournaments_covered() -> None:
    records = _records(SAMPLES / "generated.txt")[0]
    assert {r.variant for r in records} == set(GAMES)
    assert {r.currency for r in records} == {"USD", "EUR", None}
    assert any(dict(r.fields).get("_tournament") == "4242" for r in records)


def test_profile_is_the_engine_default() -> None:
    assert ABSOLUTE_PROFILE == {} == PROFILE and FORMAT.name == "absolute"


def test_detection_from_content_only() -> None:
    for path in ALL:
        lines = [line.strip() for line in path.read_text(encoding="utf-8").splitlines()
                 if line.strip()]
        site = detect_site("\n".join(lines[:40]))
        assert site is not None and site.name == "absolute"
    assert not FORMAT.detect("PokerStars Hand #1: 7 Card Stud Limit ($0.10/$0.20 USD) - "
                             "2024/01/02 3:04:05 ET\nSeat 1: ann ($5 in chips)")
    assert not FORMAT.detect("Hand #1 - 7Stud(Fixed Limit) - $0.10/$0.20 - 2021/03/04 UTC")


def test_a_truncated_last_hand_is_an_error(tmp_path: Path) -> None:
    text = _text("generated.txt").rstrip("\n")
    cut = text[:text.rfind("*** SUMMARY ***")]
    path = tmp_path / "cut.txt"
    path.write_text(cut, encoding="utf-8")
    records, errors = _records(path)
    assert len(records) == 99 and len(errors) == 1 and "cut off" in errors[0].reason


def test_a_damaged_line_names_file_hand_and_line(tmp_path: Path) -> None:
    lines = _text("generated.txt").split("\n")
    index = next(i for i, line in enumerate(lines) if " - Calls " in line)
    hand_id = next(line for line in reversed(lines[:index]) if line.startswith("Stage #"))
    lines[index] = lines[index].split(" - Calls ")[0] + " - Calls $1.x"
    path = tmp_path / "damaged.txt"
    path.write_text("\n".join(lines), encoding="utf-8")
    records, errors = _records(path)
    assert len(records) == 99 and len(errors) == 1
    assert (errors[0].file, errors[0].hand, errors[0].line) == (
        str(path), hand_id.split("#")[1].split(":")[0], index + 1)


def test_other_games_are_skipped_and_counted(tmp_path: Path) -> None:
    holdem = ("Stage #1571362962: Holdem  No Limit $0.02 - 2009-08-05 15:24:06 (ET)\n"
              "Table: TORONTO AVE (Real Money) Seat #6 is the dealer\n"
              "Seat 6 - FETS63 ($0.75 in chips)\nSeat 1 - other ($1 in chips)\n"
              "*** SUMMARY ***\n\n")
    path = tmp_path / "mixed.txt"
    path.write_text(_text("generated.txt") + holdem, encoding="utf-8")
    reading = H.read(path)
    assert len(list(reading)) == 100 and reading.skipped == 1


@pytest.mark.parametrize("encoding", ["cp1252", "utf-16", "utf-8-sig"])
def test_encodings(encoding: str, tmp_path: Path) -> None:
    path = tmp_path / "enc.txt"
    path.write_bytes(_text("handwritten.txt").replace("\n", "\r\n").encode(encoding))
    assert _records(path)[0] == _records(SAMPLES / "handwritten.txt")[0]


def test_engine_hands_round_trip() -> None:
    rng = random.Random(5)
    for index in range(40):
        hand = random_hand(rng, short=index % 2 == 0, profile=PROFILE, variants=tuple(GAMES))
        [record] = _records(write_absolute(hand, hand_id=index + 1))[0]
        assert record.replay().stacks == hand.stacks


def test_an_all_in_bring_in_for_less_keeps_the_rules_bring_in() -> None:
    # "Bring-In $0.40." with the stack spent: the bring-in of the game is still
    # the full one (the next player calls $0.50), not what the short stack put in
    rng = random.Random(9)
    short = 0
    for index in range(130):
        money = index % 3 != 2
        hand = random_hand(rng, money=money, short=index % 4 == 3, profile=PROFILE,
                           variants=tuple(GAMES))
        [record] = _records(write_absolute(hand, hand_id=index + 1, money=money,
                                           tournament=None if money else 7))[0]
        assert record.rules.bring_in == hand.rules.bring_in
        assert record.replay().stacks == hand.stacks
        bring_in = next((s for s in record.steps
                         if isinstance(s, Acted) and s.move is Move.BRING_IN), None)
        if bring_in is not None and bring_in.to is not None and \
                bring_in.to < (hand.rules.bring_in or 0):
            short += 1
    assert short >= 1


def test_an_all_in_for_less_than_the_bring_in_calls_a_short_bring_in() -> None:
    # lou brings in all in for $0.03 of the $0.05 bring-in; mo, all in for
    # $0.05, calls the whole bring-in (docs/rules.md 2.7), not a completion;
    # kate calls it too (nobody is left to bet against)
    [record] = _records(SAMPLES / "short_bring_in_call.txt")[0]
    acted = [s for s in record.steps if isinstance(s, Acted)]
    assert [(s.seat, s.move, s.to) for s in acted] == [
        (1, Move.BRING_IN, 3), (2, Move.CHECK_CALL, 5), (0, Move.CHECK_CALL, 5)]
    assert record.rules.bring_in == 5
    assert record.replay().stacks == [1_00 - 2 - 5 + 19, 0, 0]
