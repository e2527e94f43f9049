"""Cards a record does not name, chosen by docs/rules.md 11.4
(stud.histories.unknown): the chosen cards let the record's bring-in and
first actors hold, a record no choice explains names the fact that cannot
hold, and the choice is the same in every process (PYTHONHASHSEED)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from stud import Card, Hand, Rules, Variant
from stud.histories import Dealt, HandRecord, read
from stud.histories.replay import MismatchError, _filled_cards
from stud.histories.unknown import street_shape

HERE = Path(__file__).parent
UP_CARDS = HERE / "samples" / "phh" / "unknown_up_cards.phhs"
NO_FIT = HERE / "samples" / "not_reproduced" / "unknown_no_fit.phh"
PS_SAMPLES = sorted((HERE.parent / "histories_ps" / "samples").glob("*.txt"))

RECORDS = list(read(UP_CARDS))


def lowest_first(record: HandRecord) -> HandRecord:
    """The record with every unknown card the lowest card it never names,
    in step order: the fill that ignores the facts."""
    named = record.named_cards()
    pool = [card for card in (Card.from_index(i) for i in range(52)) if card not in named]
    steps = []
    for step in record.steps:
        if isinstance(step, Dealt) and None in step.cards:
            step = Dealt(step.seat, tuple(pool.pop(0) if c is None else c for c in step.cards))
        steps.append(step)
    return record.replace(steps=tuple(steps))


def hidden(variant, streets, seat=2, **options):
    """A hand played in the engine with every card known (``streets``: each
    street's cards by seat and its actions as "SEAT METHOD"), as a record
    with ``seat``'s cards unknown: for the games PHH has no code for."""
    hand = Hand(Rules(variant, 10, **options), [200, 200, 200], manual=True,
                showdown="manual")
    for cards, actions in streets:
        hand.deal({s: [Card(c[i:i + 2]) for i in range(0, len(c), 2)]
                   for s, c in cards.items()})
        for action in actions.split(", "):
            who, method = action.split()
            assert hand.actor == int(who), (action, hand.legal_actions())
            getattr(hand, method)()
    while hand.awaiting_showdown:
        hand.show()
    record = hand.to_record(hand_id=f"unknown-{variant.name.lower()}")
    steps = tuple(Dealt(step.seat, (None,) * len(step.cards))
                  if isinstance(step, Dealt) and step.seat == seat else step
                  for step in record.steps)
    return record.replace(steps=steps)


OTHER_GAMES = [
    # 2-7 Razz (12.2, 12.3): Ann's ace brings in (the ace high, the worst
    # door); on 4th Cy's unseen board is the lowest, A-5 and 7-6 above it
    hidden(Variant.DEUCE_TO_SEVEN_RAZZ, [
        ({0: "KcQdAs", 1: "8h9h7d", 2: "TsJs2d"},
         "0 bring_in, 1 call, 2 call"),
        ({0: "5c", 1: "6h", 2: "3c"}, "2 bet, 0 call, 1 call"),
        ({0: "Qh", 1: "4s", 2: "Kh"}, "1 bet, 2 fold, 0 call"),
        ({0: "8c", 1: "9c"}, "1 check, 0 check"),
        ({0: "3d", 1: "Jc"}, "1 check, 0 check")]),
    # Hi-Lo Regular, the low order (13.2): Cy's unseen door card is above
    # the 9d and brings in; on 4th his board is the lowest
    hidden(Variant.SEVEN_CARD_STUD_HILO_REGULAR, [
        ({0: "AcAd5c", 1: "2s3s9d", 2: "7h8hTc"},
         "2 bring_in, 0 call, 1 call"),
        ({0: "Kh", 1: "Qs", 2: "4d"}, "2 bet, 0 call, 1 call"),
        ({0: "Kd", 1: "Js", 2: "Ks"}, "1 bet, 2 fold, 0 call"),
        ({0: "6c", 1: "6s"}, "1 check, 0 check"),
        ({0: "Ah", 1: "4h"}, "1 check, 0 check")]),
]


def test_the_samples_cover_every_variant():
    assert {record.variant for record in RECORDS + OTHER_GAMES} == set(Variant)


@pytest.mark.parametrize("record", OTHER_GAMES, ids=lambda r: r.hand_id)
def test_the_games_phh_cannot_write(record):
    with pytest.raises(MismatchError, match="the engine awaits seat"):
        lowest_first(record).replay()
    hand = record.replay()
    assert tuple(hand.stacks) == record.finishing_stacks


@pytest.mark.parametrize("record", RECORDS, ids=lambda r: r.hand_id)
def test_an_unknown_up_card_decides_and_the_choice_fits(record):
    # the cards that ignore the facts do not reproduce the hand: another
    # seat brings in or acts first
    with pytest.raises(MismatchError, match="the engine awaits seat"):
        lowest_first(record).replay()
    hand = record.replay()
    assert tuple(hand.stacks) == record.finishing_stacks
    # the chosen cards: unnamed by the record, each dealt once, and each
    # named card where the record put it
    filled = _filled_cards(record)
    named = record.named_cards()
    chosen = [card for index, cards in filled.items()
              for card, given in zip(cards, record.steps[index].cards) if given is None]
    assert len(set(chosen)) == len(chosen) and not set(chosen) & named
    for index, cards in filled.items():
        given = record.steps[index].cards
        assert all(g is None or g == c for g, c in zip(given, cards))
    # the facts, read off the engine's own history: the seat that brings
    # in is the record's first to act
    from stud.game import ActionTaken
    first_action = next(e for e in hand.history if isinstance(e, ActionTaken))
    first_step = next(step for step in record.steps if not isinstance(step, Dealt))
    assert first_action.seat == first_step.seat


def test_the_chosen_up_cards_follow_the_variant_order():
    stud, razz, stud8 = RECORDS[0], RECORDS[1], RECORDS[2]
    # Seven Card Stud: Bob brings in with the 4d, so Cy's door is a four
    # that loses the tie by position, the lowest such card: 4c
    assert _filled_cards(stud)[2][2] == Card("4c")
    # Razz: Cy brings in above the 8d: the lowest card above it, 9c
    assert _filled_cards(razz)[2][2] == Card("9c")
    # Stud/8, suit tie-break: above Ann's 3h, so the 3s (2.2)
    assert _filled_cards(stud8)[2][2] == Card("3s")


def test_a_later_fact_revises_an_earlier_choice():
    record = RECORDS[5]
    door = _filled_cards(record)[2][2]
    # Cy's 4th street card is the Kc; to act first against Ann's A-5 his
    # door card pairs it or is an ace
    assert door.rank in (13, 14)
    assert record.replay().up_cards(2)[:2] == (door, Card("Kc"))


def test_no_choice_fits_names_the_fact():
    [record] = read(NO_FIT)
    with pytest.raises(MismatchError) as caught:
        record.replay()
    assert caught.value.step == 3
    assert caught.value.reason == "no up card for seat 2 on 3rd street lets seat 2 bring in"


def test_street_shapes():
    for record in RECORDS:
        shape = street_shape(record.rules)
        assert len(shape) == len(record.rules.streets)
        assert sum(d + u for d, u in shape) == (7 if len(shape) == 5 else 5)


_PROBE = """
import json, sys
from stud.histories import read, verify
from stud.histories.replay import MismatchError, _filled_cards
out = []
for path in sys.argv[1:]:
    result = verify(path)
    out.append([path, repr(result), [str(m) for m in result.mismatches]])
    for record in read(path, on_error=lambda error: None):
        try:
            cards = {str(k): " ".join(map(str, v)) for k, v in _filled_cards(record).items()}
        except MismatchError as error:
            cards = str(error)
        out.append([record.hand_id, cards])
print(json.dumps(out))
"""


def test_the_same_record_gives_the_same_cards_in_every_process():
    paths = [str(UP_CARDS), str(NO_FIT), *map(str, PS_SAMPLES)]
    runs = []
    for seed in ("0", "1", "4242"):
        env = {**os.environ, "PYTHONHASHSEED": seed}
        done = subprocess.run([sys.executable, "-c", _PROBE, *paths], env=env,
                              capture_output=True, text=True, check=True, timeout=600)
        runs.append(json.loads(done.stdout))
    assert runs[0] == runs[1] == runs[2]
    verdicts = {entry[0]: entry[1] for entry in runs[0] if len(entry) == 3}
    assert "reproduced=6" in verdicts[str(UP_CARDS)]
    assert "not_reproduced=1" in verdicts[str(NO_FIT)]
