"""The per-line cost of reading a batch line, for one or more sharecard binaries, in one run.

Each line carries every field a line can have (id, size, format, quality, photo and all the
event's own) and names a photo that does not exist, so the line is parsed, its fields taken
out, the event decoded and the card built, then fails at once without rendering. Every binary
runs a 1-line and an N-line file, interleaved, RUNS times; the per-line cost is the difference
of the medians over N - 1 lines, as CPU time (user + system, steadier on a shared machine)
and wall time.

    python3 bench/batch_parse.py .build/release/sharecard /tmp/base/sharecard --lines 20000 --runs 7

A binary outside a checkout finds fonts/, palettes/ and templates/ through SHARECARD_HOME.
"""
import argparse
import os
import statistics
import subprocess
import tempfile
import time


def line(i):
    return ('{"id":"c%06d","title":"Event number %d with a longer title","date":"2024-06-01","endDate":"2024-06-03",'
            '"subtitle":"A subtitle","emoji":"\U0001F389","color":"user_red","palette":"dark","template":"photo",'
            '"locale":"de","size":"og","format":"jpeg","quality":80,"photo":"missing/p%d.jpg"}' % (i, i, i))


def run(binary, events, out):
    start = time.perf_counter()
    with open(os.devnull, "wb") as null:
        process = subprocess.Popen([binary, "batch", events, "--out", out, "--jobs", "1"], stdout=null, stderr=null)
        _, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - start
    if os.waitstatus_to_exitcode(status) != 1:
        raise SystemExit("%s: expected exit status 1 (every line fails), got %d" % (binary, os.waitstatus_to_exitcode(status)))
    return usage.ru_utime + usage.ru_stime, wall


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("binaries", nargs="+")
    parser.add_argument("--lines", type=int, default=20000)
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        files = {}
        for count in (1, args.lines):
            files[count] = os.path.join(scratch, "events-%d.jsonl" % count)
            with open(files[count], "w") as f:
                f.write("".join(line(i) + "\n" for i in range(1, count + 1)))
        samples = {(b, n): [] for b in args.binaries for n in files}
        for r in range(args.runs + 1):
            for binary in args.binaries:
                for count, path in files.items():
                    sample = run(binary, path, os.path.join(scratch, "out"))
                    if r > 0:  # the first round warms the caches
                        samples[(binary, count)].append(sample)
        print("load average after: %s" % " ".join("%.2f" % x for x in os.getloadavg()))
        for binary in args.binaries:
            cpu = [statistics.median(s[0] for s in samples[(binary, n)]) for n in (1, args.lines)]
            wall = [statistics.median(s[1] for s in samples[(binary, n)]) for n in (1, args.lines)]
            per_cpu = (cpu[1] - cpu[0]) / (args.lines - 1) * 1e6
            per_wall = (wall[1] - wall[0]) / (args.lines - 1) * 1e6
            print("%s: 1 line %.0f ms CPU; %d lines %.0f ms CPU, %.0f ms wall; per line %.1f µs CPU, %.1f µs wall"
                  % (binary, cpu[0] * 1e3, args.lines, cpu[1] * 1e3, wall[1] * 1e3, per_cpu, per_wall))


if __name__ == "__main__":
    main()
