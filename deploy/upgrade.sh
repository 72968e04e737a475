#!/usr/bin/env bash
# Upgrades the back-office to another release with seconds of downtime (docs/operations.md, "Upgrading"):
# the release is checked out, installed and built beside the one that serves, and only then is the service
# stopped, the database migrated by the new release and the new release started; the script waits until it
# answers /readyz and prints how long the service was down.
#
#   deploy/upgrade.sh v1.2.0        # a release tag (or any commit of the repository)
#
# Run as root. Layout under BACKOFFICE_HOME (/srv/backoffice): repo/ a clone of the repository, releases/<ref>/
# one worktree per release, current -> the release that serves (the unit's WorkingDirectory).
# Settings: BACKOFFICE_SERVICE (membership-backoffice), BACKOFFICE_USER (backoffice: runs the migration),
# BACKOFFICE_ENV (/etc/backoffice/backoffice.env), READY_URL (http://127.0.0.1:3000/readyz),
# READY_SECONDS (300), SYSTEMCTL (systemctl).
set -euo pipefail

ref="${1:?usage: deploy/upgrade.sh <release tag or commit>}"
home="${BACKOFFICE_HOME:-/srv/backoffice}"
service="${BACKOFFICE_SERVICE:-membership-backoffice}"
user="${BACKOFFICE_USER:-backoffice}"
env_file="${BACKOFFICE_ENV:-/etc/backoffice/backoffice.env}"
ready_url="${READY_URL:-http://127.0.0.1:3000/readyz}"
ready_seconds="${READY_SECONDS:-300}"
systemctl="${SYSTEMCTL:-systemctl}"
release="$home/releases/$ref"
previous="$(readlink -f "$home/current")"

echo "== installing and building $ref in $release while $previous serves"
git -C "$home/repo" fetch --quiet --tags origin
[ -d "$release" ] || git -C "$home/repo" worktree add --quiet --detach "$release" "$ref"
(cd "$release" && npm ci --no-audit --no-fund) # npm ci builds the web app and the API (prepare)
for built in apps/api/dist/server.js apps/api/dist/migrate.js apps/web/dist/index.html; do
  [ -f "$release/$built" ] || { echo "$release/$built was not built: nothing stopped" >&2; exit 1; }
done

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
"$systemctl" stop "$service"

echo "== migrating the database with $ref"
if ! (cd "$release" && migrate); then
  echo "== the migration failed and left the database as it was: starting $previous again" >&2
  "$systemctl" start "$service"
  exit 1
fi

echo "== starting $ref"
ln -sfn "$release" "$home/current.next"
mv -T "$home/current.next" "$home/current"
"$systemctl" start "$service"
until curl -fsS -o /dev/null --max-time 2 "$ready_url"; do
  if (( ($(date +%s%N) - down_at) / 1000000000 >= ready_seconds )); then
    echo "== $ref is not ready after $ready_seconds s: see journalctl -u $service. Going back to $previous" \
      "(ln -sfn $previous $home/current, then $systemctl restart $service) keeps this release's migrations." >&2
    exit 1
  fi
  sleep 0.1
done
echo "== $ref serves; the service was down $(( ($(date +%s%N) - down_at) / 1000000 )) ms"
