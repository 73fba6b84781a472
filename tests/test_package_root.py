"""The package root is lazy (PEP 562): ``import teenpatti_rules`` imports no module of
the library, and every public name still imports from the root (issue 19).
"""

from __future__ import annotations

import importlib
import subprocess
import sys

import pytest

import teenpatti_rules as tp


def _fresh(code: str) -> str:
    """The output of ``code`` run by a fresh interpreter (no module imported yet)."""
    out = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True)
    return out.stdout.strip()


@pytest.mark.parametrize("name", tp.__all__)
def test_every_public_name_imports_from_the_root(name: str) -> None:
    namespace: dict[str, object] = {}
    exec(f"from teenpatti_rules import {name}", namespace)
    assert namespace[name] is getattr(tp, name)


def test_the_table_names_exactly_the_public_names_and_their_homes() -> None:
    where = tp._WHERE
    assert set(where) | {"__version__"} == set(tp.__all__)
    for name, module in where.items():
        assert getattr(importlib.import_module(module, "teenpatti_rules"), name) is getattr(
            tp, name
        )


def test_dir_lists_every_public_name() -> None:
    assert set(tp.__all__) <= set(dir(tp))
    assert (
        _fresh(
            "import teenpatti_rules as tp; print(sorted(tp.__all__) == [n for n in dir(tp) if n in tp.__all__])"
        )
        == "True"
    )


def test_importing_the_root_imports_no_module_of_the_library() -> None:
    loaded = _fresh(
        "import sys, teenpatti_rules; "
        "print(sorted(m for m in sys.modules if m.startswith('teenpatti_rules')))"
    )
    assert loaded == "['teenpatti_rules']"


def test_a_name_imports_only_what_it_needs() -> None:
    """``Rules`` needs neither the engine nor the JSON forms nor the players."""
    loaded = _fresh(
        "import sys; from teenpatti_rules import Rules; "
        "print(sorted({m.split('.')[1] for m in sys.modules if m.startswith('teenpatti_rules.')}))"
    )
    for heavy in ("engine", "io", "players", "stream", "text"):
        assert f"'{heavy}'" not in loaded


def test_star_import_and_submodules_still_work() -> None:
    namespace: dict[str, object] = {}
    exec("from teenpatti_rules import *", namespace)
    assert set(tp.__all__) <= set(namespace)
    assert tp.engine.apply is tp.apply  # a submodule is an attribute, as before
    assert _fresh("import teenpatti_rules as tp; print(tp.engine.apply is tp.apply)") == "True"


def test_an_unknown_name_is_an_attribute_error() -> None:
    with pytest.raises(AttributeError, match="no attribute 'bots'"):
        tp.bots  # noqa: B018 (the removed module)
    with pytest.raises(AttributeError, match="no attribute '_secret'"):
        tp._secret  # noqa: B018
    with pytest.raises(ImportError):
        exec("from teenpatti_rules import not_a_name", {})
