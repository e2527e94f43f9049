"""Streaming the hands of an XML hand history (iPoker, Merge): one hand
element at a time, never the whole file's tree.

``xml_items(lines, root, hand, file)`` feeds the lines one by one to
``xml.etree.ElementTree.XMLPullParser`` and yields, in order:

- ``("header", element, line)``: a child of the root that is not a hand
  (a session's ``<general>``), whole;
- ``("hand", element, line, lines)``: a hand element, whole, with the line
  where it began and the line of each element in it (``lines[id(e)]``);
  the caller reads it and the element is then dropped;
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

import re
from collections.abc import Iterable, Iterator
from typing import Any
from xml.etree.ElementTree import Element, ParseError, XMLPullParser

from ..._core import Card
from ...enums import Variant

_DECLARATION = re.compile(r"<\?xml[^>]*\?>", re.IGNORECASE)
_DOCTYPE = re.compile(r"<!\s*(?:DOCTYPE|ENTITY|ELEMENT|ATTLIST)", re.IGNORECASE)

Item = tuple[Any, ...]


def xml_items(lines: Iterable[str], root: str, hand: str) -> Iterator[Item]:
    """The items of the stream (see the module)."""
    state = _Stream(root, hand)
    tail = ""  # the end of the previous line (a declaration cut by a line break)
    number = 0
    for number, line in enumerate(lines, 1):
        if "<" in line or tail:
            if _DOCTYPE.search(tail + line):
                yield ("error", "a DOCTYPE or ENTITY declaration: refused (an XML file of "
                       "hand histories declares no entities)", number, state.hand_id)
                return
            if "<?" in line:
                line = _DECLARATION.sub("", line)
        tail = line[-12:]
        yield from state.feed(line, number)
    if state.in_hand():
        yield ("error", "the file ends inside this hand (a truncated hand)", number,
               state.hand_id)


class _Stream:
    """The parser's state: the open elements, the hand being read."""

    def __init__(self, root: str, hand: str) -> None:
        self.root = root
        self.hand = hand
        self.parser: XMLPullParser[Any] | None = None
        self.stack: list[Element] = []
        self.where: dict[int, int] = {}
        self.hand_start = 0
        self.hand_id: str | None = None
        self.skipping = False  # after an error: until the next hand or root element

    def in_hand(self) -> bool:
        return len(self.stack) >= 2 and self.stack[1].tag == self.hand

    def restart(self, opened: bool) -> None:
        self.stack.clear()
        self.where = {}
        self.hand_id = None
        self.parser = XMLPullParser(events=("start", "end"))
        if opened:  # (resuming inside a document: an element to hold the hands)
            self.parser.feed(f"<{self.root}>")
            for item in _events(self.parser):
                self.stack.append(item[1])

    def feed(self, line: str, number: int) -> Iterator[Item]:
        if self.skipping:
            found = _start_of(line, self.root, self.hand)
            if found is None:
                return
            line = line[found[0]:]
            self.restart(opened=found[1] == self.hand)
            self.skipping = False
        if self.parser is None:
            if not line.strip():
                return
            self.restart(opened=False)
        assert self.parser is not None
        try:
            self.parser.feed(line)
            events = _events(self.parser)
        except ParseError as error:
            found = _start_of(line, self.root, self.hand)
            if self.in_hand():
                yield ("error", f"not well-formed XML: {_reason(error)}", number, self.hand_id)
            elif found is None or self.stack:
                yield ("error", f"not well-formed XML: {_reason(error)}", number, None)
            if found is not None and not self.in_hand() and not self.stack:
                # text after a document's end: a new document (or hand) begins here
                self.restart(opened=found[1] == self.hand)
                yield from self.feed(line[found[0]:], number)
                return
            self.stack.clear()
            self.skipping = True
            return
        for event, found_element in events:
            element: Element = found_element
            stack = self.stack
            if event == "start":
                if element.tag == self.hand and len(stack) >= 2:
                    # a hand begins inside a hand: the one before was cut off
                    yield ("error", "the hand ends before its closing tag (a truncated hand)",
                           number, self.hand_id)
                    found = _start_of(line, self.root, self.hand)
                    self.restart(opened=True)
                    if found is not None:
                        yield from self.feed(line[found[0]:], number)
                    else:
                        self.skipping = True
                    return
                stack.append(element)
                if len(stack) == 2 and element.tag == self.hand:
                    self.hand_start = number
                    self.hand_id = element.get("gamecode") or element.get("id")
                    self.where = {}
                self.where[id(element)] = number
                continue
            if not stack:
                continue
            stack.pop()
            if len(stack) == 1:
                parent = stack[0]
                if element.tag == self.hand:
                    yield ("hand", element, self.hand_start, self.where)
                    self.where = {}
                    self.hand_id = None
                else:
                    yield ("header", element, number)
                parent.remove(element)
            elif not stack:  # the document's end: another may follow
                self.parser = None


def _events(parser: XMLPullParser[Any]) -> list[tuple[str, Any]]:
    """The start and end events read so far (the only ones asked for)."""
    found: Any = parser.read_events()
    return list(found)


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
