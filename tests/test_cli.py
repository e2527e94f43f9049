"""The command line: the README's demo and the equity command."""

import json
import subprocess
import sys

import stud
from stud.cli import main


def test_eval_demo_prints_high_and_lows(capsys):
    assert main(["eval"]) == 0
    out = capsys.readouterr().out
    assert "high:" in out and "8-or-better" in out and "razz" in out


def test_eval_given_cards(capsys):
    assert main(["eval", "Ah Ad Ac Kd Ks 2c 3d"]) == 0
    assert "Full house, aces full of kings" in capsys.readouterr().out


def test_eval_bad_cards_exit_2(capsys):
    assert main(["eval", "Ah Zz"]) == 2
    assert "Zz" in capsys.readouterr().err


def test_equity_json_matches_the_library(capsys):
    assert main(["equity", "--game", "stud8", "As 2d 3c 4h 9s Kd", "Ah 2h 3s 5d Qc",
                 "--dead", "Kc 9d", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    expected = stud.equity(stud.Variant.SEVEN_CARD_STUD_HILO, ["As 2d 3c 4h 9s Kd", "Ah 2h 3s 5d Qc"],
                           "Kc 9d")
    assert data["exact"] and data["outcomes"] == expected.outcomes
    assert data["equity"] == list(expected.equity)
    for key in ("win", "tie", "low_win", "low_tie", "scoop"):
        assert data[key] == list(getattr(expected, key)), key


def test_equity_table(capsys):
    assert main(["equity", "As Ah Ts Th 8h 8d", "Kc Qc Jc Td 3c 2d"]) == 0
    out = capsys.readouterr().out
    assert "1,560 outcomes (exact)" in out and "0.7141" in out


def test_equity_errors_exit_2(capsys):
    assert main(["equity", "As Kd", "As Qd"]) == 2
    assert "As" in capsys.readouterr().err


def test_console_script_runs():
    done = subprocess.run([sys.executable, "-m", "stud.cli", "eval"], capture_output=True, text=True)
    assert done.returncode == 0 and "high:" in done.stdout


def test_version(capsys):
    import pytest
    import stud
    from stud.cli import main

    with pytest.raises(SystemExit) as exit_info:
        main(["--version"])
    assert exit_info.value.code == 0
    assert capsys.readouterr().out.strip() == f"stud {stud.__version__}"


def test_equity_json_of_a_single_winner_game(capsys):
    from stud.cli import main

    assert main(["equity", "--game", "razz", "As 2d 3c", "Kd Kh 9c", "--trials", "2000",
                 "--seed", "1", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert set(data) >= {"equity", "win", "tie"} and not {"low", "high", "low_win"} & set(data)
    assert data["win"][0] > data["win"][1]


def test_eval_shows_the_2_7_low(capsys):
    # docs/rules.md 12.5: the flush counts against; the low plays 9-5-4-3-2
    assert main(["eval", "2h 3h 4h 5h 7h 9c Kd"]) == 0
    out = capsys.readouterr().out
    low = stud.evaluate_27(stud.CardSet("2h 3h 4h 5h 7h 9c Kd"))
    assert f"2-7 low:    {low}  [{low.cards}]  value {low.value}" in out
    assert "9" in str(low) and low.cards == stud.CardSet("9c 5h 4h 3h 2h")


def test_equity_of_the_new_games(capsys):
    # 2-7 Razz: one winner, no low columns
    hands = ["2h 3h 4h 5h 7h", "8c 6d 5s 4c 2d Qh"]
    assert main(["equity", "--game", "razz27", *hands, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    expected = stud.equity(stud.Variant.DEUCE_TO_SEVEN_RAZZ, hands)
    assert data["equity"] == list(expected.equity) and "low_win" not in data
    # Hi-Lo Regular splits: the low columns, and the five-ranks option (13.5)
    hands = ["Ac Ad As Kh Kc Qd Qs", "2c 2d 5h 5s 7c 7d 9h"]
    assert main(["equity", "--game", "studhl", *hands, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["equity"] == [0.5, 0.5] and data["low_win"] == [0.0, 1.0]
    assert main(["equity", "--game", "studhl", *hands, "--json", "--low-needs-five-ranks"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["equity"] == [1.0, 0.0] and data["scoop"] == [1.0, 0.0]
    assert main(["equity", "--game", "studhl", *hands]) == 0
    assert "low win" in capsys.readouterr().out
    # the option is Hi-Lo Regular's only
    assert main(["equity", "--game", "razz27", *hands, "--low-needs-five-ranks"]) == 2
    assert "13.5" in capsys.readouterr().err


def test_simulate_takes_the_new_games(capsys):
    for game, variant in (("razz27", stud.Variant.DEUCE_TO_SEVEN_RAZZ),
                          ("studhl", stud.Variant.SEVEN_CARD_STUD_HILO_REGULAR)):
        assert main(["simulate", "--game", game, "--players", "3", "--hands", "200",
                     "--json"]) == 0
        data = json.loads(capsys.readouterr().out)
        expected = stud.simulate(stud.Rules(variant, 10), ["random"] * 3, 200, seed=1)
        assert data["hands"] == 200 and data["game"] == game
        assert list(data["net"]) == list(expected.net)
