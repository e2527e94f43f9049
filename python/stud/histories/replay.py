"""Playing a recorded hand through the engine, and checking it against the record.

``replay_record(record)`` deals the record's cards by hand (``Hand(...,
manual=True, showdown="manual")``), takes each recorded decision as one of
the engine's legal actions, honours the recorded shows and mucks, and at
the end compares the engine's settlement with what the record says each
seat collected (and its finishing stacks).  The first step where the two
disagree raises ``MismatchError``: a record is never silently accepted and
never silently fixed.

Cards nobody saw (None in a record) are filled in from the cards the record
never mentions, lowest first: a seat that showed gets its shown cards, and
any other unknown card belongs to a hand that folded or mucked, where it
cannot change who wins (docs/rules.md 8.3: only shown hands are compared).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..game import ActionKind, PotAwarded, RakeTaken, UncalledBetReturned
from .record import Acted, CommunityDealt, Dealt, HandRecord, Move, Mucked, Showed

if TYPE_CHECKING:
    from .._core import Card, Hand

__all__ = ["MismatchError", "replay_record"]

_KINDS = {Move.FOLD: (ActionKind.FOLD,), Move.CHECK_CALL: (ActionKind.CHECK, ActionKind.CALL),
          Move.BRING_IN: (ActionKind.BRING_IN,),
          Move.RAISE: (ActionKind.COMPLETE, ActionKind.BET, ActionKind.RAISE)}


class MismatchError(ValueError):
    """The engine and a record disagree.

    ``record``: the hand; ``step``: the index of the first step that does
    not reproduce (None: the settlement at the end); ``reason``: how.
    """

    def __init__(self, record: HandRecord, step: int | None, reason: str) -> None:
        self.record = record
        self.step = step
        self.reason = reason
        where = "settlement" if step is None else f"step {step} ({record.steps[step]})"
        super().__init__(f"{record}: {where}: {reason}")


def _filled_cards(record: HandRecord) -> list[list[Card]]:
    """Each step's cards with every None replaced (one list per step;
    empty for steps that deal nothing)."""
    from .._core import CardSet

    seen: dict[Card, int] = {}  # card -> the step that first names it

    def note(card: Card | None, index: int, seat: int | None) -> None:
        if card is None:
            return
        if card in seen and seen[card] != index:
            raise MismatchError(record, index, f"{card} was already dealt (step {seen[card]})")
        seen[card] = index

    dealt_to: dict[int, set[Card]] = {}
    for index, step in enumerate(record.steps):
        if isinstance(step, Dealt):
            for card in step.cards:
                note(card, index, step.seat)
                if card is not None:
                    dealt_to.setdefault(step.seat, set()).add(card)
        elif isinstance(step, CommunityDealt):
            note(step.card, index, None)
    # a shown hand names its down cards: they fill that seat's unknown ones
    extra: dict[int, list[Card]] = {}
    for index, step in enumerate(record.steps):
        if isinstance(step, Showed):
            mine = dealt_to.get(step.seat, set())
            for card in step.cards:
                if card is None or card in mine:
                    continue
                if card in seen:
                    raise MismatchError(record, index, f"{card} was dealt elsewhere "
                                                       f"(step {seen[card]})")
                seen[card] = index
                extra.setdefault(step.seat, []).append(card)
    unseen = [card for card in CardSet.deck() if card not in seen]
    unseen.sort(key=lambda card: card.index)
    filled: list[list[Card]] = []
    for step in record.steps:
        cards: list[Card] = []
        if isinstance(step, Dealt):
            for card in step.cards:
                if card is None:
                    shown = extra.get(step.seat)
                    card = shown.pop(0) if shown else unseen.pop(0)
                cards.append(card)
        filled.append(cards)
    return filled


def replay_record(record: HandRecord) -> Hand:
    """The hand the record describes, played through the engine; see the
    module's docstring.  Raises ``MismatchError`` where they disagree."""
    from .._core import Hand

    filled = _filled_cards(record)
    hand = Hand(record.rules, list(record.starting_stacks), manual=True, showdown="manual",
                rake=record.rake)
    pending: dict[int, list[Card]] = {}
    pending_from = 0
    decisions: dict[int, bool] = {}  # seat -> shows (True) or mucks (False)

    def flush(index: int) -> None:
        nonlocal pending
        if not pending:
            return
        live = set(hand.live_seats)
        if set(pending) != live:
            raise MismatchError(record, pending_from,
                                f"a street dealt to seats {sorted(pending)}, but the live seats "
                                f"are {sorted(live)}")
        try:
            hand.deal(dict(pending))
        except ValueError as error:
            raise MismatchError(record, pending_from, str(error)) from None
        pending = {}

    for index, step in enumerate(record.steps):
        if isinstance(step, Dealt):
            if not hand.awaiting_deal:
                raise MismatchError(record, index, _awaits(hand))
            if step.seat in pending:
                flush(index)
            if not pending:
                pending_from = index
            pending[step.seat] = filled[index]
            if set(pending) == set(hand.live_seats):
                flush(index)
        elif isinstance(step, CommunityDealt):
            flush(index)
            if not hand.awaiting_deal:
                raise MismatchError(record, index, _awaits(hand))
            try:
                hand.deal(community=step.card)
            except ValueError as error:
                raise MismatchError(record, index, str(error)) from None
        elif isinstance(step, Acted):
            flush(index)
            _act(record, hand, index, step)
        elif isinstance(step, (Showed, Mucked)):
            flush(index)
            decisions.setdefault(step.seat, isinstance(step, Showed))
    flush(len(record.steps))
    while hand.awaiting_showdown:
        seat = hand.actor
        assert seat is not None
        # a recorded muck is honoured when the rules allow it (8.2); a seat
        # the record does not mention mucks when it may (nobody saw it)
        if not decisions.get(seat, False) and hand.may_muck:
            hand.muck()
        else:
            hand.show()
    if not hand.is_over:
        raise MismatchError(record, None, "the record ends before the hand does: "
                                          + _awaits(hand))
    _check_settlement(record, hand)
    return hand


def _awaits(hand: Hand) -> str:
    if hand.is_over:
        return "the hand is over"
    if hand.awaiting_deal:
        return "the engine awaits the next street's cards"
    if hand.awaiting_showdown:
        return f"the engine awaits seat {hand.actor}'s show or muck"
    legal = ", ".join(str(a) for a in hand.legal_actions())
    return f"the engine awaits seat {hand.actor} ({legal})"


def _act(record: HandRecord, hand: Hand, index: int, step: Acted) -> None:
    if hand.actor != step.seat or hand.awaiting_showdown or hand.is_over:
        raise MismatchError(record, index, _awaits(hand))
    legal = hand.legal_actions()
    kinds = _KINDS[step.move]
    matches = [a for a in legal if a.kind in kinds
               and (step.to is None or a.kind is ActionKind.CHECK or a.amount == step.to)]
    if len(matches) != 1:
        allowed = ", ".join(str(a) for a in legal)
        why = "is not legal" if not matches else "is ambiguous (give the amount)"
        raise MismatchError(record, index, f"{step} {why}: the engine allows {allowed}")
    hand.act(matches[0])


def _check_settlement(record: HandRecord, hand: Hand) -> None:
    awarded = [0] * hand.n_seats
    for event in hand.history:
        if isinstance(event, PotAwarded):
            awarded[event.seat] += event.amount
    if record.collected is not None and list(record.collected) != awarded:
        seats = [s for s in range(hand.n_seats) if record.collected[s] != awarded[s]]
        detail = "; ".join(f"{record.name_of(s)} (seat {s}) collected {record.collected[s]}, "
                           f"the engine pays {awarded[s]}" for s in seats)
        raise MismatchError(record, None, detail)
    if record.finishing_stacks is not None and list(record.finishing_stacks) != hand.stacks:
        seats = [s for s in range(hand.n_seats) if record.finishing_stacks[s] != hand.stacks[s]]
        detail = "; ".join(f"{record.name_of(s)} (seat {s}) finishes with "
                           f"{record.finishing_stacks[s]}, the engine with {hand.stacks[s]}"
                           for s in seats)
        raise MismatchError(record, None, detail)


def record_of(hand: Hand, **fields: object) -> HandRecord:
    """A record of the hand so far (``Hand.to_record``): its rules, stacks
    and steps, with what each seat collected and its final stack once the
    hand is over.  ``fields``: any other HandRecord field (players,
    hand_id, table, ...)."""
    from ..game import (
        ActionTaken,
        CardDealt,
        CommunityCardDealt,
        HandMucked,
        HandShown,
        StreetStarted,
    )

    steps: list[object] = []
    street: dict[int, list[Card]] = {}

    def end_street() -> None:
        for seat in sorted(street):
            steps.append(Dealt(seat, tuple(street[seat])))
        street.clear()

    returned = [0] * hand.n_seats
    awarded = [0] * hand.n_seats
    rake = 0
    for event in hand.history:
        if isinstance(event, StreetStarted):
            end_street()
        elif isinstance(event, CardDealt):
            street.setdefault(event.seat, []).append(event.card)
        elif isinstance(event, CommunityCardDealt):
            end_street()
            steps.append(CommunityDealt(event.card))
        elif isinstance(event, ActionTaken):
            end_street()
            kind, amount = event.action
            move = next(m for m, kinds in _KINDS.items() if kind in kinds)
            to = None if kind in (ActionKind.FOLD, ActionKind.CHECK) else amount
            steps.append(Acted(event.seat, move, to))
        elif isinstance(event, HandShown):
            end_street()
            steps.append(Showed(event.seat, tuple(event.cards)))
        elif isinstance(event, HandMucked):
            end_street()
            steps.append(Mucked(event.seat))
        elif isinstance(event, UncalledBetReturned):
            returned[event.seat] += event.amount
        elif isinstance(event, PotAwarded):
            awarded[event.seat] += event.amount
        elif isinstance(event, RakeTaken):
            rake += event.amount
    end_street()
    over = hand.is_over
    values: dict[str, object] = {
        "rules": hand.rules, "starting_stacks": tuple(hand.starting_stacks), "steps": tuple(steps),
        "collected": tuple(awarded) if over else None, "rake": rake if over else hand.rake,
        "finishing_stacks": tuple(hand.stacks) if over else None}
    values.update(fields)
    return HandRecord(**values)
