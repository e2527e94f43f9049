"""PokerStars text hand histories of the stud games (stud.histories.pokerstars).

The sample files under samples/ are this project's own hands, written in
PokerStars' format; their amounts add up as a site's would (antes, bets,
uncalled bets, pots, rake, collections), so every hand read from them also
replays through the engine to the chip.
"""

import doctest
import itertools
import pickle
import random
from pathlib import Path

import pytest
from stud import Card, Variant
from stud.histories import (
    Acted,
    CommunityDealt,
    Dealt,
    HandRecord,
    Move,
    Mucked,
    Showed,
    pokerstars,
    verify,
)
from stud.histories.pokerstars import (
    MAX_HAND_LINES,
    POKERSTARS_PROFILE,
    HistoryError,
    read_pokerstars,
    read_pokerstars_file,
    read_pokerstars_lines,
)

SAMPLES = Path(__file__).resolve().parent / "samples"
FILES = sorted(p.name for p in SAMPLES.glob("*.txt"))


def read(name, **kwargs):
    reader = read_pokerstars_file(str(SAMPLES / name), **kwargs)
    return list(reader), reader


def records(name, **kwargs):
    return [item for item in read(name, **kwargs)[0] if isinstance(item, HandRecord)]


def cards(text):
    return tuple(None if word == "??" else Card(word) for word in text.split())


# a small hand of our own, the base of the damaged hands below
BASE = """\
PokerStars Hand #300000000001: Tournament #555, $1+$0.10 USD Razz Limit - Level I (10/20) - 2022/02/02 2:02:02 ET
Table '555 1' 8-max
Seat 1: alpha (500 in chips)
Seat 2: beta (500 in chips)
Seat 3: gamma (500 in chips)
alpha: posts the ante 2
beta: posts the ante 2
gamma: posts the ante 2
*** 3rd STREET ***
Dealt to alpha [Kc]
Dealt to beta [4d 2s 3h]
Dealt to gamma [7c]
alpha: brings in for 5
beta: raises 5 to 10
gamma: calls 10
alpha: folds
*** 4th STREET ***
Dealt to beta [4d 2s 3h] [5d]
Dealt to gamma [7c] [6c]
beta: bets 10
gamma: calls 10
*** 5th STREET ***
Dealt to beta [4d 2s 3h 5d] [Qs]
Dealt to gamma [7c 6c] [8h]
gamma: checks
beta: checks
*** 6th STREET ***
Dealt to beta [4d 2s 3h 5d Qs] [Ah]
Dealt to gamma [7c 6c 8h] [9d]
gamma: bets 20
beta: calls 20
*** RIVER ***
Dealt to beta [4d 2s 3h 5d Qs Ah] [Kd]
gamma: checks
beta: checks
*** SHOW DOWN ***
gamma: shows [Tc Jh 7c 6c 8h 9d 2c] (Lo: 9,8,7,6,2)
beta: shows [4d 2s 3h 5d Qs Ah Kd] (Lo: 5,4,3,2,A)
beta collected 91 from pot
*** SUMMARY ***
Total pot 91 | Rake 0
Seat 1: alpha folded on the 3rd Street
Seat 2: beta showed [4d 2s 3h 5d Qs Ah Kd] and won (91) with Lo: 5,4,3,2,A
Seat 3: gamma showed [Tc Jh 7c 6c 8h 9d 2c] and lost with Lo: 9,8,7,6,2
"""


def line_of(text, start):
    """The 1-based number of the first line of ``text`` that starts with ``start``."""
    return next(n for n, line in enumerate(text.splitlines(), 1) if line.startswith(start))


def only(text, **kwargs):
    [item] = list(read_pokerstars(text, **kwargs))
    return item


def test_the_base_hand_reads():
    record = only(BASE)
    assert isinstance(record, HandRecord)
    assert record.variant is Variant.RAZZ and record.collected == (0, 91, 0)


# ---- every sample file: what it holds ------------------------------------------------

EXPECTED = {  # file: (records, errors, skipped, cancelled)
    "cash_razz_eur_old.txt": (2, 0, 0, 0),
    "cash_stud8_fold_check.txt": (1, 0, 0, 0),
    "cash_stud8_gbp.txt": (2, 0, 0, 0),
    "cash_stud_usd.txt": (4, 0, 0, 0),
    "mixed_games.txt": (4, 0, 2, 0),
    "tournament_many.txt": (3, 2, 0, 1),
    "tournament_stud.txt": (3, 0, 0, 0),
}


def test_the_expected_samples_are_there():
    assert FILES == sorted(EXPECTED)


@pytest.mark.parametrize("name", FILES)
def test_each_sample_file_reads_as_expected(name):
    items, reader = read(name)
    hands = [i for i in items if isinstance(i, HandRecord)]
    errors = [i for i in items if isinstance(i, HistoryError)]
    assert len(hands) + len(errors) == len(items)
    assert (reader.hands, reader.errors, reader.skipped, reader.cancelled) == EXPECTED[name]
    assert (len(hands), len(errors)) == EXPECTED[name][:2]
    for record in hands:
        assert record.source.file == str(SAMPLES / name)
        assert sum(record.collected) + record.rake > 0


@pytest.mark.parametrize("name", FILES)
def test_every_sample_hand_replays_through_the_engine_to_the_chip(name):
    try:
        from stud.histories.replay import replay_record
    except ImportError:  # pragma: no cover - the replay module is another part's
        pytest.skip("stud.histories.replay is not available")
    for record in records(name):
        hand = replay_record(record)  # raises MismatchError on any difference
        assert hand.is_over


@pytest.mark.parametrize("name, hand_id", [("cash_stud_usd.txt", "231405512377"),
                                           ("cash_razz_eur_old.txt", "40211773512")])
def test_bring_in_ties_go_by_suit_at_pokerstars(name, hand_id):
    """2c brings in before 2h (Stud); in Razz Ks before Kd: with ties broken
    by position the same hands do not replay."""
    try:
        from stud.histories.replay import MismatchError, replay_record
    except ImportError:  # pragma: no cover
        pytest.skip("stud.histories.replay is not available")
    [record] = [r for r in records(name) if r.hand_id == hand_id]
    assert record.rules.bring_in_tiebreak == "suit"
    replay_record(record)
    [by_position] = [r for r in records(name, profile={**POKERSTARS_PROFILE,
                                                       "bring_in_tiebreak": "position"})
                     if r.hand_id == hand_id]
    with pytest.raises(MismatchError):
        replay_record(by_position)


# ---- a cash hand in detail -----------------------------------------------------------

def test_cash_hand_in_detail():
    first = records("cash_stud_usd.txt")[0]
    rules = first.rules
    assert (rules.variant, rules.small_bet, rules.big_bet, rules.ante, rules.bring_in) == (
        Variant.SEVEN_CARD_STUD, 10, 20, 2, 5)
    assert (rules.bring_in_tiebreak, rules.board_tiebreak, rules.max_raises,
            rules.heads_up_uncapped, rules.open_pair_double) == ("suit", "position", 3, False, True)
    # idleguy sits out: not a seat
    assert first.players == ("sea.otter", "Quinn [NL]", "marlowe", "Hero", "Tess D'Urb")
    assert first.seats == (1, 2, 4, 5, 7)
    assert first.starting_stacks == (450, 615, 300, 500, 820)
    assert (first.hand_id, first.table, first.currency) == ("231405500101", "Aldebaran IV", "USD")
    assert first.collected == (0, 0, 0, 271, 0) and first.rake == 14
    assert first.source.line == 1
    steps = first.steps
    assert steps[:5] == (Dealt(0, cards("?? ?? 7c")), Dealt(1, cards("?? ?? Kd")),
                         Dealt(2, cards("?? ?? 3d")), Dealt(3, cards("Ah As 9c")),
                         Dealt(4, cards("?? ?? Qs")))
    assert steps[5:11] == (Acted(2, Move.BRING_IN, 5), Acted(3, Move.RAISE, 10),
                           Acted(4, Move.CHECK_CALL, 10), Acted(0, Move.FOLD),
                           Acted(1, Move.CHECK_CALL, 10), Acted(2, Move.FOLD))
    # 4th street: the open pair's big bet, a raise, calls to the new totals
    assert steps[11:19] == (Dealt(1, cards("5h")), Dealt(3, cards("2d")), Dealt(4, cards("Qh")),
                            Acted(4, Move.RAISE, 20), Acted(1, Move.CHECK_CALL, 20),
                            Acted(3, Move.RAISE, 40), Acted(4, Move.CHECK_CALL, 40),
                            Acted(1, Move.CHECK_CALL, 40))
    assert Acted(4, Move.CHECK_CALL) in steps  # a check: no amount
    # 7th street: the hero's down card only
    assert steps.index(Dealt(3, cards("Ac"))) == steps.index(Dealt(4, cards("??"))) - 1
    assert steps[-2:] == (Showed(3, cards("Ah As 9c 2d 8s 6h Ac")), Mucked(4))
    fields = dict(first.fields)
    assert fields["_game"] == "7 Card Stud Limit ($0.10/$0.20 USD)"
    assert fields["_date"] == "2021/11/06 21:14:03 CET [2021/11/06 15:14:03 ET]"
    assert fields["seat_count"] == 8 and fields["_hero"] == "Hero"
    assert fields["_mucked_cards"] == ((4, "Js 3h Qs Qh 4c Td 5c"),)
    assert "_bring_in_from" not in fields and "_tournament" not in fields


def test_the_file_starts_with_a_bom_and_has_crlf_line_ends():
    raw = (SAMPLES / "cash_stud_usd.txt").read_bytes()
    assert raw.startswith(b"\xef\xbb\xbfPokerStars Hand #") and b"\r\n" in raw
    assert [r.hand_id for r in records("cash_stud_usd.txt")] == [
        "231405500101", "231405512377", "231405519024", "231405533460"]
    # the same text given as one string, BOM and all
    text = raw.decode("utf-8")
    assert [r.hand_id for r in read_pokerstars(text)] == [
        "231405500101", "231405512377", "231405519024", "231405533460"]


def test_completion_by_the_bring_in_seat_and_an_uncalled_raise():
    hand = records("cash_stud_usd.txt")[1]
    # Tess (2c, the lowest card by suit) completes at once: no bring-in line
    assert hand.steps[6] == Acted(5, Move.RAISE, 10)
    assert hand.rules.bring_in == 5 == hand.rules.small_bet // 2
    assert dict(hand.fields)["_bring_in_from"] == "not in the hand: the rules' default"
    # Hero's raise to 20 is not called: 10 goes back, and is no collection
    assert hand.collected == (0, 0, 0, 0, 42, 0) and hand.rake == 0
    assert not any(isinstance(step, (Showed, Mucked)) for step in hand.steps)  # doesn't show


def test_side_pots_of_a_cash_hand():
    hand = records("cash_stud_usd.txt")[2]
    assert hand.players[2] == "tinystack" and hand.starting_stacks[2] == 35
    assert Acted(2, Move.CHECK_CALL, 3) in hand.steps  # calls $0.03 and is all-in
    assert hand.collected == (0, 0, 0, 0, 252, 0) and hand.rake == 13
    assert dict(hand.fields)["_pots"] == (105, 147)
    assert hand.steps[-2:] == (Showed(4, cards("Kh Ks 3c 7d Kc 8h 6s")), Mucked(2))


def test_a_capped_round_and_completes_it_to():
    hand = records("cash_stud_usd.txt")[3]
    third = [s for s in hand.steps if isinstance(s, Acted)][:9]
    assert third == [Acted(3, Move.BRING_IN, 5), Acted(4, Move.RAISE, 10), Acted(0, Move.RAISE, 20),
                     Acted(1, Move.FOLD), Acted(2, Move.RAISE, 30), Acted(3, Move.FOLD),
                     Acted(4, Move.RAISE, 40), Acted(0, Move.CHECK_CALL, 40),
                     Acted(2, Move.CHECK_CALL, 40)]
    # no 7th street card is shown to anyone: the hero folded
    assert [s for s in hand.steps if isinstance(s, Dealt)][-2:] == [Dealt(0, cards("??")),
                                                                     Dealt(4, cards("??"))]


# ---- other currencies, the old header, Razz, Stud/8 ---------------------------------

def test_old_header_euros_and_razz():
    first, second = records("cash_razz_eur_old.txt")
    assert first.currency == "EUR" and first.variant is Variant.RAZZ
    assert first.players == ("Ölfisch", "pip", "K.Lowe", "nadir")
    assert first.starting_stacks == (300, 240, 510, 195)
    assert (first.rules.small_bet, first.rules.ante, first.rules.bring_in) == (10, 2, 5)
    assert first.steps[4] == Acted(2, Move.BRING_IN, 5)  # Ks over Kd: by suit
    assert first.collected == (0, 0, 0, 165) and first.rake == 8
    assert dict(first.fields)["_mucked_cards"] == ((1, "9d Jd 3c 5c Qd 8h Th"),)
    assert second.collected == (32, 0, 0, 0) and second.rake == 1


def test_pounds_and_a_split_pot():
    split, scoop = records("cash_stud8_gbp.txt")
    assert split.currency == "GBP" and split.variant is Variant.SEVEN_CARD_STUD_HILO
    assert (split.rules.small_bet, split.rules.big_bet, split.rules.ante,
            split.rules.bring_in) == (25, 50, 5, 10)
    assert split.collected == (247, 247, 0, 0) and split.rake == 26
    assert split.steps[-2:] == (Showed(1, cards("Kd 6h Kh Kc 8s 7d 2s")),
                                Showed(0, cards("Ac 2c 9d 4h 5d Jc 7h")))
    assert scoop.collected == (423, 0, 0, 0) and scoop.rake == 22


# ---- tournaments ---------------------------------------------------------------------

def test_tournament_side_pots_with_two_winners():
    hand = records("tournament_stud.txt")[0]
    assert hand.currency is None
    fields = dict(hand.fields)
    assert fields["_tournament"] == "3098815522" and fields["_buy_in"] == "$3.30+$0.20 USD"
    assert fields["_level"] == "III" and fields["_pots"] == (888, 564)
    assert (hand.rules.small_bet, hand.rules.big_bet, hand.rules.ante, hand.rules.bring_in) == (
        40, 80, 8, 12)
    assert hand.table == "3098815522 4"
    assert hand.collected == (564, 888, 0, 0, 0) and hand.rake == 0
    assert Acted(1, Move.CHECK_CALL, 52) in hand.steps  # calls 52 and is all-in
    # 7th street: nobody's card but the hero's, and the all-in player stays in
    seventh = [s for s in hand.steps if isinstance(s, Dealt)][-3:]
    assert seventh == [Dealt(0, cards("??")), Dealt(1, cards("??")), Dealt(2, cards("2c"))]


def test_a_short_all_in_bring_in_takes_the_bring_in_from_the_first_call():
    hand = records("tournament_stud.txt")[1]
    assert hand.starting_stacks[2] == 15
    assert hand.steps[6:8] == (Acted(2, Move.BRING_IN, 7), Acted(3, Move.CHECK_CALL, 12))
    assert hand.rules.bring_in == 12
    assert dict(hand.fields)["_bring_in_from"] == "the first call of the bring-in"
    assert hand.collected == (0, 0, 0, 79, 0, 0)


def test_a_main_pot_and_two_side_pots_with_three_winners():
    hand = records("tournament_stud.txt")[2]
    assert hand.players == ("castor", "pollux", "wren_", "Ada L", "krill")
    assert dict(hand.fields)["_pots"] == (1384, 1572, 320)
    assert hand.collected == (0, 1572, 0, 1384, 320) and sum(hand.collected) == 3276
    assert Acted(1, Move.RAISE, 140) in hand.steps  # raises 60 to 140 and is all-in
    assert Acted(3, Move.CHECK_CALL, 176) in hand.steps  # calls 96 and is all-in
    assert hand.steps[-4:] == (Showed(4, cards("3c 5d 3d Jc 3h 2d 9d")), Mucked(0),
                               Showed(1, cards("Qs 6h Qd Qh 7c 8s 5s")),
                               Showed(3, cards("8c Qc 9c 5h Jd Tc 7d")))
    assert dict(hand.fields)["_mucked_cards"] == ((0, "6c 7s Ah Kd Ks 4s Jh"),)


# ---- mixed games ---------------------------------------------------------------------

def test_mixed_game_headers_and_other_games_skipped():
    razz, stud8, triple, horse = records("mixed_games.txt")
    assert dict(razz.fields)["_mix"] == "HORSE" and razz.variant is Variant.RAZZ
    assert (razz.currency, razz.rules.small_bet, razz.rules.big_bet) == ("USD", 50, 100)
    assert dict(stud8.fields)["_mix"] == "8-Game" and stud8.variant is Variant.SEVEN_CARD_STUD_HILO
    assert (stud8.rules.small_bet, stud8.rules.ante, stud8.rules.bring_in) == (200, 30, 60)
    assert stud8.collected == (2180, 2180) and stud8.rake == 100
    fields = dict(triple.fields)
    assert fields["_mix"] == "Triple Stud" and fields["_level"] == "V" and triple.currency is None
    assert triple.variant is Variant.SEVEN_CARD_STUD and triple.rules.bring_in == 18
    fields = dict(horse.fields)
    assert fields["_mix"] == "HORSE" and fields["_buy_in"] == "$10+$1 USD"
    # Gus, due to bring in, completes at once ("bets 20")
    assert horse.steps[3] == Acted(0, Move.RAISE, 20)
    assert horse.rules.bring_in == 10 and "_bring_in_from" in fields
    assert [r.hand_id for r in records("mixed_games.txt")] == [
        "208813370021", "208813402266", "208813455102", "208813460075"]


# ---- many hands: a bad one, a cancelled one, a cut-off one ---------------------------

def test_many_hands_with_a_bad_one_in_the_middle():
    items, reader = read("tournament_many.txt")
    kinds = [type(item).__name__ for item in items]
    assert kinds == ["HandRecord", "HistoryError", "HandRecord", "HandRecord", "HistoryError"]
    bad, cut = items[1], items[4]
    path = str(SAMPLES / "tournament_many.txt")
    assert (bad.file, bad.hand, bad.line) == (path, "22118861094", 146)
    assert "ghost99" in bad.reason and str(bad).startswith(f"{path}, hand 22118861094, line 146: ")
    assert (cut.hand, cut.line) == ("22118904410", 330) and "summary" in cut.reason
    assert reader.cancelled == 1
    assert [i.hand_id for i in items if isinstance(i, HandRecord)] == [
        "22118845230", "22118869702", "22118893375"]


def test_the_community_card_of_an_eight_handed_hand():
    hand = records("tournament_many.txt")[0]
    assert hand.n_seats == 8
    [community] = [s for s in hand.steps if isinstance(s, CommunityDealt)]
    assert community == CommunityDealt(Card("Ks"))
    position = hand.steps.index(community)
    assert not any(isinstance(s, Dealt) for s in hand.steps[position:])
    assert hand.steps[-2:] == (Showed(4, cards("Ah Kh 7h 9c 6c Td")),
                               Showed(1, cards("Qs Qh Qc 3s 7c 6d")))
    fields = dict(hand.fields)
    assert fields["_date"] == "2008/11/02 - 20:15:42 (ET)" and fields["_buy_in"] == "$5+$0.50"


def test_a_player_sitting_out_in_a_tournament_is_dealt_in():
    hand = records("tournament_many.txt")[2]
    assert "gum" in hand.players and hand.rules.ante == 10 and hand.rules.bring_in == 25
    assert dict(hand.fields)["_level"] == "II"


# ---- reading is streamed -------------------------------------------------------------

def test_reading_streams_hands_of_an_endless_source():
    endless = itertools.cycle(BASE.splitlines() + ["", ""])
    reader = read_pokerstars_lines(endless, file="endless")
    first = list(itertools.islice(reader, 500))
    assert all(isinstance(r, HandRecord) for r in first) and reader.hands == 500


def test_a_hand_too_long_is_refused_and_the_next_read():
    lines = BASE.splitlines()
    chat = ['beta said, "hi"'] * (MAX_HAND_LINES + 10)
    long_hand = lines[:9] + chat + lines[9:]
    items = list(read_pokerstars_lines(long_hand + [""] + lines))
    assert isinstance(items[0], HistoryError) and "more than" in items[0].reason
    assert isinstance(items[1], HandRecord)


def test_a_line_outside_any_hand_is_reported_once_per_run():
    items = list(read_pokerstars("some words\nmore words\n\n" + BASE))
    assert isinstance(items[0], HistoryError) and items[0].hand is None and items[0].line == 1
    assert isinstance(items[1], HandRecord) and len(items) == 2


def test_read_pokerstars_lines_of_an_open_file():
    with open(SAMPLES / "tournament_stud.txt", encoding="utf-8") as stream:
        hands = list(read_pokerstars_lines(stream, file="t.txt"))
    assert [h.source.file for h in hands] == ["t.txt"] * 3
    text = (SAMPLES / "tournament_stud.txt").read_text(encoding="utf-8")
    assert [h.source.line for h in hands] == [1, line_of(text, "PokerStars Hand #225871039880"),
                                              line_of(text, "PokerStars Hand #225871062213")]


# ---- hands that cannot be read -------------------------------------------------------

DAMAGED = [  # (what is replaced, by what, the line it names, words of the reason)
    ("Razz Limit", "Stud Deluxe Limit", "PokerStars", "unknown game"),
    ("Razz Limit", "Razz Pot Limit", "PokerStars", "not supported"),
    ("gamma: calls 10\n", "gamma: calls 1O\n", "gamma: calls", "'1O' does not parse"),
    ("gamma: calls 10\n", "gamma: calls 10.5\n", "gamma: calls", "whole number of chips"),
    ("gamma: calls 10\n", "delta: calls 10\n", "delta: calls", "not at the table"),
    ("gamma: calls 10\n", "gamma: dances\n", "gamma: dances", "unknown action"),
    ("Dealt to gamma [7c] [6c]", "Dealt to gamma [7c] [5d]", "Dealt to gamma [7c] [5d]",
     "5d is seen twice"),
    ("gamma: shows [Tc Jh 7c 6c 8h 9d 2c]", "gamma: shows [Tc Jh 7c 6c 8h 9d 2s]",
     "gamma: shows", "2s is seen twice"),
    ("Dealt to gamma [7c 6c] [8h]", "Dealt to gamma [7c 6d] [8h]", "Dealt to gamma [7c 6d]",
     "not the ones dealt before"),
    ("Dealt to alpha [Kc]", "Dealt to alpha [Kx]", "Dealt to alpha", "'Kx' is not a card"),
    ("Dealt to alpha [Kc]", "Dealt to alfa [Kc]", "Dealt to alfa", "not at the table"),
    ("beta collected 91 from pot", "beta collected 90 from pot", "Total pot",
     "do not make the total pot"),
    ("Total pot 91 |", "Total pot 95 |", "Total pot", "is not what was put in"),
    ("beta collected 91 from pot", "beta cashed out the hand for 91", "beta cashed",
     "cashed out"),
    ("*** 5th STREET ***", "*** 6th STREET ***", "*** 6th STREET ***", "out of order"),
    ("*** 4th STREET ***", "*** FLOP ***", "*** FLOP ***", "not a stud street"),
    ("alpha: folds\n", "alpha: folds\nalpha: calls 5\n", "alpha: calls", "after folding"),
    ("Seat 3: gamma (500 in chips)", "Seat 3: gamma (40 in chips)", "Total pot",
     "more than the 40"),
    ("Dealt to gamma [7c]\n", "", "gamma: calls", "not dealt in"),
]


@pytest.mark.parametrize("old, new, where, why", DAMAGED)
def test_a_damaged_hand_is_a_history_error(old, new, where, why):
    assert old in BASE
    text = BASE.replace(old, new, 1)
    error = only(text, file="damaged.txt")
    assert isinstance(error, HistoryError), error
    assert error.file == "damaged.txt" and error.hand == "300000000001"
    assert error.line == line_of(text, where), error
    assert why in error.reason, error.reason
    assert str(error) == f"damaged.txt, hand 300000000001, line {error.line}: {error.reason}"


def test_a_summary_before_the_deal_is_a_history_error(tmp_path):
    # no seat is dealt in: no record (one of no seats made verify's replay
    # raise the engine's ValueError)
    text = BASE[:BASE.index("alpha: posts")] + "*** SUMMARY ***\nTotal pot 0 | Rake 0\n"
    error = only(text, file="damaged.txt")
    assert isinstance(error, HistoryError), error
    assert error.line == line_of(text, "*** SUMMARY")
    assert error.reason == "the summary before the deal"
    path = tmp_path / "damaged.txt"
    path.write_text(text + "\n\n" + BASE, encoding="utf-8")
    for fast in (True, False):
        result = verify(path, fast=fast)
        assert (result.reproduced, [e.line for e in result.errors]) == (1, [error.line])


def test_antes_must_agree():
    short = BASE.replace("gamma: posts the ante 2", "gamma: posts the ante 1")
    short = short.replace("Total pot 91", "Total pot 90").replace("collected 91", "collected 90")
    error = only(short)
    assert isinstance(error, HistoryError) and error.line == line_of(short, "gamma: posts")
    assert "gamma posted an ante of 1, the others 2" in error.reason


SHORT_ANTE = """\
PokerStars Hand #300000000002: Tournament #555, $1+$0.10 USD Razz Limit - Level I (10/20) - 2022/02/02 2:05:00 ET
Table '555 1' 8-max
Seat 1: alpha (500 in chips)
Seat 2: beta (500 in chips)
Seat 3: gamma (1 in chips)
alpha: posts the ante 2
beta: posts the ante 2
gamma: posts the ante 1 and is all-in
*** 3rd STREET ***
Dealt to alpha [Kc]
Dealt to beta [4d 2s 3h]
Dealt to gamma [7c]
alpha: brings in for 5
beta: raises 5 to 10
alpha: folds
Uncalled bet (5) returned to beta
*** 4th STREET ***
Dealt to beta [4d 2s 3h] [5d]
Dealt to gamma [7c] [6c]
*** 5th STREET ***
Dealt to beta [4d 2s 3h 5d] [Qs]
Dealt to gamma [7c 6c] [8h]
*** 6th STREET ***
Dealt to beta [4d 2s 3h 5d Qs] [Ah]
Dealt to gamma [7c 6c 8h] [9d]
*** RIVER ***
Dealt to beta [4d 2s 3h 5d Qs Ah] [Kd]
*** SHOW DOWN ***
beta: shows [4d 2s 3h 5d Qs Ah Kd] (Lo: 5,4,3,2,A)
beta collected 12 from side pot
gamma: shows [Tc Jh 7c 6c 8h 9d 2c] (Lo: 9,8,7,6,2)
beta collected 3 from main pot
gamma finished the tournament in 3rd place
*** SUMMARY ***
Total pot 15 Main pot 3. Side pot 12. | Rake 0
Seat 1: alpha folded on the 3rd Street
Seat 2: beta showed [4d 2s 3h 5d Qs Ah Kd] and won (15) with Lo: 5,4,3,2,A
Seat 3: gamma showed [Tc Jh 7c 6c 8h 9d 2c] and lost with Lo: 9,8,7,6,2
"""


def test_a_short_all_in_ante():
    record = only(SHORT_ANTE)
    assert record.rules.ante == 2 and record.starting_stacks == (500, 500, 1)
    assert record.collected == (0, 15, 0) and dict(record.fields)["_pots"] == (3, 12)
    # no betting after 3rd street: the cards are dealt out
    assert [type(s).__name__ for s in record.steps[3:]] == (
        ["Acted"] * 3 + ["Dealt"] * 8 + ["Showed"] * 2)
    assert record.steps[-4:-2] == (Dealt(1, cards("Kd")), Dealt(2, cards("??")))
    try:
        from stud.histories.replay import replay_record
    except ImportError:  # pragma: no cover
        return
    assert replay_record(record).is_over


def test_a_hand_cut_short_is_a_history_error():
    text = BASE[:BASE.index("*** SUMMARY ***")]
    error = only(text)
    assert isinstance(error, HistoryError) and "summary" in error.reason
    assert error.line == len(text.splitlines()) and str(error).startswith("<text>, hand ")


def test_a_money_amount_finer_than_a_cent():
    text = (SAMPLES / "cash_razz_eur_old.txt").read_text(encoding="utf-8")
    text = text.replace("pip: calls €0.10", "pip: calls €0.105", 1)
    error = next(iter(read_pokerstars(text)))
    assert isinstance(error, HistoryError) and "finer than a cent" in error.reason


def test_history_error_is_a_value_error_that_pickles():
    error = HistoryError("why", "f.txt", "7", 3)
    assert isinstance(error, ValueError) and str(error) == "f.txt, hand 7, line 3: why"
    again = pickle.loads(pickle.dumps(error))
    assert (again.file, again.hand, again.line, again.reason) == ("f.txt", "7", 3, "why")
    assert str(HistoryError("x", None, None, 1)) == "<text>, line 1: x"


def test_never_a_crash_on_damaged_files():
    lines = (SAMPLES / "cash_stud_usd.txt").read_text(encoding="utf-8-sig").splitlines()
    rng = random.Random(20240611)
    for _ in range(300):
        damaged = list(lines)
        for _ in range(rng.randint(1, 4)):
            at = rng.randrange(len(damaged))
            how = rng.randrange(5)
            if how == 0:
                del damaged[at]
            elif how == 1:
                damaged.insert(at, damaged[rng.randrange(len(damaged))])
            elif how == 2:
                damaged[at] = damaged[at][:rng.randrange(len(damaged[at]) + 1)]
            elif how == 3 and damaged[at]:
                i = rng.randrange(len(damaged[at]))
                damaged[at] = damaged[at][:i] + rng.choice("$.[]:0 9xX#") + damaged[at][i + 1:]
            else:
                j = rng.randrange(len(damaged))
                damaged[at], damaged[j] = damaged[j], damaged[at]
        for item in read_pokerstars_lines(damaged):
            assert isinstance(item, (HandRecord, HistoryError))


# ---- header variants -----------------------------------------------------------------

def with_header(header):
    return BASE.replace(BASE.splitlines()[0], header, 1)


def test_old_upper_case_tournament_header():
    record = only(with_header("PokerStars Game #300000000001: TOURNAMENT #169, $10+$1 RAZZ LIMIT "
                              "- LEVEL I (10/20) - 2009/06/14 11:45:00 ET"))
    assert isinstance(record, HandRecord) and record.variant is Variant.RAZZ
    assert dict(record.fields)["_level"] == "I" and dict(record.fields)["_tournament"] == "169"


def test_home_game_and_zoom_headers():
    home = only(with_header("PokerStars Home Game Hand #300000000001: {Room of Ours} Tournament "
                            "#743, 100+9 8-Game (Razz Limit) - Match Round I, Level IV (10/20) - "
                            "2013/06/06 0:00:10 ET"))
    fields = dict(home.fields)
    assert (fields["_club"], fields["_mix"], fields["_buy_in"], fields["_match_round"],
            fields["_level"]) == ("Room of Ours", "8-Game", "100+9", "I", "IV")
    zoom = only(with_header("PokerStars Zoom Hand #300000000001:  Razz Limit (10/20) - "
                            "2016/05/01 10:00:00 ET"))
    assert dict(zoom.fields)["_zoom"] is True and zoom.currency is None  # play chips


def test_seat_lines_with_a_bounty_and_names_with_brackets():
    text = BASE.replace("Seat 2: beta (500 in chips)", "Seat 2: beta (500 in chips, $0.50 bounty)")
    assert only(text).starting_stacks == (500, 500, 500)


def test_a_show_without_a_showdown_is_kept_in_the_fields():
    text = BASE[:BASE.index("gamma: calls 10")] + """\
gamma: folds
alpha: folds
Uncalled bet (5) returned to beta
beta collected 16 from pot
beta: shows [4d 2s 3h] (Lo: 4,3,2)
*** SUMMARY ***
Total pot 16 | Rake 0
Seat 2: beta collected (16)
"""
    record = only(text)
    assert record.collected == (0, 16, 0)
    assert not any(isinstance(s, (Showed, Mucked)) for s in record.steps)
    assert dict(record.fields)["_shown_cards"] == ((1, "4d 2s 3h"),)


def test_a_hand_cancelled_is_counted_not_read():
    text = BASE[:BASE.index("alpha: posts")] + "Hand cancelled\n*** SUMMARY ***\n"
    reader = read_pokerstars(text + "\n" + BASE)
    assert [type(i) for i in reader] == [HandRecord] and reader.cancelled == 1


# ---- the profile ---------------------------------------------------------------------

def test_the_pokerstars_profile():
    assert POKERSTARS_PROFILE == {"bring_in_tiebreak": "suit", "board_tiebreak": "position",
                                  "max_raises": 3, "heads_up_uncapped": False,
                                  "fold_when_can_check": True}
    assert only(BASE).rules.bring_in_tiebreak == "suit"
    # a profile replaces it whole
    assert only(BASE, profile={}).rules.bring_in_tiebreak == "position"
    assert only(BASE, profile={"max_raises": 4}).rules.max_raises == 4
    error = only(BASE, profile={"no_such_option": 1})
    assert isinstance(error, HistoryError) and "the rules" in error.reason


def test_the_module_examples():
    assert doctest.testmod(pokerstars).failed == 0


def test_a_second_table_line_is_an_error_naming_it():
    # a record keeps one table and one size: two "Table" lines made a record
    # whose fields held seat_count twice, which write_phh refused
    table = next(line for line in BASE.splitlines() if line.startswith("Table "))
    text = BASE.replace(table, table + "\n" + table, 1)
    error = only(text)
    assert isinstance(error, HistoryError)
    assert error.reason == f"a second table line (the first is line {line_of(BASE, 'Table ')})"
    assert error.line == line_of(BASE, "Table ") + 1


def test_a_second_total_line_is_an_error_naming_it():
    total = next(line for line in BASE.splitlines() if line.startswith("Total pot "))
    text = BASE.replace(total, total + "\n" + total, 1)
    error = only(text)
    assert isinstance(error, HistoryError)
    assert error.reason == "a second 'Total pot' line in the summary"
    assert error.line == line_of(BASE, "Total pot ") + 1


def test_a_record_of_one_table_line_writes_as_phh():
    from stud.histories.phh import write_phh

    record = only(BASE)
    assert [name for name, _ in record.fields].count("seat_count") == 1
    assert "seat_count" in write_phh(record)
