"""What the later streets of a record ask of a seat's board, for the choice
of unknown up cards (docs/rules.md 11.4; ``unknown.Filler``).

A card chosen for a seat on one street stays on its board: a choice that
lets this street's fact hold can leave a later one impossible (an ace
given on 3rd street to a Razz seat that must stay behind a known queen on
4th street and act first against it on 6th).  ``Plan`` reads from the
record, for each street, who must act first, which seats are dealt, and
the boards that are wholly named; ``Plan.promising`` says whether a seat's
board, with a candidate card, can still meet every later street where its
role is known: act first where the record says it does (ahead of every
wholly named board), stay behind the seat that acts first where that
seat's board is wholly named.  The seat's unnamed later cards are free
(any rank still unseen); other seats' unnamed cards are taken to allow
whatever is asked (an optimistic test: a card it rejects cannot lead to a
fit through these facts; the engine still decides every choice, and the
test only orders the candidates, so nothing is ruled out by it).  Ranks,
not suits, are compared: a tie is taken as possible.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from .record import Acted, CommunityDealt, Dealt

if TYPE_CHECKING:
    from .._core import Card
    from .record import HandRecord

__all__ = ["Plan"]


class Plan:
    """The later streets' facts of one record (see the module).

    ``targets[f]``: the seat of the first decision after street ``f``'s
    cards (None: none follows); ``dealt[f][seat]``: the seat's up cards of
    street ``f`` (None for one not named), for each seat dealt on it."""

    def __init__(self, record: HandRecord, ups: Sequence[bool],
                 key: Callable[[Sequence[Card]], int]) -> None:
        self.key = key
        self.targets: list[int | None] = []
        self.dealt: list[dict[int, list[Card | None]]] = []
        held: dict[int, int] = {}
        dealing = False
        for step in record.steps:
            if isinstance(step, CommunityDealt):
                continue  # (no seat's board; the replay's streets count the seats' deals)
            if isinstance(step, Dealt):
                if not dealing:
                    self.targets.append(None)
                    self.dealt.append({})
                dealing = True
                start = held.get(step.seat, 0)
                held[step.seat] = start + len(step.cards)
                self.dealt[-1][step.seat] = [card for position, card in enumerate(step.cards, start)
                                             if position < len(ups) and ups[position]]
                continue
            if dealing and isinstance(step, Acted):
                self.targets[-1] = step.seat
            dealing = False
        self._memo: dict[tuple[int, int, tuple[int, ...]], bool] = {}
        self._ranks: tuple[Card, ...] = ()
        # the wholly named boards' keys, by street and seat
        self._keys: list[dict[int, int]] = []
        for street, dealt in enumerate(self.dealt):
            keys = {}
            for seat in dealt:
                board = self._board(street, seat)
                if board is not None:
                    keys[seat] = key(board)
            self._keys.append(keys)

    def promising(self, seat: int, street: int, board: Sequence[Card],
                  free: Sequence[Card]) -> bool:
        """Whether ``board`` (the seat's up cards through ``street``, the
        candidate included) can meet the later streets' facts, the seat's
        unnamed later up cards drawn from the ranks of ``free``."""
        ranks: dict[int, Card] = {}
        for card in free:
            ranks.setdefault(card.rank, card)
        if len(ranks) != len(self._ranks) or any(
                card.rank not in ranks for card in self._ranks):
            self._ranks = tuple(ranks[rank] for rank in sorted(ranks))
            self._memo.clear()  # (a rank no longer free: the verdicts may change)
        return self._can(seat, street + 1, list(board))

    def _can(self, seat: int, street: int, board: list[Card]) -> bool:
        if street >= len(self.dealt) or seat not in self.dealt[street]:
            return True  # no later street, or the seat is out
        memo = (seat, street, tuple(sorted(card.rank for card in board)))
        found = self._memo.get(memo)
        if found is not None:
            return found
        new = self.dealt[street][seat]
        named = [card for card in new if card is not None]
        unnamed = len(new) - len(named)
        options: Sequence[Sequence[Card]] = [named]
        if unnamed == 1:
            options = [[*named, card] for card in self._ranks if card not in board]
        found = False
        for cards in options if unnamed <= 1 else ():
            grown = board + list(cards)
            if self._holds(seat, street, grown) and self._can(seat, street + 1, grown):
                found = True
                break
        if unnamed > 1:
            found = True  # (several unnamed up cards on one street: no test)
        self._memo[memo] = found
        return found

    def _holds(self, seat: int, street: int, board: list[Card]) -> bool:
        target = self.targets[street]
        if target is None:
            return True
        mine = self.key(board)
        keys = self._keys[street]
        if target == seat:
            return all(mine >= theirs for other, theirs in keys.items() if other != seat)
        theirs = keys.get(target)
        return theirs is None or mine <= theirs

    def _board(self, street: int, seat: int) -> list[Card] | None:
        """The seat's up cards through ``street`` when all are named."""
        board: list[Card] = []
        for dealt in self.dealt[:street + 1]:
            for card in dealt.get(seat, ()):
                if card is None:
                    return None
                board.append(card)
        return board
