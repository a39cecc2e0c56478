#!/usr/bin/env bash
# Latency of the playground's check API for one small test (docs/performance.md, "Playground"):
# starts `remo serve` on a free loopback port from cli/target/remo.jar (build it first, e.g. with
# ./remo --version), runs bench/PlaygroundLatency.java against it, and stops the server.
# Usage: bench/playground-latency.sh [FILE.litmus [REQUESTS [CLIENTS [WARMUP]]]]
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
file="${1:-$here/examples/suite/L07.litmus}"
out="$(mktemp)"
java -jar "$here/cli/target/remo.jar" serve --port 0 --quiet > "$out" 2>&1 &
server=$!
trap 'kill "$server" 2>/dev/null; rm -f "$out"' EXIT
for _ in $(seq 100); do grep -q '^http' "$out" && break; sleep 0.1; done
url="$(grep -m1 '^http' "$out")"
echo "$(date -u +%Y-%m-%d) $(uname -srm), $(nproc) processors, load average $(cut -d' ' -f1-3 /proc/loadavg)"
echo "server $url, test $(basename "$file")"
java "$here/bench/PlaygroundLatency.java" "$url" "$file" "${2:-1000}" "${3:-4}" "${4:-500}"
