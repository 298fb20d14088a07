"""The connection table the gevent workers balance by (service/gunicorn/balance.py), with time as data."""

from __future__ import annotations

import gevent
import pytest

from service.gunicorn import balance as gunicorn_balance
from service.gunicorn.balance import GRACE, BalancedPool, Table


def table_of(*counts: int) -> tuple[Table, list[int]]:
    """A table whose workers (ages 1, 2, ...) hold ``counts`` connections, and their slots."""
    table = Table(slots=8)
    slots = [table.assign(age) for age in range(1, len(counts) + 1)]
    for age, (slot, count) in enumerate(zip(slots, counts, strict=True), start=1):
        table.start(slot, age)
        table.publish(slot, count)
    return table, slots


def test_a_worker_holding_more_than_the_least_loaded_is_over_its_share_and_an_equal_one_is_not():
    table, (a, b, c) = table_of(3, 2, 2)

    assert [table.over_share(slot) for slot in (a, b, c)] == [True, False, False]


def test_a_worker_with_fewer_connections_that_carry_requests_takes_the_next_however_many_streams_it_holds():
    table, (a, b) = table_of(0, 0)
    table.publish(a, 14, streams=12)
    table.publish(b, 4, streams=0)

    assert not table.over_share(a) and table.over_share(b)


def test_between_workers_with_as_many_connections_that_carry_requests_the_one_with_more_streams_is_over_its_share():
    table, (a, b) = table_of(0, 0)
    table.publish(a, 6, streams=2)
    table.publish(b, 5, streams=1)

    assert table.over_share(a) and not table.over_share(b)


def test_a_worker_still_starting_counts_for_nothing_until_it_serves():
    table, (a,) = table_of(2)
    starting = table.assign(age=2)

    before = table.over_share(a)
    table.start(starting, age=2)

    assert not before and table.over_share(a)


def test_a_freed_slot_no_longer_counts_and_is_given_to_the_next_worker():
    table, (a, b) = table_of(5, 0)

    table.release(b, age=2)

    assert not table.over_share(a)
    assert table.assign(age=3) == b


def test_a_slot_is_freed_only_for_the_worker_that_holds_it():
    table, (a, b) = table_of(5, 0)

    table.release(b, age=7)

    assert table.over_share(a)


@pytest.fixture
def over_its_share(monkeypatch) -> tuple[BalancedPool, list[float]]:
    """A worker's pool holding one connection more than its sibling, and the clock it reads (seconds, settable)."""
    table, (a, _) = table_of(0, 0)
    pool = BalancedPool(10, table, a)
    table.publish(a, 1)
    now = [100.0]
    monkeypatch.setattr(gunicorn_balance.time, "monotonic", lambda: now[0])
    return pool, now


def test_a_pool_over_its_share_is_full_until_a_connection_waited_grace_seconds(over_its_share):
    pool, now = over_its_share

    asked = []
    for _ in range(int(GRACE / 0.005) + 2):
        asked.append(pool.full())
        now[0] += 0.005

    assert asked[0] and asked[-1] is False
    assert asked.index(False) == pytest.approx(GRACE / 0.005, abs=1)


def test_a_connection_arriving_after_a_quiet_spell_waits_its_own_grace(over_its_share):
    pool, now = over_its_share
    pool.full()
    now[0] += 10 * GRACE

    assert pool.full()


def test_the_pool_publishes_how_many_of_its_connections_are_streams_when_told():
    table, (a, b) = table_of(0, 0)
    pool = BalancedPool(10, table, a)
    spawned = [pool.spawn(gevent.sleep, 0.01) for _ in range(2)]
    table.publish(b, 1)

    carrying_requests = table.over_share(a)
    pool.count_streams(2)
    all_streams = table.over_share(a)
    pool.join()

    assert len(spawned) == 2 and carrying_requests and not all_streams


def test_the_pool_publishes_how_many_connections_it_holds():
    table, (a, b) = table_of(0, 0)
    pool = BalancedPool(10, table, a)

    spawned = [pool.spawn(lambda: None) for _ in range(3)]
    held = table.over_share(a)
    pool.join()

    assert len(spawned) == 3 and held
    assert not table.over_share(a) and not table.over_share(b)
