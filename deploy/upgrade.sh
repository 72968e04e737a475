#!/usr/bin/env bash
# Upgrades the back-office to another release, down only for a stop, the migrations and a start
# (docs/operations.md, "Upgrade"):
# the release is checked out, installed and built beside the one that serves, and only then is the service
# stopped, the database migrated by the new release and the new release started; the script waits until it
# answers /readyz and prints how long the service was down.
#
#   deploy/upgrade.sh v1.2.0               # a release tag (or any commit of the repository)
#   deploy/upgrade.sh v1.2.0 --build-only  # the first step alone (each host of several, ahead of the switch)
#
# Run as root. Layout under BACKOFFICE_HOME (/srv/backoffice): repo/ a clone of the repository, releases/<ref>/
# one worktree per release, current -> the release that serves (the unit's WorkingDirectory).
# Settings: BACKOFFICE_SERVICE (membership-backoffice), BACKOFFICE_USER (backoffice: runs the migration),
# BACKOFFICE_ENV (/etc/backoffice/backoffice.env), READY_URL (http://127.0.0.1:3000/readyz),
# READY_SECONDS (300), SYSTEMCTL (systemctl).
set -euo pipefail

ref="${1:?usage: deploy/upgrade.sh <release tag or commit> [--build-only]}"
home="${BACKOFFICE_HOME:-/srv/backoffice}"
service="${BACKOFFICE_SERVICE:-membership-backoffice}"
user="${BACKOFFICE_USER:-backoffice}"
env_file="${BACKOFFICE_ENV:-/etc/backoffice/backoffice.env}"
ready_url="${READY_URL:-http://127.0.0.1:3000/readyz}"
ready_seconds="${READY_SECONDS:-300}"
systemctl="${SYSTEMCTL:-systemctl}"
release="$home/releases/$ref"
previous="$(readlink -f "$home/current")"

built() {
  for file in apps/api/dist/server.js apps/api/dist/migrate.js apps/web/dist/index.html; do
    [ -f "$release/$file" ] || return 1
  done
}
if built; then
  echo "== $ref is already installed and built in $release"
else
  echo "== installing and building $ref in $release while $previous serves"
  git -C "$home/repo" fetch --quiet --tags origin
  [ -d "$release" ] || git -C "$home/repo" worktree add --quiet --detach "$release" "$ref"
  (cd "$release" && npm ci --no-audit --no-fund) # npm ci builds the web app and the API (prepare)
  built || { echo "$ref was not built in $release: nothing stopped" >&2; exit 1; }
fi
[ "${2:-}" = --build-only ] && exit 0

# The service's settings, read as systemd reads them (NAME=value, no expansion), for the migration.
while IFS= read -r line; do
  [[ "$line" =~ ^[A-Za-z_][A-Za-z0-9_]*= ]] && export "${line?}"
done < "$env_file"
migrate() {
  if [ "$(id -u)" = 0 ] && [ "$user" != root ]; then runuser -u "$user" -- node apps/api/dist/migrate.js
  else node apps/api/dist/migrate.js; fi
}

echo "== stopping $service ($previous)"
down_at="$(date +%s%N)"
down_ms() { echo $(( ($(date +%s%N) - down_at) / 1000000 )); }
"$systemctl" stop "$service"

echo "== migrating the database with $ref ($(down_ms) ms after the stop began)"
if ! (cd "$release" && migrate); then
  echo "== the migration failed and left the database as it was: starting $previous again" >&2
  "$systemctl" start "$service"
  exit 1
fi

echo "== starting $ref ($(down_ms) ms after the stop began)"
ln -sfn "$release" "$home/current.next"
mv -T "$home/current.next" "$home/current"
"$systemctl" start "$service"
until curl -fs -o /dev/null --max-time 2 "$ready_url"; do
  if (( ($(date +%s%N) - down_at) / 1000000000 >= ready_seconds )); then
    echo "== $ref is not ready after $ready_seconds s: see journalctl -u $service. Going back to $previous" \
      "(ln -sfn $previous $home/current, then $systemctl restart $service) keeps this release's migrations." >&2
    exit 1
  fi
  sleep 0.1
done
echo "== $ref serves; the service was down $(down_ms) ms"
