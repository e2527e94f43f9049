"""The typed user program (tests/typing/user_program.py) runs: .ci/run also
checks it with ``mypy --strict``, and the stubs with stubtest."""

import runpy
from pathlib import Path


def test_typed_user_program_runs():
    program = runpy.run_path(str(Path(__file__).parent / "typing" / "user_program.py"))
    program["main"]()
