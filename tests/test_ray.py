"""backend="ray": the same results as the local backend bit for bit, a
killed worker changes nothing, bad addresses and a missing Ray fail clearly.

One local Ray (2 CPUs) serves the whole module and is shut down at the end.
"""

import os
import sys
import threading
from pathlib import Path

import pytest
import stud
import stud._ray as stud_ray
import stud.equity_tables as et
from stud import ActionKind, Rules, Variant

RAZZ = ["A23", "A45", "AA2", "88Q", "JQK", "KKK"]


@pytest.fixture(scope="module")
def ray():
    ray = pytest.importorskip("ray")
    if ray.is_initialized():
        ray.shutdown()
    # no RAY_ADDRESS: stud starts the local Ray (num_cpus only here, for the test machine)
    saved = {key: os.environ.pop(key, None)
             for key in ("RAY_ADDRESS", "RAY_worker_niceness", "PYTHONPATH")}
    # Ray runs its workers at nice 15: on a busy test machine they would wait for everything
    os.environ["RAY_worker_niceness"] = "0"
    # the workers import this module's policies (tests.test_ray) by name: they
    # need the checkout's root on their path, wherever pytest was started
    # (a wheel's test run starts it elsewhere: docs/wheels.md)
    root = str(Path(__file__).resolve().parent.parent)
    os.environ["PYTHONPATH"] = os.pathsep.join(p for p in (root, saved["PYTHONPATH"]) if p)
    try:
        yield stud_ray.connect(num_cpus=2)
    finally:
        ray.shutdown()
        for key, value in saved.items():
            os.environ.pop(key, None)
            if value is not None:
                os.environ[key] = value


def caller(view):
    kinds = {a.kind: a for a in view["legal_actions"]}
    return kinds.get(ActionKind.CHECK) or kinds.get(ActionKind.CALL) or kinds[ActionKind.BRING_IN]


def dies_once(marker, then):
    """``then``, except that the very first call anywhere kills its own process
    (the marker file, made atomically, tells later calls and retries apart)."""
    def call(*args):
        try:
            os.close(os.open(marker, os.O_CREAT | os.O_EXCL | os.O_WRONLY))
        except FileExistsError:
            return then(*args)
        os._exit(1)  # a worker killed mid-task: no exception, no cleanup
    return call


# ---- simulate ----------------------------------------------------------------------

@pytest.mark.parametrize("workers", [1, 2])
def test_simulate_on_ray_equals_local_bit_for_bit(ray, workers):
    rules = Rules(Variant.SEVEN_CARD_STUD_HILO, 10)
    policies = ["random", "call", "strength", "random"]
    # 18 chunks: two Ray tasks of up to RAY_CHUNKS_PER_TASK chunks, the last one short
    hands = 17 * stud.simulation.CHUNK_HANDS + 1234
    local = stud.simulate(rules, policies, hands, seed=9, rotate=True, carry=True)
    on_ray = stud.simulate(rules, policies, hands, seed=9, rotate=True, carry=True,
                           backend="ray", workers=workers)
    assert on_ray == local


def test_simulate_python_policies_on_ray(ray):
    rules = Rules(Variant.RAZZ, 10)
    local = stud.simulate(rules, [caller, "random", "strength"], 1_000, seed=5)
    assert stud.simulate(rules, [caller, "random", "strength"], 1_000, seed=5,
                         backend="ray", workers=0, progress=False) == local
    lock = threading.Lock()

    def locked(view):  # holds a lock: cloudpickle cannot send it
        with lock:
            return caller(view)

    with pytest.raises(TypeError, match="cannot be sent to Ray workers"):
        stud.simulate(rules, [locked, "random"], 100, seed=5, backend="ray")


def test_a_worker_killed_mid_job_changes_nothing(ray, tmp_path):
    rules = Rules(Variant.RAZZ, 10)
    undisturbed = stud.simulate(rules, [caller, "random"], 10_300, seed=3)  # two chunks
    marker = tmp_path / "killed"
    result = stud.simulate(rules, [dies_once(str(marker), caller), "random"], 10_300, seed=3,
                           backend="ray", workers=2)
    assert marker.exists()  # a worker did die, and its chunk ran again
    assert result == undisturbed


# ---- equity tables -----------------------------------------------------------------

def test_equity_table_on_ray_equals_local(ray, tmp_path):
    local = et.equity_table("razz", "heads_up", classes=RAZZ, trials=2000)
    for workers in (1, 2):
        on_ray = et.equity_table("razz", "heads_up", classes=RAZZ, trials=2000,
                                 backend="ray", workers=workers, chunk_rows=3)
        assert on_ray.rows == local.rows
    # written on Ray, resumed locally, and the other way round: one table
    out = tmp_path / "t.csv"
    et.equity_table("razz", "heads_up", classes=RAZZ[:4], trials=2000, out=out, backend="ray")
    text = out.read_text().splitlines(keepends=True)
    out.write_text("".join(text[:5]))
    resumed = et.equity_table("razz", "heads_up", classes=RAZZ[:4], trials=2000, out=out,
                              resume=True)
    assert resumed.rows == et.equity_table("razz", "heads_up", classes=RAZZ[:4],
                                           trials=2000).rows


def test_table_chunks_survive_a_killed_worker(ray, tmp_path):
    job = et._Job(Variant.RAZZ, "heads_up", RAZZ, None, 2000, 1, et.EXACT_LIMIT)
    rows = list(enumerate(et._rows(Variant.RAZZ, "heads_up", RAZZ)))
    chunks = [rows[k:k + 4] for k in range(0, len(rows), 4)]
    got = []
    stud_ray.run_unordered(dies_once(str(tmp_path / "killed"), et._compute_chunk), job,
                           ((c,) for c in chunks), got.extend, workers=2)
    assert (tmp_path / "killed").exists()
    assert sorted(got, key=lambda r: r["row"]) == et._compute_chunk(job, rows)


def test_command_line_on_ray(ray, capsys):
    from stud.cli import main

    assert main(["table", "--classes", "A23,JQK", "--trials", "1000", "--backend", "ray"]) == 0
    assert "3 matchups" in capsys.readouterr().out


# ---- bad input ---------------------------------------------------------------------

def test_unreachable_address_fails_clearly(ray):
    # nothing listens on port 1: refused at once
    with pytest.raises(ConnectionError, match="cannot reach the Ray cluster at '127.0.0.1:1'"):
        stud.simulate(Rules("razz", 10), ["random", "call"], 100, backend="ray",
                      address="127.0.0.1:1")
    with pytest.raises(ConnectionError, match="ray start --head"):
        et.equity_table("razz", "vs_random", classes=["A23"], backend="ray",
                        address="ray://127.0.0.1:1")


def test_an_address_that_never_answers_times_out(monkeypatch):
    pytest.importorskip("ray")  # (the address is looked at once Ray is there)
    import socket

    seen = []

    def silent(target, timeout):  # a dropped SYN: the connect times out
        seen.append((target, timeout))
        raise TimeoutError("timed out")

    monkeypatch.setattr(socket, "create_connection", silent)
    with pytest.raises(ConnectionError, match=r"at '10.9.8.7:6379' within 0.5 s \(no answer\)"):
        stud_ray.connect("10.9.8.7:6379", timeout=0.5)
    with pytest.raises(ConnectionError, match="within 10 s"):
        stud.simulate(Rules("razz", 10), ["random", "call"], 10, backend="ray",
                      address="ray://[fd00::1]:10001")
    assert seen == [(("10.9.8.7", 6379), 0.5), (("fd00::1", 10001), 10.0)]


@pytest.mark.parametrize("address", ["no-port", "host:port", ""])
def test_malformed_addresses(address):
    pytest.importorskip("ray")  # (as above; the wheels' musllinux tests have no Ray)
    with pytest.raises((ValueError, TypeError)):
        stud.simulate(Rules("razz", 10), ["random", "call"], 10, backend="ray", address=address)


def test_missing_ray_says_what_to_install(monkeypatch):
    monkeypatch.setitem(sys.modules, "ray", None)  # as if Ray were not installed
    with pytest.raises(ImportError, match=r'pip install "stud\[ray\]"'):
        stud.simulate(Rules("razz", 10), ["random", "call"], 10, backend="ray")
    with pytest.raises(ImportError, match=r'pip install "stud\[ray\]"'):
        et.equity_table("razz", "vs_random", classes=["A23"], backend="ray")


def test_backend_and_address_are_checked():
    with pytest.raises(ValueError, match="backend"):
        stud.simulate(Rules("razz", 10), ["random", "call"], 10, backend="dask")
    with pytest.raises(ValueError, match="address is for backend='ray'"):
        stud.simulate(Rules("razz", 10), ["random", "call"], 10, address="127.0.0.1:6379")


def test_a_node_with_another_stud_is_refused():
    with pytest.raises(RuntimeError, match="same version on every node"):
        stud_ray._run_task("0.0.0-other", et._compute_chunk, None, [])
