#!/usr/bin/env bash
# `nginx -t` of the production nginx/nginx.conf with TLS: a throwaway certificate stands in for
# TLS_CERT_DIR. nginx older than 1.27.3 (Debian 12 has 1.22) has no `resolve` on an upstream server
# and cannot resolve the compose name `api` here: only that one line is pointed at loopback then.
# Before 1.25.1 HTTP/2 is turned on in the listen line, not by the `http2` directive.
set -euo pipefail
cd "$(dirname "$0")/.."
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
openssl req -x509 -newkey rsa:2048 -nodes -days 1 -subj /CN=localhost \
  -keyout "$work/privkey.pem" -out "$work/fullchain.pem" 2>/dev/null
version="$(nginx -v 2>&1 | sed -E 's/.*nginx\/([0-9.]+).*/\1/')"
conf="$(sed -e "s#/etc/nginx/tls/#$work/#g" nginx/nginx.conf)"
if [ "$(printf '%s\n1.27.3\n' "$version" | sort -V | head -n1)" != 1.27.3 ]; then
  echo "nginx $version: checking with the upstream line at loopback (no 'resolve' before 1.27.3)"
  conf="$(sed -e 's/server api:8080 resolve; # e2e: upstream/server 127.0.0.1:8080;/' <<<"$conf")"
fi
grep -q 'listen 8443 ssl;' <<<"$conf"
grep -q "ssl_certificate $work/fullchain.pem;" <<<"$conf"
if [ "$(printf '%s\n1.25.1\n' "$version" | sort -V | head -n1)" != 1.25.1 ]; then
  echo "nginx $version: HTTP/2 on the listen line (no 'http2' directive before 1.25.1)"
  conf="$(sed -e 's/listen 8443 ssl; # e2e: listen/listen 8443 ssl http2;/' -e 's/http2 on; # e2e: http2//' <<<"$conf")"
fi
printf '%s\n' "$conf" >"$work/nginx.conf"
nginx -t -c "$work/nginx.conf" -p "$work"
