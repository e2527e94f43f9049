"""PokerStars text histories written (stud.histories.pokerstars_write) and read back.

Random engine hands (every seven-card variant, 2 to 8 seats, short stacks
for all-ins and side pots, rake, the community card of an eight-handed
hand, PokerStars' options and others) are written, read back and replayed:
the same chips, and the same steps but for the cards the text cannot show
(other players' down cards).  Every sample hand reads back as it was read.
"""

import doctest
import random
from pathlib import Path

import pytest
from stud import Card, Hand, Rules, Variant
from stud.histories import CommunityDealt, Dealt, HandRecord, Showed, pokerstars_write
from stud.histories.phh import read_phh, write_phh
from stud.histories.pokerstars import (
    POKERSTARS_PROFILE,
    HistoryError,
    read_pokerstars,
    read_pokerstars_file,
)
from stud.histories.pokerstars_write import (
    DEFAULT_DATE,
    rules_profile,
    write_pokerstars,
    write_pokerstars_hands,
)
from stud.histories.replay import MismatchError, record_of

SAMPLES = Path(__file__).resolve().parent / "samples"
FILES = sorted(p.name for p in SAMPLES.glob("*.txt"))
SEVEN = [Variant.SEVEN_CARD_STUD, Variant.SEVEN_CARD_STUD_HILO, Variant.RAZZ]


def random_rules(rng, variant):
    small = rng.choice([2, 4, 10, 20, 40, 100])
    if rng.random() < 0.5:
        options = dict(POKERSTARS_PROFILE)
    else:
        options = {"bring_in_tiebreak": rng.choice(["suit", "position"]),
                   "board_tiebreak": rng.choice(["suit", "position"]),
                   "max_raises": rng.choice([2, 3, 4]),
                   "reopen_rule": rng.choice(["half_bet", "full_raise"]),
                   "odd_chip": rng.choice(["high_card", "position"])}
    return Rules(variant, small, ante=rng.choice([None, 0, small // 5, small // 4]),
                 bring_in=rng.choice([None, max(1, small // 4), small // 2]), **options)


def random_hand(rng, variant):
    """A finished hand of random legal actions (folds less likely), random
    shows and mucks; stacks short half the time."""
    rules = random_rules(rng, variant)
    small = rules.small_bet
    # one hand in six: eight players who seldom fold, to run out of cards
    passive = rng.random() < 1 / 6
    n = 8 if passive else rng.choice([2, 3, 4, 5, 6, 7, 8, 8])
    weights = {0: 0.02, 1: 1.0, 2: 1.0} if passive else {0: 0.4}
    if rng.random() < 0.5:
        stacks = [rng.randint(1, rng.choice([6, 30]) * small) for _ in range(n)]
    else:
        stacks = [rng.randint(20 * small, 60 * small) for _ in range(n)]
    hand = Hand(rules, stacks, seed=rng.getrandbits(32), rake=rng.choice([0, 0, 1, 3, small]))
    while not hand.is_over:
        if hand.awaiting_showdown:
            if hand.may_muck and rng.random() < 0.4:
                hand.muck()
            else:
                hand.show()
            continue
        legal = hand.legal_actions()
        hand.act(rng.choices(legal, [weights.get(a.kind, 0.3 if passive else 1.0)
                                     for a in legal])[0])
    return hand


def visible(record, hero):
    """The record's steps as a PokerStars history can show them: the down
    cards of all but the hero unknown, shown hands without the community
    card."""
    community = {s.card for s in record.steps if isinstance(s, CommunityDealt)}
    streets = {}
    steps = []
    for step in record.steps:
        if isinstance(step, Dealt) and step.seat != hero:
            nth = streets[step.seat] = streets.get(step.seat, 0) + 1
            if nth == 1:
                step = Dealt(step.seat, (None, None, step.cards[2]))
            elif nth == 5:
                step = Dealt(step.seat, (None,))
        elif isinstance(step, Showed):
            step = Showed(step.seat, tuple(c for c in step.cards if c not in community))
        steps.append(step)
    return tuple(steps)


def play_out(hand):
    """Every seat checks, calls or brings in to the end; all show."""
    while not hand.is_over:
        if hand.awaiting_showdown:
            hand.show()
        else:
            hand.act(next(a for a in hand.legal_actions() if a.kind != 0))
    return hand


def read_one(text, **kwargs):
    items = list(read_pokerstars(text, **kwargs))
    assert len(items) == 1 and isinstance(items[0], HandRecord), items
    return items[0]


@pytest.mark.parametrize("variant", SEVEN, ids=lambda v: v.name)
def test_random_engine_hands_write_read_and_replay_the_same(variant):
    rng = random.Random(f"pokerstars-write-{variant.name}")
    seen = {"community": 0, "side pots": 0, "all-in": 0, "rake": 0, "hero": 0, "showdown": 0}
    for number in range(250):
        hand = random_hand(rng, variant)
        record = hand.to_record(hand_id=str(number + 1))
        hero = rng.choice([None, None] + list(range(hand.n_seats)))
        text = write_pokerstars(record, hero=hero)
        back = read_one(text, profile=rules_profile(record.rules))
        where = f"hand {number}:\n{text}"
        assert back.steps == visible(record, hero), where
        assert back.starting_stacks == record.starting_stacks, where
        assert back.collected == record.collected and back.rake == record.rake, where
        assert back.hand_id == str(number + 1) and back.currency is None, where
        # the rules, as far as the text says them: a bring-in that is not all
        # in gives the bring-in, a full ante the ante
        rules = back.rules
        assert rules_profile(rules) == rules_profile(record.rules), where
        assert (rules.variant, rules.small_bet, rules.big_bet) == (
            variant, record.rules.small_bet, record.rules.big_bet), where
        lines = text.splitlines()
        if any(" brings in for " in line and "all-in" not in line for line in lines):
            assert rules.bring_in == record.rules.bring_in, where
        if record.rules.ante == 0 or any(" posts the ante " in line and "all-in" not in line
                                         for line in lines):
            assert rules.ante == record.rules.ante, where
        # replayed with the record's rules: the same hand to the chip
        again = back.replace(rules=record.rules).replay()
        assert again.stacks == hand.stacks and again.payouts == hand.payouts, where
        # a Hand writes as its record does
        assert write_pokerstars(hand, hero=hero, hand_id=number + 1) == text
        seen["community"] += any(isinstance(s, CommunityDealt) for s in record.steps)
        seen["side pots"] += len(hand.pots) > 1
        seen["all-in"] += "and is all-in" in text
        seen["rake"] += record.rake > 0
        seen["hero"] += hero is not None
        seen["showdown"] += "*** SHOW DOWN ***" in text
    assert all(count >= 5 for count in seen.values()), seen


@pytest.mark.parametrize("name", FILES)
def test_every_sample_hand_reads_back_as_it_was_read(name):
    records = [r for r in read_pokerstars_file(str(SAMPLES / name)) if isinstance(r, HandRecord)]
    assert records
    for record in records:
        text = write_pokerstars(record)
        back = read_one(text)
        assert back.steps == record.steps, text
        # and everything else the file said: players, seats, amounts, fields
        assert back == record, text
        assert write_pokerstars(back) == text


def test_a_whole_file_of_hands():
    records = [r for name in FILES for r in read_pokerstars_file(str(SAMPLES / name))
               if isinstance(r, HandRecord)]
    text = "".join(write_pokerstars_hands(records))
    reader = read_pokerstars(text)
    assert list(reader) == records and reader.errors == reader.skipped == 0
    # hands without a number of digits are numbered
    rng = random.Random(5)
    hands = [random_hand(rng, Variant.RAZZ) for _ in range(3)]
    text = "".join(write_pokerstars_hands(hands, first_id=10))
    assert [r.hand_id for r in read_pokerstars(text, profile=rules_profile(hands[0].rules))] == [
        "10", "11", "12"]


# ---- what a hand looks like ----------------------------------------------------------

def test_a_cash_hand_in_dollars_with_a_hero():
    rules = Rules("stud", 10, ante=2, bring_in=5, **POKERSTARS_PROFILE)
    hand = play_out(Hand(rules, [450, 615, 300], seed=11, rake=5))
    record = hand.to_record(players=("ann", "bob", "cy"), seats=(2, 5, 7), hand_id="77",
                            table="Aldebaran IV", currency="USD")
    text = write_pokerstars(record, hero=1)
    lines = text.splitlines()
    assert lines[0] == f"PokerStars Hand #77:  7 Card Stud Limit ($0.10/$0.20 USD) - {DEFAULT_DATE}"
    assert lines[1:5] == ["Table 'Aldebaran IV' 8-max", "Seat 2: ann ($4.50 in chips)",
                          "Seat 5: bob ($6.15 in chips)", "Seat 7: cy ($3 in chips)"]
    assert lines[5] == "ann: posts the ante $0.02"
    assert lines[8] == "*** 3rd STREET ***"
    down = " ".join(str(c) for c in record.steps[1].cards)
    assert lines[10] == f"Dealt to bob [{down}]"
    assert lines[9] == f"Dealt to ann [{record.steps[0].cards[2]}]"
    assert "brings in for $0.05" in text and "Rake $0.05" in text
    assert text.endswith("\n") and "*** SHOW DOWN ***" in text
    back = read_one(text)
    assert back.currency == "USD" and back.players == ("ann", "bob", "cy")
    assert back.seats == (2, 5, 7) and dict(back.fields)["_hero"] == "bob"
    assert back.replay().stacks == hand.stacks


@pytest.mark.parametrize("currency, stakes, amount", [
    ("EUR", "(€0.10/€0.20 EUR)", "€0.02"), ("GBP", "(£0.10/£0.20 GBP)", "£0.02"),
    ("CAD", "(0.10/0.20 CAD)", "0.02")])
def test_other_currencies(currency, stakes, amount):
    rules = Rules("razz", 10, **POKERSTARS_PROFILE)
    hand = Hand(rules, [300, 300], seed=4)
    while not hand.is_over:
        hand.act(hand.legal_actions()[0])
    text = write_pokerstars(hand.to_record(currency=currency))
    assert stakes in text.splitlines()[0] and f"ante {amount}\n" in text
    back = read_one(text)
    assert back.currency == currency and back.replay().stacks == hand.stacks


def test_verbs_and_all_in():
    # the bring-in, a completion, a raise all in for less, calls of it
    rules = Rules("stud", 10, ante=1, bring_in=3, **POKERSTARS_PROFILE)
    first = Hand(rules, [200, 200, 200], seed=21).bring_in_seat
    stacks = [200, 200, 200]
    stacks[(first + 2) % 3] = 16
    hand = Hand(rules, stacks, seed=21)
    order = [f"Player{(first + k) % 3 + 1}" for k in range(3)]
    hand.act("bring_in")
    hand.act("complete")
    hand.act("raise", 15)
    hand.act("call")
    hand.act("call")
    text = write_pokerstars(play_out(hand))
    assert f"{order[0]}: brings in for 3\n" in text
    assert f"{order[1]}: completes it to 10\n" in text
    assert f"{order[2]}: raises 5 to 15 and is all-in\n" in text
    assert f"{order[0]}: calls 12\n{order[1]}: calls 5\n" in text
    assert read_one(text).replay().stacks == hand.stacks


def test_the_bring_in_seat_completing_at_once_bets():
    rules = Rules("razz", 10, **POKERSTARS_PROFILE)
    hand = Hand(rules, [100, 100], seed=3)
    seat = hand.actor
    hand.act("complete")
    hand.fold()
    text = write_pokerstars(hand)
    assert f"Player{seat + 1}: bets 10\n" in text
    assert f"Uncalled bet (10) returned to Player{seat + 1}\n" in text
    assert f"Player{seat + 1}: doesn't show hand\n" in text
    back = read_one(text)
    assert back.replay().stacks == hand.stacks


def test_errors():
    rules = Rules("five", 10)
    hand = Hand(rules, [100, 100], seed=1)
    while not hand.is_over:
        hand.act(hand.legal_actions()[0])
    with pytest.raises(ValueError, match="seven-card games"):
        write_pokerstars(hand)
    # seven-card games that no PokerStars history names (docs/rules.md 12, 13)
    for game in ("razz27", "studhl"):
        other = Hand(Rules(game, 10), [100, 100], seed=1)
        while not other.is_over:
            other.act(other.legal_actions()[0])
        with pytest.raises(ValueError, match=f"not {other.rules.variant.name}: write it as PHH"):
            write_pokerstars(other)
        # PHH holds it (an extension code), and it reads back
        record = next(read_phh(write_phh(record_of(other))))
        assert record.variant is other.rules.variant
        assert record.replay().stacks == other.stacks
    unfinished = Hand(Rules("razz", 10), [100, 100], seed=1)
    with pytest.raises(ValueError, match="not over"):
        write_pokerstars(unfinished)
    with pytest.raises(TypeError):
        write_pokerstars("PokerStars Hand #1")
    done = Hand(Rules("razz", 10), [100, 100], seed=1)
    while not done.is_over:
        done.act(done.legal_actions()[-1] if not done.awaiting_showdown else "fold")
    record = done.to_record()
    with pytest.raises(ValueError, match="one name"):
        write_pokerstars(record.replace(players=("ann", "ann")))
    with pytest.raises(ValueError, match="cannot be a player's name"):
        write_pokerstars(record.replace(players=("ann", "bob\n")))
    with pytest.raises(ValueError, match="no seat 5"):
        write_pokerstars(record, hero=5)
    # an up card nobody saw cannot be written; an unknown hero is refused
    for seed in range(100):  # (a hand that replays with the bring-in's up card unknown)
        hand = Hand(Rules("stud", 10), [100, 100], seed=seed)
        bring_in = hand.actor
        hand.bring_in()
        hand.fold()
        steps = list(hand.to_record().steps)
        steps[bring_in] = Dealt(bring_in, steps[bring_in].cards[:2] + (None,))
        unknown = hand.to_record().replace(steps=tuple(steps))
        try:
            unknown.replay()
        except MismatchError:
            continue
        break
    with pytest.raises(ValueError, match="up card is not known"):
        write_pokerstars(unknown)
    with pytest.raises(ValueError, match="cannot be the hero"):
        write_pokerstars(unknown, hero=bring_in)
    # a record that does not replay is not written
    bad = record.replace(collected=tuple(c + 1 for c in record.collected))
    with pytest.raises(MismatchError):
        write_pokerstars(bad)


def test_a_record_with_unknown_down_cards_writes_without_a_hero():
    [record] = [r for r in read_pokerstars_file(str(SAMPLES / "tournament_stud.txt"))
                if isinstance(r, HandRecord)][:1]
    hero = dict(record.fields)["_hero"]
    fields = tuple(f for f in record.fields if f[0] != "_hero")
    text = write_pokerstars(record.replace(fields=fields))
    back = read_one(text)
    assert "_hero" not in dict(back.fields)
    seat = record.players.index(hero)
    assert back.steps[seat] == Dealt(seat, (None, None, record.steps[seat].cards[2]))
    assert back.replay().stacks == record.replay().stacks
    assert isinstance(Card("As"), Card) and not isinstance(back, HistoryError)


def test_names_that_hold_the_separators():
    """Names that hold ": " or " [", and names that begin others, read back
    to the same seats (the reader takes the longest name that fits)."""
    rng = random.Random(8)
    names = ("x: y", "x", "Quinn [NL]", "Quinn", "Quinn [N")
    for _ in range(20):
        hand = random_hand(rng, Variant.SEVEN_CARD_STUD)
        n = hand.n_seats
        if n > len(names):
            continue
        record = hand.to_record(players=names[:n])
        text = write_pokerstars(record, hero=n - 1)
        back = read_one(text, profile=rules_profile(record.rules))
        assert back.players == names[:n] and back.steps == visible(record, n - 1), text
        assert back.replace(rules=record.rules).replay().stacks == hand.stacks


def test_what_each_seat_collected_is_in_the_chips():
    """The replay checks what each seat collected as its chips at the end,
    less those it began with, plus its contributions (uncalled bets not
    counted): the sum of the engine's PotAwarded events, always."""
    from stud.game import PotAwarded

    rng = random.Random(9)
    for number in range(300):
        hand = random_hand(rng, SEVEN[number % 3])
        awarded = [0] * hand.n_seats
        for event in hand.history:
            if isinstance(event, PotAwarded):
                awarded[event.seat] += event.amount
        assert awarded == [hand.stacks[s] - hand.starting_stacks[s] + hand.contributions[s]
                           for s in range(hand.n_seats)]


def test_the_module_examples():
    assert doctest.testmod(pokerstars_write).failed == 0


def test_a_call_all_in_for_less_does_not_set_the_bring_in():
    # the bring-in all in for 5 (its stack), the next seat all in for 4: the
    # bring-in of the game is the first call that is not all in (docs/rules.md
    # 2.7: the others call the whole bring-in); 4 was once taken for it, and
    # the third seat's call of 5 was then refused as a completion
    rules = Rules("stud", 10, 20, 2, 5, bring_in_tiebreak="suit", fold_when_can_check=True)
    hand = Hand(rules, [7, 6, 200], deck="Ac Ad Qc  Kc Kd Qd  2c 9h Jh")  # 2c brings in
    hand.bring_in()
    while not hand.is_over:
        if hand.awaiting_showdown:
            hand.show()
        else:
            hand.check_or_call()
    text = write_pokerstars(hand, hand_id=1)
    assert "brings in for 5 and is all-in" in text and "calls 4 and is all-in" in text
    back = read_one(text)
    assert back.rules.bring_in == 5
    assert back.replay().stacks == hand.stacks
