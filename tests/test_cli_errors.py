"""The command line's error exits, ``python -m teenpatti_rules``, ``teenpatti schema``,
the JSON writer's big-int fallback and the hand ranks' comparisons with other types.
"""

from __future__ import annotations

import argparse
import importlib
import json
import runpy
import sys

import pytest

from teenpatti_rules import evaluate, parse_cards
from teenpatti_rules.io.json_text import ENCODE, STDLIB_ENCODE
from teenpatti_rules.presets import PRESETS

# the module (the package ``teenpatti_rules.cli`` re-exports its function ``main``)
cli_main = importlib.import_module("teenpatti_rules.cli.main")


def _raising(error: BaseException):  # type: ignore[no-untyped-def]
    def handler(args: argparse.Namespace) -> int:
        raise error

    return handler


def _patch_handler(monkeypatch: pytest.MonkeyPatch, error: BaseException) -> None:
    """Make ``teenpatti variants`` raise ``error`` from its handler."""
    monkeypatch.setattr(cli_main.variants, "run", _raising(error))


def test_value_error_exits_2_with_one_folded_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    _patch_handler(monkeypatch, ValueError("bad\n   state:\tstack  -1"))
    assert cli_main.main(["variants"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == "teenpatti variants: error: bad state: stack -1\n"


def test_keyboard_interrupt_exits_130(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    _patch_handler(monkeypatch, KeyboardInterrupt())
    assert cli_main.main(["variants"]) == 130
    assert capsys.readouterr().err == "\n"


def test_broken_pipe_exits_141_quietly(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    _patch_handler(monkeypatch, BrokenPipeError())
    duplicated: list[tuple[int, int]] = []
    # keep the test process's stdout: record the redirection instead of doing it
    monkeypatch.setattr(cli_main.os, "dup2", lambda a, b: duplicated.append((a, b)))
    monkeypatch.setattr(sys.stdout, "fileno", lambda: 1, raising=False)
    assert cli_main.main(["variants"]) == 141  # 128 + SIGPIPE, as `yes | head`
    assert len(duplicated) == 1 and duplicated[0][1] == 1
    assert capsys.readouterr().err == ""


@pytest.mark.parametrize(
    ("argv", "code", "printed"),
    [
        (["variants"], 0, tuple(PRESETS)),  # every named table is listed
        (["no-such-command"], 2, ()),  # argparse's usage exit, passed on
    ],
)
def test_python_dash_m_runs_the_command_line(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    argv: list[str],
    code: int,
    printed: tuple[str, ...],
) -> None:
    monkeypatch.setattr(sys, "argv", ["teenpatti", *argv])
    with pytest.raises(SystemExit) as exit_info:
        runpy.run_module("teenpatti_rules", run_name="__main__")
    assert exit_info.value.code == code
    out = capsys.readouterr().out
    for name in printed:
        assert name in out


def test_schema_command_prints_a_draft_2020_12_schema(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert cli_main.main(["schema", "action"]) == 0
    document = json.loads(capsys.readouterr().out)
    assert isinstance(document, dict)
    assert "2020-12" in document["$schema"]


@pytest.mark.parametrize("value", [2**70, -(2**70), {"seed": 2**64}, [1, 2**65 + 3]])
def test_writer_falls_back_for_ints_past_64_bits(value: object) -> None:
    text = ENCODE(value)
    assert text == STDLIB_ENCODE(value)
    assert json.loads(text) == value


def test_hand_ranks_compare_only_with_hand_ranks() -> None:
    low = evaluate(parse_cards("2c 5d 9h"))  # high card (R12)
    high = evaluate(parse_cards("Ac Ad Ah"))  # trail of aces (R9)
    assert high >= low and not low >= high
    assert low <= high and low < high and high > low
    for op in ("__lt__", "__le__", "__gt__", "__ge__"):
        assert getattr(low, op)(5) is NotImplemented
    with pytest.raises(TypeError):
        assert low < 5  # type: ignore[operator]
    with pytest.raises(TypeError):
        assert low >= "x"  # type: ignore[operator]
