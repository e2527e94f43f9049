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
from stud.histories import HistoryError, MismatchError, read

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
    if memory_mb and "asan" in os.environ.get("LD_PRELOAD", ""):
        # AddressSanitizer reserves terabytes of shadow memory: no address-space
        # cap can hold under it (the regular run checks the bound)
        pytest.skip("an address-space cap cannot hold under AddressSanitizer")
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
                                          ("_rake", "99999999999999999"), ("_rake", "2147483648"),
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


# ---- lines, paths, pipes ------------------------------------------------------------------

@pytest.mark.parametrize("odd", ["\x0b", "\x0c", "\x1c", "\x1d", "\x1e", "\x85", "\u2028",
                                 "\u2029"])
def test_text_and_file_split_lines_alike(tmp_path, odd):
    """Lines end at \\n, \\r\\n and \\r, in text as in a file: no other
    character ends a line (str.splitlines would split at these)."""
    text = (PS_SAMPLES / "cash_stud_usd.txt").read_text(encoding="utf-8-sig")
    first = text.index("\n", text.index("*** 3rd STREET")) + 1
    text = text[:first] + f"Dealt to nobody{odd}x\n" + text[first:]
    path = tmp_path / "odd.txt"
    path.write_bytes(text.encode())
    from_text = errors_of(text)
    from_file = errors_of(str(path))
    assert [r.hand_id for r in from_text[0]] == [r.hand_id for r in from_file[0]]
    assert [(e.hand, e.line, e.reason) for e in from_text[1]] == \
        [(e.hand, e.line, e.reason) for e in from_file[1]]


def test_a_cli_path_with_a_line_break_is_a_path(tmp_path, capsys):
    path = tmp_path / "two\nlines.phh"
    path.write_text(GOOD_PHH_HAND)
    assert main(["hh", "verify", str(path)]) == 0
    assert "read 1, reproduced 1" in capsys.readouterr().out
    missing = tmp_path / "no\nsuch.phh"
    assert main(["hh", "verify", str(missing)]) == 2
    assert capsys.readouterr().err.startswith("stud hh: cannot read")


def test_verify_of_piped_input_reads_it_all(tmp_path):
    """Format detection does not eat the start of a pipe."""
    data = (PS_SAMPLES / "tournament_many.txt").read_bytes() * 4
    assert len(data) > 20_000
    path = tmp_path / "many.txt"
    path.write_bytes(data)
    expected = run_limited("""
        import sys
        from stud.cli import main
        sys.exit(main(["hh", "verify", sys.argv[1]]))
    """, args=(str(path),))
    piped = run_limited("""
        import sys
        from stud.cli import main
        sys.exit(main(["hh", "verify", "/dev/stdin"]))
    """, stdin=data)
    assert b"read 12, reproduced 12" in expected.stdout, expected
    assert piped.stdout.replace(b"/dev/stdin", b"F") == expected.stdout.replace(
        str(path).encode(), b"F")
    assert piped.returncode == expected.returncode


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes")
def test_verify_of_a_fifo_opens_it_once(tmp_path):
    fifo = tmp_path / "hands.fifo"
    os.mkfifo(fifo)
    done = run_limited("""
        import sys, threading
        from stud.cli import main
        def feed():
            with open(sys.argv[1], "w") as out:
                out.write(sys.argv[2])
        threading.Thread(target=feed, daemon=True).start()
        sys.exit(main(["hh", "verify", sys.argv[1]]))
    """, args=(str(fifo), GOOD_PHH_HAND), seconds=60)
    assert done.returncode == 0, done.stderr
    assert b"read 1, reproduced 1" in done.stdout


def test_verify_of_an_endless_line_is_an_error_not_out_of_memory():
    done = run_limited("""
        import sys
        from stud.cli import main
        sys.exit(main(["hh", "verify", "/dev/zero"]))
    """, memory_mb=1500, seconds=120)
    assert done.returncode == 2, done.stderr[-2000:]
    assert done.stderr.startswith(b"stud hh: /dev/zero") and b"longer than" in done.stderr
    assert b"Traceback" not in done.stderr


def test_an_endless_line_of_text_given_to_read_is_an_error(tmp_path):
    path = tmp_path / "long.txt"
    path.write_text("PokerStars Hand #1: " + "x" * 3_000_000 + "\n")
    with pytest.raises(HistoryError, match="longer than"):
        list(read(str(path)))


LONG_STRINGS = r"""
from stud.histories import read
from stud.histories.io import MAX_LINE
n = MAX_LINE - 100
q3, bs, nl = '"' * 3, "\\", "\n"
hand = 'variant = "FR"' + nl
texts = ['_note = "' + "x" * n + '"' + nl,
         '_note = "' + (bs + '"') * (n // 2) + '"' + nl,
         '_note = ' + q3 + ("a" + bs + bs + "b") * (n // 5) + q3 + nl,
         '_note = ' + q3 + (bs + q3) * (n // 5) + q3 + nl,
         'actions = ["' + "x" * n + '"]' + nl]
for text in texts:
    errors = []
    assert list(read("[1]" + nl + hand + text + "[2]" + nl + hand + text,
                     on_error=errors.append)) == []
    assert [e.hand for e in errors] == ["1", "2"], errors
from stud.histories import HistoryError
try:  # longer than a line may be
    list(read('variant = "FR"' + nl + '_note = "' + "x" * 8_000_000 + '"' + nl))
except HistoryError as error:
    assert "longer than" in error.reason and error.line == 2, error
print("ok")
"""


def test_a_long_quoted_string_in_phh_stays_in_bounded_memory():
    """Strings of a line's length (escapes, multi-line, an action) are
    split into hands, and their errors placed, in memory of their size."""
    done = run_limited(LONG_STRINGS, memory_mb=500, seconds=120)
    assert b"MemoryError" not in done.stderr, done.stderr[-2000:]
    assert done.returncode == 0 and done.stdout == b"ok\n", done.stderr[-2000:]


# ---- PokerStars: cards listed twice, raises that do not add up ------------------------------

from tests.histories_ps.test_pokerstars import BASE, line_of  # noqa: E402

PS_DAMAGED = [  # (what is replaced, by what, the line named, words of the reason)
    ("gamma: shows [Tc Jh 7c 6c 8h 9d 2c]", "gamma: shows [Tc Jh 7c 6c 8h 9d Tc]",
     "gamma: shows", "Tc is listed twice"),
    ("beta: shows [4d 2s 3h 5d Qs Ah Kd]", "beta: shows [4d 4d 3h 5d Qs Ah Kd]",
     "beta: shows", "4d is listed twice"),
    ("beta: raises 5 to 10", "beta: raises 2 to 10", "beta: raises", "a raise of 5"),
    ("beta: raises 5 to 10", "beta: raises 10 to 10", "beta: raises", "a raise of 5"),
]


@pytest.mark.parametrize("old, new, where, why", PS_DAMAGED)
def test_pokerstars_cards_listed_twice_and_raises_that_do_not_add_up(tmp_path, old, new, where,
                                                                     why):
    from stud.histories import verify

    assert old in BASE
    text = BASE.replace(old, new, 1)
    path = tmp_path / "damaged.txt"
    path.write_text(text + "\n\n" + BASE)
    records, [error] = errors_of(str(path))
    assert len(records) == 1  # the next hand is read
    assert error.file == str(path) and error.hand == "300000000001"
    assert error.line == line_of(text, where) and why in error.reason, error
    # the C reader (verify by path) gives the Python reader's verdict
    for fast in (True, False):
        result = verify(path, fast=fast)
        assert [str(e) for e in result.errors] == [str(error)]
        assert result.reproduced == 1


def test_a_money_raise_of_the_wrong_size_is_refused():
    text = (PS_SAMPLES / "cash_stud_usd.txt").read_text(encoding="utf-8-sig")
    import re

    match = re.search(r"^(\S+): raises \$([0-9.]+) to \$([0-9.]+)$", text, re.MULTILINE)
    assert match is not None
    wrong = float(match[2]) + 0.01
    damaged = text.replace(match[0], f"{match[1]}: raises ${wrong:.2f} to ${match[3]}", 1)
    _, errors = errors_of(damaged)
    assert any("raises" in e.reason and "a raise of" in e.reason for e in errors)


# ---- hands that do not reproduce, players without names -----------------------------------

def test_show_and_view_of_a_hand_that_does_not_reproduce(tmp_path, capsys):
    from stud.histories import html, text

    [record] = read(GOOD_PHH_HAND)
    wrong = record.replace(finishing_stacks=(90, 110))
    steps = list(record.steps)
    steps[3], steps[4] = steps[4], steps[3]  # p2 folds before p1 acts: out of turn
    out_of_turn = record.replace(steps=tuple(steps))
    for bad, where in ((wrong, "settlement"), (out_of_turn, "step 3")):
        with pytest.raises(MismatchError) as caught:
            bad.replay()
        shown = text(bad)
        assert shown.splitlines()[-1].startswith(f"not reproduced: the {where}" if
                                                 where == "settlement" else
                                                 f"not reproduced: {where}")
        assert caught.value.reason in shown
        assert "3rd street" in shown and "not reproduced" in html(bad)
    path = tmp_path / "wrong.phh"
    from stud.histories import write

    write([out_of_turn], path)
    assert main(["hh", "show", str(path)]) == 0
    assert "not reproduced: step 3" in capsys.readouterr().out
    assert main(["hh", "show", str(path), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["not_reproduced"].startswith("step 3")


def test_summary_keeps_unnamed_seats_of_different_hands_apart(tmp_path, capsys):
    # seat 1 of one hand is not seat 1 of another: hands that name no players
    # are counted apart, never added up as one player
    from stud.histories import Summary, summarize

    path = tmp_path / "two.phhs"
    path.write_text(phhs(GOOD_PHH_HAND, GOOD_PHH_HAND))
    summary = Summary(trials=100)
    for record in read(str(path)):
        summary.add(record)
    assert summary.totals == {} and summary.unnamed == 2
    named = GOOD_PHH_HAND + 'players = ["ann", "bob"]\n'
    totals = summarize(read(phhs(named, named)), trials=100)
    assert sorted(totals) == ["ann", "bob"] and totals["ann"].hands == 2
    assert main(["hh", "summary", str(path), "--json", "--trials", "100"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["players"] == {} and report["unnamed"] == 2


# ---- a seat that shows twice ----------------------------------------------------------------

def _all_in_record():
    """A heads-up Stud hand all-in on 3rd street, seat 1's down cards
    unknown to the record, and seat 1 showing at the all-in and again at
    the showdown (as pokerkit writes PHH)."""
    from stud import Hand, Rules, Variant
    from stud.histories import Dealt, Showed
    from stud.histories.pokerstars import POKERSTARS_PROFILE

    rules = Rules(Variant.SEVEN_CARD_STUD, 10, ante=2, bring_in=5, **POKERSTARS_PROFILE)
    hand = Hand(rules, [60, 60], seed=3)
    while not hand.is_over:
        if hand.awaiting_showdown:
            hand.show()
            continue
        hand.act(hand.legal_actions()[-1])
    record = hand.to_record(players=("ann", "bob"))
    steps = []
    streets = 0
    for step in record.steps:
        if isinstance(step, Dealt) and step.seat == 1:
            streets += 1
            if streets == 1:  # 3rd street: two down cards, one up
                step = Dealt(1, (None, None, step.cards[2]))
            elif streets == 5:  # 7th street: down
                step = Dealt(1, (None,))
        steps.append(step)
    last_act = max(i for i, s in enumerate(steps) if type(s).__name__ == "Acted")
    held = [c for s in record.steps[:last_act] if isinstance(s, Dealt) and s.seat == 1
            for c in s.cards]
    at_all_in = Showed(1, tuple(held))
    steps.insert(last_act + 1, at_all_in)  # shown at the all-in, the cards it held
    return record.replace(steps=tuple(steps)), at_all_in


def test_a_seat_that_shows_twice_the_same_cards_is_one_show(tmp_path):
    import io as _io

    from stud.histories import Showed, write
    from stud.histories.pokerstars_write import write_pokerstars

    record, shown = _all_in_record()
    out = _io.StringIO()
    write([record], out)
    [back] = read(out.getvalue())
    assert sum(isinstance(s, Showed) and s.seat == 1 for s in back.steps) == 1
    back.replay()
    text = write_pokerstars(record)
    assert text.count("bob: shows") == 1
    [again] = read(text)
    again.replay()
    # the show line twice (the writer's old mistake): read, in Python and in C, as one show
    line = next(x for x in text.splitlines() if x.startswith("bob: shows"))
    doubled = text.replace(line, line + "\n" + line, 1)
    [twice] = read(doubled)
    twice.replay()
    path = tmp_path / "doubled.txt"
    path.write_text(doubled)
    from stud.histories import verify

    for fast in (True, False):
        result = verify(path, fast=fast)
        assert (result.reproduced, result.errors, result.mismatches) == (1, [], [])


def test_a_seat_that_shows_other_cards_the_second_time_is_an_error():
    import io as _io

    from stud import Card
    from stud.histories import Showed, write
    from stud.histories.pokerstars_write import write_pokerstars

    record, shown = _all_in_record()
    named = record.named_cards()
    spare = next(c for c in (Card(r + s) for r in "23456789TJQKA" for s in "cdhs")
                 if c not in named)
    other = Showed(1, (spare,) + shown.cards[1:])
    steps = list(record.steps)
    steps[len(steps) - 1 - steps[::-1].index(shown)] = other
    out = _io.StringIO()
    write([record.replace(steps=tuple(steps))], out)
    _, [error] = errors_of(out.getvalue())
    assert "not the cards it showed before" in error.reason and error.line, error
    text = write_pokerstars(record)
    line = next(x for x in text.splitlines() if x.startswith("bob: shows ["))
    cards = line[len("bob: shows ["):line.index("]")].split()
    wrong = "bob: shows [" + " ".join([str(spare)] + cards[1:]) + "]"
    text = text.replace(line, wrong + "\n" + line, 1)
    _, errors = errors_of(text)
    [error] = errors
    assert error.line in (text.splitlines().index(line) + 1, text.splitlines().index(wrong) + 1)
    assert "showed before" in error.reason or "more cards than he holds" in error.reason


def test_the_line_limits_agree_with_the_c_reader():
    """The PokerStars reader keeps STUD_PS_MAX_LINE characters of a line
    (ps_history.h, the C reader's limit); no line read is longer than
    io.MAX_LINE, far above it (a PHH line may be long)."""
    import re

    from stud.histories import pokerstars
    from stud.histories.io import MAX_LINE

    header = (Path(__file__).resolve().parents[2] / "src" / "studcore" / "ps_history.h")
    match = re.search(r"#define STUD_PS_MAX_LINE (\d+)", header.read_text())
    assert match is not None
    assert pokerstars._MAX_LINE == int(match[1]) < MAX_LINE


def test_read_phh_splits_lines_as_read_does():
    from stud.histories.phh import read_phh

    text = GOOD_PHH_HAND.replace("\n", "\r")
    assert list(read_phh(text)) == list(read(text)) == list(read(GOOD_PHH_HAND))


def test_an_action_error_names_the_action_line_past_strings_and_comments():
    hand = GOOD_PHH_HAND.replace(
        'actions = ["d dh p1 As2d5c", "d dh p2 ????Kh", "p2 pb", "p1 cbr 5", "p2 f"]',
        'actions = [\n  "d dh p1 As2d5c # a ] and a \\" inside",  # a comment ["x"]\n'
        "  'd dh p2 ????Kh', \"\"\"p2 pb\"\"\",\n  \"p1 cbr 5\",\n  \"p2 dances\",\n]")
    _, [error] = errors_of(hand)
    assert error.line == hand.splitlines().index('  "p2 dances",') + 1, error
    assert "dances" in error.reason


@pytest.mark.parametrize("option", ["max_raises = 1e1000000", "max_raises = 1" + "0" * 4000,
                                    "max_raises = -1", "odd_chip = 1e400"])
def test_phh_rules_options_out_of_range_name_their_line(option):
    hand = GOOD_PHH_HAND + f"_rules = {{{option}}}\n"
    _, [error] = errors_of(phhs(hand))
    assert error.line == 9 and error.reason.startswith("_rules: "), error
    assert len(error.reason) <= 210


@pytest.mark.parametrize("stack", ["1073741824", "1,073,741,824", "2147483647"])
def test_pokerstars_stacks_the_engine_refuses_are_history_errors(tmp_path, stack):
    from stud.histories import verify

    text = BASE.replace("Seat 3: gamma (500 in chips)", f"Seat 3: gamma ({stack} in chips)")
    path = tmp_path / "big.txt"
    path.write_text(text + "\n\n" + BASE)
    records, [error] = errors_of(str(path))
    assert len(records) == 1
    assert error.line == line_of(text, "Seat 3:") and "2**30" in error.reason, error
    for fast in (True, False):
        result = verify(path, fast=fast)
        assert [str(e) for e in result.errors] == [str(error)] and result.reproduced == 1


def test_a_line_too_long_inside_a_hand_is_the_same_error_for_read_and_verify(tmp_path):
    from stud.histories import verify
    from stud.histories.io import MAX_LINE

    text = BASE + "\n\n" + BASE.replace("gamma: calls 10\n", "gamma: " + "x" * MAX_LINE + "\n")
    path = tmp_path / "long.txt"
    path.write_text(text)
    expected = f"{path}, line {line_of(text, 'gamma: xxx')}: a line longer than"
    with pytest.raises(HistoryError) as caught:
        list(read(str(path), on_error=lambda e: None))
    assert str(caught.value).startswith(expected)
    for fast in (True, False):
        with pytest.raises(HistoryError) as caught:
            verify(path, fast=fast)
        assert str(caught.value).startswith(expected), caught.value


def test_a_mismatch_pickles_without_its_hand():
    import pickle

    [record] = read(GOOD_PHH_HAND)
    with pytest.raises(MismatchError) as caught:
        record.replace(finishing_stacks=(1, 2)).replay()
    assert caught.value.hand is not None
    back = pickle.loads(pickle.dumps(caught.value))
    assert (str(back), back.step, back.reason, back.hand) == (str(caught.value), None,
                                                              caught.value.reason, None)


LONG_HAND = r"""
from stud.histories import read
from stud.histories.phh import MAX_HAND_CHARS
hand = __import__("sys").argv[1]
lines = ["_note = " + '"' * 3] + ["x" * 999] * (MAX_HAND_CHARS // 1000 + 10)
text = "[1]\n" + hand + "\n".join(lines) + "\n[2]\n" + hand
errors = []
records = list(read(text, on_error=errors.append))
del text
assert len(records) == 1 and [e.hand for e in errors] == ["1"], errors
assert errors[0].line == 1 and "longer than" in errors[0].reason
print("ok")
"""


def test_a_string_left_open_does_not_swallow_the_file_into_memory():
    """A hand's text is bounded (phh.MAX_HAND_CHARS): one left open is an
    error, the next hand read."""
    done = run_limited(LONG_HAND, args=(GOOD_PHH_HAND,), memory_mb=700, seconds=300)
    assert done.returncode == 0 and done.stdout == b"ok\n", done.stderr[-2000:]
