#!/usr/bin/env bash
# Release check: build the wheel and the sdist, twine check them, install the wheel into
# a fresh virtual environment (no access to the source tree) and play one hand there.
# Usage: tools/package_smoke.sh PYTHON   (the project's .venv python, with build and twine)
set -euo pipefail
py=$1
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
"$py" -m build --sdist --wheel --outdir "$out/dist" . >"$out/build.log" 2>&1 || {
  tail -n 30 "$out/build.log" >&2
  echo "package: python -m build failed" >&2
  exit 1
}
"$py" -m twine check --strict "$out"/dist/*
"$py" -m venv "$out/venv"
wheel=$(ls "$out"/dist/*.whl)
"$out/venv/bin/python" -m pip install --disable-pip-version-check -q "$wheel" >"$out/pip.log" 2>&1 || {
  tail -n 30 "$out/pip.log" >&2
  echo "package: installing the wheel into a fresh venv failed" >&2
  exit 1
}
cd "$out"  # away from src/: the installed wheel, not the work tree, is imported
"$out/venv/bin/python" - <<'PY'
import random

import teenpatti_rules as tp
from teenpatti_rules import Deal, Phase, apply, choose, new_session, view

assert "site-packages" in tp.__file__, tp.__file__
state = new_session(["Asha", "Bilal", "Chen"], seed=7)
state = apply(state, Deal(state.dealer))
rng = random.Random(1)
while state.phase is not Phase.AWAITING_DEAL:  # one hand, automatic players (R44)
    state = apply(state, choose(view(state, state.actor), state.actor, rng))
assert state.result is not None and state.total_chips == 300  # R42
print(f"package: the wheel installs and plays a hand ({tp.__version__}, {tp.__file__})")
PY
"$out/venv/bin/teenpatti" --version
