"""Summaries of history files computed in C (src/studcore/hh_stats.c, through
``Summary.add_file``) against the Python path (each hand read as a record,
replayed, ``stats.hand_counts`` and ``analysis._analysis``): the same
totals, to the last bit of the adjusted nets, the same series, and the same
hands left out, on the sample files and on simulated hands written as PHH
and as PokerStars text with one player name per seat per hand (so every
seat of every hand is compared on its own)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
import stud
from stud import histories
from stud.histories import Summary, summarize
from stud.histories.phh_write import write_phhs
from stud.histories.pokerstars import POKERSTARS_PROFILE
from stud.histories.pokerstars_write import write_pokerstars_hands
from stud.histories.verify import verify

ROOT = Path(__file__).resolve().parent.parent.parent
SAMPLES = sorted([*(ROOT / "tests" / "histories_ps" / "samples").glob("*.txt"),
                  *(ROOT / "tests" / "histories" / "samples").rglob("*.phh*"),
                  *(ROOT / "tests" / "histories" / "samples").rglob("*.txt")])

TRIALS = 400  # (the Monte Carlo all-in equities: both paths draw the same)


def both(path: Path, **options: object) -> tuple[Summary, object, Summary, object]:
    fast = Summary(trials=TRIALS, keep_series=True)
    found = fast.add_file(path, **options)  # type: ignore[arg-type]
    slow = Summary(trials=TRIALS, keep_series=True)
    expected = verify(path, fast=False, summary=slow, **options)  # type: ignore[arg-type]
    return fast, found, slow, expected


def assert_same(path: Path, **options: object) -> object:
    fast, found, slow, expected = both(path, **options)
    assert fast.totals == slow.totals
    assert list(fast.totals) == list(slow.totals)  # (the order players were first seen)
    assert fast.series == slow.series
    assert fast.unnamed == slow.unnamed
    assert found.reproduced == expected.reproduced  # type: ignore[attr-defined]
    assert [str(e) for e in found.mismatches] == [str(e) for e in expected.mismatches]  # type: ignore[attr-defined]
    assert [str(e) for e in found.errors] == [str(e) for e in expected.errors]  # type: ignore[attr-defined]
    return found


def test_there_are_samples():
    assert len(SAMPLES) >= 10


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: p.name)
def test_samples_summarize_alike(path):
    assert_same(path)


ALL_GAMES = [stud.Rules(variant, 10) for variant in stud.Variant]
#: PokerStars' games and table rules (its text names no others)
POKERSTARS_GAMES = [stud.Rules(variant, 10, ante=2, bring_in=5, **POKERSTARS_PROFILE)
                    for variant in (stud.Variant.SEVEN_CARD_STUD,
                                    stud.Variant.SEVEN_CARD_STUD_HILO, stud.Variant.RAZZ)]


def simulated(count: int, seed: int, games: list[stud.Rules],
              stacks: tuple[int, ...] = (6, 25, 60, 400)) -> list[stud.Hand]:
    """Finished hands, 2 to 8 players, short and deep stacks (all-ins and
    side pots), some raked, every decision drawn among the legal ones."""
    rng = random.Random(seed)
    hands = []
    for number in range(count):
        rules = games[number % len(games)]
        chips = [rng.choice(stacks) for _ in range(rng.randint(2, 8))]
        hand = stud.Hand(rules, chips, seed=seed * 1000 + number, rake=rng.choice([0, 0, 1, 3]))
        while not hand.is_over:
            legal = hand.legal_actions()
            weights = [1 if a.kind is stud.ActionKind.FOLD else 3 for a in legal]
            hand.act(rng.choices(legal, weights)[0])
        hands.append(hand)
    return hands


def records(hands: list[stud.Hand]) -> list[histories.HandRecord]:
    return [hand.to_record(players=tuple(f"h{i}s{s}" for s in range(hand.n_seats)))
            for i, hand in enumerate(hands)]


def test_simulated_phh_every_seat_alike(tmp_path):
    path = tmp_path / "hands.phhs"
    path.write_text("".join(write_phhs(records(simulated(300, 1, ALL_GAMES)))),
                    encoding="utf-8")
    found = assert_same(path)
    assert found.reproduced == 300 and found.slow == 0  # type: ignore[attr-defined]


def test_simulated_pokerstars_every_seat_alike(tmp_path):
    path = tmp_path / "hands.txt"
    # (no stack shorter than the ante and a bring-in: PokerStars text of a
    # bring-in all in for less does not replay, by either road)
    hands = simulated(300, 2, POKERSTARS_GAMES, stacks=(9, 25, 60, 400))
    path.write_text("".join(write_pokerstars_hands(records(hands))), encoding="utf-8")
    found = assert_same(path)
    assert found.reproduced == 300 and found.slow == 0  # type: ignore[attr-defined]


def test_all_in_hands_are_adjusted_in_c(tmp_path):
    """Short stacks: many hands end all in before the last card; the
    adjusted nets (equities computed in C) are the Python path's."""
    path = tmp_path / "all_in.phhs"
    hands = [h for h in simulated(200, 3, ALL_GAMES) if h.all_in]
    path.write_text("".join(write_phhs(records(hands))), encoding="utf-8")
    fast, found, slow, _ = both(path)
    assert found.slow == 0  # type: ignore[attr-defined]
    adjusted = [t.adjusted for t in fast.totals.values()]
    assert any(a != int(a) for a in adjusted)  # (some came from equities)
    assert adjusted == [t.adjusted for t in slow.totals.values()]


def test_summarize_a_path_is_summarize_of_its_records(tmp_path):
    path = tmp_path / "hands.phhs"
    path.write_text("".join(write_phhs(records(simulated(40, 4, ALL_GAMES)))),
                    encoding="utf-8")
    assert summarize(path, trials=TRIALS) == summarize(histories.read(path), trials=TRIALS)


def test_summarize_a_path_raises_the_first_mismatch():
    bad = ROOT / "tests" / "histories" / "samples" / "not_reproduced"
    files = sorted(p for p in bad.iterdir() if p.is_file())
    assert files
    for path in files:
        found = Summary().add_file(path)
        if found.mismatches:
            with pytest.raises(histories.MismatchError):
                summarize(path)
            return
    pytest.fail("no sample that does not reproduce")


def test_the_command_prints_the_python_paths_totals(tmp_path, capsys):
    import json

    from stud.cli import main

    path = tmp_path / "hands.phhs"
    path.write_text("".join(write_phhs(records(simulated(60, 5, ALL_GAMES)))), encoding="utf-8")
    ps = ROOT / "tests" / "histories_ps" / "samples" / "tournament_many.txt"
    assert main(["hh", "summary", str(path), str(ps), "--json", "--trials", str(TRIALS)]) == 0
    printed = json.loads(capsys.readouterr().out)
    slow = Summary(trials=TRIALS)
    unreadable = verify(path, fast=False, summary=slow).errors
    unreadable += verify(ps, fast=False, summary=slow).errors
    assert printed["players"] == {
        name: {**dict(zip(t._fields, t._values())), "rates": t.rates()}
        for name, t in sorted(slow.totals.items(), key=lambda item: -item[1].net)}
    assert list(printed["players"]) == [
        name for name, _ in sorted(slow.totals.items(), key=lambda item: -item[1].net)]
    assert printed["unreadable"] == [str(e) for e in unreadable]
