# The two commands a newcomer needs: `make start` (the site on one URL) and `make test`.
SHELL := /bin/bash
DEPS := node_modules/.package-lock.json
API_SOURCES := $(shell find contracts/src db/src backend/src backend/build.mjs -type f -not -path '*/__tests__/*' -not -name '*.test.ts' 2>/dev/null)
WEB_SOURCES := $(shell find contracts/src frontend/src frontend/public frontend/index.html frontend/vite.config.ts -type f -not -path '*/__tests__/*' 2>/dev/null)
JEST_ARGS ?=

.PHONY: start dev test test-pg e2e soak security build budget up down seed lint typecheck format bench bench-smoke lighthouse clean

# A fresh clone gets exactly the lockfile (npm ci); an existing install is brought up to it in place.
$(DEPS): package.json package-lock.json contracts/package.json db/package.json backend/package.json frontend/package.json
	@if [ -d node_modules ]; then npm install --no-audit --no-fund; else npm ci --no-audit --no-fund; fi
	@touch $@

frontend/dist/index.html: $(DEPS) $(WEB_SOURCES)
	npm run build -w frontend
	node scripts/compress-dist.mjs

backend/dist/server.js: $(DEPS) $(API_SOURCES)
	npm run build -w backend

build: frontend/dist/index.html backend/dist/server.js budget

## The shop home's cold JS + CSS (gzip) within 130 kB, and Formik, Yup, SweetAlert2, admin code out of the entry
budget: frontend/dist/index.html
	node scripts/bench/bundle-budget.mjs

## Run the site: embedded PostgreSQL (PGlite) under .data/, seeded, at http://localhost:$${PORT:-8080}
start: build
	node backend/dist/server.js

## Vite with hot reload on :5173 plus the API on :8080 (restarts on change)
dev: $(DEPS)
	npm run dev

## Unit, API (PGlite, or the server in DATABASE_URL) and component tests
test: $(DEPS)
	npm test -- $(JEST_ARGS)

## The API suite against the machine's PostgreSQL server
test-pg: $(DEPS)
	DATABASE_URL=$${DATABASE_URL:-postgres://postgres@127.0.0.1:5432/postgres} npm test -- --selectProjects api $(JEST_ARGS)

## Browser tests: production build + API + nginx on loopback, driven in /usr/bin/chromium
e2e: build
	node --no-warnings node_modules/jest/bin/jest.js -c scripts/e2e/jest.config.js $(JEST_ARGS)

## Faults and load on the built API with a throwaway PostgreSQL server of its own: the database stopped
## under load, SIGTERM with requests in flight, 200 connections through nginx for $${SOAK_SECONDS:-60} s
soak: build
	node --no-warnings node_modules/jest/bin/jest.js -c scripts/soak/jest.config.js $(JEST_ARGS)

## sqlmap (apt-get install sqlmap) against the login and the catalogue of the built API, on loopback
security: backend/dist/server.js
	node --no-warnings node_modules/jest/bin/jest.js -c scripts/security/jest.config.js $(JEST_ARGS)

## API throughput and latency at 10k and 100k products (PostgreSQL at DATABASE_URL) -> bench/results.{json,md}
bench: build
	node_modules/.bin/tsx scripts/bench/run.ts

## The bench at 1k products with 1 s runs: proves the script works, in about a minute (CI)
bench-smoke: build
	BENCH_SIZES=1000 BENCH_DURATION=1 BENCH_WARMUP=1 BENCH_OUT=bench/tmp/smoke node_modules/.bin/tsx scripts/bench/run.ts

## Lighthouse (mobile) on the home, shop home, a category and a product page behind nginx -> bench/lighthouse.{json,md}
lighthouse: build
	node scripts/bench/lighthouse.mjs

## Production with docker compose (needs STAFF_CODE, ADMIN_EMAIL, ADMIN_PASSWORD, POSTGRES_PASSWORD)
up:
	docker compose up -d --build

down:
	docker compose down

## Empty the database and load the demo data again (refused when NODE_ENV=production)
seed: $(DEPS)
	npx tsx backend/src/seed.ts --reset

typecheck: $(DEPS)
	npm run typecheck

lint: typecheck
	npm run lint

format: $(DEPS)
	npm run format

clean:
	rm -rf frontend/dist backend/dist
