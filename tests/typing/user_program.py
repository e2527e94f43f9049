"""A typed program of the kind users write, touching every public name of
stud.  ``mypy --strict`` checks it in .ci/run (the stubs and annotations
must tell the truth), and tests/test_typing.py runs it."""

from __future__ import annotations

import pickle
from array import array

import stud
from stud import (
    BUILTIN_POLICIES,
    HIGH_CLASSES,
    LOW8_CLASSES,
    RAZZ_CLASSES,
    Action,
    ActionKind,
    Card,
    CardError,
    CardSet,
    Category,
    EquityResult,
    Hand,
    HandView,
    HighHand,
    IllegalActionError,
    LowHand,
    Policy,
    Pot,
    Rules,
    SimulationResult,
    TooManyOutcomes,
    Variant,
)


def cards_and_evaluation() -> int:
    hand: CardSet = CardSet("Ah Ad Ac Kd Ks 2c 3d")
    ace: Card = Card("As")
    rank: int = ace.rank
    suit: str = ace.suit
    high: HighHand = stud.evaluate_high(hand)
    category: Category = high.category
    low: LowHand | None = stud.evaluate_low8("As 2d 3c 4h 5s Kd")
    razz: LowHand = stud.evaluate_razz(hand)
    pair: tuple[HighHand, LowHand | None] = stud.evaluate_hilo(hand)
    values: list[int] = [stud.high_value(int(hand)), stud.low8_value(hand), stud.razz_value(hand),
                         stud.board_value("Ah Ad"), stud.board_value("7h 6d", razz=True)]
    masks = array("Q", [int(hand), int(CardSet("2c 3d 4h 5s 7c"))])
    batches = [stud.evaluate_high_batch(masks), stud.evaluate_low8_batch(masks),
               stud.evaluate_razz_batch(masks), stud.evaluate_hilo_batch(masks)]
    try:
        CardSet("Xx")
    except CardError:
        pass
    assert 1 <= high.value <= HIGH_CLASSES and razz.value <= RAZZ_CLASSES
    assert low is None or low.value <= LOW8_CLASSES
    return rank + len(suit) + int(category) + len(values) + len(batches) + len(pair)


def play() -> list[int]:
    rules: Rules = Rules(Variant.SEVEN_CARD_STUD_HILO, 10, max_raises=4)
    assert Rules("stud8", 10, reopen_rule="full_raise").variant is Variant.SEVEN_CARD_STUD_HILO
    hand: Hand = Hand(rules, [200, 200, 200], seed=7)
    while not hand.is_over:
        legal: list[Action] = hand.legal_actions()
        action: Action = legal[-1] if legal[-1].kind is not ActionKind.RAISE else legal[0]
        try:
            hand.act(action)
        except IllegalActionError:
            raise
    pots: list[Pot] = hand.pots
    clone: Hand = pickle.loads(pickle.dumps(hand))
    again: Hand = stud.replay(rules, hand.starting_stacks, hand.history)
    payouts: list[int] | None = hand.payouts
    assert payouts is not None and clone.payouts == again.payouts == payouts
    assert sum(pot.amount for pot in pots) == hand.pot
    report = stud.play_random(rules, [100, 100], 10, seed=1)
    hands_played: int = report["hands"]
    return payouts + [hands_played]


def always_call(view: HandView) -> Action:
    legal = view["legal_actions"]
    kinds = {action.kind: action for action in legal}
    for kind in (ActionKind.CHECK, ActionKind.CALL, ActionKind.BRING_IN):
        if kind in kinds:
            return kinds[kind]
    return legal[0]


def odds() -> tuple[EquityResult, SimulationResult]:
    assert stud.equity("razz", ["As 2d 3c", "Kd Kh 9c"], exact=False, trials=500, seed=2)
    result: EquityResult = stud.equity(Variant.RAZZ, ["As 2d 3c", "Kd Kh 9c"], exact=False,
                                       trials=2000, seed=1)
    policy: Policy = always_call
    simulation: SimulationResult = stud.simulate(Rules(Variant.RAZZ, 10),
                                                 [BUILTIN_POLICIES[0], policy], 50, seed=1)
    try:
        stud.equity(Variant.SEVEN_CARD_STUD, ["As", "Kd", "Qh", "Jc", "Ts", "9d"], exact=True)
    except TooManyOutcomes as error:
        assert error.outcomes is None
    return result, simulation


def main() -> None:
    cards_and_evaluation()
    play()
    odds()


if __name__ == "__main__":
    main()
