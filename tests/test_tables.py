"""stud.equity_table on local processes: starting-hand classes, matchups,
determinism, the results file (CSV and Parquet), resuming, refusing another
job's file, the command line.  (The Ray backend: tests/test_ray.py.)"""

import json
import os
import sys
from itertools import combinations

import pytest
import stud
import stud.equity_tables as et
from stud import EquityTable, TableMismatchError, Variant, equity_table
from stud.equity_tables import class_of, starting_classes

RAZZ = ["A23", "A45", "AA2", "88Q", "JQK", "KKK"]


def small(**kw):
    kw.setdefault("classes", RAZZ)
    kw.setdefault("trials", 3000)
    return equity_table("razz", "heads_up", **kw)


@pytest.fixture(scope="module")
def reference():
    return small()


# ---- classes -----------------------------------------------------------------------

@pytest.mark.parametrize("game, count, hands", [("razz", 455, 22100), ("stud", 1755, 22100),
                                                ("stud8", 1755, 22100), ("five", 169, 1326)])
def test_classes_cover_every_starting_hand_once(game, count, hands):
    classes = starting_classes(game)
    assert len(classes) == count and len({label for label, _, _ in classes}) == count
    assert sum(n for _, _, n in classes) == hands
    for label, cards, _ in classes[:40]:
        assert class_of(game, cards) == label


def test_class_labels_and_cards():
    assert class_of("razz", "Kd 2c Ah") == class_of("razz", "a2k") == "A2K"
    assert class_of("razz", "Ts Th 9c") == "9TT"
    # suits up to renaming: the same class, and not one with another pattern
    assert class_of("stud", "Ad Kd Qc") == class_of("stud", "Ah Kh Qs") == "As Ks Qh"
    assert class_of("stud", "Ad Kc Qh") != class_of("stud", "Ad Kd Qh")
    assert class_of("five", "7h 2h") == "7s 2s"
    for bad in ["A2", "As 2d", "AAAAA", "As As 2d"]:
        with pytest.raises((ValueError, stud.CardError)):
            class_of("razz", bad)


def test_rows_leave_out_what_one_deck_cannot_deal():
    table = small(trials=500)
    pairs = {(r["hand_0"], r["hand_1"]) for r in table}
    assert ("KKK", "KKK") not in pairs and ("AA2", "AA2") in pairs
    assert len(table) == 6 * 7 // 2 - 1
    assert [r["row"] for r in table] == list(range(len(table)))


def test_combos_count_the_hands_that_can_face_one_hand():
    table = small(trials=500)
    combos = {(r["hand_0"], r["hand_1"]): r["combos"] for r in table}
    assert combos["AA2", "AA2"] == 1 * 3 and combos["AA2", "A23"] == 2 * 3 * 4
    assert combos["A23", "A23"] == 3 * 3 * 3 and combos["A23", "KKK"] == 4


def test_suit_arrangements_weigh_every_facing_hand_once():
    # Stud high: a class against a class is every pair of hands sharing no card
    classes = {label: cards for label, cards, _ in et._classes(Variant.SEVEN_CARD_STUD)}
    for x, y in [("As Ks Qs", "As Ks Qs"), ("As Ah Ks", "Ks Qs Js"), ("7s 3h 2d", "7s 3s 2s")]:
        a, b = classes[class_of("stud", x)], classes[class_of("stud", y)]
        facing = [m for m in et._members(Variant.SEVEN_CARD_STUD, b) if not set(a) & set(m)]
        groups = et._arrangements(Variant.SEVEN_CARD_STUD, a, b)
        assert sum(w for _, w in groups) == len(facing)
        assert 1 <= len(groups) <= len(facing)


def test_equities_add_up_and_read_both_ways(reference):
    for r in reference:
        assert r["equity_0"] + r["equity_1"] == pytest.approx(1.0)
        assert not r["exact"] and 0 < r["stderr_0"] < 0.02 and r["outcomes"] == 3000
    assert reference.equity("A23", "JQK") == pytest.approx(1 - reference.equity("JQK", "A23"))
    assert reference.equity("Ah 2d 3c", "Kd Qs Jh") == reference.equity("A23", "JQK")
    assert reference.equity("A23", "JQK") > 0.85
    with pytest.raises(KeyError):
        reference.equity("A23", "A67")


def test_vs_random_and_hilo_columns():
    t = equity_table("stud8", "vs_random", classes=["As 2s 3s", "Kd Kh 9c"], trials=4000)
    assert [r["hand_1"] for r in t] == ["random", "random"]
    assert {"low_win_0", "low_tie_0", "scoop_0"} <= set(t.columns)
    best = {r["hand_0"]: r["equity_0"] for r in t}
    assert best[class_of("stud8", "As 2s 3s")] > 0.55


def test_exact_where_cheap():
    # Five Card Stud heads-up from two cards: 245 million outcomes, exact under the limit
    t = equity_table("five", "heads_up", classes=["As Ks"], exact_limit=300_000_000)
    (row,) = t.rows
    assert row["exact"] and row["stderr_0"] == 0 and row["equity_0"] == 0.5


def test_custom_matchups_multiway():
    t = equity_table("stud", [["As Ah Kd", "Qs Qh 2c", "7c 8c 9c"], ["2s 3s 4s", "", ""]],
                     trials=2000)
    assert len(t) == 2 and "equity_2" in t.columns
    assert sum(t.rows[0][f"equity_{p}"] for p in range(3)) == pytest.approx(1.0)
    assert t.rows[1]["hand_1"] == ""


# ---- the same table however it is computed ----------------------------------------

def test_the_same_whatever_the_workers_and_chunks(reference):
    assert small(workers=2, chunk_rows=3).rows == reference.rows
    assert small(chunk_rows=1).rows == reference.rows
    assert small(seed=2).rows != reference.rows


@pytest.mark.parametrize("fmt", ["csv", "parquet"])
def test_results_file_round_trips(tmp_path, reference, fmt):
    if fmt == "parquet":
        pytest.importorskip("pyarrow")
    out = tmp_path / f"t.{fmt}"
    table = small(out=out, chunk_rows=4)
    assert table.rows == reference.rows and table.path == str(out)
    again = EquityTable.read(out)
    assert again.rows == reference.rows and again.params == table.params
    assert again.params["variant"] == "razz" and again.params["trials"] == 3000
    assert again.params["stud_version"] == stud.__version__
    # finished: resuming computes nothing and returns the same table
    assert small(out=out, resume=True).rows == reference.rows


def test_parquet_parts_carry_the_job(tmp_path):
    pq = pytest.importorskip("pyarrow.parquet")
    out = tmp_path / "t.parquet"
    table = small(out=out, chunk_rows=8)
    parts = sorted(p for p in os.listdir(out) if p.endswith(".parquet"))
    assert len(parts) == 3 and (out / "_job.json").exists()
    meta = pq.read_table(out / parts[0]).schema.metadata[b"stud.job"]
    assert json.loads(meta) == table.params
    # the directory reads as one dataset (files starting with _ are skipped)
    assert pq.read_table(out).num_rows == len(table)


class Stop(Exception):
    pass


@pytest.mark.parametrize("fmt", ["csv", "parquet"])
def test_a_stopped_job_resumes_to_the_same_table(tmp_path, monkeypatch, reference, fmt):
    if fmt == "parquet":
        pytest.importorskip("pyarrow")
    out = tmp_path / f"t.{fmt}"
    real = et._compute_chunk
    calls = []

    def failing(job, rows):
        if len(calls) == 2:
            raise Stop
        calls.append(len(rows))
        return real(job, rows)

    monkeypatch.setattr(et, "_compute_chunk", failing)
    with pytest.raises(Stop):
        small(out=out, chunk_rows=4)
    assert len(EquityTable.read(out)) == 8
    monkeypatch.setattr(et, "_compute_chunk", lambda job, rows: calls.append(len(rows)) or real(job, rows))
    calls.clear()
    resumed = small(out=out, chunk_rows=4, resume=True)
    assert sum(calls) == len(reference) - 8  # the finished rows were skipped
    assert resumed.rows == reference.rows


def test_a_csv_line_cut_short_is_dropped_on_resume(tmp_path, reference):
    out = tmp_path / "t.csv"
    small(out=out)
    lines = out.read_text().splitlines(keepends=True)
    out.write_text("".join(lines[:7]) + lines[7][:12])  # a killed writer: half a line
    assert len(EquityTable.read(out)) == 5
    assert small(out=out, resume=True).rows == reference.rows
    assert len(out.read_text().splitlines()) == len(lines)


# ---- another job's file ------------------------------------------------------------

@pytest.mark.parametrize("change", [{"trials": 4000}, {"seed": 7}, {"classes": RAZZ[:3]},
                                    {"exact_limit": 0}])
def test_a_file_of_another_job_is_refused(tmp_path, change):
    out = tmp_path / "t.csv"
    small(out=out, trials=500)
    before = out.read_text()
    kw = {"trials": 500, **change}
    with pytest.raises(TableMismatchError, match="another job") as info:
        small(out=out, resume=True, **kw)
    assert set(change) <= set(info.value.differences)
    assert out.read_text() == before  # nothing written


def test_another_variant_or_stud_version_is_refused(tmp_path):
    out = tmp_path / "t.csv"
    small(out=out, trials=500)
    with pytest.raises(TableMismatchError, match="variant"):
        equity_table("stud8", "heads_up", classes=["As 2s 3s"], trials=500, out=out, resume=True)
    text = out.read_text().replace(f'"stud_version": "{stud.__version__}"',
                                   '"stud_version": "0.0.1"')
    out.write_text(text)
    with pytest.raises(TableMismatchError, match="stud_version"):
        small(out=out, trials=500, resume=True)


def test_existing_file_needs_resume_and_other_files_are_refused(tmp_path):
    out = tmp_path / "t.csv"
    small(out=out, trials=500)
    with pytest.raises(FileExistsError, match="resume"):
        small(out=out, trials=500)
    other = tmp_path / "other.csv"
    other.write_text("a,b\n1,2\n")
    with pytest.raises(ValueError, match="not a stud equity table"):
        small(out=other, trials=500, resume=True)
    folder = tmp_path / "folder.parquet"
    folder.mkdir()
    (folder / "notes.txt").write_text("mine")
    with pytest.raises(ValueError, match="not a stud equity table"):
        small(out=folder, trials=500, resume=True, format="parquet")


@pytest.mark.parametrize("kw, error", [
    ({"matchups": "everything"}, ValueError),
    ({"classes": []}, ValueError),
    ({"classes": "A23"}, TypeError),
    ({"trials": 0}, ValueError),
    ({"trials": 1.5}, TypeError),
    ({"format": "xlsx"}, ValueError),
    ({"backend": "spark"}, ValueError),
    ({"address": "127.0.0.1:6379"}, ValueError),
    ({"chunk_rows": 0}, ValueError),
    ({"workers": -1}, ValueError),
    ({"resume": "yes"}, TypeError),
])
def test_bad_arguments(kw, error):
    kw = {"matchups": "heads_up", "classes": RAZZ, "trials": 10, **kw}
    with pytest.raises(error):
        equity_table("razz", **kw)


def test_bad_custom_matchups():
    with pytest.raises(ValueError, match="players"):
        equity_table("stud", [["As Ah", "Kd Kc"], ["As Ah", "Kd Kc", "2c"]])
    with pytest.raises(stud.CardError):
        equity_table("stud", [["As Ah", "As Kc"]])
    with pytest.raises(TypeError):
        equity_table("stud", ["As Ah"])


def test_parquet_without_pyarrow_says_what_to_install(monkeypatch, tmp_path):
    monkeypatch.setitem(sys.modules, "pyarrow", None)
    with pytest.raises(ImportError, match=r'pip install "stud\[tables\]"'):
        small(trials=10, out=tmp_path / "t.parquet")
    # with no format asked for, CSV stands in
    small(trials=10, out=tmp_path / "t")
    assert (tmp_path / "t").is_file()


# ---- the command line --------------------------------------------------------------

def test_command_line(tmp_path, capsys, reference):
    from stud.cli import main

    out = tmp_path / "t.csv"
    args = ["table", "--game", "razz", "--classes", ",".join(RAZZ), "--trials", "3000",
            "--out", str(out), "--workers", "1"]
    assert main(args + ["--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["params"]["trials"] == 3000 and data["rows"] == reference.rows
    assert main(args + ["--resume", "--top", "2"]) == 0
    text = capsys.readouterr().out
    assert "15 matchups" not in text and f"{len(reference)} matchups" in text
    assert "A23" in text and "..." in text
    assert main(args[:-4] + ["--trials", "10", "--out", str(out), "--resume"]) == 2
    assert "another job" in capsys.readouterr().err
    assert main(args) == 2
    assert "already exists" in capsys.readouterr().err


def test_every_pair_is_listed_once():
    labels = [label for label, _, _ in starting_classes("razz")][:30]
    rows = et._rows(Variant.RAZZ, "heads_up", labels)
    expected = [(i, j) for i, j in combinations(range(30), 2)] + [(i, i) for i in range(30)]
    possible = {(i, j) for i, j in expected
                if all((labels[i] + labels[j]).count(r) <= 4 for r in set(labels[i] + labels[j]))}
    assert set(rows) == possible and len(rows) == len(possible)


def test_docstring_examples():
    import doctest

    result = doctest.testmod(et, extraglobs={"stud": stud}, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0 and result.attempted > 0


def test_a_job_killed_before_its_first_row_starts_afresh(tmp_path):
    csv_file = tmp_path / "t.csv"
    small(trials=500, out=csv_file)
    head = csv_file.read_text().splitlines(keepends=True)[0]
    csv_file.write_text(head)  # killed between the two header lines
    assert small(trials=500, out=csv_file, resume=True).rows == small(trials=500).rows
    folder = tmp_path / "t.parquet"
    folder.mkdir()  # killed before _job.json was written
    pytest.importorskip("pyarrow")
    assert len(small(trials=500, out=folder)) == len(small(trials=500))
    with pytest.raises(ValueError, match="is a file"):
        small(trials=500, out=csv_file, resume=True, format="parquet")
