#!/usr/bin/env bash
# End-to-end tests of `ply serve` in headless Chromium.
#
#   crates/web/e2e/run.sh [PATH-TO-PLY]
#
# Starts the server on a free loopback port (the binary from $1, else target/release/ply,
# built if missing), runs the node test scripts in tests/ against it, stops the server, and
# exits non-zero if any test failed. Needs Debian's chromium (apt-get install -y chromium)
# and node; playwright-core is installed from package.json when missing. Screenshots go to
# crates/web/e2e/screenshots/.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../../.." && pwd)"

bin="${1:-}"
if [ -z "$bin" ]; then
  bin="${CARGO_TARGET_DIR:-$root/target}/release/ply"
  if [ ! -x "$bin" ]; then
    (cd "$root" && cargo build --release -p ply-cli --bin ply)
  fi
fi
if [ ! -x "$bin" ]; then
  echo "run.sh: no ply binary at $bin" >&2
  exit 2
fi

chromium_bin="${CHROMIUM:-/usr/bin/chromium}"
if [ ! -x "$chromium_bin" ]; then
  echo "run.sh: no Chromium at $chromium_bin (apt-get install -y chromium)" >&2
  exit 2
fi

cd "$here"
if [ ! -d node_modules/playwright-core ]; then
  npm ci --no-audit --no-fund
fi

log="$(mktemp)"
# The solver view's cap is raised from its default second: the solver-view tests score
# 444435 and 4444355512, and a loaded two-core machine (CI beside other work) may take
# longer than the second an idle one needs. No test measures how long a page waits.
"$bin" serve --host 127.0.0.1 --port 0 --max-move-time 3s --max-solver-time 120s >"$log" 2>&1 &
server=$!
stop_server() {
  kill "$server" 2>/dev/null || true
  wait "$server" 2>/dev/null || true
  rm -f "$log"
}
trap stop_server EXIT

url=""
for _ in $(seq 1 100); do
  url="$(grep -o 'http://127\.0\.0\.1:[0-9]*/' "$log" | head -n 1 || true)"
  [ -n "$url" ] && break
  if ! kill -0 "$server" 2>/dev/null; then
    echo "run.sh: the server exited:" >&2
    cat "$log" >&2
    exit 1
  fi
  sleep 0.1
done
if [ -z "$url" ]; then
  echo "run.sh: the server did not report its address:" >&2
  cat "$log" >&2
  exit 1
fi
echo "run.sh: ply serve at $url"

PLY_URL="$url" CHROMIUM="$chromium_bin" node --test --test-concurrency=1 tests/
