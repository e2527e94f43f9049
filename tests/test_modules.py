"""The package's public modules: what each holds, and no module hidden by
a function of the same name (``stud.equity`` is the function; ``stud.odds`` its module)."""

import importlib
import pkgutil

import pytest
import stud
import stud.game


def public_modules():
    return [m.name for m in pkgutil.iter_modules(stud.__path__) if not m.name.startswith("_")]


@pytest.mark.parametrize("name", public_modules())
def test_no_module_is_shadowed_by_an_attribute(name):
    module = importlib.import_module(f"stud.{name}")
    # ``stud.<name>`` is the module itself, or not a package attribute at all
    assert getattr(stud, name, module) is module


def test_every_public_name_is_exported_and_exists():
    assert len(set(stud.__all__)) == len(stud.__all__)
    for name in stud.__all__:
        assert getattr(stud, name) is not None


def test_game_holds_the_hand_the_history_events_and_replay():
    assert stud.game.Hand is stud.Hand
    assert stud.game.replay is stud.replay
    for name in stud.game.__all__:
        assert hasattr(stud.game, name), name
    with pytest.raises(AttributeError, match="no attribute 'Hands'"):
        stud.game.Hands  # noqa: B018


def test_functions_and_their_modules():
    import stud.odds
    import stud.simulation

    assert stud.equity is stud.odds.equity and stud.EquityResult is stud.odds.EquityResult
    assert stud.simulate is stud.simulation.simulate
    assert stud.SimulationResult is stud.simulation.SimulationResult


# equity for the games of docs/rules.md 12 and 13 comes with the equity code's own work
_NO_EQUITY_YET = pytest.mark.xfail(raises=KeyError, reason="equity for 2-7 Razz and Hi-Lo "
                                   "Regular is not there yet")


@pytest.mark.parametrize("name, variant", [
    pytest.param(name, variant, marks=_NO_EQUITY_YET) if name in ("razz27", "studhl")
    else (name, variant) for name, variant in sorted(stud.game.VARIANT_NAMES.items())])
def test_every_variant_name_is_taken_everywhere(name, variant):
    # short names, names in any case, numbers and the enum itself
    for spelling in (name, name.upper(), variant.name, variant.name.lower(), int(variant), variant):
        assert stud.game.variant_of(spelling) is variant
        assert stud.Rules(spelling, 10).variant is variant
    hands = ["As Kd Qh Jc Ts", "2c 3d 4h 5s 7c"]
    assert stud.equity(name, hands, exact=True).outcomes == stud.equity(variant, hands).outcomes
