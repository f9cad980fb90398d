# Sourced by the scripts: puts the Swift toolchain on PATH and moves to the package root.
if ! command -v swift >/dev/null 2>&1 && [[ -x /opt/swift/usr/bin/swift ]]; then
  export PATH="/opt/swift/usr/bin:$PATH"
fi
cd "$(dirname "${BASH_SOURCE[0]}")/.."
