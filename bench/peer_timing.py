"""Timing shared by the peer scripts: warm up, then the median of many runs."""
import statistics
import time


def median_ms(fn, iterations):
    for _ in range(3):
        fn()
    samples = []
    for _ in range(iterations):
        start = time.perf_counter_ns()
        fn()
        samples.append((time.perf_counter_ns() - start) / 1e6)
    return statistics.median(samples)
