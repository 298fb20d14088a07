"""How far chance moves a ratio of percentiles, as the benches print it."""

import random

from tests.bench.summary import ratio_interval


def samples(scale: float, seed: int) -> list[float]:
    rng = random.Random(seed)
    return [scale * rng.lognormvariate(1, 0.4) for _ in range(600)]


def test_two_runs_of_one_latency_have_a_p99_ratio_interval_around_one_and_wider_than_the_medians():
    low50, high50 = ratio_interval(samples(1, 1), samples(1, 2), 50)
    low99, high99 = ratio_interval(samples(1, 1), samples(1, 2), 99)

    assert low50 < 1 < high50 and low99 < 1 < high99
    assert high99 - low99 > 2 * (high50 - low50)


def test_a_latency_half_as_long_again_has_a_p99_ratio_interval_wholly_above_one():
    low, high = ratio_interval(samples(1.5, 1), samples(1, 2), 99)

    assert 1 < low < 1.5 < high


def drifting(seed: int) -> list[float]:
    """600 latencies of one machine whose speed drifts: 12 spells of 50 commands, each at a level of its own."""
    rng = random.Random(seed)
    return [level * rng.lognormvariate(1, 0.2) for level in (rng.lognormvariate(0, 0.15) for _ in range(12))
            for _ in range(50)]


def test_resampled_in_blocks_two_runs_of_a_drifting_machine_are_seldom_told_apart_one_by_one_often():
    told_apart = {1: 0, 50: 0}
    for pair in range(20):
        first, second = drifting(2 * pair + 1), drifting(2 * pair + 2)
        for block in told_apart:
            low, high = ratio_interval(first, second, 50, block=block, resamples=500)
            told_apart[block] += not low < 1 < high

    # A 95% interval should leave out one in twenty; one by one, half of them miss.
    assert told_apart[1] >= 8
    assert told_apart[50] <= 4
