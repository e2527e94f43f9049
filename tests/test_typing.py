"""The typed user program (tests/typing/user_program.py) runs: .ci/run also
checks it with ``mypy --strict``, and the stubs with stubtest."""

import runpy
from pathlib import Path


def test_typed_user_program_runs():
    program = runpy.run_path(str(Path(__file__).parent / "typing" / "user_program.py"))
    program["main"]()


def test_rules_typed_init_matches_its_fields():
    """game.py gives type checkers a typed ``Rules.__init__`` (under
    TYPE_CHECKING; Record's own takes ``*args, **kwargs``): the same names,
    in the same order, with the same defaults as the record's fields."""
    import ast

    import stud.game
    from stud import Rules

    tree = ast.parse(Path(stud.game.__file__).read_text(encoding="utf-8"))
    rules = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "Rules")
    init = next(n for block in rules.body if isinstance(block, ast.If)
                for n in block.body if isinstance(n, ast.FunctionDef) and n.name == "__init__")
    names = [a.arg for a in init.args.args[1:]]
    assert tuple(names) == Rules._fields
    defaults = dict(zip(names[len(names) - len(init.args.defaults):],
                        (ast.literal_eval(d) for d in init.args.defaults)))
    assert defaults == Rules._defaults


def test_record_signatures_at_run_time():
    """help(), inspect and editors see a record's fields as its parameters
    (Record's own __init__ takes *args, **kwargs)."""
    import inspect

    from stud import EquityResult, Rules

    rules = inspect.signature(Rules)
    assert tuple(rules.parameters) == Rules._fields
    assert rules.parameters["max_raises"].default == 3
    assert rules.parameters["variant"].default is inspect.Parameter.empty
    assert tuple(inspect.signature(EquityResult).parameters) == EquityResult._fields
    assert rules.bind("stud", 10, ante=1).arguments == {"variant": "stud", "small_bet": 10,
                                                         "ante": 1}
