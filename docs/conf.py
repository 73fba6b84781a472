"""Sphinx configuration for the teenpatti_rules documentation."""

from __future__ import annotations

import sys
from pathlib import Path

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
nitpicky = False
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
