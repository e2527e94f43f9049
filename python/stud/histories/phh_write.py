"""PHH written from ``HandRecord`` (the writing half of ``phh``, which
documents the format and the order of the fields)."""

from __future__ import annotations

import datetime
import re
from collections.abc import Callable, Iterable, Iterator
from decimal import Decimal
from typing import Any

from .._core import Card
from ..game import Rules
from .phh import _BARE_KEY, _CODE_OF, _OPTIONS, _READ, _WHOLE_NUMBER, _number_text
from .record import CommunityDealt, Dealt, HandRecord, Move, Mucked, Showed, Step

__all__ = ["write_phh", "write_phhs"]


def write_phh(record: HandRecord) -> str:
    """One hand as a ``.phh`` document (see the module's docstring for the
    order of its fields); ValueError for what PHH cannot hold."""
    if type(record) is not HandRecord:
        raise TypeError(f"write_phh writes a HandRecord, not {type(record).__name__}")
    return "".join(line + "\n" for line in _lines(record))


def write_phhs(records: Iterable[HandRecord]) -> Iterator[str]:
    """A ``.phhs`` collection, one chunk per hand (``[1]``, ``[2]`` ...):
    ``"".join(write_phhs(records))`` or write the chunks as they come."""
    for number, record in enumerate(records, 1):
        yield ("" if number == 1 else "\n") + f"[{number}]\n" + write_phh(record)


def _lines(record: HandRecord) -> Iterator[str]:
    rules, n = record.rules, record.n_seats
    money = record.currency is not None
    names = [name for name, _ in record.fields]
    clash = set(names) & _READ  # the record's own fields, written from the record
    if clash or len(set(names)) != len(names):
        twice = sorted(clash or {name for name in names if names.count(name) > 1})
        raise ValueError(f"fields {twice} would be written twice: a kept field may not repeat "
                         f"another or one the record writes itself")

    def amount(value: int) -> str:
        if not money:
            return str(value)
        units, cents = divmod(value, 100)
        return f"{units}.{cents:02d}" if cents else str(units)

    def amounts(values: Iterable[int]) -> str:
        return "[" + ", ".join(map(amount, values)) + "]"

    trimming = dict(record.fields).get("ante_trimming_status", True)
    yield f"variant = {_toml_value(_CODE_OF[rules.variant])}"
    yield f"ante_trimming_status = {_toml_value(trimming)}"
    # (Rules has filled in the ante, bring-in and big bet: `or 0` is for the type checker)
    yield f"antes = {amounts([rules.ante or 0] * n)}"
    yield f"bring_in = {amount(rules.bring_in or 0)}"
    yield f"small_bet = {amount(rules.small_bet)}"
    yield f"big_bet = {amount(rules.big_bet or 0)}"
    yield f"starting_stacks = {amounts(record.starting_stacks)}"
    yield "actions = ["
    for step in record.steps:
        yield f"  {_toml_value(_action(step, amount))},"
    yield "]"
    for name, value in (("hand", record.hand_id), ("table", record.table)):
        if value is not None:
            yield f"{name} = {value if _WHOLE_NUMBER.fullmatch(value) else _toml_value(value)}"
    if record.seats is not None:
        yield f"seats = {_toml_value(list(record.seats))}"
    if record.players is not None:
        yield f"players = {_toml_value(list(record.players))}"
    if record.finishing_stacks is not None:
        yield f"finishing_stacks = {amounts(record.finishing_stacks)}"
    if record.collected is not None:
        yield f"winnings = {amounts(record.collected)}"
    if record.currency is not None:
        yield f"currency = {_toml_value(record.currency)}"
    if record.rake:
        yield f"_rake = {amount(record.rake)}"
    default = Rules(rules.variant, rules.small_bet)
    changed = {name: getattr(rules, name) for name in _OPTIONS
               if getattr(rules, name) != getattr(default, name)}
    if changed:
        yield "_rules = {" + ", ".join(f"{name} = {_toml_value(value)}"
                                       for name, value in changed.items()) + "}"
    for name, value in record.fields:
        if name != "ante_trimming_status":
            yield f"{_toml_key(name)} = {_toml_value(value, name)}"


def _action(step: Step, amount: Callable[[int], str]) -> str:
    if isinstance(step, Dealt):
        return f"d dh p{step.seat + 1} {_card_text(step.cards)}"
    if isinstance(step, CommunityDealt):
        return f"d db {step.card}"
    if isinstance(step, Mucked):
        return f"p{step.seat + 1} sm"
    if isinstance(step, Showed):
        return f"p{step.seat + 1} sm {_card_text(step.cards) or '-'}"
    if step.move is Move.RAISE:
        if step.to is None:
            raise ValueError(f"{step}: PHH needs the amount of a completion, bet or raise")
        return f"p{step.seat + 1} cbr {amount(step.to)}"
    return f"p{step.seat + 1} {('f', 'cc', 'pb')[step.move]}"


def _card_text(cards: Iterable[Card | None]) -> str:
    return "".join("??" if card is None else str(card) for card in cards)


def _toml_key(name: str) -> str:
    return name if _BARE_KEY.fullmatch(name) else _toml_value(name)


def _toml_value(value: Any, name: str = "") -> str:
    """A TOML value: strings, numbers (Decimal too), booleans, dates and
    times, arrays and inline tables."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return repr(value)  # inf, nan and 1e+100 are TOML floats too
    if isinstance(value, Decimal):
        text = _number_text(value)
        return text if any(c in text for c in ".eEn") else text + ".0"  # (n: inf, nan)
    if isinstance(value, str):
        return '"' + re.sub(r'["\\\x00-\x1f\x7f]', _escape, value) + '"'
    if isinstance(value, (datetime.date, datetime.time)):  # datetime is a date
        if isinstance(value, datetime.time) and value.tzinfo is not None:
            raise ValueError(f"field {name!r}: TOML has no time of day with a time zone")
        return value.isoformat()
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_toml_value(item, name) for item in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{_toml_key(str(key))} = {_toml_value(item, name)}"
                               for key, item in value.items()) + "}"
    raise ValueError(f"field {name!r}: a {type(value).__name__} cannot be written in TOML")


def _escape(match: re.Match[str]) -> str:
    char = match.group()
    return {'"': '\\"', "\\": "\\\\", "\n": "\\n", "\t": "\\t", "\r": "\\r"}.get(
        char, f"\\u{ord(char):04X}")
