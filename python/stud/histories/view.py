"""Looking at one hand: street by street in the terminal (``text``) or in a
notebook (``html``, behind ``HandRecord._repr_html_``).

Each street shows every seat's cards as they stood at its end (down cards
in brackets, ``??`` for cards nobody saw), the decisions in order, and the
pot; then the showdown, the rake, what each seat collected and its net.

>>> from stud import Hand, Rules
>>> hand = Hand(Rules("razz", 10), [100, 100], deck="As 2d 9h  Kc Kd Qh  3c 4c")
>>> hand.bring_in(); hand.fold()
>>> print(text(hand.to_record(players=("ann", "bob"))))
RAZZ 10/20, ante 2, bring-in 5: ann 100, bob 100
3rd street
  ann  [As 9h] Kd
  bob  [2d Kc] Qh
  ann brings in for 5 . bob folds . 5 returned to ann    pot 4
ann collects 4 (+2); bob -2
"""

from __future__ import annotations

import html as _html
from typing import TYPE_CHECKING, Union

from ..game import (
    ActionKind,
    ActionTaken,
    AntePosted,
    CardDealt,
    CommunityCardDealt,
    HandMucked,
    HandShown,
    PotAwarded,
    RakeTaken,
    StreetStarted,
    UncalledBetReturned,
)
from .record import Dealt, HandRecord
from .replay import MismatchError

if TYPE_CHECKING:
    from .._core import Card, Hand

__all__ = ["html", "streets", "text"]

_VERBS = {ActionKind.FOLD: "folds", ActionKind.CHECK: "checks", ActionKind.CALL: "calls",
          ActionKind.BRING_IN: "brings in for", ActionKind.COMPLETE: "completes to",
          ActionKind.BET: "bets", ActionKind.RAISE: "raises to"}


class _Street:
    def __init__(self, number: int) -> None:
        self.number = number
        self.actions: list[str] = []
        self.pot = 0


def streets(source: Union[HandRecord, Hand]) -> dict[str, object]:
    """The view's content as plain data: ``header``, ``names``, per street
    its number, each seat's ``(down, up)`` cards, the decisions and the
    pot, then ``showdown`` lines and ``result`` lines; for a record that
    does not reproduce, the hand as far as it went and ``not_reproduced``:
    where and why."""
    record, hand, mismatch = _both(source)
    n = hand.n_seats
    names = [record.name_of(s) for s in range(n)] if record.players else \
        [f"seat {s}" for s in range(n)]
    hidden = _hidden_cards(record)
    cards: list[list[tuple[Card, bool]]] = [[] for _ in range(n)]
    community: list[Card] = []
    folded: set[int] = set()
    put_in = [0] * n
    out_streets: list[dict[str, object]] = []
    current: _Street | None = None
    round_bet = [0] * n  # this round's bet per seat: actions give round totals
    gone: set[int] = set()
    showdown: list[str] = []
    rake = 0
    awarded = [0] * n

    def close() -> None:
        if current is None:
            return
        current.pot = sum(put_in)
        rows = []
        for s in range(n):
            if s in gone:  # folded on an earlier street
                continue
            down = [("??" if c in hidden else str(c)) for c, up in cards[s] if not up]
            up = [str(c) for c, face_up in cards[s] if face_up]
            rows.append((names[s], down, up, s in folded))
        out_streets.append({"number": current.number, "seats": rows,
                            "community": [str(c) for c in community],
                            "actions": current.actions, "pot": current.pot})

    for event in hand.history:
        if isinstance(event, AntePosted):
            put_in[event.seat] += event.amount
        elif isinstance(event, StreetStarted):
            close()
            current = _Street(event.street)
            round_bet = [0] * n
            gone = set(folded)
        elif isinstance(event, CardDealt):
            cards[event.seat].append((event.card, event.face_up))
        elif isinstance(event, CommunityCardDealt):
            community.append(event.card)
        elif isinstance(event, ActionTaken):
            kind, amount = event.action
            verb = _VERBS[kind]
            words = f"{names[event.seat]} {verb}" + (
                "" if kind in (ActionKind.FOLD, ActionKind.CHECK) else f" {amount}")
            if current is not None:
                current.actions.append(words)
            if kind is ActionKind.FOLD:
                folded.add(event.seat)
            elif kind is not ActionKind.CHECK:
                put_in[event.seat] += amount - round_bet[event.seat]
                round_bet[event.seat] = amount
        elif isinstance(event, UncalledBetReturned):
            put_in[event.seat] -= event.amount
            if current is not None:
                current.actions.append(f"{event.amount} returned to {names[event.seat]}")
        elif isinstance(event, HandShown):
            showdown.append(f"{names[event.seat]} shows {_ordered(cards[event.seat])}")
        elif isinstance(event, HandMucked):
            showdown.append(f"{names[event.seat]} mucks")
        elif isinstance(event, RakeTaken):
            rake += event.amount
        elif isinstance(event, PotAwarded):
            awarded[event.seat] += event.amount
    close()
    result: list[str] = []
    if hand.is_over:
        net = [stack - start for stack, start in zip(hand.stacks, hand.starting_stacks)]
        winners = [s for s in range(n) if awarded[s]]
        others = [s for s in range(n) if not awarded[s]]
        parts = [f"{names[s]} collects {awarded[s]} ({net[s]:+d})" for s in winners]
        parts += [f"{names[s]} {net[s]:+d}" for s in others if net[s]]
        if rake:
            parts.append(f"rake {rake}")
        result.append("; ".join(parts))
    rules = hand.rules
    header = (f"{rules.variant.name} {rules.small_bet}/{rules.big_bet}, ante {rules.ante}, "
              f"bring-in {rules.bring_in}: " + ", ".join(
                  f"{names[s]} {hand.starting_stacks[s]}" for s in range(n)))
    if record.hand_id or record.table:
        header = " ".join(x for x in (f"Hand {record.hand_id}" if record.hand_id else "",
                                      f"table {record.table}" if record.table else "") if x) + \
            "\n" + header
    view: dict[str, object] = {"header": header, "names": names, "streets": out_streets,
                               "showdown": showdown, "result": result}
    if mismatch is not None:
        view["not_reproduced"] = mismatch
    return view


def _both(source: Union[HandRecord, Hand]) -> tuple[HandRecord, Hand, str | None]:
    """The record, the engine's hand, and why the record does not reproduce
    (None: it does): a hand that does not is shown as far as it goes."""
    if not isinstance(source, HandRecord):
        return source.to_record(), source, None
    try:
        return source, source.replay(), None
    except MismatchError as error:
        hand = error.hand
        if hand is None:  # its cards could not be dealt: the antes alone
            from .._core import Hand

            hand = Hand(source.rules, list(source.starting_stacks), manual=True,
                        showdown="manual", rake=source.rake)
        where = "the settlement" if error.step is None else \
            f"step {error.step} ({source.steps[error.step]})"
        return source, hand, f"{where}: {error.reason}"


def _hidden_cards(record: HandRecord) -> set[Card]:
    """Cards the record does not name (filled in by the replay): shown as ??."""
    from .._core import CardSet

    named = record.named_cards()
    unknown = any(isinstance(s, Dealt) and None in s.cards for s in record.steps)
    return {c for c in CardSet.deck() if c not in named} if unknown else set()


def _ordered(cards: list[tuple[Card, bool]]) -> str:
    return " ".join(str(c) for c, _ in cards)


def text(source: Union[HandRecord, Hand], *, width: int = 60) -> str:
    """The hand street by street, as lines of text (see the module)."""
    view = streets(source)
    lines = [str(view["header"])]
    names = view["names"]
    assert isinstance(names, list)
    pad = max(len(name) for name in names)
    for street in view["streets"]:  # type: ignore[attr-defined]
        lines.append(f"{_ordinal(street['number'])} street")
        for name, down, up, _ in street["seats"]:
            shown = (f"[{' '.join(down)}] " if down else "") + " ".join(up)
            lines.append(f"  {name:<{pad}}  {shown}".rstrip())
        if street["community"]:
            lines.append(f"  community  {' '.join(street['community'])}")
        acts = " . ".join(street["actions"])
        pot = f"pot {street['pot']}"
        lines.append(f"  {acts:<{width - len(pot) - 1}} {pot}" if acts else f"  {pot}")
    lines += [f"showdown: {line}" for line in view["showdown"]]  # type: ignore[attr-defined]
    lines += list(view["result"])  # type: ignore[call-overload]
    if "not_reproduced" in view:
        lines.append(f"not reproduced: {view['not_reproduced']}")
    return "\n".join(lines)


def _ordinal(number: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(number, f"{number}th")


def html(source: Union[HandRecord, Hand]) -> str:
    """The same view as an HTML table (for notebooks)."""
    view = streets(source)
    e = _html.escape
    rows = [f"<caption>{e(str(view['header']))}</caption>"]
    for street in view["streets"]:  # type: ignore[attr-defined]
        cells = []
        for name, down, up, folded in street["seats"]:
            style = ' style="opacity:0.5"' if folded else ""
            cards = "".join(f'<span class="stud-down">{_card_html(c)}</span> ' for c in down) + \
                "".join(f"<b>{_card_html(c)}</b> " for c in up)
            cells.append(f"<div{style}>{e(name)}: {cards.strip()}</div>")
        if street["community"]:
            cells.append(f"<div>community: <b>{e(' '.join(street['community']))}</b></div>")
        rows.append(f"<tr><th>{_ordinal(street['number'])}</th><td>{''.join(cells)}</td>"
                    f"<td>{e(' · '.join(street['actions']))}</td>"
                    f"<td>pot {street['pot']}</td></tr>")
    tail = list(view["showdown"]) + list(view["result"])  # type: ignore[call-overload]
    if "not_reproduced" in view:
        tail.append(f"not reproduced: {view['not_reproduced']}")
    if tail:
        rows.append(f"<tr><td colspan=4>{'<br>'.join(e(x) for x in tail)}</td></tr>")
    style = ("<style>.stud-hand td,.stud-hand th{border-top:1px solid #ddd;padding:2px 8px;"
             "vertical-align:top;text-align:left}.stud-down{opacity:0.6}"
             ".stud-red{color:#c0392b}</style>")
    return '<table class="stud-hand">' + style + "".join(rows) + "</table>"


_SUITS = {"c": "\u2663", "d": "\u2666", "h": "\u2665", "s": "\u2660"}


def _card_html(card: str) -> str:
    """A card as rank and suit symbol, hearts and diamonds in red."""
    if card == "??":
        return "??"
    red = ' class="stud-red"' if card[1] in "dh" else ""
    return f"<span{red}>{card[0]}{_SUITS[card[1]]}</span>"
