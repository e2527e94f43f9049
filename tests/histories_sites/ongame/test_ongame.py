"""OnGame's stud hand histories (stud.histories.sites.ongame): every sample
reads (its format found from its content), replays to the chip, and says
what its text says."""

from __future__ import annotations

from pathlib import Path

import pytest
import stud.histories as histories
from stud import Card, Variant
from stud.histories import HistoryError
from stud.histories.record import Acted, Dealt, Move
from stud.histories.sites import detect_site
from stud.histories.sites.ongame import FORMAT, OnGameReader

from ..checks import replays_to_the_chip
from .ongamewrite import random_hands

SAMPLES = Path(__file__).parent / "samples"
ALL = sorted(SAMPLES.glob("*.txt"))
GENERATED = {"cash_usd.txt": 40, "cash_eur_cp1252.txt": 30, "tournament_utf16.txt": 30}


def test_the_samples_are_there() -> None:
    assert {p.name for p in ALL} >= {*GENERATED, "features.txt"}


@pytest.mark.parametrize("path", ALL, ids=lambda p: p.name)
def test_every_sample_replays_to_the_chip(path: Path) -> None:
    replays_to_the_chip(path, "ongame", GENERATED.get(path.name, 1))


@pytest.mark.parametrize("name, currency", [("cash_usd.txt", "USD"),
                                            ("cash_eur_cp1252.txt", "EUR"),
                                            ("tournament_utf16.txt", None)])
def test_currency_games_and_rake(name: str, currency: str | None) -> None:
    records = list(histories.read(SAMPLES / name))
    assert {r.currency for r in records} == {currency}
    assert {r.variant for r in records} == {Variant.SEVEN_CARD_STUD,
                                            Variant.SEVEN_CARD_STUD_HILO, Variant.RAZZ}
    for record in records:
        assert record.replay().rake == record.rake  # "Rake taken:" is the record's
    assert any(r.rake for r in records) == (currency is not None)


def test_features_hand_by_hand() -> None:
    reading = histories.read(SAMPLES / "features.txt")
    (stud,) = list(reading)
    assert reading.skipped == 1  # the hold'em hand
    assert stud.hand_id == "R5-88000002-2" and stud.table == "Aachen"
    assert stud.players == ("Tiresias.", "---Cockatrice---", "BONUS 1OOO")
    assert stud.seats == (2, 5, 7) and stud.starting_stacks == (4000, 2550, 125000)
    assert (stud.rules.ante, stud.rules.small_bet, stud.rules.big_bet) == (10, 100, 200)
    assert stud.steps[:3] == (Dealt(0, (Card("Jc"), Card("Jd"), Card("2s"))),
                              Dealt(1, (None, None, Card("9h"))),
                              Dealt(2, (None, None, Card("Kc"))))
    acted = [s for s in stud.steps if isinstance(s, Acted)]
    assert acted[:3] == [Acted(0, Move.RAISE, 100),  # "big bring in": completes at once
                         Acted(1, Move.FOLD), Acted(2, Move.CHECK_CALL, 100)]
    assert acted[3:6] == [Acted(2, Move.CHECK_CALL), Acted(0, Move.RAISE, 100),
                          Acted(2, Move.RAISE, 200)]  # "raises $2.00 to $2.00"
    # the pot leaves the uncalled $2 out; the share is after the rake
    assert stud.collected == (1000, 0, 0) and stud.rake == 30
    assert stud.replay().rake == 30
    assert dict(stud.fields)["_hero"] == "Tiresias."


def test_a_truncated_last_hand_is_an_error_not_a_record() -> None:
    hands = list(random_hands(3, 61))
    last = hands[2].splitlines()
    cut = "\n".join(last[:last.index("Summary:") + 1]) + "\n"
    errors: list[HistoryError] = []
    records = list(histories.read("".join(hands[:2]) + cut, on_error=errors.append))
    assert len(records) == 2
    assert len(errors) == 1 and "cut short" in errors[0].reason
    assert errors[0].hand == last[0].split()[4]


def test_a_damaged_line_names_file_hand_and_line(tmp_path: Path) -> None:
    hands = list(random_hands(3, 62))
    lines = hands[1].splitlines()
    at = next(i for i, line in enumerate(lines) if " calls " in line or " bets " in line)
    lines[at] = lines[at].replace(" calls ", " calls x").replace(" bets ", " bets x")
    path = tmp_path / "damaged.txt"
    text = hands[0] + "\n".join(lines) + "\n" + hands[2]
    path.write_text(text, encoding="utf-8")
    errors: list[HistoryError] = []
    records = list(histories.read(path, on_error=errors.append))
    assert len(records) == 2 and len(errors) == 1
    error = errors[0]
    assert error.file == str(path) and error.hand == lines[0].split()[4]
    assert text.splitlines()[error.line - 1] == lines[at]


def test_a_wrong_net_is_an_error() -> None:
    lines = (SAMPLES / "features.txt").read_text(encoding="utf-8").splitlines()
    lines = [line.replace("net: +$4.90", "net: +$4.80") for line in lines]
    errors: list[HistoryError] = []
    assert list(histories.read("\n".join(lines) + "\n", on_error=errors.append)) == []
    assert "net" in errors[0].reason and errors[0].hand == "R5-88000002-2"


def test_detection_is_specific() -> None:
    text = (SAMPLES / "cash_usd.txt").read_text(encoding="utf-8")
    assert detect_site("\n".join(text.splitlines()[:40])) is FORMAT
    assert not FORMAT.detect("PokerStars Hand #1:  7 Card Stud Limit (10/20) - 2000/01/01")
    assert not FORMAT.detect("#Game No : 1\n***** Hand History for Game 1 *****")


def test_the_reader_alone() -> None:
    reader = OnGameReader(file="o.txt")
    lines = (SAMPLES / "features.txt").read_text(encoding="utf-8").splitlines(keepends=True)
    items = list(reader.read(lines))
    assert len(items) == 1 and reader.skipped == 1 and reader.cancelled == 0
