# Drape: the two commands are `make run` and `make test`. Everything they need is installed here.
SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := help

DRAPE_LISTEN ?= 127.0.0.1:8080
export DRAPE_LISTEN
CHROMIUM := /usr/bin/chromium
CARGO_TEST_FLAGS ?=

.PHONY: help deps chromium web-deps reference-deps build web server run seed test check check-rust check-web fmt test-rust test-rust-postgres test-web e2e openapi api-types bench clean

help:
	@echo "make run    build the web app and the server, load the demo shop, serve on http://$(DRAPE_LISTEN)"
	@echo "make test   the checks, then every test: Rust (SQLite and PostgreSQL), web unit tests, browser tests"
	@echo "make fmt    format the Rust and web code (what \`make check\` would refuse)"
	@echo "make bench  load-test the hot endpoints and report the product page's JavaScript size"
	@echo "make openapi  regenerate docs/openapi.json and the web app's API types"

## Installs -----------------------------------------------------------------------------------------

deps: chromium web-deps reference-deps

# Browser tests drive Debian's Chromium through playwright-core; no browser is ever downloaded.
chromium:
	@if [ ! -x $(CHROMIUM) ]; then \
		echo "Installing Debian's chromium for the browser tests"; \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-dejavu-core >/dev/null; \
	fi

web/node_modules/.package-lock.json: web/package-lock.json
	cd web && npm ci --no-audit --no-fund
	@touch $@

reference/node_modules/.package-lock.json: reference/package-lock.json
	cd reference && npm ci --ignore-scripts --no-audit --no-fund
	@touch $@

web-deps: web/node_modules/.package-lock.json
reference-deps: reference/node_modules/.package-lock.json

## Build --------------------------------------------------------------------------------------------

web: web-deps
	cd web && npm run build

server:
	cargo build --release --bin drape

build: web server

## Run ----------------------------------------------------------------------------------------------

run: build reference-deps
	DRAPE_DEMO=1 ./target/release/drape serve

seed: reference-deps
	cargo run --release --bin drape -- seed

## Test ---------------------------------------------------------------------------------------------

test: deps check test-rust test-web e2e
	@echo "make test: all suites passed"

# Checks first: formatting and lints fail the build before any test runs.
check: check-rust check-web

check-rust:
	cargo fmt --check
	cargo clippy --workspace --all-targets -q -- -D warnings

# ESLint (hooks rules, import cycles, one-way imports between shared, features and app; no warning
# allowed) and Prettier.
check-web: web-deps
	cd web && npm run --silent lint && npm run --silent format:check

fmt:
	cargo fmt
	cd web && npm run --silent format

# The store suite runs on SQLite and on PostgreSQL (required under CI=true; a printed skip elsewhere);
# the HTTP suite runs once on SQLite, then again on PostgreSQL (the whole workspace is named again so
# cargo reuses the first build instead of resolving features anew and recompiling).
test-rust: reference-deps
	cargo test --workspace $(CARGO_TEST_FLAGS)
	$(MAKE) --no-print-directory test-rust-postgres

test-rust-postgres:
	@if [ "$${CI:-}" = "true" ] || (exec 3<>/dev/tcp/127.0.0.1/5432) 2>/dev/null; then \
		echo "HTTP suite on PostgreSQL"; \
		DRAPE_TEST_ENGINE=postgres cargo test --workspace --tests $(CARGO_TEST_FLAGS); \
	else \
		echo "SKIPPED: HTTP suite on PostgreSQL (nothing listens on 127.0.0.1:5432)"; \
	fi

# Type check, unit tests (shared validation vectors included), API types current, production build,
# and the product page's first-load JavaScript budget (120 KB gzipped).
test-web: web-deps api-types-check
	cd web && npm run typecheck && npm test && npm run build && npm run --silent size

api-types-check: web-deps
	cd web && npm run --silent api-types:check

# `cargo test --no-run` builds target/debug/drape with the same features as the test run, so after
# test-rust nothing is compiled twice.
e2e: chromium web-deps reference-deps
	cargo test --workspace --no-run -q
	cd web && [ -f dist/index.html ] || npm run build
	cd web && DRAPE_BIN=$(CURDIR)/target/debug/drape npm run e2e

## Maintenance --------------------------------------------------------------------------------------

openapi:
	cargo run -q --bin drape -- openapi > docs/openapi.json
	cd web && npm run --silent api-types

bench: build reference-deps
	./scripts/bench.sh

clean:
	cargo clean
	rm -rf web/dist build
