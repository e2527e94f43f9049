"""Equity tables: the equities of many matchups in one job, written to a
file as they finish, resumable, on local processes or a Ray cluster.

The module behind ``stud.equity_table`` (the function), with its starting
hand classes and its result class.

A *starting-hand class* is a hand's first cards (three in the seven-card
games, two in Five Card Stud) up to a relabelling of the suits: ``As Ks Qh``
and ``Ad Kd Qc`` are one class, ``As Kh Qd`` another.  Which of the cards is
up does not change a showdown equity (every card plays), so it does not
split classes.  In Razz suits never count (no flushes): a class is its
three ranks, ``"A23"``, and 455 classes cover every hand.  Elsewhere a
class is written as its first member with suits renamed in order, spades
first: ``"As Ks Qh"`` (1,755 classes of three cards, 169 of two).

A class against a class is the average over every pair of hands, one of
each, that share no card: each arrangement of suits is computed once with
its weight (in Razz there is only one).  Each row's seed is fixed by the
job's seed and the row's number, so a table is the same whatever the
chunking, the backend or the number of workers, and a resumed job equals
an undisturbed one.
"""

from __future__ import annotations

import csv
import io
import json
import math
import os
from collections.abc import Callable, Iterable, Iterator, Sequence
from functools import lru_cache
from itertools import combinations, permutations
from typing import Any

from ._checks import short_repr, true_or_false, whole_number
from ._core import Card, CardSet, _equity_job
from ._parallel import chunk_seed, worker_count
from ._ray import check_backend
from .enums import Variant
from .errors import CardError
from .game import SEVEN_CARD_VARIANTS, VARIANT_NAMES, max_players, variant_of
from .odds import _SCORING, EXACT_LIMIT, MAX_TRIALS, equity

__all__ = ["EquityTable", "TableMismatchError", "equity_table", "starting_classes", "class_of",
           "MATCHUP_SETS", "FORMAT_VERSION", "CHUNK_ROWS", "DEFAULT_TRIALS"]

#: the built-in matchup sets: every pair of classes, every class against a random hand
MATCHUP_SETS = ("heads_up", "vs_random")
#: the version of the results file's layout (a file of another layout is refused)
FORMAT_VERSION = 1
#: rows per chunk, the unit of scheduling and of writing
CHUNK_ROWS = 64
#: Monte Carlo trials per matchup when none are asked for
DEFAULT_TRIALS = 100_000
_HILO = (Variant.SEVEN_CARD_STUD_HILO, Variant.FIVE_CARD_STUD_HILO)
_SUITS = "cdhs"
_RAZZ_RANKS = "A23456789TJQK"  # ace low


class TableMismatchError(ValueError):
    """A results file was made by another job (other parameters or stud
    version): resuming would mix the results of two jobs, so it is refused.
    ``differences`` maps each differing parameter to (this job's, the file's).
    """

    def __init__(self, path: str, differences: dict[str, tuple[Any, Any]]) -> None:
        self.path = path
        self.differences = differences
        listed = "; ".join(f"{key}: {short_repr(mine)} here, {short_repr(theirs)} in the file"
                           for key, (mine, theirs) in differences.items())
        super().__init__(f"{path} holds the results of another job ({listed}): resume it "
                         f"with the same parameters, or write to another file")


# ---- starting-hand classes ---------------------------------------------------------

def _start_size(variant: Variant) -> int:
    return 3 if variant in SEVEN_CARD_VARIANTS else 2


def _razz_label(cards: Sequence[int]) -> str:
    ranks = sorted(c // 4 + 1 if c < 48 else 0 for c in cards)  # ace low: 0, deuce 1, ...
    return "".join(_RAZZ_RANKS[r] for r in ranks)


def _canonical(cards: Sequence[int]) -> tuple[int, ...]:
    """The class's first member: the suits renamed so that the cards, highest
    first, read as late in the suit order (spades first) as they can."""
    best: tuple[int, ...] | None = None
    for perm in permutations(range(4)):
        key = tuple(sorted((c - c % 4 + perm[c % 4] for c in cards), reverse=True))
        if best is None or key > best:
            best = key
    assert best is not None
    return best


def _text(cards: Iterable[int]) -> str:
    return " ".join(str(Card.from_index(c)) for c in cards)


@lru_cache(maxsize=8)
def _classes(variant: Variant) -> tuple[tuple[str, tuple[int, ...], int], ...]:
    """(label, cards of one member, number of members) of every class, in a
    fixed order: by the label's ranks, then suits."""
    size = _start_size(variant)
    found: dict[str, list[Any]] = {}
    seen: dict[tuple[int, ...], str] = {}
    for cards in combinations(range(52), size):
        if variant is Variant.RAZZ:
            label = _razz_label(cards)
            if label not in found:  # one member: each rank's suits from spades down
                used: dict[int, int] = {}
                member = []
                for c in sorted(cards, key=lambda c: c // 4, reverse=True):
                    k = used.get(c // 4, 0)
                    used[c // 4] = k + 1
                    member.append(c - c % 4 + 3 - k)
                found[label] = [label, tuple(member), 0]
        else:
            label = seen.get(cards, "")
            if not label:  # a new class: name every member of it at once
                rep = _canonical(cards)
                label = _text(rep)
                found[label] = [label, rep, 0]
                for hand in _members(variant, rep):
                    seen[hand] = label
        found[label][2] += 1
    if variant is Variant.RAZZ:
        order = sorted(found.values(), key=lambda e: [_RAZZ_RANKS.index(ch) for ch in e[0]])
    else:
        order = sorted(found.values(), key=lambda e: e[1], reverse=True)
    return tuple((str(e[0]), tuple(e[1]), int(e[2])) for e in order)


@lru_cache(maxsize=8)
def _class_cards(variant: Variant) -> dict[str, tuple[int, ...]]:
    return {label: cards for label, cards, _ in _classes(variant)}


def starting_classes(variant: Variant | int | str) -> list[tuple[str, str, int]]:
    """Every starting-hand class of ``variant``: ``(label, one member's cards,
    number of members)``, in the order of equity tables.

    >>> classes = starting_classes("razz")
    >>> len(classes), classes[0], sum(n for _, _, n in classes)
    (455, ('AAA', 'As Ah Ad', 4), 22100)
    >>> len(starting_classes("stud")), starting_classes("five")[0]
    (1755, ('As Ah', 'As Ah', 6))
    """
    return [(label, _text(cards), n) for label, cards, n in _classes(variant_of(variant))]


def class_of(variant: Variant | int | str, cards: str | CardSet | Iterable[Card | str]) -> str:
    """The label of the class ``cards`` belong to (a label is taken too).

    >>> class_of("razz", "Kd 2c Ah"), class_of("razz", "2ak"), class_of("stud", "Qd Kh Ah")
    ('A2K', 'A2K', 'As Ks Qh')
    """
    variant = variant_of(variant)
    size = _start_size(variant)
    if variant is Variant.RAZZ and isinstance(cards, str) and len(cards.strip()) == size \
            and all(ch in _RAZZ_RANKS for ch in cards.strip().upper()):
        ranks = sorted(_RAZZ_RANKS.index(ch) for ch in cards.strip().upper())
        label = "".join(_RAZZ_RANKS[r] for r in ranks)
        if any(label.count(ch) > 4 for ch in label):
            raise ValueError(f"no class {cards!r}")
        return label
    try:
        indices = [c.index for c in CardSet(cards)]
    except CardError:
        raise CardError(f"{short_repr(cards)} is not a {variant.name} starting-hand class: "
                        f"a class is {_class_form(variant, size)}") from None
    if len(indices) != size:
        raise ValueError(f"a starting hand of {variant.name} has {size} cards, "
                         f"not {len(indices)}: {short_repr(cards)}; a class is "
                         f"{_class_form(variant, size)}")
    if variant is Variant.RAZZ:
        return _razz_label(indices)
    return _text(_canonical(indices))


def _class_form(variant: Variant, size: int) -> str:
    """What a class label looks like, for error messages."""
    if variant is Variant.RAZZ:
        return (f'{size} ranks without suits (A, 2-9, T, J, Q, K) such as "A23" or "KKQ", '
                f'or {size} cards such as "As 2d 3c"')
    return f'{size} cards such as "{"As Ks Qh" if size == 3 else "As Kh"}"'


# ---- the matchups of a job -----------------------------------------------------------

def _members(variant: Variant, cards: tuple[int, ...]) -> set[tuple[int, ...]]:
    """Every hand of the class of ``cards``."""
    if variant is Variant.RAZZ:  # every hand of these ranks, whatever its suits
        ranks = sorted(c // 4 for c in cards)
        return {hand for hand in combinations(sorted({r * 4 + s for r in ranks for s in range(4)}),
                                              len(cards))
                if sorted(c // 4 for c in hand) == ranks}
    out = set()
    for perm in permutations(range(4)):
        out.add(tuple(sorted(c - c % 4 + perm[c % 4] for c in cards)))
    return out


def _arrangements(variant: Variant, a: tuple[int, ...], b: tuple[int, ...]
                  ) -> list[tuple[tuple[int, ...], int]]:
    """The hands of class ``b`` that can face ``a`` (no shared card), one per
    arrangement of suits that can change the equity, with how many hands
    each stands for."""
    a_set = set(a)
    facing = [m for m in sorted(_members(variant, b)) if not a_set & set(m)]
    if variant is Variant.RAZZ:  # suits never count: every hand is the same matchup
        return [(facing[0], len(facing))] if facing else []
    # suit renamings that keep a: they turn one arrangement into an equal one
    keep = [perm for perm in permutations(range(4))
            if {c - c % 4 + perm[c % 4] for c in a} == a_set]
    groups: dict[tuple[int, ...], list[Any]] = {}
    for m in facing:
        key = min(tuple(sorted(c - c % 4 + perm[c % 4] for c in m)) for perm in keep)
        entry = groups.setdefault(key, [key, 0])
        entry[1] += 1
    return [(tuple(e[0]), int(e[1])) for _, e in sorted(groups.items())]


def _rows(variant: Variant, matchups: str, labels: Sequence[str]) -> list[tuple[int, int]]:
    """The class indices of each row: pairs i <= j whose ranks fit in one deck
    (heads_up), or (i, -1) for a class against a random hand."""
    if matchups == "vs_random":
        return [(i, -1) for i in range(len(labels))]
    table = _class_cards(variant)
    ranks = [[c // 4 for c in table[label]] for label in labels]
    out = []
    for i in range(len(labels)):
        for j in range(i, len(labels)):
            both = ranks[i] + ranks[j]
            if all(both.count(r) <= 4 for r in set(both)):
                out.append((i, j))
    return out


class _Job:
    """What a chunk needs to compute its rows (sent to each worker)."""

    def __init__(self, variant: Variant, matchups: str, labels: list[str],
                 custom: list[list[str]] | None, trials: int, seed: int,
                 exact_limit: int) -> None:
        self.variant = variant
        self.matchups = matchups
        self.labels = labels
        self.custom = custom
        self.trials = trials
        self.seed = seed
        self.exact_limit = exact_limit
        self.players = len(custom[0]) if custom else 2

    def groups(self, pair: tuple[int, int]) -> tuple[list[str], list[tuple[list[str], int]]]:
        """The row's hand labels, and its (hands, weight) arrangements."""
        if self.custom is not None:
            hands = self.custom[pair[0]]
            return hands, [(hands, 1)]
        table = _class_cards(self.variant)
        i, j = pair
        a = table[self.labels[i]]
        if j < 0:
            return [self.labels[i], "random"], [([_text(a), ""], 1)]
        b = table[self.labels[j]]
        return ([self.labels[i], self.labels[j]],
                [([_text(a), _text(m)], w) for m, w in _arrangements(self.variant, a, b)])


def _columns(players: int, hilo: bool) -> list[str]:
    stats = ["equity", "stderr", "win", "tie"] + (["low_win", "low_tie", "scoop"] if hilo else [])
    return (["row"] + [f"hand_{p}" for p in range(players)]
            + [f"{s}_{p}" for s in stats for p in range(players)]
            + ["exact", "outcomes", "combos"])


def _compute_row(job: _Job, row: int, pair: tuple[int, int]) -> dict[str, Any]:
    labels, groups = job.groups(pair)
    n = job.players
    hilo = job.variant in _HILO
    size = 7 if job.variant in SEVEN_CARD_VARIANTS else 5
    stats = ["equity", "win", "tie"] + (["low_win", "low_tie", "scoop"] if hilo else [])
    sums = {s: [0.0] * n for s in stats}
    var = [0.0] * n
    total = sum(w for _, w in groups)
    exact_all, outcomes = True, 0
    row_seed = chunk_seed(job.seed, row)
    if not groups:
        raise ValueError(f"row {row}: {' vs '.join(labels)} cannot be dealt from one deck")
    for k, (hands, weight) in enumerate(groups):
        masks = [int(CardSet(h)) for h in hands]
        probe, error = _equity_job(_SCORING[job.variant], size, masks, 0)
        exact = not error and probe.outcomes() <= job.exact_limit
        share = weight / total
        trials = max(1, round(job.trials * share))
        result = equity(job.variant, hands, exact=exact, trials=None if exact else trials,
                        seed=chunk_seed(row_seed, k))
        for s in stats:
            values = getattr(result, s)
            for p in range(n):
                sums[s][p] += share * values[p]
        if result.stderr is not None:
            for p in range(n):
                var[p] += (share * result.stderr[p]) ** 2
        exact_all = exact_all and result.exact
        outcomes += result.outcomes
    out: dict[str, Any] = {"row": row}
    for p in range(n):
        out[f"hand_{p}"] = labels[p]
    for s in ["equity", "stderr", "win", "tie"] + stats[3:]:
        for p in range(n):
            out[f"{s}_{p}"] = math.sqrt(var[p]) if s == "stderr" else sums[s][p]
    out.update(exact=exact_all, outcomes=outcomes, combos=total)
    return out


def _compute_chunk(job: _Job, rows: list[tuple[int, tuple[int, int]]]) -> list[dict[str, Any]]:
    return [_compute_row(job, row, pair) for row, pair in rows]


# ---- the results file ----------------------------------------------------------------

class _Sink:
    """Where finished rows go: memory only, a CSV file or a Parquet dataset
    (a directory of one file per chunk and ``_job.json``)."""

    def __init__(self, path: str | None, fmt: str, params: dict[str, Any],
                 columns: list[str]) -> None:
        self.path, self.format, self.params, self.columns = path, fmt, params, columns
        self.rows: dict[int, dict[str, Any]] = {}
        self._file: Any = None

    # -- reading what a file holds
    @staticmethod
    def read(path: str) -> tuple[dict[str, Any], list[dict[str, Any]]]:
        if os.path.isdir(path):
            return _read_parquet(path)
        return _read_csv(path)

    def open(self, resume: bool) -> None:
        if self.path is None:
            return
        exists = os.path.exists(self.path)
        if exists and os.path.isdir(self.path) and not os.listdir(self.path):
            os.rmdir(self.path)  # a job killed before it wrote anything: start afresh
            exists = False
        if exists and os.path.isdir(self.path) != (self.format == "parquet"):
            found = "directory" if os.path.isdir(self.path) else "file"
            wanted = "a directory" if self.format == "parquet" else "one file"
            raise ValueError(f"{self.path} is a {found}: a {self.format} table is {wanted}")
        if exists and not resume:
            raise FileExistsError(f"{self.path} already exists: resume=True (--resume) "
                                  f"continues the job it holds, or write to another file")
        if exists:
            params, rows = self.read(self.path)
            differences = {key: (self.params.get(key), params.get(key))
                           for key in sorted(set(self.params) | set(params))
                           if self.params.get(key) != params.get(key)}
            if differences:
                raise TableMismatchError(self.path, differences)
            self.rows = {r["row"]: r for r in rows}
        if self.format == "csv":
            if not exists:
                with open(self.path, "w", encoding="utf-8", newline="") as f:
                    f.write(f"# stud equity table {json.dumps(self.params, sort_keys=True)}\n")
                    f.write(",".join(self.columns) + "\n")
            else:
                _cut_partial_line(self.path)
                with open(self.path, encoding="utf-8") as f:
                    complete = sum(1 for _ in zip(range(2), f)) == 2
                if not complete:  # killed before the header was whole: write it again
                    with open(self.path, "w", encoding="utf-8", newline="") as f:
                        f.write(f"# stud equity table "
                                f"{json.dumps(self.params, sort_keys=True)}\n")
                        f.write(",".join(self.columns) + "\n")
            self._file = open(self.path, "a", encoding="utf-8", newline="")
        elif not exists:
            os.makedirs(self.path)
            _write_atomic(os.path.join(self.path, "_job.json"),
                          json.dumps(self.params, sort_keys=True, indent=1).encode())

    def write(self, rows: list[dict[str, Any]]) -> None:
        for r in rows:
            self.rows[r["row"]] = r
        if self.path is None or not rows:
            return
        if self.format == "csv":
            text = io.StringIO()
            writer = csv.writer(text, lineterminator="\n")
            for r in rows:
                writer.writerow([_csv_value(r[c]) for c in self.columns])
            self._file.write(text.getvalue())  # one write per chunk, then to the disk
            self._file.flush()
            os.fsync(self._file.fileno())
        else:
            import pyarrow as pa  # type: ignore[import-untyped,import-not-found,unused-ignore]
            import pyarrow.parquet as pq  # type: ignore[import-untyped,import-not-found,unused-ignore]

            table = pa.Table.from_pylist(rows, schema=_schema(self.columns))
            table = table.replace_schema_metadata(
                {"stud.job": json.dumps(self.params, sort_keys=True)})
            first, last = rows[0]["row"], rows[-1]["row"]
            name = os.path.join(self.path, f"rows-{first:09d}-{last:09d}.parquet")
            buffer = pa.BufferOutputStream()
            pq.write_table(table, buffer)
            _write_atomic(name, buffer.getvalue().to_pybytes())

    def close(self) -> None:
        if self._file is not None:
            self._file.close()
            self._file = None


def _write_atomic(path: str, data: bytes) -> None:
    """A file that is there whole or not at all (a killed job leaves no half file)."""
    temp = f"{path}.{os.getpid()}.tmp"
    with open(temp, "wb") as f:
        f.write(data)
        f.flush()
        os.fsync(f.fileno())
    os.replace(temp, path)


def _cut_partial_line(path: str) -> None:
    """Drop a last line cut short by a killed job (the rows before it are whole)."""
    with open(path, "rb+") as f:
        data = f.read()
        if data and not data.endswith(b"\n"):
            f.truncate(data.rfind(b"\n") + 1)


def _csv_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        return repr(value)  # round-trips exactly: a resumed table equals a fresh one
    return str(value)


def _schema(columns: list[str]) -> Any:
    import pyarrow as pa  # type: ignore[import-untyped,import-not-found,unused-ignore]

    def kind(c: str) -> Any:
        if c in ("row", "outcomes", "combos"):
            return pa.int64()
        if c == "exact":
            return pa.bool_()
        if c.startswith("hand_"):
            return pa.string()
        return pa.float64()

    return pa.schema([(c, kind(c)) for c in columns])


def _typed(column: str, text: str) -> Any:
    if column in ("row", "outcomes", "combos"):
        return int(text)
    if column == "exact":
        return text == "true"
    if column.startswith("hand_"):
        return text
    return float(text)


def _read_csv(path: str) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    with open(path, encoding="utf-8", newline="") as f:
        first = f.readline()
        prefix = "# stud equity table "
        if not first.startswith(prefix):
            raise ValueError(f"{path} is not a stud equity table (its first line does not "
                             f"begin with {prefix.strip()!r})")
        params = json.loads(first[len(prefix):])
        text = f.read()
    if not text.endswith("\n"):  # a last line cut short by a killed job
        text = text[:text.rfind("\n") + 1]
    reader = csv.reader(io.StringIO(text))
    columns = next(reader, None)
    rows = []
    if columns:
        for values in reader:
            if len(values) == len(columns):
                rows.append({c: _typed(c, v) for c, v in zip(columns, values)})
    return params, rows


def _read_parquet(path: str) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    job = os.path.join(path, "_job.json")
    if not os.path.exists(job):
        raise ValueError(f"{path} is not a stud equity table (it has no _job.json)")
    with open(job, encoding="utf-8") as f:
        params = json.load(f)
    import pyarrow.parquet as pq  # type: ignore[import-untyped,import-not-found,unused-ignore]

    rows: list[dict[str, Any]] = []
    for name in sorted(os.listdir(path)):
        if name.startswith("rows-") and name.endswith(".parquet"):
            part = pq.read_table(os.path.join(path, name))
            meta = (part.schema.metadata or {}).get(b"stud.job")
            if meta is None or json.loads(meta) != params:
                raise ValueError(f"{path}/{name} belongs to another job than {path}/_job.json")
            rows.extend(part.to_pylist())
    return params, rows


# ---- the result ----------------------------------------------------------------------

class EquityTable:
    """The rows of an equity table, ordered by row number, with the job's
    parameters (``params``) and the file they were written to (``path``).

    Each row is a dict: ``row``, ``hand_0``, ``hand_1``, … (class labels,
    "random", or cards), then per player ``equity_p``, ``stderr_p`` (0 when
    exact), ``win_p``, ``tie_p`` (and ``low_win_p``, ``low_tie_p``,
    ``scoop_p`` in hi-lo games; see ``stud.EquityResult``), ``exact``,
    ``outcomes`` (outcomes evaluated) and ``combos`` (the pairs of hands the
    row stands for: with ``heads_up``, the hands of class 1 that can face
    one hand of class 0).
    """

    def __init__(self, params: dict[str, Any], columns: list[str],
                 rows: list[dict[str, Any]], path: str | None = None) -> None:
        self.params = params
        self.columns = columns
        self.rows = rows
        self.path = path
        self._index: dict[tuple[str, ...], dict[str, Any]] | None = None

    def __len__(self) -> int:
        return len(self.rows)

    def __iter__(self) -> Iterator[dict[str, Any]]:
        return iter(self.rows)

    def __repr__(self) -> str:
        return (f"EquityTable({self.params.get('variant')}, {self.params.get('matchups')}, "
                f"{len(self.rows)} rows)")

    @property
    def max_stderr(self) -> float:
        """The largest standard error of any equity in the table (0 when all are exact)."""
        return max((r["stderr_0"] for r in self.rows), default=0.0)

    def equity(self, *hands: str) -> float:
        """The equity of the first hand against the others (labels or cards of
        one class each; "random" for a random hand), either order.

        >>> t = equity_table("razz", "heads_up", classes=["A23", "KQJ"], trials=2000)
        >>> round(t.equity("A23", "KQJ") + t.equity("KQJ", "A23"), 12)
        1.0
        """
        if self._index is None:
            players = sum(1 for c in self.columns if c.startswith("hand_"))
            self._index = {tuple(r[f"hand_{p}"] for p in range(players)): r for r in self.rows}
        variant = variant_of(self.params["variant"])
        # (custom matchups are stored as CardSet text: the same cards in any order)
        key = tuple(h if h == "random" else str(CardSet(h))
                    if self.params.get("matchups") == "custom" else class_of(variant, h)
                    for h in hands)
        if key in self._index:
            return float(self._index[key]["equity_0"])
        if len(key) == 2 and key[::-1] in self._index:
            return float(self._index[key[::-1]]["equity_1"])
        raise KeyError(f"no row for {' vs '.join(hands)} in this table")

    @classmethod
    def read(cls, path: str | os.PathLike[str]) -> EquityTable:
        """The table in a results file (CSV or Parquet directory), finished or not."""
        path = os.fspath(path)
        params, rows = _Sink.read(path)
        rows = sorted({r["row"]: r for r in rows}.values(), key=lambda r: r["row"])
        players = len(params["custom"][0]) if params.get("custom") else 2
        hilo = variant_of(params["variant"]) in _HILO
        return cls(params, _columns(players, hilo), rows, path)


# ---- the job -------------------------------------------------------------------------

def equity_table(variant: Variant | int | str, matchups: str | Sequence[Sequence[str]] = "heads_up",
                 *, classes: Sequence[str] | None = None, trials: int = DEFAULT_TRIALS,
                 seed: int = 1, exact_limit: int = EXACT_LIMIT,
                 out: str | os.PathLike[str] | None = None, resume: bool = False,
                 format: str | None = None, backend: str = "local", workers: int = 1,
                 address: str | None = None, progress: bool = False,
                 chunk_rows: int = CHUNK_ROWS) -> EquityTable:
    """The equities of many matchups, computed chunk by chunk.

    ``matchups``: ``"heads_up"`` (every pair of starting-hand classes, each
    pair once, a class against itself included; pairs that need five cards
    of a rank are left out), ``"vs_random"`` (each class against one
    random hand), or a list of matchups, each a list of the cards known for
    each player (all with the same number of players).  ``classes``: only
    these classes (labels or cards, see ``class_of``); default all of
    ``starting_classes(variant)``.

    Each arrangement is exact when it has at most ``exact_limit`` outcomes
    (``stud.equity``'s limit by default; 0 for Monte Carlo always), else
    Monte Carlo with ``trials`` trials per row (split over a row's suit
    arrangements by weight) and a standard error per equity.  ``seed``
    fixes every row's seed: the table does not depend on ``backend``,
    ``workers`` or ``chunk_rows``.

    ``out``: a results file written as each chunk of ``chunk_rows`` rows
    finishes: a Parquet dataset (a directory; ``format="parquet"``, the
    default when pyarrow is installed or the name ends in .parquet) or CSV
    (``format="csv"``, or a name ending in .csv).  It holds the job's
    parameters; an existing file is refused unless ``resume=True``, which
    skips the rows it holds and refuses (``TableMismatchError``) a file
    made with other parameters or another stud version.  ``backend``:
    ``"local"`` (``workers`` processes, 0 = all cores) or ``"ray"`` (Ray
    tasks on the cluster at ``address``, else ``RAY_ADDRESS``, else a local
    Ray; ``workers`` chunks at once, 0 = the whole cluster; a chunk whose
    worker dies runs again).  ``progress``: a progress bar (tqdm).

    >>> t = equity_table("razz", "vs_random", classes=["A23", "KKK"], trials=20_000, seed=3)
    >>> [(r["hand_0"], r["hand_1"], round(r["equity_0"], 2)) for r in t.rows]
    [('A23', 'random', 0.74), ('KKK', 'random', 0.04)]
    """
    variant = variant_of(variant)
    custom: list[list[str]] | None = None
    if isinstance(matchups, str):
        if matchups not in MATCHUP_SETS:
            raise ValueError(f"matchups must be one of {', '.join(MATCHUP_SETS)} or a list of "
                             f"matchups, not {matchups!r}")
        kind = matchups
    else:
        kind = "custom"
        custom = _checked_custom(variant, matchups)
        if classes is not None:
            raise ValueError("classes is for the built-in matchup sets, not a list of matchups")
    all_labels = [label for label, _, _ in _classes(variant)]
    if classes is None:
        labels = all_labels if custom is None else []
    else:
        if isinstance(classes, str):
            raise TypeError("classes is a list of class labels or cards, not one string")
        labels = []
        for c in classes:
            label = class_of(variant, c)
            if label not in labels:
                labels.append(label)
        if not labels:
            raise ValueError("classes is empty")
        order = {label: k for k, label in enumerate(all_labels)}
        labels.sort(key=order.__getitem__)  # the table's order, whatever the caller's
    trials = whole_number(trials, "trials")
    if not 0 < trials <= MAX_TRIALS:
        raise ValueError(f"trials must be between 1 and {MAX_TRIALS:,}, not {trials:,}")
    seed = whole_number(seed, "seed") & 0xFFFF_FFFF_FFFF_FFFF
    exact_limit = whole_number(exact_limit, "exact_limit")
    if exact_limit < 0:
        raise ValueError(f"exact_limit must be 0 or more, not {exact_limit:,}")
    chunk_rows = whole_number(chunk_rows, "chunk_rows")
    if not 1 <= chunk_rows <= 1_000_000:
        raise ValueError(f"chunk_rows must be between 1 and 1,000,000, not {chunk_rows:,}")
    resume = true_or_false(resume, "resume")
    progress = true_or_false(progress, "progress")
    backend = check_backend(backend, address)
    path = None if out is None else os.fspath(out)
    fmt = _format(format, path)
    if backend == "local":
        workers = worker_count(workers, "workers")

    from . import __version__

    job = _Job(variant, kind, labels, custom, trials, seed, exact_limit)
    pairs = ([(k, 0) for k in range(len(custom))] if custom is not None
             else _rows(variant, kind, labels))
    params = {"format": FORMAT_VERSION, "stud_version": __version__,
              "variant": _short_name(variant), "matchups": kind,
              "classes": None if classes is None else labels, "custom": custom,
              "trials": trials, "seed": seed, "exact_limit": exact_limit, "rows": len(pairs)}
    hilo = variant in _HILO
    columns = _columns(job.players, hilo)
    sink = _Sink(path, fmt, params, columns)
    sink.open(resume)
    try:
        todo = [(row, pairs[row]) for row in range(len(pairs)) if row not in sink.rows]
        chunks = [todo[k:k + chunk_rows] for k in range(0, len(todo), chunk_rows)]
        bar = _bar(len(pairs), len(pairs) - len(todo)) if progress else None

        def take(rows: list[dict[str, Any]]) -> None:
            sink.write(rows)
            if bar is not None:
                bar.update(len(rows))

        try:
            if backend == "ray":
                from . import _ray

                _ray.run_unordered(_compute_chunk, job, ((c,) for c in chunks), take,
                                   address=address, workers=workers)
            else:
                _run_local(job, chunks, workers, take)
        finally:
            if bar is not None:
                bar.close()
    finally:
        sink.close()
    rows = [sink.rows[row] for row in range(len(pairs))]
    return EquityTable(params, columns, rows, path)


def _run_local(job: _Job, chunks: list[list[tuple[int, tuple[int, int]]]], workers: int,
               take: Callable[[list[dict[str, Any]]], None]) -> None:
    if workers == 1 or len(chunks) <= 1:
        for chunk in chunks:
            take(_compute_chunk(job, chunk))
        return
    from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait

    pool = ProcessPoolExecutor(min(workers, len(chunks)))
    pending: set[Any] = set()
    try:
        for chunk in chunks:
            pending.add(pool.submit(_compute_chunk, job, chunk))
            while len(pending) >= 2 * workers:
                done, pending = wait(pending, return_when=FIRST_COMPLETED)
                for future in done:
                    take(future.result())
        while pending:
            done, pending = wait(pending, return_when=FIRST_COMPLETED)
            for future in done:
                take(future.result())
    except BaseException:
        pool.shutdown(wait=True, cancel_futures=True)
        raise
    pool.shutdown()


def _checked_custom(variant: Variant, matchups: Sequence[Sequence[str]]) -> list[list[str]]:
    out: list[list[str]] = []
    for k, matchup in enumerate(matchups):
        if isinstance(matchup, str):
            raise TypeError(f"matchup {k} must be a list of hands, not one string")
        hands = [str(CardSet(h)) for h in matchup]
        most = max_players(variant)  # (as equity takes them)
        if not 2 <= len(hands) <= most:
            raise ValueError(f"matchup {k} has {len(hands)} players: 2 to {most}")
        if out and len(hands) != len(out[0]):
            raise ValueError(f"matchup {k} has {len(hands)} players, matchup 0 {len(out[0])}: "
                             f"one table has one number of players")
        equity(variant, hands, trials=1, seed=0, exact=False)  # the cards are checked here
        out.append(hands)
    if not out:
        raise ValueError("matchups is an empty list")
    return out


def _format(fmt: str | None, path: str | None) -> str:
    if fmt is None:
        if path is not None and path.lower().endswith(".csv"):
            return "csv"
        if path is None or not path.lower().endswith(".parquet"):
            try:
                import pyarrow  # type: ignore[import-untyped,import-not-found,unused-ignore]  # noqa: F401
            except ImportError:
                return "csv"
        fmt = "parquet"
    if fmt not in ("parquet", "csv"):
        raise ValueError(f"format must be 'parquet' or 'csv', not {fmt!r}")
    if fmt == "parquet":
        try:
            import pyarrow  # type: ignore[import-untyped,import-not-found,unused-ignore]  # noqa: F401
        except ImportError:
            raise ImportError('format="parquet" needs pyarrow: pip install "stud[tables]", '
                              'or use format="csv"') from None
    return fmt


def _short_name(variant: Variant) -> str:
    return next(name for name, v in VARIANT_NAMES.items() if v is variant)


def _bar(total: int, done: int) -> Any:
    from .simulation import _progress_bar

    bar = _progress_bar(total, unit="row")
    if bar is not None and done:
        bar.update(done)
    return bar
