#!/usr/bin/env bash
# The README's first command as a newcomer runs it: `make start` on an empty embedded database
# (PGlite, a fresh DATA_DIR) under the machine's Node. Checks that the first boot migrates and seeds,
# that the site answers on its one URL, that the shop lists the demo products, and that the
# development staff account signs in. Needs `make build` done (make start builds otherwise).
# Env: START_SMOKE_PORT (18990).
set -uo pipefail
cd "$(dirname "$0")/../.."
port="${START_SMOKE_PORT:-18990}"
base="http://127.0.0.1:$port"
data="$(mktemp -d)"
failed=0
check() { # check "what" COMMAND…
  if "${@:2}"; then echo "ok: $1"; else echo "FAILED: $1"; failed=$((failed + 1)); fi
}

# Its own process group, so the API that make starts stops with it.
PORT="$port" DATA_DIR="$data" setsid make start >"$data/start.log" 2>&1 &
group=$!
stop() { kill -TERM -- "-$group" 2>/dev/null; wait "$group" 2>/dev/null; }
trap stop EXIT

up() {
  for _ in $(seq 1 180); do
    curl -fs -o /dev/null "$base/healthz" && return 0
    kill -0 "$group" 2>/dev/null || return 1
    sleep 1
  done
  return 1
}
products() { curl -fs "$base/v1/products?page=1&limit=12" | node -e '
  let s = ""; process.stdin.on("data", (d) => (s += d)).on("end", () => process.exit(JSON.parse(s).products.length > 0 ? 0 : 1));'; }
page() { curl -fs "$base/tienda" | grep -q '<div id="root"'; }
sign_in() {
  curl -fs -H 'content-type: application/json' -H "Origin: $base" \
    --data '{"email": "admin@gym.local", "password": "Admin1234"}' "$base/v1/user/login" | grep -q '"user"'
}

check "make start answers /healthz on an empty PGlite (first boot: migrations and demo data)" up
if [ $failed -eq 0 ]; then
  check "the shop lists the demo products" products
  check "the site's page is served on the same URL" page
  check "the development staff account signs in" sign_in
else
  tail -n 30 "$data/start.log"
fi
stop
trap - EXIT
[ $failed -eq 0 ] && rm -rf "$data"
exit $((failed > 0))
