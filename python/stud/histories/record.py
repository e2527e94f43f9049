"""One recorded hand, whatever file it came from: ``HandRecord``.

A record holds what a hand history says and nothing the engine works out:
the game and its rules, the players and their stacks, then the hand as a
list of steps in the order they happened:

========================  =====================================================
step                      meaning
========================  =====================================================
``Dealt(seat, cards)``    one street's cards to one seat, down cards first as
                          the street deals them (docs/rules.md 1); a card
                          nobody saw is None
``CommunityDealt(card)``  the card dealt face up to everyone (docs/rules.md 5.1)
``Acted(seat, move, to)`` a betting decision; ``to`` is the total the seat's bet
                          for the round became, or None when the file does not
                          say (a fold, a check, PHH's ``cc``)
``Showed(seat, cards)``   the seat showed these cards (all it holds, or those
                          the file gives)
``Mucked(seat)``          the seat gave up its hand at the showdown
========================  =====================================================

``Move`` has the four decisions a history can tell apart without knowing
the state: fold, check-or-call, bring-in, and complete-bet-or-raise (PHH's
``f``, ``cc``, ``pb``, ``cbr``).  Replaying the record (``replay``) lets the
engine say which one each was.

Seats are the engine's: 0 .. n-1 in the order the players sit (``seats``
keeps the site's seat numbers, ``players`` the names).  Amounts are whole
chips; money amounts are cents (``currency`` names the currency).

>>> from stud import Card, Rules
>>> record = HandRecord(Rules("razz", 10), (100, 100), (
...     Dealt(0, (Card("As"), Card("2d"), Card("3c"))),
...     Dealt(1, (None, None, Card("Kh"))),
...     Acted(1, Move.BRING_IN, 5), Acted(0, Move.RAISE, 10), Acted(1, Move.FOLD)),
...     players=("ann", "bob"))
>>> record.n_seats, record.variant.name, str(record.steps[2])
(2, 'RAZZ', 'seat 1 brings in for 5')
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from enum import IntEnum
from typing import TYPE_CHECKING, Any, TypeVar, Union

from .._checks import whole_number
from .._core import _HhLazySteps
from .._record import Record
from ..enums import Variant

if TYPE_CHECKING:
    from .._core import Card, Hand
    from ..game import Rules

__all__ = ["Acted", "CommunityDealt", "Dealt", "HandRecord", "Move", "Mucked", "Showed",
           "Source", "Step"]


class Move(IntEnum):
    """A betting decision as a history records it (PHH: f, cc, pb, cbr)."""

    FOLD = 0
    CHECK_CALL = 1
    BRING_IN = 2
    RAISE = 3  # complete, bet or raise


_VERBS = {Move.FOLD: "folds", Move.CHECK_CALL: "checks or calls", Move.BRING_IN: "brings in",
          Move.RAISE: "completes, bets or raises"}


def _seat(value: object) -> int:
    seat = whole_number(value, "a seat")
    if seat < 0:
        raise ValueError(f"a seat is 0 or more, not {seat}")
    return seat


def _cards(value: Iterable[Any], what: str) -> tuple[Card | None, ...]:
    from .._core import Card

    cards = tuple(value)
    for card in cards:
        if card is not None and not isinstance(card, Card):
            raise TypeError(f"{what}: {card!r} is not a Card (or None for a card nobody saw)")
    return cards


class Dealt(Record):
    """One street's cards to one seat (None: a card nobody saw)."""

    seat: int
    cards: tuple[Card | None, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "seat", _seat(self.seat))
        object.__setattr__(self, "cards", _cards(self.cards, "Dealt.cards"))
        if not 1 <= len(self.cards) <= 3:
            raise ValueError(f"a street deals 1 to 3 cards to a seat, not {len(self.cards)}")

    def __str__(self) -> str:
        shown = " ".join("??" if c is None else str(c) for c in self.cards)
        return f"seat {self.seat} is dealt {shown}"


class CommunityDealt(Record):
    """The community card (docs/rules.md 5.1)."""

    card: Card

    def __post_init__(self) -> None:
        _cards((self.card,), "CommunityDealt.card")
        if self.card is None:
            raise TypeError("a community card is face up: it cannot be None")

    def __str__(self) -> str:
        return f"community card {self.card}"


class Acted(Record):
    """A betting decision; ``to``: the seat's round total after it, if known."""

    seat: int
    move: Move
    to: int | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "seat", _seat(self.seat))
        number = whole_number(self.move, "a move")
        if not Move.FOLD <= number <= Move.RAISE:
            raise ValueError(f"unknown move {number}: moves are 0..3 (stud.histories.Move)")
        object.__setattr__(self, "move", Move(number))
        if self.to is not None:
            to = whole_number(self.to, "an amount")
            if not 0 <= to < 1 << 31:
                raise ValueError(f"an amount is 0 to 2**31 - 1 chips, not {to}")
            object.__setattr__(self, "to", to)

    def __str__(self) -> str:
        if self.move is Move.BRING_IN and self.to is not None:
            return f"seat {self.seat} brings in for {self.to}"
        tail = f" to {self.to}" if self.to is not None else ""
        return f"seat {self.seat} {_VERBS[self.move]}{tail}"


class Showed(Record):
    """The seat showed these cards at the showdown (None: not given)."""

    seat: int
    cards: tuple[Card | None, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "seat", _seat(self.seat))
        object.__setattr__(self, "cards", _cards(self.cards, "Showed.cards"))

    def __str__(self) -> str:
        return f"seat {self.seat} shows " + " ".join(
            "??" if c is None else str(c) for c in self.cards)


class Mucked(Record):
    """The seat gave up its hand at the showdown."""

    seat: int

    def __post_init__(self) -> None:
        object.__setattr__(self, "seat", _seat(self.seat))

    def __str__(self) -> str:
        return f"seat {self.seat} mucks"


Step = Union[Dealt, CommunityDealt, Acted, Showed, Mucked]
_STEPS = (Dealt, CommunityDealt, Acted, Showed, Mucked)

_R = TypeVar("_R", bound=Record)


#: Rules are immutable: one object per set of values read (which also lets
#: the engine reuse what it derives from a Rules object)
_RULES: dict[tuple[Any, ...], Rules] = {}


def options_for(options: Mapping[str, Any], variant: Variant) -> dict[str, Any]:
    """A profile's ``stud.Rules`` options for one variant.  A profile may
    give an option per game: its value is then a dict of ``Variant`` to
    value (the WSOP breaks tied boards by suit in Seven Card Stud, by
    position in Razz: ``stud.histories.PROFILES["wsop"]``), and a variant
    the dict does not name keeps the option's default.

    >>> options_for({"max_raises": 4, "board_tiebreak": {Variant.RAZZ: "suit"}}, Variant.RAZZ)
    {'max_raises': 4, 'board_tiebreak': 'suit'}
    >>> options_for({"board_tiebreak": {Variant.RAZZ: "suit"}}, Variant.SEVEN_CARD_STUD)
    {}
    """
    chosen: dict[str, Any] = {}
    for name, value in options.items():
        if isinstance(value, Mapping):
            if variant in value:
                chosen[name] = value[variant]
        else:
            chosen[name] = value
    return chosen


def check_profile(options: Mapping[str, Any]) -> None:
    """Raises what ``stud.Rules`` raises for a profile's options, for every
    variant an option names (and for Seven Card Stud)."""
    from ..game import Rules

    variants = [Variant.SEVEN_CARD_STUD]
    for value in options.values():
        if isinstance(value, Mapping):
            for variant in value:
                if not isinstance(variant, Variant):
                    raise TypeError(f"an option given per game maps a stud.Variant to its "
                                    f"value, not {variant!r}")
                if variant not in variants:
                    variants.append(variant)
    for variant in variants:
        Rules(variant, 10, **options_for(options, variant))


def _cached_rules(*args: Any, **options: Any) -> Rules:
    """``Rules(*args, **options)``, the same object for the same values
    (their types too: 1 is not True to the rules, 3.0 is not 3); raises
    what ``Rules`` raises.  An option given per game (``options_for``)
    takes the value of the variant, ``args[0]``."""
    from ..game import Rules, variant_of

    for value in options.values():
        if isinstance(value, Mapping):
            options = options_for(options, variant_of(args[0]))
            break

    try:
        key: tuple[Any, ...] | None = (
            *((type(value), value) for value in args),
            *((name, type(value), value) for name, value in sorted(options.items())))
        rules = _RULES.get(key)  # type: ignore[arg-type]
    except TypeError:  # a value that does not hash
        key = rules = None
    if rules is None:
        rules = Rules(*args, **options)
        if key is not None:
            if len(_RULES) >= 4096:
                _RULES.clear()
            _RULES[key] = rules
    return rules


def _trusted(cls: type[_R], *values: Any) -> _R:
    """``cls(*values)`` without its checks, every field given in order:
    for values this package's own readers have checked already (what the
    checks would normalise must be normal: ints, tuples, a ``Move``).
    The record is the one the constructor would make: equal, hashing alike,
    pickled through the constructor."""
    record = object.__new__(cls)
    record.__dict__.update(zip(cls._fields, values))
    return record


def show_once(steps: list[Step], showed: dict[int, int],
              step: Showed) -> tuple[list[Card], list[Card]] | None:
    """Adds a seat's show to a record's ``steps`` once: a seat that shows
    again (at an all-in, then at the showdown, as some writers do) shows the
    same cards or more of them (the show then becomes the later one).
    ``showed`` maps each seat that showed to its step's index.  Returns
    None, or, when the new show names other cards, the cards it adds and
    those it leaves out (sorted): the reader's error to raise."""
    earlier = showed.get(step.seat)
    if earlier is None:
        showed[step.seat] = len(steps)
        steps.append(step)
        return None
    before = steps[earlier]
    assert isinstance(before, Showed)
    old = {card for card in before.cards if card is not None}
    new = {card for card in step.cards if card is not None}
    if new <= old:
        return None  # a repeated show
    if not old <= new:
        return sorted(new - old), sorted(old - new)
    steps[earlier] = step
    return None


class Source(Record):
    """Where a record was read: the file (None for text), its first line,
    and the format it was read as ("phh", "pokerstars" or a site format's
    name: ``stud.histories.formats()``; None when not said)."""

    file: str | None
    line: int
    format: str | None = None

    def __str__(self) -> str:
        return f"{self.file or '<text>'}, line {self.line}"


class HandRecord(Record):
    """One hand as a history records it; see the module's docstring.

    ``rules``: the game (variant, bets, ante, bring-in, options: a site's
    profile sets them, see ``stud.histories.PROFILES``).  ``starting_stacks``:
    one per seat.  ``steps``: what happened, in order.  Optional:
    ``players`` (names), ``seats`` (the site's seat numbers), ``hand_id``,
    ``table``, ``collected`` (what each seat took from the pots, as the file
    says), ``rake`` (what the house took, docs/rules.md 11.1),
    ``finishing_stacks``, ``currency`` (amounts in cents of it), ``fields``
    (every other field of the source, kept as read: ``(name, value)``
    pairs), ``source`` (where it was read; not compared: a record equals
    the same hand read from another file).
    """

    rules: Rules
    starting_stacks: tuple[int, ...]
    steps: tuple[Step, ...]
    players: tuple[str, ...] | None = None
    seats: tuple[int, ...] | None = None
    hand_id: str | None = None
    table: str | None = None
    collected: tuple[int, ...] | None = None
    rake: int = 0
    finishing_stacks: tuple[int, ...] | None = None
    currency: str | None = None
    fields: tuple[tuple[str, Any], ...] = ()
    source: Source | None = None

    def __post_init__(self) -> None:
        from ..game import Rules

        if type(self.rules) is not Rules:
            raise TypeError(f"rules must be a stud.Rules, not {self.rules!r}")
        stacks = tuple(whole_number(s, "a stack") for s in self.starting_stacks)
        if not 2 <= len(stacks) <= 8:
            raise ValueError(f"a stud hand has 2 to 8 seats, not {len(stacks)}")
        object.__setattr__(self, "starting_stacks", stacks)
        steps = tuple(self.steps)
        for index, step in enumerate(steps):
            if not isinstance(step, _STEPS):
                raise TypeError(f"steps[{index}] is not a step: {step!r}")
            if getattr(step, "seat", 0) >= len(stacks):
                raise ValueError(f"steps[{index}] ({step}): no such seat at {len(stacks)} seats")
        object.__setattr__(self, "steps", steps)
        for name in ("players", "seats", "collected", "finishing_stacks"):
            value = getattr(self, name)
            if value is None:
                continue
            value = tuple(value)
            if len(value) != len(stacks):
                raise ValueError(f"{name} has {len(value)} entries for {len(stacks)} seats")
            if name != "players":
                value = tuple(whole_number(v, name) for v in value)
            elif not all(isinstance(v, str) for v in value):
                raise TypeError("players are names (str)")
            object.__setattr__(self, name, value)
        object.__setattr__(self, "rake", whole_number(self.rake, "rake"))
        object.__setattr__(self, "fields", tuple((str(k), v) for k, v in self.fields))

    @property
    def variant(self) -> Variant:
        return self.rules.variant

    @property
    def n_seats(self) -> int:
        return len(self.starting_stacks)

    def replace(self, **changes: Any) -> HandRecord:
        """A copy with some fields changed (checked like a new record)."""
        values = {name: getattr(self, name) for name in self._fields}
        values.update(changes)
        return HandRecord(**values)

    def replay(self) -> Hand:
        """The hand played through the engine, checked step by step and at
        the settlement against this record (``MismatchError`` where they
        disagree; see ``stud.histories.replay``)."""
        from .replay import replay_record

        return replay_record(self)

    def _repr_html_(self) -> str:
        """The hand street by street, for notebooks (``stud.histories.view``)."""
        from .view import html

        return html(self)

    def named_cards(self) -> set[Card]:
        """Every card the record names (dealt, shown or the community card);
        a replay fills the others in."""
        named: set[Card] = set()
        for step in self.steps:
            if isinstance(step, CommunityDealt):
                named.add(step.card)
            elif isinstance(step, (Dealt, Showed)):
                named.update(card for card in step.cards if card is not None)
        return named

    def name_of(self, seat: int) -> str:
        """The player's name, or "seat N" when the file gives none."""
        return self.players[seat] if self.players else f"seat {seat}"

    def __eq__(self, other: object) -> bool:
        if type(other) is not HandRecord:
            return NotImplemented
        return self._values()[:-1] == other._values()[:-1]  # all but source

    def __hash__(self) -> int:
        # (not the kept fields: a file's arrays and tables stay lists and dicts)
        return hash(self._values()[:-2])

    def __str__(self) -> str:
        what = f"hand {self.hand_id}" if self.hand_id else "a hand"
        return f"{what} ({self.variant.name}, {self.n_seats} seats)" + (
            f" at {self.source}" if self.source else "")


# The C readers' records make their steps when first asked for (_core's
# _HhLazySteps: nothing a caller can tell).  Set after the class is made, so
# that Record does not take it for the field's default; without ``__set__``,
# the steps a record holds (any record the constructor made) come first.
type.__setattr__(HandRecord, "steps", _HhLazySteps())
