"""Sphinx configuration for the teenpatti_rules documentation."""

from __future__ import annotations

import sys
from pathlib import Path
from types import ModuleType

from sphinx.application import Sphinx
from sphinx.errors import PycodeError
from sphinx.pycode import ModuleAnalyzer

import teenpatti_rules

# odds_chart.py (next to this file) draws the odds page's chart.
sys.path.insert(0, str(Path(__file__).parent))

project = "teenpatti_rules"
author = "teenpatti_rules developers"
copyright = "2026, teenpatti_rules developers"
release = teenpatti_rules.__version__
extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.doctest",
    "sphinx.ext.viewcode",
    "myst_parser",
    "matplotlib.sphinxext.plot_directive",
]
source_suffix = {".rst": "restructuredtext"}
html_theme = "furo"
html_title = "teenpatti_rules"
autodoc_member_order = "bysource"
autodoc_default_options = {"members": True, "show-inheritance": False}
autodoc_typehints = "description"
autodoc_typehints_description_target = "documented_params"
autodoc_type_aliases = {"NDArray": "numpy.typing.NDArray"}
nitpicky = True
# Intersphinx cannot reach docs.python.org or attrs.org from the build machines (no
# network but the package index), and no objects.inv can be fetched to ship; so the
# references to the standard library and to the third-party packages (attrs, cattrs,
# numpy, hypothesis, the RL frameworks) are not checked: only those, by the regex below.
# Every reference inside teenpatti_rules is checked.
nitpick_ignore_regex = [
    (
        r"py:.*",
        r"(argparse|attrs?|cattrs|collections|copy|decimal|enum|fractions|gymnasium|hypothesis"
        r"|json|numba|orjson|pathlib"
        r"|st|itertools|numpy|operator|pettingzoo|pyspiel|random|typing|types)(\..*)?",
    ),
    (r"py:.*", r"NDArray|str|int|str\.format"),
]
# Every reference inside teenpatti_rules resolves (issue 19): no internal target is
# ignored. A new broken reference is fixed where it is written (document the target,
# or point at what exists), never listed here.
nitpick_ignore: list[tuple[str, str]] = []
exclude_patterns = ["_build"]

# Docstring examples are run by pytest --doctest-modules; Sphinx's doctest builder runs
# the examples written in the pages themselves (``.. doctest::`` blocks).
doctest_test_doctest_blocks = ""
doctest_global_setup = "from teenpatti_rules import *"

# The odds page's chart is drawn at build time (``.. plot::``, matplotlib in the docs
# extra) by docs/odds_chart.py; no image is checked in.
plot_formats = [("png", 100)]
plot_html_show_source_link = False
plot_html_show_formats = False
plot_include_source = False


# A package re-exports constants of its modules in ``__all__`` (``encoding`` the
# ``OBSERVATION_LAYOUT`` of ``encoding.observations``, ``odds`` the sample limits of
# ``odds.chances``). Their docstring is written where they are defined, but autodoc
# documents a constant only with a docstring in the documented module's own source: it
# would skip them. The hook below lends the package the docstring of the definition, so
# that they are documented under the package, their public home.


def _definition_doc(name: str, value: object, documented_in: str) -> list[str] | None:
    """The docstring of the constant ``name`` (``value``) in the teenpatti_rules module
    other than ``documented_in`` that defines it, or None if there is none."""
    for modname, module in sorted(sys.modules.items()):
        if modname == documented_in or not modname.startswith("teenpatti_rules."):
            continue
        if getattr(module, name, None) is not value:
            continue
        try:
            docs = ModuleAnalyzer.for_module(modname).find_attr_docs()
        except PycodeError:
            continue
        if ("", name) in docs:
            return list(docs["", name])
    return None


def _lend_constant_docs(
    app: Sphinx, what: str, name: str, obj: object, options: object, lines: list[str]
) -> None:
    """When autodoc reads a module's docstring (before its members): add the docstring of
    each constant the module re-exports to what autodoc knows of the module's source."""
    if what != "module" or not name.startswith("teenpatti_rules"):
        return
    try:
        docs = ModuleAnalyzer.for_module(name).find_attr_docs()
    except PycodeError:
        return
    for member in getattr(obj, "__all__", ()):
        value = getattr(obj, member, None)
        if ("", member) in docs or callable(value) or isinstance(value, ModuleType):
            continue
        doc = _definition_doc(member, value, name)
        if doc is not None:
            docs["", member] = doc


def _private(base: object) -> bool:
    return isinstance(base, type) and base.__name__.startswith("_")


def _public_bases(
    app: Sphinx, name: str, obj: object, options: object, bases: list[object]
) -> None:
    """Show a private base class as its own bases (``State``'s ``_EngineMarks``, two
    private slots, is no part of the API)."""
    while any(map(_private, bases)):
        bases[:] = [
            parent
            for base in bases
            for parent in (base.__bases__ if isinstance(base, type) and _private(base) else (base,))
        ]


def setup(app: Sphinx) -> None:
    """Connect the hooks above."""
    app.connect("autodoc-process-docstring", _lend_constant_docs)
    app.connect("autodoc-process-bases", _public_bases)
