"""The benchmark behind `make bench`: Redis, store and HTTP rates and game load times (see docs/benchmarks.md).

No module here is named ``test_*``, so pytest never collects the benchmark.
"""
