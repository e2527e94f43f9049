"""A griffe extension for the docs build (mkdocs.yml loads it): what the API
pages need from stud's sources that griffe does not find by itself.

- ``stud._core`` is compiled: griffe reads its stubs (``_core.pyi``, which
  hold the signatures but no docstrings), so the docstrings are taken from
  the imported module, less the signature line Cython writes first
  (``embedsignature``).
- ``#:`` comments above an attribute (and a ``# ...`` comment after a record
  field) become its docstring, as Sphinx reads them.
- Record classes (``stud._record.Record``: ``Rules``, the events, the
  results) get an ``__init__`` made from their fields, so their signature
  reads ``Rules(variant, small_bet, big_bet=None, ...)``.
- Doctest examples (``>>>`` lines, up to the next blank line) become
  ``pycon`` code blocks; the rest is Markdown as it stands (double
  backquotes are code spans there too).
- Citations such as "docs/rules.md 4.4" link to that section of the rules
  page (by its heading's anchor, which mkdocs-autorefs resolves).
- Attributes lose the class-/instance-/module-attribute labels (noise on
  every field); "property" and the like stay.
"""

from __future__ import annotations

import importlib
import inspect
import re
from pathlib import Path
from typing import Any

import griffe

COMPILED = "stud._core"
RECORD = "stud._record.Record"


def _runtime(obj: griffe.Object) -> Any:
    """The imported object for a griffe object of the compiled module."""
    parts = obj.path[len(COMPILED) + 1:].split(".")
    value: Any = importlib.import_module(COMPILED)
    for part in parts:
        holder = value
        value = inspect.getattr_static(holder, part, None) if inspect.isclass(holder) else \
            getattr(holder, part, None)
        if value is None:
            return None
    return value


def _without_signature(doc: str, name: str) -> str:
    """Drops the first line when it is Cython's embedded signature of ``name``."""
    lines = inspect.cleandoc(doc).splitlines()
    pattern = rf"(?:\w+\.)*{re.escape(name)}(?:\(.*\))?(?:\s*(?:->|:)\s*.+)?"
    if lines and re.fullmatch(pattern, lines[0].strip()):
        lines = lines[1:]
        while lines and not lines[0].strip():
            lines = lines[1:]
    return "\n".join(lines).strip()


_KINDS = {
    inspect.Parameter.POSITIONAL_ONLY: griffe.ParameterKind.positional_only,
    inspect.Parameter.POSITIONAL_OR_KEYWORD: griffe.ParameterKind.positional_or_keyword,
    inspect.Parameter.VAR_POSITIONAL: griffe.ParameterKind.var_positional,
    inspect.Parameter.KEYWORD_ONLY: griffe.ParameterKind.keyword_only,
    inspect.Parameter.VAR_KEYWORD: griffe.ParameterKind.var_keyword,
}


def _add_overloaded(mod: griffe.Module) -> None:
    """Functions the stubs give only as overloads (the batch evaluators):
    griffe keeps no function for them, so one is made from the compiled
    function's own signature (one plain signature reads better here than
    the stubs' overloads over a type variable)."""
    for name, overloads in mod.overloads.items():
        if not overloads or name in mod.members or name.startswith("_"):
            continue
        runtime = getattr(importlib.import_module(COMPILED), name)
        parameters = [
            griffe.Parameter(p.name, kind=_KINDS[p.kind],
                             default=None if p.default is p.empty else repr(p.default))
            for p in inspect.signature(runtime).parameters.values()]
        mod.set_member(name, griffe.Function(name, lineno=overloads[0].lineno,
                                             endlineno=overloads[-1].endlineno,
                                             parameters=griffe.Parameters(*parameters)))


def _runtime_defaults(runtime: Any) -> dict[str, str]:
    """The default values of a compiled callable's parameters, as source
    text: from its signature, or for a class from the signature line of its
    docstring (``CardSet(cards=())``)."""
    try:
        return {p.name: repr(p.default)
                for p in inspect.signature(runtime).parameters.values()
                if p.default is not p.empty}
    except (TypeError, ValueError):
        first = (runtime.__doc__ or "").strip().splitlines()[:1]
        return dict(re.findall(r"(\w+)=(\(\)|[^,()]+)", first[0])) if first else {}


def _fill_defaults(function: griffe.Function, runtime: Any) -> None:
    """Stubs write defaults as ``...``: the compiled ones are shown instead."""
    defaults = _runtime_defaults(runtime)
    for parameter in function.parameters:
        if str(parameter.default) == "..." and parameter.name in defaults:
            parameter.default = defaults[parameter.name].strip()


def _fill_compiled(obj: griffe.Object) -> None:
    if obj.is_module:
        _add_overloaded(obj)
    for member in list(obj.members.values()):
        if member.is_alias or member.name.startswith("_"):
            continue
        runtime = _runtime(member)
        if runtime is None or not (inspect.isclass(runtime) or callable(runtime)
                                   or inspect.isdatadescriptor(runtime)
                                   or isinstance(runtime, (property, staticmethod))):
            continue  # constants: an int's docstring is int's
        if isinstance(runtime, staticmethod):
            runtime = runtime.__func__
        doc = getattr(runtime, "__doc__", None)
        if doc:
            text = _without_signature(doc, member.name)
            if text:
                member.docstring = griffe.Docstring(text, parent=member)
        if member.is_function:
            _fill_defaults(member, runtime)
        if member.is_class:
            if "__init__" in member.members:
                _fill_defaults(member.members["__init__"], runtime)
            _fill_compiled(member)


_SOURCES: dict[str, list[str]] = {}


def _source_lines(obj: griffe.Object) -> list[str]:
    path = str(obj.filepath)
    if path not in _SOURCES:
        _SOURCES[path] = Path(path).read_text(encoding="utf-8").splitlines()
    return _SOURCES[path]


def _comment_docstring(attr: griffe.Object, is_field: bool) -> str | None:
    if not attr.lineno:
        return None
    lines = _source_lines(attr)
    above = []
    k = attr.lineno - 2
    while k >= 0 and lines[k].strip().startswith("#:"):
        above.insert(0, lines[k].strip()[2:].strip())
        k -= 1
    if above:
        return " ".join(above)
    if is_field:
        line = lines[attr.lineno - 1]
        if "  # " in line:
            text = line.split("  # ", 1)[1].strip()
            if text.startswith("or ") and attr.annotation is not None:
                text = f"A `{attr.annotation}`, {text}"  # "variant: Variant  # or its name"
            return text
    return None


def _is_record(cls: griffe.Class) -> bool:
    try:
        return any(base.path == RECORD for base in cls.mro())
    except ValueError:
        return False


def _record_fields(cls: griffe.Class) -> list[griffe.Attribute]:
    fields = []
    for member in cls.members.values():
        if member.is_alias or not member.is_attribute or member.name.startswith("_"):
            continue
        if member.annotation is None or "property" in member.labels:
            continue
        fields.append(member)
    return fields


def _set_record_init(cls: griffe.Class) -> None:
    parameters = [griffe.Parameter("self", kind=griffe.ParameterKind.positional_or_keyword)]
    for klass in reversed(cls.mro()):
        if klass.path != RECORD and _is_record(klass):
            parameters.extend(
                griffe.Parameter(f.name, annotation=f.annotation, default=f.value,
                                 kind=griffe.ParameterKind.positional_or_keyword)
                for f in _record_fields(klass))
    parameters.extend(
        griffe.Parameter(f.name, annotation=f.annotation, default=f.value,
                         kind=griffe.ParameterKind.positional_or_keyword)
        for f in _record_fields(cls))
    init = griffe.Function("__init__", lineno=cls.lineno, endlineno=cls.lineno, parent=cls,
                           parameters=griffe.Parameters(*parameters), returns="None")
    cls.set_member("__init__", init)


_DOCTEST = re.compile(r"^(?P<indent>[ \t]*)>>> ")
_RULES_PAGE = Path(__file__).resolve().parent.parent / "rules.md"
_CITATION = re.compile(r"(?<![`\w/])docs/rules\.md(?:\s+(?P<section>\d+)(?:\.\d+)?)?(?![`\w])")
_SECTIONS: dict[str, str] = {}


def _section_anchors() -> dict[str, str]:
    """Section number -> heading anchor of docs/rules.md ("## 4. Bet sizes ...")."""
    if not _SECTIONS:
        from markdown.extensions.toc import slugify

        for line in _RULES_PAGE.read_text(encoding="utf-8").splitlines():
            match = re.match(r"## (\d+)\. ", line)
            if match:
                _SECTIONS[match[1]] = slugify(line[3:].strip(), "-")
    return _SECTIONS


def _link_citations(text: str) -> str:
    """Links "docs/rules.md 4.4" (possibly broken over two lines) to its section,
    outside code spans."""
    anchors = _section_anchors()

    def link(match: re.Match[str]) -> str:
        anchor = anchors.get(match["section"] or "")
        return f"[{match[0]}][{anchor}]" if anchor else match[0]

    parts = re.split(r"(``.*?``|`[^`]*`)", text, flags=re.S)
    return "".join(part if k % 2 else _CITATION.sub(link, part) for k, part in enumerate(parts))


def _markdown(text: str) -> str:
    """The text with its doctest examples as pycon blocks and its rule
    citations as links."""
    out: list[str] = []
    prose: list[str] = []
    lines = text.splitlines()
    i = 0
    while i < len(lines):
        match = _DOCTEST.match(lines[i])
        if not match:
            prose.append(lines[i])
            i += 1
            continue
        if prose:
            out.append(_link_citations("\n".join(prose)))
            prose = []
        indent = match["indent"]
        if out and out[-1].strip():
            out.append("")
        out.append(f"{indent}```pycon")
        while i < len(lines) and lines[i].strip():
            out.append(lines[i])
            i += 1
        out.append(f"{indent}```")
    if prose:
        out.append(_link_citations("\n".join(prose)))
    return "\n".join(out)


def _walk(obj: griffe.Object, seen: set[str]) -> None:
    if obj.path in seen:
        return
    seen.add(obj.path)
    if obj.is_class and _is_record(obj) and obj.path != RECORD and "__init__" not in obj.members:
        _set_record_init(obj)
    for member in list(obj.members.values()):
        if member.is_alias:
            continue
        if member.is_attribute:
            member.labels -= {"class-attribute", "instance-attribute", "module-attribute"}
        if member.is_attribute and member.docstring is None:
            is_field = obj.is_class and _is_record(obj)
            text = _comment_docstring(member, is_field)
            if text:
                member.docstring = griffe.Docstring(text, parent=member)
        if member.is_module or member.is_class:
            _walk(member, seen)  # converts its own docstring
        elif member.docstring is not None:
            member.docstring.value = _markdown(member.docstring.value)
    if obj.docstring is not None:
        obj.docstring.value = _markdown(obj.docstring.value)


class StudDocs(griffe.Extension):
    """See the module's docstring."""

    def on_package(self, *, pkg: griffe.Module, **kwargs: Any) -> None:
        if pkg.name != "stud":
            return
        compiled = COMPILED.rsplit(".", 1)[1]
        if compiled in pkg.members:
            _fill_compiled(pkg.members[compiled])
        _walk(pkg, set())
