"""The examples in the README and in the docstrings run as written."""

import doctest
import importlib
import re
from pathlib import Path

import pytest
import stud

README = Path(__file__).resolve().parent.parent / "README.md"


def readme_examples():
    text = README.read_text(encoding="utf-8")
    return [block for block in re.findall(r"```python\n(.*?)```", text, re.S) if ">>>" in block]


@pytest.mark.parametrize("block", readme_examples())
def test_readme_examples(block):
    parser = doctest.DocTestParser()
    test = parser.get_doctest(block, {"stud": stud}, "README", str(README), 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test)
    assert runner.failures == 0 and runner.tries > 0


MODULES = ["stud", "stud._core", "stud.describe", "stud.enums", "stud.errors", "stud.game",
           "stud.odds", "stud.simulation"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    module = importlib.import_module(name)
    result = doctest.testmod(module, extraglobs={"stud": stud}, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0 and result.attempted > 0
