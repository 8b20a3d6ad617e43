#!/usr/bin/env bash
# The monitoring profile's files, checked as Prometheus and Alertmanager would read them (CI runs it;
# needs Debian's prometheus and prometheus-alertmanager packages for promtool and amtool):
# prometheus.yml and the rules it loads, the alerts' unit tests, and the rendered Alertmanager config.
set -euo pipefail
cd "$(dirname "$0")"
promtool check config prometheus.yml
promtool check rules alerts.yml
promtool test rules alerts.test.yml
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
AM_TEMPLATE=alertmanager.yml.tmpl AM_CONFIG="$work/alertmanager.yml" ALERT_EMAIL_TO=duenio@gym.test \
  ALERT_SMTP_HOST=smtp.gym.test:587 ALERT_SMTP_FROM=alertas@gym.test ALERT_SMTP_USER=alertas \
  ALERT_SMTP_PASSWORD="p&s/\$x" sh alertmanager-start.sh --render-only
amtool check-config "$work/alertmanager.yml"
