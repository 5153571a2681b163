#!/usr/bin/env bash
# What the test suite needs beyond node_modules: Debian's Chromium and a PostgreSQL server.
set -euo pipefail
if [ -z "${CHROMIUM_PATH:-}" ] && ! command -v chromium >/dev/null 2>&1; then
  echo "Installing Chromium from apt…"
  if [ "$(id -u)" = "0" ]; then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  else
    sudo apt-get update -qq && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  fi
fi
url="${TEST_DATABASE_URL:-postgresql://postgres@127.0.0.1:5432/postgres}"
if ! node -e "const c=new (require('pg').Client)({connectionString:process.argv[1]});c.connect().then(()=>c.end()).catch(()=>process.exit(1))" "$url" 2>/dev/null; then
  echo "Starting the local PostgreSQL cluster…"
  if command -v pg_ctlcluster >/dev/null 2>&1; then
    for v in $(ls /etc/postgresql 2>/dev/null); do pg_ctlcluster --skip-systemctl-redirect "$v" main start || true; done
  fi
  for _ in $(seq 1 30); do
    node -e "const c=new (require('pg').Client)({connectionString:process.argv[1]});c.connect().then(()=>c.end()).catch(()=>process.exit(1))" "$url" 2>/dev/null && break
    sleep 1
  done
fi
