"""The event log shares its list without a lock, and stays right under threads (issue 19)."""

from __future__ import annotations

import sys
import threading
import time

from teenpatti_rules.records import EventLog


def test_branches_and_shared_appends_keep_their_own_items() -> None:
    base: EventLog[str] = EventLog(("a",))
    left = base.appended("b")  # the longest prefix: shares the list
    right = base.appended("c")  # a branch: copies
    assert list(left) == ["a", "b"] and list(right) == ["a", "c"] and list(base) == ["a"]
    assert list(left.appended("d", "e")) == ["a", "b", "d", "e"]


class _SlowLen(list[object]):
    """A list whose ``len`` lets other threads run: it widens the window between the
    log's check and its append, so that races happen in the test."""

    def __len__(self) -> int:
        length = super().__len__()
        time.sleep(0.0002)  # the length may be stale when the caller reads it
        return length


def test_many_threads_appending_to_the_same_log_at_once() -> None:
    # Every round, eight threads append to one log that is the longest prefix of its
    # list, released together by a barrier: one may share the list, the others must
    # copy; every result holds exactly the log's items and its own.
    old = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)  # switch threads as often as possible
    workers = 8
    barrier = threading.Barrier(workers)
    rounds = 60
    logs = [EventLog._prefix(_SlowLen(range(4)), 4) for _ in range(rounds)]
    results: dict[tuple[int, int], EventLog[object]] = {}

    def work(worker: int) -> None:
        for index, log in enumerate(logs):
            barrier.wait()
            results[worker, index] = log.appended(("w", worker, index), ("x", worker))

    try:
        threads = [threading.Thread(target=work, args=(w,)) for w in range(workers)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    finally:
        sys.setswitchinterval(old)
    for (worker, index), log in results.items():
        assert list(log) == [0, 1, 2, 3, ("w", worker, index), ("x", worker)]
        assert list(logs[index]) == [0, 1, 2, 3]
    assert len(results) == workers * rounds
