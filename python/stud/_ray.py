"""Chunks of a job as Ray tasks: the ``backend="ray"`` of ``stud.simulate``
and ``stud.equity_table``.

Ray is imported only here, and only when that backend is asked for; stud
itself has no runtime dependency.  Each task carries one chunk of the job
(its own seed, fixed before anything is scheduled), so the result depends
neither on the cluster's size nor on the order the tasks finish in, and a
task whose worker process dies is run again from the start (Ray retries
it): a lost worker changes nothing but the time taken.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable
from typing import Any

from ._checks import optional_module, whole_number
from ._parallel import MAX_WORKERS

#: what to install when Ray is missing
INSTALL_HINT = 'pip install "stud[ray]"'
#: seconds to wait for a cluster's address to answer before giving up
CONNECT_TIMEOUT = 10.0
#: how often a task whose worker process died is run again
TASK_RETRIES = 3
#: the backends of simulate and equity_table
BACKENDS = ("local", "ray")

_remote_task: Any = None  # the Ray remote function, made on first use


def check_backend(backend: object, address: object) -> str:
    """``backend`` checked ("local" or "ray"); ``address`` only with Ray."""
    if backend not in BACKENDS:
        raise ValueError(f"backend must be 'local' or 'ray', not {backend!r}")
    if address is not None:
        if backend != "ray":
            raise ValueError("address is for backend='ray' (the address of a Ray cluster)")
        if not isinstance(address, str) or not address:
            raise TypeError(f"address must be a non-empty string such as '10.0.0.5:6379', "
                            f"not {address!r}")
    return str(backend)


def require_ray() -> Any:
    """The ``ray`` module, or an ImportError that says how to install it."""
    return optional_module("ray", f"backend='ray' needs Ray, which is not installed: "
                                  f"{INSTALL_HINT}")


def _host_port(address: str) -> tuple[str, int] | None:
    """The host and port of ``address`` ("host:port", "ray://host:port",
    "[::1]:port"), or None for the names Ray resolves itself ("auto", "local")."""
    if address in ("auto", "local"):
        return None
    rest = address.split("://", 1)[1] if "://" in address else address
    rest = rest.rstrip("/")
    if rest.startswith("["):  # an IPv6 literal
        host, _, port = rest[1:].partition("]:")
    else:
        host, _, port = rest.rpartition(":")
    if not host or not port.isdigit():
        raise ValueError(f"a Ray address is 'host:port' (or 'ray://host:port', 'auto'), "
                         f"not {address!r}")
    return host, int(port)


def _check_reachable(address: str, timeout: float) -> None:
    target = _host_port(address)
    if target is None:
        return
    import socket

    try:
        with socket.create_connection(target, timeout=timeout):
            pass
    except OSError as error:
        reason = ("no answer" if isinstance(error, TimeoutError)
                  else str(error) or type(error).__name__)
        raise ConnectionError(
            f"cannot reach the Ray cluster at {address!r} within {timeout:g} s ({reason}): "
            f"is 'ray start --head' running there, and its port open to this machine?"
        ) from None


def connect(address: str | None = None, *, timeout: float = CONNECT_TIMEOUT,
            num_cpus: int | None = None) -> Any:
    """Ray, connected: to ``address``, else to ``RAY_ADDRESS``, else to a Ray
    already running on this machine, else to a new local one (which lives
    as long as this process, or until ``ray.shutdown()``).  A connection
    made earlier (``ray.init`` by the caller) is used as it is.  An address
    that does not answer within ``timeout`` seconds raises ConnectionError.
    """
    ray = require_ray()
    if address is None:
        address = os.environ.get("RAY_ADDRESS") or None
    if address is not None:
        _check_reachable(address, timeout)
    if ray.is_initialized():
        return ray
    import logging

    options: dict[str, Any] = {"logging_level": logging.WARNING, "log_to_driver": False}
    if address is None:
        # joins a Ray started on this machine (ray start --head), else starts one
        options.update(include_dashboard=False)
        if num_cpus is not None:
            options["num_cpus"] = num_cpus
    try:
        ray.init(address=address, **options)
    except ConnectionError as error:
        raise ConnectionError(f"cannot connect to the Ray cluster at {address!r}: {error}") \
            from None
    return ray


def task_count(workers: object, ray: Any) -> int:
    """How many tasks may run at once: ``workers``, or (0) two per CPU of the
    cluster (one running, one waiting, so no CPU idles between tasks)."""
    workers = whole_number(workers, "workers")
    if not 0 <= workers <= MAX_WORKERS:
        raise ValueError(f"workers must be a whole number from 0 (the whole cluster) to "
                         f"{MAX_WORKERS}, not {workers!r}")
    if workers:
        return workers
    return max(1, 2 * int(ray.cluster_resources().get("CPU", 1)))


def _run_task(version: str, fn: Callable[..., Any], shared: Any, *args: Any) -> Any:
    """One chunk, on a Ray worker: refused if this node has another stud."""
    from . import __version__

    if __version__ != version:
        raise RuntimeError(f"this Ray node has stud {__version__} but the job was started "
                           f"with stud {version}: install the same version on every node")
    return fn(shared, *args)


def run_unordered(fn: Callable[..., Any], shared: Any, tasks: Iterable[tuple[Any, ...]],
                  on_result: Callable[[Any], None], *, address: str | None = None,
                  workers: int = 0) -> None:
    """``fn(shared, *task)`` for every task as a Ray task (``shared`` is sent
    to the cluster once); ``on_result`` gets each result on this process as
    it arrives, in whatever order the tasks finish.  At most ``workers``
    tasks are out at once (0: two per CPU of the cluster), so memory does
    not grow with the number of tasks.  A task whose worker dies is run
    again (``TASK_RETRIES`` times); an exception raised by ``fn`` is not
    retried and, after the tasks still out are cancelled, raised here.
    """
    global _remote_task
    ray = connect(address)
    window = task_count(workers, ray)
    if _remote_task is None:
        _remote_task = ray.remote(max_retries=TASK_RETRIES, num_cpus=1)(_run_task)
    from . import __version__

    shared_ref = ray.put(shared)
    pending: list[Any] = []
    try:
        for task in tasks:
            pending.append(_remote_task.remote(__version__, fn, shared_ref, *task))
            while len(pending) >= window:
                done, pending = ray.wait(pending, num_returns=1)
                for ref in done:
                    on_result(ray.get(ref))
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            for ref in done:
                on_result(ray.get(ref))
    except BaseException:
        for ref in pending:  # Ctrl-C or a failed task: nothing goes on behind the caller
            ray.cancel(ref)
        raise


def check_serializable(value: Any, what: str) -> None:
    """TypeError unless Ray can send ``value`` to its workers (cloudpickle:
    functions, lambdas, closures and objects of importable classes)."""
    ray = require_ray()
    try:
        ray.cloudpickle.dumps(value)
    except Exception as error:
        raise TypeError(f"{what} cannot be sent to Ray workers ({type(error).__name__}: "
                        f"{error}): use built-in policies, or callables cloudpickle can "
                        f"serialize") from None
