"""Sphinx configuration for the teenpatti_rules documentation."""

from __future__ import annotations

import teenpatti_rules

project = "teenpatti_rules"
author = "teenpatti_rules developers"
release = teenpatti_rules.__version__
extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.doctest",
    "sphinx.ext.viewcode",
]
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
