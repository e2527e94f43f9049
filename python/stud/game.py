"""The rules of a stud game, the hand, and the records a hand produces.

``Rules`` holds a variant, its bet sizes and every option of docs/rules.md, with
the defaults docs/rules.md gives; it validates once, so the engine can trust it.
``Action`` is one betting action; ``Hand`` plays one hand (it is compiled,
in ``stud._core``, and found here too); the event classes make up
``Hand.history``, and ``replay`` plays a history again.

>>> from stud.game import Hand, Rules
>>> hand = Hand(Rules("razz", 10), [100, 100], seed=1)
>>> hand.street, hand.actor
(3, 0)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from enum import IntEnum
from typing import TYPE_CHECKING, Any, Literal, NamedTuple, TypedDict, Union

from ._checks import whole_number
from ._record import Record
from .enums import Variant

if TYPE_CHECKING:  # the compiled module imports this one: see __getattr__ below
    from ._core import Card, CardSet, Hand

__all__ = [
    "Action", "ActionKind", "ActionTaken", "AntePosted", "BurnsReshuffled", "CardBurned",
    "CardDealt", "CommunityCardDealt", "Event", "Hand", "HandMucked", "HandShown",
    "IllegalActionError", "HandView", "Pot", "PotAwarded", "RakeTaken", "Rules", "StreetStarted",
    "UncalledBetReturned", "Variant", "VARIANT_NAMES", "replay", "variant_of",
]


class IllegalActionError(ValueError):
    """An action that the rules do not allow now; the hand is unchanged.

    The message says why and what is legal, e.g. ``seat 3 cannot check: 10
    to call; legal: fold, call 10, raise to 20``.
    """


class ActionKind(IntEnum):
    """What a player does.  ``Action.amount`` is the total his bet for the
    current betting round becomes.  ``Hand.act`` and ``Action`` also take a
    kind by its name, in any case.

    >>> ActionKind.RAISE, ActionKind["BRING_IN"].value
    (<ActionKind.RAISE: 6>, 3)
    """

    FOLD = 0
    CHECK = 1
    CALL = 2
    BRING_IN = 3
    COMPLETE = 4
    BET = 5
    RAISE = 6


_VERBS = {ActionKind.FOLD: "fold", ActionKind.CHECK: "check", ActionKind.CALL: "call",
          ActionKind.BRING_IN: "bring in for", ActionKind.COMPLETE: "complete to",
          ActionKind.BET: "bet", ActionKind.RAISE: "raise to"}


class _ActionFields(NamedTuple):
    kind: ActionKind
    amount: int


class Action(_ActionFields):
    """One betting action: its kind and the total the player's bet for the
    round becomes.  A named tuple, so ``Action(kind, amount) == (kind,
    amount)``; the kind is an ``ActionKind``, its number or its name (any
    case), checked (``IllegalActionError`` for anything else).

    >>> str(Action(ActionKind.RAISE, 20))
    'raise to 20'
    >>> Action(2, 10).kind, Action("call", 10).kind
    (<ActionKind.CALL: 2>, <ActionKind.CALL: 2>)
    """

    __slots__ = ()

    def __new__(cls, kind: ActionKind | int | str, amount: int) -> Action:
        if isinstance(kind, str):  # a kind's name, any case, as Hand.act takes it
            found = ActionKind.__members__.get(kind.upper())
            if found is None:
                raise IllegalActionError(
                    f"unknown action kind {kind!r}: kinds are "
                    f"{', '.join(k.name.lower() for k in ActionKind)} (stud.ActionKind)")
            kind = found
        number = whole_number(kind, "an action kind")
        if not ActionKind.FOLD <= number <= ActionKind.RAISE:
            raise IllegalActionError(f"unknown action kind {number}: kinds are 0..6 "
                                     f"(stud.ActionKind)")
        chips = whole_number(amount, "an amount")
        if not 0 <= chips < 1 << 31:
            raise IllegalActionError(f"an action's amount is 0 to 2**31 - 1 chips, not {chips}")
        return tuple.__new__(cls, (ActionKind(number), chips))

    def __str__(self) -> str:
        if self.kind in (ActionKind.FOLD, ActionKind.CHECK):
            return _VERBS[self.kind]
        return f"{_VERBS[self.kind]} {self.amount}"


#: the games dealt seven cards (the others are Five Card Stud)
SEVEN_CARD_VARIANTS = (Variant.SEVEN_CARD_STUD, Variant.SEVEN_CARD_STUD_HILO, Variant.RAZZ,
                       Variant.DEUCE_TO_SEVEN_RAZZ, Variant.SEVEN_CARD_STUD_HILO_REGULAR)
#: the games where the highest upcard brings in and the lowest board acts
#: first (docs/rules.md 2.1, 3.1, 12.2, 12.3; Hi-Lo Regular by default, 13.2)
LOW_ORDER_VARIANTS = (Variant.RAZZ, Variant.DEUCE_TO_SEVEN_RAZZ,
                      Variant.SEVEN_CARD_STUD_HILO_REGULAR)
TieBreak = Literal["position", "suit"]
ActionOrder = Literal["low", "high"]


class Rules(Record):
    """A stud game: the variant, the bet sizes and the options of docs/rules.md.

    Defaults (docs/rules.md 1): ``big_bet = 2 * small_bet``, ``ante =
    small_bet // 5``, ``bring_in = small_bet // 2``; each option defaults as
    the rule book says (see each field).  Invalid rules raise ``ValueError``.

    >>> rules = Rules(Variant.SEVEN_CARD_STUD_HILO, 10)
    >>> rules.big_bet, rules.ante, rules.bring_in, rules.open_pair_double
    (20, 2, 5, False)
    """

    variant: Variant  # or its number, name or short name ("razz", "stud8": VARIANT_NAMES)
    small_bet: int
    big_bet: int | None = None
    ante: int | None = None
    bring_in: int | None = None
    #: 2.2: ties for the bring-in go to the lowest seat ("position") or by suit
    bring_in_tiebreak: TieBreak = "position"
    #: 3.4: ties for the first to act on later streets
    board_tiebreak: TieBreak = "position"
    #: 4.2: raises after the bet in one round (4 is the WSOP number)
    max_raises: int = 3
    #: 4.3: no cap when a round begins heads-up; default: Five Card Stud
    #: only; meaningful (and accepted) on every game
    heads_up_uncapped: bool | None = None
    #: 4.4: S or B on an open pair; default: Seven Card Stud and Five Card Stud
    #: hi, the only games where True is accepted
    open_pair_double: bool | None = None
    #: 6.1-6.3: what re-opens the betting after a short all-in.  "half_bet":
    #: half a unit re-opens, the next raise goes to the last full level plus
    #: a unit and a short all-in does not count toward the cap.  "full_raise"
    #: (as pokerkit does): only a full unit, or a completion, re-opens; a
    #: short all-in counts toward the cap and the next raise goes one unit
    #: above it.
    reopen_rule: Literal["half_bet", "full_raise"] = "half_bet"
    #: 9.5: who gets an odd chip: the highest card by rank then suit among
    #: the five a player used for that half (ace low in a low), or the
    #: lowest seat
    odd_chip: Literal["high_card", "position"] = "high_card"
    #: 1: a burn card before each street after the first
    burn_cards: bool = True
    #: 5.1: running out of cards deals a community card
    shortage: Literal["community"] = "community"
    #: 13.2: who brings in and acts first.  "low": the highest upcard
    #: brings in and the lowest board acts first (Razz, 2-7 Razz, and Hi-Lo
    #: Regular by default, as the WSOP books and BARGE deal it); "high": the
    #: lowest upcard, the highest board.  A choice in Hi-Lo Regular only
    #: ("high" deals it in Stud/8's order, as some rooms do); every other
    #: game has its own order, which is the default and the only value taken
    action_order: ActionOrder | None = None
    #: 13.5: Hi-Lo Regular only: True gives no low to a hand without five
    #: distinct ranks (a pot where no one has one goes to the best high)
    low_needs_five_ranks: bool = False
    #: 11.3: a player may fold where he could check (6.7: not by default;
    #: PokerStars' records show it)
    fold_when_can_check: bool = False
    #: 11.3: the half of a split pot that takes its odd chip (9.3: "high")
    odd_chip_half: Literal["high", "low"] = "high"

    if TYPE_CHECKING:  # what Record's __init__ takes, for type checkers and editors
        def __init__(self, variant: Variant | int | str, small_bet: int,
                     big_bet: int | None = None, ante: int | None = None,
                     bring_in: int | None = None, bring_in_tiebreak: TieBreak = "position",
                     board_tiebreak: TieBreak = "position", max_raises: int = 3,
                     heads_up_uncapped: bool | None = None,
                     open_pair_double: bool | None = None,
                     reopen_rule: Literal["half_bet", "full_raise"] = "half_bet",
                     odd_chip: Literal["high_card", "position"] = "high_card",
                     burn_cards: bool = True,
                     shortage: Literal["community"] = "community",
                     action_order: ActionOrder | None = None,
                     low_needs_five_ranks: bool = False,
                     fold_when_can_check: bool = False,
                     odd_chip_half: Literal["high", "low"] = "high") -> None: ...

    def __post_init__(self) -> None:
        set_ = object.__setattr__.__get__(self)  # normalising an immutable record
        set_("variant", variant_of(self.variant))
        small = _whole("small_bet", self.small_bet)
        if small <= 0:
            raise ValueError(f"small_bet must be positive, not {small}")
        big = _whole("big_bet", 2 * small if self.big_bet is None else self.big_bet)
        ante = _whole("ante", small // 5 if self.ante is None else self.ante)
        bring_in = _whole("bring_in", small // 2 if self.bring_in is None else self.bring_in)
        if not 0 <= ante:
            raise ValueError(f"ante must be 0 or more, not {ante}")
        if bring_in == 0 and self.bring_in is None:
            raise ValueError(
                f"small_bet={small}: the default bring-in, small_bet // 2 (docs/rules.md 1), "
                f"would be 0: give bring_in=1 (the whole small bet, 2.8) or a small bet of 2 "
                f"or more")
        if not 0 < bring_in <= small <= big:
            raise ValueError(
                f"bets must satisfy 0 < bring_in <= small_bet <= big_bet, got bring_in={bring_in}, "
                f"small_bet={small}, big_bet={big}")
        if max(big, ante) > 1 << 28:
            raise ValueError("bets and antes must be below 2**28 chips")
        set_("small_bet", small)
        set_("big_bet", big)
        set_("ante", ante)
        set_("bring_in", bring_in)
        seven = self.variant in SEVEN_CARD_VARIANTS
        if self.heads_up_uncapped is None:
            set_("heads_up_uncapped", not seven)
        open_pair_games = (Variant.SEVEN_CARD_STUD, Variant.FIVE_CARD_STUD)
        if self.open_pair_double is None:
            set_("open_pair_double", self.variant in open_pair_games)
        elif self.open_pair_double is True and self.variant not in open_pair_games:
            # 4.4, 12.4, 13.3: never in Stud/8, Razz, 2-7 Razz, Hi-Lo Regular or
            # Five Card Stud Hi-Lo
            raise ValueError(f"open_pair_double applies to Seven Card Stud and Five Card Stud "
                             f"(hi) only (docs/rules.md 4.4), not to {self.variant.name}")
        regular = self.variant is Variant.SEVEN_CARD_STUD_HILO_REGULAR
        own_order = "low" if self.variant in LOW_ORDER_VARIANTS else "high"
        if self.action_order is None:
            set_("action_order", own_order)
        elif self.action_order not in ("low", "high") or type(self.action_order) is not str:
            raise ValueError(f"action_order must be one of ('low', 'high'), "
                             f"not {self.action_order!r}")
        elif not regular and self.action_order != own_order:
            # 13.2: a choice in Hi-Lo Regular only
            raise ValueError(f"action_order is a choice in SEVEN_CARD_STUD_HILO_REGULAR only "
                             f"(docs/rules.md 13.2): {self.variant.name} always acts by the "
                             f"{own_order} order")
        if self.low_needs_five_ranks is True and not regular:
            raise ValueError(f"low_needs_five_ranks applies to SEVEN_CARD_STUD_HILO_REGULAR only "
                             f"(docs/rules.md 13.5), not to {self.variant.name}")
        for name, allowed in (("bring_in_tiebreak", ("position", "suit")),
                              ("board_tiebreak", ("position", "suit")),
                              ("reopen_rule", ("half_bet", "full_raise")),
                              ("odd_chip", ("high_card", "position")),
                              ("shortage", ("community",)),
                              ("odd_chip_half", ("high", "low"))):
            value = getattr(self, name)
            if type(value) is not str or value not in allowed:
                raise ValueError(f"{name} must be one of {allowed}, not {getattr(self, name)!r}")
        for name in ("heads_up_uncapped", "open_pair_double", "burn_cards",
                     "low_needs_five_ranks", "fold_when_can_check"):
            if not isinstance(getattr(self, name), bool):
                raise ValueError(f"{name} must be True or False, not {getattr(self, name)!r}")
        raises = _whole("max_raises", self.max_raises, unit="")
        if not 0 <= raises <= 100:
            raise ValueError(f"max_raises must be between 0 and 100, not {raises}")
        set_("max_raises", raises)

    @property
    def max_players(self) -> int:
        """8 in the seven-card games, 10 in Five Card Stud (docs/rules.md 1)."""
        return max_players(self.variant)

    @property
    def streets(self) -> tuple[int, ...]:
        """The streets' names: (3, 4, 5, 6, 7) or (2, 3, 4, 5)."""
        return (3, 4, 5, 6, 7) if self.variant in SEVEN_CARD_VARIANTS else (2, 3, 4, 5)


#: the short names of the variants (the command line's --game)
VARIANT_NAMES = {"stud": Variant.SEVEN_CARD_STUD, "stud8": Variant.SEVEN_CARD_STUD_HILO,
                 "razz": Variant.RAZZ, "five": Variant.FIVE_CARD_STUD,
                 "five8": Variant.FIVE_CARD_STUD_HILO, "razz27": Variant.DEUCE_TO_SEVEN_RAZZ,
                 "studhl": Variant.SEVEN_CARD_STUD_HILO_REGULAR}


def max_players(variant: Variant) -> int:
    """The most players ``variant`` seats: 8 in the seven-card games (8 x 7
    cards), 10 in Five Card Stud (docs/rules.md 1)."""
    return 8 if variant in SEVEN_CARD_VARIANTS else 10


def variant_of(value: object) -> Variant:
    """A Variant from a Variant, its number, its name (``"RAZZ"``, any case)
    or its short name (``"razz"``, ``"stud8"``: ``VARIANT_NAMES``);
    ValueError for anything else (a bool, a float, an unknown name).

    >>> variant_of("stud8"), variant_of("razz") is Variant.RAZZ, variant_of("stud")
    (<Variant.SEVEN_CARD_STUD_HILO: 1>, True, <Variant.SEVEN_CARD_STUD: 0>)
    """
    if isinstance(value, str):
        found = VARIANT_NAMES.get(value.lower())
        if found is None:  # (not ``or``: SEVEN_CARD_STUD is 0, a false value)
            found = Variant.__members__.get(value.upper())
        if found is not None:
            return found
    else:
        try:
            return Variant(whole_number(value, "variant"))
        except (TypeError, ValueError):
            pass
    raise ValueError(f"unknown variant {value!r}: one of "
                     f"{', '.join(v.name for v in Variant)} or {', '.join(VARIANT_NAMES)}")


def _whole(name: str, value: object, unit: str = " of chips") -> int:
    """A whole number (of chips, unless told otherwise; see
    _checks.whole_number); a ValueError, as every invalid rule."""
    try:
        return whole_number(value, name)
    except TypeError:
        raise ValueError(f"{name} must be a whole number{unit}, not {value!r}") from None


class HandView(TypedDict):
    """What one seat may see (``Hand.view(seat)``): what a policy is given."""

    seat: int
    street: int | None
    actor: int | None
    down_cards: tuple[Card, ...]
    up_cards: dict[int, tuple[Card, ...]]
    community: CardSet
    stacks: list[int]
    bets: list[int]
    pot: int
    live_seats: tuple[int, ...]
    legal_actions: list[Action]


class Pot(Record):
    """A pot: its chips and the seats that can win it (docs/rules.md 7)."""

    amount: int
    eligible: tuple[int, ...]


# ---- events of Hand.history ---------------------------------------------------------

class AntePosted(Record):
    seat: int
    amount: int


class StreetStarted(Record):
    street: int


class CardDealt(Record):
    seat: int
    card: Card
    face_up: bool


class CardBurned(Record):
    card: Card


class BurnsReshuffled(Record):
    """The burn cards went back under the stub (docs/rules.md 5.1)."""


class CommunityCardDealt(Record):
    """One card face up in the middle, every live player's (docs/rules.md 5.1)."""

    card: Card


class ActionTaken(Record):
    seat: int
    action: Action


class UncalledBetReturned(Record):
    seat: int
    amount: int


class HandShown(Record):
    seat: int
    cards: CardSet


class HandMucked(Record):
    seat: int


class RakeTaken(Record):
    """The house took ``amount`` from the pots before paying them (docs/rules.md 11.1)."""

    amount: int


class PotAwarded(Record):
    """``share``: "whole" pot, "high" or "low" half, or "both" halves."""

    seat: int
    pot: int
    share: Literal["whole", "high", "low", "both"]
    amount: int


Event = Union[AntePosted, StreetStarted, CardDealt, CardBurned, BurnsReshuffled,
              CommunityCardDealt, ActionTaken, UncalledBetReturned, HandShown, HandMucked,
              RakeTaken, PotAwarded]


_EVENTS = (ActionTaken, AntePosted, BurnsReshuffled, CardBurned, CardDealt, CommunityCardDealt,
           HandMucked, HandShown, PotAwarded, RakeTaken, StreetStarted, UncalledBetReturned)


def _first_street_seats(history: Sequence[object]) -> set[object]:
    """The seats dealt cards on the history's first street (every seat of
    the hand is: the deal comes before anyone can fold)."""
    seats: set[object] = set()
    streets = 0
    for event in history:
        if isinstance(event, StreetStarted):
            streets += 1
            if streets > 1:
                break
        elif isinstance(event, CardDealt):
            seats.add(event.seat)
    return seats


def replay(rules: Rules, stacks: Sequence[int], history: Iterable[Event]) -> Hand:
    """A new hand that deals the same cards and takes the same actions.

    The hand is dealt manually from the ``CardDealt`` and
    ``CommunityCardDealt`` events, street by street; burn cards are not
    dealt (a manual hand has no deck).  The actions, shows and mucks
    follow, so a hand whose showdown was decided by hand replays too.
    Each event's seat must be the one the hand awaits; the events the
    engine works out itself (antes, burns, uncalled bets, awards) are not
    read: the new hand's own history has them; a ``RakeTaken`` gives the
    new hand the same rake.

    >>> from stud import Hand, Rules, Variant
    >>> rules = Rules(Variant.RAZZ, 10)
    >>> hand = Hand(rules, [100, 100], seed=3)
    >>> while not hand.is_over:
    ...     hand.act(hand.legal_actions()[-1])
    >>> again = replay(rules, [100, 100], hand.history)
    >>> again.payouts == hand.payouts
    True
    """
    from ._core import Card, Hand

    history = list(history)
    rake = sum(e.amount for e in history if isinstance(e, RakeTaken))
    seats = _first_street_seats(history)
    if seats and len(seats) != len(stacks):
        raise ValueError(f"the history deals {len(seats)} seats and {len(stacks)} stacks were "
                         f"given: one stack per seat of the hand")
    hand = Hand(rules, stacks, manual=True, showdown="manual", rake=rake)
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


if not TYPE_CHECKING:
    def __getattr__(name: str) -> Any:
        # The hand is compiled (stud._core), and the compiled module imports
        # this one, so ``stud.game.Hand`` is looked up when first asked for.
        if name == "Hand":
            from ._core import Hand

            return Hand
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
