"""Hand histories as Parquet tables for analysis: ``export``.

``export(sources, dest)`` reads every hand of the sources, replays it and
writes three tables into the directory ``dest``, which DuckDB, polars or
pandas query as they are (docs/analysis.md has the schema and worked
queries):

* ``hands.parquet``: one row a hand: where it was read, the game and its
  bets, the pot, the rake, and whether it reproduced;
* ``seats.parquet``: one row a seat of each hand: the player, stacks, net
  and all-in adjusted net, and the tracker counts of
  ``stud.histories.stats`` as booleans;
* ``actions.parquet``: one row a betting decision, in order, with its
  street, kind, the round total it made and the chips it added.

The column ``hand`` (0, 1, ... in the order read) joins the three.  A hand
that does not reproduce still has its ``hands`` row (``reproduced`` false,
``mismatch`` saying why) and its ``seats`` rows with what the file says;
its actions are left out, since only a replay tells a call from a check.
Rows go out in groups of ``batch`` hands, so memory stays flat on any
number of hands.  Needs pyarrow (``pip install 'stud[tables]'``).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any, Union

from .._checks import optional_module
from .._record import Record
from ..game import ActionKind, ActionTaken, AntePosted, StreetStarted
from .analysis import _analysis
from .errors import HistoryError
from .io import Source, read
from .record import HandRecord
from .replay import MismatchError
from .stats import SeatCounts, hand_counts

if TYPE_CHECKING:
    from .._core import Hand

__all__ = ["ExportCounts", "export", "SCHEMA"]

#: Each table's columns: (name, Arrow type name, meaning).  docs/analysis.md
#: shows the same list; a test keeps the two equal.
SCHEMA: dict[str, tuple[tuple[str, str, str], ...]] = {
    "hands": (
        ("hand", "int64", "the hand's number in this export, from 0: joins the tables"),
        ("hand_id", "string", "the site's hand number (null: none given)"),
        ("table", "string", "the table's name (null: none given)"),
        ("file", "string", "the file it was read from (null: text)"),
        ("line", "int64", "its first line in that file"),
        ("variant", "string", "the game: a stud.Variant name"),
        ("small_bet", "int64", "S"),
        ("big_bet", "int64", "B"),
        ("ante", "int64", "the ante"),
        ("bring_in", "int64", "BI"),
        ("seats", "int64", "players dealt in"),
        ("currency", "string", "amounts are cents of it (null: chips)"),
        ("pot", "int64", "everything put in, antes included, less uncalled bets"
                         " (null: not reproduced)"),
        ("rake", "int64", "what the house took (docs/rules.md 11.1)"),
        ("showdown", "bool", "two hands or more were left at the end (null: not reproduced)"),
        ("reproduced", "bool", "the engine replays it as recorded, to the chip"),
        ("mismatch", "string", "why it does not reproduce (null: it does)"),
    ),
    "seats": (
        ("hand", "int64", "joins hands.hand"),
        ("seat", "int64", "0 .. seats-1, in the order the players sit"),
        ("site_seat", "int64", "the site's seat number (null: none given)"),
        ("player", "string", "the name (null: none given)"),
        ("starting_stack", "int64", "chips before the ante"),
        ("finishing_stack", "int64", "chips at the end (null: unknown)"),
        ("net", "int64", "finishing less starting stack (null: unknown)"),
        ("adjusted", "double", "the all-in adjusted net (null: not reproduced)"),
        ("collected", "int64", "taken from the pots (null: unknown)"),
        *((name, "int64" if name in ("aggressive", "calls") else "bool",
           "stud.histories.stats: " + name.replace("_", " ") + " (null: not reproduced)")
          for name in SeatCounts._fields),
    ),
    "actions": (
        ("hand", "int64", "joins hands.hand"),
        ("index", "int64", "the decision's place in the hand, from 0"),
        ("street", "int64", "the street's number (3..7; 2..5 in Five Card Stud)"),
        ("seat", "int64", "who acted"),
        ("player", "string", "his name (null: none given)"),
        ("kind", "string", "fold, check, call, bring_in, complete, bet or raise"),
        ("to", "int64", "his bet for the round after it"),
        ("chips", "int64", "the chips it put in"),
        ("all_in", "bool", "it left him no chips"),
    ),
}


class ExportCounts(Record):
    """What ``export`` wrote: ``hands`` rows (``reproduced`` of them replay
    as recorded), and the hands it could not read (``unreadable``) or
    passed over (``skipped``: other games, cancelled hands)."""

    hands: int
    reproduced: int
    unreadable: int
    skipped: int


class _Table:
    """Columns gathered for one Parquet file, written a row group at a time."""

    def __init__(self, pa: Any, pq: Any, path: Path, columns: tuple[tuple[str, str, str], ...]):
        self.pa = pa
        self.names = [name for name, _, _ in columns]
        types = {"int64": pa.int64(), "string": pa.string(), "bool": pa.bool_(),
                 "double": pa.float64()}
        self.schema = pa.schema([(name, types[kind]) for name, kind, _ in columns])
        self.columns: list[list[Any]] = [[] for _ in columns]
        self.writer = pq.ParquetWriter(str(path), self.schema)

    def add(self, *values: Any) -> None:
        for column, value in zip(self.columns, values):
            column.append(value)

    def flush(self) -> None:
        if self.columns[0]:
            self.writer.write_table(self.pa.table(
                dict(zip(self.names, self.columns)), schema=self.schema))
            self.columns = [[] for _ in self.columns]

    def close(self) -> None:
        self.flush()
        self.writer.close()


def export(sources: Union[Source, Iterable[Source]], dest: Union[str, os.PathLike[str]], *,
           format: str | None = None, profile: str | Mapping[str, Any] | None = None,
           on_error: Callable[[HistoryError], None] | None = None, batch: int = 4096,
           progress: Callable[[int], None] | None = None) -> ExportCounts:
    """Writes ``hands.parquet``, ``seats.parquet`` and ``actions.parquet``
    into the directory ``dest`` (made if needed; the three files are
    replaced whole at the end, so a failed export leaves the old ones).

    ``sources``: a path, file or text, or a list of them (each read as
    ``stud.histories.read`` reads it, with ``format``, ``profile`` and
    ``on_error``: a hand that cannot be read is raised unless
    ``on_error`` takes it).  ``progress``: called with each hand's number.

    >>> import tempfile
    >>> from stud import Hand, Rules
    >>> hand = Hand(Rules("razz", 10), [100, 100], deck="As 2d 9h  Kc Kd Qh  3c 4c")
    >>> hand.bring_in(); hand.fold()
    >>> with tempfile.TemporaryDirectory() as out:
    ...     counts = export(hand.to_record(players=("ann", "bob")), out)
    ...     sorted(os.listdir(out))
    ['actions.parquet', 'hands.parquet', 'seats.parquet']
    >>> counts
    ExportCounts(hands=1, reproduced=1, unreadable=0, skipped=0)
    """
    pa = optional_module("pyarrow", "stud.histories.export needs pyarrow "
                                    "(pip install 'stud[tables]')")
    pq = optional_module("pyarrow.parquet", "stud.histories.export needs pyarrow "
                                            "(pip install 'stud[tables]')")
    if not isinstance(batch, int) or batch < 1:
        raise ValueError(f"batch is a number of hands, 1 or more, not {batch!r}")
    folder = Path(dest)
    folder.mkdir(parents=True, exist_ok=True)
    temporary = {name: folder / f".{name}.parquet.part" for name in SCHEMA}
    tables = {name: _Table(pa, pq, temporary[name], SCHEMA[name]) for name in SCHEMA}
    counts = [0, 0, 0, 0]  # hands, reproduced, unreadable, skipped
    try:
        for record in _records(sources, format, profile, on_error, counts):
            _add_hand(tables, counts[0], record, counts)
            counts[0] += 1
            if progress is not None:
                progress(counts[0])
            if counts[0] % batch == 0:
                for table in tables.values():
                    table.flush()
        for table in tables.values():
            table.close()
        for name, path in temporary.items():
            os.replace(path, folder / f"{name}.parquet")
    finally:
        for name, path in temporary.items():
            if path.exists():
                tables[name].writer.close()
                path.unlink()
    return ExportCounts(*counts)


def _records(sources: Union[Source, Iterable[Source]], format: str | None,
             profile: str | Mapping[str, Any] | None,
             on_error: Callable[[HistoryError], None] | None,
             counts: list[int]) -> Iterable[HandRecord]:
    if isinstance(sources, HandRecord):
        yield sources
        return
    if isinstance(sources, (str, os.PathLike)) or hasattr(sources, "read"):
        sources = [sources]  # type: ignore[list-item]

    def unreadable(error: HistoryError) -> None:
        counts[2] += 1
        if on_error is None:
            raise error
        on_error(error)

    for source in sources:
        if isinstance(source, HandRecord):
            yield source
            continue
        reading = read(source, format=format, profile=profile, on_error=unreadable)
        yield from reading
        counts[3] += reading.skipped + reading.cancelled


def _add_hand(tables: dict[str, _Table], number: int, record: HandRecord,
              counts: list[int]) -> None:
    rules = record.rules
    source = record.source
    names = record.players
    reason: str | None = None
    try:
        hand: Hand | None = record.replay()
    except MismatchError as mismatch:
        hand, reason = None, str(mismatch)
    else:
        counts[1] += 1
    n = record.n_seats
    if hand is None:
        finishing = record.finishing_stacks
        tables["hands"].add(
            number, record.hand_id, record.table, source and source.file, source and source.line,
            rules.variant.name, rules.small_bet, rules.big_bet, rules.ante, rules.bring_in, n,
            record.currency, None, record.rake, None, False, reason)
        for seat in range(n):
            tables["seats"].add(
                number, seat, record.seats[seat] if record.seats else None,
                names[seat] if names else None, record.starting_stacks[seat],
                finishing[seat] if finishing else None,
                finishing[seat] - record.starting_stacks[seat] if finishing else None, None,
                record.collected[seat] if record.collected else None,
                *([None] * len(SeatCounts._fields)))
        return
    result = _analysis(record, hand, 20_000, 0, False)
    live = hand.live_seats
    tables["hands"].add(
        number, record.hand_id, record.table, source and source.file, source and source.line,
        rules.variant.name, rules.small_bet, rules.big_bet, rules.ante, rules.bring_in, n,
        record.currency, sum(hand.contributions), hand.rake, len(live) > 1, True, None)
    payouts = hand.payouts or [0] * n
    for seat, seat_counts in enumerate(hand_counts(hand)):
        values = [v if name in ("aggressive", "calls") else bool(v)
                  for name, v in zip(SeatCounts._fields, seat_counts._values())]
        tables["seats"].add(
            number, seat, record.seats[seat] if record.seats else None,
            names[seat] if names else None, hand.starting_stacks[seat], hand.stacks[seat],
            result.net[seat], result.adjusted[seat], payouts[seat], *values)
    _add_actions(tables["actions"], number, hand, names)


_KIND_NAMES = {kind: kind.name.lower() for kind in ActionKind}


def _add_actions(table: _Table, number: int, hand: Any, names: tuple[str, ...] | None) -> None:
    stack = list(hand.starting_stacks)
    round_bet = [0] * hand.n_seats
    street = 0
    index = 0
    for event in hand.history:
        if isinstance(event, AntePosted):
            stack[event.seat] -= event.amount
        elif isinstance(event, StreetStarted):
            street = event.street
            round_bet = [0] * hand.n_seats
        elif isinstance(event, ActionTaken):
            seat, action = event.seat, event.action
            chips = 0
            if action.kind not in (ActionKind.FOLD, ActionKind.CHECK):
                chips = action.amount - round_bet[seat]
                round_bet[seat] = action.amount
                stack[seat] -= chips
            table.add(number, index, street, seat, names[seat] if names else None,
                      _KIND_NAMES[action.kind], action.amount, chips,
                      chips > 0 and stack[seat] == 0)
            index += 1
