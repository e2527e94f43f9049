"""Winning Poker Network histories, both formats: the samples read (format
found from their content), replay to the chip, and say what the files say."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
import stud.histories as H
from stud import Card, Variant
from stud.histories import HistoryError
from stud.histories.record import Acted, Dealt, Move, Mucked, Showed
from stud.histories.sites import detect_site
from stud.histories.sites.wpn import FORMAT, WPN_PROFILE

from ..checks import read_with_errors, replays_to_the_chip
from .wpn_gen import generated, random_hand, write_new, write_old

SAMPLES = Path(__file__).parent / "samples"
ALL = sorted(SAMPLES.glob("*.txt"))
HEAD_LINES = 40


def _records(source: object, **kw: object) -> tuple[list[H.HandRecord], list[HistoryError]]:
    return read_with_errors(source, **kw)[:2]


def _head(text: str) -> str:
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    return "\n".join(lines[:HEAD_LINES])


@pytest.mark.parametrize("path", ALL, ids=lambda p: p.name)
def test_every_sample_reads_and_replays_to_the_chip(path: Path) -> None:
    replays_to_the_chip(path, "wpn")


def test_profile_is_odd_chip_to_the_low_half() -> None:
    assert WPN_PROFILE == {"odd_chip_half": "low"}
    assert FORMAT.name == "wpn" and FORMAT.profile is WPN_PROFILE
    [record] = _records(SAMPLES / "handwritten_new.txt")[0]
    assert record.rules.odd_chip_half == "low"


@pytest.mark.parametrize("name", ["odd_chip_new.txt", "odd_chip_old.txt"])
def test_odd_chip_of_a_split_pot_goes_to_the_low_half(name: str) -> None:
    # the same hands with the odd chip to the high half do not reproduce
    path = SAMPLES / name
    assert H.verify(path).reproduced == 3
    wrong = H.verify(path, profile={"odd_chip_half": "high"})
    assert wrong.reproduced == 0 and len(wrong.mismatches) == 3
    assert all(m.step is None for m in wrong.mismatches)  # the settlement differs


def test_newer_format_fields() -> None:
    [record] = _records(SAMPLES / "handwritten_new.txt")[0]
    assert record.hand_id == "1001" and record.table == "Kansas"
    assert record.variant is Variant.SEVEN_CARD_STUD
    rules = record.rules
    assert (rules.small_bet, rules.big_bet, rules.ante, rules.bring_in) == (10, 20, 2, 5)
    # idle joe sits out: not a seat; the commas of $1,250.00
    assert record.players == ("ann", "Bob Marley", "cé_line")
    assert record.seats == (2, 5, 7)
    assert record.starting_stacks == (400, 125000, 300)
    assert record.currency == "USD"
    assert record.collected == (106, 0, 0) and record.rake == 5
    fields = dict(record.fields)
    assert fields["_hero"] == "ann" and fields["seat_count"] == 8
    assert record.steps[0] == Dealt(0, (Card("As"), Card("Kd"), Card("Qc")))
    assert record.steps[1] == Dealt(1, (None, None, Card("9h")))
    assert record.steps[3] == Acted(2, Move.BRING_IN, 5)
    assert record.steps[4] == Acted(0, Move.RAISE, 10)
    assert record.steps[-1] == Acted(1, Move.FOLD)
    hand = record.replay()
    assert hand.stacks[0] - 400 == 106 - 2 - 10 - 40  # what ann won less what she put in


def test_older_format_fields_cp1252_and_tens() -> None:
    path = SAMPLES / "handwritten_old_cp1252.txt"
    assert path.read_bytes().count(b"Zo\xeb") > 0  # really cp1252
    [record] = _records(path)[0]
    assert record.hand_id == "555000111" and record.players == ("Zoë", "big fish")
    assert record.currency is None  # a tournament table: chips
    assert record.starting_stacks == (1500, 1200) and record.seats == (3, 6)
    assert (record.rules.small_bet, record.rules.ante, record.rules.bring_in) == (100, 20, 50)
    # "10s" is the ten of spades; the uncalled 200 is taken out of "Collects: 840"
    assert record.steps[0] == Dealt(0, (Card("Ts"), Card("Jd"), Card("Qh")))
    assert record.collected == (640, 0) and record.rake == 0
    assert record.steps[3] == Acted(0, Move.RAISE, 100)  # "raises (100)": the chips added


def test_older_format_tells_cash_amounts_from_chips() -> None:
    records = _records(SAMPLES / "generated_old.txt")[0]
    cash = [r for r in records if r.table == "Ohio"]
    chips = [r for r in records if r.table != "Ohio"]
    assert cash and chips
    assert all(r.currency == "USD" for r in cash) and all(r.currency is None for r in chips)


def test_showdowns_give_shown_cards_and_mucks() -> None:
    records = _records(SAMPLES / "generated_new.txt")[0]
    shows = [s for r in records for s in r.steps if isinstance(s, Showed)]
    mucks = [s for r in records for s in r.steps if isinstance(s, Mucked)]
    assert shows and mucks
    assert all(len(s.cards) in (5, 7) and None not in s.cards for s in shows)


def test_both_games_cash_and_tournaments_are_covered() -> None:
    for name in ("generated_new.txt", "generated_old.txt"):
        records = _records(SAMPLES / name)[0]
        assert {r.variant for r in records} == {Variant.SEVEN_CARD_STUD,
                                                Variant.SEVEN_CARD_STUD_HILO}
        assert {r.currency for r in records} == {"USD", None}
    new = _records(SAMPLES / "generated_new.txt")[0]
    assert any(dict(r.fields).get("_tournament") == "777" for r in new)


def test_observer_files_name_no_down_cards() -> None:
    for name in ("observer_new.txt", "observer_old.txt"):
        records = _records(SAMPLES / name)[0]
        for record in records:
            first = [s for s in record.steps if isinstance(s, Dealt)][:record.n_seats]
            assert all(s.cards[0] is None and s.cards[1] is None for s in first)
            assert "_hero" not in dict(record.fields)


def test_detection_from_content_only() -> None:
    for path in ALL:
        text = path.read_bytes().decode("utf-8", errors="replace")
        site = detect_site(_head(text))
        assert site is not None and site.name == "wpn", path.name
    pokerstars = ("PokerStars Hand #1: 7 Card Stud Limit ($0.10/$0.20 USD) - 2024/01/02 3:04:05 ET\n"
                  "Table 'Doc' 8-max\nSeat 1: ann ($5 in chips)")
    assert not FORMAT.detect(pokerstars)
    assert not FORMAT.detect("Game ID: 1 0.10/0.20 Ohio (Seven Cards Stud)")  # no start line
    assert not FORMAT.detect("Stage #1: Seven Card Stud Normal $0.10/$0.20 - 2009-01-01")


def _text(name: str) -> str:
    return (SAMPLES / name).read_text(encoding="utf-8")


@pytest.mark.parametrize("name", ["generated_new.txt", "generated_old.txt"])
def test_a_truncated_last_hand_is_an_error(name: str, tmp_path: Path) -> None:
    text = _text(name)
    whole = len(_records(SAMPLES / name)[0])
    cut = text.rstrip("\n")
    cut = cut[:cut.rfind("\n", 0, len(cut) - 40)]  # a few lines short
    path = tmp_path / name
    path.write_text(cut, encoding="utf-8")
    records, errors = _records(path)
    assert len(records) == whole - 1 and len(errors) == 1
    assert "cut off" in errors[0].reason and errors[0].file == str(path)


def test_a_damaged_line_names_file_hand_and_line(tmp_path: Path) -> None:
    lines = _text("generated_new.txt").split("\n")
    index = next(i for i, line in enumerate(lines) if " calls $" in line)
    hand_id = next(line for line in reversed(lines[:index]) if "Hand #" in line)
    hand_id = hand_id.split("#")[1].split()[0]
    lines[index] = lines[index].split(" calls ")[0] + " calls $1.2.3"
    path = tmp_path / "damaged.txt"
    path.write_text("\n".join(lines), encoding="utf-8")
    records, errors = _records(path)
    assert len(records) == 99 and len(errors) == 1
    error = errors[0]
    assert (error.file, error.hand, error.line) == (str(path), hand_id, index + 1)


def test_an_unknown_player_is_an_error_and_the_rest_is_read(tmp_path: Path) -> None:
    lines = _text("generated_old.txt").split("\n")
    index = next(i for i, line in enumerate(lines) if line.startswith("Player ann checks"))
    lines[index] = "Player nobody checks"
    path = tmp_path / "x.txt"
    path.write_text("\n".join(lines), encoding="utf-8")
    records, errors = _records(path)
    # the line says nothing known (a line of someone not at the table is passed over,
    # as chat is) or makes the hand fail: never a crash, the other 99 hands read
    assert len(records) + len(errors) == 100 and len(records) >= 99


_HOLDEM_NEW = """Hand #5551 - Holdem(No Limit) - $0.05/$0.10 - 2021/03/04 05:06:07 UTC
Table 'Flop' 6-max Seat #1 is the button
Seat 1: ann ($10.00)
Seat 2: bob ($10.00)
ann posts the small blind $0.05
bob posts the big blind $0.10
*** HOLE CARDS ***
ann folds
Uncalled bet ($0.05) returned to bob
*** SUMMARY ***
Total pot $0.10 | Rake $0.00
Seat 1: ann (button) (small blind) folded before Flop
Seat 2: bob (big blind) did not show and won $0.10

"""

_HOLDEM_OLD = """Game started at: 2014/5/6 7:08:09
Game ID: 4441 0.05/0.10 Flop (Hold'em)
Seat 1: ann (10).
Seat 2: bob (10).
Player ann has small blind (0.05)
Player bob has big blind (0.10)
Player ann folds
------ Summary ------
*Player bob does not show cards.Bets: 0.10. Collects: 0.15. Wins: 0.05.
Player ann does not show cards.Bets: 0.05. Collects: 0. Loses: 0.05.
Game ended at: 2014/5/6 7:08:19

"""


@pytest.mark.parametrize("name,other", [("generated_new.txt", _HOLDEM_NEW),
                                        ("generated_old.txt", _HOLDEM_OLD)])
def test_other_games_are_skipped_and_counted(name: str, other: str, tmp_path: Path) -> None:
    text = _text(name)
    path = tmp_path / name
    path.write_text(other + text + other.replace("5551", "5552").replace("4441", "4442"),
                    encoding="utf-8")
    reading = H.read(path)
    records = list(reading)
    assert len(records) == 100 and reading.skipped == 2


@pytest.mark.parametrize("encoding", ["utf-8-sig", "utf-16", "utf-16-le", "cp1252"])
@pytest.mark.parametrize("name", ["generated_new.txt", "generated_old.txt"])
def test_encodings(name: str, encoding: str, tmp_path: Path) -> None:
    text = _text(name)
    if encoding == "cp1252":
        text = text.replace("$", "$")  # (every name of the samples is in cp1252)
    path = tmp_path / "enc.txt"
    data = text.replace("\n", "\r\n").encode(encoding)
    if encoding == "utf-16-le":
        data = data[:-1]  # a cut-off last byte
    path.write_bytes(data)
    assert _records(path)[0] == _records(SAMPLES / name)[0]


def test_older_format_without_street_markers(tmp_path: Path) -> None:
    # the markers of 4th to 6th street, whose up cards open the street; 7th
    # street's (a down card nobody else sees) is kept
    text = _text("generated_old.txt")
    bare = "\n".join(line for line in text.split("\n")
                     if not line.startswith("*** ") or line == "*** Sixth street ***")
    path = tmp_path / "bare.txt"
    path.write_text(bare, encoding="utf-8")
    assert _records(path)[0] == _records(SAMPLES / "generated_old.txt")[0]


def test_newer_format_raise_by_and_uncalled_bet_in_the_winnings(tmp_path: Path) -> None:
    text = _text("handwritten_new.txt")
    [expected] = _records(SAMPLES / "handwritten_new.txt")[0]
    variants = [
        text.replace("ann raises $0.05 to $0.10", "ann raises $0.05"),  # raise by only
        text.replace("Uncalled bet ($0.20) returned to ann\n", "")
            .replace("won $1.06", "won $1.26"),  # the uncalled bet counted as won
        text.replace("ann bets $0.20", "ann bets $0.20."),  # a trailing full stop
    ]
    for index, variant in enumerate(variants):
        path = tmp_path / f"v{index}.txt"
        path.write_text(variant, encoding="utf-8")
        [record] = _records(path)[0]
        assert record == expected, index


def test_totals_that_do_not_add_up_are_errors(tmp_path: Path) -> None:
    text = _text("handwritten_new.txt").replace("won $1.06", "won $1.07")
    path = tmp_path / "x.txt"
    path.write_text(text, encoding="utf-8")
    records, errors = _records(path)
    assert not records and "total pot" in errors[0].reason
    old = _text("generated_old.txt").split("\n\n")[0].replace("Bets: 0.77.", "Bets: 0.78.")
    path.write_text(old + "\n\n", encoding="utf-8")
    records, errors = _records(path)
    assert not records and "summary says" in errors[0].reason


def test_more_engine_hands_round_trip() -> None:
    # hands played by the engine, written in each format, read back: the
    # same starting stacks, and a replay that ends with the engine's stacks
    rng = random.Random(11)
    for index in range(60):
        hand = random_hand(rng, short=index % 2 == 0, money=index % 3 != 0)
        for text in (write_new(hand, hand_id=index, money=index % 3 != 0,
                               tournament=None if index % 3 else 1),
                     write_old(hand, hand_id=index, money=index % 3 != 0,
                               table="Ohio" if index % 3 else "Sit, Table 2")):
            [record] = _records(text)[0]
            assert record.starting_stacks == tuple(hand.starting_stacks)
            assert record.replay().stacks == hand.stacks


def test_many_generated_hands_read() -> None:
    text = generated(40, 99, old=False) + generated(40, 98, old=True)
    records, errors = _records(text)
    assert not errors and len(records) == 80
