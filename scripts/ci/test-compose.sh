#!/usr/bin/env bash
# make test-compose: the production stack (`make up`) built, booted and operated as an operator would,
# on a machine with Docker. A scratch copy of the tree gets a .env with generated secrets (with + / =
# in the passwords) and `make cert`; then every check below runs against it, each printed as ok or
# FAIL (with what it saw), and the script exits 1 on any miss. Where no registry can be reached, the
# base images are local stand-ins (scripts/ci/stand-in-images.sh, cached between runs).
# Settings: COMPOSE_TEST_KEEP=1 leaves the stacks up, COMPOSE_TEST_RESULTS=FILE gets "passed failed".
set -uo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
# The classic builder uses the local images without asking a registry (BuildKit would, for the stand-ins),
# and one build at a time lets the API, migrate, backup and db targets reuse each other's layers.
export DOCKER_BUILDKIT=0 COMPOSE_PARALLEL_LIMIT=1
http_port=28080 https_port=28443 prev_http_port=28081 prev_https_port=28444
work="$(mktemp -d /tmp/gym-compose.XXXXXX)"
# The folders' names are the compose projects' (gymci_pgdata, …).
main="$work/gymci" prev="$work/gymciprev"
passed=0 failed=0 started=$SECONDS

say() { printf '\n== %s (%d s)\n' "$1" $((SECONDS - started)); }
# check "what is proven" command…: ok or FAIL with the command's output.
check() {
  local what="$1" out
  shift
  if out="$("$@" 2>&1)"; then
    passed=$((passed + 1))
    printf '  ok    %s\n' "$what"
  else
    failed=$((failed + 1))
    printf '  FAIL  %s\n' "$what"
    printf '%s\n' "$out" | tail -n 15 | sed 's/^/        /'
  fi
}
# until_ok SECONDS command…: the command retried every 2 s until it succeeds or the time is up.
until_ok() {
  local limit=$((SECONDS + $1))
  shift
  until "$@"; do
    [ $SECONDS -lt $limit ] || return 1
    sleep 2
  done
}

dc() { (cd "$main" && docker compose "$@"); }
dcp() { (cd "$prev" && docker compose "$@"); }
sql() { dc exec -T postgres psql -U gym -d gym -XAtq -c "$1"; }
api() { # api METHOD PATH [JSON]: through nginx, as the signed-in owner
  curl -sk --max-time 20 -b "$work/cookies" -c "$work/cookies" -X "$1" -H 'content-type: application/json' \
    ${3:+--data "$3"} "https://localhost:${port:-$https_port}$2"
}

# Whatever an earlier run of these two projects left (a run stopped half-way, COMPOSE_TEST_KEEP=1):
# containers, networks and volumes, the old database pg-upgrade keeps beside compose's included.
forget_projects() {
  local project
  for project in gymci gymciprev; do
    docker ps -aq --filter "label=com.docker.compose.project=$project" | xargs -r docker rm -f >/dev/null 2>&1
    docker network ls -q --filter "label=com.docker.compose.project=$project" | xargs -r docker network rm >/dev/null 2>&1
    docker volume ls -q --filter "label=com.docker.compose.project=$project" | xargs -r docker volume rm >/dev/null 2>&1
    docker volume rm "${project}_pgdata16" >/dev/null 2>&1
  done
  true
}
cleanup() {
  if [ "${COMPOSE_TEST_KEEP:-}" = 1 ]; then echo "test-compose: left running in $work"; return; fi
  forget_projects
  rm -rf "$work"
}
forget_projects
trap cleanup EXIT

# The tree as it is (uncommitted changes included), without what the host built or installed.
copy_tree() {
  mkdir -p "$2"
  (cd "$1" && git ls-files -co --exclude-standard -z | xargs -0 tar -cf - 2>/dev/null) | tar -xf - -C "$2"
}
write_env() { # write_env DIR HTTP HTTPS: .env.example filled as docs/operations.md's first deploy says
  local secret
  secret() { printf '%s+/=' "$(openssl rand -base64 33)"; }
  sed -e "s#^POSTGRES_PASSWORD=.*#POSTGRES_PASSWORD=$db_password#" -e "s#^STAFF_CODE=.*#STAFF_CODE=ci2026abc#" \
    -e "s#^ADMIN_EMAIL=.*#ADMIN_EMAIL=duenia@gym.test#" -e "s#^ADMIN_PASSWORD=.*#ADMIN_PASSWORD=$admin_password#" \
    -e "s#^SMTP_URL=.*#SMTP_URL=smtp://mail.invalid:587#" -e "s#^SITE_URL=.*#SITE_URL=https://localhost:$3#" \
    -e "s#^MEMBER_QR_SECRET=.*#MEMBER_QR_SECRET=$(secret)#" -e "s#^PITR_CIPHER_PASS=.*#PITR_CIPHER_PASS=$pitr_pass#" \
    "$root/.env.example" >"$1/.env"
  cat >>"$1/.env" <<ENV
HTTP_PORT=$2
HTTPS_PORT=$3
ALERT_EMAIL_TO=operador@gym.test
ALERT_SMTP_HOST=mail.invalid:587
ALERT_SMTP_FROM=alertas@gym.test
ENV
}
db_password="$(openssl rand -base64 15)+/="
admin_password="Ci1+/=$(openssl rand -hex 4)"
pitr_pass="$(openssl rand -base64 24)+/="

healthy() { # healthy SERVICE…: each service's containers running and healthy
  local s state
  for s in "$@"; do
    state="$(dc ps --format '{{.State}} {{.Health}}' "$s" 2>/dev/null)"
    [ -n "$state" ] && ! grep -qv '^running healthy$' <<<"$state" || return 1
  done
}
running() { local s; for s in "$@"; do dc ps --format '{{.State}}' "$s" 2>/dev/null | grep -qx running || return 1; done; }
stack_up() { until_ok 240 healthy postgres api worker nginx && until_ok 60 running backup pitr; }
ready() { curl -sk --max-time 5 -o /dev/null -w '%{http_code}' "https://localhost:${port:-$https_port}/readyz" | grep -qx 200; }
sign_in() {
  api POST /v1/user/login "{\"email\": \"duenia@gym.test\", \"password\": \"$admin_password\"}" | grep -q '"user"'
}
payments() { sql "SELECT count(*) FROM membership_payments WHERE note LIKE 'ci %'"; }
pay() { # pay NOTE: a cash payment for the client ci0001, recorded through the API
  api POST /v1/memberships/ci0001/payments "{\"amount\": 7400.5, \"method\": \"efectivo\", \"months\": 1, \"note\": \"ci $1\"}" |
    grep -q '"payment"'
}
has_payment() { [ "$(sql "SELECT count(*) FROM membership_payments WHERE note = 'ci $1'")" = 1 ]; }

# Each check below is a function or a command: check runs it in a subshell that sees them all.
migrate_ok() { dc ps -a --format '{{.State}} {{.ExitCode}}' migrate | grep -qx 'exited 0'; }
on_major() { (cd "$1" && docker compose exec -T postgres psql -U gym -d gym -XAtq -c 'SHOW server_version') | grep -q "^$2\."; }
utf8() { [ "$(sql 'SHOW server_encoding')" = UTF8 ]; }
redirects() { curl -s -o /dev/null -w '%{http_code} %{redirect_url}' "http://localhost:$http_port/tienda" | grep -q '^30[18] https://'; }
foreign_origin_refused() {
  curl -sk -o /dev/null -w '%{http_code}' -H 'Origin: https://malo.example' -H 'content-type: application/json' \
    --data '{"email": "duenia@gym.test", "password": "x"}' "https://localhost:$https_port/v1/user/login" | grep -qx 403
}
no_demo_data() { [ "$(sql 'SELECT (SELECT count(*) FROM products) + (SELECT count(*) FROM clients) + (SELECT count(*) FROM plans)')" = 0 ]; }
# The background jobs run in the worker (RUN_JOBS=false in the api): a run finished there, none in the API,
# whose start-up line says where they went (so an API that never logged cannot pass the second half).
worker_ran_a_job() { dc logs --no-color worker | grep -q '"msg":"job finished"'; }
api_ran_no_job() {
  local logs
  logs="$(dc logs --no-color api)" || return 1
  grep -q '"jobs":"in the worker"' <<<"$logs" || { echo "the API never said its jobs run in the worker"; return 1; }
  ! grep -q '"msg":"job finished"' <<<"$logs" || { grep '"msg":"job finished"' <<<"$logs" | head -n 3; return 1; }
}
worker_healthy_in() { (cd "$1" && docker compose ps --format '{{.State}} {{.Health}}' worker) | grep -qx 'running healthy'; }
metrics_private() { ! dc exec -T nginx wget -q -T 3 -O /dev/null http://api:9464/metrics; }
archive_ok() { [ "$(sql 'SELECT archived_count > 0 AND (last_failed_time IS NULL OR last_archived_time > last_failed_time) FROM pg_stat_archiver')" = t ]; }
archived() { sql 'SELECT pg_switch_wal()' >/dev/null && until_ok 60 archive_ok; }
full_backup() { dc exec -T pitr pgbackrest info | grep -q 'full backup'; }
no_failed_runs() { [ "$(sql 'SELECT count(*) FROM backup_runs WHERE NOT ok')" = 0 ] || { sql 'SELECT kind, error FROM backup_runs WHERE NOT ok'; return 1; }; }
plan_and_client() {
  api POST /v1/agregarplan '{"idPlan": 1, "nombrePlan": "Musculacion", "description": "Sala", "precio": 7400, "cuotaMensual": 7400}' | grep -q idPlan &&
    api POST /v1/agregarusuario '{"idUsuario": "ci0001", "nombre": "Lucía Ñañez", "edad": 30, "correo": "lucia.ci@gym.test", "celular": 3815550001, "plan": 1}' | grep -q ci0001
}
back_with_payment() { until_ok 120 healthy postgres && until_ok 90 ready && has_payment first; }
# At least one dump there (so an unreachable container cannot pass), and none readable by others.
dumps_private() {
  local all open
  all="$(dc exec -T backup find /backups -name 'gym-*' -type f)" || return 1
  open="$(dc exec -T backup find /backups -name 'gym-*' -type f ! -perm 600)" || return 1
  [ -n "$all" ] && [ -z "$open" ] || { echo "dumps: ${all:-none}; not 0600: ${open:-none}"; return 1; }
}
ps_aligned() { # the disk rows of make ps: every value starts in the same column, none blank
  awk '/^Disk use:/ { on = 1; next } on && /^  / && !/the disk the volumes/ {
    if (substr($0, 45, 1) != " " || substr($0, 46, 1) !~ /[^ ]/) { print "misaligned or blank: " $0; bad = 1 } }
    END { exit bad }' <<<"$ps_out"
}
pitr_kept_a() { has_payment A && ! has_payment B && has_payment first; }
three_healthy() { [ "$(dc ps --format '{{.Health}}' api | grep -cx healthy)" = 3 ]; }
targets_up() {
  local targets
  targets="$(curl -s --max-time 5 http://127.0.0.1:9090/api/v1/targets)" || return 1
  ! grep -q '"health":"\(down\|unknown\)"' <<<"$targets" &&
    [ "$(grep -o '"job":"[a-z-]*"' <<<"$targets" | sort -u | wc -l)" -ge 3 ]
}
alert_firing() { curl -s --max-time 5 http://127.0.0.1:9090/api/v1/alerts | grep -o '"alertname":"ApiNoLista".\{0,600\}' | grep -q '"state":"firing"'; }
alert_delivered() { dc exec -T prometheus wget -q -O - http://alertmanager:9093/api/v2/alerts | grep -q ApiNoLista; }
nothing_left() { [ -z "$(dc --profile monitoring ps -a -q)" ]; }
prev_up() { until_ok 240 bash -c "cd '$prev' && ! docker compose ps --format '{{.State}} {{.Health}}' postgres api nginx | grep -qv '^running healthy$'" && on_major "$prev" 16; }
prev_data() { sign_in && plan_and_client && pay before-upgrade; }
counts() {
  (cd "$1" && docker compose exec -T postgres psql -U gym -d gym -XAtq -c "
    SELECT string_agg(format('%s=%s', table_name, (xpath('/row/c/text()', query_to_xml(format('SELECT count(*) AS c FROM %I', table_name), false, true, '')))[1]::text), ' ' ORDER BY table_name)
    FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name NOT LIKE 'knex%'")
}
# Every table keeps at least the rows it had (the upgrade's own dump, sessions and job runs add some);
# the money and the people exactly.
rows_kept() {
  local pair table rows now
  for pair in $before; do
    table="${pair%%=*}" rows="${pair#*=}"
    # Replaced on purpose, its rows moved (as backend/src/upgrade.api.test.ts's REPLACED says):
    # mail_retries into message_outbox by 0040_mail_outbox.
    case "$table" in mail_retries) continue ;; esac
    now="$(grep -o "\b$table=[0-9]*" <<<"$after" | cut -d= -f2)"
    if [ -z "$now" ] || [ "$now" -lt "$rows" ]; then echo "$table: $rows rows before, ${now:-none} after"; return 1; fi
    case "$table" in
      membership_payments | clients | plans | accounts) [ "$now" = "$rows" ] || { echo "$table: $rows before, $now after"; return 1; } ;;
    esac
  done
}
payment_after_upgrade() { rm -f "$work/cookies"; sign_in && api GET /v1/memberships/ci0001 | grep -q 'ci before-upgrade'; }
in_prev() { (cd "$prev" && "$@"); }

say "stand-in base images"
bash "$root/scripts/ci/stand-in-images.sh" || { echo "test-compose: no base images"; exit 1; }

say "first deploy: .env with generated secrets, make cert, make up"
copy_tree "$root" "$main"
write_env "$main" $http_port $https_port
check "make cert" make -s -C "$main" cert
check "make cert: privkey.pem is 0600" test "$(stat -c %a "$main/tls/privkey.pem")" = 600
check "make up" make -s -C "$main" up
check "postgres, api, worker and nginx healthy, backup and pitr running" stack_up
check "the worker ran a background job (\"job finished\" in its logs)" until_ok 60 worker_ran_a_job
check "… and the API ran none (RUN_JOBS=false)" api_ran_no_job
check "migrate exited 0" migrate_ok
check "the database is PostgreSQL 17" on_major "$main" 17
check "… and UTF8 (a client's name with an accent fits its 15 characters)" utf8

say "as a visitor and as the owner"
headers="$(curl -sk -D - -o /dev/null "https://localhost:$https_port/")"
check "HTTPS 200 with the self-signed certificate" grep -q '^HTTP/[0-9.]* 200' <<<"$headers"
for header in strict-transport-security content-security-policy x-content-type-options referrer-policy; do
  check "security header $header" grep -qi "^$header:" <<<"$headers"
done
check "HTTP redirects to HTTPS" redirects
check "/readyz 200" ready
check "the owner signs in" sign_in
check "a sign-in from a foreign origin is refused (403)" foreign_origin_refused
check "no demo data: no product, client or plan" no_demo_data
check "the metrics port is not reachable from nginx's network" metrics_private

say "the point-in-time archive"
check "pitr made the stanza and a full backup (pgbackrest info)" until_ok 120 full_backup
check "WAL archived" archived
check "no false alarm at first boot: no failed backup run recorded" no_failed_runs

say "a payment survives restarts"
check "a plan and a client, through the API" plan_and_client
check "a payment of \$ 7.400,50 recorded" pay first
check "docker compose restart postgres" dc restart postgres
check "… the API ready again, the payment there" back_with_payment
postmaster="$(docker inspect -f '{{.State.Pid}}' "$(dc ps -q postgres)")"
check "kill -9 of the postmaster (pid $postmaster on the host)" kill -9 "$postmaster"
sleep 3
check "… PostgreSQL back by itself (restart policy), crash recovery kept the payment" back_with_payment
check "make down" make -s -C "$main" down
check "make up again" make -s -C "$main" up
check "… healthy, the payment there" back_with_payment

say "dumps and the restore drill"
check "make backup" make -s -C "$main" backup
check "make drill passes right after it" make -s -C "$main" drill
check "dumps are 0600" dumps_private
ps_out="$(make -s -C "$main" ps 2>&1)"
check "make ps: every disk row aligned, none blank" ps_aligned
printf '%s\n' "$ps_out" | sed -n '/^Disk use:/,$p' | sed 's/^/        /'

say "make restore-pitr to a moment between two payments"
check "payment A" pay A
check "… archived" archived
sleep 2
moment="$(TZ=America/Argentina/Tucuman date '+%Y-%m-%d %H:%M:%S')"
sleep 2
check "payment B, after $moment" pay B
check "… archived" archived
check "make restore-pitr TIME=\"$moment\"" make -s -C "$main" restore-pitr TIME="$moment"
check "… payment A kept, payment B gone" pitr_kept_a
check "… the site ready" until_ok 90 ready

say "three API replicas"
check "docker compose up -d --scale api=3" dc up -d --scale api=3 --no-recreate
check "… three healthy" until_ok 120 three_healthy
probe="scale$RANDOM"
# nginx asks Docker's DNS again every 10 s (resolver valid=10s): requests until each replica has served.
all_three_served() {
  local id served=0
  for _ in $(seq 1 15); do curl -sk -o /dev/null "https://localhost:$https_port/v1/obtenerlistadeplanes?probe=$probe"; done
  for id in $(dc ps -q api); do docker logs "$id" 2>&1 | grep -q "probe=$probe" && served=$((served + 1)); done
  echo "$served of 3 replicas served"
  [ "$served" = 3 ]
}
check "… nginx sends requests to all three" until_ok 60 all_three_served
check "docker compose up -d --scale api=1" dc up -d --scale api=1 --no-recreate

say "the monitoring profile"
check "docker compose --profile monitoring up -d" dc --profile monitoring up -d --no-recreate
check "Prometheus' targets up (api, node, prometheus): the metrics port reached on the private network" until_ok 90 targets_up
check "docker compose stop api (the alert's clock starts)" dc stop api
alert_started=$SECONDS

say "make upgrade from the previous release (PostgreSQL 16) to this tree (17)"
previous="$(cat "$root/.ci/previous-release")"
mkdir -p "$prev" && git -C "$root" archive "$previous" | tar -xf - -C "$prev"
write_env "$prev" $prev_http_port $prev_https_port
# That release's database healthcheck went over the socket, which also answers while the image's
# first-boot init server runs (this release checks over TCP): its migrate could start too early and
# fail. What an operator does then, once: wait for PostgreSQL on the network and run make up again.
prev_pg_on_tcp() { (cd "$prev" && docker compose exec -T postgres pg_isready -q -h 127.0.0.1 -U gym -d gym); }
prev_make_up() {
  make -s -C "$prev" cert || return 1
  make -s -C "$prev" up && return 0
  touch "$work/prev-up-retried"
  until_ok 120 prev_pg_on_tcp && make -s -C "$prev" up
}
check "the previous release ($previous): make cert, make up" prev_make_up
[ ! -f "$work/prev-up-retried" ] || echo "        (it took a second make up: that release's first-boot healthcheck race)"
check "… healthy on PostgreSQL 16" prev_up
port=$prev_https_port
rm -f "$work/cookies"
check "… a plan, a client and a payment there" prev_data
before="$(counts "$prev")"
# The operator's `git pull`: this tree over the previous one; their .env, tls, dumps and volumes kept.
in_prev find . -mindepth 1 -maxdepth 1 ! -name .env ! -name tls ! -name backups ! -name acme ! -name .deployed -exec rm -rf {} +
copy_tree "$root" "$prev"
check "make upgrade (a dump, PostgreSQL 16 → 17, the new images, migrations, readiness)" make -s -C "$prev" upgrade
check "… PostgreSQL 17 now" on_major "$prev" 17
check "… the worker, new in this release, healthy" until_ok 120 worker_healthy_in "$prev"
after="$(counts "$prev")"
check "… every row of every table the previous release had is kept" rows_kept
check "… the owner signs in, the payment there" payment_after_upgrade
check "… .deployed written, and ignored by git" bash -c "test -s '$prev/.deployed' && git -C '$root' check-ignore -q .deployed"
unset port

say "the alert"
check "ApiNoLista fires with the API stopped (for: 2m)" until_ok 240 alert_firing
echo "        (firing $((SECONDS - alert_started)) s after the API stopped)"
check "… and reaches Alertmanager" alert_delivered

say "make down stops everything"
check "make down" make -s -C "$main" down
check "… no container of the stack left, monitoring included" nothing_left

say "summary"
echo "test-compose: $passed checks passed, $failed failed, in $((SECONDS - started)) s"
[ -n "${COMPOSE_TEST_RESULTS:-}" ] && echo "$passed $failed" >"$COMPOSE_TEST_RESULTS"
[ "$failed" = 0 ]
