"""Players' statistics (stud.histories.stats, Summary), the results graph
and the Parquet export: the counts against a second reading of the same
hands from their records, the tables against the hands they come from."""

from __future__ import annotations

import json
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest
import stud
from stud import histories
from stud.histories import Acted, CommunityDealt, Dealt, Move
from stud.histories.stats import SeatCounts, hand_counts

ROOT = Path(__file__).resolve().parent.parent.parent
PS_SAMPLES = ROOT / "tests" / "histories_ps" / "samples"
needs_samples = pytest.mark.skipif(not PS_SAMPLES.is_dir(), reason="no samples next to tests/")


def random_hands(count, seed=0):
    """Finished hands of every variant, 2 to 8 players, short and deep
    stacks, every decision drawn among the legal ones."""
    rng = random.Random(seed)
    variants = list(stud.Variant)
    for number in range(count):
        variant = variants[number % len(variants)]
        players = rng.randint(2, 8)
        rules = stud.Rules(variant, 10)
        stacks = [rng.choice([6, 25, 60, 400]) for _ in range(players)]
        hand = stud.Hand(rules, stacks, seed=number)
        while not hand.is_over:
            legal = hand.legal_actions()
            # folds are rarer than in a uniform draw, so hands go on
            weights = [1 if a.kind is stud.ActionKind.FOLD else 3 for a in legal]
            hand.act(rng.choices(legal, weights)[0])
        yield hand


def counts_from_record(record):
    """The same counts read from the record's steps alone (the moves, the
    totals each decision made, the deals), as a second reading."""
    n = record.n_seats
    c = [dict.fromkeys(SeatCounts._fields, 0) for _ in range(n)]
    street = 0
    round_total = [0] * n
    first = []
    folded = set()
    previous_dealt = False
    for step in record.steps:
        if isinstance(step, (Dealt, CommunityDealt)):
            if not previous_dealt:
                street += 1
                round_total = [0] * n
                if street == 2:
                    for seat in range(n):
                        c[seat]["saw_second_round"] = int(seat not in folded)
            previous_dealt = True
            continue
        previous_dealt = False
        if not isinstance(step, Acted):
            continue
        seat = step.seat
        if step.move is Move.FOLD:
            folded.add(seat)
        elif step.move is Move.RAISE:
            c[seat]["aggressive"] += 1
        elif step.move is Move.CHECK_CALL and (step.to or 0) > round_total[seat]:
            c[seat]["calls"] += 1
        if step.to is not None and step.move is not Move.FOLD:
            round_total[seat] = step.to
        if street == 1:
            first.append(step)
            if step.move is Move.RAISE or (step.move is Move.CHECK_CALL):
                c[seat]["vpip"] = 1
            if step.move is Move.RAISE:
                c[seat]["raised_first"] = 1
    if first:
        bring_in = first[0].seat
        c[bring_in]["bring_ins"] = 1
        if first[0].move is Move.RAISE:
            c[bring_in]["bring_in_completes"] = 1
        else:
            acting = []  # seats acting on the first street after the bring-in, in turn
            for step in first[1:]:
                if step.seat != bring_in and step.seat not in acting:
                    acting.append(step.seat)
            for index, step in enumerate(first[1:], start=1):
                later = len(acting) - acting.index(step.seat) - 1
                if later <= 1:
                    c[step.seat]["steal_chances"] = 1
                    if step.move is Move.RAISE:
                        c[step.seat]["steals"] = 1
                        for reply in first[index + 1:]:
                            if reply.seat == bring_in:
                                c[bring_in]["steals_faced"] = 1
                                c[bring_in]["folds_to_steal"] = int(reply.move is Move.FOLD)
                                break
                            if reply.move is not Move.FOLD:
                                break
                if step.move is not Move.FOLD:
                    break
    live = [s for s in range(n) if s not in folded]
    if len(live) > 1:
        for seat in live:
            c[seat]["showdowns"] = 1
            c[seat]["won_at_showdown"] = int(record.collected[seat] > 0)
    return tuple(SeatCounts(**x) for x in c)


def test_counts_agree_with_a_second_reading_of_the_records():
    seen = dict.fromkeys(SeatCounts._fields, 0)
    for hand in random_hands(600):
        record = hand.to_record()
        ours = hand_counts(hand)
        assert ours == counts_from_record(record), record.steps
        for counts in ours:
            for name, value in zip(SeatCounts._fields, counts._values()):
                seen[name] += value
    # every count happened somewhere in these hands (the test is not vacuous)
    assert all(seen.values()), seen


def test_counts_keep_their_order():
    for hand in random_hands(300, seed=1):
        counts = hand_counts(hand)
        assert sum(c.bring_ins for c in counts) == 1
        assert sum(c.steals for c in counts) <= 1
        for c in counts:
            assert c.bring_in_completes <= c.bring_ins
            assert c.steals <= c.steal_chances
            assert c.folds_to_steal <= c.steals_faced <= c.bring_ins
            assert c.raised_first <= c.vpip
            assert c.won_at_showdown <= c.showdowns


def test_a_steal_and_a_fold_to_it():
    hand = stud.Hand(stud.Rules("stud", 10), [100, 100, 100], deck="2c 9h 9d  As Ks Qs  3c Kh Kd")
    for act in (hand.bring_in, hand.fold, hand.complete, hand.fold):
        act()
    ann, bob, cy = hand_counts(hand)
    assert (ann.bring_ins, ann.steals_faced, ann.folds_to_steal, ann.vpip) == (1, 1, 1, 0)
    assert (bob.steal_chances, bob.steals, bob.vpip) == (1, 0, 0)  # one player left after him
    assert (cy.steal_chances, cy.steals, cy.vpip, cy.raised_first) == (1, 1, 1, 1)
    assert not any(c.saw_second_round or c.showdowns for c in (ann, bob, cy))


def test_summary_totals_add_up_over_players():
    hands = list(random_hands(120, seed=2))
    names = tuple("abcdefgh")
    summary = histories.Summary(keep_series=True, trials=500)
    for hand in hands:
        summary.add(hand.to_record(players=names[:hand.n_seats]))
    totals = summary.totals
    assert sum(t.hands for t in totals.values()) == sum(h.n_seats for h in hands)
    assert sum(t.net for t in totals.values()) == -sum(h.rake for h in hands) == 0
    assert sum(t.adjusted for t in totals.values()) == pytest.approx(0, abs=1e-6)
    for name, points in summary.series.items():
        assert len(points) == totals[name].hands
        assert points[-1][0] == totals[name].net
        assert points[-1][1] == pytest.approx(totals[name].adjusted)
    rates = totals["a"].rates()
    assert rates["vpip"] == totals["a"].vpip / totals["a"].hands


def test_unnamed_seats_are_not_one_player_across_hands():
    summary = histories.Summary()
    for hand in random_hands(5, seed=3):
        summary.add(hand.to_record())
    assert summary.totals == {} and summary.unnamed == 5


def test_rates_without_chances_are_none():
    totals = histories.PlayerTotals(1, 0, 0.0, 0, 0)
    rates = totals.rates()
    assert rates["vpip"] == 0 and rates["steal"] is None and rates["aggression"] is None


# ---- the results graph ------------------------------------------------------------

def test_results_graph_png_and_html(tmp_path):
    pytest.importorskip("matplotlib")
    series = {"ann": [(5, 2.0), (-3, 1.0)], "bob": [(-5, -2.0), (3, -1.0)]}
    histories.results_graph(series, tmp_path / "r.png")
    assert (tmp_path / "r.png").read_bytes().startswith(b"\x89PNG\r\n\x1a\n")
    histories.results_graph(series, tmp_path / "r.html", title="Ann & Bob")
    page = (tmp_path / "r.html").read_text(encoding="utf-8")
    assert "<svg" in page and "Ann &amp; Bob" in page
    assert not re.search(r"(href|src)=\"(?!#)", page)  # one file: nothing from elsewhere
    with pytest.raises(ValueError, match=".png or .html"):
        histories.results_graph(series, tmp_path / "r.pdf")
    with pytest.raises(ValueError, match="empty"):
        histories.results_graph({}, tmp_path / "r.png")


# ---- the Parquet export --------------------------------------------------------------

pq = pytest.importorskip("pyarrow.parquet")


def test_export_tables_agree_with_the_hands(tmp_path):
    hands = list(random_hands(60, seed=4))
    names = tuple("abcdefgh")
    records = [h.to_record(players=names[:h.n_seats], hand_id=str(i)) for i, h in enumerate(hands)]
    counts = histories.export(records, tmp_path, batch=7)
    assert counts == histories.ExportCounts(60, 60, 0, 0)
    tables = {name: pq.read_table(tmp_path / f"{name}.parquet").to_pylist()
              for name in ("hands", "seats", "actions")}
    from stud.histories.export import SCHEMA
    for name, rows in tables.items():
        assert list(rows[0]) == [column for column, _, _ in SCHEMA[name]]
    assert [row["hand_id"] for row in tables["hands"]] == [str(i) for i in range(60)]
    for i, hand in enumerate(hands):
        row = tables["hands"][i]
        assert row["pot"] == sum(hand.contributions) and row["reproduced"] is True
        assert row["variant"] == hand.rules.variant.name and row["seats"] == hand.n_seats
        seats = [r for r in tables["seats"] if r["hand"] == i]
        assert [r["net"] for r in seats] == [a - b for a, b in
                                            zip(hand.stacks, hand.starting_stacks)]
        assert [r["collected"] for r in seats] == hand.payouts
        assert [r["vpip"] for r in seats] == [bool(c.vpip) for c in hand_counts(hand)]
        actions = [r for r in tables["actions"] if r["hand"] == i]
        taken = [e for e in hand.history if isinstance(e, stud.game.ActionTaken)]
        assert [(r["seat"], r["kind"], r["to"]) for r in actions] == [
            (e.seat, e.action.kind.name.lower(), e.action.amount) for e in taken]
        put_in = [0] * hand.n_seats
        for r in actions:
            put_in[r["seat"]] += r["chips"]
            assert r["chips"] >= 0
        antes = [e.amount for e in hand.history if isinstance(e, stud.game.AntePosted)]
        returned = [0] * hand.n_seats
        for e in hand.history:
            if isinstance(e, stud.game.UncalledBetReturned):
                returned[e.seat] += e.amount
        assert [p + a - r for p, a, r in zip(put_in, antes, returned)] == hand.contributions
        for r in actions:  # all in: everything he had went in (some may have come back)
            if r["all_in"]:
                seat = r["seat"]
                assert hand.contributions[seat] + returned[seat] == hand.starting_stacks[seat]
        assert any(r["all_in"] for r in tables["actions"])


def test_export_marks_a_hand_that_does_not_reproduce(tmp_path):
    hand = stud.Hand(stud.Rules("razz", 10), [100, 100], deck="As 2d 9h  Kc Kd Qh  3c 4c")
    hand.bring_in()
    hand.fold()
    record = hand.to_record(players=("ann", "bob"))
    wrong = record.replace(collected=(0, 4))
    counts = histories.export([record, wrong], tmp_path)
    assert (counts.hands, counts.reproduced) == (2, 1)
    rows = pq.read_table(tmp_path / "hands.parquet").to_pylist()
    assert [r["reproduced"] for r in rows] == [True, False]
    assert rows[0]["mismatch"] is None and "settlement" in rows[1]["mismatch"]
    seats = pq.read_table(tmp_path / "seats.parquet").to_pylist()
    assert [(r["hand"], r["player"], r["vpip"]) for r in seats] == [
        (0, "ann", False), (0, "bob", False), (1, "ann", None), (1, "bob", None)]
    actions = pq.read_table(tmp_path / "actions.parquet").to_pylist()
    assert {r["hand"] for r in actions} == {0}


def test_export_leaves_old_tables_when_it_fails(tmp_path):
    hand = stud.Hand(stud.Rules("razz", 10), [100, 100], deck="As 2d 9h  Kc Kd Qh  3c 4c")
    hand.bring_in()
    hand.fold()
    histories.export(hand.to_record(), tmp_path)
    before = (tmp_path / "hands.parquet").read_bytes()
    with pytest.raises(histories.HistoryError):
        histories.export("PokerStars Hand #1: nonsense\nmore nonsense\n", tmp_path)
    assert (tmp_path / "hands.parquet").read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "actions.parquet", "hands.parquet", "seats.parquet"]
    with pytest.raises(ValueError, match="batch"):
        histories.export(hand.to_record(), tmp_path, batch=0)


@needs_samples
def test_docs_page_lists_the_export_schema():
    from stud.histories.export import SCHEMA

    text = (ROOT / "docs" / "analysis.md").read_text(encoding="utf-8")
    rows = re.findall(r"^\| `(\w+)` \| (\w+) \| (.+) \|$", text, flags=re.M)
    assert rows == [c for columns in SCHEMA.values() for c in columns]


# ---- the command line ----------------------------------------------------------------

def stud_cli(*args):
    return subprocess.run([sys.executable, "-m", "stud.cli", *args], capture_output=True,
                          text=True, timeout=300)


@needs_samples
def test_cli_summary_json_plot_and_export(tmp_path):
    files = [str(PS_SAMPLES / name) for name in ("cash_razz_eur_old.txt", "cash_stud8_gbp.txt",
                                                 "cash_stud_usd.txt")]
    done = stud_cli("hh", "summary", *files, "--json")
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    hero = report["players"]["Hero"]
    assert hero["hands"] == 4 and hero["rates"]["vpip"] == 0.75
    table = stud_cli("hh", "summary", *files)
    assert table.returncode == 0 and re.search(r"^Hero\s+4\s", table.stdout, re.M)
    if pytest.importorskip("matplotlib"):
        plotted = stud_cli("hh", "summary", *files, "--plot", str(tmp_path / "g.png"))
        assert plotted.returncode == 0, plotted.stderr
        assert (tmp_path / "g.png").read_bytes()[:4] == b"\x89PNG"
    bad = stud_cli("hh", "summary", *files, "--plot", str(tmp_path / "g.pdf"))
    assert bad.returncode == 2 and bad.stderr.count("\n") == 1 and ".png or .html" in bad.stderr
    exported = stud_cli("hh", "export", *files, "--out", str(tmp_path / "t"))
    assert exported.returncode == 0, exported.stderr
    assert "8 hands (8 reproduced)" in exported.stdout
    assert pq.read_table(tmp_path / "t" / "hands.parquet").num_rows == 8
