"""Mistakes a user makes at the front door get a clear error that names the
value and says what is expected, never a silent wrong answer: card
membership, seeds of the vector environment, manual dealing, rules whose
default bring-in would be 0, action kinds by name, replaying a history on
the wrong table, reading and writing histories."""

from __future__ import annotations

import io
import os

import pytest
import stud
from stud import Action, ActionKind, Card, CardError, CardSet, Hand, Rules, histories, replay


def finished_hand(seed: int = 1, seats: int = 2) -> Hand:
    hand = Hand(Rules("stud", 10), [100] * seats, seed=seed)
    while not hand.is_over:
        hand.act(hand.legal_actions()[0])
    return hand


# ---- cards --------------------------------------------------------------------------------

def test_in_tests_one_card():
    cards = CardSet("Ah Kd Qs")
    assert Card("Kd") in cards and "Qs" in cards and "2c" not in cards


@pytest.mark.parametrize("thing", [0, 12, None, 1.5, b"Ah", ("Ah",)])
def test_in_refuses_what_is_not_a_card(thing):
    with pytest.raises(TypeError, match="test a Card or a card's text"):
        thing in CardSet("2c Ah")  # noqa: B015 - the test is the exception


def test_in_a_set_of_cards_points_to_subset():
    with pytest.raises(TypeError, match="<="):
        CardSet("Ah Kd") in CardSet("Ah Kd Qs")  # noqa: B015
    assert CardSet("Ah Kd") <= CardSet("Ah Kd Qs")


def test_card_from_a_number_points_to_from_index():
    with pytest.raises(TypeError, match=r"Card\.from_index\(0\)"):
        Card(0)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="NoneType"):
        Card(None)  # type: ignore[arg-type]
    assert Card.from_index(0) == Card("2c")


# ---- rules and actions ----------------------------------------------------------------------

def test_small_bet_one_says_the_default_bring_in_is_zero():
    with pytest.raises(ValueError, match=r"default bring-in.*would be 0.*bring_in=1"):
        Rules("stud", 1)
    rules = Rules("stud", 1, bring_in=1)
    assert (rules.bring_in, rules.small_bet, rules.big_bet) == (1, 1, 2)
    hand = Hand(rules, [50, 50], seed=3)
    while not hand.is_over:
        hand.act(hand.legal_actions()[-1])
    assert sum(hand.stacks) == 100


def test_max_raises_not_a_number_of_chips():
    with pytest.raises(ValueError, match="max_raises must be a whole number, not True"):
        Rules("stud", 10, max_raises=True)


@pytest.mark.parametrize("name, kind", [("fold", ActionKind.FOLD), ("CALL", ActionKind.CALL),
                                        ("Bring_In", ActionKind.BRING_IN)])
def test_action_kind_by_name(name, kind):
    assert Action(name, 10) == Action(kind, 10)
    assert type(Action(name, 10).kind) is ActionKind


def test_action_unknown_name_lists_the_kinds():
    with pytest.raises(stud.IllegalActionError, match="unknown action kind 'shove'.*fold"):
        Action("shove", 10)


def test_equity_exact_must_be_a_bool_or_none():
    with pytest.raises(TypeError, match="exact must be None.*not 'no'"):
        stud.equity("stud", ["As Ks", "Qd Qh"], exact="no")  # type: ignore[arg-type]


# ---- manual dealing -------------------------------------------------------------------------

def manual() -> Hand:
    return Hand(Rules("stud", 10), [100, 100], manual=True)


@pytest.mark.parametrize("cards", ["Ah Kd Qs Jc Tc 9c", CardSet("Ah Kd Qs Jc Tc 9c")])
def test_deal_one_string_for_all_seats(cards):
    hand = manual()
    with pytest.raises(TypeError, match="each live seat's cards"):
        hand.deal(cards)
    hand.deal(["Ah Kd Qs", "Jc Tc 9c"])  # nothing was dealt by the refused call
    assert hand.actor is not None


@pytest.mark.parametrize("cards, match", [(5, "not int"), (["Ah Kd Qs", None], "NoneType")])
def test_deal_not_cards(cards, match):
    with pytest.raises(TypeError, match=match):
        manual().deal(cards)


def test_deal_names_the_card_already_out():
    hand = manual()
    with pytest.raises(CardError, match="Ah is already out or given twice"):
        hand.deal(["Ah Kd Qs", "Ah 2c 3c"])
    hand.deal(["Ah Kd Qs", "Jc Tc 9c"])
    while hand.street == 3:
        hand.act(hand.legal_actions()[1])
    with pytest.raises(CardError, match="Kd is already out"):
        hand.deal(["Kd", "2c"])


# ---- the vector environment's seeds -----------------------------------------------------------

@pytest.mark.parametrize("seed", [True, "12", 1.5, [1.9, 2.9], [1, None]])
def test_vector_seed_must_be_whole(seed):
    pytest.importorskip("numpy")
    from stud.envs import VectorEnv

    env = VectorEnv("stud", num_tables=2, players=2)
    with pytest.raises(TypeError, match="whole number"):
        env.reset(seed=seed)


def test_vector_seed_forms():
    np = pytest.importorskip("numpy")
    from stud.envs import VectorEnv

    env = VectorEnv("stud", num_tables=3, players=2)
    first = env.reset(seed=7)[0].copy()
    for same in ([7, 8, 9], (7, 8, 9), range(7, 10), np.array([7, 8, 9], dtype=np.uint64),
                 np.int64(7)):
        assert (env.reset(seed=same)[0] == first).all()
    with pytest.raises(ValueError, match="3 tables need 3 seeds"):
        env.reset(seed=[1, 2])


# ---- histories ----------------------------------------------------------------------------------

def test_replay_on_a_table_of_another_size():
    hand = finished_hand()
    with pytest.raises(ValueError, match="deals 2 seats and 3 stacks"):
        replay(Rules("stud", 10), [100, 100, 100], hand.history)
    assert replay(Rules("stud", 10), [100, 100], hand.history).payouts == hand.payouts


@pytest.mark.parametrize("source", ["", "   "])
def test_read_empty_string(source):
    with pytest.raises(ValueError, match="empty string"):
        list(histories.read(source))


def test_read_binary_file(tmp_path):
    path = tmp_path / "one.phhs"
    histories.write([finished_hand()], path)
    with open(path, "rb") as handle, pytest.raises(TypeError, match="text mode"):
        list(histories.read(handle))  # type: ignore[arg-type]


def test_write_something_else():
    with pytest.raises(TypeError, match="HandRecord or stud.Hand objects, not int"):
        histories.write([1], io.StringIO())  # type: ignore[list-item]


@pytest.mark.parametrize("name, form", [("x.phh", "phh"), ("x.txt", "pokerstars")])
def test_failed_write_leaves_no_file(tmp_path, name, form):
    path = tmp_path / name
    with pytest.raises((ValueError, TypeError)):
        histories.write([finished_hand(), finished_hand(2)] if form == "phh"
                        else [finished_hand(), 1], path, format=form)
    assert os.listdir(tmp_path) == []


def test_failed_write_keeps_the_old_file(tmp_path):
    path = tmp_path / "x.phh"
    assert histories.write([finished_hand()], path) == 1
    before = path.read_text(encoding="utf-8")
    with pytest.raises(ValueError, match="one hand"):
        histories.write([finished_hand(), finished_hand(2)], path)
    assert path.read_text(encoding="utf-8") == before
    assert os.listdir(tmp_path) == ["x.phh"]
    assert len(list(histories.read(path))) == 1


# ---- simulation, equity, equity tables ----------------------------------------------------------

def test_simulate_names_what_it_takes():
    with pytest.raises(TypeError, match=r"Rules\('razz', 10\)"):
        stud.simulate("razz", ["call", "call"], 5)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="one entry per player"):
        stud.simulate(Rules("stud", 10), "call", 5)  # type: ignore[arg-type]


@pytest.mark.parametrize("gives", [None, 3, 2.5, True])
def test_simulate_policy_that_gives_no_action(gives):
    with pytest.raises(TypeError, match=f"the policy of player 1 gave {gives!r}, not an action"):
        stud.simulate(Rules("stud", 10), ["call", lambda view: gives], 5, seed=1)


def test_simulate_unpicklable_policy_on_workers_warns_and_agrees():
    rules = Rules("stud", 10)
    policies = ["call", lambda view: view["legal_actions"][0]]
    with pytest.warns(UserWarning, match="cannot be pickled runs in this process"):
        spread = stud.simulate(rules, policies, 20_001, seed=4, workers=2)
    assert spread == stud.simulate(rules, policies, 20_001, seed=4)


def test_equity_trials_mean_monte_carlo():
    hands = ["As 2s 3s 4d 5d 7c", "4h 5h 6h 8c 9c Tc"]  # 990 outcomes: exact by default
    assert stud.equity("razz", hands).exact
    sampled = stud.equity("razz", hands, trials=300, seed=2)
    assert (sampled.exact, sampled.outcomes) == (False, 300)
    assert sampled == stud.equity("razz", hands, exact=False, trials=300, seed=2)
    with pytest.raises(ValueError, match="trials is for Monte Carlo"):
        stud.equity("razz", hands, exact=True, trials=300)


def test_one_trial_has_no_finite_standard_error():
    import math

    one = stud.equity("razz", ["As 2s 3s", "4h 5h 6h"], exact=False, trials=1, seed=5)
    assert one.stderr is not None and all(math.isinf(s) for s in one.stderr)
    two = stud.equity("razz", ["As 2s 3s", "4h 5h 6h"], exact=False, trials=2, seed=5)
    assert two.stderr is not None and all(math.isfinite(s) for s in two.stderr)


def test_custom_table_finds_its_rows_in_any_card_order():
    table = stud.equity_table("stud", [["3s 2s As", "Kd Kh Kc"]], trials=200, seed=1)
    first = table.equity("3s 2s As", "Kd Kh Kc")
    assert table.equity("As 2s 3s", "Kc Kh Kd") == first
    assert table.equity("Kd Kh Kc", "3s 2s As") == pytest.approx(1 - first)


@pytest.mark.parametrize("variant, given, form", [("razz", "A2", '"A23"'),
                                                   ("stud", "AKx", '"As Ks Qh"'),
                                                   ("five", "As Kd Qh", '"As Kh"')])
def test_class_label_mistakes_say_what_a_class_is(variant, given, form):
    from stud.equity_tables import class_of

    with pytest.raises(ValueError, match=f"a class is .*{form}"):
        class_of(variant, given)
    with pytest.raises(ValueError, match=f"a class is .*{form}"):
        stud.equity_table(variant, classes=[given], trials=10)
