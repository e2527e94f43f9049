"""Streaming the hands of an XML hand history (iPoker, Merge): one hand
element at a time, never the whole file's tree.

``xml_items(lines, root, hand)`` feeds the lines, a hand's at a time, to
``xml.etree.ElementTree.XMLPullParser`` and yields, in order:

- ``("header", element, line)``: a child of the root that is not a hand
  (a session's ``<general>``), whole;
- ``("hand", element, line, lines)``: a hand element, whole, with the line
  where it began and its text lines (``line_of`` finds an element's line
  in them, for an error); the caller reads it and the element is then
  dropped;
- ``("error", reason, line, hand_id)``: text that cannot be read as XML;
  the reading goes on at the next hand.

A file that ends inside a hand gives an error for that hand (a truncated
last hand is never a record).  A DOCTYPE or ENTITY declaration is refused
(entity expansion, "XML bombs"): the reading stops there with an error.
The XML declaration is dropped (the text was decoded already: a
declaration saying UTF-8 over cp1252 bytes says nothing true).  Several
documents written one after the other (a file appended to) are read as
one stream.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Iterator
from typing import Any, ClassVar, Union
from xml.etree.ElementTree import Element, ParseError, XMLPullParser

from ..._core import Card, _SiteXml
from ...enums import Variant
from ..errors import HistoryError
from ..record import Acted, CommunityDealt, Dealt, HandRecord, Move, Showed, _trusted

_DECLARATION = re.compile(r"<\?xml[^>]*\?>", re.IGNORECASE)
_DOCTYPE = re.compile(r"<!\s*(?:DOCTYPE|ENTITY|ELEMENT|ATTLIST)", re.IGNORECASE)

Item = tuple[Any, ...]


def xml_items(lines: Iterable[str], root: str, hand: str, rootless: bool = False,
              resume: tuple[int, int | None] | None = None) -> Iterator[Item]:
    """The items of the stream (see the module); ``rootless``: the hand
    elements follow one another with no element around them (Merge).
    ``resume`` (the line the lines begin at; the line the document began
    at, None between documents): the stream from where a batch of it
    began, between hands inside the root element or between documents, as
    it would have gone on there (a reader in C hands the rest of a file
    over: _sitexml.pxi), the parser's lines counted from the document's
    first as they were."""
    state = _Stream(root, hand, rootless)
    start = 1
    if resume is not None:
        start, base = resume
        if base is not None:
            state.restart(opened=True, base=base)
            assert state.parser is not None
            state.parser.feed("\n" * (start - base))
    tail = ""  # the end of the previous line (a declaration cut by a line break)
    number = start - 1
    batch: list[str] = []
    first = start
    ends = (f"</{hand}>", f"</{root}>")
    for number, line in enumerate(lines, start):
        if ("!" in line or "!" in tail) and _DOCTYPE.search(tail + line):
            yield ("error", "a DOCTYPE or ENTITY declaration: refused (an XML file of "
                   "hand histories declares no entities)", number, state.hand_id)
            return
        if "<?" in line:
            line = _DECLARATION.sub("", line)
        tail = line[-12:] if "<" in line[-12:] else ""
        batch.append(line)
        # (fed a hand at a time: far fewer calls than a line at a time, and
        # memory still holds one hand)
        if "</" in line and (ends[0] in line or ends[1] in line) or len(batch) >= 256:
            yield from state.feed(batch, first)
            batch = []
            first = number + 1
    if batch:
        yield from state.feed(batch, first)
    if state.in_hand():
        yield ("error", "the file ends inside this hand (a truncated hand)", number,
               state.hand_id)


class _Stream:
    """The parser's state: the open elements, the hand being read."""

    def __init__(self, root: str, hand: str, rootless: bool = False) -> None:
        self.rootless = rootless
        self.root = root
        self.hand = hand
        self.marker = f"<{hand}"
        self.opening = re.compile(rf"<{hand}[\s>/]")
        self.parser: XMLPullParser[Any] | None = None
        self.base = 1  # the line the parser's first line is
        self.stack: list[Element] = []
        self.hand_start = 0
        self.hand_id: str | None = None
        self.starts: list[int] = []  # the lines where the batch's hands begin
        self.kept: list[str] = []  # the lines of the hand being read (and after)
        self.kept_first = 1
        self.skipping = False  # after an error: until the next hand or root element

    def in_hand(self) -> bool:
        return len(self.stack) >= 2 and self.stack[1].tag == self.hand

    def restart(self, opened: bool, base: int) -> None:
        self.stack.clear()
        self.hand_id = None
        self.base = base
        self.parser = XMLPullParser(events=("start", "end"))
        if opened:  # (resuming inside a document: an element to hold the hands)
            self.parser.feed(f"<{self.root}>")
            for item in _events(self.parser)[0]:
                self.stack.append(item[1])

    def feed(self, batch: list[str], first: int) -> Iterator[Item]:
        if self.skipping:
            for index, line in enumerate(batch):  # noqa: B007 (used after the loop)
                found = _start_of(line, self.root, self.hand)
                if found is not None:
                    break
            else:
                return
            batch = [line[found[0]:], *batch[index + 1:]]
            first += index
            self.restart(opened=found[1] == self.hand or self.rootless, base=first)
            self.skipping = False
        if self.parser is None:
            while batch and not batch[0].strip():
                batch = batch[1:]
                first += 1
            if not batch:
                return
            self.restart(opened=self.rootless, base=first)
        assert self.parser is not None
        if not self.in_hand():
            self.kept, self.kept_first = [], first
        self.kept += batch
        marker = self.marker
        self.starts = [first + index for index, line in enumerate(batch) if marker in line
                       for _ in self.opening.finditer(line)]
        self.starts.reverse()
        self.parser.feed("".join(batch))
        events, error = _events(self.parser)
        yield from self.handle(events, batch, first)
        if error is not None:
            at = self.base + error.position[0] - 1
            yield ("error", f"not well-formed XML: {_reason(error)}", at,
                   self.hand_id if self.in_hand() else None)
            self.stack.clear()
            self.parser = None
            self.skipping = True
            rest = at - first + 1
            if 0 < rest < len(batch):
                yield from self.feed(batch[rest:], at + 1)
            return
        if self.in_hand() and self.kept_first < self.hand_start:
            self.kept = self.kept[self.hand_start - self.kept_first:]
            self.kept_first = self.hand_start

    def handle(self, events: list[tuple[str, Any]], batch: list[str],
               first: int) -> Iterator[Item]:
        for event, found_element in events:
            element: Element = found_element
            stack = self.stack
            if event == "start":
                if element.tag == self.hand and len(stack) >= 2:
                    # a hand begins inside a hand: the one before was cut off
                    line = self.starts.pop() if self.starts else first
                    yield ("error", "the hand ends before its closing tag (a truncated hand)",
                           line, self.hand_id)
                    self.restart(opened=True, base=line)
                    index = line - first
                    found = _start_of(batch[index], self.root, self.hand)
                    assert found is not None
                    yield from self.feed([batch[index][found[0]:], *batch[index + 1:]], line)
                    return
                stack.append(element)
                if len(stack) == 2 and element.tag == self.hand:
                    self.hand_start = self.starts.pop() if self.starts else first
                    self.hand_id = element.get("gamecode") or element.get("id")
                continue
            if not stack:
                continue
            stack.pop()
            if len(stack) == 1:
                parent = stack[0]
                if element.tag == self.hand:
                    lines = self.kept[self.hand_start - self.kept_first:]
                    yield ("hand", element, self.hand_start, lines)
                    self.hand_id = None
                else:
                    yield ("header", element, first)
                parent.remove(element)
            elif not stack:  # the document's end: another may follow
                self.parser = None


def line_of(element: Element, lines: list[str], first: int) -> int:
    """The line of a hand's element (``lines``: the hand's, the first
    numbered ``first``): the first with its tag and its attributes' values;
    ``first`` when none is found."""
    tag = f"<{element.tag}"
    values = [f'"{value}"' for value in element.attrib.values()]
    for index, line in enumerate(lines):
        if tag in line and all(value in line for value in values):
            return first + index
    return first


def _events(parser: XMLPullParser[Any]) -> tuple[list[tuple[str, Any]], ParseError | None]:
    """The start and end events read so far (the only ones asked for), and
    the error that stopped the parser, if one did."""
    found: list[tuple[str, Any]] = []
    events: Any = parser.read_events()
    try:
        for event in events:
            found.append(event)
    except ParseError as error:
        return found, error
    return found, None


def _start_of(line: str, root: str, hand: str) -> tuple[int, str] | None:
    """Where a root or a hand element begins in ``line``, and which."""
    best: tuple[int, str] | None = None
    for tag in (root, hand):
        at = re.search(rf"<{tag}[\s>/]", line)
        if at is not None and (best is None or at.start() < best[0]):
            best = (at.start(), tag)
    return best


def _reason(error: ParseError) -> str:
    text = str(error)
    return text.split(":", 1)[0] if ": line" in text else text


# -- what both XML formats need ----------------------------------------------

_SIGNS = {"$": "USD", "€": "EUR", "£": "GBP"}
_NUMBER = re.compile(r"-?\d[\d.,]*|-?[.,]\d+")
_RANKS = "23456789TJQKA"
_SUITS = "cdhs"


@functools.lru_cache(maxsize=4096)
def amount(text: str | None, cents: bool) -> int:
    """An amount of a file: whole chips, or cents when ``cents``; the
    currency sign before or after it, thousands with commas (or full
    stops where the decimals follow a comma: "1.000,50 €").  Raises
    ValueError."""
    if text is None:
        raise ValueError("an amount is missing")
    found = _NUMBER.search(text)
    if found is None or found.group().startswith("-"):
        raise ValueError(f"not an amount: {text!r}")
    digits = found.group().rstrip(".,")
    whole, frac = digits, ""
    last = max(digits.rfind("."), digits.rfind(","))
    if last >= 0 and len(digits) - last - 1 in (1, 2):  # decimals
        whole, frac = digits[:last], digits[last + 1:]
    elif last >= 0 and digits[last] == "." and digits.count(".") == 1 and "," not in digits \
            and len(digits) - last - 1 != 3:
        raise ValueError(f"not an amount: {text!r}")
    whole = whole.replace(",", "").replace(".", "") or "0"
    if not whole.isdigit():
        raise ValueError(f"not an amount: {text!r}")
    if not cents:
        if frac.strip("0"):
            raise ValueError(f"chips are whole: {text!r}")
        return int(whole)
    return int(whole) * 100 + int((frac + "00")[:2])


def currency_of(text: str | None) -> str | None:
    """The currency a money amount's sign names."""
    for sign, code in _SIGNS.items():
        if text and sign in text:
            return code
    return None


@functools.lru_cache(maxsize=512)
def card(text: str) -> Card | None:
    """A card written rank first ("As", "10h") or suit first ("SA",
    "H10"); None for a card not shown ("X", "XX", "null", "")."""
    token = text.strip()
    if not token or token.upper() in ("X", "XX", "NULL", "?", "??"):
        return None
    head, rest = token[0].upper(), token[1:]
    if head in "SHDC" and rest and rest.upper() in ("10", *_RANKS):
        rank, suit = rest.upper(), head.lower()
    else:
        rank, suit = token[:-1].upper(), token[-1].lower()
    if rank == "10":
        rank = "T"
    if rank == "1":
        rank = "A"
    if len(rank) != 1 or rank not in _RANKS or suit not in _SUITS:
        raise ValueError(f"not a card: {text!r}")
    return Card(rank + suit)


#: the cards each street deals a seat (the first street: 3, or 2 in Five Card Stud)
def first_street_cards(variant: Variant) -> int:
    return 2 if variant in (Variant.FIVE_CARD_STUD, Variant.FIVE_CARD_STUD_HILO) else 3


def street_count(variant: Variant) -> int:
    return 4 if variant in (Variant.FIVE_CARD_STUD, Variant.FIVE_CARD_STUD_HILO) else 5


class Fail(Exception):
    """A hand that cannot be read: why, and its line (or the element whose
    line it is, found only then)."""

    def __init__(self, line: Any, reason: str) -> None:
        super().__init__(reason)
        self.line = line
        self.reason = reason


class Skip(Exception):
    """A hand of another game (or, ``cancelled``, one the site cancelled)."""

    def __init__(self, cancelled: bool = False) -> None:
        super().__init__()
        self.cancelled = cancelled


class XmlHand:
    """One hand's element, its first line and the file's text around it
    (to find an element's line): the base of a format's reading of a hand,
    whose ``record()`` makes the ``HandRecord`` or raises ``Fail`` or
    ``Skip``."""

    def __init__(self, reader: Any, game: Element, line: int, text: list[str]) -> None:
        self.reader = reader
        self.game = game
        self.line = line
        self.text = text

    def at(self, element: Element) -> int:
        return line_of(element, self.text, self.line)

    def record(self) -> HandRecord:
        raise NotImplementedError


class XmlReader:
    """The base of a format's reader: its file, its rules' options (the
    site's ``site_profile`` unless the caller gives others) and its counts
    of hands skipped and cancelled, of records (``hands``) and of errors.

    A file is read in C where the scanner reads its text
    (``stud._core._SiteXml``, python/stud/_sitexml.pxi; a file read
    opened, a block of its text at a time), and by ``_python_read`` (the
    Python stream, ``xml_items``) from where it does not.  A format names
    its reading in C (``c_format``: src/studcore/site_text.h's
    ``stud_site_format``), its stream's ``root`` element (none written
    around the hands where ``rootless``), the attribute that names a hand
    (``id_attribute``), its ``game_of`` (what _SiteXml reads a hand's game
    with) and ``hand_of`` (a hand's element to its ``XmlHand``), and what a
    child of the root that is not a hand says (``header``)."""

    site_profile: ClassVar[dict[str, Any]] = {}
    c_format: ClassVar[int] = -1
    root: ClassVar[str] = ""
    rootless: ClassVar[bool] = False
    id_attribute: ClassVar[str] = "id"

    def __init__(self, *, file: str | None = None, profile: dict[str, Any] | None = None) -> None:
        self.file = file
        self.profile = dict(self.site_profile if profile is None else profile)
        self.skipped = 0
        self.cancelled = 0
        self.hands = 0
        self.errors = 0
        self._reading: Any = None  # the current reading in C

    @property
    def reproduced(self) -> int:
        """Hands of the current reading that the C replay reproduced (and
        gave no record for: ``_SiteXml.replay_in_c``)."""
        return 0 if self._reading is None else int(self._reading.reproduced)

    @property
    def replaying_in_c(self) -> bool:
        """Whether the current reading replays its hands in C."""
        return self._reading is not None and bool(self._reading.in_c)

    def read(self, lines: Iterable[str]) -> Iterator[Union[HandRecord, HistoryError]]:
        """The file's records and errors: read in C where the scanner
        reads the text (``stud._core._SiteXml``; a file read opened, a
        block of its text at a time), by ``_python_read`` from where it
        does not."""
        if _SiteXml is None:  # pragma: no cover (the C extension is always built)
            return self._python_read(lines)
        from ..io import MAX_LINE, _FileLines

        if isinstance(lines, _FileLines):  # (a file read opened: its text a block at a time)
            blocks, before = lines.rest()
            self._reading = _SiteXml((), self, self.c_format).read_blocks(blocks, MAX_LINE,
                                                                          before)
        else:
            self._reading = _SiteXml(lines, self, self.c_format)
        reading: Iterator[Union[HandRecord, HistoryError]] = self._reading
        return reading

    def _python_read(self, lines: Iterable[str], resume: tuple[int, int | None] | None = None
                     ) -> Iterator[Union[HandRecord, HistoryError]]:
        """The file read by Python's stream (``xml_items``; ``resume``: its
        first line's number and the line its document began, or None
        outside one)."""
        for item in xml_items(lines, self.root, "game", self.rootless, resume=resume):
            kind = item[0]
            if kind == "header":
                self.header(item[1])
            elif kind == "hand":
                _kind, element, line, text = item
                yield from self.read_hand(self.hand_of(element, line, text),
                                          element.get(self.id_attribute))
            else:
                _kind, reason, line, hand_id = item
                self.errors += 1
                yield HistoryError(reason, self.file, hand_id, line)

    def _python_hand(self, element: Element, line: int,
                     text: list[str]) -> list[Union[HandRecord, HistoryError]]:
        """One hand's element read by Python (what the reading in C leaves
        to it): its record, or its error, or nothing (a hand skipped)."""
        return list(self.read_hand(self.hand_of(element, line, text),
                                   element.get(self.id_attribute)))

    def header(self, element: Element) -> None:
        """A child of the root that is not a hand: passed over (a format
        whose root has one reads it)."""

    def hand_of(self, element: Element, line: int, text: list[str]) -> XmlHand:
        """A hand's element, its first line and its lines, to be read."""
        raise NotImplementedError

    def read_hand(self, hand: XmlHand,
                  hand_id: str | None) -> Iterator[Union[HandRecord, HistoryError]]:
        """The hand's record, or the error that names where it fails."""
        try:
            record = hand.record()
        except Skip as skip:
            if skip.cancelled:
                self.cancelled += 1
            else:
                self.skipped += 1
        except Fail as fail:
            line = fail.line
            where = (line if isinstance(line, int) else
                     hand.line if line is None else hand.at(line))
            self.errors += 1
            yield HistoryError(fail.reason, self.file, hand_id, where)
        else:
            self.hands += 1
            yield record


class Deal:
    """A hand's steps from its cards and decisions, in order (both XML
    formats): streets begin where a street's cards do (a new label, or a
    new round once the street has seen a decision) or, where no card is
    named, where a new round's decisions do; a street's seats that have no
    cards named get None; the bets of each round are kept, so that a bet
    nobody called is known (``returned``)."""

    def __init__(self, variant: Variant, stacks: list[int]) -> None:
        self.variant = variant
        self.n = n = len(stacks)
        self.stacks = stacks
        self.first = first_street_cards(variant)
        self.streets = street_count(variant)
        self.steps: list[Any] = []
        self.street = 0
        self.label: str | None = None
        self.round: Any = None  # the round the street began in
        self.decided = False  # the street has seen a decision
        self.open = False  # the street's cards may still come
        self.pending: dict[int, tuple[Card | None, ...]] = {}
        self.revealed: dict[int, tuple[Card | None, ...]] = {}
        self.dealt = [0] * n
        self.folded: set[int] = set()
        self.bets = [0] * n
        self.returned = [0] * n
        self.antes: list[int] = []
        self.bring_in: int | None = None
        self.put_in = [0] * n

    def _close_round(self) -> None:
        bets = self.bets
        if self.street and self.n >= 2:
            ordered = sorted(range(self.n), key=bets.__getitem__, reverse=True)
            top, second = ordered[0], ordered[1]
            self.returned[top] += bets[top] - bets[second]
        self.bets = [0] * self.n

    def _flush(self) -> None:
        count = self.first if self.street == 1 else 1
        unknown = (None,) * count
        for seat in range(self.n):
            if seat in self.folded:
                continue
            cards = self.pending.get(seat, unknown)
            self.steps.append(_trusted(Dealt, seat, cards))
            self.dealt[seat] += len(cards)
        self.pending.clear()
        self.open = False

    def _new_street(self, label: str | None, round_: Any, where: Any) -> None:
        if self.open:
            self._flush()
        self._close_round()
        self.street += 1
        self.label, self.round, self.decided = label, round_, False
        if self.street > self.streets:
            raise Fail(where, f"more streets than {self.variant.name} deals")

    def cards(self, seat: int, cards: tuple[Card | None, ...], label: str, round_: Any,
              where: Any, cumulative: bool = False) -> None:
        """A seat's cards: the street's, or every street's so far and the
        street's (``cumulative``, or more than the street deals), or a
        hand shown whole (as many as it holds, all named)."""
        held = self.dealt[seat] + len(self.pending.get(seat, ()))
        if self.street and cards and len(cards) == held:
            if not cumulative and None not in cards:
                self.revealed[seat] = cards  # no new card: the hand shown
            return
        if label != self.label or (round_ != self.round and self.decided):
            self._new_street(label, round_, where)
            self.open = True
        count = self.first if self.street == 1 else 1
        if not cards:
            cards = (None,) * count
        if cumulative:  # every street's cards so far: the last are new
            cards = cards[-count:] if len(cards) >= count else cards
        elif len(cards) > count:  # a hand shown whole on its last street
            skipped = len(cards) - self.dealt[seat] - count
            if skipped > 0 and None not in cards and not self.pending \
                    and 1 < self.street <= self.streets - skipped:
                # the streets before it were dealt with nothing to say (no
                # decision left, no card named): each dealt unseen
                for _ in range(skipped):
                    self._new_street(label, round_, where)
                    self.open = True
            if len(cards) == self.dealt[seat] + count and None not in cards:
                self.revealed[seat] = cards
            cards = cards[-count:] if len(cards) >= count else cards
        if len(cards) != count:
            raise Fail(where, f"{len(cards)} card(s) for seat {seat} where street "
                              f"{self.street} deals {count}")
        if seat in self.pending:
            raise Fail(where, f"seat {seat} is dealt twice on street {self.street}")
        if seat not in self.folded:
            self.pending[seat] = cards

    def community(self, shared: Card, label: str, round_: Any) -> None:
        """The community card (docs/rules.md 5.1)."""
        if self.open:
            self._flush()
        self._close_round()
        self.street += 1
        self.label, self.round, self.decided = label, round_, False
        self.steps.append(_trusted(CommunityDealt, shared))

    def ante(self, seat: int, chips: int) -> None:
        self.antes.append(chips)
        self.put_in[seat] += chips

    def act(self, seat: int, kind: str, chips: int, round_: Any, where: Any) -> None:
        """A decision: ``kind`` "fold", "check", "bring_in", "call" (chips
        added), "raise" (chips added), "all_in" (chips added: a call or a
        raise), "call_to", "raise_to" (the round total)."""
        if (round_ != self.round and self.decided) or not self.street:
            # a round with no cards named: a street dealt all unseen
            self._new_street(None, round_, where)
            self.open = True
        self.decided = True
        if self.open:
            self._flush()
        if kind == "fold":
            self.folded.add(seat)
            self.steps.append(_trusted(Acted, seat, Move.FOLD, None))
            return
        if kind == "check":
            self.steps.append(_trusted(Acted, seat, Move.CHECK_CALL, None))
            return
        bets = self.bets
        to = chips if kind.endswith("_to") else bets[seat] + chips
        if to < bets[seat]:
            raise Fail(where, f"a bet of {to} below the {bets[seat]} already in")
        self.put_in[seat] += to - bets[seat]
        if kind == "bring_in":
            move = Move.BRING_IN
            if self.put_in[seat] < self.stacks[seat]:
                self.bring_in = to
        elif kind in ("call", "call_to") or (kind == "all_in" and to <= max(bets)):
            move = Move.CHECK_CALL
        else:
            move = Move.RAISE
        bets[seat] = to
        self.steps.append(_trusted(Acted, seat, move, to))

    def finish(self) -> None:
        """The end of the hand: the last street's cards, the last round's bet
        nobody called, the hands shown (see ``fill_shown``)."""
        if self.open:
            self._flush()
        self._close_round()
        fill_shown(self.steps, self.revealed, self.folded, None)


def fill_shown(steps: list[Any], revealed: dict[int, tuple[Card | None, ...]],
               folded: set[int], line: Any) -> None:
    """The hands shown whole (in the order dealt): their cards fill the
    seat's cards the deal did not name, and a seat still in the hand shows
    them (a ``Showed`` step at the end)."""
    for seat, cards in revealed.items():
        position = 0
        for index, step in enumerate(steps):
            if not isinstance(step, Dealt) or step.seat != seat:
                continue
            dealt = cards[position:position + len(step.cards)]
            position += len(step.cards)
            if len(dealt) != len(step.cards):
                raise Fail(line, f"seat {seat} shows {len(cards)} cards, dealt more")
            for was, now in zip(step.cards, dealt):
                if was is not None and was != now:
                    raise Fail(line, f"seat {seat} shows {now} where it was dealt {was}")
            if None in step.cards:
                steps[index] = _trusted(Dealt, seat, dealt)
        if seat not in folded:
            steps.append(_trusted(Showed, seat, cards))
