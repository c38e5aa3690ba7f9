#!/usr/bin/env bash
# make bench: starts the release binary on a fresh demo database, load-tests the hot endpoints from a
# second process (wrk, Debian's), prints requests/s and p99 latency, and the product page's first-load
# JavaScript, gzipped. Loopback only; each run is bounded (DURATION seconds per endpoint).
set -euo pipefail
cd "$(dirname "$0")/.."
DURATION=${DURATION:-10}
CONNECTIONS=${CONNECTIONS:-32}
THREADS=${THREADS:-2}
PORT=${BENCH_PORT:-18181}

command -v wrk >/dev/null || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk >/dev/null; }

work=$(mktemp -d)
trap 'kill $server 2>/dev/null || true; wait $server 2>/dev/null || true; rm -rf "$work"' EXIT
DRAPE_DEMO=1 DRAPE_LISTEN=127.0.0.1:$PORT DATABASE_URL="sqlite://$work/bench.db" DRAPE_WEB_DIR=web/dist \
  RUST_LOG=warn "${DRAPE_BENCH_BIN:-./target/release/drape}" serve >"$work/server.log" 2>&1 &
server=$!
for _ in $(seq 1 120); do curl -sf "http://127.0.0.1:$PORT/healthz" >/dev/null && break; sleep 0.5; done
curl -sf "http://127.0.0.1:$PORT/healthz" >/dev/null || { cat "$work/server.log"; exit 1; }

base="http://127.0.0.1:$PORT"
slug=everyday-padded-t-shirt-bra-black
printf '%-44s %12s %12s\n' "endpoint ($DURATION s, $CONNECTIONS connections)" "requests/s" "p99"
for path in \
  "/web/api/v1/product-mobile/$slug/" \
  "/web/api/v1/product/$slug/sizes/s/" \
  "/iteminstock/1/34B/" \
  "/cart_dropdown_mobile_ajax/" \
  "/web/api/v1/products/?category=1"; do
  out=$(wrk -t"$THREADS" -c"$CONNECTIONS" -d"${DURATION}s" --latency "$base$path")
  rps=$(awk '/Requests\/sec/ {print $2}' <<<"$out")
  p99=$(awk '$1=="99%" {print $2}' <<<"$out")
  errors=$(grep -E "Non-2xx|Socket errors" <<<"$out" || true)
  printf '%-44s %12s %12s %s\n' "$path" "$rps" "$p99" "$errors"
done

# The cart: read a priced cart, and add to cart (each POST is a new guest, so it also creates a cart).
jar="$work/cookies"
curl -s -c "$jar" "$base/healthz" >/dev/null
csrf=$(awk '$6=="csrftoken" {print $7}' "$jar")
pid=$(curl -s "$base/web/api/v1/product-mobile/$slug/" | sed -E 's/^\{"id":([0-9]+).*/\1/')
size=$(curl -s "$base/web/api/v1/product/$slug/sizes/s/" | grep -oE '"value":"[^"]+","quantity":[1-9]' | head -1 | sed -E 's/"value":"([^"]+)".*/\1/')
body="{\"product\":$pid,\"quantity\":1,\"size\":\"$size\"}"
curl -s -b "$jar" -c "$jar" -H "X-CSRFToken: $csrf" -H 'Content-Type: application/json' -d "$body" "$base/api/v3/cart-items/" >/dev/null
cart=$(curl -s -b "$jar" "$base/get/view-cart-info/" | sed -E 's/.*"cart_id":([0-9]+).*/\1/')
guest=$(awk '$6=="guestcart" {print $7}' "$jar")
out=$(wrk -t"$THREADS" -c"$CONNECTIONS" -d"${DURATION}s" --latency -H "Cookie: csrftoken=$csrf; guestcart=$guest" "$base/api/v4/carts-new/$cart")
printf '%-44s %12s %12s\n' "/api/v4/carts-new/{id} (cart GET)" "$(awk '/Requests\/sec/ {print $2}' <<<"$out")" "$(awk '$1=="99%" {print $2}' <<<"$out")"
cat >"$work/add.lua" <<LUA
wrk.method = "POST"
wrk.body = '$body'
wrk.headers["Content-Type"] = "application/json"
wrk.headers["X-CSRFToken"] = "$csrf"
wrk.headers["Cookie"] = "csrftoken=$csrf"
LUA
out=$(wrk -t"$THREADS" -c"$CONNECTIONS" -d"${DURATION}s" --latency -s "$work/add.lua" "$base/api/v3/cart-items/")
printf '%-44s %12s %12s %s\n' "/api/v3/cart-items/ (add to cart POST)" "$(awk '/Requests\/sec/ {print $2}' <<<"$out")" "$(awk '$1=="99%" {print $2}' <<<"$out")" "$(grep -E "Non-2xx" <<<"$out" || true)"

# Placing orders: 2,000 shoppers with a cart each, 32 orders in flight, all for one size (the hot row).
cargo build -q --release --example order_bench -p drape-server
./target/release/examples/order_bench "sqlite://$work/orders.db?mode=rwc" 2000
if psql -h 127.0.0.1 -U postgres -d test -qc "DROP SCHEMA IF EXISTS drape_bench CASCADE; CREATE SCHEMA drape_bench" 2>/dev/null; then
  ./target/release/examples/order_bench "postgres://postgres@127.0.0.1:5432/test?options=-c%20search_path%3Ddrape_bench" 2000
  psql -h 127.0.0.1 -U postgres -d test -qc "DROP SCHEMA drape_bench CASCADE" 2>/dev/null || true
fi

# The order history of a shopper with 200 orders (budget: p99 20 ms).
cargo build -q --release --example history_bench -p drape-server
./target/release/examples/history_bench "sqlite://$work/history.db?mode=rwc" 5000
if psql -h 127.0.0.1 -U postgres -d test -qc "DROP SCHEMA IF EXISTS drape_bench CASCADE; CREATE SCHEMA drape_bench" 2>/dev/null; then
  ./target/release/examples/history_bench "postgres://postgres@127.0.0.1:5432/test?options=-c%20search_path%3Ddrape_bench" 5000
  psql -h 127.0.0.1 -U postgres -d test -qc "DROP SCHEMA drape_bench CASCADE" 2>/dev/null || true
fi

# Search suggestions and a filtered listing on a catalog of 20,000 products (budgets: p99 20 and 30 ms).
cargo build -q --release --example search_bench -p drape-server
./target/release/examples/search_bench "sqlite://$work/search.db?mode=rwc" 20000 5000

echo
node web/scripts/bundle-size.mjs web/dist
