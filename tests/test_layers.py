"""The layers contract: every import in src/ (function-level imports included, those
under ``if TYPE_CHECKING:`` not) goes to the importing module's own layer or a layer
above it, as docs/architecture.rst draws them. The layers are read from that page's
"layers contract" block, so the page and the test cannot disagree.

There are no known violations to allow: the last two (``State.__str__`` importing the
text layer and the views) went when ``str(state)`` became the state's own one line.
"""

from __future__ import annotations

import ast
import functools
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SRC = ROOT / "src" / "teenpatti_rules"
PAGE = ROOT / "docs" / "architecture.rst"
PACKAGE = "teenpatti_rules"


@functools.cache
def layers() -> list[tuple[str, list[str]]]:
    """The layers of the page's contract block, top (imported by all) first."""
    text = PAGE.read_text(encoding="utf-8")
    block = text.split(".. layers-contract-start", 1)[1].split(".. layers-contract-end", 1)[0]
    found = []
    for line in block.splitlines():
        match = re.match(r"^\s+(\d+)\. (\S[^:]*): (.+)$", line)
        if match:
            found.append((match[2], match[3].split()))
    return found


def module_name(path: Path) -> str:
    parts = path.relative_to(SRC.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def layer_of(module: str, table: list[tuple[str, list[str]]]) -> int | None:
    """The index of ``module``'s layer; None for the package root (the facade)."""
    rest = module.removeprefix(PACKAGE).lstrip(".")
    if rest == "":
        return _facade_layer(table)
    if rest == "__main__":
        return None
    # the longest member naming the module: "hands/arguments" before "hands/"
    best: tuple[int, int] | None = None
    for index, (_, members) in enumerate(table):
        for member in members:
            name = member.rstrip("/").replace("/", ".")
            named = rest == name or rest.startswith(name + ".")
            if named and (best is None or len(name) > best[0]):
                best = (len(name), index)
    if best is not None:
        return best[1]
    raise AssertionError(f"{module} is in no layer of docs/architecture.rst")


def _facade_layer(table: list[tuple[str, list[str]]]) -> int:
    """The package root's layer: the highest layer it imports from. The root is lazy
    (PEP 562): it imports its names on first use from the modules its ``_WHERE`` table
    names, so those count as its imports."""
    tree = ast.parse((SRC / "__init__.py").read_text(encoding="utf-8"))
    lazy = {
        PACKAGE + value.value
        for node in ast.walk(tree)
        if isinstance(node, ast.AnnAssign | ast.Assign)
        and "_WHERE"
        in ast.unparse(node.targets[0] if isinstance(node, ast.Assign) else node.target)
        and isinstance(node.value, ast.Dict)
        for value in node.value.values
        if isinstance(value, ast.Constant) and isinstance(value.value, str)
    }
    eager = {
        imported
        for importer, imported, _ in imports()
        if importer == PACKAGE and imported != PACKAGE
    }
    return max((layer_of(name, table) or 0 for name in lazy | eager), default=0)


def _type_checking_lines(tree: ast.Module) -> set[int]:
    lines: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            for child in node.body:
                for sub in ast.walk(child):
                    if hasattr(sub, "lineno"):
                        lines.add(sub.lineno)
    return lines


@functools.cache
def imports() -> list[tuple[str, str, int]]:
    """(importer, imported module, line) for every import of the package in src/."""
    found = []
    for path in sorted(SRC.rglob("*.py")):
        module = module_name(path)
        is_package = path.name == "__init__.py"
        tree = ast.parse(path.read_text(encoding="utf-8"))
        skip = _type_checking_lines(tree)
        for node in ast.walk(tree):
            if getattr(node, "lineno", None) in skip:
                continue
            if isinstance(node, ast.Import):
                found += [
                    (module, a.name, node.lineno) for a in node.names if a.name.startswith(PACKAGE)
                ]
            elif isinstance(node, ast.ImportFrom):
                if node.level:
                    base = module.split(".")
                    base = base if is_package else base[:-1]
                    base = base[: len(base) - node.level + 1]
                    target = ".".join(base + ([node.module] if node.module else []))
                else:
                    target = node.module or ""
                if target.startswith(PACKAGE):
                    if node.module is None or target == PACKAGE:  # from . import x
                        found += [
                            (module, _submodule(target, a.name), node.lineno) for a in node.names
                        ]
                    else:
                        found.append((module, target, node.lineno))
    return found


def _submodule(package: str, name: str) -> str:
    """``package.name`` if that is a module of src/, else ``package`` (a name it defines)."""
    folder = SRC.parent.joinpath(*package.split("."))
    if (folder / f"{name}.py").exists() or (folder / name / "__init__.py").exists():
        return f"{package}.{name}"
    return package


def violations() -> list[tuple[str, str, int]]:
    table = layers()
    bad = []
    for importer, imported, line in imports():
        own, other = layer_of(importer, table), layer_of(imported, table)
        if importer == PACKAGE:
            continue  # the facade
        if own is not None and other is not None and other > own:
            bad.append((importer, imported, line))
    return bad


def test_the_page_lists_every_module_of_src() -> None:
    table = layers()
    assert [name for name, _ in table][:3] == ["base", "hands", "values"]
    for path in SRC.rglob("*.py"):
        layer_of(module_name(path), table)


def test_every_import_goes_to_its_own_layer_or_above() -> None:
    found = [f"{a} imports {b} (line {n})" for a, b, n in violations()]
    assert not found, "\n".join(found)


MAX_MODULE_LINES = 500
"""Issue 19: every module of ``src/`` reads in one sitting."""


def test_no_module_is_longer_than_one_sitting() -> None:
    long = {
        str(path.relative_to(SRC)): count
        for path in SRC.rglob("*.py")
        if (count := len(path.read_text(encoding="utf-8").splitlines())) > MAX_MODULE_LINES
    }
    assert not long, f"split these modules (over {MAX_MODULE_LINES} lines): {long}"
