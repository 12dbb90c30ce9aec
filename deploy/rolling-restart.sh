#!/bin/sh
# Restarts the ShareNearby app processes one at a time (a new release, new settings) while the
# others serve: each one drains and stops, starts, answers /readyz, and is given nginx's
# fail_timeout to come back into rotation before the next one goes. docs/deploy.md.
#   deploy/rolling-restart.sh 3001 3002 3003
set -eu
[ "$#" -gt 0 ] || { echo "usage: $0 PORT [PORT ...]" >&2; exit 2; }
BACK_IN_ROTATION_SECONDS="${BACK_IN_ROTATION_SECONDS:-6}"
for port in "$@"; do
  echo "restarting sharenearby@$port"
  systemctl restart "sharenearby@$port"
  tries=0
  until curl -fsS -o /dev/null "http://127.0.0.1:$port/readyz"; do
    tries=$((tries + 1))
    if [ "$tries" -ge 60 ]; then
      echo "sharenearby@$port is not ready after 60 s: stopping here, the others still serve" >&2
      exit 1
    fi
    sleep 1
  done
  sleep "$BACK_IN_ROTATION_SECONDS"
done
echo "all restarted"
