#!/usr/bin/env bash
# Runs the browser tests (the playground, calls from other origins, then signed URLs built by
# the page) with the pinned selenium against a built sharecard:
#   tests/browser/run.sh .build/debug/sharecard
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
binary=${1:-.build/debug/sharecard}
venv=$(scripts/python-venv tests/browser/requirements.txt)
# The committed screenshot is only rewritten on purpose (--screenshot docs/playground.png).
"$venv/bin/python" tests/browser/test_playground.py --binary "$binary" --screenshot ''
"$venv/bin/python" tests/browser/test_web_access.py --binary "$binary"
exec "$venv/bin/python" tests/browser/test_signed_urls.py --binary "$binary"
