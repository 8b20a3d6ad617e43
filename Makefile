# The two commands a newcomer needs: `make start` (the site on one URL) and `make test`.
SHELL := /bin/bash
DEPS := node_modules/.package-lock.json
API_SOURCES := $(shell find contracts/src db/src backend/src backend/build.mjs -type f -not -path '*/__tests__/*' -not -name '*.test.ts' 2>/dev/null)
WEB_SOURCES := $(shell find contracts/src frontend/src frontend/public frontend/index.html frontend/vite.config.ts frontend/vite-plugins frontend/prerender.mjs -type f -not -path '*/__tests__/*' 2>/dev/null)
JEST_ARGS ?=

.PHONY: start start-sandbox start-mp dev test test-pg fuzz e2e soak security build budget up down drill restore-pitr upgrade check-monitoring seed lint typecheck format bench bench-smoke bench-integrations bench-pitr profile lighthouse clean
.PHONY: fake-arca fake-whatsapp arca-homologacion
.PHONY: cert logs ps migrate psql backup restore staff-reset-password staff-disable pg-upgrade test-compose stand-ins

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

## The shop home's cold JS + CSS (gzip) within 110 kB, and Formik, Yup, SweetAlert2, admin code out of the entry
budget: frontend/dist/index.html
	node scripts/bench/bundle-budget.mjs

## Run the site: embedded PostgreSQL (PGlite) under .data/, seeded, at http://localhost:$${PORT:-8080}
start: build
	node backend/dist/server.js

## The same, with every local fake beside it: Mercado Pago (scripts/fake-mercadopago) on :8090,
## ARCA (scripts/fake-arca) on :8091 and WhatsApp (scripts/fake-whatsapp) on :8092, to pay online,
## see each payment's Factura C and the WhatsApp messages sent
start-sandbox: build
	node_modules/.bin/tsx scripts/sandbox/run.ts

## The former name of start-sandbox
start-mp: start-sandbox

## The local fake ARCA (scripts/fake-arca: WSAA + WSFEv1) alone on :$${ARCA_FAKE_PORT:-8091}, with its test certificate
fake-arca: $(DEPS)
	node_modules/.bin/tsx scripts/fake-arca/run.ts

## The local fake WhatsApp Cloud API (scripts/fake-whatsapp: messages, templates, signed webhooks) alone on
## :$${WHATSAPP_FAKE_PORT:-8092}; its page lists what was "sent", its statuses go to the API's webhook
fake-whatsapp: $(DEPS)
	node_modules/.bin/tsx scripts/fake-whatsapp/run.ts

## One Factura C of $ 1 asked of ARCA's testing service with the gym's test certificate (ARCA_* set; docs/invoicing.md)
arca-homologacion: $(DEPS)
	node_modules/.bin/tsx scripts/arca-homologacion.ts

## Vite with hot reload on :5173 plus the API on :8080 (restarts on change)
dev: $(DEPS)
	npm run dev

## Unit, API (PGlite, or the server in DATABASE_URL) and component tests
test: $(DEPS)
	npm test -- $(JEST_ARGS)

## The API suite against the machine's PostgreSQL server
test-pg: $(DEPS)
	DATABASE_URL=$${DATABASE_URL:-postgres://postgres@127.0.0.1:5432/postgres} npm test -- --selectProjects api $(JEST_ARGS)

## The hostile-input property tests with FUZZ_RUNS (default 100) requests per route and role instead of
## make test's 12: about 11,000 requests (PGlite, or the server in DATABASE_URL); FUZZ_SEED=… replays a failure
fuzz: $(DEPS)
	FUZZ_RUNS=$${FUZZ_RUNS:-100} npm test -- --selectProjects api \
	  --runTestsByPath backend/src/http/__security__/hostile-input.security.test.ts $(JEST_ARGS)

## Browser tests: production build + API + nginx on loopback, driven in /usr/bin/chromium
e2e: build
	node --no-warnings --experimental-vm-modules node_modules/jest/bin/jest.js -c scripts/e2e/jest.config.js $(JEST_ARGS)

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

## The bench at 1k products, one 1 s run per row and 3 s of desk load: proves every part of the script works (CI)
bench-smoke: build
	BENCH_SIZES=1000 BENCH_DURATION=1 BENCH_WARMUP=1 BENCH_RUNS=1 BENCH_DESK_SECONDS=3 BENCH_DESK_CLIENTS=2000 BENCH_REPORTS_ORDERS=5000 BENCH_OUT=bench/tmp/smoke \
	  node_modules/.bin/tsx scripts/bench/run.ts

## Invoices (ARCA) and automatic debits (Mercado Pago) against the local fakes at 150 ms a call, the jobs in
## the worker process as in production (PostgreSQL at DATABASE_URL) -> bench/integrations.{json,md}; about 8 minutes
bench-integrations: build
	node_modules/.bin/tsx scripts/bench/integrations.ts

## The point-in-time archive's recovery time for 1 GB (pgBackRest and PostgreSQL's server binaries) -> bench/pitr.md
bench-pitr:
	bash scripts/bench/pitr-restore.sh

## Where the API's time goes on the shoppers' mix (node --cpu-prof) -> bench/profile.md
profile: build
	node_modules/.bin/tsx scripts/bench/profile.ts

## Lighthouse (mobile) on the home, shop home, a category and a product page (target 95), the checkout with a
## product in the cart and the staff's products screen (target 90), behind nginx -> bench/lighthouse.{json,md}
lighthouse: build
	node scripts/bench/lighthouse.mjs

## Production with docker compose: fill .env from .env.example first (docs/operations.md)
up:
	@test -f "$${TLS_CERT_DIR:-./tls}/fullchain.pem" || echo "warning: no $${TLS_CERT_DIR:-./tls}/fullchain.pem: run 'make cert' (a laptop) or see docs/operations.md, TLS"
	docker compose up -d --build

## Stop every service, the `monitoring` profile's too (the volumes, and so the data, stay)
down:
	docker compose --profile monitoring down

## A self-signed certificate in ./tls (TLS_CERT_DIR) so `make up` works on a laptop; a real site uses Let's Encrypt.
## The key is 0600, readable only by its owner: nginx's user in the container (uid 101) must own it.
cert:
	mkdir -p tls
	rm -f tls/privkey.pem tls/fullchain.pem
	umask 077 && openssl req -x509 -newkey rsa:2048 -nodes -days 365 -subj "/CN=localhost" \
	  -addext "subjectAltName=DNS:localhost,IP:127.0.0.1" -keyout tls/privkey.pem -out tls/fullchain.pem
	chmod 600 tls/privkey.pem
	chmod 644 tls/fullchain.pem
	@if [ "$$(id -u)" = 0 ]; then chown 101:101 tls/privkey.pem && echo "cert: tls/privkey.pem (0600) given to uid 101, nginx's user in the container"; \
	  else echo "cert: nginx (uid 101 in the container) cannot read tls/privkey.pem (0600) yet: run  sudo chown 101 tls/privkey.pem"; fi

## Follow the services' logs (SERVICE=api for one)
logs:
	docker compose logs -f --tail=200 $(SERVICE)

## The services, then what fills the disk: database, WAL, uploaded images, dumps, the archive
ps:
	docker compose ps
	@sh scripts/ops/disk-report.sh

## The schema: CMD=latest (default), status or rollback, without the request statement time-out
migrate:
	docker compose run --rm migrate node backend/dist/migrate.js $(or $(CMD),latest)

psql:
	docker compose exec postgres psql -U gym -d gym

## A dump now, where the nightly ones go: the backups volume's manual/gym-<UTC time>.dump, with its row
## counts (.counts) for the drill, recorded in backup_runs. It prints "backup: /backups/manual/gym-….dump (…)"
backup:
	@docker compose exec -T backup backup.sh manual

## Restore FILE into the EMPTY production database (docs/operations.md, Backups): a dump in the backups volume,
## FILE=manual/gym-….dump (or /backups/manual/…, as make backup prints it), or a file on this machine
restore:
	@test -n "$(FILE)" || { echo "usage: make restore FILE=manual/gym-….dump (in the backups volume) or FILE=path/to/a/file.dump (on this machine)"; exit 2; }
	@if [ -f "$(FILE)" ]; then \
	  echo "restore: $(FILE), from this machine"; docker compose run --rm -T backup restore.sh - < "$(FILE)"; \
	else \
	  f="$(FILE)"; f="/backups/$${f#/backups/}"; echo "restore: $$f, from the backups volume"; \
	  docker compose run --rm -T backup restore.sh "$$f"; \
	fi

## The restore drill now (it also runs weekly): the newest dump restored into a scratch database, every table's rows compared
drill:
	docker compose exec -T backup drill.sh

## The database as it was at TIME (Tucumán time), from the point-in-time archive: make restore-pitr TIME="2026-12-01 10:30"
restore-pitr:
	@test -n "$(TIME)" || { echo 'usage: make restore-pitr TIME="2026-12-01 10:30"  (Tucumán time; docs/operations.md, Backups)'; exit 2; }
	docker compose stop api worker pitr backup postgres
	docker compose run --rm --no-deps -T --user postgres postgres restore-pitr.sh "$(TIME)"
	docker compose up -d postgres
	@echo "restore-pitr: PostgreSQL replays the archive up to $(TIME); waiting for it to open for writing"
	@i=0; until docker compose exec -T postgres psql -U gym -d gym -XAtq -c 'select not pg_is_in_recovery()' 2>/dev/null | grep -q t; do \
	  i=$$((i + 1)); [ $$i -lt 300 ] || { echo "restore-pitr: not open after 10 minutes: make logs SERVICE=postgres"; exit 1; }; sleep 2; done
	docker compose up -d
	docker compose exec -T pitr pgbackrest --type=full backup

## The code checked out now, in production: a dump, PostgreSQL's major when it changed, the new images, migrations, restart,
## readiness; on failure, how to roll back
upgrade:
	sh scripts/ops/upgrade.sh

## PostgreSQL 16 -> 17 (make upgrade runs it when needed): dump, the old files kept in a volume, restore, every table's rows compared
pg-upgrade:
	sh scripts/ops/pg-upgrade.sh

## The production compose booted and operated for real in a scratch copy (Docker needed; ~7 min with cached images):
## first deploy, restarts, backups, restore-pitr, scaling, monitoring, the upgrade from .ci/previous-release
test-compose:
	bash scripts/ci/test-compose.sh

## Local stand-ins for the base images where no registry can be reached (debootstrap, npm): CI's compose stage
stand-ins:
	bash scripts/ci/stand-in-images.sh

## Prometheus' config and rules, the alerts' unit tests and Alertmanager's config (promtool, amtool: CI installs them)
check-monitoring:
	bash monitoring/check.sh

## Staff recovery (the CLI lives in backend/src/cli.ts): make staff-reset-password EMAIL=…, make staff-disable EMAIL=…
staff-reset-password:
	docker compose exec api node backend/dist/cli.js staff:reset-password "$(EMAIL)"

staff-disable:
	docker compose exec api node backend/dist/cli.js staff:disable "$(EMAIL)"

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
