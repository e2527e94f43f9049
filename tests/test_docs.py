"""The examples in the README and in the docstrings run as written."""

import doctest
import importlib
import importlib.metadata
import re
from pathlib import Path

import pytest
import stud

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"

# tests/ may be run from a copy, against an installed wheel (docs/wheels.md):
# then there is no checkout around it, and the pages of docs/ are not there
needs_docs = pytest.mark.skipif(not DOCS.is_dir(),
                                reason="no docs/ next to tests/ (tests/ run outside the checkout)")


def find_readme():
    """(where, text) of the README: the checkout's README.md, else the copy
    an installed stud carries as its long description (the README it was
    built from); (None, None) when neither is there."""
    path = ROOT / "README.md"
    if path.is_file():
        return str(path), path.read_text(encoding="utf-8")
    try:
        text = importlib.metadata.metadata("stud").get_payload()
    except importlib.metadata.PackageNotFoundError:
        text = None
    if text and ">>>" in text:
        return "README (stud's installed metadata)", text
    return None, None


README, README_TEXT = find_readme()


def readme_examples():
    if README_TEXT is None:
        return [pytest.param(None, marks=pytest.mark.skip(
            reason="no README.md next to tests/ and none in the installed stud's metadata"))]
    return [block for block in re.findall(r"```python\n(.*?)```", README_TEXT, re.S)
            if ">>>" in block]


@pytest.mark.parametrize("block", readme_examples())
def test_readme_examples(block, monkeypatch):
    # the examples name files as a reader in the checkout's root would
    # (tests/histories/...), whatever directory pytest was started from
    monkeypatch.chdir(ROOT)
    parser = doctest.DocTestParser()
    test = parser.get_doctest(block, {"stud": stud}, "README", README, 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test)
    assert runner.failures == 0 and runner.tries > 0


MODULES = ["stud", "stud._core", "stud.describe", "stud.enums", "stud.errors", "stud.game",
           "stud.odds", "stud.simulation", "stud.histories.record", "stud.histories.view",
           "stud.histories.analysis", "stud.histories.io", "stud.histories.errors",
           "stud.histories.stats", "stud.histories.export", "stud.histories.plot"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    module = importlib.import_module(name)
    result = doctest.testmod(module, extraglobs={"stud": stud}, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0 and result.attempted > 0


# ---- the documentation site (docs/, built by mkdocs) ------------------------------

DOC_PAGES = sorted(p.relative_to(ROOT).as_posix() for p in DOCS.rglob("*.md")
                   if ">>> " in p.read_text(encoding="utf-8"))


@needs_docs
def test_doc_pages_found():
    assert {"docs/index.md", "docs/tutorial.md"} <= set(DOC_PAGES)


@pytest.mark.parametrize("page", DOC_PAGES)
@needs_docs
def test_doc_page_examples(page, monkeypatch):
    """Each page runs top to bottom as one doctest, as a reader would type it."""
    monkeypatch.chdir(ROOT)  # (from the checkout's root, as for the README)
    result = doctest.testfile(str(ROOT / page), module_relative=False,
                              optionflags=doctest.ELLIPSIS, encoding="utf-8")
    assert result.failed == 0 and result.attempted > 0


@needs_docs
def test_api_index_names_every_public_name():
    text = (DOCS / "api" / "index.md").read_text(encoding="utf-8")
    missing = [name for name in stud.__all__ if f"`{name}`" not in text]
    assert not missing, f"docs/api/index.md does not list {missing}"


@needs_docs
def test_benchmark_snippets_keep_every_table():
    """docs/benchmarks.md includes bench/results/*.md, some from a line on
    (past a title or a progress log): what it leaves out holds no table row,
    so a results file rewritten with more lines on top cannot lose a table."""
    text = (DOCS / "benchmarks.md").read_text(encoding="utf-8")
    snippets = re.findall(r'^--8<-- "([^":]+)(?::(\d+):)?"$', text, re.M)
    included = {path for path, _ in snippets}
    results = {p.relative_to(ROOT).as_posix() for p in (ROOT / "bench" / "results").glob("*.md")}
    assert included == results
    for path, start in snippets:
        if start:
            lines = (ROOT / path).read_text(encoding="utf-8").splitlines()
            skipped = lines[:int(start) - 1]
            assert not any(line.startswith("|") for line in skipped), path
            assert lines[int(start) - 1].strip(), f"{path}:{start} is a blank line"


@needs_docs
def test_envs_page_shows_the_observation_layout_of_the_encoder():
    from stud.envs import OBS_FIELDS

    text = (DOCS / "envs.md").read_text(encoding="utf-8")
    rows = re.findall(r"^\| `(\w+)` \| (\d+) \| (\d+) \|", text, flags=re.M)
    assert [(name, int(offset), int(size)) for name, offset, size in rows] == list(OBS_FIELDS)


def test_shipped_text_links_nowhere_outside():
    """The repository is self-contained: the README, the docs pages, the
    package's docstrings and the site's configuration link to nothing outside
    it (an install command names a package, not a page)."""
    import re

    link = re.compile(r"https?://(?!localhost|127\.0\.0\.1)[^\s)\"'>]+")
    texts = [ROOT / "README.md", ROOT / "mkdocs.yml", *DOCS.rglob("*.md"),
             *(ROOT / "python" / "stud").rglob("*.py"), *(ROOT / "python" / "stud").rglob("*.pxi"),
             *(ROOT / "python" / "stud").rglob("*.pyx")]
    found = {str(path.relative_to(ROOT)): link.findall(path.read_text(encoding="utf-8"))
             for path in texts}
    assert {k: v for k, v in found.items() if v} == {}
