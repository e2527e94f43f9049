"""iPoker's XML hand histories (the iPoker network's skins: one file a
table session).

A file is one ``<session sessioncode=...>`` whose ``<general>`` says the
game and the stakes (``<gametype>7 Card Stud L €0.10/€0.20</gametype>``),
the table, the currency, the hero (``<nickname>``) and, in a tournament,
``<tournamentcode>``/``<tournamentname>``; then one ``<game
gamecode=...>`` per hand: its ``<general>`` lists the players (``<player
seat= name= chips= win= bet= .../>``: ``chips`` the stack at the start,
``win`` what the seat took back at the end, uncalled bet included, ``bet``
what it put in), then ``<round no=...>`` elements holding ``<cards
type=... player=...>`` (a street's cards, suit first: "S2 H10 CA", "X" for
a card not shown) and ``<action no=... player=... type=... sum=...>``.
Action types: 0 fold, 3 call, 4 check, 5 bet, 6 and 23 raise, 7 all-in,
15 ante, 16 bring-in (1, 2: blinds, not in stud; 8, 9 and the others: a
player joining, sitting out...: no decision, passed over).  ``sum`` is
what the action added to the seat's bet.

Quirks: the actions are numbered across the hand and not always written
in that order: they are sorted by their number.  Amounts carry the
currency sign (before, or after for the euro, with commas or full stops
for thousands); tournament amounts are chips.  A street's cards are named
for the hero only in some versions ("X" or no ``<cards>`` for the others:
those cards are None and the replay chooses them, docs/rules.md 11.4); a
hand shown at the end is written whole on its last street's line (every
street's cards repeated: read as the show).  A player may fold where he
could check (the profile: ``fold_when_can_check``), and the bring-in's
ties go by suit (``bring_in_tiebreak="suit"``).

Read in C (``stud._core._SiteXml``, python/stud/_sitexml.pxi): the lines
batched as ``_xml.xml_items`` batches them, the plain XML they hold
scanned by src/studcore/xml_scan.c, each ``<game>`` read by
src/studcore/site_ipoker.c (this module's ``_Hand.record``, on
site_xml_hand.c's amount, card and ``Deal``) once ``game_of`` has read
its ``<gametype>``.  A hand that reading would fail on, or that is
written in a form it does not read (an amount or a number not written
the plain ASCII way, a bound exceeded), is read by ``_Hand`` from the
element ElementTree makes of its text (``_python_hand``).  Where the
scanner gives up (a comment, CDATA, a processing instruction or
DOCTYPE, text between the session's elements, XML that is not
well-formed, a truncated hand, a start tag cut by a line break, a line
with a line break inside it, a source that fails), the rest of the file
is read by the Python stream (``_python_read``) from the last batch of
lines the C reading ended cleanly, resumed in the state it would have
had there: the records, errors and counts are always those of the
Python reading.

What the files never say: the rake (``collected`` is given and the replay
derives the rake), the pots one by one, mucked hands, the bring-in's size
when nobody brings in (the default, half the small bet, is assumed), the
stakes of a tournament level other than through ``<gametype>`` (a game's
own ``<general>`` may repeat it).
"""

from __future__ import annotations

import re
from typing import Any
from xml.etree.ElementTree import Element

from ...enums import Variant
from ..record import (
    HandRecord,
    Source,
    _cached_rules,
    options_for,
)
from . import SiteFormat
from ._xml import Deal, XmlHand, XmlReader, amount, card, currency_of
from ._xml import Fail as _Fail
from ._xml import Skip as _Skip

__all__ = ["FORMAT", "IPokerReader"]

PROFILE: dict[str, Any] = {"fold_when_can_check": True, "bring_in_tiebreak": "suit"}

_GAMETYPE = re.compile(r"^(?P<game>.*?)\s+(?P<limit>L|FL|LZ|NL|PL|SL|БЛ)\b\s*(?P<stakes>.*)$")
_VARIANTS = {"7 card stud": Variant.SEVEN_CARD_STUD,
             "7 card stud hi-lo": Variant.SEVEN_CARD_STUD_HILO,
             "7 card stud hi/lo": Variant.SEVEN_CARD_STUD_HILO,
             "razz": Variant.RAZZ, "5 card stud": Variant.FIVE_CARD_STUD,
             "5 card stud hi-lo": Variant.FIVE_CARD_STUD_HILO}
#: the action types that are decisions, or antes: what they are to ``Deal``
_MOVES = {"0": "fold", "4": "check", "3": "call", "5": "raise", "6": "raise", "23": "raise",
          "7": "all_in", "16": "bring_in", "15": "ante"}
_PASSED = {"8", "9", "10", "11", "12", "13", "14", "17", "18", "19", "20", "21", "22"}


def detect(head: str) -> bool:
    """An iPoker session: ``<session`` and its ``<gametype>`` or a ``<game
    gamecode=``."""
    return "<session" in head and ("<gametype>" in head or "gamecode=" in head)


class IPokerReader(XmlReader):
    """Reads an iPoker XML file hand by hand (see the module)."""

    site_profile = PROFILE
    c_format = 9  # STUD_SITE_IPOKER
    root = "session"
    id_attribute = "gamecode"

    def __init__(self, *, file: str | None = None, profile: dict[str, Any] | None = None) -> None:
        super().__init__(file=file, profile=profile)
        self.session: dict[str, str] = {}

    def header(self, element: Element) -> None:
        """The session's <general>: the game, table, currency... of its hands."""
        if element.tag == "general":
            self.session = {child.tag: (child.text or "").strip() for child in element}

    def hand_of(self, element: Element, line: int, text: list[str]) -> XmlHand:
        return _Hand(self, element, line, text)

    @staticmethod
    def game_of(gametype: str | None, tournament: bool,
                line: int) -> tuple[Variant, int, int, bool, str | None]:
        """The game a hand's <gametype> names (``tournament``: its amounts
        are chips): its variant, bets, whether amounts are cents, and the
        currency its sign names; raises _Skip (not a limit stud game) or
        _Fail naming ``line``."""
        if not gametype:
            raise _Fail(line, "no <gametype>: the game is not known")
        found = _GAMETYPE.match(gametype)
        variant = _VARIANTS.get(found.group("game").strip().lower()) if found else None
        if found is None or variant is None or found.group("limit") not in ("L", "FL", "LZ"):
            raise _Skip()
        cents = not tournament
        stakes = found.group("stakes").split("/")
        try:
            if len(stakes) != 2:
                raise ValueError(f"no stakes in {gametype!r}")
            small, big = (amount(text, cents) for text in stakes)
        except ValueError as error:
            raise _Fail(line, f"<gametype>: {error}") from None
        return variant, small, big, cents, currency_of(gametype) if cents else None


class _Hand(XmlHand):
    """One ``<game>`` element to a HandRecord (raises _Fail or _Skip)."""

    reader: IPokerReader

    def record(self) -> HandRecord:
        game, reader = self.game, self.reader
        general = game.find("general")
        info = dict(reader.session)
        if general is not None:
            for child in general:
                if child.tag != "players" and child.text and child.text.strip():
                    info[child.tag] = child.text.strip()
        tournament = "tournamentcode" in info or "tournamentname" in info
        variant, small, big, cents, sign = reader.game_of(info.get("gametype"), tournament,
                                                          self.line)
        currency = (sign or info.get("currency") or None) if cents else None

        # the players, in the order of their seats
        listed: list[tuple[int, str, int, int, Element]] = []
        for player in game.iter("player"):
            try:
                seat = int(player.get("seat", ""))
                name = player.get("name") or ""
                stack = amount(player.get("chips"), cents)
                win = amount(player.get("win") or "0", cents)
            except ValueError as error:
                raise _Fail(self.at(player), f"<player>: {error}") from None
            listed.append((seat, name, stack, win, player))
        listed.sort(key=lambda p: p[0])
        names = {p[1] for p in listed}
        if len(names) != len(listed):
            raise _Fail(self.line, "two players of one name, or two at one seat")

        # the rounds' cards and actions, in order: by round, cards first, then
        # the actions by their number (written out of order at times)
        items: list[tuple[int, int, int, Element]] = []
        for index, round_ in enumerate(game.iter("round")):
            try:
                number = int(round_.get("no", index))
            except ValueError:
                raise _Fail(self.at(round_), "<round no=...> is not a number") from None
            for child in round_:
                if child.tag == "cards":
                    items.append((number, 0, len(items), child))
                elif child.tag == "action":
                    try:
                        order = int(child.get("no", ""))
                    except ValueError:
                        raise _Fail(self.at(child), "<action no=...> is not a number") from None
                    items.append((number, 1, order, child))
        items.sort(key=lambda item: item[:3])

        # who is in the hand: who antes or is dealt cards
        playing = set()
        for _round, kind, _order, element in items:
            who = element.get("player")
            if (kind == 0 and who) or element.get("type") == "15":
                if who not in names:
                    raise _Fail(self.at(element), f"unknown player {who!r}")
                playing.add(who)
        seated = [p for p in listed if p[1] in playing]
        if len(seated) < 2:
            raise _Fail(self.line, f"{len(seated)} player(s) dealt in: not a hand")
        if len(seated) > 8:
            raise _Fail(self.line, f"{len(seated)} players dealt in: stud seats 8 at most")
        seat_of = {p[1]: index for index, p in enumerate(seated)}
        stacks = [p[2] for p in seated]

        deal = Deal(variant, stacks)
        for round_no, kind, _order, element in items:
            where: Any = element  # (its line found only for an error: Fail)
            who = element.get("player") or ""
            label = element.get("type") or ""
            if kind == 0:
                try:
                    cards = tuple(card(text) for text in (element.text or "").split())
                except ValueError as error:
                    raise _Fail(where, str(error)) from None
                if not who:  # the community card (docs/rules.md 5.1)
                    if len(cards) != 1 or cards[0] is None:
                        raise _Fail(where, "a community card is one card, face up")
                    deal.community(cards[0], label, round_no)
                elif who not in seat_of:
                    raise _Fail(where, f"unknown player {who!r}")
                else:
                    deal.cards(seat_of[who], cards, label, round_no, where)
                continue
            if label in _PASSED:
                continue
            if who not in seat_of:
                raise _Fail(where, f"unknown player {who!r}")
            seat = seat_of[who]
            move = _MOVES.get(label)
            if move is None:
                if label in ("1", "2"):
                    raise _Fail(where, "a blind in a stud game")
                raise _Fail(where, f"unknown action type {label!r}")
            chips = 0
            if move not in ("fold", "check"):
                try:
                    chips = amount(element.get("sum"), cents)
                except ValueError as error:
                    raise _Fail(where, f"action: {error}") from None
            if move == "ante":
                deal.ante(seat, chips)
            else:
                deal.act(seat, move, chips, round_no, where)
        deal.finish()
        steps, returned, antes, bring_in = deal.steps, deal.returned, deal.antes, deal.bring_in

        collected = []
        for s, p in enumerate(seated):
            got = p[3] - returned[s]
            if got < 0:
                raise _Fail(self.at(p[4]), f"{p[1]} wins {p[3]}, less than the {returned[s]} "
                                           f"of an uncalled bet")
            collected.append(got)
        ante = max(antes, default=0)
        options = options_for(reader.profile, variant)
        try:
            rules = _cached_rules(variant, small, big, ante, bring_in, **options)
        except ValueError as error:
            raise _Fail(self.line, f"the stakes: {error}") from None
        try:
            return HandRecord(
                rules, tuple(stacks), tuple(steps),
                players=tuple(p[1] for p in seated), seats=tuple(p[0] for p in seated),
                hand_id=game.get("gamecode"), table=info.get("tablename"),
                collected=tuple(collected), currency=currency,
                fields=tuple(("_" + k, v) for k, v in info.items() if k != "gametype"),
                source=Source(reader.file, self.line, "ipoker"))
        except (TypeError, ValueError) as error:
            raise _Fail(self.line, str(error)) from None


def _reader(*, file: str | None = None, profile: dict[str, Any] | None = None) -> IPokerReader:
    return IPokerReader(file=file, profile=profile)


FORMAT = SiteFormat("ipoker", "iPoker", detect, _reader, PROFILE)
