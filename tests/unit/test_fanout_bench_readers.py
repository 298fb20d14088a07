"""The fan-out bench's readers, which stand for the viewers' own devices, step aside for the server (tests/bench/)."""

import argparse
import multiprocessing
import os

import pytest

from tests.bench.fanout import IDLE, parse, reader_priority, step_aside


def _stepped_aside(priority: str | int, results: multiprocessing.Queue) -> None:
    step_aside(priority)
    results.put((os.sched_getscheduler(0), os.nice(0)))


def priority_after(priority: str | int) -> tuple[int, int]:
    """(scheduling policy, nice value) of a fresh process once it has stepped aside by ``priority``."""
    context = multiprocessing.get_context("fork")
    results = context.Queue()
    child = context.Process(target=_stepped_aside, args=(priority, results))
    child.start()
    try:
        return results.get(timeout=30)
    finally:
        child.join(30)


def test_idle_readers_run_only_where_no_other_process_wants_the_cpu():
    policy, _ = priority_after(reader_priority("idle"))
    assert policy == os.SCHED_IDLE


def test_a_number_nices_the_readers_and_keeps_the_ordinary_policy():
    before = os.nice(0)
    policy, nice = priority_after(reader_priority("7"))
    assert (policy, nice) == (os.SCHED_OTHER, min(before + 7, 19))


def test_the_default_priority_is_idle():
    assert parse([]).readers_priority == IDLE


def test_a_priority_is_idle_or_a_nice_value():
    with pytest.raises(argparse.ArgumentTypeError):
        reader_priority("low")
