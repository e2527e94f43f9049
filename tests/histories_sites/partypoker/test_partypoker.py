"""PartyPoker's stud hand histories (stud.histories.sites.partypoker): every
sample reads (its format found from its content), replays to the chip under
PartyPoker's profile, and says what its text says."""

from __future__ import annotations

from pathlib import Path

import pytest
import stud.histories as histories
from stud import Card, Variant
from stud.histories import HistoryError
from stud.histories.record import Acted, Dealt, Move, Mucked, Showed
from stud.histories.sites import detect_site
from stud.histories.sites.partypoker import FORMAT, PARTYPOKER_PROFILE, PartyPokerReader

from ..checks import replays_to_the_chip
from .partywrite import random_hands

SAMPLES = Path(__file__).parent / "samples"
ALL = sorted(SAMPLES.glob("*.txt"))
GENERATED = {"cash_usd.txt": 40, "cash_eur_cp1252.txt": 30, "tournament_utf16.txt": 30,
             "full_tables_bom.txt": 10}


def test_the_samples_are_there() -> None:
    assert {p.name for p in ALL} >= {*GENERATED, "features.txt"}


@pytest.mark.parametrize("path", ALL, ids=lambda p: p.name)
def test_every_sample_replays_to_the_chip(path: Path) -> None:
    replays_to_the_chip(path, "partypoker", GENERATED.get(path.name, 2))


@pytest.mark.parametrize("name, currency", [("cash_usd.txt", "USD"),
                                            ("cash_eur_cp1252.txt", "EUR"),
                                            ("tournament_utf16.txt", None)])
def test_currency_and_games(name: str, currency: str | None) -> None:
    records = list(histories.read(SAMPLES / name))
    assert {r.currency for r in records} == {currency}
    assert {r.variant for r in records} == {Variant.SEVEN_CARD_STUD,
                                            Variant.SEVEN_CARD_STUD_HILO}
    for record in records:
        # no rake line: rake 0 in the record, wins given per seat
        assert record.rake == 0 and record.collected is not None
        if currency is None:  # a tournament's wins make the pot: the replay takes no rake
            assert record.replay().rake == 0


def test_the_open_pair_double_bet_needs_the_profile() -> None:
    path = SAMPLES / "tournament_utf16.txt"
    text = path.read_text(encoding="utf-16")
    assert "double bets" in text
    # the double bet is PartyPoker's rule (docs/rules.md 4.4): without it the
    # engine refuses the hands that have one
    plain = histories.verify(path, profile={"open_pair_double": False})
    assert plain.mismatches and plain.reproduced + len(plain.mismatches) == 30
    assert all("is not legal" in str(m) for m in plain.mismatches)
    assert histories.verify(path).mismatches == []
    assert PARTYPOKER_PROFILE == {"open_pair_double": {Variant.SEVEN_CARD_STUD: True}}


def test_features_hand_by_hand() -> None:
    reading = histories.read(SAMPLES / "features.txt")
    first, second = list(reading)
    assert reading.skipped == 1  # the hold'em hand
    assert reading.cancelled == 1  # "Table Closed"
    # the sitting-out player is not a seat; seats from the button's left
    assert first.hand_id == "777001"
    assert first.players == ("Zoë van Dijk", "sleepy", "max_power")
    assert first.seats == (1, 2, 4)
    assert first.starting_stacks == (5000, 3000, 125050)
    assert first.currency == "USD" and first.table == "Lisbon"
    assert first.rules.small_bet == 100 and first.rules.big_bet == 200
    assert first.rules.ante == 10 and first.rules.bring_in == 25
    assert first.steps[:3] == (Dealt(0, (Card("Ah"), Card("Kd"), Card("Kc"))),
                               Dealt(1, (None, None, Card("2c"))),
                               Dealt(2, (None, None, Card("Qs"))))
    acted = [s for s in first.steps if isinstance(s, Acted)]
    assert acted == [Acted(1, Move.BRING_IN, 25), Acted(2, Move.RAISE, 100),
                     Acted(0, Move.CHECK_CALL, 100), Acted(1, Move.FOLD),
                     Acted(0, Move.RAISE, 200),  # "double bets" on 4th street
                     Acted(2, Move.RAISE, 400),  # "raises [$4 USD]": $4 more
                     Acted(0, Move.CHECK_CALL, 400), Acted(0, Move.RAISE, 200),
                     Acted(2, Move.FOLD)]
    assert Dealt(2, (Card("Td"),)) in first.steps  # written "10d"
    assert first.collected == (1005, 0, 0)
    assert dict(first.fields)["_hero"] == "Zoë van Dijk"
    hand = first.replay()
    assert hand.rake == 50  # what the pot held less what was won (11.3)
    assert second.variant is Variant.SEVEN_CARD_STUD_HILO
    assert second.players == ("Zoë van Dijk", "max_power", "rail bird")
    shows = [s for s in second.steps if isinstance(s, Showed)]
    assert [s.seat for s in shows] == [0, 1] and len(shows[1].cards) == 7
    assert second.collected == (1065, 1065, 0)  # the low half and the high half
    assert second.replay().rake == 100


def _texts(n: int, seed: int) -> list[str]:
    return list(random_hands(n, seed, currency="USD"))


def test_a_truncated_last_hand_is_an_error_not_a_record() -> None:
    hands = _texts(3, 21)
    last = hands[2].splitlines()
    cut = "\n".join(last[:len(last) - 6]) + "\n"
    errors: list[HistoryError] = []
    records = list(histories.read("".join(hands[:2]) + cut, on_error=errors.append))
    assert len(records) == 2
    assert len(errors) == 1 and "cut short" in errors[0].reason
    assert errors[0].hand == last[2].split(": ")[1].strip()


def test_a_damaged_line_names_file_hand_and_line(tmp_path: Path) -> None:
    hands = _texts(3, 22)
    lines = hands[1].splitlines()
    at = next(i for i, line in enumerate(lines) if " calls [" in line or " bets [" in line)
    lines[at] = lines[at].replace("[$", "[$x")
    path = tmp_path / "damaged.txt"
    text = hands[0] + "\n".join(lines) + "\n" + hands[2]
    path.write_text(text, encoding="utf-8")
    errors: list[HistoryError] = []
    records = list(histories.read(path, on_error=errors.append))
    assert len(records) == 2 and len(errors) == 1
    error = errors[0]
    assert error.file == str(path)
    assert error.hand == lines[2].split(": ")[1].strip()
    assert error.line == hands[0].count("\n") + at + 1
    assert text.splitlines()[error.line - 1] == lines[at]


def test_an_unknown_line_is_an_error_and_noise_is_not() -> None:
    hand = _texts(1, 23)[0]
    lines = hand.splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("** Dealing **")) + 1
    name = lines[8].split(": ")[1].split(" ( ")[0]
    noisy = lines[:at] + [f"{name}: good luck", f"{name} has 10 seconds left to act",
                          "somebody has joined the table."] + lines[at:]
    assert len(list(histories.read("\n".join(noisy) + "\n"))) == 1
    damaged = lines[:at] + [f"{name} juggles [$1 USD]"] + lines[at:]
    errors: list[HistoryError] = []
    assert list(histories.read("\n".join(damaged) + "\n", on_error=errors.append)) == []
    assert len(errors) == 1 and errors[0].line == at + 1


def test_a_card_dealt_twice_is_an_error() -> None:
    lines = (SAMPLES / "features.txt").read_text(encoding="utf-8").splitlines()
    lines = [line.replace("[  Qs ]", "[  Kc ]") for line in lines]
    errors: list[HistoryError] = []
    records = list(histories.read("\n".join(lines) + "\n", on_error=errors.append))
    assert len(records) == 1 and "twice" in errors[0].reason and errors[0].hand == "777001"


def test_tournament_wins_must_make_the_pot() -> None:
    hand = list(random_hands(1, 24, currency=None))[0]
    lines = hand.splitlines()
    at = max(i for i, line in enumerate(lines) if " wins " in line)
    won = lines[at].split(" wins ")[1].split()[0]
    lines[at] = lines[at].replace(f"wins {won}", f"wins {int(won.replace(',', '')) - 1}")
    errors: list[HistoryError] = []
    assert list(histories.read("\n".join(lines) + "\n", on_error=errors.append)) == []
    assert "do not make the pot" in errors[0].reason


def test_a_mucked_hand_that_is_revealed() -> None:
    records = list(histories.read(SAMPLES / "cash_usd.txt"))
    revealed = [r for r in records if dict(r.fields).get("_mucked_cards")]
    assert revealed
    for record in revealed:
        for seat, cards in dict(record.fields)["_mucked_cards"]:
            assert Mucked(seat) in record.steps and len(cards.split()) == 7


def test_detection_is_specific() -> None:
    text = (SAMPLES / "features.txt").read_text(encoding="utf-8")
    assert detect_site("\n".join(text.splitlines()[:40])) is FORMAT
    head_888 = ("#Game No : 12345\n***** 888poker Hand History for Game 12345 *****\n"
                "$0.01/$0.02 Blinds No Limit Holdem - *** 18 11 2015 10:53:20")
    assert not FORMAT.detect(head_888)
    stars = ("PokerStars Hand #1:  7 Card Stud Limit (10/20) - 2000/01/01 0:00:00 ET\n"
             "Table 'Stud' 8-max")
    assert not FORMAT.detect(stars)


def test_the_reader_alone_counts_and_yields() -> None:
    reader = PartyPokerReader(file="x.txt")
    lines = (SAMPLES / "features.txt").read_text(encoding="utf-8").splitlines(keepends=True)
    items = list(reader.read(lines))
    assert len(items) == 2 and reader.skipped == 1 and reader.cancelled == 1
    assert all(item.source is not None and item.source.file == "x.txt" for item in items
               if not isinstance(item, HistoryError))


def test_utf16_cut_off_last_byte(tmp_path: Path) -> None:
    data = (SAMPLES / "tournament_utf16.txt").read_bytes()
    path = tmp_path / "cut.txt"
    path.write_bytes(data + b"\n")  # a last byte cut off a UTF-16 line end
    result = histories.verify(path)
    assert result.reproduced == 30 and not result.errors and not result.mismatches
