"""Timing shared by the peer scripts: warm up, then the median of many runs. Wall clock, or
the thread's CPU time when sharecard-bench runs with --cpu-time (SHARECARD_BENCH_CPU_TIME=1)."""
import os
import statistics
import time

_clock = time.thread_time_ns if os.environ.get("SHARECARD_BENCH_CPU_TIME") == "1" else time.perf_counter_ns


def median_ms(fn, iterations):
    for _ in range(3):
        fn()
    samples = []
    for _ in range(iterations):
        start = _clock()
        fn()
        samples.append((_clock() - start) / 1e6)
    return statistics.median(samples)
