"""The Merge Gaming Network's XML hand histories (stud.histories.sites.merge).

The samples are this project's own hands, played by the engine and written
in Merge's format by gen_merge.py (rerun it to rewrite them): every hand
replays to the chip.
"""

import random
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from stud import Variant
from stud.histories import Acted, Dealt, HistoryError, Move, Mucked, Showed, read, verify
from stud.histories.sites import detect_site
from stud.histories.sites.merge import FORMAT

SAMPLES = Path(__file__).resolve().parent / "samples"
FILES = sorted(p.name for p in SAMPLES.glob("*.xml"))


def records(source, **kwargs):
    return list(read(source, **kwargs))


def errors_of(source, **kwargs):
    found = []
    got = list(read(source, on_error=found.append, **kwargs))
    return got, found


def _games(name):
    return ET.fromstring("<all>" + (SAMPLES / name).read_text(encoding="utf-8") + "</all>")


@pytest.mark.parametrize("name", FILES)
def test_every_sample_reads_and_replays_to_the_chip(name):
    result = verify(SAMPLES / name)
    assert result.errors == [] and result.mismatches == []
    assert result.read == result.reproduced > 0
    for record in read(SAMPLES / name):
        assert record.source.format == "merge"


def test_the_format_is_found_from_the_content():
    head = "\n".join(line.strip() for line in
                     (SAMPLES / "gen_stud.xml").read_text(encoding="utf-8").splitlines()[:40])
    assert detect_site(head) is FORMAT
    assert not FORMAT.detect("PokerStars Hand #1: 7 Card Stud Limit ($1/$2 USD)")
    assert not FORMAT.detect('<session sessioncode="1">\n<game gamecode="2">')


def test_cash_fields():
    record = records(SAMPLES / "gen_stud.xml")[0]
    game = next(iter(_games("gen_stud.xml")))
    players = sorted(game.iter("player"), key=lambda p: int(p.get("seat")))
    assert record.hand_id == game.get("id")
    assert record.table == "Ravenna"
    assert record.currency == "USD"
    assert record.players == tuple(p.get("nickname") for p in players)
    assert record.seats == tuple(int(p.get("seat")) for p in players)
    assert record.starting_stacks == tuple(
        int(p.get("balance").replace("$", "").replace(".", "")) for p in players)
    assert (record.rules.small_bet, record.rules.big_bet, record.rules.ante,
            record.rules.bring_in) == (50, 100, 10, 25)
    paid = {}
    for winner in game.iter("winner"):
        if winner.get("uncalled") == "false":
            seat = int(winner.get("player"))
            paid[seat] = paid.get(seat, 0) + int(winner.get("amount").replace(".", ""))
    assert record.collected == tuple(paid.get(s, 0) for s in record.seats)


def test_tournament_balances_are_after_the_ante_and_bring_in():
    record = records(SAMPLES / "gen_stud_tournament.xml")[0]
    game = next(iter(_games("gen_stud_tournament.xml")))
    assert record.currency is None
    assert (record.rules.small_bet, record.rules.big_bet) == (100, 200)
    balances = {int(p.get("seat")): int(p.get("balance")) for p in game.iter("player")}
    posted = {}
    for event in game.iter("event"):
        if event.get("type") in ("ANTE", "BRING_IN"):
            seat = int(event.get("player"))
            posted[seat] = posted.get(seat, 0) + int(event.get("amount"))
    assert record.starting_stacks == tuple(balances[s] + posted.get(s, 0)
                                           for s in record.seats)


def test_every_game_reads():
    variants = {records(SAMPLES / name)[0].variant for name in FILES}
    assert variants >= {Variant.SEVEN_CARD_STUD, Variant.SEVEN_CARD_STUD_HILO, Variant.RAZZ,
                        Variant.FIVE_CARD_STUD}


def test_raises_before_september_2010_give_the_chips_added():
    text = (SAMPLES / "gen_stud8_old_raises.xml").read_text(encoding="utf-8")
    assert 'starttime="2010' in text and 'type="RAISE"' in text
    # read as if written after: the raises' amounts are taken as totals, and the
    # hands no longer replay
    newer = text.replace('starttime="20100605211500"', 'starttime="20111230232051"')
    result = verify(newer)
    assert result.mismatches or result.errors


def test_hidden_down_cards_are_none_and_shows_name_them():
    found = records(SAMPLES / "gen_razz.xml")
    assert all(step.cards[:2] == (None, None) for r in found for step in r.steps
               if isinstance(step, Dealt) and len(step.cards) == 3)
    assert any(isinstance(step, Showed) and None not in step.cards
               for r in found for step in r.steps)
    assert any(isinstance(step, Mucked) for r in found for step in r.steps)


def test_features_cancelled_other_games_mixed_sitting_out_timeouts():
    reading = read(SAMPLES / "features.xml")
    got = list(reading)
    assert reading.cancelled == 1 and reading.skipped == 1
    assert [r.hand_id for r in got] == ["47000001-3", "47000001-4", "47000001-5"]
    assert got[0].variant is Variant.RAZZ  # a HORSE hand of razz
    assert got[1].players == ("ann", "Bob Smith", "eve") and got[1].seats == (1, 4, 7)
    timeout = got[2]
    assert any(isinstance(s, Acted) and s.move is Move.FOLD for s in timeout.steps)


def test_events_out_of_order_are_sorted_by_their_sequence():
    text = (SAMPLES / "gen_stud.xml").read_text(encoding="utf-8")
    rng = random.Random(3)

    def shuffle(match):
        lines = match.group(0).split("\n")
        events = [line for line in lines if line.startswith("<event")]
        rng.shuffle(events)
        it = iter(events)
        return "\n".join(next(it) if line.startswith("<event") else line for line in lines)

    shuffled = re.sub(r'<round id="\w+" sequence="\d+">.*?</round>', shuffle, text, flags=re.S)
    assert shuffled != text
    assert records(shuffled) == records(text)


def test_a_truncated_last_hand_is_an_error_not_a_record(tmp_path):
    text = (SAMPLES / "gen_stud.xml").read_text(encoding="utf-8")
    cut = text[:text.rindex('<round id="FOURTH_STREET"')]
    path = tmp_path / "cut.xml"
    path.write_text(cut, encoding="utf-8")
    got, errors = errors_of(path)
    ids = re.findall(r'<game id="([^"]+)"', text)
    assert [r.hand_id for r in got] == ids[:-1]
    assert [e.hand for e in errors] == [ids[-1]] and errors[0].file == str(path)


def test_a_hand_cut_off_in_the_middle_of_a_file():
    text = (SAMPLES / "gen_stud.xml").read_text(encoding="utf-8")
    ids = re.findall(r'<game id="([^"]+)"', text)
    third = text.index(f'<game id="{ids[2]}"')
    cut = text[:text.rindex('<round id="FOURTH_STREET"', 0, third)] + text[third:]
    got, errors = errors_of(cut)
    assert [e.hand for e in errors] == [ids[1]]
    assert [r.hand_id for r in got] == [i for i in ids if i != ids[1]]


def test_a_damaged_line_names_file_hand_and_line(tmp_path):
    lines = (SAMPLES / "gen_stud.xml").read_text(encoding="utf-8").split("\n")
    number = next(i for i, line in enumerate(lines) if 'type="BET"' in line)
    lines[number] = re.sub(r'amount="[^"]*"', 'amount="a lot"', lines[number])
    hand = re.findall(r'<game id="([^"]+)"', "\n".join(lines[:number]))[-1]
    path = tmp_path / "damaged.xml"
    path.write_text("\n".join(lines), encoding="utf-8")
    got, errors = errors_of(path)
    assert len(got) == 29 and len(errors) == 1
    assert (errors[0].file, errors[0].hand, errors[0].line) == (str(path), hand, number + 1)
    with pytest.raises(HistoryError):
        records(path)


def test_xml_that_is_not_well_formed_loses_one_hand_only():
    text = (SAMPLES / "gen_stud.xml").read_text(encoding="utf-8")
    second = text.index("<game ", text.index("<game ") + 1)
    end = text.index("</round>", second)
    broken = text[:end] + text[end + len("</round>"):]
    got, errors = errors_of(broken)
    assert len(got) == 29 and len(errors) == 1
    assert errors[0].hand == re.findall(r'<game id="([^"]+)"', text)[1]


def test_entity_declarations_are_refused():
    bomb = ('<!DOCTYPE game [<!ENTITY a "aaaaaaaaaa">]>\n<game id="1-1" starttime="2011">'
            '<description type="7-Stud" stakes="Limit ($1/$2)"/>&a;</game>\n')
    got, errors = errors_of(bomb, format="merge")
    assert got == [] and len(errors) == 1 and "DOCTYPE" in errors[0].reason


@pytest.mark.parametrize("encoded", ["enc_cp1252.xml", "enc_utf16.xml"])
def test_encodings_the_site_wrote(encoded):
    assert records(SAMPLES / encoded) == records(SAMPLES / "gen_stud.xml")


def test_tens_written_10():
    text = (SAMPLES / "gen_stud8_old_raises.xml").read_text(encoding="utf-8")
    assert re.search(r'cards="[^"]*10[cdhs]', text)
    assert records(SAMPLES / "gen_stud8_old_raises.xml")


def test_seats_listed_out_of_order():
    text = (SAMPLES / "gen_stud.xml").read_text(encoding="utf-8")

    def reverse(match):
        players = match.group(2).strip().split("\n")
        return match.group(1) + "\n" + "\n".join(reversed(players)) + "\n</players>"

    shuffled = re.sub(r"(<players[^>]*>)(.*?)</players>", reverse, text, flags=re.S)
    assert shuffled != text
    assert records(shuffled) == records(text)


@pytest.mark.parametrize("name", FILES)
def test_the_golden_outputs_of_every_sample_and_its_mutated_copies(name):
    # the reference the reader keeps (golden.py): its records and errors, in
    # order, and its counts, on the sample and its seeded damaged copies
    from .golden import SITE

    assert SITE.differences(name) == []
