#!/usr/bin/env bash
# Checks the running API against web/openapi.json with schemathesis (every check): starts
# `sharecard serve` on a free loopback port, runs schemathesis against /openapi.json, stops
# the server, and exits non-zero when a check fails (or the run overruns its time bound).
# Then tests/api/locale_class.py sends the hostile-locale class against the same server.
#
# Environment (all optional):
#   SHARECARD_BIN              the sharecard binary (default: `swift build --product sharecard`
#                              in debug, in SWIFT_SCRATCH_PATH or .build)
#   SCHEMATHESIS_VENV          a virtual environment to use for the pinned schemathesis (default:
#                              .build/venv-api, kept in step with tests/api/requirements.txt
#                              by scripts/python-venv)
#   SCHEMATHESIS_MAX_EXAMPLES  test cases per operation and phase (default 100)
#   SCHEMATHESIS_SEED          seed for reproducible runs (default 20241130; "random" for none)
#   SCHEMATHESIS_TIME_LIMIT    seconds before the run is stopped and counted as failed (default 900;
#                              a bound against a hung run, not a speed test: a busy machine
#                              can take several times as long as a quiet one)
#   SCHEMATHESIS_REPORT_DIR    where the JUnit report and the server log go (default .build/schemathesis)
# Extra arguments are passed to `schemathesis run`.
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
cd "$ROOT"

MAX_EXAMPLES=${SCHEMATHESIS_MAX_EXAMPLES:-100}
SEED=${SCHEMATHESIS_SEED:-20241130}
TIME_LIMIT=${SCHEMATHESIS_TIME_LIMIT:-900}
REPORT_DIR=${SCHEMATHESIS_REPORT_DIR:-$ROOT/.build/schemathesis}
mkdir -p "$REPORT_DIR"

say() { echo "run_schemathesis: $*" >&2; }

# 1. schemathesis at the pinned version
if [[ -n "${SCHEMATHESIS_VENV:-}" ]]; then
    VENV=$SCHEMATHESIS_VENV
    pinned=$(sed -n 's/^schemathesis==//p' tests/api/requirements.txt)
    if ! "$VENV/bin/schemathesis" --version 2>/dev/null | grep -qF "version $pinned"; then
        say "installing schemathesis $pinned into $VENV"
        python3 -m venv "$VENV"
        "$VENV/bin/pip" install --quiet --disable-pip-version-check -r tests/api/requirements.txt
    fi
else
    VENV=$(scripts/python-venv tests/api/requirements.txt)
fi

# 2. the server binary
BIN=${SHARECARD_BIN:-}
if [[ -z "$BIN" ]]; then
    scratch=()
    [[ -n "${SWIFT_SCRATCH_PATH:-}" ]] && scratch=(--scratch-path "$SWIFT_SCRATCH_PATH")
    swift build "${scratch[@]}" --product sharecard >&2
    swift build "${scratch[@]}" --product sharecard-faces >&2
    swift build "${scratch[@]}" --product sharecard-faces-opencv >&2
    BIN="$(swift build "${scratch[@]}" --show-bin-path)/sharecard"
fi
[[ -x "$BIN" ]] || { say "no sharecard binary at $BIN"; exit 2; }

# 3. the server, on a port the kernel picks (read back from its first line)
LOG="$REPORT_DIR/server.log"
"$BIN" serve --host 127.0.0.1 --port 0 --workers 2 --queue 64 2>"$LOG" &
SERVER=$!
stop_server() {
    if kill -0 "$SERVER" 2>/dev/null; then
        kill -TERM "$SERVER" 2>/dev/null || true
        for _ in $(seq 1 100); do kill -0 "$SERVER" 2>/dev/null || break; sleep 0.1; done
        kill -KILL "$SERVER" 2>/dev/null || true
    fi
    wait "$SERVER" 2>/dev/null || true
}
trap stop_server EXIT

PORT=""
for _ in $(seq 1 100); do
    PORT=$(sed -n 's|.*listening on http://127\.0\.0\.1:\([0-9]*\)/.*|\1|p' "$LOG" | head -n 1)
    [[ -n "$PORT" ]] && break
    kill -0 "$SERVER" 2>/dev/null || { say "the server exited:"; cat "$LOG" >&2; exit 2; }
    sleep 0.1
done
[[ -n "$PORT" ]] || { say "the server did not start within 10 s:"; cat "$LOG" >&2; exit 2; }
say "server pid $SERVER on port $PORT (log: $LOG)"

# 4. schemathesis
seed=()
[[ "$SEED" != "random" ]] && seed=(--seed "$SEED")
status=0
SCHEMATHESIS_HOOKS=schemathesis_hooks PYTHONPATH="$ROOT/tests/api${PYTHONPATH:+:$PYTHONPATH}" \
    timeout --kill-after=10 "$TIME_LIMIT" \
    "$VENV/bin/schemathesis" run "http://127.0.0.1:$PORT/openapi.json" \
        --checks all \
        --max-examples "$MAX_EXAMPLES" \
        --workers 1 \
        --request-timeout 30 \
        --generation-database none \
        --report junit --report-junit-path "$REPORT_DIR/junit.xml" \
        --no-color \
        "${seed[@]}" "$@" || status=$?
if [[ $status -eq 124 || $status -eq 137 ]]; then
    say "schemathesis did not finish within $TIME_LIMIT s"
fi

# 4b. the hostile-locale class, which OpenAPI examples cannot hold (values that must be refused)
python3 tests/api/locale_class.py "http://127.0.0.1:$PORT" || status=1

# 5. the server must have survived the run
if ! kill -0 "$SERVER" 2>/dev/null; then
    say "the server died during the run:"
    tail -n 50 "$LOG" >&2
    status=1
fi
exit "$status"
