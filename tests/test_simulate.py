"""stud.simulate: built-in policies in C, Python policies, determinism,
options and the summary."""

import pytest
import stud
from stud import ActionKind, Rules, Variant


def caller(view):
    kinds = {a.kind: a for a in view["legal_actions"]}
    return kinds.get(ActionKind.CHECK) or kinds.get(ActionKind.CALL) or kinds[ActionKind.BRING_IN]


@pytest.mark.parametrize("variant", list(Variant))
def test_chips_are_conserved_and_results_summed(variant):
    rules = Rules(variant, 10)
    result = stud.simulate(rules, ["random", "call", "strength", "strength"], 30_000, seed=4)
    assert result.hands == 30_000
    assert sum(result.net) == 0
    assert all(0 <= r <= 1 for r in result.win_rate + result.showdown_rate + result.showdown_win_rate)
    assert result.showdown_rate[1] > 0.5  # a calling station reaches most showdowns
    assert result.per_100_small_bets[0] == pytest.approx(result.mean[0] / 10 * 100)


def test_same_seed_same_result_whatever_the_workers():
    rules = Rules(Variant.SEVEN_CARD_STUD_HILO, 10)
    policies = ["random", "call", "strength", "random", "strength", "call"]
    one = stud.simulate(rules, policies, 35_000, seed=9, workers=1, rotate=True, carry=True)
    two = stud.simulate(rules, policies, 35_000, seed=9, workers=2, rotate=True, carry=True)
    assert one == two
    assert stud.simulate(rules, policies, 35_000, seed=10) != one


def test_python_policies_follow_the_protocol():
    rules = Rules(Variant.RAZZ, 10)
    seen = []

    def watcher(view):
        seen.append(view)
        assert view["legal_actions"] and view["actor"] == view["seat"]
        return caller(view)

    result = stud.simulate(rules, [watcher, "call", "strength"], 300, seed=3)
    assert result.hands == 300 and sum(result.net) == 0 and seen
    # a Python calling station reaches every showdown the hand has
    assert result.showdown_rate[0] >= result.showdown_rate[2]


def test_a_calling_station_in_python_matches_the_builtin_one_in_distribution():
    rules = Rules(Variant.SEVEN_CARD_STUD, 10)
    py = stud.simulate(rules, [caller, "random"], 4_000, seed=5)
    c = stud.simulate(rules, ["call", "random"], 40_000, seed=5)
    # different random streams: compare means within their confidence intervals
    assert abs(py.per_100_small_bets[0] - c.per_100_small_bets[0]) < 2 * (py.ci95[0] + c.ci95[0])


def test_rotation_moves_players_between_seats():
    rules = Rules(Variant.SEVEN_CARD_STUD, 10)
    fixed = stud.simulate(rules, ["call", "call", "call"], 20_000, seed=2)
    rotated = stud.simulate(rules, ["call", "call", "call"], 20_000, seed=2, rotate=True)
    assert fixed != rotated and sum(rotated.net) == 0


@pytest.mark.parametrize("policies, hands, error", [
    (["random"], 10, ValueError),
    (["random", "bluffer"], 10, ValueError),
    (["random", 3], 10, TypeError),
    (["random", "call"], -1, ValueError),
])
def test_bad_arguments(policies, hands, error):
    with pytest.raises(error):
        stud.simulate(Rules(Variant.SEVEN_CARD_STUD, 10), policies, hands)


def test_command_line(capsys):
    import json

    from stud.cli import main

    assert main(["simulate", "--game", "stud8", "--players", "3", "--hands", "2000",
                 "--policy", "random,call,strength", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["hands"] == 2000 and sum(data["net"]) == 0
    assert main(["simulate", "--players", "2", "--hands", "500"]) == 0
    assert "SB/100" in capsys.readouterr().out
