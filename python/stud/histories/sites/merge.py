"""The Merge Gaming Network's XML hand histories (Carbon Poker and the
network's other skins).

A file is a run of ``<game id="TABLE-HAND" starttime=... realmoney=...
data=...>`` elements, one a hand, with no element around them.  A hand
holds ``<description type="7-Stud" stakes="Limit ($0.50/$1)"/>`` (the game:
7-Stud, 7-Stud H/L8, Razz, 5-Stud; "... Tournament" in a tournament, whose
stakes read "Limit Level 3 Blinds (100/200)"; a mixed game names the
hand's game by ``multigametype=``), ``<players>`` (``<player seat=
nickname= balance= dealtin=/>``, seats numbered from 0), then ``<round
id=...>`` elements with ``<cards type="HOLE" cards="null,null,Qh"
player=.../>`` (every street's cards so far, "null" for a card not
shown), ``<event sequence=... type=... player=... amount=.../>`` and, in
the last round, ``<cards type="SHOWN"|"MUCKED">`` and ``<winner amount=
uncalled= potnumber= player=/>``.

Quirks: events carry a sequence number across the hand and are sorted by
it.  Amounts: ANTE, BRING_IN, CALL, BET, ALL_IN give the chips added;
COMPLETE the round total; RAISE the round total since September 2010 and
the chips added (a call and a raise) before (the hand's ``starttime``
says which).  A tournament player's ``balance`` is what he holds after his
ante and bring-in (they are added back).  A bet nobody called comes back
as a ``<winner uncalled="true">`` (not counted as collected).  A player
who times out is written ``SIT_OUT``: a fold.  A community card (docs/
rules.md 5.1) is ``<cards type="COMMUNITY">``.  ``GAME_CANCELLED``: the
hand is counted in ``cancelled``.

Read in C (``stud._core._SiteXml``, python/stud/_sitexml.pxi): the lines
batched as ``_xml.xml_items`` batches them, the plain XML they hold
scanned by src/studcore/xml_scan.c, each ``<game>`` read by
src/studcore/site_merge.c (``_Hand.record``, on site_xml_hand.c's
amount, card and ``Deal``) once ``game_of`` has read its
``<description>``.  A hand that reading would fail on, or that is
written in a form it does not read (an amount or a number not written
the plain ASCII way, a bound exceeded), is read by ``_Hand`` from the
element ElementTree makes of its text (``_python_hand``).  Where the
scanner gives up (a comment, CDATA, a processing instruction or DOCTYPE,
text or an element between the hands other than a ``<game>``, XML that
is not well-formed, a truncated hand, a start tag cut by a line break, a
line with a line break inside it, a source that fails), the rest of the
file is read by the Python stream (``_python_read``) from the last batch
of lines the C reading ended cleanly, resumed in the state it would have
had there: the records, errors and counts are always those of the Python
reading.

What the files never say: the rake (the replay derives it from the
winners' amounts), the currency of a cash game (dollars are assumed), the
cards of a hand that was not shown.

Profile: none beyond the rule book's defaults.
"""

from __future__ import annotations

import re
from typing import Any
from xml.etree.ElementTree import Element

from ...enums import Variant
from ..record import HandRecord, Mucked, Showed, Source, _cached_rules, _trusted, options_for
from . import SiteFormat
from ._xml import Deal, XmlHand, XmlReader, amount, card
from ._xml import Fail as _Fail
from ._xml import Skip as _Skip

__all__ = ["FORMAT", "MergeReader"]

PROFILE: dict[str, Any] = {}

_GAMES = {"7-stud": Variant.SEVEN_CARD_STUD, "7-stud h/l8": Variant.SEVEN_CARD_STUD_HILO,
          "razz": Variant.RAZZ, "5-stud": Variant.FIVE_CARD_STUD}
#: the game of a mixed game's hand (``multigametype=``)
_MIXED = {"38": Variant.SEVEN_CARD_STUD, "39": Variant.SEVEN_CARD_STUD,
          "41": Variant.SEVEN_CARD_STUD, "42": Variant.SEVEN_CARD_STUD,
          "43": Variant.SEVEN_CARD_STUD_HILO, "45": Variant.SEVEN_CARD_STUD_HILO,
          "46": Variant.RAZZ, "47": Variant.RAZZ, "49": Variant.RAZZ}
_MIXES = {"horse", "hose", "rash", "har", "shoe", "ha", "ho"}
_STAKES = re.compile(r"\(?\$?(?P<small>[\d.,]+)/\$?(?P<big>[\d.,]+)\)?\s*$")
#: events that are decisions (or antes), as ``Deal`` takes them
_MOVES = {"FOLD": "fold", "SIT_OUT": "fold", "CHECK": "check", "CALL": "call", "BET": "raise",
          "ALL_IN": "all_in", "BRING_IN": "bring_in", "COMPLETE": "raise_to",
          "RAISE": "raise_to", "ANTE": "ante"}
#: RAISE gave the chips added before this (the hand's starttime)
_RAISE_TO_SINCE = "20100908000000"


def detect(head: str) -> bool:
    """A Merge file: ``<game id="N-N" starttime=`` and its description."""
    return ("<game id=" in head and "starttime=" in head and "<session" not in head
            and ("<description" in head or "numholecards=" in head))


class MergeReader(XmlReader):
    """Reads a Merge XML file hand by hand (see the module)."""

    site_profile = PROFILE
    c_format = 10  # STUD_SITE_MERGE
    root = "merge-history"  # (never written: the stream's, around the hands)
    rootless = True
    id_attribute = "id"

    def hand_of(self, element: Element, line: int, text: list[str]) -> XmlHand:
        return _Hand(self, element, line, text)

    @staticmethod
    def game_of(kind: str | None, stakes: str | None,
                multigametype: str | None) -> tuple[Variant, int, int, bool]:
        """The game a hand's ``<description type= stakes=>`` names (and,
        for a mixed game, its ``multigametype=``): its variant, bets and
        whether amounts are cents (a cash game; a tournament's are chips);
        raises _Skip (not a limit stud game) or ValueError (the stakes do
        not read)."""
        kind = (kind or "").strip()
        tournament = kind.lower().endswith(" tournament")
        if tournament:
            kind = kind[:-len(" tournament")].strip()
        stakes = stakes or ""
        if kind.lower() in _MIXES:
            variant = _MIXED.get(multigametype or "")
        else:
            variant = _GAMES.get(kind.lower())
        if variant is None or not stakes.startswith("Limit"):
            raise _Skip()
        cents = not tournament
        found = _STAKES.search(stakes)
        if found is None:
            raise ValueError(f"no stakes in {stakes!r}")
        return variant, amount(found.group("small"), cents), amount(found.group("big"), cents), \
            cents


class _Hand(XmlHand):
    """One ``<game>`` element to a HandRecord (raises _Fail or _Skip)."""

    reader: MergeReader

    def record(self) -> HandRecord:
        game = self.game
        description = game.find("description")
        if description is None:
            raise _Fail(self.line, "no <description>: the game is not known")
        try:
            variant, small, big, cents = self.reader.game_of(
                description.get("type"), description.get("stakes"), game.get("multigametype"))
        except ValueError as error:
            raise _Fail(self.at(description), f"stakes: {error}") from None
        tournament = not cents
        raise_to = (game.get("starttime") or "")[:14] >= _RAISE_TO_SINCE

        listed: list[tuple[int, str, int, Element]] = []
        for player in game.iter("player"):
            if player.get("dealtin", "true") != "true":
                continue
            try:
                listed.append((int(player.get("seat", "")), player.get("nickname") or "",
                               amount(player.get("balance"), cents), player))
            except ValueError as error:
                raise _Fail(self.at(player), f"<player>: {error}") from None
        listed.sort(key=lambda p: p[0])
        if not 2 <= len(listed) <= 8:
            raise _Fail(self.line, f"{len(listed)} players dealt in: stud seats 2 to 8")
        seat_of = {str(p[0]): index for index, p in enumerate(listed)}
        if len(seat_of) != len(listed):
            raise _Fail(self.line, "two players at one seat")

        items: list[tuple[int, int, int, Element]] = []
        round_ids: list[str] = []
        for index, round_ in enumerate(game.iter("round")):
            round_ids.append(round_.get("id") or str(index))
            for child in round_:
                if child.tag == "event":
                    if child.get("type") == "GAME_CANCELLED":
                        raise _Skip(cancelled=True)
                    try:
                        order = int(child.get("sequence", ""))
                    except ValueError:
                        raise _Fail(child, "<event sequence=...> is not a number") from None
                    items.append((index, 1, order, child))
                elif child.tag in ("cards", "winner"):
                    items.append((index, 0 if child.tag == "cards" else 2, len(items), child))
        items.sort(key=lambda item: item[:3])

        stacks = [p[2] for p in listed]
        if tournament:  # the balance is what is left after the ante and the bring-in
            for _index, _kind, _order, element in items:
                if element.tag == "event" and element.get("type") in ("ANTE", "BRING_IN"):
                    seat = seat_of.get(element.get("player") or "")
                    if seat is not None:
                        try:
                            stacks[seat] += amount(element.get("amount"), cents)
                        except ValueError as error:
                            raise _Fail(element, f"{element.get('type')}: {error}") from None
        deal = Deal(variant, stacks)
        collected = [0] * len(listed)
        shows: list[tuple[int, Any]] = []
        for round_no, _kind, _order, element in items:
            where: Any = element  # (its line found only for an error: Fail)
            label = element.get("type") or ""
            who = element.get("player") or ""
            seat = seat_of.get(who)
            if element.tag == "winner":
                if seat is None:
                    raise _Fail(where, f"a winner at seat {who!r}, not dealt in")
                if element.get("uncalled") != "true":
                    try:
                        collected[seat] += amount(element.get("amount"), cents)
                    except ValueError as error:
                        raise _Fail(where, f"winner: {error}") from None
                continue
            if element.tag == "cards":
                try:
                    cards = tuple(card(text) for text in
                                  (element.get("cards") or "").split(",") if text.strip())
                except ValueError as error:
                    raise _Fail(where, str(error)) from None
                if label == "COMMUNITY":
                    if len(cards) != 1 or cards[0] is None:
                        raise _Fail(where, "a community card is one card, face up")
                    deal.community(cards[0], label, round_no)
                elif seat is None:
                    raise _Fail(where, f"cards for seat {who!r}, not dealt in")
                elif label == "SHOWN":
                    shows.append((seat, cards))
                elif label == "MUCKED":
                    shows.append((seat, None))
                elif label == "HOLE":
                    deal.cards(seat, cards, round_ids[round_no], round_no, where,
                               cumulative=True)
                continue
            move = _MOVES.get(label)
            if move is None:
                continue  # joins, leaves, time bank, chat...: no decision
            if seat is None:
                if label in ("SIT_OUT",):
                    continue
                raise _Fail(where, f"{label} by seat {who!r}, not dealt in")
            if move == "fold" and label == "SIT_OUT" and seat in deal.folded:
                continue
            chips = 0
            if move not in ("fold", "check"):
                try:
                    chips = amount(element.get("amount"), cents)
                except ValueError as error:
                    raise _Fail(where, f"{label}: {error}") from None
            if move == "ante":
                deal.ante(seat, chips)
                continue
            if label == "RAISE" and not raise_to:
                move = "raise"
            deal.act(seat, move, chips, round_no, where)
        deal.finish()
        steps = deal.steps
        for seat, shown in shows:
            if seat in deal.folded:
                continue
            steps.append(_trusted(Mucked, seat) if shown is None else
                         _trusted(Showed, seat, shown))
        options = options_for(self.reader.profile, variant)
        try:
            rules = _cached_rules(variant, small, big, max(deal.antes, default=0),
                                  deal.bring_in, **options)
        except ValueError as error:
            raise _Fail(self.line, f"the stakes: {error}") from None
        data = (game.get("data") or "").split("|")
        try:
            return HandRecord(
                rules, tuple(stacks), tuple(steps),
                players=tuple(p[1] for p in listed), seats=tuple(p[0] for p in listed),
                hand_id=game.get("id"), table=data[1] if len(data) > 1 else None,
                collected=tuple(collected), currency=None if tournament else "USD",
                fields=tuple(("_" + k, v) for k, v in game.attrib.items() if k != "id"),
                source=Source(self.reader.file, self.line, "merge"))
        except (TypeError, ValueError) as error:
            raise _Fail(self.line, str(error)) from None


def _reader(*, file: str | None = None, profile: dict[str, Any] | None = None) -> MergeReader:
    return MergeReader(file=file, profile=profile)


FORMAT = SiteFormat("merge", "Merge Gaming Network", detect, _reader, PROFILE)
