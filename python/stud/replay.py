"""Replaying a hand from its history (or from a real hand's record)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ._core import Card, Hand
from .game import (
    ActionTaken,
    AntePosted,
    BurnsReshuffled,
    CardBurned,
    CardDealt,
    CommunityCardDealt,
    Event,
    HandMucked,
    HandShown,
    PotAwarded,
    Rules,
    StreetStarted,
    UncalledBetReturned,
)

_EVENTS = (ActionTaken, AntePosted, BurnsReshuffled, CardBurned, CardDealt, CommunityCardDealt,
           HandMucked, HandShown, PotAwarded, StreetStarted, UncalledBetReturned)


def replay(rules: Rules, stacks: Sequence[int], history: Iterable[Event]) -> Hand:
    """A new hand that deals the same cards and takes the same actions.

    The hand is dealt manually from the ``CardDealt`` and
    ``CommunityCardDealt`` events, street by street; burn cards are not
    dealt (a manual hand has no deck).  The actions, shows and mucks
    follow, so a hand whose showdown was decided by hand replays too.
    Each event's seat must be the one the hand awaits; the events the
    engine works out itself (antes, burns, uncalled bets, awards) are not
    read: the new hand's own history has them.

    >>> from stud import Hand, Rules, Variant
    >>> rules = Rules(Variant.RAZZ, 10)
    >>> hand = Hand(rules, [100, 100], seed=3)
    >>> while not hand.is_over:
    ...     hand.act(hand.legal_actions()[-1])
    >>> again = replay(rules, [100, 100], hand.history)
    >>> again.payouts == hand.payouts
    True
    """
    hand = Hand(rules, stacks, manual=True, showdown="manual")
    street_cards: dict[int, list[Card]] = {}
    community: Card | None = None

    def deal_pending() -> None:
        nonlocal street_cards, community
        if community is not None:
            hand.deal(community=community)
        elif street_cards:
            hand.deal({seat: cards for seat, cards in street_cards.items()})
        street_cards, community = {}, None

    for index, event in enumerate(history):
        if not isinstance(event, _EVENTS):
            raise TypeError(f"history[{index}] is not a history event: {event!r}")
        seat = getattr(event, "seat", None)
        if seat is not None and (type(seat) is not int or not 0 <= seat < len(hand.stacks)):
            raise ValueError(f"history[{index}]: no seat {seat!r} at this table")
        if isinstance(event, StreetStarted):
            deal_pending()
        elif isinstance(event, CardDealt):
            if not isinstance(event.card, Card):
                raise TypeError(f"history[{index}]: {event.card!r} is not a Card")
            street_cards.setdefault(event.seat, []).append(event.card)
        elif isinstance(event, CommunityCardDealt):
            if not isinstance(event.card, Card):
                raise TypeError(f"history[{index}]: {event.card!r} is not a Card")
            community = event.card
        elif isinstance(event, (ActionTaken, HandShown, HandMucked)):
            deal_pending()
            if event.seat != hand.actor:
                raise ValueError(f"history[{index}]: seat {event.seat} acts, but the hand "
                                 f"awaits seat {hand.actor}")
            if isinstance(event, ActionTaken):
                hand.act(event.action)
            elif isinstance(event, HandShown):
                hand.show()
            else:
                hand.muck()
    deal_pending()
    return hand
