#!/usr/bin/env bash
# Load figures of the server layer (docs/operations.md, "The server layer under load"),
# with wrk on loopback, against a release build of `sharecard serve` with its defaults
# (workers = cores, queue 64, 1,024 connections, 64 per address, header deadline 10 s):
#
#   capacity   uncached cards (unique.lua) at 64 and 256 connections (no per-address limit:
#              wrk is one address, as a proxy would be), while a probe asks
#              /healthz 20 times a second on its own connection (probe.lua): cards/s (200s
#              counted by the service), 429s, and the probe's latency and statuses
#   log        cached cards (repeated.lua) at 64 connections with the access log on (to a
#              file) and with --quiet: the ratio of the two; then the log on a pipe nobody
#              reads: requests still answered, entries dropped (from /metrics)
#   slowloris  1,100 slow-header connections from 44 addresses (127.0.0.10-53, slowloris.py),
#              reconnecting when closed; meanwhile cached cards at 16 connections, the probe,
#              and 20 fresh connections timed with curl; the same without the attack first
#
#   bench/load/server-layer.sh [--duration S] [--binary PATH] [--scenarios "capacity log slowloris"]
#                              [--rounds N]
#
# capacity runs N rounds (default 3) of 64 then 256 connections back to back and reports the
# median of the rounds' ratios: other work on a shared machine moves throughput between runs
# far more than the connection count does. Each run also reports how long the server's
# threads were ready to run but waited for a core taken by other processes (schedstat).
#
# Only 127.0.0.x addresses are used. The server, wrk and the slow clients share the machine:
# ratios within one run are what the figures are for. Every wait is bounded.
set -euo pipefail

duration=10
binary=""
scenarios="capacity log slowloris"
rounds=3
while (($#)); do
  case "$1" in
    --duration) duration="$2"; shift 2 ;;
    --binary) binary="$2"; shift 2 ;;
    --scenarios) scenarios="$2"; shift 2 ;;
    --rounds) rounds="$2"; shift 2 ;;
    -h|--help) sed -n '2,27p' "$0"; exit 0 ;;
    *) echo "server-layer.sh: unknown option $1" >&2; exit 2 ;;
  esac
done

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
source "$here/../../scripts/env.sh" # Swift on PATH, cwd = package root

scripts/install-packages wrk
for tool in curl awk python3; do
  command -v "$tool" >/dev/null 2>&1 || { echo "server-layer.sh: $tool is required" >&2; exit 1; }
done
if [[ -z "$binary" ]]; then
  scripts/setup >&2
  timeout 1800 swift build -c release --product sharecard >&2
  timeout 1800 swift build -c release --product sharecard-faces >&2
  timeout 1800 swift build -c release --product sharecard-faces-opencv >&2
  binary="$(swift build -c release --show-bin-path)/sharecard"
fi
[[ -x "$binary" ]] || { echo "server-layer.sh: no executable at $binary" >&2; exit 1; }
ulimit -n 8192 2>/dev/null || true

results="$(mktemp -d /tmp/sharecard-server-layer.XXXXXX)"
server_pid="" ; background=()
source "$here/stop-server.sh"
cleanup() {
  for pid in "${background[@]}"; do kill "$pid" 2>/dev/null || true; done
  stop_server
  exec 3>&- 2>/dev/null || true
  rm -f "$results"/server*.log "$results/log.fifo"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

start_server() { # LOG ARGS...: a fresh server with stderr to LOG; sets server_pid, base
  local log="$1"; shift
  "$binary" serve --host 127.0.0.1 --port 0 "$@" 2>"$log" &
  server_pid=$!
  local port=""
  for _ in $(seq 1 100); do
    port="$(grep -a -o 'listening on http://127\.0\.0\.1:[0-9]*' "$log" 2>/dev/null | head -1 | sed 's/.*://')" || true
    [[ -n "$port" ]] && break
    kill -0 "$server_pid" 2>/dev/null || break
    sleep 0.1
  done
  [[ -n "$port" ]] || { echo "server-layer.sh: the server did not start" >&2; exit 1; }
  base="http://127.0.0.1:$port"
  for _ in 1 2 3; do curl -s -o /dev/null --max-time 10 "$base/v1/cards/classic.png?title=Warm%20up"; done
  while IFS= read -r path; do
    [[ -n "$path" ]] && curl -s -o /dev/null --max-time 10 "$base$path"
  done <"$here/repeated-paths.txt"
}
metric() { # NAME [LABELS]: one value from /metrics
  curl -s --max-time 5 "$base/metrics" | awk -v n="$1" '$1 == n { print $2; found = 1 } END { if (!found) print 0 }'
}
cards_ok() { metric 'sharecard_requests_total{route="card",status="200"}'; }
field() { sed -n "s/.* $1=\([^ ]*\).*/\1/p" "$2"; }
# the server's CPU time so far (user + system), in clock ticks: a cost per request that other
# work on a shared machine does not distort the way throughput is distorted
cpu_ticks() { awk '{ print $14 + $15 }' "/proc/$server_pid/stat" 2>/dev/null || echo 0; }
# seconds the server's threads have spent waiting on a run queue (ready, no core free)
runqueue_wait() { cat /proc/"$server_pid"/task/*/schedstat 2>/dev/null | awk '{ s += $2 } END { printf "%.3f", s / 1e9 }'; }
per_request_us() { # TICKS0 TICKS1 REQUESTS
  awk -v a="$1" -v b="$2" -v n="$3" -v hz="$(getconf CLK_TCK)" 'BEGIN { if (n > 0) printf "%.1f", (b - a) / hz * 1e6 / n; else print "n/a" }'
}
status_count() { # FILE CODE: how many answers of CODE the wrk script counted
  field statuses "$1" | tr ',' '\n' | awk -F: -v c="$2" '$1 == c { n += $2 } END { print n + 0 }'
}
probe() { # TAG: the health probe, in the background, for the scenario's duration
  wrk -t1 -c1 -d"${duration}s" --timeout 5s -s "$here/probe.lua" "$base" -- /healthz 50 >"$results/$1.probe" 2>&1 &
  background+=($!)
  probe_pid=$!
}
report_probe() { # TAG
  local f="$results/$1.probe"
  echo "    /healthz probe: $(field requests "$f") requests, p50 $(field p50_ms "$f") ms, p99 $(field p99_ms "$f") ms, max $(field max_ms "$f") ms, statuses $(field statuses "$f")"
}

echo "sharecard server-layer load test, $(date -u '+%Y-%m-%d %H:%M UTC'), commit $(git rev-parse --short HEAD 2>/dev/null || echo unknown)"
echo "machine: $(nproc) cores, load average before: $(cut -d' ' -f1-3 /proc/loadavg) (shared: compare ratios within this run)"
echo "wrk: 2 threads, ${duration} s per run; results in $results"

salt="$(date +%s)"
for scenario in $scenarios; do
  case "$scenario" in
  capacity)
    # wrk is one address, as a proxy is: no per-address limit (64 would refuse the rest)
    echo; echo "capacity: uncached cards, default queue (64), --quiet --max-connections-per-ip 0"
    start_server "$results/server-capacity.log" --quiet --max-connections-per-ip 0
    for round in $(seq 1 "$rounds"); do
    echo "  round $round of $rounds (load average $(cut -d' ' -f1 /proc/loadavg))"
    for c in 64 256; do
      # the previous run's queue drains first (its clients are gone: dropped unrendered)
      for _ in $(seq 1 100); do [[ "$(metric sharecard_in_flight)" == 0 ]] && break; sleep 0.1; done
      before="$(cards_ok)"; full0="$(metric sharecard_http_queue_full_total)"; t0="$(cpu_ticks)"; w0="$(runqueue_wait)"
      probe "capacity-c$c-r$round"
      wrk -t2 -c"$c" -d"${duration}s" --timeout 5s -s "$here/unique.lua" "$base" -- "$salt-c$c-r$round" count \
        >"$results/capacity-c$c-r$round.wrk" 2>&1 || true
      wait "$probe_pid" || true
      t1="$(cpu_ticks)"; w1="$(runqueue_wait)"; after="$(cards_ok)"; full1="$(metric sharecard_http_queue_full_total)"
      f="$results/capacity-c$c-r$round.wrk"
      secs="$(field seconds "$f")"
      cps="$(awk -v a="$after" -v b="$before" -v s="$secs" 'BEGIN { printf "%.0f", (a - b) / s }')"
      echo "  $c connections: $cps cards/s (200s), all answers $(field rps "$f")/s, 429s $((full1 - full0)), card p99 $(field p99_ms "$f") ms, server CPU $(per_request_us "$t0" "$t1" $((after - before))) us per card, $(awk -v b="$(field bytes "$f")" -v r="$(field requests "$f")" 'BEGIN { printf "%.0f", r ? b / r : 0 }') bytes per answer, socket errors $(( $(field connect_errors "$f") + $(field read_errors "$f") + $(field timeouts "$f") )), server threads waited $(awk -v a="$w0" -v b="$w1" 'BEGIN { printf "%.1f", b - a }') s for a core"
      report_probe "capacity-c$c-r$round"
      echo "$round $c $cps" >>"$results/capacity"
    done
    done
    awk '{ cps[$1, $2] = $3; n = $1 } END {
      for (r = 1; r <= n; r++) { ratio[r] = 100 * cps[r, 256] / cps[r, 64]; printf "  round %d: 256 vs 64 connections: %.0f%% of the cards/s\n", r, ratio[r] }
      for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (ratio[j] < ratio[i]) { t = ratio[i]; ratio[i] = ratio[j]; ratio[j] = t }
      median = n % 2 ? ratio[(n + 1) / 2] : (ratio[n / 2] + ratio[n / 2 + 1]) / 2
      printf "  median of %d rounds: %.0f%% (target >= 90%%)\n", n, median }' "$results/capacity"
    stop_server
    ;;
  log)
    echo; echo "log: cached cards at 64 connections, access log on (to a file) vs --quiet, interleaved twice"
    : >"$results/log-cost"
    for mode in log quiet log quiet; do
      if [[ $mode == log ]]; then start_server "$results/server-log.log" --max-connections-per-ip 0
      else start_server "$results/server-quiet.log" --quiet --max-connections-per-ip 0; fi
      t0="$(cpu_ticks)"
      wrk -t2 -c64 -d"${duration}s" --timeout 5s -s "$here/repeated.lua" "$base" -- png >"$results/log-$mode.wrk" 2>&1 || true
      t1="$(cpu_ticks)"
      f="$results/log-$mode.wrk"
      us="$(per_request_us "$t0" "$t1" "$(field requests "$f")")"
      echo "  $mode: $(field rps "$f") answers/s, p99 $(field p99_ms "$f") ms, server CPU $us us per answer, dropped log entries $(metric sharecard_access_log_dropped_total)"
      echo "$mode $(field rps "$f") $us" >>"$results/log-cost"
      stop_server
    done
    awk '{ rps[$1] += $2; us[$1] += $3 } END {
      printf "  log on / --quiet: throughput %.0f%%, server capacity (CPU per answer, quiet / log) %.0f%% (target >= 80%%)\n",
        100 * rps["log"] / rps["quiet"], 100 * us["quiet"] / us["log"] }' "$results/log-cost"
    # a pipe nobody reads: held open for writing and reading here, never read
    mkfifo "$results/log.fifo"
    exec 3<>"$results/log.fifo"
    "$binary" serve --host 127.0.0.1 --port 0 2>"$results/log.fifo" >"$results/server-fifo.out" &
    server_pid=$!
    port=""
    for _ in $(seq 1 100); do # the "listening" line is in the pipe: ask /proc for the port
      port="$(ss -ltnpH 2>/dev/null | awk -v p="pid=$server_pid," 'index($0, p) { n = split($4, a, ":"); print a[n]; exit }')"
      [[ -n "$port" ]] && break; sleep 0.1
    done
    [[ -n "$port" ]] || { echo "server-layer.sh: the fifo server did not start" >&2; exit 1; }
    base="http://127.0.0.1:$port"
    probe "log-fifo"
    wrk -t2 -c16 -d"${duration}s" --timeout 5s -s "$here/repeated.lua" "$base" -- png >"$results/log-fifo.wrk" 2>&1 || true
    wait "$probe_pid" || true
    echo "  stderr on a pipe nobody reads: $(field requests "$results/log-fifo.wrk") requests answered ($(field rps "$results/log-fifo.wrk")/s, timeouts $(field timeouts "$results/log-fifo.wrk")), dropped log entries $(metric sharecard_access_log_dropped_total)"
    report_probe "log-fifo"
    { kill -KILL "$server_pid"; wait "$server_pid"; } 2>/dev/null || true; server_pid=""
    exec 3>&-
    ;;
  slowloris)
    echo; echo "slowloris: 1,100 slow-header connections from 44 addresses (127.0.0.10-53), one byte every 3 s"
    start_server "$results/server-slowloris.log" --quiet
    port="${base##*:}"
    for phase in baseline attack; do
      if [[ $phase == attack ]]; then
        python3 "$here/slowloris.py" "$port" --connections 1100 --addresses 44 --first 10 --interval 3 \
          --seconds $((duration + 12)) >"$results/slowloris.out" 2>&1 &
        background+=($!); attack_pid=$!
        sleep 8 # the attack reaches its size
        echo "  during the attack: $(metric sharecard_http_open_connections) connections open"
      fi
      probe "slowloris-$phase"
      wrk -t2 -c16 -d"${duration}s" --timeout 5s -s "$here/repeated.lua" "$base" -- png count >"$results/slowloris-$phase.wrk" 2>&1 &
      wrk_pid=$!
      : >"$results/slowloris-$phase.fresh"
      for _ in $(seq 1 20); do
        curl -s -o /dev/null --max-time 5 -w '%{http_code} %{time_total}\n' "$base/healthz" >>"$results/slowloris-$phase.fresh" || echo "000 5" >>"$results/slowloris-$phase.fresh"
        sleep 0.3
      done
      wait "$wrk_pid" || true; wait "$probe_pid" || true
      f="$results/slowloris-$phase.wrk"
      echo "  $phase: cached cards $(field rps "$f")/s, p99 $(field p99_ms "$f") ms, statuses $(field statuses "$f"), socket errors $(( $(field connect_errors "$f") + $(field read_errors "$f") + $(field timeouts "$f") ))"
      report_probe "slowloris-$phase"
      sort -k2 -g "$results/slowloris-$phase.fresh" | awk '{ n++; if ($1 == 200) ok++; t[n] = $2 }
        END { printf "    20 fresh connections: %d answered 200, median %.0f ms, slowest %.0f ms\n", ok, 1000 * t[int((n + 1) / 2)], 1000 * t[n] }'
    done
    wait "$attack_pid" || true
    echo "  $(cat "$results/slowloris.out")"
    echo "  header deadlines enforced: $(metric sharecard_http_header_timeouts_total); per-address refusals: $(metric sharecard_http_per_address_refusals_total)"
    stop_server
    ;;
  *) echo "server-layer.sh: unknown scenario $scenario" >&2; exit 2 ;;
  esac
done
