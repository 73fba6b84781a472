"""A table's listeners: a listener that falls more than ``OUTBOX`` messages behind is
dropped, and one whose peer is gone stops quietly and is closed (S9)."""

from __future__ import annotations

import asyncio

import pytest

pytest.importorskip("starlette", reason="the server extra is not installed")

from teenpatti_rules.server.listener import OUTBOX, Listener


class Peer:
    """A stand-in connection: records what it is sent and whether it was closed."""

    def __init__(self, fail: bool = False) -> None:
        self.sent: list[str] = []
        self.closed = 0
        self.fail = fail

    async def send(self, text: str) -> None:
        if self.fail:
            raise ConnectionResetError("the peer is gone")
        self.sent.append(text)

    async def close(self) -> None:
        self.closed += 1


def test_a_listener_too_far_behind_is_dropped() -> None:
    """One message past ``OUTBOX`` queued: the listener's sending task is cancelled."""

    async def scenario() -> tuple[int, bool]:
        peer = Peer()
        listener = Listener(None, False, peer.send, peer.close)
        listener.task = asyncio.ensure_future(asyncio.sleep(3600))
        for index in range(OUTBOX):
            listener.post(f"m{index}")
        assert not listener.task.cancelled()
        listener.post("one too many")
        with pytest.raises(asyncio.CancelledError):
            await asyncio.wait_for(listener.task, 10)
        return listener.outbox.qsize(), listener.task.cancelled()

    queued, cancelled = asyncio.run(scenario())
    assert queued == OUTBOX  # the extra message was not queued
    assert cancelled


def test_a_listener_whose_peer_is_gone_stops_and_closes() -> None:
    """A send that fails ends the listener's loop without raising; it closes once."""

    async def scenario() -> Peer:
        peer = Peer(fail=True)
        listener = Listener(0, True, peer.send, peer.close)
        listener.post("hello")
        listener.post("never sent")
        await asyncio.wait_for(listener.run(), 10)
        assert listener.bytes_sent == len("hello")
        return peer

    peer = asyncio.run(scenario())
    assert peer.sent == []
    assert peer.closed == 1


def test_a_stopped_listener_sends_what_was_queued_then_closes() -> None:
    async def scenario() -> Peer:
        peer = Peer()
        listener = Listener(1, False, peer.send, peer.close)
        listener.post("a")
        listener.post("bc")
        listener.stop()
        listener.post("after the stop")
        await asyncio.wait_for(listener.run(), 10)
        assert listener.bytes_sent == 3
        return peer

    peer = asyncio.run(scenario())
    assert peer.sent == ["a", "bc"]
    assert peer.closed == 1
