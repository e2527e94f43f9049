"""iPoker's XML hand histories (stud.histories.sites.ipoker).

The samples are this project's own hands, played by the engine and written
in iPoker's format by gen_ipoker.py (rerun it to rewrite them): every hand
replays to the chip under the site's profile.
"""

import random
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from stud import Card, Variant
from stud.histories import (
    Acted,
    Dealt,
    HistoryError,
    MismatchError,
    Move,
    Showed,
    read,
    verify,
)
from stud.histories.sites import detect_site
from stud.histories.sites.ipoker import FORMAT, PROFILE

SAMPLES = Path(__file__).resolve().parent / "samples"
FILES = sorted(p.name for p in SAMPLES.glob("*.xml"))


def records(source, **kwargs):
    return list(read(source, **kwargs))


def errors_of(source, **kwargs):
    found = []
    got = list(read(source, on_error=found.append, **kwargs))
    return got, found


@pytest.mark.parametrize("name", FILES)
def test_every_sample_reads_and_replays_to_the_chip(name):
    result = verify(SAMPLES / name)
    assert result.errors == []
    assert result.mismatches == []
    assert result.read == result.reproduced > 0
    for record in read(SAMPLES / name):
        assert record.source.format == "ipoker"
        assert record.source.file == str(SAMPLES / name)


def test_the_format_is_found_from_the_content():
    head = "\n".join(line.strip() for line in
                     (SAMPLES / "gen_stud_euro.xml").read_text(encoding="utf-8").splitlines()
                     if line.strip())
    assert detect_site(head) is FORMAT
    assert not FORMAT.detect("PokerStars Hand #1: 7 Card Stud Limit ($1/$2 USD)")
    assert not FORMAT.detect('<game id="1-2" starttime="20100101" numholecards="3">')


def _attributes(name, gamecode):
    root = ET.parse(SAMPLES / name).getroot()
    game = next(g for g in root.iter("game") if g.get("gamecode") == gamecode)
    return [p.attrib for p in game.iter("player")]


def _euros(text):  # "1.234,56 €" -> cents
    return int(text.replace("€", "").replace(".", "").replace(",", "").strip())


def test_euro_cash_fields():
    record = records(SAMPLES / "gen_stud_euro.xml")[0]
    players = sorted(_attributes("gen_stud_euro.xml", record.hand_id),
                     key=lambda p: int(p["seat"]))
    assert record.currency == "EUR"
    assert record.table == "Bonn"
    assert record.players == tuple(p["name"] for p in players)
    assert record.seats == tuple(int(p["seat"]) for p in players)
    assert record.starting_stacks == tuple(_euros(p["chips"]) for p in players)
    assert record.variant is Variant.SEVEN_CARD_STUD
    assert (record.rules.small_bet, record.rules.big_bet, record.rules.ante,
            record.rules.bring_in) == (10, 20, 2, 5)
    assert record.rules.fold_when_can_check and record.rules.bring_in_tiebreak == "suit"
    # win includes an uncalled bet: what the seats collected from the pots is less or equal
    assert all(c <= _euros(p["win"]) for c, p in zip(record.collected, players))


def test_tournament_amounts_are_chips():
    found = records(SAMPLES / "gen_stud_tournament.xml")
    assert {r.currency for r in found} == {None}
    assert {(r.rules.small_bet, r.rules.big_bet, r.rules.ante) for r in found} == {
        (1000, 2000, 200)}
    assert records(SAMPLES / "gen_stud8_allin_tournament.xml")[0].variant is \
        Variant.SEVEN_CARD_STUD_HILO


def test_every_game_reads():
    variants = {records(SAMPLES / name)[0].variant for name in FILES}
    assert variants >= {Variant.SEVEN_CARD_STUD, Variant.SEVEN_CARD_STUD_HILO, Variant.RAZZ,
                        Variant.FIVE_CARD_STUD}


def test_cards_not_named_are_none_and_shown_hands_fill_them():
    found = records(SAMPLES / "gen_stud8_hidden.xml")
    unknown = shown = 0
    for record in found:
        showed = {s.seat for s in record.steps if isinstance(s, Showed)}
        for step in record.steps:
            if isinstance(step, Dealt) and step.seat != 0:
                if step.seat in showed:
                    assert None not in step.cards
                elif None in step.cards:
                    unknown += 1
        shown += len(showed)
    assert unknown and shown
    # no <cards> at all for the others: every card of theirs is None until shown
    omitted = records(SAMPLES / "gen_razz_omitted.xml")
    assert any(step.cards == (None, None, None) for r in omitted for step in r.steps
               if isinstance(step, Dealt))


def test_a_bring_in_tie_goes_by_suit():
    record = records(SAMPLES / "features.xml")[0]
    record.replay()
    ups = {step.seat: step.cards[2] for step in record.steps[:5]}
    bring_in = next(s for s in record.steps if isinstance(s, Acted))
    low = min(c.rank for c in ups.values())
    tied = sorted(s for s, c in ups.items() if c.rank == low)
    assert len(tied) > 1 and bring_in.seat != tied[0]
    assert ups[bring_in.seat] == min((ups[s] for s in tied), key=lambda c: "cdhs".index(c.suit))
    with pytest.raises(MismatchError):
        next(iter(read(SAMPLES / "features.xml",
                       profile={**PROFILE, "bring_in_tiebreak": "position"}))).replay()


def test_a_fold_where_a_check_was_possible():
    record = records(SAMPLES / "features.xml")[1]
    record.replay()
    with pytest.raises(MismatchError):
        records(SAMPLES / "features.xml", profile={"bring_in_tiebreak": "suit"})[1].replay()


def test_a_player_sitting_out_is_not_dealt_in():
    record = records(SAMPLES / "features.xml")[2]
    assert record.players == ("ann", "Bob Smith", "eve")
    assert record.seats == (1, 4, 8)
    assert record.starting_stacks == (3000, 2500, 5000)
    assert record.currency == "USD"


def test_actions_out_of_order_are_sorted_by_their_number():
    text = (SAMPLES / "features.xml").read_text(encoding="utf-8")
    rng = random.Random(5)

    def shuffle(match):
        lines = match.group(0).split("\n")
        actions = [line for line in lines if line.startswith("<action")]
        rng.shuffle(actions)
        it = iter(actions)
        return "\n".join(next(it) if line.startswith("<action") else line for line in lines)

    shuffled = re.sub(r"<round no=\"\d+\">.*?</round>", shuffle, text, flags=re.S)
    assert shuffled != text
    assert records(shuffled) == records(text)


def _euro_text():
    return (SAMPLES / "gen_stud_euro.xml").read_text(encoding="utf-8")


def test_a_truncated_last_hand_is_an_error_not_a_record(tmp_path):
    text = _euro_text()
    cut = text[:text.rindex("<round no=\"2\">")]
    path = tmp_path / "cut.xml"
    path.write_text(cut, encoding="utf-8")
    got, errors = errors_of(path)
    assert len(got) == 29
    last = re.findall(r'gamecode="(\d+)"', text)[-1]
    assert [e.hand for e in errors] == [last]
    assert errors[0].file == str(path)
    with pytest.raises(HistoryError):
        records(path)


def test_a_damaged_line_names_file_hand_and_line(tmp_path):
    lines = _euro_text().split("\n")
    number = next(i for i, line in enumerate(lines) if 'type="23"' in line)
    lines[number] = re.sub(r'sum="[^"]*"', 'sum="lots"', lines[number])
    hand = re.findall(r'gamecode="(\d+)"', "\n".join(lines[:number]))[-1]
    path = tmp_path / "damaged.xml"
    path.write_text("\n".join(lines), encoding="utf-8")
    got, errors = errors_of(path)
    assert len(got) == 29 and len(errors) == 1
    assert (errors[0].file, errors[0].hand, errors[0].line) == (str(path), hand, number + 1)
    assert "lots" in errors[0].reason


def test_xml_that_is_not_well_formed_loses_one_hand_only():
    text = _euro_text()
    second = text.index("<game ", text.index("<game ") + 1)
    end = text.index("</round>", second)
    broken = text[:end] + text[end + len("</round>"):]
    got, errors = errors_of(broken)
    assert len(got) == 29 and len(errors) == 1
    assert errors[0].hand == re.findall(r'gamecode="(\d+)"', text)[1]


def test_other_games_are_skipped_and_counted():
    holdem = ('<session sessioncode="1">\n<general>\n<gametype>Holdem NL $0.05/$0.10</gametype>\n'
              '<tablename>X</tablename>\n</general>\n<game gamecode="11">\n<general><players>\n'
              '<player seat="1" name="a" chips="$5" win="$0" bet="$0" />\n</players></general>\n'
              '<round no="0"><action no="1" player="a" type="1" sum="$0.05" /></round>\n'
              '</game>\n<game gamecode="12">\n<general><players>\n'
              '<player seat="1" name="a" chips="$5" win="$0" bet="$0" />\n</players></general>\n'
              '</game>\n</session>\n')
    text = holdem + (SAMPLES / "features.xml").read_text(encoding="utf-8")
    reading = read(text)
    got = list(reading)
    assert len(got) == 3 and reading.skipped == 2
    assert got == records(SAMPLES / "features.xml")


def test_entity_declarations_are_refused():
    bomb = ('<?xml version="1.0"?>\n<!DOCTYPE session [\n<!ENTITY a "aaaaaaaaaa">\n'
            '<!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">\n]>\n<session sessioncode="1">\n'
            '<general>\n<gametype>7 Card Stud L $1/$2</gametype>\n</general>\n'
            '<game gamecode="1">&b;</game>\n</session>\n')
    got, errors = errors_of(bomb, format="ipoker")
    assert got == [] and len(errors) == 1
    assert "DOCTYPE" in errors[0].reason and errors[0].line == 2


@pytest.mark.parametrize(("encoded", "original"), [
    ("enc_cp1252.xml", "gen_stud_euro.xml"), ("enc_utf16.xml", "gen_stud_usd_shuffled.xml")])
def test_encodings_the_site_wrote(encoded, original):
    assert records(SAMPLES / encoded) == records(SAMPLES / original)
    assert "Dörte" in {p for r in records(SAMPLES / encoded) for p in r.players}


def test_utf16_with_a_cut_off_last_byte(tmp_path):
    data = (SAMPLES / "enc_utf16.xml").read_bytes()
    path = tmp_path / "cut16.xml"
    path.write_bytes(data[:-1])
    assert records(path) == records(SAMPLES / "gen_stud_usd_shuffled.xml")


def test_suit_first_cards_and_tens():
    found = records(SAMPLES / "gen_stud_euro.xml")
    named = set().union(*(r.named_cards() for r in found))
    assert Card("Th") in named or Card("Tc") in named or Card("Td") in named
    assert all(isinstance(c, Card) for c in named)


def test_bring_in_and_calls_are_round_totals():
    record = records(SAMPLES / "gen_stud_euro.xml")[0]
    first = next(s for s in record.steps if isinstance(s, Acted))
    assert first.move in (Move.BRING_IN, Move.RAISE)
    if first.move is Move.BRING_IN:
        assert first.to == record.rules.bring_in


def test_a_hand_cut_off_in_the_middle_of_a_file():
    text = _euro_text()
    third = text.index("<game ", text.index("<game ", text.index("<game ") + 1) + 1)
    second = text.rindex("<round no=\"2\">", 0, third)
    cut = text[:second] + text[third:]
    got, errors = errors_of(cut)
    codes = re.findall(r'gamecode="(\d+)"', text)
    assert [e.hand for e in errors] == [codes[1]]
    assert [r.hand_id for r in got] == [c for c in codes if c != codes[1]]
    assert errors[0].line == cut[:cut.index(f'gamecode="{codes[2]}"')].count("\n") + 1


def test_a_declaration_cut_by_a_line_break_is_refused_too():
    text = ('<session sessioncode="1">\n<general>\n<gametype>7 Card Stud L $1/$2</gametype>\n'
            '</general>\n<!DOC\nTYPE x [<!ENTITY a "b">]>\n</session>\n')
    got, errors = errors_of(text, format="ipoker")
    assert got == [] and len(errors) == 1 and "DOCTYPE" in errors[0].reason


def test_seats_listed_out_of_order():
    text = (SAMPLES / "features.xml").read_text(encoding="utf-8")

    def reverse(match):
        players = match.group(1).strip().split("\n")
        return "<players>\n" + "\n".join(reversed(players)) + "\n</players>"

    shuffled = re.sub(r"<players>(.*?)</players>", reverse, text, flags=re.S)
    assert shuffled != text
    assert records(shuffled) == records(text)


def test_memory_stays_flat_over_a_long_stream():
    import tracemalloc

    text = (SAMPLES / "features.xml").read_text(encoding="utf-8")
    head, rest = text.split("<game ", 1)
    game = "<game " + rest[:rest.index("</game>") + len("</game>\n")]

    def lines(count):
        yield from head.splitlines(keepends=True)
        for index in range(count):
            yield from game.replace('gamecode="6100001"', f'gamecode="{index}"').splitlines(
                keepends=True)
        yield "</session>\n"

    peaks = []
    sum(1 for _ in FORMAT.reader(file=None, profile=PROFILE).read(lines(20)))  # (warm caches)
    for count in (40, 400):
        tracemalloc.start()
        assert sum(1 for _ in FORMAT.reader(file=None, profile=PROFILE).read(lines(count))) \
            == count
        peaks.append(tracemalloc.get_traced_memory()[1])
        tracemalloc.stop()
    # 360 more hands kept would be megabytes (each hand's XML is about 4 kB of text)
    assert peaks[1] - peaks[0] < 500_000


_SKIPPED_STREETS = """<?xml version="1.0" encoding="UTF-8"?>
<session sessioncode="712399">
<general><gametype>Razz L $2/$4</gametype><tablename>Bonn</tablename>
<currency>USD</currency><nickname>gus</nickname></general>
<game gamecode="1055">
<general>
<startdate>2011-03-04 18:22:10</startdate>
<players>
<player seat="3" name="gus" chips="$163.15" dealer="0" win="$0.00" bet="$14.40" />
<player seat="5" name="hal" chips="$14.11" dealer="0" win="$0.00" bet="$14.11" />
<player seat="8" name="eve" chips="$163.82" dealer="0" win="$44.91" bet="$14.40" />
</players>
</general>
<round no="0">
<action no="1" player="gus" type="15" sum="$0.40" />
<action no="2" player="hal" type="15" sum="$0.40" />
<action no="3" player="eve" type="15" sum="$0.40" />
</round>
<round no="1">
<cards type="Pocket" player="gus">D10 D9 C10</cards>
<action no="4" player="hal" type="23" sum="$2.00" />
<action no="5" player="eve" type="23" sum="$4.00" />
<action no="6" player="gus" type="3" sum="$4.00" />
<action no="7" player="hal" type="23" sum="$4.00" />
<action no="8" player="eve" type="3" sum="$2.00" />
<action no="9" player="gus" type="23" sum="$4.00" />
<action no="10" player="hal" type="3" sum="$2.00" />
<action no="11" player="eve" type="3" sum="$2.00" />
</round>
<round no="2">
<cards type="Fourth Street" player="gus">SJ</cards>
<action no="12" player="gus" type="4" sum="$0.00" />
<action no="13" player="hal" type="5" sum="$2.00" />
<action no="14" player="eve" type="23" sum="$4.00" />
<action no="15" player="gus" type="23" sum="$6.00" />
<action no="16" player="hal" type="7" sum="$3.71" />
<action no="17" player="eve" type="23" sum="$4.00" />
<action no="18" player="gus" type="0" sum="$0.00" />
</round>
<round no="3">
</round>
<round no="4">
</round>
<round no="5">
<cards type="River" player="eve">C3 S7 D5 HQ S4 C8 S3</cards>
</round>
</game>
</session>
"""


def test_streets_dealt_with_nothing_named_before_a_hand_shown_whole():
    # the hero folds on 4th street, one player is all in, nobody's cards are
    # named until the winner's seven on the river: 5th and 6th street were
    # dealt all the same (once read as if the river card were 5th street's)
    [record] = records(_SKIPPED_STREETS)
    eve = [step.cards for step in record.steps if isinstance(step, Dealt) and step.seat == 2]
    assert [len(cards) for cards in eve] == [3, 1, 1, 1, 1]
    assert [c for cards in eve for c in cards] == [Card(t) for t in "3c 7s 5d Qh 4s 8c 3s".split()]
    assert record.replay().stacks[2] == 16382 - 1440 + (1440 + 1411 + 1440)  # the whole pot
