"""The command line's answers to the user's mistakes: one line
``stud CMD: message`` on stderr, exit status 2, no traceback, no file left
behind; every option's help text, with its default."""

import argparse
import json
import subprocess
import sys
from pathlib import Path

import pytest
from stud.cli import build_parser, main

HERE = Path(__file__).parent
SAMPLES = HERE / "histories_ps" / "samples"
ROOT = HERE.parent


def one_line_error(capsys, argv, *words):
    assert main(argv) == 2
    captured = capsys.readouterr()
    lines = captured.err.strip().splitlines()
    assert len(lines) == 1, captured.err
    assert lines[0].startswith(f"stud {argv[0]}: ") and "Traceback" not in captured.err
    for word in words:
        assert word in lines[0], (word, lines[0])
    return lines[0]


@pytest.mark.parametrize("command", ["show", "summary", "verify", "convert"])
def test_hh_missing_file(capsys, tmp_path, command):
    missing = str(tmp_path / "nonexistent.txt")
    argv = ["hh", command, missing] + ([str(tmp_path / "x.phhs")] if command == "convert" else [])
    line = one_line_error(capsys, argv, missing, "No such file")
    assert line.startswith("stud hh: cannot read ")
    assert list(tmp_path.iterdir()) == []


def test_hh_not_a_history(capsys):
    one_line_error(capsys, ["hh", "verify", str(ROOT / "README.md")], "README.md",
                   "not a hand history")
    one_line_error(capsys, ["hh", "summary", str(ROOT / "README.md")], "README.md")


def test_hh_windows_1252_file_is_read_as_such(capsys, tmp_path):
    # (sites wrote cp1252: its bytes are not UTF-8, and read as what they are)
    text = (SAMPLES / "cash_stud_usd.txt").read_text(encoding="utf-8-sig")
    old = tmp_path / "cp1252.txt"
    old.write_bytes(text.replace("Hero", "Hérô").encode("cp1252"))
    assert main(["hh", "summary", str(old)]) == 0
    assert "Hérô" in capsys.readouterr().out


def test_hh_convert_many_hands_to_one_phh_leaves_no_file(capsys, tmp_path):
    out = tmp_path / "x.phh"
    one_line_error(capsys, ["hh", "convert", str(SAMPLES / "cash_stud_usd.txt"), str(out)],
                   str(out), "one hand", ".phhs")
    assert list(tmp_path.iterdir()) == []


def test_hh_convert_into_a_missing_directory(capsys, tmp_path):
    out = tmp_path / "nonexistent" / "x.phhs"
    one_line_error(capsys, ["hh", "convert", str(SAMPLES / "cash_stud_usd.txt"), str(out)],
                   str(out), "cannot write")
    assert list(tmp_path.iterdir()) == []


def test_hh_convert_failing_midway_keeps_the_old_file_and_leaves_no_other(capsys, tmp_path):
    good = SAMPLES / "cash_stud_usd.txt"
    mixed = tmp_path / "mixed.txt"
    mixed.write_bytes(good.read_bytes() + b"\n\nPokerStars Hand #9: " + b"x" * (2 << 20))
    out = tmp_path / "x.phhs"
    out.write_text("old\n")
    one_line_error(capsys, ["hh", "convert", str(mixed), str(out)], "a line longer than")
    assert out.read_text() == "old\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["mixed.txt", "x.phhs"]


def test_hh_convert_writes_the_whole_file_with_a_new_files_mode(capsys, tmp_path):
    out = tmp_path / "x.phhs"
    assert main(["hh", "convert", str(SAMPLES / "cash_stud_usd.txt"), str(out)]) == 0
    assert "hands written to" in capsys.readouterr().out
    assert [p.name for p in tmp_path.iterdir()] == ["x.phhs"] and out.read_text()
    if sys.platform != "win32":
        reference = tmp_path / "reference"
        reference.write_text("")
        assert out.stat().st_mode == reference.stat().st_mode


def test_hh_subprocess_has_no_traceback(tmp_path):
    done = subprocess.run([sys.executable, "-m", "stud.cli", "hh", "show",
                           str(tmp_path / "nonexistent.txt")], capture_output=True, text=True)
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert done.stderr.startswith("stud hh: ") and "nonexistent.txt" in done.stderr


def test_hh_verify_says_what_it_skipped(capsys):
    assert main(["hh", "verify", str(SAMPLES / "tournament_many.txt")]) == 1
    first = capsys.readouterr().out.splitlines()[0]
    assert first == ("read 3, reproduced 3, not reproduced 0, unreadable 2; "
                     "skipped 1: other games or cancelled hands")
    assert main(["hh", "verify", str(SAMPLES / "mixed_games.txt"), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert (data["read"], data["unreadable"], data["skipped"]) == (4, 0, 2)
    assert main(["hh", "verify", str(SAMPLES / "cash_stud_usd.txt")]) == 0
    assert "skipped" not in capsys.readouterr().out


def test_hh_summary_and_convert_say_what_they_skipped(capsys, tmp_path):
    mixed = str(SAMPLES / "mixed_games.txt")
    assert main(["hh", "summary", mixed, "--trials", "200"]) == 0
    assert "stud hh: skipped 2: other games or cancelled hands" in capsys.readouterr().err
    assert main(["hh", "summary", mixed, "--trials", "200", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["skipped"] == 2
    assert main(["hh", "convert", mixed, str(tmp_path / "m.phhs")]) == 0
    assert "4 hands written" in (out := capsys.readouterr().out) and "skipped 2" in out


def test_table_bad_class_says_what_a_class_looks_like(capsys):
    line = one_line_error(capsys, ["table", "--game", "razz", "--classes", "A23,A2"], "'A2'",
                          '"A23"')
    assert "bad card" not in line
    one_line_error(capsys, ["table", "--game", "stud", "--classes", "As Ks"], "'As Ks'",
                   "3 cards")


def test_other_commands_one_line_errors(capsys, tmp_path):
    one_line_error(capsys, ["eval", "Ah Zz"], "Zz")
    one_line_error(capsys, ["simulate", "--hands", "0"], "--hands")
    one_line_error(capsys, ["simulate", "--players", "3", "--policy", "random,call"],
                   "2 policies for 3 players")
    one_line_error(capsys, ["table", "--game", "razz", "--classes", "A23", "--out",
                            str(tmp_path / "no" / "t.csv")], "t.csv")


def _parsers(parser):
    yield parser
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for sub in action.choices.values():
                yield from _parsers(sub)


def test_every_option_has_help_and_shows_its_default():
    parsers = list(_parsers(build_parser()))
    assert {p.prog for p in parsers} >= {"stud simulate", "stud hh verify", "stud table"}
    for parser in parsers:
        text = parser.format_help()
        for action in parser._actions:
            if isinstance(action, argparse._SubParsersAction):
                continue
            assert action.help, (parser.prog, action.dest)
            if action.option_strings and action.default not in (None, False,
                                                                 argparse.SUPPRESS):
                assert "default" in parser._get_formatter()._get_help_string(action), \
                    (parser.prog, action.dest)
        assert "(default: None)" not in text and "(default: False)" not in text


def test_simulate_help_shows_the_defaults(capsys):
    with pytest.raises(SystemExit):
        main(["simulate", "--help"])
    out = " ".join(capsys.readouterr().out.split())
    for shown in ("the variant (default: stud)", "(default: 6)", "(default: 100,000)",
                  "(default: 10)", "same hands (default: 1)"):
        assert shown in out, shown
