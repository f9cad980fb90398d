#!/usr/bin/env bash
# Runs the browser tests (the playground, then signed URLs built by the page) with the
# pinned selenium against a built sharecard:
#   tests/browser/run.sh .build/debug/sharecard
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
binary=${1:-.build/debug/sharecard}
venv=$(scripts/python-venv tests/browser/requirements.txt)
# The committed screenshot is only rewritten on purpose (--screenshot docs/playground.png).
"$venv/bin/python" tests/browser/test_playground.py --binary "$binary" --screenshot ''
exec "$venv/bin/python" tests/browser/test_signed_urls.py --binary "$binary"
