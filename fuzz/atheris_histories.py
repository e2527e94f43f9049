"""Coverage-guided fuzzing of the hand-history readers (``stud.histories.read``)
over the compiled module (atheris): the input is a history's text in one of
the formats (``FORMATS``; the corpus holds each), read as text, as an open
file and, by path, through ``verify``'s C roads.  Findings: any exception out of
``read`` other than ``HistoryError`` (which must name the hand and line, and
be handed to ``on_error`` with the rest still read), a crash, a record
whose replay raises anything but ``MismatchError``, a view (``text``) that
fails, a hand that reproduces but whose PHH round trip does not reproduce
or write back the same, and a ``verify`` by path (the C reader) whose verdicts differ from
the Python reader's.

    pip install atheris
    python fuzz/atheris_histories.py -max_total_time=60 fuzz/corpus/atheris_histories
"""

from __future__ import annotations

import io
import os
import sys
import tempfile

import atheris

with atheris.instrument_imports():
    from stud.histories import HistoryError, MismatchError, read, text, verify
    from stud.histories.phh import write_phh

#: the format an input's second byte names (None: found from the content);
#: the first four as the corpus's first inputs were written
FORMATS = (None, "phh", "pokerstars", "fulltilt", "bovada", "everleaf", "winamax", "absolute",
           "ongame", "partypoker", "kingsclub", "wpn", "ipoker", "merge")
_DIR = tempfile.mkdtemp(prefix="atheris_histories-")
_PATH = os.path.join(_DIR, "hands.txt")


def _check_error(error: HistoryError, file: str | None) -> None:
    assert isinstance(error, HistoryError), repr(error)
    assert error.file == file, (error.file, file)
    assert error.line is None or error.line >= 1, error
    assert str(error) and len(error.reason) < 100_000


def _records(source: object, file: str | None, fmt: str | None) -> list:
    errors: list[HistoryError] = []
    records = list(read(source, format=fmt, on_error=errors.append))  # type: ignore[arg-type]
    for error in errors:
        _check_error(error, file)
    return records


def _verdicts(result: object) -> tuple:
    return (result.reproduced, [str(m) for m in result.mismatches],  # type: ignore[attr-defined]
            [str(e) for e in result.errors], result.skipped, result.cancelled)  # type: ignore[attr-defined]


@atheris.instrument_func
def test_one_input(raw: bytes) -> None:
    if len(raw) < 2:
        return
    mode, fmt, body = raw[0] % 3, FORMATS[raw[1] % len(FORMATS)], raw[2:]
    content = body.decode("utf-8", "replace")
    if not content.strip():
        return
    try:
        if mode == 0:  # the text itself (it needs a line break to be text, not a path)
            records = _records(content + "\n", None, fmt)
        elif mode == 1:
            records = _records(io.StringIO(content, newline=""), None, fmt)
        else:
            with open(_PATH, "w", encoding="utf-8", newline="") as out:
                out.write(content)
            records = _records(_PATH, _PATH, fmt)
            fast, slow = verify(_PATH, format=fmt), verify(_PATH, format=fmt, fast=False)
            assert _verdicts(fast) == _verdicts(slow), (_verdicts(fast), _verdicts(slow))
    except HistoryError as error:  # a file that is no history at all (its first line)
        _check_error(error, _PATH if mode == 2 else None)
        return
    for record in records[:3]:
        text(record)  # shown, reproduced or not
        try:
            record.replay()
        except MismatchError:
            continue
        written = write_phh(record)  # (a call's or a bring-in's amount is not written)
        [back] = read(written)
        back.replay()  # reproduced once, reproduced again
        assert write_phh(back) == written, (written, write_phh(back))


if __name__ == "__main__":
    atheris.Setup(sys.argv, test_one_input)
    atheris.Fuzz()
