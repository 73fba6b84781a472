"""Bad options of the adapters and the session runner get clear errors; rarer paths."""

from __future__ import annotations

import random
from typing import Any

import pytest

import teenpatti_rules as tp
from teenpatti_rules import encoding as enc
from teenpatti_rules.simulate import SessionConfig, SessionSummary, run_sessions, totals


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"num_players": True}, "num_players"),
        ({"num_players": 3, "rules": "default"}, "rules"),
        ({"num_players": 9}, "num_players must be 3..7"),
        ({"num_players": 3, "stacks": [5, 5]}, "stacks"),
        ({"num_players": 3, "max_turns": 0}, "max_turns"),
        ({"num_players": 3, "obs_format": "dict"}, "obs_format"),
        ({"num_players": 3, "render_mode": "rgb_array"}, "render_mode"),
    ],
)
def test_pettingzoo_options(kwargs: dict[str, Any], message: str) -> None:
    pytest.importorskip("pettingzoo")
    from teenpatti_rules.adapters.pettingzoo import raw_env

    with pytest.raises(ValueError, match=message):
        raw_env(**kwargs)


def test_pettingzoo_render_modes(capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("pettingzoo")
    from teenpatti_rules.adapters.pettingzoo import raw_env

    quiet = raw_env(num_players=3)
    quiet.reset(seed=2)
    assert quiet.render() is None
    loud = raw_env(num_players=3, render_mode="human")
    loud.reset(seed=2)
    loud.render()
    first = capsys.readouterr().out
    assert first.startswith("Hand 1: dealer ")
    loud.step(2)  # CHAAL: the narration grows by one line
    assert len(capsys.readouterr().out.splitlines()) == 1
    loud.reset(seed=3)  # a new hand: printed from its first line again
    loud.render()
    assert capsys.readouterr().out.startswith("Hand 1: dealer ")


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"opponents": "smart"}, "opponents"),
        ({"opponents": 3}, "opponents"),
        ({"learner": 3}, "learner"),
        ({"max_turns": 0}, "max_turns"),
        ({"illegal": "ignore"}, "illegal"),
        ({"render_mode": "human"}, "render_mode"),
    ],
)
def test_gymnasium_options(kwargs: dict[str, Any], message: str) -> None:
    pytest.importorskip("gymnasium")
    from teenpatti_rules.adapters.gymnasium import TeenPattiEnv

    with pytest.raises(ValueError, match=message):
        TeenPattiEnv(**kwargs)


def test_gymnasium_policy_that_does_nothing_and_truncation() -> None:
    pytest.importorskip("gymnasium")
    from teenpatti_rules.adapters.gymnasium import TeenPattiEnv

    def idle(view: tp.State, seat: int, rng: random.Random) -> tp.Action | None:
        return None

    env = TeenPattiEnv(num_players=3, learner=2, opponents=idle)
    with pytest.raises(ValueError, match="chose nothing"):  # unless the learner acts first
        for seed in range(20):
            env.reset(seed=seed)
            env.step(int(enc.ActionId.PACK))
    assert env.render() is None
    env = TeenPattiEnv(num_players=3, session=True, max_turns=1, opponents="random")
    env.reset(seed=4)
    look = int(enc.ActionId.LOOK)
    if env.action_masks()[look]:
        _, _, terminated, truncated, _ = env.step(look)
        assert truncated and not terminated


def test_openspiel_observers() -> None:
    pyspiel = pytest.importorskip("pyspiel")
    from teenpatti_rules.adapters import openspiel as tos

    game = pyspiel.load_game("python_teen_patti", {"players": 3})
    state = game.new_initial_state()
    for index in range(9):
        state.apply_action(index)
    state.apply_action(int(enc.ActionId.LOOK))
    public = game.make_py_observer(
        pyspiel.IIGObservationType(
            public_info=True,
            perfect_recall=False,
            private_info=pyspiel.PrivateInfoType.NONE,
        )
    )
    public.set_from(state, 1)
    assert public.tensor[:52].sum() == 0  # no private cards in a public observer
    private = game.make_py_observer()
    private.set_from(state, 1)
    assert private.tensor[:52].sum() == 3  # seat 1 has looked (R22)
    assert "cards:" in private.string_from(state, 1)
    with pytest.raises(ValueError, match="parameters"):
        tos.TeenPattiObserver(game, pyspiel.IIGObservationType(perfect_recall=False), {"x": 1})
    state.apply_action(int(enc.ActionId.SIDESHOW) if 4 in state.legal_actions() else 2)
    assert str(state).startswith("[")


def test_encoding_errors() -> None:
    state = tp.apply(tp.new_session(["A", "B", "C"], seed=3, dealer=0), tp.Deal(0))
    with pytest.raises(ValueError, match="bet_bins"):
        enc.action_ids(state, 1, bet_bins=1)
    with pytest.raises(ValueError, match="action_id must be an int"):
        enc.action_for_id(state, 1, "2")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="seats"):
        enc.observation_layout(1)
    assert enc.id_for_action(state, tp.Pack(7)) is None
    assert enc.id_for_action(state, tp.Bet(1, 3)) is None  # not an amount of the alphabet
    assert enc.id_for_action(state, tp.Bet(1, 2)) == enc.ActionId.RAISE
    assert enc.action_name(9) == "REFUSE"


def test_simulate_errors_and_paths() -> None:
    config = SessionConfig(players=3, rules=tp.Rules(hand_limit=2))
    with pytest.raises(ValueError, match="master_seed"):
        run_sessions(config, 1, master_seed="1")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="config"):
        run_sessions("config", 1, master_seed=1)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="not callable"):
        run_sessions(SessionConfig(policies="teenpatti_rules.__version__"), 1, master_seed=1)
    with pytest.raises(ValueError, match="policies must name"):
        SessionConfig(players=3, policies=("a:b", "c:d"))
    with pytest.raises(ValueError, match="out of order"):
        run_sessions(
            config, 4, master_seed=1, chunksize=1, map=lambda f, xs: reversed(list(map(f, xs)))
        )
    seen: list[int] = []
    dotted = SessionConfig(
        players=3, rules=tp.Rules(hand_limit=2), policies="teenpatti_rules.random_choice"
    )
    results = run_sessions(dotted, 3, master_seed=1, chunksize=2, progress=seen.append)
    assert seen == [2, 3]
    one = totals(results[:1])
    assert one.ci95 == (0.0, 0.0, 0.0)
    with pytest.raises(ValueError, match="at least one"):
        totals([])
    assert SessionSummary(0, 0, 1, (0,), (3, 0, 0), (2, -1, -1)).history is None
