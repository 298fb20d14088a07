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
