"""Winamax's stud hand histories (stud.histories.sites.winamax): every sample
reads (its format found from its content), replays to the chip, and says
what its text says."""

from __future__ import annotations

from pathlib import Path

import pytest
import stud.histories as histories
from stud import Card, Variant
from stud.histories import HistoryError
from stud.histories.record import Acted, Dealt, Move, Showed
from stud.histories.sites import detect_site
from stud.histories.sites.winamax import FORMAT, WinamaxReader

from ..checks import replays_to_the_chip
from .winamaxwrite import random_hands

SAMPLES = Path(__file__).parent / "samples"
ALL = sorted(SAMPLES.glob("*.txt"))
GENERATED = {"cash_eur.txt": 40, "tournament_bom.txt": 30, "cash_french_cp1252.txt": 20}


def test_the_samples_are_there() -> None:
    assert {p.name for p in ALL} >= {*GENERATED, "features.txt"}


@pytest.mark.parametrize("path", ALL, ids=lambda p: p.name)
def test_every_sample_replays_to_the_chip(path: Path) -> None:
    replays_to_the_chip(path, "winamax", GENERATED.get(path.name, 1))


@pytest.mark.parametrize("name, currency", [("cash_eur.txt", "EUR"),
                                            ("cash_french_cp1252.txt", "EUR"),
                                            ("tournament_bom.txt", None)])
def test_currency_games_and_rake(name: str, currency: str | None) -> None:
    records = list(histories.read(SAMPLES / name))
    assert {r.currency for r in records} == {currency}
    assert {r.variant for r in records} == {Variant.SEVEN_CARD_STUD,
                                            Variant.SEVEN_CARD_STUD_HILO, Variant.RAZZ}
    text = (SAMPLES / name).read_bytes().decode("cp1252" if "cp1252" in name else "utf-8-sig")
    stated = [line for line in text.splitlines() if line.startswith("Total pot")]
    assert len(stated) == len(records)
    for record, line in zip(records, stated):
        # the summary's rake is the record's, and the replay takes it
        assert ("No rake" in line) == (record.rake == 0)
        assert record.replay().rake == record.rake


def test_features_hand_by_hand() -> None:
    reading = histories.read(SAMPLES / "features.txt")
    (razz,) = list(reading)
    assert reading.skipped == 1  # the hold'em hand
    assert razz.hand_id == "7100002-2-1600000002" and razz.table == "Nantes"
    assert razz.variant is Variant.RAZZ and razz.currency == "EUR"
    # "sleeper" neither antes nor is dealt in: not a seat
    assert razz.players == ("anna", "jean pierre", "Amélie_75") and razz.seats == (1, 3, 5)
    assert razz.starting_stacks == (12050, 8000, 300)
    assert (razz.rules.ante, razz.rules.small_bet, razz.rules.big_bet,
            razz.rules.bring_in) == (100, 400, 800, 200)
    assert razz.steps[:3] == (Dealt(0, (Card("3c"), Card("2d"), Card("5h"))),
                              Dealt(1, (None, None, Card("Kd"))),
                              Dealt(2, (None, None, Card("4s"))))
    acted = [s for s in razz.steps if isinstance(s, Acted)]
    assert acted == [Acted(1, Move.BRING_IN, 200), Acted(2, Move.CHECK_CALL, 200),
                     Acted(0, Move.RAISE, 400),  # "raises 4€ to 4€": the completion
                     Acted(1, Move.FOLD)]
    assert Dealt(2, (None,)) in razz.steps  # "[X]" on 7th street
    shows = [s for s in razz.steps if isinstance(s, Showed)]
    assert [s.seat for s in shows] == [2, 0]
    # "collected 11€" holds anna's uncalled 2€: the record keeps the pot's 9€
    assert razz.collected == (900, 0, 0) and razz.rake == 0
    assert dict(razz.fields)["_hero"] == "anna"


def test_french_verbs_read_as_the_english() -> None:
    french = list(histories.read(SAMPLES / "cash_french_cp1252.txt"))
    text = (SAMPLES / "cash_french_cp1252.txt").read_bytes().decode("cp1252")
    assert " relance " in text and " suit " in text and " a remporté " in text
    english = list(histories.read("".join(random_hands(20, 33))))
    assert [r.steps for r in french] == [r.steps for r in english]
    assert [r.collected for r in french] == [r.collected for r in english]


def test_a_truncated_last_hand_is_an_error_not_a_record() -> None:
    hands = list(random_hands(3, 41))
    last = hands[2].splitlines()
    cut = "\n".join(last[:last.index("*** SUMMARY ***")]) + "\n"
    errors: list[HistoryError] = []
    records = list(histories.read("".join(hands[:2]) + cut, on_error=errors.append))
    assert len(records) == 2
    assert len(errors) == 1 and "cut short" in errors[0].reason
    assert errors[0].hand == last[0].split("HandId: #")[1].split()[0]


def test_a_damaged_line_names_file_hand_and_line(tmp_path: Path) -> None:
    hands = list(random_hands(3, 42))
    lines = hands[1].splitlines()
    at = next(i for i, line in enumerate(lines) if " calls " in line or " bets " in line)
    lines[at] = lines[at].replace(" calls ", " calls x").replace(" bets ", " bets x")
    path = tmp_path / "damaged.txt"
    text = hands[0] + "\n".join(lines) + "\n\n" + hands[2]
    path.write_text(text, encoding="utf-8")
    errors: list[HistoryError] = []
    records = list(histories.read(path, on_error=errors.append))
    assert len(records) == 2 and len(errors) == 1
    error = errors[0]
    assert error.file == str(path) and error.hand == lines[0].split("HandId: #")[1].split()[0]
    assert text.splitlines()[error.line - 1] == lines[at]


def test_amounts_that_do_not_add_up_are_an_error() -> None:
    hand = list(random_hands(1, 43))[0]
    lines = hand.splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("Total pot"))
    lines[at] = "Total pot 1€ | No rake"
    errors: list[HistoryError] = []
    assert list(histories.read("\n".join(lines) + "\n", on_error=errors.append)) == []
    assert "total pot" in errors[0].reason


def test_noise_is_passed_over_and_unknown_lines_are_not() -> None:
    lines = (SAMPLES / "features.txt").read_text(encoding="utf-8").splitlines()
    at = lines.index("jean pierre folds")
    noisy = lines[:at] + ["jean pierre is disconnected", 'anna said, "gl"'] + lines[at:]
    assert len(list(histories.read("\n".join(noisy) + "\n"))) == 1
    bad = lines[:at] + ["jean pierre juggles 3€"] + lines[at:]
    errors: list[HistoryError] = []
    assert list(histories.read("\n".join(bad) + "\n", on_error=errors.append)) == []
    assert errors[0].line == at + 1


def test_detection_is_specific() -> None:
    text = (SAMPLES / "cash_eur.txt").read_text(encoding="utf-8")
    assert detect_site("\n".join(text.splitlines()[:40])) is FORMAT
    assert not FORMAT.detect("PokerStars Hand #1:  7 Card Stud Limit (10/20) - 2000/01/01")
    assert not FORMAT.detect("#Game No : 1\n***** Hand History for Game 1 *****")


def test_the_reader_alone() -> None:
    reader = WinamaxReader(file="w.txt")
    lines = (SAMPLES / "features.txt").read_text(encoding="utf-8").splitlines(keepends=True)
    items = list(reader.read(lines))
    assert len(items) == 1 and reader.skipped == 1 and reader.cancelled == 0
