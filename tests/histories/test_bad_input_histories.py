"""Bad input to the hand-history readers (stud.histories): every malformed
file, impossible amount or duplicated card is one ``HistoryError`` naming the
file, the hand and the line, the rest of the file still read; never a crash,
a hang, a memory blow-up or a silent acceptance.

What could hang or eat memory runs in a subprocess with a time limit and an
address-space limit (resource.setrlimit): a hang fails the test, it does not
hang the suite; no timing is asserted.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from stud.cli import main
from stud.histories import HistoryError, read
from stud.histories.pokerstars import read_pokerstars

PS_SAMPLES = Path(__file__).resolve().parent.parent / "histories_ps" / "samples"

PHH = """\
variant = "FR"
antes = [1, 1]
bring_in = 2
small_bet = 5
big_bet = 10
starting_stacks = {stacks}
actions = ["d dh p1 As2d5c", "d dh p2 ????Kh", "p2 pb", "p1 cbr 5", "p2 f"]
"""
GOOD_PHH_HAND = PHH.format(stacks="[100, 100]")


def phhs(*hands: str) -> str:
    """A .phhs collection of the hands, [1], [2], ..."""
    return "".join(f"[{i}]\n{hand}\n" for i, hand in enumerate(hands, 1))


def run_limited(code: str, *, seconds: float = 60, memory_mb: int = 0,
                stdin: bytes | None = None, args: tuple[str, ...] = ()) -> subprocess.CompletedProcess:
    """``code`` run by a fresh interpreter, killed after ``seconds`` (the
    test fails: a hang), its address space capped at ``memory_mb`` (0: no
    cap)."""
    prelude = ""
    if memory_mb:
        prelude = ("import resource\n"
                   f"resource.setrlimit(resource.RLIMIT_AS, ({memory_mb << 20}, {memory_mb << 20}))\n")
    try:
        return subprocess.run([sys.executable, "-c", prelude + textwrap.dedent(code), *args],
                              input=stdin, capture_output=True, timeout=seconds)
    except subprocess.TimeoutExpired:
        pytest.fail(f"no answer in {seconds} s (a hang)")


def errors_of(text: str, **kwargs) -> tuple[list, list[HistoryError]]:
    errors: list[HistoryError] = []
    records = list(read(text, on_error=errors.append, **kwargs))
    return records, errors


# ---- PHH numbers --------------------------------------------------------------------------

@pytest.mark.parametrize("stacks", ["[0, 100]", "[1073741824, 100]", "[9223372036854775808, 100]",
                                    "[1e30, 100]", "[1e1000000, 100]",
                                    "[1" + "0" * 5000 + ", 100]"])
def test_phh_stacks_the_engine_refuses_are_history_errors(stacks):
    text = phhs(GOOD_PHH_HAND, PHH.format(stacks=stacks), GOOD_PHH_HAND)
    records, errors = errors_of(text)
    assert len(records) == 2  # the rest of the file is read
    [error] = errors
    assert isinstance(error, HistoryError)
    assert error.hand == "2"
    line = text.splitlines().index(f"starting_stacks = {stacks}") + 1
    assert error.line == line, error
    assert ("stack" in error.reason or "digits" in error.reason) and len(str(error)) < 400


@pytest.mark.parametrize("field, value", [("_rake", "1e1000000"), ("_rake", "1" + "0" * 5000),
                                          ("bring_in", "1e1000000"), ("big_bet", "-1e1000000"),
                                          ("_rake", "1.0000000000000000000000000000001")])
def test_phh_numbers_out_of_range_are_history_errors(field, value):
    hand = GOOD_PHH_HAND.replace("bring_in = 2\n", "" if field == "bring_in" else "bring_in = 2\n")
    hand = hand.replace("big_bet = 10\n", "" if field == "big_bet" else "big_bet = 10\n")
    hand += f"{field} = {value}\n"
    text = phhs(hand, GOOD_PHH_HAND)
    records, [error] = errors_of(text)
    assert len(records) == 1
    assert error.hand == "1" and error.line == len(hand.splitlines()) + 1, error


def test_phh_huge_numbers_answer_at_once():
    """A number written with a million digits, or an exponent of a million,
    is refused from its text: no conversion to a huge int (which never ends)."""
    done = run_limited("""
        from stud.histories import read
        base = '''variant = "FR"\\nantes = [1, 1]\\nbring_in = 2\\nsmall_bet = 5\\nbig_bet = 10
        starting_stacks = [%s, 100]
        actions = ["d dh p1 As2d5c", "d dh p2 ????Kh", "p2 pb", "p1 cbr %s", "p2 f"]\\n'''
        base = "\\n".join(line.strip() for line in base.splitlines()) + "\\n"
        big = "1" * 1_000_000
        for stacks, amount in [("1e1000000", "5"), (big, "5"), ("100", big), ("100", big + ".5"),
                               ("1e-1000000", "5"), ("100", "0." + "0" * 1_000_000 + "1")]:
            errors = []
            assert list(read(base % (stacks, amount), on_error=errors.append)) == []
            assert len(errors) == 1, (stacks[:9], amount[:9])
        print("ok")
    """, seconds=60)
    assert done.returncode == 0 and done.stdout.strip() == b"ok", done.stderr[-2000:]


def test_cli_refused_stacks_are_named_lines_not_a_traceback(tmp_path, capsys):
    path = tmp_path / "bad.phh"
    path.write_text(PHH.format(stacks="[0, 100]"))
    for command, status in (("show", 2), ("verify", 1), ("summary", 0)):
        assert main(["hh", command, str(path)]) == status, command
        captured = capsys.readouterr()
        assert f"{path}, hand 1, line 6: starting_stacks: " in captured.err + captured.out
        assert "Traceback" not in captured.err
        assert all(line.startswith("stud hh") for line in captured.err.splitlines())


def test_show_of_an_unknown_hand_exits_2(capsys):
    path = PS_SAMPLES / "cash_stud_usd.txt"
    assert main(["hh", "show", str(path), "--hand", "no-such-hand"]) == 2
    assert capsys.readouterr().err == f"stud hh show: no hand 'no-such-hand' in {path}\n"
