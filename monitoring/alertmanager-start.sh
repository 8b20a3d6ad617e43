#!/bin/sh
# Renders alertmanager.yml.tmpl with the ALERT_* variables, then runs Alertmanager on it
# (--render-only: only writes the file; monitoring/check.sh validates it so with amtool).
set -eu
template="${AM_TEMPLATE:-/etc/alertmanager/alertmanager.yml.tmpl}"
config="${AM_CONFIG:-/alertmanager/alertmanager.yml}"
for name in ALERT_EMAIL_TO ALERT_SMTP_HOST ALERT_SMTP_FROM; do
  eval "value=\${$name:-}"
  [ -n "$value" ] || { echo "alertmanager: set $name (docs/operations.md, Monitoring)" >&2; exit 1; }
done
awk '{
  while (match($0, /\$\{[A-Z_]+\}/)) {
    name = substr($0, RSTART + 2, RLENGTH - 3)
    $0 = substr($0, 1, RSTART - 1) ENVIRON[name] substr($0, RSTART + RLENGTH)
  }
  print
}' "$template" >"$config"
[ "${1:-}" = --render-only ] && exit 0
exec /bin/alertmanager --config.file="$config" --storage.path=/alertmanager "$@"
