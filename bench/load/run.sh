#!/usr/bin/env bash
# Load test of `sharecard serve` on loopback with wrk (docs/operations.md, "Load figures").
#
#   bench/load/run.sh                 build (release), then every scenario and the memory check
#   bench/load/run.sh --quick         3 s scenarios and a 20,000-request memory check
#   bench/load/run.sh --server-layer  then also bench/load/server-layer.sh with the same binary:
#                                     capacity at 64 and 256 connections with a /healthz probe,
#                                     the access log's cost, slowloris (see that script)
#
# Scenarios, each at 16 and 64 connections for --duration seconds:
#   unique    every request a new title (unique.lua): rendered and encoded each time
#   repeated  eight card URLs over and over (repeated.lua): the server's in-memory PNG cache
#   etag      the same eight with If-None-Match: 304 without a body. Driven by h2load, not wrk:
#             a 304 here carries the Content-Length of the PNG it stands for (RFC 9110 §8.6;
#             docs/operations.md), which wrk's parser takes for a body and waits on. h2load sends
#             one header to every path, so it lists all eight tags (a match on any one is a 304).
#             h2load reports mean and longest latency, not percentiles: they are printed in the
#             p50 and p99.9 columns, marked ~ and ^.
# For each: requests/s, latency p50/p90/p99/p99.9 (wrk's own histogram, printed by the Lua
# done()), socket errors and timeouts, responses >= 400, the server's own count of answers
# by status (from /metrics, before and after), and the server's resident memory (VmRSS of
# /proc/PID/status) before, during (sampled every second) and after.
# Then the memory check: --memory-requests requests (default 100,000) in batches of
# --batch (default 10,000), every other one a new card (mixed.lua), RSS sampled after every
# batch; it passes when RSS stays under 150 MB and is flat: the mean RSS after the batches of
# the second half exceeds that of the first half by less than 10 MB.
#
# Everything runs on 127.0.0.1: the server binds it, wrk and curl connect to it. Every wait
# and loop is bounded. The server and wrk share the machine's cores: the figures are for
# this arrangement, not for the server alone. Results stay in a temporary folder (printed).
set -euo pipefail

usage() {
  cat <<'EOF'
usage: bench/load/run.sh [options]
  --duration S          seconds per scenario (default 12)
  --connections "A B"   connection counts (default "16 64")
  --threads N           wrk threads (default 2)
  --workers N           server --workers (default: the server's own default, the core count)
  --access-log          keep the server's access log on (default: --quiet; see docs/operations.md)
  --memory-requests N   requests in the memory check (default 100000; 0 skips it)
  --batch N             requests per memory-check batch (default 10000)
  --scenarios "LIST"    any of: unique repeated etag (default all three)
  --binary PATH         use this sharecard binary instead of building
  --scratch-path DIR    build there (default .build, or /tmp/build-load when .build is locked)
  --quick               --duration 3 --memory-requests 20000 --batch 5000
  --server-layer        afterwards, run bench/load/server-layer.sh (same binary and duration)
EOF
}

duration=12
connections="16 64"
threads=2
workers=""
access_log=0
memory_requests=100000
batch=10000
scenarios="unique repeated etag"
binary=""
scratch=""
server_layer=0
while (($#)); do
  case "$1" in
    --duration) duration="$2"; shift 2 ;;
    --connections) connections="$2"; shift 2 ;;
    --threads) threads="$2"; shift 2 ;;
    --workers) workers="$2"; shift 2 ;;
    --access-log) access_log=1; shift ;;
    --memory-requests) memory_requests="$2"; shift 2 ;;
    --batch) batch="$2"; shift 2 ;;
    --scenarios) scenarios="$2"; shift 2 ;;
    --binary) binary="$2"; shift 2 ;;
    --scratch-path) scratch="$2"; shift 2 ;;
    --quick) duration=3; memory_requests=20000; batch=5000; shift ;;
    --server-layer) server_layer=1; shift ;;
    -h|--help) usage; exit 0 ;;
    *) echo "run.sh: unknown option $1" >&2; usage >&2; exit 2 ;;
  esac
done

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
source "$here/../../scripts/env.sh" # Swift on PATH, cwd = package root

# ---- tools ----
scripts/install-packages wrk
for tool in curl awk; do
  command -v "$tool" >/dev/null 2>&1 || { echo "run.sh: $tool is required" >&2; exit 1; }
done

# ---- build ----
if [[ -z "$binary" ]]; then
  scripts/setup >&2 # the C libraries and fonts the build needs (idempotent)
  if [[ -z "$scratch" ]]; then
    scratch=".build"
    lock_pid="$(cat .build/.lock 2>/dev/null || true)"
    if [[ -n "$lock_pid" ]] && kill -0 "$lock_pid" 2>/dev/null; then
      echo "run.sh: .build is locked by process $lock_pid; building in /tmp/build-load" >&2
      scratch="/tmp/build-load"
    fi
  fi
  echo "run.sh: swift build -c release --product sharecard --scratch-path $scratch" >&2
  timeout 1800 swift build -c release --product sharecard --scratch-path "$scratch" >&2
  timeout 1800 swift build -c release --product sharecard-faces --scratch-path "$scratch" >&2
  timeout 1800 swift build -c release --product sharecard-faces-opencv --scratch-path "$scratch" >&2
  binary="$(swift build -c release --scratch-path "$scratch" --show-bin-path)/sharecard"
fi
[[ -x "$binary" ]] || { echo "run.sh: no executable at $binary" >&2; exit 1; }

# ---- the server ----
results="$(mktemp -d /tmp/sharecard-load.XXXXXX)"
server_pid=""
wrk_pid=""
source "$here/stop-server.sh"
cleanup() {
  [[ -n "$wrk_pid" ]] && kill "$wrk_pid" 2>/dev/null || true
  stop_server
  rm -f "$results"/server*.log # the access log, when on, runs to hundreds of megabytes
}
trap cleanup EXIT
trap 'exit 130' INT TERM
trap 'echo "run.sh: failed at line $LINENO: $BASH_COMMAND" >&2' ERR

serve_args=(serve --host 127.0.0.1 --port 0)
[[ -n "$workers" ]] && serve_args+=(--workers "$workers")
((access_log)) || serve_args+=(--quiet)
start_server() { # LOG: starts a fresh server, sets server_pid, port and base
  "$binary" "${serve_args[@]}" 2>"$1" &
  server_pid=$!
  port=""
  for _ in $(seq 1 100); do # up to 10 s
    port="$(sed -n 's|.*listening on http://127\.0\.0\.1:\([0-9]*\)/.*|\1|p' "$1" | head -1)"
    [[ -n "$port" ]] && break
    kill -0 "$server_pid" 2>/dev/null || break
    sleep 0.1
  done
  [[ -n "$port" ]] || { echo "run.sh: the server did not start:" >&2; cat "$1" >&2; exit 1; }
  base="http://127.0.0.1:$port"
}
start_server "$results/server.log"
announced_workers="$(sed -n 's|.* with \([0-9]*\) workers.*|\1|p' "$results/server.log" | head -1)"

rss_kb() { awk '/^VmRSS:/ { print $2 }' "/proc/$server_pid/status" 2>/dev/null || echo 0; }
mb() { awk -v kb="$1" 'BEGIN { printf "%.1f", kb / 1024 }'; }
# "status:count ..." of card requests the service answered, from /metrics
card_counts() {
  curl -s --max-time 5 "$base/metrics" |
    sed -n 's/^sharecard_requests_total{route="card",status="\([0-9]*\)"} \([0-9]*\)$/\1 \2/p'
}
# the difference of two card_counts outputs, as "200:N,304:M"
count_diff() {
  awk 'NR == FNR { before[$1] = $2; next } { d = $2 - before[$1]; if (d) out = out (out ? "," : "") $1 ":" d }
       END { print out ? out : "none" }' "$1" "$2"
}
field() { sed -n "s/.* $1=\([^ ]*\).*/\1/p" "$2"; }

# Warm up: fonts and glyph caches, and the repeated cards (so they are cached).
for _ in 1 2 3; do curl -s -o /dev/null --max-time 10 "$base/v1/cards/classic.png?title=Warm%20up"; done
: >"$results/etags.txt"
while IFS= read -r path; do
  [[ -n "$path" ]] || continue
  etag="$(curl -s -D - -o /dev/null --max-time 10 "$base$path" | tr -d '\r' | awk 'tolower($1) == "etag:" { print $2 }')"
  [[ -n "$etag" ]] || { echo "run.sh: no ETag for $path" >&2; exit 1; }
  echo "$path $etag" >>"$results/etags.txt"
done <"$here/repeated-paths.txt"

cpu="$(awk -F': ' '/^model name/ { print $2; exit }' /proc/cpuinfo)"
echo "sharecard load test, $(date -u '+%Y-%m-%d %H:%M UTC')"
echo "commit $(git rev-parse --short HEAD 2>/dev/null || echo unknown)$(git diff --quiet 2>/dev/null || echo ' (with uncommitted changes)'), binary $binary"
echo "machine: $(nproc) cores ($cpu), load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "server: ${serve_args[*]} (${announced_workers:-?} workers, queue 64, cache 32 MB), pid $server_pid"
echo "client: $(wrk --version 2>&1 | head -1 | cut -d' ' -f1-2), $threads threads, ${duration} s per run, --timeout 5s;" \
  "etag: $(h2load --version 2>/dev/null | head -1 || echo 'h2load missing')"
echo "results: $results"
echo

# ---- scenarios ----
printf '%-9s %5s %9s %8s %8s %8s %8s %6s %7s %-22s %8s %8s %8s\n' \
  scenario conns 'req/s' 'p50 ms' 'p90 ms' 'p99 ms' 'p99.9' errors '>=400' 'server answers' 'RSS0 MB' 'RSSmax' 'RSS1 MB'
# Runs a load client (COMMAND…, in the background, its output in FILE) against the server and
# samples the server's RSS every second while it runs (at most --duration + 30 s; killed if still
# running then). Sets rss_before, rss_highest and rss_after (kB) and the service's answers by
# status before and after in TAG.before and TAG.after.
run_client() { # TAG FILE COMMAND...
  local tag="$1" out="$2"; shift 2
  card_counts >"$results/$tag.before"
  rss_before="$(rss_kb)"
  "$@" >"$out" 2>&1 &
  wrk_pid=$!
  local samples=0 now
  rss_highest=0
  while kill -0 "$wrk_pid" 2>/dev/null && ((samples < duration + 30)); do
    sleep 1
    now="$(rss_kb)"; ((now > rss_highest)) && rss_highest=$now
    echo "$now" >>"$results/$tag.rss"
    samples=$((samples + 1))
  done
  if kill -0 "$wrk_pid" 2>/dev/null; then kill "$wrk_pid" 2>/dev/null || true; fi
  wait "$wrk_pid" || true
  wrk_pid=""
  sleep 1
  rss_after="$(rss_kb)"
  card_counts >"$results/$tag.after"
}

# One row of the table, and its line in the summary the targets read.
print_row() { # NAME CONNECTIONS RPS P50 P90 P99 P99.9 ERRORS STATUS>=400 TAG
  printf '%-9s %5s %9s %8s %8s %8s %8s %6s %7s %-22s %8s %8s %8s\n' "$1" "$2" "$3" "$4" "$5" "$6" "$7" "$8" "$9" \
    "$(count_diff "$results/${10}.before" "$results/${10}.after")" "$(mb "$rss_before")" "$(mb "$rss_highest")" "$(mb "$rss_after")"
  echo "$1 $2 $3 $6 $8 $9 $rss_highest" >>"$results/summary"
}

# The etag scenario through h2load (see the top), with its mean latency in the p50 column and
# its longest in the p99.9 column.
run_etag_scenario() { # CONNECTIONS
  local conns="$1" tag="etag-c$1"
  if ! command -v h2load >/dev/null; then
    printf '%-9s %5s %9s  (needs h2load: scripts/setup --bench)\n' etag "$conns" -
    return 0
  fi
  local tags; tags="$(awk '{ printf "%s%s", (NR > 1 ? ", " : ""), $2 }' "$results/etags.txt")"
  local urls=(); while read -r path _; do urls+=("$base$path"); done <"$results/etags.txt"
  local f="$results/$tag.h2load"
  run_client "$tag" "$f" h2load --h1 -t "$threads" -c "$conns" -D "$duration" -H "If-None-Match: $tags" "${urls[@]}"
  if ! grep -q '^finished in' "$f"; then echo "run.sh: h2load failed for $tag:" >&2; cat "$f" >&2; return 1; fi
  # "finished in 8.00s, 25770.51 req/s, …"; "requests: N total, … S succeeded, F failed, E errored, T timeout";
  # "status codes: a 2xx, b 3xx, c 4xx, d 5xx"; "time for request: min max mean sd +/- sd" (units us/ms/s)
  local rps errors status
  rps="$(sed -n 's/^finished in [^,]*, \([0-9.]*\) req\/s.*/\1/p' "$f")"
  errors="$(awk '/^requests:/ { for (i = 1; i <= NF; i++) if ($i ~ /^(failed|errored|timeout),?$/) n += $(i - 1) } END { print n + 0 }' "$f")"
  status="$(awk '/^status codes:/ { print $(NF - 3) + $(NF - 1) }' "$f")"
  to_ms() { awk -v v="$1" 'BEGIN { n = v + 0; if (v ~ /us$/) n /= 1000; else if (v ~ /[0-9]s$/) n *= 1000; printf "%.2f", n }'; }
  print_row etag "$conns" "$rps" "~$(to_ms "$(awk '/^time for request:/ { print $6 }' "$f")")" - - \
    "^$(to_ms "$(awk '/^time for request:/ { print $5 }' "$f")")" "$errors" "$status" "$tag"
}

run_scenario() { # NAME CONNECTIONS SCRIPT ARGS...
  local name="$1" conns="$2" script="$3"; shift 3
  local tag="$name-c$conns" f="$results/$name-c$conns.wrk"
  run_client "$tag" "$f" wrk -t"$threads" -c"$conns" -d"${duration}s" --timeout 5s --latency -s "$here/$script" "$base" -- "$@"
  if ! grep -q '^RESULT' "$f"; then echo "run.sh: wrk failed for $tag:" >&2; cat "$f" >&2; return 1; fi
  local errors=$(($(field connect_errors "$f") + $(field read_errors "$f") + $(field write_errors "$f") + $(field timeouts "$f")))
  print_row "$name" "$conns" "$(field rps "$f")" "$(field p50_ms "$f")" "$(field p90_ms "$f")" "$(field p99_ms "$f")" \
    "$(field p999_ms "$f")" "$errors" "$(field status_errors "$f")" "$tag"
}

salt="$(date +%s)"
: >"$results/summary"
for name in $scenarios; do
  for c in $connections; do
    case "$name" in
      unique) run_scenario unique "$c" unique.lua "$salt-c$c" ;;
      repeated) run_scenario repeated "$c" repeated.lua png ;;
      etag) run_etag_scenario "$c" ;;
      *) echo "run.sh: unknown scenario $name" >&2; exit 2 ;;
    esac
  done
done
echo
echo "errors: socket connect/read/write errors and timeouts (wrk); >=400: responses with status >= 400"
echo "(wrk; 429s from a full queue would count here); server answers: card responses by status,"
echo "from /metrics (429s are answered before the service and do not appear there)."

# ---- memory check ----
memory_ok=1
if ((memory_requests > 0)); then
  echo
  # a fresh server, so the check starts from an empty cache
  stop_server
  start_server "$results/server-memory.log"
  curl -s -o /dev/null --max-time 10 "$base/v1/cards/classic.png?title=Warm%20up"
  batches=$(((memory_requests + batch - 1) / batch))
  per_thread=$(((batch + threads - 1) / threads))
  echo "memory check: a fresh server (pid $server_pid), $batches batches of $((per_thread * threads)) requests (every other one a new card), 16 connections"
  printf '%6s %10s %9s %10s %10s %-24s\n' batch requests 'req/s' 'RSS max' 'RSS after' statuses
  total=0 highest=0
  afters=()
  printf '%6s %10s %9s %10s %10s\n' start 0 - - "$(mb "$(rss_kb)") MB"
  for b in $(seq 1 "$batches"); do
    done_dir="$results/done-$b"; mkdir -p "$done_dir"
    wrk -t"$threads" -c16 -d120s --timeout 5s -s "$here/mixed.lua" "$base" -- "mem-$salt-$b" "$per_thread" "$done_dir" \
      >"$results/memory-$b.wrk" 2>&1 &
    wrk_pid=$!
    max=0 ticks=0
    while kill -0 "$wrk_pid" 2>/dev/null && ((ticks < 1300)); do # 130 s at most
      sleep 0.1; ticks=$((ticks + 1))
      if ((ticks % 5 == 0)); then now="$(rss_kb)"; ((now > max)) && max=$now; fi
      if (($(find "$done_dir" -type f | wc -l) >= threads)); then kill -INT "$wrk_pid" 2>/dev/null || true; break; fi
    done
    wait "$wrk_pid" || true
    wrk_pid=""
    after="$(rss_kb)"; ((after > max)) && max=$after
    f="$results/memory-$b.wrk"
    n="$(field requests "$f")"; n="${n:-0}"
    total=$((total + n))
    ((max > highest)) && highest=$max
    afters+=("$after")
    printf '%6s %10s %9s %10s %10s %-24s\n' "$b" "$total" "$(field rps "$f")" "$(mb "$max") MB" "$(mb "$after") MB" "$(field statuses "$f")"
  done
  sleep 2
  settled="$(rss_kb)"
  # trend: mean of the second half's after-batch samples minus the first half's
  growth=$(printf '%s\n' "${afters[@]}" | awk '{ v[NR] = $1 } END { h = int(NR / 2); if (h == 0) { print 0; exit }
    for (i = 1; i <= h; i++) a += v[i]; for (i = NR - h + 1; i <= NR; i++) b += v[i]; printf "%d", b / h - a / h }')
  echo "after 2 s idle: $(mb "$settled") MB; highest sample $(mb "$highest") MB; trend (second half minus first half, means after batches): $(mb "$growth") MB"
  if ((highest >= 150 * 1024)) || ((growth >= 10 * 1024)); then memory_ok=0; fi
fi

# ---- targets ----
echo
echo "targets (this machine, server and wrk sharing it):"
verdict() { if (($1)); then echo "met   "; else echo "MISSED"; fi; }
while read -r name c rps p99 errors status max; do
  ok_errors=$((errors == 0 && status == 0))
  case "$name-$c" in
    unique-16)
      echo "  $(verdict "$(awk -v r="$rps" -v p="$p99" 'BEGIN { print (r >= 500 && p <= 50) }')") uncached at 16 connections: $rps cards/s (>= 500), p99 $p99 ms (<= 50)" ;;
    repeated-*|etag-*)
      echo "  $(verdict "$(awk -v r="$rps" 'BEGIN { print (r >= 20000) }')") $name at $c connections: $rps requests/s (>= 20000)" ;;
  esac
  echo "  $(verdict "$ok_errors") $name at $c connections: $errors socket errors, $status responses >= 400 (0 wanted)"
done <"$results/summary"
if ((memory_requests > 0)); then
  echo "  $(verdict "$memory_ok") memory: highest RSS $(mb "$highest") MB (< 150), trend $(mb "$growth") MB (< 10)"
fi

# ---- the server layer (optional) ----
if ((server_layer)); then
  echo
  stop_server
  "$here/server-layer.sh" --duration "$duration" --binary "$binary"
fi
