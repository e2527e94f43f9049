"""What the text formats of the sites share: a hand built from the events
its lines tell (``HandBuilder``: seats, antes, streets and cards, actions,
returned bets, collections, shows and mucks, the total and the rake), the
base of a site's reading of one hand into it (``SiteHand``) and a reader
that splits a file into hands at each header line and counts what it
passes over (``TextReader``).  A site's module says how its lines read (a
subclass of ``TextReader`` naming its header and its ``SiteHand``); this
module knows no site's words.  Full Tilt's and Everleaf's readers are
in C (src/studcore/site_text.c holds this builder's checks and messages,
for the sites read in C).

Not a site format itself: the registry (``stud.histories.sites``) loads
the modules it names, never this one.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from typing import Any, ClassVar, Union

from ..._core import Card
from ...enums import Variant
from .._fail import _Fail as Fail  # (one pair for every site text reader)
from .._fail import _Skip as Skip
from ..errors import HistoryError
from ..record import (
    Acted,
    CommunityDealt,
    Dealt,
    HandRecord,
    Move,
    Mucked,
    Showed,
    Source,
    Step,
    _cached_rules,
    _trusted,
    options_for,
)

__all__ = ["Fail", "HandBuilder", "Skip", "SiteHand", "TextReader", "first_line_is",
           "amount_value", "parse_cards", "read_amount"]

#: lines of one hand past which the hand is refused (a runaway file)
MAX_HAND_LINES = 5000

# ---- what reading keeps from hand to hand (speed: a file repeats itself) ----------------
#: (seat, move, to) -> the step: immutable, so shared
_ACTED: dict[tuple[int, Move, Union[int, None]], Acted] = {}
#: (seat, cards) -> the step: immutable, so shared
_DEALT: dict[tuple[int, tuple[Union[Card, None], ...]], Dealt] = {}
_CACHE_SIZE = 4096


def _dealt_step(seat: int, cards: tuple[Card | None, ...]) -> Dealt:
    key = (seat, cards)
    step = _DEALT.get(key)
    if step is None:
        if len(_DEALT) >= _CACHE_SIZE:
            _DEALT.clear()
        step = _DEALT[key] = _trusted(Dealt, seat, cards)
    return step


_CARDS: dict[str, Card] = {}
for _index in range(52):
    _card = Card.from_index(_index)
    _text = str(_card)
    _CARDS[_text] = _card
    _CARDS[_text.upper()] = _card
    _CARDS[_text[0] + _text[1].upper()] = _card
    _CARDS[("10" if _text[0] == "T" else _text[0]) + _text[1]] = _card
    _CARDS[("10" if _text[0] == "T" else _text[0]) + _text[1].upper()] = _card
    _CARDS[_text[1] + _text[0]] = _card  # suit first
    _CARDS[_text[1].upper() + _text[0]] = _card
    _CARDS[_text[1] + ("10" if _text[0] == "T" else _text[0])] = _card
    _CARDS[_text[1].upper() + ("10" if _text[0] == "T" else _text[0])] = _card


def parse_cards(text: str, line: int) -> tuple[Card, ...]:
    """The cards of ``text`` ("As Kd", "AS KD", "10h", "sA"), raising ``Fail``."""
    cards: list[Card] = []
    for word in text.replace(",", " ").split():
        card = _CARDS.get(word)
        if card is None:
            raise Fail(line, f"{word!r} is not a card")
        if card in cards:
            raise Fail(line, f"{card} is listed twice in [{text}]")
        cards.append(card)
    return tuple(cards)


_AMOUNT = re.compile(r"(?P<pre>[$€£]?)(?P<whole>\d{1,3}(?:,\d{3})+|\d+)(?:\.(?P<frac>\d+))?"
                     r"(?P<post>\s?[$€£]?)\.?")
_SYMBOLS = {"$": "USD", "€": "EUR", "£": "GBP"}
#: (text, currency) -> the amount it reads as (only amounts that read)
_AMOUNTS: dict[tuple[str, str | None], int] = {}


def currency_of(text: str) -> str | None:
    """The currency a stakes text names by its sign (None: chips)."""
    for symbol, code in _SYMBOLS.items():
        if symbol in text:
            return code
    return None


def read_amount(text: str, currency: str | None, line: int) -> int:
    """Whole chips (``currency`` None), or cents of ``currency``, of an
    amount's text, raising ``Fail``."""
    match = _AMOUNT.fullmatch(text.strip())
    if match is None:
        raise Fail(line, f"the amount {text!r} does not parse")
    symbol = match["pre"] or match["post"].strip()
    if symbol and _SYMBOLS[symbol] != currency:
        raise Fail(line, f"the amount {text!r} is not in the hand's {currency or 'chips'}")
    return amount_value(int(match["whole"].replace(",", "")), match["frac"] or "", currency,
                        text, line)


def amount_value(whole: int, frac: str, currency: str | None, text: str, line: int) -> int:
    """An amount's whole part and the digits after its point as whole
    chips (``currency`` None) or cents of ``currency``, raising ``Fail``
    (naming ``text``) for a fraction of a cent or of a chip, or a value
    past 2**31."""
    value = whole
    if currency is not None:
        if frac[2:].strip("0"):
            raise Fail(line, f"the amount {text!r} is finer than a cent")
        value = value * 100 + int(frac[:2].ljust(2, "0"))
    elif frac.strip("0"):
        raise Fail(line, f"the amount {text!r} is not a whole number of chips")
    if value >= 1 << 31:
        raise Fail(line, f"the amount {text!r} is too large")
    return value


class HandBuilder:
    """One hand as its lines tell it, event by event; ``record()`` makes the
    ``HandRecord`` (raising ``Fail`` for a hand whose amounts or cards do
    not add up).  Amounts are given as text and read with ``amount``:
    whole chips, or cents when ``currency`` is set."""

    def __init__(self, file: str | None, first_line: int, fmt: str,
                 options: dict[str, Any]) -> None:
        self.file = file
        self.first_line = first_line
        self.format = fmt
        self.options = options
        self.currency: str | None = None
        self.hand_id: str | None = None
        self.table: str | None = None
        self.fields: list[tuple[str, Any]] = []
        self.players: dict[str, tuple[int, int]] = {}  # name -> (site seat, stack)
        self.seat_lines: dict[str, int] = {}
        self.order: list[str] = []  # the engine's seats
        self.seat_of: dict[str, int] = {}
        self.steps: list[Step] = []
        self.put_in: dict[str, int] = {}
        self.antes: list[tuple[str, int, bool, int]] = []
        self.bring_in: tuple[int, bool] | None = None
        self.first_call: int | None = None
        self.completed = False
        self.street = 0
        self.bets: dict[int, int] = {}
        self.folded: set[int] = set()
        self.pending: dict[str, list[Card | None]] = {}
        self.deal_open = False
        self.visible: dict[str, int] = {}  # name -> cards dealt so far
        self.community: set[int] = set()
        self.seen: dict[Card, str] = {}
        self.hero: str | None = None
        self.collected: dict[str, int] = {}
        self.showdown = False
        self.showed: dict[int, int] = {}
        self.total: int | None = None
        self.rake = 0
        self.rake_known = False
        self.mucked_cards: list[tuple[int, tuple[Card, ...]]] = []
        #: every player's down cards are written (an anonymous table that
        #: shows them all): no single hero
        self.all_cards = False

    # ---- amounts ---------------------------------------------------------------------

    def amount(self, text: str, line: int) -> int:
        """Whole chips, or cents of ``currency``, of an amount's text."""
        key = (text, self.currency)
        value = _AMOUNTS.get(key)
        if value is None:
            value = self._read_amount(text, line)
            if len(_AMOUNTS) >= _CACHE_SIZE:
                _AMOUNTS.clear()
            _AMOUNTS[key] = value
        return value

    def _read_amount(self, text: str, line: int) -> int:
        return read_amount(text, self.currency, line)

    # ---- seats and antes -------------------------------------------------------------

    def seat(self, line: int, seat: int, name: str, stack: int) -> None:
        if name in self.players or any(s == seat for s, _ in self.players.values()):
            raise Fail(line, f"seat {seat} ({name}) is listed twice")
        if self.street:
            return  # a player sitting down during the hand is not in it
        self.players[name] = (seat, stack)
        self.seat_lines[name] = line

    def known(self, name: str, line: int) -> str:
        if name not in self.players:
            raise Fail(line, f"{name!r} is not at the table")
        return name

    def ante(self, line: int, name: str, amount: int, all_in: bool) -> None:
        self.known(name, line)
        if self.street:
            raise Fail(line, f"{name} posts an ante after the deal")
        self.put_in[name] = self.put_in.get(name, 0) + amount
        self.antes.append((name, amount, all_in, line))

    # ---- streets and cards -----------------------------------------------------------

    def start_street(self, line: int, street: int, community: Card | None = None) -> None:
        self.flush(line)
        if self.showdown or street != (3 if self.street == 0 else self.street + 1):
            raise Fail(line, f"street {street} comes out of order")
        self.street = street
        self.bets = {}
        self.deal_open = True
        if community is not None:
            if street == 3:
                raise Fail(line, "a community card on 3rd street")
            self.see(community, "", line)
            self.community.add(street)
            self.steps.append(CommunityDealt(community))

    def dealt(self, line: int, name: str, new: tuple[Card, ...],
              before: tuple[Card, ...] = ()) -> None:
        """This street's cards to ``name``: ``new`` (3 on 3rd street to the
        hero, one up card to the others), ``before``: the cards the line
        repeats from earlier streets (checked against nothing but their count)."""
        self.known(name, line)
        if not self.deal_open:
            raise Fail(line, f"cards dealt to {name} outside the deal of a street")
        if name in self.pending:
            raise Fail(line, f"{name} is dealt twice on one street")
        if self.street == 3:
            if len(new) == 3:
                if self.all_cards:
                    pass
                elif self.hero not in (None, name):
                    raise Fail(line, f"both {self.hero} and {name} show their down cards")
                else:
                    self.hero = name
                cards: list[Card | None] = list(new)
            elif len(new) == 1:
                cards = [None, None, new[0]]
            else:
                raise Fail(line, f"3rd street deals {name} one card up or three to the hero")
            self.visible[name] = 3
        else:
            seat = self.seat_of.get(name)
            if seat is None:
                raise Fail(line, f"{name} is dealt a card but was not dealt in")
            if seat in self.folded:
                raise Fail(line, f"{name} is dealt a card after folding")
            if len(new) != 1 or self.street in self.community:
                raise Fail(line, f"{name} is dealt {len(new)} cards on street {self.street}")
            if before and len(before) not in (self.visible[name], self.visible[name] - 2):
                raise Fail(line, f"the cards repeated for {name} are not those dealt before")
            cards = list(new)
            self.visible[name] += 1
        for card in new:
            self.see(card, name, line)
        self.pending[name] = cards

    def flush(self, line: int) -> None:
        """The street's Dealt steps, once its deal is over."""
        if not self.deal_open:
            return
        self.deal_open = False
        pending, self.pending = self.pending, {}
        if self.street == 3:
            if len(pending) < 2:
                raise Fail(line, "fewer than two players are dealt in")
            self.order = sorted(pending, key=lambda name: self.players[name][0])
            self.seat_of = {name: seat for seat, name in enumerate(self.order)}
            for seat, name in enumerate(self.order):
                self.steps.append(_dealt_step(seat, tuple(pending[name])))
            return
        if self.street in self.community:
            return
        for seat, name in enumerate(self.order):
            if seat in self.folded:
                continue
            cards = pending.get(name)
            if cards:
                self.steps.append(_dealt_step(seat, tuple(cards)))
            elif self.street == 7:  # the down card only its owner sees
                self.steps.append(_dealt_step(seat, (None,)))
                self.visible[name] = self.visible.get(name, 0) + 1
            else:
                raise Fail(line, f"no card dealt to {name} on street {self.street}")

    def see(self, card: Card, owner: str, line: int, again: bool = False) -> None:
        previous = self.seen.get(card)
        if previous is None:
            self.seen[card] = owner
        elif previous != owner or not again:
            where = "the community card" if previous == "" else f"{previous}'s"
            raise Fail(line, f"{card} is seen twice in the hand (it is {where})")

    # ---- betting ---------------------------------------------------------------------

    def _acting(self, line: int, name: str) -> int:
        self.known(name, line)
        if self.street == 0:
            raise Fail(line, f"{name} acts before the deal")
        self.flush(line)
        seat = self.seat_of.get(name)
        if seat is None:
            raise Fail(line, f"{name} acts but was not dealt in")
        if self.showdown:
            raise Fail(line, f"{name} bets after the showdown began")
        if seat in self.folded:
            raise Fail(line, f"{name} acts after folding")
        return seat

    def act(self, line: int, name: str, kind: str, amount: int | None = None,
            all_in: bool = False, added: bool = False) -> None:
        """A betting decision.  ``kind``: "fold", "check", "call", "bring_in",
        "bet", "complete", "raise".  ``amount``: what the seat's round total
        became (``added`` False) or the chips it put in (``added`` True)."""
        seat = self._acting(line, name)
        before = self.bets.get(seat, 0)
        to: int | None = None
        if amount is not None:
            to = before + amount if added else amount
        if kind == "fold":
            move = Move.FOLD
            self.folded.add(seat)
            to = None
        elif kind == "check":
            move, to = Move.CHECK_CALL, None
        elif kind == "call":
            move = Move.CHECK_CALL
            if to is None:
                raise Fail(line, f"{name} calls no amount")
            if self.street == 3 and not self.completed and self.first_call is None \
                    and self.bring_in is not None:
                self.first_call = to
        elif kind == "bring_in":
            if self.street != 3 or self.bring_in is not None or self.bets:
                raise Fail(line, f"{name} brings in out of turn")
            if to is None:
                raise Fail(line, f"{name} brings in for no amount")
            move = Move.BRING_IN
            self.bring_in = (to, all_in)
        elif kind in ("bet", "complete", "raise"):
            move = Move.RAISE
            if to is None:
                raise Fail(line, f"{name} bets no amount")
            faced = max(self.bets.values(), default=0)
            if to <= faced and not all_in:
                raise Fail(line, f"{name} raises to {to}, not above the bet of {faced}")
            if self.street == 3:
                self.completed = True
        else:
            raise Fail(line, f"{name}: unknown action {kind!r}")
        if to is not None:
            if to < before:
                raise Fail(line, f"{name}'s bet goes down to {to}")
            self.put_in[name] = self.put_in.get(name, 0) + to - before
            self.bets[seat] = to
        key = (seat, move, to)
        step = _ACTED.get(key)
        if step is None:
            if len(_ACTED) >= _CACHE_SIZE:
                _ACTED.clear()
            step = _ACTED[key] = _trusted(Acted, seat, move, to)
        self.steps.append(step)

    def returned(self, line: int, name: str, amount: int) -> None:
        """An uncalled bet given back."""
        self.known(name, line)
        self.flush(line)
        if not 0 < amount <= self.put_in.get(name, 0):
            raise Fail(line, f"{name} gets back {amount} he did not bet")
        self.put_in[name] -= amount
        seat = self.seat_of.get(name)
        if seat is not None and seat in self.bets:
            self.bets[seat] -= amount

    def collect(self, line: int, name: str, amount: int) -> None:
        self.known(name, line)
        self.flush(line)
        if name not in self.seat_of:
            raise Fail(line, f"{name} collects but was not dealt in")
        self.collected[name] = self.collected.get(name, 0) + amount

    # ---- the showdown ----------------------------------------------------------------

    def show(self, line: int, name: str, cards: tuple[Card, ...]) -> None:
        """``name`` shows ``cards``: a Showed step at a showdown (two live
        hands or more), else kept as a field."""
        self.known(name, line)
        self.flush(line)
        seat = self.seat_of.get(name)
        if seat is None:
            raise Fail(line, f"{name} shows but was not dealt in")
        for card in cards:
            self.see(card, name, line, again=True)
        live = len(self.order) - len(self.folded)
        if seat in self.folded or live < 2:
            return
        self.showdown = True
        earlier = self.showed.get(seat)
        if earlier is None:
            self.showed[seat] = len(self.steps)
            self.steps.append(Showed(seat, cards))
            return
        old = self.steps[earlier]
        assert isinstance(old, Showed)
        if shown_again(line, name, old.cards, cards):
            self.steps[earlier] = Showed(seat, cards)

    def muck(self, line: int, name: str, cards: tuple[Card, ...] = ()) -> None:
        """``name`` gives up his hand at a showdown (nothing when he is the
        only live hand: a winner who need not show)."""
        self.known(name, line)
        self.flush(line)
        seat = self.seat_of.get(name)
        if seat is None:
            raise Fail(line, f"{name} mucks but was not dealt in")
        for card in cards:
            self.see(card, name, line, again=True)
        if cards:
            self.mucked_cards.append((seat, cards))
        live = len(self.order) - len(self.folded)
        if seat in self.folded or live < 2 or seat in self.showed:
            return
        if any(isinstance(step, Mucked) and step.seat == seat for step in self.steps):
            return
        self.showdown = True
        self.steps.append(Mucked(seat))

    # ---- the record ------------------------------------------------------------------

    def record(self, variant: Variant, small: int, big: int, last_line: int,
               ante: int | None = None, bring_in: int | None = None) -> HandRecord:
        self.flush(last_line)
        if self.street == 0:
            raise Fail(last_line, "the hand ends before the deal")
        put_in = sum(self.put_in.values())
        got = sum(self.collected.values())
        if self.total is not None and put_in != self.total:
            raise Fail(last_line, f"the total pot, {self.total}, is not what was put in, "
                                  f"{put_in}")
        if self.rake_known and got + self.rake != put_in:
            raise Fail(last_line, f"the collections ({got}) and the rake ({self.rake}) do not "
                                  f"make the pot ({put_in})")
        if not got:
            raise Fail(last_line, "nobody collects the pot")
        if ante is None:
            ante = max((amount for _, amount, _, _ in self.antes), default=0)
        posted = {name for name, _, _, _ in self.antes}
        for name, amount, all_in, where in self.antes:
            if name not in self.seat_of:
                raise Fail(where, f"{name} posted the ante but was not dealt in")
            if amount != ante and not all_in:
                raise Fail(where, f"{name} posted an ante of {amount}, the others {ante}")
        if ante:
            for name in self.order:
                if name not in posted:
                    raise Fail(last_line, f"{name} was dealt in without posting the ante")
        for name in self.order:
            if self.put_in.get(name, 0) > self.players[name][1]:
                raise Fail(last_line, f"{name} put in {self.put_in[name]}, more than the "
                                      f"{self.players[name][1]} he sat with")
        if bring_in is None:
            if self.bring_in is not None and not self.bring_in[1]:
                bring_in = self.bring_in[0]
            elif self.first_call is not None:
                bring_in = self.first_call
            elif self.bring_in is not None and self.bring_in[0] > small // 2:
                bring_in = self.bring_in[0]
        try:
            rules = _cached_rules(variant, small, big, ante, bring_in,
                                  **options_for(self.options, variant))
        except (TypeError, ValueError) as error:
            raise Fail(self.first_line, f"the rules: {error}") from None
        if self.mucked_cards:
            self.fields.append(("mucked_cards", tuple(
                (seat, " ".join(map(str, cards))) for seat, cards in self.mucked_cards)))
        if self.hero is not None:
            self.fields.append(("hero", self.hero))
        order = self.order
        values = (rules, tuple(self.players[name][1] for name in order), tuple(self.steps),
                  tuple(order), tuple(self.players[name][0] for name in order), self.hand_id,
                  self.table, tuple(self.collected.get(name, 0) for name in order),
                  self.rake if self.rake_known else 0, None, self.currency,
                  tuple(("_" + name, value) for name, value in self.fields),
                  _trusted(Source, self.file, self.first_line, self.format))
        if 2 <= len(order) <= 8 and all(type(v) is int for v in values[1]):
            # every value as the checks would leave it: this builder made them so
            return _trusted(HandRecord, *values)
        try:
            return HandRecord(*values)
        except (TypeError, ValueError) as error:
            raise Fail(self.first_line, str(error)) from None


def first_line_is(head: str, header: re.Pattern[str]) -> bool:
    """The first line of ``head`` that says something (``#`` aside) is a
    ``header``."""
    first = head.lstrip("#").split("\n", 1)[0].strip()
    return header.match(first) is not None


class SiteHand:
    """One hand of a site's file read into a ``HandBuilder`` (``b``): the
    base of a site's reading, whose ``parse()`` returns the record."""

    def __init__(self, reader: TextReader, lines: list[tuple[int, str]]) -> None:
        self.lines = lines
        self.b = HandBuilder(reader.file, lines[0][0], reader.format, reader.options)

    def parse(self) -> HandRecord:
        raise NotImplementedError

    def dealt_to(self, number: int, line: str, names: Iterable[str]) -> tuple[str, str]:
        """The player (one of ``names``) a ``Dealt to NAME [...]`` line
        names, and the line after the name."""
        rest = line[9:]
        name = next((n for n in names if rest.startswith(n + " [")), None)
        if name is None:
            raise Fail(number, f"cards dealt to {rest.split(' [')[0]!r}, who is not at the table")
        return name, rest[len(name):]


def shown_again(line: int, name: str, before: tuple[Card | None, ...],
                cards: tuple[Card | None, ...]) -> bool:
    """A seat's second show: True when ``cards`` add to what it showed
    ``before`` (the show to keep), False when they repeat some of it
    (nothing new); ``Fail`` when they leave out a card shown before."""
    if set(cards) <= set(before):
        return False
    if not set(before) <= set(cards):
        raise Fail(line, f"{name} shows other cards than he showed before")
    return True


class TextReader:
    """A site's hands, split at each header line (``is_header``: by
    default one that begins with one of ``header_starts`` and that
    ``header`` matches, its group ``id`` the hand's), each read by
    ``parse_hand(lines)`` (lines numbered, stripped, blank ones left out;
    by default the site's ``hand`` reading), which returns a record or
    raises ``Fail`` or ``Skip``.  Lines before the first header that say
    something are one error."""

    format = ""
    header: ClassVar[re.Pattern[str]]
    header_starts: ClassVar[str] = ""
    hand: ClassVar[type[SiteHand]] = SiteHand

    def __init__(self, file: str | None = None,
                 profile: dict[str, Any] | None = None) -> None:
        self.file = file
        self.options: dict[str, Any] = dict(profile or {})
        self.skipped = 0
        self.cancelled = 0
        self.hands = 0
        self.errors = 0

    def is_header(self, line: str) -> bool:
        return line[:1] in self.header_starts and self.header.match(line) is not None

    def hand_id(self, header: str) -> str | None:
        match = self.header.match(header)
        return match["id"] if match else None

    def parse_hand(self, lines: list[tuple[int, str]]) -> HandRecord:
        return self.hand(self, lines).parse()

    def read(self, lines: Iterable[str]) -> Iterator[Union[HandRecord, HistoryError]]:
        hand: list[tuple[int, str]] = []
        outside = False
        is_header: Callable[[str], bool] = self.is_header
        for number, raw in enumerate(lines, 1):
            line = raw.strip().lstrip("\ufeff").replace("\x00", "")
            if not line:
                continue
            if is_header(line):
                if hand:
                    yield from self._finish(hand)
                hand, outside = [(number, line)], False
            elif hand:
                hand.append((number, line))
            elif not outside:
                outside = True
                self.errors += 1
                yield HistoryError(f"text outside any hand: {line[:60]!r}", self.file, None,
                                   number)
        if hand:
            yield from self._finish(hand)

    def _finish(self, lines: list[tuple[int, str]]) -> Iterator[Union[HandRecord, HistoryError]]:
        hand_id = self.hand_id(lines[0][1])
        try:
            if len(lines) > MAX_HAND_LINES:
                raise Fail(lines[-1][0], f"the hand has more than {MAX_HAND_LINES} lines")
            record = self.parse_hand(lines)
        except Skip as skip:
            if skip.cancelled:
                self.cancelled += 1
            else:
                self.skipped += 1
            return
        except Fail as fail:
            self.errors += 1
            yield HistoryError(fail.reason, self.file, hand_id, fail.line)
            return
        except Exception as error:  # a hand this reader got wrong: still never a crash
            self.errors += 1
            yield HistoryError(f"cannot read the hand: {type(error).__name__}: {error}",
                               self.file, hand_id, lines[0][0])
            return
        self.hands += 1
        yield record
