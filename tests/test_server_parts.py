"""The server's parts one by one: the library seams (action JSON, timeouts, bots, names,
rules), the store (schema version, a failed write), the command line and the app
builder."""

from __future__ import annotations

import asyncio
import random
import sys
import time
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette", reason="the server extra is not installed")
pytest.importorskip("httpx2", reason="starlette's TestClient needs httpx2")

from starlette.testclient import TestClient

from teenpatti_rules import (
    AcceptSideShow,
    Bet,
    Deal,
    Draw,
    Look,
    Pack,
    SideShow,
    Timeout,
    apply,
    new_session,
    parse_cards,
)
from teenpatti_rules.cli import main
from teenpatti_rules.io.messages import events_to_json
from teenpatti_rules.presets import find_variant
from teenpatti_rules.server import library, require_extra
from teenpatti_rules.server.library import Refusal
from teenpatti_rules.server.run import build
from teenpatti_rules.server.store import open_store


def test_action_json_round_trips_for_the_sender() -> None:
    for action in (Bet(2, 4), SideShow(2, 8), Look(2), Pack(2), AcceptSideShow(2)):
        assert library.action_from_json(library.action_to_json(action), 2) == action
    # the seat may be left out: it is the sender's
    assert library.action_from_json({"type": "Bet", "amount": 4}, 1) == Bet(1, 4)
    draw = Draw(0, parse_cards("As Kd"))
    assert library.action_to_json(draw) == {"type": "Draw", "seat": 0, "cards": ["As", "Kd"]}
    assert library.action_from_json({"type": "Draw", "cards": ["As", "Kd"]}, 0) == draw
    # a deal is never described with its deck, and never read from a client (R6)
    assert library.action_to_json(Deal(0, parse_cards("As Kd Qh 2c 3d 4h 5s 6c 7d"))) == {
        "type": "Deal",
        "seat": 0,
    }


@pytest.mark.parametrize(
    "document, code",
    [
        ({"type": "Deal"}, "table_deals"),
        ({"type": "Pack", "seat": 0}, "not_your_seat"),
        ({"type": "Pack", "seat": True}, "not_your_seat"),
        ({"type": "Fold"}, "bad_action"),
        ({"type": "Bet", "amount": "4"}, "bad_action"),
        ({"type": "Bet", "amount": 4.0}, "bad_action"),
        ({"type": "Pack", "why": "bored"}, "bad_action"),
        ({"type": "Draw", "cards": "As"}, "bad_action"),
        ({"type": "Draw", "cards": ["Zz"]}, "bad_action"),
        ({"type": "Draw", "cards": ["As"] * 600}, "bad_action"),
        ("Pack", "bad_action"),
        ({"type": "Pack", "version": 2}, "bad_action"),
        ({"type": "Timeout"}, "table_clock"),
        ({"type": "Bet", "amount": -4}, "bad_action"),
    ],
)
def test_hostile_actions_are_refused_with_a_code(document: Any, code: str) -> None:
    with pytest.raises(Refusal) as refused:
        library.action_from_json(document, 1)
    assert refused.value.code == code
    assert refused.value.to_json()["message"]


def test_an_action_read_again_is_the_same_and_lookalikes_are_still_refused() -> None:
    """Actions read once are remembered by their exact document: the same document
    (for the same seat) reads the same, and a document equal only in Python (``true``
    for ``1``, ``1.0`` for ``1``) is still read strictly and refused."""
    assert library.action_from_json({"type": "Bet", "amount": 1}, 1) == Bet(1, 1)
    assert library.action_from_json({"amount": 1, "type": "Bet"}, 1) == Bet(1, 1)
    assert library.action_from_json({"type": "Bet", "amount": 1}, 2) == Bet(2, 1)
    for lookalike in ({"type": "Bet", "amount": True}, {"type": "Bet", "amount": 1.0}):
        with pytest.raises(Refusal) as refused:
            library.action_from_json(lookalike, 1)
        assert refused.value.code == "bad_action"


def test_the_table_acts_for_a_player_out_of_time() -> None:
    state = new_session(["A", "B", "C"], seed=5, dealer=0)
    assert library.timeout_action(state) is None  # nobody must act between hands
    state = apply(state, Deal(0))
    actor = state.actor
    assert actor is not None
    assert library.timeout_action(state) == Timeout(actor)  # packs on its turn (S6)
    assert not library.apply_at_turn(state, Timeout(actor), state.turn).seats[actor].in_hand
    assert library.waiting_for(state) == actor
    # a pending sideshow asked of a seat is refused for it (R31)
    state = apply(state, Look(actor))
    state = apply(state, Bet(actor, 2))
    following = state.actor
    assert following is not None
    state = apply(state, Look(following))
    state = apply(state, SideShow(following, 2))
    target = state.actor
    assert target is not None
    assert library.timeout_action(state) == Timeout(target)  # refuses the sideshow (S6)
    refused = library.apply_at_turn(state, Timeout(target), state.turn)
    assert refused.seats[target].in_hand and refused.seats[following].in_hand


def test_stale_turns_and_engine_refusals() -> None:
    state = apply(new_session(["A", "B", "C"], seed=5, dealer=0), Deal(0))
    actor = state.actor
    assert actor is not None
    with pytest.raises(Refusal) as stale:
        library.apply_at_turn(state, Pack(actor), state.turn - 1)
    assert (stale.value.code, stale.value.rule) == ("stale_turn", "S9")
    # a look is free and never stale (S9)
    assert library.apply_at_turn(state, Look(actor), state.turn - 1).seats[actor].seen
    other = (actor + 1) % 3
    with pytest.raises(Refusal) as refused:
        library.apply_at_turn(state, Pack(other), state.turn)
    assert refused.value.code == "not_your_turn" and "turn" in refused.value.message
    # the turn number moves when the actor changes, not on a look (S9)
    looked = library.apply_at_turn(state, Look(actor), None)
    assert library.turn_of(looked) == library.turn_of(state)
    packed = library.apply_at_turn(state, Pack(actor), None)
    assert library.turn_of(packed) == library.turn_of(state) + 1


def test_bots_names_and_rules() -> None:
    state = apply(new_session(["A", "B", "C"], seed=5, dealer=0), Deal(0))
    actor = state.actor
    assert actor is not None
    action = library.bot_action(library.bot_chooser("rule"), state, actor, random.Random(1))
    assert action is not None and action.seat == actor
    assert callable(library.bot_chooser("equity"))
    with pytest.raises(ValueError, match="bot"):
        library.bot_chooser("oracle")
    # between hands a bot never deals: the table does (R6)
    fresh = new_session(["A", "B", "C"], seed=5, dealer=0)
    assert library.bot_action(library.bot_chooser("rule"), fresh, 0, random.Random(1)) is None
    assert library.check_name(" Asha ", ["Bilal"]) == "Asha"
    with pytest.raises(ValueError, match="taken"):
        library.check_name("Asha", ["Asha"])
    # S1: names are compared after NFC normalising, so a decomposed é is the same name
    with pytest.raises(ValueError, match="taken"):
        library.check_name("Ame\u0301lie", ["Amélie"])
    with pytest.raises(TypeError):
        library.check_name(7, [])
    assert library.rules_from_request(None, None) == find_variant("classic")
    assert library.rules_from_request("classic", {"boot": 2}).boot == 2
    with pytest.raises(ValueError):
        library.rules_from_request("classic", ["boot"])
    with pytest.raises(ValueError):
        library.rules_from_request(7, None)
    assert {"name", "summary"} <= set(library.preset_list()[0])


def test_store_refuses_another_schema_and_reports_failed_writes(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="sqlite"):
        open_store("mysql://somewhere/db")
    with pytest.raises(ValueError, match="file"):
        open_store("sqlite:///")
    url = f"sqlite:///{tmp_path / 's.db'}"
    store = open_store(url)
    store.start()

    async def writes() -> None:
        insert = (
            "INSERT INTO tp_hands (table_id, hand_number, last_seq, result) VALUES (?, ?, ?, ?)"
        )
        await store.write((insert, ("t", 1, 5, "{}")))
        with pytest.raises(Exception, match="UNIQUE"):
            await store.write((insert, ("t", 1, 6, "{}")))
        await store.write((insert, ("t", 2, 9, "{}")))

    asyncio.run(writes())
    store.stop()
    assert [row[:2] for row in store.hand_rows("t")] == [(1, 5), (2, 9)]
    import sqlite3

    with sqlite3.connect(tmp_path / "s.db") as connection:
        connection.execute("UPDATE tp_schema SET version = 99")
    with pytest.raises(RuntimeError, match="schema version 99"):
        open_store(url)


def test_each_writer_of_a_batch_is_told_its_own_outcome(tmp_path: Path) -> None:
    """Writes queued together may be committed in one transaction (group commit); the
    one that fails is retried alone and only its writer gets the error."""
    store = open_store(f"sqlite:///{tmp_path / 's.db'}")
    store.start()
    insert = "INSERT INTO tp_hands (table_id, hand_number, last_seq, result) VALUES (?, ?, ?, ?)"

    async def writes() -> list[BaseException | None]:
        return await asyncio.gather(
            *(store.write((insert, ("t", hand, hand, "{}"))) for hand in (1, 2, 1, 3)),
            return_exceptions=True,
        )

    outcomes = asyncio.run(writes())
    store.stop()
    assert [outcome is None for outcome in outcomes] == [True, True, False, True]
    assert "UNIQUE" in str(outcomes[2])  # hand 1 of table t twice
    assert [row[0] for row in store.hand_rows("t")] == [1, 2, 3]


def test_build_opens_a_starter_table_with_bots(tmp_path: Path) -> None:
    app = build(f"sqlite:///{tmp_path / 'b.db'}", clock=5, bots=2, deal_delay=3600)
    with TestClient(app) as client:  # type: ignore[arg-type]
        tables = client.get("/api/tables").json()["tables"]
        assert len(tables) == 1
        assert [c and c["kind"] for c in tables[0]["chairs"]] == ["rule", "rule", None]
        assert client.get("/").status_code == 200
        assert "table.js" in client.get(f"/table/{tables[0]['id']}").text
        assert client.get("/static/style.css").status_code == 200
    with pytest.raises(ValueError, match="clock"):
        build(f"sqlite:///{tmp_path / 'b.db'}", clock=-1)


def test_the_serve_command(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: Any) -> None:
    assert main(["serve", "--port", "70000"]) == 2
    assert main(["serve", "--bots", "99"]) == 2
    assert main(["serve", "--db", "mysql://x/y"]) == 2
    assert "sqlite" in capsys.readouterr().err
    import logging

    import uvicorn

    # serve() sets up logging to stderr: keep pytest's captured stderr out of it
    monkeypatch.setattr(logging, "basicConfig", lambda **_: None)
    served: list[Any] = []
    monkeypatch.setattr(uvicorn.Server, "run", lambda self: served.append(self.config))
    db = f"sqlite:///{tmp_path / 'c.db'}"
    assert main(["serve", "--db", db, "--port", "8123", "--clock", "10"]) == 0
    assert served[0].port == 8123 and served[0].host == "127.0.0.1"
    assert served[0].ws_per_message_deflate is False


def test_export_gives_replayable_finished_hands(tmp_path: Path, capsys: Any) -> None:
    from teenpatti_rules import History, replay

    db = f"sqlite:///{tmp_path / 'e.db'}"
    app = build(db, clock=0, bot_delay=0, deal_delay=0)
    with TestClient(app) as client:  # type: ignore[arg-type]
        table = client.post("/api/tables", json={"players": 3, "bots": 3}).json()["id"]
        for _ in range(400):  # three bots play by themselves
            if client.get(f"/api/tables/{table}").json()["hand_number"] >= 3:
                break
            time.sleep(0.02)
    assert main(["serve", "--db", db, "--export", table, "--hand", "1"]) == 0
    history = History.from_json(capsys.readouterr().out)
    state = replay(history)
    assert state.phase.name == "AWAITING_DEAL" and state.result is not None
    assert state.result.hand_number == 1
    # the chips of the three bots are all still at the table (R42)
    assert sum(seat.stack for seat in state.seats) == 3 * 100
    assert main(["serve", "--db", db, "--export", table, "--hand", "999"]) == 2
    assert main(["serve", "--db", db, "--export", "nope"]) == 2


def test_require_extra_names_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    require_extra()
    monkeypatch.setitem(sys.modules, "uvicorn", None)
    with pytest.raises(ImportError, match=r"'server' extra"):
        require_extra()


@pytest.mark.parametrize("seat", [0, 1, None])
def test_the_narration_of_each_stream_adds_up_to_the_hand(seat: int | None) -> None:
    """The lines an ``events`` message carries (the new events only) are, put end to
    end, the whole hand's narration (R43: each viewer its own log), across the deal."""
    from teenpatti_rules import Join

    rules = find_variant("classic", open_table=True)
    _, state = library.start_history(rules, [None, None, None], 11)
    for chair, name in enumerate(("Asha", "Bilal", "Chen")):
        state = apply(state, Join(chair, name))
    cursor = library.view_cursor(state, seat)
    stake, pot = state.stake, state.pot
    lines: list[str] = []
    rng = random.Random(3)
    state = apply(state, library.deal_action(state))
    while True:
        found = library.events_text(state, seat, cursor)
        assert found is not None
        text, cursor, events = found
        # each event written once and reused: the library's stream message exactly
        assert text == events_to_json(events, cursor)
        lines += library.narration_since(state, events, stake, pot)
        stake, pot = state.stake, state.pot
        if state.result is not None:
            break
        actor = library.waiting_for(state)
        assert actor is not None
        moves = [m for m in library.seat_actions(state, actor) if type(m).__name__ != "Leave"]
        state = apply(state, rng.choice(moves))
    assert lines == library.narration(state, seat)
