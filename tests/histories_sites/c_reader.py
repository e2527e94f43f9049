"""The checks a site reader in C passes (src/studcore/site_<name>.c), shared
by the sites' tests.

``Mutations``: the reader against the outputs its former pure-Python reader
gave, on every sample and on seeded mutated copies of each (lines dropped,
doubled, swapped, the file cut short, characters of a line changed).  The
site's ``mutations.json`` holds, for each copy, the reader's items in order
(an error as its line, hand and message; a record as a digest of every value
it holds) and its counts.  Those outputs are written by the Python reader
before the C reader replaces it (``write``), and rewritten only for a change
of what the reader means to give.

``blocks_give_what_lines_give``: a file read opened by ``read`` is split into
lines in C, a block of text at a time (``_SiteText.read_blocks``); any other
source of lines is read a line at a time: both give the same items, with the
line ends rewritten every way files write them (\\n, \\r\\n, \\r, \\r\\r\\n,
a stray NUL, a byte order mark) and blocks cut at random sizes.

``c_replay_verdicts``: ``verify`` replays each hand the C reader reads in C
and leaves only the hands it cannot settle to the Python replay; the
verdicts are those of ``verify(..., fast=False)``.
"""

from __future__ import annotations

import hashlib
import io
import json
import random
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from stud.histories import HistoryError, verify
from stud.histories.io import _FileLines, _lines
from stud.histories.record import HandRecord

#: what a changed character may become, on every site
COMMON_PIECES = list(" *[](),.$€£:#0123456789-|/\tabcsSdhAKQJT\u00a0\u2005\x00\ufeffı")
ENDS = ["\n", "\r\n", "\r", "\r\r\n"]


def sample_lines(path: Path) -> list[str]:
    encoding = "utf-16" if "utf16" in path.name else "cp1252" if "cp1252" in path.name \
        else "utf-8"
    return path.read_text(encoding=encoding).splitlines(keepends=True)


def values(record: HandRecord) -> str:
    """Every value a record holds."""
    rules = record.rules
    return repr((rules.variant.name, rules.small_bet, rules.big_bet, rules.ante,
                 rules.bring_in, record.starting_stacks, [repr(step) for step in record.steps],
                 record.players, record.seats, record.hand_id, record.table, record.collected,
                 record.rake, record.finishing_stacks, record.currency, repr(record.fields),
                 repr(record.source)))


class Mutations:
    """A site's samples, their mutated copies and its reader's outputs.
    ``reader(file)``: a reader of the site (its ``read(lines)``, counts);
    ``pieces``: the site's own texts a changed character may become."""

    def __init__(self, samples: Path, expected: Path, reader: Callable[[str], Any],
                 pieces: list[str], copies: int = 30) -> None:
        self.samples, self.expected, self.reader = samples, expected, reader
        self.pieces = COMMON_PIECES + pieces
        self.count = copies

    def names(self) -> list[str]:
        return sorted(path.name for path in self.samples.iterdir())

    def _mutate(self, lines: list[str], rng: random.Random) -> list[str]:
        copy = list(lines)
        for _ in range(rng.randrange(1, 4)):
            at = rng.randrange(len(copy))
            kind = rng.randrange(5)
            if kind == 0:
                del copy[at]
            elif kind == 1:
                copy.insert(at, copy[at])
            elif kind == 2 and at + 1 < len(copy):
                copy[at], copy[at + 1] = copy[at + 1], copy[at]
            elif kind == 3:
                copy = copy[:at]
            else:
                full = copy[at]
                text = full.rstrip("\r\n")
                end = full[len(text):]
                where = rng.randrange(len(text) + 1)
                piece = rng.choice(self.pieces)
                how = rng.randrange(3)
                if how == 0:
                    text = text[:where] + text[where + 1:]
                elif how == 1:
                    text = text[:where] + piece + text[where:]
                else:
                    text = text[:where] + piece + text[where + 1:]
                copy[at] = text + end
            if not copy:
                copy = [lines[0]]
        return copy

    def copies(self, sample: str | None = None) -> Iterator[tuple[str, list[str]]]:
        """(name, lines) of every sample (or the one named) and its
        mutated copies, seeded."""
        for path in sorted(self.samples.iterdir()):
            if sample is not None and path.name != sample:
                continue
            lines = sample_lines(path)
            yield path.name, lines
            rng = random.Random(path.name)
            for index in range(self.count):
                yield f"{path.name}#{index}", self._mutate(lines, rng)

    def outputs(self, name: str, lines: Any) -> dict[str, Any]:
        """The reader's items (an error as [line, hand, message]; a run of
        records as "N records DIGEST") and counts."""
        reader = self.reader(name.split("#")[0])
        items: list[Any] = []
        run: list[str] = []

        def end_run() -> None:
            if run:
                text = hashlib.sha256("\n".join(run).encode("utf-8")).hexdigest()[:20]
                items.append(f"{len(run)} records {text}")
                run.clear()

        for item in reader.read(lines):
            if isinstance(item, HistoryError):
                end_run()
                items.append([item.line, item.hand, item.reason])
            else:
                run.append(values(item))
        end_run()
        return {"items": items, "counts": [reader.skipped, reader.cancelled, reader.hands,
                                           reader.errors]}

    def write(self) -> None:
        """``mutations.json`` from the reader as it is: a copy a line."""
        expected = {name: self.outputs(name, lines) for name, lines in self.copies()}
        self.expected.write_text("{\n" + ",\n".join(
            f"{json.dumps(name)}: {json.dumps(expected[name], ensure_ascii=False)}"
            for name in sorted(expected)) + "\n}\n", encoding="utf-8")

    def load(self) -> dict[str, Any]:
        loaded: dict[str, Any] = json.loads(self.expected.read_text(encoding="utf-8"))
        return loaded

    def differences(self, sample: str) -> list[str]:
        """The copies of ``sample`` whose outputs are not the expected."""
        expected = self.load()
        return [name for name, lines in self.copies(sample)
                if self.outputs(name, lines) != expected[name]]


class Pieces(io.TextIOBase):
    """Text whose ``read`` gives pieces of 1 to ``most`` characters."""

    def __init__(self, text: str, rng: random.Random, most: int) -> None:
        self._text, self._at, self._rng, self._most = text, 0, rng, most

    def readable(self) -> bool:
        return True

    def read(self, size: int | None = -1) -> str:
        take = self._rng.randint(1, self._most)
        if size is not None and size >= 0:
            take = min(take, size)
        piece = self._text[self._at:self._at + take]
        self._at += len(piece)
        return piece


def rewritten(lines: list[str], rng: random.Random) -> str:
    """The lines with each end chosen anew, now and then a NUL or a BOM."""
    out = ["\ufeff"] if rng.random() < 0.2 else []
    for line in lines:
        text = line.rstrip("\r\n")
        if text and rng.random() < 0.05:
            at = rng.randrange(len(text) + 1)
            text = text[:at] + "\0" + text[at:]
        out.append(text + rng.choice(ENDS))
    if rng.random() < 0.3:  # (the last line unended)
        out[-1] = out[-1].rstrip("\r\n")
    return "".join(out)


def blocks_give_what_lines_give(site: Mutations, sample: str) -> None:
    """Every copy of ``sample``, its line ends rewritten, read as lines
    (``io._lines``) and as blocks of 1, 7 and 4,096 characters: the same
    outputs."""
    for name, lines in site.copies(sample):
        rng = random.Random(name)
        text = rewritten(lines, rng)
        file = name.split("#")[0]
        expected = site.outputs(name, _lines(io.StringIO(text, newline=""), file))
        for most in (1, 7, 4096):
            got = site.outputs(name, _FileLines(Pieces(text, rng, most), file))
            assert got == expected, (name, most)


def verdicts(path: Path, format: str, fast: bool) -> tuple[tuple[Any, ...], Any]:
    """``verify``'s verdicts on ``path`` (its repr, mismatches, errors and
    the progress told), and its result."""
    progress: list[int] = []
    result = verify(path, format=format, fast=fast, progress=progress.append)
    return (repr(result),
            [str(m) for m in result.mismatches],
            [(e.line, e.hand, e.reason) for e in result.errors],
            sum(progress)), result


def c_replay_verdicts(site: Mutations, format: str, sample: str, path: Path) -> None:
    """Every copy of ``sample`` written to ``path``: ``verify`` gives the
    same verdicts with the C replay and without."""
    for name, lines in site.copies(sample):
        path.write_text("".join(lines), encoding="utf-8", newline="")
        assert verdicts(path, format, True)[0] == verdicts(path, format, False)[0], name


def xml_outputs(items: Any, reader: Any) -> tuple[Any, ...]:
    """An XML site reader's outputs (errors as line, hand and reason; records'
    values) and its counts, to compare the reading in C with Python's."""
    got = [(item.line, item.hand, item.reason) if isinstance(item, HistoryError)
           else values(item) for item in items]
    return got, (reader.skipped, reader.cancelled, reader.hands, reader.errors)


def xml_games(text: str) -> list[int]:
    """The lines (1-based) where each <game of an XML history begins."""
    return [n for n, line in enumerate(text.splitlines(), 1) if line.startswith("<game ")]
