"""Playing a recorded hand through the engine, and checking it against the record.

``replay_record(record)`` deals the record's cards by hand (``Hand(...,
manual=True, showdown="manual")``), takes each recorded decision as one of
the engine's legal actions, honours the recorded shows and mucks, and at
the end compares the engine's settlement with what the record says each
seat collected (and its finishing stacks).  The first step where the two
disagree raises ``MismatchError``: a record is never silently accepted and
never silently fixed.

The rake (docs/rules.md 11.1) is the record's; a record with collections
and a rake of 0 whose collections are short of what the pots held took the
difference as its rake (11.3: a format that states no rake, or a fee
besides the rake).

Cards nobody saw (None in a record) are chosen as docs/rules.md 11.4 says
(``stud.histories.unknown``): a seat that showed gets its shown cards; an
unknown up card is chosen so that the record's bring-in and first actors
hold; any other unknown card is the lowest card the record never names
(it belongs to a hand that folded or mucked, where it cannot change who
wins: docs/rules.md 8.3, only shown hands are compared).  When no choice
fits, ``MismatchError`` names the first fact that cannot hold.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ..game import ActionKind, IllegalActionError, PotAwarded, RakeTaken, UncalledBetReturned
from .record import Acted, CommunityDealt, Dealt, HandRecord, Move, Mucked, Showed, _trusted
from .unknown import REPLAYS, Filler, NoFit, up_positions

if TYPE_CHECKING:
    from .._core import Card, Hand

__all__ = ["MismatchError", "replay_record"]

_KINDS = {Move.FOLD: (ActionKind.FOLD,), Move.CHECK_CALL: (ActionKind.CHECK, ActionKind.CALL),
          Move.BRING_IN: (ActionKind.BRING_IN,),
          Move.RAISE: (ActionKind.COMPLETE, ActionKind.BET, ActionKind.RAISE)}
_MOVES = {kind: move for move, kinds in _KINDS.items() for kind in kinds}


class MismatchError(ValueError):
    """The engine and a record disagree.

    ``record``: the hand; ``step``: the index of the first step that does
    not reproduce (None: the settlement at the end); ``reason``: how;
    ``hand``: the engine's hand as far as the record reproduced (None when
    the record's cards could not even be dealt).
    """

    #: the engine's hand as far as the record reproduced (None: not begun)
    hand: Hand | None = None

    def __init__(self, record: HandRecord, step: int | None, reason: str) -> None:
        self.record = record
        self.step = step
        self.reason = reason
        where = "settlement" if step is None else f"step {step} ({record.steps[step]})"
        super().__init__(f"{record}: {where}: {reason}")

    def __reduce__(self) -> tuple[Any, ...]:
        # (pickled without the engine's hand, which stays with its process)
        return (type(self), (self.record, self.step, self.reason))


_DECK: list[Card] = []  # the 52 cards by index, filled at first use


def _deck() -> list[Card]:
    if not _DECK:
        from .._core import Card

        _DECK.extend(Card.from_index(index) for index in range(52))
    return _DECK


def _unknowns(record: HandRecord) -> tuple[list[Card], dict[int, list[Card]], bool] | None:
    """The pools of the cards a record does not name (None: it names them
    all): the cards it never names, by index, and each shown seat's shown
    cards not seen dealt to it, in the order shown; and whether an up card
    is among them.  A card named twice, or a show naming more cards not
    seen dealt to its seat than the seat was dealt unseen, raises
    ``MismatchError``."""
    seen: dict[Card, int] = {}  # card -> the step that first names it
    dealt_to: dict[int, set[Card]] = {}
    community: set[Card] = set()
    shows = False
    unknown = False
    up_unknown = False
    ups = up_positions(record.rules)
    held: dict[int, int] = {}  # seat -> cards dealt to it so far
    hidden: dict[int, int] = {}  # seat -> cards dealt to it that the record does not name
    for index, step in enumerate(record.steps):
        if type(step) is Acted:
            continue
        if isinstance(step, Dealt):
            mine = None
            if None in step.cards and not up_unknown:
                start = held.get(step.seat, 0)
                up_unknown = any(card is None and (position >= len(ups) or ups[position])
                                 for position, card in enumerate(step.cards, start))
            held[step.seat] = held.get(step.seat, 0) + len(step.cards)
            for card in step.cards:
                if card is None:
                    unknown = True
                    hidden[step.seat] = hidden.get(step.seat, 0) + 1
                    continue
                first = seen.get(card)
                if first is not None and first != index:
                    raise MismatchError(record, index,
                                        f"{card} was already dealt (step {first})")
                seen[card] = index
                if mine is None:
                    mine = dealt_to.get(step.seat)
                    if mine is None:
                        mine = dealt_to[step.seat] = set()
                mine.add(card)
        elif isinstance(step, CommunityDealt):
            card = step.card
            if card is not None:
                first = seen.get(card)
                if first is not None and first != index:
                    raise MismatchError(record, index,
                                        f"{card} was already dealt (step {first})")
                seen[card] = index
                community.add(card)
        elif isinstance(step, Showed):
            shows = True
    # a shown hand names its down cards: they fill that seat's unknown ones
    extra: dict[int, list[Card]] = {}
    if shows:
        empty: set[Card] = set()
        for index, step in enumerate(record.steps):
            if isinstance(step, Showed):
                mine = dealt_to.get(step.seat, empty)
                for card in step.cards:
                    # (a hand shown with the community card: Hand.to_record's)
                    if card is None or card in mine or card in community:
                        continue
                    if card in seen:
                        raise MismatchError(record, index, f"{card} was dealt elsewhere "
                                                           f"(step {seen[card]})")
                    seen[card] = index
                    extra.setdefault(step.seat, []).append(card)
                named = extra.get(step.seat, ())
                if len(named) > hidden.get(step.seat, 0):
                    # (a shown hand is the seat's cards: those not seen dealt
                    # to it can only be the ones it was dealt unseen)
                    raise MismatchError(record, index, f"seat {step.seat} shows "
                                        f"{' '.join(map(str, named))}, more cards than it "
                                        f"was dealt unseen")
    if not unknown:
        return None
    return [card for card in _deck() if card not in seen], extra, up_unknown



def _filled_cards(record: HandRecord) -> dict[int, Sequence[Card]]:
    """The cards of each ``Dealt`` step (by the step's index) as a replay
    deals them: every None chosen by docs/rules.md 11.4."""
    filled: dict[int, Sequence[Card]] = {}
    replay_record(record, filled)
    return filled


def replay_record(record: HandRecord,
                  filled: dict[int, Sequence[Card]] | None = None) -> Hand:
    """The hand the record describes, played through the engine; see the
    module's docstring.  Raises ``MismatchError`` where they disagree.
    ``filled``, when given, receives each ``Dealt`` step's cards as dealt
    (by the step's index)."""
    try:
        return _replay_choosing(record, filled, None)
    except _UnstatedRake as unstated:
        # 11.3: a record that states no rake took what the pots held less
        # what was collected
        return _replay_choosing(record, filled, unstated.rake)


class _UnstatedRake(Exception):
    def __init__(self, rake: int) -> None:
        super().__init__(rake)
        self.rake = rake


def _replay_choosing(record: HandRecord, filled: dict[int, Sequence[Card]] | None,
                     rake: int | None) -> Hand:
    """The replay, with the unknown cards chosen (11.4); ``rake``: the
    rake derived from the collections (None: the record's)."""
    pools = _unknowns(record)
    if pools is None:
        return _replay(record, None, filled, rake)
    if not pools[2]:
        fixed = _down_cards_only(record, pools[0], pools[1])
        if fixed is not None:
            return _replay(record, None, filled, rake, fixed)
    skips: dict[int, int] = {}
    first: NoFit | None = None
    for _ in range(REPLAYS):
        filler = Filler(record.rules, pools[0], pools[1], skips, record)
        try:
            return _replay(record, filler, filled, rake)
        except NoFit as no_fit:
            if first is None:
                first = no_fit
            # backtracking: the next fitting choice of the latest street
            # chosen before the one that failed, the later ones afresh
            earlier = [street for street in filler.chosen if street < no_fit.street]
            if not earlier:
                break
            street = earlier[-1]
            skips = {s: n for s, n in skips.items() if s < street}
            skips[street] = filler.skips.get(street, 0) + 1
    assert first is not None
    raise MismatchError(record, first.step if first.step >= 0 else None, first.reason)


def _down_cards_only(record: HandRecord, pool: list[Card], extras: dict[int, list[Card]]
                     ) -> dict[int, Sequence[Card]] | None:
    """Each ``Dealt`` step's cards (by index) when no unknown card is an up
    card: each unknown one the first of its pool, in step order (the seat's
    shown cards, then the lowest card never named), which is what ``Filler``
    gives them; None when the pools run out (the search then says so)."""
    pool = list(reversed(pool))
    extra = {seat: list(reversed(cards)) for seat, cards in extras.items()}
    fixed: dict[int, Sequence[Card]] = {}
    for index, step in enumerate(record.steps):
        if type(step) is Dealt and None in step.cards:
            shown = extra.get(step.seat)
            cards = [card if card is not None else shown.pop() if shown else
                     pool.pop() if pool else None for card in step.cards]
            if None in cards:
                return None  # (no card left: the search says so)
            fixed[index] = cards  # type: ignore[assignment]
    return fixed


def _replay(record: HandRecord, filler: Filler | None,
            filled: dict[int, Sequence[Card]] | None, rake: int | None,
            fixed: dict[int, Sequence[Card]] | None = None) -> Hand:
    from .._core import Hand

    hand = Hand(record.rules, list(record.starting_stacks), manual=True, showdown="manual",
                rake=record.rake if rake is None else rake)
    try:
        return _play(record, hand, filler, filled, rake, fixed)
    except MismatchError as error:
        error.hand = hand  # as far as it reproduced (stud.histories.view shows it)
        raise


def _play(record: HandRecord, hand: Hand, filler: Filler | None,
          filled: dict[int, Sequence[Card]] | None, rake: int | None,
          fixed: dict[int, Sequence[Card]] | None) -> Hand:
    """The record's steps played on ``hand`` (``_replay``'s body)."""
    steps = record.steps
    pending: dict[int, Sequence[Card | None]] = {}
    indices: dict[int, int] = {}  # seat -> the step of its pending cards
    pending_from = 0
    street = 0  # streets dealt so far
    decisions: dict[int, bool] = {}  # seat -> shows (True) or mucks (False)
    # hand.live_seats and hand.awaiting_deal, read once for each state of the hand
    # (None: the hand has changed since)
    live: set[int] | None = None
    awaiting = False

    def plays(copy: Hand, fact: int) -> bool:
        # the street's recorded decisions, played on a copy of the hand dealt
        # a candidate choice of its unknown cards: their sizes are facts too
        # (a 4th-street double bet needs an open pair, docs/rules.md 4.4)
        for index in range(fact, len(steps)):
            step = steps[index]
            if type(step) is not Acted:
                break
            try:
                _act(record, copy, index, step)
            except MismatchError:
                return False
        return True

    def flush() -> None:
        nonlocal pending, live, street
        if not pending:
            return
        current = live if live is not None else set(hand.live_seats)
        if pending.keys() != current:
            raise MismatchError(record, pending_from,
                                f"a street dealt to seats {sorted(pending)}, but the live seats "
                                f"are {sorted(current)}")
        live = None
        target: int | None = None
        fact = 0
        if filler is not None:
            fact = max(indices.values()) + 1  # the step after the street's cards
            after = steps[fact] if fact < len(steps) else None
            target = after.seat if isinstance(after, Acted) else None
            cards = filler.street(hand, street, pending, target, fact, plays)
        else:
            cards = pending  # type: ignore[assignment]
        if filled is not None:
            for seat, index in indices.items():
                filled[index] = cards[seat]
        try:
            hand.deal(cards)
        except ValueError as error:
            raise MismatchError(record, pending_from, str(error)) from None
        if filler is not None:
            filler.check(hand, street, target, fact)
        street += 1
        pending = {}
        indices.clear()

    for index, step in enumerate(steps):
        if isinstance(step, Dealt):
            if live is None:
                live, awaiting = set(hand.live_seats), hand.awaiting_deal
            if not awaiting:
                raise MismatchError(record, index, _awaits(hand))
            seat = step.seat
            if seat in pending:
                flush()
            if not pending:
                pending_from = index
            pending[seat] = step.cards if fixed is None else fixed.get(index, step.cards)
            indices[seat] = index
            if live is None:
                live, awaiting = set(hand.live_seats), hand.awaiting_deal
            if pending.keys() == live:
                flush()
        elif isinstance(step, Acted):
            flush()
            live = None
            _act(record, hand, index, step)
        elif isinstance(step, CommunityDealt):
            flush()
            live = None
            if not hand.awaiting_deal:
                raise MismatchError(record, index, _awaits(hand))
            try:
                hand.deal(community=step.card)
            except ValueError as error:
                raise MismatchError(record, index, str(error)) from None
            street += 1
        elif isinstance(step, (Showed, Mucked)):
            flush()
            decisions.setdefault(step.seat, isinstance(step, Showed))
    flush()
    while hand.awaiting_showdown:
        actor = hand.actor
        assert actor is not None
        # a recorded muck is honoured when the rules allow it (8.2); a seat
        # the record does not mention mucks when it may (nobody saw it)
        if not decisions.get(actor, False) and hand.may_muck:
            hand.muck()
        else:
            hand.show()
    if not hand.is_over:
        raise MismatchError(record, None, "the record ends before the hand does: "
                                          + _awaits(hand))
    awarded = _awarded(hand)
    if rake is None and record.rake == 0 and record.collected is not None:
        short = sum(awarded) - sum(record.collected)
        if short > 0:
            raise _UnstatedRake(short)
    _check_settlement(record, hand, awarded)
    return hand


def _awarded(hand: Hand) -> list[int]:
    """What each seat was paid from the pots (the PotAwarded events' sum):
    its chips at the end less those it began with, plus those it put in
    (its contributions count no uncalled bet: that came back)."""
    stacks = hand.stacks
    starting = hand.starting_stacks
    contributions = hand.contributions
    return [stacks[s] - starting[s] + contributions[s] for s in range(len(stacks))]


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
    if hand.actor != step.seat:
        raise MismatchError(record, index, _awaits(hand))
    # The engine lists at most one fold, one check or call (never both) and
    # one bring-in (src/studcore/game.c, stud_hand_legal): a step of those
    # moves is the one listed action of its kind, which the engine takes
    # without the list being made here; anything it refuses (and every
    # complete, bet or raise) is matched against the list below.
    move, to = step.move, step.to
    try:
        if move is Move.CHECK_CALL:
            if to is None:
                hand.check_or_call()
            else:
                hand.act(ActionKind.CALL, to)
            return
        if to is None:
            if move is Move.FOLD:
                hand.fold()
                return
            if move is Move.BRING_IN:
                hand.bring_in()
                return
        elif move is Move.BRING_IN:
            hand.act(ActionKind.BRING_IN, to)
            return
    except IllegalActionError:
        pass  # refused, and the hand unchanged: the list says why
    _act_listed(record, hand, index, step)


def _act_listed(record: HandRecord, hand: Hand, index: int, step: Acted) -> None:
    """The step as the one legal action that matches it (MismatchError
    when none does, or more than one)."""
    if hand.actor != step.seat or hand.awaiting_showdown or hand.is_over:
        raise MismatchError(record, index, _awaits(hand))
    legal = hand.legal_actions()
    kinds = _KINDS[step.move]
    to = step.to
    found = None
    count = 0
    for action in legal:
        kind = action[0]
        if kind in kinds and (to is None or kind is ActionKind.CHECK or action[1] == to):
            found = action
            count += 1
    if count != 1:
        allowed = ", ".join(str(a) for a in legal)
        why = "is not legal" if not count else "is ambiguous (give the amount)"
        raise MismatchError(record, index, f"{step} {why}: the engine allows {allowed}")
    assert found is not None
    hand.act(found)


def _check_settlement(record: HandRecord, hand: Hand, awarded: list[int]) -> None:
    stacks = hand.stacks
    if record.collected is not None and list(record.collected) != awarded:
        seats = [s for s in range(hand.n_seats) if record.collected[s] != awarded[s]]
        detail = "; ".join(f"{record.name_of(s)} (seat {s}) collected {record.collected[s]}, "
                           f"the engine pays {awarded[s]}" for s in seats)
        raise MismatchError(record, None, detail)
    if record.finishing_stacks is not None and list(record.finishing_stacks) != stacks:
        seats = [s for s in range(hand.n_seats) if record.finishing_stacks[s] != stacks[s]]
        detail = "; ".join(f"{record.name_of(s)} (seat {s}) finishes with "
                           f"{record.finishing_stacks[s]}, the engine with {stacks[s]}"
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

    # (the steps of the engine's events are made without their checks: what
    # the checks would refuse or normalise, the engine does not give)
    steps: list[object] = []
    street: dict[int, list[Card]] = {}

    def end_street() -> None:
        for seat in sorted(street):
            steps.append(_trusted(Dealt, seat, tuple(street[seat])))
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
            steps.append(_trusted(CommunityDealt, event.card))
        elif isinstance(event, ActionTaken):
            end_street()
            kind, amount = event.action
            to = None if kind is ActionKind.FOLD or kind is ActionKind.CHECK else amount
            steps.append(_trusted(Acted, event.seat, _MOVES[kind], to))
        elif isinstance(event, HandShown):
            end_street()
            steps.append(_trusted(Showed, event.seat, tuple(event.cards)))
        elif isinstance(event, HandMucked):
            end_street()
            steps.append(_trusted(Mucked, event.seat))
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
