"""Coverage-guided fuzzing of the Python API over the compiled module (atheris).

The C targets in this folder fuzz the core; this one fuzzes what only the
Cython layer does (its coverage is that of the Python code here and in the
stud package: the compiled module itself is not instrumented): the card parser, the conversion of Python values, and
the Hand's checks.  Any exception other than the documented ones (CardError,
IllegalActionError, ValueError, TypeError), a crash, or a value outside its
scale is a finding.

    pip install atheris
    python fuzz/atheris_api.py -max_total_time=60 fuzz/corpus/atheris_api
"""

from __future__ import annotations

import sys

import atheris

with atheris.instrument_imports():
    import stud

EXPECTED = (stud.CardError, stud.IllegalActionError, ValueError, TypeError)
VARIANTS = list(stud.Variant)


@atheris.instrument_func
def check_cards(text: str) -> None:
    try:
        cards = stud.CardSet(text)
    except EXPECTED:
        return
    assert stud.CardSet.from_mask(int(cards)) == cards
    assert stud.CardSet(str(cards)) == cards
    if 5 <= len(cards) <= 7:
        assert 1 <= stud.high_value(cards) <= stud.HIGH_CLASSES
        assert 0 <= stud.low8_value(cards) <= stud.LOW8_CLASSES
        assert 1 <= stud.razz_value(cards) <= stud.RAZZ_CLASSES
        assert len(stud.evaluate_high(cards).cards) == 5
    if 1 <= len(cards) <= 4:
        stud.board_value(cards)


@atheris.instrument_func
def play(data: atheris.FuzzedDataProvider) -> None:
    variant = VARIANTS[data.ConsumeIntInRange(0, len(VARIANTS) - 1)]
    try:
        rules = stud.Rules(variant, data.ConsumeIntInRange(-2, 50),
                           bring_in=data.ConsumeIntInRange(1, 10) if data.ConsumeBool() else None)
        seats = data.ConsumeIntInRange(0, 11)
        stacks = [data.ConsumeIntInRange(-1, 300) for _ in range(seats)]
        manual = data.ConsumeBool()
        deck = None if manual or data.ConsumeBool() else data.ConsumeUnicodeNoSurrogates(40)
        hand = stud.Hand(rules, stacks, seed=data.ConsumeInt(8), deck=deck, manual=manual,
                         showdown="manual" if data.ConsumeBool() else "auto")
    except EXPECTED:
        return
    start = sum(hand.stacks) + hand.pot
    for _ in range(data.ConsumeIntInRange(0, 60)):
        if hand.is_over:
            break
        before = (hand.stacks, hand.pot, hand.history)
        choice = data.ConsumeIntInRange(0, 5)
        try:
            if choice == 0 and hand.legal_actions():
                legal = hand.legal_actions()
                hand.act(legal[data.ConsumeIntInRange(0, len(legal) - 1)])
            elif choice == 1:
                hand.act((data.ConsumeInt(4), data.ConsumeInt(5)))
            elif choice == 2:
                hand.deal([data.ConsumeUnicodeNoSurrogates(12) for _ in hand.live_seats])
            elif choice == 3:
                hand.deal(community=data.ConsumeUnicodeNoSurrogates(4))
            elif choice == 4:
                hand.show() if data.ConsumeBool() else hand.muck()
            else:
                hand = hand.copy()
        except EXPECTED:
            assert (hand.stacks, hand.pot, hand.history) == before, "a refused call changed the hand"
        # chips are conserved: in the stacks, or in the pot until it is paid (after
        # the end the pot stays readable as it was paid, and the stacks hold it all)
        in_play = 0 if hand.is_over else hand.pot
        assert sum(hand.stacks) + in_play == start, "chips were not conserved"


@atheris.instrument_func
def test_one_input(raw: bytes) -> None:
    data = atheris.FuzzedDataProvider(raw)
    if data.ConsumeBool():
        check_cards(data.ConsumeUnicodeNoSurrogates(64))
    else:
        play(data)


if __name__ == "__main__":
    atheris.Setup(sys.argv, test_one_input)
    atheris.Fuzz()
