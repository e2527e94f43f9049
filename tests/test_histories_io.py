"""stud.histories.read / write and the ``stud hh`` commands, over the sample
files of both formats (tests/histories/samples, tests/histories_ps/samples)."""

import io
import json
from pathlib import Path

import pytest
import stud
from stud.cli import main
from stud.histories import Acted, HistoryError, MismatchError, Move, read, write

HERE = Path(__file__).parent
PHH = sorted((HERE / "histories" / "samples" / "phh").iterdir())
STARS = sorted((HERE / "histories_ps" / "samples").glob("*.txt"))


def records(path, **kw):
    return list(read(path, on_error=lambda error: None, **kw))


@pytest.mark.parametrize("path", PHH + STARS, ids=lambda p: p.name)
def test_every_sample_reads_in_every_way_and_replays(path):
    by_path = records(path)
    assert by_path, path
    with open(path, encoding="utf-8-sig") as handle:
        assert records(handle) == by_path  # (records compare without their source)
    text = path.read_text(encoding="utf-8-sig")
    assert records(text) == by_path
    for record in by_path:
        hand = record.replay()
        assert hand.is_over


def without_call_amounts(step):
    if isinstance(step, Acted) and step.move in (Move.BRING_IN, Move.CHECK_CALL):
        return Acted(step.seat, step.move)
    return step


@pytest.mark.parametrize("path", STARS, ids=lambda p: p.name)
def test_pokerstars_to_phh_and_back_plays_the_same(path, tmp_path):
    stars = records(path)
    out = tmp_path / "out.phhs"
    assert write(stars, out) == len(stars)
    again = records(out)
    assert [r.hand_id for r in again] == [r.hand_id for r in stars]
    for a, b in zip(stars, again):
        # PHH gives no amount with "pb" and "cc": the rest is the same
        assert a.rules == b.rules and a.collected == b.collected
        assert [without_call_amounts(s) for s in a.steps] == list(b.steps)
        assert a.replay().stacks == b.replay().stacks


def test_a_bad_hand_is_reported_and_the_rest_read():
    path = HERE / "histories_ps" / "samples" / "tournament_many.txt"
    errors = []
    good = list(read(path, on_error=errors.append))
    assert good and len(errors) == 2
    assert all(isinstance(e, HistoryError) and e.file == str(path) and e.line for e in errors)
    with pytest.raises(HistoryError):
        list(read(path))


def test_formats_profiles_and_bad_arguments(tmp_path):
    stars = records(STARS[0])
    assert records(STARS[0], format="pokerstars") == stars
    assert {r.rules.bring_in_tiebreak for r in stars} == {"suit"}  # the pokerstars profile
    plain = records(STARS[0], profile={})
    assert {r.rules.bring_in_tiebreak for r in plain} == {"position"}
    wsop = records(PHH[0], profile="wsop")
    assert all(r.rules.max_raises == 4 for r in wsop)
    with pytest.raises(ValueError, match="unknown profile"):
        records(PHH[0], profile="casino")
    with pytest.raises(ValueError, match="format"):
        records(PHH[0], format="csv")
    with pytest.raises(TypeError):
        list(read(12))
    with pytest.raises(HistoryError, match="not a hand history"):
        list(read("hello\nworld\n"))
    with pytest.raises(ValueError, match="one hand"):
        write(stars[:2] if len(stars) > 1 else stars * 2, tmp_path / "two.phh")


def test_hands_are_written_as_their_records():
    hand = stud.Hand(stud.Rules("stud8", 10), [100, 100, 100], seed=4)
    while not hand.is_over:
        hand.act(hand.legal_actions()[-1] if hand.street == 3 else hand.legal_actions()[0])
    out = io.StringIO()
    write([hand, hand.to_record(hand_id="2")], out)
    first, second = list(read(out.getvalue()))
    assert first.replay().stacks == second.replay().stacks == hand.stacks
    assert second.hand_id == "2"


def test_a_record_that_does_not_reproduce():
    record = records(PHH[0])[0]
    wrong = record.replace(collected=tuple(c + 1 if i == 0 else c - (i == 1)
                                           for i, c in enumerate(record.collected)))
    with pytest.raises(MismatchError):
        wrong.replay()


# ---- the command line --------------------------------------------------------------

def test_hh_convert_verify_show_summary(tmp_path, capsys):
    out = tmp_path / "all.phhs"
    assert main(["hh", "convert", str(STARS[0]), str(out)]) == 0
    assert "hands written" in capsys.readouterr().out
    assert main(["hh", "verify", str(out), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["read"] == data["reproduced"] == len(records(STARS[0])) and not data["mismatches"]
    first = records(STARS[0])[0]
    assert main(["hh", "show", str(STARS[0]), "--hand", first.hand_id]) == 0
    shown = capsys.readouterr().out
    assert "3rd street" in shown and first.players[0] in shown
    assert main(["hh", "show", str(STARS[0]), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["streets"]
    assert main(["hh", "show", str(STARS[0]), "--hand", "no-such-hand"]) == 2
    assert "no hand" in capsys.readouterr().err
    assert main(["hh", "summary", *map(str, STARS), "--json", "--trials", "500"]) == 0
    totals = json.loads(capsys.readouterr().out)["players"]
    assert sum(p["net"] for p in totals.values()) <= 0  # the rake left the table
    assert main(["hh", "summary", str(STARS[0])]) == 0
    assert "adjusted" in capsys.readouterr().out


def test_hh_verify_counts_unreadable_hands(capsys):
    path = HERE / "histories_ps" / "samples" / "tournament_many.txt"
    assert main(["hh", "verify", str(path)]) == 1
    out = capsys.readouterr().out
    assert "unreadable 2" in out and "ghost99" in out


def test_hh_progress_without_tqdm_says_so(monkeypatch, capsys):
    import builtins

    real_import = builtins.__import__

    def no_tqdm(name, *args, **kw):
        if name == "tqdm":
            raise ImportError(name)
        return real_import(name, *args, **kw)

    monkeypatch.setattr(builtins, "__import__", no_tqdm)
    assert main(["hh", "verify", str(PHH[0]), "--progress"]) == 0
    assert "needs tqdm" in capsys.readouterr().err


def test_hands_written_as_pokerstars_text_read_back():
    hands = []
    for seed in range(6):
        hand = stud.Hand(stud.Rules("stud8", 10), [100, 100, 100], seed=seed)
        while not hand.is_over:
            hand.act(hand.legal_actions()[-1] if hand.street == 3 else hand.legal_actions()[0])
        hands.append(hand)
    out = io.StringIO()
    assert write(hands, out, format="pokerstars") == len(hands)
    back = list(read(out.getvalue(), profile={}))
    assert [r.replay().stacks for r in back] == [h.stacks for h in hands]
    with pytest.raises(ValueError, match="format"):
        write(hands, io.StringIO(), format="csv")
